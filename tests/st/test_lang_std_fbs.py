"""Every standard function block, scan by scan at 10 ms (scan k runs at t = 10 * k ms, k from 0)."""

from __future__ import annotations

TIMER_SRC = """
PROGRAM Main
VAR
    Run : BOOL;
    Timer : {kind};
    Q : BOOL;
    ET : TIME;
END_VAR
    Timer(IN := Run, PT := T#100ms);
    Q := Timer.Q;
    ET := Timer.ET;
END_PROGRAM
"""


def trace(kit, kind: str, run_pattern: list[bool]) -> list[tuple[int, bool, int]]:
    """Run one scan per entry of run_pattern (IN for that scan); return (t, Q, ET) after each scan."""
    plc = kit.run(TIMER_SRC.replace("{kind}", kind), scans=0)
    out = []
    for run in run_pattern:
        t = plc.now_ms
        plc["Run"] = run
        plc.scan()
        out.append((t, plc["Q"], plc["ET"]))
        assert plc["Timer.Q"] == plc["Q"] and plc["Timer.ET"] == plc["ET"]
    return out


def test_ton_q_rises_exactly_on_the_11th_scan(kit):
    rows = trace(kit, "TON", [True] * 15 + [False, True])
    for t, q, et in rows[:15]:
        assert q == (t >= 100), f"t={t}"
        assert et == min(t, 100), f"t={t}"
    assert rows[10] == (100, True, 100)
    assert rows[9] == (90, False, 90)
    assert rows[15] == (150, False, 0)  # IN falls: Q and ET reset at once
    assert rows[16] == (160, False, 0)  # a new edge restarts timing from this scan


def test_ton_interrupted_before_pt_never_fires(kit):
    rows = trace(kit, "TON", [True] * 5 + [False] + [True] * 10)
    assert not any(q for _, q, _ in rows)
    assert rows[4][2] == 40 and rows[5][2] == 0 and rows[15] == (150, False, 90)


def test_tof_holds_q_for_pt_after_in_falls(kit):
    rows = trace(kit, "TOF", [False] * 2 + [True] * 3 + [False] * 14)
    assert rows[0] == (0, False, 0) and rows[1] == (10, False, 0)
    for t, q, et in rows[2:5]:
        assert q is True and et == 0, f"t={t}"
    # IN falls at t = 50: Q stays TRUE while elapsed < 100 ms, ET counts up to PT
    for t, q, et in rows[5:]:
        assert q == (t - 50 < 100), f"t={t}"
        assert et == min(t - 50, 100), f"t={t}"
    assert rows[14] == (140, True, 90)
    assert rows[15] == (150, False, 100)


def test_tof_retriggered_while_running(kit):
    rows = trace(kit, "TOF", [True, False, False, True, False] + [False] * 10)
    assert [q for _, q, _ in rows[:5]] == [True] * 5
    assert rows[3][2] == 0  # IN TRUE again: ET back to 0
    fall = 40
    for t, q, _ in rows[4:]:
        assert q == (t - fall < 100), f"t={t}"


def test_tp_pulse_has_fixed_length_and_is_not_retriggerable(kit):
    rows = trace(kit, "TP", [True] * 3 + [False] * 2 + [True] * 3 + [False] * 10)
    for t, q, _ in rows:
        assert q == (t < 100), f"t={t}"
    for t, _, et in rows[:10]:
        assert et == t, f"t={t}"
    assert rows[-1][2] == 0  # after the pulse, with IN FALSE, ET returns to 0


def test_tp_et_holds_pt_while_in_stays_true_then_new_pulse(kit):
    rows = trace(kit, "TP", [True] * 15 + [False] + [True] * 2)
    assert rows[9] == (90, True, 90)
    assert rows[10][1] is False
    assert rows[14] == (140, False, 100)
    assert rows[15] == (150, False, 0)
    assert rows[16] == (160, True, 0)
    assert rows[17] == (170, True, 10)


COUNTER_SRC = """
PROGRAM Main
VAR
    Up : BOOL; Down : BOOL; Reset : BOOL; Load : BOOL;
    MaxParts : INT := 3;
    C : CTU; D : CTD; UD : CTUD;
END_VAR
    C(CU := Up, R := Reset, PV := MaxParts);
    D(CD := Down, LD := Load, PV := MaxParts);
    UD(CU := Up, CD := Down, R := Reset, LD := Load, PV := MaxParts);
END_PROGRAM
"""


def pulse(plc, name: str, times: int = 1) -> None:
    for _ in range(times):
        plc[name] = True
        plc.scan()
        plc[name] = False
        plc.scan()


def test_ctu_counts_rising_edges_to_pv_and_beyond_then_resets(kit):
    plc = kit.run(COUNTER_SRC, scans=1)
    assert (plc["C.CV"], plc["C.Q"]) == (0, False)
    plc["Up"] = True
    plc.scan(5)  # held TRUE: counts once
    assert plc["C.CV"] == 1
    plc["Up"] = False
    plc.scan()
    pulse(plc, "Up", 1)
    assert (plc["C.CV"], plc["C.Q"]) == (2, False)
    pulse(plc, "Up", 1)
    assert (plc["C.CV"], plc["C.Q"]) == (3, True)
    pulse(plc, "Up", 2)
    assert (plc["C.CV"], plc["C.Q"]) == (5, True)  # CTU counts past PV
    plc["Reset"] = True
    plc.scan()
    assert (plc["C.CV"], plc["C.Q"]) == (0, False)
    plc["Up"] = True
    plc.scan()
    assert plc["C.CV"] == 0  # reset dominates a count edge


def test_ctu_stops_at_the_type_maximum(kit):
    plc = kit.run(COUNTER_SRC, scans=1)
    plc["C.CV"] = 32766
    pulse(plc, "Up", 3)
    assert plc["C.CV"] == 32767
    assert plc["C.Q"] is True


def test_ctd_loads_pv_and_counts_down(kit):
    plc = kit.run(COUNTER_SRC, scans=1)
    assert plc["D.CV"] == 0 and plc["D.Q"] is True  # Q := CV <= 0
    pulse(plc, "Load")
    assert (plc["D.CV"], plc["D.Q"]) == (3, False)
    plc["Down"] = True
    plc.scan(4)
    assert plc["D.CV"] == 2
    plc["Down"] = False
    plc.scan()
    pulse(plc, "Down", 2)
    assert (plc["D.CV"], plc["D.Q"]) == (0, True)
    pulse(plc, "Down", 1)
    assert plc["D.CV"] == -1
    plc["D.CV"] = -32767
    pulse(plc, "Down", 3)
    assert plc["D.CV"] == -32768  # stops at the type minimum


def test_ctud_up_down_reset_load(kit):
    plc = kit.run(COUNTER_SRC, scans=1)
    assert (plc["UD.CV"], plc["UD.QU"], plc["UD.QD"]) == (0, False, True)
    pulse(plc, "Up", 4)
    assert (plc["UD.CV"], plc["UD.QU"], plc["UD.QD"]) == (4, True, False)
    pulse(plc, "Down", 2)
    assert (plc["UD.CV"], plc["UD.QU"], plc["UD.QD"]) == (2, False, False)
    plc["Up"] = True
    plc["Down"] = True
    plc.scan()
    assert plc["UD.CV"] == 2  # both edges in one scan cancel
    plc["Up"] = False
    plc["Down"] = False
    plc.scan()
    pulse(plc, "Reset")
    assert (plc["UD.CV"], plc["UD.QD"]) == (0, True)
    pulse(plc, "Load")
    assert (plc["UD.CV"], plc["UD.QU"]) == (3, True)


TRIG_SRC = """
PROGRAM Main
VAR
    Sig : BOOL;
    Rise : R_TRIG;
    Fall : F_TRIG;
    Rises : INT;
    Falls : INT;
END_VAR
    Rise(CLK := Sig);
    Fall(CLK := Sig);
    IF Rise.Q THEN Rises := Rises + 1; END_IF;
    IF Fall.Q THEN Falls := Falls + 1; END_IF;
END_PROGRAM
"""


def test_r_trig_and_f_trig_scan_by_scan(kit):
    plc = kit.run(TRIG_SRC, scans=0)
    pattern = [False, False, True, True, False, True, False, False]
    got = []
    for sig in pattern:
        plc["Sig"] = sig
        plc.scan()
        got.append((plc["Rise.Q"], plc["Fall.Q"]))
    # F_TRIG needs a TRUE first: no pulse on its first call with CLK FALSE (CODESYS Standard, TwinCAT)
    assert got == [
        (False, False), (False, False), (True, False), (False, False),
        (False, True), (True, False), (False, True), (False, False),
    ]
    assert (plc["Rises"], plc["Falls"]) == (2, 2)


def test_r_trig_pulses_on_first_call_with_clk_true(kit):
    plc = kit.run(TRIG_SRC, scans=0)
    plc["Sig"] = True
    plc.scan()
    assert plc["Rise.Q"] is True and plc["Fall.Q"] is False
    plc.scan()
    assert plc["Rise.Q"] is False


LATCH_SRC = """
PROGRAM Main
VAR
    S : BOOL; R : BOOL;
    SetWins : SR;
    ResetWins : RS;
END_VAR
    SetWins(SET1 := S, RESET := R);
    ResetWins(SET := S, RESET1 := R);
END_PROGRAM
"""


def test_sr_is_set_dominant_and_rs_reset_dominant(kit):
    plc = kit.run(LATCH_SRC, scans=1)
    steps = [
        ((False, False), (False, False)),
        ((True, False), (True, True)),
        ((False, False), (True, True)),  # latched
        ((True, True), (True, False)),  # both: SR sets, RS resets
        ((False, False), (True, False)),
        ((False, True), (False, False)),
        ((False, False), (False, False)),
    ]
    for (s, r), (sr_q, rs_q) in steps:
        plc["S"], plc["R"] = s, r
        plc.scan()
        assert (plc["SetWins.Q1"], plc["ResetWins.Q1"]) == (sr_q, rs_q), f"S={s} R={r}"


def test_every_timer_call_in_one_scan_sees_the_same_time(kit):
    src = """
PROGRAM Main
VAR
    A : TON; B : TON; k : INT;
    Busy : INT;
END_VAR
    A(IN := TRUE, PT := T#30ms);
    FOR k := 1 TO 20000 DO
        Busy := Busy + 1;
    END_FOR;
    B(IN := TRUE, PT := T#30ms);
END_PROGRAM
"""
    plc = kit.run(src, scans=0)
    for _ in range(5):
        plc.scan()
        assert plc["A.ET"] == plc["B.ET"]
        assert plc["A.Q"] == plc["B.Q"]
    assert plc["A.ET"] == 30
