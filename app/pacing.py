"""When the window draws: every frame while something moves, not at all while nothing does.

Paused, a software-OpenGL window redrawing at 60 frames/s burns half a core for a picture that
does not change. The frame loop asks `FramePacer` whether to draw; when it says no, the loop
sleeps in `pygame.event.wait` until an input arrives (or `IDLE_WAIT_S` passes, to notice a saved
program file). After an input it keeps drawing for `SETTLE_S`: imgui needs frames after the
last event to finish reacting (hover highlights, tooltips that open after a delay, popups).
"""

from __future__ import annotations


class FramePacer:
    SETTLE_S = 0.6     # draw this long after the last input
    IDLE_WAIT_S = 0.25  # while idle, look again this often (a file saved, a background job done)

    def __init__(self, now: float = 0.0):
        self._awake_until = now + self.SETTLE_S  # the first frames lay the window out
        self.frames_drawn = 0
        self.frames_skipped = 0

    def input(self, now: float) -> None:
        """An event came in (mouse, key, resize, expose): draw until it has settled."""
        self._awake_until = max(self._awake_until, now + self.SETTLE_S)

    def should_draw(self, now: float, busy: bool) -> bool:
        """Draw a frame now? `busy`: the plant runs, a job works in the background, a button or
        key is held, or the model changed under the window (a reload)."""
        if busy or now < self._awake_until:
            self.frames_drawn += 1
            return True
        self.frames_skipped += 1
        return False
