"""Random playouts with invariants, clone independence, redaction, replay, illegal actions, content."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from talewood.engine import ContentError, IllegalAction, Rng, record_of, replay
from talewood.games import load
from talewood.games.greylune import content as content_module
from talewood.games.greylune.scoring import breakdown, final_result
from talewood.games.greylune.state import GreyluneState

from .helpers import GAME, check_invariants


def _playout(players: int, seed: int, check_every: int = 1) -> GreyluneState:
    s = GAME.new_game(players, seed, tracked=False)
    assert isinstance(s, GreyluneState)
    rng = Rng(seed * 7 + players)
    steps = 0
    while not s.is_over:
        legal = s.legal_actions()
        assert legal, f"no legal action: {s.prompt()}"
        s.apply(legal[int(rng.random() * len(legal))])
        steps += 1
        if steps % check_every == 0:
            check_invariants(s)
        assert steps < 20000
    check_invariants(s)
    return s


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_playouts_keep_the_invariants(players: int) -> None:
    for seed in range(12):
        s = _playout(players, seed)
        assert s.year == 5 and s.current_player is None
        res = s.result()
        assert len(res.scores) == players and res.winners
        assert all(res.scores[w] == max(res.scores) for w in res.winners)
        json.dumps(s.view(None))


def test_shared_victory_on_ties() -> None:
    s = _playout(2, 3)
    assert s.result() == final_result(s)
    s.vp[0] += 100
    s.vp[1] += breakdown(s, 0)["total"] - breakdown(s, 1)["total"]
    assert final_result(s).winners == [0, 1]
    s.vp[1] -= 1
    assert final_result(s).winners == [0]


def test_clone_is_independent() -> None:
    s = GAME.new_game(4, 11)
    rng = Rng(5)
    for _ in range(60):
        legal = s.legal_actions()
        s.apply(legal[int(rng.random() * len(legal))])
    before = s.state_hash()
    c = s.clone()
    assert c.state_hash() == before
    while not c.is_over:
        legal = c.legal_actions()
        c.apply(legal[int(rng.random() * len(legal))])
    assert s.state_hash() == before
    assert c.state_hash() != before


def test_illegal_actions_leave_the_state_unchanged() -> None:
    s = GAME.new_game(3, 2)
    rng = Rng(9)
    for _ in range(200):
        if s.is_over:
            break
        before = s.state_hash()
        legal = set(s.legal_actions())
        bad = next(a for a in range(len(GAME.action_space)) if a not in legal)
        with pytest.raises(IllegalAction) as info:
            s.apply(bad)
        assert "legal" in str(info.value)
        assert s.state_hash() == before
        choice = sorted(legal)[int(rng.random() * len(legal))]
        s.apply(choice)
    with pytest.raises(IllegalAction):
        s.apply(-1)


_EAGER = {"react", "potion", "ariok", "elwen", "selia", "tell_boost", "encounter", "quest", "activate",
          "use_item", "tell", "special"}


def _eager_choice(s: GreyluneState, rng: Rng) -> int:
    """Random, but keen on reactions, cards and adventures, to reach the rarer rules."""
    legal = s.legal_actions()
    if rng.random() < 0.6:
        keen = [a for a in legal if GAME.action_space.specs[a].kind in _EAGER]
        if keen:
            return keen[int(rng.random() * len(keen))]
    return legal[int(rng.random() * len(legal))]


@pytest.mark.parametrize("players,seed", [(2, 21), (3, 22), (4, 23)])
def test_every_legal_action_applies(players: int, seed: int) -> None:
    """_legal_actions is exact: every offered action can be carried out and leads to a decision."""
    s = GAME.new_game(players, seed, tracked=False)
    assert isinstance(s, GreyluneState)
    rng = Rng(seed)
    while not s.is_over:
        for a in s.legal_actions():
            c = s.clone()
            c.apply(a)
            assert c.is_over or c.legal_actions()
        s.apply(_eager_choice(s, rng))
        check_invariants(s)


def test_redaction_hides_deck_orders_and_the_seal_pile() -> None:
    a = GAME.new_game(3, 8)
    assert isinstance(a, GreyluneState)
    b = a.clone()
    assert isinstance(b, GreyluneState)
    b.village_deck.reverse()
    b.enc_deck.reverse()
    b.seal_pile.reverse()
    b.event_stack.reverse()
    b.village_removed, b.village_deck[-1] = [b.village_deck[-1], *b.village_removed[1:]], b.village_removed[0]
    b.rng = Rng(12345)
    assert a.state_hash() != b.state_hash()
    for seat in (0, 1, 2, None):
        assert a.view(seat) == b.view(seat)
    text = json.dumps(a.view(0))
    assert "seal_pile" in text and "village_deck" not in text


def test_determinize_keeps_what_the_seat_sees() -> None:
    s = GAME.new_game(4, 13)
    d = s.determinize(0, Rng(1))
    assert d.view(0) == s.view(0)
    assert isinstance(d, GreyluneState) and isinstance(s, GreyluneState)
    assert sorted(d.village_deck + d.village_removed) == sorted(s.village_deck + s.village_removed)
    check_invariants(d)


def test_replay_reproduces_the_state() -> None:
    s = GAME.new_game(3, 17)
    rng = Rng(17)
    hashes = []
    while not s.is_over:
        legal = s.legal_actions()
        s.apply(legal[int(rng.random() * len(legal))])
        hashes.append(s.state_hash())
    record = record_of(s, hashes=hashes)
    again = replay(record, load)
    assert again.state_hash() == s.state_hash()
    assert record.result is not None


def test_content_validation_rejects_bad_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    src = Path(content_module.__file__).parent / "content"
    folder = tmp_path / "greylune"
    folder.mkdir()
    for name in ("village.toml", "encounters.toml", "board.toml"):
        (folder / name).write_text((src / name).read_text())
    text = (folder / "encounters.toml").read_text().replace('"vp:3"]', '"glory:3"]', 1)
    (folder / "encounters.toml").write_text(text)
    monkeypatch.setenv("TALEWOOD_CONTENT", str(tmp_path))
    content_module.load_content.cache_clear()
    try:
        with pytest.raises(ContentError, match="unknown effect"):
            content_module.load_content()
        (folder / "encounters.toml").write_text((src / "encounters.toml").read_text())
        village = (src / "village.toml").read_text()
        (folder / "village.toml").write_text(village.replace("[[card]]\nid = 222", "[[nocard]]\nid = 222"))
        with pytest.raises(ContentError, match="49 Village cards"):
            content_module.load_content()
    finally:
        content_module.load_content.cache_clear()
        monkeypatch.delenv("TALEWOOD_CONTENT")
        content_module.load_content()


def test_every_content_entry_names_its_source() -> None:
    c = content_module.load_content()
    for group in (c.cards, c.encounters[1:], c.events, c.quests, c.income):
        for entry in group:
            assert entry.source in ("rulebook", "reference", "designed")


def test_determinize_redeals_the_hidden_by_period() -> None:
    s = GAME.new_game(3, 31)
    assert isinstance(s, GreyluneState)
    changed = False
    for k in range(5):
        d = s.determinize(1, Rng(k))
        assert isinstance(d, GreyluneState)
        changed |= d.village_deck != s.village_deck or d.enc_deck != s.enc_deck
        # each period's cards stay in that period's part of the deck
        assert [CARDS_PERIOD[c] for c in d.village_deck] == [CARDS_PERIOD[c] for c in s.village_deck]
        assert sorted(d.enc_deck + d.enc_removed) == sorted(s.enc_deck + s.enc_removed)
        assert sorted(d.event_stack + d.event_removed) == sorted(s.event_stack + s.event_removed)
        assert d.rng.state != s.rng.state
    assert changed


CARDS_PERIOD = [c.period for c in content_module.load_content().cards]
