"""The scheduled host word alone (no task): values written at their times, counted by index."""

from __future__ import annotations

from sim.devices.host_word import FixedWord, ScheduledWord, host_word
from sim.plant import Plant, direct_reader


def test_the_word_takes_each_value_at_its_time_and_counts_them():
    plant = Plant(seed=1, substeps=1)
    w = plant.add(ScheduledWord("sp", 0, [(0.05, 800), (0.12, -400)]))
    seen = []
    for _ in range(20):
        plant.step()
        seen.append((w.read("value"), w.index))
    assert seen[3] == (0, 0) and seen[4] == (800, 1)       # written in the step that reaches 0.05 s
    assert seen[10] == (800, 1) and seen[11] == (-400, 2)
    assert w.changed_at == 0.12


def test_equal_orders_are_still_told_apart_by_index():
    plant = Plant(seed=1, substeps=1)
    w = plant.add(ScheduledWord("sp", 0, [(0.01, 500), (0.03, 500)]))
    for _ in range(5):
        plant.step()
    assert w.read("value") == 500 and w.index == 2


def test_a_word_without_orders_to_come_is_fixed_and_read_as_it_is():
    plant = Plant(seed=1, substeps=1)
    fixed = plant.add(host_word("recipe", 120, (), label="recipe A", units="g"))
    sched = plant.add(host_word("order", 0, [(0.02, 7)]))
    assert type(fixed) is FixedWord and type(sched) is ScheduledWord
    for _ in range(5):
        plant.step()
    assert fixed.read("value") == 120 and sched.read("value") == 7
    assert fixed.state()["display"] == "120 g"
    # the I/O transfer reads both words' value as an attribute, without a call to read
    assert direct_reader(fixed, "value")() == 120 and direct_reader(sched, "value")() == 7
