"""A Solaris campaign: stables of pilots and their mechs fighting weekly rounds in named arenas.

The organiser runs it from the admin. Pilots' and stables' resources (experience, money, fame, wounds,
mech damage) are stored and change when a result is applied; a pilot's record (wins, kills, victory
points) is always counted from the applied results (`selectors.py`), so it cannot drift from them.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models

from matches.models import Match, new_seed
from rules.battletech import codec
from rules.core.board import Board
from rules.rulesets.solaris.demo import demo_board
from rules.core.errors import RuleError
from rules.core.hexes import Hex
from rules.rulesets import DEFAULT_RULESET, RULESETS

# Skill ratings run from 0 (best) to 8 (worst), as in Total Warfare.
SKILL_RANGE = [MinValueValidator(0), MaxValueValidator(8)]
SKILLS = ("gunnery", "piloting")
# MEKATAC: "Cada piloto tiene 6 heridas." Total Warfare agrees: the sixth hit kills the MechWarrior.
LETHAL_WOUNDS = 6
SIDE_A, SIDE_B = "a", "b"

# MEKATAC "HABILIDADES DE LOS PILOTOS", rolled on a D12 "tras una gran batalla".
MEKATAC_SKILLS = (
    "Puntería", "Guía", "Agilidad", "Artes marciales", "Katas con armas", "Maniobrabilidad",
    "Tácticas", "Golpe brutal", "Ataque preciso", "Parada", "Artillería", "Mecánico",
)
# MEKATAC "FACCIONES" (plus the freelancers its notes mention).
MEKATAC_FACTIONS = (
    "Federación Colonial", "Imperio Terráqueo", "Alianza de Andrómeda", "Mercenarios Corporativos",
    "Piratas del Borde", "Templarios de la Iglesia de la Humanidad", "Señores de la Guerra independientes",
    "Mundos rebeldes", "Fuerzas de Defensa Planetaria", "Fuerza alienígena de invasión", "Freelancers",
)


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


def _options_problem(ruleset: str, options: Any) -> str | None:
    """What is wrong with a campaign's match options (checked by its ruleset's options schema), or None; the
    options of an unknown ruleset go unchecked (the ruleset itself is refused)."""
    if ruleset not in RULESETS:
        return None
    try:
        RULESETS[ruleset].options.validate(options)
    except RuleError as error:
        return error.message
    return None


class Campaign(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", "Draft"
        RUNNING = "running", "Running"
        FINISHED = "finished", "Finished"

    name = models.CharField(max_length=100, unique=True)
    ruleset = models.CharField(max_length=30, default=DEFAULT_RULESET)
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.DRAFT)
    match_options = models.JSONField(
        default=dict, blank=True, help_text='Options of every match, e.g. {"los": "dead_zone", "movement": "pm_by_pm"}.'
    )
    # The seed of the campaign's own rolls (MEKATAC skills), so every roll can be replayed.
    seed = models.CharField(max_length=64, default=new_seed, editable=False)

    purses = models.JSONField(default=default_purses, help_text="Winner's purse in C-bills by arena class.")
    loser_purse_percent = models.PositiveIntegerField(
        default=25, validators=[MaxValueValidator(100)], help_text="Share of the purse the loser takes home."
    )
    experience_win = models.PositiveIntegerField(default=2)
    experience_draw = models.PositiveIntegerField(default=1)
    experience_loss = models.PositiveIntegerField(default=1)
    experience_per_kill = models.PositiveIntegerField(default=1)
    fame_win = models.PositiveIntegerField(default=2)
    fame_per_kill = models.PositiveIntegerField(default=1)
    skill_costs = models.JSONField(default=default_skill_costs, help_text="Experience per skill level reached.")
    wounds_healed_per_round = models.PositiveIntegerField(
        default=1, help_text="Wounds an injured pilot heals in each round they sit out."
    )
    repair_cost_per_point = models.PositiveIntegerField(default=1_000, help_text="C-bills per point of damage.")
    mekatac_skills = models.BooleanField(
        default=False, help_text="The winner of a fight rolls a D12 on MEKATAC's pilot skill table."
    )

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        errors: dict[str, str] = {}
        if self.ruleset not in RULESETS:
            errors["ruleset"] = f"Unknown ruleset; the rulesets are {', '.join(RULESETS)}."
        options_problem = _options_problem(self.ruleset, self.match_options)
        if options_problem:
            errors["match_options"] = options_problem
        if not isinstance(self.purses, dict) or not all(
            key in {str(n) for n in range(1, 7)} and isinstance(value, int) and value >= 0
            for key, value in self.purses.items()
        ):
            errors["purses"] = 'Purses map arena classes "1" to "6" to whole C-bills, e.g. {"1": 50000}.'
        if not isinstance(self.skill_costs, dict) or set(self.skill_costs) != set(SKILLS) or not all(
            isinstance(table, dict) and all(isinstance(cost, int) and cost > 0 for cost in table.values())
            for table in self.skill_costs.values()
        ):
            errors["skill_costs"] = 'Skill costs give "gunnery" and "piloting" a table {level reached: experience}.'
        if errors:
            raise ValidationError(errors)

    def purse(self, arena_class: int) -> int:
        return int(self.purses.get(str(arena_class), 0))

    def skill_cost(self, skill: str, level: int) -> int | None:
        """Experience to reach `level` in `skill`, or None when the table stops before it."""
        cost = self.skill_costs.get(skill, {}).get(str(level))
        return None if cost is None else int(cost)


class Arena(models.Model):
    """A named arena: its board (the rules' board JSON; empty means the demo board) and starting hexes."""

    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="arenas")
    name = models.CharField(max_length=100)
    arena_class = models.PositiveSmallIntegerField(
        default=1, validators=[MinValueValidator(1), MaxValueValidator(6)],
        help_text="Solaris class 1-6: sets the purse.",
    )
    board = models.JSONField(default=dict, blank=True, help_text='{"width", "height", "hexes"}; empty: the demo board.')
    start_a = models.CharField(max_length=4, default="0816")
    facing_a = models.PositiveSmallIntegerField(default=0, validators=[MaxValueValidator(5)])
    start_b = models.CharField(max_length=4, default="0802")
    facing_b = models.PositiveSmallIntegerField(default=3, validators=[MaxValueValidator(5)])

    class Meta:
        ordering = ["id"]
        constraints = [models.UniqueConstraint(fields=["campaign", "name"], name="one_arena_name_per_campaign")]

    def __str__(self) -> str:
        return f"{self.name} (class {self.arena_class})"

    def rules_board(self) -> Board:
        return codec.board_from_json(self.board) if self.board else demo_board()

    def clean(self) -> None:
        try:
            board = self.rules_board()
        except (RuleError, KeyError, TypeError, ValueError):
            raise ValidationError({"board": "Not a board: give width, height and hexes as the rules' JSON."}) from None
        errors = {}
        for field in ("start_a", "start_b"):
            try:
                board.terrain(Hex.parse(getattr(self, field)))
            except RuleError as error:
                errors[field] = f"Not a hex on this board: {error.message}."
        if self.start_a == self.start_b:
            errors["start_b"] = "The two mechs need different starting hexes."
        if errors:
            raise ValidationError(errors)


class Season(models.Model):
    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="seasons")
    number = models.PositiveIntegerField(default=1)
    name = models.CharField(max_length=100, blank=True)

    class Meta:
        ordering = ["campaign", "number"]
        constraints = [models.UniqueConstraint(fields=["campaign", "number"], name="one_season_number_per_campaign")]

    def __str__(self) -> str:
        return f"{self.campaign} · season {self.number}"


class Round(models.Model):
    class Status(models.TextChoices):
        PLANNED = "planned", "Planned"
        LIVE = "live", "Matches created"
        CLOSED = "closed", "Closed"

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveIntegerField(default=1)
    deadline = models.DateTimeField(null=True, blank=True)
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.PLANNED)

    class Meta:
        ordering = ["season", "number"]
        constraints = [models.UniqueConstraint(fields=["season", "number"], name="one_round_number_per_season")]

    def __str__(self) -> str:
        return f"{self.season} · round {self.number}"

    @property
    def campaign(self) -> Campaign:
        return self.season.campaign


class Stable(models.Model):
    campaign = models.ForeignKey(Campaign, on_delete=models.CASCADE, related_name="stables")
    name = models.CharField(max_length=100)
    faction = models.CharField(
        max_length=60, blank=True, choices=[(name, name) for name in MEKATAC_FACTIONS], help_text="MEKATAC faction."
    )
    money = models.IntegerField(default=0, help_text="C-bills.")
    fame = models.IntegerField(default=0)

    class Meta:
        ordering = ["name"]
        constraints = [models.UniqueConstraint(fields=["campaign", "name"], name="one_stable_name_per_campaign")]

    def __str__(self) -> str:
        return self.name


class Pilot(models.Model):
    class Status(models.TextChoices):
        ACTIVE = "active", "Active"
        INJURED = "injured", "Injured"
        DEAD = "dead", "Dead"
        RETIRED = "retired", "Retired"

    # One foreign key: a pilot belongs to exactly one stable.
    stable = models.ForeignKey(Stable, on_delete=models.PROTECT, related_name="pilots")
    name = models.CharField(max_length=100)
    callsign = models.CharField(max_length=50, blank=True)
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="pilots",
        help_text="The account that plays this pilot's matches.",
    )
    gunnery = models.PositiveSmallIntegerField(default=4, validators=SKILL_RANGE)
    piloting = models.PositiveSmallIntegerField(default=5, validators=SKILL_RANGE)
    experience = models.PositiveIntegerField(default=0)
    wounds = models.PositiveSmallIntegerField(default=0, validators=[MaxValueValidator(LETHAL_WOUNDS)])
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.ACTIVE)
    fame = models.IntegerField(default=0)
    mekatac_skills = models.JSONField(default=list, blank=True, help_text="MEKATAC pilot skills won on the D12.")

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return f'{self.name} "{self.callsign}"' if self.callsign else self.name

    def clean(self) -> None:
        if not isinstance(self.mekatac_skills, list) or not set(self.mekatac_skills) <= set(MEKATAC_SKILLS):
            raise ValidationError({"mekatac_skills": f"A list of MEKATAC skills: {', '.join(MEKATAC_SKILLS)}."})
        if self.status == self.Status.ACTIVE and self.wounds:
            raise ValidationError({"status": "A wounded pilot is injured until the wounds heal."})


class Mech(models.Model):
    stable = models.ForeignKey(Stable, on_delete=models.PROTECT, related_name="mechs")
    design = models.CharField(max_length=100, help_text='e.g. "Wolverine WVR-6R".')
    tons = models.PositiveSmallIntegerField(default=50, validators=[MinValueValidator(20), MaxValueValidator(100)])
    walk = models.PositiveSmallIntegerField(default=4, validators=[MinValueValidator(1)])
    jump = models.PositiveSmallIntegerField(default=0)
    # One-to-one: a mech has at most one pilot and a pilot at most one mech.
    pilot = models.OneToOneField(
        Pilot, on_delete=models.SET_NULL, null=True, blank=True, related_name="mech",
        error_messages={"unique": "This pilot already has a mech: a pilot drives one mech at a time."},
    )
    damage = models.PositiveIntegerField(default=0, help_text="Damage points carried until repaired.")
    destroyed = models.BooleanField(default=False)
    # The rules' mech status after its last fight (armour, structure, criticals), the next match starts from
    # it; empty for a mech as built or repaired.
    condition = models.JSONField(null=True, blank=True, editable=False)

    class Meta:
        ordering = ["design"]

    def __str__(self) -> str:
        return f"{self.design} ({self.stable})"

    def clean(self) -> None:
        if self.pilot is not None and self.pilot.stable_id != self.stable_id:
            raise ValidationError({"pilot": "The pilot must belong to the mech's stable."})

    @property
    def repair_state(self) -> str:
        if self.destroyed:
            return "destroyed"
        return "damaged" if self.damage else "ready"


class Fixture(models.Model):
    """One pairing of a round in an arena; it becomes a live match, and its result is applied once."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="fixtures")
    arena = models.ForeignKey(Arena, on_delete=models.PROTECT, related_name="fixtures")
    pilot_a = models.ForeignKey(Pilot, on_delete=models.PROTECT, related_name="+")
    pilot_b = models.ForeignKey(Pilot, on_delete=models.PROTECT, related_name="+")
    # The mechs fielded, fixed when the match is created (a pilot may change mechs later).
    mech_a = models.ForeignKey(Mech, on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    mech_b = models.ForeignKey(Mech, on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    match = models.OneToOneField(Match, on_delete=models.PROTECT, null=True, blank=True, related_name="fixture")
    # Set when the result is applied: the mark that makes applying it again a no-op.
    applied_at = models.DateTimeField(null=True, blank=True)
    # Why each pilot, stable and mech changed as they did (one line per change).
    report = models.JSONField(default=list, blank=True, editable=False)

    class Meta:
        ordering = ["round", "id"]

    def __str__(self) -> str:
        return f"{self.pilot_a} vs {self.pilot_b}"

    def clean(self) -> None:
        if self.pilot_a_id is None or self.pilot_b_id is None or self.round_id is None:
            return
        if self.pilot_a_id == self.pilot_b_id:
            raise ValidationError({"pilot_b": "A pilot cannot fight themself."})
        campaign_id = self.round.season.campaign_id
        for field in ("pilot_a", "pilot_b"):
            if getattr(self, field).stable.campaign_id != campaign_id:
                raise ValidationError({field: "This pilot is not in the round's campaign."})
        if self.arena_id is not None and self.arena.campaign_id != campaign_id:
            raise ValidationError({"arena": "This arena is not in the round's campaign."})
        taken = Fixture.objects.filter(round_id=self.round_id).exclude(pk=self.pk)
        for field in ("pilot_a", "pilot_b"):
            pilot_id = getattr(self, f"{field}_id")
            if taken.filter(models.Q(pilot_a_id=pilot_id) | models.Q(pilot_b_id=pilot_id)).exists():
                raise ValidationError({field: "This pilot already fights in this round."})

    def pilot_of(self, side: str) -> Pilot:
        return self.pilot_a if side == SIDE_A else self.pilot_b

    def mech_of(self, side: str) -> Mech | None:
        return self.mech_a if side == SIDE_A else self.mech_b


def match_sides(match: Match) -> list[str]:
    """The sides players hold in a match, sorted."""
    return sorted(match.participants.exclude(side="").values_list("side", flat=True))


class MatchResult(models.Model):
    """What a finished match produced: the winner and, per side, kills, damage, wounds and victory points.

    The match core has no result yet (combat is still being built); this is the explicit record the
    campaign applies. A referee can also enter it by hand once the match is finished."""

    match = models.OneToOneField(Match, on_delete=models.CASCADE, related_name="result")
    winner_side = models.CharField(max_length=30, blank=True, help_text="Empty for a draw.")
    recorded_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.match}: {'side ' + self.winner_side if self.winner_side else 'draw'}"

    def clean(self) -> None:
        match: Match | None = getattr(self, "match", None)
        if match is None:
            return
        if match.status != Match.Status.FINISHED:
            raise ValidationError({"match": "Results can only be recorded for a finished match."})
        sides = match_sides(match)
        if self.winner_side and self.winner_side not in sides:
            raise ValidationError({"winner_side": f"The winner must be one of the match's sides: {', '.join(sides)}."})


class SideResult(models.Model):
    result = models.ForeignKey(MatchResult, on_delete=models.CASCADE, related_name="sides")
    side = models.CharField(max_length=30)
    kills = models.PositiveSmallIntegerField(default=0)
    damage_taken = models.PositiveIntegerField(default=0, help_text="Damage points the side's mech carries away.")
    wounds = models.PositiveSmallIntegerField(
        default=0, validators=[MaxValueValidator(LETHAL_WOUNDS)], help_text="Wounds the pilot took."
    )
    mech_destroyed = models.BooleanField(default=False)
    victory_points = models.IntegerField(default=0)
    # The mech's final rules status when the result comes from the match itself; empty when entered by hand.
    condition = models.JSONField(null=True, blank=True, editable=False)

    class Meta:
        ordering = ["side"]
        constraints = [models.UniqueConstraint(fields=["result", "side"], name="one_line_per_side")]

    def __str__(self) -> str:
        return f"side {self.side}"

    def clean(self) -> None:
        match: Match | None = getattr(getattr(self, "result", None), "match", None)
        if match is not None and self.side not in match_sides(match):
            raise ValidationError({"side": f"A side of the match: {', '.join(match_sides(match))}."})
