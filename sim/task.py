"""The task model: what a task is, as plain data the grader, the prompt and the debugger share.

A task is one small plant, its I/O map, an operating specification, a completion condition,
safety rules, published parameter ranges and hidden conditions. Everything the agent is told
(`sim.prompt.render_prompt(task)`) is generated from the same objects the grader judges with.

A task definition (tasks/<id lower with _>/task.py exposes `TASK`; docs/adding-a-task.md
walks through a whole one)::

    from sim import judges
    from sim.devices.gripper import Gripper
    from sim.devices.panel import Lamp, PushButton
    from sim.devices.workpiece import Workpiece
    from sim.plant import Plant
    from sim.task import (Completion, Condition, IOPoint, OperatorAction, ParameterRange,
                          SafetyRule, Task)

    def build_plant(condition: Condition) -> Plant:
        plant = Plant(seed=condition.seed)
        plant.add(Gripper("gripper", 400, 300, close_s=condition.params["grip_time_s"]))
        plant.add(Workpiece("part1", 400, 300, width=50, length=50))    # in the jaws
        plant.add(PushButton("start", x=200, y=120, label="Start"))
        plant.add(Lamp("secured_lamp", x=360, y=120, label="Part secured"))
        return plant

    def holding(s):                      # a device's state, read through s.devices
        return s.devices.holding

    TASK = Task(
        id="MAT-E99", title="Grip on Start", suite="MAT", level="E",
        summary="Close the gripper on the workpiece after Start and confirm it is held.",
        specification="When the operator presses Start, close the gripper ...",
        io=[
            IOPoint("%IX0.0", "start_pb", "BOOL", "input", "start", "pressed",
                    "Start push button, TRUE while pressed (NO contact)"),
            IOPoint("%IX0.1", "part_held", "BOOL", "input", "gripper", "part_held",
                    "TRUE when the jaws are closed on a workpiece"),
            IOPoint("%QX0.0", "close_gripper", "BOOL", "output", "gripper", "close",
                    "TRUE closes the jaws, FALSE opens them"),
            IOPoint("%QX0.1", "part_secured", "BOOL", "output", "secured_lamp", "on",
                    "'Part secured' lamp: TRUE = the workpiece is held"),
        ],
        completion=Completion(
            "Start is pressed; the part is held and 'part secured' is on, both for 1 s.",
            lambda: judges.in_order(
                judges.event("Start pressed", lambda s: s.io["start_pb"]),
                judges.held("part secured", lambda s: s.io["part_secured"] and holding(s), 1.0)),
            keep=lambda s: s.io["part_secured"] and holding(s),
            keep_wording="the part held with 'part secured' on"),
        safety_rules=[
            SafetyRule("MAT-E99-S1", "Never signal 'part secured' while no part is held.",
                       judges.never(lambda s: s.io["part_secured"] and not s.io["part_held"],
                                    "part secured signalled while no part was held")),
        ],
        parameters=[ParameterRange("grip_time_s", 0.2, 1.2, "s", "time the jaws take to close")],
        conditions=[
            Condition.of("nominal", 1, "medium grip", grip_time_s=0.4,
                         operator=[OperatorAction(0.5, "press", "start"),
                                   OperatorAction(0.7, "release", "start")]),
            ...  # about five conditions, all required
        ],
        time_limit_s=10.0,
        build_plant=build_plant,
        judged_devices=lambda plant: plant.device("gripper", Gripper),
        sampler=lambda rng: {"params": {"grip_time_s": round(rng.uniform(0.2, 1.2), 2)},
                             "operator": [OperatorAction(0.5, "press", "start"),
                                          OperatorAction(0.7, "release", "start")]},
    )

Judges and monitors see a `sim.judges.ScanState` `s`: `s.io[name]` (the I/O value of this
scan: inputs as sampled, outputs as applied), `s.plant` (devices by name, after the plant
step), `s.params` (the condition's parameters), `s.scan`, `s.time_ms`, `s.time_s`.

Operator actions call `device.operate(value)` on the panel device named by `target`
(press -> True, release -> False, trip_estop -> True, reset_estop -> False, select -> the
position); `force` / `release_force` set or clear a forced value of an I/O point by name
or address (an input is forced at sample time, an output when it is applied).
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from sim.judges import Judge, ScanState
    from sim.plant import Plant

IO_TYPES = ("BOOL", "BYTE", "WORD", "DWORD", "SINT", "INT", "DINT", "LINT",
            "USINT", "UINT", "UDINT", "ULINT", "REAL", "LREAL")
OPERATOR_ACTIONS = ("press", "release", "trip_estop", "reset_estop", "select", "force", "release_force")
_ADDRESS = re.compile(r"^%([IQM])([XBWDL]?)(\d+)(?:\.(\d+))?$", re.IGNORECASE)


def canonical_address(address: str) -> str:
    """`%i0.0` -> `%IX0.0`, `%iw2` -> `%IW2`: one spelling per address, as st/ uses it."""
    m = _ADDRESS.match(address.strip())
    if not m:
        raise ValueError(f"{address!r} is not a direct address like %IX0.0, %QX1.2, %IW4 or %QW2")
    area, size, byte, bit = m.group(1).upper(), m.group(2).upper(), m.group(3), m.group(4)
    if bit is not None:
        size = size or "X"
        if size != "X":
            raise ValueError(f"{address!r}: only bit addresses (%IX, %QX) have a .bit part")
        return f"%{area}X{int(byte)}.{int(bit)}"
    if not size or size == "X":
        raise ValueError(f"{address!r}: a bit address needs byte.bit, e.g. %IX0.3")
    return f"%{area}{size}{int(byte)}"


@dataclass(frozen=True)
class IOPoint:
    """One PLC address bound to one device signal (input) or command (output)."""

    address: str
    name: str
    type: str
    direction: str          # 'input' (sensor -> PLC) or 'output' (PLC -> actuator)
    device: str             # device name in the plant
    signal: str             # the device's signal (inputs) or command (outputs) name
    meaning: str            # what TRUE / the value means, in the engineer's words
    units: str = ""
    range: str = ""

    def __post_init__(self):
        object.__setattr__(self, "address", canonical_address(self.address))
        object.__setattr__(self, "type", self.type.upper())
        if self.type not in IO_TYPES:
            raise ValueError(f"I/O point {self.name}: type {self.type!r} is not one of {', '.join(IO_TYPES)}")
        if self.direction not in ("input", "output"):
            raise ValueError(f"I/O point {self.name}: direction must be 'input' or 'output'")
        area = self.address[1]
        if (area == "I") != (self.direction == "input") or area == "M":
            raise ValueError(f"I/O point {self.name}: {self.address} cannot be an {self.direction}")
        bit = self.address[2] == "X"
        if bit != (self.type == "BOOL"):
            raise ValueError(f"I/O point {self.name}: {self.type} does not fit the address {self.address}")


@dataclass(frozen=True)
class ParameterRange:
    """A parameter the conditions vary; its range is published in the prompt.

    `keys` are the condition parameters it covers (default: its own name), so that every
    hidden value can be checked against what was published: MAT-H01 publishes `door_s` and
    its conditions set `cell_a_door_s` and `cell_b_door_s`. A covered value may be a number
    or a sequence of numbers (a per-cycle (low, high) pair, a list of gaps).
    """

    name: str
    low: float
    high: float
    units: str
    meaning: str
    keys: tuple[str, ...] = ()

    @property
    def covers(self) -> tuple[str, ...]:
        return self.keys or (self.name,)

    def outside(self, value: Any) -> list[float]:
        """The numbers in `value` that lie outside the range (none for a value that is no number)."""
        if isinstance(value, bool | int | float):
            return [] if self.low <= value <= self.high else [value]
        if isinstance(value, list | tuple):
            return [v for item in value for v in self.outside(item)]
        return []


@dataclass(frozen=True)
class OperatorAction:
    """Something the operator does at plant time `time_s` (see the module docstring)."""

    time_s: float
    action: str             # one of OPERATOR_ACTIONS
    target: str             # panel device name, or I/O point name/address for force/release_force
    value: Any = None       # selector position, or the forced value

    def __post_init__(self):
        if self.action not in OPERATOR_ACTIONS:
            raise ValueError(f"operator action {self.action!r} is not one of {', '.join(OPERATOR_ACTIONS)}")


@dataclass(frozen=True)
class Disturbance:
    """A scheduled change to the plant (a part placed late, a sensor that sticks ...).

    `apply(plant)` runs at the start of the first scan at or after `time_s`, before inputs
    are sampled. Disturbances the plant builder sets up itself need no entry here.
    """

    time_s: float
    description: str
    apply: Callable[[Plant], None]


@dataclass(frozen=True)
class Condition:
    """One hidden case of a task: seed, parameter values, operator timing, disturbances."""

    name: str
    seed: int
    params: dict[str, Any] = field(default_factory=dict)
    description: str = ""
    operator: Sequence[OperatorAction] = ()
    disturbances: Sequence[Disturbance] = ()

    @classmethod
    def of(cls, name: str, seed: int, description: str = "", *, operator: Sequence[OperatorAction] = (),
           disturbances: Sequence[Disturbance] = (), **params: Any) -> Condition:
        """The parameters as keywords: `Condition.of("nominal", 101, "slide at home", start_mm=0.0)`."""
        return cls(name, seed, params, description, operator, disturbances)


@dataclass(frozen=True)
class SafetyRule:
    """A rule checked every scan of the whole run, including after completion.

    `monitor(s)` returns None while the rule holds, or a message describing the violation.
    A stateful monitor (an object with `__call__`) is deep-copied per session, so every run
    starts fresh; see sim.judges for ready-made monitors.

    `signals` optionally names the I/O points the rule reads (the debugger plots them when the
    rule breaks); without it the debugger takes the points of the devices the wording names.
    """

    id: str
    wording: str
    monitor: Callable[[ScanState], str | None]
    signals: tuple[str, ...] = ()


@dataclass(frozen=True)
class Completion:
    """The completion condition: its wording for the prompt and a judge factory.

    `judge` is a zero-argument callable returning a fresh `sim.judges.Judge`, or a Judge
    used as a template (deep-copied per session).

    `keep` is the end state the completion says must hold (`keep_wording` in the prompt's
    words): checked on every scan from completion through the post-completion window; a
    break takes the success back ("keep the slide there, enabled, with Done on" must not be
    satisfied by turning Done off right after the judge saw it).
    """

    wording: str
    judge: Callable[[], Judge] | Judge
    keep: Callable[[ScanState], Any] | None = None
    keep_wording: str = ""

    def __post_init__(self):
        if (self.keep is None) != (not self.keep_wording):
            raise ValueError("a completion's end state needs both keep and keep_wording")

    def new_judge(self) -> Judge:
        import copy

        from sim.judges import Judge

        if isinstance(self.judge, Judge):
            return copy.deepcopy(self.judge)
        made = self.judge()
        if not isinstance(made, Judge):
            raise TypeError(f"the completion judge factory returned {type(made).__name__}, "
                            "not a sim.judges.Judge")
        return made


class UnknownCondition(ValueError):
    """A condition name or number that the task does not have."""


@dataclass
class Task:
    id: str
    title: str
    suite: str                  # 'MOT' | 'MAT'
    level: str                  # 'E' | 'M' | 'H'
    summary: str
    specification: str
    io: Sequence[IOPoint]
    completion: Completion
    safety_rules: Sequence[SafetyRule]
    parameters: Sequence[ParameterRange]
    conditions: Sequence[Condition]
    time_limit_s: float
    build_plant: Callable[[Condition], Plant]
    post_completion_s: float = 2.0
    folder: Path | None = None
    plant_description: str = ""   # layout and devices in the engineer's words, for the prompt
    # draws one condition's params, operator actions and disturbances from the published
    # ranges: sampler(rng) -> Condition keyword arguments (params=..., operator=...,
    # disturbances=..., description=...); see Task.sample
    sampler: Callable[[random.Random], dict[str, Any]] | None = None
    # parameter values every condition has unless it sets its own (registered and sampled)
    condition_defaults: dict[str, Any] = field(default_factory=dict)
    # the devices the judges look at every scan, found once per run: judges read them as
    # s.devices (judged_devices(plant) -> anything: a tuple, a small class); one with a
    # refresh() method is refreshed once per scan, after the plant step, before the judges
    judged_devices: Callable[[Plant], Any] | None = None

    def __post_init__(self):
        if self.suite not in ("MOT", "MAT"):
            raise ValueError(f"task {self.id}: suite must be 'MOT' or 'MAT'")
        if self.level not in ("E", "M", "H"):
            raise ValueError(f"task {self.id}: level must be 'E', 'M' or 'H'")
        self.io = tuple(self.io)
        self.safety_rules = tuple(self.safety_rules)
        self.parameters = tuple(self.parameters)
        self.conditions = tuple(self._with_defaults(c) for c in self.conditions)
        for what, keys in (
            ("I/O address", [p.address for p in self.io]),
            ("I/O name", [p.name.lower() for p in self.io]),
            ("safety rule id", [r.id for r in self.safety_rules]),
            ("condition name", [c.name.lower() for c in self.conditions]),
        ):
            dup = sorted({k for k in keys if keys.count(k) > 1})
            if dup:
                raise ValueError(f"task {self.id}: duplicate {what}: {', '.join(dup)}")
        if not self.conditions:
            raise ValueError(f"task {self.id}: needs at least one condition")
        if self.folder is not None:
            self.folder = Path(self.folder)

    def _with_defaults(self, condition: Condition) -> Condition:
        if not self.condition_defaults:
            return condition
        return dataclasses.replace(condition, params={**self.condition_defaults, **condition.params})

    # --- look-ups ---

    @property
    def inputs(self) -> tuple[IOPoint, ...]:
        return tuple(p for p in self.io if p.direction == "input")

    @property
    def outputs(self) -> tuple[IOPoint, ...]:
        return tuple(p for p in self.io if p.direction == "output")

    def io_point(self, name_or_address: str) -> IOPoint:
        """The I/O point by name (case-insensitive) or address (any spelling)."""
        key = name_or_address.strip()
        for p in self.io:
            if p.name.lower() == key.lower():
                return p
        try:
            addr = canonical_address(key)
        except ValueError:
            addr = None
        for p in self.io:
            if p.address == addr:
                return p
        raise KeyError(f"task {self.id} has no I/O point {name_or_address!r}; "
                       f"it has {', '.join(p.name for p in self.io)}")

    def condition(self, which: str | int) -> Condition:
        """A condition by name (case-insensitive) or 1-based number."""
        text = str(which).strip()
        for c in self.conditions:
            if c.name.lower() == text.lower():
                return c
        if text.isdigit() and 1 <= int(text) <= len(self.conditions):
            return self.conditions[int(text) - 1]
        names = ", ".join(f"{i}={c.name}" for i, c in enumerate(self.conditions, 1))
        raise UnknownCondition(f"task {self.id} has no condition {which!r}; its conditions are {names}")

    @property
    def reference_path(self) -> Path | None:
        return None if self.folder is None else self.folder / "reference.st"

    def sample(self, count: int, seed: int = 0) -> list[Condition]:
        """`count` further conditions drawn from the published ranges by the task's sampler,
        the same for the same (task, seed, index) on every machine: condition i comes from
        a generator seeded with "<task id>/<seed>/<i>" (string seeds do not depend on
        PYTHONHASHSEED)."""
        return [self.sampled(seed, i + 1) for i in range(count)]

    def sampled(self, seed: int, number: int) -> Condition:
        """Condition `number` (1-based) of `sample(..., seed)`, drawn alone: sampled_<seed>_<number>."""
        if self.sampler is None:
            raise ValueError(f"task {self.id} has no sampler: it cannot draw conditions")
        rng = random.Random(f"{self.id}/{seed}/{number - 1}")
        drawn = dict(self.sampler(rng))
        name = f"sampled_{seed}_{number}"
        return self._with_defaults(Condition(name, seed=rng.randrange(1, 1 << 30), **drawn))
