"""The Rules protocol every game module implements (see ARCHITECTURE.md)."""

from __future__ import annotations

from typing import Any, NotRequired, Protocol, TypedDict

from app.core.messages import Msg, Said

State = dict[str, Any]
"""A game state is plain JSON-compatible data, so it can be copied, stored and replayed."""


class Fact(TypedDict):
    """Something a decision needs to know, said as a message (`text`: its English words), with
    its figures as data beside it (a roll's odds, a check's difficulty ...)."""

    msg: Msg
    text: NotRequired[str]


class Option(TypedDict):
    """`msg` is what the option says; `label` is its English words (for clients that show
    English as it is). `cards` are the cards it names (`{"id", "deck"}`: their words are the
    game's, by id), `facts` what choosing it needs to know. `confirm: true` marks a choice that
    cannot be undone, which a client should confirm with its player before posting `action`
    (never part of the action). `standing` are the keys of the seat's standing choices that
    answer the prompt with this option (app/core/standing.py)."""

    label: str
    msg: Msg
    action: dict[str, Any]
    cards: NotRequired[list[dict[str, str]]]
    facts: NotRequired[list[Fact]]
    confirm: NotRequired[bool]
    standing: NotRequired[list[str]]
    commits: NotRequired[bool]


class PickBounds(TypedDict):
    min: int
    max: int


class Prompt(TypedDict):
    """One seat is asked something. `text`/`msg` and `kind` are public: everyone may see who is
    being asked what; `options`, and the `cards` and `facts` the decision needs, are private to
    the seat.

    `pick` (`{"min", "max"}`): the seat picks between `min` and `max` of the options at once,
    one option per item (identical items are equal options), and answers with one action,
    `{"type": "pick", "picked": [<each picked option's action>, ...]}`; the core checks it
    against the options (app/core/pick.py) and never takes an option posted alone.

    `draft: true`: the question is decided behind the screen, in steps nobody else learns of
    until the seat commits (app/core/drafts.py); `ready: true`: the seat has committed and is
    asked only whether to take it back (no driver answers it). Both are public."""

    seat: int
    kind: str
    text: str
    msg: Msg
    options: list[Option]
    cards: NotRequired[list[dict[str, str]]]
    facts: NotRequired[list[Fact]]
    pick: NotRequired[PickBounds]
    draft: NotRequired[bool]
    ready: NotRequired[bool]


class Event(TypedDict, total=False):
    kind: str
    text: str
    msg: Msg
    to: list[int] | None
    not_to: list[int]
    data: dict[str, Any]


class IllegalAction(Said):
    """An action the rules refuse: `IllegalAction("core.error.not_asked")`, a catalog key with
    its parameters if it has any. The message is shown to the acting player, so it must not
    reveal anything that player may not see."""


class IllegalOptions(Said):
    """Options or a player list a game cannot start with."""


class Rules(Protocol):
    name: str
    title: str
    min_players: int
    max_players: int

    def check_options(self, options: dict[str, Any], players: list[str]) -> dict[str, Any]:
        """Return the complete options (defaults filled in) or raise IllegalOptions."""
        ...

    def new_game(self, options: dict[str, Any], players: list[str], seed: int) -> State: ...

    def prompts(self, state: State) -> list[Prompt]: ...

    def apply(self, state: State, seat: int, action: dict[str, Any]) -> tuple[State, list[Event]]:
        """Validate and apply one action; never mutate `state`."""
        ...

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """What `seat` may see (None: a spectator). Once the game is over, everything."""
        ...

    # Optional: `views(state, seats) -> list of views`, the same as `view` for each seat, built
    # together so that what the seats share is built once (and is the same object in each, which
    # also makes diffing the views of several seats cheap). `views_of` falls back to `view`.
    # It is given a third argument, `before` (the state before the action and its views, by
    # seat), when the server has them: what the views show of a part of the state that is the
    # very object it was in the state before is to be taken from those views (states are never
    # changed once made), since the server then does not compare the views with those before
    # itself (a diff skips a value that is the same object at a glance).

    # Optional: `own_view_keys: tuple[str, ...]`, for a game whose `views` build every seat's
    # view as the spectator's view built with it (its very values, in its order) followed by
    # these keys, the seat's own part — or as the spectator's view itself (a finished game). The
    # server then makes the patch of the spectator's part once per version for every seat and
    # diffs only each seat's own keys (app/store/patch.py, `diff_fields_serialized`).

    # Optional: `seat_prompts(state, seat) -> list of Prompt`, the same as `prompts(state)`'s for
    # that seat, built alone (decisions behind the screen ask it after every step).

    # Optional: `apply_checked(state, seat, action)`, the same as `apply` for an action the caller
    # has already checked against the seat's prompts (the core's `act` and the steps of a
    # decision behind the screen), so the game need not build the seat's prompts again to
    # check it. `checked_apply(rules)` falls back to `apply`.

    # Optional: `bots() -> list of app.bots.bot.Bot`, the game's own computer players beside
    # the core's `random` (app/bots/registry.py).

    # Optional: `standing_choices() -> list of {"key", "msg"}`, the standing choices a seat may
    # turn on (app/core/standing.py); options name the ones that answer them (`standing`).

    def view_all(self, state: State) -> dict[str, Any]:
        """Everything, secrets included: for replays of finished games."""
        ...

    def result(self, state: State) -> dict[str, Any] | None:
        """None while the game runs; then who won and why."""
        ...

    def cards(self) -> list[dict[str, Any]]:
        """Every card of the game as data, for the card reference."""
        ...
