"""MAT-M19 Pick-to-light error proofing.

Five bins in a row, each with a pick lamp and a light curtain across its opening; kit trays
come one at a time to the pick place and wait against a stopper (double-solenoid valve); each
tray carries a recipe number (the bins to pick from, in order). A person picks (PickRack: they
follow the lamps, `reaction_s` after a lamp lights they reach into that bin) and presses Confirm
when no pick lamp is lit any more. The program lights the next bin of the recipe, advances on a
reach into it, shows Error on a reach into any other bin until that part is put back (the next
reach into the same bin), and releases the tray only once it is complete and confirmed.

Judged by what the plant does: S1 on the scan a tray leaves the pick place (its contents, in
pick order, against its recipe, and a Confirm press after its last pick); S2 on every scan
(Error lit from at most 0.3 s after a reach into an unlit bin until at most 0.3 s after the part
is put back, and dark otherwise: two-sided, a lamp always lit fails as a late one does); S3 on
every scan (at most one pick lamp lit). The judges are this task's own because the truth they
compare with (which reach opened an error, the tray's contents) is the pick rack's log.

Changed from the catalog: kits vary by recipe (five published recipes, one with the same bin
twice so that a second reach there is a pick, not an error); the release must come within 1.5 s
of the Confirm press, and the picker may take 0.4-4 s to press it: a release on a fixed timer
after the last pick, Confirm unread, either comes before the press (S1) or too late after it.
"""

from __future__ import annotations

import random

from sim import judges
from sim.devices.light_curtain import LightCurtain
from sim.devices.panel import Lamp, PushButton
from sim.devices.pick_rack import PickRack
from sim.devices.pneumatics import Stopper
from sim.plant import Plant
from sim.task import Completion, Condition, IOPoint, ParameterRange, SafetyRule, Task
from tasks.common import published_range

BINS = 5
KITS = 5
PITCH = 200.0
RECIPES = {1: (1, 3, 5), 2: (2, 4), 3: (5, 4, 3, 2, 1), 4: (3, 3, 1), 5: (2, 5, 2)}
ERROR_S = 0.3
ADVANCE_S = 0.3          # the next pick lamp is shown this soon after a pick
RELEASE_S = 1.5
LEAVE_S = 0.5
STROKE_S = 0.15          # the stopper's stroke time either way (Stopper default)


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    for k in range(1, BINS + 1):
        x = (k - 0.5) * PITCH
        plant.add(LightCurtain(f"curtain_{k}", x - 70, -120, x + 70, -120, response_s=0.02, beams=6,
                               label=f"bin {k}"))
        plant.add(Lamp(f"pick_lamp_{k}", x=80 + 90 * k, y=120, label=f"Pick {k}", color="green"))
    plant.add(Lamp("error_lamp", x=620, y=120, label="Error", color="red"))
    plant.add(PushButton("confirm_button", x=720, y=120, label="Confirm", color="green"))
    plant.add(Stopper("stopper", BINS * PITCH / 2 + 190, 40, angle_deg=90.0, solenoid="double",
                      start_extended=True))
    slips = {tuple(k): tuple(v) for k, v in p["slips"]}
    plant.add(PickRack("rack", lamps=tuple(f"pick_lamp_{k}" for k in range(1, BINS + 1)),
                       curtains=tuple(f"curtain_{k}" for k in range(1, BINS + 1)), confirm="confirm_button",
                       stopper="stopper", recipes=tuple(p["recipes"]), reaction_s=p["reaction_s"],
                       reach_s=p["reach_s"], undo_s=p["undo_s"], confirm_s=p["confirm_s"], leave_s=LEAVE_S,
                       arrive_s=p["arrive_s"], first_s=p["first_s"], slips=slips,
                       stray_confirm=tuple(tuple(x) for x in p["stray_confirm"]), x=0.0, y=0.0,
                       bin_pitch=PITCH))
    return plant


# --- judges ---------------------------------------------------------------------------------

class _Station:
    """The devices the judges look at every scan (s.devices)."""

    def __init__(self, plant: Plant):
        self.rack = plant.device("rack", PickRack)
        self.lamps = tuple(plant.device(f"pick_lamp_{k}", Lamp) for k in range(1, BINS + 1))
        self.curtains = tuple(plant.device(f"curtain_{k}", LightCurtain) for k in range(1, BINS + 1))
        self.error = plant.device("error_lamp", Lamp)
        self.stopper = plant.device("stopper", Stopper)


class ReleasesIncomplete(judges.Monitor):
    """S1: a tray leaving the pick place with contents other than its recipe, or unconfirmed."""

    def __init__(self):
        self.seen = 0

    def check(self, s):
        rack = s.devices.rack
        msg = None
        while self.seen < len(rack.released):
            t, kit, recipe, contents, confirmed, _ = rack.released[self.seen]
            self.seen += 1
            want = RECIPES.get(recipe, ())
            if tuple(contents) != want:
                msg = (f"tray {kit + 1} (recipe {recipe}: bins {list(want)}) released holding parts from "
                       f"bins {list(contents)}")
            elif not confirmed:
                msg = f"tray {kit + 1} released without Confirm pressed after its last pick"
        return msg


class ErrorLamp(judges.Monitor):
    """S2: Error lit from ERROR_S after a reach into a bin whose pick lamp was dark (no error
    open) until ERROR_S after the next reach into that bin (the part put back), dark otherwise.
    A reach is the curtain's output going FALSE; the lamps are those lit on that scan."""

    def __init__(self):
        self.was = [True] * BINS
        self.open: int | None = None
        self.since_ms = 0

    def check(self, s):
        st = s.devices
        for k, c in enumerate(st.curtains):
            if self.was[k] and not c.clear:
                if self.open is None and not st.lamps[k].on:
                    self.open, self.since_ms = k, s.time_ms
                elif self.open == k:
                    self.open, self.since_ms = None, s.time_ms
            self.was[k] = c.clear
        if s.time_ms - self.since_ms <= round(ERROR_S * 1000):
            return None
        if self.open is not None and not st.error.on:
            return (f"Error dark {ERROR_S:g} s after a reach into bin {self.open + 1} whose pick lamp was "
                    "dark "
                    f"(at {self.since_ms / 1000:g} s), the part not yet put back")
        if self.open is None and st.error.on:
            return f"Error lit with no wrong reach open (for more than {ERROR_S:g} s)"
        return None


class _Guided:
    """Part of the completion (a predicate of its event, fresh per session): ADVANCE_S after each
    pick (a reach into the lit bin with no error open) exactly the recipe's next bin is lit (none
    after the last pick). A fixed schedule of lamps misses it; picks are counted per tray."""

    def __init__(self):
        self.was = [True] * BINS
        self.kit, self.picks, self.open = -1, 0, None
        self.check_at: int | None = None
        self.late: str | None = None

    def __call__(self, s) -> bool:
        st = s.devices
        rack = st.rack
        if rack.kit != self.kit:
            self.kit, self.picks, self.open, self.check_at = rack.kit, 0, None, None
        for k, c in enumerate(st.curtains):
            if self.was[k] and not c.clear:
                if self.open is None and st.lamps[k].on:
                    self.picks += 1
                    self.check_at = s.time_ms + round(ADVANCE_S * 1000)
                elif self.open is None:
                    self.open = k
                elif self.open == k:
                    self.open = None
            self.was[k] = c.clear
        if self.check_at is not None and s.time_ms >= self.check_at and self.late is None:
            self.check_at = None
            bins = RECIPES.get(rack.recipe, ())
            want = bins[self.picks] if self.picks < len(bins) else 0
            lit = [k + 1 for k, lamp in enumerate(st.lamps) if lamp.on]
            if lit != ([want] if want else []):
                self.late = f"tray {self.kit + 1}: {ADVANCE_S:g} s after pick {self.picks} lamps lit {lit}"
        return self.late is None and _released_in_time(s)


def _more_lamps(s):
    return sum(lamp.on for lamp in s.devices.lamps) > 1


def _released_in_time(s) -> bool:
    rel = s.devices.rack.released
    # the tray leaves LEAVE_S after the stopper is half way down (a stroke takes STROKE_S)
    allowed = RELEASE_S + STROKE_S + LEAVE_S + 1e-6
    return len(rel) >= KITS and all(r[5] is not None and r[0] - r[5] <= allowed for r in rel)


def _at_rest(s) -> bool:
    st = s.devices
    return not any(lamp.on for lamp in st.lamps) and not st.error.on and st.stopper.read("extended")


AT_REST = "no pick lamp lit, Error dark and the stopper extended"

COMPLETION = Completion(
    f"All {KITS} trays released, each holding exactly its recipe's parts and each released (stopper "
    f"retracted) within {RELEASE_S:g} s of the Confirm press after its last pick, and {ADVANCE_S:g} s after "
    "every pick exactly the next bin's pick lamp lit (none after the last pick); then "
    f"{AT_REST}, held for "
    "1 s.",
    lambda: judges.in_order(
        judges.event(f"{KITS} trays released in time, every next pick lamp lit {ADVANCE_S:g} s after a pick",
                     _Guided()),
        judges.held("station at rest", _at_rest, 1.0),
        name="every kit picked, confirmed and released"),
    keep=_at_rest, keep_wording=AT_REST + ".",
)

SAFETY = [
    SafetyRule("MAT-M19-S1", "A tray leaves the pick place (stopper retracted) only when it holds exactly "
               "its recipe's parts (every pick made, every wrong part put back) and Confirm has been pressed "
               "after its last pick.", ReleasesIncomplete()),
    SafetyRule("MAT-M19-S2", f"Error is lit from at most {ERROR_S:g} s after a reach into a bin whose pick "
               "lamp "
               f"is dark until at most {ERROR_S:g} s after the next reach into that same bin (the part put "
               "back), and is dark at all other times (checked every scan).", ErrorLamp()),
    SafetyRule("MAT-M19-S3", "At most one pick lamp is lit on any scan.",
               judges.never(_more_lamps, "two pick lamps lit at once")),
]

PARAMETERS = [
    ParameterRange("reaction_s", 0.3, 1.2, "s", "how long after a pick lamp lights the picker reaches in"),
    ParameterRange("reach_s", 0.3, 0.8, "s", "how long the hand stays in the bin's curtain"),
    ParameterRange("undo_s", 0.4, 1.5, "s", "pause before the picker puts a wrong or extra part back"),
    ParameterRange("confirm_s", 0.4, 4.0, "s", "how long after the last reach the picker presses Confirm "
                   "(they may check the kit first)"),
    ParameterRange("arrive_s", 1.0, 3.0, "s", "time from a tray leaving to the next one arriving"),
    ParameterRange("first_s", 0.2, 2.0, "s", "when the first tray arrives"),
    ParameterRange("slip_count", 0, 3, "", "picks where the picker slips (a reach into a dark bin, or a "
                   "second "
                   "part from the bin just picked), each later put back"),
    ParameterRange("stray_confirms", 0, 2, "", "Confirm presses while a pick is still open"),
    ParameterRange("recipes", 1, 5, "", "the recipe of each of the five trays"),
]


def _cond(name: str, seed: int, description: str, **params) -> Condition:
    params.setdefault("slips", [])
    params.setdefault("stray_confirm", [])
    params["slip_count"], params["stray_confirms"] = len(params["slips"]), len(params["stray_confirm"])
    return Condition(name, seed, params, description)


CONDITIONS = [
    _cond("nominal", 191, "brisk picker, recipes 1-5 in order, no slips", recipes=(1, 2, 3, 4, 5),
          reaction_s=0.4, reach_s=0.4, undo_s=0.6, confirm_s=0.5, arrive_s=1.5, first_s=0.5),
    _cond("wrong_reaches", 192, "two reaches into dark bins, each put back", recipes=(3, 1, 5, 2, 4),
          reaction_s=0.7, reach_s=0.6, undo_s=1.0, confirm_s=0.8, arrive_s=2.0, first_s=1.0,
          slips=[((0, 1), ("wrong", 1)), ((3, 0), ("wrong", 5))]),
    _cond("double_reaches", 193, "a second part taken from the bin just picked, twice (once at a kit's last "
          "pick); recipe 4 needs two parts from bin 3", recipes=(4, 4, 2, 1, 3),
          reaction_s=0.5, reach_s=0.5, undo_s=0.8, confirm_s=0.6, arrive_s=1.2, first_s=0.3,
          slips=[((0, 2), ("double",)), ((2, 0), ("double",))]),
    _cond("stray_confirm", 194, "slow picker, Confirm pressed twice mid-kit", recipes=(5, 3, 3, 1, 2),
          reaction_s=1.2, reach_s=0.8, undo_s=1.5, confirm_s=4.0, arrive_s=3.0, first_s=2.0,
          stray_confirm=[(0, 1), (1, 3)], slips=[((4, 1), ("wrong", 2))]),
    _cond("quick_mixed", 195, "quick picker, a slip of each kind and a stray Confirm",
          recipes=(2, 5, 4, 3, 1),
          reaction_s=0.3, reach_s=0.3, undo_s=0.4, confirm_s=0.4, arrive_s=1.0, first_s=0.2,
          slips=[((1, 1), ("wrong", 4)), ((2, 1), ("double",)), ((3, 4), ("wrong", 4))],
          stray_confirm=[(2, 2)]),
]


def _range(name: str) -> tuple[float, float]:
    return published_range(PARAMETERS, name)


def sample_condition(rng: random.Random) -> dict:
    """One condition from the published ranges (Task.sample): the picker's timings uniform and
    independent, recipes uniform per tray; slips jointly: a 'wrong' slip names a bin other than
    the one to pick from, a 'double' only where the kit's next pick is another bin (a second part
    from a bin the recipe picks twice in a row would be a pick)."""
    params: dict = {n: round(rng.uniform(*_range(n)), 2)
                    for n in ("reaction_s", "reach_s", "undo_s", "confirm_s", "arrive_s", "first_s")}
    recipes = tuple(rng.randint(1, len(RECIPES)) for _ in range(KITS))
    params["recipes"] = recipes
    picks = [(k, j) for k, r in enumerate(recipes) for j in range(len(RECIPES[r]))]
    slips = []
    for key in rng.sample(picks, rng.randint(*map(int, _range("slip_count")))):
        bins = RECIPES[recipes[key[0]]]
        if rng.random() < 0.5:
            slips.append((key, ("wrong", rng.choice([b for b in range(1, BINS + 1) if b != bins[key[1]]]))))
        elif key[1] + 1 >= len(bins) or bins[key[1] + 1] != bins[key[1]]:
            slips.append((key, ("double",)))
    params["slips"] = sorted(slips)
    n_strays = rng.randint(*map(int, _range("stray_confirms")))
    strays = sorted(rng.sample([p for p in picks if p[1] > 0], n_strays))
    params["stray_confirm"] = strays
    params["slip_count"], params["stray_confirms"] = len(slips), len(strays)
    description = f"recipes {list(recipes)}, {len(slips)} slips, {len(strays)} stray Confirms"
    return dict(params=params, description=description)


def _io() -> list[IOPoint]:
    io = []
    for k in range(1, BINS + 1):
        io.append(IOPoint(f"%IX0.{k - 1}", f"bin{k}_clear", "BOOL", "input", f"curtain_{k}", "clear",
                          f"TRUE while bin {k}'s light curtain is clear; FALSE while a hand is in bin {k}"))
    io += [
        IOPoint("%IX0.5", "confirm", "BOOL", "input", "confirm_button", "pressed",
                "TRUE while Confirm is pressed (NO contact)"),
        IOPoint("%IX0.6", "tray_present", "BOOL", "input", "rack", "present",
                "TRUE while a tray stands at the pick place"),
        IOPoint("%IX0.7", "stopper_extended", "BOOL", "input", "stopper", "extended",
                "TRUE when the stopper is fully extended (holding trays)"),
        IOPoint("%IX1.0", "stopper_retracted", "BOOL", "input", "stopper", "retracted",
                "TRUE when the stopper is fully retracted (trays pass)"),
        IOPoint("%IW2", "tray_recipe", "INT", "input", "rack", "recipe",
                "recipe number (1-5) of the tray at the pick place, 0 while no tray is there", range="0-5"),
    ]
    for k in range(1, BINS + 1):
        io.append(IOPoint(f"%QX0.{k - 1}", f"pick_lamp_{k}", "BOOL", "output", f"pick_lamp_{k}", "on",
                          f"TRUE lights bin {k}'s pick lamp"))
    io += [
        IOPoint("%QX0.5", "error_lamp", "BOOL", "output", "error_lamp", "on", "TRUE lights the Error lamp"),
        IOPoint("%QX0.6", "stopper_extend", "BOOL", "output", "stopper", "extend",
                "TRUE energises the stopper's extend coil (double solenoid: the valve keeps the last coil)"),
        IOPoint("%QX0.7", "stopper_retract", "BOOL", "output", "stopper", "retract",
                "TRUE energises the stopper's retract coil"),
    ]
    return io


IO = _io()

_RECIPE_TEXT = "; ".join(f"{n}: bins {', '.join(map(str, b))}" for n, b in RECIPES.items())

SPEC = f"""\
A pick-to-light station: five bins (1-5) in a row, each with a pick lamp and a light curtain
across its opening (binN_clear FALSE while a hand is in bin N). Kit trays come one at a time
to the pick place (tray_present TRUE) and wait against a stopper; tray_recipe gives the tray's
recipe, the bins to pick one part each from, in this order ({_RECIPE_TEXT}). A bin
listed twice is picked twice. The stopper has a double-solenoid valve and is extended
(holding) at power-up; once it retracts the tray at the pick place leaves within {LEAVE_S:g} s and the
next tray arrives 1-3 s later: extend the stopper again before that, a tray arriving at a
retracted stopper runs straight through.

A person picks: they watch the pick lamps, reach into the lit bin some time after it lights,
and press Confirm when no pick lamp is lit. For each tray: light the lamp of the recipe's first
bin; a reach into the lit bin (its curtain going FALSE) is that pick: within {ADVANCE_S:g} s
show the next bin's lamp only (or none after the last pick; a bin listed twice: a second
reach there is the next pick).
A reach into any other bin is an error: light Error within {ERROR_S:g} s and keep it lit until the
picker puts that part back, which is the next reach into that same bin; then turn Error off
within {ERROR_S:g} s. While an error is open, reaches into other bins count for nothing and the
pick lamp may stay lit. After a tray's last pick, release it (retract the stopper) once Confirm
is pressed (a press while a pick is still open or an error is open releases nothing), within
{RELEASE_S:g} s of that press, then extend the stopper again for the next tray.
The picker sometimes reaches into a wrong bin or takes a second part from the bin just picked
(an error like any reach into a dark bin), each time putting it back. Never light two pick
lamps at once."""

PLANT = f"""\
Top view, millimetres. Bins 1-5 side by side along x, {PITCH:.0f} mm apart (bin N centred at
x = {PITCH:.0f} * (N - 0.5)), their light curtains across their openings at y = -120; the tray stands at
the pick place below them; the stopper holds it at its right-hand end. Pick lamps, Error and Confirm
are on the operator panel."""

TASK = Task(
    id="MAT-M19", title="Pick-to-light error proofing", suite="MAT", level="M",
    summary="Guide a picker through each tray's recipe with pick lamps, catch reaches into the wrong bin "
            "until the part is put back, and release a tray only when it is complete and confirmed.",
    specification=SPEC, io=IO, completion=COMPLETION, safety_rules=SAFETY, parameters=PARAMETERS,
    conditions=CONDITIONS, time_limit_s=90.0, build_plant=build_plant, plant_description=PLANT,
    sampler=sample_condition, judged_devices=_Station,
)
