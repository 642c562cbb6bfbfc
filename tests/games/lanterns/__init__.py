"""Twin Lanterns: the tests' own tiny cooperative game (see game.py)."""
