"""What each seat may see. The only door out of the engine: it walks the zones and shows each
zone to whoever may see it (see the hidden-information table in the rules digest)."""

from __future__ import annotations

from collections.abc import Callable
from operator import is_
from typing import Any, TypeVar

import orjson

from app.core.memo import PartMemo, forget_oldest
from app.games.bsg import catalog, search_for_home
from app.games.bsg.checkcount import modifiers_counted, zero_types
from app.games.bsg.knowledge import notes_of
from app.games.bsg.overlays import board_locations
from app.games.bsg.space import damaged_locations_of

_FACES: dict[tuple[str, bool], dict[str, Any]] = {}
_PARTS = PartMemo(8192)
_SEAT_PARTS: dict[tuple[Any, ...], dict[str, Any]] = {}
"""The parts built from one seat (its public player part, its own part), by a key holding the
seat's serialized data as it is: the bytes are made once per seat and `views_of`, and their hash
once, for both parts and every view. `_PARTS` would serialize them again inside each part's
inputs (a copy and a hash of the seat's bytes per part)."""
_SEAT_PARTS_KEPT = 8192
T = TypeVar("T")


def card_face(uid: str, text: bool = True) -> dict[str, Any]:
    """A card as a seat may see it. `text=False` for the everything-views a replay carries at
    every step: the text is in the card reference, under the same id.

    Built once per card and shared by every view (never change one): views build faster, and
    two views' diff sees an unchanged card as the same object."""
    face = _FACES.get((uid, text))
    if face is None:
        face = _FACES[(uid, text)] = _face(uid, text)
    return face


def _face(uid: str, text: bool) -> dict[str, Any]:
    card = catalog.card(uid)
    face = {"id": card["id"], "name": card["name"]}
    if text:
        face["text"] = card.get("text", "")
    if "skill_type" in card:
        face.update(type=card["skill_type"], strength=card["strength"])
    if "distance" in card:
        face["distance"] = card["distance"]
    if "team" in card:
        face["team"] = card["team"]
    if "side" in card:  # a Motive's side (Daybreak)
        face["side"] = card["side"]
    return face


def _check(state: dict[str, Any], everything: bool) -> dict[str, Any] | None:
    for frame in reversed(state["flow"]):
        if frame["step"] == "skill_check":
            check = {
                # a message: the name of the card or ability whose check it is
                "title": frame["title"], "difficulty": frame["difficulty"],
                "skills": frame["skills"], "partial_at": frame["partial_at"],
                "stage": frame["stage"], "played": list(frame["played"]),
                "pool_size": len(state["check_pool"]), "face_up": frame["face_up"],
                "zero": zero_types(frame["modifiers"]), "total": frame["total"],
                "difficulty_changes": list(frame["difficulty_changes"]),
            }
            # shuffled: a Daybreak check's cards are revealed for their Skill Check abilities
            shown = frame["face_up"] or frame["total"] is not None or bool(frame.get("shuffled"))
            # Which powers change how the cards count is public as they are used; what each
            # changes tells about the pool, so only once the pool is shown.
            # none in most checks: the pool need not be counted to say so (every views_of of
            # a state in a check, a third of them)
            # (not `count`: the cards as they count before the modifiers are not shown)
            modifiers, _ = modifiers_counted(state["check_pool"], frame["skills"],
                                             frame["modifiers"]) if frame["modifiers"] else ([], 0)
            check["modifiers"] = [m if shown or everything else {"msg": m["msg"]}
                                  for m in modifiers]
            if shown:  # last: a patch adds a key at the end, so a patched body keeps its order
                check["cards"] = [card_face(u) for u in state["check_pool"]]
            return check
    return None


_CHARACTERS: dict[str, dict[str, Any] | None] = {}


def _character(cid: str | None) -> dict[str, Any] | None:
    """A character as every view shows it: built once and shared, like a card's face (a player's
    part rebuilt for another reason keeps the very object, which the diffs skip at a glance)."""
    if not cid:
        return None
    found = _CHARACTERS.get(cid)
    if found is None:
        character = catalog.CHARACTERS.get(cid)
        found = _CHARACTERS[cid] = None if character is None else {
            "id": character["id"], "name": character["name"], "type": character["type"]}
    return found


_NO_CARDS: list[dict[str, Any]] = []
"""No cards, the same (empty) list in every part that shows none: never change it."""


def _player(state: dict[str, Any], seat: int, everything: bool) -> dict[str, Any]:
    data = state["seats"][seat]
    out: dict[str, Any] = {
        "seat": seat,
        "name": state["players"][seat],
        "character": _character(data["character"]),
        "location": data["location"],
        "viper": data["viper"],
        "stranded": bool(data.get("stranded")),
        "hand_size": len(data["hand"]),
        "loyalty_count": len(data["loyalty"]),
        "shown_loyalty": [card_face(u) for u in data["shown_loyalty"]] if data["shown_loyalty"]
        else _NO_CARDS,
        "super_crisis_count": len(data["super_crises"]),
        "revealed": data["revealed"],
        "once_used": data["once_used"],
        "president": state["president"] == seat,
        "admiral": state["admiral"] == seat,
    }
    if "mutiny" in data:  # Daybreak: how many Mutiny cards is public (the Brig rule)
        out["mutiny_count"] = len(data["mutiny"])
    if "miracles" in data:  # Daybreak: Miracle tokens are public
        out["miracles"] = data["miracles"]
    if data.get("leader"):  # Daybreak's Cylon Leader: how many Motives, and the revealed ones
        out["leader"] = True
        out["infiltrating"] = bool(data["infiltrating"])
        out["motive_count"] = len(data["motives"])
        out["motives_revealed"] = [card_face(u) for u in data["motives_revealed"]]
    if everything:
        out["hand"] = [card_face(u, text=False) for u in data["hand"]]
        if "mutiny" in data:
            out["mutiny"] = [card_face(u, text=False) for u in data["mutiny"]]
        if data.get("leader"):
            out["motives"] = [card_face(u, text=False) for u in data["motives"]]
        out["loyalty"] = [card_face(u, text=False) for u in data["loyalty"]]
        out["super_crises"] = [card_face(u, text=False) for u in data["super_crises"]]
        out["revealed_turn"] = data.get("revealed_turn")  # absent from older saved states
        out["knowledge"] = notes_of(state, seat)
    return out


def _in_red(state: dict[str, Any]) -> dict[str, bool]:
    return {r: state["resources"][r] <= catalog.RED_AT[r] for r in catalog.RESOURCES}


def _discards(state: dict[str, Any]) -> dict[str, Any]:
    return {name: {"count": len(pile), "top": card_face(pile[-1]) if pile else None}
            for name, pile in state["discards"].items()}


def _space(state: dict[str, Any]) -> dict[str, Any]:
    return {
        area: {
            "raider": ships["raider"],
            "heavy_raider": ships["heavy_raider"],
            "basestars": [{"damage": sum(2 if t == "critical_hit" else 1 for t in b["damage"]),
                           "tokens": list(b["damage"])} for b in ships["basestars"]],
            "vipers": [{"pilot": v["pilot"], "assault": True} if v.get("assault")
                       else {"pilot": v["pilot"]} for v in ships["vipers"]],
            "civilians": len(ships["civilians"]),
        }
        for area, ships in state["space"].items()
    }


OWN_VIEW_KEYS = ("you",)
"""A seat's view is the public part (the spectator's view) followed by its own part under "you",
or, once the game is over, the public part itself (`Rules.own_view_keys`, app/core/protocol.py):
`views` keeps to it."""


def view(state: dict[str, Any], seat: int | None, everything: bool = False) -> dict[str, Any]:
    return views(state, [seat], everything)[0]


Before = tuple[dict[str, Any], dict[Any, dict[str, Any]]]
"""The state before an action and the views built of it, by seat (None: the spectator's)."""

_NO_PART = object()
_NOTHING: dict[str, Any] = dict.fromkeys(
    ("resources", "destinations", "decks", "discards", "in_play", "aside", "damage", "space",
     "reserves", "destroyed", "centurions", "removed", "in_red", "check", "flipped", "resolving"),
    _NO_PART)
"""No state before: every part of the state `_public` takes again from the view before is
something no state holds (read by subscript: cheaper than `get` for every view)."""


def _again(new: T, old: Any) -> T:
    """`old` (the view before's part) if `new` (the part just built) shows the same: the diff then
    skips it at a glance (`is`) instead of comparing it again. Equal is Python's, as the diff's
    inside containers (app/store/patch.py): views never turn a 1 into a true at one place."""
    return old if type(old) is type(new) and old == new else new  # type: ignore[no-any-return]


def _items_again(new: dict[str, Any], old: Any) -> dict[str, Any]:
    """`new` (a part just built) with the values of `old` (the view before's part) wherever they
    are equal, or `old` itself if all are: a part rebuilt because its source changed mostly shows
    what it showed (a seat's hand and cards when the seat changed elsewhere, a check's fixed
    fields, the space areas an action did not reach), and each value kept is one the diff skips
    at a glance instead of comparing it again. Equal as in `_again`."""
    if type(old) is not dict:
        return new
    if new == old and list(new) == list(old):  # in C: cheaper than the loop when nothing changed
        return old
    out = {}
    get = old.get
    for key, value in new.items():  # a loop: a comprehension binding `was` costs twice as much
        was = get(key)
        out[key] = was if was is value or (type(was) is type(value) and was == value) else value
    return out


def _same_items(new: dict[str, Any], old: dict[str, Any]) -> bool:
    """Whether `new` holds `old`'s very values under the same keys, in the same order."""
    return (len(new) == len(old) and all(map(is_, new.values(), old.values()))
            and list(new) == list(old))


def views(state: dict[str, Any], seats: list[int | None], everything: bool = False,
          before: Before | None = None) -> list[dict[str, Any]]:
    """The views of several seats at once: what they all see is built once and shared (the same
    objects in every view; never change a view).

    `before`: the state this one was made from and its views. A part of the view whose source
    in the state is the very object it was in that state is that view's part again, neither
    built nor serialized: an action reaches only a few parts of the state and the others stay
    the state before's objects (changing.py), which nobody changes once made."""
    everything = everything or state["result"] is not None
    if everything:
        public = _public(state, everything, state["seats"])
        return [public for _ in seats]
    choosing = _choosing(state)
    if before is None or before[0]["result"] is not None or None not in before[1]:
        # each seat serialized once for the two parts it is an input of (the public player
        # part and the seat's own)
        seated = [orjson.dumps(data) for data in state["seats"]]
        public = _public(state, everything, seated)
        return [public if seat is None else
                {**public, "you": _mine_part(state, seat, seated[seat], choosing == seat)}
                for seat in seats]
    was, old_views = before
    # a seat is serialized only if its public part is looked up by it, once (`_serialized`)
    unserialized: list[bytes | None] = [None] * len(state["seats"])
    old_public = old_views[None]
    public = _public(state, everything, unserialized, was, old_public)
    was_choosing = _choosing(was)
    # what a seat's own part shows besides its data (`_mine`): the Quorum hand to the
    # President, cards aside to the seat choosing; looked at once for every seat
    datas, was_datas = state["seats"], was["seats"]
    president, was_president = state["president"], was["president"]
    same_quorum = president == was_president and state["quorum_hand"] is was["quorum_hand"]
    same_aside = choosing == was_choosing and state["aside"] is was["aside"]
    out = []
    for seat in seats:
        if seat is None:
            out.append(public)
            continue
        old = old_views.get(seat)
        old_mine = None if old is None else old.get("you")
        # the part before if what it shows is the state before's very objects: the seat's
        # data, and the Quorum hand or the cards aside if the seat is (or was) shown them
        if (old_mine is not None and datas[seat] is was_datas[seat]
                and (same_quorum or seat != president and seat != was_president)
                and (same_aside or seat != choosing and seat != was_choosing)):
            mine = old_mine
        else:
            mine = _items_again(_mine(state, seat, None if old_mine is None else
                                      (was["seats"][seat], old_mine)), old_mine)
        if public is old_public and mine is old_mine:
            out.append(old)  # nothing changed for this seat: skipped whole by the diffs
            continue
        # a copy then one key: in C the copy takes the public part's table whole, where
        # `{**public, "you": mine}` costs a third more
        view = public.copy()
        view["you"] = mine
        out.append(view)
    return out


def _serialized(state: dict[str, Any], seated: list[Any], seat: int) -> bytes:
    """The seat's data serialized, once per `views` (`seated` holds what was made)."""
    data = seated[seat]
    if data is None:
        data = seated[seat] = orjson.dumps(state["seats"][seat])
    return data  # type: ignore[no-any-return]


def _seat_part(key: tuple[Any, ...], build: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    """`build()`, or the part built before under an equal key (`_SEAT_PARTS`)."""
    found = _SEAT_PARTS.get(key)
    if found is None:
        if len(_SEAT_PARTS) >= _SEAT_PARTS_KEPT:
            forget_oldest(_SEAT_PARTS, _SEAT_PARTS_KEPT)
        found = _SEAT_PARTS[key] = build()
    return found


def _mine_part(state: dict[str, Any], seat: int, seated: bytes, asked: bool) -> dict[str, Any]:
    """`seated`: the seat's data serialized; `asked`: whether the seat is the one choosing."""
    president = state["president"] == seat
    # what else the part shows: the Quorum hand to the President, cards aside to the seat
    # choosing among them (most seats are neither)
    shown = orjson.dumps((state["quorum_hand"] if president else None,
                          [state["aside"].get(name) for name in _CHOICES] if asked else None)
                         ) if president or asked else None
    return _seat_part(("mine", seated, seat, president, asked, shown),
                      lambda: _mine(state, seat))


def _public(state: dict[str, Any], everything: bool, seated: list[Any],
            was: dict[str, Any] = _NOTHING, old: dict[str, Any] = _NOTHING) -> dict[str, Any]:
    """`seated`: each seat's data, or a list to hold the same serialized (`_serialized`), as the
    inputs of the players' parts. `was` and `old`: the state before and its public view (see
    `views`); a part whose source is the same object in both is `old`'s."""
    # A finished game's views and a replay's steps are built once each: remembering their
    # parts would only fill the memory.
    part = _built if everything else _PARTS.part
    resources = state["resources"]
    same_resources = resources is was["resources"]
    aside = state["aside"]
    out: dict[str, Any] = {
        "turn": state["turn"],
        "current": state["current"],
        "first": state["first"],
        "resources": old["resources"] if same_resources else dict(resources),
        "in_red": old["in_red"] if same_resources else
        _again(part("in_red", resources, lambda: _in_red(state)), old["in_red"]),
        "jump_track": state["jump_track"],
        "distance": state["distance"],
        "destinations": old["destinations"] if state["destinations"] is was["destinations"]
        else [card_face(u) for u in state["destinations"]],
        "kobol_reached": state["kobol_reached"],
        "president": state["president"],
        "admiral": state["admiral"],
        "nukes": state["nukes"],
        "players": _players(state, everything, seated, was, old),
        "decks": old["decks"] if state["decks"] is was["decks"] else
        {name: len(deck) for name, deck in state["decks"].items()},
        "discards": old["discards"] if state["discards"] is was["discards"] else
        _discards_again(state, old["discards"], part),
        "quorum_hand_size": len(state["quorum_hand"]),
        "in_play": old["in_play"] if state["in_play"] is was["in_play"] else
        _again([{**card_face(e["uid"]), "holder": e["holder"]} for e in state["in_play"]],
               old["in_play"]),
        "resolving": old["resolving"] if aside is was["aside"] else
        _again([card_face(u) for u in aside.get("resolving", [])], old["resolving"]),
        "damaged_locations": old["damaged_locations"] if state["damage"] is was["damage"] else
        part("damaged", state["damage"], lambda: sorted(damaged_locations_of(state))),
        "space": old["space"] if state["space"] is was["space"] else
        _items_again(_space(state), old["space"]) if type(old["space"]) is dict else
        part("space", state["space"], lambda: _space(state)),
        "reserves": old["reserves"] if state["reserves"] is was["reserves"] else
        dict(state["reserves"]),
        "damaged_vipers": state["damaged_vipers"],
        "destroyed": old["destroyed"] if state["destroyed"] is was["destroyed"] else
        dict(state["destroyed"]),
        "centurions": old["centurions"] if state["centurions"] is was["centurions"] else
        _again(list(state["centurions"]), old["centurions"]),
        "check": _check_again(state, everything, old["check"]),
        # card ids: their words are in the catalog (bsg.card.<id>.name) in every language
        "removed": old["removed"] if state["removed"] is was["removed"] else
        part("removed", state["removed"],
             lambda: [catalog.card(u)["id"] for u in state["removed"]]),
    }
    if "miracle_supply" in state:  # Daybreak: after the nukes
        out = _inserted_after(out, "nukes", "miracle_supply", state["miracle_supply"])
    if "aside_assault_raptors" in state:  # Daybreak: those not yet gained (DB-11.1)
        out["aside_assault_raptors"] = state["aside_assault_raptors"]
    if "flipped" in state:  # Daybreak: the overlays' locations, and the sides turned so far
        # what the board shows depends on the Rebel Basestar too (in play or not, DB-15.13)
        flipped = state["flipped"]
        if (flipped is was["flipped"] and state["options"] is was.get("options")
                and state.get("rebel_basestar") is was.get("rebel_basestar")):
            out["locations"], out["flipped"] = old["locations"], old["flipped"]
        else:
            out["locations"] = part("locations", (state["options"], flipped,
                                                  state.get("rebel_basestar")),
                                    lambda: _locations(state))
            out["flipped"] = _again(list(flipped), old["flipped"])
    out.update(search_for_home.view_part(state, card_face))  # Search for Home games only
    if everything:
        out["quorum_hand"] = [card_face(u, text=False) for u in state["quorum_hand"]]
        out["boxed_loyalty"] = [card_face(u, text=False) for u in state["boxed"]]
        # card ids only, top card first: their words are in the catalog, and a replay carries
        # this for every step
        out["deck_contents"] = {name: [catalog.card(u)["id"] for u in reversed(deck)]
                                for name, deck in state["decks"].items()}
        out["aside"] = {name: [card_face(u) for u in cards]
                        for name, cards in state["aside"].items()}
        out["check_pool"] = [card_face(u) for u in state["check_pool"]]
        out["civilians"] = {area: [card_face(u) for u in ships["civilians"]]
                            for area, ships in state["space"].items()}
        out["resources_by_turn"] = [{"turn": point[0], **dict(zip(catalog.RESOURCES, point[1:],
                                                                   strict=True))}
                                    for point in state.get("resources_by_turn", [])]
    elif was is not _NOTHING and _same_items(out, old):
        return old  # nothing this view shows changed: the diffs skip it whole
    return out


def _inserted_after(part: dict[str, Any], after: str, key: str, value: Any) -> dict[str, Any]:
    """`part` with `key` set to `value` just after the key `after`: a key of some games only,
    put in its place afterwards so that the public part's literal holds no `**` (which builds
    it in pieces, for every game's every version)."""
    out = {}
    for name, held in part.items():
        out[name] = held
        if name == after:
            out[key] = value
    return out


def _check_again(state: dict[str, Any], everything: bool, old: Any) -> dict[str, Any] | None:
    """The check, with the fields of the view before's (`old`) that did not change."""
    check = _check(state, everything)
    return check if check is None else _items_again(check, old)


def _discards_again(state: dict[str, Any], old: Any,
                    part: Callable[[str, Any, Callable[[], Any]], Any]) -> dict[str, Any]:
    """The discard piles, each the view before's entry (`old`) where its size and top card did
    not change (an action reaches one pile or two, and copies them all)."""
    if type(old) is not dict:
        return part("discards", state["discards"], lambda: _discards(state))  # type: ignore[no-any-return]
    get = old.get
    out = {name: _pile_again(pile, get(name)) for name, pile in state["discards"].items()}
    return old if _same_items(out, old) else out


def _pile_again(pile: list[str], old: dict[str, Any] | None) -> dict[str, Any]:
    top = card_face(pile[-1]) if pile else None
    if old is not None and old["top"] is top and old["count"] == len(pile):
        return old
    return {"count": len(pile), "top": top}


def _players(state: dict[str, Any], everything: bool, seated: list[Any], was: dict[str, Any],
             old: dict[str, Any]) -> list[dict[str, Any]]:
    """The players' public parts; those whose seat is the very object it was in the state before
    (`was`), with the same President and Admiral, are the parts of the view before (`old`)."""
    datas = state["seats"]
    if everything:
        return [_player(state, s, everything) for s in range(len(datas))]
    kept, was_datas = None, datas
    if (was is not _NOTHING and state["players"] is was["players"]
            and state["president"] == was["president"] and state["admiral"] == was["admiral"]):
        kept = old["players"]
        if datas is was["seats"]:
            return kept  # type: ignore[no-any-return]
        was_datas = was["seats"]
    if kept is not None:  # each changed seat's part built, with the part before if it is equal
        players = [kept[s] if data is was_datas[s] else
                   _again(_player(state, s, everything), kept[s])
                   for s, data in enumerate(datas)]
        return kept if all(map(is_, players, kept)) else players  # type: ignore[return-value]
    players = [_seat_part(("player", seated[s] or _serialized(state, seated, s),
                           state["players"][s],
                           state["president"] == s, state["admiral"] == s),
                          lambda s=s: _player(state, s, everything))
               for s in range(len(datas))]
    return players


def _locations(state: dict[str, Any]) -> dict[str, list[str]]:
    """The locations on the board now, by the ship (or the Cylon side) they are on, in data
    order: an overlay's locations in place of the ones they cover."""
    by_ship: dict[str, list[str]] = {}
    for lid in board_locations(state):
        by_ship.setdefault(catalog.LOCATIONS[lid]["ship"], []).append(lid)
    return by_ship


def _built(kind: str, inputs: Any, build: Callable[[], T]) -> T:
    return build()


def _mine(state: dict[str, Any], seat: int,
          before: tuple[dict[str, Any], dict[str, Any]] | None = None) -> dict[str, Any]:
    """`before`: the seat's data in the state before and its part then, whose lists are taken
    again where their cards are the same (a seat changed in one list, or elsewhere)."""
    data = state["seats"][seat]
    was, old = before if before is not None else (_NOTHING, _NOTHING)
    mine: dict[str, Any] = {
        "seat": seat,
        "hand": _faces_again(data["hand"], was.get("hand"), old.get("hand")),
        "loyalty": _faces_again(data["loyalty"], was.get("loyalty"), old.get("loyalty")),
        "super_crises": _faces_again(data["super_crises"], was.get("super_crises"),
                                     old.get("super_crises")),
        # the very list most often (a seat's data is copied with its lists when one of them
        # changes), which `==` alone would compare item by item
        "knowledge": old["knowledge"] if before is not None and (
            (known := data.get("knowledge")) is (known_was := was.get("knowledge"))
            or known == known_was) else notes_of(state, seat),
    }
    if "mutiny" in data:
        mine["mutiny"] = _faces_again(data["mutiny"], was.get("mutiny"), old.get("mutiny"))
    if data.get("leader"):  # a Cylon Leader's hidden Motives
        mine["motives"] = _faces_again(data["motives"], was.get("motives"), old.get("motives"))
    if state["president"] == seat:
        mine["quorum_hand"] = [card_face(u) for u in state["quorum_hand"]]
    aside = state["aside"]
    if aside and _choosing(state) == seat:  # most states hold no cards aside
        for name in _CHOICES:
            if name in aside:
                mine[name] = [card_face(u) for u in aside[name]]
    return mine


def _faces_again(cards: list[str], was: list[str] | None, old: list[dict[str, Any]] | None
                 ) -> list[dict[str, Any]]:
    """The cards' faces: `old` (their faces before) if the cards are those it showed (`was`)."""
    if old is not None and (cards is was or cards == was):  # `is`: see "knowledge" in `_mine`
        return old
    return [card_face(u) for u in cards]


# cards drawn aside for the asked seat to choose from (the last two: Daybreak's Abuse Power
# and Popular Influence)
_CHOICES = ("destination_choice", "crisis_choice", "quorum_choice", "damage_choice",
            "mutiny_look", "quorum_share")


def _choosing(state: dict[str, Any]) -> int | None:
    """Cards drawn aside to choose from are seen by the seat choosing: the one asked now (a
    choice among cards aside is never one of several seats' decisions at once)."""
    asks = state["asks"]
    return asks[0]["seat"] if len(asks) == 1 else None
