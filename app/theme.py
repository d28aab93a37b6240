"""Colours and fonts of the debugger (plant view and panels), in one place."""

from __future__ import annotations

from pathlib import Path
from typing import Any

ASSETS = Path(__file__).resolve().parent.parent / "assets"


def ui_font_path() -> str | None:
    """The sans font for labels; None lets pygame use its built-in font."""
    p = ASSETS / "fonts" / "DroidSans.ttf"
    return str(p) if p.is_file() else None


def mono_font_path() -> str | None:
    p = ASSETS / "fonts" / "Inconsolata-Medium.ttf"
    return str(p) if p.is_file() else None


PART_COLOURS = {
    "red": (200, 40, 40), "green": (40, 160, 60), "blue": (40, 80, 200), "yellow": (230, 200, 40),
    "black": (40, 40, 40), "silver": (180, 180, 190), "white": (235, 235, 235), "orange": (240, 130, 30),
    "amber": (245, 170, 20), "grey": (128, 128, 128), "gray": (128, 128, 128),
}

FLOOR = (34, 37, 43, 255)
GRID = (44, 48, 56)
TEXT = (225, 228, 235)
TEXT_DARK = (25, 25, 30)
LABEL = (170, 178, 192)
HOVER = (255, 255, 255)
FRAME = (70, 74, 84)
BELT = (58, 60, 66)
BELT_RUNNING = (62, 70, 66)
ROLLER = (110, 114, 124)
GUIDE = (150, 155, 165)
ON = (70, 200, 90)
BUSY = (240, 170, 40)
OFF_MARK = (95, 100, 110)
FAULT = (235, 70, 60)
LIT = (255, 215, 60)
UNLIT = (75, 78, 86)
BEAM = (90, 200, 120)
BEAM_BLOCKED = (255, 70, 50)
SENSOR_BODY = (40, 44, 52)
ZONE = (90, 110, 140)
LIT_ZONE = (255, 215, 60)
INSPECT_BUSY = (120, 170, 255)
INSPECT_VALID = (120, 230, 255)
CYLINDER = (140, 150, 165)
ROD = (205, 210, 218)
PLATE = (185, 190, 200)
PLATE_FAULT = (235, 70, 60)
COIL = (80, 160, 255)
HELD = (255, 215, 60)
FEEDER = (120, 125, 140)
RAIL = (80, 84, 96)
LIMIT = (235, 90, 70)
HOME = (90, 160, 255)
TARGET = (120, 230, 255)
CARRIAGE = (60, 120, 216)
TABLE = (142, 124, 195)
PLACE = (52, 56, 64)
PLACE_EDGE = (100, 106, 118)
MACHINE_FLOOR = (46, 50, 58)
GUARD = (120, 126, 140)
DOOR = (170, 176, 190)
ROBOT = (230, 140, 50)
JAW = (200, 205, 215)
STATION_MARK = (120, 128, 140)
DISPLAY = (20, 30, 24)
DISPLAY_TEXT = (120, 255, 140)
GENERIC = (150, 150, 160)
PART_IN_CHUTE = (120, 124, 134)
PART = (205, 190, 120)
CHUTE = (48, 52, 60)
PANEL_BG = (26, 28, 33)
PANEL_EDGE = (60, 64, 72)
BUTTON = (70, 150, 80)
BUTTON_PRESSED = (120, 230, 130)
STOP_BUTTON = (190, 60, 50)
ESTOP_RED = (215, 30, 30)
ESTOP_YELLOW = (240, 200, 30)
LAMP_OFF = (60, 60, 66)


def rgb(value: Any, default=(150, 150, 160)) -> tuple[int, int, int]:
    """A colour from a device state: (r, g, b), '#rrggbb' or a colour name."""
    if isinstance(value, tuple | list) and len(value) >= 3:
        return int(value[0]), int(value[1]), int(value[2])
    if isinstance(value, str):
        if value.startswith("#") and len(value) == 7:
            return int(value[1:3], 16), int(value[3:5], 16), int(value[5:7], 16)
        return PART_COLOURS.get(value.lower(), default)
    return default


def shade(c: tuple[int, int, int], f: float) -> tuple[int, int, int]:
    """Darker (f < 1) or lighter towards white (f > 1)."""
    if f < 1:
        return tuple(max(0, int(v * f)) for v in c)  # type: ignore[return-value]
    return tuple(min(255, int(v + (255 - v) * (f - 1))) for v in c)  # type: ignore[return-value]
