"""A small packing line for the packing devices' tests (test_devices_fill_chute.py,
test_devices_two_speed_conveyor.py, test_devices_spaced_feeder.py, test_devices_carton_erector.py):
a two-speed product belt dropping into a fill chute over a carton belt with a stopper, and
stepping helpers."""

from __future__ import annotations

from sim.devices.carton_erector import CartonErector
from sim.devices.conveyor import Conveyor
from sim.devices.fill_chute import FillChute
from sim.devices.pneumatics import Stopper
from sim.devices.sensors import PhotoEye
from sim.devices.spaced_feeder import SpacedFeeder
from sim.devices.two_speed_conveyor import TwoSpeedConveyor
from sim.devices.workpiece import Workpiece
from sim.plant import Plant
from tests.sim.weighing import SCAN, steps, until

__all__ = ["SCAN", "line", "steps", "until"]
PART = dict(part_kind="A", colour="blue", material="plastic", width=60.0, length=40.0)
CARTON = dict(part_kind="carton", colour="orange", material="plastic", width=200.0, length=200.0, mass=2.0)


def line(*, speed=200.0, ramp_s=0.2, fall_s=0.3, parts=3, pitch=100.0, carton_at_start=True, late_s=(1.0,),
         erect=1, first_s=None):
    """Product belt x 0..600 at y = 0; carton belt along +y at x = 760 (carton at the stopper centred
    on y = 0); the carton_out eye 250 mm past the stopper."""
    plant = Plant(seed=3, substeps=1)
    belt = plant.add(TwoSpeedConveyor("belt", 300, 0, length=600, width=100, speed=speed, ramp_s=ramp_s))
    cbelt = plant.add(Conveyor("carton_belt", 760, -150, length=1300, width=240, angle_deg=90, speed=200,
                               ramp_s=0.05))
    plant.add(Stopper.beside(cbelt, "stopper", 906, side="right", start_extended=True))
    plant.add(PhotoEye.across(cbelt, "carton_out", 1156))
    chute = plant.add(FillChute("chute", belt, 760, 0, fall_s=fall_s))
    if carton_at_start:
        plant.add(Workpiece("carton0", 760, 0, **CARTON))
    plant.add(CartonErector("erector", *cbelt.point(110), carton=CARTON, count=erect, late_s=list(late_s),
                            first_s=first_s, after=("carton_out", "blocked")))
    plant.add(SpacedFeeder("upstream", *belt.point(500), belt="belt", parts=[PART] * parts,
                           pitch_mm=[pitch] * (parts - 1)))
    return plant, belt, chute

