"""Star Realms' own computer players: `greedy` (issue 15's yardstick) and `smart`.

Both answer from their seat's view and prompts alone (app/bots/bot.py) and keep nothing between
moves: each answer is worked out afresh from what the view shows. They read the cards' public
facts (cards/colony_wars.yaml) to value them. Neither uses its generator: the same view and
prompts give the same answer, so a game with them replays. A prompt kind they do not know gets a
sensible default among its options (`default`), so new formats do not stall them.
"""

from __future__ import annotations

import random
from typing import Any

from app.bots.bot import Bot
from app.core import Prompt
from app.games.star_realms.carddata import CARDS, card_id

Action = dict[str, Any]
Options = list[dict[str, Any]]

STARTING = ("scout", "viper")  # the cards worth scrapping whenever a card lets us (SR-5)


# --- what both read from a view --------------------------------------------------------------

def _me(view: dict[str, Any]) -> int:
    return view["you"]["seat"]


def _player(view: dict[str, Any], seat: int) -> dict[str, Any]:
    """A seat's public part of the view, with what the bots read always there (a format may
    leave some of it out)."""
    for data in view.get("players", []):
        if data.get("seat") == seat:
            return {**_BLANK, **data}
    return {**_BLANK, "seat": seat}


_BLANK: dict[str, Any] = {"authority": 0, "bases": [], "ships": [], "discard": [], "trade": 0,
                          "combat": 0, "deck_size": 0}


def _actions(prompt: Prompt, kind: str) -> list[Action]:
    return [o["action"] for o in prompt["options"] if o["action"].get("type") == kind]


def _cost(cid: str) -> int:
    return CARDS[cid]["cost"] or 0


def _bought_cost(action: Action) -> int:
    return 2 if action["card"] == "explorer" else _cost(card_id(action["card"]))


def default(prompt: Prompt, view: dict[str, Any] | None = None) -> Action:
    """A sensible answer to a question a bot does not know: a valid pick of the fewest allowed;
    when every option names a seat ("which opponent"), the weakest other seat; else the first
    option that does something (not "done"), else the first."""
    options = prompt["options"]
    if "pick" in prompt:
        low = prompt["pick"]["min"]
        return {"type": "pick", "picked": [o["action"] for o in options[:low]]}
    if view is not None and "you" in view:
        others = [o["action"] for o in options
                  if isinstance(o["action"].get("seat"), int)
                  and o["action"]["seat"] != _me(view)]
        if others and len(others) == len([o for o in options
                                          if o["action"].get("type") not in ("done",)]):
            return _weakest(view, others)
    for option in options:
        if option["action"].get("type") not in ("done", "end_turn"):
            return option["action"]
    return options[0]["action"]


def _weakest(view: dict[str, Any], attacks: list[Action]) -> Action:
    """Of the offered attacks on players, the one on the player with the least authority (seat
    order breaks ties)."""
    return min(attacks, key=lambda a: (_player(view, a["seat"])["authority"], a["seat"]))


def _others(view: dict[str, Any], me: int) -> list[dict[str, Any]]:
    """The other seats still in the game."""
    return [_player(view, p["seat"]) for p in view.get("players", [])
            if p.get("seat") != me and p.get("authority", 0) > 0]


def _own_prompt(view: dict[str, Any], prompts: list[Prompt]) -> Prompt:
    """The question to answer now: a main phase last (a team's side questions first)."""
    if len(prompts) == 1:
        return prompts[0]
    return sorted(prompts, key=lambda p: p["kind"] == "main")[0]


# --- greedy ----------------------------------------------------------------------------------

def greedy_answer(view: dict[str, Any], prompts: list[Prompt], rng: random.Random) -> Action:
    """Plays all its cards, uses every ability it can, buys the dearest card it can afford while
    it can, attacks a player (a base only when an outpost stands in the way), ends the turn."""
    prompt = _own_prompt(view, prompts)
    if prompt["kind"] == "main":
        return _greedy_main(view, prompt)
    return _greedy_side(view, prompt)


def _greedy_main(view: dict[str, Any], prompt: Prompt) -> Action:
    for kind in ("play_all", "play", "ability"):
        found = _actions(prompt, kind)
        if found:
            return found[0]
    buys = _actions(prompt, "buy")
    if buys:
        return max(buys, key=_bought_cost)  # the first of the dearest
    attacks = _actions(prompt, "attack")
    if attacks:
        return _weakest(view, attacks)
    guards = [a for a in _actions(prompt, "attack_base")
              if CARDS[card_id(a["card"])]["outpost"]]
    if guards:
        return guards[0]
    return _actions(prompt, "end_turn")[0]


def _greedy_side(view: dict[str, Any], prompt: Prompt) -> Action:
    kind = prompt["kind"]
    options = prompt["options"]
    if kind == "acquire_free":
        return max((o["action"] for o in options), key=_bought_cost)
    if kind == "acquire_to_hand":
        return _where(prompt, "hand")
    if kind == "discard":
        return min((o["action"] for o in options),
                   key=lambda a: _cost(card_id(a["card"])))
    return default(prompt, view)


def _where(prompt: Prompt, where: str) -> Action:
    for action in _actions(prompt, "to"):
        if action["where"] == where:
            return action
    return default(prompt)


# --- smart: what a card is worth to a seat ---------------------------------------------------

class Outlook:
    """What the smart bot weighs, from its view: how far the game has gone (0 early .. 1 late)
    and how many cards of each faction the seat owns that it can see (ships, bases, hand,
    discard pile — the deck's order is hidden, and it keeps no memory)."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.me = _me(view)
        mine = _player(view, self.me)
        others = _others(view, self.me)
        lowest = min([mine["authority"], *(p["authority"] for p in others)])
        by_turn = (view.get("turn", 1) - 6) / 20
        by_authority = (40 - lowest) / 30
        self.late = max(0.0, min(1.0, max(by_turn, by_authority)))
        owned = [*view["you"].get("hand", []), *mine["discard"], *mine["ships"], *mine["bases"]]
        self.factions: dict[str, int] = {}
        for uid in owned:
            faction = CARDS[card_id(uid)]["faction"]
            if faction:
                self.factions[faction] = self.factions.get(faction, 0) + 1

    def trade_weight(self) -> float:
        return 1.1 - 0.75 * self.late

    def combat_weight(self) -> float:
        return 0.7 + 0.5 * self.late

    def effects(self, effects: list[dict[str, Any]]) -> float:
        return sum(self.effect(e) for e in effects)

    def effect(self, effect: dict[str, Any]) -> float:
        (name, arg), = effect.items()
        if name == "trade":
            return arg * self.trade_weight()
        if name == "combat":
            return arg * self.combat_weight()
        if name == "authority":
            return arg * (0.25 + 0.3 * self.late)
        if name == "draw":
            return arg * 2.2
        if name == "opponent_discards":
            return arg * 1.0
        if name == "scrap_from":
            return arg["up_to"] * (1.6 - 1.3 * self.late)
        if name == "scrap_trade_row":
            return 0.4
        if name == "destroy_base":
            return 1.5
        if name == "acquire_free":
            return arg["max_cost"] * (0.9 - 0.4 * self.late)
        if name == "next_acquire_to":
            return 1.5 - self.late
        if name == "choose":
            return max(self.effects(option) for option in arg)
        if name == "discard_for":
            return 0.6 * arg["up_to"]
        if name in ("if_opponent_has_base", "per_card_scrapped_this_turn"):
            return 0.5 * self.effects(arg)
        if name == "if_own_bases":
            return 0.3 * self.effects(arg["effects"])
        if name == "copy_base":
            return 3.0
        return 0.5

    def card(self, cid: str) -> float:
        """What buying `cid` is worth now: its abilities (an ally's by the chance of an ally, a
        scrap ability at half), a base's the more as it acts every turn, faction synergy."""
        facts = CARDS[cid]
        faction = facts["faction"]
        kin = self.factions.get(faction, 0) if faction else 0
        ally_chance = min(0.9, 0.2 + 0.15 * kin)
        value = self.effects(facts.get("primary") or [])
        value += ally_chance * self.effects(facts.get("ally") or [])
        value += 0.45 * self.effects(facts.get("scrap") or [])
        lasting = facts.get("whenever_you_play")
        if lasting:
            value += 0.5 * kin * self.effects(lasting["effects"]) / 3
        if facts["kind"] == "base":
            value *= 1.6 - 0.3 * self.late
            value += 0.25 * facts["defense"] + (1.0 if facts["outpost"] else 0.0)
        if faction:
            value += 0.25 * min(kin, 6)  # it also lights up the allies already owned
        return value

    def worth_buying(self, cid: str) -> float:
        """Above what a card must be worth to be worth a place in the deck (a weak card dilutes
        it, the more so late)."""
        return self.card(cid) - (1.6 + 2.5 * self.late)


# --- smart ------------------------------------------------------------------------------------

def smart_answer(view: dict[str, Any], prompts: list[Prompt], rng: random.Random) -> Action:
    prompt = _own_prompt(view, prompts)
    if "pick" in prompt or "you" not in view:
        return default(prompt, view)
    look = Outlook(view)
    handler = _SMART.get(prompt["kind"])
    if handler is None:
        return default(prompt, view)
    return handler(view, prompt, look)


def _smart_main(view: dict[str, Any], prompt: Prompt, look: Outlook) -> Action:
    me = _player(view, look.me)
    plays = _actions(prompt, "play")
    if plays:
        return min(plays, key=lambda a: _play_order(a["card"], look))
    abilities = [a for a in _actions(prompt, "ability") if a["ability"] != "scrap"]
    if abilities:
        return min(abilities, key=lambda a: _ability_order(view, a))
    lethal = _lethal(view, prompt, me["combat"])
    scraps = [a for a in _actions(prompt, "ability") if a["ability"] == "scrap"]
    for action in scraps:
        if _scrap_worth_it(view, action, look, lethal):
            return action
    buy = _best_buy(prompt, me["trade"], look)
    if buy is not None:
        return buy
    if lethal is not None:
        return lethal
    target = _base_to_attack(view, prompt, me["combat"], look)
    if target is not None:
        return target
    attacks = _actions(prompt, "attack")
    if attacks:
        return _weakest(view, attacks)
    return _actions(prompt, "end_turn")[0]


def _play_order(cid: str, look: Outlook) -> tuple[int, str]:
    """Early, a card that scraps from the hand goes first (the Scouts and Vipers still in hand
    can go); late, last (a card in hand is worth more than a thinner deck)."""
    scraps_hand = any("scrap_from" in e and "hand" in e["scrap_from"]["zones"]
                      for e in CARDS[cid].get("primary") or [])
    if not scraps_hand:
        return (1, cid)
    return (0 if look.late < 0.4 else 2, cid)


def _ability_order(view: dict[str, Any], action: Action) -> tuple[int, str]:
    """Abilities that draw first (the cards drawn are played too), then the rest."""
    cid = view.get("copies", {}).get(action["card"]) or card_id(action["card"])
    effects = CARDS[cid].get(action["ability"]) or []
    draws = any("draw" in e for e in effects)
    return (0 if draws else 1, action["card"])


def _lethal(view: dict[str, Any], prompt: Prompt, combat: int) -> Action | None:
    """An attack that ends a player (the weakest such)."""
    finishing = [a for a in _actions(prompt, "attack")
                 if a["amount"] >= _player(view, a["seat"])["authority"]]
    return _weakest(view, finishing) if finishing else None


def _scrap_worth_it(view: dict[str, Any], action: Action, look: Outlook,
                    lethal: Action | None) -> bool:
    """A card's scrap ability: when it brings a player within reach, when it destroys a base
    worth destroying, and, late, for the cheap cards (Explorers and the like) whose place in
    the deck is worth less than what their scrap gives."""
    cid = card_id(action["card"])
    effects = CARDS[cid].get("scrap") or []
    gain = sum(e.get("combat", 0) for e in effects)
    me = _player(view, look.me)
    if gain and lethal is None:
        for other in _others(view, look.me):
            if other["authority"] <= me["combat"] + gain and not _outposts(other):
                return True
    if any("destroy_base" in e for e in effects):
        return any(_player_bases_worth(view, look))
    if any("draw" in e for e in effects):
        return look.late > 0.5
    if CARDS[cid]["kind"] == "base":
        return False
    return gain > 0 and _cost(cid) <= 3 and look.late >= 0.5


def _outposts(data: dict[str, Any]) -> list[str]:
    return [u for u in data.get("bases", []) if CARDS[card_id(u)]["outpost"]]


def _player_bases_worth(view: dict[str, Any], look: Outlook) -> list[str]:
    return [u for p in _others(view, look.me)
            for u in p["bases"] if _cost(card_id(u)) >= 4 or CARDS[card_id(u)]["outpost"]]


def _best_buy(prompt: Prompt, trade: int, look: Outlook) -> Action | None:
    """The most valuable card of the best set of at most two the trade pays for."""
    buys = _actions(prompt, "buy")
    if not buys:
        return None
    worth = {}
    for action in buys:
        cid = "explorer" if action["card"] == "explorer" else card_id(action["card"])
        worth[action["card"]] = look.worth_buying(cid)
    good = [a for a in buys if worth[a["card"]] > 0]
    best: tuple[float, Action | None] = (0.0, None)
    for i, first in enumerate(good):
        value = worth[first["card"]]
        if value > best[0]:
            best = (value, first)
        for second in good[i:]:
            same = second["card"] == first["card"]
            if same and first["card"] != "explorer":
                continue
            if _bought_cost(first) + _bought_cost(second) > trade:
                continue
            pair = value + worth[second["card"]]
            if pair > best[0]:
                best = (pair, max((first, second), key=lambda a: worth[a["card"]]))
    return best[1]


def _base_to_attack(view: dict[str, Any], prompt: Prompt, combat: int,
                    look: Outlook) -> Action | None:
    """Outposts in the way go first (the weakest player's first); then a base worth its
    defense in damage not dealt to the player."""
    offered = _actions(prompt, "attack_base")
    if not offered:
        return None
    guards = [a for a in offered if CARDS[card_id(a["card"])]["outpost"]]
    if guards:
        return min(guards, key=lambda a: (_player(view, a["seat"])["authority"],
                                          -_cost(card_id(a["card"])), a["card"]))
    worth = []
    for action in offered:
        facts = CARDS[card_id(action["card"])]
        if look.card(card_id(action["card"])) >= facts["defense"] * (0.6 + 0.6 * look.late):
            worth.append(action)
    if not worth:
        return None
    return max(worth, key=lambda a: (look.card(card_id(a["card"])), a["card"]))


def _smart_scrap_from(view: dict[str, Any], prompt: Prompt, look: Outlook) -> Action:
    """Scouts and Vipers go (from the discard pile before the hand; early a Viper first, late a
    Scout: trade matters less as the game goes on); then, late, Explorers; else done."""
    rank = {"viper": 0, "scout": 1} if look.late < 0.5 else {"scout": 0, "viper": 1}
    if look.late >= 0.6:
        rank["explorer"] = 2
    candidates = [a for a in _actions(prompt, "scrap") if a["card"] in rank]
    if candidates:
        return min(candidates, key=lambda a: (a.get("zone") != "discard", rank[a["card"]]))
    done = _actions(prompt, "done")
    return done[0] if done else _least_worth(prompt, look, "scrap")


def _least_worth(prompt: Prompt, look: Outlook, kind: str) -> Action:
    found = _actions(prompt, kind) or [o["action"] for o in prompt["options"]]
    return min(found, key=lambda a: (_hand_worth(a.get("card", ""), look), a.get("card", "")))


def _hand_worth(cid: str, look: Outlook) -> float:
    if cid not in CARDS:
        return 0.0
    return look.card(cid) + (0.5 * look.late if cid == "viper" else 0.0)


def _smart_discard(view: dict[str, Any], prompt: Prompt, look: Outlook) -> Action:
    return _least_worth(prompt, look, "discard")


def _smart_discard_for(view: dict[str, Any], prompt: Prompt, look: Outlook) -> Action:
    """Discard a Scout or Viper for what the base gives; keep anything better."""
    for action in _actions(prompt, "discard"):
        if action["card"] in STARTING:
            return action
    done = _actions(prompt, "done")
    return done[0] if done else _least_worth(prompt, look, "discard")


def _smart_trade_row(view: dict[str, Any], prompt: Prompt, look: Outlook) -> Action:
    """Scrap the Trade Row card an opponent would most like and we would not buy; else done."""
    best: tuple[float, Action | None] = (1.5, None)
    for action in _actions(prompt, "scrap"):
        cid = card_id(action["card"])
        faction = CARDS[cid]["faction"]
        theirs = max((sum(1 for u in [*p["discard"], *p["bases"], *p["ships"]]
                          if CARDS[card_id(u)]["faction"] == faction)
                      for p in _others(view, look.me)), default=0)
        mine = look.factions.get(faction, 0) if faction else 0
        score = _cost(cid) / 2 + 0.5 * theirs - 0.6 * mine
        if score > best[0]:
            best = (score, action)
    if best[1] is not None:
        return best[1]
    done = _actions(prompt, "done")
    return done[0] if done else default(prompt, view)


def _smart_destroy(view: dict[str, Any], prompt: Prompt, look: Outlook) -> Action:
    theirs = [a for a in _actions(prompt, "destroy") if a["seat"] != look.me]
    if theirs:
        return max(theirs, key=lambda a: (CARDS[card_id(a["card"])]["outpost"],
                                          look.card(card_id(a["card"])), a["card"]))
    done = _actions(prompt, "done")
    if done:
        return done[0]
    return min(_actions(prompt, "destroy") or [default(prompt, view)],
               key=lambda a: (look.card(card_id(a["card"])) if "card" in a else 0))


def _smart_acquire(view: dict[str, Any], prompt: Prompt, look: Outlook) -> Action:
    found = _actions(prompt, "acquire")
    if not found:
        return default(prompt, view)
    return max(found, key=lambda a: (look.card("explorer" if a["card"] == "explorer"
                                               else card_id(a["card"])), a["card"]))


def _smart_to(view: dict[str, Any], prompt: Prompt, look: Outlook) -> Action:
    return _where(prompt, "hand")


def _smart_copy(view: dict[str, Any], prompt: Prompt, look: Outlook) -> Action:
    found = _actions(prompt, "copy")
    if not found:
        return default(prompt, view)
    return max(found, key=lambda a: (look.effects(CARDS[card_id(a["card"])].get("primary")
                                                  or []), a["card"]))


def _smart_choose(view: dict[str, Any], prompt: Prompt, look: Outlook) -> Action:
    """"A or B": what each gives now; combat when it finishes a player."""
    stack = view.get("stack")
    top = stack[-1] if isinstance(stack, list) and stack else {}
    uid = top.get("card")
    choices = None
    if uid:
        cid = view.get("copies", {}).get(uid) or card_id(uid)
        for effect in CARDS.get(cid, {}).get("primary") or []:
            if "choose" in effect:
                choices = effect["choose"]
    found = _actions(prompt, "choose")
    if choices is None or not found:
        return default(prompt, view)
    me = _player(view, look.me)
    need = min((p["authority"] for p in _others(view, look.me) if not _outposts(p)),
               default=10**6)

    def value(action: Action) -> float:
        effects = choices[action["index"]]
        combat = sum(e.get("combat", 0) for e in effects)
        if combat and me["combat"] + combat >= need:
            return 100.0
        return look.effects(effects)

    return max(found, key=lambda a: (value(a), -a["index"]))


_SMART = {
    "main": _smart_main,
    "scrap_from": _smart_scrap_from,
    "discard": _smart_discard,
    "discard_for": _smart_discard_for,
    "scrap_trade_row": _smart_trade_row,
    "destroy_base": _smart_destroy,
    "acquire_free": _smart_acquire,
    "acquire_to_hand": _smart_to,
    "copy_base": _smart_copy,
    "choose": _smart_choose,
}

GREEDY = Bot(name="greedy", key="star_realms.bot.greedy", answer=greedy_answer)
SMART = Bot(name="smart", key="star_realms.bot.smart", answer=smart_answer)
BOTS = [GREEDY, SMART]
