"""Devices that used to live inside task files, each tested alone in a small plant: the
collection chute, the magazine feeder gated by another device, the request/grant station and
the nest work log of a rotary table."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from sim.devices.chute import Chute
from sim.devices.conveyor import Conveyor
from sim.devices.pneumatics import Pusher
from sim.devices.rotary import NestWorkLog, RotaryTable
from sim.devices.stations import TransferStation
from sim.devices.workpiece import Feeder, Workpiece, material_flow
from sim.plant import Plant


def scans(plant: Plant, n: int) -> None:
    for _ in range(n):
        plant.step()


def seconds(plant: Plant, s: float) -> None:
    scans(plant, round(s * 100))


# -- chute ------------------------------------------------------------------------------------

def chute_plant(**chute_kw):
    """A belt along x with a chute beside it at x = 400..520 (y 80..400) and a pusher opposite."""
    plant = Plant(seed=1, substeps=1)
    belt = plant.add(Conveyor("belt", 500, 0, length=1000, width=100, speed=200,
                              guide_gaps=(("left", 400, 520),)))
    pusher = plant.add(Pusher("pusher", *belt.point(460, -80), angle_deg=90, stroke=180,
                              extend_s=0.4, retract_s=0.4))
    x0, _ = belt.point(400)
    x1, _ = belt.point(520)
    chute = plant.add(Chute("chute", x0, 80, x1, 400, label="chute A", **chute_kw))
    return plant, belt, pusher, chute


def push_in(plant, belt, pusher, name, kind="A"):
    part = plant.add(Workpiece(name, *belt.point(460), part_kind=kind))
    pusher.write("extend", True)
    seconds(plant, 1.0)
    pusher.write("extend", False)
    seconds(plant, 0.6)
    return part


def test_a_part_pushed_into_the_chute_is_collected_with_its_kind_and_leaves_the_plant():
    plant, belt, pusher, chute = chute_plant(capacity=3)
    bystander = plant.add(Workpiece("on_belt", *belt.point(150), part_kind="B"))
    part = push_in(plant, belt, pusher, "p1", kind="A")
    assert part.removed and "p1" not in plant.devices
    assert part not in material_flow(plant).parts
    assert [k for _, k in chute.collected] == ["A"]
    assert chute.level == 1 and chute.read("full") is False
    assert not bystander.removed                       # a part outside the rectangle stays
    assert chute.overfilled == []


def test_full_sensor_reports_at_capacity_a_further_push_is_logged_and_emptying_clears_it():
    plant, belt, pusher, chute = chute_plant(capacity=2, level=1)
    assert chute.read("full") is False
    push_in(plant, belt, pusher, "p1")
    assert chute.read("full") is True
    push_in(plant, belt, pusher, "p2", kind="B")
    assert [k for _, k in chute.overfilled] == ["B"]   # pushed in while it reported full
    assert chute.level == 3
    chute.empty()
    assert chute.level == 0 and chute.read("full") is False


def test_a_chute_without_capacity_never_reports_full():
    plant, belt, pusher, chute = chute_plant()
    for n in range(3):
        push_in(plant, belt, pusher, f"p{n}")
    assert chute.level == 3 and chute.read("full") is False and chute.overfilled == []


def test_a_held_part_over_the_chute_is_collected_only_once_released():
    plant, belt, pusher, chute = chute_plant()
    part = plant.add(Workpiece("p1", 460, 200))
    holder = SimpleNamespace(drop=lambda: None)
    part.grab(holder)
    scans(plant, 10)
    assert not part.removed and chute.level == 0
    part.release()
    scans(plant, 1)
    assert part.removed and chute.level == 1


def test_chute_state_carries_what_the_renderer_draws_and_unknown_signals_are_named():
    plant, belt, pusher, chute = chute_plant(capacity=4, level=2)
    s = chute.state()
    assert chute.kind == "chute"
    assert (s["x0"], s["y0"], s["x1"], s["y1"]) == (400.0, 80, 520.0, 400)
    assert (s["level"], s["capacity"], s["full"], s["label"]) == (2, 4, False, "chute A")
    assert (s["x"], s["y"]) == (460.0, 240.0)
    with pytest.raises(KeyError, match="chute has no signal 'count'; it has full"):
        chute.read("count")


# -- feeder gated by another device (a gravity magazine in front of a feed pusher) -------------

def magazine_plant(schedule_s=(0.0, 0.1)):
    plant = Plant(seed=1, substeps=1)
    schedule = [(t, dict(part_kind="A")) for t in schedule_s]
    feeder = plant.add(Feeder("magazine", 100, -110, schedule, only_while=("feed_pusher", "retracted")))
    pusher = plant.add(Pusher("feed_pusher", 100, -200, angle_deg=90, stroke=165,
                              extend_s=0.5, retract_s=0.5))
    return plant, feeder, pusher


def test_magazine_drops_only_while_the_named_device_reports_its_signal():
    plant, feeder, pusher = magazine_plant(schedule_s=(0.2,))
    pusher.write("extend", True)
    seconds(plant, 0.6)
    assert feeder.released == []       # due since 0.2 s, but the pusher is out
    pusher.write("extend", False)
    seconds(plant, 0.3)
    assert feeder.released == []       # on its way back, not yet at its rear switch
    seconds(plant, 0.3)
    assert len(feeder.released) == 1 and feeder.read("empty") is True


def test_ungated_feeder_drops_on_time_whatever_the_pusher_does():
    plant = Plant(seed=1, substeps=1)
    feeder = plant.add(Feeder("magazine", 100, -110, [(0.2, {})]))
    pusher = plant.add(Pusher("feed_pusher", 100, -400, angle_deg=90, stroke=100,
                              extend_s=0.5, retract_s=0.5))
    pusher.write("extend", True)
    seconds(plant, 0.3)
    assert len(feeder.released) == 1


def test_magazine_waiting_for_a_missing_device_names_it():
    plant = Plant(seed=1, substeps=1)
    plant.add(Feeder("magazine", 100, -110, [(0.0, {})], only_while=("feed_pusher", "retracted")))
    with pytest.raises(KeyError, match="feeder 'magazine' waits for device 'feed_pusher'"):
        scans(plant, 1)


# -- request/grant station -----------------------------------------------------------------

def station(**kw):
    plant = Plant(seed=1, substeps=1)
    args = dict(x=350, y=440, requests=(0.5, 0.5), regap_s=1.0, arm_time_s=0.3, work_s=1.0)
    args.update(kw)
    st = plant.add(TransferStation("station_1", 1, 250.0, **args))
    return plant, st


def test_station_requests_on_schedule_reaches_in_works_drops_its_request_then_goes_home():
    plant, st = station()
    seconds(plant, 0.45)
    assert st.read("request") is False
    seconds(plant, 0.1)
    assert st.read("request") is True and st.read("arm_home") is True
    seconds(plant, 0.5)
    assert st.waited() == pytest.approx(0.55, abs=0.011)   # raised at 0.5 s, now 1.05 s
    st.write("grant", True)
    seconds(plant, 0.1)
    assert st.read("arm_inside") is True and st.waits == [pytest.approx(0.56, abs=0.011)]
    assert st.waited() == 0.0
    seconds(plant, 1.1)                 # arm 0.3 s in, work 1.0 s: still working
    assert st.read("request") is True
    seconds(plant, 0.25)
    # the request drops before the arm is home
    assert st.read("request") is False and st.read("arm_inside") is True
    assert st.served == 1
    seconds(plant, 0.35)
    assert st.read("arm_home") is True and st.phase == "idle"


def test_station_with_its_arm_in_at_power_up_brings_it_home_then_waits_for_a_grant():
    plant, st = station(requests=(0.0, 5.0), arm_in_at_power_up=True, arm_time_s=0.4)
    assert st.read("arm_inside") is True and st.read("request") is True
    seconds(plant, 0.3)
    assert st.read("arm_inside") is True and st.aborts == 0
    seconds(plant, 0.15)
    assert st.read("arm_home") is True and st.read("request") is True and st.phase == "waiting"
    st.write("grant", True)
    seconds(plant, 0.4 + 1.0 + 0.05)
    assert st.served == 1 and st.read("request") is False
    assert st.waits == [pytest.approx(0.45, abs=0.011)]     # waited from power-up


def test_next_request_comes_no_sooner_than_regap_after_the_previous_one_was_done():
    plant, st = station(requests=(0.0, 0.0), regap_s=1.0, work_s=0.2, arm_time_s=0.1)
    st.write("grant", True)
    for _ in range(300):
        plant.step()
        if st.served == 1:
            break
    done = st.last_done
    st.write("grant", False)
    while not st.read("request"):
        plant.step()
    assert st.t - done == pytest.approx(1.0, abs=0.011)


def test_a_grant_taken_away_during_the_work_aborts_it_and_the_request_stays_up():
    plant, st = station(requests=(0.0,))
    seconds(plant, 0.05)
    st.write("grant", True)
    seconds(plant, 0.6)
    st.write("grant", False)
    seconds(plant, 0.5)
    assert st.aborts == 1 and st.served == 0
    assert st.read("request") is True and st.read("arm_home") is True and st.phase == "waiting"


def test_station_state_carries_what_the_renderer_draws_and_rejects_unknown_commands():
    plant, st = station(width=180.0, label="press")
    s = st.state()
    assert st.kind == "transfer_station"
    assert (s["x"], s["y"], s["width"], s["height"], s["arm_reach"]) == (350, 440, 180.0, 120.0, 110.0)
    assert (s["station"], s["total"], s["label"], s["phase"]) == (1, 2, "press", "idle")
    assert station()[1].state()["label"] == "station 1"
    with pytest.raises(KeyError, match="station_1 has no command 'go'; it has grant"):
        st.write("go", True)


# -- nest work log of a rotary table -------------------------------------------------------

def work_log_plant(slide_mm=0.0):
    plant = Plant(seed=1, substeps=1)
    table = plant.add(RotaryTable("table", stations=8, index_time_s=0.5, settle_s=0.05, start_station=3))
    slide = SimpleNamespace(pos=slide_mm, vel=0.0, enabled=True)   # a servo slide's feedback
    log = plant.add(NestWorkLog("work_log", slide, table, work_mm=180.0, clearance_mm=40.0,
                                dwell_s=0.5, position=(600.0, 100.0)))
    return plant, table, slide, log


def test_a_nest_counts_after_the_slide_rests_at_the_work_position_for_the_dwell_time():
    plant, table, slide, log = work_log_plant()
    scans(plant, 1)
    slide.pos = 180.2                   # within the 0.5 mm window
    seconds(plant, 0.45)
    assert log.count == 0
    seconds(plant, 0.1)
    assert log.worked == [(3, pytest.approx(0.5, abs=0.02))] and table.nest_done[2]
    seconds(plant, 1.0)
    assert log.count == 1               # the same nest counts once
    assert log.state()["display"] == "1 nests worked" and log.kind == "value_display"


def test_a_broken_dwell_or_a_moving_or_disabled_slide_does_not_count():
    plant, table, slide, log = work_log_plant()
    scans(plant, 1)
    slide.pos = 180.0
    seconds(plant, 0.3)
    slide.vel = 5.0                     # moves: the dwell starts again
    scans(plant, 1)
    slide.vel = 0.0
    seconds(plant, 0.3)
    slide.enabled = False
    seconds(plant, 0.5)
    assert log.count == 0
    slide.enabled = True
    seconds(plant, 0.55)
    assert log.count == 1


def test_a_slide_left_in_the_nest_at_power_up_counts_only_after_retracting_and_coming_back():
    plant, table, slide, log = work_log_plant(slide_mm=180.0)
    seconds(plant, 1.0)
    assert log.count == 0
    slide.pos = 30.0
    scans(plant, 1)
    slide.pos = 180.0
    seconds(plant, 0.55)
    assert log.count == 1


def test_the_next_nest_needs_the_slide_to_come_in_again_after_an_index():
    plant, table, slide, log = work_log_plant()
    scans(plant, 1)
    slide.pos = 180.0
    seconds(plant, 0.6)
    slide.pos = 30.0
    scans(plant, 1)
    table.write("index", True)
    seconds(plant, 1.0)
    table.write("index", False)
    assert table.station == 4
    slide.pos = 180.0
    seconds(plant, 0.6)
    assert [n for n, _ in log.worked] == [3, 4]
