"""The one write path (matches/pipeline.py): no other module of the app saves a match, logs an event or
publishes, so every change is locked, checked, logged, versioned and broadcast the same way (issue 14)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

APP = Path(__file__).resolve().parents[2] / "matches"
PIPELINE = APP / "pipeline.py"
# What only the pipeline may do: save or create a match, store an event, publish, act after the commit.
WRITES = {
    "saves a match": re.compile(r"\bmatch\w*\.save\(|\bMatch\.objects\.[^\n]*\b(create|update|update_or_create|get_or_create)\("),
    "stores an event": re.compile(r"\bEvent\.objects\.(create|bulk_create)\(|(?<!class )(?<![.\w])Event\(|\bevent\w*\.save\("),
    "publishes": re.compile(r"\bhub\.publish\("),
    "runs after the commit": re.compile(r"\bon_commit\("),
}


def _app_modules() -> list[Path]:
    # Migrations work on the historical models, which have no pipeline (0005 repairs the old logs).
    return [path for path in APP.rglob("*.py") if "migrations" not in path.parts]


@pytest.mark.parametrize("what", WRITES)
def test_only_the_pipeline_writes(what: str) -> None:
    pattern = WRITES[what]
    offenders = [
        f"{path.relative_to(APP.parent)}:{number}: {line.strip()}"
        for path in _app_modules() if path != PIPELINE
        for number, line in enumerate(path.read_text().splitlines(), 1) if pattern.search(line)
    ]
    assert offenders == [], f"only matches/pipeline.py {what}"
    assert pattern.search(PIPELINE.read_text()), f"the pipeline itself {what} (the pattern must find it)"
