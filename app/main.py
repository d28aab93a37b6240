"""The desktop debugger window: pygame + OpenGL + imgui-bundle panels around one `Debugger`.

    python main.py --task MAT-M04 [--program program.st] [--condition C]

Everything the panels show lives in app.debugger.Debugger (tested without a window); this
module draws it and turns clicks and keys into calls on it. Panels dock and can be moved:
Plant, Source, Controls, I/O, Variables, Watch, Plot, Verdict.

Keys: F5 run/continue, Shift+F5 pause, F6 step one scan, F9 breakpoint on the current (or
hovered) line, F10 step over, F11 step into, Shift+F11 step out, Ctrl+R reset.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

from app.debugger import FINISHED, NOT_COMPILED, RUNNING, SCAN_MS, Debugger, format_value
from app.loading import LoadError, find_task, load_debugger, read_program

SPEEDS: list[tuple[str, float | None]] = [
    ("0.1x", 0.1), ("0.25x", 0.25), ("0.5x", 0.5), ("1x real time", 1.0), ("2x", 2.0), ("5x", 5.0),
    ("10x", 10.0), ("50x", 50.0), ("as fast as possible", None),
]
FRAME_BUDGET_S = 0.030    # simulation time per frame in "as fast as possible": the UI stays responsive
PANELS = ("Plant", "Source", "Controls", "I/O", "Variables", "Watch", "Plot", "Verdict")
OUTCOME_COLOURS = {"passed": (0.4, 1, 0.5, 1), "failed": (1, 0.45, 0.4, 1), "running": (0.95, 0.8, 0.4, 1)}

SYNTAX_COLOURS = {
    "keyword": (0.40, 0.62, 1.00, 1), "operator": (0.78, 0.55, 1.00, 1), "type": (0.30, 0.80, 0.75, 1),
    "constant": (0.95, 0.55, 0.35, 1), "string": (0.85, 0.75, 0.45, 1), "time": (0.95, 0.70, 0.40, 1),
    "address": (1.00, 0.55, 0.55, 1), "number": (0.70, 0.90, 0.55, 1), "comment": (0.45, 0.55, 0.45, 1),
    "ident": (0.88, 0.88, 0.90, 1), "other": (0.75, 0.75, 0.80, 1), "space": (1, 1, 1, 1),
}


class WindowError(Exception):
    """The window could not be opened (no display, no OpenGL)."""


def col32(r: int, g: int, b: int, a: int = 255) -> int:
    return (a << 24) | (b << 16) | (g << 8) | r


def launch(task_id: str, program_path: str | None, condition: str | None) -> int:
    """Open the debugger window on a task, program and condition; returns the exit code."""
    try:
        d = load_debugger(task_id, program_path, condition)
    except LoadError as exc:
        print(f"main.py: error: {exc}", file=sys.stderr)
        return exc.exit_code
    try:
        app = DebuggerApp(d)
    except WindowError as exc:
        print(f"main.py: error: cannot open the debugger window: {exc}", file=sys.stderr)
        print("  (use --headless to grade without a window, or --snapshot FILE.png for a picture)",
              file=sys.stderr)
        return 1
    return app.run()


def default_window_size(desktops: list[tuple[int, int]]) -> tuple[int, int]:
    """1600 x 960, or less on a smaller screen (room for the title bar and a task bar). Every
    pixel costs fill time under software OpenGL, so the window does not grow to a large screen."""
    if not desktops:
        return 1600, 960
    dw, dh = desktops[0]
    return max(1024, min(1600, dw - 60)), max(640, min(960, dh - 110))


class DebuggerApp:
    """One window. `frame()` draws one frame; `run()` loops until the window closes."""

    def __init__(self, debugger: Debugger, size: tuple[int, int] | None = None, watch_file: bool = True,
                 layout_file: str | None = "default"):
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        import OpenGL.GL as gl
        import pygame
        from imgui_bundle import imgui, implot
        from imgui_bundle.python_backends.pygame_backend import PygameRenderer

        self.gl, self.pygame, self.imgui, self.implot = gl, pygame, imgui, implot
        self.d = debugger
        try:
            pygame.display.init()
            pygame.font.init()
            pygame.display.gl_set_attribute(pygame.GL_CONTEXT_MAJOR_VERSION, 3)
            pygame.display.gl_set_attribute(pygame.GL_CONTEXT_MINOR_VERSION, 3)
            pygame.display.gl_set_attribute(pygame.GL_CONTEXT_PROFILE_MASK, pygame.GL_CONTEXT_PROFILE_CORE)
            pygame.display.gl_set_attribute(pygame.GL_CONTEXT_FORWARD_COMPATIBLE_FLAG, 1)
            if size is None:
                size = default_window_size(pygame.display.get_desktop_sizes())
            pygame.display.set_mode(size, pygame.DOUBLEBUF | pygame.OPENGL | pygame.RESIZABLE)
        except pygame.error as exc:
            raise WindowError(str(exc)) from None
        driver = pygame.display.get_driver()
        version = None
        try:
            version = gl.glGetString(gl.GL_VERSION)
        except Exception:  # PyOpenGL raises its own error types when there is no context
            version = None
        if version is None or driver in ("dummy", "offscreen"):
            pygame.display.quit()
            raise WindowError(f"no OpenGL context on the {driver!r} video driver (is DISPLAY set?)")
        self.size = size
        imgui.create_context()
        implot.create_context()
        io = imgui.get_io()
        io.config_flags |= imgui.ConfigFlags_.docking_enable
        io.set_ini_filename(self._layout_path() if layout_file == "default" else layout_file)
        self._fresh_layout = not (layout_file == "default" and Path(self._layout_path() or "").is_file())
        io.display_size = size
        self.impl = PygameRenderer()
        self._map_function_keys()
        self._load_fonts()
        self._style()
        from app.pacing import FramePacer
        from app.plant_view import PlantView
        from app.plots import SignalCache

        self.signals = SignalCache()
        self.pacer = FramePacer(time.perf_counter())
        self.grades = None                 # app.grading.ConditionGrades for "grade all conditions"
        self._shown_message = None
        self.view = PlantView()
        self._drawn_key = None
        self.surface = None
        self.tex = gl.glGenTextures(1)
        self.tex_size = (0, 0)
        self.speed_index = 3
        self._scan_debt = 0.0
        self._last_time = time.perf_counter()
        self.run_to_text = 100
        self.new_watch = ""
        self.new_plot = ""
        self.watch_error = ""
        if not debugger.plot_signals:
            debugger.plot_signals = self._first_signals(debugger)
        self.signal_query = ""                          # the plot panel's signal search
        self._plot_xrange = (0.0, -1.0)                 # its range as last drawn
        self._time_axis_rect = None                     # where its time axis was drawn
        self._plot_cursor_target: float | None = None   # plot time (s) to go to when the mouse is released
        self._timeline_target: int | None = None        # scan the timeline was dragged to
        self.timeline_rect: tuple[float, float, float, float] | None = None
        self.controls_bottom = 0.0
        self.panel_rects: dict[str, tuple[float, float, float, float]] = {}
        self.plant_share = 0.56                   # of the left column, in the default layout (the plot below)
        self.open_path = ""
        self.show_open = False
        self.export_path = ""
        self.show_export = False
        self.open_for_task: str | None = None   # the program chooser picks for this task (None: this one)
        self.browser = None                     # app.files.FileBrowser while the chooser is open
        self._native = None                     # a portable_file_dialogs.open_file in progress
        self.edit_path: str | None = None
        self.edit_text = ""
        self._scroll_to_line: int | None = None
        self._open_at_top = True                 # the next source frame scrolls to the first statement
        self._flash_line: int | None = None      # a line found or gone to, marked
        self.inline_values = True
        self.goto_text = ""
        self.find_text = ""
        self._popup_line: int | None = None      # the breakpoint popup's line
        self._popup_name: str | None = None      # the variable popup's name
        self._popup_last = None                  # (scan, line) that last wrote it, once per popup
        self.bp_condition = ""
        self.bp_hits = 1
        self.bp_error = ""
        self._last_pause_line: int | None = None
        self._hover_line: int | None = None
        self._diagnostics_shown: list | None = None
        self._fault_shown: tuple[int, str] | None = None
        self._held_button: str | None = None
        self._highlight_cache: tuple[str, list] | None = None
        self.quit = False
        self.focus: str | None = None     # a panel to bring to the front on the next frame
        self._docked: dict[str, bool] = {}
        self.plant_origin = (0.0, 0.0)
        self.gutter_pos: dict[int, tuple[float, float]] = {}
        self.frame_times: list[float] = []
        self.sim_times: list[float] = []
        self._file_changed = False
        self._observer = None
        self._file_mtime = self._mtime()
        if watch_file:
            self._watch_program_file()
        pygame.display.set_caption(self._title())

    # ----- setup helpers ----------------------------------------------------------------

    @staticmethod
    def _layout_path() -> str | None:
        base = Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config") / "plc-plant-sim"
        try:
            base.mkdir(parents=True, exist_ok=True)
        except OSError:
            return None
        return str(base / "debugger-layout.ini")

    def _map_function_keys(self) -> None:
        pg, imgui = self.pygame, self.imgui
        for n in range(1, 13):
            self.impl.key_map[getattr(pg, f"K_F{n}")] = getattr(imgui.Key, f"f{n}")
        for ch in "rgo":
            self.impl.key_map[getattr(pg, f"K_{ch}")] = getattr(imgui.Key, ch)

    def _load_fonts(self) -> None:
        from app import theme

        io = self.imgui.get_io()
        self.font_ui = self.font_mono = None
        try:
            if theme.ui_font_path():
                self.font_ui = io.fonts.add_font_from_file_ttf(theme.ui_font_path(), 16.0)
                io.font_default = self.font_ui
            if theme.mono_font_path():
                self.font_mono = io.fonts.add_font_from_file_ttf(theme.mono_font_path(), 16.0)
        except RuntimeError:
            pass  # imgui's built-in font then

    def _style(self) -> None:
        imgui = self.imgui
        imgui.style_colors_dark()
        st = imgui.get_style()
        st.window_rounding = 4.0
        st.frame_rounding = 3.0
        st.item_spacing = imgui.ImVec2(8, 5)
        # Menus and popups opaque: the dark style's are see-through, so the Condition menu's
        # verdicts read through the status line behind them.
        pop = st.color_(imgui.Col_.popup_bg)
        st.set_color_(imgui.Col_.popup_bg, imgui.ImVec4(pop.x, pop.y, pop.z, 1.0))
        # The plot area shows the frame behind it: one layer less to fill per plot.
        self.implot.get_style().set_color_(self.implot.Col_.plot_bg, imgui.ImVec4(0, 0, 0, 0))
        # ... and the frame around it shows the panel (cleared in its colour): another layer less.
        self.implot.get_style().set_color_(self.implot.Col_.frame_bg, imgui.ImVec4(0, 0, 0, 0))

    def _title(self) -> str:
        d = self.d
        return (f"PLC debugger - {d.task.id} {d.task.title} - {Path(d.filename).name}"
                f" - condition {d.condition.name}")

    # ----- program file ------------------------------------------------------------------

    def _mtime(self) -> float | None:
        try:
            return os.stat(self.d.filename).st_mtime
        except OSError:
            return None

    def _watch_program_file(self) -> None:
        """watchdog tells us when the program file is saved; the frame loop reloads it."""
        try:
            from watchdog.events import FileSystemEventHandler
            from watchdog.observers import Observer
        except ImportError:
            return
        app = self
        target = os.path.abspath(self.d.filename)

        class Handler(FileSystemEventHandler):
            def on_any_event(self, event):
                paths = {os.path.abspath(getattr(event, "src_path", "")),
                         os.path.abspath(getattr(event, "dest_path", "") or "")}
                if target in paths:
                    app._file_changed = True

        try:
            obs = Observer()
            obs.schedule(Handler(), os.path.dirname(target) or ".", recursive=False)
            obs.daemon = True
            obs.start()
            self._observer = obs
        except OSError:
            self._observer = None

    def _check_reload(self) -> None:
        if not self._file_changed:
            return
        mtime = self._mtime()
        if mtime is None or mtime == self._file_mtime:
            self._file_changed = False
            return
        self._file_changed = False
        self._file_mtime = mtime
        try:
            text = Path(self.d.filename).read_text(encoding="utf-8", errors="replace")
        except OSError:
            return
        if text != self.d.source:
            self.d.reload(text)

    def open_program(self, path: str) -> None:
        try:
            text, real = read_program(self.d.task, path)
        except LoadError as exc:
            self.d.message = str(exc)
            return
        self._switch(Debugger(self.d.task, text, real, self.d.condition.name))

    def open_task(self, task_id: str, program_path: str | None = None) -> None:
        """Switch to task `task_id` with the program at `program_path` (None: its reference)."""
        try:
            task = find_task(task_id)
            text, real = read_program(task, program_path)
        except LoadError as exc:
            self.d.message = str(exc)
            return
        self._switch(Debugger(task, text, real, None))

    def _grades(self):
        """The Condition menu's verdicts for the loaded program (None while it does not compile);
        the condition on screen counts as graded once its run has ended."""
        d = self.d
        if d.program is None:
            return None
        if self.grades is None or self.grades.program is not d.program:
            from app.grading import ConditionGrades

            self.grades = ConditionGrades(d.task, d.program)
        if d.finished and not d.edits:  # with forces or edits the run is not the grader's
            from app.grading import verdict_line

            self.grades.record(d.condition.name, *verdict_line(d.verdict))
        return self.grades

    @staticmethod
    def _first_signals(d: Debugger) -> list[str]:
        # A few I/O signals from the start, so the plot panel is useful at once.
        return [p.name for p in d.task.io][:4]

    def _switch(self, d: Debugger) -> None:
        old = self.d
        d.break_on_violation = old.break_on_violation
        if d.task.id == old.task.id:
            for name in old.plot_signals:
                d.add_plot(name)  # the same signals where they still exist, history re-simulated
        if not d.plot_signals:
            d.plot_signals = self._first_signals(d)
        self.d = d
        self.grades = None
        self._open_at_top = True
        self.view.reset_view()
        self.view.refit()
        if self._observer is not None:
            self._observer.stop()
            self._observer = None
        self._file_mtime = self._mtime()
        self._watch_program_file()
        self.pygame.display.set_caption(self._title())

    # ----- main loop ---------------------------------------------------------------------

    def run(self, max_seconds: float | None = None, close: bool = True) -> int:
        """The frame loop until the window closes (or `max_seconds` passed: measurements)."""
        clock = self.pygame.time.Clock()
        pg = self.pygame
        stop_at = None if max_seconds is None else time.perf_counter() + max_seconds
        try:
            while not self.quit and (stop_at is None or time.perf_counter() < stop_at):
                if not self.pacer.should_draw(time.perf_counter(), self._busy()):
                    # Nothing moves: sleep until an input arrives (no redraw, no CPU), then hand
                    # it to the next frame.
                    event = pg.event.wait(int(self.pacer.IDLE_WAIT_S * 1000))
                    if event.type != pg.NOEVENT:
                        pg.event.post(event)
                        self.pacer.input(time.perf_counter())
                    continue
                self.frame()
                # Real-time speeds are paced at 60 frames/s; flat out, the budget paces the loop.
                if not (self.d.state == RUNNING and SPEEDS[self.speed_index][1] is None):
                    clock.tick(60)
        finally:
            if close:
                self.close()
        return 0

    def _busy(self) -> bool:
        """Something the window must keep drawing for: the run, a background job, a held mouse
        button or key (imgui repeats held keys: F10 held steps on), a saved program file waiting
        to be reloaded."""
        pg = self.pygame
        return (self.d.state == RUNNING or self._file_changed or self._shown_message != self.d.message
                or (self.grades is not None and self.grades.busy) or any(pg.mouse.get_pressed())
                or any(pg.key.get_pressed()))

    def close(self) -> None:
        if self._observer is not None:
            self._observer.stop()
            self._observer = None
        try:
            self.impl.shutdown()
        except Exception:  # the GL context may already be gone at exit
            pass
        self.implot.destroy_context()
        self.imgui.destroy_context()
        self.pygame.display.quit()

    def frame(self) -> None:
        t0 = time.perf_counter()
        pg, imgui, gl = self.pygame, self.imgui, self.gl
        for event in pg.event.get():
            self.pacer.input(t0)
            if event.type == pg.QUIT:
                self.quit = True
            self.impl.process_event(event)
            if event.type == pg.VIDEORESIZE:
                self.size = (event.w, event.h)
        self.impl.process_inputs()
        self._check_reload()
        ts = time.perf_counter()
        try:
            self._advance()
        except Exception as exc:  # a bug below (compiler, plant) must not close the window
            self.d.pause_run()
            self.d.message = f"internal error while running: {type(exc).__name__}: {exc}"
        self.sim_times.append(time.perf_counter() - ts)
        imgui.new_frame()
        self._menu()
        # The passthru dock space paints WindowBg around its central node, a full-window layer of
        # pixels for a software OpenGL to fill; a transparent WindowBg makes imgui skip it (the
        # clear colour shows instead).
        imgui.push_style_color(imgui.Col_.window_bg, (0.0, 0.0, 0.0, 0.0))
        imgui.push_style_color(imgui.Col_.docking_empty_bg, (0.0, 0.0, 0.0, 0.0))  # a node left empty
        dock = imgui.dock_space_over_viewport(0, None, imgui.DockNodeFlags_.passthru_central_node)
        imgui.pop_style_color(2)
        if self._fresh_layout:
            self._default_layout(dock)
            self._fresh_layout = False
        self._keys()
        self._controls_panel()
        self._plant_panel()
        self._source_panel()
        self._io_panel()
        self._variables_panel()
        self._watch_panel()
        self._plot_panel()
        self._verdict_panel()
        self._open_dialog()
        self._export_dialog()
        if self.focus:
            imgui.set_window_focus(self.focus)
            self.focus = None
        bg = self.imgui.get_style().color_(self.imgui.Col_.window_bg)
        gl.glClearColor(bg.x * bg.w, bg.y * bg.w, bg.z * bg.w, 1)
        gl.glClear(gl.GL_COLOR_BUFFER_BIT)
        imgui.render()
        self.impl.render(imgui.get_draw_data())
        pg.display.flip()
        self._shown_message = self.d.message
        self.frame_times.append(time.perf_counter() - t0)
        if len(self.frame_times) > 600:
            del self.frame_times[:300]
            del self.sim_times[:300]

    def _advance(self) -> None:
        """Run the scans this frame owes: speed x wall time, or flat out within the frame budget."""
        now = time.perf_counter()
        dt = min(0.1, now - self._last_time)
        self._last_time = now
        d = self.d
        if self.grades is not None and self.grades.busy:
            # a slice per frame: the window stays live
            self.grades.work(0.012 if d.state != RUNNING else 0.006)
        if d.state != RUNNING:
            self._scan_debt = 0.0
            return
        speed = SPEEDS[self.speed_index][1]
        if speed is None:
            d.run_scans(1_000_000, deadline=now + FRAME_BUDGET_S)
            return
        self._scan_debt += speed * dt * 1000 / SCAN_MS
        n = int(self._scan_debt)
        if n > 0:
            self._scan_debt -= n
            d.run_scans(n, deadline=now + FRAME_BUDGET_S)

    def park_mouse(self) -> None:
        """Move the pointer off the panels (screenshots should show no hover tooltips)."""
        pg = self.pygame
        pg.event.post(pg.event.Event(pg.MOUSEMOTION, pos=(self.size[0] - 2, self.size[1] - 2), rel=(0, 0),
                                     buttons=(0, 0, 0)))

    def screenshot(self, path: str) -> None:
        """Save what the window shows as a PNG (the smoke test and the docs use it)."""
        gl, pg = self.gl, self.pygame
        import numpy as np

        w, h = self.size
        gl.glPixelStorei(gl.GL_PACK_ALIGNMENT, 1)
        buf = gl.glReadPixels(0, 0, w, h, gl.GL_RGB, gl.GL_UNSIGNED_BYTE)
        arr = np.frombuffer(buf, np.uint8).reshape(h, w, 3)[::-1]
        pg.image.save(pg.image.frombuffer(arr.tobytes(), (w, h), "RGB"), path)

    # ----- layout and menus ----------------------------------------------------------------

    def _default_layout(self, dock: int) -> None:
        imgui = self.imgui
        dbi = imgui.internal
        dbi.dock_builder_remove_node(dock)
        dbi.dock_builder_add_node(dock, imgui.DockNodeFlags_.passthru_central_node)
        size = imgui.get_main_viewport().size
        dbi.dock_builder_set_node_size(dock, size)
        # The controls get the rows they need (they wrap onto more rows in a narrow window), the
        # source view the larger share of the right column.
        controls_h = (84 + 30 * (1 if size.x >= 980 else 2)) / max(1.0, size.y)
        _, top, rest = dbi.dock_builder_split_node_py(dock, imgui.Dir.up, min(0.3, controls_h))
        _, left, right = dbi.dock_builder_split_node_py(rest, imgui.Dir.left, 0.52)
        _, plant, bottom_left = dbi.dock_builder_split_node_py(left, imgui.Dir.up, self.plant_share)
        _, source, right_bottom = dbi.dock_builder_split_node_py(right, imgui.Dir.up, 0.62)
        dbi.dock_builder_dock_window("Controls", top)
        dbi.dock_builder_dock_window("Plant", plant)
        dbi.dock_builder_dock_window("Plot", bottom_left)
        dbi.dock_builder_dock_window("Source", source)
        for name in ("Verdict", "I/O", "Variables", "Watch"):
            dbi.dock_builder_dock_window(name, right_bottom)
        dbi.dock_builder_finish(dock)

    def _menu(self) -> None:
        imgui = self.imgui
        if not imgui.begin_main_menu_bar():
            return
        if imgui.begin_menu("File"):
            if imgui.menu_item("Open program...", "", False)[0]:
                self.ask_for_program(None)
            if imgui.menu_item("Reload program", "", False)[0]:
                self.reload_from_file()
            if imgui.menu_item("Export trace (VCD + CSV)...", "", False)[0]:
                self.show_export = True
                self.export_path = self.export_path or os.path.join(
                    os.path.dirname(os.path.abspath(self.d.filename)), "traces")
            if imgui.menu_item("Quit", "", False)[0]:
                self.quit = True
            imgui.end_menu()
        if imgui.begin_menu("Task"):
            import tasks

            for t in tasks.all_tasks():
                current = t.id == self.d.task.id
                if imgui.menu_item(f"{t.id}  {t.title}", "", current)[0] and not current:
                    self.ask_for_program(t.id)  # which program to debug on it: never silently the reference
            imgui.end_menu()
        opened = imgui.begin_menu("Condition")
        lo, hi = imgui.get_item_rect_min(), imgui.get_item_rect_max()
        self.panel_rects["menu Condition"] = (lo.x, lo.y, hi.x - lo.x, hi.y - lo.y)
        if opened:
            grades = self._grades()
            for i, c in enumerate(self.d.task.conditions, 1):
                label = f"{i}. {c.name}" + (f"  ({c.description})" if c.description else "")
                result = grades.results.get(c.name) if grades is not None else None
                busy = grades is not None and grades.busy
                verdict = result[1] if result else ("grading..." if busy else "")
                if result:
                    imgui.push_style_color(imgui.Col_.text, OUTCOME_COLOURS[result[0]])
                if imgui.menu_item(label, verdict, c.name == self.d.condition.name)[0]:
                    self.d.select_condition(c.name)
                    self.view.refit()
                    self.pygame.display.set_caption(self._title())
                if result:
                    imgui.pop_style_color()
                    imgui.set_item_tooltip(result[1])
            imgui.separator()
            busy = grades is not None and grades.busy
            if imgui.menu_item("Grade all conditions", "", False, grades is not None and not busy)[0]:
                grades.start()
            if grades is None:
                imgui.set_item_tooltip("the program does not compile")
            elif busy:
                imgui.text_disabled(f"grading in the background: {grades.progress()}")
            pos, size = imgui.get_window_pos(), imgui.get_window_size()
            self.panel_rects["menu Condition open"] = (pos.x, pos.y, size.x, size.y)
            imgui.end_menu()
        if imgui.begin_menu("View"):
            if imgui.menu_item("Reset panel layout", "", False)[0]:
                self._fresh_layout = True
            if imgui.menu_item("Fit plant in view", "", False)[0]:
                self.view.reset_view()
            imgui.end_menu()
        imgui.end_main_menu_bar()

    def _open_dialog(self) -> None:
        """File > Open and the Task menu: which program to debug, picked in a file browser (the
        native dialog where the desktop has one), or for a new task its reference program."""
        imgui = self.imgui
        if self.show_open:
            imgui.open_popup("Open program")
            self.show_open = False
        self._poll_native_dialog()
        if not imgui.begin_popup_modal("Open program", None, imgui.WindowFlags_.always_auto_resize)[0]:
            return
        task_id = self.open_for_task
        if task_id is not None:
            imgui.text(f"Which program should run on task {task_id}?")
        fb = self.browser
        imgui.text_disabled(str(fb.folder))
        imgui.begin_child("##files", (560, 260), imgui.ChildFlags_.borders)
        if imgui.selectable("..  (up)", False, imgui.SelectableFlags_.allow_double_click)[0]:
            fb.up()
        for name, is_dir in fb.entries():
            shown = ("[dir] " if is_dir else "      ") + name
            clicked = imgui.selectable(shown, self.open_path.endswith(name),
                                       imgui.SelectableFlags_.allow_double_click)[0]
            if clicked:
                picked = fb.open(name)
                if picked is not None:
                    self.open_path = picked
                    if imgui.is_mouse_double_clicked(imgui.MouseButton_.left):
                        self._open_chosen(self.open_path)
                        imgui.close_current_popup()
        if fb.error:
            imgui.text_colored((1, 0.5, 0.4, 1), fb.error)
        imgui.end_child()
        _, fb.show_all = imgui.checkbox("all files, not only .st", fb.show_all)
        imgui.set_next_item_width(560)
        _, self.open_path = imgui.input_text("##path", self.open_path)
        if imgui.button("Open") or imgui.is_key_pressed(imgui.Key.enter):
            self._open_chosen(self.open_path)
            imgui.close_current_popup()
        imgui.same_line()
        from app.files import native_dialog_available

        if native_dialog_available() and imgui.button("System dialog..."):
            from imgui_bundle import portable_file_dialogs as pfd

            self._native = pfd.open_file("Open an ST program", str(fb.folder),
                                         ["ST program", "*.st", "All", "*"])
            imgui.close_current_popup()
        if task_id is not None:
            imgui.same_line()
            if imgui.button("Use the reference program"):
                self._open_chosen(None)
                imgui.close_current_popup()
        imgui.same_line()
        if imgui.button("Cancel") or imgui.is_key_pressed(imgui.Key.escape):
            imgui.close_current_popup()
        imgui.end_popup()

    def _poll_native_dialog(self) -> None:
        if self._native is not None and self._native.ready(0):
            picked = self._native.result()
            self._native = None
            if picked:
                self._open_chosen(picked[0])

    def ask_for_program(self, task_id: str | None) -> None:
        """Open the program chooser: for another file on this task (None) or for task `task_id`."""
        from app.files import FileBrowser

        self.open_for_task = task_id
        start = self.d.filename
        if task_id is not None:  # browse from the new task's own folder
            try:
                folder = find_task(task_id).folder
            except LoadError:
                folder = None
            start = str(folder) + "/" if folder is not None else start
        self.browser = FileBrowser(start)
        self.open_path = self.d.filename if task_id is None else ""
        self.show_open = True

    def _open_chosen(self, path: str | None) -> None:
        if self.open_for_task is None:
            if path:
                self.open_program(path)
            return
        self.open_task(self.open_for_task, path)
        self.open_for_task = None

    def reload_from_file(self) -> None:
        """File > Reload: compile the file as it is on disk and say what that did."""
        try:
            text = Path(self.d.filename).read_text(encoding="utf-8", errors="replace")
        except OSError as exc:
            self.d.message = f"cannot reload {self.d.filename}: {exc.strerror or exc}"
            return
        self._file_mtime = self._mtime()
        self.d.reload(text)
        self.grades = None

    def _export_dialog(self) -> None:
        """File > Export trace: the run so far as <condition>.vcd / .csv (Debugger.export_trace)."""
        imgui = self.imgui
        if self.show_export:
            imgui.open_popup("Export trace")
            self.show_export = False
        if imgui.begin_popup_modal("Export trace", None, imgui.WindowFlags_.always_auto_resize)[0]:
            imgui.text("Folder for <condition>.vcd and <condition>.csv (GTKWave, Surfer, a spreadsheet):")
            imgui.set_next_item_width(520)
            _, self.export_path = imgui.input_text("##trace_folder", self.export_path)
            if imgui.button("Export") or imgui.is_key_pressed(imgui.Key.enter):
                self.d.export_trace(self.export_path)
                imgui.close_current_popup()
            imgui.same_line()
            if imgui.button("Cancel") or imgui.is_key_pressed(imgui.Key.escape):
                imgui.close_current_popup()
            imgui.end_popup()

    def _keys(self) -> None:
        imgui = self.imgui
        io = imgui.get_io()
        if io.want_text_input:
            return
        d = self.d
        shift, ctrl = io.key_shift, io.key_ctrl
        if imgui.is_key_pressed(imgui.Key.f5, False):
            d.pause_run() if shift else d.start_running()
        elif imgui.is_key_pressed(imgui.Key.f6):
            d.step_scan()
        elif imgui.is_key_pressed(imgui.Key.f9, False):
            line = self._hover_line or d.current_line
            if line:
                d.toggle_breakpoint(line)
        elif imgui.is_key_pressed(imgui.Key.f10):
            d.step_over()
        elif imgui.is_key_pressed(imgui.Key.f11):
            d.step_out() if shift else d.step_into()
        elif ctrl and imgui.is_key_pressed(imgui.Key.r, False):
            d.reset()

    # ----- panels --------------------------------------------------------------------------

    def _begin(self, name: str) -> bool:
        """imgui.begin for a panel. A docked panel draws no background of its own: the frame is
        cleared in the panel colour instead, one less layer of pixels to fill (software OpenGL
        fills every layer); a floating panel keeps its background."""
        imgui = self.imgui
        if self._docked.get(name, True):
            imgui.set_next_window_bg_alpha(0.0)
        visible = imgui.begin(name)[0]
        self._docked[name] = imgui.is_window_docked()
        pos, size = imgui.get_window_pos(), imgui.get_window_size()
        self.panel_rects[name] = (pos.x, pos.y, size.x, size.y)  # docs screenshots crop panels
        return visible

    def _controls_panel(self) -> None:
        imgui = self.imgui
        d = self.d
        if not self._begin("Controls"):
            imgui.end()
            return
        running = d.state == RUNNING
        started = d.in_scan or d.scans_done
        label = "Pause (Shift+F5)" if running else ("Continue (F5)" if started else "Run (F5)")
        blocked = None if running else d.run_blocked_reason()
        if blocked:
            imgui.begin_disabled()
        if imgui.button(label, (130, 0)):
            d.pause_run() if running else d.start_running()
        if blocked:
            imgui.end_disabled()
            if imgui.is_item_hovered(imgui.HoveredFlags_.allow_when_disabled):
                imgui.set_tooltip(blocked)
        for label, fn, tip in (("Step scan", d.step_scan, "F6: finish this scan or run one whole scan"),
                               ("Into", d.step_into, "F11: step into (enters function blocks)"),
                               ("Over", d.step_over, "F10: next statement, function blocks run whole"),
                               ("Out", d.step_out, "Shift+F11: run to the end of this function block"),
                               ("Reset", d.reset, "Ctrl+R: back to the start of the condition")):
            self._same_line_if_room(imgui.calc_text_size(label).x + 12)
            if imgui.button(label):
                fn()
            imgui.set_item_tooltip(tip)
        self._same_line_if_room(200)
        imgui.set_next_item_width(80)
        _, self.run_to_text = imgui.input_int("##runto", self.run_to_text, 0, 0)
        imgui.same_line()
        if imgui.button("Go to scan"):
            d.run_to_scan(max(0, self.run_to_text))
        imgui.set_item_tooltip("show the state right after scan N ran (scan N runs at N x 10 ms, as the\n"
                               "grader counts): runs forward to it, or rewinds (re-simulated from the start)")
        self._same_line_if_room(190)
        imgui.text("speed")
        imgui.same_line()
        imgui.set_next_item_width(140)
        _, self.speed_index = imgui.combo("##speed", self.speed_index, [s[0] for s in SPEEDS])
        self._same_line_if_room(170)
        _, d.break_on_violation = imgui.checkbox("break on violation", d.break_on_violation)
        # Status line: scan and plant time always visible; a failed condition says FAILED in red.
        level, outcome = d.outcome()
        colour = (1.0, 0.45, 0.4, 1) if (d.state == NOT_COMPILED or d.fault) else (
            (0.5, 0.9, 0.5, 1) if d.state == RUNNING else (0.95, 0.85, 0.5, 1))
        imgui.text(d.scan_status() + "   ")
        imgui.same_line()
        if level in ("passed", "failed") and outcome not in d.message:
            imgui.text_colored(OUTCOME_COLOURS[level], outcome)
            imgui.same_line()
            imgui.text_colored(colour, f"  [{d.state}] {d.message}")
        else:
            ended = level != "running" and d.state != RUNNING
            imgui.text_colored(OUTCOME_COLOURS[level] if ended else colour,
                               f"[{d.state}] {d.message}")
        self._timeline()
        self.controls_bottom = imgui.get_window_pos().y + imgui.get_window_height()
        imgui.end()

    def _same_line_if_room(self, width: float) -> None:
        """Stay on this line if `width` more fits, else start a new one (a narrow window wraps the
        controls instead of cutting them off)."""
        imgui = self.imgui
        imgui.same_line()
        if imgui.get_content_region_avail().x < width:
            imgui.new_line()

    def _timeline(self) -> None:
        """A slider over the scans of the run (the grader's numbers); violations and the completion
        marked where the slider's grab would stand on them; release to go there."""
        imgui = self.imgui
        d = self.d
        # The whole time limit, so the scale stays put while the run grows (and a program that
        # does not compile shows an empty bar, not a grab over half of it).
        limit = (d.session.max_scans if d.session is not None
                 else int(round(d.task.time_limit_s * 1000 / SCAN_MS)))
        end = max(d.furthest_scan or 0, d.scan or 0, limit - 1, 1)
        imgui.set_next_item_width(-1)
        pos = imgui.get_cursor_screen_pos()
        if not d.compiled:
            imgui.begin_disabled()
            imgui.push_style_color(imgui.Col_.slider_grab, (0.0, 0.0, 0.0, 0.0))  # no scan to point at
            imgui.slider_int("##timeline", 0, 0, end, "no run: the program does not compile")
            imgui.pop_style_color()
            imgui.end_disabled()
            return
        text = ("before scan 0" if d.scan is None else "scan %d") + "  (drag to travel in time)"
        changed, value = imgui.slider_int("##timeline", d.scan or 0, 0, end, text)
        lo, hi = imgui.get_item_rect_min(), imgui.get_item_rect_max()
        self.timeline_rect = (lo.x, lo.y, hi.x, hi.y)  # the smoke test checks it is on screen
        width = imgui.get_item_rect_size().x
        if changed:
            self._timeline_target = value
        if imgui.is_item_deactivated_after_edit() and self._timeline_target is not None:
            d.run_to_scan(self._timeline_target)
            self._timeline_target = None
        dl = imgui.get_window_draw_list()
        h = imgui.get_item_rect_size().y
        # imgui's int slider: a grab of width/(range+1) (at least grab_min_size) inside 2 px padding
        grab = max(width / (end + 1), imgui.get_style().grab_min_size)
        left, usable = pos.x + 2 + grab / 2, max(1.0, width - 4 - grab)

        def mark(scan: int, colour: int) -> None:
            x = left + usable * min(1.0, scan / end)
            dl.add_rect_filled((x - 1.5, pos.y), (x + 1.5, pos.y + h), colour)

        for scan, _rule, _msg in d.seen_violations:
            mark(scan, col32(255, 80, 60))
        ok, at = d.completion()
        if ok and at is not None:
            mark(at, col32(80, 220, 100))

    def _plant_panel(self) -> None:
        imgui, pg, gl = self.imgui, self.pygame, self.gl
        imgui.push_style_var(imgui.StyleVar_.window_padding, (0, 0))
        visible = self._begin("Plant")
        imgui.pop_style_var()
        if not visible:
            imgui.end()
            return
        avail = imgui.get_content_region_avail()
        w, h = max(64, int(avail.x)), max(64, int(avail.y))
        from app.plant_view import new_surface

        if self.surface is None or self.surface.get_size() != (w, h):
            if self.surface is not None:
                # the panel was resized or moved: the plant re-fits (the scale follows the size);
                # a pan, in pixels, is scaled along so the same part stays in view
                ow, oh = self.surface.get_size()
                self.view.pan = [self.view.pan[0] * w / max(1, ow), self.view.pan[1] * h / max(1, oh)]
            self.surface = new_surface(w, h)
        d = self.d
        # Draw and upload only when something visible changed (paused: no cost at all).
        key = (id(d), d.run_id, d.scans_done, d.current_line, len(d.edits), self.view.zoom,
               tuple(self.view.pan), self.view.hover, (w, h), self.view._fitted_for)
        if key != self._drawn_key or d.state == RUNNING:
            self._drawn_key = key
            self.view.render(self.surface, d.plant)
            from app.plant_marks import mark_forced

            mark_forced(self.surface, self.view.hotspots, d.forced_devices())
            data = pg.image.tobytes(self.surface, "RGBA")
            gl.glBindTexture(gl.GL_TEXTURE_2D, self.tex)
            if self.tex_size != (w, h):
                # One texel per pixel: nearest sampling is exact and cheapest.
                gl.glTexParameteri(gl.GL_TEXTURE_2D, gl.GL_TEXTURE_MIN_FILTER, gl.GL_NEAREST)
                gl.glTexParameteri(gl.GL_TEXTURE_2D, gl.GL_TEXTURE_MAG_FILTER, gl.GL_NEAREST)
                gl.glPixelStorei(gl.GL_UNPACK_ALIGNMENT, 1)
                gl.glTexImage2D(gl.GL_TEXTURE_2D, 0, gl.GL_RGBA, w, h, 0, gl.GL_RGBA, gl.GL_UNSIGNED_BYTE,
                                data)
                self.tex_size = (w, h)
            else:
                gl.glTexSubImage2D(gl.GL_TEXTURE_2D, 0, 0, 0, w, h, gl.GL_RGBA, gl.GL_UNSIGNED_BYTE, data)
        origin = imgui.get_cursor_screen_pos()
        self.plant_origin = (origin.x, origin.y)
        imgui.image(imgui.ImTextureRef(self.tex), (w, h))
        self._plant_mouse(origin, (w, h))
        imgui.end()

    def _plant_mouse(self, origin, size) -> None:
        imgui = self.imgui
        d = self.d
        hovered = imgui.is_item_hovered()
        mouse = imgui.get_mouse_pos()
        mx, my = mouse.x - origin.x, mouse.y - origin.y
        spot = self.view.hotspot_at(mx, my) if hovered else None
        self.view.hover = spot.name if spot else None
        io = imgui.get_io()
        if hovered and io.mouse_wheel:
            self.view.zoom_at(1.15 ** io.mouse_wheel, mx, my, size)
        if hovered and (imgui.is_mouse_dragging(imgui.MouseButton_.right) or
                        imgui.is_mouse_dragging(imgui.MouseButton_.middle)):
            self.view.pan_by(io.mouse_delta.x, io.mouse_delta.y)
        if hovered and imgui.is_mouse_double_clicked(imgui.MouseButton_.left) and spot is None:
            self.view.reset_view()
        from app.panel_view import operator_action_for

        if hovered and spot is not None and spot.operable and imgui.is_mouse_clicked(imgui.MouseButton_.left):
            state = d.plant.devices[spot.name].state()
            act = operator_action_for(spot.kind, state, True)
            if act and d.compiled:
                d.operate(act[0], spot.name, act[1])
                if act[0] == "press":
                    self._held_button = spot.name
        if self._held_button and imgui.is_mouse_released(imgui.MouseButton_.left):
            if d.compiled:
                d.operate("release", self._held_button)
            self._held_button = None
        if spot is not None:
            self._device_tooltip(spot)

    def _device_tooltip(self, spot) -> None:
        imgui = self.imgui
        d = self.d
        imgui.begin_tooltip()
        imgui.text(f"{spot.name}  ({spot.kind})")
        rows = {r.name: r for r in d.io_rows()}
        for p in d.task.io:
            if p.device == spot.name:
                r = rows[p.name]
                imgui.text(f"{p.address:8} {p.name:18} {format_value(r.value):>8}   {p.signal}")
        if spot.operable:
            imgui.text_colored((0.6, 0.8, 1.0, 1), "click to operate")
        imgui.end_tooltip()

    # --- source view ---

    def _source_panel(self) -> None:
        imgui = self.imgui
        d = self.d
        if not self._begin("Source"):
            imgui.end()
            return
        imgui.text(f"{d.filename}")
        self._source_toolbar()
        if d.diagnostics:
            errs = sum(1 for x in d.diagnostics if x.severity == "error")
            warns = len(d.diagnostics) - errs
            imgui.same_line()
            imgui.text_colored((1, 0.45, 0.4, 1) if errs else (0.95, 0.8, 0.4, 1),
                               f"  {errs} error(s), {warns} warning(s)")
            first = min(d.diagnostics, key=lambda x: (x.severity != "error", x.line))
            if self._diagnostics_shown is not d.diagnostics:
                # a new compile result: show its first problem (it may be far down the file)
                self._diagnostics_shown = d.diagnostics
                self._scroll_to_line = first.line
            imgui.same_line()
            if imgui.small_button(f"go to line {first.line}"):
                self._scroll_to_line = first.line
            if imgui.is_item_hovered():
                imgui.set_tooltip("\n".join(f"line {x.line}:{x.col} {x.severity}[{x.code}]: {x.message}"
                                            for x in d.diagnostics[:12]))
        fault = d.fault_at
        if fault is not None:
            # a runtime fault names its line: mark it like a compile error and bring it into view
            imgui.same_line()
            imgui.text_colored((1, 0.45, 0.4, 1), f"  PLC stopped at line {fault[0]}")
            imgui.same_line()
            if imgui.small_button(f"go to line {fault[0]}##fault"):
                self._scroll_to_line = fault[0]
            imgui.set_item_tooltip(fault[1])
        if fault != self._fault_shown:
            self._fault_shown = fault
            if fault is not None:
                self._scroll_to_line = fault[0]
        if self._highlight_cache is None or self._highlight_cache[0] is not d.source:
            from app.st_syntax import highlight

            self._highlight_cache = (d.source, highlight(d.source))
        lines = self._highlight_cache[1]
        if self.font_mono is not None:
            imgui.push_font(self.font_mono, 0.0)
        imgui.begin_child("##code", (0, 0), 0, imgui.WindowFlags_.horizontal_scrollbar)
        # Rows exactly lh apart (the gutter button is that tall, no spacing below it): the clipper
        # and the scroll-to-line arithmetic rely on it.
        lh = imgui.get_text_line_height_with_spacing()
        imgui.push_style_var(imgui.StyleVar_.item_spacing, (imgui.get_style().item_spacing.x, 0.0))
        errors = d.errors_by_line()
        if fault is not None:
            errors.setdefault(fault[0], []).append(fault[1])
        breakable = d.breakable_lines()
        current = d.current_line
        if current != self._last_pause_line:
            if current is not None:
                self._scroll_to_line = current
            self._last_pause_line = current
        if self._open_at_top:
            # a program opens at its first statement (not the header comment), scrolled fully left
            self._open_at_top = False
            if self._scroll_to_line is None:
                imgui.set_scroll_y(max(0, d.first_statement_line() - 2) * lh)
            imgui.set_scroll_x(0.0)
        dl = imgui.get_window_draw_list()
        gutter = imgui.calc_text_size("0000").x + 26
        self._hover_line = None
        self.gutter_pos: dict[int, tuple[float, float]] = {}   # where each visible line's gutter is
        clipper = imgui.ListClipper()
        clipper.begin(len(lines), lh)
        while clipper.step():
            for i in range(clipper.display_start, clipper.display_end):
                self._source_line(i + 1, lines[i], dl, lh, gutter, errors, breakable, current)
        clipper.end()
        if self._scroll_to_line is not None:
            target = (self._scroll_to_line - 1) * lh
            top, height = imgui.get_scroll_y(), imgui.get_window_height()
            if not (top + lh < target < top + height - 2 * lh):
                imgui.set_scroll_y(max(0.0, target - imgui.get_window_height() / 2))
            self._scroll_to_line = None
        self._breakpoint_popup()
        self._name_popup()
        imgui.pop_style_var()
        imgui.end_child()
        if self.font_mono is not None:
            imgui.pop_font()
        imgui.end()

    def _source_toolbar(self) -> None:
        """Inline values on/off, go to line, find, and the breakpoint list's hit counts."""
        imgui = self.imgui
        d = self.d
        _, self.inline_values = imgui.checkbox("inline values", self.inline_values)
        imgui.set_item_tooltip("show each variable's live value next to it in the code, as online mode\n"
                               "does; timers and FB instances show their outputs")
        imgui.same_line()
        imgui.set_next_item_width(60)
        enter = imgui.InputTextFlags_.enter_returns_true
        go, self.goto_text = imgui.input_text_with_hint("##goto", "line", self.goto_text, enter)
        imgui.set_item_tooltip("go to line: type a number and press Enter")
        if go and self.goto_text.strip().isdigit():
            self._scroll_to_line = int(self.goto_text)
            self._flash_line = int(self.goto_text)
        imgui.same_line()
        imgui.set_next_item_width(150)
        found, self.find_text = imgui.input_text_with_hint("##find", "find", self.find_text, enter)
        hits = d.find_lines(self.find_text)
        imgui.same_line()
        step = 0
        if imgui.small_button("<"):
            step = -1
        imgui.same_line()
        if imgui.small_button(">") or found:
            step = 1
        if step and hits:
            now = self._flash_line or 0
            after = [n for n in hits if (n > now if step > 0 else n < now)]
            self._flash_line = (after[0] if step > 0 else after[-1]) if after else (
                hits[0] if step > 0 else hits[-1])
            self._scroll_to_line = self._flash_line
        if self.find_text.strip():
            imgui.same_line()
            imgui.text_disabled(f"{len(hits)} line{'s' if len(hits) != 1 else ''}")
        imgui.same_line()
        imgui.text_disabled("(?)")
        imgui.set_item_tooltip("right-click a name: the lines that write it, the line that last wrote\n"
                               "it, plot or watch it; right-click the gutter: a breakpoint's condition\n"
                               "and hit count")

    def _name_popup(self) -> None:
        """Right-click on a variable: the lines that write it, the one that last wrote it, plot, watch."""
        imgui = self.imgui
        d = self.d
        if not imgui.begin_popup("##name"):
            return
        name = self._popup_name or ""
        imgui.text(f"{name} = {d.value_text(name) or '?'}")
        imgui.separator()
        writes = d.write_lines(name)
        if not writes:
            imgui.text_disabled("no line of the program writes it")
        for n in writes:
            if imgui.selectable(f"written on line {n}##w{n}", False)[0]:
                self._scroll_to_line = self._flash_line = n
        if self._popup_last is None and writes:
            self._popup_last = (d.last_scan, d.last_write(name))  # re-simulates that scan, once
        if self._popup_last is not None and self._popup_last[0] is not None:
            scan, line = self._popup_last
            if line is None:
                imgui.text_disabled(f"no line wrote it in scan {scan}")
            elif imgui.selectable(f"last written in scan {scan}: line {line}", False)[0]:
                self._scroll_to_line = self._flash_line = line
        imgui.separator()
        if imgui.selectable("plot", False)[0]:
            self.watch_error = d.add_plot(name) or ""
        if imgui.selectable("watch", False)[0]:
            d.add_watch(name)
        imgui.end_popup()

    def _breakpoint_popup(self) -> None:
        """Right-click on the gutter: a condition (an ST expression) and a hit count for the line."""
        imgui = self.imgui
        d = self.d
        if not imgui.begin_popup("##bp"):
            return
        line = self._popup_line or 0
        imgui.text(f"Breakpoint on line {line}")
        hits = d.breakpoint_hits.get(line, 0)
        imgui.text_disabled(f"hit {hits} time{'s' if hits != 1 else ''} since the run (re)started")
        imgui.set_next_item_width(260)
        _, self.bp_condition = imgui.input_text_with_hint("##cond", "condition, e.g. Kind = 2 AND EyeP1",
                                                          self.bp_condition)
        imgui.set_next_item_width(120)
        _, self.bp_hits = imgui.input_int("stop from hit", self.bp_hits)
        if imgui.button("Set"):
            err = d.set_breakpoint_condition(line, self.bp_condition, max(1, self.bp_hits))
            self.bp_error = err or ""
            if not err:
                imgui.close_current_popup()
        imgui.same_line()
        if line in d.breakpoints and imgui.button("Remove"):
            d.toggle_breakpoint(line)
            imgui.close_current_popup()
        if self.bp_error:
            imgui.text_colored((1, 0.5, 0.4, 1), self.bp_error)
        imgui.end_popup()

    def _source_line(self, n, tokens, dl, lh, gutter, errors, breakable, current) -> None:
        imgui = self.imgui
        d = self.d
        # The gutter stays at the left edge when the code scrolls sideways: it is placed at the
        # scroll position and painted over the code that scrolls under it.
        imgui.set_cursor_pos_x(imgui.get_scroll_x())
        pos = imgui.get_cursor_screen_pos()
        self.gutter_pos[n] = (pos.x + 9, pos.y + lh / 2)
        width = max(imgui.get_content_region_avail().x, 400)
        if n == current:
            dl.add_rect_filled((pos.x, pos.y), (pos.x + width + 2000, pos.y + lh), col32(90, 80, 20, 200))
        elif n == self._flash_line:
            dl.add_rect_filled((pos.x, pos.y), (pos.x + width + 2000, pos.y + lh), col32(50, 70, 110, 160))
        if n in errors:
            dl.add_rect_filled((pos.x + gutter - 6, pos.y), (pos.x + width + 2000, pos.y + lh),
                               col32(120, 30, 30, 110))
        # Gutter: click toggles a breakpoint on lines where a statement starts; right-click sets
        # its condition and hit count.
        imgui.invisible_button(f"##g{n}", (gutter, lh))
        gutter_hovered = imgui.is_item_hovered()
        if gutter_hovered:
            self._hover_line = n
            if n in d.breakpoints:
                cond = d.breakpoint_conditions.get(n)
                need = d.breakpoint_min_hits.get(n)
                imgui.set_tooltip(f"breakpoint, hit {d.breakpoint_hits.get(n, 0)} times"
                                  + (f"\nstops while {cond}" if cond else "")
                                  + (f"\nstops from hit {need}" if need else "")
                                  + "\nright-click: condition and hit count")
        if imgui.is_item_clicked():
            d.toggle_breakpoint(n)
        if imgui.is_item_clicked(imgui.MouseButton_.right) and n in breakable:
            self._popup_line = n
            self.bp_condition = d.breakpoint_conditions.get(n, "")
            self.bp_hits = d.breakpoint_min_hits.get(n, 1)
            self.bp_error = ""
            imgui.open_popup("##bp")
        imgui.same_line(0, 0)
        imgui.set_cursor_pos_x(gutter)
        if not tokens:
            imgui.text("")
        inline = self.inline_values and d.compiled
        for k, (kind, text) in enumerate(tokens):
            if k:
                imgui.same_line(0, 0)
            imgui.text_colored(SYNTAX_COLOURS.get(kind, SYNTAX_COLOURS["other"]), text)
            if kind not in ("ident", "address") or not d.compiled:
                continue
            if imgui.is_item_hovered():
                value = d.value_text(text)  # a field path is one token here
                if value is not None:
                    imgui.set_tooltip(f"{text} = {value}\nright-click: where it is written, plot, watch")
            if imgui.is_item_clicked(imgui.MouseButton_.right):
                self._popup_name, self._popup_last = text, None
                imgui.open_popup("##name")
            if inline:
                value = d.value_text(text)
                # an array's element is read by its index expression, not shown here
                if value is not None and not value.endswith(" elements]"):
                    self._inline_box(dl, value)
        if n in errors:
            imgui.same_line(0, 16)
            imgui.text_colored((1, 0.5, 0.45, 1), "  <- " + "; ".join(errors[n]))
        # the gutter, painted over code scrolled under it
        bg = imgui.get_style().color_(imgui.Col_.window_bg)
        dl.add_rect_filled((pos.x, pos.y), (pos.x + gutter - 4, pos.y + lh),
                           imgui.color_convert_float4_to_u32(imgui.ImVec4(bg.x, bg.y, bg.z, 1.0)))
        if n == current:
            dl.add_rect_filled((pos.x, pos.y), (pos.x + gutter - 4, pos.y + lh), col32(90, 80, 20, 200))
        cy = pos.y + lh / 2
        if gutter_hovered and n in breakable and n not in d.breakpoints:
            dl.add_circle((pos.x + 9, cy), 5, col32(200, 80, 80), 0, 1.5)
        if n in d.breakpoints:
            conditional = n in d.breakpoint_conditions or n in d.breakpoint_min_hits
            dot = col32(240, 150, 40) if conditional else col32(230, 60, 50)
            dl.add_circle_filled((pos.x + 9, cy), 6, dot)
        if n == current:
            if n in d.breakpoints:
                # both: a smaller arrow inside the dot, outlined, so the red ring stays visible
                tri = ((pos.x + 6, cy - 4.5), (pos.x + 6, cy + 4.5), (pos.x + 14, cy))
                dl.add_triangle_filled(*tri, col32(255, 220, 60))
                dl.add_triangle(*tri, col32(60, 40, 10), 1.0)
            else:
                dl.add_triangle_filled((pos.x + 2, pos.y + 2), (pos.x + 2, pos.y + lh - 2),
                                       (pos.x + 15, cy), col32(255, 220, 60))
        dl.add_text((pos.x + 18, pos.y), col32(110, 115, 128), f"{n:4d}")
        if n > 0 and imgui.is_mouse_hovering_rect((pos.x + gutter, pos.y), (pos.x + width, pos.y + lh)):
            self._hover_line = n
            if n in errors:
                imgui.set_tooltip("\n".join(errors[n]))

    def _inline_box(self, dl, value: str) -> None:
        """A live value in a small box right after its variable (CODESYS online mode)."""
        imgui = self.imgui
        if len(value) > 40:
            value = value[:38] + ".."
        imgui.same_line(0, 3)
        p = imgui.get_cursor_screen_pos()
        size = imgui.calc_text_size(value)
        dl.add_rect_filled((p.x - 2, p.y + 1), (p.x + size.x + 2, p.y + size.y), col32(40, 70, 95, 255), 3.0)
        imgui.text_colored((0.75, 0.92, 1.0, 1), value)
        imgui.same_line(0, 3)

    # --- I/O ---

    def _io_panel(self) -> None:
        imgui = self.imgui
        d = self.d
        if not self._begin("I/O"):
            imgui.end()
            return
        flags = (imgui.TableFlags_.row_bg | imgui.TableFlags_.borders_inner_v | imgui.TableFlags_.resizable
                 | imgui.TableFlags_.scroll_y)
        if imgui.begin_table("io", 6, flags):
            imgui.table_setup_scroll_freeze(0, 1)
            for name, w in (("address", 70), ("name", 140), ("dir", 40), ("type", 45), ("value", 70),
                            ("force", 150)):
                imgui.table_setup_column(name, imgui.TableColumnFlags_.width_fixed if w < 100
                                         else imgui.TableColumnFlags_.width_stretch, w)
            imgui.table_headers_row()
            for r in d.io_rows():
                imgui.table_next_row()
                if r.forced:
                    imgui.table_set_bg_color(imgui.TableBgTarget_.row_bg1, col32(140, 90, 20, 150))
                imgui.table_next_column()
                imgui.text(r.address)
                imgui.table_next_column()
                imgui.text(r.name)
                if imgui.is_item_hovered() and r.meaning:
                    imgui.set_tooltip(r.meaning)
                imgui.table_next_column()
                if r.direction == "input":
                    imgui.text("in")
                elif imgui.small_button(f"out##{r.address}"):
                    self._show_last_write(r.name)
                else:
                    imgui.set_item_tooltip("click: the source line that last wrote this output\n"
                                           "(in the last scan)")
                imgui.table_next_column()
                imgui.text(r.type)
                imgui.table_next_column()
                v = format_value(r.value)
                if r.type == "BOOL":
                    imgui.text_colored((0.4, 1, 0.5, 1) if r.value else (0.6, 0.6, 0.65, 1), v)
                else:
                    imgui.text(v)
                imgui.table_next_column()
                imgui.push_id(r.address)
                if r.forced:
                    imgui.text_colored((1, 0.7, 0.3, 1), "FORCED")
                    imgui.same_line()
                    if imgui.small_button("release"):
                        d.release_io(r.address)
                elif r.type == "BOOL":
                    if imgui.small_button("force 1"):
                        d.force_io(r.address, True)
                    imgui.same_line()
                    if imgui.small_button("force 0"):
                        d.force_io(r.address, False)
                else:
                    imgui.set_next_item_width(70)
                    changed, val = imgui.input_int("##fv", int(r.value or 0), 0, 0,
                                                   imgui.InputTextFlags_.enter_returns_true)
                    if changed:
                        d.force_io(r.address, val)
                    imgui.set_item_tooltip("type a value and press Enter to force it")
                imgui.pop_id()
            imgui.end_table()
        imgui.end()

    # --- variables and watches ---

    def _variables_panel(self) -> None:
        imgui = self.imgui
        d = self.d
        if not self._begin("Variables"):
            imgui.end()
            return
        if not d.compiled:
            imgui.text_disabled("the program does not compile")
            imgui.end()
            return
        flags = imgui.TableFlags_.row_bg | imgui.TableFlags_.borders_inner_v | imgui.TableFlags_.resizable
        if imgui.begin_table("vars", 4, flags):
            imgui.table_setup_column("name", imgui.TableColumnFlags_.width_stretch)
            imgui.table_setup_column("type", imgui.TableColumnFlags_.width_fixed, 80)
            imgui.table_setup_column("value", imgui.TableColumnFlags_.width_fixed, 110)
            imgui.table_setup_column("", imgui.TableColumnFlags_.width_fixed, 120)
            imgui.table_headers_row()
            for node in d.variables():
                self._var_node(node)
            imgui.end_table()
        imgui.end()

    def _var_node(self, node, actions: bool = True) -> None:
        """One row of a variable tree (Variables panel, and pinned variables in the Watch panel):
        values in ST notation by their type, the standard FBs' internal memory left out."""
        imgui = self.imgui
        d = self.d
        from app.values import format_typed, summary, visible_children

        actions = actions and not getattr(node, "read_only", False)  # a reference, a method's result
        imgui.table_next_row()
        imgui.table_next_column()
        children = visible_children(node)
        label = node.name + (f"  {node.address}" if getattr(node, "address", None) else "")
        forced = node.path.upper() in d.forced()
        if forced:
            imgui.table_set_bg_color(imgui.TableBgTarget_.row_bg1, col32(140, 90, 20, 150))
        if children:
            open_ = imgui.tree_node_ex(f"{label}##{node.path}", imgui.TreeNodeFlags_.span_all_columns)
        else:
            leaf = (imgui.TreeNodeFlags_.leaf | imgui.TreeNodeFlags_.no_tree_push_on_open
                    | imgui.TreeNodeFlags_.span_all_columns)
            imgui.tree_node_ex(f"{label}##{node.path}", leaf)
            open_ = False
        imgui.table_next_column()
        imgui.text_disabled(str(getattr(node, "type_name", "")))
        imgui.table_next_column()
        type_name = str(getattr(node, "type_name", "")).upper()
        if not children:
            value = node.value
            imgui.push_id(node.path)
            if forced:
                # a forced row shows the value it is held at, marked
                imgui.text_colored((1, 0.7, 0.3, 1), f"{format_typed(value, node.type_name)}  FORCED")
            elif not actions:
                imgui.text(format_typed(value, node.type_name))
            elif isinstance(value, bool):
                changed, nv = imgui.checkbox("##v", value)
                if changed:
                    d.write(node.path, nv)
                imgui.same_line()
                imgui.text(format_value(value))
            elif isinstance(value, int) and type_name not in ("TIME", "LTIME"):
                imgui.set_next_item_width(-1)
                changed, nv = imgui.input_int("##v", value, 0, 0, imgui.InputTextFlags_.enter_returns_true)
                if changed:
                    d.write(node.path, nv)
            elif isinstance(value, float):
                imgui.set_next_item_width(-1)
                changed, nv = imgui.input_float("##v", value, 0, 0, "%.4g",
                                                imgui.InputTextFlags_.enter_returns_true)
                if changed:
                    d.write(node.path, nv)
            elif isinstance(value, int):
                # a TIME reads and is typed as a literal (T#2s500ms)
                imgui.set_next_item_width(-1)
                changed, text = imgui.input_text("##v", format_typed(value, node.type_name),
                                                 imgui.InputTextFlags_.enter_returns_true)
                if changed:
                    self._write_literal(node.path, text)
                imgui.set_item_tooltip("type a TIME literal (T#1s500ms) and press Enter")
            else:
                imgui.text(format_typed(value, node.type_name))
            if actions:
                imgui.table_next_column()
                if imgui.small_button("pin"):
                    d.add_watch(node.path)
                imgui.set_item_tooltip("add to the watch list")
                imgui.same_line()
                if imgui.small_button("plot"):
                    self.watch_error = d.add_plot(node.path) or ""
                imgui.same_line()
                if forced:
                    if imgui.small_button("unforce"):
                        d.unforce(node.path)
                elif imgui.small_button("force"):
                    d.force(node.path, value)
                imgui.set_item_tooltip("hold this value: the program cannot change it")
            imgui.pop_id()
        else:
            imgui.text_disabled(summary(node) if not open_ else "")
            if actions:
                imgui.table_next_column()
        if open_:
            for child in children:
                self._var_node(child, actions)
            imgui.tree_pop()

    def _show_last_write(self, name: str) -> None:
        """Scroll the source to the line that last wrote `name` (an output: what the plant got)."""
        d = self.d
        line = d.last_write(name)
        if line is None:
            written = d.write_lines(name)
            d.message = (f"no line wrote {name} in scan {d.last_scan}" if written and d.last_scan is not None
                         else f"{name}: no line of the program writes it" if not written
                         else f"{name}: no scan has run yet")
            return
        d.message = f"{name} was last written on line {line}, in scan {d.last_scan}"
        self._scroll_to_line = self._flash_line = line

    def _write_literal(self, path: str, text: str) -> None:
        from st import ExpressionError

        try:
            value = self.d.evaluate(text)  # a literal (T#2s, Colour#Red) or any ST expression, via st
        except ExpressionError as exc:
            self.d.message = f"{path}: {exc}"
            return
        self.d.write(path, value)

    def _watch_panel(self) -> None:
        imgui = self.imgui
        d = self.d
        if not self._begin("Watch"):
            imgui.end()
            return
        imgui.set_next_item_width(-110)
        enter = imgui.InputTextFlags_.enter_returns_true
        entered, self.new_watch = imgui.input_text("##neww", self.new_watch, enter)
        imgui.same_line()
        if (imgui.button("Add watch") or entered) and self.new_watch.strip():
            err = d.add_watch(self.new_watch)
            self.watch_error = err or ""
            if not err:
                self.new_watch = ""
        imgui.text_disabled("a variable (Timer1.ET, Cells[2].Busy, %IX0.0) "
                            "or an ST expression (Count > 3 AND Run)")
        if self.watch_error:
            imgui.text_colored((1, 0.5, 0.4, 1), self.watch_error)
        for text, value in d.watch_values():
            imgui.push_id(text)
            if imgui.small_button("x"):
                d.remove_watch(text)
            imgui.same_line()
            node = d.watch_node(text)
            if node is not None and node.children:
                # a pinned FB instance, array or struct: the same tree as the Variables panel
                if imgui.begin_table("w", 3, imgui.TableFlags_.borders_inner_v):
                    imgui.table_setup_column("name", imgui.TableColumnFlags_.width_stretch)
                    imgui.table_setup_column("type", imgui.TableColumnFlags_.width_fixed, 80)
                    imgui.table_setup_column("value", imgui.TableColumnFlags_.width_stretch)
                    self._var_node(node, actions=False)
                    imgui.end_table()
                imgui.pop_id()
                continue
            imgui.text(f"{text}")
            imgui.same_line(max(200.0, imgui.get_content_region_avail().x * 0.55))
            imgui.text_colored((0.5, 0.9, 1, 1) if not value.startswith("?") else (1, 0.5, 0.4, 1), value)
            imgui.pop_id()
        imgui.end()

    # --- plots ---

    def _plot_panel(self) -> None:
        imgui = self.imgui
        d = self.d
        if not self._begin("Plot"):
            imgui.end()
            return
        self._signal_picker()
        lanes = []
        for name in d.plot_signals:
            lane = self.signals.lane(d, name)
            if lane.x.size:
                lanes.append(lane)
        self._signal_chips()
        if not lanes:
            imgui.text_disabled("choose signals to plot: type a name in the search box")
            imgui.end()
            return
        self._trace(lanes)
        imgui.end()

    def _signal_picker(self) -> None:
        """A searchable list of every I/O point and program variable: click one to plot it."""
        imgui = self.imgui
        d = self.d
        imgui.set_next_item_width(min(260.0, imgui.get_content_region_avail().x))
        if imgui.begin_combo("##addsig", "add a signal (search)...", imgui.ComboFlags_.height_large):
            if imgui.is_window_appearing():
                imgui.set_keyboard_focus_here()
            _, self.signal_query = imgui.input_text_with_hint("##q", "name, address or type",
                                                              self.signal_query)
            for name, label in d.signal_choices(self.signal_query)[:200]:
                on = name in d.plot_signals
                if imgui.selectable(f"{label}##{name}", on, imgui.SelectableFlags_.dont_close_popups)[0]:
                    if on:
                        d.remove_plot(name)
                    else:
                        self.watch_error = d.add_plot(name) or ""
            imgui.end_combo()
        imgui.set_item_tooltip("type to filter; click a signal to add or remove it")
        if self.watch_error:
            imgui.same_line()
            imgui.text_colored((1, 0.5, 0.4, 1), self.watch_error)

    def _signal_chips(self) -> None:
        """The plotted signals in order: click one to move it up or down or remove it."""
        imgui = self.imgui
        d = self.d
        for k, name in enumerate(list(d.plot_signals)):
            w = imgui.calc_text_size(name).x + 16
            if k:
                imgui.same_line()
                if imgui.get_content_region_avail().x < w:
                    imgui.new_line()
            imgui.push_id(f"chip{name}")
            imgui.small_button(name)
            if imgui.begin_popup_context_item("chipmenu", imgui.PopupFlags_.mouse_button_left):
                if imgui.menu_item("move up", "", False, k > 0)[0]:
                    d.move_plot(name, -1)
                if imgui.menu_item("move down", "", False, k < len(d.plot_signals) - 1)[0]:
                    d.move_plot(name, 1)
                if imgui.menu_item("remove", "", False)[0]:
                    d.remove_plot(name)
                imgui.end_popup()
            imgui.set_item_tooltip("click: move up / down, remove")
            imgui.pop_id()

    def _trace(self, lanes) -> None:
        """Digital signals as steps in one plot (a lane each), every number signal in a lane of its
        own fitted to its data; one time axis for all. The part after the cursor (the run's
        future, from before a rewind) is drawn faded. Zooming, panning and fitting never move the
        run; a click on the time axis or a drag of the cursor line does."""
        imgui, implot = self.imgui, self.implot
        d = self.d
        from app.plots import readout, thin

        digital = [ln for ln in lanes if ln.digital]
        analog = [ln for ln in lanes if not ln.digital]
        cursor_t = d.time_ms / 1000  # the scan shown (scan k at k x 10 ms, as in the trace)
        t_end = max(1.0, ((d.furthest_scan or 0) + 1) * SCAN_MS / 1000)
        spacing = imgui.get_style().item_spacing.y
        room = max(120.0, imgui.get_content_region_avail().y - 4)
        n_rows = (1 if digital else 0) + len(analog)
        # digital lanes 16-22 px each (plus the axis), number lanes share the rest, 80 px at least;
        # when they do not fit, the trace scrolls
        per_lane = 22.0
        if digital and analog:  # shrink the digital lanes (to 16 px) before the number lanes scroll away
            per_lane = max(16.0, min(22.0, (room - 80.0 * len(analog) - 34 - spacing * len(analog))
                                     / len(digital)))
        dig_h = per_lane * len(digital) + 34 if digital else 0.0
        if analog:
            ana_h = max(80.0, (room - dig_h - spacing * (n_rows - 1)) / len(analog))
        else:
            ana_h = 0.0
            dig_h = max(dig_h, room)
        heights = ([dig_h] if digital else []) + [ana_h] * len(analog)
        heights[-1] += 26  # the last lane also holds the time axis
        imgui.begin_child("##trace", (0, 0))
        lo, hi = self._plot_xrange
        # Follow the run while it runs, and whenever the scan shown lies outside the range shown
        # (a jump in time); otherwise the user's zoom and pan stay.
        follow = (0.0, t_end) if d.state == RUNNING or not (lo <= cursor_t <= hi) else None
        # subplots: one time axis for every lane, and the lanes' left edges aligned
        # the lanes share the panel's height by those ratios; below their minimum the trace scrolls
        least = (16.0 * len(digital) + 34 if digital else 0.0) + 60.0 * len(analog) + 26
        total = max(room - 8, least + spacing * (n_rows - 1))
        sub_flags = (implot.SubplotFlags_.no_title | implot.SubplotFlags_.link_all_x
                     | implot.SubplotFlags_.no_resize | implot.SubplotFlags_.no_legend)
        ratios = implot.SubplotsRowColRatios(row_ratios=heights, col_ratios=[1.0])
        if not implot.begin_subplots("##lanes", n_rows, 1, imgui.ImVec2(-1, total), sub_flags, ratios):
            imgui.end_child()
            return
        hover_t = None
        colours = {ln.name: implot.get_colormap_color(k) for k, ln in enumerate(lanes)}
        groups = ([("##digital", digital, True)] if digital else []) + [
            (f"##{ln.name}", [ln], False) for ln in analog]
        for row, (title, series, is_dig) in enumerate(groups):
            last = row == n_rows - 1
            flags = implot.Flags_.no_title | implot.Flags_.no_legend | implot.Flags_.no_box_select
            if not implot.begin_plot(title, (-1, heights[row]), flags):
                continue
            x_flags = 0 if last else implot.AxisFlags_.no_tick_labels
            implot.setup_axis(implot.ImAxis_.x1, "t (s)" if last else None, x_flags)
            if follow is not None:
                implot.setup_axis_limits(implot.ImAxis_.x1, follow[0], follow[1], implot.Cond_.always)
            if is_dig:
                # lanes 2 apart, steps 1 high: a TRUE never sits next to the lane above's FALSE
                implot.setup_axis_limits(implot.ImAxis_.y1, -0.4, 2.0 * len(series) - 0.6,
                                         implot.Cond_.always)
                implot.setup_axis_ticks(implot.ImAxis_.y1, [2.0 * k + 0.5 for k in range(len(series))],
                                        [ln.name for ln in series])
            else:
                ylo, yhi = series[0].limits()
                implot.setup_axis(implot.ImAxis_.y1, series[0].name)
                implot.setup_axis_limits(implot.ImAxis_.y1, ylo, yhi, implot.Cond_.always)
            for k, ln in enumerate(series):
                offset = 2.0 * k if is_dig else 0.0
                colour = colours[ln.name]
                for part, (a, b) in (("", (0, ln.now)), ("future", (max(0, ln.now - 1), ln.y.size))):
                    if b - a < 1:
                        continue
                    x, y = thin(ln.x[a:b], ln.y[a:b], ln.digital)
                    spec = implot.Spec()
                    spec.line_color = imgui.ImVec4(colour.x, colour.y, colour.z, 0.45 if part else 1.0)
                    label = f"{ln.name}##{part}"
                    if is_dig:
                        implot.plot_stairs(label, x, y + offset, spec)
                    else:
                        implot.plot_line(label, x, y, spec)
            future_end = max((ln.x[-1] for ln in series if ln.y.size > ln.now), default=None)
            if future_end is not None and future_end > cursor_t:
                # the run's future (from before the rewind): a lighter band behind the faded lines
                limits = implot.get_plot_limits()
                p0 = implot.plot_to_pixels(cursor_t, limits.y.max)
                p1 = implot.plot_to_pixels(future_end, limits.y.min)
                implot.push_plot_clip_rect()
                implot.get_plot_draw_list().add_rect_filled(p0, p1, col32(255, 255, 255, 16))
                if row == 0:
                    implot.get_plot_draw_list().add_text((p0.x + 6, p0.y + 2), col32(200, 200, 210, 150),
                                                         "the run's future (until an edit changes it)")
                implot.pop_plot_clip_rect()
            changed, t_new, _, _, _ = implot.drag_line_x(row + 1, cursor_t,
                                                         imgui.ImVec4(1, 0.85, 0.2, 1), 1.5)
            if changed:
                self._plot_cursor_target = t_new
            if implot.is_plot_hovered():
                hover_t = implot.get_plot_mouse_pos().x
            # A click on the time axis is the deliberate "go there"; clicks in the plot only zoom
            # and pan (double-click fits), they never rewind.
            if implot.is_axis_hovered(implot.ImAxis_.x1) and imgui.is_mouse_clicked(imgui.MouseButton_.left):
                self._plot_cursor_target = implot.get_plot_mouse_pos().x
            if last:
                limits = implot.get_plot_limits()
                self._plot_xrange = (limits.x.min, limits.x.max)
                # the time axis's tick labels, under the plot area, in screen pixels (the smoke
                # test clicks there; the lanes above it vary in height with the signals shown)
                pos, size = implot.get_plot_pos(), implot.get_plot_size()
                self._time_axis_rect = (pos.x, pos.y + size.y, size.x, 16.0)
            implot.end_plot()
        implot.end_subplots()
        imgui.end_child()
        if hover_t is not None and not imgui.is_mouse_dragging(imgui.MouseButton_.left):
            rows = readout(lanes, hover_t, d.format_signal)
            imgui.begin_tooltip()
            imgui.text(f"t = {hover_t:.2f} s (scan {max(0, int(hover_t * 1000 // SCAN_MS))})")
            if imgui.begin_table("##readout", 2):
                for name, text in rows:
                    imgui.table_next_column()
                    imgui.text_colored(colours[name], name)
                    imgui.table_next_column()
                    imgui.text(text)
                imgui.end_table()
            imgui.end_tooltip()
        target = self._plot_cursor_target
        if target is not None and imgui.is_mouse_released(imgui.MouseButton_.left):
            d.run_to_scan(max(0, int(round(target * 1000 / SCAN_MS))))
            self._plot_cursor_target = None

    # --- verdict ---

    def _verdict_panel(self) -> None:
        imgui = self.imgui
        d = self.d
        if not self._begin("Verdict"):
            imgui.end()
            return
        level, outcome = d.outcome()
        imgui.push_style_color(imgui.Col_.text, OUTCOME_COLOURS[level])
        imgui.text_wrapped(outcome)
        imgui.pop_style_color()
        imgui.text_wrapped(f"Completion: {d.task.completion.wording}")
        if d.task.completion.keep_wording:
            imgui.text_wrapped(f"End state to keep: {d.task.completion.keep_wording}")
        imgui.separator()
        imgui.text("Safety rules")
        for rs in d.rule_states():
            imgui.push_id(rs.rule_id)
            if rs.violated:
                imgui.text_colored((1, 0.4, 0.35, 1), f"VIOLATED  {rs.rule_id}")
                imgui.same_line()
                if imgui.small_button(f"go to scan {rs.first_scan}"):
                    d.run_to_scan(rs.first_scan)
                imgui.set_item_tooltip("show the state right after the scan in which the rule broke")
            else:
                imgui.text_colored((0.4, 1, 0.5, 1), f"ok        {rs.rule_id}")
            imgui.text_wrapped(f"    {rs.wording}")
            if rs.violated:
                imgui.text_wrapped(f"    first: {rs.message}")
            imgui.pop_id()
        later = [v for v in d.seen_violations if v[0] >= d.scans_done]  # not run again since the rewind
        if later:
            imgui.text_colored((1, 0.6, 0.4, 1), "Seen later in this run (before you rewound):")
            for scan, rule_id, msg in later[:5]:
                imgui.push_id(f"later{scan}{rule_id}")
                if imgui.small_button(f"go to scan {scan}"):
                    d.run_to_scan(scan)
                imgui.same_line()
                imgui.text_wrapped(f"{rule_id}: {msg}")
                imgui.pop_id()
        imgui.separator()
        first = d.first_violation()
        if first:
            imgui.text_colored((1, 0.4, 0.35, 1), f"First violation: {first[1]} in scan {first[0]} "
                                                  f"(t = {first[0] * SCAN_MS / 1000:.2f} s)")
        if d.fault:
            imgui.push_style_color(imgui.Col_.text, (1, 0.4, 0.35, 1))
            imgui.text_wrapped(f"PLC fault: {d.fault}")  # a fault names file:line and can be long
            imgui.pop_style_color()
        if d.state == FINISHED or d.finished:
            v = d.verdict
            reason = getattr(v, "end_reason", None) if v is not None else None
            passed = bool(v is not None and getattr(v, "passed", False))
            imgui.text_colored(OUTCOME_COLOURS["passed" if passed else "failed"],
                               f"Run ended ({reason}): {'PASSED' if passed else 'FAILED'} this condition")
        imgui.end()
