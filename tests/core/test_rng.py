from collections import Counter

from app.core import Rng


def test_same_seed_same_draws() -> None:
    a, b = {"rng": 42}, {"rng": 42}
    draws_a = [Rng(a).randbelow(1000) for _ in range(50)]
    assert draws_a == [Rng(b).randbelow(1000) for _ in range(50)]
    assert a == b


def test_state_advances_inside_the_game_state() -> None:
    state = {"rng": 7}
    Rng(state).roll()
    assert state["rng"] != 7


def test_shuffle_is_a_permutation_and_depends_on_seed() -> None:
    deck1, deck2 = list(range(52)), list(range(52))
    Rng({"rng": 1}).shuffle(deck1)
    Rng({"rng": 2}).shuffle(deck2)
    assert sorted(deck1) == list(range(52))
    assert deck1 != deck2


def test_roll_is_roughly_uniform() -> None:
    rng = Rng({"rng": 3})
    counts = Counter(rng.roll(8) for _ in range(8000))
    assert set(counts) == set(range(1, 9))
    assert all(800 < n < 1200 for n in counts.values())
