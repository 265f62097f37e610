"""The coded reasons of the skirmish ruleset: every ruling of an order's play (its refusals are coded errors,
:mod:`rules.rulesets.skirmish.errors`).

English templates in Django's ``%(name)s`` placeholders, the same text the client's catalogue translates
(Spanish in locale/es/LC_MESSAGES/djangojs.po); codes are a public contract (docs/protocol.md).
"""

from __future__ import annotations

from rules.core.reasons import register

register({
    # The title of an order's phase (``order-N``) in the match page's header.
    "skirmish.phase_order": "Order %(number)s",
    # A troop's name on the match and lobby pages: its id and its profile's word (a word of the catalogue).
    "skirmish.troop_name": "%(unit)s (%(profile)s)",
    # Rulings of an order's play (play.py, resolve.py)
    "skirmish.declare_move": "%(unit)s declares Move from %(hex)s.",
    "skirmish.declare_cautious": "%(unit)s declares Cautious Movement from %(hex)s.",
    "skirmish.declare_attack": "%(unit)s declares BS Attack on %(target)s.",
    "skirmish.declare_idle": "%(unit)s is Idle (Inacción).",
    "skirmish.mounts": "%(unit)s mounts: its %(profile)s profile is the one it has for the whole order, not its "
                       "%(other)s one.",
    "skirmish.dismounts": "%(unit)s dismounts: its %(profile)s profile is the one it has for the whole order, not "
                          "its %(other)s one.",
    "skirmish.escape": "%(unit)s's Escape System leaves its %(profile)s in %(hex)s, not Possessed (FAQ: 'el perfil "
                       "del Operador no estará en Estado Poseído').",
    "skirmish.posture": "%(unit)s changes to %(posture)s at the start of its move.",
    "skirmish.step": "%(unit)s enters %(hex)s.",
    "skirmish.contact": "%(unit)s comes into silhouette contact with %(enemy)s in %(hex)s and stops: both are "
                        "Engaged ('dejará de mover de manera automática').",
    "skirmish.sighted": "Line of fire to %(unit)s in %(hex)s opens: the troops that gain it may react now.",
    "skirmish.skill_end": "%(unit)s ends its skill in %(hex)s: the reactive side may declare its reactions (AROs); "
                          "its troops in hidden deployment are asked here, whether or not they have a line of fire.",
    "skirmish.reacts_hidden": "%(unit)s reacts from hidden deployment (ARO, declared at the end of the skill): BS Attack "
                              "on %(target)s in %(hex)s, where its line of fire opened (%(cover)s cover).",
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
    # The line-of-fire question (queries.py)
    "skirmish.cover_mod": "partial cover: %(mod)s to the attacker's roll",
    "skirmish.lof_open": "%(unit)s has a line of fire to %(target)s (%(cover)s cover).",
    "skirmish.lof_closed": "%(unit)s has no line of fire to %(target)s: it is in total cover.",
    "skirmish.victory": "After %(turns)s turns side %(side)s has put %(points)s enemy troops out of action.",
    "skirmish.draw": "After %(turns)s turns both sides have put as many enemy troops out of action.",
    "skirmish.wiped_out": "Side %(side)s has no troop left standing.",
}, words=("normal", "prone", "none", "partial", "total", "infantry", "bike", "tag", "vehicle"))

