"""Twin Lanterns: a tiny cooperative card game that exercises every part of the engine contract.

2 or 3 players are one team. A deck of 12 oil cards (values 1–6, two of each) is shuffled; each
player holds one card, hidden from the others. On a turn the wind die is rolled first (a chance
step: calm 1/2, breeze 1/3, gust 1/6), blowing that much oil (0, 1 or 2) out of the east lantern;
then the player pours their card into the east or the west lantern, or throws it away, and draws a
new card (a reveal to that player). A lantern that passes 10 bursts and the team loses; when both
lanterns hold exactly 10 the team wins. When the deck and every hand are empty, the team loses.
The team's score: 5 per lantern at exactly 10, plus the cards left in the deck.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
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
    ScenarioSchema,
    Segment,
    Setting,
    State,
    chance,
    decision,
    seat_name,
)
from talewood.engine.scenario import expect_int, expect_list

FULL = 10
VALUES = (1, 2, 3, 4, 5, 6)
EAST, WEST, THROW = 0, 1, 2
WIND = ((0, 1 / 2), (1, 1 / 3), (2, 1 / 6))
WIND_NAMES = ("calm", "a breeze", "a gust")
LANTERNS = ("east", "west")
SPACE = ActionSpace([
    ActionSpec("pour", (("lantern", 0),), "Pour your card into the east lantern"),
    ActionSpec("pour", (("lantern", 1),), "Pour your card into the west lantern"),
    ActionSpec("throw", (), "Throw your card away"),
])


@chance
class Wind(NamedTuple):
    """The wind die, rolled at the start of `seat`'s turn."""

    seat: int

    def prompt(self, s: LanternsState) -> str:
        return "the wind die is rolled"

    def outcomes(self, s: LanternsState) -> Sequence[tuple[int, float]]:
        return WIND

    def resolve(self, s: LanternsState, outcome: int) -> None:
        s.oil[EAST] = max(0, s.oil[EAST] - outcome)
        s.emit("wind", f"The wind die shows {WIND_NAMES[outcome]}: the east lantern holds {s.oil[EAST]}")
        s.stack.append(Pour(self.seat))


@decision
class Pour(NamedTuple):
    """Pour the card in hand into a lantern, or throw it away."""

    seat: int

    def prompt(self, s: LanternsState) -> str:
        return "pour the card in your hand into a lantern, or throw it away"

    def legal(self, s: LanternsState) -> list[int]:
        return [EAST, WEST, THROW]

    def apply(self, s: LanternsState, action: int) -> None:
        card = s.hands[self.seat]
        s.hands[self.seat] = 0
        if action == THROW:
            s.thrown.append(card)
            s.emit("throw", f"{seat_name(self.seat)} throws a {card} away")
        else:
            s.oil[action] += card
            s.poured.append(card)
            s.emit("pour", f"{seat_name(self.seat)} pours a {card} into the {LANTERNS[action]} lantern "
                           f"(now {s.oil[action]})")
        if s.deck:
            s.hands[self.seat] = s.deck.pop()
            s.reveal()            # the new card is seen by its holder
            s.emit("draw", f"You draw a {s.hands[self.seat]}", to=self.seat)


class LanternsState(State):
    __slots__ = ("deck", "hands", "oil", "poured", "thrown", "turn")
    HIDDEN = ("hands",)

    deck: list[int]
    hands: list[int]
    oil: list[int]
    poured: list[int]
    thrown: list[int]
    turn: int

    def advance(self) -> None:
        won = self.oil[EAST] == FULL and self.oil[WEST] == FULL
        if won or max(self.oil) > FULL or not any(self.hands):
            lit = sum(1 for v in self.oil if v == FULL)
            self.finish(Result.team(self.players, won, 5 * lit + len(self.deck)))
            self.emit("end", "Both lanterns burn: the team wins" if won else "The lanterns are lost: the team loses")
            return
        seat = self.turn % self.players
        self.turn += 1
        while not self.hands[seat]:     # a player without a card sits the turn out
            seat = self.turn % self.players
            self.turn += 1
        self.stack.append(Wind(seat))

    def view(self, seat: int | None) -> dict[str, Any]:
        return {
            "oil": list(self.oil), "deck": len(self.deck), "thrown": sorted(self.thrown),
            "poured": sorted(self.poured),
            "hands": [self.hands[s] if s == seat else bool(self.hands[s]) for s in range(self.players)],
            "turn": self.turn, "over": self.over, "prompt": self.prompt(),
        }

    def clone(self) -> LanternsState:
        o = type(self).__new__(type(self))      # (a subclass's clone stays of its class)
        self._copy_base(o)
        o.deck = self.deck[:]
        o.hands = self.hands[:]
        o.oil = self.oil[:]
        o.poured = self.poured[:]
        o.thrown = self.thrown[:]
        o.turn = self.turn
        return o

    def determinize(self, seat: int, rng: Rng) -> LanternsState:
        o = self.clone()
        o.rng = rng.spawn()
        others = [s for s in range(self.players) if s != seat and o.hands[s]]
        pool = sorted(o.deck + [o.hands[s] for s in others])
        rng.shuffle(pool)
        for s in others:
            o.hands[s] = pool.pop()
        o.deck = pool
        o.invalidate()
        return o


class LanternsGame(Game):
    id = "lanterns"
    name = "Twin Lanterns"
    min_players = 2
    max_players = 3
    cooperative = True
    option_set = OptionSet(())
    action_space = SPACE

    def _new_state(self, players: int, seed: int, options: dict[str, OptionValue | None],
                   tracked: bool) -> LanternsState:
        s = LanternsState.__new__(LanternsState)
        s._init_base(self, players, seed, options, tracked)
        s.deck = [v for v in VALUES for _ in range(2)]
        s.shuffle(s.deck)
        s.hands = [s.deck.pop() for _ in range(players)]
        s.oil = [0, 0]
        s.poured = []
        s.thrown = []
        s.turn = 0
        return s

    def observation_layout(self, players: int, options: Mapping[str, OptionValue | None]) -> ObservationSpec:
        return ObservationSpec([
            Segment("my_card", (len(VALUES) + 1,), "one-hot: no card, or the value of the card in hand"),
            Segment("oil", (2,), "oil in the east and west lanterns, / 10"),
            Segment("deck", (1,), "cards left in the deck, / 12"),
            Segment("seen", (len(VALUES),), "per value: cards poured or thrown, / 2"),
        ])

    def encode(self, state: State, seat: int) -> list[float]:
        assert isinstance(state, LanternsState)
        spec = self.observation_spec(state.players, state.options)
        out = spec.zeros()
        out[state.hands[seat]] = 1.0
        o = spec.offset("oil")
        out[o] = state.oil[EAST] / FULL
        out[o + 1] = state.oil[WEST] / FULL
        out[spec.offset("deck")] = len(state.deck) / 12
        o = spec.offset("seen")
        for v in state.poured + state.thrown:
            out[o + v - 1] += 0.5
        return out

    def max_decisions(self, players: int, options: Mapping[str, OptionValue | None]) -> int:
        return 12      # every decision spends one of the 12 cards

    # scenarios: the oil in each lantern, and each player's card
    @property
    def scenario_schema(self) -> ScenarioSchema:
        def put_oil(s: LanternsState, value: Any) -> None:
            east, west = expect_list(value, "oil")
            s.oil = [expect_int(east, "east oil", 0, FULL), expect_int(west, "west oil", 0, FULL)]

        def put_hands(s: LanternsState, value: Any) -> None:
            for seat, card in enumerate(expect_list(value, "hands")):
                card = expect_int(card, f"{seat_name(seat)}'s card", 1, 6)
                s.deck.append(s.hands[seat])
                s.deck.remove(card)
                s.hands[seat] = card

        def check(s: LanternsState) -> None:
            cards = sorted(s.deck + [h for h in s.hands if h] + s.poured + s.thrown)
            assert cards == sorted(v for v in VALUES for _ in range(2)), "every oil card is somewhere once"

        return ScenarioSchema([
            Setting("oil", "oil in the [east, west] lanterns", put_oil),
            Setting("hands", "the card each player holds", put_hands),
        ], check)
