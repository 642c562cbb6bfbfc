"""The look of the page: its sizes, the Heroes' colours, the parchment and the ink, the icons of every
space, token, Stone and piece, the words for a space, and the text helpers every region draws with
(12 units or more, wrapped, never cut).
"""

from __future__ import annotations

from typing import Any

from ....ui.svg import MIN_FONT, Canvas, wrap

W = 980                      # the board's width when the Map is narrower
PAD = 8
DASH_W = 312                 # a Hero board
DASH_GAP = 14
CELL = 58                    # a space of the Map
BAND = 32                    # a tile's name, under its four spaces
TILE_W, TILE_H = 2 * CELL, 2 * CELL + BAND
LINE = 16                    # a line of 12-unit text
HERO_COLOURS = ("#b03a2e", "#1f5f9e", "#2a7a38")
INK, PARCHMENT, MUTED = "#2b2418", "#fbf6ea", "#5c5443"
SPACE_FILL = {"tree": "#4c7a3a", "altar": "#d2ab55", "portal": "#8a6fcf", "dark": "#2d2a33"}
SPACE_ICON = {"tree": ("forest", "#e4f0d8"), "altar": ("altar", "#4a3510"), "portal": ("portal", "#f3edff")}
TOKEN_LOOK = {   # a Past token: icon, fill, its icon's colour
    "battle": ("fight", "#8f2a1e", "#fff3ee"), "treasure": ("treasure", "#e0b646", "#4a3510"),
    "quest": ("story", "#3d6fa3", "#eef5ff"), "offering": ("offering", "#f6e7b8", "#6b4f1d"),
}
STONES = {"white": "#fdfdfd", "red": "#cc3b2c", "black": "#2a2a2a", "wisdom_stone": "#fdfdfd",
          "parallel_virtue": "#fdfdfd"}
OBJECT_LOOK = {  # a Future piece by its kind (the Future Book's backs and borders)
    "aiding": ("aiding", "#fffdf5", "#c9a227", "#8a6d12"),
    "conditional": ("conditional", "#262626", "#b87333", "#f2d2b0"),
    "hostile": ("fight", "#9c2a1c", "#8c949c", "#fff1ec"), "mixed": ("mixed", "#6a5a8c", "#c9a227", "#f4efff"),
    "special": ("magic", "#d9dde3", "#2f6db5", "#1d3d66"),
}
PIECE_ICON = {"ring": "ring", "seed": "seed", "head": "head", "wow": "ark", "incubator": "egg",
              "elixir": "potion", "reflector": "mirror", "virus": "virus", "fountain": "fountain",
              "ark": "ark", "tree": "living-tree", "throne": "throne", "vicinator": "vicinator"}
FIGURE_ICON = {"nine_rings": "fountain", "information_flood": "ark", "parallel_land": "living-tree",
               "path_of_initiation": "throne", "crown_of_evil": "vicinator"}
STEP = {"north": (0, -1), "east": (1, 0), "south": (0, 1), "west": (-1, 0), "north-east": (1, -1),
        "south-east": (1, 1), "south-west": (-1, 1), "north-west": (-1, -1)}
CORNER_AT = {"north-west": (0, 0), "north-east": (1, 0), "south-east": (1, 1), "south-west": (0, 1)}
SIDE_STEP = ((0, -1), (1, 0), (0, 1), (-1, 0))
SPACE_WORDS = {
    "tree": "Trees (no Hero may pass)", "altar": "an Altar", "portal": "a Portal", "white": "a White Stone slot",
    "red": "a Red Stone slot", "black": "a Black Stone slot", "battle1": "a Battle 1 slot",
    "battle2": "a Battle 2 slot", "battle3": "a Battle 3 slot", "treasure1": "a Treasure 1 slot",
    "treasure2": "a Treasure 2 slot", "treasure3": "a Treasure 3 slot", "quest": "a Quest slot",
    "empty": "an open space", "dark": "the dark side of a flipped tile",
}
VIRTUE_EFFECT = {
    "hope": ("turn {n} die a turn", "turn {n} dice a turn"),
    "faith": ("draw {n} Bonus card a turn", "draw {n} Bonus cards a turn"),
    "endeavor": ("{n} more Action a turn", "{n} more Actions a turn"),
    "endurance": ("raise {n} of your Virtues at the end of your turn", "raise {n} of your Virtues at the end of "
                  "your turn"),
    "mercy": ("raise {n} Virtue of another Hero at the end of your turn", "raise {n} Virtues of other Heroes at "
              "the end of your turn"),
}
BANDS = ((0, 2), (3, 6), (7, 10), (11, 13))
DECK_GROUPS = (("Artifacts", "Level {} Artifacts"), ("Battle cards", "Level {} Battle cards"),
               ("Treasure cards", "Level {} Treasure cards"))


class Board:
    """The drawing under way: the canvas, the view, and the legal actions by what they concern."""

    def __init__(self, view: dict[str, Any], actions: list[dict[str, Any]], seat: int | None) -> None:
        self.c = Canvas()
        self.view = view
        self.seat = seat
        self.actions = actions
        self.decision = view.get("decision") or {}
        self.heroes = view["player_states"]

    def acts(self, *kinds: str, **match: object) -> list[dict[str, Any]]:
        """The legal actions of these kinds (and parameters) not yet drawn on a piece."""
        return [a for a in self.actions if a["kind"] in kinds and int(a["id"]) not in self.c.acted
                and all(a.get(k) == v for k, v in match.items())]

    def first(self, *kinds: str, **match: object) -> dict[str, Any] | None:
        found = self.acts(*kinds, **match)
        return found[0] if found else None


# -- text ---------------------------------------------------------------------------------------------
def para(c: Canvas, x: float, y: float, width: float, text: str, size: float = MIN_FONT, weight: str = "normal",
         fill: str = INK, anchor: str = "start") -> float:
    """`text` wrapped into as many lines as it needs (never cut), its first baseline `size` below y;
    returns the y under it."""
    step = round(size * 1.3)
    rows = wrap(text, width, size, 99)
    tx = x + width / 2 if anchor == "middle" else x
    for k, row in enumerate(rows):
        c.text(tx, y + size + step * k, row, size=size, weight=weight, fill=fill, anchor=anchor)
    return y + size + step * (len(rows) - 1) + size * 0.45


def para_height(text: str, width: float, size: float = MIN_FONT) -> float:
    return size * 1.45 + round(size * 1.3) * (len(wrap(text, width, size, 99)) - 1)


def button(c: Canvas, act: dict[str, Any], x: float, y: float, w: float, text: str, h: float = 26) -> float:
    """A clickable label drawn on the board (the page rings it); returns its height."""
    rows = wrap(text, w - 12, MIN_FONT, 99)
    h = max(h, 10 + LINE * len(rows))
    with c.group("board-button", act):
        c.rect(x, y, w, h, "#fff4cc", "#a07a10", 1.2, rx=6)
        for k, row in enumerate(rows):
            c.text(x + 6, y + 17 + LINE * k, row, size=MIN_FONT, fill=INK)
    return h


def box(c: Canvas, x: float, y: float, w: float, h: float, fill: str = PARCHMENT, stroke: str = "#a8956a",
        sw: float = 1.2) -> None:
    c.rect(x, y, w, h, fill, stroke, sw, rx=8)


def button_height(text: str, w: float) -> float:
    return max(26.0, 10 + LINE * len(wrap(text, w - 12, MIN_FONT, 99)))
