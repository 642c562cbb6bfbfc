"""What the games' drawings share: an SVG canvas for the browser and rich tables for the terminal.

The games' render.py and terminal.py draw with these; the rules never import them.
"""
