"""The shared SVG helpers keep text inside its box: `wrap` never cuts a word, and the score sheet wraps
a long cell (a Wish, a Hex) in its own column instead of running into the next one."""

from __future__ import annotations

import re

from talewood.ui.svg import GLYPH, Canvas, score_sheet, wrap


def test_wrap_keeps_whole_words_and_says_when_it_stops() -> None:
    assert wrap("Invisibility Potion", 80, 9, 2) == ["Invisibility", "Potion"]
    assert wrap("Invisibility Potion", 60, 9, 1) == ["Invisibili…"]
    lines = wrap("spend 2 Villagers → the Income token, and then a good deal more", 110, 9, 2)
    assert len(lines) == 2 and lines[-1].endswith("…")
    assert all(len(line) * 9 * GLYPH <= 110 for line in lines)
    assert wrap("", 50, 9, 2) == []


def test_a_long_score_cell_wraps_in_its_column() -> None:
    wish = "most tiles with two spirit symbols → Moss and Flowers: not met"
    sheet = [("Moss", ["1", "2", "3"]), ("Wish", [wish, wish, "met"]), ("Total", ["4", "14", "13"])]
    c = Canvas()
    bottom = score_sheet(c, 10, 0, 980, sheet, ["Player 1", "Player 2", "Player 3"], [1], ["#000"] * 3)
    col_w = (980 - min(260.0, 980 * 0.34)) / 3
    cells = re.findall(r'font-size="12"[^>]*class="score-cell">([^<]*)<', "".join(c.parts))
    assert max(len(cell) for cell in cells) * 12 * GLYPH <= col_w - 10
    assert " ".join(cells).count("Flowers:") == 2          # nothing lost
    assert bottom > 22 * 4 + 12                             # the Wish row is taller
