"""Reading a replay as an outside client would: every step's view, rebuilt from the patches with
the `jsonpatch` library (an independent implementation of RFC 6902, not our own)."""

from __future__ import annotations

import copy
from typing import Any

import jsonpatch


def replay_views(replay: dict[str, Any]) -> list[dict[str, Any]]:
    """The everything-view after each step: step 0 carries it whole, every later step a patch."""
    views: list[dict[str, Any]] = []
    for step in replay["steps"]:
        if "view" in step:
            views.append(step["view"])
        else:
            views.append(jsonpatch.apply_patch(copy.deepcopy(views[-1]), step["patch"]))
    return views
