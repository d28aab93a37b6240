"""Code generator: checked AST -> Python source -> one ``compile()``.

Safety: every ST name becomes ``v_<lower>`` (identifiers are ASCII letters, digits and '_', so
they are safe Python names once prefixed), and every literal is emitted as ``repr()`` of a
Python value the compiler built itself (``lit()``), never as source text. Strings are
repr'd, so quotes and newlines inside them cannot escape.

Speed: each POU body is straight-line Python. Scalar variables of a PROGRAM/FB are loaded
into locals at the start of ``run`` and stored back at the end; integer stores wrap with an
inline mask only when the checker cannot prove the value fits; constants are folded; array
indexes are range-checked inline; loops count iterations against the scan's watchdog
budget. A second, generator-based variant of every body (``run_dbg``) yields before
statements for the debugger; the fast variant has no debug checks at all.

The line table ``line_map`` maps each generated Python line to the ST (line, col) of the
statement it came from; the runtime walks a fault's traceback through it.
"""

from __future__ import annotations

import math
from collections import Counter

from . import ast as A
from . import types as T
from .checker import (
    BCD_CONVERSIONS,
    ERR,
    OPERATOR_FUNCTIONS,
    CallInfo,
    CheckedProgram,
    EnumRef,
    PouInfo,
    PropRef,
    VarInfo,
    f32,
)

# standard functions whose result always lies inside its type's range (no wrap needed on store)
_BOUNDED_STD = {
    "MOVE",
    "SEL",
    "MAX",
    "MIN",
    "LIMIT",
    "MUX",
    "SHL",
    "SHR",
    "ROL",
    "ROR",
    "AND",
    "OR",
    "XOR",
    "NOT",
    "LEN",
    "FIND",
    "TRUNC",
    "MOD",
}

_STR_FUNCS = {
    "LEN": "st_len",
    "LEFT": "st_left",
    "RIGHT": "st_right",
    "MID": "st_mid",
    "CONCAT": "st_concat",
    "INSERT": "st_insert",
    "DELETE": "st_delete",
    "REPLACE": "st_replace",
    "FIND": "st_find",
}
_MATH_FUNCS = {
    "SQRT": "_sqrt",
    "LN": "_ln",
    "LOG": "_log",
    "EXP": "_exp",
    "SIN": "_sin",
    "COS": "_cos",
    "TAN": "_tan",
    "ASIN": "_asin",
    "ACOS": "_acos",
    "ATAN": "_atan",
}
_CMP = {"=": "==", "<>": "!=", "<": "<", ">": ">", "<=": "<=", ">=": ">="}
_CMP_FN = {"GT": ">", "GE": ">=", "EQ": "==", "LE": "<=", "LT": "<", "NE": "!="}

SMALL_LOOP = (
    1000  # constant FOR loops up to this many iterations, with no inner loop or call, skip the watchdog
)


# a block's member used this many times in its body, or inside a loop, lives in a local during
# a call (loaded before the body, stored after it); one used less is read from the instance
CACHE_USES = 3

CALL_COST = 4  # watchdog units per call of a user POU (a loop iteration is 1): a call costs more time

# CASE branches or ELSIFs past this many are generated as a flat row of IFs (see flat_if)
FLAT_CHAIN = 64


def is_ref(v) -> bool:
    """A scalar VAR_IN_OUT: its value is a reference (``_RefA``/``_RefI``, st/runtime.py) to the
    caller's variable, read with ``.get()`` and written with ``.set()`` (IEC and CODESYS: by
    reference). Arrays, structures and FB instances are passed as the object itself."""
    return isinstance(v, VarInfo) and v.kind == "VAR_IN_OUT" and v.type.is_scalar


def _has_ref(p: PouInfo) -> bool:
    return any(is_ref(v) and v.owner is p for v in p.vars.values())


def debug_name(p: PouInfo) -> str:
    """A function's debug variant. Every name made from ST text starts with one prefix of a set in
    which none starts another (v_ P_ FB_ F_ S_ A_ D_), and names of the generator's own start with
    none of them, so no source can name two things alike: FUNCTION Foo_dbg is F_foo_dbg, Foo's debug
    variant D_foo."""
    if p.kind == "METHOD":  # a method of a class: M_x / MD_x, PG_x / PGD_x, PS_x / PSD_x
        return {None: "MD_", "GET": "PGD_", "SET": "PSD_"}[p.accessor] + p.name.lower()
    return "D_" + p.name.lower()


def record_slot(m: PouInfo) -> str:
    """The member of a block's instance that keeps a method's last result (its outputs too), or a
    property's last value got or set: what the debugger's variable tree shows for them."""
    return ("R_P_" if m.accessor else "R_M_") + m.name.lower()


def _oop(p: PouInfo) -> bool:
    """A function block with methods or properties, or in an EXTENDS chain: code outside its body
    (its methods, a block that extends it) reaches its members, so its body keeps none in locals."""
    t = p.fbtype
    return t is not None and bool(t.methods or t.props or t.base is not None or p.extended)


def lit(v) -> str:
    """Python source for a compile-time value (bool, int, float, str, list, None: no reference)."""
    if v is None:
        return "None"
    if isinstance(v, bool):
        return "True" if v else "False"
    if isinstance(v, int):
        return repr(int(v))
    if isinstance(v, float):
        if math.isnan(v):
            return "_NAN"
        if math.isinf(v):
            return "_INF" if v > 0 else "(-_INF)"
        return repr(float(v))
    if isinstance(v, str):
        return repr(str(v))
    if isinstance(v, list):
        return "[" + ", ".join(lit(x) for x in v) + "]"
    raise TypeError(f"no literal form for {type(v).__name__}")


def wrap_code(code: str, t: T.Elem) -> str:
    b = t.base
    mask = (1 << b.bits) - 1
    if b.signed:
        half = 1 << (b.bits - 1)
        # the outer parentheses make it one operand in any context (-x, x * 2, a[x])
        return f"(((({code}) + {half}) & {mask}) - {half})"
    return f"(({code}) & {mask})"


def _work(t: T.Type) -> T.Elem | None:
    """The type an integer operation of type ``t`` computes in: 8/16-bit operations in 32 bits
    (DINT), 32- and 64-bit ones in their own type (DESIGN.md, intermediates as on a 32/64-bit PLC)."""
    t = T.concrete(t)
    if isinstance(t, T.Elem) and t.is_intlike:
        return T.DINT if t.base.bits <= 16 else t.base
    return None


def _fits(lo: int, hi: int, t: T.Type) -> bool:
    b = t.base
    return b.lo <= lo and hi <= b.hi


def _span(t: T.Type) -> tuple[int, int]:
    return t.base.lo, t.base.hi


def _bitwise_range(op: str, a: tuple[int, int], b: tuple[int, int]) -> tuple[int, int]:
    if a[0] >= 0 and b[0] >= 0:
        if op == "AND":
            return 0, min(a[1], b[1])
        n = max(a[1].bit_length(), b[1].bit_length())
        return 0, (1 << n) - 1
    if op == "AND" and (a[0] >= 0 or b[0] >= 0):
        return 0, a[1] if a[0] >= 0 else b[1]
    n = max(abs(x).bit_length() for x in (*a, *b))
    return -(1 << n), (1 << n) - 1


def _op_range(op: str, a: tuple[int, int], b: tuple[int, int]) -> tuple[int, int]:
    """Interval of ``a op b`` computed exactly (no wrap) from the operands' intervals."""
    if op == "+":
        return a[0] + b[0], a[1] + b[1]
    if op == "-":
        return a[0] - b[1], a[1] - b[0]
    if op == "*":
        ps = (a[0] * b[0], a[0] * b[1], a[1] * b[0], a[1] * b[1])
        return min(ps), max(ps)
    m = max(abs(a[0]), abs(a[1]))
    if op == "MOD":
        m = min(m, max(abs(b[0]), abs(b[1]), 1) - 1)
    elif b[0] > 0:
        return min(a[0], 0), max(a[1], 0)  # a / b with b >= 1 lies between 0 and a
    if a[0] >= 0 and op == "MOD":
        return 0, m
    if a[1] <= 0 and op == "MOD":
        return -m, 0
    return -m, m


# the low k bits of these results depend only on the low k bits of the operands
_RING = ("+", "-", "*", "AND", "OR", "XOR")
# standard functions that are the operators written as calls: ADD(a, b) is a + b
_STD_OPS = {
    "ADD": "+",
    "SUB": "-",
    "MUL": "*",
    "DIV": "/",
    "MOD": "MOD",
    "AND": "AND",
    "OR": "OR",
    "XOR": "XOR",
    "NOT": "NOT",
}


class _RefArgs:
    """The references of one call's scalar VAR_IN_OUT arguments: lines to run before and after
    the call, and the variables already boxed or stored (bound twice: one reference)."""

    def __init__(self):
        self.before: list[str] = []
        self.after: list[str] = []
        self.boxes: dict[str, str] = {}


class _Loop:
    def __init__(self, kind: str, counter: str | None, cont: list[str] | None = None):
        self.kind = kind  # 'for' | 'while' | 'repeat' | 'forw'
        self.counter = None if counter == "ctx.left" else counter  # watchdog local, or None
        self.cont = cont or []  # lines to run before `continue`


class CodeGen:
    def __init__(self, cp: CheckedProgram, filename: str):
        self.cp = cp
        self.filename = filename
        self.lines: list[str] = []
        self.line_map: list[tuple[int, int]] = [(0, 0)]  # index = python line number (1-based)
        self.pos = (0, 0)
        self.tmp = 0
        self.mode = "fast"  # 'fast' | 'dbg'
        self.pou: PouInfo | None = None
        self.cached: dict[str, VarInfo] = {}
        self.read: set[str] = set()
        self.written: set[str] = set()
        self.uses_globals = False
        self.loops: list[_Loop] = []
        self.breakable: set[int] = set()
        self.pre: list[str] = []
        self.known_ranges: dict[str, tuple[int, int]] = {}  # FOR variables with a known value range
        # such a variable's value less 1, worked out once per iteration for the array offsets
        # by it: [the local's name, used]
        self.loop_offsets: dict[str, list] = {}
        self.framed: set[str] = set()  # this call's scalar locals taken by ADR: they live in _F
        self.frame_sp = False  # this call takes addresses: it releases the stack it used on return
        self._vr: dict[tuple[str, int], tuple[int, int]] = {}  # memo of vrange() per mode

    # ------------------------------------------------------------------ output
    def emit(self, ind: int, text: str) -> None:
        for part in text.split("\n"):
            self.lines.append("    " * ind + part)
            self.line_map.append(self.pos)

    def new_tmp(self, prefix: str = "_t") -> str:
        self.tmp += 1
        return f"{prefix}{self.tmp}"

    # ------------------------------------------------------------------ module
    def generate(self) -> str:
        cp = self.cp
        for st in cp.structs:
            self.gen_struct(st)
        self.gen_globals()
        done: set[str] = set()
        for p in cp.pous.values():
            if p.kind == "FUNCTION":
                for mode in ("fast", "dbg"):
                    self.gen_function(p, mode)
                continue
            chain = []
            while p is not None and p.lname not in done:  # a block after the one it extends (its base class)
                chain.append(p)
                done.add(p.lname)
                p = p.base
            for q in reversed(chain):
                self.gen_fb(q)
        self.gen_io()
        return "\n".join(self.lines) + "\n"

    # ------------------------------------------------------------------ construction of values
    def ctor(self, t: T.Type, init=None) -> str:
        """Python expression building a fresh value of type ``t`` with initial value ``init``."""
        if isinstance(t, T.ArrayT):
            e = t.elem
            if e.is_scalar:
                d = T.default_value(e)
                if not init:
                    return f"[{lit(d)}] * {t.size}"
                vals = [d if x is None else x for x in init] + [d] * (t.size - len(init))
                return _runs([lit(x) for x in vals], fresh=False)
            items = list(init or []) + [None] * (t.size - len(init or []))
            if all(x is None for x in items):
                return f"[{self.ctor(e)} for _ in range({t.size})]"
            return _runs([self.ctor(e, x) for x in items], fresh=True)
        if isinstance(t, (T.RefT, T.IfaceT, T.ConfArrayT)):
            return "None"  # refers to nothing yet (an ARRAY[*]: bound to the caller's array by each call)
        if isinstance(t, (T.StructT, T.FBT)):
            base = f"{t.pyname}()"
            members = t.fields if isinstance(t, T.StructT) else t.vars
            if init:
                parts = ", ".join(
                    f"({lit('v_' + k)}, {self.ctor(members[k].type, v)})"
                    for k, v in init.items()
                    if k in members
                )
                return f"_with({base}, {parts})" if parts else base
            return base
        if t is ERR:
            return "None"
        return lit(T.default_value(t) if init is None else init)

    def copy_code(self, t: T.Type, code: str, depth: int = 0) -> str:
        """A copy of a composite value (value semantics of ST assignment and inputs)."""
        if isinstance(t, T.ArrayT):
            if t.elem.is_scalar:
                return f"{code}[:]"
            x = f"_x{depth}"
            return f"[{self.copy_code(t.elem, x, depth + 1)} for {x} in {code}]"
        if isinstance(t, T.StructT):
            return f"{code}.copy()"
        return code

    def copy_into(self, t: T.Type, dst: str, src: str, ind: int, depth: int = 0) -> None:
        """Copy composite ``src`` into ``dst`` in place (value semantics of ST assignment): the
        structs inside ``dst`` stay the same objects, so a force or watch bound to one of their
        fields goes on reaching the variable."""
        if isinstance(t, T.StructT):
            self.emit(ind, f"{dst}.assign({src})")
        elif t.elem.is_scalar:
            self.emit(ind, f"{dst}[:] = {src}")  # a slice store copies the scalars itself
        else:
            d, s = f"_cd{depth}", f"_cs{depth}"
            self.emit(ind, f"for {d}, {s} in zip({dst}, {src}):")
            self.copy_into(t.elem, d, s, ind + 1, depth + 1)

    def gen_struct(self, st: T.StructT) -> None:
        self.pos = (0, 0)
        names = [f"v_{k}" for k in st.fields]
        self.emit(0, f"class {st.pyname}:")
        self.emit(1, f"__slots__ = ({''.join(lit(n) + ', ' for n in names)})")
        self.emit(1, "def __init__(self):")
        for k, f in st.fields.items():
            self.emit(2, f"self.v_{k} = {self.ctor(f.type, f.init)}")
        if not st.fields:
            self.emit(2, "pass")
        self.emit(1, "def copy(self):")
        self.emit(2, f"n = {st.pyname}.__new__({st.pyname})")
        for k, f in st.fields.items():
            self.emit(2, f"n.v_{k} = {self.copy_code(f.type, 'self.v_' + k)}")
        self.emit(2, "return n")
        self.emit(1, "def assign(self, o):")
        for k, f in st.fields.items():
            if isinstance(f.type, (T.StructT, T.ArrayT)):
                self.copy_into(f.type, f"self.v_{k}", f"o.v_{k}", 2)
            else:
                self.emit(2, f"self.v_{k} = o.v_{k}")
        self.emit(2, "return self")

    def gen_globals(self) -> None:
        cp = self.cp
        allv = list(cp.globals.values()) + list(cp.addresses.values())
        self.emit(0, "class Globals:")
        self.emit(1, f"__slots__ = ({''.join(lit(v.pyname) + ', ' for v in allv)})")
        self.emit(1, "def __init__(self):")
        for v in allv:
            self.emit(2, f"self.{v.pyname} = {self.ctor(v.type, v.init)}")
        self.emit(2, "pass")

    # ------------------------------------------------------------------ POUs
    def gen_fb(self, p: PouInfo) -> None:
        self.pos = (p.node.line, p.node.col)
        members = [v for v in p.vars.values() if v.kind not in ("VAR_TEMP", "VAR_EXTERNAL") and v.owner is p]
        base = p.base
        records = []
        if p.fbtype is not None:
            inherited = base.fbtype if base is not None else None
            for key, m in p.fbtype.methods.items():
                if inherited is None or key not in inherited.methods:
                    records.append(record_slot(m))
            for key in p.fbtype.props:
                if inherited is None or key not in inherited.props:
                    records.append("R_P_" + key)
        self.emit(0, f"class {p.pyname}({base.pyname}):" if base is not None else f"class {p.pyname}:")
        self.emit(1, f"__slots__ = ({''.join(lit(n) + ', ' for n in [v.pyname for v in members] + records)})")
        self.emit(1, "def __init__(self):")
        if base is not None:
            self.emit(2, f"{base.pyname}.__init__(self)")
        for slot in records:
            self.emit(2, f"self.{slot} = None  # not called yet")
        for v in members:
            code = self.ctor(v.type, v.init)
            if is_ref(v):
                code = f"_RefI([{code}], 0)"  # bound to the caller's variable by every call
            self.emit(2, f"self.{v.pyname} = {code}")
        self.emit(2, "pass")
        for mode in ("fast", "dbg"):
            self.gen_body_method(p, mode)
        for m in self.cp.methods:
            if m.parent is p and not m.abstract:
                for mode in ("fast", "dbg"):
                    self.gen_function(m, mode)

    def _start_pou(self, p: PouInfo, mode: str) -> None:
        self.pou = p
        self.mode = mode
        self.read = set()
        self.written = set()
        self.uses = Counter()
        self.looped = set()
        self.uses_globals = False
        self.loops = []
        self.pre = []
        self.framed, self.frame_sp = _adr_locals(p, self.cp)

    def loc(self, v: VarInfo) -> str:
        """A FUNCTION's, METHOD's or VAR_TEMP variable: its Python local, or its place in the frame."""
        return f"_F.{v.pyname}" if v.lname in self.framed else v.pyname

    def _body(self, p: PouInfo, ind: int) -> tuple[list[str], list[tuple[int, int]]]:
        """The body's lines and line table, generated aside: what it reads and writes decides the
        prologue that goes before it."""
        saved = self.lines, self.line_map
        self.lines, self.line_map = [], []
        self.block(p.node.body, ind)
        body = self.lines, self.line_map
        self.lines, self.line_map = saved
        return body

    def gen_body_method(self, p: PouInfo, mode: str) -> None:
        self._start_pou(p, mode)
        temps = [v for v in p.vars.values() if v.kind == "VAR_TEMP"]
        # in the fast variant every scalar member lives in a local during the call
        self.cached = {}
        # a POU with a scalar VAR_IN_OUT reads its members from the instance: the reference may
        # point at one of them (f(io := f.count)), and a write through it is seen at once
        # and a member this body binds to a scalar VAR_IN_OUT lives in the instance only, so the
        # callee reaches the variable itself (and a fault leaves its write visible)
        if mode == "fast" and not _has_ref(p) and not self.cp.uses_refs and not _oop(p):
            bound = _ref_actuals(p.node.body, self.cp)
            for v in p.vars.values():
                if v.owner is p and v.kind not in ("VAR_TEMP", "VAR_EXTERNAL") and v.lname not in bound:
                    self.cached[v.lname] = v
        tmp = self.tmp
        body_lines, body_map = self._body(p, 2)
        if self.cached:
            # a member read or written only once or twice, outside loops, is cheaper straight from
            # the instance than copied into a local and back every call: keep the others cached
            keep = {k: v for k, v in self.cached.items() if k in self.looped or self.uses[k] >= CACHE_USES}
            if len(keep) < len(self.cached):
                self.cached, self.read, self.written = keep, set(), set()
                self.tmp, self.uses_globals = tmp, False
                body_lines, body_map = self._body(p, 2)
        name = "run" if mode == "fast" else "run_dbg"
        self.pos = (p.node.line, p.node.col)
        self.emit(1, f"def {name}(self, ctx):")
        self.charge_call(p, temps, 2)
        if self.uses_globals:
            self.emit(2, "G = ctx.g")
        if mode == "dbg":
            self.emit(2, "_D = ctx.dbg")
            self.emit(2, f"_D.enter({lit(p.name)})")
        self.frame_prologue([], 2)
        for v in temps:
            self.emit(2, f"{self.loc(v)} = {self.ctor(v.type, v.init)}")
        if mode == "fast":
            for k in sorted(self.read | self.written):
                v = self.cached.get(k)
                if v is not None:
                    self.emit(2, f"{v.pyname} = self.{v.pyname}")
        stores = self.stores()
        if self.frame_sp:
            stores.append("ctx.mem.release(_sp)")
        if stores:
            # try/finally: RETURN and runtime faults store the locals too (the watch shows the state
            # at the fault); costs nothing on the normal path
            self.emit(2, "try:")
            self.lines.extend("    " + x for x in body_lines)
        else:
            self.lines.extend(body_lines)
        self.line_map.extend(body_map)
        if stores:
            self.emit(2, "finally:")
            self.emit(3, "\n".join(stores))
        if mode == "dbg":
            self.emit(2, "_D.leave()")
            self.emit(2, "if False:")
            self.emit(3, "yield")

    def frame_prologue(self, params: list[VarInfo], ind: int) -> None:
        """A call that takes addresses: remember the stack mark; its locals taken by ADR in a frame."""
        if self.frame_sp:
            self.emit(ind, "_sp = ctx.mem.sp")
        if self.framed:
            self.emit(ind, "_F = _Frame()")
            for v in params:
                if v.lname in self.framed:
                    self.emit(ind, f"_F.{v.pyname} = {v.pyname}")

    def charge_call(self, p: PouInfo, made: list[VarInfo], ind: int) -> None:
        """A call of a user POU counts toward the scan's watchdog budget like loop iterations: CALL_COST
        plus the values of the locals it builds, so a loop-free tree of calls 10^9 leaves big faults
        within a fraction of a second, the same on every machine. The main program is not a call."""
        if p is self.cp.main:
            return
        cost = CALL_COST + sum(self.cp.storage.get(id(v.type), 1) for v in made)
        self.emit(ind, f"ctx.left -= {cost}")
        self.emit(ind, "if ctx.left < 0: _call_budget(ctx)")

    def stores(self) -> list[str]:
        parts = []
        if self.mode == "fast" and not self.pou.funclike:
            for k in sorted(self.written):
                v = self.cached.get(k)
                if v is not None and v.type.is_scalar:
                    parts.append(f"self.{v.pyname} = {v.pyname}")
        return parts

    def epilogue(self) -> str:
        """Code run before RETURN (locals are stored by the enclosing try/finally)."""
        parts = []
        if self.frame_sp:
            parts.append("ctx.mem.release(_sp)")
        if self.mode == "dbg":
            parts.append("_D.leave()")
        p = self.pou
        if p.kind == "METHOD":  # the last result (a property: its last value) for the variable tree
            if p.accessor == "SET":
                parts.append(f"self.{record_slot(p)} = {self.loc(p.params()[0])}")
                parts.append("return None")
            else:
                parts.append(f"self.{record_slot(p)} = _ret = {self.func_return()}")
                parts.append("return _ret")
        elif p.funclike:
            parts.append("return " + self.func_return())
        return "\n".join(parts)

    def func_return(self) -> str:
        p = self.pou
        res = p.vars.get(p.lname)
        outs = [v for v in p.vars.values() if v.kind in ("VAR_OUTPUT", "VAR_IN_OUT")]
        r = self.loc(res) if (res is not None and res.kind == "RESULT") else "None"
        if outs:
            return "(" + ", ".join([r] + [self.loc(v) for v in outs]) + ",)"
        return r

    def gen_function(self, p: PouInfo, mode: str) -> None:
        """A FUNCTION (a module-level def), or a METHOD or property accessor (a def of its block's class,
        with the instance as ``self``): the variables are locals of the call."""
        self._start_pou(p, mode)
        self.cached = {}
        params = p.params()
        i = 2 if p.kind == "METHOD" else 1
        body_lines, body_map = self._body(p, i)
        self.pos = (p.node.line, p.node.col)
        name = debug_name(p) if mode == "dbg" else p.pyname
        this = "self, " if p.kind == "METHOD" else ""
        self.emit(i - 1, f"def {name}({this}ctx{''.join(', ' + v.pyname for v in params)}):")
        made = [v for v in p.vars.values() if v.kind in ("VAR", "VAR_TEMP", "VAR_OUTPUT", "RESULT")]
        self.charge_call(p, made, i)
        if self.uses_globals:
            self.emit(i, "G = ctx.g")
        if mode == "dbg":
            self.emit(i, "_D = ctx.dbg")
            self.emit(i, f"_D.enter({lit(p.parent.name + '.' + p.name if p.parent else p.name)})")
        if p.kind == "METHOD":
            for v in params:
                if v.kind == "VAR_INPUT":
                    self.emit(i, f"if {v.pyname} is _OMITTED: {v.pyname} = {self.ctor(v.type, v.init)}")
        self.frame_prologue(params, i)
        for v in p.vars.values():
            if v.kind in ("VAR", "VAR_TEMP", "VAR_OUTPUT", "RESULT"):
                self.emit(i, f"{self.loc(v)} = {self.ctor(v.type, v.init)}")
        self.lines.extend(body_lines)
        self.line_map.extend(body_map)
        self.emit(i, self.epilogue())
        if mode == "dbg":
            self.emit(i, "if False:")
            self.emit(i + 1, "yield")

    # ------------------------------------------------------------------ I/O image copies
    def gen_io(self) -> None:
        cp = self.cp
        main = cp.main
        ins, outs = [], []
        located = []
        if main is not None:
            located += [("p", v) for v in main.vars.values() if v.address and v.owner is main]
        located += [("G", v) for v in cp.globals.values() if v.address]
        located += [("G", v) for v in cp.addresses.values()]
        for holder, v in located:
            (ins if v.address.startswith("%I") else outs).append((holder, v))
        self.emit(0, "def _io_in(p, G, img):")
        for holder, v in ins:
            self.emit(1, f"{holder}.{v.pyname} = img[{lit(v.address)}]")
        self.emit(1, "pass")
        self.emit(0, "def _io_out(p, G, img):")
        for holder, v in outs:
            self.emit(1, f"img[{lit(v.address)}] = {holder}.{v.pyname}")
        self.emit(1, "pass")

    # ------------------------------------------------------------------ statements
    def block(self, stmts: list[A.Stmt], ind: int) -> None:
        if not stmts:
            self.emit(ind, "pass")
            return
        last_line = None
        for s in stmts:
            self.pos = (s.line, s.col)
            if self.mode == "dbg" and not isinstance(s, A.EmptyStmt) and s.line != last_line:
                self.breakable.add(s.line)
                self.emit(ind, f"if _D.hit({s.line}, {s.col}):")
                self.emit(ind + 1, "yield")
                last_line = s.line
            self.stmt(s, ind)

    def flush_pre(self, ind: int) -> None:
        for line in self.pre:
            self.emit(ind, line)
        self.pre = []

    def stmt(self, s: A.Stmt, ind: int) -> None:
        if isinstance(s, A.Assign):
            self.assign(s.target, s.value, ind)
        elif isinstance(s, A.RefAssign):  # r REF= x: r now refers to x
            ref = self.cp.refs.get(id(s.target))
            value = "None" if isinstance(self.cp.types.get(id(s.value)), T.NullT) else self.ref_of(s.value)
            target = self.var_code(ref, write=True) if isinstance(s.target, A.Name) else self.raw(s.target)
            self.flush_pre(ind)
            self.emit(ind, f"{target} = {value}")
        elif isinstance(s, A.CallStmt):
            self.call_stmt(s.call, ind)
        elif isinstance(s, A.IfStmt):
            self.if_stmt(s, ind)
        elif isinstance(s, A.CaseStmt):
            self.case_stmt(s, ind)
        elif isinstance(s, A.ForStmt):
            self.for_stmt(s, ind)
        elif isinstance(s, A.WhileStmt):
            self.while_stmt(s, ind)
        elif isinstance(s, A.RepeatStmt):
            self.repeat_stmt(s, ind)
        elif isinstance(s, A.ExitStmt):
            self.emit(ind, "break")
        elif isinstance(s, A.ContinueStmt):
            loop = self.loops[-1]
            for line in loop.cont:
                self.emit(ind, line)
            self.emit(ind, "continue")
        elif isinstance(s, A.ReturnStmt):
            for loop in reversed(self.loops):
                if loop.counter:
                    self.emit(ind, f"ctx.left = {loop.counter}")
                    break
            ep = self.epilogue()
            if ep:
                self.emit(ind, ep)
            if not self.pou.funclike:
                self.emit(ind, "return")
        elif isinstance(s, A.EmptyStmt):
            self.emit(ind, "pass")

    # assignment -------------------------------------------------------
    def assign(
        self,
        target: A.Expr,
        value: A.Expr,
        ind: int,
        value_code: str | None = None,
        value_type: T.Type | None = None,
    ) -> None:
        cp = self.cp
        tt = cp.types.get(id(target), ERR)
        vt = value_type if value_type is not None else cp.types.get(id(value), ERR)
        composite = isinstance(tt, (T.StructT, T.ArrayT))
        if value_code is None and composite:
            code = self.ex(value)  # copy_into below copies: a copy made first would be thrown away
        elif value_code is None:
            # a call with outputs whose value is assigned directly
            code = self.store_value(value, tt)
        else:
            code = self.convert_store(value_code, vt, tt, bounded=True)
        pre = self.pre
        self.pre = []
        for line in pre:
            self.emit(ind, line)
        if isinstance(target, A.BitAccess):
            self.bit_store(target, code, ind)
            return
        if composite:
            self.copy_into(tt, self.ex(target), code, ind)
            return
        stmt = self.store_stmt(target, code)
        self.flush_pre(ind)
        self.emit(ind, stmt)

    def store_stmt(self, target: A.Expr, code: str) -> str:
        """The statement storing ``code`` into ``target`` (through the reference for a VAR_IN_OUT, a
        REFERENCE TO or r^; through SET for a property)."""
        ref = self.ref_holder(target)
        if ref is not None:
            return f"{ref}.set({code})"
        pref = self.cp.refs.get(id(target))
        if isinstance(pref, PropRef):
            return self.prop_call(pref, "SET", code)
        place = self.ptr_place(target)
        if place is not None:
            addr, t = place
            return f"_mstore(ctx.mem, {addr}, {self.layout_ref(t)}, {code})"
        if isinstance(target, A.Deref):
            return f"{self.nonnull(self.ex(target.base), target.base)}.set({code})"
        if _implicit(pref):
            return f"{self.nonnull(self.raw(target), target)}.set({code})"
        return f"{self.lvalue(target)} = {code}"

    def ref_holder_of(self, v: VarInfo) -> str:
        """The reference object of this POU's own scalar VAR_IN_OUT ``v``."""
        return v.pyname if self.pou.funclike else f"self.{v.pyname}"

    def ref_holder(self, e: A.Expr) -> str | None:
        """Code of the reference object when ``e`` names a scalar VAR_IN_OUT (of this POU, or of an
        FB instance reached by a field), else None."""
        ref = self.cp.refs.get(id(e))
        if not is_ref(ref):
            return None
        if isinstance(e, A.Name) and ref.owner is self.pou:
            return self.ref_holder_of(ref)
        if isinstance(e, A.Name) and ref.owner is not None:
            return f"self.{ref.pyname}"  # the block's own (or inherited) VAR_IN_OUT, in a method
        if isinstance(e, A.FieldAccess):
            return f"{self.ex(e.base)}.{ref.pyname}"
        return None

    # pointers (st/memory.py) ---------------------------------------------
    def layout_ref(self, t: T.Type) -> str:
        """``_TY[k]``: the st.memory layout of ``t``, from the table the program hands its module."""
        lays = self.cp.layouts
        for k, x in enumerate(lays):
            if x is t:
                return f"_TY[{k}]"
        lays.append(t)
        return f"_TY[{len(lays) - 1}]"

    def ptr_place(self, e: A.Expr) -> tuple[str, T.Type] | None:
        """(address code, type) when ``e`` is reached through a pointer: p^, p^[i], p^.f (and deeper),
        else None. An element of a function block reached so is no place: the block is found whole."""
        cp = self.cp
        if isinstance(e, A.Deref):
            bt = cp.types.get(id(e.base))
            if isinstance(bt, T.PtrT):
                return self.ex(e.base), bt.target
            return None
        if isinstance(e, A.IndexAccess):
            at = cp.types.get(id(e.base))
            if not isinstance(at, T.ArrayT):
                return None
            inner = self.ptr_place(e.base)
            if inner is None:
                return None
            from .memory import sizeof

            off = self.flat_offset(e, at, _path_text(e.base))
            es = sizeof(at.elem)
            et = cp.types.get(id(e), at.elem)
            addr = f"_mindex(ctx.mem, {inner[0]} + ({off}) * {es}, {self.layout_ref(et)})"
            return addr, et
        if isinstance(e, A.FieldAccess):
            bt = cp.types.get(id(e.base))
            if not isinstance(bt, T.StructT) or e.field.isdigit():
                return None
            inner = self.ptr_place(e.base)
            if inner is None:
                return None
            from .memory import layout

            key = "v_" + e.field.lower()
            for attr, off, _fl in layout(bt).fields:
                if attr == key:
                    return (f"({inner[0]} + {off})" if off else inner[0]), cp.types.get(id(e), ERR)
        return None

    def ptr_load(self, addr: str, t: T.Type) -> str:
        if t.is_scalar:
            return f"_mload(ctx.mem, {addr}, {self.layout_ref(t)})"
        return f"_mobj(ctx.mem, {addr}, {self.layout_ref(t)})"

    def stackish(self, e: A.Expr) -> bool:
        """Does the variable under ``e`` live only during this call (a FUNCTION's or METHOD's local,
        a VAR_TEMP, or whatever a VAR_IN_OUT of one is bound to)?"""
        while isinstance(e, (A.FieldAccess, A.IndexAccess)):
            e = e.base
        v = self.cp.refs.get(id(e))
        if not isinstance(v, VarInfo):
            return False
        if v.owner is None or v.kind in ("ADDR", "VAR_EXTERNAL"):
            return False
        return v.kind == "VAR_TEMP" or (v.owner is self.pou and self.pou.funclike)

    def addr_of(self, a: A.Expr) -> str:
        """ADR(a): the address of the variable ``a`` names (st/memory.py gives its root one on first use)."""
        from .memory import layout

        cp = self.cp
        t = cp.types.get(id(a), ERR)
        place = self.ptr_place(a) if isinstance(a, (A.Deref, A.IndexAccess, A.FieldAccess)) else None
        if place is not None:
            return place[0]
        stack = lit(self.stackish(a))
        if isinstance(a, A.Deref):  # r^ of a REF_TO: the variable it refers to
            code = self.nonnull(self.ex(a.base), a.base)
            if t.is_scalar:
                r = self.new_tmp("_p")
                return f"ctx.mem.adr_cell(({r} := {code}).o, {r}.k, {self.layout_ref(t)}, {stack})"
            return f"ctx.mem.adr_obj({code}, {self.layout_ref(t)}, {stack})"
        if isinstance(a, A.IndexAccess):
            at = cp.types.get(id(a.base))
            base = self.addr_of(a.base)
            off = self.flat_offset(a, at, _path_text(a.base))
            es = layout(at.elem).size
            return f"({base} + ({off}) * {es})"
        if isinstance(a, A.FieldAccess):
            bt = cp.types.get(id(a.base))
            ref = cp.refs.get(id(a))
            if isinstance(bt, T.StructT):
                key = "v_" + a.field.lower()
                for attr, off, _fl in layout(bt).fields:
                    if attr == key:
                        base = self.addr_of(a.base)
                        return f"({base} + {off})" if off else base
            holder = self.ex(a.base)
            attr = ref.pyname if isinstance(ref, VarInfo) else "v_" + a.field.lower()
            if is_ref(ref) or _implicit(ref):
                r = self.new_tmp("_p")
                return (f"ctx.mem.adr_cell(({r} := {self.nonnull(f'{holder}.{attr}', a)}).o, {r}.k, "
                        f"{self.layout_ref(t)}, {stack})")
            if t.is_scalar:
                return f"ctx.mem.adr_cell({holder}, {lit(attr)}, {self.layout_ref(t)}, {stack})"
            return f"ctx.mem.adr_obj({holder}.{attr}, {self.layout_ref(t)}, {stack})"
        v = cp.refs.get(id(a))
        if is_ref(v) or _implicit(v):
            raw = self.ref_holder(a) if is_ref(v) else self.var_code(v)
            if raw is None:
                raw = f"self.{v.pyname}"
            r = self.new_tmp("_p")
            held = self.nonnull(raw, a)
            return f"ctx.mem.adr_cell(({r} := {held}).o, {r}.k, {self.layout_ref(t)}, {stack})"
        if not t.is_scalar:
            return f"ctx.mem.adr_obj({self.ex(a)}, {self.layout_ref(t)}, {stack})"
        holder, attr = self.var_holder(v)
        return f"ctx.mem.adr_cell({holder}, {lit(attr)}, {self.layout_ref(t)}, {stack})"

    def var_holder(self, v: VarInfo) -> tuple[str, str]:
        """The object and attribute a scalar variable lives in (a FUNCTION's local taken by ADR lives
        in the call's frame ``_F``)."""
        if v.owner is None or v.kind in ("ADDR", "VAR_EXTERNAL"):
            self.uses_globals = True
            return "G", v.pyname
        if v.owner is self.pou and (self.pou.funclike or v.kind == "VAR_TEMP"):
            if v.lname not in self.framed:
                raise ValueError(f"ADR of '{v.name}', a local not in the call's frame")
            return "_F", v.pyname
        return "self", v.pyname

    # references, properties and methods ---------------------------------
    def raw(self, e: A.Expr) -> str:
        """The reference itself (not what it refers to) of a REFERENCE TO variable or field."""
        ref = self.cp.refs.get(id(e))
        if isinstance(e, A.FieldAccess):
            return f"{self.ex(e.base)}.{ref.pyname}"
        return self.var_code(ref)

    def nonnull(self, code: str, e: A.Expr) -> str:
        """``code`` (a reference or an interface) when it refers to something, else a fault."""
        what = _path_text(e) if isinstance(e, (A.Name, A.FieldAccess, A.IndexAccess)) else "a reference"
        return f"({code} or _null_ref({lit(what)}))"

    def deref(self, code: str, target: T.Type, e: A.Expr) -> str:
        """What the reference ``code`` refers to: the variable's value, or the object of a composite."""
        code = self.nonnull(code, e)
        return f"{code}.get()" if target.is_scalar else code

    def instance_code(self, inst: A.Expr | None) -> str:
        if inst is None or isinstance(inst, A.Deref) and isinstance(inst.base, (A.This, A.Super)):
            return "self"
        code = self.ex(inst)
        if isinstance(self.cp.types.get(id(inst)), T.IfaceT):
            code = self.nonnull(code, inst)
        return code

    def prop_call(self, pref: PropRef, kind: str, value: str | None = None) -> str:
        m = pref.prop.getter if kind == "GET" else pref.prop.setter
        inst = self.instance_code(pref.instance)
        arg = "" if value is None else f", {value}"
        if isinstance(pref.instance, A.Deref) and isinstance(pref.instance.base, A.Super):
            owner = self.pou.parent.base if self.pou.kind == "METHOD" else self.pou.base
            if self.mode == "dbg":
                return f"(yield from {owner.pyname}.{debug_name(m)}(self, ctx{arg}))"
            return f"{owner.pyname}.{m.pyname}(self, ctx{arg})"
        if self.mode == "dbg":
            return f"(yield from {inst}.{debug_name(m)}(ctx{arg}))"
        return f"{inst}.{m.pyname}(ctx{arg})"

    def ref_of(self, a: A.Expr) -> str:
        """REF(a): a reference to the variable ``a`` (the object itself for a composite)."""
        t = self.cp.types.get(id(a), ERR)
        if isinstance(a, A.Deref):
            return self.ex(a.base)  # REF(r^) is r
        if _implicit(self.cp.refs.get(id(a))):
            return self.raw(a)  # REF(rr) of a REFERENCE TO: the variable rr refers to
        if not t.is_scalar:
            return self.ex(a)
        return self.ref_arg(a, _RefArgs())

    def store_value(self, value: A.Expr, tt: T.Type) -> str:
        """Python code for ``value`` converted to the storage form of ``tt`` (wrap, float32, length)."""
        cp = self.cp
        vt = cp.types.get(id(value), ERR)
        if id(value) in cp.consts and not isinstance(value, A.Call):
            return lit(self.const_for(cp.consts[id(value)], tt))
        if isinstance(tt, T.Elem) and tt.is_intlike and vt is not ERR and vt.is_intlike:
            return self.int_value(value, tt)
        if _is_real32(tt) and vt.is_intlike:
            return f"float({self.int_as_real32(self.ex(value), value)})"
        code = self.ex(value)
        if isinstance(tt, (T.ArrayT, T.StructT)):
            return self.copy_code(tt, code)
        return self.convert_store(code, vt, tt, bounded=self.bounded(value))

    def const_for(self, val, tt: T.Type):
        if isinstance(tt, (T.RefT, T.IfaceT)):
            return None  # NULL, 0: refers to nothing
        if isinstance(tt, T.Elem):
            if tt.is_bool:
                return bool(val)
            if tt.is_intlike:
                return T.wrap(int(val), tt)
            if tt.is_real:
                return f32(float(val)) if tt.base is T.REAL else float(val)
            return int(val)
        if isinstance(tt, T.StringT):
            return str(val)[: tt.length]
        return val

    def convert_store(self, code: str, vt: T.Type, tt: T.Type, bounded: bool) -> str:
        if tt is ERR or vt is ERR:
            return code
        if isinstance(tt, T.Elem):
            if tt.is_intlike:
                src = T.concrete(vt)
                if (
                    bounded
                    and isinstance(src, T.Elem)
                    and src.is_intlike
                    and tt.lo <= src.lo
                    and src.hi <= tt.hi
                    and tt.base.lo <= src.lo
                    and src.hi <= tt.base.hi
                ):
                    return code
                return wrap_code(code, tt)
            if tt.is_time or tt.is_date:  # signed 64-bit counts: they wrap like LINT, never grow unbounded
                return wrap_code(code, tt)
            if tt.is_real:
                if vt.is_int or vt.is_bits:
                    if tt.base is T.REAL and T.concrete(vt).bits > 16:
                        return f"_f32(float({code}))"
                    return f"float({code})"
                if tt.base is T.REAL and not (isinstance(vt, T.Elem) and vt.base is T.REAL):
                    return f"_f32({code})"  # a literal-only expression computed in double precision
                return code
            return code
        if isinstance(tt, T.StringT):
            if isinstance(vt, T.StringT) and vt.length <= tt.length and bounded:
                return code
            return f"{code}[:{tt.length}]"
        return code

    def int_value(self, e: A.Expr, t: T.Type) -> str:
        """Code for the integer ``e`` reduced to type ``t`` (a store, a value bound to a parameter). A
        chain of + - * AND OR XOR computed at least as wide as ``t`` needs only this final wrap."""
        code, lo, hi = self.ring(e, t.base.bits)
        return code if _fits(lo, hi, t) else wrap_code(code, t)

    def reduced_range(self, e: A.Expr, t: T.Type) -> tuple[int, int]:
        lo, hi = self.xrange(e, t.base.bits)
        return (lo, hi) if _fits(lo, hi, t) else _span(t)

    def _ring_op(self, e: A.Expr, k: int) -> str | None:
        """How ``e`` may skip its own wrap when a wrap at ``k`` bits follows further out (two's
        complement is a ring modulo 2**k): 'op' for + - * AND OR XOR and unary - computed in at
        least k bits, 'div' for an integer / (its operands stay exact), 'conv' for an integer
        conversion at least k bits wide on both sides (it is a wrap itself); else None."""
        cp = self.cp
        if id(e) in cp.consts:
            return None
        if isinstance(e, (A.BinaryOp, A.UnaryOp)):
            w = _work(cp.types.get(id(e), ERR))
            if w is None or w.bits < k:
                return None
            if (isinstance(e, A.BinaryOp) and e.op in _RING) or (isinstance(e, A.UnaryOp) and e.op == "-"):
                return "op"
            if isinstance(e, A.BinaryOp) and e.op == "/" and not isinstance(cp.consts.get(id(e.right)), int):
                return "div"
            return None
        if isinstance(e, A.Call):
            info = cp.calls.get(id(e))
            if info is not None and info.kind == "conv":
                a = info.args[0]
                src, dst = info.src, info.dst
                if (
                    isinstance(src, T.Elem)
                    and src.is_intlike
                    and dst.is_intlike
                    and cp.types.get(id(a), ERR).is_intlike
                    and k <= min(src.base.bits, dst.base.bits)
                ):
                    return "conv"
        return None

    def ring(self, e: A.Expr, k: int) -> tuple[str, int, int]:
        """Code congruent to ``e`` modulo 2**k, and the interval of that code's value."""
        kind = self._ring_op(e, k)
        if kind is None:
            lo, hi = self.vrange(e)
            return self.ex(e), lo, hi
        if kind == "conv":
            return self.ring(self.cp.calls[id(e)].args[0], k)
        if kind == "div":
            a, b = self.ex(e.left), self.ex(e.right)
            lo, hi = _op_range("/", self.vrange(e.left), self.vrange(e.right))
            return f"_idiv({a}, {b})", lo, hi
        if isinstance(e, A.UnaryOp):
            x, lo, hi = self.ring(e.operand, k)
            return f"(-{x})", -hi, -lo
        op = e.op
        a, alo, ahi = self.ring(e.left, k)
        b, blo, bhi = self.ring(e.right, k)
        if op in ("AND", "OR", "XOR"):
            lo, hi = _bitwise_range(op, (alo, ahi), (blo, bhi))
            return f"({a} {'&' if op == 'AND' else '|' if op == 'OR' else '^'} {b})", lo, hi
        left = e.left
        if isinstance(left, A.BinaryOp) and _group(left.op) == _group(op) and self._ring_op(left, k) == "op":
            a = _unwrap(a)  # a + b + c without one parenthesis level per term (Python nests only ~200)
        lo, hi = _op_range(op, (alo, ahi), (blo, bhi))
        return f"({a} {op} {b})", lo, hi

    def xrange(self, e: A.Expr, k: int) -> tuple[int, int]:
        """The interval ring(e, k) gives, without generating code."""
        kind = self._ring_op(e, k)
        if kind is None:
            return self.vrange(e)
        if kind == "conv":
            return self.xrange(self.cp.calls[id(e)].args[0], k)
        if kind == "div":
            return _op_range("/", self.vrange(e.left), self.vrange(e.right))
        if isinstance(e, A.UnaryOp):
            lo, hi = self.xrange(e.operand, k)
            return -hi, -lo
        a, b = self.xrange(e.left, k), self.xrange(e.right, k)
        if e.op in ("AND", "OR", "XOR"):
            return _bitwise_range(e.op, a, b)
        return _op_range(e.op, a, b)

    def vrange(self, e: A.Expr) -> tuple[int, int]:
        """Interval of the value ``self.ex(e)`` gives for an integer expression ``e``."""
        key = (self.mode, id(e))  # FOR ranges are known on the fast path only
        r = self._vr.get(key)
        if r is None:
            r = self._vr[key] = self._vrange(e)
        return r

    def _vrange(self, e: A.Expr) -> tuple[int, int]:
        cp = self.cp
        if id(e) in cp.consts and not isinstance(e, A.Call) and type(cp.consts[id(e)]) is int:
            c = cp.consts[id(e)]
            return c, c
        t = cp.types.get(id(e), ERR)
        w = _work(t)
        if w is None:
            return 0, 1
        if (isinstance(e, A.BinaryOp) and e.op in _RING) or (isinstance(e, A.UnaryOp) and e.op == "-"):
            lo, hi = self.xrange(e, w.bits)
        elif isinstance(e, A.BinaryOp) and e.op in ("/", "MOD"):
            lo, hi = _op_range(e.op, self.vrange(e.left), self.vrange(e.right))
        elif isinstance(e, A.Name) and e.name.lower() in self.known_ranges:
            ref = cp.refs.get(id(e))
            if isinstance(ref, VarInfo) and ref.owner is self.pou:
                return self.known_ranges[ref.lname]  # a FOR variable the body never assigns
            return _span(t)
        elif isinstance(e, A.Call):
            info = cp.calls.get(id(e))
            if info is not None and info.kind == "std" and info.name in _STD_OPS:
                lo, hi = self._std_op_range(info)
            elif isinstance(t, T.IntLitT):
                return T.LINT.lo, T.ULINT.hi  # a shift of an untyped literal no context typed
            else:
                return _span(t)
        else:
            return _span(T.concrete(t))  # variables, NOT: a value of their type
        return (lo, hi) if _fits(lo, hi, w) else _span(w)

    def _std_op_range(self, info: CallInfo) -> tuple[int, int]:
        if info.name == "NOT":
            return _span(T.concrete(info.result))
        op = _STD_OPS[info.name]
        acc = self.vrange(info.args[0])
        for a in info.args[1:]:
            x = self.vrange(a)
            acc = _bitwise_range(op, acc, x) if op in ("AND", "OR", "XOR") else _op_range(op, acc, x)
        return acc

    def bounded(self, e: A.Expr) -> bool:
        """True when the runtime value of ``e`` always lies inside the range of its static type."""
        cp = self.cp
        if isinstance(e, (A.Name, A.FieldAccess, A.IndexAccess, A.BitAccess, A.DirectAddress)):
            return True
        if isinstance(e, A.Call):
            info = cp.calls.get(id(e))
            if info is None:
                return False
            if info.kind in ("func", "conv"):
                return True
            if info.kind == "std":
                return info.name in _BOUNDED_STD
            return False
        if isinstance(e, A.BinaryOp):
            if e.op in ("AND", "OR", "XOR", "MOD"):
                return self.bounded(e.left) and self.bounded(e.right)
            if e.op == "/" and id(e.right) in cp.consts:
                c = cp.consts[id(e.right)]
                return isinstance(c, int) and c not in (0, -1) and self.bounded(e.left)
            return e.op in _CMP
        if isinstance(e, A.UnaryOp):
            return e.op == "NOT"
        return id(e) in cp.consts

    def bit_store(self, target: A.BitAccess, code: str, ind: int) -> None:
        bt = self.cp.types.get(id(target.base), ERR)
        read = self.ex(target.base)
        bit = 1 << target.bit
        setv = f"({read} | {bit})"
        if isinstance(bt, T.Elem) and bt.base.signed and target.bit == bt.base.bits - 1:
            setv = wrap_code(setv, bt)
        stmt = self.store_stmt(target.base, f"{setv} if {code} else ({read} & {~bit})")
        self.flush_pre(ind)
        self.emit(ind, stmt)

    # calls ------------------------------------------------------------
    def call_stmt(self, call: A.Call, ind: int) -> None:
        en_eno = self.cp.en_eno.get(id(call))
        if en_eno is not None:
            en, eno = en_eno
            flag = self.new_tmp("_en")
            code = self.ex(en) if en is not None else "True"
            self.flush_pre(ind)
            self.emit(ind, f"{flag} = {code}")
            self.emit(ind, f"if {flag}:")
            mark = len(self.lines)
            self.plain_call_stmt(call, ind + 1)
            if len(self.lines) == mark:
                self.emit(ind + 1, "pass")
            if eno is not None:
                self.assign(eno, eno, ind, value_code=flag, value_type=T.BOOL)  # ENO is EN
            return
        self.plain_call_stmt(call, ind)

    def plain_call_stmt(self, call: A.Call, ind: int) -> None:
        info = self.cp.calls.get(id(call))
        if info is None:
            return
        if info.kind == "fb":
            self.fb_call(call, info, ind)
            return
        if info.kind == "super":  # SUPER^(): the base block's body on this instance
            self.watchdog_out(ind)
            if self.mode == "dbg":
                self.emit(ind, f"yield from {info.static.pyname}.run_dbg(self, ctx)")
            else:
                self.emit(ind, f"{info.static.pyname}.run(self, ctx)")
            self.watchdog_in(ind)
            return
        in_outs = any(v.kind == "VAR_IN_OUT" for v, _ in info.inputs)
        if info.kind in ("func", "method") and (info.outputs or in_outs):
            self.func_call_with_outputs(call, info, ind, None)
            return
        code = self.ex(call)
        self.flush_pre(ind)
        self.emit(ind, code)

    def fb_call(self, call: A.Call, info: CallInfo, ind: int) -> None:
        inst = info.instance
        icode = self.ex(inst)
        if not isinstance(inst, A.Name):
            t = self.new_tmp("_i")
            self.flush_pre(ind)
            self.emit(ind, f"{t} = {icode}")
            icode = t
        refs = _RefArgs()
        done = 0
        for v, arg in info.inputs:
            if is_ref(v):
                code = self.ref_arg(arg, refs)
            elif v.kind == "VAR_IN_OUT":
                code = self.in_out_object(arg, v.type)  # an array, structure or FB instance: the object
            else:
                code = self.store_value(arg, v.type)
            self.flush_pre(ind)
            for line in refs.before[done:]:
                self.emit(ind, line)
            done = len(refs.before)
            self.emit(ind, f"{icode}.{v.pyname} = {code}")
        self.watchdog_out(ind)
        if self.mode == "dbg" and not info.fbtype.standard:
            self.emit(ind, f"yield from {icode}.run_dbg(ctx)")
        else:
            self.emit(ind, f"{icode}.run(ctx)")
        self.watchdog_in(ind)
        for line in refs.after:
            self.emit(ind, line)
        for v, target, negated in info.outputs:
            code = f"{icode}.{v.pyname}"
            if negated:
                code = f"(not {code})"
            self.assign(target, target, ind, value_code=code, value_type=T.BOOL if negated else v.type)

    def watchdog_out(self, ind: int) -> None:
        for loop in reversed(self.loops):
            if loop.counter:
                self.emit(ind, f"ctx.left = {loop.counter}")
                return

    def watchdog_in(self, ind: int) -> None:
        for loop in reversed(self.loops):
            if loop.counter:
                self.emit(ind, f"{loop.counter} = ctx.left")
                return

    def ref_arg(self, a: A.Expr, refs: _RefArgs) -> str:
        """A reference to the variable ``a`` names, for a scalar VAR_IN_OUT. A member of a PROGRAM or
        FB is referenced in its instance (never held in a local, see gen_body_method); a local of a
        function or a VAR_TEMP is boxed for the call (nothing else can reach it) and reloaded after."""
        cp = self.cp
        held = self.ref_holder(a)
        if held is not None:
            return held  # this POU's own VAR_IN_OUT, or an FB's: pass the same reference on
        place = self.ptr_place(a) if isinstance(a, (A.Deref, A.IndexAccess, A.FieldAccess)) else None
        if place is not None:
            return f"_RefP(ctx.mem, {place[0]}, {self.layout_ref(place[1])})"
        if isinstance(a, A.IndexAccess):
            base, off = self.index_parts(a)
            return f"_RefI({base}, {off})"
        if isinstance(a, A.FieldAccess):
            ref = cp.refs.get(id(a))
            attr = ref.pyname if isinstance(ref, VarInfo) else "v_" + a.field.lower()
            return f"_RefA({self.ex(a.base)}, {lit(attr)})"
        v = cp.refs.get(id(a))
        if not isinstance(v, VarInfo):
            raise ValueError("a VAR_IN_OUT argument that is not a variable passed the checker")
        if v.owner is None or v.kind in ("ADDR", "VAR_EXTERNAL"):
            self.uses_globals = True
            return f"_RefA(G, {lit(v.pyname)})"
        if v.owner is self.pou and (self.pou.funclike or v.kind == "VAR_TEMP"):
            if v.lname in self.framed:
                return f"_RefA(_F, {lit(v.pyname)})"
            box = refs.boxes.get(v.lname)
            if box is None:
                box = refs.boxes[v.lname] = self.new_tmp("_b")
                refs.before.append(f"{box} = [{v.pyname}]")
                refs.after.append(f"{v.pyname} = {box}[0]")
            return f"_RefI({box}, 0)"
        if v.lname in self.cached:
            raise ValueError("a member bound to a VAR_IN_OUT is held in a local")  # see gen_body_method
        return f"_RefA(self, {lit(v.pyname)})"

    def in_out_object(self, a: A.Expr, t: T.Type) -> str:
        """A composite VAR_IN_OUT's argument: the object itself; for an ARRAY[*], the array with its
        bounds (``_Conf``), or the one the caller was given."""
        code = self.ex(a)
        at = self.cp.types.get(id(a))
        if isinstance(t, T.ConfArrayT) and isinstance(at, T.ArrayT):
            return f"_Conf({code}, {lit([list(d) for d in at.dims])})"
        return code

    def func_args(self, info: CallInfo, refs: _RefArgs) -> list[str]:
        given = {id(v): a for v, a in info.inputs}
        out = []
        dispatched = info.kind == "method"  # the instance's own code may be an override or an implementation
        for v in info.pou.params():
            a = given.get(id(v))
            if a is None and dispatched and v.kind == "VAR_INPUT":
                out.append("_OMITTED")  # the called method fills in its own declared default
            elif a is None:
                out.append(self.ctor(v.type, v.init))
            elif is_ref(v):
                out.append(self.ref_arg(a, refs))
            elif v.kind == "VAR_IN_OUT":
                out.append(self.in_out_object(a, v.type))
            else:
                out.append(self.store_value(a, v.type))
        return out

    def func_call_expr(self, info: CallInfo, refs: _RefArgs | None = None) -> str:
        args = "".join(", " + a for a in self.func_args(info, refs if refs is not None else _RefArgs()))
        p = info.pou
        name = debug_name(p) if self.mode == "dbg" else p.pyname
        if info.kind == "method" and info.static is not None:  # SUPER^.M(): the base's code
            code = f"{info.static.pyname}.{name}(self, ctx{args})"
        elif info.kind == "method":
            code = f"{self.instance_code(info.instance)}.{name}(ctx{args})"
        else:
            code = f"{name}(ctx{args})"
        return f"(yield from {code})" if self.mode == "dbg" else code

    def func_call_with_outputs(self, call: A.Call, info: CallInfo, ind: int, result_tmp: str | None) -> None:
        t = result_tmp or self.new_tmp("_r")
        refs = _RefArgs()
        code = self.func_call_expr(info, refs)
        self.flush_pre(ind)
        for line in refs.before:
            self.emit(ind, line)
        self.watchdog_out(ind)
        self.emit(ind, f"{t} = {code}")
        self.watchdog_in(ind)
        for line in refs.after:
            self.emit(ind, line)
        p = info.pou
        outs = [v for v in p.vars.values() if v.kind in ("VAR_OUTPUT", "VAR_IN_OUT")]
        for v, target, negated in info.outputs:
            k = outs.index(v) + 1
            code = f"{t}[{k}]"
            if negated:
                code = f"(not {code})"
            self.assign(target, target, ind, value_code=code, value_type=T.BOOL if negated else v.type)

    # control flow -----------------------------------------------------
    def cond_code(self, e: A.Expr) -> str:
        return self.ex(e)

    def if_stmt(self, s: A.IfStmt, ind: int) -> None:
        c = self.cond_code(s.condition)
        self.flush_pre(ind)
        if len(s.elsifs) > FLAT_CHAIN:
            self.flat_if(s, c, ind)
            return
        self.emit(ind, f"if {c}:")
        self.block(s.then_body, ind + 1)
        depth = ind
        for b in s.elsifs:
            self.pos = (b.condition.line, b.condition.col)
            c = self.cond_code(b.condition)
            if self.pre:
                self.emit(depth, "else:")
                depth += 1
                self.flush_pre(depth)
                self.emit(depth, f"if {c}:")
            else:
                self.emit(depth, f"elif {c}:")
            self.block(b.body, depth + 1)
        if s.else_body:
            self.emit(depth, "else:")
            self.block(s.else_body, depth + 1)

    def flat_if(self, s: A.IfStmt, c: str, ind: int) -> None:
        """A long ELSIF chain as a flat row of IFs on a 'not taken yet' flag: Python nests every elif
        one level deeper, and its compiler gives up after a few thousand."""
        todo = self.new_tmp("_k")
        self.emit(ind, f"{todo} = True")
        self.emit(ind, f"if {c}:")
        self.emit(ind + 1, f"{todo} = False")
        self.block(s.then_body, ind + 1)
        for b in s.elsifs:
            self.pos = (b.condition.line, b.condition.col)
            self.emit(ind, f"if {todo}:")
            c = self.cond_code(b.condition)
            self.flush_pre(ind + 1)
            self.emit(ind + 1, f"if {c}:")
            self.emit(ind + 2, f"{todo} = False")
            self.block(b.body, ind + 2)
        if s.else_body:
            self.emit(ind, f"if {todo}:")
            self.block(s.else_body, ind + 1)

    def case_stmt(self, s: A.CaseStmt, ind: int) -> None:
        sel = self.ex(s.selector)
        self.flush_pre(ind)
        if not _simple(sel):
            t = self.new_tmp("_c")
            self.emit(ind, f"{t} = {sel}")
            sel = t
        flat = len(s.branches) > FLAT_CHAIN  # see flat_if
        if flat:
            todo = self.new_tmp("_k")
            self.emit(ind, f"{todo} = True")
        first = True
        for br in s.branches:
            conds = []
            singles = []
            for lab in br.labels:
                if isinstance(lab, A.CaseRange):
                    lo = self.cp.consts.get(id(lab.low))
                    hi = self.cp.consts.get(id(lab.high))
                    if lo is None or hi is None:
                        continue
                    conds.append(f"{lit(lo)} <= {sel} <= {lit(hi)}")
                else:
                    v = self.cp.consts.get(id(lab))
                    if v is not None:
                        singles.append(v)
            if len(singles) == 1:
                conds.insert(0, f"{sel} == {lit(singles[0])}")
            elif singles:
                conds.insert(0, f"{sel} in ({', '.join(lit(x) for x in singles)})")
            cond = " or ".join(conds) or "False"
            self.pos = (br.line, br.col)
            if flat:
                self.emit(ind, f"if {todo} and ({cond}):")
                self.emit(ind + 1, f"{todo} = False")
            else:
                self.emit(ind, f"{'if' if first else 'elif'} {cond}:")
            first = False
            self.block(br.body, ind + 1)
        if s.else_body:
            if flat:
                self.emit(ind, f"if {todo}:")
            elif first:
                self.emit(ind, "if True:")
            else:
                self.emit(ind, "else:")
            self.block(s.else_body, ind + 1)

    def loop_counter(self, ind: int, body: list[A.Stmt]) -> str:
        if _calls_user_pou(body, self.cp):
            # each call charges ctx.left itself: a local copy of the counter would undo that
            return "ctx.left"
        c = self.new_tmp("_w")
        outer = next((lp.counter for lp in reversed(self.loops) if lp.counter), None)
        self.emit(ind, f"{c} = {outer or 'ctx.left'}")
        return c

    def loop_end(self, c: str, ind: int) -> None:
        if c == "ctx.left":
            return
        outer = next((lp.counter for lp in reversed(self.loops) if lp.counter), None)
        self.emit(ind, f"{outer or 'ctx.left'} = {c}")

    def count(self, c: str, ind: int) -> None:
        self.emit(ind, f"{c} -= 1")
        self.emit(ind, f"if {c} < 0: {c} = _watchdog(ctx)")

    def while_stmt(self, s: A.WhileStmt, ind: int) -> None:
        c = self.loop_counter(ind, s.body)
        cond = self.cond_code(s.condition)
        if self.pre:
            self.emit(ind, "while True:")
            self.flush_pre(ind + 1)
            self.emit(ind + 1, f"if not ({cond}): break")
        else:
            self.emit(ind, f"while {cond}:")
        self.count(c, ind + 1)
        self.loops.append(_Loop("while", c))
        self.block(s.body, ind + 1)
        self.loops.pop()
        self.pos = (s.line, s.col)
        self.loop_end(c, ind)

    def repeat_stmt(self, s: A.RepeatStmt, ind: int) -> None:
        c = self.loop_counter(ind, s.body)
        self.emit(ind, "while True:")
        self.count(c, ind + 1)
        # CONTINUE in REPEAT still tests the UNTIL condition
        saved_pos = self.pos
        self.pos = (s.condition.line, s.condition.col)
        cond = self.cond_code(s.condition)
        cont = self.pre + [f"if {cond}: break"]
        self.pre = []
        self.pos = saved_pos
        self.loops.append(_Loop("repeat", c, cont))
        self.block(s.body, ind + 1)
        self.loops.pop()
        self.pos = (s.condition.line, s.condition.col)
        for line in cont:
            self.emit(ind + 1, line)
        self.pos = (s.line, s.col)
        self.loop_end(c, ind)

    def for_stmt(self, s: A.ForStmt, ind: int) -> None:
        cp = self.cp
        var = self.lookup(s.var)
        vt = var.type
        by_ref = is_ref(var) and var.owner is self.pou
        vcode = f"{self.ref_holder_of(var)}.get()" if by_ref else self.var_code(var, write=True)
        start = self.store_value(s.start, vt) if vt.is_intlike else self.ex(s.start)
        end = self.ex(s.end)
        step_const = 1 if s.step is None else cp.consts.get(id(s.step))
        step = "1" if s.step is None else self.ex(s.step)
        self.flush_pre(ind)
        assigns_var = _assigns(s.body, s.var.lower(), cp)
        const_bounds = id(s.start) in cp.consts and id(s.end) in cp.consts and isinstance(step_const, int)
        if not assigns_var and step_const != 0 and not by_ref:
            # fast path: a Python range, with the first failing value stored after a full run
            if const_bounds:
                a, b = cp.consts[id(s.start)], cp.consts[id(s.end)]
                rng = range(a, b + (1 if step_const > 0 else -1), step_const)
                final = a + len(rng) * step_const
                rcode = f"range({lit(a)}, {lit(b + (1 if step_const > 0 else -1))}, {lit(step_const)})"
                small = (_static_iterations(s, cp) or SMALL_LOOP + 1) <= SMALL_LOOP
                final_code = lit(T.wrap(final, vt) if isinstance(vt, T.Elem) and vt.is_intlike else final)
            else:
                small = False
                r = self.new_tmp("_rg")
                if isinstance(step_const, int):
                    stop = f"({end}) + {1 if step_const > 0 else -1}"
                    self.emit(ind, f"{r} = range({start}, {stop}, {lit(step_const)})")
                    sc = lit(step_const)
                else:
                    sv = self.new_tmp("_s")
                    self.emit(ind, f"{sv} = {step}")
                    self.emit(ind, f"if {sv} == 0: _for_step_zero()")
                    self.emit(ind, f"{r} = range({start}, ({end}) + (1 if {sv} > 0 else -1), {sv})")
                    sc = sv
                rcode = r
                fin = f"{r}.start + len({r}) * {sc}"
                final_code = wrap_code(fin, vt) if isinstance(vt, T.Elem) and vt.is_intlike else fin
            c = None if small else self.loop_counter(ind, s.body)
            self.emit(ind, f"for {vcode} in {rcode}:")
            if c:
                self.count(c, ind + 1)
            self.loops.append(_Loop("for", c))
            known = None
            if const_bounds and len(rng) and self.mode == "fast" and var.owner is not None:
                # the body never assigns the variable: its value stays inside the range, so array
                # indexes by it need no range check when the range fits the array
                known = (min(rng[0], rng[-1]), max(rng[0], rng[-1]))
                self.known_ranges[var.lname] = known
                at = len(self.lines)
                self.loop_offsets[var.lname] = offset = [self.new_tmp("_o"), False]
                self.emit(ind + 1, f"{offset[0]} = {vcode} - 1")
            self.block(s.body, ind + 1)
            if known is not None:
                self.known_ranges.pop(var.lname, None)
                if not self.loop_offsets.pop(var.lname)[1]:
                    self.lines[at] = "    " * (ind + 1) + "pass"   # no offset by it: nothing to work out
            self.loops.pop()
            self.pos = (s.line, s.col)
            self.emit(ind, "else:")
            self.emit(ind + 1, f"{vcode} = {final_code}")
            if c:
                self.loop_end(c, ind)
            return
        # general form: the body changes the variable (or the step is 0): a counted while loop
        e = self.new_tmp("_e")
        sv = self.new_tmp("_s")

        def put(code: str) -> str:
            return f"{self.ref_holder_of(var)}.set({code})" if by_ref else f"{vcode} = {code}"

        self.emit(ind, put(start))
        self.emit(ind, f"{e} = {end}")
        self.emit(ind, f"{sv} = {step}")
        c = self.loop_counter(ind, s.body)
        self.emit(ind, f"while ({vcode} <= {e}) if {sv} >= 0 else ({vcode} >= {e}):")
        self.count(c, ind + 1)
        nxt = f"{vcode} + {sv}"
        if isinstance(vt, T.Elem) and vt.is_intlike:
            nxt = wrap_code(nxt, vt)
        inc = put(nxt)
        self.loops.append(_Loop("forw", c, [inc]))
        self.block(s.body, ind + 1)
        self.loops.pop()
        self.pos = (s.line, s.col)
        self.emit(ind + 1, inc)
        self.loop_end(c, ind)

    # ------------------------------------------------------------------ names
    def lookup(self, name: str) -> VarInfo:
        key = name.lower()
        v = self.pou.vars.get(key) if self.pou else None
        if v is None:
            v = self.cp.globals[key]
        return v

    def var_code(self, v: VarInfo, write: bool = False) -> str:
        if v.owner is None or v.kind in ("ADDR", "VAR_EXTERNAL"):
            self.uses_globals = True
            return f"G.{v.pyname}"
        p = self.pou
        if v.owner is not p:
            # in a METHOD: a variable of its block; in a block that EXTENDS another: an inherited one
            if is_ref(v):
                assert not write, "a VAR_IN_OUT is written through store_stmt"
                return f"self.{v.pyname}.get()"
            return f"self.{v.pyname}"
        if is_ref(v):
            assert not write, "a VAR_IN_OUT is written through store_stmt"
            return f"{v.pyname}.get()" if p.funclike else f"self.{v.pyname}.get()"
        if p.funclike or v.kind == "VAR_TEMP":
            return self.loc(v)
        if self.mode == "fast" and v.lname in self.cached:
            self.uses[v.lname] += 1
            if self.loops:
                self.looped.add(v.lname)
            (self.written if write else self.read).add(v.lname)
            if write:
                self.read.add(v.lname)
            return v.pyname
        return f"self.{v.pyname}"

    def lvalue(self, e: A.Expr) -> str:
        cp = self.cp
        if isinstance(e, A.Name):
            ref = cp.refs.get(id(e))
            if isinstance(ref, VarInfo):
                return self.var_code(ref, write=True)
        if isinstance(e, A.DirectAddress):
            v = cp.refs.get(id(e))
            return self.var_code(v, write=True)
        return self.ex(e)

    # ------------------------------------------------------------------ expressions
    def ex(self, e: A.Expr) -> str:
        cp = self.cp
        if id(e) in cp.consts and not isinstance(e, A.Call):
            return lit(cp.consts[id(e)])
        if isinstance(e, A.Name):
            ref = cp.refs.get(id(e))
            if isinstance(ref, VarInfo):
                if _implicit(ref):
                    return self.deref(self.var_code(ref), ref.type.target, e)
                return self.var_code(ref)
            if isinstance(ref, EnumRef):
                return lit(ref.value)
            if isinstance(ref, PropRef):
                return self.prop_call(ref, "GET")
            return "None"
        if isinstance(e, (A.This, A.Super)):
            return "self"
        if isinstance(e, (A.Deref, A.IndexAccess, A.FieldAccess)):
            place = self.ptr_place(e)
            if place is not None:
                return self.ptr_load(*place)
        if isinstance(e, A.Deref):
            if isinstance(e.base, (A.This, A.Super)):
                return "self"
            return self.deref(self.ex(e.base), cp.types.get(id(e), ERR), e.base)
        if isinstance(e, A.DirectAddress):
            return self.var_code(cp.refs[id(e)])
        if isinstance(e, A.FieldAccess):
            bt = cp.types.get(id(e.base), ERR)
            base = self.ex(e.base)
            if bt.is_intlike and e.field.isdigit():
                return f"((({base}) >> {int(e.field)}) & 1 != 0)"
            ref = cp.refs.get(id(e))
            if isinstance(ref, PropRef):
                return self.prop_call(ref, "GET")
            if _implicit(ref):
                return self.deref(f"{base}.{ref.pyname}", ref.type.target, e)
            if is_ref(ref):
                return f"{base}.{ref.pyname}.get()"  # an FB's VAR_IN_OUT: the variable it is bound to
            if isinstance(ref, VarInfo):
                return f"{base}.{ref.pyname}"  # resolves CODESYS parameter aliases to the IEC name
            return f"{base}.v_{e.field.lower()}"
        if isinstance(e, A.BitAccess):
            return f"((({self.ex(e.base)}) >> {e.bit}) & 1 != 0)"
        if isinstance(e, A.IndexAccess):
            return self.index(e)
        if isinstance(e, A.UnaryOp):
            return self.unary(e)
        if isinstance(e, A.BinaryOp):
            return self.binary(e)
        if isinstance(e, A.Call):
            return self.call_expr(e)
        return "None"

    def index(self, e: A.IndexAccess) -> str:
        base, off = self.index_parts(e)
        return f"{base}[{off}]"

    def index_parts(self, e: A.IndexAccess) -> tuple[str, str]:
        """The array's code and the flat offset's code (range-checked) of an element access."""
        cp = self.cp
        at = cp.types.get(id(e.base))
        base = self.ex(e.base)
        name = _path_text(e.base)
        if isinstance(at, T.ConfArrayT):  # ARRAY[*]: the bounds of the array passed, checked as it runs
            t = self.new_tmp("_c")
            idx = "".join(self.ex(ix) + ", " for ix in e.indices)
            return f"({t} := {base}).o", f"_conf_index({t}, ({idx}), {lit(name)})"
        return base, self.flat_offset(e, at, name)

    def flat_offset(self, e: A.IndexAccess, at: T.ArrayT, name: str) -> str:
        """The flat offset's code of e's indices in the array type ``at``, each checked against its bounds."""
        cp = self.cp
        parts = []
        for ix, (lo, hi), stride in zip(e.indices, at.dims, at.strides, strict=True):
            if id(ix) in cp.consts:
                off = cp.consts[id(ix)] - lo
                parts.append((None, off * stride))
                continue
            code = self.ex(ix)
            known = self.known_range(ix)
            if known is not None and lo <= known[0] and known[1] <= hi:
                parts.append((self.loop_offset(ix, lo) or (f"({code} - {lo})" if lo else code), stride))
                continue
            fault = f"_index_fault({{v}}, {lo}, {hi}, {lit(name)})"
            if _simple(code):
                off = f"({code} - {lo})" if lo else code
                chk = f"({off} if {lo} <= {code} <= {hi} else {fault.format(v=code)})"
            else:
                t = self.new_tmp()
                off = f"({t} - {lo})" if lo else t
                chk = f"({off} if {lo} <= ({t} := {code}) <= {hi} else {fault.format(v=t)})"
            parts.append((chk, stride))
        const = sum(s for c, s in parts if c is None)
        terms = [c if s == 1 else f"{c} * {s}" for c, s in parts if c is not None]
        if const or not terms:
            terms.append(str(const))
        return " + ".join(terms)

    def loop_offset(self, ix: A.Expr, lo: int) -> str | None:
        """`ix - lo` from the hoisted offset of the constant-loop FOR variable ix is (plus or minus
        a constant), or None where ix is no such variable."""
        cp = self.cp
        shift = 0
        if isinstance(ix, A.BinaryOp) and ix.op in ("+", "-") and type(cp.consts.get(id(ix.right))) is int:
            shift = cp.consts[id(ix.right)] if ix.op == "+" else -cp.consts[id(ix.right)]
            ix = ix.left
        ref = cp.refs.get(id(ix)) if isinstance(ix, A.Name) else None
        offset = self.loop_offsets.get(ref.lname) if isinstance(ref, VarInfo) else None
        if offset is None:
            return None
        offset[1] = True
        k = shift + 1 - lo
        return offset[0] if k == 0 else f"({offset[0]} {'+' if k > 0 else '-'} {abs(k)})"

    def known_range(self, ix: A.Expr) -> tuple[int, int] | None:
        """Value range of an index that is a constant-loop FOR variable, plus or minus a constant."""
        cp = self.cp
        shift = 0
        if isinstance(ix, A.BinaryOp) and ix.op in ("+", "-") and type(cp.consts.get(id(ix.right))) is int:
            c = cp.consts[id(ix.right)]
            shift = c if ix.op == "+" else -c
            ix = ix.left
        ref = cp.refs.get(id(ix)) if isinstance(ix, A.Name) else None
        known = self.known_ranges.get(ref.lname) if isinstance(ref, VarInfo) else None
        if known is None:
            return None
        return known[0] + shift, known[1] + shift

    def unary(self, e: A.UnaryOp) -> str:
        t = self.cp.types.get(id(e), ERR)
        w = _work(t)
        if e.op == "-" and w is not None:
            code, lo, hi = self.ring(e, w.bits)
            return code if _fits(lo, hi, w) else wrap_code(code, w)
        if e.op == "NOT" and w is not None:
            x = self.int_value(e.operand, T.concrete(t))  # bitwise in its type
        else:
            x = self.ex(e.operand)
        if e.op == "NOT":
            if t.is_bool:
                return f"(not {x})"
            b = t.base if isinstance(t, T.Elem) else t
            if isinstance(b, T.Elem) and not b.signed:
                return f"({x} ^ {(1 << b.bits) - 1})"
            return f"(~{x})"
        if e.op == "-":
            return f"(-{x})"
        return x

    def binary(self, e: A.BinaryOp) -> str:
        cp = self.cp
        op = e.op
        t = cp.types.get(id(e), ERR)
        w = _work(t)
        if w is not None and op in _RING:
            # wraps at 32/64 bits only where the operands' ranges allow an overflow
            code, lo, hi = self.ring(e, w.bits)
            return code if _fits(lo, hi, w) else wrap_code(code, w)
        lt = cp.types.get(id(e.left), ERR)
        rt = cp.types.get(id(e.right), ERR)
        pointers = (T.RefT, T.IfaceT, T.NullT)
        if isinstance(lt, pointers) or isinstance(rt, pointers):
            return self.pointer_compare(e, lt, rt)
        a = self.ex(e.left)
        b = self.ex(e.right)
        if _is_real32(lt) and rt.is_intlike:
            b = self.int_as_real32(b, e.right)
        elif _is_real32(rt) and lt.is_intlike:
            a = self.int_as_real32(a, e.left)
        if op in _CMP:
            return f"({a} {_CMP[op]} {b})"
        if op in ("AND", "OR", "XOR"):
            if t.is_bool:
                if op == "XOR":
                    return f"({a} != {b})"
                pyop = "and" if op == "AND" else "or"
                if not _has_call(e.right, cp):
                    if isinstance(e.left, A.BinaryOp) and e.left.op == op and not _has_call(e.left.right, cp):
                        a = _unwrap(a)
                    return f"({a} {pyop} {b})"
                return f"({a} {'&' if op == 'AND' else '|'} {b})"
            return f"({a} {'&' if op == 'AND' else '|' if op == 'OR' else '^'} {b})"
        real = t.is_real
        if lt.is_date or rt.is_date:
            return self.date_code(op, lt, rt, a, b)
        if op == "**":
            code = f"_expt({a}, {b})"
            return f"_f32({code})" if _is_real32(t) else code
        if t.is_time:
            if op in ("+", "-"):
                return f"({a} {op} {b})"
            if op == "*":
                if lt.is_real or rt.is_real:
                    return f"_time_of_real({a} * {b})"
                return f"({a} * {b})"
            if op == "/":
                if rt.is_real:
                    return f"_time_of_real(_fdiv({a}, {b}))"
                return f"_idiv({a}, {b})"
        if real:
            if op == "/":
                c = cp.consts.get(id(e.right))
                code = f"({a} / {b})" if isinstance(c, (int, float)) and c != 0 else f"_fdiv({a}, {b})"
            else:
                code = f"({a} {op} {b})"
            return f"_f32({code})" if _is_real32(t) else code
        if op in ("/", "MOD"):
            c = cp.consts.get(id(e.right))
            if isinstance(c, int) and not isinstance(c, bool) and c > 0:
                pyop = "//" if op == "/" else "%"
                if _simple(a):
                    return f"({a} {pyop} {c} if {a} >= 0 else -(-{a} {pyop} {c}))"
                tmp = self.new_tmp()
                return f"({tmp} {pyop} {c} if ({tmp} := {a}) >= 0 else -(-{tmp} {pyop} {c}))"
            code = f"_idiv({a}, {b})" if op == "/" else f"_imod({a}, {b})"
            if w is not None and not _fits(*_op_range(op, self.vrange(e.left), self.vrange(e.right)), w):
                code = wrap_code(code, w)  # the minimum / -1
            return code
        return f"({a} {op} {b})"

    def pointer_compare(self, e: A.BinaryOp, lt: T.Type, rt: T.Type) -> str:
        def side(x: A.Expr, t: T.Type) -> str | None:
            if isinstance(t, T.NullT):
                return None
            return self.raw(x) if _implicit(self.cp.refs.get(id(x))) else self.ex(x)

        a, b = side(e.left, lt), side(e.right, rt)
        neg = e.op == "<>"
        if a is None or b is None:
            other = a if b is None else b
            if other is None:
                return "False" if neg else "True"
            return f"({other} is {'not ' if neg else ''}None)"
        if isinstance(lt, T.IfaceT):
            return f"({a} is {'not ' if neg else ''}{b})"
        return f"({'not ' if neg else ''}_same_ref({a}, {b}))"

    def date_code(self, op: str, lt: T.Type, rt: T.Type, a: str, b: str) -> str:
        """Code of a date operation the checker allowed (st.stdlib.date_arith is the same rule)."""
        lk, rk = T.concrete(lt).kind, T.concrete(rt).kind
        if lk == "ltime":
            a = f"_ltime_ms({a})"
        if rk == "ltime":
            b = f"_ltime_ms({b})"
        if lk in ("time", "ltime"):
            lk, rk, a, b = rk, lk, b, a
        if rk in ("time", "ltime"):
            ms = b if op == "+" else f"(-{b})"
            return f"_dt_add({a}, {ms})" if lk == "dt" else f"_tod_add({a}, {ms})"
        return f"(({a} - {b}) * 1000)" if lk in ("dt", "date") else f"({a} - {b})"

    def call_expr(self, e: A.Call) -> str:
        en_eno = self.cp.en_eno.get(id(e))
        if en_eno is None:
            return self.plain_call_expr(e)
        # F(EN := c, ...) in an expression: hoisted; with EN FALSE the value is the type's default
        en, eno = en_eno
        info = self.cp.calls.get(id(e))
        flag, r = self.new_tmp("_en"), self.new_tmp("_r")
        en_code = self.ex(en) if en is not None else "True"
        before, self.pre = self.pre, []
        code = self.plain_call_expr(e)
        inner, self.pre = self.pre, []
        rt = T.concrete(info.result) if info is not None else ERR
        default = self.ctor(rt) if isinstance(rt, (T.Elem, T.StringT, T.EnumT)) and rt is not ERR else "0"
        if eno is None and not inner:
            self.pre = before
            return f"({code} if {en_code} else {default})"  # the call runs only with EN TRUE
        saved = self.lines, self.line_map
        self.lines, self.line_map = [], []
        self.emit(0, f"{flag} = {en_code}")
        self.emit(0, f"if {flag}:")
        for line in inner:
            self.emit(1, line)
        self.emit(1, f"{r} = {code}")
        self.emit(0, "else:")
        self.emit(1, f"{r} = {default}")
        if eno is not None:
            self.assign(eno, eno, 0, value_code=flag, value_type=T.BOOL)
        hoisted = self.lines
        self.lines, self.line_map = saved
        self.pre = before + hoisted
        return r

    def plain_call_expr(self, e: A.Call) -> str:
        cp = self.cp
        info = cp.calls.get(id(e))
        if info is None:
            return "None"
        if info.kind in ("func", "method"):
            if (
                info.outputs
                or any(v.kind == "VAR_IN_OUT" for v, _ in info.inputs)
                or _func_returns_tuple(info.pou)
            ):
                # hoist: the call runs before the statement, its outputs are stored, the result used
                t = self.new_tmp("_r")
                saved = self.lines, self.line_map
                self.lines, self.line_map = [], []
                self.func_call_with_outputs(e, info, 0, t)
                hoisted = self.lines
                self.lines, self.line_map = saved
                self.pre.extend(hoisted)
                return f"{t}[0]"
            return self.func_call_expr(info)
        if info.kind == "conv":
            return self.conversion(info)
        if info.kind == "std":
            return self.std_call(info)
        return "None"

    # standard functions -------------------------------------------------
    def std_call(self, info: CallInfo) -> str:
        n = info.name
        ts = info.arg_types
        r = info.result
        real32 = _is_real32(r)
        w = _work(r)

        def f32w(code: str) -> str:
            return f"_f32({code})" if real32 else code

        if n == "TIME":
            return "ctx.now"  # the plant time of the scan, as the timers see it
        if n == "REF":
            return self.ref_of(info.args[0])
        if n == "ADR":
            return self.addr_of(info.args[0])
        if n == "SIZEOF":
            return lit(info.result.value)
        if n in ("LOWER_BOUND", "UPPER_BOUND"):
            at, k = info.arg_types[0], self.cp.consts[id(info.args[1])] - 1
            side = 0 if n == "LOWER_BOUND" else 1
            if isinstance(at, T.ArrayT):
                return lit(at.dims[k][side])
            return f"{self.ex(info.args[0])}.d[{k}][{side}]"
        if n == "__ISVALIDREF":
            a = info.args[0]
            code = self.raw(a) if _implicit(self.cp.refs.get(id(a))) else self.ex(a)
            return f"({code} is not None)"
        if n in OPERATOR_FUNCTIONS:  # ADD_DT_TIME(d, t): the checked d + t
            node = info.args[0]
            if id(node) in self.cp.consts:
                return lit(self.const_for(self.cp.consts[id(node)], r))  # T#1s * 2.5 folds to a float
            return self.ex(node)
        if n == "CONCAT_DATE_TOD":
            return f"_concat_date_tod({self.ex(info.args[0])}, {self.ex(info.args[1])})"
        if n in BCD_CONVERSIONS:
            x = self.int_value(info.args[0], info.src)
            if BCD_CONVERSIONS[n][0]:
                return f"_bcd_to_int({x}, {info.dst.lo}, {info.dst.hi})"
            return f"_int_to_bcd({x}, {info.dst.bits})"

        if n in ("SEL", "MAX", "MIN", "LIMIT", "MUX", "MOVE", "ABS"):
            # each value is bound to a parameter of the type the checker inferred for the call
            first = 1 if n in ("SEL", "MUX") else 0
            sel = [self.own_value(a, t) for a, t in zip(info.args[:first], ts[:first], strict=True)]
            vals = [self._param(a, t, r) for a, t in zip(info.args[first:], ts[first:], strict=True)]
            if n == "SEL":
                return f"({vals[1]} if {sel[0]} else {vals[0]})"
            if n in ("MAX", "MIN"):
                return f"{n.lower()}({', '.join(vals)})"
            if n == "LIMIT":
                mn, x, mx = vals
                return f"min(max({x}, {mn}), {mx})"
            if n == "MUX":
                return f"_mux({sel[0]}, ({', '.join(vals)},))"
            if n == "MOVE":
                return vals[0]
            code = f"abs({vals[0]})"
            rc = T.concrete(r)
            if w is not None and rc.base.signed and self.reduced_range(info.args[0], rc)[0] == rc.base.lo:
                code = wrap_code(code, rc)  # ABS of the minimum overflows its type
            return code
        if w is not None and n in _STD_OPS:
            # the operators written as calls: computed like a + b, wrapped at 32/64 bits if needed
            rc = T.concrete(r)
            if n == "NOT":
                x = self.int_value(info.args[0], rc)  # bitwise in its type
                return f"(~{x})" if rc.base.signed else f"({x} ^ {(1 << rc.base.bits) - 1})"
            args = [self.ex(a) for a in info.args]
            if n == "DIV":
                code = f"_idiv({args[0]}, {args[1]})"
            elif n == "MOD":
                code = f"_imod({args[0]}, {args[1]})"
            else:
                pyop = {"ADD": " + ", "SUB": " - ", "MUL": " * ", "AND": " & ", "OR": " | ", "XOR": " ^ "}[n]
                code = "(" + pyop.join(args) + ")"
            return code if _fits(*self._std_op_range(info), w) else wrap_code(code, w)
        if n in ("SHL", "SHR", "ROL", "ROR"):
            t = T.DWORD if isinstance(r, T.IntLitT) else T.concrete(r)  # an untyped literal no context typed
            bits = t.base.bits if isinstance(t, T.Elem) else 32
            x = self.ring(info.args[0], bits)[0]  # congruent is enough: the shift masks IN to its width
            code = f"_{n.lower()}({x}, {self.own_value(info.args[1], ts[1])}, {bits})"
            if isinstance(t, T.Elem) and t.base.signed:
                code = wrap_code(code, t)
            return code
        if n in _STD_OPS or n in _CMP_FN:
            args = [self.ex(a) for a in info.args]
        else:
            args = [self.own_value(a, t) for a, t in zip(info.args, ts, strict=True)]
        if n in ("ADD", "MUL"):
            op = " + " if n == "ADD" else " * "
            return f32w("(" + op.join(args) + ")")
        if n == "SUB":
            return f32w(f"({args[0]} - {args[1]})")
        if n == "DIV":
            if r.is_real:
                return f32w(f"_fdiv({args[0]}, {args[1]})")
            return f"_idiv({args[0]}, {args[1]})"
        if n == "MOD":
            return f"_imod({args[0]}, {args[1]})"
        if n == "EXPT":
            return f32w(f"_expt({args[0]}, {args[1]})")
        if n in _CMP_FN:
            return "(" + f" {_CMP_FN[n]} ".join(args) + ")"
        if n in ("AND", "OR", "XOR"):
            if n == "XOR":
                return "(" + " ^ ".join(f"bool({a})" for a in args) + ")"
            return "(" + f" {'and' if n == 'AND' else 'or'} ".join(args) + ")"
        if n == "NOT":
            return f"(not {args[0]})"
        if n in _MATH_FUNCS:
            return f32w(f"{_MATH_FUNCS[n]}({args[0]})")
        if n == "TRUNC":
            return f"_real_to_int_trunc({args[0]}, {r.lo}, {r.hi})"  # DINT, or the integer type expected
        if n in _STR_FUNCS:
            code = f"{_STR_FUNCS[n]}({', '.join(args)})"
            return code
        return "None"

    def own_value(self, a: A.Expr, t: T.Type) -> str:
        """An argument bound to a parameter of its own type (SHL's N, MUX's K, LEFT's L ...)."""
        t = T.concrete(t)
        if isinstance(t, T.Elem) and t.is_intlike:
            return self.int_value(a, t)
        if _is_count(t):
            return self.count_value(a, t)
        return self.ex(a)

    def _param(self, a: A.Expr, at: T.Type, r: T.Type) -> str:
        rc = T.concrete(r)
        if isinstance(rc, T.Elem) and rc.is_intlike and at.is_intlike:
            return self.int_value(a, rc)
        if _is_count(rc) and _is_count(at):
            return self.count_value(a, rc)
        return self._to(self.ex(a), at, r, a)

    def count_value(self, a: A.Expr, t: T.Elem) -> str:
        """A TIME, LTIME or date argument bound to a parameter: reduced to its 64-bit count as on
        assignment (LIMIT(T#0ms, t * n, T#1h) with t * n past 64 bits limits the wrapped value)."""
        code = self.ex(a)
        return code if self.bounded(a) else wrap_code(code, t)

    def _to(self, code: str, src: T.Type, dst: T.Type, e: A.Expr | None = None) -> str:
        if dst.is_real and (src.is_int or src.is_bits):
            if e is not None and _is_real32(dst):
                return f"float({self.int_as_real32(code, e)})"
            return f"float({code})"
        return code

    def int_as_real32(self, code: str, e: A.Expr) -> str:
        """An integer becoming a REAL: exact up to 2**24, rounded to float32 beyond (an INT
        intermediate such as i * i may be that large)."""
        lo, hi = self.vrange(e)
        return code if -(1 << 24) <= lo and hi <= 1 << 24 else f"_f32(float({code}))"

    def conversion(self, info: CallInfo) -> str:
        a = info.args[0]
        src = info.src
        dst = info.dst
        at = self.cp.types.get(id(a), ERR)
        if isinstance(src, T.Elem) and src.is_intlike and at.is_intlike:
            # the argument is first reduced to the conversion's parameter type (SINT_TO_INT(s + s))
            return convert(self.int_value(a, src), src, dst, rng=self.reduced_range(a, src))
        if _is_count(src) and _is_count(at):
            return convert(self.count_value(a, src), src, dst)  # TIME_TO_TOD(t * n): t * n wrapped first
        code = self.ex(a)
        return convert(code, src, dst, self.bounded(a))


# ----------------------------------------------------------------------------- conversions


def convert(
    code: str, src: T.Type, dst: T.Type, bounded: bool = True, rng: tuple[int, int] | None = None
) -> str:
    """Python code converting ``code`` of type ``src`` to ``dst`` (the *_TO_* functions)."""
    if isinstance(src, T.Elem):
        src = src.base
    if isinstance(dst, T.Elem):
        dst = dst.base
    if isinstance(dst, T.StringT):
        if isinstance(src, T.StringT):
            return f"{code}[:{dst.length}]"
        return f"_to_string({code}, {lit(_kind(src))})"
    if isinstance(src, T.StringT):
        return (
            f"_from_string({code}, {lit(_kind(dst))}, {dst.lo if dst.is_intlike else 0}, "
            f"{dst.hi if dst.is_intlike else 0})"
        )
    if dst.is_bool:
        return f"({code} != 0)"
    if src.is_bool:
        if dst.is_real:
            return f"(1.0 if {code} else 0.0)"
        return f"(1 if {code} else 0)"
    if src.is_date and dst.is_date:
        # DATE_TO_DT is the same seconds (midnight); the checker refuses TOD to DATE/DT and DATE to TOD
        if src is T.DT and dst is T.TOD:
            return f"_dt_to_tod({code})"
        if src is T.DT and dst is T.DATE:
            return f"_dt_to_date({code})"
        return code
    if src is T.TOD and dst is T.LTIME:
        return f"({code} * 1000000)"
    if src.is_time and dst is T.TOD:
        return f"_time_to_tod({f'_idiv({code}, 1000000)' if src is T.LTIME else code})"
    if dst.is_intlike or dst.is_date or dst.is_time:
        lo, hi = (dst.lo, dst.hi) if dst.is_intlike else (-(1 << 63), (1 << 63) - 1)
        if src.is_real:  # a number is the raw count: TIME milliseconds, LTIME nanoseconds
            return f"_real_to_int({code}, {lo}, {hi})"
        if src is T.LTIME and dst is T.TIME:
            code = f"_idiv({code}, 1000000)"
        elif dst is T.LTIME and src is T.TIME:
            code = f"({code} * 1000000)"
        if dst.is_intlike:
            s = src
            if bounded and isinstance(s, T.Elem) and s.is_intlike and dst.lo <= s.lo and s.hi <= dst.hi:
                return code
            if rng is not None and _fits(*rng, dst):
                return code
            return wrap_code(code, dst)
        return code
    if dst.is_real:
        if src.is_real:
            return f"_f32({code})" if dst is T.REAL and src is T.LREAL else code
        if dst is T.REAL and not (src.is_intlike and src.bits <= 16):
            return f"_f32(float({code}))"  # integers wider than 24 bits may not fit a float32 exactly
        return f"float({code})"
    return code


def _runs(codes: list[str], fresh: bool) -> str:
    """A list display of these element codes with each run of equal ones written once: `[0] * 1000`
    (or, for composites that must be distinct objects, a comprehension), so that an initialiser
    such as [1000000(0)] stays one short line of generated code."""
    parts = []
    i = 0
    while i < len(codes):
        j = i
        while j < len(codes) and codes[j] == codes[i]:
            j += 1
        n = j - i
        if n < 4:
            parts.extend(codes[i:j])
        elif fresh:
            parts.append(f"*[{codes[i]} for _ in range({n})]")
        else:
            parts.append(f"*[{codes[i]}] * {n}")
        i = j
    return "[" + ", ".join(parts) + "]"


def _group(op: str) -> int:
    return 1 if op in ("+", "-") else 2 if op == "*" else 0


def _unwrap(code: str) -> str:
    """'(a + b)' -> 'a + b' when the outer parentheses enclose the whole text."""
    if not (code.startswith("(") and code.endswith(")")):
        return code
    depth = 0
    for i, ch in enumerate(code):
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0 and i != len(code) - 1:
                return code
    return code[1:-1]


def _kind(t: T.Type) -> str:
    if isinstance(t, T.StringT):
        return "STRING"
    return t.name


def _is_count(t: T.Type) -> bool:
    """TIME, LTIME, DATE, TOD and DT: signed 64-bit counts that wrap like LINT when stored."""
    t = T.concrete(t)
    return isinstance(t, T.Elem) and (t.is_time or t.is_date)


def _is_real32(t: T.Type) -> bool:
    return isinstance(t, T.Elem) and t.base is T.REAL


def _simple(code: str) -> bool:
    return (
        code.replace("_", "").replace(".", "").isalnum()
        and not code[0].isdigit()
        or code.lstrip("-").isdigit()
    )


def _has_call(e, cp) -> bool:
    """Does e call something that must run whatever the rest of the expression gives (a user
    FUNCTION, an FB, a method, ADR or REF)? A conversion or another standard function only reads
    its arguments: what it gives is all it does."""
    if isinstance(e, A.Call) and not _by_value(e, cp):
        return True
    for name in getattr(e, "__slots__", ()):
        v = getattr(e, name, None)
        if isinstance(v, A.Expr) and _has_call(v, cp):
            return True
        if isinstance(v, list) and any(isinstance(x, A.Expr) and _has_call(x, cp) for x in v):
            return True
        if isinstance(v, list) and any(isinstance(x, A.CallArg) and x.value is not None
                                       and _has_call(x.value, cp) for x in v):
            return True
    return False


def _calls_user_pou(stmts, cp) -> bool:
    """Does any statement here call a user FUNCTION or FB (which charges the scan's budget)?"""
    for s in _walk_stmts(stmts):
        parts = [getattr(s, name, None) for name in ("call", "target", "value", "condition", "selector",
                                                     "start", "end", "step")]
        parts += [b.condition for b in getattr(s, "elsifs", None) or []]
        for part in parts:
            for call in _calls_in(part):
                info = cp.calls.get(id(call))
                if info is None:
                    continue
                user_fb = info.kind == "fb" and not info.fbtype.standard
                if info.kind in ("func", "method", "super") or user_fb:
                    return True
    return False


def _walk_stmts(stmts):
    for s in stmts:
        yield s
        if isinstance(s, A.IfStmt):
            yield from _walk_stmts(s.then_body)
            for b in s.elsifs:
                yield from _walk_stmts(b.body)
            yield from _walk_stmts(s.else_body or [])
        elif isinstance(s, A.CaseStmt):
            for br in s.branches:
                yield from _walk_stmts(br.body)
            yield from _walk_stmts(s.else_body or [])
        elif isinstance(s, (A.ForStmt, A.WhileStmt, A.RepeatStmt)):
            yield from _walk_stmts(s.body)


def _calls_in(node):
    """Every Call inside an expression or statement node (not into nested statement bodies)."""
    if isinstance(node, A.Call):
        yield node
    for name in getattr(node, "__slots__", ()):
        v = getattr(node, name, None)
        items = v if isinstance(v, list) else [v]
        for x in items:
            if isinstance(x, (A.Expr, A.CallArg)):
                yield from _calls_in(x)


def _adr_locals(p: PouInfo, cp) -> tuple[set[str], bool]:
    """The scalar locals of a FUNCTION, METHOD or VAR_TEMP section that ADR takes the address of
    (they live in a frame object), and whether the body takes any address at all."""
    names: set[str] = set()
    any_adr = False
    body = getattr(p.node, "body", None) or []
    for s in _walk_stmts(body):
        for part in [s] + [b.condition for b in getattr(s, "elsifs", None) or []]:
            for call in _calls_in(part):
                info = cp.calls.get(id(call))
                if info is None or info.kind != "std" or info.name != "ADR":
                    continue
                any_adr = True
                a = info.args[0]
                v = cp.refs.get(id(a)) if isinstance(a, A.Name) else None
                if (isinstance(v, VarInfo) and v.owner is p and (p.funclike or v.kind == "VAR_TEMP")
                        and v.type.is_scalar and not is_ref(v) and not _implicit(v)):
                    names.add(v.lname)
    return names, any_adr


def _ref_actuals(stmts, cp) -> set[str]:
    """Names of the variables these statements bind to a scalar VAR_IN_OUT."""
    names: set[str] = set()
    for s in _walk_stmts(stmts):
        for part in [s] + [b.condition for b in getattr(s, "elsifs", None) or []]:
            for call in _calls_in(part):
                info = cp.calls.get(id(call))
                if info is None or info.kind not in ("fb", "func", "method"):
                    continue
                for v, a in info.inputs:
                    if is_ref(v) and isinstance(a, A.Name):
                        names.add(a.name.lower())
    return names


def _by_value(call, cp) -> bool:
    """A call that only reads its arguments: a type conversion, or a standard function other
    than the address-taking ADR and REF (through whose result a variable may later change)."""
    info = cp.calls.get(id(call))
    if info is None:
        return False
    return info.kind == "conv" or (info.kind == "std" and info.name not in ("ADR", "REF"))


def _assigns(stmts, lname: str, cp) -> bool:
    for s in _walk_stmts(stmts):
        for name in ("value", "condition", "selector", "start", "end", "step"):
            for call in _calls_in(getattr(s, name, None)):
                if _by_value(call, cp):
                    continue  # INT_TO_REAL(i), ABS(i): i is only read (nested calls are seen on their own)
                for a in call.args:
                    if a.value is not None and _root_name(a.value) == lname:
                        return True  # an output or VAR_IN_OUT argument may change it
        if isinstance(s, A.Assign) and _root_name(s.target) == lname:
            return True
        if isinstance(s, A.ForStmt) and s.var.lower() == lname:
            return True
        if isinstance(s, A.CallStmt):
            for a in s.call.args:
                if a.kind == "output" and a.value is not None and _root_name(a.value) == lname:
                    return True
                if a.value is not None and _root_name(a.value) == lname:
                    return True  # a VAR_IN_OUT argument may change it
    return False


def _static_iterations(s: A.ForStmt, cp) -> int | None:
    """Iterations of a FOR loop with constant bounds and step, counting those of the FOR loops
    with constant bounds nested in it (each nested loop's count times the outer one's); None when
    the nest holds a WHILE or REPEAT, a FOR without constant bounds or a call of a user POU. Such
    a nest does a bounded amount of work however its data goes, so a small one runs unwatched."""
    step = 1 if s.step is None else cp.consts.get(id(s.step))
    if id(s.start) not in cp.consts or id(s.end) not in cp.consts or not isinstance(step, int) or not step:
        return None
    if _assigns(s.body, s.var.lower(), cp) or _calls_user_pou(s.body, cp):
        return None
    a, b = cp.consts[id(s.start)], cp.consts[id(s.end)]
    inner = _nested_iterations(s.body, cp)
    if inner is None:
        return None
    return len(range(a, b + (1 if step > 0 else -1), step)) * (1 + inner)


def _nested_iterations(stmts, cp) -> int | None:
    """The iterations of the loops in these statements (those inside IF and CASE branches too,
    as if every branch ran), each counting its own nested loops; None as _static_iterations."""
    total = 0
    for t in stmts:
        if isinstance(t, (A.WhileStmt, A.RepeatStmt)):
            return None
        if isinstance(t, A.ForStmt):
            k = _static_iterations(t, cp)
        elif isinstance(t, A.IfStmt):
            branches = t.then_body + [x for b in t.elsifs for x in b.body] + (t.else_body or [])
            k = _nested_iterations(branches, cp)
        elif isinstance(t, A.CaseStmt):
            k = _nested_iterations([x for br in t.branches for x in br.body] + (t.else_body or []), cp)
        else:
            k = 0
        if k is None:
            return None
        total += k
    return total


def _implicit(ref) -> bool:
    """A REFERENCE TO variable: its name alone is the variable it refers to."""
    return isinstance(ref, VarInfo) and isinstance(ref.type, T.RefT) and ref.type.implicit


def _root_name(e) -> str | None:
    while isinstance(e, (A.FieldAccess, A.IndexAccess, A.BitAccess)):
        e = e.base
    return e.name.lower() if isinstance(e, A.Name) else None


def _path_text(e) -> str:
    if isinstance(e, A.Name):
        return e.name
    if isinstance(e, A.FieldAccess):
        return f"{_path_text(e.base)}.{e.field}"
    if isinstance(e, A.IndexAccess):
        return f"{_path_text(e.base)}[...]"
    if isinstance(e, A.Deref):
        return f"{_path_text(e.base)}^"
    return "array"


def _func_returns_tuple(p: PouInfo) -> bool:
    return any(v.kind in ("VAR_OUTPUT", "VAR_IN_OUT") for v in p.vars.values())


def generate(cp: CheckedProgram, filename: str):
    g = CodeGen(cp, filename)
    src = g.generate()
    return src, g.line_map, g.breakable


def generate_expression(cp: CheckedProgram, e: A.Expr, pou: PouInfo | None, tt: T.Type, filename: str) -> str:
    """Python code of one checked expression read in ``pou``'s scope (for st.expression: watches),
    converted to ``tt`` as a store to a ``tt`` variable converts it (INT wraps, REAL rounds); in it
    ``self`` is the POU's instance and ``G`` the globals."""
    g = CodeGen(cp, filename)
    g.pou, g.mode = pou, "dbg"  # dbg: every member is read from the instance, none from a local copy
    code = g.store_value(e, tt)
    if g.pre:  # a call hoisted into statements: only user FUNCTIONs need that, and watches refuse them
        raise ValueError("this expression needs statements before it")
    return code
