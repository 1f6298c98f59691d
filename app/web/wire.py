"""The websocket protocol the server runs: uvicorn's, plus a direct door for the game socket.

Every action fans out to five or six sockets. Through ASGI each of those messages took a sender
task's wake-up, Starlette's and uvicorn's send coroutines, a `str` encoded back to the bytes we
had, and the websockets library's frame builder; each message received went through uvicorn's
queue, the app task's wake-up and a pause and resume of reading. That was about half the server's
CPU per action (bench/README.md). The door skips all of it for the game socket: once the app has
accepted the socket and taken the door from `scope["extensions"]["quorum.direct"]`, text messages
are handed to its callback as they arrive, and what it writes goes to the transport as ready-made
frames, several in one write. The handshake, closing, pings and everything else stay uvicorn's.

What the app sends is written once the event loop has handled everything that arrived with it
(`loop.call_soon`): under load one pass of the loop handles a dozen actions, and a fifth of the
messages went to a socket that was written to in the same pass already (a seat's patch, then the
answer to its own act sent at the old version), so they now share its write. The sockets sent to
in a pass are written by one callback at its end (`_Pass`), not one each. Anything uvicorn
writes or a close goes through `_Ordered`, which writes what the app sent first.

The app must not depend on the door: under another server (or Starlette's test client) the
extension is absent and `app/web/ws.py` speaks plain ASGI.
"""

from __future__ import annotations

import logging
import struct
import weakref
from asyncio import Transport
from collections.abc import Callable, Sequence
from typing import Any

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.frames import apply_mask
from websockets.protocol import State

EXTENSION = "quorum.direct"

log = logging.getLogger(__name__)


def text_frame(payload: bytes) -> bytes:
    """One unmasked, final text frame (RFC 6455 §5.2): servers never mask."""
    return _header(len(payload)) + payload


_SHORT = [bytes((0x81, n)) for n in range(126)]  # the headers of frames under 126 bytes
_MEDIUM = struct.Struct("!BBH").pack


def _header(n: int) -> bytes:
    """The header of an unmasked, final text frame of `n` bytes."""
    if n < 126:
        return _SHORT[n]
    if n < 65536:
        return _MEDIUM(0x81, 126, n)
    return b"\x81\x7f" + n.to_bytes(8, "big")


def _masked_text(data: bytes, at: int, max_size: int | None) -> tuple[bytes, int] | None:
    """The payload of the frame at `data[at:]` and where it ends, if that frame is whole and is a
    final, masked text frame with no extension bits, of at most `max_size` bytes and a length
    said in 7 or 16 bits (RFC 6455 §5.2); otherwise None (the library reads it)."""
    if len(data) - at < 6 or data[at] != 0x81:  # FIN, no RSV bits, opcode 1 (text)
        return None
    second = data[at + 1]
    if not second & 0x80:  # a client's frame must be masked: the library fails the connection
        return None
    length = second & 0x7F
    start = at + 2
    if length == 126:
        length = int.from_bytes(data[start:start + 2], "big")
        start += 2
    elif length == 127:
        return None
    end = start + 4 + length
    if end > len(data) or (max_size is not None and length > max_size):
        return None
    return apply_mask(data[start + 4:end], data[start:start + 4]), end


class Direct:
    """The app's side of the door: receive text without ASGI, write frames without ASGI."""

    __slots__ = ("_protocol", "on_text", "on_writable", "_out", "_pass", "before_write")

    def __init__(self, protocol: DirectWebSocketProtocol) -> None:
        self._protocol = protocol
        self.on_text: Callable[[str], None] | None = None
        """Set by the app: called with each text message as it arrives (instead of ASGI)."""
        self.on_writable: Callable[[], None] | None = None
        """Set by the app: called when a socket that could not be written to drains."""
        # the frames sent during this pass of the loop, not yet written: each frame's header
        # and payload as two items, joined once in the write
        self._out: list[bytes] = []
        self._pass = _pass_of(protocol.loop)
        self.before_write: Callable[[], None] = _nothing
        """Set by the app: called before anything it sent is written (to make it durable
        first, app/store/batch.py)."""

    def open(self) -> bool:
        p = self._protocol
        return (not p.close_sent and not p.disconnected and p.conn.state is _OPEN
                and not p.raw_transport.is_closing())

    def writable(self) -> bool:
        """Open, and its outgoing buffer under the high-water mark (a slow client is not
        written to until it drains; it is then brought to the newest version at once)."""
        p = self._protocol  # `open()`, inline: asked before every push
        return (not p.write_paused and not p.close_sent and not p.disconnected
                and p.conn.state is _OPEN and not p.raw_transport.is_closing())

    def send(self, messages: Sequence[bytes]) -> bool:
        """Write these UTF-8 JSON texts as text frames, with whatever else is sent to this socket
        in this pass of the loop, in one write. False if closed."""
        p = self._protocol
        if p.close_sent or p.disconnected or p.conn.state is not _OPEN \
                or p.raw_transport.is_closing():  # `open()`, inline
            return False
        out = self._out
        if not out:
            self._pass.add(self)
        for message in messages:
            n = len(message)
            out.append(_SHORT[n] if n < 126 else _MEDIUM(0x81, 126, n) if n < 65536
                       else _header(n))  # `_header`, inline: called for every frame
            out.append(message)
        return True

    def push(self, message: bytes) -> None:
        """`send` of one message right after `writable()` said yes (nothing can have closed the
        socket in between): the push to every seat of every version, checked once."""
        out = self._out
        if not out:
            self._pass.add(self)
        n = len(message)
        out.append(_SHORT[n] if n < 126 else _MEDIUM(0x81, 126, n) if n < 65536 else _header(n))
        out.append(message)

    def flush(self) -> None:
        """Write what was sent (at the end of the loop's pass, or before uvicorn writes)."""
        if self._out:
            self.before_write()  # may discard what was sent (`discard`)
            out = self._out
            if not out:
                return
            self._out = []
            raw = self._protocol.raw_transport
            if not raw.is_closing():
                raw.write(b"".join(out))

    def discard(self) -> None:
        """Drop what was sent and not yet written."""
        self._out = []

    def pause_reading(self) -> None:
        """Stop reading while the app works on a message asynchronously (keeps order, bounds
        what a client can queue)."""
        p = self._protocol
        if not p.raw_transport.is_closing():
            p.raw_transport.pause_reading()
        p.direct_paused = True

    def resume_reading(self) -> None:
        p = self._protocol
        p.direct_paused = False
        if not p.read_paused and not p.raw_transport.is_closing():
            p.raw_transport.resume_reading()


def _nothing() -> None:
    return None


_OPEN = State.OPEN


class _Pass:
    """The doors sent to in this pass of one event loop, written by one callback at its end
    (one `call_soon` per pass rather than one per socket: under load A a pass writes to ~50)."""

    __slots__ = ("_loop", "_doors")

    def __init__(self, loop: Any) -> None:
        self._loop = weakref.ref(loop)  # not kept alive by its entry in `_PASSES`
        self._doors: list[Direct] = []

    def add(self, door: Direct) -> None:
        doors = self._doors
        if not doors:
            self._loop().call_soon(self._flush)
        doors.append(door)

    def _flush(self) -> None:
        doors, self._doors = self._doors, []  # what is sent while writing goes in the next
        for door in doors:
            try:
                door.flush()
            except Exception:  # one socket's failure must not keep the others' frames back
                log.exception("writing to a websocket failed")


_PASSES: weakref.WeakKeyDictionary[Any, _Pass] = weakref.WeakKeyDictionary()


def _pass_of(loop: Any) -> _Pass:
    """The loop's `_Pass` (one per loop, forgotten with the loop)."""
    found = _PASSES.get(loop)
    if found is None:
        found = _PASSES[loop] = _Pass(loop)
    return found


_UNKNOWN = object()


class DirectWebSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's sans-I/O websocket protocol with the `quorum.direct` door (see above)."""

    _limit: int | None | object = _UNKNOWN  # `_max_size()`, once known (it never changes)
    write_paused = False  # the transport is over its high-water mark (`writable`, as a bool)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.direct: Direct | None = None
        self.direct_paused = False

    def connection_made(self, transport: Any) -> None:
        super().connection_made(transport)
        self.raw_transport: Transport = transport
        self.transport = _Ordered(transport, self)  # type: ignore[assignment]

    def handle_connect(self, event: Any) -> None:
        super().handle_connect(event)
        if self.response.status_code == 101 and not self.conn.extensions:
            # The app task was only scheduled: it will find the door in its scope.
            self.direct = Direct(self)
            self.scope["extensions"][EXTENSION] = self.direct

    def data_received(self, data: bytes) -> None:
        """Complete text messages (one unfragmented frame each, as every client sends its acts)
        are read here, at a frame boundary of an open connection, and handed to the door;
        anything else, and whatever follows it, goes to the websockets library as before.

        Reading them through the library's parser took a few generator resumptions per frame,
        about twice what the rest of a frame's way to the handler takes (bench/README.md). The
        library's state is untouched: it is idle at the frame boundary before, and after."""
        at, end = 0, len(data)
        if self.direct is not None:
            limit = self._limit
            if limit is _UNKNOWN:
                limit = self._limit = self._max_size()
            while at < end and self._between_frames():
                frame = _masked_text(data, at, limit)
                if frame is None:
                    break
                payload, at = frame
                self._hand(self.direct.on_text, payload)  # type: ignore[arg-type]
        if at < end:
            super().data_received(data[at:] if at else data)

    def _max_size(self) -> int | None:
        """The library's limit on a frame that is a whole message."""
        limits = [n for n in (self.conn.max_message_size, self.conn.max_fragment_size)
                  if n is not None]
        return min(limits) if limits else None

    def _between_frames(self) -> bool:
        """Whether the door takes messages now and the library waits for a new frame with
        nothing of it read (no partial frame, no fragmented message, open, not failed)."""
        direct = self.direct
        conn = self.conn
        return (direct is not None and direct.on_text is not None and not self.close_sent
                and conn.state is _OPEN and conn.current_size is None
                and conn.parser_exc is None and not conn.reader.buffer and self.queue.empty())

    def send_receive_event_to_app(self) -> None:
        direct = self.direct
        on_text = direct.on_text if direct is not None else None
        # Messages that reached the queue before the app opened the door go first.
        if on_text is None or self.close_sent or not self.queue.empty():
            super().send_receive_event_to_app()
            return
        data = self.frames[0] if len(self.frames) == 1 else b"".join(self.frames)
        self.frames = []
        self._hand(on_text, data)

    def _hand(self, on_text: Callable[[str], None], data: bytes) -> None:
        """Give the app a text message; if it fails, close the connection (1011)."""
        try:
            text = data.decode()
        except UnicodeDecodeError:
            text = data.decode("utf-8", "replace")  # answered as a bad message, like any other
        try:
            on_text(text)
        except Exception:
            log.exception("handling a websocket message failed")
            self.conn.fail(1011)
            self.transport.write(b"".join(self.conn.data_to_send()))
            self.close_sent = True
            self.transport.close()

    async def receive(self) -> Any:
        message = await self.queue.get()
        if self.read_paused and self.queue.empty():
            self.read_paused = False
            if not self.direct_paused:
                self.transport.resume_reading()
        return message

    def pause_writing(self) -> None:
        super().pause_writing()
        self.write_paused = True

    def resume_writing(self) -> None:
        super().resume_writing()
        self.write_paused = False
        direct = self.direct
        if direct is not None and direct.on_writable is not None:
            try:
                direct.on_writable()
            except Exception:
                log.exception("bringing a drained websocket up to date failed")


class _Ordered:
    """The transport as uvicorn sees it: what the app sent goes out before anything uvicorn
    writes (a pong, a close frame) and before the connection closes."""

    def __init__(self, transport: Transport, protocol: DirectWebSocketProtocol) -> None:
        self._transport = transport
        self._protocol = protocol

    def _flush(self) -> None:
        direct = self._protocol.direct
        if direct is not None:
            direct.flush()

    def write(self, data: bytes) -> None:
        self._flush()
        self._transport.write(data)

    def close(self) -> None:
        self._flush()
        self._transport.close()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._transport, name)
