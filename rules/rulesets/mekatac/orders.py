"""The MEKATAC orders as JSON, and the "may I?" check of a movement order.

A movement order is the meka's whole move and the attacks it makes on the way: ``{"unit": "A", "mode":
"walk"|"jump"|"fly", "steps": ["F", "L", "R", …], "attacks": [{"at": 2, "target": "B", "weapons": [0, 3,
"kick"]}]}``. ``F`` is one hex forward, ``L``/``R`` a 60° turn, each 1 MP ("MOVIMIENTO Y ENCARAMIENTO");
an attack fires after step ``at`` (0: before the first); a weapon is its index in the design's systems, or
``"punch"``/``"kick"``. A reaction is null (pass), ``{"hold": true}`` (pass for the rest of this move) or
``{"weapons": [...]}`` (fire at the meka that moved). An order's ``"react"`` is the meka's standing instruction for
the windows it would be asked in this phase: ``"ask"`` (the default), ``"fire"`` (at the first legal shot, without
being asked) or ``"hold"``.

Action cards go with a movement order (``"cards": [{"card": "blitz"}, {"card": "atascado", "target": "B"},
{"card": "ataque_oportunidad", "weapon": 0}, {"card": "tactica", "blocks": "blitz"}]``) or with one attack
(``{"at": 2, "target": "B", "weapons": [0], "card": "disparo_apuntado"}``); :mod:`rules.rulesets.mekatac.plays`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.core.errors import MalformedOrder
from rules.core.phases import Json
from rules.core.reasons import Reason
from rules.rulesets.mekatac.combat import MELEE_NAMES, Weapon
from rules.rulesets.mekatac.tables import ACTION_CARDS, ON_ATTACK, SUPPORT_WEAPONS

MODES = ("walk", "jump", "fly")
# A meka's standing instruction for the windows it would be asked in this phase: asked each time, firing at the
# first legal shot without being asked, or holding its fire for the whole phase.
ASK, FIRE, HOLD = "ask", "fire", "hold"
REACTS = (ASK, FIRE, HOLD)
STEPS = ("F", "L", "R")
MOST_STEPS = 40  # far past any meka's MP: a longer list is refused as malformed before any rule is read
MOST_WEAPONS = 20


@dataclass(frozen=True, slots=True)
class Volley:
    """Attacks the mover makes after step ``at`` of its move, at ``target``, with ``weapons`` in order."""

    at: int
    target: str
    weapons: tuple[Weapon, ...]
    card: str = ""  # Disparo apuntado or Crítico, played with the volley's first attack


@dataclass(frozen=True, slots=True)
class CardPlay:
    """An action card played with a movement order: on an enemy meka (``target``), on one of the meka's
    weapons (``weapon``), or a Táctica waiting for the opponent's card named ``blocks`` (any when empty)."""

    card: str
    target: str = ""
    weapon: int | None = None
    blocks: str = ""


@dataclass(frozen=True, slots=True)
class MoveOrder:
    unit: str
    mode: str = "walk"
    steps: tuple[str, ...] = ()
    attacks: tuple[Volley, ...] = ()
    cards: tuple[CardPlay, ...] = ()
    react: str = ASK
    transform: bool = False  # a transformer spends the turn changing mode (rules.rulesets.mekatac.transform)


@dataclass(frozen=True, slots=True)
class Fire:
    """A reaction: fire ``weapons`` at the meka whose step opened the window."""

    weapons: tuple[Weapon, ...]


@dataclass(frozen=True, slots=True)
class Hold:
    """A reaction: pass now and for the rest of this meka's move."""


def _only(data: Json, keys: tuple[str, ...], what: str) -> None:
    extra = sorted(str(key) for key in set(data) - set(keys))
    if extra:
        raise MalformedOrder(why=Reason("mekatac.order_keys", what=what, keys=", ".join(keys), extra=", ".join(extra)))


def weapons_from_json(data: Any) -> tuple[Weapon, ...]:
    if not isinstance(data, list) or len(data) > MOST_WEAPONS:
        raise MalformedOrder(why=Reason("mekatac.order_weapons"))
    weapons: list[Weapon] = []
    for weapon in data:
        if not (type(weapon) is int or isinstance(weapon, str) and weapon in MELEE_NAMES):
            raise MalformedOrder(why=Reason("mekatac.order_weapon", weapon=repr(weapon)))
        weapons.append(weapon)
    return tuple(weapons)


def move_order_from_json(data: Any) -> MoveOrder:
    if not isinstance(data, dict) or not isinstance(data.get("unit"), str):
        raise MalformedOrder(why=Reason("mekatac.order_shape"))
    _only(data, ("unit", "mode", "steps", "attacks", "cards", "react", "transform"), "movement order")
    mode, steps, attacks = data.get("mode", "walk"), data.get("steps", []), data.get("attacks", [])
    cards = data.get("cards", [])
    if mode not in MODES:
        raise MalformedOrder(why=Reason("mekatac.order_mode"))
    if not isinstance(steps, list) or len(steps) > MOST_STEPS or any(step not in STEPS for step in steps):
        raise MalformedOrder(why=Reason("mekatac.order_steps"))
    if not isinstance(attacks, list) or len(attacks) > MOST_WEAPONS:
        raise MalformedOrder(why=Reason("mekatac.order_attacks"))
    if not isinstance(cards, list) or len(cards) > MOST_WEAPONS:
        raise MalformedOrder(why=Reason("mekatac.order_cards"))
    if data.get("react", ASK) not in REACTS or type(data.get("transform", False)) is not bool:
        raise MalformedOrder(why=Reason("mekatac.order_react"))
    return MoveOrder(data["unit"], mode, tuple(steps), tuple(_volley(attack, len(steps)) for attack in attacks),
                     tuple(_card(card) for card in cards), data.get("react", ASK), data.get("transform", False))


def _card(data: Any) -> CardPlay:
    playable = (set(ACTION_CARDS) - ON_ATTACK) | set(SUPPORT_WEAPONS)
    if not isinstance(data, dict) or data.get("card") not in playable:
        raise MalformedOrder(why=Reason("mekatac.order_card", cards=", ".join(sorted(playable))))
    _only(data, ("card", "target", "weapon", "blocks"), "card")
    target, weapon, blocks = data.get("target", ""), data.get("weapon"), data.get("blocks", "")
    if not isinstance(target, str) or not (weapon is None or type(weapon) is int) \
            or not (blocks == "" or blocks in ACTION_CARDS):
        raise MalformedOrder(why=Reason("mekatac.order_card_fields"))
    return CardPlay(data["card"], target, weapon, blocks)


def card_to_json(play: CardPlay) -> Json:
    return {"card": play.card, **({"target": play.target} if play.target else {}),
            **({"weapon": play.weapon} if play.weapon is not None else {}),
            **({"blocks": play.blocks} if play.blocks else {})}


def _volley(data: Any, steps: int) -> Volley:
    if not isinstance(data, dict):
        raise MalformedOrder(why=Reason("mekatac.order_attack"))
    _only(data, ("at", "target", "weapons", "card"), "attack")
    at, target, card = data.get("at", 0), data.get("target", ""), data.get("card", "")
    if type(at) is not int or not 0 <= at <= steps:
        raise MalformedOrder(why=Reason("mekatac.order_at", steps=steps))
    if not isinstance(target, str):
        raise MalformedOrder(why=Reason("mekatac.order_target"))
    if card != "" and card not in ON_ATTACK:
        raise MalformedOrder(why=Reason("mekatac.order_attack_card", cards=", ".join(sorted(ON_ATTACK))))
    return Volley(at, target, weapons_from_json(data.get("weapons", [])), card)


def move_order_to_json(order: MoveOrder) -> Json:
    return {"unit": order.unit, "mode": order.mode, "steps": list(order.steps),
            "attacks": [{"at": volley.at, "target": volley.target, "weapons": list(volley.weapons),
                         **({"card": volley.card} if volley.card else {})} for volley in order.attacks],
            **({"cards": [card_to_json(play) for play in order.cards]} if order.cards else {}),
            **({"react": order.react} if order.react != ASK else {}),
            **({"transform": True} if order.transform else {})}


def reaction_from_json(data: Any) -> Fire | Hold | None:
    if data is None:
        return None
    if data == {"hold": True}:
        return Hold()
    if not isinstance(data, dict) or set(data) != {"weapons"}:
        raise MalformedOrder("reaction.malformed", why=Reason("mekatac.reaction_shape"))
    weapons = weapons_from_json(data["weapons"])
    if not weapons:
        raise MalformedOrder("reaction.malformed", why=Reason("mekatac.reaction_empty"))
    return Fire(weapons)
