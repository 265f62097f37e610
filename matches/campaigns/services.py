"""Campaign writes: pairings, a round's live matches, results that feed back, rounds, repairs, skills.

Every function checks before it writes and raises `MatchError` (a stable code, a message) when it refuses,
so a refused action changes nothing. Each locks the rows it changes inside `transaction.atomic`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import timedelta
from itertools import combinations
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from matches.errors import MatchError
from matches.models import Event, Match
from matches.selectors import match_get
from matches.services import event_append, events_publish, match_create
from rules.io import codec
from rules.io.combat_codec import result_to_json, status_from_json, status_to_json
from rules.battletech.designs.design import Design, DesignError, shipped_design
from rules.core.dice import Dice
from rules.core.errors import RuleError
from rules.battletech.state import GameState, Options, equip
from rules.core.state import MatchResult as RulesResult
from rules.core.hexes import Hex
from rules.core.reasons import Reason
from rules.battletech.combat.status import MechStatus
from rules.battletech.units import Unit

from .models import (
    LETHAL_WOUNDS,
    MEKATAC_SKILLS,
    SIDE_A,
    SIDE_B,
    SKILLS,
    Arena,
    Campaign,
    Fixture,
    MatchResult,
    Mech,
    Pilot,
    Round,
    SideResult,
    Stable,
    match_sides,
)
from .selectors import campaign_standings

SIDES = (SIDE_A, SIDE_B)
UNIT_OF_SIDE = {SIDE_A: "A", SIDE_B: "B"}
RESULT_FIELDS = ("kills", "damage_taken", "wounds", "mech_destroyed", "victory_points")


def _round_locked(round_id: int) -> Round:
    try:
        return Round.objects.select_for_update(of=("self",)).select_related("season__campaign").get(pk=round_id)
    except Round.DoesNotExist:
        raise MatchError("round.not_found", f"There is no round {round_id}.", status=404) from None


def _previous_round(round_: Round) -> Round | None:
    """The round just before this one in the campaign, across seasons."""
    earlier = Q(season__number__lt=round_.season.number) | Q(season=round_.season, number__lt=round_.number)
    return (
        Round.objects.filter(earlier, season__campaign=round_.season.campaign_id)
        .order_by("-season__number", "-number")
        .first()
    )


def _fit_to_fight(pilot: Pilot) -> str | None:
    """Why a pilot cannot be paired, or None."""
    mech: Mech | None = getattr(pilot, "mech", None)
    if pilot.status != Pilot.Status.ACTIVE:
        return f"{pilot} is {pilot.get_status_display().lower()}"
    if mech is None or mech.destroyed:
        return f"{pilot} has no mech to fight in"
    if pilot.player_id is None:
        return f"{pilot} has no player account"
    return None


def _pairs(pilots: Sequence[Pilot], allowed: Callable[[Pilot, Pilot], bool]) -> list[tuple[Pilot, Pilot]] | None:
    """Pairs everyone, the best placed first with the best placed partner allowed; None if impossible."""
    if not pilots:
        return []
    first, rest = pilots[0], list(pilots[1:])
    for index, other in enumerate(rest):
        if allowed(first, other):
            tail = _pairs(rest[:index] + rest[index + 1:], allowed)
            if tail is not None:
                return [(first, other), *tail]
    return None


def _fewest_sitting_out(
    ranked: Sequence[Pilot], allowed: Callable[[Pilot, Pilot], bool]
) -> list[tuple[Pilot, Pilot]]:
    """The pairing that leaves the fewest pilots out, trying the lowest placed first as the ones left out."""
    for sitting_out in range(len(ranked) % 2, len(ranked) - 1, 2):
        for out in combinations(reversed(ranked), sitting_out):
            pairs = _pairs([pilot for pilot in ranked if pilot not in out], allowed)
            if pairs is not None:
                return pairs
    return []


def round_generate_pairings(*, round_id: int) -> list[Fixture]:
    """Pairs the fit pilots by standing: no rematch of the previous round, each pilot at most once.

    Pilots whose player is the same account are never paired (one account holds one seat). With an odd
    number, or when no complete pairing exists, the fewest possible pilots sit out, the lowest placed first.
    """
    with transaction.atomic():
        round_ = _round_locked(round_id)
        campaign = round_.season.campaign
        if round_.status != Round.Status.PLANNED or round_.fixtures.exists():
            raise MatchError("round.already_paired", f"{round_} already has its pairings.", status=409)
        arenas = list(campaign.arenas.all())
        if not arenas:
            raise MatchError("round.no_arena", f"{campaign} has no arena to fight in.")
        by_id = {
            pilot.pk: pilot
            for pilot in Pilot.objects.filter(stable__campaign=campaign).select_related("mech")
            if _fit_to_fight(pilot) is None
        }
        standings = campaign_standings(campaign_id=campaign.pk)
        ranked = [by_id[row["pilot_id"]] for row in standings if row["pilot_id"] in by_id]
        previous = _previous_round(round_)
        rematches = (
            {frozenset((f.pilot_a_id, f.pilot_b_id)) for f in previous.fixtures.all()} if previous else set()
        )

        def allowed(one: Pilot, other: Pilot) -> bool:
            return one.player_id != other.player_id and frozenset((one.pk, other.pk)) not in rematches

        pairs = _fewest_sitting_out(ranked, allowed)
        if not pairs:
            raise MatchError("round.no_pairing", f"No two fit pilots can be paired in {round_}.", status=409)
        return [
            Fixture.objects.create(
                round=round_, arena=arenas[(index + round_.number - 1) % len(arenas)], pilot_a=one, pilot_b=other
            )
            for index, (one, other) in enumerate(pairs)
        ]


def _unit(side: str, arena: Arena, pilot: Pilot, mech: Mech) -> Unit:
    start, facing = (arena.start_a, arena.facing_a) if side == SIDE_A else (arena.start_b, arena.facing_b)
    return Unit(
        UNIT_OF_SIDE[side], Hex.parse(start), facing, side=side, name=mech.design, tons=mech.tons, walk=mech.walk,
        jump=mech.jump, piloting=pilot.piloting, gunnery=pilot.gunnery,
    )


def _design(mech: Mech) -> Design | None:
    """The rules' design a campaign mech is built to, or None for a design the rules do not ship (such a
    mech only moves: it has no armour or weapons to fight with)."""
    try:
        return shipped_design(mech.design)
    except DesignError:
        return None


def _carried_status(mech: Mech, design: Design) -> MechStatus:
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


def fixture_state(fixture: Fixture, campaign: Campaign) -> GameState:
    """The opening position: both mechs on the arena's starting hexes, with their pilots' gunnery and
    piloting and the damage each mech carries from earlier fights."""
    mechs = {SIDE_A: fixture.pilot_a.mech, SIDE_B: fixture.pilot_b.mech}
    units = tuple(_unit(side, fixture.arena, fixture.pilot_of(side), mechs[side]) for side in SIDES)
    state = GameState(fixture.arena.rules_board(), units, options=Options(**campaign.match_options))
    designs = {UNIT_OF_SIDE[side]: design for side in SIDES if (design := _design(mechs[side])) is not None}
    state = equip(state, designs)
    carried = {UNIT_OF_SIDE[side]: _carried_status(mechs[side], designs[UNIT_OF_SIDE[side]])
               for side in SIDES if UNIT_OF_SIDE[side] in designs}
    return replace(state, mechs=carried)


def round_create_matches(*, round_id: int) -> list[Match]:
    """Creates the live match of every fixture that has none, with the campaign's ruleset and options."""
    with transaction.atomic():
        round_ = _round_locked(round_id)
        campaign = round_.season.campaign
        if round_.status == Round.Status.CLOSED:
            raise MatchError("round.closed", f"{round_} is closed.", status=409)
        fixtures = list(
            round_.fixtures.filter(match__isnull=True).select_related(
                "arena", "pilot_a__mech", "pilot_b__mech", "pilot_a__player", "pilot_b__player"
            )
        )
        if not fixtures and not round_.fixtures.exists():
            raise MatchError("round.not_paired", f"{round_} has no pairings yet.", status=409)
        created = []
        for fixture in fixtures:
            for pilot in (fixture.pilot_a, fixture.pilot_b):
                reason = _fit_to_fight(pilot)
                if reason:
                    raise MatchError("fixture.pilot_unfit", f"{fixture}: {reason}.", status=409)
            if fixture.pilot_a.player_id == fixture.pilot_b.player_id:
                raise MatchError("fixture.same_player", f"{fixture}: one account cannot play both sides.", status=409)
            try:
                state = fixture_state(fixture, campaign)
            except (RuleError, TypeError, KeyError, ValueError):
                raise MatchError(
                    "fixture.bad_arena", f"{fixture}: the arena {fixture.arena} is not playable."
                ) from None
            fixture.match = match_create(
                state_json=codec.state_to_json(state),
                players={SIDE_A: fixture.pilot_a.player, SIDE_B: fixture.pilot_b.player},
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
    with transaction.atomic():
        match = match_get(match_id=match_id, for_update=True)
        if match.status != Match.Status.IN_PROGRESS:
            raise MatchError("match.not_in_progress", f"{match} is not being played.", status=409)
        seated = match_sides(match)
        if set(sides) != set(seated) or (winner_side and winner_side not in seated):
            raise MatchError("result.sides", f"A result names the sides {', '.join(seated)} and no other.")
        lines = []
        for side, values in sides.items():
            if set(values) - set(RESULT_FIELDS):
                raise MatchError("result.field", f"Side {side}: a line has only {', '.join(RESULT_FIELDS)}.")
            line = SideResult(side=side, **values)
            try:
                line.full_clean(exclude=["result"])
            except ValidationError as error:
                problems = "; ".join(f"{field}: {' '.join(texts)}" for field, texts in error.message_dict.items())
                raise MatchError("result.value", f"Side {side}: {problems}") from None
            lines.append(line)
        match.status = Match.Status.FINISHED
        decision = result_to_json(RulesResult(
            winner_side, Reason("victory.referee_decision"), {line.side: line.victory_points for line in lines}, match.turn
        ))
        events = [event_append(match, Event.Kind.FINISHED, {"result": decision})]
        match.state = {**match.state, "result": decision}  # the header shows it as it shows a played result
        match.save(update_fields=["status", "state", "version", "updated_at"])
        result = MatchResult.objects.create(match=match, winner_side=winner_side)
        for line in lines:
            line.result = result
            line.save()
        events_publish(match, events)
        return result


def _points_missing(status: MechStatus) -> int:
    """Armour and internal structure points the mech has lost from its design."""
    design = status.design
    built = sum(design.armour.values()) + sum(design.rear_armour.values()) + sum(design.internal.values())
    return built - sum(status.armour.values()) - sum(status.rear_armour.values()) - sum(status.internal.values())


def _record_from_match(fixture: Fixture, match: Match) -> MatchResult:
    """The result record of a match that ended in play, read from the rules state's own result.

    Kills are the enemy mechs destroyed, wounds the pilot hits taken, and the damage the points lost in
    this fight (beyond what the mech carried into it); each line keeps the mech's final status to carry."""
    state = codec.state_from_json(match.state)
    if state.result is None:
        raise MatchError("result.missing", f"{fixture}: the finished match has no result recorded.", status=409)
    side_of = {unit.id: unit.side for unit in state.units}
    result = MatchResult.objects.create(match=match, winner_side=state.result.winner)
    for side in SIDES:
        status = state.mechs.get(UNIT_OF_SIDE[side])
        mech = fixture.mech_of(side)
        before = _points_missing(_carried_status(mech, status.design)) if status and mech else 0
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


def _feed_back(fixture: Fixture, campaign: Campaign, side: SideResult, winner_side: str) -> list[str]:
    """Applies one side's line to its pilot, stable and mech; returns why each thing changed."""
    pilots = Pilot.objects.select_for_update(of=("self", "stable")).select_related("stable")
    pilot = pilots.get(pk=fixture.pilot_of(side.side).pk)
    stable = pilot.stable
    mech = Mech.objects.select_for_update().get(pk=fixture.mech_of(side.side).pk)
    outcome = "draw" if not winner_side else ("win" if winner_side == side.side else "loss")
    purse = campaign.purse(fixture.arena.arena_class)
    lines = []

    experience = getattr(campaign, f"experience_{outcome}") + campaign.experience_per_kill * side.kills
    fame = (campaign.fame_win if outcome == "win" else 0) + campaign.fame_per_kill * side.kills
    money = purse if outcome == "win" else purse * campaign.loser_purse_percent // 100
    pilot.experience += experience
    pilot.fame += fame
    stable.fame += fame
    stable.money += money
    lines.append(
        f"{pilot}: {outcome}, {side.kills} kill(s), {side.victory_points} VP; +{experience} XP, +{fame} fame "
        f"(campaign awards); {stable} +{money} C-bills (class {fixture.arena.arena_class} purse {purse}"
        + ("" if outcome == "win" else f", {campaign.loser_purse_percent}% when not won") + ")."
    )

    mech.damage += side.damage_taken
    mech.destroyed = mech.destroyed or side.mech_destroyed
    if side.condition is not None:
        mech.condition = side.condition
    if side.damage_taken or side.mech_destroyed:
        lines.append(f"{mech.design}: +{side.damage_taken} damage carried until repaired"
                     + (", destroyed." if mech.destroyed else "."))

    pilot.wounds = min(LETHAL_WOUNDS, pilot.wounds + side.wounds)
    if pilot.wounds >= LETHAL_WOUNDS:
        pilot.status = Pilot.Status.DEAD
        lines.append(
            f"{pilot}: {LETHAL_WOUNDS} wounds, killed (MEKATAC: «Cada piloto tiene 6 heridas»); the mech is free."
        )
    elif side.wounds:
        pilot.status = Pilot.Status.INJURED
        lines.append(f"{pilot}: +{side.wounds} wound(s), now {pilot.wounds}; injured, rests until healed.")

    if campaign.mekatac_skills and outcome == "win" and pilot.status != Pilot.Status.DEAD:
        dice = Dice(f"{campaign.seed}:fixture:{fixture.pk}:{side.side}")
        skill = MEKATAC_SKILLS[dice.roll(1, 12, "MEKATAC pilot skill after a battle (D12)").total - 1]
        if skill in pilot.mekatac_skills:
            lines.append(f"{pilot}: rolled {skill} on the MEKATAC D12, already known: nothing gained.")
        else:
            pilot.mekatac_skills = [*pilot.mekatac_skills, skill]
            lines.append(f"{pilot}: rolled {skill} on the MEKATAC D12 («Tras una gran batalla…»).")

    pilot.save(update_fields=["experience", "fame", "wounds", "status", "mekatac_skills"])
    stable.save(update_fields=["fame", "money"])
    mech.save(update_fields=["damage", "destroyed", "condition"])
    if pilot.status == Pilot.Status.DEAD:
        Mech.objects.filter(pilot=pilot).update(pilot=None)  # whichever mech they drive now
    return lines


def fixture_apply_result(*, fixture_id: int) -> bool:
    """Feeds a finished match's result back into the campaign. True if applied now, False if it was already.

    Idempotent: the fixture row is locked and marked applied in the same transaction, so applying twice
    (even concurrently) changes nothing the second time.
    """
    with transaction.atomic():
        try:
            fixture = (
                Fixture.objects.select_for_update(of=("self",))
                .select_related("round__season__campaign", "arena", "match", "pilot_a", "pilot_b")
                .get(pk=fixture_id)
            )
        except Fixture.DoesNotExist:
            raise MatchError("fixture.not_found", f"There is no fixture {fixture_id}.", status=404) from None
        if fixture.applied_at is not None:
            return False
        match = fixture.match
        if match is None or match.status != Match.Status.FINISHED:
            raise MatchError("result.not_finished", f"{fixture}: results apply only to a finished match.", status=409)
        # A referee's record (entered in the admin, for a match ended by hand) stands; otherwise the
        # match's own result is recorded now.
        result = MatchResult.objects.filter(match=match).first() or _record_from_match(fixture, match)
        lines = {line.side: line for line in result.sides.all()}
        if set(lines) != set(SIDES):
            raise MatchError("result.incomplete", f"{fixture}: the result needs a line for each side.", status=409)
        campaign = fixture.round.season.campaign
        fixture.report = [
            text for side in SIDES for text in _feed_back(fixture, campaign, lines[side], result.winner_side)
        ]
        fixture.applied_at = timezone.now()
        fixture.save(update_fields=["report", "applied_at"])
        return True


def round_apply_results(*, round_id: int) -> dict[str, int]:
    """Applies every finished fixture of a round; counts what was applied, already applied and still waiting
    (for its match to end, or for the referee to record the result of a match ended by hand)."""
    counts = {"applied": 0, "already": 0, "waiting": 0}
    fixtures = Fixture.objects.filter(round_id=round_id).select_related("match__result")
    for fixture in fixtures:
        match = fixture.match
        if fixture.applied_at is not None:
            counts["already"] += 1
        elif (match is None or match.status != Match.Status.FINISHED
              or not (hasattr(match, "result") or match.state.get("result"))):
            counts["waiting"] += 1
        else:
            counts["applied" if fixture_apply_result(fixture_id=fixture.pk) else "already"] += 1
    return counts


def round_advance(*, round_id: int) -> Round:
    """Closes a round whose results are all applied, heals the pilots who sat it out and opens the next.

    Healing (house rule, configurable: the rule texts are silent): each injured pilot who did not fight in
    the round heals `wounds_healed_per_round` wounds, and is active again with none left.
    """
    with transaction.atomic():
        round_ = _round_locked(round_id)
        campaign = round_.season.campaign
        if round_.status != Round.Status.LIVE:
            raise MatchError("round.not_live", f"{round_} has no matches under way to close.", status=409)
        if round_.fixtures.filter(applied_at__isnull=True).exists():
            raise MatchError("round.results_pending", f"{round_} still has results to apply.", status=409)
        fought = {pid for f in round_.fixtures.all() for pid in (f.pilot_a_id, f.pilot_b_id)}
        resting = Pilot.objects.select_for_update().filter(stable__campaign=campaign, status=Pilot.Status.INJURED)
        for pilot in resting.exclude(pk__in=fought):
            pilot.wounds = max(0, pilot.wounds - campaign.wounds_healed_per_round)
            if pilot.wounds == 0:
                pilot.status = Pilot.Status.ACTIVE
            pilot.save(update_fields=["wounds", "status"])
        round_.status = Round.Status.CLOSED
        round_.save(update_fields=["status"])
        return Round.objects.create(
            season=round_.season,
            number=round_.number + 1,
            deadline=round_.deadline + timedelta(weeks=1) if round_.deadline else None,
        )


def mech_repair(*, mech_id: int) -> int:
    """Repairs all of a mech's carried damage at the campaign's price; returns what it cost."""
    with transaction.atomic():
        try:
            mech = Mech.objects.select_for_update(of=("self",)).select_related("stable__campaign").get(pk=mech_id)
        except Mech.DoesNotExist:
            raise MatchError("mech.not_found", f"There is no mech {mech_id}.", status=404) from None
        if mech.destroyed:
            raise MatchError("repair.destroyed", f"{mech} is destroyed: it cannot be repaired.", status=409)
        if not mech.damage:
            raise MatchError("repair.nothing", f"{mech} has no damage to repair.", status=409)
        in_fight = Q(mech_a=mech) | Q(mech_b=mech)
        if Fixture.objects.filter(in_fight, match__isnull=False, applied_at__isnull=True).exists():
            # The fight's result counts the damage beyond what the mech carried into it.
            raise MatchError("repair.in_fight", f"{mech} is fielded in a fight whose result is not applied yet.",
                             status=409)
        stable = Stable.objects.select_for_update().get(pk=mech.stable_id)
        cost = mech.damage * mech.stable.campaign.repair_cost_per_point
        if stable.money < cost:
            raise MatchError(
                "repair.no_money", f"{mech}: repairs cost {cost} C-bills and {stable} has {stable.money}.", status=409
            )
        stable.money -= cost
        mech.damage, mech.condition = 0, None
        stable.save(update_fields=["money"])
        mech.save(update_fields=["damage", "condition"])
        return cost


def pilot_improve_skill(*, pilot_id: int, skill: str) -> int:
    """Spends experience to improve gunnery or piloting by one level (the campaign's cost table)."""
    if skill not in SKILLS:
        raise MatchError("skill.unknown", f"Skills are {', '.join(SKILLS)}.")
    with transaction.atomic():
        try:
            pilot = Pilot.objects.select_for_update(of=("self",)).select_related("stable__campaign").get(pk=pilot_id)
        except Pilot.DoesNotExist:
            raise MatchError("pilot.not_found", f"There is no pilot {pilot_id}.", status=404) from None
        if pilot.status in (Pilot.Status.DEAD, Pilot.Status.RETIRED):
            raise MatchError("skill.pilot_gone", f"{pilot} is {pilot.get_status_display().lower()}.", status=409)
        level = getattr(pilot, skill) - 1
        cost = pilot.stable.campaign.skill_cost(skill, level)
        if level < 0 or cost is None:
            raise MatchError("skill.at_best", f"{pilot}'s {skill} cannot improve further.", status=409)
        if pilot.experience < cost:
            raise MatchError(
                "skill.not_enough_experience",
                f"{pilot} needs {cost} XP for {skill} {level} and has {pilot.experience}.",
                status=409,
            )
        pilot.experience -= cost
        setattr(pilot, skill, level)
        pilot.save(update_fields=["experience", skill])
        return cost
