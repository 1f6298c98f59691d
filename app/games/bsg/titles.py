"""Titles: President (with the secret Quorum hand) and Admiral (with the nukes), the lines of
succession, and playing Quorum cards."""

from __future__ import annotations

from typing import Any

from app.core import Prompt, msg
from app.games.bsg import catalog
from app.games.bsg.effects import automated, op
from app.games.bsg.flow import Frame, answer, ask, option, step
from app.games.bsg.game import Game
from app.games.bsg.succession import rank
from app.games.bsg.who import who, who_one
from app.games.bsg.words import said


def next_in_line(g: Game, title: str, excluding: int | None = None) -> int | None:
    """The highest-ranked character in play who can hold the title: not a revealed Cylon, and
    for the Admiral not in the Brig (unless everyone eligible is); never `excluding` (the
    Mutineer handing titles on, Daybreak DB-8.2)."""
    eligible = [s for s in g.seats_range()
                if g.seat_as_is(s)["character"] and not g.is_revealed(s) and s != excluding]
    if title == "admiral":
        free = [s for s in eligible if g.seat_as_is(s)["location"] != "brig"]
        eligible = free or eligible
    if not eligible:
        return None
    return min(eligible, key=lambda s: rank(g, g.seat_as_is(s)["character"], title))


def give_title(g: Game, title: str, seat: int | None) -> None:
    """A revealed Cylon, or a Cylon Leader even while Infiltrating (DB-9.11 (4)), takes no
    title: the choices that hand one never offer them, and this is the last word."""
    if seat is None or g.state[title] == seat or g.is_revealed(seat):
        return
    g.state[title] = seat
    g.log(msg("bsg.titles.now", seat=seat, title=title), "title", title=title, seat=seat)


def pass_title_on(g: Game, title: str) -> None:
    give_title(g, title, next_in_line(g, title))


@op("title_to_next_in_line")
def _title_to_next_in_line(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    title = p["title"]
    give_title(g, title, next_in_line(g, title, excluding=g.state[title]))


@op("give_title")
def _give_title(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    for seat in who(g, p["to"], ctx):
        give_title(g, p["title"], seat)


def draw_quorum(g: Game, count: int) -> None:
    president = g.state["president"]
    drawn = []
    for _ in range(count):
        uid = g.draw_from("quorum")
        if uid is not None:
            g.state["quorum_hand"].append(uid)
            drawn.append(uid)
    if drawn:
        g.log_private(president,
                      msg("bsg.titles.you_drew_quorum", n=len(drawn),
                          card=[catalog.card(u)["id"] for u in drawn]),
                      msg("bsg.titles.drew_quorum", seat=president, n=len(drawn)), "quorum")


@op("draw_quorum")
def _draw_quorum(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    if who(g, p["who"], ctx) and g.state["president"] is not None:
        draw_quorum(g, p["count"])


@op("discard_random_quorum")
def _discard_random_quorum(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    hand = g.state["quorum_hand"]
    for _ in range(min(p["count"], len(hand))):
        uid = hand.pop(g.rng.randbelow(len(hand)))
        g.discard_card(uid)
        g.log(msg("bsg.titles.quorum_discarded", seat=g.state["president"],
                  card=catalog.card(uid)["id"]), "quorum")


@op("nukes")
def _nukes(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    before = g.state["nukes"]
    g.state["nukes"] = max(0, before + p["change"])
    if g.state["nukes"] != before:
        g.log(msg("bsg.titles.nukes", n=g.state["nukes"]), "nukes")


def playable_quorum(g: Game) -> list[str]:
    """Quorum cards in the President's hand whose action the engine can resolve."""
    seen: dict[str, str] = {}
    for uid in dict.__getitem__(g.state, "quorum_hand"):  # only read
        ability = catalog.card(uid)["ability"]
        if ability["timing"] == "action" and automated(ability["effects"]) and \
                _has_target(g, ability["effects"]):
            seen.setdefault(catalog.card(uid)["id"], uid)
    return list(seen.values())


def _has_target(g: Game, effects: list[dict[str, Any]]) -> bool:
    """A card that starts by picking a character is playable only if someone can be picked
    (a Presidential Pardon with nobody in the Brig would be wasted)."""
    from app.games.bsg.choices import candidates

    ((name, params),) = effects[0].items()
    if name != "choose_character" or params.get("optional"):
        return True
    president = g.state["president"]
    return bool(candidates(g, params, {"self": president}, president))


def play_quorum(g: Game, card_id: str) -> None:
    president = g.state["president"]
    hand = g.state["quorum_hand"]
    uid = next(u for u in hand if catalog.card(u)["id"] == card_id)
    hand.remove(uid)
    definition = catalog.card(uid)
    g.log(msg("bsg.titles.plays_quorum", seat=president, card=definition["id"]), "quorum")
    resolve_card(g, uid, definition["ability"]["effects"],
                 {"self": president, "title": said(definition), "card": uid})


def resolve_card(g: Game, uid: str, effects: list[dict[str, Any]], ctx: dict[str, Any]) -> None:
    """The card lies face up while its effects resolve; then it is discarded unless an effect
    kept it in play or removed it from the game."""
    g.state["aside"].setdefault("resolving", []).append(uid)
    g.push({"step": "effects", "ops": effects, "i": 0, "ctx": dict(ctx)},
           {"step": "finish_card", "uid": uid})


@step("finish_card")
def _finish_card(g: Game, frame: Frame) -> Prompt | None:
    g.pop(frame)
    if g.take_aside("resolving", frame["uid"]):
        g.discard_card(frame["uid"])
    return None


@op("play_quorum")
def _play_quorum(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    seat = who_one(g, p["who"], ctx)
    if seat is not None and seat == g.state["president"] and playable_quorum(g):
        g.push({"step": "play_quorum"})


@step("play_quorum")
def _play_quorum_run(g: Game, frame: Frame) -> Prompt | None:
    cards = playable_quorum(g)
    if not cards:
        g.pop(frame)
        return None
    return ask(g.state["president"], "quorum", msg("bsg.titles.play_quorum"),
               [option(msg("bsg.titles.play", card=catalog.card(u)["id"]), type="quorum",
                       card=catalog.card(u)["id"]) for u in cards])


@answer("play_quorum")
def _play_quorum_answer(g: Game, frame: Frame, action: dict[str, Any]) -> None:
    g.pop(frame)
    play_quorum(g, action["card"])


@op("remove_from_game")
def _remove_from_game(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    uid = ctx.get("card")
    if g.take_aside("resolving", uid):
        g.state["removed"].append(uid)
        g.log(msg("bsg.titles.removed", card=catalog.card(uid)["id"]), "card")


@op("keep_in_play")
def _keep_in_play(g: Game, p: dict[str, Any], ctx: dict[str, Any]) -> None:
    uid = ctx.get("card")
    if not g.take_aside("resolving", uid):
        return
    holder = who_one(g, p["holder"], ctx) if p.get("holder") else ctx.get("self")
    g.state["in_play"].append({
        "uid": uid, "holder": holder, "until": list(p["until"]),
        "on_jump": p.get("on_jump") or ("discard" if "jump" in p["until"] else "stay"),
        "abilities": p.get("abilities") or [],
    })
    card = catalog.card(uid)["id"]
    g.log(msg("bsg.titles.stays", card=card) if holder is None
          else msg("bsg.titles.stays_before", card=card, seat=holder), "card")


def discard_kept(g: Game, entry: dict[str, Any]) -> None:
    g.state["in_play"].remove(entry)
    g.discard_card(entry["uid"])
    g.log(msg("bsg.titles.discarded", card=catalog.card(entry["uid"])["id"]), "card")
