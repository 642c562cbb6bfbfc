"""Fixed-seed games, recorded as digests: what the rules do must not change when only their speed does.

Each digest covers, step by step, the prompt, every legal action's label, the action taken, the events,
whether the step was final, the state hash, and at the end the result. The same games played untracked
(no log, as bots play) must take the same actions and end in the same state, and a clone must hash and
play like its original.

The recorded digests belong to the content (and, for the greedy game, to the heuristics) they were
recorded with: when those change on purpose, the test fails and says so (a skip would let a change of
the rules pass unseen beside it); re-record with `python -m tests.games.threetale.test_fixed_games` and
paste what it prints.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from talewood.agents import make_agent
from talewood.engine import CHANCE, Rng, State
from talewood.games import threetale

from .helpers import GAME

PACKAGE = Path(threetale.__file__).parent

RANDOM_GAMES: list[tuple[dict[str, Any], int]] = [
    ({}, 1),
    ({}, 2),
    ({"future": "nine_rings", "ring_transfer": True}, 3),
    ({"future": "information_flood", "removal_fallback": "strict"}, 4),
    ({"future": "parallel_land", "tree_flips": "players"}, 5),
    ({"future": "path_of_initiation", "hope_scope": "per_roll"}, 6),
    ({"future": "crown_of_evil", "crown_attacks": "per_action", "difficulty": "harder"}, 7),
    ({"tutorial": True, "difficulty": "easier"}, 8),
    ({"heroes": "queen_of_living_water+youngest_son+sun_and_moon", "future": "crown_of_evil"}, 9),
    ({"future": "information_flood", "difficulty": "easier"}, 10),
]

# recorded with the content (and heuristics) whose fingerprints follow
CONTENT = "5f59bc1e2f4d7c32"
HEURISTICS = "6b38fac91ee4e9f6"
DIGESTS: dict[str, str] = {
    "random-1": "033a9be2b645bcc388b2ec98c92baf82",
    "random-2": "1e629b9cf57c5782cf073a43ef0d0af2",
    "random-3": "da910a8f5e61c368a9ba27d3224aa5a2",
    "random-4": "8932d739b8f289fb37d589fe4a216801",
    "random-5": "e912ee1e9e438fa801ba311266b62459",
    "random-6": "ae84ab874c4d24d7313d4e67d310962e",
    "random-7": "32d470cad26b42e04326347721eecca2",
    "random-8": "991c63b510afbe60c3bbd1c422c7beba",
    "random-9": "90584d85e0633a17a2f38855f87ddc17",
    "random-10": "a97aaad1721bbd6b256892b082036d14",
    "chance-77": "13b88ed979a5784134d7ff765a8bb150",
    "untracked-many": "f317758f3ed0bba6440205f9ad02a973",
    "greedy-55": "044790954b3b878dfa49f412b5d9180d",
}


def fingerprint(*names: str) -> str:
    h = hashlib.blake2b(digest_size=8)
    for name in names:
        path = PACKAGE / name
        files = sorted(path.rglob("*.toml")) if path.is_dir() else [path]
        for f in files:
            h.update(f.name.encode())
            h.update(f.read_bytes())
    return h.hexdigest()


def _line(h: Any, *parts: Any) -> None:
    h.update(json.dumps(parts, sort_keys=True, default=str).encode())
    h.update(b"\n")


def _chance_or(state: State, choose: Any, rng: Rng) -> int:
    if state.current_player == CHANCE:
        outcomes = state.chance_outcomes()
        r = rng.random()
        for outcome, p in outcomes:
            r -= p
            if r < 0:
                return outcome
        return outcomes[-1][0]
    return int(choose(state))


def play(options: dict[str, Any], seed: int, choose: Any, rng: Rng, explicit_chance: bool = False,
         ) -> tuple[str, list[int], str]:
    """Play a tracked game; (digest, actions, final state hash)."""
    s = GAME.new_game(3, seed, options, explicit_chance=explicit_chance)
    h = hashlib.blake2b(digest_size=16)
    actions: list[int] = []
    while not s.is_over:
        legal = s.legal_actions()
        _line(h, s.current_player, s.prompt(), [s.describe(a) for a in legal])
        if s.current_player == CHANCE:
            _line(h, list(s.chance_outcomes()))
        action = _chance_or(s, choose, rng)
        twin = s.clone() if len(actions) % 29 == 0 else None
        events = s.apply(action)
        actions.append(action)
        _line(h, action, [(e["type"], e["text"], e["to"]) for e in events], s.barrier, s.state_hash())
        if twin is not None:
            twin.apply(action)
            assert twin.state_hash() == s.state_hash()
    _line(h, s.result().to_json())
    return h.hexdigest(), actions, s.state_hash()


def replay_untracked(options: dict[str, Any], seed: int, actions: list[int], explicit_chance: bool = False) -> str:
    s = GAME.new_game(3, seed, options, tracked=False, explicit_chance=explicit_chance)
    for a in actions:
        assert a in s.legal_actions()
        s.apply(a)
    assert s.is_over
    return s.state_hash()


def random_chooser(rng: Rng) -> Any:
    return lambda s: s.legal_actions()[rng.below(len(s.legal_actions()))]


def digests() -> dict[str, str]:
    """Every game's digest, checking on the way that untracked play agrees."""
    out: dict[str, str] = {}
    for options, seed in RANDOM_GAMES:
        rng = Rng(seed * 101)
        digest, actions, final = play(options, seed, random_chooser(rng), rng)
        assert replay_untracked(options, seed, actions) == final
        out[f"random-{seed}"] = digest
    rng = Rng(77)
    digest, actions, final = play({"future": "parallel_land"}, 77, random_chooser(rng), rng, explicit_chance=True)
    assert replay_untracked({"future": "parallel_land"}, 77, actions, explicit_chance=True) == final
    out["chance-77"] = digest
    out["untracked-many"] = many_untracked()
    return out


def many_untracked(games: int = 24) -> str:
    """Untracked random games as bots play them: every legal list and state hash."""
    h = hashlib.blake2b(digest_size=16)
    for seed in range(100, 100 + games):
        s = GAME.new_game(3, seed, tracked=False)
        rng = Rng(seed)
        while not s.is_over:
            legal = s.legal_actions()
            s.apply(legal[rng.below(len(legal))])
            _line(h, legal, s.state_hash())
        _line(h, s.result().to_json())
    return h.hexdigest()


def greedy_digest() -> str:
    agent = make_agent("greedy", 5)
    digest, actions, final = play({"future": "nine_rings"}, 55, agent.choose, Rng(0))
    assert replay_untracked({"future": "nine_rings"}, 55, actions) == final
    return digest


def test_fixed_random_games_play_as_recorded() -> None:
    found = digests()
    if fingerprint("content") != CONTENT:
        pytest.fail("the content changed since the digests were recorded: check that the rules did not, then "
                    "re-record them (see the docstring)")
    assert found == {k: v for k, v in DIGESTS.items() if not k.startswith("greedy")}


def test_a_fixed_greedy_game_plays_as_recorded() -> None:
    found = greedy_digest()
    if fingerprint("content", "heuristics.py") != HEURISTICS:
        pytest.fail("the content or heuristics changed since the digest was recorded: re-record it (see the "
                    "docstring)")
    assert found == DIGESTS["greedy-55"]


if __name__ == "__main__":
    print(f'CONTENT = "{fingerprint("content")}"')
    print(f'HEURISTICS = "{fingerprint("content", "heuristics.py")}"')
    print("DIGESTS: dict[str, str] = {")
    for k, v in {**digests(), "greedy-55": greedy_digest()}.items():
        print(f'    "{k}": "{v}",')
    print("}")
