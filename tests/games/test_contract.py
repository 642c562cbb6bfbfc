"""The engine contract, checked on every registered game (DESIGN.md §4)."""

from __future__ import annotations

import json

import pytest

from talewood.engine import IllegalAction, Record, ReplayDivergence, Rng, record_of, replay
from talewood.games import available, load

GAMES = available()
SEEDS = range(6)


def counts(game_id):
    game = load(game_id)
    return list(range(game.min_players, game.max_players + 1))


def walk(game_id, seed, steps, rng):
    """Positions along a random line of play (up to `steps` of them) for every player count."""
    game = load(game_id)
    for players in counts(game_id):
        state = game.new_game(players, seed)
        for _ in range(steps):
            if state.is_over:
                break
            yield state
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])


def random_play(state, rng, limit=100_000, check=None):
    steps = 0
    while not state.is_over:
        legal = state.legal_actions()
        assert legal, f"no legal action at {state.prompt()}"
        assert legal == sorted(legal) and len(set(legal)) == len(legal)
        state.apply(legal[rng.below(len(legal))])
        steps += 1
        if check:
            check(state)
        assert steps < limit, "the game does not end"
    return steps


@pytest.mark.parametrize("game_id", GAMES)
def test_random_playouts_end_with_a_result(game_id):
    for players in counts(game_id):
        for seed in SEEDS:
            state = load(game_id).new_game(players, seed)
            random_play(state, Rng(seed))
            result = state.result()
            assert state.current_player is None and state.legal_actions() == []
            assert len(result.scores) == players
            assert all(0 <= w < players for w in result.winners)
            json.dumps(result.to_json())
            with pytest.raises(IllegalAction, match="over"):
                state.apply(0)


@pytest.mark.parametrize("game_id", GAMES)
def test_same_seed_same_game(game_id):
    game = load(game_id)
    players = game.max_players
    a, b = game.new_game(players, 11), game.new_game(players, 11)
    assert a.state_hash() == b.state_hash()
    random_play(a, Rng(3))
    random_play(b, Rng(3))
    assert a.state_hash() == b.state_hash()
    assert game.new_game(players, 12).state_hash() != game.new_game(players, 11).state_hash()


@pytest.mark.parametrize("game_id", GAMES)
def test_clone_is_independent(game_id):
    rng = Rng(5)
    for state in walk(game_id, 3, 25, rng):
        before = state.state_hash()
        copy = state.clone()
        assert copy.state_hash() == before
        random_play(copy, rng)
        assert state.state_hash() == before, "playing the clone changed the original"


@pytest.mark.parametrize("game_id", GAMES)
def test_illegal_actions_change_nothing(game_id):
    game = load(game_id)
    rng = Rng(9)
    state = game.new_game(game.max_players, 4)
    for _ in range(40):
        if state.is_over:
            break
        before = state.state_hash()
        legal = set(state.legal_actions())
        illegal = [a for a in range(len(game.action_space)) if a not in legal][:20]
        for action in [*illegal, -1, len(game.action_space), "1", None, 1.5]:
            with pytest.raises(IllegalAction):
                state.apply(action)  # type: ignore[arg-type]
            assert state.state_hash() == before
        state.apply(sorted(legal)[rng.below(len(legal))])


@pytest.mark.parametrize("game_id", GAMES)
def test_views_hide_what_a_seat_cannot_see(game_id):
    """Redaction: a determinized world differs only in what `seat` cannot see, so its view of both
    must be identical; and every view is JSON."""
    game = load(game_id)
    rng = Rng(21)
    for players in counts(game_id):
        state = game.new_game(players, 8)
        for _ in range(200):
            if state.is_over:
                break
            for seat in [*range(players), None]:
                view = state.view(seat)
                json.dumps(view)
                if seat is not None:
                    world = state.determinize(seat, Rng(rng.next64()))
                    assert world.view(seat) == view
                    assert world.legal_actions() == state.legal_actions() or state.current_player != seat
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])


@pytest.mark.parametrize("game_id", GAMES)
def test_determinize_depends_only_on_what_the_seat_sees(game_id):
    """Two worlds the seat cannot tell apart, re-dealt with the same generator, are the same world;
    and a world's legal actions are its own, not the real state's cached ones."""
    rng = Rng(31)
    for state in walk(game_id, 5, 60, rng):
        seat = state.current_player
        assert seat is not None
        other = state.determinize(seat, Rng(rng.next64()))
        a = state.determinize(seat, Rng(77))
        b = other.determinize(seat, Rng(77))
        assert a.state_hash() == b.state_hash()
        assert a.legal_actions() == a._legal_actions()


@pytest.mark.parametrize("game_id", GAMES)
def test_determinize_leaves_the_original_alone(game_id):
    game = load(game_id)
    state = game.new_game(game.max_players, 2)
    random_steps = Rng(2)
    for _ in range(15):
        legal = state.legal_actions()
        state.apply(legal[random_steps.below(len(legal))])
    before = state.state_hash()
    world = state.determinize(0, Rng(1))
    random_play(world, Rng(4))
    assert state.state_hash() == before


@pytest.mark.parametrize("game_id", GAMES)
def test_events_for_a_seat_hold_no_one_elses_private_events(game_id):
    game = load(game_id)
    state = game.new_game(game.max_players, 6)
    random_play(state, Rng(6))
    for seat in range(game.max_players):
        assert all(e["to"] in (None, seat) for e in state.events_for(seat))
    assert all(e["to"] is None for e in state.events_for(None))


@pytest.mark.parametrize("game_id", GAMES)
def test_records_replay_to_the_same_state(game_id, tmp_path):
    game = load(game_id)
    for players in counts(game_id):
        state = game.new_game(players, 13)
        hashes = []
        rng = Rng(13)
        while not state.is_over:
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
            hashes.append(state.state_hash())
        record = record_of(state, hashes=hashes)
        data = json.loads(json.dumps(record.to_json()))
        again = replay(Record.from_json(data), load)
        assert again.state_hash() == state.state_hash()
        assert again.result().scores == state.result().scores
        tampered = Record.from_json({**data, "hashes": [*data["hashes"][:-1], "0" * 16]})
        with pytest.raises(ReplayDivergence, match=f"step {len(hashes) - 1}"):
            replay(tampered, load)
