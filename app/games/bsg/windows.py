"""Reaction windows: moments where players may play a skill card out of turn (before a die
roll, when a viper is hit, before cards go into a skill check, after its total).

Waiting must not leak what anyone holds. A window opens only when a card of its moment could
change what happens, judged from public information (no Evasive Maneuvers after a roll that
missed); then every seat that could react by public information (holding any skill card, not a
revealed Cylon) is asked at once, the same way whether it holds a playable card or not (a seat
with none sees only "pass"), and they answer in any order. The answers stay in the window
until the last seat has answered: no view, log line or other seat's prompt shows them. Then the
chosen cards are played in seat order from the current player; a chosen card that an earlier
one made unplayable stays in its holder's hand (docs/rulings.md). If a card was played and
another card of the moment could still change something, everyone may be asked again.

Standing choices ("always pass before a die roll", "play Evasive Maneuvers when my viper is
hit") are kept beside the game (app/core/standing.py): the window only marks, on each option,
the keys that would answer it, from what the asked seat may know.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from app.core import Msg, Option, Prompt, msg
from app.games.bsg import catalog
from app.games.bsg.conditions import holds
from app.games.bsg.effects import automated, op_names, push_effects
from app.games.bsg.flow import Frame, answer_of_seat, ask, option, step
from app.games.bsg.game import Game
from app.games.bsg.in_words import made_once, option_once, plain_once
from app.games.bsg.skills import PLAYED_AT, distinct_cards, said_card, take_from_hand
from app.games.bsg.words import said

WINDOW_NAMES = {
    "before_die_roll": "bsg.windows.when.before_die_roll",
    "after_viper_attacked": "bsg.windows.when.after_viper_attacked",
    "before_check_cards": "bsg.windows.when.before_check_cards",
    "after_check_total": "bsg.windows.when.after_check_total",
}
"""The moment of each kind of window, as a standing "always pass" names it (message keys)."""

Matters = Callable[[Game, dict[str, Any]], bool]
MATTERS: dict[str, Matters] = {}
"""For an operation a window's card may do, whether doing it now could change what happens,
by public information (registered beside the rule the operation changes)."""


def matters(name: str) -> Callable[[Matters], Matters]:
    def register(fn: Matters) -> Matters:
        MATTERS[name] = fn
        return fn

    return register


@dataclass(frozen=True)
class PlayWhen:
    """A standing "play this card when ..." choice: `card` is the card's name in the data
    (its id without the strength), `when(g, seat)` tells, from what `seat` may know, whether
    the situation it names is the one the window is about; `said` is its message key."""

    card: str
    situation: str
    timing: str
    said: str
    when: Callable[[Game, int], bool]

    @property
    def key(self) -> str:
        return f"play.{self.card}.{self.situation}"


PLAY_WHEN: list[PlayWhen] = []


def play_when(card: str, situation: str, timing: str, said: str
              ) -> Callable[[Callable[[Game, int], bool]], Callable[[Game, int], bool]]:
    def register(fn: Callable[[Game, int], bool]) -> Callable[[Game, int], bool]:
        PLAY_WHEN.append(PlayWhen(card, situation, timing, said, fn))
        return fn

    return register


def effect_of(name: str, op: str) -> Any:
    """The parameters of operation `op` on the card named `name` (a standing choice reads how
    much the card changes from the card itself)."""
    for card in catalog.DEFS.values():
        if card.get("deck", "").startswith("skill") and _without_strength(card["id"]) == name:
            for effect in card["ability"]["effects"]:
                if op in effect:
                    return effect[op]
    raise KeyError((name, op))


def autopass_key(timing: str) -> str:
    return f"autopass.{timing}"


def standing_choices() -> list[dict[str, Any]]:
    """The standing choices the windows offer: always pass at each kind, then each
    "play X when Y"."""
    found: list[dict[str, Any]] = [
        {"key": autopass_key(t), "msg": msg("bsg.standing.autopass", when=msg(name))}
        for t, name in WINDOW_NAMES.items()]
    found += [{"key": p.key, "msg": msg(p.said)} for p in PLAY_WHEN]
    from app.games.bsg.motives import standing_choices as motive_choices

    return found + motive_choices()


def push_window(g: Game, timing: str, text: Msg, ctx: dict[str, Any] | None = None
                ) -> None:
    """A window at `timing`; `text` says what is about to happen (the prompt's first words).
    `round` holds the answers of the seats asked at once (kept here, unseen, until the last
    one), `queue` the chosen cards waiting to be played, `again` whether one was played since
    the last round."""
    g.push({"step": "window", "timing": timing, "text": text, "played": [],
            "round": None, "rounds": 0, "queue": [], "again": False, "ctx": dict(ctx or {})})


def card_name(uid: str) -> str:
    """A skill card's name in the data: its id without the strength ("evasive_maneuvers")."""
    return _without_strength(catalog.card(uid)["id"])


def _without_strength(card_id: str) -> str:
    return card_id.rsplit("_", 1)[0]


def _blocked(ability: dict[str, Any], name: str, frame: Frame) -> bool:
    """A once-per-roll (or check) card when one of its name was played at this moment."""
    return ability.get("limit") in ("once_per_roll", "once_per_check") and any(
        card_name(u) == name for u in frame["played"])


def playable(g: Game, seat: int, frame: Frame) -> list[str]:
    found = []
    timing, timing_of = frame["timing"], PLAYED_AT
    for uid in distinct_cards(g.seat_as_is(seat)["hand"]):
        # most cards are not of this moment: told without a call
        if timing_of.get(uid) == timing and _playable(g, seat, frame, uid):
            found.append(uid)
    return found


MISSION_IMMUNE: Final = frozenset({"cards_face_up", "modify_difficulty", "no_check_abilities"})
"""What Investigative Committee, Declare Emergency and Restore Order do: nothing, in a Search
for Home Mission's check (DB-15.9)."""


def _in_mission_check(g: Game) -> bool:
    for frame in g.frames_as_is():
        if frame["step"] == "skill_check":
            return bool(frame["ctx"].get("mission"))
    return False


def _playable(g: Game, seat: int, frame: Frame, uid: str) -> bool:
    ability = catalog.card(uid)["ability"]
    if ability.get("timing") != frame["timing"] or not automated(ability["effects"]):
        return False
    if op_names(ability["effects"]) & MISSION_IMMUNE and _in_mission_check(g):
        return False
    if _blocked(ability, card_name(uid), frame):
        return False
    conditions = ability.get("conditions")  # (most have none: no context made then)
    return not conditions or holds(g, conditions, {**frame["ctx"], "self": seat})


_BY_TIMING: dict[str, list[dict[str, Any]]] = {}


def _cards_of(timing: str) -> list[dict[str, Any]]:
    """One definition per card name played at this moment (the deck's, not any hand's)."""
    if timing not in _BY_TIMING:
        names: dict[str, dict[str, Any]] = {}
        for uid, card in catalog.DEFS.items():
            ability = card.get("ability") or {}
            if ability.get("timing") == timing and automated(ability["effects"]):
                names.setdefault(card_name(uid), card)
        _BY_TIMING[timing] = list(names.values())
    return _BY_TIMING[timing]


def could_change(g: Game, frame: Frame) -> bool:
    """Whether some card of this moment, if anyone held it, could change what happens now:
    public information only (the cards that exist, what was played, the roll, the check)."""
    for card in _cards_of(frame["timing"]):
        ability = card["ability"]
        if _blocked(ability, _without_strength(card["id"]), frame):
            continue
        for effect in ability["effects"]:
            ((name, params),) = effect.items()
            test = MATTERS.get(name)
            if test is None or test(g, params):
                return True
    return False


@step("window")
def _window(g: Game, frame: Frame) -> list[Prompt] | None:
    if "order" in frame:  # saved by the engine that asked one seat after another: ask anew
        for old in ("order", "i"):
            frame.pop(old)
        frame.update(round=None, rounds=0, queue=[], again=False)
    if frame["ctx"].get("after_roll"):
        # imported here (dice.py imports this module), and only here: an import in a function
        # costs ~0.9 µs a call, and most windows follow no roll
        from app.games.bsg.dice import roll_pending

        if not roll_pending(g):
            g.pop(frame)  # the die was rolled again: the new roll has its own window
            return None
    if frame["queue"]:
        _play_next(g, frame)
        return None
    if frame["round"] is not None:
        return _ask_round(g, frame)
    if frame["rounds"] and not frame["again"]:
        g.pop(frame)
        return None
    frame["again"] = False
    seats = g.seats_as_are()  # who may be asked: holding cards, not a revealed Cylon
    asked = [s for s in g.clockwise_from(g.current)
             if seats[s]["hand"] and not seats[s]["revealed"]]
    if not asked or not could_change(g, frame):
        g.pop(frame)
        return None
    frame["round"] = {"asked": asked, "answers": {}}
    frame["rounds"] += 1
    return _ask_round(g, frame)


def _ask_round(g: Game, frame: Frame) -> list[Prompt] | None:
    rnd = frame["round"]
    waiting = [s for s in rnd["asked"] if str(s) not in rnd["answers"]]
    answered, g.round_answered = g.round_answered, None
    if waiting:
        if answered is not None and answered[0] is frame:
            # right after one seat's answer, which only this round keeps: the others are
            # asked what they were asked (their prompts, made from a state that has not
            # changed since), the same prompts
            before = {p["seat"]: p for p in answered[1] if p["kind"] == "window"}
            again = [before.get(seat) for seat in waiting]
            if None not in again:
                return again  # type: ignore[return-value]
        said = msg("bsg.windows.ask", text=frame["text"])  # one for the round's seats
        return [_prompt(g, frame, seat, said) for seat in waiting]
    frame["queue"] = [[s, rnd["answers"][str(s)]["card"]] for s in rnd["asked"]
                      if rnd["answers"][str(s)]["type"] == "play"]
    frame["round"] = None
    return None


def _prompt(g: Game, frame: Frame, seat: int, said: Msg) -> Prompt:
    """The same question (`said`, one message for the round: its English is then said once,
    `BattlestarGalactica.prompts`) to every asked seat: its playable cards (maybe none), then
    pass."""
    options: list[Option] = []
    for uid in playable(g, seat, frame):
        card = catalog.card(uid)
        played = option(_playing(uid), type="play", card=card["id"])
        keys = [p.key for p in PLAY_WHEN if p.card == card_name(uid)
                and p.timing == frame["timing"] and p.when(g, seat)]
        if keys:
            played["standing"] = keys
        options.append(played)
    options.append(_passing(frame["timing"]))
    return ask(seat, "window", said, options)


def _passing(timing: str) -> Option:
    """"Pass", answered by an "always pass" at this kind of window: made once per kind
    (in_words.option_once; kept here by kind too: asked of every seat in every round)."""
    found = _PASSING.get(timing)
    if found is not None:
        return found

    def make() -> Option:
        passing = option(plain_once("bsg.windows.pass"), type="pass")
        passing["standing"] = [autopass_key(timing)]  # type: ignore[typeddict-unknown-key]
        return passing

    found = _PASSING[timing] = option_once(("bsg.windows.pass", timing), make)
    return found


_PASSING: dict[str, Option] = {}


def _playing(uid: str) -> Msg:
    """"Play <card>: <its text>": made once per card (in_words.made_once)."""
    return made_once(("bsg.windows.play", uid), _playing_said, uid)


def _playing_said(uid: str) -> Msg:
    return msg("bsg.windows.play", card=said_card(uid), text=said(catalog.card(uid), "text"))


@answer_of_seat("window")
def _window_answer(g: Game, frame: Frame, seat: int, action: dict[str, Any]) -> None:
    """Kept in the window, unseen, until every asked seat has answered."""
    frame["round"]["answers"][str(seat)] = dict(action)
    g.round_answered = (frame, g.asked_before)


def _play_next(g: Game, frame: Frame) -> None:
    """Play the first chosen card, if it can still be played (an earlier one may have used up
    its moment: a second Strategic Planning); otherwise it stays in its holder's hand."""
    seat, card_id = frame["queue"].pop(0)
    # only read: the hand alone changes, below (`take_from_hand`)
    uid = next((u for u in g.seat_as_is(seat)["hand"] if catalog.card(u)["id"] == card_id),
               None)
    if uid is None or not _playable(g, seat, frame, uid):
        return
    uid = take_from_hand(g, seat, card_id)
    g.discard_card(uid)
    frame["played"].append(uid)
    frame["again"] = True
    card = catalog.card(uid)
    g.log(msg("bsg.windows.played", seat=seat, card=said_card(uid)), "play", card=card["id"],
          seat=seat)
    push_effects(g, card["ability"]["effects"], {**frame["ctx"], "self": seat,
                                                 "title": said(card)})
