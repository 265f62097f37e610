"""A MEKATAC match's state: each meka's record (armour, ammunition, weapons used, criticals, wounds, status),
the action deck and the hands, the initiative order of the turn, and the agreed options; and its JSON codec."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, cast

from rules.core.board import board_from_json, board_to_json
from rules.core.hexes import Hex
from rules.core.state import MatchResult, Piece, State, result_from_json
from rules.core.state import result_to_json as core_result_to_json
from rules.rulesets.mekatac.designs import Design, build
from rules.rulesets.mekatac.tables import PILOT_WOUNDS

Json = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Burn:
    """A flamer's fire on a meka: its damage dice, rolled again at the start of each of ``turns`` turns."""

    dice: int
    sides: int
    turns: int


@dataclass(frozen=True, slots=True)
class Meka(Piece):
    side: str = ""
    design: Design = field(default_factory=lambda: build("", 2, ()))
    armour: int = 0
    # Shots left by weapon index (weapons with unlimited ammunition are not listed).
    ammo: Mapping[int, int] = field(default_factory=dict)
    used: frozenset[int] = frozenset()  # weapons fired this turn ("cada una de sus armas una vez por turno")
    melee_used: bool = False  # "un ataque cuerpo a cuerpo por turno"
    plasma_fired: Mapping[int, int] = field(default_factory=dict)  # the turn each plasma weapon last fired
    broken: frozenset[int] = frozenset()  # weapons a critical destroyed
    criticals: tuple[str, ...] = ()  # every critical result it took, in order
    wounds: int = 0
    destroyed: bool = False
    leg_destroyed: bool = False  # cannot move or turn, may still attack
    legs_damaged: int = 0  # -1 MP each
    wings_torn: bool = False
    computer: int = 0  # -1 to hit each
    shock: bool = False  # does nothing in its next move
    down_until: int = 0  # standing up: neither moves nor attacks up to the end of this turn
    reactor: bool = False  # rolls to explode at the end of this turn
    fires: int = 0  # electrical fires: 1D4 each at the start of each turn
    burns: tuple[Burn, ...] = ()
    airborne: str = ""  # "jump" or "fly" from the first step of such a move to the end of the turn
    # What the action cards played on it do up to the end of the turn (rules.rulesets.mekatac.plays).
    extra_mp: int = 0  # Jaleo, Blitz
    stuck: bool = False  # Atascado: cannot move
    doubt: bool = False  # Duda: cannot attack
    again: frozenset[int] = frozenset()  # Salva, Ataque de oportunidad: weapons that may fire once more
    armed: tuple[str, ...] = ()  # Deflección, Pura suerte waiting for their moment (secret to its side)
    initiative_bonus: int = 0  # Iniciativa: added to its next initiative roll
    loads: Mapping[int, str] = field(default_factory=dict)  # ammunition types by weapon (rules.rulesets.mekatac.ammo)
    skills: tuple[str, ...] = ()  # its pilot's skills (rules.rulesets.mekatac.skills)
    skill_used: frozenset[str] = frozenset()  # the skills used this turn ("por turno")
    upgrades: tuple[str, ...] = ()  # the upgrade cards played on it (rules.rulesets.mekatac.prepare)
    hidden: bool = False  # Meka oculto: where it stands is secret to its side until it is revealed
    transforming: bool = False  # a transformer spending this turn changing mode

    @property
    def pilot_alive(self) -> bool:
        return self.wounds < PILOT_WOUNDS

    @property
    def in_fight(self) -> bool:
        """Able to fight: not destroyed and its pilot alive (the victory condition)."""
        return not self.destroyed and self.pilot_alive

    def down(self, turn: int) -> bool:
        return turn <= self.down_until


@dataclass(frozen=True, slots=True)
class MekaState(State):
    units: tuple[Meka, ...] = ()
    phase: str = "cards"
    options: Mapping[str, Any] = field(default_factory=dict)
    deck: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    shuffled: bool = False  # the deck was shuffled once from the match's dice
    hands: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    order: tuple[str, ...] = ()  # this turn's movement order, lowest initiative first
    initiative: Mapping[str, int] = field(default_factory=dict)
    # Each side's Tácticas waiting for an opponent's card: the card each blocks ("" any); secret to its side.
    tacticas: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    # The upgrade and strategy decks (rules.rulesets.mekatac.prepare): each side's hands (secret), the secret
    # minefields by side, the sides whose Sorpresa counts in the first initiative roll, and whether it is done.
    upgrades: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    strategies: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    mines: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    surprise: tuple[str, ...] = ()
    prepared: bool = False

    def unit(self, unit_id: str) -> Meka:
        return cast(Meka, State.unit(self, unit_id))

    def with_unit(self, meka: Meka) -> MekaState:
        return replace(self, units=tuple(meka if unit.id == meka.id else unit for unit in self.units))

    @property
    def sides(self) -> list[str]:
        return sorted({unit.side for unit in self.units})


def new_meka(unit_id: str, hex_: Hex, facing: int, side: str, design: Design) -> Meka:
    """A meka as it deploys: the design's armour and full ammunition."""
    ammo = {index: mount.system.ammo for index, mount in design.weapons if mount.system.ammo is not None}
    return Meka(unit_id, hex_, facing, side=side, design=design, armour=design.armour, ammo=ammo)


# ---- the codec ---------------------------------------------------------------------------------------------

def design_to_json(design: Design) -> Json:
    return {"name": design.name, "size": design.size,
            "systems": [[mount.system.key, mount.arc] for mount in design.mounts],
            **({"extra": design.extra} if design.extra else {}),
            **({"other": [[mount.system.key, mount.arc] for mount in design.other]} if design.other else {})}


def design_from_json(data: Json) -> Design:
    return build(data["name"], data["size"], [(key, arc) for key, arc in data["systems"]], data.get("extra", 0),
                 [(key, arc) for key, arc in data.get("other", ())])


def meka_to_json(meka: Meka) -> Json:
    return {
        "id": meka.id, "hex": meka.hex.label, "facing": meka.facing, "side": meka.side,
        "design": design_to_json(meka.design), "armour": meka.armour,
        "ammo": {str(index): shots for index, shots in sorted(meka.ammo.items())},
        "used": sorted(meka.used), "melee_used": meka.melee_used,
        "plasma_fired": {str(index): turn for index, turn in sorted(meka.plasma_fired.items())},
        "broken": sorted(meka.broken), "criticals": list(meka.criticals), "wounds": meka.wounds,
        "destroyed": meka.destroyed, "leg_destroyed": meka.leg_destroyed, "legs_damaged": meka.legs_damaged,
        "wings_torn": meka.wings_torn, "computer": meka.computer, "shock": meka.shock,
        "down_until": meka.down_until, "reactor": meka.reactor, "fires": meka.fires,
        "burns": [[burn.dice, burn.sides, burn.turns] for burn in meka.burns], "airborne": meka.airborne,
        "extra_mp": meka.extra_mp, "stuck": meka.stuck, "doubt": meka.doubt, "again": sorted(meka.again),
        "armed": list(meka.armed), "initiative_bonus": meka.initiative_bonus,
        "loads": {str(index): kind for index, kind in sorted(meka.loads.items())},
        "skills": list(meka.skills), "skill_used": sorted(meka.skill_used), "upgrades": list(meka.upgrades),
        "hidden": meka.hidden, "transforming": meka.transforming,
    }


def meka_from_json(data: Json) -> Meka:
    return Meka(
        data["id"], Hex.parse(data["hex"]), data["facing"], side=data["side"],
        design=design_from_json(data["design"]), armour=data["armour"],
        ammo={int(index): shots for index, shots in data["ammo"].items()},
        used=frozenset(data["used"]), melee_used=data["melee_used"],
        plasma_fired={int(index): turn for index, turn in data["plasma_fired"].items()},
        broken=frozenset(data["broken"]), criticals=tuple(data["criticals"]), wounds=data["wounds"],
        destroyed=data["destroyed"], leg_destroyed=data["leg_destroyed"], legs_damaged=data["legs_damaged"],
        wings_torn=data["wings_torn"], computer=data["computer"], shock=data["shock"],
        down_until=data["down_until"], reactor=data["reactor"], fires=data["fires"],
        burns=tuple(Burn(*burn) for burn in data["burns"]), airborne=data["airborne"],
        extra_mp=data.get("extra_mp", 0), stuck=data.get("stuck", False), doubt=data.get("doubt", False),
        again=frozenset(data.get("again", ())), armed=tuple(data.get("armed", ())),
        initiative_bonus=data.get("initiative_bonus", 0),
        loads={int(index): kind for index, kind in data.get("loads", {}).items()},
        skills=tuple(data.get("skills", ())), skill_used=frozenset(data.get("skill_used", ())),
        upgrades=tuple(data.get("upgrades", ())), hidden=data.get("hidden", False),
        transforming=data.get("transforming", False),
    )


def result_to_json(result: MatchResult | None) -> Json | None:
    return None if result is None else core_result_to_json(result)


def state_to_json(state: MekaState) -> Json:
    return {
        "board": board_to_json(state.board), "turn": state.turn, "phase": state.phase,
        "result": result_to_json(state.result), "options": dict(state.options),
        "units": [meka_to_json(meka) for meka in state.units],
        "deck": list(state.deck), "discard": list(state.discard), "shuffled": state.shuffled,
        "hands": {side: list(hand) for side, hand in sorted(state.hands.items())},
        "order": list(state.order), "initiative": dict(state.initiative),
        "tacticas": {side: list(blocks) for side, blocks in sorted(state.tacticas.items())},
        "upgrades": {side: list(cards) for side, cards in sorted(state.upgrades.items())},
        "strategies": {side: list(cards) for side, cards in sorted(state.strategies.items())},
        "mines": {side: list(hexes) for side, hexes in sorted(state.mines.items())},
        "surprise": list(state.surprise), "prepared": state.prepared,
    }


def state_from_json(data: Json) -> MekaState:
    result = data.get("result")
    return MekaState(
        board_from_json(data["board"]), tuple(meka_from_json(unit) for unit in data["units"]), data["turn"],
        data["phase"], result_from_json(result) if result else None, options=dict(data["options"]),
        deck=tuple(data["deck"]), discard=tuple(data["discard"]), shuffled=data["shuffled"],
        hands={side: tuple(hand) for side, hand in data["hands"].items()},
        order=tuple(data["order"]), initiative=dict(data["initiative"]),
        tacticas={side: tuple(blocks) for side, blocks in data.get("tacticas", {}).items()},
        upgrades={side: tuple(cards) for side, cards in data.get("upgrades", {}).items()},
        strategies={side: tuple(cards) for side, cards in data.get("strategies", {}).items()},
        mines={side: tuple(hexes) for side, hexes in data.get("mines", {}).items()},
        surprise=tuple(data.get("surprise", ())), prepared=data.get("prepared", False),
    )
