"""The fill chute alone (no task): a part leaves the belt end into the chute, the drop eye pulses,
the part lands fall_s later in the carton under the drop point (the landed eye's falling edge),
or beside it when none is there; a carton moved under a falling part is logged; a carton that
leaves the plant is delivered with its contents."""

from __future__ import annotations

from tests.sim.packing import SCAN, line, steps, until


def test_a_part_drops_with_a_pulse_and_lands_fall_s_later_in_the_carton():
    plant, belt, chute = line(fall_s=0.3, parts=1)
    belt.write("run", True)
    until(plant, lambda: chute.drops)
    t_drop, part, carton = chute.drops[0]
    assert carton == "carton0" and chute.read("drop_eye") and not chute.read("landed_eye")
    steps(plant, 6)
    assert not chute.read("drop_eye")                               # a pulse of about 0.05 s
    until(plant, lambda: chute.read("landed_eye"))
    assert chute.time - t_drop >= 0.3 - 0.05 - 1e-9
    until(plant, lambda: not chute.read("landed_eye"))
    assert chute.landings == [(chute.landings[0][0], part, "carton0")]
    assert abs(chute.landings[0][0] - t_drop - 0.3) < SCAN + 1e-9 and chute.contents["carton0"] == 1


def test_touching_parts_each_give_their_own_drop_pulse():
    plant, belt, chute = line(speed=300.0, parts=3, pitch=41.0, fall_s=0.2)
    belt.write("run", True)
    pulses, was = 0, False
    for _ in range(400):
        plant.step(SCAN)
        now = chute.read("drop_eye")
        pulses += now and not was
        was = now
    assert pulses == 3 and len(chute.drops) == 3 and chute.contents["carton0"] == 3


def test_a_part_with_no_carton_under_the_chute_is_spilled():
    plant, belt, chute = line(parts=1, carton_at_start=False, erect=0)
    belt.write("run", True)
    until(plant, lambda: chute.landings)
    assert chute.drops[0][2] is None and chute.spilled and chute.landings[0][2] is None


def test_a_carton_moved_while_a_part_falls_into_it_is_logged():
    plant, belt, chute = line(parts=1, fall_s=0.5)
    belt.write("run", True)
    until(plant, lambda: chute.drops)
    plant["stopper"].write("extend", False)
    plant["carton_belt"].write("run", True)
    until(plant, lambda: chute.moved_under)
    assert chute.moved_under[0][1:] == ("carton0", chute.drops[0][1])


def test_a_carton_that_leaves_the_plant_is_delivered_with_its_contents():
    plant, belt, chute = line(parts=2, pitch=120.0)
    belt.write("run", True)
    until(plant, lambda: len(chute.landings) == 2)
    chute.cartons["carton0"].remove()          # a take-away collects it
    steps(plant, 1)
    assert chute.delivered == [(chute.delivered[0][0], "carton0", 2)]
