"""The reason codes of the MEKATAC rulings, registered when the package is imported: every ruling in a report
and every refusal of an order or a reaction is one of these (the client says them in the player's language)."""

from __future__ import annotations

from rules.core.errors import register as register_errors
from rules.core.reasons import TEMPLATES, register

register({
    # Initiative ("FASE DE INICIATIVA"; ties rerolled, movement from the lowest roll to the highest).
    "mekatac.initiative": "%(unit)s rolls %(roll)s on 1D10, %(modifier)s for its size: initiative %(total)s",
    "mekatac.initiative_tie": "%(units)s tie on %(total)s and roll again",
    "mekatac.cards_drawn": "side %(side)s draws %(count)s action cards",
    "mekatac.cards_discarded": "side %(side)s discards %(count)s action cards over the hand limit of 8",
    "mekatac.deck_shuffled": "the action deck of %(count)s cards is shuffled",
    # To-hit modifiers ("ATAQUES").
    "mekatac.mod_half_range": "half range or less (%(distance)s of %(range)s hexes): %(value)s",
    "mekatac.mod_adjacent": "adjacent: %(value)s",
    "mekatac.mod_small": "small target: %(value)s",
    "mekatac.mod_large": "large target: %(value)s",
    "mekatac.mod_airborne": "target flying or jumping: %(value)s",
    "mekatac.mod_cover": "partial cover of %(percent)s in a hundred: %(value)s",
    "mekatac.mod_aimer": "aimer: %(value)s",
    "mekatac.mod_plasma_flamer": "plasma or flamer: %(value)s",
    "mekatac.mod_computer": "computer damaged: %(value)s",
    "mekatac.mod_indirect": "indirect mortar fire, %(spotter)s spots the target",
    # Attacks at any moment of the movement phase (our reading of "Fase de disparo", docs/mekatac.md).
    "mekatac.attack_hit": "%(unit)s fires %(weapon)s at %(target)s: needs %(need)s on 1D10, rolls %(roll)s, "
                          "hits for %(damage)s",
    "mekatac.attack_miss": "%(unit)s fires %(weapon)s at %(target)s: needs %(need)s on 1D10, rolls %(roll)s, misses",
    "mekatac.attack_refused": "%(unit)s cannot fire %(weapon)s at %(target)s now: %(why)s",
    "mekatac.attack_interrupt": "%(unit)s may fire at %(target)s during its move (attacks happen at any moment "
                                "of the movement phase)",
    "mekatac.armour_left": "%(unit)s has %(armour)s armour left",
    "mekatac.destroyed": "%(unit)s is destroyed",
    "mekatac.bomb": "%(unit)s self-destructs: 6D10 to every adjacent meka",
    "mekatac.bomb_hit": "%(target)s takes %(damage)s from the bomb of %(unit)s",
    "mekatac.burning": "%(unit)s burns for %(damage)s",
    "mekatac.fire_damage": "%(unit)s takes %(damage)s from an electrical fire",
    # Criticals ("TABLA DE DAÑO CRÍTICO").
    "mekatac.critical": "a hit of %(damage)s on %(unit)s rolls %(roll)s on the critical table: %(effect)s",
    "mekatac.crit_leg_destroyed": "leg destroyed: it falls and can no longer move or turn, but may still attack",
    "mekatac.crit_pilot_wounded": "pilot wounded: %(wounds)s wounds, %(total)s of 6",
    "mekatac.crit_leg_damaged": "leg damaged: movement -1",
    "mekatac.crit_wing_torn": "wing torn off: it can no longer fly",
    "mekatac.crit_weapon": "weapon destroyed: %(weapon)s",
    "mekatac.crit_no_weapon": "weapon: none left to destroy",
    "mekatac.crit_reactor": "reactor: it explodes on 4+ on 1D6 at the end of the turn",
    "mekatac.crit_computer": "computer: -1 to hit on all its attacks",
    "mekatac.crit_shock": "systemic shock: it does nothing in its next move",
    "mekatac.crit_fall": "fall: it spends its next turn standing up, neither moving nor attacking",
    "mekatac.crit_electrical_fire": "electrical fire: 1D4 damage at the start of each turn",
    "mekatac.crit_no_effect": "no effect",
    "mekatac.flyer_falls": "%(unit)s falls from the air and loses %(tenths)s tenths of its armour: %(damage)s",
    "mekatac.pilot_killed": "the pilot of %(unit)s has 6 wounds: out of the fight",
    "mekatac.reactor_roll": "the reactor of %(unit)s rolls %(roll)s on 1D6: %(outcome)s",
    "mekatac.reactor_holds": "it holds",
    "mekatac.reactor_explodes": "it explodes",
    # Movement ("MOVIMIENTO Y ENCARAMIENTO").
    "mekatac.move_blocked": "%(unit)s cannot enter %(hex)s: %(why)s",
    "mekatac.move_idle": "%(unit)s cannot move this turn: %(why)s",
    # Refusals (the same codes as the errors raised for an order or a reaction).
    "mekatac.refuse_not_a_weapon": "%(unit)s has no weapon %(weapon)s",
    "mekatac.refuse_broken": "%(weapon)s of %(unit)s was destroyed",
    "mekatac.refuse_used": "%(weapon)s of %(unit)s has fired this turn (each weapon once per turn)",
    "mekatac.refuse_melee_used": "%(unit)s has made its melee attack this turn (one per turn)",
    "mekatac.refuse_plasma_cooling": "%(weapon)s of %(unit)s fired last turn (plasma fires every other turn)",
    "mekatac.refuse_no_ammo": "%(weapon)s of %(unit)s has no ammunition left",
    "mekatac.refuse_out_of_range": "%(target)s is %(distance)s hexes away, past the %(range)s of %(weapon)s",
    "mekatac.refuse_arc": "%(target)s is not in the %(arc)s arc of %(weapon)s",
    "mekatac.refuse_no_sight": "%(unit)s has no line of sight to %(target)s",
    "mekatac.refuse_own_side": "%(target)s is on the side of %(unit)s",
    "mekatac.refuse_target_out": "%(target)s is out of the fight",
    "mekatac.refuse_attacker_out": "%(unit)s cannot attack now: %(why)s",
    "mekatac.refuse_no_mp": "%(unit)s has %(mp)s MP and the move needs %(needed)s",
    "mekatac.refuse_mode": "%(unit)s cannot %(mode)s: it lacks the system",
    "mekatac.why_fallen": "it is standing up after a fall",
    "mekatac.why_shock": "systemic shock",
    "mekatac.why_leg": "a leg is destroyed",
    "mekatac.why_out": "it is out of the fight",
    "mekatac.why_off_board": "off the board",
    "mekatac.why_occupied": "another meka stands there",
    "mekatac.why_obstacle": "an obstacle only jump jets or wings pass",
    "mekatac.why_grounded": "its wings are torn off",
    # The action cards in play (rules.rulesets.mekatac.plays).
    "mekatac.refuse_card_not_held": "side %(side)s holds no %(card)s to play",
    "mekatac.refuse_card_target": "%(card)s is played on an enemy meka, not %(target)r",
    "mekatac.refuse_card_weapon": "%(card)s names a weapon of %(unit)s, not %(weapon)s",
    "mekatac.card_gone": "side %(side)s no longer holds %(card)s: it is not played",
    "mekatac.card_blocked": "side %(by)s plays Táctica: the %(card)s of side %(side)s is blocked",
    "mekatac.card_played": "side %(side)s plays %(card)s with %(unit)s",
    "mekatac.card_mp": "%(unit)s gains %(mp)s MP this turn",
    "mekatac.card_initiative": "%(unit)s adds %(bonus)s to its next initiative roll (cards are played after this "
                               "turn's roll)",
    "mekatac.card_salvo": "each ranged weapon of %(unit)s may fire once more this turn",
    "mekatac.card_again": "a weapon of %(unit)s may fire once more this turn",
    "mekatac.card_stuck": "%(target)s cannot move this turn",
    "mekatac.card_doubt": "%(target)s cannot attack this turn",
    "mekatac.why_stuck": "Atascado: it cannot move this turn",
    "mekatac.why_doubt": "Duda: it cannot attack this turn",
    "mekatac.why_no_mp": "its MP are spent (the card that gave it more was blocked)",
    "mekatac.attack_aimed": "%(unit)s fires %(weapon)s at %(target)s with Disparo apuntado: it hits without a "
                            "roll, for %(damage)s",
    "mekatac.attack_rerolled": "%(unit)s plays Pura suerte: it rolls the attack of %(weapon)s again",
    "mekatac.attack_deflected": "%(target)s plays Deflección: the attack of %(unit)s with %(weapon)s misses",
    "mekatac.critical_card": "Crítico: the hit on %(unit)s rolls once more on the critical table",
    "mekatac.initiative_card": "%(unit)s rolls %(roll)s on 1D10, %(modifier)s for its size, %(bonus)s by "
                               "Iniciativa: initiative %(total)s",
    # Ammunition types ("MUNICIÓN BALÍSTICA, DE MISILES Y MORTEROS").
    "mekatac.mod_smart": "smart ammunition: %(value)s",
    "mekatac.blast": "%(target)s is caught in the high-explosive blast: %(damage)s",
    "mekatac.refuse_load_type": "%(unit)s: ammunition is %(known)s, not %(load)r",
    "mekatac.refuse_load_weapon": "%(unit)s: weapon %(weapon)s takes no ammunition types (ballistic, missiles and "
                                  "mortars do)",
    # The builder's causes ("design.arc", "design.unknown").
    "mekatac.design_needs_arc": "%(system)s needs an arc (F, I, D, T), not %(arc)r",
    "mekatac.design_no_arc": "%(system)s has no arc",
    "mekatac.design_unknown": "no meka design %(design)r",
    # Pilot skills ("HABILIDADES DE LOS PILOTOS").
    "mekatac.mod_skill": "%(skill)s: %(value)s",
    "mekatac.skill_dodge": "the pilot of %(target)s (%(skill)s) rolls %(roll)s on 1D6: the attack of %(unit)s "
                           "misses",
    "mekatac.skill_no_dodge": "the pilot of %(target)s (%(skill)s) rolls %(roll)s on 1D6: the attack of %(unit)s "
                              "still hits",
    "mekatac.initiative_bonus": "%(unit)s rolls %(roll)s on 1D10, %(modifier)s for its size, %(bonus)s by "
                                "%(sources)s: initiative %(total)s",
    "mekatac.refuse_skill": "%(unit)s: a pilot's skill is one of %(known)s, not %(skill)r",
    # The upgrade and strategy decks (rules.rulesets.mekatac.prepare, hidden, support).
    "mekatac.prepare_shape": "a preparation order is {\"unit\": LEAD, \"cards\": [...]}",
    "mekatac.prepare_card": "a preparation card is {card, meka?, weapon?, system?, arc?, hex?, terrain?}, its card "
                            "one of %(cards)s",
    "mekatac.prepare_dealt": "side %(side)s draws %(count)s upgrade and %(count)s strategy cards",
    "mekatac.prepare_dealt_mecanico": "side %(side)s draws %(upgrades)s upgrade cards (one more for each "
                                      "pilot with %(skill)s: %(units)s) and %(count)s strategy cards",
    "mekatac.prepare_played": "side %(side)s plays %(card)s (%(on)s)",
    "mekatac.prepare_secret": "side %(side)s plays %(card)s, noted in secret",
    "mekatac.prepare_refused": "side %(side)s cannot play %(card)s now: %(why)s",
    "mekatac.refuse_prepare_lead": "%(unit)s does not give its side's preparation order: %(lead)s does",
    "mekatac.refuse_prepare_meka": "%(card)s cannot be played on %(meka)r (Emboscada and Daños on an enemy meka, "
                                   "the upgrades and Meka oculto on one of yours)",
    "mekatac.refuse_prepare_later": "%(card)s is played with a movement order, once in the game",
    "mekatac.refuse_prepare_weapon": "%(card)s cannot be played on weapon %(weapon)s of %(meka)s",
    "mekatac.refuse_prepare_half": "%(card)s goes in your half of the board, not %(hex)s",
    "mekatac.refuse_prepare_ambush": "%(card)s moves the meka to a free hex at most %(reach)s hexes away, not %(hex)s",
    "mekatac.refuse_prepare_taken": "%(card)s places the meka on a free hex, not %(hex)s",
    "mekatac.mine": "%(unit)s treads on a mine in %(hex)s: 4D10 for %(damage)s",
    "mekatac.revealed": "%(unit)s is revealed: %(why)s",
    "mekatac.why_moved": "it moves",
    "mekatac.why_attacked": "it attacks",
    "mekatac.why_seen": "%(by)s sees it",
    "mekatac.support_unseen": "side %(side)s cannot play %(card)s at %(target)s: none of its mekas sees it",
    "mekatac.support_miss": "side %(side)s plays %(card)s at %(target)s, spotted by %(spotter)s: needs %(need)s on "
                            "1D10, rolls %(roll)s, misses",
    "mekatac.support_hit": "side %(side)s plays %(card)s at %(target)s, spotted by %(spotter)s: needs %(need)s on "
                           "1D10, rolls %(roll)s, hits for %(damage)s",
    # Transformers ("REGLAS OPCIONALES - TRANSFORMERS").
    "mekatac.refuse_transform_off": "%(unit)s cannot transform: transformers are not agreed for this match",
    "mekatac.refuse_transform": "%(unit)s is no transformer",
    "mekatac.refuse_transform_busy": "%(unit)s spends the turn transforming: its order has no steps or attacks",
    "mekatac.transforming": "%(unit)s transforms: it stands in its other mode at the end of the turn",
    "mekatac.why_transforming": "it is transforming",
    # The end of the match.
    "mekatac.victory": "side %(side)s has no meka able to fight",
    "mekatac.turn_limit": "the turn limit is reached: the side with more mekas able to fight wins",
    # What a malformed order or reaction gets wrong ("order.malformed", "reaction.malformed").
    "mekatac.order_keys": "a %(what)s has only %(keys)s; not %(extra)s",
    "mekatac.order_weapons": "'weapons' is a list of weapon numbers or \"punch\"/\"kick\"",
    "mekatac.order_weapon": "a weapon is its number or \"punch\"/\"kick\", not %(weapon)s",
    "mekatac.order_shape": "a movement order is an object with a 'unit', a 'mode', 'steps' and 'attacks'",
    "mekatac.order_mode": "'mode' is walk, jump or fly",
    "mekatac.order_steps": "'steps' is a list of \"F\", \"L\" and \"R\"",
    "mekatac.order_attacks": "'attacks' is a list of {at, target, weapons}",
    "mekatac.order_attack": "an attack is {at, target, weapons}",
    "mekatac.order_at": "'at' is a step of the move, 0 to %(steps)s",
    "mekatac.order_target": "'target' is a meka's id",
    "mekatac.reaction_shape": "a reaction is null (pass), {\"hold\": true} or {\"weapons\": [...]}",
    "mekatac.reaction_empty": "a reaction fires at least one weapon (null passes)",
    "mekatac.not_asked": "the window does not ask %(unit)s",
    "mekatac.order_react": "'react' is ask, fire or hold, and 'transform' true or false",
    "mekatac.standing_fire": "%(unit)s fires at its first legal shot at %(target)s (its standing instruction)",
    "mekatac.order_cards": "'cards' is a list of {card, target?, weapon?, blocks?}",
    "mekatac.order_card": "a card played with a move is one of %(cards)s",
    "mekatac.order_card_fields": "a card's 'target' is a meka's id, its 'weapon' a weapon's number and its "
                                 "'blocks' a card's name",
    "mekatac.order_attack_card": "an attack's 'card' is one of %(cards)s",
}, words=("fly",))  # a movement mode, beside walk and jump

# The refusals of an order or a reaction are errors with the same code and words as the reason a report gives
# when the same attack or move is refused during play (one template for both).
REFUSALS = ("mekatac.move_blocked", "mekatac.move_idle", "mekatac.refuse_arc", "mekatac.refuse_attacker_out",
            "mekatac.refuse_broken", "mekatac.refuse_melee_used", "mekatac.refuse_mode", "mekatac.refuse_no_ammo",
            "mekatac.refuse_no_mp", "mekatac.refuse_no_sight", "mekatac.refuse_not_a_weapon",
            "mekatac.refuse_out_of_range", "mekatac.refuse_own_side", "mekatac.refuse_plasma_cooling",
            "mekatac.refuse_target_out", "mekatac.refuse_used", "mekatac.refuse_card_not_held",
            "mekatac.refuse_card_target", "mekatac.refuse_card_weapon", "mekatac.refuse_load_type",
            "mekatac.refuse_load_weapon", "mekatac.refuse_skill", "mekatac.refuse_prepare_lead",
            "mekatac.refuse_prepare_meka", "mekatac.refuse_prepare_later", "mekatac.refuse_prepare_weapon",
            "mekatac.refuse_prepare_half", "mekatac.refuse_prepare_ambush", "mekatac.refuse_prepare_taken", "mekatac.refuse_transform_off",
            "mekatac.refuse_transform", "mekatac.refuse_transform_busy")
register_errors({
    **{code: TEMPLATES[code] for code in REFUSALS},
    # The builder ("SISTEMAS"; "design.unknown" is shared with the BattleTech designs and says its cause).
    "design.size": "%(design)s: a meka's size is 2 to 12, not %(given)s",
    "design.unknown_system": "%(design)s: no system %(system)r",
    "design.arc": "%(design)s: %(why)s",
    "design.large_jets": "%(design)s: large mekas cannot take jump jets (SISTEMAS)",
    "design.over_size": "%(design)s: its systems take %(used)s of size %(size)s",
    "design.transformer": "%(design)s: a transformer carries the Transformer system, and its other mode changes 1 "
                          "or 2 of its systems, never its armour or missiles (REGLAS OPCIONALES - TRANSFORMERS)",
    "design.transformer_off": "%(design)s is a transformer: it takes the agreed option transformers (REGLAS "
                              "OPCIONALES - TRANSFORMERS)",
    "reaction.weapon": "%(unit)s cannot fire %(weapon)r at this moment",
})
