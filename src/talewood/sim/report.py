"""Balance reports for designers: scores and, for games with secret cards, how often each is met."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from .play import Outcome


def card_rates(outcomes: list[Outcome]) -> dict[str, dict[str, dict[str, float]]]:
    """From result details' `cards` entries ({kind, card, met}): per kind and card, games and met rate.

    Also the mean final score of players holding the card, against the mean of all players, so a card
    that helps or hurts too much stands out.
    """
    held: dict[tuple[str, str], list[tuple[bool, float]]] = defaultdict(list)
    all_scores = [s for o in outcomes if o.error is None for s in o.scores]
    mean_all = sum(all_scores) / len(all_scores) if all_scores else 0.0
    for o in outcomes:
        if o.error is not None:
            continue
        for seat, detail in enumerate(o.details):
            for card in detail.get("cards", ()):
                held[(card["kind"], card["card"])].append((bool(card["met"]), o.scores[seat]))
    out: dict[str, dict[str, dict[str, float]]] = defaultdict(dict)
    for (kind, card), rows in sorted(held.items()):
        met = sum(1 for m, _ in rows if m)
        out[kind][card] = {
            "held": len(rows), "met_rate": round(met / len(rows), 3),
            "mean_score": round(sum(s for _, s in rows) / len(rows), 2),
            "score_vs_all": round(sum(s for _, s in rows) / len(rows) - mean_all, 2),
        }
    return dict(out)


def balance_report(outcomes: list[Outcome]) -> dict[str, Any]:
    done = [o for o in outcomes if o.error is None]
    scores = [s for o in done for s in o.scores]
    return {
        "games": len(outcomes), "errors": len(outcomes) - len(done),
        "mean_score": round(sum(scores) / len(scores), 2) if scores else None,
        "mean_winning_score": round(sum(max(o.scores) for o in done) / len(done), 2) if done else None,
        "shared_wins": sum(1 for o in done if len(o.winners) > 1),
        "cards": card_rates(outcomes),
    }
