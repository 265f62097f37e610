"""Campaign writes around the matches: a fixture's opening position, a round's live matches, a referee's
result that ends a match, and the result record of a match that ended in play.

Every function checks before it writes and raises `MatchError` (a stable code, a message) when it refuses,
so a refused action changes nothing. Each locks the rows it changes inside `transaction.atomic`. The other
campaign writes: `pairings.py` (who fights whom), `results.py` (what a result changes, rounds closing) and
`upkeep.py` (repairs, skills).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext

from matches.errors import MatchError
from matches.models import Event, Match
from matches.pipeline import Command, Right, Step, is_server, match_create, run_command
from rules.battletech.combat.codec import status_from_json, status_to_json
from rules.battletech.designs.design import Design
from rules.core.errors import RuleError
from rules.battletech.state import GameState, equip
from rules.core.state import MatchResult as RulesResult
from rules.core.state import State
from rules.rulesets.mekatac.state import MekaState
from rules.core.hexes import Hex
from rules.core.reasons import Reason
from rules.battletech.combat.status import MechStatus
from rules.battletech.units import Unit
from rules.rulesets import get_ruleset

from .models import (
    LETHAL_WOUNDS,
    SIDE_A,
    SIDE_B,
    SIDES,
    Arena,
    MEKATAC,
    Campaign,
    Fixture,
    MatchResult,
    Mech,
    Pilot,
    Round,
    SideResult,
    campaign_design,
    match_sides,
)
from .mekatac import meka_fixture_state, meka_result_lines
from .selectors import round_get

UNIT_OF_SIDE = {SIDE_A: "A", SIDE_B: "B"}
RESULT_FIELDS = ("kills", "damage_taken", "wounds", "mech_destroyed", "victory_points")


def round_locked(round_id: int) -> Round:
    return round_get(round_id=round_id, for_update=True)


def pilot_unfit(pilot: Pilot) -> str | None:
    """Why a pilot cannot be paired, or None."""
    mech: Mech | None = getattr(pilot, "mech", None)
    if pilot.status != Pilot.Status.ACTIVE:
        return gettext("%(pilot)s is %(status)s") % {"pilot": pilot, "status": pilot.get_status_display().lower()}
    if mech is None or mech.destroyed:
        return gettext("%(pilot)s has no mech to fight in") % {"pilot": pilot}
    if pilot.player_id is None:
        return gettext("%(pilot)s has no player account") % {"pilot": pilot}
    return None


def _unit(side: str, arena: Arena, pilot: Pilot, mech: Mech) -> Unit:
    start, facing = (arena.start_a, arena.facing_a) if side == SIDE_A else (arena.start_b, arena.facing_b)
    return Unit(
        UNIT_OF_SIDE[side], Hex.parse(start), facing, side=side, name=mech.design, tons=mech.tons, walk=mech.walk,
        jump=mech.jump, piloting=pilot.piloting, gunnery=pilot.gunnery,
    )


def _design(mech: Mech) -> Design | None:
    """The rules' design a campaign mech is built to (shipped or uploaded into its campaign), or None for a
    design neither (such a mech only moves: it has no armour or weapons to fight with)."""
    return campaign_design(mech.stable.campaign_id, mech.design)


def carried_status(mech: Mech, design: Design) -> MechStatus:
    """The mech as it enters a fight: the armour, structure and criticals carried from its last fight.

    The rule texts say nothing between fights (house rule): ammunition is reloaded, the heat sinks cool the
    mech, and the pilot's wounds are the campaign's (a wounded pilot rests), so those start fresh."""
    fresh = MechStatus.fresh(design)
    if not mech.condition:
        return fresh
    carried = status_from_json(mech.condition)
    return replace(
        fresh, armour=carried.armour, rear_armour=carried.rear_armour, internal=carried.internal,
        hit_slots=carried.hit_slots, destroyed_locations=carried.destroyed_locations,
    )


def condition_after(mech: Mech, line: SideResult) -> dict[str, Any] | None:
    """The status a mech carries out of a fight: the match's own final status when the result came from
    play; for a result entered by hand, the damage it names taken off what the mech carried in (house rule:
    the texts say nothing), so a fight charged for repair is also fought in that state."""
    if line.condition is not None:
        return line.condition
    design = _design(mech)
    if not line.damage_taken or design is None:
        return mech.condition
    return status_to_json(damage_spread(carried_status(mech, design), line.damage_taken))


def damage_spread(status: MechStatus, points: int) -> MechStatus:
    """`points` of damage taken one at a time from each location in turn: the front armour first, then the
    rear, then the internal structure down to one point (a hand-entered result destroys nothing; its
    `mech_destroyed` says when the mech is lost)."""
    layers = [dict(status.armour), dict(status.rear_armour), dict(status.internal)]
    floors = [0, 0, 1]
    for layer, floor in zip(layers, floors):
        while points and any(value > floor for value in layer.values()):
            for location in layer:
                if points and layer[location] > floor:
                    layer[location] -= 1
                    points -= 1
    return replace(status, armour=layers[0], rear_armour=layers[1], internal=layers[2])


def fixture_state(fixture: Fixture, campaign: Campaign) -> State:
    """The opening position: both mechs on the arena's starting hexes, with their pilots' gunnery and
    piloting (a MEKATAC campaign's: skills, `mekatac.py`) and the damage each mech carries from earlier fights."""
    # The campaign's options include the match's own (deadline, spectator delay): the rules take theirs.
    schema = get_ruleset(campaign.ruleset).options
    options = schema.validate({name: value for name, value in campaign.match_options.items()
                               if name in schema.names})
    if campaign.ruleset == MEKATAC:
        return meka_fixture_state(fixture, options)
    mechs = {SIDE_A: fixture.pilot_a.mech, SIDE_B: fixture.pilot_b.mech}
    units = tuple(_unit(side, fixture.arena, fixture.pilot_of(side), mechs[side]) for side in SIDES)
    state = GameState(fixture.arena.rules_board(), units, options=options)
    designs = {UNIT_OF_SIDE[side]: design for side in SIDES if (design := _design(mechs[side])) is not None}
    state = equip(state, designs)
    carried = {UNIT_OF_SIDE[side]: carried_status(mechs[side], designs[UNIT_OF_SIDE[side]])
               for side in SIDES if UNIT_OF_SIDE[side] in designs}
    return replace(state, mechs=carried)


def round_create_matches(*, round_id: int) -> list[Match]:
    """Creates the live match of every fixture that has none, with the campaign's ruleset and options."""
    with transaction.atomic():
        round_ = round_locked(round_id)
        campaign = round_.season.campaign
        if round_.status in (Round.Status.CLOSED, Round.Status.VOIDED):
            raise MatchError("round.closed", round=str(round_))
        standing = round_.fixtures.filter(voided_at__isnull=True)
        fixtures = list(
            standing.filter(match__isnull=True).select_related(
                "arena", "pilot_a__mech", "pilot_b__mech", "pilot_a__player", "pilot_b__player"
            )
        )
        if not fixtures and not standing.exists():
            raise MatchError("round.not_paired", round=str(round_))
        booked = [pilot for pair in standing.values_list("pilot_a", "pilot_b") for pilot in pair]
        twice = Pilot.objects.filter(pk__in={pilot for pilot in booked if booked.count(pilot) > 1}).first()
        if twice is not None:
            raise MatchError("round.double_booked", pilot=str(twice), round=str(round_))
        created = []
        for fixture in fixtures:
            players = {}
            for side in SIDES:
                pilot = fixture.pilot_of(side)
                reason, player = pilot_unfit(pilot), pilot.player
                if reason is not None or player is None:
                    raise MatchError("fixture.pilot_unfit", fixture=str(fixture), why=reason)
                players[side] = player
            for mech in (fixture.pilot_a.mech, fixture.pilot_b.mech):
                if (weight := fixture.arena.weight_problem(mech)) is not None:
                    raise MatchError("fixture.weight_class", fixture=str(fixture), why=weight)
            if fixture.pilot_a.player_id == fixture.pilot_b.player_id:
                raise MatchError("fixture.same_player", fixture=str(fixture))
            try:
                state = fixture_state(fixture, campaign)
            except (RuleError, TypeError, KeyError, ValueError):
                raise MatchError("fixture.bad_arena", fixture=str(fixture), arena=str(fixture.arena)) from None
            fixture.match = match_create(
                state=state,
                players=players,
                ruleset=campaign.ruleset,
                title=f"{campaign} R{round_.number}: {fixture} at {fixture.arena.name}",
                options=campaign.match_options,
            )
            fixture.mech_a, fixture.mech_b = fixture.pilot_a.mech, fixture.pilot_b.mech
            fixture.save(update_fields=["match", "mech_a", "mech_b"])
            created.append(fixture.match)
        round_.status = Round.Status.LIVE
        round_.save(update_fields=["status"])
        if campaign.status == Campaign.Status.DRAFT:
            campaign.status = Campaign.Status.RUNNING
            campaign.save(update_fields=["status"])
        return created


def match_finish(*, match_id: int, winner_side: str, sides: dict[str, dict[str, Any]]) -> MatchResult:
    """Ends a match with its result record: the winner ("" for a draw) and each side's line.

    For a referee's decision on a match that did not end in play (matches that do end in play carry their
    own result, which `fixture_apply_result` records). It logs the `finished` event a played end logs, so every
    socket (delayed spectators too) learns that the match is over.
    """
    return run_command(match_id=match_id, user=None, command=Finish(winner_side, sides))


@dataclass(frozen=True)
class Finish(Command[MatchResult]):
    winner_side: str
    sides: dict[str, dict[str, Any]]
    # The campaign admin's action: the organiser is checked there, not as a seat in the match.
    right: ClassVar[Right] = Right(is_server, "result.server_only")

    def apply(self, step: Step) -> MatchResult:
        match = step.match
        if match.status not in (Match.Status.IN_PROGRESS, Match.Status.PAUSED):
            raise MatchError("match.not_in_progress", match=str(match))
        seated = match_sides(match)
        if set(self.sides) != set(seated) or (self.winner_side and self.winner_side not in seated):
            raise MatchError("result.sides", sides=list(seated))
        lines = []
        for side, values in self.sides.items():
            if set(values) - set(RESULT_FIELDS):
                raise MatchError("result.field", side=side, fields=list(RESULT_FIELDS))
            line = SideResult(side=side, **values)
            try:
                line.full_clean(exclude=["result"])
            except ValidationError as error:
                problems = "; ".join(f"{field}: {' '.join(texts)}" for field, texts in error.message_dict.items())
                raise MatchError("result.value", side=side, problems=problems) from None
            lines.append(line)
        decision = RulesResult(
            self.winner_side, Reason("victory.referee_decision"), {line.side: line.victory_points for line in lines},
            match.turn,
        )
        # In the rules state, so the header shows it as it shows a played result.
        ruleset = get_ruleset(match.ruleset)
        match.state = ruleset.state_to_json(replace(ruleset.state_from_json(match.state), result=decision))
        match.status = Match.Status.FINISHED
        # Logged as the state stores it, so the replay puts it back through the ruleset's own codec.
        step.log(Event.Kind.FINISHED, {"result": match.state["result"]})
        result = MatchResult.objects.create(match=match, winner_side=self.winner_side)
        for line in lines:
            line.result = result
            line.save()
        return result


def _points_missing(status: MechStatus) -> int:
    """Armour and internal structure points the mech has lost from its design."""
    design = status.design
    built = sum(design.armour.values()) + sum(design.rear_armour.values()) + sum(design.internal.values())
    return built - sum(status.armour.values()) - sum(status.rear_armour.values()) - sum(status.internal.values())


def match_result_record(fixture: Fixture, match: Match) -> MatchResult:
    """The result record of a match that ended in play, read from the rules state's own result.

    Kills are the enemy mechs destroyed, wounds the pilot hits taken, and the damage the points lost in
    this fight (beyond what the mech carried into it); each line keeps the mech's final status to carry."""
    state = get_ruleset(match.ruleset).state_from_json(match.state)
    if state.result is None:
        raise MatchError("result.missing", fixture=str(fixture))
    result = MatchResult.objects.create(match=match, winner_side=state.result.winner)
    if isinstance(state, MekaState):
        carried = {side: mech.damage for side in SIDES if (mech := fixture.mech_of(side)) is not None}
        for side, values in meka_result_lines(state, state.result, carried).items():
            SideResult.objects.create(result=result, side=side, **values)
        return result
    side_of = {unit.id: unit.side for unit in state.units}
    for side in SIDES:
        status = state.mechs.get(UNIT_OF_SIDE[side])
        mech = fixture.mech_of(side)
        before = _points_missing(carried_status(mech, status.design)) if status and mech else 0
        SideResult.objects.create(
            result=result, side=side,
            kills=sum(1 for unit_id, other in state.mechs.items() if side_of[unit_id] != side and other.destroyed),
            damage_taken=max(0, _points_missing(status) - before) if status else 0,
            wounds=min(LETHAL_WOUNDS, status.pilot_hits) if status else 0,
            mech_destroyed=bool(status and status.destroyed),
            victory_points=state.result.victory_points.get(side, 0),
            condition=status_to_json(status) if status else None,
        )
    return result
