"""The Python package's modules form layers (ARCHITECTURE.md, "Layers of the
Python package"): no import circle among razzle's modules, the base modules
import nothing above them, and the core never imports the packages on top
of it. Imports are read from the source with `ast`: every import statement,
at module level or inside a function or a TYPE_CHECKING block, counts."""

from __future__ import annotations

import ast
import pathlib
from typing import Dict, List, Optional, Set

import razzle

PACKAGE = pathlib.Path(razzle.__file__).parent


def _module_name(path: pathlib.Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> Dict[str, pathlib.Path]:
    return {_module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def _imports(name: str, path: pathlib.Path, known: Set[str]) -> Set[str]:
    """The razzle modules that `name` imports. `from . import _ffi` is an
    import of razzle._ffi (not of the package itself); `from ._x import y`
    of razzle._x.y when that is a module, else of razzle._x."""
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found: Set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - (node.level - 1)]
                origin = ".".join(base + ([node.module] if node.module else []))
            else:
                origin = node.module or ""
            for alias in node.names:
                child = f"{origin}.{alias.name}"
                found.add(child if child in known else origin)
    return {module for module in found if module in known and module != name}


def _graph() -> Dict[str, Set[str]]:
    modules = _modules()
    known = set(modules)
    return {name: _imports(name, path, known) for name, path in modules.items()}


def _cycle(graph: Dict[str, Set[str]]) -> Optional[List[str]]:
    """One import circle (its modules, the first repeated at the end), or
    None."""
    state: Dict[str, int] = {}  # 1: on the current path, 2: done
    path: List[str] = []

    def visit(module: str) -> Optional[List[str]]:
        state[module] = 1
        path.append(module)
        for imported in sorted(graph[module]):
            if state.get(imported) == 1:
                return path[path.index(imported) :] + [imported]
            if imported not in state:
                found = visit(imported)
                if found:
                    return found
        path.pop()
        state[module] = 2
        return None

    for module in sorted(graph):
        if module not in state:
            found = visit(module)
            if found:
                return found
    return None


def test_the_reader_sees_every_module() -> None:
    graph = _graph()
    assert {"razzle", "razzle._ffi", "razzle._handle", "razzle._scene", "razzle.render", "razzle.cli.main"} <= set(graph)
    # The parser resolves relative imports: the scene module's are seen.
    assert {"razzle._animator", "razzle._choreography", "razzle._handle"} <= graph["razzle._scene"]


def test_no_import_circle() -> None:
    # No exceptions: a lower module that needs a higher one gets a hook the
    # higher one installs (_handle's scene codec, _notebook's inline
    # animation, _choreography's tween placer), or the code moves down
    # (_gsap's translation is text only, below _easing).
    cycle = _cycle(_graph())
    assert cycle is None, "import circle: " + " -> ".join(cycle or [])


def test_the_cycle_finder_finds_one() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _cycle(graph) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None


def test_the_base_modules_import_nothing_above_them() -> None:
    graph = _graph()
    assert graph["razzle._errors"] == set()
    assert graph["razzle._ffi"] == {"razzle._errors"}
    # The base of every handle-owning object: copying and pickling reach the
    # scene format through the codec _scene.py installs, not by import.
    assert graph["razzle._handle"] == {"razzle._errors"}
    assert graph["razzle._colors"] <= {"razzle._errors", "razzle._ffi", "razzle._inputs", "razzle._types"}
    # GSAP's ease names are text to text, below the easing module that hints
    # at them; the choreography module reaches tweens through a hook.
    assert graph["razzle._gsap"] <= {"razzle._errors", "razzle._inputs"}
    assert "razzle._gsap" in graph["razzle._easing"]
    assert "razzle._tween" not in graph["razzle._choreography"]


def test_the_core_never_imports_the_packages_on_top() -> None:
    graph = _graph()
    above = ("razzle.render", "razzle.cli", "razzle.gallery", "razzle.dask")
    for module, imported in graph.items():
        if module.startswith("razzle._") and module != "razzle.__main__":
            wrong = sorted(m for m in imported if m.startswith(above))
            assert not wrong, f"{module} imports {wrong}"
        if module.startswith("razzle.render"):
            wrong = sorted(m for m in imported if m.startswith(("razzle.cli", "razzle.gallery")) or m == "razzle")
            assert not wrong, f"{module} imports {wrong}"
