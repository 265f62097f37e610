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


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/", "/accounts/login/"])
def test_the_pages_name_their_icon_so_no_browser_asks_for_a_missing_favicon(path: str) -> None:
    # Without one, every page load logged "404 /favicon.ico" in the server log and an error in the console.
    from django.test import Client

    assert '<link rel="icon" href="data:,">' in Client().get(path).content.decode()
