"""The OpenAPI schema documents what the REST API takes and answers (issue 7, 'REST API ... OpenAPI schema'):
each write's JSON body, the coded error body, and the list filter, so a script (or a schema-driven fuzzer
such as schemathesis) can build valid requests. Unknown /api/ paths answer the coded error too."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

# Each write, with a field its body must have.
WRITES = {
    "/api/matches/": "designs",
    "/api/matches/{match_id}/join/": "role",
    "/api/matches/{match_id}/options/": "options",
    "/api/matches/{match_id}/accept/": "accepted",
    "/api/matches/{match_id}/referee-seat/": "username",
    "/api/matches/{match_id}/referee/": "action",
    "/api/matches/{match_id}/los-side/": "unit",
    "/api/matches/{match_id}/chat/": "text",
}


@pytest.fixture
def schema() -> dict[str, Any]:
    return Client().get("/api/schema/", HTTP_ACCEPT="application/json").json()


def _component(schema: dict[str, Any], ref: str) -> dict[str, Any]:
    return schema["components"]["schemas"][ref.rsplit("/", 1)[-1]]


def test_every_write_documents_its_json_body_and_its_coded_errors(schema: dict[str, Any]) -> None:
    for path, field in WRITES.items():
        post = schema["paths"][path]["post"]
        body = _component(schema, post["requestBody"]["content"]["application/json"]["schema"]["$ref"])
        # Opening a match needs nothing but the default ruleset's designs: each ruleset's set-up says what it takes.
        assert field in (body["properties"] if path == "/api/matches/" else body["required"]), path
        for status in ("400", "401", "403", "404", "409"):
            error = _component(schema, post["responses"][status]["content"]["application/json"]["schema"]["$ref"])
            assert set(error["required"]) == {"code", "message"}, (path, status)


def test_the_list_documents_its_status_filter_and_answers_a_list(schema: dict[str, Any]) -> None:
    get = schema["paths"]["/api/matches/"]["get"]
    [status] = [p for p in get["parameters"] if p["name"] == "status"]
    assert set(status["schema"]["enum"]) == {"open", "in_progress", "paused", "finished"}
    assert get["responses"]["200"]["content"]["application/json"]["schema"]["type"] == "array"


def test_the_campaign_standings_document_their_rows_and_the_coded_404(schema: dict[str, Any]) -> None:
    get = schema["paths"]["/api/campaigns/{campaign_id}/standings/"]["get"]
    standings = _component(schema, get["responses"]["200"]["content"]["application/json"]["schema"]["$ref"])
    assert set(standings["required"]) == {"campaign", "pilots", "stables"}
    pilots = standings["properties"]["pilots"]
    assert pilots["type"] == "array"
    row = _component(schema, pilots["items"]["$ref"])
    assert {"pilot_id", "callsign", "wins", "kills", "victory_points"} <= set(row["required"])
    error = _component(schema, get["responses"]["404"]["content"]["application/json"]["schema"]["$ref"])
    assert set(error["required"]) == {"code", "message"}


@pytest.mark.parametrize("path", ["/api/matches/null,null/", "/api/nothing/", "/api/matches/1/teleport/"])
def test_an_unknown_api_path_is_a_coded_404(path: str) -> None:
    for response in (Client().get(path), Client(enforce_csrf_checks=True).post(path, {}, content_type="application/json")):
        assert (response.status_code, response.json()["code"]) == (404, "api.not_found")
