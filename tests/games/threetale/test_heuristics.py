"""The bots' heuristics: one estimate for the whole team, a legal rollout policy, greedy games that end."""

from __future__ import annotations

from talewood.agents import bot_seed, make_agent
from talewood.engine import Rng
from talewood.games.threetale import heuristics

from .helpers import GAME, from_toml


def test_evaluate_is_the_same_for_every_seat_and_a_chance() -> None:
    s = GAME.new_game(3, 2)
    rng = Rng(2)
    for _ in range(150):
        values = {heuristics.evaluate(s, seat) for seat in range(3)}
        assert len(values) == 1 and 0.0 <= values.pop() <= 1.0
        legal = s.legal_actions()
        s.apply(legal[rng.below(len(legal))])
        if s.is_over:
            break


def test_evaluate_rewards_strength_and_fears_death() -> None:
    s = from_toml("battle_example")
    base = heuristics.evaluate(s, 0)
    strong = s.clone()
    strong.vir[0] += 3
    weak = s.clone()
    weak.spirit[0] = 1
    assert heuristics.evaluate(strong, 0) > base > heuristics.evaluate(weak, 0)


def test_rollout_action_is_legal() -> None:
    s = GAME.new_game(3, 5)
    rng = Rng(5)
    while not s.is_over:
        a = heuristics.rollout_action(s, rng)
        assert a in s.legal_actions()
        s.apply(a)


def test_greedy_bots_finish_a_game() -> None:
    s = GAME.new_game(3, 8, {"future": "nine_rings"})
    agents = [make_agent("greedy", bot_seed(8, seat, 0)) for seat in range(3)]
    steps = 0
    while not s.is_over and steps < 5000:
        s.apply(agents[s.current_player].choose(s))  # type: ignore[index]
        steps += 1
    assert s.is_over and s.result().cooperative
