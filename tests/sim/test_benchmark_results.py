"""benchmarks/results keeps what the docs quote, in a compact form (summaries, gzipped tallies): the games
the scripts play go to the ignored benchmarks/raw/, so the tree stays small enough to clone at once."""

from __future__ import annotations

from pathlib import Path

from .benchmarks import ROOT, benchmark

RESULTS = ROOT / "results"
LARGEST_FILE = 2_000_000     # bytes: a summary is tens of kB; a raw round was 5-9 MB a file
LARGEST_FOLDER = 4_000_000   # every kept result together


def sizes() -> dict[Path, int]:
    return {f.relative_to(RESULTS): f.stat().st_size for f in RESULTS.rglob("*") if f.is_file()}


def test_no_file_of_the_results_is_a_raw_dump() -> None:
    big = sorted(str(f) for f, n in sizes().items() if n > LARGEST_FILE)
    assert not big, f"raw outputs belong in benchmarks/raw/ (ignored), a summary in benchmarks/results/: {big[:5]}"


def test_the_results_folder_stays_small() -> None:
    assert sum(sizes().values()) < LARGEST_FOLDER


def test_the_scripts_write_their_games_to_the_ignored_raw_folder_by_default() -> None:
    raw = ROOT / "raw"
    assert benchmark("trial_balance").OUT.parent == raw
    winnability = benchmark("threetale_winnability")
    assert winnability.OUT.parent == raw
    assert winnability.KEPT.parent == winnability.TALLY.parent == RESULTS
    assert "/benchmarks/raw/" in (ROOT.parent / ".gitignore").read_text().split()
