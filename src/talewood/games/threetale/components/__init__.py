"""ThreeTale's components (rulebook, Game Components; Future Book, Future Boxes): what is in the box,
as read from content/*.toml by `content.load_content`.

From the bottom up: `symbols` (Base Symbols and Icons: the Virtues, levels, slots), `vocabulary` (the
words card effects are written in), the components by part of the rulebook (`heroes`, `map`, `cards`,
`futures`), `box` (all of it, at a difficulty), then the reading of the files (`reading`, `loader`,
`future_loader`).
"""
