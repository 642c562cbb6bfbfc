"""benchmarks/trial_balance.py: the cards each seat draws, and the per-card effect measured from them."""

from __future__ import annotations

import json
from collections import Counter
from types import SimpleNamespace

from talewood.agents import bot_seed
from talewood.engine import Rng
from talewood.games import load
from talewood.games.trial.scoring import score_details

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


def test_a_game_records_who_starts_each_day_and_the_fame_as_days_2_to_4_begin():
    game = load("trial")
    row = trial_balance.play(3, ["greedy"] * 3, 300_001)
    assert row["day_first"][0] == game.new_game(3, 300_001).first, "day 1 starts with the drawn first player"
    assert len(row["day_first"]) == 4 and len(row["fame_by_day"]) == 3
    assert row["first_player_token"] in range(3)
    # the same game played again by hand: each seat's fame as day 2 begins, seat by seat
    state = game.new_game(3, 300_001)
    agents = [trial_balance.agent("greedy", bot_seed(300_001, seat)) for seat in range(3)]
    while state.day < 2:
        state.apply(agents[state.current_player].choose(state))
    assert row["day_first"][1] == state.day_first
    assert row["fame_by_day"][0] == [d["total"] for d in score_details(state)]


def _played(players: int, first: int, winner: int, seed: int) -> dict:
    return {"seed": seed, "players": players, "seats": ["greedy"] * players, "scores": [0.0] * players,
            "winners": [winner], "legendary": [None] * 3, "finished": [[], [], []],
            "stories": [[] for _ in range(players)], "day_first": [first] * 4}


def test_the_summary_counts_each_win_by_turn_order_from_the_first_player(tmp_path):
    # three games, each won by whoever went first, from three different seats: every seat number
    # wins one game (fair), the first player wins all three
    rows = [_played(3, first, first, seed) for seed, first in enumerate((0, 1, 2))]
    # and one won by the last in turn order: seat 0 when seat 1 went first
    rows.append(_played(3, 1, 0, 9))
    f = tmp_path / "rows.jsonl"
    f.write_text("".join(json.dumps(r) + "\n" for r in rows))
    got = trial_balance.summary([f])["greedy"]["3p"]
    assert [x[0] for x in got["win_rates"]] == [50.0, 25.0, 25.0]
    assert [x[0] for x in got["win_rates_from_first_player"]] == [75.0, 0.0, 25.0]


def test_rows_played_before_day_first_was_recorded_take_the_first_player_from_the_seed(tmp_path):
    game = load("trial")
    seeds = [s for s in range(300_000, 300_040) if game.new_game(3, s).first == 2][:2]
    rows = [_played(3, 2, 2, s) for s in seeds]
    for r in rows:
        del r["day_first"]
    f = tmp_path / "rows.jsonl"
    f.write_text("".join(json.dumps(r) + "\n" for r in rows))
    got = trial_balance.summary([f])["greedy"]["3p"]
    assert [x[0] for x in got["win_rates_from_first_player"]] == [100.0, 0.0, 0.0]


def _drawn_rows(winners: list[int], seed: int = 0) -> list[dict]:
    rows = []
    for g, w in enumerate(winners):
        r = _played(2, 0, w, seed + g)
        r["scores"] = [40.0 + (w == 0), 40.0 + (w == 1)]
        r["drawn"] = [["deed_a"], ["deed_b"]] if g % 2 else [["deed_b"], ["deed_a"]]
        rows.append(r)
    return rows


def _write(path, rows: list[dict]):
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def test_the_shift_pairs_the_games_by_seed_and_shows_what_a_change_moved(tmp_path, monkeypatch):
    cards = [SimpleNamespace(card=SimpleNamespace(id=c, deck=d, source="designed")) for c, d in DECKS.items()]
    monkeypatch.setattr(trial_balance, "load", lambda _: SimpleNamespace(tables=SimpleNamespace(cards=cards)))
    # before: seat 0 wins every game, so neither deed does anything; after: the last 100 of the 400
    # games are won by whoever drew deed_a
    winners = [0] * 400
    after = winners[:300] + [0 if g % 2 else 1 for g in range(300, 400)]
    old = _write(tmp_path / "old.jsonl", _drawn_rows(winners))
    # the new file lists its games in another order, and one game the old file never played
    new_rows = _drawn_rows(after)[::-1] + _drawn_rows([1], seed=999)
    new = _write(tmp_path / "new.jsonl", new_rows)
    got = trial_balance.shift([old], [new])["2p"]
    assert got["games"] == 400 and got["seeds"] == [0, 399]
    assert got["played_otherwise"][0] == 12.5          # 50 of the last 100 games changed their winner
    # seat 0 went first in every game: it won all 400 before, 350 after
    assert got["paired_shift"]["first_player_wins"][0] == -12.5
    assert got["paired_shift"]["mean_winning_score"] == [0.0, 0.0, 0.0]
    assert got["paired_shift"]["legendary_claimed"] == [[0.0, 0.0, 0.0]] * 3
    shift_a, low, high = got["designed_cards_shift"]["deed_a"]
    assert shift_a == 25.0 and 0 < low <= shift_a <= high
    assert got["designed_cards_shift"]["deed_b"][0] == -25.0
    # the same games on both sides, listed in another order: nothing moved, not even in a resample
    mixed = _drawn_rows([g % 3 % 2 for g in range(400)])
    same = trial_balance.shift([_write(tmp_path / "a.jsonl", mixed)], [_write(tmp_path / "b.jsonl", mixed[::-1])])["2p"]
    assert same["played_otherwise"][0] == 0.0
    assert same["designed_cards_shift"]["deed_a"] == [0.0, 0.0, 0.0]



def test_the_summary_lists_cards_of_equal_lift_by_name_whatever_the_run(tmp_path):
    # eight designed cards always held together: one lift, listed by name (they come out of sets, whose
    # order changes from one run of Python to the next)
    game = load("trial")
    ids = sorted(ci.card.id for ci in game.tables.cards if ci.card.source == "designed")[:8]
    rows = []
    for seed in range(60):
        r = _played(2, 0, seed % 2, seed)
        r["stories"] = [ids[::-1], []]
        rows.append(r)
    got = trial_balance.summary([_write(tmp_path / "rows.jsonl", rows)])["designed_cards"]
    assert list(got) == ids
    assert {c["lift"] for c in got.values()} == {0.0}
