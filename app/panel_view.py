"""The operator panel strip under the plant: push buttons, E-stop, selectors, lamps, stack lights.

Panel devices have no place on the floor plan, so they are drawn side by side in screen
space at the bottom of the plant view. Buttons, E-stops and selectors are hot spots the
window turns into operator actions (`operator_action_for`).
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from app import theme

SLOT_W = 110


def _on(s: dict, *keys: str) -> bool:
    return any(bool(s.get(k)) for k in keys)


def _colour_of(s: dict, default=(255, 215, 60)) -> tuple[int, int, int]:
    return theme.rgb(s.get("colour") or s.get("color"), default)


def _estop_tripped(s: dict) -> bool:
    if "tripped" in s:
        return bool(s["tripped"])
    if "pressed" in s:
        return bool(s["pressed"])
    if "ok" in s:
        return not s["ok"]
    return False


def draw_panel(c, panel: list[tuple[str, str, dict]], height: int) -> None:
    surf = c.surface
    w, h = surf.get_size()
    top = h - height
    pygame.draw.rect(surf, theme.PANEL_BG, (0, top, w, height))
    pygame.draw.line(surf, theme.PANEL_EDGE, (0, top), (w, top), 1)
    x = 12
    cy = top + height // 2 - 8
    for name, kind, s in panel:
        label = str(s.get("label") or name)
        operable = True
        if kind in ("estop", "e_stop", "emergency_stop"):
            tripped = _estop_tripped(s)
            pygame.draw.circle(surf, theme.ESTOP_YELLOW, (x + 45, cy), 30)
            pygame.draw.circle(surf, theme.shade(theme.ESTOP_RED, 0.7 if tripped else 1.0), (x + 45, cy), 21)
            if tripped:
                pygame.draw.circle(surf, theme.TEXT, (x + 45, cy), 21, 2)
            state = "TRIPPED" if tripped else "released"
            rect = pygame.Rect(x + 15, cy - 30, 60, 60)
        elif kind in ("push_button", "stop_button"):
            pressed = _on(s, "pressed")
            base = _colour_of(s, theme.STOP_BUTTON if kind == "stop_button" else theme.BUTTON)
            # a button, not a lamp: its cap shows its colour dimly, and lights only while pressed
            col = theme.shade(base, 1.3) if pressed else theme.shade(base, 0.5)
            pygame.draw.circle(surf, theme.PANEL_EDGE, (x + 45, cy), 26)
            pygame.draw.circle(surf, theme.shade(theme.PANEL_EDGE, 0.6), (x + 45, cy), 23, 2)   # bezel
            pygame.draw.circle(surf, col, (x + 45, cy), 18 if pressed else 20)
            if not pressed:   # a highlight on the raised cap
                pygame.draw.circle(surf, theme.shade(base, 0.75), (x + 40, cy - 5), 7)
            if _on(s, "lamp", "lit"):
                pygame.draw.circle(surf, theme.LIT, (x + 45, cy), 23, 3)
            state = "pressed" if pressed else ""
            rect = pygame.Rect(x + 20, cy - 25, 50, 50)
        elif kind in ("selector", "selector_switch"):
            idx, n = _selector_index(s)
            pygame.draw.circle(surf, theme.PANEL_EDGE, (x + 45, cy), 24)
            ang = math.radians(-60 + 120 * (idx / max(1, n - 1)))
            tip = (x + 45 + 20 * math.sin(ang), cy - 20 * math.cos(ang))
            pygame.draw.line(surf, theme.TEXT, (x + 45, cy), tip, 6)
            state = str(s.get("selected", f"position {idx}"))
            rect = pygame.Rect(x + 20, cy - 25, 50, 50)
        elif kind == "stack_light":
            operable = False
            rect = pygame.Rect(x + 33, cy - 34, 24, 66)
            pygame.draw.rect(surf, theme.PANEL_EDGE, rect, border_radius=4)
            for i, (key, col) in enumerate((("red", (230, 50, 40)), ("amber", (245, 170, 20)),
                                            ("green", (60, 210, 80)))):
                lit = _on(s, key, key + "_on")
                pygame.draw.circle(surf, col if lit else theme.shade(col, 0.3), (x + 45, cy - 22 + i * 22), 9)
            state = "buzzer" if _on(s, "buzzer") else ""
        else:  # lamps and anything else on the panel
            operable = False
            lit = _on(s, "on", "lit", "value", "state")
            col = _colour_of(s)
            pygame.draw.circle(surf, theme.PANEL_EDGE, (x + 45, cy), 20)
            pygame.draw.circle(surf, col if lit else theme.LAMP_OFF, (x + 45, cy), 15)
            state = "on" if lit else ""
            rect = pygame.Rect(x + 25, cy - 20, 40, 40)
        c.text(label[:16], x + 45, top + height - 22, theme.LABEL, 12, screen=True)
        if state:
            c.text(state, x + 45, top + height - 9, theme.TEXT, 11, screen=True)
        c.hotspots.append(_hot(name, kind, rect, operable))
        x += SLOT_W


def _hot(name, kind, rect, operable):
    from app.plant_view import Hotspot

    return Hotspot(name, kind, rect, operable)


def operator_action_for(kind: str, state: dict[str, Any], mouse_down: bool) -> tuple[str, Any] | None:
    """The operator action a click on a panel control means: (action, value) or None.

    Push buttons are momentary (pressed while the mouse is down); an E-stop latches (a click
    trips it, the next click resets it); a selector steps to its next position.
    """
    if kind in ("push_button", "stop_button"):
        return ("press", None) if mouse_down else ("release", None)
    if not mouse_down:
        return None
    if kind in ("estop", "e_stop", "emergency_stop"):
        return ("reset_estop", None) if _estop_tripped(state) else ("trip_estop", None)
    if kind in ("selector", "selector_switch"):
        idx, n = _selector_index(state)
        return ("select", (idx + 1) % n)
    return None


def _selector_index(s: dict) -> tuple[int, int]:
    """(selected position index, number of positions) of a selector switch state."""
    positions = s.get("positions") or [0, 1]
    n = len(positions) if isinstance(positions, list | tuple) else int(positions)
    pos = s.get("position", 0)
    if isinstance(pos, int) and not isinstance(pos, bool):
        return pos, max(n, 2)
    listed = isinstance(positions, list | tuple) and pos in positions
    return (positions.index(pos) if listed else 0), max(n, 2)
