"""The game's catalog: its message files, plus each tile side's text made from its effects'
templates in every language (`roll_for_the_galaxy.side.<id>.text`, so no tile carries words of
its own), its kind, colour and cost (`.facts`), and each faction tile's name made from its two
halves (`roll_for_the_galaxy.faction.<n>`)."""

from __future__ import annotations

from pathlib import Path

from app.core import msg
from app.core.messages import (
    LANGUAGES,
    Catalog,
    CatalogSource,
    read_message_files,
    register_catalog,
)

HERE = Path(__file__).parent


def _source() -> CatalogSource:
    from app.games.roll_for_the_galaxy.components import FACTIONS, SIDES, facts_msg, text_parts

    src = read_message_files("roll_for_the_galaxy", (HERE / "i18n").glob("*.yaml"))
    for lang in LANGUAGES:
        words = Catalog(lang, dict(src.entries.get(lang, {})), dict(src.kinds))
        for sid in SIDES:
            text = " ".join(words.render(part) for part in text_parts(sid))
            # literal braces would read as placeholders
            src.add(lang, f"roll_for_the_galaxy.side.{sid}.text", text.replace("{", "'{'"))
            src.add(lang, f"roll_for_the_galaxy.side.{sid}.facts", words.render(facts_msg(sid)))
        for number, f in FACTIONS.items():
            first, second = f.halves
            src.add(lang, f"roll_for_the_galaxy.faction.{number}", words.render(
                msg("roll_for_the_galaxy.faction_name", rfside_first=first.id,
                    rfside_second=second.id)))
    return src


register_catalog("roll_for_the_galaxy", _source)
