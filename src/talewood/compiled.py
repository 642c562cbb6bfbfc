"""The modules built as C extensions at install (`setup.py`, with mypyc): each game's observation
encoder, the learning environments' hot path (docs/rl.md, Speed). They are ordinary typed Python, and
the source stays the truth: an extension older than its source (edited or checked out since the
build) is passed over and the source imported instead, so an edit takes effect at once and the next
`make` builds it again. `TALEWOOD_PURE_PYTHON=1` skips the build (setup.py) and the extensions."""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence
from types import ModuleType

COMPILED = tuple(f"talewood.games.{game}.observation" for game in ("spirits", "greylune", "trial", "threetale"))
PURE = "TALEWOOD_PURE_PYTHON"


def pure() -> bool:
    """Whether the extensions are to be skipped (the environment variable is set to anything but 0)."""
    return os.environ.get(PURE, "0") not in ("", "0")


def is_compiled(module: ModuleType) -> bool:
    """Whether `module` was loaded from a C extension."""
    return (module.__file__ or "").endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


class SourceUnlessBuiltSince(importlib.abc.MetaPathFinder):
    """For the modules it names: the extension when it was built after its source was last changed
    (and the extensions are not skipped), otherwise the source."""

    def __init__(self, names: Sequence[str] = COMPILED) -> None:
        self.names = frozenset(names)

    def find_spec(self, name: str, path: Sequence[str] | None, target: ModuleType | None = None
                  ) -> importlib.machinery.ModuleSpec | None:
        if name not in self.names:
            return None
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        origin = spec.origin if spec is not None else None
        if origin is None or not origin.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)):
            return spec
        source = os.path.join(os.path.dirname(origin), name.rpartition(".")[2] + ".py")
        if os.path.exists(source) and (pure() or os.stat(source).st_mtime > os.stat(origin).st_mtime):
            return importlib.util.spec_from_file_location(name, source)
        return spec


def install() -> None:
    """Put the finder ahead of the standard ones (once)."""
    if not any(isinstance(f, SourceUnlessBuiltSince) for f in sys.meta_path):
        sys.meta_path.insert(0, SourceUnlessBuiltSince())
