"""MOT-M20 Electronic cam for a rotary seal jaw.

A flow wrapper: a film tube carrying packs runs at the speed the host sets (ramped; it changes
speed once and stops at the end), measured by a 16-bit line encoder. A registration eye
upstream of the jaw sees the printed mark between every two packs. A rotary seal jaw, driven
by a synchronous servo in cyclic position mode, must seal the film on every mark: one turn of
the jaw per pack, the jaw running with the film through the seal zone and making up the
difference between its circumference and the pack pitch outside it (the cam), phased to the
marks. 20 seals each on a mark +/-1 mm, none on a pack; when the line stops the jaw stops with
it.

Changed from the catalog, and why:
- the jaw is a SyncAxis alone, drawn as its roll (jaw tip path 300 mm): the catalog's
  RotaryAxis is a positioning drive (start edge, trapezoid), not the cyclic drive a cam needs,
  and a second drive under it would be one the task never commands.
- the cam is the program's to compute: the host gives the nominal pack pitch, the jaw's
  circumference and seal zone are stated; the print repeat is off the nominal by up to
  +/-0.5 % (film stretch), so a cam on the nominal pitch drifts off the marks by up to 2 mm a
  pack: the marks must be used (registration).
- "cam on raw counts" is the trap it sets: the encoder gives 20 counts per mm and wraps every
  3.3 m; the cam is in mm of film.
- S1 takes both speeds over 30 ms (3 scans): the encoder's 0.05 mm and the setpoint's 0.1 mm
  steps jitter one scan's speed by 5-10 mm/s, and a cam must be able to reach the film's speed
  just before the zone (over 50 ms a 200 mm pack at 40 m/min leaves too little of the pitch for
  the return within the drive's acceleration).
- the film speed (10-60 m/min) is drawn with the pitch so that a pack takes 0.3-1.2 s to pass
  (a 200 mm pack at 60 m/min would be 5 seals a second; a 400 mm one at 10 m/min 2.4 s a
  pack, 20 seals would take a minute of plant time).
- "stopped in phase": the jaw follows the film to a stop (it is judged still with the film
  still); a jaw that leaves its cam to stop would have run out of step in the seal zone (S1)
  or sealed off the mark.
"""

from __future__ import annotations

import random

from sim import judges
from sim.devices.axis import ValueWord
from sim.devices.belt_encoder import BeltEncoder
from sim.devices.flow_wrapper import JawRoll, MarkEye, PackFilm
from sim.devices.sync_axis import SETPOINT_RULE
from sim.plant import Plant
from sim.task import Completion, Condition, IOPoint, ParameterRange, SafetyRule, Task
from tasks.common import EachInTolerance, axis_io, log_uniform, store_drive_fault

COUNTS_PER_MM = 20.0
CIRCUMFERENCE = 300.0    # the jaw tip's path per turn, mm
ZONE = 40.0              # the seal zone: the jaw within 20 mm of its seal point
EYE_MM = 450.0           # the registration eye, upstream of the jaw
DRIVE_ACCEL = 40000.0
DRIVE_SPEED = 4000.0
KV = 40.0
FE_LIMIT_MM = 5.0
FE_RULE_MM = CIRCUMFERENCE / 360.0     # 1 degree of the jaw's turn
SEALS = 20
TOL_MM = 1.0
SYNC_PCT = 3.0
SYNC_FLOOR = 10.0
WINDOW_STEPS = 3       # the speeds of S1 over the last 3 scans
PITCH = (200.0, 400.0)
SPEED = (167.0, 1000.0)  # mm/s: 10-60 m/min
PACK_TIME = (0.3, 1.2)   # s a pack takes to pass
STRETCH = 0.005          # print repeat off the nominal pitch by up to this
LINE_ACCEL = (200.0, 600.0)
STILL_MM = 0.05


def tolerance(film_mm_s: float) -> float:
    return max(SYNC_PCT / 100.0 * abs(film_mm_s), SYNC_FLOOR)


def travel_at(t_s: float, p) -> float:
    """The film's travel by t_s under the host's orders of condition p (as the plant steps)."""
    x = v = 0.0
    t = 0.0
    a = p["line_accel"]
    while t < t_s - 1e-9:
        target = 0.0
        if t >= p["line_start_s"] - 1e-9:
            target = p["film_speed"]
        if t >= p["change_s"] - 1e-9:
            target = p["film_speed_after"]
        dv = a * 0.01
        v = target if abs(target - v) <= dv else v + (dv if target > v else -dv)
        x += v * 0.01
        t += 0.01
    return x


def _stop_time(p) -> float:
    """When the host stops the line: once enough marks for the seals have passed the jaw (the first
    mark from the eye, a lead-in of 3 packs, the 20 seals and 2 more)."""
    need = EYE_MM + p["pitch_true"] * (SEALS + 6)
    t = p["change_s"]
    while travel_at(t, p) < need:
        t += 0.25
    return round(t, 2)


def build_plant(condition: Condition) -> Plant:
    p = condition.params
    plant = Plant(seed=condition.seed, substeps=1)
    speeds = [(p["line_start_s"], p["film_speed"]), (p["change_s"], p["film_speed_after"]),
              (p["stop_s"], 0.0)]
    film = plant.add(PackFilm("film", speeds=speeds, accel=p["line_accel"], x=950.0, y=250.0, length=1700.0,
                              width=110.0, home_at=1000.0, pitch_mm=p["pitch_true"],
                              first_mark_mm=-EYE_MM - p["first_mark_mm"], pack_mm=p["pack_mm"],
                              label="film"))
    encoder = plant.add(BeltEncoder("encoder", film, counts_per_mm=COUNTS_PER_MM,
                                    start_count=p["start_count"],
                                    at_mm=150.0, label="line encoder"))
    plant.add(MarkEye("mark_eye", film, encoder, at_mm=-EYE_MM, label="mark eye"))
    jaw = plant.add(JawRoll("jaw", film, zone_mm=ZONE, window=WINDOW_STEPS, circumference_mm=CIRCUMFERENCE,
                            start_mm=p["jaw_mm"],
                            max_speed=DRIVE_SPEED, accel=DRIVE_ACCEL, kv=KV, fe_limit_mm=FE_LIMIT_MM,
                            label="seal jaw"))
    if p.get("fault_at_start"):
        store_drive_fault(jaw)
    plant.add(ValueWord("pitch", round(p["pitch_mm"] * 10), position=(1450.0, 520.0), label="pack pitch",
                        units="mm", scale=0.1))
    return plant


# --- judges ----------------------------------------------------------------------------------

class Wrapper:
    """The devices the judges read every scan."""

    def __init__(self, plant: Plant):
        self.film = plant.device("film", PackFilm)
        self.jaw = plant.device("jaw", JawRoll)


def _seal_on_mark(s, n):
    """Seal n: its distance from the nearest mark."""
    film = s.devices.film
    off = film.nearest_mark(film.cuts[n - 1])[1]
    if abs(off) > TOL_MM:
        return f"seal {n} was {off:+.1f} mm off its mark (+/-{TOL_MM:g} mm)"
    return None


def _seals_judge():
    return EachInTolerance(f"{SEALS} seals, each on a mark +/-{TOL_MM:g} mm",
                           lambda s: len(s.devices.film.cuts), _seal_on_mark, SEALS)


def _stopped(s) -> bool:
    d = s.devices
    return d.film.velocity == 0.0 and d.jaw.standstill and d.jaw.active


def _completion():
    return judges.in_order(_seals_judge(), judges.held("the line stopped and the jaw standing still with it",
                                                 _stopped, 2.0))


def _slip_in_zone(s):
    jaw = s.devices.jaw
    if not jaw.in_zone:
        return None
    slip, film = jaw.slip_mm_s, jaw.film_mm_s
    if abs(slip) <= tolerance(film):
        return None
    return f"the jaw ran {slip:+.0f} mm/s off the film's {film:.0f} mm/s in the seal zone"


class _NoSealOnPack(judges.Monitor):
    def __init__(self):
        self.checked = 0

    def check(self, s):
        film = s.devices.film
        msg = None
        while self.checked < len(film.cuts):
            m = film.cuts[self.checked]
            self.checked += 1
            if film.on_pack(m) and msg is None:
                k, off = film.nearest_mark(m)
                msg = f"the jaw closed on a pack {off:+.0f} mm from the mark"
        return msg


def _following_error(s):
    jaw = s.devices.jaw
    if jaw.fault and jaw.fault_text.startswith("following error"):     # not a fault stored at power-up
        return f"the jaw drive tripped: {jaw.fault_text}"
    e = jaw.following_error_mm
    if abs(e) > FE_RULE_MM:
        return f"the jaw's following error was {e:+.2f} mm ({e / FE_RULE_MM:+.1f} deg)"
    return None


# --- conditions ---------------------------------------------------------------------------------

def _cond(name, seed, description, **params) -> Condition:
    params["pitch_true"] = round(params["pitch_mm"] * (1.0 + params["stretch_pct"] / 100.0), 3)
    params["stop_s"] = _stop_time(params)
    return Condition(name, seed, params, description)


CONDITIONS = (
    _cond("short_packs_fast", 21, "200 mm packs at 600 mm/s slowing to 450, print stretched +0.5 %",
          pitch_mm=200.0, stretch_pct=0.5, pack_mm=130.0, film_speed=600.0, film_speed_after=450.0,
          line_accel=600.0, line_start_s=0.8, change_s=4.0, first_mark_mm=60.0, jaw_mm=150.0,
          start_count=30000),
    _cond("long_packs_top_speed", 22, "400 mm packs at 1000 mm/s slowing to 700, print short -0.45 %",
          pitch_mm=400.0, stretch_pct=-0.45, pack_mm=300.0, film_speed=1000.0, film_speed_after=700.0,
          line_accel=450.0, line_start_s=1.5, change_s=5.5, first_mark_mm=330.0, jaw_mm=25.0,
          start_count=-25000),
    _cond("slow_line_speeds_up_fault", 23, "300 mm packs at 250 mm/s rising to 420, drive fault stored",
          pitch_mm=300.0, stretch_pct=0.2, pack_mm=200.0, film_speed=250.0, film_speed_after=420.0,
          line_accel=300.0, line_start_s=0.5, change_s=7.0, first_mark_mm=5.0, jaw_mm=279.0,
          start_count=0, fault_at_start=1),
    _cond("pitch_near_jaw_slow", 24, "310 mm packs at 300 mm/s rising to 800, jaw just past its seal zone",
          pitch_mm=310.0, stretch_pct=-0.1, pack_mm=240.0, film_speed=300.0, film_speed_after=800.0,
          line_accel=550.0, line_start_s=2.0, change_s=6.0, first_mark_mm=200.0, jaw_mm=20.5,
          start_count=12345),
    _cond("mid_packs_gentle_ramps", 25, "250 mm packs at 450 mm/s slowing to 220, gentle ramps",
          pitch_mm=250.0, stretch_pct=0.35, pack_mm=170.0, film_speed=450.0, film_speed_after=220.0,
          line_accel=220.0, line_start_s=1.1, change_s=5.0, first_mark_mm=120.0, jaw_mm=75.0,
          start_count=-32000),
)


def _speed_range(pitch: float) -> tuple[float, float]:
    return max(SPEED[0], pitch / PACK_TIME[1]), min(SPEED[1], pitch / PACK_TIME[0])


def _sample(rng: random.Random) -> dict:
    """One condition from the published ranges. Drawn jointly: both film speeds so that a pack
    takes 0.3-1.2 s to pass (and within 10-60 m/min), the second at least 20 % from the first;
    the change 3-8 packs after the line starts; the pack 60-80 % of the pitch; the stop once 26
    packs have passed (computed). Pitch and speeds log-uniform."""
    while True:
        pitch = round(log_uniform(rng, *PITCH), 1)
        lo, hi = _speed_range(pitch)
        v0 = round(log_uniform(rng, lo, hi), 1)
        v1 = round(log_uniform(rng, lo, hi), 1)
        if abs(v1 - v0) >= 0.2 * v0:
            break
    start = round(rng.uniform(0.5, 2.0), 2)
    cond = _cond("sampled", 0, "", pitch_mm=pitch, stretch_pct=round(rng.uniform(-0.5, 0.5), 3),
                 pack_mm=round(pitch * rng.uniform(0.6, 0.8), 1), film_speed=v0, film_speed_after=v1,
                 line_accel=round(rng.uniform(*LINE_ACCEL), 1), line_start_s=start,
                 change_s=round(start + v0 / 1000.0 + rng.uniform(3.0, 8.0) * pitch / v0, 2),
                 first_mark_mm=round(rng.uniform(0.0, pitch), 1),
                 jaw_mm=round(rng.uniform(ZONE / 2 + 0.5, CIRCUMFERENCE - ZONE / 2 - 0.5), 1),
                 start_count=rng.randint(-32768, 32767), fault_at_start=int(rng.random() < 0.25))
    p = cond.params
    description = (f"{pitch:g} mm packs at {v0:g} -> {v1:g} mm/s, print {p['stretch_pct']:+g} %, "
                   f"jaw at {p['jaw_mm']:g} mm")
    return dict(params=p, description=description)


IO = (
    *axis_io("jaw", ("%IX0.0", "drive_ready")),
    IOPoint("%IX0.1", "drive_fault", "BOOL", "input", "jaw", "fault",
            f"TRUE while the jaw drive has a latched fault (a following error above {FE_LIMIT_MM:g} mm, or "
            "one stored at power-up; cleared by a rising edge on reset_fault)"),
    IOPoint("%IX0.2", "mark_eye", "BOOL", "input", "mark_eye", "mark",
            f"Registration eye, {EYE_MM:g} mm upstream of the jaw's seal point: TRUE while a printed mark "
            "(4 mm long) is under it (at speed a mark may pass between two scans: use mark_count)"),
    IOPoint("%IW0", "film_count", "INT", "input", "encoder", "count",
            f"Line encoder on the film: {COUNTS_PER_MM:g} counts per mm of film travel, counting up as the "
            "film runs; a 16-bit counter: it wraps from 32767 on to -32768", "counts", "-32768..32767"),
    IOPoint("%IW1", "mark_count", "INT", "input", "mark_eye", "mark_count",
            "The line encoder's count latched by the registration eye at the instant the last mark's "
            "leading (downstream) edge reached it; marks are 4 mm long and the seal belongs on a mark's "
            "centre, 2 mm behind that edge", "counts", "-32768..32767"),
    IOPoint("%IW2", "marks", "INT", "input", "mark_eye", "marks",
            "Marks latched since power-up (counts up by one with each mark; mark_count is new then)",
            "", "0..32767"),
    IOPoint("%IW3", "pitch", "INT", "input", "pitch", "value",
            "Nominal pack pitch (the print repeat; the film's true repeat may differ by up to "
            f"+/-{STRETCH * 100:g} %)", "0.1 mm", "2000..4000"),
    IOPoint("%IW4", "jaw_position", "INT", "input", "jaw", "position",
            f"Actual jaw position: the jaw tip's travel along its circle ({CIRCUMFERENCE:g} mm a turn), "
            "its seal point at every whole turn; at power-up within the first turn (0 to "
            f"{round(CIRCUMFERENCE * 10)}); wraps as the setpoint does", "0.1 mm", "-32768..32767"),
    IOPoint("%IW5", "following_error", "INT", "input", "jaw", "following_error",
            "Setpoint minus actual position of the jaw drive", "0.1 mm", "-32768..32767"),
    IOPoint("%QX0.0", "drive_enable", "BOOL", "output", "jaw", "enable",
            "TRUE enables the jaw drive; on enable its setpoint starts where the jaw stands (FALSE: it "
            "brakes to a stop)"),
    *axis_io("jaw", ("%QX0.1", "reset_fault")),
    IOPoint("%QW0", "jaw_setpoint", "INT", "output", "jaw", "setpoint",
            "Position setpoint of the jaw tip, taken every scan (cyclic position mode): the drive moves by "
            "the change from the last scan's word, wrapped to +/-3276.8 mm, so it may run on past 32767 to "
            f"-32768; {SETPOINT_RULE}", "0.1 mm",
            "-32768..32767"),
)

TASK = Task(
    id="MOT-M20", title="Electronic cam for a rotary seal jaw", suite="MOT", level="M",
    summary="Drive a rotary seal jaw on a cam from the film's encoder: one turn per pack, matched speed in "
            "the seal zone, phased to the registration marks; 20 seals on the marks +/-1 mm, none on a pack.",
    plant_description=(
        "A flow wrapper's film tube carries packs at the speed the host sets; the PLC does not drive it. "
        "From "
        "power-up the line stands, then starts, changes its speed once, and stops for good once enough packs "
        "have passed, every change ramped (see the ranges). A line encoder on the film counts "
        f"{COUNTS_PER_MM:g} counts per mm (16 bits). Between every two packs the film carries a printed "
        f"mark; a registration eye {EYE_MM:g} mm upstream of the seal point sees each mark and latches the "
        "encoder count at its leading edge. Above the film a rotary seal jaw turns on a roll: its tip "
        f"travels {CIRCUMFERENCE:g} mm a turn and meets the film at its seal point once a turn; within "
        f"{ZONE / 2:g} mm of the seal point either way (the seal zone) the jaw is in contact with the "
        "film, and it seals the film where the film is at the instant the jaw passes its seal point. The "
        "jaw is driven by a synchronous servo in cyclic position mode: the PLC writes its position setpoint "
        "every scan and, within its acceleration "
        f"({DRIVE_ACCEL:g} mm/s^2) and speed ({DRIVE_SPEED:g} mm/s), the jaw has reached the setpoint by "
        "the end of the scan (velocity feed-forward); a setpoint it cannot follow builds a following error, "
        f"and above {FE_LIMIT_MM:g} mm the drive trips. Inputs are sampled at the start of a scan, so the "
        "film has moved on by one scan's travel when the jaw gets there. At power-up the jaw stands "
        "anywhere in its first turn out of the seal zone, and the first mark is somewhere between the eye "
        "and one pitch upstream of it."),
    specification=(
        "1. Enable the jaw drive (clearing a stored fault first).\n"
        "2. Follow the film with an electronic cam: one jaw turn per pack, the jaw passing its seal point "
        "exactly when a mark passes it. Take the film's position from the encoder (the difference of two "
        "readings wraps at 16 bits; the cam is in mm of film, not counts) and the marks from mark_count: a "
        f"mark's leading edge latched at the eye reaches the seal point {EYE_MM:g} mm of film later, its "
        "centre 2 mm after that. Through the seal zone the jaw must run with the film (the same travel), "
        "already at the film's speed and no longer accelerating when it enters it; outside it, the jaw "
        "makes up the "
        f"difference between its {CIRCUMFERENCE:g} mm turn and the pitch smoothly (faster for a short "
        "pack, slower for a long one). The film's true print repeat differs from the nominal pitch (up "
        f"to +/-{STRETCH * 100:g} %): phase every seal to its own mark.\n"
        "3. Until the cam is in phase the jaw must not pass its seal point: every seal counts. Make "
        f"{SEALS} seals, each within +/-{TOL_MM:g} mm of a mark, none on a pack; go on sealing every pack "
        "while the film runs.\n"
        "4. When the line stops, the jaw stops with it (it follows the cam) and stays still with the drive "
        "enabled.\n"
        f"The sync tolerance in the seal zone is {SYNC_PCT:g} % of the film's speed, but at least "
        f"{SYNC_FLOOR:g} mm/s; both speeds are taken over the last {WINDOW_STEPS * 10} ms.\n"
        "The film's speeds, ramps and times, the pitch, the print repeat, the packs and the start state "
        "differ from run to run."),
    io=IO,
    completion=Completion(
        f"In this order: {SEALS} seals made, each within +/-{TOL_MM:g} mm of a mark (a seal further off "
        "fails the run; every pass of the jaw through its seal point is a seal); then the line stopped and "
        "the jaw standing still, its drive enabled without a fault, for 2 s without a break.",
        _completion,
        keep=_stopped,
        keep_wording="the film stopped, the jaw standing still, its drive enabled without a fault."),
    safety_rules=(
        SafetyRule("MOT-M20-S1", "While the jaw is in the seal zone, its speed must match the film's within "
                   "the sync tolerance.", _slip_in_zone),
        SafetyRule("MOT-M20-S2", "The jaw must never close on a pack: every seal must fall in the gap "
                   "between two packs.", _NoSealOnPack()),
        SafetyRule("MOT-M20-S3", f"The jaw drive's following error must never exceed 1 degree of its turn "
                   f"({FE_RULE_MM:.2f} mm), and the drive must never trip on it.", _following_error),
    ),
    parameters=(
        ParameterRange("pitch_mm", *PITCH, "mm", "nominal pack pitch (given on %IW3)"),
        ParameterRange("stretch_pct", -STRETCH * 100, STRETCH * 100, "%", "the film's true print repeat off "
                       "the nominal pitch"),
        ParameterRange("pitch_true", PITCH[0] * (1 - STRETCH), PITCH[1] * (1 + STRETCH), "mm",
                       "the film's true print repeat"),
        ParameterRange("pack_mm", 0.6 * PITCH[0], 0.8 * PITCH[1], "mm", "pack length (60-80 % of the "
                       "pitch), centred between two marks"),
        ParameterRange("film_speed", *SPEED, "mm/s", "the film's speed before and after its change (10-60 "
                       f"m/min, each such that a pack takes {PACK_TIME[0]:g}-{PACK_TIME[1]:g} s to pass; "
                       "changed by at least 20 %)", keys=("film_speed", "film_speed_after")),
        ParameterRange("line_accel", *LINE_ACCEL, "mm/s^2", "the line's ramp for every speed change"),
        ParameterRange("line_start_s", 0.5, 2.0, "s", "when the line starts after power-up"),
        ParameterRange("change_s", 1.5, 14.0, "s", "when the line changes speed (3-8 packs after it starts)"),
        ParameterRange("stop_s", 5.0, 60.0, "s", "when the line is ordered to stop (once 26 packs have "
                       "passed)"),
        ParameterRange("first_mark_mm", 0.0, PITCH[1], "mm", "how far upstream of the eye the first mark "
                       "is at power-up"),
        ParameterRange("jaw_mm", ZONE / 2, CIRCUMFERENCE - ZONE / 2, "mm", "where the jaw stands in its "
                       "first turn at power-up (out of the seal zone)"),
        ParameterRange("start_count", -32768, 32767, "counts", "the encoder count at power-up"),
        ParameterRange("fault_at_start", 0, 1, "", "1 = the drive reports a stored fault at power-up"),
    ),
    conditions=CONDITIONS,
    sampler=_sample,
    time_limit_s=50.0,
    build_plant=build_plant,
    judged_devices=Wrapper,
)
