"""A memo of view parts gives the part built before for equal inputs, and stays bounded,
forgetting its oldest entries first."""

from __future__ import annotations

from app.core.memo import PartMemo, forget_oldest


def test_equal_inputs_give_the_very_part_built_before() -> None:
    memo = PartMemo(size=8)
    first = memo.part("hand", {"cards": [1, 2]}, lambda: {"n": 2})
    again = memo.part("hand", {"cards": [1, 2]}, lambda: {"n": -1})
    assert again is first
    assert memo.part("hand", {"cards": [2, 1]}, lambda: {"n": 3}) == {"n": 3}
    assert memo.part("deck", {"cards": [1, 2]}, lambda: {"n": 4}) == {"n": 4}


def test_a_full_memo_stays_at_its_size_and_forgets_the_oldest_first() -> None:
    memo = PartMemo(size=8)
    for i in range(100):
        memo.part("n", i, lambda i=i: [i])
        assert len(memo._parts) <= 8
    assert memo.part("n", 99, lambda: ["built again"]) == [99]  # the newest is kept
    assert memo.part("n", 0, lambda: ["built again"]) == ["built again"]


def test_forget_oldest_drops_a_quarter_and_keeps_the_newest() -> None:
    memo = {i: str(i) for i in range(16)}
    forget_oldest(memo, 16)
    assert list(memo) == list(range(4, 16))
    tiny = {"a": "1"}
    forget_oldest(tiny, 1)  # at least one goes
    assert tiny == {}
