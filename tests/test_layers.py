"""The project's layers (the README's layout, DESIGN's diagram): a package imports only packages of a
lower rank (or its own), type-only imports included. The battle engine's own layers are checked in
``tests/tcg/test_layers.py``."""

from __future__ import annotations

import ast
from pathlib import Path

import darwindeck

ROOT = Path(darwindeck.__file__).parent
RANK = {
    "errors": 0,
    "fileio": 0,
    "stats": 0,
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
