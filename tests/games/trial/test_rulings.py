"""Every Trial ruling drives the code and is listed, with its reason, in docs/rules/trial.md."""

from __future__ import annotations

import re
from pathlib import Path

import talewood.games.trial as trial_package

PACKAGE = Path(trial_package.__file__).parent
DOCS = Path(__file__).parents[3] / "docs" / "rules" / "trial.md"
NAMES = re.compile(r"^(?:([A-Z][A-Z0-9_]*)\s*(?::[^=]*)?=|def ([a-z_][a-z0-9_]*))", re.M)


def ruling_names() -> list[str]:
    return [a or b for a, b in NAMES.findall((PACKAGE / "rulings.py").read_text(encoding="utf-8"))]


def test_there_are_rulings():
    assert len(ruling_names()) > 40


def test_every_ruling_is_read_by_the_code():
    code = "\n".join(p.read_text(encoding="utf-8") for p in PACKAGE.rglob("*.py") if p.name != "rulings.py")
    unread = [n for n in ruling_names() if not re.search(rf"(rulings\.{n}\b|import[^\n]*\b{n}\b)", code)]
    assert unread == []


def test_every_ruling_is_listed_in_the_rules_notes():
    text = DOCS.read_text(encoding="utf-8")
    assert [n for n in ruling_names() if f"`{n}`" not in text] == []
