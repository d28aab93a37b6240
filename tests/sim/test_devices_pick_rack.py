"""PickRack: the picker follows the lamps, slips and puts back, confirms; trays wait at the stopper."""

from __future__ import annotations

from sim.devices.light_curtain import LightCurtain
from sim.devices.panel import Lamp, PushButton
from sim.devices.pick_rack import PickRack
from sim.devices.pneumatics import Stopper
from sim.plant import Plant


def rack_plant(**kw):
    plant = Plant(seed=1, substeps=1)
    for k in (1, 2):
        plant.add(LightCurtain(f"c{k}", k * 200 - 70, -120, k * 200 + 70, -120, response_s=0.02))
        plant.add(Lamp(f"l{k}"))
    plant.add(PushButton("ok"))
    plant.add(Stopper("stop", 500, 40, solenoid="double", start_extended=True))
    kw.setdefault("reaction_s", 0.3)
    rack = plant.add(PickRack("rack", lamps=("l1", "l2"), curtains=("c1", "c2"), confirm="ok", stopper="stop",
                              recipes=(7, 8), reach_s=0.2, undo_s=0.2, confirm_s=0.3, first_s=0.1,
                              arrive_s=0.5, **kw))
    return plant, rack


def run(plant, seconds, each=None):
    for _ in range(round(seconds / 0.01)):
        if each:
            each()
        plant.step(0.01)


def test_a_tray_arrives_with_its_recipe_and_waits_at_the_extended_stopper():
    plant, rack = rack_plant()
    assert not rack.read("present") and rack.read("recipe") == 0
    run(plant, 0.2)
    assert rack.read("present") and rack.read("recipe") == 7
    run(plant, 2.0)
    assert rack.read("present") and rack.released == []


def test_the_picker_reaches_into_the_lit_bin_after_the_reaction_time_and_then_confirms():
    plant, rack = rack_plant()
    plant["l2"].write("on", True)
    run(plant, 0.3)
    assert plant["c2"].read("clear") and rack.contents == []
    run(plant, 0.15)
    assert not plant["c2"].read("clear") and rack.contents == [2]
    plant["l2"].write("on", False)
    run(plant, 0.7)
    assert plant["ok"].read("pressed") and rack.confirmed


def test_a_wrong_reach_is_put_back_before_the_lit_bin_is_picked():
    plant, rack = rack_plant(slips={(0, 0): ("wrong", 1)})
    plant["l2"].write("on", True)
    run(plant, 1.6)
    assert [(b, what) for _, b, what in rack.reaches[:3]] == [(1, "wrong"), (1, "back"), (2, "pick")]


def test_the_tray_leaves_once_the_stopper_retracts_and_the_next_one_arrives():
    plant, rack = rack_plant()
    run(plant, 0.2)
    plant["stop"].write("retract", True)
    run(plant, 0.8)
    assert len(rack.released) == 1 and rack.released[0][1] == 0 and not rack.released[0][4]
    plant["stop"].write("retract", False)
    plant["stop"].write("extend", True)
    run(plant, 0.6)
    assert rack.read("present") and rack.read("recipe") == 8
