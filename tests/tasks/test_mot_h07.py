"""MOT-H07 Three-section web line: why its cheap programs fail, condition by condition (graded
once per session through kit.graded, shared with the battery). The reference, idle, blind,
token-blind and rule counterexamples: test_task_battery.py."""

from __future__ import annotations

import tasks

TASK = tasks.get("MOT-H07")


def verdicts(report):
    return {c.name: (c.passed, tuple(c.violated_rules)) for c in report.conditions}


def test_the_blind_written_program_jolts_the_line_at_its_stop_and_threads_up_too_slowly(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/blind_written.st"))
    assert not any(ok for ok, _ in result.values())
    assert "MOT-H07-S3" in result["nominal"][1]
    assert "MOT-H07-S5" in result["slow_line_far_diameters"][1]


def test_a_web_break_must_stop_every_roll_within_2_s(kit):
    result = verdicts(kit.graded(TASK, "counterexamples/MOT-H07-S2.st"))
    assert result["web_break"] == (False, ("MOT-H07-S2",))
    assert all(ok for name, (ok, _) in result.items() if name != "web_break")


def test_the_registered_stop_points_played_back_pass_only_the_registered(kit):
    assert kit.graded(TASK, "tuned/lookup_table.st").reward == 1


def test_prompt_states_every_rule_and_address(kit):
    text = kit.prompt_states_everything(TASK)
    assert "0.1 m/min" in text and "Re-thread" in text and "nip 2's trim" in text


def test_sampled_conditions_draw_a_splice_or_a_break_and_spread_the_gains():
    drawn = TASK.sample(40, seed=3)
    assert any(c.params["break_at_m"] for c in drawn) and any(c.params["splice_at_m"] for c in drawn)
    gains = [g for c in drawn for g in c.params["gains"]]
    assert min(gains) < 50 and max(gains) > 100
    for c in drawn:
        p = c.params
        assert 100 <= p["line_mpm"] <= 400 and max(60, 0.3 * p["line_mpm"]) - 1 <= p["length_m"] <= 240
        for at in (p["break_at_m"], p["splice_at_m"]):
            assert at is None or 0.3 * p["length_m"] <= at <= 0.7 * p["length_m"]
