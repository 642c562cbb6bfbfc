"""The Trial of the Forest's balance against the brief's targets (§8.9), measured with bots.

    .venv/bin/python benchmarks/trial_balance.py greedy --games 300 --players 2,3,4 --out benchmarks/raw/greedy.jsonl
    .venv/bin/python benchmarks/trial_balance.py mixed --games 400 --players 4 --out benchmarks/raw/mixed.jsonl
    .venv/bin/python benchmarks/trial_balance.py summary benchmarks/raw/greedy.jsonl benchmarks/raw/mixed.jsonl
    .venv/bin/python benchmarks/trial_balance.py shift benchmarks/raw/greedy.jsonl --before old-greedy.jsonl.gz

`greedy`: every seat a greedy bot (with `--bot normal`, another bot level). `mixed`: each game seats a
random draw of greedy and the five archetypes (greedy variants that also value trading, pioneering,
fighting, expeditions or morality: heuristics.ARCHETYPES). Each game is one JSON line (appended at
once, so a stopped run keeps what it played, and `--resume` goes on after the last game in the file). The
games go to benchmarks/raw/ (`--out`, by default benchmarks/raw/trial-balance.jsonl), which git ignores:
the repository keeps the summaries (benchmarks/results/trial-rulebook/, trial-rounds/).
`summary` prints the figures the brief asks for, per bot level and player count, each rate as [rate,
low, high] with its 95% interval: seat win rates against fair, both by seat number and by turn order
counted from the first player (each game draws its first player, so only the second tells going first
from going last; rows also record who starts each day and each seat's fame as days 2-4 begin), each
archetype's win rate, the mean winning score, how often each legendary token is claimed and each
expedition finished; each
designed card's naive lift (the win rate of the seats whose story holds it face up, minus the others':
confounded, since winners hold more cards), and, from the cards each seat drew (`drawn`), each designed
card's effect on the win rate of whoever is dealt it (`designed_cards_drawn`, see card_effects).
`shift` compares two sets of files on the seeds both played (a change of the rules or the content):
how many games played otherwise and how far each designed card's effect moved, with a paired interval.
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

from talewood.agents import bot_seed, make_agent
from talewood.agents.simple import GreedyAgent
from talewood.engine import Rng
from talewood.games import load
from talewood.games.trial.heuristics import ARCHETYPES, evaluate_as
from talewood.games.trial.scoring import score_details
from talewood.games.trial.state import TrialState
from talewood.sim.lab.stats import mean_interval, wilson

KINDS = ("greedy", *ARCHETYPES)
OUT = Path(__file__).parent / "raw" / "trial-balance.jsonl"     # the games, as they end (git ignores raw/)


class ArchetypeAgent(GreedyAgent):
    """Greedy, with the taste of one archetype."""

    def __init__(self, seed: int, archetype: str) -> None:
        super().__init__(seed)
        self.archetype = archetype
        self.name = archetype

    def value(self, heuristics: Any, state: Any, seat: int) -> float:
        return evaluate_as(state, seat, self.archetype)


def agent(kind: str, seed: int) -> Any:
    return ArchetypeAgent(seed, kind) if kind in ARCHETYPES else make_agent(kind, seed)


def play(players: int, seats: list[str], seed: int) -> dict[str, Any]:
    game = load("trial")
    state = game.new_game(players, seed)
    assert isinstance(state, TrialState)
    agents = [agent(kind, bot_seed(seed, seat)) for seat, kind in enumerate(seats)]
    cards = state.t.cards
    drawn = [[cards[c].card.id for c in state.hand[w] + state.aside[w]] for w in range(players)]   # the hands dealt
    day_first = [state.day_first]               # who starts each day (the first player token's holder, L641)
    fame_by_day: list[list[int]] = []           # each seat's fame so far as days 2, 3 and 4 begin
    while not state.is_over:
        if state.day > len(day_first):
            day_first.append(state.day_first)
            fame_by_day.append([d["total"] for d in score_details(state)])
        seat = state.current_player
        assert seat is not None
        for e in state.apply(agents[seat].choose(state)):
            # what the shuffle brought: a deed drawn (told to its drawer alone), an expedition card drawn
            if e["type"] == "draw_private":
                drawn[e["to"]].append(cards[e["card"]].card.id)
            elif e["type"] == "expedition":
                drawn[e["seat"]].append(cards[e["card"]].card.id)
    result = state.result()
    t = state.t
    return {
        "seed": seed, "players": players, "seats": seats, "scores": list(result.scores),
        "winners": list(result.winners),
        "legendary": [x if x >= 0 else None for x in state.legendary],
        "finished": [[w for w in range(players) if state.flags[w * 3 + a] >= 0] for a in range(3)],
        "stories": [[t.cards[code >> 3].card.id for code in state.story[w] if code & 1] for w in range(players)],
        "drawn": drawn,
        "day_first": day_first, "fame_by_day": fame_by_day, "first_player_token": state.first,
    }


def run(mode: str, games: int, players: list[int], seed: int, out: Path, resume: bool, bot: str = "greedy") -> None:
    done = 0
    if resume and out.exists():
        done = sum(1 for _ in out.open(encoding="utf-8"))
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("a", encoding="utf-8") as f:
        for g in range(done, games):
            n = players[g % len(players)]
            rng = Rng(seed + g)
            if mode == "greedy":
                seats = [bot] * n
            else:
                pool = list(KINDS)
                seats = []
                for _ in range(n):
                    seats.append(pool.pop(rng.below(len(pool))))
            f.write(json.dumps(play(n, seats, seed + g)) + "\n")
            f.flush()
            if (g + 1) % max(1, games // 10) == 0:
                print(f"{g + 1}/{games}", file=sys.stderr, flush=True)


def _lines(f: Path) -> list[str]:
    """A result file's lines (plain or gzipped: the earlier rounds' files were kept as *.jsonl.gz)."""
    with gzip.open(f, "rt", encoding="utf-8") if f.suffix == ".gz" else f.open(encoding="utf-8") as handle:
        return handle.readlines()


def summary(files: list[Path]) -> dict[str, Any]:
    rows = [json.loads(line) for f in files for line in _lines(f)]
    game = load("trial")
    designed = {ci.card.id for ci in game.tables.cards if ci.card.source == "designed"}
    out: dict[str, Any] = {"games": len(rows)}
    greedy = [r for r in rows if set(r["seats"]) == {"greedy"}]
    by_count: dict[tuple[str, int], list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        if len(set(r["seats"])) == 1 and r["seats"][0] not in ARCHETYPES:
            by_count[r["seats"][0], r["players"]].append(r)
    for (bot, n), rs in sorted(by_count.items()):
        wins = [0.0] * n
        for r in rs:
            for w in r["winners"]:
                wins[w] += 1 / len(r["winners"])
        best = [max(r["scores"]) for r in rs]
        # the same wins counted from the first player (drawn at random, L188): what a player means by
        # going first or last, where the seat number alone says nothing
        turn = [0.0] * n
        for r in rs:
            first = r["day_first"][0] if "day_first" in r else first_player(game, n, r["seed"])
            for w in r["winners"]:
                turn[(w - first) % n] += 1 / len(r["winners"])
        out.setdefault(bot, {})[f"{n}p"] = {"games": len(rs), "fair": round(100 / n, 1),
                          "win_rates": [_rate(x, len(rs)) for x in wins],
                          "win_rates_from_first_player": [_rate(x, len(rs)) for x in turn],
                          "mean_winning_score": _mean(best),
                          "mean_score": _mean([x for r in rs for x in r["scores"]]),
                          "legendary_claimed": [_rate(sum(1 for r in rs if r["legendary"][i] is not None), len(rs))
                                                for i in range(3)],
                          "expedition_finished": [_rate(sum(1 for r in rs if r["finished"][a]), len(rs))
                                                  for a in range(3)]}
    kinds: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0])      # wins, seats, fair share
    for r in rows:
        if len(set(r["seats"])) == 1 and r["seats"][0] not in ARCHETYPES:
            continue
        for seat, kind in enumerate(r["seats"]):
            k = kinds[kind]
            k[0] += 1 / len(r["winners"]) if seat in r["winners"] else 0
            k[1] += 1
            k[2] += 1 / r["players"]
    out["archetypes"] = {kind: {"seats": int(k[1]), "win_rate": _rate(k[0], int(k[1])),
                                "fair": round(100 * k[2] / k[1], 1)} for kind, k in sorted(kinds.items())}
    lift: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0])            # wins, seats holding it
    total_wins, total_seats = 0.0, 0
    for r in greedy:
        for seat in range(r["players"]):
            won = 1 / len(r["winners"]) if seat in r["winners"] else 0.0
            total_wins += won
            total_seats += 1
            for card in set(r["stories"][seat]):
                lift[card][0] += won
                lift[card][1] += 1
    cards = {}
    for card, (w, held) in lift.items():
        if card not in designed or held < 30:
            continue
        rest = (total_wins - w) / max(1, total_seats - held)
        cards[card] = {"held": int(held), "lift": round(100 * (w / held - rest), 1)}
    # ties by name: the cards come out of sets, whose order changes from one run to the next
    out["designed_cards"] = dict(sorted(cards.items(), key=lambda kv: (-abs(kv[1]["lift"]), kv[0])))
    drew = [r for r in greedy if "drawn" in r]
    if drew:
        decks = {ci.card.id: ci.card.deck for ci in game.tables.cards}
        out["designed_cards_drawn"] = {f"{n}p": card_effects([r for r in drew if r["players"] == n], designed, decks)
                                       for n in sorted({r["players"] for r in drew})}
    return out


def card_effects(rows: list[dict[str, Any]], designed: set[str], decks: dict[str, str], resamples: int = 400,
                 seed: int = 1) -> dict[str, Any]:
    """Each designed card's effect on the win rate of the seat that draws it: [effect, low, high] (see
    _card_effect_draws), with its deck and how many seats drew it."""
    import numpy as np

    out = {}
    for card, (deck, drew, effect) in _card_effect_draws(rows, designed, decks, resamples, seed).items():
        low, high = np.percentile(effect[1:], [2.5, 97.5])
        out[card] = {"deck": deck, "drew": drew, "effect": [round(100 * float(x), 1) for x in (effect[0], low, high)]}
    return dict(sorted(out.items(), key=lambda kv: -abs(kv[1]["effect"][0])))


def _card_effect_draws(rows: list[dict[str, Any]], designed: set[str], decks: dict[str, str], resamples: int,
                       seed: int) -> dict[str, Any]:
    """Each designed card's effect on the win rate of the seat that draws it, from the games' `drawn`.

    Which card a draw brings is up to the shuffle, but how many cards a seat draws is not (strong
    seats draw more): so the seats are compared within strata of the same number of cards drawn from
    the card's deck, those that drew the card against those that did not, and the differences are
    averaged weighted by the drawers in each stratum. The 95% interval comes from resampling whole games
    (a bootstrap), since the seats of one game are not independent: when the drawer wins, the others
    lose. Per card: its deck, the seats that drew it, and the effect (a fraction) in the games as played,
    then in each resample (the weights depend only on `seed` and the number of games, so two files of the
    same seeds are resampled alike)."""
    import numpy as np

    ids_by_deck: dict[str, list[str]] = defaultdict(list)
    for card, deck in decks.items():
        if card in designed:
            ids_by_deck[deck].append(card)
    size = max((len(got) for r in rows for got in r["drawn"]), default=0) + 1
    games = len(rows)
    # per game and stratum: seats and wins of every seat (by deck), and of the seats that drew each card
    seats_all = {deck: np.zeros((games, size)) for deck in ids_by_deck}
    wins_all = {deck: np.zeros((games, size)) for deck in ids_by_deck}
    seats_drew = {card: np.zeros((games, size)) for ids in ids_by_deck.values() for card in ids}
    wins_drew = {card: np.zeros((games, size)) for card in seats_drew}
    for g, r in enumerate(rows):
        for seat, got in enumerate(r["drawn"]):
            won = 1 / len(r["winners"]) if seat in r["winners"] else 0.0
            counts: dict[str, int] = defaultdict(int)
            for c in got:
                counts[decks[c]] += 1
            for deck in ids_by_deck:
                seats_all[deck][g, counts[deck]] += 1
                wins_all[deck][g, counts[deck]] += won
            for card in set(got) & seats_drew.keys():
                seats_drew[card][g, counts[decks[card]]] += 1
                wins_drew[card][g, counts[decks[card]]] += won
    rng = np.random.default_rng(seed)
    weights = np.vstack([np.ones(games), rng.poisson(1.0, (resamples, games))])   # row 0: the games as played
    out = {}
    for card, drew in seats_drew.items():
        deck = decks[card]
        n1, w1 = weights @ drew, weights @ wins_drew[card]
        n0, w0 = weights @ seats_all[deck] - n1, weights @ wins_all[deck] - w1
        both = (n1 > 0) & (n0 > 0)
        gap = np.where(both, w1 / np.maximum(n1, 1) - w0 / np.maximum(n0, 1), 0.0)
        den = np.where(both, n1, 0.0).sum(axis=1)
        if den[0] < 30:
            continue
        out[card] = (deck, int(den[0]), (n1 * gap).sum(axis=1) / np.maximum(den, 1))
    return out


def shift(before: list[Path], after: list[Path], resamples: int = 400) -> dict[str, Any]:
    """What a change of the rules moved, on the seeds both sets of files played (every seat `greedy`, by
    player count): the games that played otherwise, the mean winning score before and after, each headline
    figure's mean change over the paired games ([shift, low, high], the rates in points), and each
    designed card's effect after minus before, [shift, low, high] in points, its 95% interval from
    resampling whole games alike on both sides (a paired bootstrap: a game that played alike moves
    nothing)."""
    import numpy as np

    game = load("trial")
    designed = {ci.card.id for ci in game.tables.cards if ci.card.source == "designed"}
    decks = {ci.card.id: ci.card.deck for ci in game.tables.cards}

    def greedy(files: list[Path]) -> dict[tuple[int, int], dict[str, Any]]:
        rows = (json.loads(line) for f in files for line in _lines(f))
        return {(r["players"], r["seed"]): r for r in rows if set(r["seats"]) == {"greedy"}}

    old, new = greedy(before), greedy(after)
    out: dict[str, Any] = {}
    for n in sorted({n for n, _ in old.keys() & new.keys()}):
        keys = sorted(k for k in old.keys() & new.keys() if k[0] == n)
        a, b = [old[k] for k in keys], [new[k] for k in keys]
        otherwise = sum(1 for x, y in zip(a, b, strict=True)
                        if (x["scores"], x["winners"]) != (y["scores"], y["winners"]))
        cards = {}
        ea = _card_effect_draws(a, designed, decks, resamples, 1)
        eb = _card_effect_draws(b, designed, decks, resamples, 1)
        for card in ea.keys() & eb.keys():
            d = eb[card][2] - ea[card][2]
            low, high = np.percentile(d[1:], [2.5, 97.5])
            cards[card] = [round(100 * float(x), 1) for x in (d[0], low, high)]
        out[f"{n}p"] = {"games": len(keys), "played_otherwise": _rate(otherwise, len(keys)),
                        "seeds": [keys[0][1], keys[-1][1]],
                        "mean_winning_score": [_mean([max(r["scores"]) for r in rs]) for rs in (a, b)],
                        "paired_shift": {
                            "mean_winning_score": _paired(a, b, lambda r: max(r["scores"])),
                            "first_player_wins": _paired(a, b, lambda r: _first_wins(game, r)),
                            "legendary_claimed": [_paired(a, b, lambda r, i=i: 100.0 * (r["legendary"][i] is not None))
                                                  for i in range(3)],
                            "expedition_finished": [_paired(a, b, lambda r, i=i: 100.0 * bool(r["finished"][i]))
                                                    for i in range(3)]},
                        "designed_cards_shift": dict(sorted(cards.items(), key=lambda kv: (-abs(kv[1][0]), kv[0])))}
    return out


def _paired(before: list[dict[str, Any]], after: list[dict[str, Any]], figure: Any) -> list[float]:
    """A figure's mean change from each game to the same seed's game after the change: [shift, low, high]."""
    return _mean([figure(y) - figure(x) for x, y in zip(before, after, strict=True)])


def _first_wins(game: Any, r: dict[str, Any]) -> float:
    """The first player's share of the game's win, in points."""
    first = r["day_first"][0] if "day_first" in r else first_player(game, r["players"], r["seed"])
    return 100 / len(r["winners"]) if first in r["winners"] else 0.0


def first_player(game: Any, players: int, seed: int) -> int:
    """Who took the first player token at the set-up of the game of `seed` (rows played before they
    recorded `day_first`): the set-up draws it from the seed alone."""
    return int(game.new_game(players, seed).first)


def _rate(k: float, n: int) -> list[float]:
    """A percentage with its 95% Wilson interval: [rate, low, high]."""
    lo, hi = wilson(k, n)
    return [round(100 * k / max(1, n), 1), round(100 * lo, 1), round(100 * hi, 1)]


def _mean(xs: list[float]) -> list[float]:
    """A mean with its 95% interval (normal approximation): [mean, low, high]."""
    n = len(xs)
    m = sum(xs) / max(1, n)
    sd = (sum((x - m) ** 2 for x in xs) / (n - 1)) ** 0.5 if n > 1 else None
    lo, hi = mean_interval(m, sd, n)
    return [round(m, 1), round(lo, 1), round(hi, 1)]


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("mode", choices=("greedy", "mixed", "summary", "shift"))
    ap.add_argument("files", nargs="*", type=Path, help="summary, shift: the result files")
    ap.add_argument("--before", nargs="+", type=Path, default=[], help="shift: the files played before the change")
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--players", default="2,3,4")
    ap.add_argument("--seed", type=int, default=90_000)
    ap.add_argument("--out", type=Path, default=OUT, help=f"greedy, mixed: the games' file (default: {OUT})")
    ap.add_argument("--resume", action="store_true")
    ap.add_argument("--bot", default="greedy", help="greedy mode: the bot in every seat (greedy, normal, ...)")
    args = ap.parse_args(argv)
    if args.mode == "summary":
        print(json.dumps(summary(args.files), indent=1))
        return
    if args.mode == "shift":
        print(json.dumps(shift(args.before, args.files), indent=1))
        return
    run(args.mode, args.games, [int(x) for x in args.players.split(",")], args.seed, args.out, args.resume, args.bot)


if __name__ == "__main__":
    main()
