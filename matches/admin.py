from django.contrib import admin

from .models import Event, Match, Order, Participant


class ParticipantInline(admin.TabularInline):
    model = Participant
    extra = 0


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    """Read-only: a match is created and changed by its commands alone (matches/pipeline.py), so every change
    is logged, versioned and broadcast."""

    list_display = ["id", "title", "ruleset", "status", "turn", "phase", "version", "created_at"]
    list_filter = ["status", "ruleset"]
    inlines = [ParticipantInline]

    def has_add_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False

    def has_change_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False


@admin.register(Order)
class OrderAdmin(admin.ModelAdmin):
    list_display = ["match", "turn", "phase", "unit", "side", "submitted_by", "created_at"]
    list_filter = ["phase"]


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    """Read-only: the log is append-only and written by the services alone."""

    list_display = ["match", "version", "kind", "created_at"]
    list_filter = ["kind"]

    def has_add_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False

    def has_change_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False
