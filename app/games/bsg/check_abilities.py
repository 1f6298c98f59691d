"""Daybreak's Skill Check abilities (DB-10.2-10.6).

A card with the Skill Check icon (ability timing `skill_check`) acts only while it is part of
a skill check, whoever put it there (a player or the Destiny deck). Right after the check's
cards are shuffled and divided (DB-10.3) the current player resolves each such card, at most
once per card title however many copies are in the check (DB-10.4), in the order he chooses.
Some abilities take a card out of the check (DB-10.5): an ability already resolved keeps its
result, one not yet resolved never resolves. The cards are face up by then, so all of this is
public: the current player is asked about the order only when it could change something (a
card that takes cards out of the check waits beside another title), and every ability's own
choices are asked from the revealed check alone.
"""

from __future__ import annotations

from typing import Any

from app.core import Prompt, msg
from app.games.bsg import catalog
from app.games.bsg.checkcount import modifier
from app.games.bsg.combat import AREAS, hit_viper
from app.games.bsg.conditions import condition
from app.games.bsg.effects import op, op_names, push_effects
from app.games.bsg.flow import Frame, answer, ask, option, step
from app.games.bsg.game import Game
from app.games.bsg.skills import distinct_cards, said_card, take_from_hand
from app.games.bsg.who import who_one
from app.games.bsg.windows import card_name, matters
from app.games.bsg.words import said

TIMING = "skill_check"

POOL_CHANGERS = frozenset({"take_from_check", "remove_from_check_for_viper",
                           "add_to_check_face_up"})
"""Operations that take cards out of the check or add one: beside them, the order of
resolution matters."""


def has_ability(uid: str) -> bool:
    return (catalog.card(uid).get("ability") or {}).get("timing") == TIMING


def nearest_check(g: Game) -> Frame | None:
    for frame in g.frames_down():  # copied as reached: callers may change the check
        if frame["step"] == "skill_check":
            return frame
    return None


def nearest_check_as_is(g: Game) -> Frame | None:
    """`nearest_check`, to read only (nothing copied): whether a card could matter at a
    window, whether there is a check."""
    for frame in g.frames_as_is():
        if frame["step"] == "skill_check":
            return frame
    return None


def reveal(g: Game, check: Frame) -> bool:
    """In a Daybreak game, at the end of the contributions: shuffle and divide the cards now
    (the total will not shuffle them again), and, unless Restore Order was played or it is a
    Mission's check (DB-10.6, DB-16.7), let the current player resolve their Skill Check
    abilities first. True when that step was pushed and the total must wait."""
    if not g.has("daybreak") or check.get("shuffled"):
        return False
    g.rng.shuffle(g.state["check_pool"])
    check["shuffled"] = True
    if check.get("no_abilities") or check["ctx"].get("mission"):
        return False
    if not any(has_ability(u) for u in g.state["check_pool"]):
        return False
    g.log(msg("bsg.check_abilities.revealed", title=check["title"],
              card=[said_card(u) for u in g.state["check_pool"]]), "check")
    g.push({"step": "check_abilities", "resolved": []})
    return True


def waiting(g: Game, frame: Frame) -> list[str]:
    """One card of each title with the icon still in the check and not yet resolved, in the
    order the check shows them."""
    found: dict[str, str] = {}
    for uid in g.state["check_pool"]:
        title = card_name(uid)
        if has_ability(uid) and title not in frame["resolved"]:
            found.setdefault(title, uid)
    return list(found.values())


def order_matters(g: Game, uids: list[str]) -> bool:
    """Public: with two titles or more waiting, the order changes something only if one of
    them can take cards out of the check now (the other could go before resolving)."""
    if len(uids) < 2:
        return False
    for uid in uids:
        names = op_names(catalog.card(uid)["ability"]["effects"]) & POOL_CHANGERS
        if "take_from_check" in names or ("remove_from_check_for_viper" in names and _vipers(g)):
            return True
        if "add_to_check_face_up" in names and not g.is_revealed(g.current) \
                and g.seat_as_is(g.current)["hand"]:
            return True
    return False


@step("check_abilities")
def _check_abilities(g: Game, frame: Frame) -> Prompt | None:
    # only read here (what resolves an ability reaches the check to change it)
    check = next((f for f in g.frames_as_is() if f["step"] == "skill_check"), None)
    left = waiting(g, frame) if check is not None and not check.get("no_abilities") else []
    if not left:
        g.pop(frame)
        return None
    if not order_matters(g, left):
        _resolve(g, frame, left[0])
        return None
    return ask(g.current, "check_ability", msg("bsg.check_abilities.which_first"),
               [option(msg("bsg.check_abilities.resolve", card=said_card(u),
                           text=said(catalog.card(u), "text")),
                       type="resolve", card=catalog.card(u)["id"]) for u in left],
               public=True)


@answer("check_abilities")
def _check_abilities_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    uid = next(u for u in waiting(g, frame) if catalog.card(u)["id"] == action["card"])
    _resolve(g, frame, uid)


def _resolve(g: Game, frame: Frame, uid: str) -> None:
    card = catalog.card(uid)
    frame["resolved"].append(card_name(uid))
    g.log(msg("bsg.check_abilities.resolves", seat=g.current, card=said_card(uid)), "check",
          card=card["id"])
    ctx: dict[str, Any] = {"self": g.current, "title": said(card), "check_card": uid}
    if card["skill_type"] == catalog.TREACHERY:
        ctx["against_humans"] = True  # DB-10.7: a revealed Cylon is never its target
    push_effects(g, card["ability"]["effects"], ctx)


# ---- the abilities ------------------------------------------------------------------------

@op("check_bonus")
def _check_bonus(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    """All Hands on Deck: counted now, so a card taken out later leaves the bonus as it is."""
    check = nearest_check(g)
    if check is None:
        return
    n = sum(1 for u in g.state["check_pool"] if catalog.strength(u) == p["per_strength"])
    check["modifiers"].append(modifier(ctx["title"], {"bonus": n}))
    g.log(msg("bsg.check_abilities.bonus", name=ctx["title"], n=n), "check")


@op("take_from_check")
def _take_from_check(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    seat = who_one(g, p["who"], ctx)
    if seat is not None and nearest_check_as_is(g) is not None:
        g.push({"step": "take_from_check", "seat": seat, "max": p["max_strength"],
                "except": p["except_name"], "title": ctx["title"]})


def _takeable(g: Game, frame: Frame) -> list[str]:
    return [u for u in distinct_cards(g.state["check_pool"])
            if catalog.strength(u) <= frame["max"] and card_name(u) != frame["except"]]


@step("take_from_check")
def _take_from_check_run(g: Game, frame: Frame) -> Prompt | None:
    cards = _takeable(g, frame)
    if not cards:
        g.pop(frame)
        return None
    options = [option(msg("bsg.check_abilities.take", card=said_card(u)), type="take",
                      card=catalog.card(u)["id"]) for u in cards]
    options.append(option(msg("bsg.check_abilities.take_none"), type="none"))
    return ask(frame["seat"], "take_from_check",
               msg("bsg.check_abilities.take_ask", name=frame["title"], n=frame["max"]),
               options)


@answer("take_from_check")
def _take_from_check_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    g.pop(frame)
    if action["type"] == "none":
        return
    uid = _out_of_check(g, action["card"])
    g.seat(frame["seat"])["hand"].append(uid)
    g.log(msg("bsg.check_abilities.taken", seat=frame["seat"], card=said_card(uid)), "check")


def _out_of_check(g: Game, card_id: str) -> str:
    pool = g.state["check_pool"]
    uid = next(u for u in pool if catalog.card(u)["id"] == card_id)
    pool.remove(uid)
    return uid


@op("remove_from_check_for_viper")
def _remove_for_viper(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    seat = who_one(g, p["who"], ctx)
    if seat is not None and nearest_check_as_is(g) is not None:
        g.push({"step": "dogfight", "seat": seat, "source": ctx.get("check_card"),
                "card": None, "title": ctx["title"]})


def _vipers(g: Game) -> list[tuple[str, int]]:
    """The vipers that may be damaged: ("reserves", 0) for the Reserves, then each in space."""
    found = [("reserves", 0)] if g.state["reserves"]["viper"] else []
    return found + [(a, i) for a in AREAS for i in range(len(g.state["space"][a]["vipers"]))]


def _viper_said(g: Game, area: str, index: int) -> Any:
    if area == "reserves":
        return msg("bsg.check_abilities.viper_reserves")
    pilot = g.state["space"][area]["vipers"][index]["pilot"]
    if pilot is None:
        return msg("bsg.check_abilities.viper_unmanned", area=area)
    return msg("bsg.check_abilities.viper_piloted", area=area, seat=pilot)


@step("dogfight")
def _dogfight(g: Game, frame: Frame) -> Prompt | None:
    vipers = _vipers(g)
    others = [u for u in g.state["check_pool"] if u != frame["source"]]
    if not vipers or not others:
        g.pop(frame)
        return None
    if frame["card"] is None:
        options = [option(msg("bsg.check_abilities.remove", card=said_card(u)), type="remove",
                          card=catalog.card(u)["id"]) for u in distinct_cards(others)]
        options.append(option(msg("bsg.check_abilities.remove_none"), type="none"))
        return ask(frame["seat"], "dogfight",
                   msg("bsg.check_abilities.remove_ask", name=frame["title"]), options)
    return ask(frame["seat"], "dogfight",
               msg("bsg.check_abilities.viper_ask", name=frame["title"]),
               [option(_viper_said(g, a, i), type="viper", area=a, index=i) for a, i in vipers],
               public=True)


@answer("dogfight")
def _dogfight_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    if action["type"] == "none":
        g.pop(frame)
        return
    if action["type"] == "remove":
        frame["card"] = action["card"]
        return
    g.pop(frame)
    if action["area"] == "reserves":
        g.state["reserves"]["viper"] -= 1
        g.state["damaged_vipers"] += 1
        g.log(msg("bsg.combat.reserves_damaged", n=1), "ships")
    else:
        hit_viper(g, action["area"], action["index"], "damaged")
    others = [u for u in g.state["check_pool"] if u != frame["source"]]
    uid = next(u for u in others if catalog.card(u)["id"] == frame["card"])
    g.state["check_pool"].remove(uid)
    g.discard_card(uid)
    g.log(msg("bsg.check_abilities.removed", card=said_card(uid)), "check")


@op("add_to_check_face_up")
def _add_to_check(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    """Force Their Hand: only a human player is asked (DB-13.6); with no card to add, the
    alternative happens at once."""
    seat = who_one(g, p["who"], ctx)
    if seat is None or g.is_revealed(seat) or nearest_check_as_is(g) is None:
        return
    if not g.seat(seat)["hand"]:
        push_effects(g, p["otherwise"], ctx)
        return
    g.push({"step": "add_to_check", "seat": seat, "otherwise": p["otherwise"],
            "ctx": dict(ctx)})


@step("add_to_check")
def _add_to_check_run(g: Game, frame: Frame) -> Prompt | None:
    hand = g.seat(frame["seat"])["hand"]
    options = [option(msg("bsg.check_abilities.add", card=said_card(u)), type="add",
                      card=catalog.card(u)["id"]) for u in distinct_cards(hand)]
    options.append(option(msg("bsg.check_abilities.add_none"), type="none"))
    return ask(frame["seat"], "add_to_check",
               msg("bsg.check_abilities.add_ask", name=frame["ctx"]["title"]), options)


@answer("add_to_check")
def _add_to_check_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    g.pop(frame)
    if action["type"] == "none":
        push_effects(g, frame["otherwise"], frame["ctx"])
        return
    uid = take_from_hand(g, frame["seat"], action["card"])
    g.state["check_pool"].append(uid)
    g.log(msg("bsg.skillcheck.adds_face_up", seat=frame["seat"], card=said_card(uid)),
          "check")


@op("on_check_margin")
def _on_check_margin(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    """A Second Chance: played before the cards, judged on the result."""
    check = nearest_check(g)
    if check is not None:
        check.setdefault("on_margin", []).append(
            {"margin": p["margin"], "effects": p["effects"], "ctx": dict(ctx)})
        g.log(msg("bsg.check_abilities.on_margin", name=ctx["title"], n=p["margin"]), "check")


@matters("on_check_margin")
def _margin_matters(g: Game, p: dict[str, Any]) -> bool:
    check = nearest_check_as_is(g)
    return g.has("daybreak") and check is not None and not check["ctx"].get("mission")


def printed_difficulty(check: Frame) -> int:
    return int(check["difficulty"] - sum(c["value"] for c in check["difficulty_changes"]))


@op("on_check_result")
def _on_check_result(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    """Install Upgrades: what it does waits for the result (skillcheck.py applies it)."""
    check = nearest_check(g)
    if check is not None:
        check.setdefault("on_result", []).append(
            {"pass": p["pass"], "fail": p["fail"], "ctx": dict(ctx)})


def push_on_result(g: Game, check: Frame, outcome: str) -> None:
    """The waiting effects of the check's abilities, after its own result (a partial result
    is not a pass)."""
    for entry in reversed(check.get("on_result") or []):
        push_effects(g, entry["pass"] if outcome == "pass" else entry["fail"], entry["ctx"])
    total = check["total"]
    for entry in reversed(check.get("on_margin") or []):
        if total is not None and total >= printed_difficulty(check) + entry["margin"]:
            push_effects(g, entry["effects"], entry["ctx"])


@op("no_check_abilities")
def _no_check_abilities(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    check = nearest_check(g)
    if check is not None:
        check["no_abilities"] = True
        g.log(msg("bsg.check_abilities.none_resolve", name=ctx["title"]), "check")


@matters("no_check_abilities")
def _no_abilities_matters(g: Game, p: dict[str, Any]) -> bool:
    """Only in a Daybreak game (the base game has no such abilities), once per check."""
    check = nearest_check_as_is(g)
    return g.has("daybreak") and check is not None and not check.get("no_abilities") \
        and not check["ctx"].get("mission")


@op("instead_of_pass")
def _instead_of_pass(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    check = nearest_check(g)
    if check is not None:
        check["instead_of_pass"] = {"effects": p["effects"], "ctx": dict(ctx)}
        g.log(msg("bsg.check_abilities.instead_of_pass", name=ctx["title"]), "check")


def passing_now(check: Frame) -> bool:
    return check["forced"] is None and check["total"] is not None \
        and check["total"] >= check["difficulty"]


@condition("check_passing")
def _check_passing(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> bool:
    check = nearest_check_as_is(g)
    return check is not None and passing_now(check)


@matters("instead_of_pass")
def _instead_matters(g: Game, p: dict[str, Any]) -> bool:
    """Change of Plans is played after a check passes: its total reaches the difficulty."""
    check = nearest_check_as_is(g)
    return g.has("daybreak") and check is not None and passing_now(check) \
        and "instead_of_pass" not in check


def pass_effects(check: Frame) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """The effects of a passed check and their context: Change of Plans' if it was played."""
    instead = check.get("instead_of_pass")
    if instead is None:
        return check["pass"], check["ctx"]
    return instead["effects"], instead["ctx"]
