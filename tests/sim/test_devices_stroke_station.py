"""StrokeStation alone: requests at their times and after the regap, served by the cylinder's
stroke out to its end and home, started by its first cylinder's travel outward."""

from __future__ import annotations

from sim.devices.prop_cylinder import PropCylinder
from sim.devices.stroke_station import StrokeStation
from sim.plant import Plant

SCAN = 0.01


def make(requests, start_cylinder=""):
    plant = Plant(seed=1, substeps=1)
    plant.add(PropCylinder("clamp", 0.0, 0.0, stroke=50.0, max_speed=100.0, deadband=0.0, lag_s=0.0))
    plant.add(PropCylinder("cyl", 0.0, 0.0, stroke=100.0, max_speed=100.0, deadband=0.0, lag_s=0.0))
    st = plant.add(StrokeStation("st", 1, "cyl", x=0.0, y=0.0, requests=requests, regap_s=0.5,
                                 start_cylinder=start_cylinder))
    return plant, st


def run(plant, seconds):
    for _ in range(round(seconds / SCAN)):
        plant.step(SCAN)


def test_a_request_rises_at_its_time_and_drops_when_the_cylinder_is_home_after_its_end():
    plant, st = make((0.2,))
    run(plant, 0.15)
    assert not st.read("request")
    run(plant, 0.1)
    assert st.read("request") and st.raised == [0.2]
    plant["cyl"].write("spool", 10000)
    run(plant, 0.5)                             # half way: the request stays up
    plant["cyl"].write("spool", -10000)
    run(plant, 0.6)
    assert st.read("request") and st.served == 0   # home without reaching the end: not served
    plant["cyl"].write("spool", 10000)
    run(plant, 1.1)
    plant["cyl"].write("spool", -10000)
    run(plant, 1.1)
    assert not st.read("request") and st.served == 1 == st.total


def test_the_next_request_waits_for_the_regap():
    plant, st = make((0.0, 0.0))
    run(plant, 0.02)
    plant["cyl"].write("spool", 10000)
    run(plant, 1.1)
    plant["cyl"].write("spool", -10000)
    while not st.done:
        plant.step(SCAN)
    done = st.done[0]
    run(plant, 0.4)
    assert not st.read("request") and st.t < done + 0.45
    run(plant, 0.2)
    assert st.read("request") and st.raised[1] >= done + 0.5 - 1e-6


def test_started_when_the_first_cylinder_travelled_5_mm_out_from_its_lowest_point():
    plant, st = make((0.0,), start_cylinder="clamp")
    plant["clamp"].write("spool", 10000)
    run(plant, 0.2)                             # rose at the first step, 5 mm after 0.05 s
    assert st.started[0] is not None and st.started[0] <= 0.06
    plant2, st2 = make((0.3,), start_cylinder="clamp")
    plant2["clamp"].write("spool", 10000)
    run(plant2, 0.3)
    plant2["clamp"].write("spool", -10000)      # still on its way home when the request rises
    run(plant2, 0.4)
    assert st2.started[0] is None
    plant2["clamp"].write("spool", 10000)
    run(plant2, 0.1)
    assert st2.started[0] is not None
