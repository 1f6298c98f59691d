"""Skill checks, the heart of the game.

Two Destiny cards go face down into the pool; then each player from the left of the current
player, ending with the current player, adds any number of cards face down (one prompt per
card). The pool is shuffled before anything is revealed, so nobody learns who played what;
cards of the check's skills add their strength, every other type subtracts it.
"""

from __future__ import annotations

from typing import Any

from app.core import Msg, Option, Prompt, msg
from app.core.protocol import Fact
from app.games.bsg import catalog, check_abilities
from app.games.bsg.abilities import character_abilities, offer
from app.games.bsg.checkcount import count, modifier, said_modifier
from app.games.bsg.choices import about_card, card_of
from app.games.bsg.effects import op, push_effects
from app.games.bsg.facts import fact, with_card
from app.games.bsg.flow import Frame, answer, ask, option, step
from app.games.bsg.game import Game
from app.games.bsg.in_words import made_once, option_once, plain_once
from app.games.bsg.skills import distinct_cards, draw_destiny, said_card, take_from_hand
from app.games.bsg.statics import check_card_limit, first_card_face_up
from app.games.bsg.titles import discard_kept
from app.games.bsg.who import who_one
from app.games.bsg.windows import effect_of, matters, play_when, push_window
from app.games.bsg.words import said


def push_check(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    n = len(dict.__getitem__(g.state, "seats"))  # a count: the seats need no copy
    card = ctx.get("card")
    g.push({
        "step": "skill_check",
        "title": ctx.get("title") or msg("bsg.skillcheck.skill_check"),
        "difficulty": p["difficulty"],
        "skills": list(p["skills"]),
        "partial_at": p.get("partial_at"),
        "pass": p.get("pass") or [],
        "partial": p.get("partial") or [],
        "fail": p.get("fail") or [],
        "ctx": dict(ctx),
        "stage": "window",
        "window": None,
        "order": g.clockwise_from((g.current + 1) % n),
        "i": 0,
        "played": [0] * n,
        # powers that change how the cards count (checkcount.py), in the order they came
        "modifiers": list(ctx.get("check_modifiers") or []),
        # what changed the difficulty: [{"msg": the power's name, "value": the change}]
        "difficulty_changes": [],
        "face_up": False,
        "forced": None,
        "total": None,
        # Super Crisis checks are immune to character abilities (rulebook errata)
        "immune": card is not None and catalog.deck_of(card) == "super_crisis",
        "crisis": card is not None and catalog.deck_of(card) == "crisis",
    })


@op("skill_check")
def _skill_check(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    push_check(g, p, ctx)


def skills_said(skills: list[str]) -> Msg | str:
    """The skills of a check joined with " + " (Politics + Leadership): one skill is its id, more
    a message of the first and the rest."""
    said_skills: Msg | str = skills[-1]
    for skill in reversed(skills[:-1]):
        said_skills = msg("bsg.skillcheck.plus", skill=skill, skill_2=said_skills)
    return said_skills


def describe_check(frame: Frame) -> Msg:
    """Mandatory Testing (13, partial 9; Politics + Leadership)."""
    return msg("bsg.skillcheck.check", title=frame["title"], difficulty=frame["difficulty"],
               partial=frame["partial_at"] or 0, skill=skills_said(frame["skills"]))


def check_facts(g: Game, frame: Frame) -> list[Fact]:
    """What is known of a check while cards go into it: its difficulty and what changed it,
    the skills that count plus, the pool so far (face down, only how many and from whom; the
    cards themselves when they go in face up), and the powers that will change how they count
    (their names: what each changes tells about the pool)."""
    pool = dict.__getitem__(g.state, "check_pool")  # only read: not copied under an action
    added = sum(frame["played"])
    found = [fact(_check_said(frame["difficulty"], frame["partial_at"] or 0,
                              tuple(frame["skills"])),
                  check={"difficulty": frame["difficulty"], "partial_at": frame["partial_at"],
                         "skills": list(frame["skills"]), "pool": len(pool),
                         "destiny": len(pool) - added, "played": list(frame["played"]),
                         "face_up": frame["face_up"]})]
    found += [fact(msg("bsg.facts.difficulty_change", reason=c["msg"], n=c["value"]))
              for c in frame["difficulty_changes"]]
    if frame["face_up"]:
        found.append(fact(msg("bsg.facts.check_face_up", n=len(pool),
                              card=[said_card(u) for u in pool])))
    else:
        found.append(fact(made_once(("bsg.facts.check_pool", len(pool), len(pool) - added),
                                    _pool_said, len(pool), len(pool) - added)))
        if frame.get("shown"):  # added face up by Logic-Bound
            found.append(fact(msg("bsg.leader_sheets.shown_in_check",
                                  card=[said_card(u) for u in frame["shown"]])))
    found += [fact(msg("bsg.facts.check_added", seat=s, n=frame["played"][s]))
              for s in frame["order"][:frame["i"]]]
    # each modifier's power and what it does (`modifiers_counted` says them so, in order: what
    # each adds is not told, so the pool is not counted)
    found += [fact(msg("bsg.facts.check_modifier", reason=said_modifier(m)))
              for m in frame["modifiers"]]
    return found


def _pool_said(n: int, destiny: int) -> Msg:
    return msg("bsg.facts.check_pool", n=n, destiny=destiny)


def _check_said(difficulty: int, partial: int, skills: tuple[str, ...]) -> Msg:
    """"Difficulty 10 (partial 6): Politics + Leadership", a check's first fact, made once for
    each (in_words.made_once: its words are found by the message's identity)."""
    return made_once(("bsg.facts.check", difficulty, partial, skills), _check_made,
                     difficulty, partial, skills)


def _check_made(difficulty: int, partial: int, skills: tuple[str, ...]) -> Msg:
    return msg("bsg.facts.check", difficulty=difficulty, partial=partial,
               skill=skills_said(list(skills)))


def _characters(g: Game, frame: Frame, timing: str) -> None:
    if not frame["immune"]:
        offer(g, timing, g.clockwise_from(g.current))


def _adding(uid: str) -> Msg:
    """"Add <card>": made once per card (in_words.made_once)."""
    return made_once(("bsg.skillcheck.add", uid),
                     lambda: msg("bsg.skillcheck.add", card=said_card(uid)))


def _add_option(uid: str) -> Option:
    """"Add <card>" with the card: made once per card (in_words.option_once; kept here by
    card id too: asked for every distinct card of every contribution)."""
    found = _ADDING.get(uid)
    if found is None:
        found = _ADDING[uid] = option_once(
            ("bsg.skillcheck.add", uid),
            lambda: with_card(option(_adding(uid), type="add", card=catalog.card(uid)["id"])))
    return found


_ADDING: dict[str, Option] = {}


def _done_option(may_add: bool) -> Option:
    """Adding no (more) cards: made once (in_words.option_once)."""
    key = "bsg.skillcheck.add_no_more" if may_add else "bsg.skillcheck.add_none"
    return option_once(key, _done_made, key)


def _done_made(key: str) -> Option:
    return option(plain_once(key), type="done")


@step("skill_check")
def _skill_check_run(g: Game, frame: Frame) -> Prompt | None:
    stage = frame["stage"]
    if stage == "window":
        return _location_window(g, frame)
    if stage == "destiny":
        frame["stage"] = "before_cards"
        if frame["crisis"]:
            _characters(g, frame, "before_crisis_check")
        return None
    if frame["forced"] is not None and stage in ("before_cards", "contribute", "after_cards"):
        frame["stage"] = "result"
        return None
    if stage == "before_cards":
        frame["stage"] = "contribute"
        for _ in range(2):
            uid = draw_destiny(g)
            if uid is not None:
                g.state["check_pool"].append(uid)
        g.log(msg("bsg.skillcheck.started", check=describe_check(frame)), "check")
        depth = len(g.flow())
        push_window(g, "before_check_cards",
                    msg("bsg.skillcheck.starts", check=describe_check(frame)))
        if len(g.flow()) > depth:  # the window asks with what is known of the check
            g.top().update(facts=check_facts(g, frame), cards=card_of(frame["ctx"]))
        return None
    if stage == "contribute":
        while frame["i"] < len(frame["order"]):
            seat = frame["order"][frame["i"]]
            limit = check_card_limit(g, seat)
            hand = g.seat_as_is(seat)["hand"]  # only read: the seats need no copy to ask
            may_add = bool(hand) and (limit is None or frame["played"][seat] < limit)
            if not may_add and not _asked_for_motives(g, frame, seat):
                frame["i"] += 1
                continue
            options = [_add_option(u) for u in distinct_cards(hand)] if may_add else []
            options.append(_done_option(may_add))
            if g.seat_as_is(seat).get("leader"):  # DB-9.6: a Motive may be revealed in a check
                from app.games.bsg.motives import reveal_options

                options += reveal_options(g, seat)
            asked = ask(seat, "skill_check",
                        msg("bsg.skillcheck.contribute", check=describe_check(frame),
                            face_up=frame["face_up"] or _shown_next(g, frame, seat),
                            n=frame["played"][seat]), options)
            asked["facts"] = check_facts(g, frame)
            return about_card(asked, frame["ctx"])
        frame["stage"] = "after_cards"
        _characters(g, frame, "after_check_cards")
        return None
    if stage == "after_cards":
        if check_abilities.reveal(g, frame):
            return None
        frame["stage"] = "total"
        _total(g, frame)
        push_window(g, "after_check_total",
                    msg("bsg.skillcheck.total_is", title=frame["title"], total=frame["total"]))
        return None
    if stage in ("total", "result"):
        _result(g, frame)
        return None
    return None


def _asked_for_motives(g: Game, frame: Frame, seat: int) -> bool:
    """DB-9.6: a Leader may reveal a Motive during a skill check, so a Leader holding an
    unrevealed one is asked once in each check even when they may add no card (an empty hand,
    Vanity, a limit already reached before being asked): whether they are asked follows from
    public facts alone (hand size, Motives held, the limits)."""
    data = g.seat_as_is(seat)
    return bool(data.get("leader") and data["motives"]) \
        and frame["played"][seat] == 0


@answer("skill_check")
def _skill_check_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    if frame["stage"] == "window":
        _window_answer(g, frame, action)
        return
    seat = frame["order"][frame["i"]]
    if action["type"] == "motive":
        from app.games.bsg.motives import reveal

        reveal(g, seat, action["uid"])
        return
    if action["type"] == "done":
        g.log(msg("bsg.skillcheck.added", seat=seat, n=frame["played"][seat]), "check")
        frame["i"] += 1
        return
    uid = take_from_hand(g, seat, action["card"])
    shown = _shown_next(g, frame, seat)
    g.state["check_pool"].append(uid)
    frame["played"][seat] += 1
    if shown and not frame["face_up"]:
        frame.setdefault("shown", []).append(uid)
    if frame["face_up"] or shown:
        g.log(msg("bsg.skillcheck.adds_face_up", seat=seat, card=said_card(uid)), "check")


def _shown_next(g: Game, frame: Frame, seat: int) -> bool:
    """Simon O'Neill's Logic-Bound: the first card he adds to a check goes in face up."""
    return frame["played"][seat] == 0 and first_card_face_up(g, seat)


def _counted(g: Game, frame: Frame) -> tuple[list[dict[str, Any]], list[dict[str, Any]], int]:
    return count(g.state["check_pool"], frame["skills"], frame["modifiers"])


def _total(g: Game, frame: Frame) -> None:
    """Shuffle the pool, then reveal it: nobody can tell who added which card. (In a
    Daybreak game it was shuffled before its Skill Check abilities: check_abilities.py.)"""
    if not frame.get("shuffled"):
        g.rng.shuffle(g.state["check_pool"])
    cards, modifiers, frame["total"] = _counted(g, frame)
    shown = [msg("bsg.skillcheck.card_strength", skill=c["type"], positive=c["positive"],
                 strength=c["strength"]) for c in cards]
    shown += [msg("bsg.skillcheck.modifier_value", modifier=m["msg"], value=m["value"])
              for m in modifiers]
    g.log(msg("bsg.skillcheck.cards", title=frame["title"],
              card=shown or msg("bsg.skillcheck.no_cards"), total=frame["total"]),
          "check_cards", cards=cards, modifiers=modifiers, total=frame["total"])


def _result(g: Game, frame: Frame) -> None:
    total = frame["total"]
    if frame["forced"] is not None:
        outcome = frame["forced"]
    elif total >= frame["difficulty"]:
        outcome = "pass"
    elif frame["partial_at"] is not None and total >= frame["partial_at"]:
        outcome = "partial"
    else:
        outcome = "fail"
    cards, modifiers, _ = _counted(g, frame)
    if frame["forced"] is not None:
        said_result = msg("bsg.skillcheck.decided", title=frame["title"], outcome=outcome)
    else:
        said_result = msg("bsg.skillcheck.result", title=frame["title"], total=total,
                          difficulty=frame["difficulty"], outcome=outcome)
    g.log(said_result, "check_result", cards=cards, modifiers=modifiers, total=total,
          difficulty=frame["difficulty"], difficulty_changes=list(frame["difficulty_changes"]),
          outcome=outcome)
    used = list(g.state["check_pool"])
    g.state["check_pool"].clear()
    if used:
        g.state["aside"]["used_check"] = used
    g.pop(frame)
    g.push({"step": "check_cleanup", "immune": frame["immune"]})
    check_abilities.push_on_result(g, frame, outcome)
    if outcome == "pass":
        push_effects(g, *check_abilities.pass_effects(frame))
    else:
        push_effects(g, frame[outcome], frame["ctx"])


@step("check_cleanup")
def _check_cleanup(g: Game, frame: Frame) -> Prompt | None:
    """After the result: Adama may take the cards; otherwise they go to their discards."""
    if not frame.get("offered"):
        frame["offered"] = True
        if not frame["immune"] and g.state["aside"].get("used_check"):
            offer(g, "after_check_resolved", g.clockwise_from(g.current))
            return None
    g.pop(frame)
    for uid in g.state["aside"].pop("used_check", []):
        g.discard_card(uid)
    return None


def _nearest_check(g: Game) -> Frame | None:
    """The nearest skill check, to change (copied as reached)."""
    for frame in g.frames_down():
        if frame["step"] == "skill_check":
            return frame
    return None


def _nearest_check_as_is(g: Game) -> Frame | None:
    """The nearest skill check, to read only (nothing copied): what a card could change at a
    window (asked for each card of the moment, at every window over a check) and whether
    there is a check."""
    for frame in g.frames_as_is():
        if frame["step"] == "skill_check":
            return frame
    return None


@op("cards_face_up")
def _cards_face_up(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    frame = _nearest_check(g)
    if frame is not None:
        frame["face_up"] = True
        # only read, as it stands: not copied under an action
        shown = [said_card(u) for u in dict.__getitem__(g.state, "check_pool")]
        g.log(msg("bsg.skillcheck.face_up", card=shown), "check")


@op("count_positive")
def _count_positive(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    """In a running check (Scientific Research); Adama's draw-time use is read from the
    crisis's context instead (see `crisis_modifiers`)."""
    frame = _nearest_check(g)
    if frame is not None:
        frame["modifiers"].append(modifier(ctx["title"], {"positive": dict(p)}))


def crisis_modifiers(ability: dict[str, Any]) -> list[dict[str, Any]]:
    """The modifiers a character's ability puts on the check of the Crisis card just drawn."""
    return [modifier(said(ability), {"positive": dict(effect["count_positive"])})
            for effect in ability["effects"] if "count_positive" in effect]


@op("modify_difficulty")
def _modify_difficulty(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    frame = _nearest_check(g)
    if frame is not None:
        _change_difficulty(frame, ctx["title"], p["amount"])
        g.log(msg("bsg.skillcheck.difficulty", difficulty=frame["difficulty"]), "check")


def _change_difficulty(frame: Frame, name: Msg, amount: int) -> None:
    """A power changes the difficulty (never below 0): its name and the change it made are
    kept, so that the printed difficulty and the changes add up to the difficulty."""
    difficulty = max(0, frame["difficulty"] + amount)
    frame["difficulty_changes"].append({"msg": name, "value": difficulty - frame["difficulty"]})
    frame["difficulty"] = difficulty


@op("set_check_result")
def _set_check_result(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    seat = who_one(g, p["who"], ctx)
    if seat is not None and _nearest_check_as_is(g) is not None:
        g.push({"step": "decide_check", "seat": seat})


@step("decide_check")
def _decide_check(g: Game, frame: Frame) -> Prompt | None:
    return ask(frame["seat"], "decide_check", msg("bsg.skillcheck.decide"),
               [option(msg("bsg.skillcheck.it_passes"), type="result", outcome="pass"),
                option(msg("bsg.skillcheck.it_fails"), type="result", outcome="fail")])


@answer("decide_check")
def _decide_check_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    g.pop(frame)
    check = _nearest_check(g)
    if check is not None:
        check["forced"] = action["outcome"]
        g.log(msg("bsg.skillcheck.decides", seat=frame["seat"], outcome=action["outcome"]),
              "check")


@op("zero_strength_type")
def _zero_strength_type(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    seat = who_one(g, p["who"], ctx)
    if seat is not None and _nearest_check_as_is(g) is not None:
        g.push({"step": "name_type", "seat": seat, "name": ctx["title"]})


@step("name_type")
def _name_type(g: Game, frame: Frame) -> Prompt | None:
    return ask(frame["seat"], "name_type", msg("bsg.skillcheck.name_type"),
               [option(msg("bsg.skillcheck.skill", skill=t), type="type", skill=t)
                for t in catalog.SKILL_TYPES])


@answer("name_type")
def _name_type_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    g.pop(frame)
    check = _nearest_check(g)
    if check is not None:
        check["modifiers"].append(modifier(frame["name"], {"zero": action["skill"]}))
        g.log(msg("bsg.skillcheck.named_type", seat=frame["seat"], skill=action["skill"]),
              "check")


@op("take_check_cards")
def _take_check_cards(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    seat = who_one(g, p["who"], ctx)
    cards = g.state["aside"].pop("used_check", [])
    if seat is None:
        g.state["aside"]["used_check"] = cards
        return
    g.seat(seat)["hand"].extend(cards)
    g.log(msg("bsg.skillcheck.takes_cards", seat=seat, n=len(cards)), "check")


# ---- the window when a location's check starts: kept cards and characters that change it --

def _applies(ability: dict[str, Any], frame: Frame, g: Game, owner: int | None) -> bool:
    if ability.get("timing") != "location_check":
        return False
    when = ability.get("when") or {}
    ctx = frame["ctx"]
    if ctx.get("location") not in (when.get("locations") or []):
        return False
    target = when.get("target", "any")
    if target == "president":
        return ctx.get("chosen") is not None and ctx.get("chosen") == g.state["president"]
    if target == "self":
        return ctx.get("chosen") is not None and ctx.get("chosen") == owner
    return True


def _window_items(g: Game, frame: Frame) -> list[dict[str, Any]]:
    """Everything that may change this location's check: kept cards, then characters."""
    items = [{"card": e["uid"]} for e in dict.__getitem__(g.state, "in_play")
             if any(_applies(a, frame, g, e["holder"]) for a in e["abilities"])]
    for seat, key, ability in character_abilities(g, "location_check", g.clockwise_from(
            g.current)):
        if _applies(ability, frame, g, seat):
            items.append({"seat": seat, "key": key})
    return items


def _item(g: Game, frame: Frame, item: dict[str, Any]):  # type: ignore[no-untyped-def]
    """(owner, name, ability) of a window item, or None if it is gone."""
    if "card" in item:
        entry = next((e for e in g.state["in_play"] if e["uid"] == item["card"]), None)
        if entry is None:
            return None
        ability = next(a for a in entry["abilities"] if _applies(a, frame, g, entry["holder"]))
        owner = entry["holder"] if entry["holder"] is not None else g.current
        return owner, said(catalog.card(item["card"])), ability
    ability = g.character(item["seat"])[item["key"]]
    return item["seat"], said(ability), ability


def _location_window(g: Game, frame: Frame) -> Prompt | None:
    if frame["window"] is None:
        frame["window"] = _window_items(g, frame)
    while frame["window"]:
        found = _item(g, frame, frame["window"][0])
        if found is None:
            frame["window"].pop(0)
            continue
        owner, name, ability = found
        ((_, params),) = ability["effects"][0].items()
        amount = params["amount"]
        if not ability.get("optional") and not params.get("either_sign"):
            _use(g, frame, frame["window"].pop(0), amount)
            continue
        deltas = [abs(amount), -abs(amount)] if params.get("either_sign") else [amount]
        options = [option(msg("bsg.skillcheck.use", name=name, delta=delta), type="use",
                          delta=delta) for delta in deltas]
        options.append(option(msg("bsg.skillcheck.keep", name=name), type="keep"))
        return ask(owner, "card_window",
                   msg("bsg.skillcheck.use_ask", check=describe_check(frame), name=name), options)
    frame["stage"] = "destiny"
    return None


def _window_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    item = frame["window"].pop(0)
    if action["type"] == "keep":
        return
    _use(g, frame, item, action["delta"])


def _use(g: Game, frame: Frame, item: dict[str, Any], amount: int) -> None:
    if "card" in item:
        entry = next(e for e in g.state["in_play"] if e["uid"] == item["card"])
        name = msg("bsg.skillcheck.kept_card", card=catalog.card(item["card"])["id"])
        if "used" in entry["until"]:
            discard_kept(g, entry)
    else:
        from app.games.bsg.abilities import mark_used

        ability = g.character(item["seat"])[item["key"]]
        mark_used(g, item["seat"], item["key"], ability)
        name = msg("bsg.skillcheck.owned_ability", seat=item["seat"], ability=said(ability))
    _change_difficulty(frame, name, amount)
    g.log(msg("bsg.skillcheck.changed", name=name, difficulty=frame["difficulty"]), "check")


# ---- what the window cards could change (windows.py opens a window only then) -------------

def _outcome(frame: Frame, difficulty: int) -> str:
    total = frame["total"]
    if total >= difficulty:
        return "pass"
    if frame["partial_at"] is not None and total >= frame["partial_at"]:
        return "partial"
    return "fail"


def difficulty_changes_result(frame: Frame, amount: int) -> bool:
    """After the total: whether changing the difficulty by `amount` changes the result."""
    if frame["forced"] is not None or frame["total"] is None:
        return False
    return _outcome(frame, frame["difficulty"]) != _outcome(
        frame, max(0, frame["difficulty"] + amount))


def mission_check(frame: Frame) -> bool:
    """A Search for Home Mission's check: Investigative Committee, Restore Order and Declare
    Emergency have no effect on it (DB-15.9), so no window offers them."""
    return bool(frame["ctx"].get("mission"))


@matters("modify_difficulty")
def _difficulty_matters(g: Game, p: dict[str, Any]) -> bool:
    frame = _nearest_check_as_is(g)
    return frame is not None and not mission_check(frame) \
        and difficulty_changes_result(frame, p["amount"])


@matters("cards_face_up")
def _face_up_matters(g: Game, p: dict[str, Any]) -> bool:
    frame = _nearest_check_as_is(g)
    return frame is not None and not frame["face_up"] and not mission_check(frame)


@matters("count_positive")
def _positive_matters(g: Game, p: dict[str, Any]) -> bool:
    """Some of the types it turns positive do not count positive in this check yet."""
    frame = _nearest_check_as_is(g)
    if frame is None:
        return False
    already = set(frame["skills"])
    for mod in frame["modifiers"]:
        rule = mod.get("positive") or {}
        if not rule.get("strength"):
            already |= set(rule.get("types") or [])
    return bool(set(p.get("types") or []) - already)


@play_when("declare_emergency", "makes_check_pass", "after_check_total",
           "bsg.standing.declare_emergency.makes_check_pass")
def _makes_check_pass(g: Game, seat: int) -> bool:
    frame = _nearest_check_as_is(g)
    amount = effect_of("declare_emergency", "modify_difficulty")["amount"]
    if frame is None or frame["forced"] is not None or frame["total"] is None \
            or mission_check(frame):
        return False
    return (_outcome(frame, frame["difficulty"]) != "pass"
            and _outcome(frame, max(0, frame["difficulty"] + amount)) == "pass")
