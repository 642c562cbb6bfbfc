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
        self.use(self.meta["variants"][0]["label"])

    def use(self, variant: str) -> None:
        self.variant = variant
        label = variant.replace("'", "''")
        for table in ("games", "seats", "items"):
            path = str(self.folder / f"{table}.parquet").replace("'", "''")
            where = f"variant = '{label}'" + (" AND error IS NULL" if table == "games" else "")
            self.con.execute(f"CREATE OR REPLACE TEMP VIEW all_{table} AS SELECT * FROM read_parquet('{path}')")
            self.con.execute(f"CREATE OR REPLACE TEMP VIEW {table} AS SELECT * FROM all_{table} WHERE {where}")

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
