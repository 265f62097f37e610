from django.apps import AppConfig


class MatchesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "matches"
    verbose_name = "Matches"

    def ready(self) -> None:
        from . import api_schema  # noqa: F401  (registers the REST API's schema extensions)
