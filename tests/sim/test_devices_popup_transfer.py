"""The pop-up chain transfer (sim/devices/popup_transfer.py) across a belt, alone in a small plant."""

from __future__ import annotations

import pytest

from sim.devices.chute import Chute
from sim.devices.conveyor import Conveyor
from sim.devices.popup_transfer import PopUpTransfer
from sim.devices.workpiece import Workpiece
from sim.plant import Plant


def cell(lift_s=0.4, chain_speed=250.0, start_up=False, part_at=None):
    plant = Plant(seed=1, substeps=1)
    belt = plant.add(Conveyor("belt", 500, 0, length=1000, width=100, speed=200,
                              guide_gaps=(("left", 545, 655),)))
    part = None
    if part_at is not None:
        part = plant.add(Workpiece("p0", *belt.point(part_at), width=50, length=50))
    xfer = plant.add(PopUpTransfer.on(belt, "xfer", 600, lift_s=lift_s, chain_speed=chain_speed,
                                      start_up=start_up))
    lane = plant.add(Chute("lane", 545, 52, 655, 400))
    return plant, belt, xfer, lane, part


def run(plant, seconds):
    for _ in range(round(seconds * 100)):
        plant.step()


@pytest.mark.parametrize("lift_s", [0.2, 1.0])
def test_the_lift_takes_its_time_and_the_end_switches_close_only_at_the_ends(lift_s):
    plant, _, xfer, _, _ = cell(lift_s=lift_s)
    assert xfer.read("down") and not xfer.read("up")
    xfer.write("lift", True)
    plant.step()
    assert not xfer.read("down") and not xfer.read("up")
    scans = 1
    while not xfer.read("up"):
        plant.step()
        scans += 1
    assert scans * 0.01 == pytest.approx(lift_s, abs=0.011)
    xfer.write("lift", False)
    run(plant, lift_s + 0.02)
    assert xfer.read("down")


def test_a_centred_part_is_lifted_carried_across_into_the_lane_and_the_offset_is_logged():
    plant, belt, xfer, lane, part = cell(part_at=605)
    xfer.write("lift", True)
    run(plant, 0.45)
    assert xfer.carrying == [part] and xfer.lifts[0][1] == {"p0": pytest.approx(5.0)}
    belt.write("run", True)                      # the belt no longer drives a lifted part
    run(plant, 0.2)
    assert part.x == pytest.approx(605.0)
    belt.write("run", False)
    xfer.write("chain", True)
    run(plant, 0.5)                              # 50 mm at 250 mm/s, then into the lane
    assert lane.collected and not xfer.carrying
    assert not xfer.carried_onto


def test_chains_do_nothing_until_the_transfer_is_fully_up():
    plant, _, xfer, lane, part = cell(lift_s=1.0, part_at=600)
    xfer.write("chain", True)
    xfer.write("lift", True)
    run(plant, 0.8)                              # lifted (above half way) but not up: no carrying
    assert xfer.carrying == [part] and part.y == pytest.approx(0.0)
    run(plant, 0.5)
    assert lane.collected


def test_lowering_sets_a_carried_part_back_onto_the_belt():
    plant, belt, xfer, _, part = cell(part_at=600)
    xfer.write("lift", True)
    run(plant, 0.5)
    xfer.write("lift", False)
    run(plant, 0.5)
    assert not xfer.carrying and part.holder is None
    belt.write("run", True)
    run(plant, 0.5)
    assert part.x > 650


def test_lifted_again_before_it_was_down_it_takes_the_part_that_came_over_it_meanwhile():
    # the chains never went under the belt: a part that came over them lies on them, so the
    # chains carry it off (it used to stay on the belt, the chains passing through it)
    plant, belt, xfer, lane, part = cell(lift_s=1.0, part_at=450)
    xfer.write("lift", True)
    run(plant, 1.0)
    xfer.write("lift", False)
    belt.write("run", True)
    run(plant, 0.3)                              # going down, still above half way
    assert not xfer.read("down") and xfer.height > 0.5 and not xfer.carrying
    xfer.write("lift", True)                     # up again before it was down
    run(plant, 0.45)                             # the part's centre comes over the chains
    belt.write("run", False)
    assert xfer.carrying == [part]
    run(plant, 0.3)
    xfer.write("chain", True)
    run(plant, 0.6)
    assert lane.collected and not xfer.carrying


def test_a_part_running_onto_the_raised_transfer_is_logged_and_power_up_raised_carries():
    plant, belt, xfer, _, part = cell(start_up=True, part_at=480)
    belt.write("run", True)
    run(plant, 1.0)
    assert [name for _, name in xfer.carried_onto] == ["p0"]
    plant2, _, xfer2, _, part2 = cell(start_up=True, part_at=600)
    plant2.step()
    assert xfer2.read("up") and xfer2.carrying == [part2]


def test_bad_parameters_and_commands_are_refused():
    plant, _, xfer, _, _ = cell()
    with pytest.raises(KeyError, match="lift"):
        xfer.write("raise", True)
    with pytest.raises(ValueError, match="lift_s"):
        PopUpTransfer("x", 0, 0, length=100, width=100, lift_s=0)


def test_without_the_run_on_log_it_carries_the_same_and_keeps_no_log():
    def trial(log):
        plant = Plant(seed=1, substeps=1)
        belt = plant.add(Conveyor("belt", 500, 0, length=1000, width=100, speed=200,
                                  guide_gaps=(("left", 545, 655),)))
        plant.add(Workpiece("p0", *belt.point(600), width=50, length=50))
        xfer = plant.add(PopUpTransfer.on(belt, "xfer", 600, lift_s=0.3, log_run_on=log))
        plant.add(Workpiece("p1", *belt.point(450), width=50, length=50))
        belt.write("run", True)
        xfer.write("lift", True)
        run(plant, 0.4)
        xfer.write("chain", True)
        run(plant, 1.0)
        return xfer
    logged, quiet = trial(True), trial(False)
    assert logged.carried_onto and quiet.carried_onto == []
    assert logged.lifts == quiet.lifts


def test_the_end_switches_the_session_reads_follow_the_lift():
    """up_switch / down_switch (what the session reads, kept by step) agree with read() through
    a lift and a lowering."""
    plant, _, xfer, _, _ = cell(lift_s=0.2)
    states = set()
    for lift in (True, False):
        xfer.write("lift", lift)
        for _ in range(30):
            plant.step()
            assert (xfer.up_switch, xfer.down_switch) == (xfer.read("up"), xfer.read("down"))
            states.add((xfer.up_switch, xfer.down_switch))
    assert states == {(True, False), (False, False), (False, True)}
