"""The ceiling: a bare `websockets` server that broadcasts the frames it is handed, and does nothing else.

`python -m bench.ceiling PORT [asyncio]`: on uvloop (issue 19), or on asyncio's own loop if told so or if
uvloop is not installed. A socket opened on /publish is the publisher: each message it sends is
a JSON list of frame texts, and each text goes to every other socket with `websockets.broadcast` (written
once, no awaiting per socket). Every other socket gets a hello frame when it opens, so a client can tell
it is subscribed, the same way a match socket gets its snapshot.
"""

from __future__ import annotations

import json
import sys

from websockets.asyncio.server import ServerConnection, broadcast, serve

from .spectators import run

HELLO = json.dumps({"type": "snapshot", "v": 0})


async def main(port: int) -> None:
    subscribers: set[ServerConnection] = set()

    async def handle(socket: ServerConnection) -> None:
        if socket.request is not None and socket.request.path == "/publish":
            async for message in socket:
                for text in json.loads(message):
                    broadcast(subscribers, text)
            return
        subscribers.add(socket)
        try:
            await socket.send(HELLO)
            await socket.wait_closed()
        finally:
            subscribers.discard(socket)

    # No permessage-deflate: Daphne does not compress either, and websockets would compress per socket.
    async with serve(handle, "127.0.0.1", port, max_queue=None, compression=None) as server:
        await server.serve_forever()


if __name__ == "__main__":
    run(main(int(sys.argv[1])), sys.argv[2] if len(sys.argv) > 2 else "uvloop")
