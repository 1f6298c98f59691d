"""A game held in memory: its current state, its log, and the bodies sent to each seat."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import orjson

from app.core import Audience, Event, Prompt, Rules, State, audience_of, audience_sees, views_of
from app.store import patch


@dataclass(frozen=True)
class Head:
    """Everything that changes with one action, swapped in as one reference so that readers on
    the event loop never see a new state with an old version."""

    version: int
    state: State
    status: str
    result: dict[str, Any] | None
    prompts: list[Prompt]
    waiting: list[dict[str, Any]] = field(default_factory=list)
    views: dict[int | None, dict[str, Any]] = field(default_factory=dict)
    """Every seat's view of this state, built together on first use (they share objects)."""
    before: list[tuple[State, dict[int | None, dict[str, Any]]]] = field(default_factory=list)
    """The state and views of the version before, until this version's are built."""
    asked: dict[int, list[Prompt]] = field(default_factory=dict)

    def view(self, rules: Rules, seats: int, seat: int | None) -> dict[str, Any]:
        """`seat`'s view; the first asked builds every seat's and the spectator's at once, with
        the parts that did not change since the version before being that version's objects:
        a game that builds views together takes them from the views before (`views_of`'s
        `before`); another's views are compared with those (`patch.share`)."""
        view = self.views.get(seat)
        if view is None:
            everyone: list[int | None] = [*range(seats), None]
            if seat not in everyone:
                everyone.append(seat)
            before = self.before.pop() if self.before else None
            built = dict(zip(everyone, views_of(rules, self.state, everyone, before),
                             strict=True))
            # A game that builds its views together takes the parts that did not change from
            # the views before itself (`before`); comparing every view with its predecessor
            # again cost more than the few equal parts it finds save in the diffs.
            if before is not None and getattr(rules, "views", None) is None:
                previous, done = before[1], {}
                # the spectator first: its view is what every seat's has in common
                for who in sorted(built, key=lambda w: w is not None):
                    old, new = previous.get(who), built[who]
                    if old is not None and old is not new:
                        patch.share(old, new, done)
            self.views.update(built)
            view = self.views[seat]
        return view

    def prompts_for(self, seat: int | None) -> list[Prompt]:
        """The prompts `seat` is asked (the same empty list for everyone not asked)."""
        if seat is None:
            return NO_PROMPTS
        asked = self.asked
        if not asked and self.prompts:
            # Every seat's in one pass, made aside and then put in at once: a reader on another
            # thread never sees some seats' and not the others'.
            made: dict[int, list[Prompt]] = {}
            for p in self.prompts:
                mine = made.get(p["seat"])
                if mine is None:
                    made[p["seat"]] = [p]
                else:
                    mine.append(p)
            asked.update(made)
        return asked.get(seat, NO_PROMPTS)


NO_PROMPTS: list[Prompt] = []  # shared: never change it


@dataclass
class LiveGame:
    id: str
    game: str
    rules: Rules
    options: dict[str, Any]
    players: list[str]
    seed: int
    token_hashes: list[str]
    created_at: datetime
    head: Head
    bots: dict[int, str] = field(default_factory=dict)
    """seat → the name of the bot that plays it (app/bots/); the other seats are people's."""
    log: list[tuple[int, Audience, bytes]] = field(default_factory=list)
    """(seq, audience, the entry as sent, serialized): a long game's log is most of what a cached
    game holds, so entries are kept as bytes and read back only for a new tail or an older page
    (a third of the memory of the dicts; bench/memory.py)."""
    tails: dict[tuple[int | None, int], list[dict[str, Any]]] = field(default_factory=dict)
    """(seat, length) → the log tail that seat sees now: kept up to date entry by entry rather
    than searched for on every push (a new list each time: sent bodies keep the old ones)."""
    client_ids: dict[str, int] = field(default_factory=dict)
    client_seats: dict[str, int] = field(default_factory=dict)
    """The seat that sent each of `client_ids` (another seat's reuse of one is refused)."""
    lock: threading.Lock = field(default_factory=threading.Lock)
    bodies: dict[tuple[int, int | None], bytes] = field(default_factory=dict)
    sent: dict[int | None, tuple[int, dict[str, Any], dict[str, Any] | None]] = field(
        default_factory=dict)
    """The newest body each seat was given (version, body, the public part its view is built on
    or None): what its next patch starts from."""
    sizes: dict[int | None, int] = field(default_factory=dict)
    """The length of the last whole body made for each seat."""
    pushes: dict[tuple[int | None, int], bytes] = field(default_factory=dict)
    """(seat, version it has) → the message that brings it to the current version."""
    diff_memo: dict[Any, Any] = field(default_factory=dict)
    """Patches between the parts the seats' views share, for this version (patch.diff), and
    the log tails' patches noted by `add_log`."""
    replay: bytes | None = None
    """The finished game's replay, gzip-compressed (replays.py)."""
    replay_chat: dict[str, int] | None = None
    """The newest chat message of each channel the replay holds (chat.py)."""
    _bot_names: dict[str, str] | None = field(default=None, init=False, repr=False)
    own_view_keys: tuple[str, ...] | None = field(default=None, init=False, repr=False)
    """The game's `own_view_keys` (app/core/protocol.py), if it says them."""

    def __post_init__(self) -> None:
        self.own_view_keys = getattr(self.rules, "own_view_keys", None)

    @property
    def version(self) -> int:
        return self.head.version

    @property
    def bot_names(self) -> dict[str, str]:
        """The bot seats as the API says them: seat number (a string, as JSON keys are) → bot.
        Made once (`bots` never changes): every body then holds the same object, which a diff
        skips at a glance. Never change it."""
        if self._bot_names is None:
            self._bot_names = {str(seat): name for seat, name in self.bots.items()}
        return self._bot_names

    def advance(self, seq: int, state: State, events: list[Event], client_id: str | None,
                head: Head | None = None) -> None:
        """Record one applied action (already stored)."""
        self.diff_memo = {}  # before the log's: it notes the log tails' patches (add_log)
        self.add_log(seq, events)
        if client_id:
            self.client_ids[client_id] = seq
        old = self.head
        self.head = head or make_head(self.rules, seq, state)
        if old.views:
            self.head.before.append((old.state, old.views))
        if self.head.status == "finished":
            self.tails = {}  # everyone sees everything now
        self.bodies = {}
        self.pushes = {}

    def pushed(self) -> None:
        """The sockets were given this version: drop the diff memo now rather than at the next
        action. It holds the version before's view parts; freed now, right after the diffs read
        them, they are still in the CPU's caches, and the memory they leave is what the next
        allocations reuse while it is warm. At the next action, after other games' work, they
        were cold: freeing them took ~38 µs there against ~27 µs here under load A
        (bench/README.md). A socket given this version later (one slow to drain) diffs without
        the memo."""
        self.diff_memo = {}

    def add_log(self, seq: int, events: list[Event]) -> None:
        added = [(audience_of(ev), _public_entry(seq, ev)) for ev in events]
        self.log.extend((seq, audience, _packed(entry)) for audience, entry in added)
        if added and self.tails:
            finished = self.head.status == "finished"
            # Most actions' entries are all public: every tail takes them all, unfiltered.
            public = [entry for audience, entry in added if audience is None]
            everyone = len(public) == len(added)
            tails = self.tails
            made: dict[tuple[int, ...], list[Any]] = {}
            for (seat, length), tail in list(tails.items()):
                seen = public if everyone else [entry for audience, entry in added
                                                if audience_sees(audience, seat, finished)]
                if seen:
                    cut = len(tail) + len(seen) - length  # entries that leave the front
                    new = tails[(seat, length)] = (tail[cut:] + seen if 0 < cut <= len(tail)
                                                   else (tail + seen)[-length:])
                    patch.note_moved_on(self.diff_memo, "/log", tail, new, len(seen), made)

    def log_for(self, seat: int | None, tail: int, before: int | None = None
                ) -> list[dict[str, Any]]:
        """The last `tail` entries `seat` may see (of the actions before `before`, if given)."""
        finished = self.head.status == "finished"
        picked: list[dict[str, Any]] = []
        for seq, audience, entry in reversed(self.log):
            if before is not None and seq >= before:
                continue
            if audience_sees(audience, seat, finished):
                picked.append(orjson.loads(entry))
                if len(picked) >= tail:
                    break
        picked.reverse()
        return picked

    def tail(self, seat: int | None, length: int) -> list[dict[str, Any]]:
        """`log_for(seat, length)`, kept up to date as entries arrive. Never change it."""
        if self.head.status == "finished":
            seat = None  # everyone reads the same log now: one tail for all
        cached = self.tails.get((seat, length))
        if cached is None:
            cached = self.tails[(seat, length)] = self.log_for(seat, length)
        return cached

    def body(self, seat: int | None, tail: int, head: Head | None = None) -> dict[str, Any]:
        """The state body of the public API, filtered for `seat` (None: spectator)."""
        head = head or self.head
        # Each part looked up where it is kept once made, its method called only to make it:
        # three calls per seat and version otherwise.
        view = head.views.get(seat)
        if view is None:
            view = head.view(self.rules, len(self.players), seat)
        asked = head.asked
        prompts = asked.get(seat, NO_PROMPTS) if asked else head.prompts_for(seat)
        log = self.tails.get((seat, tail)) if self.head.status != "finished" else None
        if log is None:
            log = self.tail(seat, tail)
        return {
            "game": self.game,
            "seat": seat,
            "players": self.players,
            "bots": self._bot_names or self.bot_names,  # the property: only the first time
            "version": head.version,
            "status": head.status,
            "result": head.result,
            "view": view,
            "prompts": prompts,
            "waiting": head.waiting,
            "log": log,
        }


def make_head(rules: Rules, version: int, state: State) -> Head:
    result = rules.result(state)
    status = "finished" if result is not None else "active"
    prompts = rules.prompts(state) if result is None else []
    return Head(version=version, state=state, status=status, result=result, prompts=prompts,
                waiting=[_waiting(p) for p in prompts])


def _waiting(prompt: Prompt) -> dict[str, Any]:
    """Who is asked what: public, so the prompt without its options."""
    out = {"seat": prompt["seat"], "kind": prompt["kind"], "text": prompt["text"]}
    if "msg" in prompt:
        out["msg"] = prompt["msg"]
    for flag in ("draft", "ready"):  # deciding behind the screen, or ready: public
        if prompt.get(flag):
            out[flag] = True
    return out


def _packed(entry: dict[str, Any]) -> bytes:
    # A copy: orjson hands back small outputs in a 4 KB allocation, ten times their size.
    return bytes(memoryview(orjson.dumps(entry)))


def _public_entry(seq: int, entry: Event) -> dict[str, Any]:
    out = {"seq": seq, "kind": entry.get("kind", "info"), "text": entry.get("text", "")}
    if "msg" in entry:
        out["msg"] = entry["msg"]
    if entry.get("data"):
        out["data"] = entry["data"]
    if entry.get("to") is not None:
        out["private"] = True
    return out
