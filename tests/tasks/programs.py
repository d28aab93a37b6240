"""Where a task's ST programs live, for the task tests (importable, unlike conftest):

    tasks/<id>/reference.st
    tasks/<id>/counterexamples/*.st   wrong or cheap programs: each earns 0 (the battery checks)
    tasks/<id>/correct/*.st           other correct programs, written from the prompt: each earns 1
    tasks/<id>/tuned/*.st             programs tuned to the registered conditions (a lookup table):
                                      they pass those and must fail sampled conditions

Every program opens with a comment that says what it does and why it must pass or fail.
"""

from __future__ import annotations

from pathlib import Path

KINDS = ("counterexamples", "correct", "tuned")


def find(task, name: str) -> Path:
    """The program `name` of `task`, in whichever of its program folders holds it. A name in two
    folders is refused: the tests would grade one of them under the other's expectation."""
    found = [Path(task.folder) / kind / name for kind in KINDS
             if (Path(task.folder) / kind / name).is_file()]
    if not found:
        raise FileNotFoundError(f"{task.id} has no program {name} in {', '.join(KINDS)}")
    if len(found) > 1:
        raise FileExistsError(f"{task.id}: {name} is in {' and '.join(p.parent.name for p in found)}; "
                              "give each program a name of its own")
    return found[0]


def programs(task, kind: str) -> list[Path]:
    return sorted((Path(task.folder) / kind).glob("*.st"))


def header(path: Path) -> str:
    """The opening comment of a program (what it does, why it must pass or fail), or ''."""
    text = path.read_text(encoding="utf-8").lstrip()
    if not text.startswith("(*") or "*)" not in text:
        return ""
    return " ".join(text[2:text.index("*)")].split())


class NamedIO:
    """A controller written in Python against a task's I/O names (the tests' second,
    independent programs): `i` holds the inputs by name as sampled, `o` the outputs by name
    (FALSE / 0 until set); a subclass writes `scan(now_ms)`.

        class Reference(NamedIO):
            def scan(self, now_ms):
                self.o["close_gripper"] = self.i["part_in_nest"]
    """

    fault = None

    def __init__(self, task):
        self._names = {p.address: p.name for p in task.io}
        self.i = {p.name: 0 if p.type != "BOOL" else False for p in task.inputs}
        self.o = {p.name: 0 if p.type != "BOOL" else False for p in task.outputs}

    @property
    def q(self) -> dict:
        return self.o

    def set_input(self, address, value):
        self.i[self._names[address]] = value

    def get_output(self, address):
        return self.o[self._names[address]]

    def scan(self, now_ms):
        raise NotImplementedError


class Logic(NamedIO):
    """A scan written as a function `logic(i, o, m, now_ms)` of the I/O image by name and a
    memory dict `m` that persists between scans."""

    def __init__(self, task, logic, memory: dict | None = None):
        super().__init__(task)
        self.logic, self.m = logic, dict(memory or {})

    def scan(self, now_ms):
        self.logic(self.i, self.o, self.m, now_ms)
