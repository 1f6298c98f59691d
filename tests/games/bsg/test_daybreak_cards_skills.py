"""The last Daybreak skill cards (rules digest DB-10.1, DB-11.2, Appendix B.6; the Russian
rulebook's «Карты Навыков» and «Штурмовые Рапторы»): Popular Influence, Negotiations, Combat
Veteran, Launch Reserves, and Raptor Specialist offering only what it can do."""

from __future__ import annotations

from app.games.bsg import carddata
from tests.games.bsg.helpers import (
    Scenario,
    action,
    finished,
    offers,
)
from tests.games.bsg.test_daybreak_skill_check_abilities import daybreak, give


def raptor_specialist(s: Scenario) -> None:
    give(s, 0, "raptor_specialist_3")
    action(s, 0)


# ---- Raptor Specialist (DB-11.2) -------------------------------------------------------------


def test_raptor_specialist_offers_both_when_both_can_be_done() -> None:
    s = daybreak()
    s.state["reserves"]["raptor"] -= 1
    s.state["destroyed"]["raptor"] += 1
    raptor_specialist(s)
    s.do("Raptor Specialist")
    assert s.labels() == ["Destroy a raptor to gain an Assault Raptor",
                          "Bring a destroyed raptor back to the Reserves"]


def test_raptor_specialist_without_a_raptor_in_the_reserves_only_brings_one_back() -> None:
    """DB-11.2: no Raptor in the Reserves, no Assault Raptor can be built; the other option,
    the only one left, is taken unasked."""
    s = daybreak()
    s.state["destroyed"]["raptor"] += s.state["reserves"]["raptor"]
    s.state["reserves"]["raptor"] = 0
    raptor_specialist(s)
    s.do("Raptor Specialist")
    assert finished(s)
    assert (s.state["reserves"]["raptor"], s.state["reserves"]["assault_raptor"]) == (1, 1)


def test_raptor_specialist_with_no_assault_raptor_left_beside_the_board() -> None:
    s = daybreak()
    s.state["reserves"]["assault_raptor"] += s.state["aside_assault_raptors"]
    s.state["aside_assault_raptors"] = 0
    s.state["reserves"]["raptor"] -= 1
    s.state["destroyed"]["raptor"] += 1
    raptor_specialist(s)
    s.do("Raptor Specialist")
    assert finished(s)
    assert s.state["destroyed"]["raptor"] == 0  # brought back: the only thing it could do


def test_raptor_specialist_is_not_offered_when_it_can_do_nothing() -> None:
    """No destroyed Raptor and no Assault Raptor left to gain: the card is not offered."""
    s = daybreak()
    s.state["destroyed"]["raptor"], s.state["reserves"]["raptor"] = 0, 4
    s.state["aside_assault_raptors"], s.state["reserves"]["assault_raptor"] = 0, 4
    raptor_specialist(s)
    assert not offers(s, "Play Raptor Specialist")


def test_raptor_specialist_options_require_what_they_use() -> None:
    card = next(c for c in carddata.cards_of("skill") if c["id"] == "raptor_specialist_4")
    build, back = card["ability"]["effects"][0]["choose"]["options"]
    assert build["requires"] == [{"raptor_in_reserves": {}}, {"assault_raptor_aside": {}}]
    assert back["requires"] == [{"raptor_destroyed": {}}]
