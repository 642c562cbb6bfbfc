"""Greylune's choices and log in a player's words: a label says what a choice gains or costs (and that is
what it then gains or costs), names cards, never slots or gap numbers; the log says what happened, never
a choice's label again nor "+0"; the panel's and the terminal's groups, codes and card texts."""

from __future__ import annotations

import re
from collections.abc import Iterator

from talewood.engine import Rng
from talewood.games.greylune.state import GreyluneState
from talewood.games.greylune.texts import village_text

from .helpers import GAME, SPACE, act, enc, gap_between, scenario

SUMMER_TURN = {"seat": 0, "season": "Summer"}


def games(players: int, seeds: range) -> Iterator[GreyluneState]:
    """Every position of random games, as they are played (the log kept)."""
    for seed in seeds:
        s = GAME.new_game(players, seed)
        assert isinstance(s, GreyluneState)
        rng = Rng(seed)
        while not s.is_over:
            yield s
            legal = s.legal_actions()
            s.apply(legal[rng.below(len(legal))])
        yield s


def test_gaining_coins_says_how_many_and_gains_that_many() -> None:
    # the rulebook's example: William names the Jade Statue and gains 2 coins, one for each other Villager
    s = scenario(village={4: "Jade Statue", 3: "Smithy", 5: "Short Sword"}, turn=SUMMER_TURN,
                 seats={0: {"in_village": [[3, 4]]}, 1: {"in_village": [[4, 5], [4, 5]]}})
    a = act("coins", gap=gap_between(3, 4), slot=4)
    assert s.describe(a) == "Gain 2 coins naming Jade Statue (Villager from between Smithy and Jade Statue)"
    before = s.coins[0]
    s.apply(a)
    assert s.coins[0] == before + 2
    assert s.log is not None and s.log[-1]["text"] == (
        "Player 1 takes back a Villager naming Jade Statue and gains 2 coins")
    alone = act("coins", gap=gap_between(3, 4), slot=3)
    s2 = scenario(village={4: "Jade Statue", 3: "Smithy"}, turn=SUMMER_TURN, seats={0: {"in_village": [[3, 4]]}})
    assert s2.describe(alone) == "Gain no coins naming Smithy (Villager from between Smithy and Jade Statue)"


def test_every_label_tells_the_coins_a_choice_gains_or_pays() -> None:
    checked = {"coins": 0, "activate": 0}
    for s in games(3, range(3)):
        if s.is_over:
            continue
        for a in s.legal_actions():
            kind = SPACE.specs[a].kind
            label = s.describe(a)
            assert label[:1].isupper(), label
            if kind not in checked:
                continue
            after = s.clone()
            coins = after.coins[s.current_player or 0]
            after.apply(a)
            if after.stack and type(after.stack[-1]).__name__ in ("ChooseSeal", "SeliaOffer", "NerisOffer",
                                                                  "DorianOffer", "NerisCoins"):
                continue          # a Seal or a Companion's reaction still to choose: the price is not yet known
            m = re.match(r"Gain (\d+|no) coins? naming " if kind == "coins" else r"\w+ .+? for (\d+ coins?|free) \(",
                         label)
            assert m, label
            said = 0 if m.group(1) in ("no", "free") else int(m.group(1).split()[0])
            change = after.coins[s.current_player or 0] - coins
            assert change == (said if kind == "coins" else -said), label
            checked[kind] += 1
    assert checked["coins"] > 30 and checked["activate"] > 30


def test_the_log_says_what_happened_in_a_players_words() -> None:
    lines: list[str] = []
    for players in (2, 4):
        for s in games(players, range(2)):
            if s.is_over and s.log is not None:
                lines += [e["text"] for e in s.log]
    assert len(lines) > 200
    for line in lines:
        assert not re.search(r"^Player \d: ", line), f"a choice's label repeated: {line}"
        assert not re.search(r"\+0\b|\b0 coins|\b1 coins|the Seal's value|\byour\b", line), line
    assert any(re.search(r"^Player \d places a Villager between ", line) for line in lines)
    assert any(re.search(r"^Player \d (uses|buys|recruits) .+ (for \d+ coins?|\(free\))", line) for line in lines)


def test_the_choices_are_grouped_coded_and_carry_the_cards_text() -> None:
    kinds: set[str] = set()
    for s in games(3, range(4)):
        if s.is_over:
            continue
        legal = s.legal_actions()
        choices = {a: GAME.choice(s, a) for a in legal}
        codes = [c.code for c in choices.values()]
        assert all(re.fullmatch(r"[a-z0-9]+", code) for code in codes), codes
        assert len(set(codes)) == len(codes), [(s.describe(a), c.code) for a, c in choices.items()]
        labels = [s.describe(a) for a in legal]
        assert len(set(labels)) == len(labels), labels
        for a, choice in choices.items():
            kind = SPACE.specs[a].kind
            kinds.add(kind)
            assert choice.first == (kind in ("to_summer", "to_autumn", "decline", "stop", "story_end"))
            assert choice.group or choice.first, (kind, choice)
            if kind == "activate":
                name = s.describe(a).split(" for ")[0].split(" ", 1)[1]
                card = next(c for c in s.c.cards if c.name == name)
                assert choice.detail == f"{name}: {village_text(card)}"
                m = re.fullmatch(r"(\d)([a-l])", choice.code)
                assert m and s.grid[int(m.group(1)) - 1] == card.index
            if kind == "place":
                assert re.fullmatch(r"[a-l]", choice.code)
            if kind in ("use_item", "encounter", "tell", "bonus", "discard_item"):
                assert len(choice.detail) > 20
                assert choice.detail.split(":")[0] in s.describe(a) or kind == "tell"
    assert {"place", "coins", "activate", "to_summer", "to_autumn", "event"} <= kinds


def test_a_two_sided_encounter_says_what_each_choice_needs_and_gives() -> None:
    s = scenario(turn=SUMMER_TURN, decision={"kind": "Meet", "seat": 0, "encounter": enc("Joust"),
                                             "strength_boost": 0, "magic_boost": 0, "ignores": 0},
                 seats={0: {"strength": 4}})
    labels = {SPACE.specs[a].label: s.describe(a) for a in s.legal_actions()}
    assert labels["meet the left side"] == "Meet the left side of Joust (spend 1 Villager): 3 VP"
    assert labels["meet the both sides"] == (
        "Meet both sides of Joust (spend 1 Villager and have at least 4 Strength): 3 VP + 4 VP")
    assert "side(s)" not in s.prompt() and "Joust" in s.prompt()


def test_a_gain_and_a_move_read_as_two_things_done() -> None:
    # the Festival's "2 VP + move up to 1 space" is something gained and something done: "gain 2 VP and move
    # up to 1 space" on the choice, "gains 2 VP and moves up to 1 space" in the log, never "gains … + move"
    seen = 0
    for s in games(3, range(4)):
        if s.is_over:
            continue
        for a in s.legal_actions():
            label = s.describe(a)
            assert not re.search(r"\+ (move|ready|spend)", label), label
            if SPACE.specs[a].kind != "event" or "Festival" not in label or "move up to" not in label:
                continue
            assert re.search(r"gain \d+ (VP|Strength|Magic|coins?) and move up to \d+ spaces?$", label), label
            after = s.clone()
            after.log = []
            after.apply(a)
            told = next(e["text"] for e in after.log if e["type"] == "event")
            assert re.search(r"gains \d+ \w+ and moves up to \d+ spaces?$", told), told
            seen += 1
    assert seen
