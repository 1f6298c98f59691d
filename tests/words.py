"""What counts as an English word left in Russian or Polish words (for the catalog tests)."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from app.core.messages import catalog, parse

WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")
ASCII_LETTERS = re.compile(r"[A-Za-z'’]+")

# Names and tokens the rulebooks and the protocol keep as they are: ships and places the
# Polish rulebook leaves in English, the game's proper names, and the API's own words.
PROPER = {
    "galactica", "colonial", "one", "cylon", "cylons", "kobol", "caprica", "ftl", "viper",
    "vipers", "raptor", "raptors", "raider", "raiders", "basestar", "basestars", "quorum",
    "authorization", "bearer", "json", "type", "act", "ping", "api", "http", "olympic",
    "carrier", "helo", "apollo", "starbuck", "boomer", "chief", "adama", "tigh", "roslin",
    "baltar", "zarek", "thrace", "valerii", "tyrol", "agathon", "william", "saul", "karl",
    "laura", "gaius", "tom", "lee", "kara", "sharon", "galen", "ragnar", "tylium", "pegasus",
    "g4", "battlestar", "utc", "home", "end", "en", "ru", "pl",
    "sherman", "doc", "cottle", "romo", "lampkin", "louis", "hoshi",  # Daybreak characters
    "athena", "aaron", "doral", "d’anna", "biers", "simon", "o’neill",  # Daybreak's Cylon Leaders
    "brendan", "hot", "dog", "costanza",
    "shift", "pageup", "pagedown",  # key names, as keyboards print them in every language
    "sparta", "centauri", "epsilon", "eridani",  # Roll for the Galaxy's home worlds
}
# Polish words that are spelt like English ones.
POLISH = {
    "a", "i", "o", "w", "z", "u", "do", "na", "to", "no", "on", "we", "ze", "od", "po", "pod",
    "nad", "za", "go", "ma", "mi", "co", "jak", "nie", "tak", "raz", "pole", "dane", "test",
    "start", "plan", "minus", "plus", "status", "bar", "fakt", "lot", "most", "park", "pas",
    "list", "kolor", "sport", "post", "hangar", "dok", "max", "ten", "tej", "nim", "dal",
    "arena", "atak", "data", "brig", "limit", "akt", "port", "problem", "sens", "kit",
    "morale", "pilot", "centurion", "link", "token", "agent", "multi", "auto", "asteroid", "by",
    "kleptomania", "hydra", "boss", "robot", "salon",
}


def text_parts(template: str) -> list[str]:
    """The words of a template, without its placeholders."""
    out: list[str] = []

    def walk(parts: Any) -> None:
        for p in parts:
            if isinstance(p, str):
                out.append(p)
            elif p[0] in ("plural", "select"):
                for sub in p[2].values():
                    walk(sub)

    try:
        walk(parse(template))
    except ValueError:
        out.append(template)
    return out


@lru_cache(maxsize=1)
def english_vocabulary() -> frozenset[str]:
    words: set[str] = set()
    for entry in catalog("en").entries.values():
        for text in (entry.values() if isinstance(entry, dict) else [entry]):
            for part in text_parts(text):
                words.update(w.lower() for w in WORD.findall(part) if ASCII_LETTERS.fullmatch(w))
    return frozenset(words)


def english_words_in(text: str, lang: str, names: tuple[str, ...] = ()) -> set[str]:
    """English words in Russian or Polish text (Russian: any Latin word; Polish: a word of the
    English catalog that is not also Polish), proper names and `names` (players) aside."""
    for name in names:
        text = text.replace(name, " ")
    found = set()
    for part in text_parts(text):
        for word in WORD.findall(part):
            if not ASCII_LETTERS.fullmatch(word):
                continue
            low = word.lower().strip("'’")
            if low in PROPER or len(low) < 2:
                continue
            if lang == "ru" or (low in english_vocabulary() and low not in POLISH):
                found.add(word)
    return found
