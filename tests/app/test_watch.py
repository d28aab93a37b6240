"""Watch expressions: ST syntax, ST arithmetic, clear messages, nothing evaluated by Python."""

import pytest

from app.watch import WatchError, WatchExpression

VALUES = {"a": 7, "b": -2, "on": True, "off": False, "t.et": 1500, "cells[2].busy": True, "%ix0.0": True}


def read(path):
    try:
        return VALUES[path.lower()]
    except KeyError:
        raise KeyError(f"unknown variable {path!r}") from None


@pytest.mark.parametrize("text, expected", [
    ("a", 7),
    ("a + b * 3", 1),
    ("-a / 2", -3),          # ST truncates toward zero
    ("-a MOD 2", -1),        # MOD takes the dividend's sign
    ("a > 5 AND NOT off", True),
    ("on XOR on", False),
    ("(a = 7) OR off", True),
    ("a <> 7", False),
    ("T.ET >= T#1s500ms", True),
    ("Cells[2].Busy", True),
    ("%IX0.0", True),
    ("16#FF + 1", 256),
    ("a / 2.0", 3.5),
])
def test_values(text, expected):
    assert WatchExpression(text).evaluate(read) == expected


@pytest.mark.parametrize("text, message", [
    ("(a + 1", "expected ')'"),
    ("a +", "ends too early"),
    ("a $ b", "unexpected character '$'"),
    ("", "empty"),
    ("Cells[i]", "must be numbers"),
])
def test_syntax_errors_say_what_is_wrong(text, message):
    with pytest.raises(WatchError, match=message.replace("(", r"\(").replace(")", r"\)").replace("$", r"\$")):
        WatchExpression(text)


@pytest.mark.parametrize("text, expected", [
    ("t#1s500ms", 1500),      # prefixes are case-insensitive, as in the program
    ("TIME#1m30s", 90_000),
    ("T#-5s", -5000),
    ("T#1.5ms", 1),           # TIME holds whole ms: the compiler truncates, so the watch does too
    ("LT#1s", 1_000_000_000),  # LTIME holds ns
])
def test_duration_literals_read_as_the_compiler_reads_them(text, expected):
    assert WatchExpression(text).evaluate(read) == expected


def test_a_malformed_duration_says_which_unit_is_wrong():
    with pytest.raises(WatchError, match="unknown time unit"):
        WatchExpression("T#5x")


def test_unknown_variable_and_division_by_zero_are_watch_errors():
    with pytest.raises(WatchError, match="unknown variable"):
        WatchExpression("nope + 1").evaluate(read)
    with pytest.raises(WatchError, match="division by zero"):
        WatchExpression("a / 0").evaluate(read)


def test_python_text_is_never_evaluated():
    with pytest.raises(WatchError):
        WatchExpression("__import__('os').system('true')")
