"""Every ruling a game names drives its code: each constant or function of rulings.py is read elsewhere."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

from talewood.games import available, load

NAMES = re.compile(r"^(?:([A-Z][A-Z0-9_]*)\s*(?::[^=]*)?=|def ([a-z_][a-z0-9_]*))", re.M)


def ruling_names(text: str) -> list[str]:
    return [a or b for a, b in NAMES.findall(text)]


def unread_rulings(package: Path) -> list[str]:
    rulings = package / "rulings.py"
    code = "\n".join(p.read_text(encoding="utf-8") for p in package.rglob("*.py") if p != rulings)
    return [name for name in ruling_names(rulings.read_text(encoding="utf-8"))
            if not re.search(rf"(rulings\.{name}\b|import[^\n]*\b{name}\b)", code)]


def games_with_rulings() -> list[str]:
    out = []
    for game_id in available():
        package = Path(importlib.import_module(type(load(game_id)).__module__).__file__ or "").parent
        if (package / "rulings.py").exists():
            out.append(game_id)
    return out


@pytest.mark.parametrize("game_id", games_with_rulings())
def test_every_ruling_is_read_by_the_code(game_id: str) -> None:
    package = Path(importlib.import_module(type(load(game_id)).__module__).__file__ or "").parent
    assert unread_rulings(package) == []


def test_an_unread_ruling_is_found(tmp_path: Path) -> None:
    (tmp_path / "rulings.py").write_text("READ = 1\nUNREAD: bool = True\ndef used_rule() -> int:\n    return 1\n")
    (tmp_path / "state.py").write_text("from . import rulings\nx = rulings.READ\nfrom .rulings import used_rule\n")
    assert unread_rulings(tmp_path) == ["UNREAD"]
