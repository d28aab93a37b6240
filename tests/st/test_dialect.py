"""What CODESYS and matiec accept and real programs write (issue 9): each checked by its values
after scans, not only by compiling."""

from __future__ import annotations


def test_an_fb_may_assign_its_own_input_a_local_copy_kept_until_the_next_call_gives_it(kit):
    src = """
FUNCTION_BLOCK Latch
VAR_INPUT start : BOOL; lim : INT := 3; END_VAR
VAR_OUTPUT q : BOOL; seen : INT; END_VAR
    q := start;
    start := FALSE;         (* consumed: a one-shot command *)
    lim := lim + 1;
    lim.0 := TRUE;
    seen := lim;
END_FUNCTION_BLOCK
PROGRAM Main
VAR l : Latch; cmd : BOOL := TRUE; n : INT; q1 : BOOL; q2 : BOOL; END_VAR
    n := n + 1;
    IF n = 1 THEN
        l(start := cmd);    (* cmd itself is not changed: the input is the FB's copy *)
        q1 := l.q;
        l();
        q2 := l.q;
    ELSE
        l(lim := 10);
    END_IF;
END_PROGRAM
"""
    plc = kit.run(src, scans=1)
    assert (plc["q1"], plc["q2"], plc["cmd"], plc["l.start"]) == (True, False, True, False)
    assert plc["l.seen"] == 7  # 3 + 1 = 4, bit 0 set: 5; then 5 + 1 = 6 -> 7 on the second call
    plc.scan(1)
    assert plc["l.seen"] == 11
