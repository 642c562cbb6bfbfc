"""ThreeTale's observation held against a reference: a slow encoding written from `view(seat)` alone and from
what each segment of the layout says its numbers mean (observation.py's segments), never from the encoder's
code. The reference covers the phase, the Future, the Prophecies, the progress, every Hero's board, Talents,
Artifacts and place, the Future's figures, the battle, the roll and the decision; the Map's tiles, spaces
and tokens, the turn's counters and the clocks are held by the check that views which differ encode
differently."""

from __future__ import annotations

from typing import Any

import pytest

from talewood.engine import Rng
from talewood.games import load

from ..encoders import (
    check_a_blank_encoder_fails,
    check_against_reference,
    check_views_that_differ_encode_differently,
)

GAME = load("threetale")
C = GAME.content
PHASES = ("prophecy", "past", "present", "future")
FUTURE = {f.id: i for i, f in enumerate(C.futures)}
PROPHECY = {p.id: i for i, p in enumerate(C.prophecies)}
HERO = {h.id: i for i, h in enumerate(C.heroes)}
VIRTUES = ("love", "hope", "faith", "endeavor", "endurance", "mercy")
HERO_FEATURES = 16
FRAMES = (
    "PickHero", "ChooseOrder", "ChooseTile", "Snap", "Rotate", "StartSpace", "Turn", "PortalTo", "ReturnBonus",
    "GiveWhich", "Keeper", "Altar", "AltarVirtue", "PickSacrifice", "Endure", "MercyHero", "MercyVirtue", "Shift",
    "AllyMove", "ChooseTarget", "RaiseVirtue", "RaiseOne", "LoseVirtue", "ChooseOption", "PayOrNot",
    "DiscardArtifact", "KeepArtifact", "PickDeck", "Reorder", "KeepQuest", "BeforeRound", "AfterHeroRoll",
    "AfterEnemyRoll", "TakeDamage", "AfterRoll", "PlaceFigure", "PlaceTree", "CrownPay", "CrownMove", "FlipTile",
    "RemoveTile", "HeroFlip", "PlacePV", "TreeFlip", "PlantSeed", "VirusBlock", "ClearTile", "ClearPV",
    "DestroyVirus", "ProtectTile", "Teleport", "MoveWho", "MoveHero",
)
SEGMENTS = ("phase", "future", "prophecies", "progress", "heroes", "talents", "artifacts", "positions", "figures",
            "battle", "roll", "decision")


def reference(view: dict[str, Any], seat: int, spec: Any) -> list[float]:
    out = [0.0] * spec.size
    nh, nart, spaces = len(C.heroes), len(C.artifacts), len(C.tiles) * 4

    def put(segment: str, index: int, value: float) -> None:
        out[spec.offset(segment) + index] = value

    def slot(who: int) -> int:
        return (who - seat) % 3

    phase = PHASES.index(view["phase"])
    put("phase", phase, 1.0)
    future = view["future"]
    put("future", FUTURE[future["id"]] if future is not None else len(C.futures), 1.0)
    for p in view["prophecies"]:
        put("prophecies", PROPHECY[p["id"]], 1.0)
    # Past turns /30 (full once in the Future), the Future's round /12, the observer is the current Hero
    put("progress", 0, min(view["turn"], 30) / 30 if view["phase"] != "future" else 1.0)
    put("progress", 1, view["round"] / 12 if view["phase"] == "future" else 0.0)
    me = view["player_states"][seat]
    put("progress", 2, float(view["current_hero"] is not None and view["current_hero"] == me["name"]))
    width = nh + HERO_FEATURES
    for p in view["player_states"]:
        k = slot(p["seat"])
        at = k * width
        put("heroes", at + nh + 15, view["order"].index(p["name"]) / 2)
        if p["hero"] is None:
            continue
        # Hero one-hot, Virtues ×6 /13, Speed /20, Speed now /20, Spirit /3, Shevitsa /12, Talents developed /3,
        # Offerings, Sacred Stones, Rings /9 + Heads /7 + Seeds /4, Quests held /6, turn order /2
        put("heroes", at + HERO[p["hero"]], 1.0)
        f = at + nh
        for i, virtue in enumerate(VIRTUES):
            put("heroes", f + i, p["virtues"][virtue] / 13)
        put("heroes", f + 6, p["speed"] / 20)
        put("heroes", f + 7, p["speed_now"] / 20)
        put("heroes", f + 8, p["spirit"] / 3)
        put("heroes", f + 9, p["shevitsa"] / 12)
        developed = [tal for tal in p["talents"] if tal["developed"]]
        put("heroes", f + 10, len(developed) / 3)
        put("heroes", f + 11, float(p["offerings"]))
        put("heroes", f + 12, float(p["sacred_stones"]))
        heads = sum(1 << (level - 1) for level in p.get("heads", ()))
        put("heroes", f + 13, p.get("rings", 0) / 9 + heads / 7 + p.get("seeds", 0) / 4)
        put("heroes", f + 14, 2 * len(p["quests"]) / 6)
        for tal in developed:
            put("talents", k * 6 + tal["index"] % 6, 1.0)
        worn = set(p["slots"].values())
        for art in p["artifacts"]:
            put("artifacts", k * nart + art["index"], 2.0 if art["id"] in worn else 1.0)
        if p["position"] is not None:
            put("positions", k * spaces + p["position"]["space"], 1.0)
    if future is not None and future.get("figure") is not None:
        put("figures", future["figure"]["space"] * 2, 1.0)
    for tile in view["map"]:
        for space in tile["spaces"]:
            if space["virus"]:
                put("figures", space["space"] * 2 + 1, 1.0)
    battle = view["battle"]
    if battle is not None:
        card = battle.get("card")
        enemy = battle["enemy"]
        kind = (1 if card is not None and "level" in card and "kind" not in card else 2 if card is not None
                else 3 if "Virus" in enemy else 4)
        put("battle", kind - 1, 1.0)
        put("battle", 5, battle["speed"] / 8)
        put("battle", 6, battle["defense"] / 30)
        put("battle", 7, battle["strength"] / 8)
        put("battle", 8, battle["roll"]["positive"] / 10)
        put("battle", 9, battle["roll"]["dice"] / 10)
    if "roll" in view:
        put("roll", 0, view["roll"]["positive"] / 3)
        put("roll", 1, view["roll"]["dice"] / 4)
    decision = view["decision"]
    if decision is not None and decision["kind"] in FRAMES:
        put("decision", FRAMES.index(decision["kind"]), 1.0)
    return out


OPTION_SETS = [{}, {"future": "crown_of_evil"}, {"future": "nine_rings"}, {"tutorial": True, "difficulty": "easier"}]


@pytest.mark.slow
@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default")
def test_the_encoding_is_the_reference_from_the_view(options: dict[str, Any]) -> None:
    spec = GAME.observation_spec(3, GAME.parse_options(options, 3))
    for seed in (1, 2):
        check_against_reference(GAME, 3, seed, options, Rng(seed), lambda view, seat: reference(view, seat, spec),
                                every=5, segments=SEGMENTS)


@pytest.mark.slow
def test_positions_whose_views_differ_encode_differently() -> None:
    check_views_that_differ_encode_differently(GAME, 3, {"future": "crown_of_evil"}, seeds=range(1), every=5)


@pytest.mark.slow
def test_an_encoder_writing_only_zeros_would_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    spec = GAME.observation_spec(3, GAME.parse_options({}, 3))
    check_a_blank_encoder_fails(GAME, 3, {}, lambda view, seat: reference(view, seat, spec), monkeypatch,
                                segments=SEGMENTS)
