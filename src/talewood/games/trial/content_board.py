"""The board of the Ancient Forest read from board.toml and checked (L140-146, L177, L191, L286-306,
L501-576): the forest's spaces and the lines between them, the location spaces and the tiles on them, the
campsites and their bonuses (L592-599), the tunnels, the corner locations, and the three expedition
areas, each with its start, its forward lines (plain, dotted, dashed, paid) and its finishing spaces.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping

from talewood.engine.content import require

from .components import Expedition, ExpeditionSpace, LocationTile, Space, Step
from .reading import Entry, Reader, entry_id, table_list, unique
from .vocabulary import CORNERS, EXPEDITIONS, HAVE_ITEMS, LINES, LOCATION_TYPES, SPACE_KINDS

SPACE_FIELDS = ("id", "name", "kind", "x", "y", "location", "tile", "side", "corner", "bonus", "expedition",
                "source")
EXPEDITION_FIELDS = ("id", "name", "direction", "exit", "start", "item_hints", "space", "step", "source", "stated")
XSPACE_FIELDS = ("id", "name", "kind", "x", "y", "fame", "reward", "source")
STEP_FIELDS = ("from", "to", "line", "pay")
CAMPSITE_BONUSES = ("morality:choose:1", "tuck_from_hand", "gain:tea:1", "encounter_to_hand", "item:common",
                    "first_player")   # the 6 campsite bonuses of L594-599, in the rulebook's order


def read_board(reader: Reader, tiles: tuple[LocationTile, ...]) -> tuple[
        tuple[Space, ...], tuple[tuple[str, str], ...], tuple[Expedition, ...], int, int]:
    fname = "board.toml"
    data = reader.file(fname)
    head = Entry(data.get("board"), f"{fname} [board]", ("width", "height", "source"))
    width, height = head.number("width", low=100, high=5000), head.number("height", low=100, high=5000)
    head.source()
    spaces = []
    tile_by_id = {t.id: t for t in tiles}
    for i, raw in enumerate(table_list(data, "space", fname)):
        e = Entry(raw, f"{fname} space {entry_id(raw, fname, 'space', i)!r}", SPACE_FIELDS)
        kind = e.choice("kind", SPACE_KINDS)
        location = e.choice("location", ("", *LOCATION_TYPES), "")
        tile = e.text("tile", "")
        require((kind == "location") == bool(location) == bool(tile),
                f"{e.where}: a location space (and only one) names its location type and its tile")
        if tile:
            require(tile in tile_by_id, f"{e.where}: unknown tile {tile!r}")
            require(tile_by_id[tile].type == location,
                    f"{e.where}: tile {tile!r} is a {tile_by_id[tile].type}, the space shows a {location} (L177)")
        side = e.choice("side", ("front", "back"), "front")
        require(kind == "location" or "side" not in e.raw, f"{e.where}: only a location space holds a tile side")
        corner = e.choice("corner", ("", *CORNERS), "")
        require(not corner or kind == "location", f"{e.where}: only a location is a corner location")
        bonus = reader.terms(e, "bonus", "effect", "camp")
        require((kind == "campsite") == bool(bonus), f"{e.where}: a campsite space (and only one) has a bonus")
        expedition = e.choice("expedition", ("", *EXPEDITIONS), "")
        require((kind == "exit") == bool(expedition), f"{e.where}: an exit space (and only one) names its area")
        x, y = e.number("x", high=width), e.number("y", high=height)
        spaces.append(Space(e.text("id"), e.text("name"), kind, x, y, location, tile, side, corner, bonus,
                            expedition, e.source()))
    ids = [s.id for s in spaces]
    unique(ids, f"{fname} spaces")
    by_id = {s.id: s for s in spaces}

    pe = Entry(data.get("paths"), f"{fname} [paths]", ("lines", "source"))
    pe.source()
    paths: list[tuple[str, str]] = []
    seen: set[frozenset[str]] = set()
    for pair in pe.seq("lines"):
        require(isinstance(pair, list) and len(pair) == 2 and all(isinstance(p, str) for p in pair),
                f"{fname} [paths]: a line joins 2 space ids, not {pair!r}")
        a, b = pair
        require(a in by_id and b in by_id, f"{fname} [paths]: line {pair!r} names an unknown space")
        require(a != b and frozenset(pair) not in seen, f"{fname} [paths]: line {pair!r} is a loop or a repeat")
        seen.add(frozenset(pair))
        paths.append((a, b))

    expeditions = []
    for i, raw in enumerate(table_list(data, "expedition", fname)):
        expeditions.append(_expedition(reader, raw, f"{fname} expedition {entry_id(raw, fname, 'expedition', i)!r}",
                                       by_id, width, height))
    unique([*ids, *(s.id for x in expeditions for s in x.spaces)], f"{fname} spaces and expedition spaces")
    _check_board(fname, spaces, paths, expeditions, tiles)
    return tuple(spaces), tuple(paths), tuple(expeditions), width, height


def _expedition(reader: Reader, raw: object, where: str, forest: Mapping[str, Space], width: int,
                height: int) -> Expedition:
    e = Entry(raw, where, EXPEDITION_FIELDS)
    area = e.choice("id", EXPEDITIONS)
    xspaces = []
    for i, r in enumerate(e.seq("space")):
        se = Entry(r, f"{where} space #{i + 1} {r.get('id') if isinstance(r, dict) else ''!r}", XSPACE_FIELDS)
        kind = se.choice("kind", ("start", "space", "finish"))
        fame = se.number("fame", 0, low=0, high=12)
        reward = reader.terms(se, "reward", "effect", "finish")
        require(kind == "finish" or (fame == 0 and not reward),
                f"{se.where}: only a finishing space has fame or a reward")
        require(kind != "finish" or fame > 0, f"{se.where}: a finishing space shows its fame")
        xspaces.append(ExpeditionSpace(se.text("id"), se.text("name"), kind, se.number("x", high=width),
                                       se.number("y", high=height), fame, reward, se.source()))
    unique((s.id for s in xspaces), f"{where} spaces")
    by_id = {s.id: s for s in xspaces}
    steps = []
    for i, r in enumerate(e.seq("step")):
        st = Entry(r, f"{where} step #{i + 1}", STEP_FIELDS)
        a, b = st.text("from"), st.text("to")
        require(a in by_id and b in by_id, f"{st.where}: {a!r} -> {b!r} names a space outside this area")
        steps.append(Step(a, b, st.choice("line", LINES, "plain"), reader.costs(st, "pay", "expedition")))
    start, exit_ = e.text("start"), e.text("exit")
    require(start in by_id and by_id[start].kind == "start", f"{where}: start {start!r} is not this area's start space")
    require(sum(1 for s in xspaces if s.kind == "start") == 1, f"{where}: one starting space (L505)")
    require(exit_ in forest and forest[exit_].kind == "exit" and forest[exit_].expedition == area,
            f"{where}: exit {exit_!r} is not a forest exit space leading here")
    hints = e.words("item_hints", HAVE_ITEMS)
    x = Expedition(area, e.text("name"), e.choice("direction", ("west", "northeast", "south")), exit_, start,
                   tuple(xspaces), tuple(steps), hints, e.source())
    e.stated(EXPEDITION_FIELDS)
    _check_expedition(where, x)
    return x


def _check_expedition(where: str, x: Expedition) -> None:
    kinds = {s.id: s.kind for s in x.spaces}
    require(len(x.finishes) >= 2, f"{where}: several finishing spaces (L507)")
    for s in x.steps:
        require(kinds[s.to] != "start", f"{where}: no line leads back into the start")
        require(kinds[s.frm] != "finish", f"{where}: a finishing space ends the expedition; no line leaves it")
    # forward lines only: never backward (L532), so the lines form no cycle; all spaces lie on a way to a finish
    order: list[str] = []
    indegree = {s.id: 0 for s in x.spaces}
    for s in x.steps:
        indegree[s.to] += 1
    ready = deque(k for k, v in indegree.items() if v == 0)
    while ready:
        k = ready.popleft()
        order.append(k)
        for s in x.forward(k):
            indegree[s.to] -= 1
            if indegree[s.to] == 0:
                ready.append(s.to)
    require(len(order) == len(x.spaces), f"{where}: its lines go round in a circle; an expedition never goes back")
    reach = {x.start}
    for k in order:
        if k in reach:
            reach.update(s.to for s in x.forward(k))
    lost = sorted(set(kinds) - reach)
    require(not lost, f"{where}: spaces {lost} cannot be reached from the start")
    dead = [k for k, kind in kinds.items() if kind != "finish" and not x.forward(k)]
    require(not dead, f"{where}: spaces {dead} lead nowhere; every way ends on a finishing space")
    lines = {s.line for s in x.steps}
    paid = [s for s in x.steps if s.pay]
    if x.id == "forgotten_swamps":
        require(lines == {"plain"} and not paid, f"{where}: the Swamps use plain lines and no paid paths (L536)")
        near = [s for s in x.forward(x.start) if kinds[s.to] == "finish"]
        require(len(near) >= 2, f"{where}: finishing spaces lie right after the start (Cartographer, L688)")
    elif x.id == "frosty_hill":
        require(lines == {"plain"}, f"{where}: Frosty Hill uses plain lines, 2 of them paid (L537)")
        costs = sorted(str(c[0]) for s in paid for c in s.pay)
        require(len(paid) == 2 and costs == ["spend:any_food:2", "spend:tea:1"],
                f"{where}: exactly 2 paid paths, one for 2 food tokens and one for 1 tea leaf (L538-539)")
        require(any(s.pay for s in x.forward(x.start)), f"{where}: a paid shortcut leaves the start (L572, L688)")
    else:
        require(lines == {"dotted", "dashed"} and not paid, f"{where}: the Caverns use dotted and dashed lines (L540)")
        require({s.line for s in x.forward(x.start)} == {"dotted", "dashed"},
                f"{where}: both a dotted and a dashed line leave the start (L688)")


def _check_board(fname: str, spaces: list[Space], paths: list[tuple[str, str]], expeditions: list[Expedition],
                 tiles: tuple[LocationTile, ...]) -> None:
    def count(kind: str) -> int:
        return sum(1 for s in spaces if s.kind == kind)

    require(count("start") == 4, f"{fname}: 4 starting spaces (L191), not {count('start')}")
    require(count("location") == 12, f"{fname}: 12 location spaces (L375), not {count('location')}")
    for kind in LOCATION_TYPES:
        n = sum(1 for s in spaces if s.location == kind)
        require(n == 3, f"{fname}: 3 location spaces of type {kind}, one per tile, not {n}")
    used = [s.tile for s in spaces if s.tile]
    require(sorted(used) == sorted(t.id for t in tiles), f"{fname}: every location tile stands on exactly one space")
    require(count("tunnel") >= 2, f"{fname}: tunnel spaces, adjacent to one another (L302)")
    require(count("campsite") >= 1, f"{fname}: campsite spaces (L592)")
    bonuses = {str(t) for s in spaces for t in s.bonus}
    missing = [b for b in CAMPSITE_BONUSES if b not in bonuses]
    require(not missing, f"{fname}: the campsite bonuses {missing} of L594-599 are on no campsite space")
    for s in spaces:
        require(s.kind != "campsite" or (len(s.bonus) == 1 and str(s.bonus[0]) in CAMPSITE_BONUSES),
                f"{fname} space {s.id!r}: a campsite shows one of the bonuses of L594-599")
    corners = sorted(s.corner for s in spaces if s.corner)
    require(corners == sorted(CORNERS), f"{fname}: one corner location in each corner (Border Ranger), not {corners}")
    require(count("exit") == 3 and sorted(x.id for x in expeditions) == sorted(EXPEDITIONS),
            f"{fname}: 3 expedition areas, each with its exit space (L505)")
    adjacency: dict[str, set[str]] = {s.id: set() for s in spaces}
    for a, b in paths:
        adjacency[a].add(b)
        adjacency[b].add(a)
    # the forest itself is one piece, without tunnels, so no space depends on a token to be reached
    seen = {spaces[0].id}
    todo = [spaces[0].id]
    while todo:
        for nb in adjacency[todo.pop()]:
            if nb not in seen:
                seen.add(nb)
                todo.append(nb)
    lost = sorted(set(adjacency) - seen)
    require(not lost, f"{fname}: the forest is not connected; {lost} cannot be reached along its lines")
    for s in spaces:
        require(bool(adjacency[s.id]), f"{fname} space {s.id!r}: no line reaches it")
