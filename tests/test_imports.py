"""Each package of src/talewood imports in one direction: no circle of module-level imports.

A module's module-level imports (those run when it is imported; not those under `if TYPE_CHECKING:`
nor inside functions), and the `__init__` of every package they enter, are edges of a graph over the
modules of talewood; a circle is a strongly connected set of two or more modules. The circles known
today are listed in KNOWN_CIRCLES, to be struck from the list as each is broken; a new circle, or a
listed one that is gone, fails.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"
ROOT = "talewood"

# today's circles, each named by its modules; strike one out when it is broken
KNOWN_CIRCLES: tuple[frozenset[str], ...] = ()

# packages that must stay free of circles, even at function level without a word of why
STRICT = (
    "talewood.engine", "talewood.agents",
    "talewood.games.greylune", "talewood.games.spirits", "talewood.games.threetale", "talewood.games.trial",
)


def _modules() -> dict[str, Path]:
    found: dict[str, Path] = {}
    for path in sorted((SRC / ROOT).rglob("*.py")):
        parts = path.relative_to(SRC).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _module_level(body: list[ast.stmt]) -> list[ast.Import | ast.ImportFrom]:
    """The imports run when the module is imported (into `if`/`try` blocks, not into functions)."""
    found: list[ast.Import | ast.ImportFrom] = []
    for node in body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.append(node)
        elif isinstance(node, ast.If):
            if not _is_type_checking(node.test):
                found += _module_level(node.body)
            found += _module_level(node.orelse)
        elif isinstance(node, ast.Try):
            for block in (node.body, node.orelse, node.finalbody, *(h.body for h in node.handlers)):
                found += _module_level(block)
    return found


def _targets(module: str, is_package: bool, node: ast.Import | ast.ImportFrom, known: set[str]) -> set[str]:
    """The talewood modules an import statement loads (a package's names that are submodules count
    as those submodules)."""
    if isinstance(node, ast.Import):
        return {alias.name for alias in node.names if alias.name in known}
    if node.level:
        base = module.split(".") if is_package else module.split(".")[:-1]
        base = base[:len(base) - (node.level - 1)]
        origin = ".".join([*base, node.module] if node.module else base)
    else:
        origin = node.module or ""
    targets = set()
    for alias in node.names:
        if f"{origin}.{alias.name}" in known:
            targets.add(f"{origin}.{alias.name}")
        elif origin in known:
            targets.add(origin)
    return targets


def _with_packages(module: str, targets: set[str], known: set[str]) -> set[str]:
    """Importing a module first runs the `__init__` of each package above it that is not yet running (not
    one above the importer): those run at import time too."""
    out = set(targets)
    for target in targets:
        parts = target.split(".")
        for i in range(1, len(parts)):
            package = ".".join(parts[:i])
            if package in known and not (module == package or module.startswith(package + ".")):
                out.add(package)
    return out


def import_graph() -> dict[str, set[str]]:
    modules = _modules()
    known = set(modules)
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        edges: set[str] = set()
        for node in _module_level(tree.body):
            edges |= _targets(name, path.name == "__init__.py", node, known)
        edges = _with_packages(name, edges, known)
        graph[name] = edges - {name}
    return graph


def circles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected sets of two or more modules (Tarjan's algorithm, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[frozenset[str]] = []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    members = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        members.add(member)
                        if member == node:
                            break
                    if len(members) > 1:
                        found.append(frozenset(members))
    return found


def test_the_checker_finds_a_circle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": {"e"}}
    assert circles(graph) == [frozenset({"a", "b", "c"})]


def test_no_new_circle_of_module_level_imports() -> None:
    found = circles(import_graph())
    new = [sorted(c) for c in found if not any(c <= known for known in KNOWN_CIRCLES)]
    assert not new, f"module-level imports run in a circle: {new}"
    for package in STRICT:
        assert not [c for c in found if any(m.startswith(package) for m in c)], f"{package} must have no circle"


def test_known_circles_are_still_there() -> None:
    """A circle broken is struck from KNOWN_CIRCLES, so that it cannot come back unnoticed."""
    found = circles(import_graph())
    gone = [sorted(known) for known in KNOWN_CIRCLES if not any(c & known for c in found)]
    assert not gone, f"these circles are gone: strike them from KNOWN_CIRCLES: {gone}"


def _function_level(tree: ast.Module) -> list[ast.Import | ast.ImportFrom]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            found += [n for n in ast.walk(node) if isinstance(n, (ast.Import, ast.ImportFrom))]
    return found


def _explained(lines: list[str], lineno: int) -> bool:
    """A comment on the import's line, or above the run of imports it belongs to."""
    if "#" in lines[lineno - 1]:
        return True
    i = lineno - 2
    while i >= 0 and lines[i].strip().startswith(("from ", "import ")):
        i -= 1
    return i >= 0 and lines[i].strip().startswith("#")


@pytest.mark.parametrize("package", STRICT)
def test_function_level_imports_say_why(package: str) -> None:
    """In a strict package an import inside a function is a way around a circle: a comment above it (or
    above the imports it stands with) says why."""
    unexplained = []
    for name, path in _modules().items():
        if not name.startswith(package):
            continue
        text = path.read_text(encoding="utf-8")
        lines = text.splitlines()
        for node in _function_level(ast.parse(text)):
            if not _explained(lines, node.lineno):
                unexplained.append(f"{path.relative_to(SRC)}:{node.lineno}")
    assert not unexplained, f"imports inside functions without a comment saying why: {unexplained}"
