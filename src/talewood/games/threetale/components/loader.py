"""Reading the base game's files (board, dice, heroes, tiles, tokens, the Past's decks, the Prophecies and
the tuning knobs) from the package or a designer's copy of content/.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ....engine.content import load_toml, require
from .box import Knob
from .cards import Artifact, BattleCard, BonusCard, Prophecy, QuestCard, TreasureCard
from .futures import Future
from .heroes import AltarExchange, Board, Die, DieFace, Guide, Hero, Scoring, Talent, Tier
from .map import Feature, Geometry, Tile, Token
from .reading import (
    _bool,
    _choice,
    _delta,
    _enemy_talent,
    _entries,
    _fail,
    _int,
    _keys,
    _Parser,
    _source,
    _str,
    _strs,
    _table,
    _text,
    _unique,
)
from .symbols import (
    ARTIFACT_SLOTS,
    ARTIFACT_USAGES,
    DIFFICULTIES,
    FEATURES,
    LEVELS,
    QUEST_GOALS,
    SLOTS,
    SPACE_KINDS,
    STATISTICS,
    VIRTUES,
)
from .vocabulary import walk

GAME_ID = "threetale"
PACKAGE = "talewood.games.threetale"



class _Loader:
    def __init__(self, folder: Path | None, difficulty: str) -> None:
        require(difficulty in DIFFICULTIES, f"threetale: unknown difficulty {difficulty!r}; known: "
                                            f"{', '.join(DIFFICULTIES)}")
        self.folder = folder
        self.difficulty = difficulty

    def read(self, filename: str) -> dict[str, Any]:
        return load_toml(GAME_ID, PACKAGE, filename, self.folder)

    # tuning.toml
    def knobs(self) -> tuple[Knob, ...]:
        f = "tuning.toml"
        knobs = []
        for raw in _entries(f, self.read(f), "knob"):
            where = f"{f}: knob {raw.get('id')}"
            kind = _choice(where, raw, "kind", ("value", "delta", "choice"))
            if kind == "choice":
                _keys(where, raw, ("id", "kind", "choices", "value", "easier", "harder", "text", "source"))
                choices = _strs(where, raw, "choices")
                require(len(choices) >= 2, f"{where}: a choice knob lists two or more choices")
                values: list[int | str] = [_choice(where, raw, k, choices) for k in ("value", "easier", "harder")]
                low = high = 0
            else:
                _keys(where, raw, ("id", "kind", "value", "easier", "harder", "low", "high", "text", "source"),
                      ("stat", "decks"))
                low = _int(where, raw, "low", low=-999)
                high = _int(where, raw, "high", low=low)
                values = [_int(where, raw, k, low=low, high=high) for k in ("value", "easier", "harder")]
                choices = ()
            stat = ""
            decks: tuple[str, ...] = ()
            if kind == "delta":
                require("stat" in raw and "decks" in raw, f"{where}: a delta knob names its 'stat' and 'decks'")
                stat = _choice(where, raw, "stat", ("speed", "defense", "strength"))
                decks = _strs(where, raw, "decks")
                require(len(decks) > 0, f"{where}: a delta knob names at least one deck")
            else:
                require("stat" not in raw and "decks" not in raw, f"{where}: only a delta knob has 'stat' and 'decks'")
            knobs.append(Knob(_str(where, raw, "id"), kind, values[0], values[1], values[2], low, high, choices, stat,
                              decks, _str(where, raw, "text"), _source(where, raw)))
        _unique(f, [k.id for k in knobs], "knobs")
        return tuple(knobs)

    # board.toml
    def board(self, parser: _Parser) -> Board:
        f = "board.toml"
        data = self.read(f)
        hb = _table(f"{f}: [hero_board]", data.get("hero_board"))
        where = f"{f}: hero_board"
        _keys(where, hb, ("source", "text", "virtues", "virtue_min", "virtue_max", "spirit", "actions",
                          "artifact_slots", "talent_costs", "tier"))
        require(_strs(where, hb, "virtues") == VIRTUES, f"{where}: the six Virtues are {', '.join(VIRTUES)}")
        require(_strs(where, hb, "artifact_slots") == ARTIFACT_SLOTS, f"{where}: the Artifact slots are "
                                                                      f"{', '.join(ARTIFACT_SLOTS)}")
        vmin, vmax = _int(where, hb, "virtue_min"), _int(where, hb, "virtue_max", low=1)
        costs = hb.get("talent_costs")
        if not (isinstance(costs, list) and len(costs) == 3 and all(isinstance(c, int) and c > 0 for c in costs)):
            _fail(f"{where}: talent_costs lists the 3 levels' costs")
        tiers = []
        for i, t in enumerate(_entries(where, hb, "tier")):
            tw = f"{where}: tier {i + 1}"
            _keys(tw, t, ("from", "to", "gives"))
            tiers.append(Tier(_int(tw, t, "from"), _int(tw, t, "to"), _int(tw, t, "gives")))
        require(bool(tiers) and tiers[0].low == vmin and tiers[-1].high == vmax
                and all(a.high + 1 == b.low for a, b in itertools.pairwise(tiers)),
                f"{where}: the tiers must cover {vmin} to {vmax} without gaps")
        altar = []
        for raw in _entries(f, data, "altar"):
            aw = f"{f}: altar {raw.get('id')}"
            _keys(aw, raw, ("id", "name", "text", "source", "effects"))
            altar.append(AltarExchange(_str(aw, raw, "id"), _str(aw, raw, "name"), _text(aw, raw, "text", {}),
                                       parser.effects(aw, raw["effects"]), _source(aw, raw)))
        require(len(altar) == 7, f"{f}: the rulebook lists 7 Altar Sacrifices, not {len(altar)}")
        tt = _table(f"{f}: [treasure_table]", data.get("treasure_table"))
        tw = f"{f}: treasure_table"
        _keys(tw, tt, ("source", "text", "dice", "level1", "level2", "level3"))
        classes = ("meager", "small", "medium", "substantial", "huge", "nothing", "lose")
        table = {}
        for level in LEVELS:
            row = _strs(tw, tt, f"level{level}", classes)
            require(len(row) == 3, f"{tw}: level{level} gives the outcomes of 0, 1-2 and 3 positive dice")
            table[level] = (row[0], row[1], row[2])
        sc = _table(f"{f}: [scoring]", data.get("scoring"))
        sw = f"{f}: scoring"
        _keys(sw, sc, ("source", "text", "virtue", "speed", "shevitsa", "artifact", "sacred_stone", "spirit",
                       "remaining_turn"))
        art = sc.get("artifact")
        if not (isinstance(art, list) and len(art) == 3 and all(isinstance(a, int) for a in art)):
            _fail(f"{sw}: artifact lists the points of Levels 1, 2 and 3")
        scoring = Scoring(_int(sw, sc, "virtue"), _int(sw, sc, "speed"), _int(sw, sc, "shevitsa"),
                          (art[0], art[1], art[2]), _int(sw, sc, "sacred_stone"), _int(sw, sc, "spirit"),
                          _int(sw, sc, "remaining_turn"), _text(sw, sc, "text", {}), _source(sw, sc))
        guides = []
        for raw in _entries(f, data, "guide"):
            gw = f"{f}: guide {raw.get('id')}"
            _keys(gw, raw, ("id", "name", "text", "source"))
            guides.append(Guide(_str(gw, raw, "id"), _str(gw, raw, "name"), _text(gw, raw, "text", {}),
                                _source(gw, raw)))
        require(len(guides) == 3, f"{f}: the box has 3 Guide cards, not {len(guides)}")
        return Board(_text(where, hb, "text", {}), vmin, vmax, _int(where, hb, "spirit", low=1),
                     _int(where, hb, "actions", low=1), ARTIFACT_SLOTS, (costs[0], costs[1], costs[2]), tuple(tiers),
                     tuple(altar), _int(tw, tt, "dice", low=1), table, scoring, tuple(guides), _source(where, hb))

    # dice.toml
    def die(self) -> Die:
        f = "dice.toml"
        raw = _table(f"{f}: [die]", self.read(f).get("die"))
        where = f"{f}: die {raw.get('id')}"
        _keys(where, raw, ("id", "name", "count", "text", "source", "face"))
        faces = []
        for i, face in enumerate(_entries(where, raw, "face")):
            fw = f"{where}: face {i + 1}"
            _keys(fw, face, ("face", "shows", "positive"))
            faces.append(DieFace(_int(fw, face, "face", low=1, high=6), _choice(fw, face, "shows", ("symbol", "blank")),
                                 _bool(fw, face, "positive")))
            require(faces[-1].positive == (faces[-1].shows == "symbol"),
                    f"{fw}: the symbol sides are the positive ones")
        require(len(faces) == 6 and sorted(f.face for f in faces) == [1, 2, 3, 4, 5, 6],
                f"{where}: a die has 6 faces, numbered 1 to 6")
        require(sum(f.positive for f in faces) == 3, f"{where}: the rulebook's dice have 3 positive and 3 blank sides")
        die = Die(_str(where, raw, "id"), _str(where, raw, "name"), _int(where, raw, "count"), tuple(faces),
                  _text(where, raw, "text", {}), _source(where, raw))
        require(die.count == 15, f"{where}: the box has 15 dice, not {die.count}")
        return die

    # heroes.toml
    def heroes(self, parser: _Parser, board: Board) -> tuple[Hero, ...]:
        f = "heroes.toml"
        heroes = []
        for raw in _entries(f, self.read(f), "hero"):
            where = f"{f}: hero {raw.get('id')}"
            _keys(where, raw, ("id", "name", "text", "source", "speed", "spirit", "shevitsa", "talent", *VIRTUES),
                  ("note",))
            hero_id = _str(where, raw, "id")
            talents = []
            for t in _entries(where, raw, "talent"):
                tw = f"{f}: talent {t.get('id')}"
                _keys(tw, t, ("id", "level", "name", "text", "source", "effects"))
                talents.append(Talent(_str(tw, t, "id"), hero_id, _int(tw, t, "level", low=1, high=3),
                                      _str(tw, t, "name"), _text(tw, t, "text", parser.numbers),
                                      parser.effects(tw, t["effects"]), _source(tw, t)))
            require([t.level for t in talents].count(1) == 2 and [t.level for t in talents].count(2) == 2
                    and [t.level for t in talents].count(3) == 2 and len(talents) == 6,
                    f"{where}: a Hero has 6 Talents, two of each level, not "
                    f"{[t.level for t in talents]}")
            v = [_int(where, raw, name, low=board.virtue_min, high=board.virtue_max) for name in VIRTUES]
            heroes.append(Hero(hero_id, _str(where, raw, "name"), _text(where, raw, "text", {}),
                               (v[0], v[1], v[2], v[3], v[4], v[5]), _int(where, raw, "speed", low=1),
                               _int(where, raw, "spirit", low=board.spirit, high=board.spirit),
                               _int(where, raw, "shevitsa"), tuple(talents), _source(where, raw),
                               _str(where, raw, "note", "")))
        require(len(heroes) == 5, f"{f}: the box has 5 Hero dashboards, not {len(heroes)}")
        _unique(f, [h.id for h in heroes], "heroes")
        _unique(f, [t.id for h in heroes for t in h.talents], "talents")
        return tuple(heroes)

    # tiles.toml
    def tiles(self) -> tuple[Geometry, tuple[Tile, ...]]:
        f = "tiles.toml"
        data = self.read(f)
        g = _table(f"{f}: [geometry]", data.get("geometry"))
        gw = f"{f}: geometry"
        _keys(gw, g, ("source", "text", "spaces", "edges", "edge_kind", "rotations", "flipped"))
        spaces = _strs(gw, g, "spaces")
        require(spaces == ("NW", "NE", "SE", "SW"), f"{gw}: a tile's spaces are NW, NE, SE, SW")
        edges_raw = _table(f"{gw}: edges", g.get("edges"))
        edges: dict[str, tuple[str, str]] = {}
        for side in ("N", "E", "S", "W"):
            pair = _strs(gw, edges_raw, side, spaces)
            require(len(pair) == 2, f"{gw}: edge {side} runs along two spaces")
            edges[side] = (pair[0], pair[1])
        flipped = _strs(gw, g, "flipped")
        require(len(flipped) == 4, f"{gw}: a flipped tile shows 4 spaces")
        geometry = Geometry(_text(gw, g, "text", {}), ("NW", "NE", "SE", "SW"), edges,
                            _choice(gw, g, "edge_kind", ("open",)), _int(gw, g, "rotations", low=4, high=4),
                            (flipped[0], flipped[1], flipped[2], flipped[3]), _source(gw, g))
        tiles = []
        for raw in _entries(f, data, "tile"):
            where = f"{f}: tile {raw.get('id')}"
            _keys(where, raw, ("id", "name", "spaces", "text", "source"), ("note",))
            sp = _strs(where, raw, "spaces", SPACE_KINDS)
            require(len(sp) == 4, f"{where}: a tile has 4 spaces (NW, NE, SE, SW), not {len(sp)}")
            tile = Tile(_str(where, raw, "id"), _str(where, raw, "name"), _text(where, raw, "text", {}),
                        (sp[0], sp[1], sp[2], sp[3]), _source(where, raw), _str(where, raw, "note", ""))
            # a Tree fills its space: two on a tile could wall a space in; a Hero needs room to be placed
            require(tile.count("tree") <= 1, f"{where}: at most 1 Tree a tile")
            require(not (tile.count("tree") and tile.count("altar")), f"{where}: no Tree on an Altar tile")
            require(sum(s not in ("tree",) for s in tile.spaces) >= 2, f"{where}: at least 2 spaces without Trees")
            tiles.append(tile)
        require(len(tiles) == 30, f"{f}: the box has 30 Map tiles, not {len(tiles)}")
        _unique(f, [t.id for t in tiles], "tiles")
        require(sum(t.count("altar") for t in tiles) >= 1, f"{f}: the Futures need at least one Altar")
        return geometry, tuple(tiles)

    # tokens.toml
    def tokens(self, parser: _Parser, tiles: tuple[Tile, ...]) -> tuple[tuple[Feature, ...], tuple[Token, ...]]:
        f = "tokens.toml"
        data = self.read(f)
        features = []
        for raw in _entries(f, data, "feature"):
            where = f"{f}: feature {raw.get('id')}"
            _keys(where, raw, ("id", "name", "text", "source"))
            features.append(Feature(_choice(where, raw, "id", FEATURES), _str(where, raw, "name"),
                                    _text(where, raw, "text", {}), _source(where, raw)))
        require(sorted(x.id for x in features) == sorted(FEATURES), f"{f}: the permanent features are "
                                                                     f"{', '.join(FEATURES)}")
        tokens = []
        for raw in _entries(f, data, "token"):
            where = f"{f}: token {raw.get('id')}"
            _keys(where, raw, ("id", "name", "kind", "count", "slot", "text", "source", "claim"), ("colour", "note"))
            kind = _choice(where, raw, "kind", ("token", "cube"))
            colour = _choice(where, raw, "colour", ("white", "red", "black", "blue")) if kind == "cube" else ""
            require(kind == "cube" or "colour" not in raw, f"{where}: only cubes have a colour")
            tokens.append(Token(_str(where, raw, "id"), _str(where, raw, "name"), kind, colour,
                                _int(where, raw, "count", low=1), _choice(where, raw, "slot", ("", *SLOTS, "altar")),
                                _text(where, raw, "text", {}), parser.effects(where, raw["claim"]),
                                _source(where, raw), _str(where, raw, "note", "")))
        _unique(f, [t.id for t in tokens], "tokens")
        total = sum(t.count for t in tokens if t.kind == "token")
        require(total == 70, f"{f}: the box has 70 tokens, not {total}")
        cubes = sum(t.count for t in tokens if t.kind == "cube")
        require(cubes == 110, f"{f}: the box has 110 wooden cubes, not {cubes}")
        for slot in (*SLOTS, "altar"):
            on_tiles = sum(t.count(slot) for t in tiles)
            pieces = [t for t in tokens if t.slot == slot]
            require(len(pieces) <= 1, f"{f}: two kinds of piece go on {slot} slots")
            if on_tiles:
                require(bool(pieces), f"{f}: the tiles have {on_tiles} {slot} slots but no piece goes on them")
            if pieces and pieces[0].kind == "token":
                require(pieces[0].count == on_tiles, f"{f}: token {pieces[0].id}: {pieces[0].count} for the tiles' "
                                                     f"{on_tiles} {slot} slots")
            elif pieces:
                require(pieces[0].count >= on_tiles, f"{f}: token {pieces[0].id}: {pieces[0].count} cubes for the "
                                                     f"tiles' {on_tiles} {slot} slots")
        return tuple(features), tuple(tokens)

    # artifacts.toml
    def artifacts(self, parser: _Parser) -> tuple[Artifact, ...]:
        f = "artifacts.toml"
        out = []
        for raw in _entries(f, self.read(f), "artifact"):
            where = f"{f}: artifact {raw.get('id')}"
            _keys(where, raw, ("id", "level", "slot", "usage", "name", "text", "source", "effects"),
                  ("activation", "note"))
            usage = _choice(where, raw, "usage", ARTIFACT_USAGES)
            require((usage == "activation") == ("activation" in raw),
                    f"{where}: 'activation' (the dice it costs) is given for an activation Artifact, and only then")
            out.append(Artifact(_str(where, raw, "id"), _int(where, raw, "level", low=1, high=3),
                                _choice(where, raw, "slot", ARTIFACT_SLOTS), usage,
                                _int(where, raw, "activation", 0, low=0 if usage != "activation" else 1, high=6),
                                _str(where, raw, "name"), _text(where, raw, "text", parser.numbers),
                                parser.effects(where, raw["effects"]), _source(where, raw),
                                _str(where, raw, "note", "")))
            require(bool(out[-1].effects), f"{where}: an Artifact does something")
        require(len(out) == 36, f"{f}: the box has 36 Artifact cards, not {len(out)}")
        for level in LEVELS:
            n = sum(a.level == level for a in out)
            require(n == 12, f"{f}: 12 Artifacts of each level, not {n} of Level {level}")
        _unique(f, [a.id for a in out], "Artifacts")
        return tuple(out)

    # battle.toml
    def battles(self, parser: _Parser, knobs: tuple[Knob, ...], settings: Mapping[str, int | str]
                ) -> tuple[BattleCard, ...]:
        f = "battle.toml"
        out = []
        for raw in _entries(f, self.read(f), "battle"):
            where = f"{f}: battle {raw.get('id')}"
            _keys(where, raw, ("id", "level", "name", "speed", "defense", "strength", "bonus", "text", "source",
                               "reward"), ("talent", "note"))
            level = _int(where, raw, "level", low=1, high=3)
            deck = f"battle{level}"
            card = BattleCard(_str(where, raw, "id"), level, _str(where, raw, "name"),
                              _delta(knobs, settings, deck, "speed", _int(where, raw, "speed")),
                              _delta(knobs, settings, deck, "defense", _int(where, raw, "defense", low=1)),
                              _delta(knobs, settings, deck, "strength", _int(where, raw, "strength")),
                              _int(where, raw, "bonus", high=5), _enemy_talent(where, raw, parser),
                              parser.effects(where, raw["reward"]), _text(where, raw, "text", parser.numbers),
                              _source(where, raw), _str(where, raw, "note", ""))
            # "Level 2 Battles feature enemies who draw Bonus Cards beforehand, and Level 3 ... unique Talents"
            require(level != 2 or card.bonus >= 1, f"{where}: a Level 2 enemy draws Bonus cards")
            require(level != 3 or card.talent is not None, f"{where}: a Level 3 enemy has a Talent")
            require(bool(card.reward), f"{where}: a Battle card has a Reward")
            out.append(card)
        require(len(out) == 30, f"{f}: the box has 30 Battle cards, not {len(out)}")
        for level in LEVELS:
            n = sum(b.level == level for b in out)
            require(n == 10, f"{f}: 10 Battle cards of each level, not {n} of Level {level}")
        _unique(f, [b.id for b in out], "Battle cards")
        return tuple(out)

    # treasure.toml
    def treasures(self, parser: _Parser, board: Board) -> tuple[TreasureCard, ...]:
        f = "treasure.toml"
        out = []
        for raw in _entries(f, self.read(f), "treasure"):
            where = f"{f}: treasure {raw.get('id')}"
            _keys(where, raw, ("id", "level", "name", "text", "source", "on_0", "on_1_2", "on_3"))
            level = _int(where, raw, "level", low=1, high=3)
            card = TreasureCard(_str(where, raw, "id"), level, _str(where, raw, "name"),
                                _text(where, raw, "text", parser.numbers),
                                parser.effects(f"{where}: on_0", raw["on_0"]),
                                parser.effects(f"{where}: on_1_2", raw["on_1_2"]),
                                parser.effects(f"{where}: on_3", raw["on_3"]), _source(where, raw))
            # each outcome must be of the class the rulebook's table gives
            for outcome, cls, name in zip((card.on_0, card.on_1_2, card.on_3), board.treasure_table[level],
                                          ("on_0", "on_1_2", "on_3"), strict=True):
                require(bool(outcome), f"{where}: {name} is empty (write {{ do = \"nothing\" }} for nothing)")
                loses = all(e.do == "lose" for e in outcome)
                nothing = all(e.do == "nothing" for e in outcome)
                if cls == "nothing":
                    require(nothing, f"{where}: {name} must be nothing (the rulebook's Treasure table)")
                elif cls == "lose":
                    require(loses, f"{where}: {name} must lose something (the rulebook's Treasure table)")
                else:
                    require(not nothing and not any(e.do == "lose" for e in walk(outcome)),
                            f"{where}: {name} must be a {cls} reward (the rulebook's Treasure table)")
            out.append(card)
        require(len(out) == 30, f"{f}: the box has 30 Treasure cards, not {len(out)}")
        for level in LEVELS:
            n = sum(t.level == level for t in out)
            require(n == 10, f"{f}: 10 Treasure cards of each level, not {n} of Level {level}")
        _unique(f, [t.id for t in out], "Treasure cards")
        return tuple(out)

    # bonus.toml
    def bonus(self, parser: _Parser) -> tuple[BonusCard, ...]:
        f = "bonus.toml"
        out = []
        for raw in _entries(f, self.read(f), "bonus"):
            where = f"{f}: bonus {raw.get('id')}"
            _keys(where, raw, ("id", "deck", "name", "text", "source", "options"))
            opts = raw["options"]
            require(isinstance(opts, list) and len(opts) >= 1, f"{where}: options lists one or more effect lists")
            options = tuple(parser.effects(f"{where}: option {i + 1}", o) for i, o in enumerate(opts))
            deck = _choice(where, raw, "deck", ("hero", "enemy"))
            require(deck == "hero" or len(options) == 1, f"{where}: an Enemy Bonus card shows one effect, so the "
                                                          f"enemy never chooses")
            out.append(BonusCard(_str(where, raw, "id"), deck, _str(where, raw, "name"),
                                 _text(where, raw, "text", parser.numbers), options, _source(where, raw)))
        require(len(out) == 20, f"{f}: the box has 20 Bonus cards, not {len(out)}")
        for deck in ("hero", "enemy"):
            require(any(b.deck == deck for b in out), f"{f}: the {deck} Bonus deck is empty")
        _unique(f, [b.id for b in out], "Bonus cards")
        return tuple(out)

    # quests.toml
    def quests(self, parser: _Parser) -> tuple[QuestCard, ...]:
        f = "quests.toml"
        out = []
        for raw in _entries(f, self.read(f), "quest"):
            where = f"{f}: quest {raw.get('id')}"
            _keys(where, raw, ("id", "name", "text", "source", "requirement", "reward"), ("note",))
            req = _table(f"{where}: requirement", raw["requirement"])
            _keys(f"{where}: requirement", req, ("goal", "n"))
            out.append(QuestCard(_str(where, raw, "id"), _str(where, raw, "name"), _text(where, raw, "text", {}),
                                 _choice(f"{where}: requirement", req, "goal", tuple(QUEST_GOALS)),
                                 _int(f"{where}: requirement", req, "n", low=1), parser.effects(where, raw["reward"]),
                                 _source(where, raw), _str(where, raw, "note", "")))
            for e in walk(out[-1].reward):
                require(e.who != "receiver" or out[-1].goal == "give_artifacts",
                        f"{where}: only a give_artifacts Quest has a receiver")
        require(len(out) == 10, f"{f}: the box has 10 Quest cards, not {len(out)}")
        _unique(f, [q.id for q in out], "Quest cards")
        return tuple(out)

    # prophecies.toml
    def prophecies(self, futures: tuple[Future, ...]) -> tuple[Prophecy, ...]:
        f = "prophecies.toml"
        out = []
        ids = tuple(x.id for x in futures)
        for raw in _entries(f, self.read(f), "prophecy"):
            where = f"{f}: prophecy {raw.get('id')}"
            _keys(where, raw, ("id", "sign", "name", "future", "tutorial", "statistics", "story", "text", "source"),
                  ("note",))
            tutorial = _bool(where, raw, "tutorial")
            p = Prophecy(_str(where, raw, "id"), _int(where, raw, "sign", low=0 if tutorial else 1,
                                                     high=0 if tutorial else 99),
                         _str(where, raw, "name"), _choice(where, raw, "future", ids), tutorial,
                         _strs(where, raw, "statistics", STATISTICS), _text(where, raw, "story", {}),
                         _text(where, raw, "text", {}), _source(where, raw), _str(where, raw, "note", ""))
            require(bool(p.statistics), f"{where}: a Prophecy shows the Statistics the team needs")
            out.append(p)
        _unique(f, [p.id for p in out], "Prophecy cards")
        regular = [p for p in out if not p.tutorial]
        require(len(regular) == 5, f"{f}: 5 Prophecy cards (one a Future), not {len(regular)}")
        require(sorted(p.future for p in regular) == sorted(ids), f"{f}: each Future has exactly one Prophecy")
        require(sorted(p.sign for p in regular) == [1, 2, 3, 4, 5], f"{f}: the Signs are numbered 1 to 5")
        require(sum(p.tutorial for p in out) <= 1, f"{f}: at most one Tutorial Prophecy")
        return tuple(out)
