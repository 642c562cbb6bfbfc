"""The Trial of the Forest's observation kept up to date (observation.py): a buffer kept by one of the
spec's updaters equals the game's encoding whenever its seat looks, in the cases the contract's random
check seldom reaches: another seat's face-down story card becoming known, the end of the game (which
shows every hidden card, tent and ruins item), and looks that go back to earlier positions."""

from __future__ import annotations

from array import array

from talewood.engine import Rng, State
from talewood.engine.observation import Update
from talewood.games.trial.state import TrialState

from .helpers import GAME


def _kept(players: int) -> list[tuple[Update, array[float]]]:
    spec = GAME.observation_spec(players, GAME.parse_options({}, players))
    return [(spec.follow(), spec.buffer()) for _ in range(players)]


def _look(kept: list[tuple[Update, array[float]]], state: State, seat: int) -> None:
    update, out = kept[seat]
    update(state, seat, out)
    assert out.tolist() == GAME.encode(state, seat), (
        f"seat {seat + 1}'s kept observation is not the encoding: {state.prompt()}")


def _play(state: State, rng: Rng) -> None:
    legal = state.legal_actions()
    state.apply(legal[rng.below(len(legal))])


def _face_down_elsewhere(s: TrialState, seat: int) -> tuple[int, int] | None:
    """A face-down card in another seat's story that `seat` does not know: (that seat, the card)."""
    for who in range(s.players):
        for code in s.story[who]:
            if who != seat and not code & 1 and not s.known[code >> 3] & (1 << seat):
                return who, code >> 3
    return None


def test_a_face_down_story_card_of_another_seat_shows_once_known() -> None:
    """A face-down card in another seat's story is shown to a seat once it knows it (its story row
    unchanged), and hidden again when it does not: the kept buffer follows, as the encoding does."""
    rng = Rng(5)
    players = 3
    spec = GAME.observation_spec(players, GAME.parse_options({}, players))
    stories = spec.offset("stories")
    found = 0
    for seed in range(4):
        kept = _kept(players)
        state = GAME.new_game(players, seed, tracked=False)
        s: TrialState = state  # type: ignore[assignment]
        while not state.is_over and found < 6:
            for seat in range(players):
                hidden = _face_down_elsewhere(s, seat)
                if hidden is None:
                    continue
                found += 1
                who, card = hidden
                at = stories + (who - seat) % players * s.t.n_cards + card
                _look(kept, state, seat)
                assert kept[seat][1][at] == 0.0
                s.known[card] |= 1 << seat
                _look(kept, state, seat)
                assert kept[seat][1][at] == 1.0
                s.known[card] &= ~(1 << seat)
                _look(kept, state, seat)
                assert kept[seat][1][at] == 0.0
            _play(state, rng)
    assert found, "no face-down card in another seat's story in these games: choose other seeds"


def test_the_end_of_the_game_shows_what_was_hidden() -> None:
    """Seats that last looked in the middle of the game look at its end: the hidden cards, tents and
    ruins items the final position shows are in their kept buffers."""
    rng = Rng(8)
    for players in (2, 3, 4):
        kept = _kept(players)
        for seed in range(3):
            state = GAME.new_game(players, seed, tracked=False)
            steps = 0
            while not state.is_over:
                if steps % 97 == 0:
                    for seat in range(players):
                        _look(kept, state, seat)
                _play(state, rng)
                steps += 1
            for seat in range(players):
                _look(kept, state, seat)


def test_looks_may_go_back_to_earlier_positions_and_other_games() -> None:
    """An updater remembers what it wrote, not the state it saw: looks at positions in any order, of two
    games, all equal the encoding."""
    rng = Rng(3)
    players = 3
    positions: list[State] = []
    for seed in (1, 2):
        state = GAME.new_game(players, seed, tracked=False)
        while not state.is_over:
            positions.append(state.clone())
            _play(state, rng)
        positions.append(state)
    kept = _kept(players)
    for _ in range(600):
        position = positions[rng.below(len(positions))]
        _look(kept, position, rng.below(players))
