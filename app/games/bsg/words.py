"""The Battlestar Galactica catalog: its messages (`i18n/*.yaml`, every language side by side)
and the words printed on its cards.

A card's English words stay with its facts in `cards/*.yaml` (an expansion's in
`cards/<set>/*.yaml`); its Russian and Polish words are in `i18n/cards/<file>.<lang>.yaml`
(`i18n/cards/<set>/<file>.<lang>.yaml`), by card id and then by the path of the word in the card
(`name`, `text`, `choice.options.0.label`, `ability.name` ...). Both become catalog keys
`bsg.card.<id>.<path>`; a card's name is also what a `card`, `location`, `character` or `title`
parameter says.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml

from app.core.messages import (
    CatalogSource,
    Msg,
    TemplateError,
    YamlLoader,
    english,
    msg,
    read_message_files,
    register_catalog,
)

HERE = Path(__file__).parent
CARD_FILES = HERE / "cards"
MESSAGE_FILES = HERE / "i18n"
CARD_TRANSLATIONS = MESSAGE_FILES / "cards"
WORD_FIELDS = ("name", "text", "label", "special_name")
TRANSLATED = ("ru", "pl")


def card_words(card: dict[str, Any], path: str = "") -> Iterator[tuple[str, str]]:
    """(path, English words) of every word printed on a card."""
    for key, value in card.items():
        here = f"{path}.{key}" if path else str(key)
        if isinstance(value, str) and key in WORD_FIELDS:
            yield here, value.strip()
        elif isinstance(value, dict):
            yield from card_words(value, here)
        elif isinstance(value, list):
            for i, item in enumerate(value):
                if isinstance(item, dict):
                    yield from card_words(item, f"{here}.{i}")


def annotate(card: dict[str, Any]) -> None:
    """Give every part of a card that carries words (the card, an ability, an option ...) a
    `said` mapping: word field -> its catalog key. `said(part)` then names it in any language."""
    def walk(part: dict[str, Any], path: str) -> None:
        keys = {k: f"bsg.card.{card['id']}.{path}{k}" for k, v in part.items()
                if k in WORD_FIELDS and isinstance(v, str)}
        for k, v in part.items():
            if isinstance(v, dict):
                walk(v, f"{path}{k}.")
            elif isinstance(v, list):
                for i, item in enumerate(v):
                    if isinstance(item, dict):
                        walk(item, f"{path}{k}.{i}.")
        if keys:
            part["said"] = keys

    walk(card, "")


def said(part: dict[str, Any], field: str = "name") -> Msg:
    """The message of a card's (or a card part's) words: its name, text, label ... (one
    message for each key, made once: no message is ever changed once made)."""
    key = part["said"][field]
    found = _SAID.get(key)
    if found is None:
        found = _SAID[key] = msg(key)
    return found


_SAID: dict[str, Msg] = {}
"""A card's words' message by its key (as many as the catalog's keys of cards' words)."""


def card_file_words() -> dict[str, dict[str, dict[str, str]]]:
    """file stem ("skills", "daybreak/skills") -> card id -> path -> English words."""
    out: dict[str, dict[str, dict[str, str]]] = {}
    for path in sorted(CARD_FILES.glob("*.yaml")) + sorted(CARD_FILES.glob("*/*.yaml")):
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=YamlLoader) or {}
        cards = data.get("cards") or []
        words = {c["id"]: dict(card_words(c)) for c in cards if isinstance(c, dict) and "id" in c}
        words = {cid: w for cid, w in words.items() if w}
        if words:
            out[path.relative_to(CARD_FILES).with_suffix("").as_posix()] = words
    return out


def card_key(card_id: str, path: str) -> str:
    return f"bsg.card.{card_id}.{path}"


def _source() -> CatalogSource:
    src = read_message_files("bsg", MESSAGE_FILES.glob("*.yaml"))
    for stem, cards in card_file_words().items():
        for card_id, words in cards.items():
            for path, text in words.items():
                src.add("en", card_key(card_id, path), text)
        for lang in TRANSLATED:
            file = CARD_TRANSLATIONS / f"{stem}.{lang}.yaml"
            if not file.exists():
                continue
            src.files.append(file)
            data = yaml.load(file.read_text(encoding="utf-8"), Loader=YamlLoader) or {}
            for card_id, words in data.items():
                if not isinstance(words, dict):
                    raise TemplateError(f"{file}: {card_id} must map word paths to words")
                for path, text in words.items():
                    src.add(lang, card_key(card_id, path),
                            text.strip() if isinstance(text, str) else text)
    return src


register_catalog("bsg", _source)
english(msg("bsg.title"))  # read now, not in the middle of the first game's first action
