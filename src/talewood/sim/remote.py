"""The task a Ray worker runs: one call of a batch's function on one task (sim/batch.py, the ray backend).

Kept apart from batch.py, which the install compiles: `ray.remote` takes only a Python function, and
every function of a compiled module is a built-in one. The function it calls may be compiled; a Ray
worker imports it by name, as pickle does."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def call(fn: Callable[[Any], Any], task: Any) -> Any:
    """`fn(task)`, on a Ray worker."""
    return fn(task)
