"""Meka designs: the 30 of "DESCRIPCIONES DE MEKAS" as data, and the builder that checks any design.

A design is a size (2 to 12) and its systems, each weapon with its arc (F, I, D, T: "El arco viene
determinado por la configuración de armas del Meka"). The builder adds up the systems' sizes against the
meka's size (medium mekas pay 2 for jump jets, large ones cannot take them), and works out the armour (the
size table, +10 per armour system, -20% of the standard armour for wings or a transformer) and the MP.

The text's spelling slips are read as the system they plainly name: "Laser Grande" is a Lascañón (the only
size-2 beam, and what the Samurai's size 5 leaves room for), "Plasrifle" the Plasgun, "Sword"/"Espada",
"Maza", "Látigo", "Flagelo", "Mandíbula", "Garras" and "Cola" are each one Arma Blanca; "(L+R)" is "(I+D)".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.core.errors import RuleError
from rules.core.reasons import Reason
from rules.rulesets.mekatac.tables import (
    ARMOUR_PER_SYSTEM, LARGE, LIGHTER_ARMOUR, LIGHTER_ARMOUR_PERCENT, MEDIUM, MEDIUM_JETS_SIZE, MISSILE, SIZES, SYSTEMS,
    WALK_MP_BONUS, System,
)

ARCS = ("F", "I", "D", "T")


@dataclass(frozen=True, slots=True)
class Mount:
    """One system a design carries; a weapon has its arc ("" for the bomb and the other systems)."""

    system: System
    arc: str = ""


@dataclass(frozen=True, slots=True)
class Design:
    name: str
    size: int
    mounts: tuple[Mount, ...]
    extra: int = 0  # size its upgrade cards add to the budget (Arma extra, Arma mejorada)
    other: tuple[Mount, ...] = ()  # a transformer's other mode, mount by mount (rules.rulesets.mekatac.transform)

    @property
    def size_class(self) -> str:
        return SIZES[self.size].size_class

    def has(self, key: str) -> bool:
        return any(mount.system.key == key for mount in self.mounts)

    @property
    def weapons(self) -> tuple[tuple[int, Mount], ...]:
        """The weapons with their index in ``mounts`` (the number an order names them by)."""
        return tuple((index, mount) for index, mount in enumerate(self.mounts) if mount.system.weapon)

    @property
    def armour(self) -> int:
        """The size's armour, +10 per armour system, less 20% of the size's armour for wings or a transformer."""
        standard = SIZES[self.size].armour
        extra = ARMOUR_PER_SYSTEM * sum(mount.system.key == "armour" for mount in self.mounts)
        lighter = any(mount.system.key in LIGHTER_ARMOUR for mount in self.mounts)
        return standard + extra - (standard * LIGHTER_ARMOUR_PERCENT // 100 if lighter else 0)

    @property
    def walk_mp(self) -> int:
        return SIZES[self.size].mp + sum(WALK_MP_BONUS.get(mount.system.key, 0) for mount in self.mounts)


def system_cost(system: System, size: int) -> int:
    return MEDIUM_JETS_SIZE if system.key == "jump_jets" and SIZES[size].size_class == MEDIUM else system.size


def build(name: str, size: int, systems: Sequence[tuple[str, str]], extra: int = 0,
          other: Sequence[tuple[str, str]] = ()) -> Design:
    """A design from (system key, arc) pairs, checked against the text; a coded refusal naming the rule. A
    transformer gives its ``other`` mode too ("REGLAS OPCIONALES - TRANSFORMERS")."""
    mounts = _mounts(name, size, systems, extra)
    if not other:
        return Design(name, size, mounts, extra)
    second = _mounts(name, size, other, extra)
    changed = [index for index, (one, two) in enumerate(zip(mounts, second, strict=False))
               if one.system.key != two.system.key]
    fixed = [index for index in changed if {mounts[index].system.family, second[index].system.family} & {MISSILE}
             or "armour" in (mounts[index].system.key, second[index].system.key)]
    carried = all(any(mount.system.key == "transformer" for mount in mode) for mode in (mounts, second))
    if not carried or len(second) != len(mounts) or not 1 <= len(changed) <= 2 or fixed:
        raise RuleError("design.transformer", design=name)
    return Design(name, size, mounts, extra, second)


def _mounts(name: str, size: int, systems: Sequence[tuple[str, str]], extra: int) -> tuple[Mount, ...]:
    if type(size) is not int or size not in SIZES:
        raise RuleError("design.size", design=name, size=str(size), given=repr(size))
    mounts = []
    for key, arc in systems:
        system = SYSTEMS.get(key)
        if system is None:
            raise RuleError("design.unknown_system", design=name, system=str(key))
        if system.weapon and system.family != "bomb" and arc not in ARCS:
            raise RuleError("design.arc", design=name, system=system.name, arc=str(arc),
                            why=Reason("mekatac.design_needs_arc", system=system.name, arc=str(arc)))
        if (not system.weapon or system.family == "bomb") and arc:
            raise RuleError("design.arc", design=name, system=system.name, arc=arc,
                            why=Reason("mekatac.design_no_arc", system=system.name))
        if key == "jump_jets" and SIZES[size].size_class == LARGE:
            raise RuleError("design.large_jets", design=name)
        mounts.append(Mount(system, arc))
    used = sum(system_cost(mount.system, size) for mount in mounts)
    if used > size + extra:
        raise RuleError("design.over_size", design=name, used=used, size=size + extra)
    return tuple(mounts)


# "DESCRIPCIONES DE MEKAS: DISEÑOS HUMANOS": name, size, (system, arc) …
_DESIGNS: tuple[tuple[str, int, tuple[tuple[str, str], ...]], ...] = (
    ("Imp", 2, (("wings", ""), ("flamer_s", "F"))),
    ("Sprite", 2, (("wings", ""), ("lasrifle", "F"))),
    ("Cockroach", 2, (("armour", ""), ("chain_gun", "F"))),
    ("Ranger", 2, (("jump_jets", ""), ("missile_s", "F"))),
    ("Grenaider", 2, (("jump_jets", ""), ("mortar_s", "F"))),
    ("Kamikazee", 2, (("wings", ""), ("bomb", ""))),
    ("Myrmidon", 2, (("lascanon", "F"),)),
    ("Gunslinger", 2, (("lasrifle", "I"), ("lasrifle", "D"))),
    ("Duelist", 2, (("blade", "I"), ("blade", "D"))),
    ("Guardian", 2, (("chain_gun", "F"), ("missile_s", "F"))),
    ("Spitfire", 3, (("lasrifle", "I"), ("lasrifle", "D"), ("wings", ""))),
    ("Sharpshot", 3, (("rail_gun", "F"), ("aimer", ""))),
    ("Logrus", 3, (("mortar_s", "F"), ("lasrifle", "I"), ("lasrifle", "D"))),
    ("Reaper", 3, (("missile_s", "I"), ("missile_s", "D"), ("plasgun", "F"))),
    ("Wardog", 4, (("four_legs", ""), ("blade", "F"), ("lascanon", "F"))),
    ("Tasmanian", 4, (("lasrifle", "I"), ("lasrifle", "D"), ("missile_m", "F"), ("missile_m", "F"))),
    ("Hedgehog", 4, (("lasrifle", "F"), ("lasrifle", "I"), ("lasrifle", "D"), ("lasrifle", "T"))),
    ("Samurai", 5, (("lascanon", "I"), ("blade", "D"), ("missile_s", "F"), ("missile_s", "F"))),
    ("Firestorm", 5, (("plasma_projector", "I"), ("plasma_projector", "D"), ("missile_m", "F"))),
    ("Pheonix", 5, (("wings", ""), ("flamer_l", "F"))),
    ("Lancer", 6, (("cpp", "I"), ("missile_xl", "F"), ("missile_xl", "F"), ("aimer", ""))),
    ("Mattock", 6, (("blade", "D"), ("armour", ""), ("armour", ""), ("rail_gun", "I"))),
    ("Cyclops", 7, (("fusion_cannon", "F"), ("armour", ""), ("armour", ""), ("armour", ""))),
    ("Hellion", 7, (("missile_l", "F"), ("missile_l", "F"), ("missile_l", "F"), ("missile_l", "F"), ("blade", "T"),
                    ("plasma_projector", "I"))),
    ("Demoness", 8, (("wings", ""), ("blade", "D"), ("blade", "I"), ("lascanon", "D"), ("lascanon", "I"))),
    ("Hawklord", 8, (("rail_gun", "F"), ("rail_gun", "F"), ("blade", "F"), ("missile_l", "F"), ("missile_l", "F"),
                     ("wings", ""))),
    ("Manticore", 9, (("blade", "T"), ("four_legs", ""), ("blade", "I"), ("blade", "D"), ("flamer_m", "F"),
                      ("missile_s", "F"), ("missile_s", "F"), ("missile_s", "F"))),
    ("Destromatic", 10, (("cpp", "D"), ("cpp", "I"), ("siege_cannon", "F"))),
    ("Hurcutron", 11, (("blade", "T"), ("rail_cannon", "D"), ("rail_cannon", "I"), ("mortar_m", "F"),
                       ("mortar_m", "F"))),
    ("Titanicus", 12, (("fusion_cannon", "D"), ("fusion_cannon", "I"), ("missile_xl", "F"), ("missile_xl", "F"),
                       ("missile_m", "F"), ("missile_m", "F"))),
)

DESIGNS: dict[str, Design] = {name: build(name, size, systems) for name, size, systems in _DESIGNS}

# None of the text's 30 mekas carries the Transformer system, so these two are ours, each built to "REGLAS
# OPCIONALES - TRANSFORMERS" and checked by the builder in both modes: the Transformer system (size 1, -20% of the
# standard armour) in each, "1 o 2 sistemas que son diferentes del primer modo", the armour and missiles kept.
# - Harrier: the text's own example, "el mortero medio es reemplazado por unas alas": a walker with a medium mortar
#   (F) that flies in its other mode, its lasrifle moved from the left arc to the rear ("Los arcos de fuego de las
#   armas también pueden cambiarse"). 1+2+1+1+1 = size 6 walking, 5 flying; 60 - 12 + 10 = 58 armour in both.
# - Wolfhound: a small gunner (lasrifle and chain gun, F) that drops on four legs with jaws (a blade, F): two
#   systems change, its small missiles stay. Size 4 in both modes; 40 - 8 = 32 armour.
_TRANSFORMERS: tuple[tuple[str, int, tuple[tuple[str, str], ...], tuple[tuple[str, str], ...]], ...] = (
    ("Harrier", 6, (("transformer", ""), ("mortar_m", "F"), ("missile_s", "F"), ("armour", ""), ("lasrifle", "I")),
     (("transformer", ""), ("wings", ""), ("missile_s", "F"), ("armour", ""), ("lasrifle", "T"))),
    ("Wolfhound", 4, (("transformer", ""), ("lasrifle", "F"), ("chain_gun", "F"), ("missile_s", "F")),
     (("transformer", ""), ("four_legs", ""), ("blade", "F"), ("missile_s", "F"))),
)

TRANSFORMERS: dict[str, Design] = {name: build(name, size, one, other=two) for name, size, one, two in _TRANSFORMERS}


def shipped(name: str) -> Design:
    """A shipped design by name: one of the text's 30, or one of our transformers."""
    try:
        return DESIGNS[name] if name in DESIGNS else TRANSFORMERS[name]
    except KeyError:
        raise RuleError("design.unknown", design=str(name), why=Reason("mekatac.design_unknown", design=str(name))) \
            from None
