"""The Solaris computer opponent: a duellist that weighs where to stand by what each side could then fire.

Movement: the candidate end hexes come from the rules' reach (walking, running, jumping; a prone mech's paths
all begin by standing up), each turned to face the nearest enemy when its MP allow. They are first sorted by
how close they leave the mech to the range its weapons like best (blurred by the level's seeded noise); the
level's budget of the best of them are then weighed by the rules' own to-hit numbers: the volley the bot could
fire from there next phase, less the volley the enemy could fire back, less the chance of a fall on the way.
A candidate the rules refuse is never plotted. Weapons: the best volley within the heat budget
(:mod:`rules.rulesets.solaris.bot_fire`). Physical attacks: a kick or a punch when it pays.

The hard level looks further. Both sides plot their moves at once, so it weighs each of its ends against
several the enemy could reach (:mod:`rules.rulesets.solaris.bot_look`): the mean, over them, of what it could
fire there less what the enemy could fire back, weighted by the side each hit strikes, with a kick when they
would stand adjacent. And it keeps its own fire from leaving it at the heat whose to-hit penalty would spoil
the next turn's shots (except in an agreed limit's last turn).

The bot sees the side's view only: the one thing Solaris hides from a player, the enemy's ammunition left, is
replaced by the full bins of its record sheet before the bot looks (:func:`side_view`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from rules.battletech.combat.status import MechStatus, Motion
from rules.battletech.movement.reach import reachable, routes
from rules.battletech.state import GameState
from rules.battletech.units import Unit
from rules.core.dice import Dice
from rules.core.errors import RuleError
from rules.core.hexes import Hex
from rules.core.phases import Json
from rules.core.playback import ReactionWindow
from rules.rulesets.base import Ruleset
from rules.rulesets.bot import level_budget
from rules.rulesets.solaris.bot_fire import (
    SAFE_HEAT, as_phase, best_physical, best_volley, heat_room, hit_chance, room_after,
)
from rules.rulesets.solaris.bot_look import Pose, enemy_poses, exchange, facing_to
from rules.rulesets.solaris.options import agreed

# What a fall costs in expected damage points (its damage, and a turn spent standing up).
FALL_COST = 10.0
# What a move that heats the mech past the safe heat costs: more than any volley is worth.
OVERHEAT_COST = 1000.0
# Per level that looks ahead: the heat its own fire may leave it with at the end of a turn (below the +1 to-hit
# of 8 on the TW heat scale, where the other levels go up to SAFE_HEAT), and how many of the enemy's possible
# ends each of its own is weighed against (:mod:`rules.rulesets.solaris.bot_look`).
LOOK: dict[str, tuple[int, int]] = {"hard": (7, 6)}
# How much of a move's worth is its worst case over the enemy's ends (the rest: their mean).
WORST_SHARE = 0.0


def side_view(state: GameState, side: str) -> GameState:
    """``state`` as ``side``'s player knows it: every enemy bin as full as its record sheet prints it."""
    def known(unit_id: str, status: MechStatus) -> MechStatus:
        if state.unit(unit_id).side == side:
            return status
        return replace(status, ammo=MechStatus.fresh(status.design).ammo)

    return replace(state, mechs={unit_id: known(unit_id, status) for unit_id, status in state.mechs.items()})


@dataclass(frozen=True, slots=True)
class Candidate:
    """A movement order and where the rules' check says it ends."""

    order: Json
    unit: Unit
    motion: Motion
    fall: float  # the chance that a roll on the way fails


class SolarisBot:
    """One side's computer player at ``level`` ("easy", "normal" or "hard")."""

    def __init__(self, ruleset: Ruleset[Any, Any], level: str = "normal") -> None:
        self.ruleset = ruleset
        self.level = level
        self.candidates, self.noise = level_budget(level)
        self.ceiling, self.ahead = LOOK.get(level, (SAFE_HEAT, 0))

    def orders(self, state: GameState, side: str, dice: Dice) -> list[Json]:
        seen = side_view(state, side)
        mine = [unit_id for unit_id in self.ruleset.awaits(seen) if seen.unit(unit_id).side == side]
        return [self._order(seen, unit_id, dice) for unit_id in mine]

    def fallback(self, state: GameState, side: str) -> list[Json]:
        """Stand (up) where it is, hold fire, no physical attack."""
        mine = [unit_id for unit_id in self.ruleset.awaits(state) if state.unit(unit_id).side == side]
        if state.phase != "movement":
            return [{"unit": unit_id} for unit_id in mine]
        return [_stand(state.unit(unit_id)) for unit_id in mine]

    def react(self, state: GameState, window: ReactionWindow, unit: str, dice: Dice) -> Json | None:
        """Solaris opens no reaction window; were one asked, the bot passes."""
        return None

    def _order(self, state: GameState, unit_id: str, dice: Dice) -> Json:
        enemy = _nearest_enemy(state, state.unit(unit_id))
        if state.phase == "movement":
            return self._move(state, unit_id, enemy, dice)
        if enemy is None or unit_id not in state.mechs:
            return {"unit": unit_id}
        if state.phase == "weapons":
            return best_volley(self.ruleset, state, unit_id, enemy.id, self._ceiling(state)).order
        return best_physical(self.ruleset, state, unit_id, enemy.id)

    def _ceiling(self, state: GameState) -> int:
        """The heat the bot's fire may leave it with this turn: its level's, or the safe heat in the last turn
        of an agreed limit (no turn follows whose to-hit numbers the heat would spoil)."""
        limit = agreed(state).turn_limit
        return SAFE_HEAT if limit and state.turn >= limit else self.ceiling

    # ---- movement -----------------------------------------------------------------------------------

    def _move(self, state: GameState, unit_id: str, enemy: Unit | None, dice: Dice) -> Json:
        unit = state.unit(unit_id)
        stand = _stand(unit)
        if enemy is None or unit_id not in state.mechs:
            return stand
        liked = _liked_range(state, unit_id)

        def first_sort(plot: tuple[Hex, Json]) -> float:
            blur = dice.roll(1, 6, "bot.noise").total * self.noise / 6 if self.noise else 0.0
            return abs(plot[0].distance(enemy.hex) - liked) + blur

        # Only the shortlist is checked: a refused plot gives way to the next one. A prone mech weighs only
        # the plots that get it up, unless none does.
        shortlist: list[Candidate] = []
        lying: list[Candidate] = []
        for _end, plot in sorted(self._plots(state, unit, enemy), key=first_sort):
            candidate = self._checked(state, unit, plot)
            if candidate is not None:
                (lying if candidate.unit.prone else shortlist).append(self._faced(state, unit, candidate, enemy))
            if len(shortlist) >= self.candidates:
                break
        shortlist = shortlist or lying[:self.candidates]
        if not shortlist:
            return {**stand, "steps": []}
        if self.ahead and enemy.id in state.mechs:
            poses = enemy_poses(state, enemy, unit.hex, _liked_range(state, enemy.id), self.ahead)
            return max(shortlist, key=lambda candidate: self._ahead(state, candidate, poses)).order
        return max(shortlist, key=lambda candidate: self._worth(state, candidate, enemy)).order

    def _ahead(self, state: GameState, candidate: Candidate, poses: list[Pose]) -> float:
        """Expected damage dealt less taken over the enemy's likely ends, less the fall's cost."""
        me = Pose(candidate.unit, candidate.motion)
        ceiling = self._ceiling(state)
        values = [exchange(state, me, pose, ceiling) - exchange(state, pose, me, SAFE_HEAT) for pose in poses]
        value = (1 - WORST_SHARE) * sum(values) / len(values) + WORST_SHARE * min(values)
        overheat = OVERHEAT_COST if room_after(state.mechs[me.unit.id], me.motion) < 0 else 0.0
        return value - candidate.fall * FALL_COST - overheat

    def _worth(self, state: GameState, candidate: Candidate, enemy: Unit) -> float:
        """Expected damage dealt from the candidate's end next phase, less that taken, less the fall's cost."""
        me = candidate.unit
        units = tuple(me if unit.id == me.id else unit for unit in state.units)
        after = as_phase(replace(state, units=units, motions={**state.motions, me.id: candidate.motion}), "weapons")
        dealt = (best_volley(self.ruleset, after, me.id, enemy.id, self._ceiling(state)).expected
                 if enemy.id in state.mechs else 0.0)
        active = enemy.id in state.mechs and state.mechs[enemy.id].active
        taken = best_volley(self.ruleset, after, enemy.id, me.id).expected if active else 0.0
        # A move whose own heat already passes the safe heat risks a shutdown: only when nothing else remains.
        overheat = OVERHEAT_COST if heat_room(after, me.id) < 0 else 0.0
        return dealt - taken - candidate.fall * FALL_COST - overheat

    def _plots(self, state: GameState, unit: Unit, enemy: Unit) -> list[tuple[Hex, Json]]:
        """Every end the rules' reach offers, each with its plot: standing (up) in place, each walking or
        running route's end, each jump's landing facing the enemy."""
        plots: list[tuple[Hex, Json]] = [(unit.hex, _stand(unit))]
        seen: set[Hex] = {unit.hex}
        for mode in ("walk", "run"):
            for hex_, steps in sorted(routes(state.board, unit, mode).items(), key=lambda item: item[0].label):
                if hex_ not in seen:
                    seen.add(hex_)
                    plots.append((hex_, {"unit": unit.id, "mode": mode, "steps": list(steps)}))
        if unit.jump and not unit.prone:
            for hex_, facing in sorted(reachable(state.board, unit, "jump"), key=lambda key: (key[0].label, key[1])):
                if hex_ != unit.hex and facing == facing_to(hex_, enemy.hex):
                    plots.append((hex_, {"unit": unit.id, "mode": "jump", "to": hex_.label, "facing": facing}))
        return plots

    def _faced(self, state: GameState, unit: Unit, candidate: Candidate, enemy: Unit) -> Candidate:
        """The candidate turned on the spot at its end to face ``enemy``, when the rules allow it."""
        if candidate.order["mode"] == "jump" or candidate.unit.hex == enemy.hex:
            return candidate
        turns = (facing_to(candidate.unit.hex, enemy.hex) - candidate.unit.facing) % 6
        extra = ["R"] * turns if turns <= 3 else ["L"] * (6 - turns)
        if not extra:
            return candidate
        turned = self._checked(state, unit, {**candidate.order, "steps": [*candidate.order["steps"], *extra]})
        return turned or candidate

    def _checked(self, state: GameState, unit: Unit, plot: Json) -> Candidate | None:
        """The plot as the rules' check sees it; None when they refuse it."""
        try:
            path = self.ruleset.check(state, self.ruleset.decode_order(state, plot))["path"]
        except RuleError:
            return None
        end = Hex.parse(path["end"]["hex"])
        last = path["steps"][-1] if path["steps"] else {"elevation": unit.elevation, "prone": unit.prone}
        moved = replace(unit, hex=end, facing=path["end"]["facing"], elevation=last["elevation"], prone=bool(last["prone"]))
        hexes = unit.hex.distance(end) if plot["mode"] == "jump" else sum(step in ("F", "B") for step in plot["steps"])
        rolls = [check for step in path["steps"] for check in step["checks"]] + list(path["checks"])
        stays_up = 1.0
        for roll in rolls:
            stays_up *= hit_chance(roll["target"])
        return Candidate(plot, moved, Motion(path["moved"], hexes), 1 - stays_up)


def _stand(unit: Unit) -> Json:
    """The plot that keeps the mech where it is, standing up first when it is prone."""
    return {"unit": unit.id, "mode": "walk", "steps": ["SU"] if unit.prone else []}


def _nearest_enemy(state: GameState, unit: Unit) -> Unit | None:
    """The closest enemy still in the fight (by label at equal distance, so the choice is repeatable)."""
    enemies = [other for other in state.units if other.side != unit.side
               and not (other.id in state.mechs and state.mechs[other.id].destroyed)]
    return min(enemies, key=lambda other: (unit.hex.distance(other.hex), other.id), default=None)


def _liked_range(state: GameState, unit_id: str) -> float:
    """The distance the mech's weapons like best: the mean of their short ranges (their medium, for a mech
    whose weapons all keep a minimum range)."""
    weapons = [component.weapon for _index, component in state.mechs[unit_id].design.weapons if component.weapon]
    if not weapons:
        return 1.0
    return sum(max(weapon.short, weapon.minimum + 1) for weapon in weapons) / len(weapons)
