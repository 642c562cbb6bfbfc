"""Talewood: four forest-tale tabletop games as software."""

from . import compiled

__version__ = "0.1.0"

compiled.install()   # before any game module is imported: see compiled.py
