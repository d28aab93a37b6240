"""Operator panel devices: push buttons, stop button, E-stop, selector switch, lamps, stack light.

The operator (a condition's scheduled actions, or a person in the debugger) acts on these
through `operate(value)`: press=True, release=False, a selector position as an int.
Contacts are reported as the PLC input sees them: an NO push button is TRUE while pressed;
a stop button and an E-stop are NC, so their contact is TRUE while NOT pressed (a broken
wire looks like a pressed stop, which is the safe reading).

    start = plant.add(PushButton("start_button", x=200, y=120, label="Start", color="green"))
    start.operate(True)          # start.read("pressed") -> True
"""

from __future__ import annotations

from typing import Any

from sim.plant import Device

PANEL_COLORS = ("green", "red", "yellow", "amber", "blue", "white", "black", "orange")


class PanelDevice(Device):
    """An element of the operator panel: where it is drawn, its label and (if lit or coloured)
    its colour, one of PANEL_COLORS. Drawn on the debugger's operator panel strip."""

    on_panel = True

    def __init__(self, name: str, *, x: float = 0.0, y: float = 0.0, label: str = "",
                 color: str | None = None):
        super().__init__(name)
        self.x, self.y = float(x), float(y)
        self.label = label or name
        if color is not None and color not in PANEL_COLORS:
            raise ValueError(f"{self.kind.replace('_', ' ')} {name!r}: unknown colour {color!r}; "
                             f"known: {', '.join(PANEL_COLORS)}")
        self.color = color

    def state(self) -> dict[str, Any]:
        out = {"x": self.x, "y": self.y, "label": self.label}
        if self.color is not None:
            out["color"] = self.color
        return out


class PushButton(PanelDevice):
    """Momentary push button with a normally open (NO) contact.

    Signals: 'pressed' and 'contact', both TRUE while the button is held down.
    """

    kind = "push_button"
    signals = ("pressed", "contact")
    plain_signals = {"pressed": "is_pressed", "contact": "is_pressed"}

    def __init__(self, name: str, *, x: float = 0.0, y: float = 0.0, label: str = "", color: str = "green"):
        super().__init__(name, x=x, y=y, label=label, color=color)
        self.is_pressed = False

    def operate(self, value: Any) -> None:
        self.is_pressed = bool(value)

    def read(self, signal: str) -> Any:
        if signal in ("pressed", "contact"):
            return self.is_pressed
        return super().read(signal)

    def state(self) -> dict[str, Any]:
        return {**super().state(), "pressed": self.is_pressed, "contact": self.read("contact"),
                "normally_closed": False}


class StopButton(PushButton):
    """Momentary stop button with a normally closed (NC) contact.

    Signal: 'contact', TRUE while the button is NOT pressed (FALSE while pressed).
    """

    kind = "stop_button"
    signals = ("contact",)

    def __init__(self, name: str, *, x: float = 0.0, y: float = 0.0, label: str = "", color: str = "red"):
        super().__init__(name, x=x, y=y, label=label, color=color)

    def read(self, signal: str) -> Any:
        if signal == "contact":
            return not self.is_pressed
        return Device.read(self, signal)

    def state(self) -> dict[str, Any]:
        s = super().state()
        s["normally_closed"] = True
        return s


class EmergencyStop(StopButton):
    """Latching emergency stop (mushroom head) with an NC contact.

    operate(True) trips it and it stays tripped; operate(False) resets it (pulled out).
    Signal: 'contact', TRUE while the E-stop is NOT tripped.
    """

    kind = "estop"

    def __init__(self, name: str, *, x: float = 0.0, y: float = 0.0, label: str = "E-STOP"):
        super().__init__(name, x=x, y=y, label=label, color="red")

    @property
    def tripped(self) -> bool:
        return self.is_pressed


class SelectorSwitch(PanelDevice):
    """Rotary selector switch with named positions (0, 1, ...).

    Signals: 'position' (word: the index of the selected position) and one contact per
    position, 'pos0', 'pos1', ..., TRUE when that position is selected.
    operate(n) turns the switch to position n.
    """

    kind = "selector"

    def __init__(self, name: str, positions: tuple[str, ...] = ("Manual", "Auto"), *, x: float = 0.0,
                 y: float = 0.0, label: str = "", start: int = 0):
        super().__init__(name, x=x, y=y, label=label)
        if len(positions) < 2:
            raise ValueError(f"selector {name!r} needs at least two positions")
        self.positions = tuple(positions)
        self.signals = ("position",) + tuple(f"pos{i}" for i in range(len(positions)))
        self.position = 0
        self.operate(start)

    def operate(self, value: Any) -> None:
        try:
            index = int(value)
        except (TypeError, ValueError):
            last = len(self.positions) - 1
            msg = f"selector {self.name!r}: position must be a number 0..{last}, not {value!r}"
            raise ValueError(msg) from None
        if not 0 <= index < len(self.positions):
            raise ValueError(f"selector {self.name!r} has positions 0..{len(self.positions) - 1} "
                             f"({', '.join(self.positions)}), not {index}")
        self.position = index

    def read(self, signal: str) -> Any:
        if signal == "position":
            return self.position
        if signal.startswith("pos") and signal in self.signals:
            return self.position == int(signal[3:])
        return super().read(signal)

    def state(self) -> dict[str, Any]:
        return {**super().state(), "positions": list(self.positions), "position": self.position,
                "selected": self.positions[self.position]}


class Lamp(PanelDevice):
    """Indicator lamp. Command 'on' (BOOL)."""

    kind = "lamp"
    plain_signals = {"lit": "on"}
    plain_commands = {"on": ("on", bool)}
    commands = ("on",)
    signals = ("lit",)

    def __init__(self, name: str, *, x: float = 0.0, y: float = 0.0, label: str = "", color: str = "green"):
        super().__init__(name, x=x, y=y, label=label, color=color)
        self.on = False

    def write(self, command: str, value: Any) -> None:
        if command == "on":
            self.on = bool(value)
        else:
            super().write(command, value)

    def read(self, signal: str) -> Any:
        if signal == "lit":
            return self.on
        return super().read(signal)

    def state(self) -> dict[str, Any]:
        return {**super().state(), "on": self.on}


class StackLight(PanelDevice):
    """Signal tower: red, amber and green lamps and a buzzer. Commands: 'red', 'amber',
    'green', 'buzzer' (BOOL each)."""

    kind = "stack_light"
    commands = ("red", "amber", "green", "buzzer")

    def __init__(self, name: str, *, x: float = 0.0, y: float = 0.0, label: str = ""):
        super().__init__(name, x=x, y=y, label=label)
        self.lit = dict.fromkeys(self.commands, False)

    def write(self, command: str, value: Any) -> None:
        if command in self.lit:
            self.lit[command] = bool(value)
        else:
            super().write(command, value)

    def state(self) -> dict[str, Any]:
        return {**super().state(), **self.lit}
