"""The Trial of the Forest: four days of deeds, expeditions and camping in the Ancient Forest (rules notes:
docs/rules/trial.md; the rulebook's lines are cited as Lnnn).

The modules import one way; read them from the bottom up:
- the content: vocabulary.py (the words and terms every effect is written in), components.py (the typed
  components), reading.py, content_board.py and content.py (the TOML files read and checked:
  `load_content`); rulings.py; tables.py (what the rules look up, computed once), words.py (the pieces in
  a player's words) and actions.py (the action space);
- the frames, one module per part of the rulebook: food.py, objects.py (items, artifacts, the store's slots),
  paying.py, others.py (the other adventurers), story.py, forest.py (tunnels and tiles), enhance.py;
  fight.py and store.py; cards.py (resolving a card); places.py (a location, the help spot),
  expedition.py, camp.py; effects.py (the effect terms interpreted); scoring.py; turn.py (a turn, a day);
- the state: fields.py, holdings.py, position.py and state.py, which the frames reach only through itself
  (`advance()` opens the next turn, `resolve_effects()` the effects); hidden.py (a world re-dealt for a
  bot), view.py (what a seat sees);
- observation.py, scenario.py, choices.py, then game.py, the game's entry (`TrialGame`);
- bots and drawings, which the rules never import: heuristics.py, learn.py, report.py, terminal.py and
  render.py (with drawing.py and the render_*.py of each region of the table).
"""
