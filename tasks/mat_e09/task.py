"""MAT-E09 Fill a container to target weight.

A bulk doser with a coarse and a fine feed valve fills cartons standing on a weigh scale. For
each carton the program tares the scale, doses coarse to the target less a pre-cut, fine to the
target less the afterflow (the material still in the air when the fine valve closes), waits for
the scale to settle, checks the net weight against target +-2 g, shows OK and sends the carton
on; five cartons. The afterflow (1-4 g) is not published per run: the program learns it from
the first carton (weight at cut-off against the settled weight) and tops a short carton up.

Judged as the judging lessons ask: fills count distinct cartons that left within tolerance
(sim.judges.distinct over the carton log); the OK answer by real progress (the lamp on within
1 s of the carton having settled within tolerance, and kept on until the carton leaves:
sim.judges.progress_within), the fill deadline by a wait clock (sim.judges.waits_at_most,
served only by the OK lamp); the rules from the carton's true contents, never the reading.
Two-sided: a carton must be OK within 45 s of arriving (fine dosing alone takes 50 s or more
even for the smallest target), and within +-2 g (coarse dosing to the end misses it; cutting off
at the target overfills by the afterflow). Learning is what lands the later cartons: they must be
within +-1 g (the first +-2 g), which a fixed guess of the afterflow with top-ups reaches only where
the guess happens to be right (counterexamples/fixed_guess_top_up.st earned 1 before that).
Changes from the catalog: the coarse pre-cut is
given (30 g: the coarse material in the air, at most 8 g, and the reading's lag behind a rising
load, at most 11 g, stay well below it), so that only the fine afterflow is learnt; the
afterflow runs out over 1 s after the fine valve closes; and the afterflow spans 1-4 g, not the
catalog's 1-6 g: a top-up always adds at least the afterflow, so with +-2 g no first guess before
anything is learnt lands (or can be topped up into) the tolerance over a 5 g span.
"""

from __future__ import annotations

import random

from sim import judges
from sim.devices.axis import ValueWord
from sim.devices.bulk_doser import BulkDoser
from sim.devices.carton import Carton
from sim.devices.panel import Lamp
from sim.devices.weigh_scale import WeighScale
from sim.plant import Plant
from sim.task import Completion, Condition, IOPoint, ParameterRange, SafetyRule, Task

LOT = 5
TOL_G = 2.0
OVER_G = 5.0
READING_G = 0.5           # what the reading may be off (noise +-0.2 g, lag, 0.1 g steps): the rules
                          # on the OK lamp allow it, the fills are counted on the true contents
OK_BAND_G = 1.0           # settled this close to the target, OK is owed: no top-up can be right
LEARNT_TOL_G = 1.0        # from the second carton on the afterflow is known: each within this
PRECUT_G = 30.0
OK_WITHIN_S = 1.0
FILL_WITHIN_S = 45.0
HOLD_S = 2.0


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    plant.add(Carton("carton", 0.0, 0.0, tares_g=list(p["tares_g"]), change_s=p["change_s"],
                     present_at_start=p["carton_at_start"]))
    plant.add(WeighScale("scale", 0.0, 0.0, load="carton", settle_s=p["settle_s"], noise_g=0.2))
    plant.add(BulkDoser("doser", 0.0, 330.0, into="carton", coarse_gs=p["coarse_gs"], fine_gs=p["fine_gs"],
                        afterflow_g=p["afterflow_g"]))
    plant.add(ValueWord("target", int(p["target_g"]), position=(420.0, 420.0), label="target", units="g"))
    plant.add(Lamp("ok_lamp", x=420.0, y=300.0, label="OK", color="green"))
    return plant


# --- judges -------------------------------------------------------------------------------

class _Devices:
    def __init__(self, plant: Plant):
        self.carton = plant.device("carton", Carton)
        self.scale = plant.device("scale", WeighScale)
        self.doser = plant.device("doser", BulkDoser)


def _contents(s) -> float | None:
    c = s.devices.carton.current
    return None if c is None else c.contents_g


def _in_tolerance(s, margin: float = 0.0) -> bool:
    g = _contents(s)
    return g is not None and abs(g - s.params["target_g"]) <= TOL_G + margin


def _settled_in_tolerance(s) -> bool:
    """Settled clearly within tolerance (within OK_BAND_G: a program may top up a carton short by
    more than that, the reading being off by up to READING_G)."""
    d = s.devices
    return (_in_tolerance(s, OK_BAND_G - TOL_G) and not s.io["coarse"] and not s.io["fine"]
            and d.doser.in_flight_g() == 0.0
            and d.scale.stable)


def _ok_soon_after_settled() -> judges.Watch:
    """Within OK_WITHIN_S of the carton having settled within tolerance (valves shut, nothing
    falling, the scale stable), the OK lamp comes on and stays on until the carton leaves."""
    return judges.progress_within(
        f"OK on within {OK_WITHIN_S:g} s of the carton settling within tolerance",
        cause=_settled_in_tolerance,
        ways=[judges.Way("the OK lamp", lambda s: 0.0 if s.io["ok_lamp"] else 1.0, by=1.0,
                         until=lambda s: s.devices.carton.current is None)],
        within_s=OK_WITHIN_S,
        late=lambda t: f"the carton had settled within tolerance at {t:g} s but OK was not on "
                       f"{OK_WITHIN_S:g} s later (or went off before the carton left)")


def _filled_in_deadline() -> judges.Monitor:
    return judges.waits_at_most(
        FILL_WITHIN_S, [("the carton on the scale", lambda s: s.devices.carton.current is not None,
                         lambda s: bool(s.io["ok_lamp"]))],
        message=lambda name, limit: f"{name} waited more than {limit:g} s for its OK")


def _good(s) -> list[int]:
    """The cartons sent on filled well: the first within TOL_G, every later one within LEARNT_TOL_G
    (the afterflow learnt on the first: a fixed guess of it, topped up, lands only the first)."""
    target = s.params["target_g"]
    return [n for _, n, _, g in s.devices.carton.filled
            if abs(g - target) <= (TOL_G if n == 1 else LEARNT_TOL_G)]


def _idle(s) -> bool:
    return not s.io["coarse"] and not s.io["fine"] and not s.io["ok_lamp"] and not s.io["tare"]


END = "both feed valves closed, the OK lamp off and the scale left alone (tare off)"

COMPLETION = Completion(
    f"{LOT} cartons sent on (different cartons), the first holding target +-{TOL_G:g} g net and every "
    f"later one target +-{LEARNT_TOL_G:g} g, then {END}, "
    f"held for {HOLD_S:g} s; all the while OK comes on within {OK_WITHIN_S:g} s of each carton having "
    f"settled within target +-{OK_BAND_G:g} g (true contents) and stays on until it leaves, and "
    "no carton waits more than "
    f"{FILL_WITHIN_S:g} s on the scale for its OK.",
    lambda: judges.watched(
        judges.in_order(
            judges.distinct(f"{LOT} cartons filled (the first +-{TOL_G:g} g, the others "
                            f"+-{LEARNT_TOL_G:g} g)", _good, LOT),
            judges.held("valves closed, OK off", _idle, HOLD_S)),
        _ok_soon_after_settled(), _filled_in_deadline()),
    keep=_idle, keep_wording=END + ".",
)


class OnlyIntoACarton(judges.Monitor):
    """S1: a feed valve open with no carton under it, or material landing where none stands."""

    def __init__(self):
        self.spilled = 0.0

    def check(self, s):
        d = s.devices
        msg = None
        if (s.io["coarse"] or s.io["fine"]) and d.carton.current is None:
            msg = f"a feed valve was open at {s.time_s:.2f} s with no carton under the doser"
        elif d.carton.spilled_g > self.spilled:
            msg = f"material fell beside the carton at {s.time_s:.2f} s (a carton sent on while it fell)"
        self.spilled = d.carton.spilled_g
        return msg


def _overfilled(s):
    g = _contents(s)
    if g is not None and g > s.params["target_g"] + OVER_G:
        return f"the carton held {g:.1f} g at {s.time_s:.2f} s, more than target + {OVER_G:g} g"
    return None


def _ok_out_of_tolerance(s):
    if s.io["ok_lamp"] and not _in_tolerance(s, READING_G):
        return f"OK was on at {s.time_s:.2f} s without a carton within target +-{TOL_G:g} g on the scale"
    return None


SAFETY = (
    SafetyRule("MAT-E09-S1", "Material is dosed only into a carton: a feed valve opens only with a carton "
               "under the doser, and a carton is sent on only when nothing is falling any more.",
               OnlyIntoACarton(), signals=("coarse", "fine", "carton_present", "index")),
    SafetyRule("MAT-E09-S2", f"A carton never holds more than target + {OVER_G:g} g.", _overfilled,
               signals=("weight", "coarse", "fine")),
    SafetyRule("MAT-E09-S3", f"The OK lamp is on only while the carton on the scale holds target "
               f"+-{TOL_G:g} g (judged on its true contents, allowing {READING_G:g} g for the reading; "
               "switch "
               "it off as you send the carton on).", _ok_out_of_tolerance,
               signals=("ok_lamp", "weight", "stable")),
)

IO = (
    IOPoint("%IW0", "weight", "INT", "input", "scale", "weight",
            "scale net reading (reading minus the last tare), in 0.1 g: 1234 = 123.4 g; noisy by about "
            "+-0.2 g, and it lags the load while settling", "0.1 g", "-32768..32767"),
    IOPoint("%IW1", "target", "INT", "input", "target", "value", "target net weight of every carton", "g",
            "200..800"),
    IOPoint("%IX0.0", "stable", "BOOL", "input", "scale", "stable",
            "scale standstill: TRUE once the load has not changed and the reading has settled"),
    IOPoint("%IX0.1", "carton_present", "BOOL", "input", "carton", "present",
            "photo-eye at the fill position: TRUE while a carton stands on the scale"),
    IOPoint("%QX0.0", "coarse", "BOOL", "output", "doser", "coarse", "coarse feed valve: TRUE open"),
    IOPoint("%QX0.1", "fine", "BOOL", "output", "doser", "fine", "fine feed valve: TRUE open"),
    IOPoint("%QX0.2", "tare", "BOOL", "output", "scale", "tare",
            "tare: a rising edge makes the present reading the zero"),
    IOPoint("%QX0.3", "ok_lamp", "BOOL", "output", "ok_lamp", "on",
            "OK lamp (carton within tolerance): TRUE lit"),
    IOPoint("%QX0.4", "index", "BOOL", "output", "carton", "index",
            "send the carton on: a rising edge moves it off the scale; the next empty one arrives some time "
            "later"),
)

SPEC = f"""\
{LOT} empty cartons come one after the other onto the weigh scale under the doser; fill each to the
target net weight (target, in g) within +-{TOL_G:g} g and send it on.

1. With a carton on the scale (carton_present) and the scale stable, tare it (a rising edge on tare);
   the empty cartons differ in weight.
2. Dose coarse until the net weight reaches target - {PRECUT_G:g} g, then fine: close the fine valve at
   target less the afterflow. Material is still falling when a valve closes, and the reading lags
   the load while it rises: the coarse pre-cut leaves the fine valve work to do whatever the flows;
   after the fine valve closes it dribbles on for about 1 s, the afterflow, 1-4 g, the same for
   every carton of a run but not known before: learn it (the settled weight less the weight at the
   fine cut-off).
3. Material needs about 0.1 s to fall from the valves into the carton, and the scale shows nothing
   of it before it lands: after closing a valve, wait a few tenths of a second and then until the
   scale is stable again, then check: within target +-{TOL_G:g} g: OK lamp on within
   {OK_WITHIN_S:g} s (owed once it is within +-{OK_BAND_G:g} g), keep it on until you send the
   carton on (index), and switch it off as you do. Short
   of the tolerance: top it up with the fine valve and check again. Never more than target + {OVER_G:g} g.
4. Send a carton on only when nothing is falling any more; open a valve only with a carton there.
5. From the second carton on the afterflow is known: each of them must end within target
   +-{LEARNT_TOL_G:g} g (the first within +-{TOL_G:g} g). Each carton must have its OK within
   {FILL_WITHIN_S:g} s of arriving on the scale (coarse dosing is needed: fine dosing alone is far
   too slow). After the {LOT}th, keep the valves closed and OK off.
At power-up a carton may already stand on the scale, or the first one is on its way."""

PLANT = """\
Side view, millimetres. The weigh scale's platform is at y = 0 with a carton on it; the doser's
hopper hangs above it (its coarse and fine valves at y = 370). The target word and the OK lamp are on
the operator panel."""

PARAMETERS = (
    ParameterRange("target_g", 200, 800, "g", "target net weight"),
    ParameterRange("tare_g", 50, 150, "g", "empty weight of a carton (each its own)", keys=("tares_g",)),
    ParameterRange("afterflow_g", 1.0, 4.0, "g", "material still landing after the fine valve closes"),
    ParameterRange("settle_s", 0.3, 1.0, "s", "scale settling time after a load change"),
    ParameterRange("coarse_gs", 40, 80, "g/s", "coarse feed rate"),
    ParameterRange("fine_gs", 2.0, 4.0, "g/s", "fine feed rate"),
    ParameterRange("change_s", 0.5, 2.0, "s", "time from sending a carton on to the next one on the scale"),
)

DEFAULTS = {"carton_at_start": True}

CONDITIONS = (
    Condition.of("nominal", 901, "500 g, middle flows and afterflow", target_g=500,
        tares_g=[90, 110, 100, 95, 105],
        afterflow_g=3.5, settle_s=0.6, coarse_gs=70, fine_gs=3.0, change_s=1.0),
    Condition.of("small_big_afterflow", 902, "200 g with a 4 g afterflow, fast coarse, slow settling",
        target_g=200, tares_g=[50, 148, 70, 120, 60], afterflow_g=3.95, settle_s=0.95, coarse_gs=79,
        fine_gs=2.1, change_s=0.6),
    Condition.of("large_small_afterflow", 903, "800 g, a 1 g afterflow, slow coarse and fine, quick "
        "settling, no carton at power-up", target_g=800, tares_g=[140, 55, 100, 150, 80], afterflow_g=1.0,
        settle_s=0.3, coarse_gs=42, fine_gs=2.0, change_s=1.9, carton_at_start=False),
    Condition.of("mid_fast_fine", 904, "650 g, fast fine feed with a 4 g afterflow", target_g=650,
        tares_g=[75, 75, 130, 60, 140], afterflow_g=4.0, settle_s=0.5, coarse_gs=55, fine_gs=3.95,
        change_s=1.2),
    Condition.of("low_slow_fine", 905, "330 g, slow fine feed, 1.6 g afterflow, no carton at power-up",
        target_g=330, tares_g=[100, 52, 149, 88, 120], afterflow_g=1.6, settle_s=0.8, coarse_gs=80,
        fine_gs=2.05, change_s=0.5, carton_at_start=False),
)


def sample(rng: random.Random) -> dict:
    """One condition from the published ranges, each parameter on its own: target, every carton's
    empty weight, afterflow, settling time, both flows, the change time; a carton on the scale at
    power-up in 3 of 4."""
    params = {
        "target_g": rng.randint(200, 800), "tares_g": [round(rng.uniform(50, 150)) for _ in range(LOT)],
        "afterflow_g": round(rng.uniform(1.0, 4.0), 2), "settle_s": round(rng.uniform(0.3, 1.0), 2),
        "coarse_gs": round(rng.uniform(40, 80)), "fine_gs": round(rng.uniform(2.0, 4.0), 2),
        "change_s": round(rng.uniform(0.5, 2.0), 1), "carton_at_start": rng.random() < 0.75,
    }
    description = (f"{params['target_g']} g, afterflow {params['afterflow_g']:g} g, "
                   f"fine {params['fine_gs']:g} "
                   f"g/s, settle {params['settle_s']:g} s")
    return {"params": params, "description": description}


TASK = Task(
    id="MAT-E09", title="Fill a container to target weight", suite="MAT", level="E",
    summary="Tare, dose coarse then fine to the target less a learnt afterflow, check the settled weight "
            "and send on five cartons within +-2 g.",
    specification=SPEC, io=IO, completion=COMPLETION, safety_rules=SAFETY, parameters=PARAMETERS,
    conditions=CONDITIONS, time_limit_s=260.0, build_plant=build_plant, plant_description=PLANT,
    sampler=sample, judged_devices=_Devices, condition_defaults=DEFAULTS, post_completion_s=HOLD_S,
)
