"""Differential test (issues 9 and 18): random well-typed ST against an independent reference.

The reference below is a small evaluator written from the rules of DESIGN.md ("Structured Text
semantics"), not from the compiler: Python integers with an explicit wrap at every narrowing,
store and 32/64-bit intermediate, float32 rounding with numpy. Hypothesis draws programs of
short statement sequences over every elementary integer type, REAL, LREAL, TIME and BOOL:
arithmetic, / and MOD (a zero divisor is a runtime fault on both sides), comparisons, bit
access, conversions, shifts and rotations, the generic functions with overflowing operands,
REAL literals in calls, untyped literals that take their type from the context, literals and
initial values near the limits of each type, writes of one bit (x.3 := ...). The compiled program
runs one to three scans, in its fast and its debug build, its variables keeping their values from
scan to scan; every variable must hold the reference's value (or both must fault, with the values
of the statements before).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as hs

import st

# ----------------------------------------------------------------------------- the reference

INTS = {
    "SINT": (8, True),
    "INT": (16, True),
    "DINT": (32, True),
    "LINT": (64, True),
    "USINT": (8, False),
    "UINT": (16, False),
    "UDINT": (32, False),
    "ULINT": (64, False),
    "BYTE": (8, False),
    "WORD": (16, False),
    "DWORD": (32, False),
    "LWORD": (64, False),
}
BIT_STRINGS = ("BYTE", "WORD", "DWORD", "LWORD")
NUMBERS = tuple(t for t in INTS if t not in BIT_STRINGS)
SIGNED = tuple(t for t, (_, s) in INTS.items() if s)
REALS = ("REAL", "LREAL")


class Fault(Exception):
    """A runtime fault: the PLC stops."""


def limits(t: str) -> tuple[int, int]:
    bits, signed = INTS[t]
    return (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if signed else (0, (1 << bits) - 1)


def wrap(v: int, t: str) -> int:
    bits, signed = INTS[t]
    v &= (1 << bits) - 1
    return v - (1 << bits) if signed and v >> (bits - 1) else v


def work(t: str) -> str:
    """8/16-bit operations compute in 32 bits; 32/64-bit ones in their own type."""
    return "DINT" if INTS[t][0] <= 16 else t


def f32(x: float) -> float:
    with np.errstate(over="ignore", invalid="ignore"):
        return float(np.float32(x))


def real(x: float, t: str) -> float:
    return f32(x) if t == "REAL" else float(x)


def trunc_div(a: int, b: int) -> int:
    if b == 0:
        raise Fault
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def int_op(op: str, t: str, a: int, b: int) -> int:
    if op == "+":
        r = a + b
    elif op == "-":
        r = a - b
    elif op == "*":
        r = a * b
    elif op == "/":
        r = trunc_div(a, b)
    elif op == "MOD":
        if b == 0:
            raise Fault
        r = abs(a) % abs(b)
        r = -r if a < 0 else r
    else:
        r = {"AND": a & b, "OR": a | b, "XOR": a ^ b}[op]
    return wrap(r, work(t))


def real_op(op: str, t: str, a: float, b: float) -> float:
    if op == "/" and b == 0:
        if a == 0 or math.isnan(a):
            return math.nan
        return math.copysign(math.inf, a) * math.copysign(1.0, b)
    r = {"+": lambda: a + b, "-": lambda: a - b, "*": lambda: a * b, "/": lambda: a / b}[op]()
    return real(r, t)


def real_to_int(x: float, t: str) -> int:
    lo, hi = limits(t)
    if math.isnan(x):
        return 0
    if math.isinf(x):
        return hi if x > 0 else lo
    return max(lo, min(hi, round(x)))  # round() is half to even


def shift(fn: str, t: str, x: int, n: int) -> int:
    bits = INTS[t][0]
    mask = (1 << bits) - 1
    u = x & mask
    if fn in ("SHL", "SHR"):
        if n <= 0:
            r = u
        elif n >= bits:
            r = 0
        else:
            r = (u << n) & mask if fn == "SHL" else u >> n
    else:
        n %= bits
        if fn == "ROR":
            n = (bits - n) % bits
        r = ((u << n) | (u >> (bits - n))) & mask if n else u
    return wrap(r, t)


def cmp(op: str, a, b) -> bool:
    return {"=": a == b, "<>": a != b, "<": a < b, ">": a > b, "<=": a <= b, ">=": a >= b}[op]


# ----------------------------------------------------------------------------- expressions


@dataclass
class E:
    src: str
    ev: Callable[[dict], object]
    typ: str
    untyped: bool = False  # an untyped literal, or a generic call of them: typed by the context
    fault: bool = False  # may raise a runtime fault


def reduce_to(v, t: str):
    """A value bound to a parameter (or stored) of type t."""
    if t in INTS:
        return wrap(v, t)
    if t in REALS:
        return real(v, t)
    if t == "TIME":
        return wrap(v, "LINT")  # a TIME is a signed 64-bit millisecond count: it wraps like LINT
    return v


def fmt_real(x: float) -> str:
    text = f"{abs(x):.17e}"
    return f"(-{text})" if x < 0 else text


# FUNCTION twice_<t> : t, returning v * 2 - 1 computed and stored as in any program
FUNCTIONS = {
    "INT": lambda v: wrap(int_op("-", "INT", int_op("*", "INT", v, 2), 1), "INT"),
    "DINT": lambda v: wrap(int_op("-", "DINT", int_op("*", "DINT", v, 2), 1), "DINT"),
    "REAL": lambda v: real_op("-", "REAL", real_op("*", "REAL", v, 2.0), 1.0),
}
FUNCTION_TEXT = "".join(
    f"FUNCTION twice_{t.lower()} : {t}\nVAR_INPUT v : {t}; END_VAR\n"
    f"twice_{t.lower()} := v * {two} - {one};\nEND_FUNCTION\n"
    for t, two, one in (("INT", "2", "1"), ("DINT", "2", "1"), ("REAL", "2.0", "1.0"))
)
TABLE = [-32768, -1, 0, 1, 2, 100, 32767, 7]  # tab : ARRAY[0..7] OF INT, read by index
INT_SAMPLES = [0, 1, 2, 3, 7, 100, 1000, 30000]
REAL_SAMPLES = [0.0, 0.1, 0.5, 1.5, 2.5, -2.5, 3.5, 1000.0, 16777216.0, 16777217.0, 1.0e10, 3.0e38, 1.0e-3]


class Gen:
    def __init__(self, draw, names: dict[str, list[str]]):
        self.draw = draw
        self.names = names

    def pick(self, seq):
        return seq[self.draw(hs.integers(0, len(seq) - 1))]

    def chance(self, p: float) -> bool:
        return self.draw(hs.integers(0, 99)) < p * 100

    # leaves -----------------------------------------------------------
    def var(self, t: str) -> E:
        name = self.pick(self.names[t])
        return E(name, lambda env, n=name: env[n], t)

    def int_literal(self, t: str) -> E:
        lo, hi = limits(t)
        v = self.pick([lo, lo + 1, hi - 1, hi, *INT_SAMPLES, -1, -7])
        v = max(lo, min(hi, v))
        return E(f"(-{-v})" if v < 0 else str(v), lambda env: v, t, untyped=True)

    def real_literal(self, t: str) -> E:
        v = self.pick(REAL_SAMPLES)
        return E(fmt_real(v), lambda env: real(v, t), t, untyped=True)

    def leaf(self, t: str, untyped_ok: bool) -> E:
        if t == "BOOL":
            if self.chance(0.15):
                v = self.chance(0.5)
                return E("TRUE" if v else "FALSE", lambda env: v, t)
            return self.var(t)
        if t == "TIME":
            if self.chance(0.3):
                ms = self.pick([0, 1, 10, 1500, 86400000])
                return E(f"T#{ms}ms", lambda env: ms, t)
            return self.var(t)
        if untyped_ok and self.chance(0.35):
            return self.real_literal(t) if t in REALS else self.int_literal(t)
        return self.var(t)

    # composites -------------------------------------------------------
    def expr(self, t: str, depth: int, untyped_ok: bool = False, lazy: bool = False) -> E:
        """An expression of type t. untyped_ok: the context types untyped literals (a typed sibling,
        an assignment target); lazy: evaluated only sometimes by the compiled code (SEL, AND, OR),
        so nothing there may fault."""
        if depth <= 0 or self.chance(0.2):
            return self.leaf(t, untyped_ok)
        if t == "BOOL":
            return self.bool_expr(depth, lazy)
        if t == "TIME":
            return self.time_expr(depth, lazy)
        kinds = [
            "bin",
            "bin",
            "bin",
            "conv",
            "conv",
            "conv",
            "minmax",
            "limit",
            "sel",
            "mux",
            "abs",
            "neg",
            "neg",
        ]
        if t in INTS:
            kinds += ["shift", "shift"]
            if t in BIT_STRINGS:
                kinds += ["not", "untyped_shift"]
            if t in ("DINT", "LINT", "UDINT", "ULINT"):
                kinds.append("time_conv")
            if INTS[t][0] >= 32:
                kinds += ["wrap_div", "wrap_div"]
            kinds += ["wrap_conv", "wrap_conv"]
        if t == "REAL":
            kinds += ["literal_call", "literal_call"]
        if t == "INT":
            kinds += ["index", "index"]
        if t in FUNCTIONS:
            kinds += ["func"]
        kind = self.pick(kinds)
        d = depth - 1
        if kind == "bin":
            ops = ["+", "-", "*"] + ([] if lazy else ["/", "MOD"] if t in INTS else ["/"])
            if t in BIT_STRINGS:
                ops += ["AND", "OR", "XOR"]
            op = self.pick(ops)
            a = self.expr(t, d, untyped_ok=True, lazy=lazy)
            # a literal divisor 0 would be a compile error: the divisor of / and MOD is typed
            b = self.expr(t, d, untyped_ok=not a.untyped and op not in ("/", "MOD"), lazy=lazy)
            if op in ("/", "MOD") and self.chance(0.7):
                b = self.nonzero(t, b)
            f = (lambda x, y: int_op(op, t, x, y)) if t in INTS else (lambda x, y: real_op(op, t, x, y))
            return E(
                f"({a.src} {op} {b.src})",
                lambda env: f(a.ev(env), b.ev(env)),
                t,
                fault=a.fault or b.fault or op in ("/", "MOD"),
            )
        if kind == "wrap_div" and not lazy:
            # (d + 1) / 2 with d near a limit: the 32/64-bit intermediate wraps before the division
            a = self.near_limit_sum(t)
            b = self.expr(t, d - 1)
            b = self.nonzero(t, b) if self.chance(0.5) else b
            return E(f"({a.src} / {b.src})", lambda env: int_op("/", t, a.ev(env), b.ev(env)), t, fault=True)
        if kind == "wrap_conv":
            # SINT_TO_INT(s + s): the argument is reduced to the parameter's type first
            src = self.pick(list(INTS))
            a = self.near_limit_sum(src)
            return E(f"{src}_TO_{t}({a.src})", lambda env: wrap(wrap(a.ev(env), src), t), t)
        if kind == "func":
            # a user function: its argument is reduced to the parameter's type, its result stored
            a = self.expr(t, d, untyped_ok=True, lazy=lazy)
            return E(
                f"twice_{t.lower()}({a.src})",
                lambda env: FUNCTIONS[t](reduce_to(a.ev(env), t)),
                t,
                fault=a.fault,
            )
        if kind == "index":
            # tab[DINT_TO_INT(d) * 2]: an index out of 0..7 is a runtime fault
            ix = self.expr("INT", d, lazy=lazy)  # typed: a constant index out of range is a compile error
            if lazy or self.chance(0.8):
                raw = ix
                ix = E(f"LIMIT(0, {raw.src}, 7)", lambda env: min(max(wrap(raw.ev(env), "INT"), 0), 7), "INT")
                ix.fault = raw.fault

            def at(env):
                k = ix.ev(env)
                if not 0 <= k <= 7:
                    raise Fault
                return TABLE[k]

            return E(f"tab[{ix.src}]", at, t, fault=True)
        if kind == "literal_call":
            # MIN(r, 16777217.0) - 16777217.0 is 0.0: the literal is a float32 inside the call too
            fn = self.pick(["MIN", "MAX", "SEL", "LIMIT"])
            value = self.pick([16777217.0, 0.1, 1.1, 1.0e10 + 1.0])
            v = self.expr(t, d - 1, lazy=lazy)
            lit = E(fmt_real(value), lambda env: real(value, t), t, untyped=True)
            g = self.chance(0.5)
            if fn == "SEL":
                src = f"SEL({'TRUE' if g else 'FALSE'}, {v.src}, {lit.src})"
            elif fn == "LIMIT":
                src = f"LIMIT({lit.src}, {v.src}, {lit.src})"
            else:
                src = f"{fn}({v.src}, {lit.src})"

            def call(env):
                if fn == "SEL":
                    return lit.ev(env) if g else v.ev(env)
                if fn == "LIMIT":
                    return lit.ev(env)
                return (min if fn == "MIN" else max)(v.ev(env), lit.ev(env))

            return E(
                f"({src} - {lit.src})", lambda env: real_op("-", t, call(env), lit.ev(env)), t, fault=v.fault
            )
        if kind == "neg" and (t in SIGNED or t in REALS):
            a = self.expr(t, d, lazy=lazy)
            if t in REALS:
                return E(f"(-{a.src})", lambda env: -a.ev(env), t, fault=a.fault)
            return E(f"(-{a.src})", lambda env: wrap(-a.ev(env), work(t)), t, fault=a.fault)
        if kind == "not":
            # NOT 16#00FF beside a WORD is a WORD
            a = self.int_literal(t) if untyped_ok and self.chance(0.3) else self.expr(t, d, lazy=lazy)
            return E(
                f"(NOT {a.src})",
                lambda env: wrap(~wrap(a.ev(env), t), t),
                t,
                untyped=a.untyped,
                fault=a.fault,
            )
        if kind == "conv":
            return self.conversion(t, d, lazy)
        if kind == "time_conv":
            a = self.expr("TIME", d, lazy=lazy)
            return E(f"TIME_TO_{t}({a.src})", lambda env: wrap(a.ev(env), t), t, fault=a.fault)
        if kind in ("minmax", "limit", "mux"):
            n = 3 if kind == "limit" else self.pick([2, 3])
            args = self.generic_args(t, n, d, untyped_ok, lazy)
            if kind == "mux":
                return self.mux(t, args, d, lazy)
            fn = "LIMIT" if kind == "limit" else self.pick(["MIN", "MAX"])

            def ev(env, fn=fn, args=args):
                vals = [reduce_to(a.ev(env), t) for a in args]
                if fn == "LIMIT":
                    return min(max(vals[1], vals[0]), vals[2])
                return min(vals) if fn == "MIN" else max(vals)

            return E(
                f"{fn}({', '.join(a.src for a in args)})",
                ev,
                t,
                untyped=all(a.untyped for a in args),
                fault=any(a.fault for a in args),
            )
        if kind == "sel":
            g = self.expr("BOOL", d, lazy=lazy)
            a, b = self.generic_args(t, 2, d, untyped_ok, lazy=True)
            return E(
                f"SEL({g.src}, {a.src}, {b.src})",
                lambda env: reduce_to(b.ev(env) if g.ev(env) else a.ev(env), t),
                t,
                untyped=a.untyped and b.untyped,
                fault=g.fault,
            )
        if kind == "abs" and t not in BIT_STRINGS:
            a = self.expr(t, d, lazy=lazy)  # ABS(-128) of a literal is 128, too big for a SINT context
            if t in REALS:
                return E(f"ABS({a.src})", lambda env: abs(a.ev(env)), t, untyped=a.untyped, fault=a.fault)
            return E(
                f"ABS({a.src})",
                lambda env: wrap(abs(wrap(a.ev(env), t)), t),
                t,
                untyped=a.untyped,
                fault=a.fault,
            )
        if kind in ("shift", "untyped_shift") and t in INTS:
            fn = self.pick(["SHL", "SHR", "ROL", "ROR"])
            if kind == "untyped_shift" and untyped_ok:
                a = self.untyped_value(t, d)  # ROR(SEL(b, 2#11111111, 8#3), 16) where a WORD is expected
            else:
                a = self.expr(t, d, lazy=lazy)
            if self.chance(0.6):
                n_val = self.pick([0, 1, 3, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65])
                n = E(str(n_val), lambda env, v=n_val: v, "INT", untyped=True)
            else:
                n = self.expr(self.pick(["SINT", "INT", "USINT"]), d, lazy=lazy)
            nt = n.typ
            return E(
                f"{fn}({a.src}, {n.src})",
                lambda env: shift(fn, t, a.ev(env), reduce_to(n.ev(env), nt) if not n.untyped else n.ev(env)),
                t,
                untyped=a.untyped,
                fault=a.fault or n.fault,
            )
        return self.leaf(t, untyped_ok)

    def near_limit_sum(self, t: str) -> E:
        v, c = self.var(t), self.int_literal(t)
        op = self.pick(["+", "-", "*"])
        return E(f"({v.src} {op} {c.src})", lambda env: int_op(op, t, v.ev(env), c.ev(env)), t)

    def nonzero(self, t: str, b: E) -> E:
        """MAX(b, 1): a divisor that is rarely 0 (a fault ends the program, and the test with it)."""
        one = 1.0 if t in REALS else 1
        return E(f"MAX({b.src}, 1)", lambda env: max(reduce_to(b.ev(env), t), one), t, fault=b.fault)

    def untyped_value(self, t: str, depth: int) -> E:
        """Untyped literals alone, or SEL of them: their type comes from the context."""
        if self.chance(0.5):
            return self.int_literal(t)
        g = self.expr("BOOL", depth - 1)
        a, b = self.int_literal(t), self.int_literal(t)
        return E(
            f"SEL({g.src}, {a.src}, {b.src})",
            lambda env: b.ev(env) if g.ev(env) else a.ev(env),
            t,
            untyped=True,
            fault=g.fault,
        )

    def generic_args(self, t: str, n: int, depth: int, untyped_ok: bool, lazy: bool) -> list[E]:
        args = [self.expr(t, depth, untyped_ok=True, lazy=lazy) for _ in range(n - 1)]
        last_untyped_ok = untyped_ok or not all(a.untyped for a in args)
        args.append(self.expr(t, depth, untyped_ok=last_untyped_ok, lazy=lazy))
        return args

    def mux(self, t: str, args: list[E], depth: int, lazy: bool) -> E:
        if lazy or self.chance(0.7):
            k = self.draw(hs.integers(0, len(args) - 1))
            ke = E(str(k), lambda env, k=k: k, "INT", untyped=True)
        else:
            n = len(args) if self.chance(0.7) else 4  # MOD 4: sometimes out of range, a fault
            ke = self.var("USINT")
            ke = E(f"({ke.src} MOD {n})", lambda env, v=ke: v.ev(env) % n, "USINT")

        def ev(env):
            k = ke.ev(env)
            vals = [reduce_to(a.ev(env), t) for a in args]
            if not 0 <= k < len(vals):
                raise Fault
            return vals[k]

        return E(
            f"MUX({ke.src}, {', '.join(a.src for a in args)})",
            ev,
            t,
            untyped=all(a.untyped for a in args),
            fault=any(a.fault for a in args) or not ke.untyped,
        )

    def conversion(self, t: str, depth: int, lazy: bool) -> E:
        src = self.pick([*INTS, "REAL", "LREAL", "BOOL"])
        if src == t:
            src = "INT" if t != "INT" else "DINT"
        a = self.expr(src, depth, untyped_ok=src not in ("BOOL",), lazy=lazy)
        generic = src in INTS and self.chance(0.2) and not a.untyped
        name = f"TO_{t}" if generic else f"{src}_TO_{t}"

        def ev(env):
            v = a.ev(env)
            if src == "BOOL":
                v = 1 if v else 0
                return float(v) if t in REALS else v
            if src in REALS:
                v = real(v, src)
                return real(v, t) if t in REALS else real_to_int(v, t)
            v = wrap(v, src)  # the parameter's type first
            return real(v, t) if t in REALS else wrap(v, t)

        return E(f"{name}({a.src})", ev, t, fault=a.fault)

    def time_expr(self, depth: int, lazy: bool) -> E:
        d = depth - 1
        kind = self.pick(["+", "-", "*", "/", "sel", "minmax"])
        if kind in ("+", "-"):
            a, b = self.expr("TIME", d, lazy=lazy), self.expr("TIME", d, lazy=lazy)
            return E(
                f"({a.src} {kind} {b.src})",
                lambda env: a.ev(env) + b.ev(env) if kind == "+" else a.ev(env) - b.ev(env),
                "TIME",
                fault=a.fault or b.fault,
            )
        if kind == "*" or (kind == "/" and not lazy):
            a = self.expr("TIME", d, lazy=lazy)
            nt = self.pick(["DINT", "INT"])  # T#1s * DINT_TO_INT(d)
            n = self.expr(nt, d, untyped_ok=True, lazy=lazy)
            if kind == "/" and self.chance(0.7):
                n = self.nonzero(nt, n)
            if kind == "*":
                return E(
                    f"({a.src} * {n.src})",
                    lambda env: a.ev(env) * n.ev(env),
                    "TIME",
                    fault=a.fault or n.fault,
                )
            return E(f"({a.src} / {n.src})", lambda env: trunc_div(a.ev(env), n.ev(env)), "TIME", fault=True)
        if kind == "sel":
            g = self.expr("BOOL", d, lazy=lazy)
            a, b = self.expr("TIME", d, lazy=True), self.expr("TIME", d, lazy=True)
            return E(
                f"SEL({g.src}, {a.src}, {b.src})", lambda env: b.ev(env) if g.ev(env) else a.ev(env), "TIME"
            )
        a, b = self.expr("TIME", d, lazy=lazy), self.expr("TIME", d, lazy=lazy)
        fn = self.pick(["MIN", "MAX"])
        f = min if fn == "MIN" else max
        return E(
            f"{fn}({a.src}, {b.src})", lambda env: f(a.ev(env), b.ev(env)), "TIME", fault=a.fault or b.fault
        )

    def bool_expr(self, depth: int, lazy: bool) -> E:
        d = depth - 1
        kind = self.pick(["cmp", "cmp", "wrap_cmp", "logic", "not", "bit"])
        if kind == "wrap_cmp":
            # (d + 1) > d, (ud + 1) = 0: comparisons see the wrapped 32/64-bit intermediate
            t = self.pick([t for t in INTS if INTS[t][0] >= 32])
            op = self.pick(["=", "<>", "<", ">", "<=", ">="])
            a, b = self.near_limit_sum(t), self.leaf(t, untyped_ok=True)
            return E(f"({a.src} {op} {b.src})", lambda env: cmp(op, a.ev(env), b.ev(env)), "BOOL")
        if kind == "cmp":
            u = self.pick([*INTS, *REALS, "TIME"])
            op = self.pick(["=", "<>", "<", ">", "<=", ">="])
            a = self.expr(u, d, untyped_ok=True, lazy=lazy)
            b = self.expr(u, d, untyped_ok=not a.untyped, lazy=lazy)
            return E(
                f"({a.src} {op} {b.src})",
                lambda env: cmp(op, a.ev(env), b.ev(env)),
                "BOOL",
                fault=a.fault or b.fault,
            )
        if kind == "logic":
            op = self.pick(["AND", "OR", "XOR"])
            a, b = self.expr("BOOL", d, lazy=True), self.expr("BOOL", d, lazy=True)
            f = {"AND": lambda x, y: x and y, "OR": lambda x, y: x or y, "XOR": lambda x, y: x != y}[op]
            return E(f"({a.src} {op} {b.src})", lambda env: f(a.ev(env), b.ev(env)), "BOOL")
        if kind == "not":
            a = self.expr("BOOL", d, lazy=lazy)
            return E(f"(NOT {a.src})", lambda env: not a.ev(env), "BOOL", fault=a.fault)
        t = self.pick(list(INTS))
        v = self.var(t)
        k = self.draw(hs.integers(0, INTS[t][0] - 1))
        return E(f"{v.src}.{k}", lambda env: ((env[v.src] >> k) & 1) == 1, "BOOL")


# ----------------------------------------------------------------------------- programs

WIDENING = {
    "DINT": ["SINT", "INT", "USINT", "UINT"],
    "LINT": ["SINT", "INT", "DINT", "USINT", "UINT", "UDINT"],
    "ULINT": ["UDINT", "UINT"],
    "REAL": ["SINT", "INT", "USINT", "UINT"],
    "LREAL": ["DINT", "INT", "REAL", "LINT"],
}
TYPES = [*INTS, *REALS, "BOOL", "TIME"]


def initial(draw, t: str):
    if t == "BOOL":
        return draw(hs.booleans())
    if t == "TIME":
        return draw(hs.sampled_from([0, 5, 1000, 3600000]))
    if t in REALS:
        return real(draw(hs.sampled_from(REAL_SAMPLES + [-1.0e10, -0.1])), t)
    lo, hi = limits(t)
    return draw(
        hs.sampled_from([lo, lo + 1, hi - 1, hi, lo, hi, 0, 1, 2, 5, 100, -1, -100, 1000]).map(
            lambda v: max(lo, min(hi, v))
        )
    )


def init_text(t: str, v) -> str:
    if t == "BOOL":
        return "TRUE" if v else "FALSE"
    if t == "TIME":
        return f"T#{v}ms"
    if t in REALS:
        return fmt_real(v)
    return str(v)


@dataclass
class Program:
    source: str
    decls: dict[str, tuple[str, object]]  # name -> (type, initial value)
    run: Callable[[dict], None]  # executes the statements on an environment
    scans: int = 1  # the variables keep their values from one scan to the next


@hs.composite
def programs(draw, statements: int = 10, depth: int = 3):
    names = {t: [f"{t.lower()}_{k}" for k in "ab"] for t in TYPES}
    decls = {n: (t, initial(draw, t)) for t, ns in names.items() for n in ns}
    g = Gen(draw, names)
    body, steps = [], []
    for _ in range(statements):
        if g.chance(0.15):
            cond = g.expr("BOOL", 2)
            a, b = assignment(g, depth - 1), assignment(g, depth - 1)
            body.append(f"IF {cond.src} THEN {a[0]} ELSE {b[0]} END_IF;")
            steps.append(lambda env, c=cond, a=a[1], b=b[1]: a(env) if c.ev(env) else b(env))
        elif g.chance(0.1):
            text, step = bit_write(g, depth)
            body.append(text)
            steps.append(step)
        else:
            text, step = assignment(g, depth)
            body.append(text)
            steps.append(step)
    decl_text = "\n".join(f"    {n} : {t} := {init_text(t, v)};" for n, (t, v) in decls.items())
    table = f"    tab : ARRAY[0..7] OF INT := [{', '.join(map(str, TABLE))}];"
    source = (
        f"{FUNCTION_TEXT}PROGRAM Main\nVAR\n{decl_text}\n{table}\nEND_VAR\n"
        + "\n".join(body)
        + "\nEND_PROGRAM\n"
    )

    def run(env):
        for step in steps:
            step(env)

    return Program(source, decls, run, scans=draw(hs.sampled_from([1, 1, 2, 3])))


def bit_write(g: Gen, depth: int):
    """x.3 := ...: one bit of an integer variable; the others keep their value (a sign bit too)."""
    t = g.pick(list(INTS))
    target = g.pick(g.names[t])
    k = g.draw(hs.integers(0, INTS[t][0] - 1))
    e = g.expr("BOOL", depth)

    def step(env):
        bit = 1 if e.ev(env) else 0
        env[target] = wrap((env[target] & ~(1 << k)) | (bit << k), t)

    return f"{target}.{k} := {e.src};", step


def assignment(g: Gen, depth: int):
    t = g.pick(TYPES)
    target = g.pick(g.names[t])
    vt = g.pick(WIDENING[t]) if t in WIDENING and g.chance(0.2) else t
    e = g.expr(vt, depth, untyped_ok=vt == t)
    if t in INTS and g.chance(0.1):
        # literals only, folded by the compiler as the target's type computes: (2147483647 + 1) / 2
        op, op2 = g.pick(["+", "-", "*"]), g.pick(["+", "-", "*", "/"])
        a, b, c = g.int_literal(t), g.int_literal(t), g.int_literal(t)
        if c.ev({}) == 0:
            op2 = "+"  # a constant / 0 is a compile error
        e = E(
            f"(({a.src} {op} {b.src}) {op2} {c.src})",
            lambda env: int_op(op2, t, int_op(op, t, a.ev(env), b.ev(env)), c.ev(env)),
            t,
        )

    def step(env):
        v = e.ev(env)
        env[target] = reduce_to(v, t)  # the store wraps (integers) or rounds (REAL)

    return f"{target} := {e.src};", step


def same(a, b) -> bool:
    if isinstance(a, float) or isinstance(b, float):
        return a == b or (math.isnan(a) and math.isnan(b))
    return a == b and type(a) is type(b)


def check(p: Program) -> None:
    comp = st.compile_source(p.source, "diff.st")
    assert comp.ok, comp.format_diagnostics() + "\n" + p.source
    env = {n: v for n, (_, v) in p.decls.items()}
    faulted = False
    for _ in range(p.scans):
        try:
            p.run(env)
        except Fault:
            faulted = True  # the PLC stops: the values stay those of the statements before
            break
    # both code generation modes: the fast build and the debug build that can stop at a statement
    for debug in (False, True):
        inst = comp.program.instantiate(debug=debug)
        for k in range(p.scans):
            inst.scan(10 * k)
        build = "debug" if debug else "fast"
        faults = f"{build}: fault {inst.fault} vs reference {faulted}\n{p.source}"
        assert (inst.fault is not None) == faulted, faults
        got = {n: inst.read(n) for n in env}
        wrong = {n: (got[n], env[n]) for n in env if not same(got[n], env[n])}
        assert not wrong, f"{build}: (compiled, reference) differ: {wrong}\n{p.source}"


DIFF = settings(
    max_examples=600,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    database=None,
    # no shrinking: a failure prints its whole program and the variables that differ, and
    # shrinking programs of ten statements takes minutes on a shared CI machine
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
)


@settings(DIFF)
@given(programs())
def test_compiled_programs_agree_with_the_reference(p):
    check(p)


def test_the_reference_follows_the_pinned_examples():
    """The reference itself gives DESIGN.md's examples (so agreeing with it means something)."""
    assert (trunc_div(-7, 2), int_op("MOD", "INT", -7, 2)) == (-3, -1)
    assert wrap(32767 + 1, "INT") == -32768
    assert int_op("/", "INT", int_op("+", "INT", 32767, 1), 2) == 16384
    assert int_op("/", "DINT", int_op("+", "DINT", 2147483647, 1), 2) == -1073741824
    assert int_op("+", "UDINT", 4294967295, 1) == 0
    assert wrap(wrap(100 + 100, "SINT"), "INT") == -56  # SINT_TO_INT(s + s)
    assert wrap(abs(wrap(2 - 255, "USINT")), "USINT") == 3  # ABS(a - b)
    assert max(wrap(1000 * 1000, "INT"), 0) == 16960  # MAX(i * i, 0)
    assert real_op("-", "REAL", min(f32(1.0e10), f32(16777217.0)), 16777216.0) == 0.0
    assert shift("ROR", "WORD", 255, 16) == 255 and shift("ROR", "DWORD", 255, 16) == 255 << 16
    assert (shift("SHL", "BYTE", 0x81, 1), shift("SHL", "BYTE", 0x81, -1), shift("ROL", "BYTE", 0x81, 9)) == (
        0x02,
        0x81,
        0x03,
    )
    assert (real_to_int(2.5, "INT"), real_to_int(3.5, "INT"), real_to_int(1000.0, "SINT")) == (2, 4, 127)


def test_a_time_stored_wraps_like_lint():
    """A TIME product past 64 bits is stored wrapped (DESIGN: TIME wraps like LINT), as compiled."""
    decls = {"time_a": ("TIME", 3600000), "time_b": ("TIME", 1000), "dint_a": ("DINT", -2147483648)}
    source = (
        "PROGRAM Main\nVAR\n    time_a : TIME := T#3600000ms;\n    time_b : TIME := T#1000ms;\n"
        "    dint_a : DINT := -2147483648;\nEND_VAR\n"
        "time_b := ((time_b + time_a) * MIN(dint_a, -2147483647)) * (-dint_a);\nEND_PROGRAM\n"
    )

    def run(env):
        n = wrap(-env["dint_a"], "DINT")
        product = (env["time_b"] + env["time_a"]) * min(env["dint_a"], -2147483647) * n
        env["time_b"] = reduce_to(product, "TIME")

    check(Program(source, decls, run))
    assert reduce_to(3601000 * (1 << 62), "TIME") == wrap(3601000 * (1 << 62), "LINT") != 3601000 * (1 << 62)
