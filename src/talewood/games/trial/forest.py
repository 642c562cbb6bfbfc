"""Changes to the board of the Ancient Forest: tunnels dug, collapsed and rebuilt (L300-306, Blaster L680)
and location tiles ruined or restored (L150, L700): the effects' targets, a chosen space, and the tile turned
upside down (restored ruins send their items to the store).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ...engine import decision, seat_name
from . import rulings

if TYPE_CHECKING:
    from .state import TrialState

DIG, COLLAPSE, REBUILD, RUIN, RESTORE = 0, 1, 2, 3, 4


def tunnel_targets(s: TrialState, action: int) -> list[int]:
    t = s.t
    tray = [i for i in range(len(s.tun_space)) if s.tun_space[i] < 0]
    covered = set(x for x in s.tun_space if x >= 0)
    if action == DIG:
        if not tray:
            return []
        return [x for x in range(t.n_forest) if not t.printed_tunnel[x] and x not in covered]
    if action == COLLAPSE:
        out = []
        for x in s.passable_tunnels():
            dug = any(s.tun_space[i] == x and s.tun_up[i] for i in range(len(s.tun_space)))
            if dug or tray:
                out.append(x)
        return sorted(out)
    return sorted(s.tun_space[i] for i in range(len(s.tun_space)) if s.tun_space[i] >= 0 and not s.tun_up[i])


def tunnel_effect(s: TrialState, seat: int, action: str, where: str) -> None:
    code = ("dig", "collapse", "rebuild").index(action)
    targets = tunnel_targets(s, code)
    if where == "here":
        here = s.pos[seat]
        if here in targets:
            do_tunnel(s, seat, code, here)
        return
    if targets:
        s.stack.append(ChooseSpace(seat, code))


def do_tunnel(s: TrialState, seat: int, code: int, space: int) -> None:
    if code == DIG:
        i = s.tun_space.index(-1)
        s.tun_space[i] = space
        s.tun_up[i] = True
        verb = "digs a tunnel on"
    elif code == COLLAPSE:
        dug = [i for i in range(len(s.tun_space)) if s.tun_space[i] == space and s.tun_up[i]]
        if dug:
            s.tun_up[dug[0]] = False
        else:
            i = s.tun_space.index(-1)
            s.tun_space[i] = space
            s.tun_up[i] = False
        verb = "collapses"
    else:
        i = next(i for i in range(len(s.tun_space)) if s.tun_space[i] == space and not s.tun_up[i])
        if rulings.REBUILD_TURNS_A_DUG_TOKEN_UP and not s.t.printed_tunnel[space]:
            s.tun_up[i] = True
        else:
            s.tun_space[i] = -1
            s.tun_up[i] = False
        verb = "rebuilds"
    if s.log is not None:
        s.emit("tunnel", f"{seat_name(seat)} {tunnel_words(s, verb, space)}", seat=seat)


def tunnel_words(s: TrialState, verb: str, space: int) -> str:
    """"collapses the North-east tunnel", but "collapses the tunnel on Forest path 5" (a space of another kind)."""
    where = s.t.space_the[space]
    return f"{verb} {where}" if s.t.space_kind[space] == "tunnel" else f"{verb} the tunnel on {where}"


def flip_targets(s: TrialState, way: str) -> list[int]:
    """Locations whose tile can be ruined (an intact or restored side) or restored (a ruined side or ruins)."""
    out = []
    for loc in range(len(s.t.locations)):
        state = s.side_of(loc).state
        if (way == "ruin") == (state in ("intact", "restored")):
            out.append(loc)
    return out


def flip_effect(s: TrialState, seat: int, where: str, way: str) -> None:
    targets = flip_targets(s, way)
    if where == "here":
        loc = s.location_here(seat)
        if loc in targets:
            flip(s, seat, loc)
        return
    if targets:
        s.stack.append(ChooseSpace(seat, RUIN if way == "ruin" else RESTORE))


def flip(s: TrialState, seat: int, loc: int) -> None:
    """Turn a location tile upside down (L150, L700); restored ruins send their items to the store."""
    was = s.side_of(loc)
    if not rulings.PAW_STAYS_ON_A_FLIPPED_TILE:  # pragma: no cover - the other reading: the tokens go home
        for who in range(s.players):
            if loc in s.placed[who] and s.strong_at[who] != loc:
                s.placed[who].remove(loc)
                s.paws_home[who] += 1
    s.tile_side[loc] ^= 1
    s.tile_known[loc] = True
    s.reveal()
    if was.state == "ruins":
        for kind in s.ruins[loc]:
            s.store_return(kind)
        s.ruins[loc] = []
    if s.log is not None:
        s.emit("flip", f"{seat_name(seat)} turns the tile of the {s.space_name(s.t.locations[loc])}: it is now "
                       f"the {s.side_of(loc).name}", seat=seat)


@decision
class ChooseSpace(NamedTuple):
    """Choose the space a tunnel effect or a tile flip applies to (`what`: dig, collapse, rebuild, ruin, restore)."""

    seat: int
    what: int

    def prompt(self, s: TrialState) -> str:
        return ("choose a space with no tunnel to dig a tunnel on", "choose a tunnel to collapse",
                "choose a collapsed tunnel to rebuild", "choose a location to ruin",
                "choose a location to restore")[self.what]

    def targets(self, s: TrialState) -> list[int]:
        if self.what >= RUIN:
            return [s.t.locations[loc] for loc in flip_targets(s, "ruin" if self.what == RUIN else "restore")]
        return tunnel_targets(s, self.what)

    def legal(self, s: TrialState) -> list[int]:
        return sorted(s.t.ids.space + x for x in self.targets(s))

    def label(self, s: TrialState, action: int) -> str:
        space = action - s.t.ids.space
        if self.what in (COLLAPSE, REBUILD):
            return tunnel_words(s, "Collapse" if self.what == COLLAPSE else "Rebuild", space)
        verb = ("Dig a tunnel on", "", "", "Ruin", "Restore")[self.what]
        return f"{verb} {s.t.space_the[space]}"

    def apply(self, s: TrialState, action: int) -> None:
        space = action - s.t.ids.space
        if self.what >= RUIN:
            flip(s, self.seat, s.t.loc_of[space])
        else:
            do_tunnel(s, self.seat, self.what, space)
