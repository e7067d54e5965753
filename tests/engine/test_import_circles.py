"""No import circle anywhere in ``src/boardrules`` (issue 23: imports point down).

The modules are read with ``ast``, never imported. Every ``import`` and ``from ... import``
counts, wherever it stands: at the top, inside a function (a lazy import) or under
``if TYPE_CHECKING:`` (a type-only import): a circle through either is still a circle, only
hidden until someone moves the import. How an import becomes an edge:

- ``import a.b.c`` is an edge to ``a.b.c`` (a package's module is its ``__init__.py``);
- ``from a.b import name`` is an edge to ``a.b.name`` when that is a module (a submodule
  imported by name), else to ``a.b`` (a name defined in, or re-exported by, its ``__init__``);
- relative imports are resolved against the importing module's package;
- imports of modules outside the package are ignored. Importing a submodule runs its parents'
  ``__init__`` too, but that is not counted: a package's ``__init__`` importing its own
  submodules, which import each other, is no circle.

The strongly connected components of that graph (Tarjan) with more than one module, or a
module importing itself, are the circles; the failure names each with its modules and the
import lines (file:line) between them.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src"
PACKAGE = "boardrules"


@dataclass(frozen=True)
class Edge:
    source: str  # the importing module
    target: str  # the imported module
    path: Path  # the importing file
    line: int
    text: str  # the import statement as written (its first line)


def module_files(root: Path, package: str) -> dict[str, Path]:
    """Every module of ``package`` (whose directory is ``root``) by its dotted name."""
    modules: dict[str, Path] = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join([package, *parts])] = path
    return modules


def _base(module: str, path: Path, level: int) -> str:
    """The package a relative import of ``level`` dots in ``module`` starts from."""
    parts = module.split(".")
    if path.name != "__init__.py":
        parts.pop()  # a plain module's package is its parent
    if level > 1:
        parts = parts[: len(parts) - (level - 1)]
    return ".".join(parts)


def import_edges(modules: dict[str, Path]) -> list[Edge]:
    edges: list[Edge] = []
    for module, path in modules.items():
        source = path.read_text(encoding="utf-8")
        lines = source.splitlines()
        for node in ast.walk(ast.parse(source, filename=str(path))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names if alias.name in modules]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = _base(module, path, node.level)
                    full = f"{base}.{node.module}" if node.module else base
                else:
                    full = node.module or ""
                for alias in node.names:
                    submodule = f"{full}.{alias.name}"
                    if submodule in modules:
                        targets.append(submodule)
                    elif full in modules:
                        targets.append(full)
            else:
                continue
            text = lines[node.lineno - 1].strip()
            for target in dict.fromkeys(targets):
                edges.append(Edge(module, target, path, node.lineno, text))
    return edges


def strongly_connected(nodes: list[str], edges: list[Edge]) -> list[list[str]]:
    """Tarjan's strongly connected components, iteratively (no recursion limit to meet)."""
    after: dict[str, list[str]] = {node: [] for node in nodes}
    for edge in edges:
        after[edge.source].append(edge.target)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []
    for start in nodes:
        if start in index:
            continue
        work = [(start, 0)]
        while work:
            node, i = work.pop()
            if i == 0:
                index[node] = low[node] = len(index)
                stack.append(node)
                on_stack.add(node)
            descended = False
            for j in range(i, len(after[node])):
                nxt = after[node][j]
                if nxt not in index:
                    work.append((node, j + 1))
                    work.append((nxt, 0))
                    descended = True
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            if descended:
                continue
            if low[node] == index[node]:
                component: list[str] = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                components.append(sorted(component))
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
    return components


def find_circles(root: Path, package: str) -> list[tuple[list[str], list[Edge]]]:
    """Each import circle of ``package``: its modules and the import lines between them."""
    modules = module_files(root, package)
    edges = import_edges(modules)
    circles = []
    for component in strongly_connected(list(modules), edges):
        members = set(component)
        inside = [e for e in edges if e.source in members and e.target in members]
        if len(component) > 1 or inside:
            circles.append((component, sorted(inside, key=lambda e: (str(e.path), e.line))))
    return sorted(circles, key=lambda c: c[0])


def describe(circles: list[tuple[list[str], list[Edge]]], relative_to: Path) -> str:
    out = [f"{len(circles)} import circle(s):"]
    for number, (component, inside) in enumerate(circles, 1):
        out.append(f"\n{number}. {len(component)} modules: {', '.join(component)}")
        for e in inside:
            where = e.path.relative_to(relative_to) if e.path.is_relative_to(relative_to) else e.path
            out.append(f"   {where}:{e.line}: {e.source} -> {e.target}   ({e.text})")
    return "\n".join(out)


def test_no_import_circle_in_boardrules() -> None:
    circles = find_circles(SRC / PACKAGE, PACKAGE)
    if circles:
        pytest.fail(describe(circles, SRC.parent), pytrace=False)


def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def test_the_detector_finds_lazy_type_only_and_package_circles(tmp_path: Path) -> None:
    pkg = tmp_path / "pkg"
    _write(pkg, {
        "__init__.py": "def late():\n    from .sub import deep\n    return deep\n",
        "base.py": "import os\nfrom typing import TYPE_CHECKING\n",
        # a circle through a type-only import
        "a.py": "from . import b\nfrom .base import os\n",
        "b.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.a import thing\n",
        # a circle through a lazy import and a name re-exported by a package's __init__
        "sub/__init__.py": "from .deep import value\n",
        "sub/deep.py": "def f():\n    from .. import late\n    return late\n",
        # no circle: a package importing its submodules, which import a sibling
        "clean/__init__.py": "from .one import x\nfrom .two import y\n",
        "clean/one.py": "x = 1\n",
        "clean/two.py": "from .one import x as y\nimport pkg.base\n",
    })
    circles = find_circles(pkg, "pkg")
    assert [component for component, _ in circles] == [["pkg", "pkg.sub.deep"], ["pkg.a", "pkg.b"]]
    (_, first), (_, second) = circles
    assert {(e.source, e.target, e.path.name, e.line) for e in second} == {
        ("pkg.a", "pkg.b", "a.py", 1), ("pkg.b", "pkg.a", "b.py", 3)}
    assert ("pkg.sub.deep", "pkg", 2) in {(e.source, e.target, e.line) for e in first}
    message = describe(circles, tmp_path)
    assert "pkg/b.py:3: pkg.b -> pkg.a" in message and "2 import circle(s)" in message


def test_a_module_importing_itself_is_a_circle(tmp_path: Path) -> None:
    _write(tmp_path / "pkg", {"__init__.py": "", "me.py": "def f():\n    from . import me\n"})
    assert [c for c, _ in find_circles(tmp_path / "pkg", "pkg")] == [["pkg.me"]]


if __name__ == "__main__":  # print today's circles: python tests/test_import_circles.py
    print(describe(find_circles(SRC / PACKAGE, PACKAGE), SRC.parent))
