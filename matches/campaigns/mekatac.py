"""A campaign that plays MEKATAC: its mechs are mekas of the text's designs ("DESCRIPCIONES DE MEKAS"), each
pilot fights with the skills won on the D12 after a battle ("HABILIDADES DE LOS PILOTOS"), and its stables
carry MEKATAC factions. The fixture's opening position and the record of a fight that ended in play.

Between fights (house rule: the text is silent, as for BattleTech) a meka keeps the armour it lost until
repaired (`Mech.damage`, points of armour), and its ammunition and cards start fresh.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules.core.dice import Dice
from rules.core.hexes import Hex
from rules.core.state import MatchResult as RulesResult
from rules.rulesets.mekatac.designs import DESIGNS
from rules.rulesets.mekatac.skills import PILOT_SKILLS, learn
from rules.rulesets.mekatac.state import MekaState, new_meka

from matches.models import Match

from .models import LETHAL_WOUNDS, MEKATAC_SKILLS, SIDE_A, SIDE_B, SIDES, Fixture, Mech, Pilot

UNIT_OF_SIDE = {SIDE_A: "A", SIDE_B: "B"}
# The campaign's skill names (the text's words) → the rules' keys: both in the D12 table's order.
SKILL_KEYS = dict(zip(MEKATAC_SKILLS, PILOT_SKILLS, strict=True))
SKILL_OF_KEY = {key: name for name, key in SKILL_KEYS.items()}


def _meka(side: str, fixture: Fixture, pilot: Pilot, mech: Mech) -> Any:
    arena = fixture.arena
    start, facing = (arena.start_a, arena.facing_a) if side == SIDE_A else (arena.start_b, arena.facing_b)
    design = DESIGNS[mech.design]
    meka = new_meka(UNIT_OF_SIDE[side], Hex.parse(start), facing, side, design)
    return replace(meka, armour=max(1, design.armour - mech.damage),
                   skills=tuple(SKILL_KEYS[skill] for skill in pilot.mekatac_skills if skill in SKILL_KEYS))


def meka_fixture_state(fixture: Fixture, options: dict[str, Any]) -> MekaState:
    """Both mekas on the arena's starting hexes with the armour they carry and their pilots' skills."""
    mekas = tuple(_meka(side, fixture, fixture.pilot_of(side), fixture.pilot_of(side).mech) for side in SIDES)
    return MekaState(fixture.arena.rules_board(), mekas, options=options)


def meka_result_lines(state: MekaState, result: RulesResult, carried: dict[str, int]) -> dict[str, dict[str, Any]]:
    """Each side's line of a MEKATAC fight that ended in play: kills (enemy mekas out of the fight), the
    armour lost in this fight (beyond the `carried` damage it started with) as damage, the pilot's wounds, the
    meka destroyed, and the mekas still fighting as victory points (what the text's victory counts)."""
    lines = {}
    for side in SIDES:
        own = [meka for meka in state.units if meka.side == side]
        lines[side] = {
            "kills": sum(1 for meka in state.units if meka.side != side and not meka.in_fight),
            "damage_taken": sum(max(0, max(1, meka.design.armour - carried.get(side, 0)) - meka.armour)
                                for meka in own),
            "wounds": min(LETHAL_WOUNDS, max((meka.wounds for meka in own), default=0)),
            "mech_destroyed": any(meka.destroyed for meka in own),
            "victory_points": result.victory_points.get(side, 0),
        }
    return lines


def learn_roll(match: Match, side: str, pilot: Pilot) -> tuple[str | None, tuple[int, ...]]:
    """«Tras una gran batalla, campaña o periodo de entrenamiento un piloto puede conseguir una habilidad al
    azar» (HABILIDADES DE LOS PILOTOS): the rules' 1D12 (`skills.learn`: a skill the pilot holds is rolled
    again) on dice seeded from the match's seed, whose hash was published at its start, and the side, so the
    roll is the same each time the result is applied and can be checked once the seed is revealed. The skill
    learnt (None when the pilot knows all twelve) and every face rolled."""
    dice = Dice(f"{match.seed}:campaign-skill:{side}")
    held = tuple(SKILL_KEYS[skill] for skill in pilot.mekatac_skills if skill in SKILL_KEYS)
    after = learn(held, dice)
    faces = tuple(face for roll in dice.rolls for face in roll.dice)
    return (SKILL_OF_KEY[after[-1]] if len(after) > len(held) else None), faces
