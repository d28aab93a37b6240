"""Under `make test` (pytest -n auto --dist loadgroup) every test of one task must run on one
worker, so kit.graded grades each program once. Grouping fails silently when pytest and
pytest-xdist disagree (pytest 9.2 with xdist 3.8 did): this test makes that loud."""

import pytest

import tasks

TASK = tasks.all_tasks()[0]


@pytest.mark.parametrize("task", [TASK], ids=lambda t: t.id)
def test_a_task_test_carries_its_task_group(task, request):
    marks = [m.args[0] for m in request.node.iter_markers("xdist_group")]
    assert marks == [task.id]
    if getattr(request.config.option, "loadgroup", False):    # a worker of --dist loadgroup
        assert request.node.nodeid.endswith(f"@{task.id}"), request.node.nodeid
