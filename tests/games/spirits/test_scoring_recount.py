"""The end of a Spirits game counted again from the position, as the rules sheet and the expansion's
rulebook tell it (rulebooks/spirits-of-the-forest-base.md, "End of the game and scoring"; the expansion's
Wish, Hex and Fireflies sections), without the game's scoring code: every item of every seat, the total,
the winners and every row of the score sheet. The rulings the count follows are the game's named ones
(rulings.py): only tiles save a seat from the -3, a Hex of two spirits strikes the least of both, a Wish
counts gemstones still on the forest, Wishes are checked before any reward is given."""

from __future__ import annotations

from typing import Any

import pytest

from talewood.engine import seat_name
from talewood.games.spirits import state as spirits_state
from talewood.games.spirits.content import POWER_NAMES, POWERS, SPIRIT_NAMES, SPIRITS
from talewood.games.spirits.scenario import SCHEMA
from talewood.games.spirits.state import SpiritsState

from ..recount import catching_needs_python, caught_at_the_end, play_to_the_end, random_games, sheet_cells
from .helpers import GAME, C, Tiles, give, new_state, token

PENALTY = 3     # "−3 for each spirit and each power source of which you have none"


def count_tiles(tiles: list[int]) -> tuple[list[int], list[int]]:
    """Spirit symbols and power icons printed on `tiles`."""
    spirits, powers = [0] * 10, [0] * 3
    for t in tiles:
        for x in C.tiles[t].symbols:
            spirits[x] += 1
        if C.tiles[t].power >= 0:
            powers[C.tiles[t].power] += 1
    return spirits, powers


def count_tokens(favors: list[int]) -> tuple[list[int], list[int]]:
    spirits, powers = [0] * 10, [0] * 3
    for k in favors:
        if C.tokens[k].kind == "spirit":
            spirits[C.tokens[k].spirit] += 1
        elif C.tokens[k].kind == "power":
            powers[C.tokens[k].power] += 1
    return spirits, powers


def recount(before: SpiritsState, after: SpiritsState) -> dict[str, Any]:
    """The end counted from `before` (the position when the last tile was taken); `after` only tells which
    favor tokens the Wish rewards chose."""
    n, cfg = before.players, before.cfg
    kept = [list(before.tiles_of[s]) for s in range(n)]
    discarded: list[list[int]] = [[] for _ in range(n)]
    # Fireflies: the most Silver Firefly tokens (ties: all of them) discard their Air Spirit tiles that carry one
    if cfg.fireflies:
        flies = [sum(1 for t in kept[s] if before.firefly[t]) for s in range(n)]
        for s in range(n):
            if flies[s] and flies[s] == max(flies):
                discarded[s] = [t for t in kept[s] if before.firefly[t] and C.tiles[t].air]
                kept[s] = [t for t in kept[s] if t not in discarded[s]]
    favors = [list(before.favors[s]) for s in range(n)]
    bonus_symbols = [[0] * 10 for _ in range(n)]

    def spirits_of(s: int) -> list[int]:
        on_tiles, _ = count_tiles(kept[s])
        tokens, _ = count_tokens(favors[s])
        return [on_tiles[x] + tokens[x] + bonus_symbols[s][x] for x in range(10)]

    # Wishes: every request checked first (ties for the most have the most), then the rewards
    met: dict[int, bool] = {}
    if cfg.wishes:
        for s in range(n):
            if before.wish[s] < 0:
                continue
            wish = C.wishes[before.wish[s]]
            if wish.request == "most_spirit":
                values = [spirits_of(p)[wish.spirit] for p in range(n)]
            elif wish.request == "most_favor_tokens":
                values = [len(favors[p]) for p in range(n)]
            elif wish.request == "most_gemstones":      # in the supply and on the forest
                values = [before.supply[p] + before.placed[p] for p in range(n)]
            else:
                values = [sum(1 for t in kept[p] if len(C.tiles[t].symbols) == 2) for p in range(n)]
            met[s] = values[s] == max(values)
        for s, ok in met.items():
            wish = C.wishes[before.wish[s]]
            if ok and wish.reward == "symbols":
                for x in wish.reward_symbols:
                    bonus_symbols[s][x] += 1
            elif ok and before.box:      # a favor token from those removed at setup, the seat's choice
                chosen = [k for k in after.favors[s] if k not in favors[s]]
                assert len(chosen) == 1 and chosen[0] in before.box
                assert after.public_token[chosen[0]], "everyone saw the favor token taken from the box"
                favors[s] += chosen
    seats = []
    spirit = [spirits_of(s)[:cfg.n_spirits] for s in range(n)]
    power = [[count_tiles(kept[s])[1][p] + count_tokens(favors[s])[1][p] for p in range(3)] for s in range(n)]
    for s in range(n):
        on_tiles, icons = count_tiles(kept[s])
        spirit_points = sum(v for x, v in enumerate(spirit[s]) if v and v == max(row[x] for row in spirit))
        power_points = sum(v for p, v in enumerate(power[s]) if v and v == max(row[p] for row in power))
        missing = sum(1 for x in range(cfg.n_spirits) if on_tiles[x] == 0) + sum(1 for p in range(3) if not icons[p])
        nature = sum(1 for k in favors[s] if C.tokens[k].kind == "nature_point")
        seats.append({"spirits": dict(zip(SPIRITS, spirit[s], strict=False)),
                      "powers": dict(zip(POWERS, power[s], strict=True)),
                      "spirit_points": spirit_points, "power_points": power_points, "penalty": -PENALTY * missing,
                      "bonus": before.drops[s] + nature, "hex": 0, "tiles": len(kept[s]),
                      "favor_tokens": sorted(C.tokens[k].id for k in favors[s])})
    # Hexes, after scoring: the least (ties: all of them) loses the Hex's points
    struck: dict[int, bool] = {}
    if cfg.hexes:
        for s in range(n):
            if before.hex[s] < 0:
                continue
            card = C.hexes[before.hex[s]]
            if card.request == "least_two_spirits":
                struck[s] = all(spirit[s][x] == min(spirit[p][x] for p in range(n)) for x in card.spirits)
            elif card.request == "least_favor_tokens":
                struck[s] = len(favors[s]) == min(len(f) for f in favors)
            else:
                struck[s] = sum(power[s]) == min(sum(row) for row in power)
            if struck[s]:
                seats[s]["hex"] = -card.penalty
    for d in seats:
        d["total"] = d["spirit_points"] + d["power_points"] + d["penalty"] + d["bonus"] + d["hex"]
    best = max(d["total"] for d in seats)
    tied = [s for s in range(n) if seats[s]["total"] == best]
    fewest = min(seats[s]["tiles"] for s in tied)
    return {"seats": seats, "winners": [s for s in tied if seats[s]["tiles"] == fewest], "met": met,
            "struck": struck, "discarded": discarded}


def recount_solo(before: SpiritsState) -> dict[str, Any]:
    """Solo: you gain the face-up token; the opponent's tiles and revealed tokens against yours; a majority
    of the opponent in any spirit loses; the score is the multiplayer count (spirits only)."""
    n_spirits = before.cfg.n_spirits
    favors = [*before.favors[0], *([before.solo_token] if before.solo_token >= 0 else [])]
    on_tiles, _ = count_tiles(before.tiles_of[0])
    tokens, _ = count_tokens(favors)
    mine = [on_tiles[x] + tokens[x] for x in range(n_spirits)]
    opp, _ = count_tiles(before.opp_tiles)
    for k in before.opp_hidden[:before.opp_revealed]:
        opp[C.tokens[k].spirit] += 1
    theirs = opp[:n_spirits]
    lost = [x for x in range(n_spirits) if theirs[x] > mine[x]]
    points = sum(mine[x] for x in range(n_spirits) if mine[x] and mine[x] >= theirs[x])
    penalty = -PENALTY * sum(1 for x in range(n_spirits) if on_tiles[x] == 0)
    return {"spirits": mine, "opponent": theirs, "lost": lost, "points": points, "penalty": penalty,
            "total": points + penalty}


def check_against_the_game(before: SpiritsState, after: SpiritsState) -> None:
    result = after.result()
    if before.cfg.solo:
        check_solo(before, after)
        return
    want = recount(before, after)
    for seat, (got, mine) in enumerate(zip(result.details, want["seats"], strict=True)):
        for key in ("spirit_points", "power_points", "penalty", "bonus", "hex", "tiles", "total", "powers"):
            assert got[key] == mine[key], f"seat {seat}: {key} {got[key]} ≠ the recount's {mine[key]}"
        assert got["spirits"] == {k: mine["spirits"][k] for k in got["spirits"]}, f"seat {seat}: spirits"
        assert sorted(got["favor_tokens"]) == mine["favor_tokens"]
        assert got["total"] == got["spirit_points"] + got["power_points"] + got["penalty"] + got["bonus"] + got["hex"]
        assert after.discarded_tiles[seat] == want["discarded"][seat]
        kinds = [(card["kind"], card["met"]) for card in got["cards"]]
        assert kinds == ([("wish", want["met"][seat])] if seat in want["met"] else []) + (
            [("hex", want["struck"][seat])] if seat in want["struck"] else [])
    assert result.scores == [float(d["total"]) for d in want["seats"]]
    assert result.winners == want["winners"]
    for s, ok in want["met"].items():
        assert after.wish_met[s] == ok
    check_sheet(GAME.score_sheet(result), want, after)
    check_the_end_is_told(before, after, want)


def check_solo(before: SpiritsState, after: SpiritsState) -> None:
    result = after.result()
    want = recount_solo(before)
    d = result.details[0]
    assert list(d["spirits"].values()) == want["spirits"] and list(d["opponent"].values()) == want["opponent"]
    assert (d["spirit_points"], d["penalty"], d["total"]) == (want["points"], want["penalty"], want["total"])
    assert d["opponent_majorities"] == [SPIRITS[x] for x in want["lost"]]
    assert d["won"] == (not want["lost"]) and result.winners == ([] if want["lost"] else [0])
    assert d["tiles"] == len(before.tiles_of[0])
    assert sorted(d["favor_tokens"]) == sorted(C.tokens[k].id for k in after.favors[0])
    assert after.solo_token < 0 or (after.solo_token in after.favors[0] and after.public_token[after.solo_token])
    assert result.scores == [float(want["total"])]
    lost = [SPIRIT_NAMES[x] for x in want["lost"]]
    sheet = GAME.score_sheet(result)
    assert rows_of(sheet) == [
        *[(SPIRIT_NAMES[x], [str(want["spirits"][x])], "count", f"Your {SPIRIT_NAMES[x]} symbols (tiles and tokens).")
          for x in range(before.cfg.n_spirits)],
        ("Opponent's majorities", [", ".join(lost) or "none"], "note",
         "Spirits of which the forest's opponent has more symbols than you: any one loses the game."),
        ("Spirit points", [str(want["points"])], "points",
         "A point per symbol of each spirit of which you have at least as many as the opponent."),
        ("Missing spirits", [str(want["penalty"])], "points", "−3 for each spirit you have no symbol of."),
        ("Total", [str(want["total"])], "total", ""),
    ]
    assert sheet.reason == ("the forest's opponent has the majority in " + " and ".join(lost) if lost
                            else "the forest's opponent has the majority in no spirit")
    verdict = "You lose: the opponent has the majority in " + ", ".join(lost) if lost else "You win"
    assert told_at_the_end(after)[1:] == [("score", f"{verdict}; your score is {want['total']}", 0)]


def rows_of(sheet: Any) -> list[tuple[str, list[str], str, str]]:
    return [(row.label, list(row.cells), row.kind, row.explain) for row in sheet.rows]


def told_at_the_end(after: SpiritsState) -> list[tuple[str, str, int | None]]:
    """The log from the announcement of the end on: (kind, text, seat)."""
    told = [(e["type"], e["text"], e.get("seat")) for e in after.events_for(None)]
    start = max(i for i, e in enumerate(told) if e[0] == "end")
    assert told[start] == ("end", "No tile can be collected any more: the game ends", None)
    return told[start:]


def check_the_end_is_told(before: SpiritsState, after: SpiritsState, want: dict[str, Any]) -> None:
    """The end in the log, in its order: fireflies, Wishes (a favor token once chosen), scores, the winners."""
    n = before.players
    said: list[tuple[str, str, int | None]] = []
    flies = [sum(1 for t in before.tiles_of[s] if before.firefly[t]) for s in range(n)]
    for s in range(n):
        if before.cfg.fireflies and flies[s] and flies[s] == max(flies):
            said.append(("fireflies", f"{seat_name(s)} has the most fireflies ({flies[s]}) and discards "
                                      f"{len(want['discarded'][s])} Air Spirit tiles", s))
    order = [(before.cfg.first_player + i) % n for i in range(n)]
    chose = []
    for s in order:
        if s not in want["met"]:
            continue
        wish = C.wishes[before.wish[s]]
        if not want["met"][s]:
            said.append(("wish", f"{seat_name(s)} does not meet their Wish", s))
        elif wish.reward == "symbols":
            gained = " and ".join(SPIRIT_NAMES[x] for x in wish.reward_symbols)
            said.append(("wish", f"{seat_name(s)} meets their Wish and gains {gained}", s))
        elif before.box:
            chose.append(s)
    for s in chose:
        token = next(k for k in after.favors[s] if k not in before.favors[s])
        said.append(("wish", f"{seat_name(s)} meets their Wish and takes the {C.tokens[token].name()} from the box", s))
    for s, d in enumerate(want["seats"]):
        said.append(("score", f"{seat_name(s)} scores {d['total']} nature points", s))
    said.append(("winner", "Winner: " + ", ".join(seat_name(w) for w in want["winners"]), None))
    assert told_at_the_end(after)[1:] == said


EXPLAIN = {
    "spirit": "Each spirit: whoever has the most of its symbols (tied players too) scores a point for each of them; "
              "in brackets, the symbols each player has.",
    "power": "Each power source: whoever has the most of its icons (tied players too) scores a point for each of "
             "them; in brackets, the icons each player has.",
    "Missing spirits and power sources": "−3 for each spirit and each power source of which you have none.",
    "Drop and nature point tokens": "A point for each drop token and each nature point favor token.",
    "Wish": "A Wish met gives its reward before the majorities are counted.",
    "Hex": "A Hex that strikes costs the points below.",
    "Hex penalty": "The points a Hex that strikes costs.",
    "Favor tokens": "How many favor tokens each player took (their symbols count in the rows above).",
    "Tiles": "Tiles taken: between players tied on points, the one with fewer tiles wins.",
}


def check_sheet(sheet: Any, want: dict[str, Any], after: SpiritsState) -> None:
    """Every row of the sheet, its cells, kind and words, from the recount."""
    seats = want["seats"]

    def majority(kind: str, name: str) -> list[str]:
        best = max(d[kind].get(name, 0) for d in seats)
        return [f"{d[kind][name]} ({d[kind][name]}, the most)" if d[kind][name] and d[kind][name] == best
                else f"0 ({d[kind][name]})" for d in seats]

    expected: list[tuple[str, list[str], str, str]] = []
    for x, name in enumerate(SPIRITS[:after.cfg.n_spirits]):
        expected.append((SPIRIT_NAMES[x], majority("spirits", name), "points", EXPLAIN["spirit"]))
    for p, name in enumerate(POWERS):
        expected.append((POWER_NAMES[p], majority("powers", name), "points", EXPLAIN["power"]))

    def row(label: str, cells: list[str], kind: str = "points") -> None:
        expected.append((label, cells, kind, EXPLAIN[label]))

    row("Missing spirits and power sources", [str(d["penalty"]) for d in seats])
    if any(d["bonus"] for d in seats):
        row("Drop and nature point tokens", [f"+{d['bonus']}" for d in seats])
    if want["met"]:
        row("Wish", [(C.wishes[after.wish[s]].name().split(": ", 1)[1] + (": met" if want["met"][s] else ": not met"))
                     if s in want["met"] else "—" for s in range(len(seats))], "note")
    if want["struck"]:
        row("Hex", [(C.hexes[after.hex[s]].name().split(": ", 1)[1] + (": strikes" if want["struck"][s]
                     else ": spared")) if s in want["struck"] else "—" for s in range(len(seats))], "note")
    if any(d["hex"] for d in seats):
        row("Hex penalty", [str(d["hex"]) for d in seats])
    row("Favor tokens", [str(len(d["favor_tokens"])) for d in seats], "count")
    row("Tiles", [str(d["tiles"]) for d in seats], "tiebreak")
    expected.append(("Total", [str(d["total"]) for d in seats], "total", ""))
    assert rows_of(sheet) == expected
    assert sheet_cells(sheet)


def all_modules(n: int, rng: Any) -> dict[str, Any]:
    """Every module on, or each at random (the solo game: the base forest)."""
    if n == 1:
        return {}
    if rng.below(2):
        return {"wish": True, "hex": True, "seasons": True, "air_spirit": True, "fireflies": True}
    air = rng.below(2) == 1
    return {"wish": rng.below(2) == 1, "hex": rng.below(2) == 1, "seasons": rng.below(2) == 1, "air_spirit": air,
            "fireflies": air and rng.below(2) == 1}


@pytest.mark.slow
@catching_needs_python(spirits_state)
def test_every_random_game_scores_as_the_rules_count_it(monkeypatch: pytest.MonkeyPatch) -> None:
    ends = caught_at_the_end(monkeypatch, spirits_state, "end_game")
    played = 0
    for state, rng in random_games(GAME, range(30), options=all_modules):
        assert isinstance(state, SpiritsState)
        ends.clear()
        play_to_the_end(state, rng)
        assert len(ends) == 1
        before = ends[0]
        assert isinstance(before, SpiritsState)
        check_against_the_game(before, state)
        played += 1
    assert played == 30 * 4


# -- examples: several items in each category, ties across seats ------------------------------------


def ended(state: SpiritsState) -> tuple[SpiritsState, SpiritsState]:
    """End the game from the position as the last take would (the rules' end, in order)."""
    before = state.clone()
    assert isinstance(before, SpiritsState)
    spirits_state.end_game(state)
    while not state.is_over:                 # Wish rewards: the first favor token offered
        assert state.prompt() == (f"{seat_name(state.current_player or 0)}: your Wish is granted: choose a favor "
                                  "token from those removed at setup")
        state.apply(state.legal_actions()[0])
    return before, state


def test_tied_majorities_score_their_full_count_and_powers_with_tokens() -> None:
    tiles = Tiles()
    state = new_state(3)
    give(state, 0, tiles.get("vines", "vines"), tiles.get("moss", power="moon"), tiles.get("vines", power="moon"))
    give(state, 1, tiles.get("vines", "vines"), tiles.get("fruits", power="sun"), tiles.get("leaves", power="moon"))
    give(state, 2, tiles.get("mushrooms", "mushrooms"), tiles.get("fruits", power="fire"))
    # tokens: seat 1 ties the Vines with a token and doubles its Sun; seat 2's Moon token ties seat 1's Moon
    SCHEMA.apply(state, {"favor_tokens": [[], ["vines", "sun"], ["moon"]]})
    before, after = ended(state)
    check_against_the_game(before, after)
    d = after.result().details
    assert [x["spirits"]["vines"] for x in d] == [3, 3, 0]
    assert [x["spirit_points"] for x in d] == [3 + 1, 3 + 1 + 1, 2 + 1]      # Vines tied; Moss; Leaves; Fruits tied
    assert [x["powers"]["moon"] for x in d] == [2, 1, 1] and [x["powers"]["sun"] for x in d] == [0, 2, 0]
    assert [x["power_points"] for x in d] == [2, 2, 1]                      # Moon 2 alone; Sun 2; Fire 1


def test_a_favor_token_of_a_power_counts_for_that_power_only() -> None:
    tiles = Tiles()
    state = new_state(2)
    give(state, 0, tiles.get("moss", power="fire"), tiles.get("vines", power="sun"))
    give(state, 1, tiles.get("fruits", power="fire"), tiles.get("leaves", power="moon"))
    SCHEMA.apply(state, {"favor_tokens": [["fire"], []]})
    before, after = ended(state)
    check_against_the_game(before, after)
    d = after.result().details
    assert d[0]["powers"] == {"fire": 2, "moon": 0, "sun": 1} and d[1]["powers"] == {"fire": 1, "moon": 1, "sun": 0}
    assert (d[0]["power_points"], d[1]["power_points"]) == (2 + 1, 1)


def test_only_the_most_of_a_power_scores_it() -> None:
    tiles = Tiles()
    state = new_state(2)
    give(state, 0, tiles.get("moss", power="fire"), tiles.get("vines", power="fire"), tiles.get("fruits", power="sun"))
    give(state, 1, tiles.get("fruits", power="fire"), tiles.get("leaves", power="sun"), tiles.get("moss", power="sun"))
    before, after = ended(state)
    check_against_the_game(before, after)
    assert [x["power_points"] for x in after.result().details] == [2, 2]        # Fire 2 against 1; Sun 2 against 1


def test_the_most_fireflies_tied_all_discard_their_air_tiles_with_a_firefly_and_their_power() -> None:
    state = new_state(3, air_spirit=True, fireflies=True)
    air_doubles = [t.id for t in C.tiles if t.air and len(t.symbols) == 2]
    air_powered = [t.id for t in C.tiles if t.air and t.power >= 0]
    tiles = Tiles()
    give(state, 0, tiles.get("moss", "moss"), air_powered[1])
    give(state, 1, air_doubles[0], air_doubles[2], air_powered[0], tiles.get("vines", "vines"))
    give(state, 2, air_doubles[1], air_doubles[3], air_powered[2], tiles.get("leaves", "leaves"))
    SCHEMA.apply(state, {"fireflies": air_doubles[:4]})
    # a content variant may put a firefly on an Air tile with a power icon: the icon leaves with the tile
    state.firefly[air_powered[0]] = state.firefly[air_powered[2]] = True
    before, after = ended(state)
    check_against_the_game(before, after)
    assert after.discarded_tiles == [[], [air_doubles[0], air_doubles[2], air_powered[0]],
                                     [air_doubles[1], air_doubles[3], air_powered[2]]]
    d = after.result().details
    assert [x["spirits"]["air"] for x in d] == [1, 0, 0]                # seat 1 keeps its plain Air tile
    assert [x["powers"] for x in d] == [{"fire": 0, "moon": 1, "sun": 0}, {"fire": 0, "moon": 0, "sun": 0},
                                        {"fire": 0, "moon": 0, "sun": 0}]
    assert [x["tiles"] for x in d] == [2, 1, 1]


def test_a_solo_game_won_with_no_majority_of_the_opponent() -> None:
    tiles = Tiles()
    state = new_state(1)
    give(state, 0, tiles.get("moss", "moss"), tiles.get("vines", power="sun"))
    before, after = ended(state)
    check_against_the_game(before, after)
    assert after.result().winners == [0] and after.result().details[0]["won"]


def test_nobody_with_a_firefly_discards_nothing() -> None:
    state = new_state(3, air_spirit=True, fireflies=True)
    air_doubles = [t.id for t in C.tiles if t.air and len(t.symbols) == 2]
    tiles = Tiles()
    give(state, 0, air_doubles[0], tiles.get("moss", "moss"))
    give(state, 1, air_doubles[1])
    give(state, 2, tiles.get("leaves", "leaves"))
    SCHEMA.apply(state, {"fireflies": []})
    before, after = ended(state)
    check_against_the_game(before, after)
    assert after.discarded_tiles == [[], [], []]
    assert [d["spirits"]["air"] for d in after.result().details] == [2, 2, 0]


def test_wishes_most_favor_tokens_tied_both_met_and_most_gemstones() -> None:
    tiles = Tiles()
    state = new_state(3, wish=True)
    give(state, 0, tiles.get("moss", "moss"))
    give(state, 1, tiles.get("vines", "vines"))
    give(state, 2, tiles.get("fruits", "fruits"))
    SCHEMA.apply(state, {"favor_tokens": [["moss", "fire"], ["vines", "sun"], ["leaves"]],
                         "gemstones": [{"supply": 2}, {"supply": 1, "lost": 1}, {"supply": 0, "lost": 2}],
                         "wishes": ["most_favor_tokens", "most_favor_tokens", "most_gemstones"]})
    before, after = ended(state)
    check_against_the_game(before, after)
    assert after.wish_met == [True, True, False]
    assert [len(f) for f in after.favors] == [3, 3, 1]                      # both tied seats took one


def test_hexes_least_favor_tokens_strikes_the_tied_least_and_spares_the_others() -> None:
    tiles = Tiles()
    state = new_state(3, hex=True)
    give(state, 0, tiles.get("moss", "moss"))
    give(state, 1, tiles.get("vines", "vines"))
    give(state, 2, tiles.get("fruits", "fruits"))
    SCHEMA.apply(state, {"favor_tokens": [["moss"], ["vines"], ["leaves", "sun"]],
                         "hexes": ["least_favor_tokens", "least_favor_tokens", "least_favor_tokens"]})
    before, after = ended(state)
    check_against_the_game(before, after)
    assert [d["hex"] for d in after.result().details] == [-6, -6, 0]


def test_hexes_two_spirits_and_power_icons() -> None:
    tiles = Tiles()
    state = new_state(3, hex=True)
    give(state, 0, tiles.get("branches", power="fire"), tiles.get("moss", power="fire"))
    give(state, 1, tiles.get("branches", "branches"), tiles.get("moss", power="sun"))
    give(state, 2, tiles.get("leaves", "leaves"), tiles.get("moss", power="moon"))
    SCHEMA.apply(state, {"hexes": ["least_branches_and_moss", "least_power_icons", "least_leaves_and_moss"]})
    before, after = ended(state)
    check_against_the_game(before, after)
    # seat 0: Branches 1 (not the least: seat 2 has 0); seat 1: 1 power icon, tied least; seat 2: Leaves 2
    assert [d["hex"] for d in after.result().details] == [0, -6, 0]


def test_a_drop_and_a_nature_point_token_score_a_point_each() -> None:
    tiles = Tiles()
    state = new_state(2, seasons=True)
    give(state, 0, tiles.get("moss", "moss"))
    give(state, 1, tiles.get("vines", "vines"))
    SCHEMA.apply(state, {"favor_tokens": [["nature_point"], []]})
    state.drops[0] = 2
    state.drops[1] = 1
    before, after = ended(state)
    check_against_the_game(before, after)
    assert [d["bonus"] for d in after.result().details] == [3, 1]


def test_favor_tokens_used_by_the_recount_exist() -> None:
    for name in ("moss", "sun", "fire", "nature_point", "leaves", "vines"):
        assert token(name) >= 0
