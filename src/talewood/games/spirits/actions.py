"""The Spirits action space: one fixed table, built from the content counts.

Tile actions are by tile id (the same tile is the same action wherever it lies in the forest).
"""

from __future__ import annotations

from typing import final

from ...engine import ActionSpace, ActionSpec
from .content import Content

TAKE = "take"            # collect a tile
RESERVE = "reserve"      # put a gemstone on a tile (also the destination of a moved gemstone)
LIFT = "lift"            # pick up one of your placed gemstones (to move it, or to pay with it)
FIREFLY = "firefly"      # remove the Silver Firefly from one of your tiles (-1 Firefly token)
STOP = "stop"            # no (more) tile / no gemstone
PLUS = "plus"            # discard a "+" token: take back a gemstone lost to the box
WISH = "wish"            # keep this Wish card
HEX = "hex"              # keep this Hex card
FAVOR = "favor"          # take this favor token from the box (Wish reward)


@final
class Ids:
    """Base offsets of each kind in the action table (computed once per game)."""

    def __init__(self, content: Content) -> None:
        self.tiles = len(content.tiles)
        self.take = 0
        self.reserve = self.tiles
        self.lift = 2 * self.tiles
        self.firefly = 3 * self.tiles
        self.stop = 4 * self.tiles
        self.plus = self.stop + 1
        self.wish = self.plus + 1
        self.hex = self.wish + len(content.wishes)
        self.favor = self.hex + len(content.hexes)
        self.size = self.favor + len(content.tokens)


def build_action_space(content: Content) -> ActionSpace:
    specs: list[ActionSpec] = []
    # one block per tile action, in the order of the Ids offsets
    for kind, label in ((TAKE, "Take {}"), (RESERVE, "Put a gemstone on {}"),
                        (LIFT, "Pick up your gemstone from {}"), (FIREFLY, "Remove the firefly from {}")):
        specs.extend(ActionSpec(kind, (("tile", tile.id),), label.format(tile.name())) for tile in content.tiles)
    specs.append(ActionSpec(STOP, (), "Done"))
    specs.append(ActionSpec(PLUS, (), 'Discard a "+" token to take back a lost gemstone'))
    for wish in content.wishes:
        specs.append(ActionSpec(WISH, (("card", wish.id),), f"Keep {wish.name()}"))
    for hex_card in content.hexes:
        specs.append(ActionSpec(HEX, (("card", hex_card.id),), f"Keep {hex_card.name()}"))
    for token in content.tokens:
        specs.append(ActionSpec(FAVOR, (("token", token.id),), f"Take the {token.name()} from the box"))
    space = ActionSpace(specs)
    assert len(space) == Ids(content).size
    return space
