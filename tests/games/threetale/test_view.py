"""What people see: the view's common vocabulary, every card's full text, the Map as laid, labels that
read like the rulebook; and the observation encoder."""

from __future__ import annotations

import json
import math

from talewood.engine import Rng
from tests.games.contract import raw_structure
from tests.games.encoders import f32

from .helpers import GAME, act, from_toml, roll
from .test_examples_future import future

VOCABULARY = ("game", "seat", "players", "current_player", "prompt", "decision", "over", "result", "player_states")


def test_the_view_speaks_the_common_vocabulary_and_names_heroes() -> None:
    s = GAME.new_game(3, 3)
    view = s.view(1)
    assert all(k in view for k in VOCABULARY)
    assert view["game"] == "threetale" and view["players"] == 3 and len(view["player_states"]) == 3
    assert view["decision"]["kind"] == "PickHero" and view["prompt"].startswith("Hero 1: choose your Hero")
    act(s, "Play Sun and Moon")
    assert s.view(None)["player_states"][0]["name"] == "Sun and Moon"
    assert s.prompt().startswith("Hero 2")
    json.dumps(view)


def test_every_card_in_play_shows_its_full_text() -> None:
    s = from_toml("battle_example")
    act(s, "Claim a Battle 1 token")
    view = s.view(0)
    hero = view["player_states"][0]
    assert hero["artifacts"][0]["name"] == "Forest Axe" and "2 damage" in hero["artifacts"][0]["text"]
    assert all(t["text"] for t in hero["talents"]) and len(hero["talents"]) == 6
    battle = view["battle"]
    assert battle["card"]["name"] == "Wild Boar" and battle["card"]["text"] and battle["defense"] == 7
    assert view["map"][0]["spaces"][0]["token"] is None            # the Battle token was claimed
    assert view["map"][0]["spaces"][1]["token"]["name"] == "Treasure 3"
    assert view["this_turn"]["actions_left"] == 0 and view["this_turn"]["steps_left"] == 5


def test_the_future_shows_its_pieces_and_its_clock() -> None:
    s = future("crown_of_evil", {"decks": {"tentacles": ["S5-TE-04"]}, "turn": {"start": "future"}})
    view = s.view(None)
    f = view["future"]
    assert f["name"] == "The Crown of Evil" and f["clock"] == {"kind": "tentacles", "tentacles_left": 7}
    # two of the 8 spaces around the Vicinator hold Heroes: those Viruses wait off the Map
    assert f["vicinator_defense"] == 80 and len(f["viruses"]) == 6 and f["last_tentacle"]["name"] == "Regrowth"
    assert any(sp["figure"] for tile in view["map"] for sp in tile["spaces"])
    assert view["phase"] == "future" and view["round"] == 1


def test_the_flood_s_clock_says_the_words_are_due_then_that_the_team_gathers() -> None:
    position = {"figure": "03:NW", "turn": {"start": "round", "round": 1, "fstage": 1}}
    f = future("information_flood", {**position, "future_state": {"wow": 41}}).view(None)["future"]
    assert f["clock_text"] == "Words of Wisdom 41 of 42, due before only 4 tiles are left; tiles left: 9"
    f = future("information_flood", {**position, "future_state": {"wow": 42}}).view(None)["future"]
    assert f["clock"]["words_collected"]
    assert f["clock_text"] == "Words of Wisdom 42 of 42: now gather by the Ark of Truth; tiles left: 9"


def test_labels_prompts_and_log_read_like_the_rulebook() -> None:
    for seed in range(3):
        s = GAME.new_game(3, seed, {"future": ("nine_rings", "parallel_land", "crown_of_evil")[seed]})
        rng = Rng(seed)
        while not s.is_over:
            texts = [s.prompt(), *(s.describe(a) for a in s.legal_actions())]
            for text in texts:
                assert raw_structure(text) is None, text
                assert "seat" not in text.lower()
            legal = s.legal_actions()
            s.apply(legal[rng.below(len(legal))])
        assert all(raw_structure(e["text"]) is None for e in s.log or ())


def test_the_observation_has_its_declared_size_and_marks_the_decision() -> None:
    s = from_toml("battle_example")
    spec = GAME.observation_spec(3, s.options)
    obs = GAME.encode(s, 0)
    assert len(obs) == spec.size and all(math.isfinite(x) for x in obs)
    assert obs[spec.offset("decision") + 6] == 1.0               # the Turn frame
    act(s, "Claim a Battle 1 token")
    obs = GAME.encode(s, 0)
    assert obs[spec.offset("battle")] == 1.0                     # a Past battle


def test_the_observation_orders_seats_from_the_observer() -> None:
    s = from_toml("battle_example")
    spec = GAME.observation_spec(3, s.options)
    width = 5 + 16
    love_of = [GAME.encode(s, seat)[spec.offset("heroes") + 5] for seat in range(3)]
    assert love_of[0] == f32(7 / 13) and love_of[1] == f32(s.v(1, 0) / 13)
    assert GAME.encode(s, 1)[spec.offset("heroes") + 2 * width + 5] == f32(7 / 13)


def test_chance_is_explicit_dice() -> None:
    s = from_toml("battle_example")
    act(s, "Claim a Battle 1 token", "Roll your attack")
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 8 and math.isclose(sum(p for _, p in outcomes), 1.0)
    roll(s, 7)
