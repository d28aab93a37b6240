"""The checker's common ground: the tables of standard names, the results it produces
(``CheckedProgram`` and its ``VarInfo``/``PouInfo``/``CallInfo``/``EnumRef`` entries), its limits,
and ``CheckContext``: the state of one check, diagnostics and name lookup, shared by the parts
(st/check_declarations.py, st/check_expressions.py, st/check_statements.py, st/check_calls.py).
It imports none of them; each of them imports only this module of the checker's.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from . import ast as A
from . import stdlib
from . import types as T
from .diagnostics import DiagnosticBag, did_you_mean

# ----------------------------------------------------------------------------- tables

# standard functions: name -> formal parameter names ('*' = extensible IN1, IN2 ...)
STD_FUNCTIONS: dict[str, list[str] | str] = {
    "ADD": "*",
    "MUL": "*",
    "SUB": ["IN1", "IN2"],
    "DIV": ["IN1", "IN2"],
    "MOD": ["IN1", "IN2"],
    "EXPT": ["IN1", "IN2"],
    "MOVE": ["IN"],
    "GT": "*",
    "GE": "*",
    "EQ": "*",
    "LE": "*",
    "LT": "*",
    "NE": ["IN1", "IN2"],
    "AND": "*",
    "OR": "*",
    "XOR": "*",
    "NOT": ["IN"],
    "SEL": ["G", "IN0", "IN1"],
    "MAX": "*",
    "MIN": "*",
    "LIMIT": ["MN", "IN", "MX"],
    "MUX": "K*",
    "ABS": ["IN"],
    "SQRT": ["IN"],
    "LN": ["IN"],
    "LOG": ["IN"],
    "EXP": ["IN"],
    "SIN": ["IN"],
    "COS": ["IN"],
    "TAN": ["IN"],
    "ASIN": ["IN"],
    "ACOS": ["IN"],
    "ATAN": ["IN"],
    "SHL": ["IN", "N"],
    "SHR": ["IN", "N"],
    "ROL": ["IN", "N"],
    "ROR": ["IN", "N"],
    "TRUNC": ["IN"],
    "LEN": ["IN"],
    "LEFT": ["IN", "L"],
    "RIGHT": ["IN", "L"],
    "MID": ["IN", "L", "P"],
    "CONCAT": "*",
    "INSERT": ["IN1", "IN2", "P"],
    "DELETE": ["IN", "L", "P"],
    "REPLACE": ["IN1", "IN2", "L", "P"],
    "FIND": ["IN1", "IN2"],
    "CONCAT_DATE_TOD": ["IN1", "IN2"],
}

# function forms of the time and date operators (IEC 61131-3 Table 30): name -> (operator, the
# kinds of IN1 and of IN2; 'num' is any number). ADD_DT_TIME(d, t) is d + t, checked and computed so.
OPERATOR_FUNCTIONS: dict[str, tuple[str, tuple[str, ...], tuple[str, ...]]] = {
    "ADD_TIME": ("+", ("time",), ("time",)),
    "SUB_TIME": ("-", ("time",), ("time",)),
    "MUL_TIME": ("*", ("time",), ("num",)),
    "DIV_TIME": ("/", ("time",), ("num",)),
    "MULTIME": ("*", ("time",), ("num",)),
    "DIVTIME": ("/", ("time",), ("num",)),
    "ADD_TOD_TIME": ("+", ("tod",), ("time",)),
    "ADD_DT_TIME": ("+", ("dt",), ("time",)),
    "SUB_TOD_TIME": ("-", ("tod",), ("time",)),
    "SUB_DT_TIME": ("-", ("dt",), ("time",)),
    "SUB_DATE_DATE": ("-", ("date",), ("date",)),
    "SUB_TOD_TOD": ("-", ("tod",), ("tod",)),
    "SUB_DT_DT": ("-", ("dt",), ("dt",)),
}
STD_FUNCTIONS.update({name: ["IN1", "IN2"] for name in OPERATOR_FUNCTIONS})

# BCD conversions: the IEC names (WORD_BCD_TO_UINT, UINT_TO_BCD_WORD) and the short CODESYS/OSCAT ones
# (BCD_TO_INT, INT_TO_BCD): name -> (from BCD?, the integer type, the bit string type or None = by width)
BCD_CONVERSIONS: dict[str, tuple[bool, str, str | None]] = {}
for _bits, _int in (("BYTE", "USINT"), ("WORD", "UINT"), ("DWORD", "UDINT"), ("LWORD", "ULINT")):
    BCD_CONVERSIONS[f"{_bits}_BCD_TO_{_int}"] = (True, _int, _bits)
    BCD_CONVERSIONS[f"{_int}_TO_BCD_{_bits}"] = (False, _int, _bits)
for _int in ("SINT", "INT", "DINT", "LINT", "USINT", "UINT", "UDINT", "ULINT"):
    BCD_CONVERSIONS[f"BCD_TO_{_int}"] = (True, _int, None)
    BCD_CONVERSIONS[f"{_int}_TO_BCD"] = (False, _int, None)
STD_FUNCTIONS.update({name: ["IN"] for name in BCD_CONVERSIONS})


# standard names that are not IEC 61131-3 3rd edition's but only vendor extensions we also know
# (CODESYS, OSCAT): a user FUNCTION or FUNCTION_BLOCK of that name replaces ours, with warning W204;
# the IEC standard functions and FBs stay reserved (E204). See st/semantics.py.
VENDOR_STD_NAMES = frozenset({"MULTIME", "DIVTIME"}) | frozenset(
    name for name, (_, _, bits) in BCD_CONVERSIONS.items() if bits is None  # BCD_TO_INT, INT_TO_BCD
)


def std_fb_interfaces() -> dict[str, list[tuple[str, str, str]]]:
    """Name -> [(parameter, type, role)] of every standard FB: st/stdlib.py's table, the one source."""
    return {k.upper(): v for k, v in stdlib.FB_INTERFACES.items()}


MAX_ARRAY_ELEMENTS = 1_000_000
# Values one instance of the program (or one call of a function) may hold, counted through every
# level of arrays, structures and FBs, and how deep types may nest (Python recursion builds them).
MAX_STORAGE = 4_000_000
MAX_TYPE_DEPTH = 48
MAX_HINTS = 50
f32 = stdlib.f32  # compile-time folding rounds REAL exactly as the running program does


# ----------------------------------------------------------------------------- results


@dataclass(eq=False)
class VarInfo:
    name: str
    type: T.Type
    kind: str  # a section kind, 'RESULT' (function result) or 'ADDR' (implicit direct address)
    line: int = 0
    col: int = 0
    constant: bool = False
    init: object = None  # compile-time initial value (see Checker.init_value), None = type default
    address: str | None = None
    owner: PouInfo | None = None  # None for globals
    used: bool = False
    written: bool = False

    @property
    def lname(self) -> str:
        return self.name.lower()

    @property
    def pyname(self) -> str:
        if self.kind == "ADDR":  # its name is the compiler's, not the source's: another prefix
            return "A_" + _addr_ident(self.address or "")
        return "v_" + self.name.lower()


@dataclass(eq=False)
class PouInfo:
    name: str
    kind: str  # PROGRAM | FUNCTION_BLOCK | FUNCTION
    node: A.Pou
    vars: dict[str, VarInfo] = field(default_factory=dict)
    return_type: T.Type | None = None
    fbtype: T.FBT | None = None
    callees: set = field(default_factory=set)  # lower names of user POUs called or instantiated
    # METHOD (and a property's GET or SET, a method of its own): the FB it belongs to (None in an
    # INTERFACE), its access (PUBLIC, PRIVATE, PROTECTED, INTERNAL), ABSTRACT/FINAL, which accessor
    parent: PouInfo | None = None
    access: str = "PUBLIC"
    abstract: bool = False
    final: bool = False
    accessor: str | None = None  # 'GET' | 'SET' for a property's accessor
    base: PouInfo | None = None  # FUNCTION_BLOCK: the one it EXTENDS
    extended: bool = False  # FUNCTION_BLOCK: another one EXTENDS it

    @property
    def lname(self) -> str:
        return self.name.lower()

    @property
    def pyname(self) -> str:
        if self.kind == "METHOD":
            return {None: "M_", "GET": "PG_", "SET": "PS_"}[self.accessor] + self.name.lower()
        prefix = {"PROGRAM": "P_", "FUNCTION_BLOCK": "FB_", "FUNCTION": "F_"}[self.kind]
        return prefix + self.name.lower()

    @property
    def funclike(self) -> bool:
        """A FUNCTION or a METHOD: its variables are locals of one call."""
        return self.kind in ("FUNCTION", "METHOD")

    def inputs(self) -> list[VarInfo]:
        return [v for v in self.vars.values() if v.kind == "VAR_INPUT"]

    def params(self) -> list[VarInfo]:
        return [v for v in self.vars.values() if v.kind in ("VAR_INPUT", "VAR_IN_OUT")]


@dataclass(eq=False)
class CallInfo:
    kind: str  # 'fb' | 'func' | 'std' | 'conv'
    name: str  # display name (upper case for standard functions)
    result: T.Type
    pou: PouInfo | None = None
    fbtype: T.FBT | None = None
    instance: A.Expr | None = None
    inputs: list = field(default_factory=list)  # [(VarInfo, Expr)] for fb/func
    outputs: list = field(default_factory=list)  # [(VarInfo, target Expr, negated)]
    args: list = field(default_factory=list)  # std/conv: ordered argument expressions
    arg_types: list = field(default_factory=list)
    src: T.Type | None = None  # conversions
    dst: T.Type | None = None
    static: PouInfo | None = None  # 'method' through SUPER^ / 'super': the base FB whose code runs


@dataclass(eq=False)
class PropInfo:
    """A PROPERTY: its type and its accessors (methods named after it), either may be missing."""

    name: str
    type: T.Type
    getter: PouInfo | None = None
    setter: PouInfo | None = None
    parent: PouInfo | None = None  # the FB (None in an interface)
    access: str = "PUBLIC"
    line: int = 0
    col: int = 0
    accessors: tuple = ()  # in an interface: the accessors it asks for

    @property
    def lname(self) -> str:
        return self.name.lower()


@dataclass(eq=False)
class PropRef:
    """What a Name or FieldAccess that names a property refers to: read calls GET, assignment SET."""

    prop: PropInfo
    instance: A.Expr | None = None  # None: the property of THIS


@dataclass(eq=False)
class EnumRef:
    enum: T.EnumT
    value: int


class CheckedProgram:
    def __init__(self, filename: str):
        self.filename = filename
        self.pous: dict[str, PouInfo] = {}
        self.main: PouInfo | None = None
        self.globals: dict[str, VarInfo] = {}
        self.structs: list[T.StructT] = []
        self.enums: dict[str, T.EnumT] = {}
        self.types_by_name: dict[str, T.Type] = {}
        self.std_fbs: dict[str, T.FBT] = {}
        self.types: dict[int, T.Type] = {}
        self.refs: dict[int, object] = {}  # Name/FieldAccess id -> VarInfo | EnumRef
        self.calls: dict[int, CallInfo] = {}
        self.en_eno: dict[int, tuple] = {}  # id(Call) -> (EN expression or None, ENO target or None)
        self.consts: dict[int, object] = {}
        self.storage: dict[int, int] = {}  # id(type) -> values one value of it holds (check_storage)
        self.interfaces: dict[str, T.IfaceT] = {}
        self.fb_order: list[PouInfo] = []  # function blocks, each after the one it EXTENDS
        self.methods: list[PouInfo] = []  # every METHOD and property accessor, in source order
        self.uses_refs = False  # REF() or REF= somewhere: no POU keeps members in locals (codegen)
        self.layouts: list = []  # types whose st.memory layout generated code names as _TY[i]
        self.addresses: dict[str, VarInfo] = {}  # implicit variables of direct addresses
        self.keep: list = []  # keeps nodes alive so that id() keys stay unique


class NotConst(Exception):
    pass


class ConstTooLarge(NotConst):
    """A folded integer past any ST type (reported where it first grew too large)."""


MAX_CONST_BITS = 1023  # as st.parser.MAX_INT_BITS: float() of more overflows, str() of 4300 digits fails


ERR = T.Elem("<error>", "error")

# standard functions whose values (argument index first..last) take the call's type
_GENERIC_VALUES = {
    "SEL": (1, None),
    "MAX": (0, None),
    "MIN": (0, None),
    "LIMIT": (0, None),
    "MUX": (1, None),
    "MOVE": (0, None),
    "ABS": (0, None),
    "SHL": (0, 1),
    "SHR": (0, 1),
    "ROL": (0, 1),
    "ROR": (0, 1),
    "ADD": (0, None),
    "SUB": (0, None),
    "MUL": (0, None),
    "DIV": (0, None),
    "MOD": (0, None),
    "SQRT": (0, None),
    "LN": (0, None),
    "LOG": (0, None),
    "EXP": (0, None),
    "SIN": (0, None),
    "COS": (0, None),
    "TAN": (0, None),
    "ASIN": (0, None),
    "ACOS": (0, None),
    "ATAN": (0, None),
}


def std_names() -> set[str]:
    names = set(STD_FUNCTIONS) | set(std_fb_interfaces())
    return names


# ----------------------------------------------------------------------------- context


class CheckContext:
    """The state of one check and what every part of the checker uses: diagnostics, names."""

    def __init__(self, sf: A.SourceFile, filename: str):
        self.const_memo: dict[int, tuple] = {}  # node id -> (folded value,) or (ConstTooLarge,)
        self.sf = sf
        self.filename = filename
        self.bag = DiagnosticBag(filename)
        self.out = CheckedProgram(filename)
        self.out.keep.append(sf)
        self.type_decls: dict[str, A.TypeDecl] = {}
        self.resolving: set[str] = set()
        self.type_depth = 0  # resolve_type calls under way
        self.hints_left = MAX_HINTS  # "did you mean" suggestions still to make (see hint())
        self.located_at: dict[str, list[VarInfo]] = {}  # address -> variables declared AT it
        self.type_inits: dict[int, object] = {}  # id(TypeDecl) -> its initial value (type_init)
        self.enum_index: dict[str, list[T.EnumT]] = {}  # value name -> enumerations that have it
        self.pou = None  # PouInfo being checked
        self.loop_depth = 0
        self.fb_ifaces = std_fb_interfaces()
        self.std_names = std_names()

    # ------------------------------------------------------------------ diagnostics
    def err(self, node, code: str, msg: str) -> None:
        self.bag.at(node, "error", code, msg)

    def warn(self, node, code: str, msg: str) -> None:
        self.bag.at(node, "warning", code, msg)

    def err_at(self, line: int, col: int, code: str, msg: str) -> None:
        self.bag.error(code, msg, line, col)

    def warn_at(self, line: int, col: int, code: str, msg: str) -> None:
        self.bag.warning(code, msg, line, col)

    def check_identifier(self, name: str, line: int, col: int) -> None:
        """IEC 61131-3 (6.1.2) forbids identifiers with leading double underscores (__LIM_SW5)."""
        if name.startswith("__"):
            self.err_at(
                line,
                col,
                "E206",
                f"'{name}' is not a valid name: IEC 61131-3 names cannot start with two underscores "
                "(CODESYS keeps those for its own operators such as __NEW)",
            )

    # ------------------------------------------------------------------ names
    def lookup_var(self, name: str) -> VarInfo | None:
        key = name.lower()
        if self.pou is not None:
            v = self.pou.vars.get(key)
            if v is not None:
                return v
            parent = self.pou.parent
            if parent is not None:  # a method sees its function block's variables (not its VAR_TEMP)
                v = parent.vars.get(key)
                if v is not None and v.kind != "VAR_TEMP":
                    return v
        return self.out.globals.get(key)

    def current_fb(self) -> PouInfo | None:
        """The function block whose body or method is being checked, or None."""
        p = self.pou
        if p is None:
            return None
        if p.kind == "METHOD":
            return p.parent
        return p if p.kind == "FUNCTION_BLOCK" else None

    def hint(self, name: str, candidates) -> str:
        """did_you_mean, for the first MAX_HINTS unknown names only: each compares the name with every
        candidate, so 20k unknown names among 20k declared ones were quadratic (a minute for 3k)."""
        if self.hints_left <= 0:
            return ""
        self.hints_left -= 1
        return did_you_mean(name, candidates)


# ----------------------------------------------------------------------------- helpers


def _intish(t: T.Type) -> bool:
    return t.is_intlike


def _cycle_groups(graph: dict[str, set[str]]) -> dict[str, int]:
    """Nodes on a cycle -> the number of their strongly connected group (Tarjan, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    out: dict[str, int] = {}
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, it = work[-1]
            nxt = next(it, None)
            if nxt is not None:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(graph[nxt]))))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                members = []
                while True:
                    m = stack.pop()
                    on_stack.discard(m)
                    members.append(m)
                    if m == node:
                        break
                if len(members) > 1 or node in graph[node]:
                    for m in members:
                        out[m] = index[node]
    return out


def _addr_ident(addr: str) -> str:
    # one-to-one: an address holds letters, digits, '.' and a final '*', never '_'
    return addr.lstrip("%").lower().replace(".", "_").replace("*", "_star")


def _describe(e) -> str:
    if isinstance(e, A.Name):
        return f"'{e.name}'"
    if isinstance(e, A.FieldAccess):
        inner = _describe(e.base).strip("'")
        return f"'{inner}.{e.field}'"
    if isinstance(e, A.IndexAccess):
        return f"'{_describe(e.base).strip(chr(39))}[...]'"
    return "the expression"


def _parse_conversion(upper: str):
    """'REAL_TO_INT' -> ('REAL', 'INT'); 'TO_INT' -> (None, 'INT'); otherwise None."""
    if upper.startswith("TO_") and upper[3:] in T.CONVERSION_NAMES:
        return (None, upper[3:])
    if "_TO_" in upper:
        src, _, dst = upper.partition("_TO_")
        if src in T.CONVERSION_NAMES and dst in T.CONVERSION_NAMES:
            return (src, dst)
    return None
