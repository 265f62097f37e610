"""The error codes of the scenario command (``python -m rules explain``, docs/scenario.md): one code per part
of a scenario that is wrong, its cause a coded reason (``why``) each query module registers with its own
words; codes are a public contract (docs/protocol.md, "Error codes")."""

from __future__ import annotations

from rules.core.errors import register

register({
    "scenario.keys": "%(why)s",
    "scenario.query": "%(why)s",
    "scenario.seed": "%(why)s",
    "scenario.units": "%(why)s",
    "scenario.active": "%(why)s",
    "scenario.unit": "%(why)s",
    "scenario.unit_field": "%(why)s",
})
