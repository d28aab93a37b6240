"""Debug instances: pause before statements, breakpoints by line, step into / over / out.

The code generator emits, next to each POU's fast ``run``, a generator ``run_dbg`` that
asks ``ctx.dbg.hit(line, col)`` before the first statement of each line and yields when the
answer is yes. A debug scan drives that generator; ``scan()`` (no scan in progress) takes
the fast path, so a debug instance with no breakpoint runs at full speed.
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


class DebugState:
    """What the generated debug code consults before each statement (``ctx.dbg``)."""

    __slots__ = ("bps", "mode", "target", "depth", "stack")

    def __init__(self, bps: set[int]):
        self.bps = bps
        self.mode = "run"  # 'run' (stop at breakpoints) | 'into' | 'over' | 'out' | 'finish'
        self.target = 0
        self.depth = 0
        self.stack: list[list] = []

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
        mode = self.mode
        if mode == "finish":
            return False
        if mode == "into":
            return True
        if mode == "over" and self.depth <= self.target:
            return True
        if mode == "out" and self.depth < self.target:
            return True
        return line in self.bps


class DebugInstance(Instance):
    def __init__(self, program):
        super().__init__(program)
        self._bps: set[int] = set()
        self._state: DebugState | None = None
        self._gen = None
        self.pause: Pause | None = None

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

    # ------------------------------------------------------------------ scans
    def scan(self, now_ms: int) -> None:
        if self._gen is not None:
            self._state.mode = "finish"
            self._advance()
            return
        super().scan(now_ms)

    def begin_scan(self, now_ms: int) -> Pause | None:
        if self._gen is not None:
            raise RuntimeError("a scan is already in progress: resume or step it first")
        if self.fault is not None:
            return None
        ctx = self._ctx
        ctx.now = now_ms
        ctx.left = WATCHDOG_BUDGET
        if self._forces:
            self._apply_forces()
        self.program.io_in(self._p, self._g, self._in)
        if self._forces:
            self._apply_forces()
        self._state = DebugState(self._bps)
        ctx.dbg = self._state
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
        self.pause = Pause(fr[1], fr[2], fr[0], st.depth, [(f[0], f[1]) for f in st.stack])
        return self.pause

    def _end_scan(self) -> None:
        self._gen = None
        self.pause = None
        self._ctx.dbg = None

    def _continue(self, mode: str) -> Pause | None:
        if self._gen is None:
            return None
        st = self._state
        st.mode = mode
        st.target = st.depth
        return self._advance()

    def resume(self) -> Pause | None:
        return self._continue("run")

    def step_into(self) -> Pause | None:
        return self._continue("into")

    def step_over(self) -> Pause | None:
        return self._continue("over")

    def step_out(self) -> Pause | None:
        return self._continue("out")
