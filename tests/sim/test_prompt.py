"""The prompt comes from the task data the grader uses, and never shows hidden values."""

from __future__ import annotations

import re

import tasks
from sim.prompt import render_prompt
from tests.sim.minitask import TASK


def test_every_io_point_appears_as_a_table_row_with_its_exact_address():
    text = render_prompt(TASK)
    for p in TASK.io:
        row = f"| `{p.address}` | `{p.name}` | {p.type} | {p.direction} | {p.device} | {p.meaning} |"
        assert row in text
        assert f"{p.name} AT {p.address} : {p.type};" in re.sub(r" +", " ", text)
    assert "| `%IW2` | `slide_pos` | INT | input | slide | slide position | mm | 0..50 |" in text


def test_every_rule_appears_with_its_id_and_exact_wording():
    text = render_prompt(TASK)
    for rule in TASK.safety_rules:
        assert f"- **{rule.id}**: {rule.wording}" in text
    assert TASK.completion.wording in text
    assert TASK.specification in text


def test_limits_and_published_ranges_appear():
    text = render_prompt(TASK)
    assert "time limit of 5 s" in text and "running for 1 s more" in text
    assert "| speed | 40 .. 100 | mm/s | slide speed |" in text
    assert "graded on 3 hidden conditions" in text
    assert "exactly one `PROGRAM ... END_PROGRAM`" in text and "10 ms scan" in text


def test_hidden_condition_values_and_names_never_appear():
    text = render_prompt(TASK)
    assert "73" not in text               # the jam condition's hidden speed
    for c in TASK.conditions:
        assert c.description not in text
        assert f"`{c.name}`" not in text and f" {c.name} condition" not in text


def test_prompt_follows_the_data_when_it_changes():
    import dataclasses

    from sim.task import SafetyRule

    extra = SafetyRule("MOT-E99-S3", "Keep the lamp off before Start.", lambda s: None)
    changed = dataclasses.replace(TASK, safety_rules=[*TASK.safety_rules, extra], time_limit_s=7.5)
    text = render_prompt(changed)
    assert "- **MOT-E99-S3**: Keep the lamp off before Start." in text
    assert "time limit of 7.5 s" in text


def test_every_registered_task_renders_its_own_addresses_and_rules():
    for task in tasks.all_tasks():
        text = render_prompt(task)
        for p in task.io:
            assert f"`{p.address}`" in text
        for rule in task.safety_rules:
            assert f"**{rule.id}**: {rule.wording.strip()}" in text


def test_submission_rules_state_the_dialect_points_from_the_semantics_table():
    from pathlib import Path

    import st.semantics as sem
    from runner.prompt import task_prompt

    assert "dialect points" not in render_prompt(TASK)   # sim knows no language: the wiring adds it
    text = task_prompt(TASK)
    rules = text[text.index("## Submission rules"):]
    doc = (Path(__file__).resolve().parents[2] / "docs" / "st-semantics.md").read_text()
    points = {r.prompt: r for r in sem.prompt_rules()}
    assert set(points) == {
        "integer division truncates toward zero", "F_TRIG's first call",
        "timers run on plant time: 10 ms per scan", "not supported", "VAR_IN_OUT is passed by reference",
        "AND and OR: the right operand is skipped once the left decides, except calls of user POUs",
    }
    for r in points.values():
        assert sem.prompt_line(r) in rules              # the prompt states it ...
        assert f"| {r.rule} | {r.example} | {r.result} |" in doc  # ... with the document's own words
    assert "`-7 / 2` gives `-3`" in rules
    assert "F_TRIG does not pulse on its first call with CLK = FALSE" in rules


def test_every_sync_axis_setpoint_states_how_the_drive_takes_its_word():
    # A fault reset references the setpoint word again, as enable does: a program that writes
    # absolute positions must be told, or it loses its coordinates after its first reset.
    from sim.devices.sync_axis import SETPOINT_RULE, SyncAxis

    checked = 0
    for task in tasks.all_tasks():
        devices = task.build_plant(task.conditions[0]).devices
        for p in task.io:
            if p.signal == "setpoint" and isinstance(devices.get(p.device), SyncAxis):
                assert SETPOINT_RULE in p.meaning, f"{task.id} {p.name}"
                checked += 1
    assert checked >= 10   # nine tasks drive such axes, MOT-H03 two of them
