"""Prints the server benchmarks' latest results (bench/results/*.json) as Markdown, for bench/README.md.

    python -m bench.summarize
"""

from __future__ import annotations

import json
from typing import Any

from .harness import RESULTS, cell


def markdown(result: dict[str, Any]) -> str:
    machine = result["machine"]
    columns = result["columns"]
    lines = [
        f"### {result['benchmark']}",
        "",
        f"{machine['when']}, {machine['cores']} cores, {machine['memory_gb']} GB, Python {machine['python']}, "
        f"load average (1, 5, 15 min) {machine['load_average_at_start']} at the start and "
        f"{machine['load_average_1_5_15']} at the end; settings {result.get('settings', {})}",
        "",
        "| " + " | ".join(columns) + " |",
        "|" + "---|" * len(columns),
    ]
    lines += ["| " + " | ".join(cell(row.get(c)) for c in columns) + " |" for row in result["rows"]]
    return "\n".join(lines) + "\n"


def main() -> None:
    for path in sorted(RESULTS.glob("*.json")):
        result = json.loads(path.read_text())
        if "columns" in result:  # the server benchmarks' format
            print(markdown(result))


if __name__ == "__main__":
    main()
