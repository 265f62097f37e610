"""What is wrong with a malformed Solaris order (the core's ``order.malformed``, its cause a coded reason in
``why``); codes are a public contract (docs/protocol.md, "Reason codes")."""

from __future__ import annotations

from rules.core.reasons import register

register({
    "solaris.move_order": "an order is an object with a 'unit', a 'mode' and 'steps' (or 'to' and 'facing')",
    "solaris.order_keys": "a %(kind)s order has only %(keys)s; not %(extra)s",
    "solaris.steps": "'steps' must be a list of step codes such as \"F\", \"L\"",
    "solaris.mode": "'mode' must be a string",
    "solaris.jump_to": "'to' must be a hex label such as \"0808\" and 'facing' a number 0-5",
    "solaris.charge": "'charge' names the unit the order charges",
    "solaris.weapon_order": "a weapon order is an object with a 'unit', a 'target' and 'weapons'",
    "solaris.weapon_fields": "'target' must be a unit id and 'weapons' a list of weapon names or numbers",
    "solaris.weapon": "each weapon is a name (\"Medium Laser\", \"Medium Laser [RA]\") or a component number",
    "solaris.weapons_target": "weapons need a 'target'",
    "solaris.twist": "'twist' is -1 (left), 0 or 1 (right)",
    "solaris.physical_order": "a physical order is an object with a 'unit', a 'target', an 'attack' and a 'limb'",
    "solaris.physical_fields": "'target', 'attack' and 'limb' must be strings",
})
