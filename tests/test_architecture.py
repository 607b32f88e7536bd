"""The shape of the house: which module may import which.

Each module's imports are read from its source (every ``import`` statement, those
inside functions included, those under ``if TYPE_CHECKING:`` left out, as they never
run); the tests fail on a cycle, on a library module that imports the command line,
and on a private name imported from another module.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import nqueens

PACKAGE = Path(nqueens.__file__).parent


def _module_name(path: Path) -> tuple[str, bool]:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    is_package = parts[-1] == "__init__"
    return ".".join(parts[:-1] if is_package else parts), is_package


MODULES: dict[str, tuple[Path, bool]] = {}
for _path in sorted(PACKAGE.rglob("*.py")):
    _name, _is_package = _module_name(_path)
    MODULES[_name] = (_path, _is_package)


def _runtime_nodes(tree: ast.AST) -> list[ast.AST]:
    """Every node outside ``if TYPE_CHECKING:`` blocks."""
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if (isinstance(node, ast.If) and isinstance(node.test, ast.Name)
                and node.test.id == "TYPE_CHECKING"):
            for sub in node.body:
                skipped.update(id(s) for s in ast.walk(sub))
    return [node for node in ast.walk(tree) if id(node) not in skipped]


def _owner(name: str) -> str | None:
    """The project module that ``name`` (a dotted import target) lies in."""
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def imports_of(module: str) -> list[tuple[str, list[str]]]:
    """(imported module, names taken from it) for each import of ``module`` that
    reaches the project."""
    path, is_package = MODULES[module]
    found: list[tuple[str, list[str]]] = []
    for node in _runtime_nodes(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            found += [(owner, []) for a in node.names if (owner := _owner(a.name))]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = module.split(".")
                base = base[:len(base) - node.level + (1 if is_package else 0)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            names = []
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                if sub in MODULES:
                    found.append((sub, []))
                else:
                    names.append(alias.name)
            owner = _owner(target)
            if names and owner:
                found.append((owner, names))
    return [(m, names) for m, names in found if m != module]


GRAPH = {m: sorted({dep for dep, _ in imports_of(m)}) for m in MODULES}


def _cycle() -> list[str] | None:
    """One import cycle among the project's modules, or None."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(m: str) -> list[str] | None:
        state[m] = 1
        stack.append(m)
        for dep in GRAPH[m]:
            if state.get(dep) == 1:
                return stack[stack.index(dep):] + [dep]
            if dep not in state and (found := visit(dep)):
                return found
        stack.pop()
        state[m] = 2
        return None

    for m in GRAPH:
        if m not in state and (found := visit(m)):
            return found
    return None


def test_the_reader_of_imports_sees_the_imports_the_code_has() -> None:
    assert "nqueens.squares" in GRAPH["nqueens.formats.readers"]
    assert "nqueens.errors" in GRAPH["nqueens.squares"]
    assert "nqueens.cli.common" in GRAPH["nqueens.cli.solve_cmd"]


def test_the_module_import_graph_is_acyclic() -> None:
    assert _cycle() is None, " -> ".join(_cycle() or [])


def test_the_cycle_finder_finds_a_cycle() -> None:
    GRAPH["nqueens.errors"].append("nqueens.squares")
    try:
        assert _cycle() is not None
    finally:
        GRAPH["nqueens.errors"].remove("nqueens.squares")


@pytest.mark.parametrize("bottom", ["nqueens.errors", "nqueens.squares", "nqueens.pieces",
                                    "nqueens.board"])
def test_the_bottom_of_the_house_depends_on_nothing_above_it(bottom: str) -> None:
    allowed = {"nqueens.errors", "nqueens.squares", "nqueens.pieces", "nqueens.bounded_input",
               "nqueens._core", "nqueens._core.lines"}
    assert set(GRAPH[bottom]) <= allowed, GRAPH[bottom]


def test_no_library_module_imports_the_command_line() -> None:
    library = [m for m in GRAPH if not m.startswith("nqueens.cli")
               and m not in ("nqueens.__main__", "nqueens.interrupt")]
    offenders = {m: [d for d in GRAPH[m] if d.startswith("nqueens.cli")] for m in library}
    assert {m: d for m, d in offenders.items() if d} == {}


def test_no_private_name_is_imported_from_another_module() -> None:
    offenders = [f"{m} takes {name} from {dep}" for m in MODULES
                 for dep, names in imports_of(m) for name in names
                 if name.startswith("_") and not name.startswith("__")
                 and dep.partition("._core")[0] == dep]
    assert offenders == []
