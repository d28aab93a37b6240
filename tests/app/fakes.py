"""Stand-ins for the layers being written in parallel (st debug instance, sim Session).

They follow docs/architecture.md so the debugger model can be tested before the real
compiler and session land; tests switch to the real ones when they are importable.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import SimpleNamespace

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
        if self.begin_scan(now_ms) is not None:
            raise AssertionError("scan() must not stop at breakpoints in the fake")

    def begin_scan(self, now_ms):
        self._apply_forces()
        self._gen = self._body()
        return self._drive("resume", 0)

    def _drive(self, mode, ref):
        for line, depth in self._gen:
            if (line in self.breakpoints or mode == "into" or (mode == "over" and depth <= ref)
                    or (mode == "out" and depth < ref)):
                self.pause = Pause(line, depth=depth)
                return self.pause
        self._gen = None
        self.pause = None
        self._apply_forces()
        return None

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
        d = Diagnostic("error", "E201", "undeclared name 'ERROR'", filename, line, 1)
        return SimpleNamespace(ok=False, diagnostics=[d], program=None)
    return SimpleNamespace(ok=True, diagnostics=[], program=FakeProgram())


# ---- the plant side: a part on a belt, a photo-eye at 100 mm, the belt ends at 200 mm ----

@dataclass
class Violation:
    scan: int
    time_ms: int
    rule_id: str
    message: str


@dataclass
class Verdict:
    success: bool = False
    completion_scan: int | None = None
    violations: list = field(default_factory=list)


def belt_task():
    io = [
        SimpleNamespace(address="%IX0.0", name="PartAtEye", type="BOOL", direction="input",
                        meaning="photo-eye, TRUE when blocked", device="Eye", signal="blocked"),
        SimpleNamespace(address="%QX0.0", name="Motor", type="BOOL", direction="output",
                        meaning="belt motor on", device="Belt", signal="run"),
    ]
    rules = [SimpleNamespace(id="BELT-S1", wording="The part never runs off the end of the belt.")]
    conds = [SimpleNamespace(name="c1", seed=1, params={}), SimpleNamespace(name="c2", seed=2, params={})]
    return SimpleNamespace(id="BELT", title="Belt", io=io, safety_rules=rules, conditions=conds,
                           time_limit_s=3.0)


class FakeSession:
    def __init__(self, task, condition, controller):
        self.task, self.condition, self.controller = task, condition, controller
        self.reset()

    def reset(self):
        self.scan_index = 0
        self.part_x = 0.0
        self.motor = False
        self.verdict = Verdict()
        self.held = 0
        self.pressed: set[str] = set()

    @property
    def time_ms(self):
        return self.scan_index * 10

    def press(self, name):
        self.pressed.add(name)

    def release(self, name):
        self.pressed.discard(name)

    def sample_inputs(self):
        self.controller.set_input("%IX0.0", 95 <= self.part_x <= 130)

    def finish_scan(self):
        self.motor = bool(self.controller.get_output("%QX0.0"))
        if self.motor and "Stop" not in self.pressed:
            self.part_x += 10
        self.scan_index += 1
        if self.part_x > 200 and not any(v.rule_id == "BELT-S1" for v in self.verdict.violations):
            self.verdict.violations.append(
                Violation(self.scan_index, self.time_ms, "BELT-S1", "part ran off the end of the belt"))
        self.held = self.held + 1 if 95 <= self.part_x <= 130 else 0
        if self.held >= 50 and not self.verdict.success and not self.verdict.violations:
            self.verdict.success = True
            self.verdict.completion_scan = self.scan_index

    def step(self):
        self.sample_inputs()
        self.controller.scan(self.time_ms)
        self.finish_scan()
