"""A game or server module stays within 700 lines (docs/architecture.md, Modules): one that grows past it is
split by the rulebook's (or the server's) own concepts, not let grow."""

from __future__ import annotations

from pathlib import Path

LIMIT = 700
PACKAGE = Path(__file__).resolve().parents[1] / "src" / "talewood"


def too_long(folder: Path) -> list[str]:
    """Each module below `folder` longer than LIMIT, with its length."""
    return [f"{path.relative_to(folder)}: {n} lines" for path in sorted(folder.rglob("*.py"))
            if (n := len(path.read_text(encoding="utf-8").splitlines())) > LIMIT]


def test_no_game_or_server_module_is_over_700_lines() -> None:
    assert too_long(PACKAGE / "games") + too_long(PACKAGE / "server") == []


def test_the_check_sees_a_long_module(tmp_path: Path) -> None:
    (tmp_path / "long.py").write_text("x = 1\n" * (LIMIT + 1), encoding="utf-8")
    (tmp_path / "short.py").write_text("x = 1\n" * LIMIT, encoding="utf-8")
    assert too_long(tmp_path) == [f"long.py: {LIMIT + 1} lines"]
