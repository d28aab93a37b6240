"""The desktop debugger: draws the session and forwards input; no grading logic here."""

import os

# Every module of app/ that imports pygame is imported after this package: no pygame banner on
# stdout (it would open the output of `main.py --snapshot`).
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
