"""The bots' heuristics: one estimate for the whole team, a legal rollout policy, greedy games that end."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from talewood.agents import bot_seed, make_agent
from talewood.engine import Rng
from talewood.games.threetale import heuristics
from talewood.games.threetale.state_fields import FUTURE, PAST
from talewood.games.threetale.tables import FUTURE_PIECE, LOVE, OFFERING, TREE

from .helpers import GAME, act, from_toml, scenario


def test_evaluate_is_the_same_for_every_seat_and_a_chance() -> None:
    s = GAME.new_game(3, 2)
    rng = Rng(2)
    for _ in range(150):
        each = [heuristics.evaluate(s, seat) for seat in range(3)]
        assert len(set(each)) == 1 and 0.0 <= each[0] <= 1.0
        assert heuristics.evaluate_all(s) == each      # what the search reads
        legal = s.legal_actions()
        s.apply(legal[rng.below(len(legal))])
        if s.is_over:
            break


def test_evaluate_rewards_strength_and_fears_death() -> None:
    s = from_toml("battle_example")
    base = heuristics.evaluate(s, 0)
    strong = s.clone()
    strong.set_virtue(0, LOVE, strong.v(0, LOVE) + 3)
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


def test_an_action_left_unspent_at_the_end_of_the_turn_is_worth_nothing() -> None:
    """Once a Hero ends the turn, an Action not spent is lost: what lies on its space no longer counts
    for it (while Endurance or Mercy still acts at the end of its turn), so ending the turn beside a
    token never looks better than claiming it."""
    found = 0
    for seed in range(1, 6):
        s = GAME.new_game(3, seed, {"future": "nine_rings"})
        rng = Rng(seed)
        ids = s.t.ids
        while not s.is_over and s.phase <= PAST:
            legal = s.legal_actions()
            if ids.claim in legal and ids.end_turn in legal:
                here = s.pos[s.cur]
                ended = s.clone()
                ended.apply(ids.end_turn)
                if ended.cur == s.cur:
                    taken = ended.clone()
                    taken.token[here] = -1
                    assert heuristics.evaluate(ended, 0) == heuristics.evaluate(taken, 0)
                    found += 1
            choices = [a for a in legal if a != ids.claim] or legal
            s.apply(choices[rng.below(len(choices))])
    assert found


def test_the_crown_of_evil_setup_prefers_placing_the_vicinator_to_paying_more_spirit() -> None:
    """While no Battle 2 or 3 tile is surrounded, every tile moved costs a Spirit (A-49a): a snap that
    surrounds one and sets the Vicinator up is worth more than any snap that leaves the setup going,
    though the Vicinator's Defense is not on the Map yet."""
    seed = 90007     # a game whose setup reaches a snap that surrounds a tile (a team without the Silver Deer)
    s = GAME.new_game(3, seed, {"future": "crown_of_evil", "heroes": GAME.teams_of_heroes[seed % 10]})
    agents = [make_agent("greedy", bot_seed(seed, seat, 0)) for seat in range(3)]
    while not s.is_over:
        top = s.stack[-1] if s.stack else None
        if s.phase == FUTURE and s.figure < 0 and type(top).__name__ == "CrownMove" and top.tile >= 0:
            placed, open_ = [], []
            for a in s.legal_actions():
                child = s.clone()
                child.apply(a)
                (placed if child.figure >= 0 else open_).append(heuristics.evaluate(child, 0))
            if placed:
                assert min(placed) > max(open_)
                return
        s.apply(agents[s.current_player].choose(s))  # type: ignore[index]
    raise AssertionError("no Crown of Evil setup move surrounded a tile")


def battle_position(love: int, card: str, hope: int = 2, speed: int = 3) -> Any:
    """The first Hero standing on the Battle 1 token of tile 01, its deck holding only `card`."""
    return scenario({"phase": "past", "tiles": [{"tile": "01", "x": 0, "y": 0, "rotation": 0}],
                     "heroes_at": ["01:NW", "", ""],
                     "boards": [{"love": love, "hope": hope, "speed": speed}],
                     "decks": {"battle1": [card]}, "turn": {"seat": 0, "start": "turn"}})


def test_a_hero_without_love_dice_cannot_win_a_fight() -> None:
    """With no Love the Hero rolls no dice: however weak the enemy, the fight is never won (a Hope
    turn needs a die to turn), so it is worth less than nothing."""
    s = battle_position(0, "B1-03", hope=3)
    assert heuristics.fight_outlook(s, 0, 4, 1, 3.0) < 0
    s.set_virtue(0, LOVE, 6)
    assert heuristics.fight_outlook(s, 0, 4, 1, 3.0) > 0


def test_greedy_does_not_start_a_battle_it_cannot_win() -> None:
    s = battle_position(0, "B1-03", hope=3)
    ids = s.t.ids
    assert ids.claim in s.legal_actions()
    agent = make_agent("greedy", 1)
    for _ in range(5):
        assert agent.choose(s) != ids.claim


def test_a_battle_is_valued_by_its_card_and_its_reward() -> None:
    """A Battle token is worth what the cards left in its deck are worth to this Hero: the Forest Imp
    (Speed 2, Defense 4, Strength 1) more than the Wild Boar (4, 7, 3); once drawn, the card's own
    reward counts (the same enemy giving a Level 1 Artifact beats it giving 1 Virtue)."""
    imp = battle_position(4, "B1-03")
    boar = battle_position(4, "B1-01")
    here = imp.pos[0]
    assert heuristics.token_value(imp, 0, imp.token[here]) > heuristics.token_value(boar, 0, boar.token[here])
    act(imp, "Claim a Battle 1 token")
    assert imp.battle.kind and imp.battle.card == imp.t.battles.index(next(b for b in imp.t.battles if b.id == "B1-03"))
    richer = imp.clone()
    richer.battle.card = next(i for i, b in enumerate(imp.t.battles) if b.id == "B1-07")
    assert heuristics.battle_now(richer) > heuristics.battle_now(imp)


def test_a_level_3_enemys_talent_costs_more_than_its_numbers() -> None:
    """Level 3 enemies have Talents (regained Defense, a die turned, a blow softened): the same Speed,
    Defense and Strength cost more Virtue against one of them than against an enemy without."""
    s = battle_position(6, "B1-01")
    act(s, "Claim a Battle 1 token")
    plain = s.clone()
    talented = s.clone()
    talented.battle.card = next(i for i, b in enumerate(s.t.battles) if b.id == "B3-07")
    assert s.t.battles[talented.battle.card].talent is not None and s.t.battles[plain.battle.card].talent is None
    cost_plain = heuristics.reward_value(s.t.battles[plain.battle.card].reward) - heuristics.battle_now(plain)
    cost_talented = heuristics.reward_value(s.t.battles[talented.battle.card].reward) - heuristics.battle_now(talented)
    assert cost_talented > cost_plain > 0


def test_a_hero_holding_its_rings_is_drawn_step_by_step_to_the_fountain() -> None:
    """The Nine Rings are won by gathering around the Fountain: once a Hero holds its 3 Rings, each
    Step nearer counts (not only the last one onto a space beside it), so one step of lookahead walks
    there."""
    s = future_begun("nine_rings")
    for h in range(3):
        s.rings[h] = 3
    mover = (s.cur + 1) % 3                 # not the Hero whose turn it is: no shaping for it
    fx, fy = s.xy(s.figure)
    spaces = [sp for t in s.placed if not s.flipped[t] for sp in range(4 * t, 4 * t + 4)
              if s.kind(sp) != TREE and sp not in s.pos and s.token[sp] < 0]
    far = {max(abs(s.xy(sp)[0] - fx), abs(s.xy(sp)[1] - fy)): sp for sp in spaces}
    values = []
    for d in (1, 3, 6):
        placed = s.clone()
        placed.pos[mover] = far[d]
        values.append(heuristics.evaluate(placed, 0))
    assert values[0] > values[1] > values[2]


def future_begun(future: str, seed: int = 4) -> Any:
    """A greedy team's game of `future`, as its Future begins (the figure placed)."""
    s = GAME.new_game(3, seed, {"future": future})
    agents = [make_agent("greedy", bot_seed(seed, seat, 0)) for seat in range(3)]
    while not (s.phase == FUTURE and s.figure >= 0):
        s.apply(agents[s.current_player].choose(s))  # type: ignore[index]
        assert not s.is_over
    return s


def piece_token(s: Any, piece: str) -> int:
    return next(t for t in s.token if t >= FUTURE_PIECE and s.t.pieces[t - FUTURE_PIECE].id == piece)


def test_a_hero_holding_its_rings_seeks_no_fourth() -> None:
    """Rings are personal (A-60): for a Hero holding its 3, a Beldame or a Heartless Ruler is worth
    less than for one who still needs a Ring."""
    s = future_begun("nine_rings")
    for piece in ("beldame", "heartless_ruler"):
        token = piece_token(s, piece)
        s.rings[0] = 2
        needed = heuristics.token_value(s, 0, token)
        s.rings[0] = 3
        assert heuristics.token_value(s, 0, token) < needed, piece


def test_a_nymph_is_worth_the_chance_that_its_card_gives_a_ring() -> None:
    """Four Nymph cards in six give a Ring, each used once: a Nymph is worth more while a Ring may come
    from it, most when the next card is known to give one (a Guiding Mist put it on top)."""
    s = future_begun("nine_rings")
    s.rings[0] = 0
    token = piece_token(s, "nymph")
    d = heuristics.FUTURE_DECK + s.t.fdeck_index["nymphs"]
    rings = [c for c in s.deck[d] if s.t.fcards[c].name == "Gift of the Spring"]
    others = [c for c in s.deck[d] if c not in rings]
    assert len(rings) == 4 and others
    s.top[d], s.deck[d] = [rings[0]], rings[1:] + others
    known_ring = heuristics.token_value(s, 0, token)
    s.top[d], s.deck[d] = [], rings + others
    some = heuristics.token_value(s, 0, token)
    s.top[d], s.deck[d] = [], others
    none = heuristics.token_value(s, 0, token)
    s.top[d], s.deck[d] = [others[0]], rings + others[1:]
    known_other = heuristics.token_value(s, 0, token)
    assert known_ring > some > none == known_other


def test_a_hero_holding_its_rings_walks_on_rather_than_ending_its_turn() -> None:
    """What lies near a Hero (the shaping) would hold a Hero who holds its Rings back from the
    Fountain, or make the next Hero's turn look better than its own last Steps: for it only the walk
    counts, so a Step toward the Fountain beats ending the turn."""
    begun = future_begun("nine_rings")
    fx, fy = begun.xy(begun.figure)

    def away(sp: int) -> int:
        return max(abs(begun.xy(sp)[0] - fx), abs(begun.xy(sp)[1] - fy))

    def next_hero(s: Any, h: int) -> int:
        """The Hero whose turn comes at once if Hero h ends its turn now (-1: none at once)."""
        if h < 0:
            return -1
        labels = {s.describe(a): a for a in s.legal_actions()}
        if "End your turn" not in labels or not any(label.startswith("Step") for label in labels):
            return -1
        after = s.clone()
        after.apply(labels["End your turn"])
        return after.cur if after.cur != h and after.actions_left(after.cur) > 0 else -1

    def wandered(seed: int) -> Any:
        """The Hero whose turn it is, away from the Fountain, free to step or end (None: not met)."""
        s = begun.clone()
        wander = make_agent("random", seed)
        while not s.is_over:
            for x in range(3):
                s.rings[x] = 3
            if s.cur >= 0 and away(s.pos[s.cur]) > 2 and next_hero(s, s.cur) >= 0:
                return s
            s.apply(wander.choose(s))
        return None

    s = next((found for seed in range(1, 9) if (found := wandered(seed)) is not None), None)
    assert s is not None, "no turn with Steps left away from the Fountain"
    h = s.cur
    nxt = next_hero(s, h)
    s.token[s.pos[nxt]] = OFFERING          # something to take where the next Hero stands
    values = {}
    for a in s.legal_actions():
        child = s.clone()
        child.apply(a)
        values[s.describe(a)] = (heuristics.evaluate(child, 0), away(child.pos[h]))
    nearer = max(v for label, (v, d) in values.items() if label.startswith("Step") and d < away(s.pos[h]))
    assert nearer > values["End your turn"][0]


def reflector_token(s: Any, level: int) -> int:
    return piece_token(s, f"reflector_{level}")


def test_a_reflector_whose_head_is_won_is_not_sought_again() -> None:
    """A second Reflector of Darkness of a level gives no second Head: for a Hero holding that Head
    the token is worth less than for one who still needs it."""
    s = future_begun("path_of_initiation")
    token = reflector_token(s, 1)
    s.heads[0] = 0
    needed = heuristics.token_value(s, 0, token)
    s.heads[0] = 1
    assert heuristics.token_value(s, 0, token) < needed


def test_in_the_future_a_needed_head_is_worth_the_virtues_it_costs() -> None:
    """In the Future the team's power weighs a third of what it weighs in the Past against the goal: a
    strong Hero who needs its Level 3 Head seeks its reflection, though the fight costs Virtues."""
    s = future_begun("path_of_initiation")
    token = reflector_token(s, 3)
    s.heads[0] = 3
    s.set_virtues(0, [13, 10, 10, 10, 10, 10])            # Love 13, every other Virtue 10
    assert heuristics.token_value(s, 0, token) > 0


def test_a_hero_lacking_a_head_is_drawn_step_by_step_to_a_reflector_of_its_level() -> None:
    """A Hero with no Reflector it needs within this turn's Steps would see nothing to walk toward and
    end its turns where it stands: each Step nearer a Reflector of a level whose Head it lacks counts
    (a Head it holds draws it nowhere)."""
    s = future_begun("path_of_initiation")
    mover = (s.cur + 1) % 3                 # not the Hero whose turn it is: no shaping for it
    s.heads[mover] = 0b011                  # it lacks only its Level 3 Head
    targets = [sp for sp, t in enumerate(s.token) if t == reflector_token(s, 3) and not s.flipped[sp >> 2]]
    spaces = [sp for t in s.placed if not s.flipped[t] for sp in range(4 * t, 4 * t + 4)
              if s.kind(sp) != TREE and sp not in s.pos and s.token[sp] < 0]

    def steps(sp: int) -> int:     # the nearest Level 3 Reflector, counted as the walk counts (no Trees)
        return min(abs(s.xy(sp)[0] - s.xy(t)[0]) + abs(s.xy(sp)[1] - s.xy(t)[1]) for t in targets)

    by_steps = {steps(sp): sp for sp in spaces}
    values = []
    for d in sorted(by_steps)[:3]:
        placed = s.clone()
        placed.pos[mover] = by_steps[d]
        values.append(heuristics.evaluate(placed, 0))
    assert values[0] > values[1] > values[2]
    assert heuristics.reflector_near(s, mover) > 0
    s.heads[mover] = 0b111                  # holding every Head: no Reflector draws it
    assert heuristics.reflector_near(s, mover) == 0.0


def test_a_hero_holding_its_three_heads_sees_only_the_throne() -> None:
    """The Path of Initiation, as the Nine Rings: once the Hero whose turn it is holds a Head of each
    level, what lies within its Steps no longer counts (only its walk to the Throne does), or it would
    spend its last turns on tokens, or end them where the next Hero's turn looks better, while the
    clock runs out with every Head won."""
    s = future_begun("path_of_initiation")
    h = s.cur
    s.token[:] = [-1] * len(s.token)        # nothing else within its Steps
    free = [sp for sp in range(len(s.token)) if s.token[sp] < 0 and not s.flipped[sp >> 2] and sp not in s.pos
            and s.kind(sp) != TREE]
    near = min(free, key=lambda sp: abs(s.xy(sp)[0] - s.xy(s.pos[h])[0]) + abs(s.xy(sp)[1] - s.xy(s.pos[h])[1]))
    for heads, moved in ((0b011, True), (heuristics.ALL_HEADS, False)):
        s.heads[h] = heads
        before = heuristics.evaluate(s, 0)
        offered = s.clone()
        offered.token[near] = OFFERING       # an Offering beside it
        assert (heuristics.evaluate(offered, 0) != before) == moved, heads


@pytest.mark.parametrize("future", ["nine_rings", "information_flood", "parallel_land", "path_of_initiation",
                                    "crown_of_evil"])
def test_the_search_starts_from_the_one_step_view_on_the_path_and_the_parallel_land(future: str) -> None:
    """The Path of Initiation's and the Parallel Land's estimates tell a Step from ending the turn by a
    hundredth of a chance: there the search is biased toward the one-step view (agents/mcts.py), elsewhere
    and in the Past not."""
    s = future_begun(future)
    assert (heuristics.root_bias(s) > 0) == (future in ("path_of_initiation", "parallel_land"))
    assert heuristics.root_bias(GAME.new_game(3, 4, {"future": future})) == 0.0


def evaluate_every_leaf(s: Any) -> None:
    """Evaluate every position one action on, as a search would (filling the heuristics' memos)."""
    for a in s.legal_actions():
        child = s.clone()
        child.apply(a)
        heuristics.evaluate(child, 0)


def remembered_and_fresh(s: Any, memo: str, ask: Callable[[], Any]) -> tuple[Any, Any]:
    """What `ask` answers with the Tables' memo `memo` as it is, and with it emptied (then restored)."""
    remembered = ask()
    kept = getattr(s.t, memo)
    setattr(s.t, memo, {})
    fresh = ask()
    setattr(s.t, memo, kept)
    return remembered, fresh


@pytest.mark.parametrize("future", ["nine_rings", "information_flood", "path_of_initiation", "crown_of_evil"])
def test_a_remembered_walk_is_the_walk(future: str) -> None:
    """walk_to and reach remember their answers per Map, goal and space (a search asks the same of many
    leaves): at every step of a Future, with every leaf one action on already evaluated, each Hero's
    remembered walks (to the gathering place, to a Reflector it needs, to the best token near) equal
    walks worked out afresh."""
    s = future_begun(future)
    rng = Rng(11)
    compared = 0
    for _ in range(120):
        if s.is_over:
            break
        evaluate_every_leaf(s)
        for h in range(3):
            remembered, fresh = remembered_and_fresh(s, "walks", lambda h=h: (
                heuristics.gathered(s, h, s.figure), heuristics.gathered(s, h, s.figure, throne=True),
                heuristics.reflector_near(s, h), heuristics.nearest_value(s, h, 3), heuristics.nearest_value(s, h, 7)))
            assert remembered == fresh
            compared += 1
        legal = s.legal_actions()
        s.apply(legal[rng.below(len(legal))])
    assert compared >= 60


def test_a_remembered_battle_outlook_is_the_outlook() -> None:
    """battle_token_value remembers its answer per fighter and cards: at every step of the Past, with
    every leaf one action on already evaluated, each Hero's outlook on each level's Battle token equals
    one worked out afresh."""
    s = GAME.new_game(3, 21)
    rng = Rng(21)
    compared = 0
    while s.phase != FUTURE and not s.is_over:
        evaluate_every_leaf(s)
        for h in range(3 if s.phase == PAST else 0):
            remembered, fresh = remembered_and_fresh(
                s, "outlooks", lambda h=h: [heuristics.battle_token_value(s, h, level) for level in (1, 2, 3)])
            assert remembered == fresh
            compared += 1
        legal = s.legal_actions()
        s.apply(legal[rng.below(len(legal))])
    assert compared >= 300


def test_a_seed_is_worth_more_planted_than_kept() -> None:
    """The Parallel Land: a Seed keeps every later Parallel Virtue off its tile only once it is planted, so
    after claiming a Parallel Virtue, planting the Seed on its space must look better than keeping it (a
    kept Seed looked better before: the bots never planted one)."""
    s = future_begun("parallel_land")
    space = next(sp for t in s.placed for sp in range(4 * t, 4 * t + 4) if s.token[sp] < 0 and sp not in s.pos)
    kept = s.clone()
    kept.token[space] = -1
    kept.seeds[0] = 1
    planted = s.clone()
    planted.token[space] = next(FUTURE_PIECE + i for i, p in enumerate(s.t.pieces) if p.id == "seed")
    assert heuristics.evaluate(planted, 0) > heuristics.evaluate(kept, 0)


@pytest.mark.parametrize(("love", "escapes"), [(1, True), (8, False)])
def test_greedy_escapes_a_blow_of_a_fight_it_cannot_win_and_takes_one_of_a_fight_it_can(love: int,
                                                                                        escapes: bool) -> None:
    """The escape is offered while a blow is taken (L211, L307): it costs the same Spirit as a block but
    ends the battle. With Love 1 against the Wild Boar (Defense 7) the fight is lost however long it
    lasts, so the one-step view leaves it; with Love 8 it spreads the 3 points and fights on."""
    s = scenario({"phase": "past", "tiles": [{"tile": "01"}], "heroes_at": ["01:SW", "", ""],
                  "boards": [{"love": love, "hope": 0, "speed": 1}], "dice": "explicit",
                  "turn": {"seat": 0, "start": "battle", "card": "B1-01"}})
    act(s, "Face the enemy's round of attack")
    s.apply(3)                                         # the Boar's 3 dice: 3 positive
    assert s.t.ids.escape in s.legal_actions()
    assert (make_agent("greedy", 1).choose(s) == s.t.ids.escape) is escapes


def parallel_land_round(options: dict[str, Any] | None = None) -> Any:
    """A greedy team's Parallel Land at the first Hero's first decision (after the Tree's turn)."""
    s = GAME.new_game(3, 4, {"future": "parallel_land", **(options or {})})
    agents = [make_agent("greedy", bot_seed(4, seat, 0)) for seat in range(3)]
    while not (s.phase == FUTURE and s.round_no == 1 and type(s.stack[-1]).__name__ == "HeroFlip"):
        s.apply(agents[s.current_player].choose(s))  # type: ignore[index]
    return s


def test_the_parallel_land_full_of_parallel_virtues_reads_better_than_a_lost_game() -> None:
    """Where the Tree fills every empty tile (L436) all 30 Parallel Virtues stand on the Map after its first
    turn: that position must read above any lost game (else the search would rather lose), and each one
    claimed must read better."""
    s = parallel_land_round()
    pvs = [sp for sp in range(len(s.token)) if s.token[sp] >= FUTURE_PIECE
           and s.t.pieces[s.token[sp] - FUTURE_PIECE].id == "parallel_virtue"]
    assert len(pvs) == 30 and s.pv_left == 0
    lost = s.clone()
    lost.lose_spirit(0, 3)
    assert lost.over and heuristics.evaluate(s, 0) > 0.1 > heuristics.evaluate(lost, 0)
    claimed = s.clone()
    claimed.token[pvs[0]] = -1
    assert heuristics.evaluate(claimed, 0) > heuristics.evaluate(s, 0)


@pytest.mark.parametrize("options", [{}, {"empty_tiles": "flipped"}])
def test_a_hero_on_a_tile_the_last_flips_must_take_reads_worse(options: dict[str, Any]) -> None:
    """A flip onto a Hero's tile loses the Parallel Land (L436): once the tiles the coming flips may take are
    fewer than the flips, a Hero standing on one of them reads worse than one on a flipped tile."""
    s = parallel_land_round(options)
    region = heuristics.flip_region_candidates(s)
    for t in s.placed:                            # flip all but the Tree's tile and six others
        if t != s.tree_tile and t not in region[:3] and sum(not x for x in s.flipped) > 7:
            s.flipped[t] = True
    s.invalidate()
    takes = set(heuristics.flip_region_candidates(s)) | set(heuristics.tree_flip_candidates(s))
    on_one = s.clone()
    on_one.pos[0] = 4 * min(takes)
    safe = s.clone()
    safe.pos[0] = 4 * next(t for t in s.placed if s.flipped[t] and all(p >> 2 != t for p in s.pos[1:]))
    for c in (on_one, safe):
        c.pos[1] = c.pos[2] = 4 * s.tree_tile + (1 if s.figure != 4 * s.tree_tile + 1 else 2)
    assert heuristics.flip_danger(on_one) > 0 == heuristics.flip_danger(safe)
    assert heuristics.evaluate(on_one, 0) < heuristics.evaluate(safe, 0)
