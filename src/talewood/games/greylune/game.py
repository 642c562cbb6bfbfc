"""Greylune: the Game, its State and every rule, by the rulebook's sections.

Decisions are a stack of small Frames. Frames whose kind starts with "fx" are automatic effects run
in order by `_run`; the others wait for the seat's answer. When the stack empties, the turn passes.
"""

from __future__ import annotations

from typing import Any

from talewood.engine import Frame, Game, Option, OptionSet, Result, Rng, State, seat_name

from . import rulings
from .actions import (
    GAP_SLOTS,
    GAPS,
    ITEM_ABILITIES,
    POTION_CARDS,
    SIDE_NAMES,
    SLOT_GAPS,
    SPACE,
    SPECIAL_OPTIONS,
    Ids,
)
from .content import (
    COINS,
    HALL,
    HAVE_MAG,
    HAVE_SM,
    HAVE_STR,
    INCOME,
    MAG,
    MOVE,
    R_NONE,
    READY,
    SEAL_COINS,
    SEAL_MOVE,
    SEAL_VP,
    SKILL_CHOICE,
    SPEND_COINS,
    SPEND_MAG,
    SPEND_STR,
    SPEND_VILLAGERS,
    STR,
    VILLAGER,
    VP,
    VP_PER_COMPANION,
    VP_PER_ITEM,
    VP_PER_TOLD,
    VP_PER_UNTOLD,
    Content,
    Effect,
    Req,
    VillageCard,
    load_content,
)

C: Content = load_content()
CARDS = C.cards
ENC = C.encounters
SPRING, SUMMER, AUTUMN = 0, 1, 2
SEASONS = ("Spring", "Summer", "Autumn")
YEARS = 5
PERIOD_OF_YEAR = (0, 1, 1, 2, 2, 3)
VILLAGERS_PER_PLAYER = 7
START_ACTIVE = 3
START_COINS = 8
MAX_COMPANIONS = 3
BASE_ITEM_LIMIT = 3
SPECIAL_SRC = 99
SPECIAL_TIERS: tuple[tuple[Effect, ...], ...] = (((COINS, 2),), ((STR, 1),), ((VP, 2),))
NO_CARD = -1


def _reaction_index(name: str) -> int:
    return next(c.index for c in CARDS if c.reaction == name)


KAEL, ELWEN, DORIAN, ARIOK, SELIA, NERIS = (_reaction_index(n) for n in
                                            ("kael", "elwen", "dorian", "ariok", "selia", "neris"))
BRAN, LUCAN, ISANDRE, SEREN, MIRA = (_reaction_index(n) for n in
                                     ("bran", "lucan", "isandre", "seren", "mira"))
POTION_KIND = {c.index: c.potion for c in CARDS if c.potion}
USE_ITEM_ID = {pair: Ids.USE_ITEM + j for j, pair in enumerate(ITEM_ABILITIES)}
POTION_ID = {idx: Ids.POTION + j for j, idx in enumerate(POTION_CARDS)}
COINS_ID = {pair: Ids.COINS + j for j, pair in enumerate(GAP_SLOTS)}
ACTIVATE_ID = {pair: Ids.ACTIVATE + j for j, pair in enumerate(GAP_SLOTS)}
NGAPS = len(GAPS)


class GreyluneState(State):
    """A Greylune game in progress."""

    __slots__ = (
        "active", "adventurer", "bonus_left", "bonus_stage", "camp", "coins", "comps", "cur", "enc_board",
        "enc_deck", "enc_discard", "enc_removed", "event_current", "event_discard", "event_removed",
        "event_stack", "event_used", "exh", "festival", "first_player", "gapv", "grid", "income", "items",
        "mag", "on_event", "on_special", "over", "owner", "quest_done", "quest_first", "quests",
        "seal_discard", "seal_pile", "seals", "season", "stack", "str_", "supply", "told", "untold",
        "village_deck",
        "village_discard", "village_removed", "vp", "year",
    )

    year: int
    first_player: int
    cur: int
    over: bool
    season: list[int]
    coins: list[int]
    vp: list[int]
    str_: list[int]
    mag: list[int]
    active: list[int]
    camp: list[int]
    supply: list[int]
    on_event: list[int]
    on_special: list[int]
    event_used: list[int]
    adventurer: list[int]
    bonus_stage: list[int]
    bonus_left: list[int]
    exh: list[int]
    quest_done: list[int]
    items: list[list[int]]
    comps: list[list[int]]
    untold: list[list[int]]
    told: list[list[int]]
    income: list[list[int]]
    owner: list[int]
    gapv: list[int]
    grid: list[int]
    seals: list[tuple[int, ...]]
    village_deck: list[int]
    village_removed: list[int]
    village_discard: list[int]
    enc_deck: list[int]
    enc_removed: list[int]
    enc_board: list[int]
    enc_discard: list[int]
    event_stack: list[int]
    event_removed: list[int]
    event_discard: list[int]
    event_current: int
    festival: list[int]
    quests: list[int]
    quest_first: list[int]
    seal_pile: list[int]
    seal_discard: list[int]
    stack: list[Frame]

    # -- setup (General Setup and Player Setup) ---------------------------------------------------
    def setup(self, first: str) -> None:
        n = self.players
        rng = self.rng
        self.year = 1
        self.over = False
        self.first_player = 0 if first == "seat0" else rng.below(n)
        self.cur = self.first_player
        self.season = [SPRING] * n
        self.coins = [START_COINS] * n
        self.vp = [0] * n
        self.str_ = [0] * n
        self.mag = [0] * n
        self.active = [START_ACTIVE] * n
        self.camp = [0] * n
        self.supply = [VILLAGERS_PER_PLAYER - START_ACTIVE] * n
        self.on_event = [0] * n
        self.on_special = [0] * n
        self.event_used = [0] * n
        self.adventurer = [0] * n
        self.bonus_stage = [0] * n
        self.bonus_left = [0b111] * n
        self.exh = [0] * n
        self.quest_done = [0] * n
        self.items = [[] for _ in range(n)]
        self.comps = [[] for _ in range(n)]
        self.untold = [[] for _ in range(n)]
        self.told = [[] for _ in range(n)]
        self.income = [[] for _ in range(n)]
        self.owner = [-1] * len(CARDS)
        self.gapv = [0] * (NGAPS * 4)
        # Village deck: periods shuffled apart, 2 removed from I and II (ruling R1), III at the bottom.
        self.village_deck = []
        self.village_removed = []
        for period in (3, 2, 1):
            pool = [c.index for c in CARDS if c.period == period]
            rng.shuffle(pool)
            k = rulings.VILLAGE_REMOVED_PER_PERIOD[period - 1]
            self.village_removed.extend(pool[:k])
            self.village_deck.extend(pool[k:])  # the top of the deck is the end of the list
        self.village_discard = []
        # Encounter deck by player count: (n+3) per year.
        per_year = n + 3
        self.enc_deck = []
        self.enc_removed = []
        for period, years in ((3, 1), (2, 2), (1, 2)):
            pool = [e.id for e in ENC[1:] if e.period == period]
            rng.shuffle(pool)
            keep = per_year * years
            self.enc_deck.extend(pool[:keep])
            self.enc_removed.extend(pool[keep:])
        self.enc_board = []
        self.enc_discard = []
        events = [e for e in range(len(C.events))]
        rng.shuffle(events)
        self.event_removed = events[:1]
        self.event_stack = events[1:]
        self.event_discard = []
        quests = list(range(len(C.quests)))
        rng.shuffle(quests)
        self.quests = quests[:3]  # on spaces 3, 4, 5
        self.quest_first = [-1, -1, -1]
        self.seal_pile = [v for v in (1, 2, 3) for _ in range(C.seal_counts[v - 1])]
        rng.shuffle(self.seal_pile)
        self.seal_discard = []
        self.grid = [NO_CARD] * 9
        self.seals = [()] * 9
        self.festival = [-1] * 5
        self.event_current = -1
        self.stack = []
        self._deal_year()
        self.stack.append(Frame("turn", self.cur))

    def _draw_seal(self) -> int:
        if not self.seal_pile:
            if not self.seal_discard:
                return 0
            self.seal_pile = self.seal_discard
            self.seal_discard = []
            self.rng.shuffle(self.seal_pile)
        return self.seal_pile.pop()

    def _deal_year(self) -> None:
        """Reveal the Village, the Event and the Encounters of a year (setup steps 2-4, Winter)."""
        for s in range(9):
            card = self.village_deck.pop()
            self.grid[s] = card
            vals = []
            for _ in range(rulings.seals_for(CARDS[card].seals, self.players)):
                v = self._draw_seal()
                if v:
                    vals.append(v)
            self.seals[s] = tuple(sorted(vals))
        self.event_current = self.event_stack.pop()
        self.festival = [-1] * 5
        for _ in range(self.players + 3):
            self.enc_board.append(self.enc_deck.pop())
        self.enc_board.sort(key=lambda e: (ENC[e].distance, e))

    # -- small helpers ----------------------------------------------------------------------------
    def ready_card(self, p: int, idx: int) -> bool:
        """Does p own card idx, not exhausted?"""
        return self.owner[idx] == p and not (self.exh[p] >> idx) & 1

    def item_limit(self, p: int) -> int:
        extra = 0
        for idx in self.comps[p]:
            extra += CARDS[idx].item_limit
        for idx in self.items[p]:
            extra += CARDS[idx].item_limit
        return BASE_ITEM_LIMIT + extra

    def can_spend_str(self, p: int, n: int) -> bool:
        return self.str_[p] >= n or (self.ready_card(p, KAEL) and self.str_[p] >= n - 1)

    def villagers_in_village(self, p: int) -> int:
        return sum(self.gapv[g * 4 + p] for g in range(NGAPS))

    def gap_open(self, g: int) -> bool:
        a, b = GAPS[g]
        return self.grid[a] != NO_CARD or self.grid[b] != NO_CARD

    def around(self, slot: int) -> int:
        """Villagers (any owner) in the gaps touching a slot."""
        gv = self.gapv
        total = 0
        for g in SLOT_GAPS[slot]:
            base = g * 4
            total += gv[base] + gv[base + 1] + gv[base + 2] + gv[base + 3]
        return total

    def boost_available(self, p: int) -> bool:
        if self.ready_card(p, SEREN):
            return True
        return any(POTION_KIND.get(i) == "charisma" and self.ready_card(p, i) for i in self.items[p])

    def can_tell(self, p: int) -> bool:
        if any(ENC[e].story >= 1 for e in self.untold[p]):
            return True
        return bool(self.untold[p]) and self.boost_available(p)

    def req_ok(self, p: int, reqs: tuple[Req, ...], bs: int = 0, bm: int = 0) -> bool:
        """Can p meet all these requirements at once (boosts count for 'have' only)?"""
        coins = vill = st = mg = 0
        for code, n in reqs:
            if code == R_NONE:
                continue
            if code == HAVE_STR:
                if self.str_[p] + bs < n:
                    return False
            elif code == HAVE_MAG:
                if self.mag[p] + bm < n:
                    return False
            elif code == HAVE_SM:
                if self.str_[p] + self.mag[p] + bs + bm < n:
                    return False
            elif code == SPEND_COINS:
                coins += n
            elif code == SPEND_VILLAGERS:
                vill += n
            elif code == SPEND_STR:
                st += n
            elif code == SPEND_MAG:
                mg += n
        return (self.coins[p] >= coins and self.active[p] >= vill and self.mag[p] >= mg
                and (st == 0 or self.can_spend_str(p, st)))

    # -- the decision -----------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        if self.over:
            return None
        return self.stack[-1].seat

    @property
    def is_over(self) -> bool:
        return self.over

    def _legal_actions(self) -> list[int]:
        if self.over:
            return []
        f = self.stack[-1]
        handler = _LEGAL[f.kind]
        out = handler(self, f)
        out.sort()
        return out

    def _apply(self, action: int) -> None:
        f = self.stack.pop()
        _APPLY[f.kind](self, f, action)
        self._run()

    # -- the automatic effects -------------------------------------------------------------------
    def _run(self) -> None:
        stack = self.stack
        while True:
            while stack and stack[-1].kind[0] == "f" and stack[-1].kind[1] == "x":
                f = stack.pop()
                _FX[f.kind](self, f)
            if stack:
                return
            self._end_turn()
            if self.over or stack:
                return

    def push_effects(self, p: int, effects: tuple[Effect, ...], seal: int = 0) -> None:
        """Queue effects to run in order (the first runs first); moves wait until the others are done."""
        moves = [e for e in effects if e[0] == MOVE or e[0] == SEAL_MOVE]
        others = [e for e in effects if e[0] != MOVE and e[0] != SEAL_MOVE]
        for op, n in reversed(others + moves):
            self.stack.append(Frame("fx", p, (op, n, seal)))

    def gain_vp(self, p: int, n: int) -> None:
        if n <= 0:
            return
        self.vp[p] += n
        self.check_bonus(p)

    def check_bonus(self, p: int) -> None:
        """Queue a Bonus token choice if p has reached the next threshold (and none is pending)."""
        stage = self.bonus_stage[p]
        if stage < 2 and self.vp[p] >= rulings.BONUS_THRESHOLDS[stage]:
            for f in self.stack:
                if f.kind == "bonus" and f.seat == p:
                    return
            self.stack.append(Frame("bonus", p, (stage,)))

    def gain_skill(self, p: int, which: int, n: int, lucan_ok: bool = True) -> None:
        track = self.str_ if which == STR else self.mag
        moved = False
        for _ in range(n):
            if track[p] < rulings.MAX_SKILL:
                track[p] += 1
                moved = True
            elif rulings.SKILL_OVERFLOW_GIVES_VP:
                self.gain_vp(p, 1)
        if moved and lucan_ok and self.ready_card(p, LUCAN):
            self.stack.append(Frame("lucan", p, (which,)))

    def gain_villagers(self, p: int, n: int) -> None:
        k = min(n, self.supply[p])
        self.supply[p] -= k
        self.active[p] += k

    def spend_villagers(self, p: int, n: int) -> None:
        self.active[p] -= n
        self.camp[p] += n

    def do_effect(self, p: int, op: int, n: int, seal: int) -> None:
        if op == VP:
            self.gain_vp(p, n)
        elif op == COINS:
            self.coins[p] += n
        elif op in (STR, MAG):
            self.gain_skill(p, op, n)
        elif op == VILLAGER:
            self.gain_villagers(p, n)
        elif op == MOVE:
            self.stack.append(Frame("move", p, (n, 0)))
        elif op == SEAL_MOVE:
            self.stack.append(Frame("move", p, (seal, 0)))
        elif op == READY:
            if self.exh[p]:
                self.stack.append(Frame("ready", p))
        elif op == SKILL_CHOICE:
            self.stack.append(Frame("skill", p))
        elif op == SEAL_VP:
            self.gain_vp(p, seal)
        elif op == SEAL_COINS:
            self.coins[p] += seal
        elif op == VP_PER_TOLD:
            self.gain_vp(p, n * len(self.told[p]))
        elif op == VP_PER_UNTOLD:
            self.gain_vp(p, n * len(self.untold[p]))
        elif op == VP_PER_ITEM:
            self.gain_vp(p, n * len(self.items[p]))
        elif op == VP_PER_COMPANION:
            self.gain_vp(p, n * len(self.comps[p]))
        elif op == HALL:
            self.stack.append(Frame("hall", p))
        elif op == INCOME:
            token = C.income_by_encounter[n]
            self.income[p].append(token.id)
            if self.log is not None:
                self.emit("income", f"{seat_name(p)} takes the {token.name} Income token", seat=p)
            self.do_effect(p, token.effect[0], token.effect[1], 0)

    def spend_str(self, p: int, n: int) -> None:
        if n <= 0:
            return
        if self.ready_card(p, KAEL):
            self.stack.append(Frame("kael", p, (n,)))
        else:
            self.str_[p] -= n

    def pay_reqs(self, p: int, reqs: tuple[Req, ...]) -> None:
        for code, n in reqs:
            if code == SPEND_COINS:
                self.coins[p] -= n
            elif code == SPEND_VILLAGERS:
                self.spend_villagers(p, n)
            elif code == SPEND_MAG:
                self.mag[p] -= n
            elif code == SPEND_STR:
                self.stack.append(Frame("fx_str", p, (n,)))

    def use_potion(self, p: int, idx: int) -> None:
        """A Potion is discarded to the box, or exhausted if its owner has Selia (permanent effect)."""
        if self.owner[SELIA] == p:
            self.exh[p] |= 1 << idx
        else:
            self.items[p].remove(idx)
            self.owner[idx] = -2  # in the box
            self.exh[p] &= ~(1 << idx)

    def discard_item(self, p: int, idx: int) -> None:
        self.items[p].remove(idx)
        self.owner[idx] = -2
        self.exh[p] &= ~(1 << idx)

    # -- turns, Autumn, Winter, the end --------------------------------------------------------------
    def _end_turn(self) -> None:
        n = self.players
        for step in range(1, n + 1):
            q = (self.cur + step) % n
            if self.season[q] != AUTUMN:
                self.cur = q
                self.stack.append(Frame("turn", q))
                return
        self._end_year()

    def autumn(self, p: int) -> None:
        """Autumn - Upkeep and income, in order."""
        self.season[p] = AUTUMN
        self.adventurer[p] = 0
        self.active[p] += self.camp[p] + self.on_event[p] + self.on_special[p]
        self.camp[p] = self.on_event[p] = self.on_special[p] = 0
        self.exh[p] = 0
        gains: list[Effect] = [(COINS, max(0, rulings.BASE_INCOME - len(self.comps[p])))]
        for tid in self.income[p]:
            gains.append(C.income[tid - 1].effect)
        self.push_effects(p, tuple(gains))
        if self.log is not None:
            self.emit("autumn", f"{seat_name(p)} moves to Autumn and collects income", seat=p)

    def _end_year(self) -> None:
        if self.year >= YEARS:
            self.over = True
            if self.log is not None:
                res = self.result()
                self.emit("end", f"The game ends; scores {res.scores}, winners {res.winners}")
            return
        # Winter - Setup.
        self.year += 1
        n = self.players
        self.season = [SPRING] * n
        self.event_used = [0] * n
        self.first_player = (self.first_player + 1) % n
        self.cur = self.first_player
        for s in range(9):
            if self.grid[s] != NO_CARD:
                self.village_discard.append(self.grid[s])
                self.grid[s] = NO_CARD
            self.seal_discard.extend(self.seals[s])
            self.seals[s] = ()
        self.enc_discard.extend(self.enc_board)
        self.enc_board = []
        self.event_discard.append(self.event_current)
        self._deal_year()
        if self.log is not None:
            self.emit("winter", f"Winter: year {self.year} begins; seat {self.first_player} plays first")
        self.stack.append(Frame("turn", self.cur))

    # -- text --------------------------------------------------------------------------------------
    def prompt(self) -> str:
        if self.over:
            return "the game is over"
        f = self.stack[-1]
        who = f"{seat_name(f.seat)}"
        if f.kind == "turn":
            return f"{who}: choose a {SEASONS[self.season[f.seat]]} action (year {self.year})"
        return f"{who}: {_PROMPTS.get(f.kind, f.kind)}"

    def describe(self, action: int) -> str:
        spec = SPACE.spec(action)
        kind = spec.kind
        if kind in ("activate", "coins"):
            slot = int(spec.param("slot"))
            card = self.grid[slot]
            name = CARDS[card].name if card != NO_CARD else "an empty space"
            verb = "activate" if kind == "activate" else "gain coins naming"
            return f"{verb} {name} (Villager from gap {spec.param('gap')})"
        if kind == "event" and self.event_current >= 0:
            ev = C.events[self.event_current]
            k = int(spec.param("option"))
            if k < len(ev.options):
                return f"{ev.name}: {_option_text(ev.options[k].cost, ev.options[k].effects)}"
        if kind == "place":
            a, b = GAPS[int(spec.param("gap"))]
            names = [CARDS[self.grid[s]].name if self.grid[s] != NO_CARD else "empty" for s in (a, b)]
            return f"place a Villager between {names[0]} and {names[1]}"
        return spec.label

    # -- information -------------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        n = self.players
        f = self.stack[-1] if self.stack and not self.over else None
        return {
            "game": "greylune", "players": n, "seat": seat, "year": self.year,
            "period": PERIOD_OF_YEAR[self.year], "first_player": self.first_player,
            "current_player": self.current_player, "over": self.over, "prompt": self.prompt(),
            "decision": None if f is None else {"kind": f.kind, "seat": f.seat, "data": list(f.data)},
            "village": [
                None if self.grid[s] == NO_CARD else {"slot": s, **_card_json(CARDS[self.grid[s]]),
                                                        "seals": list(self.seals[s]),
                                                        "extra_cost": self.around(s)}
                for s in range(9)],
            "gaps": [{"gap": g, "slots": list(GAPS[g]), "villagers": [self.gapv[g * 4 + p] for p in range(n)]}
                     for g in range(NGAPS)],
            "event": None if self.event_current < 0 else {
                "name": C.events[self.event_current].name,
                "options": [_option_text(o.cost, o.effects) for o in C.events[self.event_current].options],
                "festival_taken": list(self.festival), "villagers": list(self.on_event)},
            "encounters": [_enc_json(e) for e in self.enc_board],
            "quests": [{"space": d, "name": C.quests[self.quests[d - 3]].name,
                        "vp": list(C.quest_vp[d]), "first": self.quest_first[d - 3],
                        "done_by": [p for p in range(n) if (self.quest_done[p] >> d) & 1]}
                       for d in (3, 4, 5)],
            "track": list(C.crests),
            "decks": {"village": len(self.village_deck), "encounters": len(self.enc_deck),
                      "events": len(self.event_stack), "seal_pile": len(self.seal_pile),
                      "seal_discard": sorted(self.seal_discard)},
            "players_state": [self._player_json(p) for p in range(n)],
        }

    def _player_json(self, p: int) -> dict[str, Any]:
        return {
            "seat": p, "season": SEASONS[self.season[p]], "coins": self.coins[p], "vp": self.vp[p],
            "strength": self.str_[p], "magic": self.mag[p], "adventurer": self.adventurer[p],
            "villagers": {"active": self.active[p], "campsite": self.camp[p], "supply": self.supply[p],
                          "event": self.on_event[p], "special": self.on_special[p],
                          "village": self.villagers_in_village(p)},
            "companions": [{**_card_json(CARDS[i]), "exhausted": bool((self.exh[p] >> i) & 1)}
                           for i in self.comps[p]],
            "items": [{**_card_json(CARDS[i]), "exhausted": bool((self.exh[p] >> i) & 1)}
                      for i in self.items[p]],
            "untold": [_enc_json(e) for e in self.untold[p]], "told": [_enc_json(e) for e in self.told[p]],
            "income": [C.income[t - 1].name for t in self.income[p]],
            "bonus_tokens": [C.bonus_names[k] for k in range(3) if (self.bonus_left[p] >> k) & 1],
            "quests": [d for d in (3, 4, 5) if (self.quest_done[p] >> d) & 1],
            "event_used": bool(self.event_used[p]), "item_limit": self.item_limit(p),
            "end_game": self.breakdown(p),
        }

    def clone(self) -> GreyluneState:
        o = GreyluneState.__new__(GreyluneState)
        self._copy_base(o)
        o.year = self.year
        o.first_player = self.first_player
        o.cur = self.cur
        o.over = self.over
        o.season = self.season[:]
        o.coins = self.coins[:]
        o.vp = self.vp[:]
        o.str_ = self.str_[:]
        o.mag = self.mag[:]
        o.active = self.active[:]
        o.camp = self.camp[:]
        o.supply = self.supply[:]
        o.on_event = self.on_event[:]
        o.on_special = self.on_special[:]
        o.event_used = self.event_used[:]
        o.adventurer = self.adventurer[:]
        o.bonus_stage = self.bonus_stage[:]
        o.bonus_left = self.bonus_left[:]
        o.exh = self.exh[:]
        o.quest_done = self.quest_done[:]
        o.items = [x[:] for x in self.items]
        o.comps = [x[:] for x in self.comps]
        o.untold = [x[:] for x in self.untold]
        o.told = [x[:] for x in self.told]
        o.income = [x[:] for x in self.income]
        o.owner = self.owner[:]
        o.gapv = self.gapv[:]
        o.grid = self.grid[:]
        o.seals = self.seals[:]
        o.village_deck = self.village_deck[:]
        o.village_removed = self.village_removed[:]
        o.village_discard = self.village_discard[:]
        o.enc_deck = self.enc_deck[:]
        o.enc_removed = self.enc_removed[:]
        o.enc_board = self.enc_board[:]
        o.enc_discard = self.enc_discard[:]
        o.event_stack = self.event_stack[:]
        o.event_removed = self.event_removed[:]
        o.event_discard = self.event_discard[:]
        o.event_current = self.event_current
        o.festival = self.festival[:]
        o.quests = self.quests[:]
        o.quest_first = self.quest_first[:]
        o.seal_pile = self.seal_pile[:]
        o.seal_discard = self.seal_discard[:]
        o.stack = self.stack[:]
        return o

    def determinize(self, seat: int, rng: Rng) -> GreyluneState:
        """Re-deal the hidden: deck orders and removed cards (by period), the Event stack, the Seal pile."""
        o = self.clone()
        o.rng = rng.spawn()
        for period in (1, 2, 3):
            pos = [i for i, c in enumerate(o.village_deck) if CARDS[c].period == period]
            hidden = [c for c in o.village_removed if CARDS[c].period == period]
            pool = sorted([o.village_deck[i] for i in pos] + hidden)   # sorted: the secret order must not
            rng.shuffle(pool)                                             # leak into the re-deal
            for i, c in zip(pos, pool, strict=False):
                o.village_deck[i] = c
            rest = pool[len(pos):]
            o.village_removed = [c for c in o.village_removed if CARDS[c].period != period] + rest
            epos = [i for i, e in enumerate(o.enc_deck) if ENC[e].period == period]
            ehidden = [e for e in o.enc_removed if ENC[e].period == period]
            epool = sorted([o.enc_deck[i] for i in epos] + ehidden)
            rng.shuffle(epool)
            for i, e in zip(epos, epool, strict=False):
                o.enc_deck[i] = e
            o.enc_removed = [e for e in o.enc_removed if ENC[e].period != period] + epool[len(epos):]
        events = sorted(o.event_stack + o.event_removed)
        rng.shuffle(events)
        o.event_removed = events[:len(o.event_removed)]
        o.event_stack = events[len(o.event_removed):]
        o.seal_pile.sort()
        rng.shuffle(o.seal_pile)
        o.invalidate()          # the re-dealt world may allow other actions than the real one
        return o

    def breakdown(self, p: int) -> dict[str, int]:
        """End-game VP by kind, as the final scoring would count them now."""
        quests = 0
        for d in (3, 4, 5):
            if (self.quest_done[p] >> d) & 1:
                hi, lo = C.quest_vp[d]
                quests += hi if self.quest_first[d - 3] == p else lo
        companions = sum(self.companion_vp(p, i) for i in self.comps[p])
        items = sum(CARDS[i].end_vp for i in self.items[p])
        s, m = self.str_[p], self.mag[p]
        skills = 5 if s >= 5 and m >= 5 else 2 if s >= 3 and m >= 3 else 0
        track = self.vp[p]
        return {"track": track, "quests": quests, "companions": companions, "items": items, "skills": skills,
                "total": track + quests + companions + items + skills}

    def companion_vp(self, p: int, idx: int) -> int:
        kind = CARDS[idx].end_scoring
        if kind == "per_strength":
            return self.str_[p]
        if kind == "per_magic":
            return self.mag[p]
        if kind == "per_far_encounter":
            return sum(1 for e in self.untold[p] + self.told[p] if ENC[e].distance >= 3)
        if kind == "per_item":
            return len(self.items[p])
        if kind == "per_potion_2":
            return 2 * sum(1 for i in self.items[p] if CARDS[i].potion)
        if kind == "per_coin_pair":
            return self.coins[p] // 2
        if kind == "villagers_minus_2":
            return max(0, VILLAGERS_PER_PLAYER - self.supply[p] - 2)
        if kind == "lower_skill":
            return min(self.str_[p], self.mag[p])
        if kind == "per_companion_2":
            return 2 * len(self.comps[p])
        if kind == "per_told":
            return len(self.told[p])
        if kind == "per_crest":
            return len({ENC[e].distance for e in self.untold[p] + self.told[p]})
        return 0

    def result(self) -> Result:
        details = [self.breakdown(p) for p in range(self.players)]
        scores = [float(d["total"]) for d in details]
        best = max(scores)
        return Result(scores=scores, winners=[p for p in range(self.players) if scores[p] == best],
                      details=[dict(d) for d in details])

    def hash_key(self) -> tuple[Any, ...]:
        return (
            self.year, self.first_player, self.cur, self.over, tuple(self.season), tuple(self.coins),
            tuple(self.vp), tuple(self.str_), tuple(self.mag), tuple(self.active), tuple(self.camp),
            tuple(self.supply), tuple(self.on_event), tuple(self.on_special), tuple(self.event_used),
            tuple(self.adventurer), tuple(self.bonus_stage), tuple(self.bonus_left), tuple(self.exh),
            tuple(self.quest_done), tuple(tuple(x) for x in self.items), tuple(tuple(x) for x in self.comps),
            tuple(tuple(x) for x in self.untold), tuple(tuple(x) for x in self.told),
            tuple(tuple(x) for x in self.income), tuple(self.owner), tuple(self.gapv), tuple(self.grid),
            tuple(self.seals), tuple(self.village_deck), tuple(self.village_removed),
            tuple(self.village_discard), tuple(self.enc_deck), tuple(self.enc_removed), tuple(self.enc_board),
            tuple(self.enc_discard), tuple(self.event_stack), tuple(self.event_removed),
            tuple(self.event_discard), self.event_current, tuple(self.festival), tuple(self.quests),
            tuple(self.quest_first), tuple(self.seal_pile), tuple(self.seal_discard),
            tuple(self.stack), self.rng.state,
        )


# ================================================================================================
# Legal actions and their effects, one pair of functions per frame kind.
# ================================================================================================

def _card_json(card: VillageCard) -> dict[str, Any]:
    return {"id": card.id, "name": card.name, "kind": card.kind, "cost": card.cost,
            "tavern": card.tavern, "potion": card.potion, "end_vp": card.end_vp}


def _enc_json(e: int) -> dict[str, Any]:
    card = ENC[e]
    return {"id": e, "name": card.name, "distance": card.distance, "crest": C.crests[card.distance],
            "story": card.story, "income": C.income[card.income - 1].name if card.income else None,
            "sides": [{"req": _req_text(s.req), "reward": _effects_text(s.reward)} for s in card.sides]}


_REQ_WORDS = {HAVE_STR: "have {n} Strength", HAVE_MAG: "have {n} Magic", HAVE_SM: "have {n} Strength+Magic",
              SPEND_COINS: "spend {n} coins", SPEND_VILLAGERS: "spend {n} Villager(s)",
              SPEND_STR: "spend {n} Strength", SPEND_MAG: "spend {n} Magic"}
_EFFECT_WORDS = {VP: "{n} VP", COINS: "{n} coins", STR: "{n} Strength", MAG: "{n} Magic",
                 VILLAGER: "{n} Villager", MOVE: "move up to {n}", READY: "ready a card",
                 SKILL_CHOICE: "1 Strength or 1 Magic", SEAL_VP: "VP = Seal", SEAL_COINS: "coins = Seal",
                 SEAL_MOVE: "move up to the Seal", VP_PER_TOLD: "{n} VP per told story",
                 VP_PER_UNTOLD: "{n} VP per untold story", VP_PER_ITEM: "{n} VP per Item",
                 VP_PER_COMPANION: "{n} VP per Companion", HALL: "Strength/Magic for VP",
                 INCOME: "the Income token"}


def _req_text(req: Req) -> str:
    if req[0] == R_NONE:
        return "nothing"
    return _REQ_WORDS[req[0]].format(n=req[1])


def _effects_text(effects: tuple[Effect, ...]) -> str:
    return " + ".join(_EFFECT_WORDS[op].format(n=n) for op, n in effects) or "nothing"


def _option_text(cost: Req, effects: tuple[Effect, ...]) -> str:
    if cost[0] == R_NONE:
        return _effects_text(effects)
    return f"{_req_text(cost)}: {_effects_text(effects)}"


_PROMPTS = {
    "act_seal": "choose the Seal to use", "act_selia": "exhaust Selia to choose the Seal's value?",
    "act_neris": "exhaust Neris to ignore the extra cost?",
    "act_dorian": "exhaust Dorian: 1 coin less and 1 VP?",
    "coins_neris": "exhaust Neris to gain 2 more coins?", "kael": "exhaust Kael to spend 1 less Strength?",
    "lucan": "exhaust Lucan to gain the other skill too?", "bran": "exhaust Bran to spend 1 Villager fewer?",
    "isandre": "exhaust Isandre to ready the Item just used?", "reuse": "use the readied Item again?",
    "after_move": "place a Villager in the Village (Mira or Endurance Potion)?",
    "put_villager": "choose the gap for the Villager", "boost_source": "who raises the story to 3?",
    "event_opt": "choose the Event's option", "move": "move your Adventurer (or stay)",
    "arrive": "resolve an Encounter, the space's bonus or Quest, or stop",
    "encounter": "use potions or Ariok, then choose which side(s) to meet",
    "story": "choose the Encounter cards of your story", "bard": "choose a story to move to Told Stories",
    "discard": "discard an Item", "ready": "choose a card to ready", "skill": "gain Strength or Magic",
    "hall": "choose what to spend at the Hall of the Heroes", "bonus": "choose a Bonus token",
}


# -- turn ---------------------------------------------------------------------------------------------

def _event_option_ok(s: GreyluneState, p: int, k: int) -> bool:
    ev = C.events[s.event_current]
    if k >= len(ev.options):
        return False
    if ev.exclusive and s.festival[k] != -1:
        return False
    opt = ev.options[k]
    if any(op == READY for op, _ in opt.effects) and not ev.exclusive and not s.exh[p]:
        return False
    return s.req_ok(p, (opt.cost,))


def _min_activation_cost(s: GreyluneState, p: int, card: VillageCard, extra: int, seal: int,
                         selia: bool, neris: bool, dorian: bool) -> int:
    seal_part = 0
    if card.pay_seal:
        seal_part = 1 if selia else seal
    e = 0 if neris else extra
    d = 1 if dorian else 0
    return max(0, card.cost + seal_part + e - d)


def _activate_ok(s: GreyluneState, p: int, slot: int) -> bool:
    idx = s.grid[slot]
    card = CARDS[idx]
    if card.kind == "companion" and len(s.comps[p]) >= MAX_COMPANIONS:
        return False
    seals = s.seals[slot]
    if card.seals == "players_minus_1" and not seals:
        return False
    if card.tavern and not s.can_tell(p):
        return False
    if idx == _HALL_IDX and not (s.can_spend_str(p, 1) or s.mag[p] >= 1):
        return False
    extra = s.around(slot) - 1
    building_seal = card.kind == "building" and bool(seals)
    cost = _min_activation_cost(s, p, card, extra, min(seals) if seals else 0,
                                building_seal and s.ready_card(p, SELIA), s.ready_card(p, NERIS),
                                card.kind == "item" and s.ready_card(p, DORIAN))
    return cost <= s.coins[p]


def _item_ability_ok(s: GreyluneState, p: int, idx: int, a: int) -> bool:
    if s.owner[idx] != p or (s.exh[p] >> idx) & 1:
        return False
    v = CARDS[idx].abilities[a].villagers
    return s.active[p] >= v or (v >= 1 and s.ready_card(p, BRAN) and s.active[p] >= v - 1)


def _legal_turn(s: GreyluneState, f: Frame) -> list[int]:
    p = f.seat
    out: list[int] = []
    season = s.season[p]
    active = s.active[p]
    gv = s.gapv
    if season == SPRING:
        if active:
            out.extend(Ids.PLACE + g for g in range(NGAPS) if s.gap_open(g))
        out.append(Ids.TO_SUMMER)
    if not s.event_used[p]:
        ok = [k for k in range(5) if _event_option_ok(s, p, k)]
        if active:
            out.extend(Ids.EVENT + k for k in ok)
        if season == SUMMER and ok:
            out.extend(Ids.EVENT_GAP + g for g in range(NGAPS) if gv[g * 4 + p])
    if season != SUMMER:
        return out
    in_village = False
    for g in range(NGAPS):
        if not gv[g * 4 + p]:
            continue
        in_village = True
        a, b = GAPS[g]
        if s.grid[a] == NO_CARD and s.grid[b] == NO_CARD:
            out.append(Ids.CLEAR + g)
            continue
        for slot in (a, b):
            if s.grid[slot] != NO_CARD:
                out.append(COINS_ID[(g, slot)])
                if _activate_ok(s, p, slot):
                    out.append(ACTIVATE_ID[(g, slot)])
    for idx in s.items[p]:
        for a in range(len(CARDS[idx].abilities)):
            if _item_ability_ok(s, p, idx, a):
                out.append(USE_ITEM_ID[(idx, a)])
    if active and not s.on_special[p]:
        if s.can_tell(p):
            out.append(Ids.SPECIAL)
        out.append(Ids.SPECIAL + 1)
        out.append(Ids.SPECIAL + 2)
    if not in_village:
        out.append(Ids.TO_AUTUMN)
    return out


def _apply_turn(s: GreyluneState, f: Frame, action: int) -> None:
    p = f.seat
    log = s.log is not None
    if Ids.PLACE <= action < Ids.PLACE + NGAPS:
        g = action - Ids.PLACE
        s.active[p] -= 1
        s.gapv[g * 4 + p] += 1
        if log:
            s.emit("place", f"{seat_name(p)}: {s.describe(action)}", seat=p)
    elif action == Ids.TO_SUMMER:
        s.season[p] = SUMMER
        s.stack.append(Frame("turn", p))
        if log:
            s.emit("season", f"{seat_name(p)} moves to Summer", seat=p)
    elif action == Ids.TO_AUTUMN:
        s.autumn(p)
    elif Ids.EVENT <= action < Ids.EVENT + 5:
        s.active[p] -= 1
        _take_event(s, p, action - Ids.EVENT)
    elif Ids.EVENT_GAP <= action < Ids.EVENT_GAP + NGAPS:
        s.stack.append(Frame("event_opt", p, (action - Ids.EVENT_GAP,)))
    elif Ids.COINS <= action < Ids.COINS + len(GAP_SLOTS):
        g, slot = GAP_SLOTS[action - Ids.COINS]
        s.gapv[g * 4 + p] -= 1
        s.camp[p] += 1
        gained = s.around(slot)
        s.coins[p] += gained
        if log:
            s.emit("coins", f"{seat_name(p)} takes back a Villager naming {CARDS[s.grid[slot]].name}: "
                            f"+{gained} coins", seat=p)
        if s.ready_card(p, NERIS):
            s.stack.append(Frame("coins_neris", p))
    elif Ids.CLEAR <= action < Ids.CLEAR + NGAPS:
        g = action - Ids.CLEAR
        s.gapv[g * 4 + p] -= 1
        s.camp[p] += 1
    elif Ids.ACTIVATE <= action < Ids.ACTIVATE + len(GAP_SLOTS):
        g, slot = GAP_SLOTS[action - Ids.ACTIVATE]
        extra = s.around(slot) - 1
        _activation_step(s, p, (g, slot, extra, 0, 0, 0, 0, 0))
    elif Ids.USE_ITEM <= action < Ids.USE_ITEM + len(ITEM_ABILITIES):
        _use_item(s, p, action)
    elif Ids.SPECIAL <= action < Ids.SPECIAL + 3:
        k = action - Ids.SPECIAL
        s.active[p] -= 1
        s.on_special[p] = 1
        if log:
            s.emit("special", f"{seat_name(p)} uses the special action to {SPECIAL_OPTIONS[k]}", seat=p)
        if k == 0:
            s.stack.append(Frame("story", p, (SPECIAL_SRC, 0, 0, 0)))
        elif k == 1:
            s.stack.append(Frame("move", p, (1, 0)))
        else:
            s.gain_skill(p, MAG, 1)


def _take_event(s: GreyluneState, p: int, k: int) -> None:
    ev = C.events[s.event_current]
    opt = ev.options[k]
    s.on_event[p] = 1
    s.event_used[p] = 1
    if ev.exclusive:
        s.festival[k] = p
    if s.log is not None:
        s.emit("event", f"{seat_name(p)} takes part in the {ev.name}: {_option_text(opt.cost, opt.effects)}",
               seat=p)
    s.push_effects(p, opt.effects)
    s.pay_reqs(p, (opt.cost,))


def _legal_event_opt(s: GreyluneState, f: Frame) -> list[int]:
    return [Ids.EVENT + k for k in range(5) if _event_option_ok(s, f.seat, k)]


def _apply_event_opt(s: GreyluneState, f: Frame, action: int) -> None:
    g = f.data[0]
    s.gapv[g * 4 + f.seat] -= 1
    _take_event(s, f.seat, action - Ids.EVENT)


# -- activate a card: seal -> Selia -> Neris -> Dorian -> pay and resolve -------------------------------
# Frame data: (gap, slot, extra, seal, selia_value, neris, dorian, stage)

def _act_min(s: GreyluneState, p: int, d: tuple[int, ...], stage: int) -> int:
    """The least the activation can still cost, given the choices made before `stage`."""
    _g, slot, extra, seal, selia_v, neris, dorian, _ = d
    card = CARDS[s.grid[slot]]
    seal_val = selia_v or seal
    can_selia = stage <= 1 and card.kind == "building" and bool(s.seals[slot]) and s.ready_card(p, SELIA)
    if stage == 0 and not can_selia:
        seal_val = seal or (min(s.seals[slot]) if s.seals[slot] else 0)
    can_neris = stage <= 2 and extra > 0 and s.ready_card(p, NERIS)
    can_dorian = stage <= 3 and card.kind == "item" and s.ready_card(p, DORIAN)
    return _min_activation_cost(s, p, card, 0 if neris else extra, seal_val, can_selia,
                                can_neris, can_dorian or bool(dorian))


def _activation_step(s: GreyluneState, p: int, d: tuple[int, ...]) -> None:
    g, slot, extra, seal, selia_v, neris, dorian, stage = d
    card = CARDS[s.grid[slot]]
    if stage == 0:
        if card.kind == "building" and s.seals[slot]:
            s.stack.append(Frame("act_seal", p, d))
            return
        stage = 1
    if stage == 1:
        if card.kind == "building" and seal and s.ready_card(p, SELIA):
            s.stack.append(Frame("act_selia", p, (g, slot, extra, seal, 0, 0, 0, 1)))
            return
        stage = 2
    if stage == 2:
        if extra > 0 and s.ready_card(p, NERIS):
            s.stack.append(Frame("act_neris", p, (g, slot, extra, seal, selia_v, 0, 0, 2)))
            return
        stage = 3
    if stage == 3 and card.kind == "item" and s.ready_card(p, DORIAN):
        s.stack.append(Frame("act_dorian", p, (g, slot, extra, seal, selia_v, neris, 0, 3)))
        return
    _activate(s, p, g, slot, extra, seal, selia_v, neris, dorian)


def _legal_act_seal(s: GreyluneState, f: Frame) -> list[int]:
    p = f.seat
    out = []
    for v in sorted(set(s.seals[f.data[1]])):
        d = (*f.data[:3], v, 0, 0, 0, 1)
        if _act_min(s, p, d, 1) <= s.coins[p]:
            out.append(Ids.SEAL + v - 1)
    return out


def _apply_act_seal(s: GreyluneState, f: Frame, action: int) -> None:
    _activation_step(s, f.seat, (*f.data[:3], action - Ids.SEAL + 1, 0, 0, 0, 1))


def _legal_act_selia(s: GreyluneState, f: Frame) -> list[int]:
    p = f.seat
    out = []
    for v in (1, 2, 3):
        d = (*f.data[:4], v, 0, 0, 2)
        if _act_min(s, p, d, 2) <= s.coins[p]:
            out.append(Ids.SELIA + v - 1)
    if _act_min(s, p, (*f.data[:4], 0, 0, 0, 2), 2) <= s.coins[p]:
        out.append(Ids.DECLINE)
    return out


def _apply_act_selia(s: GreyluneState, f: Frame, action: int) -> None:
    p = f.seat
    v = 0
    if action != Ids.DECLINE:
        v = action - Ids.SELIA + 1
        s.exh[p] |= 1 << SELIA
    _activation_step(s, p, (*f.data[:4], v, 0, 0, 2))


def _legal_act_neris(s: GreyluneState, f: Frame) -> list[int]:
    p = f.seat
    out = [Ids.REACT]
    if _act_min(s, p, (*f.data[:5], 0, 0, 3), 3) <= s.coins[p]:
        out.append(Ids.DECLINE)
    return out


def _apply_act_neris(s: GreyluneState, f: Frame, action: int) -> None:
    p = f.seat
    neris = 1 if action == Ids.REACT else 0
    if neris:
        s.exh[p] |= 1 << NERIS
    _activation_step(s, p, (*f.data[:5], neris, 0, 3))


def _legal_act_dorian(s: GreyluneState, f: Frame) -> list[int]:
    p = f.seat
    out = [Ids.REACT]
    if _act_min(s, p, (*f.data[:6], 0, 4), 4) <= s.coins[p]:
        out.append(Ids.DECLINE)
    return out


def _apply_act_dorian(s: GreyluneState, f: Frame, action: int) -> None:
    p = f.seat
    dorian = 1 if action == Ids.REACT else 0
    if dorian:
        s.exh[p] |= 1 << DORIAN
    g, slot, extra, seal, selia_v, neris = f.data[:6]
    _activate(s, p, g, slot, extra, seal, selia_v, neris, dorian)


def _activate(s: GreyluneState, p: int, g: int, slot: int, extra: int, seal: int, selia_v: int, neris: int,
              dorian: int) -> None:
    idx = s.grid[slot]
    card = CARDS[idx]
    s.gapv[g * 4 + p] -= 1
    s.camp[p] += 1
    value = selia_v or seal
    cost = max(0, card.cost + (value if card.pay_seal else 0) + (0 if neris else extra) - dorian)
    s.coins[p] -= cost
    if seal:
        seals = list(s.seals[slot])
        seals.remove(seal)
        s.seals[slot] = tuple(seals)
        s.seal_discard.append(seal)
    if s.log is not None:
        s.emit("activate", f"{seat_name(p)} activates {card.name} and pays {cost} coins", seat=p, card=card.id)
    if card.kind == "building":
        if card.tavern:
            s.stack.append(Frame("story", p, (idx, value, 0, 0)))
        else:
            s.push_effects(p, card.effects, value)
        return
    s.grid[slot] = NO_CARD
    s.owner[idx] = p
    item_seal = 0
    if s.seals[slot]:
        item_seal = s.seals[slot][0]
        s.seal_discard.extend(s.seals[slot])
        s.seals[slot] = ()
    if card.kind == "item":
        s.items[p].append(idx)
        s.stack.append(Frame("fx_limit", p))
        s.push_effects(p, card.immediate, item_seal)
        if dorian:
            s.gain_vp(p, 1)
    else:
        s.comps[p].append(idx)
        s.push_effects(p, card.immediate)


def _legal_coins_neris(s: GreyluneState, f: Frame) -> list[int]:
    return [Ids.REACT, Ids.DECLINE]


def _apply_coins_neris(s: GreyluneState, f: Frame, action: int) -> None:
    if action == Ids.REACT:
        s.exh[f.seat] |= 1 << NERIS
        s.coins[f.seat] += 2


# -- Items ----------------------------------------------------------------------------------------------

def _use_item(s: GreyluneState, p: int, action: int) -> None:
    idx, a = ITEM_ABILITIES[action - Ids.USE_ITEM]
    v = CARDS[idx].abilities[a].villagers
    if v >= 1 and s.ready_card(p, BRAN):
        s.stack.append(Frame("bran", p, (idx, a)))
        return
    _finish_item(s, p, idx, a, 0)


def _finish_item(s: GreyluneState, p: int, idx: int, a: int, bran: int) -> None:
    card = CARDS[idx]
    ability = card.abilities[a]
    s.spend_villagers(p, ability.villagers - bran)
    if s.log is not None:
        s.emit("item", f"{seat_name(p)} uses {card.name}", seat=p, card=card.id)
    if ability.discard:
        s.discard_item(p, idx)
    else:
        s.exh[p] |= 1 << idx
        if s.ready_card(p, ISANDRE):
            s.stack.append(Frame("fx_isandre", p, (idx,)))
    s.push_effects(p, ability.effects)


def _legal_bran(s: GreyluneState, f: Frame) -> list[int]:
    idx, a = f.data
    out = [Ids.REACT]
    if s.active[f.seat] >= CARDS[idx].abilities[a].villagers:
        out.append(Ids.DECLINE)
    return out


def _apply_bran(s: GreyluneState, f: Frame, action: int) -> None:
    bran = 1 if action == Ids.REACT else 0
    if bran:
        s.exh[f.seat] |= 1 << BRAN
    _finish_item(s, f.seat, f.data[0], f.data[1], bran)


def _fx_isandre(s: GreyluneState, f: Frame) -> None:
    idx = f.data[0]
    p = f.seat
    if s.owner[idx] == p and (s.exh[p] >> idx) & 1 and s.ready_card(p, ISANDRE):
        s.stack.append(Frame("isandre", p, (idx,)))


def _legal_yes_no(s: GreyluneState, f: Frame) -> list[int]:
    return [Ids.REACT, Ids.DECLINE]


def _apply_isandre(s: GreyluneState, f: Frame, action: int) -> None:
    if action == Ids.REACT:
        p, idx = f.seat, f.data[0]
        s.exh[p] |= 1 << ISANDRE
        s.exh[p] &= ~(1 << idx)
        s.stack.append(Frame("reuse", p, (idx,)))


def _legal_reuse(s: GreyluneState, f: Frame) -> list[int]:
    idx = f.data[0]
    out = [USE_ITEM_ID[(idx, a)] for a in range(len(CARDS[idx].abilities))
           if _item_ability_ok(s, f.seat, idx, a)]
    out.append(Ids.DECLINE)
    return out


def _apply_reuse(s: GreyluneState, f: Frame, action: int) -> None:
    if action != Ids.DECLINE:
        _use_item(s, f.seat, action)


def _fx_limit(s: GreyluneState, f: Frame) -> None:
    p = f.seat
    if len(s.items[p]) > s.item_limit(p):
        s.stack.append(Frame("fx_limit", p))
        s.stack.append(Frame("discard", p, (0,)))


def _legal_discard(s: GreyluneState, f: Frame) -> list[int]:
    return [Ids.DISCARD + i for i in s.items[f.seat]]


def _apply_discard(s: GreyluneState, f: Frame, action: int) -> None:
    s.discard_item(f.seat, action - Ids.DISCARD)
    if s.log is not None:
        s.emit("discard", f"{seat_name(f.seat)} discards {CARDS[action - Ids.DISCARD].name}", seat=f.seat)


def _legal_ready(s: GreyluneState, f: Frame) -> list[int]:
    p = f.seat
    out = [Ids.READY + i for i in s.items[p] + s.comps[p] if (s.exh[p] >> i) & 1]
    out.append(Ids.DECLINE)
    return out


def _apply_ready(s: GreyluneState, f: Frame, action: int) -> None:
    if action != Ids.DECLINE:
        s.exh[f.seat] &= ~(1 << (action - Ids.READY))


# -- skills, Kael, Lucan, Hall of the Heroes, Bonus tokens ------------------------------------------------

def _legal_skill(s: GreyluneState, f: Frame) -> list[int]:
    return [Ids.SKILL, Ids.SKILL + 1]


def _apply_skill(s: GreyluneState, f: Frame, action: int) -> None:
    s.gain_skill(f.seat, STR if action == Ids.SKILL else MAG, 1)


def _legal_kael(s: GreyluneState, f: Frame) -> list[int]:
    out = [Ids.REACT]
    if s.str_[f.seat] >= f.data[0]:
        out.append(Ids.DECLINE)
    return out


def _apply_kael(s: GreyluneState, f: Frame, action: int) -> None:
    p, n = f.seat, f.data[0]
    if action == Ids.REACT:
        s.exh[p] |= 1 << KAEL
        n -= 1
    s.str_[p] -= n


def _fx_str(s: GreyluneState, f: Frame) -> None:
    s.spend_str(f.seat, f.data[0])


def _apply_lucan(s: GreyluneState, f: Frame, action: int) -> None:
    if action == Ids.REACT:
        p = f.seat
        s.exh[p] |= 1 << LUCAN
        s.gain_skill(p, MAG if f.data[0] == STR else STR, 1, lucan_ok=False)


_HALL_IDX = next(c.index for c in CARDS if any(op == HALL for op, _ in c.effects))


def _legal_hall(s: GreyluneState, f: Frame) -> list[int]:
    p = f.seat
    st, mg = s.can_spend_str(p, 1), s.mag[p] >= 1
    out = []
    if st:
        out.append(Ids.HALL)
    if mg:
        out.append(Ids.HALL + 1)
    if st and mg:
        out.append(Ids.HALL + 2)
    return out


def _apply_hall(s: GreyluneState, f: Frame, action: int) -> None:
    p = f.seat
    k = action - Ids.HALL
    if k in (1, 2):
        s.mag[p] -= 1
        s.stack.append(Frame("fx", p, (VP, 4, 0)))
    if k in (0, 2):
        s.stack.append(Frame("fx", p, (VP, 3, 0)))
        s.spend_str(p, 1)


def _legal_bonus(s: GreyluneState, f: Frame) -> list[int]:
    return [Ids.BONUS + k for k in range(3) if (s.bonus_left[f.seat] >> k) & 1]


def _apply_bonus(s: GreyluneState, f: Frame, action: int) -> None:
    p = f.seat
    k = action - Ids.BONUS
    s.bonus_stage[p] += 1
    s.bonus_left[p] = 0 if s.bonus_stage[p] >= 2 else s.bonus_left[p] & ~(1 << k)
    if s.log is not None:
        s.emit("bonus", f"{seat_name(p)} takes the {C.bonus_names[k]} Bonus token", seat=p)
    s.stack.append(Frame("fx_bonus", p))
    s.push_effects(p, C.bonus[k])


def _fx_bonus(s: GreyluneState, f: Frame) -> None:
    s.check_bonus(f.seat)


# -- going on an adventure ---------------------------------------------------------------------------------

def _legal_move(s: GreyluneState, f: Frame) -> list[int]:
    p = f.seat
    rng, elwen_used = f.data
    pos = s.adventurer[p]
    out = [Ids.MOVE + d for d in range(max(0, pos - rng), min(5, pos + rng) + 1)]
    if not elwen_used and s.ready_card(p, ELWEN):
        out.append(Ids.ELWEN)
    return out


def _apply_move(s: GreyluneState, f: Frame, action: int) -> None:
    p = f.seat
    if action == Ids.ELWEN:
        s.exh[p] |= 1 << ELWEN
        s.stack.append(Frame("move", p, (f.data[0] + 2, 1)))
        return
    d = action - Ids.MOVE
    s.adventurer[p] = d
    if s.log is not None:
        s.emit("move", f"{seat_name(p)}'s Adventurer goes to the {C.crests[d]} space", seat=p)
    s.stack.append(Frame("fx_end_move", p))
    if d >= 1:
        arrive = Frame("arrive", p, (d,))
        if len(_legal_arrive(s, arrive)) > 1:  # only "stop": nothing to decide
            s.stack.append(arrive)


def _encounter_possible(s: GreyluneState, p: int, e: int) -> bool:
    card = ENC[e]
    bs = bm = ign = 0
    for i in s.items[p]:
        kind = POTION_KIND.get(i)
        if kind and not (s.exh[p] >> i) & 1:
            if kind == "strength":
                bs += 2
            elif kind == "mana":
                bm += 2
            elif kind == "flying":
                bs += 1
                bm += 1
            elif kind == "invisibility":
                ign += 1
    if s.ready_card(p, ARIOK) and s.mag[p] >= 1:
        ign += 1
    if ign:
        return True
    return any(s.req_ok(p, (side.req,), bs, bm) for side in card.sides)


def _quest_possible(s: GreyluneState, p: int, d: int) -> bool:
    if (s.quest_done[p] >> d) & 1:
        return False
    q = C.quests[s.quests[d - 3]]
    if q.special == "bard":
        return len(s.untold[p]) >= 2
    if q.special == "donation":
        return bool(s.items[p])
    if q.special == "trap":
        return s.active[p] >= 1
    return s.req_ok(p, q.reqs)


def _legal_arrive(s: GreyluneState, f: Frame) -> list[int]:
    p = f.seat
    d = f.data[0]
    out = [Ids.ENCOUNTER + e - 1 for e in s.enc_board
           if ENC[e].distance == d and _encounter_possible(s, p, e)]
    if C.space_bonus[d] is not None:
        out.append(Ids.SPACE_BONUS)
    if d >= 3 and _quest_possible(s, p, d):
        out.append(Ids.QUEST)
    out.append(Ids.STOP)
    return out


def _apply_arrive(s: GreyluneState, f: Frame, action: int) -> None:
    p, d = f.seat, f.data[0]
    if action == Ids.STOP:
        return
    if action == Ids.SPACE_BONUS:
        bonus = C.space_bonus[d]
        assert bonus is not None
        s.do_effect(p, bonus[0], bonus[1], 0)
        return
    if action == Ids.QUEST:
        _do_quest(s, p, d)
        return
    e = action - Ids.ENCOUNTER + 1
    s.stack.append(Frame("encounter", p, (e, 0, 0, 0)))


def _do_quest(s: GreyluneState, p: int, d: int) -> None:
    q = C.quests[s.quests[d - 3]]
    s.quest_done[p] |= 1 << d
    if s.quest_first[d - 3] == -1:
        s.quest_first[d - 3] = p
    if s.log is not None:
        s.emit("quest", f"{seat_name(p)} completes the Heroic Quest {q.name}", seat=p)
    if q.special == "bard":
        s.stack.append(Frame("bard", p, (2,)))
    elif q.special == "donation":
        s.stack.append(Frame("discard", p, (1,)))
    elif q.special == "trap":
        s.active[p] -= 1
        s.supply[p] += 1
    else:
        s.pay_reqs(p, q.reqs)


def _side_sets(sides: int, count: int) -> tuple[int, ...]:
    if count == 1:
        return (0,)
    return ((0,), (1,), (0, 1))[sides]


def _best_ignores(s: GreyluneState, p: int, e: int, chosen: tuple[int, ...], bs: int, bm: int,
                  ign: int) -> tuple[int, ...] | None:
    """The sides whose requirement is ignored (R9), or None if the choice cannot be met."""
    card = ENC[e]
    best: tuple[int, ...] | None = None
    best_key = (-1, -1)
    subsets: list[tuple[int, ...]] = [()]
    if ign >= 1:
        subsets += [(i,) for i in chosen]
    if ign >= 2 and len(chosen) == 2:
        subsets.append(chosen)
    for ignored in subsets:
        reqs = tuple(card.sides[i].req for i in chosen if i not in ignored)
        if not s.req_ok(p, reqs, bs, bm):
            continue
        spends = sum(1 for i in ignored if card.sides[i].req[0] >= SPEND_COINS)
        key = (len(ignored), spends)
        if key > best_key:
            best, best_key = ignored, key
    return best


def _legal_encounter(s: GreyluneState, f: Frame) -> list[int]:
    p = f.seat
    e, bs, bm, ign = f.data
    out = []
    for i in s.items[p]:
        kind = POTION_KIND.get(i)
        if kind in ("strength", "mana", "flying", "invisibility") and not (s.exh[p] >> i) & 1:
            out.append(POTION_ID[i])
    if s.ready_card(p, ARIOK) and s.mag[p] >= 1:
        out.append(Ids.ARIOK)
    count = len(ENC[e].sides)
    for k in range(3 if count == 2 else 1):
        if _best_ignores(s, p, e, _side_sets(k, count), bs, bm, ign) is not None:
            out.append(Ids.SIDES + k)
    return out


def _apply_encounter(s: GreyluneState, f: Frame, action: int) -> None:
    p = f.seat
    e, bs, bm, ign = f.data
    if action == Ids.ARIOK:
        s.exh[p] |= 1 << ARIOK
        s.mag[p] -= 1
        s.stack.append(Frame("encounter", p, (e, bs, bm, ign + 1)))
        return
    if action < Ids.SIDES:
        idx = POTION_CARDS[action - Ids.POTION]
        kind = POTION_KIND[idx]
        s.use_potion(p, idx)
        if kind == "strength":
            bs += 2
        elif kind == "mana":
            bm += 2
        elif kind == "flying":
            bs += 1
            bm += 1
        else:
            ign += 1
        s.stack.append(Frame("encounter", p, (e, bs, bm, ign)))
        return
    card = ENC[e]
    chosen = _side_sets(action - Ids.SIDES, len(card.sides))
    ignored = _best_ignores(s, p, e, chosen, bs, bm, ign)
    assert ignored is not None
    s.enc_board.remove(e)
    s.untold[p].append(e)
    if s.log is not None:
        s.emit("encounter", f"{seat_name(p)} resolves {card.name} ({SIDE_NAMES[action - Ids.SIDES]})", seat=p)
    rewards: list[Effect] = []
    for i in chosen:
        for op, n in card.sides[i].reward:
            rewards.append((op, e) if op == INCOME else (op, n))
    s.push_effects(p, tuple(rewards))
    s.pay_reqs(p, tuple(card.sides[i].req for i in chosen if i not in ignored))


def _fx_end_move(s: GreyluneState, f: Frame) -> None:
    p = f.seat
    if s.active[p] < 1 or not any(s.gap_open(g) for g in range(NGAPS)):
        return
    if s.ready_card(p, MIRA) or any(POTION_KIND.get(i) == "endurance" and s.ready_card(p, i)
                                    for i in s.items[p]):
        s.stack.append(Frame("after_move", p))


def _legal_after_move(s: GreyluneState, f: Frame) -> list[int]:
    p = f.seat
    out = [POTION_ID[i] for i in s.items[p] if POTION_KIND.get(i) == "endurance" and s.ready_card(p, i)]
    if s.ready_card(p, MIRA):
        out.append(Ids.REACT)
    out.append(Ids.DECLINE)
    return out


def _apply_after_move(s: GreyluneState, f: Frame, action: int) -> None:
    p = f.seat
    if action == Ids.DECLINE:
        return
    if action == Ids.REACT:
        s.exh[p] |= 1 << MIRA
    else:
        s.use_potion(p, POTION_CARDS[action - Ids.POTION])
    s.stack.append(Frame("fx_end_move", p))
    s.stack.append(Frame("put_villager", p))


def _legal_put(s: GreyluneState, f: Frame) -> list[int]:
    return [Ids.PLACE + g for g in range(NGAPS) if s.gap_open(g)]


def _apply_put(s: GreyluneState, f: Frame, action: int) -> None:
    s.active[f.seat] -= 1
    s.gapv[(action - Ids.PLACE) * 4 + f.seat] += 1


# -- telling stories -------------------------------------------------------------------------------------
# story frame data: (source card index or SPECIAL_SRC, seal value, total, count)

def _can_add(total: int, count: int, v: int) -> bool:
    return v >= 1 and (total + v <= 3 or (total == 2 and count == 1 and v == 2))


def _legal_story(s: GreyluneState, f: Frame) -> list[int]:
    p = f.seat
    _, _, total, count = f.data
    out = [Ids.TELL + e - 1 for e in s.untold[p] if _can_add(total, count, ENC[e].story)]
    if count == 0 and s.boost_available(p):
        out.extend(Ids.TELL_BOOST + e - 1 for e in s.untold[p])
    if count:
        out.append(Ids.STORY_END)
    return out


def _apply_story(s: GreyluneState, f: Frame, action: int) -> None:
    p = f.seat
    src, seal, total, count = f.data
    if action == Ids.STORY_END:
        _story_rewards(s, p, src, seal, total)
        return
    if action >= Ids.TELL_BOOST:
        e = action - Ids.TELL_BOOST + 1
        s.untold[p].remove(e)
        s.told[p].append(e)
        charisma = [i for i in s.items[p] if POTION_KIND.get(i) == "charisma" and s.ready_card(p, i)]
        if s.ready_card(p, SEREN) and charisma:
            s.stack.append(Frame("boost_source", p, (src, seal)))
            return
        if s.ready_card(p, SEREN):
            s.exh[p] |= 1 << SEREN
        else:
            s.use_potion(p, charisma[0])
        _story_rewards(s, p, src, seal, 3)
        return
    e = action - Ids.TELL + 1
    s.untold[p].remove(e)
    s.told[p].append(e)
    total += ENC[e].story
    count += 1
    if any(_can_add(total, count, ENC[x].story) for x in s.untold[p]):
        s.stack.append(Frame("story", p, (src, seal, total, count)))
    else:
        _story_rewards(s, p, src, seal, total)


def _story_rewards(s: GreyluneState, p: int, src: int, seal: int, total: int) -> None:
    value = min(3, total)
    tiers = SPECIAL_TIERS if src == SPECIAL_SRC else CARDS[src].tiers
    effects: list[Effect] = []
    for t in range(value):
        effects.extend(tiers[t])
    if s.log is not None:
        s.emit("story", f"{seat_name(p)} tells a story of value {value}: {_effects_text(tuple(effects))}", seat=p)
    s.push_effects(p, tuple(effects), seal)


def _legal_boost_source(s: GreyluneState, f: Frame) -> list[int]:
    p = f.seat
    out = [POTION_ID[i] for i in s.items[p] if POTION_KIND.get(i) == "charisma" and s.ready_card(p, i)]
    out.append(Ids.REACT)
    return out


def _apply_boost_source(s: GreyluneState, f: Frame, action: int) -> None:
    p = f.seat
    if action == Ids.REACT:
        s.exh[p] |= 1 << SEREN
    else:
        s.use_potion(p, POTION_CARDS[action - Ids.POTION])
    _story_rewards(s, p, f.data[0], f.data[1], 3)


def _legal_bard(s: GreyluneState, f: Frame) -> list[int]:
    return [Ids.PICK_STORY + e - 1 for e in s.untold[f.seat]]


def _apply_bard(s: GreyluneState, f: Frame, action: int) -> None:
    p = f.seat
    e = action - Ids.PICK_STORY + 1
    s.untold[p].remove(e)
    s.told[p].append(e)
    if f.data[0] > 1:
        s.stack.append(Frame("bard", p, (f.data[0] - 1,)))


def _fx_effect(s: GreyluneState, f: Frame) -> None:
    op, n, seal = f.data
    s.do_effect(f.seat, op, n, seal)


_LEGAL = {
    "turn": _legal_turn, "event_opt": _legal_event_opt, "act_seal": _legal_act_seal,
    "act_selia": _legal_act_selia, "act_neris": _legal_act_neris, "act_dorian": _legal_act_dorian,
    "coins_neris": _legal_coins_neris, "bran": _legal_bran, "isandre": _legal_yes_no, "reuse": _legal_reuse,
    "discard": _legal_discard, "ready": _legal_ready, "skill": _legal_skill, "kael": _legal_kael,
    "lucan": _legal_yes_no, "hall": _legal_hall, "bonus": _legal_bonus, "move": _legal_move,
    "arrive": _legal_arrive, "encounter": _legal_encounter, "after_move": _legal_after_move,
    "put_villager": _legal_put, "story": _legal_story, "boost_source": _legal_boost_source,
    "bard": _legal_bard,
}
_APPLY = {
    "turn": _apply_turn, "event_opt": _apply_event_opt, "act_seal": _apply_act_seal,
    "act_selia": _apply_act_selia, "act_neris": _apply_act_neris, "act_dorian": _apply_act_dorian,
    "coins_neris": _apply_coins_neris, "bran": _apply_bran, "isandre": _apply_isandre, "reuse": _apply_reuse,
    "discard": _apply_discard, "ready": _apply_ready, "skill": _apply_skill, "kael": _apply_kael,
    "lucan": _apply_lucan, "hall": _apply_hall, "bonus": _apply_bonus, "move": _apply_move,
    "arrive": _apply_arrive, "encounter": _apply_encounter, "after_move": _apply_after_move,
    "put_villager": _apply_put, "story": _apply_story, "boost_source": _apply_boost_source,
    "bard": _apply_bard,
}
_FX = {
    "fx": _fx_effect, "fx_str": _fx_str, "fx_limit": _fx_limit, "fx_isandre": _fx_isandre,
    "fx_end_move": _fx_end_move, "fx_bonus": _fx_bonus,
}


class GreyluneGame(Game):
    """Greylune for 2 to 4 players."""

    id = "greylune"
    name = "Greylune"
    min_players = 2
    max_players = 4
    option_set = OptionSet((
        Option("first_player", "choice", rulings.DEFAULT_FIRST_PLAYER,
               "who takes the First Player token at the start (ruling R5)",
               choices=("seat0", "random"), title="First player",
               choice_labels=("Player 1", "a player drawn at random")),
    ))
    action_space = SPACE

    def _new_state(self, players: int, seed: int, options: dict[str, Any], tracked: bool) -> GreyluneState:
        state = GreyluneState.__new__(GreyluneState)
        state._init_base(self, players, seed, options, tracked)
        state.setup(str(options.get("first_player") or rulings.DEFAULT_FIRST_PLAYER))
        if state.log is not None:
            state.emit("setup", f"Greylune for {players} players; seat {state.first_player} plays first")
        return state
