"""A tiny task for the sim core's tests: a start button, a slide that runs to an end stop,
and a 'done' lamp. Controllers are plain Python objects with the controller protocol.
"""

from __future__ import annotations

from sim import judges
from sim.plant import Device, Plant
from sim.task import (
    Completion,
    Condition,
    Disturbance,
    IOPoint,
    OperatorAction,
    ParameterRange,
    SafetyRule,
    Task,
)


class Button(Device):
    kind = "push_button"
    signals = ("pressed",)

    def __init__(self, name):
        super().__init__(name)
        self.pressed = False

    def operate(self, value):
        self.pressed = bool(value)

    def read(self, signal):
        return self.pressed


class Slide(Device):
    """Runs forward at `speed` mm/s while commanded, stands otherwise; end stop at `length`."""

    kind = "slide"
    signals = ("at_end", "position")
    commands = ("forward",)

    def __init__(self, name, speed, length=50.0):
        super().__init__(name)
        self.speed = speed
        self.length = length
        self.position = 0.0
        self.forward = False
        self.jammed = False

    def read(self, signal):
        if signal == "at_end":
            return self.position >= self.length
        return self.position  # a float: the session turns it into an INT word

    def write(self, command, value):
        self.forward = value

    def step(self, dt):
        if self.jammed:
            return
        if self.forward:
            self.position = min(self.length, self.position + self.speed * dt)


class Lamp(Device):
    kind = "lamp"
    commands = ("on",)

    def __init__(self, name):
        super().__init__(name)
        self.on = False

    def write(self, command, value):
        self.on = value


def build_plant(condition: Condition) -> Plant:
    plant = Plant(seed=condition.seed, substeps=1)
    plant.add(Button("start"))
    plant.add(Slide("slide", condition.params["speed"]))
    plant.add(Lamp("lamp"))
    return plant


def _jam(plant):
    plant["slide"].jammed = True


TASK = Task(
    id="MOT-E99",
    title="Mini slide",
    suite="MOT",
    level="E",
    summary="Run the slide to its end stop after Start and light the done lamp.",
    specification="After the operator presses Start, drive the slide forward until it reaches the end "
                  "stop, then light the done lamp and keep it lit.",
    plant_description="One slide with an end-stop switch, a Start push button and a done lamp.",
    io=[
        IOPoint("%IX0.0", "start_pb", "BOOL", "input", "start", "pressed", "TRUE while Start is pressed"),
        IOPoint("%IX0.1", "at_end", "BOOL", "input", "slide", "at_end", "TRUE at the end stop"),
        IOPoint("%IW2", "slide_pos", "INT", "input", "slide", "position", "slide position", "mm", "0..50"),
        IOPoint("%QX0.0", "fwd", "BOOL", "output", "slide", "forward", "TRUE drives the slide forward"),
        IOPoint("%QX0.1", "done_lamp", "BOOL", "output", "lamp", "on", "TRUE lights the done lamp"),
    ],
    completion=Completion(
        "Start pressed, then the slide at the end stop, then the lamp lit at the end stop for 0.5 s.",
        lambda: judges.in_order(
            judges.event("start pressed", lambda s: s.io["start_pb"]),
            judges.event("slide at end", lambda s: s.io["at_end"]),
            judges.held("done lamp lit at end", lambda s: s.io["done_lamp"] and s.io["at_end"], 0.5),
        ),
    ),
    safety_rules=[
        SafetyRule("MOT-E99-S1", "Do not drive the slide forward against the end stop for more than 0.3 s.",
                   judges.for_longer_than(lambda s: s.io["fwd"] and s.io["at_end"], 0.3,
                                          "slide driven against the end stop for more than 0.3 s")),
        SafetyRule("MOT-E99-S2", "Never light the done lamp while the slide is not at the end stop.",
                   judges.never(lambda s: s.io["done_lamp"] and not s.io["at_end"],
                                lambda s: f"done lamp lit at position {s.io['slide_pos']} mm")),
    ],
    parameters=[ParameterRange("speed", 40, 100, "mm/s", "slide speed")],
    conditions=[
        Condition("fast", seed=1, params={"speed": 100.0}, description="fast slide",
                  operator=[OperatorAction(0.2, "press", "start"), OperatorAction(0.4, "release", "start")]),
        Condition("slow", seed=2, params={"speed": 40.0}, description="slow slide, late start",
                  operator=[OperatorAction(0.5, "press", "start"), OperatorAction(0.7, "release", "start")]),
        Condition("jam", seed=3, params={"speed": 73.0}, description="slide jams at 0.3 s",
                  operator=[OperatorAction(0.0, "press", "start"), OperatorAction(0.1, "release", "start")],
                  disturbances=[Disturbance(0.3, "slide jams", _jam)]),
    ],
    time_limit_s=5.0,
    build_plant=build_plant,
    post_completion_s=1.0,
)

SECRET_VALUES = ("73.0",)   # hidden condition values the prompt must never show


class Controller:
    """Base of the Python test controllers: an input image, an output image, optional fault."""

    def __init__(self):
        self.fault = None
        self.inputs: dict[str, object] = {}
        self.outputs: dict[str, object] = {}
        self.scans: list[int] = []

    def set_input(self, address, value):
        self.inputs[address] = value

    def get_output(self, address):
        return self.outputs.get(address, False)

    def scan(self, now_ms):
        self.scans.append(now_ms)
        self.logic(now_ms)

    def logic(self, now_ms):
        pass


class GoodController(Controller):
    """The reference behaviour: latch Start, drive to the end stop, then light the lamp."""

    def __init__(self):
        super().__init__()
        self.started = False

    def logic(self, now_ms):
        i = self.inputs
        self.started = self.started or i["%IX0.0"]
        self.outputs["%QX0.0"] = self.started and not i["%IX0.1"]
        self.outputs["%QX0.1"] = self.started and i["%IX0.1"]


class Idle(Controller):
    pass
