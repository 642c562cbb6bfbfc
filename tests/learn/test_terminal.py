"""Learning in the terminal: `rules` and `hint` while playing, and `talewood rules GAME [SECTION]`."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from io import StringIO

from rich.console import Console

from talewood.cli import main
from talewood.learn.rules import rulebook
from talewood.terminal import play


def answers(*items: str) -> Callable[[str], str]:
    it: Iterator[str] = iter(items)
    return lambda _prompt: next(it)


def test_rules_and_hint_while_playing(tmp_path) -> None:
    out = StringIO()
    con = Console(file=out, width=140)
    play("spirits", players=2, seats=["human", "greedy"], seed=5, save_dir=str(tmp_path),
         ask=answers("rules", "rules seasons", "rules all", "rules dragons", "hint", "hint greedy", "quit"),
         console=con)
    text = out.getvalue()
    collect = rulebook("spirits").section("collect")
    assert collect.title in text and "Only a tile" not in text          # our words, the decision's section
    assert "You may only take a tile sitting at the left or right end of its row" in text
    assert "Seasons" in text and "Talewood's reading:" in text
    assert "Collecting tiles (collect)" in text                         # the list of sections
    assert "no rules section 'dragons'" in text
    assert "Hint (normal bot):" in text and "Take " in text and "win about" in text
    assert "a hint comes from a bot that searches" in text                # greedy does not search


def test_talewood_rules_prints_a_game_or_a_section(capsys) -> None:
    assert main(["rules", "greylune", "autumn"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Autumn") and "income" in out and "Talewood's reading:" in out
    assert main(["rules", "trial"]) == 0
    out = capsys.readouterr().out
    assert all(s.title in out for s in rulebook("trial").sections)
    assert main(["rules", "threetale", "the crown of evil"]) == 0
    assert "Vicinator" in capsys.readouterr().out
    assert main(["rules", "spirits", "dragons"]) == 2
    assert "its sections: goal, setup" in capsys.readouterr().err
