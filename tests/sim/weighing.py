"""A small filling station for the weighing devices' tests (tests/sim/test_devices_carton.py,
test_devices_weigh_scale.py, test_devices_bulk_doser.py): a Carton stream on a WeighScale under a
BulkDoser, and stepping helpers."""

from __future__ import annotations

from sim.devices.bulk_doser import BulkDoser
from sim.devices.carton import Carton
from sim.devices.weigh_scale import WeighScale
from sim.plant import Plant

SCAN = 0.01


def station(settle_s=0.5, afterflow_g=3.0, fine_gs=3.0, coarse_gs=100.0, tares=(80.0, 120.0), change_s=1.0):
    plant = Plant(seed=2, substeps=1)
    carton = plant.add(Carton("carton", 0, 0, tares_g=list(tares), change_s=change_s))
    scale = plant.add(WeighScale("scale", 0, 0, load="carton", settle_s=settle_s, noise_g=0.2))
    doser = plant.add(BulkDoser("doser", 0, 300, into="carton", coarse_gs=coarse_gs, fine_gs=fine_gs,
                                afterflow_g=afterflow_g))
    return plant, carton, scale, doser


def steps(plant, n):
    for _ in range(n):
        plant.step(SCAN)


def until(plant, cond, limit=3000):
    for k in range(limit):
        if cond():
            return k
        plant.step(SCAN)
    raise AssertionError("never happened")
