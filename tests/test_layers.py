"""The folders keep their promise: imports point down the layers, and no module imports itself round a cycle.

Every import counts, for the direction of the layers and for cycles alike: at
module level, inside functions (lazy imports) and under ``TYPE_CHECKING``.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "greed_game"

FILE_IO_CALLS = {"open", "read_text", "read_bytes", "write_text", "write_bytes", "mkdir", "unlink", "glob", "iterdir"}
FILE_IO_MODULES = {"os", "pathlib", "shutil", "tempfile", "io", "importlib.resources", "platformdirs"}
DISPLAY_MODULES = {"pygame", "moderngl", "platformdirs"}


@dataclass(frozen=True)
class Import:
    source: str
    target: str
    line: int
    type_only: bool


def _modules() -> dict[str, Path]:
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


MODULES = _modules()


def _resolve(name: str) -> str:
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(name: str, path: Path) -> list[tuple[str, int, bool]]:
    """Every ``(imported module, line, type only)`` of one file, the project's and others'."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: list[tuple[str, int, bool]] = []

    def visit(node: ast.AST, type_only: bool) -> None:
        if isinstance(node, ast.If) and _type_checking(node):
            for child in node.body:
                visit(child, True)
            for child in node.orelse:
                visit(child, type_only)
            return
        if isinstance(node, ast.Import):
            out.extend((a.name, node.lineno, type_only) for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package
                for _ in range(node.level - 1):
                    base = base.rpartition(".")[0]
                module = f"{base}.{node.module}" if node.module else base
            else:
                module = node.module or ""
            for alias in node.names:
                full = f"{module}.{alias.name}"
                out.append((full if full in MODULES else module, node.lineno, type_only))
        for child in ast.iter_child_nodes(node):
            visit(child, type_only)

    visit(tree, False)
    return out


def _graph() -> list[Import]:
    edges = []
    for name, path in MODULES.items():
        for target, line, type_only in _imports(name, path):
            if target.startswith("greed_game"):
                resolved = _resolve(target)
                if resolved != name:
                    edges.append(Import(name, resolved, line, type_only))
    return edges


def _in(module: str, *packages: str) -> bool:
    return any(module == p or module.startswith(p + ".") for p in packages)


LEAVES = ("greed_game.said",)
"""Modules every layer may import: they import nothing of the game (checked below)."""


def test_the_leaves_import_nothing_of_the_game() -> None:
    wrong = [f"{leaf}:{line} imports {t}" for leaf in LEAVES for t, line, _ in _imports(leaf, MODULES[leaf])
             if t.startswith("greed_game") or t.split(".")[0] in DISPLAY_MODULES | FILE_IO_MODULES]
    assert not wrong, "\n".join(wrong)


def test_the_rules_core_imports_nothing_above_it_and_opens_no_file() -> None:
    wrong = []
    for name, path in MODULES.items():
        if not _in(name, "greed_game.rules"):
            continue
        for target, line, _ in _imports(name, path):
            top = target.split(".")[0]
            if target.startswith("greed_game") and not _in(target, "greed_game.rules", *LEAVES):
                wrong.append(f"{name}:{line} imports {target}")
            if top in DISPLAY_MODULES or target in FILE_IO_MODULES or top in FILE_IO_MODULES:
                wrong.append(f"{name}:{line} imports {target}")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                func = node.func
                called = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
                if called in FILE_IO_CALLS:
                    wrong.append(f"{name}:{node.lineno} calls {called}()")
    assert not wrong, "\n".join(wrong)


def test_the_computer_players_import_only_the_rules() -> None:
    wrong = [
        f"{e.source}:{e.line} imports {e.target}"
        for e in _graph()
        if _in(e.source, "greed_game.ai") and not _in(e.target, "greed_game.rules", "greed_game.ai")
    ]
    # The solver's disk cache is handed in, so ai needs no folder of its own nor a display.
    for name, path in MODULES.items():
        if _in(name, "greed_game.ai"):
            wrong += [f"{name}:{line} imports {t}" for t, line, _ in _imports(name, path)
                      if t.split(".")[0] in DISPLAY_MODULES]
    assert not wrong, "\n".join(wrong)


def test_the_physics_imports_only_the_rules_and_opens_no_file() -> None:
    wrong = [
        f"{e.source}:{e.line} imports {e.target}"
        for e in _graph()
        if _in(e.source, "greed_game.physics") and not _in(e.target, "greed_game.rules", "greed_game.physics")
    ]
    for name, path in MODULES.items():
        if _in(name, "greed_game.physics"):
            wrong += [f"{name}:{line} imports {t}" for t, line, _ in _imports(name, path)
                      if t.split(".")[0] in DISPLAY_MODULES | FILE_IO_MODULES]
    assert not wrong, "\n".join(wrong)


def test_nothing_below_the_window_imports_it() -> None:
    below = ("greed_game.rules", "greed_game.ai", "greed_game.narrator", "greed_game.presets", "greed_game.replay",
             "greed_game.stats", "greed_game.storage", "greed_game.resources", "greed_game.play", "greed_game.physics")
    wrong = [
        f"{e.source}:{e.line} imports {e.target}"
        for e in _graph()
        if _in(e.source, *below) and _in(e.target, "greed_game.app", "greed_game.cli")
    ]
    assert not wrong, "\n".join(wrong)


def test_the_narrator_and_the_flow_need_no_display() -> None:
    wrong = []
    for name, path in MODULES.items():
        if _in(name, "greed_game.narrator", "greed_game.play", "greed_game.physics"):
            wrong += [f"{name}:{line} imports {t}" for t, line, _ in _imports(name, path)
                      if t.split(".")[0] in {"pygame", "moderngl"}]
    assert not wrong, "\n".join(wrong)


def _cycles(edges: list[Import]) -> list[list[str]]:
    graph: dict[str, set[str]] = {name: set() for name in MODULES}
    for e in edges:
        graph[e.source].add(e.target)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = [0]

    def strongconnect(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                strongconnect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            strongconnect(v)
    return found


def test_no_import_cycles_lazy_and_type_only_imports_included() -> None:
    cycles = _cycles(_graph())
    assert not cycles, "import cycles:\n" + "\n".join(" <-> ".join(c) for c in cycles)


def test_the_cycle_check_finds_a_cycle() -> None:
    # The check itself must be able to fail: two modules that import each other lazily.
    edges = [*_graph(), Import("greed_game.rules.dice", "greed_game.rules.game", 1, False)]
    assert any("greed_game.rules.dice" in c for c in _cycles(edges))


def _imports_in_functions(source: str, package: str) -> list[tuple[str, int]]:
    """Every ``(imported module, line)`` of a module's source made inside a function (a lazy import)."""
    out: list[tuple[str, int]] = []
    for func in ast.walk(ast.parse(source)):
        if not isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        for node in ast.walk(func):
            if isinstance(node, ast.Import):
                out.extend((a.name, node.lineno) for a in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = package
                for _ in range(node.level - 1):
                    base = base.rpartition(".")[0]
                module = (f"{base}.{node.module}" if node.module else base) if node.level else node.module or ""
                out.extend((f"{module}.{a.name}", node.lineno) for a in node.names)
    return out


def _scenes_opened_in_functions(files: dict[str, str]) -> list[str]:
    """Scene modules that import a scene module inside a function: to open a screen, a scene returns a route."""
    scenes = "greed_game.app.scenes"
    return sorted({
        f"{name}:{line} imports {target} inside a function"
        for name, source in files.items()
        if _in(name, scenes)
        for target, line in _imports_in_functions(source, name.rpartition(".")[0])
        if _in(target, scenes)
    })


def test_no_scene_imports_another_inside_a_function() -> None:
    files = {name: path.read_text(encoding="utf-8") for name, path in MODULES.items()}
    wrong = _scenes_opened_in_functions(files)
    assert not wrong, "\n".join(wrong)


def test_the_scene_import_check_finds_a_lazy_import() -> None:
    # The check itself must be able to fail: a scene that opens another the old way, in a method.
    lazy = (
        "class MenuScene:\n"
        "    def open_statistics(self):\n"
        "        from greed_game.app.scenes.statistics import StatisticsScene\n"
        "        from .overlays import RulesOverlay\n"
        "        import greed_game.app.scenes.review\n"
    )
    wrong = _scenes_opened_in_functions({"greed_game.app.scenes.menu": lazy})
    assert {w.split(" imports ")[1].split(" ")[0] for w in wrong} == {
        "greed_game.app.scenes.statistics.StatisticsScene",
        "greed_game.app.scenes.overlays.RulesOverlay",
        "greed_game.app.scenes.review",
    }


SOLVED_TABLE_PACKAGES = ("greed_game.ai", "greed_game.books", "greed_game.solutions", "greed_game.play",
                         "greed_game.storage")
"""Where a solved table could be kept: the solvers, the books, the service, the flow and the cache."""
MEMO_DECORATORS = {"cache", "lru_cache"}


def _module_memos(tree: ast.Module) -> list[tuple[str, int]]:
    """Module-level memories: an empty dict, list or set filled later, a function cached for the run, or a
    module variable a function sets (``global``)."""
    found = [(", ".join(n.names), n.lineno) for n in ast.walk(tree) if isinstance(n, ast.Global)]
    for node in tree.body:
        if isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
            value = node.value
            empty = (isinstance(value, ast.Dict | ast.List | ast.Set) and not getattr(value, "keys", None)
                     and not getattr(value, "elts", None)) or (
                isinstance(value, ast.Call) and isinstance(value.func, ast.Name)
                and value.func.id in {"dict", "list", "set"} and not value.args)
            if empty:
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                found += [(ast.unparse(t), node.lineno) for t in targets]
        elif isinstance(node, ast.FunctionDef):
            for d in node.decorator_list:
                called = d.func if isinstance(d, ast.Call) else d
                decorator = called.id if isinstance(called, ast.Name) else getattr(called, "attr", "")
                if decorator in MEMO_DECORATORS:
                    found.append((node.name, node.lineno))
    return found


def test_no_solved_table_is_kept_at_module_level() -> None:
    # The program's one solutions service keeps every solved table; a module's own memory would be a second home.
    wrong = [
        f"{name}:{line} keeps {what}"
        for name, path in MODULES.items()
        if _in(name, *SOLVED_TABLE_PACKAGES)
        for what, line in _module_memos(ast.parse(path.read_text(encoding="utf-8")))
    ]
    assert not wrong, "\n".join(wrong)


def test_the_memo_check_finds_a_memo() -> None:
    source = ("from functools import cache\n_SOLVED: dict[str, int] = {}\n_cache = None\n@cache\ndef book(k): ...\n"
              "def use(c):\n    global _cache\n    _cache = c\n")
    assert _module_memos(ast.parse(source)) == [("_cache", 7), ("_SOLVED", 2), ("book", 5)]
