"""Every test runs with strict problem codes: a diagnostic whose code is not in st/problems.py, or
whose severity is not its code's, raises (st.problems.STRICT; the variable reaches subprocesses)."""

import os

import st.problems

os.environ["ST_STRICT_DIAGNOSTICS"] = "1"
st.problems.STRICT = True
