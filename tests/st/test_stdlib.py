"""Standard function blocks scan by scan at 10 ms, and every runtime helper's edge cases."""

import math

import pytest

from st import stdlib as lib
from st.faults import PlcFault, WatchdogFault

SCAN_MS = 10


class Ctx:
    def __init__(self):
        self.now = 0


def run_scans(fb, inputs_per_scan, outputs, start_ms=0):
    """Run fb once per scan (k-th scan at start_ms + 10 k); return the listed outputs after each scan."""
    ctx = Ctx()
    trace = []
    for k, inputs in enumerate(inputs_per_scan):
        ctx.now = start_ms + k * SCAN_MS
        for name, value in inputs.items():
            setattr(fb, "v_" + name.lower(), value)
        fb.run(ctx)
        trace.append(tuple(getattr(fb, "v_" + o.lower()) for o in outputs))
    return trace


# ------------------------------------------------------------------ timers


def test_ton_q_rises_on_the_11th_scan_for_100ms():
    t = lib.TON()
    trace = run_scans(t, [{"IN": True, "PT": 100}] * 13, ["Q", "ET"])
    assert trace[:11] == [
        (False, 0),
        (False, 10),
        (False, 20),
        (False, 30),
        (False, 40),
        (False, 50),
        (False, 60),
        (False, 70),
        (False, 80),
        (False, 90),
        (True, 100),
    ]
    assert trace[11:] == [(True, 100), (True, 100)]  # ET clamps at PT


def test_ton_resets_when_in_falls_and_restarts_on_the_next_edge():
    t = lib.TON()
    seq = [{"IN": True, "PT": 30}] * 5 + [{"IN": False}] + [{"IN": True}] * 4
    trace = run_scans(t, seq, ["Q", "ET"])
    assert trace == [
        (False, 0),
        (False, 10),
        (False, 20),
        (True, 30),
        (True, 30),
        (False, 0),
        (False, 0),
        (False, 10),
        (False, 20),
        (True, 30),
    ]


def test_ton_short_pulse_never_reaches_q():
    t = lib.TON()
    seq = [{"IN": True, "PT": 50}] * 3 + [{"IN": False}] * 2
    assert [q for q, _ in run_scans(t, seq, ["Q", "ET"])] == [False] * 5


def test_ton_uses_a_new_pt_while_running():
    t = lib.TON()
    seq = [{"IN": True, "PT": 100}] * 3 + [{"PT": 30}] + [{}]
    assert run_scans(t, seq, ["Q", "ET"]) == [(False, 0), (False, 10), (False, 20), (True, 30), (True, 30)]
    t = lib.TON()
    seq = [{"IN": True, "PT": 30}] * 2 + [{"PT": 60}] * 5
    assert [q for q, _ in run_scans(t, seq, ["Q", "ET"])] == [False] * 6 + [True]


def test_ton_with_zero_pt_is_on_in_the_edge_scan():
    t = lib.TON()
    assert run_scans(t, [{"IN": True, "PT": 0}], ["Q", "ET"]) == [(True, 0)]


def test_ton_starts_at_the_scan_time_not_at_zero():
    t = lib.TON()
    trace = run_scans(t, [{"IN": False, "PT": 20}] * 2 + [{"IN": True}] * 3, ["Q", "ET"], start_ms=5000)
    assert trace == [(False, 0), (False, 0), (False, 0), (False, 10), (True, 20)]


def test_tof_holds_q_for_pt_after_in_falls():
    t = lib.TOF()
    seq = [{"IN": False, "PT": 30}] + [{"IN": True}] * 2 + [{"IN": False}] * 5
    trace = run_scans(t, seq, ["Q", "ET"])
    assert trace == [
        (False, 0),
        (True, 0),
        (True, 0),
        (True, 0),
        (True, 10),
        (True, 20),
        (False, 30),
        (False, 30),
    ]


def test_tof_in_returning_during_the_delay_keeps_q_on_and_resets_et():
    t = lib.TOF()
    seq = [{"IN": True, "PT": 50}] + [{"IN": False}] * 3 + [{"IN": True}] + [{"IN": False}] * 2
    trace = run_scans(t, seq, ["Q", "ET"])
    assert trace == [(True, 0), (True, 0), (True, 10), (True, 20), (True, 0), (True, 0), (True, 10)]


def test_tp_gives_one_pulse_of_exactly_pt_and_ignores_retrigger():
    t = lib.TP()
    seq = [{"IN": True, "PT": 40}] + [{"IN": False}] + [{"IN": True}] + [{"IN": True}] * 4 + [{"IN": False}]
    trace = run_scans(t, seq, ["Q", "ET"])
    assert trace == [
        (True, 0),
        (True, 10),
        (True, 20),
        (True, 30),
        (False, 40),
        (False, 40),
        (False, 40),
        (False, 0),
    ]


def test_tp_new_pulse_needs_a_new_rising_edge():
    t = lib.TP()
    seq = [{"IN": True, "PT": 20}] * 4 + [{"IN": False}] + [{"IN": True}] * 3
    trace = run_scans(t, seq, ["Q"])
    assert [q for (q,) in trace] == [True, True, False, False, False, True, True, False]


def test_tp_zero_pt_gives_no_pulse():
    assert run_scans(lib.TP(), [{"IN": True, "PT": 0}] * 2, ["Q"]) == [(False,), (False,)]


# ------------------------------------------------------------------ counters


def test_ctu_counts_rising_edges_and_q_compares_with_pv():
    c = lib.CTU()
    seq = [
        {"CU": True, "PV": 2},
        {"CU": True},
        {"CU": False},
        {"CU": True},
        {"CU": False},
        {"CU": True},
        {"R": True},
        {"R": False, "CU": False},
    ]
    trace = run_scans(c, seq, ["CV", "Q"])
    assert trace == [
        (1, False),
        (1, False),
        (1, False),
        (2, True),
        (2, True),
        (3, True),
        (0, False),
        (0, False),
    ]


def test_ctu_reset_wins_and_count_stops_at_32767():
    c = lib.CTU()
    assert run_scans(c, [{"CU": True, "R": True, "PV": 1}], ["CV"]) == [(0,)]
    c = lib.CTU()
    c.v_cv = 32766
    seq = [{"CU": True}, {"CU": False}, {"CU": True}]
    assert run_scans(c, seq, ["CV"]) == [(32767,), (32767,), (32767,)]


def test_ctd_loads_pv_and_counts_down_to_minus_32768():
    c = lib.CTD()
    seq = [
        {"LD": True, "PV": 2},
        {"LD": False, "CD": True},
        {"CD": False},
        {"CD": True},
        {"CD": False},
        {"CD": True},
    ]
    assert run_scans(c, seq, ["CV", "Q"]) == [
        (2, False),
        (1, False),
        (1, False),
        (0, True),
        (0, True),
        (-1, True),
    ]
    c = lib.CTD()
    c.v_cv = -32767
    assert run_scans(c, [{"CD": True}, {"CD": False}, {"CD": True}], ["CV"]) == [(-32768,)] * 3


def test_ctud_up_down_load_reset_and_simultaneous_edges():
    c = lib.CTUD()
    seq = [
        {"CU": True, "PV": 2},  # +1
        {"CU": False, "CD": True},  # -1
        {"CD": False, "CU": True},  # +1
        {"CU": False},
        {"CU": True, "CD": True},  # both edges: no change
        {"CU": False, "CD": False, "LD": True},  # load PV
        {"LD": False, "R": True},  # reset
        {"R": True, "LD": True},  # reset wins over load
    ]
    trace = run_scans(c, seq, ["CV", "QU", "QD"])
    assert trace == [
        (1, False, False),
        (0, False, True),
        (1, False, False),
        (1, False, False),
        (1, False, False),
        (2, True, False),
        (0, False, True),
        (0, False, True),
    ]


# ------------------------------------------------------------------ edges and flip-flops


def test_r_trig_pulses_once_per_rising_edge_and_on_first_true_call():
    seq = [{"CLK": v} for v in (True, True, False, True, False)]
    assert [q for (q,) in run_scans(lib.R_TRIG(), seq, ["Q"])] == [True, False, False, True, False]


def test_f_trig_needs_a_true_first_and_pulses_on_each_falling_edge():
    # CODESYS Standard and TwinCAT: no pulse on the first call with CLK FALSE
    seq = [{"CLK": v} for v in (False, False, True, False, False, True, True, False)]
    assert [q for (q,) in run_scans(lib.F_TRIG(), seq, ["Q"])] == [
        False, False, False, True, False, False, False, True]


def test_sr_is_set_dominant_and_rs_reset_dominant():
    seq = [{"S1": True, "R": True}, {"S1": False, "R": False}, {"R": True}, {"R": False}]
    assert [q for (q,) in run_scans(lib.SR(), seq, ["Q1"])] == [True, True, False, False]
    seq = [{"S": True, "R1": True}, {"R1": False}, {"S": False}, {"R1": True}]
    assert [q for (q,) in run_scans(lib.RS(), seq, ["Q1"])] == [False, True, True, False]


def test_standard_fb_tables_match_the_classes():
    assert set(lib.STANDARD_FBS) == set(lib.FB_INTERFACES)
    for name, cls in lib.STANDARD_FBS.items():
        fb = cls()
        for member, type_name, kind in lib.FB_INTERFACES[name]:
            assert kind in ("input", "output", "internal")
            value = getattr(fb, "v_" + member.lower())
            assert value == (False if type_name == "BOOL" else 0)
        slots = {slot for klass in cls.__mro__ for slot in getattr(klass, "__slots__", ())}
        assert slots == {"v_" + m.lower() for m, _, _ in lib.FB_INTERFACES[name]}


# ------------------------------------------------------------------ integer helpers


@pytest.mark.parametrize(
    ("a", "b", "quotient", "remainder"),
    [
        (7, 2, 3, 1),
        (-7, 2, -3, -1),
        (7, -2, -3, 1),
        (-7, -2, 3, -1),
        (6, 3, 2, 0),
        (-6, 3, -2, 0),
        (0, 5, 0, 0),
        (-32768, -1, 32768, 0),
        (2**63, 3, 3074457345618258602, 2),
    ],
)
def test_idiv_truncates_and_imod_takes_the_dividend_sign(a, b, quotient, remainder):
    assert lib.idiv(a, b) == quotient
    assert lib.imod(a, b) == remainder
    assert quotient * b + remainder == a


def test_division_and_mod_by_zero_are_faults():
    with pytest.raises(PlcFault, match="^integer division by zero$"):
        lib.idiv(5, 0)
    with pytest.raises(PlcFault, match="^MOD by zero$"):
        lib.imod(5, 0)
    assert issubclass(WatchdogFault, PlcFault)


def test_wrap_at_the_limits():
    assert lib.wrap_signed(32767 + 1, 16) == -32768
    assert lib.wrap_signed(-32768 - 1, 16) == 32767
    assert lib.wrap_signed(127, 8) == 127
    assert lib.wrap_signed(200, 8) == -56
    assert lib.wrap_signed(2**31, 32) == -(2**31)
    assert lib.wrap_signed(2**64 + 5, 64) == 5
    assert lib.wrap_unsigned(-1, 8) == 255
    assert lib.wrap_unsigned(256, 8) == 0
    assert lib.wrap_unsigned(65536 + 3, 16) == 3


# ------------------------------------------------------------------ REAL helpers


def test_f32_rounds_to_single_precision():
    assert lib.f32(0.1) == 0.10000000149011612
    assert lib.f32(16777217.0) == 16777216.0  # 2**24 + 1 is not a float32
    assert lib.f32(1.5) == 1.5
    assert lib.f32(1e39) == math.inf and lib.f32(-1e39) == -math.inf
    assert math.isnan(lib.f32(math.nan))
    assert lib.f32(1e-46) == 0.0


def test_round_half_even():
    assert [lib.round_half_even_int(x) for x in (2.5, 3.5, -2.5, -3.5, 0.5, 1.5, 2.4999, -0.6)] == [
        2,
        4,
        -2,
        -4,
        0,
        2,
        2,
        -1,
    ]
    assert lib.trunc_int(-2.7) == -2 and lib.trunc_int(2.7) == 2


def test_real_to_integer_saturates_at_the_range_and_nan_gives_zero():
    # the chosen rule (docs/st-semantics.md): a value, never a fault, the same in library and program
    assert lib.round_half_even_int(math.nan, -32768, 32767) == 0
    assert lib.round_half_even_int(1e9, -32768, 32767) == 32767
    assert lib.round_half_even_int(-1e9, -32768, 32767) == -32768
    assert lib.round_half_even_int(math.inf, -128, 127) == 127
    assert lib.round_half_even_int(-math.inf, 0, 255) == 0
    assert lib.round_half_even_int(32766.5, -32768, 32767) == 32766
    assert lib.round_half_even_int(math.nan) == 0 and lib.round_half_even_int(math.inf) == 2**63 - 1
    assert lib.trunc_int(math.nan) == 0
    assert lib.trunc_int(-math.inf, -(2**31), 2**31 - 1) == -(2**31)
    assert lib.trunc_int(-2.7, -(2**31), 2**31 - 1) == -2


def test_math_gives_ieee_values_instead_of_python_errors():
    assert math.isnan(lib.st_sqrt(-1.0)) and lib.st_sqrt(4.0) == 2.0
    assert lib.st_ln(0.0) == -math.inf and math.isnan(lib.st_ln(-1.0))
    assert lib.st_log(1000.0) == pytest.approx(3.0) and lib.st_log(0.0) == -math.inf
    assert lib.st_exp(1000.0) == math.inf and lib.st_exp(0.0) == 1.0
    assert lib.st_expt(2.0, 10.0) == 1024.0
    assert lib.st_expt(0.0, -1.0) == math.inf
    assert math.isnan(lib.st_expt(-8.0, 0.5))
    assert lib.st_expt(-10.0, 401.0) == -math.inf and lib.st_expt(10.0, 400.0) == math.inf
    assert lib.st_expt(-2.0, 3.0) == -8.0
    assert lib.st_expt(-0.0, -1.0) == -math.inf and lib.st_expt(0, -2) == math.inf


def test_expt_of_integers_is_exact_then_rounded_once():
    assert lib.st_expt(10, 23) == 1e23  # a float power gives 1.0000000000000001e23
    assert lib.st_expt(3, 34) == float(3**34)
    assert lib.st_expt(2, -2) == 0.25
    assert lib.st_expt(10, 400) == math.inf and lib.st_expt(-10, 401) == -math.inf
    assert lib.st_expt(2, 2_000_000_000) == math.inf  # answered at once, no giant integer
    assert lib.st_expt(-1, 2_000_000_001) == -1.0 and lib.st_expt(1, 2_000_000_000) == 1.0
    assert math.isnan(lib.st_asin(1.5)) and math.isnan(lib.st_acos(-1.5))
    assert lib.st_asin(1.0) == pytest.approx(math.pi / 2)
    assert lib.st_atan(math.inf) == pytest.approx(math.pi / 2)
    assert math.isnan(lib.st_sin(math.inf)) and math.isnan(lib.st_cos(-math.inf))
    assert math.isnan(lib.st_tan(math.nan))
    assert lib.st_cos(0.0) == 1.0


# ------------------------------------------------------------------ bit strings


def test_rotate_and_shift_on_byte_and_word():
    assert lib.rol(0x81, 1, 8) == 0x03
    assert lib.ror(0x81, 1, 8) == 0xC0
    assert lib.rol(0x81, 9, 8) == 0x03  # n modulo the width
    assert lib.rol(0x81, 8, 8) == 0x81
    assert lib.ror(0x0001, 4, 16) == 0x1000
    assert lib.shl(0x81, 1, 8) == 0x02
    assert lib.shr(0x81, 1, 8) == 0x40
    assert lib.shl(0xFF, 8, 8) == 0 and lib.shr(0xFF, 9, 8) == 0
    assert lib.shl(1, 31, 32) == 0x80000000
    assert lib.shl(-1, 4, 16) == 0xFFF0  # a signed value is shifted as its bit pattern


# ------------------------------------------------------------------ strings


def test_string_functions_with_one_based_positions():
    assert lib.st_len("") == 0 and lib.st_len("ABC") == 3
    assert lib.st_left("ABCDE", 2) == "AB" and lib.st_left("AB", 5) == "AB" and lib.st_left("AB", 0) == ""
    assert lib.st_left("AB", -1) == ""
    assert lib.st_right("ABCDE", 2) == "DE" and lib.st_right("AB", 5) == "AB" and lib.st_right("AB", 0) == ""
    assert lib.st_mid("ABCDE", 2, 3) == "CD"
    assert lib.st_mid("ABCDE", 10, 4) == "DE"
    assert (
        lib.st_mid("ABCDE", 2, 0) == "" and lib.st_mid("ABCDE", 2, 6) == "" and lib.st_mid("ABC", 0, 1) == ""
    )
    assert lib.st_concat("AB", "CD") == "ABCD" and lib.st_concat("A", "B", "C") == "ABC"
    assert lib.st_insert("ABCD", "xy", 2) == "ABxyCD"
    assert lib.st_insert("ABCD", "xy", 0) == "xyABCD"
    assert lib.st_insert("ABCD", "xy", 9) == "ABCDxy"
    assert lib.st_insert("ABCD", "xy", -3) == "ABCD"  # CODESYS: a negative position leaves IN1
    assert lib.st_delete("ABCDE", 2, 2) == "ADE"
    assert lib.st_delete("ABCDE", 9, 4) == "ABC"
    # CODESYS documents P = 0 as P = 1 with one character less
    assert lib.st_delete("ABCDE", 2, 0) == "BCDE" and lib.st_delete("ABCDE", 2, 6) == "ABCDE"
    assert lib.st_delete("ABCDE", 0, 2) == "ABCDE"
    assert lib.st_replace("ABCDE", "xy", 3, 2) == "AxyE"
    assert lib.st_replace("ABCDE", "xy", 0, 3) == "ABxyCDE"
    assert lib.st_replace("ABCDE", "xy", 9, 4) == "ABCxy"
    assert lib.st_replace("ABCDE", "xy", 3, 0) == "xyCDE" and lib.st_replace("ABCDE", "xy", 2, -1) == "ABCDE"
    assert lib.st_replace("ABC", "xy", 1, 9) == "ABCxy"
    assert lib.st_find("ABCBC", "BC") == 2
    assert lib.st_find("ABC", "X") == 0
    assert lib.st_find("ABC", "") == 0
    assert lib.st_find("ABC", "ABC") == 1


# ------------------------------------------------------------------ display formatting


def test_format_time_and_ltime():
    assert lib.format_time(90_250) == "T#1m30s250ms"
    assert lib.format_time(0) == "T#0ms"
    assert lib.format_time(-1500) == "T#-1s500ms"
    assert lib.format_time(86_400_000 + 3_600_000) == "T#1d1h"
    assert lib.format_ltime(1_500_005) == "LTIME#1ms500us5ns"
    assert lib.format_ltime(0) == "LTIME#0ns"


def test_format_string_escapes():
    assert lib.format_string("It's $5") == "'It$'s $$5'"
    assert lib.format_string("a\nb\tc\x01") == "'a$Nb$Tc$01'"
    assert lib.format_string('say "hi"', wide=True) == '"say $"hi$""'
    assert lib.format_string("") == "''"


def test_format_dates():
    secs = lib.date_to_seconds(2024, 1, 31)
    assert secs == 1706659200
    assert lib.format_date(secs) == "D#2024-01-31"
    assert lib.format_dt(secs + 12 * 3600 + 30 * 60) == "DT#2024-01-31-12:30:00"
    assert lib.format_tod(45_015_500) == "TOD#12:30:15.5"
    assert lib.format_tod(0) == "TOD#00:00:00"


def test_codesys_parameter_spellings_reach_the_iec_parameters():
    sr = lib.SR()
    sr.v_set1 = True
    sr.run(Ctx())
    assert sr.v_q1 is True and sr.v_s1 is True
    sr.v_set1, sr.v_reset = False, True
    sr.run(Ctx())
    assert sr.v_q1 is False
    rs = lib.RS()
    rs.v_set, rs.v_reset1 = True, True
    rs.run(Ctx())
    assert rs.v_q1 is False
    c = lib.CTUD()
    c.v_pv, c.v_load = 7, True
    c.run(Ctx())
    assert c.v_cv == 7
    c.v_load, c.v_reset = False, True
    c.run(Ctx())
    assert c.v_cv == 0
    for fb, aliases in lib.FB_PARAM_ALIASES.items():
        members = {m for m, _, _ in lib.FB_INTERFACES[fb]}
        assert set(aliases.values()) <= members
