"""Running a compiled program: the scan, the process image, faults, paths, forcing, watch tree.

``Program`` (st/program.py) is the result of one compilation (generated code compiled once); each
``instantiate()`` builds a fresh ``Instance`` of this module with its own state, so instances
share code, not state. This module does not import st.debug: st/program.py chooses the kind of
instance, so debug.py (a kind of Instance) and runtime.py no longer import each other. See
docs/architecture.md for the contract and docs/st-semantics.md for the choices (process image
timing, forcing, watchdog budget ...).
"""

from __future__ import annotations

import math
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING

from . import memory, stdlib
from . import types as T
from .checker import VarInfo
from .faults import PlcFault, WallClockFault, WatchdogFault

if TYPE_CHECKING:
    from .program import Program

WATCHDOG_BUDGET = 1_000_000  # loop iterations per scan (counted on every backward jump)
# With a wall-clock deadline set, loops get their iteration budget in slices of this many: each
# slice used up costs one clock reading, so the clock is read at most once per 1024 iterations.
WALL_CLOCK_SLICE = 1024
GEN_PREFIX = "<st-generated:"


class RuntimeFault(Exception):
    """The PLC stopped: ``message``, and where (``filename``, ``line``, ``col``)."""

    def __init__(self, message: str, line: int = 0, col: int = 0, filename: str = ""):
        super().__init__(message)
        self.message = message
        self.line = line
        self.col = col
        self.filename = filename

    def __str__(self) -> str:
        return f"{self.filename}:{self.line}:{self.col}: runtime fault: {self.message}"


@dataclass
class VarNode:
    name: str
    path: str
    type_name: str
    value: object
    children: list[VarNode] = field(default_factory=list)
    address: str | None = None
    read_only: bool = False  # shown, not written or forced: a reference, a method's result, a property
    target: str | None = None  # a reference or interface: the path of what it refers to


class _Scope:
    """The members of the program instance or of the globals, as the tree names them."""

    def __init__(self, vars_: dict):
        self.vars = vars_


# ----------------------------------------------------------------------------- helpers for generated code

_INF = math.inf
_NAN = math.nan
_OMITTED = object()  # a method's input left out by a call that does not know which code runs
_f32 = stdlib.f32


def _watchdog(ctx):
    """A loop used up its counter: hand out the next slice of the budget (a deadline is set and the
    clock has not passed it) as the loop's new counter, or stop the scan."""
    reserve = ctx.reserve
    if reserve > 0:
        if time.perf_counter() > ctx.deadline:
            raise WallClockFault("wall-clock limit reached inside the scan")
        grant = WALL_CLOCK_SLICE if reserve > WALL_CLOCK_SLICE else reserve
        ctx.reserve = reserve - grant
        return grant - 1  # this iteration takes one
    raise WatchdogFault(
        f"watchdog: the scan ran more than {WATCHDOG_BUDGET:,} loop iterations (endless loop?)"
    )


def _call_budget(ctx):
    """A call's charge took the scan's budget below zero: the next slices (as _watchdog gives loops),
    or the watchdog fault."""
    try:
        while ctx.left < 0:
            ctx.left += _watchdog(ctx) + 1
    except WallClockFault:
        raise
    except WatchdogFault:
        raise WatchdogFault(
            f"watchdog: the scan ran more than {WATCHDOG_BUDGET:,} loop iterations and calls "
            "(a call counts as several; calls nested too widely or deeply?)"
        ) from None


def _index_fault(v, lo, hi, name):
    raise PlcFault(f"index {v} out of range {lo}..{hi} for {name}")


def _for_step_zero():
    raise PlcFault("FOR step is 0: the loop would never end")


def _with(obj, *pairs):
    for k, v in pairs:
        setattr(obj, k, v)
    return obj


class _RefA:
    """A scalar VAR_IN_OUT bound to an attribute (a member of a PROGRAM, FB, structure or the
    globals): the callee reads and writes the caller's variable itself."""

    __slots__ = ("o", "k")

    def __init__(self, o, k):
        self.o = o
        self.k = k

    def get(self):
        return getattr(self.o, self.k)

    def set(self, value):
        setattr(self.o, self.k, value)


class _RefI:
    """A scalar VAR_IN_OUT bound to an array element (or to a box holding a function's local)."""

    __slots__ = ("o", "k")

    def __init__(self, o, k):
        self.o = o
        self.k = k

    def get(self):
        return self.o[self.k]

    def set(self, value):
        self.o[self.k] = value


class _Conf:
    """The array given to an ARRAY[*] VAR_IN_OUT: its values (the caller's list itself) and bounds."""

    __slots__ = ("o", "d", "strides")

    def __init__(self, o, dims):
        self.o = o
        self.d = dims
        self.strides = []
        s = 1
        for lo, hi in reversed(dims):
            self.strides.insert(0, s)
            s *= hi - lo + 1


def _conf_index(c, idx, name):
    """The flat offset of c[idx...], each index checked against the bounds of the array passed."""
    flat = 0
    for i, (lo, hi), stride in zip(idx, c.d, c.strides, strict=True):
        if not lo <= i <= hi:
            _index_fault(i, lo, hi, name)
        flat += (i - lo) * stride
    return flat


def _null_ref(what):
    raise PlcFault(f"'{what}' refers to nothing (NULL): a REF_TO, REFERENCE TO or interface used "
                   "before it was assigned")


def _same_ref(a, b):
    """r1 = r2: both refer to the same variable (or both to nothing)."""
    if type(a) is type(b) and type(a) in (_RefA, _RefI):
        return a.o is b.o and a.k == b.k
    return a is b


def _mux(k, options):
    if 0 <= k < len(options):
        return options[k]
    raise PlcFault(f"MUX selector {k} out of range 0..{len(options) - 1}")


def _fmt_real(x: float, single: bool) -> str:
    if x != x:
        return "NaN"
    if math.isinf(x):
        return "INF" if x > 0 else "-INF"
    if single:
        for p in range(6, 10):
            s = f"{x:.{p}g}"
            if _f32(float(s)) == x:
                break
    else:
        s = repr(x)
    if "e" not in s and "." not in s and "n" not in s:
        s += ".0"
    return s


_FORMATS = {
    "TIME": stdlib.format_time,
    "LTIME": stdlib.format_ltime,
    "DATE": stdlib.format_date,
    "TIME_OF_DAY": stdlib.format_tod,
    "DATE_AND_TIME": stdlib.format_dt,
}


def _to_string(v, kind: str) -> str:
    if kind == "BOOL":
        return "TRUE" if v else "FALSE"
    if kind == "REAL":
        return _fmt_real(v, True)
    if kind == "LREAL":
        return _fmt_real(v, False)
    fmt = _FORMATS.get(kind)
    if fmt is not None:
        try:
            return fmt(v)
        except (ValueError, OverflowError):  # a date out of range still converts to its number
            return str(v)
    return str(v)


_NUM_RE = re.compile(r"^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$")


def _from_string(s: str, kind: str, lo: int, hi: int):
    """STRING_TO_*: the number the text spells, or 0 when it is not a number (CODESYS)."""
    text = s.strip().replace("_", "")
    if kind == "BOOL":
        return text.upper() in ("TRUE", "1")
    if kind in ("DATE", "TIME_OF_DAY", "DATE_AND_TIME"):
        date = stdlib.parse_date_text(s, kind)
        if date is not None:
            return date
    if kind in ("TIME", "LTIME"):
        duration = stdlib.parse_duration_text(s, kind)  # 'T#1s500ms', as TIME_TO_STRING writes it
        if duration is not None:
            return stdlib.wrap_signed(duration, 64)
    if not _NUM_RE.match(text):
        if kind in ("REAL", "LREAL"):
            return 0.0
        return 0
    val = float(text)
    if kind == "REAL":
        return _f32(val)
    if kind == "LREAL":
        return val
    whole = "." not in text and "e" not in text.lower()
    if whole:
        # exact, not through a float (which turned LINT's maximum into its minimum); 10**64 is a
        # multiple of 2**64, so the last 64 digits decide the value wrapped to any width up to 64 bits
        digits = text.lstrip("+-")
        n = int(digits[-64:]) * (-1 if text.startswith("-") else 1)
    elif kind in ("TIME", "LTIME", "DATE", "TIME_OF_DAY", "DATE_AND_TIME"):
        n = int(val) if math.isfinite(val) else 0  # '1e999' is no duration
    else:
        n = stdlib.round_half_even_int(val, lo, hi)
    if kind in T.ELEMENTARY and (T.ELEMENTARY[kind].is_time or T.ELEMENTARY[kind].is_date):
        return stdlib.wrap_signed(n, 64)
    return T.wrap(n, T.ELEMENTARY[kind]) if kind in T.ELEMENTARY else n


def runtime_namespace() -> dict:
    """What generated code sees: the helpers under the names codegen emits (the numeric, bit and
    string rules are st/stdlib.py's own functions), the standard FBs and a minimal set of builtins."""
    ns = {
        "_f32": stdlib.f32,
        "_idiv": stdlib.idiv,
        "_imod": stdlib.imod,
        "_fdiv": stdlib.real_div,
        "_expt": stdlib.st_expt,
        "_shl": stdlib.shl,
        "_shr": stdlib.shr,
        "_rol": stdlib.rol,
        "_ror": stdlib.ror,
        "_real_to_int": stdlib.round_half_even_int,
        "_real_to_int_trunc": stdlib.trunc_int,
        "_dt_to_tod": stdlib.dt_to_tod,
        "_dt_to_date": stdlib.dt_to_date,
        "_time_to_tod": stdlib.time_to_tod,
        "_dt_add": stdlib.dt_add,
        "_tod_add": stdlib.tod_add,
        "_ltime_ms": stdlib.ltime_ms,
        "_concat_date_tod": stdlib.concat_date_tod,
        "_bcd_to_int": stdlib.bcd_to_int,
        "_int_to_bcd": stdlib.int_to_bcd,
        "_time_of_real": stdlib.trunc_int,
        "_sqrt": stdlib.st_sqrt,
        "_ln": stdlib.st_ln,
        "_log": stdlib.st_log,
        "_exp": stdlib.st_exp,
        "_sin": stdlib.st_sin,
        "_cos": stdlib.st_cos,
        "_tan": stdlib.st_tan,
        "_asin": stdlib.st_asin,
        "_acos": stdlib.st_acos,
        "_atan": stdlib.st_atan,
        "_watchdog": _watchdog,
        "_index_fault": _index_fault,
        "_call_budget": _call_budget,
        "_for_step_zero": _for_step_zero,
        "_with": _with,
        "_RefA": _RefA,
        "_RefI": _RefI,
        "_null_ref": _null_ref,
        "_Conf": _Conf,
        "_conf_index": _conf_index,
        "_same_ref": _same_ref,
        "_mload": memory.load,
        "_mstore": memory.store,
        "_mobj": memory.obj_at,
        "_mindex": memory.check_index,
        "_RefP": memory.RefP,
        "_Frame": memory.Frame,
        "_mux": _mux,
        "_to_string": _to_string,
        "_from_string": _from_string,
        "_INF": _INF,
        "_NAN": _NAN,
        "_OMITTED": _OMITTED,
        "__builtins__": {
            "range": range,
            "zip": zip,
            "len": len,
            "abs": abs,
            "min": min,
            "max": max,
            "float": float,
            "bool": bool,
            "int": int,
            "setattr": setattr,
            "__build_class__": __build_class__,
        },
        "__name__": "st_generated",
    }
    for name in ("len", "left", "right", "mid", "concat", "insert", "delete", "replace", "find"):
        ns["st_" + name] = getattr(stdlib, "st_" + name)
    for name, cls in stdlib.STANDARD_FBS.items():
        ns["_FB_" + name.upper()] = cls
    return ns


# ----------------------------------------------------------------------------- program and instance


class Ctx:
    # left: loop iterations the running code may still make; reserve: the rest of the scan's
    # budget not yet handed out (only with a deadline); deadline: time.perf_counter() value or None
    __slots__ = ("now", "left", "reserve", "deadline", "g", "dbg", "mem")

    def __init__(self, g):
        self.mem = memory.Memory()  # the addresses ADR gives (st/memory.py); empty without pointers
        self.now = 0
        self.left = WATCHDOG_BUDGET
        self.reserve = 0
        self.deadline = None
        self.g = g
        self.dbg = None


_ADDRESS_RE = re.compile(r"%([IQM])([XBWDL]?)(\d+(?:\.\d+)*)\Z")


def canonical_address(addr: str) -> str:
    """The spelling the compiler gives an address: '%i0.0' -> '%IX0.0', '%qw04' -> '%QW4'."""
    a = addr.strip().upper()
    if not a.startswith("%"):
        a = "%" + a
    m = _ADDRESS_RE.match(a)
    if m is None:
        return a  # not an address a program can declare: kept as written, never matched
    area, size, parts = m.groups()
    return f"%{area}{size or 'X'}{'.'.join(str(int(p)) for p in parts.split('.'))}"


_MISSING = object()


def _addr_default(addr: str):
    size = addr[2] if len(addr) > 2 else "X"
    return False if size == "X" else 0


def coerce(value, t: T.Type, what: str):
    """A Python value from outside (set_input, write, force) in the storage form of ``t``."""
    if isinstance(t, T.EnumT):
        if isinstance(value, str):
            key = value.split("#")[-1].lower()
            if key in t.by_lower:
                return t.by_lower[key]
            raise ValueError(
                f"{what}: {value!r} is not a value of {t.name} ({', '.join(n for n, _ in t.values)})"
            )
        return int(value)
    if isinstance(t, T.StringT):
        return str(value)[: t.length]
    if isinstance(t, T.Elem):
        if t.is_bool:
            return bool(value)
        if isinstance(value, str):
            raise ValueError(f"{what}: expected a {t.name} value, got the text {value!r}")
        if t.is_intlike:
            return T.wrap(int(value), t)
        if t.is_real:
            return _f32(float(value)) if t.base is T.REAL else float(value)
        return int(value)
    raise ValueError(f"{what}: a {t.name} cannot be set as a whole")


def input_store(t: T.Type, addr: str, image: dict, raw: dict):
    """A function storing a value from the plant at ``addr`` of both images, converted as ``coerce``
    does; the common case (a bool for BOOL, an int in range for integers) needs no further check."""
    if isinstance(t, T.Elem) and t.is_bool:

        def store_bool(value):
            v = True if value else False
            image[addr] = v
            raw[addr] = v

        return store_bool
    if isinstance(t, T.Elem) and t.is_intlike:
        lo, hi = t.base.lo, t.base.hi

        def store_int(value):
            if type(value) is not int or not lo <= value <= hi:
                value = coerce(value, t, addr)
            image[addr] = value
            raw[addr] = value

        return store_int
    if isinstance(t, T.Elem) and t.is_real:
        single = t.base is T.REAL

        def store_real(value):
            if type(value) is float:
                v = _f32(value) if single else value
            else:
                v = coerce(value, t, addr)
            image[addr] = v
            raw[addr] = v

        return store_real

    def store(value):
        v = coerce(value, t, addr)
        image[addr] = v
        raw[addr] = v

    return store


class Instance:
    """One running PLC: program state, process image, faults, forcing."""

    def __init__(self, program: Program):
        self.program = program
        self._g = program.globals_class()
        self._p = program.main_class()
        self._ctx = Ctx(self._g)
        self._in = {}
        self._out = {}
        for addr, (_holder, v) in program.located.items():
            if addr.startswith("%I"):
                self._in[addr] = T.default_value(v.type)
        for addr, (holder, v) in program.located.items():
            if not addr.startswith("%I"):
                self._out[addr] = self._get_var(holder, v)
        self._extra_in: dict[str, object] = {}
        self._raw_in: dict[str, object] = dict(self._in)  # last values the plant gave, under forces
        # The simulator calls set_input/get_output for every I/O point every scan: each spelling
        # seen once maps straight to its canonical slot and its converter (None: not an input of
        # this program), so a repeated call costs a dict lookup, not a canonicalisation.
        self._in_slots: dict[str, Callable[[object], None]] = {}
        self._out_names: dict[str, str] = {}
        self.fault: RuntimeFault | None = None
        self._forces: dict[str, tuple] = {}  # lower-cased canonical path -> (setters, value)
        self.forced: dict[str, object] = {}
        self._run = self._p.run
        self._deadline: float | None = None

    @property
    def deadline(self) -> float | None:
        """Wall-clock limit set by the host as a ``time.perf_counter()`` value (None: no limit). A
        scan that starts after it, or whose loops are still running at it, stops with a watchdog fault."""
        return self._deadline

    @deadline.setter
    def deadline(self, value: float | None) -> None:
        self._deadline = None if value is None else float(value)
        self._ctx.deadline = self._deadline
        self._ctx.reserve = 0

    def _arm_deadline(self, ctx: Ctx) -> bool:
        """Start a scan under the deadline: False (and a fault) when it has already passed."""
        if time.perf_counter() > ctx.deadline:
            main = self.program.main.node
            self._stop(
                RuntimeFault(
                    "wall-clock limit reached before the scan started",
                    getattr(main, "line", 0),
                    getattr(main, "col", 0),
                    self.program.filename,
                )
            )
            return False
        ctx.left = WALL_CLOCK_SLICE
        ctx.reserve = WATCHDOG_BUDGET - WALL_CLOCK_SLICE
        return True

    # ------------------------------------------------------------------ scan
    def scan(self, now_ms: int) -> None:
        if self.fault is not None:
            return
        ctx = self._ctx
        ctx.now = now_ms
        if self._deadline is None:
            ctx.left = WATCHDOG_BUDGET
        elif not self._arm_deadline(ctx):
            return
        p, g = self._p, self._g
        forces = self._forces
        if forces:
            self._apply_forces()
        self.program.io_in(p, g, self._in)
        if forces:
            self._apply_forces()
        try:
            self._run(ctx)
        except Exception as exc:  # noqa: BLE001 - every failure of the program is a PLC fault
            self._set_fault(exc)
            return
        if forces:
            self._apply_forces()
        self.program.io_out(p, g, self._out)

    def _set_fault(self, exc: BaseException) -> None:
        prog = self.program
        line = col = 0
        tb = exc.__traceback__
        while tb is not None:
            if tb.tb_frame.f_code.co_filename == prog.gen_filename:
                n = tb.tb_lineno
                if 0 < n < len(prog.line_map):
                    line, col = prog.line_map[n]
            tb = tb.tb_next
        if isinstance(exc, WallClockFault):
            msg = f"{exc} at line {line}"
        elif isinstance(exc, PlcFault):
            msg = str(exc)
        elif isinstance(exc, ZeroDivisionError):
            msg = "division by zero"
        elif isinstance(exc, RecursionError):
            msg = "calls nested too deeply"
        elif isinstance(exc, MemoryError):
            msg = "out of memory"
        else:
            msg = f"internal error ({type(exc).__name__}: {exc})"
        self._stop(RuntimeFault(msg, line, col, prog.filename))

    def _stop(self, fault: RuntimeFault) -> None:
        """The PLC stops on `fault`: every output falls back to its default (scans no longer run)."""
        self.fault = fault
        for addr in self._out:
            self._out[addr] = _addr_default(addr)

    # ------------------------------------------------------------------ process image
    def set_input(self, address: str, value) -> None:
        store = self._in_slots.get(address)
        if store is None:
            store = self._learn_input(address)
        store(value)

    def input_store(self, address: str) -> Callable[[object], None]:
        """The function set_input(address, v) hands v to: the simulator calls it straight, once it
        has one per input point."""
        return self._in_slots.get(address) or self._learn_input(address)

    def _learn_input(self, address: str):
        """The store function of one spelling of an input address: converts the value to the
        point's type and writes it to the input image (kept aside when the program has no such input)."""
        addr = canonical_address(address)
        bound = self.program.located.get(addr)
        if bound is None or not addr.startswith("%I"):
            store = partial(self._extra_in.__setitem__, addr)
        else:
            store = input_store(bound[1].type, addr, self._in, self._raw_in)
        if isinstance(address, str):
            self._in_slots[address] = store
        return store

    def get_output(self, address: str):
        value = self._out.get(address, _MISSING)
        if value is _MISSING:
            return self._out[self._out_names.get(address) or self._learn_output(address)]
        return value

    def output_slot(self, address: str) -> tuple[dict, str]:
        """(the output image, the key of `address` in it): the simulator reads an output point
        straight from the image every scan (image[key] is get_output(address)). The image is
        this instance's one dict for its whole life: a fault resets its values in place."""
        value = self._out.get(address, _MISSING)
        return self._out, (address if value is not _MISSING else
                           self._out_names.get(address) or self._learn_output(address))

    def _learn_output(self, address: str) -> str:
        """The canonical slot of a spelling of an output address."""
        addr = canonical_address(address)
        if addr not in self._out:
            # never written by the program: reads its default (a fault resets it to the same)
            self._out[addr] = _addr_default(addr)
        if isinstance(address, str):
            self._out_names[address] = addr
        return addr

    def io_addresses(self) -> dict[str, str]:
        out = {}
        for addr, (_holder, v) in self.program.located.items():
            out[addr] = addr if v.kind == "ADDR" else v.name
        return out

    def io_points(self) -> dict[str, tuple[str, str]]:
        """address -> (variable path, type name), as io_addresses, without building the variable tree
        (a node per array element: a big array made gigabytes of it)."""
        return {addr: (addr if v.kind == "ADDR" else v.name, v.type.name)
                for addr, (_holder, v) in self.program.located.items()}

    # ------------------------------------------------------------------ paths
    def _get_var(self, holder: str, v: VarInfo):
        obj = self._p if holder == "p" else self._g
        return getattr(obj, v.pyname)

    def _resolve(self, path: str):
        """-> (getter, setter, type, canonical path)."""
        if not isinstance(path, str) or not path.strip():
            raise KeyError("empty variable path")
        text = path.strip()
        prog = self.program
        if text.startswith("%"):
            addr = canonical_address(text)
            bound = prog.located.get(addr)
            if bound is None:
                raise KeyError(
                    f"no variable at address {addr} (addresses in this program: "
                    f"{', '.join(sorted(prog.located)) or 'none'})"
                )
            holder, v = bound
            obj = self._p if holder == "p" else self._g
            return self._attr_access(obj, v.pyname, v.type, addr, addr)
        tokens = _tokenize_path(text)
        first = tokens[0]
        if first[0] != "name":
            raise KeyError(f"bad variable path {path!r}")
        key = first[1].lower()
        main = prog.main
        v = main.vars.get(key)
        if v is not None and v.owner is main and v.kind not in ("VAR_TEMP", "VAR_EXTERNAL"):
            obj, t = self._p, v.type
        else:
            v = prog.checked.globals.get(key)
            if v is None:
                from .diagnostics import did_you_mean  # noqa: PLC0415

                names = [x.name for x in main.vars.values() if x.kind != "VAR_TEMP"]
                names += [x.name for x in prog.checked.globals.values()]
                hint = did_you_mean(first[1], names)
                raise KeyError(f"unknown variable '{first[1]}'" + (f"; {hint}" if hint else ""))
            obj, t = self._g, v.type
        canon = v.name
        attr = v.pyname
        for pos, (kind, val) in enumerate(tokens[1:], start=2):
            cur = obj[attr] if isinstance(attr, int) else getattr(obj, attr)
            if kind == "name":
                if isinstance(t, T.StructT):
                    f = t.fields.get(val.lower())
                    if f is None:
                        raise KeyError(f"'{canon}' ({t.name}) has no field '{val}'")
                    obj, attr, t = cur, "v_" + val.lower(), f.type
                    canon += "." + f.name
                elif isinstance(t, T.FBT):
                    fv = t.vars.get(val.lower())
                    if fv is None or fv.kind in ("VAR_TEMP", "RESULT", "VAR_EXTERNAL"):
                        raise KeyError(f"'{canon}' ({t.name}) has no variable '{val}'")
                    obj, attr, t = cur, fv.pyname, fv.type
                    canon += "." + fv.name
                    if fv.kind == "VAR_IN_OUT" and fv.type.is_scalar:
                        if pos < len(tokens):
                            raise KeyError(f"'{canon}' is a VAR_IN_OUT: watch it whole")
                        return self._ref_access(cur, fv.pyname, t, canon)
                elif isinstance(t, T.Elem) and t.is_intlike and val.isdigit():
                    bit = int(val)
                    if bit >= t.base.bits:
                        raise KeyError(f"'{canon}' ({t.name}) has no bit {bit}")
                    return self._bit_access(obj, attr, t, bit, f"{canon}.{bit}")
                else:
                    raise KeyError(f"'{canon}' is {t.name}: it has no member '{val}'")
            elif kind == "index":
                if not isinstance(t, T.ArrayT):
                    raise KeyError(f"'{canon}' is {t.name}, not an array")
                if len(val) != len(t.dims):
                    raise KeyError(f"'{canon}' needs {len(t.dims)} index(es), got {len(val)}")
                flat = 0
                for i, (lo, hi), stride in zip(val, t.dims, t.strides, strict=True):
                    if not lo <= i <= hi:
                        raise KeyError(f"index {i} out of range {lo}..{hi} for {canon}")
                    flat += (i - lo) * stride
                canon += "[" + ",".join(str(i) for i in val) + "]"
                obj, attr, t = cur, flat, t.elem
            elif kind == "bit":
                if not (isinstance(t, T.Elem) and t.is_intlike) or val >= t.base.bits:
                    raise KeyError(f"'{canon}' ({t.name}) has no bit {val}")
                return self._bit_access(obj, attr, t, val, f"{canon}.{val}")
        return self._attr_access(obj, attr, t, canon, canon)

    def _attr_access(self, obj, attr, t, canon, what):
        if isinstance(attr, int):

            def get():
                return obj[attr]

            def set_(value):
                obj[attr] = coerce(value, t, what)
        else:

            def get():
                return getattr(obj, attr)

            def set_(value):
                setattr(obj, attr, coerce(value, t, what))

        return get, set_, t, canon

    def _ref_access(self, obj, attr, t, canon):
        """An FB's scalar VAR_IN_OUT: the variable its last call bound it to (a fresh cell before)."""

        def get():
            return getattr(obj, attr).get()

        def set_(value):
            getattr(obj, attr).set(coerce(value, t, canon))

        return get, set_, t, canon

    def _bit_access(self, obj, attr, t, bit, canon):
        def raw():
            return obj[attr] if isinstance(attr, int) else getattr(obj, attr)

        def store(v):
            if isinstance(attr, int):
                obj[attr] = v
            else:
                setattr(obj, attr, v)

        def get():
            return bool((raw() >> bit) & 1)

        def set_(value):
            cur = raw()
            new = cur | (1 << bit) if value else cur & ~(1 << bit)
            store(T.wrap(new, t))

        return get, set_, T.BOOL, canon

    def read(self, path: str):
        get, _set, t, canon = self._resolve(path)
        if isinstance(t, (T.RefT, T.IfaceT)):  # what it refers to, as the variable tree says it
            node = next((n for n in _walk(self.variables()) if n.path.lower() == canon.lower()), None)
            return node.value if node is not None else ("NULL" if get() is None else "-> ?")
        return get()

    def write(self, path: str, value) -> None:
        _get, set_, t, canon = self._resolve(path)
        if isinstance(t, (T.RefT, T.IfaceT)):
            raise KeyError(f"'{canon}' is {t.name}: the program sets what it refers to")
        if not t.is_scalar:
            raise KeyError(f"'{canon}' is {t.name}: write its elements one by one")
        try:
            set_(value)
        except (TypeError, ValueError) as exc:
            raise ValueError(str(exc)) from None
        if canon.startswith("%I"):
            self._in[canon] = coerce(value, t, canon)

    # ------------------------------------------------------------------ forcing
    def force(self, path: str, value) -> None:
        _get, set_, t, canon = self._resolve(path)
        if isinstance(t, (T.RefT, T.IfaceT)):
            raise KeyError(f"'{canon}' is {t.name}: the program sets what it refers to")
        if not t.is_scalar:
            raise KeyError(f"'{canon}' is {t.name}: force its elements one by one")
        value = coerce(value, t, canon)
        setters = [set_]
        if canon.startswith("%"):
            if canon.startswith("%I"):
                setters.append(lambda v, a=canon: self._in.__setitem__(a, v))
            else:
                setters.append(lambda v, a=canon: self._out.__setitem__(a, v))
        else:
            # a located variable: forcing it also fixes its image value
            for addr, (_h, v) in self.program.located.items():
                if v.name.lower() == canon.lower():
                    if addr.startswith("%I"):
                        setters.append(lambda val, a=addr: self._in.__setitem__(a, val))
                    else:
                        setters.append(lambda val, a=addr: self._out.__setitem__(a, val))
        self._forces[canon.lower()] = (setters, value)
        self.forced[canon] = value
        for s in setters:
            s(value)

    def unforce(self, path: str) -> None:
        _get, _set, _t, canon = self._resolve(path)
        self._forces.pop(canon.lower(), None)
        self.forced.pop(canon, None)
        # a released input reads the plant's value again
        for addr, (_h, v) in self.program.located.items():
            if addr.startswith("%I") and (addr == canon or v.name.lower() == canon.lower()):
                self._in[addr] = self._raw_in.get(addr, self._in[addr])

    def _apply_forces(self) -> None:
        for setters, value in self._forces.values():
            for s in setters:
                s(value)

    # ------------------------------------------------------------------ watch tree
    def variables(self) -> list[VarNode]:
        prog = self.program
        addr_of = {}
        for addr, (_h, v) in prog.located.items():
            addr_of[id(v)] = addr
        nodes = []
        tree = _Tree(self._ctx.mem)
        main_vars = {k: v for k, v in prog.main.vars.items() if v.owner is prog.main}
        tree.places[id(self._p)] = ("", _Scope(main_vars))
        tree.places[id(self._g)] = ("", _Scope(dict(prog.checked.globals)))
        for v in prog.main.vars.values():
            if v.owner is prog.main and v.kind not in ("VAR_TEMP", "VAR_EXTERNAL"):
                value = getattr(self._p, v.pyname)
                nodes.append(tree.node(v.name, v.name, v.type, value, addr_of.get(id(v))))
        for v in list(prog.checked.globals.values()) + list(prog.checked.addresses.values()):
            name = v.address if v.kind == "ADDR" else v.name
            nodes.append(tree.node(name, name, v.type, getattr(self._g, v.pyname), addr_of.get(id(v))))
        tree.resolve()
        return nodes


def _tokenize_path(text: str):
    tokens = []
    i = 0
    n = len(text)
    expect_name = True
    while i < n:
        ch = text[i]
        if ch.isspace():
            i += 1
            continue
        if ch == ".":
            i += 1
            expect_name = True
            continue
        if ch == "[":
            j = text.find("]", i)
            if j < 0:
                raise KeyError(f"bad variable path {text!r}: missing ']'")
            try:
                idx = [int(x) for x in text[i + 1 : j].split(",")]
            except ValueError:
                raise KeyError(f"bad variable path {text!r}: indexes must be integers") from None
            tokens.append(("index", idx))
            i = j + 1
            continue
        m = re.match(r"[A-Za-z_][A-Za-z0-9_]*|\d+", text[i:])
        if not m or not expect_name:
            raise KeyError(f"bad variable path {text!r}")
        word = m.group(0)
        if word.isdigit():
            if not tokens:
                raise KeyError(f"bad variable path {text!r}")
            tokens.append(("bit", int(word)))
        else:
            tokens.append(("name", word))
        i += len(word)
        expect_name = False
    if not tokens:
        raise KeyError("empty variable path")
    return tokens


def _display(value, t: T.Type):
    if isinstance(t, T.EnumT):
        return t.name_of(value)
    return value


def _node(name: str, path: str, t: T.Type, value, address=None) -> VarNode:
    return _Tree().node(name, path, t, value, address)


class _Tree:
    """Builds the variable tree. References and interfaces are shown by what they refer to: the
    place's path, found among the containers (instances, structures, arrays) the tree has met,
    and its value; methods by their last result, properties by their last value."""

    def __init__(self, mem: memory.Memory | None = None):
        self.places: dict[int, tuple[str, T.Type]] = {}  # id(container) -> (path, type)
        self.pointers: list[tuple[VarNode, object, T.Type]] = []  # resolved when the tree is built
        self.mem = mem
        self.addresses: list[tuple[VarNode, int, T.PtrT]] = []  # POINTER TO values, resolved likewise

    def node(self, name: str, path: str, t: T.Type, value, address=None) -> VarNode:
        if isinstance(t, T.ArrayT):
            self.places[id(value)] = (path, t)
            kids = []
            for flat in range(min(t.size, 1000)):
                label = _index_label(t, flat)
                kids.append(self.node(label, path + label, t.elem, value[flat]))
            return VarNode(name, path, t.name, None, kids, address)
        if isinstance(t, T.StructT):
            self.places[id(value)] = (path, t)
            kids = [
                self.node(f.name, f"{path}.{f.name}", f.type, getattr(value, "v_" + k))
                for k, f in t.fields.items()
            ]
            return VarNode(name, path, t.name, None, kids, address)
        if isinstance(t, T.FBT):
            self.places[id(value)] = (path, t)
            kids = []
            for _k, v in t.vars.items():
                if v.kind in ("VAR_TEMP", "RESULT", "VAR_EXTERNAL"):
                    continue
                if not hasattr(value, v.pyname):
                    continue
                member = getattr(value, v.pyname)
                if v.kind == "VAR_IN_OUT" and v.type.is_scalar:
                    member = member.get()  # the caller's variable it is bound to
                kids.append(self.node(v.name, f"{path}.{v.name}", v.type, member))
            kids += self.members(path, t, value)
            return VarNode(name, path, t.name, None, kids, address)
        if isinstance(t, T.ConfArrayT):  # an FB's ARRAY[*] VAR_IN_OUT: the array its last call passed
            if value is None:
                return VarNode(name, path, t.name, None, [], address, read_only=True)
            at = T.ArrayT([tuple(d) for d in value.d], t.elem)
            n = self.node(name, path, at, value.o, address)
            n.type_name = t.name
            return n
        if isinstance(t, (T.RefT, T.IfaceT)):
            n = VarNode(name, path, t.name, "NULL" if value is None else None, [], address, read_only=True)
            if value is not None:
                self.pointers.append((n, value, t))
            return n
        n = VarNode(name, path, t.name, _display(value, t), [], address)
        if isinstance(t, T.PtrT):
            self.addresses.append((n, value, t))
        return n

    def members(self, path: str, t: T.FBT, value) -> list[VarNode]:
        """A user block's properties (last value got or set) and methods (last result and outputs)."""
        out = []
        for key, prop in t.props.items():
            last = getattr(value, "R_P_" + key, None)
            out.append(VarNode(prop.name, f"{path}.{prop.name}", f"PROPERTY {prop.type.name}",
                               None if last is None else _display(last, prop.type), [], read_only=True))
        for key, m in t.methods.items():
            if m.abstract:
                continue
            last = getattr(value, "R_M_" + key, None)
            outs = [v for v in m.vars.values() if v.kind in ("VAR_OUTPUT", "VAR_IN_OUT")]
            result = last[0] if isinstance(last, tuple) else last
            kids = []
            if isinstance(last, tuple):
                for v, x in zip(outs, last[1:], strict=False):
                    if v.type.is_scalar and not isinstance(x, (_RefA, _RefI)):
                        kids.append(VarNode(v.name, f"{path}.{m.name}().{v.name}", v.type.name,
                                            _display(x, v.type), [], read_only=True))
            rt = m.return_type
            shown = None if result is None or rt is None or not rt.is_scalar else _display(result, rt)
            out.append(VarNode(f"{m.name}()", f"{path}.{m.name}()", f"METHOD {rt.name if rt else ''}".strip(),
                               shown, kids, read_only=True))
        return out

    def resolve_addresses(self) -> None:
        """Each pointer's value: '16#00010008 -> place = value' (place: the variable and the element at
        that address; value: what p^ reads, for a scalar target), or '16#... -> ?' where no variable is."""
        for n, addr, t in self.addresses:
            if not addr:
                n.value = "0 (NULL)"
                continue
            found = self.mem.describe(addr) if self.mem is not None else None
            text = f"16#{addr:08X}"
            if found is None:
                n.value = f"{text} -> ? (no variable there)"
                continue
            root, off = found
            holder = root.holder
            if root.key == 0 and isinstance(holder, list) and len(holder) == 1 and root.lay.kind in (
                    "array", "struct"):
                where = self.places.get(id(holder[0]))
                place = where[0] if where is not None else None
            else:
                where = self.places.get(id(holder))
                place = _member_path(where, root.key) if where is not None else None
            if place is None:
                local = addr >= memory.STACK_BASE
                place = "(a local of a call)" if local else "(a variable outside the tree)"
            place += memory.path_in(root.lay, off, memory.layout(t.target))
            n.target = place
            shown = ""
            if t.target.is_scalar:
                try:
                    shown = f" = {_display(memory.load(self.mem, addr, memory.layout(t.target)), t.target)!r}"
                except Exception:  # noqa: BLE001 - an access the program could not make shows as such
                    shown = " = ?"
            n.value = f"{text} -> {place}{shown}"

    def resolve(self) -> None:
        """Each reference's value: '-> place = value' (or '-> place' for a composite)."""
        if self.addresses:
            self.resolve_addresses()
        for n, ref, t in self.pointers:
            target = t.target if isinstance(t, T.RefT) else None
            if isinstance(ref, (_RefA, _RefI)):
                where = self.places.get(id(ref.o))
                place = None
                if where is not None:
                    place = _member_path(where, ref.k)
                try:
                    shown = _display(ref.get(), target) if target is not None else ref.get()
                except Exception:  # noqa: BLE001 - a place that is gone shows as such, never raises
                    shown = "?"
                n.target = place
                n.value = f"-> {place or '(a variable outside the tree)'} = {shown}"
            else:
                where = self.places.get(id(ref))
                n.target = where[0] if where is not None else None
                n.value = f"-> {n.target or '(an instance outside the tree)'}"


def _walk(nodes):
    stack = list(nodes)
    while stack:
        n = stack.pop()
        yield n
        stack.extend(n.children)


def _index_label(t: T.ArrayT, flat: int) -> str:
    idx = []
    rem = flat
    for (lo, _hi), stride in zip(t.dims, t.strides, strict=True):
        idx.append(lo + rem // stride)
        rem %= stride
    return "[" + ",".join(str(i) for i in idx) + "]"


def _member_path(where: tuple[str, T.Type], key) -> str | None:
    path, t = where
    if isinstance(t, T.ArrayT) and isinstance(key, int):
        return path + _index_label(t, key)
    members = t.fields if isinstance(t, T.StructT) else getattr(t, "vars", None)
    if isinstance(members, dict) and isinstance(key, str):
        for k, m in members.items():
            if ("v_" + k) == key or getattr(m, "pyname", None) == key:
                name = getattr(m, "name", k)
                return f"{path}.{name}" if path else name
    return None
