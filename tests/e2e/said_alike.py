"""The browser's message formatter (static/js/i18n/format.js) against the server's, on the same
messages in every language."""

from __future__ import annotations

from typing import Any

from app.core.messages import LANGUAGES, render


def assert_said_alike(page: Any, messages: list[dict[str, Any]], names: list[str]) -> None:
    """`page` (any page of the live server) words `messages` exactly as the server does."""
    said = page.evaluate(
        """async ([messages, names, langs]) => {
          const { Catalog } = await import("/static/js/i18n/format.js");
          const out = {};
          for (const lang of langs) {
            const data = await (await fetch(`/i18n/${lang}.json`)).json();
            const cat = new Catalog(lang, data.entries, data.kinds);
            out[lang] = messages.map((m) => cat.render(m, names));
          }
          return out;
        }""",
        [messages, names, list(LANGUAGES)],
    )
    for lang in LANGUAGES:
        expected = [render(m, lang, names) for m in messages]
        differ = [(m["key"], e, b) for m, e, b in zip(messages, expected, said[lang], strict=True)
                  if e != b]
        assert not differ, (lang, len(differ), differ[:5])
