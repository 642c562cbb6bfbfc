"""benchmarks/trial_balance.py: the cards each seat draws, and the per-card effect measured from them."""

from __future__ import annotations

from collections import Counter

from talewood.engine import Rng
from talewood.games import load

from .benchmarks import benchmark

trial_balance = benchmark("trial_balance")

DECKS = {"deed_a": "deed", "deed_b": "deed", "cave_x": "dark_caverns", "cave_y": "dark_caverns"}
DESIGNED = set(DECKS)


def test_a_game_records_each_seats_draws_from_its_dealt_hand_on():
    game = load("trial")
    row = trial_balance.play(2, ["greedy", "greedy"], 200_000)
    start = game.new_game(2, 200_000)
    cards = start.t.cards
    deck_of = {ci.card.id: ci.card.deck for ci in game.tables.cards}
    for seat, got in enumerate(row["drawn"]):
        dealt = [cards[c].card.id for c in start.hand[seat] + start.aside[seat]]
        assert got[:len(dealt)] == dealt
        assert len(got) > len(dealt), "a whole game draws more than the dealt hand"
    drawn = Counter(c for got in row["drawn"] for c in got)
    areas = {deck_of[cards[deck[0]].card.id] for deck in start.xdeck}
    assert {deck_of[c] for c in drawn} == {"deed", *areas}
    assert not any(deck_of[c] == "encounter" for c in drawn), "encounters are taken, not drawn"
    assert trial_balance.play(2, ["greedy", "greedy"], 200_000) == row


def _row(drawn: list[list[str]], winner: int) -> dict:
    return {"players": len(drawn), "seats": ["greedy"] * len(drawn), "winners": [winner], "drawn": drawn}


def test_a_card_that_wins_for_whoever_draws_it_shows_its_whole_effect():
    rng = Rng(5)
    rows = []
    for _ in range(400):
        a = "deed_a" if rng.below(2) else "deed_b"
        b = "deed_b" if a == "deed_a" else "deed_a"
        rows.append(_row([[a], [b]], winner=0 if a == "deed_a" else 1))
    effects = trial_balance.card_effects(rows, DESIGNED, DECKS)
    assert effects["deed_a"]["effect"][0] == 100.0
    assert effects["deed_b"]["effect"][0] == -100.0
    assert effects["deed_a"]["drew"] == 400


def test_seats_that_draw_more_win_more_but_a_neutral_card_shows_no_effect():
    # the stronger seat draws 3 deeds and always wins, the other draws 1; which deeds is up to the
    # shuffle: deed_a comes more often to the seat that draws more, and so is held by winners more
    rng = Rng(9)
    rows = []
    for _ in range(2000):
        strong = [("deed_a" if rng.below(3) == 0 else "deed_b") for _ in range(3)]
        weak = ["deed_a" if rng.below(3) == 0 else "deed_b"]
        rows.append(_row([strong, weak], winner=0))
    effect, low, high = trial_balance.card_effects(rows, DESIGNED, DECKS)["deed_a"]["effect"]
    assert effect == 0.0 and low == 0.0 and high == 0.0
    # the naive comparison of drawers with the others would show deed_a winning
    drew = [seat for r in rows for seat, got in enumerate(r["drawn"]) if "deed_a" in got]
    assert sum(1 for seat in drew if seat == 0) / len(drew) > 0.6


def test_cards_of_another_deck_are_compared_within_their_own_deck_counts():
    # whoever draws cave_x wins; the deeds are drawn alike by winners and losers
    rows = [_row([["deed_a", "cave_x"], ["deed_b", "cave_y"]], winner=0) for _ in range(40)]
    rows += [_row([["deed_a", "cave_y"], ["deed_b", "cave_x"]], winner=1) for _ in range(40)]
    effects = trial_balance.card_effects(rows, DESIGNED, DECKS)
    assert effects["cave_x"]["deck"] == "dark_caverns"
    assert effects["cave_x"]["effect"][0] == 100.0
    assert effects["cave_y"]["effect"][0] == -100.0
    assert effects["deed_a"]["effect"][0] == 0.0
