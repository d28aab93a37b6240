"""What CODESYS and matiec accept and real programs write (issue 9): each checked by its values
after scans, not only by compiling."""

from __future__ import annotations

import pytest


def test_an_fb_may_assign_its_own_input_a_local_copy_kept_until_the_next_call_gives_it(kit):
    src = """
FUNCTION_BLOCK Latch
VAR_INPUT start : BOOL; lim : INT := 3; END_VAR
VAR_OUTPUT q : BOOL; seen : INT; END_VAR
    q := start;
    start := FALSE;         (* consumed: a one-shot command *)
    lim := lim + 1;
    lim.0 := TRUE;
    seen := lim;
END_FUNCTION_BLOCK
PROGRAM Main
VAR l : Latch; cmd : BOOL := TRUE; n : INT; q1 : BOOL; q2 : BOOL; END_VAR
    n := n + 1;
    IF n = 1 THEN
        l(start := cmd);    (* cmd itself is not changed: the input is the FB's copy *)
        q1 := l.q;
        l();
        q2 := l.q;
    ELSE
        l(lim := 10);
    END_IF;
END_PROGRAM
"""
    plc = kit.run(src, scans=1)
    assert (plc["q1"], plc["q2"], plc["cmd"], plc["l.start"]) == (True, False, True, False)
    assert plc["l.seen"] == 7  # 3 + 1 = 4, bit 0 set: 5; then 5 + 1 = 6 -> 7 on the second call
    plc.scan(1)
    assert plc["l.seen"] == 11


SHADOWS = """
FUNCTION_BLOCK Cell
VAR_OUTPUT rs : INT; END_VAR
VAR tp : BOOL; sr : SR; sel : INT; ton : TON; pulse : TP; END_VAR
VAR_OUTPUT q1 : BOOL; chosen : INT; late : BOOL; END_VAR
    rs := rs + 1;
    tp := NOT tp;
    sr(S1 := tp, R := FALSE);
    q1 := sr.Q1;
    sel := SEL(tp, 10, 20);      (* a variable is not callable: SEL(...) is still the function *)
    chosen := sel;
    ton(IN := TRUE, PT := T#20ms);
    late := ton.Q;
    pulse(IN := tp, PT := T#10ms);
END_FUNCTION_BLOCK
PROGRAM Main
VAR c : Cell; int_to_real : REAL; END_VAR
    c();
    int_to_real := INT_TO_REAL(c.rs) / 2.0;
END_PROGRAM
"""


def test_a_variable_named_like_a_standard_pou_shadows_it_with_a_warning(kit):
    comp = kit.compile_ok(SHADOWS)
    shadowed = [(d.line, d.message.split("'")[1]) for d in comp.warnings if d.code == "W204"]
    assert shadowed == [(3, "rs"), (4, "tp"), (4, "sr"), (4, "sel"), (4, "ton"), (17, "int_to_real")]
    plc = kit.run(SHADOWS, scans=1)
    assert (plc["c.rs"], plc["c.q1"], plc["c.chosen"], plc["c.late"], plc["int_to_real"]) == (
        1, True, 20, False, 0.5)
    plc.scan(2)
    assert (plc["c.rs"], plc["c.chosen"], plc["c.late"], plc["int_to_real"]) == (3, 20, True, 1.5)


def test_a_shadowing_variable_that_is_not_an_fb_cannot_be_called(kit):
    comp = kit.compile_errors(kit.main("tp : BOOL;", "tp(IN := TRUE, PT := T#1s);"))
    assert [d.code for d in comp.errors] == ["E203"]
    assert "'tp' is BOOL, not a function or function block instance" in comp.errors[0].message


VENDOR_POUS = """
FUNCTION MULTIME : TIME  (* OSCAT's own: rounds, and here adds 1 ms to tell it from ours *)
VAR_INPUT t : TIME; f : REAL; END_VAR
    MULTIME := DINT_TO_TIME(REAL_TO_DINT(DINT_TO_REAL(TIME_TO_DINT(t)) * f)) + T#1ms;
END_FUNCTION
FUNCTION_BLOCK INT_TO_BCD
VAR_INPUT i : INT; END_VAR
VAR_OUTPUT q : INT; END_VAR
    q := i * 100;
END_FUNCTION_BLOCK
PROGRAM Main
VAR x : TIME; y : TIME; b : INT_TO_BCD; n : INT; END_VAR
    x := MULTIME(T#1s, 2.5);
    y := MUL_TIME(T#1s, 2);
    b(i := 7);
    n := b.q;
END_PROGRAM
"""


@pytest.mark.parametrize("debug", [False, True])
def test_a_pou_named_like_a_vendor_function_replaces_it_with_a_warning(kit, debug):
    comp = kit.compile_ok(VENDOR_POUS)
    assert [(d.code, d.line) for d in comp.warnings if d.code == "W204"] == [("W204", 2), ("W204", 6)]
    plc = kit.run(VENDOR_POUS, scans=2, debug=debug)
    assert (plc["x"], plc["y"], plc["n"]) == (2501, 2000, 700)  # TIME in ms


@pytest.mark.parametrize("name", ["MUL_TIME", "SEL", "CONCAT", "WORD_BCD_TO_UINT", "TON", "CTU_DINT",
                                  "DINT_TO_INT", "TO_INT", "REAL_TO_TIME"])
def test_a_pou_named_like_an_iec_standard_function_or_fb_is_an_error(kit, name):
    pou = f"FUNCTION {name} : INT\n{name} := 1;\nEND_FUNCTION"
    comp = kit.compile_errors(kit.main("x : INT;", "x := 1;", pou))
    assert [d.code for d in comp.errors] == ["E204"]
    assert "IEC 61131-3 standard name" in comp.errors[0].message


def test_bool_accepts_the_literals_0_and_1_where_a_bool_is_expected(kit):
    src = kit.main(
        "b : BOOL := 1; c : BOOL := TRUE; d : BOOL; e : BOOL; w : WORD; n : INT; t : TON;",
        "c := 0; d := b AND 1; e := (b = 1) AND (0 = c); w.3 := 1;\n"
        "IF d = 1 THEN n := n + 1; END_IF;\nt(IN := 1, PT := T#10ms);",
    )
    plc = kit.run(src, scans=2)
    assert (plc["b"], plc["c"], plc["d"], plc["e"], plc["w"], plc["n"], plc["t.Q"]) == (
        True, False, True, True, 8, 2, True)
    comp = kit.compile_errors(kit.main("b : BOOL := 2;", "b := b;"))
    assert [d.code for d in comp.errors] == ["E305"]  # only 0 and 1 are BOOL literals


@pytest.mark.parametrize("debug", [False, True])
def test_the_literals_0_and_1_are_bools_in_a_standard_functions_bool_parameter(kit, debug):
    # SEL's selector G and BOOL_TO_*'s argument, as a user POU's BOOL input takes 0 and 1
    src = kit.main(
        "a : INT; b : INT; c : INT; n : INT; k : INT;",
        "a := SEL(1, 10, 20); b := SEL(0, 10, 20); c := SEL(G := 1, IN0 := 10, IN1 := 20);\n"
        "n := BOOL_TO_INT(1) + BOOL_TO_INT(0); k := k + SEL(1, 0, 3);",
    )
    plc = kit.run(src, scans=3, debug=debug)
    assert (plc["a"], plc["b"], plc["c"], plc["n"], plc["k"]) == (20, 10, 20, 1, 9)
    comp = kit.compile_errors(kit.main("a : INT;", "a := SEL(2, 10, 20);"))
    assert [d.code for d in comp.errors] == ["E325"]  # only 0 and 1 are BOOL literals


def test_array_initialisers_without_brackets_and_with_repeat_counts(kit):
    src = """
TYPE Row : ARRAY[1..3] OF INT := 2(5), 6; END_TYPE
PROGRAM Main
VAR
    a : ARRAY[1..5] OF INT := 1, 2, 3(7);
    b : ARRAY[1..4] OF INT := [2(1), 2(9)];
    c : ARRAY[0..2] OF INT := 3(4);
    r : Row;
    total : INT;
    i : INT;
END_VAR
    total := 0;
    FOR i := 1 TO 5 DO total := total + a[i]; END_FOR;
    total := total + b[3] + c[2] + r[1] + r[3];
END_PROGRAM
"""
    plc = kit.run(src, scans=1)
    assert [plc[f"a[{i}]"] for i in range(1, 6)] == [1, 2, 7, 7, 7]
    assert [plc[f"b[{i}]"] for i in range(1, 5)] == [1, 1, 9, 9]
    assert [plc[f"r[{i}]"] for i in range(1, 4)] == [5, 5, 6]
    assert plc["total"] == 24 + 9 + 4 + 5 + 6


def test_a_type_declarations_initial_value_is_every_variables_start_value(kit):
    # it was ignored: TYPE Level : INT := 7 gave variables of 0
    src = """
TYPE Level : INT := 7; Level2 : Level; Mode : (Idle, Run, Stop) := Run;
     Cell : STRUCT lv : Level; m : Mode; END_STRUCT;
END_TYPE
PROGRAM Main
VAR l : Level2; m : Mode; c : Cell; own : Level := 3; n : INT; END_VAR
    n := l + own + c.lv;
    IF m = Run AND c.m = Run THEN n := n + 100; END_IF;
END_PROGRAM
"""
    plc = kit.run(src, scans=1)
    assert (plc["l"], plc["own"], plc["c.lv"], plc["n"]) == (7, 3, 7, 117)


def test_block_comments_of_the_third_edition(kit):
    src = kit.main("x : INT; y : INT := 8;",
                   "/* This is a\n   block comment (* with this inside *) */ x := y /*2*/ / 2; // done")
    assert kit.run(src, scans=1)["x"] == 4
    comp = kit.compile_errors(kit.main("x : INT;", "x := 1; /* never closed"))
    assert [(d.code, d.line) for d in comp.errors] == [("E103", 6)]


def test_configuration_keywords_are_names_outside_a_configuration(kit):
    src = """
PROGRAM Main
VAR on : BOOL; task : INT; with : INT; resource : INT; END_VAR
    on := NOT on; task := task + 1; with := task * 2; resource := with;
    IF on THEN task := task + 10; END_IF;
END_PROGRAM
CONFIGURATION C
RESOURCE R ON PLC
TASK T(INTERVAL := T#10ms);
PROGRAM P WITH T : Main;
END_RESOURCE
END_CONFIGURATION
"""
    plc = kit.run(src, scans=2)
    assert (plc["on"], plc["task"], plc["with"], plc["resource"]) == (False, 12, 24, 24)


CONST_BOUNDS = """
FUNCTION_BLOCK Counter
VAR_EXTERNAL total : INT; limits : ARRAY[1..SIZE] OF INT; END_VAR
VAR_INPUT step : INT := 1; END_VAR
    total := total + step;
    limits[SIZE] := total;
END_FUNCTION_BLOCK
FUNCTION Sum3 : INT
VAR_INPUT a : INT; b : INT; END_VAR
VAR buf : ARRAY[1..N] OF INT; i : INT; END_VAR
VAR CONSTANT N : INT := 3; END_VAR
    buf[1] := a; buf[N] := b;
    FOR i := 1 TO N DO Sum3 := Sum3 + buf[i]; END_FOR;
END_FUNCTION
PROGRAM Main
VAR_GLOBAL total : INT; limits : ARRAY[1..SIZE] OF INT; END_VAR
VAR_GLOBAL CONSTANT SIZE : INT := 2; END_VAR
VAR c : Counter; s : INT; a : ARRAY[0..M] OF INT; END_VAR
VAR CONSTANT M : INT := 4; END_VAR
    c(step := 5);
    c();
    s := Sum3(4, 5);
    a[M] := s;
END_PROGRAM
"""


def test_a_constant_may_bound_an_array_declared_before_it(kit):
    plc = kit.run(CONST_BOUNDS, scans=1)
    assert (plc["s"], plc["a[4]"]) == (9, 9)
    assert [n.name for n in plc.inst.variables()][:3] == ["c", "s", "a"]  # the source's order


STRING_CONSTS = """
TYPE Rec : STRUCT name : STRING[NAME_LEN]; vals : ARRAY[1..NAME_LEN] OF INT; END_STRUCT; END_TYPE
TYPE Txt : STRING[NAME_LEN * 2]; END_TYPE
TYPE Tag : STRING[TAG_LEN]; END_TYPE
FUNCTION_BLOCK Fb
VAR_INPUT s : STRING[NAME_LEN]; END_VAR
VAR_OUTPUT n : INT; END_VAR
    n := LEN(s);
END_FUNCTION_BLOCK
FUNCTION Cut : STRING[NAME_LEN + 1]
VAR_INPUT s : STRING[MAXL]; END_VAR
VAR CONSTANT MAXL : INT := 7; END_VAR
    Cut := s;
END_FUNCTION
PROGRAM Main
VAR r : Rec; t : Txt; g : Tag; fb : Fb; u : STRING; own : STRING[OWN_LEN]; END_VAR
VAR CONSTANT OWN_LEN : INT := 5; END_VAR
VAR_GLOBAL CONSTANT TAG_LEN : INT := 2; END_VAR
    r.name := 'abcdefghij'; r.vals[NAME_LEN] := LEN(r.name);
    t := 'abcdefghij'; g := 'abcdefghij'; own := 'abcdefghij';
    fb(s := 'abcdefghij');
    u := Cut('abcdefghij');
END_PROGRAM
VAR_GLOBAL CONSTANT NAME_LEN : INT := 3; END_VAR
"""


@pytest.mark.parametrize("debug", [False, True])
def test_a_constant_may_be_initialised_from_one_declared_after_it(kit, debug):
    constants = "VAR CONSTANT N3 : INT := N2 * 2; N2 : INT := N + 1; N : INT := 3; END_VAR\n"
    src = kit.main("x : INT; a : ARRAY[1..N2] OF INT;", "x := x + N2 * 10 + N3; a[N2] := N3;").replace(
        "PROGRAM Main\n", "PROGRAM Main\n" + constants)
    plc = kit.run(src, scans=2, debug=debug)
    assert (plc["x"], plc["a[4]"]) == (2 * (40 + 8), 8)
    comp = kit.compile_errors(kit.main("x : INT;", "x := A;").replace(
        "PROGRAM Main\n", "PROGRAM Main\nVAR CONSTANT A : INT := B; B : INT := A + 1; END_VAR\n"))
    assert "the constants A -> B -> A are defined through each other" in kit.errors_text(comp)


@pytest.mark.parametrize("debug", [False, True])
def test_a_string_length_may_be_a_constant_declared_anywhere_in_the_file(kit, debug):
    comp = kit.compile_ok(STRING_CONSTS)
    assert [d.code for d in comp.warnings if d.code == "W201"] == []  # the lengths use the constants
    plc = kit.run(STRING_CONSTS, scans=1, debug=debug)
    got = (plc["r.name"], plc["r.vals[3]"], plc["t"], plc["g"], plc["own"])
    assert got == ("abc", 3, "abcdef", "ab", "abcde")
    assert (plc["fb.n"], plc["u"]) == (3, "abcd")  # Cut's input holds 7, its result 4


def test_a_string_length_naming_a_variable_is_still_an_error(kit):
    src = "VAR_GLOBAL n : INT := 3; END_VAR\nTYPE T : STRING[n]; END_TYPE\n" + kit.main("s : STRING[n];", "")
    comp = kit.compile_errors(src)
    assert [d.code for d in comp.errors] == ["E303", "E303"]
    assert "string length must be a constant" in comp.errors[0].message


def test_a_programs_var_global_is_seen_through_var_external_in_an_fb_declared_before_it(kit):
    plc = kit.run(CONST_BOUNDS, scans=2)
    assert (plc["total"], plc["limits[2]"]) == (20, 20)


def test_partial_bit_access_is_bit_access(kit):
    src = kit.main("w : WORD := 8; b : BOOL; c : BOOL; d : DWORD;",
                   "b := w.%X3; w.%X4 := TRUE; c := w.%x0; d.%X31 := 1;")
    plc = kit.run(src, scans=1)
    assert (plc["w"], plc["b"], plc["c"], plc["d"]) == (24, True, False, 2**31)
    comp = kit.compile_errors(kit.main("w : WORD; b : BYTE;", "b := w.%B1;"))
    assert [d.code for d in comp.errors] == ["E105"] and "partial access %B1" in comp.errors[0].message


def test_time_call_gives_the_plant_time_of_the_scan(kit):
    src = kit.main("t : TIME; t0 : TIME; e : TIME;",
                   "t := TIME();\nIF t0 = T#0s AND t > T#0s THEN t0 := t; END_IF;\ne := TIME() - t0;")
    plc = kit.run(src, scans=4)  # scans at 0, 10, 20, 30 ms
    assert (plc["t"], plc["t0"], plc["e"]) == (30, 10, 20)
    comp = kit.compile_errors(kit.main("t : TIME;", "t := TIME(5);"))
    assert [d.code for d in comp.errors] == ["E412"]


def test_bcd_conversions_iec_and_codesys_names(kit):
    src = kit.main(
        "i1 : INT; i2 : USINT; w : WORD; bb : BYTE; bad : INT; big : BYTE; u : UINT; lw : LWORD; k : INT;",
        "k := k + 1;\ni1 := BCD_TO_INT(16#1234) + k;\ni2 := BYTE_BCD_TO_USINT(16#99);\nw := INT_TO_BCD(i1);\n"
        "bb := USINT_TO_BCD_BYTE(i2);\nbad := BCD_TO_INT(16#1A);\nbig := USINT_TO_BCD_BYTE(200);\n"
        "u := WORD_BCD_TO_UINT(w);\nlw := ULINT_TO_BCD_LWORD(1234567890123456);",
    )
    plc = kit.run(src, scans=2)
    assert (plc["i1"], plc["i2"], plc["w"], plc["bb"], plc["u"]) == (1236, 99, 0x1236, 0x99, 1236)
    assert (plc["bad"], plc["big"], plc["lw"]) == (-1, 0xFF, 0x1234567890123456)  # not BCD: all bits set
    comp = kit.compile_errors(kit.main("i : INT; r : REAL;", "i := BCD_TO_INT(r);"))
    assert [d.code for d in comp.errors] == ["E325"]


COUNTERS = """
PROGRAM Main
VAR c : CTU_DINT; d : CTD_UDINT; ud : CTUD_LINT; u : CTU_UINT; clk : BOOL; n : INT; END_VAR
    n := n + 1;
    clk := NOT clk;
    c(CU := clk, PV := 100000, RESET := FALSE);
    d(CD := clk, LOAD := n = 1, PV := 2);
    ud(CU := clk, CD := FALSE, PV := 5000000000, LD := n = 1);
    u(CU := clk, PV := 3);
END_PROGRAM
"""


def test_typed_counters_count_in_their_type_to_its_limits(kit):
    comp = kit.compile_ok(COUNTERS)
    main = comp.program.checked.main
    assert {v.name: v.type.name for v in main.vars["c"].type.vars.values() if v.name in ("PV", "CV")} == {
        "PV": "DINT", "CV": "DINT"}
    plc = kit.run(COUNTERS, scans=8)  # four rising edges of clk (scans 1, 3, 5, 7)
    assert (plc["c.CV"], plc["c.Q"], plc["u.CV"], plc["u.Q"]) == (4, False, 4, True)
    assert (plc["d.CV"], plc["d.Q"]) == (0, True)   # loaded 2 on scan 1, then down to 0: UDINT stops at 0
    assert (plc["ud.CV"], plc["ud.QU"]) == (5000000003, True)  # a LINT PV and CV, loaded on scan 1
    plc["c.CV"] = 2147483646
    plc.scan(4)
    assert plc["c.CV"] == 2147483647  # the DINT maximum, not 32767


EN_ENO = """
FUNCTION Twice : INT
VAR_INPUT x : INT; END_VAR
    Twice := x * 2;
END_FUNCTION
FUNCTION_BLOCK Count
VAR_OUTPUT n : INT; END_VAR
    n := n + 1;
END_FUNCTION_BLOCK
FUNCTION_BLOCK Own
VAR_INPUT EN : BOOL; END_VAR
VAR_OUTPUT seen : BOOL; END_VAR
    seen := EN;           (* a POU that declares EN itself gets it as a plain input *)
END_FUNCTION_BLOCK
PROGRAM Main
VAR
    go : BOOL; k : INT; a : INT := 7; b : INT; c : Count; t : TON; r : INT; m : INT; own : Own;
    ok1 : BOOL; ok2 : BOOL; ok3 : BOOL; ok4 : BOOL;
END_VAR
    k := k + 1;
    go := k MOD 2 = 0;
    MOVE(EN := go, IN := a, ENO => ok1);
    b := MOVE(EN := go, IN := a + k, ENO => ok2);
    c(EN := go, ENO => ok3);
    t(EN := TRUE, IN := TRUE, PT := T#20ms);
    r := Twice(EN := go, x := k, ENO => ok4) + 1;
    m := ADD(EN := go, IN1 := 1, IN2 := 2);
    own(EN := go);
END_PROGRAM
"""


@pytest.mark.parametrize("debug", [False, True])
def test_en_eno_on_calls(kit, debug):
    plc = kit.run(EN_ENO, scans=1, debug=debug)  # EN FALSE: nothing runs, a function's value is 0
    got = [plc[n] for n in ("b", "c.n", "r", "m", "ok1", "ok2", "ok3", "ok4", "own.seen")]
    assert got == [0, 0, 1, 0, False, False, False, False, False]
    plc.scan(3)  # k = 4: EN TRUE on scans 2 and 4
    got = [plc[n] for n in ("b", "c.n", "r", "m", "ok1", "ok2", "ok3", "ok4", "own.seen", "t.Q")]
    assert got == [11, 2, 9, 3, True, True, True, True, True, True]
    comp = kit.compile_errors(kit.main("i : INT; x : INT;", "x := MOVE(EN := i, IN := 1);"))
    assert [d.code for d in comp.errors] == ["E305"]


def test_a_configurations_var_global_is_seen_through_var_external_in_an_fb(kit):
    src = """
FUNCTION_BLOCK Tick
VAR_EXTERNAL shared : INT; END_VAR
    shared := shared + 2;
END_FUNCTION_BLOCK
PROGRAM Main
VAR_EXTERNAL shared : INT; END_VAR
VAR t : Tick; copy : INT; END_VAR
    t();
    copy := shared;
END_PROGRAM
CONFIGURATION Cell
VAR_GLOBAL shared : INT := 1; END_VAR
RESOURCE R ON PLC
TASK T(INTERVAL := T#10ms);
PROGRAM P WITH T : Main;
END_RESOURCE
END_CONFIGURATION
"""
    plc = kit.run(src, scans=3)
    assert (plc["shared"], plc["copy"]) == (7, 7)


def test_watches_see_time_and_en_like_the_program(kit):
    import st

    plc = kit.run(kit.main("x : INT;", "x := x + 1;"), scans=3)
    values = {}
    for text in ("TIME()", "MOVE(EN := x > 2, IN := 7)", "MOVE(EN := x > 5, IN := 7)"):
        ex = st.compile_expression(text, plc.inst.program)
        assert ex.ok, ex.diagnostics
        values[text] = ex.evaluate(plc.inst)
    assert values == {"TIME()": 20, "MOVE(EN := x > 2, IN := 7)": 7, "MOVE(EN := x > 5, IN := 7)": 0}
    assert not st.compile_expression("MOVE(EN := TRUE, IN := 1, ENO => x)", plc.inst.program).ok


# where a third-party test suite expects otherwise, we follow IEC 61131-3 and CODESYS (st/semantics.py)
IEC_NOT_SUITE = """
PROGRAM Main
VAR c : CTUD; f : F_TRIG; n : INT; ms : DINT; fq1 : BOOL; cv : ARRAY[1..4] OF INT; END_VAR
VAR s : STRING; k : INT; END_VAR
    n := n + 1;
    ms := TIME_TO_DINT(T#1s);
    (* CD: FALSE, TRUE, TRUE, FALSE: counts down once, on its rising edge (scan 2) *)
    c(CD := n = 2 OR n = 3, PV := 5);
    cv[n] := c.CV;
    f(CLK := FALSE);
    IF n = 1 THEN fq1 := f.Q; END_IF;
    s := 'it$'s';
    k := LEN(s);
END_PROGRAM
"""


@pytest.mark.parametrize("debug", [False, True])
def test_where_a_third_party_suite_disagrees_we_follow_iec_and_codesys(kit, debug):
    plc = kit.run(IEC_NOT_SUITE, scans=4, debug=debug)
    assert plc["ms"] == 1000  # milliseconds, not nanoseconds
    assert [plc[f"cv[{i}]"] for i in range(1, 5)] == [0, -1, -1, -1]  # CD's rising edge, not falling
    assert plc["fq1"] is False  # F_TRIG: no pulse on the first call with CLK = FALSE
    assert (plc["s"], plc["k"]) == ("it's", 4)  # $' is the quote inside a STRING


def test_an_fb_output_is_not_written_from_outside_and_a_doubled_quote_is_not_an_escape(kit):
    comp = kit.compile_errors(kit.main("t : TON;", "t.Q := TRUE;"))
    assert [d.code for d in comp.errors] == ["E401"] and "output" in comp.errors[0].message
    comp = kit.compile_errors(kit.main("s : STRING;", "s := 'it''s';"))
    assert [d.code for d in comp.errors] == ["E101"]
