"""Material-handling devices, each tested alone in a small plant (no program, no task)."""

from __future__ import annotations

import pytest

from sim.devices.conveyor import Conveyor
from sim.devices.gripper import Gripper
from sim.devices.panel import EmergencyStop, Lamp, PushButton, SelectorSwitch, StackLight, StopButton
from sim.devices.pneumatics import Cylinder, Pusher, Stopper
from sim.devices.sensors import InspectionSensor, PhotoEye, ProximitySensor
from sim.devices.workpiece import COLOUR_CODES, Feeder, Workpiece, material_flow
from sim.plant import Plant


def scans(plant: Plant, n: int) -> None:
    for _ in range(n):
        plant.step()


def belt_plant(seed: int = 1, **belt_kw) -> tuple[Plant, Conveyor]:
    plant = Plant(seed=seed)
    kw = dict(x=500, y=200, length=1000, width=100, speed=200)
    kw.update(belt_kw)
    belt = plant.add(Conveyor("belt", **kw))
    return plant, belt


# -- conveyor and workpieces ------------------------------------------------------------

def test_part_rides_a_running_belt_at_belt_speed_and_stays_on_a_stopped_one():
    plant, belt = belt_plant()
    part = plant.add(Workpiece("p1", *belt.point(100)))
    scans(plant, 50)
    assert part.x == pytest.approx(100, abs=0.5)       # belt stopped: part does not move
    belt.write("run", True)
    scans(plant, 20)                                   # let the motor ramp and the part take up speed
    x0 = part.x
    scans(plant, 100)                                  # one second
    assert part.x - x0 == pytest.approx(200, abs=2)
    assert part.y == pytest.approx(200, abs=0.5)
    belt.write("run", False)
    scans(plant, 30)
    x1 = part.x
    scans(plant, 30)
    assert part.x == pytest.approx(x1, abs=0.01)


def test_reverse_runs_the_belt_backwards_and_speed_word_sets_speed():
    plant, belt = belt_plant(speed_command=True)
    part = plant.add(Workpiece("p1", *belt.point(500)))
    belt.write("speed", 100)
    belt.write("reverse", True)
    belt.write("run", True)
    scans(plant, 20)
    x0 = part.x
    scans(plant, 100)
    assert part.x - x0 == pytest.approx(-100, abs=2)
    assert belt.read("running") is True
    assert belt.read("speed_actual") == 100
    assert belt.state()["belt_offset"] != 0.0


def test_part_runs_into_end_stop_and_stays_against_it():
    plant, belt = belt_plant(end_stop=True)
    part = plant.add(Workpiece("p1", *belt.point(800), width=50, length=50))
    belt.write("run", True)
    scans(plant, 200)
    # end stop at 1002 mm with a 2 mm radius; part half length 25 mm
    assert part.x == pytest.approx(1000 - 25, abs=1.5)
    assert part.y == pytest.approx(200, abs=1)


def test_photo_eye_is_blocked_only_while_a_part_crosses_the_beam():
    plant, belt = belt_plant()
    eye = plant.add(PhotoEye.across(belt, "eye", 500))
    part = plant.add(Workpiece("p1", *belt.point(300), width=50, length=50))
    belt.write("run", True)
    history = []
    for _ in range(200):
        plant.step()
        history.append((part.x, eye.read("blocked"), eye.read("clear")))
    blocked = [x for x, b, _ in history if b]
    assert blocked, "the part never blocked the beam"
    # blocked exactly while the part's 50 mm body overlaps the beam at x = 500
    assert min(blocked) == pytest.approx(475, abs=3)
    assert max(blocked) == pytest.approx(525, abs=3)
    assert all(c == (not b) for _, b, c in history)   # light-operated output is the inverse


def test_part_queues_at_an_extended_stopper_and_passes_when_it_retracts():
    plant, belt = belt_plant()
    stopper = plant.add(Stopper.beside(belt, "stop", 600))
    part = plant.add(Workpiece("p1", *belt.point(300), width=50, length=50))
    stopper.write("extend", True)
    belt.write("run", True)
    scans(plant, 300)
    assert stopper.read("extended") is True
    face = 600 - stopper.plate_width / 2
    assert part.x == pytest.approx(face - 25, abs=1.5)    # held at the stopper plate
    stopper.write("extend", False)
    scans(plant, 100)
    assert part.x > 700


def test_pusher_shoves_a_part_off_the_belt_through_the_guide_gap():
    plant, belt = belt_plant(guide_gaps=(("left", 420, 580),))
    pusher = plant.add(Pusher("push", *belt.point(500, -80), angle_deg=90, stroke=180, extend_s=0.5))
    part = plant.add(Workpiece("p1", *belt.point(500), width=50, length=50))
    scans(plant, 10)
    pusher.write("extend", True)
    scans(plant, 80)
    assert pusher.read("extended") is True
    assert part.y > 200 + belt.half_width + 20             # off the belt on the left side
    assert part.x == pytest.approx(500, abs=5)
    pusher.write("extend", False)
    scans(plant, 80)
    assert pusher.read("retracted") is True
    y_rest = part.y
    scans(plant, 50)
    assert part.y == pytest.approx(y_rest, abs=0.01)      # floor friction stopped it


@pytest.mark.parametrize("turned_deg, off_centre_mm", [(-10, -6), (-12, -8), (-15, -6)])
def test_a_turned_part_whose_corner_swings_into_a_rail_gap_is_led_back_and_runs_on(turned_deg, off_centre_mm):
    # a blunt rail end past the gap caught the corner: the part turned across the belt and stuck
    plant, belt = belt_plant(speed=300, guide_gaps=(("right", 478, 522),))
    belt.write("run", True)
    part = plant.add(Workpiece("c", *belt.point(400, off_centre_mm), part_kind="carrier", width=80,
                               length=100, angle_deg=turned_deg))
    scans(plant, 300)
    assert part.x > 900 and abs(part.state()["angle_deg"]) < 20


def test_a_rail_piece_is_flared_outward_where_it_meets_a_gap_and_straight_at_the_belt_ends():
    plant, belt = belt_plant(guide_gaps=(("right", 400, 500),))
    right = sorted((round(x0), round(y0), round(x1), round(y1)) for x0, y0, x1, y1 in belt.state()["guides"]
                   if max(y0, y1) < 200)
    assert right == [(0, 148, 380, 148), (380, 148, 400, 142), (500, 142, 520, 148), (520, 148, 1000, 148)]


def test_pusher_stalls_when_a_guide_rail_holds_the_part():
    plant, belt = belt_plant()                           # rails along both edges, no gap
    pusher = plant.add(Pusher("push", *belt.point(500, -80), angle_deg=90, stroke=180, extend_s=0.5))
    part = plant.add(Workpiece("p1", *belt.point(500), width=50, length=50))
    pusher.write("extend", True)
    scans(plant, 100)
    assert 222 <= part.y <= 231          # pressed against the rail (face at 250 mm), not through it
    assert pusher.read("extended") is False and pusher.state()["jammed"] is True
    pusher.write("extend", False)
    scans(plant, 60)
    assert pusher.read("retracted") is True


@pytest.mark.parametrize("solenoid", ["single", "double"])
def test_end_switches_close_only_at_the_real_end_of_stroke(solenoid):
    plant = Plant(seed=0)
    cyl = plant.add(Cylinder("cyl", 0, 0, stroke=100, extend_s=0.4, retract_s=0.2, solenoid=solenoid))
    assert (cyl.read("retracted"), cyl.read("extended")) == (True, False)
    cyl.write("extend", True)
    seen = []
    for _ in range(60):
        plant.step()
        seen.append((cyl.position, cyl.read("extended"), cyl.read("retracted")))
    assert all(ext == (pos == 100) for pos, ext, _ in seen)
    assert all(not ret for _, _, ret in seen)
    first_extended = next(i for i, (_, ext, _) in enumerate(seen) if ext)
    assert first_extended == 39                      # 0.4 s travel: end switch on the 40th scan
    if solenoid == "double":
        cyl.write("extend", False)
        scans(plant, 10)
        assert cyl.read("extended") is True          # double solenoid: valve holds its position
        cyl.write("retract", True)
    else:
        cyl.write("extend", False)                   # single solenoid: spring return
    scans(plant, 10)
    assert not cyl.read("extended") and not cyl.read("retracted")
    scans(plant, 10)
    assert cyl.read("retracted") is True


def test_cylinder_with_never_extends_fault_stalls_and_never_signals_extended():
    plant = Plant(seed=0)
    cyl = plant.add(Cylinder("cyl", 0, 0, stroke=100, extend_s=0.3, fault="never_extends",
                             stall_fraction=0.7))
    cyl.write("extend", True)
    scans(plant, 200)
    assert cyl.position == pytest.approx(70)
    assert not cyl.read("extended") and not cyl.read("retracted")


def test_a_cylinder_no_part_meets_strokes_the_same_with_no_plate_in_the_physics():
    timings = []
    for touches in (True, False):
        plant = Plant(seed=0)
        cyl = plant.add(Cylinder("cyl", 0, 0, stroke=100, extend_s=0.4, retract_s=0.2, touches_parts=touches))
        assert (len(plant.space.bodies) == 1) is touches
        seen = []
        for k in range(100):
            cyl.write("extend", k < 50)
            plant.step()
            seen.append((cyl.position, cyl.moving, cyl.read("extended"), cyl.read("retracted")))
        timings.append(seen)
    assert timings[0] == timings[1]
    assert timings[1][39][2] and timings[1][70][3] and timings[1][45][1] is False


def test_cylinder_rejects_unknown_command_with_a_clear_message():
    cyl = Cylinder("cyl", 0, 0)
    with pytest.raises(KeyError, match="cyl has no command 'retract'"):
        cyl.write("retract", True)


# -- sensors -----------------------------------------------------------------------------

def eye_trace(seed: int = 1, bounce_s: float = 0.04) -> list[bool]:
    """The eye's 'blocked' output over 2 s while one part rides through its beam."""
    plant, belt = belt_plant(seed=seed)
    eye = plant.add(PhotoEye.across(belt, "eye", 500, bounce_s=bounce_s))
    plant.add(Workpiece("p1", *belt.point(300), width=50, length=50))
    belt.write("run", True)
    out = []
    for _ in range(200):
        plant.step()
        out.append(eye.read("blocked"))
    return out


def test_photo_eye_bounce_chatters_on_each_edge_and_is_seeded():
    a = eye_trace(7)
    assert a == eye_trace(7)                         # same seed: same chatter, bit for bit
    assert a != eye_trace(8)                         # another seed: other chatter
    edges = sum(1 for i in range(1, len(a)) if a[i] != a[i - 1])
    assert edges > 2                                 # more than the two real edges
    ref = eye_trace(bounce_s=0.0)
    # outside 40 ms after each true edge, the bouncing output equals the clean one
    true_edges = [i for i in range(1, 200) if ref[i] != ref[i - 1]]
    assert len(true_edges) == 2
    for i in range(200):
        if not any(e <= i < e + 5 for e in true_edges):
            assert a[i] == ref[i], i


def test_reading_a_bouncing_sensor_often_does_not_change_the_run():
    def run(reads_per_scan: int) -> list[bool]:
        plant, belt = belt_plant(seed=3)
        eye = plant.add(PhotoEye.across(belt, "eye", 500, bounce_s=0.05))
        plant.add(Workpiece("p1", *belt.point(300)))
        belt.write("run", True)
        out = []
        for _ in range(120):
            plant.step()
            for _ in range(reads_per_scan):
                value = eye.read("blocked")
            out.append(value)
        return out

    assert run(1) == run(5)     # a debugger drawing the sensor must not alter the trace


def test_inductive_proximity_sees_only_metal_capacitive_sees_both():
    plant = Plant(seed=0)
    inductive = plant.add(ProximitySensor("ind", 100, 0, range_mm=20, technology="inductive"))
    capacitive = plant.add(ProximitySensor("cap", 300, 0, range_mm=20, technology="capacitive"))
    plastic = plant.add(Workpiece("plastic", 100, 0, material="plastic", colour="red"))
    metal = plant.add(Workpiece("metal", 300, 0, material="metal"))
    scans(plant, 1)
    assert inductive.read("detected") is False
    assert capacitive.read("detected") is True
    plastic.body.position = (300, 200)
    metal.body.position = (100, 10)
    scans(plant, 1)
    assert inductive.read("detected") is True
    assert capacitive.read("detected") is False
    with pytest.raises(ValueError, match="inductive"):
        ProximitySensor("bad", 0, 0, technology="optical")


def test_inspection_sensor_reports_kind_colour_height_after_measuring_delay():
    plant, belt = belt_plant()
    cam = plant.add(InspectionSensor("cam", *belt.point(500), zone_length=80, measure_s=0.2))
    plant.add(Workpiece("p1", *belt.point(350), part_kind="B", code=2, colour="blue", height_mm=42.4))
    belt.write("run", True)
    rows = []
    for _ in range(200):
        plant.step()
        rows.append(tuple(cam.read(s) for s in cam.signals))
    present = [i for i, r in enumerate(rows) if r[0]]
    valid = [i for i, r in enumerate(rows) if r[1]]
    assert present and valid
    assert valid[0] - present[0] in (19, 20)                    # 0.2 s measuring time
    assert rows[valid[0]][2:] == (2, COLOUR_CODES["blue"], 42)
    assert all(r[2:] == (0, 0, 0) for r in rows if not r[1])    # no result, no code
    assert not rows[-1][0] and not rows[-1][1]                   # part gone: result cleared


def test_inspection_needs_the_part_to_stay_the_whole_measuring_time():
    plant, belt = belt_plant(speed=400)
    cam = plant.add(InspectionSensor("cam", *belt.point(500), zone_length=40, measure_s=0.3))
    plant.add(Workpiece("p1", *belt.point(300)))
    belt.write("run", True)
    valid_seen = False
    for _ in range(150):
        plant.step()
        valid_seen |= cam.read("result_valid")
    assert not valid_seen       # passes the 40 mm zone in 0.1 s: never measured


# -- feeder --------------------------------------------------------------------------------

def test_feeder_releases_parts_on_schedule_and_waits_for_a_clear_place():
    plant, belt = belt_plant()
    feeder = plant.add(Feeder("magazine", *belt.point(60), schedule=[
        (0.5, {"part_kind": "A"}), (0.5, {"part_kind": "B", "colour": "red", "material": "plastic"}),
    ]))
    scans(plant, 49)
    assert material_flow(plant).parts == []
    scans(plant, 2)
    parts = material_flow(plant).parts
    assert [p.part_kind for p in parts] == ["A"]
    scans(plant, 30)
    assert len(parts) == 1                    # belt stopped: the place stays occupied
    belt.write("run", True)
    scans(plant, 60)
    assert [p.part_kind for p in parts] == ["A", "B"]
    assert feeder.read("empty") is True
    assert plant["part2"].material == "plastic"
    parts[0].remove()
    assert "part1" not in plant.devices and len(parts) == 1


def test_feeder_with_clearance_waits_until_the_previous_part_is_that_far_away():
    plant, belt = belt_plant(speed=200, ramp_s=0.0)
    plant.add(Feeder("infeed", *belt.point(60), clearance_mm=150.0,
                     schedule=[(0.0, {"length": 80}), (0.0, {"length": 80})]))
    belt.write("run", True)
    scans(plant, 1)
    parts = material_flow(plant).parts
    first = parts[0]
    while len(parts) == 1:
        scans(plant, 1)
    # the second comes when the first's centre is 0.5*80 + radius + 150 mm on, not before
    gap = (first.x - parts[1].x) - 80
    radius = 0.5 * (80 ** 2 + 50 ** 2) ** 0.5
    assert 40 + radius + 150 - 80 <= gap < 40 + radius + 150 - 80 + 200 * 0.01 + 1


def test_a_feeder_paced_by_its_belt_holds_its_schedule_while_the_belt_stands():
    plant, belt = belt_plant(speed=200, ramp_s=0.0)
    plant.add(Feeder("infeed", *belt.point(60), paced_by=("belt", "running"),
                     schedule=[(0.2, {}), (0.7, {})]))
    parts = material_flow(plant).parts
    scans(plant, 50)
    assert parts == []                        # belt stopped: the line's clock stands
    belt.write("run", True)
    scans(plant, 21)
    assert len(parts) == 1
    belt.write("run", False)
    scans(plant, 100)
    assert len(parts) == 1                    # the place is free, but the line waits with the belt
    belt.write("run", True)
    scans(plant, 48)
    assert len(parts) == 1
    scans(plant, 2)
    assert len(parts) == 2                    # 0.5 s of running after the first, as scheduled
    assert parts[0].x - parts[1].x > 90       # about 0.5 s x 200 mm/s apart, not bunched


def test_workpiece_rejects_bad_description_with_a_clear_message():
    with pytest.raises(ValueError, match="unknown colour 'purple'"):
        Workpiece("p", 0, 0, colour="purple")
    with pytest.raises(ValueError, match="material must be"):
        Workpiece("p", 0, 0, material="wood")


def test_state_carries_what_the_renderer_draws():
    plant, belt = belt_plant()
    part = plant.add(Workpiece("p1", 100, 200, shape="circle", width=40, colour="red"))
    pusher = plant.add(Pusher("push", 500, 100, angle_deg=90))
    s = part.state()
    assert (s["shape"], s["width"], s["rgb"]) == ("circle", 40.0, (200, 40, 40))
    b = belt.state()
    assert {"x", "y", "length", "width", "angle_deg", "running", "belt_offset"} <= set(b)
    pusher.write("extend", True)
    scans(plant, 20)
    c = pusher.state()
    assert c["angle_deg"] == 90
    assert (c["tip_x"], c["tip_y"]) == pytest.approx((500, 100 + c["position"]))
    assert c["plate_y"] == pytest.approx(c["tip_y"] + c["plate_depth"] / 2)


# -- gripper ---------------------------------------------------------------------------------

def gripper_plant(part_at: tuple[float, float] | None = (400, 300), **kw):
    plant = Plant(seed=0)
    kw.setdefault("close_s", 0.5)
    grip = plant.add(Gripper("gripper", 400, 300, open_width=90, **kw))
    part = plant.add(Workpiece("p1", *part_at, width=50, length=50)) if part_at else None
    return plant, grip, part


def test_gripper_holds_only_a_part_that_is_between_the_jaws():
    plant, grip, part = gripper_plant()
    assert grip.read("opened") is True
    grip.write("close", True)
    held_at = None
    for i in range(100):
        plant.step()
        if grip.read("part_held") and held_at is None:
            held_at = i
    # the jaws travel (90 - 50) mm of a 90 mm stroke in 0.5 s -> about 0.22 s
    assert held_at in (21, 22, 23)
    assert grip.gap == pytest.approx(50)
    assert not grip.read("closed_empty") and not grip.read("opened")
    assert part.state()["held"] is True


def test_gripper_closing_on_nothing_closes_fully_and_never_reports_held():
    plant, grip, _ = gripper_plant(part_at=(600, 300))     # part beside the gripper, not between the jaws
    grip.write("close", True)
    held = False
    for _ in range(100):
        plant.step()
        held |= grip.read("part_held")
    assert not held
    assert grip.read("closed_empty") is True and grip.gap == 0.0


def test_part_placed_after_the_jaws_closed_is_not_held():
    plant, grip, _ = gripper_plant(part_at=None)
    grip.write("close", True)
    scans(plant, 60)
    plant.add(Workpiece("late", 400, 300, width=50, length=50))
    scans(plant, 20)
    assert grip.read("part_held") is False and grip.read("closed_empty") is True


def test_settle_time_delays_the_held_signal_and_opening_releases_the_part():
    plant, grip, part = gripper_plant(settle_s=0.2)
    grip.write("close", True)
    rows = []
    for _ in range(60):
        plant.step()
        rows.append((grip.part is not None, grip.read("part_held")))
    contact = next(i for i, r in enumerate(rows) if r[0])
    held = next(i for i, r in enumerate(rows) if r[1])
    assert held - contact in (19, 20)
    grip.write("close", False)
    plant.step()
    assert grip.read("part_held") is False and part.state()["held"] is False
    scans(plant, 40)
    assert grip.read("opened") is True


def test_an_off_centre_part_is_centred_by_the_jaws_and_follows_a_carried_gripper():
    plant, grip, part = gripper_plant(part_at=(415, 308))
    grip.write("close", True)
    scans(plant, 40)
    assert grip.read("part_held")
    assert (part.x, part.y) == pytest.approx((400, 308), abs=1e-6)   # centred along the jaw axis
    for i in range(1, 11):
        grip.move_to(400 + 10 * i, 300)
        plant.step()
    assert (part.x, part.y) == pytest.approx((500, 308), abs=1e-6)
    part.remove()
    assert grip.read("part_held") is False


# -- panel -----------------------------------------------------------------------------------

def test_push_button_is_no_stop_button_and_estop_are_nc():
    start = PushButton("start", label="Start")
    stop = StopButton("stop")
    estop = EmergencyStop("estop")
    assert (start.read("pressed"), stop.read("contact"), estop.read("contact")) == (False, True, True)
    start.operate(True)
    stop.operate(True)
    estop.operate(True)
    assert (start.read("pressed"), stop.read("contact"), estop.read("contact")) == (True, False, False)
    assert estop.tripped
    estop.operate(False)                 # pulled out: reset
    assert estop.read("contact") is True
    with pytest.raises(KeyError, match="stop has no signal 'pressed'"):
        stop.read("pressed")


def test_selector_switch_reports_position_word_and_contacts():
    sel = SelectorSwitch("mode", ("Off", "Manual", "Auto"))
    sel.operate(2)
    assert sel.read("position") == 2
    assert [sel.read(f"pos{i}") for i in range(3)] == [False, False, True]
    with pytest.raises(ValueError, match="positions 0..2"):
        sel.operate(3)


def test_lamp_and_stack_light_follow_their_commands():
    lamp = Lamp("done", color="green")
    tower = StackLight("tower")
    lamp.write("on", True)
    tower.write("red", True)
    tower.write("buzzer", True)
    assert lamp.state()["on"] is True and lamp.read("lit") is True
    s = tower.state()
    assert (s["red"], s["amber"], s["green"], s["buzzer"]) == (True, False, False, True)
    with pytest.raises(ValueError, match="unknown colour"):
        Lamp("x", color="purple")
