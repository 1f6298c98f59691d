"""The public shadow of a private event ("Ann drew 2 Politics") is for everyone but its owner,
spectators included: a watcher's log holds every public line, and the owner reads only the
private line itself."""

from __future__ import annotations

import random

import orjson

import app.games  # noqa: F401  (registers BSG)
from app.core.pick import random_answer
from app.store.repository import Repository
from tests.conftest import first_option


def keys(entries: list[dict]) -> list[str]:
    return [e["msg"]["key"] for e in entries]


def test_a_spectator_reads_the_shadow_of_every_skill_draw_and_the_owner_only_its_own_line(
        repo: Repository) -> None:
    created = repo.create("bsg", ["Ann", "Bob", "Cid"], seed=5)
    live = repo.live(created.id)
    bots = random.Random(5)
    while "bsg.skills.you_drew" not in keys(live.log_for(None, 10_000, None) +
                                            sum((live.log_for(s, 10_000) for s in range(3)), [])):
        prompt = bots.choice(live.head.prompts)
        repo.act(created.id, prompt["seat"], live.version, random_answer(prompt, bots),
                 None)
    drawer = next(s for s in range(3) if "bsg.skills.you_drew" in keys(live.log_for(s, 10_000)))
    drawn = [e for e in live.log_for(drawer, 10_000) if e["msg"]["key"] == "bsg.skills.you_drew"]
    shadows = [e for e in live.log_for(None, 10_000) if e["msg"]["key"] == "bsg.skills.drew"
               and e["msg"]["params"]["seat"] == drawer]
    assert len(shadows) == len(drawn) >= 1
    assert all("private" not in e for e in shadows)  # public information
    assert all(e.get("private") for e in drawn)
    for other in set(range(3)) - {drawer}:
        assert [e for e in live.log_for(other, 10_000) if e in shadows] == shadows
        assert "bsg.skills.you_drew" not in keys(
            [e for e in live.log_for(other, 10_000) if e["msg"]["params"].get("seat") == drawer])
    mine = live.log_for(drawer, 10_000)
    assert not [e for e in mine if e["msg"]["key"] == "bsg.skills.drew"
                and e["msg"]["params"]["seat"] == drawer]  # never the shadow of its own draw
    # the spectator's log is the public lines of every seat's: nothing public is missing
    watched = live.log_for(None, 10_000)
    for seat in range(3):
        public = [e for e in live.log_for(seat, 10_000) if "private" not in e]
        assert [e for e in watched if e in public] == public
    assert all(any(e in live.log_for(s, 10_000) for s in range(3)) for e in watched)


def test_a_replay_marks_private_events_with_to_and_shadows_with_not_to(repo: Repository) -> None:
    created = repo.create("secretcards", ["Ann", "Bob"], {"rounds": 1})
    live = repo.live(created.id)
    repo.act(created.id, 0, 0, {"type": "draw"}, None)
    while live.head.status == "active":
        seat, action = first_option(live.head.prompts)
        repo.act(created.id, seat, live.version, action, None)
    events = orjson.loads(repo.replay_bytes(created.id))["steps"][1]["events"]
    assert [(e["msg"]["key"], e.get("to"), e.get("not_to")) for e in events] == [
        ("secretcards.drew_own", [0], None), ("secretcards.drew", None, [0])]
    assert "to" not in events[1]
