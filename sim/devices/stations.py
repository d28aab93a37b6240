"""Request/grant access station: a station that now and then needs a shared mechanism.

The station raises 'request' at its scheduled times; the PLC moves the shared mechanism (a
transfer shuttle, a robot) to it and sets 'grant'. The station then reaches in with its arm
('arm_inside' while out of its home position), works, drops its request when the work is
done, and brings the arm home ('arm_home'). It acts on its grant alone: it does not check
where the mechanism stands, so a task's safety rule judges that.

    st = plant.add(TransferStation("station_1", 1, at_mm=250, x=350, y=440, requests=(1.0, 9.0),
                                   regap_s=0.5, arm_time_s=0.3, work_s=1.2))
    st.write("grant", True)     # once the shuttle stands at 250 mm

Its arm drive may trip once (trip_request=k: during the service of its k-th request, at
trip_point of the way through arm-in plus work; 0 = on the grant, before the arm moves): the
station's 'fault' comes on, its arm goes home (or stays there), its request stays up and it
ignores its grant until its operator has reset it, trip_reset_s after the trip. Once reset it
acts on its grant again at once, wherever the mechanism stands.
"""

from __future__ import annotations

from sim.plant import Device


class TransferStation(Device):
    """A station that needs a shared resource (a transfer shuttle, a robot) now and then.

    Request k is raised at its scheduled time, but never sooner than `regap_s` after the
    previous one was finished. Once granted, the arm reaches in (`arm_time_s`), the station
    works (`work_s`), drops its request, and retracts the arm (`arm_time_s`). A grant taken
    away before the work is done aborts it: the arm retracts and the request stays up.
    """

    kind = "transfer_station"
    # read as attributes by the I/O transfer (arm_inside, arm_home: properties giving what read gives)
    plain_signals = {"request": "request", "arm_inside": "arm_inside", "arm_home": "arm_home",
                     "fault": "fault"}
    plain_commands = {"grant": ("grant", bool)}
    layer = 0
    signals = ("request", "arm_inside", "arm_home", "fault")
    commands = ("grant",)

    def __init__(self, name: str, number: int, at_mm: float, *, x: float, y: float,
                 requests: tuple[float, ...], regap_s: float, arm_time_s: float, work_s: float,
                 width: float = 200.0, height: float = 120.0, arm_reach: float = 110.0, label: str = "",
                 arm_in_at_power_up: bool = False, trip_request: int = 0, trip_point: float = 0.0,
                 trip_reset_s: float = 3.0):
        super().__init__(name)
        self.number = number
        self.at_mm = at_mm           # where the shared mechanism must stand to serve it (mm)
        self.x, self.y = x, y
        self.width, self.height, self.arm_reach = width, height, arm_reach
        self.label = label or f"station {number}"
        self.schedule = tuple(requests)
        self.regap_s = regap_s
        self.arm_time_s = arm_time_s
        self.work_s = work_s
        self.t = 0.0
        self.phase = "idle"          # idle, waiting, extending, working, retracting
        self.request = False
        self.grant = False
        self.arm = 0.0               # 0 = home, 1 = fully in the transfer path
        self.work_left = 0.0
        self.served = 0
        self.aborts = 0
        self.last_done = -1e9
        self.requested_at: float | None = None   # while waiting for its first grant
        self.waits: list[float] = []              # time from request to grant, per request
        # arm drive trip: during the service of request number trip_request (1-based; 0 = never),
        # trip_point of the way through arm-in plus work (0: on the grant, before the arm moves)
        self.trip_request = trip_request
        self.trip_point = trip_point
        self.trip_reset_s = trip_reset_s
        self.fault = False
        self.trips = 0
        self.tripped_at: float | None = None
        self.reset_left = 0.0
        self.service_s = 0.0         # time into the current service (arm going in, then work)
        if arm_in_at_power_up:
            # power came back in the middle of its first job: the arm is in the transfer path and
            # goes home at once (no grant yet), the job's request is up from the first scan
            self.arm, self.phase = 1.0, "retracting"
            self.request, self.requested_at = True, 0.0

    @property
    def total(self) -> int:
        return len(self.schedule)

    @property
    def arm_inside(self) -> bool:
        return self.arm > 0.0

    @property
    def arm_home(self) -> bool:
        return self.arm <= 0.0

    def write(self, command, value):
        if command == "grant":
            self.grant = bool(value)
        else:
            super().write(command, value)

    def read(self, signal):
        if signal == "request":
            return self.request
        if signal == "arm_inside":
            return self.arm > 0.0
        if signal == "arm_home":
            return self.arm <= 0.0
        if signal == "fault":
            return self.fault
        return super().read(signal)

    def step(self, dt: float) -> None:
        self.t = t = self.t + dt
        phase = self.phase
        if phase == "idle":
            k = self.served
            if k < len(self.schedule) and t >= self.schedule[k] and t >= self.last_done + self.regap_s:
                self.request = True
                self.requested_at = t
                self.phase = "waiting"
        elif phase == "waiting":
            if self.grant:
                if self.requested_at is not None:
                    self.waits.append(round(t - self.requested_at, 3))
                    self.requested_at = None
                self.phase = "extending"
                self.service_s = 0.0
                if self.trip_request and self._trips_now():
                    self._trip(t)
        elif phase == "extending":
            if not self.grant:
                self.aborts += 1
                self.phase = "retracting"
            else:
                self.arm = min(1.0, self.arm + dt / self.arm_time_s)
                if self.trip_request:
                    self.service_s += dt
                if self.arm >= 1.0:
                    self.work_left = self.work_s
                    self.phase = "working"
                if self.trip_request and self._trips_now():
                    self._trip(t)
        elif phase == "working":
            if not self.grant:
                self.aborts += 1
                self.phase = "retracting"
            else:
                if self.trip_request:
                    self.service_s += dt
                    if self._trips_now():
                        self._trip(t)
                        return
                self.work_left -= dt
                if self.work_left <= 1e-9:
                    self.served += 1       # work done: the request drops, the arm goes home
                    self.request = False
                    self.last_done = t
                    self.phase = "retracting"
        elif phase == "retracting":
            self.arm = max(0.0, self.arm - dt / self.arm_time_s)
            if self.arm <= 0.0:
                self.phase = "waiting" if self.request else "idle"
        elif phase == "faulted":
            # the tripped arm drive brings the arm home; the grant is ignored until the reset
            self.arm = max(0.0, self.arm - dt / self.arm_time_s)
            self.reset_left -= dt
            if self.reset_left <= 1e-9 and self.arm <= 0.0:
                self.fault = False
                self.phase = "waiting"

    def _trips_now(self) -> bool:
        """The trip is due in this service: its request is the one named and it is that far in."""
        if not self.trip_request or self.trips or self.served + 1 != self.trip_request:
            return False
        return self.service_s >= self.trip_point * (self.arm_time_s + self.work_s) - 1e-9

    def _trip(self, t: float) -> None:
        self.trips += 1
        self.fault = True
        self.tripped_at = t
        self.reset_left = self.trip_reset_s
        self.requested_at = t          # its request stays up: it waits again from the trip
        self.phase = "faulted"

    def waited(self) -> float:
        """How long the pending request has waited for its grant (0 when none is pending)."""
        return 0.0 if self.requested_at is None else self.t - self.requested_at

    def state(self):
        return {"x": self.x, "y": self.y, "width": self.width, "height": self.height, "station": self.number,
                "arm": self.arm, "arm_reach": self.arm_reach, "request": self.request, "grant": self.grant,
                "inside": self.arm > 0.0, "phase": self.phase, "served": self.served, "total": self.total,
                "label": self.label, "fault": self.fault}

    def extent(self) -> list[tuple[float, float]]:
        s = self.state()
        x, y = s["x"], s["y"]
        hw, hh = s["width"] / 2, s["height"] / 2
        return [(x - hw, y - hh - 120), (x + hw, y + hh + 30)]

    def draw(self, pen) -> None:
        s, name = self.state(), self.name
        x, y, w, h = s["x"], s["y"], s.get("width", 200.0), s.get("height", 120.0)
        phase = s.get("phase", "")
        edge = ("FAULT" if s.get("fault") else "ON" if s.get("grant") else "BUSY" if s.get("request")
                else "GUARD")
        pts = pen.rect_rotated(x, y, w, h, 0.0, "MACHINE_FLOOR")
        pen.rect_rotated(x, y, w, h, 0.0, edge, border=3)
        # The arm reaches from the station towards the transfer path (below it in the layout).
        reach = s.get("arm", 0.0) * s.get("arm_reach", 100.0)
        if reach > 0:
            arm_col = "FAULT" if s.get("inside") else "ROD"
            pen.line((x, y - h / 2), (x, y - h / 2 - reach), arm_col, pen.mm(16))
        pen.circle(x - w / 2 + 14, y + h / 2 - 14, 6, "LIT" if s.get("request") else "UNLIT", min_px=3)
        pen.circle(x - w / 2 + 34, y + h / 2 - 14, 6, "ON" if s.get("grant") else "UNLIT", min_px=3)
        pen.text(f"{phase}  {s.get('served', 0)}/{s.get('total', 0)}", *pen.px(x, y), "TEXT", 12, screen=True)
        pen.label(s.get("label") or name, x, y + h / 2 + 14)
        pen.hot(name, "transfer_station", pts)
