"""How a game's choices and its final scores are shown to people, in every client alike.

Two small structures a game may fill through its `Game` hooks (engine/game.py):

- `Choice` — per legal action: the heading it is listed under in a panel of choices, whether it is a
  pass/none/done kind of choice (listed first), the whole text of what it plays, buys or picks (a card's
  words), and a short code a terminal player may type instead of a number. `Game.choice(state, action)`
  gives it; the default says nothing more than the label.
- `ScoreSheet` — the end of a game: rows of points, of counts and of tie-breakers told apart, each with
  an explanation in words; the verdict and its reason; for a cooperative game what the team achieved.
  `Game.score_sheet(result)` gives it.

The web client (web/game.js) and the terminal (terminal.py, ui/text.py) draw both; docs/web.md,
"Drawing a game's table", says how a game fills them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

# what a score sheet's row holds: points that add up to the total, a count shown for information, a
# count that breaks a tie, the total itself, or a line of words (a Wish met, a Hex spared)
RowKind = Literal["points", "count", "tiebreak", "total", "note"]
ROW_KINDS: tuple[str, ...] = ("points", "count", "tiebreak", "total", "note")


@dataclass(frozen=True, slots=True)
class Choice:
    """How one legal action shows in a panel of choices. Every field is optional.

    `group`: the heading it is listed under ("Gemstones", "Cards in the Store"); choices without one are
    listed under no heading. `first`: a pass, none or done kind of choice — listed before every group,
    and always in the panel even when the board offers the same choice. `detail`: the whole text of what
    the choice plays, buys or picks (a card's or a Hero's words), shown with the button. `code`: a short
    code a terminal player types to choose it ("r3c4", "b2"): letters and digits, unique among the legal
    actions of a decision."""

    group: str = ""
    first: bool = False
    detail: str = ""
    code: str = ""

    def to_json(self) -> dict[str, Any]:
        """Only the fields that say something (the client reads a missing one as empty)."""
        out: dict[str, Any] = {}
        if self.group:
            out["group"] = self.group
        if self.first:
            out["first"] = True
        if self.detail:
            out["detail"] = self.detail
        if self.code:
            out["code"] = self.code
        return out


NO_CHOICE = Choice()


@dataclass(frozen=True, slots=True)
class SheetRow:
    """One row of a score sheet: a label, one cell per seat, its kind, and what it means in words.

    `explain` says in a sentence what the row counts and where its numbers come from ("Most Branches
    scores 1 point a symbol: Player 2 has the most"), so no cell needs a bare "(+6)"."""

    label: str
    cells: Sequence[str]
    kind: RowKind = "points"
    explain: str = ""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"label": self.label, "cells": list(self.cells), "kind": self.kind}
        if self.explain:
            out["explain"] = self.explain
        return out


@dataclass(frozen=True, slots=True)
class ScoreSheet:
    """The end of a game for people: the verdict, why, and the rows behind it (the total last).

    `verdict`: who won, or the team's result ("Player 2 wins with 34 points"). `reason`: why, when more
    than the totals decided it ("won the tie on story cards"), or for a team what ended the game.
    `achieved`: a cooperative game's words for what the team achieved and how far it got."""

    rows: Sequence[SheetRow]
    verdict: str
    reason: str = ""
    achieved: str = ""

    def __post_init__(self) -> None:
        for row in self.rows:
            if row.kind not in ROW_KINDS:
                raise ValueError(f"a score sheet row is one of {', '.join(ROW_KINDS)}, not {row.kind!r}")

    def pairs(self) -> list[tuple[str, list[str]]]:
        """(label, cells) rows: the plain table a drawing that has no room for more shows."""
        return [(r.label, list(r.cells)) for r in self.rows]

    def headline(self) -> str:
        """The verdict and its reason in one sentence."""
        return f"{self.verdict}: {self.reason}" if self.reason else self.verdict

    def to_json(self) -> dict[str, Any]:
        return {"verdict": self.verdict, "reason": self.reason, "achieved": self.achieved,
                "rows": [r.to_json() for r in self.rows]}


@dataclass
class SheetBuilder:
    """Rows in the order they are added, then `build`: a game's score-sheet producer writes with it."""

    rows: list[SheetRow] = field(default_factory=list)

    def points(self, label: str, cells: Sequence[str], explain: str = "") -> None:
        self.rows.append(SheetRow(label, list(cells), "points", explain))

    def count(self, label: str, cells: Sequence[str], explain: str = "") -> None:
        self.rows.append(SheetRow(label, list(cells), "count", explain))

    def tiebreak(self, label: str, cells: Sequence[str], explain: str = "") -> None:
        self.rows.append(SheetRow(label, list(cells), "tiebreak", explain))

    def note(self, label: str, cells: Sequence[str], explain: str = "") -> None:
        self.rows.append(SheetRow(label, list(cells), "note", explain))

    def total(self, label: str, cells: Sequence[str], explain: str = "") -> None:
        self.rows.append(SheetRow(label, list(cells), "total", explain))


def gain(amount: float, noun: str, nouns: str | None = None) -> str:
    """A change of points as a player reads it, rounded: "+4 nature points", "−1 coin"; "" when it rounds to
    nothing (a hint never says "+0"). `noun` is singular, `nouns` its plural (default: an added s; a noun
    in capitals, "VP", stays as it is)."""
    n = round(amount)
    if n == 0:
        return ""
    word = noun if abs(n) == 1 or noun.isupper() else nouns or f"{noun}s"
    return f"{'+' if n > 0 else '−'}{abs(n)} {word}"


def changes(items: Sequence[tuple[str, str, float, float]]) -> str:
    """What changed, as a player reads it: each (noun, plural, before, after) that moved, "+2 VP, −3 coins"."""
    return ", ".join(g for noun, nouns, before, after in items if (g := gain(after - before, noun, nouns)))


def plan_changes(world: Any, plan: Sequence[int], seat: int,
                 measure: Callable[[Any, int], Sequence[tuple[str, str, float]]],
                 projection: Callable[[Any, int], float] | None = None, noun: str = "point") -> str:
    """What playing `plan` (as far as it stays legal) on a copy of `world`, a game state, brings `seat`, in
    words: each of `measure`'s countables — a seat's (noun, plural, value) — that moved ("+2 VP, +1 Strength,
    −3 coins"), then, with a `projection` of the seat's final score that rises, "+3 VP at the end as things
    stand" (`noun`: what the score counts). A game's hint words (its learn.py) are built on it."""
    before = measure(world, seat)
    projected = projection(world, seat) if projection is not None else 0.0
    after_world = world.clone()
    for action in plan:
        if after_world.is_over or action not in after_world.legal_actions():
            break
        after_world.apply(action)
    after = measure(after_world, seat)
    words = changes([(n, ns, b, a) for (n, ns, b), (_, _, a) in zip(before, after, strict=True)])
    if projection is None:
        return words
    rise = projection(after_world, seat) - projected
    outlook = f"{gain(rise, noun)} at the end as things stand" if rise >= 0.5 else ""
    return "; ".join(x for x in (words, outlook) if x)


def names_in_words(names: Sequence[str]) -> str:
    """"Player 1", "Player 1 and Player 3", "Player 1, Player 2 and Player 3"."""
    names = list(names)
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


def tie_reason(totals: Sequence[float], winners: Sequence[int], rows: Sequence[SheetRow]) -> str:
    """Why the winners won when the totals alone did not decide it: the first tie-breaking row that
    tells them apart from the others tied at the top ("won the tie on story cards"), or "" when the
    top total was not shared."""
    if not winners:
        return ""
    best = max(totals)
    tied = [s for s, t in enumerate(totals) if t == best]
    if len(tied) <= 1 or sorted(tied) == sorted(winners):
        return "shared: equal on points and on every tie-breaker" if len(winners) > 1 else ""
    for row in rows:
        if row.kind == "tiebreak":
            return f"won the tie on {row.label[0].lower() + row.label[1:]}"
    return "won the tie"
