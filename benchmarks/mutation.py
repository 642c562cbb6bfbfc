"""How strong the tests of scoring and records are: mutmut 3 on each game's scoring module and on
engine/records.py, each against its own tests, and the share of mutants they kill (`make mutation`).

Each module runs in a folder of its own under build/mutation/ (the source and the tests linked in, a
pyproject.toml naming the module and its tests), so one run's mutants never meet another's, and the
tree is left as it was. Usage: python benchmarks/mutation.py [--max-children N] [name ...]
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WORK = ROOT / "build" / "mutation"
GOAL = 0.90

TARGETS: dict[str, tuple[str, tuple[str, ...]]] = {
    "spirits": ("src/talewood/games/spirits/scoring.py",
                ("tests/games/spirits/test_scoring_recount.py", "tests/games/spirits/test_base_rules.py",
                 "tests/games/spirits/test_expansion.py")),
    "greylune": ("src/talewood/games/greylune/scoring.py",
                 ("tests/games/greylune/test_scoring_recount.py", "tests/games/greylune/test_rules.py",
                  "tests/games/greylune/test_rulebook_examples.py")),
    "trial": ("src/talewood/games/trial/scoring.py",
              ("tests/games/trial/test_scoring_recount.py", "tests/games/trial/test_camping_and_end.py")),
    "threetale": ("src/talewood/games/threetale/scoring.py",
                  ("tests/games/threetale/test_scoring_recount.py", "tests/games/threetale/test_choices.py",
                   "tests/games/threetale/test_examples_future.py")),
    "records": ("src/talewood/engine/records.py", ("tests/engine/test_records.py", "tests/engine/test_engine.py")),
}


def toml_list(values: list[str] | tuple[str, ...]) -> str:
    return "[" + ", ".join(json.dumps(v) for v in values) + "]"


def prepare(name: str, module: str, tests: tuple[str, ...]) -> Path:
    """A fresh folder for one module: src and tests linked in, the pytest settings, mutmut's settings."""
    folder = WORK / name
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    for part in ("src", "tests"):
        (folder / part).symlink_to(ROOT / part, target_is_directory=True)
    pytest_settings = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["pytest"]
    markers = pytest_settings["ini_options"]["markers"]
    (folder / "pyproject.toml").write_text(
        "[tool.pytest.ini_options]\n"
        f"markers = {toml_list(markers)}\n"
        "[tool.mutmut]\n"
        'source_paths = ["src"]\n'
        f"only_mutate = {toml_list([module])}\n"
        f"pytest_add_cli_args_test_selection = {toml_list(tests)}\n"
        'pytest_add_cli_args = ["-p", "no:cacheprovider", "-p", "no:xdist"]\n'
        "use_git_change_detection = false\n", encoding="utf-8")
    return folder


def score(folder: Path) -> tuple[int, int, dict[str, int]]:
    """(killed, mutants, count by status) from the run's statistics."""
    subprocess.run([sys.executable, "-m", "mutmut", "export-cicd-stats"], cwd=folder, check=True,
                   stdout=subprocess.DEVNULL)
    stats = json.loads((folder / "mutants" / "mutmut-cicd-stats.json").read_text(encoding="utf-8"))
    counts = {k: v for k, v in stats.items() if isinstance(v, int)}
    return counts.get("killed", 0), counts.get("total", 0), counts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help=f"the modules to test: {', '.join(TARGETS)} (default: all)")
    parser.add_argument("--max-children", type=int, default=2, help="mutants tested at once")
    args = parser.parse_args()
    unknown = [name for name in args.names if name not in TARGETS]
    if unknown:
        parser.error(f"unknown module {unknown[0]!r}; choose among {', '.join(TARGETS)}")
    rows = []
    for name in args.names or list(TARGETS):
        module, tests = TARGETS[name]
        folder = prepare(name, module, tests)
        print(f"== {name}: {module} against {', '.join(tests)}", flush=True)
        subprocess.run([sys.executable, "-m", "mutmut", "run", "--max-children", str(args.max_children)], cwd=folder,
                       check=True, stdout=subprocess.DEVNULL)
        survivors = subprocess.run([sys.executable, "-m", "mutmut", "results"], cwd=folder, check=True,
                                   capture_output=True, text=True).stdout
        (folder / "survivors.txt").write_text(survivors, encoding="utf-8")
        killed, total, counts = score(folder)
        rows.append((name, module, killed, total, counts))
    print(f"\n{'module':<42} {'killed':>8} {'mutants':>8} {'share':>7}")
    ok = True
    for name, module, killed, total, counts in rows:
        share = killed / total if total else 0.0
        ok &= share >= GOAL
        others = ", ".join(f"{k} {v}" for k, v in counts.items() if k not in ("killed", "total") and v)
        print(f"{module:<42} {killed:>8} {total:>8} {share:>6.1%}  ({others}; survivors in "
              f"{(WORK / name / 'survivors.txt').relative_to(ROOT)})")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
