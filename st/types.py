"""ST types: elementary types, derived types, generic categories and implicit widening.

Every type object knows its display name (for messages), its kind and, for numbers, its
bit width and value range. The widening rules follow IEC 61131-3 ed. 3 (table 11) with one
CODESYS leniency, written down in docs/st-semantics.md: an integer converts implicitly to a
bit string (and back) when every value of the source fits the target.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .stdlib import wrap_signed, wrap_unsigned


class Type:
    name = "?"
    kind = "?"

    # categories (overridden where true)
    is_bool = False
    is_int = False  # signed or unsigned integer (ANY_INT)
    is_bits = False  # BYTE .. LWORD (ANY_BIT without BOOL)
    is_real = False
    is_time = False  # TIME / LTIME
    is_date = False  # DATE / TOD / DT
    is_string = False
    is_enum = False
    is_array = False
    is_struct = False
    is_fb = False
    is_elementary = False

    @property
    def is_num(self) -> bool:
        return self.is_int or self.is_real

    @property
    def is_intlike(self) -> bool:
        """Stored as a wrapped Python int of fixed width (integers and bit strings)."""
        return self.is_int or self.is_bits

    @property
    def is_scalar(self) -> bool:
        return not (self.is_array or self.is_struct or self.is_fb)

    def __repr__(self) -> str:
        return self.name

    def __str__(self) -> str:
        return self.name


class Elem(Type):
    """An elementary type. ``lo``/``hi`` are the value range for integers and bit strings."""

    is_elementary = True

    def __init__(self, name: str, kind: str, bits: int = 0, signed: bool = False):
        self.name = name
        self.kind = kind  # 'bool' 'int' 'bits' 'real' 'time' 'ltime' 'date' 'tod' 'dt'
        self.bits = bits
        self.signed = signed
        if kind in ("int", "bits"):
            if signed:
                self.lo, self.hi = -(1 << (bits - 1)), (1 << (bits - 1)) - 1
            else:
                self.lo, self.hi = 0, (1 << bits) - 1
        elif kind == "bool":
            self.lo, self.hi = 0, 1
        else:
            self.lo = self.hi = None
        self.is_bool = kind == "bool"
        self.is_int = kind == "int"
        self.is_bits = kind == "bits"
        self.is_real = kind == "real"
        self.is_time = kind in ("time", "ltime")
        self.is_date = kind in ("date", "tod", "dt")
        self.base = self  # a subrange's base is its elementary type


class Subrange(Elem):
    """INT(0..100): stored like its base (same wrap), literals checked against lo..hi."""

    def __init__(self, name: str, base: Elem, lo: int, hi: int):
        super().__init__(name, base.kind, base.bits, base.signed)
        self.base = base
        self.lo, self.hi = lo, hi


class StringT(Type):
    is_string = True
    kind = "string"
    is_elementary = True

    def __init__(self, length: int = 80, wide: bool = False):
        self.length = length
        self.wide = wide
        base = "WSTRING" if wide else "STRING"
        self.name = base if length == 80 else f"{base}[{length}]"


class ArrayT(Type):
    is_array = True
    kind = "array"

    def __init__(self, dims: list[tuple[int, int]], elem: Type):
        self.dims = dims
        self.elem = elem
        bounds = ", ".join(f"{lo}..{hi}" for lo, hi in dims)
        self.name = f"ARRAY[{bounds}] OF {elem.name}"
        self.size = 1
        for lo, hi in dims:
            self.size *= hi - lo + 1
        # strides of the flat list, row-major (last index fastest)
        self.strides = []
        s = 1
        for lo, hi in reversed(dims):
            self.strides.insert(0, s)
            s *= hi - lo + 1


@dataclass
class Field:
    name: str
    type: Type
    init: object = None  # compile-time initial value (python value or nested template), None = default
    line: int = 0
    col: int = 0


class StructT(Type):
    is_struct = True
    kind = "struct"

    def __init__(self, name: str):
        self.name = name
        self.fields: dict[str, Field] = {}  # lower name -> Field, in declaration order
        self.pyname = "S_" + name.lower()


class EnumT(Type):
    is_enum = True
    kind = "enum"

    def __init__(self, name: str, base: Elem):
        self.name = name
        self.base = base
        self.values: list[tuple[str, int]] = []
        self.by_lower: dict[str, int] = {}
        self.default = 0

    def add(self, name: str, value: int) -> None:
        if not self.values:
            self.default = value  # the first value is the default (IEC)
        self.values.append((name, value))
        self.by_lower[name.lower()] = value

    def name_of(self, value: int) -> str:
        for n, v in self.values:
            if v == value:
                return n
        return str(value)


class FBT(Type):
    """A function block type (user or standard). ``vars`` maps lower name -> var info."""

    is_fb = True
    kind = "fb"

    def __init__(self, name: str, pyname: str, standard: bool = False):
        self.name = name
        self.pyname = pyname
        self.standard = standard
        self.vars: dict = {}  # lower -> checker.VarInfo (inputs, outputs, in-outs, internals)
        self.pou = None  # checker.PouInfo for user FBs
        self.base: FBT | None = None  # EXTENDS
        self.methods: dict = {}  # lower -> checker.PouInfo (own and inherited; overrides replace)
        self.props: dict = {}  # lower -> checker.PropInfo
        self.interfaces: list[IfaceT] = []  # IMPLEMENTS (own; see implements())
        self.abstract = False
        self.final = False

    def derives_from(self, other: FBT) -> bool:
        t = self
        while t is not None:
            if t is other:
                return True
            t = t.base
        return False

    def implements(self, itf: IfaceT) -> bool:
        t = self
        while t is not None:
            if any(i.derives_from(itf) for i in t.interfaces):
                return True
            t = t.base
        return False


class IfaceT(Type):
    """An INTERFACE: a variable of it holds an FB instance that implements it, or nothing (0)."""

    kind = "interface"

    def __init__(self, name: str):
        self.name = name
        self.bases: list[IfaceT] = []
        self.methods: dict = {}  # lower -> checker.PouInfo (prototypes, inherited ones too)
        self.props: dict = {}  # lower -> checker.PropInfo

    def derives_from(self, other: IfaceT) -> bool:
        return self is other or any(b.derives_from(other) for b in self.bases)


class ConfArrayT(Type):
    """ARRAY[*] OF elem (a VAR_IN_OUT only): takes an array of any bounds with ``dims`` dimensions;
    LOWER_BOUND and UPPER_BOUND read the bounds of the array passed."""

    is_array = True
    kind = "array"

    def __init__(self, dims: int, elem: Type):
        self.dims_count = dims
        self.elem = elem
        self.name = f"ARRAY[{', '.join('*' * dims)}] OF {elem.name}"


class RefT(Type):
    """REF_TO target (IEC: read through ``r^``) or REFERENCE TO target (CODESYS: the name alone is the
    target). Its value is nothing (NULL) or the place of a variable."""

    kind = "ref"

    def __init__(self, target: Type, implicit: bool = False):
        self.target = target
        self.implicit = implicit
        self.name = ("REFERENCE TO " if implicit else "REF_TO ") + target.name


class PtrT(Elem):
    """POINTER TO target (CODESYS): an address in the program's memory (st/memory.py), stored and
    computed as a DWORD (32-bit addresses: ``pt := pt + 1`` moves one byte, a DWORD takes it and gives
    it back), read and written through ``p^``; 0 is NULL."""

    def __init__(self, target: Type):
        super().__init__("POINTER TO " + target.name, "bits", 32)
        self.target = target
        self.base = DWORD_BASE


class NullT(Type):
    """The type of NULL: fits any REF_TO, REFERENCE TO or interface."""

    name = "NULL"
    kind = "null"


NULL = NullT()


@dataclass
class IntLitT(Type):
    """The type of an untyped integer literal: fits any numeric or bit target it is in range of."""

    value: int = 0
    name: str = field(default="ANY_INT literal")
    kind: str = "intlit"
    is_int = True

    def natural(self) -> Elem:
        for t in (DINT, LINT):
            if t.lo <= self.value <= t.hi:
                return t
        return ULINT if 0 <= self.value <= ULINT.hi else LINT


class RealLitT(Type):
    name = "ANY_REAL literal"
    kind = "reallit"
    is_real = True


BOOL = Elem("BOOL", "bool", 1)
SINT = Elem("SINT", "int", 8, True)
INT = Elem("INT", "int", 16, True)
DINT = Elem("DINT", "int", 32, True)
LINT = Elem("LINT", "int", 64, True)
USINT = Elem("USINT", "int", 8)
UINT = Elem("UINT", "int", 16)
UDINT = Elem("UDINT", "int", 32)
ULINT = Elem("ULINT", "int", 64)
BYTE = Elem("BYTE", "bits", 8)
WORD = Elem("WORD", "bits", 16)
DWORD = Elem("DWORD", "bits", 32)
DWORD_BASE = DWORD  # what a POINTER TO is stored and computed as
LWORD = Elem("LWORD", "bits", 64)
REAL = Elem("REAL", "real", 32)
LREAL = Elem("LREAL", "real", 64)
TIME = Elem("TIME", "time", 64, True)
LTIME = Elem("LTIME", "ltime", 64, True)
DATE = Elem("DATE", "date", 64, True)
TOD = Elem("TIME_OF_DAY", "tod", 64, True)
DT = Elem("DATE_AND_TIME", "dt", 64, True)
STRING = StringT(80)
WSTRING = StringT(80, wide=True)

ELEMENTARY: dict[str, Type] = {
    t.name: t
    for t in (
        BOOL,
        SINT,
        INT,
        DINT,
        LINT,
        USINT,
        UINT,
        UDINT,
        ULINT,
        BYTE,
        WORD,
        DWORD,
        LWORD,
        REAL,
        LREAL,
        TIME,
        LTIME,
        DATE,
        TOD,
        DT,
        STRING,
        WSTRING,
    )
}
ELEMENTARY.update(
    {"TOD": TOD, "DT": DT, "LDATE": DATE, "LTOD": TOD, "LDT": DT, "LTIME_OF_DAY": TOD, "LDATE_AND_TIME": DT}
)

# names usable in conversion functions (X_TO_Y)
CONVERSION_NAMES: dict[str, Type] = {k: v for k, v in ELEMENTARY.items()}

# Generic categories for the standard functions' documentation and checks.
GENERIC = {
    "ANY_INT": lambda t: t.is_int,
    "ANY_BIT": lambda t: t.is_bits or t.is_bool,
    "ANY_REAL": lambda t: t.is_real,
    "ANY_NUM": lambda t: t.is_int or t.is_real,
    "ANY_MAGNITUDE": lambda t: t.is_int or t.is_real or t.is_time,
    "ANY_ELEMENTARY": lambda t: t.is_elementary or t.is_enum,
    "ANY_STRING": lambda t: t.is_string,
    "ANY_DATE": lambda t: t.is_date,
}


def same(a: Type, b: Type) -> bool:
    if a is b:
        return True
    if isinstance(a, StringT) and isinstance(b, StringT):
        return a.wide == b.wide
    if isinstance(a, Elem) and isinstance(b, Elem):
        return a.base is b.base
    if isinstance(a, ArrayT) and isinstance(b, ArrayT):
        return [hi - lo for lo, hi in a.dims] == [hi - lo for lo, hi in b.dims] and same(a.elem, b.elem)
    if isinstance(a, ConfArrayT) or isinstance(b, ConfArrayT):  # ARRAY[*] takes any bounds
        na = a.dims_count if isinstance(a, ConfArrayT) else len(getattr(a, "dims", ()))
        nb = b.dims_count if isinstance(b, ConfArrayT) else len(getattr(b, "dims", ()))
        return a.is_array and b.is_array and na == nb and same(a.elem, b.elem)
    if isinstance(a, RefT) and isinstance(b, RefT):
        return a.implicit == b.implicit and same(a.target, b.target)
    return False


def literal_fits(value: int, t: Type) -> bool:
    if isinstance(t, Elem) and (t.is_int or t.is_bits):
        return t.lo <= value <= t.hi
    if isinstance(t, Elem) and t.is_real:
        return True
    return False


def can_widen(src: Type, dst: Type) -> bool:
    """May a value of ``src`` be stored in ``dst`` without an explicit conversion?"""
    if same(src, dst):
        return True
    if isinstance(src, IntLitT):
        if isinstance(dst, Elem) and (dst.is_int or dst.is_bits):
            return literal_fits(src.value, dst)
        return isinstance(dst, Elem) and dst.is_real
    if isinstance(src, RealLitT):
        return isinstance(dst, Elem) and dst.is_real
    if isinstance(src, StringT) and isinstance(dst, StringT):
        return src.wide == dst.wide
    if not (isinstance(src, Elem) and isinstance(dst, Elem)):
        return False
    s, d = src.base, dst.base
    if (s.is_int or s.is_bits) and (d.is_int or d.is_bits):
        if s.is_bits or d.is_bits:
            # CODESYS leniency: bit strings and integers mix when the target is at least as wide
            return d.bits >= s.bits
        return d.lo <= s.lo and s.hi <= d.hi
    if (s.is_int or s.is_bits) and d.is_real:
        # a bit string counts as the unsigned integer of its width (CODESYS: BYTE is 0..255)
        return d.bits == 64 or s.bits <= 16
    if s.is_real and d.is_real:
        return d.bits >= s.bits
    if s is TIME and d is LTIME:
        return False
    return False


_NUMERIC_LADDER = [SINT, USINT, INT, UINT, DINT, UDINT, LINT, ULINT, REAL, LREAL]


def common_type(a: Type, b: Type) -> Type | None:
    """The type of ``a op b`` for arithmetic: the smaller type both widen to, or None."""
    if isinstance(a, IntLitT) and isinstance(b, IntLitT):
        return LINT if LINT in (a.natural(), b.natural()) else DINT
    if isinstance(a, IntLitT) and not isinstance(b, IntLitT):
        a, b = b, a
    if isinstance(b, IntLitT):
        if isinstance(a, Elem) and (a.is_int or a.is_bits) and literal_fits(b.value, a):
            return a.base
        if isinstance(a, Elem) and a.is_real:
            return a.base
        b = b.natural()
    if isinstance(a, RealLitT) and isinstance(b, RealLitT):
        return LREAL
    if isinstance(a, RealLitT):
        a, b = b, a
    if isinstance(b, RealLitT):
        if isinstance(a, Elem) and a.is_real:
            return a.base
        if isinstance(a, Elem) and (a.is_int or a.is_bits):
            return REAL if a.bits <= 16 else LREAL
        return None
    if not (isinstance(a, Elem) and isinstance(b, Elem)):
        return None
    a, b = a.base, b.base
    if a is b:
        return a
    if can_widen(a, b):
        return b
    if can_widen(b, a):
        return a
    if a.is_bits and b.is_bits:
        return a if a.bits >= b.bits else b
    for t in _NUMERIC_LADDER:
        if can_widen(a, t) and can_widen(b, t):
            return t
    return None


def concrete(t: Type) -> Type:
    """Give literal pseudo-types their natural elementary type."""
    if isinstance(t, IntLitT):
        return t.natural()
    if isinstance(t, RealLitT):
        return LREAL
    return t


def default_value(t: Type):
    """The Python value a variable of type ``t`` starts with (scalars only)."""
    if isinstance(t, Elem):
        if t.is_bool:
            return False
        if t.is_real:
            return 0.0
        if isinstance(t, Subrange):
            return t.lo if t.lo > 0 or t.hi < 0 else 0
        return 0
    if isinstance(t, StringT):
        return ""
    if isinstance(t, EnumT):
        return t.default
    return None


def wrap(value: int, t: Elem) -> int:
    """Two's complement wrap of ``value`` to the width of ``t``."""
    b = t.base
    return wrap_signed(value, b.bits) if b.signed else wrap_unsigned(value, b.bits)


def conversion_hint(src: Type, dst: Type) -> str:
    """'use REAL_TO_INT(...)' for a narrowing assignment between elementary types, or ''."""
    s, d = src, dst
    if isinstance(s, IntLitT):
        return ""
    if isinstance(s, RealLitT):
        s = LREAL
    if isinstance(s, Elem):
        s = s.base
    if isinstance(d, Elem):
        d = d.base
    sname = short_name(s)
    dname = short_name(d)
    if sname and dname:
        return f"use {sname}_TO_{dname}(...)"
    return ""


def short_name(t: Type) -> str | None:
    """The name conversion functions use: TOD, DT, STRING ... (None for types with none)."""
    if t is TOD:
        return "TOD"
    if t is DT:
        return "DT"
    if isinstance(t, PtrT):
        return "DWORD"
    if isinstance(t, StringT):
        return "WSTRING" if t.wide else "STRING"
    if isinstance(t, Elem):
        return t.name
    return None
