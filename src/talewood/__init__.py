"""Talewood: four forest-tale tabletop games as software."""

__version__ = "0.1.0"
