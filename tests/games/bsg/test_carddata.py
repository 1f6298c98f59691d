"""Tests of the BSG base-game card data (app/games/bsg/cards/*.yaml) and its validator."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from app.games.bsg import carddata as cd
from app.games.bsg.carddata import CardDataError


def _total(deck: str, **where: Any) -> int:
    return sum(
        c["count"] for c in cd.cards_of(deck) if all(c.get(k) == v for k, v in where.items())
    )


def _base(deck: str) -> list[dict[str, Any]]:
    """The base game's cards of a deck (an expansion's come on top)."""
    return [c for c in cd.cards_of(deck) if c["set"] == "base"]


def _all_checks() -> list[tuple[str, dict[str, Any]]]:
    """(card id, params) of every skill check anywhere in the base game's data."""
    return [
        (c["id"], params)
        for c in cd.all_cards()
        if c["set"] == "base"
        for name, params in cd.iter_operations(c)
        if name == "skill_check"
    ]


# ------------------------------------------------------------------------------------- counts


@pytest.mark.parametrize(
    ("deck", "size"),
    [
        ("character", 10),
        ("skill", 105),
        ("crisis", 70),
        ("super_crisis", 5),
        ("quorum", 17),
        ("destination", 22),
        ("kobol", 1),
        ("loyalty", 16),
        ("galactica_damage", 8),
        ("civilian_ship", 12),
        ("location", 17),
        ("title", 2),
    ],
)
def test_deck_sizes(deck: str, size: int) -> None:
    assert _total(deck, set="base") == size  # the base game's; expansions add theirs
    assert cd.deck_size(deck) == _total(deck)


def test_every_deck_has_cards_and_a_size() -> None:
    """Every base deck has its size; a deck only an expansion brings (Daybreak's Mutiny deck)
    has its size in EXPANSION_DECK_SIZES instead."""
    only_expansions = {deck for sizes in cd.EXPANSION_DECK_SIZES.values() for deck in sizes
                       if deck not in cd.DECK_SIZES and deck in cd.DECKS}
    assert set(cd.DECKS) == set(cd.DECK_SIZES) | only_expansions
    assert set(cd.DECKS) == {c["deck"] for c in cd.all_cards()}


@pytest.mark.parametrize("skill_type", cd.SKILL_TYPES)
def test_skill_decks_have_21_cards_with_the_known_strengths(skill_type: str) -> None:
    cards = [c for c in cd.cards_of("skill") if c["skill_type"] == skill_type
             and c["set"] == "base"]
    by_strength = Counter[int]()
    for c in cards:
        by_strength[c["strength"]] += c["count"]
    assert sum(by_strength.values()) == 21
    assert by_strength == {1: 8, 2: 6, 3: 4, 4: 2, 5: 1}
    # two names per type: one for strengths 1-2, one for strengths 3-5
    low = {c["name"] for c in cards if c["strength"] <= 2}
    high = {c["name"] for c in cards if c["strength"] >= 3}
    assert len(low) == len(high) == 1 and low != high


def test_skill_type_colours() -> None:
    types = cd.deck_extras("skill")["skill_types"]
    assert [t["id"] for t in types] == list(cd.SKILL_TYPES)
    assert len({t["colour"] for t in types}) == 5


def test_crisis_deck_composition() -> None:
    kinds = Counter[str]()
    for c in _base("crisis"):
        kind = c["kind"] + ("+alternative" if "alternative" in c else "")
        kinds[kind] += c["count"]
    assert kinds == {
        "event": 19,
        "cylon_attack": 10,
        "skill_check+alternative": 16,
        "skill_check": 25,
    }
    names = Counter[str]()
    for c in _base("crisis"):
        names[c["name"]] += c["count"]
    assert len(names) == 61
    assert names["Food Shortage"] == 4 and names["Water Shortage"] == 5
    assert names["Rescue Mission"] == 2 and names["Riots"] == 2
    assert "Hangar Accident" in names and "Hanger Accident" not in names


def test_quorum_deck() -> None:
    cards = cd.cards_of("quorum")
    assert len(cards) == 11
    counts = {c["id"]: c["count"] for c in cards}
    assert counts["inspirational_speech"] == 4
    assert counts["arrest_order"] == counts["food_rationing"] == 2
    assert counts["authorization_of_brutal_force"] == 2


def test_destination_deck() -> None:
    cards = {c["id"]: c for c in cd.cards_of("destination")}
    assert len(cards) == 10
    assert cards["icy_moon"]["count"] == 2  # 22-card reading (see DECISIONS.md)
    assert {c["distance"] for c in cards.values()} == {1, 2, 3}
    remote = cards["remote_planet"]
    assert remote["distance"] == 2  # the rulebook's jump example
    assert remote["effects"] == [{"gain": {"fuel": -1}}, {"destroy_raptors": {"count": 1}}]


def test_kobol_milestones() -> None:
    (kobol,) = [c for c in cd.cards_of("kobol") if c["set"] == "base"]  # Earth is Daybreak's
    assert [(m["distance"], m["event"]) for m in kobol["milestones"]] == [
        (4, "sleeper_agent_phase"),
        (8, "final_jump"),
    ]


def test_loyalty_deck_and_setup_table() -> None:
    assert _total("loyalty", team="human", set="base") == 11
    assert _total("loyalty", team="cylon", set="base") == 4
    assert _total("loyalty", team="sympathizer", set="base") == 1
    cylons = [c for c in cd.cards_of("loyalty") if c["team"] == "cylon"]
    assert len(cylons) == 4 and all(c["ability"]["timing"] == "action" for c in cylons)
    setup = cd.deck_extras("loyalty")["setup"]
    extras = setup["extra_not_a_cylon_for"]
    assert extras == ["gaius_baltar", "sharon_valerii"]
    rows = {r["players"]: r for r in setup["by_players"]}
    assert rows[3]["you_are_a_cylon"] == 1 and rows[3]["you_are_not_a_cylon"] == 5
    assert rows[4]["you_are_a_cylon"] == 1 and rows[4]["you_are_not_a_cylon"] == 6
    assert rows[5]["you_are_a_cylon"] == 2 and rows[5]["you_are_not_a_cylon"] == 8
    assert rows[6]["you_are_a_cylon"] == 2 and rows[6]["you_are_not_a_cylon"] == 9
    assert [p for p, r in rows.items() if r["sympathizer"]] == [4, 6]
    for players, row in rows.items():
        # with Baltar and Boomer in play the deck is dealt out exactly: 2 cards per player
        deck = row["you_are_a_cylon"] + row["you_are_not_a_cylon"] + len(extras)
        assert deck + row["sympathizer"] == 2 * players + len(extras)
    assert rows[6]["you_are_not_a_cylon"] + len(extras) == _total("loyalty", team="human",
                                                                  set="base")


def test_characters() -> None:
    chars = {c["id"]: c for c in cd.cards_of("character") if c["set"] == "base"}
    assert Counter(c["type"] for c in chars.values()) == {
        "political": 3,
        "military": 3,
        "pilot": 3,
        "support": 1,
    }
    assert {i for i, c in chars.items() if c["piloting"]} == {
        "lee_adama",
        "kara_thrace",
        "sharon_valerii",
        "karl_agathon",
    }
    adama = chars["william_adama"]
    assert adama["skills"] == [
        {"types": ["leadership"], "count": 3},
        {"types": ["tactics"], "count": 2},
    ]
    assert {"types": ["leadership", "politics"], "count": 2} in chars["lee_adama"]["skills"]
    for title in cd.TITLES:
        ranks = sorted(c["succession"][title] for c in chars.values())
        assert ranks == list(range(1, 11))
    first = {t: min(chars.values(), key=lambda c: c["succession"][t])["id"] for t in cd.TITLES}
    assert first == {"president": "laura_roslin", "admiral": "william_adama"}
    for c in chars.values():
        assert {"ability", "once_per_game", "weakness"} <= set(c)
        assert c["once_per_game"]["limit"] == "once_per_game" or c["id"] == "william_adama"
        assert all(c[k]["name"] and c[k]["text"] for k in ("ability", "once_per_game", "weakness"))
        if c["start_location"] is not None:
            start = cd.card(c["start_location"])
            assert start["ship"] != "cylon" and not start["hazardous"]
    assert chars["lee_adama"]["start_location"] is None  # launches in a viper
    assert chars["karl_agathon"]["start_location"] is None  # stranded


def test_locations_per_ship() -> None:
    ships = Counter(c["ship"] for c in cd.cards_of("location") if c["set"] == "base")
    assert ships == {"galactica": 10, "colonial_one": 3, "cylon": 4}
    hazardous = {c["id"] for c in cd.cards_of("location") if c["hazardous"] and c["set"] == "base"}
    assert hazardous == {"sickbay", "brig"}
    assert set(cd.LOCATIONS) == {c["id"] for c in cd.cards_of("location")}


def test_location_skill_checks() -> None:
    checks = {cid: p for cid, p in _all_checks() if cd.card(cid)["deck"] == "location"}
    summary = {cid: (p["difficulty"], sorted(p["skills"])) for cid, p in checks.items()}
    assert summary == {
        "administration": (5, ["leadership", "politics"]),
        "admirals_quarters": (7, ["leadership", "tactics"]),
        "brig": (7, ["politics", "tactics"]),
    }


def test_damage_tokens_and_civilian_ships() -> None:
    damaged = {c["location"] for c in cd.cards_of("galactica_damage") if "location" in c}
    assert damaged == {
        "admirals_quarters",
        "armory",
        "command",
        "ftl_control",
        "hangar_deck",
        "weapons_control",
    }
    assert _total("galactica_damage", removed_after_use=True) == 2
    losses = Counter[str]()
    for c in cd.cards_of("civilian_ship"):
        for resource, amount in c["loss"].items():
            losses[resource] += amount * c["count"]
    assert losses == {"population": 12, "fuel": 1, "morale": 1}
    assert _total("civilian_ship", loss={}) == 2


# ------------------------------------------------------------------------------- structure


def test_ids_are_unique_and_well_formed() -> None:
    ids = [c["id"] for c in cd.all_cards()]
    assert len(ids) == len(set(ids))
    assert all(i.replace("_", "").isalnum() and i == i.lower() for i in ids)
    for c in cd.all_cards():
        assert cd.card(c["id"]) == c


def test_common_fields() -> None:
    for c in cd.all_cards():
        assert {"id", "deck", "name", "count", "text"} <= set(c)
        assert isinstance(c["count"], int) and c["count"] >= 1
        assert c["text"].strip()


def test_every_crisis_has_a_valid_activation_icon() -> None:
    for c in cd.cards_of("crisis"):
        assert c["activation"], c["id"]
        assert set(c["activation"]) <= set(cd.ACTIVATIONS), c["id"]
        assert isinstance(c["jump"], bool)
        if c["kind"] == "cylon_attack":
            assert c["jump"] is False
    assert cd.card("heavy_assault")["activation"] == ["activate_raiders"]
    assert cd.card("massive_assault")["activation"] == [
        "activate_heavy_raiders",
        "activate_basestars",
    ]


def test_every_skill_check_has_difficulty_and_skills() -> None:
    checks = _all_checks()
    assert len(checks) == 41 + 4 + 3  # crisis checks, Super Crisis checks, locations
    for cid, check in checks:
        assert check["difficulty"] >= 1, cid
        assert check["skills"] and set(check["skills"]) <= set(cd.SKILL_TYPES), cid
        if "partial_at" in check:
            assert 1 <= check["partial_at"] < check["difficulty"], cid
            assert "partial" in check, cid


def test_crisis_skill_check_values() -> None:
    expected = {
        "a_traitor_accused": (8, None),
        "admiral_grilled": (9, None),
        "elections_loom": (8, 5),
        "hangar_accident": (10, 7),
        "resistance": (12, 9),
        "fleet_mobilization": (24, None),
        "cylon_intruders": (18, 14),
        "weapon_malfunction": (11, None),
    }
    for cid, (difficulty, partial) in expected.items():
        check = cd.card(cid)["check"]
        assert (check["difficulty"], check.get("partial_at")) == (difficulty, partial), cid
    assert cd.card("admiral_grilled")["check"]["skills"] == ["politics", "leadership"]


def test_events_and_alternatives_name_who_chooses() -> None:
    for c in cd.cards_of("crisis"):
        if c["kind"] == "event":
            assert c["choice"]["who"] in ("president", "admiral", "current"), c["id"]
            assert len(c["choice"]["options"]) == 2, c["id"]
        if "alternative" in c:
            assert c["alternative"]["who"] == "current", c["id"]
            assert c["alternative"]["effects"], c["id"]


def test_no_crisis_is_an_empty_placeholder() -> None:
    for c in cd.cards_of("crisis") + cd.cards_of("super_crisis"):
        if c["kind"] == "skill_check":
            results = c["check"]["fail"] + c["check"]["pass"] + c["check"].get("partial", [])
            assert results, c["id"]
        elif c["kind"] == "event":
            assert all(o["effects"] for o in c["choice"]["options"]), c["id"]
        else:
            assert c["attack"]["setup"], c["id"]


def test_cylon_attack_setups() -> None:
    launch = {a["id"] for a in cd.board()["space_areas"] if a["launch"]}
    assert launch == {"rear_lower", "front_lower"}
    totals = {}
    for c in _base("crisis") + _base("super_crisis"):
        if c["kind"] != "cylon_attack":
            continue
        count = Counter[str]()
        for area, ships in c["attack"]["setup"].items():
            assert area in cd.SPACE_AREAS
            if "viper" in ships:
                assert area in launch, (c["id"], area)  # vipers come out at the launch icons
            count.update(ships)
        totals[c["id"]] = dict(count)
    assert len(totals) == 11
    assert totals["ambush"] == {"raider": 8, "civilian": 3, "basestar": 1, "viper": 2}
    assert totals["boarding_parties"] == {
        "heavy_raider": 4,
        "basestar": 1,
        "raider": 4,
        "civilian": 3,
    }
    assert totals["heavy_assault"] == {"basestar": 2, "civilian": 3, "viper": 1}
    assert totals["massive_assault"] == {
        "basestar": 2,
        "raider": 6,
        "heavy_raider": 1,
        "viper": 2,
        "civilian": 4,
    }


def test_board_facts() -> None:
    board = cd.board()
    assert [a["index"] for a in board["space_areas"]] == [1, 2, 3, 4, 5, 6]
    assert [r["start"] for r in board["resources"]] == [8, 8, 10, 12]
    assert [s.get("population_risk") for s in board["jump_track"]] == [
        None,
        None,
        None,
        3,
        1,
        None,
    ]
    assert len(board["boarding_track"]) == 5


def test_all_cards_is_json_serialisable() -> None:
    cards = cd.all_cards()
    assert json.loads(json.dumps(cards)) == cards
    json.dumps([cd.board(), cd.deck_extras("loyalty"), cd.OPERATIONS, cd.CONDITIONS])


def test_accessors_return_copies() -> None:
    c = cd.card("food_shortage")
    c["count"] = 99
    c["choice"]["options"].clear()
    assert cd.card("food_shortage")["count"] == 4
    assert cd.card("food_shortage")["choice"]["options"]
    with pytest.raises(KeyError, match="did you mean"):
        cd.card("food_shortages")
    with pytest.raises(KeyError):
        cd.cards_of("crises")


# Operations no card uses yet: DB-13.5's tie rule for "the highest (or lowest) resource" is a
# general rule of Daybreak that none of our cards names so far.
AWAITING_CARDS = {"gain_extreme_resource"}


def test_operations_are_in_long_form() -> None:
    ops = [(n, p) for c in cd.all_cards() for n, p in cd.iter_operations(c)]
    used = {n for n, _ in ops}
    # every operation is used somewhere
    assert used | (AWAITING_CARDS - used) == set(cd.OPERATIONS)
    for name, params in ops:
        assert isinstance(params, dict), name
    assert cd.card("raiding_party")["attack"]["special"] == [{"jump_track": {"steps": -1}}]


def test_registry_is_consistent() -> None:
    for registry in (cd.OPERATIONS, cd.CONDITIONS):
        for name, spec in registry.items():
            assert spec["doc"], name
            assert set(spec) <= {
                "doc",
                "params",
                "scalar",
                "min_params",
                "one_of",
                "area_params",
                "static",
                "binds",
            }, name
            if "scalar" in spec:
                assert spec["scalar"] in spec["params"], name
    assert "action" in cd.TIMINGS and "static" in cd.TIMINGS


# ------------------------------------------------------------------------------- validator


def _crisis(**fields: Any) -> dict[str, Any]:
    card = {
        "id": "test_crisis",
        "name": "Test Crisis",
        "text": "A card made up for the tests.",
        "kind": "skill_check",
        "activation": ["activate_raiders"],
        "jump": True,
        "check": {
            "difficulty": 5,
            "skills": ["politics"],
            "pass": [],
            "fail": [{"gain": {"morale": -1}}],
        },
    }
    card.update(fields)
    return card


def _fail_with(effects: list[Any]) -> dict[str, Any]:
    return _crisis(check={"difficulty": 5, "skills": ["politics"], "pass": [], "fail": effects})


def test_validator_accepts_a_good_card_and_normalises_it() -> None:
    card = cd.validate_card(
        _fail_with([{"jump_track": -1}, {"activate": "launch_raiders"}]), "crisis"
    )
    assert card["deck"] == "crisis" and card["count"] == 1
    assert card["check"]["fail"] == [
        {"jump_track": {"steps": -1}},
        {"activate": {"icon": "launch_raiders"}},
    ]


def test_validator_rejects_a_misspelt_operation() -> None:
    with pytest.raises(CardDataError) as err:
        cd.validate_card(_fail_with([{"gian": {"morale": -1}}]), "crisis", "test.yaml")
    message = str(err.value)
    assert "test.yaml" in message and "test_crisis" in message
    assert "check.fail[0]" in message and "'gian'" in message and "'gain'" in message


def test_validator_rejects_a_misspelt_parameter() -> None:
    with pytest.raises(CardDataError, match=r"gain\.moral.*did you mean 'morale'"):
        cd.validate_card(_fail_with([{"gain": {"moral": -1}}]), "crisis")


@pytest.mark.parametrize(
    ("effects", "match"),
    [
        ([{"discard_skills": {"who": "presidnet", "count": 2}}], "unknown who 'presidnet'"),
        ([{"move_character": {"who": "current", "to": "sick_bay"}}], "sick_bay"),
        ([{"place_ships": {"bow": {"raider": 3}}}], "unknown parameter of place_ships: 'bow'"),
        ([{"place_ships": {"front": {"raiders": 3}}}], "unknown ship_kind 'raiders'"),
        ([{"activate": "basestars"}], "unknown activation 'basestars'"),
        ([{"draw_skills": {"who": "current", "count": 1, "types": ["politic"]}}], "politic"),
        ([{"discard_skills": {"who": "current"}}], "exactly one of count, all"),
        ([{"discard_skills": {"who": "current", "count": "two"}}], "whole number"),
        ([{"move_character": {"who": "chosen", "to": "brig"}}], "'chosen' is only allowed"),
        ([{"hand_limit": 8}], "lasting rule"),
        ([{"roll": {"outcomes": [{"min": 1, "max": 9, "effects": []}]}}], "outside"),
        (
            [
                {
                    "roll": {
                        "outcomes": [
                            {"min": 1, "max": 4, "effects": []},
                            {"min": 4, "max": 8, "effects": []},
                        ]
                    }
                }
            ],
            "overlaps",
        ),
        ([{"gain": {"morale": -1}, "jump_track": 1}], "exactly one key"),
        (
            [{"choose": {"who": "admiral", "options": [{"label": "a", "effects": []}]}}],
            "at least 2",
        ),
        ([{"gain": {}}], "at least 1"),
    ],
)
def test_validator_rejects_bad_effects(effects: list[Any], match: str) -> None:
    with pytest.raises(CardDataError, match=match):
        cd.validate_card(_fail_with(effects), "crisis")


def test_validator_rejects_bad_card_fields() -> None:
    with pytest.raises(CardDataError, match="unknown crisis_kind"):
        cd.validate_card(_crisis(kind="optional_check"), "crisis")
    with pytest.raises(CardDataError, match="activation icon"):
        cd.validate_card(_crisis(activation=[]), "crisis")
    with pytest.raises(CardDataError, match="unknown key: 'jumps'.*did you mean 'jump'"):
        cd.validate_card(_crisis(jumps=True), "crisis")
    with pytest.raises(CardDataError, match="needs 'choice'"):
        cd.validate_card(_crisis(kind="event"), "crisis")
    with pytest.raises(CardDataError, match="partial_at and partial"):
        check = {"difficulty": 5, "skills": ["tactics"], "partial_at": 3, "pass": [], "fail": []}
        cd.validate_card(_crisis(check=check), "crisis")
    with pytest.raises(CardDataError, match="unknown deck"):
        cd.validate_card(_crisis(), "crises")
    with pytest.raises(CardDataError, match="ids are lower-case"):
        cd.validate_card(_crisis(id="Test Crisis"), "crisis")


def test_validator_checks_abilities() -> None:
    skill = {
        "id": "test_skill",
        "name": "Test Skill",
        "text": "Made up.",
        "skill_type": "tactics",
        "strength": 1,
        "ability": {"timing": "action", "effects": [{"roll_modifier": 2}]},
    }
    assert cd.validate_card(skill, "skill")["ability"]["effects"] == [
        {"roll_modifier": {"amount": 2}}
    ]
    with pytest.raises(CardDataError, match="unknown timing 'actoin'"):
        cd.validate_card({**skill, "ability": {"timing": "actoin", "effects": []}}, "skill")
    static = {"timing": "static", "effects": [{"gain": {"food": 1}}]}
    with pytest.raises(CardDataError, match="not allowed in a 'static' ability"):
        cd.validate_card({**skill, "ability": static}, "skill")
    bad_condition = {"timing": "action", "conditions": [{"pilotting": {}}], "effects": []}
    with pytest.raises(CardDataError, match="unknown condition 'pilotting'"):
        cd.validate_card({**skill, "ability": bad_condition}, "skill")


def test_validate_effects_on_its_own() -> None:
    assert cd.validate_effects([{"destroy_raptors": 1}]) == [{"destroy_raptors": {"count": 1}}]
    with pytest.raises(CardDataError, match="unknown operation"):
        cd.validate_effects([{"destroy_raptor": 1}])


def test_nobody_picks_himself_to_look_at_loyalty_cards() -> None:
    """Every choice of a player whose loyalty cards the chooser then looks at leaves the chooser
    out (the `other` filter): Cylon Detector, Informing the Public, Terrorist Investigations,
    Release Cylon Mugshots, D'Anna Biers' Visions, and Cylon Screenings, whose current player
    may be the President or the Admiral (digest §9.2: no effect makes a player inspect their
    own cards)."""
    found = []
    for card in cd.all_cards():
        for name, params in cd.iter_operations(card):
            if name != "choose_character":
                continue
            looks = [p for n, p in cd.iter_operations(params["effects"])
                     if n == "look_at_loyalty" and p["target"] == "chosen"]
            if looks:
                assert all(p["who"] == params["who"] for p in looks), card["id"]
                assert "other" in (params.get("among") or []), card["id"]
                found.append(card["id"])
    assert sorted(set(found)) == ["cylon_screenings", "danna_biers", "gaius_baltar",
                                  "informing_the_public", "release_cylon_mugshots",
                                  "terrorist_investigations"]
