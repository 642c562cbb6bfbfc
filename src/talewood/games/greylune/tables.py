"""Lookups the rules use on every step, computed once from the content by the Game and shared by
every state (`state.tables`): the Companions' card indices, each card's Potion kind, and the
action ids of the parameterised actions (activate, gain coins, use an Item, drink a Potion)."""

from __future__ import annotations

from .actions import GAP_SLOTS, Ids
from .content import HALL, Content


class Tables:
    """The content's lookups; immutable by convention (never written after the Game builds it)."""

    __slots__ = (
        "activate_id", "ariok", "bran", "coins_id", "dorian", "elwen", "hall", "isandre", "item_abilities", "kael",
        "lucan", "mira", "neris", "potion_cards", "potion_id", "potion_kind", "selia", "seren", "use_item_id",
    )

    def __init__(self, content: Content, ids: Ids, item_abilities: tuple[tuple[int, int], ...]) -> None:
        cards = content.cards

        def companion(reaction: str) -> int:
            return next(c.index for c in cards if c.reaction == reaction)

        # the Companions whose reactions and permanent effects the rules ask about, by card index
        self.kael = companion("kael")
        self.elwen = companion("elwen")
        self.dorian = companion("dorian")
        self.ariok = companion("ariok")
        self.selia = companion("selia")
        self.neris = companion("neris")
        self.bran = companion("bran")
        self.lucan = companion("lucan")
        self.isandre = companion("isandre")
        self.seren = companion("seren")
        self.mira = companion("mira")
        self.hall = next(c.index for c in cards if any(op == HALL for op, _ in c.effects))
        # per card index: its Potion kind ("" if it is no Potion)
        self.potion_kind: tuple[str, ...] = tuple(c.potion for c in cards)
        self.potion_cards: tuple[int, ...] = tuple(c.index for c in cards if c.potion)
        self.item_abilities = item_abilities
        self.use_item_id: dict[tuple[int, int], int] = {
            pair: ids.use_item + j for j, pair in enumerate(item_abilities)}
        self.potion_id: dict[int, int] = {idx: ids.potion + j for j, idx in enumerate(self.potion_cards)}
        self.coins_id: dict[tuple[int, int], int] = {pair: ids.coins + j for j, pair in enumerate(GAP_SLOTS)}
        self.activate_id: dict[tuple[int, int], int] = {
            pair: ids.activate + j for j, pair in enumerate(GAP_SLOTS)}
