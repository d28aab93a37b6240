"""The real window under a virtual display: every task opens, renders, runs; screenshots saved.

Needs Xvfb and Mesa's OpenGL (scripts/system-deps.sh installs them); skipped with the reason
when they are missing. Screenshots land in the test's tmp dir (printed on failure) and, when
PLC_SMOKE_SHOTS is set, in that folder too so a person can look at them.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import tasks  # noqa: E402

# One group: xvfb-run -a picks a display number racily when two workers start it at once.
pytestmark = [pytest.mark.gui, pytest.mark.xdist_group("xvfb")]


def _task_ids():
    return tasks.ids() or ["none"]


# Tasks open in batches, one process per batch: a process per task spent half its CPU on
# importing pygame, imgui and the engine again.
BATCH = 10
_batches: dict[tuple[str, ...], tuple[int, dict[str, str], str]] = {}


def _smoke_batch(task_id: str, out: Path) -> tuple[int, str, str]:
    """Run app.smoke on the batch holding task_id (once per worker); its exit code, its stdout
    lines for task_id, and the batch's stderr."""
    ids = _task_ids()
    k = ids.index(task_id) // BATCH
    batch = tuple(ids[k * BATCH:(k + 1) * BATCH])
    if batch not in _batches:
        cmd = [shutil.which("xvfb-run"), "-a", "-s", "-screen 0 1920x1080x24", sys.executable,
               "-m", "app.smoke", "--task", *batch, "--out", str(out), "--frames", "12", "--size", "1400x860"]
        # other tests use the dummy video driver
        env = {k: v for k, v in os.environ.items() if k != "SDL_VIDEODRIVER"}
        env["SDL_AUDIODRIVER"] = "dummy"
        r = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, env=env,
                           timeout=60 + 100 * len(batch))
        sections, current = {}, None
        for line in r.stdout.splitlines():
            if line.startswith("task: "):
                current = line[len("task: "):]
                sections[current] = []
            elif current is not None:
                sections[current].append(line)
        _batches[batch] = (r.returncode, {t: "\n".join(lines) for t, lines in sections.items()}, r.stderr)
    rc, sections, stderr = _batches[batch]
    return rc, sections.get(task_id, ""), stderr


@pytest.mark.timeout(1200)  # the first test of a batch waits for the whole batch
@pytest.mark.parametrize("task_id", _task_ids())
def test_window_renders_each_task(task_id, tmp_path_factory):
    if task_id == "none":
        pytest.skip("no task registered")
    xvfb = shutil.which("xvfb-run")
    if xvfb is None:
        pytest.skip("xvfb-run not found: install xvfb (scripts/system-deps.sh) to run the GUI smoke test")
    import numpy as np
    import pygame

    out = Path(os.environ.get("PLC_SMOKE_SHOTS") or tmp_path_factory.getbasetemp() / "smoke")
    rc, stdout, stderr = _smoke_batch(task_id, out)
    if rc == 3:
        pytest.skip(f"no OpenGL window under Xvfb: {stderr.strip()[-300:]}")
    assert stdout, f"the batch ended before {task_id} (exit {rc}): {stderr[-2000:]}"
    assert stdout.splitlines()[-1] == "exit: 0", stdout + "\n" + stderr[-2000:]
    for stage in ("start", "running", "online"):
        shot = out / f"{task_id}-{stage}.png"
        assert shot.is_file(), stdout
        img = pygame.image.load(str(shot))
        px = pygame.surfarray.array3d(img).astype(np.float64)
        assert img.get_size() == (1400, 860)
        assert px.std() > 15, f"{shot} looks blank"
        # The plant panel (upper left) is not empty either.
        assert px[20:760, 150:500].std() > 8, f"{shot}: the plant view looks empty"
    interact = next(line for line in stdout.splitlines() if line.startswith("interact: "))
    assert interact in ("interact: ok", "interact: skipped (the program does not compile)"), interact
    # the trace after a rewind, a variable plotted late, inline values, a conditional breakpoint,
    # the program chooser and the condition grades all drew without an error
    online = next(line for line in stdout.splitlines() if line.startswith("online: "))
    assert online in ("online: ok", "online: skipped (the program does not compile)"), online
    # When the reference program starts, running flat out must have advanced the plant.
    running_line = next(line for line in stdout.splitlines() if "-running.png" in line)
    if "not compiled" not in running_line:
        assert int(running_line.split(" scan ")[1].split()[0]) > 0, running_line


def test_a_small_window_keeps_the_timeline_and_does_not_redraw_while_paused(tmp_path):
    """At 1000 x 650 the controls and the timeline stay on screen; paused, the window draws no
    frames (it sleeps until an input arrives). Prints the CPU time it used while paused."""
    xvfb = shutil.which("xvfb-run")
    if xvfb is None:
        pytest.skip("xvfb-run not found: install xvfb (scripts/system-deps.sh) to run the GUI smoke test")
    out = Path(os.environ.get("PLC_SMOKE_SHOTS") or tmp_path)
    cmd = [xvfb, "-a", "-s", "-screen 0 1920x1080x24", sys.executable, "-m", "app.smoke", "--task", "MAT-M04",
           "--out", str(out), "--frames", "8", "--size", "1000x650", "--idle-seconds", "2"]
    env = {k: v for k, v in os.environ.items() if k != "SDL_VIDEODRIVER"}
    env["SDL_AUDIODRIVER"] = "dummy"
    r = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, env=env, timeout=180)
    if r.returncode == 3:
        pytest.skip(f"no OpenGL window under Xvfb: {r.stderr.strip()[-300:]}")
    assert r.returncode == 0, r.stderr[-2000:]
    lines = r.stdout.splitlines()
    assert "timeline: on screen" in lines, r.stdout
    idle = next(line for line in lines if line.startswith("idle: "))
    print(idle)
    frames = int(idle.split(", ")[-1].split()[0])
    assert frames < 30, idle  # at 60 frames/s it would have drawn about 120 in those 2 s
