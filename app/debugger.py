"""The debugger model: session wiring, breakpoints, stepping, watches, forcing, time travel.

No GUI import here: the window (app/main.py) draws this state and forwards clicks; tests
drive it directly. One `Debugger` holds one task condition run by the same `sim.Session`
the verifier uses, with the program compiled once by `st` and instantiated in debug mode.

Scan numbers are the grader's: scan k is the (0-based) k-th scan, run at plant time k * 10 ms,
and a violation "in scan k" happened while it ran. `scan` is the scan the panels show: the one
in progress while paused inside it, otherwise the last one that ran (None before the first);
`scans_done` counts the scans completed. "Go to scan k" shows the state right after scan k ran,
so going to the grader's violation scan shows the violation. It re-simulates from the start
of the condition with every edit the user made on the way (forces, writes, operator actions)
replayed at the scan it was made, so the state equals a fresh run with the same edits. A
program-side edit made while paused inside a scan also records the pause point (`st` counts
the statements each scan passes), and the replay stops the scan at exactly that statement to
apply it.
"""

from __future__ import annotations

import difflib
import math
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import st
from app.st_syntax import highlight
from app.values import format_typed, index_tree, summary
from app.watch import WatchError, WatchExpression
from runner.trace_files import TraceProbe, TraceSetupError, export_session
from sim.plant import SCAN_MS
from sim.session import Session, SessionError

# Why the run stopped; the window shows `Debugger.message` next to it.
PAUSED, RUNNING, FINISHED, NOT_COMPILED = "paused", "running", "finished", "not compiled"


@dataclass
class Edit:
    """A change the user made to the run, replayed at the same scan on rewind."""

    scan: int  # applied at the start of this scan (or inside it, before pause point `step`)
    kind: str  # force | unforce | write | force_io | release_io | operator
    target: str
    value: Any = None
    step: int | None = None  # made while paused before this pause point of the scan; None: at its start

    @property
    def order(self) -> tuple[int, int]:
        return (self.scan, -1 if self.step is None else self.step)


@dataclass
class IORow:
    address: str
    name: str
    type: str
    direction: str
    meaning: str
    value: Any
    forced: bool


@dataclass
class RuleState:
    rule_id: str
    wording: str
    violated: bool
    first_scan: int | None = None
    message: str = ""


@dataclass
class PlotBuffer:
    """Values of the plotted program variables right after each scan ran, scan 0 first. It holds
    the whole run seen so far: after a rewind the scans past the cursor stay (the run's future,
    identical until an edit makes it diverge, when `truncate` drops them)."""

    scans: list[int] = field(default_factory=list)
    series: dict[str, list[float]] = field(default_factory=dict)
    version: int = 0  # changes whenever recorded values change other than by appending

    def add_signal(self, name: str, history: list[float] | None = None) -> None:
        """Add a variable; `history` (one value per recorded scan, from a re-simulation) fills its past."""
        if history is not None and len(history) == len(self.scans):
            self.series[name] = list(history)
            self.version += 1
        elif name not in self.series:
            self.series[name] = [math.nan] * len(self.scans)

    def remove_signal(self, name: str) -> None:
        self.series.pop(name, None)

    def append(self, scan: int, read: Callable[[str], Any]) -> None:
        if self.scans and scan <= self.scans[-1]:
            return  # already recorded on an earlier pass through this scan (after a rewind)
        self.scans.append(scan)
        for name, values in self.series.items():
            try:
                values.append(as_number(read(name)))
            except (KeyError, WatchError, TypeError, ValueError):
                values.append(math.nan)

    def truncate(self, scan: int) -> None:
        """Forget samples after scan `scan` (-1: all); a rewind replays them identically when the
        run continues."""
        keep = len(self.scans)
        while keep and self.scans[keep - 1] > scan:
            keep -= 1
        if keep == len(self.scans):
            return
        del self.scans[keep:]
        for values in self.series.values():
            del values[keep:]
        self.version += 1

    def clear(self) -> None:
        self.scans.clear()
        for values in self.series.values():
            values.clear()
        self.version += 1


def as_number(value: Any) -> float:
    """A value as a plot draws it: BOOL as 0/1, numbers as they are, anything else (None) NaN."""
    if isinstance(value, bool):
        return 1.0 if value else 0.0
    if isinstance(value, int | float):
        return float(value)
    return math.nan


def map_lines(old_text: str, new_text: str) -> dict[int, int]:
    """Old line number -> new line number for every line that is still there unchanged."""
    old, new = old_text.splitlines(), new_text.splitlines()
    mapping: dict[int, int] = {}
    matcher = difflib.SequenceMatcher(a=old, b=new, autojunk=False)
    for block in matcher.get_matching_blocks():
        for k in range(block.size):
            mapping[block.a + k + 1] = block.b + k + 1
    return mapping


class Debugger:
    """One condition of one task, a compiled program and everything the debugger panels show.

    `compile_source(text, filename)` and `make_session(task, condition, controller)` default
    to `st.compile_source` and `sim.Session`; tests may pass their own.
    """

    def __init__(
        self,
        task,
        source: str,
        filename: str = "program.st",
        condition: str | None = None,
        *,
        compile_source: Callable | None = None,
        make_session: Callable | None = None,
    ):
        if compile_source is None:
            compile_source = st.compile_source
        if make_session is None:
            make_session = Session
        self._compile_source = compile_source
        self._make_session = make_session
        self.task = task
        self.condition = self._find_condition(condition)
        self.filename = filename
        self.source = source
        self.breakpoints: set[int] = set()
        self.break_on_violation = True
        self.watch_paths: list[str] = []          # pinned variables
        self.watch_expressions: list[str] = []    # free ST expressions
        self.plot = PlotBuffer()
        self.plot_signals: list[str] = []         # the trace's signals, top to bottom (I/O and variables)
        self.breakpoint_conditions: dict[int, str] = {}  # line -> ST expression: stop only while TRUE
        self.breakpoint_min_hits: dict[int, int] = {}    # line -> stop from this hit on
        self.breakpoint_hits: dict[int, int] = {}        # line -> hits since the run (re)started
        self._kept_trace = None                   # the I/O trace of this run before the last rewind
        self._index_cache: tuple | None = None
        self._condition_error = ""
        self.state = NOT_COMPILED
        self.message = ""
        self.pause = None                         # st Pause while stopped inside a scan
        self.target_scan: int | None = None       # "go to scan k" in progress: stop after scan k
        self.edits: list[Edit] = []
        self._edits_applied = 0
        self._forced: dict[str, Any] = {}
        self._furthest_done = 0                   # most scans completed in this run (the timeline)
        self.seen_violations: list[tuple[int, str, str]] = []  # (scan, rule id, message) ever seen
        self._violations_counted = 0
        self.program = None
        self.diagnostics: list = []
        self.instance = None
        self.session = None
        self.trace_probe: TraceProbe | None = None
        self._idle_plant = None
        self.run_id = 0
        self._compile(source)

    # ----- setup -------------------------------------------------------------------------

    def _find_condition(self, name: str | None):
        conditions = list(self.task.conditions)
        if not conditions:
            raise ValueError(f"task {self.task.id} has no conditions")
        if name is None:
            return conditions[0]
        for c in conditions:
            if c.name.lower() == str(name).lower():
                return c
        raise ValueError(
            f"task {self.task.id} has no condition {name!r}; its conditions are "
            + ", ".join(c.name for c in conditions)
        )

    def _compile(self, source: str) -> None:
        comp = self._compile_source(source, filename=self.filename)
        self.diagnostics = list(comp.diagnostics)
        if not comp.ok:
            self.program = None
            self.instance = None
            self.session = None
            self.pause = None
            self.state = NOT_COMPILED
            n = sum(1 for d in self.diagnostics if d.severity == "error")
            self.message = f"{n} compile error{'s' if n != 1 else ''}: fix the program and save it"
            return
        self.program = comp.program
        try:
            self._start_run()
        except Exception as exc:  # a compiler or plant bug must not take the window down
            self.program = self.instance = self.session = None
            self.state = NOT_COMPILED
            msg = f"internal error while starting the program: {type(exc).__name__}: {exc}"
            self.diagnostics.append(st.Diagnostic("error", "E999", msg, self.filename, 1, 1))
            self.message = msg
            return
        self.message = "ready: press Run or step a scan"

    def _start_run(self) -> None:
        """A fresh instance and session at scan 0 (edits are replayed by the caller)."""
        self.instance = self.program.instantiate(debug=True)
        self.session = self._make_session(self.task, self.condition, self.instance)
        # judge states per scan, for File > Export trace (the session's own trace has the I/O)
        self.trace_probe = TraceProbe(self.session) if isinstance(self.session, Session) else None
        self.run_id += 1  # caches of per-run data (plots) key on this
        self.pause = None
        self.state = PAUSED
        self.target_scan = None
        self._edits_applied = 0
        self._violations_counted = 0
        self._forced = {}
        self.breakpoint_hits = {}

    @property
    def plant(self):
        """The live plant; before the program compiles, the condition's plant at its start."""
        if self.session is not None:
            return self.session.plant
        if self._idle_plant is None:
            self._idle_plant = self.task.build_plant(self.condition)
        return self._idle_plant

    def io_point_names(self) -> list[str]:
        return [p.name for p in self.task.io]

    def signal_history(self, name: str) -> tuple[list[int], list]:
        """(scan numbers, values) of one signal in the run on screen, scan 0 up to the last scan
        that ran: I/O points from the session's trace, program variables from the plot buffer
        (filled from scan 0 by re-simulation when they were added)."""
        ses = self.session
        if ses is not None:
            try:
                column = ses.trace.column(name)
            except KeyError:
                pass
            else:
                return list(range(len(column))), column
        if name in self.plot.series:
            n = min(self.scans_done, len(self.plot.scans))
            return list(self.plot.scans[:n]), self.plot.series[name][:n]
        return [], []

    def export_trace(self, folder: str) -> tuple[str, str] | None:
        """Write the run so far as `<condition>.vcd` / `.csv` (as `--trace` does) into `folder`.

        Program variables in the plot come along from the scan they were added. Returns the two
        paths, or None with the reason in `message`.
        """
        ses = self.session
        if ses is None or self.trace_probe is None:
            self.message = "nothing to export: the program has not compiled"
            return None
        io_names = {p.name for p in self.task.io}
        program: dict[str, list] = {}
        for name, values in self.plot.series.items():
            if name in io_names:
                continue
            by_scan = dict(zip(self.plot.scans, values, strict=True))
            digital = self.is_digital(name)
            column = []
            for k in range(len(ses.trace.rows)):
                v = by_scan.get(k, math.nan)
                column.append(None if math.isnan(v) else bool(v) if digital else v)
            program[name] = column
        try:
            paths = export_session(folder, ses, self.trace_probe, program)
        except TraceSetupError as exc:
            self.message = str(exc)
            return None
        self.message = f"trace of scans 0-{len(ses.trace.rows) - 1} written: {paths[0]}, {paths[1]}"
        return paths

    def signal_future(self, name: str) -> tuple[list[int], list]:
        """(scans, values) of one signal after the scan on screen, from before the last rewind:
        the run's future, exact until a force or an edit makes the run diverge (then empty)."""
        done = self.scans_done
        kept = self._kept_trace
        if kept is not None:
            try:
                column = kept.column(name)
            except KeyError:
                pass
            else:
                return list(range(done, len(column))), column[done:]
        if name in self.plot.series:
            return list(self.plot.scans[done:]), self.plot.series[name][done:]
        return [], []

    # ----- the trace's signals -----------------------------------------------------------

    def signal_choices(self, query: str = "") -> list[tuple[str, str]]:
        """(signal, label) of every I/O point and scalar program variable whose name, address or
        type contains `query` (case-insensitive; several words must all match): the plot panel's
        searchable list."""
        words = query.lower().split()
        out: list[tuple[str, str]] = []
        for p in self.task.io:
            out.append((p.name, f"{p.name}  {p.address}  {p.type}  (I/O)"))
        io_names = {p.name.upper() for p in self.task.io}
        for path, node in sorted(self._variable_index().items()):
            if node.children or path != str(node.path).upper() or path in io_names:
                continue  # structured (plot its members), or an address alias
            out.append((node.path, f"{node.path}  {node.type_name}"
                        + (f"  {node.address}" if getattr(node, "address", None) else "")))
        return [(n, label) for n, label in out if all(w in label.lower() for w in words)]

    def add_plot(self, name: str) -> str | None:
        """Plot an I/O point or a program variable; a variable's history is re-simulated from
        scan 0 (runs are deterministic, so it is exactly what the run showed). Returns an error
        message or None."""
        name = name.strip()
        io = {p.name.upper(): p.name for p in self.task.io}
        if name.upper() in io:
            name = io[name.upper()]
        else:
            try:
                value = self.read(name)
            except KeyError as exc:
                return str(exc.args[0]) if exc.args else f"unknown signal {name}"
            if not isinstance(value, int | float | bool):
                return f"{name} is not a number or a BOOL: plot its members"
            if name not in self.plot.series:
                self.plot.add_signal(name, self._history_of(name))
        if name not in self.plot_signals:
            self.plot_signals.append(name)
        return None

    def remove_plot(self, name: str) -> None:
        if name in self.plot_signals:
            self.plot_signals.remove(name)
        self.plot.remove_signal(name)

    def move_plot(self, name: str, by: int) -> None:
        """Move a signal up (by < 0) or down the trace."""
        if name not in self.plot_signals:
            return
        i = self.plot_signals.index(name)
        j = max(0, min(len(self.plot_signals) - 1, i + by))
        self.plot_signals.insert(j, self.plot_signals.pop(i))

    def _history_of(self, name: str) -> list[float] | None:
        """The values of a variable after every scan recorded in the plot buffer, re-simulated."""
        n = len(self.plot.scans)
        if not n or self.program is None:
            return None
        values: list[float] = []

        def sample(_scan: int) -> None:
            try:
                values.append(as_number(self.instance.read(name)))
            except (KeyError, TypeError, ValueError):
                values.append(math.nan)

        with self._sandbox():
            self._resimulate(n, after_scan=sample)
        return values if len(values) == n else None

    def rule_signals(self, rule_id: str, message: str = "") -> list[str]:
        """The I/O points a safety rule reads: its `signals` when the task declares them, otherwise
        the points of every device (or point) its wording or the violation message names."""
        rule = next((r for r in self.task.safety_rules if r.id == rule_id), None)
        if rule is None:
            return []
        declared = tuple(getattr(rule, "signals", ()) or ())
        names = {p.name.upper(): p.name for p in self.task.io}
        if declared:
            return [names.get(s.upper(), s) for s in declared if s.upper() in names]

        def squash(text: str) -> str:
            return "".join(ch for ch in text.lower() if ch.isalnum())

        words = squash(f"{rule.wording} {message}")
        return [p.name for p in self.task.io
                if squash(p.device) in words or squash(p.name) in words][:8]

    def _plot_rule_signals(self, rule_id: str, message: str) -> None:
        for name in self.rule_signals(rule_id, message):
            if name not in self.plot_signals:
                self.plot_signals.append(name)

    def is_digital(self, name: str) -> bool | None:
        """Whether a plotted signal is BOOL (drawn as steps in a lane of its own); None if unknown."""
        for p in self.task.io:
            if p.name == name:
                return str(p.type).upper() == "BOOL"
        try:
            return isinstance(self.read(name), bool)
        except (KeyError, WatchError, TypeError, ValueError):
            return None

    @property
    def compiled(self) -> bool:
        return self.program is not None

    def errors_by_line(self) -> dict[int, list[str]]:
        out: dict[int, list[str]] = {}
        for d in self.diagnostics:
            out.setdefault(d.line, []).append(f"{d.severity}: {d.message}")
        return out

    def select_condition(self, name: str) -> None:
        self.condition = self._find_condition(name)
        self._idle_plant = None
        self.reset()

    # ----- what the panels show ----------------------------------------------------------

    @property
    def scans_done(self) -> int:
        """How many scans have completed (the next one to start is scan number `scans_done`)."""
        return self.session.scan_index if self.session is not None else 0

    @property
    def scan(self) -> int | None:
        """The grader's number of the scan the panels show: the one in progress while paused
        inside it, otherwise the last one that ran; None before the first scan."""
        done = self.scans_done
        if self.in_scan:
            return done
        return done - 1 if done else None

    @property
    def last_scan(self) -> int | None:
        """The last scan that ran to its end (None before the first)."""
        done = self.scans_done
        return done - 1 if done else None

    @property
    def time_ms(self) -> int:
        """Plant time of the scan shown (scan k runs at k * 10 ms); 0 before the first scan."""
        return (self.scan or 0) * SCAN_MS

    @property
    def furthest_scan(self) -> int | None:
        """The last scan run so far in this run (rewinding does not shorten it): the timeline's extent."""
        return self._furthest_done - 1 if self._furthest_done else None

    def scan_status(self) -> str:
        """Where the run is, in the grader's numbering: 'last scan 507 (t = 5.07 s)'."""
        if self.in_scan:
            return f"in scan {self.scan} (t = {self.time_ms / 1000:.2f} s)"
        if self.scan is None:
            return "before scan 0 (t = 0.00 s)"
        return f"last scan {self.scan} (t = {self.time_ms / 1000:.2f} s)"

    @property
    def current_line(self) -> int | None:
        return self.pause.line if self.pause is not None else None

    @property
    def in_scan(self) -> bool:
        return self.pause is not None

    @property
    def finished(self) -> bool:
        return self.session is not None and bool(self.session.finished)

    @property
    def fault(self) -> str | None:
        """The PLC's runtime fault (or an output the plant refused), as one line."""
        if self.session is not None and self.session.verdict.fault:
            return self.session.verdict.fault
        if self.instance is not None and self.instance.fault is not None:
            return str(self.instance.fault)
        return None

    @property
    def fault_at(self) -> tuple[int, str] | None:
        """(source line, message) of the program's runtime fault, for the source view; None
        without one, or when the fault has no line (an output the plant refused)."""
        fault = self.instance.fault if self.instance is not None else None
        line = getattr(fault, "line", 0)
        if not line:
            return None
        return int(line), f"runtime fault: {getattr(fault, 'message', fault)}"

    @property
    def verdict(self):
        return None if self.session is None else self.session.verdict

    def breakable_lines(self) -> set[int]:
        return set(self.instance.breakable_lines()) if self.instance is not None else set()

    def read(self, path: str) -> Any:
        if self.instance is None:
            raise KeyError("the program is not compiled")
        return self.instance.read(path)

    def variables(self) -> list:
        return self.instance.variables() if self.instance is not None else []

    def forced(self) -> dict[str, Any]:
        """Program variables the user forced (path as typed, upper case) and their values."""
        return dict(self._forced)

    def io_rows(self) -> list[IORow]:
        """Every I/O point with the value of the last scan (inputs as sampled, outputs as applied)."""
        ses = self.session
        values = ses.state.io if ses is not None and self.scans_done > 0 else {}
        forces = ses.forces if ses is not None else {}
        # a forced row shows the forced value at once, not the last scan's until the next one
        return [IORow(p.address, p.name, p.type, p.direction, p.meaning,
                      forces[p.name] if p.name in forces else values.get(p.name), p.name in forces)
                for p in self.task.io]

    def forced_devices(self) -> dict[str, list[str]]:
        """Devices with a forced I/O point and the points forced (the plant drawing marks them)."""
        forces = self.session.forces if self.session is not None else {}
        out: dict[str, list[str]] = {}
        for p in self.task.io:
            if p.name in forces:
                out.setdefault(p.device, []).append(p.name)
        return out

    def format_signal(self, name: str, value: float) -> str:
        """A plotted number as its ST type reads (a TIME as T#1s500ms), for the cursor readout."""
        io = next((p for p in self.task.io if p.name == name), None)
        type_name = io.type if io is not None else None
        if type_name is None:
            node = self._variable_index().get(name.upper())
            type_name = node.type_name if node is not None else None
        if type_name and type_name.upper() not in ("REAL", "LREAL") and float(value).is_integer():
            value = int(value)
        return format_typed(value, type_name)

    def watch_values(self) -> list[tuple[str, str]]:
        """(text, shown value or the reason it cannot be shown) for pins then expressions."""
        out = []
        for text in [*self.watch_paths, *self.watch_expressions]:
            node = self.watch_node(text)
            if node is not None:
                out.append((text, summary(node)))
                continue
            try:
                out.append((text, format_value(WatchExpression(text).evaluate(self.read))))
            except WatchError as exc:
                out.append((text, f"? {exc}"))
        return out

    def watch_node(self, text: str):
        """The variable tree's node of a pinned path (a TON, an array, an enum), so the Watch panel
        shows it as the Variables panel does; None for an expression or an unknown name."""
        if text not in self.watch_paths:
            return None
        return self._variable_index().get("".join(text.split()).upper())

    def _variable_index(self) -> dict:
        """The variable tree by path (upper case), built once per state the panels can show."""
        if self.instance is None:
            return {}
        key = (self.run_id, self.scans_done, self.pause.step_index if self.pause else None,
               len(self.edits), self._edits_applied)
        if self._index_cache is None or self._index_cache[0] != key:
            self._index_cache = (key, index_tree(self.variables()))
        return self._index_cache[1]

    def value_text(self, path: str) -> str | None:
        """A variable's value as the source view shows it (inline and on hover): typed (TIME as
        T#2s500ms, an enum by name), an FB instance by its outputs; None if `path` is no variable."""
        node = self._variable_index().get(path.upper())
        if node is not None:
            return summary(node)
        try:
            return format_value(self.read(path))
        except (KeyError, ValueError, TypeError):
            return None

    def rule_states(self) -> list[RuleState]:
        first: dict[str, tuple[int, str]] = {}
        for scan, rule_id, msg in self._violations():
            first.setdefault(rule_id, (scan, msg))
        states = []
        for rule in self.task.safety_rules:
            hit = first.get(rule.id)
            states.append(RuleState(rule.id, rule.wording, hit is not None,
                                    hit[0] if hit else None, hit[1] if hit else ""))
        return states

    def first_violation(self) -> tuple[int, str, str] | None:
        v = self._violations()
        return v[0] if v else None

    def completion(self) -> tuple[bool, int | None]:
        """(succeeded so far, the scan in which the completion condition was met)."""
        v = self.verdict
        if v is None:
            return False, None
        return v.success, v.completion_scan

    def waiting_for(self) -> str:
        """What the completion condition still waits for, in the task's words."""
        if self.session is None or self.verdict.success:
            return ""
        return self.session.judge.pending()

    def _violations(self) -> list[tuple[int, str, str]]:
        v = self.verdict
        if v is None:
            return []
        return [(x.scan, x.rule_id, x.message) for x in v.violations]

    # ----- breakpoints and watches -------------------------------------------------------

    def toggle_breakpoint(self, line: int) -> bool:
        """Set or clear a breakpoint; False (and a message) when no statement starts there."""
        if line in self.breakpoints:
            self.breakpoints.discard(line)
            self.breakpoint_conditions.pop(line, None)
            self.breakpoint_min_hits.pop(line, None)
            return True
        if self.instance is not None and line not in self.breakable_lines():
            self.message = f"line {line} holds no statement: no breakpoint there"
            return False
        self.breakpoints.add(line)
        return True

    def add_watch(self, text: str) -> str | None:
        """Pin a variable path or add an expression; returns an error message or None."""
        text = text.strip()
        try:
            expr = WatchExpression(text)
        except WatchError as exc:
            return str(exc)
        target = self.watch_paths if expr.is_plain_path else self.watch_expressions
        if text not in target:
            target.append(text)
        return None

    def remove_watch(self, text: str) -> None:
        for lst in (self.watch_paths, self.watch_expressions):
            if text in lst:
                lst.remove(text)

    # ----- edits (replayed on rewind) ----------------------------------------------------

    def force(self, target: str, value: Any) -> bool:
        """Force a program variable: the program cannot overwrite it until unforced."""
        return self._edit(Edit(self.scans_done, "force", target, value, self._step_now()))

    def unforce(self, target: str) -> bool:
        return self._edit(Edit(self.scans_done, "unforce", target, None, self._step_now()))

    def write(self, path: str, value: Any) -> bool:
        """Write a program variable once (the program may overwrite it in the next scan)."""
        return self._edit(Edit(self.scans_done, "write", path, value, self._step_now()))

    def _step_now(self) -> int | None:
        # the program sees the edit from the statement it is paused before
        return self.pause.step_index if self.pause is not None else None

    def force_io(self, point: str, value: Any) -> bool:
        """Force an I/O point (name or address): an input at sampling, an output when applied."""
        return self._edit(Edit(self._plant_side_scan(point), "force_io", point, value))

    def release_io(self, point: str) -> bool:
        return self._edit(Edit(self._plant_side_scan(point), "release_io", point))

    def operate(self, action: str, device: str | None = None, value: Any = None) -> bool:
        """An operator action on the plant: press / release a button, trip_estop, select ..."""
        return self._edit(Edit(self._plant_side_scan(None), "operator", device, (action, value)))

    def _plant_side_scan(self, point: str | None) -> int:
        # Made while paused inside scan k, a plant-side edit is first seen by the input sample
        # of scan k+1 (outputs: when scan k applies them), so it replays before that scan.
        done = self.scans_done
        if not self.in_scan:
            return done
        try:
            if point is not None and self.task.io_point(point).direction == "output":
                return done
        except KeyError:
            return done  # applying it reports the unknown point
        return done + 1

    def _edit(self, edit: Edit) -> bool:
        """Apply a user edit now and record it for replay; False (and a message) if refused."""
        if not self.compiled:
            return False
        try:
            self._apply(edit)
        except (KeyError, ValueError, TypeError, SessionError) as exc:  # unknown path, refused value
            self.message = str(exc.args[0]) if exc.args else f"cannot {edit.kind} {edit.target}"
            return False
        # Changing the past discards the edits recorded after this scan, and the run diverges
        # from the one seen before the rewind: its future trace and its violation marks go.
        del self.edits[self._edits_applied:]
        self._diverge()
        at = len(self.edits)
        while at and self.edits[at - 1].order > edit.order:
            at -= 1  # keep scan order for the replay (an output force may belong before an input's)
        self.edits.insert(at, edit)
        self._edits_applied = len(self.edits)
        return True

    def _diverge(self) -> None:
        """Forget what the run did after the scan in progress (or about to start): an edit here
        makes those scans run differently."""
        done = self.scans_done
        if self._furthest_done > done:
            self._furthest_done = done
        self._kept_trace = None
        self.plot.truncate(done - 1)
        self.seen_violations = [v for v in self.seen_violations if v[0] < done]

    def _apply(self, e: Edit) -> None:
        inst, ses = self.instance, self.session
        if e.kind == "force":
            inst.force(e.target, e.value)
            self._forced[e.target.upper()] = e.value
        elif e.kind == "unforce":
            inst.unforce(e.target)
            self._forced.pop(e.target.upper(), None)
        elif e.kind == "write":
            inst.write(e.target, e.value)
        elif e.kind == "force_io":
            ses.force(e.target, e.value)
        elif e.kind == "release_io":
            ses.release_force(e.target)
        elif e.kind == "operator":
            action, value = e.value
            ses.operate(action, e.target, value)

    def _apply_edits_due(self) -> None:
        """Edits due at the start of the next scan (the ones made inside it wait for their step)."""
        scan = self.scans_done
        edits = self.edits
        while self._edits_applied < len(edits):
            e = edits[self._edits_applied]
            if e.scan > scan or (e.scan == scan and e.step is not None):
                break
            self._apply(e)
            self._edits_applied += 1

    def _pending_step(self) -> int | None:
        """The pause point of the scan in progress (or about to start) where a recorded edit waits."""
        if self._edits_applied < len(self.edits):
            e = self.edits[self._edits_applied]
            if e.scan == self.scans_done and e.step is not None:
                return e.step
        return None

    def _settle(self, pause):
        """Apply the edits recorded at this pause point; when only they stopped the scan, go on
        with the interrupted command. Returns the pause the user should see, or None (scan over)."""
        inst = self.instance
        while pause is not None:
            step = pause.step_index
            done = self.scans_done
            while (self._edits_applied < len(self.edits) and self.edits[self._edits_applied].scan == done
                   and self.edits[self._edits_applied].step is not None
                   and self.edits[self._edits_applied].step <= step):
                self._apply(self.edits[self._edits_applied])
                self._edits_applied += 1
            inst.stop_at_step = self._pending_step()
            if pause.reason != "step index":
                return pause
            pause = inst.proceed()
        return None

    # ----- running ------------------------------------------------------------------------

    def _can_run(self) -> bool:
        if not self.compiled:
            return False
        if self.finished and not self.in_scan:
            self.state = FINISHED
            self.message = self._end_message()
            return False
        return True

    def _end_message(self) -> str:
        return "run finished: " + self.outcome()[1]

    def outcome(self) -> tuple[str, str]:
        """('passed' | 'failed' | 'running', one line): how this condition stands, as the grader
        would judge it, never calling a completed run with a violation anything but FAILED."""
        v = self.verdict
        if v is None:
            return "running", "not started"
        counts = v.violation_counts
        broken = ", ".join(f"{rule} violated x{counts.get(rule, 1)}" for rule in v.violated_rules)
        at = v.completion_scan
        when = "" if at is None else f" in scan {at} (t = {at * SCAN_MS / 1000:.2f} s)"
        if self.fault is not None:
            return "failed", f"FAILED: the PLC stopped: {self.fault}"
        if v.success and broken:
            return "failed", f"completed{when}, but FAILED: {broken}"
        if v.success:
            if self.finished:
                return "passed", f"PASSED: completed{when}, no safety rule violated"
            return "running", f"completed{when}; the end state and the safety rules are still watched"
        if v.completion_failed:
            return "failed", f"FAILED: {v.completion_failed}" + (f"; also {broken}" if broken else "")
        if broken:
            return "failed", f"FAILED: {broken}"
        if self.finished:
            wait = v.pending or self.waiting_for()
            return "failed", f"FAILED ({v.end_reason}): still missing {wait}" if wait else \
                f"FAILED ({v.end_reason})"
        wait = self.waiting_for()
        return "running", "not completed yet" + (f": waiting for {wait}" if wait else "")

    def _begin_scan(self, stop_at_first_statement: bool):
        """Sample inputs and start a paused-capable scan; returns the Pause or None."""
        self._apply_edits_due()
        self.session.sample_inputs()
        inst = self.instance
        if stop_at_first_statement:
            inst.breakpoints = set(inst.breakable_lines())
        else:
            inst.breakpoints = set(self.breakpoints)
        inst.stop_at_step = self._pending_step()
        try:
            return self._settle(inst.begin_scan(self.session.time_ms))
        finally:
            inst.breakpoints = set(self.breakpoints)

    def _end_scan(self) -> str | None:
        """Steps 3-5 of the scan; returns a stop reason (violation, end) or None."""
        self.pause = None
        self.session.finish_scan()
        return self._after_scan()

    def _after_scan(self) -> str | None:
        scan = self.scans_done - 1  # the scan that just ran
        self._furthest_done = max(self._furthest_done, self.scans_done)
        self.plot.append(scan, self.read)
        # runs every scan: convert only the violations this scan added, not the whole list
        recorded = self.session.verdict.violations
        new = [(x.scan, x.rule_id, x.message) for x in recorded[self._violations_counted:]]
        self._violations_counted = len(recorded)
        for v in new:
            if v not in self.seen_violations:
                self.seen_violations.append(v)
        if self.fault is not None:
            return f"PLC stopped in scan {scan} (t = {scan * SCAN_MS / 1000:.2f} s): {self.fault}"
        if new and self.break_on_violation:
            s, rule_id, msg = new[0]
            self._plot_rule_signals(rule_id, msg)
            return f"safety rule {rule_id} violated in scan {s} (t = {s * SCAN_MS / 1000:.2f} s): {msg}"
        if self.target_scan is not None and scan >= self.target_scan:
            self.target_scan = None
            return f"reached scan {scan} (t = {scan * SCAN_MS / 1000:.2f} s)"
        if self.finished:
            return self._end_message()
        return None

    def _paused_text(self) -> str:
        if self.in_scan:
            return f"paused in scan {self.scan}"
        return "paused before scan 0" if self.scan is None else f"paused after scan {self.scan}"

    def _stop(self, reason: str) -> None:
        self.state = FINISHED if (self.finished and not self.in_scan) else PAUSED
        self.message = reason

    def _paused_at(self, pause, why: str) -> None:
        self.pause = pause
        self.state = PAUSED
        self.message = f"{why} at line {pause.line} (in scan {self.scan})"
        hits = self.breakpoint_hits.get(pause.line)
        if why == "breakpoint" and hits and (pause.line in self.breakpoint_conditions
                                             or pause.line in self.breakpoint_min_hits):
            self.message += f", hit {hits}"
        if self._condition_error:
            self.message += f"; {self._condition_error}"
            self._condition_error = ""

    def _honour_conditions(self, pause):
        """Count the hit of a breakpoint and pass over it while its condition is FALSE or its hit
        count is not reached yet; returns the pause to show, or None when the scan ended."""
        inst = self.instance
        while pause is not None and pause.reason == "breakpoint" and pause.line in self.breakpoints:
            line = pause.line
            text = self.breakpoint_conditions.get(line)
            if text:
                try:
                    holds = bool(WatchExpression(text).evaluate(self.read))
                except WatchError as exc:
                    self.breakpoint_hits[line] = self.breakpoint_hits.get(line, 0) + 1
                    self._condition_error = f"breakpoint condition on line {line} ({text}): {exc}"
                    return pause  # stop: a condition that cannot be read must not be skipped silently
                if not holds:
                    pause = self._settle(inst.resume())
                    continue
            hits = self.breakpoint_hits[line] = self.breakpoint_hits.get(line, 0) + 1
            if hits >= self.breakpoint_min_hits.get(line, 1):
                return pause
            pause = self._settle(inst.resume())
        return pause

    def set_breakpoint_condition(self, line: int, condition: str = "", min_hits: int = 1) -> str | None:
        """Make the breakpoint on `line` conditional: stop only while the ST expression is TRUE
        (empty: always) and from its `min_hits`-th hit on. Returns an error message or None."""
        text = condition.strip()
        if text:
            try:
                WatchExpression(text)
            except WatchError as exc:
                return str(exc)
            self.breakpoint_conditions[line] = text
        else:
            self.breakpoint_conditions.pop(line, None)
        if min_hits > 1:
            self.breakpoint_min_hits[line] = int(min_hits)
        else:
            self.breakpoint_min_hits.pop(line, None)
        if line not in self.breakpoints:
            self.toggle_breakpoint(line)
        return None

    def _run_one_scan(self) -> str | None:
        """One whole scan honouring breakpoints; returns a stop reason or None."""
        self._apply_edits_due()
        if self.breakpoints or self._pending_step() is not None:
            pause = self._begin_scan(stop_at_first_statement=False)
            pause = self._honour_conditions(pause)
            if pause is not None:
                self._paused_at(pause, "breakpoint")
                return self.message
            return self._end_scan()
        self.session.step()
        return self._after_scan()

    def _replay_scan(self) -> None:
        """One whole scan, breakpoints ignored, stopping only to apply the edits made inside it."""
        self.session.sample_inputs()
        inst = self.instance
        inst.stop_at_step = None
        now_ms = self.session.time_ms
        pause = self._settle(inst.begin_scan(now_ms, at_step=self._pending_step()))
        if pause is not None:  # cannot happen: nothing but recorded edits stops a replay
            inst.scan(now_ms)
        self.session.finish_scan()

    def run_scans(self, max_scans: int, deadline: float | None = None) -> int:
        """Advance up to `max_scans` scans (or until `deadline`, a perf_counter time), stopping
        at a breakpoint, a violation (when break on violation is on), the target scan or the
        end of the run. Returns the number of scans completed. Used by Run, Continue and the
        window's frame loop."""
        if not self._can_run():
            return 0
        done = 0
        if self.in_scan:
            # Continue the scan we are paused in first.
            pause = self._honour_conditions(self._settle(self.instance.resume()))
            if pause is not None:
                self._paused_at(pause, "breakpoint")
                return 0
            done += 1
            reason = self._end_scan()
            if reason:
                self._stop(reason)
                return done
        self.state = RUNNING
        while done < max_scans:
            if self.finished:
                self._stop(self._end_message())
                return done
            reason = self._run_one_scan()
            if self.in_scan:
                return done
            done += 1
            if reason:
                self._stop(reason)
                return done
            if deadline is not None and (done & 15) == 0 and time.perf_counter() >= deadline:
                break
        return done

    def pause_run(self) -> None:
        if self.state == RUNNING:
            self.state = PAUSED
            self.target_scan = None
            self.message = self._paused_text()

    def start_running(self) -> None:
        """The window's Run / Continue: frames then call run_scans until something stops it."""
        if self._can_run():
            self.state = RUNNING
            self.message = "running"

    def continue_to_break(self, max_scans: int = 1_000_000) -> None:
        """Run until a breakpoint, a violation or the end (synchronous, for tests and scripts)."""
        self.run_scans(max_scans)
        if self.state == RUNNING:
            self._stop(self._paused_text())

    def step_scan(self) -> None:
        """Finish the scan in progress, or run one whole scan (stopping at a breakpoint in it)."""
        if not self._can_run():
            return
        if self.in_scan:
            saved = self.instance.breakpoints
            self.instance.breakpoints = set()
            try:
                pause = self._settle(self.instance.resume())
            finally:
                self.instance.breakpoints = saved
            if pause is not None:  # cannot happen without breakpoints; keep the pause honest
                self._paused_at(pause, "stopped")
                return
            reason = self._end_scan()
        else:
            reason = self._run_one_scan()
            if self.in_scan:
                return
        self._stop(reason or self._paused_text())

    def _step(self, how: str) -> None:
        if not self._can_run():
            return
        if not self.in_scan:
            pause = self._begin_scan(stop_at_first_statement=True)
            if pause is not None:
                self._paused_at(pause, "scan started; first statement")
                return
            reason = self._end_scan()  # a program with no statements
            self._stop(reason or self._paused_text())
            return
        pause = self._settle(getattr(self.instance, how)())
        if pause is not None:
            self._paused_at(pause, how.replace("_", " "))
            return
        reason = self._end_scan()
        self._stop(reason or f"scan {self.last_scan} finished")

    def step_into(self) -> None:
        self._step("step_into")

    def step_over(self) -> None:
        self._step("step_over")

    def step_out(self) -> None:
        self._step("step_out")

    def run_to_scan(self, k: int) -> None:
        """Go to scan k: show the state right after scan k ran (k = -1: the start, before scan 0).
        Rewinds when it lies behind, otherwise runs forward to it (synchronous, stopping at
        breakpoints and violations on the way)."""
        if not self.compiled:
            return
        k = max(-1, int(k))
        done, wanted = self.scans_done, k + 1
        if wanted < done or (wanted == done and self.in_scan):
            self.rewind(k)
            return
        if wanted == done:
            return
        self.target_scan = k
        self.run_scans(wanted - done + 1)
        if self.state == RUNNING:
            self._stop(self._paused_text())

    def rewind(self, k: int) -> float:
        """Re-simulate from the start of the condition to just after scan k (k = -1: the start),
        at most to the furthest scan reached; returns the seconds it took. The trace of the scans
        after k stays (the run's future) until an edit makes the run diverge."""
        if not self.compiled:
            return 0.0
        t0 = time.perf_counter()
        wanted = max(0, min(int(k) + 1, self._furthest_done))
        old = self.session.trace if self.session is not None else None
        if old is not None and (self._kept_trace is None or len(old) > len(self._kept_trace)):
            self._kept_trace = old
        self._start_run()
        self._resimulate(wanted)
        self._violations_counted = len(self.session.verdict.violations)
        last = self.last_scan
        seconds = time.perf_counter() - t0
        self.state = PAUSED
        where = "the start, before scan 0" if last is None else self.scan_status()
        self.message = f"went back to {where}; re-simulated in {seconds * 1000:.0f} ms"
        return seconds

    def _resimulate(self, wanted: int, after_scan: Callable[[int], None] | None = None) -> None:
        """From a fresh start (`_start_run`), run `wanted` scans with the recorded edits replayed
        and no breakpoints; `after_scan(k)` is called after each scan k."""
        self.instance.breakpoints = set()
        step = self.session.step
        while self.scans_done < wanted and not self.finished:
            self._apply_edits_due()
            if self._pending_step() is None:
                step()
            else:
                self._replay_scan()
            if after_scan is not None:
                after_scan(self.scans_done - 1)
        self.instance.breakpoints = set(self.breakpoints)

    class _Sandbox:
        """Run a second copy of the condition (a re-simulation for a question about the run)
        and put the run on screen back afterwards, untouched."""

        NAMES = ("instance", "session", "pause", "state", "target_scan", "_edits_applied", "_forced",
                 "_violations_counted", "run_id", "message", "breakpoint_hits", "_index_cache")

        def __init__(self, d):
            self.d = d

        def __enter__(self):
            self.saved = {n: getattr(self.d, n) for n in self.NAMES}
            self.d._start_run()
            return self.d

        def __exit__(self, *exc):
            for n, v in self.saved.items():
                setattr(self.d, n, v)
            return False

    def _sandbox(self) -> _Sandbox:
        return Debugger._Sandbox(self)

    # ----- the source, as online mode reads it -------------------------------------------

    def first_statement_line(self) -> int:
        """Where the source view opens: the first line with a statement (not the header comment)."""
        lines = self.breakable_lines()
        if lines:
            return min(lines)
        for n, text in enumerate(self.source.splitlines(), 1):
            word = text.strip().upper()
            if word.startswith(("PROGRAM", "FUNCTION_BLOCK", "FUNCTION", "TYPE", "VAR")):
                return n
        return 1

    def find_lines(self, text: str) -> list[int]:
        """Lines containing `text` (case-insensitive), for Find."""
        needle = text.strip().lower()
        if not needle:
            return []
        return [n for n, line in enumerate(self.source.splitlines(), 1) if needle in line.lower()]

    def write_lines(self, name: str) -> list[int]:
        """Lines that write variable `name`: an assignment `name :=` or an FB output `=> name`
        (not an FB call's input `(name := ...)`, which sets the FB's own parameter)."""
        alts = "|".join(re.escape(n) for n in self._names_for(name))
        assign = re.compile(rf"(?<![\w.])(?:{alts})\s*:=", re.IGNORECASE)
        output = re.compile(rf"=>\s*(?:{alts})(?![\w.\[])", re.IGNORECASE)
        out = []
        for n, tokens in enumerate(highlight(self.source), 1):
            # comments and strings blanked, so a commented-out assignment is not a write
            line = "".join(" " * len(t) if kind in ("comment", "string") else t for kind, t in tokens)
            for m in assign.finditer(line):
                before = line[:m.start()].rstrip()
                if not before.endswith(("(", ",")):
                    out.append(n)
                    break
            else:
                if output.search(line):
                    out.append(n)
        return out

    def _names_for(self, name: str) -> list[str]:
        """A variable's names in the source: itself, and for an I/O point (by name or address)
        the program variable located at its address."""
        name = "".join(name.split())
        names = [name]
        up = name.upper()
        address = next((p.address for p in self.task.io if up in (p.name.upper(), p.address.upper())),
                       name if name.startswith("%") else None)
        if address is not None:
            node = self._variable_index().get(address.upper())
            if node is not None and node.name.upper() != name.upper():
                names.append(node.name)
            if address.upper() != name.upper():
                names.append(address)
        return names

    def last_write(self, name: str) -> int | None:
        """The line that last wrote `name` in the last scan that ran (for an output: what set the
        value the plant got). Re-simulates that scan stopping on each writing line; None if no
        line wrote it there (or nothing ran yet)."""
        lines = set(self.write_lines(name)) & self.breakable_lines()
        k = self.last_scan
        if not lines or k is None or self.program is None:
            return None
        hit: list[int] = []
        with self._sandbox():
            self._resimulate(k)
            self._apply_edits_due()
            self.session.sample_inputs()
            inst = self.instance
            inst.breakpoints = lines
            inst.stop_at_step = self._pending_step()
            pause = self._settle(inst.begin_scan(self.session.time_ms))
            while pause is not None:
                hit.append(pause.line)
                pause = self._settle(inst.resume())
            inst.breakpoints = set()
            self.session.finish_scan()
        return hit[-1] if hit else None

    def run_blocked_reason(self) -> str | None:
        """Why Run cannot start now (shown on the disabled button), or None."""
        if not self.compiled:
            errors = [x for x in self.diagnostics if x.severity == "error"]
            if errors:
                first = errors[0]
                more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
                return f"the program does not compile: line {first.line}: {first.message}{more}"
            return "the program does not compile"
        if self.finished and not self.in_scan:
            return "the run has ended: rewind (timeline, Go to scan) or Reset to run again"
        return None

    def reset(self) -> None:
        """Back to the start of the condition; forgets edits, keeps breakpoints and watches."""
        if self.program is None:
            return
        self.edits.clear()
        self._furthest_done = 0
        self._kept_trace = None
        self.seen_violations.clear()
        self.plot.clear()
        self._start_run()
        self.message = "reset to the start of the condition"

    def reload(self, source: str) -> None:
        """Compile new program text; breakpoints follow their lines if those lines still exist."""
        mapping = map_lines(self.source, source)
        old_breakpoints = self.breakpoints
        unchanged = source == self.source
        self.source = source
        self.edits.clear()
        self._furthest_done = 0
        self.seen_violations.clear()
        self.plot.clear()
        self._compile(source)
        moved = {mapping[b] for b in old_breakpoints if b in mapping}
        if self.instance is not None:
            moved &= self.breakable_lines()
        self.breakpoints = moved
        self.breakpoint_conditions = {mapping[b]: c for b, c in self.breakpoint_conditions.items()
                                      if mapping.get(b) in moved}
        self.breakpoint_min_hits = {mapping[b]: c for b, c in self.breakpoint_min_hits.items()
                                    if mapping.get(b) in moved}
        if self.compiled:  # variables the new program no longer has leave the plot
            self.plot_signals = [n for n in self.plot_signals
                                 if n in self.io_point_names() or self._readable(n)]
        for n in self.plot_signals:
            if n not in self.io_point_names():
                self.plot.add_signal(n)
        lost = len(old_breakpoints) - len(moved)
        kept = f"{len(moved)} breakpoint{'s' if len(moved) != 1 else ''} kept" + (
            f", {lost} dropped (their lines changed)" if lost else "")
        what = "the file is unchanged" if unchanged else "changes compiled"
        if self.instance is not None:
            self.instance.breakpoints = set(moved)
            self.message = f"reloaded {self.filename} ({what}); run restarted from scan 0; {kept}"
        else:
            self.message = f"reloaded {self.filename}: {self.message}"

    def _readable(self, path: str) -> bool:
        try:
            self.read(path)
        except KeyError:
            return False
        return True


def format_value(value: Any) -> str:
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, float):
        return f"{value:.6g}"
    if value is None:
        return "-"
    return str(value)
