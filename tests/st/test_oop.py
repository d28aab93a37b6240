"""Object-oriented ST (IEC 61131-3 3rd edition, CODESYS 3, TwinCAT 3) and references (issue 9):
METHOD, THIS^, access specifiers, EXTENDS with SUPER^, ABSTRACT and FINAL, INTERFACE and
IMPLEMENTS, PROPERTY, REF_TO / REFERENCE TO. Every test checks values after scans, in the fast
build and the debug build alike, or the diagnostic a wrong program gets."""

from __future__ import annotations

import pytest

COUNTER = """
FUNCTION_BLOCK Counter
VAR_INPUT
    step : INT := 1;
END_VAR
VAR_OUTPUT
    total : INT;
END_VAR
VAR
    calls : INT;
END_VAR
METHOD Add : INT
VAR_INPUT
    n : INT;
END_VAR
VAR_OUTPUT
    doubled : INT;
END_VAR
VAR
    scratch : INT;  (* a temporary: starts at 0 on every call *)
END_VAR
    scratch := scratch + n;
    total := total + scratch;
    calls := calls + 1;
    doubled := total * 2;
    Add := total;
END_METHOD
METHOD PRIVATE Secret : INT
    Secret := 42;
END_METHOD
METHOD PUBLIC Reset
    total := 0;
END_METHOD
    (* the body: M(...) and THIS^.M(...) call the methods of this instance *)
    Add(step);
    THIS^.Add(n := step);
    calls := calls + Secret() - 42;
END_FUNCTION_BLOCK
"""


def one_error(kit, source: str, code: str, words: str) -> None:
    """The program fails to compile with exactly one error, of this code, whose message says words."""
    comp = kit.compile_errors(source)
    assert [d.code for d in comp.errors] == [code], comp.format_diagnostics()
    assert words in comp.errors[0].message


def both(kit, source: str, scans: int):
    """The fast and the debug build of one program after `scans` scans."""
    return kit.run(source, scans), kit.run(source, scans, debug=True)


def test_method_called_from_outside_with_inputs_outputs_and_result(kit):
    src = kit.main(
        "c : Counter; r : INT; d : INT;",
        "r := c.Add(5, doubled => d);",
        COUNTER,
    )
    for plc in both(kit, src, 3):
        assert plc["r"] == 15  # 5 per scan: the method's VAR starts again at 0 on each call
        assert plc["d"] == 30
        assert plc["c.total"] == 15
        assert plc["c.calls"] == 3


def test_method_called_inside_the_block_by_name_and_through_this(kit):
    src = kit.main("c : Counter;", "c(step := 2);", COUNTER)
    for plc in both(kit, src, 4):
        assert plc["c.total"] == 16  # Add(step) and THIS^.Add(n := step), twice 2 per scan
        assert plc["c.calls"] == 8


def test_method_without_result_as_a_statement(kit):
    src = kit.main("c : Counter; n : INT;", "n := n + 1; c.Add(10); IF n = 3 THEN c.Reset(); END_IF;",
                   COUNTER)
    for plc in both(kit, src, 4):
        assert plc["c.total"] == 10  # reset on the third scan, 10 added on the fourth


def test_calling_a_private_method_from_outside_is_an_error(kit):
    src = kit.main("c : Counter; x : INT;", "x := c.Secret();", COUNTER)
    comp = kit.compile_errors(src)
    (d,) = comp.errors
    assert d.code == "E420" and "PRIVATE" in d.message and "Secret" in d.message
    assert d.line == src.split("\n").index("x := c.Secret();") + 1


HIERARCHY = """
FUNCTION_BLOCK Motor
VAR_INPUT
    enable : BOOL;
END_VAR
VAR_OUTPUT
    speed : INT;
END_VAR
VAR
    ticks : INT;
END_VAR
METHOD Accelerate : INT
VAR_INPUT
    inc : INT;
END_VAR
    speed := speed + inc;
    Accelerate := speed;
END_METHOD
METHOD PROTECTED Limit : INT
    Limit := 100;
END_METHOD
METHOD FINAL Kind : INT
    Kind := 1;
END_METHOD
    ticks := ticks + 1;
    IF enable THEN
        Accelerate(10);
    END_IF;
END_FUNCTION_BLOCK

FUNCTION_BLOCK FastMotor EXTENDS Motor
VAR
    boosts : INT;
END_VAR
METHOD Accelerate : INT
VAR_INPUT
    inc : INT;
END_VAR
    boosts := boosts + 1;
    Accelerate := SUPER^.Accelerate(inc * 2);
    IF speed > Limit() THEN
        speed := Limit();
    END_IF;
END_METHOD
    SUPER^();
    ticks := ticks + 100;
END_FUNCTION_BLOCK
"""


def test_extends_inherits_variables_and_methods_and_overrides(kit):
    src = kit.main(
        "m : Motor; f : FastMotor; a : INT; b : INT;",
        "m(enable := TRUE); f(enable := TRUE); a := m.Accelerate(1); b := f.Accelerate(1);",
        HIERARCHY,
    )
    for plc in both(kit, src, 3):
        assert plc["m.speed"] == 33  # (10 + 1) per scan
        assert plc["a"] == 33
        # the body's Accelerate(10) is the override (dispatch on the instance): +20, then +2 by
        # f.Accelerate(1)
        assert plc["f.speed"] == 66
        assert plc["b"] == 66
        assert plc["f.boosts"] == 6
        assert plc["f.ticks"] == 303  # SUPER^() ran the base body (+1) before the block's own +100
        assert plc["m.ticks"] == 3


@pytest.mark.parametrize("mods", ["OVERRIDE", "PUBLIC OVERRIDE", "OVERRIDE PUBLIC", "override public"])
def test_override_keyword_with_or_without_an_access_specifier(kit, mods):
    # IEC 61131-3 3rd edition's OVERRIDE; CODESYS and TwinCAT take it before or after the specifier
    src = HIERARCHY.replace("METHOD Accelerate : INT\nVAR_INPUT\n    inc : INT;\nEND_VAR\n    boosts",
                            f"METHOD {mods} Accelerate : INT\nVAR_INPUT\n    inc : INT;\nEND_VAR\n    boosts")
    assert src != HIERARCHY
    src = kit.main("f : FastMotor; b : INT; override : INT;",
                   "f(enable := TRUE); b := f.Accelerate(1); override := b + 1;", src)
    for plc in both(kit, src, 3):
        assert plc["f.speed"] == 66 and plc["b"] == 66 and plc["f.boosts"] == 6
        assert plc["override"] == 67  # still a name where a name fits


def test_override_on_a_method_that_overrides_nothing_is_an_error(kit):
    src = HIERARCHY + """
FUNCTION_BLOCK Other EXTENDS Motor
METHOD PUBLIC OVERRIDE Brake : INT
    Brake := 2;
END_METHOD
END_FUNCTION_BLOCK
"""
    one_error(kit, kit.main("o : Other;", "o();", src), "E423", "OVERRIDE")
    lone = """
FUNCTION_BLOCK Lone
METHOD OVERRIDE Kind : INT
    Kind := 2;
END_METHOD
END_FUNCTION_BLOCK
"""
    one_error(kit, kit.main("l : Lone;", "l();", lone), "E423", "inherits no method")


def test_protected_method_is_usable_in_a_derived_block_but_not_outside(kit):
    src = HIERARCHY
    kit.compile_ok(kit.main("f : FastMotor;", "f(enable := TRUE);", src))
    one_error(kit, kit.main("f : FastMotor; x : INT;", "x := f.Limit();", src), "E420", "PROTECTED")


def test_overriding_a_final_method_is_an_error(kit):
    src = HIERARCHY + """
FUNCTION_BLOCK Other EXTENDS Motor
METHOD Kind : INT
    Kind := 2;
END_METHOD
END_FUNCTION_BLOCK
"""
    one_error(kit, kit.main("o : Other;", "o();", src), "E422", "FINAL")


def test_extending_a_final_block_is_an_error(kit):
    src = """
FUNCTION_BLOCK FINAL Leaf
VAR x : INT; END_VAR
END_FUNCTION_BLOCK
FUNCTION_BLOCK More EXTENDS Leaf
END_FUNCTION_BLOCK
"""
    comp = kit.compile_errors(kit.main("m : More;", "m();", src))
    assert [d.code for d in comp.errors] == ["E422"]


def test_override_with_another_signature_is_an_error(kit):
    src = HIERARCHY.replace(
        "METHOD Accelerate : INT\nVAR_INPUT\n    inc : INT;\nEND_VAR\n    boosts",
        "METHOD Accelerate : DINT\nVAR_INPUT\n    inc : INT;\nEND_VAR\n    boosts")
    comp = kit.compile_errors(kit.main("f : FastMotor;", "f();", src))
    assert "E423" in [d.code for d in comp.errors]


ABSTRACT = """
FUNCTION_BLOCK ABSTRACT Shape
VAR_OUTPUT
    area : INT;
END_VAR
METHOD ABSTRACT Compute : INT
END_METHOD
METHOD Update
    area := Compute();
END_METHOD
END_FUNCTION_BLOCK

FUNCTION_BLOCK Square EXTENDS Shape
VAR_INPUT
    side : INT;
END_VAR
METHOD Compute : INT
    Compute := side * side;
END_METHOD
END_FUNCTION_BLOCK
"""


def test_abstract_method_implemented_in_the_derived_block(kit):
    src = kit.main("s : Square;", "s(side := 7); s.Update();", ABSTRACT)
    for plc in both(kit, src, 1):
        assert plc["s.area"] == 49


def test_an_instance_of_an_abstract_block_is_an_error(kit):
    one_error(kit, kit.main("s : Shape;", "", ABSTRACT), "E421", "ABSTRACT")


def test_an_unimplemented_abstract_method_is_an_error(kit):
    src = ABSTRACT + "\nFUNCTION_BLOCK Blob EXTENDS Shape\nEND_FUNCTION_BLOCK\n"
    one_error(kit, kit.main("b : Blob;", "", src), "E421", "Compute")


INTERFACES = """
INTERFACE IActuator
METHOD Drive : INT
VAR_INPUT
    demand : INT;
END_VAR
END_METHOD
PROPERTY Position : INT
END_PROPERTY
END_INTERFACE

FUNCTION_BLOCK Valve IMPLEMENTS IActuator
VAR
    open : INT;
END_VAR
METHOD Drive : INT
VAR_INPUT
    demand : INT;
END_VAR
    open := LIMIT(0, demand, 100);
    Drive := open;
END_METHOD
PROPERTY Position : INT
GET
    Position := open;
END_GET
SET
    open := Position;
END_SET
END_PROPERTY
END_FUNCTION_BLOCK

FUNCTION_BLOCK Pump IMPLEMENTS IActuator
VAR
    rpm : INT;
END_VAR
METHOD Drive : INT
VAR_INPUT
    demand : INT;
END_VAR
    rpm := demand * 10;
    Drive := rpm;
END_METHOD
PROPERTY Position : INT
GET
    Position := rpm / 10;
END_GET
SET
    rpm := Position * 10;
END_SET
END_PROPERTY
END_FUNCTION_BLOCK
"""


def test_interface_variables_call_the_instance_they_hold(kit):
    src = kit.main(
        "v : Valve; p : Pump; acts : ARRAY[1..2] OF IActuator; i : INT; sum : INT; pos : INT;"
        " one : IActuator; ok : BOOL; none : BOOL;",
        """acts[1] := v; acts[2] := p; sum := 0;
FOR i := 1 TO 2 DO
    sum := sum + acts[i].Drive(150);
END_FOR;
acts[2].Position := 3;
pos := acts[1].Position + acts[2].Position;
none := one = 0;
one := acts[2];
ok := one <> 0 AND one = acts[2];""",
        INTERFACES,
    )
    for plc in both(kit, src, 2):
        assert plc["sum"] == 100 + 1500
        assert plc["v.open"] == 100
        assert plc["p.rpm"] == 30  # Drive(150) set 1500, then the SET through the interface 3 * 10
        assert plc["pos"] == 100 + 3
        assert plc["none"] is False and plc["ok"] is True


def test_calling_an_unassigned_interface_is_a_runtime_fault_naming_the_line(kit):
    src = kit.main("a : IActuator; x : INT; n : INT;",
                   "n := n + 1;\nIF n > 2 THEN\n  x := a.Drive(1);\nEND_IF;", INTERFACES)
    line = src.split("\n").index("  x := a.Drive(1);") + 1
    for plc in both(kit, src, 3):
        assert plc.fault is not None
        assert plc.fault.line == line
        assert "'a'" in plc.fault.message and "nothing" in plc.fault.message
        assert plc["n"] == 3


def test_a_missing_interface_method_is_an_error(kit):
    src = INTERFACES + """
FUNCTION_BLOCK Broken IMPLEMENTS IActuator
PROPERTY Position : INT
GET
    Position := 0;
END_GET
SET
    ;
END_SET
END_PROPERTY
END_FUNCTION_BLOCK
"""
    one_error(kit, kit.main("b : Broken;", "", src), "E423", "Drive")


def test_an_interface_method_with_another_signature_is_an_error(kit):
    src = INTERFACES.replace("""METHOD Drive : INT
VAR_INPUT
    demand : INT;
END_VAR
    rpm""", """METHOD Drive : DINT
VAR_INPUT
    demand : INT;
END_VAR
    rpm""")
    comp = kit.compile_errors(kit.main("p : Pump;", "", src))
    assert [d.code for d in comp.errors] == ["E423"]


def test_assigning_an_instance_that_does_not_implement_the_interface_is_an_error(kit):
    src = kit.main("a : IActuator; c : Counter;", "a := c;", INTERFACES + COUNTER)
    one_error(kit, src, "E305", "does not implement")


PROPS = """
FUNCTION_BLOCK Tank
VAR
    level_mm : INT;
    writes : INT;
END_VAR
PROPERTY Level : INT
GET
    Level := level_mm / 10;
END_GET
SET
    level_mm := Level * 10;
    writes := writes + 1;
END_SET
END_PROPERTY
PROPERTY Full : BOOL
GET
    Full := Level >= 90;
END_GET
END_PROPERTY
    Level := Level + 1;
END_FUNCTION_BLOCK
"""


def test_property_set_and_get(kit):
    src = kit.main("t : Tank; l : INT; full : BOOL;",
                   "t(); IF t.Full THEN t.Level := 10; END_IF; l := t.Level; full := t.Full;", PROPS)
    for plc in both(kit, src, 95):
        # +1 per scan through GET and SET in the body; at 90 the program sets it back to 10
        assert plc["t.level_mm"] == 150
        assert plc["l"] == 15 and plc["full"] is False
        assert plc["t.writes"] == 96


def test_assigning_a_property_without_set_is_an_error(kit):
    one_error(kit, kit.main("t : Tank;", "t.Full := TRUE;", PROPS), "E401", "no SET")


def test_ref_to_with_ref_dereference_and_null(kit):
    src = kit.main(
        "a : INT := 5; b : INT := 7; arr : ARRAY[0..3] OF INT; r : REF_TO INT; n : INT; valid : BOOL;"
        " nothing : BOOL; same : BOOL; r2 : REF_TO INT;",
        """nothing := r = NULL;
n := n + 1;
IF n MOD 2 = 1 THEN r := REF(a); ELSE r := REF(arr[2]); END_IF;
r^ := r^ + 10;
r2 := REF(a);
same := r = r2;
valid := r <> 0;""",
    )
    for plc in both(kit, src, 3):
        assert plc["a"] == 25  # scans 1 and 3
        assert plc["arr[2]"] == 10  # scan 2
        assert plc["b"] == 7
        assert plc["valid"] is True and plc["same"] is True
        assert plc["nothing"] is False  # r kept scan 2's reference


def test_dereferencing_an_invalid_reference_is_a_runtime_fault_naming_the_line(kit):
    src = kit.main("r : REF_TO INT; x : INT;", "x := 1;\nx := r^ + 1;")
    line = src.split("\n").index("x := r^ + 1;") + 1
    for plc in both(kit, src, 1):
        assert plc.fault is not None and plc.fault.line == line
        assert "'r'" in plc.fault.message
        assert plc["x"] == 1


TYPES = """
TYPE Point : STRUCT
    x : INT;
    y : INT;
END_STRUCT
END_TYPE
"""


def test_reference_to_binds_with_ref_assign_and_reads_through_its_name(kit):
    src = kit.main(
        "p : Point; q : Point; rp : REFERENCE TO Point; rx : REFERENCE TO INT; valid : BOOL; before : BOOL;"
        " n : INT;",
        """before := __ISVALIDREF(rx);
n := n + 1;
IF n = 1 THEN rp REF= p; ELSE rp REF= q; END_IF;
rx REF= rp.y;
rp.x := rp.x + 1;
rx := rx + 100;
valid := __ISVALIDREF(rx);""",
        TYPES,
    )
    for plc in both(kit, src, 3):
        assert (plc["p.x"], plc["p.y"]) == (1, 100)
        assert (plc["q.x"], plc["q.y"]) == (2, 200)
        assert plc["valid"] is True and plc["before"] is True


def test_reference_to_a_function_block_calls_it_and_its_methods(kit):
    src = kit.main("c : Counter; rc : REF_TO Counter; x : INT;",
                   "rc := REF(c); rc^(step := 3); x := rc^.Add(1);", COUNTER)
    for plc in both(kit, src, 2):
        assert plc["c.total"] == 2 * (3 + 3 + 1)
        assert plc["x"] == 14


def test_a_reference_to_a_temporary_is_an_error(kit):
    src = """
FUNCTION F : INT
VAR_INPUT a : INT; END_VAR
VAR r : REF_TO INT; END_VAR
    r := REF(a);
    F := r^;
END_FUNCTION
""" + kit.main("x : INT;", "x := F(1);")
    comp = kit.compile_errors(src)
    assert [d.code for d in comp.errors] == ["E425"]


def test_method_reaching_members_through_a_reference_sees_the_latest_value(kit):
    """A member written through a reference is seen at once by the body that owns it (no stale copy)."""
    src = kit.main("x : INT; r : REF_TO INT; y : INT;", "r := REF(x); x := 1; r^ := x + 1; y := x * 10;")
    for plc in both(kit, src, 1):
        assert plc["x"] == 2 and plc["y"] == 20


def test_the_modifiers_and_accessor_words_stay_usable_as_names(kit):
    src = kit.main("set : BOOL; get : INT; final : INT; public : INT;",
                   "set := TRUE; get := get + 1; final := get * 2; public := final;")
    for plc in both(kit, src, 2):
        assert plc["set"] is True and plc["public"] == 4


@pytest.mark.parametrize("body, code", [
    ("x := THIS^.total;", "E424"),
    ("SUPER^();", "E424"),
    ("x := x^;", "E425"),
])
def test_this_super_and_caret_where_they_mean_nothing(kit, body, code):
    comp = kit.compile_errors(kit.main("x : INT;", body))
    assert [d.code for d in comp.errors] == [code]


def _tree(nodes):
    out = {}
    stack = list(nodes)
    while stack:
        n = stack.pop()
        out[n.path] = n
        stack.extend(n.children)
    return out


def test_the_variable_tree_shows_properties_methods_and_references(kit):
    src = kit.main(
        "t : Tank; c : Counter; a : INT := 3; arr : ARRAY[1..3] OF INT; p : Point; r : REF_TO INT;"
        " ri : REF_TO INT; rp : REF_TO Point; rq : REFERENCE TO INT; none : REF_TO INT; x : INT; d : INT;"
        " i : IActuator; v : Valve;",
        "t(); r := REF(a); ri := REF(arr[2]); rp := REF(p); rq REF= p.y; rq := 9; i := v;"
        " x := c.Add(4, doubled => d); x := i.Drive(40);",
        TYPES + PROPS + COUNTER + INTERFACES,
    )
    for debug in (False, True):
        plc = kit.run(src, 2, debug=debug)
        tree = _tree(plc.inst.variables())
        assert tree["r"].value == "-> a = 3" and tree["r"].target == "a" and tree["r"].read_only
        assert tree["ri"].value == "-> arr[2] = 0" and tree["ri"].target == "arr[2]"
        assert tree["rp"].target == "p" and tree["rq"].value == "-> p.y = 9"
        assert tree["none"].value == "NULL"
        assert tree["i"].value == "-> v" and tree["i"].target == "v"
        # a property: the last value its GET gave or its SET took; a method: its last result and outputs
        assert tree["t.Level"].value == 2 and tree["t.Full"].value is None  # Full never read
        assert tree["c.Add()"].value == 8 and tree["c.Add()"].children[0].value == 16
        assert tree["c.Reset()"].value is None  # never called
        assert tree["v.Drive()"].value == 40 and tree["v.Position"].value is None
        with pytest.raises(KeyError):
            plc.inst.write("r", 1)


IA = "INTERFACE IA METHOD Ma : INT END_METHOD END_INTERFACE\n"
FA = "FUNCTION_BLOCK F IMPLEMENTS IA METHOD Ma : INT Ma := 7; END_METHOD END_FUNCTION_BLOCK\n"


@pytest.mark.parametrize("src, path, value", [
    (IA + "INTERFACE IB EXTENDS IA METHOD Mb : INT END_METHOD END_INTERFACE\n"
     "FUNCTION_BLOCK G IMPLEMENTS IB METHOD Ma : INT Ma := 1; END_METHOD METHOD Mb : INT Mb := 2; END_METHOD"
     " END_FUNCTION_BLOCK\nPROGRAM Main VAR g : G; a : IA; b : IB; x : INT; END_VAR b := g; a := b;"
     " x := a.Ma() * 10 + b.Mb(); END_PROGRAM", "x", 12),
    (IA + FA + "FUNCTION H : INT VAR_IN_OUT i : IA; END_VAR H := i.Ma(); END_FUNCTION\n"
     "PROGRAM Main VAR f : F; a : IA; x : INT; END_VAR a := f; x := H(a); END_PROGRAM", "x", 7),
    (IA + FA + "FUNCTION H : INT VAR_INPUT i : IA; END_VAR H := i.Ma() + 1; END_FUNCTION\n"
     "PROGRAM Main VAR f : F; x : INT; END_VAR x := H(f); END_PROGRAM", "x", 8),
    ("FUNCTION_BLOCK ABSTRACT A METHOD ABSTRACT M : INT END_METHOD END_FUNCTION_BLOCK\n"
     "FUNCTION_BLOCK B EXTENDS A METHOD M : INT M := 5; END_METHOD END_FUNCTION_BLOCK\n"
     "PROGRAM Main VAR b : B; r : REF_TO A; x : INT; END_VAR r := REF(b); x := r^.M(); END_PROGRAM", "x", 5),
    ("TYPE S : STRUCT r : REF_TO INT; END_STRUCT END_TYPE\nPROGRAM Main VAR s : S; a : INT;"
     " arr : ARRAY[1..2] OF REF_TO INT; END_VAR s.r := REF(a); arr[1] := s.r; arr[1]^ := 4;"
     " s.r^ := s.r^ + 1; END_PROGRAM", "a", 5),
    ("VAR_GLOBAL g : INT; END_VAR\nPROGRAM Main VAR r : REF_TO INT; END_VAR r := REF(g); r^ := r^ + 11;"
     " END_PROGRAM", "g", 22),
    ("FUNCTION_BLOCK A METHOD Inc VAR_IN_OUT x : INT; END_VAR x := x + 1; END_METHOD END_FUNCTION_BLOCK\n"
     "PROGRAM Main VAR a : A; v : INT; END_VAR a.Inc(v); a.Inc(x := v); END_PROGRAM", "v", 4),
    ("FUNCTION_BLOCK A METHOD Down : INT VAR_INPUT k : INT; END_VAR IF k > 0 THEN Down := 1 + Down(k - 1);"
     " END_IF; END_METHOD END_FUNCTION_BLOCK\nPROGRAM Main VAR a : A; x : INT; END_VAR x := a.Down(10);"
     " END_PROGRAM", "x", 10),
])
def test_interfaces_and_references_in_more_places(kit, src, path, value):
    for plc in both(kit, src, 2):
        assert plc.fault is None
        assert plc[path] == value


@pytest.mark.parametrize("src, code", [
    ("FUNCTION_BLOCK A EXTENDS B END_FUNCTION_BLOCK FUNCTION_BLOCK B EXTENDS A END_FUNCTION_BLOCK", "E424"),
    ("FUNCTION_BLOCK A EXTENDS TON END_FUNCTION_BLOCK", "E424"),
    ("FUNCTION_BLOCK A IMPLEMENTS Nope END_FUNCTION_BLOCK", "E207"),
    ("INTERFACE I METHOD M : INT M := 1; END_METHOD END_INTERFACE", "E424"),
    ("FUNCTION_BLOCK A METHOD M : INT M := 1; END_METHOD METHOD M : INT M := 2; END_METHOD"
     " END_FUNCTION_BLOCK", "E202"),
])
def test_wrong_class_declarations(kit, src, code):
    comp = kit.compile_errors(src + "\nPROGRAM Main VAR x : INT; END_VAR x := 1; END_PROGRAM")
    assert [d.code for d in comp.errors] == [code]


def test_reading_a_reference_gives_what_it_refers_to(kit):
    plc = kit.run(kit.main("a : INT := 4; r : REF_TO INT; q : REF_TO INT;", "r := REF(a);"), 1)
    assert plc["r"] == "-> a = 4" and plc["q"] == "NULL"


CONFORMANT = """
FUNCTION Sum : DINT
VAR_IN_OUT a : ARRAY[*] OF INT; END_VAR
VAR i : DINT; END_VAR
  FOR i := LOWER_BOUND(a, 1) TO UPPER_BOUND(a, 1) DO
    Sum := Sum + a[i];
    a[i] := a[i] + 1;
  END_FOR;
END_FUNCTION
FUNCTION_BLOCK Grid
VAR_IN_OUT m : ARRAY[*, *] OF INT; END_VAR
VAR_OUTPUT rows : DINT; cols : DINT; corner : INT; END_VAR
  rows := UPPER_BOUND(m, 1) - LOWER_BOUND(m, 1) + 1;
  cols := UPPER_BOUND(m, 2) - LOWER_BOUND(m, 2) + 1;
  corner := m[UPPER_BOUND(m, 1), UPPER_BOUND(m, 2)];
END_FUNCTION_BLOCK
"""


def test_array_of_any_bounds_in_a_var_in_out_with_its_bounds(kit):
    src = kit.main(
        "a : ARRAY[1..3] OF INT := [1, 2, 3]; b : ARRAY[-2..2] OF INT := [5(10)]; s1 : DINT; s2 : DINT;"
        " g : Grid; mm : ARRAY[0..1, 5..7] OF INT := [1, 2, 3, 4, 5, 6]; lb : DINT;",
        "s1 := Sum(a); s2 := Sum(b); g(m := mm); lb := LOWER_BOUND(b, 1);",
        CONFORMANT,
    )
    for plc in both(kit, src, 2):
        assert plc["s1"] == 2 + 3 + 4 and plc["a[3]"] == 5  # the callee wrote the caller's array
        assert plc["s2"] == 55 and plc["b[-2]"] == 12
        assert (plc["g.rows"], plc["g.cols"], plc["g.corner"]) == (2, 3, 6)
        assert plc["lb"] == -2
        tree = _tree(plc.inst.variables())
        assert tree["g.m[1,7]"].value == 6 and tree["g.m"].type_name == "ARRAY[*, *] OF INT"


def test_an_index_outside_the_bounds_passed_is_a_runtime_fault(kit):
    src = CONFORMANT + """
FUNCTION Peek : INT
VAR_IN_OUT a : ARRAY[*] OF INT; END_VAR
VAR_INPUT i : DINT; END_VAR
  Peek := a[i];
END_FUNCTION
""" + kit.main("a : ARRAY[1..3] OF INT; x : INT; n : DINT;", "n := n + 1;\nx := Peek(a, n);")
    line = src.split("\n").index("  Peek := a[i];") + 1
    for plc in both(kit, src, 4):
        assert plc.fault is not None and plc.fault.line == line
        assert "index 4 out of range 1..3" in plc.fault.message
        assert plc["n"] == 4


def test_array_of_any_bounds_outside_a_var_in_out_is_an_error(kit):
    one_error(kit, kit.main("a : ARRAY[*] OF INT;", ""), "E313", "only for a VAR_IN_OUT")


def test_the_debugger_stops_in_a_method_and_steps_into_and_out_of_it(kit):
    src = kit.main("c : Counter; r : INT;", "r := c.Add(5);\nr := r + 1;", COUNTER)
    lines = src.split("\n")
    in_method = lines.index("    scratch := scratch + n;") + 1
    call = lines.index("r := c.Add(5);") + 1
    dbg = kit.compile_ok(src).program.instantiate(debug=True)
    assert {in_method, call} <= dbg.breakable_lines()
    dbg.breakpoints.add(call)
    pause = dbg.begin_scan(0)
    assert pause.line == call and pause.depth == 1
    pause = dbg.step_into()
    assert pause.line == in_method and pause.pou == "Counter.Add" and pause.depth == 2
    assert [p for p, _line in pause.stack] == ["Main", "Counter.Add"]
    pause = dbg.step_out()
    assert pause.line == call + 1 and dbg.read("r") == 5
    assert dbg.resume() is None and dbg.read("r") == 6


DEFAULTED = """
INTERFACE IGet
METHOD Get : INT
VAR_INPUT k : INT; END_VAR
END_METHOD
END_INTERFACE
FUNCTION_BLOCK Five IMPLEMENTS IGet
METHOD Get : INT
VAR_INPUT k : INT := 5; END_VAR
Get := k;
END_METHOD
END_FUNCTION_BLOCK
FUNCTION_BLOCK Seven EXTENDS Five
METHOD Get : INT
VAR_INPUT k : INT := 7; END_VAR
Get := k * 10;
END_METHOD
END_FUNCTION_BLOCK
"""


def test_a_left_out_method_input_takes_the_called_codes_own_default_in_every_path(kit):
    # the implementation's declared default, whether the call names the block or the interface
    src = kit.main(
        "f : Five; s : Seven; i : IGet; a : INT; b : INT; c : INT; d : INT; e : INT;",
        "i := f; a := f.Get(); b := i.Get(); c := i.Get(k := 2);\n"
        "i := s; d := i.Get(); e := e + s.Get();",
        DEFAULTED,
    )
    for plc in both(kit, src, 2):
        assert (plc["a"], plc["b"], plc["c"], plc["d"], plc["e"]) == (5, 5, 2, 70, 140)
