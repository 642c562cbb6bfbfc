"""Player words only, in every game: no snake_case words, "(s)" plurals, rulebook line numbers ("L188"),
ruling codes ("R5", "A-51") or the word "ruling", "1 coins", "+0" lines, "3 to 3 players", raw dicts,
lists or floats, or seats counted from 0 — in action labels, prompts, log lines, option texts, the board
(its text, tooltips and card texts), the terminal, the score sheet and the panel's choices
(tests/games/words.py).

KNOWN lists what a game still shows, source by source: each one runs as a strict xfail with its reason,
so the test fails the day the game is fixed until the entry is removed — the list only shrinks. Empty
a game's entries by fixing its texts (docs/web.md, "Drawing a game's table").
"""

from __future__ import annotations

import pytest

from talewood.games import available, load

from .words import SOURCES, gather, problems

# (game, source) -> what it still shows a player
KNOWN: dict[tuple[str, str], str] = {
}

GAMES = available()
CASES = [pytest.param(g, source, id=f"{g}-{source.replace(' ', '-')}",
                      marks=pytest.mark.xfail(strict=True, reason=KNOWN[(g, source)]) if (g, source) in KNOWN else ())
         for g in GAMES for source in SOURCES]


@pytest.mark.parametrize(("game_id", "source"), CASES)
def test_a_player_reads_only_player_words(game_id: str, source: str) -> None:
    game = load(game_id)
    found = gather(game, source)
    assert not found, f"{game.name}, {source}: " + "; ".join(found.values())


def test_every_known_failure_names_a_game_and_a_source() -> None:
    assert all(g in available() and source in SOURCES for g, source in KNOWN)


@pytest.mark.parametrize(("text", "what"), [
    ("Blizzard (frosty_hill card; pioneering)", "snake_case"),
    ("choose which side(s) to meet", "(s)"),
    ("who takes the first player token: a random seat (L188)", "line number"),
    ("who takes the First Player token at the start (ruling R5)", "ruling"),
    ("scored as A-51 says", "ruling's code"),
    ("Player 2 activates Smithy and pays 1 coins", '"1" with a plural'),
    ("Player 1 takes back a Villager: +0 coins", '"+0"'),
    ("ThreeTale is played by 3 to 3 players", '"N to N"'),
    ("{'coins': 3}", "a dict"), ("cards [3, 4]", "a list"), ("a score of 12.50", "a float"),
    ("Player 0 takes a tile", "counted from 0"),
])
def test_each_pattern_catches_what_it_names(text: str, what: str) -> None:
    assert any(what in p for p in problems(text)), problems(text)


@pytest.mark.parametrize("text", [
    "Player 1 takes Fruits+Fruits", "Player 1 wins with 18 nature points", "row 1 holds 3 tiles",
    "Choose the Level 1 Artifacts", "1 Wings (tea + tea)", "1 Moss symbol", "Take 1 coin", "+1 coins",
    "1.5 km", "0 Steps left", "1 to 4 players", "storytelling value 1 gives 4 coins",
])
def test_player_words_pass(text: str) -> None:
    assert problems(text) == []
