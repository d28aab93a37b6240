"""Plant simulator layer: devices, physics, the scan loop, judges and the verifier."""

from sim.plant import Device, Plant
from sim.session import Session

__all__ = ["Device", "Plant", "Session"]
