"""The upgrade and strategy decks ("BARAJA DE MEJORAS", "BARAJA DE CARTAS DE ESTRATEGIA"), under the agreed option
``decks``: "Antes del despliegue cada jugador toma 4 cartas" of each deck (two of each card, shuffled from the
match's dice), and plays them in the preparation phase, which follows the first card phase and comes before the
first initiative roll. The mekas stand where the scenario put them ("Un jugador diseña el scenario"), so the
preparation is the players' last word on their deployment (our reading).

Each side's lead meka (the first of its mekas by id) gives the side's one preparation order (secret until it
resolves): ``{"unit": LEAD, "cards": [{"card": "blindaje_extra", "meka": "A2"}, {"card": "arma_extra", "meka": "A1",
"system": "lasrifle", "arc": "F"}, {"card": "arma_mejorada", "meka": "A1", "weapon": 0}, {"card": "minas",
"hex": "0310"}, {"card": "meka_oculto", "meka": "A2", "hex": "0511"}, {"card": "emboscada", "meka": "B1", "hex": "0605"}, {"card": "terreno", "hex": "0505",
"terrain": "woods:1"}, ...]}``. Fuego de apoyo and Apoyo aéreo ("una vez en la partida") stay in the hand and are
played with a movement order (rules.rulesets.mekatac.support). Minas and Meka oculto note a hex of the side's
half in secret ("En una casilla, anotada en secreto"): the minefield, or where the hidden meka now stands (our
reading: the card places the meka there, unseen). A card not played stays in the hand, unused.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from rules.core.board import Board, HexTerrain
from rules.core.dice import Dice
from rules.core.errors import MalformedOrder, RuleError
from rules.core.hexes import Hex
from rules.core.phases import Json
from rules.core.reasons import Reason
from rules.core.timeline import Event
from rules.rulesets.mekatac.cards import shuffled
from rules.rulesets.mekatac.combat import as_reason
from rules.rulesets.mekatac.damage import damage
from rules.rulesets.mekatac.designs import build
from rules.rulesets.mekatac.skills import learn
from rules.rulesets.mekatac.state import Meka, MekaState
from rules.rulesets.mekatac.tables import (
    AMBUSH_REACH, ARMA_EXTRA, ARMA_MEJORADA, BLINDAJE_EXTRA, DANOS, DECK_COPIES, EMBOSCADA, EXTRA_ARMOUR,
    MECANICO, MEKA_OCULTO, MINAS, MUNICION_EXTRA, PREPARATION_DRAW, PREPARATION_NAMES, SKILL_NAMES, STARTING_DAMAGE,
    STRATEGY_CARDS, SUPPORT_WEAPONS, SYSTEMS, TERRENO, UPGRADE_CARDS, VETERANO, WEAPON_LADDERS,
)

FIELDS = ("card", "meka", "weapon", "system", "arc", "hex", "terrain")
ON_OWN = frozenset({BLINDAJE_EXTRA, ARMA_EXTRA, ARMA_MEJORADA, VETERANO, "motor_avanzado", MUNICION_EXTRA,
                    MEKA_OCULTO})
ON_ENEMY = frozenset({EMBOSCADA, DANOS})
MOST_CARDS = DECK_COPIES * (len(UPGRADE_CARDS) + len(STRATEGY_CARDS))  # no hand holds more (Mecánico's included)


@dataclass(frozen=True, slots=True)
class Prepared:
    card: str
    meka: str = ""
    weapon: int | None = None
    system: str = ""
    arc: str = ""
    hex: str = ""
    terrain: str = ""


@dataclass(frozen=True, slots=True)
class PrepareOrder:
    unit: str
    cards: tuple[Prepared, ...] = ()


def prepare_order_from_json(data: Any) -> PrepareOrder:
    if not isinstance(data, dict) or not isinstance(data.get("unit"), str) or set(data) - {"unit", "cards"} \
            or not isinstance(data.get("cards", []), list) or len(data.get("cards", [])) > MOST_CARDS:
        raise MalformedOrder(why=Reason("mekatac.prepare_shape"))
    return PrepareOrder(data["unit"], tuple(_prepared(card) for card in data.get("cards", [])))


def _prepared(data: Any) -> Prepared:
    known = (*UPGRADE_CARDS, *STRATEGY_CARDS)
    if not isinstance(data, dict) or data.get("card") not in known or set(data) - set(FIELDS) \
            or not all(isinstance(data.get(key, ""), str) for key in ("meka", "system", "arc", "hex", "terrain")) \
            or not (data.get("weapon") is None or type(data.get("weapon")) is int):
        raise MalformedOrder(why=Reason("mekatac.prepare_card", cards=", ".join(known)))
    return Prepared(**data)


def prepare_order_to_json(order: PrepareOrder) -> Json:
    return {"unit": order.unit, "cards": [{key: getattr(card, key) for key in FIELDS
                                           if getattr(card, key) not in ("", None)} for card in order.cards]}


def deal(state: MekaState, dice: Dice) -> tuple[MekaState, list[Event]]:
    """The two decks shuffled from the dice, four of each dealt to each side in name order (once, with the option)."""
    if state.options.get("decks") != "on" or state.prepared or state.upgrades:
        return state, []
    upgrade = list(shuffled(tuple(card for card in UPGRADE_CARDS for _ in range(DECK_COPIES)), dice))
    strategy = list(shuffled(tuple(card for card in STRATEGY_CARDS for _ in range(DECK_COPIES)), dice))
    events = []
    for side in state.sides:
        extra = mechanics(state, side)
        state = replace(state, upgrades={**state.upgrades, side: tuple(upgrade[:PREPARATION_DRAW + extra])},
                        strategies={**state.strategies, side: tuple(strategy[:PREPARATION_DRAW])})
        upgrade, strategy = upgrade[PREPARATION_DRAW + extra:], strategy[PREPARATION_DRAW:]
        lead = state.unit(leads(state)[side])
        said = Reason("mekatac.prepare_dealt", side=side, count=PREPARATION_DRAW) if not extra else Reason(
            "mekatac.prepare_dealt_mecanico", side=side, count=PREPARATION_DRAW, upgrades=PREPARATION_DRAW + extra,
            skill=SKILL_NAMES[MECANICO], units=", ".join(meka.id for meka in _mechanics(state, side)))
        events.append(Event(lead.id, "cards", lead.hex, lead.hex, lead.facing, reason=said))
    return state, events


def _mechanics(state: MekaState, side: str) -> list[Meka]:
    return [meka for meka in state.units if meka.side == side and MECANICO in meka.skills and meka.in_fight]


def mechanics(state: MekaState, side: str) -> int:
    """"Mecánico: Empieza el juego con una carta de mejora extra": one more upgrade card dealt to the side for
    each of its pilots with the skill (our reading: into the side's hand, as Tácticas' card is; the deck's
    twelve cards are dealt as far as they go)."""
    return len(_mechanics(state, side))


def leads(state: MekaState) -> dict[str, str]:
    """Each side's lead meka, the one that gives its preparation order."""
    return {side: min(meka.id for meka in state.units if meka.side == side) for side in state.sides}


def own_half(state: MekaState, side: str, hex_: Hex) -> bool:
    """"En tu mitad del tablero": the half of the rows where the side's mekas stand (on average)."""
    rows = [meka.hex.row for meka in state.units if meka.side == side]
    south = 2 * sum(rows) >= len(rows) * (state.board.height - 1)
    return (2 * hex_.row >= state.board.height) if south else (2 * hex_.row < state.board.height)


def _hand(state: MekaState, side: str, card: str) -> tuple[str, ...]:
    return (state.upgrades if card in UPGRADE_CARDS else state.strategies).get(side, ())


def check_prepare(state: MekaState, order: PrepareOrder) -> Json:
    side = state.unit(order.unit).side
    if leads(state).get(side) != order.unit:
        raise RuleError("mekatac.refuse_prepare_lead", unit=order.unit, lead=leads(state)[side])
    for card, count in Counter(play.card for play in order.cards).items():
        if _hand(state, side, card).count(card) < count:
            raise RuleError("mekatac.refuse_card_not_held", side=side, card=PREPARATION_NAMES[card])
    for play in order.cards:
        _validate(state, side, play)
    return {"cards": [play.card for play in order.cards]}


def _validate(state: MekaState, side: str, play: Prepared) -> None:
    """Refuses a card on the wrong meka, weapon or hex (the builder refuses a design the upgrade breaks)."""
    name = PREPARATION_NAMES[play.card]
    if play.card in ON_OWN | ON_ENEMY and (not play.meka or (state.unit(play.meka).side == side) != (
            play.card in ON_OWN)):
        raise RuleError("mekatac.refuse_prepare_meka", card=name, meka=play.meka)
    if play.card in SUPPORT_WEAPONS:
        raise RuleError("mekatac.refuse_prepare_later", card=name)
    if play.card in (ARMA_EXTRA, ARMA_MEJORADA, MUNICION_EXTRA):
        _upgraded(state.unit(play.meka), play)
    if play.card in (TERRENO, MINAS, EMBOSCADA, MEKA_OCULTO):
        where = state.board.hex(play.hex)
        if play.card == TERRENO:
            HexTerrain.parse(state.board.terrain(where).level, play.terrain)
        if play.card in (MINAS, MEKA_OCULTO) and not own_half(state, side, where):
            raise RuleError("mekatac.refuse_prepare_half", card=name, hex=play.hex)
        if play.card == MEKA_OCULTO and any(meka.hex == where and meka.id != play.meka for meka in state.units):
            raise RuleError("mekatac.refuse_prepare_taken", card=name, hex=play.hex)
        if play.card == EMBOSCADA and (state.unit(play.meka).hex.distance(where) > AMBUSH_REACH or any(
                meka.hex == where and meka.id != play.meka for meka in state.units)):
            raise RuleError("mekatac.refuse_prepare_ambush", card=name, hex=play.hex, reach=AMBUSH_REACH)


def _upgraded(meka: Meka, play: Prepared) -> Meka:
    """Arma extra (one more size-1 weapon), Arma mejorada (a weapon one size up its table), Munición extra (a
    weapon starts with twice its ammunition)."""
    design, mounts = meka.design, [(mount.system.key, mount.arc) for mount in meka.design.mounts]
    name = PREPARATION_NAMES[play.card]
    if design.other and play.card != MUNICION_EXTRA:
        # A transformer's modes match mount by mount: a weapon added or changed in one breaks the other.
        raise RuleError("mekatac.refuse_prepare_weapon", card=name, meka=meka.id, weapon=str(play.weapon))
    if play.card == ARMA_EXTRA:
        system = SYSTEMS.get(play.system)
        if system is None or not system.weapon or system.size != 1:
            raise RuleError("mekatac.refuse_prepare_weapon", card=name, meka=meka.id, weapon=play.system)
        built = build(design.name, design.size, [*mounts, (play.system, play.arc)], design.extra + 1)
        ammo = {**meka.ammo, **({len(mounts): system.ammo} if system.ammo is not None else {})}
        return replace(meka, design=built, ammo=ammo)
    weapon = play.weapon if play.weapon is not None else -1
    if not 0 <= weapon < len(mounts) or not design.mounts[weapon].system.weapon:
        raise RuleError("mekatac.refuse_prepare_weapon", card=name, meka=meka.id, weapon=str(play.weapon))
    if play.card == MUNICION_EXTRA:
        if weapon not in meka.ammo:
            raise RuleError("mekatac.refuse_prepare_weapon", card=name, meka=meka.id, weapon=str(weapon))
        return replace(meka, ammo={**meka.ammo, weapon: 2 * meka.ammo[weapon]})
    ladder = next((rungs for rungs in WEAPON_LADDERS if mounts[weapon][0] in rungs[:-1]), None)
    if ladder is None:
        raise RuleError("mekatac.refuse_prepare_weapon", card=name, meka=meka.id, weapon=str(weapon))
    better = SYSTEMS[ladder[ladder.index(mounts[weapon][0]) + 1]]
    mounts[weapon] = (better.key, mounts[weapon][1])
    grown = max(better.size - design.mounts[weapon].system.size, 0)
    built = build(design.name, design.size, mounts, design.extra + grown)
    ammo = {**{index: shots for index, shots in meka.ammo.items() if index != weapon},
            **({weapon: better.ammo} if better.ammo is not None else {})}
    return replace(meka, design=built, ammo=ammo)


def _apply(state: MekaState, side: str, play: Prepared, dice: Dice) -> tuple[MekaState, list[Event]]:
    """One card's effect (a refused card is an event and changes nothing; it stays in the hand)."""
    lead = state.unit(leads(state)[side])
    name = PREPARATION_NAMES[play.card]
    try:
        _validate(state, side, play)
    except RuleError as refused:
        said = Reason("mekatac.prepare_refused", side=side, card=name, why=as_reason(refused))
        return state, [Event(lead.id, "prepare", lead.hex, lead.hex, lead.facing, reason=said)]
    hand = list(_hand(state, side, play.card))
    hand.remove(play.card)
    if play.card in UPGRADE_CARDS:
        state = replace(state, upgrades={**state.upgrades, side: tuple(hand)})
    else:
        state = replace(state, strategies={**state.strategies, side: tuple(hand)})
    events = [Event(lead.id, "prepare", lead.hex, lead.hex, lead.facing, target=play.meka,
                    reason=Reason("mekatac.prepare_secret", side=side, card=name) if play.card == MINAS else Reason(
                        "mekatac.prepare_played", side=side, card=name, on=play.meka or play.hex or side))]
    meka = state.unit(play.meka) if play.meka else None
    if meka is not None and play.card in ON_OWN:
        changed = _upgraded(meka, play) if play.card in (ARMA_EXTRA, ARMA_MEJORADA, MUNICION_EXTRA) else meka
        if play.card == MEKA_OCULTO:
            changed = replace(changed, hex=state.board.hex(play.hex), hidden=True)
        changed = replace(changed, upgrades=(*meka.upgrades, play.card),
                          armour=changed.armour + (EXTRA_ARMOUR if play.card == BLINDAJE_EXTRA else 0),
                          skills=learn(meka.skills, dice) if play.card == VETERANO else meka.skills)
        return state.with_unit(changed), events
    if meka is not None and play.card == EMBOSCADA:
        return state.with_unit(replace(meka, hex=state.board.hex(play.hex))), events
    if meka is not None and play.card == DANOS:
        roll = dice.roll(*STARTING_DAMAGE, f"{name} on {meka.id}")
        state, hurt = damage(state, meka.id, roll.total, dice, critical=False)
        return state, [replace(events[0], rolls=(roll,), damage=roll.total), *hurt]
    if play.card == TERRENO:
        where = state.board.hex(play.hex)
        terrain = HexTerrain.parse(state.board.terrain(where).level, play.terrain)
        return replace(state, board=Board(state.board.width, state.board.height,
                                          {**state.board.hexes, where: terrain})), events
    if play.card == MINAS:
        return replace(state, mines={**state.mines, side: (*state.mines.get(side, ()), play.hex)}), events
    return replace(state, surprise=(*state.surprise, side)), events  # Sorpresa


def prepare(state: MekaState, orders: Sequence[PrepareOrder], dice: Dice) -> tuple[MekaState, list[Event]]:
    """Both sides' preparation orders, side a's first, each card in the order given."""
    events: list[Event] = []
    for order in sorted(orders, key=lambda given: state.unit(given.unit).side):
        side = state.unit(order.unit).side
        for play in order.cards:
            state, said = _apply(state, side, play, dice)
            events += said
    return replace(state, prepared=True), events
