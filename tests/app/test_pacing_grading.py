"""Frame pacing and background grading, without a window."""

import st
from app.grading import ConditionGrades
from app.pacing import FramePacer
from tests.app.fakes import BELT_PROGRAM, belt_task


def test_paused_the_window_stops_drawing_once_the_last_input_settled():
    p = FramePacer(now=0.0)
    assert p.should_draw(0.1, busy=False)          # the first frames lay the window out
    assert not p.should_draw(1.0, busy=False)      # nothing moves: no frame
    p.input(2.0)                                   # the mouse moved
    assert p.should_draw(2.0 + FramePacer.SETTLE_S / 2, busy=False)
    assert not p.should_draw(2.0 + FramePacer.SETTLE_S + 0.01, busy=False)
    assert p.should_draw(10.0, busy=True)          # running: every frame
    assert p.frames_skipped == 2


def _program(text=BELT_PROGRAM):
    comp = st.compile_source(text, filename="belt.st")
    assert comp.ok
    return comp.program


def test_grade_all_conditions_fills_every_verdict_in_slices():
    task = belt_task()
    ticks = iter(range(10**6))
    grades = ConditionGrades(task, _program())
    grades.start()
    calls = 0
    while grades.busy:
        grades.work(2, clock=lambda: next(ticks))  # one slice of 64 scans per call
        calls += 1
    assert calls > len(task.conditions)
    assert grades.results == {c.name: ("passed", "PASSED") for c in task.conditions}


def test_a_failing_program_is_failed_with_the_rule_it_broke():
    grades = ConditionGrades(belt_task(), _program(BELT_PROGRAM.replace("Motor := NOT PartAtEye;",
                                                                         "Motor := TRUE;")))
    grades.start()
    while grades.busy:
        grades.work(1.0)
    level, text = grades.results["c1"]
    assert level == "failed" and "BELT-S1" in text


def test_the_file_browser_lists_folders_then_st_files(tmp_path):
    from app.files import FileBrowser

    (tmp_path / "sub").mkdir()
    (tmp_path / "b.st").write_text("")
    (tmp_path / "A.ST").write_text("")
    (tmp_path / "notes.txt").write_text("")
    (tmp_path / ".hidden.st").write_text("")
    fb = FileBrowser(tmp_path / "b.st")   # a file's folder
    assert fb.entries() == [("sub", True), ("A.ST", False), ("b.st", False)]
    fb.show_all = True
    assert ("notes.txt", False) in fb.entries()
    assert fb.open("sub") is None and fb.folder == (tmp_path / "sub").resolve()
    fb.up()
    assert fb.open("b.st") == str((tmp_path / "b.st").resolve())
