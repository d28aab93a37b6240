"""Language coverage: POUs, TYPE declarations, configurations, var sections, located variables,
elementary types, strings, arrays, structs, FB instances and literals. Values checked after scans."""

from __future__ import annotations

import struct

import pytest


def f32(x: float) -> float:
    return struct.unpack("<f", struct.pack("<f", x))[0]


# --- POU kinds and several POUs in one file -------------------------------------------------

SEVERAL_POUS = """
TYPE
    Mode : (Idle, Running, Stopped);
END_TYPE

FUNCTION Twice : INT
VAR_INPUT
    x : INT;
END_VAR
    Twice := x * 2;
END_FUNCTION

FUNCTION_BLOCK Accumulator
VAR_INPUT
    Step : INT;
END_VAR
VAR_OUTPUT
    Total : INT;
END_VAR
    Total := Total + Step;
END_FUNCTION_BLOCK

PROGRAM Main
VAR
    Acc : Accumulator;
    Doubled : INT;
    State : Mode := Running;
END_VAR
    Acc(Step := 3);
    Doubled := Twice(Acc.Total);
END_PROGRAM
"""


def test_function_function_block_program_and_type_in_one_file(kit):
    plc = kit.run(SEVERAL_POUS, scans=4)
    assert plc["Acc.Total"] == 12
    assert plc["Doubled"] == 24
    assert plc["State"] == 1  # enums are ints internally: Idle=0, Running=1


def test_two_programs_without_configuration_is_an_error(kit):
    src = """
PROGRAM First
VAR a : INT; END_VAR
    a := 1;
END_PROGRAM
PROGRAM Second
VAR b : INT; END_VAR
    b := 2;
END_PROGRAM
"""
    comp = kit.compile_errors(src)
    assert "PROGRAM" in kit.errors_text(comp).upper()


def test_no_program_at_all_is_an_error(kit):
    kit.compile_errors("FUNCTION F : INT\nVAR_INPUT x : INT; END_VAR\n  F := x;\nEND_FUNCTION\n")


CONFIGURED = """
PROGRAM Spare
VAR s : INT; END_VAR
    s := s + 100;
END_PROGRAM

PROGRAM Main
VAR n : INT; END_VAR
VAR_EXTERNAL MaxCount : INT; END_VAR
    IF n < MaxCount THEN
        n := n + 1;
    END_IF;
END_PROGRAM

CONFIGURATION Cell
    VAR_GLOBAL
        MaxCount : INT := 3;
    END_VAR
    RESOURCE Cpu ON PLC
        TASK Cyclic (INTERVAL := T#10ms, PRIORITY := 1);
        PROGRAM MainInstance WITH Cyclic : Main;
    END_RESOURCE
END_CONFIGURATION
"""


def test_configuration_resource_task_pick_the_program_and_share_globals(kit):
    plc = kit.run(CONFIGURED, scans=6)
    assert plc["n"] == 3


def test_top_level_var_global_with_var_external(kit):
    src = """
VAR_GLOBAL
    Setpoint : INT := 42;
END_VAR

PROGRAM Main
VAR_EXTERNAL
    Setpoint : INT;
END_VAR
VAR
    Copy : INT;
END_VAR
    Copy := Setpoint + 1;
END_PROGRAM
"""
    assert kit.run(src, scans=1)["Copy"] == 43


# --- var sections and flags -------------------------------------------------------------------


def test_every_var_section_and_flag(kit):
    src = """
FUNCTION_BLOCK Bumper
VAR_INPUT
    Amount : INT := 1;
END_VAR
VAR_IN_OUT
    Target : INT;
END_VAR
VAR_OUTPUT
    Calls : INT;
END_VAR
VAR
    Internal : INT;
END_VAR
VAR_TEMP
    Scratch : INT;
END_VAR
    Scratch := Scratch + Amount;
    Target := Target + Scratch;
    Internal := Internal + 1;
    Calls := Internal;
END_FUNCTION_BLOCK

PROGRAM Main
VAR_INPUT
    Enable : BOOL := TRUE;
END_VAR
VAR_OUTPUT
    Result : INT;
END_VAR
VAR
    B : Bumper;
    Level : INT := 10;
END_VAR
VAR CONSTANT
    Step : INT := 5;
END_VAR
VAR RETAIN
    Kept : INT := 7;
END_VAR
VAR_TEMP
    Fresh : INT;
END_VAR
    Fresh := Fresh + 1;
    IF Enable THEN
        B(Amount := Step, Target := Level);
    END_IF;
    Result := Fresh + Kept;
END_PROGRAM
"""
    plc = kit.run(src, scans=3)
    # VAR_IN_OUT writes through to the caller's variable; VAR_TEMP starts from 0 on every call
    assert plc["Level"] == 10 + 3 * 5
    assert plc["B.Calls"] == 3
    assert plc["Result"] == 1 + 7


def test_assigning_a_constant_is_an_error(kit):
    src = kit.main("x : INT;", "MaxLevel := 3;\nx := MaxLevel;").replace(
        "END_VAR\n", "END_VAR\nVAR CONSTANT\n    MaxLevel : INT := 5;\nEND_VAR\n", 1
    )
    comp = kit.compile_errors(src)
    assert any("maxlevel" in d.message.lower() for d in comp.diagnostics if d.severity == "error")


def test_initial_values_of_every_kind(kit):
    src = """
TYPE
    Point : STRUCT
        x : INT := 1;
        y : INT := 2;
    END_STRUCT;
END_TYPE
PROGRAM Main
VAR
    Count : INT := -12;
    Flag : BOOL := TRUE;
    Speed : REAL := 2.5;
    Delay : TIME := T#250ms;
    Name : STRING := 'press';
    Table : ARRAY[1..5] OF INT := [10, 20, 3(7)];
    Origin : Point;
    Target : Point := (x := 5, y := -6);
END_VAR
    ;
END_PROGRAM
"""
    plc = kit.run(src, scans=1)
    assert plc["Count"] == -12
    assert plc["Flag"] is True
    assert plc["Speed"] == 2.5
    assert plc["Delay"] == 250
    assert plc["Name"] == "press"
    assert [plc[f"Table[{i}]"] for i in range(1, 6)] == [10, 20, 7, 7, 7]
    assert (plc["Origin.x"], plc["Origin.y"]) == (1, 2)
    assert (plc["Target.x"], plc["Target.y"]) == (5, -6)


# --- located variables and direct addresses -------------------------------------------------


LOCATED = """
PROGRAM Main
VAR
    StartButton AT %IX0.0 : BOOL;
    StopButton AT %IX0.1 : BOOL;
    RawByte AT %IB2 : BYTE;
    Analog AT %IW4 : INT;
    Position AT %ID8 : DINT;
    Wide AT %IL16 : LINT;
    Motor AT %QX0.0 : BOOL;
    Lamp AT %QX1.7 : BOOL;
    OutByte AT %QB2 : BYTE;
    Setpoint AT %QW4 : INT;
    Target AT %QD8 : DINT;
    WideOut AT %QL16 : LINT;
    Marker AT %MX0.3 : BOOL;
    Counter AT %MW10 : INT;
    Total AT %MD20 : DINT;
END_VAR
    Motor := StartButton AND NOT StopButton;
    Lamp := StopButton;
    OutByte := RawByte;
    Setpoint := Analog * 2;
    Target := Position + 1;
    WideOut := Wide - 1;
    Marker := Motor;
    Counter := Counter + 1;
    Total := Total + Analog;
END_PROGRAM
"""


def test_located_variables_on_every_area_and_size(kit):
    plc = kit.run(LOCATED, scans=0)
    inst = plc.inst
    inst.set_input("%IX0.0", True)
    inst.set_input("%IX0.1", False)
    inst.set_input("%IB2", 0xA5)
    inst.set_input("%IW4", 300)
    inst.set_input("%ID8", 100000)
    inst.set_input("%IL16", 2**40)
    plc.scan(2)
    assert inst.get_output("%QX0.0") is True
    assert inst.get_output("%QX1.7") is False
    assert inst.get_output("%QB2") == 0xA5
    assert inst.get_output("%QW4") == 600
    assert inst.get_output("%QD8") == 100001
    assert inst.get_output("%QL16") == 2**40 - 1
    assert plc["%MX0.3"] is True
    assert plc["%MW10"] == 2
    assert plc["%MD20"] == 600
    inst.set_input("%IX0.1", True)
    plc.scan()
    assert inst.get_output("%QX0.0") is False
    assert inst.get_output("%QX1.7") is True


def test_direct_addresses_in_expressions(kit):
    src = """
PROGRAM Main
VAR
    Sum : INT;
END_VAR
    %QX0.0 := %IX0.0 AND NOT %IX0.1;
    %QW2 := %IW2 + 1;
    Sum := %IW2 + %IW4;
    %MW0 := %MW0 + 1;
END_PROGRAM
"""
    plc = kit.run(src, scans=0)
    plc.inst.set_input("%IX0.0", True)
    plc.inst.set_input("%IW2", 41)
    plc.inst.set_input("%IW4", 1)
    plc.scan(3)
    assert plc.inst.get_output("%QX0.0") is True
    assert plc.inst.get_output("%QW2") == 42
    assert plc["Sum"] == 42
    assert plc["%MW0"] == 3


# --- elementary types ----------------------------------------------------------------------

# (type, initial literal, value read back, value after `v := v + 1` from its maximum)
INTEGER_TYPES = [
    ("SINT", "127", 127, -128),
    ("INT", "32767", 32767, -32768),
    ("DINT", "2147483647", 2147483647, -2147483648),
    ("LINT", "9223372036854775807", 2**63 - 1, -(2**63)),
    ("USINT", "255", 255, 0),
    ("UINT", "65535", 65535, 0),
    ("UDINT", "4294967295", 2**32 - 1, 0),
    ("ULINT", "18446744073709551615", 2**64 - 1, 0),
    ("BYTE", "16#FF", 255, 0),
    ("WORD", "16#FFFF", 65535, 0),
    ("DWORD", "16#FFFFFFFF", 2**32 - 1, 0),
    ("LWORD", "16#FFFFFFFFFFFFFFFF", 2**64 - 1, 0),
]


@pytest.mark.parametrize(
    "type_name,literal,initial,wrapped", INTEGER_TYPES, ids=[t[0] for t in INTEGER_TYPES]
)
def test_integer_type_holds_its_maximum_and_wraps_past_it(kit, type_name, literal, initial, wrapped):
    src = kit.main(f"v : {type_name} := {literal};\nfresh : {type_name};\nfirst : BOOL := TRUE;",
                   "IF NOT first THEN\n v := v + 1;\nEND_IF;\nfirst := FALSE;")
    plc = kit.run(src, scans=1)
    assert plc["v"] == initial
    assert plc["fresh"] == 0
    plc.scan()
    assert plc["v"] == wrapped


def test_signed_minimum_wraps_down(kit):
    src = kit.main(
        "s : SINT := -128;\nu : USINT;\ni : INT := -32768;", "s := s - 1;\nu := u - 1;\ni := i - 1;"
    )
    plc = kit.run(src, scans=1)
    assert (plc["s"], plc["u"], plc["i"]) == (127, 255, 32767)


def test_every_elementary_type_declares_with_its_default(kit):
    decls = """
b : BOOL; si : SINT; i : INT; di : DINT; li : LINT; usi : USINT; ui : UINT; udi : UDINT;
uli : ULINT; by1 : BYTE; w : WORD; dw : DWORD; lw : LWORD; r : REAL; lr : LREAL; t : TIME;
lt1 : LTIME; d : DATE; tod1 : TOD; dt1 : DT; tod2 : TIME_OF_DAY; dt2 : DATE_AND_TIME;
s : STRING; ws : WSTRING;
"""
    plc = kit.run(kit.main(decls, ";"), scans=1)
    assert plc["b"] is False
    for name in ["si", "i", "di", "li", "usi", "ui", "udi", "uli", "by1", "w", "dw", "lw", "t", "lt1"]:
        assert plc[name] == 0, name
    assert plc["r"] == 0.0 and isinstance(plc["r"], float)
    assert plc["lr"] == 0.0 and isinstance(plc["lr"], float)
    assert plc["s"] == "" and plc["ws"] == ""


def test_date_and_time_values(kit):
    decls = """
d : DATE := D#1970-01-02;
tod1 : TOD := TOD#00:00:01.5;
dt1 : DT := DT#1970-01-01-00:01:00;
ltime1 : LTIME := LTIME#1ms;
t : TIME := TIME#1h;
"""
    plc = kit.run(kit.main(decls, ";"), scans=1)
    assert plc["d"] == 86400  # DATE: seconds since 1970-01-01
    assert plc["tod1"] == 1500  # TOD: milliseconds since midnight
    assert plc["dt1"] == 60
    assert plc["ltime1"] == 1_000_000  # LTIME: nanoseconds
    assert plc["t"] == 3_600_000


def test_real_is_float32_and_lreal_is_float64(kit):
    plc = kit.run(kit.main("r : REAL := 0.1;\nlr : LREAL := 0.1;", ";"), scans=1)
    assert plc["r"] == f32(0.1)
    assert plc["r"] != 0.1
    assert plc["lr"] == 0.1


# --- strings -------------------------------------------------------------------------------


def test_string_lengths_both_syntaxes_truncate_on_store(kit):
    decls = "a : STRING(10);\nb : STRING[10];\nc : STRING;\nw : WSTRING[4];\nlong : STRING[200];"
    body = """
a := CONCAT('abcdef', 'ghijklmnop');
b := CONCAT('0123456789', 'xyz');
long := 'abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz0123456789';
c := CONCAT(long, long);
w := "wide string";
"""
    plc = kit.run(kit.main(decls, body), scans=1)
    assert plc["a"] == "abcdefghij"
    assert plc["b"] == "0123456789"
    assert len(plc["c"]) == 80  # STRING defaults to 80 characters
    assert plc["c"] == (plc["long"] * 2)[:80]
    assert plc["w"] == "wide"


# --- arrays, structs, FB instances --------------------------------------------------------


def test_multi_dimensional_array_with_odd_bounds(kit):
    decls = (
        "Grid : ARRAY[-2..2, 5..7] OF INT;\nr : INT;\nc : INT;\nCorner : INT;\n"
        "Cube : ARRAY[0..1, 0..1, 1..2] OF BOOL;"
    )
    body = """
FOR r := -2 TO 2 DO
    FOR c := 5 TO 7 DO
        Grid[r, c] := r * 10 + c;
    END_FOR;
END_FOR;
Corner := Grid[-2, 5] + Grid[2, 7];
Cube[1, 0, 2] := TRUE;
"""
    plc = kit.run(kit.main(decls, body), scans=1)
    assert plc["Grid[-2,5]"] == -15
    assert plc["Grid[0, 6]"] == 6
    assert plc["Grid[2,7]"] == 27
    assert plc["Corner"] == 12
    assert plc["Cube[1,0,2]"] is True
    assert plc["Cube[0,0,1]"] is False


STRUCTS_AND_FBS = """
TYPE
    Cell : STRUCT
        Busy : BOOL;
        Parts : INT;
        Tag : STRING[8] := 'cell';
    END_STRUCT;
END_TYPE

FUNCTION_BLOCK Station
VAR_INPUT
    Go : BOOL;
END_VAR
VAR_OUTPUT
    Done : BOOL;
END_VAR
VAR
    Delay : TON;
END_VAR
    Delay(IN := Go, PT := T#30ms);
    Done := Delay.Q;
END_FUNCTION_BLOCK

FUNCTION_BLOCK Line
VAR
    Stations : ARRAY[1..3] OF Station;
    i : INT;
END_VAR
VAR_OUTPUT
    AllDone : BOOL;
END_VAR
    AllDone := TRUE;
    FOR i := 1 TO 3 DO
        Stations[i](Go := TRUE);
        AllDone := AllDone AND Stations[i].Done;
    END_FOR;
END_FUNCTION_BLOCK

PROGRAM Main
VAR
    Cells : ARRAY[1..4] OF Cell;
    Timers : ARRAY[0..2] OF TON;
    Plant : Line;
    k : INT;
END_VAR
    Cells[2].Busy := TRUE;
    Cells[3].Parts := Cells[3].Parts + 1;
    FOR k := 0 TO 2 DO
        Timers[k](IN := TRUE, PT := INT_TO_TIME(k * 20));
    END_FOR;
    Plant();
END_PROGRAM
"""


def test_arrays_of_structs_and_of_fb_instances_and_fb_inside_fb(kit):
    plc = kit.run(STRUCTS_AND_FBS, scans=3)  # t = 0, 10, 20
    assert plc["Cells[2].Busy"] is True
    assert plc["Cells[1].Busy"] is False
    assert plc["Cells[3].Parts"] == 3
    assert plc["Cells[4].Tag"] == "cell"
    assert [plc[f"Timers[{k}].Q"] for k in range(3)] == [True, True, False]
    assert plc["Timers[2].ET"] == 20
    assert plc["Plant.AllDone"] is False
    assert plc["Plant.Stations[2].Delay.ET"] == 20
    plc.scan()  # t = 30
    assert plc["Plant.AllDone"] is True
    assert plc["Plant.Stations[3].Done"] is True


# --- TYPE kinds --------------------------------------------------------------------------


def test_type_kinds_struct_enum_subrange_alias_array(kit):
    src = """
TYPE
    Color : (Red, Green, Blue);
    Mode : (Idle := 0, Run := 10, Fault := 99);
    Level : INT (0..100);
    Speed : REAL;
    Row : ARRAY[1..4] OF INT;
    Recipe : STRUCT
        Name : STRING[12];
        Steps : Row;
        Hue : Color := Blue;
        Inner : Gauge;
    END_STRUCT;
    Gauge : STRUCT
        Depth : LREAL := 1.5;
    END_STRUCT;
END_TYPE
PROGRAM Main
VAR
    c : Color;
    c2 : Color := Color#Green;
    m : Mode := Mode#Run;
    m2 : Mode;
    lv : Level := 50;
    v : Speed := 1.25;
    r : Row;
    rec : Recipe;
    IsRun : BOOL;
END_VAR
    r[4] := 44;
    rec.Steps[2] := lv + 1;
    rec.Name := 'mix';
    IsRun := m = Run;
    m2 := Fault;
END_PROGRAM
"""
    plc = kit.run(src, scans=1)
    assert plc["c"] == 0  # an enum starts at its first value
    assert plc["c2"] == 1
    assert plc["m"] == 10
    assert plc["m2"] == 99
    assert plc["IsRun"] is True
    assert plc["lv"] == 50
    assert plc["v"] == 1.25
    assert plc["r[4]"] == 44
    assert plc["rec.Steps[2]"] == 51
    assert plc["rec.Hue"] == 2
    assert plc["rec.Name"] == "mix"
    assert plc["rec.Inner.Depth"] == 1.5


# --- literals ----------------------------------------------------------------------------


def test_every_literal_form(kit):
    decls = """
a : INT := INT#5;
b : INT := 16#FF;
c : BYTE := 2#1010_0101;
d : INT := 8#17;
e : BOOL := BOOL#1;
f : REAL := REAL#1.5e3;
g : TIME := T#1m30s250ms;
h : TIME := TIME#2s;
i : DINT := 1_000_000;
j : LREAL := 1.0E-3;
k : TIME := t#1.5s;
l : TIME := T#1d2h;
m : DINT := DINT#16#7FFF_FFFF;
n : INT := -INT#7;
o : BOOL := BOOL#0;
p : WORD := WORD#16#abcd;
q : TIME := TIME#100MS;
x : LREAL := 12.5;
y : REAL := 3.0;
z : BOOL := true;
"""
    plc = kit.run(kit.main(decls, ";"), scans=1)
    assert plc["a"] == 5
    assert plc["b"] == 255
    assert plc["c"] == 0b10100101
    assert plc["d"] == 15
    assert plc["e"] is True
    assert plc["f"] == 1500.0
    assert plc["g"] == 90_250
    assert plc["h"] == 2000
    assert plc["i"] == 1_000_000
    assert plc["j"] == 0.001
    assert plc["k"] == 1500
    assert plc["l"] == 26 * 3_600_000
    assert plc["m"] == 0x7FFFFFFF
    assert plc["n"] == -7
    assert plc["o"] is False
    assert plc["p"] == 0xABCD
    assert plc["q"] == 100
    assert plc["x"] == 12.5
    assert plc["y"] == 3.0
    assert plc["z"] is True


def test_string_dollar_escapes(kit):
    decls = """
quote : STRING := 'it$'s';
dollar : STRING := 'cost: 5$$';
lf : STRING := 'a$Lb';
nl : STRING := 'a$Nb';
cr : STRING := 'a$Rb';
tab : STRING := 'a$Tb';
page : STRING := 'a$Pb';
hex : STRING := '$41$42';
lower : STRING := 'x$ny';
dq : STRING := 'say "hi"';
"""
    plc = kit.run(kit.main(decls, ";"), scans=1)
    assert plc["quote"] == "it's"
    assert plc["dollar"] == "cost: 5$"
    assert plc["lf"] == "a\nb"
    assert plc["nl"].startswith("a") and plc["nl"].endswith("\nb")
    assert plc["cr"] == "a\rb"
    assert plc["tab"] == "a\tb"
    assert plc["page"] == "a\fb"
    assert plc["hex"] == "AB"
    assert plc["lower"].endswith("\ny")
    assert plc["dq"] == 'say "hi"'


def test_literal_that_does_not_fit_its_target_is_an_error(kit):
    comp = kit.compile_errors(kit.main("small : SINT;", "small := 200;"))
    err = [d for d in comp.diagnostics if d.severity == "error"][0]
    assert err.line == 6
    assert "200" in err.message or "SINT" in err.message
