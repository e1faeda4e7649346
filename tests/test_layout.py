"""The code's shape: no import circles, each subpackage entered through its face, each module saying what it is for."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SUBPACKAGES = ("rosenblatt.core", "rosenblatt.shared", "exercises.answers", "exercises.cli", "exercises.export",
               "exercises.generation", "exercises.kinds", "grader.assignments", "grader.cases", "grader.diagnosis",
               "grader.inference", "grader.intake", "grader.judging", "grader.platforms", "grader.reports", "grader.sandbox", "grader.similarity", "grader.tasks")
TOPS = ("rosenblatt", "exercises", "grader")


def _modules() -> dict[str, Path]:
    found = {}
    for top in TOPS:
        for path in (ROOT / top).rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


MODULES = _modules()


def _bound(package: str) -> set[str]:
    """The names a package's face binds itself (by import or definition), if it is a package of ours."""
    path = MODULES.get(package)
    if path is None or path.name != "__init__.py":
        return set()
    names = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update((a.asname or a.name).split(".")[0] for a in node.names)
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
    return names


def _imports(name: str, path: Path) -> set[str]:
    """The project modules `name` imports, at the top or inside a function: a submodule where one is named."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1] + [base] * bool(base))
            # `from package import name` takes the face's own binding first (a face may re-export a function
            # named like its module: rosenblatt.shared's render); only a name the face leaves unbound is a module
            subs = [f"{base}.{alias.name}" if alias.name not in _bound(base) else base for alias in node.names]
            targets = [s for s in subs if s in MODULES] + [base] * any(s not in MODULES for s in subs)
        else:
            continue
        out.update(t for t in targets if t in MODULES and t != name)
    return out


GRAPH = {name: _imports(name, path) for name, path in MODULES.items()}


def _circle_from(start: str) -> list[str] | None:
    """An import path from `start` back to itself, if there is one (depth-first, each module visited once)."""
    stack, seen = [(start, [start])], set()
    while stack:
        here, path = stack.pop()
        for there in sorted(GRAPH[here]):
            if there == start:
                return path + [start]
            if there not in seen:
                seen.add(there)
                stack.append((there, path + [there]))
    return None


def test_no_module_imports_itself_through_others():
    circles = [" -> ".join(c) for name in sorted(MODULES) if (c := _circle_from(name))]
    assert not circles, circles[0]


def test_other_code_enters_a_subpackage_through_its_face():
    def inside(module: str, package: str) -> bool:
        return module == package or module.startswith(package + ".")

    reach_ins = [f"{name} imports {target}" for name, targets in GRAPH.items() for target in sorted(targets)
                 for package in SUBPACKAGES
                 if inside(target, package) and target != package and not inside(name, package)]
    assert not reach_ins, reach_ins


def test_every_module_opens_with_a_docstring():
    bare = [name for name, path in MODULES.items() if path.stat().st_size
            and not ast.get_docstring(ast.parse(path.read_text(encoding="utf-8")))]
    assert not bare, bare


# What each room may import besides itself, the standard library and the `rosenblatt` face (the version): the rooms' own docstrings say the same. A room not listed (the command line) may import any room.
MAY_IMPORT = {
    "rosenblatt.shared": set(),
    "rosenblatt.core": {"rosenblatt.shared"},
    "exercises.kinds": {"rosenblatt.shared", "rosenblatt.core"},
    "exercises.answers": {"rosenblatt.shared", "rosenblatt.core", "exercises.kinds"},
    "exercises.generation": {"rosenblatt.shared", "rosenblatt.core", "exercises.kinds"},
    "exercises.export": {"rosenblatt.shared", "rosenblatt.core", "exercises.kinds", "exercises.answers",
                         "exercises.generation"},
    "grader.assignments": {"rosenblatt.shared"},
    "grader.intake": {"rosenblatt.shared"},
    "grader.sandbox": {"rosenblatt.shared"},
    "grader.cases": {"rosenblatt.shared", "rosenblatt.core", "grader.assignments"},
    "grader.tasks": {"rosenblatt.shared", "rosenblatt.core", "grader.assignments", "grader.cases"},
    "grader.judging": {"rosenblatt.shared", "rosenblatt.core", "grader.assignments", "grader.cases", "grader.tasks"},
    "grader.diagnosis": {"rosenblatt.shared", "rosenblatt.core", "grader.assignments", "grader.cases", "grader.tasks",
                         "grader.judging"},
    "grader.similarity": {"rosenblatt.shared", "grader.intake"},
    "grader.inference": {"rosenblatt.shared", "grader.assignments", "grader.intake", "grader.sandbox"},
}


def _room(module: str) -> str:
    return next((r for r in sorted(SUBPACKAGES, key=len, reverse=True)
                 if module == r or module.startswith(r + ".")), module)


def test_each_room_imports_only_the_rooms_below_it():
    upward = [f"{name} ({_room(name)}) imports {target}" for name, targets in sorted(GRAPH.items())
              for target in sorted(targets) if _room(name) in MAY_IMPORT and _room(target) != _room(name)
              and target != "rosenblatt" and _room(target) not in MAY_IMPORT[_room(name)]]
    assert not upward, upward


def test_at_most_eight_modules_sit_directly_in_each_top_folder():
    for top in TOPS:
        direct = sorted(p.name for p in (ROOT / top).glob("*.py"))
        assert len(direct) <= 8, (top, direct)


def test_the_base_package_imports_neither_flow():
    up = [f"{name} imports {target}" for name, targets in sorted(GRAPH.items()) if name.split(".")[0] == "rosenblatt"
          for target in sorted(targets) if target.split(".")[0] != "rosenblatt"]
    assert not up, up


def test_the_two_flows_meet_only_in_the_command_line():
    """grader and exercises are peers on the base package: neither imports the other, except the command line
    (exercises.cli), which dispatches to both."""
    crossing = [f"{name} imports {target}" for name, targets in sorted(GRAPH.items())
                for target in sorted(targets) if name.split(".")[0] in ("exercises", "grader")
                and target.split(".")[0] in ("exercises", "grader") and target.split(".")[0] != name.split(".")[0]
                and not (name == "exercises.cli" or name.startswith("exercises.cli."))]
    assert not crossing, crossing


def test_diagnosis_stands_above_judging():
    """Judging decides right or wrong and never asks why: nothing in grader.judging imports grader.diagnosis."""
    down = [f"{name} imports {target}" for name, targets in sorted(GRAPH.items()) if _room(name) == "grader.judging"
            for target in sorted(targets) if _room(target) == "grader.diagnosis"]
    assert not down, down


def test_each_shape_in_the_one_table_is_a_plug_in_module():
    """grader.assignments' SHAPES is the one task table; each shape's module in grader/tasks/ has every hook."""
    import importlib

    from grader.assignments import SHAPES
    from grader.tasks import HOOKS

    for name in SHAPES:
        module = importlib.import_module(f"grader.tasks.{name}")
        assert [h for h in HOOKS if not callable(getattr(module, h, None))] == [], name
    task_names = [path.stem for path in (ROOT / "grader" / "tasks").glob("*.py") if path.stem not in ("__init__", "base")]
    assert sorted(task_names) == sorted(SHAPES)


def test_no_code_outside_the_shapes_compares_a_task_name():
    """What a task name stood for is a property of FunctionSpec (trains, averages, single_step, predicts, ...) or a
    hook of the shape's module: a new shape then touches its module and its row in the table."""
    import re

    pattern = re.compile(r"\.task\s*(==|!=|in\b|not in\b)")
    found = [f"{name}:{k}" for name, path in MODULES.items() if name.split(".")[0] == "grader"
             for k, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if pattern.search(line)]
    assert found == [], found


def test_each_face_lists_what_it_offers_in_all():
    """A face's __all__ names exactly what it offers: what it imports from its own modules (eagerly, or lazily
    through `_HOME`) and what it defines, nothing else (a typing helper is not part of a room's face)."""
    import importlib

    wrong = {}
    for package in SUBPACKAGES:
        face = importlib.import_module(package)
        tree = ast.parse(MODULES[package].read_text(encoding="utf-8"))
        offered = set(getattr(face, "_HOME", {}))
        for node in tree.body:
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(package + "."):
                offered |= {a.asname or a.name for a in node.names}
            elif isinstance(node, (ast.FunctionDef, ast.ClassDef)) and not node.name.startswith("_"):
                offered.add(node.name)
        listed = set(getattr(face, "__all__", ()))
        missing = [n for n in listed if not hasattr(face, n)]
        if not offered <= listed or missing:
            wrong[package] = (sorted(offered - listed), missing)
    assert wrong == {}
