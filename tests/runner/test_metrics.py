"""The leaderboard metrics on a hand-made set of results whose pass@1, pass@3, SR, SVR and execution
gap are worked out by hand (README "Benchmark metrics")."""

from fractions import Fraction

import pytest

from runner.metrics import summarize


def cond(success: bool, safe: bool = True) -> dict:
    return {"success": success, "safe": safe}


def trial(status: str, reward, *conditions) -> dict:
    return {"status": status, "reward": reward, "conditions": list(conditions)}


# A (MAT E, 2 conditions): passed; failed only on safety (both conditions reached success); missing
A = {"task": "A", "suite": "MAT", "level": "E", "conditions_total": 2, "trials": [
    trial("graded", 1, cond(True), cond(True)),
    trial("graded", 0, cond(True), cond(True, safe=False)),
    trial("missing", 0),
]}
# B (MOT H, 2 conditions): does not compile; one condition reached; nothing reached, one violation
B = {"task": "B", "suite": "MOT", "level": "H", "conditions_total": 2, "trials": [
    trial("compile error", 0),
    trial("graded", 0, cond(False), cond(True)),
    trial("graded", 0, cond(False, safe=False), cond(False)),
]}
# C (MOT H, 1 condition): passed three times
C = {"task": "C", "suite": "MOT", "level": "H", "conditions_total": 1, "trials": [
    trial("graded", 1, cond(True)), trial("graded", 1, cond(True)), trial("graded", 1, cond(True)),
]}
# D (MAT M): interrupted before its one trial finished: counts nowhere
D = {"task": "D", "suite": "MAT", "level": "M", "conditions_total": 3, "trials": [
    trial("not finished", None, cond(True)),
]}


def rows():
    return {r["group"]: r for r in summarize([A, B, C, D], k=3)}


def close(value, fraction) -> bool:
    return value == pytest.approx(float(fraction))


def test_overall_metrics_match_the_hand_count():
    all_ = rows()["all"]
    assert all_["tasks"] == 3 and all_["trials"] == 9 and all_["k"] == 3
    assert close(all_["pass@1"], (Fraction(1, 3) + 0 + 1) / 3)       # mean over tasks of mean reward
    assert close(all_["pass@k"], Fraction(2, 3))                      # A and C have a passing trial
    assert close(all_["SR"], Fraction(4 + 1 + 3, 6 + 6 + 3))          # missing/non-compiling: all fail
    assert close(all_["SVR"], Fraction(2, 11))                        # of the 11 executed runs
    assert close(all_["execution_gap"], Fraction(3, 7))               # 7 compiled, 3 still earn 0


def test_per_suite_and_level_rows():
    r = rows()
    assert list(r) == ["MAT", "MOT", "E", "M", "H", "all"]
    mot, h = r["MOT"], r["H"]
    for row in (mot, h):
        assert row["tasks"] == 2
        assert close(row["pass@1"], Fraction(1, 2)) and close(row["pass@k"], Fraction(1, 2))
        assert close(row["SR"], Fraction(4, 9)) and close(row["SVR"], Fraction(1, 7))
        assert close(row["execution_gap"], Fraction(2, 5))
    mat = r["MAT"]
    assert mat["tasks"] == 1
    assert close(mat["pass@1"], Fraction(1, 3)) and mat["pass@k"] == 1
    assert close(mat["SR"], Fraction(4, 6)) and close(mat["SVR"], Fraction(1, 4))
    assert close(mat["execution_gap"], Fraction(1, 2))
    assert r["M"]["tasks"] == 0 and r["M"]["pass@1"] is None     # D is not finished


def test_nothing_compiled_has_no_execution_gap():
    only_missing = {**A, "trials": [trial("missing", 0)]}
    row = summarize([only_missing], k=1)[-1]
    assert row["pass@1"] == 0 and row["SR"] == 0
    assert row["SVR"] is None and row["execution_gap"] is None
