"""What others see of a Cylon Leader (DB-21): the Motives in hand only by the Leader (everyone
after the end), their count, the revealed ones and Infiltration publicly."""

from __future__ import annotations

import random
from typing import Any

from app.core import act
from app.games.bsg import catalog
from app.games.bsg.rules import RULES
from tests.games.bsg.scenario import Scenario
from tests.games.bsg.test_daybreak_leaders_simulation import _answer
from tests.games.bsg.test_views import perturb_hidden_from

CAST = ["william_adama", "laura_roslin", "kara_thrace", "aaron_doral"]


def _leader_game() -> tuple[Scenario, int]:
    s = Scenario(CAST, expansion="daybreak")
    return s, s.seat_of("aaron_doral")


def test_only_the_leader_sees_their_motives() -> None:
    s, leader = _leader_game()
    motives = s.state["seats"][leader]["motives"]
    assert len(motives) == 2
    mine = RULES.view(s.state, leader)
    assert [f["id"] for f in mine["you"]["motives"]] == [catalog.card(u)["id"] for u in motives]
    for seat in (None, 0, 1, 2):
        if seat == leader:
            continue
        seen = RULES.view(s.state, seat)
        assert seen["players"][leader]["motive_count"] == 2
        assert "motives" not in seen["players"][leader]
        assert "motives" not in (seen.get("you") or {})
        text = repr(seen)
        for uid in motives:
            assert f"'{catalog.card(uid)['id']}'" not in text


def test_revealed_motives_and_infiltration_are_public() -> None:
    s, leader = _leader_game()
    data = s.state["seats"][leader]
    uid = data["motives"].pop()
    data["motives_revealed"].append(uid)
    for seat in (None, 0, 1, 2, 3):
        seen = RULES.view(s.state, seat)["players"][leader]
        assert seen["leader"] is True and seen["infiltrating"] is False
        assert [f["id"] for f in seen["motives_revealed"]] == [catalog.card(uid)["id"]]
        assert seen["motive_count"] == 1


def test_everyone_sees_the_motives_after_the_end() -> None:
    s, leader = _leader_game()
    s.state["result"] = {"winner": "humans"}
    seen = RULES.view(s.state, None)["players"][leader]
    assert len(seen["motives"]) == 2


def test_no_leader_fields_without_a_leader() -> None:
    s = Scenario(CAST[:3] + ["galen_tyrol"], expansion="daybreak")
    seen = RULES.view(s.state, None)
    assert all("leader" not in p for p in seen["players"])
    assert "motive" not in s.state["decks"]


def _random_leader_states(players: int, seeds: int) -> list[dict[str, Any]]:
    from app.games.bsg.rules import checked_options

    found = []
    for seed in range(seeds):
        names = [f"P{i}" for i in range(players)]
        state = RULES.new_game(checked_options({"expansion": "daybreak"}, names), names, seed)
        bots = random.Random(seed)
        for _ in range(bots.randrange(20, 300)):
            if state["result"] is not None:
                break
            prompt = bots.choice(RULES.prompts(state))
            state, _ = act(RULES, state, prompt["seat"], _answer(prompt, bots))
        if state["result"] is None:
            found.append(state)
    return found


def test_views_do_not_depend_on_a_leaders_hidden_motives() -> None:
    for i, state in enumerate(_random_leader_states(5, 12)):
        assert any(d.get("leader") for d in state["seats"])
        for seat in [None, *range(5)]:
            changed = perturb_hidden_from(state, seat, i + 1000)
            assert RULES.view(state, seat) == RULES.view(changed, seat), (i, seat)
