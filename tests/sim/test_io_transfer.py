"""The scan's generated I/O transfer (sim.io_transfer) converts, forces and passes on values as
the session's own conversion (sim.session._coerce) does, whatever the point is bound to."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from sim.io_transfer import Transfer, publisher
from sim.session import _coerce


def _sample(type_name, value, **point):
    transfer = Transfer("test")
    device = SimpleNamespace(signal=value)
    transfer.input(0, "%IW0", type_name, device=device, attr="signal", read=lambda: value, **point)
    sample, _ = transfer.build()
    vals, given, seen = [None], [None], []
    sample(vals, given, lambda address, v: seen.append((address, v)))
    return vals[0], seen


@pytest.mark.parametrize("type_name, value", [
    ("BOOL", 1), ("BOOL", 0.0), ("REAL", 3), ("LREAL", True), ("INT", 40000.4), ("INT", -40000),
    ("USINT", -3), ("WORD", 70000), ("DINT", 2.5), ("ULINT", 1 << 70), ("SINT", 127.6)])
def test_an_input_gets_the_value_and_type_the_sessions_conversion_gives(type_name, value):
    got, seen = _sample(type_name, value)
    want = _coerce(type_name)(value)
    assert got == want and type(got) is type(want) and seen == [("%IW0", want)]


def test_a_forced_input_reads_its_forced_value_not_the_device():
    got, seen = _sample("INT", 5, forced=-7, is_forced=True)
    assert got == -7 and seen == [("%IW0", -7)]


def test_an_input_is_given_to_the_controller_only_when_it_changed():
    transfer = Transfer("test")
    device = SimpleNamespace(level=3)
    transfer.input(0, "%IW0", "INT", device=device, attr="level")
    sample, _ = transfer.build()
    vals, given, seen = [None], [None], []
    for level in (3, 3, 4, 4):
        device.level = level
        sample(vals, given, lambda address, v: seen.append(v))
    assert seen == [3, 4]


def test_a_point_whose_attribute_cannot_be_written_as_one_uses_its_bound_call():
    transfer = Transfer("test")
    device = SimpleNamespace(**{"class": True})
    written = []
    transfer.input(0, "%IX0.0", "BOOL", device=device, attr="class", read=lambda: False)
    transfer.output(0, "%QX0.0", "BOOL", device=device, attr="not", write=written.append)
    sample, apply = transfer.build()
    vals, given, seen = [None], [None], []
    sample(vals, given, lambda address, v: seen.append(v))
    apply([None], lambda address: 1)
    assert seen == [False] and written == [True]


class _CallsOnly:
    """An ST instance seen only through set_input/get_output (no output_slot, no input_store)."""

    def __init__(self, inner):
        self.inner = inner

    @property
    def fault(self):
        return self.inner.fault

    def set_input(self, address, value):
        self.inner.set_input(address, value)

    def get_output(self, address):
        return self.inner.get_output(address)

    def scan(self, now_ms):
        self.inner.scan(now_ms)


def test_an_st_program_reads_and_writes_its_image_directly_with_the_same_trace():
    import st
    from sim.session import Session
    from tests.sim.minitask import TASK

    source = """PROGRAM P
VAR start AT %IX0.0 : BOOL; at_end AT %IX0.1 : BOOL; pos AT %IW2 : INT;
    fwd AT %QX0.0 : BOOL; lamp AT %QX0.1 : BOOL; go : BOOL; END_VAR
IF start THEN go := TRUE; END_IF
fwd := go AND NOT at_end AND pos < 50;
lamp := at_end;
END_PROGRAM
"""
    comp = st.compile_source(source, "mini.st")
    assert comp.ok, comp.format_diagnostics()
    for cond in TASK.conditions:
        direct = Session(TASK, cond, comp.program.instantiate())
        calls = Session(TASK, cond, _CallsOnly(comp.program.instantiate()))
        direct.run_to_end()
        calls.run_to_end()
        assert direct.trace.rows == calls.trace.rows
        assert direct.trace_hash() == calls.trace_hash()
        assert direct.verdict.passed == calls.verdict.passed
    assert any(r[3] for r in direct.trace.rows)      # the program did drive the slide


def test_the_publisher_gives_the_judges_every_points_value_of_the_scan():
    # names that are not identifiers (quotes, spaces) go in as literals; the same objects arrive
    names = ("start_pb", "it's on", "speed setpoint")
    io = dict.fromkeys(names)
    vals = [True, 0.5, 1200]
    publisher(names)(io, vals)
    assert io == dict(zip(names, vals, strict=True))
    assert all(io[n] is v for n, v in zip(names, vals, strict=True))


@pytest.mark.parametrize("names, vals", [(("a", "b"), [1]), (("a",), [1, 2]), ((), [1])])
def test_the_publisher_refuses_values_that_do_not_match_the_points(names, vals):
    with pytest.raises(ValueError):
        publisher(names)({}, vals)


def test_a_task_without_points_publishes_nothing():
    io = {}
    publisher(())(io, [])
    assert io == {}


def test_a_run_of_versioned_signals_is_read_only_when_the_devices_count_moved():
    # a device that counts the changes of its plain signals (Device.signals_version): its run of
    # points is read in the first sample and again only after the count moved; meanwhile vals
    # keeps what they read, and a point of another device is read every sample
    transfer = Transfer("test")
    words = SimpleNamespace(a=1, b=2, signals_version=0)
    other = SimpleNamespace(c=3)
    transfer.input(0, "%IW0", "INT", device=words, attr="a")
    transfer.input(1, "%IW1", "INT", device=words, attr="b")
    transfer.input(2, "%IW2", "INT", device=other, attr="c")
    sample, _ = transfer.build()
    vals, given, seen = [None] * 3, [None] * 3, []
    sample(vals, given, lambda address, v: seen.append((address, v)))
    assert vals == [1, 2, 3] and len(seen) == 3
    words.a, other.c = 10, 30            # not counted: not read yet
    sample(vals, given, lambda address, v: seen.append((address, v)))
    assert vals == [1, 2, 30]
    words.signals_version += 1
    sample(vals, given, lambda address, v: seen.append((address, v)))
    assert vals == [10, 2, 30] and seen[3:] == [("%IW2", 30), ("%IW0", 10)]


@pytest.mark.parametrize("type_name, raws", [
    ("INT", (3, 3.2, 3, 40000, 32767.0)), ("BOOL", (1, True, 0, False, 0.0)),
    ("REAL", (1, 1.0, 1.0, -0.0, 0.0))])
def test_a_value_read_again_as_it_was_given_skips_only_what_would_change_nothing(type_name, raws):
    # the fast test for an unchanged input (the very object given, an equal int) must leave vals
    # and what the controller is given as the full conversion does, whatever the device returns
    transfer = Transfer("test")
    device = SimpleNamespace(v=None)
    transfer.input(0, "%IW0", type_name, device=device, attr="v")
    sample, _ = transfer.build()
    vals, given, seen, want_seen, last = [None], [None], [], [], object()
    for raw in raws:
        device.v = raw
        sample(vals, given, lambda address, v: seen.append(v))
        want = _coerce(type_name)(raw)
        assert vals[0] == want and type(vals[0]) is type(want)
        if (want != last) if type_name == "INT" else (want is not last):
            want_seen.append(want)
            last = want
    assert seen == want_seen


def test_an_edge_command_is_written_only_when_the_programs_output_changed():
    transfer = Transfer("test")
    starts, targets = [], []
    transfer.output(0, "%QX0.0", "BOOL", write=starts.append, edge=True)
    transfer.output(1, "%QW0", "INT", write=targets.append)
    _, apply = transfer.build()
    vals = [None, None]
    for start, target in ((0, 5), (0, 5), (1, 5), (1, 6), (1, 6), (0, 6)):
        apply(vals, lambda address, start=start, target=target: start if address == "%QX0.0" else target)
        assert vals == [bool(start), target]
    assert starts == [False, True, False]          # the first value, then each change
    assert targets == [5, 5, 5, 6, 6, 6]           # not an edge command: every scan


def test_an_axis_edge_command_written_again_with_the_same_value_changes_nothing():
    # what makes leaving the repeated write out exact (Device.edge_commands)
    from sim.devices.axis import Axis
    from sim.devices.braked_axis import BrakedAxis
    from sim.plant import edge_command

    assert edge_command(Axis("a"), "start") and edge_command(BrakedAxis("b"), "reset")
    assert not edge_command(Axis("a"), "enable")
    for command in ("start", "reset"):
        once, repeated = Axis("once"), Axis("repeated")
        for axis in (once, repeated):
            axis.trip("overtemperature")
        for value in (True, False, True):
            once.write(command, value)
            for _ in range(3):
                repeated.write(command, value)
            assert ({k: v for k, v in vars(once).items() if k not in ("name", "label")}
                    == {k: v for k, v in vars(repeated).items() if k not in ("name", "label")})
