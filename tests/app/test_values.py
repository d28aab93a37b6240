"""Values as a PLC engineer reads them, on the real compiler's variable tree."""

import pytest

import st
from app.debugger import Debugger
from app.values import find_node, format_typed, summary, visible_children
from tests.app.fakes import belt_task

SOURCE = """\
TYPE Mode : (Idle, Busy, Done); END_TYPE
TYPE Cell : STRUCT Busy : BOOL; N : INT; END_STRUCT END_TYPE
PROGRAM Main
VAR
    PartAtEye AT %IX0.0 : BOOL;
    Motor AT %QX0.0 : BOOL;
    Delay : TON;
    State : Mode := Busy;
    Cells : ARRAY[1..3] OF Cell;
    Wait : TIME := T#2s500ms;
    Fine : LTIME := LTIME#1ms500us;
    Text : STRING := 'it$'s';
    Edge : R_TRIG;
END_VAR
Delay(IN := TRUE, PT := T#1s);
Edge(CLK := PartAtEye);
Cells[2].N := 7;
Motor := Delay.Q AND State = Busy;
END_PROGRAM
"""


@pytest.fixture
def tree():
    comp = st.compile_source(SOURCE, filename="values.st")
    assert comp.ok, comp.diagnostics
    inst = comp.program.instantiate(debug=True)
    for k in range(150):
        inst.scan(k * 10)
    return inst.variables()


def test_time_values_read_as_time_literals():
    assert format_typed(2500, "TIME") == "T#2s500ms"
    assert format_typed(0, "TIME") == "T#0ms"
    assert format_typed(1_500_000, "LTIME") == "LTIME#1ms500us"
    assert format_typed(2500, "DINT") == "2500"
    assert format_typed(True, "BOOL") == "TRUE"


def test_the_tree_shows_types_enums_and_hides_fb_memory(tree):
    assert summary(find_node(tree, "Wait")) == "T#2s500ms"
    assert summary(find_node(tree, "Fine")) == "LTIME#1ms500us"
    assert summary(find_node(tree, "State")) == "Busy"
    assert summary(find_node(tree, "Text")) == "'it$'s'"
    timer = find_node(tree, "delay")
    assert [k.name for k in visible_children(timer)] == ["IN", "PT", "Q", "ET"]  # no M, START
    assert summary(timer) == "Q=TRUE ET=T#1s"
    assert summary(find_node(tree, "Edge")) == "Q=FALSE"
    assert summary(find_node(tree, "Cells")) == "[3 elements]"
    assert summary(find_node(tree, "Cells[2]")) == "Busy=FALSE N=7"
    assert find_node(tree, "%QX0.0").name == "Motor"


def test_the_watch_panel_shows_a_pinned_variable_through_the_same_tree():
    d = Debugger(belt_task(), SOURCE, "values.st", compile_source=st.compile_source)
    for path in ("Delay", "Wait", "State", "Cells", "Motor AND Delay.Q"):
        assert d.add_watch(path) is None
    d.run_to_scan(120)
    shown = dict(d.watch_values())
    assert shown["Delay"] == "Q=TRUE ET=T#1s"     # not a Python object string
    assert shown["Wait"] == "T#2s500ms"           # not 2500
    assert shown["State"] == "Busy"
    assert shown["Cells"] == "[3 elements]"       # not a Python list; expandable in the panel
    assert [k.name for k in d.watch_node("Cells").children] == ["[1]", "[2]", "[3]"]
    assert d.watch_node("Motor AND Delay.Q") is None   # an expression is evaluated, not a tree
    assert d.value_text("Delay") == "Q=TRUE ET=T#1s"   # the source view's inline value
    assert d.value_text("Delay.ET") == "T#1s"
    assert d.value_text("NoSuchName") is None


def test_an_output_is_found_by_its_io_name_or_address_where_the_program_writes_its_variable():
    d = Debugger(belt_task(), SOURCE, "values.st", compile_source=st.compile_source)
    line = SOURCE.splitlines().index("Motor := Delay.Q AND State = Busy;") + 1
    assert d.write_lines("%QX0.0") == [line]   # the variable located at the address
    d.run_to_scan(3)
    assert d.last_write("%QX0.0") == line


def test_the_tree_reads_references_properties_and_methods_in_the_panels_words():
    src = """\
FUNCTION_BLOCK Tank
VAR lvl : INT; END_VAR
METHOD Fill : INT
VAR_INPUT n : INT; END_VAR
    lvl := lvl + n;
    Fill := lvl;
END_METHOD
PROPERTY Level : INT
GET
    Level := lvl;
END_GET
END_PROPERTY
END_FUNCTION_BLOCK
PROGRAM Main
VAR t : Tank; a : INT := 3; r : REF_TO INT; none : REF_TO INT; x : INT; END_VAR
r := REF(a);
x := t.Fill(2) + t.Level;
END_PROGRAM
"""
    comp = st.compile_source(src, filename="oop.st")
    assert comp.ok, comp.format_diagnostics()
    inst = comp.program.instantiate(debug=True)
    for k in range(3):
        inst.scan(k * 10)
    nodes = inst.variables()
    assert summary(find_node(nodes, "r")) == "-> a = 3"
    assert summary(find_node(nodes, "none")) == "NULL"
    assert summary(find_node(nodes, "t.Level")) == "6" and summary(find_node(nodes, "t.Fill()")) == "6"
    assert summary(find_node(nodes, "t")) == "lvl=6 Level=6 Fill()=6"
    assert all(find_node(nodes, p).read_only for p in ("r", "t.Level", "t.Fill()"))
