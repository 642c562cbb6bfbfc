"""The game-agnostic core: contract, decision stack, actions, options, RNG, events, records, content."""

from .actions import ActionSpace, ActionSpec
from .definition import Game
from .errors import (
    ContentError,
    GameNotOver,
    IllegalAction,
    InvalidOption,
    InvalidPlayerCount,
    RecordError,
    ReplayDivergence,
    ScenarioError,
    TalewoodError,
    UnknownGame,
)
from .estimates import win_chances
from .events import Event, event, visible_to
from .game import NO_EVENTS, Result, State, plural, seat_name
from .observation import ObservationSpec, Segment
from .options import Option, OptionSet, OptionValue, parse_assignments
from .present import Choice, ScoreSheet, SheetBuilder, SheetRow, changes, gain, names_in_words, plan_changes
from .records import Record, load_record, rebuild, rebuild_steps, record_of, replay, replay_steps, save_record
from .rng import SECRET_SEED_BITS, SECRET_SEED_MIN, Rng, SecretRng, rng_for_seed
from .scenario import ScenarioSchema, Setting
from .stack import CHANCE, automatic, chance, decision
from .undo import Step, undoable

__all__ = [
    "CHANCE",
    "NO_EVENTS",
    "SECRET_SEED_BITS",
    "SECRET_SEED_MIN",
    "ActionSpace",
    "ActionSpec",
    "Choice",
    "ContentError",
    "Event",
    "Game",
    "GameNotOver",
    "IllegalAction",
    "InvalidOption",
    "InvalidPlayerCount",
    "ObservationSpec",
    "Option",
    "OptionSet",
    "OptionValue",
    "Record",
    "RecordError",
    "ReplayDivergence",
    "Result",
    "Rng",
    "ScenarioError",
    "ScenarioSchema",
    "ScoreSheet",
    "SecretRng",
    "Segment",
    "Setting",
    "SheetBuilder",
    "SheetRow",
    "State",
    "Step",
    "TalewoodError",
    "UnknownGame",
    "automatic",
    "chance",
    "changes",
    "decision",
    "event",
    "gain",
    "load_record",
    "names_in_words",
    "parse_assignments",
    "plan_changes",
    "plural",
    "rebuild",
    "rebuild_steps",
    "record_of",
    "replay",
    "replay_steps",
    "rng_for_seed",
    "save_record",
    "seat_name",
    "undoable",
    "visible_to",
    "win_chances",
]
