"""Values as a PLC engineer reads them: TIME as T#2s500ms, enums by name, FB instances by their
outputs, the standard FBs' internal memory (M, START) out of sight.

Works on st's variable tree (`VarNode`: name, path, type_name, value, children); every panel
(Variables, Watch, source tooltips and inline values) formats through here, so a value reads
the same wherever it is shown.
"""

from __future__ import annotations

from typing import Any

from st.stdlib import FB_INTERFACES, format_ltime, format_string, format_time

# What an FB instance shows in one line: its outputs (a timer also its ET), by standard FB.
_KEY_OUTPUTS = {name: [m for m, _t, role in members if role == "output"]
                for name, members in FB_INTERFACES.items()}
# Members that are the FB's memory, not part of its interface: hidden from the trees.
_INTERNAL = {name: {m.upper() for m, _t, role in members if role == "internal"}
             for name, members in FB_INTERFACES.items()}


def format_typed(value: Any, type_name: str | None = None) -> str:
    """One value in ST notation, by its declared type when known (TIME 2500 -> T#2s500ms)."""
    t = (type_name or "").upper()
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if value is None:
        return "-"
    if t == "TIME" and isinstance(value, int):
        return format_time(value)
    if t == "LTIME" and isinstance(value, int):
        return format_ltime(value)
    if isinstance(value, float):
        return f"{value:.6g}"
    if isinstance(value, str) and (t.startswith("STRING") or t.startswith("WSTRING")):
        return format_string(value, wide=t.startswith("WSTRING"))
    return str(value)


def visible_children(node) -> list:
    """A node's children as the trees show them: a standard FB without its internal memory."""
    kids = list(getattr(node, "children", ()) or ())
    hidden = _INTERNAL.get(str(getattr(node, "type_name", "")).upper())
    if hidden:
        kids = [k for k in kids if str(k.name).upper() not in hidden]
    return kids


def summary(node) -> str:
    """A node in one line: a scalar its value, a standard FB its outputs (TON: Q=TRUE ET=T#1s),
    a user FB or struct its first scalar members, an array its size."""
    kids = visible_children(node)
    if not kids:
        return format_typed(node.value, node.type_name)
    type_name = str(node.type_name).upper()
    if type_name.startswith("ARRAY"):
        return f"[{len(kids)} elements]"
    wanted = _KEY_OUTPUTS.get(type_name)
    if wanted is not None:
        by_name = {str(k.name).upper(): k for k in kids}
        shown = [by_name[m] for m in wanted if m in by_name]
    else:
        shown = [k for k in kids if not getattr(k, "children", None)][:3]
    text = " ".join(f"{k.name}={format_typed(k.value, k.type_name)}" for k in shown)
    return text if wanted is not None or len(shown) == len(kids) else text + " ..."


def index_tree(nodes) -> dict[str, Any]:
    """Every node of the variable tree by its path in upper case (Timer1.ET -> TIMER1.ET), with
    located variables also under their address."""
    out: dict[str, Any] = {}
    stack = list(nodes)
    while stack:
        n = stack.pop()
        out[str(n.path).upper()] = n
        if getattr(n, "address", None):
            out.setdefault(str(n.address).upper(), n)
        stack.extend(getattr(n, "children", ()) or ())
    return out


def find_node(nodes, path: str):
    """The node at a variable path as the user typed it (case, spaces ignored), or None."""
    return index_tree(nodes).get("".join(path.split()).upper())
