"""The dial cell alone (no task): proximity switches per station, the operator and the curtain,
press and drill work with their dwell, the drill stall, strikes, and the unload through the gate."""

from __future__ import annotations

from sim.devices.axis import Axis
from sim.devices.dial_cell import DRILL, LOAD, PRESS, UNLOAD, DialCell
from sim.devices.light_curtain import LightCurtain
from sim.devices.panel import Lamp
from sim.devices.pneumatics import Cylinder
from sim.devices.rotary import RotaryTable
from sim.plant import Plant


def cell_plant(start_parts=(), stalls=(), arrivals=(), reach_s=0.5, press_start=0.0):
    plant = Plant(seed=1, substeps=1)
    plant.add(
        RotaryTable("table", stations=8, index_time_s=0.5, settle_s=0.1, start_station=1, work_angle_deg=90.0)
    )
    for name, start in (("press", press_start), ("drill", 0.0)):
        plant.add(
            Axis(
                name,
                limit_minus_mm=-5.0,
                limit_plus_mm=95.0,
                start_mm=start,
                max_speed=400.0,
                accel=4000.0,
                settle_s=0.02,
            )
        )
    plant.add(Cylinder("pusher", 0, 0, stroke=70.0, extend_s=0.3, retract_s=0.3))
    plant.add(Cylinder("gate", 0, 100, stroke=80.0, extend_s=0.2, retract_s=0.2))
    plant.add(LightCurtain("curtain", -100, 300, 100, 300, response_s=0.04))
    plant.add(Lamp("lamp"))
    cell = plant.add(
        DialCell(
            "cell",
            start_parts=start_parts,
            stalls=stalls,
            arrivals=arrivals,
            reach_s=reach_s,
            dwell_s=0.3,
        )
    )
    return plant, cell


def steps(plant, seconds):
    for _ in range(round(seconds / 0.01)):
        plant.step()


def move(plant, name, mm):
    axis = plant[name]
    axis.write("enable", True)
    axis.write("target", int(mm * 10))
    axis.write("start", False)
    plant.step()
    axis.write("start", True)
    plant.step()


def index(plant):
    table = plant["table"]
    table.write("index", True)
    plant.step()
    table.write("index", False)
    steps(plant, 0.8)
    assert table.standstill and table.exactly_aligned


def test_each_station_switch_sees_its_own_nest_only_while_aligned():
    plant, cell = cell_plant(start_parts=(7, 5))  # station 1 at load: press nest 7, drill nest 5
    plant.step()
    assert [cell.read(f"part_{s}") for s in (LOAD, PRESS, DRILL, UNLOAD)] == [False, True, True, False]
    plant["table"].write("index", True)
    steps(plant, 0.2)  # mid-turn: nothing reads a part
    assert not any(cell.read(f"part_{s}") for s in (LOAD, PRESS, DRILL, UNLOAD))
    steps(plant, 0.6)
    assert cell.nest_at(PRESS) == 8 and cell.read("part_drill") is False and cell.read("part_press") is False
    assert cell.nest_at(DRILL) == 6 and cell.nest_part(DRILL) is None


def test_the_operator_steps_in_only_with_the_lamp_lit_and_the_curtain_reports_after_its_response():
    plant, cell = cell_plant(arrivals=(0.0, 0.1), reach_s=0.5)
    steps(plant, 0.3)
    assert cell.read("operator_ready") and not cell.person_in  # lamp off: they wait
    plant["lamp"].write("on", True)
    plant.step()
    assert cell.person_in and not cell.read("operator_ready")
    assert plant["curtain"].read("clear") is True  # not yet: 40 ms response
    steps(plant, 0.05)
    assert plant["curtain"].read("clear") is False
    plant["lamp"].write("on", False)  # they finish all the same
    steps(plant, 0.5)
    assert not cell.person_in and cell.loaded == 1 and cell.read("part_load")
    assert plant["curtain"].read("clear") is True
    steps(plant, 0.5)
    assert cell.read("operator_ready") and cell.loaded == 1  # next part: nest taken, lamp off


def test_a_part_is_pressed_only_after_the_dwell_at_the_press_position():
    plant, cell = cell_plant(start_parts=(7,))
    move(plant, "press", 60.0)
    steps(plant, 0.3)
    part = cell.nest_part(PRESS)
    assert plant["press"].pos == 60.0 and not part.pressed
    steps(plant, 0.3)
    assert part.pressed and not part.drilled


def test_the_drill_stalls_in_a_listed_part_and_trips_its_drive():
    plant, cell = cell_plant(start_parts=(5,), stalls=(1,))
    part = cell.nest_part(DRILL)
    part.pressed = True
    move(plant, "drill", 80.0)
    steps(plant, 0.5)
    drill = plant["drill"]
    assert drill.fault and part.stalled and 50.0 <= drill.pos < 51.0 and drill.vel == 0.0
    assert not part.drilled and part.finished and not part.good


def test_a_tool_in_over_an_empty_nest_or_the_drill_over_an_unpressed_part_is_a_strike():
    plant, cell = cell_plant(start_parts=(5,))  # drill nest 5: unpressed; press nest 7 empty
    move(plant, "press", 30.0)
    move(plant, "drill", 30.0)
    steps(plant, 0.3)
    texts = [t for _, t in cell.strikes]
    assert texts == ["the press went in over an empty nest", "the drill went in over part 1, not yet pressed"]


def test_a_tool_out_at_power_up_strikes_nothing():
    plant, cell = cell_plant(press_start=40.0)
    steps(plant, 0.2)
    assert cell.strikes == []


def test_the_pusher_sends_a_part_to_the_outfeed_or_through_the_gate_to_the_chute():
    plant, cell = cell_plant(start_parts=(3, 4))  # unload nest at station 1: 3, then 4
    good = cell.nest_part(UNLOAD)
    good.pressed = good.drilled = True
    plant["pusher"].write("extend", True)
    steps(plant, 0.4)
    plant["pusher"].write("extend", False)
    steps(plant, 0.4)
    assert cell.out == [(1, "outfeed", True, True, False)]
    index(plant)  # nest 4 to the unload
    plant["gate"].write("extend", True)
    steps(plant, 0.3)
    plant["pusher"].write("extend", True)
    steps(plant, 0.4)
    assert [o[:2] for o in cell.out] == [(1, "outfeed"), (2, "chute")]
    assert cell.nest_part(UNLOAD) is None
