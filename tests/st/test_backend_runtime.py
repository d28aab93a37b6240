"""Runtime internals: process image timing, value coercion at the boundary, paths, forcing,
the watch tree, the CLI value formats and compile_file's error handling."""

from __future__ import annotations

import json

import pytest

import st
from st.cli import check_command, run_program_command

SRC = """TYPE Mode : (Idle, Run, Fault); END_TYPE
TYPE Cell : STRUCT busy : BOOL; parts : INT; END_STRUCT; END_TYPE
PROGRAM Main
VAR
    start AT %IX0.0 : BOOL;
    speed AT %IW2 : INT;
    lamp AT %QX0.1 : BOOL;
    level AT %QW4 : WORD;
    mode : Mode;
    cells : ARRAY[1..3] OF Cell;
    grid : ARRAY[0..1, 1..2] OF SINT;
    ratio : REAL;
    name : STRING[4] := 'abc';
    flags : BYTE;
END_VAR
    lamp := start;
    level := speed * 2;
    %QX1.0 := %IX1.0;
    IF start THEN mode := Run; END_IF;
    cells[2].parts := cells[2].parts + 1;
    ratio := INT_TO_REAL(speed) / 3.0;
    grid[1, 2] := grid[1, 2] + 1;
END_PROGRAM
"""


@pytest.fixture
def inst():
    comp = st.compile_source(SRC, "rt.st")
    assert comp.ok, comp.format_diagnostics()
    return comp.program.instantiate()


def test_inputs_are_copied_at_scan_start_and_outputs_at_scan_end(inst):
    inst.set_input("%IX0.0", True)
    assert inst.read("start") is False  # not before the next scan
    assert inst.get_output("%QX0.1") is False
    inst.scan(0)
    assert inst.read("start") is True and inst.get_output("%QX0.1") is True
    inst.write("lamp", False)  # a write between scans reaches the image only at the next scan end
    assert inst.get_output("%QX0.1") is True


def test_input_values_are_coerced_to_the_variable_type(inst):
    inst.set_input("%IW2", 40000)  # wraps like the INT it feeds
    inst.set_input("%ix1.0", 1)
    inst.scan(0)
    assert inst.read("speed") == 40000 - 65536
    assert inst.get_output("%QW4") == (2 * (40000 - 65536)) & 0xFFFF
    assert inst.get_output("%QX1.0") is True
    assert inst.read("ratio") == pytest.approx((40000 - 65536) / 3, rel=1e-6)


def test_io_addresses_include_direct_addresses(inst):
    io = inst.io_addresses()
    assert io["%IX0.0"] == "start" and io["%QW4"] == "level"
    assert "%IX1.0" in io and "%QX1.0" in io


def test_paths_read_and_write_nested_values(inst):
    inst.scan(0)
    assert inst.read("Cells[2].Parts") == 1
    inst.write("cells[2].parts", 40)
    inst.write("GRID[1,2]", 127)
    inst.scan(10)
    assert inst.read("cells[2].parts") == 41
    assert inst.read("grid[1, 2]") == -128  # SINT wraps
    inst.write("flags.3", True)
    assert inst.read("flags") == 8 and inst.read("flags.3") is True
    inst.write("name", "abcdefgh")
    assert inst.read("name") == "abcd"  # STRING[4]
    inst.write("mode", "Fault")
    assert inst.read("mode") == 2


@pytest.mark.parametrize(
    "path, words",
    [
        ("nmae", "did you mean 'name'"),
        ("cells[4].busy", "index 4 out of range 1..3"),
        ("cells[1].nope", "no field 'nope'"),
        ("grid[1]", "needs 2 index"),
        ("ratio.x", "no member 'x'"),
        ("%QX9.9", "no variable at address %QX9.9"),
        ("cells[", "missing ']'"),
    ],
)
def test_bad_paths_say_what_is_wrong(inst, path, words):
    with pytest.raises(KeyError) as info:
        inst.read(path)
    assert words in str(info.value)


def test_bad_values_are_value_errors(inst):
    with pytest.raises(ValueError, match="not a value of Mode"):
        inst.write("mode", "Flying")
    with pytest.raises(ValueError, match="INT"):
        inst.write("speed", "fast")


def test_force_by_address_and_unforce(inst):
    inst.force("%IX0.0", True)
    inst.set_input("%IX0.0", False)
    inst.scan(0)
    assert inst.read("start") is True and inst.get_output("%QX0.1") is True
    inst.force("lamp", False)
    inst.scan(10)
    assert inst.get_output("%QX0.1") is False
    assert set(inst.forced) == {"%IX0.0", "lamp"}
    inst.unforce("lamp")
    inst.unforce("%IX0.0")
    inst.scan(20)
    assert inst.get_output("%QX0.1") is False and inst.forced == {}


def test_variable_tree_shows_structure_enums_by_name_and_addresses(inst):
    inst.set_input("%IX0.0", True)
    inst.scan(0)
    tree = {n.name: n for n in inst.variables()}
    assert tree["mode"].value == "Run" and tree["mode"].type_name == "Mode"
    assert tree["start"].address == "%IX0.0"
    cells = tree["cells"]
    assert [c.path for c in cells.children] == ["cells[1]", "cells[2]", "cells[3]"]
    assert cells.children[1].children[1].path == "cells[2].parts"
    assert cells.children[1].children[1].value == 1
    assert [c.name for c in tree["grid"].children] == ["[0,1]", "[0,2]", "[1,1]", "[1,2]"]


def test_fault_drops_outputs_and_stops_scanning():
    src = (
        "PROGRAM Main\nVAR q AT %QX0.0 : BOOL; n : INT; z : INT; END_VAR\n q := TRUE;\n n := n + 1;\n"
        " IF n = 3 THEN n := n / z; END_IF;\nEND_PROGRAM\n"
    )
    inst = st.compile_source(src, "f.st").program.instantiate()
    inst.scan(0)
    assert inst.get_output("%QX0.0") is True
    inst.scan(10)
    inst.scan(20)
    assert inst.fault is not None and inst.fault.line == 5
    assert inst.get_output("%QX0.0") is False
    inst.scan(30)
    assert inst.read("n") == 3


def test_compile_file_errors_are_diagnostics(tmp_path):
    missing = st.compile_file(tmp_path / "none.st")
    assert not missing.ok and "file not found" in missing.diagnostics[0].message
    bad = tmp_path / "bad.st"
    bad.write_bytes(b"PROGRAM M \xff\xfe END_PROGRAM")
    comp = st.compile_file(bad)
    assert not comp.ok and "UTF-8" in comp.diagnostics[0].message
    assert not st.compile_file(tmp_path).ok


def test_compile_source_never_raises_on_odd_input():
    for text in ["", "\x00", "PROGRAM", "PROGRAM Main END_PROGRAM", b"\xff", None, "(*" * 5000]:
        comp = st.compile_source(text, "odd.st")
        assert isinstance(comp.ok, bool)


def test_cli_json_values_and_check_summary(tmp_path, capsys):
    path = tmp_path / "p.st"
    path.write_text(SRC)
    assert run_program_command(str(path), 2, "mode,ratio,name,cells[2].parts,%QX0.1", "-", scan_ms=10) == 0
    data = json.loads(capsys.readouterr().out)
    assert data == {"mode": "Idle", "ratio": 0.0, "name": "abc", "cells[2].parts": 2, "%QX0.1": False}
    assert run_program_command(str(path), 1, "nmae", "-", scan_ms=10) == 1
    assert "did you mean 'name'" in capsys.readouterr().err
    assert check_command(str(path)) == 0
    assert "rt.st" not in capsys.readouterr().err


def test_cli_json_spells_non_finite_reals_and_stays_valid_json(tmp_path, capsys):
    path = tmp_path / "inf.st"
    path.write_text(
        "PROGRAM Main\nVAR z : REAL; up : REAL; nan : REAL; END_VAR\n"
        " up := 1.0 / z;\n nan := z / z;\nEND_PROGRAM\n"
    )
    assert run_program_command(str(path), 1, "up,nan", "-", scan_ms=10) == 0
    out = capsys.readouterr().out
    assert json.loads(out) == {"up": "INF", "nan": "NaN"}
    assert "Infinity" not in out
