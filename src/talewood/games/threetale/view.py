"""What a seat sees of a ThreeTale game (JSON-safe).

The Heroes hide nothing from one another (the rulebook: "the game doesn't involve hiding information
from others"), so every seat and a spectator see the same: the Map as it lies, every Hero's board,
every card in play with its full text, the Future's pieces and clock. Only what nobody knows is left
out: the order of the tile stack and of each deck (beyond the cards someone looked at).
"""

from __future__ import annotations

from typing import Any

from ...engine import seat_name
from . import rulings
from .actions import CORNERS
from .battle.enemy import enemy_name, enemy_talent
from .choices import hero_text
from .components.symbols import SPACE_KINDS, VIRTUES
from .future.chapter import words_collected
from .state import TTState
from .state_fields import FUTURE, FUTURE_BATTLE, PAST, PAST_BATTLE, PRESENT, SETUP
from .tables import DARK, FUTURE_DECK, FUTURE_PIECE, OFFERING, SEAT_NOUN, SLOT_NAMES

PHASES = {SETUP: "prophecy", PAST: "past", PRESENT: "present", FUTURE: "future"}
DECK_NAMES = ("Level 1 Artifacts", "Level 2 Artifacts", "Level 3 Artifacts", "Level 1 Battle cards",
              "Level 2 Battle cards", "Level 3 Battle cards", "Level 1 Treasure cards", "Level 2 Treasure cards",
              "Level 3 Treasure cards", "Quest cards", "Hero Bonus cards", "Enemy Bonus cards")


def token_json(s: TTState, tok: int) -> dict[str, Any] | None:
    if tok < 0:
        return None
    if tok >= FUTURE_PIECE:
        p = s.t.pieces[tok - FUTURE_PIECE]
        return {"id": p.id, "name": p.name, "object": p.object, "text": p.text}
    if tok == OFFERING:
        return {"id": "offering", "name": "Offering", "object": "token", "text": s.t.c.token("offering").text}
    token = next(x for x in s.t.c.tokens if x.slot == SPACE_KINDS[tok])
    return {"id": token.id, "name": token.name, "object": token.kind, "text": token.text}


def artifact_json(s: TTState, a: int, seat: int | None = None) -> dict[str, Any]:
    art = s.t.artifacts[a]
    out: dict[str, Any] = {"index": a, "id": art.id, "name": art.name, "level": art.level, "slot": art.slot,
                           "usage": art.usage, "text": art.text}
    if art.usage == "activation":
        out["activation"] = art.activation
    if seat is not None:
        out["in_slot"] = s.in_slot(seat, s.t.art_slot[a]) == a
    return out


def future_card_json(s: TTState, card: int) -> dict[str, Any]:
    fc = s.t.fcards[card]
    out: dict[str, Any] = {"id": fc.id, "name": fc.name, "kind": fc.kind, "text": fc.text}
    if fc.kind == "hostile":
        out.update(speed=fc.speed, defense=fc.defense, strength=fc.strength)
    return out


def hero_json(s: TTState, seat: int) -> dict[str, Any]:
    h = s.hero[seat]
    seat_label = seat_name(seat, SEAT_NOUN)
    entry: dict[str, Any] = {"seat": seat, "player": seat_label, "hero": None, "name": seat_label}
    if h < 0:
        return entry
    hero = s.t.c.heroes[h]
    developed = [ti for ti in s.talents(seat) if ti >= 0]
    entry.update(
        hero=hero.id, index=h, name=hero.name, text=hero.text,
        virtues=dict(zip(VIRTUES, s.virtues(seat), strict=True)),
        bands={v: s.tier(seat, i) for i, v in enumerate(VIRTUES) if i > 0},
        speed=s.speed[seat], speed_now=s.speed_now(seat), spirit=s.spirit[seat], shevitsa=s.shev[seat],
        talents=[{"index": s.t.talents.index(tal), "id": tal.id, "level": tal.level, "name": tal.name, "text": tal.text,
                  "developed": s.t.talent_hero[s.t.talents.index(tal)] == h and s.t.talents.index(tal) in developed}
                 for tal in hero.talents],
        artifacts=[artifact_json(s, a, seat) for a in s.arts[seat]],
        slots={SLOT_NAMES[k]: (s.t.artifacts[a].id if a >= 0 else None) for k, a in enumerate(s.slots(seat))},
        offerings=s.offerings[seat],
        quests=[{"id": s.t.c.quests[q].id, "name": s.t.c.quests[q].name, "text": s.t.c.quests[q].text,
                 "progress": bin(prog).count("1") if s.t.c.quests[q].goal == "use_altars" else prog,
                 "needs": s.t.c.quests[q].n}
                for q, prog in zip(s.quests[seat][0::2], s.quests[seat][1::2], strict=True)],
        sacred_stones=s.stones[seat],
        position=space_json(s, s.pos[seat]) if s.pos[seat] >= 0 else None,
    )
    if s.phase == FUTURE:
        entry.update(rings=s.rings[seat], heads=[lv + 1 for lv in range(3) if s.heads[seat] >> lv & 1],
                     seeds=s.seeds[seat])
    return entry


def space_json(s: TTState, sp: int) -> dict[str, Any]:
    x, y = s.xy(sp)
    return {"space": sp, "tile": s.t.c.tiles[sp >> 2].id, "tile_name": s.tile_name(sp >> 2),
            "corner": CORNERS[sp & 3], "x": x, "y": y}


def map_json(s: TTState) -> list[dict[str, Any]]:
    out = []
    for t in s.placed:
        tile = s.t.c.tiles[t]
        spaces = []
        for k in range(4):
            sp = t * 4 + k
            kind = s.kind(sp)
            x, y = s.xy(sp)
            hero = s.hero_at(sp)
            spaces.append({
                "space": sp, "corner": CORNERS[k], "x": x, "y": y,
                "shows": "dark" if kind == DARK else SPACE_KINDS[kind],
                "token": token_json(s, s.token[sp]),
                "hero": s.t.c.heroes[s.hero[hero]].id if hero >= 0 else None,
                "figure": sp == s.figure, "virus": sp in s.viruses,
            })
        out.append({"index": t, "id": tile.id, "name": tile.name, "text": tile.text, "x": s.tile_x[t], "y": s.tile_y[t],
                    "rotation": s.tile_rot[t] * 90, "flipped": s.flipped[t], "spaces": spaces})
    return out


def battle_json(s: TTState) -> dict[str, Any] | None:
    fight = s.battle
    if not fight.kind:
        return None
    out: dict[str, Any] = {"enemy": enemy_name(s), "speed": fight.speed, "defense": max(0, fight.defense),
                           "defense_at_start": fight.defense_at_start, "strength": fight.strength,
                           "hero_rounds": fight.hero_rounds, "enemy_rounds": fight.enemy_rounds,
                           "attacks_next": "hero" if fight.attacks_next == 0 else "enemy",
                           "roll": {"dice": fight.dice, "positive": fight.positive},
                           "enemy_bonus_cards": [{"name": s.t.enemy_bonus[c].name, "text": s.t.enemy_bonus[c].text}
                                                 for c in fight.bonus_cards],
                           "talent": [e.do for e in enemy_talent(s)]}
    if fight.kind == PAST_BATTLE:
        b = s.t.battles[fight.card]
        out.update(card={"id": b.id, "name": b.name, "level": b.level, "text": b.text,
                         "talent": {"name": b.talent.name} if b.talent else None})
    elif fight.kind == FUTURE_BATTLE:
        out.update(card=future_card_json(s, fight.card))
    return out


def future_json(s: TTState) -> dict[str, Any] | None:
    if s.future < 0:
        return None
    f = s.t.c.futures[s.future]
    out: dict[str, Any] = {"id": f.id, "number": f.number, "name": f.name, "text": f.text, "reward": f.reward,
                           "round": s.round_no, "sacred_stone": [u.text for u in f.sacred_stone],
                           "figure": space_json(s, s.figure) if s.figure >= 0 else None}
    clock = f.clock
    if clock.kind == "flips":
        out["clock"] = {"kind": "flips", "flipped": s.flips, "lose_at": clock.lose_at}
    elif clock.kind == "removals":
        out["clock"] = {"kind": "removals", "tiles_left": len(s.placed), "lose_at_tiles": clock.lose_at_tiles,
                        "words_collected": words_collected(s)}
        out["words_of_wisdom"] = s.wow
        out["needed"] = f.goal.team
    elif clock.kind == "unturned":
        out["clock"] = {"kind": "unturned", "unturned": sum(1 for t in s.placed if not s.flipped[t]),
                        "win_at": clock.win_at_unturned}
        out["parallel_virtues_left"] = s.pv_left
    else:
        out["clock"] = {"kind": "tentacles", "tentacles_left": s.tentacles_left}
        out["vicinator_defense"] = max(0, s.vici_def)
        out["viruses"] = [space_json(s, v) for v in s.viruses if v >= 0]
        if s.tentacle >= 0:
            out["last_tentacle"] = future_card_json(s, s.tentacle)
    out["clock_text"] = clock_text(out)
    known = {}
    for d in s.future_decks():
        if s.top[d]:
            known[s.t.fdecks[d - FUTURE_DECK].name] = [future_card_json(s, c) for c in s.top[d]]
    if known:
        out["known_top_cards"] = known
    out["decks"] = {s.t.fdecks[d - FUTURE_DECK].name: s.cards_left(d) for d in s.future_decks()}
    return out


def clock_text(f: dict[str, Any]) -> str:
    """The Future's clock in words, from its part of the view."""
    clock = f["clock"]
    if clock["kind"] == "flips":
        return f"Tiles flipped: {clock['flipped']} (the team loses at {clock['lose_at']})"
    if clock["kind"] == "removals":
        words = f"Words of Wisdom {f['words_of_wisdom']} of {f['needed']}"
        left, lose = clock["tiles_left"], clock["lose_at_tiles"]
        if clock["words_collected"]:                      # the deadline is met: only the gathering is left
            return f"{words}: now gather by the Ark of Truth; tiles left: {left}"
        if rulings.FLOOD_DEADLINE_IS_FOR_THE_WORDS:
            return f"{words}, due before only {lose} tiles are left; tiles left: {left}"
        return f"Tiles left: {left} (the team loses at {lose}); {words}"
    if clock["kind"] == "unturned":
        return (f"Unturned tiles: {clock['unturned']} (the team wins at {clock['win_at']}); Parallel Virtues left "
                f"{f['parallel_virtues_left']}")
    return f"Tentacles left: {clock['tentacles_left']}; the Vicinator's Defense {f['vicinator_defense']}"


def build_view(s: TTState, seat: int | None) -> dict[str, Any]:
    c = s.t.c
    sheet = s.game.score_sheet(s.final) if s.final else None
    view: dict[str, Any] = {
        "game": "threetale", "seat": seat, "players": s.players, "current_player": s.current_player,
        "prompt": s.prompt(), "decision": s.decision_view(), "over": s.over,
        "result": s.final.to_json() if s.final else None,
        "verdict": sheet.headline() if sheet else None,
        "score_sheet": sheet.to_json() if sheet else None,
        "phase": PHASES[s.phase], "turn": s.turn_no, "round": s.round_no,
        "order": [s.name(x) for x in s.order], "current_hero": s.name(s.cur) if s.cur >= 0 else None,
        "prophecies": [{"id": c.prophecies[p].id, "sign": c.prophecies[p].sign, "name": c.prophecies[p].name,
                        "statistics": list(c.prophecies[p].statistics), "story": c.prophecies[p].story,
                        "text": c.prophecies[p].text, "fulfilled": p == s.fulfilled} for p in s.prophecies],
        "player_states": [hero_json(s, x) for x in range(s.players)],
        "map": map_json(s),
        "tiles_left": s.tiles_left(),
        "drawn_tiles": [{"index": t, "id": c.tiles[t].id, "name": c.tiles[t].name, "text": c.tiles[t].text,
                         "spaces": list(c.tiles[t].spaces)} for t in s.drawn],
        "blessings": s.blessings,
        "battle": battle_json(s),
        "future": future_json(s),
        "decks": {DECK_NAMES[d]: s.cards_left(d) for d in range(len(DECK_NAMES))},
    }
    if s.cur >= 0 and s.phase in (PAST, FUTURE):
        cur = s.cur
        view["this_turn"] = {
            "hero": s.name(cur), "seat": cur, "steps_left": s.steps_left(cur),
            "actions_left": max(0, s.actions_left(cur)), "dice_to_turn": s.turns_left(cur),
            "bonus_cards": [{"index": b, "name": s.t.hero_bonus[b].name, "text": s.t.hero_bonus[b].text,
                             "used": b not in s.bonus_unused} for b in s.bonus_hand],
        }
    if s.phase == SETUP and min(s.hero) < 0:
        view["heroes_to_choose"] = [
            {"index": i, "id": h.id, "name": h.name, "text": hero_text(h), "about": h.text,
             "virtues": dict(zip(VIRTUES, h.virtues, strict=True)), "speed": h.speed, "spirit": h.spirit,
             "talents": [{"level": t.level, "name": t.name, "text": t.text} for t in h.talents]}
            for i, h in enumerate(c.heroes) if i not in s.hero]
    if s.roll.kind:
        if s.roll.card >= 0:
            x = c.treasures[s.roll.card]
            view["treasure"] = {"id": x.id, "name": x.name, "level": x.level, "text": x.text}
        view["roll"] = {"dice": s.roll.dice, "positive": s.roll.positive}
    if s.on_offer:
        if s.offer_for >= 0 and type(s.stack[-1]).__name__ == "KeepQuest":
            view["offer"] = [{"index": q, "name": c.quests[q].name, "text": c.quests[q].text} for q in s.on_offer]
        else:
            view["offer"] = [artifact_json(s, a) for a in s.on_offer]
    return view
