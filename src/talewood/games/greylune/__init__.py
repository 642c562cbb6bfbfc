"""Greylune: worker placement and retrieval over five years (see docs/rules/greylune.md).

The modules import one way; read them from the bottom up:
- the content and the words: rulings.py, board.py (the board's fixed numbers), content.py (the TOML files
  read and checked: `load_content`), texts.py (effects and cards in a player's words), actions.py (the
  action space), tables.py (what the rules look up, computed once);
- the frames, one module per part of the rulebook: effects.py (gains, spending, the Companions'
  reactions; the Move and the Item's second use it opens go through the state, `push_move` and
  `push_use_again`), items.py, stories.py (telling a story), events.py, adventure.py (moves, Encounters,
  Heroic Quests), village.py (activating cards); scoring.py; seasons.py (turns, Autumn, Winter, the end);
- the state: labels.py (an action in words), view.py (what a seat sees) and state.py (`GreyluneState`);
- observation.py, scenario.py, choices.py, then game.py, the game's entry (`GreyluneGame`);
- bots and drawings, which the rules never import: heuristics.py, learn.py, report.py, terminal.py and
  render.py.
"""
