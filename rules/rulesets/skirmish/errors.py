"""The error codes of the skirmish ruleset: every refusal of an order and of a reaction, with its English
template; codes are a public contract (docs/protocol.md, "Error codes"). A malformed order is the core's
``order.malformed``, its cause a coded reason (``why``)."""

from __future__ import annotations

from rules.core.errors import register
from rules.core.reasons import register as register_reasons

register({
    # Refusals of an order (movement.py, phase.py)
    "skirmish.not_active": "%(unit)s is not a troop of the active player that can take an order.",
    "skirmish.immobilised": "%(unit)s is Immobilised and cannot declare a skill with the Movement label.",
    "skirmish.engaged": "%(unit)s is Engaged and cannot declare Move.",
    "skirmish.no_cautious": "A %(profile)s cannot declare Cautious Movement (%(unit)s).",
    "skirmish.too_far": "%(unit)s may move %(allowance)s hexes in this skill, not %(hexes)s (1 hex = 5 cm).",
    "skirmish.off_board": "Hex %(hex)s is off the board (%(unit)s).",
    "skirmish.not_adjacent": "%(unit)s's path jumps from %(previous)s to %(hex)s: a path enters adjacent hexes.",
    "skirmish.obstacle": "%(unit)s cannot pass into %(hex)s: the obstacle rises %(levels)s levels, taller than its "
                         "silhouette (%(height)s) ('sortear cualquier obstáculo cuya altura sea igual o inferior').",
    "skirmish.drop": "%(unit)s cannot step down %(levels)s levels into %(hex)s, more than its silhouette "
                     "(%(height)s): a move never drops a troop into the void ('la caída al vacío').",
    "skirmish.ally_blocks": "Ally %(ally)s in %(hex)s has a taller silhouette and obstructs %(unit)s's move.",
    "skirmish.ends_on_ally": "%(unit)s cannot end its move on ally %(ally)s in %(hex)s ('no podrá finalizar su "
                             "Movimiento sobre una Miniatura … aliado').",
    "skirmish.no_surface": "%(unit)s cannot end a Move on the obstacle in %(hex)s: it is no surface to stand on "
                           "(the second MOV value needs a valid surface at the end of the first).",
    "skirmish.no_target": "%(target)s is no enemy troop %(unit)s can attack.",
    "skirmish.no_lof": "%(unit)s has no line of fire to %(target)s from any point of its path.",
    # Mounting and dismounting (movement.py: 'Montar y desmontar', and the FAQ on the Possessed state)
    "skirmish.mount_not_first": "%(unit)s mounts or dismounts only with the first skill of its order ('al inicio "
                                "de la Orden, tras haber declarado la primera Habilidad').",
    "skirmish.mount_engaged": "%(unit)s is Engaged: it cannot declare a Movement skill to mount or dismount ('si la "
                              "Tropa se encuentra en estado Trabado o Inmovilizado … no podrá').",
    "skirmish.mount_immobilised": "%(unit)s is Immobilised: it cannot declare a Movement skill to mount or dismount "
                                  "('si la Tropa se encuentra en estado Trabado o Inmovilizado … no podrá').",
    "skirmish.mount_cautious": "A %(profile)s cannot declare Cautious Movement, so %(unit)s cannot mount or dismount "
                               "with it ('no pueden declarar Movimiento Cauteloso').",
    "skirmish.mount_possessed": "%(unit)s is a Possessed TAG: its pilot can neither mount nor dismount (FAQ: 'su "
                                "Piloto no puede Montar ni Desmontar').",
    "skirmish.no_mount": "%(unit)s has no mount of its own to mount.",
    "skirmish.not_mounted": "%(unit)s is not mounted: it has nothing to dismount from.",
    # Refusals of a reaction (ruleset.py)
    "skirmish.reaction_malformed": "A reaction is {\"attack\": %(trigger)s} or null (pass).",
    "skirmish.reaction_no_lof": "%(unit)s has no line of fire to %(trigger)s at that step: it cannot react.",
    "skirmish.reaction_closed": "%(unit)s has had its one reaction of this order: its window opened at an earlier "
                                "step and is closed.",
})

# What is wrong with an order's shape (orders.py), said as ``order.malformed``'s ``why``.
register_reasons({
    "skirmish.order_shape": "%(problem)s; an order is {unit, skills: [one or two short skills, or one long skill]}",
    "skirmish.not_an_order": "not an order",
    "skirmish.skill_count": "an order has one or two skills",
    "skirmish.long_alone": "a long skill is the whole order",
    "skirmish.one_attack": "one BS Attack per order",
    "skirmish.skill_kind": "a skill is move, attack, idle or cautious",
    "skirmish.skill_malformed": "a malformed %(skill)s skill",
    "skirmish.path_shape": "a path is a list of at most %(most)s hex labels",
    "skirmish.facing_range": "a facing is 0 to 5",
    "skirmish.prone_flag": "prone is true or false",
    "skirmish.mount_flag": "mount is true (mount) or false (dismount)",
})
