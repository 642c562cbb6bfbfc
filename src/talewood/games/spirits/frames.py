"""The decisions of a Spirits turn, one frame each (engine/stack.py).

A turn: Take a tile → (Pay for a reserved tile with a placed gemstone) → maybe a Second tile of
the same spirit → (Firefly: which firefly the -1 Firefly token removes) → Gem: place or move a
gemstone (MoveTo: where the lifted one goes). Before the first turn, every seat keeps one of two
Wish and/or Hex cards (KeepWish, KeepHex), asked seat by seat and hidden until all are in.
Wish rewards at the end of the game are the Favor frame of scoring.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ...engine import decision, seat_name
from . import rulings
from .content import SPIRITS

if TYPE_CHECKING:
    from .state import SpiritsState


def _use_plus_and_ask_again(s: SpiritsState, frame: Take | Second | Gem) -> None:
    """The "+" token: take back a lost gemstone; the same decision goes on (or the turn ends)."""
    s.use_plus(frame.seat)
    if isinstance(frame, Gem) and not s.gem_options(frame.seat):
        return                  # nothing left to reserve: the gemstone waits for a later turn
    s.stack.append(frame)


def first_takes(s: SpiritsState, seat: int) -> list[int]:
    """What `seat` may do to collect its first tile (Take's legal actions; the state opens a turn with them)."""
    takes = s.take_options(seat, -1)
    out = sorted(takes + s.plus_payable(seat, -1) if s.lost[seat] and not s.supply[seat] else takes)
    # with no tile to take without the "+" token, the player may pass (rulings.PASS_WITHOUT_LEGAL_TAKE)
    if not takes or not rulings.TAKING_IS_MANDATORY:
        out.append(s.ids.stop)
    if s.plus_usable(seat) and rulings.PLUS_TOKEN_USABLE_IN_ANY_STEP:
        out.append(s.ids.plus)
    return out


def second_takes(s: SpiritsState, seat: int, spirit: int) -> list[int]:
    """What `seat` may do after a first single tile of `spirit` (Second's legal actions)."""
    out = s.take_options(seat, spirit)
    if s.lost[seat] and not s.supply[seat]:
        out += s.plus_payable(seat, spirit)
    out.sort()
    out.append(s.ids.stop)
    if s.plus_usable(seat) and rulings.PLUS_TOKEN_USABLE_IN_ANY_STEP:
        out.append(s.ids.plus)
    return out


@decision
class Take(NamedTuple):
    """Collect the first tile of the turn (solo: the only one)."""

    seat: int

    def prompt(self, s: SpiritsState) -> str:
        return "collect a tile from an open end of a row"

    def legal(self, s: SpiritsState) -> list[int]:
        return first_takes(s, self.seat)

    def apply(self, s: SpiritsState, action: int) -> None:
        if action == s.ids.plus:
            _use_plus_and_ask_again(s, self)
        elif action == s.ids.stop:
            if s.log is not None:
                s.emit("pass", f"{seat_name(self.seat)} collects no tile this turn", seat=self.seat)
            s.gem_step()
        elif s.cfg.solo:
            s.solo_take(action - s.ids.take)
        else:
            s.took += 1
            s.take(self.seat, action - s.ids.take)


@decision
class Second(NamedTuple):
    """Optionally a second single tile of the same spirit as the first."""

    seat: int
    spirit: int

    def prompt(self, s: SpiritsState) -> str:
        return "take a second single tile of the same spirit, or stop"

    def legal(self, s: SpiritsState) -> list[int]:
        return second_takes(s, self.seat, self.spirit)

    def apply(self, s: SpiritsState, action: int) -> None:
        if action == s.ids.plus:
            _use_plus_and_ask_again(s, self)
        elif action == s.ids.stop:
            s.gem_step()
        else:
            s.took += 1
            s.take(self.seat, action - s.ids.take)


@decision
class Pay(NamedTuple):
    """Which of your placed gemstones pays for another player's reserved tile."""

    seat: int
    tile: int

    def prompt(self, s: SpiritsState) -> str:
        return "choose which of your placed gemstones pays for the reserved tile"

    def legal(self, s: SpiritsState) -> list[int]:
        base = s.ids.lift
        return [base + t for t in s.own_gem_tiles(self.seat)]

    def apply(self, s: SpiritsState, action: int) -> None:
        s.lose_placed_gem(self.seat, action - s.ids.lift)
        s.paid(self.seat, self.tile)


@decision
class Firefly(NamedTuple):
    """Which of your tiles loses its Silver Firefly to the -1 Firefly token."""

    seat: int

    def prompt(self, s: SpiritsState) -> str:
        return "choose the tile whose Silver Firefly the -1 Firefly token removes"

    def legal(self, s: SpiritsState) -> list[int]:
        base = s.ids.firefly
        return sorted(base + t for t in s.tiles_of[self.seat] if s.firefly[t])

    def apply(self, s: SpiritsState, action: int) -> None:
        s.remove_firefly(self.seat, action - s.ids.firefly)
        s.after_take()


@decision
class Gem(NamedTuple):
    """Place a gemstone on a tile, or lift one to move it (supply empty), or stop."""

    seat: int

    def prompt(self, s: SpiritsState) -> str:
        return "place a gemstone on a tile (or move one), or stop"

    def legal(self, s: SpiritsState) -> list[int]:
        return s.gem_options(self.seat)

    def apply(self, s: SpiritsState, action: int) -> None:
        ids = s.ids
        if action == ids.plus:
            _use_plus_and_ask_again(s, self)
        elif action == ids.stop:
            return
        elif action < ids.lift:
            s.reserve(self.seat, action - ids.reserve)
        else:
            s.stack.append(MoveTo(self.seat, action - ids.lift))


@decision
class MoveTo(NamedTuple):
    """Where the lifted gemstone goes (never back where it was)."""

    seat: int
    origin: int

    def prompt(self, s: SpiritsState) -> str:
        return "choose the tile your gemstone moves to"

    def legal(self, s: SpiritsState) -> list[int]:
        origin = s.ids.reserve + self.origin if rulings.MOVED_GEMSTONE_GOES_TO_ANOTHER_TILE else -1
        return [a for a in s.reservable(s.ids.reserve) if a != origin]

    def apply(self, s: SpiritsState, action: int) -> None:
        s.move_gem(self.seat, self.origin, action - s.ids.reserve)


# Frames are immutable, and these come up every turn: each seat's is made once, and pushed again and again.
MOST_PLAYERS = 4
TAKES = tuple(Take(seat) for seat in range(MOST_PLAYERS))
GEMS = tuple(Gem(seat) for seat in range(MOST_PLAYERS))
SECONDS = tuple(tuple(Second(seat, spirit) for spirit in range(len(SPIRITS))) for seat in range(MOST_PLAYERS))


class KeepCard(NamedTuple):
    """Keep one of your two Wish (or Hex) cards, secretly: what the two frames below share. They stay two
    kinds, named by their card, as a state's hash and the players' decisions name them."""

    seat: int

    def piles(self, s: SpiritsState) -> tuple[str, int, list[list[int]], list[int]]:
        """The card's name, its first action id, the hands dealt and the cards kept."""
        raise NotImplementedError

    def prompt(self, s: SpiritsState) -> str:
        return f"keep one of your two {self.piles(s)[0]} cards (secretly)"

    def legal(self, s: SpiritsState) -> list[int]:
        _, base, hands, _ = self.piles(s)
        return sorted(base + card for card in hands[self.seat])

    def apply(self, s: SpiritsState, action: int) -> None:
        name, base, _, kept = self.piles(s)
        kept[self.seat] = action - base
        s.emit("choose", f"{seat_name(self.seat)} keeps a {name} card", seat=self.seat)


@decision
class KeepWish(KeepCard):
    """Keep one of your two Wish cards, secretly."""

    __slots__ = ()

    def piles(self, s: SpiritsState) -> tuple[str, int, list[list[int]], list[int]]:
        return "Wish", s.ids.wish, s.wish_hand, s.wish


@decision
class KeepHex(KeepCard):
    """Keep one of your two Hex cards, secretly."""

    __slots__ = ()

    def piles(self, s: SpiritsState) -> tuple[str, int, list[list[int]], list[int]]:
        return "Hex", s.ids.hex, s.hex_hand, s.hex
