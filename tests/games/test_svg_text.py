"""The shared SVG helpers keep text inside its box: `wrap` never cuts a word, and the end of a game's
banner says the verdict and its reason at a readable size."""

from __future__ import annotations

import re

import pytest

from talewood.ui.icons import ICONS
from talewood.ui.svg import GLYPH, MIN_FONT, Canvas, card, card_height, final_banner, icon, resource, track, wrap
from talewood.ui.text import find_pieces, pieces_from_svg


def test_wrap_keeps_whole_words_and_says_when_it_stops() -> None:
    assert wrap("Invisibility Potion", 80, 9, 2) == ["Invisibility", "Potion"]
    assert wrap("Invisibility Potion", 60, 9, 1) == ["Invisibili…"]
    lines = wrap("spend 2 Villagers → the Income token, and then a good deal more", 110, 9, 2)
    assert len(lines) == 2 and lines[-1].endswith("…")
    assert all(len(line) * 9 * GLYPH <= 110 for line in lines)
    assert wrap("", 50, 9, 2) == []


def test_the_final_banner_says_the_verdict_its_reason_and_what_a_team_achieved() -> None:
    c = Canvas()
    sheet = {"verdict": "Player 2 wins with 34 points", "reason": "won the tie on story cards",
             "achieved": "", "rows": []}
    bottom = final_banner(c, 10, 0, 980, sheet)
    texts = re.findall(r">([^<]+)</text>", "".join(c.parts))
    assert texts == ["Player 2 wins with 34 points: won the tie on story cards"]
    assert 'class="score-sheet"' in "".join(c.parts) and bottom > 30
    team = {**sheet, "verdict": "The team loses", "reason": "the clock ran out",
            "achieved": "The team fell short of the goal in the Nine Rings, round 7, with a team score of 313."}
    c = Canvas()
    final_banner(c, 10, 0, 400, team)
    drawn = " ".join(re.findall(r">([^<]+)</text>", "".join(c.parts)))
    assert "The team loses: the clock ran out" in drawn and "round 7" in drawn
    assert all(float(size) >= MIN_FONT for size in re.findall(r'font-size="([\d.]+)"', "".join(c.parts)))
    assert final_banner(Canvas(), 10, 50, 400, None) == 50


def texts_of(c: Canvas) -> list[str]:
    return re.findall(r">([^<]+)</text>", "".join(c.parts))


def test_a_card_shows_its_whole_text_at_a_readable_size() -> None:
    words = "At the end, before scoring: if you have the most Moss (symbols and tokens), gain a Vines symbol."
    c = Canvas()
    h = card(c, 0, 0, 180, "Wish", words)
    assert h == card_height(words, 180)
    drawn = texts_of(c)
    assert drawn[0] == "Wish" and " ".join(drawn[1:]) == words            # nothing cut, nothing lost
    assert all(float(s) >= MIN_FONT for s in re.findall(r'font-size="([\d.]+)"', "".join(c.parts)))
    assert all(len(line) * MIN_FONT * GLYPH <= 180 - 16 for line in drawn[1:])
    short = Canvas()
    card(short, 0, 0, 180, "Wish", words, height=60, card="w1")
    markup = "".join(short.parts)
    assert texts_of(short)[-1].endswith("…") and f"data-info=\"Wish: {words}\"" in markup and 'data-card="w1"' in markup


def test_resources_tracks_and_icons_are_drawn_alike_in_every_game() -> None:
    c = Canvas()
    width = resource(c, "gemstone", 3, 10, 10, "Gemstones: 3 in hand")
    markup = "".join(c.parts)
    assert width > 18 and 'class="icon"' in markup and ">3</text>" in markup
    assert 'data-info="Gemstones: 3 in hand"' in markup and 'href="#icon-gemstone"' in markup
    icon(c, "gemstone", 60, 10, 18)                   # drawn twice, defined once
    drawing = c.svg(100, 40, "test")
    assert drawing.count('href="#icon-gemstone"') == 2
    assert drawing.count(ICONS["gemstone"]) == 1 and '<symbol id="icon-gemstone"' in drawing
    t = Canvas()
    track(t, 0, 0, 600, "Morality", 5, {2: ["#d62828", "#1d4ed8"]}, "The morality track", first=-2)
    drawn = texts_of(t)
    assert drawn[0] == "Morality" and drawn[1:] == ["-2", "-1", "0", "1", "2"]
    assert "".join(t.parts).count("<circle") == 2
    with pytest.raises(KeyError):
        icon(Canvas(), "no such icon", 0, 0, 10)


def test_the_terminal_finds_a_piece_by_its_name_or_its_words() -> None:
    c = Canvas()
    with c.group("", None, "Blizzard: the paths are closed for a day."):
        c.text(0, 0, "Blizzard")
    with c.group("", None, "Wish: most Moss → Vines. At the end, before scoring…"):
        c.text(0, 0, "Wish")
    pieces = pieces_from_svg(c.svg(100, 100, "x"))
    assert [name for name, _ in pieces] == ["Blizzard", "Wish"]
    assert find_pieces(pieces, "blizzard") == [pieces[0]]
    assert find_pieces(pieces, "moss vines") == [pieces[1]] and find_pieces(pieces, "dragon") == []
