"""Trial heuristics for the bots: a projected final score per seat, and a cheap rollout policy.

The projection is the fame a seat already holds (scoring.py) plus what its position is worth: food
and cards (future deeds), objects (costs and expeditions), the permanent symbols of its story while
days remain, the deed it is resolving (a card fight: only while it is being won), progress inside an
expedition, its legendary columns and, for the adventurer to move, where it stands. The lead over
the best opponent becomes a win estimate in [0, 1] (engine.win_chances).
"""

from __future__ import annotations

from ...engine import Rng, win_chances
from .cards import open_cards
from .scoring import score_details
from .state import TrialState
from .tables import (
    PLAYING,
    SK_COLS,
    SK_MOVEMENT,
    SK_SIZE,
    SK_STRENGTH,
    SK_TRADING,
    SRC_HAND,
)

LEAD_SCALE = 6.0          # fame points of lead that make a win about 73% likely
FOOD_VALUE = 0.45         # a raspberry, acorn or mushroom: a part of a deed's cost
TEA_VALUE = 0.7
CARD_VALUE = 0.75         # a card in hand: a future deed (up to the hand limit)
SYMBOL_VALUE = 0.35       # a permanent movement, strength or trading symbol, early in the game
OBJECT_VALUE = 0.6        # an item or artifact: a cost, a weapon, an expedition's need
DEPTH_VALUE = 1.2         # each space deep into an expedition (its finishing space pays more)
LEGENDARY_SHARE = 0.8     # of a legendary token's fame, per card of the 5 its column needs (halved when behind)
PAW_VALUE = 1.1           # a paw token still to place today
FIRST_PLAYER_DAY_VALUE = 1.5   # the first player token: starting each day still to come (L641)
STRONG_PAW_VALUE = 0.5    # the strong paw still at home: kept for where its '+' pays
# Where the adventurer to move stands, before it acts (one-ply play would otherwise wander at random:
# a move's worth only shows once the paw or the deed is placed there).
PLAYABLE_VALUE = 0.6      # a deed in hand that can be played here, before this turn's deed
LOCATION_VALUE = (0.3, 0.5, 0.9, 0.4)   # a free grove, ruins, tower, store here, before this turn's paw
EXPEDITION_START_VALUE = 1.5            # an expedition's first space, before this turn's paw


def projected_scores(s: TrialState) -> list[float]:
    t = s.t
    details = score_details(s)
    left = 1.0 if s.day < 1 else max(0.0, (t.days - s.day + 1) / t.days)
    sk = s.sk
    # per legendary token still free: its column's two highest counts (a seat's best rival has the
    # highest, or the second when the seat itself holds the highest)
    tops = []
    for column, _needed, _fame in t.legendary:
        first = second = -1
        for o in range(s.players):
            v = sk[o * SK_SIZE + SK_COLS + column]
            if v > first:
                first, second = v, first
            elif v > second:
                second = v
        tops.append((first, second))
    out = []
    for seat in range(s.players):
        value = float(details[seat]["total"])
        if s.over:
            out.append(value)
            continue
        raspberries, acorns, mushrooms, tea = s.foods(seat)
        value += FOOD_VALUE * (raspberries + acorns + mushrooms) + TEA_VALUE * tea
        value += CARD_VALUE * min(t.hand_limit, len(s.hand[seat]) + len(s.aside[seat]))
        k = seat * SK_SIZE
        value += SYMBOL_VALUE * left * (sk[k + SK_MOVEMENT] + sk[k + SK_STRENGTH] + sk[k + SK_TRADING])
        value += OBJECT_VALUE * len(s.backpack[seat])
        value += PAW_VALUE * s.paws_left(seat) * (0.3 if s.camped[seat] else 1.0)
        if s.strong_home[seat]:
            value += STRONG_PAW_VALUE
        if s.first == seat:
            value += FIRST_PLAYER_DAY_VALUE * max(0, t.days - s.day)
        value += 0.6 * (s.boosts_of(seat, 0) + s.boosts_of(seat, 1) + s.boosts_of(seat, 2) + s.boosts_of(seat, 3))
        area = t.area_of[s.pos[seat]]
        if area >= 0:
            value += DEPTH_VALUE * _depth(s, s.pos[seat])
        for i, (column, needed, fame) in enumerate(t.legendary):
            if s.legendary[i] < 0:
                have = sk[k + SK_COLS + column]
                first, second = tops[i]
                rival = second if have == first else first
                share = LEGENDARY_SHARE if have >= rival else LEGENDARY_SHARE / 2
                value += fame * share * min(have, needed - 1) / needed
        if s.r_card >= 0 and s.r_seat == seat and (s.f_att < 0 or (s.f_att == seat and s.f_def < 0)):
            ci = t.cards[s.r_card]
            worth = ci.fame + SYMBOL_VALUE * left * (ci.trading + ci.movement + ci.strength)
            for i, (column, needed, fame) in enumerate(t.legendary):
                if column == ci.column and s.legendary[i] < 0 and sk[k + SK_COLS + column] < needed - 1:
                    worth += fame * LEGENDARY_SHARE / needed
            if s.f_att == seat:
                # a fight against the card, its dice rolled: it is worth what winning brings, if it is won
                # as the strength stands (so discarding strength cards that turn the fight pays)
                worth = (worth + (DEPTH_VALUE if ci.area >= 0 else 0.0)) if s.f_pts[0] > s.f_pts[1] else 0.0
            value += 0.8 * worth
        if seat == s.cur and s.phase == PLAYING:
            value += _position_value(s, seat)
        out.append(value)
    return out


def _position_value(s: TrialState, seat: int) -> float:
    """What standing here is worth to the adventurer whose turn it is, before its paw and its deed."""
    t = s.t
    pos = s.pos[seat]
    value = 0.0
    if not s.t_acted and not s.t_camp:
        area = t.area_of[pos]
        if area >= 0:
            if pos == t.start_of_area[area]:
                value += EXPEDITION_START_VALUE
        else:
            loc = t.loc_of[pos]
            if loc >= 0 and loc not in s.placed[seat]:
                value += LOCATION_VALUE[t.tile_type[s.tile_at[loc]]]
    if s.t_camp and pos in t.first_player_camps and s.first != seat:
        value += t.first_player_fame + FIRST_PLAYER_DAY_VALUE * max(0, t.days - s.day)
    if not s.t_deed:
        if t.area_of[pos] < 0 and open_cards(s, seat, set(s.hand[seat]), True):
            value += PLAYABLE_VALUE
    elif s.r_card >= 0 and s.r_seat == seat and s.r_src == SRC_HAND:
        value += PLAYABLE_VALUE       # the deed being played keeps what being able to play it was worth
    return value


def _depth(s: TrialState, space: int) -> int:
    """Steps from the expedition's start to `space` (0 on the start)."""
    t = s.t
    start = t.start_of_area[t.area_of[space]]
    depth = 0
    frontier = {start}
    while space not in frontier and frontier:
        frontier = {to for x in frontier for to, _line, _pay in t.forward[x]}
        depth += 1
    return depth


def evaluate(state: TrialState, seat: int) -> float:
    """Roughly the chance that `seat` wins, from its projected lead."""
    if state.over:
        winners = state.result().winners
        return 1.0 / len(winners) if seat in winners else 0.0
    return win_chances(projected_scores(state), LEAD_SCALE)[seat]


def evaluate_all(state: TrialState) -> list[float]:
    if state.over:
        winners = state.result().winners
        return [1.0 / len(winners) if s in winners else 0.0 for s in range(state.players)]
    return win_chances(projected_scores(state), LEAD_SCALE)


def rollout_action(state: TrialState, rng: Rng) -> int:
    """A cheap playout policy: random, but rarely discarding objects or ending a turn with a paw to place."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    ids = state.t.ids
    drop_lo, drop_hi = ids.drop, ids.drop + state.t.n_objects
    useful = [a for a in legal if not drop_lo <= a < drop_hi and a != ids.decline and a != ids.stay]
    if useful and rng.random() < 0.9:
        legal = useful
    return legal[int(rng.random() * len(legal))]


# -- strategy archetypes (balance measurements) --------------------------------------------------
# A greedy variant with a taste: extra projected fame per unit of what its strategy collects. The
# balance runs (benchmarks/trial_balance.py) play them against plain greedy bots and each other.
ARCHETYPES: dict[str, dict[str, float]] = {
    "trader": {"trading": 1.2, "objects": 0.6},
    "pioneer": {"pioneering": 1.2, "movement": 0.5},
    "fighter": {"fighting": 1.2, "strength": 0.5},
    "expeditioner": {"depth": 1.5, "flags": 2.0},
    "moralist": {"morality": 1.5},
}


def archetype_bonus(s: TrialState, seat: int, taste: dict[str, float]) -> float:
    t = s.t
    k = seat * SK_SIZE
    sk = s.sk
    values = {
        "trading": sk[k + SK_COLS + 1], "pioneering": sk[k + SK_COLS + 2], "fighting": sk[k + SK_COLS + 3],
        "movement": sk[k + SK_MOVEMENT], "strength": sk[k + SK_STRENGTH], "objects": len(s.backpack[seat]),
        "depth": _depth(s, s.pos[seat]) if s.pos[seat] >= 0 and t.area_of[s.pos[seat]] >= 0 else 0,
        "flags": sum(1 for x in s.flags_of(seat) if x >= 0),
        "morality": abs(s.morality[seat] - t.morality_start),
    }
    return sum(weight * values[name] for name, weight in taste.items())


def evaluate_as(state: TrialState, seat: int, archetype: str) -> float:
    """`evaluate` for a bot that also values what `archetype` collects."""
    if state.over:
        return evaluate(state, seat)
    scores = projected_scores(state)
    scores[seat] += archetype_bonus(state, seat, ARCHETYPES[archetype])
    return win_chances(scores, LEAD_SCALE)[seat]
