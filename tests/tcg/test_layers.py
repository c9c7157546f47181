"""The battle engine's layers (docs: ``src/darwindeck/tcg/README.md``): ``core`` (data and registries),
``rules``, ``effects``, ``battle`` (the loop), ``deckevo`` on top. Every import of a battle-engine module,
type-only ones included, points to its own layer or one below, and no modules import each other in a
circle."""

from __future__ import annotations

import ast
from pathlib import Path

import darwindeck

TCG = Path(darwindeck.__file__).parent / "tcg"
LAYERS = {"core": 1, "rules": 2, "effects": 3, "battle": 4, "deckevo": 5}


def _module(path: Path) -> str:
    parts = path.relative_to(TCG.parent.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("darwindeck.tcg"):
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith("darwindeck.tcg"))
    return found


def _graph() -> dict[str, set[str]]:
    modules = {_module(p): p for p in TCG.rglob("*.py")}
    return {name: {m for m in _imports(path) if m in modules and m != name} for name, path in modules.items()}


def _layer(module: str) -> int:
    parts = module.split(".")
    return LAYERS.get(parts[2], 0) if len(parts) > 2 else 0


def test_every_module_lives_in_a_layer() -> None:
    outside = ("darwindeck.tcg", "darwindeck.tcg.tools")  # the package's map and the developer tools
    loose = [m for m in _graph() if _layer(m) == 0 and not m.startswith(outside[1]) and m != outside[0]]
    assert loose == []


def test_imports_point_down_or_sideways() -> None:
    upward = sorted(
        f"{module} -> {target}"
        for module, targets in _graph().items()
        for target in targets
        if _layer(target) > _layer(module)
    )
    assert upward == []


def test_no_modules_import_each_other_in_a_circle() -> None:
    edges = _graph()
    state: dict[str, int] = {}
    circle: list[str] = []

    def visit(node: str, path: list[str]) -> bool:
        state[node] = 1
        for nxt in sorted(edges[node]):
            if state.get(nxt) == 1:
                circle.extend([*path[path.index(nxt) :], nxt] if nxt in path else [node, nxt])
                return True
            if nxt not in state and visit(nxt, [*path, nxt]):
                return True
        state[node] = 2
        return False

    for start in sorted(edges):
        if start not in state and visit(start, [start]):
            break
    assert circle == []
