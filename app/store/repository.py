"""The game repository: creates games, authenticates seats, appends actions, rebuilds state.

One transaction per action (on SQLite, the event loop's actions of one pass share one, committed
before anyone hears of them: app/store/batch.py). `UPDATE games ... WHERE version = v` plus the
primary key `(game_id, seq)` make sure two submissions for the same version never both apply,
even from two server processes sharing one PostgreSQL. States are cached in memory per process
and caught up from the action log whenever the database is ahead. The standing answers an
action leads to (app/store/standing.py) are appended in its transaction, each an action of its
own.
"""

from __future__ import annotations

import contextlib
import re
import secrets
import sqlite3
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import orjson
from sqlalchemy import bindparam, func, insert, select, update
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from app.config import Settings
from app.core import IllegalAction, IllegalOptions, Rules, act, get_rules
from app.core.drafts import apply_action, preview
from app.core.state import dump_state, load_state
from app.store import pushes, replays
from app.store.batch import Batch
from app.store.bots import checked_bots
from app.store.chat import all_messages
from app.store.database import make_engine
from app.store.errors import (
    Conflict,
    Forbidden,
    GameNotFound,
    Rejected,
    StaleVersion,
    Unauthorized,
)
from app.store.live import LiveGame, make_head
from app.store.models import ActionRow, ChatRow, GameRow, SeatRow, SnapshotRow
from app.store.standing import (
    Step,
    answers,
    checked,
    chosen_sa,
    chosen_sqlite,
    offered_keys,
    offers_answer,
    stored_list,
)
from app.store.tokens import hash_token, new_token, rematch_token, same_hash


@dataclass(frozen=True)
class CreatedGame:
    id: str
    game: str
    players: list[str]
    tokens: list[str | None]
    """Each seat's token; None for a seat a bot plays (nobody may act for it)."""
    bots: dict[int, str]


# Built once: constructing statements per action cost more than executing them.
_GAMES = GameRow.__table__
_ADVANCE_GAME = (
    update(_GAMES)
    .where(_GAMES.c.id == bindparam("b_id"), _GAMES.c.version == bindparam("b_version"))
    .values(version=bindparam("b_seq"), status=bindparam("b_status"),
            result=bindparam("b_result", type_=_GAMES.c.result.type),
            updated_at=bindparam("b_now"), finished_at=bindparam("b_finished"))
)
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
_INSERT_ACTION = insert(ActionRow.__table__)
_INSERT_SNAPSHOT = insert(SnapshotRow.__table__)
# What each new game asks of the database (made, then read by each seat's socket: its version,
# the seat's standing choices, at the end its rematch), built once and run through a Core
# connection: a statement built per call, through an ORM session, cost ~350 µs of CPU where
# this costs ~40 (bench/README.md).
_SEATS = SeatRow.__table__
_INSERT_GAME_SQLITE = ("INSERT INTO games (id, game, options, players, seed, status, result, "
                       "version, created_at, updated_at, finished_at, public) "
                       "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
_INSERT_SEAT_SQLITE = ("INSERT INTO seats (game_id, seat, name, token_hash, bot) "
                       "VALUES (?, ?, ?, ?, ?)")
_INSERT_GAME = insert(_GAMES)
_INSERT_SEAT = insert(_SEATS)
_SET_REMATCH = (update(_GAMES)
                .where(_GAMES.c.id == bindparam("b_id"), _GAMES.c.rematch.is_(None))
                .values(rematch=bindparam("b_rematch")))
_VERSION_OF = select(_GAMES.c.version).where(_GAMES.c.id == bindparam("b_id"))
_REMATCH_OF = select(_GAMES.c.rematch).where(_GAMES.c.id == bindparam("b_id"))
_STANDING_OF = select(_SEATS.c.standing).where(_SEATS.c.game_id == bindparam("b_id"),
                                              _SEATS.c.seat == bindparam("b_seat"))


def _append(conn: Connection, game_id: str, prior: int, step: Step, now: datetime,
            snapshot: bool) -> None:
    head = step.head
    moved = conn.execute(_ADVANCE_GAME, {
        "b_id": game_id, "b_version": prior, "b_seq": step.seq, "b_status": head.status,
        "b_result": head.result, "b_now": now,
        "b_finished": now if head.status == "finished" else None,
    }).rowcount
    if moved != 1:
        raise _LostRace
    conn.execute(_INSERT_ACTION, {"game_id": game_id, "seq": step.seq, "seat": step.seat,
                                  "action": step.action, "client_id": step.client_id,
                                  "events": step.events, "created_at": now})
    if snapshot:
        conn.execute(_INSERT_SNAPSHOT, {"game_id": game_id, "seq": step.seq,
                                        "state": dump_state(step.state).decode()})


_MOVE_ACTIVE_SQLITE = "UPDATE games SET version = ?, updated_at = ? WHERE id = ? AND version = ?"


def _append_sqlite(conn: sqlite3.Cursor, game_id: str, prior: int, step: Step, stamp: str,
                   snapshot: bool) -> None:
    """The same as `_append`, straight to the sqlite3 driver (the caller commits), `stamp` the
    time as `_sqlite_stamp` writes it: on the hot path of every action SQLAlchemy's connection
    and statement machinery cost more than SQLite's own work (bench/README.md). Through the
    writer's one cursor: `Connection.execute` makes a cursor per statement."""
    head = step.head
    if head.status == "active":
        # The row is active already (a game takes actions only while it is): its status,
        # result and end stay as they are, and leaving them out spares SQLite the update of
        # the status index (and its page in the WAL).
        moved = conn.execute(_MOVE_ACTIVE_SQLITE, (step.seq, stamp, game_id, prior)).rowcount
    else:
        result = None if head.result is None else orjson.dumps(head.result).decode()
        moved = conn.execute(
            "UPDATE games SET version = ?, status = ?, result = ?, updated_at = ?, "
            "finished_at = ? WHERE id = ? AND version = ?",
            (step.seq, head.status, result, stamp, stamp if head.status == "finished" else None,
             game_id, prior),
        ).rowcount
    if moved != 1:
        raise _LostRace
    conn.execute(
        "INSERT INTO actions (game_id, seq, seat, action, client_id, events, created_at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)",
        (game_id, step.seq, step.seat, orjson.dumps(step.action).decode(), step.client_id,
         orjson.dumps(step.events).decode(), stamp),
    )
    if snapshot:
        conn.execute("INSERT INTO snapshots (game_id, seq, state) VALUES (?, ?, ?)",
                     (game_id, step.seq, dump_state(step.state).decode()))


def _sqlite_stamp(now: datetime) -> str:
    """SQLAlchemy's SQLite datetime format: what `strftime("%Y-%m-%d %H:%M:%S.%f")` gives, in
    about a third of its time (a %-format is here faster than an f-string's seven specs)."""
    return "%04d-%02d-%02d %02d:%02d:%02d.%06d" % (  # noqa: UP031
        now.year, now.month, now.day, now.hour, now.minute, now.second, now.microsecond)


_minute: tuple[int, str] = (-1, "")
"""The minute `_stamp` last wrote (microseconds since the epoch // 60 s) and its text up to the
seconds; one tuple, swapped whole, so that a thread never reads one minute with another's text."""


def _stamp() -> str:
    """`_sqlite_stamp(_now())` for an action stored on SQLite, in less than half its time: the
    date, hour and minute are made once a minute, and no datetime is made (the clock read the
    same way, its microseconds floored as `datetime.now` floors them)."""
    global _minute
    minute, micro = divmod(time.time_ns() // 1000, 60_000_000)
    known, text = _minute
    if minute != known:
        text = _sqlite_stamp(datetime.fromtimestamp(minute * 60, UTC))[:-9]
        _minute = (minute, text)
    second, micro = divmod(micro, 1_000_000)
    return "%s%02d.%06d" % (text, second, micro)  # noqa: UP031


def _hold_sa(conn: Connection, game_id: str, version: int) -> None:
    """Lock the game's row at `version` (another writer waits, or has moved it on)."""
    if conn.execute(update(_GAMES).where(_GAMES.c.id == game_id, _GAMES.c.version == version)
                    .values(version=version)).rowcount != 1:
        raise _LostRace


def _hold_sqlite(conn: sqlite3.Cursor, game_id: str, version: int) -> None:
    if conn.execute("UPDATE games SET version = version WHERE id = ? AND version = ?",
                    (game_id, version)).rowcount != 1:
        raise _LostRace


class _LostRace(Exception):
    """Another writer stored this version first."""


def _json_text(value: Any) -> str:
    """A JSON column's value as SQLAlchemy stores it here (app/store/database.py)."""
    return orjson.dumps(value).decode()


def _now() -> datetime:
    return datetime.now(UTC)


def _answered(live: LiveGame, client_id: str, seat: int) -> int:
    """The version a retried act (a `client_id` already applied) is answered. Another seat's
    `client_id` is refused: its act would otherwise be answered as applied and never made."""
    if live.client_seats.get(client_id, seat) != seat:
        raise Conflict("core.error.client_id_taken")
    return live.client_ids[client_id]


class Repository:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.engine = make_engine(settings.database_url)
        self.Session = sessionmaker(self.engine, expire_on_commit=False)
        self._cache: OrderedDict[str, LiveGame] = OrderedDict()
        self._cache_lock = threading.Lock()
        # SQLite has one writer at a time; waiting here is cheaper than its busy-retry sleeps.
        self._sqlite = settings.database_url.startswith("sqlite")
        self._writer: Any = threading.Lock() if self._sqlite else contextlib.nullcontext()
        self._sqlite_writer: Any = None  # the one pooled connection SQLite writes go through
        self._sqlite_driver: sqlite3.Connection | None = None  # its driver's connection
        self._sqlite_cursor: sqlite3.Cursor | None = None  # the one cursor the writes take
        self._sqlite_readers: list[sqlite3.Connection] = []
        """Driver connections for `sqlite_rows`, each taken by one reader at a time."""
        self.batch = Batch(self._sqlite_connection, self._writer)
        """SQLite commits shared by the event loop's actions of one pass (app/store/batch.py);
        off until `batch.start`."""
        self._replays = replays.ReplayBuilder()

    def _sqlite_connection(self) -> sqlite3.Connection:
        driver = self._sqlite_driver
        if driver is None:  # kept: the pool's property to reach it runs for every action
            self._sqlite_writer = self.engine.raw_connection()
            driver = self._sqlite_driver = self._sqlite_writer.driver_connection
            self._sqlite_cursor = driver.cursor()
        return driver

    @property
    def on_sqlite(self) -> bool:
        return self._sqlite

    def sqlite_rows(self, sql: str, params: tuple[Any, ...]) -> list[Any]:
        """The rows of one read on SQLite, through a driver connection of our own rather than
        SQLAlchemy's pool and statement machinery: what a new game's sockets ask (the game's
        version, the seat's standing choices, the chat, the rematch) cost ~37 µs each that way
        and ~4 µs this way (bench/README.md). Autocommit reads: each sees what is committed when
        it starts, as a pooled connection's does, and holds nothing once its rows are fetched."""
        readers = self._sqlite_readers
        try:
            reader = readers.pop()  # one step under the GIL: no two threads get the same
        except IndexError:
            reader = self._new_sqlite_reader()
        try:
            return reader.execute(sql, params).fetchall()
        finally:
            readers.append(reader)

    def _new_sqlite_reader(self) -> sqlite3.Connection:
        pooled = self.engine.raw_connection()  # made as the pool makes its (the pragmas)
        reader = pooled.driver_connection
        pooled.detach()  # ours from now on: the pool neither keeps nor counts it
        return reader

    def writing(self) -> Any:
        """Held around a write outside the action path (SQLite has one writer at a time). On
        the event loop's thread the pass's actions are committed first: the batch holds it."""
        self.batch.durable()
        return self._writer

    def close(self) -> None:
        self.batch.stop()
        if self._sqlite_writer is not None:
            self._sqlite_writer.close()
            self._sqlite_writer = self._sqlite_driver = self._sqlite_cursor = None
        while self._sqlite_readers:
            self._sqlite_readers.pop().close()
        self._replays.close()
        self.engine.dispose()

    # ---- creating -------------------------------------------------------------------------

    def create(
        self,
        game: str,
        players: list[str],
        options: dict[str, Any] | None = None,
        seed: int | None = None,
        public: bool = False,
        rematch_of: str | None = None,
        bots: Any = None,
    ) -> CreatedGame:
        """`public`: listed once finished even on a server with a host password. `rematch_of`:
        the finished game this one is the rematch of, recorded there in the same transaction
        (`_LostRace` if that game has one already). `bots`: the seats computers play and the
        bot of each, as the API takes it (app/store/bots.py)."""
        rules = get_rules(game)
        if rules is None:
            raise Rejected("core.error.not_hosted", game=game)
        if any(_CONTROL.search(name) for name in players):
            # every board shows the names, and PostgreSQL refuses NUL in text
            raise Rejected("core.error.name_control")
        try:
            full_options = rules.check_options(dict(options or {}), list(players))
        except IllegalOptions as exc:
            raise Rejected(exc.msg) from exc
        bot_seats = checked_bots(rules, bots, len(players))
        if seed is None:
            seed = secrets.randbits(63)
        state = rules.new_game(full_options, list(players), seed)
        head = make_head(rules, 0, state)
        game_id = secrets.token_urlsafe(9)
        tokens = [new_token() for _ in players]
        hashes = [hash_token(t) for t in tokens]
        now = _now()
        game_row = {
            "id": game_id, "game": game, "options": full_options, "players": list(players),
            "seed": seed, "status": head.status, "result": head.result, "version": 0,
            "created_at": now, "updated_at": now,
            "finished_at": now if head.result is not None else None, "public": public,
        }
        seat_rows = [{"game_id": game_id, "seat": i, "name": name, "token_hash": hashes[i],
                      "bot": bot_seats.get(i)} for i, name in enumerate(players)]
        with self.writing():
            if self._sqlite:
                self._insert_game_sqlite(game_row, seat_rows, rematch_of)
            else:
                with self.engine.begin() as conn:
                    conn.execute(_INSERT_GAME, game_row)
                    conn.execute(_INSERT_SEAT, seat_rows)
                    if rematch_of is not None and conn.execute(_SET_REMATCH, {
                            "b_id": rematch_of, "b_rematch": game_id}).rowcount != 1:
                        raise _LostRace
        live = LiveGame(
            id=game_id, game=game, rules=rules, options=full_options, players=list(players),
            seed=seed, token_hashes=hashes, created_at=now, head=head, bots=bot_seats,
        )
        live = self._remember(live)
        # A game may ask at once what a choice answers. Its version is not read back first:
        # nobody else knows the game yet (and `_store` checks the version anyway).
        self._answer_standing(live)
        return CreatedGame(id=game_id, game=game, players=list(players),
                           tokens=[None if i in bot_seats else t for i, t in enumerate(tokens)],
                           bots=bot_seats)

    def _insert_game_sqlite(self, game: dict[str, Any], seats: list[dict[str, Any]],
                            rematch_of: str | None) -> None:
        """`create`'s rows on SQLite through the writer's driver connection (the caller holds
        the writer lock), each value as SQLAlchemy's types store it (JSON as orjson's text,
        times as `_sqlite_stamp`'s, booleans as 0 and 1): its statement machinery cost about
        a quarter of a new game's `create`."""
        conn = self._sqlite_connection()
        cursor = self._sqlite_cursor
        assert cursor is not None
        finished = game["finished_at"]
        try:
            cursor.execute(_INSERT_GAME_SQLITE, (
                game["id"], game["game"], _json_text(game["options"]),
                _json_text(game["players"]), game["seed"], game["status"],
                _json_text(game["result"]),  # None too: SQLAlchemy's JSON stores it as 'null'
                game["version"], _sqlite_stamp(game["created_at"]),
                _sqlite_stamp(game["updated_at"]),
                None if finished is None else _sqlite_stamp(finished), game["public"]))
            cursor.executemany(_INSERT_SEAT_SQLITE, [
                (seat["game_id"], seat["seat"], seat["name"], seat["token_hash"], seat["bot"])
                for seat in seats])
            if rematch_of is not None and cursor.execute(
                    "UPDATE games SET rematch = ? WHERE id = ? AND rematch IS NULL",
                    (game["id"], rematch_of)).rowcount != 1:
                raise _LostRace
            conn.commit()
        except BaseException:
            conn.rollback()
            raise

    # ---- reading --------------------------------------------------------------------------

    def live(self, game_id: str) -> LiveGame:
        """The game as it stands in the database now (cached, caught up if another process
        moved it on)."""
        live = self.cached(game_id)
        if live is None:
            return self._load(game_id)
        if self._database_version(game_id) > live.version:
            with live.lock:
                self._catch_up(live)
        return live

    def cached(self, game_id: str) -> LiveGame | None:
        """The game if this process holds it, now the most recently used. Called for every
        action and every socket it is pushed to, so without the lock: each of the two calls
        is one step under the GIL, and a game dropped by another thread in between is only
        not moved."""
        cache = self._cache
        live = cache.get(game_id)
        if live is not None:
            try:  # noqa: SIM105 (contextlib.suppress would cost what the lock did)
                cache.move_to_end(game_id)
            except KeyError:
                pass
        return live

    def pushed(self, game_id: str) -> None:
        """This process's sockets have been given the game's newest version (LiveGame.pushed)."""
        live = self.cached(game_id)
        if live is not None:
            live.pushed()

    def at_least(self, game_id: str, version: int) -> LiveGame:
        """The cached game if it has reached `version` (no database round trip), else loaded."""
        live = self.cached(game_id)
        if live is not None and live.version >= version:
            return live
        return self.live(game_id)

    def seat_for(self, live: LiveGame, token: str | None) -> int:
        """The seat a token belongs to: 401 if it is no token of this server, 403 if it belongs to
        another game."""
        if not token:
            raise Unauthorized("core.error.token_needed")
        digest = hash_token(token)
        found = None
        for seat, stored in enumerate(live.token_hashes):
            if same_hash(stored, digest):
                found = seat
        if found is not None:
            return found
        with self.Session() as s:
            row = s.execute(select(SeatRow.game_id, SeatRow.seat)
                            .where(SeatRow.token_hash == digest)).first()
        if row is not None and row.game_id == live.id:
            # a rematch's seat claimed since this process loaded the game
            live.token_hashes[row.seat] = digest
            return int(row.seat)
        if row is not None:
            raise Forbidden("core.error.other_game_token")
        raise Unauthorized("core.error.bad_token")

    def body_bytes(self, live: LiveGame, seat: int | None) -> bytes:
        """The serialized state body for a seat, made once per version and seat."""
        return pushes.body_bytes(live, seat, self.settings.log_tail)

    def push_bytes(self, live: LiveGame, seat: int | None, since: int) -> tuple[int, bytes]:
        """The websocket message that takes a seat from version `since` to now (pushes.py)."""
        return pushes.push_message(live, seat, since, self.settings.log_tail)

    def state_message(self, live: LiveGame, seat: int | None) -> tuple[int, bytes]:
        """The whole state as a websocket message, and its version."""
        return pushes.state_message(live, seat, self.settings.log_tail)

    def list_games(self, status: str | None = None, limit: int = 100) -> list[dict[str, Any]]:
        """Newest first. On a server with a host password only finished games their host made
        public are listed: a running game is found only through its links."""
        query = select(GameRow).order_by(GameRow.created_at.desc()).limit(limit)
        if status:
            query = query.where(GameRow.status == status)
        if self.settings.host_password is not None:
            query = query.where(GameRow.status == "finished", GameRow.public.is_(True))
        with self.Session() as s:
            rows = s.scalars(query).all()
        return [
            {
                "id": r.id, "game": r.game, "players": r.players, "status": r.status,
                "version": r.version, "result": r.result,
                "created_at": r.created_at.isoformat(), "updated_at": r.updated_at.isoformat(),
            }
            for r in rows
        ]

    def replay_bytes(self, game_id: str) -> bytes:
        return replays.unzipped(self.replay_gzip(game_id))

    def replay_gzip(self, game_id: str) -> bytes:
        """The replay of a finished game, gzip-compressed (replays.py): built on first asked, and
        again when the chat has grown since (players may still talk after the end)."""
        live = self.live(game_id)
        if live.head.status != "finished":
            raise Forbidden("core.error.replay_closed")
        with self.Session() as s:
            heads = dict(s.execute(select(ChatRow.channel, func.max(ChatRow.n))
                                   .where(ChatRow.game_id == game_id)
                                   .group_by(ChatRow.channel)).all())

        def current() -> bytes | None:
            return live.replay if live.replay_chat == heads else None

        replay = current()
        if replay is None:
            replay = live.replay = self._replays.run(lambda: current() or self._replay(live))
        return replay

    def _replay(self, live: LiveGame) -> bytes:
        head = {"id": live.id, "game": live.game, "players": live.players,
                "bots": live.bot_names, "options": live.options, "seed": live.seed,
                "status": live.head.status, "result": live.head.result}
        with self.Session() as s:
            head["chat"] = chat = all_messages(s, live.id)
            live.replay_chat = {}
            for message in chat:
                live.replay_chat[message["channel"]] = max(
                    message["n"], live.replay_chat.get(message["channel"], 0))
            rows = s.execute(
                select(ActionRow.seq, ActionRow.seat, ActionRow.action, ActionRow.events)
                .where(ActionRow.game_id == live.id)
                .order_by(ActionRow.seq)
                .execution_options(yield_per=200)
            )
            return replays.gzipped(head, replays.steps(live.rules, live.options, live.players,
                                                        live.seed, rows))

    # ---- rematch --------------------------------------------------------------------------

    def rematch_id(self, game_id: str) -> str | None:
        """The id of the game's rematch, if one was made."""
        if self._sqlite:
            rows = self.sqlite_rows("SELECT rematch FROM games WHERE id = ?", (game_id,))
        else:
            with self.engine.connect() as conn:
                rows = conn.execute(_REMATCH_OF, {"b_id": game_id}).all()
        if not rows:
            raise GameNotFound("core.error.no_game", game=game_id)
        return rows[0][0]

    def rematched(self, game_ids: list[str]) -> list[str]:
        """Those of these games that have a rematch."""
        if not game_ids:
            return []
        with self.Session() as s:
            return list(s.scalars(select(GameRow.id).where(GameRow.id.in_(game_ids),
                                                           GameRow.rematch.is_not(None))))

    def rematch(self, game_id: str, token: str | None) -> tuple[str, int, str, bool]:
        """The rematch of a finished game for the seat holding `token`: made now (same game,
        players and options, a new seed) unless a seat made it before. Answers its id, the
        seat, that seat's token in it, and whether it was made now.

        A rematch's seats are claimed: the token of seat s is derived from seat s's token of the
        finished game (tokens.rematch_token), so only that token's holder can learn it, as often
        as they ask, and the server stores it only hashed, like every token."""
        live = self.live(game_id)
        seat = self.seat_for(live, token)
        assert token is not None
        if live.head.status != "finished":
            raise Conflict("core.error.rematch_not_over")
        made = False
        rematch = self.rematch_id(game_id)
        if rematch is None:
            with self.Session() as s:
                public = bool(s.scalar(select(GameRow.public).where(GameRow.id == game_id)))
            try:
                rematch = self.create(live.game, live.players, live.options, public=public,
                                      rematch_of=game_id, bots=live.bots).id
                made = True
            except _LostRace:  # another seat made it at the same moment
                rematch = self.rematch_id(game_id)
                assert rematch is not None
        mine = rematch_token(token, rematch, seat)
        digest = hash_token(mine)
        with self.writing(), self.Session() as s, s.begin():
            s.execute(update(SeatRow).where(SeatRow.game_id == rematch, SeatRow.seat == seat)
                      .values(token_hash=digest))
        cached = self.cached(rematch)
        if cached is not None:
            cached.token_hashes[seat] = digest
        return rematch, seat, mine, made

    # ---- acting ---------------------------------------------------------------------------

    def act(
        self, game_id: str, seat: int, version: int, action: Any, client_id: str | None
    ) -> int:
        """Apply one action for `seat` at `version`; returns the new version. The same
        `client_id` twice is applied once and answered the same."""
        live = self.cached(game_id) or self._load(game_id)
        with live.lock:
            for attempt in range(2):
                if client_id and client_id in live.client_ids:
                    return _answered(live, client_id, seat)
                if version > live.version or attempt:
                    self._catch_up(live)
                    if client_id and client_id in live.client_ids:
                        return _answered(live, client_id, seat)
                if version != live.version:
                    raise StaleVersion("core.error.stale", live.version, current=live.version,
                                       sent=version)
                try:
                    head = live.head
                    state, events = act(live.rules, head.state, seat, action, head.prompts)
                except IllegalAction as exc:
                    if not attempt and self._database_version(live.id) > live.version:
                        continue  # judged on an old state: catch up and judge again
                    raise Rejected(exc.msg) from exc
                head = make_head(live.rules, version + 1, state)
                steps = self._store(live, Step(version + 1, seat, action, client_id, state,
                                               events, head))
                if steps is not None:
                    return self._advance(live, steps, client_id)
            raise StaleVersion("core.error.raced", live.version)

    def stale_at(self, game_id: str, version: int, client_id: str | None) -> int | None:
        """The version the game is at if `act` would refuse an act at `version` as stale
        (StaleVersion) without reading anything: this process holds the game past `version`
        and has not applied `client_id`. None: `act` decides. No lock: a version only grows,
        and `LiveGame.advance` records an action's client_id before its version shows."""
        live = self._cache.get(game_id)
        if live is None:
            return None
        current = live.head.version
        if version >= current or (client_id and client_id in live.client_ids):
            return None
        return current

    def preview(self, game_id: str, seat: int, version: int, steps: Any) -> bytes:
        """What `seat` would see after trying out `steps` behind the screen at `version`
        (app/core/drafts.py): `{"version", "steps", "view", "prompts"}`. Nothing is stored or
        sent to anyone else, and nothing in the answer depends on another seat's steps."""
        live = self.cached(game_id) or self._load(game_id)
        head = live.head
        if version > head.version:
            with live.lock:
                self._catch_up(live)
            head = live.head
        if version != head.version:
            raise StaleVersion("core.error.stale", head.version, current=head.version,
                               sent=version)
        if head.status != "active":
            raise Rejected("core.error.game_over")
        try:
            state, asked = preview(live.rules, head.state, seat, steps, head.prompts_for(seat))
        except IllegalAction as exc:
            raise Rejected(exc.msg) from exc
        view = live.rules.view(state, seat) if steps else head.view(live.rules,
                                                                    len(live.players), seat)
        return orjson.dumps({"version": head.version, "steps": len(steps or []), "view": view,
                             "prompts": asked})

    def _advance(self, live: LiveGame, steps: list[Step], client_id: str | None) -> int:
        """Record stored steps in the cache; the seat's own action is answered the version its
        standing answers reached (a retry of its client_id too)."""
        for seq, seat, _, step_client_id, state, events, head in steps:
            live.advance(seq, state, events, step_client_id, head)
            if step_client_id:
                live.client_seats[step_client_id] = seat
        if client_id and len(steps) > 1:  # `advance` noted the first step's
            live.client_ids[client_id] = live.version
        return live.version

    def _store(self, live: LiveGame, first: Step | None) -> list[Step] | None:
        """Append `first` (None: nothing of the seat's own) and the standing answers that follow
        it, in one transaction; None if another writer got there first."""
        if self._sqlite and self.batch.here():
            return self._store_in_batch(live, first, _stamp())
        try:
            if self._sqlite:
                with self._writer:
                    conn = self._sqlite_connection()
                    try:
                        steps = self._steps(live, first, self._sqlite_cursor, _stamp())
                        conn.commit()
                    except BaseException:
                        conn.rollback()
                        raise
            else:
                with self.engine.begin() as sa_conn:
                    steps = self._steps(live, first, sa_conn, _now())
        except (IntegrityError, sqlite3.IntegrityError, _LostRace):
            return None
        return steps

    def _store_in_batch(self, live: LiveGame, first: Step | None, stamp: str
                        ) -> list[Step] | None:
        """`_store` in the pass's open transaction, committed with the others (batch.py)."""
        self.batch.open(live.id)
        try:
            return self._steps(live, first, self._sqlite_cursor, stamp)
        except _LostRace:
            # Raised by the first write of the call, which changed nothing: the others stand.
            return None
        except sqlite3.IntegrityError:
            self.batch.abandon()  # some of this action may be written: take the pass back
            return None
        except BaseException:
            self.batch.abandon()  # some of this action may be written: take the pass back
            raise

    def _steps(self, live: LiveGame, first: Step | None, conn: Any, now: Any) -> list[Step]:
        """The writes of `_store` on an open transaction of either driver: `conn` SQLAlchemy's
        connection and `now` a datetime, or the SQLite writer's cursor and `now` its stamp
        (`_stamp`). The seats' choices are read after the game's row is held at its version
        (app/store/standing.py)."""
        sqlite = isinstance(conn, sqlite3.Cursor)
        append = _append_sqlite if sqlite else _append
        every = self.settings.snapshot_every
        steps: list[Step] = []
        version, head = live.version, live.head
        if first is not None:
            append(conn, live.id, version, first, now,
                   first.seq % every == 0 or first.head.status == "finished")
            steps.append(first)
            version, head = first.seq, first.head
        if not offers_answer(head):
            return steps
        if first is None:
            (_hold_sqlite if sqlite else _hold_sa)(conn, live.id, version)
        chosen = (chosen_sqlite if sqlite else chosen_sa)(conn, live.id)
        for step in answers(live.rules, head, chosen):
            append(conn, live.id, version, step, now,
                   step.seq % every == 0 or step.head.status == "finished")
            steps.append(step)
            version = step.seq
        return steps

    # ---- standing choices -----------------------------------------------------------------

    def standing(self, live: LiveGame, seat: int) -> list[str]:
        """The keys of `seat`'s standing choices, as stored now."""
        if self._sqlite:
            rows = self.sqlite_rows("SELECT standing FROM seats WHERE game_id = ? AND seat = ?",
                                    (live.id, seat))
            return checked_stored(live, stored_list(rows[0][0]) if rows else None)
        with self.engine.connect() as conn:
            stored = conn.execute(_STANDING_OF, {"b_id": live.id, "b_seat": seat}).scalar()
        return checked_stored(live, stored)

    def set_standing(self, live: LiveGame, seat: int, chosen: Any) -> tuple[list[str], int | None]:
        """Store `seat`'s standing choices (409 once the game is over), then answer what they
        answer now. Answers the keys as stored and the version the answers reached (None: no
        answer was given)."""
        keys = checked(live.rules, chosen)
        if self.live(live.id).head.status == "finished":
            raise Conflict("core.error.standing_over")
        with self.writing(), self.Session() as s, s.begin():
            s.execute(update(SeatRow).where(SeatRow.game_id == live.id, SeatRow.seat == seat)
                      .values(standing=keys))
        return keys, self.answer_standing(live.id)

    def all_standing(self, game_ids: list[str]) -> list[tuple[str, int, list[str]]]:
        """(game, seat, keys) of every seat of these games that ever chose (for catching up
        after Redis was away)."""
        if not game_ids:
            return []
        with self.Session() as s:
            rows = s.execute(select(SeatRow.game_id, SeatRow.seat, SeatRow.standing).where(
                SeatRow.game_id.in_(game_ids), SeatRow.standing.is_not(None))).all()
        return [(game_id, int(seat), list(keys or [])) for game_id, seat, keys in rows]

    def answer_standing(self, game_id: str) -> int | None:
        """Append the standing answers the game's seats' choices give now (after a seat turned
        one on); the version they reached, or None if none was given."""
        return self._answer_standing(self.live(game_id))

    def _answer_standing(self, live: LiveGame) -> int | None:
        with live.lock:
            for attempt in range(3):
                if attempt:
                    self._catch_up(live)
                if live.head.status == "finished" or not offers_answer(live.head):
                    return None
                steps = self._store(live, None)
                if steps is not None:
                    return self._advance(live, steps, None) if steps else None
        return None

    # ---- loading --------------------------------------------------------------------------

    def _load(self, game_id: str) -> LiveGame:
        with self.Session() as s:
            row = s.get(GameRow, game_id)
            if row is None:
                raise GameNotFound("core.error.no_game", game=game_id)
            rules = self._rules_of(row.game)
            seats = s.execute(
                select(SeatRow.token_hash, SeatRow.bot)
                .where(SeatRow.game_id == game_id)
                .order_by(SeatRow.seat)
            ).all()
            hashes = [seat.token_hash for seat in seats]
            snap = s.execute(
                select(SnapshotRow.seq, SnapshotRow.state)
                .where(SnapshotRow.game_id == game_id)
                .order_by(SnapshotRow.seq.desc())
                .limit(1)
            ).first()
            state = (
                load_state(snap.state) if snap is not None
                else rules.new_game(row.options, row.players, row.seed)
            )
            start = snap.seq if snap is not None else 0
            live = LiveGame(
                id=row.id, game=row.game, rules=rules, options=row.options,
                players=list(row.players), seed=row.seed, token_hashes=hashes,
                created_at=row.created_at, head=make_head(rules, start, state),
                bots={i: seat.bot for i, seat in enumerate(seats) if seat.bot},
            )
            self._apply_rows(live, s, since=0, replay_from=start)
        return self._remember(live)

    def games_with_bots(self) -> list[str]:
        """The running games a computer plays a seat of (to carry on when a server starts)."""
        with self.Session() as s:
            return list(s.scalars(
                select(SeatRow.game_id).join(GameRow, GameRow.id == SeatRow.game_id)
                .where(SeatRow.bot.is_not(None), GameRow.status == "active").distinct()))

    def versions(self, game_ids: list[str]) -> dict[str, int]:
        """The stored version of each of these games that exists."""
        if not game_ids:
            return {}
        with self.Session() as s:
            rows = s.execute(select(GameRow.id, GameRow.version)
                             .where(GameRow.id.in_(game_ids))).all()
        return {game_id: version for game_id, version in rows}

    def _database_version(self, game_id: str) -> int:
        if self._sqlite:
            rows = self.sqlite_rows("SELECT version FROM games WHERE id = ?", (game_id,))
            return (rows[0][0] or 0) if rows else 0
        with self.engine.connect() as conn:
            return conn.execute(_VERSION_OF, {"b_id": game_id}).scalar() or 0

    def _catch_up(self, live: LiveGame) -> None:
        with self.Session() as s:
            self._apply_rows(live, s, since=live.version, replay_from=live.version)

    def _apply_rows(self, live: LiveGame, s: Session, since: int, replay_from: int) -> None:
        """Read the log after `since`; actions after `replay_from` are replayed on the state,
        earlier ones only fill the log (their effect is already in the snapshot)."""
        rows = s.execute(
            select(ActionRow.seq, ActionRow.seat, ActionRow.action, ActionRow.client_id,
                   ActionRow.events)
            .where(ActionRow.game_id == live.id, ActionRow.seq > since)
            .order_by(ActionRow.seq)
        ).all()
        state = live.head.state
        for seq, seat, action, client_id, events in rows:
            if seq <= replay_from:
                live.add_log(seq, events)
                if client_id:
                    live.client_ids[client_id] = seq
                    live.client_seats[client_id] = seat
                continue
            state, _ = apply_action(live.rules, state, seat, action)
            live.advance(seq, state, events, client_id)
            if client_id:
                live.client_seats[client_id] = seat
        live.replay = None

    def _rules_of(self, name: str) -> Rules:
        rules = get_rules(name)
        if rules is None:
            raise GameNotFound("core.error.game_gone", game=name)
        return rules

    def forget(self, game_ids: list[str]) -> None:
        """Drop games from the cache (they were deleted)."""
        with self._cache_lock:
            for game_id in game_ids:
                self._cache.pop(game_id, None)

    def _remember(self, live: LiveGame) -> LiveGame:
        with self._cache_lock:
            existing = self._cache.get(live.id)
            if existing is not None:
                return existing
            self._cache[live.id] = live
            while len(self._cache) > self.settings.cached_games:
                self._cache.popitem(last=False)
        return live


def checked_stored(live: LiveGame, stored: Any) -> list[str]:
    """The stored keys the game still offers, in its order (a key a newer version of the game
    dropped stays in the row but means nothing)."""
    mine = set(stored or ())
    return [key for key in offered_keys(live.rules) if key in mine]
