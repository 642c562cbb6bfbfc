"""A command that explains itself: help for every command and flag, each game's options, refusals of
nonsense with the subcommand's usage, and a progress bar with an ETA only where a person watches."""

from __future__ import annotations

import argparse
import io
import json
import os
import subprocess
import sys

import pytest

from talewood.cli import build_parser, main

COMMANDS = ("games", "play", "simulate", "tournament", "report", "replay", "bench", "serve")


def run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def subparsers() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


def test_top_level_help_lists_every_command(capsys):
    code, out, _ = run(capsys, "--help")
    assert code == 0
    for command in COMMANDS:
        assert f"\n    {command}" in out
    assert "95% intervals, ratings" in out      # the tournament's help line, its % rendered once


def test_version(capsys):
    code, out, _ = run(capsys, "--version")
    assert code == 0 and out.startswith("talewood 0.")


def test_bare_talewood_shows_the_commands(capsys):
    code, out, err = run(capsys)
    assert code == 0 and err == ""
    assert out.startswith("usage: talewood")
    for command in COMMANDS:
        assert command in out


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_has_help(capsys, command):
    code, out, _ = run(capsys, command, "--help")
    assert code == 0 and out.startswith(f"usage: talewood {command}")


def test_every_argument_has_a_help_line_and_every_value_its_default():
    missing = []
    for command, sub in subparsers().items():
        for action in sub._actions:
            if isinstance(action, argparse._HelpAction):
                continue
            text = action.help or ""
            takes_value = action.nargs != 0
            optional = bool(action.option_strings)
            if not text:
                missing.append(f"{command} {action.dest}: no help")
            elif optional and takes_value and not action.required and "default" not in text:
                missing.append(f"{command} {action.option_strings[0]}: no default in {text!r}")
            elif optional and not takes_value and "default" not in text:
                missing.append(f"{command} {action.option_strings[0]}: a flag without its default")
            elif optional and action.required and "required" not in text:
                missing.append(f"{command} {action.option_strings[0]}: required but not said so")
    assert missing == []


def test_defaults_are_shown_with_their_values(capsys):
    _, out, _ = run(capsys, "bench", "--help")
    assert "(default: 2.0)" in out
    _, out, _ = run(capsys, "report", "--help")
    assert "how many games (default: 200)" in " ".join(out.split())
    _, out, _ = run(capsys, "serve", "--help")
    assert "(default: 0.4)" in out and "(default: 8000)" in out


def test_games_lists_each_games_options_with_values_defaults_and_meaning(capsys):
    code, out, _ = run(capsys, "games", "--options")
    text = " ".join(out.split())
    assert code == 0
    assert "spirits Spirits of the Forest 1 to 4 players" in text and "greylune Greylune 2 to 4 players" in text
    assert "wish — Wish cards: each player is dealt 2 Wish cards, keeps one and reveals it once everyone " \
           "has chosen" in text
    assert "values: true or false; default: false" in text
    assert "scenario — Forest layout:" in text
    assert "forbidden-forest (Forbidden Forest Scenario)" in text and "default: rows" in text
    assert "first_player — First player: who takes the First Player token" in text
    assert "values: seat0 (Player 1), random (a player drawn at random); default: seat0" in text


def test_games_names_one_game(capsys):
    code, out, _ = run(capsys, "games", "greylune")
    assert code == 0 and "first_player — First player" in out and "spirits" not in out
    code, _, err = run(capsys, "games", "chess")
    assert code == 2 and "unknown game 'chess'; known games: spirits, greylune" in err


@pytest.mark.parametrize("args", [
    ("simulate", "spirits", "--games", "1", "--bogus"),
    ("bench", "spirits", "--fast"),
    ("replay", "x.json", "--colour"),
    ("play", "spirits", "--speed", "2"),
])
def test_an_unknown_flag_shows_that_subcommands_usage(capsys, args):
    code, out, err = run(capsys, *args)
    assert code == 2 and out == ""
    assert err.startswith(f"usage: talewood {args[0]} ")
    assert f"unrecognized arguments: {args[-2] if args[0] == 'play' else args[-1]}" in err


WHOLE = "must be a whole number of 1 or more"


@pytest.mark.parametrize(("args", "message"), [
    (("simulate", "spirits", "--games", "1", "--workers", "0"), f"argument --workers: {WHOLE}, not '0'"),
    (("simulate", "spirits", "--games", "1", "--workers", "-1"), f"argument --workers: {WHOLE}, not '-1'"),
    (("simulate", "spirits", "--games", "0"), "argument --games: must be a whole number of 1 or more, not '0'"),
    (("simulate", "spirits", "--games", "2", "--players", "2,0"), "argument --players: takes a number of players"),
    (("simulate", "spirits", "--games", "2", "--seed", "-3"), "argument --seed: must be a whole number of 0 or more"),
    (("simulate", "spirits", "--games", "2", "--seats", ","), "argument --seats: needs at least one seat kind"),
    (("bench", "--seconds", "0"), "argument --seconds: must be a number of seconds above 0, like 0.5 or 2, not '0'"),
    (("bench", "--seconds", "-2"), "argument --seconds: must be a number of seconds above 0"),
    (("bench", "--seconds", "nan"), "argument --seconds: must be a number of seconds above 0"),
    (("tournament", "spirits", "--bots", "random", "--games", "0"), "argument --games: must be a whole number"),
    (("tournament", "spirits", "--bots", "random", "--games", "2", "--workers", "0"), "argument --workers:"),
    (("report", "spirits", "--workers", "-1"), "argument --workers: must be a whole number of 1 or more"),
    (("play", "spirits", "--players", "0"), "argument --players: must be a whole number of 1 or more"),
    (("serve", "--bot-delay", "-1"), "argument --bot-delay: must be a number of seconds, 0 or more"),
])
def test_nonsense_numbers_are_refused_with_a_message(capsys, args, message):
    code, out, err = run(capsys, *args)
    assert code == 2 and out == ""
    assert message in err and err.startswith(f"usage: talewood {args[0]}")


class FakeTerminal(io.StringIO):
    """stderr as a terminal: rich draws its live progress bar here."""

    def isatty(self) -> bool:
        return True


PROGRESS = [
    ("simulate", "spirits", "--games", "4", "--players", "2", "--workers", "1", "--json"),
    ("report", "greylune", "--games", "2", "--players", "2", "--seats", "random", "--workers", "1", "--json",
     "--out", "{tmp}"),
    ("tournament", "spirits", "--bots", "random,greedy", "--games", "2", "--workers", "1", "--json"),
    ("bench", "spirits", "--seconds", "0.01", "--json"),
]


@pytest.mark.parametrize("args", PROGRESS, ids=[a[0] for a in PROGRESS])
def test_a_progress_bar_with_an_eta_on_a_terminal_and_clean_json(capsys, monkeypatch, args, tmp_path):
    monkeypatch.setenv("TERM", "xterm-256color")
    terminal = FakeTerminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    code = main([a.format(tmp=tmp_path) for a in args])
    out, _ = capsys.readouterr()
    assert code == 0
    json.loads(out)                      # stdout holds the JSON alone
    drawn = terminal.getvalue()
    total = {"simulate": "4/4", "report": "2/2", "tournament": "2/2", "bench": "5/5"}[args[0]]
    assert "ETA" in drawn and total in drawn


@pytest.mark.parametrize("args", PROGRESS[:1] + PROGRESS[3:], ids=["simulate", "bench"])
def test_no_progress_bar_when_stderr_is_not_a_terminal(capsys, args):
    code, out, err = run(capsys, *args)
    assert code == 0 and err == ""
    json.loads(out)


def test_the_make_targets_install_what_each_job_needs():
    """`make run` installs the runtime dependencies only; `make test` adds the dev extras."""
    def dry_run(target: str) -> str:
        return subprocess.run(["make", "-n", target, "VENV=/nonexistent/venv"], capture_output=True, text=True,
                              check=True, cwd=__file__.rsplit("/tests/", 1)[0]).stdout

    run_lines = [line for line in dry_run("run").splitlines() if "pip install" in line and " -e " in line]
    test_lines = [line for line in dry_run("test").splitlines() if "pip install" in line and " -e " in line]
    assert run_lines and all("[dev]" not in line for line in run_lines)
    assert any("'.[dev]'" in line for line in test_lines)
    assert "talewood serve" in dry_run("run")


def test_a_reader_that_has_gone_ends_the_command_quietly():
    """`talewood games | head -1`: once the reader is gone, the command ends without a traceback, with the
    status a shell gives a program stopped by SIGPIPE. The pipe's reading end is closed before the command
    starts, so its first write is refused (no race with how much the reader took)."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        proc = subprocess.run([sys.executable, "-m", "talewood.cli", "games"], stdout=write_end,
                              stderr=subprocess.PIPE, timeout=120)
    finally:
        os.close(write_end)
    assert proc.stderr.decode() == ""
    assert proc.returncode == 141
