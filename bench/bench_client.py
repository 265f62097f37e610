"""Client benchmark (issue 8 'Performance'), in headless Chromium (Debian's /usr/bin/chromium).

- first render of a 32×34 board with 4 mechs: from nothing to the board painted, median of 7 fresh pages
  (goal ≤ 150 ms); the same for a 64×64 board (no goal: "and larger");
- a 4-mech playback resolved by the rules (every mech runs 9 PM with turns): the gaps between animation
  frames while it plays; a gap over 16.7 ms × 1.5 means at least one frame was dropped (goal: ≥ 95 % of
  frames in budget);
- the gzipped size of the bundle Django serves, frontend/dist/app.js + app.css (goal ≤ 150 KB).

    .venv/bin/python -m bench.bench_client

It builds the client (`npm run build` and `npm run build:bench`, the latter a bundle of
frontend/src/bench.ts) and loads it from a file:// page: no server is involved.
"""

from __future__ import annotations

import gzip
import json
import shutil
import statistics
import subprocess
import tempfile
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

from bench.harness import report
from rules.battletech import codec
from rules.core.board import Board, HexTerrain
from rules.core.dice import Dice
from rules.battletech.state import GameState
from rules.core.hexes import Hex
from rules.battletech.movement.plan import MoveOrder
from rules.rulesets import DEFAULT_RULESET, get_ruleset
from rules.battletech.units import Unit
from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS

FRONTEND = Path(__file__).resolve().parent.parent / "frontend"
WIDTH, HEIGHT = 32, 34
LARGE = 64  # the larger board's side
RENDER_RUNS = 7
FRAME_BUDGET_MS = 1000 / 60
TICK_MS = 450  # the match page's pace


def big_board(width: int = WIDTH, height: int = HEIGHT) -> Board:
    """A board (32×34 unless told) with every kind of hex the client draws differently, spread evenly."""
    kinds = [(0, ""), (0, "woods:1"), (0, "woods:2"), (1, ""), (2, ""), (0, "water:1"), (0, "rough:1"), (0, "")]
    hexes = {
        Hex(col, row): HexTerrain.parse(*kinds[(col * 7 + row * 3) % len(kinds)])
        for col in range(width)
        for row in range(height)
        if (col + row) % 3 == 0
    }
    # Clear lanes for the mechs' paths.
    for col in (4, 5, 12, 13, 20, 21, 28, 29):
        for row in range(height):
            hexes.pop(Hex(col, row), None)
    return Board(width, height, hexes)


def four_mech_phase() -> tuple[dict, list[dict], dict]:
    """The board, 4 mechs and the timeline of one phase where each runs 9 PM (7 hexes, 2 turns) up its lane."""
    units = tuple(
        Unit(f"M{i}", Hex(4 + 8 * i, 25), 0, side="north" if i % 2 else "south", name=f"Mech {i}", walk=6)
        for i in range(4)
    )
    state = GameState(big_board(), units)
    orders = [MoveOrder(unit.id, "run", ("F", "F", "F", "R", "F", "L", "F", "F", "F")) for unit in units]
    result = get_ruleset(DEFAULT_RULESET).resolve_phase(state, orders, Dice("bench-client"))
    return codec.board_to_json(state.board), [codec.unit_to_json(u) for u in units], codec.report_to_json(result)


def build() -> Path:
    for script in ("build", "build:bench"):
        subprocess.run(["npm", "run", "--silent", script], cwd=FRONTEND, check=True, stdout=subprocess.DEVNULL)
    page = Path(tempfile.mkdtemp(prefix="arbitro-bench-client-"))
    for name in ("bench.js", "bench.css"):
        shutil.copy(FRONTEND / "bench-dist" / name, page / name)
    (page / "index.html").write_text(
        '<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="bench.css"></head>'
        '<body><div id="board" style="width: 1200px"></div><script src="bench.js"></script></body></html>'
    )
    return page / "index.html"


def gzipped_kb(*paths: Path) -> float:
    return sum(len(gzip.compress(path.read_bytes(), 9)) for path in paths) / 1024


def first_renders(page: Page, index: Path, board: dict, units: list[dict]) -> list[float]:
    """The first-render times of `board` on RENDER_RUNS fresh pages."""
    renders = []
    for _ in range(RENDER_RUNS):
        page.goto(index.as_uri())
        renders.append(page.evaluate("([b, u]) => arbitroBench.firstRender(b, u)", [board, units]))
    return renders


def main() -> None:
    index = build()
    board, units, timeline = four_mech_phase()
    large_board = codec.board_to_json(big_board(LARGE, LARGE))
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        renders = first_renders(page, index, board, units)
        large_renders = first_renders(page, index, large_board, units)
        page.goto(index.as_uri())
        gaps = page.evaluate(
            "([b, u, t, ms]) => arbitroBench.playback(b, u, t, ms)", [board, units, timeline, TICK_MS]
        )
        browser.close()

    in_budget = sum(1 for gap in gaps if gap <= FRAME_BUDGET_MS * 1.5)
    bundle = gzipped_kb(FRONTEND / "dist" / "app.js", FRONTEND / "dist" / "app.css")
    rows = [
        {"measure": "first render 32x34, 4 mechs (median ms)", "value": statistics.median(renders), "goal": "<= 150"},
        {"measure": f"first render {LARGE}x{LARGE}, 4 mechs (median ms)", "value": statistics.median(large_renders),
         "goal": ""},
        {"measure": "playback frames in budget (%)", "value": 100 * in_budget / len(gaps), "goal": ">= 95"},
        {"measure": "playback frame gap p95 (ms)", "value": statistics.quantiles(gaps, n=20)[-1], "goal": ""},
        {"measure": "bundle app.js + app.css (KB gzip)", "value": bundle, "goal": "<= 150"},
    ]
    report(
        "client",
        ["measure", "value", "goal"],
        rows,
        {"renders_ms": renders, "large_renders_ms": large_renders, "frames": len(gaps), "ticks": len(json.loads(json.dumps(timeline))["ticks"])},
    )


if __name__ == "__main__":
    main()
