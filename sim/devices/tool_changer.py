"""Automatic tool changer between a robot's flange and its tools, with the tool rack: the robot
(sim.devices.robot.Robot) docks at a rack slot (a robot station) to leave or take a tool.

The coupling is a pneumatic locking piston on a double-solenoid (bistable) valve: 'lock' TRUE
drives it closed, 'unlock' TRUE drives it open, neither keeps it going where it was last told
(both: no change), taking `lock_s` for the stroke either way. Feedback: 'locked' (fully
closed) and 'unlocked' (fully open). A tool on the flange is held only while the coupling is
closed: 'tool_id' reads the id chip of a tool locked on the flange (0 with no tool, or while the
coupling is not fully locked).

The rack: `slots` maps robot station numbers to the tool whose own slot each is; the tool
`mounted` at power-up (0 = none) is on the flange, its slot empty. 'tool_in_slot_<k>' is the
proximity switch of the k-th slot (in the order given), TRUE while a tool stands in it. With the
robot at rest at a slot:
- an empty, unlocked flange over a tool couples it as the coupling reaches locked (`fetched`);
- a tool on the flange stays in its slot as the coupling reaches unlocked (`parked`).
A tool on a flange that opens anywhere else falls off (`dropped`); the robot moving (judged from
its position: a start re-sent to where it stands moves nothing) while the coupling is neither
locked nor unlocked tears at the half-coupled tool (`half_locked_moves`, and a tool on the flange
then falls off). A lock attempt listed in `fail_locks` (1-based count of lock strokes begun)
jams at 60 %: it never reaches locked until the coupling is opened and closed again.

    changer = plant.add(ToolChanger("changer", robot="robot", slots={4: 1, 5: 2}, mounted=0,
                                    lock_s=0.3))
"""

from __future__ import annotations

from typing import Any

from sim.devices.robot import Robot
from sim.plant import Device

JAM_AT = 0.6


class ToolChanger(Device):
    kind = "tool changer"
    layer = 5
    commands = ("lock", "unlock")

    def __init__(self, name: str, *, robot: str, slots: dict[int, int], mounted: int = 0,
                 lock_s: float = 0.3, fail_locks: tuple[int, ...] = (), slot_size_mm: float = 110.0,
                 label: str = ""):
        super().__init__(name)
        if lock_s <= 0.0:
            raise ValueError(f"{name}: lock_s must be positive")
        self.robot_name = robot
        self.slot_stations = tuple(int(n) for n in slots)
        self.home = {int(t): int(n) for n, t in slots.items()}        # each tool's own slot
        self.mounted = int(mounted)
        if self.mounted and self.mounted not in self.home:
            raise ValueError(f"{name}: tool {mounted} has no slot in the rack")
        self.in_slot = {int(n): (0 if int(t) == self.mounted else int(t)) for n, t in slots.items()}
        self.lock_s = float(lock_s)
        self.fail_locks = tuple(int(k) for k in fail_locks)
        self.slot_size_mm = float(slot_size_mm)
        self.label = label or name
        self.signals = ("locked", "unlocked", "tool_id",
                        *(f"tool_in_slot_{k}" for k in range(1, len(self.slot_stations) + 1)))
        self.closing = self.mounted != 0      # the valve's last word: closing (lock) or opening
        self.coupling = 1.0 if self.mounted else 0.0
        self.lock_cmd = self.unlock_cmd = False
        self.strokes = 0                       # lock strokes begun
        self.jammed = False
        self.time = 0.0
        self.fetched: list[tuple[float, int, int]] = []      # (time_s, station, tool)
        self.parked: list[tuple[float, int, int]] = []
        self.dropped: list[tuple[float, int, str]] = []      # (time_s, tool, where)
        self.half_locked_moves: list[tuple[float, float]] = []   # (time_s, coupling)
        self.opened_with_tool: list[tuple[float, int, int]] = []  # (time_s, tool, station or 0)
        self.robot: Robot | None = None

    def attach(self, plant) -> None:
        super().attach(plant)
        self.robot = plant.device(self.robot_name, Robot)
        self._where = (self.robot.x, self.robot.y)

    # -- PLC side -------------------------------------------------------------------------
    def write(self, command: str, value: Any) -> None:
        if command == "lock":
            self.lock_cmd = bool(value)
        elif command == "unlock":
            self.unlock_cmd = bool(value)
        else:
            super().write(command, value)

    @property
    def locked(self) -> bool:
        return self.coupling >= 1.0

    @property
    def unlocked(self) -> bool:
        return self.coupling <= 0.0

    @property
    def at_slot(self) -> int:
        """The slot station the robot stands at, at rest (0 if none)."""
        r = self.robot
        st = r.station
        return st.number if (st is not None and not r.busy and st.number in self.in_slot) else 0

    def read(self, signal: str) -> Any:
        if signal == "locked":
            return self.coupling >= 1.0
        if signal == "unlocked":
            return self.coupling <= 0.0
        if signal == "tool_id":
            return self.mounted if self.coupling >= 1.0 else 0
        if signal.startswith("tool_in_slot_"):
            k = int(signal.rsplit("_", 1)[1])
            if 1 <= k <= len(self.slot_stations):
                return self.in_slot[self.slot_stations[k - 1]] != 0
        return super().read(signal)

    # -- mechanics -------------------------------------------------------------------------
    def step(self, dt: float) -> None:
        self.time += dt
        t = round(self.time, 3)
        if self.lock_cmd != self.unlock_cmd:
            if self.lock_cmd and not self.closing:
                self.closing = True
                self.strokes += 1
                self.jammed = self.strokes in self.fail_locks
            elif self.unlock_cmd and self.closing:
                self.closing = False
                self.jammed = False
        before = self.coupling
        rate = dt / self.lock_s
        if self.closing:
            top = JAM_AT if self.jammed else 1.0
            self.coupling = min(top, before + rate) if before < top else before
        else:
            self.coupling = max(0.0, before - rate)
        if self.coupling >= 1.0 - 1e-9 and self.closing and not self.jammed:
            self.coupling = 1.0
        elif self.coupling <= 1e-9:
            self.coupling = 0.0
        slot = self.at_slot
        if self.coupling < before and self.mounted and before >= 1.0:
            self.opened_with_tool.append((t, self.mounted, slot))
        here = (self.robot.x, self.robot.y)
        moved, self._where = here != self._where, here      # from position: a re-sent start moves nothing
        if moved and 0.0 < self.coupling < 1.0:
            self.half_locked_moves.append((t, self.coupling))
            if self.mounted:
                self.dropped.append((t, self.mounted, "torn off a half-locked coupling"))
                self.mounted = 0
        if slot:
            if not self.mounted and self.in_slot[slot] and self.coupling >= 1.0 and before < 1.0:
                self.mounted, self.in_slot[slot] = self.in_slot[slot], 0
                self.fetched.append((t, slot, self.mounted))
            elif self.mounted and self.coupling <= 0.0 < before:
                if self.in_slot[slot]:
                    self.dropped.append((t, self.mounted, f"onto the tool in slot station {slot}"))
                else:
                    self.in_slot[slot] = self.mounted
                    self.parked.append((t, slot, self.mounted))
                self.mounted = 0
        elif self.mounted and self.coupling <= 0.0 < before:
            self.dropped.append((t, self.mounted, "away from the rack"))
            self.mounted = 0

    # -- drawing --------------------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        r = self.robot
        return {"x": r.x, "y": r.y, "coupling": self.coupling, "mounted": self.mounted,
                "locked": self.locked, "unlocked": self.unlocked, "in_slot": dict(self.in_slot),
                "label": self.label}

    def extent(self) -> list[tuple[float, float]]:
        pts = []
        for n in self.slot_stations:
            st = self.robot.stations[n]
            h = self.slot_size_mm / 2 + 30
            pts += [(st.x - h, st.y - h), (st.x + h, st.y + h)]
        return pts

    def draw(self, pen) -> None:
        s, name = self.state(), self.name
        shapes = []
        for k, n in enumerate(self.slot_stations, start=1):
            st = self.robot.stations[n]
            size = self.slot_size_mm
            shapes += pen.rect_rotated(st.x, st.y, size, size, 0.0, "FRAME", border=3)
            tool = s["in_slot"][n]
            if tool:
                pen.circle(st.x, st.y, size * 0.32, "CYLINDER")
                pen.text(f"T{tool}", *pen.px(st.x, st.y), "TEXT_DARK", 12, screen=True)
            pen.circle(st.x + size / 2 - 12, st.y - size / 2 + 12, 7.0, "LIT" if tool else "UNLIT")
            pen.label(f"tool slot {k}", st.x, st.y - size / 2 - 14)
        # the tool on the flange and the coupling's state, at the robot's tool point
        x, y = s["x"], s["y"]
        if s["mounted"]:
            pen.circle(x, y, 44.0, "CYLINDER")          # the tool's body, around the jaws
        colour = "LIT" if s["locked"] else ("UNLIT" if s["unlocked"] else "BUSY")
        pen.circle(x, y, 12.0 + 8.0 * s["coupling"], colour, width=3)
        word = "locked" if s["locked"] else ("unlocked" if s["unlocked"] else f"{s['coupling'] * 100:.0f}%")
        tool = f"tool {s['mounted']}" if s["mounted"] else "no tool"
        pen.label(f"{tool}, coupling {word}", x + 70, y - 30)
        pen.hot(name, self.kind, shapes)
