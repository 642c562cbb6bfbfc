"""ThreeTale heuristics for the bots: the team's chance of winning (the same for every seat) and a
cheap rollout policy.

The estimate adds up what makes the team strong (Virtues, weighted by what each does; Speed; Shevitsa
and Talents; Artifacts; Spirit, whose last point is life itself), and in the Future how far the
chapter's goal is against its clock; a little shaping rewards the Hero whose turn it is for standing
near something worth claiming with Actions left, so that one step of lookahead moves with purpose.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from heapq import heappop, heappush
from typing import Any

from ...engine import Rng, State
from .components.vocabulary import Effect
from .future.parallel_land import flip_region_candidates, tree_flip_candidates
from .future.present import CrownMove, CrownPay
from .geometry import NEIGHBOURS8, key
from .state import TTState
from .state_fields import FUTURE, PAST
from .tables import (
    BAT1,
    BATTLE1,
    BATTLE2,
    BATTLE3,
    BLACK,
    FUTURE_DECK,
    FUTURE_PIECE,
    LOVE,
    OFFERING,
    QUEST,
    RED,
    TREASURE1,
    TREE,
    WHITE,
)
from .turn.acting import Turn

# what a point of each Virtue is worth to the team (Love wins battles; Hope saves dice …)
VIRTUE_WEIGHT = (1.6, 0.8, 0.5, 0.7, 0.5, 0.4)
SPIRIT_VALUE = (-200.0, -45.0, -14.0, 0.0)
ARTIFACT_VALUE = (0.0, 3.0, 6.0, 11.0)
PIECE_VALUE = {"nymph": 4.0, "beldame": 3.0, "heartless_ruler": 5.0, "cartographer": 4.0, "translator": 4.0,
               "hypnotist": 6.0, "wisdom_stone": 3.0, "forester": 4.0, "incubator": 1.5, "charmer": 3.0,
               "storm_whisperer": 3.0, "parallel_virtue": 6.0, "crystal": 3.0, "reflector_1": 5.0,
               "reflector_2": 5.0, "reflector_3": 5.0, "elixir_1": 3.0, "elixir_2": 2.0, "elixir_3": 4.0}
REFLECTOR_LEVEL = {"reflector_1": 1, "reflector_2": 2, "reflector_3": 3}
ALL_HEADS = 0b111        # the Path of Initiation: a Head of each level
REFLECTOR_PULL = 0.1    # a Reflector of a Head still lacking, at hand: less than the Head itself (0.25)
RING_SOURCES = frozenset({"nymph", "beldame", "heartless_ruler"})   # the Nine Rings' pieces that give Rings

# what each band of Hope, Faith, Endeavor, Endurance and Mercy is worth besides its points
BAND_WEIGHT = (0.0, 4.0, 3.0, 5.0, 4.5, 3.0)

_VIRTUE_VALUES: dict[tuple[int, ...], tuple[tuple[float, ...], ...]] = {}


def virtue_values(tier: tuple[int, ...]) -> tuple[tuple[float, ...], ...]:
    """Per Virtue, what each of its values is worth in hero_power (its points and its band), worked
    out once per band table: hero_power runs at every leaf of every search."""
    found = _VIRTUE_VALUES.get(tier)
    if found is None:
        found = _VIRTUE_VALUES[tier] = tuple(
            tuple(x * VIRTUE_WEIGHT[v] + BAND_WEIGHT[v] * tier[x] for x in range(len(tier))) for v in range(6))
    return found


def hero_power(s: TTState, h: int) -> float:
    v0, v1, v2, v3, v4, v5 = virtue_values(s.t.tier)
    love, hope, faith, endeavor, endurance, mercy = s.virtues(h)
    power = v0[love] + v1[hope] + v2[faith] + v3[endeavor] + v4[endurance] + v5[mercy]
    power += 1.8 * s.speed[h] + 1.1 * s.shev[h] + 6.0 * s.talents_developed(h)
    arts = s.t.artifacts
    power += sum(ARTIFACT_VALUE[arts[a].level] for a in s.arts[h]) + 2.5 * s.offerings[h] + 12.0 * s.stones[h]
    return power + SPIRIT_VALUE[min(3, s.spirit[h])]


# what a point gained from a reward is worth (in hero_power's units): a Virtue point, a Shevitsa (which
# also brings Talents nearer), a Speed; an Artifact is worth ARTIFACT_VALUE of its level
REWARD_VALUE = {"virtue_points": 1.0, "any_virtue": 1.0, "shevitsa": 1.6, "speed": 2.2}
PAST_POWER, FUTURE_POWER, SHAPING = 40.0, 120.0, 40.0   # the power and shaping points a logit is worth
VIRTUE_LOST = 1.5                      # what a Virtue point lost to an enemy's dice costs
HOPELESS_ROUNDS = 8.0                  # a fight that takes more rounds of attack than this is not won
TALENT_COST = 1.35                     # a Level 3 enemy's Talent (regained Defense, a die turned, a
#                                        blow softened) costs about a third more Virtue (measured)


def binomial_half(n: int) -> tuple[float, ...]:
    """P(k positive faces) for k = 0..n of n dice, each positive half the time."""
    row = [1.0]
    for _ in range(n):
        row = [0.5 * (a + b) for a, b in zip([0.0, *row], [*row, 0.0], strict=True)]
    return tuple(row)


_ROUNDS: dict[tuple[int, int, int], float] = {}


def rounds_to_win(dice: int, defense: int, extra: int = 0) -> float:
    """The expected number of rounds of attack that `dice` dice (plus `extra` damage a round) need to
    bring `defense` to 0; infinity when they cannot hurt at all."""
    if defense <= 0:
        return 0.0
    dice = max(0, min(dice, 26))
    extra = max(0, extra)
    if dice == 0 and extra == 0:
        return math.inf
    found = _ROUNDS.get((dice, defense, extra))
    if found is not None:
        return found
    probs = binomial_half(dice)
    stay = probs[0] if extra == 0 else 0.0
    rounds = [0.0] * (defense + 1)
    for d in range(1, defense + 1):
        total = 1.0
        for k, p in enumerate(probs):
            hit = k + extra
            if hit:
                total += p * rounds[max(0, d - hit)]
        rounds[d] = total / (1.0 - stay)
    for d in range(1, defense + 1):
        _ROUNDS[(dice, d, extra)] = rounds[d]
    return rounds[defense]


def reward_value(effects: Any) -> float:
    """What a Battle card's reward is worth to the Hero who wins it."""
    value = 0.0
    for e in effects:
        if e.do == "gain":
            if e.what == "artifact":
                value += ARTIFACT_VALUE[min(3, max(0, e.level))]
            else:
                value += REWARD_VALUE.get(e.what, 1.0) * max(1, e.n)
        else:
            value += 1.0
    return value


Fighter = tuple[int, int, int, int, int, int, bool]


def fighter(s: TTState, h: int) -> Fighter:
    """What of Hero h a fight's outlook reads: its Love dice (with this turn's Bonus Love), the dice it
    may turn, its damage every round, its Speed for who attacks first, its Spirit (at most 3), its
    Virtue total, and whether the Future is being played."""
    current = h == s.cur
    return (s.v(h, LOVE) + (s.turn.love if current else 0),
            s.turns_left(h) if current else s.tier(h, 1),
            max(0, s.passive_sum(h, "attack_damage", when="every_round")),
            s.speed_now(h) + s.passive_sum(h, "initiative"),
            min(3, s.spirit[h]), s.virtue_total(h), s.phase == FUTURE)


def fight_outlook(s: TTState, h: int, defense: int, strength: int, reward: float, speed: int = -1,
                  enemy_first: bool | None = None, talent: bool = False) -> float:
    """What fighting an enemy of `defense`, `strength` and `speed` (-1: unknown) to the end is worth to
    Hero h (see outlook)."""
    return outlook(fighter(s, h), defense, strength, reward, speed, enemy_first, talent)


def outlook(f: Fighter, defense: int, strength: int, reward: float, speed: int = -1,
            enemy_first: bool | None = None, talent: bool = False) -> float:
    """What fighting an enemy to the end is worth to the fighter f: the reward, less the Virtue points
    its dice will cost (the expected rounds of attack of the Hero's Love dice and this turn's Bonus Love
    against the Defense, Hope's turns spent on the Hero's own dice), less a heavy price when a bad run
    of dice could cost Spirit (the last point of Spirit is the team's life). A fight the Hero cannot win
    in a few rounds is worth its loss. An enemy with a `talent` costs more than its numbers say."""
    dice, turns, extra, initiative, spirit, virtues, future = f
    rounds = rounds_to_win(dice, max(1, defense - turns), extra)
    if enemy_first is None:
        if speed < 0:
            enemy_first_p = 0.5
        else:
            enemy_first_p = 0.0 if initiative > speed else 1.0
    else:
        enemy_first_p = 1.0 if enemy_first else 0.0
    hits = strength / 2
    if rounds > HOPELESS_ROUNDS:
        # the dice cannot finish it: the Hero pays Virtues until it flees for a Spirit
        return -reward - 4.0 * hits - (45.0, 45.0, 30.0, 18.0)[spirit]
    enemy_rounds = max(0.0, rounds - 1 + enemy_first_p)
    taken = enemy_rounds * hits * (TALENT_COST if talent else 1.0)
    spread = math.sqrt(enemy_rounds * strength / 4 + hits * hits * rounds)
    bad = taken + 1.65 * spread
    # the value is shaping, read at 1/40 of a logit; a Virtue point lost costs its share of the team's
    # power, read at 1/40 in the Past and 1/120 in the Future (where the goal counts more)
    value = reward - VIRTUE_LOST * taken * (PAST_POWER / FUTURE_POWER if future else 1.0)
    short = bad - virtues + 2
    if short > 0:
        value -= (90.0, 90.0, 30.0, 12.0)[spirit] * min(1.5, short / 3 + 0.3)
    return value


def battle_now(s: TTState) -> float:
    """The outlook of the battle in progress, for the Hero fighting it: the real card, its Bonus cards
    (already in its Speed, Defense and Strength) and its reward."""
    h = s.cur
    if h < 0:
        return 0.0
    b = s.battle
    if b.kind >= 3:                      # the Crown of Evil's one-round fights
        return 0.0
    reward = reward_value(s.t.battles[b.card].reward) if b.kind == 1 else 8.0
    defense = max(0, b.defense) + b.hero_dice_turned
    if defense <= 0:
        return reward
    talent = b.kind == 1 and s.t.battles[b.card].talent is not None
    return fight_outlook(s, h, defense, b.strength, reward, b.speed, enemy_first=b.attacks_next == 1, talent=talent)


_BONUS_MEAN: dict[int, tuple[float, float, float]] = {}


def enemy_bonus_mean(s: TTState) -> tuple[float, float, float]:
    """What one Enemy Bonus card adds on average: (Speed, Defense, Strength)."""
    found = _BONUS_MEAN.get(id(s.t))
    if found is None:
        add = [0.0, 0.0, 0.0]
        cards = s.t.enemy_bonus
        for card in cards:
            for e in card.options[0]:
                if e.do == "enemy_stat" and e.stat in ("speed", "defense", "strength"):
                    add[("speed", "defense", "strength").index(e.stat)] += e.n
                elif e.do == "turn_dice":
                    add[1] += e.n
        found = (add[0] / max(1, len(cards)), add[1] / max(1, len(cards)), add[2] / max(1, len(cards)))
        _BONUS_MEAN[id(s.t)] = found
    return found


OUTLOOKS_KEPT = 200_000                # battle_token_value's memo is emptied when it grows past this


def battle_token_value(s: TTState, h: int, level: int) -> float:
    """A Battle token of `level`: the outlook of the card it will draw when that card is known, else the
    mean outlook over the cards still in its deck (with the Enemy Bonus cards a Level 2 enemy draws,
    on average). Remembered per fighter and cards: a search asks the same of many leaves."""
    d = BAT1 + level - 1
    cards = s.top[d][:1] or s.deck[d] or s.bottom[d][:1]
    if not cards:
        return 0.0
    f = fighter(s, h)
    memo = s.t.outlooks
    key = (f, *cards)
    found = memo.get(key)
    if found is not None:
        return found
    spd_add, def_add, str_add = enemy_bonus_mean(s)
    battles = s.t.battles
    total = 0.0
    for c in cards:
        b = battles[c]
        total += outlook(f, round(b.defense + b.bonus * def_add), round(b.strength + b.bonus * str_add),
                         reward_value(b.reward), round(b.speed + b.bonus * spd_add), talent=b.talent is not None)
    if len(memo) >= OUTLOOKS_KEPT:
        memo.clear()
    found = memo[key] = total / len(cards)
    return found


_DECK_STATS: dict[tuple[int, str], tuple[float, float, float]] = {}


def deck_stats(s: TTState, deck: str) -> tuple[float, float, float]:
    """(share of Hostile cards, their mean Defense, their mean Strength) of a Future deck."""
    key = (id(s.t), deck)
    found = _DECK_STATS.get(key)
    if found is None:
        cards = [c for c in s.t.fcards if c.deck == deck]
        hostile = [c for c in cards if c.kind == "hostile"]
        if hostile:
            found = (len(hostile) / len(cards), sum(c.defense for c in hostile) / len(hostile),
                     sum(c.strength for c in hostile) / len(hostile))
        else:
            found = (0.0, 0.0, 0.0)
        _DECK_STATS[key] = found
    return found


def piece_value(s: TTState, h: int, tok: int) -> float:
    piece = s.t.pieces[tok - FUTURE_PIECE]
    base = PIECE_VALUE.get(piece.id, 1.0)
    if piece.id in REFLECTOR_LEVEL and s.heads[h] >> (REFLECTOR_LEVEL[piece.id] - 1) & 1:
        base = 0.5                          # its Head is already won: a second one gives nothing
    draw = next((e.deck for e in piece.claim if e.do == "draw"), "")
    if piece.id in RING_SOURCES:
        if holds_its_rings(s, h):
            return 0.5                      # Rings are personal: a fourth one gives nothing
        if piece.id == "nymph":
            # few Nymph cards give a Ring: what one is worth follows the chance that the next does
            base = 2.0 + 6.0 * ring_chance(s, draw)
    if not draw:
        return base
    share, defense, strength = deck_stats(s, draw)
    if not share:
        return base
    deck = s.t.fdecks[s.t.fdeck_index[draw]]
    if deck.reflection is not None:
        _, d, st = deck.reflection.stats(s.speed[h], s.v(h, LOVE))
        defense, strength = float(d), float(st)
    fight = fight_outlook(s, h, int(defense), round(strength), base * 2)
    return share * fight + (1 - share) * base


def token_value(s: TTState, h: int, tok: int) -> float:
    if tok < 0:
        return 0.0
    if tok >= FUTURE_PIECE:
        return piece_value(s, h, tok)
    if tok == WHITE:
        return 1.2
    if tok == RED:
        return 1.6
    if tok == BLACK:
        return 2.0
    if tok == QUEST:
        return 1.5
    if tok == OFFERING:
        return 3.0
    if BATTLE1 <= tok < TREASURE1:
        return battle_token_value(s, h, tok - BATTLE1 + 1)
    level = tok - TREASURE1 + 1
    hope = s.tier(h, 1)
    return (2.5, 3.5, 2.0 + 3.0 * hope)[level - 1]


def nearest_value(s: TTState, h: int, budget: int) -> float:
    """The best value within `budget` Steps of Hero h, less a little per Step (a breadth-first walk)."""
    start = s.pos[h]
    if start < 0:
        return 0.0
    token = s.token
    values: dict[int, float] = {}          # each kind of token's value, worked out once a walk
    best = token_value(s, h, token[start]) if not s.others_at(start, h) else 0.0
    for there, d in reach(s, start, budget):
        tok = token[there]
        value = values.get(tok)
        if value is None:
            value = values[tok] = token_value(s, h, tok)
        value -= 0.3 * d
        if value > best:
            best = value
    return best


def reach(s: TTState, start: int, budget: int) -> tuple[tuple[int, int], ...]:
    """Every space within `budget` Steps of `start` (a breadth-first walk around Trees and Viruses),
    with its Steps. Remembered per Map (see walk_to), Viruses, start and budget."""
    geo, kinds, viruses = s.geo, s.kinds, s.viruses
    memo = s.t.walks
    key = ("reach", tuple(viruses), id(geo), id(kinds), start, budget)
    found = memo.get(key)
    if found is not None and found[0] is geo and found[1] is kinds:
        spaces_found: tuple[tuple[int, int], ...] = found[2]
        return spaces_found
    spaces = []
    seen = {start}
    frontier = [start]
    for d in range(1, budget + 1):
        nxt = []
        for here in frontier:
            for n in range(4):
                there = s.nb(here, n)
                if there < 0 or there in seen or s.kind(there) == TREE or there in viruses:
                    continue
                seen.add(there)
                nxt.append(there)
                spaces.append((there, d))
        frontier = nxt
        if not frontier:
            break
    if len(memo) >= WALKS_KEPT:
        memo.clear()
    value = tuple(spaces)
    memo[key] = (geo, kinds, value)
    return value


PLANTED_SEED, HELD_SEED = 0.1, 0.03   # the Parallel Land: a Seed on the Map is worth more than one kept
# the Parallel Land: what each Parallel Virtue on the Map costs, how many are par, and what turning the Map
# is worth. Where the Tree fills every empty tile (L436) all 30 stand on the Map from its first turn and leave by
# claims and flips: a position is read against 30 there, at a smaller price each, or every early one would read
# as lost (far below a lost game's own value, so that the search would rather lose) and every late one as won;
# where it fills only flipped tiles (option empty_tiles=flipped: True), against none
PV_COST = {False: (0.03, 30, 0.25), True: (0.05, 0, 0.5)}
FLIP_RISK = 0.3        # the Parallel Land: a Hero whose tile the coming flips may have to turn over (a lost game)
FLIPS_A_ROUND = 5      # the Tree's 2 and one at the start of each Hero's turn


def future_progress(s: TTState) -> float:
    """How far the chapter's goal is, 0..1, against its clock."""
    f = s.t.c.futures[s.future]
    n = f.number
    figure = s.figure
    if n == 1:
        # each Hero's own Rings, and once it holds its 3, how near it stands to the Fountain (a
        # gradient, so that one step of lookahead walks there)
        need = f.goal.per_hero
        total = 0.0
        for h in range(3):
            mine = min(need, s.rings[h]) / need
            total += 0.6 * mine + (0.4 * gathered(s, h, figure) if mine >= 1 else 0.0)
        rings = sum(min(need, r) for r in s.rings) / (3 * need)
        return total / 3 - 0.1 * s.flips / f.clock.lose_at * (1 - rings)
    if n == 2:
        wow = min(1.0, s.wow / f.goal.team)
        near = sum(gathered(s, h, figure) for h in range(3)) / 3
        return 0.7 * wow + 0.3 * near * (1.0 if wow >= 1 else 0.25 * wow) + 0.01 * len(s.placed)
    if n == 3:
        pieces = s.t.pieces
        pvs = planted = 0
        for tok in s.token:
            if tok >= FUTURE_PIECE:
                piece = pieces[tok - FUTURE_PIECE].id
                pvs += piece == "parallel_virtue"
                planted += piece == "seed"
        turned = 1 - max(0, sum(1 for t in s.placed if not s.flipped[t]) - 3) / max(1, len(s.placed) - 3)
        cost, par, clock = PV_COST[s.cfg.fill_flipped_only]
        progress = clock * turned - cost * (pvs - par) - FLIP_RISK * flip_danger(s)
        if not s.pv_left:
            return progress                   # none left to place: a Seed keeps nothing more off the Map
        # a planted Seed keeps every later Parallel Virtue off its tile; one in hand only may be planted
        return progress + PLANTED_SEED * planted + HELD_SEED * sum(s.seeds)
    if n == 4:
        heads = sum(bin(x).count("1") for x in s.heads) / 9
        total = 0.0
        for h in range(3):
            mine = bin(s.heads[h]).count("1") / 3
            total += 0.75 * mine + (0.25 * gathered(s, h, figure, throne=True) if mine >= 1 else
                                    REFLECTOR_PULL * reflector_near(s, h))
        return total / 3 - 0.1 * s.flips / f.clock.lose_at * (1 - heads)
    if figure < 0:
        # the setup is unfinished (each tile moved costs a Spirit; the Vicinator's Defense is set once placed)
        return -0.25
    enemy = next(e for e in f.enemies if e.id == "vicinator")
    hurt = 1 - max(0, s.vici_def) / enemy.defense
    viruses = sum(1 for v in s.viruses if v >= 0) / max(1, len(s.viruses))
    return 0.8 * hurt - 0.1 * viruses + 0.1 * closeness(s, figure)


def flip_danger(s: TTState) -> float:
    """The Parallel Land: the Heroes standing on a tile the coming round's flips may take (the tiles beside the
    flipped region and the Tree's), each weighted by how many of those flips could find no other tile (a flip
    onto a Hero loses the game, L436): late in the game few tiles are left to take, and only a flipped tile or
    the Tree's own is safe."""
    unturned = sum(1 for t in s.placed if not s.flipped[t])
    flips = min(FLIPS_A_ROUND, unturned - 3)          # the game is won once only 3 are left unturned
    if flips <= 0:
        return 0.0
    takes = set(flip_region_candidates(s))
    takes.update(tree_flip_candidates(s))
    heroes = [s.pos[h] >> 2 for h in range(3) if s.pos[h] >= 0]
    short = flips - sum(1 for t in takes if t not in heroes)
    if short <= 0:
        return 0.0
    return sum(1 for t in heroes if t in takes) * short / FLIPS_A_ROUND


FAR = 23      # Steps from where being gathered is worth nothing in gathered (0.9 - 23/25 < 0)


def gathered(s: TTState, h: int, figure: int, throne: bool = False) -> float:
    """How near Hero h stands to where the goal gathers the team, 0..1: 1 on a space around the
    figure (`throne`: on the Throne's tile or a tile beside it), less a share for each Step further
    (a walk around Trees, a flipped tile's space counting 2), so that each Step toward it counts."""
    if figure < 0:
        return 0.0
    tile = figure >> 2
    near = ({tile, *s.tile_neighbours(tile)} if throne else set())

    def arrived(space: int) -> bool:
        if space == figure:
            return False
        return space >> 2 in near if throne else s.adjacent8(space, figure)

    return walk_to(s, h, arrived, ("gathered", figure, throne))


def reflector_near(s: TTState, h: int) -> float:
    """The Path of Initiation: how near Hero h stands to a Reflector of a level whose Head it still
    lacks (on an unflipped tile), 0..1 as in `gathered`. Without it a Hero with no such Reflector
    within this turn's Steps sees nothing to walk toward and ends its turns where it stands."""
    token, flipped, pieces, heads = s.token, s.flipped, s.t.pieces, s.heads[h]

    def arrived(space: int) -> bool:
        tok = token[space]
        if tok < FUTURE_PIECE or flipped[space >> 2]:
            return False
        level = REFLECTOR_LEVEL.get(pieces[tok - FUTURE_PIECE].id, 0)
        return level > 0 and not heads >> (level - 1) & 1

    return walk_to(s, h, arrived, ("reflector", heads, tuple(token)))


def holds_its_share(s: TTState, h: int) -> bool:
    """Hero h holds what the chapter asks of each Hero before the team gathers (the Nine Rings: its 3
    Rings; the Path of Initiation: its 3 Heads): it has only the gathering place left to walk to, and
    what lies near (the shaping) would hold it back, or make the next Hero's turn look better than its
    own last Steps."""
    n = s.t.c.futures[s.future].number
    return (n == 1 and holds_its_rings(s, h)) or (n == 4 and s.heads[h] == ALL_HEADS)


def holds_its_rings(s: TTState, h: int) -> bool:
    """The Nine Rings: Hero h holds the Rings the goal asks of each Hero (Rings are personal)."""
    return s.rings[h] >= s.t.c.futures[s.future].goal.per_hero


def gives_ring(effects: tuple[Effect, ...]) -> bool:
    return any((e.do == "gain" and e.what == "ring") or gives_ring(e.then) for e in effects)


_RING_CARDS: dict[int, frozenset[int]] = {}          # per Tables: the Future cards that give a Ring


def ring_chance(s: TTState, deck: str) -> float:
    """The chance that the next card of a Future deck gives a Ring: a known top card, else the share
    of such cards in the unordered pile (its cards are known: each card is used once, face up)."""
    ring_cards = _RING_CARDS.get(id(s.t))
    if ring_cards is None:
        ring_cards = _RING_CARDS[id(s.t)] = frozenset(
            i for i, c in enumerate(s.t.fcards) if gives_ring(c.effects) or gives_ring(c.reward))
    d = FUTURE_DECK + s.t.fdeck_index[deck]
    if s.top[d]:
        return 1.0 if s.top[d][0] in ring_cards else 0.0
    pile = s.deck[d] or s.bottom[d][:1]
    if not pile:
        return 0.0
    return sum(1 for c in pile if c in ring_cards) / len(pile)


WALKS_KEPT = 100_000                   # walk_to's and reach's memo is emptied when it grows past this


def walk_to(s: TTState, h: int, arrived: Callable[[int], bool], goal: tuple[Any, ...] | None = None) -> float:
    """0..1: 1 where Hero h stands on an `arrived` space, less a share for each Step to the nearest
    one (a walk around Trees, the cheapest first, a flipped tile's space counting 2); from 23 Steps
    away it is worth nothing, so the walk stops there.
    With `goal` (what `arrived` reads besides the Map) the answer is remembered per Map, goal and
    space: the Map's `geo` and `kinds` are replaced whenever a tile is laid, lifted, flipped or turned
    back, so they name the Map, and a search asks the same walk of many leaves."""
    here = s.pos[h]
    if here < 0:
        return 0.0
    if goal is None:
        return _walk(s, here, arrived)
    geo, kinds = s.geo, s.kinds
    memo = s.t.walks
    key = (goal, id(geo), id(kinds), here)
    found = memo.get(key)
    if found is not None and found[0] is geo and found[1] is kinds:
        walked: float = found[2]
        return walked
    value = _walk(s, here, arrived)
    if len(memo) >= WALKS_KEPT:
        memo.clear()
    memo[key] = (geo, kinds, value)         # the Map kept alive with its answer, so its id names it
    return value


def _walk(s: TTState, here: int, arrived: Callable[[int], bool]) -> float:
    if arrived(here):
        return 1.0
    cost = {here: 0}
    queue = [(0, here)]
    flipped = s.flipped
    while queue:
        c, space = heappop(queue)
        if c > cost[space]:
            continue
        if c >= FAR:
            break
        if arrived(space):
            return max(0.0, 0.9 - c / 25)
        for d in range(4):
            there = s.nb(space, d)
            if there < 0 or s.kind(there) == TREE:
                continue
            step = c + (2 if flipped[there >> 2] else 1)
            if step < cost.get(there, 99):
                cost[there] = step
                heappush(queue, (step, there))
    return 0.0


def closeness(s: TTState, target: int) -> float:
    """How close the Heroes stand to the space `target`, 0..1: 1 when all three are next to it (where
    they can attack it), less a share for each space further."""
    if target < 0:
        return 0.0
    tx, ty = s.xy(target)
    total = 0.0
    for h in range(3):
        if s.pos[h] < 0:
            continue
        x, y = s.xy(s.pos[h])
        total += max(0.0, 1.0 - (max(abs(x - tx), abs(y - ty)) - 1) / 8)
    return total / 3


def crown_setup_value(s: TTState) -> float:
    """The Crown of Evil's setup when no Battle 2 or 3 tile is surrounded: how close the best one is to
    having all 8 neighbours, counting the tile the team is about to move (it must not leave that one's
    neighbourhood, and it can fill one hole)."""
    top = s.stack[-1] if s.stack else None
    moving = top.tile if isinstance(top, CrownMove) else -1
    best = 0.0
    for c in s.placed:
        kinds = s.t.tile_kind[c]
        if (BATTLE2 not in kinds and BATTLE3 not in kinds) or c == moving:
            continue
        x, y = s.tile_x[c], s.tile_y[c]
        around = [s.cell_tile.get(key(x + dx, y + dy), -1) for dx, dy in NEIGHBOURS8]
        holes = around.count(-1)
        if moving >= 0 and moving in around:
            holes += 1                     # moving a neighbour away opens another hole
        value = 8 - max(0, holes - (1 if moving >= 0 or isinstance(top, CrownPay) else 0))
        best = max(best, value)
    return best


def turn_open(s: TTState, seat: int) -> bool:
    """Whether Hero `seat` may still move and act this turn: once the turn is ended, an Action not
    spent is lost, so what lies near is worth nothing more to it."""
    return any(type(frame) is Turn and frame.seat == seat for frame in s.stack)


def evaluate(state: State, seat: int) -> float:
    """The team's chance of winning, roughly (every seat gets the same number)."""
    assert isinstance(state, TTState)
    s = state
    if s.over:
        result = s.result()
        score = min(1.0, (result.team_score or 0.0) / 1500)
        return 0.98 + 0.02 * score if result.team_won else 0.02 * score
    power = sum(hero_power(s, h) for h in range(3) if s.hero[h] >= 0)
    shaping = 0.0
    cur = s.cur
    if cur >= 0 and s.phase in (PAST, FUTURE) and s.actions_left(cur) > 0 and turn_open(s, cur) \
            and not (s.phase == FUTURE and holds_its_share(s, cur)):
        shaping = 0.6 * nearest_value(s, cur, max(0, s.steps_left(cur)))
    if s.battle.kind:
        shaping += 1.5 * battle_now(s)
    if s.phase == FUTURE and s.future >= 0 and s.t.c.futures[s.future].number == 5:
        # the Crown of Evil's setup: tiles moved until a Battle 2 or 3 tile is surrounded
        shaping += 6.0 * (crown_setup_value(s) - 9.0) if s.figure < 0 else 0.0
    if s.phase == FUTURE and s.future >= 0:
        progress = future_progress(s)
        x = -2.2 + 4.5 * progress + (power - 150) / FUTURE_POWER + shaping / SHAPING
    else:
        turns = min(s.turn_no, 30)
        expected = 72 + 2.5 * turns         # about what a team holds after that many Past turns
        x = -0.6 + (power - expected) / PAST_POWER + shaping / SHAPING
    return 1.0 / (1.0 + math.exp(-x))


ROOT_BIAS = 3.0      # the Path of Initiation: how strongly the search starts from the one-step view


def root_bias(state: State) -> float:
    """How strongly the search's first step follows the one-step evaluation (agents/mcts.py): on the
    Path of Initiation the estimate's differences between Steps, ending a turn and the choices of a
    fight are a hundredth of a chance, far below the search's exploration, which then spread its visits
    almost evenly and played worse than greedy's one step (docs/rules/threetale.md)."""
    assert isinstance(state, TTState)
    s = state
    return ROOT_BIAS if s.phase == FUTURE and s.future >= 0 and s.t.c.futures[s.future].number in (3, 4) else 0.0


def evaluate_all(state: State) -> list[float]:
    """`evaluate` for every seat at once: the team shares one number, so it is worked out once (the
    search scores every leaf for every seat)."""
    value = evaluate(state, 0)
    return [value] * state.players


def rollout_action(state: State, rng: Rng) -> int:
    """A cheap policy: claim what you stand on, never escape a battle you can fight, roll and take
    results at once; otherwise at random."""
    assert isinstance(state, TTState)
    s = state
    legal = s.legal_actions()
    if len(legal) == 1:
        return legal[0]
    ids = s.t.ids
    for preferred in (ids.claim, ids.attack, ids.turn_die, ids.done):
        if preferred in legal and rng.random() < 0.8:
            return preferred
    choices = [a for a in legal if a != ids.escape and a != ids.block] or legal
    return choices[int(rng.random() * len(choices))]


__all__ = ["evaluate", "evaluate_all", "rollout_action"]
