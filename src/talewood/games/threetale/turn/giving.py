"""Giving (rulebook, Artifact Cards; Offering): an Artifact given to an adjacent Hero as an Action, and
an Offering blessed by giving it: the first, second and third become Artifacts of Level 1, 2 and 3,
kept by the Hero the players choose.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ....engine import decision
from .. import rulings
from ..effects import WinArtifact
from ..quests import quest_event

if TYPE_CHECKING:
    from ..state import TTState


# -- giving -----------------------------------------------------------------------------------------

@decision
class GiveWhich(NamedTuple):
    """Which of your Artifacts you give."""

    seat: int
    target: int

    def prompt(self, s: TTState) -> str:
        return f"choose the Artifact you give to {s.name(self.target)}"

    def legal(self, s: TTState) -> list[int]:
        return sorted(s.t.ids.artifact + a for a in s.arts[self.seat])

    def apply(self, s: TTState, action: int) -> None:
        a = action - s.t.ids.artifact
        s.remove_artifact(self.seat, a, to_deck=False)
        s.add_artifact(self.target, a)
        if s.log is not None:
            s.emit("give", f"{s.name(self.seat)} gives {s.t.artifacts[a].name} to {s.name(self.target)}")
        quest_event(s, self.seat, "give_artifacts", receiver=self.target)


def bless_offering(s: TTState, seat: int, target: int) -> None:
    """Giving an Offering blesses it: the team's 1st becomes a Level 1 Artifact, the 2nd a Level 2 …"""
    s.offerings[seat] -= 1
    s.blessings += 1
    level = rulings.blessing_level(s.blessings)
    if s.log is not None:
        s.emit("bless", f"{s.name(seat)} gives an Offering to {s.name(target)}: it is blessed into a "
                        f"Level {level} Artifact")
    quest_event(s, seat, "bless_offerings")
    quest_event(s, target, "bless_offerings")
    if rulings.BLESSED_ARTIFACT_KEPT_BY_GIVER_OR_RECEIVER:
        s.push(Keeper(seat, target, level))
    else:
        s.push(WinArtifact(target, level))         # the other reading: "allows you to gain" it (L253)


@decision
class Keeper(NamedTuple):
    """The blessed Offering: the team decides who keeps the Artifact (A-30: the giver or the receiver)."""

    seat: int
    receiver: int
    level: int

    def prompt(self, s: TTState) -> str:
        return f"choose who keeps the blessed Level {self.level} Artifact"

    def legal(self, s: TTState) -> list[int]:
        base = s.t.ids.keeper
        return sorted({base + s.hero[self.seat], base + s.hero[self.receiver]})

    def apply(self, s: TTState, action: int) -> None:
        keeper = s.hero.index(action - s.t.ids.keeper)
        s.push(WinArtifact(keeper, self.level))
