"""The Battlestar Galactica catalog: every named thing has the forms its sentences ask for, every
card's words exist in every language, and the cards API and card views speak each language."""

from __future__ import annotations

import random

import pytest

from app.core.messages import LANGUAGES, catalog, in_language, kind_of, placeholders
from app.core.pick import random_answer
from app.games.bsg import carddata
from app.games.bsg import catalog as cards
from app.games.bsg.rules import RULES
from app.games.bsg.words import card_file_words, card_key
from tests.games.bsg.rendering import Heard, check_heard

IDS = {
    "location": list(cards.LOCATIONS),
    "character": list(cards.CHARACTERS),
    "area": [a["id"] for a in cards.BOARD["space_areas"]],
    "resource": list(cards.RESOURCES),
    "skill": list(cards.SKILL_TYPES),
    "card": [c["id"] for c in carddata.all_cards()],
    "title": ["president", "admiral"],
    "destination": [c["id"] for c in carddata.cards_of("destination")],
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_named_thing_has_the_forms_its_sentences_use(lang: str) -> None:
    words = catalog(lang)
    wanted: dict[tuple[str, str], str] = {}
    for key, entry in words.entries.items():
        if isinstance(entry, str):
            for name, form in placeholders(entry):
                kind = kind_of(name)
                if form and form != "signed" and kind in words.kinds:
                    wanted.setdefault((kind, form), key)
    missing = []
    for (kind, form), used_by in sorted(wanted.items()):
        for thing in IDS.get(kind, []):
            entry = words.entries.get(words.kinds[kind].replace("{id}", thing))
            has_form = isinstance(entry, dict) and form in entry
            if not has_form and (lang != "en" or entry is None):
                missing.append(f"{kind} {thing}: no {form!r} (used by {used_by})")
    assert not missing, missing[:30]


def test_every_card_word_is_in_every_language() -> None:
    for stem, found in card_file_words().items():
        for card_id, words in found.items():
            for path in words:
                key = card_key(card_id, path)
                for lang in LANGUAGES:
                    assert key in catalog(lang).entries, (stem, lang, key)


@pytest.mark.parametrize("lang", ["ru", "pl"])
def test_translations_are_not_the_english_words(lang: str) -> None:
    en = catalog("en").entries
    same = [k for k, v in catalog(lang).entries.items()
            if k.startswith("bsg.card.") and k.endswith(".text") and v == en[k]]
    assert not same, same[:20]


def test_cards_in_russian_and_polish_keep_their_facts() -> None:
    english = carddata.all_cards()
    for lang in ("ru", "pl"):
        worded = in_language(english, lang)
        assert [c["id"] for c in worded] == [c["id"] for c in english]
        adama = next(c for c in worded if c["id"] == "william_adama")
        assert adama["name"] != "William Adama" or lang == "pl"
        assert adama["ability"]["text"] != next(
            c for c in english if c["id"] == "william_adama")["ability"]["text"]
        assert adama["skills"] == next(c for c in english if c["id"] == "william_adama")["skills"]


GAMES_PER_COUNT = 200


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_every_message_of_200_games_is_said_in_every_language(players: int) -> None:
    """200 seeded games of each player count (beside the simulation's own 50, which check
    invariants): every prompt, option, log entry and result met is said in English, Russian and
    Polish with no missing key, parameter, name or form and no English word left."""
    names = [f"Seat{i}" for i in range(players)]
    heard = Heard()
    for seed in range(GAMES_PER_COUNT):
        state = RULES.new_game(RULES.check_options({}, names), names, 10_000 + seed)
        bots = random.Random(seed)
        heard.state(state, RULES.prompts(state), [])
        while state["result"] is None:
            prompt = RULES.prompts(state)[0]
            action = random_answer(prompt, bots)
            state, events = RULES.apply_in_place(state, prompt["seat"], action)
            heard.state(state, RULES.prompts(state), events)
    assert check_heard(heard, names) > 300


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_side_a_card_shows_is_named(lang: str) -> None:
    """A loyalty card's team and a Motive's side are drawn on the card by their names (the
    Mutineer's was once written as its id)."""
    sides = {c[field] for c in carddata.all_cards() for field in ("team", "side") if field in c}
    entries = catalog(lang).entries
    assert sides and not [s for s in sorted(sides) if f"bsg.team.{s}" not in entries]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_deck_of_the_card_reference_has_its_title(lang: str) -> None:
    decks = {card["deck"] for card in RULES.cards()}
    entries = catalog(lang).entries
    assert decks and not [d for d in sorted(decks) if f"bsg.deckTitle.{d}" not in entries]
