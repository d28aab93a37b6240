"""Compare a program's located variables with a task's I/O map.

A program that reads `%IX0.5` where the task wires nothing, or declares REAL where the task
wires a DINT (the compiler accepts both on a double-word address), usually fails for a reason
the grader's verdict alone does not show; these warnings say it before the run. A type that
does not fit its address's size at all (INT at a bit address) is the compiler's error.
"""

from __future__ import annotations

from sim.task import Task, canonical_address

# Size class of each elementary type as seen on the process image.
_SIZE = {
    "BOOL": "bit",
    "SINT": "byte", "USINT": "byte", "BYTE": "byte",
    "INT": "word", "UINT": "word", "WORD": "word",
    "DINT": "dword", "UDINT": "dword", "DWORD": "dword",
    "LINT": "lword", "ULINT": "lword", "LWORD": "lword",
    "REAL": "real", "LREAL": "lreal",
}


def io_map_warnings(task: Task, located: dict[str, tuple[str, str]]) -> list[str]:
    """Warnings for located variables that do not match the task's I/O map.

    `located` maps a program's address to (variable path, type name), e.g.
    {"%IX0.0": ("part_in_nest", "BOOL")}.
    """
    points = {p.address: p for p in task.io}
    warnings = []
    for address, (path, type_name) in sorted(located.items()):
        key = canonical_address(address)
        point = points.get(key)
        if point is None:
            if key.startswith("%M"):
                continue  # memory addresses are the program's own
            warnings.append(
                f"{path} AT {key}: the task wires nothing to {key} "
                f"(its {'inputs' if key.startswith('%I') else 'outputs'} are "
                f"{', '.join(a for a in points if a[1] == key[1])})"
            )
        elif type_name.upper() in _SIZE and _SIZE[type_name.upper()] != _SIZE.get(point.type):
            warnings.append(
                f"{path} AT {key} is declared {type_name.upper()}, "
                f"but the task's {point.name} at {key} is {point.type}"
            )
    return warnings


def located_variables(instance) -> dict[str, tuple[str, str]]:
    """address -> (path, type) for a compiled ST instance (st.Instance)."""
    if hasattr(instance, "io_points"):
        return instance.io_points()
    types = {node.path: node.type_name for node in instance.variables()}
    return {addr: (path, types.get(path, "?")) for addr, path in instance.io_addresses().items()}
