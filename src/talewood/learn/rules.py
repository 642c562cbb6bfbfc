"""A game's rules for players: one text per game (`rules.md` in the game's package), read by the web page's
Rules panel, the lobby's rules page and the terminal alike.

The text is a small Markdown: `# Title`, then sections `## Heading {#id}` holding paragraphs, `### `
subheadings, `- ` and `1. ` lists, `**bold**`, and `> ` blocks — the places where the rulebook is silent
and Talewood chose a reading, which every client shows marked as such. The game's `learn.py` maps each
kind of action (and each decision, and each option) to the section a player needs for it, so a page can
open the rules at the section the current decision is about.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

from ..engine import State, TalewoodError
from ..games import game_module, load

HEADING = re.compile(r"^##\s+(?P<title>.+?)\s+\{#(?P<id>[a-z][a-z0-9-]*)\}\s*$")
ORDERED = re.compile(r"^\d+\.\s+")
READING = "Talewood's reading:"


class RulesError(TalewoodError):
    """A rules text that cannot be read, or a section that does not exist."""


@dataclass(frozen=True)
class Block:
    """A piece of a section: a paragraph (`p`), a subheading (`h`), a list (`ul`, `ol`), or a reading of
    Talewood's where the rulebook is silent (`reading`)."""

    kind: str
    text: str = ""
    items: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "items": list(self.items)} if self.items else {"kind": self.kind,
                                                                                   "text": self.text}

    def plain(self) -> str:
        if self.kind in ("ul", "ol"):
            return "\n".join(f"{'-' if self.kind == 'ul' else f'{i}.'} {unbold(x)}"
                             for i, x in enumerate(self.items, 1))
        return unbold(self.text)


@dataclass(frozen=True)
class Section:
    id: str
    title: str
    blocks: tuple[Block, ...]

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "title": self.title, "blocks": [b.to_json() for b in self.blocks]}

    def plain(self) -> str:
        return "\n\n".join(b.plain() for b in self.blocks)


@dataclass(frozen=True)
class Rulebook:
    """A game's rules for players, its sections in reading order, and where each decision is explained."""

    game: str
    title: str
    sections: tuple[Section, ...]
    actions: Mapping[str, str] = field(default_factory=dict)      # action kind -> section id
    decisions: Mapping[str, str] = field(default_factory=dict)    # decision (frame) kind -> section id
    options: Mapping[str, str] = field(default_factory=dict)      # option name -> section id

    def section(self, key: str) -> Section:
        """A section by its id, or the one whose title best matches `key` ("collect", "the solo game")."""
        by_id = {s.id: s for s in self.sections}
        if key in by_id:
            return by_id[key]
        words = [w for w in re.findall(r"[a-z0-9]+", key.lower()) if w not in ("the", "a", "of")]
        if words:
            scored = [(sum(w in f"{s.id} {s.title.lower()}" for w in words), -i, s)
                      for i, s in enumerate(self.sections)]
            best = max(scored, key=lambda x: (x[0], x[1]))
            if best[0] == len(words):
                return best[2]
        names = ", ".join(s.id for s in self.sections)
        raise RulesError(f"{self.title} has no rules section {key!r}; its sections: {names}")

    def for_state(self, state: State) -> Section:
        """The section the pending decision is about: its decision kind's section, else the section of
        most of its choices (the pass/done kind of choice aside), else the turn's overview."""
        return self.section(self.section_id(_decision_kind(state), kinds_of(state)))

    def section_id(self, decision: str | None, kinds: Iterable[str]) -> str:
        if decision is not None and decision in self.decisions:
            return self.decisions[decision]
        counted = Counter(self.actions[k] for k in kinds if k in self.actions)
        if counted:
            return counted.most_common(1)[0][0]
        return "turn" if any(s.id == "turn" for s in self.sections) else self.sections[0].id

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "title": self.title, "sections": [s.to_json() for s in self.sections],
                "actions": dict(self.actions), "decisions": dict(self.decisions)}


def _decision_kind(state: State) -> str | None:
    if state.is_over:
        return None
    return type(state.stack[-1]).__name__


def kinds_of(state: State) -> list[str]:
    """The kinds of the legal actions, but those of a pass/none/done kind when others are there."""
    game = state.game
    legal = state.legal_actions()
    main = [a for a in legal if not game.choice(state, a).first] or list(legal)
    return [game.action_space.spec(a).kind for a in main]


def unbold(text: str) -> str:
    return text.replace("**", "")


def parse(game: str, text: str) -> tuple[str, tuple[Section, ...]]:
    """The title and the sections of a rules text (see the module's docstring for its form)."""
    title = ""
    sections: list[Section] = []
    current: tuple[str, str] | None = None
    blocks: list[Block] = []
    para: list[str] = []
    items: list[str] = []
    list_kind = ""
    quote: list[str] = []

    def flush() -> None:
        nonlocal list_kind
        if para:
            blocks.append(Block("p", " ".join(para)))
            para.clear()
        if items:
            blocks.append(Block(list_kind, items=tuple(items)))
            items.clear()
            list_kind = ""
        if quote:
            body = " ".join(quote)
            if body.startswith(READING):
                body = body[len(READING):].strip()
            blocks.append(Block("reading", body))
            quote.clear()

    def close() -> None:
        flush()
        if current is not None:
            if not blocks:
                raise RulesError(f"{game}: the rules section {current[0]!r} is empty")
            sections.append(Section(current[0], current[1], tuple(blocks)))
            blocks.clear()

    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.rstrip()
        stripped = line.strip()
        if line.startswith("# "):
            title = line[2:].strip()
            continue
        if line.startswith("## "):
            m = HEADING.match(line)
            if m is None:
                raise RulesError(f"{game}: line {number}: a section heading is '## Title {{#id}}'")
            close()
            current = (m["id"], m["title"])
            continue
        if current is None:
            if stripped:
                raise RulesError(f"{game}: line {number}: text before the first section")
            continue
        if not stripped:
            flush()
        elif line.startswith("### "):
            flush()
            blocks.append(Block("h", line[4:].strip()))
        elif line.startswith(">"):
            if para or items:
                flush()
            quote.append(line[1:].strip())
        elif stripped.startswith("- ") or ORDERED.match(stripped):
            kind = "ul" if stripped.startswith("- ") else "ol"
            if para or quote or (items and kind != list_kind):
                flush()
            list_kind = kind
            items.append(stripped[2:].strip() if kind == "ul" else ORDERED.sub("", stripped))
        elif items and raw.startswith("  "):
            items[-1] += " " + stripped          # a list item's next line
        elif quote:
            quote.append(stripped)
        else:
            if items:
                flush()
            para.append(stripped)
    close()
    if not title or not sections:
        raise RulesError(f"{game}: a rules text needs a '# Title' and at least one section")
    ids = [s.id for s in sections]
    if len(set(ids)) != len(ids):
        raise RulesError(f"{game}: two rules sections share an id")
    return title, tuple(sections)


@cache
def rulebook(game_id: str) -> Rulebook:
    """The rules of `game_id` (its package's rules.md, and its learn.py's map of decisions to sections)."""
    game = load(game_id)
    package = type(game).__module__.rpartition(".")[0]
    try:
        text = resources.files(package).joinpath("rules.md").read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RulesError(f"{game.name} has no rules text for players yet") from None
    title, sections = parse(game_id, text)
    learn: Any = game_module(game_id, "learn")
    return Rulebook(game_id, title, sections,
                    actions=dict(getattr(learn, "ACTION_SECTIONS", {})),
                    decisions=dict(getattr(learn, "DECISION_SECTIONS", {})),
                    options=dict(getattr(learn, "OPTION_SECTIONS", {})))
