"""The project's layers (``docs/architecture.md``): a package imports only packages of a lower rank (or its
own), type-only imports included; and no modules anywhere import one another in a circle. The battle
engine's own layers are checked in ``tests/tcg/test_layers.py``.

The circle check reads every import of every module: at the top, inside functions (deferred imports are
still imports), type-only ones, and ``importlib.import_module("darwindeck....")`` with a literal name.
``from package import name`` points at the module ``package.name`` when there is one, else at the
package."""

from __future__ import annotations

import ast
from pathlib import Path

import darwindeck

ROOT = Path(darwindeck.__file__).parent
RANK = {
    "errors": 0,
    "fileio": 0,
    "stats": 0,
    "seeding": 0,
    "harness": 0,
    "genome": 1,
    "engine": 2,
    "rulebook": 2,
    "agents": 3,
    "evolve": 4,
    "play": 4,
    "tcg": 5,
    "web": 6,
    "cli": 7,
}


def _imported_packages(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        names: list[str] = []
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("darwindeck."):
            names = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
        elif isinstance(node, ast.ImportFrom) and node.module == "darwindeck":
            names = [f"darwindeck.{a.name}" for a in node.names]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names if a.name.startswith("darwindeck.")]
        found.update(name.split(".")[1] for name in names if name.split(".")[1] in RANK)
    return found


def test_every_package_has_a_rank() -> None:
    packages = {p.name.removesuffix(".py") for p in ROOT.iterdir() if p.suffix == ".py" or p.is_dir()}
    packages -= {"__init__", "__pycache__", "__main__"}
    assert packages <= set(RANK)


def test_imports_point_down_the_layers() -> None:
    upward = []
    for path in ROOT.rglob("*.py"):
        package = path.relative_to(ROOT).parts[0].removesuffix(".py")
        if package not in RANK:
            continue
        upward += [
            f"{path.relative_to(ROOT)} -> {target}"
            for target in _imported_packages(path)
            if RANK[target] > RANK[package]
        ]
    assert sorted(upward) == []


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imported_modules(path: Path, modules: set[str]) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("darwindeck"):
            for alias in node.names:
                child = f"{node.module}.{alias.name}"
                found.add(child if child in modules else node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "import_module"
            and node.args
            and isinstance(node.args[0], ast.Constant)
        ):
            found.add(str(node.args[0].value))
    return found & modules


def import_graph() -> dict[str, set[str]]:
    """Every module of the package → the modules of the package it imports."""
    paths = {_module_name(path): path for path in ROOT.rglob("*.py")}
    names = set(paths)
    return {name: _imported_modules(path, names) - {name} for name, path in paths.items()}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        while work:
            node, targets = work[-1]
            target = next(targets, None)
            if target is not None:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    work.append((target, iter(sorted(graph[target]))))
                elif target in stack:
                    low[node] = min(low[node], index[target])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = stack[stack.index(node) :]
                del stack[stack.index(node) :]
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_the_circle_finder_finds_a_circle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert circles(graph) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_every_module_is_read() -> None:
    graph = import_graph()
    assert len(graph) == len(list(ROOT.rglob("*.py")))
    # a deferred import and an importlib call are both edges (ga loads the fitness on first use)
    assert "darwindeck.evolve.fitness" in graph["darwindeck.evolve.ga"]
    assert "darwindeck.genome.identity" in graph["darwindeck.genome.schema"]


def test_no_modules_import_one_another_in_a_circle() -> None:
    assert circles(import_graph()) == []
