"""A tiny game for the server's tests: a face-down deck of ten cards, shuffled at the start; each turn
the player to play draws the top card for all to see. Its first view is the same in every game (ten
face-down cards), so two games can be compared on what the first view cannot tell."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from talewood.engine import (
    ActionSpace,
    ActionSpec,
    Game,
    ObservationSpec,
    OptionSet,
    OptionValue,
    Result,
    Rng,
    Segment,
    State,
    decision,
)

CARDS = 10
DRAWS = 4


@decision
class Draw(NamedTuple):
    seat: int

    def prompt(self, s: DeckState) -> str:
        return "draw the top card"

    def legal(self, s: DeckState) -> list[int]:
        return [0]

    def apply(self, s: DeckState, action: int) -> None:
        card = s.deck.pop()
        s.reveal()
        s.drawn.append((self.seat, card))
        s.emit("draw", f"Player {self.seat + 1} draws card {card}")


class DeckState(State):
    __slots__ = ("deck", "drawn")
    HIDDEN = ("deck",)

    deck: list[int]
    drawn: list[tuple[int, int]]

    def advance(self) -> None:
        if len(self.drawn) >= DRAWS:
            scores = [float(sum(card for s, card in self.drawn if s == seat)) for seat in range(self.players)]
            best = max(scores)
            self.finish(Result(scores=scores, winners=[s for s, v in enumerate(scores) if v == best]))
        else:
            self.stack.append(Draw(len(self.drawn) % self.players))

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"deck": len(self.deck), "drawn": [list(d) for d in self.drawn]}

    def clone(self) -> DeckState:
        other = DeckState.__new__(DeckState)
        self._copy_base(other)
        other.deck, other.drawn = list(self.deck), list(self.drawn)
        return other

    def determinize(self, seat: int, rng: Rng) -> DeckState:
        other = self.clone()
        other.deck.sort()
        rng.shuffle(other.deck)
        other.rng = rng.spawn()
        return other


class DeckGame(Game):
    id = "deck"
    name = "Deck"
    min_players = 1
    max_players = 3
    option_set = OptionSet(())
    action_space = ActionSpace([ActionSpec("draw", (), "Draw the top card")])

    def _new_state(self, players: int, seed: int, options: dict[str, Any], tracked: bool) -> DeckState:
        state = DeckState.__new__(DeckState)
        state._init_base(self, players, seed, options, tracked)
        state.deck = list(range(CARDS))
        state.shuffle(state.deck)
        state.drawn = []
        return state

    def observation_layout(self, players: int, options: Mapping[str, OptionValue | None]) -> ObservationSpec:
        return ObservationSpec([Segment("drawn", (CARDS,), "the cards drawn so far")])

    def encode(self, state: State, seat: int) -> list[float]:
        assert isinstance(state, DeckState)
        out = [0.0] * CARDS
        for _, card in state.drawn:
            out[card] = 1.0
        return out

    def max_decisions(self, players: int, options: Mapping[str, OptionValue | None]) -> int:
        return DRAWS
