"""Language coverage: every statement, calls, bit access, case-insensitivity, comments, pragmas."""

from __future__ import annotations


def test_if_elsif_else(kit):
    src = kit.main(
        "Level : INT;\nZone : INT;",
        """
Level := Level + 10;
IF Level < 20 THEN
    Zone := 1;
ELSIF Level < 40 THEN
    Zone := 2;
ELSIF Level = 40 THEN
    Zone := 3;
ELSE
    Zone := 4;
END_IF;
""",
    )
    plc = kit.run(src, scans=0)
    zones = [plc.scan()["Zone"] for _ in range(5)]
    assert zones == [1, 2, 2, 3, 4]


CASE_SRC = """
TYPE
    Step : (Idle, Filling, Mixing, Draining);
END_TYPE
PROGRAM Main
VAR
    Code : INT;
    Kind : INT;
    Phase : Step;
    PhaseName : INT;
    Overlap : INT;
END_VAR
    CASE Code OF
        1, 3, 5:
            Kind := 1;
        10..20:
            Kind := 2;
        21, 30..39, 99:
            Kind := 3;
    ELSE
        Kind := 0;
    END_CASE;
    CASE Phase OF
        Idle: PhaseName := 100;
        Filling, Mixing: PhaseName := 200;
        Step#Draining: PhaseName := 300;
    END_CASE;
    CASE Code OF
        1..5: Overlap := 1;
        3: Overlap := 2;
    ELSE
        Overlap := -1;
    END_CASE;
END_PROGRAM
"""


def test_case_lists_ranges_enum_labels_else_first_match(kit):
    plc = kit.run(CASE_SRC, scans=0)
    expected = {1: 1, 3: 1, 4: 0, 5: 1, 10: 2, 15: 2, 20: 2, 21: 3, 25: 0, 30: 3, 39: 3, 99: 3, -1: 0}
    for code, kind in expected.items():
        plc["Code"] = code
        plc.scan()
        assert plc["Kind"] == kind, f"Code={code}"
    plc["Code"] = 3
    plc.scan()
    assert plc["Overlap"] == 1  # first matching label wins, no fall-through
    for phase, name in [(0, 100), (1, 200), (2, 200), (3, 300)]:
        plc["Phase"] = phase
        plc.scan()
        assert plc["PhaseName"] == name


def test_for_with_by_negative_step_and_post_loop_value(kit):
    src = kit.main(
        """i : INT; j : INT; k : INT; m : INT; n : INT; e : INT;
up : INT; evens : INT; down : INT; once : INT; never : INT; upper : INT := 3; bounded : INT;
downList : ARRAY[1..5] OF INT; idx : INT;""",
        """
up := 0; evens := 0; down := 0; once := 0; never := 0; bounded := 0; idx := 0;
FOR i := 1 TO 3 DO
    up := up + i;
END_FOR;
FOR j := 0 TO 10 BY 2 DO
    evens := evens + 1;
END_FOR;
FOR k := 10 TO 1 BY -3 DO
    down := down + 1;
    idx := idx + 1;
    downList[idx] := k;
END_FOR;
FOR m := 1 TO 1 DO
    once := once + 1;
END_FOR;
FOR e := 5 TO 1 DO
    never := never + 1;
END_FOR;
upper := 3;
FOR n := 1 TO upper DO
    upper := 10;
    bounded := bounded + 1;
END_FOR;
""",
    )
    plc = kit.run(src, scans=2)
    assert plc["up"] == 6
    assert plc["i"] == 4  # the first value that failed the test
    assert plc["evens"] == 6 and plc["j"] == 12
    assert plc["down"] == 4 and plc["k"] == -2
    assert [plc[f"downList[{x}]"] for x in range(1, 5)] == [10, 7, 4, 1]
    assert plc["once"] == 1 and plc["m"] == 2
    assert plc["never"] == 0 and plc["e"] == 5
    assert plc["bounded"] == 3  # the end value is evaluated once


def test_while_repeat_exit_continue(kit):
    src = kit.main(
        """n : INT; w : INT; r : INT; firstFound : INT; oddSum : INT; x : INT;
repeatRan : INT; i : INT; outer : INT; inner : INT;""",
        """
w := 0; n := 0;
WHILE n < 5 DO
    n := n + 1;
    w := w + n;
END_WHILE;
r := 0;
REPEAT
    r := r + 1;
UNTIL r >= 4
END_REPEAT;
repeatRan := 0;
REPEAT
    repeatRan := repeatRan + 1;
UNTIL TRUE
END_REPEAT;
firstFound := 0;
FOR i := 1 TO 100 DO
    IF i * i > 50 THEN
        firstFound := i;
        EXIT;
    END_IF;
END_FOR;
oddSum := 0;
FOR i := 1 TO 9 DO
    IF i MOD 2 = 0 THEN
        CONTINUE;
    END_IF;
    oddSum := oddSum + i;
END_FOR;
x := 0;
WHILE TRUE DO
    x := x + 1;
    IF x >= 7 THEN EXIT; END_IF;
END_WHILE;
outer := 0; inner := 0;
FOR n := 1 TO 3 DO
    outer := outer + 1;
    WHILE TRUE DO
        inner := inner + 1;
        EXIT;  (* leaves only the innermost loop *)
    END_WHILE;
END_FOR;
""",
    )
    plc = kit.run(src, scans=1)
    assert plc["w"] == 15
    assert plc["r"] == 4
    assert plc["repeatRan"] == 1  # REPEAT runs its body at least once
    assert plc["firstFound"] == 8
    assert plc["oddSum"] == 25
    assert plc["x"] == 7
    assert plc["outer"] == 3 and plc["inner"] == 3


def test_return_in_program_function_and_fb(kit):
    src = """
FUNCTION Clamp : INT
VAR_INPUT v : INT; END_VAR
    Clamp := v;
    IF v > 100 THEN
        Clamp := 100;
        RETURN;
    END_IF;
    Clamp := Clamp + 1;
END_FUNCTION

FUNCTION_BLOCK Gate
VAR_INPUT Open : BOOL; END_VAR
VAR_OUTPUT Passed : INT; END_VAR
    IF NOT Open THEN
        RETURN;
    END_IF;
    Passed := Passed + 1;
END_FUNCTION_BLOCK

PROGRAM Main
VAR
    a : INT; b : INT; g : Gate; before : INT; after : INT; stopEarly : BOOL := TRUE;
END_VAR
    a := Clamp(500);
    b := Clamp(5);
    g(Open := FALSE);
    g(Open := TRUE);
    before := before + 1;
    IF stopEarly THEN
        RETURN;
    END_IF;
    after := after + 1;
END_PROGRAM
"""
    plc = kit.run(src, scans=2)
    assert plc["a"] == 100
    assert plc["b"] == 6
    assert plc["g.Passed"] == 2
    assert plc["before"] == 2
    assert plc["after"] == 0


FB_CALLS = """
FUNCTION_BLOCK Scaler
VAR_INPUT
    Raw : INT;
    Gain : INT := 2;
END_VAR
VAR_OUTPUT
    Scaled : INT;
    Big : BOOL;
END_VAR
    Scaled := Raw * Gain;
    Big := Scaled > 100;
END_FUNCTION_BLOCK

FUNCTION Mix : INT
VAR_INPUT
    a : INT;
    b : INT;
END_VAR
    Mix := a * 10 + b;
END_FUNCTION

PROGRAM Main
VAR
    S1 : Scaler; S2 : Scaler; S3 : Scaler;
    T1 : TON;
    Edge : R_TRIG;
    Start : BOOL;
    Done : BOOL; Elapsed : TIME;
    Out1 : INT; Big1 : BOOL; NotBig : BOOL;
    m1 : DINT; m2 : DINT; m3 : DINT;
    Pulses : INT;
END_VAR
    S1(Raw := 60, Scaled => Out1, Big => Big1);
    S2(Raw := 5, Gain := 3, NOT Big => NotBig);
    S3(70);
    T1(IN := Start, PT := T#50ms, Q => Done, ET => Elapsed);
    Edge(Start);
    IF Edge.Q THEN Pulses := Pulses + 1; END_IF;
    m1 := Mix(1, 2);
    m2 := Mix(b := 4, a := 3);
    m3 := Mix(a := Mix(1, 1), b := 0);
END_PROGRAM
"""


def test_fb_calls_formal_informal_with_output_arrows_and_function_calls(kit):
    plc = kit.run(FB_CALLS, scans=1)
    assert plc["Out1"] == 120 and plc["Big1"] is True
    assert plc["S2.Scaled"] == 15 and plc["NotBig"] is True
    assert plc["S3.Scaled"] == 140  # informal call: first input, Gain keeps its default
    assert (plc["m1"], plc["m2"], plc["m3"]) == (12, 34, 110)
    assert plc["Pulses"] == 0
    plc["Start"] = True
    plc.scan(6)  # Start rises at t = 10; t = 60 is 50 ms later
    assert plc["Done"] is True and plc["Elapsed"] == 50
    assert plc["Pulses"] == 1


def test_bit_access_read_and_write(kit):
    src = kit.main(
        "w : WORD := 16#0008;\nd : DINT;\nb : BYTE := 16#FF;\nbit3 : BOOL;\nbit2 : BOOL;\ni : INT;",
        """
bit3 := w.3;
bit2 := w.2;
w.0 := TRUE;
w.15 := TRUE;
w.3 := FALSE;
d.31 := TRUE;
b.7 := FALSE;
i.15 := TRUE;
""",
    )
    plc = kit.run(src, scans=1)
    assert plc["bit3"] is True and plc["bit2"] is False
    assert plc["w"] == 0x8001
    assert plc["d"] == -(2**31)
    assert plc["b"] == 0x7F
    assert plc["i"] == -32768


def test_keywords_and_identifiers_are_case_insensitive(kit):
    src = """
program MAIN
var
    MotorSpeed : int := 5;
    Timer1 : ton;
end_var
    motorspeed := MOTORSPEED + motorSpeed;
    tImEr1(in := True, pt := t#20MS);
    If TIMER1.q Then MotorSpeed := 0; End_If
end_program
"""
    plc = kit.run(src, scans=1)
    assert plc["MotorSpeed"] == 10
    assert plc["motorspeed"] == 10
    assert plc["MOTORSPEED"] == 10
    plc.scan(2)
    assert plc["timer1.Q"] is True and plc["MotorSpeed"] == 0


def test_identifiers_that_start_with_a_keyword(kit):
    src = kit.main(
        "IF_Ready : BOOL := TRUE;\nEND_Count : INT;\nDoor : INT;\nForward : BOOL;\nToday : INT;\n"
        "Byte_Count : INT;",
        "IF IF_Ready THEN END_Count := 1; END_IF;\nDoor := 2;\nForward := TRUE;\nToday := 3;\n"
        "Byte_Count := 4;",
    )
    plc = kit.run(src, scans=1)
    got = (plc["END_Count"], plc["Door"], plc["Forward"], plc["Today"], plc["Byte_Count"])
    assert got == (1, 2, True, 3, 4)


def test_comments_nested_comments_and_pragmas(kit):
    src = """
{attribute 'qualified_only'}
PROGRAM Main  // the only program
VAR
    a : INT; (* a counter (* with a nested comment *) still inside *)
    b : INT; // b := 100;
    {info 'pragma inside a declaration block'}
END_VAR
(* a := 1000;
   (* nested *)
   b := 1000; *)
    a := a + 1; // a := 50;
    {warning 'ignored'}
    b := a (* inline *) * 2;
END_PROGRAM
"""
    plc = kit.run(src, scans=2)
    assert plc["a"] == 2
    assert plc["b"] == 4


def test_missing_semicolon_after_end_keywords_is_accepted(kit):
    src = kit.main(
        "i : INT; n : INT; c : INT; w : INT; r : INT;",
        """
IF TRUE THEN n := 1; END_IF
CASE n OF 1: c := 5; END_CASE
FOR i := 1 TO 2 DO w := w + 1; END_FOR
WHILE r < 3 DO r := r + 1; END_WHILE
REPEAT r := r + 1; UNTIL r >= 5 END_REPEAT
n := n + 1;
""",
    )
    plc = kit.run(src, scans=1)
    assert (plc["n"], plc["c"], plc["w"], plc["r"]) == (2, 5, 2, 5)


def test_empty_statements_and_nested_parentheses(kit):
    src = kit.main("x : INT;", ";;\nx := ((((1 + 2)) * (3 - (4 - 5))));\n;")
    assert kit.run(src, scans=1)["x"] == 12


def test_operator_precedence(kit):
    src = kit.main(
        "a : INT; b : BOOL; c : BOOL; p : LREAL; neg : INT; cmp : BOOL;",
        """
a := 2 + 3 * 4 - 6 / 2;
b := TRUE OR FALSE AND FALSE;
c := NOT FALSE AND FALSE;
p := 2.0 ** 3.0 ** 2.0;
neg := -2 * -3;
cmp := 1 + 1 = 2 AND 3 > 2;
""",
    )
    plc = kit.run(src, scans=1)
    assert plc["a"] == 11
    assert plc["b"] is True
    assert plc["c"] is False
    assert plc["neg"] == 6
    assert plc["cmp"] is True
    # operators of equal precedence evaluate left to right in IEC 61131-3, ** included
    assert plc["p"] == 64.0


def test_time_arithmetic_and_comparison(kit):
    src = kit.main(
        "a : TIME := T#1s; b : TIME; c : TIME; longer : BOOL; T1 : TON; halfway : BOOL; d : TIME;",
        """
b := a + T#250ms;
c := b - T#2s;
longer := b > a;
d := a * 3;
T1(IN := TRUE, PT := T#100ms);
halfway := T1.ET >= T#50ms;
""",
    )
    plc = kit.run(src, scans=5)
    assert plc["b"] == 1250 and plc["c"] == -750 and plc["longer"] is True
    assert plc["d"] == 3000
    assert plc["halfway"] is False
    plc.scan()
    assert plc["halfway"] is True


def test_string_comparison_and_assignment(kit):
    src = kit.main(
        "s : STRING := 'abc'; same : BOOL; less : BOOL; differs : BOOL; copy : STRING[2];",
        "same := s = 'abc';\nless := 'abc' < 'abd';\ndiffers := s <> 'ABC';\ncopy := s;",
    )
    plc = kit.run(src, scans=1)
    assert (plc["same"], plc["less"], plc["differs"]) == (True, True, True)
    assert plc["copy"] == "ab"


def test_var_in_out_in_a_function_and_array_element_arguments(kit):
    src = """
FUNCTION Swap : BOOL
VAR_IN_OUT a : INT; b : INT; END_VAR
VAR tmp : INT; END_VAR
    tmp := a;
    a := b;
    b := tmp;
    Swap := TRUE;
END_FUNCTION
PROGRAM Main
VAR x : INT := 1; y : INT := 2; arr : ARRAY[1..3] OF INT := [7, 8, 9]; ok : BOOL; END_VAR
    ok := Swap(x, y);
    ok := Swap(a := arr[1], b := arr[3]);
END_PROGRAM
"""
    plc = kit.run(src, scans=1)
    assert (plc["x"], plc["y"]) == (2, 1)
    assert [plc[f"arr[{i}]"] for i in (1, 2, 3)] == [9, 8, 7]
