"""The async face of the repository: runs database work off the event loop and fans out changes."""

from __future__ import annotations

from typing import Any

from starlette.concurrency import run_in_threadpool

from app.store.broadcast import LocalBroadcaster
from app.store.chat import Chat, readable_channels
from app.store.errors import Forbidden, Rejected
from app.store.live import LiveGame
from app.store.repository import CreatedGame, Repository
from app.store.standing import described, digest
from app.web.bot_seats import BotSeats


class GameService:
    def __init__(self, repo: Repository, broadcaster: LocalBroadcaster) -> None:
        self.repo = repo
        self.broadcaster = broadcaster
        # An action on SQLite takes a fraction of a millisecond: handing it to a worker thread
        # cost more than doing it here. A networked database keeps the event loop free.
        self.inline_writes = repo.settings.database_url.startswith("sqlite")
        self.chat = Chat(repo)
        self.bots = BotSeats(self)
        repo.batch.on_lost = self._lost
        broadcaster.before_publish = repo.batch.durable

    def _lost(self, game_ids: set[str]) -> None:
        """A shared commit failed (app/store/batch.py): its games are read again from the
        database, and their sockets, which may hold frames of what was lost, are closed."""
        self.repo.forget(list(game_ids))
        for game_id in game_ids:
            self.broadcaster.deliver_news(game_id, "lost")

    async def _write(self, fn: Any, *args: Any) -> Any:
        if self.inline_writes:
            return fn(*args)
        return await run_in_threadpool(fn, *args)

    async def create(self, game: str, players: list[str], options: dict[str, Any],
                     public: bool = False, bots: Any = None) -> CreatedGame:
        created = await run_in_threadpool(self.repo.create, game, players, options, None, public,
                                          None, bots)
        self.bots.poke(created.id)
        return created

    async def live(self, game_id: str) -> LiveGame:
        live = await run_in_threadpool(self.repo.live, game_id)
        if live.bots:
            self.bots.poke(game_id)  # a game a bot seat of stopped waiting on (database away)
        return live

    async def at_least(self, game_id: str, version: int) -> LiveGame:
        live = self.repo.cached(game_id)
        if live is not None and live.version >= version:
            return live
        return await run_in_threadpool(self.repo.at_least, game_id, version)

    async def seat_for(self, live: LiveGame, token: str | None) -> int:
        return await run_in_threadpool(self.repo.seat_for, live, token)

    async def live_and_seat(self, game_id: str, token: str | None
                            ) -> tuple[LiveGame, int | None]:
        """`live`, then `seat_for` its token (None: a spectator), in one trip to a worker
        thread (a trip costs ~80 µs of CPU; a new game's five sockets each made two)."""
        found: list[LiveGame] = []

        def work() -> int | None:
            found.append(self.repo.live(game_id))
            return None if token is None else self.repo.seat_for(found[0], token)

        try:
            seat = await run_in_threadpool(work)
        finally:
            if found and found[0].bots:
                self.bots.poke(game_id)  # as `live` does, whatever the token
        return found[0], seat

    async def state(self, game_id: str, token: str | None) -> bytes:
        live, seat = await self.live_and_seat(game_id, token)
        return self.repo.body_bytes(live, seat)

    async def log(self, game_id: str, token: str | None, before: int | None, limit: int
                  ) -> list[dict[str, Any]]:
        live, seat = await self.live_and_seat(game_id, token)
        return live.log_for(seat, limit, before)

    async def act(
        self, game_id: str, token: str | None, version: int, action: Any, client_id: str | None
    ) -> int:
        def work() -> int:
            live = self.repo.cached(game_id) or self.repo.live(game_id)
            seat = self.repo.seat_for(live, token)
            return self.repo.act(game_id, seat, version, action, client_id)

        new_version = await self._write(work)
        self._moved(game_id, new_version)
        return new_version

    def _moved(self, game_id: str, version: int) -> None:
        """Push the change, and play the bot seats it asks."""
        self.broadcaster.announce(game_id, version)
        self.repo.pushed(game_id)
        self.bots.poke(game_id)

    def act_now(
        self, game_id: str, seat: int, version: int, action: Any, client_id: str | None
    ) -> int:
        """`act_as` on the event loop, for an embedded database (`inline_writes`): the pushes to
        this process's sockets are made before it returns."""
        new_version = self.repo.act(game_id, seat, version, action, client_id)
        self._moved(game_id, new_version)
        return new_version

    async def preview(self, game_id: str, token: str | None, version: int, steps: Any
                      ) -> bytes:
        """A seat's view and prompts after steps tried out behind the screen (nothing stored)."""
        live = await self.live(game_id)
        seat = await self.seat_for(live, token)
        return await run_in_threadpool(self.repo.preview, game_id, seat, version, steps)

    async def preview_as(self, game_id: str, seat: int, version: int, steps: Any) -> bytes:
        """For a socket whose token was checked when it connected."""
        return await run_in_threadpool(self.repo.preview, game_id, seat, version, steps)

    async def act_as(
        self, game_id: str, seat: int, version: int, action: Any, client_id: str | None
    ) -> int:
        """For a socket whose token was checked when it connected."""
        new_version = await self._write(self.repo.act, game_id, seat, version, action, client_id)
        self._moved(game_id, new_version)
        return new_version

    async def replay(self, game_id: str) -> bytes:
        return await run_in_threadpool(self.repo.replay_bytes, game_id)

    async def list_games(self, status: str | None, limit: int) -> list[dict[str, Any]]:
        return await run_in_threadpool(self.repo.list_games, status, limit)

    # ---- chat -----------------------------------------------------------------------------

    async def chat_post(self, game_id: str, token: str | None, text: Any, name: Any,
                        speaker: Any) -> dict[str, Any]:
        """Post as the seat of `token` (None: a spectator, named `name`)."""
        def work() -> dict[str, Any]:
            live = self.repo.live(game_id)
            seat = None if token is None else self.repo.seat_for(live, token)
            return self.chat.post(live, seat, text, name, speaker)

        return self._told(game_id, await run_in_threadpool(work))

    async def chat_post_as(self, game_id: str, seat: int | None, text: Any, name: Any,
                           speaker: Any) -> dict[str, Any]:
        """For a socket whose token was checked when it connected."""
        def work() -> dict[str, Any]:
            return self.chat.post(self.repo.live(game_id), seat, text, name, speaker)

        return self._told(game_id, await run_in_threadpool(work))

    def _told(self, game_id: str, message: dict[str, Any]) -> dict[str, Any]:
        self.broadcaster.tell(game_id, f"chat {message['channel']} {message['n']}")
        return message

    async def chat_read(self, game_id: str, token: str | None, channel: str | None,
                        before: int | None, limit: int) -> list[dict[str, Any]]:
        """What the seat of `token` (None: a spectator) may read: the newest `limit` messages of
        every channel it reads, or, with `channel`, that channel's before number `before`."""
        live = await self.live(game_id)
        seat = None if token is None else await self.seat_for(live, token)
        channels = readable_channels(seat, live.head.status == "finished")
        if channel is None:
            if before is not None:
                raise Rejected("core.error.chat_before_channel", before="before", channel="channel")
            messages, _ = await run_in_threadpool(self.chat.recent, game_id, channels, limit)
            return messages
        if channel not in channels:
            raise Forbidden("core.error.chat_hidden")
        return await run_in_threadpool(self.chat.older, game_id, channel, before, limit)

    async def news_of(self, game_ids: list[str]) -> dict[str, list[str]]:
        """The news standing for what is stored of these games (broadcast.News)."""
        def work() -> dict[str, list[str]]:
            out: dict[str, list[str]] = {}
            for game_id, heads in self.chat.heads(game_ids).items():
                out[game_id] = [f"chat {channel} {n}" for channel, n in heads.items()]
            for game_id in self.repo.rematched(game_ids):
                out.setdefault(game_id, []).append("rematch")
            for game_id, seat, keys in self.repo.all_standing(game_ids):
                out.setdefault(game_id, []).append(f"standing {seat} {digest(keys)}")
            return out

        return await run_in_threadpool(work)

    # ---- standing choices -----------------------------------------------------------------

    async def standing(self, game_id: str, token: str | None) -> dict[str, Any]:
        """What the game offers and what the seat of `token` chose (API body)."""
        live = await self.live(game_id)
        seat = await self.seat_for(live, token)
        return await self.standing_of(live, seat)

    async def standing_of(self, live: LiveGame, seat: int) -> dict[str, Any]:
        chosen = await run_in_threadpool(self.repo.standing, live, seat)
        return described(live.rules, chosen)

    async def set_standing(self, game_id: str, token: str | None, chosen: Any
                           ) -> dict[str, Any]:
        live = await self.live(game_id)
        seat = await self.seat_for(live, token)
        return await self.set_standing_as(live, seat, chosen)

    async def set_standing_as(self, live: LiveGame, seat: int, chosen: Any) -> dict[str, Any]:
        """Store the seat's choices and answer at once what they answer. Nothing goes to any
        other seat or spectator but the answers, ordinary actions of the seat; the seat's own
        sockets (in every process) are told its choices."""
        keys, version = await run_in_threadpool(self.repo.set_standing, live, seat, chosen)
        self.broadcaster.tell(live.id, f"standing {seat} {digest(keys)}")
        if version is not None:
            self._moved(live.id, version)
        return described(live.rules, keys)

    # ---- rematch --------------------------------------------------------------------------

    async def rematch(self, game_id: str, token: str | None) -> tuple[str, int, str, bool]:
        made = await run_in_threadpool(self.repo.rematch, game_id, token)
        if made[3]:
            self.broadcaster.tell(game_id, "rematch")
            self.bots.poke(made[0])
        return made

    async def rematch_id(self, game_id: str) -> str | None:
        return await run_in_threadpool(self.repo.rematch_id, game_id)
