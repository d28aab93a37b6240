"""What CODESYS and matiec accept and real programs write (issue 9): each checked by its values
after scans, not only by compiling."""

from __future__ import annotations


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
