"""A designer's copy with a mistyped value is refused with the file and line of the edit, in every game."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from talewood.cli import main

CONTENT = Path(__file__).parents[2] / "src" / "talewood" / "games"


@pytest.mark.parametrize(("game", "file", "old", "new"), [
    ("greylune", "village.toml", "end_vp = 5", 'end_vp = "five"'),      # a conversion the checks did not name
    ("trial", "deeds.toml", "fame = 2", 'fame = "two"'),                 # a check that names the entry only
    ("threetale", "heroes.toml", "love = 3", 'love = "three"'),
])
def test_a_mistyped_value_is_refused_with_its_file_and_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                            game: str, file: str, old: str, new: str) -> None:
    folder = tmp_path / "copy"
    shutil.copytree(CONTENT / game / "content", folder)
    text = (folder / file).read_text()
    at = text.index(old)
    (folder / file).write_text(text[:at] + new + text[at + len(old):])
    line = text.count("\n", 0, at) + 1
    code = main(["report", game, "--content", str(folder), "--games", "1", "--out", str(tmp_path / "out")])
    assert code == 2
    assert f"{folder.resolve()}/{file}:{line}: {new}" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()
