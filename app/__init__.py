"""The desktop debugger: draws the session and forwards input; no grading logic here."""
