"""DATE / TOD / DT conversions, each against a worked example (DATE and DT are seconds since
1970-01-01, TOD milliseconds since midnight; see docs/st-semantics.md). Results are read as the
program shows them: through *_TO_STRING, and as the raw numbers the *_TO_<integer> functions give."""

from __future__ import annotations

import pytest

# 2024-01-01 00:00:00 UTC in seconds since 1970-01-01
JAN1 = 1_704_067_200


def convert(kit, decl: str, expr: str):
    src = kit.main(f"r : {decl};", f"r := {expr};")
    return kit.run(src, scans=1)["r"]


@pytest.mark.parametrize(
    "decl,expr,text",
    [
        # the audit's example: the time of day of 01:00 is 01:00, not raw seconds misread
        ("TOD", "DT_TO_TOD(DT#2024-01-01-01:00:00)", "TOD#01:00:00"),
        ("TOD", "DT_TO_TOD(DT#2024-07-15-23:59:59)", "TOD#23:59:59"),
        ("TOD", "TO_TOD(DT#2024-01-01-13:30:00)", "TOD#13:30:00"),
        ("DATE", "DT_TO_DATE(DT#2024-01-01-01:00:00)", "D#2024-01-01"),
        ("DATE", "DT_TO_DATE(DT#2024-02-29-23:59:59)", "D#2024-02-29"),
        ("DATE", "TO_DATE(DT#1999-12-31-12:00:00)", "D#1999-12-31"),
        ("DT", "DATE_TO_DT(D#2024-03-10)", "DT#2024-03-10-00:00:00"),
        ("DT", "DT_TO_DT(DT#2024-03-10-08:15:00)", "DT#2024-03-10-08:15:00"),
        ("TOD", "TIME_TO_TOD(T#25h30m)", "TOD#01:30:00"),  # wraps into one day
        ("TOD", "LTIME_TO_TOD(LTIME#2h0m0s5ms)", "TOD#02:00:00.005"),
        ("DT", "STRING_TO_DT('DT#2024-02-29-23:59:58')", "DT#2024-02-29-23:59:58"),
        ("DT", "STRING_TO_DT('2024-02-29-06:00:00')", "DT#2024-02-29-06:00:00"),
        ("DATE", "STRING_TO_DATE('D#2024-02-29')", "D#2024-02-29"),
        ("TOD", "STRING_TO_TOD('TOD#12:30:15.5')", "TOD#12:30:15.5"),
    ],
)
def test_date_conversion_shows_the_expected_value(kit, decl, expr, text):
    src = kit.main(f"r : {decl}; s : STRING;", f"r := {expr};\ns := {decl}_TO_STRING(r);")
    assert kit.run(src, scans=1)["s"] == text


@pytest.mark.parametrize(
    "decl,expr,value",
    [
        ("UDINT", "DT_TO_UDINT(DT#2024-01-01-01:00:00)", JAN1 + 3600),  # seconds since 1970
        ("UDINT", "DATE_TO_UDINT(D#2024-01-01)", JAN1),
        ("UDINT", "TOD_TO_UDINT(TOD#01:00:00.250)", 3_600_250),  # milliseconds since midnight
        ("TIME", "TOD_TO_TIME(TOD#01:00:00)", 3_600_000),  # TIME is read in ms
        ("LTIME", "TOD_TO_LTIME(TOD#00:00:01)", 1_000_000_000),  # LTIME in ns
        ("DATE", f"UDINT_TO_DATE({JAN1 + 86400})", JAN1 + 86400),
        ("TOD", "UDINT_TO_TOD(90000)", 90_000),
        ("LREAL", "DT_TO_LREAL(DT#1970-01-02-00:00:00)", 86400.0),
        ("STRING", "DATE_TO_STRING(D#2024-01-31)", "D#2024-01-31"),
        ("STRING", "TOD_TO_STRING(TOD#07:05:00)", "TOD#07:05:00"),
        ("DT", "STRING_TO_DT('x')", 0),  # not a date: 0, like the numbers
        ("DATE", "STRING_TO_DATE('2024-02-30')", 0),  # no such day
    ],
)
def test_date_conversion_to_and_from_numbers_and_text(kit, decl, expr, value):
    assert convert(kit, decl, expr) == value


def test_time_of_day_and_date_of_a_running_value(kit):
    src = kit.main(
        "Stamp : DT := DT#2024-01-01-01:00:00; Shift : TOD; Day : DATE; Back : DT;",
        "Stamp := UDINT_TO_DT(DT_TO_UDINT(Stamp) + 86400 + 60);\n"
        "Shift := DT_TO_TOD(Stamp);\nDay := DT_TO_DATE(Stamp);\nBack := DATE_TO_DT(Day);",
    )
    plc = kit.run(src, scans=2)
    assert plc["Shift"] == (3600 + 120) * 1000  # 01:02:00
    assert plc["Day"] == JAN1 + 2 * 86400  # 2024-01-03, cut to midnight
    assert plc["Back"] == JAN1 + 2 * 86400


@pytest.mark.parametrize(
    "decl,expr,why",
    [
        ("DATE", "TOD_TO_DATE(t)", "TOD_TO_DATE has no meaning: a time of day has no date"),
        ("DT", "TOD_TO_DT(t)", "TOD_TO_DT has no meaning: a time of day has no date"),
        ("TOD", "DATE_TO_TOD(d)", "DATE_TO_TOD has no meaning: a DATE has no time of day (use DT_TO_TOD"),
        ("TIME", "DT_TO_TIME(dt)", "DT_TO_TIME has no meaning: a DT is a point in time, not a duration"),
        ("DT", "TIME_TO_DT(tm)", "TIME_TO_DT has no meaning: a DT is a point in time, not a duration"),
        ("TIME", "DATE_TO_TIME(d)", "DATE_TO_TIME has no meaning: a DATE is a point in time, not a duration"),
        ("DATE", "TO_DATE(t)", "TO_DATE has no meaning: a time of day has no date"),
    ],
)
def test_conversions_without_meaning_are_refused_with_the_reason(kit, decl, expr, why):
    src = kit.main(f"t : TOD; d : DATE; dt : DT; tm : TIME; r : {decl};", f"r := {expr};")
    comp = kit.compile_errors(src)
    assert why in kit.errors_text(comp)


DATE_ARITH = """
PROGRAM Main
VAR
  d : DT := DT#2024-02-28-23:59:59; t : TOD := TOD#23:00:00; day1 : DATE := D#2024-03-01;
  day0 : DATE := D#2024-02-28; lt : LTIME := LTIME#1500ms; step : TIME := T#1s;
  d2 : DT; d3 : DT; back : DT; t2 : TOD; t3 : TOD; span : TIME; span2 : TIME; span3 : TIME;
  d4 : DT; f1 : DT; f2 : TOD; f3 : TIME; f4 : DT; f5 : TIME; f6 : TIME; f7 : TIME; n : INT;
END_VAR
  n := n + 1;
  d2 := d + step * n;          (* the leap day on the first scan *)
  d3 := T#2d + d;
  back := d - T#1ms;            (* DT counts whole seconds: the second the instant falls in *)
  t2 := t + T#2h30m;            (* wraps into the next day *)
  t3 := t - T#23h30m;
  span := day1 - day0;
  span2 := d2 - d;
  span3 := TOD#10:00:00 - TOD#09:59:00;
  d4 := d + lt;
  f1 := ADD_DT_TIME(d, step);
  f2 := SUB_TOD_TIME(IN1 := t, IN2 := T#1h);
  f3 := SUB_DT_DT(f1, d);
  f4 := CONCAT_DATE_TOD(day1, TOD#12:30:15);
  f5 := SUB_DATE_DATE(day1, D#2024-02-28);
  f6 := MUL_TIME(step, 2.5);
  f7 := DIVTIME(ADD_TIME(step, T#500ms), 4);
END_PROGRAM
"""


def _text(plc, name, kind):
    from st.runtime import _to_string

    return _to_string(plc[name], kind)


def test_date_and_time_arithmetic_and_its_function_forms(kit):
    plc = kit.run(DATE_ARITH, scans=1)
    dt, tod = "DATE_AND_TIME", "TIME_OF_DAY"
    assert [_text(plc, n, dt) for n in ("d2", "d3", "back", "d4", "f1", "f4")] == [
        "DT#2024-02-29-00:00:00", "DT#2024-03-01-23:59:59", "DT#2024-02-28-23:59:58",
        "DT#2024-02-29-00:00:00", "DT#2024-02-29-00:00:00", "DT#2024-03-01-12:30:15"]
    assert [_text(plc, n, tod) for n in ("t2", "t3", "f2")] == [
        "TOD#01:30:00", "TOD#23:30:00", "TOD#22:00:00"]
    assert [plc[n] for n in ("span", "span2", "span3", "f3", "f5", "f6", "f7")] == [
        2 * 86_400_000, 1000, 60_000, 1000, 2 * 86_400_000, 2500, 375]
    plc.scan(1)  # n = 2: two seconds on
    assert _text(plc, "d2", dt) == "DT#2024-02-29-00:00:01" and plc["span2"] == 2000


def test_date_operations_that_have_no_meaning_are_errors(kit):
    for expr in ("D#2024-01-01 + T#1h", "DT#2024-01-01-00:00:00 + DT#2024-01-01-00:00:00",
                 "TOD#01:00:00 - DT#2024-01-01-00:00:00", "ADD_DT_TIME(TOD#01:00:00, T#1s)"):
        comp = kit.compile_errors(kit.main("x : DT;", f"x := {expr};"))
        assert {d.code for d in comp.errors} <= {"E306", "E325", "E305"}, kit.errors_text(comp)
