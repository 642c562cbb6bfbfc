"""The compiled build plays exactly the games the Python source plays (talewood/compiled.py, setup.py).

Each build plays, in a process of its own, fixed seeds of every game: random games at the smallest and
largest table (tracked: every event and label), untracked random games, a game of one-ply lookahead
(re-dealt worlds, clones) and a game of the `easy` search bots. Every step's state hash, legal actions,
action, label and events, the final result and the record (with its per-step hashes, replayed) go into
one digest per game; the two builds must give the same digests."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from talewood import compiled

PLAY = r"""
import hashlib, json, sys
from talewood import compiled
from talewood.agents import ITERATIONS, make_agent
from talewood.engine import Rng, record_of, replay
from talewood.games import available, load

def digest_of(game_id):
    game = load(game_id)
    h = hashlib.blake2b(digest_size=12)
    def add(*parts):
        h.update(repr(parts).encode() + b"\n")
    games = [(players, seed, True, None) for players in sorted({game.min_players, game.max_players})
             for seed in (1, 2)]
    games += [(game.max_players, 3, False, None), (game.max_players, 4, True, "greedy"),
              (game.min_players, 5, True, "easy")]
    for players, seed, tracked, bots in games:
        state = game.new_game(players, seed, tracked=tracked)
        rng = Rng(seed)
        agents = [make_agent(bots, seed * 10 + s, ITERATIONS) for s in range(players)] if bots else None
        while not state.is_over:
            legal = state.legal_actions()
            seat = state.current_player
            if agents is not None and seat is not None and seat >= 0:
                action = agents[seat].choose(state)
            else:
                action = legal[rng.below(len(legal))]
            add(seat, tuple(legal), action, state.describe(action) if tracked else "")
            for event in state.apply(action):
                add(sorted(event.items()))
            add(state.state_hash())
        result = state.result()
        add(result.scores, result.winners, json.dumps(result.details, sort_keys=True, default=str))
        if tracked:
            record = record_of(state)
            add(json.dumps(record.to_json(), sort_keys=True))
            add(replay(record, load).state_hash())
    return h.hexdigest()

print(json.dumps({"digests": {g: digest_of(g) for g in available()},
                  "compiled": sorted(n for n in compiled.COMPILED
                                     if n in sys.modules and compiled.is_compiled(sys.modules[n]))}))
"""


def play(pure: bool) -> dict[str, object]:
    env = {k: v for k, v in os.environ.items() if k != compiled.PURE}
    if pure:
        env[compiled.PURE] = "1"
    src = str(Path(compiled.__file__).resolve().parent.parent)
    env["PYTHONPATH"] = os.pathsep.join([src, *filter(None, [env.get("PYTHONPATH")])])
    out = subprocess.run([sys.executable, "-c", PLAY], env=env, capture_output=True, text=True, check=False)
    assert out.returncode == 0, out.stderr
    answer: dict[str, object] = json.loads(out.stdout)
    return answer


@pytest.mark.slow
def test_the_compiled_build_plays_the_same_games_as_the_source() -> None:
    if compiled.pure() or compiled.stale():
        pytest.skip("the extensions are not built (or are older than their sources): nothing to compare")
    built, source = play(pure=False), play(pure=True)
    assert source["compiled"] == []
    assert built["compiled"], "the compiled run loaded no extension"
    assert set(built["compiled"]) >= {"talewood.engine.game", "talewood.games.spirits.state",
                                      "talewood.games.greylune.state", "talewood.games.trial.state",
                                      "talewood.games.threetale.state",
                                      "talewood.agents.mcts"}
    assert built["digests"] == source["digests"]
