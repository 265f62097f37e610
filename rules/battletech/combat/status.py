"""A mech's condition during the fight: armour and structure left, critical slots hit, ammunition, heat
and pilot. Frozen like the rest of the state; the damage and heat rules return new statuses."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules.battletech.designs.design import ARMS, LEGS, Component, Design


@dataclass(frozen=True, slots=True)
class MechStatus:
    design: Design
    armour: Mapping[str, int]
    rear_armour: Mapping[str, int]
    internal: Mapping[str, int]
    ammo: Mapping[int, int]  # component index of an ammunition bin → shots left
    hit_slots: frozenset[tuple[str, int]] = frozenset()
    destroyed_locations: frozenset[str] = frozenset()
    flooded: frozenset[str] = frozenset()  # breached underwater (Solaris VII): components count as destroyed
    heat: int = 0
    pilot_hits: int = 0
    conscious: bool = True
    shutdown: bool = False
    destroyed: str = ""  # why the mech is out of the fight; "" while it fights
    surrendered: bool = False
    fired: frozenset[int] = frozenset()  # weapons fired this turn (their heat counts in the heat phase)

    @classmethod
    def fresh(cls, design: Design) -> MechStatus:
        return cls(
            design=design,
            armour=dict(design.armour),
            rear_armour=dict(design.rear_armour),
            internal=dict(design.internal),
            ammo={index: c.shots for index, c in enumerate(design.components) if c.ammo_for},
        )

    def component(self, index: int) -> Component:
        return self.design.components[index]

    @property
    def intact(self) -> bool:
        """No critical hit and no destroyed or flooded location: every component works. The usual case
        early in a fight, answered at once (the rules ask about components many times per phase)."""
        return not (self.hit_slots or self.destroyed_locations or self.flooded)

    def is_destroyed(self, index: int) -> bool:
        """A component is out when its location is destroyed or flooded, or any of its slots took a critical."""
        if self.intact:
            return False
        component = self.design.components[index]
        return (component.location in self.destroyed_locations or component.location in self.flooded
                or any((component.location, slot) in self.hit_slots for slot in component.slots))

    def hits(self, name: str, location: str | None = None) -> int:
        """Critical hits taken by components named ``name`` (engine, gyro, sensors, an actuator...)."""
        if self.intact:
            return 0
        return sum(
            1 for index, c in enumerate(self.design.components)
            if c.name == name and location in (None, c.location) and self.is_destroyed(index)
        )

    def working(self, name: str, location: str) -> bool:
        """The design has this item in ``location`` and it still works."""
        return any(c.name == name and c.location == location and not self.is_destroyed(i)
                   for i, c in enumerate(self.design.components))

    @property
    def engine_hits(self) -> int:
        return self.hits("Engine")

    @property
    def heat_sinks_working(self) -> int:
        lost = self.hits("Heat Sink") + self.hits("Double Heat Sink")
        return max(self.design.heat_sinks - lost, 0)

    @property
    def legs_destroyed(self) -> int:
        return sum(1 for leg in LEGS if leg in self.destroyed_locations)

    @property
    def arms(self) -> tuple[str, ...]:
        return tuple(arm for arm in ARMS if arm not in self.destroyed_locations)

    @property
    def active(self) -> bool:
        """Able to act this turn."""
        return not self.destroyed and not self.surrendered and self.conscious and not self.shutdown


@dataclass(frozen=True, slots=True)
class Motion:
    """How a unit moved this turn, as the movement phase reports it."""

    moved: str = "none"  # "none", "walk", "run", "jump"
    hexes: int = 0
    stuck: bool = False  # stuck in a swamp (Solaris VII)
    climbing: bool = False  # climbing a cliff (Solaris VII, Maximum Tech climbing rules)
