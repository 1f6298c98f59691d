"""Die rolls as steps: a window before the roll (+2 cards), the roll, a window after it
(re-rolls), then what the roll decides, named by `then` and resolved by a registered rule.

A window opens only when its card could change the outcome: before the roll when +2 moves some
face of the die into another outcome, after an attack on a viper only when it hit.

Re-rolls stack: every roll, a re-roll's included, opens the moments after it again, so a
second Evasive Maneuvers, or one after Helo's ECO Officer, may re-roll it once more. What was
played before the first roll (Strategic Planning) counts for every re-roll; a re-roll's own
modifier (Evasive Maneuvers' -2 for a piloted viper) only for the roll it makes
(docs/rulings.md)."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from app.core import Msg, Prompt, msg
from app.core.protocol import Fact
from app.games.bsg.abilities import offer
from app.games.bsg.effects import op
from app.games.bsg.facts import fact
from app.games.bsg.flow import Frame, step
from app.games.bsg.game import Game
from app.games.bsg.in_words import made_once
from app.games.bsg.windows import effect_of, matters, play_when, push_window

SIDES = 8

Then = Callable[[Game, int, dict[str, Any]], None]
THEN: dict[str, Then] = {}
Odds = Callable[[Game, dict[str, Any], int], list[Fact]]
ODDS: dict[str, Odds] = {}
"""For a rule that uses a roll (`then`), what the roll may give: its outcomes and their odds,
with a given modifier. Registered beside the rule, from the same thresholds."""


def then(name: str) -> Callable[[Then], Then]:
    def register(fn: Then) -> Then:
        THEN[name] = fn
        return fn

    return register


def odds(name: str) -> Callable[[Odds], Odds]:
    def register(fn: Odds) -> Odds:
        ODDS[name] = fn
        return fn

    return register


def die_result(raw: int, modifier: int) -> int:
    """What a roll counts as: the die plus its modifiers, never below 1 nor above 8."""
    return max(1, min(SIDES, raw + modifier))


def chances(modifier: int, wins: Callable[[int], bool]) -> int:
    """On how many of the die's faces the result, with this modifier, `wins`."""
    return sum(1 for raw in range(1, SIDES + 1) if wins(die_result(raw, modifier)))


def odds_fact(outcome: str, low: int, high: int, modifier: int) -> Fact:
    """One outcome of a roll that the results `low`..`high` give: "destroys on 3+: 6 in 8"."""
    n = _faces_between(low, high, modifier)
    return fact(_odds_said(outcome, low, high, n),
                odds={"outcome": outcome, "low": low, "high": high, "modifier": modifier,
                      "n": n, "of": SIDES})


@lru_cache(maxsize=1024)
def _faces_between(low: int, high: int, modifier: int) -> int:
    """`chances` of a result from `low` to `high`: asked for every outcome of every window
    before a roll (eight calls of a test each), of a few hundred spans and modifiers."""
    return chances(modifier, lambda result: low <= result <= high)


def _odds_said(outcome: str, low: int, high: int, n: int) -> Msg:
    """The message of `odds_fact`, made once for each outcome, span and count (asked by every
    window before a roll: its words are then found by the message's identity)."""
    span = ("up" if high >= SIDES else "down" if low <= 1 else "one" if low == high
            else "between")
    return made_once(("bsg.facts.odds", outcome, low, high, n), _odds_made, outcome, low,
                     high, span, n)


def _odds_made(outcome: str, low: int, high: int, span: str, n: int) -> Msg:
    return msg("bsg.facts.odds", outcome=outcome, low=low, high=high, span=span, n=n)


def modifier_facts(modifiers: list[dict[str, Any]]) -> list[Fact]:
    """What is added to a roll, and why: [{"msg": the cause's name, "value": the amount}]."""
    return [fact(msg("bsg.facts.roll_modifier", reason=m["msg"], n=m["value"]),
                 modifier=m["value"]) for m in modifiers if m["value"]]


def roll_facts(g: Game, frame: Frame) -> list[Fact]:
    """The odds of a roll about to be made, with the modifiers known so far."""
    rule = ODDS.get(frame["then"]["kind"])
    return rule(g, frame["then"], frame["modifier"]) if rule else []


def push_roll(g: Game, roller: int, why: Msg, after: dict[str, Any], modifier: int = 0,
              viper_attacked: bool = False, piloted: bool = False) -> None:
    """Roll the die for `why` (a message; a plain string still passes while callers are being
    converted); `after["kind"]` names the rule that uses the result."""
    g.push({"step": "roll", "roller": roller, "why": why, "then": after, "modifier": modifier,
            "reroll_modifier": 0, "stage": "before", "result": None,
            "viper_attacked": viper_attacked, "piloted": piloted})


@step("roll")
def _roll(g: Game, frame: Frame) -> Prompt | None:
    if frame["stage"] == "before":
        frame["stage"] = "roll"
        depth = len(g.flow())
        push_window(g, "before_die_roll", msg("bsg.dice.about_to_roll", seat=frame["roller"],
                                              why=frame["why"]))
        if len(g.flow()) > depth:  # the window asks with the odds (flow.advance)
            g.top()["facts"] = roll_facts(g, frame)
        return None
    if frame["stage"] == "roll":
        raw = g.rng.roll(SIDES)
        modifier = frame["modifier"] + frame.get("reroll_modifier", 0)
        frame["result"] = die_result(raw, modifier)
        sign = "plus" if modifier > 0 else "minus" if modifier < 0 else "none"
        g.log(msg("bsg.dice.rolled", seat=frame["roller"], raw=raw, sign=sign, by=abs(modifier),
                  result=frame["result"], why=frame["why"]), "roll", roll=frame["result"])
        frame["stage"] = "after"
        if frame["viper_attacked"]:
            push_window(g, "after_viper_attacked",
                        msg("bsg.dice.viper_attacked", result=frame["result"]),
                        {"after_roll": True})
        offer(g, "after_die_roll", [g.current])
        return None
    g.pop(frame)
    THEN[frame["then"]["kind"]](g, frame["result"], frame["then"])
    return None


def _nearest_roll(g: Game) -> Frame | None:
    """The nearest roll, to change (copied as reached)."""
    for frame in g.frames_down():
        if frame["step"] == "roll":
            return frame
    return None


def _nearest_roll_as_is(g: Game) -> Frame | None:
    """The nearest roll, to read only (nothing copied): what a card could change at a window
    before or after a roll."""
    for frame in g.frames_as_is():
        if frame["step"] == "roll":
            return frame
    return None


@op("roll_modifier")
def _roll_modifier(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    frame = _nearest_roll(g)
    if frame is not None and frame["stage"] == "roll":
        frame["modifier"] += p["amount"]


@op("reroll")
def _reroll(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    frame = _nearest_roll(g)
    if frame is None or frame["stage"] != "after":
        return
    frame["stage"] = "roll"
    frame["reroll_modifier"] = (p.get("modifier_if_piloted") or 0) if frame["piloted"] else 0
    g.log(msg("bsg.dice.rerolled"), "roll")


def roll_pending(g: Game) -> bool:
    """True while the nearest roll waits for re-rolls (after it, before its result is used)."""
    for frame in g.frames_as_is():  # only read: asked by every window after a roll
        if frame["step"] == "roll":
            return bool(frame["stage"] == "after")
    return False


def _outcome_of(facts: list[Fact], result: int) -> tuple[int, ...]:
    """Which of a roll's outcomes (its odds facts) a result gives: none, one, or several."""
    return tuple(i for i, f in enumerate(facts)
                 if f["odds"]["low"] <= result <= f["odds"]["high"])  # type: ignore[typeddict-item]


def changes_outcome(g: Game, frame: Frame, amount: int) -> bool:
    """Whether adding `amount` to the roll about to be made could change what it decides: on
    some face of the die the two results give different outcomes. A rule with no odds told
    is taken to depend on every result."""
    rule = ODDS.get(frame["then"]["kind"])
    if rule is None:
        return True
    spans = [(f["odds"]["low"], f["odds"]["high"])  # type: ignore[typeddict-item]
             for f in rule(g, frame["then"], frame["modifier"])]
    base = frame["modifier"] + frame.get("reroll_modifier", 0)
    for raw in range(1, SIDES + 1):  # asked by every window before a roll: loops, no tuples
        before, after = die_result(raw, base), die_result(raw, base + amount)
        if before != after:
            for low, high in spans:
                if (low <= before <= high) != (low <= after <= high):
                    return True
    return False


def roll_hit(g: Game, frame: Frame) -> bool:
    """Whether the roll just made gave one of its outcomes (an attack that hit), not a miss."""
    rule = ODDS.get(frame["then"]["kind"])
    if rule is None or frame["result"] is None:
        return True
    return bool(_outcome_of(rule(g, frame["then"], frame["modifier"]), frame["result"]))


@matters("roll_modifier")
def _modifier_matters(g: Game, p: dict[str, Any]) -> bool:
    frame = _nearest_roll_as_is(g)
    return frame is not None and frame["stage"] == "roll" and changes_outcome(g, frame,
                                                                             p["amount"])


@matters("reroll")
def _reroll_matters(g: Game, p: dict[str, Any]) -> bool:
    frame = _nearest_roll_as_is(g)
    return frame is not None and frame["stage"] == "after" and roll_hit(g, frame)


def _attacked_viper(g: Game) -> dict[str, Any] | None:
    frame = _nearest_roll_as_is(g)
    then_ = frame["then"] if frame is not None else {}
    if then_.get("kind") != "attack" or then_.get("target") not in ("viper", "assault_raptor"):
        return None
    # only read, as it stands: not copied under an action
    vipers = dict.__getitem__(g.state, "space")[then_["area"]]["vipers"]
    return vipers[then_["index"]] if then_["index"] < len(vipers) else None


@play_when("evasive_maneuvers", "my_viper", "after_viper_attacked",
           "bsg.standing.evasive_maneuvers.my_viper")
def _my_viper_hit(g: Game, seat: int) -> bool:
    viper = _attacked_viper(g)
    return viper is not None and viper["pilot"] == seat


@play_when("evasive_maneuvers", "any_viper", "after_viper_attacked",
           "bsg.standing.evasive_maneuvers.any_viper")
def _any_viper_hit(g: Game, seat: int) -> bool:
    return _attacked_viper(g) is not None


HUMAN_ATTACKERS = ("viper", "galactica", "assault_raptor")


@play_when("strategic_planning", "my_attack", "before_die_roll",
           "bsg.standing.strategic_planning.my_attack")
def _my_attack_helped(g: Game, seat: int) -> bool:
    """I roll an attack on a Cylon ship (a viper's, Galactica's, a nuke) and +2 could change
    its result."""
    frame = _nearest_roll_as_is(g)
    if frame is None or frame["roller"] != seat or frame["stage"] != "roll":
        return False
    then_ = frame["then"]
    ours = then_["kind"] == "nuke" or (then_["kind"] == "attack"
                                       and then_["attacker"] in HUMAN_ATTACKERS)
    plus = effect_of("strategic_planning", "roll_modifier")["amount"]
    return ours and changes_outcome(g, frame, plus)
