"""Every message a game produced, said in every language without a gap (for the simulations)."""

from __future__ import annotations

from typing import Any

import orjson

from app.core.messages import LANGUAGES, catalog, is_msg, kind_of, parse
from tests.words import english_words_in


class Heard:
    """The distinct messages met while playing: prompts, options, log entries, results."""

    def __init__(self) -> None:
        self.messages: dict[bytes, dict[str, Any]] = {}
        self.plain: list[str] = []

    def add(self, said: Any, where: str) -> None:
        if said is None:
            self.plain.append(where)
            return
        self.messages.setdefault(orjson.dumps(said, option=orjson.OPT_SORT_KEYS), said)

    def state(self, state: dict[str, Any], prompts: list[dict[str, Any]], events: list[Any]
              ) -> None:
        for prompt in prompts:
            self.add(prompt.get("msg"), f"prompt {prompt.get('text')}")
            for option in prompt["options"]:
                self.add(option.get("msg"), f"option {option.get('label')}")
        for ev in events:
            self.add(ev.get("msg"), f"log {ev.get('text')}")
        if state.get("result") is not None:
            self.add(state["result"].get("msg"), f"result {state['result'].get('text')}")


def gaps(said: dict[str, Any], lang: str) -> list[str]:
    """What a language's catalog cannot say of this message: a key, a parameter, a name, a form."""
    words = catalog(lang)
    template = words.entries.get(said["key"])
    if template is None:
        return [f"{lang}: no key {said['key']}"]
    if not isinstance(template, str):
        return []
    out: list[str] = []
    params = said.get("params") or {}

    def walk(parts: Any) -> None:
        for p in parts:
            if isinstance(p, str) or p[0] == "#":
                continue
            name = p[1]
            if name not in params:
                out.append(f"{lang} {said['key']}: no parameter {name}")
                continue
            if p[0] == "arg":
                out.extend(value_gaps(name, params[name], p[2], lang))
            else:
                for sub in p[2].values():
                    walk(sub)

    walk(parse(template))
    return out


def value_gaps(name: str, value: Any, form: str | None, lang: str) -> list[str]:
    if is_msg(value):
        return gaps(value, lang)
    if isinstance(value, list):
        return [g for v in value for g in value_gaps(name, v, form, lang)]
    words = catalog(lang)
    pattern = words.kinds.get(kind_of(name))
    if pattern is None:
        return []
    entry = words.entries.get(pattern.replace("{id}", str(value)))
    if entry is None:
        return [f"{lang}: {name}={value!r} names nothing"]
    if form and isinstance(entry, dict) and form not in entry and lang != "en":
        return [f"{lang}: {name}={value!r} has no form {form}"]
    if form and isinstance(entry, str) and lang != "en":
        return [f"{lang}: {name}={value!r} has no forms (wanted {form})"]
    return []


def check_heard(heard: Heard, names: list[str]) -> int:
    """Render everything heard in every language; fail on any gap or English word."""
    assert not heard.plain, f"sentences without a message: {heard.plain[:10]}"
    problems: list[str] = []
    for said in heard.messages.values():
        for lang in LANGUAGES:
            problems.extend(gaps(said, lang))
            if lang != "en":
                text = catalog(lang).render(said, names)
                english = english_words_in(text, lang, tuple(names))
                if english:
                    problems.append(f"{lang} {said['key']}: English {sorted(english)} in {text!r}")
    assert not problems, f"{len(problems)} problems: " + "\n".join(sorted(set(problems))[:40])
    return len(heard.messages)
