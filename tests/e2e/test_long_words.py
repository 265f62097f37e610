"""Text the players write, shown as they wrote it: a chat message of 500 characters without a space (a player
can send one) wraps inside its panel; it made the whole match page thousands of pixels wide for everyone."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

pytestmark = pytest.mark.e2e

LONG_WORD = """
from django.contrib.auth.models import User
from django.utils import timezone
from matches import chat
chat.chat_post(match_id=MATCH_ID, user=User.objects.get(username="alice"), text="0" * 500, now=timezone.now())
"""


def test_a_chat_message_without_spaces_wraps_inside_the_page(
    open_page: Any, server_manage: Callable[..., str], daphne_server: dict[str, str]
) -> None:
    # The demo match the pages open (other tests open more matches titled like it).
    match_id = daphne_server["match"].strip("/").split("/")[-1]
    server_manage("shell", "-c", f"MATCH_ID = {int(match_id)}\n{LONG_WORD}")
    bob = open_page("bob")
    bob.wait_for_selector("#chat li")
    assert bob.evaluate("() => document.documentElement.scrollWidth") <= 1300
