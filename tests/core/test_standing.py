"""Standing choices answer a prompt with the first option one of them marks."""

from app.core.standing import next_standing_answer, standing_answer, standing_choices


def _prompt(seat, *marks):
    return {"seat": seat, "kind": "window", "msg": {"key": "k"}, "options": [
        {"msg": {"key": "o"}, "action": {"type": f"o{i}"}, **({"standing": m} if m else {})}
        for i, m in enumerate(marks)]}


def test_no_choice_no_answer():
    assert standing_answer(_prompt(0, ["a"]), set()) is None


def test_an_unmarked_prompt_is_left_to_its_seat():
    assert standing_answer(_prompt(0, None, ["b"]), {"a"}) is None


def test_the_first_marked_option_in_the_prompts_order_answers():
    assert standing_answer(_prompt(0, None, ["b"], ["a", "b"]), {"a", "b"}) == {"type": "o1"}


class _Rules:
    def __init__(self, prompts):
        self._prompts = prompts

    def prompts(self, state):
        return self._prompts


def test_only_the_seat_whose_choices_mark_an_option_is_answered_for():
    rules = _Rules([_prompt(0, None, ["a"]), _prompt(1, None, ["a"])])
    assert next_standing_answer(rules, {}, {0: set(), 1: {"a"}}) == (1, {"type": "o1"})
    assert next_standing_answer(rules, {}, {0: {"b"}}) is None


def test_a_game_without_standing_choices_offers_none():
    assert standing_choices(_Rules([])) == []
