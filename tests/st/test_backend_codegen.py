"""Back-end internals: generated code stays inert against hostile text, faults map to ST lines,
integer wraps and the fast paths of the code generator give the pinned semantics."""

from __future__ import annotations

import pytest

import st


def build(src: str):
    comp = st.compile_source(src, "gen.st")
    assert comp.ok, comp.format_diagnostics()
    return comp.program


def run(src: str, scans: int = 1):
    inst = build(src).instantiate()
    for k in range(scans):
        inst.scan(k * 10)
    return inst


def prog(decls: str, body: str, extra: str = "") -> str:
    return f"{extra}\nPROGRAM Main\nVAR\n{decls}\nEND_VAR\n{body}\nEND_PROGRAM\n"


# ----------------------------------------------------------------------------- injection


HOSTILE_TEXT = "'); __import__('os').system('touch /tmp/pwned'); x = ('"


def test_hostile_string_literal_stays_a_string(tmp_path):
    marker = tmp_path / "pwned"
    payload = f"\"\"\"'); open({str(marker)!r}, 'w').write('x'); ('\\n"
    st_text = payload.replace("$", "$$").replace("'", "$'")
    src = prog("s : STRING[200];", f"s := '{st_text}';")
    inst = run(src)
    assert inst.read("s") == payload
    assert not marker.exists()
    # the payload only ever appears in the generated code as a Python string literal
    gen = build(src).python_source
    assert "open(" not in gen.replace(repr(payload), "")


def test_hostile_identifiers_become_prefixed_names():
    names = ["import", "os", "self", "ctx", "G", "_f32", "range", "print", "Globals", "v_x", "exec", "lambda"]
    decls = "\n".join(f"{n} : INT;" for n in names)
    body = "\n".join(f"{n} := {i + 1};" for i, n in enumerate(names))
    inst = run(prog(decls, body))
    for i, n in enumerate(names):
        assert inst.read(n) == i + 1
    gen = build(prog(decls, body)).python_source
    assert "v_import = " in gen and "import os" not in gen


def test_generated_code_has_no_builtins_beyond_the_few_it_needs():
    program = build(prog("x : INT;", "x := 1;"))
    builtins = program.ns["__builtins__"]
    assert "open" not in builtins and "__import__" not in builtins and "eval" not in builtins


# ----------------------------------------------------------------------------- faults and lines


FAULTS = """FUNCTION_BLOCK Divider
VAR_INPUT d : INT; END_VAR
VAR_OUTPUT q : INT; END_VAR
    q := 100 / d;
END_FUNCTION_BLOCK
FUNCTION Pick : INT
VAR_INPUT i : INT; END_VAR
VAR t : ARRAY[1..3] OF INT; END_VAR
    Pick := t[i];
END_FUNCTION
PROGRAM Main
VAR
    unit : Divider;
    k : INT := 2;
    x : INT;
    mode : INT;
END_VAR
    IF mode = 1 THEN
        unit(d := k - 2);
    ELSIF mode = 2 THEN
        x := Pick(k + 5);
    ELSIF mode = 3 THEN
        WHILE TRUE DO
            x := x + 1;
        END_WHILE;
    END_IF;
END_PROGRAM
"""


@pytest.mark.parametrize(
    "mode, line, words",
    [
        (1, 4, "division by zero"),
        (2, 9, "index 7 out of range 1..3"),
        (3, 23, "watchdog"),  # the loop that never ends
    ],
)
def test_fault_names_the_st_line_that_ran(mode, line, words):
    inst = build(FAULTS).instantiate()
    inst.write("mode", mode)
    inst.scan(0)
    assert inst.fault is not None
    assert inst.fault.line == line
    assert words in inst.fault.message
    assert str(inst.fault).startswith(f"gen.st:{line}:")


def test_fault_in_debug_scan_names_the_same_line():
    inst = build(FAULTS).instantiate(debug=True)
    inst.write("mode", 2)
    inst.breakpoints.add(18)
    assert inst.begin_scan(0).line == 18
    assert inst.resume() is None
    assert inst.fault is not None and inst.fault.line == 9


def test_line_table_maps_every_generated_line():
    program = build(FAULTS)
    assert len(program.line_map) == program.python_source.count("\n") + 1
    st_lines = {line for line, _col in program.line_map if line}
    assert {4, 9, 18, 19, 21, 23, 24} <= st_lines


def test_state_before_the_fault_is_kept_for_the_watch():
    src = prog("a : INT; z : INT;", "a := a + 1;\nz := 10 / z;")
    inst = run(src)
    assert inst.fault is not None and inst.fault.line == 7
    assert inst.read("a") == 1


# ----------------------------------------------------------------------------- wraps and fast paths


@pytest.mark.parametrize(
    "typ, start, expr, expected",
    [
        ("INT", 32767, "x + 1", -32768),
        ("SINT", -128, "x - 1", 127),
        ("UINT", 0, "x - 1", 65535),
        ("USINT", 200, "x * 2", 144),
        ("DINT", 2147483647, "x + 1", -2147483648),
        ("UDINT", 4294967295, "x + 1", 0),
        ("LINT", 9223372036854775807, "x + 1", -9223372036854775808),
        ("ULINT", 0, "x - 1", 18446744073709551615),
        ("WORD", 0, "x - 1", 65535),
        ("BYTE", 255, "x + 1", 0),
    ],
)
def test_store_wraps_to_the_target_type(typ, start, expr, expected):
    inst = run(prog(f"x : {typ} := {start};", f"x := {expr};"))
    assert inst.read("x") == expected


def test_intermediates_are_wide_and_only_the_store_wraps():
    inst = run(prog("x : INT := 32767; half : INT; big : DINT;", "half := (x + 1) / 2;\nbig := x + 1;"))
    assert inst.read("half") == 16384
    assert inst.read("big") == 32768


def test_division_and_mod_by_constants_use_the_inline_fast_path_with_plc_signs():
    src = prog(
        "a : INT := -7; q : INT; m : INT; q2 : INT; m2 : INT;",
        "q := a / 2;\nm := a MOD 2;\nq2 := (a - 1) / 4;\nm2 := (a - 1) MOD 4;",
    )
    program = build(src)
    assert "_idiv" not in program.python_source.split("def run_dbg")[0].split("def run(")[1]
    inst = program.instantiate()
    inst.scan(0)
    assert (inst.read("q"), inst.read("m"), inst.read("q2"), inst.read("m2")) == (-3, -1, -2, 0)


def test_literal_store_needs_no_wrap_and_real_literal_is_float32():
    program = build(prog("x : INT; r : REAL;", "x := 5;\nr := 0.1;"))
    body = program.python_source.split("def run(")[1].split("def run_dbg")[0]
    assert "32768" not in body  # no mask around a literal that fits
    inst = program.instantiate()
    inst.scan(0)
    assert inst.read("r") == 0.10000000149011612


def test_every_real_operation_rounds_to_float32_and_lreal_does_not():
    inst = run(prog("a : REAL := 16777216.0; b : LREAL := 16777216.0;", "a := a + 1.0;\nb := b + 1.0;"))
    assert inst.read("a") == 16777216.0
    assert inst.read("b") == 16777217.0


def test_for_loop_over_array_without_body_assignment_skips_index_checks_and_still_faults_outside():
    src = prog(
        "cells : ARRAY[1..5] OF INT; i : INT; total : INT; k : INT := 6;",
        "FOR i := 1 TO 5 DO cells[i] := i; total := total + cells[i]; END_FOR;\n"
        "IF total > 100 THEN cells[k] := 1; END_IF;",
    )
    program = build(src)
    fast = program.python_source.split("def run(")[1].split("def run_dbg")[0]
    assert fast.count("_index_fault") == 1  # only cells[k] is checked
    inst = program.instantiate()
    inst.scan(0)
    assert inst.read("total") == 15 and inst.read("i") == 6
    inst.write("total", 200)
    inst.scan(10)
    assert inst.fault is not None and "index 6 out of range 1..5 for cells" in inst.fault.message


def test_for_loop_that_changes_its_variable_runs_as_a_counted_loop():
    inst = run(prog("i : INT; n : INT;", "FOR i := 1 TO 10 DO i := i + 1; n := n + 1; END_FOR;"))
    assert (inst.read("i"), inst.read("n")) == (11, 5)


def test_for_loop_reading_its_variable_through_conversions_keeps_the_fast_path():
    # INT_TO_REAL(i), ABS(i) only read i; a user function with a VAR_IN_OUT or ADR(i) may change it
    extra = "FUNCTION Bump : INT\nVAR_IN_OUT v : INT; END_VAR\nv := v + 1; Bump := v;\nEND_FUNCTION"
    src = prog(
        "i : INT; r : REAL; n : INT; j : INT; m : INT; p : POINTER TO INT;",
        "FOR i := 1 TO 5 DO r := r + INT_TO_REAL(i) * 0.5; n := n + ABS(-i); END_FOR;\n"
        "FOR j := 1 TO 10 DO m := m + Bump(v := j); END_FOR;\n"
        "FOR j := 1 TO 3 DO p := ADR(j); END_FOR;",
        extra,
    )
    program = build(src)
    fast = program.python_source.split("def run(")[1].split("def run_dbg")[0]
    assert fast.count("range(") == 1  # only the loop over i; the two over j are counted loops
    inst = program.instantiate()
    inst.scan(0)
    assert (inst.read("i"), inst.read("r"), inst.read("n")) == (6, 7.5, 15)
    assert (inst.read("j"), inst.read("m")) == (4, 2 + 4 + 6 + 8 + 10)


def test_for_with_runtime_step_zero_is_a_fault_not_a_hang():
    inst = run(prog("i : INT; s : INT; n : INT;", "FOR i := 1 TO 3 BY s DO n := n + 1; END_FOR;"))
    assert inst.fault is not None and "step is 0" in inst.fault.message


def test_nested_loops_share_one_watchdog_budget():
    src = prog(
        "i : DINT; j : DINT; n : DINT;",
        "FOR i := 1 TO 2000 DO FOR j := 1 TO 2000 DO n := n + 1; END_FOR; END_FOR;",
    )
    inst = run(src)
    assert inst.fault is not None and "watchdog" in inst.fault.message
    assert inst.read("n") < 1_000_001


def test_a_small_nest_of_constant_for_loops_runs_unwatched_and_a_big_one_stays_watched():
    # 5 x (1 + 4 x 3) = 65 iterations in all: bounded whatever the data, so no watchdog counter;
    # a WHILE inside, or a nest past SMALL_LOOP iterations, keeps it
    src = prog(
        "i : INT; j : INT; k : INT; n : DINT; m : DINT; w : INT; grid : ARRAY[1..5, 1..4] OF INT;",
        "FOR i := 1 TO 5 DO FOR j := 1 TO 4 DO grid[i, j] := i * j;"
        " FOR k := 1 TO 3 DO n := n + grid[i, j]; END_FOR; END_FOR; END_FOR;\n"
        "FOR i := 1 TO 40 DO FOR j := 1 TO 40 DO m := m + 1; END_FOR; END_FOR;\n"
        "FOR i := 1 TO 2 DO w := 0; WHILE w < 3 DO w := w + 1; END_WHILE; END_FOR;",
    )
    program = build(src)
    fast = program.python_source.split("def run(")[1].split("def run_dbg")[0]
    first, second = fast.split("for v_i in")[1:3]
    assert "_watchdog" not in first.split("v_m")[0]
    assert "_watchdog" in second.split("v_w")[0]  # 40 x (1 + 40) = 1640 > SMALL_LOOP
    assert fast.count("_watchdog") == 3  # the outer loop of 40 x 40 (its inner 40 is small), FOR+WHILE
    inst = program.instantiate()
    inst.scan(0)
    assert (inst.read("n"), inst.read("m"), inst.read("w")) == (3 * 15 * 10, 1600, 3)
    assert (inst.read("i"), inst.read("j"), inst.read("k")) == (3, 41, 4)


def test_members_used_once_are_read_from_the_instance_and_the_others_from_locals():
    src = prog(
        "once : INT; often : INT; looped : INT; i : INT; out : INT;",
        "out := once + 1;\noften := often + 1; often := often * 2;\n"
        "FOR i := 1 TO 3 DO looped := looped + i; END_FOR;",
    )
    program = build(src)
    fast = program.python_source.split("def run(")[1].split("def run_dbg")[0]
    assert "v_once = self.v_once" not in fast and "self.v_out = " in fast
    assert "v_often = self.v_often" in fast and "v_looped = self.v_looped" in fast
    inst = program.instantiate()
    inst.write("once", 41)
    inst.scan(0)
    inst.scan(10)
    assert (inst.read("out"), inst.read("often"), inst.read("looped")) == (42, 6, 12)


def test_array_offsets_by_a_constant_loop_variable_are_worked_out_once_an_iteration():
    # arrays from 0, 1 and -2, the variable plus or minus a constant, two dimensions: the fast
    # scan takes each offset from one local per iteration and computes what the debug scan does
    src = prog(
        "i : INT; j : INT; z : ARRAY[0..6] OF INT; o : ARRAY[1..5] OF INT; m : ARRAY[-2..4] OF INT;"
        " g : ARRAY[1..5, 1..3] OF INT; s : INT; t : INT;",
        "FOR i := 1 TO 5 DO z[i] := i; z[i + 1] := z[i + 1] + 10 * i; o[i] := 2 * i; m[i - 3] := i;"
        " FOR j := 1 TO 3 DO g[i, j] := i * 10 + j; END_FOR; END_FOR;\n"
        "FOR i := 1 TO 4 DO s := s + i; END_FOR;\n"
        "FOR i := 1 TO 5 DO t := t + o[i] + m[i - 3] + g[i, 3]; END_FOR;",
    )
    program = build(src)
    fast = program.python_source.split("def run(")[1].split("def run_dbg")[0]
    assert "(v_i - 1)" not in fast and "(v_j - 1)" not in fast
    assert "_o" in fast and "pass" in fast   # the loop of s indexes nothing: its offset is left out
    insts = [program.instantiate(), program.instantiate(debug=True)]
    for inst in insts:
        inst.scan(0)
    names = ("z", "o", "m", "g", "s", "t", "i", "j")
    fast_vals, dbg_vals = ([str(inst.read(n)) for n in names] for inst in insts)
    assert fast_vals == dbg_vals
    assert insts[0].read("t") == sum(2 * i + i + i * 10 + 3 for i in range(1, 6))


def test_and_or_leave_the_right_operand_out_when_the_left_decides_unless_it_calls_a_pou():
    # a standard function only reads its arguments: ABS(a[k]) guarded by k > 0 is as safe as a[k];
    # a user function always runs (its state changes as if every operand were evaluated)
    extra = "FUNCTION Bump : BOOL\nVAR_IN_OUT n : INT; END_VAR\nn := n + 1; Bump := TRUE;\nEND_FUNCTION\n"
    src = prog(
        "a : ARRAY[1..3] OF INT; k : INT; b : BOOL; c : BOOL; d : BOOL; calls : INT;",
        "b := k > 0 AND ABS(a[k] - 1) <= 4 AND a[k] = 0;\n"
        "c := k = 0 OR MAX(a[k], 2) = 2;\n"
        "d := k = 0 OR Bump(n := calls);",
        extra,
    )
    for debug in (False, True):
        inst = build(src).instantiate(debug=debug)
        inst.scan(0)
        assert inst.fault is None
        assert (inst.read("b"), inst.read("c"), inst.read("d"), inst.read("calls")) == (False, True, True, 1)


def test_function_locals_are_fresh_on_every_call():
    src = """FUNCTION Count : INT
VAR n : INT; END_VAR
VAR_TEMP t : INT; END_VAR
    n := n + 1; t := t + 1;
    Count := n + t;
END_FUNCTION
PROGRAM Main
VAR a : INT; b : INT; END_VAR
    a := Count();
    b := Count();
END_PROGRAM
"""
    inst = run(src, scans=3)
    assert (inst.read("a"), inst.read("b")) == (2, 2)


def test_instances_share_code_not_state():
    program = build(prog("n : INT;", "n := n + 1;"))
    a, b = program.instantiate(), program.instantiate()
    for k in range(3):
        a.scan(k * 10)
    b.scan(0)
    assert (a.read("n"), b.read("n")) == (3, 1)
