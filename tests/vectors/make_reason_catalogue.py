"""Write the reason catalogue the client translates from (frontend/src/reason-catalogue.json).

The English templates live once, in rules/reasons.py; the client reads them from this committed copy
and looks each one up in Django's JavaScript catalog (locale/es/LC_MESSAGES/djangojs.po). Rerun it
whenever rules/reasons.py changes:

    .venv/bin/python tests/vectors/make_reason_catalogue.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from rules.reasons import TEMPLATES, WORDS  # noqa: E402

OUTPUT = ROOT / "frontend" / "src" / "reason-catalogue.json"


def render() -> str:
    catalogue = {"source": "rules/reasons.py via tests/vectors/make_reason_catalogue.py",
                 "templates": dict(sorted(TEMPLATES.items())), "words": sorted(WORDS)}
    return json.dumps(catalogue, indent=1, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    OUTPUT.write_text(render(), encoding="utf-8")
    print(f"wrote {OUTPUT.relative_to(ROOT)}")
