"""The closed-loop benchmark reports figures it measured (speed is measured there, never asserted)."""

from __future__ import annotations

import pytest

import tasks
from bench import loop_bench
from sim.session import Session


def test_a_task_row_has_both_loops_their_ratio_and_the_reference_verdict():
    task = tasks.get("MAT-E01")
    row = loop_bench.measure(task, repeat=1)
    assert row["error"] is None and row["strayed"] is None
    assert row["passed"] == f"{len(task.conditions)}/{len(task.conditions)}"
    assert row["closed_sps"] > 0 and row["alone_sps"] > 0 and row["realtime_wall"] > 0
    assert row["ratio"] == pytest.approx(row["alone_sps"] / row["closed_sps"])
    assert row["realtime"] == pytest.approx(row["closed_sps"] / 100)   # 10 ms of plant time per scan


def test_the_plant_alone_replays_the_reference_outputs_and_moves_as_the_closed_loop_did():
    task = tasks.get("MAT-E01")
    program, error = loop_bench._compile_reference(task)
    assert error is None
    cond = task.conditions[0]
    closed = Session(task, cond, program.instantiate())
    assert closed.run_to_end().passed
    replay = Session(task, cond, loop_bench.ReplayController(task, closed.trace.rows))
    replay.run(closed.scan_index)
    # the same parts delivered, by the played-back outputs alone: the plant did the same work
    assert replay.verdict.passed and replay.trace.rows == closed.trace.rows
    idle = Session(task, cond, loop_bench.NothingController())
    idle.run(closed.scan_index)
    assert not idle.verdict.passed and idle.trace.rows != closed.trace.rows


def test_unknown_task_is_a_usage_error_naming_the_valid_ids(capsys):
    assert loop_bench.main(["--task", "NOPE-X1"]) == 2
    out = capsys.readouterr().out
    assert "NOPE-X1" in out and "MAT-E01" in out


def test_table_names_the_measure_and_the_load(capsys):
    loop_bench.main(["--task", "MAT-E01", "--repeat", "1"])
    out = capsys.readouterr().out
    assert "CPU time of one core" in out and "load average" in out and "MAT-E01" in out
