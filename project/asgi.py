"""ASGI entry point: HTTP (Django, plus static files so Daphne alone serves the app) and websockets."""

import os
from typing import Any

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "project.settings")
# Django must be set up before anything imports models (the consumers do).
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddleware, get_user  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.sessions import CookieMiddleware, InstanceSessionWrapper, SessionMiddleware  # noqa: E402
from daphne.ws_protocol import WebSocketFactory, WebSocketProtocol  # noqa: E402
from django.conf import settings  # noqa: E402
from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler  # noqa: E402
from django.core.exceptions import SuspiciousFileOperation  # noqa: E402
from django.http import Http404  # noqa: E402

from matches import direct_writes, sweeper  # noqa: E402
from matches.consumers import ORDER_THREADS, error_text, too_long  # noqa: E402
from matches.pools import start_pool  # noqa: E402
from matches.socket_reads import READ_THREADS, on_read_threads  # noqa: E402
from matches.routing import websocket_urlpatterns  # noqa: E402
from project.origins import SameOriginValidator  # noqa: E402

if settings.ARBITRO_DIRECT_WRITES:
    direct_writes.install()
if settings.ARBITRO_DEADLINE_SWEEP_SECONDS > 0:
    sweeper.start(settings.ARBITRO_DEADLINE_SWEEP_SECONDS)
if settings.ARBITRO_START_POOLS:
    start_pool(ORDER_THREADS, settings.ARBITRO_ORDER_THREADS)
    start_pool(READ_THREADS, settings.ARBITRO_READ_THREADS)


def _close_refused_sockets_with_a_code() -> None:
    """A message over Daphne's 1 MiB limit is answered as one over the consumer's limit is (`message.malformed`,
    `message.too_long`), then the socket is closed with a close frame and its code (1009: message too big),
    which the client reconnects after. Daphne refuses such a message before the consumer sees it (the rest of
    it is never read), so the socket cannot stay open. Any other protocol error also closes with its code
    instead of dropping the connection (1006, no reason)."""
    build_factory = WebSocketFactory.__init__
    refuse = WebSocketProtocol._max_message_size_exceeded

    def build_closing_cleanly(factory: Any, *args: Any, **kwargs: Any) -> None:
        build_factory(factory, *args, **kwargs)
        factory.setProtocolOptions(failByDrop=False)

    def answer_then_refuse(protocol: Any, *args: Any) -> None:
        # No version: reading the match would block Daphne's reactor; the client resyncs on reconnecting anyway.
        protocol.sendMessage(error_text(too_long(), None).encode(), isBinary=False)
        refuse(protocol, *args)

    WebSocketFactory.__init__ = build_closing_cleanly  # type: ignore[method-assign]
    WebSocketProtocol._max_message_size_exceeded = answer_then_refuse


_close_refused_sockets_with_a_code()


class SocketSessionMiddleware(SessionMiddleware):
    """Channels' session middleware for websockets, without its wrapper around `send`: that wrapper saves the
    session and sets its cookie on an HTTP response only, yet reads the lazy session on every message, which
    cost about an eighth of a process's CPU broadcasting to 1,000 spectators (bench/README.md). The session is
    still read at connect, for the login."""

    async def __call__(self, scope: Any, receive: Any, send: Any) -> Any:
        wrapper = InstanceSessionWrapper(scope, send)
        await wrapper.resolve_session()
        return await self.inner(wrapper.scope, receive, send)


class SocketAuthMiddleware(AuthMiddleware):
    """Channels' login for websockets, its session and user read on the consumers' read threads instead of the
    process's one database thread, where a reconnection storm's logins queued one after another."""

    async def resolve_scope(self, scope: Any) -> None:
        scope["user"]._wrapped = await on_read_threads(get_user.func)(scope)


class StaticFilesHandler(ASGIStaticFilesHandler):
    """Django's static files for Daphne, with a path that climbs out of the static folders (`/static/../x`) a
    404 like any other missing file: Django's handler turns only Http404 into an answer, so it was a 500."""

    def serve(self, request: Any) -> Any:
        try:
            return super().serve(request)
        except SuspiciousFileOperation:
            raise Http404("No such static file.") from None


application = ProtocolTypeRouter(
    {
        # Serving the Vite bundle from Daphne keeps `make run` to one process; a deployment puts a
        # reverse proxy in front for static files.
        "http": StaticFilesHandler(django_asgi_app),
        "websocket": SameOriginValidator(
            CookieMiddleware(SocketSessionMiddleware(SocketAuthMiddleware(URLRouter(websocket_urlpatterns))))
        ),
    }
)
