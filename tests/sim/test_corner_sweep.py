"""The corner sweep grades the most extreme of the sampler's own draws (bench.corners)."""

from __future__ import annotations

import pytest

import tasks
from bench import corners


def test_extremeness_is_0_in_the_middle_and_1_at_the_ends_or_at_the_chosen_end():
    task = tasks.get("MAT-H03")   # lane_speed 200..600 mm/s
    other = {"first_a_s": 20.0, "first_b_s": 20.0}   # first_s 0..40: its middle
    score = lambda speed, toward=None: corners.extremeness(task, {"lane_speed": speed, **other}, toward)  # noqa: E731
    assert score(400) == pytest.approx(0.0)
    assert score(200) == pytest.approx(0.5) and score(600) == pytest.approx(0.5)   # 1 and 0 averaged
    assert score(200, {"lane_speed": "low"}) == pytest.approx(0.5)
    assert score(600, {"lane_speed": "low"}) == pytest.approx(0.0)
    assert score(400, {"lane_speed": "low"}) == pytest.approx(0.25)


def test_the_kept_conditions_are_the_samplers_own_draws_most_extreme_first_chosen():
    task = tasks.get("MAT-H03")
    drawn = task.sample(300, 5)
    kept = corners.extreme_conditions(task, 300, 20, 5, {"lane_speed": "low"})
    assert len(kept) == 20
    by_name = {c.name: c for c in drawn}
    assert all(c.params == by_name[c.name].params and c.seed == by_name[c.name].seed for c in kept)
    scores = sorted((corners.extremeness(task, c.params, {"lane_speed": "low"}) for c in drawn), reverse=True)
    assert min(corners.extremeness(task, c.params, {"lane_speed": "low"}) for c in kept) == scores[19]


def test_a_bad_end_or_parameter_is_a_usage_error_naming_the_choices(capsys):
    with pytest.raises(SystemExit) as exc:
        corners.main(["--task", "MAT-H03", "--toward", "speed=slow"])
    assert exc.value.code == 2
    assert "lane_speed" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exc:
        corners.main(["--task", "NOPE-X1"])
    assert exc.value.code == 2
    assert "MAT-H03" in capsys.readouterr().err
