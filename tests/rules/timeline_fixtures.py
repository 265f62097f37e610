"""Scenarios for the movement-phase tests: a board, units and orders, answered by the referee command."""

from rules.io.explain import explain


def unit(id, at, facing=0, **fields):
    return {"id": id, "hex": at, "facing": facing, **fields}


def phase(units, orders, initiative=None, mode="pm_by_pm", hexes=None, seed=1, size=(16, 17)):
    """The ``movement_phase`` answer for a scenario."""
    query = {"orders": orders}
    if initiative is not None:
        query["initiative"] = initiative
    scenario = {
        "board": {"size": list(size), "hexes": hexes or {}},
        "units": units,
        "options": {"movement": mode},
        "seed": seed,
        "query": {"movement_phase": query},
    }
    return explain(scenario)


def walk(unit_id, *steps, mode="walk", **extra):
    return {"unit": unit_id, "mode": mode, "steps": list(steps), **extra}


def events(answer, unit_id=None, kind=None):
    """(tick number, event) pairs, optionally only one unit's or one kind's."""
    return [(number, event) for number, tick in enumerate(answer["ticks"], start=1) for event in tick
            if unit_id in (None, event["unit"]) and kind in (None, event["kind"])]


def ticks_of(answer, unit_id, kind="step"):
    return [number for number, _ in events(answer, unit_id, kind)]
