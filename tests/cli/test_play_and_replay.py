"""Terminal play that survives quitting and Ctrl-C (the game is saved and resumed), and replays that a
person can read: a sentence, a step-through on the board, and records cut short refused."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from io import StringIO
from pathlib import Path

import pytest
from rich.console import Console

from talewood.cli import main
from talewood.engine import load_record, replay
from talewood.games import available, load
from talewood.terminal import play, step_through


def answers(*items: str) -> Callable[[str], str]:
    it: Iterator[str] = iter(items)
    return lambda _prompt: next(it)


def console() -> tuple[Console, StringIO]:
    out = StringIO()
    return Console(file=out, width=160), out


def interrupt_after(n: int) -> Callable[[str], str]:
    """A player who picks the first choice `n` times, then presses Ctrl-C at the prompt."""
    count = [0]

    def ask(_prompt: str) -> str:
        count[0] += 1
        if count[0] > n:
            raise KeyboardInterrupt
        return "1"
    return ask


def test_quit_saves_the_game_and_says_where(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    con, out = console()
    code = play("spirits", players=2, seats=["human", "greedy"], seed=5, ask=answers("1", "1", "quit"),
                console=con)
    saved = tmp_path / "saves" / "spirits-5.json"
    assert code == 0 and saved.exists()
    assert "Game saved to saves/spirits-5.json. Continue it with: talewood play --resume saves/spirits-5.json" \
        in " ".join(out.getvalue().split())
    record = load_record(saved)
    assert record.result is None and record.seats == ["human", "greedy"]
    assert len(record.actions) >= 3 and record.hashes is not None and len(record.hashes) == len(record.actions)


def test_resume_continues_the_saved_game_exactly_and_saves_back(tmp_path):
    con, _ = console()
    play("greylune", players=2, seats=["human", "random"], seed=11, save_dir=str(tmp_path),
         ask=answers("1", "2", "1", "quit"), console=con)
    path = tmp_path / "greylune-11.json"
    saved = load_record(path)
    at_quit = replay(saved, load)
    con, out = console()
    code = play(None, resume=str(path), ask=answers("quit"), console=con)
    text = out.getvalue()
    assert code == 0
    assert f"Continuing the game saved in {path} after {len(saved.actions)} moves" in text
    assert at_quit.prompt() in text                     # the same decision is waiting
    again = load_record(path)
    assert again.actions == saved.actions and again.hashes == saved.hashes
    # play on to the end: the finished record replaces the save, with its result
    con, out = console()
    assert play(None, resume=str(path), ask=lambda _: "1", console=con) == 0
    final = load_record(path)
    assert final.actions[:len(saved.actions)] == saved.actions and final.result is not None
    assert replay(final, load).is_over
    assert f"Record saved to {path}" in " ".join(out.getvalue().split())


def test_undo_reaches_back_past_the_resume_point(tmp_path):
    """Seed 0: Player 1's first tile reveals nothing and leaves them to place a gemstone, so it may be
    taken back, even after the game was saved and resumed in between."""
    con, _ = console()
    play("spirits", players=2, seats=["human", "greedy"], seed=0, save_dir=str(tmp_path),
         ask=answers("2", "quit"), console=con)          # 1 collects no tile: the first tile is 2
    path = tmp_path / "spirits-0.json"
    assert len(load_record(path).actions) == 1
    con, out = console()
    play(None, resume=str(path), ask=answers("undo", "quit"), console=con)
    assert "Took back 1 decision." in out.getvalue()
    assert load_record(path).actions == []


def test_resume_refuses_a_finished_game_and_fixed_settings(tmp_path, capsys):
    con, _ = console()
    play("spirits", players=2, seats=["human", "random"], seed=4, save_dir=str(tmp_path), ask=lambda _: "1",
         console=con)
    path = tmp_path / "spirits-4.json"
    assert load_record(path).result is not None
    code = main(["play", "--resume", str(path)])
    err = capsys.readouterr().err
    assert code == 2 and f"the game saved in {path} is already over" in err
    code = main(["play", "--resume", str(path), "--seed", "3", "--players", "2"])
    err = capsys.readouterr().err
    assert code == 2 and "--resume continues the saved game as it was: drop --players, --seed" in err
    code = main(["play", "--resume", str(path), "--save", str(tmp_path)])
    err = capsys.readouterr().err
    assert code == 2 and f"a resumed game is saved back to {path}: drop --save" in err
    code = main(["play", "greylune", "--resume", str(path)])
    assert code == 2
    code = main(["play"])
    known = ", ".join(available())
    assert code == 2 and f"name a game to play ({known}), or give --resume FILE" in capsys.readouterr().err


def test_ctrl_c_in_play_saves_and_ends_without_a_traceback(tmp_path):
    con, out = console()
    code = play("spirits", players=2, seats=["human", "greedy"], seed=8, save_dir=str(tmp_path),
                ask=interrupt_after(2), console=con)
    text = " ".join(out.getvalue().split())
    assert code == 130
    assert "Interrupted." in text and "Traceback" not in text
    path = tmp_path / "spirits-8.json"
    assert f"Game saved to {path}." in text
    assert len(load_record(path).actions) >= 2


def test_ctrl_c_in_the_talewood_command_leaves_no_traceback(tmp_path):
    """A real process and a real SIGINT, while it waits for the player's answer."""
    out_path = tmp_path / "out.txt"
    with out_path.open("w") as out:
        proc = subprocess.Popen([sys.executable, "-m", "talewood.cli", "play", "spirits", "--seats", "human,greedy",
                                 "--seed", "3", "--save", str(tmp_path / "saves")],
                                stdin=subprocess.PIPE, stdout=out, stderr=subprocess.PIPE,
                                env={**os.environ, "COLUMNS": "120"},
                                # a shell that started the tests in the background ignores SIGINT; a
                                # person's terminal does not
                                preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
        deadline = time.time() + 30
        while "> " not in out_path.read_text() and time.time() < deadline:
            time.sleep(0.05)
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=30)
    assert proc.returncode == 130
    assert b"Traceback" not in err and err.strip() == b""
    assert "Game saved to" in out_path.read_text()
    assert (tmp_path / "saves" / "spirits-3.json").exists()


@pytest.fixture
def finished(tmp_path: Path, capsys) -> Path:
    assert main(["simulate", "spirits", "--games", "1", "--players", "2", "--workers", "1",
                 "--save", str(tmp_path)]) == 0
    capsys.readouterr()
    return next(tmp_path.glob("spirits-*.json"))


def test_replay_says_the_record_is_ok_in_words(finished, capsys):
    record = load_record(finished)
    assert record.hashes is not None and len(record.hashes) == len(record.actions)
    code = main(["replay", str(finished)])
    out = capsys.readouterr().out
    assert code == 0
    assert out.startswith(f"record OK: {len(record.actions)} steps, every state hash matches\n")
    assert "Spirits of the Forest, 2 players, seed 0: the game is over;" in out
    code = main(["replay", str(finished), "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0 and data["steps"] == len(record.actions) and data["over"] is True


def test_replay_names_a_changed_state_hash(finished, capsys):
    data = json.loads(finished.read_text())
    data["hashes"][7] = "0" * 16
    finished.write_text(json.dumps(data))
    code = main(["replay", str(finished)])
    assert code == 2 and "diverged at step 7" in capsys.readouterr().err


def test_a_record_cut_short_that_still_carries_its_result_is_refused(finished, capsys):
    data = json.loads(finished.read_text())
    steps = len(data["actions"])
    data["actions"] = data["actions"][:steps - 10]
    data["hashes"] = data["hashes"][:steps - 10]
    finished.write_text(json.dumps(data))
    code = main(["replay", str(finished)])
    captured = capsys.readouterr()
    assert code == 1 and captured.out == ""
    assert (f"the record is cut short: it carries a final result, but its {steps - 10} moves stop before the end "
            "of the game") in captured.err
    code = main(["replay", str(finished), "--json"])
    assert code == 1 and capsys.readouterr().out == ""


def test_an_unfinished_save_replays_and_says_who_is_to_play(tmp_path, capsys):
    con, _ = console()
    play("spirits", players=2, seats=["human", "greedy"], seed=5, save_dir=str(tmp_path),
         ask=answers("1", "quit"), console=con)
    path = tmp_path / "spirits-5.json"
    code = main(["replay", str(path)])
    out = capsys.readouterr().out
    assert code == 0 and "the game is not over; Player 1 is to play" in out
    assert f"talewood play --resume {path}" in out


def test_step_through_a_record_on_the_board(finished):
    record = load_record(finished)
    total = len(record.actions)
    con, out = console()
    code = step_through(record, None, ask=answers("", "", "b", "banana", "5", "e", str(total + 3), "q"),
                        console=con)
    text = out.getvalue()
    assert code == 0
    assert f"{total} moves, seen by a spectator" in text
    state = load("spirits").new_game(record.players, record.seed, record.options)
    first = state.describe(record.actions[0])
    assert f"Move 1 of {total}: Player 1 — {first}" in text
    assert text.count(f"Move 1 of {total}:") == 2          # forward twice, then back to move 1
    assert f"Move 5 of {total}:" in text and f"Move {total} of {total}:" in text
    assert "The game is over." in text
    assert "'banana' is not a command here." in text and f"The record has moves 0 to {total}." in text
    assert "The forest" in text                                   # the board is drawn


def test_replay_step_from_the_command_line_as_a_seat(finished, monkeypatch, capsys):
    monkeypatch.setattr("builtins.input", answers("e", "q"))
    code = main(["replay", str(finished), "--step", "--seat", "2"])
    out = capsys.readouterr().out
    assert code == 0 and "seen by Player 2" in out and "The game is over." in out
    code = main(["replay", str(finished), "--step", "--seat", "3"])
    assert code == 2 and "--seat 3: this game has 2 players" in capsys.readouterr().err
