"""The error codes of the scenario command (``python -m rules explain``, docs/scenario.md): one code per part
of a scenario that is wrong, its cause a coded reason (``why``) each query module registers with its own
words; codes are a public contract (docs/protocol.md, "Error codes")."""

from __future__ import annotations

from rules.core.errors import register
from rules.core.reasons import register as register_reasons

register({
    "scenario.malformed": "%(why)s",
    "scenario.keys": "%(why)s",
    "scenario.query": "%(why)s",
    "scenario.seed": "%(why)s",
    "scenario.units": "%(why)s",
    "scenario.active": "%(why)s",
    "scenario.unit": "%(why)s",
    "scenario.unit_field": "%(why)s",
    "scenario.duplicate_unit": "%(why)s",
    "scenario.option": "%(why)s",
    # The BattleTech scenarios' (scenario.py and the queries of explain.py)
    "scenario.board": "%(why)s",
    "scenario.board_file": "cannot read board file %(file)r: %(error)s",
    "scenario.mtf_file": "cannot read mtf file %(file)r: %(error)s",
    "unit.unknown_kind": "kind must be one of %(kinds)s",
    "heat.no_design": "%(unit)s has no design: heat is a mech's ('design' or 'mtf')",
})

# Causes that more than one ruleset's scenarios share.
register_reasons({
    "scenario.unknown_fields": "unknown scenario fields %(fields)s; known: %(known)s",
    "scenario.units_list": "'units' must be a list",
    "scenario.seed_type": "'seed' must be a number or a string",
    "scenario.query_one": "'query' must name exactly one of: %(known)s",
    "scenario.query_unknown": "unknown query %(query)r; known: %(known)s",
})

# The causes of a BattleTech scenario's refusals, and where (a unit of the scenario).
register_reasons({
    "scenario.at_unit": "unit %(unit)s",
    "scenario.not_an_object": "a scenario is a JSON object",
    "scenario.board_shape": "'board' must be {\"size\": [W, H], \"hexes\": {...}} or {\"file\": \"x.board\"}",
    "scenario.board_path": "'board.file' must be a path",
    "scenario.board_size": "'board.size' must be [width, height]",
    "scenario.board_hexes": "'board.hexes' must map hex labels to {\"level\", \"terrain\"}",
    "scenario.unit_id_hex": "each unit needs an 'id' and a 'hex' label (strings)",
    "scenario.unit_ids": "unit ids must be unique: %(units)s",
    "scenario.design_or_mtf": "give 'design' or 'mtf', not both",
    "scenario.field_kind": "%(field)r must be a %(kind)s",
    "scenario.field_value": "%(field)r must be %(wanted)s, not %(value)r",
    "scenario.whole_number_or_more": "a whole number >= 0",
    "scenario.whole_number": "a whole number",
    "scenario.true_or_false": "true or false",
    "scenario.string": "a string",
    "scenario.unknown_unit_fields": "unknown fields %(fields)s",
    "scenario.moved": "'moved' is none, walk, run or jump",
    "scenario.facing": "facing runs from 0 (N) to 5 (NW)",
    "scenario.options_object": "'options' must be an object",
    "scenario.no_battletech": "the %(ruleset)s ruleset has no BattleTech line of sight or movement to ask about",
    "scenario.los_query": "the los query is {\"from\": UNIT, \"to\": UNIT or {\"hex\": \"CCRR\"}, \"side\"?: "
                          "\"left\"|\"right\"}",
    "scenario.los_to": "'to' is a unit id or {\"hex\": \"CCRR\"}",
    "scenario.los_side": "'side' is 'left' or 'right', not %(side)r",
    "scenario.move_query": "the 'move' query is an object with 'unit', 'mode' and 'steps' (or 'to' and 'facing')",
    "scenario.movement_phase_query": "'movement_phase' takes {\"orders\": [...], \"initiative\": [...]}",
    "scenario.initiative": "'initiative' lists unit ids from loser to winner",
    "scenario.attack_query": "'attack' needs 'from' and 'to' unit ids and a 'weapon' or 'physical'",
    "scenario.attack_weapon": "'attack' needs a 'weapon' (name or number) or a 'physical' attack",
    "scenario.attack_los": "'los' is an object: {\"los\": true, \"modifier\": 0, \"partial_cover\": false, "
                           "\"reasons\": []}",
    "scenario.heat_query": "the heat query is {\"unit\": ID} with optional %(fields)s",
    "scenario.heat_fired": "'fired' lists weapons by name, label or component number",
    "scenario.heat_no_weapon": "%(design)s has no other weapon %(weapon)r to fire",
    "scenario.heat_engine_hits": "'engine_hits' is a whole number from 0 to %(most)s",
    "scenario.heat_no_sink": "%(design)s has no other heat sink in %(location)r",
    "scenario.heat_sink_hits": "'heat_sink_hits' is a number up to the design's %(count)s slotted heat sinks or a "
                               "list of their locations",
})
