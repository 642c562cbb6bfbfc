"""benchmarks/threetale_winnability.py: a run resumes each Future's games of its own content only."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from .benchmarks import benchmark

winnability = benchmark("threetale_winnability")


def rows(out: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in out.read_text().splitlines()]


def test_every_future_has_a_content_tag() -> None:
    assert set(winnability.CONTENT) == set(winnability.futures())


def test_a_run_plays_only_the_games_its_futures_content_lacks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    tags = {**winnability.CONTENT, "nine_rings": "tag-a", "crown_of_evil": "tag-b"}
    monkeypatch.setattr(winnability, "CONTENT", tags)
    out = tmp_path / "games.jsonl"
    old = {"content": "tag-old", "bot": "random", "difficulty": "normal", "future": "crown_of_evil", "seed": 5,
           "won": True, "score": 1, "heroes": ["An Old Hero"], "decisions": 1, "seconds": 0.0, "error": None,
           "reason": None}
    kept = {**old, "content": "tag-a", "future": "nine_rings", "heroes": ["A Kept Hero"]}
    out.write_text(json.dumps(old) + "\n" + json.dumps(kept) + "\n")
    winnability.run("random", 1, "normal", 5, out, ["nine_rings", "crown_of_evil"])
    played = rows(out)[2:]
    # the Nine Rings game of its current tag stands; the Crown of Evil's older game is played again
    assert [(r["future"], r["content"], r["seed"]) for r in played] == [("crown_of_evil", "tag-b", 5)]
    winnability.run("random", 1, "normal", 5, out, ["nine_rings", "crown_of_evil"])
    assert len(rows(out)) == 3, "a second run finds nothing left to play"
    table = winnability.table(rows(out))
    assert "| tag-b | random | normal | crown_of_evil | 1 |" in table
    # the Heroes' presence over every Future's current games: the old Crown of Evil game is left out
    current = [line for line in table.splitlines() if line.startswith("| current | random | normal |")]
    assert len(current) == 4 and not any("An Old Hero" in line for line in current)
    assert "| tag-old | random | normal | An Old Hero | 1 |" in table


def test_a_hero_only_tuning_keeps_the_games_of_teams_without_those_heroes(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(winnability, "CONTENT", {**winnability.CONTENT, "nine_rings": "tag-new"})
    monkeypatch.setattr(winnability, "HERO_TUNINGS",
                        {"tag-new": ({"nine_rings": "tag-before"}, frozenset({"The Silver Deer"}))})
    teams = winnability.load("threetale").teams_of_heroes
    names = {h.id: h.name for h in winnability.load("threetale").content.heroes}
    out = tmp_path / "games.jsonl"
    before = []
    for k in (0, 9):       # team 0 has the Silver Deer, team 9 leaves her out
        before.append({"content": "tag-before", "bot": "random", "difficulty": "normal", "future": "nine_rings",
                       "seed": 5 + k, "won": False, "score": 1, "heroes": [names[h] for h in teams[k].split("+")],
                       "decisions": 1, "seconds": 0.0, "error": None, "reason": None})
    assert "The Silver Deer" in before[0]["heroes"] and "The Silver Deer" not in before[1]["heroes"]
    out.write_text("".join(json.dumps(r) + "\n" for r in before))
    winnability.run("random", 10, "normal", 5, out, ["nine_rings"])
    again = [r["seed"] for r in rows(out)[2:]]
    assert 5 in again and 14 not in again and len(again) == 9     # the Deer's game again, the other kept
    table = winnability.table(rows(out))
    assert "| tag-new | random | normal | nine_rings | 10 |" in table


def test_a_game_carries_through_hero_only_tunings_in_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game of the oldest tag whose team has neither tuning's Hero counts as the newest tag's; one with
    the second tuning's Hero stops at the first."""
    monkeypatch.setattr(winnability, "HERO_TUNINGS", {
        "tag-2": ({"nine_rings": "tag-1"}, frozenset({"The Silver Deer"})),
        "tag-3": ({"nine_rings": "tag-2"}, frozenset({"Sun and Moon"})),
    })
    game = {"content": "tag-1", "future": "nine_rings", "heroes": ["The Youngest Son", "The Unborn Maiden"]}
    assert winnability.content_of(game) == "tag-3"
    assert winnability.content_of({**game, "heroes": ["Sun and Moon"]}) == "tag-2"
    assert winnability.content_of({**game, "heroes": ["The Silver Deer"]}) == "tag-1"
    assert winnability.content_of({**game, "content": "tag-2"}) == "tag-3"
    assert winnability.content_of({**game, "future": "the_path"}) == "tag-1"


def test_the_kept_games_are_not_played_again_and_new_ones_go_to_the_raw_file(tmp_path: Path) -> None:
    kept, raw, tally = tmp_path / "kept.jsonl.gz", tmp_path / "raw.jsonl", tmp_path / "tally.json"
    old = {"content": winnability.CONTENT["nine_rings"], "bot": "random", "difficulty": "normal",
           "future": "nine_rings", "seed": 5, "won": True, "score": 7, "heroes": ["A Kept Hero"], "decisions": 1,
           "seconds": 0.0, "error": None, "reason": None}
    kept.write_bytes(gzip.compress((json.dumps(old) + "\n").encode()))
    args = ["--bot", "random", "--games", "2", "--seed", "5", "--futures", "nine_rings",
            "--out", str(raw), "--kept", str(kept), "--tally", str(tally)]
    winnability.main(args)
    assert [r["seed"] for r in rows(raw)] == [6], "the kept game is not played again"
    got = json.loads(tally.read_text())
    assert got["games"] == 2
    [nine_rings] = got["futures"]
    assert (nine_rings["games"], nine_rings["wins"], nine_rings["rate"][0]) == (2, 1 + rows(raw)[0]["won"],
                                                                               50.0 * (1 + rows(raw)[0]["won"]))
    # --keep folds the raw game into the kept file, once however often it runs
    winnability.main([*args, "--table", "--keep"])
    winnability.main([*args, "--table", "--keep"])
    assert [json.loads(line)["seed"] for line in gzip.decompress(kept.read_bytes()).decode().splitlines()] == [5, 6]


def test_the_tally_keeps_a_variants_games_apart(tmp_path: Path) -> None:
    kept, tally = tmp_path / "kept.jsonl.gz", tmp_path / "tally.json"
    tag = winnability.CONTENT["parallel_land"]
    game = {"content": tag, "bot": "normal", "difficulty": "normal", "future": "parallel_land", "seed": 1,
            "won": True, "score": 9, "heroes": ["A Hero"], "decisions": 1, "seconds": 0.0, "error": None,
            "reason": None}
    variant = {**game, "options": {"empty_tiles": "flipped"}, "won": False, "heroes": ["A Variant's Hero"]}
    kept.write_bytes(gzip.compress("".join(json.dumps(r) + "\n" for r in (game, variant)).encode()))
    winnability.main(["--table", "--kept", str(kept), "--out", str(tmp_path / "raw.jsonl"), "--tally", str(tally)])
    got = json.loads(tally.read_text())
    assert [(f["content"], f["games"], f["wins"]) for f in got["futures"]] == [
        (tag, 1, 1), (f"{tag} empty_tiles=flipped", 1, 0)]
    current = {h["hero"] for h in got["heroes"] if h["content"] == winnability.CURRENT}
    assert current == {"A Hero"}, "a variant's games are not the current content's"
