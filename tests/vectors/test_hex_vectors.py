"""The hex vectors the client tests against must be what rules/hexes.py answers today."""

from tests.vectors.make_hex_vectors import OUTPUT, render


def test_committed_hex_vectors_are_up_to_date() -> None:
    assert OUTPUT.read_text(encoding="utf-8") == render(), (
        "frontend/src/__tests__/hex-vectors.json is stale: run .venv/bin/python tests/vectors/make_hex_vectors.py"
    )
