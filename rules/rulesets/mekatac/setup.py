"""A MEKATAC lobby match ("DESPLIEGUE: Un jugador diseña el scenario. El otro elige que bando quiere jugar."):
the host designs the scenario, one to four shipped mekas a side on the example board; the player who joins
picks the side. Each side deploys in its own half, side a on the south edge facing north and side b on the
north edge facing south, spread evenly along it (the text leaves where to the scenario's designer). Our
transformers (designs.TRANSFORMERS) are offered with the text's 30, marked as needing the option ``transformers``
(the lobby's form says so), and taken only with it agreed ("REGLAS OPCIONALES")."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from rules.core.board import Board
from rules.core.hexes import Hex
from rules.core.phases import Json
from rules.core.errors import RuleError
from rules.rulesets.mekatac.designs import DESIGNS, TRANSFORMERS, shipped
from rules.rulesets.mekatac.state import MekaState, new_meka
from rules.rulesets.setup import designs_by_side, designs_choice, offer, refuse_unoffered

SIDES = ("a", "b")
MOST_MEKAS = 4


def scenario_offer() -> Json:
    needs = dict.fromkeys(TRANSFORMERS, "transformers")
    return offer(SIDES, {"designs": designs_choice([*DESIGNS, *TRANSFORMERS], 1, MOST_MEKAS, needs)},
                 guest_chooses_side=True)


def scenario(example: MekaState, choices: Mapping[str, Any], board: Board | None) -> MekaState:
    """The host's mekas deployed on the example's board (the example itself when the host chose none)."""
    offered = scenario_offer()
    refuse_unoffered("mekatac", offered, choices, board)
    if "designs" not in choices:
        return example
    chosen = designs_by_side(choices["designs"], SIDES, offered["choices"]["designs"])
    for name in (name for names in chosen.values() for name in names):
        if name in TRANSFORMERS and example.options.get("transformers") != "on":
            raise RuleError("design.transformer_off", design=name)
    width, height = example.board.width, example.board.height
    mekas = tuple(
        new_meka(f"{side.upper()}{index + 1}", Hex((index + 1) * width // (len(chosen[side]) + 1), row), facing, side,
                 shipped(name))
        for side, row, facing in (("a", height - 1, 0), ("b", 0, 3))
        for index, name in enumerate(chosen[side])
    )
    return replace(example, units=mekas)
