"""ThreeTale content: every component in the box (rulebook, Game Components; the Future Book's
chapters), loaded from content/*.toml (or a designer's folder) and validated as a whole.

The components' dataclasses, the effect vocabulary and the reading of each file are in `components`;
this module puts them together: the decks every token draws from, the five Futures, the knobs of
tuning.toml applied at load (so every number the rules read is final), and the cache.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from ...engine.content import require
from .components.box import Content, Knob
from .components.future_loader import read_future
from .components.loader import _Loader
from .components.reading import _entries, _Parser, _unique
from .components.symbols import LEVELS, PAST_DECKS
from .components.vocabulary import check_vocabulary

FUTURE_FILES = ("future_nine_rings.toml", "future_information_flood.toml", "future_parallel_land.toml",
                "future_path_of_initiation.toml", "future_crown_of_evil.toml")



def _settings(knobs: tuple[Knob, ...], difficulty: str) -> dict[str, int | str]:
    return {k.id: k.at(difficulty) for k in knobs}


@lru_cache(maxsize=8)
def _load(folder: Path | None, difficulty: str) -> Content:
    loader = _Loader(folder, difficulty)
    knobs = loader.knobs()
    settings = _settings(knobs, difficulty)
    numbers = {k.id: int(settings[k.id]) for k in knobs if k.kind == "value"}
    future_decks: set[str] = set()
    for f in FUTURE_FILES:
        for raw in _entries(f, loader.read(f), "deck"):
            future_decks.add(str(raw.get("id")))
    all_decks = frozenset(future_decks | set(PAST_DECKS))
    for k in knobs:
        for d in k.decks:
            require(d in all_decks, f"tuning.toml: knob {k.id}: no deck has the id {d!r}")
    check_vocabulary()
    parser = _Parser(numbers, all_decks)
    board = loader.board(parser)
    die = loader.die()
    heroes = loader.heroes(parser, board)
    geometry, tiles = loader.tiles()
    features, tokens = loader.tokens(parser, tiles)
    artifacts = loader.artifacts(parser)
    battles = loader.battles(parser, knobs, settings)
    treasures = loader.treasures(parser, board)
    bonus = loader.bonus(parser)
    quests = loader.quests(parser)
    # every token of the Past can draw a card (threetale-brief.md §5.2; an empty deck would need a reshuffle rule)
    for kind, size in [*((f"battle{lv}", sum(b.level == lv for b in battles)) for lv in LEVELS),
                       *((f"treasure{lv}", sum(t.level == lv for t in treasures)) for lv in LEVELS),
                       ("quest", len(quests))]:
        slots = sum(t.count(kind) for t in tiles)
        require(slots <= size, f"tiles.toml: {slots} {kind} slots, but its deck has {size} cards")
    white = sum(t.count for t in tokens if t.colour == "white")
    futures = tuple(read_future(f, loader.read(f), parser, knobs, settings, tiles, white) for f in FUTURE_FILES)
    require(sorted(x.number for x in futures) == [1, 2, 3, 4, 5], "future_*.toml: the Futures are numbered 1 to 5")
    _unique("future_*.toml", [x.id for x in futures], "Futures")
    _unique("future_*.toml", [d.id for x in futures for d in x.decks], "decks")
    prophecies = loader.prophecies(futures)
    return Content(difficulty, knobs, settings, board, die, heroes, geometry, tiles, features, tokens, artifacts,
                   battles, treasures, bonus, quests, prophecies, futures, folder)


def load_content(folder: Path | None = None, difficulty: str = "normal") -> Content:
    """Load and validate all of ThreeTale's content, from `folder` (a designer's copy; a file it lacks comes
    from the package) or the package, with the tuning knobs at `difficulty` (easier | normal | harder).
    A bad file raises ContentError naming the file, the entry and what is wrong. Cached: it is immutable."""
    return _load(folder.resolve() if folder is not None else None, difficulty)


def clear_cache() -> None:
    """Forget loaded content (after a content file changed on disk)."""
    _load.cache_clear()

