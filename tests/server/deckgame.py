"""A tiny game for the server's tests: a face-down deck of ten cards, shuffled at the start; each turn
the player to play draws the top card for all to see. Its first view is the same in every game (ten
face-down cards), so two games can be compared on what the first view cannot tell."""

from __future__ import annotations

from typing import Any

from talewood.engine import ActionSpace, ActionSpec, Game, OptionSet, Result, Rng, State

CARDS = 10
DRAWS = 4


class DeckState(State):
    __slots__ = ("deck", "drawn", "seat")

    deck: list[int]
    drawn: list[tuple[int, int]]
    seat: int

    @property
    def current_player(self) -> int | None:
        return None if self.is_over else self.seat

    @property
    def is_over(self) -> bool:
        return len(self.drawn) >= DRAWS

    def _legal_actions(self) -> list[int]:
        return [] if self.is_over else [0]

    def _apply(self, action: int) -> None:
        card = self.deck.pop()
        self.drawn.append((self.seat, card))
        self.emit("draw", f"Player {self.seat + 1} draws card {card}")
        self.seat = (self.seat + 1) % self.players

    def prompt(self) -> str:
        return "Draw the top card"

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"deck": len(self.deck), "drawn": [list(d) for d in self.drawn]}

    def clone(self) -> DeckState:
        other = DeckState.__new__(DeckState)
        self._copy_base(other)
        other.deck, other.drawn, other.seat = list(self.deck), list(self.drawn), self.seat
        return other

    def determinize(self, seat: int, rng: Rng) -> DeckState:
        other = self.clone()
        rng.shuffle(other.deck)
        other.rng = rng.spawn()
        return other

    def result(self) -> Result:
        scores = [sum(card for s, card in self.drawn if s == seat) for seat in range(self.players)]
        best = max(scores)
        return Result(scores=scores, winners=[s for s, v in enumerate(scores) if v == best])

    def hash_key(self) -> tuple[Any, ...]:
        return (tuple(self.deck), tuple(self.drawn), self.seat, self.rng.state)


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
        state.rng.shuffle(state.deck)
        state.drawn = []
        state.seat = 0
        return state
