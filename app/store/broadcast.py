"""Fan-out of "game X reached version V" to every connected socket, in every server process.

In one process the LocalBroadcaster is enough. With more than one process, RedisBroadcaster also
publishes through Redis pub/sub and every process delivers to its own sockets.

Redis is a convenience, never a condition: an action is stored (and answered) whatever Redis
does. This process's own sockets are told at once, before anything goes to Redis; publishing
happens afterwards, from one task, with a short timeout. A watchdog pings Redis every few seconds;
while Redis is away, and once when it comes back, each process asks the database which of the
games it has sockets for moved on, and tells those sockets — so nothing stored during an outage
stays unpushed. What a process could not publish (Redis away or too slow to answer in time, maybe
for this process alone) it keeps, one line per game, and publishes when Redis answers again: the
other processes may never have seen Redis away, so they would not catch up by themselves. A
listener that subscribes again catches up too, for what was published while it was not there.

Besides versions, a game has news that changes no version: "chat <channel> <n>" (message n of a
chat channel was stored) and "rematch" (the game's rematch was made). They travel the same ways,
to listeners of their own.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

log = logging.getLogger(__name__)

Listener = Callable[[int], None]
NewsListener = Callable[[str], None]
Versions = Callable[[list[str]], Awaitable[dict[str, int]]]
"""The stored versions of these games (those that exist), read off the event loop."""
News = Callable[[list[str]], Awaitable[dict[str, list[str]]]]
"""The news that stands for what is stored of these games (their chat's newest numbers, their
rematch), read off the event loop: listeners ignore what they have already had."""


class LocalBroadcaster:
    def __init__(self) -> None:
        self._listeners: dict[str, set[Listener]] = {}
        self._news: dict[str, set[NewsListener]] = {}
        self.before_publish: Callable[[], None] = lambda: None
        """Called before anything leaves for Redis: what is published must be stored
        (app/store/batch.py)."""

    async def start(self) -> None:
        return None

    async def stop(self) -> None:
        self._listeners.clear()
        self._news.clear()

    def subscribe_news(self, game_id: str, listener: NewsListener) -> None:
        self._news.setdefault(game_id, set()).add(listener)

    def unsubscribe_news(self, game_id: str, listener: NewsListener) -> None:
        listeners = self._news.get(game_id)
        if listeners is not None:
            listeners.discard(listener)
            if not listeners:
                del self._news[game_id]

    def tell(self, game_id: str, news: str) -> None:
        """Tell every listener of the game's news, in every process: this process's at once."""
        self.deliver_news(game_id, news)

    def deliver_news(self, game_id: str, news: str) -> None:
        for listener in list(self._news.get(game_id, ())):
            try:
                listener(news)
            except Exception:
                log.exception("news listener failed for game %s", game_id)

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

    def games(self) -> list[str]:
        """The games this process has sockets for."""
        return list(self._listeners)

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
    NEWS_CHANNEL = "quorum:news"
    TIMEOUT = 1.0  # seconds for any one Redis command
    CHECK_EVERY = 2.0  # seconds between pings; also between catch-ups while Redis is away
    QUEUE = 10_000  # announcements waiting to be published; more are dropped (the catch-up
    # finds them)

    def __init__(self, url: str, versions: Versions | None = None,
                 news: News | None = None) -> None:
        super().__init__()
        self._url = url
        self._versions = versions
        self._news_of = news
        self._redis: Any = None
        self._outbox: asyncio.Queue[tuple[str, str]] = asyncio.Queue(self.QUEUE)
        self._missed: dict[tuple[str, str], str] = {}
        """What could not be published, to publish when Redis is back: a game's newest version
        (an older one says nothing more) and each piece of news."""
        self._tasks: list[asyncio.Task[None]] = []
        self.up = False
        """Whether Redis answered lately (set by the watchdog, the publisher and the
        listener)."""

    async def start(self) -> None:
        import redis.asyncio as redis

        self._redis = redis.from_url(self._url, socket_timeout=self.TIMEOUT,
                                     socket_connect_timeout=self.TIMEOUT)
        try:  # a server starts without Redis too; the watchdog finds it when it comes
            await asyncio.wait_for(self._redis.ping(), self.TIMEOUT)
            self.up = True
        except Exception as exc:
            log.warning("redis is unreachable at start (%s)", type(exc).__name__)
        self._tasks = [asyncio.create_task(self._listen()),
                       asyncio.create_task(self._publish()),
                       asyncio.create_task(self._watch())]

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        if self._redis is not None:
            with contextlib.suppress(Exception):
                await self._redis.aclose()
        await super().stop()

    def announce(self, game_id: str, version: int) -> None:
        self.deliver(game_id, version)
        self._send(self.CHANNEL, f"{game_id} {version}")

    def tell(self, game_id: str, news: str) -> None:
        self.deliver_news(game_id, news)
        self._send(self.NEWS_CHANNEL, f"{game_id} {news}")

    def _send(self, channel: str, message: str) -> None:
        if self.up:
            try:
                self._outbox.put_nowait((channel, message))
                return
            except asyncio.QueueFull:
                pass
        self._keep(channel, message)

    def _keep(self, channel: str, message: str) -> None:
        """Keep what was not published for when Redis is back (bounded: the others' own
        catch-up covers what is beyond, once they see Redis away)."""
        key = (channel, message.partition(" ")[0] if channel == self.CHANNEL else message)
        if key in self._missed or len(self._missed) < self.QUEUE:
            self._missed[key] = message

    # ---- the three tasks ------------------------------------------------------------------

    async def _publish(self) -> None:
        while True:
            channel, message = await self._outbox.get()
            self.before_publish()
            try:
                await asyncio.wait_for(self._redis.publish(channel, message), self.TIMEOUT)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                self._keep(channel, message)
                self._went_away(exc)

    async def _listen(self) -> None:
        """Subscribed whenever Redis is there; resubscribes after it comes back."""
        while True:
            pubsub = self._redis.pubsub()
            try:
                await asyncio.wait_for(pubsub.subscribe(self.CHANNEL, self.NEWS_CHANNEL),
                                       self.TIMEOUT)
                await self.catch_up()  # what was published before this subscription
                while True:
                    message = await pubsub.get_message(ignore_subscribe_messages=True,
                                                       timeout=self.CHECK_EVERY)
                    if message is None:
                        continue
                    game_id, _, said = message["data"].decode().partition(" ")
                    channel = message["channel"]
                    if isinstance(channel, bytes):
                        channel = channel.decode()
                    if channel == self.NEWS_CHANNEL:
                        self.deliver_news(game_id, said)
                    else:
                        self.deliver(game_id, int(said))
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                self._went_away(exc)
            finally:
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(pubsub.aclose(), self.TIMEOUT)
            await asyncio.sleep(self.CHECK_EVERY / 2)

    async def _watch(self) -> None:
        """Ping; catch up while Redis is away and once when it is back."""
        while True:
            try:
                await asyncio.wait_for(self._redis.ping(), self.TIMEOUT)
                if not self.up:
                    log.info("redis is reachable; pushing what was stored meanwhile")
                    self.up = True
                    self._publish_missed()
                    await self.catch_up()
                elif self._missed:  # kept while up: the outbox was full
                    self._publish_missed()
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                self._went_away(exc)
                await self.catch_up()
            await asyncio.sleep(self.CHECK_EVERY)

    def _went_away(self, exc: Exception) -> None:
        if self.up:
            log.warning("redis is unreachable (%s); this process pushes its own sockets and "
                        "reads the others' changes from the database until it is back",
                        type(exc).__name__)
        self.up = False
        while not self._outbox.empty():
            self._keep(*self._outbox.get_nowait())

    def _publish_missed(self) -> None:
        missed, self._missed = self._missed, {}
        for (channel, _), message in missed.items():
            self._send(channel, message)

    async def catch_up(self) -> None:
        """Tell this process's sockets the stored version of each of their games (those that
        are behind fetch and push it; the rest ignore it)."""
        games = self.games()
        if not games or self._versions is None:
            return
        try:
            versions = await self._versions(games)
        except Exception:
            log.exception("reading the games' versions failed")
            return
        for game_id, version in versions.items():
            self.deliver(game_id, version)
        news_games = list(self._news)
        if not news_games or self._news_of is None:
            return
        try:
            news = await self._news_of(news_games)
        except Exception:
            log.exception("reading the games' news failed")
            return
        for game_id, said in news.items():
            for one in said:
                self.deliver_news(game_id, one)


def make_broadcaster(redis_url: str | None, versions: Versions | None = None,
                     news: News | None = None) -> LocalBroadcaster:
    return RedisBroadcaster(redis_url, versions, news) if redis_url else LocalBroadcaster()
