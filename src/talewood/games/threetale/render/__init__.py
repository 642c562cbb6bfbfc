"""ThreeTale as SVG for the browser, drawn from a seat's view (view.py) alone: `render_svg`.

From the top: the tale's chapter and the decision; the Future (its goal and its clock), the turn under way
(Steps, Actions, dice to turn, the Bonus cards drawn), the Battle or the roll under way; the three Hero
boards side by side (Speed, Spirit, Shevitsa and the other stones as icons with counts, each Virtue on its
0–13 track, the six Talents, the Artifacts and Quests); the cards to choose from (Heroes, tiles, Artifacts,
Quests) with their whole text; the Map as its tiles lie, lettered and numbered a tile a column and a row
as the terminal's codes are; the Prophecies and the decks. One module a region of the page (`top`,
`boards`, `choosing`, `map`), drawn with `look`, put together by `page`.

Every choice that concerns a piece is chosen on it (`data-action`): a step on the space it leads to, a new
tile's place on the empty place it would fill, its turn on a picture of the tile so turned, a tile or a
space on the Map, a Virtue on its track, a Talent, an Artifact, a Bonus card's effect, a Hero on their
board. The rest (end the turn, roll, escape…) are the page's buttons. Every text is drawn at 12 units or
more and never cut: what does not fit is wrapped, and every piece carries its whole text (`data-info`).
"""

from .page import render_svg

__all__ = ["render_svg"]
