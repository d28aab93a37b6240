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

import datetime
import math
import re
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
    if t in ("TIME", "LTIME"):
        return wrap(v, "LINT")  # a signed 64-bit count of milliseconds (LTIME: nanoseconds): wraps like LINT
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


# ----------------------------------------------------------------------------- LTIME, dates, STRING
# From st/semantics.py ("TIME and dates", "STRING"): an LTIME is a signed 64-bit nanosecond count
# that wraps like LINT when stored; DATE and DT count seconds since 1970-01-01 and TOD milliseconds
# since midnight; a STRING[n] keeps its first n characters when stored; positions are 1-based.

NS_PER_MS = 1_000_000
MS_PER_DAY = 86_400_000
DAY_S = 86_400
EPOCH = datetime.datetime(1970, 1, 1)
MORE_TYPES = ("LTIME", "DATE", "TOD", "DT", "STRING")
STRING_LENGTHS = {"string_a": 6, "string_b": 80}  # STRING[6], and a STRING of the default length
SPAN_MS = 10 * MS_PER_DAY  # date arithmetic adds at most 10 days at a time: dates stay 2000..2107


def seconds(y: int, mo: int, d: int, h: int = 0, mi: int = 0, s: int = 0) -> int:
    return (datetime.datetime(y, mo, d, h, mi, s) - EPOCH) // datetime.timedelta(seconds=1)


DTS = [
    seconds(2024, 2, 28, 23, 59, 59),
    seconds(2000, 1, 1),
    seconds(2024, 12, 31, 12, 0, 1),
    seconds(2090, 6, 15, 6, 30),
]
DATES = [seconds(2024, 2, 29), seconds(2000, 3, 1), seconds(2038, 1, 19)]
TODS = [0, 1, 999, 3_600_000, 45_015_500, MS_PER_DAY - 1]
LTIMES = [0, 1, -5, 999_999, NS_PER_MS, -1_500_000, 1_500_000_000, 86_400 * 10**9]
DATE_TEXTS = [  # STRING_TO_DT of texts, the prefix optional: 0 when the text is no date
    ("DT#2024-02-29-23:59:58", seconds(2024, 2, 29, 23, 59, 58)),
    ("2024-02-29-06:00:00", seconds(2024, 2, 29, 6)),
    ("x", 0),
    ("DT#2023-02-29-00:00:00", 0),
]
TEXTS = ["", "a", "ab", "abc", "cab", "AbCdX", "a$b", "it's", "12", "-7", "+5", "007", "40000", "x1", "2.5"]


def st_text(s: str) -> str:
    """A STRING literal: $ and ' are written $$ and $'."""
    return "'" + s.replace("$", "$$").replace("'", "$'") + "'"


def whole_ms(ns: int) -> int:
    """The whole milliseconds of an LTIME, toward zero (LTIME_TO_TIME, an LTIME in date arithmetic)."""
    return trunc_div(ns, NS_PER_MS)


def dt_plus(s: int, ms: int) -> int:
    """DT + TIME: a DT counts whole seconds, the result is the second the instant falls in."""
    return (s * 1000 + ms) // 1000


def tod_plus(tod: int, ms: int) -> int:
    """TOD + TIME wraps into one day, as TIME_TO_TOD."""
    return (tod + ms) % MS_PER_DAY


TIME_UNITS = (("d", MS_PER_DAY), ("h", 3_600_000), ("m", 60_000), ("s", 1000), ("ms", 1))
LTIME_UNITS = tuple((u, n * NS_PER_MS) for u, n in TIME_UNITS) + (("us", 1000), ("ns", 1))


def duration_text(v: int, prefix: str, units) -> str:
    """T#1m30s250ms: each unit that is not zero, largest first; T#0ms; T#-1s500ms."""
    parts, rest = [], abs(v)
    for unit, size in units:
        if rest >= size:
            parts.append(f"{rest // size}{unit}")
            rest %= size
    return prefix + ("-" if v < 0 else "") + ("".join(parts) or "0" + units[-1][0])


def date_text(s: int) -> str:
    d = EPOCH + datetime.timedelta(seconds=s)
    return f"D#{d.year:04d}-{d.month:02d}-{d.day:02d}"


def tod_text(ms: int) -> str:
    """TOD#12:30:15.5: the fraction of a second without its trailing zeros."""
    text = f"TOD#{ms // 3_600_000:02d}:{ms // 60_000 % 60:02d}:{ms // 1000 % 60:02d}"
    return text + f".{ms % 1000:03d}".rstrip("0") if ms % 1000 else text


def dt_text(s: int) -> str:
    d = EPOCH + datetime.timedelta(seconds=s)
    return f"DT#{d.year:04d}-{d.month:02d}-{d.day:02d}-{d.hour:02d}:{d.minute:02d}:{d.second:02d}"


NUMBER_TEXT = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)\Z")


def text_to_int(s: str, t: str) -> int:
    """STRING_TO_<integer>: the number the text spells (a whole one wraps like a conversion, one with a
    fraction is LREAL_TO_<t> of it), 0 when the text is not a number."""
    if not NUMBER_TEXT.match(s):
        return 0
    return real_to_int(float(s), t) if "." in s else wrap(int(s), t)


def int_to_text(v: int) -> str:
    return str(v)


def st_left(s: str, n: int) -> str:
    return s[:n] if n > 0 else ""


def st_right(s: str, n: int) -> str:
    return s[len(s) - min(n, len(s)) :] if n > 0 else ""


def st_mid(s: str, n: int, p: int) -> str:
    """MID(IN, L, P): up to L characters from position P; nothing for P < 1, P > LEN(IN) or L <= 0."""
    return s[p - 1 : p - 1 + n] if n > 0 and 1 <= p <= len(s) else ""


def st_insert(s1: str, s2: str, p: int) -> str:
    """INSERT(IN1, IN2, P): IN2 after the P-th character, in front for 0, at the end past LEN(IN1);
    IN1 itself for P < 0 (CODESYS)."""
    return s1 if p < 0 else s1[:p] + s2 + s1[p:]


def st_delete(s: str, n: int, p: int) -> str:
    """DELETE(IN, L, P): L characters from position P on (the end at most); P = 0 is P = 1 with one
    character less (CODESYS); IN itself for P < 0, P > LEN(IN) or L <= 0."""
    if p == 0:
        p, n = 1, n - 1
    if p < 1 or p > len(s) or n <= 0:
        return s
    return s[: p - 1] + s[p - 1 + n :]


def st_replace(s1: str, s2: str, n: int, p: int) -> str:
    """REPLACE(IN1, IN2, L, P): L characters from position P become IN2 (L <= 0: IN2 is put before
    P; P past the end: IN2 is appended); P = 0 is P = 1 with one character less (CODESYS); IN1
    itself for P < 0."""
    if p == 0:
        p, n = 1, n - 1
    if p < 0:
        return s1
    p = min(p, len(s1) + 1)
    return s1[: p - 1] + s2 + s1[p - 1 + max(n, 0) :]


def st_find(s1: str, s2: str) -> int:
    """FIND(IN1, IN2): the position of the first IN2 in IN1, 0 when there is none (or IN2 is empty)."""
    return s1.find(s2) + 1 if s2 else 0


class MoreGen(Gen):
    """Gen over every elementary type: LTIME, DATE, TOD, DT and STRING too, with their arithmetic,
    the function forms, the conversions between them and to and from the other types, and their
    comparisons."""

    def expr(self, t: str, depth: int, untyped_ok: bool = False, lazy: bool = False) -> E:
        if t in MORE_TYPES:
            if depth <= 0 or self.chance(0.2):
                return self.more_leaf(t)
            return getattr(self, f"{t.lower()}_expr")(depth - 1, lazy)
        if depth > 0 and self.chance(0.3):
            e = self.bridge(t, depth - 1, lazy)
            if e is not None:
                return e
        return super().expr(t, depth, untyped_ok, lazy)

    def more_leaf(self, t: str) -> E:
        if self.chance(0.6):
            return self.var(t)
        if t == "LTIME":
            v = self.pick(LTIMES)
            return E(f"LTIME#{v}ns", lambda env: v, t)
        if t == "DT":
            v = self.pick(DTS)
            return E(dt_text(v), lambda env: v, t)
        if t == "DATE":
            v = self.pick(DATES)
            return E(date_text(v), lambda env: v, t)
        if t == "TOD":
            v = self.pick(TODS)
            return E(tod_text(v), lambda env: v, t)
        v = self.pick(TEXTS)
        return E(st_text(v), lambda env: v, t)

    def operator_call(self, fn: str, args: list[E], typ: str, f: Callable) -> E:
        """ADD_TOD_TIME(a, b) and the other function forms compute as their operators (st/semantics.py)."""
        return E(
            f"{fn}({', '.join(a.src for a in args)})",
            lambda env: f(*(a.ev(env) for a in args)),
            typ,
            fault=any(a.fault for a in args),
        )

    def call(self, fn: str, args: list[E], typ: str, f: Callable, params: list[str] | None = None) -> E:
        """fn(args): each value reduced to its parameter's type (params; default: the argument's; )."""
        params = params or [a.typ for a in args]

        def ev(env):
            return f(*(reduce_to(a.ev(env), p) for a, p in zip(args, params, strict=True)))

        return E(f"{fn}({', '.join(a.src for a in args)})", ev, typ, fault=any(a.fault for a in args))

    def op(self, a: E, op: str, b: E, typ: str, f: Callable) -> E:
        return E(
            f"({a.src} {op} {b.src})", lambda env: f(a.ev(env), b.ev(env)), typ, fault=a.fault or b.fault
        )

    def sel(self, t: str, d: int, lazy: bool) -> E:
        g = self.expr("BOOL", d, lazy=lazy)
        a, b = self.expr(t, d, lazy=True), self.expr(t, d, lazy=True)
        return E(
            f"SEL({g.src}, {a.src}, {b.src})",
            lambda env: b.ev(env) if g.ev(env) else a.ev(env),
            t,
            fault=g.fault,
        )

    def minmax(self, t: str, d: int, lazy: bool) -> E:
        fn = self.pick(["MIN", "MAX"])
        return self.call(
            fn, [self.expr(t, d, lazy=lazy), self.expr(t, d, lazy=lazy)], t, min if fn == "MIN" else max
        )

    def span(self, d: int, lazy: bool) -> E:
        """A TIME within ±10 days (LIMIT), so that a date plus it stays in the calendar."""
        e = self.expr("TIME", d, lazy=lazy)
        return self.call(
            "LIMIT",
            [E("T#-10d", lambda env: -SPAN_MS, "TIME"), e, E("T#10d", lambda env: SPAN_MS, "TIME")],
            "TIME",
            lambda lo, x, hi: min(max(x, lo), hi),
        )

    def ltime_span(self, d: int, lazy: bool) -> E:
        e = self.expr("LTIME", d, lazy=lazy)
        lim = SPAN_MS * NS_PER_MS
        return self.call(
            "LIMIT",
            [
                E(f"LTIME#-{lim}ns", lambda env: -lim, "LTIME"),
                e,
                E(f"LTIME#{lim}ns", lambda env: lim, "LTIME"),
            ],
            "LTIME",
            lambda lo, x, hi: min(max(x, lo), hi),
        )

    def position(self, d: int, lazy: bool) -> E:
        """A length or position argument: mostly small, sometimes 0, negative or past the end."""
        if self.chance(0.7):
            v = self.pick([-1, 0, 1, 2, 3, 4, 5, 7, 9])
            return E(f"(-{-v})" if v < 0 else str(v), lambda env: v, "INT")
        return self.expr("INT", d, lazy=lazy)

    def round_trip(self, t: str, a: E, text_of, back=lambda v: v) -> E:
        """STRING_TO_<t>(<t>_TO_STRING(a)): the text reads back as the value written (text_of: how
        the text is written, checked where it is shown; None: not pinned, only the round trip)."""
        name = {"TOD": "TOD", "DT": "DT"}.get(t, t)
        inner = E(
            f"{name}_TO_STRING({a.src})",
            lambda env: text_of(reduce_to(a.ev(env), t)) if text_of else "",
            "STRING",
        )
        return E(
            f"STRING_TO_{name}({inner.src})", lambda env: back(reduce_to(a.ev(env), t)), t, fault=a.fault
        )

    # the types ----------------------------------------------------------
    def ltime_expr(self, d: int, lazy: bool) -> E:
        kind = self.pick(
            ["+", "-", "*", "/", "sel", "minmax", "from_time", "from_lint", "from_tod", "from_real", "text"]
        )
        if kind in ("+", "-"):
            a, b = self.expr("LTIME", d, lazy=lazy), self.expr("LTIME", d, lazy=lazy)
            return self.op(a, kind, b, "LTIME", (lambda x, y: x + y) if kind == "+" else (lambda x, y: x - y))
        if kind == "*" or (kind == "/" and not lazy):
            a = self.expr("LTIME", d, lazy=lazy)
            nt = self.pick(["DINT", "INT", "LINT"])
            n = self.expr(nt, d, untyped_ok=True, lazy=lazy)
            if kind == "*":
                return self.op(a, "*", n, "LTIME", lambda x, y: x * y)
            if self.chance(0.7):
                n = self.nonzero(nt, n)
            e = self.op(a, "/", n, "LTIME", trunc_div)
            e.fault = True
            return e
        if kind == "sel":
            return self.sel("LTIME", d, lazy)
        if kind == "minmax":
            return self.minmax("LTIME", d, lazy)
        if kind == "from_time":
            return self.call(
                "TIME_TO_LTIME", [self.expr("TIME", d, lazy=lazy)], "LTIME", lambda v: v * NS_PER_MS
            )
        if kind == "from_lint":
            # LINT_TO_LTIME(lint_a) + LTIME#1ns with lint_a = 9223372036854775807: the store wraps
            return self.call("LINT_TO_LTIME", [self.expr("LINT", d, lazy=lazy)], "LTIME", lambda v: v)
        if kind == "from_tod":
            return self.call(
                "TOD_TO_LTIME", [self.expr("TOD", d, lazy=lazy)], "LTIME", lambda v: v * NS_PER_MS
            )
        if kind == "from_real":
            return self.call(
                "LREAL_TO_LTIME",
                [self.expr("LREAL", d, lazy=lazy)],
                "LTIME",
                lambda v: real_to_int(v, "LINT"),
            )
        return self.round_trip(
            "LTIME", self.expr("LTIME", d, lazy=lazy), lambda v: duration_text(v, "LTIME#", LTIME_UNITS)
        )

    def dt_expr(self, d: int, lazy: bool) -> E:
        kind = self.pick(
            [
                "+",
                "+",
                "-",
                "time+",
                "ltime+",
                "add_fn",
                "sub_fn",
                "concat",
                "from_date",
                "from_udint",
                "sel",
                "minmax",
                "text",
            ]
        )
        if kind in ("+", "-"):
            a, b = self.expr("DT", d, lazy=lazy), self.span(d, lazy)
            return self.op(a, kind, b, "DT", lambda x, y, k=kind: dt_plus(x, y if k == "+" else -y))
        if kind == "time+":
            a, b = self.span(d, lazy), self.expr("DT", d, lazy=lazy)
            return self.op(a, "+", b, "DT", lambda x, y: dt_plus(y, x))
        if kind == "ltime+":
            a, b, op = self.expr("DT", d, lazy=lazy), self.ltime_span(d, lazy), self.pick(["+", "-"])
            return self.op(
                a, op, b, "DT", lambda x, y: dt_plus(x, whole_ms(y) if op == "+" else -whole_ms(y))
            )
        if kind in ("add_fn", "sub_fn"):
            fn = "ADD_DT_TIME" if kind == "add_fn" else "SUB_DT_TIME"
            sign = 1 if kind == "add_fn" else -1
            return self.operator_call(
                fn,
                [self.expr("DT", d, lazy=lazy), self.span(d, lazy)],
                "DT",
                lambda x, y: dt_plus(x, sign * y),
            )
        if kind == "concat":
            return self.call(
                "CONCAT_DATE_TOD",
                [self.expr("DATE", d, lazy=lazy), self.expr("TOD", d, lazy=lazy)],
                "DT",
                lambda day, tod: day + tod // 1000,
            )
        if kind == "from_date":
            return self.call("DATE_TO_DT", [self.expr("DATE", d, lazy=lazy)], "DT", lambda v: v)
        if kind == "from_udint":
            u = self.expr("UDINT", d, lazy=lazy)
            u = self.call(
                "MAX", [u, E("946684800", lambda env: 946684800, "UDINT")], "UDINT", max
            )  # from 2000 on
            return self.call("UDINT_TO_DT", [u], "DT", lambda v: v)
        if kind == "sel":
            return self.sel("DT", d, lazy)
        if kind == "minmax":
            return self.minmax("DT", d, lazy)
        return self.round_trip("DT", self.expr("DT", d, lazy=lazy), dt_text)

    def date_expr(self, d: int, lazy: bool) -> E:
        kind = self.pick(["from_dt", "sel", "minmax", "text"])
        if kind == "from_dt":
            return self.call("DT_TO_DATE", [self.expr("DT", d, lazy=lazy)], "DATE", lambda v: v - v % DAY_S)
        if kind == "sel":
            return self.sel("DATE", d, lazy)
        if kind == "minmax":
            return self.minmax("DATE", d, lazy)
        return self.round_trip("DATE", self.expr("DATE", d, lazy=lazy), date_text)

    def tod_expr(self, d: int, lazy: bool) -> E:
        kind = self.pick(
            [
                "+",
                "-",
                "time+",
                "ltime+",
                "add_fn",
                "sub_fn",
                "from_dt",
                "from_time",
                "from_ltime",
                "from_udint",
                "sel",
                "minmax",
                "text",
            ]
        )
        if kind in ("+", "-"):
            a, b = self.expr("TOD", d, lazy=lazy), self.expr("TIME", d, lazy=lazy)
            return self.op(a, kind, b, "TOD", lambda x, y, k=kind: tod_plus(x, y if k == "+" else -y))
        if kind == "time+":
            a, b = self.expr("TIME", d, lazy=lazy), self.expr("TOD", d, lazy=lazy)
            return self.op(a, "+", b, "TOD", lambda x, y: tod_plus(y, x))
        if kind == "ltime+":
            a, b, op = self.expr("TOD", d, lazy=lazy), self.expr("LTIME", d, lazy=lazy), self.pick(["+", "-"])
            return self.op(
                a, op, b, "TOD", lambda x, y: tod_plus(x, whole_ms(y) if op == "+" else -whole_ms(y))
            )
        if kind in ("add_fn", "sub_fn"):
            fn = "ADD_TOD_TIME" if kind == "add_fn" else "SUB_TOD_TIME"
            sign = 1 if kind == "add_fn" else -1
            return self.operator_call(
                fn,
                [self.expr("TOD", d, lazy=lazy), self.expr("TIME", d, lazy=lazy)],
                "TOD",
                lambda x, y: tod_plus(x, sign * y),
            )
        if kind == "from_dt":
            return self.call("DT_TO_TOD", [self.expr("DT", d, lazy=lazy)], "TOD", lambda v: v % DAY_S * 1000)
        if kind == "from_time":
            return self.call(
                "TIME_TO_TOD", [self.expr("TIME", d, lazy=lazy)], "TOD", lambda v: v % MS_PER_DAY
            )
        if kind == "from_ltime":
            return self.call(
                "LTIME_TO_TOD", [self.expr("LTIME", d, lazy=lazy)], "TOD", lambda v: whole_ms(v) % MS_PER_DAY
            )
        if kind == "from_udint":
            u = self.expr("UDINT", d, lazy=lazy)
            u = E(
                f"({u.src} MOD 86400000)",
                lambda env, u=u: wrap(u.ev(env), "UDINT") % MS_PER_DAY,
                "UDINT",
                fault=u.fault,
            )
            return self.call("UDINT_TO_TOD", [u], "TOD", lambda v: v)
        if kind == "sel":
            return self.sel("TOD", d, lazy)
        if kind == "minmax":
            return self.minmax("TOD", d, lazy)
        return self.round_trip("TOD", self.expr("TOD", d, lazy=lazy), tod_text)

    def string_expr(self, d: int, lazy: bool) -> E:
        kind = self.pick(
            [
                "concat",
                "concat",
                "left",
                "right",
                "mid",
                "mid",
                "insert",
                "insert",
                "delete",
                "delete",
                "replace",
                "replace",
                "sel",
                "from_int",
                "from_int",
                "from_bool",
                "from_time",
                "from_ltime",
                "from_date",
                "from_tod",
                "from_dt",
            ]
        )
        s = lambda: self.expr("STRING", d, lazy=lazy)  # noqa: E731
        pos = lambda: self.position(d, lazy)  # noqa: E731
        if kind == "concat":
            args = [s() for _ in range(self.pick([2, 2, 3]))]
            return self.call("CONCAT", args, "STRING", lambda *parts: "".join(parts))
        if kind in ("left", "right"):
            return self.call(
                kind.upper(),
                [s(), pos()],
                "STRING",
                st_left if kind == "left" else st_right,
                ["STRING", "INT"],
            )
        if kind == "mid":
            return self.call("MID", [s(), pos(), pos()], "STRING", st_mid, ["STRING", "INT", "INT"])
        if kind == "insert":
            return self.call("INSERT", [s(), s(), pos()], "STRING", st_insert, ["STRING", "STRING", "INT"])
        if kind == "delete":
            return self.call("DELETE", [s(), pos(), pos()], "STRING", st_delete, ["STRING", "INT", "INT"])
        if kind == "replace":
            return self.call(
                "REPLACE", [s(), s(), pos(), pos()], "STRING", st_replace, ["STRING", "STRING", "INT", "INT"]
            )
        if kind == "sel":
            return self.sel("STRING", d, lazy)
        if kind == "from_int":
            t = self.pick(list(INTS))
            return self.call(f"{t}_TO_STRING", [self.expr(t, d, lazy=lazy)], "STRING", int_to_text)
        if kind == "from_bool":
            return self.call(
                "BOOL_TO_STRING",
                [self.expr("BOOL", d, lazy=lazy)],
                "STRING",
                lambda b: "TRUE" if b else "FALSE",
            )
        if kind == "from_time":
            return self.call(
                "TIME_TO_STRING",
                [self.expr("TIME", d, lazy=lazy)],
                "STRING",
                lambda v: duration_text(v, "T#", TIME_UNITS),
            )
        if kind == "from_ltime":
            return self.call(
                "LTIME_TO_STRING",
                [self.expr("LTIME", d, lazy=lazy)],
                "STRING",
                lambda v: duration_text(v, "LTIME#", LTIME_UNITS),
            )
        t = kind[5:].upper()
        return self.call(
            f"{t}_TO_STRING",
            [self.expr(t, d, lazy=lazy)],
            "STRING",
            {"DATE": date_text, "TOD": tod_text, "DT": dt_text}[t],
        )

    def bridge(self, t: str, d: int, lazy: bool) -> E | None:
        """An expression of one of the other types made from LTIME, dates or STRING (None: none here)."""
        if t == "BOOL":
            u = self.pick(MORE_TYPES)
            op = self.pick(["=", "<>", "<", ">", "<=", ">="])
            return self.op(
                self.expr(u, d, lazy=lazy), op, self.expr(u, d, lazy=lazy), "BOOL", lambda x, y: cmp(op, x, y)
            )
        if t == "TIME":
            kind = self.pick(
                [
                    "dt-dt",
                    "date-date",
                    "tod-tod",
                    "SUB_DT_DT",
                    "SUB_DATE_DATE",
                    "SUB_TOD_TOD",
                    "from_tod",
                    "from_ltime",
                    "text",
                    "number",
                ]
            )
            if kind in ("dt-dt", "date-date", "tod-tod", "SUB_DT_DT", "SUB_DATE_DATE", "SUB_TOD_TOD"):
                u = {"dt": "DT", "date": "DATE", "tod": "TOD"}[
                    kind.split("-")[0].lower() if "-" in kind else kind.split("_")[1].lower()
                ]
                scale = 1 if u == "TOD" else 1000  # DT and DATE count seconds, a TIME milliseconds
                a, b = self.expr(u, d, lazy=lazy), self.expr(u, d, lazy=lazy)
                f = lambda x, y: (x - y) * scale  # noqa: E731
                return (
                    self.op(a, "-", b, "TIME", f)
                    if "-" in kind
                    else self.operator_call(kind, [a, b], "TIME", f)
                )
            if kind == "from_tod":
                return self.call("TOD_TO_TIME", [self.expr("TOD", d, lazy=lazy)], "TIME", lambda v: v)
            if kind == "from_ltime":
                return self.call("LTIME_TO_TIME", [self.expr("LTIME", d, lazy=lazy)], "TIME", whole_ms)
            if kind == "number":  # STRING_TO_TIME of a number: milliseconds
                a = self.expr("DINT", d, lazy=lazy)
                return self.call(
                    "STRING_TO_TIME",
                    [self.call("DINT_TO_STRING", [a], "STRING", int_to_text)],
                    "TIME",
                    lambda s: int(s),
                )
            return self.round_trip(
                "TIME", self.expr("TIME", d, lazy=lazy), lambda v: duration_text(v, "T#", TIME_UNITS)
            )
        if t in REALS:
            kind = self.pick(["text", "ltime", "dt"])
            if kind == "text":  # the shortest text that reads back the same value
                # INF and NaN are written INF, -INF and NaN, which are no numbers: they read back as 0.0
                return self.round_trip(
                    t, self.expr(t, d, lazy=lazy), None, lambda v: v if math.isfinite(v) else 0.0
                )
            if kind == "ltime":  # an LTIME as a number is its nanoseconds
                return self.call(f"LTIME_TO_{t}", [self.expr("LTIME", d, lazy=lazy)], t, lambda v: real(v, t))
            return self.call(f"DT_TO_{t}", [self.expr("DT", d, lazy=lazy)], t, lambda v: real(v, t))
        if t in INTS:
            kinds = ["from_date", "from_ltime", "text", "text", "dt_text"]
            kind = self.pick(kinds + ["len", "len", "find", "find"] if t == "INT" else kinds)
            if kind == "from_date":
                u = self.pick(["DT", "DATE", "TOD"])
                return self.call(f"{u}_TO_{t}", [self.expr(u, d, lazy=lazy)], t, lambda v: wrap(v, t))
            if kind == "from_ltime":
                return self.call(f"LTIME_TO_{t}", [self.expr("LTIME", d, lazy=lazy)], t, lambda v: wrap(v, t))
            if kind == "text" and t not in BIT_STRINGS:
                a = self.expr("STRING", d, lazy=lazy)
                return self.call(f"STRING_TO_{t}", [a], t, lambda s: text_to_int(s, t))
            if kind in ("len", "find") and t == "INT":
                if kind == "len":
                    return self.call("LEN", [self.expr("STRING", d, lazy=lazy)], "INT", len)
                return self.call(
                    "FIND",
                    [self.expr("STRING", d, lazy=lazy), self.expr("STRING", d, lazy=lazy)],
                    "INT",
                    st_find,
                )
            if kind == "dt_text" and t == "UDINT":  # STRING_TO_DT of a text that is no date is 0
                text, v = self.pick(DATE_TEXTS)
                return E(f"DT_TO_UDINT(STRING_TO_DT({st_text(text)}))", lambda env: v, "UDINT")
        return None


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
    more = {"LTIME": [*LTIMES, (1 << 63) - 1], "DT": DTS, "DATE": DATES, "TOD": TODS, "STRING": TEXTS}
    if t in more:
        return draw(hs.sampled_from(more[t]))
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


def decl_type(name: str, t: str) -> str:
    return f"STRING[{STRING_LENGTHS[name]}]" if name == "string_a" else t


def init_text(t: str, v) -> str:
    more = {
        "LTIME": lambda v: f"LTIME#{v}ns",
        "DT": dt_text,
        "DATE": date_text,
        "TOD": tod_text,
        "STRING": st_text,
    }
    if t in more:
        return more[t](v)
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
def programs(draw, statements: int = 10, depth: int = 3, gen=None, types=None, targets=None):
    """gen, types, targets: the generator class, the types declared (two variables each) and the
    types assignments write (all declared types when None)."""
    types = types or TYPES
    names = {t: [f"{t.lower()}_{k}" for k in "ab"] for t in types}
    decls = {n: (t, initial(draw, t)) for t, ns in names.items() for n in ns}
    g = (gen or Gen)(draw, names)
    g.targets = targets or types
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
    decl_text = "\n".join(f"    {n} : {decl_type(n, t)} := {init_text(t, v)};" for n, (t, v) in decls.items())
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
    t = g.pick(g.targets)
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
        # the store wraps (integers, durations), rounds (REAL) or truncates (STRING[n])
        env[target] = v[: STRING_LENGTHS[target]] if t == "STRING" else reduce_to(v, t)

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


MORE = settings(DIFF, max_examples=500)
ALL_TYPES = [*TYPES, *MORE_TYPES]


@settings(MORE)
@given(
    programs(
        gen=MoreGen,
        types=ALL_TYPES,
        targets=[*MORE_TYPES, *MORE_TYPES, "TIME", "BOOL", "INT", "UDINT", "LINT", "LREAL"],
    )
)
def test_programs_over_ltime_dates_and_strings_agree_with_the_reference(p):
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
