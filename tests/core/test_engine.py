import pytest

from app.core import IllegalAction, act, check_action, replay
from tests.secretcards import RULES


def new(players: int = 3, seed: int = 5, rounds: int = 2) -> dict:
    names = [f"P{i}" for i in range(players)]
    return RULES.new_game(RULES.check_options({"rounds": rounds}, names), names, seed)


def test_only_offered_options_are_accepted() -> None:
    state = new()
    with pytest.raises(IllegalAction, match="not one of your choices"):
        check_action(RULES, state, 0, {"type": "play", "card": 999})
    with pytest.raises(IllegalAction, match="Nothing is being asked of you"):
        check_action(RULES, state, 1, {"type": "pass"})
    with pytest.raises(IllegalAction):
        check_action(RULES, state, 0, "pass")


def test_apply_never_mutates_its_input() -> None:
    state = new()
    before = repr(state)
    act(RULES, state, 0, {"type": "draw"})
    assert repr(state) == before


def test_game_over_refuses_everything() -> None:
    state = new(players=2, rounds=1)
    state, _ = act(RULES, state, 0, {"type": "pass"})
    state, _ = act(RULES, state, 1, {"type": "pass"})
    assert RULES.result(state) is not None
    with pytest.raises(IllegalAction, match="over"):
        act(RULES, state, 0, {"type": "pass"})


def test_replay_rebuilds_the_state_bit_for_bit() -> None:
    names = ["A", "B", "C"]
    options = RULES.check_options({"rounds": 3}, names)
    state = RULES.new_game(options, names, 99)
    log = []
    while RULES.result(state) is None:
        prompt = RULES.prompts(state)[0]
        action = prompt["options"][len(log) % len(prompt["options"])]["action"]
        log.append((prompt["seat"], action))
        state, _ = act(RULES, state, prompt["seat"], action)
    assert replay(RULES, options, names, 99, log) == state
