"""The game-agnostic core: contract, actions, options, RNG, events, records, content, errors."""

from .actions import ActionSpace, ActionSpec
from .errors import (
    ContentError,
    IllegalAction,
    InvalidOption,
    InvalidPlayerCount,
    RecordError,
    ReplayDivergence,
    TalewoodError,
    UnknownGame,
)
from .estimates import win_chances
from .events import Event, event, visible_to
from .game import NO_EVENTS, Frame, Game, Result, State, seat_name
from .options import Option, OptionSet, OptionValue, parse_assignments
from .records import Record, load_record, rebuild, record_of, replay, save_record
from .rng import SECRET_SEED_BITS, SECRET_SEED_MIN, Rng, SecretRng, rng_for_seed
from .undo import Step, undoable

__all__ = [
    "NO_EVENTS",
    "SECRET_SEED_BITS",
    "SECRET_SEED_MIN",
    "ActionSpace",
    "ActionSpec",
    "ContentError",
    "Event",
    "Frame",
    "Game",
    "IllegalAction",
    "InvalidOption",
    "InvalidPlayerCount",
    "Option",
    "OptionSet",
    "OptionValue",
    "Record",
    "RecordError",
    "ReplayDivergence",
    "Result",
    "Rng",
    "SecretRng",
    "State",
    "Step",
    "TalewoodError",
    "UnknownGame",
    "event",
    "load_record",
    "parse_assignments",
    "rebuild",
    "record_of",
    "replay",
    "rng_for_seed",
    "save_record",
    "seat_name",
    "undoable",
    "visible_to",
    "win_chances",
]
