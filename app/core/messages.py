"""Messages, not sentences: everything a person reads is a key and parameters, and catalogs turn
it into words in each language (see README, "Messages and catalogs").

A template is text with placeholders, the same syntax in Python and in the browser
(`static/js/i18n/format.js` implements it again, and a browser test checks that both agree):

- `{name}` — a parameter, rendered by its kind (below); `{name:form}` picks a grammatical form of
  a name (`{location:acc}`), or `{n:signed}` writes a number with its sign (+2, −1).
- `{n, plural, one {# card} few {# cards} many {# cards} other {# cards}}` — CLDR plural
  categories of the language (Babel here, `Intl.PluralRules` in the browser); `=0 {...}` matches
  an exact number; `#` is the number.
- `{name, select, pass {...} fail {...} other {...}}` — a branch by the parameter's value.
- `'{'` and `'}'` are literal braces.

A parameter's *kind* is its name up to the first underscore (`location_to` is a location). The
catalogs map kinds to the keys of the names they stand for (`location: bsg.location.{id}`); a
name entry is a plain string or a mapping of grammatical forms. `seat` is the core's own kind:
the name of the player in that seat. A parameter may also be a message itself, or a list of
values of its kind.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, TypedDict

import orjson
import yaml
from babel import Locale

from app.core.memo import forget_oldest

try:  # the C loader reads the catalogs several times faster
    from yaml import CSafeLoader as YamlLoader
except ImportError:  # pragma: no cover - PyYAML without libyaml
    from yaml import SafeLoader as YamlLoader  # type: ignore[assignment]

LANGUAGES = ("en", "ru", "pl")
SIGN_MINUS = "−"


class Msg(TypedDict):
    key: str
    params: dict[str, Any]


def msg(key: str, **params: Any) -> Msg:
    """A message: what the engine says, before it is said in any language."""
    return {"key": key, "params": params}


def is_msg(value: Any) -> bool:
    return isinstance(value, dict) and "key" in value and "params" in value


# ---- templates -----------------------------------------------------------------------------

Part = Any  # str | ("arg", name, form) | ("plural"|"select", name, {case: [Part]}) | ("#",)


class TemplateError(ValueError):
    pass


@lru_cache(maxsize=16384)
def parse(template: str) -> tuple[Part, ...]:
    parts, end = _parse(template, 0, in_plural=False)
    if end != len(template):
        raise TemplateError(f"unbalanced '}}' at {end} in {template!r}")
    return tuple(parts)


def _parse(s: str, i: int, in_plural: bool) -> tuple[list[Part], int]:
    parts: list[Part] = []
    text: list[str] = []
    while i < len(s):
        c = s[i]
        if c == "'" and s[i + 1:i + 3] in ("{'", "}'"):  # '{' and '}' are literal braces
            text.append(s[i + 1])
            i += 3
            continue
        if c == "}":
            break
        if c == "#" and in_plural:
            if text:
                parts.append("".join(text))
                text = []
            parts.append(("#",))
            i += 1
            continue
        if c != "{":
            text.append(c)
            i += 1
            continue
        if text:
            parts.append("".join(text))
            text = []
        part, i = _parse_placeholder(s, i + 1)
        parts.append(part)
    if text:
        parts.append("".join(text))
    return parts, i


def _parse_placeholder(s: str, i: int) -> tuple[Part, int]:
    close = _find_any(s, i, "},")
    head = s[i:close]
    if close < len(s) and s[close] == "}":
        name, _, form = head.strip().partition(":")
        if not name:
            raise TemplateError(f"empty placeholder in {s!r}")
        return ("arg", name, form or None), close + 1
    name = head.strip()
    second = _find_any(s, close + 1, ",")
    style = s[close + 1:second].strip()
    if style not in ("plural", "select"):
        raise TemplateError(f"unknown placeholder style {style!r} in {s!r}")
    i = second + 1
    cases: dict[str, list[Part]] = {}
    while True:
        while i < len(s) and s[i].isspace():
            i += 1
        if i >= len(s):
            raise TemplateError(f"unclosed {style} in {s!r}")
        if s[i] == "}":
            break
        brace = s.index("{", i)
        case = s[i:brace].strip()
        sub, i = _parse(s, brace + 1, in_plural=style == "plural")
        if i >= len(s) or s[i] != "}":
            raise TemplateError(f"unclosed case {case!r} in {s!r}")
        cases[case] = sub
        i += 1
    if "other" not in cases:
        raise TemplateError(f"{style} without 'other' in {s!r}")
    return (style, name, cases), i + 1


def _find_any(s: str, i: int, chars: str) -> int:
    while i < len(s) and s[i] not in chars:
        i += 1
    if i >= len(s):
        raise TemplateError(f"unclosed placeholder in {s!r}")
    return i


def placeholders(template: str) -> set[tuple[str, str | None]]:
    """Every (parameter, form) a template uses; plural/select parameters with form None."""
    found: set[tuple[str, str | None]] = set()

    def walk(parts: Iterable[Part]) -> None:
        for p in parts:
            if isinstance(p, tuple) and p[0] == "arg":
                found.add((p[1], p[2]))
            elif isinstance(p, tuple) and p[0] in ("plural", "select"):
                found.add((p[1], None))
                for sub in p[2].values():
                    walk(sub)

    walk(parse(template))
    return found


@lru_cache(maxsize=8)
def _plural_form(lang: str) -> Callable[[Any], str]:
    return Locale.parse(lang).plural_form


def plural_category(lang: str, n: Any) -> str:
    return _plural_form(lang)(abs(n) if isinstance(n, int | float) else 0)


def kind_of(param: str) -> str:
    return param.split("_", 1)[0]


# ---- catalogs ------------------------------------------------------------------------------

Entry = Any  # a template string, or {form: string} for a name


@dataclass
class Catalog:
    """One language's words: templates and names by key, and the keys of each kind of name.

    Each template is compiled once into a function of its parameters (`_compiled`): the same
    few hundred templates say every log line and option of a game, so the work of reading a
    template and of finding each placeholder's kind is done once, not at every message."""

    lang: str
    entries: dict[str, Entry] = field(default_factory=dict)
    kinds: dict[str, str] = field(default_factory=dict)
    _functions: dict[str, Rendering] = field(default_factory=dict, repr=False, compare=False)
    _categories: dict[int, str] = field(default_factory=dict, repr=False, compare=False)
    _inner: dict[tuple[bytes, tuple[str, ...] | None], str] = field(
        default_factory=dict, repr=False, compare=False)
    _by_key: dict[str, Rendering] = field(default_factory=dict, repr=False, compare=False)
    _words: dict[tuple[str, str | None], dict[Any, str]] = field(
        default_factory=dict, repr=False, compare=False)

    def render(self, m: Msg | str, names: list[str] | tuple[str, ...] | None = None) -> str:
        if isinstance(m, str):
            return m
        if names.__class__ is list:
            names = tuple(names)  # type: ignore[arg-type]  # hashable: it keys `inner`
        return self._said(m, names)  # type: ignore[arg-type]

    def inner(self, m: Msg, names: tuple[str, ...] | None) -> str:
        """A message inside another's parameters (a card in a hand, a check's title): a few
        hundred of them come back in thousands of different outer messages, so their words are
        remembered by the message's bytes and the names (the entries of a catalog never change
        once it has rendered)."""
        if not m.get("params"):  # a card's name or text: its words are one lookup away
            return self._said(m, names)
        try:
            key = (orjson.dumps(m), names)
            words = self._inner.get(key)
        except TypeError:  # not JSON, or names in a list (never so in a game): said anew
            return self._said(m, names)
        if words is None:
            if len(self._inner) >= _INNER_KEPT:
                forget_oldest(self._inner, _INNER_KEPT)
            words = self._inner[key] = self._said(m, names)
        return words

    def _said(self, m: Msg, names: tuple[str, ...] | list[str] | None) -> str:
        function = self._by_key.get(m["key"])
        if function is None:
            function = self._function(m["key"])
            if function is None:
                return m["key"]
        return function(m.get("params") or _NO_PARAMS, names, None)

    def _function(self, key: str) -> Rendering | None:
        """The compiled template of a key (kept by the key too: one lookup, not two)."""
        template = self.entries.get(key)
        if template is None:
            return None
        if isinstance(template, dict):
            text = _default_form(template)
            function: Rendering = lambda params, names, number: text  # noqa: E731
        else:
            function = self._functions.get(template)  # type: ignore[assignment]
            if function is None:
                function = self._functions[template] = self._compiled(parse(template))
        self._by_key[key] = function
        return function

    def value(self, param: str, value: Any, form: str | None, names: list[str] | None) -> str:
        """One parameter in words: a message, a list, a seat, a named thing, or a number."""
        if is_msg(value):
            return self.inner(value, names)  # type: ignore[arg-type]
        if isinstance(value, list | tuple):
            return ", ".join(self.value(param, v, form, names) for v in value)
        kind = kind_of(param)
        if kind == "seat" and isinstance(value, int):
            if names is not None and 0 <= value < len(names):
                return names[value]
            return self.render(msg("core.seat", n=value + 1))
        pattern = self.kinds.get(kind)
        if pattern is not None and value is not None:
            return self._name(pattern.replace("{id}", str(value)), value, form)
        if form == "signed" and isinstance(value, int | float):
            return ("+" if value >= 0 else SIGN_MINUS) + _number(abs(value))
        if isinstance(value, bool) or value is None:
            return str(value)
        return _number(value) if isinstance(value, int | float) else str(value)

    def _name(self, key: str, value: Any, form: str | None) -> str:
        entry = self.entries.get(key)
        if entry is None:
            return str(value)
        if isinstance(entry, dict):
            return entry.get(form or "", _default_form(entry)) if form else _default_form(entry)
        return entry

    def category(self, n: Any) -> str:
        """The CLDR plural category of a number (kept for whole numbers: Babel's rules are
        slow to evaluate)."""
        if n.__class__ is not int:
            return plural_category(self.lang, n)
        found = self._categories.get(n)
        if found is None:
            found = self._categories[n] = plural_category(self.lang, n)
        return found

    # ---- compiling ----------------------------------------------------------------------

    def _compiled(self, parts: Iterable[Part]) -> Rendering:
        pieces = tuple(p if isinstance(p, str) else self._piece(p) for p in parts)
        if not pieces:
            return _say_nothing
        if len(pieces) == 1:
            only = pieces[0]
            if isinstance(only, str):
                return lambda params, names, number: only
            return only
        if all(isinstance(p, str) for p in pieces):
            text = "".join(pieces)  # type: ignore[arg-type]
            return lambda params, names, number: text

        def rendering(params: dict[str, Any], names: list[str] | None, number: Any) -> str:
            return "".join([p if p.__class__ is str else p(params, names, number)
                            for p in pieces])
        return rendering

    def _piece(self, p: Part) -> Rendering:
        if p[0] == "arg":
            return self._argument(p[1], p[2])
        if p[0] == "#":
            return lambda params, names, number: _number(number)
        name = p[1]
        cases = {case: self._compiled(sub) for case, sub in p[2].items()}
        other = cases["other"]
        if p[0] == "plural":
            category = self.category

            def plural(params: dict[str, Any], names: list[str] | None, number: Any) -> str:
                n = params.get(name, 0)
                chosen = cases.get(f"={n}") or cases.get(category(n)) or other
                return chosen(params, names, n)
            return plural

        def select(params: dict[str, Any], names: list[str] | None, number: Any) -> str:
            value = params.get(name)
            chosen = cases.get(str(value).lower() if isinstance(value, bool) else str(value))
            return (chosen or other)(params, names, number)
        return select

    def _argument(self, param: str, form: str | None) -> Rendering:
        """A placeholder's function: the usual values (a named thing's id, a seat, a plain
        number or word) take a short way; anything else goes through `value`."""
        value, inner = self.value, self.inner
        pattern = self.kinds.get(kind_of(param))
        if kind_of(param) == "seat":
            def seat(params: dict[str, Any], names: list[str] | None, number: Any) -> str:
                v = params.get(param)
                if v.__class__ is int and names is not None and 0 <= v < len(names):
                    return names[v]
                return value(param, v, form, names)
            return seat
        if pattern is not None:
            head, _, tail = pattern.partition("{id}")
            if "{id}" not in pattern:
                return lambda params, names, number: value(param, params.get(param), form, names)
            entries, default_form = self.entries, _default_form
            # a named thing's words by its id, for every placeholder of the kind and form
            # (only ids the catalog names: as many as its entries)
            known = self._words.setdefault((pattern, form), {})

            def word(v: Any, names: list[str] | None) -> str:
                cls = v.__class__
                if cls is str or cls is int:
                    said = known.get(v)
                    if said is not None:
                        return said
                    entry = entries.get(head + (v if cls is str else str(v)) + tail)
                    if entry is None:
                        return str(v)
                    if entry.__class__ is not str:
                        entry = entry.get(form, default_form(entry)) if form \
                            else default_form(entry)
                    known[v] = entry
                    return entry  # type: ignore[no-any-return]
                if cls is dict and "key" in v and "params" in v:
                    return inner(v, names)
                return value(param, v, form, names)

            def named(params: dict[str, Any], names: list[str] | None, number: Any) -> str:
                v = params.get(param)
                if v.__class__ is list:
                    return ", ".join([word(x, names) for x in v])
                return word(v, names)
            return named
        if form is None:
            def plain(params: dict[str, Any], names: list[str] | None, number: Any) -> str:
                v = params.get(param)
                cls = v.__class__
                if cls is str:
                    return v
                if cls is int:
                    return str(v) if v >= 0 else f"{SIGN_MINUS}{-v}"
                if cls is dict and "key" in v and "params" in v:
                    return inner(v, names)
                return value(param, v, None, names)
            return plain
        return lambda params, names, number: value(param, params.get(param), form, names)


Rendering = Callable[[dict[str, Any], "list[str] | None", Any], str]
_NO_PARAMS: dict[str, Any] = {}


def _say_nothing(params: dict[str, Any], names: list[str] | None, number: Any) -> str:
    return ""


def _default_form(entry: dict[str, str]) -> str:
    return entry.get("nom") or entry.get("other") or next(iter(entry.values()))


def _number(n: Any) -> str:
    if isinstance(n, float) and n.is_integer():
        n = int(n)
    return str(n) if not isinstance(n, int) or n >= 0 else f"{SIGN_MINUS}{-n}"


# ---- sources -------------------------------------------------------------------------------

Source = Callable[[], "CatalogSource"]


@dataclass
class CatalogSource:
    """One catalog's words in every language, as read from its files."""

    name: str
    entries: dict[str, dict[str, Entry]] = field(default_factory=dict)  # lang -> key -> entry
    kinds: dict[str, str] = field(default_factory=dict)
    files: list[Path] = field(default_factory=list)

    def add(self, lang: str, key: str, entry: Entry) -> None:
        self.entries.setdefault(lang, {})[key] = entry

    def add_made(self, made: Callable[[Catalog], Iterable[tuple[str, str]]]) -> None:
        """Entries made from the catalog's own words in every language (a card's text from its
        effects' templates, so no card carries words of its own): `made(words)` gives the
        (key, words) pairs of one language from that language's catalog; braces in them stay
        literal (they would read as placeholders)."""
        for lang in LANGUAGES:
            words = Catalog(lang, dict(self.entries.get(lang, {})), dict(self.kinds))
            for key, text in list(made(words)):
                self.add(lang, key, text.replace("{", "'{'"))


_SOURCES: dict[str, Source] = {}
_LOADED: dict[str, CatalogSource] = {}


def register_catalog(name: str, source: Source) -> None:
    """A game (or the core) names its catalog; it is read the first time words are needed."""
    _SOURCES[name] = source
    _LOADED.pop(name, None)
    _merged.cache_clear()
    _ENGLISH.clear()


def catalog_names() -> list[str]:
    return list(_SOURCES)


def source(name: str) -> CatalogSource:
    if name not in _LOADED:
        _LOADED[name] = _SOURCES[name]()
    return _LOADED[name]


def read_message_files(name: str, paths: Iterable[Path]) -> CatalogSource:
    """Message files: `kinds:` (kind -> key pattern) and `messages:` (key -> {lang: entry})."""
    out = CatalogSource(name)
    for path in sorted(paths):
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=YamlLoader) or {}
        out.files.append(path)
        out.kinds.update(data.get("kinds") or {})
        for key, by_lang in (data.get("messages") or {}).items():
            if not isinstance(by_lang, dict):
                raise TemplateError(f"{path}: {key} must map languages to words")
            for lang, entry in by_lang.items():
                if lang not in LANGUAGES:
                    raise TemplateError(f"{path}: {key} has an unknown language {lang!r}")
                if key in out.entries.get(lang, {}):
                    raise TemplateError(f"{path}: {key} is defined twice")
                out.add(lang, key, entry)
    return out


@lru_cache(maxsize=8)
def _merged(lang: str) -> Catalog:
    cat = Catalog(lang)
    for name in _SOURCES:
        src = source(name)
        cat.kinds.update(src.kinds)
        cat.entries.update(src.entries.get(lang, {}))
    return cat


def catalog(lang: str) -> Catalog:
    """Every registered catalog's words in one language."""
    if lang not in LANGUAGES:
        lang = "en"
    return _merged(lang)


def served(name: str, lang: str) -> dict[str, Any]:
    """What the browser loads: one catalog's kinds and entries in one language."""
    src = source(name)
    return {"kinds": src.kinds, "entries": src.entries.get(lang, {})}


def render(m: Msg | str, lang: str = "en", names: list[str] | None = None) -> str:
    return catalog(lang).render(m, names)


def english(m: Msg | str, names: list[str] | None = None) -> str:
    """The English words the API carries beside every message. The same few hundred messages
    come back every turn (the options of a location, a window's "Pass"), so their words are
    remembered, by the message's bytes."""
    if isinstance(m, str):
        return m
    seats = tuple(names) if names else None
    key = (orjson.dumps(m), seats)
    words = _ENGLISH.get(key)
    if words is None:
        if len(_ENGLISH) >= _ENGLISH_KEPT:
            forget_oldest(_ENGLISH, _ENGLISH_KEPT)
        words = _ENGLISH[key] = _merged("en")._said(m, seats)
    return words


_ENGLISH: dict[tuple[bytes, tuple[str, ...] | None], str] = {}
_ENGLISH_KEPT = 65536
_INNER_KEPT = 8192


def _core_source() -> CatalogSource:
    return read_message_files("core", (Path(__file__).parent / "i18n").glob("*.yaml"))


register_catalog("core", _core_source)


class Said(Exception):
    """An error that a person reads: its message travels as data, its English as the text."""

    def __init__(self, key: str | Msg, **params: Any) -> None:
        self.msg: Msg = key if is_msg(key) else msg(str(key), **params)  # type: ignore[assignment]
        super().__init__(self.msg["key"])

    def __str__(self) -> str:
        return english(self.msg)


def in_language(value: Any, lang: str) -> Any:
    """Card data in one language: wherever a part carries `said` (word field -> catalog key),
    its words are replaced by the catalog's. Returns new data; `value` is not changed."""
    if isinstance(value, list):
        return [in_language(v, lang) for v in value]
    if not isinstance(value, dict):
        return value
    out = {k: in_language(v, lang) for k, v in value.items()}
    said = value.get("said")
    if isinstance(said, dict):
        words = catalog(lang)
        for field_name, key in said.items():
            out[field_name] = words.render(msg(key))
    return out
