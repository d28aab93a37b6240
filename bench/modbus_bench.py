"""Lockstep Modbus TCP vs the built-in loop: `python -m bench.modbus_bench [--task ID] [--repeat N]`.

For each condition of the task (default MAT-E01) the reference program, compiled by st, runs
as an external PLC would: a pymodbus client on 127.0.0.1 reads the inputs, runs one scan,
writes the outputs and the step register of a `--serve-modbus --lockstep` server (served from
a thread of this process), until the run ends. Reported beside the built-in closed loop
(bench.loop_bench's figure) on the same conditions: scans/s on the wall clock and on this
process's CPU time (client, server and plant together), and whether each condition's
verdict and trace hash agree with the grader's. Figures are medians of a few repetitions.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import socket
import statistics
import sys
import threading
import time

from rich.console import Console
from rich.table import Table

import st
import tasks
from runner.modbus_server import STATUS_REGISTER, STEP_REGISTER, ModbusPlantServer, modbus_map
from sim.session import Session


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _lockstep_client(port: int, task, program) -> None:
    """The reference program as an external PLC, one Modbus exchange per scan."""
    from pymodbus.client import ModbusTcpClient

    client = ModbusTcpClient("127.0.0.1", port=port, timeout=5, retries=0)
    for _ in range(200):
        if client.connect():
            break
        time.sleep(0.02)
    else:
        raise RuntimeError(f"no server on port {port}")
    inst = program.instantiate()
    entries = modbus_map(task)
    n_di = max((e.index for e in entries if e.table == "discrete input"), default=-1) + 1
    n_ir = max((e.index for e in entries if e.table == "input register"), default=-1) + 1
    n_co = max((e.index for e in entries if e.table == "coil"), default=-1) + 1
    signed = {"INT", "SINT"}
    try:
        for k in range(round(task.time_limit_s * 100) + 1000):
            bits = client.read_discrete_inputs(0, count=n_di).bits if n_di else []
            words = client.read_input_registers(0, count=n_ir).registers if n_ir else []
            coils = [False] * n_co
            for e in entries:
                if e.table == "discrete input":
                    inst.set_input(e.address, bits[e.index])
                elif e.table == "input register":
                    raw = words[e.index]
                    inst.set_input(e.address, raw - 0x10000 if e.type in signed and raw >= 0x8000 else raw)
            inst.scan(k * 10)
            for e in entries:
                if e.table == "coil":
                    coils[e.index] = bool(inst.get_output(e.address))
            if coils:
                client.write_coils(0, coils)
            for e in entries:
                if e.table == "holding register":
                    client.write_register(e.index, int(inst.get_output(e.address)) & 0xFFFF)
            client.write_register(STEP_REGISTER, 1)
            if k % 10 == 9 and client.read_input_registers(STATUS_REGISTER + 2, count=1).registers[0]:
                return
        raise RuntimeError("the run did not end")
    finally:
        client.close()


def run_modbus(task, condition, program) -> tuple[int, float, float, str]:
    """(scans, wall s, CPU s, trace hash) of one condition served in lockstep."""
    port = _free_port()
    server = ModbusPlantServer(task, condition, "127.0.0.1", port, lockstep=True, quiet=True,
                               out=io.StringIO())
    thread = threading.Thread(target=asyncio.run, args=(server.serve(),), daemon=True)
    c, t = time.process_time(), time.perf_counter()
    thread.start()
    _lockstep_client(port, task, program)
    wall, cpu = time.perf_counter() - t, time.process_time() - c
    thread.join(timeout=10)
    s = server.image.session
    return s.scan_index, wall, cpu, s.trace_hash()


def run_builtin(task, condition, program) -> tuple[int, float, float, str]:
    session = Session(task, condition, program.instantiate())
    c, t = time.process_time(), time.perf_counter()
    session.run_to_end()
    return session.scan_index, time.perf_counter() - t, time.process_time() - c, session.trace_hash()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.modbus_bench", description=__doc__.splitlines()[0])
    ap.add_argument("--task", default="MAT-E01", help="task id (default MAT-E01)")
    ap.add_argument("--repeat", type=int, default=3, help="repetitions (median); default 3")
    args = ap.parse_args(argv)
    console = Console(width=max(Console().width, 130))
    try:
        task = tasks.get(args.task)
    except tasks.UnknownTask as exc:
        console.print(f"modbus_bench: {exc}", markup=False)
        return 2
    program = st.compile_file(str(task.reference_path)).program
    table = Table(title=f"{task.id} reference: lockstep Modbus TCP vs the built-in loop "
                        f"(median of {args.repeat})")
    for col in ("condition", "scans", "built-in scans/s (wall)", "Modbus scans/s (wall)",
                "Modbus scans/s (CPU)", "x real time (wall)", "same trace hash"):
        table.add_column(col, justify="left" if col == "condition" else "right")
    ok = True
    totals = {"b": 0.0, "m": 0.0, "mc": 0.0, "n": 0}
    for cond in task.conditions:
        b_wall, m_wall, m_cpu = [], [], []
        same = True
        for _ in range(args.repeat):
            n, bw, _, bh = run_builtin(task, cond, program)
            m, mw, mc, mh = run_modbus(task, cond, program)
            same = same and n == m and bh == mh
            b_wall.append(bw)
            m_wall.append(mw)
            m_cpu.append(mc)
        ok = ok and same
        bw, mw, mc = statistics.median(b_wall), statistics.median(m_wall), statistics.median(m_cpu)
        totals["b"] += bw
        totals["m"] += mw
        totals["mc"] += mc
        totals["n"] += n
        table.add_row(cond.name, str(n), f"{n / bw:,.0f}", f"{n / mw:,.0f}", f"{n / mc:,.0f}",
                      f"{n / mw / 100:,.1f}x", "[green]yes[/]" if same else "[red]NO[/]")
    n = totals["n"]
    table.add_row("all", str(n), f"{n / totals['b']:,.0f}", f"{n / totals['m']:,.0f}",
                  f"{n / totals['mc']:,.0f}",
                  f"{n / totals['m'] / 100:,.1f}x", "[green]yes[/]" if ok else "[red]NO[/]")
    console.print(table)
    console.print("each Modbus scan is 3-5 requests on loopback (read inputs, write outputs, step, a status "
                  "read every 10 scans); client and server share this process")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
