"""The catalogs as the browser reads them: one JSON document per language with every hosted
game's words, served with a content hash so that a page caches it until the words change."""

from __future__ import annotations

import hashlib
from functools import lru_cache

import orjson
from fastapi import APIRouter, Request, Response

from app.core.messages import LANGUAGES, catalog_names, served
from app.store.errors import GameNotFound

router = APIRouter(include_in_schema=False)


@lru_cache(maxsize=len(LANGUAGES))
def catalog_bytes(lang: str) -> bytes:
    kinds: dict[str, str] = {}
    entries: dict[str, object] = {}
    for name in catalog_names():
        one = served(name, lang)
        kinds.update(one["kinds"])
        entries.update(one["entries"])
    return orjson.dumps({"lang": lang, "kinds": kinds, "entries": entries})


@lru_cache(maxsize=1)
def catalog_version() -> str:
    """Changes whenever any language's words change (the pages put it in the catalog's URL)."""
    digest = hashlib.sha256()
    for lang in LANGUAGES:
        digest.update(catalog_bytes(lang))
    return digest.hexdigest()[:16]


@router.get("/i18n/{lang}.json")
async def catalog_json(request: Request, lang: str) -> Response:
    if lang not in LANGUAGES:
        raise GameNotFound("core.error.no_language", lang=lang[:20])
    version = catalog_version()
    etag = f'"{version}-{lang}"'
    if request.headers.get("if-none-match") == etag:
        return Response(status_code=304, headers={"ETag": etag})
    cache = "public, max-age=31536000, immutable" if request.query_params.get("v") == version \
        else "no-cache"
    return Response(catalog_bytes(lang), media_type="application/json",
                    headers={"ETag": etag, "Cache-Control": cache})
