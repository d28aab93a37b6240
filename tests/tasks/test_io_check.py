"""The grader's I/O map check: a program's located variables against the task's I/O map."""

from types import SimpleNamespace

import st
import tasks
from sim.task import IOPoint
from tasks.io_check import io_map_warnings, located_variables


def test_matching_program_gets_no_warning():
    task = tasks.get("MOT-E01")
    located = {p.address: (p.name, p.type) for p in task.io}
    assert io_map_warnings(task, located) == []


def test_same_size_integer_types_are_accepted_and_other_sizes_warned():
    task = tasks.get("MOT-E01")
    word = next(p for p in task.io if p.address.startswith("%IW"))
    assert io_map_warnings(task, {word.address: ("pos", "UINT")}) == []
    [warning] = io_map_warnings(task, {word.address: ("pos", "REAL")})
    assert f"pos AT {word.address} is declared REAL, but the task's {word.name}" in warning


def test_unknown_address_lists_the_task_addresses_and_memory_is_the_programs_own():
    task = tasks.get("MAT-E01")
    [warning] = io_map_warnings(task, {"%IX3.0": ("x", "BOOL"), "%MW0": ("m", "INT")})
    assert warning.startswith("x AT %IX3.0: the task wires nothing to %IX3.0 (its inputs are %IX0.0")


def test_real_where_the_task_wires_a_dint_compiles_and_is_warned():
    # the compiler takes DINT, UDINT, DWORD and REAL on a double-word address: only the I/O map
    # check knows the task's counter there is an integer
    task = SimpleNamespace(io=(IOPoint("%ID4", "parts_counted", "DINT", "input", "counter", "count",
                                       "parts counted since power-up"),))
    source = ("PROGRAM P\nVAR\n  counted AT %ID4 : {type};\nEND_VAR\n"
              "counted := counted;\nEND_PROGRAM\n")
    for type_name in ("DINT", "UDINT", "DWORD"):
        comp = st.compile_source(source.format(type=type_name))
        assert comp.ok, comp.format_diagnostics()
        assert io_map_warnings(task, located_variables(comp.program.instantiate())) == []
    comp = st.compile_source(source.format(type="REAL"))
    assert comp.ok, comp.format_diagnostics()
    assert io_map_warnings(task, located_variables(comp.program.instantiate())) == [
        "counted AT %ID4 is declared REAL, but the task's parts_counted at %ID4 is DINT"]
