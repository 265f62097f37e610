"""Write the hex test vectors the TypeScript client checks itself against.

The client (frontend/src/hex.ts) and the rules library (rules/hexes.py) must agree on every hex:
labels, neighbours by facing and distances. This script asks `rules.core.hexes` and writes its answers to
frontend/src/__tests__/hex-vectors.json, which is committed; rerun it whenever rules/hexes.py changes:

    .venv/bin/python tests/vectors/make_hex_vectors.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from rules.core.hexes import Hex  # noqa: E402

OUTPUT = ROOT / "frontend" / "src" / "__tests__" / "hex-vectors.json"

# The demo board's size; the corners and the middle serve as origins for distances.
WIDTH, HEIGHT = 16, 17
ORIGINS = ["0101", "0202", "0808", "0917", "1601"]
# Past column or row 99 labels take three digits each, past 999 four, and so on.
LABELS = ["0101", "1617", "9999", "100005", "005100", "123456", "10000001", "00021999", "0000510000"]


def build() -> dict[str, Any]:
    board = [Hex(col, row) for col in range(WIDTH) for row in range(HEIGHT)]
    return {
        "source": "rules/hexes.py via tests/vectors/make_hex_vectors.py",
        "labels": [{"label": label, "col": Hex.parse(label).col, "row": Hex.parse(label).row} for label in LABELS],
        "neighbours": {h.label: [[n.col, n.row] for n in h.neighbours()] for h in board},
        "distances": [
            [origin, h.label, Hex.parse(origin).distance(h)] for origin in ORIGINS for h in board
        ],
    }


def render() -> str:
    return json.dumps(build(), separators=(",", ":"), sort_keys=True) + "\n"


if __name__ == "__main__":
    OUTPUT.write_text(render(), encoding="utf-8")
    print(f"wrote {OUTPUT.relative_to(ROOT)}")
