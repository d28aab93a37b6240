"""The drill plate (sim/devices/drill_plate.py) under a beam with two heads and their drills,
alone in a small plant: hole words, a hole drilled only at the bottom over a listed hole, a
jammed hole, a late list, the heads riding on the beam."""

from __future__ import annotations

from sim.devices.axis import Axis
from sim.devices.drill_plate import DrillPlate
from sim.devices.pneumatics import Cylinder
from sim.plant import Plant

HOLES = ([(200.0, 100.0), (350.5, 250.0)], [(200.0, 600.0)])


def cell(*, jams=(), sent_at=None, beam_mm=0.0, head_1_mm=100.0, drill_down=False, holes=HOLES):
    plant = Plant(seed=1, substeps=1)
    beam = plant.add(Axis("beam", limit_plus_mm=1505.0, start_mm=beam_mm, max_speed=400.0, accel=2000.0))
    h1 = plant.add(Axis("head_1", angle_deg=90.0, limit_plus_mm=805.0, start_mm=head_1_mm, max_speed=400.0))
    h2 = plant.add(Axis("head_2", angle_deg=90.0, limit_plus_mm=805.0, start_mm=700.0, max_speed=400.0))
    d1 = plant.add(Cylinder("drill_1", 0, 0, stroke=40.0, extend_s=0.5, retract_s=0.3,
                            start_extended=drill_down))
    d2 = plant.add(Cylinder("drill_2", 0, 0, stroke=40.0, extend_s=0.5, retract_s=0.3))
    plate = plant.add(DrillPlate("plate", beam="beam", heads=("head_1", "head_2"),
                                 drills=("drill_1", "drill_2"),
                                 holes=holes, jams=jams,
                                 sent_at=sent_at, max_holes=3, origin=(10.0, 20.0), head_rail_y=20.0))
    return plant, beam, (h1, h2), (d1, d2), plate


def run(plant, seconds):
    for _ in range(round(seconds * 100)):
        plant.step()


def move(plant, axis, mm):
    axis.write("enable", True)
    axis.write("target", round(mm * 10))
    axis.write("start", True)
    run(plant, 0.02)
    axis.write("start", False)
    run(plant, 3.0)


def test_the_hole_lists_read_as_words_in_tenths_of_a_millimetre():
    _, _, _, _, plate = cell()
    assert plate.read("count_1") == 2 and plate.read("count_2") == 1
    assert plate.read("x_1_2") == 3505 and plate.read("y_1_2") == 2500 and plate.read("y_2_1") == 6000
    assert plate.read("x_2_2") == 0 and plate.read("y_1_3") == 0


def test_a_hole_is_drilled_only_when_the_drill_reaches_the_bottom_over_it():
    plant, beam, heads, drills, plate = cell()
    drills[0].write("extend", True)          # beam at 0 mm: over no hole
    run(plant, 0.6)
    assert drills[0].read("extended") and plate.drilled[0] == [] and plate.cuts[0] == [(0.0, 100.0)]
    drills[0].write("extend", False)
    run(plant, 0.4)
    move(plant, beam, 200.0)
    drills[0].write("extend", True)
    run(plant, 0.3)
    assert plate.drilled[0] == []            # on its way down: not through yet
    run(plant, 0.3)
    assert plate.drilled[0] == [0] and plate.done(0) == {0}
    assert heads[0].origin == (210.0, 20.0)  # the head's rail rides on the beam


def test_a_drill_jams_part_way_on_a_hard_spot_and_is_free_again_once_up():
    plant, beam, _, drills, plate = cell(jams=((1, 1),))
    move(plant, beam, 200.0)
    drills[0].write("extend", True)
    run(plant, 2.0)
    assert not drills[0].read("extended") and 0 < drills[0].position < drills[0].stroke
    assert plate.jammed[0] == [0] and plate.drilled[0] == [] and plate.done(0) == {0}
    drills[0].write("extend", False)
    run(plant, 0.5)
    assert drills[0].read("retracted") and drills[0].fault is None


def test_a_late_list_reads_zero_until_it_arrives_and_is_no_list_before():
    plant, beam, _, drills, plate = cell(sent_at=(0.0, 1.0), beam_mm=200.0, head_1_mm=100.0)
    assert plate.read("count_2") == 0 and plate.read("x_2_1") == 0 and plate.listed(1) == ()
    run(plant, 1.0)
    assert plate.read("count_2") == 1 and plate.read("x_2_1") == 2000 and plate.hole_at(1, 200.0, 600.0) == 0


def test_a_drill_down_at_power_up_has_drilled_nothing():
    plant, _, _, drills, plate = cell(beam_mm=200.0, head_1_mm=100.0, drill_down=True)
    drills[0].write("extend", True)          # held down: over hole 1.1, but it was down already
    run(plant, 0.1)
    assert drills[0].read("extended") and plate.drilled[0] == [] and plate.cuts[0] == []


def test_a_hole_exactly_the_tolerance_away_on_the_tenth_grid_is_within_it():
    # 968.9 and 969.1 mm (0.2 mm, the tolerance) are 0.2000000000000455 apart in floats
    _, _, _, _, plate = cell(holes=([(969.1, 241.3)], [(200.0, 600.0)]))
    assert abs(969.1 - 968.9) > 0.2 and plate.hole_at(0, 968.9, 241.3) == 0
    assert plate.hole_at(0, 968.8, 241.3) is None
