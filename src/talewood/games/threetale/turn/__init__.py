"""A Hero's turn (rulebook, Past Phase; Future Book: "the same rules you've followed so far").

The Past's tile (steps 1-3, `tile`), Faith's Bonus cards at the start (`bonus`), then moving
(`moving`) and acting (`acting`: claiming, giving and blessing in `giving`, the Altar in `altar`,
Talents in `talents`) in any order (steps 4-5), then the end of the turn (`end`: Endurance and Mercy,
Bonus cards back). Movement is one Step a decision; an Action is one decision (what it leads to — a
Treasure roll, a battle, an Altar's Sacrifices — has its own frames).
"""
