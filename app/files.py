"""File > Open's browser: folders and ST files of one folder, for the window to list.

The native dialog (imgui-bundle's portable_file_dialogs) needs zenity or kdialog on Linux;
without them (a bare desktop, a virtual display) the window lists folders with this class.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path


def native_dialog_available() -> bool:
    """portable_file_dialogs shows a native dialog on Windows and macOS, on Linux through zenity
    or kdialog; elsewhere it returns nothing at once."""
    if sys.platform in ("win32", "darwin"):
        return True
    return any(shutil.which(tool) for tool in ("zenity", "kdialog", "matedialog", "qarma"))


class FileBrowser:
    """One folder at a time: its sub-folders, then its program files (`*.st`, or every file)."""

    def __init__(self, start: str | os.PathLike = "."):
        p = Path(start).expanduser()
        self.folder = (p if p.is_dir() else p.parent).resolve()
        self.show_all = False
        self.error = ""

    def entries(self) -> list[tuple[str, bool]]:
        """(name, is_folder), folders first, each group sorted; hidden files left out."""
        try:
            items = list(self.folder.iterdir())
        except OSError as exc:
            self.error = f"cannot list {self.folder}: {exc.strerror or exc}"
            return []
        self.error = ""
        folders = sorted((p.name for p in items if p.is_dir() and not p.name.startswith(".")), key=str.lower)
        files = sorted((p.name for p in items if p.is_file() and not p.name.startswith(".")
                        and (self.show_all or p.suffix.lower() == ".st")), key=str.lower)
        return [(n, True) for n in folders] + [(n, False) for n in files]

    def open(self, name: str) -> str | None:
        """Go into a folder (returns None) or pick a file (returns its path)."""
        target = (self.folder / name).resolve() if name != ".." else self.folder.parent
        if target.is_dir():
            self.folder = target
            return None
        return str(target)

    def up(self) -> None:
        self.folder = self.folder.parent
