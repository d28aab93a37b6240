"""TrayMachine (sim/devices/tray_machine.py): pulls a tray from its infeed shelf, fills it for its
cycle, pushes it onto its outfeed shelf when that is clear, with the lift a plain height."""

from __future__ import annotations

from sim.devices.tray_machine import TrayMachine
from sim.devices.tray_tower import CarriageFingers, Tray, TrayPlace, TrayTower
from sim.plant import Device, Plant


class Height(Device):
    def __init__(self, name, pos):
        super().__init__(name)
        self.pos, self.vel = pos, 0.0


def cell(infeed=1, outfeed=0, inside=None, order=2):
    plant = Plant(substeps=1)
    plant.add(Height("lift", 0.0))
    fingers = plant.add(CarriageFingers("fingers", 90.0, 0.0, stroke=100.0, extend_s=0.1, retract_s=0.1))
    places = (TrayPlace("outfeed", 600.0, 1, [Tray(50, True)] if outfeed else [], (560.0, 700.0)),
              TrayPlace("infeed", 800.0, 1, [Tray(n) for n in range(infeed)], (760.0, 900.0)))
    tower = plant.add(TrayTower("rack", lift="lift", fingers="fingers", places=places, pitch_mm=40.0,
                                finger_mm=15.0, eye_mm=10.0))
    machine = plant.add(TrayMachine("machine", tower="rack", infeed="infeed", outfeed="outfeed", cycle_s=1.0,
                                    order=order, pull_s=0.2, push_s=0.2, inside_filled_s=inside))
    return plant, tower, machine, fingers


def run(plant, seconds):
    for _ in range(round(seconds / 0.01)):
        plant.step(0.01)


def test_it_pulls_the_infeed_tray_at_once_and_fills_it_for_its_cycle():
    plant, tower, machine, _ = cell()
    run(plant, 0.01)
    assert machine.phase == "pulling" and not tower.places["infeed"].trays
    run(plant, 0.25)
    assert machine.read("filling")
    run(plant, 0.9)
    assert machine.read("filling")
    run(plant, 0.1)
    assert not machine.read("filling") and machine.read("done_count") == 1
    assert tower.places["outfeed"].trays[0].filled      # pushed out onto the clear outfeed


def test_it_waits_for_an_empty_tray_and_for_its_outfeed_to_clear():
    plant, tower, machine, _ = cell(infeed=0, outfeed=1, inside=0.5)
    run(plant, 0.6)
    assert machine.waiting_takeaway and not machine.waiting_empty
    tower.places["outfeed"].trays.clear()
    run(plant, 0.3)
    assert machine.waiting_empty and tower.places["outfeed"].trays
    tower.places["infeed"].trays.append(Tray(9))
    run(plant, 0.02)
    assert machine.phase == "pulling"


def test_it_does_not_pull_while_the_fingers_are_out_in_front_of_the_infeed():
    plant, tower, machine, fingers = cell()
    plant["lift"].pos = 825.0
    fingers.write("extend", True)
    run(plant, 0.3)
    assert machine.waiting_empty and tower.places["infeed"].trays


def test_it_stands_once_its_order_is_filled():
    plant, tower, machine, _ = cell(order=1)
    run(plant, 1.5)
    tower.places["infeed"].trays.append(Tray(9))
    tower.places["outfeed"].trays.clear()
    run(plant, 1.0)
    assert machine.phase == "finished" and tower.places["infeed"].trays and not machine.waiting_empty


def test_the_plain_signals_the_session_samples_match_read_after_every_step():
    # the session reads tray_eye / fork_tray / fork_full / filling / done_count from attributes
    # (Device.plain_signals) kept up to date in step, also when the machine takes or puts a
    # shelf's tray after the tower has stepped: the eye in front of the infeed shelf goes dark
    # on the very step the machine pulls the tray in
    plant, tower, machine, _ = cell(infeed=1, outfeed=0, order=2)
    plant["lift"].pos = 800.0 + 40.0 - 15.0          # the eye (10 mm above) in front of the infeed tray
    tower.refresh_signals()                           # moved by hand: no step has seen it yet
    assert tower.tray_eye and tower.read("tray_eye")
    seen = set()
    for _ in range(300):
        plant.step(0.01)
        for signal, attr in TrayTower.plain_signals.items():
            assert getattr(tower, attr) == tower.read(signal), signal
        for signal, attr in TrayMachine.plain_signals.items():
            assert getattr(machine, attr) == machine.read(signal), signal
        seen.add((tower.tray_eye, machine.is_filling, machine.done_count))
    assert (False, True, 0) in seen and (False, False, 1) in seen     # pulled, filled, pushed out
