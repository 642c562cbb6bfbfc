"""Spirits of the Forest, with the whole Retail Expansion Pack."""
