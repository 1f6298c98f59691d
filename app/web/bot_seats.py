"""The server plays the seats computers hold, through the same door as a person.

After every change of a game (an action, a standing answer, a new game, a server start), if
the game asks one of its bot seats something, that seat's bot is given the body a person at the
seat would get (its view and prompts, `GET /api/games/{id}` with its token) and its answer is
applied like a posted action: at the version it saw, checked against the seat's options, pushed
to every socket. It goes on while bot seats are asked.

One task per game at a time. The bot thinks on a worker thread, so the event loop keeps serving
while it does; everything else is as quick as a person's action. A server that starts carries on
every running game whose bot seat is asked; with several processes, two may compute the same
move at once, and the version check keeps one.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING, Any

import orjson
from starlette.concurrency import run_in_threadpool

from app.bots.bot import Bot, bot_answer, bot_rng
from app.bots.random_bot import RANDOM
from app.bots.registry import get_bot
from app.core import Rules
from app.core.drafts import answerable, compose, is_draft
from app.store.bots import asked_bot
from app.store.errors import DATABASE_AWAY, GameNotFound, StaleVersion, StoreError
from app.store.live import Head

if TYPE_CHECKING:
    from app.web.service import GameService

log = logging.getLogger(__name__)

RETRIES = 5
"""Times a move is tried again while the database is away (waiting 1, 2, 4 ... s); then the game
waits for its next change, a socket's visit or the next start to carry on."""


SLOW = 1.0
"""Seconds a bot may think about one move; longer is logged (a bot is meant to be quicker)."""


def _answer(bot: Bot, body: bytes, seed: int, seat: int, rules: Rules, head: Head
            ) -> tuple[int, dict[str, Any] | None]:
    """The bot's answer from the seat's body as a person gets it (its own copy of it), and the
    version it answers (None: the body asks the seat nothing, as the game moved on). A decision
    behind the screen is made step by step from the previews a person's page would get."""
    started = time.perf_counter()
    seen = orjson.loads(body)
    version = int(seen["version"])
    asked = answerable(seen["prompts"])
    if not asked:
        return version, None
    rng = bot_rng(seed, seat, version)
    if all(is_draft(p) for p in asked):
        if head.version != version:
            return version, None  # the game moved on while the body was read: look again
        action = compose(rules, head.state, seat, asked, lambda view, prompts: bot_answer(
            bot, orjson.loads(orjson.dumps(view)), orjson.loads(orjson.dumps(prompts)), rng))
    else:
        action = bot_answer(bot, seen["view"], asked, rng)
    took = time.perf_counter() - started
    if took > SLOW:
        log.warning("bot %r took %.1f s over one move", bot.name, took)
    return version, action


class BotSeats:
    def __init__(self, service: GameService) -> None:
        self.service = service
        self.running: dict[str, asyncio.Task[None]] = {}
        self.pause = 0.0
        """Seconds between two bot moves of a game (none: a person sees the bots' moves come as
        fast as the pushes go)."""

    def poke(self, game_id: str) -> None:
        """Something changed in the game: play its bot seats if one is asked (on the loop)."""
        if game_id in self.running:
            return  # the running task reads the game again before it stops
        live = self.service.repo.cached(game_id)
        if live is not None and asked_bot(live) is None:
            return
        task = asyncio.get_running_loop().create_task(self._play(game_id))
        self.running[game_id] = task

    async def resume(self) -> None:
        """At start: carry on every running game with a bot seat."""
        try:
            game_ids = await run_in_threadpool(self.service.repo.games_with_bots)
        except DATABASE_AWAY:
            log.warning("the database is unreachable: bot seats wait for their games' next "
                        "change")
            return
        for game_id in game_ids:
            self.poke(game_id)
            await asyncio.sleep(0)

    async def stop(self) -> None:
        tasks = list(self.running.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def _play(self, game_id: str) -> None:
        repo = self.service.repo
        failures = 0
        try:
            while True:
                try:
                    live = repo.cached(game_id) or await run_in_threadpool(repo.live, game_id)
                    seat = asked_bot(live)
                    if seat is None:
                        return  # with no wait since reading the game: a poke now starts anew
                    bot = get_bot(live.rules, live.bots[seat]) or RANDOM  # one not offered now
                    head = live.head
                    body = repo.body_bytes(live, seat)
                    version, action = await run_in_threadpool(_answer, bot, body, live.seed,
                                                              seat, live.rules, head)
                    if action is not None:
                        await self.service.act_as(game_id, seat, version, action, None)
                except StaleVersion:
                    pass  # someone else moved first: look again
                except DATABASE_AWAY:
                    failures += 1
                    if failures > RETRIES:
                        log.warning("the database is unreachable: the bot seats of game %s "
                                    "wait for its next change", game_id)
                        return
                    await asyncio.sleep(2 ** (failures - 1))
                    continue
                failures = 0
                await asyncio.sleep(self.pause)
        except GameNotFound:
            return
        except StoreError as exc:  # a game that refuses an option it offered: a game's bug
            # the key only: the reason's words may name the seat's own hidden cards
            log.error("game %s refused its bot seat's answer (%s)", game_id, exc.msg["key"])
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("the bot seats of game %s stopped", game_id)
        finally:
            self.running.pop(game_id, None)
