"""The machine upstream of a belt line, as the line sees it: it hands parts over only while
the infeed belt reports running and the operator has not pressed Stop since the last Start
(a Stop ends its lot; a Start lets it go on). A Feeder paced by its 'handing_over' signal
holds back the parts still to come while it is FALSE.

    plant.add(UpstreamMachine("upstream_machine", x=-120, y=0, belt="B1",
                              start="start_button", stop="stop_button"))
    plant.add(Feeder("upstream", 40, 0, schedule, paced_by=("upstream_machine", "handing_over")))

Signal: 'handing_over' (BOOL). The buttons are PushButton / StopButton devices (their
is_pressed), the belt any device with a 'running' signal.
"""

from __future__ import annotations

from typing import Any

from sim.plant import Device, Plant


class UpstreamMachine(Device):
    kind = "upstream_machine"
    layer = 1
    signals = ("handing_over",)

    def __init__(self, name: str, x: float, y: float, *, belt: str, start: str, stop: str,
                 width: float = 160.0, height: float = 140.0):
        super().__init__(name)
        self.x, self.y, self.width, self.height = float(x), float(y), float(width), float(height)
        self.belt_name, self.start_name, self.stop_name = belt, start, stop
        self.stopped = False          # Stop pressed since the last Start
        self._plant: Plant | None = None

    def attach(self, plant: Plant) -> None:
        super().attach(plant)
        self._plant = plant

    def _dev(self, name: str) -> Any:
        return self._plant[name]

    def step(self, dt: float) -> None:
        if self._dev(self.stop_name).is_pressed:
            self.stopped = True
        elif self._dev(self.start_name).is_pressed:
            self.stopped = False

    def read(self, signal: str) -> Any:
        if signal == "handing_over":
            return not self.stopped and bool(self._dev(self.belt_name).read("running"))
        return super().read(signal)

    def state(self) -> dict[str, Any]:
        return {"x": self.x, "y": self.y, "width": self.width, "height": self.height,
                "handing_over": self.read("handing_over"), "stopped": self.stopped}

    def extent(self) -> list[tuple[float, float]]:
        w, h = self.width / 2, self.height / 2
        return [(self.x - w, self.y - h), (self.x + w, self.y + h)]

    def draw(self, pen) -> None:
        s = self.state()
        frame = pen.rect_rotated(s["x"], s["y"], s["width"], s["height"], 0.0, "FRAME")
        pen.circle(s["x"], s["y"] - s["height"] / 4, 10, "LIT" if s["handing_over"] else "UNLIT", min_px=4)
        pen.label("upstream", s["x"], s["y"] + s["height"] / 4)
        pen.hot(self.name, self.kind, frame)
