"""The carton erector alone: the first carton at first_s, each next one late_s after a carton has
passed the watched eye, no more than count."""

from __future__ import annotations

from tests.sim.packing import line, steps, until


def test_cartons_come_first_s_and_then_late_s_after_the_one_before_passed_the_eye():
    plant, _, chute = line(carton_at_start=False, erect=2, first_s=0.5, late_s=(1.5,), parts=1)
    erector = plant["erector"]
    steps(plant, 49)
    assert erector.made == 0
    steps(plant, 2)
    assert erector.made == 1 and erector.released[0].name == "carton1"
    stopper, cbelt = plant["stopper"], plant["carton_belt"]
    stopper.write("extend", False)          # let it run through
    cbelt.write("run", True)
    until(plant, lambda: plant["carton_out"].read("blocked"))
    t_edge = erector.time
    until(plant, lambda: erector.made == 2)
    assert abs(erector.time - t_edge - 1.5) < 0.02
    until(plant, lambda: not plant["carton_out"].read("blocked"))
    until(plant, lambda: plant["carton_out"].read("blocked"))
    steps(plant, 300)
    assert erector.made == 2 and erector.read("empty")
