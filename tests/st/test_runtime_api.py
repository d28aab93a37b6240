"""The runtime interface sim/ and app/ use (docs/architecture.md): process image by address,
read/write by path, force/unforce, the variable tree, io_addresses, compile once instantiate many."""

from __future__ import annotations

import struct

import pytest


@pytest.fixture
def cell(kit):
    comp = kit.compile_ok((kit.PROGRAMS / "conveyor_cell.st").read_text(), filename="conveyor_cell.st")
    return comp.program


def test_inputs_and_outputs_by_address(kit, cell):
    plc = kit.Plc(cell.instantiate())
    inst = plc.inst
    inst.set_input("%IX0.0", True)
    inst.set_input("%IW2", 25)
    plc.scan()
    assert inst.get_output("%QX0.0") is False  # Running is entered on this scan, Motor on the next
    plc.scan()
    assert inst.get_output("%QX0.0") is True
    assert inst.get_output("%QW2") == 50
    assert inst.get_output("%QD4") == 50
    assert plc["%MW10"] == 2
    inst.set_input("%IX0.1", True)
    plc.scan(2)
    assert inst.get_output("%QX0.0") is False


def test_addresses_are_case_insensitive_and_bit_size_is_optional(kit, cell):
    plc = kit.Plc(cell.instantiate())
    plc.inst.set_input("%ix0.0", True)
    plc.inst.set_input("%I0.1", False)
    plc.scan(2)
    assert plc.inst.get_output("%qx0.0") is True
    assert plc.inst.get_output("%Q0.0") is True
    assert plc["start"] is True


def test_unknown_input_addresses_are_ignored_and_unwritten_outputs_read_zero(kit, cell):
    plc = kit.Plc(cell.instantiate())
    plc.inst.set_input("%IX9.7", True)
    plc.inst.set_input("%IW100", 5)
    plc.scan()
    assert plc.fault is None
    assert plc.inst.get_output("%QX7.7") is False
    assert plc.inst.get_output("%QW40") == 0
    assert plc.inst.get_output("%QD40") == 0


def test_memory_words_and_inputs_read_by_address(kit):
    src = kit.main("Level AT %MW4 : INT; Flag AT %MX1.2 : BOOL; Ready AT %IX0.3 : BOOL;",
                   "Level := Level + 5;\nFlag := Ready;")
    plc = kit.run(src, scans=0)
    plc.inst.set_input("%IX0.3", True)
    plc.scan(2)
    assert plc["%MW4"] == 10
    assert plc["%MX1.2"] is True
    assert plc["%IX0.3"] is True
    plc["%MW4"] = 100
    plc.scan()
    assert plc["Level"] == 105


def test_read_and_write_by_path(kit, cell):
    plc = kit.Plc(cell.instantiate())
    plc.inst.set_input("%IX0.0", True)
    plc.inst.set_input("%IX0.2", True)
    plc.scan(3)
    assert plc["JamTimer.ET"] == 10  # Motor TRUE from the second scan (t = 10)
    assert plc["jamtimer.et"] == 10
    assert plc["Counter.Count"] == 1
    assert plc["Bins[2].Parts"] == 1
    assert plc["Data[2,3]"] == 10
    assert plc["Data[2, 3]"] == 10
    assert plc["Label"] == "cell"
    plc["Bins[3].Busy"] = True
    plc["Label"] = "renamed"
    plc["Counter.Count"] = 41
    plc["Data[1,1]"] = -4
    plc.scan()
    assert plc["Bins[3].Busy"] is True
    assert plc["Label"] == "renamed"
    assert plc["Counter.Count"] == 41
    assert plc["Data[1,1]"] == -4
    assert plc["Ratio"] == 41 / 4


@pytest.mark.parametrize("path", ["NoSuchVar", "JamTimer.Nope", "Bins[9].Parts", "Data[1]", "Label.x"])
def test_unknown_paths_raise_key_error_with_a_clear_message(kit, cell, path):
    inst = cell.instantiate()
    inst.scan(0)
    with pytest.raises(KeyError) as info:
        inst.read(path)
    text = str(info.value)
    assert any(part.split("[")[0].lower() in text.lower() for part in path.split(".")), text
    with pytest.raises(KeyError):
        inst.write(path, 1)


def test_force_a_variable_so_the_program_cannot_overwrite_it(kit):
    src = kit.main("n : INT; copy : INT;", "n := n + 1;\ncopy := n;")
    plc = kit.run(src, scans=2)
    assert plc["n"] == 2
    plc.inst.force("n", 100)
    assert any(str(k).lower() == "n" for k in plc.inst.forced)
    plc.scan(3)
    assert plc["n"] == 100
    assert plc["copy"] == 101  # the program sees the forced value, its own write is undone after the scan
    plc.inst.unforce("n")
    assert not any(str(k).lower() == "n" for k in plc.inst.forced)
    plc.scan()
    assert plc["n"] == 101


def test_force_inputs_and_outputs_by_address(kit, cell):
    plc = kit.Plc(cell.instantiate())
    inst = plc.inst
    inst.force("%QX0.1", True)  # alarm lamp test from the panel
    inst.force("%IX0.0", True)  # start held by the operator
    inst.set_input("%IX0.0", False)  # the plant says otherwise: the force wins
    plc.scan(2)
    assert inst.get_output("%QX0.1") is True
    assert inst.get_output("%QX0.0") is True
    assert plc["Start"] is True
    inst.unforce("%QX0.1")
    inst.unforce("%IX0.0")
    inst.set_input("%IX0.1", True)
    plc.scan(2)
    assert inst.get_output("%QX0.1") is False
    assert inst.get_output("%QX0.0") is False


def test_force_a_fb_member(kit, cell):
    plc = kit.Plc(cell.instantiate())
    plc.inst.force("Counter.Count", 5)
    plc.scan(2)
    assert plc["Counter.Count"] == 5
    assert plc["Data[2,3]"] == 50  # the program computed with the forced value



def test_force_a_field_of_an_array_element_survives_the_program_copying_the_whole_array(kit):
    extra = "TYPE Slot : STRUCT part : INT; END_STRUCT; END_TYPE\n"
    decls = "shelf : ARRAY[1..2] OF Slot; incoming : ARRAY[1..2] OF Slot; seen : INT;"
    body = "seen := shelf[2].part;\nincoming[2].part := incoming[2].part + 1;\nshelf := incoming;"
    plc = kit.run(extra + kit.main(decls, body), scans=1)
    plc.inst.force("shelf[2].part", 42)
    plc.scan(3)
    assert plc["shelf[2].part"] == 42
    assert plc["seen"] == 42  # each scan starts with the forced value
    plc.inst.unforce("shelf[2].part")
    plc.scan()
    assert (plc["seen"], plc["shelf[2].part"]) == (42, 5)

def flatten(nodes, out=None):
    out = {} if out is None else out
    for node in nodes:
        out[node.path.lower()] = node
        flatten(node.children or [], out)
    return out


def test_variable_tree_for_watch_panels(kit, cell):
    plc = kit.Plc(cell.instantiate())
    plc.inst.set_input("%IX0.0", True)
    plc.scan(2)
    nodes = plc.inst.variables()
    top = {n.name.lower(): n for n in nodes}
    assert {"start", "motor", "state", "counter", "jamtimer", "bins", "data", "label", "ratio"} <= set(top)
    timer = top["jamtimer"]
    assert timer.type_name.upper() == "TON"
    children = {c.name.upper(): c for c in timer.children}
    assert {"IN", "PT", "Q", "ET"} <= set(children)
    assert children["PT"].value == 500
    assert children["ET"].path.lower() == "jamtimer.et"
    assert top["motor"].value is True
    assert top["motor"].address == "%QX0.0"
    assert str(top["state"].value).endswith("Running")  # enums are shown by name
    assert top["label"].value == "cell"
    flat = flatten(nodes)
    assert flat["bins[2].parts"].value == 0
    assert "data[2,3]" in {p.replace(" ", "") for p in flat}
    assert flat["counter.count"].type_name.upper() == "INT"


def test_io_addresses_map_every_located_variable(kit, cell):
    io = {a.upper(): p.lower() for a, p in cell.instantiate().io_addresses().items()}
    assert io["%IX0.0"] == "start"
    assert io["%IW2"] == "speed"
    assert io["%QX0.1"] == "alarm"
    assert io["%QD4"] == "total"
    assert io["%MW10"] == "scratch"


def test_direct_addresses_appear_in_io_addresses(kit):
    prog = kit.compile_ok(kit.main("x : INT;", "%QX0.3 := %IX1.1;\nx := %IW6;")).program
    io = {a.upper() for a in prog.instantiate().io_addresses()}
    assert {"%QX0.3", "%IX1.1", "%IW6"} <= io


def test_compile_once_instantiate_many_with_independent_state(kit, cell):
    a, b = kit.Plc(cell.instantiate()), kit.Plc(cell.instantiate())
    a.inst.set_input("%IW2", 3)
    b.inst.set_input("%IW2", 7)
    a.scan(5)
    b.scan(2)
    assert a["Total"] == 15 and b["Total"] == 14
    a["Label"] = "A"
    assert b["Label"] == "cell"
    a.inst.force("Scratch", 9)
    b.scan()
    assert b["Scratch"] == 3
    fresh = kit.Plc(cell.instantiate())
    assert fresh["Total"] == 0 and fresh["Label"] == "cell"


def test_timers_use_the_scan_time_not_the_wall_clock(kit):
    src = kit.main("T : TON;", "T(IN := TRUE, PT := T#1s);")
    inst = kit.compile_ok(src).program.instantiate()
    inst.scan(0)
    inst.scan(999)
    assert inst.read("T.Q") is False
    inst.scan(1000)
    assert inst.read("T.Q") is True and inst.read("T.ET") == 1000


IMAGE_PROGRAM = """
PROGRAM Main
VAR
    Run AT %IX0.0 : BOOL;
    Level AT %IW2 : INT;
    Flow AT %ID4 : REAL;
    Lamp AT %QX0.0 : BOOL;
    LevelOut AT %QW2 : INT;
    FlowOut AT %QD4 : REAL;
    z : INT;
END_VAR
    Lamp := Run;
    LevelOut := Level;
    FlowOut := Flow;
    IF Level = 99 THEN LevelOut := 1 / z; END_IF;
END_PROGRAM
"""


def test_every_spelling_of_an_address_keeps_reaching_the_same_point_scan_after_scan(kit):
    # the simulator repeats the same calls every scan: the second and later calls must behave as the first
    plc = kit.Plc(kit.compile_ok(IMAGE_PROGRAM).program.instantiate())
    inst = plc.inst
    spellings = [(True, "%IX0.0"), (False, "%i0.0"), (True, "%ix0.0"), (False, "%IX0.0")]
    for k, (run, spelling) in enumerate(spellings):
        inst.set_input(spelling, run)
        inst.set_input("%iw2", k)
        plc.scan()
        assert inst.get_output("%QX0.0") is run
        assert inst.get_output("%q0.0") is run
        assert inst.get_output("%qw2") == k == inst.get_output("%QW2")


def test_input_values_are_converted_on_every_call_not_only_the_first(kit):
    plc = kit.Plc(kit.compile_ok(IMAGE_PROGRAM).program.instantiate())
    inst = plc.inst
    for raw, stored in [(5, 5), (40000, -25536), (-32769, 32767), (True, 1), (7.9, 7)]:
        inst.set_input("%IW2", raw)
        plc.scan()
        assert inst.get_output("%QW2") == stored
    for raw in (0.1, 1, 2.5):
        inst.set_input("%ID4", raw)
        plc.scan()
        assert inst.get_output("%QD4") == struct.unpack("f", struct.pack("f", raw))[0]
    inst.set_input("%IX0.0", 1)
    plc.scan()
    assert inst.get_output("%QX0.0") is True
    for _ in range(2):
        with pytest.raises(ValueError, match="expected a INT value, got the text 'high'"):
            inst.set_input("%IW2", "high")


def test_unknown_addresses_stay_ignored_when_repeated_and_outputs_drop_after_a_fault(kit):
    plc = kit.Plc(kit.compile_ok(IMAGE_PROGRAM).program.instantiate())
    inst = plc.inst
    for _ in range(3):
        inst.set_input("%IX9.7", True)
        inst.set_input("%QX0.0", True)  # an output address is no input: ignored
        assert inst.get_output("%QX7.7") is False
        assert inst.get_output("%qw40") == 0
    inst.set_input("%IX0.0", True)
    inst.set_input("%IW2", 12)
    plc.scan()
    assert (inst.get_output("%QX0.0"), inst.get_output("%q0.0"), inst.get_output("%QW2")) == (True, True, 12)
    inst.set_input("%IW2", 99)
    plc.scan()
    assert plc.fault is not None and "division by zero" in plc.fault.message
    for _ in range(2):
        assert inst.get_output("%QX0.0") is False
        assert inst.get_output("%q0.0") is False
        assert inst.get_output("%QW2") == 0
        assert inst.get_output("%QX7.7") is False


def test_leading_zeros_in_an_address_name_the_same_point_as_in_the_program(kit):
    # the compiler reads %IW02 as %IW2; the process image and paths must agree
    plc = kit.Plc(kit.compile_ok(IMAGE_PROGRAM).program.instantiate())
    plc.inst.set_input("%iw02", 17)
    plc.inst.set_input("%IX00.0", True)
    plc.scan()
    assert plc.inst.get_output("%QW002") == 17 == plc["%IW02"]
    assert plc.inst.get_output("%qx0.00") is True
