"""The components as data: counts and distributions against the rulebook (digest §1, §2.1, B.5),
each die colour's faces (appendix A / B.1), the strict checks at load, and every tile side's
words built from its effects in en/ru/pl."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

import app.games.roll_for_the_galaxy  # noqa: F401  (registers the catalog)
from app.core.messages import LANGUAGES, catalog, kind_of, msg, placeholders, render
from app.games.roll_for_the_galaxy import components as c
from app.games.roll_for_the_galaxy.effects import (
    EFFECTS,
    IMMEDIATE,
    POWER,
    ComponentDataError,
    check_effect,
    with_defaults,
)
from tests.words import english_words_in

PHASES = ("explore", "develop", "settle", "produce", "ship")


# ---- dice ----------------------------------------------------------------------------------

def test_111_dice_in_seven_colours_as_the_rulebook_counts_them() -> None:
    counts = {colour: d.count for colour, d in c.DICE.items()}
    assert counts == {"white": 25, "red": 22, "purple": 9, "blue": 20, "brown": 14,
                      "green": 12, "yellow": 9}
    assert sum(counts.values()) == 111


# explore / develop / settle / produce / ship / wild faces of each colour (appendix A)
FACES = {
    "white": (2, 1, 1, 1, 1, 0),
    "red": (1, 2, 2, 0, 0, 1),
    "purple": (1, 1, 0, 0, 3, 1),
    "blue": (1, 0, 0, 2, 2, 1),
    "brown": (1, 2, 0, 1, 1, 1),
    "green": (1, 0, 2, 1, 0, 2),
    "yellow": (0, 1, 1, 1, 0, 3),
}


@pytest.mark.parametrize("colour", list(FACES))
def test_each_colour_has_its_six_faces(colour: str) -> None:
    die = c.die(colour)
    assert len(die.faces) == 6
    assert tuple(die.faces_of(f) for f in (*PHASES, "wild")) == FACES[colour]


def test_the_rulebook_statements_about_faces_hold() -> None:
    assert c.die("green").faces_of("wild") == 2
    assert c.die("yellow").faces_of("wild") == 3
    assert c.die("yellow").faces_of("explore") == 0  # FAQ: no Explore face on yellow
    assert c.die("white").faces_of("wild") == 0


# ---- tiles ---------------------------------------------------------------------------------

def test_55_double_sided_tiles_9_factions_9_home_worlds() -> None:
    assert sorted(c.TILES) == list(range(1, 56))
    assert all(t.development.kind == "development" and t.world.kind == "world"
               for t in c.TILES.values())
    assert sorted(c.FACTIONS) == list(range(1, 10))
    assert len(c.HOME_WORLDS) == 9
    assert len(c.SIDES) == 55 * 2 + 9 * 2 + 9


def test_worlds_by_colour_and_cost_match_the_rulebook_table() -> None:
    table = Counter((t.world.colour, t.world.cost) for t in c.TILES.values())
    expected = {
        "blue": {1: 5, 2: 6, 3: 4},
        "brown": {2: 5, 3: 6, 4: 2},
        "green": {3: 3, 4: 4, 5: 2},
        "yellow": {4: 2, 5: 2, 6: 3},
        "grey": {1: 2, 2: 3, 3: 2, 4: 2, 5: 1, 6: 1},
    }
    assert table == Counter({(colour, cost): n for colour, row in expected.items()
                             for cost, n in row.items()})


def test_developments_by_kind_and_cost_match_the_rulebook_read_6_to_1() -> None:
    """The seed's columns read 6 -> 1 (ambiguity B1, settled by B.5)."""
    table = Counter((t.development.dev_group, t.development.cost) for t in c.TILES.values())
    expected = {
        "reassign": {1: 4, 2: 5, 3: 6, 4: 1, 5: 1, 6: 1},
        "other": {1: 5, 2: 5, 3: 8, 4: 3, 5: 4, 6: 9},
        "immediate": {3: 1, 4: 2},
    }
    assert table == Counter({(group, cost): n for group, row in expected.items()
                             for cost, n in row.items()})


def test_reassign_immediate_and_6_plus_developments() -> None:
    devs = [t.development for t in c.TILES.values()]
    reassign = {d.id for d in devs if d.is_reassign}
    assert len(reassign) == 18
    assert {"backup_planning", "galactic_mandate", "local_subsidies"} <= reassign
    assert not c.side("biological_adaptation").is_reassign  # rulebook FAQ
    assert {d.id for d in devs if d.immediate} == {"conscription", "information_tech",
                                                   "space_marines"}
    six_plus = {d.id for d in devs if d.end_bonus}
    assert six_plus == {d.id for d in devs if d.cost == 6}
    assert len(six_plus) == 10


def test_the_six_tiles_that_remove_a_die() -> None:
    removing = {s.id for s in c.SIDES.values() if any(e.name == "remove_die" for e in s.immediate)}
    assert removing == {"former_penal_colony", "rebel_warrior_race", "rebel_miners",
                        "information_tech", "space_marines", "conscription"}
    for sid in removing:  # remove first, then add (FAQ)
        assert c.side(sid).immediate[0].name == "remove_die"


def test_every_world_gives_dice_and_only_coloured_worlds_get_goods() -> None:
    for s in c.SIDES.values():
        if s.kind != "world":
            continue
        names = {e.name for e in s.immediate}
        assert names & {"gain_dice", "gain_good", "start_credits"}, s.id
        if s.colour == "grey":
            assert "gain_good" not in names, s.id


def test_factions_are_development_and_world_but_destroyed_colony_two_worlds() -> None:
    for number, f in c.FACTIONS.items():
        kinds = [h.kind for h in f.halves]
        assert kinds == (["world", "world"] if number == 9 else ["development", "world"])
    assert c.faction(9).halves[0].id == "destroyed_colony"
    assert c.faction(9).cost == 3


def test_doomed_world_starts_with_8_credits_and_no_dice() -> None:
    effects = c.home_world("doomed_world").immediate
    assert [e.as_data for e in effects] == [{"start_credits": 8}]


def test_every_effect_has_its_defaults_filled_for_the_engine() -> None:
    reassign = c.side("isolation_policy").powers[0]
    assert with_defaults(reassign.name, reassign.value) == {
        "dice": 2, "exactly": False, "die_colours": "any", "from": "explore", "to": "any"}


def test_component_data_cannot_be_changed_by_accident() -> None:
    power = c.side("technology_unions").powers[0]
    with pytest.raises(TypeError):
        power.value["amount"] = 5  # type: ignore[index]
    assert power.value["phases"] == ("explore", "produce")
    assert power.as_data == {"phase_credits_if_most_developments":
                             {"phases": ["explore", "produce"], "amount": 1}}


# ---- setup numbers -------------------------------------------------------------------------

@pytest.mark.parametrize(("players", "pool"), [(2, 24), (3, 36), (4, 48), (5, 60)])
def test_vp_pool_is_12_per_player(players: int, pool: int) -> None:
    assert c.vp_pool(players) == pool


@pytest.mark.parametrize("players", [1, 6])
def test_vp_pool_only_for_2_to_5_players(players: int) -> None:
    with pytest.raises(ValueError):
        c.vp_pool(players)


def test_setup_numbers() -> None:
    s = c.SETUP
    assert (s.start_credits, s.max_credits, s.credits_after_recruit_at_least) == (1, 10, 1)
    assert dict(s.start_cup) == {"white": 3} and dict(s.start_citizenry) == {"white": 2}
    assert dict(s.trade_credits) == {"blue": 3, "brown": 4, "green": 5, "yellow": 6}
    assert dict(s.vp_chips) == {"one": 20, "five": 8, "ten": 5}
    assert (s.end_tableau_tiles, s.faction_tile_counts_as, s.stock_credits) == (12, 2, 2)


# ---- strict checks -------------------------------------------------------------------------

@pytest.mark.parametrize(("effect", "slot", "says"), [
    ({"teleport": 1}, POWER, "unknown effect 'teleport'"),
    ({"reassign": {"dice": 1, "colour": ["red"]}}, POWER, "unknown ['colour']"),
    ({"reassign": {"to": "any"}}, POWER, "missing ['dice']"),
    ({"reassign": {"dice": 0}}, POWER, "dice: a positive whole number"),
    ({"gain_dice": {"count": 1, "colour": "pink", "to": "cup"}}, IMMEDIATE, "colour: one of"),
    ({"gain_good": 1}, POWER, "an effect of 'immediate'"),
    ({"gain_good": 1, "gain_credits": 1}, IMMEDIATE, "one name and its value"),
])
def test_bad_effects_fail_with_a_clear_error(effect: Any, slot: str, says: str) -> None:
    with pytest.raises(ComponentDataError, match=None) as caught:
        check_effect(effect, slot)
    assert says in str(caught.value)


@pytest.mark.parametrize(("facts", "says"), [
    ({"id": "x", "kind": "world", "cost": 2, "colour": "pink", "immediate": [{"gain_good": 1}]},
     "a world's colour"),
    ({"id": "x", "kind": "world", "cost": 2, "colour": "grey", "immediate": [{"gain_good": 1}]},
     "grey holds none"),
    ({"id": "x", "kind": "development", "cost": 2, "powers": [{"scout_to_top": True}],
      "flavour": "?"}, "unknown fields ['flavour']"),
    ({"id": "x", "kind": "development", "cost": 6, "powers": [{"scout_to_top": True}]},
     "end bonus"),
    ({"id": "x", "kind": "development", "cost": 7, "powers": [{"scout_to_top": True}]},
     "costs 1 to 6"),
    ({"id": "x", "kind": "development", "cost": 2, "powers": [{"scout_to_top": 2}]},
     "x: scout_to_top: true"),
])
def test_bad_sides_fail_with_a_clear_error(facts: dict[str, Any], says: str) -> None:
    with pytest.raises(ComponentDataError) as caught:
        c._side(facts, "game_tile")
    assert says in str(caught.value)


# ---- words ---------------------------------------------------------------------------------

def test_every_effect_is_used_by_some_tile() -> None:
    used = {e.name for s in c.SIDES.values()
            for e in (*s.immediate, *s.powers, *([s.end_bonus] if s.end_bonus else []))}
    assert used == set(EFFECTS)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_effect_has_a_template_in_every_language(lang: str) -> None:
    entries = catalog(lang).entries
    missing = [n for n in EFFECTS if f"roll_for_the_galaxy.effect.{n}" not in entries]
    assert not missing


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_form_a_template_asks_for_exists(lang: str) -> None:
    """A missing form would silently fall back to the name's first form."""
    cat = catalog(lang)
    problems = []
    for key, template in cat.entries.items():
        if not key.startswith("roll_for_the_galaxy.") or not isinstance(template, str):
            continue
        for param, form in placeholders(template):
            pattern = cat.kinds.get(kind_of(param))
            if form is None or pattern is None:
                continue
            prefix = pattern.split("{id}")[0]
            for name_key, entry in cat.entries.items():
                if name_key.startswith(prefix) and isinstance(entry, dict) and form not in entry:
                    problems.append(f"{key}: {name_key} has no form {form!r}")
    assert not problems, problems[:10]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_side_has_a_name_facts_and_text(lang: str) -> None:
    for sid in c.SIDES:
        for part in ("name", "facts", "text"):
            words = render(msg(f"roll_for_the_galaxy.side.{sid}.{part}"), lang)
            assert words and "roll_for_the_galaxy" not in words, (sid, part)
            assert "_" not in words and "{" not in words, (sid, part, words)
    for number in c.FACTIONS:
        assert " / " in render(msg(f"roll_for_the_galaxy.faction.{number}"), lang)


@pytest.mark.parametrize("lang", ["ru", "pl"])
def test_no_english_left_in_tile_texts(lang: str) -> None:
    found = {}
    for sid in c.SIDES:
        for part in ("name", "text", "facts"):
            words = render(msg(f"roll_for_the_galaxy.side.{sid}.{part}"), lang)
            bad = english_words_in(words, lang)
            if bad:
                found[(sid, part)] = sorted(bad)
    assert not found


def test_texts_say_what_the_effects_say() -> None:
    assert render(msg("roll_for_the_galaxy.side.space_piracy.text"), "en") == (
        "Ship: at the end of the phase, +$1 for every 2 red dice in your citizenry, rounded up.")
    assert render(msg("roll_for_the_galaxy.side.conscription.text"), "ru") == (
        "Когда жетон подготовлен: сначала верните в запас 1 свой кубик, откуда угодно, "
        "возьмите из запаса 2 красных кубика в стаканчик.")
    assert render(msg("roll_for_the_galaxy.side.hydroponics_guild.text"), "pl") == (
        "Przydział: możesz przenieść 1 kość (tylko niebieskie lub zielone kości) "
        "do dowolnej fazy.")
