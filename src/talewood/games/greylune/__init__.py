"""Greylune: worker placement and retrieval over five years (see docs/rules/greylune.md)."""
