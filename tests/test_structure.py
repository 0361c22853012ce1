"""The engine's house rules, read from its source (issue 27): no module of ``py/pdfprose`` over
500 lines, no private (underscore) name of one module used by another (in the engine, the tests,
the benchmarks and the scripts), and no import cycle between the engine's modules."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
PACKAGE = REPO / "py" / "pdfprose"
MAX_MODULE_LINES = 500
"""Issue 27: a newcomer reads a module in one sitting; past 500 lines it holds two jobs."""


def module_name(path: Path) -> str:
    """``pdfprose.layout.words`` for ``py/pdfprose/layout/words.py``."""
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def engine_modules() -> dict[str, Path]:
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def python_files() -> list[Path]:
    """Every Python file whose imports are checked: the engine, the tests, benchmarks, scripts."""
    files = sorted(PACKAGE.rglob("*.py"))
    for folder in ("tests", "benchmarks", "scripts"):
        files += sorted((REPO / folder).rglob("*.py"))
    return files


def absolute(node: ast.ImportFrom, path: Path) -> str:
    """The absolute module an ``ImportFrom`` in ``path`` names (relative imports resolved)."""
    if not node.level:
        return node.module or ""
    package = module_name(path).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    base = package[: len(package) - node.level + 1]
    return ".".join(base + ([node.module] if node.module else []))


def private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def private_uses(path: Path, modules: dict[str, Path]) -> list[str]:
    """The private names of pdfprose's modules that ``path`` imports, or reads as an attribute of
    a pdfprose module it imported (``heap._full``), other than its own."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    own = module_name(path) if path.is_relative_to(PACKAGE) else None
    found = []
    where = path.relative_to(REPO) if path.is_relative_to(REPO) else path.name
    aliases: dict[str, str] = {}  # local name -> pdfprose module it stands for
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            source = absolute(node, path) if path.is_relative_to(PACKAGE) else (node.module or "")
            if source.split(".")[0] != "pdfprose" or source == own:
                continue
            for alias in node.names:
                if private(alias.name):
                    found.append(f"{where}:{node.lineno} imports {source}.{alias.name}")
                elif f"{source}.{alias.name}" in modules:
                    aliases[alias.asname or alias.name] = f"{source}.{alias.name}"
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "pdfprose":
                    aliases[alias.asname or alias.name] = alias.name
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and private(node.attr):
            target = _dotted(node.value)
            if target is not None and aliases.get(target, target) in modules \
                    and aliases.get(target, target) != own:
                found.append(f"{where}:{node.lineno} reads {target}.{node.attr}")
    return found


def _dotted(node: ast.expr) -> str | None:
    """``a.b.c`` for a chain of names, else None."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        inner = _dotted(node.value)
        return None if inner is None else f"{inner}.{node.attr}"
    return None


def imports_of(path: Path, modules: dict[str, Path]) -> set[str]:
    """The engine modules ``path`` (an engine module) imports at its top level or inside its
    functions, each import named down to the module (``from .words import x`` names
    ``pdfprose.layout.words``; ``from . import heap`` names ``pdfprose.engine.heap``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            source = absolute(node, path)
            for alias in node.names:
                if f"{source}.{alias.name}" in modules:
                    out.add(f"{source}.{alias.name}")
                elif source in modules:
                    out.add(source)
        elif isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names if alias.name in modules)
    out.discard(module_name(path))
    return out


def test_no_module_is_over_500_lines() -> None:
    long = {name: n for name, path in engine_modules().items()
            if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES}
    assert long == {}


def test_no_name_is_used_undefined() -> None:
    """Two branches merged cleanly once while one renamed a helper the other had just called:
    every table page with notes failed at run time with a NameError. pyflakes reads every
    Python file of the project for names used and never bound, and for a function defined
    twice in one module (two branches each moved one helper into regions.py: the merge kept
    both copies, and the second silently replaced the first)."""
    from pyflakes.api import check
    from pyflakes.messages import RedefinedWhileUnused, UndefinedName
    from pyflakes.reporter import Reporter

    class Collect(Reporter):
        def __init__(self) -> None:
            self.found: list[str] = []

        def flake(self, message: object) -> None:
            if isinstance(message, (UndefinedName, RedefinedWhileUnused)):
                self.found.append(str(message))

        def unexpectedError(self, filename: str, msg: str) -> None:  # noqa: N802 - pyflakes'
            self.found.append(f"{filename}: {msg}")

        def syntaxError(self, filename, msg, lineno, offset, text):  # type: ignore[no-untyped-def]  # noqa: N802
            self.found.append(f"{filename}:{lineno}: {msg}")

    reporter = Collect()
    for path in python_files():
        check(path.read_text(encoding="utf-8"), str(path.relative_to(REPO)), reporter)
    assert reporter.found == []


def test_no_private_name_is_used_across_modules() -> None:
    modules = engine_modules()
    found = [use for path in python_files() for use in private_uses(path, modules)]
    assert found == []


def test_the_checks_see_a_private_import_and_a_private_attribute(tmp_path: Path) -> None:
    # The walker itself: a private name taken from another module, and one read off a module,
    # are found; a module's own private names, dunders and public names are not.
    modules = engine_modules()
    sample = tmp_path / "sample.py"
    sample.write_text("from pdfprose.layout.words import _letter_spacing, plain_text\n"
                      "from pdfprose.engine import heap\n"
                      "import pdfprose.layout.lines as lines\n"
                      "heap._full_passes()\nlines.__name__\nplain_text.__doc__\n",
                      encoding="utf-8")
    found = private_uses(sample, modules)
    assert [use.split(" ", 1)[1] for use in found] == [
        "imports pdfprose.layout.words._letter_spacing", "reads heap._full_passes"]


def cycles_of(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import cycles a depth-first walk of ``graph`` (module -> modules it imports) meets,
    each as the modules along it, the first repeated at the end."""
    state: dict[str, int] = {}  # 1: on the walk's path, 2: done
    cycles: list[list[str]] = []

    def visit(name: str, path: list[str]) -> None:
        state[name] = 1
        for dep in sorted(graph.get(name, ())):
            if state.get(dep) == 1:
                cycles.append(path[path.index(dep):] + [dep])
            elif dep not in state:
                visit(dep, path + [dep])
        state[name] = 2

    for name in sorted(graph):
        if name not in state:
            visit(name, [name])
    return cycles


def test_the_engine_has_no_import_cycle() -> None:
    modules = engine_modules()
    graph = {name: imports_of(path, modules) for name, path in modules.items()}
    assert {"pdfprose.layout.words", "pdfprose.params"} <= graph["pdfprose.layout.lines"]
    assert "pdfprose.engine.heap" in graph["pdfprose.engine.converter"]  # "from . import heap"
    # A package's __init__ may name its modules for the public API (pdfprose's does); the
    # stages themselves must form a graph without cycles.
    graph = {name: {m for m in deps if m != "pdfprose"} for name, deps in graph.items()
             if name != "pdfprose"}
    assert cycles_of(graph) == []
    assert cycles_of({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c", "a"]]


@pytest.mark.parametrize("stage, allowed", [
    ("text", {"text"}),
    ("pdf", {"pdf", "text"}),
    ("layout", {"layout", "pdf", "text"}),
    ("document", {"document", "layout", "text"}),
    ("output", {"output", "text"}),
    ("engine", {"engine", "pdf", "layout", "document", "output", "text"}),
])
def test_data_flows_one_way_between_the_stage_packages(stage: str, allowed: set[str]) -> None:
    # Each stage imports only the stages before it (and the shared model, options, errors,
    # params at the top): a later stage never reaches back into an earlier one's caller.
    modules = engine_modules()
    packages = {"text", "pdf", "layout", "document", "output", "engine"}
    wrong = []
    for name, path in modules.items():
        if name.split(".")[1:2] != [stage]:
            continue
        for dep in imports_of(path, modules):
            package = dep.split(".")[1] if dep.count(".") >= 1 else None
            if package in packages and package not in allowed:
                wrong.append(f"{name} imports {dep}")
    assert wrong == []
