"""The coded reasons of line of sight (rules.battletech.sight).

English templates in Django's ``%(name)s`` placeholders, the same text the client's catalogue translates;
codes are a public contract (docs/protocol.md): add codes, never change the meaning or parameters of one in use.
"""

from __future__ import annotations

from rules.core.reasons import register

register({
    # Line of sight (rules.battletech.sight.los); rule quotes are the Spanish texts' headings and stay untranslated.
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
    "los.split_referee": "The referee, deciding for the target's absent controller, chose the %(side)s side",
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
    "los.target_woods": "The target stands in %(woods)s in %(hex)s: +%(modifier)s to hit (Total Warfare's to-hit "
                        "table counts the target's own hex; that the ends' hexes never count is a line-of-sight rule, "
                        "and the Solaris VII texts give no target-hex modifier).",
    "los.water_cover": "Partial cover: the target stands in depth 1 water, which covers it even from a higher "
                       "attacker: +%(cover)s, and %(water)s for shots at a mech in depth 1 water, net +%(net)s; "
                       "hits use the punch hit-location table ('Hexágonos de agua', 'Cobertura parcial').",
    "los.attacker_in_water": "The attacker stands in depth 1 water: +%(modifier)s to its shots ('recibe un "
                             "modificador +1 al disparo').",
    "los.inside_one_building": "Both units are inside the building in %(hex)s: its own hexes on the line (%(hexes)s) do "
                               "not block it nor give cover (standard BattleTech: the Solaris VII text is silent on "
                               "line of sight inside a building; no to-hit modifier for them).",
    "los.mod_split_chosen": "split line of sight, %(side)s side: the target's controller chose the %(side)s side",
    "los.mod_split_referee": "split line of sight, %(side)s side: the referee, deciding for the target's absent "
                             "controller, chose the %(side)s side",
    "los.mod_woods": "%(woods)s in %(hex)s",
    "los.mod_partial_cover": "partial cover behind %(hex)s",
    "los.mod_water_cover": "partial cover: target in depth 1 water",
    "los.mod_target_in_water": "target in depth 1 water",
    "los.mod_target_woods": "target in %(woods)s",
    "los.mod_attacker_in_water": "attacker in depth 1 water",
}, words=(
    # who and where
    "attacker", "target", "left", "right", "front", "rear",
    "head", "centre torso", "left torso", "right torso", "left arm", "right arm", "left leg", "right leg",
    "upper leg actuator", "lower leg actuator", "foot actuator",
    # what stands or lies there
    "standing mech", "prone mech", "infantry", "tracked", "wheeled", "hover", "submarine",
    "light woods", "heavy woods", "light", "medium", "heavy", "hardened",
))
