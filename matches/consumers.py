"""The match websocket: decode a message, check its shape, call a service, send the answer.

Broadcast frames come through the process's hub (see hub.py), not through a per-socket channel; a spectator
of a match with a delay in seconds gets them from the match's release in delayed_release.py instead.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
import uuid
from collections import deque
from collections.abc import Awaitable
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from typing import Any
from urllib.parse import parse_qs

from autobahn.exception import Disconnected
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.db import InterfaceError, OperationalError
from django.utils import timezone
from redis.exceptions import RedisError

from rules.core.reasons import Reason

from . import chat, los_sides, queries, reactions, rematch, selectors, services, snapshots
from .client_input import refuse_unstorable
from .crowd import crowd_frame, get_crowd
from .delayed_release import get_releases
from .errors import MatchError
from .hub import RESYNC_CLOSE_CODE, SECONDS_DELAYED_STREAM, encode, get_hub
from .prepared_sends import SocketSends
from .socket_reads import caught_up_frames, chat_now_readable, frames_since, on_read_threads, rooms_heard, streams
from .subscriber import Subscriber

log = logging.getLogger(__name__)

MAX_MESSAGE_CHARS = 16_000
# How long before it is broadcast a chat line may have been posted (the commit, the publish tried again, two
# processes' clocks): a catch-up in place sends the lines posted this long before frames may have been lost.
PUBLISH_SECONDS = 10.0
# What Redis or PostgreSQL failing looks like to a socket joining its streams (OSError: a refused connection).
OUTAGES = (RedisError, OSError, OperationalError, InterfaceError)
# Plots and submits run here, not on the process's one database thread, so that their waits on PostgreSQL
# overlap. The match row lock still takes one match's commands one at a time, and the hub puts the frames
# that two threads publish back in version order.
ORDER_THREADS = ThreadPoolExecutor(max_workers=settings.ARBITRO_ORDER_THREADS, thread_name_prefix="orders")


def too_long() -> MatchError:
    return MatchError("message.malformed", why=Reason("message.too_long", limit=MAX_MESSAGE_CHARS))


def error_text(error: MatchError, version: int | None) -> str:
    """An error frame; `version`: the one the viewer is shown (None: not known)."""
    return encode({"type": "error", "v": version, **error.as_json()})


def _since_version(query_string: bytes) -> int | None:
    values = parse_qs(query_string.decode("latin-1")).get("v")
    try:
        return int(values[0]) if values else None
    except ValueError:
        return None


def _optional_int(message: dict[str, Any], key: str, meaning: str) -> int | None:
    """`message[key]` when it is an integer (JSON's true and false are not), None when it is left out."""
    value = message.get(key)
    if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
        raise MatchError("message.malformed", why=Reason("message.not_an_integer", key=key, meaning=meaning))
    return value


def _turn(message: dict[str, Any]) -> int | None:
    return _optional_int(message, "turn", "the turn the order is for")


def _seen(message: dict[str, Any]) -> int | None:
    return _optional_int(message, "v", "the version the order was plotted at")


def _phase(message: dict[str, Any]) -> str | None:
    phase = message.get("phase")
    if phase is not None and not isinstance(phase, str):
        raise MatchError("message.malformed", why=Reason("message.phase_name"))
    return phase


class MatchConsumer(AsyncWebsocketConsumer):
    # No per-socket channel: the hub holds one subscription per match for the whole process.
    channel_layer_alias = "no-per-socket-channel"

    async def connect(self) -> None:
        self.match_id = int(self.scope["url_route"]["kwargs"]["match_id"])
        self.user = self.scope["user"]
        self.sends = SocketSends(self.base_send)
        self.subscriber = Subscriber(self._send_shared, catch_up=self._catch_up_soon, rejudge=self._rejudge_soon)
        self.recent_messages: deque[float] = deque()
        self.judging = asyncio.Lock()
        self.judgements: set[asyncio.Task[None]] = set()
        await self.accept()
        try:
            self.stream, heard_as, spectator = await streams(self.match_id, self.user)
        except MatchError as error:
            # Checked before joining the hub: no subscription is ever opened for a match that is not there.
            await self._send_error(error)
            await self.close(code=4404)
            return
        self.subscriber.audience = heard_as
        self.socket_id = uuid.uuid4().hex
        async with self.judging:  # a judgement that comes meanwhile waits for the socket's first frames
            self.joined = True
            try:
                await self._feed().join(self.match_id, self.subscriber, self.stream)
                await get_crowd().join(self.match_id, self.socket_id, spectator=spectator, send_text=self._send_text)
                await self._send_frames(_since_version(self.scope.get("query_string", b"")))
            except OUTAGES as error:
                # Redis or the database is down or restarting: an outage, not a bug. The client reconnects.
                log.warning("match %s: a socket could not join (%r); it reconnects", self.match_id, error)
                await self.close(code=RESYNC_CLOSE_CODE)

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            # A server error (or Daphne cancelling the consumer) ends it without `disconnect`: the socket must
            # still leave the hub and stop being counted.
            await self._leave()

    async def disconnect(self, code: int) -> None:
        await self._leave()

    async def _leave(self) -> None:
        judging = getattr(self, "judging", None)
        if judging is None:
            return  # it never got as far as joining
        async with judging:  # a judgement under way finishes first: then it is the stream it chose we leave
            await self._leave_now()

    async def _leave_now(self) -> None:
        if not getattr(self, "joined", False):
            return
        self.joined = False
        try:
            await self._feed().leave(self.match_id, self.subscriber, self.stream)
        finally:
            await get_crowd().leave(self.match_id, self.socket_id)

    async def dispatch(self, message: Any) -> None:
        """Channels hops to the process's database thread before every message, to close that thread's stale
        connections (`aclose_old_connections`, a thread round trip per message). A socket's messages skip it:
        everything they read or write runs through `database_sync_to_async`, on the order, read or database
        thread, which closes that thread's stale connections before and after each call (channels.db), and
        every thread owns its connections, so the hop would only close what the call closes itself. Connecting
        and disconnecting keep it."""
        if message["type"] == "websocket.receive":
            await self.websocket_receive(message)
        else:
            await super().dispatch(message)

    def _feed(self) -> Any:
        """Where the socket's broadcast frames come from: the hub, or the match's release of a delay in seconds."""
        return get_releases() if self.stream == SECONDS_DELAYED_STREAM else get_hub()

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        try:
            self._check_rate()
            await self._handle(self._decode(text_data))
        except MatchError as error:
            await self._send_error(error)
        except (OperationalError, InterfaceError) as error:
            # An outage, not a bug: no traceback.
            log.warning("match %s: the database failed handling a message: %r", self.match_id, error)
            await self._send_error(MatchError.database_unavailable())
        except Exception:
            # A bug must still answer with a coded frame and keep the socket open.
            log.exception("match %s: unexpected error handling a message", self.match_id)
            await self._send_error(MatchError("server.error"))

    def _check_rate(self) -> None:
        """At most `ARBITRO_SOCKET_RATE` messages per socket in a sliding window."""
        count, seconds = settings.ARBITRO_SOCKET_RATE
        now = time.monotonic()
        while self.recent_messages and now - self.recent_messages[0] > seconds:
            self.recent_messages.popleft()
        if len(self.recent_messages) >= count:
            raise MatchError("message.rate_limited", count=count, seconds=seconds)
        self.recent_messages.append(now)

    def _decode(self, text_data: str | None) -> dict[str, Any]:
        if text_data is None or len(text_data) > MAX_MESSAGE_CHARS:
            raise too_long()
        try:
            message = json.loads(text_data)
        except (ValueError, RecursionError):  # RecursionError: arrays or objects nested thousands deep
            raise MatchError("message.malformed", why=Reason("message.not_json")) from None
        if not isinstance(message, dict) or not isinstance(message.get("type"), str):
            raise MatchError("message.malformed", why=Reason("message.no_type"))
        refuse_unstorable(message)
        return message

    async def _handle(self, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "resync":
            async with self.judging:
                await self._send_frames(None)
        elif kind in ("plot", "submit"):
            service = services.order_plot if kind == "plot" else services.order_submit
            reply = await database_sync_to_async(service, thread_sensitive=False, executor=ORDER_THREADS)(
                match_id=self.match_id, user=self.user, order_json=message.get("order"), turn=_turn(message),
                phase=_phase(message), seen=_seen(message),
            )
            await self._send_text(encode(reply))
        elif kind == "withdraw":
            reply = await database_sync_to_async(services.order_withdraw, thread_sensitive=False,
                                                 executor=ORDER_THREADS)(
                match_id=self.match_id, user=self.user, unit=message.get("unit"), turn=_turn(message),
                phase=_phase(message),
            )
            await self._send_text(encode(reply))
        elif kind == "reach":
            reply = await database_sync_to_async(queries.unit_reach)(
                match_id=self.match_id, user=self.user, unit_id=message.get("unit"), mode=message.get("mode"),
                turn=_turn(message),
            )
            await self._send_text(encode(reply))
        elif kind == "los":
            reply = await database_sync_to_async(queries.sight_line)(
                match_id=self.match_id, user=self.user, source=message.get("from"), target=message.get("to")
            )
            await self._send_text(encode(reply))
        elif kind == "los_side":
            reply = await database_sync_to_async(los_sides.los_side_choose)(
                match_id=self.match_id, user=self.user, unit=message.get("unit"), side=message.get("side"),
                reason=message.get("reason"),
            )
            await self._send_text(encode(reply))
        elif kind == "react":
            reply = await database_sync_to_async(reactions.react)(
                match_id=self.match_id, user=self.user, window=message.get("window"), unit=message.get("unit"),
                order=message.get("order"),
            )
            await self._send_text(encode(reply))
        elif kind == "rematch":
            reply = await database_sync_to_async(rematch.match_rematch)(match_id=self.match_id, user=self.user)
            await self._send_text(encode({**reply, "type": "rematch_opened"}))
        elif kind == "chat":
            reply = await database_sync_to_async(chat.chat_post)(
                match_id=self.match_id, user=self.user, text=message.get("text"), now=timezone.now()
            )
            await self._send_text(encode({"type": "chat_sent", "v": reply["v"], "id": reply["id"]}))
        else:
            raise MatchError("message.unknown_type", type=kind)

    async def _send_frames(self, since: int | None, chat_after: datetime | None = None) -> None:
        """Sends the snapshot (or the missed events) while the hub holds newer broadcasts back; with
        `chat_after` (a catch-up in place), also the chat lines posted since then and the crowd count, which
        travel unversioned and may have been lost with the rest."""
        self.subscriber.hold()
        if chat_after is None:
            judged, frames, lines = await frames_since(self.match_id, self.user, since)
        else:
            judged, frames, lines = await caught_up_frames(self.match_id, self.user, since, chat_after, self.stream)
        for _, text in frames:
            if text.startswith('{"type":"snapshot",'):
                # The crowd count is not part of the match (nor of the shared, cached snapshot): added here.
                text = snapshots.with_spectators(text, await get_crowd().latest(self.match_id))
            await self._send_text(text)
        if chat_after is not None:
            for text in lines:  # the client shows each line once, by its id
                await self._send_text(text)
            await self._send_text(encode(crowd_frame(await get_crowd().latest(self.match_id))))
        version = frames[-1][0] if frames else since
        version = version if version is not None else 0
        if judged[:2] != (self.stream, self.subscriber.audience):
            # The viewer's view changed after the socket was judged and before its rejudge item could reach it.
            self._judge_later(version)
        await self.subscriber.release(version)

    async def _rejudge_soon(self, item: dict[str, Any]) -> None:
        """A change to the match may have changed this socket's view (hub.REJUDGE): if the item concerns it,
        nothing after the change goes out until it is judged again (in its own task: the hub's reader, which
        handed us the item, may be the one a move to another stream ends)."""
        mine = self.user.is_authenticated and self.user.get_username() in item["users"]
        if mine or self.subscriber.audience.split(":")[0] in item["roles"]:
            self._judge_later(item["v"])

    def _judge_later(self, version: int) -> None:
        self.subscriber.cut(version)
        task = asyncio.create_task(self._rejudge())
        self.judgements.add(task)
        task.add_done_callback(self.judgements.discard)

    async def _rejudge(self) -> None:
        async with self.judging:
            if not self.joined:
                return
            await self._or_resync(self._judge_again(), "judging a socket again")

    async def _or_resync(self, work: Awaitable[None], doing: str) -> None:
        """Awaits `work`; when it fails, the socket closes with RESYNC_CLOSE_CODE: its client reconnects with the
        last version it has, is judged from scratch and catches up."""
        try:
            await work
        except OUTAGES as error:
            log.warning("match %s: %s failed (%r); it resyncs", self.match_id, doing, error)
            await self.close(code=RESYNC_CLOSE_CODE)
        except Exception:
            log.exception("match %s: %s failed; it resyncs", self.match_id, doing)
            await self.close(code=RESYNC_CLOSE_CODE)

    async def _judge_again(self) -> None:
        stream, heard_as, spectator = await streams(self.match_id, self.user)
        if (stream, heard_as) == (self.stream, self.subscriber.audience):
            await self.subscriber.uncut()
            return
        self.subscriber.hold()
        self.subscriber.forget()
        rooms_before = rooms_heard(self.subscriber.audience)
        # Out of the old stream before into the new: the socket is never fed by both. What is committed in
        # between is in the snapshot, read after the join.
        await self._leave_now()
        self.stream, self.subscriber.audience, self.joined = stream, heard_as, True
        await self._feed().join(self.match_id, self.subscriber, self.stream)
        await get_crowd().join(self.match_id, self.socket_id, spectator=spectator, send_text=self._send_text)
        await self._send_frames(None)
        # A room it may read now: its messages so far, as the client loads them on connecting (chat frames are
        # never judged by version; the client shows each message once).
        for text in await chat_now_readable(self.match_id, self.user, rooms_before):
            await self._send_text(text)

    async def _catch_up_soon(self, since: float) -> None:
        """The hub's stream may have lost frames since `since` (Redis restarted): the socket catches up in place
        (the hub's module docstring), in its own task, as the hub tells every socket of the stream in turn."""
        task = asyncio.create_task(self._catch_up(since))
        self.judgements.add(task)
        task.add_done_callback(self.judgements.discard)

    async def _catch_up(self, since: float) -> None:
        async with self.judging:  # after a connect, resync or judgement under way: from the version it sent
            if not self.joined:
                return  # gone: nothing waits for its catch-up any more
            chat_after = datetime.fromtimestamp(since - PUBLISH_SECONDS, tz=UTC)
            try:
                await self._or_resync(self._send_frames(self.subscriber.version, chat_after), "catching a socket up")
            finally:
                await self.subscriber.caught_up()

    async def _send_error(self, error: MatchError) -> None:
        try:
            version = await on_read_threads(selectors.version_seen)(match_id=self.match_id, user=self.user)
        except (OperationalError, InterfaceError):
            version = self.subscriber.version  # the database is down too: what this socket was last sent
        await self._send_text(error_text(error, version))

    async def _send_shared(self, text: str) -> None:
        """A broadcast frame, the same text for many sockets: framed once for them all (prepared_sends.py)."""
        if not self.sends.send_shared(text):
            await self._send_text(text)

    async def _send_text(self, text: str) -> None:
        try:
            await self.send(text_data=text)
        except Disconnected:
            # The client closed while a frame was on its way (Daphne hands us its socket's own error): the
            # disconnect that follows cleans up.
            pass
