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
    bots: dict[str, str] = Field(
        default_factory=dict, max_length=12, examples=[{"1": "random", "2": "random"}],
        description="the seats computer players take: seat number (from 0) → the name of a bot "
                    "the game offers (`GET /api/rules`: each game's `bots`)")


class SeatLink(BaseModel):
    seat: int
    name: str
    token: str | None = Field(default=None, description="none for a seat a bot plays")
    url: str | None = Field(default=None, description="none for a seat a bot plays")
    bot: str | None = Field(default=None, description="the bot that plays the seat, if one does")


class CreatedGame(BaseModel):
    id: str
    seats: list[SeatLink]
    watch_url: str


class Act(BaseModel):
    model_config = ConfigDict(extra="forbid")

    version: int = Field(ge=0)
    action: dict[str, Any]
    client_id: str | None = Field(default=None, min_length=1, max_length=64)


class Draft(BaseModel):
    """Steps tried out behind the screen (app/core/drafts.py), none of them the committing one."""

    model_config = ConfigDict(extra="forbid")

    version: int = Field(ge=0)
    steps: list[dict[str, Any]] = Field(max_length=400)


class Drafted(BaseModel):
    version: int
    steps: int
    view: dict[str, Any]
    prompts: list[dict[str, Any]]


class Say(BaseModel):
    """A chat message; its length and characters are checked with a reason (app/store/chat.py)."""

    model_config = ConfigDict(extra="forbid")

    text: str = Field(max_length=10_000, examples=["Starbuck is a Cylon."])
    name: str | None = Field(
        default=None, max_length=1_000,
        description="a spectator's display name (required without a seat token; a player's "
                    "messages carry the seat's name)")


class SetStanding(BaseModel):
    """A seat's standing choices, all of them (the keys of `choices`; [] turns every one off)."""

    model_config = ConfigDict(extra="forbid")

    chosen: list[str] = Field(max_length=200, examples=[["autopass.before_die_roll"]])


class StandingChoice(BaseModel):
    key: str
    msg: dict[str, Any]
    text: str = Field(description="the choice's words in English (`msg` in any language)")


class Standing(BaseModel):
    choices: list[StandingChoice] = Field(description="the standing choices the game offers")
    chosen: list[str] = Field(description="the keys this seat turned on")


class ChatMessage(BaseModel):
    channel: str = Field(description='"table" (the players) or "spectators"')
    n: int = Field(description="the message's number in its channel, from 1")
    seat: int | None
    name: str
    text: str
    at: int = Field(description="the game's version when it was said")
    time: str


class Rematch(BaseModel):
    id: str
    seat: int
    token: str
    url: str
    watch_url: str


class RematchOf(BaseModel):
    id: str | None
    watch_url: str | None


class Acted(BaseModel):
    version: int


class Problem(BaseModel):
    detail: str
