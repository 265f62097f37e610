"""Shared helpers for the combat tests: scripted dice and mechs built from shipped designs."""

from __future__ import annotations

import pytest

from rules.battletech.designs.design import shipped_design
from rules.core.dice import Dice
from rules.core.hexes import Hex
from rules.battletech.combat.status import MechStatus
from rules.battletech.units import Unit


class ScriptedDice(Dice):
    """Dice that return the given faces in order (each die's face listed separately, whatever its sides),
    recorded like real ones."""

    def __init__(self, *faces: int) -> None:
        super().__init__("scripted")
        self.faces = list(faces)

    def _next_die(self, sides: int) -> int:
        if not self.faces:
            raise AssertionError("the test ran out of scripted dice")
        return self.faces.pop(0)


def mech(unit_id: str, label: str, facing: int = 0, design: str = "Hunchback HBK-4G", **fields: object) -> Unit:
    d = shipped_design(design)
    values: dict[str, object] = {"tons": d.tons, "walk": d.walk, "jump": d.jump, "name": d.name, **fields}
    return Unit(unit_id, Hex.parse(label), facing, **values)  # type: ignore[arg-type]


def fresh(design: str = "Hunchback HBK-4G") -> MechStatus:
    return MechStatus.fresh(shipped_design(design))


@pytest.fixture
def scripted():
    return ScriptedDice
