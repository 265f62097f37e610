"""Static files served by Daphne (project/asgi.py): a path climbing out of the static folders is a 404
(issue 18: it was a 500, Django's SuspiciousFileOperation escaping the static handler)."""

from __future__ import annotations

import pytest
from channels.testing import HttpCommunicator

from project.asgi import application


@pytest.mark.asyncio
@pytest.mark.parametrize("path", ["/static/../manage.py", "/static/%2e%2e/project/settings.py", "/static/missing.js"])
async def test_a_static_path_that_is_no_static_file_is_a_404(path: str) -> None:
    request = HttpCommunicator(application, "GET", path, headers=[(b"host", b"127.0.0.1")])
    response = await request.get_response(timeout=10)
    assert response["status"] == 404
