"""One compiled program: its generated code, compiled once, and what the runtime needs to navigate
its state; ``instantiate()`` builds a fresh instance, fast (st/runtime.py) or debug (st/debug.py).
Here and not in runtime.py, so that the debug instance (a kind of runtime Instance) and the
runtime do not import each other.
"""

from __future__ import annotations

from .checker import CheckedProgram, VarInfo
from .debug import DebugInstance
from .memory import layout
from .runtime import GEN_PREFIX, Instance, runtime_namespace


class Program:
    """One compiled program: generated code plus what the runtime needs to navigate its state."""

    def __init__(self, checked: CheckedProgram, source: str, line_map, breakable, filename: str, text: str):
        self.checked = checked
        self.filename = filename
        self.python_source = source
        self.line_map = line_map
        self.breakable = set(breakable)
        self.text = text
        self.gen_filename = f"{GEN_PREFIX}{filename}>"
        code = compile(source, self.gen_filename, "exec")
        ns = runtime_namespace()
        ns["_TY"] = [layout(t) for t in checked.layouts]  # the layouts pointer code names (st/memory.py)
        exec(code, ns)  # noqa: S102 - code generated from the checked AST only
        self.ns = ns
        self.main = checked.main
        self.main_class = ns[checked.main.pyname]
        self.globals_class = ns["Globals"]
        self.io_in = ns["_io_in"]
        self.io_out = ns["_io_out"]
        # address -> (holder 'p'|'G', VarInfo)
        self.located: dict[str, tuple[str, VarInfo]] = {}
        for v in checked.main.vars.values():
            if v.address and v.owner is checked.main:
                self.located.setdefault(v.address, ("p", v))
        for v in list(checked.globals.values()) + list(checked.addresses.values()):
            if v.address:
                self.located.setdefault(v.address, ("G", v))

    def instantiate(self, debug: bool = False) -> Instance:
        """A fresh instance: the fast one, or one the debugger can pause (st/debug.py)."""
        return DebugInstance(self) if debug else Instance(self)
