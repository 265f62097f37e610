"""The websocket's Origin check, by the rule Django's CSRF check applies to a POST (issue 18): the page that
opens a socket must come from the socket's own scheme, host and port (`http://127.0.0.1:8000` for
`ws://127.0.0.1:8000`), or from one of CSRF_TRUSTED_ORIGINS, and the host must be allowed. Channels'
AllowedHostsOriginValidator let a page on any port of an allowed host in."""

from __future__ import annotations

import io
from typing import Any

from channels.security.websocket import WebsocketDenier
from django.core.exceptions import DisallowedHost
from django.core.handlers.asgi import ASGIRequest
from django.middleware.csrf import CsrfViewMiddleware

_HTTP_SCHEMES = {"ws": "http", "wss": "https"}


def same_origin(scope: dict[str, Any]) -> bool:
    """Whether the socket's Origin header passes Django's CSRF origin check for the same request over HTTP."""
    http_scope = {**scope, "type": "http", "method": "GET", "scheme": _HTTP_SCHEMES.get(scope.get("scheme", "ws"), "http")}
    request = ASGIRequest(http_scope, io.BytesIO())
    if "HTTP_ORIGIN" not in request.META:
        return False
    try:
        request.get_host()
    except DisallowedHost:
        return False
    # The CSRF middleware's own check, so both doors follow one rule (and its settings).
    # A private method, but the one place Django keeps that rule.
    return bool(CsrfViewMiddleware(lambda request: None)._origin_verified(request))  # type: ignore[attr-defined, arg-type]


class SameOriginValidator:
    """ASGI middleware: a websocket whose Origin fails `same_origin` is refused before its handshake (403)."""

    def __init__(self, application: Any) -> None:
        self.application = application

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        if same_origin(scope):
            return await self.application(scope, receive, send)
        return await WebsocketDenier()(scope, receive, send)
