"""The message format: templates, CLDR plurals at their boundaries, forms, kinds, seats."""

from __future__ import annotations

import pytest

from app.core.messages import Catalog, Said, TemplateError, english, msg, parse, placeholders

CARDS = "{n, plural, one {# карта} few {# карты} many {# карт} other {# карты}}"
KARTY = "{n, plural, one {# karta} few {# karty} many {# kart} other {# karty}}"


def ru(**entries: object) -> Catalog:
    return Catalog("ru", dict(entries), {"location": "loc.{id}", "card": "card.{id}"})


@pytest.mark.parametrize(("n", "words"), [
    (0, "0 карт"), (1, "1 карта"), (2, "2 карты"), (4, "4 карты"), (5, "5 карт"),
    (11, "11 карт"), (12, "12 карт"), (20, "20 карт"), (21, "21 карта"), (22, "22 карты"),
    (25, "25 карт"), (101, "101 карта"),
])
def test_russian_plurals_by_cldr(n: int, words: str) -> None:
    assert ru(m=CARDS).render(msg("m", n=n)) == words


@pytest.mark.parametrize(("n", "words"), [
    (0, "0 kart"), (1, "1 karta"), (2, "2 karty"), (4, "4 karty"), (5, "5 kart"),
    (12, "12 kart"), (21, "21 kart"), (22, "22 karty"), (25, "25 kart"),
])
def test_polish_plurals_by_cldr(n: int, words: str) -> None:
    assert Catalog("pl", {"m": KARTY}).render(msg("m", n=n)) == words


def test_english_plurals_and_exact_cases() -> None:
    cat = Catalog("en", {"m": "{n, plural, =0 {no cards} one {# card} other {# cards}}"})
    assert [cat.render(msg("m", n=n)) for n in (0, 1, 2)] == ["no cards", "1 card", "2 cards"]


def test_named_things_take_their_grammatical_form() -> None:
    cat = ru(m="{seat} перемещается {location:to}",
             **{"loc.brig": {"nom": "Гауптвахта", "to": "на Гауптвахту"}})
    assert cat.render(msg("m", seat=1, location="brig"), ["Аня", "Борис"]) == \
        "Борис перемещается на Гауптвахту"
    assert cat.value("location", "brig", None, None) == "Гауптвахта"


def test_kind_is_the_name_before_the_underscore() -> None:
    cat = ru(m="{location_from} → {location_to}", **{"loc.a": "А", "loc.b": "Б"})
    assert cat.render(msg("m", location_from="a", location_to="b")) == "А → Б"


def test_lists_nested_messages_signed_numbers_select_and_braces() -> None:
    cat = ru(**{
        "m": "{card}; {inner}; {d:signed} {e:signed}; {w, select, top {сверху} other {вниз}}",
        "inner": "{n} шт.", "card.a": "А", "card.b": "Б",
        "b": "'{'x'}'",
    })
    said = msg("m", card=["a", "b"], inner=msg("inner", n=3), d=2, e=-1, w="top")
    assert cat.render(said) == "А, Б; 3 шт.; +2 −1; сверху"
    assert cat.render(msg("m", card=[], inner=msg("inner", n=0), d=0, e=0, w="x")).endswith("вниз")
    assert cat.render(msg("b")) == "{x}"


def test_a_seat_without_names_is_named_by_number() -> None:
    import app.core.messages  # noqa: F401  (the core catalog is registered on import)
    assert english(msg("core.seat", n=2)) == "Seat 2"
    assert english(msg("core.error.not_a_choice", asked=msg("core.seat", n=1))) == \
        "That is not one of your choices now. You are asked: Seat 1"


def test_a_missing_key_says_the_key() -> None:
    assert ru().render(msg("nowhere.to.be.found")) == "nowhere.to.be.found"


@pytest.mark.parametrize("bad", ["{", "{n, plural, one {x}}", "{n, wat, other {x}}", "a}b", "{}"])
def test_broken_templates_are_refused(bad: str) -> None:
    with pytest.raises(TemplateError):
        parse(bad)


def test_placeholders_lists_parameters_and_forms() -> None:
    assert placeholders("{a} {b:to} {n, plural, one {# {c:one}} other {#}}") == \
        {("a", None), ("b", "to"), ("n", None), ("c", "one")}


def test_errors_carry_their_message_and_speak_english() -> None:
    err = Said("core.error.game_over")
    assert err.msg == {"key": "core.error.game_over", "params": {}}
    assert str(err) == "The game is over."


def test_compiled_templates_take_every_kind_of_value_as_the_format_says() -> None:
    """Templates are compiled once into functions with short ways for the usual values; the
    unusual ones must read the same as through `value`."""
    cat = ru(**{
        "m": "{card}|{location:to}|{seat}|{n}|{x}",
        "inner": "<{card}>", "card.a": "А", "loc.b": {"nom": "Б", "to": "в Б"},
    })
    said = msg("m", card=("a", "zz", msg("inner", card="a")), location="b", seat=5, n=-3,
               x=2.0)
    assert cat.render(said, ["Аня"]) == "А, zz, <А>|в Б|core.seat|−3|2"
    assert cat.render(msg("m", card=7, location=None, seat=0, n=True, x=None), ["Аня"]) == \
        "7|None|Аня|True|None"
    assert cat.render(msg("m", card=[], location="b", seat=True, n="s", x=[1, -1]), ["Аня"]) \
        == "|в Б|core.seat|s|1, −1"


def test_a_plural_of_a_fraction_and_a_select_of_a_flag() -> None:
    cat = Catalog("en", {"m": "{n, plural, one {# card} other {# cards}}; "
                              "{f, select, true {yes} other {no}}"})
    assert cat.render(msg("m", n=1, f=True)) == "1 card; yes"
    assert cat.render(msg("m", n=1.5, f=False)) == "1.5 cards; no"


def test_remembered_words_are_the_words_said_anew(monkeypatch: pytest.MonkeyPatch) -> None:
    """Inner messages are remembered by their bytes and the names; a memo that is full forgets
    its oldest entries and stays bounded."""
    import app.core.messages as messages

    cat = ru(**{"m": "{card}; {why}", "drew": "{seat} взял {n}", "card.a": "А",
                "flag": "{f}"})
    inner = msg("drew", seat=0, n=1)
    for _ in range(2):
        assert cat.render(msg("m", card=["a", inner], why=inner), ["Аня"]) == \
            "А, Аня взял 1; Аня взял 1"
        assert cat.render(msg("m", card=[inner], why=inner), ("Боб",)) == "Боб взял 1; Боб взял 1"
    assert cat.render(msg("m", card=msg("flag", f=True), why=msg("flag", f=1))) == "True; 1"
    assert cat.render(msg("m", card=msg("flag", f={1}), why={"x": 1})) == "{1}; {'x': 1}"
    monkeypatch.setattr(messages, "_INNER_KEPT", 8)
    monkeypatch.setattr(messages, "_ENGLISH_KEPT", 8)
    monkeypatch.setattr(messages, "_ENGLISH", {})
    for n in range(30):
        assert cat.render(msg("m", card=[], why=msg("drew", seat=0, n=n)), ["Аня"]) == \
            f"; Аня взял {n}"
        assert english(msg("core.error.not_a_choice", asked=msg("core.seat", n=n))) == \
            f"That is not one of your choices now. You are asked: Seat {n}"
    assert 0 < len(cat._inner) <= 8
    assert 0 < len(messages._ENGLISH) <= 8
