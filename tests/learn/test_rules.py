"""The rules for players (each game's rules.md, talewood.learn.rules): every choice and option of every game is
explained in a section, the text reads as player words, is our own (not the rulebook's sentences), marks
Talewood's readings, and the page opens it at the section of the decision at hand."""

from __future__ import annotations

import importlib
import os
import pkgutil
import re
from pathlib import Path

import pytest

from talewood.agents import make_agent
from talewood.engine import stack
from talewood.games import available, load
from talewood.learn.rules import RulesError, kinds_of, parse, rulebook

from ..games.words import problems

GAMES = available()
RULEBOOKS = Path(os.environ.get("TALEWOOD_RULEBOOKS", "/work/shared/rulebooks"))
SOURCES = {"spirits": ["spirits-of-the-forest-base.md", "spirits-of-the-forest-expansion-pack.txt"],
           "greylune": ["greylune.txt"], "trial": ["trial-of-the-forest.txt"], "threetale": ["threetale.txt"]}
RUN = 8          # words in a row that may not be the rulebook's own


@pytest.mark.parametrize("game_id", GAMES)
def test_every_kind_of_choice_has_a_section(game_id: str) -> None:
    book = rulebook(game_id)
    ids = {s.id for s in book.sections}
    kinds = {spec.kind for spec in load(game_id).action_space.specs}
    missing = sorted(kinds - set(book.actions))
    assert not missing, f"{game_id}: no rules section for the choices {missing}"
    wrong = {k: v for k, v in book.actions.items() if v not in ids}
    assert not wrong, f"{game_id}: choices sent to sections that do not exist: {wrong}"
    assert set(book.actions) <= kinds, f"{game_id}: the map names choices the game does not have"


@pytest.mark.parametrize("game_id", GAMES)
def test_every_option_has_a_section(game_id: str) -> None:
    book = rulebook(game_id)
    ids = {s.id for s in book.sections}
    names = set(load(game_id).option_set.names())
    assert set(book.options) == names, f"{game_id}: options without a section: {sorted(names - set(book.options))}"
    assert all(v in ids for v in book.options.values())


@pytest.mark.parametrize("game_id", GAMES)
def test_the_decisions_named_exist_and_lead_to_sections(game_id: str) -> None:
    book = rulebook(game_id)
    package = type(load(game_id)).__module__.rpartition(".")[0]
    for module in pkgutil.iter_modules(importlib.import_module(package).__path__):
        importlib.import_module(f"{package}.{module.name}")
    frames = {cls.__name__ for cls in stack.DECISIONS if cls.__module__.startswith(package + ".")}
    assert set(book.decisions) <= frames, sorted(set(book.decisions) - frames)
    assert all(v in {s.id for s in book.sections} for v in book.decisions.values())


@pytest.mark.parametrize("game_id", GAMES)
def test_the_text_is_player_words_with_our_readings_marked(game_id: str) -> None:
    book = rulebook(game_id)
    assert book.title == load(game_id).name
    for section in book.sections:
        text = f"{section.title}\n{section.plain()}"
        assert not problems(text), f"{game_id}, {section.title}: {problems(text)}"
        assert "{" not in text and "#" not in text
    readings = [b for s in book.sections for b in s.blocks if b.kind == "reading"]
    assert len(readings) >= 5, "the places where the rulebook is silent are marked as Talewood's readings"
    assert all(b.text and not b.text.startswith("Talewood") for b in readings)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_text_is_not_the_rulebooks(game_id: str) -> None:
    """No run of RUN words is copied from the rulebook, lists of names aside (the spirits, the Heroes)."""
    files = [RULEBOOKS / f for f in SOURCES[game_id]]
    if not all(f.exists() for f in files):
        pytest.skip(f"the rulebooks are not at {RULEBOOKS} (TALEWOOD_RULEBOOKS)")
    original = " ".join(f.read_text(encoding="utf-8") for f in files)
    ours = (Path(load(game_id).__class__.__module__.replace(".", "/")).parent / "rules.md")
    text = (Path(__file__).parents[2] / "src" / ours).read_text(encoding="utf-8")
    copied = shared_runs(original, text, RUN)
    assert not copied, f"{game_id}: sentences of the rulebook copied: {copied[:5]}"


def shared_runs(original: str, text: str, n: int) -> list[str]:
    """Runs of `n` words of `text` found in `original`, but runs of names (each word written with a capital
    in `text`, or "the", "and", "of")."""
    def words(t: str) -> list[str]:
        return re.findall(r"[a-z0-9]+", t.lower())
    names = {w.lower() for w in re.findall(r"\b[A-Z][a-z]+\b", text)} | {"the", "and", "of"}
    source = words(original)
    grams = {tuple(source[i:i + n]) for i in range(len(source) - n + 1)}
    mine = words(text)
    return [" ".join(mine[i:i + n]) for i in range(len(mine) - n + 1)
            if tuple(mine[i:i + n]) in grams and not set(mine[i:i + n]) <= names]


def test_the_copy_check_finds_a_copied_sentence() -> None:
    rulebook_text = "Only a tile at either end of a row can be taken by the player."
    assert shared_runs(rulebook_text, "Remember: only a tile at either end of a row can be taken.", RUN)
    assert not shared_runs(rulebook_text, "You may only take a tile sitting at the end of its row.", RUN)
    assert not shared_runs("Branches, Moss, Dew Drops, Mushrooms, Flowers, Web Spiders and more",
                           "Branches, Moss, Dew Drops, Mushrooms, Flowers, Web Spiders", 6)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_decision_opens_the_rules_at_its_section(game_id: str) -> None:
    """Along a game, the section of each decision is one of the book's, and the kinds of choice that map to a
    section of their own open it (a Spirits tile to take opens "Collecting tiles")."""
    game = load(game_id)
    book = rulebook(game_id)
    players = 3 if game_id == "threetale" else 2
    options = {"wish": True, "hex": True, "air_spirit": True, "fireflies": True} if game_id == "spirits" else {}
    state = game.new_game(players, 5, options)
    bot = make_agent("random", 1)
    seen: set[str] = set()
    for _ in range(300):
        if state.is_over:
            break
        section = book.for_state(state)
        seen.add(section.id)
        kinds = kinds_of(state)
        decision = type(state.stack[-1]).__name__
        if decision not in book.decisions and len(set(book.actions.get(k) for k in kinds)) == 1:
            assert section.id == book.actions[kinds[0]]
        state.apply(bot.choose(state))
    assert len(seen) >= 3, f"{game_id}: a game's decisions open more than {sorted(seen)}"


def test_spirits_sections_by_decision() -> None:
    game = load("spirits")
    book = rulebook("spirits")
    state = game.new_game(2, 3, {"wish": True})
    assert book.for_state(state).id == "wish"
    while type(state.stack[-1]).__name__ != "Take":
        state.apply(state.legal_actions()[0])
    assert book.for_state(state).title == "Collecting tiles"
    state.apply(state.legal_actions()[0])
    assert book.for_state(state).id in ("gemstones", "collect")


def test_a_section_is_found_by_its_id_or_its_title() -> None:
    book = rulebook("spirits")
    assert book.section("solo").title == "The solo game"
    assert book.section("the solo game").id == "solo"
    assert book.section("Silver Fireflies").id == "fireflies"
    with pytest.raises(RulesError, match=r"no rules section 'dragons'.*goal"):
        book.section("dragons")


def test_the_parser_reads_every_kind_of_block_and_refuses_bad_text() -> None:
    title, sections = parse("x", "# X\n\n## One {#one}\n\nA **bold** word\nover two lines.\n\n- a\n- b\n  still b\n\n"
                                 "1. first\n2. second\n\n### Sub\n\n> Talewood's reading: ours.\n> Still ours.\n")
    assert title == "X"
    kinds = [b.kind for b in sections[0].blocks]
    assert kinds == ["p", "ul", "ol", "h", "reading"]
    assert sections[0].blocks[0].text == "A **bold** word over two lines."
    assert sections[0].blocks[1].items == ("a", "b still b")
    assert sections[0].blocks[4].text == "ours. Still ours."
    assert "bold word" in sections[0].plain()
    with pytest.raises(RulesError, match="line 3"):
        parse("x", "# X\n\n## No id\ntext\n")
    with pytest.raises(RulesError, match="empty"):
        parse("x", "# X\n\n## One {#one}\n\n## Two {#two}\ntext\n")
    with pytest.raises(RulesError, match="share an id"):
        parse("x", "# X\n## One {#one}\na\n## Two {#one}\nb\n")
