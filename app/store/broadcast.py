"""Fan-out of "game X reached version V" to every connected socket, in every server process.

In one process the LocalBroadcaster is enough. With more than one process, RedisBroadcaster
publishes through Redis pub/sub and every process delivers to its own sockets.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable

log = logging.getLogger(__name__)

Listener = Callable[[int], None]


class LocalBroadcaster:
    def __init__(self) -> None:
        self._listeners: dict[str, set[Listener]] = {}

    async def start(self) -> None:
        return None

    async def stop(self) -> None:
        self._listeners.clear()

    def subscribe(self, game_id: str, listener: Listener) -> None:
        self._listeners.setdefault(game_id, set()).add(listener)

    def unsubscribe(self, game_id: str, listener: Listener) -> None:
        listeners = self._listeners.get(game_id)
        if listeners is not None:
            listeners.discard(listener)
            if not listeners:
                del self._listeners[game_id]

    def connections(self) -> int:
        return sum(len(v) for v in self._listeners.values())

    async def publish(self, game_id: str, version: int) -> None:
        self.announce(game_id, version)

    def announce(self, game_id: str, version: int) -> None:
        """Tell every socket of every process, without waiting: this process's own at once."""
        self.deliver(game_id, version)

    def deliver(self, game_id: str, version: int) -> None:
        for listener in list(self._listeners.get(game_id, ())):
            try:
                listener(version)
            except Exception:  # one broken socket must not stop the others
                log.exception("listener failed for game %s", game_id)


class RedisBroadcaster(LocalBroadcaster):
    CHANNEL = "quorum:games"

    def __init__(self, url: str) -> None:
        super().__init__()
        self._url = url
        self._redis = None
        self._task: asyncio.Task[None] | None = None
        self._publishing: set[asyncio.Task[None]] = set()

    async def start(self) -> None:
        import redis.asyncio as redis

        self._redis = redis.from_url(self._url)
        pubsub = self._redis.pubsub()
        await pubsub.subscribe(self.CHANNEL)
        self._task = asyncio.create_task(self._listen(pubsub))

    async def _listen(self, pubsub) -> None:  # type: ignore[no-untyped-def]
        while True:
            try:
                message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=1.0)
                if message is None:
                    continue
                game_id, _, version = message["data"].decode().partition(" ")
                self.deliver(game_id, int(version))
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("redis listener error; retrying")
                await asyncio.sleep(0.5)

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        if self._redis is not None:
            await self._redis.aclose()
        await super().stop()

    async def publish(self, game_id: str, version: int) -> None:
        assert self._redis is not None
        await self._redis.publish(self.CHANNEL, f"{game_id} {version}")

    def announce(self, game_id: str, version: int) -> None:
        task = asyncio.get_running_loop().create_task(self.publish(game_id, version))
        self._publishing.add(task)
        task.add_done_callback(self._published)

    def _published(self, task: asyncio.Task[None]) -> None:
        self._publishing.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("publishing to redis failed: %s", task.exception())


def make_broadcaster(redis_url: str | None) -> LocalBroadcaster:
    return RedisBroadcaster(redis_url) if redis_url else LocalBroadcaster()
