"""BeltPickers: the belt's parts, eye and latch, each head's Z and gripper times, the take
within 4 mm, placing at the tray, parts lost off the end, the service call's late parts."""

from __future__ import annotations

from sim.devices.belt_pickers import BeltPickers
from sim.devices.sync_axis import SyncAxis
from sim.plant import Plant

DT = 0.01


def make(**kw):
    plant = Plant(seed=1, substeps=1)
    a1 = plant.add(SyncAxis("x1", start_mm=kw.pop("x1", 400.0), accel=4000.0))
    a2 = plant.add(SyncAxis("x2", start_mm=kw.pop("x2", 2000.0), accel=4000.0))
    kw.setdefault("arrivals", [] if "bursts" in kw else [0.0])
    line = plant.add(BeltPickers("line", a1, a2, **{"speed": 200.0, **kw}))
    return plant, line


def run(plant, seconds):
    for _ in range(round(seconds / DT)):
        plant.step(DT)


def test_the_eye_latches_each_leading_edge_and_the_count_wraps():
    plant, line = make(start_count=32000)
    run(plant, 1.0)  # centre 200 mm: leading edge at 230 < 250
    assert line.read("edges") == 0 and not line.read("eye")
    run(plant, 0.15)  # leading edge at 260 mm: latched at 250
    assert line.read("edges") == 1 and line.read("eye")
    # the part is put down at the end of the first step (2 mm of travel), its edge latched 220 mm on
    assert line.read("edge_count") == (32000 + 2220 + 32768) % 65536 - 32768
    assert line.read("count") < 0  # 32000 + 2300 counts wrapped


def test_z_and_gripper_take_their_times_and_take_the_part_within_4_mm():
    plant, line = make(arrivals=[], speed=0.0)
    line.parts.append({"n": 1, "x": 403.0})
    line.write("z1_lower", True)
    run(plant, 0.1)
    assert not line.read("z1_down") and not line.read("z1_up")
    run(plant, 0.06)
    assert line.read("z1_down")
    line.write("grip1", True)
    run(plant, 0.05)
    assert not line.read("closed1")
    run(plant, 0.04)
    assert line.read("gripped1") and not line.parts


def test_a_gripper_closing_5_mm_off_the_part_closes_empty():
    plant, line = make(arrivals=[], speed=0.0)
    line.parts.append({"n": 1, "x": 405.0})
    line.write("z1_lower", True)
    run(plant, 0.2)
    line.write("grip1", True)
    run(plant, 0.1)
    assert line.read("closed1") and not line.read("gripped1") and len(line.parts) == 1


def test_opening_at_the_tray_places_and_parts_past_the_end_are_lost():
    plant, line = make(arrivals=[], speed=0.0, held1=True, x1=-150.0)
    line.parts.append({"n": 5, "x": 2390.0})
    line.write("grip1", False)
    run(plant, 0.1)
    assert line.placed[1] == [0]
    line.speed = 200.0
    run(plant, 0.5)
    assert line.lost == [5]


def test_the_service_call_keeps_the_late_parts_for_picker_2_and_slow_runs_30_percent():
    plant, line = make(arrivals=[], service_at=0.5)
    line.parts += [{"n": 1, "x": 1300.0}, {"n": 2, "x": 600.0}]
    run(plant, 0.4)
    assert not line.read("p2_service")
    run(plant, 0.2)
    assert line.read("p2_service") and line.service_allowed == {1}
    line.write("slow", True)
    run(plant, 1.0)
    assert abs(line.v - 60.0) < 1e-6


def test_the_latch_fires_on_the_eyes_rising_edge_only():
    plant, line = make(arrivals=[], speed=200.0)
    # two parts 50 mm apart centre to centre (60 mm long: they overlap), a third well behind
    line.parts += [{"n": 1, "x": 150.0}, {"n": 2, "x": 100.0}, {"n": 3, "x": -100.0}]
    run(plant, 0.6)  # the first's leading edge reached the eye at 0.35 s
    assert line.read("edges") == 1 and line.read("eye")
    latched = line.read("edge_count")
    run(plant, 0.1)  # the second's leading edge reached the eye at 0.6 s, the eye still blocked
    assert line.read("edges") == 1 and line.read("edge_count") == latched and line.read("eye")
    run(plant, 1.3)  # the eye cleared, then the third's leading edge: a rising edge
    assert line.read("edges") == 2 and line.read("edge_count") == 3200  # latched at 320 mm of travel


def test_a_part_set_down_across_the_clear_eye_is_a_rising_edge():
    plant, line = make(arrivals=[], speed=0.0, held1=True, x1=250.0)
    line.write("grip1", False)
    run(plant, 0.1)
    assert line.read("eye") and line.read("edges") == 1 and line.read("edge_count") == 0


def test_the_infeed_meters_parts_by_belt_travel_on_a_slowed_belt():
    plant, line = make(arrivals=[], bursts=[(0.0, (150.0, 150.0)), (1.0, ())], min_gap_mm=120.0)
    line.write("slow", True)  # 200 mm/s ramping down to 60
    run(plant, 9.0)
    assert abs(line.v - 60.0) < 1e-6
    xs = [p["x"] for p in line.parts]
    assert len(xs) == 4
    # 150 mm of belt within the burst whatever its speed; the next burst's part, due at 1 s, went on
    # 120 mm of belt after the one before (not onto it)
    want = (150.0, 150.0, 120.0)
    gaps = [xs[i] - xs[i + 1] for i in range(3)]
    fed = [line.fed_at[i + 1] - line.fed_at[i] for i in range(3)]
    assert all(abs(g - w) < 1e-6 for g, w in zip(gaps, want, strict=True)), gaps
    assert all(abs(g - w) < 1e-6 for g, w in zip(fed, want, strict=True)), fed
