"""Our JSON Patch diff against the `jsonpatch` library (an independent RFC 6902 implementation):
whatever two documents, the library applying our patch to the first gives the second."""

from __future__ import annotations

import copy
from typing import Any

import jsonpatch
import orjson
from hypothesis import given, settings
from hypothesis import strategies as st

from app.store.patch import apply, beyond, diff, diff_beyond

keys = st.sampled_from(["a", "b", "c", "hand", "a/b", "x~y", "~1", ""])
# No 0 or 1 beside booleans: Python takes 1 for true deep inside equal containers (patch.py).
leaves = st.none() | st.booleans() | st.integers(2, 5) | st.sampled_from(["s", "t", "ü"])
documents = st.recursive(
    leaves,
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(keys, inner, max_size=5),
    max_leaves=30,
)


def same(a: Any, b: Any) -> bool:
    """Equal as JSON text (Python's == would take 1 for true)."""
    sort = orjson.OPT_SORT_KEYS
    return orjson.dumps(a, option=sort) == orjson.dumps(b, option=sort)


def check(old: Any, new: Any, whole: frozenset[str] = frozenset()) -> list[dict[str, Any]]:
    ops = orjson.loads(orjson.dumps(diff(old, new, whole=whole)))  # as a client receives them
    assert same(jsonpatch.apply_patch(copy.deepcopy(old), ops), new)
    assert same(apply(copy.deepcopy(old), ops), new)
    return ops


@settings(max_examples=400, deadline=None)
@given(documents, documents)
def test_any_two_documents(old: Any, new: Any) -> None:
    check(old, new)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 5), max_size=12), st.integers(0, 12), st.lists(st.integers(0, 5),
       max_size=6))
def test_a_list_that_lost_its_front_and_grew_at_its_end(items: list[int], dropped: int,
                                                       added: list[int]) -> None:
    check({"log": items}, {"log": items[dropped:] + added})


@settings(max_examples=300, deadline=None)
@given(documents, documents, documents, documents)
def test_lists_whose_items_are_replaced_whole(a: Any, b: Any, x: Any, y: Any) -> None:
    old, new = {"prompts": [a, x, b], "log": [x, a]}, {"prompts": [a, y, b], "log": [y, a, b]}
    check(old, new, frozenset({"/prompts", "/log"}))


def test_a_changed_prompt_is_replaced_whole() -> None:
    asked = {"seat": 1, "options": [{"label": "Pass", "n": 2}, {"label": "Play", "n": 3}]}
    moved = {"seat": 1, "options": [{"label": "Pass", "n": 2}, {"label": "Play", "n": 4}]}
    old, new = {"prompts": [asked]}, {"prompts": [moved]}
    assert check(old, new, frozenset({"/prompts"})) == [
        {"op": "replace", "path": "/prompts/0", "value": moved}]
    assert check(old, new) == [{"op": "replace", "path": "/prompts/0/options/1/n", "value": 4}]


def test_a_log_tail_moving_on_is_said_as_removals_and_additions() -> None:
    old = {"log": [{"seq": i, "text": f"entry {i}"} for i in range(30)]}
    new = {"log": old["log"][3:] + [{"seq": i, "text": f"entry {i}"} for i in range(30, 33)]}
    ops = check(old, new)
    assert [op["op"] for op in ops] == ["remove"] * 3 + ["add"] * 3
    assert [op["path"] for op in ops[3:]] == ["/log/27", "/log/28", "/log/29"]


def test_one_card_into_a_hand_is_one_addition() -> None:
    ops = check({"hand": ["b", "c", "d"]}, {"hand": ["a", "b", "c", "d"]})
    assert ops == [{"op": "add", "path": "/hand/0", "value": "a"}]
    ops = check({"hand": ["b", "c", "d"]}, {"hand": ["b", "d"]})
    assert ops == [{"op": "remove", "path": "/hand/1"}]


def test_a_small_thing_changed_throughout_is_replaced_whole() -> None:
    old = {"waiting": [{"seat": 0, "kind": "choose", "text": "Choose a location"}]}
    new = {"waiting": [{"seat": 2, "kind": "discard", "text": "Discard 2 cards"}]}
    assert check(old, new) == [{"op": "replace", "path": "/waiting/0", "value": new["waiting"][0]}]


def test_keys_are_escaped_and_types_count() -> None:
    ops = check({"a/b": 1, "x~y": [1]}, {"a/b": 2, "x~y": {"0": 1}})
    assert {op["path"] for op in ops} == {"/a~1b", "/x~0y"}
    assert check({"n": 1}, {"n": True}) == [{"op": "replace", "path": "/n", "value": True}]
    assert check([1, 2], {"a": 1}) == [{"op": "replace", "path": "", "value": {"a": 1}}]
    assert diff({"a": [1, {"b": 2}]}, {"a": [1, {"b": 2}]}) == []


public_parts = st.dictionaries(st.sampled_from(["turn", "players", "deck", "a/b"]), documents,
                               min_size=1, max_size=4)


@settings(max_examples=300, deadline=None)
@given(public_parts, public_parts, documents, documents)
def test_views_that_extend_a_public_part_are_diffed_as_it_and_their_own(
        old_public: dict[str, Any], new_public: dict[str, Any], old_own: Any, new_own: Any
) -> None:
    """A seat's view made as the spectator's plus its own part: the spectator's patch (made
    once, then found in the memo) and its own part's are the patch of the whole views."""
    old_public = {k: old_public.get(k, v) for k, v in new_public.items()}  # the same keys
    old, new = {**old_public, "you": old_own}, {**new_public, "you": new_own}
    own = beyond(new, new_public)
    assert own == ("you",) and beyond(old, old_public) == own
    assert beyond({"you": 1, **new_public}, new_public) is None  # not in the public's order
    assert beyond({**new_public, "you": 1}, {**new_public, "x": 2}) is None
    memo: dict[Any, Any] = {}
    for _ in range(2):  # made, then found in the memo
        ops = diff_beyond(old, new, old_public, new_public, own, "/view", memo)
        assert ops == diff({"view": old}, {"view": new})
    assert same(apply(copy.deepcopy({"view": old}), orjson.loads(orjson.dumps(ops))),
                {"view": new})
