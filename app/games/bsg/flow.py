"""The flow of play as a stack of steps kept in the state (see ENGINE-NOTES.md).

Every pending piece of the game — a turn, a crisis, a skill check, "the Admiral chooses" — is a
frame on `state["flow"]`. The top frame runs: it either finishes (pops itself, maybe pushing
more frames, which then run first) or asks a question: of one seat, or, for a decision several
players make at once (simultaneous.py), one question to each of them. An answer goes to the
frame that asked. Because all of this is data, a game saved in the middle of a skill check
loads and goes on, and replays are exact.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.core import IllegalAction, Msg, Option, Prompt
from app.core.pick import check_pick, is_pick, pick_bounds, picked_action
from app.games.bsg.facts import as_asked

Frame = dict[str, Any]
Asked = Prompt | list[Prompt] | None
"""What a running frame asks: one seat, several seats at once, or nobody (it moved on)."""
Runner = Callable[["Game", Frame], Asked]  # type: ignore[name-defined]  # noqa: F821
Answerer = Callable[["Game", Frame, dict[str, Any]], None]  # type: ignore[name-defined]  # noqa: F821
SeatAnswerer = Callable[  # a frame that asks several seats takes each one's answer
    ["Game", Frame, int, dict[str, Any]], None]  # type: ignore[name-defined]  # noqa: F821

RUN: dict[str, Runner] = {}
ANSWER: dict[str, Answerer] = {}
ANSWER_OF_SEAT: dict[str, SeatAnswerer] = {}

MAX_STEPS_PER_ACTION = 100_000


def step(name: str) -> Callable[[Runner], Runner]:
    """Register how a frame of this kind runs."""

    def register(fn: Runner) -> Runner:
        if name in RUN:
            raise ValueError(f"step {name!r} registered twice")
        RUN[name] = fn
        return fn

    return register


def answer(name: str) -> Callable[[Answerer], Answerer]:
    """Register how a frame of this kind takes the answer to its question."""

    def register(fn: Answerer) -> Answerer:
        ANSWER[name] = fn
        return fn

    return register


def answer_of_seat(name: str) -> Callable[[SeatAnswerer], SeatAnswerer]:
    """Register how a frame that asks several seats at once takes one seat's answer."""

    def register(fn: SeatAnswerer) -> SeatAnswerer:
        ANSWER_OF_SEAT[name] = fn
        return fn

    return register


def ask(seat: int, kind: str, said: Msg, options: list[Option], *, public: bool = False,
        pick: int | None = None) -> Prompt:
    """A question to one seat; its English words are written when it is asked (`advance`).

    `public`: the asking site vouches that its options follow from public information alone
    (one legal target everyone can see, "discard 2" holding 2 cards), so when they leave one
    answer the game takes it without asking (`advance`). Never for a question whose options
    depend on something hidden from the others, such as a reaction window (windows.py): asking
    there is what keeps a hand secret. `pick`: the seat picks that many of the options at once
    (app/core/pick.py), one option per item."""
    if not options:
        raise RuntimeError(f"a prompt with no options: {kind} {said}")
    if not (isinstance(said, dict) and "key" in said and "params" in said):  # `is_msg`, inline
        raise TypeError(f"a prompt says a message, not {said!r}")
    prompt: Prompt = {"seat": seat, "kind": kind, "msg": said,  # type: ignore[typeddict-item]
                      "options": options}
    if pick is not None:
        prompt["pick"] = {"min": pick, "max": pick}
    if public:
        prompt[PUBLIC] = True  # type: ignore[literal-required]
    return prompt


PUBLIC = "public"
"""The mark `ask(public=True)` leaves on a prompt; `advance` takes it off before anyone sees it."""


def only_answer(prompt: Prompt) -> dict[str, Any] | None:
    """The answer a prompt marked public leaves no choice about, if any (else None)."""
    if not prompt.pop(PUBLIC, False):  # type: ignore[misc]
        return None
    if is_pick(prompt):
        low, high = pick_bounds(prompt)
        if low == high == len(prompt["options"]):
            return picked_action([o["action"] for o in prompt["options"]])
        return None
    if len(prompt["options"]) == 1:
        return prompt["options"][0]["action"]
    return None


def option(said: Msg, **action: Any) -> Option:
    if not (isinstance(said, dict) and "key" in said and "params" in said):  # `is_msg`, inline
        raise TypeError(f"an option says a message, not {said!r}")
    return {"msg": said, "action": action}  # type: ignore[typeddict-item]


def irreversible(offered: Option) -> Option:
    """An option that cannot be taken back (revealing, a once-per-game power): the page asks
    its player to confirm before posting it. Only the option is marked; the action a client
    posts stays the offered `action`, which is all the engine compares."""
    return {**offered, "confirm": True}  # type: ignore[typeddict-item]


def advance(g: Any) -> None:
    """Run frames until one asks (one seat, or several at once) or the game ends."""
    state = g.state
    flow = g.flow()
    # the result, asked twice a step, is None or set whole by the step that ends the game:
    # read as it stands (not through the copy-on-first-reach lookup, app/games/bsg/changing.py);
    # the asks are only ever replaced whole, and an action's state keeps them as its own
    # from the start (`Changing(keep="asks")`): put as they are
    result, put = dict.__getitem__, dict.__setitem__
    for _ in range(MAX_STEPS_PER_ACTION):
        if g.deferred and result(state, "result") is None:
            g.deferred.pop(0)(g)
            continue
        if result(state, "result") is not None or not flow:
            put(state, "asks", [])
            return
        # `g.top()` written out for a top frame already the action's own (most steps)
        waiting = g._frames_waiting
        frame = g.top() if waiting and len(flow) - 1 in waiting else flow[-1]
        asked = RUN[frame["step"]](g, frame)
        if g.deferred:  # what the step set off comes first; the step asks again after it
            continue
        if asked.__class__ is dict:  # one seat asked (most steps): no lists to make
            if PUBLIC in asked:  # (`only_answer` asked only of a prompt marked public)
                action = only_answer(asked)  # type: ignore[arg-type]
                if action is not None:
                    _take(g, frame, asked["seat"], action)  # type: ignore[index]
                    continue
            for before in g.asked_before:  # asked before as it is (by identity): put so
                if before is asked:
                    break
            else:
                asked = as_asked(asked, frame)  # type: ignore[arg-type]
            put(state, "asks", [asked])
            return
        if asked:
            prompts = asked if isinstance(asked, list) else [asked]
            forced = [(p["seat"], a) for p in prompts  # (only a prompt marked public may be)
                      if PUBLIC in p and (a := only_answer(p)) is not None]
            if forced:  # answered as the seat would have to: then the flow goes on
                for seat, action in forced:
                    _take(g, frame, seat, action)
                continue
            # a window's round asks some of them again, as they were (the prompts asked
            # before are held by `g`: an identity among them is theirs)
            before = {id(b) for b in g.asked_before}
            put(state, "asks", [p if id(p) in before else as_asked(p, frame) for p in prompts])
            return
    raise RuntimeError("the flow did not settle: a step keeps running without asking or ending")


def answer_top(g: Any, seat: int, action: dict[str, Any], checked: bool = False) -> None:
    """The answer of `seat` to the question asked: refused unless it is one of the options
    offered to that seat, or `checked` (the caller has checked it so already: the core's `act`
    does for every action the server takes)."""
    asks = dict.__getitem__(g.state, "asks")  # (kept as the action's own: see `advance`)
    if not checked:
        _check_answer(asks, seat, action)
    g.asked_before = asks
    _take(g, g.top(), seat, action)
    dict.__setitem__(g.state, "asks", [])  # (kept as the action's own: see `advance`)


def _check_answer(asks: list[Prompt], seat: int, action: dict[str, Any]) -> None:
    prompt = next((p for p in asks if p["seat"] == seat), None)
    if prompt is None:
        raise IllegalAction("core.error.not_asked")
    if is_pick(prompt):
        check_pick(prompt, action)
    elif not any(o["action"] is action or o["action"] == action for o in prompt["options"]):
        raise IllegalAction("core.error.not_a_choice", asked=prompt["msg"])


def _take(g: Any, frame: Frame, seat: int, action: dict[str, Any]) -> None:
    if frame["step"] in ANSWER_OF_SEAT:
        ANSWER_OF_SEAT[frame["step"]](g, frame, seat, action)
    else:
        ANSWER[frame["step"]](g, frame, action)
