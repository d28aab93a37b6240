"""The ST standard library at run time: standard function blocks and the helpers generated code calls.

This module is the one home of every run-time helper: the generated code calls these very
functions (st/runtime.py binds them under the names codegen emits), so there is one
implementation of each rule.

Conventions (shared with st/codegen.py, see the brief in docs/architecture.md):
- An ST name X is the Python attribute ``v_`` + X.lower(): TON.IN -> ``v_in``, TON.Q -> ``v_q``.
- A function block is an object with ``__slots__``; the caller sets the inputs as attributes,
  calls ``run(ctx)`` once, then reads the outputs. ``ctx.now`` is the scan time in integer
  milliseconds, the same for every call in one scan.
- TIME values are int milliseconds; integers are Python ints already wrapped to their type.
- Runtime faults are ``st.faults.PlcFault`` with a sentence the user can act on.

Choices made here (also in docs/st-semantics.md):
- Timers compare the scan time with the start time on every call: Q rises on the first scan where
  now - start >= PT (PT = 100 ms, IN TRUE from t = 0 -> Q at t = 100 ms, the 11th scan). A changed
  PT takes effect on the next call while the timer runs; once TON's Q is TRUE it stays TRUE until
  IN falls (as CODESYS), and ET stays clamped at the PT that ended the timing.
- TP: a rising IN starts a pulse only when no pulse is running; Q is TRUE for PT; ET holds PT after
  the pulse while IN stays TRUE and returns to 0 when IN is FALSE. A PT <= 0 gives no pulse.
- TOF: Q follows IN up; the falling edge starts the timer; Q falls when the off-delay has elapsed.
- Counters are INT: CTU stops at 32767, CTD at -32768; R (CTU/CTUD) wins over counting, LD loads PV.
- REAL_TO_INT and friends round half to even and saturate: a REAL beyond the target's range gives
  the nearest limit (REAL_TO_INT(1.0E9) = 32767, infinity too) and NaN gives 0 (CODESYS leaves both
  undefined; a value, not a fault, so a program that guards its own arithmetic keeps running).
- String positions are 1-based. Out-of-range arguments never raise: LEFT/RIGHT/MID with a length
  <= 0 give '', MID/DELETE with P outside the string give '' / the string unchanged, INSERT clamps P
  into 0..LEN, REPLACE clamps P into 1..LEN+1, FIND of '' is 0.
"""

from __future__ import annotations

import array
import calendar
import datetime
import math
import re

from .faults import PlcFault

INT_MIN, INT_MAX = -32768, 32767

# --------------------------------------------------------------------------- standard function blocks

# The one description of each standard FB: (parameter, type, role). The checker types calls with
# it and each class below takes its slots and initial values (FALSE / 0) from it.
_TIMER = [
    ("IN", "BOOL", "input"),
    ("PT", "TIME", "input"),
    ("Q", "BOOL", "output"),
    ("ET", "TIME", "output"),
    ("M", "BOOL", "internal"),  # IN on the previous call (edge memory)
    ("START", "TIME", "internal"),  # scan time of the edge that started the timing
]
FB_INTERFACES: dict[str, list[tuple[str, str, str]]] = {
    "TON": list(_TIMER),
    "TOF": list(_TIMER),
    "TP": list(_TIMER),
    "CTU": [
        ("CU", "BOOL", "input"),
        ("R", "BOOL", "input"),
        ("PV", "INT", "input"),
        ("Q", "BOOL", "output"),
        ("CV", "INT", "output"),
        ("M", "BOOL", "internal"),
    ],
    "CTD": [
        ("CD", "BOOL", "input"),
        ("LD", "BOOL", "input"),
        ("PV", "INT", "input"),
        ("Q", "BOOL", "output"),
        ("CV", "INT", "output"),
        ("M", "BOOL", "internal"),
    ],
    "CTUD": [
        ("CU", "BOOL", "input"),
        ("CD", "BOOL", "input"),
        ("R", "BOOL", "input"),
        ("LD", "BOOL", "input"),
        ("PV", "INT", "input"),
        ("QU", "BOOL", "output"),
        ("QD", "BOOL", "output"),
        ("CV", "INT", "output"),
        ("MU", "BOOL", "internal"),
        ("MD", "BOOL", "internal"),
    ],
    "R_TRIG": [("CLK", "BOOL", "input"), ("Q", "BOOL", "output"), ("M", "BOOL", "internal")],
    "F_TRIG": [("CLK", "BOOL", "input"), ("Q", "BOOL", "output"), ("M", "BOOL", "internal")],
    "SR": [("S1", "BOOL", "input"), ("R", "BOOL", "input"), ("Q1", "BOOL", "output")],
    "RS": [("S", "BOOL", "input"), ("R1", "BOOL", "input"), ("Q1", "BOOL", "output")],
}


def _members(name: str) -> type:
    """A base class holding the members of standard FB ``name`` as slots, each FALSE or 0 at first."""
    defaults = tuple(("v_" + m.lower(), False if t == "BOOL" else 0) for m, t, _ in FB_INTERFACES[name])

    def __init__(self):
        for attr, value in defaults:
            setattr(self, attr, value)

    return type(f"{name}_members", (), {"__slots__": tuple(a for a, _ in defaults), "__init__": __init__})


_TIMER_MEMBERS = _members("TON")  # TON, TOF and TP store the same members


class TON(_TIMER_MEMBERS):
    """On-delay timer: Q rises when IN has been TRUE for PT."""

    __slots__ = ()

    def run(self, ctx):
        if self.v_in:
            now = ctx.now
            if not self.v_m:
                self.v_start = now
            if not self.v_q:
                elapsed = now - self.v_start
                pt = self.v_pt
                if elapsed >= pt:
                    self.v_q = True
                    self.v_et = pt if pt > 0 else 0
                else:
                    self.v_et = elapsed
        else:
            self.v_q = False
            self.v_et = 0
        self.v_m = self.v_in


class TOF(_TIMER_MEMBERS):
    """Off-delay timer: Q follows IN up and falls PT after IN falls."""

    __slots__ = ()

    def run(self, ctx):
        if self.v_in:
            self.v_q = True
            self.v_et = 0
        else:
            now = ctx.now
            if self.v_m:  # falling edge: start the off-delay
                self.v_start = now
            if self.v_q:
                elapsed = now - self.v_start
                pt = self.v_pt
                if elapsed >= pt:
                    self.v_q = False
                    self.v_et = pt if pt > 0 else 0
                else:
                    self.v_et = elapsed
        self.v_m = self.v_in


class TP(_TIMER_MEMBERS):
    """Pulse timer: a rising IN gives a pulse of exactly PT on Q (not retriggerable)."""

    __slots__ = ()

    def run(self, ctx):
        now = ctx.now
        if not self.v_q and self.v_in and not self.v_m:
            self.v_start = now
            self.v_q = True
        if self.v_q:
            elapsed = now - self.v_start
            pt = self.v_pt
            if elapsed >= pt:
                self.v_q = False
                self.v_et = pt if pt > 0 else 0
            else:
                self.v_et = elapsed
        if not self.v_q and not self.v_in:
            self.v_et = 0
        self.v_m = self.v_in


def _ctu_run(lo: int, hi: int):
    """CTU's scan for a counter of range lo..hi (the limit a closure constant: no lookup per call)."""

    def run(self, ctx):
        if self.v_r:
            self.v_cv = 0
        elif self.v_cu and not self.v_m and self.v_cv < hi:
            self.v_cv += 1
        self.v_m = self.v_cu
        self.v_q = self.v_cv >= self.v_pv

    return run


def _ctd_run(lo: int, hi: int):
    def run(self, ctx):
        if self.v_ld:
            self.v_cv = self.v_pv
        elif self.v_cd and not self.v_m and self.v_cv > lo:
            self.v_cv -= 1
        self.v_m = self.v_cd
        self.v_q = self.v_cv <= 0

    return run


def _ctud_run(lo: int, hi: int):
    def run(self, ctx):
        up = self.v_cu and not self.v_mu
        down = self.v_cd and not self.v_md
        if self.v_r:
            self.v_cv = 0
        elif self.v_ld:
            self.v_cv = self.v_pv
        elif up and not down:
            if self.v_cv < hi:
                self.v_cv += 1
        elif down and not up:
            if self.v_cv > lo:
                self.v_cv -= 1
        self.v_mu = self.v_cu
        self.v_md = self.v_cd
        self.v_qu = self.v_cv >= self.v_pv
        self.v_qd = self.v_cv <= 0

    return run


class CTU(_members("CTU")):
    """Up counter: counts rising edges of CU up to 32767 (CTU_DINT ...: its type's maximum); R
    resets; Q := CV >= PV."""

    __slots__ = ()
    run = _ctu_run(INT_MIN, INT_MAX)


class CTD(_members("CTD")):
    """Down counter: counts rising edges of CD down to -32768 (CTD_UDINT ...: its type's minimum); LD
    loads PV; Q := CV <= 0."""

    __slots__ = ()
    run = _ctd_run(INT_MIN, INT_MAX)


class CTUD(_members("CTUD")):
    """Up/down counter: R resets (wins), LD loads PV, edges on CU/CD count (both at once: no change)."""

    __slots__ = ()
    run = _ctud_run(INT_MIN, INT_MAX)


class R_TRIG(_members("R_TRIG")):  # noqa: N801 - the IEC name
    """Rising edge: Q is TRUE for one call when CLK goes from FALSE to TRUE (M starts FALSE)."""

    __slots__ = ()

    def run(self, ctx):
        clk = self.v_clk
        self.v_q = clk and not self.v_m
        self.v_m = clk


class F_TRIG(_members("F_TRIG")):  # noqa: N801 - the IEC name
    """Falling edge: Q := M AND NOT CLK; M := CLK, with M FALSE at first: a falling edge needs a
    TRUE first, so the first call with CLK FALSE does not pulse (CODESYS Standard, TwinCAT; IEC
    edition 2 and matiec pulse there)."""

    __slots__ = ()

    def run(self, ctx):
        clk = self.v_clk
        self.v_q = self.v_m and not clk
        self.v_m = clk


class SR(_members("SR")):
    """Set-dominant flip-flop: Q1 := S1 OR (NOT R AND Q1)."""

    __slots__ = ()

    def run(self, ctx):
        self.v_q1 = bool(self.v_s1 or (not self.v_r and self.v_q1))


class RS(_members("RS")):
    """Reset-dominant flip-flop: Q1 := NOT R1 AND (S OR Q1)."""

    __slots__ = ()

    def run(self, ctx):
        self.v_q1 = bool(not self.v_r1 and (self.v_s or self.v_q1))


STANDARD_FBS: dict[str, type] = {
    "TON": TON,
    "TOF": TOF,
    "TP": TP,
    "CTU": CTU,
    "CTD": CTD,
    "CTUD": CTUD,
    "R_TRIG": R_TRIG,
    "F_TRIG": F_TRIG,
    "SR": SR,
    "RS": RS,
}

# CODESYS spells some parameters differently from IEC 61131-3; both spellings are accepted.
# alias -> IEC name, per FB. Each alias is also a property on the class, so generated code that
# writes ``inst.v_reset`` reaches ``v_r``; the checker may map aliases to the IEC names instead.
FB_PARAM_ALIASES: dict[str, dict[str, str]] = {
    "CTU": {"RESET": "R"},
    "CTD": {"LOAD": "LD"},
    "CTUD": {"RESET": "R", "LOAD": "LD"},
    "SR": {"SET1": "S1", "RESET": "R"},
    "RS": {"SET": "S", "RESET1": "R1"},
}


def _alias(target: str) -> property:
    def get(self):
        return getattr(self, target)

    def set_(self, value):
        setattr(self, target, value)

    return property(get, set_, doc=f"alias of {target}")


for _fb, _aliases in FB_PARAM_ALIASES.items():
    for _alias_name, _iec_name in _aliases.items():
        setattr(STANDARD_FBS[_fb], "v_" + _alias_name.lower(), _alias("v_" + _iec_name.lower()))

# Typed counters (IEC 61131-3 Table 45, CODESYS, matiec): CTU_DINT, CTD_UDINT, CTUD_LINT ... PV and CV
# of that type, counting to its limits; the aliases come with the base class.
_COUNTER_TYPES = {"DINT": (-(1 << 31), (1 << 31) - 1), "LINT": (-(1 << 63), (1 << 63) - 1),
                  "UINT": (0, (1 << 16) - 1), "UDINT": (0, (1 << 32) - 1), "ULINT": (0, (1 << 64) - 1)}
for _base in ("CTU", "CTD", "CTUD"):
    for _type, (_lo, _hi) in _COUNTER_TYPES.items():
        _name = f"{_base}_{_type}"
        FB_INTERFACES[_name] = [
            (m, _type if m in ("PV", "CV") else t, role) for m, t, role in FB_INTERFACES[_base]]
        _run = {"CTU": _ctu_run, "CTD": _ctd_run, "CTUD": _ctud_run}[_base](_lo, _hi)
        STANDARD_FBS[_name] = type(_name, (STANDARD_FBS[_base],), {
            "__slots__": (), "run": _run, "__doc__": f"{_base} counting {_type} values."})
        if _base in FB_PARAM_ALIASES:
            FB_PARAM_ALIASES[_name] = FB_PARAM_ALIASES[_base]

# --------------------------------------------------------------------------- integer arithmetic


def idiv(a: int, b: int) -> int:
    """Integer '/' truncating toward zero: -7 / 2 = -3 (Python's // floors, which is wrong here)."""
    if b == 0:
        raise PlcFault("integer division by zero")
    q = a // b
    if q < 0 and q * b != a:
        q += 1
    return q


def imod(a: int, b: int) -> int:
    """MOD with the sign of the dividend: -7 MOD 2 = -1."""
    if b == 0:
        raise PlcFault("MOD by zero")
    r = abs(a) % abs(b)
    return -r if a < 0 else r


def wrap_signed(v: int, bits: int) -> int:
    """Two's complement wrap: wrap_signed(32768, 16) = -32768."""
    half = 1 << (bits - 1)
    return ((v + half) & ((1 << bits) - 1)) - half


def wrap_unsigned(v: int, bits: int) -> int:
    """Modulo wrap: wrap_unsigned(-1, 8) = 255."""
    return v & ((1 << bits) - 1)


# --------------------------------------------------------------------------- REAL helpers

# A one-element float32 array is the fastest exact rounding in CPython (measured 68 ns against 103 ns
# for struct pack/unpack). The store and load are two C calls with no bytecode boundary that can
# switch threads between them under the GIL, so sharing the buffer is safe.
_F32_BUF = array.array("f", [0.0])


def f32(x: float, _buf=_F32_BUF) -> float:
    """Round to the nearest float32 (REAL): f32(0.1) = 0.10000000149011612; too large -> inf."""
    _buf[0] = x
    return _buf[0]


LINT_MIN, LINT_MAX = -(1 << 63), (1 << 63) - 1


def round_half_even_int(x: float, lo: int = LINT_MIN, hi: int = LINT_MAX, rounding=round) -> int:
    """REAL_TO_INT and friends: round half to even (2.5 -> 2, 3.5 -> 4, -2.5 -> -2) into lo..hi.

    Beyond the range (infinity too) the nearest limit: round_half_even_int(1e9, -32768, 32767) = 32767.
    NaN gives 0. ``rounding`` is how the value becomes an integer inside the range.
    """
    if x != x:
        return 0
    if x >= hi:
        return hi
    if x <= lo:
        return lo
    return rounding(x)


def trunc_int(x: float, lo: int = LINT_MIN, hi: int = LINT_MAX) -> int:
    """TRUNC and REAL to TIME: toward zero (-2.7 -> -2), saturating and NaN -> 0 as REAL_TO_INT."""
    return round_half_even_int(x, lo, hi, math.trunc)


_NAN = float("nan")
_INF = float("inf")


# The math functions let the C library check the domain (a try costs nothing until it raises,
# measured 87 ns against 122 ns for testing the argument first) and answer as IEEE would.


def _ieee(fn, name: str, at_zero: float = _NAN, doc: str = ""):
    """``fn`` giving NaN outside its domain (``at_zero`` at 0) instead of raising ValueError."""

    def st_fn(x: float) -> float:
        try:
            return fn(x)
        except ValueError:
            return at_zero if x == 0 else _NAN

    st_fn.__name__ = st_fn.__qualname__ = name
    st_fn.__doc__ = doc
    return st_fn


st_sqrt = _ieee(math.sqrt, "st_sqrt", doc="SQRT(-1.0) = NaN.")
st_ln = _ieee(math.log, "st_ln", -_INF, "LN(0.0) = -inf, LN(-1.0) = NaN.")
st_log = _ieee(math.log10, "st_log", -_INF, "LOG(0.0) = -inf, LOG(-1.0) = NaN.")
st_asin = _ieee(math.asin, "st_asin", doc="ASIN(2.0) = NaN.")
st_acos = _ieee(math.acos, "st_acos", doc="ACOS(2.0) = NaN.")
st_sin = _ieee(math.sin, "st_sin", doc="SIN of an infinity = NaN.")
st_cos = _ieee(math.cos, "st_cos", doc="COS of an infinity = NaN.")
st_tan = _ieee(math.tan, "st_tan", doc="TAN of an infinity = NaN.")
st_atan = math.atan  # defined everywhere: ATAN(inf) = pi / 2


def st_exp(x: float) -> float:
    """EXP(1000.0) = inf."""
    try:
        return math.exp(x)
    except OverflowError:
        return _INF


def _odd(b) -> bool:
    return b % 2 == 1  # False for fractions, infinities and NaN


def st_expt(a, b) -> float:
    """EXPT(a, b) = a ** b as IEEE does it: 0 ** -1 = inf, (-8) ** 0.5 = NaN, overflow = +/-inf.

    Integer operands are raised exactly and rounded once (EXPT(10, 23) = 1e23, where a float power
    gives 1.0000000000000001e23); an integer exponent too large for any finite result goes the
    float way instead of building a huge integer."""
    if type(b) is int and b > 1100 and type(a) is int:
        a, b = float(a), float(b)
    try:
        r = a**b
        if type(r) is complex:  # a negative base to a fractional power
            return _NAN
        return float(r)
    except ZeroDivisionError:  # 0 to a negative power: the pole
        return math.copysign(_INF, a) if _odd(b) else _INF
    except OverflowError:
        return -_INF if a < 0 and _odd(b) else _INF


def real_div(a: float, b: float) -> float:
    """REAL '/' as IEEE: 1.0 / 0.0 = inf, -1.0 / 0.0 = -inf, 0.0 / 0.0 = NaN (Python raises)."""
    try:
        return a / b
    except ZeroDivisionError:
        if a != a or a == 0:
            return _NAN
        return math.copysign(_INF, a) * math.copysign(1.0, b)


# --------------------------------------------------------------------------- bit strings


def shl(v: int, n: int, bits: int) -> int:
    """SHL: shift left by n, bits shifted out are lost (SHL(BYTE#16#81, 1) = 16#02)."""
    mask = (1 << bits) - 1
    if n <= 0:
        return v & mask
    if n >= bits:
        return 0
    return (v << n) & mask


def shr(v: int, n: int, bits: int) -> int:
    """SHR: logical shift right by n, zeros come in from the left."""
    mask = (1 << bits) - 1
    if n <= 0:
        return v & mask
    if n >= bits:
        return 0
    return (v & mask) >> n


def rol(v: int, n: int, bits: int) -> int:
    """ROL: rotate left (ROL(BYTE#16#81, 1) = 16#03); n is taken modulo the width."""
    mask = (1 << bits) - 1
    v &= mask
    n %= bits
    if n == 0:
        return v
    return ((v << n) | (v >> (bits - n))) & mask


def ror(v: int, n: int, bits: int) -> int:
    """ROR: rotate right (ROR(BYTE#16#81, 1) = 16#C0)."""
    mask = (1 << bits) - 1
    v &= mask
    n %= bits
    if n == 0:
        return v
    return ((v >> n) | (v << (bits - n))) & mask


# --------------------------------------------------------------------------- strings (1-based)


def st_len(s: str) -> int:
    return len(s)


def st_left(s: str, n: int) -> str:
    """LEFT('ABCDE', 2) = 'AB'."""
    return s[:n] if n > 0 else ""


def st_right(s: str, n: int) -> str:
    """RIGHT('ABCDE', 2) = 'DE'."""
    return s[-n:] if n > 0 else ""


def st_mid(s: str, n: int, p: int) -> str:
    """MID('ABCDE', 2, 3) = 'CD': n characters from position p."""
    if n <= 0 or p < 1 or p > len(s):
        return ""
    return s[p - 1 : p - 1 + n]


def st_concat(*parts: str) -> str:
    """CONCAT('AB', 'CD', ...) = 'ABCD'."""
    return "".join(parts)


def st_insert(s1: str, s2: str, p: int) -> str:
    """INSERT('ABCD', 'xy', 2) = 'ABxyCD': s2 after position p (0 = in front, past the end = at the
    end); a negative p leaves s1 as it is (CODESYS)."""
    if p < 0:
        return s1
    return s1[:p] + s2 + s1[p:]


def st_delete(s: str, n: int, p: int) -> str:
    """DELETE('ABCDE', 2, 2) = 'ADE': n characters from position p. p = 0 is p = 1 with one character
    less, as CODESYS documents and keeps for compatibility; p < 0 or past the end, or n <= 0, leave s."""
    if p == 0:
        p, n = 1, n - 1
    if n <= 0 or p < 1 or p > len(s):
        return s
    return s[: p - 1] + s[p - 1 + n :]


def st_replace(s1: str, s2: str, n: int, p: int) -> str:
    """REPLACE('ABCDE', 'xy', 3, 2) = 'AxyE': n characters from position p become s2 (past the end: s2
    is appended). p = 0 is p = 1 with one character less (CODESYS, as DELETE); p < 0 leaves s1."""
    if p == 0:
        p, n = 1, n - 1
    if p < 0:
        return s1
    p = min(p, len(s1) + 1)
    n = max(n, 0)
    return s1[: p - 1] + s2 + s1[p - 1 + n :]


def st_find(s1: str, s2: str) -> int:
    """FIND('ABCBC', 'BC') = 2: 1-based position of the first match, 0 when absent (or s2 is '')."""
    if not s2:
        return 0
    return s1.find(s2) + 1


# --------------------------------------------------------------------------- display formatting

_TIME_UNITS_MS = (("d", 86_400_000), ("h", 3_600_000), ("m", 60_000), ("s", 1000), ("ms", 1))
_TIME_UNITS_NS = (
    ("d", 86_400 * 10**9),
    ("h", 3_600 * 10**9),
    ("m", 60 * 10**9),
    ("s", 10**9),
    ("ms", 10**6),
    ("us", 10**3),
    ("ns", 1),
)


_TIME_UNIT_NS = dict(_TIME_UNITS_NS)


def _format_units(value: int, units, zero_unit: str) -> str:
    sign = "-" if value < 0 else ""
    value = abs(value)
    parts = []
    for unit, size in units:
        q, value = divmod(value, size)
        if q:
            parts.append(f"{q}{unit}")
    return sign + ("".join(parts) if parts else f"0{zero_unit}")


def format_time(ms: int) -> str:
    """TIME for display: 90250 -> 'T#1m30s250ms', 0 -> 'T#0ms', -1500 -> 'T#-1s500ms'."""
    return "T#" + _format_units(int(ms), _TIME_UNITS_MS, "ms")


def format_ltime(ns: int) -> str:
    """LTIME for display: 1_500_005 -> 'LTIME#1ms500us5ns'."""
    return "LTIME#" + _format_units(int(ns), _TIME_UNITS_NS, "ns")


_ESCAPE = {"$": "$$", "\n": "$N", "\r": "$R", "\t": "$T", "\f": "$P"}


def format_string(s: str, wide: bool = False) -> str:
    """A STRING as ST source: "It's" -> "'It$'s'"; control characters as $hh ($hhhh when wide)."""
    quote = '"' if wide else "'"
    out = [quote]
    for ch in s:
        if ch in _ESCAPE:
            out.append(_ESCAPE[ch])
        elif ch == quote:
            out.append("$" + quote)
        elif ord(ch) < 32 or ord(ch) == 127 or (not wide and ord(ch) > 255):
            out.append(f"${ord(ch) & 0xFFFF:04X}" if wide else f"${ord(ch) & 0xFF:02X}")
        else:
            out.append(ch)
    out.append(quote)
    return "".join(out)


_EPOCH = datetime.datetime(1970, 1, 1)


def format_date(seconds: int) -> str:
    """DATE (seconds since 1970-01-01) -> 'D#2024-01-31'."""
    d = _EPOCH + datetime.timedelta(seconds=int(seconds))
    return f"D#{d.year:04d}-{d.month:02d}-{d.day:02d}"


def _tod_text(ms: int) -> str:
    ms = int(ms) % 86_400_000
    h, rest = divmod(ms, 3_600_000)
    m, rest = divmod(rest, 60_000)
    s, frac = divmod(rest, 1000)
    text = f"{h:02d}:{m:02d}:{s:02d}"
    if frac:
        text += f".{frac:03d}".rstrip("0")
    return text


def format_tod(ms: int) -> str:
    """TOD (milliseconds since midnight) -> 'TOD#12:30:15.5'."""
    return "TOD#" + _tod_text(ms)


def format_dt(seconds: int) -> str:
    """DT (seconds since 1970-01-01) -> 'DT#2024-01-31-12:30:00'."""
    d = _EPOCH + datetime.timedelta(seconds=int(seconds))
    return f"DT#{d.year:04d}-{d.month:02d}-{d.day:02d}-{d.hour:02d}:{d.minute:02d}:{d.second:02d}"


def date_to_seconds(year: int, month: int, day: int) -> int:
    """The DATE value of a calendar day (used by tests and by conversions)."""
    return calendar.timegm((year, month, day, 0, 0, 0))


# DATE and DT count seconds since 1970-01-01, TOD milliseconds since midnight
SECONDS_PER_DAY = 86_400
MS_PER_DAY = 86_400_000


def dt_to_tod(seconds: int) -> int:
    """DT_TO_TOD: the time of day of a date and time (DT#2024-01-01-01:00:00 -> TOD#01:00:00)."""
    return seconds % SECONDS_PER_DAY * 1000


def dt_to_date(seconds: int) -> int:
    """DT_TO_DATE: the day of a date and time, cut to midnight."""
    return seconds - seconds % SECONDS_PER_DAY


def time_to_tod(ms: int) -> int:
    """TIME_TO_TOD: a duration as a time of day, wrapped into one day (T#25h -> TOD#01:00:00)."""
    return ms % MS_PER_DAY


def dt_add(seconds: int, ms: int) -> int:
    """DT + TIME (and DT - TIME with -ms): DT counts whole seconds, so the result is the second the
    instant falls in (DT#...-00:00:00 - T#1ms is the second before midnight)."""
    return (seconds * 1000 + ms) // 1000


def tod_add(tod: int, ms: int) -> int:
    """TOD + TIME (and TOD - TIME): wrapped into one day, as TIME_TO_TOD (TOD#23:00 + T#2h = TOD#01:00)."""
    return (tod + ms) % MS_PER_DAY


def seconds_between(a: int, b: int) -> int:
    """DT - DT and DATE - DATE: the TIME (milliseconds) from b to a."""
    return (a - b) * 1000


def concat_date_tod(date: int, tod: int) -> int:
    """CONCAT_DATE_TOD: that day at that time of day (whole seconds, like every DT)."""
    return date + tod // 1000


def ltime_ms(ns: int) -> int:
    """An LTIME (nanoseconds) as a TIME's milliseconds, truncated toward zero."""
    return -(-ns // 1_000_000) if ns < 0 else ns // 1_000_000


def bcd_to_int(x: int, lo: int, hi: int) -> int:
    """BCD_TO_INT and friends: the decimal digits of the nibbles (16#42 -> 42). A nibble above 9, or
    a number beyond the result type, is not BCD: the result is -1 in the result type (all bits set),
    as CODESYS' BCD_TO_INT answers it."""
    n = 0
    scale = 1
    while x:
        d = x & 15
        if d > 9:
            return -1 if lo < 0 else hi
        n += d * scale
        scale *= 10
        x >>= 4
    return n if n <= hi else (-1 if lo < 0 else hi)


def int_to_bcd(x: int, bits: int) -> int:
    """INT_TO_BCD and friends: one nibble per decimal digit (42 -> 16#42). A negative number, or
    one with more digits than the bit string holds, has no BCD form: all bits set (CODESYS: 255)."""
    if x < 0 or len(str(x)) > bits // 4:
        return (1 << bits) - 1
    return int(str(x), 16)


def date_arith(op: str, left: str, right: str, a: int, b: int) -> int:
    """``a op b`` for the date and time kinds ('date', 'tod', 'dt', 'time', 'ltime') the checker
    allows: DT +/- TIME, TIME + DT, TOD +/- TIME, TIME + TOD, DT - DT, DATE - DATE, TOD - TOD."""
    if left == "ltime":
        a = ltime_ms(a)
    if right == "ltime":
        b = ltime_ms(b)
    if left in ("time", "ltime"):
        left, right, a, b = right, left, b, a  # TIME + DT is DT + TIME
    if right in ("time", "ltime"):
        b = b if op == "+" else -b
        return dt_add(a, b) if left == "dt" else tod_add(a, b)
    return seconds_between(a, b) if left in ("dt", "date") else a - b


_DURATION_PART = re.compile(r"(\d+(?:\.\d+)?)(ms|us|ns|d|h|m|s)", re.IGNORECASE)
_DURATION_PREFIXES = {"TIME": ("TIME#", "T#"), "LTIME": ("LTIME#", "LT#")}


def parse_duration_text(text: str, kind: str) -> int | None:
    """STRING_TO_TIME/LTIME of the text TIME_TO_STRING and LTIME_TO_STRING write ('T#1m30s250ms',
    'LTIME#-1ms500us', prefix optional), as CODESYS reads it: milliseconds (TIME) or nanoseconds
    (LTIME), the rest truncated toward zero; None when the text is no duration."""
    t = text.strip().replace("_", "")
    for prefix in _DURATION_PREFIXES[kind]:
        if t.upper().startswith(prefix):
            t = t[len(prefix) :]
            break
    sign = -1 if t[:1] == "-" else 1
    t = t[1:] if t[:1] in ("-", "+") else t
    if not t:
        return None
    ns, i = 0, 0
    while i < len(t):
        m = _DURATION_PART.match(t, i)
        if m is None:
            return None
        whole, _, frac = m.group(1).partition(".")
        size = _TIME_UNIT_NS[m.group(2).lower()]
        ns += int(whole) * size + int(frac or "0") * size // 10 ** len(frac)
        i = m.end()
    return sign * (ns if kind == "LTIME" else ns // 1_000_000)


_DATE_TEXT = re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})\Z")
_TOD_TEXT = re.compile(r"(\d{1,2}):(\d{1,2})(?::(\d{1,2})(?:\.(\d{1,9}))?)?\Z")
_DATE_TEXT_PREFIXES = {
    "DATE": ("DATE#", "D#"),
    "TIME_OF_DAY": ("TIME_OF_DAY#", "TOD#"),
    "DATE_AND_TIME": ("DATE_AND_TIME#", "DT#"),
}


def parse_date_text(text: str, kind: str) -> int | None:
    """STRING_TO_DATE/TOD/DT of the text the *_TO_STRING functions write ('DT#2024-01-31-12:30:00',
    prefix optional): the value, or None when the text is not such a date."""
    t = text.strip().upper()
    for prefix in _DATE_TEXT_PREFIXES[kind]:
        if t.startswith(prefix):
            t = t[len(prefix) :]
            break
    t = t.replace("_", "")
    if kind == "TIME_OF_DAY":
        return _tod_ms(t)
    day, sep, tod = t.rpartition("-") if kind == "DATE_AND_TIME" else (t, "-", "00:00")
    m = _DATE_TEXT.match(day)
    ms = _tod_ms(tod)
    if not sep or m is None or ms is None:
        return None
    try:
        d = datetime.date(*(int(g) for g in m.groups()))
    except ValueError:  # a 13th month, a 30th of February ...
        return None
    return date_to_seconds(d.year, d.month, d.day) + ms // 1000


def _tod_ms(text: str) -> int | None:
    m = _TOD_TEXT.match(text)
    if m is None:
        return None
    h, mi, s = int(m.group(1)), int(m.group(2)), int(m.group(3) or 0)
    if h > 23 or mi > 59 or s > 59:
        return None
    return ((h * 60 + mi) * 60 + s) * 1000 + int((m.group(4) or "0").ljust(3, "0")[:3])
