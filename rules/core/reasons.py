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
from collections.abc import Iterable, Mapping, Sequence
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
    "los.mod_attacker_in_water": "attacker in depth 1 water",
    # Piloting skill rolls (rules/psr.py, rules/buildings.py)
    "psr.piloting_skill": "piloting skill %(piloting)s",
    "psr.piloting": "%(rule)s: piloting %(piloting)s = %(target)s",
    "psr.piloting_modified": "%(rule)s: piloting %(piloting)s %(modifier)s (%(why)s) = %(target)s",
    "psr.plain": "%(rule)s: 2D6 needs %(target)s+",
    "psr.swamp_infantry": "Solaris VII 'Tipos de terrenos especiales' (pantano), infantry",
    "psr.swamp": "Solaris VII 'Tipos de terrenos especiales' (pantano), no modifier (text and standard BattleTech)",
    "psr.water": "Solaris VII 'Operaciones submarinas'",
    "psr.water_depth": "depth %(depth)s water (standard BattleTech table)",
    "psr.skid": "Solaris VII 'Deslizamiento': running, facing change on pavement or ice, then moving on",
    "psr.skid_hexes": "%(hexes)s hexes moved (TW skidding table; the Solaris VII text does not give it)",
    "psr.climb": "Solaris VII 'Reglas de escalada', level %(level)s of %(total)s",
    "psr.climbing": "climbing",
    "psr.climbing_one_hand": "climbing with one hand",
    "psr.climb_fall": "Solaris VII 'Reglas de escalada': failed at level %(level)s, falls %(levels)s levels for "
                      "%(damage)s damage",
    "psr.drop_legs": "Solaris VII 'Dejarse caer', first roll (legs)",
    "psr.drop_fall": "Solaris VII 'Dejarse caer', second roll (fall)",
    "psr.drop_levels_twice": "%(levels)s levels × 2",
    "psr.drop_levels": "%(levels)s levels",
    "psr.stand": "standing up (standard BattleTech, no modifier)",
    "psr.rubble": "entering rubble (standard BattleTech, no modifier)",
    "psr.masc": "Solaris VII 'MASC', consecutive turn %(turn)s",
    "psr.masc_frozen": "Solaris VII 'MASC', consecutive turn %(turn)s: the legs freeze automatically",
    "psr.wall": "Solaris VII 'Entrando en Edificaciones': %(passing)s",
    "psr.wall_type": "%(type)s building (standard table)",
    "psr.wall_inside": "moving between hexes of the same building",
    "psr.wall_enter": "entering a building",
    "psr.wall_leave": "leaving a building",
    # Movement costs (rules/costs.py, rules/movement.py)
    "move.enter": "1 PM to enter a hex",
    "move.woods": "%(woods)s +%(mp)s PM",
    "move.rough": "rough +1 PM",
    "move.rubble": "rubble +1 PM (standard BattleTech)",
    "move.swamp_hover": "hovercraft pay no swamp surcharge and are not trapped (Solaris VII, pantano)",
    "move.swamp": "swamp +1 PM on top of the base terrain (Solaris VII, pantano)",
    "move.water_submarine": "submarines move 1 PM per water hex at depth 1 (standard naval movement)",
    "move.water_hover": "hovercraft cross water on its surface at 1 PM (standard BattleTech)",
    "move.water": "depth %(depth)s water: %(mp)s PM (Solaris VII 'Operaciones submarinas')",
    "move.level_change": "%(levels)s level change +%(levels)s PM",
    "move.drop": "dropping %(levels)s levels: %(mp)s PM whatever the levels or terrain (Solaris VII 'Dejarse caer')",
    "move.climb_two_hands": "climbing %(levels)s levels at %(mp)s PM each (two hands, Solaris VII 'Reglas de "
                            "escalada')",
    "move.climb_one_hand": "climbing %(levels)s levels at %(mp)s PM each (one hand, Solaris VII 'Reglas de "
                           "escalada')",
    "move.building_infantry": "infantry pay 1 PM to enter a building (Solaris VII 'Infantería')",
    "move.building": "%(type)s building: 1 + %(extra)s PM (standard building table)",
    "move.roof": "1 PM onto a roof",
    "move.collapse": "%(tons)s t over the building's CF %(cf)s above the ground floor: it collapses at once (Solaris "
                     "VII 'Colapso')",
    "move.bridge": "bridge deck: 1 PM (paved)",
    "move.road": "following a road: 1 PM whatever the terrain it crosses (standard BattleTech)",
    "move.jump_building": "a jump into a building hex lands on its roof (standard BattleTech)",
    "move.jump_collapse": "%(tons)s t over CF %(cf)s: the building collapses at once (Solaris VII 'Colapso')",
    "move.jump_swamp": "a jumping mech landing in a swamp is stuck automatically (Solaris VII, pantano: Saltos)",
    "move.jump_swamp_infantry": "jumping infantry are not trapped by a swamp (Solaris VII, pantano: Saltos)",
    "move.turn": "1 PM per facing change",
    "move.stand": "standing up: %(mp)s PM (standard BattleTech)",
    "move.budget": "%(mode)s: %(mp)s PM",
    "move.budget_masc": "%(mode)s: %(mp)s PM (MASC: 2 × walk)",
    "move.stuck": "stuck in a swamp: the path holds only if the escape roll succeeds",
    "move.road_bonus": "ground vehicle on pavement or road the whole move: +1 cruise PM (standard BattleTech)",
    "move.minimum": "minimum movement: the hex straight ahead (or one attempt to stand with a single PM) is always "
                    "allowed as the only expenditure of the phase; it counts as running (Solaris VII 'Movimiento "
                    "Mínimo')",
    "move.partial_climb": "climbing: %(levels)s of %(total)s levels at %(mp)s PM each; the mech hangs at that height "
                          "and goes on climbing next phase (Solaris VII 'Reglas de escalada')",
    "move.jump": "jump: 1 PM per hex, %(hexes)s hexes, terrain ignored, facing chosen freely",
    # Skids (rules/skids.py)
    "skid.slide": "Solaris VII 'Reglas de Deslizamiento': falls (%(fall)s damage) and slides ceil(%(hexes)s / 2) = "
                  "%(distance)s hexes, %(per_hex)s damage per hex from the front",
    "skid.edge": "the board edge stops the slide at %(hex)s",
    "skid.hits_unit": "hits %(unit)s in %(hex)s as a successful charge over %(hexes)s hexes",
    "skid.hits_building": "hits the building in %(hex)s for %(damage)s (CF %(cf)s)",
    "skid.hits_building_destroyed": "hits the building in %(hex)s for %(damage)s (CF %(cf)s); it is destroyed and "
                                    "the slide goes on",
    "skid.higher_ground": "higher ground in %(hex)s stops the slide without more damage",
    "skid.ends": "movement ends after a fall and skid, whatever PM remain",
    # Resolving the movement phase (rules/walk.py, conflicts.py, initiative.py, classic.py, simultaneous.py)
    "rules.joined": "%(first)s; %(then)s",
    "walk.run_blocked": "Solaris VII 'movimiento simultáneo': a mech that declared a run and was blocked by its "
                        "rival having spent only walking PM counts as having walked, for heat and to-hit",
    "walk.ends_short": "%(hex)s is held by %(occupant)s, which stays there: %(unit)s ends short of it (standard "
                       "BattleTech, no mech ends its move on another)",
    "walk.charge": "%(unit)s charges %(target)s as plotted: it has moved %(hexes)s hexes and the target stands at "
                   "its elevation (Solaris VII 'Movimiento PM a PM'); the charge is rolled in the physical attack "
                   "phase (standard BattleTech)",
    "walk.blocked": "%(hex)s is held by %(occupant)s: %(unit)s stays in %(stays)s and its movement ends (Solaris VII "
                    "'Movimiento PM a PM')",
    "walk.blocked_no_charge": "its plotted charge is not allowed (%(why)s); %(hex)s is held by %(occupant)s: "
                              "%(unit)s stays in %(stays)s and its movement ends (Solaris VII 'Movimiento PM a PM')",
    "walk.charge_not_moved": "it has not moved a hex yet",
    "walk.charge_prone": "%(unit)s is prone",
    "walk.charge_elevation": "%(unit)s stands at another elevation",
    # Timelines stored before collapses were settled when the movement is done still carry this one.
    "walk.collapse": "the building collapses under %(unit)s: %(damage)s damage, it ends on the ground (Solaris VII "
                     "'Colapso')",
    "walk.wall": "%(unit)s passes a wall of the building in %(hex)s: the building takes %(damage)s damage "
                 "(ceil(%(tons)s t / 10)), roll passed or not; CF %(cf)s → %(left)s, settled when the movement phase "
                 "is done (Solaris VII 'Entrando en Edificaciones')",
    "walk.unit_weight": "%(unit)s %(tons)s t",
    "walk.weight_collapse": "%(weights)s: %(tons)s t on level %(level)s of the building in %(hex)s, over its current "
                            "CF %(cf)s: it collapses at once (Solaris VII 'Colapso'); the collapse damage and falls "
                            "land when the movement phase is done",
    "walk.basement_roll": "%(unit)s basement %(hex)s",
    "walk.basement": "%(unit)s enters the building in %(hex)s, whose basement the scenario does not give: 2D6 "
                     "%(roll)s on the Basements Table, %(basement)s (Solaris VII 'Sótanos'; its table is cut from our "
                     "text: the standard BattleTech table)",
    "walk.basement_fall": "%(unit)s (%(tons)s t) weighs more than the building's current CF %(cf)s: it falls through "
                          "the floor into the %(basement)s, %(levels)s level(s) down, for %(damage)s damage (standard "
                          "falling damage; 'una unidad cae a través del suelo y dentro del sótano sólo si el peso de "
                          "la unidad es superior al FC actual del edificio', Solaris VII 'Sótanos')",
    "walk.basement_trapped": "'Cualquier vehículo que carezca de habilidad de vuelo y caiga en un sótano doble quedará "
                             "atrapado para el resto de la partida' (Solaris VII 'Sótanos')",
    "building.basement_none": "no basement",
    "building.basement_one": "one-level basement",
    "building.basement_two": "two-level basement",
    "building.basement_small": "small basement (infantry only)",
    "walk.freed": "passes the swamp roll and moves normally (Solaris VII pantano)",
    "walk.stuck": "fails the swamp roll: stuck in the hex for the rest of the turn; a mech does not fall (Solaris "
                  "VII pantano)",
    "walk.masc_failed": "fails the MASC roll: the leg actuators freeze as with two hip criticals; no more movement "
                        "this match (Solaris VII 'MASC')",
    "walk.wall_failed": "fails the wall roll: %(damage)s damage from the front; a mech does not fall and goes on "
                        "(Solaris VII 'Entrando en Edificaciones')",
    "walk.drop_failed": "fails the first drop roll: %(damage)s damage to each leg and a critical roll per leg "
                        "(Solaris VII 'Dejarse caer')",
    "walk.fall": "fails the %(roll)s roll: falls %(levels)s levels for %(damage)s damage (standard BattleTech "
                 "falling damage)",
    "walk.skid_charge": "skids into %(target)s in %(hex)s: a successful charge for %(damage)s damage, %(own_damage)s "
                        "to the skidder",
    "walk.skid_step": "slides into %(hex)s (%(damage)s damage, front column)",
    "conflict.crossing": "the crossing is ignored: both reach their targets",
    "conflict.held_hex": "%(still)s does not move and holds %(hex)s: %(moving)s stops before it (standard "
                         "BattleTech, no mech enters a hex held by another; the Solaris text has no case for it)",
    "conflict.first_takes": "%(loser)s lost the initiative, moves first and takes %(hex)s",
    "conflict.same_target": "%(loser)s lost the initiative and takes %(hex)s; %(winner)s stays in %(stays)s, the hex "
                            "before it on its own path, and %(offer)s",
    "conflict.offer": "may try a %(attack)s or exchange fire at 1 hex",
    "conflict.offer_charge": "may try a charge into %(hex)s",
    "conflict.head_on": "moved PM by PM, %(unit)s would enter %(hex)s where %(other)s stands: both stop there, "
                        "%(loser)s in %(loser_hex)s and %(winner)s in %(winner_hex)s; %(winner)s won the initiative "
                        "and may charge or exchange fire at %(distance)s hex",
    "conflict.head_on_far": "moved PM by PM, %(unit)s would enter %(hex)s where %(other)s stands: both stop there, "
                            "%(loser)s in %(loser_hex)s and %(winner)s in %(winner_hex)s; %(winner)s won the "
                            "initiative and may charge or exchange fire at %(distance)s hexes",
    "conflict.never_meet": "moved PM by PM they never meet: both reach their targets",
    "conflict.coincident": "coincident paths (%(hexes)s): moved PM by PM, they never meet",
    "initiative.rolled": "initiative rolled, 2D6 per mech, ties rerolled: move order %(order)s (loser first, winner "
                         "last)",
    "initiative.given": "initiative given: move order %(order)s (loser first, winner last)",
    "initiative.roll": "initiative %(unit)s",
    "movement.classic": "Solaris VII 'Problemas planteados por el movimiento simultáneo' (classic resolution): paths "
                        "classified pair by pair, then one unit moves per tick, in move order",
    "movement.pm_by_pm": "Solaris VII 'Movimiento PM a PM': %(ticks)s ticks (the most PM any unit spends); a unit "
                         "spending p PM spends its k-th PM at tick ceil(k × %(ticks)s / p); within a tick the "
                         "initiative loser goes first",
    "move.floor_infantry": "infantry: 1 PM per level inside a building (Solaris VII 'Infantería')",
    # Dice thrown during movement (rules/walk.py); the roll is a check code, a word
    "walk.roll": "%(unit)s %(roll)s",
    # Damage, criticals and the pilot (rules/damage.py); locations are words
    "rules.listed": "%(first)s, %(then)s",
    "damage.location_roll": "hit location (%(direction)s) %(why)s",
    "damage.location_roll_d6": "%(table)s location (%(direction)s) %(why)s",
    "damage.location": "%(table)s location table, %(direction)s, roll %(roll)s: %(location)s",
    "damage.location_rear": "%(table)s location table, %(direction)s, roll %(roll)s: %(location)s (rear)",
    "damage.group": "%(damage)s damage to %(unit)s %(hit)s",
    "damage.critical_chance_on_two": "a 2 on the hit location table: critical chance even through armour",
    "damage.transfer": "%(location)s already destroyed: %(damage)s transfer to %(inner)s",
    "damage.armour": "%(damage)s to %(location)s armour",
    "damage.rear_armour": "%(damage)s to %(location)s rear armour",
    "damage.head_hit": "head hit: the cockpit shakes",
    "damage.internal": "%(damage)s to %(location)s internal structure",
    "damage.internal_gone": "internal structure gone",
    "damage.critical_roll": "critical chance %(unit)s %(location)s",
    "damage.no_critical": "critical chance %(location)s: rolled %(roll)s, no critical hit",
    "damage.blown_off": "critical chance %(location)s: rolled 12, %(name)s blown off",
    "damage.blown_off_why": "blown off by a critical hit",
    "damage.criticals": "critical chance %(location)s: rolled %(roll)s, %(count)s critical hit(s)",
    "damage.no_slot": "no critical slot left in %(location)s",
    "damage.slot_half_roll": "critical slot half %(unit)s %(location)s",
    "damage.slot_roll": "critical slot %(unit)s %(location)s",
    "damage.critical_hit": "critical hit: %(location)s slot %(slot)s, %(component)s",
    "damage.ammo_critical": "critical hit on ammunition",
    "damage.cockpit": "cockpit destroyed: the pilot is killed",
    "damage.engine": "three engine critical hits: engine destroyed",
    "damage.explodes": "%(why)s: %(component)s explodes, %(shots)s shots × %(per_shot)s = %(damage)s damage",
    "damage.ammo_explosion": "ammunition explosion",
    "damage.destroyed": "%(location)s destroyed (%(why)s)",
    "damage.destroyed_with_arm": "%(arm)s and %(torso)s destroyed (%(why)s)",
    "damage.head_destroyed": "head destroyed",
    "damage.centre_torso_destroyed": "centre torso destroyed",
    "damage.side_torso_engine": "side torso with engine slots destroyed: engine destroyed",
    "damage.wounds": "pilot takes %(wounds)s wound(s) (%(why)s): %(total)s in all",
    "damage.pilot_killed": "pilot killed",
    "damage.consciousness_roll": "consciousness %(unit)s",
    "damage.conscious": "consciousness roll %(roll)s against %(target)s: stays conscious",
    "damage.knocked_out": "consciousness roll %(roll)s against %(target)s: knocked out",
    "damage.out_of_fight": "%(unit)s is out of the fight: %(why)s",
    # Heat, falls and the end of the turn (rules/heat.py, falls.py, victory.py, tohit.py's modifier lines)
    "tohit.modifier": "%(value)s %(reason)s",
    "heat.jumped": "jumped %(hexes)s hexes: %(heat)s",
    "heat.moved": "%(moved)s: %(heat)s",
    "heat.stood_still": "stood still: 0",
    "heat.balance": "heat %(heat)s + movement (%(movement)s) + weapons %(weapons)s - %(sinks)s dissipated = "
                    "%(total)s",
    "heat.balance_engine": "heat %(heat)s + movement (%(movement)s) + weapons %(weapons)s + engine hits %(engine)s - "
                           "%(sinks)s dissipated = %(total)s",
    "heat.life_support": "heat %(heat)s with life support damaged",
    "heat.ammo_roll": "heat ammunition explosion avoid %(unit)s",
    "heat.ammo_avoid": "heat %(heat)s: ammunition explosion avoid roll %(roll)s against %(target)s",
    "heat.shutdown": "heat %(heat)s: automatic shutdown",
    "heat.restart": "heat %(heat)s: the reactor starts again",
    "heat.restart_roll": "restart %(unit)s",
    "heat.shutdown_roll": "shutdown avoid %(unit)s",
    "heat.restarted": "heat %(heat)s: restart roll %(roll)s against %(target)s: powered",
    "heat.not_restarted": "heat %(heat)s: restart roll %(roll)s against %(target)s: shut down",
    "heat.powered": "heat %(heat)s: shutdown avoid roll %(roll)s against %(target)s: powered",
    "heat.shut_down": "heat %(heat)s: shutdown avoid roll %(roll)s against %(target)s: shut down",
    "heat.shutdown_psr": "reactor shutdown",
    "heat.unit": "%(unit)s: %(reason)s",
    "heat.legs_destroyed": "%(legs)s leg(s) destroyed: %(mp)s MP",
    "heat.both_hips": "both hips destroyed: no MP",
    "heat.hip": "hip destroyed: MP halved to %(mp)s",
    "heat.actuators": "%(actuators)s leg actuator(s) destroyed: -%(actuators)s MP",
    "heat.mp_loss": "heat %(heat)s: -%(loss)s MP",
    "heat.jump_jets": "%(lost)s jump jet(s) destroyed: jumping MP %(jump)s → %(mp)s",
    "falls.gyro_hit": "gyro hit",
    "falls.leg_destroyed": "%(leg)s destroyed",
    "falls.hip": "hip of %(leg)s destroyed",
    "falls.actuator": "%(actuator)s of %(leg)s destroyed",
    "falls.unconscious": "the pilot is unconscious",
    "falls.shut_down": "the reactor is shut down",
    "falls.gyro_destroyed": "gyro destroyed",
    "falls.roll_automatic": "piloting roll (%(why)s) fails automatically: %(impossible)s",
    "falls.roll": "piloting %(unit)s: %(why)s",
    "falls.roll_passes": "piloting roll (%(why)s) %(roll)s against %(target)s [%(modifiers)s]: passes",
    "falls.roll_fails": "piloting roll (%(why)s) %(roll)s against %(target)s [%(modifiers)s]: fails",
    "falls.facing_roll": "fall facing %(unit)s",
    "falls.falls": "%(unit)s falls (%(why)s): facing roll %(roll)s, lands on its %(side)s; %(damage)s damage",
    "falls.falls_on_back": "%(unit)s falls (%(why)s) and lands on its back (TW); %(damage)s damage",
    "falls.location": "fall %(unit)s",
    "falls.avoid_pilot_damage": "avoid falling damage to the pilot",
    "falls.fell_levels": "fell %(levels)s levels",
    "falls.stand_up": "stand up",
    "falls.failed_to_stand": "failed to stand up",
    "victory.surrendered": "surrendered",
    "victory.shut_down": "shut down",
    "victory.beaten": "%(unit)s: %(why)s",
    "victory.other_side_out": "the other side is out of the fight (%(beaten)s)",
    "victory.everyone_out": "every mech is out of the fight (%(beaten)s)",
    "victory.turn_limit": "turn limit %(limit)s reached: victory points decide",
    "victory.referee_decision": "the referee decided the result",
    "victory.wake_roll": "wake up %(unit)s",
    "victory.awake": "%(unit)s: wake-up roll %(roll)s against %(target)s: awake",
    "victory.still_out": "%(unit)s: wake-up roll %(roll)s against %(target)s: still out",
    # Attacks (rules/tohit.py, physical.py, combat.py); weapon names stay as they are
    "tohit.clear_sight": "clear line of sight",
    "tohit.given_sight": "line of sight given by the scenario",
    "tohit.sight": "line of sight: %(reasons)s",
    "tohit.attacker_walked": "attacker walked",
    "tohit.attacker_ran": "attacker ran",
    "tohit.attacker_jumped": "attacker jumped",
    "tohit.attacker_prone": "attacker prone",
    "tohit.prone_leg_weapon": "%(weapon)s is in a leg: a prone mech cannot fire leg-mounted weapons (TW 'Prone 'Mechs')",
    "tohit.prone_arm_missing": "%(location)s is missing: a prone mech needs both arms to prop itself up and fire (TW 'Prone 'Mechs')",
    "tohit.prone_both_arms": "%(weapon)s cannot fire: a prone mech props itself on one arm and a weapon in %(location)s fires this turn (TW 'Prone 'Mechs')",
    "tohit.gunnery": "gunnery skill %(gunnery)s",
    "tohit.heat": "heat %(heat)s (heat scale)",
    "tohit.sensors": "sensors hit",
    "tohit.target_moved": "target moved %(hexes)s hexes",
    "tohit.target_jumped": "target jumped",
    "tohit.target_prone_adjacent": "target prone, adjacent",
    "tohit.target_prone": "target prone",
    "tohit.target_immobile": "target immobile",
    "tohit.target_stuck": "target stuck in a swamp (Solaris VII: -2 to every attack against it)",
    "tohit.target_climbing": "target climbing (Solaris VII: attacks against it -2)",
    "tohit.same_building": "target inside the same building on another level (Solaris VII)",
    "tohit.shoulder": "shoulder actuator of %(location)s destroyed",
    "tohit.arm_actuator": "%(actuator)s of %(location)s destroyed",
    "tohit.range": "%(bracket)s range (%(hexes)s hexes)",
    "tohit.range_underwater": "%(bracket)s range (%(hexes)s hexes, underwater ranges %(ranges)s)",
    "tohit.minimum_range": "minimum range %(minimum)s (%(hexes)s hexes)",
    "physical.base": "%(kind)s base modifier",
    "physical.actuator": "%(actuator)s missing or destroyed in %(location)s",
    "physical.shoulder": "shoulder destroyed in %(location)s",
    "physical.skill_difference": "difference of piloting skills (charge, death from above)",
    "physical.punch_damage": "punch: %(tons)s tons / 10",
    "physical.kick_damage": "kick: %(tons)s tons / 5",
    "physical.charge_damage": "charge: %(tons)s tons / 10 × %(hexes)s hexes",
    "physical.dfa_damage": "death from above: %(tons)s tons / 10 × 3",
    "physical.push_damage": "push: no damage",
    "physical.halved": "%(why)s, halved for the %(actuator)s",
    "physical.charge_recoil": "charging attacker takes %(tons)s tons / 10",
    "physical.dfa_recoil": "death from above attacker takes %(tons)s tons / 5 to the legs",
    "combat.twisted": "%(weapon)s (torso twisted %(side)s)",
    "combat.physical_limb": "%(kind)s (%(limb)s)",
    "combat.table_from_above": "fired from %(levels)s level(s) above inside the building: 1D6 on the punch location "
                               "table (Solaris VII 'Combate entre edificios'; its special table is cut from our "
                               "text, standard reading)",
    "combat.table_from_below": "fired from %(levels)s level(s) below inside the building: 1D6 on the kick location "
                               "table (Solaris VII 'Combate entre edificios'; its special table is cut from our "
                               "text, standard reading)",
    "combat.table_partial_cover": "target in partial cover: punch location table (Solaris VII 'Cobertura parcial')",
    "combat.breach_roll": "hull breach %(unit)s %(location)s",
    "combat.breach_holds": "hull breach roll %(roll)s against %(target)s: %(location)s holds",
    "combat.breach_floods": "hull breach roll %(roll)s against %(target)s: %(location)s floods",
    "combat.building_absorbs": "absorbs %(absorbed)s of %(damage)s damage (%(hit)s)",
    "combat.building_hit": "the building in %(hex)s %(what)s (Solaris VII 'Atacando unidades dentro de "
                           "edificaciones')",
    "combat.building_damaged": "the building in %(hex)s takes %(damage)s damage: CF %(cf)s → %(left)s",
    "combat.building_collapses": "the building in %(hex)s takes %(damage)s damage, its CF is %(cf)s: it collapses at "
                                 "the end of the attack phase into rubble (Solaris VII 'Colapso')",
    "combat.building_collapses_movement": "the building in %(hex)s takes %(damage)s damage, its CF is %(cf)s: it "
                                          "collapses at the end of the movement phase into rubble (Solaris VII "
                                          "'Colapso')",
    "combat.building_collapses_weight": "the building in %(hex)s (CF %(cf)s, %(damage)s damage this phase) collapsed "
                                        "under the weight on one of its levels into rubble (Solaris VII 'Colapso')",
    "combat.building_wall": "the building in %(hex)s takes %(damage)s as %(unit)s is displaced through its wall "
                            "(Solaris VII 'Entrando en Edificaciones')",
    "combat.basement_found": "below the building hex %(hex)s: %(basement)s (Solaris VII 'Sótanos')",
    "combat.caught_in_collapse": "%(unit)s is caught in the collapse: %(damage)s damage (Solaris VII 'Colapso')",
    "combat.building_collapse": "building collapse",
    "combat.movement_damage_lands": "the damage the movement phase did lands now, at its end, event by event in "
                                    "timeline order (our reading: the Solaris VII texts do not say when); it does not "
                                    "count toward the piloting roll for 20 or more damage, a rule of the attack "
                                    "phases (TW)",
    "combat.movement_damage": "tick %(tick)s, %(unit)s: %(what)s",
    "combat.movement_fall": "fall in the movement phase, tick %(tick)s",
    "combat.movement_front": "%(unit)s moving, front column",
    "combat.skid_crash": "%(unit)s skids into it, as a successful charge",
    "combat.skid_recoil": "%(unit)s crashes while skidding, as a charger",
    "combat.drop_leg": "%(leg)s (each leg, no location roll: Solaris VII 'Dejarse caer')",
    "combat.drop_critical": "a critical roll for the %(leg)s after the failed drop roll (Solaris VII 'Dejarse caer')",
    "combat.damage_this_phase": "%(damage)s damage this phase",
    "combat.leg_destroyed": "%(leg)s destroyed",
    "combat.leg_lost_falls": "%(leg)s destroyed: the mech falls without a piloting roll (TW)",
    "combat.component_hit": "%(component)s hit",
    "combat.pilot_knocked_out": "pilot knocked out",
    "combat.domino_from": "domino effect from %(unit)s",
    "combat.domino": "domino effect",
    "combat.displaced": "%(unit)s displaced to %(hex)s (%(why)s, TW unit displacement)",
    "combat.displaced_down": "displaced %(levels)s levels down",
    "combat.displaced_water": "displaced into water",
    "combat.accidental_fall_roll": "accidental fall %(unit)s onto %(target)s",
    "combat.accidental_fall": "%(unit)s is displaced %(levels)s levels down into %(hex)s, held by %(target)s (%(why)s): "
                              "an accidental fall from above needs %(needed)s (%(base)s, +%(modifier)s for %(target)s's "
                              "%(moved)s hexes moved, +%(terrain)s for woods or smoke in its hex; TW, as MegaMek): "
                              "rolled %(roll)s",
    "combat.accidental_fall_why": "accidental fall from above",
    "combat.accidental_fall_hit": "it lands on %(target)s: %(damage)s damage (%(tons)s tons / 10, rounded up; "
                                  "TW) and falls on its back",
    "combat.accidental_fall_psr": "fallen on from above",
    "combat.accidental_fall_stuck": "%(target)s cannot be displaced: %(unit)s falls beside it",
    "combat.accidental_fall_miss": "it misses %(target)s and falls beside it",
    "combat.fell_on": "%(unit)s fell on it",
    "combat.missed_shot": "takes all %(damage)s damage of the missed shot",
    "combat.miss": "miss",
    "combat.cluster_roll": "cluster %(unit)s %(attack)s",
    "combat.cluster": "cluster roll %(roll)s: %(landed)s of %(missiles)s missiles hit",
    "combat.attack": "%(unit)s %(attack)s",
    "combat.to_hit_roll": "to hit %(unit)s %(attack)s → %(target)s",
    "combat.needs": "%(attack)s needs %(target)s (%(modifiers)s): rolled %(roll)s",
    "combat.push_each_other": "%(unit)s and %(target)s push each other and both hit: neither moves (TW)",
    "combat.push_moved": "%(target)s is no longer straight ahead of %(unit)s: the push moves nobody",
    "combat.pushed": "pushed",
    "combat.missed_dfa": "missed death from above",
    "combat.missed_dfa_falls": "a missed death from above: the attacker falls (TW, two levels)",
    "combat.missed": "missed %(kind)s",
    "combat.halved_underwater": "%(why)s, halved underwater (Solaris VII)",
    "combat.hit_by": "hit by a %(kind)s",
    "combat.recoil": "%(kind)s recoil",
    "combat.made": "made a %(kind)s",
    "combat.attacker_follows": "%(unit)s ends in %(hex)s, the hex %(target)s left (TW)",
    "combat.not_displaced": "%(target)s cannot be displaced: both mechs stay where they are",
    "combat.engine_flooded": "engine flooded",
    "combat.floods": "%(unit)s is under water with no armour left on its %(location)s: it floods (Solaris VII "
                     "'Operaciones submarinas')",
}

# Words a parameter may hold that the client translates (terrain, postures, sides …); anything else in a
# parameter (hex labels, unit ids, weapon names, numbers) is shown as it is.
WORDS: frozenset[str] = frozenset({
    # who and where
    "attacker", "target", "left", "right", "front", "rear",
    "head", "centre torso", "left torso", "right torso", "left arm", "right arm", "left leg", "right leg",
    "upper leg actuator", "lower leg actuator", "foot actuator",
    # what stands or lies there
    "standing mech", "prone mech", "infantry", "tracked", "wheeled", "hover", "submarine",
    "light woods", "heavy woods", "light", "medium", "heavy", "hardened",
    # rules, modes, rolls and attacks
    "standard", "dead_zone", "walk", "run", "jump", "masc", "charge", "death from above", "punch", "kick",
    "swamp", "swamp_escape", "water", "skid", "climb", "drop_legs", "drop_fall", "stand", "rubble", "building_wall",
    "fall", "heat",
    "dfa", "push", "short", "long", "upper arm actuator", "lower arm actuator", "hand actuator", "gyro", "hip",
})

PLACEHOLDER = re.compile(r"%\((\w+)\)s")


class Reason(str):
    """The English text of a coded reason, carrying its ``code`` and ``params``."""

    code: str
    params: Mapping[str, Param]

    def __new__(cls, code: str, /, **params: Param) -> Reason:
        reason = super().__new__(cls, TEMPLATES[code] % params)
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


def reason_from_code(text: str, coded: Any) -> str:
    """A stored reason back with its code (``coded`` as :func:`reason_code` wrote it), or its plain text
    when the code is missing or no longer gives that text."""
    try:
        params = {name: reason_from_code("", value) if isinstance(value, dict) else value
                  for name, value in coded["params"].items()}
        reason = Reason(coded["code"], **params)
    except (KeyError, TypeError, ValueError):
        return text
    return reason if reason == text or not text else text


def reason_codes(reasons: Iterable[str]) -> list[dict[str, Any]]:
    """The ``reason_codes`` list that goes out beside ``reasons``, one entry per reason, in order."""
    return [reason_code(reason) for reason in reasons]


def joined(reasons: Sequence[str]) -> str:
    """Several reasons said as one, ``first; then…``, still coded (each further reason is nested)."""
    if len(reasons) < 2:
        return reasons[0] if reasons else ""
    return Reason("rules.joined", first=reasons[0], then=joined(reasons[1:]))


def listed(reasons: Sequence[str]) -> str:
    """Several reasons as a list, ``first, then…``, still coded like :func:`joined`."""
    if len(reasons) < 2:
        return reasons[0] if reasons else ""
    return Reason("rules.listed", first=reasons[0], then=listed(reasons[1:]))
