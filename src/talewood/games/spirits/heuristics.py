"""Spirits heuristics for the bots: a state evaluation and a cheap rollout policy.

The evaluation projects each player's final score from the position (majorities held or shared,
missing spirits, gemstones, and with the modules on: Wish rewards, Hex threats, drop tokens,
fireflies), then turns the lead over the best opponent into a win estimate in [0, 1].
"""

from __future__ import annotations

import math

from ...engine import Rng, win_chances
from . import rulings
from .frames import Gem
from .scoring import firefly_count, hex_strikes, spirit_count, wish_met
from .state import SpiritsState

LEAD_SCALE = 8.0        # points of lead that make a win about 73% likely
SHARED_SHARE = 0.6      # a shared majority is worth less than a clear one
BEHIND_SHARE = 0.15     # symbols in a spirit you do not lead may still turn it
GEM_VALUE = 0.6         # a gemstone in hand: a future reservation or payment


def counts(state: SpiritsState) -> tuple[list[list[int]], list[list[int]]]:
    """Per seat: each spirit's count and each power source's count (tiles, favor tokens, Wish symbols)."""
    tokens = state.c.tokens
    spirits, powers = [], []
    for s in range(state.players):
        sp = state.symbols_of(s)
        po = state.powers_of(s)
        for k in state.favors[s]:
            token = tokens[k]
            kind = token.kind
            if kind == "spirit":
                sp[token.spirit] += 1
            elif kind == "power":
                po[token.power] += 1
        for x in state.reward_syms[s]:
            sp[x] += 1
        spirits.append(sp)
        powers.append(po)
    return spirits, powers


def projected_scores(state: SpiritsState) -> list[float]:
    """Each player's final score as projected from the position (see the module's docstring)."""
    n = state.players
    cfg = state.cfg
    spirits, powers = counts(state)
    left = min(1.0, len(state.exposed) / 12.0)   # how much of the forest is still open to change things
    tokens = state.c.tokens
    penalty = rulings.MISSING_PENALTY * (1.0 if state.over else 0.8)
    out = []
    for s in range(n):
        value = 0.0
        for table in (spirits, powers):
            mine = table[s]
            others = [table[o] for o in range(n) if o != s]
            for x, c in enumerate(mine):
                if not c:
                    continue
                best_other = max(row[x] for row in others) if others else 0
                if c > best_other:
                    value += c
                elif c == best_other:
                    value += c * SHARED_SHARE
                else:
                    value += c * BEHIND_SHARE
        missing = state.symbols_of(s).count(0) + state.powers_of(s).count(0)
        value -= penalty * missing
        value += GEM_VALUE * (state.supply[s] + state.placed[s]) * left
        value += state.drops[s]
        favors = state.favors[s]
        for k in favors:
            if tokens[k].kind == "nature_point":
                value += 1.0
        if cfg.wishes and state.wish[s] >= 0 and wish_met(state, s, state.wish[s]):
            wish = state.c.wishes[state.wish[s]]
            value += 1.5 if wish.reward == "favor_token" else 1.5 * len(wish.reward_symbols)
        if cfg.hexes and state.hex[s] >= 0 and hex_strikes(state, s, state.hex[s], spirits, powers):
            value -= state.c.hexes[state.hex[s]].penalty
        if cfg.fireflies:
            flies = firefly_count(state, s)
            if flies and flies >= max(firefly_count(state, o) for o in range(n)):
                value -= 2.0 * flies
        value += 0.1 * len(favors)
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
    return win_chances(projected_scores(state), LEAD_SCALE)[seat]


def evaluate_all(state: SpiritsState) -> list[float]:
    """`evaluate` for every seat at once (the projection is computed once): what the search backs up."""
    n = state.players
    if state.over:
        winners = state.result().winners
        return [1.0 / len(winners) if s in winners else 0.0 for s in range(n)]
    if state.cfg.solo:
        return [evaluate(state, 0)]
    return win_chances(projected_scores(state), LEAD_SCALE)


def rollout_action(state: SpiritsState, rng: Rng) -> int:
    """A cheap playout policy: random, but gemstones are placed only now and then."""
    legal = state.legal_actions()
    if type(state.stack[-1]) is Gem and rng.random() < 0.7:
        return legal[-1] if legal[-1] == state.ids.stop else legal[int(rng.random() * len(legal))]
    return legal[int(rng.random() * len(legal))]
