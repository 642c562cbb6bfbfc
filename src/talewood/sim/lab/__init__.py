"""The balance lab: bot games streamed into Parquet, read back with DuckDB into an HTML report (docs/lab.md).

A game adds its items and its own section with a `report` module in its package; what such a module uses
is exported here.
"""

from .figures import DEFAULT_THRESHOLD, mean, rate
from .hooks import GAME, Item, Recorder
from .render import Section, diff_text, mean_text, num, pct, rate_text, table
from .stats import mean_difference, rate_difference, wilson
from .view import LabView

__all__ = ["DEFAULT_THRESHOLD", "GAME", "Item", "LabView", "Recorder", "Section", "diff_text", "mean",
           "mean_difference", "mean_text", "num", "pct", "rate", "rate_difference", "rate_text", "table", "wilson"]
