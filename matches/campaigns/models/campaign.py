"""The campaign, its arenas, seasons and rounds, and the rules that check a campaign's match options."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from matches.errors import MatchError
from matches.lobby import options_checked
from matches.models import new_seed
from rules.core.board import Board, board_from_json
from rules.core.errors import RuleError
from rules.core.hexes import Hex
from rules.rulesets import DEFAULT_RULESET, RULESETS
from rules.rulesets.solaris.demo import demo_board

SKILLS = ("gunnery", "piloting")
# Solaris VII's weight classes, tons from-to: the rule texts here name the arena classes but not their tons,
# so these are the standard ones (the Solaris VII boxed set). Classes 5 and 6 are open to any weight.
WEIGHT_CLASSES = {1: (20, 35), 2: (40, 55), 3: (60, 75), 4: (80, 100)}


# A campaign fields mechs and pilots: it plays Solaris or MEKATAC (the skirmish game has neither).
MEKATAC = "mekatac"
CAMPAIGN_RULESETS = (DEFAULT_RULESET, MEKATAC)


def ruleset_choices() -> list[tuple[str, str]]:
    return [(name, name) for name in RULESETS if name in CAMPAIGN_RULESETS]


def default_purses() -> dict[str, int]:
    """C-bills for the winner of a fight, by Solaris arena class (1 = light mechs … 6 = open class).

    A house table: the rule texts give no purses. The organiser edits it per campaign."""
    return {"1": 50_000, "2": 75_000, "3": 100_000, "4": 150_000, "5": 200_000, "6": 250_000}


def default_skill_costs() -> dict[str, dict[str, int]]:
    """Experience to improve a skill by one level, keyed by the level reached.

    A house table (the rule texts give none): each better level costs more, and gunnery costs more than
    piloting, as in the classic BattleTech experience tables. The organiser edits it per campaign."""
    return {
        "gunnery": {"7": 2, "6": 4, "5": 6, "4": 8, "3": 16, "2": 24, "1": 32, "0": 40},
        "piloting": {"7": 1, "6": 2, "5": 4, "4": 6, "3": 12, "2": 18, "1": 24, "0": 30},
    }


def options_problem(ruleset: str, options: Any) -> str | None:
    """What is wrong with a campaign's match options, naming the option and what it must be, or None.

    The lobby's check is the one every match's options pass (the ruleset's options schema and the match's own
    deadline and spectator delay); this says its verdict in the page's language. The options of an unknown
    ruleset go unchecked (the ruleset itself is refused)."""
    if ruleset not in RULESETS:
        return None
    try:
        options_checked(options, ruleset=ruleset)
    except MatchError as error:
        option, params = error.params.get("option", ""), error.params
        value = options.get(option) if isinstance(options, dict) else None
        if error.code == "options.unknown":
            return gettext("Unknown match option %(names)s; the options are %(known)s.") % {
                "names": ", ".join(sorted(set(options) - set(params.get("known", [])))),
                "known": ", ".join(params.get("known", []))}
        if error.code == "options.invalid" and "values" in params:
            return gettext("The match option %(option)s is one of %(values)s, not %(value)s.") % {
                "option": option, "values": ", ".join(params["values"]), "value": value}
        if error.code == "options.invalid":
            return gettext("The match option %(option)s is a whole number from %(minimum)s to %(maximum)s, not "
                           "%(value)s.") % {"option": option, "minimum": params.get("minimum", 0),
                                            "maximum": params.get("maximum", "…"), "value": value}
        if error.code == "options.two_delays":
            return gettext("Delay spectators by phases (spectator_delay) or by seconds (spectator_delay_seconds), "
                           "not both.")
        return gettext('Match options are a JSON object, e.g. {"los": "dead_zone", "turn_limit": 12}.')
    return None


class Campaign(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", _("Draft")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")

    name = models.CharField(_("name"), max_length=100, unique=True)
    ruleset = models.CharField(_("ruleset"), max_length=30, default=DEFAULT_RULESET, choices=ruleset_choices)
    status = models.CharField(_("status"), max_length=20, choices=Status.choices, default=Status.DRAFT)
    match_options = models.JSONField(
        _("match options"), default=dict, blank=True,
        help_text=_('Options of every match, e.g. {"los": "dead_zone", "movement": "pm_by_pm", "turn_limit": 12, '
                    '"deadline_minutes": 1440}.'),
    )
    # The seed of the campaign's own rolls (MEKATAC skills), so every roll can be replayed.
    seed = models.CharField(_("seed"), max_length=64, default=new_seed, editable=False)
    class Pairing(models.TextChoices):
        STANDING = "standing", _("By standing, no rematch of the previous round")
        SWISS = "swiss", _("Swiss: by standing, no rematch in the campaign, byes shared out")

    pairing = models.CharField(
        _("pairings"), max_length=20, choices=Pairing.choices, default=Pairing.STANDING,
        help_text=_("How 'Generate the pairings' pairs a round (a season's round robin is its own action)."),
    )
    weight_by_arena_class = models.BooleanField(
        _("weight by arena class"), default=False,
        help_text=_("Mechs fight only in arenas of their weight class (class 1: 20-35 t, 2: 40-55 t, 3: 60-75 t, "
                    "4: 80-100 t; 5 and 6 are open): the pairings meet so, and a fixture entered by hand is "
                    "checked."),
    )
    stablemates_apart = models.BooleanField(
        _("stablemates kept apart"), default=True,
        help_text=_("The pairings never set two pilots of one stable against each other."),
    )

    class Rosters(models.TextChoices):
        PUBLIC = "public", _("Everyone sees every stable's roster")
        CAMPAIGN = "campaign", _("The campaign's players see every stable's roster")
        OWN = "own", _("Each player sees only their own stable's roster")

    rosters = models.CharField(
        _("rosters"), max_length=20, choices=Rosters.choices, default=Rosters.PUBLIC,
        help_text=_("Who reads a stable's roster and its pilots' cards (organisers always do; the standings are "
                    "public). A stable's money and its mechs' damage are only ever its own players'."),
    )

    purses = models.JSONField(_("purses"), default=default_purses,
                              help_text=_("Winner's purse in C-bills by arena class."))
    loser_purse_percent = models.PositiveIntegerField(
        _("loser's share (%)"), default=25, validators=[MaxValueValidator(100)],
        help_text=_("Share of the purse the loser takes home."),
    )
    experience_win = models.PositiveIntegerField(_("experience for a win"), default=2)
    experience_draw = models.PositiveIntegerField(_("experience for a draw"), default=1)
    experience_loss = models.PositiveIntegerField(_("experience for a loss"), default=1)
    experience_per_kill = models.PositiveIntegerField(_("experience per kill"), default=1)
    fame_win = models.PositiveIntegerField(_("fame for a win"), default=2)
    fame_per_kill = models.PositiveIntegerField(_("fame per kill"), default=1)
    skill_costs = models.JSONField(_("skill costs"), default=default_skill_costs,
                                   help_text=_("Experience per skill level reached."))
    wounds_healed_per_round = models.PositiveIntegerField(
        _("wounds healed per round"), default=1,
        help_text=_("Wounds an injured pilot heals in each round they sit out."),
    )
    repair_cost_per_point = models.PositiveIntegerField(
        _("repair cost per point"), default=1_000, help_text=_("C-bills per point of damage."),
    )
    mech_price_per_ton = models.PositiveIntegerField(
        _("mech price per ton"), default=20_000,
        help_text=_("C-bills a new mech costs per ton of its design."),
    )
    sale_percent = models.PositiveIntegerField(
        _("sale price (%)"), default=50, validators=[MaxValueValidator(100)],
        help_text=_("Share of its price a mech sells for, less the repairs it needs; a wreck sells at the "
                    "salvage share."),
    )
    salvage_percent = models.PositiveIntegerField(
        _("salvage (%)"), default=0, validators=[MaxValueValidator(100)],
        help_text=_("Share of a destroyed mech's price the winner of its fight salvages (0: no salvage); a "
                    "wreck also sells for it."),
    )
    players_trade = models.BooleanField(
        _("players trade"), default=False,
        help_text=_("A stable's players buy, sell and repair its mechs themselves, from their My stable page."),
    )
    mekatac_skills = models.BooleanField(
        _("MEKATAC skills"), default=False,
        help_text=_("Each pilot who fought a battle rolls a D12 on MEKATAC's pilot skill table after it."),
    )

    class Meta:
        verbose_name = _("campaign")
        verbose_name_plural = _("campaigns")

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        errors: dict[str, str] = {}
        problem = options_problem(self.ruleset, self.match_options)
        if problem:
            errors["match_options"] = problem
        was = Campaign.objects.filter(pk=self.pk).values_list("ruleset", flat=True).first() if self.pk else None
        if was is not None and was != self.ruleset and self.stables.filter(mechs__isnull=False).exists():
            errors["ruleset"] = gettext("A campaign whose mechs are built keeps its ruleset: they are built to its "
                                        "designs.")
        if not isinstance(self.purses, dict) or not all(
            key in {str(n) for n in range(1, 7)} and isinstance(value, int) and value >= 0
            for key, value in self.purses.items()
        ):
            errors["purses"] = gettext('Purses map arena classes "1" to "6" to whole C-bills, e.g. {"1": 50000}.')
        if not isinstance(self.skill_costs, dict) or set(self.skill_costs) != set(SKILLS) or not all(
            isinstance(table, dict) and all(isinstance(cost, int) and cost > 0 for cost in table.values())
            for table in self.skill_costs.values()
        ):
            errors["skill_costs"] = gettext(
                'Skill costs give "gunnery" and "piloting" a table {level reached: experience}.')
        if errors:
            raise ValidationError(errors)

    def purse(self, arena_class: int) -> int:
        return int(self.purses.get(str(arena_class), 0))

    def mech_price(self, tons: int) -> int:
        """A new mech of `tons` (the campaign's price per ton)."""
        return tons * self.mech_price_per_ton

    def skill_cost(self, skill: str, level: int) -> int | None:
        """Experience to reach `level` in `skill`, or None when the table stops before it."""
        cost = self.skill_costs.get(skill, {}).get(str(level))
        return None if cost is None else int(cost)


class Arena(models.Model):
    """A named arena: its board (the rules' board JSON; empty means the demo board) and starting hexes."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="arenas",
                                 verbose_name=_("campaign"))
    name = models.CharField(_("name"), max_length=100)
    arena_class = models.PositiveSmallIntegerField(
        _("arena class"), default=1, validators=[MinValueValidator(1), MaxValueValidator(6)],
        help_text=_("Solaris class 1-6: sets the purse."),
    )
    board = models.JSONField(_("board"), default=dict, blank=True,
                             help_text=_('{"width", "height", "hexes"}; empty: the demo board.'))
    start_a = models.CharField(_("start of side a"), max_length=4, default="0816")
    facing_a = models.PositiveSmallIntegerField(_("facing of side a"), default=0, validators=[MaxValueValidator(5)])
    start_b = models.CharField(_("start of side b"), max_length=4, default="0802")
    facing_b = models.PositiveSmallIntegerField(_("facing of side b"), default=3, validators=[MaxValueValidator(5)])

    class Meta:
        ordering = ["id"]
        verbose_name = _("arena")
        verbose_name_plural = _("arenas")
        constraints = [models.UniqueConstraint(fields=["campaign", "name"], name="one_arena_name_per_campaign")]

    def __str__(self) -> str:
        return gettext("%(name)s (class %(arena_class)s)") % {"name": self.name, "arena_class": self.arena_class}

    def weight_range(self) -> tuple[int, int]:
        """The tons a mech of this arena's class weighs (from-to)."""
        return WEIGHT_CLASSES.get(self.arena_class, (0, 100))

    def fits(self, tons: int) -> bool:
        low, high = self.weight_range()
        return low <= tons <= high

    def weight_problem(self, mech: Any) -> str | None:
        """Why `mech` may not fight in this arena when its campaign matches weights to arena classes, or None."""
        if mech is None or not self.campaign.weight_by_arena_class or self.fits(mech.tons):
            return None
        low, high = self.weight_range()
        return gettext("%(mech)s (%(tons)s t) is not of the class %(class)s of %(arena)s (%(low)s-%(high)s t).") % {
            "mech": mech.design, "tons": mech.tons, "class": self.arena_class, "arena": self.name, "low": low,
            "high": high}

    def rules_board(self) -> Board:
        return board_from_json(self.board) if self.board else demo_board()

    def clean(self) -> None:
        if self.board is None:  # an emptied box: the demo board
            self.board = {}
        try:
            board = self.rules_board()
        except (RuleError, KeyError, TypeError, ValueError, AttributeError):
            raise ValidationError(
                {"board": gettext("Not a board: give width, height and hexes as the rules' JSON.")}) from None
        errors = {}
        for field in ("start_a", "start_b"):
            try:
                board.terrain(Hex.parse(getattr(self, field)))
            except RuleError as error:
                errors[field] = gettext("Not a hex on this board: %(problem)s.") % {"problem": error.message}
        if self.start_a == self.start_b:
            errors["start_b"] = gettext("The two mechs need different starting hexes.")
        if errors:
            raise ValidationError(errors)


class Season(models.Model):
    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="seasons",
                                 verbose_name=_("campaign"))
    number = models.PositiveIntegerField(_("number"), default=1)
    name = models.CharField(_("name"), max_length=100, blank=True)

    class Meta:
        ordering = ["campaign", "number"]
        verbose_name = _("season")
        verbose_name_plural = _("seasons")
        constraints = [models.UniqueConstraint(fields=["campaign", "number"], name="one_season_number_per_campaign")]

    def __str__(self) -> str:
        return gettext("%(campaign)s · season %(number)s") % {"campaign": self.campaign, "number": self.number}


class Round(models.Model):
    class Status(models.TextChoices):
        PLANNED = "planned", _("Planned")
        LIVE = "live", _("Matches created")
        CLOSED = "closed", _("Closed")
        VOIDED = "voided", _("Voided")

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="rounds", verbose_name=_("season"))
    number = models.PositiveIntegerField(_("number"), default=1)
    deadline = models.DateTimeField(
        _("deadline"), null=True, blank=True,
        help_text=_("After it, a fixture still unplayed is overdue: the organiser forfeits it or extends the round."),
    )
    status = models.CharField(_("status"), max_length=20, choices=Status.choices, default=Status.PLANNED)

    class Meta:
        ordering = ["season", "number"]
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        constraints = [models.UniqueConstraint(fields=["season", "number"], name="one_round_number_per_season")]

    def __str__(self) -> str:
        return gettext("%(season)s · round %(number)s") % {"season": self.season, "number": self.number}

    @property
    def campaign(self) -> Campaign:
        return self.season.campaign
