"""Traces a waveform viewer or a spreadsheet opens: one `<condition>.vcd` and `<condition>.csv` per run.

What a trace holds, at every scan k (stamped at plant time k * 10 ms, timescale 1 ms):

- every I/O point of the task, as the grader recorded it (inputs as sampled, outputs as
  applied), under one scope per device: `<TASK>.<device>.<io name>`; BOOL as a 1-bit wire,
  integer types as integers of their width, REAL/LREAL as reals;
- `<TASK>.safety.<rule id>`: a wire that is 1 on every scan the rule's monitor reports a violation;
- `<TASK>.completion.done` (1 once completion was reached and still stands) and
  `<TASK>.completion.steps_done` (named completion steps finished so far);
- optionally program variables (`Timer1.ET`, `State`) under `<TASK>.program`.

The CSV has the same signals: a `time_ms` column, then one column per signal named by its
scope path without the task (`gripper.part_held`, `safety.MAT-E01-S1`, `program.Timer1.ET`).

The I/O values come from the session's own recorded trace; the judge states and program
variables from a `TraceProbe` set as the session's `after_scan` hook, so the files describe
the run that was graded, not a re-run. Files are written once the run has ended and are the
same bytes for the same run.
"""

from __future__ import annotations

import csv
import os
import re
import sys
from collections.abc import Callable, Sequence
from typing import Any

from sim.plant import SCAN_MS

_INT_BITS = {"SINT": 8, "USINT": 8, "BYTE": 8, "INT": 16, "UINT": 16, "WORD": 16, "DINT": 32,
             "UDINT": 32, "DWORD": 32, "LINT": 64, "ULINT": 64}


class TraceSetupError(ValueError):
    """A trace that cannot be asked for (a folder that cannot be written, an unknown variable)."""


def parse_variables(text: str | None) -> tuple[str, ...]:
    """`Timer1.ET, State` -> ('Timer1.ET', 'State')."""
    if not text:
        return ()
    return tuple(v.strip() for v in text.split(",") if v.strip())


def check_variables(instance, variables: Sequence[str]) -> None:
    """Refuse a variable the program does not have, before grading starts."""
    for path in variables:
        try:
            instance.read(path)
        except KeyError as exc:
            raise TraceSetupError(f"--trace-vars: {exc.args[0] if exc.args else path}") from None
        except Exception as exc:   # an odd path the runtime cannot read
            raise TraceSetupError(f"--trace-vars: cannot read {path!r}: {exc}") from None


def prepare_folder(folder: str) -> str:
    """Create the trace folder (its parent must exist) and check it can be written."""
    path = os.path.abspath(folder)
    if os.path.exists(path) and not os.path.isdir(path):
        raise TraceSetupError(f"cannot write traces to {folder}: it is a file, not a folder")
    parent = os.path.dirname(path)
    if not os.path.isdir(parent):
        raise TraceSetupError(f"cannot write traces to {folder}: folder {parent} does not exist")
    try:
        os.makedirs(path, exist_ok=True)
    except OSError as exc:
        raise TraceSetupError(f"cannot create trace folder {folder}: {exc.strerror or exc}") from None
    if not os.access(path, os.W_OK):
        raise TraceSetupError(f"cannot write traces to {folder}: the folder is not writable")
    return path


def file_stem(condition_name: str) -> str:
    """A condition's name as a file name (names are identifiers; anything else is replaced)."""
    return re.sub(r"[^A-Za-z0-9_.-]", "_", condition_name) or "condition"


class TraceProbe:
    """Records, after every scan, what the session's trace does not hold: judge states, program variables.

    Attach with `TraceProbe(session, variables)` (it sets `session.after_scan`). A session that
    is reset or rewound to an earlier scan drops what it had recorded past that point.
    """

    def __init__(self, session, variables: Sequence[str] = ()):
        self.variables = tuple(variables)
        self.rule_ids = tuple(r.id for r in session.task.safety_rules)
        self.violating: list[tuple[bool, ...]] = []
        self.done: list[bool] = []
        self.steps: list[int] = []
        self.values: list[tuple] = []
        self._steps_cache = (None, 0)
        session.after_scan = self

    def __call__(self, session) -> None:
        k = session.scan_index - 1
        if k < len(self.done):       # the session went back (reset, rewind): forget the future
            self.truncate(k)
        self.violating.append(session.violating)
        self.done.append(session.verdict.success)
        self.steps.append(self._steps_done(session))
        if self.variables:
            read = session.controller.read
            row = []
            for path in self.variables:
                try:
                    row.append(read(path))
                except Exception:   # a variable a reloaded program no longer has: no value
                    row.append(None)
            self.values.append(tuple(row))

    def _steps_done(self, session) -> int:
        judge = session.judge
        # events() walks the judge tree; a finished step stays finished, so only re-count on change
        if judge.done or session.finished:
            cached_judge, n = self._steps_cache
            if cached_judge is judge:
                return n
        n = len(judge.events())
        self._steps_cache = (judge, n)
        return n

    def truncate(self, scans: int) -> None:
        """Keep the first `scans` scans."""
        for column in (self.violating, self.done, self.steps, self.values):
            del column[scans:]


class _Signal:
    __slots__ = ("scope", "name", "kind", "size", "column")

    def __init__(self, scope: tuple[str, ...], name: str, kind: str, size: int | None, column: list):
        self.scope, self.name, self.kind, self.size, self.column = scope, name, kind, size, column

    @property
    def csv_name(self) -> str:
        return ".".join((*self.scope[1:], self.name))


def _scope_name(text: str) -> str:
    return re.sub(r"\s", "_", text)


def _program_kind(values: list) -> tuple[str, int | None]:
    """VCD type of a program variable, from the values it took (bool, int, float, str)."""
    seen = [v for v in values if v is not None]
    if not seen:
        return "wire", 1
    first = seen[0]
    if isinstance(first, bool):
        return "wire", 1
    if isinstance(first, int) and all(isinstance(v, int) for v in seen):
        lo, hi = min(seen), max(seen)
        return "integer", 32 if -(1 << 31) <= lo and hi < (1 << 32) else 64
    if isinstance(first, int | float) and all(isinstance(v, int | float) for v in seen):
        return "real", 64
    return "string", None


def _signals(task, trace, probe: TraceProbe | None, program: dict[str, list] | None = None) -> list[_Signal]:
    top = _scope_name(task.id.replace("-", "_"))
    scans = len(trace.rows)
    out: list[_Signal] = []
    for i, p in enumerate(task.io):
        column = [row[i] for row in trace.rows]
        if p.type == "BOOL":
            out.append(_Signal((top, p.device), p.name, "wire", 1, [int(bool(v)) for v in column]))
        elif p.type in ("REAL", "LREAL"):
            out.append(_Signal((top, p.device), p.name, "real", 64, [float(v) for v in column]))
        else:
            out.append(_Signal((top, p.device), p.name, "integer", _INT_BITS[p.type], column))
    if probe is None:
        return out
    for n, rule_id in enumerate(probe.rule_ids):
        out.append(_Signal((top, "safety"), rule_id, "wire", 1,
                           [int(v[n]) for v in probe.violating[:scans]]))
    out.append(_Signal((top, "completion"), "done", "wire", 1, [int(v) for v in probe.done[:scans]]))
    out.append(_Signal((top, "completion"), "steps_done", "integer", 32, probe.steps[:scans]))
    columns = [(path, [row[n] for row in probe.values[:scans]]) for n, path in enumerate(probe.variables)]
    columns += [(path, list(column[:scans])) for path, column in (program or {}).items()]
    for path, column in columns:
        kind, size = _program_kind(column)
        if kind == "wire":
            column = [None if v is None else int(bool(v)) for v in column]
        parts = path.split(".")
        out.append(_Signal((top, "program", *parts[:-1]), parts[-1], kind, size, column))
    return out


def write_trace(folder: str, stem: str, task, trace, probe: TraceProbe | None = None,
                comment: str = "", program: dict[str, list] | None = None) -> tuple[str, str]:
    """Write `<stem>.vcd` and `<stem>.csv` into `folder`; returns their paths.

    `program` adds program variables recorded elsewhere (path -> value per scan, None where unknown).
    """
    from vcd import VCDWriter

    signals = _signals(task, trace, probe, program)
    scans = len(trace.rows)
    vcd_path = os.path.join(folder, f"{stem}.vcd")
    csv_path = os.path.join(folder, f"{stem}.csv")
    with open(vcd_path, "w", encoding="utf-8", newline="\n") as fh:
        # a fixed date and version: the same run gives the same bytes
        writer = VCDWriter(fh, timescale="1 ms", date="(plant time)", version="plc-sim trace",
                           comment=comment)
        handles = []
        for s in signals:
            if s.kind == "string":
                handles.append(writer.register_var(s.scope, s.name, "string"))
            elif s.kind == "real":
                handles.append(writer.register_var(s.scope, s.name, "real"))
            else:
                handles.append(writer.register_var(s.scope, s.name, s.kind, size=s.size))
        last: list[Any] = [object()] * len(signals)
        change = writer.change
        for k in range(scans):
            t = k * SCAN_MS
            for n, s in enumerate(signals):
                v = s.column[k] if k < len(s.column) else None
                if v is None:
                    v = "" if s.kind == "string" else None
                    if v is None:
                        continue
                if v != last[n] or type(v) is not type(last[n]):
                    last[n] = v
                    change(handles[n], t, str(v) if s.kind == "string" else v)
        writer.close(scans * SCAN_MS)
    with open(csv_path, "w", encoding="utf-8", newline="") as fh:
        out = csv.writer(fh, lineterminator="\n")
        out.writerow(["time_ms", *(s.csv_name for s in signals)])
        for k in range(scans):
            row: list[Any] = [k * SCAN_MS]
            for s in signals:
                v = s.column[k] if k < len(s.column) else None
                row.append("" if v is None else repr(v) if isinstance(v, float) else v)
            out.writerow(row)
    return vcd_path, csv_path


def comment_for(session) -> str:
    v = session.verdict
    state = "passed" if v.passed else "failed" if session.finished else "running"
    return (f"task {session.task.id}, condition {session.condition.name}, {len(session.trace.rows)} scans, "
            f"{state}, trace hash {session.trace_hash()}")


def observer(folder: str, variables: Sequence[str] = ()) -> Callable:
    """An `observe` hook for sim.verifier.grade: each condition's run writes its own trace files.

    It runs where the condition runs (in the grader's worker process). A trace that cannot be
    written is reported in one line on stderr; the grade does not change.
    """
    variables = tuple(variables)

    def observe(session):
        probe = TraceProbe(session, variables)

        def finish() -> None:
            try:
                write_trace(folder, file_stem(session.condition.name), session.task, session.trace, probe,
                            comment_for(session))
            except OSError as exc:
                print(f"warning: trace of condition {session.condition.name} not written: "
                      f"{exc.strerror or exc}", file=sys.stderr)

        return finish

    return observe


def grading_observer(folder: str, variables_text: str | None, instance) -> Callable:
    """The observe hook for `main.py --headless --trace DIR [--trace-vars A,B]`, checked up front."""
    path = prepare_folder(folder)
    variables = parse_variables(variables_text)
    check_variables(instance, variables)
    return observer(path, variables)


def export_session(folder: str, session, probe: TraceProbe | None,
                   program: dict[str, list] | None = None) -> tuple[str, str]:
    """The debugger's File > Export trace: the current run so far, as the grader's --trace writes it."""
    path = prepare_folder(folder)
    try:
        return write_trace(path, file_stem(session.condition.name), session.task, session.trace, probe,
                           comment_for(session), program)
    except OSError as exc:
        raise TraceSetupError(f"cannot write the trace to {folder}: {exc.strerror or exc}") from None
