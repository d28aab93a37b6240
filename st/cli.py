"""Command-line entry points for ST files (called by main.py).

python main.py --check FILE
python main.py --headless --program FILE --scans N --watch a,b,c --json [OUT]
"""

from __future__ import annotations

import json
import math
import signal
import sys
import threading
import time
from contextlib import contextmanager

from . import compile_file
from . import types as T

# Real time one scan may take before the run is stopped. Loops see it through the instance's
# deadline; a scan that spends it in calls rather than loops is cut by a timer signal.
SCAN_WALL_LIMIT_S = 10.0


class _ScanOverrun(BaseException):
    """Raised by the timer signal; BaseException so no handler inside the scan swallows it."""


def _on_alarm(signum, frame):
    raise _ScanOverrun


@contextmanager
def _scan_alarm():
    """Yield a function that arms the timer for one scan (a no-op where signals are unusable)."""
    usable = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
    if not usable:
        yield lambda seconds: None
        return
    previous = signal.signal(signal.SIGALRM, _on_alarm)
    try:
        yield lambda seconds: signal.setitimer(signal.ITIMER_REAL, seconds)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _print_diagnostics(comp) -> None:
    if comp.diagnostics:
        print(comp.format_diagnostics(), file=sys.stderr)


def _summary(comp) -> str:
    ne, nw = len(comp.errors), len(comp.warnings)
    if ne:
        return f"{comp.filename}: {ne} error(s), {nw} warning(s)"
    return f"{comp.filename}: OK" + (f" ({nw} warning(s))" if nw else "")


def check_command(path) -> int:
    comp = compile_file(path)
    _print_diagnostics(comp)
    print(_summary(comp), file=sys.stderr)
    return 0 if comp.ok else 1


def _json_value(value, t):
    """A watched value as JSON: BOOL true/false, numbers, TIME in ms, STRING text, enums by name."""
    if isinstance(t, T.EnumT):
        return t.name_of(value)
    if isinstance(value, float) and not math.isfinite(value):
        # JSON has no NaN or infinity: spell them as ST displays them, so the output stays valid JSON
        return "NaN" if value != value else ("INF" if value > 0 else "-INF")
    return value


def split_watch_list(text: str) -> list[str]:
    """'grid[1,0],x' -> ['grid[1,0]', 'x']: commas inside brackets separate indexes, not names."""
    names, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch == "[":
            depth += 1
        elif ch == "]":
            depth = max(depth - 1, 0)
        elif ch == "," and depth == 0:
            names.append(text[start:i])
            start = i + 1
    names.append(text[start:])
    return [n.strip() for n in names if n.strip()]


def run_program_command(path, scans, watch, json_target, *, scan_ms: int) -> int:
    """Run a program without a plant for `scans` scans of `scan_ms` each (the caller's scan
    period: st knows no plant), then report the watched variables."""
    comp = compile_file(path)
    if not comp.ok:
        _print_diagnostics(comp)
        print(_summary(comp), file=sys.stderr)
        return 1
    if comp.warnings:
        _print_diagnostics(comp)
    if scans is None or scans < 0:
        print(f"main.py: error: --scans must be 0 or more, got {scans}", file=sys.stderr)
        return 2
    names = split_watch_list(watch or "")
    inst = comp.program.instantiate()
    resolved = []
    bad = []
    for name in names:
        try:
            _get, _set, t, _canon = inst._resolve(name)
        except KeyError as exc:
            bad.append(f"--watch {name}: {exc.args[0] if exc.args else exc}")
            continue
        if t.is_scalar:
            resolved.append((name, t))
        else:  # said before the scans run, not after
            bad.append(f"--watch {name}: {t.name} is not a single value; watch its elements")
    if bad:
        for line in bad:
            print(f"main.py: error: {line}", file=sys.stderr)
        return 1
    limit = SCAN_WALL_LIMIT_S
    with _scan_alarm() as arm:
        for k in range(scans):
            inst.deadline = time.perf_counter() + limit
            arm(limit * 1.5)  # the instance's own check comes first where it can
            try:
                inst.scan(k * scan_ms)
            except _ScanOverrun:
                print(
                    f"main.py: error: scan {k} (t = {k * scan_ms} ms) ran longer than {limit:g} s "
                    "of real time: the program was stopped",
                    file=sys.stderr,
                )
                return 1
            if inst.fault is not None:
                print(str(inst.fault), file=sys.stderr)
                print(f"the PLC stopped in scan {k} (t = {k * scan_ms} ms)", file=sys.stderr)
                return 1
        arm(0)
    result = {name: _json_value(inst.read(name), t) for name, t in resolved}
    text = json.dumps(result, allow_nan=False)
    if json_target in (None, "-"):
        print(text)
    else:
        try:
            with open(json_target, "w", encoding="utf-8") as f:
                f.write(text + "\n")
        except OSError as exc:
            print(f"main.py: error: cannot write {json_target}: {exc.strerror}", file=sys.stderr)
            return 1
    return 0
