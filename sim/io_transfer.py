"""The scan's I/O transfer, compiled once per binding from the task's I/O map.

Every scan the session samples each input point (device signal -> PLC type -> controller) and
applies each output point (controller -> PLC type -> device command). With some 30 points a
scan, a loop over bound calls spent more time in the loop, the calls and the conversions than
in the devices themselves. So `compile_transfer` writes the two steps out as one Python
function each, one block per point: a plain signal or command (Device.plain_signals,
plain_commands, as sim.plant.direct_reader / direct_writer decide) becomes an attribute read or
store, the type conversion is written inline, and a forced point reads its forced value.
A run of points read from the plain signals of one device that counts their changes
(Device.signals_version) is read only in a sample where that count moved: otherwise every one
of them would read the very value it read before, which `vals` (and the controller's image)
still holds, so skipping them changes nothing.

The code is generated only from the task's own I/O map: addresses go in as repr() literals,
attribute names only when they are identifiers, every device, call and forced value as a name
bound in the function's namespace. The conversions are those of sim.session._coerce, step for
step, so the values (and so every trace) are the very same objects as before.
"""

from __future__ import annotations

import keyword
import linecache
from collections.abc import Callable
from typing import Any

_INT_RANGES = {"SINT": (8, True), "USINT": (8, False), "BYTE": (8, False), "INT": (16, True),
               "UINT": (16, False), "WORD": (16, False), "DINT": (32, True), "UDINT": (32, False),
               "DWORD": (32, False), "LINT": (64, True), "ULINT": (64, False)}


def _convert(type_name: str, pad: str) -> list[str]:
    """Lines turning `v` into the PLC type, as sim.session._coerce does."""
    if type_name == "BOOL":
        return [f"{pad}if v is not True and v is not False:", f"{pad}    v = bool(v)"]
    if type_name in ("REAL", "LREAL"):
        return [f"{pad}if type(v) is not float:", f"{pad}    v = float(v)"]
    bits, signed = _INT_RANGES[type_name]
    lo, hi = (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if signed else (0, (1 << bits) - 1)
    # a sensor word saturates at its range (like an analog card); it never wraps
    return [f"{pad}if type(v) is not int:", f"{pad}    v = int(round(v))",
            f"{pad}if v < {lo}:", f"{pad}    v = {lo}", f"{pad}elif v > {hi}:", f"{pad}    v = {hi}"]


_UNWRITTEN = object()   # an edge output's last value before its first write


def _attribute(attr: str | None) -> bool:
    """Whether `attr` can be written as `.attr` in the generated code (else the bound call is used)."""
    return attr is not None and attr.isidentifier() and not keyword.iskeyword(attr)


class Transfer:
    """Builds the source of the two functions and the names they use."""

    def __init__(self, label: str):
        self.label = label
        self.names: dict[str, Any] = {}
        self.sample: list[str] = ["def sample(vals, given, set_input):"]
        self.apply: list[str] = ["def apply(vals, get_output):"]
        self._group: Any = None      # the device whose versioned run of inputs is open
        self._groups = 0             # such runs so far (each keeps the count it last read in VER)
        self._points = 0             # room for the edge outputs' last values (LAST, by point)

    def _name(self, prefix: str, i: int, obj: Any) -> str:
        name = f"{prefix}{i}"
        self.names[name] = obj
        return name

    def input(self, i: int, address: str, type_name: str, *, forced: Any = None, is_forced: bool = False,
              device: Any = None, attr: str | None = None, read: Callable[[], Any] | None = None,
              store: Callable[[Any], None] | None = None) -> None:
        """Input point i: its forced value, the device attribute it is (a plain signal) or a call;
        given to the controller by set_input, or by `store` (what the controller's set_input does
        for this address) where it has one."""
        block: list[str] = []
        versioned = (not is_forced and _attribute(attr)
                     and getattr(device, "signals_version", None) is not None)
        if not versioned or device is not self._group:
            self._group = None
        if versioned and self._group is None:
            # a run of this device's plain signals: read only when its count of changes moved
            g, self._groups = self._groups, self._groups + 1
            self._group = device
            dev = self._name("D", i, device)
            self.sample += [f"    w = {dev}.signals_version", f"    if w != VER[{g}]:",
                            f"        VER[{g}] = w"]
        if is_forced:
            block.append(f"v = {self._name('K', i, forced)}")
        elif _attribute(attr):
            block.append(f"v = {self._name('D', i, device)}.{attr}")
        else:
            block.append(f"v = {self._name('R', i, read)}()")
        # Given only when new to the controller: the same bool or REAL object, or an equal int,
        # is already in its input image (a REAL is given whenever it is another object: 0.0 and
        # -0.0 are equal, yet a program can tell them apart).
        same = "v != given[{i}]" if type_name in _INT_RANGES else "v is not given[{i}]"
        # A value read as the very one last given (an int of the point's type equal to it) needs
        # no conversion, and vals[i] holds it already: every sample leaves vals[i] as given[i].
        unchanged = ("type(v) is not int or v != given[{i}]" if type_name in _INT_RANGES
                     else "v is not given[{i}]")
        block.append(f"if {unchanged.format(i=i)}:")
        block += _convert(type_name, "    ")
        block.append(f"    vals[{i}] = v")
        block.append(f"    if {same.format(i=i)}:")
        block.append(f"        given[{i}] = v")
        if store is not None:
            block.append(f"        {self._name('S', i, store)}(v)")
        else:
            block.append(f"        set_input({address!r}, v)")
        pad = "        " if versioned else "    "
        self.sample += [pad + line for line in block]

    def output(self, i: int, address: str, type_name: str, *, forced: Any = None, is_forced: bool = False,
               device: Any = None, attr: str | None = None, write: Callable[[Any], None] | None = None,
               slot: tuple[dict, str] | None = None, edge: bool = False) -> None:
        """Output point i: its forced value or the controller's (straight from its output image
        when `slot`, (image, key), says where), into a device attribute or a call; with `edge`
        (Device.edge_commands) the call is made only when the value is not the one last given."""
        out = self.apply
        if is_forced:
            source = self._name("K", i, forced)
        elif slot is not None:
            source = f"{self._name('O', i, slot[0])}[{slot[1]!r}]"
        else:
            source = f"get_output({address!r})"
        out.append(f"    v = {source}")
        out += _convert(type_name, "    ")
        out.append(f"    vals[{i}] = v")
        if _attribute(attr):
            out.append(f"    {self._name('D', i, device)}.{attr} = v")
        elif edge:
            same = "v != LAST[{i}]" if type_name in _INT_RANGES else "v is not LAST[{i}]"
            out.append(f"    if {same.format(i=i)}:")
            out.append(f"        {self._name('W', i, write)}(v)")
            out.append(f"        LAST[{i}] = v")
            self._points = max(self._points, i + 1)
        else:
            out.append(f"    {self._name('W', i, write)}(v)")

    def build(self) -> tuple[Callable, Callable]:
        """(sample(vals, given, set_input), apply(vals, get_output))."""
        if len(self.sample) == 1:
            self.sample.append("    pass")
        if len(self.apply) == 1:
            self.apply.append("    pass")
        src = "\n".join(self.sample + self.apply) + "\n"
        filename = f"<I/O transfer of {self.label}>"
        # the source stays readable in a traceback through a device's read or write
        linecache.cache[filename] = (len(src), None, src.splitlines(True), filename)
        namespace = dict(self.names)
        namespace["VER"] = [None] * self._groups   # nothing read yet: the first sample reads all
        namespace["LAST"] = [_UNWRITTEN] * self._points   # nothing written yet: the first apply writes all
        exec(compile(src, filename, "exec"), namespace)   # noqa: S102 - generated from the I/O map only
        return namespace["sample"], namespace["apply"]


def publisher(names: tuple[str, ...]) -> Callable[[dict, list], None]:
    """`publish(io, vals)`: io[name] = vals[i] for every point, the judges' ScanState.io of the
    scan, written out as one unpacking store (a third cheaper than io.update(zip(names, vals)));
    a vals of another length raises, as zip(strict=True) does."""
    if names:
        targets = "".join(f"io[{n!r}], " for n in names)
        src = f"def publish(io, vals):\n    ({targets}) = vals\n"
    else:
        src = "def publish(io, vals):\n    if vals:\n        raise ValueError('no I/O points')\n"
    namespace: dict[str, Any] = {}
    exec(compile(src, "<I/O publisher>", "exec"), namespace)   # noqa: S102 - names as repr() literals only
    return namespace["publish"]
