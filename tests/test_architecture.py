"""The shape of the house: which module may import which.

The layers of the three distributions are import-linter's contracts (pyproject.toml),
checked here; the tests also fail on an import cycle anywhere (imports inside functions
included, those under ``if TYPE_CHECKING:`` left out, as they never run) and on a
private name imported from another module of nqueens.
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


def _import_graph() -> dict[str, list[str]]:
    """Every module of the three distributions and the modules of theirs it imports
    (imports inside functions too; those under ``if TYPE_CHECKING:`` left out), as
    import-linter's graph builder reads them."""
    import grimp

    graph = grimp.build_graph("nqueens", "minesweeper", "puzzleshell",
                              exclude_type_checking_imports=True)
    return {m: sorted(graph.find_modules_directly_imported_by(m)) for m in graph.modules}


GRAPH = _import_graph()


def _cycle() -> list[str] | None:
    """One import cycle among the modules of :data:`GRAPH`, or None."""
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


def test_the_graph_sees_the_imports_the_code_has() -> None:
    assert "nqueens.base.squares" in GRAPH["nqueens.output.formats.readers"]
    assert "nqueens.cli.common" in GRAPH["nqueens.cli.solve_cmd"]
    assert "puzzleshell.signals" in GRAPH["minesweeper.__main__"]
    assert "minesweeper.analysis.sat" in GRAPH["minesweeper.analysis.decide"]  # inside a function


def test_no_module_of_the_three_distributions_is_in_an_import_cycle() -> None:
    assert _cycle() is None, " -> ".join(_cycle() or [])


def test_the_cycle_finder_finds_a_cycle() -> None:
    GRAPH["minesweeper.analysis.verdict"].append("minesweeper.analysis.decide")
    try:
        assert _cycle() is not None
    finally:
        GRAPH["minesweeper.analysis.verdict"].remove("minesweeper.analysis.decide")


def test_no_private_name_is_imported_from_another_module() -> None:
    offenders = [f"{m} takes {name} from {dep}" for m in MODULES
                 for dep, names in imports_of(m) for name in names
                 if name.startswith("_") and not name.startswith("__")
                 and dep.partition("._core")[0] == dep]
    assert offenders == []


def test_the_layers_of_the_three_distributions_hold() -> None:
    """import-linter reads every import of nqueens, minesweeper and puzzleshell and holds
    them to the contracts of pyproject.toml: the layers of each (every module placed in
    one), the shell below both programs, neither program importing the other, nqueens
    importing no SAT solver, and no command importing the group that loads it."""
    from importlinter.cli import lint_imports

    config = Path(__file__).resolve().parents[1] / "pyproject.toml"
    if not config.is_file():
        pytest.skip("the contracts are in the checkout's pyproject.toml")
    assert lint_imports(config_filename=str(config), no_cache=True, no_logo=True) == 0
