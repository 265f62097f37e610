"""Stored orders: every phase's order encodes to the JSON its decoder reads back unchanged."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from rules.core.errors import MalformedOrder
from rules.core.phases import Json, Order
from rules.rulesets import get_ruleset
from rules.rulesets.solaris.demo import demo_state

RULESET = get_ruleset("solaris")


def phase_order_from_json(phase: str, data: Any) -> Order:
    """The order the ruleset's ``phase`` decodes from ``data`` (orders are dispatched by the state's phase)."""
    return RULESET.decode_order(replace(demo_state(), phase=phase), data)


def phase_order_to_json(phase: str, order: Order) -> Json:
    return RULESET.encode_order(replace(demo_state(), phase=phase), order)

ORDERS = [
    ("movement", {"unit": "A", "mode": "walk", "steps": ["F", "R", "F"]}),
    ("movement", {"unit": "A", "mode": "jump", "to": "0808", "facing": 2}),
    ("weapons", {"unit": "A", "target": "B", "weapons": ["Large Laser", "26"], "twist": -1}),
    ("weapons", {"unit": "A", "target": "", "weapons": [], "twist": 0}),
    ("physical", {"unit": "A", "target": "B", "attack": "kick", "limb": "RL"}),
    ("physical", {"unit": "B", "target": "", "attack": "", "limb": ""}),
]


@pytest.mark.parametrize(("phase", "data"), ORDERS)
def test_an_order_survives_storage(phase: str, data: dict[str, object]) -> None:
    order = phase_order_from_json(phase, data)

    assert phase_order_to_json(phase, order) == data
    assert phase_order_from_json(phase, phase_order_to_json(phase, order)) == order


def test_a_short_weapon_order_is_stored_in_full() -> None:
    """Holding fire may be sent as just the unit; it is stored with its empty target and weapons."""
    stored = phase_order_to_json("weapons", phase_order_from_json("weapons", {"unit": "A"}))

    assert stored == {"unit": "A", "target": "", "weapons": [], "twist": 0}


@pytest.mark.parametrize("phase", ["weapons", "physical"])
def test_a_movement_order_is_not_read_as_an_attack_order(phase: str) -> None:
    """Without this a late movement order in the weapons phase would decode as holding fire."""
    with pytest.raises(MalformedOrder) as error:
        phase_order_from_json(phase, {"unit": "A", "mode": "walk", "steps": ["F"]})

    assert error.value.code == "order.malformed" and "not mode, steps" in error.value.message
