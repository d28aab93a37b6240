"""Typed random programs: every one compiles or reports, none hits an internal error, and the
fast build and the stepped debug build end every scan in the same state."""

from __future__ import annotations

import random

import pytest

import st

TYPES = {
    "i": "INT",
    "d": "DINT",
    "r": "REAL",
    "l": "LREAL",
    "b": "BOOL",
    "u": "UINT",
    "w": "WORD",
    "t": "TIME",
    "s": "STRING[8]",
}
LEAVES = {
    "i": ["0", "1", "7", "-3", "32767", "i1", "i2", "ai[2]", "ai[i1]", "REAL_TO_INT(r1)"],
    "d": ["0", "1", "-3", "d1", "d2", "ad[4]", "ad[d1]", "TRUNC(l1)"],
    "u": ["0", "1", "65535", "u1", "u2"],
    "w": ["0", "16#FF", "w1", "w2", "SHL(w1, 3)"],
    "r": ["0.0", "1.5", "-2.25", "1.0E30", "r1", "r2", "INT_TO_REAL(i1)", "SQRT(ABS(r2))"],
    "l": ["0.0", "1.5", "l1", "l2", "DINT_TO_LREAL(d2)"],
    "t": ["T#1s", "T#10ms", "t1", "t2", "DINT_TO_TIME(d1)"],
    "s": ["'ab'", "'xyz'", "s1", "s2", "CONCAT(s1, 'q')", "LEFT(s2, i1)", "INT_TO_STRING(i1)"],
    "b": ["TRUE", "FALSE", "b1", "b2", "w1.3", "i1 > 3", "s1 = 'ab'"],
}


def expr(rng: random.Random, kind: str, depth: int = 0) -> str:
    if depth > 3 or rng.random() < 0.35:
        return rng.choice(LEAVES[kind])
    if kind == "b":
        return rng.choice(
            [
                f"({expr(rng, 'b', depth + 1)} AND {expr(rng, 'b', depth + 1)})",
                f"(NOT {expr(rng, 'b', depth + 1)})",
                f"({expr(rng, 'i', depth + 1)} < {expr(rng, 'd', depth + 1)})",
                f"({expr(rng, 'r', depth + 1)} >= {expr(rng, 'r', depth + 1)})",
            ]
        )
    if kind == "s":
        return rng.choice(LEAVES["s"])
    if kind == "t":
        return rng.choice(
            [
                f"({expr(rng, 't', depth + 1)} + {expr(rng, 't', depth + 1)})",
                f"({expr(rng, 't', depth + 1)} * {expr(rng, 'i', depth + 1)})",
            ]
        )
    ops = ["+", "-", "*", "/", "MOD"] if kind in "iduw" else ["+", "-", "*", "/"]
    if rng.random() < 0.2:
        return f"SEL({expr(rng, 'b', depth + 1)}, {expr(rng, kind, depth + 1)}, {expr(rng, kind, depth + 1)})"
    return f"({expr(rng, kind, depth + 1)} {rng.choice(ops)} {expr(rng, kind, depth + 1)})"


def stmt(rng: random.Random, depth: int = 0) -> str:
    r = rng.random()
    if depth < 2 and r < 0.1:
        return (
            f"IF {expr(rng, 'b')} THEN {stmt(rng, depth + 1)} ELSIF {expr(rng, 'b')} THEN "
            f"{stmt(rng, depth + 1)} ELSE {stmt(rng, depth + 1)} END_IF;"
        )
    if depth < 2 and r < 0.16:
        return f"FOR i2 := {rng.randint(-2, 3)} TO {rng.randint(0, 6)} DO {stmt(rng, depth + 1)} END_FOR;"
    if depth < 2 and r < 0.22:
        a, b, c = (stmt(rng, depth + 1) for _ in range(3))
        return f"CASE i1 OF 1: {a} 2..4, 7: {b} ELSE {c} END_CASE;"
    if depth < 2 and r < 0.26:
        return f"WHILE d2 < 5 DO d2 := d2 + 1; {stmt(rng, depth + 1)} END_WHILE;"
    kind = rng.choice(list(TYPES))
    return f"{kind}{rng.randint(1, 2)} := {expr(rng, kind)};"


DECLS = (
    "\n".join(f"{k}1, {k}2 : {t};" for k, t in TYPES.items())
    + "\nai : ARRAY[0..4] OF INT;\nad : ARRAY[0..4] OF DINT;"
)


def flat(nodes, out=None):
    out = {} if out is None else out
    for node in nodes:
        out[node.path] = node.value
        flat(node.children, out)
    return out


def same(a, b) -> bool:
    return a == b or (a != a and b != b)  # NaN equals NaN here


@pytest.mark.parametrize("seed", range(4))
def test_random_typed_programs_run_the_same_fast_and_stepped(seed):
    rng = random.Random(seed)
    compiled = 0
    for _ in range(25):
        body = "\n".join(stmt(rng) for _ in range(6))
        src = f"PROGRAM Main\nVAR\n{DECLS}\nEND_VAR\n{body}\nEND_PROGRAM\n"
        comp = st.compile_source(src, "z.st")
        assert not any(d.code == "E900" for d in comp.diagnostics), comp.format_diagnostics() + "\n" + src
        if not comp.ok:
            continue
        compiled += 1
        fast, dbg = comp.program.instantiate(), comp.program.instantiate(debug=True)
        dbg.breakpoints.add(6)
        for k in range(3):
            fast.scan(k * 10)
            pause = dbg.begin_scan(k * 10)
            while pause is not None:
                pause = dbg.step_into()
        assert fast.fault is None or "internal" not in fast.fault.message, src
        assert str(fast.fault) == str(dbg.fault), src
        a, b = flat(fast.variables()), flat(dbg.variables())
        assert all(same(a[key], b[key]) for key in a), src
    assert compiled >= 5  # the generator mostly writes valid programs
