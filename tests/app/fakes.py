"""Stand-ins for the layers being written in parallel (st debug instance, sim Session).

They follow docs/architecture.md so the debugger model can be tested before the real
compiler and session land; tests switch to the real ones when they are importable.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import SimpleNamespace

from sim import judges
from sim.plant import Device, Plant
from sim.task import Completion, Condition, IOPoint, SafetyRule, Task

BELT_PROGRAM = """\
FUNCTION_BLOCK Counter
VAR_INPUT
    Trigger : BOOL;
END_VAR
VAR_OUTPUT
    Total : INT;
END_VAR
IF Trigger THEN
    Total := Total + 1;
END_IF;
END_FUNCTION_BLOCK

PROGRAM Main
VAR
    PartAtEye AT %IX0.0 : BOOL;
    Motor AT %QX0.0 : BOOL;
    Scans : INT;
    Parts : Counter;
END_VAR
Scans := Scans + 1;
Motor := NOT PartAtEye;
Parts(Trigger := PartAtEye);
Scans := Scans + 0;
END_PROGRAM
"""


@dataclass
class Pause:
    line: int
    col: int = 1
    pou: str = "Main"
    depth: int = 0
    stack: tuple = ()
    step_index: int = 0
    reason: str = "breakpoint"


@dataclass
class Diagnostic:
    severity: str
    code: str
    message: str
    filename: str
    line: int
    col: int


class FakeBeltInstance:
    """BELT_PROGRAM by hand: a generator yields (line, depth) before each statement."""

    ADDRESSES = {"%IX0.0": "PartAtEye", "%QX0.0": "Motor"}

    def __init__(self):
        self.vars = {"partateye": False, "motor": False, "scans": 0, "parts.trigger": False, "parts.total": 0}
        self.fault = None
        self.forced: dict[str, object] = {}
        self.breakpoints: set[int] = set()
        self.pause = None
        self._gen = None
        self.stop_at_step = None
        self._count = 0
        self._mode = ("resume", 0)

    def _key(self, path: str) -> str:
        p = path.strip().lower()
        for addr, name in self.ADDRESSES.items():
            if p == addr.lower():
                return name.lower()
        if p not in self.vars:
            raise KeyError(f"unknown variable {path!r}")
        return p

    def set_input(self, address, value):
        if address.upper() == "%IX0.0":
            self.vars["partateye"] = bool(value)

    def get_output(self, address):
        return self.vars["motor"] if address.upper() == "%QX0.0" else False

    def read(self, path):
        return self.vars[self._key(path)]

    def write(self, path, value):
        self.vars[self._key(path)] = value

    def force(self, path, value):
        self.forced[self._key(path)] = value
        self.vars[self._key(path)] = value

    def unforce(self, path):
        self.forced.pop(self._key(path), None)

    def _apply_forces(self):
        self.vars.update(self.forced)

    def variables(self):
        return [SimpleNamespace(name=k, path=k, type_name="?", value=v, children=[], address=None)
                for k, v in self.vars.items()]

    def io_addresses(self):
        return dict(self.ADDRESSES)

    def breakable_lines(self):
        return {8, 9, 20, 21, 22, 23}

    def _body(self):
        v = self.vars
        yield 20, 0
        v["scans"] += 1
        yield 21, 0
        v["motor"] = not v["partateye"]
        yield 22, 0
        v["parts.trigger"] = v["partateye"]
        yield 8, 1
        if v["parts.trigger"]:
            yield 9, 1
            v["parts.total"] += 1
        yield 23, 0
        v["scans"] += 0

    @property
    def in_scan(self):
        return self._gen is not None

    def scan(self, now_ms):
        """A whole scan: like the real fast path it ignores breakpoints (and finishes a paused scan)."""
        if self._gen is None:
            self._apply_forces()
            self._gen = self._body()
        self._drive("finish", 0)

    def begin_scan(self, now_ms, at_step=None):
        self._apply_forces()
        self._gen = self._body()
        self._count = 0
        if at_step is not None:
            return self._drive("seek", at_step)
        return self._drive("resume", 0)

    def _drive(self, mode, ref):
        self._mode = (mode, ref)
        for line, depth in self._gen:
            n = self._count
            self._count += 1
            stop = ref if mode == "seek" else None if mode == "finish" else self.stop_at_step
            if mode in ("seek", "finish"):
                reason = None
            elif mode == "into" or (mode == "over" and depth <= ref) or (mode == "out" and depth < ref):
                reason = "step"
            elif line in self.breakpoints:
                reason = "breakpoint"
            else:
                reason = None
            if reason is None and n == stop:
                reason = "step index"
            if reason is not None:
                self.pause = Pause(line, depth=depth, step_index=n, reason=reason)
                return self.pause
        self._gen = None
        self.pause = None
        self.stop_at_step = None
        self._apply_forces()
        return None

    def proceed(self):
        mode, ref = self._mode
        if mode == "seek":
            return self._drive("seek", -1 if self.stop_at_step is None else self.stop_at_step)
        return self._drive(mode, ref)

    def resume(self):
        return self._drive("resume", 0)

    def step_into(self):
        return self._drive("into", 0)

    def step_over(self):
        return self._drive("over", self.pause.depth)

    def step_out(self):
        return self._drive("out", self.pause.depth)


class FakeProgram:
    def instantiate(self, debug=False):
        return FakeBeltInstance()


def fake_compile(text, filename="program.st"):
    if "ERROR" in text:
        line = text[: text.index("ERROR")].count("\n") + 1
        d = Diagnostic("error", "E201", "'ERROR' is not declared", filename, line, 1)
        return SimpleNamespace(ok=False, diagnostics=[d], program=None)
    return SimpleNamespace(ok=True, diagnostics=[], program=FakeProgram())


# ---- the plant side: a real sim.Task with one tiny device: a part on a belt, a photo-eye
# over 95..130 mm, the belt ends at 200 mm ----


class BeltWithPart(Device):
    kind = "conveyor"
    signals = ("part_at_eye",)
    commands = ("run",)

    def __init__(self, name="belt"):
        super().__init__(name)
        self.part_x = 0.0
        self.run = False

    def read(self, signal):
        if signal == "part_at_eye":
            return 95 <= self.part_x <= 130
        return super().read(signal)

    def write(self, command, value):
        if command == "run":
            self.run = bool(value)
        else:
            super().write(command, value)

    def step(self, dt):
        if self.run:
            self.part_x += 1000.0 * dt  # 10 mm per scan

    def state(self):
        return {"x": 100.0, "y": 0.0, "length": 200.0, "width": 60.0, "angle_deg": 0.0, "running": self.run,
                "belt_offset": self.part_x, "part_x": self.part_x}


def belt_task():
    io = [
        IOPoint("%IX0.0", "PartAtEye", "BOOL", "input", "belt", "part_at_eye",
                "photo-eye, TRUE when blocked"),
        IOPoint("%QX0.0", "Motor", "BOOL", "output", "belt", "run", "belt motor on"),
    ]
    rules = [SafetyRule("BELT-S1", "The part never runs off the end of the belt.",
                        judges.never(lambda s: s.plant["belt"].part_x > 200,
                                     "part ran off the end of the belt"))]
    completion = Completion("The part waits at the photo-eye with the belt stopped for 0.5 s.",
                            lambda: judges.held("part at the eye",
                                                lambda s: s.io["PartAtEye"] and not s.io["Motor"], 0.5))

    def build_plant(condition):
        plant = Plant(seed=condition.seed, substeps=1)
        plant.add(BeltWithPart())
        return plant

    return Task(id="MAT-E99", title="Belt", suite="MAT", level="E",
                summary="Stop the part at the eye.",
                specification="Run the belt until the eye sees the part.",
                io=io, completion=completion, safety_rules=rules, parameters=[],
                conditions=[Condition("c1", seed=1), Condition("c2", seed=2)], time_limit_s=3.0,
                build_plant=build_plant, post_completion_s=0.5)
