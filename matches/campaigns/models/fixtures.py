"""A round's fixtures, the result records a match leaves, and the log of the organiser's decisions."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator
from django.db import models
from django.db.models.deletion import CASCADE, Collector, ProtectedError
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from matches.models import Match

from .campaign import Arena, Campaign, Round
from .roster import LETHAL_WOUNDS, Mech, Pilot

SIDE_A, SIDE_B = "a", "b"
SIDES = (SIDE_A, SIDE_B)


def protect_played(collector: Collector, field: Any, sub_objs: Any, using: str) -> None:
    """Deleting a round (or its season or campaign) deletes its unplayed fixtures; a fixture whose match
    exists is history and protects it: it is voided, never deleted."""
    played = [fixture for fixture in sub_objs if fixture.match_id is not None]
    if played:
        raise ProtectedError(gettext("A fixture whose match exists is voided, not deleted."), set(played))
    CASCADE(collector, field, sub_objs, using)


def _pairing_problems(fixture: Fixture) -> dict[str, str]:
    """What is wrong with a fixture's pairing on its own and against the other fixtures of its round."""
    if fixture.pilot_a_id is not None and fixture.pilot_a_id == fixture.pilot_b_id:
        return {"pilot_b": gettext("A pilot cannot fight themself.")}
    # On the round's add page its fixtures hold the round not saved yet (no id, no fixtures in the database).
    round_: Round | None = fixture.round if fixture.round_id or Fixture.round.field.is_cached(fixture) else None
    if round_ is None or round_.season_id is None:
        return {}
    campaign_id = round_.season.campaign_id
    problems = {}
    if round_.status in (Round.Status.CLOSED, Round.Status.VOIDED):
        problems["round"] = gettext("This round is closed: it takes no new fixture.")
    for field in ("pilot_a", "pilot_b"):
        pilot = getattr(fixture, field) if getattr(fixture, f"{field}_id") else None
        if pilot is not None and pilot.stable.campaign_id != campaign_id:
            problems[field] = gettext("This pilot is not in the round's campaign.")
    if fixture.arena_id is not None and fixture.arena.campaign_id != campaign_id:
        problems["arena"] = gettext("This arena is not in the round's campaign.")
    elif fixture.arena_id is not None:
        weights = [fixture.arena.weight_problem(getattr(getattr(fixture, field), "mech", None))
                   for field in ("pilot_a", "pilot_b") if getattr(fixture, f"{field}_id")]
        if any(weights):
            problems["arena"] = " ".join(problem for problem in weights if problem)
    if round_.pk is not None:
        taken = Fixture.objects.filter(round_id=round_.pk, voided_at__isnull=True).exclude(pk=fixture.pk)
        for field in ("pilot_a", "pilot_b"):
            pilot_id = getattr(fixture, f"{field}_id")
            if pilot_id and taken.filter(models.Q(pilot_a_id=pilot_id) | models.Q(pilot_b_id=pilot_id)).exists():
                problems.setdefault(field, gettext("This pilot already fights in this round."))
    return problems


class Fixture(models.Model):
    """One pairing of a round in an arena; it becomes a live match, and its result is applied once."""

    round = models.ForeignKey(Round, on_delete=protect_played, related_name="fixtures", verbose_name=_("round"))
    # RESTRICT: a pilot, mech or arena that fought cannot be deleted, unless the whole campaign is.
    arena = models.ForeignKey(Arena, on_delete=models.RESTRICT, related_name="fixtures", verbose_name=_("arena"))
    pilot_a = models.ForeignKey(Pilot, on_delete=models.RESTRICT, related_name="+", verbose_name=_("pilot a"))
    pilot_b = models.ForeignKey(Pilot, on_delete=models.RESTRICT, related_name="+", verbose_name=_("pilot b"))
    # The mechs fielded, fixed when the match is created (a pilot may change mechs later).
    mech_a = models.ForeignKey(Mech, on_delete=models.RESTRICT, null=True, blank=True, related_name="+",
                               verbose_name=_("mech a"))
    mech_b = models.ForeignKey(Mech, on_delete=models.RESTRICT, null=True, blank=True, related_name="+",
                               verbose_name=_("mech b"))
    match = models.OneToOneField(Match, on_delete=models.PROTECT, null=True, blank=True, related_name="fixture",
                                 verbose_name=_("match"))
    # Set when the result is applied: the mark that makes applying it again a no-op, and the record applied
    # (which cannot be deleted while it stands: un-applying releases it).
    applied_at = models.DateTimeField(_("applied at"), null=True, blank=True)
    result = models.OneToOneField("MatchResult", on_delete=models.PROTECT, null=True, blank=True,
                                  related_name="applied_to", verbose_name=_("result applied"))
    # Why each pilot, stable and mech changed as they did (one line per change).
    report = models.JSONField(_("report"), default=list, blank=True, editable=False)
    # What the application changed, by side, so that un-applying gives exactly that back.
    changes = models.JSONField(_("changes"), default=dict, blank=True, editable=False)
    voided_at = models.DateTimeField(_("voided at"), null=True, blank=True, editable=False)

    class Meta:
        ordering = ["round", "id"]
        verbose_name = _("fixture")
        verbose_name_plural = _("fixtures")

    def __str__(self) -> str:
        return gettext("%(a)s vs %(b)s") % {"a": self.pilot_a, "b": self.pilot_b}

    def clean(self) -> None:
        # A fixture whose match exists is history: its pairing is no longer checked (nor editable).
        if self.match_id is None and self.voided_at is None:
            problems = _pairing_problems(self)
            if problems:
                raise ValidationError(problems)

    def pilot_of(self, side: str) -> Pilot:
        return self.pilot_a if side == SIDE_A else self.pilot_b

    def mech_of(self, side: str) -> Mech | None:
        return self.mech_a if side == SIDE_A else self.mech_b


def match_sides(match: Match) -> list[str]:
    """The sides players hold in a match, sorted."""
    return sorted(match.participants.exclude(side="").values_list("side", flat=True))


class MatchResult(models.Model):
    """What a finished match produced: the winner and, per side, kills, damage, wounds and victory points.

    Recorded from the match's own result when it ended in play, or entered by the referee (a declared
    result, a forfeit or a no-show, which also end the match)."""

    class Decision(models.TextChoices):
        PLAYED = "", _("Played")
        DECLARED = "declared", _("Declared by the referee")
        FORFEIT = "forfeit", _("Forfeit")
        NO_SHOW = "no_show", _("No-show")

    match = models.OneToOneField(Match, on_delete=models.CASCADE, related_name="result", verbose_name=_("match"))
    winner_side = models.CharField(_("winner side"), max_length=30, blank=True, help_text=_("Empty for a draw."))
    decision = models.CharField(
        _("decision"), max_length=20, blank=True, choices=Decision.choices, default=Decision.PLAYED,
        help_text=_("A forfeit or a no-show: the side that did not win loses without a fight; after a no-show "
                    "it earns nothing."),
    )
    recorded_at = models.DateTimeField(_("recorded at"), auto_now_add=True)

    class Meta:
        verbose_name = _("match result")
        verbose_name_plural = _("match results")

    def __str__(self) -> str:
        outcome = gettext("side %(side)s") % {"side": self.winner_side} if self.winner_side else gettext("draw")
        return f"{self.match}: {outcome}"

    def clean(self) -> None:
        match: Match | None = getattr(self, "match", None) if self.match_id else None
        if match is None:
            return
        if match.status != Match.Status.FINISHED:
            raise ValidationError({"match": gettext(
                "Results can only be recorded for a finished match; end a live one from its fixture "
                "(declare a result, a forfeit or a no-show).")})
        sides = match_sides(match)
        if self.winner_side and self.winner_side not in sides:
            raise ValidationError({"winner_side": gettext("The winner must be one of the match's sides: %(sides)s.")
                                   % {"sides": ", ".join(sides)}})
        if self.decision in (self.Decision.FORFEIT, self.Decision.NO_SHOW) and not self.winner_side:
            raise ValidationError({"winner_side": gettext("A forfeit or a no-show has a winner.")})


class SideResult(models.Model):
    result = models.ForeignKey(MatchResult, on_delete=models.CASCADE, related_name="sides",
                               verbose_name=_("result"))
    side = models.CharField(_("side"), max_length=30)
    kills = models.PositiveSmallIntegerField(_("kills"), default=0)
    damage_taken = models.PositiveIntegerField(_("damage taken"), default=0,
                                               help_text=_("Damage points the side's mech carries away."))
    wounds = models.PositiveSmallIntegerField(
        _("wounds"), default=0, validators=[MaxValueValidator(LETHAL_WOUNDS)], help_text=_("Wounds the pilot took."),
    )
    mech_destroyed = models.BooleanField(_("mech destroyed"), default=False)
    victory_points = models.IntegerField(_("victory points"), default=0)
    # The mech's final rules status when the result comes from the match itself; empty when entered by hand.
    condition = models.JSONField(_("condition"), null=True, blank=True, editable=False)

    class Meta:
        ordering = ["side"]
        verbose_name = _("side's result")
        verbose_name_plural = _("sides' results")
        constraints = [models.UniqueConstraint(fields=["result", "side"], name="one_line_per_side")]

    def __str__(self) -> str:
        return gettext("side %(side)s") % {"side": self.side}

    def clean(self) -> None:
        match: Match | None = getattr(getattr(self, "result", None), "match", None)
        if match is not None and self.side not in match_sides(match):
            raise ValidationError({"side": gettext("A side of the match: %(sides)s.") % {
                "sides": ", ".join(match_sides(match))}})


class Bye(models.Model):
    """A fit pilot left without an opponent in a round (an odd number, or no pairing allowed)."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="byes", verbose_name=_("round"))
    pilot = models.ForeignKey(Pilot, on_delete=models.CASCADE, related_name="byes", verbose_name=_("pilot"))

    class Meta:
        ordering = ["round", "pilot__name"]
        verbose_name = _("bye")
        verbose_name_plural = _("byes")
        constraints = [models.UniqueConstraint(fields=["round", "pilot"], name="one_bye_per_pilot_and_round")]

    def __str__(self) -> str:
        return gettext("%(pilot)s: bye") % {"pilot": self.pilot}


class CampaignLog(models.Model):
    """One decision of the organiser or referee that changed the campaign's history, with its reason (or a
    purchase, a sale, a MEKATAC skill learnt after a fight: what changed without a decision)."""

    class Action(models.TextChoices):
        UNAPPLIED = "unapplied", _("Result un-applied")
        VOIDED = "voided", _("Fixture voided")
        ROUND_VOIDED = "round_voided", _("Round voided")
        DECLARED = "declared", _("Result declared")
        FORFEIT = "forfeit", _("Forfeit")
        NO_SHOW = "no_show", _("No-show")
        EXTENDED = "extended", _("Deadline extended")
        BOUGHT = "bought", _("Mech bought")
        SOLD = "sold", _("Mech sold")
        SKILL_LEARNT = "skill_learnt", _("Skill learnt")

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="log", verbose_name=_("campaign"))
    round = models.ForeignKey(Round, on_delete=models.SET_NULL, null=True, blank=True, related_name="log",
                              verbose_name=_("round"))
    fixture = models.ForeignKey(Fixture, on_delete=models.SET_NULL, null=True, blank=True, related_name="log",
                                verbose_name=_("fixture"))
    action = models.CharField(_("action"), max_length=20, choices=Action.choices)
    reason = models.TextField(_("reason"))
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                           related_name="+", verbose_name=_("by"))
    at = models.DateTimeField(_("at"), auto_now_add=True)
    # What the decision changed, one line per change.
    lines = models.JSONField(_("what changed"), default=list, blank=True)

    class Meta:
        ordering = ["-at", "-id"]
        verbose_name = _("log entry")
        verbose_name_plural = _("campaign log")

    def __str__(self) -> str:
        return f"{self.get_action_display()}: {self.reason}"
