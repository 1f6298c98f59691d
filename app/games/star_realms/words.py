"""The game's catalog: its message files, and each card's text made from its effects' templates
in every language (so no card carries words of its own: `star_realms.card.<id>.text`), with
its kind, defense and cost (`star_realms.card.<id>.facts`)."""

from __future__ import annotations

from pathlib import Path

from app.core.messages import (
    LANGUAGES,
    Catalog,
    CatalogSource,
    read_message_files,
    register_catalog,
)

HERE = Path(__file__).parent


def _source() -> CatalogSource:
    from app.games.star_realms.carddata import CARDS, facts_msg, text_parts

    src = read_message_files("star_realms", (HERE / "i18n").glob("*.yaml"))
    for lang in LANGUAGES:
        words = Catalog(lang, dict(src.entries.get(lang, {})), dict(src.kinds))
        for cid in CARDS:
            text = " ".join(words.render(part) for part in text_parts(cid))
            # literal braces would read as placeholders
            src.add(lang, f"star_realms.card.{cid}.text", text.replace("{", "'{'"))
            src.add(lang, f"star_realms.card.{cid}.facts", words.render(facts_msg(cid)))
    return src


register_catalog("star_realms", _source)
