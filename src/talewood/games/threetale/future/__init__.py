"""The Present and the Future (rulebook, Present Phase and Future Phase; the Future Book).

From the bottom up: `chapter` (which chapter is played), `goal` (its goal and its clock), one module
per chapter's own rules (`flips` for the Nine Rings and the Path of Initiation, `flood`,
`parallel_land`, `crown`), `present` (the Prophecy fulfilled and the chapter set up), `rounds` (the
enemy turn, the Heroes' turns, the end of a round) and `cards` (what the Futures' cards and tokens do).
"""
