"""The coded reasons of the skirmish ruleset: every ruling of an order's play and every refusal.

English templates in Django's ``%(name)s`` placeholders, the same text the client's catalogue translates
(Spanish in locale/es/LC_MESSAGES/djangojs.po); codes are a public contract (docs/protocol.md). A refusal is a
:class:`RuleError` whose code is its reason's and whose message is the reason's English text.
"""

from __future__ import annotations

from rules.core.errors import RuleError
from rules.core.reasons import Param, Reason, register

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
    # Refusals of a reaction (ruleset.py, play.py)
    "skirmish.reaction_malformed": "A reaction is {\"attack\": %(trigger)s} or null (pass).",
    "skirmish.reaction_no_lof": "%(unit)s has no line of fire to %(trigger)s at that step: it cannot react.",
    "skirmish.reaction_closed": "%(unit)s has had its one reaction of this order: its window opened at an earlier "
                                "step and is closed.",
    # Rulings of an order's play (play.py, resolve.py)
    "skirmish.declare_move": "%(unit)s declares Move from %(hex)s.",
    "skirmish.declare_cautious": "%(unit)s declares Cautious Movement from %(hex)s.",
    "skirmish.declare_attack": "%(unit)s declares BS Attack on %(target)s.",
    "skirmish.declare_idle": "%(unit)s is Idle (Inacción).",
    "skirmish.posture": "%(unit)s changes to %(posture)s at the start of its move.",
    "skirmish.step": "%(unit)s enters %(hex)s.",
    "skirmish.contact": "%(unit)s comes into silhouette contact with %(enemy)s in %(hex)s and stops: both are "
                        "Engaged ('dejará de mover de manera automática').",
    "skirmish.sighted": "Line of fire to %(unit)s in %(hex)s opens: the troops that gain it may react now.",
    "skirmish.reacts": "%(unit)s reacts (ARO): BS Attack on %(target)s in %(hex)s (%(cover)s cover).",
    "skirmish.passes": "%(unit)s lets its reaction go: it gets no other this order.",
    "skirmish.roll_face_to_face": "Face-to-face roll: %(unit)s needs %(target)s or less on 1d20 (BS %(bs)s, cover %(mod)s), "
                                  "rolls %(roll)s.",
    "skirmish.roll_normal": "Normal roll: %(unit)s needs %(target)s or less on 1d20 (BS %(bs)s, cover %(mod)s), "
                            "rolls %(roll)s.",
    "skirmish.hit": "%(unit)s hits %(target)s.",
    "skirmish.miss": "%(unit)s misses %(target)s.",
    "skirmish.beaten": "%(unit)s's success is cancelled by %(other)s's higher one.",
    "skirmish.tie": "%(unit)s and %(other)s roll the same success: both cancel.",
    "skirmish.save": "%(unit)s saves: 1d20 %(roll)s + ARM %(arm)s, cover %(bonus)s beats damage %(damage)s.",
    "skirmish.save_failed": "%(unit)s fails its saving roll: 1d20 %(roll)s + ARM %(arm)s, cover %(bonus)s against "
                            "damage %(damage)s; %(wounds)s wounds left.",
    "skirmish.unconscious": "%(unit)s is left Unconscious in %(hex)s, the end point of its move.",
    "skirmish.dead": "%(unit)s is Dead in %(hex)s.",
    "skirmish.end_turn": "Side %(side)s's active turn ends with %(pool)s orders unspent.",
    "skirmish.victory": "After %(turns)s turns side %(side)s has put %(points)s enemy troops out of action.",
    "skirmish.draw": "After %(turns)s turns both sides have put as many enemy troops out of action.",
    "skirmish.wiped_out": "Side %(side)s has no troop left standing.",
}, words=("normal", "prone", "none", "partial", "total"))


def refuse(code: str, **params: Param) -> RuleError:
    """The coded refusal of the rule ``code`` names (its message the reason's English text)."""
    return RuleError(Reason(code, **params), code=code, **params)
