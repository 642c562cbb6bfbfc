"""The Present Phase (rulebook, Present Phase) and the Future's setup (each chapter's Set up): the
Prophecy fulfilled, the turn order chosen again, the chapter's figure set on its place (the Crown of
Evil's figure moved for 1 Spirit when no tile fits) and its pieces laid in place of the Past's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ....engine import automatic, chance, decision
from .. import rulings
from ..components.futures import Piece
from ..components.symbols import SPACE_KINDS
from ..geometry import DX, DY, key
from ..setup import ChooseOrder
from ..state_fields import FUTURE, PRESENT
from ..tables import ALTAR, BATTLE1, BATTLE2, BATTLE3, FUTURE_PIECE, TREASURE3
from ..turn.moving import end_ok
from ..words import the
from .chapter import CROWN, FALLBACK_CROWN, FALLBACK_TREE, PARALLEL, chapter_figure, crown_enemy, team

if TYPE_CHECKING:
    from ..state import TTState


# -- the Present --------------------------------------------------------------------------------------

def begin_present(s: TTState) -> None:
    s.phase = PRESENT
    s.cur = -1
    if s.log is not None:
        s.emit("present", "The Map is complete: the Present")
    s.push(SetUpFuture(team(s)))
    if rulings.TURN_ORDER_CHOSEN_AT_PAST_AND_PRESENT:
        s.push(ChooseOrder(team(s), -1, -1, 1))
    if s.future < 0:
        s.push(FulfilProphecy(team(s)))


@chance
class FulfilProphecy(NamedTuple):
    """Shuffle the three Prophecy cards and draw one at random: its Future comes (L145)."""

    seat: int

    def prompt(self, s: TTState) -> str:
        return "one of the three Prophecies is drawn at random"

    def outcomes(self, s: TTState) -> list[tuple[int, float]]:
        if s.cfg.forced_future >= 0:
            p = next(i for i in s.prophecies if s.t.c.prophecies[i].future == s.t.c.futures[s.cfg.forced_future].id)
            return [(p, 1.0)]
        return [(p, 1.0 / len(s.prophecies)) for p in s.prophecies]

    def resolve(self, s: TTState, outcome: int) -> None:
        s.reveal()
        s.fulfilled = outcome
        prophecy = s.t.c.prophecies[outcome]
        s.future = next(i for i, f in enumerate(s.t.c.futures) if f.id == prophecy.future)
        if s.log is not None:
            s.emit("prophecy", f"The Prophecy is fulfilled: the Future is {s.t.c.futures[s.future].name}")


@automatic
class SetUpFuture(NamedTuple):
    """Remove every token and cube from the Map (Offerings held stay), then set up the chapter."""

    seat: int

    def run(self, s: TTState) -> None:
        s.phase = FUTURE
        if not rulings.FUTURE_OBJECTS_ON_EVERY_SLOT:
            # the other reading: new tokens only where an unclaimed one still lay
            s.protected = [sp for sp in range(len(s.token)) if s.token[sp] >= 0]
        for sp in range(len(s.token)):
            s.token[sp] = -1
        f = s.t.c.futures[s.future]
        s.tentacles_left = 0
        s.round_no = 0
        s.fstage = 0
        s.push(PlacePieces(self.seat))
        figure = next(p for p in f.pieces if p.kind == "figure")
        place_figure(s, figure)
        if s.log is not None:
            s.emit("future", f"The Future: {f.name}. {f.text}")


def figure_tiles(s: TTState, figure: Piece) -> list[int]:
    """The tiles the chapter's figure may be set up on."""
    kinds = {"altar": (ALTAR,), "treasure3": (TREASURE3,), "battle1_tile": (BATTLE1,),
             "battle2_or_3": (BATTLE2, BATTLE3)}[figure.place]
    tiles = [t for t in sorted(s.placed) if any(k in kinds for k in s.t.tile_kind[t])]
    if figure.place == "battle1_tile":
        good = [t for t in tiles if s.borders(t) >= figure.neighbours]
        if good:
            return good
        s.fallbacks[FALLBACK_TREE] += 1
        best = max((s.borders(t) for t in tiles), default=0)
        if best:
            return [t for t in tiles if s.borders(t) == best]
        return [t for t in sorted(s.placed) if s.borders(t) >= figure.neighbours] or sorted(s.placed)
    if figure.neighbours == 8:
        tiles = [t for t in tiles if s.tiles_around(t) == 8]
    if figure.place == "battle2_or_3" and rulings.VICINATOR_SET_UP_AWAY_FROM_HEROES:
        free = [t for t in tiles if s.hero_at(figure_space(s, t, figure)) < 0]
        return free or tiles
    return tiles


def figure_space(s: TTState, t: int, figure: Piece) -> int:
    """Where on tile t the figure stands: its Altar, Treasure 3, or Battle 2/3 space."""
    kinds = {"altar": (ALTAR,), "treasure3": (TREASURE3,), "battle2_or_3": (BATTLE2, BATTLE3)}[figure.place]
    return next(t * 4 + k for k in range(4) if s.kind(t * 4 + k) in kinds)


def place_figure(s: TTState, figure: Piece) -> None:
    tiles = figure_tiles(s, figure)
    if not tiles:                                   # the Crown of Evil: no tile is surrounded (A-49a)
        s.fallbacks[FALLBACK_CROWN] += 1
        s.push(CrownMove(team(s), -1))
        s.push(CrownPay(team(s)))
        return
    if len(tiles) == 1:
        figure_on_tile(s, tiles[0], figure)
    else:
        s.push(PlaceFigure(team(s)))


def figure_on_tile(s: TTState, t: int, figure: Piece) -> None:
    if figure.place == "battle1_tile":
        free = [t * 4 + k for k in range(4) if s.hero_at(t * 4 + k) < 0]
        if len(free) == 1:
            set_figure(s, free[0])
        else:
            s.push(PlaceTree(team(s), t))
        return
    sp = figure_space(s, t, figure)
    set_figure(s, sp)
    if s.figure_blocks() and s.hero_at(sp) >= 0:
        step_aside(s, s.hero_at(sp))


def step_aside(s: TTState, h: int) -> None:
    """A Hero stands where the Vicinator is set up (A-49a, A-58: never on one space): it steps to another
    space of that tile it may stand on (the next clockwise, the one before, then the opposite), or else to
    the nearest such space of the Map (fewest orthogonal steps)."""
    here = s.pos[h]
    t, k = here >> 2, here & 3
    found = next((t * 4 + (k + j) % 4 for j in (1, 3, 2) if end_ok(s, h, t * 4 + (k + j) % 4)), -1)
    seen, ring = {here}, [here]
    while found < 0 and ring:
        nxt: list[int] = []
        for sp in ring:
            for d in range(4):
                o = s.nb(sp, d)
                if o >= 0 and o not in seen:
                    seen.add(o)
                    nxt.append(o)
        ring = nxt
        found = next((o for o in ring if end_ok(s, h, o)), -1)
    if found < 0:
        return
    s.pos[h] = found
    if s.log is not None:
        s.emit("figure", f"{s.name(h)} steps aside to {s.space_name(found)}")


def set_figure(s: TTState, space: int) -> None:
    s.figure = space
    f = s.t.c.futures[s.future]
    figure = next(p for p in f.pieces if p.kind == "figure")
    if figure.place == "battle1_tile":
        s.tree_tile = space >> 2
    if s.log is not None:
        name = the(figure.name)
        s.emit("figure", f"{name[0].upper() + name[1:]} stands on {s.space_name(space)}")


@decision
class PlaceFigure(NamedTuple):
    """The players choose the tile the chapter's figure is set up on."""

    seat: int

    def prompt(self, s: TTState) -> str:
        return f"choose where {the(chapter_figure(s).name)} is set up"

    def legal(self, s: TTState) -> list[int]:
        return [s.t.ids.tile + t for t in figure_tiles(s, chapter_figure(s))]

    def apply(self, s: TTState, action: int) -> None:
        figure_on_tile(s, action - s.t.ids.tile, chapter_figure(s))


@decision
class PlaceTree(NamedTuple):
    """The Parallel Land: which of the tile's 4 spaces the Tree stands on."""

    seat: int
    tile: int

    def prompt(self, s: TTState) -> str:
        return f"choose the space of {s.tile_name(self.tile)} the Tree stands on"

    def legal(self, s: TTState) -> list[int]:
        t = self.tile
        return [s.t.ids.space + t * 4 + k for k in range(4) if s.hero_at(t * 4 + k) < 0]

    def apply(self, s: TTState, action: int) -> None:
        set_figure(s, action - s.t.ids.space)


@decision
class CrownPay(NamedTuple):
    """The Crown of Evil, no tile surrounded: a Hero sacrifices 1 Spirit to move one tile (A-49a)."""

    seat: int

    def prompt(self, s: TTState) -> str:
        return "no Battle 2 or 3 tile is surrounded: choose the Hero who sacrifices 1 Spirit to move a tile"

    def legal(self, s: TTState) -> list[int]:
        return sorted(s.t.ids.hero + s.hero[h] for h in range(3) if s.spirit[h] > 0)

    def apply(self, s: TTState, action: int) -> None:
        h = s.hero.index(action - s.t.ids.hero)
        if s.log is not None:
            s.emit("crown", f"{s.name(h)} sacrifices 1 Spirit to move a tile")
        s.lose_spirit(h)


@decision
class CrownMove(NamedTuple):
    """Which tile moves (tile = -1), then where it snaps (keeping its rotation)."""

    seat: int
    tile: int

    def prompt(self, s: TTState) -> str:
        if self.tile < 0:
            return "choose the tile to move"
        return f"choose where {s.tile_name(self.tile)} snaps to the Map"

    def legal(self, s: TTState) -> list[int]:
        if self.tile < 0:
            return [s.t.ids.tile + t for t in sorted(s.placed)
                    if all(s.pos[h] >> 2 != t for h in range(3)) and len(s.placed) > 1]
        cells = moved_cells(s, self.tile)
        return sorted(a for a, _, _ in cells.values())

    def apply(self, s: TTState, action: int) -> None:
        if self.tile < 0:
            s.push(CrownMove(self.seat, action - s.t.ids.tile))
            return
        t = self.tile
        _, x, y = next(v for v in moved_cells(s, t).values() if v[0] == action)
        rot = s.tile_rot[t]
        s.lift_tile(t)
        s.place_tile(t, x, y, rot)
        if s.log is not None:
            s.emit("crown", f"{s.tile_name(t)} is moved")
        place_figure(s, chapter_figure(s))


def moved_cells(s: TTState, t: int) -> dict[int, tuple[int, int, int]]:
    """The empty cells tile t may snap to once lifted (named like any snap): beside another tile."""
    out: dict[int, tuple[int, int, int]] = {}
    base = s.t.ids.snap
    own = key(s.tile_x[t], s.tile_y[t])
    for o in sorted(s.placed):
        if o == t:
            continue
        x, y = s.tile_x[o], s.tile_y[o]
        for d in range(4):
            k = key(x + DX[d], y + DY[d])
            if k not in s.cell_tile and k not in out:
                out[k] = (base + o * 4 + d, x + DX[d], y + DY[d])
    out.pop(own, None)
    return out


@automatic
class PlacePieces(NamedTuple):
    """New tokens replace old ones: the chapter's pieces on every printed slot of their kind (A-40)."""

    seat: int

    def run(self, s: TTState) -> None:
        place_pieces(s)
        future_counters(s)


def place_pieces(s: TTState) -> None:
    by_kind: dict[int, int] = {}
    for i, p in enumerate(s.t.pieces):
        if s.t.piece_future[i] == s.future:
            for slot in p.replaces:
                by_kind[SPACE_KINDS.index(slot)] = FUTURE_PIECE + i
    for t in s.placed:
        for k in range(4):
            sp = t * 4 + k
            tok = by_kind.get(s.kind(sp), -1)
            if tok >= 0 and sp != s.figure and (rulings.FUTURE_OBJECTS_ON_EVERY_SLOT or sp in s.protected):
                s.token[sp] = tok
    if not rulings.FUTURE_OBJECTS_ON_EVERY_SLOT:
        s.protected = []


def future_counters(s: TTState) -> None:
    """The chapter's supplies and clocks at their start."""
    f = s.t.c.futures[s.future]
    s.pv_left = rulings.PARALLEL_VIRTUES if f.number == PARALLEL else 0
    if f.number == CROWN:
        deck = next(d for d in f.decks if d.id == f.clock.deck)
        s.tentacles_left = deck.deal or len(f.deck_cards(deck.id))
        s.vici_def = crown_enemy(s, "vicinator").defense
    s.viruses = [-1] * (f.enemy_turn.viruses if f.enemy_turn and f.enemy_turn.kind == "vicinator" else 0)
