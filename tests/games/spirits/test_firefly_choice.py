"""The -1 Firefly favor token's choice: the tiles come in order, and two alike tiles are told apart."""

from __future__ import annotations

from talewood.engine import Rng
from talewood.games import load
from talewood.games.spirits.frames import Firefly

OPTIONS = {"air_spirit": True, "fireflies": True, "wish": True, "hex": True, "seasons": True}


def firefly_choices(limit: int = 300) -> list[tuple[object, list[int]]]:
    """Firefly decisions met in random 4-player games (the state and its legal actions)."""
    game = load("spirits")
    found = []
    for seed in range(limit):
        s = game.new_game(4, seed, OPTIONS, tracked=False)
        rng = Rng(seed)
        while not s.is_over:
            legal = s.legal_actions()
            if type(s.stack[-1]) is Firefly and len(legal) > 1:
                found.append((s.clone(), list(legal)))
            s.apply(legal[rng.below(len(legal))])
    return found


def test_firefly_choices_are_sorted_and_labelled_apart() -> None:
    choices = firefly_choices()
    assert choices, "random games with the Silver Fireflies meet the -1 Firefly choice"
    alike = 0
    for state, legal in choices:
        assert legal == sorted(legal)
        labels = [state.describe(a) for a in legal]  # type: ignore[attr-defined]
        assert len(set(labels)) == len(labels), labels
        if any("one you collected" in label for label in labels):
            alike += 1
            assert any(label.endswith("(the 1st one you collected)") for label in labels)
            assert any(label.endswith("(the 2nd one you collected)") for label in labels)
    assert alike, "some choice is between two alike Air Spirit doubles"
