"""The end of a Spirits game: fireflies, Wish cards, majority scoring, Hex cards, and solo's verdict.

The order is rulings.END_OF_GAME_ORDER. Counts follow the rules sheet: a spirit's count is its
symbols on your tiles plus your favor tokens of that spirit (plus any Wish reward symbols).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from ...engine import Result, SheetBuilder, SheetRow, decision, seat_name
from . import rulings
from .content import POWER_NAMES, POWERS, SPIRIT_NAMES, SPIRITS

if TYPE_CHECKING:
    from .state import SpiritsState


@decision
class Favor(NamedTuple):
    """A Wish reward: choose a favor token from those removed at setup."""

    seat: int

    def prompt(self, s: SpiritsState) -> str:
        return "your Wish is granted: choose a favor token from those removed at setup"

    def legal(self, s: SpiritsState) -> list[int]:
        return sorted(s.ids.favor + k for k in s.box)

    def apply(self, s: SpiritsState, action: int) -> None:
        take_favor_reward(s, self.seat, action - s.ids.favor)


def spirit_count(state: SpiritsState, seat: int, spirit: int) -> int:
    tokens = state.c.tokens
    return (state.symbols(seat, spirit) + sum(1 for k in state.favors[seat] if tokens[k].spirit == spirit)
            + state.reward_syms[seat].count(spirit))


def power_count(state: SpiritsState, seat: int, power: int) -> int:
    tokens = state.c.tokens
    return state.powers(seat, power) + sum(1 for k in state.favors[seat] if tokens[k].power == power)


def favor_count(state: SpiritsState, seat: int) -> int:
    return len(state.favors[seat])


def gemstone_count(state: SpiritsState, seat: int) -> int:
    return state.supply[seat] + (state.placed[seat] if rulings.WISH_GEMSTONES_COUNT_PLACED else 0)


def doubles_count(state: SpiritsState, seat: int) -> int:
    tiles = state.c.tiles
    return sum(1 for t in state.tiles_of[seat] if tiles[t].is_double)


def firefly_count(state: SpiritsState, seat: int) -> int:
    return sum(1 for t in state.tiles_of[seat] if state.firefly[t])


def end_game(state: SpiritsState) -> None:
    """The last collectable tile is gone: resolve the end in order, pausing for favor-token choices.

    With Wish rewards to choose, the game finishes once the last is chosen (SpiritsState.advance)."""
    state.stack.clear()
    state.ending = True
    if state.log is not None:
        state.emit("end", "No tile can be collected any more: the game ends")
    if state.cfg.solo:
        _finish_solo(state)
        return
    if state.cfg.fireflies:
        resolve_fireflies(state)
    if state.cfg.wishes:
        resolve_wishes(state)
    if not state.stack:
        finish(state)


def resolve_fireflies(state: SpiritsState) -> None:
    counts = [firefly_count(state, s) for s in range(state.players)]
    most = max(counts)
    if most == 0 and rulings.FIREFLY_MOST_OF_ZERO_DISCARDS_NOTHING:
        return
    tiles = state.c.tiles
    for seat in range(state.players):
        if counts[seat] != most:
            continue
        gone = [t for t in state.tiles_of[seat] if state.firefly[t] and tiles[t].air]
        for t in gone:
            state.tiles_of[seat].remove(t)
            state.discarded_tiles[seat].append(t)
            state.tally_tile(seat, tiles[t], -1)
        if state.log is not None:
            state.emit("fireflies", f"{seat_name(seat)} has the most fireflies ({most}) and discards "
                                    f"{len(gone)} Air Spirit tiles", seat=seat)


def wish_met(state: SpiritsState, seat: int, wish_index: int) -> bool:
    """Whether `seat` meets the request (ties for the most count as the most)."""
    wish = state.c.wishes[wish_index]
    if wish.request == "most_spirit":
        def measure(s: int) -> int:
            if rulings.WISH_SPIRIT_COUNT_INCLUDES_TOKENS:
                return spirit_count(state, s, wish.spirit)
            return state.symbols(s, wish.spirit)
    elif wish.request == "most_favor_tokens":
        def measure(s: int) -> int:
            return favor_count(state, s)
    elif wish.request == "most_gemstones":
        def measure(s: int) -> int:
            return gemstone_count(state, s)
    else:
        def measure(s: int) -> int:
            return doubles_count(state, s)
    values = [measure(s) for s in range(state.players)]
    return values[seat] == max(values)


def resolve_wishes(state: SpiritsState) -> None:
    """Check every request first (rulings.WISH_REQUESTS_CHECKED_BEFORE_REWARDS), then reward."""
    first = state.cfg.first_player if rulings.FAVOR_REWARD_ORDER_FROM_FIRST_PLAYER else 0
    order = [(first + i) % state.players for i in range(state.players)]
    met = {s: wish_met(state, s, state.wish[s]) for s in order if state.wish[s] >= 0}
    for s, ok in met.items():
        state.wish_met[s] = ok
    choosers = []
    for seat in order:
        if not met.get(seat):
            if seat in met and state.log is not None:
                state.emit("wish", f"{seat_name(seat)} does not meet their Wish", seat=seat)
            continue
        wish = state.c.wishes[state.wish[seat]]
        if wish.reward == "symbols":
            state.reward_syms[seat].extend(wish.reward_symbols)
            if state.log is not None:
                gained = " and ".join(SPIRIT_NAMES[s] for s in wish.reward_symbols)
                state.emit("wish", f"{seat_name(seat)} meets their Wish and gains {gained}", seat=seat)
        else:
            choosers.append(seat)
    for seat in reversed(choosers):
        if state.box:
            state.stack.append(Favor(seat))


def take_favor_reward(state: SpiritsState, seat: int, k: int) -> None:
    state.box.remove(k)
    state.favors[seat].append(k)
    state.public_token[k] = True
    if state.log is not None:
        state.emit("wish", f"{seat_name(seat)} meets their Wish and takes the {state.c.tokens[k].name()} "
                           f"from the box", seat=seat)


def score_details(state: SpiritsState) -> list[dict[str, Any]]:
    """Per seat: counts, majority points, penalties, bonuses and the total."""
    n = state.players
    n_spirits = state.cfg.n_spirits
    tokens = state.c.tokens
    spirit = [[spirit_count(state, s, x) for x in range(n_spirits)] for s in range(n)]
    power = [[power_count(state, s, p) for p in range(3)] for s in range(n)]
    most_spirit = [max(row[x] for row in spirit) for x in range(n_spirits)]
    most_power = [max(row[p] for row in power) for p in range(3)]
    only_tiles = rulings.PENALTY_COUNTS_ONLY_TILES
    details: list[dict[str, Any]] = []
    for s in range(n):
        majority = 0
        for x in range(n_spirits):
            if spirit[s][x] > 0 and spirit[s][x] == most_spirit[x]:
                majority += spirit[s][x]
        power_points = 0
        for p in range(3):
            if power[s][p] > 0 and power[s][p] == most_power[p]:
                power_points += power[s][p]
        have_spirits = state.symbols_of(s) if only_tiles else spirit[s]
        have_powers = state.powers_of(s) if only_tiles else power[s]
        missing = have_spirits.count(0) + have_powers.count(0)
        bonus = state.drops[s] + sum(1 for k in state.favors[s] if tokens[k].kind == "nature_point")
        details.append({
            "spirits": dict(zip(SPIRITS[:n_spirits], spirit[s], strict=True)),
            "powers": dict(zip(POWERS, power[s], strict=True)),
            "spirit_points": majority, "power_points": power_points,
            "penalty": -rulings.MISSING_PENALTY * missing, "bonus": bonus, "hex": 0,
            "tiles": len(state.tiles_of[s]),
            "favor_tokens": [tokens[k].id for k in state.favors[s]],
        })
    for s in range(n):
        cards = []
        if state.cfg.wishes and state.wish[s] >= 0:
            cards.append({"kind": "wish", "card": state.c.wishes[state.wish[s]].id, "met": state.wish_met[s]})
        if state.cfg.hexes and state.hex[s] >= 0:
            struck = hex_strikes(state, s, state.hex[s], spirit, power)
            if struck:
                details[s]["hex"] = -state.c.hexes[state.hex[s]].penalty
            cards.append({"kind": "hex", "card": state.c.hexes[state.hex[s]].id, "met": struck})
        details[s]["cards"] = cards
    for d in details:
        d["total"] = d["spirit_points"] + d["power_points"] + d["penalty"] + d["bonus"] + d["hex"]
    return details


def hex_strikes(state: SpiritsState, seat: int, hex_index: int, spirit: list[list[int]],
                power: list[list[int]]) -> bool:
    """Whether `seat` has the least of what the Hex names (ties for the least count as the least)."""
    card = state.c.hexes[hex_index]
    n = state.players
    if card.request == "least_two_spirits":
        least = [spirit[seat][x] == min(spirit[s][x] for s in range(n)) for x in card.spirits]
        return all(least) if rulings.HEX_TWO_SPIRITS_NEEDS_BOTH else any(least)
    if card.request == "least_favor_tokens":
        values = [favor_count(state, s) for s in range(n)]
    else:
        values = [sum(power[s]) for s in range(n)]
    return values[seat] == min(values)


def finish(state: SpiritsState) -> None:
    details = score_details(state)
    scores = [float(d["total"]) for d in details]
    best = max(scores)
    tied = [s for s in range(state.players) if scores[s] == best]
    def tiles(s: int) -> int:
        kept: int = details[s]["tiles"]
        return kept if rulings.DISCARDED_TILES_LEAVE_TIE_BREAK else kept + len(state.discarded_tiles[s])

    fewest = min(tiles(s) for s in tied)
    winners = [s for s in tied if tiles(s) == fewest]
    state.finish(Result(scores=scores, winners=winners, details=details))
    if state.log is not None:
        for s in range(state.players):
            state.emit("score", f"{seat_name(s)} scores {int(scores[s])} nature points", seat=s)
        state.emit("winner", "Winner: " + ", ".join(seat_name(s) for s in winners))


def _finish_solo(state: SpiritsState) -> None:
    """Solo: you gain the face-up token; lose if the opponent has a majority in any spirit."""
    if state.solo_token >= 0:
        state.favors[0].append(state.solo_token)
        state.public_token[state.solo_token] = True
    n_spirits = state.cfg.n_spirits
    mine = [spirit_count(state, 0, x) for x in range(n_spirits)]
    theirs = state.opp_sym[:n_spirits]
    if rulings.SOLO_OPPONENT_NEEDS_STRICT_MAJORITY:
        lost_to = [x for x in range(n_spirits) if theirs[x] > mine[x]]
    else:  # pragma: no cover - the alternative reading, kept selectable
        lost_to = [x for x in range(n_spirits) if theirs[x] >= mine[x] and theirs[x] > 0]
    points = sum(mine[x] for x in range(n_spirits) if mine[x] > 0 and mine[x] >= theirs[x])
    missing = sum(1 for x in range(n_spirits) if state.symbols(0, x) == 0)
    penalty = -rulings.MISSING_PENALTY * missing if rulings.SOLO_SCORES_MISSING_PENALTY else 0
    won = not lost_to
    total = points + penalty
    detail = {"spirits": dict(zip(SPIRITS[:n_spirits], mine, strict=True)),
              "opponent": dict(zip(SPIRITS[:n_spirits], theirs, strict=True)),
              "spirit_points": points, "penalty": penalty, "total": total, "won": won,
              "opponent_majorities": [SPIRITS[x] for x in lost_to], "tiles": len(state.tiles_of[0]),
              "favor_tokens": [state.c.tokens[k].id for k in state.favors[0]]}
    state.finish(Result(scores=[float(total)], winners=[0] if won else [], details=[detail]))
    if state.log is not None:
        verdict = "You win" if won else "You lose: the opponent has the majority in " + ", ".join(
            SPIRIT_NAMES[x] for x in lost_to)
        state.emit("score", f"{verdict}; your score is {total}", seat=0)


def score_sheet(result: Result, c: Any) -> tuple[list[SheetRow], str | None]:
    """The breakdown of `result` for people, and the reason of a solo game's verdict: each spirit and
    power source (its count, and the points of the most), the -3 penalties, the bonus tokens, Wish and
    Hex, favor tokens, tiles (the tie-breaker), the total."""
    details = result.details
    n = len(details)
    sheet = SheetBuilder()

    def counted(d: dict[str, Any], key: str, name: str) -> str:
        """The points a majority scores, and in brackets the count behind them: "6 (6, the most)", "0 (2)"."""
        count = d[key][name]
        best = max(other[key].get(name, 0) for other in details)
        if count and count == best:
            return f"{count} ({count}, the most)"
        return f"0 ({count})"

    first = details[0]
    if "opponent" in first:          # solo: the forest's opponent; the spirits count, "Spirit points" score
        for x, name in enumerate(SPIRITS):
            if name in first["spirits"]:
                sheet.count(SPIRIT_NAMES[x], [str(d["spirits"][name]) for d in details],
                            f"Your {SPIRIT_NAMES[x]} symbols (tiles and tokens).")
    else:
        for x, name in enumerate(SPIRITS):
            if name in first["spirits"]:
                sheet.points(SPIRIT_NAMES[x], [counted(d, "spirits", name) for d in details],
                             "Each spirit: whoever has the most of its symbols (tied players too) scores a point for "
                             "each of them; in brackets, the symbols each player has.")
    if "opponent" in first:
        lost = [SPIRIT_NAMES[SPIRITS.index(s)] for s in first["opponent_majorities"]]
        sheet.note("Opponent's majorities", [", ".join(lost) or "none"],
                   "Spirits of which the forest's opponent has more symbols than you: any one loses the game.")
        sheet.points("Spirit points", [str(first["spirit_points"])],
                     "A point per symbol of each spirit of which you have at least as many as the opponent.")
        sheet.points("Missing spirits", [str(first["penalty"])], "−3 for each spirit you have no symbol of.")
        sheet.total("Total", [str(first["total"])])
        reason = ("the forest's opponent has the majority in " + " and ".join(lost) if lost
                  else "the forest's opponent has the majority in no spirit")
        return sheet.rows, reason
    for p, name in enumerate(POWERS):
        sheet.points(POWER_NAMES[p], [counted(d, "powers", name) for d in details],
                     "Each power source: whoever has the most of its icons (tied players too) scores a point for "
                     "each of them; in brackets, the icons each player has.")
    sheet.points("Missing spirits and power sources", [str(d["penalty"]) for d in details],
                 "−3 for each spirit and each power source of which you have none.")
    if any(d["bonus"] for d in details):
        sheet.points("Drop and nature point tokens", [f"+{d['bonus']}" for d in details],
                     "A point for each drop token and each nature point favor token.")
    for kind, title in (("wish", "Wish"), ("hex", "Hex")):
        cards = [[x for x in d.get("cards", ()) if x["kind"] == kind] for d in details]
        if any(cards):
            names = {w.id: w.name() for w in (c.wishes if kind == "wish" else c.hexes)}
            verdict = ("met", "not met") if kind == "wish" else ("strikes", "spared")
            sheet.note(title, [f"{names[k[0]['card']].split(': ', 1)[1]}: {verdict[0 if k[0]['met'] else 1]}"
                               if k else "—" for k in cards],
                       "A Wish met gives its reward before the majorities are counted." if kind == "wish"
                       else "A Hex that strikes costs the points below.")
    if any(d["hex"] for d in details):
        sheet.points("Hex penalty", [str(d["hex"]) for d in details], "The points a Hex that strikes costs.")
    sheet.count("Favor tokens", [str(len(d["favor_tokens"])) for d in details],
                "How many favor tokens each player took (their symbols count in the rows above).")
    sheet.tiebreak("Tiles", [str(d["tiles"]) for d in details],
                   "Tiles taken: between players tied on points, the one with fewer tiles wins.")
    sheet.total("Total", [str(d["total"]) for d in details])
    assert all(len(row.cells) == n for row in sheet.rows)
    return sheet.rows, None
