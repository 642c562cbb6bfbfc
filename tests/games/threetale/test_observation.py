"""The observation kept up to date for each seat (what the learning environments hand out) is the
encoding, however seldom the seat looks: whole games and the next ones, and the changes random play
seldom brings (a tile taken off with its token, the Future's figure moving, a Virus destroyed, a roll
ending, an Artifact lost, a Virtue that changes the Actions left, a tile on the Map laid or not)."""

from __future__ import annotations

from array import array

from talewood.engine import ObservationSpec, Rng
from talewood.engine.observation import Update
from talewood.games.threetale.state import TTState
from talewood.games.threetale.tables import ENDEAVOR

from .helpers import GAME, scenario
from .test_examples_future import future

SPEC: ObservationSpec = GAME.observation_spec(3, GAME.parse_options({}, 3))


def follows(s: TTState, seat: int, kept: tuple[Update, array[float]]) -> bool:
    update, out = kept
    update(s, seat, out)
    return out.tolist() == GAME.encode(s, seat)


def kept_for(s: TTState, seat: int = 0) -> tuple[Update, array[float]]:
    kept = (SPEC.follow(), SPEC.buffer())
    assert follows(s, seat, kept)
    return kept


def test_kept_observations_follow_whole_games_and_the_next_ones() -> None:
    rng = Rng(11)
    kept = [(SPEC.follow(), SPEC.buffer()) for _ in range(3)]
    for seed, difficulty in enumerate(("normal", "harder", "easier", "normal", "normal", "harder", "normal")):
        s = GAME.new_game(3, seed, GAME.parse_options({"difficulty": difficulty}, 3))
        steps = 0
        while True:
            if rng.below(60) == 0:
                s = s.clone()
            for seat in range(3):
                if s.over or rng.below(6) == 0:
                    assert follows(s, seat, kept[seat]), f"seat {seat + 1}, game {seed}, step {steps}: {s.prompt()}"
            if s.over:
                break
            legal = s.legal_actions()
            s.apply(legal[rng.below(len(legal))])
            steps += 1


def test_a_kept_observation_starts_over_for_another_seat() -> None:
    s = future("nine_rings")
    kept = kept_for(s, 0)
    for seat in (1, 2, 0):
        assert follows(s, seat, kept)


def test_a_tile_taken_off_the_map_takes_its_token_out_of_the_observation() -> None:
    s = future("nine_rings", {"tokens": [{"space": "17:NE", "token": "offering"}]})
    space = next(sp for sp, tok in enumerate(s.token) if tok >= 0)
    kept = kept_for(s)
    s.lift_tile(space // 4)
    assert follows(s, 0, kept)


def test_the_figure_moving_and_a_virus_destroyed_show_in_a_kept_observation() -> None:
    s = future("nine_rings")
    spaces = [t * 4 + k for t in s.placed for k in range(4)]
    s.figure, s.viruses[:2] = spaces[0], spaces[1:3]
    kept = kept_for(s)
    s.figure, s.viruses[0] = spaces[5], -1
    assert follows(s, 0, kept)
    s.figure = -1
    assert follows(s, 0, kept)


def test_a_roll_that_ends_leaves_the_kept_observation() -> None:
    s = future("nine_rings")
    s.roll.kind, s.roll.positive, s.roll.dice = 1, 2, 3
    kept = kept_for(s)
    s.roll.kind = 0
    assert follows(s, 0, kept)


def test_an_artifact_lost_leaves_the_kept_observation() -> None:
    s = scenario({"boards": [{"artifacts": ["A1-01", "A1-02"]}, {}, {}]})
    kept = kept_for(s)
    s.arts[0].pop()
    assert follows(s, 0, kept)


def test_a_virtue_that_changes_the_actions_left_shows_in_the_kept_observation() -> None:
    s = future("nine_rings")
    cur = s.cur
    before = s.actions_left(cur)
    kept = kept_for(s, cur)
    while s.actions_left(cur) == before:
        s.set_virtue(cur, ENDEAVOR, s.v(cur, ENDEAVOR) + 1)
    assert follows(s, cur, kept)


def test_a_tile_on_the_map_laid_or_not_shows_in_a_kept_observation() -> None:
    # while a Hero places a tile it lies on the Map before it is laid: its spaces and tokens show only then
    s = future("nine_rings", {"tokens": [{"space": "17:NE", "token": "offering"}]})
    tile = next(sp for sp, tok in enumerate(s.token) if tok >= 0) // 4
    kept = kept_for(s)
    s.placed.remove(tile)
    assert follows(s, 0, kept)
    s.placed.append(tile)
    assert follows(s, 0, kept)
