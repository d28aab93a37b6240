"""The trace of a run: every I/O value per scan, plus the verdict and operator events.

Rows are stored as one tuple per scan (the values of the task's I/O points in I/O-map
order); `column(name)` gives one signal as a list for plots. `hash()` is a sha256 over the
I/O map, every recorded value and every event, stable across processes (values are bools,
ints, floats and strings, whose repr does not depend on the process).
"""

from __future__ import annotations

import hashlib
from typing import Any


class Trace:
    def __init__(self, names: tuple[str, ...], addresses: tuple[str, ...]):
        self.names = names
        self.addresses = addresses
        self.rows: list[tuple] = []
        # (scan, kind, *details): kind is 'operator', 'complete', 'violation', 'fault' or 'end'
        self.events: list[tuple] = []
        self._index = {n.lower(): i for i, n in enumerate(names)}
        self._index.update({a.lower(): i for i, a in enumerate(addresses)})

    def __len__(self) -> int:
        return len(self.rows)

    @property
    def scans(self) -> int:
        return len(self.rows)

    def index(self, name_or_address: str) -> int:
        try:
            return self._index[name_or_address.lower()]
        except KeyError:
            raise KeyError(f"the trace has no signal {name_or_address!r}; "
                           f"it has {', '.join(self.names)}") from None

    def column(self, name_or_address: str) -> list[Any]:
        """One signal's value at every recorded scan."""
        i = self.index(name_or_address)
        return [row[i] for row in self.rows]

    def value(self, name_or_address: str, scan: int) -> Any:
        return self.rows[scan][self.index(name_or_address)]

    def row(self, scan: int) -> dict[str, Any]:
        """All values of one scan by I/O name."""
        return dict(zip(self.names, self.rows[scan], strict=True))

    def changes(self, name_or_address: str) -> list[tuple[int, Any]]:
        """(scan, new value) at every change of one signal, starting with scan 0."""
        out: list[tuple[int, Any]] = []
        last = object()
        for k, v in enumerate(self.column(name_or_address)):
            if v != last or type(v) is not type(last):
                out.append((k, v))
                last = v
        return out

    def hash(self) -> str:
        h = hashlib.sha256()
        h.update(repr((self.names, self.addresses)).encode())
        # Chunks keep memory flat on long runs; repr of bool/int/float/str tuples is canonical.
        rows = self.rows
        for start in range(0, len(rows), 4096):
            h.update(repr(rows[start:start + 4096]).encode())
        h.update(repr(self.events).encode())
        return h.hexdigest()
