"""The coded reasons of movement: piloting rolls, costs, skids and resolving the phase (rules.battletech.movement).

English templates in Django's ``%(name)s`` placeholders, the same text the client's catalogue translates;
codes are a public contract (docs/protocol.md): add codes, never change the meaning or parameters of one in use.
"""

from __future__ import annotations

from rules.core.reasons import register

register({
    # Piloting skill rolls (psr.py, buildings.py)
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
    # Movement costs (costs.py, plan.py)
    "move.enter": "1 PM to enter a hex",
    "move.woods": "%(woods)s +%(mp)s PM",
    "move.rough": "rough +1 PM",
    "move.rubble": "rubble +1 PM (standard BattleTech)",
    "move.swamp_hover": "hovercraft pay no swamp surcharge and are not trapped (Solaris VII, pantano)",
    "move.swamp": "swamp +1 PM on top of the base terrain (Solaris VII, pantano)",
    "move.water_submarine": "submarines move 1 PM per water hex at depth 1 (standard naval movement)",
    "move.water_hover": "hovercraft cross water on its surface at 1 PM (standard BattleTech)",
    "move.water": "depth %(depth)s water: %(mp)s PM (Solaris VII 'Operaciones submarinas')",
    "move.depth_change": "%(levels)s level change into, out of or between water depths +%(levels)s PM (Solaris VII "
                         "'Operaciones submarinas': 'deben pagar los puntos de movimiento estándar por cambiar de un "
                         "nivel de elevación (profundidad) a otro')",
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
    "move.bridge_collapse": "%(tons)s t over the bridge's CF %(cf)s: it collapses at once into the river (a bridge has "
                            "the CF of the equivalent building, which carries its CF in tons on each level above the "
                            "ground: Solaris VII, our reading)",
    "move.bridge": "bridge deck: 1 PM (paved)",
    "move.road": "following a road: 1 PM whatever the terrain it crosses (standard BattleTech)",
    "move.jump_building": "a jump into a building hex lands on its roof (standard BattleTech)",
    "move.jump_collapse": "%(tons)s t over CF %(cf)s: the building collapses at once (Solaris VII 'Colapso')",
    "move.jump_swamp": "a jumping mech landing in a swamp is stuck automatically (Solaris VII, pantano: Saltos)",
    "move.jump_swamp_infantry": "jumping infantry are not trapped by a swamp (Solaris VII, pantano: Saltos)",
    "move.turn": "1 PM per facing change",
    "move.stand": "standing up: %(mp)s PM (standard BattleTech)",
    "move.go_prone": "going prone: %(mp)s PM, no roll (standard BattleTech)",
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
    # Skids (skids.py)
    "skid.slide": "Solaris VII 'Reglas de Deslizamiento': falls (%(fall)s damage) and slides ceil(%(hexes)s / 2) = "
                  "%(distance)s hexes, %(per_hex)s damage per hex from the front",
    "skid.edge": "the board edge stops the slide at %(hex)s",
    "skid.hits_unit": "hits %(unit)s in %(hex)s as a successful charge over %(hexes)s hexes",
    "skid.hits_building": "hits the building in %(hex)s for %(damage)s (CF %(cf)s)",
    "skid.hits_building_destroyed": "hits the building in %(hex)s for %(damage)s (CF %(cf)s); it is destroyed and "
                                    "the slide goes on",
    "skid.higher_ground": "higher ground in %(hex)s stops the slide without more damage",
    "skid.ends": "movement ends after a fall and skid, whatever PM remain",
    # Resolving the movement phase (walk.py, conflicts.py, initiative.py, classic.py, simultaneous.py)
    "walk.run_blocked": "Solaris VII 'movimiento simultáneo': a mech that declared a run and was blocked by its "
                        "rival having spent only walking PM counts as having walked, for heat and to-hit",
    "walk.ends_short": "%(hex)s is held by %(occupant)s, which stays there: %(unit)s ends short of it (standard "
                       "BattleTech, no mech ends its move on another)",
    "walk.bogged_at_edge": "%(unit)s fails the swamp roll entering %(hex)s, which %(occupant)s holds: it bogs down "
                           "at the hex's edge and its movement ends in %(stays)s (the Solaris text has no case for "
                           "being stuck in an occupied hex; standard rule, Total Warfare stacking: no mech ends its "
                           "movement in another's hex)",
    "walk.fall_at_edge": "%(unit)s fails the %(roll)s roll entering %(hex)s, which %(occupant)s holds: it falls in "
                         "%(stays)s, where it stands, for %(damage)s damage (the Solaris text has no case for a fall "
                         "in an occupied hex; standard rule, Total Warfare stacking: no mech ends its movement in "
                         "another's hex)",
    "walk.ends_back": "%(unit)s may not end its movement in %(passed)s either, which %(holder)s holds (it was only "
                      "passing through): it ends back in %(stays)s, the last hex of its path no other mech holds "
                      "(the Solaris text is silent; standard rule, Total Warfare stacking: no mech ends its movement "
                      "in another's hex)",
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
    "walk.bridge_collapse": "%(weights)s: %(tons)s t on the bridge in %(hex)s, over its CF %(cf)s: it collapses at "
                            "once and falls into the river (Solaris VII: a bridge has the CF of the equivalent "
                            "building, which carries its CF in tons; our reading)",
    "walk.bridge_fall": "%(unit)s falls %(levels)s levels with the bridge: %(damage)s damage (halved into water)",
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
    # Dice thrown during movement (walk.py); the roll is a check code, a word
    "walk.roll": "%(unit)s %(roll)s",
}, words=(
    # rules, modes and rolls
    "standard", "dead_zone", "walk", "run", "jump", "masc", "charge", "death from above", "punch", "kick",
    "swamp", "swamp_escape", "water", "skid", "climb", "drop_legs", "drop_fall", "stand", "rubble", "building_wall",
    "fall", "heat",
))
