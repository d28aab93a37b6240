"""File > Export trace, driven through the debugger model: the run so far as <condition>.vcd / .csv,
the same signals as `--trace`, checked against the session's own record (and the grader's)."""

from __future__ import annotations

import csv

from vcdvcd import VCDVCD

import tasks
from app.debugger import Debugger
from sim.verifier import grade

TASK = tasks.get("MAT-E01")
S2 = (TASK.folder / "counterexamples" / "MAT-E01-S2.st").read_text()


def test_export_writes_the_run_so_far_with_rules_io_and_plotted_variables(tmp_path):
    import st

    d = Debugger(TASK, S2, "s2.st", "late_slow_grip")
    d.break_on_violation = False
    assert d.add_plot("PartSecured") is None
    d.run_to_scan(299)
    assert d.scans_done == 300
    paths = d.export_trace(str(tmp_path / "out"))
    assert paths is not None and "written" in d.message
    graded = grade(TASK, st.compile_source(S2).program.instantiate,
                   conditions=[TASK.condition("late_slow_grip")], isolate=False).conditions[0]
    k = graded.first_violation.scan          # the grader's violation scan, before 300
    vcd = VCDVCD(paths[0])
    rule = vcd["MAT_E01.safety.MAT-E01-S2"]
    assert rule[(k - 1) * 10] == "0" and rule[k * 10] == "1"
    lamp = vcd["MAT_E01.secured_lamp.part_secured"]
    for scan in (0, k - 1, k, 299):
        assert lamp[scan * 10] == str(int(d.session.trace.value("part_secured", scan)))
        assert vcd["MAT_E01.program.PartSecured"][scan * 10] == lamp[scan * 10]
    rows = list(csv.DictReader(open(paths[1])))
    assert len(rows) == 300 and rows[-1]["time_ms"] == "2990"


def test_after_a_rewind_the_export_holds_the_scans_up_to_the_current_one(tmp_path):
    d = Debugger(TASK, S2, "s2.st", "late_slow_grip")
    d.break_on_violation = False
    d.run_to_scan(299)
    d.run_to_scan(99)   # back in time: the run is re-simulated to scan 99
    paths = d.export_trace(str(tmp_path))
    rows = list(csv.DictReader(open(paths[1])))
    assert len(rows) == 100
    assert all(r["safety.MAT-E01-S2"] == "0" for r in rows)   # the violation comes later


def test_export_to_a_file_path_is_refused_with_a_message(tmp_path):
    (tmp_path / "f").write_text("x")
    d = Debugger(TASK, S2, "s2.st")
    assert d.export_trace(str(tmp_path / "f")) is None
    assert "it is a file, not a folder" in d.message


def test_a_program_that_does_not_compile_has_nothing_to_export(tmp_path):
    d = Debugger(TASK, "PROGRAM broken", "bad.st")
    assert d.export_trace(str(tmp_path)) is None
    assert "nothing to export" in d.message
