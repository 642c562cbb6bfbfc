"""The Present (which Prophecy is fulfilled) and the Future: each chapter's setup, pieces, enemy turn,
clock and goal (Future Book, L363-L476).

A Future round (A-62): the chapter's enemy turn (the Tree, the Vicinator and its Viruses), then the
three Heroes' turns (the Information Flood removes tiles before each; the Parallel Land flips one at
the start of each), then the end of the round (a flip in the Nine Rings and the Path of Initiation,
the Tree's damage in the Parallel Land). The goal is checked after every change (A-46).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ...engine import automatic, chance, decision
from . import rulings
from .battle import (
    CAUSE_TENTACLE,
    CAUSE_TREE,
    CAUSE_VIRUS,
    REMOVAL_DIE,
    Roll,
    TakeDamage,
    start_vicinator_fight,
    start_virus_fight,
)
from .components.futures import Enemy, Piece
from .components.symbols import SPACE_KINDS
from .components.vocabulary import Effect
from .effects import resolve
from .rolls import start_effect_roll
from .scoring import end_game
from .setup import ChooseOrder
from .state import CORNER_DX, CORNER_DY, DX, DY, FUTURE, NEIGHBOURS8, PRESENT, T_ATTACKED, T_MOVED, key
from .tables import ALTAR, BATTLE1, BATTLE2, BATTLE3, FUTURE_DECK, FUTURE_PIECE, PORTAL, TREASURE3, TREE
from .turn import EndOfTurn, StartOfTurn, Turn, blocked, end_ok, new_turn

if TYPE_CHECKING:
    from .state import TTState

# the Futures, by their `number`
RINGS, FLOOD, PARALLEL, PATH, CROWN = 1, 2, 3, 4, 5
FALLBACK_TREE, FALLBACK_CROWN = 0, 1


def team(s: TTState) -> int:
    """The seat a choice "the players" make is asked of: the Hero first in turn order (or else the
    Hero whose turn it is, when there is one)."""
    if not rulings.TEAM_CHOOSES_BY_FIRST_IN_ORDER and s.cur >= 0:
        return s.cur
    return s.order[0]


def number(s: TTState) -> int:
    return s.t.c.futures[s.future].number if s.future >= 0 else 0


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
        from .words import the

        name = the(figure.name)
        s.emit("figure", f"{name[0].upper() + name[1:]} stands on {s.space_name(space)}")


@decision
class PlaceFigure(NamedTuple):
    """The players choose the tile the chapter's figure is set up on."""

    seat: int

    def prompt(self, s: TTState) -> str:
        from .words import the

        return f"choose where {the(chapter_figure(s).name)} is set up"

    def legal(self, s: TTState) -> list[int]:
        return [s.t.ids.tile + t for t in figure_tiles(s, chapter_figure(s))]

    def apply(self, s: TTState, action: int) -> None:
        figure_on_tile(s, action - s.t.ids.tile, chapter_figure(s))


def chapter_figure(s: TTState) -> Piece:
    return next(p for p in s.t.c.futures[s.future].pieces if p.kind == "figure")


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


def crown_enemy(s: TTState, enemy_id: str) -> Enemy:
    return next(e for e in s.t.c.futures[s.future].enemies if e.id == enemy_id)


# -- the rounds -----------------------------------------------------------------------------------------

def advance_future(s: TTState) -> None:
    while not s.over and not s.stack:
        stage = s.fstage
        if stage == 0:
            s.round_no += 1
            s.fstage = 1
            if s.log is not None:
                s.emit("round", f"Future, round {s.round_no}")
            n = number(s)
            if n == PARALLEL:
                s.push(TreeTurn(team(s)))
            elif n == CROWN:
                s.push(VicinatorTurn(team(s)))
        elif stage <= 3:
            s.fstage = stage + 1
            begin_future_turn(s, s.order[stage - 1])
        else:
            s.fstage = 0
            end_of_round(s)


def begin_future_turn(s: TTState, seat: int) -> None:
    s.turn_no += 1
    new_turn(s, seat)
    if s.log is not None:
        s.emit("turn", f"Future, round {s.round_no}: {s.name(seat)}")
    s.push(EndOfTurn(seat))
    s.push(Turn(seat))
    s.push(StartOfTurn(seat))
    n = number(s)
    if n == PARALLEL:
        s.push(HeroFlip(seat))
    elif n == FLOOD:
        s.push(Roll(seat, 1, REMOVAL_DIE))
        s.push(FirstRemoval(seat))


def end_of_round(s: TTState) -> None:
    n = number(s)
    if n in (RINGS, PATH):
        s.push(FlipTile(team(s)))
    elif n == PARALLEL:
        pvs = sum(1 for tok in s.token if tok >= 0 and s.t.pieces[tok - FUTURE_PIECE].id == "parallel_virtue")
        damage = pvs * s.t.c.futures[s.future].enemy_turn.damage_per_pv    # type: ignore[union-attr]
        if damage:
            if s.log is not None:
                s.emit("tree", f"The Tree deals {damage} damage to every Hero ({pvs} Parallel Virtues)")
            for h in reversed(s.order):
                s.push(TakeDamage(h, damage, damage, CAUSE_TREE, 0))
    s.protected = prune_protected(s)


def prune_protected(s: TTState) -> list[int]:
    out: list[int] = []
    for i in range(0, len(s.protected) - 1, 2):
        if s.protected[i + 1] > s.round_no:
            out.extend(s.protected[i:i + 2])
    return out


def end_of_hero_turn(s: TTState, seat: int) -> None:
    """Nothing ends with a Hero's turn in the Future's clocks (A-44b: they tick once a round)."""
    return None


# -- the goal -------------------------------------------------------------------------------------------

def goal_met(s: TTState) -> bool:
    f = s.t.c.futures[s.future]
    g = f.goal
    if g.kind == "defeat":
        return s.vici_def <= 0
    if g.kind == "survive":
        return unturned(s) <= f.clock.win_at_unturned
    if s.figure < 0:
        return False
    if g.token == "ring" and any(s.rings[h] < g.per_hero for h in range(3)):
        return False
    if g.token == "wow" and s.wow < g.team:
        return False
    if g.token == "head" and any(s.heads[h] != 7 for h in range(3)):
        return False
    if g.around == "spaces":
        return all(s.pos[h] != s.figure and s.adjacent8(s.pos[h], s.figure) for h in range(3))
    throne = s.figure >> 2
    near = set(s.tile_neighbours(throne))
    return all(s.pos[h] != s.figure and (s.pos[h] >> 2 == throne or s.pos[h] >> 2 in near) for h in range(3))


def check_goal(s: TTState) -> None:
    if s.phase == FUTURE and not s.over and s.future >= 0 and goal_met(s):
        s.won_round = s.round_no
        if s.log is not None:
            s.emit("goal", f"The goal of {s.t.c.futures[s.future].name} is met: the team wins")
        end_game(s, won=True, reason="the Future's goal is met")


def clock_runs_out(s: TTState, why: str) -> None:
    if s.over:
        return
    if s.log is not None:
        s.emit("clock", f"{why}: the team loses")
    end_game(s, won=False, reason=why)


def unturned(s: TTState) -> int:
    return sum(1 for t in s.placed if not s.flipped[t])


# -- the Nine Rings and the Path of Initiation: a flip at the end of each round --------------------------

def flip_candidates(s: TTState) -> list[int]:
    tiles = [t for t in sorted(s.placed) if not s.flipped[t] and t != s.figure >> 2]
    if not rulings.FLIP_MAY_HIT_A_HERO_IN_RINGS_AND_PATH:
        heroes = {s.pos[h] >> 2 for h in range(3)}
        tiles = [t for t in tiles if t not in heroes] or tiles
    if number(s) == PATH and s.figure >= 0:
        near = set(s.tile_neighbours(s.figure >> 2))
        far = [t for t in tiles if t not in near]
        if far:
            return far
    return tiles


@decision
class FlipTile(NamedTuple):
    """After all three Heroes' turns, the players flip one tile upside down (L401, L452)."""

    seat: int

    def prompt(self, s: TTState) -> str:
        f = s.t.c.futures[s.future]
        return f"choose a tile to flip upside down ({s.flips} of {f.clock.lose_at} flipped)"

    def legal(self, s: TTState) -> list[int]:
        return [s.t.ids.tile + t for t in flip_candidates(s)]

    def apply(self, s: TTState, action: int) -> None:
        t = action - s.t.ids.tile
        s.flip(t)
        s.flips += 1
        if s.log is not None:
            s.emit("flip", f"{s.tile_name(t)} is flipped upside down ({s.flips} flipped)")
        if s.flips >= s.t.c.futures[s.future].clock.lose_at:
            clock_runs_out(s, f"The {s.flips}th tile is flipped")


# -- the Information Flood: tiles removed before each Hero's turn ----------------------------------------

def removal_candidates(s: TTState) -> list[int]:
    """The tiles that may be removed now (A-45): free of Heroes, not the Ark's, not protected, from the
    lowest class of borders (1, then 2; an isolated tile first of all)."""
    protected = {s.protected[i] for i in range(0, len(s.protected), 2)}
    ark = s.figure >> 2 if s.figure >= 0 else -1
    heroes = {s.pos[h] >> 2 for h in range(3)}
    free = [t for t in sorted(s.placed) if t != ark and t not in protected and t not in heroes]
    count = [s.borders(t) for t in free]
    order = (0, *s.t.c.futures[s.future].clock.border_order)
    for b in order:
        if b in count:
            return [t for t, n in zip(free, count, strict=True) if n == b]
    if s.cfg.removal_strict:
        held = [t for t in sorted(s.placed) if t in heroes and s.borders(t) <= max(order)]
        if held:
            return held
    if not free:
        return []
    fewest = min(count)
    return [t for t, n in zip(free, count, strict=True) if n == fewest]


@decision
class RemoveTile(NamedTuple):
    """Before your turn, remove a tile of your choice (the first; the second if the die was blank)."""

    seat: int
    which: int

    def prompt(self, s: TTState) -> str:
        if flood_out_of_tiles(s):
            return "the flood has no tile left to take but the Heroes' and the Ark's: sacrifice a Sacred Stone"
        n = "a tile" if self.which == 1 else "a second tile"
        return f"the flood: remove {n} from the Map ({len(s.placed)} tiles left), or sacrifice a Sacred Stone"

    def legal(self, s: TTState) -> list[int]:
        ids = s.t.ids
        out = [ids.tile + t for t in removal_candidates(s)]
        out.extend(ids.stone + s.hero[h] for h in range(3) if s.stones[h])
        return sorted(out)

    def apply(self, s: TTState, action: int) -> None:
        ids = s.t.ids
        if ids.stone <= action < ids.stone + len(s.t.c.heroes):
            h = s.hero.index(action - ids.stone)
            s.stones[h] -= 1
            if s.log is not None:
                s.emit("stone", f"{s.name(h)} sacrifices a Sacred Stone: no tile is removed")
            return
        remove_tile(s, action - ids.tile)


def words_collected(s: TTState) -> bool:
    """The Words of Wisdom are in: the flood's deadline (only 4 tiles left) no longer applies (L420, A-46)."""
    return rulings.FLOOD_DEADLINE_IS_FOR_THE_WORDS and s.wow >= s.t.c.futures[s.future].goal.team


def flood_out_of_tiles(s: TTState) -> bool:
    """Every tile left holds a Hero or the Ark: whatever the flood takes now loses the game (A-46)."""
    ark = s.figure >> 2 if s.figure >= 0 else -1
    heroes = {s.pos[h] >> 2 for h in range(3)}
    return all(t == ark or t in heroes for t in s.placed)


def remove_tile(s: TTState, t: int) -> None:
    hero = any(s.pos[h] >> 2 == t for h in range(3))
    ark = s.figure >= 0 and s.figure >> 2 == t
    s.lift_tile(t)
    s.unflip(t)
    s.removed.append(t)
    if s.log is not None:
        s.emit("remove", f"{s.tile_name(t)} is swept away ({len(s.placed)} tiles left)")
    if hero:
        clock_runs_out(s, "A tile with a Hero on it is removed")
    elif ark:
        clock_runs_out(s, "The Ark of Truth's tile is swept away")
    elif len(s.placed) <= s.t.c.futures[s.future].clock.lose_at_tiles and not words_collected(s):
        clock_runs_out(s, f"Only {len(s.placed)} tiles are left")


@automatic
class FirstRemoval(NamedTuple):
    """Before a Hero's turn in the flood, the first tile goes (unless something stops it)."""

    seat: int

    def run(self, s: TTState) -> None:
        start_removal(s, self.seat, 1)


def removal_die_rolled(s: TTState, seat: int, positive: int) -> None:
    """Positive: no second removal; blank: a second tile goes (nothing may change this die)."""
    if s.log is not None:
        s.emit("roll", f"The flood's die is {'positive: no second tile' if positive else 'blank: a second tile goes'}")
    if not positive:
        start_removal(s, seat, 2)


def start_removal(s: TTState, seat: int, which: int) -> None:
    if s.cancel_removals:
        s.cancel_removals -= 1
        if s.log is not None:
            s.emit("remove", "The Sealed Map holds: this tile is not removed")
        return
    if removal_candidates(s) or any(s.stones):
        s.push(RemoveTile(seat, which))
    elif flood_out_of_tiles(s):
        clock_runs_out(s, "The flood has no tile left to take but the Heroes' and the Ark's")


# -- the Parallel Land: the Tree and the Parallel Virtues ------------------------------------------------

def pv_piece(s: TTState) -> int:
    return FUTURE_PIECE + next(i for i, p in enumerate(s.t.pieces) if p.id == "parallel_virtue")


def seed_piece(s: TTState) -> int:
    return FUTURE_PIECE + next(i for i, p in enumerate(s.t.pieces) if p.id == "seed")


def tree_flip_candidates(s: TTState) -> list[int]:
    """The tiles the Tree may flip: the unflipped tiles beside its own tile (L434); once none is left,
    those beside the flipped region (A-47)."""
    near = sorted(t for t in s.tile_neighbours(s.tree_tile) if not s.flipped[t]) if s.tree_tile >= 0 else []
    return near or flip_region_candidates(s)


def flip_region_candidates(s: TTState) -> list[int]:
    """Unflipped tiles beside the flipped region (the Tree's tile and every flipped tile, A-47): a Hero's
    flip at the start of its turn, and the Tree's once no tile beside its own is left unflipped."""
    region = [t for t in s.placed if s.flipped[t] or t == s.tree_tile]
    near: set[int] = set()
    for t in region:
        near.update(s.tile_neighbours(t))
    out = sorted(t for t in near if not s.flipped[t] and t != s.tree_tile)
    if not out:
        out = sorted(t for t in s.placed if not s.flipped[t] and t != s.tree_tile)
    return out


def safe(s: TTState, tiles: list[int]) -> list[int]:
    """The tiles of `tiles` no Hero stands on, or all of them if every one holds a Hero."""
    heroes = {s.pos[h] >> 2 for h in range(3)}
    free = [t for t in tiles if t not in heroes]
    return free or tiles


def parallel_flip(s: TTState, t: int) -> None:
    """Flip a tile in the Parallel Land: a Hero on it loses the game (L436); 3 unturned tiles win."""
    hero = any(s.pos[h] >> 2 == t for h in range(3))
    s.flip(t)
    if s.log is not None:
        s.emit("flip", f"{s.tile_name(t)} turns over ({unturned(s)} tiles unturned)")
    if hero:
        clock_runs_out(s, "A tile with a Hero on it turns over")
        return
    check_goal(s)
    if not s.over and s.pv_left:
        s.push(PlacePV(team(s) if s.cur < 0 or s.fstage == 1 else s.cur, t))


@decision
class HeroFlip(NamedTuple):
    """The Parallel Land: at the start of your turn, flip 1 tile beside the flipped region."""

    seat: int

    def prompt(self, s: TTState) -> str:
        return "flip a tile beside the flipped region (a Parallel Virtue appears on it)"

    def legal(self, s: TTState) -> list[int]:
        return [s.t.ids.tile + t for t in safe(s, flip_region_candidates(s))]

    def apply(self, s: TTState, action: int) -> None:
        t = action - s.t.ids.tile
        hero = any(s.pos[h] >> 2 == t for h in range(3))
        s.flip(t)
        if s.log is not None:
            s.emit("flip", f"{s.name(self.seat)} flips {s.tile_name(t)} ({unturned(s)} tiles unturned)")
        if hero:
            clock_runs_out(s, "A tile with a Hero on it turns over")
            return
        check_goal(s)
        if not s.over and s.pv_left:
            s.push(PlacePV(self.seat, t))


@decision
class PlacePV(NamedTuple):
    """Which of the flipped tile's four dark spaces the Parallel Virtue goes on."""

    seat: int
    tile: int

    def prompt(self, s: TTState) -> str:
        return f"choose the space of {s.tile_name(self.tile)} the Parallel Virtue goes on"

    def legal(self, s: TTState) -> list[int]:
        space = s.t.ids.space
        return [space + sp for sp in pv_spaces(s, self.tile)]

    def apply(self, s: TTState, action: int) -> None:
        sp = action - s.t.ids.space
        s.token[sp] = pv_piece(s)
        s.pv_left -= 1


def pv_spaces(s: TTState, t: int) -> list[int]:
    """The spaces of tile t a Parallel Virtue may go on: a flipped tile's four dark spaces (L434), a face-up
    tile's spaces with nothing on them (no token, no Tree, no Portal a Hero could never stand on, not the
    Tree itself), so that a Hero can always claim it."""
    token, figure = s.token, s.figure
    if s.flipped[t]:
        return [sp for sp in range(t * 4, t * 4 + 4) if token[sp] < 0]
    return [sp for sp in range(t * 4, t * 4 + 4)
            if token[sp] < 0 and sp != figure and s.kind(sp) not in (TREE, PORTAL)]


@automatic
class TreeTurn(NamedTuple):
    """The Tree goes first: it flips 2 tiles next to its own tile, a Parallel Virtue on each, then fills
    every empty tile with one (L434-L436; the variant empty_tiles=flipped: only the flipped ones)."""

    seat: int

    def run(self, s: TTState) -> None:
        flips = s.t.c.futures[s.future].enemy_turn.flips     # type: ignore[union-attr]
        s.push(TreeFill(self.seat))
        for _ in range(flips):
            s.push(TreeFlip(self.seat) if not s.cfg.tree_random else TreeFlipRandom(self.seat))


@automatic
class TreeFlipRandom(NamedTuple):
    """One of the Tree's flips, at random among the tiles it may flip (A-47's default)."""

    seat: int

    def run(self, s: TTState) -> None:
        tiles = safe(s, tree_flip_candidates(s))
        if tiles:
            parallel_flip(s, s.pick(tiles))


@decision
class TreeFlip(NamedTuple):
    """One of the Tree's flips, chosen by the players (option tree_flips=players)."""

    seat: int

    def prompt(self, s: TTState) -> str:
        return "choose the tile the Tree flips"

    def legal(self, s: TTState) -> list[int]:
        return [s.t.ids.tile + t for t in safe(s, tree_flip_candidates(s))]

    def apply(self, s: TTState, action: int) -> None:
        parallel_flip(s, action - s.t.ids.tile)


@automatic
class TreeFill(NamedTuple):
    """The end of the Tree's turn: a Parallel Virtue on every empty tile, one with no Seed and no Parallel
    Virtue (L436; option empty_tiles=flipped: only flipped ones), while the 30 last."""

    seat: int

    def run(self, s: TTState) -> None:
        pv, seed = pv_piece(s), seed_piece(s)
        flipped_only = s.cfg.fill_flipped_only
        empty = [t for t in sorted(s.placed) if (s.flipped[t] or not flipped_only)
                 and not any(s.token[t * 4 + k] in (pv, seed) for k in range(4)) and pv_spaces(s, t)]
        for t in reversed(empty[:s.pv_left]):
            s.push(PlacePV(self.seat, t))


@decision
class PlantSeed(NamedTuple):
    """You claimed a Parallel Virtue: plant one of your Seeds on its space, or keep it."""

    seat: int
    space: int

    def prompt(self, s: TTState) -> str:
        return "plant a Seed where the Parallel Virtue was (no more will appear on its tile), or keep it"

    def legal(self, s: TTState) -> list[int]:
        return [s.t.ids.accept, s.t.ids.decline]

    def apply(self, s: TTState, action: int) -> None:
        if action == s.t.ids.accept:
            s.seeds[self.seat] -= 1
            s.token[self.space] = seed_piece(s)
            if s.log is not None:
                s.emit("seed", f"{s.name(self.seat)} plants a Seed on {s.space_name(self.space)}")


# -- the Crown of Evil: the Vicinator and its Viruses -----------------------------------------------------

@automatic
class VicinatorTurn(NamedTuple):
    """The Vicinator goes first: its Viruses (the first time), a Tentacle card, then the Viruses move."""

    seat: int

    def run(self, s: TTState) -> None:
        f = s.t.c.futures[s.future]
        if s.tentacles_left <= 1 and rulings.LAST_TENTACLE_LOSES:
            clock_runs_out(s, "The Vicinator reaches its last Tentacle card")
            return
        s.vici_shield = 0
        if s.round_no == 1 and rulings.VIRUSES_PLACED_ON_FIRST_TURN_ONLY:
            around = vicinator_ring(s)
            for i in range(len(s.viruses)):
                free = [sp for sp in around if sp not in s.viruses
                        and (s.hero_at(sp) < 0 or not rulings.VIRUSES_NEVER_ON_HEROES)]
                if free:
                    s.viruses[i] = free[0]
            if s.log is not None:
                s.emit("viruses", f"The Vicinator sends {sum(v >= 0 for v in s.viruses)} Viruses around it")
        s.push(VirusMoves(self.seat))
        d = FUTURE_DECK + s.t.fdeck_index[f.clock.deck]
        card = s.draw_card(d)
        s.tentacles_left -= 1
        s.tentacle = card
        s.discard[d].append(card)
        fc = s.t.fcards[card]
        if s.cancel_tentacle:
            s.cancel_tentacle -= 1
            if s.log is not None:
                s.emit("tentacle", f"The Vicinator activates {fc.name}, but the Sleeping Draught stops it")
            return
        if s.log is not None:
            s.emit("tentacle", f"The Vicinator activates {fc.name}: {fc.text}")
        resolve(s, self.seat, fc.effects)


def vicinator_ring(s: TTState) -> list[int]:
    """The spaces around the Vicinator, clockwise from the north."""
    if s.figure < 0:
        return []
    x, y = s.xy(s.figure)
    out = []
    for d in (0, 4, 1, 5, 2, 6, 3, 7):
        sp = s.space_at.get(key(x + DX[d], y + DY[d]), -1)
        if sp >= 0:
            out.append(sp)
    return out


def virus_distances(s: TTState) -> dict[int, int]:
    """Steps from every space to the nearest working Altar for a Virus: through Trees, never through
    Portals or Heroes; flipped tiles cost 2 (A-49c)."""
    import heapq

    altars = [sp for t in s.placed for sp in range(t * 4, t * 4 + 4) if s.is_altar(sp)]
    dist = {a: 0 for a in altars}
    heap = [(0, a) for a in altars]
    heroes = set(s.pos)
    while heap:
        d, sp = heapq.heappop(heap)
        if d > dist.get(sp, 1 << 30):
            continue
        cost = 2 if s.flipped[sp >> 2] else 1
        for n in range(4):
            other = s.nb(sp, n)
            if other < 0 or other == s.figure or other in heroes or s.kind(other) == PORTAL:
                continue
            nd = d + cost
            if nd < dist.get(other, 1 << 30):
                dist[other] = nd
                heapq.heappush(heap, (nd, other))
    return dist


@automatic
class VirusMoves(NamedTuple):
    """Each Virus moves towards the nearest Altar, the nearest first; the first to reach one strikes
    every Hero, goes back beside the Vicinator, and the enemy's turn is over (L466-L468)."""

    seat: int

    def run(self, s: TTState) -> None:
        enemy = crown_enemy(s, "virus")
        budget = enemy.move + s.virus_rush
        s.virus_rush = 0
        dist = virus_distances(s)
        order = sorted((dist.get(v, 1 << 30), i) for i, v in enumerate(s.viruses) if v >= 0)
        for _, i in order:
            left = budget
            here = s.viruses[i]
            while left > 0 and dist.get(here, 1 << 30) > 0:
                best = -1
                for n in range(4):
                    other = s.nb(here, n)
                    if other < 0 or other not in dist or other in s.viruses:
                        continue
                    cost = 2 if s.flipped[other >> 2] else 1
                    closer = dist[other] < dist.get(here, 1 << 30)
                    if cost <= left and closer and (best < 0 or dist[other] < dist[best]):
                        best = other
                if best < 0:
                    break
                left -= 2 if s.flipped[best >> 2] else 1
                here = best
            s.viruses[i] = here
            if dist.get(here, 1 << 30) == 0:
                virus_strikes(s, i)
                if rulings.VIRUS_REACHING_AN_ALTAR_ENDS_THE_TURN:
                    return


def virus_strikes(s: TTState, i: int) -> None:
    f = s.t.c.futures[s.future]
    where = s.viruses[i]
    ring = [sp for sp in vicinator_ring(s) if sp not in s.viruses and s.hero_at(sp) < 0]
    s.viruses[i] = ring[0] if ring else -1
    if s.log is not None:
        s.emit("virus", f"A Virus reaches the Altar on {s.tile_name(where >> 2)}")
    if s.block_virus:
        s.block_virus -= 1
        if s.log is not None:
            s.emit("virus", "The Antidote: the Virus deals no damage")
        return
    damage = f.enemy_turn.virus_damage      # type: ignore[union-attr]
    s.push(VirusBlock(team(s), damage))


@decision
class VirusBlock(NamedTuple):
    """A Virus strikes every Hero: one Hero may sacrifice 1 Spirit to block it for everyone."""

    seat: int
    damage: int

    def prompt(self, s: TTState) -> str:
        return f"a Virus deals {self.damage} damage to every Hero: one Hero may sacrifice 1 Spirit to block it"

    def legal(self, s: TTState) -> list[int]:
        ids = s.t.ids
        return sorted([*(ids.hero + s.hero[h] for h in range(3) if s.spirit[h] > 0), ids.done])

    def apply(self, s: TTState, action: int) -> None:
        ids = s.t.ids
        if action != ids.done:
            h = s.hero.index(action - ids.hero)
            if s.log is not None:
                s.emit("block", f"{s.name(h)} sacrifices 1 Spirit: the Virus harms no one")
            s.lose_spirit(h)
            return
        for h in reversed(s.order):
            s.push(TakeDamage(h, self.damage, self.damage, CAUSE_VIRUS, 0))


def destroy_virus(s: TTState, i: int) -> None:
    s.viruses[i] = -1


def vicinator_defeated(s: TTState, seat: int) -> None:
    s.vici_def = min(s.vici_def, 0)
    check_goal(s)


# -- a Future turn's own actions --------------------------------------------------------------------------

def future_turn_options(s: TTState, seat: int, acting: bool) -> list[int]:
    ids = s.t.ids
    out: list[int] = []
    here = s.pos[seat]
    n = number(s)
    if n == CROWN and acting and (s.cfg.crown_per_action or not s.tflags & T_ATTACKED):
        if s.figure >= 0 and s.adjacent8(here, s.figure):
            out.append(ids.vicinator)
        out.extend(ids.space + v for v in s.viruses if v >= 0 and s.adjacent8(here, v))
    if s.cfg.ring_transfer and n == RINGS and acting and s.rings[seat]:
        out.extend(ids.give_ring + s.hero[h] for h in range(3) if h != seat and s.adjacent4(here, s.pos[h]))
    return out


def future_turn_action(s: TTState, seat: int, action: int) -> None:
    ids = s.t.ids
    s.acts += 1
    s.tflags |= T_MOVED
    if action == ids.vicinator:
        s.tflags |= T_ATTACKED
        start_vicinator_fight(s, seat)
    elif ids.space <= action < ids.space + 4 * len(s.t.c.tiles):
        s.tflags |= T_ATTACKED
        start_virus_fight(s, seat, s.viruses.index(action - ids.space))
    else:
        h = s.hero.index(action - ids.give_ring)
        s.rings[seat] -= 1
        s.rings[h] += 1
        if s.log is not None:
            s.emit("ring", f"{s.name(seat)} gives a Ring to {s.name(h)}")
        check_goal(s)


# -- the Futures' effects ----------------------------------------------------------------------------------

def future_act(s: TTState, seat: int, e: Effect) -> None:
    do = e.do
    if do == "roll":
        start_effect_roll(s, seat, e.n, e.need, s.t.intern(e.then), s.t.intern(e.otherwise))
    elif do == "teleport":
        s.push(Teleport(seat))
    elif do == "move_hero":
        s.push(MoveWho(seat, e.n))
    elif do == "damage_heroes":
        s.push(TakeDamage(seat, e.n, e.n, CAUSE_TENTACLE, 0))
    elif do == "cancel_removal":
        s.cancel_removals += 1
    elif do == "protect_tile":
        if s.placed:
            s.push(ProtectTile(seat))
    elif do == "clear_pv":
        if e.where == "anywhere":
            s.push(ClearPV(seat, e.n or 99))
        else:
            here = s.pos[seat] >> 2
            clear_tile(s, seat, here)
            if any(has_pv(s, t) for t in s.tile_neighbours(here)):
                s.push(ClearTile(seat))
    elif do == "plant_seed":
        if s.seeds[seat]:
            s.push(PlantSeed(seat, s.pos[seat]))
    elif do == "destroy_virus":
        if any(v >= 0 for v in s.viruses):
            s.push(DestroyVirus(seat, e.n))
    elif do == "spawn_virus":
        for _ in range(e.n):
            ring = [sp for sp in vicinator_ring(s) if sp not in s.viruses and s.hero_at(sp) < 0]
            if -1 in s.viruses and ring:
                s.viruses[s.viruses.index(-1)] = ring[0]
    elif do == "virus_move":
        s.virus_rush += e.n
    elif do == "vicinator_heal":
        s.vici_def = min(crown_enemy(s, "vicinator").defense, s.vici_def + e.n)
    elif do == "vicinator_shield":
        s.vici_shield += e.n
    elif do == "flip_tile":
        if s.figure >= 0:
            fx, fy = s.tile_x[s.figure >> 2], s.tile_y[s.figure >> 2]
            tiles = sorted((abs(s.tile_x[t] - fx) + abs(s.tile_y[t] - fy), t) for t in s.placed
                           if not s.flipped[t] and t != s.figure >> 2)
            if tiles:
                s.flip(tiles[0][1])
                if s.log is not None:
                    s.emit("flip", f"{s.tile_name(tiles[0][1])} withers and turns over")
    elif do == "cancel_tentacle":
        s.cancel_tentacle += 1
    elif do == "block_virus":
        s.block_virus += 1


def has_pv(s: TTState, t: int) -> bool:
    pv = pv_piece(s)
    return any(s.token[t * 4 + k] == pv for k in range(4))


def clear_tile(s: TTState, seat: int, t: int) -> None:
    pv = pv_piece(s)
    for k in range(4):
        sp = t * 4 + k
        if s.token[sp] == pv:
            s.token[sp] = -1
            if s.seeds[seat]:
                s.push(PlantSeed(seat, sp))


@decision
class ClearTile(NamedTuple):
    """Clearing: the adjacent tile whose Parallel Virtues you claim too."""

    seat: int

    def prompt(self, s: TTState) -> str:
        return "choose the adjacent tile whose Parallel Virtues you claim"

    def legal(self, s: TTState) -> list[int]:
        return sorted(s.t.ids.tile + t for t in s.tile_neighbours(s.pos[self.seat] >> 2) if has_pv(s, t))

    def apply(self, s: TTState, action: int) -> None:
        clear_tile(s, self.seat, action - s.t.ids.tile)


@decision
class ClearPV(NamedTuple):
    """Claim Parallel Virtues anywhere on the Map, one at a time (up to `left`), without Actions."""

    seat: int
    left: int

    def prompt(self, s: TTState) -> str:
        return f"choose a Parallel Virtue to remove ({self.left} left), or stop"

    def legal(self, s: TTState) -> list[int]:
        pv = pv_piece(s)
        return sorted([*(s.t.ids.space + sp for sp, tok in enumerate(s.token) if tok == pv), s.t.ids.stop])

    def apply(self, s: TTState, action: int) -> None:
        if action == s.t.ids.stop:
            return
        sp = action - s.t.ids.space
        s.token[sp] = -1
        if self.left > 1 and any(tok == pv_piece(s) for tok in s.token):
            s.push(ClearPV(self.seat, self.left - 1))
        if s.seeds[self.seat]:
            s.push(PlantSeed(self.seat, sp))


@decision
class DestroyVirus(NamedTuple):
    """Destroy a Virus anywhere on the Map (up to `left`), or stop."""

    seat: int
    left: int

    def prompt(self, s: TTState) -> str:
        return f"choose a Virus to destroy ({self.left} left)"

    def legal(self, s: TTState) -> list[int]:
        return sorted({s.t.ids.space + v for v in s.viruses if v >= 0})

    def apply(self, s: TTState, action: int) -> None:
        destroy_virus(s, s.viruses.index(action - s.t.ids.space))
        if self.left > 1 and any(v >= 0 for v in s.viruses):
            s.push(DestroyVirus(self.seat, self.left - 1))


@decision
class ProtectTile(NamedTuple):
    """Anchor: a tile that cannot be removed until the end of the next round."""

    seat: int

    def prompt(self, s: TTState) -> str:
        return "choose a tile the flood cannot take until the end of the next round"

    def legal(self, s: TTState) -> list[int]:
        return [s.t.ids.tile + t for t in sorted(s.placed)]

    def apply(self, s: TTState, action: int) -> None:
        s.protected.extend((action - s.t.ids.tile, s.round_no + 2))


@decision
class Teleport(NamedTuple):
    """Winged Sandals: move to any unoccupied space that is not a Tree."""

    seat: int

    def prompt(self, s: TTState) -> str:
        return "choose the space you fly to"

    def legal(self, s: TTState) -> list[int]:
        return sorted(s.t.ids.space + sp for sp in s.space_at.values()
                      if sp != s.pos[self.seat] and end_ok(s, self.seat, sp))

    def apply(self, s: TTState, action: int) -> None:
        s.pos[self.seat] = action - s.t.ids.space
        if s.log is not None:
            s.emit("fly", f"{s.name(self.seat)} flies to {s.space_name(s.pos[self.seat])}")
        s.goal_changed()


@decision
class MoveWho(NamedTuple):
    """Shortcut: the Hero you move up to n spaces."""

    seat: int
    n: int

    def prompt(self, s: TTState) -> str:
        return f"choose the Hero you move up to {self.n} spaces"

    def legal(self, s: TTState) -> list[int]:
        return sorted(s.t.ids.hero + s.hero[h] for h in range(3))

    def apply(self, s: TTState, action: int) -> None:
        s.push(MoveHero(self.seat, s.hero.index(action - s.t.ids.hero), self.n))


def shortcut_steps(s: TTState, target: int, left: int) -> list[int]:
    out = []
    here = s.pos[target]
    for d in range(4):
        there = s.nb(here, d)
        if there < 0 or blocked(s, there):
            continue
        if not end_ok(s, target, there) and left <= 1:
            continue
        out.append(s.t.ids.step + d)
    return out


@decision
class MoveHero(NamedTuple):
    """Shortcut: move the Hero one space (Trees do not stop it; it cannot stop on one), or stop."""

    seat: int
    target: int
    left: int

    def prompt(self, s: TTState) -> str:
        return f"move {s.name(self.target)} ({self.left} spaces left), or stop"

    def legal(self, s: TTState) -> list[int]:
        out = shortcut_steps(s, self.target, self.left)
        if end_ok(s, self.target, s.pos[self.target]) or not out:
            out.append(s.t.ids.stop)
        return out

    def apply(self, s: TTState, action: int) -> None:
        if action == s.t.ids.stop:
            return
        s.pos[self.target] = s.nb(s.pos[self.target], action - s.t.ids.step)
        if self.left > 1:
            s.push(MoveHero(self.seat, self.target, self.left - 1))
        s.goal_changed()


__all__ = ["CAUSE_TREE", "CORNER_DX", "CORNER_DY", "NEIGHBOURS8"]
