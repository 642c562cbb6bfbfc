"""The lab's Parquet files seen through DuckDB: the tables `games`, `seats` and `items` of one variant."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .collect import read_meta


class LabView:
    """DuckDB over a lab folder. `use(variant)` points the views `games`, `seats` and `items` at one
    side of a comparison (the only side of a plain report); `sql` runs a query and returns its rows.
    `games` holds only the games that finished (`errors` lists the others)."""

    def __init__(self, folder: Path) -> None:
        import duckdb

        self.folder = folder
        self.meta = read_meta(folder)
        self.con = duckdb.connect()
        # one thread: sums are then added in the files' order, so the same files give the very same figures
        # (several threads may round a mean differently from one rendering to the next)
        self.con.execute("SET threads = 1")
        self.variant = ""
        self.players: int | None = None
        self.use(self.meta["variants"][0]["label"])

    def use(self, variant: str, players: int | None = None) -> None:
        """Point the views at one variant (and, with `players`, at its games of that many players only)."""
        self.variant = variant
        self.players = players
        label = variant.replace("'", "''")
        for table in ("games", "seats", "items"):
            path = str(self.folder / f"{table}.parquet").replace("'", "''")
            where = f"variant = '{label}'" + (" AND error IS NULL" if table == "games" else "")
            if players is not None:
                where += f" AND players = {int(players)}"
            self.con.execute(f"CREATE OR REPLACE TEMP VIEW all_{table} AS SELECT * FROM read_parquet('{path}')")
            self.con.execute(f"CREATE OR REPLACE TEMP VIEW {table} AS SELECT * FROM all_{table} WHERE {where}")
        ladder = self.folder / "ladder.parquet"
        if ladder.is_file():
            path = str(ladder).replace("'", "''")
            # a game's rows are written together, seat 0 first: `game` numbers them in the file's order
            self.con.execute(f"CREATE OR REPLACE TEMP VIEW ladder AS SELECT * EXCLUDE (file_row_number) FROM "
                             f"(SELECT *, sum((seat = 0)::INT) OVER (ORDER BY file_row_number) AS game FROM "
                             f"read_parquet('{path}', file_row_number = true)) WHERE error IS NULL")

    @property
    def has_ladder(self) -> bool:
        return (self.folder / "ladder.parquet").is_file() and bool(self.meta.get("ladder"))

    def sql(self, query: str, params: dict[str, Any] | list[Any] | None = None) -> list[tuple[Any, ...]]:
        return self.con.execute(query, params).fetchall() if params else self.con.execute(query).fetchall()

    def value(self, query: str, params: dict[str, Any] | list[Any] | None = None) -> Any:
        rows = self.sql(query, params)
        return rows[0][0] if rows else None

    @property
    def cooperative(self) -> bool:
        return bool(self.meta["cooperative"])

    def item_names(self) -> dict[tuple[str, str], tuple[str, str]]:
        """(kind, key) → (name, group) of the items this variant's content declares."""
        return {(k, key): (name, group) for k, key, name, group in self.meta["items"].get(self.variant, [])}
