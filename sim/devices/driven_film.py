"""A film tube pulled by a servo: a PackFilm (sim.devices.flow_wrapper) whose travel is the
travel of a SyncAxis (the draw chain, 1:1 in mm), not a host's speed schedule. For a machine run
from the PLC's own virtual master (MOT-H09): the program's master drives the chain, the film
with its packs and marks moves exactly as the chain does (a chain that trips brakes the film
with it), and a line encoder or mark eye on the film sees that travel.

    chain = plant.add(SyncAxis("chain", accel=3000.0))       # add the drive first
    film = plant.add(DrivenFilm("film", chain, pitch_mm=300.0, pack_mm=200.0))

Signals: none of its own (a BeltEncoder counts its travel, a MarkEye sees its marks).
"""

from __future__ import annotations

from sim.devices.flow_wrapper import PackFilm
from sim.devices.sync_axis import SyncAxis


class DrivenFilm(PackFilm):
    kind = "film"

    def __init__(self, name: str, drive: SyncAxis, **kw):
        super().__init__(name, **kw)
        self.drive = drive
        self._origin = drive.pos

    def step(self, dt: float) -> None:
        # after the drive's step (add the film after its drive)
        self.travel_mm = self.drive.pos - self._origin
        self.velocity = self.drive.vel
        self.time_s += dt
