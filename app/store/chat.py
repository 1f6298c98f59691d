"""The table chat, stored with the game: who may read and write which channel, and how fast.

Two channels: `table`, where the players talk (spectators read it too), and `spectators`, where
spectators talk; the players read the spectators' channel only once the game is over, so no
player learns anything from it while playing — not even how much is said there: each channel
numbers its own messages from 1 (a message's key is its channel and number), and nothing a
player is sent depends on the other channel. A message never changes the game's version.

A channel's newest messages are kept in memory per game (the page's first batch, and the pushes
after each new message); older ones are read from the database. Numbers are given in the
inserting transaction (the largest so far plus one, under the primary key), so a channel's
messages are committed in the order of their numbers, in one process or many.
"""

from __future__ import annotations

import re
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import bindparam, func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from app.store.errors import Rejected, TooFast
from app.store.models import ChatRow

if TYPE_CHECKING:
    from app.store.live import LiveGame
    from app.store.repository import Repository

TABLE = "table"
SPECTATORS = "spectators"
CHANNELS = (TABLE, SPECTATORS)
MAX_TEXT = 500
"""Characters in one message."""
MAX_NAME = 40
"""Characters in a spectator's display name (a player's is the seat's)."""
RATE = 3
RATE_WINDOW = 1.0
"""At most RATE messages in any RATE_WINDOW seconds from one seat (a spectator: one address)."""
PAGE = 50
"""Messages a reader is given at first, and at most per page of older ones by default."""
KEEP = 200
"""Newest messages of each channel kept in memory per game."""

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")  # newlines and tabs are words' business


def channel_of(seat: int | None) -> str:
    """The channel a reader writes to: players the table, spectators their own."""
    return TABLE if seat is not None else SPECTATORS


def readable(channel: str, seat: int | None, finished: bool) -> bool:
    """Whether `seat` (None: a spectator) may read `channel`: the spectators' is hidden from the
    players until the game ends."""
    return channel == TABLE or seat is None or finished


def readable_channels(seat: int | None, finished: bool) -> list[str]:
    return [c for c in CHANNELS if readable(c, seat, finished)]


def in_order(messages: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """Messages of several channels as they were said (by time, then channel and number)."""
    return sorted(messages, key=lambda m: (m["time"], m["channel"], m["n"]))


def clean_text(text: Any) -> str:
    if not isinstance(text, str) or not text.strip():
        raise Rejected("core.error.chat_empty")
    text = text.strip().replace("\r\n", "\n").replace("\r", "\n")
    if len(text) > MAX_TEXT:
        raise Rejected("core.error.chat_too_long", n=MAX_TEXT)
    if _CONTROL.search(text):
        raise Rejected("core.error.chat_control")
    return text


def clean_name(name: Any) -> str:
    if not isinstance(name, str) or not name.strip():
        raise Rejected("core.error.chat_name_needed")
    name = name.strip()
    if len(name) > MAX_NAME:
        raise Rejected("core.error.chat_name_too_long", n=MAX_NAME)
    if _CONTROL.search(name) or "\n" in name or "\t" in name:
        raise Rejected("core.error.chat_control")
    return name


class Limiter:
    """At most `rate` messages in any `window` seconds per speaker (in this process)."""

    def __init__(self, rate: int = RATE, window: float = RATE_WINDOW,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.window = window
        self.clock = clock
        self._said: dict[Any, deque[float]] = {}
        self._lock = threading.Lock()

    def allow(self, speaker: Any) -> bool:
        now = self.clock()
        with self._lock:
            said = self._said.get(speaker)
            if said is None:
                if len(self._said) > 10_000:
                    self._forget(now)
                said = self._said[speaker] = deque()
            while said and said[0] <= now - self.window:
                said.popleft()
            if len(said) >= self.rate:
                return False
            said.append(now)
            return True

    def _forget(self, now: float) -> None:
        for speaker in [s for s, said in self._said.items()
                        if not said or said[-1] <= now - self.window]:
            del self._said[speaker]


def _time(when: datetime) -> str:
    if when.tzinfo is None:  # SQLite hands back naive datetimes, stored in UTC
        when = when.replace(tzinfo=UTC)
    return when.astimezone(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def _message(row: Any) -> dict[str, Any]:
    """A message as the API carries it."""
    return {"channel": row.channel, "n": row.n, "seat": row.seat, "name": row.name,
            "text": row.text, "at": row.at, "time": _time(row.created_at)}


_COLUMNS = (ChatRow.channel, ChatRow.n, ChatRow.seat, ChatRow.name, ChatRow.text, ChatRow.at,
            ChatRow.created_at)
# Read by every socket that connects (a new game's five at once): built once, run through a Core
# connection (a statement built per call through an ORM session cost ~10 times as much).
_OF_CHANNEL = (ChatRow.game_id == bindparam("b_game"), ChatRow.channel == bindparam("b_channel"))
_NEWEST = select(*_COLUMNS).where(*_OF_CHANNEL).order_by(ChatRow.n.desc()).limit(KEEP)
_AFTER = select(*_COLUMNS).where(*_OF_CHANNEL, ChatRow.n > bindparam("b_after")).order_by(
    ChatRow.n)
# The same two on SQLite, straight to the driver (Repository.sqlite_rows).
_SQLITE_COLUMNS = "SELECT channel, n, seat, name, text, at, created_at FROM chat "
_SQLITE_NEWEST = (_SQLITE_COLUMNS + "WHERE game_id = ? AND channel = ? ORDER BY n DESC LIMIT "
                  + str(KEEP))
_SQLITE_AFTER = _SQLITE_COLUMNS + "WHERE game_id = ? AND channel = ? AND n > ? ORDER BY n"


def _sqlite_message(row: tuple[Any, ...]) -> dict[str, Any]:
    """`_message` of a row as the sqlite3 driver hands it back: its time the text SQLAlchemy
    stored (`YYYY-MM-DD HH:MM:SS.ffffff`, UTC)."""
    channel, n, seat, name, text, at, created_at = row
    return {"channel": channel, "n": n, "seat": seat, "name": name, "text": text, "at": at,
            "time": _time(datetime.fromisoformat(created_at))}


def all_messages(s: Session, game_id: str) -> list[dict[str, Any]]:
    """Every message of a game, both channels, as said (for the finished game's replay)."""
    rows = s.execute(select(*_COLUMNS).where(ChatRow.game_id == game_id)).all()
    return in_order(_message(r) for r in rows)


class _Channel:
    """The newest messages of one channel of one game, as far as this process knows."""

    def __init__(self) -> None:
        self.messages: list[dict[str, Any]] = []
        self.last = 0
        self.loaded = False

    def after(self, n: int) -> list[dict[str, Any]]:
        return [m for m in self.messages if m["n"] > n]

    def holds_after(self, n: int) -> bool:
        """Whether every message after `n` is here (none was dropped from memory)."""
        return not self.messages or self.messages[0]["n"] <= n + 1 or self.messages[0]["n"] == 1


class Chat:
    """Posting and reading a game's chat; blocking (the web layer calls it off the event loop)."""

    def __init__(self, repo: Repository, limiter: Limiter | None = None) -> None:
        self.repo = repo
        self.limiter = limiter or Limiter()
        self._channels: OrderedDict[tuple[str, str], _Channel] = OrderedDict()
        self._lock = threading.Lock()

    # ---- writing --------------------------------------------------------------------------

    def post(self, live: LiveGame, seat: int | None, text: Any, name: Any = None,
             speaker: Any = None) -> dict[str, Any]:
        """Store one message from `seat` (None: a spectator, who gives a `name`) in the game
        `live`. `speaker` tells spectators apart for the rate limit (their address). Answers
        the message."""
        game_id = live.id
        text = clean_text(text)
        name = live.players[seat] if seat is not None else clean_name(name)
        channel = channel_of(seat)
        if not self.limiter.allow((game_id, seat if seat is not None else ("spectator", speaker))):
            raise TooFast("core.error.chat_too_fast", n=RATE)
        for attempt in range(5):
            try:
                with self.repo.writing(), self.repo.Session() as s, s.begin():
                    n = 1 + (s.scalar(select(func.max(ChatRow.n)).where(
                        ChatRow.game_id == game_id, ChatRow.channel == channel)) or 0)
                    s.add(ChatRow(game_id=game_id, channel=channel, n=n, seat=seat, name=name,
                                  text=text, at=live.version, created_at=datetime.now(UTC)))
                break
            except IntegrityError:
                if attempt == 4:
                    raise
                # another writer took that number: take the next
        return next(m for m in self.since(game_id, channel, n - 1, n) if m["n"] == n)

    # ---- reading --------------------------------------------------------------------------

    def _channel(self, game_id: str, channel: str) -> _Channel:
        with self._lock:
            found = self._channels.get((game_id, channel))
            if found is None:
                found = self._channels[(game_id, channel)] = _Channel()
                while len(self._channels) > 2 * self.repo.settings.cached_games:
                    self._channels.popitem(last=False)
            else:
                self._channels.move_to_end((game_id, channel))
            return found

    def _refresh(self, game_id: str, channel: str, kept: _Channel) -> None:
        """Read what was said after what this process holds."""
        if self.repo.on_sqlite:
            if kept.loaded:
                found = self.repo.sqlite_rows(_SQLITE_AFTER, (game_id, channel, kept.last))
            else:
                found = self.repo.sqlite_rows(_SQLITE_NEWEST, (game_id, channel))
            rows = [_sqlite_message(r) for r in found]
        else:
            said = {"b_game": game_id, "b_channel": channel}
            if kept.loaded:
                query, said["b_after"] = _AFTER, kept.last
            else:
                query = _NEWEST
            with self.repo.engine.connect() as conn:
                rows = [_message(r) for r in conn.execute(query, said).all()]
        rows.sort(key=lambda m: m["n"])
        with self._lock:
            fresh = [m for m in rows if m["n"] > kept.last]
            kept.messages = (kept.messages + fresh)[-KEEP:]
            if kept.messages:
                kept.last = kept.messages[-1]["n"]
            kept.loaded = True

    def since(self, game_id: str, channel: str, after: int, upto: int | None = None
              ) -> list[dict[str, Any]]:
        """The channel's messages after number `after`; `upto`: one that is known to exist
        (read from the database if this process has not seen it yet)."""
        kept = self._channel(game_id, channel)
        if not kept.loaded or upto is None or kept.last < upto:
            self._refresh(game_id, channel, kept)
        if not kept.holds_after(after):
            return self.older(game_id, channel, None, None, after=after)
        return kept.after(after)

    def recent(self, game_id: str, channels: list[str], limit: int = PAGE
               ) -> tuple[list[dict[str, Any]], dict[str, int]]:
        """The newest `limit` messages of these channels, as said, and the newest number of each
        channel (what a reader has been brought up to). Whether older ones exist a reader sees
        from the numbers: each channel counts from 1."""
        found: list[dict[str, Any]] = []
        heads: dict[str, int] = {}
        for channel in channels:
            mine = self.since(game_id, channel, 0)
            heads[channel] = mine[-1]["n"] if mine else 0
            found.extend(mine)
        return in_order(found)[-limit:], heads

    def older(self, game_id: str, channel: str, before: int | None, limit: int | None,
              after: int = 0) -> list[dict[str, Any]]:
        """A channel's messages numbered below `before` (all, if None) and above `after`: the
        last `limit` of them (all, if None)."""
        query = select(*_COLUMNS).where(ChatRow.game_id == game_id, ChatRow.channel == channel,
                                        ChatRow.n > after)
        if before is not None:
            query = query.where(ChatRow.n < before)
        query = query.order_by(ChatRow.n.desc())
        if limit is not None:
            query = query.limit(limit)
        with self.repo.Session() as s:
            rows = s.execute(query).all()
        return [_message(r) for r in reversed(rows)]

    def heads(self, game_ids: list[str]) -> dict[str, dict[str, int]]:
        """The newest number of each channel of these games (for catching up after Redis was
        away)."""
        if not game_ids:
            return {}
        with self.repo.Session() as s:
            rows = s.execute(select(ChatRow.game_id, ChatRow.channel, func.max(ChatRow.n))
                             .where(ChatRow.game_id.in_(game_ids))
                             .group_by(ChatRow.game_id, ChatRow.channel)).all()
        out: dict[str, dict[str, int]] = {}
        for game_id, channel, n in rows:
            out.setdefault(game_id, {})[channel] = n
        return out

    def forget(self, game_ids: list[str]) -> None:
        with self._lock:
            for key in [k for k in self._channels if k[0] in set(game_ids)]:
                del self._channels[key]
