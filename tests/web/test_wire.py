"""The direct door's writes (`app/web/wire.py`): what the app sends to a socket in one pass of
the event loop leaves in one write at its end, and nothing uvicorn writes overtakes it."""

from __future__ import annotations

import asyncio
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
