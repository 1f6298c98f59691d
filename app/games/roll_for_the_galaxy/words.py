"""The game's catalog: its message files, plus each tile side's text made from its effects'
templates in every language (`roll_for_the_galaxy.side.<id>.text`, so no tile carries words of
its own), its kind, colour and cost (`.facts`), and each faction tile's name made from its two
halves (`roll_for_the_galaxy.faction.<n>`)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from app.core import msg
from app.core.messages import (
    Catalog,
    CatalogSource,
    read_message_files,
    register_catalog,
)

HERE = Path(__file__).parent


def _source() -> CatalogSource:
    from app.games.roll_for_the_galaxy.components import FACTIONS, SIDES, facts_msg, text_parts

    def made(words: Catalog) -> Iterator[tuple[str, str]]:
        for sid in SIDES:
            yield (f"roll_for_the_galaxy.side.{sid}.text",
                   " ".join(words.render(part) for part in text_parts(sid)))
            yield f"roll_for_the_galaxy.side.{sid}.facts", words.render(facts_msg(sid))
        for number, f in FACTIONS.items():
            first, second = f.halves
            yield f"roll_for_the_galaxy.faction.{number}", words.render(
                msg("roll_for_the_galaxy.faction_name", rfside_first=first.id,
                    rfside_second=second.id))

    src = read_message_files("roll_for_the_galaxy", (HERE / "i18n").glob("*.yaml"))
    src.add_made(made)
    return src


register_catalog("roll_for_the_galaxy", _source)
