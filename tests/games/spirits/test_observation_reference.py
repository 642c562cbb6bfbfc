"""Spirits' observation held against a reference: a slow encoding written from `view(seat)` alone and from
what each segment of the layout says its numbers mean (observation.py's segments), never from the
encoder's code. The encoder must write the same numbers at positions of random games in every module
set, for every seat."""

from __future__ import annotations

from typing import Any

import pytest

from talewood.engine import Rng
from talewood.games import load
from talewood.rl.configs import configurations

from ..encoders import (
    check_a_blank_encoder_fails,
    check_against_reference,
    check_views_that_differ_encode_differently,
)

GAME = load("spirits")
C = GAME.content
SPIRITS = ("branches", "moss", "dew_drops", "mushrooms", "flowers", "web_spiders", "fruits", "vines", "leaves",
           "air")
POWERS = ("fire", "moon", "sun")
TOKEN = {k.id: k.index for k in C.tokens}
WISH = {w.id: w.index for w in C.wishes}
HEX = {h.id: h.index for h in C.hexes}
DECISIONS = ("Take", "Second", "Pay", "Firefly", "Gem", "MoveTo", "KeepWish", "KeepHex", "Favor")
SEATS, PLACE, SEAT = 4, 22, 22
CONFIGS = [*configurations(GAME), (3, {"wish": True, "hex": True, "seasons": True, "air_spirit": True,
                                      "fireflies": True})]


def reference(view: dict[str, Any], seat: int, start: int, spec: Any) -> list[float]:
    """The observation of `view` (seat `seat`); `start`: the tiles the forest held at the start."""
    out = [0.0] * spec.size
    n = view["players"]
    rows, cols = view["rows"], view["cols"]

    def put(segment: str, index: int, value: float) -> None:
        out[spec.offset(segment) + index] = value

    def slot(who: int) -> int:                   # seats are counted from the observer
        return (who - seat) % n

    # forest: per place (row by row) tile, face up, spirit symbols ×10, power one-hot ×3, double,
    # collectable, my gemstone, another's gemstone, firefly, face-down token, face-up token
    for r, row in enumerate(view["forest"]):
        for c, place in enumerate(row):
            if place is None:
                continue
            at = (r * cols + c) * PLACE
            put("forest", at, 1.0)
            tile = place["tile"]
            if tile is not None:
                put("forest", at + 1, 1.0)
                for x in tile["symbols"]:
                    out[spec.offset("forest") + at + 2 + SPIRITS.index(x)] += 1.0
                if tile["power"] is not None:
                    put("forest", at + 12 + POWERS.index(tile["power"]), 1.0)
                put("forest", at + 15, float(len(tile["symbols"]) == 2))
            put("forest", at + 16, float(place["collectable"]))
            if place["gem"] is not None:
                put("forest", at + (17 if place["gem"] == seat else 18), 1.0)
            put("forest", at + 19, float(place["firefly"]))
            if place["token"] is not None:
                put("forest", at + (20 if place["token"] == "hidden" else 21), 1.0)
    # seats from me: present, spirit symbols ×10 /8, powers ×3 /8, gemstones in supply, placed, lost /4,
    # favor tokens /8, drop tokens /2, fireflies /4, tiles /30, to move
    for p in view["player_states"]:
        at = slot(p["seat"]) * SEAT
        put("seats", at, 1.0)
        for name, count in p["symbols"].items():
            put("seats", at + 1 + SPIRITS.index(name), count / 8)
        for name, count in p["powers"].items():
            put("seats", at + 11 + POWERS.index(name), count / 8)
        gems = p["gemstones"]
        put("seats", at + 14, gems["supply"] / 4)
        put("seats", at + 15, gems["placed"] / 4)
        put("seats", at + 16, gems["lost"] / 4)
        put("seats", at + 17, p["favor_count"] / 8)
        put("seats", at + 18, p["drops"] / 2)
        put("seats", at + 19, p["fireflies"] / 4)
        put("seats", at + 20, len(p["tiles"]) / 30)
        put("seats", at + 21, float(view["current_player"] == p["seat"]))
        # my favor tokens by token; the others' public ones, by seat from me
        for k in p["favor_tokens"]:
            if p["seat"] == seat:
                out[spec.offset("my_tokens") + TOKEN[k]] += 1.0
            else:
                out[spec.offset("public_tokens") + (slot(p["seat"]) - 1) * len(TOKEN) + TOKEN[k]] += 1.0
        # each seat's kept Wish and Hex once I may see it; my hand before I keep one
        for key, table, segment in (("wish", WISH, "wish"), ("hex", HEX, "hex")):
            if p.get(key):
                put(segment, slot(p["seat"]) * len(table) + table[p[key]], 1.0)
            for card in p.get(f"{key}_hand", ()):
                put("hands", (0 if key == "wish" else len(WISH)) + table[card], 1.0)
    for k in view.get("box_tokens", ()):
        put("box", TOKEN[k], 1.0)
    for k in view["discarded_favor_tokens"]:
        put("discarded_tokens", TOKEN[k], 1.0)
    # the pending decision's kind, and Second's spirit
    decision = view["decision"]
    if decision is not None:
        put("decision", DECISIONS.index(decision["kind"]), 1.0)
        if decision["kind"] == "Second":
            put("decision", len(DECISIONS) + decision["spirit"], 1.0)
    # Seasons per row: tiles that must remain /4, open, drop token still there
    for r, season in enumerate(view.get("seasons", ())):
        put("rows", r * 3, season["must_remain"] / 4)
        put("rows", r * 3 + 1, float(season["open"]))
        put("rows", r * 3 + 2, float(season["token"] == "drop" and not season["drop_taken"]))
    # solo: the opponent's spirit symbols /8, its hidden tokens /2
    if "opponent" in view:
        for name, count in view["opponent"]["symbols"].items():
            put("solo", SPIRITS.index(name), count / 8)
        put("solo", 10, view["opponent"]["hidden_tokens"] / 2)
    # progress: turn /60, tiles left in the forest / tiles at the start
    put("progress", 0, view["turn"] / 60)
    left = sum(place is not None for row in view["forest"] for place in row)
    put("progress", 1, left / start)
    assert rows == len(view["forest"])
    return out


def tiles_at_start(players: int, seed: int, options: dict[str, Any]) -> int:
    first = GAME.new_game(players, seed, options).view(0)
    return sum(place is not None for row in first["forest"] for place in row)


@pytest.mark.slow
@pytest.mark.parametrize(("players", "options"), CONFIGS,
                         ids=[f"{p}p-" + ",".join(f"{k}={v}" for k, v in o.items()) for p, o in CONFIGS])
def test_the_encoding_is_the_reference_from_the_view(players: int, options: dict[str, Any]) -> None:
    spec = GAME.observation_spec(players, GAME.parse_options(options, players))
    for seed in (1, 2):
        start = tiles_at_start(players, seed, options)
        check_against_reference(GAME, players, seed, options, Rng(seed),
                                lambda view, seat, s=start: reference(view, seat, s, spec))


@pytest.mark.slow
def test_positions_whose_views_differ_encode_differently() -> None:
    check_views_that_differ_encode_differently(GAME, CONFIGS[-1][0], CONFIGS[-1][1])


@pytest.mark.slow
def test_an_encoder_writing_only_zeros_would_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    spec = GAME.observation_spec(3, GAME.parse_options({}, 3))
    start = tiles_at_start(3, 1, {})
    check_a_blank_encoder_fails(GAME, 3, {}, lambda view, seat: reference(view, seat, start, spec), monkeypatch)
