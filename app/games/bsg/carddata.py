"""Battlestar Galactica (base game) card data: loader, operation registry and validator.

The cards live as YAML in ``cards/``. Every file is read once, at import, and every card is
checked against the vocabulary defined here: its fields, every effect operation, every
parameter and every id (resources, locations, space areas, ship kinds, skill types, titles,
who-values ...). A typo in the data fails the import with an error naming the file, the card
and the path inside the card.

An *effect* is a list of operations. An operation is a mapping with exactly one key, the
operation name, whose value holds its parameters::

    - gain: {morale: -1}
    - discard_skills: {who: admiral, count: 2}
    - jump_track: -1            # scalar short form of {steps: -1}

After loading, every operation is in its long form (``{name: {param: value}}``), so the engine
sees one shape only. ``OPERATIONS`` and ``CONDITIONS`` describe every operation and condition
(parameters, kinds and meaning); ``TIMINGS`` lists when an ability may be used.

Public API: ``all_cards()``, ``cards_of(deck)``, ``card(id)``, ``deck_extras(deck)``,
``board()``, ``validate_card(...)``, ``validate_effects(...)``, ``CardDataError`` and the id
enums below. Accessors return deep copies, so callers may change what they get.
"""

from __future__ import annotations

import copy
import difflib
import re
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Final

import yaml

from app.games.bsg import words

try:  # the C loader is several times faster; fall back to the pure-Python one
    _YamlLoader: Any = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - depends on how PyYAML was built
    _YamlLoader = yaml.SafeLoader

CARDS_DIR: Final = Path(__file__).parent / "cards"


class CardDataError(ValueError):
    """Raised when card data does not match the vocabulary of this module."""


# --------------------------------------------------------------------------------------------
# Id enums. Space areas and locations are defined in the data (board.yaml, locations.yaml)
# and filled in when the data is loaded; everything else is vocabulary of the engine.
# --------------------------------------------------------------------------------------------

RESOURCES: Final = ("fuel", "food", "morale", "population")
SKILL_TYPES: Final = ("politics", "leadership", "tactics", "piloting", "engineering")
# Daybreak's sixth skill type (its own deck, only in Daybreak games, DB-10.7); card data may
# name it, base games never build its deck
TREACHERY: Final = "treachery"
ALL_SKILL_TYPES: Final = (*SKILL_TYPES, TREACHERY)
TITLES: Final = ("president", "admiral")
SHIPS: Final = ("galactica", "colonial_one", "cylon",  # where a location is ("cylon" = Cylon strip)
                "demetrius", "rebel_basestar")  # Daybreak's Search for Home ships (DB-15)
SHIP_KINDS: Final = ("viper", "raptor", "raider", "heavy_raider", "basestar", "civilian")
CYLON_SHIP_KINDS: Final = ("raider", "heavy_raider", "basestar")
ACTIVATIONS: Final = (
    "activate_raiders",  # Activate Raiders icon
    "launch_raiders",  # Launch Raiders icon
    "activate_heavy_raiders",  # Activate Heavy Raiders and Centurions icon
    "activate_basestars",  # Activate Basestars icon (each basestar attacks Galactica)
)
WHO: Final = (
    "current",  # the current player
    "president",  # the holder of the President title
    "admiral",  # the holder of the Admiral title
    "self",  # who uses or holds this card / ability / location
    "chosen",  # the character picked by the enclosing choose_character
    "each",  # every player, from the current player on (choices made at once)
    "president_and_admiral",  # both title holders (one player holding both: counted twice)
    "each_human",  # every human player (not a revealed Cylon), from the current player on
)
CHARACTER_FILTERS: Final = (
    "other",  # not the chooser
    "on_galactica",  # stands on a Galactica location
    "in_brig",  # stands in the Brig
    "not_admiral",  # does not hold the Admiral title
    "president_or_admiral",  # holds the President or the Admiral title
    "can_gain_miracle",  # may gain a Miracle token now (Daybreak, DB-6.4)
    "without_mutiny",  # may hold Mutiny cards and holds none (Daybreak, DB-7)
    "holds_loyalty",  # holds a loyalty card (a Cylon Leader holds none, DB-9.2)
    "not_leader",  # not a Cylon Leader (Daybreak: Assign Vice President, DB-9.11 (4))
    "without_miracle",  # holds no Miracle token (Daybreak, Rescue Hera)
)
CHARACTER_TYPES: Final = ("political", "military", "pilot", "support",
                          "cylon_leader")  # Daybreak: a type of its own (DB-4.3)
CRISIS_KINDS: Final = ("skill_check", "event", "cylon_attack")
LOYALTY_TEAMS: Final = ("human", "cylon", "sympathizer", "mutineer")  # Daybreak: mutineer
DECKS: Final = (
    "character",
    "skill",
    "crisis",
    "super_crisis",
    "quorum",
    "destination",
    "kobol",
    "loyalty",
    "galactica_damage",
    "civilian_ship",
    "location",
    "title",
    "mutiny",  # Daybreak
    "motive",  # Daybreak: the Cylon Leader's Motive cards (DB-9.5)
    "mission",  # Daybreak's Search for Home (DB-15)
)
TIMINGS: Final[dict[str, str]] = {
    "action": "Uses one action of the Action step (or an extra action).",
    "static": "In force for as long as its source is in play; only static operations.",
    "setup": "Once, while the game is set up.",
    "start_of_own_turn": "At the start of the owner's turn.",
    "start_of_any_turn": "At the start of every player's turn.",
    "end_of_own_turn": "At the end of the owner's turn.",
    "draw_crisis": "Replaces the owner's draw in their Crisis step.",
    "after_own_crisis_drawn": "Right after the owner draws a Crisis card in their Crisis step.",
    "after_crisis_revealed": "Right after any Crisis card is revealed.",
    "after_crisis_choice": "After any player makes a choice on a Crisis card.",
    "before_crisis_check": "Before a skill check of a Crisis card is resolved.",
    "before_check_cards": "Before any card is added to a skill check.",
    "after_check_cards": "After all cards are added to a skill check, before they are revealed.",
    "after_check_total": "After a skill check's strength is totalled, before its result.",
    "after_check_resolved": "After a skill check's result is applied, before its cards go away.",
    "location_check": "When a player activates a location with a skill check (see `when`).",
    "before_die_roll": "Before any die is rolled.",
    "after_die_roll": "Right after a die is rolled.",
    "after_viper_attacked": "Right after a Cylon ship rolls to attack a viper.",
    "viper_launched_from_reserves": "When a viper is placed in a space area from the Reserves.",
    "after_repair_card": "After the owner plays a Repair skill card.",
    "before_location_activation": "Before the owner activates a location.",
    "jump_destination": "When the fleet jumps, at the step where the destination is chosen.",
    "jump_remove_ships": "When the fleet jumps, in its Remove Ships step (Daybreak games).",
    "end_of_own_movement": "When the owner's Movement step ends (Daybreak games).",
    "after_own_location_activation": "After the owner activated their location as an action.",
    "after_executive_order": "Daybreak: once a player the owner gave an Executive Order has "
    "finished moving and taking their actions.",
    "crisis_choice": "Daybreak: when the owner must make a choice on a Crisis card, as one more "
    "way to choose.",
    "after_own_mutiny_draw": "Daybreak: each time the owner draws a Mutiny card.",
    "after_population_loss": "Daybreak: right after the population dial goes down.",
    "before_civilian_destroyed": "Daybreak: before a civilian ship in a space area is turned "
    "over and destroyed.",
    "sleeper_phase": "In the Sleeper Agent phase, when loyalty cards are dealt.",
    "on_receive": "As soon as the card is received.",
    "skill_check": "Daybreak's Skill Check ability: while the card is part of a skill check, "
    "right after its cards are shuffled and divided; the current player resolves it, once "
    "per card title (DB-10.2-10.5).",
    # Daybreak's Cylon Leader sheets (leader_sheets.py)
    "another_player_discards": "When another player must discard skill cards (not down to "
    "the hand limit), before they choose which.",
    "start_of_cylon_activation": "At the start of any player's Activate Cylon Ships step.",
    "ends_infiltration_by_action": "When the owner uses an action to end their Infiltration.",
}
LIMITS: Final = ("once_per_game", "once_per_turn", "once_per_check", "once_per_roll")
CHECK_TARGETS: Final = ("self", "president", "any")  # whom a location check targets (`when`)
KEEP_UNTIL: Final = (
    "jump",  # the fleet jumps
    "civilian_destroyed",  # a civilian ship is destroyed
    "basestar_destroyed",  # a basestar is destroyed
    "used",  # its ability is used (then it is discarded)
    "never",  # for the rest of the game
)
ON_JUMP: Final = ("discard", "shuffle_into_deck", "stay")
FORBIDDABLE: Final = (
    "activate_location",  # activate `location`
    "activate_occupied_location",  # activate a location where another character stands
    "move",  # move by any means
    "move_to",  # move to `ship` (or `location`)
    "draw_crisis",  # draw Crisis cards (Crisis step is skipped)
    "look_at_loyalty",  # look at other players' loyalty cards
    "nominate_others_at_administration",  # choose anyone but the holder with Administration
    "activate_cylon_fleet",  # activate the Cylon Fleet location
    "skill_card_action",  # use the "Action:" of a skill card (of `skill_type`)
    "reveal",  # use the action printed on a "You Are a Cylon" card (reveal)
)
PEEK_DECKS: Final = ("crisis", "destination", "mission")
PEEK_PLACES: Final = ("top_or_bottom", "top")  # top: back on top, in any order
CRISIS_REST: Final = ("bottom", "discard")
RISK_SHIPS: Final = ("raptor", "viper")
VIPER_PLACES: Final = ("reserves", "space")
LAUNCH_SHIPS: Final = ("viper", "assault_raptor")  # what the Reserves launch into space
ATTACKERS: Final = ("unmanned_viper",)
KOBOL_EVENTS: Final = ("sleeper_agent_phase", "final_jump")
MOTIVE_SIDES: Final = ("human", "cylon")  # the side a Motive card shows (DB-9.5)
MOTIVE_WHEN: Final = (
    "any_time",  # revealed whenever its condition holds (DB-9.6)
    "game_over",  # revealed only once the game is over
)
# Daybreak's overlays turned to their destroyed side (DB-12.2, DB-12.4)
OVERLAY_SIDES: Final = ("hub_destroyed", "colonial_one_destroyed")
# the Rebel Basestar's Allegiance marker (DB-15.13) and what a Mission may take off the board
ALLEGIANCES: Final = ("human", "cylon")
REMOVABLE_CYLONS: Final = ("basestar", "heavy_raider", "centurion")

# Filled from board.yaml and locations.yaml when the data is loaded.
SPACE_AREAS: tuple[str, ...] = ()
LOCATIONS: tuple[str, ...] = ()

_ENUMS: dict[str, tuple[str, ...]] = {
    "resource": RESOURCES,
    "skill_type": ALL_SKILL_TYPES,
    "title": TITLES,
    "ship": SHIPS,
    "ship_kind": SHIP_KINDS,
    "cylon_ship": CYLON_SHIP_KINDS,
    "activation": ACTIVATIONS,
    "who": WHO,
    "character_filter": CHARACTER_FILTERS,
    "character_type": CHARACTER_TYPES,
    "crisis_kind": CRISIS_KINDS,
    "team": LOYALTY_TEAMS,
    "timing": tuple(TIMINGS),
    "limit": LIMITS,
    "check_target": CHECK_TARGETS,
    "keep_until": KEEP_UNTIL,
    "on_jump": ON_JUMP,
    "forbidden": FORBIDDABLE,
    "peek_deck": PEEK_DECKS,
    "peek_place": PEEK_PLACES,
    "crisis_rest": CRISIS_REST,
    "risk_ship": RISK_SHIPS,
    "viper_place": VIPER_PLACES,
    "launch_ship": LAUNCH_SHIPS,
    "attacker": ATTACKERS,
    "kobol_event": KOBOL_EVENTS,
    "overlay_side": OVERLAY_SIDES,
    "motive_side": MOTIVE_SIDES,
    "motive_when": MOTIVE_WHEN,
    "allegiance": ALLEGIANCES,
    "removable_cylon": REMOVABLE_CYLONS,
    "resource_end": ("highest", "lowest"),
    "space_area": (),
    "location": (),
}

# --------------------------------------------------------------------------------------------
# The operation registry.
#
# params: name -> kind; a trailing "?" marks an optional parameter. Kinds:
#   int, posint (>= 1), nonneg (>= 0), die (1..8), bool, str, who, place (a location or a
#   ship id), skill_types (a list of skill types, or "any"), effects (a list of operations),
#   conditions, options, outcomes, abilities, ship_counts (ship kind -> count),
#   enum:<name>, list:<kind>.
# scalar: the parameter a bare value stands for (``jump_track: -1`` == ``{steps: -1}``).
# min_params: at least this many parameters must be given.
# one_of: exactly one parameter of each group must be given.
# area_params: the parameter names are space area ids, each of this kind.
# static: a lasting rule, allowed only in abilities with timing "static" (and vice versa).
# binds: "chosen" means `who: chosen` may be used inside this operation's effects.
# --------------------------------------------------------------------------------------------

OPERATIONS: Final[dict[str, dict[str, Any]]] = {
    # resources and tracks
    "gain": {
        "doc": "Change resources by the given amounts (negative = lose); the engine clamps "
        "each dial to 0..15.",
        "params": {"fuel": "int?", "food": "int?", "morale": "int?", "population": "int?"},
        "min_params": 1,
    },
    "jump_track": {
        "doc": "Move the fleet token this many spaces (+ toward Auto-Jump, - toward Start); "
        "reaching Auto-Jump jumps the fleet.",
        "params": {"steps": "int"},
        "scalar": "steps",
    },
    "nukes": {
        "doc": "Change the Admiral's nuke tokens (used nukes are removed from the game).",
        "params": {"change": "int"},
        "scalar": "change",
    },
    "add_centurions": {
        "doc": "Put this many centurion markers on the start of the Boarding Party track.",
        "params": {"count": "posint"},
        "scalar": "count",
    },
    "destroy_centurions": {
        "doc": "Remove this many centurion markers from the Boarding Party track (chooser: "
        "the player resolving the effect).",
        "params": {"count": "posint"},
        "scalar": "count",
    },
    "place_by_kobol": {
        "doc": "Put this card face up next to the Kobol card; it counts as `distance`.",
        "params": {"distance": "posint"},
        "scalar": "distance",
    },
    # skill, quorum and loyalty cards
    "draw_skills": {
        "doc": "`who` draws `count` skill cards. Without `types`: from their own skill set "
        "(with `from_set_of`: from that player's); with a list: from those types (per card, "
        "their choice); `any`: any type.",
        "params": {"who": "who", "count": "posint", "types": "skill_types?",
                   "from_set_of": "who?"},
    },
    "discard_skills": {
        "doc": "`who` discards `count` skill cards of their choice (or `all` of them); "
        "`random: true` makes the discarded cards random.",
        "params": {"who": "who", "count": "posint?", "all": "bool?", "random": "bool?"},
        "one_of": [("count", "all")],
    },
    "draw_quorum": {
        "doc": "`who` draws `count` Quorum cards into the Quorum hand.",
        "params": {"who": "who", "count": "posint"},
    },
    "discard_random_quorum": {
        "doc": "The President discards `count` random Quorum cards from the Quorum hand.",
        "params": {"count": "posint"},
        "scalar": "count",
    },
    "play_quorum": {
        "doc": "`who` (the President) plays one Quorum card from hand without using an action.",
        "params": {"who": "who"},
        "scalar": "who",
    },
    "resolve_from_quorum_deck": {
        "doc": "`who` draws `count` Quorum cards, resolves one of them and puts the rest on "
        "the bottom of the Quorum deck.",
        "params": {"who": "who", "count": "posint"},
    },
    "deal_loyalty": {
        "doc": "Deal `count` extra loyalty cards from the loyalty deck to `who`.",
        "params": {"who": "who", "count": "posint"},
    },
    "give_loyalty_cards": {
        "doc": "`who` gives all of their unrevealed loyalty cards to a player of their choice.",
        "params": {"who": "who"},
        "scalar": "who",
    },
    "look_at_loyalty": {
        "doc": "`who` secretly looks at `count` random loyalty cards of `target` (or `all`).",
        "params": {"who": "who", "target": "who", "count": "posint?", "all": "bool?"},
        "one_of": [("count", "all")],
    },
    "become_revealed_cylon": {
        "doc": "`who` becomes a revealed Cylon (reveal steps: discard to 3, lose titles, move "
        "to Resurrection Ship); `super_crisis: false` = no Super Crisis card; "
        "`cylon_fleet: false` = may never activate Cylon Fleet; the turn does not end.",
        "params": {"who": "who", "super_crisis": "bool", "cylon_fleet": "bool"},
    },
    "remove_from_game": {
        "doc": "Remove this card from the game instead of discarding it.",
        "params": {},
    },
    "keep_in_play": {
        "doc": "Keep this card in play (in front of `holder`, default the user) until one of "
        "`until` happens; meanwhile its `abilities` apply. `on_jump` says what happens to it "
        "if the fleet jumps while it is in play (default: discard if `jump` is in `until`).",
        "params": {
            "until": "list:enum:keep_until",
            "on_jump": "enum:on_jump?",
            "holder": "who?",
            "abilities": "abilities?",
        },
    },
    # Miracle tokens (Daybreak)
    "gain_miracle": {
        "doc": "Each of `who` who may hold another Miracle token takes one from the supply "
        "(a player already at their limit, 1 for most characters, gains none; nor does a "
        "revealed Cylon; an empty supply gives none).",
        "params": {"who": "who"},
        "scalar": "who",
    },
    "take_skills": {
        "doc": "`who` takes every skill card of `from` (no one else sees which).",
        "params": {"who": "who", "from": "who"},
    },
    "brig_at_end_of_turn": {
        "doc": "`who` is sent to the Brig at the end of the current turn.",
        "params": {"who": "who"},
        "scalar": "who",
    },
    "activate_again": {
        "doc": "Activate again the location just activated (the effect's `location`).",
        "params": {},
    },
    "activate_locations": {
        "doc": "`who` activates up to `count` different undamaged non-Cylon locations, one "
        "after another, wherever they stand.",
        "params": {"who": "who", "count": "posint"},
    },
    "give_skills": {
        "doc": "`who` picks `count` skill cards of their hand and gives them to `to`.",
        "params": {"who": "who", "to": "who", "count": "posint"},
    },
    "quarantine_civilian": {
        "doc": "`who` looks at every civilian ship in space and picks one; a new one is drawn "
        "face down in its place (if any is left) and the picked one is shuffled into the pile.",
        "params": {"who": "who"},
        "scalar": "who",
    },
    "trade_miracle": {
        "doc": "`who` gives one of their Miracle tokens to a player in their location who may "
        "hold another, or takes that player's token if they may hold another themselves.",
        "params": {"who": "who"},
        "scalar": "who",
    },
    # titles and characters
    "give_title": {
        "doc": "Give `title` (with the Quorum hand or the nukes) to `to`.",
        "params": {"title": "enum:title", "to": "who"},
    },
    "title_to_next_in_line": {
        "doc": "`title` goes to the highest player in its line of succession other than its "
        "holder (nothing happens if nobody else may hold it).",
        "params": {"title": "enum:title"},
        "scalar": "title",
    },
    "move_character": {
        "doc": "Move `who` to `to`: a location id, or a ship id meaning a location of that "
        "ship picked by `chooser` (default: the moved player). A pilot's viper goes back to "
        "the Reserves. Only an effect with `out_of_brig` (one that names the Brig) takes a "
        "character out of the Brig; nothing moves a stranded character.",
        "params": {"who": "who", "to": "place", "chooser": "who?", "out_of_brig": "bool?"},
    },
    "move_characters": {
        "doc": "Move every character standing in `from` (a location, or every location of a "
        "ship) to `to`.",
        "params": {"from": "place", "to": "enum:location"},
    },
    "stranded": {
        "doc": "The owner starts off the board: until placed they may not move, be moved or "
        "take actions. At the start of their turn number `until_turn`, put them on `location`.",
        "params": {"until_turn": "posint", "location": "enum:location"},
    },
    "take_actions": {
        "doc": "`who` takes `count` extra actions now.",
        "params": {"who": "who", "count": "posint"},
    },
    "set_action_count": {
        "doc": "The owner takes this many actions (instead of 1) in this turn's Action step.",
        "params": {"count": "posint"},
        "scalar": "count",
    },
    "grant_actions": {
        "doc": "`who` may either move and then take 1 action, or not move and take 2 actions.",
        "params": {"who": "who"},
        "scalar": "who",
    },
    # choices, dice and conditions
    "choose": {
        "doc": "`who` picks one of `options` ({label, requires?, effects}); an option whose "
        "`requires` conditions fail may not be picked.",
        "params": {"who": "who", "options": "options"},
    },
    "choose_character": {
        "doc": "`who` picks a character (filtered by `among`, all filters must hold); inside "
        "`effects`, `chosen` is that character. `optional: true`: may pick nobody.",
        "params": {
            "who": "who",
            "among": "list:enum:character_filter?",
            "optional": "bool?",
            "effects": "effects",
        },
        "binds": "chosen",
    },
    "each_player": {
        "doc": "For each character passing every `among` filter, from the current player on, "
        "`effects` resolve in turn with `chosen` meaning that character.",
        "params": {"among": "list:enum:character_filter?", "effects": "effects"},
        "binds": "chosen",
    },
    "roll": {
        "doc": "`who` (default: the current player) rolls the die; apply the outcome whose "
        "min..max holds the (modified) result; results outside every outcome do nothing.",
        "params": {"who": "who?", "outcomes": "outcomes"},
    },
    "risk": {
        "doc": "Only if `count` ships of kind `ship` are in the Reserves: roll; at least "
        "`need` applies `success`, below applies `failure`.",
        "params": {
            "ship": "enum:risk_ship",
            "count": "posint",
            "need": "die",
            "success": "effects",
            "failure": "effects",
        },
    },
    "if": {
        "doc": "Apply `then` if all `conditions` hold, else `else`.",
        "params": {"conditions": "conditions", "then": "effects", "else": "effects?"},
    },
    "skill_check": {
        "doc": "A skill check: `skills` count positive, every other type negative. Total >= "
        "`difficulty`: pass; else total >= `partial_at` (if given): partial; else fail.",
        "params": {
            "difficulty": "posint",
            "skills": "list:enum:skill_type",
            "partial_at": "posint?",
            "pass": "effects",
            "partial": "effects?",
            "fail": "effects",
        },
    },
    # crisis flow
    "resolve_another_crisis": {
        "doc": "After this card's Activate Cylon Ships step, go back to the Crisis step: draw "
        "a new Crisis card and resolve it.",
        "params": {},
    },
    "draw_crisis_choice": {
        "doc": "Draw `count` Crisis cards, resolve one of them; the others go to `rest`. "
        "`skip_ship_steps: true`: no Activate Cylon Ships / Prepare for Jump for it.",
        "params": {
            "count": "posint",
            "rest": "enum:crisis_rest",
            "skip_ship_steps": "bool?",
            "jump_step": "bool?",  # with skip_ship_steps: Prepare for Jump still happens
        },
    },
    "replace_crisis": {
        "doc": "Discard the Crisis card just revealed and draw a new one in its place.",
        "params": {},
    },
    "change_choice": {
        "doc": "`who` replaces the choice just made on a Crisis card by the other option.",
        "params": {"who": "who"},
        "scalar": "who",
    },
    "play_super_crisis": {
        "doc": "`who` plays a Super Crisis card from hand; it is resolved like a Crisis card.",
        "params": {"who": "who"},
        "scalar": "who",
    },
    "gain_extreme_resource": {
        "doc": "Daybreak (DB-13.5): the resource with the `end` (highest or lowest) value "
        "changes by `amount`; when several tie, the current player chooses which.",
        "params": {"end": "enum:resource_end", "amount": "int"},
    },
    "draw_super_crisis": {
        "doc": "Daybreak: `who` draws 1 Super Crisis card.",
        "params": {"who": "who"},
        "scalar": "who",
    },
    "flip_overlay": {
        "doc": "Daybreak: turn an overlay to its destroyed `side` (Hub Destroyed: those on the "
        "Resurrection Ship stand on Hub Destroyed; Colonial One Destroyed: everyone on Colonial "
        "One goes to Sickbay). A game without the overlays: nothing.",
        "params": {"side": "enum:overlay_side"},
        "scalar": "side",
    },
    # Daybreak's Search for Home (DB-15): Missions, Demetrius and the Rebel Basestar
    "activate_mission": {
        "doc": "Search for Home's Bridge: if no card lies on Active Mission, the top Mission "
        "card goes there face up and its skill check is resolved; no Crisis card is drawn in "
        "this turn's Crisis step.",
        "params": {},
    },
    "count_mission_distance": {
        "doc": "The Active Mission card counts as its distance from now on (it goes next to "
        "Earth at the next jump).",
        "params": {},
    },
    "turn_mission_face_down": {
        "doc": "Turn the Active Mission card face down (shuffled back into the Mission deck "
        "at the next jump).",
        "params": {},
    },
    "place_rebel_basestar": {
        "doc": "The Rebel Basestar board enters play, its Allegiance marker on `allegiance`.",
        "params": {"allegiance": "enum:allegiance"},
        "scalar": "allegiance",
    },
    "remove_cylon_ships": {
        "doc": "Every Cylon ship of `kinds` leaves the board (centurions: the Boarding Party "
        "track); then `from_game` of each kind leave the game for good.",
        "params": {"kinds": "list:enum:removable_cylon", "from_game": "nonneg"},
    },
    "repair_any_location": {
        "doc": "`who` repairs one damaged Galactica location of their choice.",
        "params": {"who": "who"},
        "scalar": "who",
    },
    "pay_miracle_or_super_crisis": {
        "doc": "`who` discards a Miracle token or a Super Crisis card (their choice).",
        "params": {"who": "who"},
        "scalar": "who",
    },
    "search_skill_deck": {
        "doc": "`who` searches one skill deck and its discard pile for `count` cards, takes "
        "them, then that discard pile is shuffled into the deck.",
        "params": {"who": "who", "count": "posint"},
    },
    "raider_bay": {
        "doc": "`who` picks a space area and puts there either 2 raiders or 4 unmanned "
        "vipers, then activates only the ships just placed.",
        "params": {"who": "who"},
        "scalar": "who",
    },
    "draw_mutiny_spared": {
        "doc": "Daybreak's Press Room: `who` draws 1 Mutiny card without going to the Brig, "
        "then keeps `keep` of their Mutiny cards (their choice) and discards the rest.",
        "params": {"who": "who", "keep": "posint"},
    },
    "discard_mutiny": {
        "doc": "Daybreak: `who` may discard one of their Mutiny cards (`optional: true`: or "
        "none).",
        "params": {"who": "who", "optional": "bool?"},
    },
    "unseat_mutinous_president": {
        "doc": "Daybreak's Administration: if the President holds a Mutiny card, `who` chooses "
        "a player to gain the President title; with Accept Prophecy in play the President "
        "may discard it to keep the title.",
        "params": {"who": "who"},
        "scalar": "who",
    },
    "swap_super_crisis": {
        "doc": "`who` discards their Super Crisis card and draws a new one.",
        "params": {"who": "who"},
        "scalar": "who",
    },
    "peek_deck": {
        "doc": "`who` secretly looks at the top `count` card(s) of one of `decks` (their "
        "choice) and puts each back on the top or on the bottom, in the order they like. "
        "`scouting: true`: a Launch Scout's look (a sheet's scout_count may widen it).",
        "params": {
            "who": "who",
            "decks": "list:enum:peek_deck",
            "count": "posint",
            "place": "enum:peek_place",
            "scouting": "bool?",
        },
    },
    "choose_destination": {
        "doc": "At this jump `who` draws `draw` Destination cards and picks the destination "
        "instead of the Admiral.",
        "params": {"who": "who", "draw": "posint"},
    },
    "ftl_jump": {
        "doc": "FTL Control: roll, on 6 or less lose the population printed on the fleet "
        "token's space, then jump.",
        "params": {},
    },
    # skill checks (modifiers used by abilities)
    "modify_difficulty": {
        "doc": "Change the difficulty of the current skill check by `amount`; with "
        "`either_sign: true` the user picks + or -.",
        "params": {"amount": "int", "either_sign": "bool?"},
    },
    "count_positive": {
        "doc": "In the current (or this crisis's) skill check, cards of `types` and/or of "
        "`strength` count positive.",
        "params": {"types": "list:enum:skill_type?", "strength": "posint?"},
        "min_params": 1,
    },
    "zero_strength_type": {
        "doc": "`who` names a skill type: in the current check every card of it is strength 0.",
        "params": {"who": "who"},
        "scalar": "who",
    },
    "cards_face_up": {
        "doc": "Every card of the current skill check (Destiny cards too) is added face up.",
        "params": {},
    },
    "set_check_result": {
        "doc": "`who` chooses pass or fail for the current skill check instead of resolving it.",
        "params": {"who": "who"},
        "scalar": "who",
    },
    "take_check_cards": {
        "doc": "`who` takes every card used in the skill check into hand instead of the "
        "discard piles.",
        "params": {"who": "who"},
        "scalar": "who",
    },
    # Daybreak's Skill Check abilities (check_abilities.py) and the cards that change them
    "check_bonus": {
        "doc": "Add 1 to the current check's total for each of its cards of printed strength "
        "`per_strength`, counted now: the bonus stays if cards leave the check later.",
        "params": {"per_strength": "nonneg"},
    },
    "take_from_check": {
        "doc": "`who` may take 1 card of printed strength `max_strength` or less (not one "
        "named `except_name`) out of the current check into their hand.",
        "params": {"who": "who", "max_strength": "nonneg", "except_name": "str"},
    },
    "remove_from_check_for_viper": {
        "doc": "`who` may damage 1 viper (in the Reserves or in space) to remove 1 other card "
        "of the current check to its discard pile.",
        "params": {"who": "who"},
        "scalar": "who",
    },
    "on_check_result": {
        "doc": "When the current check's result is known: `pass` if it passes, else `fail`.",
        "params": {"pass": "effects", "fail": "effects"},
    },
    "activate_location": {
        "doc": "`who` uses the action of one of `locations` (his choice), wherever he stands "
        "and even if it is damaged.",
        "params": {"who": "who", "locations": "list:enum:location"},
    },
    "add_to_check_face_up": {
        "doc": "If `who` is a human player: he may add 1 skill card from his hand face up to "
        "the current check; if he does not, `otherwise` happens.",
        "params": {"who": "who", "otherwise": "effects"},
    },
    "on_check_margin": {
        "doc": "When the current check's result is known: if its total beats its printed "
        "difficulty by `margin` or more, `effects` happen.",
        "params": {"margin": "posint", "effects": "effects"},
    },
    "no_check_abilities": {
        "doc": "No Skill Check ability resolves in the current check.",
        "params": {},
    },
    "instead_of_pass": {
        "doc": "If the current check passes, `effects` happen instead of its pass result.",
        "params": {"effects": "effects"},
    },
    "shuffle_into_destiny": {
        "doc": "Draw `count` cards of skill type `skill_type` and shuffle them into the "
        "Destiny deck.",
        "params": {"skill_type": "enum:skill_type", "count": "posint"},
    },
    "reroll": {
        "doc": "Roll the die just rolled again; the new result counts. For a viper that is "
        "piloted, add `modifier_if_piloted` to the new result.",
        "params": {"modifier_if_piloted": "int?"},
    },
    "roll_modifier": {
        "doc": "Add `amount` to the result of the die about to be rolled.",
        "params": {"amount": "int"},
        "scalar": "amount",
    },
    # ships
    "place_ships": {
        "doc": "Put ships in space areas: {<space area>: {<ship kind>: count}}. Cylon ships "
        "from the supply, vipers from the Reserves, civilian ships drawn face down from the "
        "pile; if short, the current player picks what is left out.",
        "params": {},
        "area_params": "ship_counts",
        "min_params": 1,
    },
    "activate": {
        "doc": "Activate Cylon ships as the activation `icon` says; `just_placed: true`: only "
        "the ships of that kind placed by this card.",
        "params": {"icon": "enum:activation", "just_placed": "bool?"},
        "scalar": "icon",
    },
    "launch_ships": {
        "doc": "Each basestar launches these Cylon ships into its space area.",
        "params": {"raider": "posint?", "heavy_raider": "posint?"},
        "min_params": 1,
    },
    "destroy_ships": {
        "doc": "Destroy this many Cylon ships of each given kind, anywhere (chooser: the "
        "player resolving the effect).",
        "params": {"raider": "posint?", "heavy_raider": "posint?", "basestar": "posint?"},
        "min_params": 1,
    },
    "damage_galactica": {
        "doc": "Damage Galactica `count` times (one random damage token each). With `look`: "
        "`chooser` draws up to `look` tokens, resolves `count` of them, returns the rest.",
        "params": {"count": "posint", "look": "posint?", "chooser": "who?"},
        "scalar": "count",
    },
    "damage_vipers": {
        "doc": "Damage `count` vipers in `where` (space: the current player chooses which).",
        "params": {"where": "enum:viper_place", "count": "posint"},
    },
    "destroy_raptors": {
        "doc": "Destroy this many raptors (removed from the game).",
        "params": {"count": "posint"},
        "scalar": "count",
    },
    "gain_assault_raptor": {
        "doc": "Daybreak: an Assault Raptor from beside the board joins the Reserves; with "
        "`destroy_raptor: true` a Raptor of the Reserves is destroyed for it (none there, or "
        "none left beside the board: nothing).",
        "params": {"destroy_raptor": "bool"},
    },
    "repair_ships": {
        "doc": "`chooser` (default: the player resolving) repairs up to `vipers` damaged "
        "vipers and `raptors` raptors back to the Reserves; `destroyed: true` lets destroyed "
        "ones come back too.",
        "params": {
            "vipers": "posint?",
            "raptors": "posint?",
            "destroyed": "bool?",
            "chooser": "who?",
        },
        "min_params": 1,
    },
    "repair_location": {
        "doc": "Repair the damaged Galactica location where `who` stands.",
        "params": {"who": "who"},
        "scalar": "who",
    },
    "recall_vipers": {
        "doc": "Every undamaged viper in space (piloted or not) goes back to the Reserves.",
        "params": {},
    },
    "destroy_civilians": {
        "doc": "Draw this many civilian ships from the pile (if it is empty, the current "
        "player picks from the board) and destroy them (their losses apply).",
        "params": {"count": "posint"},
        "scalar": "count",
    },
    "inspect_civilians": {
        "doc": "The user secretly looks at `count` civilian ships in space; with `move: true` "
        "they may move each of them to an adjacent space area.",
        "params": {"count": "posint", "move": "bool?"},
    },
    "activate_vipers": {
        "doc": "Make up to `count` viper activations (launch, move or attack); "
        "`unmanned_only: true` excludes piloted vipers.",
        "params": {"count": "posint", "unmanned_only": "bool?"},
    },
    "launch_and_pilot": {
        "doc": "`who` launches a viper from the Reserves into a launch area and pilots it "
        "(if none is in the Reserves, first return an unmanned viper from space).",
        "params": {"who": "who"},
        "scalar": "who",
    },
    "pilot_launched_viper": {
        "doc": "`who` leaves their location and pilots the viper just launched.",
        "params": {"who": "who"},
        "scalar": "who",
    },
    "attack_with_viper": {
        "doc": "`who` attacks with the viper they pilot, up to `times` times.",
        "params": {"who": "who", "times": "posint"},
    },
    "galactica_attack": {
        "doc": "Galactica attacks one Cylon ship (attack table).",
        "params": {},
    },
    "attack_centurion": {
        "doc": "Attack one centurion on the Boarding Party track (destroyed on 7-8); "
        "`modifier` is added to the roll.",
        "params": {"modifier": "int?"},
    },
    "launch_nuke": {
        "doc": "Spend 1 nuke on a basestar: 1-2 damaged twice, 3-6 destroyed, 7-8 destroyed "
        "and 3 raiders in its area destroyed.",
        "params": {},
    },
    "steal_skill": {
        "doc": "`who` looks at the hand of a player of their choice and takes 1 skill card.",
        "params": {"who": "who"},
        "scalar": "who",
    },
    # Daybreak: Cylon Leaders (app/games/bsg/infiltration.py)
    "infiltrate": {
        "doc": "`who`, a Cylon Leader not Infiltrating, moves to a Galactica location of their "
        "choice and Infiltrates (DB-9.10).",
        "params": {"who": "who"},
        "scalar": "who",
    },
    # Daybreak: Mutiny cards (app/games/bsg/mutiny.py)
    "draw_mutiny": {
        "doc": "`who` draws `count` Mutiny cards (never a Cylon player); a normal player who "
        "then holds more than 1 (the Mutineer: 2) goes to the Brig, where they keep 1 (2).",
        "params": {"who": "who", "count": "posint"},
    },
    "discard_played": {
        "doc": "The card being played goes to its discard pile now, before the rest of its "
        "effects (a Mutiny card that then draws another).",
        "params": {},
    },
    "take_random_skills": {
        "doc": "`who` takes `count` random skill cards from the hand of `from`.",
        "params": {"who": "who", "from": "who", "count": "posint"},
    },
    "bury_quorum": {
        "doc": "`who` looks at the President's Quorum hand and puts `count` of its cards on "
        "the bottom of the Quorum deck, one after the other.",
        "params": {"who": "who", "count": "posint"},
    },
    "return_civilian": {
        "doc": "If any civilian ship is in space, `who` picks one; it is shuffled back into "
        "the pile of unused civilian ships.",
        "params": {"who": "who"},
        "scalar": "who",
    },
    "launch_from_reserves": {
        "doc": "The user puts one `ship` from the Reserves into a space area with a launch "
        "icon of their choice, then may activate that ship up to `activations` times.",
        "params": {"ship": "enum:launch_ship", "activations": "nonneg"},
    },
    "place_ships_in_area": {
        "doc": "`who` picks a space area; `ships` are placed there as place_ships does.",
        "params": {"who": "who", "ships": "ship_counts"},
    },
    # Daybreak's last character sheets and skill cards (daybreak_cards.py and the modules it
    # names)
    "activate_own_location": {
        "doc": "`who` activates the location they stand in (if they may use its action now).",
        "params": {"who": "who"},
        "scalar": "who",
    },
    "play_from_mutiny_deck": {
        "doc": "`who` draws `draw` Mutiny cards, plays 1 of them at once and puts the others on "
        "the bottom of the Mutiny deck; the cards never join their hand (no Brig), and nobody "
        "directs these draws.",
        "params": {"who": "who", "draw": "posint"},
    },
    "draw_then_discard": {
        "doc": "`who` draws the top `draw` cards of the `skill_type` deck, discards `discard` of "
        "them and keeps the others.",
        "params": {"who": "who", "skill_type": "enum:skill_type", "draw": "posint",
                   "discard": "posint"},
    },
    "escort_civilian": {
        "doc": "The civilian ship about to be destroyed is not: `who` destroys an unmanned viper "
        "(in the Reserves or in space) instead, and the ship is shuffled back into the pile "
        "of unused civilian ships unseen.",
        "params": {"who": "who"},
        "scalar": "who",
    },
    "quorum_to_president": {
        "doc": "`who` draws 2 Quorum cards, gives 1 of them to the President and then plays or "
        "discards the other.",
        "params": {"who": "who"},
        "scalar": "who",
    },
    "cylon_ships_hold": {
        "doc": "No Cylon ship launches or activates for the rest of this turn.",
        "params": {},
    },
    "activate_one_viper": {
        "doc": "`who` picks 1 unmanned viper, in the Reserves or in space, and activates it up "
        "to `times` times (launching it from the Reserves is its first activation).",
        "params": {"who": "who", "times": "posint"},
    },
    "launch_beside_pilot": {
        "doc": "`who` puts up to `count` unmanned vipers of the Reserves into a space area "
        "holding a piloted viper, then activates each of them once.",
        "params": {"who": "who", "count": "posint"},
    },
    # Daybreak's Cylon Leader sheets (leader_sheets.py)
    "reduce_discard": {
        "doc": "Another player who must discard skill cards now (the owner picks one if "
        "several must) discards `count` fewer.",
        "params": {"count": "posint"},
        "scalar": "count",
    },
    "activate_any_location": {
        "doc": "`who` activates one undamaged location of any ship, Cylon locations too, "
        "wherever they stand (from the Brig not the Hangar Deck); a crisis resolved by "
        "Caprica this way keeps its Activate Cylon Ships step; Hub Destroyed used while "
        "Infiltrating ends the Infiltration.",
        "params": {"who": "who"},
        "scalar": "who",
    },
    "choose_cylon_activation": {
        "doc": "`who` picks one Cylon activation (a kind of ship activates, or the basestars "
        "launch raiders) done instead of the icons of the Crisis card being resolved.",
        "params": {"who": "who"},
        "scalar": "who",
    },
    "end_infiltration_elsewhere": {
        "doc": "`who`, ending their Infiltration by an action, moves to a Cylon location of "
        "their choice instead of the Resurrection Ship, then takes 1 more action.",
        "params": {"who": "who"},
        "scalar": "who",
    },
    "end_own_infiltration": {
        "doc": "`who` ends their Infiltration and moves to the Resurrection Ship (`stay: "
        "true`: stays where they are).",
        "params": {"who": "who", "stay": "bool?"},
        "scalar": "who",
    },
    # lasting rules (abilities with timing "static" only)
    "forbid": {
        "doc": "While in force, `who` (default: every player) may not do `action` "
        "(with `location`/`ship`/`skill_type` as object, `except` as exceptions).",
        "params": {
            "action": "enum:forbidden",
            "location": "enum:location?",
            "ship": "enum:ship?",
            "except": "list:enum:location?",
            "skill_type": "enum:skill_type?",
            "who": "who?",
        },
        "static": True,
    },
    "discard_to_activate_viper": {
        "doc": "While in force, a player may activate a viper (launch, move or attack) only by "
        "first discarding `count` skill cards of their choice.",
        "params": {"count": "posint"},
        "scalar": "count",
        "static": True,
    },
    "hand_limit": {
        "doc": "The owner's skill hand limit is this number (instead of 10).",
        "params": {"limit": "posint"},
        "scalar": "limit",
        "static": True,
    },
    "discard_randomly": {
        "doc": "Whenever the owner is forced to discard skill cards, they are picked at random.",
        "params": {},
        "static": True,
    },
    "launch_bonus": {
        "doc": "Whenever a basestar launches raiders or heavy raiders, it launches this many "
        "more of the same kind.",
        "params": {"count": "posint"},
        "scalar": "count",
        "static": True,
    },
    "attack_modifier": {
        "doc": "Add `amount` to the attack rolls of `attacker`.",
        "params": {"attacker": "enum:attacker", "amount": "int"},
        "static": True,
    },
    "skills_forfeited": {
        "doc": "Daybreak's Hub Destroyed: a Cylon player here draws no skill cards in Receive "
        "Skills and discards every Super Crisis card they hold instead.",
        "params": {},
        "static": True,
    },
    "receive_skills_limit": {
        "doc": "A character here draws only this many skill cards in Receive Skills (types "
        "from their skill set).",
        "params": {"count": "posint"},
        "scalar": "count",
        "static": True,
    },
    "scout_count": {
        "doc": "A Launch Scout played by the owner shows this many cards instead of 1.",
        "params": {"count": "posint"},
        "scalar": "count",
        "static": True,
    },
    "skill_action_discard": {
        "doc": "To play a skill card as an action the owner must also discard this many skill "
        "cards.",
        "params": {"count": "posint"},
        "scalar": "count",
        "static": True,
    },
    "crisis_discard_fewer": {
        "doc": "When a Crisis card makes the owner discard skill cards, they discard this many "
        "fewer (once per Crisis card).",
        "params": {"count": "posint"},
        "scalar": "count",
        "static": True,
    },
    "receive_skills_fewer": {
        "doc": "The owner draws this many fewer skill cards in Receive Skills (they pick the "
        "type(s) they draw fewer of).",
        "params": {"count": "posint"},
        "scalar": "count",
        "static": True,
    },
    "directs_mutiny_draws": {
        "doc": "Each time a player draws a Mutiny card, the owner looks at the top `look` "
        "cards of the Mutiny deck instead, gives that player 1 of them and puts the others on "
        "the bottom.",
        "params": {"look": "posint"},
        "scalar": "look",
        "static": True,
    },
    "damaged_viper_destroyed": {
        "doc": "A viper the owner pilots that would be damaged is destroyed instead.",
        "params": {},
        "static": True,
    },
    "check_card_limit": {
        "doc": "A character here may add at most this many cards to each skill check.",
        "params": {"count": "posint"},
        "scalar": "count",
        "static": True,
    },
    # Daybreak's Cylon Leader sheets (leader_sheets.py)
    "contribution_limit": {
        "doc": "The owner may add up to `count` cards to each skill check (`infiltrating` "
        "while Infiltrating), instead of a Cylon player's or Infiltrator's limit.",
        "params": {"count": "posint", "infiltrating": "posint"},
        "static": True,
    },
    "no_check_cards": {
        "doc": "The owner may not add cards to skill checks.",
        "params": {},
        "static": True,
    },
    "first_check_card_face_up": {
        "doc": "The first card the owner adds to each skill check goes in face up.",
        "params": {},
        "static": True,
    },
    "no_receive_skills": {
        "doc": "The owner draws no skill cards in their Receive Skills step.",
        "params": {},
        "static": True,
    },
    "infiltration_skills": {
        "doc": "While Infiltrating the owner draws this many extra skill cards in Receive "
        "Skills (instead of 1).",
        "params": {"count": "posint"},
        "scalar": "count",
        "static": True,
    },
    "move_costs_super_crisis": {
        "doc": "The owner must discard a Super Crisis card to move to another location.",
        "params": {},
        "static": True,
    },
}

# Conditions, used by `requires` of options, `conditions` of abilities and the `if` operation.
CONDITIONS: Final[dict[str, dict[str, Any]]] = {
    "has_nukes": {"doc": "The Admiral holds at least one nuke token.", "params": {}},
    "resource_below": {
        "doc": "`resource` is below `value`.",
        "params": {"resource": "enum:resource", "value": "posint"},
    },
    "resource_in_red": {
        "doc": "At least one resource is in its red zone (board.yaml red_at_or_below).",
        "params": {},
    },
    "in_location": {
        "doc": "`who` stands in `place` (a location, or any location of a ship).",
        "params": {"who": "who", "place": "place"},
    },
    "not_in_location": {
        "doc": "`who` does not stand in `place`.",
        "params": {"who": "who", "place": "place"},
    },
    "piloting": {"doc": "`who` pilots a viper.", "params": {"who": "who"}},
    "has_skill": {
        "doc": "`who` has `type` in their skill set.",
        "params": {"who": "who", "type": "enum:skill_type"},
    },
    "hand_size": {
        "doc": "`who` holds exactly `equals` skill cards.",
        "params": {"who": "who", "equals": "nonneg"},
    },
    "has_title": {
        "doc": "`who` holds `title`.",
        "params": {"who": "who", "title": "enum:title"},
    },
    "lacks_title": {
        "doc": "`who` does not hold `title`.",
        "params": {"who": "who", "title": "enum:title"},
    },
    "may_hold_title": {
        "doc": "`who` may hold a title: not a revealed Cylon, nor a Cylon Leader (DB-9.11 (4)).",
        "params": {"who": "who"},
    },
    "holds_super_crisis": {"doc": "`who` holds a Super Crisis card.", "params": {"who": "who"}},
    "distance_at_most": {
        "doc": "The distance travelled is at most `value`.",
        "params": {"value": "nonneg"},
    },
    "jump_track_blue": {
        "doc": "The fleet token is on a blue space of the Jump Preparation track.",
        "params": {},
    },
    "own_turn": {"doc": "It is the owner's turn.", "params": {}},
    "check_passing": {
        "doc": "The current skill check is totalled and its total reaches its difficulty.",
        "params": {},
    },
    "civilian_in_space": {"doc": "At least one civilian ship is in space.", "params": {}},
    "activated_location": {
        "doc": "The location just activated is one of `locations`.",
        "params": {"locations": "list:enum:location"},
    },
    "anyone_in": {"doc": "A character stands in `place`.", "params": {"place": "place"}},
    "shares_location": {
        "doc": "`who` stands in a location with another character.",
        "params": {"who": "who"},
    },
    "hand_at_least": {
        "doc": "`who` holds at least `count` skill cards.",
        "params": {"who": "who", "count": "posint"},
    },
    "can_trade_miracle": {
        "doc": "`who` could give a Miracle token to, or take one from, a player in their "
        "location (see trade_miracle).",
        "params": {"who": "who"},
    },
    "location_damaged": {
        "doc": "`who` stands in a Galactica location that carries a damage token.",
        "params": {"who": "who"},
    },
    "vipers_damaged": {"doc": "At least one viper is in the Damaged Vipers box.", "params": {}},
    "assault_raptor_aside": {
        "doc": "Daybreak: at least one Assault Raptor waits beside the board, to be gained.",
        "params": {},
    },
    "viper_in_space": {
        "doc": "At least one viper (an Assault Raptor too) is in a space area.",
        "params": {},
    },
    "raptor_in_reserves": {"doc": "At least one raptor is in the Reserves.", "params": {}},
    # Daybreak's Cylon Leader sheets (leader_sheets.py)
    "infiltrating": {"doc": "`who` is a Cylon Leader Infiltrating.", "params": {"who": "who"}},
    "in_hazardous_location": {
        "doc": "`who` stands in a hazardous location.",
        "params": {"who": "who"},
    },
    "standing_on": {
        "doc": "`who` stands on exactly `location` (an overlay location, not the one it "
        "covers).",
        "params": {"who": "who", "location": "enum:location"},
    },
    "others_action_step": {
        "doc": "It is the Action step of a player other than `who`.",
        "params": {"who": "who"},
    },
    "another_player_discards": {
        "doc": "A player other than the owner must discard skill cards now.",
        "params": {},
    },
    # Daybreak's Motive cards (motives.py)
    "resource_at_least": {
        "doc": "`resource` is at `value` or more.",
        "params": {"resource": "enum:resource", "value": "nonneg"},
    },
    "resource_at_most": {
        "doc": "`resource` is at `value` or less.",
        "params": {"resource": "enum:resource", "value": "nonneg"},
    },
    "distance_at_least": {
        "doc": "The distance travelled is at least `value`.",
        "params": {"value": "nonneg"},
    },
    "location_is_damaged": {
        "doc": "At least one of `locations` carries a damage token.",
        "params": {"locations": "list:enum:location"},
    },
    "holds_skill_type": {
        "doc": "`who` holds at least `count` skill cards of `type`.",
        "params": {"who": "who", "type": "enum:skill_type", "count": "posint"},
    },
    "holds_mutiny": {"doc": "`who` holds a Mutiny card.", "params": {"who": "who"}},
    "other_in_brig": {
        "doc": "A character other than `who`'s stands in the Brig.",
        "params": {"who": "who"},
    },
    "no_cylon_ships": {
        "doc": "No raider, heavy raider or basestar is on the board.",
        "params": {},
    },
    "no_centurions": {"doc": "No Centurion is on the Boarding Party track.", "params": {}},
    "vipers_lost_at_least": {
        "doc": "At least `count` vipers are damaged or destroyed (Assault Raptors count as "
        "vipers, DB-11.4).",
        "params": {"count": "posint"},
    },
    "raptor_destroyed": {"doc": "At least one raptor has been destroyed.", "params": {}},
    "can_activate_own_location": {
        "doc": "`who` may use the action of the location they stand in now.",
        "params": {"who": "who"},
    },
    "unmanned_viper_available": {
        "doc": "An unmanned viper (an Assault Raptor too) is in the Reserves or in space.",
        "params": {},
    },
    "viper_in_reserves": {
        "doc": "A viper (an Assault Raptor too) is in the Reserves.",
        "params": {},
    },
    "piloted_viper_in_space": {"doc": "A piloted viper is in a space area.", "params": {}},
    "no_active_mission": {"doc": "No card lies on the Active Mission space (Search for Home).",
                          "params": {}},
    "holds_miracle_or_super_crisis": {
        "doc": "`who` holds a Miracle token or a Super Crisis card.",
        "params": {"who": "who"},
        "scalar": "who",
    },
}

# Fields of each deck beyond the common id, deck, name, count and text (kind; "?" optional).
DECK_FIELDS: Final[dict[str, dict[str, str]]] = {
    "character": {
        "type": "enum:character_type",
        "skills": "skill_set",
        "piloting": "bool",
        "start_location": "location_or_null",
        "starts_infiltrating": "bool?",  # a Cylon Leader already Infiltrating (DB-3.10)
        "setup": "effects?",
        "ability": "ability",
        "once_per_game": "ability",
        "weakness": "ability",
        "succession": "succession?",  # every character but a Cylon Leader (DB-14)
        "miracle_tokens": "miracle_tokens?",
        "alternate_of": "str?",  # the other version of the same person (Daybreak, DB-4.2)
    },
    # on_discard: what happens when a player discards the card (not at random, not into a
    # check; Daybreak's Treachery, DB-10.10)
    "skill": {"skill_type": "enum:skill_type", "strength": "nonneg", "ability": "ability",
              "on_discard": "effects?"},
    "crisis": {
        "kind": "enum:crisis_kind",
        "activation": "activations",
        "jump": "bool",
        "check": "params:skill_check?",
        "alternative": "alternative?",
        "choice": "params:choose?",
        "attack": "attack?",
    },
    "quorum": {"ability": "ability"},
    "destination": {"distance": "posint", "effects": "effects"},
    "kobol": {"milestones": "milestones"},
    "loyalty": {"team": "enum:team", "ability": "ability?"},
    "galactica_damage": {
        "location": "enum:location?",
        "effects": "effects",
        "removed_after_use": "bool",
    },
    "civilian_ship": {"loss": "loss"},
    "location": {
        "ship": "enum:ship",
        "hazardous": "bool",
        # an expansion's overlay location: the base location it covers, and the overlay side
        # that shows it (`shown_when`) or hides it (`hidden_when`) once turned
        "replaces": "enum:location?",
        "shown_when": "enum:overlay_side?",
        "hidden_when": "enum:overlay_side?",
        "action": "ability?",
        # Daybreak: an action only a Cylon Leader may take there (Human Fleet: Infiltrate)
        "leader_action": "ability?",
        "passive": "abilities?",
    },
    "title": {"abilities": "abilities"},
    "mutiny": {"ability": "ability"},
    # Daybreak's Motive cards: the side, when it may be revealed, and its condition (DB-9.6)
    "motive": {"side": "enum:motive_side", "when": "enum:motive_when",
               "conditions": "conditions"},
    # a Mission (DB-15.8): its check, and the distance it counts as once passed (DB-15.11)
    "mission": {"check": "params:skill_check", "distance": "nonneg?"},
}
DECK_FIELDS["super_crisis"] = dict(DECK_FIELDS["crisis"])

# Number of physical cards (or tokens, sheets, board boxes) per deck.
DECK_SIZES: Final[dict[str, int]] = {
    "character": 10,
    "skill": 105,
    "crisis": 70,
    "super_crisis": 5,
    "quorum": 17,
    "destination": 22,
    "kobol": 1,
    "loyalty": 16,
    "galactica_damage": 8,
    "civilian_ship": 12,
    "location": 17,
    "title": 2,
}

_ID_RE: Final = re.compile(r"^[a-z][a-z0-9_]*$")
_ABILITY_KEYS: Final = ("name", "text", "timing", "when", "conditions", "optional", "limit")
_ABILITY_KEYS_ALL: Final = (*_ABILITY_KEYS, "effects")


@dataclass(frozen=True)
class _Ctx:
    """Where a value sits while it is validated (for messages and context rules)."""

    source: str
    card: str
    chosen: bool = False  # `who: chosen` is bound here
    static: bool = False  # inside an ability with timing "static"

    def fail(self, path: str, message: str) -> CardDataError:
        where = f"{self.source}: card {self.card!r}"
        return CardDataError(f"{where}: {path}: {message}" if path else f"{where}: {message}")


def _suggest(word: str, known: Iterable[str]) -> str:
    close = difflib.get_close_matches(str(word), list(known), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def _join(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def _enum(name: str) -> tuple[str, ...]:
    return _ENUMS[name]


def _check(kind: str, value: Any, path: str, ctx: _Ctx) -> Any:
    """Validate `value` against `kind`; return it normalised (operations in long form)."""
    if kind.startswith("list:"):
        inner = kind[5:]
        if not isinstance(value, list) or not value:
            raise ctx.fail(path, f"expected a non-empty list, got {value!r}")
        items = [_check(inner, item, _join(path, i), ctx) for i, item in enumerate(value)]
        if len(set(map(repr, items))) != len(items):
            raise ctx.fail(path, f"repeated value in {items!r}")
        return items
    if kind.startswith("enum:"):
        allowed = _enum(kind[5:])
        if not isinstance(value, str) or value not in allowed:
            raise ctx.fail(
                path,
                f"unknown {kind[5:]} {value!r}{_suggest(str(value), allowed)}; "
                f"known: {', '.join(allowed)}",
            )
        return value
    if kind.startswith("params:"):
        return _check_params(kind[7:], value, path, ctx, OPERATIONS)
    checker = _KIND_CHECKERS.get(kind)
    if checker is None:  # pragma: no cover - a bug in the registry itself
        raise CardDataError(f"registry error: unknown kind {kind!r}")
    return checker(value, path, ctx)


def _int(value: Any, path: str, ctx: _Ctx, low: int | None = None, high: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ctx.fail(path, f"expected a whole number, got {value!r}")
    if (low is not None and value < low) or (high is not None and value > high):
        raise ctx.fail(path, f"{value} is outside {low}..{'' if high is None else high}")
    return value


def _bool(value: Any, path: str, ctx: _Ctx) -> bool:
    if not isinstance(value, bool):
        raise ctx.fail(path, f"expected true or false, got {value!r}")
    return value


def _str(value: Any, path: str, ctx: _Ctx) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ctx.fail(path, f"expected a non-empty text, got {value!r}")
    return value.strip()


def _who(value: Any, path: str, ctx: _Ctx) -> str:
    who = _check("enum:who", value, path, ctx)
    if who == "chosen" and not ctx.chosen:
        raise ctx.fail(path, "'chosen' is only allowed inside choose_character effects")
    return who


def _place(value: Any, path: str, ctx: _Ctx) -> str:
    known = LOCATIONS + SHIPS
    if value not in known:
        raise ctx.fail(path, f"unknown location or ship {value!r}{_suggest(str(value), known)}")
    return value


def _location_or_null(value: Any, path: str, ctx: _Ctx) -> str | None:
    return None if value is None else _check("enum:location", value, path, ctx)


def _activations(value: Any, path: str, ctx: _Ctx) -> list[str]:
    """Activation icons, left to right; may be empty (Super Crisis skill checks)."""
    return [] if value == [] else _check("list:enum:activation", value, path, ctx)


def _skill_types(value: Any, path: str, ctx: _Ctx) -> str | list[str]:
    if value == "any":
        return "any"
    return _check("list:enum:skill_type", value, path, ctx)


def _mapping(value: Any, path: str, ctx: _Ctx, what: str = "a mapping") -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise ctx.fail(path, f"expected {what}, got {value!r}")
    return value


def _keys(
    value: Mapping[str, Any], allowed: Iterable[str], path: str, ctx: _Ctx, owner: str = ""
) -> None:
    """Fail on any key not in `allowed`; `owner` names the operation whose parameters these are."""
    allowed = tuple(allowed)
    noun = f"parameter of {owner}" if owner else "key"
    for key in value:
        if key not in allowed:
            hint = _suggest(str(key), allowed)
            raise ctx.fail(_join(path, str(key)), f"unknown {noun}: {key!r}{hint}")


def _effects(value: Any, path: str, ctx: _Ctx) -> list[dict[str, Any]]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise ctx.fail(path, f"expected a list of operations, got {value!r}")
    return [
        _check_op(op, _join(path, i), ctx, OPERATIONS, "operation") for i, op in enumerate(value)
    ]


def _conditions(value: Any, path: str, ctx: _Ctx) -> list[dict[str, Any]]:
    if not isinstance(value, list) or not value:
        raise ctx.fail(path, f"expected a non-empty list of conditions, got {value!r}")
    return [_check_op(c, _join(path, i), ctx, CONDITIONS, "condition") for i, c in enumerate(value)]


def _options(value: Any, path: str, ctx: _Ctx) -> list[dict[str, Any]]:
    if not isinstance(value, list) or len(value) < 2:
        raise ctx.fail(path, "a choice needs a list of at least 2 options")
    result = []
    for i, option in enumerate(value):
        where = _join(path, i)
        option = _mapping(option, where, ctx)
        _keys(option, ("label", "requires", "effects"), where, ctx)
        if "label" not in option or "effects" not in option:
            raise ctx.fail(where, "an option needs a label and effects")
        item: dict[str, Any] = {"label": _str(option["label"], _join(where, "label"), ctx)}
        if "requires" in option:
            item["requires"] = _conditions(option["requires"], _join(where, "requires"), ctx)
        item["effects"] = _effects(option["effects"], _join(where, "effects"), ctx)
        result.append(item)
    labels = [o["label"] for o in result]
    if len(set(labels)) != len(labels):
        raise ctx.fail(path, f"repeated option label in {labels!r}")
    return result


def _outcomes(value: Any, path: str, ctx: _Ctx) -> list[dict[str, Any]]:
    if not isinstance(value, list) or not value:
        raise ctx.fail(path, "expected a non-empty list of outcomes {min, max, effects}")
    result, covered = [], set()
    for i, outcome in enumerate(value):
        where = _join(path, i)
        outcome = _mapping(outcome, where, ctx)
        _keys(outcome, ("min", "max", "effects"), where, ctx)
        if not {"min", "max", "effects"} <= set(outcome):
            raise ctx.fail(where, "an outcome needs min, max and effects")
        low = _int(outcome["min"], _join(where, "min"), ctx, 1, 8)
        high = _int(outcome["max"], _join(where, "max"), ctx, low, 8)
        if covered & set(range(low, high + 1)):
            raise ctx.fail(where, f"outcome {low}..{high} overlaps another outcome")
        covered |= set(range(low, high + 1))
        effects = _effects(outcome["effects"], _join(where, "effects"), ctx)
        result.append({"min": low, "max": high, "effects": effects})
    return result


def _ship_counts(value: Any, path: str, ctx: _Ctx) -> dict[str, int]:
    value = _mapping(value, path, ctx, "a mapping ship kind -> count")
    result = {}
    for kind, count in value.items():
        where = _join(path, str(kind))
        result[_check("enum:ship_kind", kind, where, ctx)] = _int(count, where, ctx, 1)
    if not result:
        raise ctx.fail(path, "no ships given")
    return result


def _ability(value: Any, path: str, ctx: _Ctx) -> dict[str, Any]:
    value = _mapping(value, path, ctx, "an ability {timing, effects, ...}")
    _keys(value, _ABILITY_KEYS_ALL, path, ctx)
    if "timing" not in value or "effects" not in value:
        raise ctx.fail(path, "an ability needs a timing and effects")
    timing = _check("enum:timing", value["timing"], _join(path, "timing"), ctx)
    inner = replace(ctx, static=timing == "static")
    result: dict[str, Any] = {}
    for key in ("name", "text"):
        if key in value:
            result[key] = _str(value[key], _join(path, key), ctx)
    result["timing"] = timing
    if "when" in value:
        if timing != "location_check":
            raise ctx.fail(_join(path, "when"), "'when' is only used with timing location_check")
        where = _join(path, "when")
        when = _mapping(value["when"], where, ctx)
        _keys(when, ("locations", "target"), where, ctx)
        locations = when.get("locations")
        target = when.get("target", "any")
        result["when"] = {
            "locations": _check("list:enum:location", locations, _join(where, "locations"), ctx),
            "target": _check("enum:check_target", target, _join(where, "target"), ctx),
        }
    elif timing == "location_check":
        raise ctx.fail(path, "timing location_check needs 'when' (which locations)")
    if "conditions" in value:
        result["conditions"] = _conditions(value["conditions"], _join(path, "conditions"), ctx)
    if "optional" in value:
        result["optional"] = _bool(value["optional"], _join(path, "optional"), ctx)
    if "limit" in value:
        result["limit"] = _check("enum:limit", value["limit"], _join(path, "limit"), ctx)
    result["effects"] = _effects(value["effects"], _join(path, "effects"), inner)
    return result


def _abilities(value: Any, path: str, ctx: _Ctx) -> list[dict[str, Any]]:
    if not isinstance(value, list) or not value:
        raise ctx.fail(path, "expected a non-empty list of abilities")
    return [_ability(a, _join(path, i), ctx) for i, a in enumerate(value)]


def _alternative(value: Any, path: str, ctx: _Ctx) -> dict[str, Any]:
    value = _mapping(value, path, ctx, "{who, label, effects}")
    _keys(value, ("who", "label", "effects"), path, ctx)
    if not {"who", "label", "effects"} <= set(value):
        raise ctx.fail(path, "an alternative needs who, label and effects")
    return {
        "who": _who(value["who"], _join(path, "who"), ctx),
        "label": _str(value["label"], _join(path, "label"), ctx),
        "effects": _effects(value["effects"], _join(path, "effects"), ctx),
    }


def _attack(value: Any, path: str, ctx: _Ctx) -> dict[str, Any]:
    value = _mapping(value, path, ctx, "{setup, special_name, special}")
    _keys(value, ("setup", "special_name", "special"), path, ctx)
    if "setup" not in value:
        raise ctx.fail(path, "a Cylon attack needs its setup")
    result: dict[str, Any] = {
        "setup": _check_params("place_ships", value["setup"], _join(path, "setup"), ctx, OPERATIONS)
    }
    if "special_name" in value:
        result["special_name"] = _str(value["special_name"], _join(path, "special_name"), ctx)
    result["special"] = _effects(value.get("special"), _join(path, "special"), ctx)
    return result


def _skill_set(value: Any, path: str, ctx: _Ctx) -> list[dict[str, Any]]:
    if not isinstance(value, list) or not value:
        raise ctx.fail(path, "expected a list of {types, count}")
    result = []
    for i, entry in enumerate(value):
        where = _join(path, i)
        entry = _mapping(entry, where, ctx)
        _keys(entry, ("types", "count"), where, ctx)
        types = _check("list:enum:skill_type", entry.get("types"), _join(where, "types"), ctx)
        if len(types) > 2:
            raise ctx.fail(where, "a multi-skill has at most 2 types")
        result.append({"types": types, "count": _int(entry.get("count"), where, ctx, 1)})
    return result


def _succession(value: Any, path: str, ctx: _Ctx) -> dict[str, int]:
    value = _mapping(value, path, ctx, "{president, admiral}")
    _keys(value, TITLES, path, ctx)
    return {title: _int(value.get(title), _join(path, title), ctx, 1) for title in TITLES}


def _miracle_tokens(value: Any, path: str, ctx: _Ctx) -> dict[str, int]:
    """A sheet that changes the Miracle token rules: `limit` tokens held at most (default 1),
    `cost` tokens discarded to use the Miracle ability (default 1)."""
    value = _mapping(value, path, ctx, "{limit, cost}")
    _keys(value, ("limit", "cost"), path, ctx)
    result = {k: _int(value[k], _join(path, k), ctx, 1) for k in ("limit", "cost") if k in value}
    if not result:
        raise ctx.fail(path, "give limit and/or cost")
    if result.get("cost", 1) > result.get("limit", 1):
        raise ctx.fail(path, "the Miracle ability costs more tokens than the sheet may hold")
    return result


def _milestones(value: Any, path: str, ctx: _Ctx) -> list[dict[str, Any]]:
    if not isinstance(value, list) or not value:
        raise ctx.fail(path, "expected a list of milestones")
    result = []
    for i, entry in enumerate(value):
        where = _join(path, i)
        entry = _mapping(entry, where, ctx)
        _keys(entry, ("distance", "event", "text"), where, ctx)
        result.append(
            {
                "distance": _int(entry.get("distance"), _join(where, "distance"), ctx, 1),
                "event": _check("enum:kobol_event", entry.get("event"), _join(where, "event"), ctx),
                "text": _str(entry.get("text"), _join(where, "text"), ctx),
            }
        )
    return result


def _loss(value: Any, path: str, ctx: _Ctx) -> dict[str, int]:
    value = _mapping(value or {}, path, ctx, "a mapping resource -> amount lost")
    result = {}
    for res, amount in value.items():
        where = _join(path, str(res))
        result[_check("enum:resource", res, where, ctx)] = _int(amount, where, ctx, 1)
    return result


_KIND_CHECKERS: dict[str, Any] = {
    "int": lambda v, p, c: _int(v, p, c),
    "posint": lambda v, p, c: _int(v, p, c, 1),
    "nonneg": lambda v, p, c: _int(v, p, c, 0),
    "die": lambda v, p, c: _int(v, p, c, 1, 8),
    "bool": _bool,
    "str": _str,
    "who": _who,
    "place": _place,
    "location_or_null": _location_or_null,
    "activations": _activations,
    "skill_types": _skill_types,
    "effects": _effects,
    "conditions": _conditions,
    "options": _options,
    "outcomes": _outcomes,
    "ship_counts": _ship_counts,
    "ability": _ability,
    "abilities": _abilities,
    "alternative": _alternative,
    "attack": _attack,
    "skill_set": _skill_set,
    "succession": _succession,
    "miracle_tokens": _miracle_tokens,
    "milestones": _milestones,
    "loss": _loss,
}


def _optional(kind: str) -> tuple[str, bool]:
    """ "int?" -> ("int", False); "int" -> ("int", True): the kind and whether it is required."""
    return (kind[:-1], False) if kind.endswith("?") else (kind, True)


def _param_specs(spec: Mapping[str, Any]) -> dict[str, tuple[str, bool]]:
    """name -> (kind, required) for one registry entry."""
    result = {name: _optional(kind) for name, kind in spec["params"].items()}
    if "area_params" in spec:
        for area in SPACE_AREAS:
            result[area] = (spec["area_params"], False)
    return result


def _check_params(
    name: str, raw: Any, path: str, ctx: _Ctx, registry: Mapping[str, Mapping[str, Any]]
) -> dict[str, Any]:
    """Validate the parameters of operation (or condition) `name`; return them normalised."""
    spec = registry[name]
    if raw is None:
        raw = {}
    if not isinstance(raw, Mapping):
        if "scalar" not in spec:
            raise ctx.fail(path, f"{name} takes a mapping of parameters, got {raw!r}")
        raw = {spec["scalar"]: raw}
    params = _param_specs(spec)
    _keys(raw, params, path, ctx, owner=name)
    for param, (_kind, required) in params.items():
        if required and param not in raw:
            raise ctx.fail(path, f"{name} needs parameter {param!r}")
    if len(raw) < spec.get("min_params", 0):
        raise ctx.fail(path, f"{name} needs at least {spec['min_params']} parameter(s)")
    for group in spec.get("one_of", ()):
        if sum(p in raw for p in group) != 1:
            raise ctx.fail(path, f"{name} needs exactly one of {', '.join(group)}")
    inner = replace(ctx, chosen=True) if spec.get("binds") == "chosen" else ctx
    result = {p: _check(params[p][0], v, _join(path, p), inner) for p, v in raw.items()}
    if name == "skill_check":
        if ("partial_at" in result) != ("partial" in result):
            raise ctx.fail(path, "partial_at and partial go together")
        if result.get("partial_at", 0) >= result["difficulty"]:
            raise ctx.fail(path, "partial_at must be below the difficulty")
    return result


def _check_op(
    op: Any, path: str, ctx: _Ctx, registry: Mapping[str, Mapping[str, Any]], what: str
) -> dict[str, Any]:
    if not isinstance(op, Mapping) or len(op) != 1:
        raise ctx.fail(path, f"an {what} is a mapping with exactly one key, got {op!r}")
    name, raw = next(iter(op.items()))
    if name not in registry:
        raise ctx.fail(path, f"unknown {what} {name!r}{_suggest(str(name), registry)}")
    path = _join(path, str(name))
    if what == "operation":
        is_static = bool(registry[name].get("static"))
        if is_static and not ctx.static:
            raise ctx.fail(path, f"{name} is a lasting rule: use it in a 'static' ability")
        if ctx.static and not is_static:
            raise ctx.fail(path, f"{name} is not allowed in a 'static' ability")
    return {name: _check_params(name, raw, path, ctx, registry)}


# --------------------------------------------------------------------------------------------
# Cards
# --------------------------------------------------------------------------------------------


def _crisis_rules(card: dict[str, Any], ctx: _Ctx) -> None:
    kind = card["kind"]
    needs = {"skill_check": "check", "event": "choice", "cylon_attack": "attack"}[kind]
    if needs not in card:
        raise ctx.fail(needs, f"a {kind} card needs {needs!r}")
    for field in ("check", "choice", "attack"):
        if field != needs and field in card:
            raise ctx.fail(field, f"a {kind} card has no {field!r}")
    if "alternative" in card and kind != "skill_check":
        raise ctx.fail("alternative", "only skill check cards offer an alternative")
    if card["deck"] == "crisis" and not card.get("activation"):
        raise ctx.fail("activation", "every Crisis card has an activation icon")


def validate_card(card: Any, deck: str, source: str = "<memory>") -> dict[str, Any]:
    """Validate one card of `deck`; return a normalised copy or raise CardDataError."""
    ident = card.get("id", "?") if isinstance(card, Mapping) else "?"
    ctx = _Ctx(source=source, card=str(ident))
    if deck not in DECK_FIELDS:
        raise ctx.fail("deck", f"unknown deck {deck!r}{_suggest(deck, DECK_FIELDS)}")
    card = _mapping(card, "", ctx, "a card mapping")
    fields = {k: _optional(v) for k, v in DECK_FIELDS[deck].items()}
    _keys(card, ("id", "deck", "name", "count", "text", *fields), "", ctx)
    if not isinstance(ident, str) or not _ID_RE.match(ident):
        raise ctx.fail("id", "ids are lower-case snake_case text")
    if card.get("deck", deck) != deck:
        raise ctx.fail("deck", f"card says deck {card['deck']!r} but is in deck {deck!r}")
    result: dict[str, Any] = {
        "id": ident,
        "deck": deck,
        "name": _str(card.get("name"), "name", ctx),
        "count": _int(card.get("count", 1), "count", ctx, 1),
        "text": _str(card.get("text"), "text", ctx),
    }
    for field, (kind, required) in fields.items():
        if field not in card:
            if required:
                raise ctx.fail(field, "missing field")
            continue
        result[field] = _check(kind, card[field], field, ctx)
    if deck in ("crisis", "super_crisis"):
        _crisis_rules(result, ctx)
    return result


def validate_effects(effects: Any, source: str = "<memory>") -> list[dict[str, Any]]:
    """Validate a list of operations on its own; return it normalised."""
    return _effects(effects, "effects", _Ctx(source=source, card="-"))


# --------------------------------------------------------------------------------------------
# Loading
# --------------------------------------------------------------------------------------------

SETS: Final = ("base", "daybreak")
"""The card sets: the base game, and the expansions a game may add (`options.expansion`)."""

# The physical cards each expansion adds, per deck (a deck not listed, e.g. its location
# overlays, is not counted). A file holds at most these while the expansion is being built;
# an expansion players may choose holds all of them (tests/games/bsg/test_expansion_option.py).
EXPANSION_DECK_SIZES: Final[dict[str, dict[str, int]]] = {
    "daybreak": {
        "character": 12,
        "skill": 51,  # 5 of each colour, and the 26 Treachery cards
        "crisis": 30,
        "loyalty": 2,  # "You Are a Mutineer" and one more "You Are Not a Cylon"
        "mutiny": 22,
        "mission": 8,
        "motive": 14,
    },
}

_FILES: Final = (  # (file, deck or None for board data); board and locations come first
    ("board.yaml", None),
    ("locations.yaml", "location"),
    ("characters.yaml", "character"),
    ("skills.yaml", "skill"),
    ("crises.yaml", "crisis"),
    ("super_crises.yaml", "super_crisis"),
    ("quorum.yaml", "quorum"),
    ("destinations.yaml", "destination"),
    ("kobol.yaml", "kobol"),
    ("loyalty.yaml", "loyalty"),
    ("galactica_damage.yaml", "galactica_damage"),
    ("civilian_ships.yaml", "civilian_ship"),
    ("titles.yaml", "title"),
)


def _read(name: str) -> dict[str, Any]:
    path = CARDS_DIR / name
    try:
        with path.open(encoding="utf-8") as handle:
            data = yaml.load(handle, Loader=_YamlLoader)  # a safe loader (see above)
    except (OSError, yaml.YAMLError) as exc:
        raise CardDataError(f"{name}: cannot read: {exc}") from exc
    if not isinstance(data, dict):
        raise CardDataError(f"{name}: expected a mapping at the top")
    return data


_BOARD_SECTIONS: Final = (
    "space_areas",
    "resources",
    "difficulty_variants",
    "jump_track",
    "boarding_track",
    "supply",
    "setup_ships",
)
_EXTRA_SECTIONS: Final[dict[str, tuple[str, ...]]] = {
    "skill": ("skill_types",),
    "loyalty": ("setup",),
}
_EXPANSION_EXTRA_SECTIONS: Final[dict[tuple[str, str], tuple[str, ...]]] = {
    # Daybreak's updated lines of succession (DB-14) rank the base characters anew
    ("daybreak", "character"): ("base_succession",),
}


def _load_board(data: dict[str, Any]) -> dict[str, Any]:
    src = "board.yaml"
    for key in data:
        if key not in _BOARD_SECTIONS:
            raise CardDataError(f"{src}: unknown section {key!r}{_suggest(key, _BOARD_SECTIONS)}")
    areas = data.get("space_areas")
    if not isinstance(areas, list) or len(areas) != 6:
        raise CardDataError(f"{src}: space_areas must list the 6 space areas")
    ids = [a.get("id") for a in areas]
    if len(set(ids)) != 6 or not all(isinstance(i, str) and _ID_RE.match(i) for i in ids):
        raise CardDataError(f"{src}: space area ids must be 6 distinct snake_case ids: {ids}")
    for area in areas:
        for other in area.get("adjacent", ()):
            if other not in ids or area["id"] not in areas[ids.index(other)].get("adjacent", ()):
                raise CardDataError(f"{src}: space area {area['id']!r}: bad adjacency {other!r}")
    resources = [r.get("id") for r in data.get("resources", ())]
    if tuple(resources) != RESOURCES:
        raise CardDataError(f"{src}: resources must be {RESOURCES}, got {resources}")
    supply = data.get("supply") or {}
    if not set(SHIP_KINDS) <= set(supply):
        raise CardDataError(f"{src}: supply must give every ship kind {SHIP_KINDS}")
    return data


def _expansion_files() -> list[tuple[str, str, str]]:
    """(file, deck, set) of every expansion card file: `cards/<set>/*.yaml`, each naming its
    deck at the top (`daybreak/crises.yaml` holds Daybreak's Crisis cards); locations first,
    since other cards name them."""
    found = []
    for expansion in SETS[1:]:
        for path in sorted((CARDS_DIR / expansion).glob("*.yaml"),
                           key=lambda p: (p.name != "locations.yaml", p.name)):
            name = f"{expansion}/{path.name}"
            deck = _read(name).get("deck")
            if deck not in DECK_FIELDS:
                raise CardDataError(f"{name}: unknown deck {deck!r}")
            found.append((name, str(deck), expansion))
    return found


def _load() -> dict[str, Any]:
    global SPACE_AREAS, LOCATIONS
    board_data = _load_board(_read("board.yaml"))
    SPACE_AREAS = tuple(a["id"] for a in board_data["space_areas"])
    _ENUMS["space_area"] = SPACE_AREAS
    ctx = _Ctx(source="board.yaml", card="setup_ships")
    _check_params("place_ships", board_data.get("setup_ships"), "", ctx, OPERATIONS)
    files = [(name, deck, "base") for name, deck in _FILES if deck] + _expansion_files()
    raw_files = {name: _read(name) for name, _deck, _set in files}
    LOCATIONS = tuple(str(c.get("id")) for name, deck, _set in files if deck == "location"
                      for c in raw_files[name].get("cards") or [] if isinstance(c, Mapping))
    _ENUMS["location"] = LOCATIONS

    cards: list[dict[str, Any]] = []
    extras: dict[str, dict[str, Any]] = {}
    for name, deck, card_set in files:
        data = raw_files[name]
        if card_set != "base":
            cards.extend(_expansion_cards(data, name, deck, card_set))
            # a deck may span files (Daybreak's characters and its Cylon Leaders)
            extras.setdefault(f"{deck}@{card_set}", {}).update(
                {k: v for k, v in data.items() if k not in ("deck", "set", "cards")})
            continue
        if data.get("deck") != deck:
            raise CardDataError(f"{name}: 'deck: {deck}' expected at the top")
        if not isinstance(data.get("cards"), list):
            raise CardDataError(f"{name}: expected a list under 'cards'")
        cards.extend(dict(validate_card(c, deck, name), set="base") for c in data["cards"])
        extras[deck] = {k: v for k, v in data.items() if k not in ("deck", "cards")}
        allowed = _EXTRA_SECTIONS.get(deck, ())
        for key in extras[deck]:
            if key not in allowed:
                raise CardDataError(
                    f"{name}: unknown top-level key {key!r}{_suggest(key, allowed)}"
                )

    by_id: dict[str, dict[str, Any]] = {}
    for c in cards:
        if c["id"] in by_id:
            raise CardDataError(f"duplicate card id {c['id']!r} ({c['deck']})")
        by_id[c["id"]] = c
    sizes = Counter[str]()
    for c in cards:
        if c["set"] == "base":
            sizes[c["deck"]] += c["count"]
    for deck, size in DECK_SIZES.items():
        if sizes[deck] != size:
            raise CardDataError(f"deck {deck!r} has {sizes[deck]} cards, expected {size}")
    _check_cross_references([c for c in cards if c["set"] == "base"], extras)
    _check_expansion_characters(cards, extras)
    for c in cards:
        words.annotate(c)
    return {"cards": cards, "by_id": by_id, "extras": extras, "board": board_data}


def _expansion_cards(data: dict[str, Any], name: str, deck: str,
                     card_set: str) -> list[dict[str, Any]]:
    """An expansion's cards of one deck, each tagged with its set."""
    if data.get("deck") != deck or data.get("set") != card_set:
        raise CardDataError(f"{name}: 'deck: {deck}' and 'set: {card_set}' expected at the top")
    if not isinstance(data.get("cards"), list):
        raise CardDataError(f"{name}: expected a list under 'cards'")
    unknown = set(data) - {"deck", "set", "cards",
                           *_EXPANSION_EXTRA_SECTIONS.get((card_set, deck), ())}
    if unknown:
        raise CardDataError(f"{name}: unknown top-level keys {sorted(unknown)}")
    cards = [dict(validate_card(c, deck, name), set=card_set) for c in data["cards"]]
    expected = EXPANSION_DECK_SIZES[card_set].get(deck)
    size = sum(c["count"] for c in cards)
    if expected is not None and size > expected:
        raise CardDataError(f"{name}: {card_set} adds {expected} cards to {deck!r}, not {size}")
    return cards


def _check_expansion_characters(cards: list[dict[str, Any]],
                                extras: dict[str, dict[str, Any]]) -> None:
    """An alternate version names a base character, and the two name each other at most once;
    an expansion's lines of succession rank every base and expansion character once."""
    characters = {c["id"]: c for c in cards if c["deck"] == "character"}
    for c in characters.values():
        if ("succession" in c) == (c["type"] == "cylon_leader"):
            raise CardDataError(f"{c['id']}: a line of succession ranks every character but "
                                "a Cylon Leader")
        other = c.get("alternate_of")
        if other is not None and (other not in characters or characters[other]["set"] != "base"
                                  or c["set"] == "base"):
            raise CardDataError(f"{c['id']}: alternate_of {other!r} is no base character")
    for card_set in SETS[1:]:
        ranks = extras.get(f"character@{card_set}", {}).get("base_succession")
        mine = [c for c in characters.values() if c["set"] == card_set and "succession" in c]
        if ranks is None:
            if mine:
                raise CardDataError(f"{card_set}/characters.yaml: base_succession missing")
            continue
        base = {cid for cid, c in characters.items() if c["set"] == "base"}
        if set(ranks) != base:
            raise CardDataError(f"{card_set}: base_succession must rank {sorted(base)}")
        for title in TITLES:
            line = [ranks[cid][title] for cid in base] + [c["succession"][title] for c in mine]
            if len(set(line)) != len(line) or not all(isinstance(r, int) for r in line):
                raise CardDataError(f"{card_set}: two characters share a {title} rank")


def _check_cross_references(cards: list[dict[str, Any]], extras: dict[str, dict[str, Any]]) -> None:
    per_type = Counter[str]()
    for c in cards:
        if c["deck"] == "skill":
            per_type[c["skill_type"]] += c["count"]
    if any(per_type[t] != 21 for t in SKILL_TYPES):
        raise CardDataError(f"skills.yaml: each skill type needs 21 cards, got {dict(per_type)}")
    types = [t.get("id") for t in extras["skill"].get("skill_types", ())]
    if tuple(types) != SKILL_TYPES:
        raise CardDataError(f"skills.yaml: skill_types must be {SKILL_TYPES}, got {types}")
    characters = {c["id"] for c in cards if c["deck"] == "character"}
    loyalty = Counter[str]()
    for c in cards:
        if c["deck"] == "loyalty":
            loyalty[c["team"]] += c["count"]
    setup = extras["loyalty"].get("setup") or {}
    rows = setup.get("by_players") or []
    extra_for = setup.get("extra_not_a_cylon_for") or []
    if not set(extra_for) <= characters:
        raise CardDataError(f"loyalty.yaml: unknown characters in {extra_for}")
    for row in rows:
        if row.get("you_are_a_cylon", 0) > loyalty["cylon"] or (
            row.get("you_are_not_a_cylon", 0) + len(extra_for) > loyalty["human"]
        ):
            raise CardDataError(f"loyalty.yaml: not enough cards for {row}")
    if [r.get("players") for r in rows] != [3, 4, 5, 6]:
        raise CardDataError("loyalty.yaml: setup.by_players must cover 3, 4, 5 and 6 players")
    for c in cards:
        if c["deck"] == "character" and c["piloting"] != any(
            "piloting" in s["types"] for s in c["skills"]
        ):
            raise CardDataError(f"characters.yaml: {c['id']}: piloting flag vs skill set")


_DATA: Final = _load()


# --------------------------------------------------------------------------------------------
# Public accessors (deep copies: the cached data cannot be changed through them)
# --------------------------------------------------------------------------------------------


def all_cards() -> list[dict[str, Any]]:
    """Every card of every deck (board locations and tokens included), in file order."""
    return copy.deepcopy(_DATA["cards"])


def cards_of(deck: str) -> list[dict[str, Any]]:
    """The cards of one deck (see DECKS); each entry carries its number of copies in `count`."""
    if deck not in DECK_FIELDS:
        raise KeyError(f"unknown deck {deck!r}{_suggest(deck, DECK_FIELDS)}")
    return copy.deepcopy([c for c in _DATA["cards"] if c["deck"] == deck])


def card(card_id: str) -> dict[str, Any]:
    """One card by id; KeyError if there is none."""
    try:
        return copy.deepcopy(_DATA["by_id"][card_id])
    except KeyError:
        raise KeyError(f"unknown card id {card_id!r}{_suggest(card_id, _DATA['by_id'])}") from None


def deck_extras(deck: str, card_set: str = "base") -> dict[str, Any]:
    """The non-card sections of a deck's file (e.g. loyalty setup, skill type colours); of an
    expansion's file with `card_set` (empty when it has none)."""
    key = deck if card_set == "base" else f"{deck}@{card_set}"
    return copy.deepcopy(_DATA["extras"].get(key, {}))


def board() -> dict[str, Any]:
    """Board facts the cards refer to: space areas, resources, tracks (board.yaml)."""
    return copy.deepcopy(_DATA["board"])


# Card fields whose value is the parameter mapping of an operation.
_FIELD_OPERATIONS: Final = {"check": "skill_check", "choice": "choose", "setup": "place_ships"}


def iter_operations(value: Any) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every operation (name, params) inside a card or part of a card, depth first, nested
    ones included (effects of choices, rolls, checks, kept abilities ...). The card fields
    `check`, `choice` and a Cylon attack's `setup` are yielded as skill_check, choose and
    place_ships. Conditions are not operations and are not yielded."""
    if isinstance(value, list):
        for item in value:
            yield from iter_operations(item)
        return
    if not isinstance(value, dict):
        return
    if len(value) == 1:
        name, params = next(iter(value.items()))
        if name in OPERATIONS and isinstance(params, dict):
            yield name, params
    for key, item in value.items():
        if key in ("requires", "conditions"):
            continue
        if key in _FIELD_OPERATIONS and isinstance(item, dict):
            yield _FIELD_OPERATIONS[key], item
        yield from iter_operations(item)


def deck_size(deck: str) -> int:
    """The number of physical cards in a deck (sum of `count`)."""
    return sum(c["count"] for c in _DATA["cards"] if c["deck"] == deck)
