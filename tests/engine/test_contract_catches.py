"""Each contract check fails on a game broken in the way it guards against (Twin Lanterns, broken)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import pytest

from talewood.engine import Choice, Game, ObservationSpec, Result, Rng, State, TalewoodError, chance, decision
from talewood.engine.observation import numbers_of
from tests.games import contract
from tests.games.lanterns import game as lanterns
from tests.games.lanterns.game import LanternsGame, LanternsState


def broken(state_methods: dict[str, Any] | None = None, **game_attrs: Any) -> Game:
    """Twin Lanterns with some methods of its state or game replaced."""
    state_cls = type("BrokenState", (LanternsState,), {"__slots__": (), **(state_methods or {})})

    class BrokenGame(LanternsGame):
        def _new_state(self, players: int, seed: int, options: dict[str, Any], tracked: bool) -> State:
            s = super()._new_state(players, seed, options, tracked)
            s.__class__ = state_cls
            return s

    for name, value in game_attrs.items():
        setattr(BrokenGame, name, value)
    return BrokenGame()


def _clone_keeping_class(self: LanternsState) -> LanternsState:
    return LanternsState.clone(self)


@decision
class PourAndPeek(NamedTuple):
    """Pours like Twin Lanterns, but draws the new card without marking it as revealed."""

    seat: int

    def prompt(self, s: LanternsState) -> str:
        return "pour the card in your hand into a lantern, or throw it away"

    def legal(self, s: LanternsState) -> list[int]:
        return [0, 1, 2]

    def apply(self, s: LanternsState, action: int) -> None:
        card = s.hands[self.seat]
        s.hands[self.seat] = 0
        (s.thrown if action == 2 else s.poured).append(card)
        if action != 2:
            s.oil[action] += card
        if s.deck:
            s.hands[self.seat] = s.deck.pop()       # no s.reveal(): an undo could peek at the next card
            s.stack.append(lanterns.Pour(self.seat))   # and the turn goes on, so the step is undoable


@chance
class LopsidedWind(NamedTuple):
    seat: int

    def prompt(self, s: LanternsState) -> str:
        return "the wind die is rolled"

    def outcomes(self, s: LanternsState) -> Sequence[tuple[int, float]]:
        return ((0, 0.5), (1, 0.3))

    def resolve(self, s: LanternsState, outcome: int) -> None:
        s.stack.append(lanterns.Pour(self.seat))


_counter = itertools.count()


def _advance_with(frame_type: type) -> Callable[[LanternsState], None]:
    def advance(self: LanternsState) -> None:
        LanternsState.advance(self)
        if self.stack and type(self.stack[-1]) is lanterns.Wind:
            self.stack[-1] = frame_type(self.stack[-1].seat)
    return advance


def _advance_shuffling_unseeded(self: LanternsState) -> None:
    LanternsState.advance(self)
    random.shuffle(self.deck)          # not the state's generator: a seed no longer gives one game


def _no_wind_peek(self: LanternsState) -> None:
    LanternsState.advance(self)
    if not self.over:
        self.stack[-1] = PourAndPeek(self.stack[-1].seat)


BROKEN: dict[Callable[[Game], None], Callable[[], Game]] = {
    contract.check_choices_are_well_formed: lambda: broken(choice=lambda self, state, action: Choice(code="x1")),
    contract.check_random_playouts_end_with_a_result: lambda: broken(cooperative=False),
    contract.check_result_waits_for_the_end: lambda: broken({
        "result": lambda self: self.final or Result.team(self.players, False, 0)}),
    contract.check_same_seed_same_game: lambda: broken({"advance": _advance_shuffling_unseeded}),
    contract.check_decision_bound: lambda: broken(max_decisions=lambda self, players, options: 3),
    contract.check_explicit_chance: lambda: broken({"advance": _advance_with(LopsidedWind)}),
    contract.check_clone_is_independent: lambda: broken({
        "clone": lambda self: (lambda o: (setattr(o, "oil", self.oil), o)[1])(_clone_keeping_class(self))}),
    contract.check_illegal_actions_change_nothing: lambda: broken({
        "apply": lambda self, action: (self.thrown.append(0), LanternsState.apply(self, action))[1]}),
    contract.check_hash_covers_every_field: lambda: broken({
        "hash_key": lambda self: (self.oil, self.deck, self.hands, self.turn, self.stack, self.rng.state)}),
    contract.check_views_hide_what_a_seat_cannot_see: lambda: broken({
        "view": lambda self, seat: {**LanternsState.view(self, seat), "hands": list(self.hands)}}),
    contract.check_determinize_depends_only_on_what_the_seat_sees: lambda: broken({
        "determinize": lambda self, seat, rng: _unsorted_determinize(self, seat, rng)}),
    contract.check_determinize_leaves_the_original_alone: lambda: broken({
        "determinize": lambda self, seat, rng: (lambda o: (setattr(o, "deck", self.deck), o)[1])(
            LanternsState.determinize(self, seat, rng))}),
    contract.check_encoding_is_a_function_of_the_view: lambda: broken(
        encode=lambda self, state, seat: [*LanternsGame.encode(self, state, seat)[:-1], float(sum(state.hands))]),
    contract.check_kept_observations_follow_the_game: lambda: broken(observation_layout=_spec_written_once),
    contract.check_events_for_a_seat_hold_no_one_elses_private_events: lambda: broken({
        "events_for": lambda self, seat: list(self.log or ())}),
    contract.check_hidden_information_is_declared: lambda: broken({"HIDDEN": None}),
    # the card drawn without a reveal, and the hands not named as hidden: nothing makes that step final
    contract.check_undo_never_crosses_hidden_information: lambda: broken({"advance": _no_wind_peek, "HIDDEN": ()}),
    contract.check_legal_actions_have_distinct_labels: lambda: broken({
        "describe": lambda self, action: "Pour" if action < 2 else "Throw"}),
    contract.check_texts_read_like_the_rulebook: lambda: broken({
        "prompt": lambda self: f"seat {self.current_player}: choose one of {self.legal_actions()}"}),
    contract.check_records_replay_to_the_same_state: lambda: broken({
        "hash_key": lambda self: (*LanternsState.hash_key(self), next(_counter))}),
}


def _spec_written_once(self: LanternsGame, players: int, options: Any) -> ObservationSpec:
    """Twin Lanterns' spec with an updater that writes its buffer the first time only."""
    spec = LanternsGame.observation_layout(self, players, options)

    def updater() -> Callable[[State, int, Any], None]:
        written = []

        def update(state: State, seat: int, out: Any) -> None:
            if not written:
                out[:] = numbers_of(self.encode(state, seat))
                written.append(True)

        return update

    spec.updater = updater
    return spec


def _unsorted_determinize(self: LanternsState, seat: int, rng: Rng) -> LanternsState:
    o = _clone_keeping_class(self)
    o.rng = rng.spawn()
    others = [s for s in range(self.players) if s != seat and o.hands[s]]
    pool = o.deck + [o.hands[s] for s in others]      # not sorted: the re-deal follows the secret order
    rng.shuffle(pool)
    for s in others:
        o.hands[s] = pool.pop()
    o.deck = pool
    o.invalidate()
    return o


def test_every_check_has_a_broken_game() -> None:
    missing = [c.__name__ for c in contract.CHECKS if c not in BROKEN and c is not contract.check_renderer]
    assert not missing, f"no broken game shows that these checks can fail: {missing}"


@pytest.mark.parametrize("check", list(BROKEN), ids=lambda c: c.__name__.removeprefix("check_"))
def test_the_check_passes_on_the_real_game_and_fails_on_the_broken_one(check: Callable[[Game], None]) -> None:
    check(LanternsGame())
    with pytest.raises((AssertionError, pytest.fail.Exception, TalewoodError)):
        check(BROKEN[check]())


def test_the_renderer_check_fails_on_a_bad_renderer(monkeypatch: pytest.MonkeyPatch) -> None:
    def clicks_everything(view: dict[str, Any], seat: int | None, actions: list[dict[str, Any]]) -> str:
        return ('<svg xmlns="http://www.w3.org/2000/svg"><rect data-action="0"/><rect data-action="2"/></svg>')

    monkeypatch.setattr(contract, "renderer_of", lambda game: clicks_everything)
    with pytest.raises(AssertionError, match="not legal"):
        contract.check_renderer(LanternsGame())


def test_the_renderer_check_fails_without_a_score_sheet_at_the_end(monkeypatch: pytest.MonkeyPatch) -> None:
    def plain(view: dict[str, Any], seat: int | None, actions: list[dict[str, Any]]) -> str:
        return '<svg xmlns="http://www.w3.org/2000/svg"><text>Twin Lanterns</text></svg>'

    monkeypatch.setattr(contract, "renderer_of", lambda game: plain)
    with pytest.raises(AssertionError, match="no verdict"):
        contract.check_renderer(LanternsGame())


def test_the_hash_check_fails_on_a_played_field_called_search_only() -> None:
    # SEARCH_ONLY lets a field out of the hash: only one that never moves in a game played may be
    with pytest.raises(AssertionError, match="SEARCH_ONLY field thrown"):
        contract.check_hash_covers_every_field(broken({"SEARCH_ONLY": ("thrown",)}))


def test_the_choices_check_fails_on_two_choices_with_one_code(monkeypatch: pytest.MonkeyPatch) -> None:
    game = LanternsGame()
    monkeypatch.setattr(game, "choice", lambda state, action: Choice(code="x1"))
    with pytest.raises(AssertionError, match="share the code 'x1'"):
        contract.check_choices_are_well_formed(game)
    monkeypatch.setattr(game, "choice", lambda state, action: Choice(code=str(action)))
    with pytest.raises(AssertionError, match="would read as a choice's number"):
        contract.check_choices_are_well_formed(game)
