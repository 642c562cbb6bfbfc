"""Who played first comes from the game itself (`State.turn_order()`), for every game, and the balance lab counts
turn order from it: each game's turn order is checked against the decisions actually taken."""

from __future__ import annotations

from pathlib import Path
from typing import Any, cast

import pytest

from talewood.agents import make_agent
from talewood.engine import Rng, State
from talewood.games import load
from talewood.sim.lab.collect import run_lab

duckdb = pytest.importorskip("duckdb")


def play(state: State, rng: Rng, until: str | None = None, bot: str = "") -> list[tuple[int, str]]:
    """Random play (or `bot`'s) to the end, or to the first action of kind `until`: each decision's seat and
    action kind."""
    space = state.game.action_space
    taken: list[tuple[int, str]] = []
    agent = make_agent(bot, 1) if bot else None
    while not state.over:
        seat = state.current_player
        assert seat is not None
        legal = state.legal_actions()
        action = agent.choose(state) if agent is not None else legal[int(rng.random() * len(legal))]
        kind = space.spec(action).kind
        taken.append((seat, kind))
        state.apply(action)
        if kind == until:
            break
    return taken


def first_of(taken: list[tuple[int, str]], kinds: set[str]) -> int:
    return next(seat for seat, kind in taken if kind in kinds)


def test_spirits_first_player_is_whoever_takes_the_first_tile() -> None:
    game = load("spirits")
    firsts = set()
    for seed in range(12):
        state = game.new_game(3, seed, {"first_player": "random", "wish": True})
        taken = play(state, Rng(seed))
        order = state.turn_order()
        assert order[0] == first_of(taken, {"take", "reserve"})     # the Wish cards are chosen before, seat by seat
        assert order == [(order[0] + i) % 3 for i in range(3)]
        firsts.add(order[0])
    assert firsts == {0, 1, 2}


def test_greylune_first_player_is_the_first_years_though_the_token_passes_every_winter() -> None:
    game = load("greylune")
    firsts = set()
    for seed in range(8):
        state = game.new_game(3, seed, {"first_player": "random"})
        taken = play(state, Rng(seed))
        assert state.turn_order()[0] == taken[0][0]
        assert cast(Any, state).first_player != taken[0][0]      # the token passed on four times
        firsts.add(state.turn_order()[0])
    assert len(firsts) > 1


def test_trial_first_player_is_who_took_the_token_at_setup_though_it_moves() -> None:
    game = load("trial")
    moved = 0
    firsts = set()
    for seed in range(10):
        state = game.new_game(3, seed, {"first_player": "random"})
        taken = play(state, Rng(seed), bot="greedy")      # greedy bots camp where the token is taken
        first_turn = first_of(taken, {k for _, k in taken} - {"start"})   # after the starting spaces
        assert state.turn_order() == [(first_turn + i) % 3 for i in range(3)]
        assert taken[0][0] == first_turn                     # the first player also chose a starting space first
        moved += cast(Any, state).first != first_turn       # the token changed hands during the game
        firsts.add(first_turn)
    assert moved >= 1 and firsts == {0, 1, 2}


def test_threetale_turn_order_is_the_one_the_team_chose() -> None:
    game = load("threetale")
    orders = set()
    for seed in range(6):
        state = game.new_game(3, seed, {})
        taken = play(state, Rng(seed), until="end_turn")
        past = [seat for seat, kind in taken if kind not in ("pick_hero", "order_hero", "keep_order")]
        assert state.turn_order()[0] == past[0]                # the first turn of the Past
        assert sorted(state.turn_order()) == [0, 1, 2]
        orders.add(tuple(state.turn_order()))
    assert len(orders) > 1                                   # not simply seat order


def test_the_trials_report_counts_turn_order_from_the_real_first_player(tmp_path: Path) -> None:
    run_lab("trial", 8, [2], ["random"], 40, {"first_player": "random"}, tmp_path)
    game = load("trial")
    con = duckdb.connect()
    rows = con.execute(f"SELECT seed, first_player FROM '{tmp_path}/games.parquet' ORDER BY seed").fetchall()
    assert {first for _, first in rows} == {0, 1}
    for seed, first in rows:
        assert first == game.new_game(2, seed, {"first_player": "random"}).turn_order()[0]
    wrong = con.execute(f"SELECT count(*) FROM '{tmp_path}/seats.parquet' s JOIN '{tmp_path}/games.parquet' g "
                        f"USING (seed) WHERE (s.position = 0) <> (s.seat = g.first_player)").fetchone()
    assert wrong == (0,)
