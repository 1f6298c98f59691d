"""Game-agnostic heart of Quorum: the Rules protocol, prompts, events, seeded randomness.

No I/O, no web, no SQL lives here: a game is a pure function of (options, players, seed, actions).
"""

from app.core.engine import act, check_action, replay, views_of
from app.core.events import AllBut, Audience, audience_of, audience_sees, event, visible_to
from app.core.messages import Msg, Said, english, msg, render
from app.core.protocol import Event, IllegalAction, IllegalOptions, Option, Prompt, Rules, State
from app.core.registry import get_rules, register, registered_games
from app.core.rng import Rng
from app.core.state import copy_state

__all__ = [
    "AllBut",
    "Audience",
    "Event",
    "IllegalAction",
    "IllegalOptions",
    "Msg",
    "Option",
    "Prompt",
    "Rng",
    "Rules",
    "Said",
    "State",
    "act",
    "audience_of",
    "audience_sees",
    "check_action",
    "copy_state",
    "english",
    "event",
    "get_rules",
    "msg",
    "register",
    "registered_games",
    "render",
    "replay",
    "views_of",
    "visible_to",
]
