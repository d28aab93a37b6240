"""st/runtime.py and st/debug.py do not import each other: st/program.py, which builds both kinds of
instance, imports them (issue 9). The checker's parts (st/check_*.py) import only
st/check_context.py of the checker, which imports none of them; st/checker.py composes them.
Imports under TYPE_CHECKING only name types."""

from __future__ import annotations

import ast
from pathlib import Path

import st

ST = Path(st.__file__).resolve().parent


def _runtime_imports(module: str) -> set[str]:
    tree = ast.parse((ST / f"{module}.py").read_text())
    typing_only = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and getattr(node.test, "id", "") == "TYPE_CHECKING":
            typing_only |= {id(n) for n in ast.walk(node)}
    found = set()
    for n in ast.walk(tree):
        if isinstance(n, ast.ImportFrom) and n.level == 1 and id(n) not in typing_only:
            found |= {n.module} if n.module else {a.name for a in n.names}  # from . import debug
    return found


def test_runtime_and_debug_do_not_import_each_other():
    assert not _runtime_imports("runtime") & {"debug", "program"}
    assert not _runtime_imports("debug") & {"program"}
    assert {"runtime", "debug"} <= _runtime_imports("program")


def test_checker_parts_import_only_the_context():
    parts = {p.stem for p in ST.glob("check_*.py")}
    checker = parts | {"checker"}
    assert "check_context" in parts
    assert not _runtime_imports("check_context") & checker
    for part in sorted(parts - {"check_context"}):
        assert _runtime_imports(part) & checker == {"check_context"}, part
    assert parts <= _runtime_imports("checker")


def test_both_kinds_of_instance_still_come_from_one_program(kit):
    comp = kit.compile_ok(kit.main("n : INT;", "n := n + 1;"))
    fast, dbg = comp.program.instantiate(), comp.program.instantiate(debug=True)
    assert isinstance(dbg, st.DebugInstance) and not isinstance(fast, st.DebugInstance)
    for inst in (fast, dbg):
        inst.scan(0)
        inst.scan(10)
        assert inst.read("n") == 2
