"""VAR_IN_OUT is passed by reference (IEC 61131-3, CODESYS): the callee reads and writes the caller's
variable itself. Values after scans, on the fast path and the debug path alike."""

from __future__ import annotations

import pytest

ALIASES = """
VAR_GLOBAL g : INT := 5; END_VAR
FUNCTION_BLOCK Add2
VAR_IN_OUT a : INT; b : INT; END_VAR
VAR_OUTPUT seen_b : INT; END_VAR
    a := a + 1;
    seen_b := b;      (* b is bound to the same variable: it already holds a's write *)
    b := b + 1;
END_FUNCTION_BLOCK
FUNCTION_BLOCK Peek
VAR_IN_OUT io : INT; END_VAR
VAR_EXTERNAL g : INT; END_VAR
VAR_OUTPUT seen_g : INT; END_VAR
    io := io + 1;
    seen_g := g;      (* the global itself, reached another way *)
END_FUNCTION_BLOCK
FUNCTION_BLOCK Self
VAR_INPUT count : INT; END_VAR
VAR_IN_OUT io : INT; END_VAR
VAR_OUTPUT before : INT; after : INT; END_VAR
    before := count;
    io := io + 10;    (* bound to this instance's own input *)
    after := count;
END_FUNCTION_BLOCK
FUNCTION Add2F : INT
VAR_IN_OUT a : INT; b : INT; END_VAR
    a := a + 1;
    b := b + 1;
    Add2F := a;
END_FUNCTION
PROGRAM Main
VAR x : INT; y : INT; f : Add2; p : Peek; s : Self; r : INT; END_VAR
    f(a := x, b := x);
    r := Add2F(y, y);
    p(io := g);
    s(io := s.count);
END_PROGRAM
"""


@pytest.mark.parametrize("debug", [False, True])
def test_two_in_outs_bound_to_one_variable_see_each_others_writes(kit, debug):
    plc = kit.run(ALIASES, scans=1, debug=debug)
    assert (plc["x"], plc["f.seen_b"]) == (2, 1)
    assert (plc["y"], plc["r"]) == (2, 2)  # a function: a's value after b's write
    plc.scan(2)
    assert (plc["x"], plc["f.seen_b"], plc["y"]) == (6, 5, 6)


@pytest.mark.parametrize("debug", [False, True])
def test_a_callee_reaching_the_variable_another_way_sees_the_write_at_once(kit, debug):
    plc = kit.run(ALIASES, scans=1, debug=debug)
    assert (plc["g"], plc["p.seen_g"]) == (6, 6)  # VAR_EXTERNAL of the global bound to io
    assert (plc["s.before"], plc["s.after"], plc["s.count"]) == (0, 10, 10)  # its own member
    plc.scan(1)
    assert (plc["g"], plc["p.seen_g"], plc["s.before"], plc["s.after"]) == (7, 7, 10, 20)


ELEMENTS = """
TYPE Pair : STRUCT lo : INT; hi : INT; END_STRUCT; END_TYPE
FUNCTION_BLOCK Swap
VAR_IN_OUT a : INT; b : INT; END_VAR
VAR t : INT; END_VAR
    t := a; a := b; b := t;
END_FUNCTION_BLOCK
FUNCTION_BLOCK Holder
VAR_INPUT v : INT; END_VAR
END_FUNCTION_BLOCK
FUNCTION Bump : INT
VAR_IN_OUT n : INT; END_VAR
VAR loc : INT := 7; END_VAR
    n := n + 1;
    Bump := Twice(loc) + loc;   (* a function's own local, bound by reference too *)
END_FUNCTION
FUNCTION Twice : INT
VAR_IN_OUT m : INT; END_VAR
    m := m * 2;
    Twice := m;
END_FUNCTION
FUNCTION_BLOCK Relay
VAR_IN_OUT io : INT; END_VAR
VAR inner : Swap; other : INT := 99; END_VAR
    inner(a := io, b := other);   (* passes its own in-out on: the same variable *)
END_FUNCTION_BLOCK
PROGRAM Main
VAR
    arr : ARRAY[1..3] OF INT := [1, 2, 3];
    k : INT := 1;
    pr : Pair := (lo := 10, hi := 20);
    h : Holder;
    sw : Swap;
    r : INT;
    z : INT := 4;
    rel : Relay;
END_VAR
    h.v := 30;
    sw(a := arr[k], b := pr.lo);     (* an array element and a struct field *)
    sw(a := h.v, b := pr.hi);        (* an FB member *)
    r := Bump(arr[3]);
    rel(io := z);
    k := k + 1;
END_PROGRAM
"""


@pytest.mark.parametrize("debug", [False, True])
def test_array_elements_struct_fields_fb_members_and_locals_as_actuals(kit, debug):
    plc = kit.run(ELEMENTS, scans=1, debug=debug)
    assert [plc[f"arr[{i}]"] for i in (1, 2, 3)] == [10, 2, 4]
    assert (plc["pr.lo"], plc["pr.hi"], plc["h.v"]) == (1, 30, 20)
    assert plc["r"] == 28  # Twice doubled loc (14) through the reference: 14 + 14
    assert (plc["z"], plc["rel.other"]) == (99, 4)
    plc.scan(1)  # k = 2 now: the element bound is the one the index names at the call
    assert [plc[f"arr[{i}]"] for i in (1, 2, 3)] == [10, 1, 5]
    assert plc["pr.lo"] == 2


def test_the_watch_and_paths_show_the_variable_an_in_out_is_bound_to(kit):
    plc = kit.run(ELEMENTS, scans=1)
    assert plc["rel.io"] == 99          # bound to z, which now holds 99
    plc["rel.io"] = 5                   # writes through to z
    assert plc["z"] == 5
    node = next(n for n in plc.inst.variables() if n.name == "rel")
    io = next(k for k in node.children if k.name == "io")
    assert io.value == 5


def test_a_for_loop_and_bit_writes_on_an_in_out_reach_the_caller(kit):
    src = """
FUNCTION_BLOCK Loop
VAR_IN_OUT i : INT; w : WORD; END_VAR
VAR_OUTPUT n : INT; END_VAR
    FOR i := 1 TO 3 DO n := n + i; END_FOR;
    w.4 := TRUE;
END_FUNCTION_BLOCK
FUNCTION Flip : BOOL
VAR_IN_OUT s : STRING; b : BOOL; END_VAR
    s := CONCAT(s, s); b := NOT b; Flip := b;
END_FUNCTION
PROGRAM Main
VAR j : INT; word : WORD := 1; l : Loop; t : STRING := 'ab'; q : BOOL; ok : BOOL; END_VAR
    l(i := j, w := word);
    ok := Flip(t, q) AND q;
END_PROGRAM
"""
    plc = kit.run(src, scans=1)
    assert (plc["j"], plc["l.n"], plc["word"]) == (4, 6, 17)
    assert (plc["t"], plc["q"], plc["ok"]) == ("abab", True, True)


def test_a_fault_in_the_callee_leaves_its_write_through_the_reference(kit):
    src = """
FUNCTION_BLOCK Crash
VAR_IN_OUT io : INT; END_VAR
VAR zero : INT; END_VAR
    io := 42;
    io := io / zero;
END_FUNCTION_BLOCK
PROGRAM Main
VAR x : INT; c : Crash; END_VAR
    c(io := x);
END_PROGRAM
"""
    plc = kit.run(src, scans=1)
    assert plc.fault is not None and "division by zero" in str(plc.fault)
    assert plc["x"] == 42


def test_a_bit_cannot_be_bound_to_an_in_out(kit):
    src = kit.main("w : WORD; f : B;", "f(b := w.3);",
                   "FUNCTION_BLOCK B\nVAR_IN_OUT b : BOOL; END_VAR\n    b := TRUE;\nEND_FUNCTION_BLOCK")
    comp = kit.compile_errors(src)
    assert [(d.code, d.line, d.col) for d in comp.errors] == [("E416", 9, 8)]
