"""MAT-H01 Shared robot and machining cells: plant, judges and programs.

The ST programs in tasks/mat_h01/ are graded with the real compiler. A Python controller
that does what reference.st does (plus variants: a deadlocking and a one-cell program)
proves the plant and the judges independently of the compiler.
"""

from __future__ import annotations

import dataclasses
from functools import partial

import tasks
from sim.prompt import render_prompt
from sim.session import Session
from sim.verifier import grade
from tests.tasks.programs import NamedIO

TASK = tasks.get("MAT-H01")
RULES = [r.id for r in TASK.safety_rules]


class Reference(NamedIO):
    """The reference's sequencer in Python, by I/O name. `greedy` picks a raw part whenever one
    waits (deadlocks when both cells are full); `one_cell` never uses cell B; with `door_late`
    (scans) a cell door is opened for loading only that long after part_held."""

    def __init__(self, greedy=False, one_cell=False, after_load=6, prefer_load=False, door_late=None):
        super().__init__(TASK)
        self.greedy, self.one_cell = greedy, one_cell
        self.after_load, self.prefer_load = after_load, prefer_load
        self.step, self.cell, self.use, self.good, self.dest = 0, 0, [False, False], False, 0
        self.started = False
        self.door_late, self.late = door_late, 0

    def move(self, target, step):
        self.q["robot_target"], self.q["robot_start"], self.step = target, True, step

    def scan(self, now_ms):
        i, q = self.i, self.q
        q["robot_start"] = False
        cells = "a" if self.one_cell else "ab"
        if not self.started:        # started inside a cell: keep its door open until the robot is out
            self.use, self.started = [i["robot_at_position"] == 2, i["robot_at_position"] == 3], True
        st = self.step
        if st == 0:
            unload = [n for n, c in enumerate(cells) if i[c + "_done"] and i[c + "_part_present"]]
            free = [n for n, c in enumerate(cells) if not i[c + "_part_present"] and not i[c + "_busy"]]
            if unload and not (self.prefer_load and i["infeed_part"] and free):
                self.cell = unload[0]
                self.use[self.cell] = True
                self.step = 20
            elif i["infeed_part"] and (free or self.greedy):
                self.cell = free[0] if free else -1     # greedy: choose the cell after the pick
                if free and self.door_late is None:
                    self.use[self.cell] = True
                self.move(1, 10)
            elif i["robot_at_position"] != 6 and not i["robot_busy"]:
                self.move(6, 90)
        elif st == 90 and i["robot_in_position"]:
            self.use, self.step = [False, False], 0
        elif st == 10 and i["robot_in_position"]:
            q["grip_close"], self.step = True, 11
        elif st == 11 and i["part_held"]:
            self.step, self.late = 12, self.door_late or 0
        elif st == 12 and self.door_late is not None and not self.use[self.cell]:
            if self.late > 0:
                self.late -= 1
            else:
                self.use[self.cell] = True
        elif st == 12 and self.cell < 0:
            free = [n for n, c in enumerate(cells) if not i[c + "_part_present"] and not i[c + "_busy"]]
            if free:                                    # holding a raw part it cannot unload anything
                self.cell = free[0]
                self.use[self.cell] = True
        elif st == 12 and i["ab"[self.cell] + "_door_open"]:
            self.move(2 + self.cell, 13)
        elif st == 13 and i["robot_in_position"]:
            q["grip_close"], self.step = False, 14
        elif st == 14 and i["gripper_open"]:
            self.move(self.after_load, 15)
        elif st == 15 and i["robot_in_position"]:
            self.use, self.step = [False, False], 0
        elif st == 20 and i["ab"[self.cell] + "_door_open"]:
            self.move(2 + self.cell, 21)
        elif st == 21 and i["robot_in_position"]:
            self.good = i["ab"[self.cell] + "_result_good"]
            q["grip_close"], self.step = True, 22
        elif st == 22 and i["part_held"]:
            self.dest = 4 if self.good else 5
            self.move(self.dest, 23)
        elif st == 23 and i["robot_in_position"]:
            self.use, self.step = [False, False], 24
        elif st == 24 and (self.dest == 5 or not i["outfeed_part"]):
            q["grip_close"], self.step = False, 25
        elif st == 25 and i["gripper_open"]:
            self.step = 0
        for n, c in enumerate("ab"):
            q[c + "_open_door"] = self.use[n]
            q[c + "_close_door"] = not self.use[n] and not i[c + "_door_closed"]
            q[c + "_cycle_start"] = (not self.use[n] and i[c + "_door_closed"] and i[c + "_part_present"]
                                     and not i[c + "_busy"] and not i[c + "_done"])


# -- the task as data ------------------------------------------------------------------------

def test_task_data_conditions_inside_the_published_ranges(kit):
    assert (TASK.id, TASK.suite, TASK.level) == ("MAT-H01", "MAT", "H")
    assert len(TASK.conditions) >= 5 and len(RULES) == 5
    inside = partial(kit.published, TASK)     # inside("speed_x", value, ...): in its published range
    for c in (*TASK.conditions, *TASK.sample(100, seed=7)):
        p = c.params
        assert inside("speed_x", p["speed_x"]) and inside("speed_y", p["speed_y"]), c.name
        assert p["cell_a_process_s"][0] <= p["cell_a_process_s"][1], c.name
        assert p["cell_b_process_s"][0] <= p["cell_b_process_s"][1], c.name
        assert len(p["arrival_gaps_s"]) >= 4 - len(p.get("preload", {})), c.name   # a gap per later raw part
        assert inside("grip_s", p["grip_s"]) and inside("door_s", p["cell_a_door_s"], p["cell_b_door_s"])
        assert inside("process_s", *p["cell_a_process_s"], *p["cell_b_process_s"])
        assert inside("first_arrival_s", p["first_arrival_s"])
        assert inside("arrival_gap_s", *p["arrival_gaps_s"])
        assert inside("takeaway_s", p["takeaway_s"]) and inside("defective_parts", len(p["defective"]))
        assert inside("start_station", p["start_station"])
        assert inside("preloaded_cells", len(p.get("preload", {})))
    # the initial state varies: where the robot stands, doors, a machined part already in a cell
    assert len({c.params["start_station"] for c in TASK.conditions}) >= 4
    assert any(c.params.get("preload") for c in TASK.conditions)
    assert any(c.params.get("doors_open") for c in TASK.conditions)


def test_sampled_conditions_start_where_the_plant_can_be():
    conds = TASK.sample(200, seed=3)
    for c in conds:
        p = c.params
        for station, cell in ((2, "cell_a"), (3, "cell_b")):
            if p["start_station"] == station:      # the robot stands inside: the door is open, no cycle ran
                assert cell in p["doors_open"] and cell not in p["preload"], c.name
        assert set(p["defective"]) <= set(range(1, 7)) and len(set(p["defective"])) == len(p["defective"])
        assert len(p["arrival_gaps_s"]) == 5 - len(p["preload"]), c.name
    # the start states are all drawn: every station, a preloaded cell in about 1 of 3, open doors
    assert {c.params["start_station"] for c in conds} == set(range(1, 7))
    assert 40 <= sum(bool(c.params["preload"]) for c in conds) <= 95
    assert {len(c.params["defective"]) for c in conds} == {0, 1, 2}
    assert TASK.sample(5, seed=3) == conds[:5]                   # deterministic


def test_prompt_states_every_address_and_rule_but_no_hidden_value(kit):
    kit.prompt_states_everything(TASK, hidden=("0.75",))   # the slow_robot grip time is hidden


# -- graded with the Python twin (independent of the ST compiler) ----------------------------

def test_python_reference_passes_and_the_trace_is_reproducible(kit):
    report = grade(TASK, Reference)
    kit.passes(report)
    again = grade(TASK, Reference, conditions=[TASK.conditions[0]])
    assert again.conditions[0].trace_hash == report.conditions[0].trace_hash


def test_every_part_is_machined_and_sorted_by_its_result():
    s = Session(TASK, "mixed", Reference())
    assert s.run_to_end().success
    good = [p for _, p in s.plant["outfeed"].delivered]
    bad = [p for _, p in s.plant["reject_bin"].delivered]
    assert sorted(p.number for p in bad) == [3, 6]
    assert all(p.processed and p.good for p in good) and len(good) == 4
    assert s.plant["cell_a"].cycles >= 1 and s.plant["cell_b"].cycles >= 1


def test_a_differently_scheduled_correct_program_also_passes(kit):
    """Loads before it unloads and waits at the infeed instead of home: the rules allow it."""
    report = grade(TASK, lambda: Reference(after_load=1, prefer_load=True))
    kit.passes(report)
    ref = grade(TASK, Reference)
    assert [c.completion_s for c in report.conditions] != [c.completion_s for c in ref.conditions]


def test_picking_a_raw_part_with_both_cells_full_deadlocks():
    report = grade(TASK, lambda: Reference(greedy=True))
    assert report.reward == 0
    stuck = [c for c in report.conditions if not c.success]
    assert stuck and all(c.end_reason == "time limit" and c.safe for c in stuck)


def test_using_only_one_cell_never_completes():
    report = grade(TASK, lambda: Reference(one_cell=True), conditions=TASK.conditions[:2])
    assert not any(c.success for c in report.conditions)
    assert all("cell B machined a part" in c.pending for c in report.conditions)


# -- the ST programs, graded with the real compiler ------------------------------------------

def test_st_reference_completes_like_its_python_twin(kit):
    # that it passes every condition, and the idle, blind and rule counterexamples: test_task_battery.py
    report = kit.graded(TASK, "reference.st")
    python = grade(TASK, Reference)
    assert [c.completion_s for c in report.conditions] == [c.completion_s for c in python.conditions]


def test_st_violation_messages_say_what_happened(kit):
    report = kit.grade_st(TASK, "counterexamples/MAT-H01-S1.st", conditions=[TASK.condition("slow_cells")])
    v = report.conditions[0].first_violation
    assert v.rule_id == "MAT-H01-S1" and "robot entered cell B with its door" in v.message
    report = kit.grade_st(TASK, "counterexamples/MAT-H01-S4.st", conditions=[TASK.condition("nominal")])
    assert report.conditions[0].first_violation.message == "part 4 (result bad) set down on the outfeed"


# -- the judges of issue 7 --------------------------------------------------------------------

def test_a_door_opened_at_the_pick_has_its_travel_time_added_one_opened_later_has_not(kit):
    # opened on part_held (0 scans): the robot waits for the door and sets off as it opens
    kit.passes(grade(TASK, lambda: Reference(door_late=0)))
    # opened 0.5 s after part_held: the robot stood 0.5 s longer than the door needed
    late = grade(TASK, lambda: Reference(door_late=50), conditions=[TASK.condition("nominal")])
    c = late.conditions[0]
    assert not c.success and c.safe
    assert c.pending.startswith("after part_held the robot sets off within 0.3 s: not done within 1.1 s")


def test_the_reference_delivers_and_machines_six_different_parts():
    s = Session(TASK, "nominal", Reference())
    s.run_to_end()
    cell_a, cell_b = s.plant["cell_a"], s.plant["cell_b"]
    numbers = [p.number for place in ("outfeed", "reject_bin") for _, p in s.plant[place].delivered]
    assert sorted(numbers) == [1, 2, 3, 4, 5, 6]
    assert sorted(p.number for p in cell_a.machined + cell_b.machined) == [1, 2, 3, 4, 5, 6]
    assert cell_a.cycles + cell_b.cycles == 6


def test_a_robot_starting_inside_a_cell_has_not_entered_it(kit):
    # the published start stations include the cell fixtures: the robot stands in the cell, its
    # door open; the reference keeps that door open until the robot is out
    nominal = TASK.condition("nominal")
    conds = [dataclasses.replace(nominal, name=f"starts_in_{c}", params={
        **nominal.params, "start_station": n, "doors_open": (c,)}) for n, c in ((2, "cell_a"), (3, "cell_b"))]
    report = kit.grade_st(TASK, "reference.st", conditions=conds)
    assert report.all_passed, kit.why(report)
    idle = kit.grade_st(TASK, "counterexamples/idle.st", conditions=conds)
    assert all(c.safe for c in idle.conditions)


def test_prompt_states_the_set_off_rule_and_the_end_state_to_keep():
    text = " ".join(render_prompt(TASK).split())
    assert "sending it to the station it stands at moves nothing and does not count" in text
    assert "is added to the 0.3 s, so have the door opening by then: a door opened later gives no" in text
    assert "keep this end state for the 2 s that follow" in text
    assert "the robot at rest at home (station 6) with the gripper open and both cell doors closed" in text
    assert "a cycle on an empty fixture machines nothing" in text
