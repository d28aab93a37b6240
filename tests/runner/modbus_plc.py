"""A soft PLC for the tests: this project's compiled ST runtime, exchanging I/O with the plant over
Modbus TCP (pymodbus client) once per scan in lockstep, as an external PLC would."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from pathlib import Path

from pymodbus.client import ModbusTcpClient

import st
from runner.modbus_server import STATUS_REGISTER, STEP_REGISTER, modbus_map

ROOT = Path(__file__).resolve().parents[2]
SIGNED = {"INT", "SINT"}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(task_id: str, *args: str) -> tuple[subprocess.Popen, int]:
    port = free_port()
    proc = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "--serve-modbus", "--task", task_id,
                             "--port", str(port), *args], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    return proc, port


def connect(port: int, proc: subprocess.Popen | None = None, tries: int = 200) -> ModbusTcpClient:
    """A client connected to the server (bounded wait while it starts)."""
    client = ModbusTcpClient("127.0.0.1", port=port, timeout=5, retries=0)
    for _ in range(tries):
        if client.connect():
            return client
        if proc is not None and proc.poll() is not None:
            raise AssertionError(f"server exited: {proc.communicate()}")
        time.sleep(0.05)
    raise AssertionError(f"no server on port {port}")


def run_lockstep(client: ModbusTcpClient, task, program_path: Path, max_scans: int) -> int:
    """Run the program scan by scan over Modbus until the server says the run ended; returns scans run."""
    inst = st.compile_file(str(program_path)).program.instantiate()
    entries = modbus_map(task)
    inputs = [e for e in entries if e.table in ("discrete input", "input register")]
    n_di = max((e.index for e in entries if e.table == "discrete input"), default=-1) + 1
    n_ir = max((e.index for e in entries if e.table == "input register"), default=-1) + 1
    coils = [e for e in entries if e.table == "coil"]
    n_coils = max((e.index for e in coils), default=-1) + 1
    registers = [e for e in entries if e.table == "holding register"]
    for k in range(max_scans):
        bits = client.read_discrete_inputs(0, count=n_di).bits if n_di else []
        words = client.read_input_registers(0, count=n_ir).registers if n_ir else []
        for e in inputs:
            if e.table == "discrete input":
                inst.set_input(e.address, bits[e.index])
            else:
                raw = words[e.index]
                inst.set_input(e.address, raw - 0x10000 if e.type in SIGNED and raw >= 0x8000 else raw)
        inst.scan(k * 10)
        out = [False] * n_coils
        for e in coils:
            out[e.index] = bool(inst.get_output(e.address))
        if out:
            assert not client.write_coils(0, out).isError()
        for e in registers:
            assert not client.write_register(e.index, int(inst.get_output(e.address)) & 0xFFFF).isError()
        assert not client.write_register(STEP_REGISTER, 1).isError()
        if k % 10 == 9 and client.read_input_registers(STATUS_REGISTER + 2, count=1).registers[0] != 0:
            return k + 1
    raise AssertionError(f"the run did not end within {max_scans} scans")


def finish(proc: subprocess.Popen, timeout: float = 30) -> tuple[int, str, str]:
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
        raise AssertionError(f"server did not stop by itself: {err}") from None
    return proc.returncode, out, err


def trace_hash(stdout: str) -> str:
    for line in stdout.splitlines():
        if line.startswith("Trace hash: "):
            return line.split()[2]
    raise AssertionError(f"no trace hash in: {stdout}")
