"""ThreeTale: the state (rulebook, Overview: the Prophecy, Past, Present and Future Phases) and the
phase driver.

The three seats are the three Heroes (seat s plays `hero[s]`). A game runs the Prophecy Phase (the
Prophecies drawn, each player picks a Hero, the turn order), the Past (30 Hero turns, one tile each),
the Present (the fulfilled Prophecy) and the Future (rounds of the chapter's enemy turn, three Hero
turns and its clock). Every decision is a frame (turn/, effects.py, battle/, future/); the state holds
what they share: its fields (state_fields.py), its Map (map_state.py, geometry.py), its Hero boards
(hero_state.py), and here its copies, the phase driver, names and views, the decks and the Future's
questions the frames ask of it.

The Map: tile t lies on cell (tile_x[t], tile_y[t]) turned tile_rot[t] quarter turns clockwise; its
space `t*4 + k` is corner k (north-west, north-east, south-east, south-west as it lies) at
(2*x + dx, 2*y + dy). Decks are unordered piles drawn at random (a shuffled face-down deck, drawn
from the top, is the same thing), with the cards known to be on top or at the bottom kept in order.
"""

from __future__ import annotations

from typing import Any

from ...engine import Rng, seat_name
from ...engine.stack import Frame
from .hero_state import HeroState
from .state_fields import (
    FUTURE,
    PAST,
    SETUP,
    rules,
)
from .tables import FUTURE_DECK, SEAT_NOUN
from .words import describe


class TTState(HeroState):
    """A ThreeTale state: its fields (state_fields), its Map (map_state), its Hero boards (hero_state),
    and here what ties them: copies, the phase driver, names and views, the decks and the Future. The
    three stand in one line (TaleFields, MapState, HeroState, TTState): a compiled class has one base."""

    __slots__ = ()

    def turn_order(self) -> list[int]:
        """The Heroes' turn order, as the team set it (seat order until then)."""
        return list(self.order)

    # -- copies -------------------------------------------------------------------------------
    def clone(self) -> TTState:
        o = TTState.__new__(TTState)
        self._copy_base(o)
        o.t = self.t
        o.cfg = self.cfg
        o.geo = self.geo
        o.kinds = self.kinds
        o.phase = self.phase
        o.hero = self.hero[:]
        o.order = self.order[:]
        o.prophecies = self.prophecies[:]
        o.future = self.future
        o.fulfilled = self.fulfilled
        o.turn_no = self.turn_no
        o.round_no = self.round_no
        o.idx = self.idx
        o.cur = self.cur
        o.fstage = self.fstage
        o.won_round = self.won_round
        o.fallbacks = self.fallbacks[:]
        o.vir = self.vir[:]
        o.speed = self.speed[:]
        o.spirit = self.spirit[:]
        o.shev = self.shev[:]
        o.tal = self.tal[:]
        o.arts = [a[:] for a in self.arts]
        o.equip = self.equip[:]
        o.offerings = self.offerings[:]
        o.quests = [q[:] for q in self.quests]
        o.stones = self.stones[:]
        o.rings = self.rings[:]
        o.heads = self.heads[:]
        o.seeds = self.seeds[:]
        o.pos = self.pos[:]
        o.once_game = self.once_game[:]
        o.wrath = self.wrath[:]
        o.green = self.green[:]
        o.steps = self.steps
        o.acts = self.acts
        o.turns_used = self.turns_used
        o.turn = self.turn.copy()
        o.bonus_hand = self.bonus_hand[:]
        o.bonus_unused = self.bonus_unused[:]
        o.slots_used = self.slots_used
        o.stones_turn = self.stones_turn
        o.portals_free = self.portals_free
        o.tile_x = self.tile_x[:]
        o.tile_y = self.tile_y[:]
        o.tile_rot = self.tile_rot[:]
        o.on_map = self.on_map[:]
        o.flipped = self.flipped[:]
        o.cell_tile = self.cell_tile.copy()
        o.space_at = self.space_at.copy()
        o.placed = self.placed[:]
        o.removed = self.removed[:]
        o.token = self.token[:]
        o.figure = self.figure
        o.viruses = self.viruses[:]
        o.tile_stack = self.tile_stack[:]
        o.tile_top = self.tile_top[:]
        o.tile_bottom = self.tile_bottom[:]
        o.drawn = self.drawn[:]
        o.protected = self.protected[:]
        o.tree_tile = self.tree_tile
        o.deck = [d[:] for d in self.deck]
        o.top = [d[:] for d in self.top]
        o.bottom = [d[:] for d in self.bottom]
        o.discard = [d[:] for d in self.discard]
        o.on_offer = self.on_offer[:]
        o.offer_for = self.offer_for
        o.blessings = self.blessings
        o.receiver = self.receiver
        o.wow = self.wow
        o.pv_left = self.pv_left
        o.flips = self.flips
        o.tentacles_left = self.tentacles_left
        o.cancel_tentacle = self.cancel_tentacle
        o.block_virus = self.block_virus
        o.vici_def = self.vici_def
        o.vici_shield = self.vici_shield
        o.virus_rush = self.virus_rush
        o.cancel_removals = self.cancel_removals
        o.tentacle = self.tentacle
        o.battle = self.battle.copy()
        o.roll = self.roll.copy()
        return o

    def determinize(self, seat: int, rng: Rng) -> TTState:
        """Nothing is hidden between the Heroes (the rulebook: the game hides nothing from the others).
        What nobody knows — the order of the piles and the tile stack, future dice — lives only in the
        generator: drawing is at random from an unordered pile. A fresh generator is the re-deal."""
        o = self.clone()
        o.rng = rng.spawn()
        o.invalidate()
        return o

    # -- the phase driver -----------------------------------------------------------------------
    def advance(self) -> None:
        bound = rules()
        if self.phase == SETUP:
            self.phase = PAST
        if self.phase == PAST:
            if self.turn_no < len(self.t.c.tiles) and self.tiles_left():
                bound.begin_past_turn(self)
            else:
                bound.begin_present(self)
            return
        if self.phase == FUTURE:
            bound.advance_future(self)
            return
        raise AssertionError(f"nothing to do in phase {self.phase}")

    def tiles_left(self) -> int:
        return len(self.tile_top) + len(self.tile_stack) + len(self.tile_bottom)

    def push(self, frame: Frame) -> None:
        """Put a frame on the stack, unless the game has ended (a death ends it mid-effect)."""
        if not self.over:
            self.stack.append(frame)

    def prompt(self) -> str:
        if self.over:
            return "the game is over"
        seat = self.stack[-1].seat
        label = seat_name(seat, SEAT_NOUN)
        who = f"{self.name(seat)} ({label})" if self.hero[seat] >= 0 else label
        return f"{who}: {self.asks()}"

    def describe(self, action: int) -> str:
        return describe(self, action)

    def view(self, seat: int | None) -> dict[str, Any]:
        # the view reads the state, so it stands above this module
        from .view import build_view

        return build_view(self, seat)

    # -- decks --------------------------------------------------------------------------------
    def cards_left(self, d: int) -> int:
        return len(self.top[d]) + len(self.deck[d]) + len(self.bottom[d])

    def draw_card(self, d: int, reshuffle: bool = False) -> int:
        """The top card of deck d (-1 if it is empty): a known top card, else one at random from the
        pile, else the known bottom cards in order. `reshuffle`: an empty deck takes its discards."""
        if self.top[d]:
            card = self.top[d].pop(0)
        elif self.deck[d]:
            pile = self.deck[d]
            i = self.draw(len(pile))
            card = pile[i]
            pile[i] = pile[-1]
            pile.pop()
        elif self.bottom[d]:
            card = self.bottom[d].pop(0)
        elif reshuffle and self.discard[d]:
            self.deck[d] = self.discard[d]
            self.discard[d] = []
            return self.draw_card(d)
        else:
            return -1
        self.reveal()
        return card

    def shuffle_in(self, d: int) -> None:
        """The deck is shuffled: what was known of its order is lost."""
        if self.top[d] or self.bottom[d]:
            self.deck[d].extend(self.top[d])
            self.deck[d].extend(self.bottom[d])
            self.top[d] = []
            self.bottom[d] = []

    # -- the Future -----------------------------------------------------------------------------
    def future_number(self) -> int:
        return self.t.c.futures[self.future].number if self.future >= 0 else 0

    def future_decks(self) -> list[int]:
        if self.future < 0:
            return []
        return [FUTURE_DECK + self.t.fdeck_index[d.id] for d in self.t.c.futures[self.future].decks
                if d.id != self.t.c.futures[self.future].clock.deck]

    def figure_blocks(self) -> bool:
        """The Tree and the Vicinator fill their space (A-58); the Fountain, Ark and Throne do not."""
        return self.phase == FUTURE and self.future_number() in (3, 5)

    def no_ending_on_altars(self) -> bool:
        """The Crown of Evil: "You cannot finish your turn standing on an Altar"."""
        return self.phase == FUTURE and self.future_number() == 5

    def goal_changed(self) -> None:
        if self.phase == FUTURE and not self.over:
            rules().check_goal(self)

    def future_turn_options(self, seat: int, acting: bool) -> list[int]:
        return rules().future_turn_options(self, seat, acting)

    def future_turn_action(self, seat: int, action: int) -> None:
        rules().future_turn_action(self, seat, action)

    def end_of_hero_turn(self, seat: int) -> None:
        if self.phase == FUTURE:
            rules().end_of_hero_turn(self, seat)

    def crown_enemy(self, enemy_id: str) -> Any:
        return rules().crown_enemy(self, enemy_id)

    def destroy_virus(self, i: int) -> None:
        self.viruses[i] = -1

    def vicinator_defeated(self, seat: int) -> None:
        rules().vicinator_defeated(self, seat)

    def tree_stone(self) -> bool:
        """The Parallel Land's Sacred Stone: it spares a Hero the Tree's damage (L440)."""
        return self.future >= 0 and any(u.use == "spare_hero" for u in self.t.c.futures[self.future].sacred_stone)

