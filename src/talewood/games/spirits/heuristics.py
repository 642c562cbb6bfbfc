"""Spirits heuristics for the bots: a state evaluation and a cheap rollout policy.

The evaluation projects each player's final score from the position (majorities held or shared,
missing spirits, gemstones, and with the modules on: Wish rewards, Hex threats, drop tokens,
fireflies), then turns the lead over the best opponent into a win estimate in [0, 1].
"""

from __future__ import annotations

import math

from ...engine import Rng
from . import rulings
from .scoring import favor_count, firefly_count, hex_strikes, power_count, spirit_count, wish_met
from .state import F_GEM, SpiritsState

LEAD_SCALE = 8.0        # points of lead that make a win about 73% likely
SHARED_SHARE = 0.6      # a shared majority is worth less than a clear one
BEHIND_SHARE = 0.15     # symbols in a spirit you do not lead may still turn it
GEM_VALUE = 0.6         # a gemstone in hand: a future reservation or payment


def projected_scores(state: SpiritsState) -> list[float]:
    n = state.players
    cfg = state.cfg
    spirits = [[spirit_count(state, s, x) for x in range(cfg.n_spirits)] for s in range(n)]
    powers = [[power_count(state, s, p) for p in range(3)] for s in range(n)]
    left = len(state.exposed) / 12.0          # how much of the forest is still open to change things
    out = []
    for s in range(n):
        value = 0.0
        for table in (spirits, powers):
            mine = table[s]
            for x in range(len(mine)):
                best_other = max((table[o][x] for o in range(n) if o != s), default=0)
                c = mine[x]
                if c > best_other:
                    value += c
                elif c == best_other and c > 0:
                    value += c * SHARED_SHARE
                else:
                    value += c * BEHIND_SHARE
        on_tiles = state.sym[s * 10: s * 10 + cfg.n_spirits]
        missing = sum(1 for c in on_tiles if c == 0) + sum(1 for p in range(3) if state.pw[s * 3 + p] == 0)
        value -= rulings.MISSING_PENALTY * missing * (1.0 if state.over else 0.8)
        value += GEM_VALUE * (state.supply[s] + state.placed[s]) * min(1.0, left)
        value += state.drops[s] + sum(1 for k in state.favors[s] if state.c.tokens[k].kind == "nature_point")
        if cfg.wishes and state.wish[s] >= 0 and wish_met(state, s, state.wish[s]):
            wish = state.c.wishes[state.wish[s]]
            value += 1.5 if wish.reward == "favor_token" else 1.5 * len(wish.reward_symbols)
        if cfg.hexes and state.hex[s] >= 0 and hex_strikes(state, s, state.hex[s], spirits, powers):
            value -= 6.0
        if cfg.fireflies:
            flies = firefly_count(state, s)
            if flies and flies >= max(firefly_count(state, o) for o in range(n)):
                value -= 2.0 * flies
        value += 0.1 * favor_count(state, s)
        out.append(value)
    return out


def evaluate(state: SpiritsState, seat: int) -> float:
    """Roughly the chance that `seat` wins, from its projected lead."""
    if state.over:
        result = state.result()
        if seat in result.winners:
            return 1.0 / len(result.winners)
        return 0.0
    if state.cfg.solo:
        mine = [spirit_count(state, 0, x) for x in range(9)]
        theirs = state.opp_sym[:9]
        margin = min(m - t for m, t in zip(mine, theirs, strict=True))
        return 1.0 / (1.0 + math.exp(-margin / 2.0))
    scores = projected_scores(state)
    best_other = max(scores[o] for o in range(state.players) if o != seat)
    return 1.0 / (1.0 + math.exp(-(scores[seat] - best_other) / LEAD_SCALE))


def evaluate_all(state: SpiritsState) -> list[float]:
    """`evaluate` for every seat at once (the projection is computed once): what the search backs up."""
    n = state.players
    if state.over:
        winners = state.result().winners
        return [1.0 / len(winners) if s in winners else 0.0 for s in range(n)]
    if state.cfg.solo:
        return [evaluate(state, 0)]
    scores = projected_scores(state)
    out = []
    for s in range(n):
        best_other = max(scores[o] for o in range(n) if o != s)
        out.append(1.0 / (1.0 + math.exp(-(scores[s] - best_other) / LEAD_SCALE)))
    return out


def rollout_action(state: SpiritsState, rng: Rng) -> int:
    """A cheap playout policy: random, but gemstones are placed only now and then."""
    legal = state.legal_actions()
    if state.frames[-1].kind == F_GEM and rng.random() < 0.7:
        return legal[-1] if legal[-1] == state.ids.stop else legal[int(rng.random() * len(legal))]
    return legal[int(rng.random() * len(legal))]
