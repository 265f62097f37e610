"""Skirmish troops on hexes: the hex conversion, silhouettes as levels, the troop profiles and their states.

The table measures in centimetres; Árbitro's board is hexes. One hex is 5 cm (2 inches): every MOV value of
the game is a multiple of 5 cm (10-5, 10-10, 15-5, 15-10), so the conversion never rounds, and a 5 cm hex
holds one troop's base (25 mm to 55 mm), so "in silhouette contact" reads as "in adjacent hexes"
(docs/skirmish.md). Heights are board levels, the same unit as a hex's level and a building's height.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules.core.state import Piece

CM_PER_HEX = 5

# The states a troop can be in (besides Normal, which is having none of the first four).
PRONE = "prone"  # Cuerpo a Tierra
UNCONSCIOUS = "unconscious"  # Inconsciente
DEAD = "dead"  # Muerto
IMMOBILISED = "immobilised"  # Inmovilizado
ENGAGED = "engaged"  # Trabado
IDLE = "idle"  # Inacción: what its last order was (kept until its next order)
POSSESSED = "possessed"  # Poseído: a TAG taken over by a hacker (how is not in our text; only its FAQ cases are)
STATES = (PRONE, UNCONSCIOUS, DEAD, IMMOBILISED, ENGAGED, IDLE, POSSESSED)

# A silhouette attribute's template height in levels; a Prone troop is one level high whatever its template.
SILHOUETTE_LEVELS = {1: 1, 2: 2, 3: 2, 4: 3, 5: 3, 6: 4, 7: 5, 8: 6}
PRONE_LEVELS = 1


def hexes(cm: int) -> int:
    """A table distance in whole hexes (every MOV value of the game divides exactly)."""
    return cm // CM_PER_HEX


@dataclass(frozen=True, slots=True)
class Profile:
    """A troop profile: MOV as two values in hexes (the first and the second Move of an order), Ballistic
    Skill, armour, wounds (structure for a TAG or a vehicle), the silhouette attribute, whether it may
    declare Cautious Movement (a TAG, a vehicle or a bike may not), and whether a troop mounts it (a bike, a
    TAG, a vehicle: 'montar o desmontar de una Moto, TAG, Vehículo')."""

    name: str
    mov: tuple[int, int]
    bs: int
    arm: int
    wounds: int
    silhouette: int
    cautious: bool = True
    mount: bool = False

    @property
    def height(self) -> int:
        return SILHOUETTE_LEVELS[self.silhouette]


PROFILES = {
    profile.name: profile for profile in (
        Profile("infantry", (hexes(10), hexes(5)), bs=12, arm=1, wounds=1, silhouette=2),
        Profile("bike", (hexes(15), hexes(10)), bs=11, arm=2, wounds=1, silhouette=4, cautious=False, mount=True),
        Profile("tag", (hexes(15), hexes(5)), bs=13, arm=6, wounds=3, silhouette=7, cautious=False, mount=True),
        Profile("vehicle", (hexes(15), hexes(10)), bs=12, arm=4, wounds=2, silhouette=6, cautious=False, mount=True),
    )
}


@dataclass(frozen=True, slots=True)
class Troop(Piece):
    """A troop on the board: its side, its profile, the wounds it has left, its states (sorted) and whether it
    is still in hidden deployment (only its own side and the referee know where it is).

    A troop that mounts and dismounts has two profiles (''ambos perfiles''): ``other`` is the one it is not
    using now (its mount's, or its rider's), with the wounds ``other_wounds`` left to it. On hexes the two are
    one piece: where an empty mount stands is on the 'Piloto' page, which our text does not include, so a
    dismounted rider keeps its mount with it (docs/skirmish.md). ``escape``: a TAG's Escape System leaves
    its operator (``other``) in its place when it is put out of action."""

    side: str = ""
    profile: str = "infantry"
    wounds: int = 1
    states: tuple[str, ...] = ()
    hidden: bool = False
    other: str = ""
    other_wounds: int = 0
    escape: bool = False

    @property
    def stats(self) -> Profile:
        return PROFILES[self.profile]

    def has(self, state: str) -> bool:
        return state in self.states

    def with_states(self, *added: str, without: tuple[str, ...] = ()) -> Troop:
        kept = set(self.states) - set(without)
        return replace(self, states=tuple(sorted(kept | set(added))))

    @property
    def mounted(self) -> bool:
        """Riding the mount of its other profile (on its bike, in its TAG or vehicle)."""
        return bool(self.other) and self.stats.mount

    @property
    def may_mount(self) -> bool:
        """On foot beside a mount of its own (its other profile)."""
        return bool(self.other) and PROFILES[self.other].mount

    def remounted(self) -> Troop:
        """The troop in its other profile: it mounts or dismounts. Either leaves hidden deployment ('cancelará
        el estado Despliegue Oculto o cualquier estado de Marcador de ambos perfiles'; hidden deployment is
        the only marker state modelled here)."""
        return replace(self, profile=self.other, other=self.profile, wounds=self.other_wounds,
                       other_wounds=self.wounds, hidden=False)

    @property
    def out(self) -> bool:
        """Unconscious or dead: it gives no order, reacts to nothing and is no one's target."""
        return self.has(UNCONSCIOUS) or self.has(DEAD)

    @property
    def height(self) -> int:
        """How tall it stands now, in levels: its template, or one level when Prone."""
        return PRONE_LEVELS if self.has(PRONE) else self.stats.height

    @property
    def posture(self) -> str:
        return PRONE if self.has(PRONE) else "normal"
