"""Every catalog is complete: each key in every language, every template well formed with the
English parameters, every key the code uses present, every key present used by something,
and no English left in the Russian and Polish words."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import app.games  # noqa: F401  (every shipped game registers its catalog)
import tests.sealedbids  # noqa: F401  (and so do the test games)
import tests.secretcards  # noqa: F401
from app.core.messages import LANGUAGES, catalog, catalog_names, parse, placeholders, source
from tests.words import english_words_in

ROOT = Path(__file__).resolve().parents[1]
CODE = [ROOT / "tests" / "secretcards.py", ROOT / "tests" / "sealedbids.py",
        *ROOT.glob("app/**/*.py"),
        *ROOT.glob("static/**/*.js"), *ROOT.glob("templates/*.html")]
# A key begins with the first word of some key of the catalogs (core., bsg., page., nav. ...).
PREFIXES = sorted({key.split(".")[0] for key in catalog("en").entries})
KEY = rf"(?:{'|'.join(PREFIXES)})\.[A-Za-z0-9_.]*[A-Za-z0-9_]"
LITERAL = re.compile(rf"""["'`]({KEY})["'`]""")
ATTRIBUTE = re.compile(r"""data-i18n(?:-attr)?="([^"]+)\"""")
FAMILY = re.compile(rf"""[`"']({KEY}\.)(?:\$\{{|["'`]\s*\+|\{{\{{)""")
# A template block naming a key (`{% block title_key %}page.home{% endblock %}`).
BLOCK = re.compile(rf"""%\}}\s*({KEY})\s*\{{%""")
# A key of whichever game a page shows (`{{ game }}.title`, `${game}.option.${name}`): the same
# key, or family, of every game.
GAME_KEY = re.compile(
    r"""(?:\$\{[\w.]*game\}|\{\{\s*(?:[\w.]*game|g\.name)\s*\}\})"""  # the game's name,
    r"""\.([A-Za-z]\w*(?:\.[A-Za-z]\w*)*)"""  # then the rest of the key,
    r"""(\.?(?:\$\{|\{\{)|["'`])""")  # then more of a family, or the key's end


def all_keys() -> dict[str, set[str]]:
    return {lang: set(catalog(lang).entries) for lang in LANGUAGES}


NOT_KEYS = re.compile(r".*\.(html|js|json|py|yaml|css|png|id)$")


def code_keys() -> tuple[set[str], set[str]]:
    """Keys the code names literally, and prefixes of the key families it builds."""
    keys: set[str] = set()
    families: set[str] = set()
    for path in CODE:
        text = path.read_text(encoding="utf-8")
        keys.update(LITERAL.findall(text))
        keys.update(BLOCK.findall(text))
        families.update(FAMILY.findall(text))
        # a key of whichever game is shown: each game's key, where that game has it
        for rest, after in GAME_KEY.findall(text):
            for game in (name for name in catalog_names() if name != "core"):
                families.add(f"{game}.{rest}" if after in ("'", '"', "`") else f"{game}.{rest}.")
        for attr in ATTRIBUTE.findall(text):
            for part in attr.split(";"):
                key = part.split(":")[-1].strip()
                if re.fullmatch(KEY, key):
                    keys.add(key)
    return {k for k in keys if not NOT_KEYS.match(k)}, families


def kind_families() -> set[str]:
    """Keys reached through a kind (a parameter naming a card, a location ...)."""
    out: set[str] = set()
    for name in catalog_names():
        for pattern in source(name).kinds.values():
            out.add(pattern.split("{id}")[0])
    return out


def test_every_key_has_every_language() -> None:
    keys = all_keys()
    for lang in LANGUAGES:
        assert keys[lang] == keys["en"], (lang, sorted(keys["en"] ^ keys[lang])[:20])


def test_every_template_parses_and_uses_the_english_parameters() -> None:
    en = catalog("en").entries
    problems = []
    for lang in LANGUAGES:
        entries = catalog(lang).entries
        for key, entry in entries.items():
            if not isinstance(entry, str):
                forms = entry.values() if isinstance(entry, dict) else [None]
                if not all(isinstance(v, str) for v in forms):
                    problems.append(f"{lang} {key}: a name's forms must be words")
                continue
            try:
                parse(entry)
            except ValueError as exc:
                problems.append(f"{lang} {key}: {exc}")
                continue
            if isinstance(en.get(key), str):
                mine = {name for name, _ in placeholders(entry)}
                english = {name for name, _ in placeholders(en[key])}
                if mine != english:
                    problems.append(f"{lang} {key}: parameters {sorted(mine)} != {sorted(english)}")
    assert not problems, "\n".join(problems[:40])


def test_every_key_the_code_names_is_in_the_catalogs() -> None:
    keys, _ = code_keys()
    missing = sorted(k for k in keys if k not in catalog("en").entries)
    assert not missing, missing


def test_every_key_in_the_catalogs_is_used() -> None:
    keys, families = code_keys()
    families |= kind_families()
    unused = sorted(k for k in catalog("en").entries
                    if k not in keys and not any(k.startswith(f) for f in families))
    assert not unused, f"{len(unused)} keys nothing uses: {unused[:40]}"


@pytest.mark.parametrize("lang", ["ru", "pl"])
def test_no_english_words_in_russian_and_polish(lang: str) -> None:
    found = {}
    for key, entry in catalog(lang).entries.items():
        words = entry.values() if isinstance(entry, dict) else [entry]
        bad = set().union(*(english_words_in(w, lang) for w in words))
        if bad:
            found[key] = sorted(bad)
    assert not found, f"{len(found)} entries with English words: {list(found.items())[:30]}"
