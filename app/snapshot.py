"""Headless picture of the plant at scan N: `main.py --task ID --snapshot out.png --scans N`.

Runs the condition exactly as the grader does (no breakpoints, no break on violation) up to
and including scan N (the grader's numbering: scan N runs at N x 10 ms) and draws the plant
with the same renderer as the window, plus a caption line with
the task, condition, scan, plant time and the verdict so far.
"""

from __future__ import annotations

import os
import sys

from app.loading import LoadError, load_debugger
from st.diagnostics import format_all

DEFAULT_SIZE = (1280, 760)


def caption_for(d) -> str:
    first = d.first_violation()
    parts = [f"{d.task.id}  condition {d.condition.name}", d.scan_status(), d.outcome()[1]]
    if first:
        parts.append(f"first violation {first[1]} in scan {first[0]}")
    return "   |   ".join(parts)


def render_png(d, png_path: str, size: tuple[int, int] = DEFAULT_SIZE) -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from app.plant_view import PlantView, new_surface

    pygame.font.init()
    surface = new_surface(*size)
    PlantView().render(surface, d.session.plant, caption=caption_for(d))
    pygame.image.save(surface, png_path)


def snapshot_command(task_id: str, program_path: str | None, condition: str | None, scans: int,
                     png_path: str) -> int:
    try:
        d = load_debugger(task_id, program_path, condition)
    except LoadError as exc:
        print(f"main.py: error: {exc}", file=sys.stderr)
        return exc.exit_code
    if not d.compiled:
        # the same text grading prints: each error with its source line and a caret
        print(format_all(d.diagnostics, d.source), file=sys.stderr)
        print("main.py: error: the program does not compile; no snapshot written", file=sys.stderr)
        return 1
    if scans < 0:
        print("main.py: error: --scans must be 0 or more", file=sys.stderr)
        return 2
    d.break_on_violation = False
    d.run_to_scan(scans)
    try:
        render_png(d, png_path)
    except Exception as exc:  # pygame reports unwritable paths / unknown extensions as pygame.error
        print(f"main.py: error: cannot write {png_path}: {exc}", file=sys.stderr)
        return 1
    print(f"wrote {png_path}: {caption_for(d)}")
    return 0
