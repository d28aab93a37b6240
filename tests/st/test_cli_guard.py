"""`--headless --program` never hangs: a scan that runs too long is stopped with a message."""


import st.cli


def fan_out_program(levels: int) -> str:
    """Functions each calling the next twice: 2**levels calls in one scan, no loop at all."""
    parts = ["FUNCTION F0 : DINT\nVAR_INPUT x : DINT; END_VAR\nF0 := x + 1;\nEND_FUNCTION\n"]
    for n in range(1, levels + 1):
        parts.append(
            f"FUNCTION F{n} : DINT\nVAR_INPUT x : DINT; END_VAR\n"
            f"F{n} := F{n - 1}(x) + F{n - 1}(x);\nEND_FUNCTION\n"
        )
    parts.append(f"PROGRAM Main\nVAR y : DINT; END_VAR\ny := F{levels}(1);\nEND_PROGRAM\n")
    return "".join(parts)


def test_scan_spent_in_calls_is_a_watchdog_fault(tmp_path, capsys):
    prog = tmp_path / "fan.st"
    prog.write_text(fan_out_program(40))  # ~10**12 calls: would run for days
    code = st.cli.run_program_command(str(prog), 3, "y", "-", scan_ms=10)
    assert code == 1
    err = capsys.readouterr().err
    # calls count toward the deterministic budget: the same fault on every machine, not a timer
    assert "runtime fault: watchdog: the scan ran more than 1,000,000 loop iterations and calls" in err
    assert "the PLC stopped in scan 0 (t = 0 ms)" in err


def test_scan_spent_in_a_loop_is_a_fault_at_the_loop_line(tmp_path, monkeypatch, capsys):
    prog = tmp_path / "loop.st"
    work = " + ".join(f"SQRT(x + {k}.0)" for k in range(1, 13))  # about 0.5 s in all, unloaded
    prog.write_text(
        "PROGRAM Main\nVAR i : DINT; x : LREAL; END_VAR\n"
        f"FOR i := 1 TO 999000 DO\n  x := {work};\nEND_FOR;\n"
        "END_PROGRAM\n"
    )
    # 0.2 s: the loop needs more than that, and the timer backstop (1.5x, 0.3 s) leaves the
    # instance's own check (every 1024 iterations) 100 ms even on a loaded machine
    monkeypatch.setattr(st.cli, "SCAN_WALL_LIMIT_S", 0.2)
    assert st.cli.run_program_command(str(prog), 2, "x", "-", scan_ms=10) == 1
    err = capsys.readouterr().err
    assert "wall-clock limit reached inside the scan at line 3" in err
    assert "the PLC stopped in scan 0 (t = 0 ms)" in err


def test_quick_program_is_not_disturbed_by_the_guard(tmp_path, capsys):
    prog = tmp_path / "ok.st"
    prog.write_text(fan_out_program(3))
    assert st.cli.run_program_command(str(prog), 5, "y", "-", scan_ms=10) == 0
    assert capsys.readouterr().out.strip() == '{"y": 16}'
