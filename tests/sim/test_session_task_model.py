"""The task model's checks and look-ups, and the task registry."""

from __future__ import annotations

import dataclasses

import pytest

import tasks
from sim.task import IOPoint, OperatorAction, UnknownCondition, canonical_address
from tests.sim.minitask import TASK


def test_addresses_have_one_spelling():
    assert canonical_address("%i0.3") == "%IX0.3"
    assert canonical_address(" %qx1.7 ") == "%QX1.7"
    assert canonical_address("%iw04") == "%IW4"
    for bad in ("IX0.0", "%IW2.1", "%IX3", "%Z0.0"):
        with pytest.raises(ValueError):
            canonical_address(bad)


def test_io_point_refuses_a_type_or_direction_that_does_not_fit_its_address():
    with pytest.raises(ValueError, match="INT does not fit the address %IX0.0"):
        IOPoint("%IX0.0", "pos", "INT", "input", "d", "s", "m")
    with pytest.raises(ValueError, match="%QX0.0 cannot be an input"):
        IOPoint("%QX0.0", "run", "BOOL", "input", "d", "s", "m")
    with pytest.raises(ValueError, match="type 'FLOAT'"):
        IOPoint("%IW0", "x", "FLOAT", "input", "d", "s", "m")
    assert IOPoint("%i0.0", "b", "bool", "input", "d", "s", "m").address == "%IX0.0"


def test_task_refuses_duplicate_addresses_names_and_rule_ids():
    twice = [*TASK.io, dataclasses.replace(TASK.io[0], name="other")]
    with pytest.raises(ValueError, match="duplicate I/O address: %IX0.0"):
        dataclasses.replace(TASK, io=twice)
    with pytest.raises(ValueError, match="duplicate safety rule id: MOT-E99-S1"):
        dataclasses.replace(TASK, safety_rules=[*TASK.safety_rules, TASK.safety_rules[0]])
    with pytest.raises(ValueError, match="operator action 'push'"):
        OperatorAction(0.1, "push", "start")


def test_condition_by_name_or_number_and_a_clear_error_otherwise():
    assert TASK.condition("SLOW").name == "slow"
    assert TASK.condition(3).name == "jam"
    assert TASK.condition("1").name == "fast"
    names = "its conditions are 1=fast, 2=slow, 3=jam$"
    with pytest.raises(UnknownCondition, match="no condition 'hot'; " + names):
        TASK.condition("hot")


def test_io_point_by_name_or_any_spelling_of_its_address():
    assert TASK.io_point("Slide_Pos").address == "%IW2"
    assert TASK.io_point("%i0.1").name == "at_end"
    with pytest.raises(KeyError, match="no I/O point 'x'"):
        TASK.io_point("x")


def test_registry_lookup_is_case_insensitive_and_unknown_ids_list_the_valid_ones():
    found = tasks.all_tasks()
    if not found:
        pytest.skip("no task folders yet")
    first = found[0]
    assert tasks.get(first.id.lower()) is first
    assert tasks.get(first.id.replace("-", "_")) is first
    with pytest.raises(tasks.UnknownTask) as err:
        tasks.get("MAT-X99")
    assert str(err.value) == f"unknown task 'MAT-X99'; valid task ids: {', '.join(tasks.ids())}"


def test_every_task_folder_is_registered_in_suite_and_level_order():
    found = tasks.all_tasks()
    assert [t.id for t in found] == tasks.ids()
    order = {"E": 0, "M": 1, "H": 2}
    keys = [(t.suite, order[t.level], t.id) for t in found]
    assert keys == sorted(keys)
    for t in found:
        assert t.folder.name == t.id.lower().replace("-", "_")
        assert t.reference_path == t.folder / "reference.st"
