"""The gravity magazine (sim/devices/magazine.py) with its two stoppers, alone in a small plant."""

from __future__ import annotations

import pytest

from sim.devices.chute import Chute
from sim.devices.magazine import GravityMagazine
from sim.devices.pneumatics import Stopper
from sim.devices.sensors import PhotoEye
from sim.plant import Plant

L = 50.0


def magazine(first_gap=0, release_out=True, hold_out=False, speed=250.0, n=5, stroke_s=0.2):
    plant = Plant(seed=1, substeps=1)
    mag = GravityMagazine("mag", 0, 0, length=600, release="release", release_at=570, hold="hold",
                          hold_at=570 - 1.5 * L, slide_speed=speed, first_gap=first_gap,
                          parts=[dict(width=40, length=L)] * n)
    plant.add(Stopper.beside(mag, "hold", 570 - 1.5 * L, solenoid="double", extend_s=stroke_s,
                             retract_s=stroke_s, start_extended=hold_out))
    plant.add(Stopper.beside(mag, "release", 570, solenoid="double", extend_s=stroke_s,
                             retract_s=stroke_s, start_extended=release_out))
    plant.add(mag)
    eye = plant.add(PhotoEye.across(mag, "exit", 580))
    tray = plant.add(Chute("tray", 600, -100, 800, 100))
    return plant, mag, eye, tray


def run(plant, seconds):
    for _ in range(round(seconds * 100)):
        plant.step()


def command(plant, name, out):
    rod = plant[name]
    rod.write("extend", out)
    rod.write("retract", not out)


def test_the_stack_rests_nose_to_tail_on_the_release_pin():
    plant, mag, eye, tray = magazine()
    run(plant, 1.0)
    assert mag.read("count") == 5 and not mag.read("empty")
    assert mag.lead == pytest.approx([570, 520, 470, 420, 370])
    assert mag.resting_at_release() and not eye.read("blocked") and not tray.collected


def test_opening_the_release_alone_lets_the_whole_stack_run_out_at_slide_speed():
    plant, mag, eye, tray = magazine(speed=250.0)
    command(plant, "release", False)
    run(plant, 0.2)                        # the pin blocks down to 15 % of its stroke: out after 0.17 s
    lead0 = mag.lead[0]
    run(plant, 0.1)
    assert mag.lead[0] - lead0 == pytest.approx(25.0, abs=0.01)    # 250 mm/s
    run(plant, 3.0)
    assert len(tray.collected) == 5 and mag.read("empty")


def test_the_hold_clamp_pins_the_second_part_so_exactly_one_leaves():
    plant, mag, eye, tray = magazine()
    command(plant, "hold", True)
    run(plant, 0.3)
    assert mag.clamped is mag.parts[1]
    command(plant, "release", False)
    blocked = []
    for _ in range(100):
        plant.step()
        blocked.append(eye.read("blocked"))
    assert any(blocked) and not blocked[-1]           # the part passed the exit eye
    assert len(tray.collected) == 1 and mag.read("count") == 4
    assert mag.lead[0] == pytest.approx(520)          # the second part stays where it was pinned
    command(plant, "release", True)
    run(plant, 0.3)
    command(plant, "hold", False)
    run(plant, 0.5)
    assert mag.resting_at_release() and mag.lead[0] == pytest.approx(570)
    assert not mag.strikes


def test_a_release_pin_driven_onto_a_leaving_part_is_logged_and_the_part_still_leaves():
    plant, mag, eye, tray = magazine()
    command(plant, "hold", True)
    run(plant, 0.3)
    command(plant, "release", False)
    while not eye.read("blocked"):
        plant.step()
    command(plant, "release", True)                    # the part still lies across the pin's line
    run(plant, 0.5)
    assert [(who, part) for _, who, part in mag.strikes] == [("release", "part1")]
    assert len(tray.collected) == 1


def test_with_the_first_place_empty_the_clamp_holds_the_stack_at_power_up():
    plant, mag, eye, tray = magazine(first_gap=1, release_out=False, hold_out=True)
    run(plant, 1.0)
    assert mag.read("count") == 4 and not tray.collected      # the clamp pins part 2 and the rest
    assert not mag.resting_at_release()
    command(plant, "release", True)
    run(plant, 0.3)
    command(plant, "hold", False)
    run(plant, 0.6)
    assert mag.resting_at_release() and not tray.collected


def test_a_clamp_that_comes_in_over_no_part_stops_the_parts_like_a_pin():
    plant, mag, eye, tray = magazine(first_gap=0, n=1)      # one part: nothing under the clamp
    command(plant, "hold", True)
    run(plant, 0.3)
    assert mag.clamped is None
    command(plant, "release", False)
    run(plant, 1.0)
    assert len(tray.collected) == 1


def test_bad_geometry_is_refused_with_a_clear_message():
    with pytest.raises(ValueError, match="hold_at < release_at"):
        GravityMagazine("m", 0, 0, length=100, release="r", release_at=120, hold="h", hold_at=50,
                        slide_speed=100, parts=[])
