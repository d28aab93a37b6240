"""Runtime faults raised while a scan executes; the back end maps them to the ST line that ran."""


class PlcFault(Exception):
    """A fault that stops the PLC (integer division by zero, index out of range ...)."""


class WatchdogFault(PlcFault):
    """The scan ran past its budget of loop iterations (an endless WHILE, for example)."""


class WallClockFault(WatchdogFault):
    """The scan ran past the wall-clock deadline its host set (heavy work in loops under the budget)."""
