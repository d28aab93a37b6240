"""A pick-to-light rack and the person who picks from it: kit trays, bins, a picker who follows lamps.

Trays come one at a time to the pick place and wait there against a stopper (a Stopper
cylinder, extended = holding). Each tray carries a recipe number (read at the pick place:
signal `recipe`, 0 while no tray is there) and `present` is TRUE while a tray stands there.
Once the stopper has retracted, the tray leaves (`leave_s`) and the next one arrives
`arrive_s` after that; a tray arriving while the stopper is not extended runs straight through.

The picker is a person, not a schedule: `reaction_s` after a pick lamp is lit (and their hand
is free) they reach into that bin, through its light curtain (LightCurtain.operate), for
`reach_s`, and take one part into the tray. Scripted slips (`slips`, keyed by (kit, pick),
both 0-based): ('wrong', bin) reaches into that bin instead, then `undo_s` later puts the part
back (a second reach into the same bin) and then picks from the lit bin; ('double',) takes a
second part from the bin just picked and puts it back the same way. When no pick lamp has been
lit for `confirm_s` after their last reach, they press Confirm; `stray_confirm` (kit, pick)
presses Confirm before that pick as well (a press the program must not release on).

`released` logs each tray that left: (time_s, kit, recipe, contents, confirmed, confirm_at) where
contents are the bins of the parts in it (in pick order), confirmed whether Confirm was pressed
after its last reach (with no pick lamp lit) and confirm_at when.
The device is one module: signals, physics and its picture (sim/drawing.py).
"""

from __future__ import annotations

from typing import Any

from sim.plant import Device


class PickRack(Device):
    """Signals 'present' (a tray at the pick place) and 'recipe' (its recipe number, 0: none)."""

    kind = "pick_rack"
    layer = 6
    signals = ("present", "recipe")

    def __init__(self, name: str, *, lamps: tuple[str, ...], curtains: tuple[str, ...], confirm: str,
                 stopper: str, recipes: tuple[int, ...], reaction_s: float = 0.6, reach_s: float = 0.5,
                 undo_s: float = 0.8, confirm_s: float = 0.8, leave_s: float = 0.5, arrive_s: float = 2.0,
                 first_s: float = 0.5, slips: dict | None = None, stray_confirm: tuple = (),
                 hold_s: float = 0.3, x: float = 0.0, y: float = 0.0, bin_pitch: float = 200.0):
        super().__init__(name)
        if len(lamps) != len(curtains):
            raise ValueError(f"pick rack {name!r}: one lamp per bin curtain")
        self.lamp_names, self.curtain_names = tuple(lamps), tuple(curtains)
        self.confirm_name, self.stopper_name = confirm, stopper
        self.recipes = tuple(recipes)
        self.reaction_s, self.reach_s, self.undo_s = float(reaction_s), float(reach_s), float(undo_s)
        self.confirm_s, self.leave_s, self.arrive_s = float(confirm_s), float(leave_s), float(arrive_s)
        self.hold_s = float(hold_s)
        self.slips = dict(slips or {})
        self.stray_confirm = set(map(tuple, stray_confirm))
        self.x, self.y, self.bin_pitch = float(x), float(y), float(bin_pitch)
        self.time = 0.0
        self.kit = -1                       # index of the tray at (or last at) the pick place
        self.present = False
        self.arrive_at: float | None = float(first_s)
        self.leave_at: float | None = None
        self.contents: list[int] = []       # bins (1-based) of the parts in the tray at the pick place
        self.picks = 0                      # reaches into a lit bin on this tray (the picker's own count)
        self.plan: list[tuple[str, int]] = []   # the reaches still to make for the current pick
        self.hand: int | None = None        # the bin the hand is in now
        self.hand_out_at: float | None = None
        self.next_at: float | None = None   # when the next planned reach starts
        self.lit_since: float | None = None
        self.last_reach_end = 0.0
        self.confirmed = False
        self.confirm_at: float | None = None
        self.confirm_release: float | None = None
        self.strays_done: set = set()
        self.released: list[tuple[float, int, int, tuple[int, ...], bool]] = []
        self.reaches: list[tuple[float, int, str]] = []   # (time, bin, 'pick' | 'wrong' | 'extra' | 'back')
        self._dev: Any = None

    # --- the tray ---------------------------------------------------------------------------

    @property
    def recipe(self) -> int:
        return self.recipes[self.kit] if self.present and 0 <= self.kit < len(self.recipes) else 0

    def read(self, signal: str) -> Any:
        if signal == "present":
            return self.present
        if signal == "recipe":
            return self.recipe
        return super().read(signal)

    def _arrive(self) -> None:
        self.kit += 1
        self.arrive_at = None
        if self.kit >= len(self.recipes):
            return
        self.present, self.contents, self.picks, self.confirmed = True, [], 0, False
        self.confirm_at = None
        self.plan, self.lit_since, self.last_reach_end = [], None, self.time
        self.strays_done = set()

    def _leave(self) -> None:
        self.released.append((round(self.time, 3), self.kit, self.recipe, tuple(self.contents),
                              self.confirmed, self.confirm_at))
        self.present = False
        self.leave_at = None
        self.arrive_at = self.time + self.arrive_s

    # --- the picker -------------------------------------------------------------------------

    def _lit(self) -> int | None:
        for k, lamp in enumerate(self._dev["lamps"], 1):
            if lamp.on:
                return k
        return None

    def _reach(self, bin_no: int, what: str) -> None:
        self.hand = bin_no
        self.hand_out_at = self.time + self.reach_s
        self._dev["curtains"][bin_no - 1].operate(True)
        self.reaches.append((round(self.time, 3), bin_no, what))
        if what == "back":
            if bin_no in self.contents:
                idx = len(self.contents) - 1 - self.contents[::-1].index(bin_no)
                del self.contents[idx]
        else:
            self.contents.append(bin_no)
            self.confirmed, self.confirm_at = False, None
        if what == "pick":
            self.picks += 1

    def _hand_out(self) -> None:
        self._dev["curtains"][self.hand - 1].operate(False)
        self.hand, self.hand_out_at = None, None
        self.last_reach_end = self.time
        self.lit_since = None
        if self.plan:
            self.next_at = self.time + self.undo_s

    def _press_confirm(self) -> None:
        self._dev["confirm"].operate(True)
        self.confirm_release = self.time + self.hold_s
        if self.picks and self._lit() is None:      # a press after the kit's last pick
            self.confirmed, self.confirm_at = True, round(self.time, 3)

    def step(self, dt: float) -> None:
        if self._dev is None:
            p = self.plant
            self._dev = dict(lamps=[p[n] for n in self.lamp_names],
                             curtains=[p[n] for n in self.curtain_names],
                             confirm=p[self.confirm_name], stopper=p[self.stopper_name])
        self.time = t = self.time + dt
        stopper = self._dev["stopper"]
        if self.confirm_release is not None and t + 1e-9 >= self.confirm_release:
            self._dev["confirm"].operate(False)
            self.confirm_release = None
        if self.arrive_at is not None and t + 1e-9 >= self.arrive_at:
            self._arrive()
            if self.present and not stopper.read("extended"):
                self._leave()                      # nothing holds it: it runs through
                return
        if self.present and self.leave_at is None and not stopper.read("extended") \
                and stopper.position < stopper.stroke * 0.5:
            self.leave_at = t + self.leave_s
        if self.leave_at is not None and t + 1e-9 >= self.leave_at:
            if self.hand is not None:
                self._hand_out()
            self._leave()
            return
        if self.hand is not None:
            if t + 1e-9 >= self.hand_out_at:
                self._hand_out()
            return
        if not self.present:
            return
        if self.plan:
            if t + 1e-9 >= self.next_at:
                what, bin_no = self.plan.pop(0)
                self._reach(bin_no, what)
            return
        lit = self._lit()
        if lit is None:
            self.lit_since = None
            if self.picks and self.confirm_release is None and not self.confirmed \
                    and t - self.last_reach_end + 1e-9 >= self.confirm_s:
                self._press_confirm()
            return
        if self.lit_since is None:
            self.lit_since = t
        key = (self.kit, self.picks)
        if key in self.stray_confirm and key not in self.strays_done and self.confirm_release is None:
            self.strays_done.add(key)
            self._press_confirm()
        if t - self.lit_since + 1e-9 < self.reaction_s:
            return
        slip = self.slips.get(key)
        if slip is not None and slip[0] == "wrong" and ("w", key) not in self.strays_done:
            self.strays_done.add(("w", key))
            self._reach(slip[1], "wrong")
            self.plan = [("back", slip[1])]
            return
        self._reach(lit, "pick")
        if slip is not None and slip[0] == "double" and ("d", key) not in self.strays_done:
            self.strays_done.add(("d", key))
            self.plan = [("extra", lit), ("back", lit)]

    # --- picture ----------------------------------------------------------------------------

    def state(self) -> dict[str, Any]:
        return {"x": self.x, "y": self.y, "present": self.present, "kit": self.kit, "recipe": self.recipe,
                "contents": list(self.contents), "hand": self.hand, "released": len(self.released)}

    def extent(self) -> list[tuple[float, float]]:
        n = len(self.curtain_names)
        return [(self.x - 60, self.y - 260), (self.x + n * self.bin_pitch + 60, self.y + 120)]

    def draw(self, pen) -> None:
        s = self.state()
        n = len(self.curtain_names)
        # the bins: a box behind each curtain with its number; the picker's hand where it reaches
        for k in range(n):
            bx = self.x + (k + 0.5) * self.bin_pitch
            pen.rect_rotated(bx, self.y - 190, 140, 120, 0.0, "FRAME", border=2)
            pen.label(f"bin {k + 1}", bx, self.y - 190, "LABEL")
            if s["hand"] == k + 1:
                pen.circle(bx, self.y - 110, 16, "FAULT", min_px=4)
        # the tray at the pick place, against the stopper, with the parts picked into it
        tx, ty = self.x + n * self.bin_pitch / 2, self.y + 40
        box = pen.rect_rotated(tx, ty, 300, 90, 0.0, "TABLE" if s["present"] else "UNLIT")
        if s["present"]:
            for j, b in enumerate(s["contents"]):
                pen.circle(tx - 130 + j * 30, ty, 10, "ON", min_px=3)
                pen.label(str(b), tx - 130 + j * 30, ty + 20, "LABEL", 9)
        text = f"tray {s['kit'] + 1}: recipe {s['recipe']}" if s["present"] else "no tray"
        pen.label(f"{text}; {s['released']} released", tx, ty - 60, "LABEL")
        pen.hot(self.name, self.kind, box)
