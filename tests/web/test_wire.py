"""The direct door's writes (`app/web/wire.py`): what the app sends to a socket in one pass of
the event loop leaves in one write at its end, and nothing uvicorn writes overtakes it."""

from __future__ import annotations

import asyncio
import contextlib
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from app.web.wire import Direct, _Ordered, text_frame


class Transport:
    def __init__(self) -> None:
        self.writes: list[bytes] = []
        self.closed = False

    def write(self, data: bytes) -> None:
        self.writes.append(data)

    def close(self) -> None:
        self.closed = True

    def is_closing(self) -> bool:
        return self.closed

    def get_extra_info(self, name: str) -> Any:
        return None


class Protocol:
    """The parts of `DirectWebSocketProtocol` the door reads."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        from websockets.protocol import State

        self.loop = loop
        self.raw_transport = Transport()
        self.transport = _Ordered(self.raw_transport, self)  # type: ignore[arg-type]
        self.close_sent = self.disconnected = False
        self.conn = type("Conn", (), {"state": State.OPEN})()
        self.direct = Direct(self)  # type: ignore[arg-type]


def run_alone(main: Any) -> None:
    """Run the coroutine function on a loop of its own thread: a browser test before it on the
    same worker may have left its own loop running in this thread."""
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, main()).result()


def test_what_is_sent_in_one_pass_leaves_in_one_write_at_its_end() -> None:
    async def main() -> None:
        p = Protocol(asyncio.get_running_loop())
        assert p.direct.send([b'{"a":1}'])
        assert p.direct.send([b'{"b":2}', b'{"c":3}'])
        assert p.raw_transport.writes == []  # not before the pass ends
        await asyncio.sleep(0)
        assert p.raw_transport.writes == [
            text_frame(b'{"a":1}') + text_frame(b'{"b":2}') + text_frame(b'{"c":3}')]
        p.direct.send([b'{"d":4}'])
        await asyncio.sleep(0)
        assert p.raw_transport.writes[1:] == [text_frame(b'{"d":4}')]

    run_alone(main)


def test_uvicorns_writes_and_closing_come_after_what_the_app_sent() -> None:
    async def main() -> None:
        p = Protocol(asyncio.get_running_loop())
        p.direct.send([b'{"a":1}'])
        p.transport.write(b"PONG")  # uvicorn answering a ping in the same pass
        assert p.raw_transport.writes == [text_frame(b'{"a":1}'), b"PONG"]
        p.direct.send([b'{"b":2}'])
        p.transport.close()
        assert p.raw_transport.writes[2:] == [text_frame(b'{"b":2}')]
        assert p.raw_transport.closed
        assert not p.direct.send([b'{"c":3}'])  # closed: refused, nothing written
        await asyncio.sleep(0)
        assert len(p.raw_transport.writes) == 3

    run_alone(main)


# ---- reading: text frames at a frame boundary go straight to the door ---------------------------

HANDSHAKE = (b"GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
             b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")


def client_frame(payload: bytes, opcode: int = 1, fin: bool = True, mask: bool = True,
                 rsv: int = 0) -> bytes:
    """A frame as a client sends it (masked), built by hand: RFC 6455 §5.2."""
    from websockets.frames import apply_mask

    key = b"\x01\x02\x03\x04"
    head = bytes(((0x80 if fin else 0) | rsv | opcode,))
    n = len(payload)
    bit = 0x80 if mask else 0
    if n < 126:
        head += bytes((bit | n,))
    elif n < 65536:
        head += bytes((bit | 126,)) + n.to_bytes(2, "big")
    else:
        head += bytes((bit | 127,)) + n.to_bytes(8, "big")
    return head + (key + apply_mask(payload, key) if mask else payload)


async def opened(max_size: int = 1 << 20) -> tuple[Any, Transport, list[str]]:
    """Our protocol over a fake transport, after the handshake, with the door open: the texts
    it hands the app."""
    from uvicorn.config import Config
    from uvicorn.server import ServerState

    from app.web.wire import EXTENSION, DirectWebSocketProtocol

    got: list[str] = []

    async def app(scope: Any, receive: Any, send: Any) -> None:
        await receive()
        await send({"type": "websocket.accept"})
        scope["extensions"][EXTENSION].on_text = got.append
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.Event().wait()

    config = Config(app=app, ws=DirectWebSocketProtocol, ws_max_size=max_size,
                    ws_per_message_deflate=False, ws_ping_interval=None)
    config.load()
    transport = Transport()
    transport.pause_reading = transport.resume_reading = lambda: None  # type: ignore[attr-defined]
    protocol = DirectWebSocketProtocol(config=config, server_state=ServerState(), app_state={},
                                       _loop=asyncio.get_running_loop())
    protocol.connection_made(transport)
    protocol.data_received(HANDSHAKE)
    for _ in range(5):
        await asyncio.sleep(0)
    assert protocol.direct is not None and protocol.direct.on_text is not None
    transport.writes.clear()
    return protocol, transport, got


def test_text_frames_reach_the_door_whole_split_and_among_others() -> None:
    async def main() -> None:
        protocol, transport, got = await opened()
        long = "é" * 300  # a 16-bit length
        data = (client_frame(b'{"a":1}') + client_frame(long.encode())
                + client_frame(b"", opcode=9)  # a ping: the library's, and answered
                + client_frame(b'{"b":2}'))
        protocol.data_received(data)
        assert got == ['{"a":1}', long, '{"b":2}']
        assert protocol.conn.data_to_send() == [] and len(transport.writes) == 1  # the pong
        # a frame cut anywhere, then the next one whole in the same read
        one, two = client_frame(b'{"c":3}'), client_frame(b'{"d":4}')
        for cut in range(1, len(one)):
            got.clear()
            protocol.data_received(one[:cut])
            assert got == []
            protocol.data_received(one[cut:] + two)
            assert got == ['{"c":3}', '{"d":4}']
        # a fragmented message, then whole ones again
        got.clear()
        protocol.data_received(client_frame(b'{"e":', fin=False) + client_frame(b"5}", opcode=0)
                               + client_frame(b'{"f":6}'))
        assert got == ['{"e":5}', '{"f":6}']
        assert not protocol.close_sent

    run_alone(main)


def test_frames_the_door_does_not_read_fail_as_the_library_fails_them() -> None:
    async def unmasked() -> None:
        protocol, transport, got = await opened()
        protocol.data_received(client_frame(b'{"a":1}', mask=False) + client_frame(b'{"b":2}'))
        assert got == [] and protocol.conn.close_sent.code == 1002

    async def too_big() -> None:
        protocol, transport, got = await opened(max_size=10)
        protocol.data_received(client_frame(b'{"a":1}') + client_frame(b'{"b":"' + b"x" * 20
                                                                          + b'"}'))
        assert got == ['{"a":1}'] and protocol.conn.close_sent.code == 1009

    async def extension_bit() -> None:
        protocol, transport, got = await opened()
        protocol.data_received(client_frame(b'{"a":1}', rsv=0x40))
        assert got == [] and protocol.conn.close_sent.code == 1002

    for case in (unmasked, too_big, extension_bit):
        run_alone(case)


def test_the_sockets_sent_to_in_a_pass_are_each_written_once_at_its_end_even_if_one_fails(
) -> None:
    async def main() -> None:
        loop = asyncio.get_running_loop()
        first, broken, last = Protocol(loop), Protocol(loop), Protocol(loop)

        def fail(data: bytes) -> None:
            raise OSError("gone")

        broken.raw_transport.write = fail  # type: ignore[method-assign]
        for p in (first, broken, last):
            p.direct.send([b'{"a":1}'])
        first.direct.send([b'{"b":2}'])
        await asyncio.sleep(0)
        assert first.raw_transport.writes == [text_frame(b'{"a":1}') + text_frame(b'{"b":2}')]
        assert last.raw_transport.writes == [text_frame(b'{"a":1}')]  # after the failure too
        broken.raw_transport.write = broken.raw_transport.writes.append  # type: ignore
        broken.direct.send([b'{"c":3}'])  # not stuck: written at the next pass's end
        await asyncio.sleep(0)
        assert broken.raw_transport.writes == [text_frame(b'{"c":3}')]

    run_alone(main)


def test_a_loop_is_not_kept_alive_by_its_pass_of_writes() -> None:
    import gc
    import weakref

    from app.web.wire import _PASSES

    async def main() -> weakref.ref[asyncio.AbstractEventLoop]:
        loop = asyncio.get_running_loop()
        Protocol(loop).direct.send([b"{}"])
        await asyncio.sleep(0)
        return weakref.ref(loop)

    with ThreadPoolExecutor(1) as pool:
        gone = pool.submit(asyncio.run, main()).result()
    gc.collect()
    assert gone() is None and all(loop is not None for loop in _PASSES)
