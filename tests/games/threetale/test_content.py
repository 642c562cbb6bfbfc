"""ThreeTale content: it loads, every count, every item the rulebook names, the knobs, and refusals."""

from __future__ import annotations

import re
import shutil
from collections.abc import Sequence
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from talewood.engine import ContentError
from talewood.games.threetale.components.box import Content
from talewood.games.threetale.components.futures import Future
from talewood.games.threetale.components.symbols import QUEST_GOALS, SLOTS, VIRTUES, portal_name
from talewood.games.threetale.components.vocabulary import VOCABULARY, Effect, check_vocabulary
from talewood.games.threetale.content import load_content

C = load_content()
DOC = Path(__file__).resolve().parents[3] / "docs" / "rules" / "threetale.md"


def future(future_id: str) -> Future:
    return C.future(future_id)


def by_name(items: Sequence[Any], name: str) -> Any:
    found = [x for x in items if x.name == name]
    assert len(found) == 1, f"{name!r}: {len(found)} found"
    return found[0]


# -- loading and counts ----------------------------------------------------------------------------

@pytest.mark.parametrize("difficulty", ["easier", "normal", "harder"])
def test_the_content_loads_at_every_difficulty(difficulty: str) -> None:
    content = load_content(difficulty=difficulty)
    assert isinstance(content, Content) and content.difficulty == difficulty
    assert len(content.futures) == 5


def test_the_rulebook_component_counts() -> None:
    assert len(C.heroes) == 5
    assert len(C.tiles) == 30
    assert sum(t.count for t in C.tokens if t.kind == "token") == 70
    assert sum(t.count for t in C.tokens if t.kind == "cube") == 110
    assert C.die.count == 15
    assert len(C.artifacts) == 36 and [len(C.artifacts_of(lv)) for lv in (1, 2, 3)] == [12, 12, 12]
    assert len(C.bonus) == 20
    assert len(C.battles) == 30 and [len(C.battles_of(lv)) for lv in (1, 2, 3)] == [10, 10, 10]
    assert len(C.quests) == 10
    assert len(C.board.guides) == 3
    assert len(C.treasures) == 30 and [len(C.treasures_of(lv)) for lv in (1, 2, 3)] == [10, 10, 10]
    assert len([p for p in C.prophecies if not p.tutorial]) == 5
    assert len([p for p in C.prophecies if p.tutorial]) == 1
    assert len(C.futures) == 5


def test_every_hero_has_six_talents_two_a_level() -> None:
    for hero in C.heroes:
        assert len(hero.talents) == 6
        assert sorted(t.level for t in hero.talents) == [1, 1, 2, 2, 3, 3]
        assert all(t.hero == hero.id for t in hero.talents)
    ids = [t.id for h in C.heroes for t in h.talents]
    assert len(set(ids)) == 30


# the designed start values (threetale-brief.md §5.1, Endurance and Mercy raised to 3 on four Heroes
# so that the Past grows the team: docs/rules/threetale.md, "The tuning knobs"), copied here so a change
# to them is a deliberate one
HERO_START = {
    # name: (Love, Hope, Faith, Endeavor, Endurance, Mercy, Speed)
    "The Silver Deer": (3, 2, 3, 2, 1, 1, 4),
    "The Queen of Living Water": (2, 2, 3, 1, 3, 4, 3),
    "The Youngest Son": (4, 3, 2, 2, 3, 3, 2),
    "The Unborn Maiden": (3, 4, 2, 2, 3, 3, 3),
    "Sun and Moon": (4, 1, 3, 3, 3, 3, 2),
}


def test_hero_start_values() -> None:
    assert {h.name: (*h.virtues, h.speed) for h in C.heroes} == HERO_START
    for h in C.heroes:
        assert h.spirit == 3 and h.shevitsa == 0
        # every Hero is worth 20 to 23 points at the start (Virtues + 2 x Speed)
        assert 20 <= sum(h.virtues) + 2 * h.speed <= 23
        # one to four Virtues of the 3-6 band besides Love
        assert 1 <= sum(C.board.tier(v) for v in h.virtues[1:]) <= 4


# the tile mix (designed, threetale-brief.md §5.2)
TILE_MIX = {"white": 20, "red": 16, "black": 8, "battle1": 8, "battle2": 6, "battle3": 5, "treasure1": 6,
            "treasure2": 5, "treasure3": 4, "quest": 6, "altar": 3, "portal": 4, "tree": 14, "empty": 15}


def test_the_tile_mix() -> None:
    counts = {kind: sum(t.count(kind) for t in C.tiles) for kind in TILE_MIX}
    assert counts == TILE_MIX
    assert sum(counts.values()) == 120
    for t in C.tiles:
        assert t.count("tree") <= 1 and not (t.count("tree") and t.count("altar"))
    assert len({t.count("battle1") for t in C.tiles if t.count("battle1")}) == 1   # on distinct tiles
    assert sum(t.count("battle2") + t.count("battle3") > 0 for t in C.tiles) == 11


def test_the_tile_geometry() -> None:
    g = C.geometry
    assert g.spaces == ("NW", "NE", "SE", "SW") and g.rotations == 4
    assert g.edges == {"N": ("NW", "NE"), "E": ("NE", "SE"), "S": ("SE", "SW"), "W": ("SW", "NW")}
    assert g.flipped == ("dark",) * 4


TOKENS = {
    # id: (count, slot)
    "battle1": (8, "battle1"), "battle2": (6, "battle2"), "battle3": (5, "battle3"),
    "treasure1": (6, "treasure1"), "treasure2": (5, "treasure2"), "treasure3": (4, "treasure3"),
    "quest": (6, "quest"), "offering": (3, "altar"), "sacred_stone": (6, ""), "damage": (21, ""),
}
CUBES = {"white_stone": (50, "white"), "red_stone": (25, "red"), "black_stone": (20, "black"),
         "spirit_marker": (15, "blue")}


def test_the_token_and_cube_split() -> None:
    assert {t.id: (t.count, t.slot) for t in C.tokens if t.kind == "token"} == TOKENS
    assert {t.id: (t.count, t.colour) for t in C.tokens if t.kind == "cube"} == CUBES


def test_the_artifact_structure_of_each_level() -> None:
    for level in (1, 2, 3):
        arts = C.artifacts_of(level)
        assert [sum(a.slot == s for a in arts) for s in ("head", "hands", "feet")] == [4, 4, 4]
        assert [sum(a.usage == u for a in arts) for u in ("passive", "activation", "one_time")] == [5, 4, 3]
        # every usage appears in every slot
        assert all(any(a.usage == u and a.slot == s for a in arts)
                   for u in ("passive", "activation", "one_time") for s in ("head", "hands", "feet"))
        assert all((a.activation > 0) == (a.usage == "activation") for a in arts)


def test_the_bonus_decks() -> None:
    hero, enemy = C.bonus_deck("hero"), C.bonus_deck("enemy")
    assert len(hero) == 10 and len(enemy) == 10
    # the rulebook's Hero Bonus effects: Speed, Love, Actions, dice turning, or nothing
    stats = {e.stat for b in hero for o in b.options for e in o if e.do == "this_turn"}
    assert stats == {"speed", "love", "actions", "turns"}
    assert any(o == (Effect("nothing"),) for b in hero for o in b.options)
    assert any(len(b.options) == 2 for b in hero)             # "use one of the effects shown"
    assert all(len(b.options) == 1 for b in enemy)            # an enemy never chooses
    assert any(b.options == ((Effect("nothing"),),) for b in enemy)


FUTURE_DECKS = {
    "nine_rings": {"nymphs": 6, "beldames": 8, "heartless_rulers": 11},
    "information_flood": {"cartographers": 6, "translators": 6, "hypnotists": 5},
    "parallel_land": {"foresters": 6, "charmers": 6, "storm_whisperers": 5},
    "path_of_initiation": {"reflectors_1": 8, "reflectors_2": 6, "reflectors_3": 5, "crystals": 3},
    "crown_of_evil": {"tentacles": 10, "elixirs_1": 6, "elixirs_2": 4, "elixirs_3": 5},
}


def test_the_future_deck_sizes() -> None:
    for fid, decks in FUTURE_DECKS.items():
        f = future(fid)
        assert {d.id: len(f.deck_cards(d.id)) for d in f.decks} == decks


def test_the_reflector_decks_mix_darkness_and_light() -> None:
    f = future("path_of_initiation")
    mix = {d: (sum(c.kind == "hostile" for c in f.deck_cards(d)), sum(c.kind == "conditional" for c in f.deck_cards(d)))
           for d in ("reflectors_1", "reflectors_2", "reflectors_3")}
    assert mix == {"reflectors_1": (6, 2), "reflectors_2": (4, 2), "reflectors_3": (4, 1)}   # every deck keeps a Light


# -- what the rulebook names, with the rulebook's values --------------------------------------------

RULEBOOK_HEROES = ["The Silver Deer", "The Queen of Living Water", "The Youngest Son", "The Unborn Maiden",
                   "Sun and Moon"]


def test_the_rulebook_heroes() -> None:
    assert [h.name for h in C.heroes] == RULEBOOK_HEROES
    for h in C.heroes:
        assert h.spirit == 3                                    # "Every Hero starts with full Spirit - 3 points"
        assert all(0 <= v <= 13 for v in h.virtues)


def test_the_youngest_son_starts_with_2_speed_and_1_action() -> None:
    son = by_name(C.heroes, "The Youngest Son")
    assert son.speed == 2
    assert C.board.actions + C.board.tier(son.virtue("endeavor")) == 1
    assert C.board.tier(son.virtue("faith")) == 0               # no Bonus card adds an Action on turn 1


def test_the_hero_board_and_the_tier_table() -> None:
    b = C.board
    assert (b.virtue_min, b.virtue_max, b.spirit, b.actions) == (0, 13, 3, 1)
    assert b.talent_costs == (2, 4, 6)
    assert b.artifact_slots == ("head", "hands", "feet")
    assert [b.tier(v) for v in (0, 2, 3, 6, 7, 10, 11, 13)] == [0, 0, 1, 1, 2, 2, 3, 3]


ALTAR = {
    # Sacrifice: (paid, gained)
    "altar-shevitsa": (("shevitsa", 1, 0), ("virtue_points", 1, 0)),
    "altar-artifact-1": (("artifacts", 1, 1), ("shevitsa", 2, 0)),
    "altar-artifact-2": (("artifacts", 1, 2), ("shevitsa", 3, 0)),
    "altar-artifact-3": (("artifacts", 1, 3), ("shevitsa", 4, 0)),
    "altar-upgrade-1": (("artifacts", 2, 1), ("artifact", 1, 2)),
    "altar-upgrade-2": (("artifacts", 2, 2), ("artifact", 1, 3)),
    "altar-sacred-stone": (("artifacts", 2, 3), ("sacred_stone", 1, 0)),
}


def test_the_altar_sacrifices() -> None:
    got = {}
    for x in C.board.altar:
        pay, gain = x.effects
        assert (pay.do, gain.do) == ("pay", "gain")
        got[x.id] = ((pay.what, pay.n, pay.level), (gain.what, gain.n, gain.level))
    assert got == ALTAR


def test_the_treasure_table_and_scoring() -> None:
    assert C.board.treasure_dice == 3
    assert C.board.treasure_table == {1: ("meager", "small", "medium"), 2: ("nothing", "medium", "substantial"),
                                      3: ("lose", "nothing", "huge")}
    s = C.board.scoring
    assert (s.virtue, s.speed, s.shevitsa, s.artifact, s.sacred_stone, s.spirit, s.remaining_turn) == \
        (1, 2, 2, (3, 6, 12), 30, 15, 10)


def test_the_treasure_cards_follow_the_table() -> None:
    for t in C.treasures:
        if t.level == 1:
            assert not any(e.do == "lose" for e in (*t.on_0, *t.on_1_2, *t.on_3))
        if t.level == 2:
            assert t.on_0 == (Effect("nothing"),)
        if t.level == 3:
            assert t.on_1_2 == (Effect("nothing"),) and all(e.do == "lose" for e in t.on_0)
        assert t.outcome(0) is t.on_0 and t.outcome(1) is t.on_1_2 and t.outcome(2) is t.on_1_2
        assert t.outcome(3) is t.on_3


def test_the_dice() -> None:
    assert len(C.die.faces) == 6
    assert sum(f.positive for f in C.die.faces) == 3 and sum(f.shows == "blank" for f in C.die.faces) == 3
    assert C.die.positive_chance == 0.5


def test_the_forest_axe() -> None:
    axe = by_name(C.artifacts, "Forest Axe")
    assert axe.usage == "activation" and axe.activation == 1 and axe.source == "rulebook"
    (effect,) = axe.effects
    assert effect.do == "attack_damage" and effect.n == 2
    # the rulebook's example: 5 positive dice, 1 spent on the Axe: 2 + 4 = 6 damage
    assert effect.n + (5 - axe.activation) == 6


def test_the_battle_example_enemy_is_a_level_1_card() -> None:
    boar = by_name(C.battles, "Wild Boar")
    assert (boar.level, boar.speed, boar.defense, boar.strength, boar.bonus, boar.talent) == (1, 4, 7, 3, 0, None)
    assert boar.defense == max(b.defense for b in C.battles_of(1))    # the strongest Level 1 card


def test_level_2_enemies_draw_bonus_cards_and_level_3_enemies_have_talents() -> None:
    assert all(b.bonus >= 1 for b in C.battles_of(2))
    assert all(b.talent is not None for b in C.battles_of(3))


def test_the_rulebook_quest() -> None:
    q = by_name(C.quests, "Trial of Arms")
    assert (q.goal, q.n, q.source) == ("win_battles", 5, "rulebook")
    assert [(e.do, e.what) for e in q.reward] == [("gain", "artifact")]


def test_the_fig1_and_map_example_tiles() -> None:
    fig1 = next(t for t in C.tiles if t.id == "01")
    assert sorted(s for s in fig1.spaces if s != "empty") == ["battle1", "treasure3", "white"]
    example = next(t for t in C.tiles if t.id == "02")
    assert {"white", "red", "treasure2"} <= set(example.spaces)


def test_the_map_objects() -> None:
    claims = {t.id: [(e.do, e.what or e.deck, e.n) for e in t.claim] for t in C.tokens}
    assert claims["white_stone"] == [("gain", "virtue_points", 1)]
    assert claims["red_stone"] == [("gain", "shevitsa", 1)]
    assert claims["black_stone"] == [("gain", "speed", 1)]
    for kind in ("battle1", "battle2", "battle3", "treasure1", "treasure2", "treasure3", "quest"):
        assert claims[kind] == [("draw", kind, 0)]
    assert claims["offering"] == [("offering", "", 0)]
    assert {f.name for f in C.features} == {"Trees", "Portal", "Altar"}


RULEBOOK_FUTURES = {
    # id: (number, name, reward)
    "nine_rings": (1, "The Nine Rings of Creation", 150),
    "information_flood": (2, "The Information Flood", 100),
    "parallel_land": (3, "The Parallel Land", 300),
    "path_of_initiation": (4, "The Path of Initiation", 250),
    "crown_of_evil": (5, "The Crown of Evil", 250),
}
SACRED_STONE = {
    # id: {use: (damage, what it hits)}
    "nine_rings": {"strike": (15, ("heartless_rulers",))},
    "information_flood": {"strike": (20, ("hypnotists",)), "prevent_removal": (1, ())},
    "parallel_land": {"strike": (10, ("storm_whisperers", "charmers")), "spare_hero": (1, ())},
    "path_of_initiation": {"strike": (10, ("reflectors_1", "reflectors_2", "reflectors_3"))},
    "crown_of_evil": {"strike": (10, ("vicinator",))},
}
REPLACEMENTS = {
    # id: {slot: the piece that replaces its token}
    "nine_rings": {"quest": "Nymph", "battle1": "Beldame", "battle2": "Heartless Ruler", "battle3": "Heartless Ruler"},
    "information_flood": {"quest": "Cartographer", "battle2": "Translator", "battle3": "Hypnotist",
                          "white": "White Stone (Word of Wisdom)"},
    "parallel_land": {"quest": "Forester", "treasure3": "Incubator", "battle2": "Charmer",
                      "battle3": "Storm Whisperer"},
    "path_of_initiation": {"treasure3": "Crystal", "battle1": "Reflector 1", "battle2": "Reflector 2",
                           "battle3": "Reflector 3"},
    # the rulebook's own mapping: Elixir 2 on Treasure 3, Elixir 3 on Treasure 2
    "crown_of_evil": {"treasure1": "Elixir 1", "treasure3": "Elixir 2", "treasure2": "Elixir 3"},
}
FIGURES = {
    "nine_rings": ("Fountain", "altar", 0),
    "information_flood": ("Ark of Truth", "altar", 0),
    "parallel_land": ("The Tree", "battle1_tile", 2),
    "path_of_initiation": ("Throne", "treasure3", 0),
    "crown_of_evil": ("The Vicinator", "battle2_or_3", 8),
}
DECK_NAMES = {
    "nine_rings": {"Heartless Rulers", "Beldames", "Nymphs"},
    "information_flood": {"Hypnotists", "Cartographers", "Translators"},
    "parallel_land": {"Storm Whisperers", "Charmers", "Foresters"},
    "path_of_initiation": {"Reflectors 1", "Reflectors 2", "Reflectors 3", "Crystals"},
    "crown_of_evil": {"Elixirs 1", "Elixirs 2", "Elixirs 3", "Tentacles"},
}


@pytest.mark.parametrize("fid", list(RULEBOOK_FUTURES))
def test_each_future_as_the_future_book_describes_it(fid: str) -> None:
    f = future(fid)
    assert (f.number, f.name, f.reward) == RULEBOOK_FUTURES[fid]
    assert {u.use: (u.n, u.against) for u in f.sacred_stone} == SACRED_STONE[fid]
    assert {slot: p.name for p in f.pieces for slot in p.replaces} == REPLACEMENTS[fid]
    (figure,) = [p for p in f.pieces if p.kind == "figure"]
    assert (figure.name, figure.place, figure.neighbours) == FIGURES[fid]
    assert {d.name for d in f.decks} == DECK_NAMES[fid]
    assert f.source == "rulebook"
    for p in f.pieces:                            # each token's deck holds a card for every token
        for e in p.claim:
            if e.do == "draw":
                assert len(f.deck_cards(e.deck)) >= p.count


def test_the_nine_rings() -> None:
    f = future("nine_rings")
    assert (f.goal.kind, f.goal.token, f.goal.per_hero, f.goal.at, f.goal.around) == \
        ("gather", "ring", 3, "fountain", "spaces")
    assert (f.clock.kind, f.clock.when, f.clock.lose_at) == ("flips", "end_of_round", 7)
    assert f.enemy_turn is None
    assert {c.kind for c in f.deck_cards("heartless_rulers")} == {"hostile"}
    assert {c.kind for c in f.deck_cards("beldames")} == {"conditional"}
    assert {c.kind for c in f.deck_cards("nymphs")} == {"aiding"}
    # "you will receive their gift only if you have a Virtue at 13"
    assert any(e.test == "any_virtue_max" for c in f.deck_cards("beldames") for e in c.effects)
    assert f.piece("ring").supply == "ring"


def test_the_information_flood() -> None:
    f = future("information_flood")
    assert (f.goal.token, f.goal.team, f.goal.at, f.goal.around) == ("wow", 42, "ark_of_truth", "spaces")
    c = f.clock
    assert (c.kind, c.when, c.extra_on, c.border_order, c.lose_at_tiles) == \
        ("removals", "before_hero_turn", "blank", (1, 2), 4)
    stone = f.piece("wisdom_stone")
    assert stone.replaces == ("white",) and stone.claim == (Effect("gain", what="wow", n=1, who="self"),)
    assert sorted(p.value for p in f.pieces if p.supply == "wow") == [1, 2, 5, 10]
    assert f.piece("ark_card").name == "Ark of Truth card"
    translators = f.deck_cards("translators")
    assert {c.kind for c in translators} == {"conditional", "hostile"}     # a Mixed deck


def test_the_parallel_land() -> None:
    f = future("parallel_land")
    assert f.goal.kind == "survive"
    assert (f.clock.kind, f.clock.hero_flips, f.clock.win_at_unturned) == ("unturned", 1, 3)
    assert f.enemy_turn is not None
    assert (f.enemy_turn.kind, f.enemy_turn.first, f.enemy_turn.flips, f.enemy_turn.damage_per_pv) == \
        ("tree", True, 2, 2)
    pv = f.piece("parallel_virtue")
    assert (pv.count, pv.colour) == (30, "white")
    (roll,) = f.piece("incubator").claim
    assert (roll.do, roll.n, roll.need) == ("roll", 3, 3)
    assert roll.then == (Effect("gain", what="seed", n=1, who="self"),)
    assert f.piece("seed").supply == "seed"
    assert f.piece("tree").object == "hostile"


def test_the_path_of_initiation() -> None:
    f = future("path_of_initiation")
    g = f.goal
    assert (g.token, g.per_hero, g.one_per_level, g.at, g.around) == ("head", 3, True, "throne", "tiles")
    assert (f.clock.kind, f.clock.lose_at) == ("flips", 7)
    for level in (1, 2, 3):
        assert f.piece(f"head_{level}").count == 3
        for card in f.deck_cards(f"reflectors_{level}"):
            if card.kind == "hostile":          # a Reflector of Darkness gives the Head of its level
                assert card.reward == (Effect("gain", what="head", level=level, n=1, who="self"),)
                assert card.reflection is not None


def test_a_reflection_is_relative_to_the_hero_who_drew_it() -> None:
    f = future("path_of_initiation")
    r1, r2, r3 = (f.decks[i].reflection for i in range(3))
    assert r1 is not None and r2 is not None and r3 is not None
    assert r1.stats(hero_speed=4, love=10) == (3, 4, 4)
    assert r1.stats(hero_speed=4, love=3) == (3, 3, 2)            # the minimums
    assert r2.stats(hero_speed=4, love=10) == (4, 8, 5)
    assert r3.stats(hero_speed=4, love=10) == (5, 7, 6)
    fixed = load_content(difficulty="normal")
    assert fixed.future("path_of_initiation").decks[2].reflection == r3


def test_the_crown_of_evil() -> None:
    f = future("crown_of_evil")
    assert (f.goal.kind, f.goal.enemy) == ("defeat", "vicinator")
    assert (f.clock.kind, f.clock.deck) == ("tentacles", "tentacles")
    assert f.enemy_turn is not None
    assert (f.enemy_turn.kind, f.enemy_turn.first, f.enemy_turn.viruses, f.enemy_turn.virus_damage) == \
        ("vicinator", True, 8, 2)
    vicinator, virus = (next(e for e in f.enemies if e.id == x) for x in ("vicinator", "virus"))
    assert (vicinator.name, vicinator.count, vicinator.rounds, vicinator.keeps_damage) == ("The Vicinator", 1, 1, True)
    assert (vicinator.speed, vicinator.strength, vicinator.defense) == (6, 6, 80)
    assert (virus.name, virus.count, virus.rounds, virus.strength) == ("Virus", 8, 1, 0)
    assert (virus.defense, virus.move) == (3, 2)
    assert virus.on_fail == (Effect("lose", what="spirit", n=1, who="self", shortfall="none"),)
    assert vicinator.attack_from == virus.attack_from == "adjacent8"
    assert f.piece("virus_standee").count == 8
    tentacles = next(d for d in f.decks if d.id == "tentacles")
    assert tentacles.deal == 8 and tentacles.back == "special"


def test_the_prophecies() -> None:
    regular = sorted((p for p in C.prophecies if not p.tutorial), key=lambda p: p.sign)
    assert [(p.sign, p.name, p.future) for p in regular] == [
        (1, "The Nine Rings of Creation", "nine_rings"), (2, "The Information Flood", "information_flood"),
        (3, "The Parallel Land", "parallel_land"), (4, "The Path of Initiation", "path_of_initiation"),
        (5, "The Crown of Evil", "crown_of_evil")]
    assert all(p.statistics and p.story for p in C.prophecies)
    (tutorial,) = [p for p in C.prophecies if p.tutorial]
    assert (tutorial.sign, tutorial.future) == (0, "nine_rings")


def test_every_entry_has_an_id_a_name_a_text_and_a_source() -> None:
    families = [C.heroes, [t for h in C.heroes for t in h.talents], C.tiles, C.tokens, C.features, C.artifacts,
                C.battles, C.treasures, C.bonus, C.quests, C.prophecies, C.board.altar, C.board.guides, C.knobs,
                *(fam for f in C.futures for fam in (f.pieces, f.decks, f.cards, f.enemies))]
    for family in families:
        for entry in family:
            assert entry.id and entry.text and entry.source in ("rulebook", "reference", "inferred", "designed")
            assert getattr(entry, "name", "x")


# -- the effect vocabulary ---------------------------------------------------------------------------

def test_every_keyword_is_used_and_every_used_keyword_is_declared() -> None:
    check_vocabulary()
    used = {e.do for _, e in C.every_effect()}
    assert used == set(VOCABULARY)


def test_every_keyword_and_quest_goal_is_documented() -> None:
    doc = DOC.read_text(encoding="utf-8")
    section = doc.split("## Effect vocabulary", 1)[1].split("\n## ", 1)[0]
    for keyword, spec in VOCABULARY.items():
        assert re.search(rf"^\| `{keyword}` \|", section, re.M), f"{keyword} is not in the Effect vocabulary section"
        for param in spec.params:
            assert f"`{param}`" in section, f"{keyword}: parameter {param} is not documented"
    for goal in QUEST_GOALS:
        assert f"`{goal}`" in doc


def test_handlers_are_only_on_enemies() -> None:
    owners = {owner for owner, e in C.every_effect() if e.do == "handler"}
    enemy_ids = {b.id for b in C.battles} | {c.id for f in C.futures for c in f.cards if c.kind == "hostile"}
    assert owners <= enemy_ids
    assert {e.name for _, e in C.every_effect() if e.do == "handler"} == {"many_heads", "blood_drain", "frenzy",
                                                                          "mirror"}


# -- knobs and difficulty ----------------------------------------------------------------------------

def test_the_knobs_are_in_one_place_with_a_difficulty_setting_each() -> None:
    ids = {k.id for k in C.knobs}
    assert ids == {"past.battle_defense", "nine_rings.ruler_defense", "nine_rings.beldame_threshold",
                   "information_flood.hypnotist_defense", "information_flood.hypnotist_wow",
                   "information_flood.translator_threshold", "parallel_land.enemy_defense",
                   "path_of_initiation.reflection", "path_of_initiation.reflector_defense",
                   "path_of_initiation.light_threshold", "crown_of_evil.vicinator_defense",
                   "crown_of_evil.tentacles", "crown_of_evil.virus_defense", "crown_of_evil.virus_move",
                   "crown_of_evil.elixir_threshold"}
    for k in C.knobs:
        assert k.source == "designed"
        if k.kind != "choice":
            values = [int(k.easier), int(k.value), int(k.harder)]
            assert k.low <= min(values) and max(values) <= k.high


def test_difficulty_moves_the_numbers() -> None:
    easier, harder = load_content(difficulty="easier"), load_content(difficulty="harder")
    vicinator = {c.difficulty: next(e for e in c.future("crown_of_evil").enemies if e.id == "vicinator").defense
                 for c in (easier, C, harder)}
    assert vicinator == {"easier": 70, "normal": 80, "harder": 90}
    boar = {c.difficulty: by_name(c.battles, "Wild Boar").defense for c in (easier, C, harder)}
    assert boar == {"easier": 6, "normal": 7, "harder": 8}
    iron = {c.difficulty: by_name(c.future("nine_rings").cards, "Iron Tsar").defense for c in (easier, C, harder)}
    assert iron == {"easier": 12, "normal": 15, "harder": 17}
    tentacles = {c.difficulty: c.future("crown_of_evil").decks[0].deal for c in (easier, C, harder)}
    assert tentacles == {"easier": 9, "normal": 8, "harder": 7}


def test_texts_quote_the_knobs_they_depend_on() -> None:
    beldame = by_name(C.future("nine_rings").cards, "Beldame of the Bright Well")
    assert beldame.text == "If your Hope is 6 or more, gain 1 Ring. Otherwise nothing."
    assert beldame.effects[0].n == 6
    harder = by_name(load_content(difficulty="harder").future("nine_rings").cards, "Beldame of the Bright Well")
    assert harder.text == "If your Hope is 7 or more, gain 1 Ring. Otherwise nothing." and harder.effects[0].n == 7
    hypnotist = by_name(load_content(difficulty="easier").future("information_flood").cards, "Mesmerist")
    assert "gain 9 Words of Wisdom" in hypnotist.text and hypnotist.reward[0].n == 9
    normal = by_name(C.future("information_flood").cards, "Mesmerist")
    assert "gain 7 Words of Wisdom" in normal.text and normal.reward[0].n == 7
    texts = [x.text for f in C.futures for x in f.cards] + [x.text for f in C.futures for x in f.pieces]
    texts += [x.text for f in C.futures for x in f.decks]
    texts += [x.text for f in C.futures for x in f.enemies]
    assert all("{" not in t and "}" not in t for t in texts)
    assert "Moves 2 spaces a turn" in next(e for e in C.future("crown_of_evil").enemies if e.id == "virus").text


def test_the_fixed_reflection_knob(tmp_path: Path) -> None:
    folder = copy_content(tmp_path)
    edit(folder, "tuning.toml", 'value = "relative"', 'value = "fixed"')
    f = load_content(folder).future("path_of_initiation")
    darkness = [c for c in f.cards if c.kind == "hostile"]
    assert all(c.reflection is None for c in darkness)
    assert {c.deck: (c.speed, c.defense, c.strength) for c in darkness} == {
        "reflectors_1": (4, 3, 3), "reflectors_2": (5, 7, 4), "reflectors_3": (6, 12, 5)}


def test_an_unknown_difficulty_is_refused() -> None:
    with pytest.raises(ContentError, match="unknown difficulty 'nightmare'; known: easier, normal, harder"):
        load_content(difficulty="nightmare")


# -- refusals of a broken copy -----------------------------------------------------------------------

def copy_content(tmp_path: Path) -> Path:
    source = resources.files("talewood.games.threetale").joinpath("content")
    folder = tmp_path / "content"
    shutil.copytree(str(source), folder)
    return folder


def edit(folder: Path, filename: str, old: str, new: str, count: int = 1) -> None:
    path = folder / filename
    text = path.read_text(encoding="utf-8")
    assert text.count(old) >= count, f"{old!r} not in {filename}"
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def refusal(folder: Path) -> str:
    with pytest.raises(ContentError) as info:
        load_content(folder)
    return str(info.value)


def test_a_designers_copy_loads_and_is_used(tmp_path: Path) -> None:
    folder = copy_content(tmp_path)
    edit(folder, "artifacts.toml", 'name = "Forest Axe"', 'name = "Woodcutter\'s Axe"')
    mine = load_content(folder)
    assert mine.artifacts[0].name == "Woodcutter's Axe" and C.artifacts[0].name == "Forest Axe"


def test_a_folder_with_one_file_takes_the_rest_from_the_package(tmp_path: Path) -> None:
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "dice.toml").write_text((copy_content(tmp_path) / "dice.toml").read_text(encoding="utf-8")
                                      .replace('name = "ThreeTale die"', 'name = "My die"'), encoding="utf-8")
    assert load_content(folder).die.name == "My die"


REFUSALS = [
    # (file, old text, new text, what the message must say)
    ("artifacts.toml", 'do = "attack_damage", n = 2 }', 'do = "attack_damag", n = 2 }',
     "artifacts.toml: artifact A1-01: effect 1: unknown effect keyword 'attack_damag'"),
    ("heroes.toml", '{ do = "initiative", n = 2 }', '{ do = "initiative", amount = 2 }',
     "heroes.toml: talent SD1a: effect 1 (initiative): unknown parameter(s) amount; initiative takes n"),
    ("heroes.toml", 'side = "hero", n = 3', 'side = "sideways", n = 3',
     "heroes.toml: talent YS2a: effect 1 (dice): side: must be one of hero, enemy, not 'sideways'"),
    ("heroes.toml", '{ do = "free_block", limit = "once_per_battle" }', '{ do = "free_block", limit = "twice" }',
     "heroes.toml: talent UM3a: effect 1 (free_block): limit: must be one of none, once_per_turn"),
    ("battle.toml", 'reward = [{ do = "gain", what = "shevitsa", n = 2 }]',
     'reward = [{ do = "gain", what = "shevitsa" , n = -2 }]',
     "battle.toml: battle B1-02: effect 1 (gain): n: 'value' must be 0 to 999, not -2"),
    ("treasure.toml", 'on_3 = [{ do = "gain", what = "artifact", level = 1 }]',
     'on_3 = [{ do = "gain", what = "artifact" }]',
     "treasure.toml: treasure T1-01: on_3: effect 1 (gain): 'level' is needed for an artifact or a head"),
    ("quests.toml", 'requirement = { goal = "win_battles", n = 5 }', 'requirement = { goal = "win_wars", n = 5 }',
     "quests.toml: quest Q-01: requirement: 'goal' must be one of win_battles"),
    # dangling references
    ("tokens.toml", 'claim = [{ do = "draw", deck = "battle1" }]', 'claim = [{ do = "draw", deck = "battle9" }]',
     "tokens.toml: token battle1: effect 1 (draw): deck: no deck has the id 'battle9'"),
    ("future_nine_rings.toml", 'id = "S1-NY-01"\ndeck = "nymphs"', 'id = "S1-NY-01"\ndeck = "nymphz"',
     "future_nine_rings.toml: card S1-NY-01: no deck of future_nine_rings.toml has the id 'nymphz'"),
    ("future_nine_rings.toml", 'against = ["heartless_rulers"]', 'against = ["heartless_kings"]',
     "future_nine_rings.toml: sacred_stone 1: against 'heartless_kings', which is no deck or enemy"),
    ("prophecies.toml", 'future = "parallel_land"', 'future = "parallel_world"',
     "prophecies.toml: prophecy P3: 'future' must be one of nine_rings"),
    ("future_crown_of_evil.toml", 'defense = "crown_of_evil.vicinator_defense"',
     'defense = "crown_of_evil.vicinator_armour"',
     "future_crown_of_evil.toml: enemy vicinator: 'defense' names 'crown_of_evil.vicinator_armour', which is not "
     "a value knob"),
    ("future_nine_rings.toml", 'If your Hope is {nine_rings.beldame_threshold} or more',
     'If your Hope is {nine_rings.beldame_level} or more',
     "future_nine_rings.toml: card S1-BE-02: 'text' quotes {nine_rings.beldame_level}, which is not a value knob"),
    ("tuning.toml", 'decks = ["heartless_rulers"]', 'decks = ["heartless_kings"]',
     "tuning.toml: knob nine_rings.ruler_defense: no deck has the id 'heartless_kings'"),
    ("future_crown_of_evil.toml", 'goal = { kind = "defeat", enemy = "vicinator" }',
     'goal = { kind = "defeat", enemy = "crown" }',
     "future_crown_of_evil.toml: the goal's enemy 'crown' is not an enemy"),
    # wrong counts
    ("heroes.toml", 'id = "SD3b"\nlevel = 3', 'id = "SD3b"\nlevel = 2',
     "heroes.toml: hero silver_deer: a Hero has 6 Talents, two of each level"),
    ("tokens.toml", 'count = 21', 'count = 20', "tokens.toml: the box has 70 tokens, not 69"),
    ("tokens.toml", 'count = 8\nslot = "battle1"', 'count = 7\nslot = "battle1"',
     "tokens.toml: the box has 70 tokens, not 69"),
    ("dice.toml", 'face = 3\nshows = "symbol"\npositive = true', 'face = 3\nshows = "blank"\npositive = false',
     "dice.toml: die die: the rulebook's dice have 3 positive and 3 blank sides"),
    ("future_nine_rings.toml", 'count = 6\nreplaces = ["quest"]', 'count = 5\nreplaces = ["quest"]',
     "future_nine_rings.toml: piece nymph: 5 for the tiles' 6 quest slots"),
    ("future_nine_rings.toml", 'count = 24\nsupply = "ring"', 'count = 12\nsupply = "ring"',
     "future_nine_rings.toml: the ring supply (12) is smaller than what the cards and tokens can give (24)"),
    ("board.toml", "talent_costs = [2, 4, 6]", "talent_costs = [2, 4]",
     "board.toml: hero_board: talent_costs lists the 3 levels' costs"),
    ("tiles.toml", 'spaces = ["altar", "white", "red", "empty"]', 'spaces = ["altar", "white", "red", "tree"]',
     "tiles.toml: tile 03: no Tree on an Altar tile"),
    # rulebook rules the cards must keep
    ("treasure.toml", 'id = "T2-01"\nlevel = 2\nname = "Dragon Scale"',
     'id = "T2-01"\nlevel = 3\nname = "Dragon Scale"',
     "treasure.toml: treasure T2-01: on_0 must lose something (the rulebook's Treasure table)"),
    ("battle.toml", 'bonus = 1\ntext = "Before the Battle it draws 1 Enemy Bonus card. Reward: win a Level 2',
     'bonus = 0\ntext = "Before the Battle it draws 1 Enemy Bonus card. Reward: win a Level 2',
     "battle.toml: battle B2-01: a Level 2 enemy draws Bonus cards"),
    ("future_nine_rings.toml", 'id = "S1-NY-01"\ndeck = "nymphs"\nname = "Gift of the Spring"\nkind = "aiding"',
     'id = "S1-NY-01"\ndeck = "nymphs"\nname = "Gift of the Spring"\nkind = "conditional"',
     "future_nine_rings.toml: card S1-NY-01: a conditional card in the aiding deck nymphs"),
    # bad sources and fields
    ("battle.toml", 'source = "inferred"', 'source = "folklore"',
     "battle.toml: battle B1-01: source must be one of designed, inferred, reference, rulebook, not 'folklore'"),
    ("future_path_of_initiation.toml", 'id = "S4-CR-01"\ndeck = "crystals"\nname = "Crystal of Memory"\nkind = "aiding"'
     '\ntext = "Gain 1 Sacred Stone."\nsource = "designed"', 'id = "S4-CR-01"\ndeck = "crystals"\nname = "Crystal of '
     'Memory"\nkind = "aiding"\ntext = "Gain 1 Sacred Stone."', "future_path_of_initiation.toml: card S4-CR-01: "
     "missing 'source'"),
    ("artifacts.toml", 'effects = [{ do = "attack_damage", n = 2 }]', 'efects = [{ do = "attack_damage", n = 2 }]',
     "artifacts.toml: artifact A1-01: missing 'effects'"),
    ("quests.toml", 'name = "Trial of Arms"', 'name = "Trial of Arms"\nlevel = 2',
     "quests.toml: quest Q-01: unknown field(s) level"),
]


@pytest.mark.parametrize(("filename", "old", "new", "message"), REFUSALS, ids=[m for *_, m in REFUSALS])
def test_a_broken_entry_is_refused_naming_file_and_entry(tmp_path: Path, filename: str, old: str, new: str,
                                                         message: str) -> None:
    folder = copy_content(tmp_path)
    edit(folder, filename, old, new)
    assert message in refusal(folder)


def test_a_missing_artifact_is_a_wrong_count(tmp_path: Path) -> None:
    folder = copy_content(tmp_path)
    text = (folder / "artifacts.toml").read_text(encoding="utf-8")
    last = text.rindex("[[artifact]]")
    (folder / "artifacts.toml").write_text(text[:last], encoding="utf-8")
    assert "artifacts.toml: the box has 36 Artifact cards, not 35" in refusal(folder)


def test_a_missing_tile_is_a_wrong_count(tmp_path: Path) -> None:
    folder = copy_content(tmp_path)
    text = (folder / "tiles.toml").read_text(encoding="utf-8")
    (folder / "tiles.toml").write_text(text[:text.rindex("[[tile]]")], encoding="utf-8")
    assert "tiles.toml: the box has 30 Map tiles, not 29" in refusal(folder)


def test_a_file_that_is_not_toml_is_refused(tmp_path: Path) -> None:
    folder = copy_content(tmp_path)
    (folder / "bonus.toml").write_text("[[bonus]\nid = ", encoding="utf-8")
    assert f"threetale: {folder / 'bonus.toml'} is not valid TOML" in refusal(folder)


def test_two_entries_with_one_id_are_refused(tmp_path: Path) -> None:
    folder = copy_content(tmp_path)
    edit(folder, "quests.toml", 'id = "Q-02"', 'id = "Q-01"')
    assert "quests.toml: two Quest cards have the id 'Q-01'" in refusal(folder)


def test_a_refusal_leaves_the_packaged_content_alone(tmp_path: Path) -> None:
    folder = copy_content(tmp_path)
    edit(folder, "tokens.toml", "count = 21", "count = 20")
    refusal(folder)
    assert load_content() is C and sum(t.count for t in C.tokens if t.kind == "token") == 70


def test_every_slot_kind_is_a_known_space() -> None:
    assert set(SLOTS) <= {s for t in C.tiles for s in t.spaces}
    assert len(VIRTUES) == 6


def test_more_battle_slots_than_battle_cards_are_refused(tmp_path: Path) -> None:
    folder = copy_content(tmp_path)
    for spaces in ('["altar", "white", "red", "empty"]', '["altar", "black", "treasure1", "empty"]',
                   '["portal", "treasure1", "red", "empty"]'):
        edit(folder, "tiles.toml", spaces, spaces.replace('"empty"', '"battle1"'))
    edit(folder, "tokens.toml", 'count = 8\nslot = "battle1"', 'count = 11\nslot = "battle1"')
    edit(folder, "tokens.toml", "count = 21", "count = 18")
    assert "tiles.toml: 11 battle1 slots, but its deck has 10 cards" in refusal(folder)


def test_a_figure_needs_its_place_on_the_tiles() -> None:
    from talewood.games.threetale.components.future_loader import _check_future
    from talewood.games.threetale.components.map import Tile

    def without_treasure3(t: Tile) -> Tile:
        a, b, c, d = ("empty" if s == "treasure3" else s for s in t.spaces)
        return Tile(t.id, t.name, t.text, (a, b, c, d), t.source, t.note)

    no_treasure3 = tuple(without_treasure3(t) for t in C.tiles)
    with pytest.raises(ContentError) as info:
        _check_future("future_path_of_initiation.toml", future("path_of_initiation"), no_treasure3, 50)
    assert "future_path_of_initiation.toml: piece throne stands on treasure3, and no tile has one" in str(info.value)
    _check_future("future_path_of_initiation.toml", future("path_of_initiation"), C.tiles, 50)


def test_a_portal_is_named_once_even_on_a_tile_named_for_it() -> None:
    assert portal_name("Portal of the Mist") == "the Portal of the Mist"
    assert portal_name("Boar's Glade") == "the Portal of Boar's Glade"
