"""The game's catalog: its message files, and each card's text made from its effects' templates
in every language (so no card carries words of its own: `star_realms.card.<id>.text`), with
its kind, defense and cost (`star_realms.card.<id>.facts`)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from app.core.messages import (
    Catalog,
    CatalogSource,
    read_message_files,
    register_catalog,
)

HERE = Path(__file__).parent


def _source() -> CatalogSource:
    from app.games.star_realms.carddata import CARDS, facts_msg, text_parts

    def made(words: Catalog) -> Iterator[tuple[str, str]]:
        for cid in CARDS:
            yield (f"star_realms.card.{cid}.text",
                   " ".join(words.render(part) for part in text_parts(cid)))
            yield f"star_realms.card.{cid}.facts", words.render(facts_msg(cid))

    src = read_message_files("star_realms", (HERE / "i18n").glob("*.yaml"))
    src.add_made(made)
    return src


register_catalog("star_realms", _source)
