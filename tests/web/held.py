"""A socket client's copy of its state, as an outside client keeps it."""

from __future__ import annotations

import copy
from typing import Any

import jsonpatch


class Body:
    """A client's copy of its state: the first full state, then every patch applied (with the
    `jsonpatch` library, as an outside client might)."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.kinds: list[str] = []
        self.body: dict[str, Any] = {}

    def receive(self) -> dict[str, Any]:
        """The next state or patch, applied; acks are skipped."""
        while True:
            message = self.ws.receive_json()
            if message["type"] == "state":
                self.body = {k: v for k, v in message.items() if k != "type"}
            elif message["type"] == "patch":
                assert message["from"] == self.body["version"]
                self.body = jsonpatch.apply_patch(copy.deepcopy(self.body), message["ops"])
                assert self.body["version"] == message["version"]
            else:
                continue
            self.kinds.append(message["type"])
            return self.body
