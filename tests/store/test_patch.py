"""Our JSON Patch diff against the `jsonpatch` library (an independent RFC 6902 implementation):
whatever two documents, the library applying our patch to the first gives the second."""

from __future__ import annotations

import copy
from typing import Any

import jsonpatch
import orjson
from hypothesis import given, settings
from hypothesis import strategies as st

from app.store.patch import apply, diff, diff_fields, diff_fields_serialized, note_moved_on

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


@settings(max_examples=400, deadline=None)
@given(documents, documents, documents, documents, documents)
def test_the_fields_of_two_bodies_are_diffed_as_the_whole_bodies(a: Any, b: Any, x: Any,
                                                                  y: Any, shared: Any) -> None:
    """`diff_fields`, walking the parts said to be rarely equal without comparing them first,
    gives the diff's own operations, byte for byte (same-object parts skipped, copies compared)."""
    copied = copy.deepcopy(a)
    old = {"game": "g", "players": shared, "view": a, "prompts": x, "waiting": b, "log": x}
    new = {"game": "g", "players": shared, "view": copied, "prompts": y, "waiting": b, "log": y}
    fields = (("view", "/view"), ("prompts", "/prompts"), ("waiting", "/waiting"),
              ("log", "/log"))
    unequal = frozenset({"/view", "/log"})
    for whole in (frozenset(), frozenset({"/prompts", "/log"})):
        expected = orjson.dumps(diff(old, new, {}, whole))
        assert orjson.dumps(diff_fields(old, new, fields, {}, whole, unequal)) == expected
        alone = frozenset({"/view", "/prompts"})
        assert orjson.dumps(diff_fields(old, new, fields, {}, whole, unequal, alone)) == expected
        assert orjson.dumps(diff_fields(old, new, fields, None, whole)) == expected


views = st.dictionaries(keys, documents, max_size=6)
FIELDS = tuple((key, f"/{key}") for key in ("version", "view", "prompts", "waiting", "log"))


@settings(max_examples=400, deadline=None)
@given(views, views, st.lists(st.tuples(documents, documents, documents, documents), min_size=1,
       max_size=4), documents, st.lists(documents, max_size=4), st.integers(0, 3),
       st.integers(0, 2), st.booleans())
def test_several_bodies_serialized_together_are_each_its_diff(
        old_public: dict[str, Any], drawn: dict[str, Any], seats: list[Any], waiting: Any,
        log: list[Any], public_kind: int, finished: int, spectator: bool) -> None:
    """`diff_fields_serialized` over several seats' bodies with one memo (the shared pairs'
    patches made and serialized once, the views' public part diffed once) gives each seat the
    bytes of its own diff."""
    old_public = {"turn": 2, **old_public}
    new_public: dict[str, Any] = [  # new, the same keys with mostly the same objects, the same
        drawn, {**old_public, "turn": 3}, old_public, {**drawn, **old_public}][public_kind]
    new_waiting = waiting if finished else copy.deepcopy(waiting)
    old_log, new_log = (log, log) if finished == 2 else (log, copy.deepcopy(log) + [3])
    bodies = []
    for n, (own, own_next, asked, asked_next) in enumerate(seats):
        mine = own if n == 0 else own_next  # one seat's own part the same object
        old = {"game": "g", "version": 300, "view": {**old_public, "you": own}, "prompts": asked,
               "waiting": waiting, "log": old_log}
        view = new_public if finished == 1 else dict(new_public, you=mine)
        new = {"game": "g", "version": 301, "view": view, "prompts": asked_next,
               "waiting": new_waiting, "log": new_log}
        bodies.append((old, new))
    if spectator:
        bodies.append(({**bodies[0][0], "view": old_public}, {**bodies[0][1], "view": new_public}))
    based = ("/view", old_public, new_public, ("you",))
    unequal, alone = frozenset({"/view", "/waiting", "/log"}), frozenset({"/view", "/prompts"})
    for whole in (frozenset(), frozenset({"/prompts", "/log"})):
        memo: dict[Any, Any] = {}
        for old, new in bodies:
            expected = orjson.dumps(diff(old, new, None, whole))[1:-1]
            assert diff_fields_serialized(old, new, FIELDS, memo, whole, unequal, alone,
                                          based) == expected
            assert diff_fields_serialized(old, new, FIELDS, None, whole, unequal, alone,
                                          based) == expected
            assert diff_fields_serialized(old, new, FIELDS, {}, whole, unequal, alone) == expected


def test_a_view_changed_throughout_is_replaced_whole_when_diffed_on_its_base() -> None:
    old_public = {"a": 2, "b": 3}
    new_public = {"a": "s", "b": "t"}
    old = {"version": 300, "view": {**old_public, "you": 4}}
    new = {"version": 301, "view": {**new_public, "you": 5}}
    fields = (("version", "/version"), ("view", "/view"))
    found = diff_fields_serialized(old, new, fields, {}, alone=frozenset({"/view"}),
                                   based=("/view", old_public, new_public, ("you",)))
    assert found == orjson.dumps(diff(old, new))[1:-1]
    assert orjson.loads(b"[%b]" % found)[1] == {"op": "replace", "path": "/view",
                                               "value": new["view"]}


# Entries of a log tail: few distinct values, so that equal ones meet at every place.
entries = st.sampled_from([{"seq": 1, "text": "a"}, {"seq": 1, "text": "b"}, {"seq": 2}, 3])


@settings(max_examples=1500, deadline=None)
@given(st.lists(entries, min_size=40, max_size=40), st.integers(0, 40),
       st.lists(entries, min_size=1, max_size=12), st.integers(1, 40))
def test_a_tail_moving_on_noted_in_the_memo_is_the_diffs_own_patch(
        log: list[Any], start: int, added: list[Any], length: int) -> None:
    check_noted(log[start:][-length:], added, length)  # a full tail, or a young game's


def test_a_tail_moving_on_past_equal_entries_is_noted_as_the_diff_says_it() -> None:
    x, y = {"seq": 1, "text": "x"}, {"seq": 2}
    check_noted([y, *[dict(x) for _ in range(9)]], [dict(x), y], 10)  # the diff drops one
    check_noted([y, dict(x), y, dict(x), y], [dict(x), y, dict(x)], 5)


def check_noted(tail: list[Any], added: list[Any], length: int) -> None:
    """The patches noted for `tail` moving on, and for other seats' tails in the same call (the
    same but for its first entry: the patch `made` holds for the first; shorter; taking other
    entries), are the diff's."""
    memo: dict[Any, Any] = {}
    made: dict[Any, Any] = {}
    whole = frozenset({"/log"})
    others = [tail] if not tail else [tail, [{"seq": 0}, *tail[1:]], tail[1:], tail]
    for n, old in enumerate(others):
        took = added if n < 3 else [{"seq": 9}, *added[1:]]
        new = (old + took)[-length:]
        note_moved_on(memo, "/log", old, new, len(took), made)
        found = orjson.dumps(diff({"log": old}, {"log": new}, whole=whole))
        assert orjson.dumps(diff({"log": old}, {"log": new}, memo, whole)) == found


def test_a_tail_moving_on_is_noted_in_the_memo() -> None:
    tail = [{"seq": i, "text": f"entry {i}"} for i in range(30)]
    for added in ([{"seq": 30, "text": "entry 30"}], [{"seq": 30}, {"seq": 30, "text": "x"}]):
        memo: dict[Any, Any] = {}
        new = (tail + added)[-30:]
        note_moved_on(memo, "/log", tail, new, len(added))
        assert [*memo.values()][0][2] == diff({"log": tail}, {"log": new})


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
