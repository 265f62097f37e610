"""Line of sight: can the attacker see the target, what does intervening terrain add to the shot, and why.

Source: Solaris VII 'Reglas dudosas, la LdV' (a translation of the BattleTech Master Rules with the
Solaris VII commission's notes), cited by its headings. Where it is cut or silent we follow Total
Warfare and say so. The dead-zone rule (Maximum Tech) is optional: a match uses it only when every
participant agreed before the fight: the ruleset passes the agreed rule in (``rule``).

The one entry point is :func:`line_of_sight`. Heights are levels: a standing mech rises one level
above the ground it stands on, everything else stands at its ground level, and in water a unit
stands on the bed while the surface is the hex level.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from rules.core.board import WOODS_NAMES, Board, HexTerrain
from rules.battletech.movement.buildings import BUILDING_FEATURES, inside, same_building, underwater
from rules.core.errors import RuleError
from rules.battletech.state import LOS_SIDES, GameState
from rules.core.hexes import Hex, line
from rules.core.reasons import Param, Reason, signed
from rules.battletech.units import Unit

SIDES = LOS_SIDES
# The line-of-sight rules: the standard one, and the dead zone of Maximum Tech.
LOS_RULES = ("standard", "dead_zone")
# The reasons naming who chose the side of a split line (a unit's standing choice, `GameState.split_los`):
# the ruling's, and the +0 to-hit modifier's. The referee decides a defender's choice when its
# player is absent.
CHOOSERS = {"controller": ("los.split_chosen", "los.mod_split_chosen"),
            "referee": ("los.split_referee", "los.mod_split_referee")}

# To-hit modifiers (Solaris VII, 'Efectos del terreno interviniente' and 'Cobertura parcial').
WOODS_MODIFIER = {1: 1, 2: 2}
PARTIAL_COVER_MODIFIER = 3
# 'Si el BattleMech que está en cobertura parcial está además en un hexágono de agua de nivel -1,
# entonces recibe un modificador +1 al disparo, y cualquier disparo hecho contra él recibe un -1.'
DEPTH_ONE_TARGET_MODIFIER = -1
DEPTH_ONE_ATTACKER_MODIFIER = 1


@dataclass(frozen=True, slots=True)
class Modifier:
    """One to-hit modifier and the rule behind it."""

    value: int
    reason: str


@dataclass(frozen=True, slots=True)
class LosResult:
    """The ruling. ``hexes`` are the intervening hexes from attacker to target on the side of the line
    that applies. ``modifier`` is the to-hit modifier from intervening terrain, partial cover and
    depth 1 water, the sum of ``modifiers``. ``split`` says the line ran exactly between hexes, so the
    target's controller had a choice; ``side`` says which side ("left"/"right" looking from the
    attacker) the ruling took. ``partial_cover`` also means hits use the punch hit-location table."""

    los: bool
    modifier: int
    partial_cover: bool
    hexes: tuple[Hex, ...]
    split: bool
    rule: str
    reasons: tuple[str, ...]
    side: str | None = None
    modifiers: tuple[Modifier, ...] = ()


@dataclass(frozen=True, slots=True)
class _End:
    """One end of the line: who or what is there and how high it reaches."""

    name: Reason
    hex: Hex
    height: int
    submerged: bool
    standing_mech: bool
    depth: int
    around: frozenset[Hex]
    woods: int = 0  # light (1) or heavy (2) woods or smoke in a unit's own hex; 0 for a hex target
    woods_kind: Param = ""  # what those woods are called (light woods, heavy woods, smoke)

    def next_to(self, hex_: Hex) -> bool:
        return hex_ in self.around


@dataclass(frozen=True, slots=True)
class _Ruling:
    """The ruling on one side of the line, before it becomes a :class:`LosResult`."""

    los: bool
    reasons: tuple[str, ...]
    modifiers: tuple[Modifier, ...] = ()
    partial_cover: bool = False

    @property
    def modifier(self) -> int:
        return sum(modifier.value for modifier in self.modifiers)

    @property
    def severity(self) -> tuple[bool, int]:
        """Orders rulings from best to worst for the attacker."""
        return (not self.los, self.modifier)

    def plus(self, reason: str, *modifiers: Modifier, partial_cover: bool = False) -> _Ruling:
        return _Ruling(self.los, self.reasons + (reason,), self.modifiers + modifiers,
                       self.partial_cover or partial_cover)

    def result(self, rule: str, head: tuple[str, ...], hexes: tuple[Hex, ...] = (),
               side: str | None = None) -> LosResult:
        return LosResult(self.los, self.modifier, self.partial_cover, hexes, side is not None, rule,
                         head + self.reasons, side, self.modifiers)


def unit_height(board: Board, unit: Unit) -> int:
    """The unit's level for line of sight ('Unidades': a standing BattleMech rises 1 level over its
    hex, prone mechs and other units stand at the hex level; 'Agua': a mech in water stands on the
    bottom). Submarines also sit on the bed; hovercraft and naval units float at the surface. A unit
    whose movement left it at an ``elevation`` (a building floor, a climb) stands that high."""
    terrain = board.terrain(unit.hex)
    if unit.elevation:
        # Movement records where the unit really is: a building floor, a roof, a climb, a water depth.
        ground = terrain.level + unit.elevation
    else:
        ground = terrain.floor if unit.kind in ("mech", "submarine") else terrain.level
    return ground + (1 if unit.kind == "mech" and not unit.prone else 0)


def line_of_sight(
    where: Board | GameState,
    attacker: Unit,
    target: Unit | Hex,
    *,
    rule: str = "standard",
    side: str | None = None,
    attacker_height: int | None = None,
    target_height: int | None = None,
) -> LosResult:
    """Rule on the line of sight from ``attacker`` to ``target`` (a unit, or a hex for a static target).

    ``rule`` is "standard" or "dead_zone" (the match's agreed rule, passed in by its ruleset). ``side`` is the target's controller's choice when the line
    runs between hexes; None takes the target's standing choice in the :class:`GameState`
    (``split_los``), else the side worse for the attacker, and a static target always gets the most
    restrictive side. ``attacker_height``/``target_height`` override the computed levels for
    states this module cannot see, such as a mech climbing a cliff (Maximum Tech: a climbing mech is
    treated as standing at the level it has reached).
    """
    board = where.board if isinstance(where, GameState) else where
    if rule not in LOS_RULES:
        raise RuleError("los.unknown_rule", rule=rule, known=list(LOS_RULES))
    if side not in (None, *SIDES):
        raise RuleError("los.side", why=Reason("los.side_name", side=str(side)), side=str(side))
    chooser = "controller"
    standing = where.split_los.get(target.id) if isinstance(where, GameState) and isinstance(target, Unit) else None
    if side is None and standing is not None:
        side, chooser = standing.side, standing.by
    source = _unit_end(board, attacker, "attacker", attacker_height)
    if isinstance(target, Unit):
        sink = _unit_end(board, target, "target", target_height)
    else:
        sink = _hex_end(board, target, target_height)
    head: tuple[str, ...] = (Reason("los.heights", source=source.name, source_level=source.height, target=sink.name,
                   target_level=sink.height),)

    if source.submerged != sink.submerged:
        under, over = (source, sink) if source.submerged else (sink, source)
        return _Ruling(False, (Reason("los.submerged", under=under.name, over=over.name),)).result(rule, head)
    if isinstance(target, Unit) and target.kind == "infantry" and board.terrain(target.hex).building \
            and attacker.hex != target.hex:
        return _Ruling(False, (Reason("los.infantry_in_building"),)).result(rule, head)

    # Along the map's edge one hex of a split pair can lie off the board; the line cannot pass there.
    cells = [kept for cell in line(source.hex, sink.hex)[1:-1] if (kept := tuple(h for h in cell if h in board))]
    if isinstance(target, Unit):
        board, head = _inside_one_building(board, attacker, target, cells, head)
    if not cells:
        why = Reason("los.same_hex" if source.hex == sink.hex else "los.adjacent")
        return _own_hexes(source, sink, _Ruling(True, (why,))).result(rule, head)
    if all(len(cell) == 1 for cell in cells):
        hexes = tuple(cell[0] for cell in cells)
        return _judge(board, source, sink, hexes, rule).result(rule, head, hexes)

    by_side = {name: tuple(cell[index] for cell in cells) for index, name in ((0, "left"), (-1, "right"))}
    rulings = {name: _judge(board, source, sink, hexes, rule) for name, hexes in by_side.items()}
    worst = max(SIDES, key=lambda name: rulings[name].severity)  # ties keep "left"
    chosen = side if side is not None and isinstance(target, Unit) else worst
    pairs = ", ".join(f"{cell[0].label}|{cell[-1].label}" for cell in cells if len(cell) == 2)
    if not isinstance(target, Unit):
        why = Reason("los.split_static")
    elif side is not None:
        why = Reason(CHOOSERS[chooser][0], side=side)
    else:
        why = Reason("los.split_default")
    split = Reason("los.split", pairs=pairs, left=_outcome(rulings["left"]), right=_outcome(rulings["right"]), why=why,
                   side=chosen)
    ruling = rulings[chosen]
    if side is not None and isinstance(target, Unit):
        # A +0 modifier, so an attack's to-hit reasons say which side was taken and who chose it.
        note = Modifier(0, Reason(CHOOSERS[chooser][1], side=chosen))
        ruling = replace(ruling, modifiers=(*ruling.modifiers, note))
    return ruling.result(rule, (*head, split), by_side[chosen], chosen)


def _inside_one_building(board: Board, attacker: Unit, target: Unit, cells: Sequence[tuple[Hex, ...]],
                         head: tuple[str, ...]) -> tuple[Board, tuple[str, ...]]:
    """Two units inside one building see each other through its own hexes: the line is judged on a board
    where those intervening hexes have no building (they neither block nor give partial cover; hills,
    woods and other buildings still count). The Solaris VII text is silent on line of sight inside a
    building ('Combate entre edificios' only gives the to-hit rules); this is the standard BattleTech
    reading (a building does not block attacks traced through it from inside it). It adds no to-hit
    modifier of its own: we know of none we can vouch for (check against Total Warfare)."""
    if not (inside(board, attacker) and inside(board, target) and same_building(board, attacker.hex, target.hex)):
        return board, head
    walls = sorted({hex_ for cell in cells for hex_ in cell if same_building(board, attacker.hex, hex_)},
                   key=lambda hex_: hex_.label)
    if not walls:
        return board, head
    hexes = dict(board.hexes)
    for hex_ in walls:
        terrain = board.terrain(hex_)
        hexes[hex_] = replace(terrain, features={name: value for name, value in terrain.features.items()
                                                 if name not in BUILDING_FEATURES})
    why = Reason("los.inside_one_building", hex=attacker.hex.label, hexes=", ".join(hex_.label for hex_ in walls))
    return replace(board, hexes=hexes), (*head, why)


def _outcome(ruling: _Ruling) -> Reason:
    if not ruling.los:
        return Reason("los.outcome_blocked")
    return Reason("los.outcome_clear", modifier=signed(ruling.modifier))


def _unit_end(board: Board, unit: Unit, role: str, height: int | None) -> _End:
    terrain = board.terrain(unit.hex)
    level = unit_height(board, unit) if height is None else height
    standing = unit.kind == "mech" and not unit.prone
    posture = ("standing " if standing else "prone " if unit.kind == "mech" else "") + unit.kind
    return _End(Reason("los.end_unit", role=role, unit=unit.id, posture=posture, hex=unit.hex.label), unit.hex, level,
                underwater(terrain, unit), standing, terrain.depth, frozenset(unit.hex.neighbours()),
                0 if inside(board, unit) else terrain.woods, _woods_kind(terrain))


def _hex_end(board: Board, hex_: Hex, height: int | None) -> _End:
    """A hex as the target: its ground, the roof of a building in it, or 1 level above the ground for
    woods ('Si el objetivo es el propio bosque, se considerará que éste se eleva 1 nivel'). The text is
    silent on buildings; we take the roof, as the building itself is what is shot at."""
    terrain = board.terrain(hex_)
    building = terrain.building
    if height is None:
        height = terrain.level + (building.height if building else 1 if terrain.get("woods") else 0)
    return _End(Reason("los.end_hex", hex=hex_.label), hex_, height, False, False, 0, frozenset(hex_.neighbours()))


def _woods_kind(terrain: HexTerrain) -> Param:
    """What a hex's woods are called in the reasons: smoke, or light or heavy woods ("" for none)."""
    if terrain.has("smoke"):
        return Reason("los.smoke")
    return WOODS_NAMES.get(terrain.woods, "")


def _judge(board: Board, source: _End, sink: _End, hexes: Sequence[Hex], rule: str) -> _Ruling:
    """Rule on one line of intervening hexes (one side of a split line)."""
    reasons: list[str] = []
    both_under = source.submerged and sink.submerged
    light = heavy = 0
    modifiers: list[Modifier] = []
    blocked = False

    def intervenes(hex_: Hex, top: int) -> Reason | None:
        """Why a feature reaching ``top`` at ``hex_`` is intervening terrain ('Terreno interviniente'),
        or None. The dead-zone rule replaces the two adjacency conditions."""
        if top > source.height and top > sink.height:
            return Reason("los.higher_than_both")
        if rule == "standard" and source.next_to(hex_) and top > source.height:
            return Reason("los.higher_next_to_attacker")
        if rule == "standard" and sink.next_to(hex_) and top > sink.height:
            return Reason("los.higher_next_to_target")
        return None

    for hex_ in hexes:
        terrain = board.terrain(hex_)
        # Water counts as level 0 (its surface) unless both ends are under water, when the depths
        # count as negative levels ('Agua'; 'Operaciones submarinas': 'tratando los niveles de
        # profundidad como números negativos').
        ground = terrain.floor if both_under else terrain.level
        why = intervenes(hex_, ground)
        if why:
            blocked = True
            reasons.append(Reason("los.ground_blocks", hex=hex_.label, level=ground, why=why))
            continue
        for structure, code in ((terrain.building, "los.building_blocks"), (terrain.bridge, "los.bridge_blocks")):
            if structure is None:
                continue
            top = terrain.level + structure.height
            why = intervenes(hex_, top)
            if why:
                blocked = True
                reasons.append(Reason(code, hex=hex_.label, kind=structure.kind, level=top, why=why))
        density = terrain.woods
        if density and not both_under:
            top = ground + 2  # 'Bosques: se elevan 2 niveles sobre la elevación del terreno'
            why = intervenes(hex_, top)
            kind = _woods_kind(terrain)
            if why:
                light, heavy = light + (density == 1), heavy + (density == 2)
                modifiers.append(Modifier(WOODS_MODIFIER[density], Reason("los.mod_woods", woods=kind, hex=hex_.label)))
                reasons.append(Reason("los.woods_intervene", hex=hex_.label, woods=kind, level=top, why=why,
                                      modifier=WOODS_MODIFIER[density]))
            else:
                reasons.append(Reason("los.woods_below", hex=hex_.label, woods=kind, level=top, rule=rule))
        if both_under and not terrain.depth:
            blocked = True
            reasons.append(Reason("los.dry_ground_underwater", hex=hex_.label))

    if heavy >= 2 or light >= 3 or (heavy and light):
        blocked = True
        reasons.append(Reason("los.woods_block", light=light, heavy=heavy))
    if not blocked and rule == "dead_zone":
        blocked = _dead_zone(board, source, sink, hexes, reasons)
    if blocked:
        return _Ruling(False, tuple(reasons))
    if not reasons:
        reasons.append(Reason("los.clear"))
    ruling = _Ruling(True, tuple(reasons), tuple(modifiers))
    return _own_hexes(source, sink, _hill_cover(board, source, sink, hexes, ruling, both_under))


def _dead_zone(board: Board, source: _End, sink: _End, hexes: Sequence[Hex], reasons: list[str]) -> bool:
    """Maximum Tech's dead zone ('Regla de la zona muerta'); True when the lower end cannot be seen.

    Hex X is the highest hex between the ends (hill or building; the nearest to the lower end on a
    tie). A = X - lower, B = higher - X, C = 2 (A - B), plus (distance X→higher − distance X→lower);
    above 0 the lower end is in X's dead zone. A hex no higher than the lower end hides nothing, so the
    formula is only applied when X rises above it."""
    if source.height == sink.height:
        reasons.append(Reason("los.dead_zone_level"))
        return False
    low, high = sorted((source, sink), key=lambda end: end.height)

    under = source.submerged and sink.submerged
    x = max(hexes, key=lambda hex_: (_solid_top(board.terrain(hex_), under), -hex_.distance(low.hex)))
    level = _solid_top(board.terrain(x), under)
    if level <= low.height:
        reasons.append(Reason("los.dead_zone_low", hex=x.label, level=level, low_level=low.height))
        return False
    a, b = level - low.height, high.height - level
    c = 2 * (a - b)
    offset = x.distance(high.hex) - x.distance(low.hex)
    result = c + offset
    verdict = Reason("los.dead_zone_hidden" if result > 0 else "los.dead_zone_seen")
    reasons.append(Reason("los.dead_zone", hex=x.label, level=level, low=low.name, low_level=low.height, high=high.name,
                          high_level=high.height, a=a, b=b, c=c, to_high=x.distance(high.hex),
                          to_low=x.distance(low.hex), offset=offset, result=result, verdict=verdict))
    return result > 0


def _hill_cover(board: Board, source: _End, sink: _End, hexes: Sequence[Hex], ruling: _Ruling,
                both_under: bool = False) -> _Ruling:
    """Partial cover from a hill or building ('Cobertura parcial'): only a standing mech, next to an
    intervening hex at least as high as the mech (a higher one blocks under the standard rule), and
    only when the attacker is no higher than the target. Woods never give it. Between two units under
    water a water hex rises only to its bed ('tratando los niveles de profundidad como números
    negativos'): the surface of the next water hex gives no cover."""
    if not sink.standing_mech or sink.depth == 1:
        return ruling  # depth 1 water gives its own partial cover, see _own_hexes
    for hex_ in hexes:
        top = _solid_top(board.terrain(hex_), both_under)
        if sink.next_to(hex_) and top >= sink.height:
            if source.height > sink.height:
                return ruling.plus(Reason("los.cover_denied", hex=hex_.label))
            return ruling.plus(Reason("los.partial_cover", hex=hex_.label, level=top, modifier=PARTIAL_COVER_MODIFIER),
                               Modifier(PARTIAL_COVER_MODIFIER, Reason("los.mod_partial_cover", hex=hex_.label)),
                               partial_cover=True)
    return ruling


def _solid_top(terrain: HexTerrain, under_water: bool = False) -> int:
    """The top of a hex's hill or building, the elevation that hides a mech ('La elevación
    interviniente puede ser una colina, edificio o combinación de ambos'); ``under_water`` (both ends
    submerged): a water hex's bed, not its surface."""
    building = terrain.building
    ground = terrain.floor if under_water else terrain.level
    return ground + (building.height if building else 0)


def _own_hexes(source: _End, sink: _End, ruling: _Ruling) -> _Ruling:
    """What the two ends' own hexes add to a shot that can be made. Their hexes never count for the line itself
    ('los hexágonos en los que se encuentran los 'Mechs nunca cuentan'), but Total Warfare's to-hit table counts
    the target's own woods, +1 light and +2 heavy (smoke counts as heavy woods, 'Humo … a efectos de cálculo de
    modificadores al disparo'; the Solaris VII texts give no target-hex modifier). Depth 1 water: a standing
    mech in it has partial cover even from a higher attacker, shots at it take -1 (net +2) and its own
    shots +1 ('Hexágonos de agua'; 'Cobertura parcial')."""
    if not ruling.los:
        return ruling
    if sink.woods:
        value = WOODS_MODIFIER[sink.woods]
        ruling = ruling.plus(Reason("los.target_woods", woods=sink.woods_kind, hex=sink.hex.label, modifier=value),
                             Modifier(value, Reason("los.mod_target_woods", woods=sink.woods_kind)))
    if sink.standing_mech and sink.depth == 1:
        ruling = ruling.plus(
            Reason("los.water_cover", cover=PARTIAL_COVER_MODIFIER, water=DEPTH_ONE_TARGET_MODIFIER,
                   net=PARTIAL_COVER_MODIFIER + DEPTH_ONE_TARGET_MODIFIER),
            Modifier(PARTIAL_COVER_MODIFIER, Reason("los.mod_water_cover")),
            Modifier(DEPTH_ONE_TARGET_MODIFIER, Reason("los.mod_target_in_water")),
            partial_cover=True,
        )
    if source.standing_mech and source.depth == 1:
        ruling = ruling.plus(Reason("los.attacker_in_water", modifier=DEPTH_ONE_ATTACKER_MODIFIER),
                             Modifier(DEPTH_ONE_ATTACKER_MODIFIER, Reason("los.mod_attacker_in_water")))
    return ruling
