"""Hints (talewood.learn.advice): the bot's own choice, with the game's words for it, and never a secret."""

from __future__ import annotations

import pytest

from talewood.agents import ITERATIONS, make_agent
from talewood.engine import InvalidOption, Rng
from talewood.games import available, load
from talewood.learn.advice import advise, explain, seen_world
from talewood.learn.rules import rulebook

from ..games.words import problems

GAMES = available()


def middle(game_id: str, steps: int = 12, seed: int = 4):
    """A position a few random moves into a game, with a real choice to make."""
    game = load(game_id)
    state = game.new_game(3 if game_id == "threetale" else 2, seed)
    bot = make_agent("random", 7)
    done = 0
    while not state.is_over and (done < steps or len(state.legal_actions()) < 2):
        state.apply(bot.choose(state))
        done += 1
    return state


@pytest.mark.parametrize("game_id", GAMES)
def test_a_hint_is_the_bots_own_choice(game_id: str) -> None:
    state = middle(game_id)
    advice = advise(state, "easy", seed=11, budget=ITERATIONS)
    assert advice.action == make_agent("easy", 11, ITERATIONS).choose(state)
    assert advice.action in state.legal_actions()
    assert advice.label == state.describe(advice.action)
    assert advice.value is not None and 0.0 <= advice.value <= 1.0
    assert advice.options[0].action == advice.action
    assert advice.section in {s.id for s in rulebook(game_id).sections}
    assert advice.plan and advice.plan[0] == advice.label


@pytest.mark.parametrize("game_id", GAMES)
def test_a_hint_reads_as_player_words(game_id: str) -> None:
    state = middle(game_id, steps=20, seed=9)
    advice = advise(state, "easy", seed=3, budget=ITERATIONS)
    for text in (advice.line(), advice.expectation(), advice.tip):
        assert not problems(text), problems(text)
    assert "the team" in advice.expectation() if load(game_id).cooperative else "you" in advice.expectation()


@pytest.mark.parametrize("game_id", ["spirits", "trial"])
def test_a_hint_tells_no_secret(game_id: str) -> None:
    """Two positions that differ only in what the seat cannot see give the same hint, words and numbers."""
    state = middle(game_id, steps=10)
    seat = state.current_player
    assert seat is not None
    other = state.determinize(seat, Rng(99))
    assert other.state_hash() != state.state_hash()
    assert other.view(seat) == state.view(seat)
    a = advise(state, "easy", seed=5, budget=ITERATIONS)
    b = advise(other, "easy", seed=5, budget=ITERATIONS)
    assert a.to_json() | {"seconds": 0} == b.to_json() | {"seconds": 0}


def test_spirits_words_for_taking_the_last_moss() -> None:
    state = load("spirits").scenario({
        "players": 2, "seed": 1,
        "position": {"forest": [["moss (sun)", "vines+vines", "leaves (fire)"]],
                     "collections": [["moss (fire)"], ["moss (moon)"]], "turn": {"seat": 1, "first_turn": False}},
    })
    take = next(a for a in state.legal_actions() if state.describe(a).startswith("Take Moss (Sun)"))
    words = explain(seen_world(state, 0, 1), [take], 0)
    assert words.startswith("the last Moss of the forest, the most Moss and Sun, your first Sun (no 3-point loss "
                            "for it): +"), words
    assert words.endswith("nature points")


def test_a_single_choice_needs_no_search() -> None:
    state = load("greylune").new_game(2, 1)
    while len(state.legal_actions()) != 1:
        state.apply(state.legal_actions()[0])
    advice = advise(state, "hard")
    assert advice.iterations == 0 and advice.value is None
    assert advice.expectation() == "it is the only choice"


def test_only_levels_that_search_give_hints() -> None:
    with pytest.raises(InvalidOption, match="easy, normal, hard"):
        advise(middle("spirits"), "greedy")
    over = load("spirits").new_game(2, 1)
    bot = make_agent("random", 1)
    while not over.is_over:
        over.apply(bot.choose(over))
    with pytest.raises(InvalidOption, match="no decision"):
        advise(over)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_hidden_favor_token_does_not_change_the_hint(seed: int) -> None:
    """A tile carrying a face-down favor token: the hint's words and numbers do not depend on which token it is."""
    def with_token(token: str):
        return load("spirits").scenario({
            "players": 2, "seed": 1,
            "position": {"forest": [["moss (sun)", "vines+vines", "leaves (fire)"], ["moss+moss", "fruits (moon)"]],
                         "tokens": [{"row": 1, "col": 1, "token": token}],
                         "collections": [["moss (fire)"], ["moss (moon)"]], "turn": {"seat": 1, "first_turn": False}},
        })
    moss, plus = with_token("moss"), with_token("gemstone_1")
    assert moss.view(0) == plus.view(0) and moss.state_hash() != plus.state_hash()
    a = advise(moss, "easy", seed=seed, budget=ITERATIONS)
    b = advise(plus, "easy", seed=seed, budget=ITERATIONS)
    assert a.to_json() | {"seconds": 0} == b.to_json() | {"seconds": 0}
    take = next(x for x in moss.legal_actions() if moss.describe(x).startswith("Take Moss (Sun)"))
    assert explain(seen_world(moss, 0, seed), [take], 0) == explain(seen_world(plus, 0, seed), [take], 0)
