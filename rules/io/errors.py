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
})

# Causes that more than one ruleset's scenarios share.
register_reasons({
    "scenario.unknown_fields": "unknown scenario fields %(fields)s; known: %(known)s",
    "scenario.units_list": "'units' must be a list",
    "scenario.seed_type": "'seed' must be a number or a string",
    "scenario.query_one": "'query' must name exactly one of: %(known)s",
    "scenario.query_unknown": "unknown query %(query)r; known: %(known)s",
})
