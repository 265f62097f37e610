"""Coded reasons: every ruling's reason has a stable code and parameters, so a client can say it in the
player's language, and it is still the English sentence everywhere a string is expected.

``Reason("los.heights", source=…, …)`` fills the English template of its code (``TEMPLATES``, Django's
``%(name)s`` placeholders, the same text the client's catalogue translates). A parameter is a number, a
word (translated by the client when it is in ``WORDS``), a proper name or label (shown as it is), or
another :class:`Reason` (a clause rendered in the same language). Codes are a public contract
(docs/protocol.md): add codes, never change the meaning or parameters of one in use.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any, Union

Param = Union[str, int, "Reason"]

TEMPLATES: dict[str, str] = {
    # Line of sight (rules/los.py); rule quotes are the Spanish texts' headings and stay untranslated.
    "los.viewpoint_hex": "Looking from hex %(hex)s as a standing BattleMech there would (1 level above the ground).",
    "los.end_unit": "%(role)s %(unit)s (%(posture)s in %(hex)s)",
    "los.end_hex": "target hex %(hex)s",
    "los.heights": "Heights: %(source)s at level %(source_level)s, %(target)s at level %(target_level)s.",
    "los.submerged": "%(under)s is fully under water and %(over)s is not: water this deep blocks the line "
                     "completely, even between adjacent units ('Hexágonos de agua', 'Unidades adyacentes').",
    "los.infantry_in_building": "Infantry inside a building cannot be shot at from outside it; shoot the building "
                                "instead ('Infantería en edificios': 'los edificios bloquean la LdV').",
    "los.same_hex": "Attacker and target share the hex: nothing lies between them.",
    "los.adjacent": "Adjacent units always have line of sight to each other ('Unidades adyacentes').",
    "los.split": "The line runs exactly between hexes (%(pairs)s), left and right as seen from the attacker: "
                 "through the left side %(left)s; through the right side %(right)s. %(why)s: %(side)s "
                 "('Si la LdV pasa exactamente entre dos hexágonos').",
    "los.split_static": "The target is static, so the most restrictive side applies",
    "los.split_chosen": "The target's controller chose the %(side)s side",
    "los.split_default": "The target's controller may choose; unless they do, the side worse for the attacker "
                         "applies",
    "los.outcome_blocked": "there is no LOS",
    "los.outcome_clear": "there is LOS at %(modifier)s",
    "los.higher_than_both": "higher than both ends",
    "los.higher_next_to_attacker": "adjacent to the attacker and higher than it",
    "los.higher_next_to_target": "adjacent to the target and higher than it",
    "los.ground_blocks": "%(hex)s: the ground at level %(level)s intervenes (%(why)s) and blocks the line "
                         "('Terreno interviniente'; 'Colinas: los niveles de elevación bloquean la LdV').",
    "los.building_blocks": "%(hex)s: a %(kind)s building reaching level %(level)s intervenes (%(why)s) and blocks "
                           "the line ('Edificios: los edificios que interfieren en la LdV la bloquean').",
    "los.bridge_blocks": "%(hex)s: a %(kind)s bridge reaching level %(level)s intervenes (%(why)s) and blocks the "
                         "line (a bridge deck has height; the text is silent, so it blocks like a building).",
    "los.woods_intervene": "%(hex)s: %(woods)s reaching level %(level)s intervenes (%(why)s): +%(modifier)s to hit "
                           "('Efectos del terreno interviniente').",
    "los.woods_below": "%(hex)s: %(woods)s reaching level %(level)s does not intervene under the %(rule)s rule "
                       "('Terreno interviniente').",
    "los.smoke": "smoke (counted as heavy woods)",
    "los.dry_ground_underwater": "%(hex)s: dry ground between two units under water blocks the line ('Agua: … a "
                                 "menos que tanto atacante como atacado estén completamente sumergidos y no "
                                 "intervenga ningún otro terreno').",
    "los.woods_block": "%(light)s light and %(heavy)s heavy intervening woods hexes block the line (3+ light, 2+ "
                       "heavy, or 1 heavy with 1+ light: 'Bosques dispersos', 'Bosques densos').",
    "los.clear": "No intervening terrain rises high enough to interfere ('Terreno interviniente').",
    "los.dead_zone_level": "Dead zone: both ends are at the same level, so no hex short of the higher-than-both "
                           "test can hide either ('Regla de la zona muerta').",
    "los.dead_zone_low": "Dead zone: the highest hex between them, %(hex)s at level %(level)s, is no higher than "
                         "the lower end (%(low_level)s), so there is no dead zone ('Regla de la zona muerta').",
    "los.dead_zone": "Dead zone: X = %(hex)s at level %(level)s; lower end %(low)s at %(low_level)s, higher end "
                     "%(high)s at %(high_level)s: A = %(level)s - %(low_level)s = %(a)s, B = %(high_level)s - "
                     "%(level)s = %(b)s, C = 2 x (A - B) = %(c)s, distances %(to_high)s - %(to_low)s = %(offset)s; "
                     "%(c)s + %(offset)s = %(result)s, so %(verdict)s ('Regla de la zona muerta', Maximum Tech).",
    "los.dead_zone_hidden": "it is in the dead zone: no LOS",
    "los.dead_zone_seen": "it is not in the dead zone: LOS",
    "los.cover_denied": "%(hex)s next to the target reaches its height, but the attacker is higher than the "
                        "target, which denies partial cover ('un atacante disparando colina abajo niega la posible "
                        "cobertura parcial').",
    "los.partial_cover": "Partial cover: %(hex)s next to the target reaches its height (level %(level)s) between "
                         "it and the attacker: +%(modifier)s to hit, and hits use the punch hit-location table "
                         "('Cobertura parcial').",
    "los.water_cover": "Partial cover: the target stands in depth 1 water, which covers it even from a higher "
                       "attacker: +%(cover)s, and %(water)s for shots at a mech in depth 1 water, net +%(net)s; "
                       "hits use the punch hit-location table ('Hexágonos de agua', 'Cobertura parcial').",
    "los.attacker_in_water": "The attacker stands in depth 1 water: +%(modifier)s to its shots ('recibe un "
                             "modificador +1 al disparo').",
    "los.mod_woods": "%(woods)s in %(hex)s",
    "los.mod_partial_cover": "partial cover behind %(hex)s",
    "los.mod_water_cover": "partial cover: target in depth 1 water",
    "los.mod_target_in_water": "target in depth 1 water",
    "los.mod_attacker_in_water": "attacker in depth 1 water",
}

# Words a parameter may hold that the client translates (terrain, postures, sides …); anything else in a
# parameter (hex labels, unit ids, weapon names, numbers) is shown as it is.
WORDS: frozenset[str] = frozenset({
    "attacker", "target", "left", "right", "standard", "dead_zone",
    "light woods", "heavy woods", "light", "medium", "heavy", "hardened",
    "standing mech", "prone mech", "infantry", "tracked", "wheeled", "hover", "submarine",
})

PLACEHOLDER = re.compile(r"%\((\w+)\)s")


class Reason(str):
    """The English text of a coded reason, carrying its ``code`` and ``params``."""

    code: str
    params: Mapping[str, Param]

    def __new__(cls, code: str, /, **params: Param) -> Reason:
        text = TEMPLATES[code] % {name: str(value) for name, value in params.items()}
        reason = super().__new__(cls, text)
        reason.code, reason.params = code, params
        return reason

    def __getnewargs_ex__(self) -> tuple[tuple[str], dict[str, Param]]:
        # copy and pickle rebuild the reason from its code, not from its text.
        return (self.code,), dict(self.params)


def signed(value: int) -> str:
    """A modifier as the rules write it: ``+2``, ``-1``, ``+0``."""
    return f"{value:+d}"


def reason_code(reason: str) -> dict[str, Any]:
    """``{"code", "params"}`` for the client; a reason without a code (one a scenario gave in plain
    words) has ``code`` null and is shown as its text."""
    if not isinstance(reason, Reason):
        return {"code": None, "params": {}}
    params = {name: reason_code(value) if isinstance(value, Reason) else value
              for name, value in reason.params.items()}
    return {"code": reason.code, "params": params}


def reason_codes(reasons: Iterable[str]) -> list[dict[str, Any]]:
    """The ``reason_codes`` list that goes out beside ``reasons``, one entry per reason, in order."""
    return [reason_code(reason) for reason in reasons]
