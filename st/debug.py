"""Debug instances: pause before statements, breakpoints by line, step into / over / out.

The code generator emits, next to each POU's fast ``run``, a generator ``run_dbg`` that
asks ``ctx.dbg.hit(line, col)`` before the first statement of each line and yields when the
answer is yes. A debug scan drives that generator; ``scan()`` (no scan in progress) takes
the fast path, so a debug instance with no breakpoint runs at full speed.

Every pause point passed in a scan is counted (``Pause.step_index``, 0 = the first statement
of the scan). Runs are deterministic, so "before pause point n of scan k" names one exact
moment: the debugger replays an edit made there with ``begin_scan(now, at_step=n)`` or
``stop_at_step`` and gets the identical run.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .runtime import WATCHDOG_BUDGET, Instance


@dataclass
class Pause:
    line: int
    col: int
    pou: str
    depth: int  # 1 = the PROGRAM body, 2 = an FB or function it called ...
    stack: list[tuple[str, int]] = field(default_factory=list)  # (pou, line) outermost first
    step_index: int = 0  # pause points passed before this one in the current scan
    reason: str = "breakpoint"  # 'breakpoint' | 'step' | 'step index' (run_to_step / stop_at_step)


class DebugState:
    """What the generated debug code consults before each statement (``ctx.dbg``)."""

    __slots__ = ("bps", "mode", "target", "depth", "stack", "count", "stop_step", "why")

    def __init__(self, bps: set[int]):
        self.bps = bps
        # 'run' (stop at breakpoints) | 'into' | 'over' | 'out' | 'finish' | 'seek' (to stop_step only)
        self.mode = "run"
        self.target = 0
        self.depth = 0
        self.stack: list[list] = []
        self.count = 0  # pause points passed in this scan
        self.stop_step = -1  # also stop before this pause point (any mode but 'finish')
        self.why = ""

    def enter(self, pou: str) -> None:
        self.depth += 1
        self.stack.append([pou, 0, 0])

    def leave(self) -> None:
        self.depth -= 1
        if self.stack:
            self.stack.pop()

    def hit(self, line: int, col: int) -> bool:
        fr = self.stack[-1]
        fr[1] = line
        fr[2] = col
        n = self.count
        self.count = n + 1
        mode = self.mode
        if mode == "finish":
            return False
        if (mode == "into" or (mode == "over" and self.depth <= self.target)
                or (mode == "out" and self.depth < self.target)):
            self.why = "step"
            return True
        if mode != "seek" and line in self.bps:
            self.why = "breakpoint"
            return True
        if n == self.stop_step:
            self.why = "step index"
            return True
        return False


class DebugInstance(Instance):
    def __init__(self, program):
        super().__init__(program)
        self._bps: set[int] = set()
        self._state: DebugState | None = None
        self._gen = None
        self.pause: Pause | None = None
        # Also pause before this pause point of the current scan, whatever the step mode (the
        # Pause then has reason 'step index'); cleared when the scan ends.
        self.stop_at_step: int | None = None

    # ------------------------------------------------------------------ breakpoints
    @property
    def breakpoints(self) -> set[int]:
        return self._bps

    @breakpoints.setter
    def breakpoints(self, lines) -> None:
        self._bps.clear()
        self._bps.update(int(x) for x in lines)

    def breakable_lines(self) -> set[int]:
        return set(self.program.breakable)

    @property
    def in_scan(self) -> bool:
        return self._gen is not None

    @property
    def step_index(self) -> int:
        """Pause points passed so far in the scan in progress (the paused one's index); 0 between scans."""
        if self.pause is not None:
            return self.pause.step_index
        return 0

    # ------------------------------------------------------------------ scans
    def scan(self, now_ms: int) -> None:
        if self._gen is not None:
            self._state.mode = "finish"
            self._advance()
            return
        super().scan(now_ms)

    def begin_scan(self, now_ms: int, at_step: int | None = None) -> Pause | None:
        """Start a scan. With `at_step`, breakpoints are ignored and the scan pauses before pause
        point `at_step` (None if the scan ends first)."""
        if self._gen is not None:
            raise RuntimeError("a scan is already in progress: resume or step it first")
        if self.fault is not None:
            return None
        ctx = self._ctx
        ctx.now = now_ms
        ctx.left = WATCHDOG_BUDGET
        ctx.reserve = 0  # a paused scan waits for the user: no wall-clock deadline inside it
        if self._forces:
            self._apply_forces()
        self.program.io_in(self._p, self._g, self._in)
        if self._forces:
            self._apply_forces()
        self._state = state = DebugState(self._bps)
        if at_step is not None:
            state.mode = "seek"
            state.stop_step = int(at_step)
        elif self.stop_at_step is not None:
            state.stop_step = self.stop_at_step
        ctx.dbg = state
        self._gen = self._p.run_dbg(ctx)
        return self._advance()

    def _advance(self) -> Pause | None:
        try:
            next(self._gen)
        except StopIteration:
            self._end_scan()
            if self.fault is None:
                if self._forces:
                    self._apply_forces()
                self.program.io_out(self._p, self._g, self._out)
            return None
        except Exception as exc:  # noqa: BLE001 - a program failure is a PLC fault
            self._end_scan()
            self._set_fault(exc)
            return None
        st = self._state
        fr = st.stack[-1]
        self.pause = Pause(fr[1], fr[2], fr[0], st.depth, [(f[0], f[1]) for f in st.stack],
                           st.count - 1, st.why)
        return self.pause

    def _end_scan(self) -> None:
        self._gen = None
        self.pause = None
        self.stop_at_step = None
        self._ctx.dbg = None

    def _continue(self, mode: str) -> Pause | None:
        if self._gen is None:
            return None
        st = self._state
        st.mode = mode
        st.target = st.depth
        st.stop_step = -1 if self.stop_at_step is None else self.stop_at_step
        return self._advance()

    def resume(self) -> Pause | None:
        return self._continue("run")

    def step_into(self) -> Pause | None:
        return self._continue("into")

    def step_over(self) -> Pause | None:
        return self._continue("over")

    def step_out(self) -> Pause | None:
        return self._continue("out")

    def proceed(self) -> Pause | None:
        """Go on with the command that a `stop_at_step` pause interrupted (same mode and depth):
        a step over that was stopped inside the FB it steps over still ends after the call."""
        if self._gen is None:
            return None
        st = self._state
        st.stop_step = -1 if self.stop_at_step is None else self.stop_at_step
        return self._advance()

    def run_to_step(self, n: int) -> Pause | None:
        """Continue the paused scan, ignoring breakpoints, to just before pause point `n` of this
        scan; None when the scan ends first. `n` must not lie behind the current pause."""
        if self._gen is None:
            raise RuntimeError("no scan in progress: use begin_scan(now_ms, at_step=n)")
        n = int(n)
        if self.pause is not None and n <= self.pause.step_index:
            if n == self.pause.step_index:
                return self.pause
            raise ValueError(f"pause point {n} already ran in this scan (now at {self.pause.step_index})")
        st = self._state
        st.mode = "seek"
        st.stop_step = n
        return self._advance()
