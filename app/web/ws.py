"""WS /ws/games/{id}?token=... — the full state on connect, then a patch after every change.

A socket is always brought to the newest version as soon as it can take more: a slow client
skips the versions it could not keep up with instead of delaying everyone else, and gets one
patch from the version it has (or the whole state, when that is smaller). `?patches=0` asks for
the whole state every time, for clients that do not apply patches; `{"type": "sync"}` asks for
the whole state once (a client that lost track).

Besides the game's state the socket carries its chat and the news of its rematch (`talk`): the
newest chat messages the reader may read right after the first state (nothing while nothing was
said), then each new one, and `{"type": "rematch", "id"}` once a finished game has one. Players
are given the spectators' channel only once they have been sent the finished game.

A seat's socket also carries its standing choices (app/store/standing.py), when the game offers
any: `{"type": "standing", "choices", "chosen"}` right after the first state and after each
change of them (from any socket or HTTP, in any process); a client changes them with
`{"type": "standing", "chosen": [...], "client_id"}`. Nobody else's socket hears of it.

Under our own server protocol (`app/web/wire.py`) messages are read and written through its
direct door, with no task or ASGI round per message; anywhere else through plain ASGI. Both
take the same decisions here (`Connection`); only the two sinks differ.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import deque
from collections.abc import Awaitable, Callable, Sequence
from functools import partial
from typing import Any

import orjson
from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import ValidationError
from starlette.concurrency import run_in_threadpool

from app.core.messages import Msg, english, msg
from app.core.standing import standing_choices
from app.store.chat import CHANNELS, PAGE, readable_channels
from app.store.errors import DATABASE_AWAY, StaleVersion, StoreError
from app.store.standing import described, digest
from app.web.errors import invalid_msg
from app.web.schemas import Act, Draft
from app.web.service import GameService
from app.web.wire import EXTENSION, Direct

router = APIRouter()
log = logging.getLogger(__name__)

CLOSE_CODES = {401: 4401, 403: 4403, 404: 4404}
PONG = b'{"type":"pong"}'
FOR_CHAT = {"for": "chat"}
FOR_STANDING = {"for": "standing"}


def _error(code: int, said: Msg, **extra: Any) -> bytes:
    """`message` in English words for any client, `msg` for a page that words it itself."""
    return orjson.dumps({"type": "error", "code": code, "message": english(said), "msg": said,
                         **extra})


_ACT_FIELDS = frozenset(("version", "action", "client_id"))


def _plain_act(act: dict[str, Any]) -> bool:
    """Whether an act (its message without `type`) is one that `Act` takes as it is: its
    fields and no other, `version` an int ≥ 0, `action` an object, `client_id` absent, null or
    1–64 characters. Every client's act is; anything else goes through `Act`, whose errors are
    the answer. Checking this costs a fraction of validating."""
    version = act.get("version")
    client_id = act.get("client_id")
    return (type(version) is int and version >= 0 and type(act.get("action")) is dict
            and (client_id is None or (type(client_id) is str and 0 < len(client_id) <= 64))
            and _ACT_FIELDS.issuperset(act))


_STALE: dict[tuple[int, int], bytes] = {}


def _stale_error(current: int, sent: int, client_id: Any) -> bytes:
    """`_error` of the StaleVersion that `Repository.act` raises for an act at `sent` when the
    game is at `current`: the same bytes, with the part before `client_id` made once for the
    seats that acted together."""
    head = _STALE.get((current, sent))
    if head is None:
        if len(_STALE) > 64:
            _STALE.clear()
        said = StaleVersion("core.error.stale", current, current=current, sent=sent).msg
        head = _STALE[(current, sent)] = _error(409, said, version=current)[:-1]
    return head + b',"client_id":' + orjson.dumps(client_id) + b"}"


def _read_each(reads: list[Callable[[], Any]]) -> tuple[list[Any], Exception | None]:
    """On a worker thread: what each read gives, in order, up to the first that fails, and
    that failure."""
    found: list[Any] = []
    for read in reads:
        try:
            found.append(read())
        except Exception as exc:
            return found, exc
    return found, None


class AsgiSink:
    """Writes through ASGI, one message at a time, from a task of its own."""

    def __init__(self, ws: WebSocket) -> None:
        self.ws = ws
        self.outbox: deque[bytes] = deque()
        self.wake = asyncio.Event()
        self.on_writable: Any = None
        self.before_write: Any = lambda: None  # as Direct's

    def writable(self) -> bool:
        return not self.outbox

    def discard(self) -> None:
        self.outbox.clear()

    def send(self, messages: Sequence[bytes]) -> bool:
        self.outbox.extend(messages)
        self.wake.set()
        return True

    def push(self, message: bytes) -> None:
        self.send((message,))

    async def run(self) -> None:
        while True:
            await self.wake.wait()
            self.wake.clear()
            while self.outbox:
                self.before_write()  # may discard what was sent
                if not self.outbox:
                    break
                await self.ws.send_text(self.outbox[0].decode())
                self.outbox.popleft()
            if self.on_writable is not None:
                self.on_writable()


class Connection:
    """One socket of one seat (or a spectator): what it was sent, what it asks for."""

    # Every push reads a few of these: kept in the object itself, not in a dict beside it.
    __slots__ = ("ws", "sink", "service", "game_id", "seat", "wanted", "patches", "sent", "held",
                 "loading", "broken", "inbox", "busy", "speaker", "chat_sent", "chat_wanted",
                 "sees_all", "finished", "rematch_wanted", "standing_wanted", "standing_sent",
                 "talking", "talk_again", "gone")

    def __init__(self, ws: WebSocket, sink: Direct | AsgiSink, service: GameService,
                 game_id: str, seat: int | None, version: int, patches: bool = True,
                 speaker: str | None = None) -> None:
        self.ws = ws
        self.sink = sink
        self.service = service
        self.game_id = game_id
        self.seat = seat
        self.wanted = version
        self.patches = patches
        self.sent = -1
        self.held: list[bytes] | None = None  # while acting: the ack goes out with the patch
        self.loading = False
        self.broken = False
        self.inbox: deque[str] = deque()
        self.busy = False
        self.speaker = speaker  # a spectator's address, for the chat's rate limit
        self.chat_sent: dict[str, int] = {}  # channel → the newest message number sent
        self.chat_wanted: dict[str, int] = {}  # channel → the newest number announced
        self.sees_all = seat is None  # a player reads the spectators' channel once finished
        self.finished = False  # sent the finished game
        self.rematch_wanted = False  # whether to look up (again) if the game has a rematch
        self.standing_wanted = False  # whether to send the seat's standing choices (again)
        self.standing_sent: str | None = None  # the digest of the choices sent last
        self.talking = False
        self.talk_again = False
        self.gone = False
        sink.on_writable = self.pump

    # ---- pushing --------------------------------------------------------------------------

    def notify(self, version: int) -> None:
        if version > self.wanted:
            self.wanted = version
            self.pump()

    def sync(self) -> None:
        """The whole state next, whatever the client had."""
        self.sent = -1
        self.pump()

    def pump(self) -> None:
        """Bring the client to the newest version now, if it can take it. A failure is logged
        and closes the socket (the client reconnects and starts from the whole state) rather
        than leaving it silently unfed."""
        if self.wanted <= self.sent or self.broken or not self.sink.writable():
            return
        try:
            repo = self.service.repo
            live = repo.cached(self.game_id)
            if live is None or live.head.version < self.wanted:
                self._load_then_pump()
                return
            if self.patches and self.sent >= 0:
                version, message = repo.push_bytes(live, self.seat, self.sent)
            else:
                version, message = repo.state_message(live, self.seat)
        except Exception:
            self._break()
            return
        self.sent = version
        held = self.held
        if held is not None:
            held.append(message)
        else:
            self.sink.push(message)  # `writable()` said yes above
        if not self.finished and live.head.status == "finished":
            # the spectators' channel opens to the players; a rematch may be made now
            self.finished = self.sees_all = self.rematch_wanted = True
            self.talk()

    def _load_then_pump(self) -> None:
        """The game is not in this process's cache at that version (evicted, or another process
        moved it on): read it from the database off the loop, then push."""
        if self.loading:
            return
        self.loading = True

        async def load() -> None:
            try:
                await self.service.at_least(self.game_id, self.wanted)
            except Exception:
                self._break()
                return
            finally:
                self.loading = False
            self.pump()

        _spawn(load())

    def _break(self) -> None:
        log.exception("pushing to a socket of game %s failed", self.game_id)
        self.broken = True
        _spawn(self._close(1011))

    async def _close(self, code: int) -> None:
        with contextlib.suppress(Exception):
            await self.ws.close(code=code)

    def _send(self, *messages: bytes) -> None:
        if self.held is not None:
            self.held.extend(messages)
        else:
            self.sink.send(messages)

    # ---- chat and rematch -----------------------------------------------------------------

    def on_news(self, news: str) -> None:
        """"chat <channel> <n>" or "rematch" (broadcast.py)."""
        kind, _, rest = news.partition(" ")
        if kind == "chat":
            channel, _, number = rest.partition(" ")
            if channel in CHANNELS and number.isdigit() \
                    and int(number) > self.chat_wanted.get(channel, 0):
                self.chat_wanted[channel] = int(number)
                self.talk()
        elif kind == "rematch":
            self.rematch_wanted = True
            self.talk()
        elif kind == "lost":
            # The commit of versions sent here failed (app/store/batch.py): what is unsent goes,
            # and the client reconnects to what is stored.
            self.sink.discard()
            if not self.broken:
                self.broken = True
                _spawn(self._close(1011))
        elif kind == "standing":
            # "standing <seat> <digest>": only that seat's own sockets hear of it
            seat, _, mark = rest.partition(" ")
            if self.seat is not None and seat == str(self.seat) and mark != self.standing_sent:
                self.standing_wanted = True
                self.talk()

    def talk(self) -> None:
        """Bring the client's chat (and rematch) up to date, one pass at a time."""
        if self.talking:
            self.talk_again = True
            return
        self.talking = True
        _spawn(self._talk())

    async def _talk(self) -> None:
        try:
            again = True
            while again and not self.gone:
                self.talk_again = False
                await self._talk_once()
                again = self.talk_again
        except DATABASE_AWAY:
            log.warning("the database is unreachable: chat of game %s not pushed", self.game_id)
        except Exception:
            log.exception("pushing chat to a socket of game %s failed", self.game_id)
        finally:
            self.talking = False

    async def _talk_once(self) -> None:
        """Whatever is to be read for the client (each chat channel's news, the standing
        choices, the rematch) is read in one trip to a worker thread (a trip costs more CPU
        than most of these reads: a new socket made two, a finished game's sockets two more),
        then sent in that order. A failed read fails the pass as it did when each read was a
        trip of its own: what was read before it is sent, what comes after it is still wanted."""
        repo = self.service.repo
        chat = self.service.chat
        reads: list[tuple[str, str, Callable[[], Any]]] = []  # (kind, channel, read)
        for channel in readable_channels(self.seat, self.sees_all):
            sent = self.chat_sent.get(channel)
            if sent is None:  # first time: the newest page of it
                reads.append(("recent", channel,
                              partial(chat.recent, self.game_id, [channel], PAGE)))
            elif self.chat_wanted.get(channel, 0) > sent:
                reads.append(("since", channel, partial(chat.since, self.game_id, channel, sent,
                                                        self.chat_wanted[channel])))
        live = None
        if self.standing_wanted and self.seat is not None:
            self.standing_wanted = False
            # the game's rules and id are all that is read of it: the cached game will do
            live = repo.cached(self.game_id) or await self.service.live(self.game_id)
            reads.append(("standing", "", partial(repo.standing, live, self.seat)))
        if self.rematch_wanted:
            self.rematch_wanted = False
            reads.append(("rematch", "", partial(repo.rematch_id, self.game_id)))
        if not reads:
            return
        found, failed = await run_in_threadpool(_read_each, [read for _, _, read in reads])
        for (kind, channel, _), value in zip(reads, found, strict=False):
            if kind == "recent":
                messages, heads = value
                self.chat_sent[channel] = heads[channel]
                self._send_chat(messages)
            elif kind == "since":
                if value:
                    self.chat_sent[channel] = value[-1]["n"]
                self._send_chat(value)
            elif kind == "standing":
                self._send_standing(live, value)
            elif value is not None and not self.gone:  # the rematch
                self.sink.send([orjson.dumps({"type": "rematch", "id": value})])
        if failed is not None:
            for kind, _, _ in reads[len(found) + 1:]:  # not read: still wanted
                if kind == "standing":
                    self.standing_wanted = True
                elif kind == "rematch":
                    self.rematch_wanted = True
            raise failed

    def _send_chat(self, messages: list[dict[str, Any]]) -> None:
        if messages and not self.gone:
            self.sink.send([orjson.dumps({"type": "chat", "messages": messages})])

    def _send_standing(self, live: Any, chosen: list[str]) -> None:
        standing = described(live.rules, chosen)
        mark = digest(standing["chosen"])
        if mark != self.standing_sent and not self.gone:
            self.standing_sent = mark
            self.sink.send([orjson.dumps({"type": "standing", **standing})])

    def _chat(self, message: dict[str, Any]) -> Awaitable[None]:
        client_id = message.get("client_id")

        async def post() -> None:
            try:
                said = await self.service.chat_post_as(self.game_id, self.seat,
                                                       message.get("text"), message.get("name"),
                                                       self.speaker)
            except StoreError as exc:
                self.sink.send([_error(exc.status, exc.msg, client_id=client_id, **FOR_CHAT)])
                return
            except DATABASE_AWAY:
                self.sink.send([_error(503, msg("core.error.database_away"),
                                       client_id=client_id, **FOR_CHAT)])
                return
            self.sink.send([orjson.dumps({"type": "ack", **FOR_CHAT, "client_id": client_id,
                                          "channel": said["channel"], "n": said["n"]})])

        return post()

    def _standing(self, message: dict[str, Any]) -> Awaitable[None] | None:
        """The seat's standing choices, all of them (`chosen`): acked; the seat's sockets are
        then sent them (`on_news`)."""
        client_id = message.get("client_id")
        if self.seat is None:
            self.sink.send([_error(401, msg("core.error.spectator_standing"),
                                   client_id=client_id, **FOR_STANDING)])
            return None
        seat = self.seat

        async def store() -> None:
            try:
                live = await self.service.live(self.game_id)
                said = await self.service.set_standing_as(live, seat, message.get("chosen"))
            except StoreError as exc:
                self.sink.send([_error(exc.status, exc.msg, client_id=client_id,
                                       **FOR_STANDING)])
                return
            except DATABASE_AWAY:
                self.sink.send([_error(503, msg("core.error.database_away"),
                                       client_id=client_id, **FOR_STANDING)])
                return
            self.sink.send([orjson.dumps({"type": "ack", **FOR_STANDING, "client_id": client_id,
                                          "chosen": said["chosen"]})])

        return store()

    def _draft(self, message: dict[str, Any]) -> Awaitable[None] | None:
        """Steps tried out behind the screen: answered with the seat's view and prompts after
        them (`{"type": "draft", "version", "steps", "view", "prompts"}`), to this socket only."""
        client_id = message.get("client_id")
        try:
            draft = Draft.model_validate({k: v for k, v in message.items()
                                          if k not in ("type", "client_id")})
        except ValidationError as exc:
            self._send(_error(422, invalid_msg(list(exc.errors())), client_id=client_id))
            return None
        if self.seat is None:
            self._send(_error(401, msg("core.error.spectator_acts"), client_id=client_id))
            return None
        seat = self.seat

        async def look() -> None:
            try:
                body = await self.service.preview_as(self.game_id, seat, draft.version,
                                                     draft.steps)
            except StoreError as exc:
                self._refused(exc, client_id)
                return
            except DATABASE_AWAY:
                self.sink.send([_error(503, msg("core.error.database_away"),
                                       client_id=client_id)])
                return
            self.sink.send([b'{"type":"draft","client_id":' + orjson.dumps(client_id) + b","
                            + body[1:]])

        return look()

    # ---- receiving ------------------------------------------------------------------------

    def on_text(self, raw: str) -> None:
        """A message from the direct door: handled now, or in order after the one being
        handled asynchronously (reading stops meanwhile)."""
        if self.busy:
            self.inbox.append(raw)
            return
        work = self.receive(raw)
        if work is not None:
            self.busy = True  # before the task starts: what arrives next waits in the inbox
            assert isinstance(self.sink, Direct)
            self.sink.pause_reading()
            _spawn(self._finish(work))

    async def _finish(self, work: Awaitable[None]) -> None:
        try:
            await self.in_order(work)
        finally:
            assert isinstance(self.sink, Direct)
            self.sink.resume_reading()

    async def in_order(self, work: Awaitable[None]) -> None:
        """Await one message's work, then handle what arrived meanwhile, in order."""
        self.busy = True
        try:
            await work
            while self.inbox:
                more = self.receive(self.inbox.popleft())
                if more is not None:
                    await more
        finally:
            self.busy = False

    def receive(self, raw: str) -> Awaitable[None] | None:
        """Handle one client message; what cannot be done at once comes back to be awaited."""
        try:
            message = orjson.loads(raw)
        except orjson.JSONDecodeError:
            self._send(_error(400, msg("core.error.ws_not_json")))
            return None
        kind = message.get("type") if isinstance(message, dict) else None
        if kind != "act":
            return self._other(message, kind)
        client_id = message.get("client_id")
        del message["type"]  # the rest is the act
        if not _plain_act(message):
            try:
                message = Act.model_validate(message).model_dump()
            except ValidationError as exc:
                self._send(_error(422, invalid_msg(list(exc.errors())), client_id=client_id))
                return None
        if self.seat is None:
            self._send(_error(401, msg("core.error.spectator_acts"), client_id=client_id))
            return None
        version = message["version"]
        current = self.service.repo.stale_at(self.game_id, version, client_id)
        if current is not None:
            # Several seats asked at once all answer and one wins: the others' refusals are
            # about as many as the actions, and are answered here without the act's path.
            self.sink.send([_stale_error(current, version, client_id)])
            self.notify(current)
            return None
        if self.service.inline_writes:
            self.held = []
            try:
                version = self.service.act_now(self.game_id, self.seat, version,
                                               message["action"], client_id)
            except BaseException as exc:
                self._answer(client_id, exc)
                return None
            self._answer(client_id, version)
            return None
        return self._act_later(version, message["action"], client_id)

    def _other(self, message: Any, kind: Any) -> Awaitable[None] | None:
        """`receive` of a message that is not an act."""
        if kind == "ping":
            self._send(PONG)
            return None
        if kind == "sync":
            self.sync()
            return None
        if kind == "chat":
            return self._chat(message)
        if kind == "standing":
            return self._standing(message)
        if kind == "draft":
            return self._draft(message)
        self._send(_error(400, msg("core.error.ws_unknown_type")))
        return None

    async def _act_later(self, version: int, action: Any, client_id: Any) -> None:
        """The same, for a database the event loop must not wait on: what is pushed to this
        socket meanwhile (another seat's action) is held back to follow the answer."""
        self.held = []
        try:
            version = await self.service.act_as(self.game_id, self.seat, version, action,
                                                client_id)
        except BaseException as exc:
            self._answer(client_id, exc)
            return
        self._answer(client_id, version)

    def _answer(self, client_id: Any, outcome: int | BaseException) -> None:
        """Answer the act (ack, or why not), followed by whatever was held back while it was
        made: whatever the answer, those pushes were counted as sent."""
        held, self.held = self.held or [], None
        if isinstance(outcome, int):
            self.sink.send([orjson.dumps({"type": "ack", "version": outcome,
                                          "client_id": client_id}), *held])
        elif isinstance(outcome, StoreError):
            self._refused(outcome, client_id, held)
        elif isinstance(outcome, DATABASE_AWAY):
            log.warning("the database is unreachable: an action of game %s was not stored",
                        self.game_id)
            self.sink.send([_error(503, msg("core.error.database_away"), client_id=client_id),
                            *held])
        else:
            if held:
                self.sink.send(held)
            raise outcome

    def _refused(self, exc: StoreError, client_id: Any, held: Sequence[bytes] = ()) -> None:
        if isinstance(exc, StaleVersion):
            self.sink.send([_error(409, exc.msg, version=exc.version, client_id=client_id),
                            *held])
            self.notify(exc.version)
        else:
            self.sink.send([_error(exc.status, exc.msg, client_id=client_id), *held])


_tasks: set[asyncio.Task[None]] = set()


def _spawn(work: Any) -> None:
    """A task kept alive until it finishes (asyncio holds tasks only weakly)."""
    task = asyncio.get_running_loop().create_task(work)
    _tasks.add(task)
    task.add_done_callback(_tasks.discard)


AUTH_WITHIN = 10.0  # seconds for a client that said `?auth=message` to send its token


async def _token_from_message(ws: WebSocket) -> tuple[bool, str | None]:
    """The first message of a client that keeps its token out of the URL (which servers and
    proxies log): `{"type": "auth", "token": ...}` (no token: a spectator). False if it did not
    come or is something else."""
    try:
        message = await asyncio.wait_for(ws.receive(), AUTH_WITHIN)
    except TimeoutError:
        return False, None
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    try:
        said = orjson.loads(message.get("text") or message.get("bytes") or b"")
    except orjson.JSONDecodeError:
        return False, None
    if not isinstance(said, dict) or said.get("type") != "auth":
        return False, None
    token = said.get("token")
    return True, token if isinstance(token, str) and token else None


@router.websocket("/ws/games/{game_id}")
async def game_socket(ws: WebSocket, game_id: str, token: str | None = None,
                      patches: str = "1", auth: str | None = None) -> None:
    service: GameService = ws.app.state.service
    await ws.accept()
    if auth == "message":
        try:
            said, token = await _token_from_message(ws)
        except WebSocketDisconnect:
            return
        if not said:
            said = msg("core.error.ws_auth_first", query="?auth=message",
                       first='{"type": "auth", "token": ...}')
            await ws.send_text(_error(400, said).decode())
            await ws.close(code=4400)
            return
    try:
        live, seat = await service.live_and_seat(game_id, token)
    except StoreError as exc:
        await ws.send_text(_error(exc.status, exc.msg).decode())
        await ws.close(code=CLOSE_CODES.get(exc.status, 4400), reason=exc.message[:120])
        return
    except DATABASE_AWAY:
        await ws.send_text(_error(503, msg("core.error.database_away")).decode())
        await ws.close(code=1013)  # try again later: the page reconnects by itself
        return
    direct: Direct | None = ws.scope.get("extensions", {}).get(EXTENSION)
    sink: Direct | AsgiSink = direct if direct is not None else AsgiSink(ws)
    conn = Connection(ws, sink, service, game_id, seat, live.version,
                      patches not in ("0", "false"), ws.client.host if ws.client else None)
    conn.standing_wanted = seat is not None and bool(standing_choices(live.rules))
    writer = asyncio.create_task(sink.run()) if isinstance(sink, AsgiSink) else None
    service.broadcaster.subscribe(game_id, conn.notify)
    service.broadcaster.subscribe_news(game_id, conn.on_news)
    sink.before_write = service.repo.batch.durable
    if direct is not None:
        direct.on_text = conn.on_text
    conn.pump()
    conn.talk()
    try:
        while True:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                break
            raw = message.get("text")
            if raw is None:
                raw = (message.get("bytes") or b"").decode("utf-8", "replace")
            if conn.busy:  # the door's messages are being worked on: keep their order
                conn.inbox.append(raw)
                continue
            work = conn.receive(raw)
            if work is not None:
                await conn.in_order(work)
    except WebSocketDisconnect:
        pass
    except Exception:
        log.exception("websocket for game %s failed", game_id)
    finally:
        conn.gone = True
        service.broadcaster.unsubscribe(game_id, conn.notify)
        service.broadcaster.unsubscribe_news(game_id, conn.on_news)
        if direct is not None:
            direct.on_text = direct.on_writable = None
        if writer is not None:
            writer.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await writer
