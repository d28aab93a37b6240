"""POINTER TO, ADR and SIZEOF over the byte memory of st/memory.py (CODESYS / TwinCAT, issue 9): values
after scans on the fast and the debug build, and the faults."""

from __future__ import annotations

import pytest

BUILDS = pytest.mark.parametrize("debug", [False, True], ids=["fast", "debug"])


def run(kit, src: str, scans: int = 1, debug: bool = False):
    comp = kit.compile_ok(src)
    return kit.Plc(comp.program.instantiate(debug=debug)).scan(scans)


BASICS = """
TYPE Pair : STRUCT x : INT; y : REAL; s : STRING[5]; END_STRUCT END_TYPE
FUNCTION_BLOCK Counter
VAR_INPUT step : INT := 1; END_VAR
VAR_OUTPUT n : INT; END_VAR
    n := n + step;
END_FUNCTION_BLOCK
PROGRAM Main
VAR
    a : INT := 5; b : INT; p : POINTER TO INT; q : POINTER TO INT;
    was_null : BOOL; same : BOOL; other : BOOL; not_null : BOOL;
    arr : ARRAY[1..3] OF DINT := [10, 20, 30]; pd : POINTER TO DINT; third : DINT;
    pr : Pair; pp : POINTER TO Pair; pf : POINTER TO REAL; y : REAL;
    txt : STRING[20] := 'abc'; pst : POINTER TO STRING[20]; copy : STRING[20];
    c : Counter; pc : POINTER TO Counter; cn : INT;
    raw : DWORD; back : POINTER TO INT; via_dword : INT;
END_VAR
    was_null := p = 0;
    p := ADR(a);
    not_null := p <> 0;
    b := p^;                 (* 5 *)
    p^ := p^ + 2;            (* a = 7 *)
    q := p;
    same := q = p;
    q := ADR(b);
    other := q = p;
    pd := ADR(arr[2]);
    pd^ := pd^ + 1;          (* arr[2] = 21 *)
    pd := ADR(arr);
    third := pd^ + 0;
    pd := pd + 8;
    third := pd^;            (* arr[3] = 30 *)
    pp := ADR(pr);
    pp^.x := 3; pp^.y := 2.5; pp^.s := 'hey';
    pf := ADR(pr.y);
    y := pf^ * 2.0;          (* 5.0 *)
    pst := ADR(txt);
    pst^ := CONCAT(pst^, 'de');
    copy := pst^;
    pc := ADR(c);
    pc^(step := 4);
    pc^();
    cn := pc^.n;             (* 4 + 4 = 8 on the first scan: an input keeps its value *)
    raw := ADR(a);           (* a pointer fits a DWORD, and comes back *)
    back := raw;
    via_dword := back^;
    p := 0;
END_PROGRAM
"""


@BUILDS
def test_adr_and_caret_read_and_write_elementary_strings_arrays_structs_and_blocks(kit, debug):
    plc = run(kit, BASICS, 1, debug)
    assert plc.fault is None
    assert (plc["was_null"], plc["not_null"], plc["same"], plc["other"]) == (True, True, True, False)
    assert (plc["a"], plc["b"]) == (7, 5)
    assert [plc["arr[1]"], plc["arr[2]"], plc["arr[3]"]] == [10, 21, 30]
    assert plc["third"] == 30
    assert (plc["pr.x"], plc["pr.y"], plc["pr.s"], plc["y"]) == (3, 2.5, "hey", 5.0)
    assert (plc["txt"], plc["copy"]) == ("abcde", "abcde")
    assert (plc["c.n"], plc["cn"]) == (8, 8)
    assert plc["via_dword"] == 7
    assert plc["p"] == 0
    plc.scan(1)
    assert plc["a"] == 9 and plc["b"] == 7 and plc["c.n"] == 16 and plc["txt"] == "abcdede"


WALK = """
FUNCTION Upper : STRING
VAR_INPUT s : STRING; END_VAR
VAR pt : POINTER TO BYTE; END_VAR
    Upper := s;
    pt := ADR(Upper);
    WHILE pt^ <> 0 DO
        IF pt^ >= 97 AND pt^ <= 122 THEN pt^ := pt^ - 32; END_IF;
        pt := pt + 1;
    END_WHILE;
END_FUNCTION
FUNCTION Code : BYTE
VAR_INPUT str : STRING; pos : INT; END_VAR
VAR pt : POINTER TO BYTE; END_VAR
    pt := ADR(str) + INT_TO_DWORD(pos) - 1;
    Code := pt^;
END_FUNCTION
FUNCTION Mirror : STRING
VAR_INPUT str : STRING; END_VAR
VAR pi : POINTER TO ARRAY[1..255] OF BYTE; po : POINTER TO BYTE; lx : INT; i : INT; END_VAR
    pi := ADR(str);
    po := ADR(Mirror);
    lx := LEN(str);
    FOR i := lx TO 1 BY -1 DO
        po^ := pi^[i];
        po := po + 1;
    END_FOR;
    po^ := 0;
END_FUNCTION
FUNCTION Avg : REAL
VAR_INPUT pt : POINTER TO ARRAY[0..32000] OF REAL; size : UINT; END_VAR
VAR i : UINT; stop : UINT; END_VAR
    stop := SHR(size, 2) - 1;
    Avg := pt^[0];
    FOR i := 1 TO stop DO Avg := Avg + pt^[i]; END_FOR;
    Avg := Avg / UINT_TO_REAL(stop + 1);
END_FUNCTION
FUNCTION Clear : BOOL
VAR_INPUT pt : POINTER TO BYTE; size : UINT; END_VAR
VAR ptw : POINTER TO DWORD; stop : DWORD; END_VAR
    stop := pt + size;
    ptw := pt;
    WHILE ptw + 3 < stop DO ptw^ := 0; ptw := ptw + 4; END_WHILE;
    pt := ptw;
    WHILE pt < stop DO pt^ := 0; pt := pt + 1; END_WHILE;
    Clear := TRUE;
END_FUNCTION
PROGRAM Main
VAR
    up : STRING; ch : BYTE; back : STRING;
    r : ARRAY[1..4] OF REAL := [1.0, 2.0, 3.0, 6.0]; av : REAL;
    buf : ARRAY[0..6] OF BYTE := [1, 2, 3, 4, 5, 6, 7]; done : BOOL;
    bytes : ARRAY[0..5] OF BYTE := [16#34, 16#12, 16#78, 16#56, 0, 16#80];
    pw : POINTER TO WORD; w1 : WORD; w2 : WORD; pdw : POINTER TO DWORD; d : DWORD;
    fval : REAL := 1.0; bits : DWORD; pint : POINTER TO INT; neg : INT;
    s2 : STRING[10] := 'abcdef'; p8 : POINTER TO BYTE;
END_VAR
    up := Upper('hello World 9');
    ch := Code('ABC', 2);
    back := Mirror('abc');
    av := Avg(ADR(r), SIZEOF(r));
    done := Clear(ADR(buf), SIZEOF(buf));
    pw := ADR(bytes);
    w1 := pw^;
    pw := pw + 2;
    w2 := pw^;
    pdw := ADR(bytes);
    d := pdw^;
    pdw := ADR(fval);
    bits := pdw^;
    pdw^ := pdw^ - 8388608;   (* exponent - 1: 0.5 *)
    pint := ADR(bytes[4]);
    neg := pint^;             (* 16#8000 as INT *)
    p8 := ADR(s2) + 2;
    p8^ := 0;                 (* a NUL ends the STRING *)
END_PROGRAM
"""


@BUILDS
def test_pointer_arithmetic_walks_strings_and_byte_buffers_and_casts_read_little_endian(kit, debug):
    plc = run(kit, WALK, 1, debug)
    assert plc.fault is None
    assert plc["up"] == "HELLO WORLD 9"
    assert plc["ch"] == ord("B")
    assert plc["back"] == "cba"
    assert plc["av"] == 3.0
    assert plc["done"] is True and [plc[f"buf[{i}]"] for i in range(7)] == [0] * 7
    assert (plc["w1"], plc["w2"]) == (0x1234, 0x5678)
    assert plc["d"] == 0x56781234
    assert plc["bits"] == 0x3F800000 and plc["fval"] == 0.5
    assert plc["neg"] == -32768
    assert plc["s2"] == "ab"


@BUILDS
def test_bytes_written_past_a_strings_nul_are_kept_until_the_nul_before_them_is_overwritten(kit, debug):
    src = """
FUNCTION Hex4 : STRING(4)
VAR_INPUT in : WORD; END_VAR
VAR pt : POINTER TO BYTE; i : INT; d : BYTE; END_VAR
    pt := ADR(Hex4) + 4;
    pt^ := 0;                       (* the terminator first, then the digits backwards *)
    FOR i := 1 TO 4 DO
        pt := pt - 1;
        d := WORD_TO_BYTE(in AND 16#F);
        IF d <= 9 THEN pt^ := d + 48; ELSE pt^ := d + 55; END_IF;
        in := SHR(in, 4);
    END_FOR;
END_FUNCTION
PROGRAM Main
VAR h : STRING; s : STRING[5] := 'abc'; p : POINTER TO BYTE; before : STRING; END_VAR
    h := Hex4(16#12AF);
    p := ADR(s) + 4;
    p^ := 88;                       (* past the NUL at 3: not part of s yet *)
    before := s;
    p := ADR(s) + 3;
    p^ := 89;                       (* the NUL overwritten: s runs on to the next NUL *)
END_PROGRAM
"""
    plc = run(kit, src, 1, debug)
    assert plc.fault is None
    assert plc["h"] == "12AF"
    assert (plc["before"], plc["s"]) == ("abc", "abcYX")


@BUILDS
def test_sizeof_gives_codesys_sizes_and_packing(kit, debug):
    src = """
TYPE Rec : STRUCT b : BOOL; i : INT; d : DINT; l : LREAL; s : STRING[5]; END_STRUCT END_TYPE
TYPE Small : STRUCT b : BYTE; w : WORD; c : BYTE; END_STRUCT END_TYPE
PROGRAM Main
VAR
    r : Rec; sm : Small; arr : ARRAY[1..10] OF INT; rs : ARRAY[0..2] OF Small; s : STRING;
    n : ARRAY[0..15] OF UDINT; p : POINTER TO LREAL; t : TIME;
END_VAR
    n[0] := SIZEOF(BOOL); n[1] := SIZEOF(BYTE); n[2] := SIZEOF(WORD); n[3] := SIZEOF(INT);
    n[4] := SIZEOF(DWORD); n[5] := SIZEOF(REAL); n[6] := SIZEOF(LREAL); n[7] := SIZEOF(LINT);
    n[8] := SIZEOF(t); n[9] := SIZEOF(s); n[10] := SIZEOF(STRING[10]) ; n[11] := SIZEOF(arr);
    n[12] := SIZEOF(r); n[13] := SIZEOF(sm); n[14] := SIZEOF(rs); n[15] := SIZEOF(p);
END_PROGRAM
"""
    src = src.replace("SIZEOF(STRING[10]) ", "SIZEOF(sm.c) + 10")
    plc = run(kit, src, 1, debug)
    got = [plc[f"n[{i}]"] for i in range(16)]
    # Rec: b 0, i 2, d 4, l 8, s 16..21 -> 22, rounded to 8: 24. Small: b 0, w 2, c 4 -> 5, to 2: 6
    assert got == [1, 1, 2, 2, 4, 4, 8, 8, 4, 81, 11, 20, 24, 6, 18, 4]


@BUILDS
def test_a_pointer_reaches_fields_of_a_struct_array_through_bytes(kit, debug):
    src = """
TYPE Small : STRUCT b : BYTE; w : WORD; c : BYTE; END_STRUCT END_TYPE
PROGRAM Main
VAR rs : ARRAY[0..2] OF Small; p : POINTER TO BYTE; ps : POINTER TO Small; k : INT; w : WORD; END_VAR
    p := ADR(rs);
    FOR k := 0 TO 17 DO p^ := INT_TO_BYTE(k); p := p + 1; END_FOR;
    ps := ADR(rs[1]);
    w := ps^.w;
END_PROGRAM
"""
    plc = run(kit, src, 1, debug)
    assert plc.fault is None
    # padding byte 1 of each element is not kept: there is no variable there
    assert (plc["rs[0].b"], plc["rs[0].w"], plc["rs[0].c"]) == (0, 0x0302, 4)
    assert (plc["rs[1].b"], plc["rs[2].c"]) == (6, 16)
    assert plc["w"] == 0x0908


@BUILDS
def test_addresses_are_deterministic_and_aligned(kit, debug):
    src = """
PROGRAM Main
VAR a : BYTE; b : INT; s : STRING[3]; p1 : DWORD; p2 : DWORD; p3 : DWORD; again : DWORD; END_VAR
    p1 := ADR(a); p2 := ADR(b); p3 := ADR(s); again := ADR(a);
END_PROGRAM
"""
    plc = run(kit, src, 1, debug)
    assert (plc["p1"], plc["p2"], plc["p3"], plc["again"]) == (0x10000, 0x10008, 0x10010, 0x10000)
    plc.scan(3)
    assert plc["p3"] == 0x10010


@BUILDS
def test_a_scalar_var_in_out_bound_through_a_pointer_writes_the_pointed_variable(kit, debug):
    src = """
FUNCTION Bump : BOOL
VAR_IN_OUT x : INT; END_VAR
    x := x + 10;
    Bump := TRUE;
END_FUNCTION
PROGRAM Main
VAR a : ARRAY[0..2] OF INT; p : POINTER TO ARRAY[0..2] OF INT; q : POINTER TO INT; ok : BOOL; END_VAR
    p := ADR(a);
    ok := Bump(p^[1]);
    q := ADR(a[2]);
    ok := Bump(q^);
END_PROGRAM
"""
    plc = run(kit, src, 2, debug)
    assert (plc["a[0]"], plc["a[1]"], plc["a[2]"]) == (0, 20, 20)


def _fault(kit, body: str, decls: str, extra: str = "", debug: bool = False):
    plc = run(kit, kit.main(decls, body, extra), 1, debug)
    assert plc.fault is not None
    return plc.fault


@BUILDS
def test_dereferencing_null_is_a_fault_naming_the_line(kit, debug):
    f = _fault(kit, "x := 1;\nx := p^;", "p : POINTER TO INT; x : INT;", debug=debug)
    assert "pointer is 0 (NULL)" in f.message and f.line == 7


@BUILDS
def test_reading_past_the_pointed_buffer_is_a_fault_not_an_exception(kit, debug):
    extra = """
FUNCTION Get : BYTE
VAR_INPUT pt : POINTER TO ARRAY[0..32767] OF BYTE; i : INT; END_VAR
    Get := pt^[i];
END_FUNCTION
"""
    decls = "buf : ARRAY[0..9] OF BYTE; x : BYTE; y : BYTE;"
    plc = run(kit, kit.main(decls, "x := Get(ADR(buf), 9);\ny := Get(ADR(buf), 10);", extra), 1, debug)
    assert plc.fault is not None and "past the end of the ARRAY[0..9] OF BYTE" in plc.fault.message
    assert plc.fault.line == 4  # the line of the access, in Get
    f = _fault(kit, "x := pw^;", "buf : ARRAY[0..2] OF BYTE; pw : POINTER TO DWORD := 0; x : DWORD;",
               debug=debug)
    assert "NULL" in f.message
    f = _fault(kit, "pa := ADR(buf); k := 4;\nx := pa^[k];",
               "buf : ARRAY[0..9] OF BYTE; pa : POINTER TO ARRAY[0..3] OF BYTE; x : BYTE; k : INT;",
               debug=debug)
    assert "index 4 out of range 0..3" in f.message and f.line == 7
    f = _fault(kit, "pw := ADR(buf[1]);\nx := pw^;",
               "buf : ARRAY[0..2] OF BYTE; pw : POINTER TO DWORD; x : DWORD;", debug=debug)
    assert "runs past the end" in f.message and f.line == 7
    f = _fault(kit, "p := 16#1234;\nx := p^;", "p : POINTER TO INT; x : INT;", debug=debug)
    assert "points at no variable" in f.message


@BUILDS
def test_a_pointer_kept_to_a_functions_local_faults_after_the_call_returns(kit, debug):
    extra = """
FUNCTION Leak : DWORD
VAR_INPUT v : INT; END_VAR
VAR own : INT; END_VAR
    own := v;
    Leak := ADR(own);
END_FUNCTION
"""
    decls = "p : POINTER TO INT; x : INT;"
    f = _fault(kit, "p := Leak(3);\nx := p^;", decls, extra, debug=debug)
    assert "16#40000000 points at no variable" in f.message and f.line == 14


@BUILDS
def test_each_call_releases_the_addresses_of_its_locals(kit, debug):
    extra = """
FUNCTION Here : DWORD
VAR_INPUT v : INT; END_VAR
VAR own : ARRAY[0..3] OF INT; END_VAR
    own[0] := v;
    Here := ADR(own) + ADR(v) - ADR(own);
END_FUNCTION
"""
    body = "FOR i := 1 TO 5000 DO a := Here(i); END_FOR;\nb := Here(0);"
    plc = run(kit, kit.main("a : DWORD; b : DWORD; i : INT;", body, extra), 3, debug)
    assert plc.fault is None
    assert plc["a"] == plc["b"] == 0x40000008  # own at 16#40000000 (8 bytes), then v: the same every call


@BUILDS
def test_a_struct_pointer_used_whole_needs_that_struct_there(kit, debug):
    extra = "TYPE S : STRUCT a : INT; b : INT; END_STRUCT END_TYPE"
    plc = run(kit, kit.main("s : S; t : S; ps : POINTER TO S;", "s.a := 4; ps := ADR(s); t := ps^;", extra),
              1, debug)
    assert plc.fault is None and plc["t.a"] == 4
    f = _fault(kit, "ps := ADR(w);\nt := ps^;", "w : WORD; t : S; ps : POINTER TO S;", extra, debug=debug)
    assert "does not point at a S" in f.message


def test_forcing_a_variable_is_seen_through_a_pointer(kit):
    src = kit.main("a : INT; p : POINTER TO INT; x : INT;", "p := ADR(a);\nx := p^ * 2;")
    plc = run(kit, src, 1)
    plc.inst.force("a", 21)
    plc.scan(1)
    assert plc["x"] == 42


@pytest.mark.parametrize(
    ("decls", "body", "words"),
    [
        ("x : INT; p : POINTER TO INT;", "p := ADR(x + 1);", ["ADR needs a variable"]),
        ("x : INT; p : POINTER TO INT;", "p := ADR(x.2);", ["bit"]),
        ("x : INT;", "x := x^;", ["'^'"]),
        ("p : POINTER TO INT; x : INT;", "x := p;", ["DWORD"]),
        ("x : UDINT;", "x := SIZEOF(3);", ["SIZEOF needs a variable or a type"]),
    ],
    ids=["adr-of-expression", "adr-of-bit", "caret-on-int", "pointer-to-int", "sizeof-literal"],
)
def test_pointer_mistakes_are_diagnostics(kit, decls, body, words):
    comp = kit.compile_errors(kit.main(decls, body))
    text = kit.errors_text(comp)
    for w in words:
        assert w in text, text


@BUILDS
def test_the_variable_tree_shows_each_pointer_its_address_target_and_value(kit, debug):
    src = """
TYPE Pair : STRUCT x : INT; y : REAL; END_STRUCT END_TYPE
FUNCTION_BLOCK Holder
VAR_OUTPUT pin : POINTER TO INT; END_VAR
VAR own : INT := 3; END_VAR
    pin := ADR(own);
END_FUNCTION_BLOCK
PROGRAM Main
VAR
    a : INT := 5; p : POINTER TO INT; arr : ARRAY[1..3] OF INT := [1, 2, 3]; pa : POINTER TO INT;
    pr : Pair; ppr : POINTER TO Pair; py : POINTER TO REAL; z : POINTER TO INT; h : Holder;
    bad : POINTER TO INT;
END_VAR
    p := ADR(a); pa := ADR(arr[2]); ppr := ADR(pr); py := ADR(pr.y); h(); bad := 16#1234;
END_PROGRAM
"""
    plc = run(kit, src, 1, debug)
    nodes = {}
    stack = list(plc.inst.variables())
    while stack:
        n = stack.pop()
        nodes[n.path] = n
        stack.extend(n.children)
    assert (nodes["p"].value, nodes["p"].target) == ("16#00010000 -> a = 5", "a")
    assert (nodes["pa"].value, nodes["pa"].target) == ("16#0001000A -> arr[2] = 2", "arr[2]")
    assert nodes["ppr"].value == "16#00010010 -> pr" and nodes["ppr"].type_name == "POINTER TO Pair"
    assert nodes["py"].value == "16#00010014 -> pr.y = 0.0"
    assert nodes["h.pin"].value == "16#00010018 -> h.own = 3"
    assert nodes["z"].value == "0 (NULL)"
    assert nodes["bad"].value == "16#00001234 -> ? (no variable there)"
    assert plc["p"] == 0x10000  # read() gives the address itself, a DWORD


def test_a_watch_reads_through_a_pointer(kit):
    from st.expression import compile_expression

    src = kit.main("a : INT := 5; p : POINTER TO INT; pb : POINTER TO ARRAY[0..1] OF BYTE;",
                   "p := ADR(a); pb := ADR(a); a := a + 16#100;")
    comp = kit.compile_ok(src)
    plc = kit.Plc(comp.program.instantiate()).scan(1)
    values = {t: compile_expression(t, comp.program).evaluate(plc.inst) for t in ("p^", "pb^[1]", "p^ * 2")}
    assert values == {"p^": 261, "pb^[1]": 1, "p^ * 2": 522}


@BUILDS
def test_linked_structs_pointers_to_pointers_globals_and_methods_through_a_pointer(kit, debug):
    src = """
TYPE Node : STRUCT val : INT; next : POINTER TO Node; END_STRUCT END_TYPE
FUNCTION_BLOCK Acc
VAR_INPUT src : POINTER TO INT; END_VAR
VAR_OUTPUT sum : DINT; END_VAR
METHOD Add : DINT
VAR_INPUT n : INT; END_VAR
    sum := sum + n;
    Add := sum;
END_METHOD
    IF src <> 0 THEN sum := sum + src^; END_IF;
END_FUNCTION_BLOCK
VAR_GLOBAL g : INT := 7; END_VAR
PROGRAM Main
VAR
    nodes : ARRAY[1..3] OF Node; p : POINTER TO Node; total : INT; i : INT; size : UDINT;
    acc : Acc; pacc : POINTER TO Acc; r : DINT; pp : POINTER TO POINTER TO INT; pi : POINTER TO INT;
    v : INT := 3; x : INT; pg : POINTER TO INT; gx : INT; pn : POINTER TO INT; isnull : BOOL;
END_VAR
    FOR i := 1 TO 3 DO nodes[i].val := i * 10; END_FOR;
    nodes[1].next := ADR(nodes[2]); nodes[2].next := ADR(nodes[3]); nodes[3].next := 0;
    total := 0;
    p := ADR(nodes[1]);
    WHILE p <> 0 DO total := total + p^.val; p := p^.next; END_WHILE;
    size := SIZEOF(Node);
    acc(src := ADR(v));
    pacc := ADR(acc);
    r := pacc^.Add(10);
    pi := ADR(v); pp := ADR(pi); x := pp^^; pp^^ := x + 1;
    pg := ADR(g); gx := pg^; pg^ := gx + 1;
    pn := NULL; isnull := pn = 0;
END_PROGRAM
"""
    plc = run(kit, src, 2, debug)
    assert plc.fault is None
    assert (plc["total"], plc["size"]) == (60, 8)
    assert (plc["acc.sum"], plc["r"]) == (27, 27)  # scan 1: 3 + 10; scan 2: 13 + 4 + 10
    assert (plc["x"], plc["v"]) == (4, 5)
    assert (plc["gx"], plc["g"]) == (8, 9)
    assert plc["isnull"] is True


@BUILDS
def test_adr_of_a_methods_input_an_accessors_local_and_a_var_temp(kit, debug):
    src = """
FUNCTION_BLOCK Fb
VAR n : INT; END_VAR
VAR_TEMP t : INT; pt : POINTER TO INT; END_VAR
METHOD Len : INT
VAR_INPUT s : STRING; END_VAR
VAR p : POINTER TO BYTE; END_VAR
    p := ADR(s);
    WHILE p^ <> 0 DO Len := Len + 1; p := p + 1; END_WHILE;
END_METHOD
PROPERTY Twice : INT
GET
VAR q : POINTER TO INT; v : INT; END_VAR
    v := n; q := ADR(v); q^ := q^ * 2; Twice := v;
END_GET
END_PROPERTY
    pt := ADR(t);
    pt^ := 5;
    n := Len('abcd') + t;
END_FUNCTION_BLOCK
PROGRAM Main
VAR f : Fb; x : INT; y : INT; END_VAR
    f(); x := f.n; y := f.Twice;
END_PROGRAM
"""
    plc = run(kit, src, 1, debug)
    assert plc.fault is None
    assert (plc["x"], plc["y"]) == (9, 18)
