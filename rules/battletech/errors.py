"""The error codes of the BattleTech mechanics (units, designs, initiative, movement, line of sight, surrender,
attacks) and their English templates, with the coded reasons that say the cause of a refusal sharing a code;
codes are a public contract (docs/protocol.md, "Error codes")."""

from __future__ import annotations

from rules.core.errors import register
from rules.core.reasons import register as register_reasons

register({
    "unit.malformed": "unknown unit fields: %(fields)s",
    "unit.no_design": "%(unit)s has no mech design to surrender",
    "initiative.units": "initiative must list every unit exactly once (%(units)s)",
    "options.movement": "movement option must be one of %(rules)s",
    "order.duplicate": "%(unit)s has two orders",
    "los.unknown_rule": "unknown line-of-sight rule %(rule)r; known: %(known)s",
    "los.side": "%(why)s",
    # Movement orders (movement/plan.py, costs.py); ``at`` names the step (``step 2 (F)``)
    "order.charge_target": "a walking or running unit may plot a charge on another unit",
    "move.unknown_step": "step %(step)s %(given)r is not one of %(steps)s",
    "move.climbing": "%(unit)s is climbing: it can only go on up (F)",
    "move.not_prone": "%(unit)s is not a prone mech; only prone mechs stand up",
    "move.not_standing": "%(unit)s is not a standing mech; only standing mechs go prone",
    "move.run_backwards": "no unit may run backwards (Solaris VII 'Moverse hacia atrás')",
    "move.off_board": "%(hex)s is off the board",
    "move.backward_level": "%(unit)s cannot change levels while moving backwards (%(hex)s is %(where)s; Total "
                           "Warfare, the Solaris VII text is silent)",
    "move.legs_frozen": "%(unit)s's legs are frozen by MASC for the rest of the match",
    "move.no_masc": "%(unit)s has no MASC",
    "move.no_jump": "%(unit)s has no jump jets",
    "move.jump_underwater": "%(unit)s is under water, where jump jets cannot fire (Solaris VII 'Operaciones "
                            "submarinas')",
    "move.water_while_running": "%(unit)s would spend %(needed)s PM on a path through water of depth 1 or more; only "
                                "its %(available)s walking PM may be used there (Total Warfare; the Solaris VII text "
                                "is silent)",
    "move.jump_too_high": "%(unit)s jumps %(jump)s MP from level %(start)s, so no higher than level %(ceiling)s; "
                          "%(why)s (Total Warfare; the Solaris VII text is silent)",
    # Several causes, each a coded reason
    **dict.fromkeys((
        "move.prone", "move.insufficient_mp", "move.building_level", "move.prohibited_terrain", "move.too_steep",
        "move.climb_needs_hand", "move.climb_while_running",
    ), "%(why)s"),
    # Designs and their .mtf files (designs/); ``at`` names the line of the file
    "design.tonnage": "no standard internal structure for %(tons)s tons (20 to 100 in steps of 5)",
    "design.armour": "%(design)s: %(why)s",
    "design.slots": "%(design)s: slot %(slot)s of %(location)s is out of range or used twice",
    "design.unknown": "%(why)s",  # a ruleset names its own designs (``why``)
    "weapon.unknown": "unknown weapon %(weapon)r; known: %(known)s",
    "mtf.unsupported": "%(key)s %(value)r is not supported (only %(supported)s)",
    "mtf.unknown_weapon": "unknown weapon %(weapon)r",
    "mtf.unknown_location": "unknown location %(location)r",
    **dict.fromkeys(("mtf.malformed", "mtf.unknown_line", "mtf.missing", "mtf.slots", "mtf.unknown_slot"), "%(why)s"),
    # Attack orders (combat/attacks.py, resolve.py); ``at`` names the weapon or the physical attack
    "attack.no_design": "attacks are between units with a mech design",
    "attack.cannot_act": "%(unit)s cannot attack: %(why)s",
    "attack.self": "a unit cannot attack itself",
    "attack.target_destroyed": "%(unit)s is already out of the fight",
    "attack.bad_twist": "a standing mech may twist its torso one hexside (twist -1, 0 or 1)",
    "attack.unknown_weapon": "%(weapon)r is not a weapon of %(design)s; it has %(weapons)s",
    "attack.already_fired": "%(weapon)r has already fired this turn",
    "attack.unknown_kind": "unknown physical attack %(kind)r; known: %(known)s",
    "attack.physical_not_allowed": "%(why)s",
    # A weapon that cannot fire at all (combat/tohit.py): the cause is a coded reason, the to-hit's ``impossible``
    **dict.fromkeys((
        "attack.weapon_destroyed", "attack.underwater_weapon", "attack.no_los", "attack.out_of_range",
        "attack.out_of_arc", "attack.no_ammo", "attack.sensors_destroyed", "attack.climbing_front_weapon",
        "attack.prone_leg_weapon", "attack.prone_arm_missing", "attack.prone_both_arms",
    ), "%(why)s"),
})

# What is wrong, for the codes that several refusals share (``%(why)s``).
register_reasons({
    "los.side_name": "side must be 'left' or 'right', not %(side)r",
    "los.side_choice": "a split line of sight passes on the left or right side, chosen by the controller or the "
                       "referee, not %(side)r by %(by)r",
    # How far up or down (physical attacks, movement)
    "level.up": "%(levels)s level(s) up",
    "level.down": "%(levels)s level(s) down",
    "level.same": "on the same level",
    # Designs (designs/design.py, mtf.py)
    "design.negative_armour": "negative armour in %(location)s",
    "design.armour_over": "%(armour)s armour in %(location)s exceeds the maximum of %(limit)s",
    "design.not_shipped": "no shipped design %(design)r; known: %(known)s",
    "mtf.not_understood": "not understood: %(text)r",
    "mtf.unknown_key": "unknown key %(key)r",
    "mtf.whole_number": "expected a whole number in %(text)r",
    "mtf.no_line": "the file has no %(key)r line",
    "mtf.lacks": "the file lacks a chassis name or the armour and slots of %(locations)s",
    "mtf.only_slots": "%(location)s has only %(slots)s slots",
    "mtf.needs_slots": "%(item)s needs more slots in %(location)s",
    "mtf.missing_slots": "%(item)s in %(location)s is missing slots",
    "mtf.unknown_ammo": "unknown ammunition %(text)r",
    "mtf.unknown_critical": "unknown critical slot %(text)r",
    # Movement orders (movement/plan.py)
    "move.at_step": "step %(step)s (%(name)s)",
    "move.unknown_mode": "unknown movement mode %(mode)r; one of %(modes)s",
    "move.jump_order": "a jump is a destination hex 'to' and a final 'facing' 0-5, without steps",
    "move.steps_order": "only jumps give 'to' and 'facing'; other modes give 'steps'",
    "move.stand_up_first": "%(unit)s is prone: it must stand up (SU) before moving",
    "move.prone_no_jump": "%(unit)s is prone and cannot jump",
    "move.floors_infantry_only": "only infantry inside a building change floors; a mech inside cannot change level",
    "move.floors": "the building has floors 0 to %(top)s",
    "move.needs_mp": "needs %(needed)s PM in all; %(unit)s has %(available)s PM to %(mode)s",
    "move.jump_too_far": "%(hex)s is %(hexes)s hexes away; %(unit)s jumps %(jump)s",
    # Where a unit may not go (movement/costs.py)
    "move.may_not_enter": "%(unit)s (%(kind)s) may not enter %(hex)s: %(why)s",
    "move.submarine_depth": "submarines stay in water of depth 1 or more",
    "move.wheeled_swamp": "wheeled vehicles may not enter rough or wooded swamp (Solaris VII, pantano)",
    "move.vehicle_woods": "%(kind)s vehicles may not enter woods (standard BattleTech)",
    "move.tracked_heavy_woods": "tracked vehicles may not enter heavy woods (standard BattleTech)",
    "move.under_water_kinds": "only mechs and submarines go under water; hovercraft float over it",
    "move.steep": "%(levels)s levels in one step; vehicles and infantry change at most 1",
    "move.climb_hand": "climbing %(levels)s levels needs a free working hand (Solaris VII 'Reglas de escalada')",
    "move.climb_walking_only": "only walking PM may be used to climb; running units cannot climb",
    "move.inside_level": "inside a building a %(kind)s cannot change level",
    "move.vehicle_building_floor": "vehicles enter buildings only at level 0 and never reach roofs",
    "move.leave_building": "it leaves a building from level %(level)s only into a hex of that elevation (Solaris VII "
                           "'Niveles de Edificación', applied both ways)",
    "move.jump_rises": "%(hex)s rises to level %(level)s",
    "move.jump_crosses": "every shortest flight crosses a hex higher than that: %(hexes)s",
    # Attacks (combat/attacks.py)
    "combat.at_attack": "%(attack)s",
    "combat.inactive": "shut down, unconscious or surrendered",
    # A weapon that cannot fire (combat/tohit.py)
    "tohit.weapon_destroyed": "%(weapon)s is destroyed",
    "tohit.underwater_weapon": "underwater only lasers and PPCs fire (Solaris VII 'Operaciones submarinas'; its "
                               "torpedoes are not allowed in Solaris VII)",
    "tohit.no_los": "no line of sight: %(reasons)s",
    "tohit.out_of_range": "%(hexes)s hexes is beyond the long range of %(long)s",
    "tohit.out_of_range_underwater": "%(hexes)s hexes is beyond the long range of %(long)s underwater (Solaris VII)",
    "tohit.out_of_arc": "the target is in the %(arc)s arc, which %(weapon)s does not cover",
    "tohit.no_ammo": "no ammunition left for %(weapon)s",
    "tohit.sensors_destroyed": "both sensors are destroyed: no weapon can fire",
    # A physical attack that cannot be made (combat/physical.py, attacks.py)
    "physical.not_adjacent": "physical attacks reach adjacent hexes only",
    "physical.no_los": "no line of sight",
    "physical.attacker_prone": "a prone mech cannot make physical attacks",
    "physical.out_of_reach": "a %(kind)s cannot reach a target %(where)s (TW)",
    "physical.out_of_reach_prone": "a %(kind)s cannot reach a prone target %(where)s (TW)",
    "physical.no_arm": "no working arm %(limb)r to punch with (LA or RA, shoulder intact)",
    "physical.arm_fired": "a weapon in %(location)s fired this turn",
    "physical.arm_arc": "the target is in the %(arc)s arc, out of reach of %(location)s",
    "physical.no_leg": "cannot kick with %(limb)r: needs both legs and the kicking hip intact",
    "physical.leg_fired": "a weapon in %(location)s fired this turn (TW)",
    "physical.kick_arc": "a kick reaches the front arc only",
    "physical.charge_after_fire": "a charge cannot follow weapon fire in the same turn (TW)",
    "physical.dfa_after_fire": "a death from above cannot follow weapon fire in the same turn (TW)",
    "physical.charge_needs_move": "a charge needs the attacker to have walked or run at least one hex (Solaris VII)",
    "physical.charge_prone": "prone targets cannot be charged (Solaris VII)",
    "physical.charge_arc": "a charge goes into the front arc only",
    "physical.dfa_needs_jump": "a death from above needs a jump this turn",
    "physical.push_arms": "a push needs both arms",
    "physical.push_after_fire": "a push cannot follow a weapon fired from an arm this turn (TW)",
    "physical.push_ahead": "a push reaches only the hex straight ahead",
    "physical.push_prone": "a prone mech cannot be pushed (TW)",
    "physical.across_floors": "%(rule)s: %(unit)s is on another floor of this building hex; physical attacks across "
                              "floors are not allowed",
    "physical.from_outside": "%(rule)s: no physical attack from outside a building on a unit inside it",
    "physical.dfa_submerged": "a submerged mech cannot make a death from above, its jump jets do not work underwater "
                              "(Solaris VII 'Operaciones submarinas')",
})
