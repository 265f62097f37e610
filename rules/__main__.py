"""Command line: ``python -m rules explain FILE.json`` (``-`` reads the scenario from stdin)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from rules.io.explain import run


def main(argv: list[str]) -> int:
    if len(argv) != 2 or argv[0] != "explain":
        sys.stderr.write("usage: python -m rules explain FILE.json|-\n")
        return 2
    if argv[1] == "-":
        return run(sys.stdin, sys.stdout)
    try:
        with open(argv[1], encoding="utf-8") as source:
            return run(source, sys.stdout, Path(argv[1]).parent)
    except (OSError, UnicodeDecodeError) as error:
        error_json = {"error": {"code": "scenario.file", "message": f"cannot read {argv[1]}: {error}"}}
        sys.stdout.write(json.dumps(error_json) + "\n")
        return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
