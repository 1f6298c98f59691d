"""Request bodies of the public API."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

# Control characters are refused by the repository, with a reason (for the form too).
PlayerName = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=40)]


class CreateGame(BaseModel):
    model_config = ConfigDict(extra="forbid")

    game: str = Field(examples=["bsg"])
    players: list[PlayerName] = Field(min_length=1, max_length=12, examples=[["Ann", "Bob", "Cid"]])
    options: dict[str, Any] = Field(default_factory=dict)
    password: str | None = Field(
        default=None, max_length=200,
        description="the host password, on a server that asks for one (QUORUM_HOST_PASSWORD)")
    public: bool = Field(
        default=False,
        description="list the game once it is finished, on a server with a host password")


class SeatLink(BaseModel):
    seat: int
    name: str
    token: str
    url: str


class CreatedGame(BaseModel):
    id: str
    seats: list[SeatLink]
    watch_url: str


class Act(BaseModel):
    model_config = ConfigDict(extra="forbid")

    version: int = Field(ge=0)
    action: dict[str, Any]
    client_id: str | None = Field(default=None, min_length=1, max_length=64)


class Acted(BaseModel):
    version: int


class Problem(BaseModel):
    detail: str
