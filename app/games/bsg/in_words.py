"""The English words beside a message, remembered for every game.

Words depend on the seats' names only through a parameter of the seat kind (`seat`,
`seat_...`), which puts the seat's name in the words as it is. So a message that names no seat
("Pass", a card's play option with its text) is said without names, and one that names a seat
is said with stand-ins for the names (the same in every game), which are then replaced by the
names: the words are the same, but remembered once for all games rather than once for each
game and each set of names (before every character is chosen, the names change too).

They are remembered here by the message's bytes alone, not by the core's `english` (by the
bytes and the names): prompts and log lines say ~4,000 messages a Daybreak game, nine in ten
said before, and a word said again then costs one serialization and one lookup."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

import orjson

from app.core import Msg, Option, Prompt, english, msg, render
from app.core.memo import forget_oldest
from app.core.protocol import Fact

_SEAT = b'"seat'
"""How a seat parameter's name starts in a message's JSON (`seats` and a word that happens to
start so are taken as naming a seat too: they are then said with stand-ins, which is right)."""

_STAND_INS = [[f"\x00{i}\x00" for i in range(n)] for n in range(10)]
"""The stand-ins for n names (no word of a message holds a NUL)."""

Pieces = tuple[str | int, ...]
"""Words around the names they hold: words, the index of a name, words, ... (words first and
last, maybe empty)."""


_SAID: dict[bytes, str | dict[int, Pieces | bool]] = {}
"""A message's bytes -> its words if it names no seat, else {number of names: its words as
pieces around the names (`_pieces`)} (a seat beyond the names is said as "Seat n", so the
count matters)."""
_KEPT = 65536

_LASTING: dict[int, str] = {}
"""The words of the messages made once for good (`made_once`), by the message's identity: a
third of the labels asked (a skill card's "add to the check", "Pass") are found so, without
serializing the message. An identity is never another message's: these are held below."""
_MADE: dict[Hashable, Msg] = {}
"""The messages made once for good, by what their maker names them (never let go, never changed:
a few per card and location)."""


def made_once(name: Hashable, make: Callable[..., Msg], *args: Any) -> Msg:
    """The message `make(*args)` gives, made the first time `name` is asked for and shared from
    then on (nobody changes a message once made). One that names no seat has its words kept by
    its identity; `name` must say everything `make` depends on (a card's id, a location).
    (`args` rather than a closure over them: most calls find the message made, and a closure
    made at every call cost more than the lookup.)"""
    found = _MADE.get(name)
    if found is None:
        found = _MADE[name] = make(*args)
        if _SEAT not in orjson.dumps(found):  # else its words need the names: said as others
            _LASTING[id(found)] = words(found, [])
    return found


_MADE_OPTIONS: dict[Hashable, Option] = {}
"""The options made once for good (`option_once`), by what their maker names them."""
_OPTIONS_SAID: dict[int, Option] = {}
"""The English of each option made once whose words need no names, by the option's identity
(an identity never another's: the options are held above)."""


def option_once(name: Hashable, make: Callable[..., Option], *args: Any) -> Option:
    """The option `make(*args)` gives, made the first time `name` is asked for and shared from
    then on, as `made_once` does for messages (nobody changes an option once made: it is made
    with the card it names, `facts.with_card`). One whose message is made once and names no
    seat, without facts, is said in English once too (`in_english` finds it by identity)."""
    found = _MADE_OPTIONS.get(name)
    if found is None:
        found = _MADE_OPTIONS[name] = make(*args)
        label = _LASTING.get(id(found["msg"]))
        if label is not None and "facts" not in found:
            _OPTIONS_SAID[id(found)] = {**found, "label": label}  # type: ignore[typeddict-item]
    return found


def plain_once(key: str) -> Msg:
    """`msg(key)`, a message without parameters ("Pass"), made once (`made_once`)."""
    found = _MADE.get(key)
    return found if found is not None else made_once(key, lambda: msg(key))


def words(said: Msg, names: list[str]) -> str:
    """`english(said, names)`, said as above."""
    found = _LASTING.get(id(said))
    if found is not None:
        return found
    key = orjson.dumps(said)
    found = _SAID.get(key)
    if found.__class__ is str:
        return found  # type: ignore[return-value]
    if found is not None:  # `_words`' way for words naming one seat (most), without a call
        pieces = found.get(len(names))  # type: ignore[union-attr]
        if pieces.__class__ is tuple and len(pieces) == 3:  # type: ignore[arg-type]
            return pieces[0] + names[pieces[1]] + pieces[2]  # type: ignore[index, operator, no-any-return]
    return _words(key, found, said, names)  # type: ignore[arg-type]


def in_english(prompt: Prompt, names: list[str], text: str | None = None) -> Prompt:
    """The prompt with its text, labels and facts in English beside their messages, for the
    API's readers. The state keeps only the messages. (`words` written out for the labels:
    a prompt has 5 options on average, most of them said before and naming no seat.)
    `text`: the words of the prompt's message with these names, if the caller has them (the
    prompt before asked the same message)."""
    memo, dumps, lasting, said_once = _SAID, orjson.dumps, _LASTING, _OPTIONS_SAID
    options = []
    for o in prompt["options"]:
        once = said_once.get(id(o))
        if once is not None:  # made once and said once (`option_once`)
            options.append(once)
            continue
        said = o["msg"]
        label = lasting.get(id(said))
        if label is None:
            key = dumps(said)
            label = memo.get(key)
            if label.__class__ is not str:
                label = _words(key, label, said, names)  # type: ignore[arg-type]
        out: Option = {**o, "label": label}  # type: ignore[typeddict-item]
        if "facts" in o:
            out["facts"] = _facts_in_english(o["facts"], names)
        options.append(out)
    said_prompt: Prompt = {**prompt, "text": words(prompt["msg"], names) if text is None
                           else text, "options": options}
    if "facts" in prompt:
        said_prompt["facts"] = _facts_in_english(prompt["facts"], names)
    return said_prompt


def _facts_in_english(facts: list[Fact], names: list[str]) -> list[Fact]:
    memo, dumps, lasting = _SAID, orjson.dumps, _LASTING
    out = []
    for f in facts:
        said = f["msg"]
        text = lasting.get(id(said))
        if text is None:
            key = dumps(said)
            text = memo.get(key)
            if text.__class__ is not str:
                # `_words`' way for words naming one seat (a check's "Ann added 2 cards"),
                # without a call
                pieces = None if text is None else text.get(len(names))  # type: ignore[union-attr]
                if pieces.__class__ is tuple and len(pieces) == 3:  # type: ignore[arg-type]
                    text = pieces[0] + names[pieces[1]] + pieces[2]  # type: ignore[index, operator]
                else:
                    text = _words(key, text, said, names)  # type: ignore[arg-type]
        out.append({**f, "text": text})
    return out  # type: ignore[return-value]


def _words(key: bytes, found: dict[int, Pieces | bool] | None, said: Msg, names: list[str]
           ) -> str:
    """The words of a message not said before, or of one that names a seat."""
    if found is None:
        if len(_SAID) >= _KEPT:
            forget_oldest(_SAID, _KEPT)
        if _SEAT not in key:
            words = _SAID[key] = render(said, "en")
            return words
        found = _SAID[key] = {}
    pieces = found.get(len(names))
    if pieces is None:
        if len(names) >= len(_STAND_INS):
            return english(said, names)
        pieces = found[len(names)] = _pieces(
            render(said, "en", _STAND_INS[len(names)]), len(names))
    if pieces.__class__ is tuple:
        if len(pieces) == 3:  # one name (most): no loop
            return pieces[0] + names[pieces[1]] + pieces[2]  # type: ignore[index, operator, no-any-return]
        return "".join([p if p.__class__ is str else names[p]  # type: ignore[index, misc]
                        for p in pieces])  # type: ignore[union-attr]
    return english(said, names)


def _pieces(words: str, n: int) -> Pieces | bool:
    """Words said with the stand-ins for n names, as the pieces around each name: the names are
    put in as they are, by joining (a `str.format` template of them cost 0.6 µs a line, a
    third of a log line's words), as saying the message with the names does, whatever the
    names hold. False if the words hold a NUL that is not a stand-in (never so: no word of a
    message holds one); such words are said with the names."""
    split = words.split("\x00")  # words, a stand-in's number, words, ...
    if len(split) % 2 == 0:
        return False
    pieces: list[str | int] = []
    for k, piece in enumerate(split):
        if k % 2 == 0:
            pieces.append(piece)
        elif piece in _NUMBERS[n]:
            pieces.append(int(piece))
        else:
            return False
    return tuple(pieces)


_NUMBERS = [frozenset(str(i) for i in range(n)) for n in range(len(_STAND_INS))]
"""The stand-ins' numbers for n names, as written in them."""
