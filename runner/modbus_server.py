"""Serve a task's plant to an external PLC over Modbus TCP: the same plant, judges and verdict.

    python main.py --serve-modbus --task MAT-E01 [--condition C] [--host 127.0.0.1] [--port 5020]
                   [--realtime | --lockstep]
    python main.py --serve-modbus --task MAT-E01 --print-map

The address map follows OpenPLC's own addressing: %IX<byte>.<bit> is discrete input
8 * byte + bit, %QX<byte>.<bit> is coil 8 * byte + bit, %IW<n> is input register n and
%QW<n> is holding register n (Modbus addresses are 0-based, as on the wire). INT words are
sent as 16-bit two's complement. Bit addresses in the bytes the task uses but that it does
not define (spare points) read 0 and ignore writes; every other address is refused with
exception 2 (illegal data address), and a client can write only the task's outputs.

Control block (documented in the README and by --print-map):

    holding register 9000  STEP   lockstep: each write (any value) runs one 10 ms scan
    input register  9000   scan index of the next scan, low 16 bits (plant time / 10 ms)
    input register  9001   ... high 16 bits
    input register  9002   run state: 0 running, 1 ended and passed, 2 ended and failed
    input register  9003   mode: 0 realtime, 1 lockstep

One scan in lockstep, as the built-in grader runs it: the server samples the inputs of
scan k into the discrete inputs / input registers; the client reads them, runs its scan at
plant time 10 * k ms, writes its outputs (coils, holding registers), then writes STEP; the
server applies the outputs, steps the plant 10 ms, runs the judges and samples scan k + 1
before it answers. The same program therefore gives the same trace, bit for bit. In realtime
the plant does the same every 10 ms of wall time (from the first request on) with whatever
outputs the PLC last wrote.

This is the only module that imports pymodbus (its server-context API is being replaced:
the plant side, `PlantImage`, knows nothing of it).
"""

from __future__ import annotations

import asyncio
import logging
import signal
import sys
import time
from dataclasses import dataclass

from sim.session import SCAN_MS, Session
from sim.task import Task

STEP_REGISTER = 9000      # holding register: a write runs one scan (lockstep)
STATUS_REGISTER = 9000    # input registers 9000-9003: scan low, scan high, run state, mode
STATUS_COUNT = 4
DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 5020
LINGER_S = 1.0            # after the end, time for the client to read the final status
OPENPLC_SLAVE_OFFSET = 100  # OpenPLC maps a slave device's points from %IX100.0 / %QX100.0 / %IW100 / %QW100

# Modbus exception codes (the protocol's own numbers)
ILLEGAL_FUNCTION = 1
ILLEGAL_ADDRESS = 2
ILLEGAL_VALUE = 3
DEVICE_FAILURE = 4

READ_COILS, READ_DISCRETE, READ_HOLDING, READ_INPUT = 1, 2, 3, 4
WRITE_COIL, WRITE_REGISTER, WRITE_COILS, WRITE_REGISTERS = 5, 6, 15, 16
SUPPORTED = (READ_COILS, READ_DISCRETE, READ_HOLDING, READ_INPUT, WRITE_COIL, WRITE_REGISTER, WRITE_COILS,
             WRITE_REGISTERS)

_TABLE_OF = {READ_COILS: "coil", WRITE_COIL: "coil", WRITE_COILS: "coil", READ_DISCRETE: "discrete input",
             READ_HOLDING: "holding register", WRITE_REGISTER: "holding register",
             WRITE_REGISTERS: "holding register", READ_INPUT: "input register"}
_WORD_TYPES = {"INT": True, "SINT": True, "UINT": False, "USINT": False, "WORD": False, "BYTE": False}


class ModbusSetupError(ValueError):
    """A server that cannot be started as asked (a task address with no Modbus place, bad flags)."""


@dataclass(frozen=True)
class MapEntry:
    """One I/O point of the task at its Modbus place."""

    name: str
    address: str        # the task's address, e.g. %IX1.2
    type: str
    table: str          # 'discrete input', 'coil', 'input register', 'holding register'
    index: int          # 0-based Modbus address in that table
    meaning: str

    @property
    def openplc_slave_address(self) -> str:
        """Where an OpenPLC runtime that polls this server as a slave device sees the point."""
        if self.table in ("discrete input", "coil"):
            byte, bit = divmod(self.index, 8)
            return f"%{'I' if self.table == 'discrete input' else 'Q'}X{OPENPLC_SLAVE_OFFSET + byte}.{bit}"
        return f"%{'I' if self.table == 'input register' else 'Q'}W{OPENPLC_SLAVE_OFFSET + self.index}"


def modbus_map(task: Task) -> list[MapEntry]:
    """The task's I/O map at OpenPLC's Modbus addresses (%IX0.0 = discrete input 0, %QW0 = holding reg. 0)."""
    out = []
    for p in task.io:
        size, rest = p.address[2], p.address[3:]
        if size == "X":
            byte, bit = (int(n) for n in rest.split("."))
            if bit > 7:
                raise ModbusSetupError(f"task {task.id}: {p.address} ({p.name}) has no OpenPLC Modbus "
                                       f"address (bits run 0 to 7)")
            table = "discrete input" if p.direction == "input" else "coil"
            index = byte * 8 + bit
        elif size == "W" and p.type in _WORD_TYPES:
            table = "input register" if p.direction == "input" else "holding register"
            index = int(rest)
        else:
            raise ModbusSetupError(f"task {task.id}: {p.address} ({p.name}, {p.type}) cannot be served over "
                                   f"Modbus: only %IX/%QX bits and 16-bit %IW/%QW words have an OpenPLC "
                                   f"Modbus address")
        if index >= STATUS_REGISTER:
            raise ModbusSetupError(f"task {task.id}: {p.address} ({p.name}) collides with the control block "
                                   f"at {STATUS_REGISTER}")
        out.append(MapEntry(p.name, p.address, p.type, table, index, p.meaning))
    return out


def format_map(task: Task) -> str:
    entries = modbus_map(task)
    rows = [("task address", "name", "type", "Modbus table", "address", "OpenPLC slave device", "meaning")]
    order = {"discrete input": 0, "input register": 1, "coil": 2, "holding register": 3}
    for e in sorted(entries, key=lambda e: (order[e.table], e.index)):
        rows.append((e.address, e.name, e.type, e.table, str(e.index), e.openplc_slave_address, e.meaning))
    rows.append(("", "STEP", "WORD", "holding register", str(STEP_REGISTER), "",
                 "lockstep: each write runs one 10 ms scan"))
    for n, what in enumerate(("scan index of the next scan, low 16 bits", "scan index, high 16 bits",
                              "run state: 0 running, 1 ended and passed, 2 ended and failed",
                              "mode: 0 realtime, 1 lockstep")):
        rows.append(("", f"STATUS{n}", "WORD", "input register", str(STATUS_REGISTER + n), "", what))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]) - 1)]
    lines = [f"Modbus TCP map of {task.id} ({task.title}); addresses are 0-based, as on the wire"]
    for r in rows:
        lines.append("  ".join(c.ljust(w) for c, w in zip(r, widths, strict=False)) + "  " + r[-1])
    return "\n".join(lines)


def print_map_command(task: Task) -> int:
    print(format_map(task))
    return 0


def _span_bits(indices: list[int]) -> int:
    """Bits served: every bit of the bytes up to the highest one used (spare points read 0)."""
    return 0 if not indices else (max(indices) // 8 + 1) * 8


def _ranges(indices) -> str:
    """{0, 1, 2, 5} -> '0-2, 5'."""
    out: list[str] = []
    for n in sorted(indices):
        if out and n == int(out[-1].rsplit("-", 1)[-1]) + 1:
            out[-1] = f"{out[-1].split('-')[0]}-{n}"
        else:
            out.append(str(n))
    return ", ".join(out) or "none"


class _ImageController:
    """The session's controller: the PLC is on the other end of the wire; its I/O lives in the image."""

    fault = None

    def __init__(self, image: PlantImage):
        self._image = image

    def set_input(self, address: str, value) -> None:
        self._image.put_input(address, value)

    def scan(self, now_ms: int) -> None:   # the external PLC scans on its own
        pass

    def get_output(self, address: str):
        return self._image.output(address)


class PlantImage:
    """The plant side of the server: session, I/O image and request checks; no networking.

    `check(function_code, address, count)` answers None or a Modbus exception code;
    `read(...)` / `write(...)` serve a checked request.
    """

    def __init__(self, task: Task, condition, lockstep: bool):
        self.task = task
        self.lockstep = lockstep
        self.entries = modbus_map(task)
        by_table: dict[str, list[MapEntry]] = {t: [] for t in ("discrete input", "coil", "input register",
                                                                "holding register")}
        for e in self.entries:
            by_table[e.table].append(e)
        self.di = [False] * _span_bits([e.index for e in by_table["discrete input"]])
        self.coils = [False] * _span_bits([e.index for e in by_table["coil"]])
        self.ir = [0] * (max((e.index for e in by_table["input register"]), default=-1) + 1)
        self.hr = [0] * (max((e.index for e in by_table["holding register"]), default=-1) + 1)
        self.output_coils = {e.index for e in by_table["coil"]}
        self.output_registers = {e.index for e in by_table["holding register"]}
        self.input_registers = {e.index for e in by_table["input register"]}
        self._where = {e.address: e for e in self.entries}
        self.session = Session(task, condition, _ImageController(self))
        self.started = False
        self.steps_after_end = 0

    # --- the session's side ---

    def put_input(self, address: str, value) -> None:
        e = self._where.get(address)
        if e is None:
            return
        if e.table == "discrete input":
            self.di[e.index] = bool(value)
        else:
            self.ir[e.index] = int(value) & 0xFFFF

    def output(self, address: str):
        e = self._where[address]
        if e.table == "coil":
            return self.coils[e.index]
        raw = self.hr[e.index]
        return raw - 0x10000 if _WORD_TYPES[e.type] and raw >= 0x8000 else raw

    def start(self) -> None:
        """Sample the inputs of scan 0 (on the first request, so connecting costs no plant time)."""
        if not self.started:
            self.started = True
            self.session.sample_inputs()

    def step(self) -> None:
        """Outputs -> plant, 10 ms, judges; then the next scan's inputs."""
        s = self.session
        if s.finished:
            self.steps_after_end += 1
            return
        self.start()
        s.finish_scan()
        if not s.finished:
            s.sample_inputs()

    @property
    def state_code(self) -> int:
        s = self.session
        return 0 if not s.finished else 1 if s.verdict.passed else 2

    def status(self) -> list[int]:
        k = self.session.scan_index
        return [k & 0xFFFF, (k >> 16) & 0xFFFF, self.state_code, 1 if self.lockstep else 0]

    # --- the client's side ---

    def check(self, fc: int, address: int, count: int, values=None) -> tuple[int, str] | None:
        """None for a request this server serves, else (exception code, why) for the log."""
        if fc not in SUPPORTED:
            return ILLEGAL_FUNCTION, f"function code {fc} is not served (1-6, 15, 16 are)"
        table = _TABLE_OF[fc]
        if count < 1:
            return ILLEGAL_VALUE, f"{table} request for {count} values"
        last = address + count - 1
        if fc in (READ_DISCRETE, READ_COILS):
            size = len(self.di if fc == READ_DISCRETE else self.coils)
            if last >= size:
                return ILLEGAL_ADDRESS, f"{table}s {address}-{last}: {table}s 0-{size - 1} are served"
        elif fc in (WRITE_COIL, WRITE_COILS):
            if last >= len(self.coils):
                return ILLEGAL_ADDRESS, (f"write to coils {address}-{last}: coils 0-{len(self.coils) - 1} "
                                         f"are served (the task's outputs: {_ranges(self.output_coils)})")
        elif fc == READ_INPUT:
            status = address >= STATUS_REGISTER and last < STATUS_REGISTER + STATUS_COUNT
            if not (last < len(self.ir) or status):
                return ILLEGAL_ADDRESS, f"input registers {address}-{last} are not served"
        elif fc == READ_HOLDING:
            if not (last < len(self.hr) or (address == STEP_REGISTER and count == 1)):
                return ILLEGAL_ADDRESS, f"holding registers {address}-{last} are not served"
        else:   # register writes
            if address == STEP_REGISTER and count == 1:
                if not self.lockstep:
                    return ILLEGAL_ADDRESS, "the step register exists in --lockstep mode only"
            elif not all(a in self.output_registers for a in range(address, last + 1)):
                return ILLEGAL_ADDRESS, (f"write to holding registers {address}-{last}: the task's outputs "
                                         f"are holding registers {_ranges(self.output_registers)}")
        return None

    def read(self, fc: int, address: int, count: int) -> list:
        if fc == READ_DISCRETE:
            return self.di[address:address + count]
        if fc == READ_COILS:
            return self.coils[address:address + count]
        if fc == READ_INPUT:
            if address >= STATUS_REGISTER:
                return self.status()[address - STATUS_REGISTER:address - STATUS_REGISTER + count]
            return self.ir[address:address + count]
        if address == STEP_REGISTER:
            return [self.session.scan_index & 0xFFFF]
        return self.hr[address:address + count]

    def write(self, fc: int, address: int, values: list) -> None:
        if fc in (WRITE_COIL, WRITE_COILS):
            for a, v in enumerate(values, address):
                if a in self.output_coils:   # spare points of an output byte ignore writes
                    self.coils[a] = bool(v)
        elif address == STEP_REGISTER:
            self.step()
        else:
            for a, v in enumerate(values, address):
                self.hr[a] = int(v) & 0xFFFF


def live_verdict(session: Session) -> str:
    v = session.verdict
    if session.finished:
        return ("PASSED" if v.passed else "FAILED") + f" ({v.end_reason})"
    if v.fault:
        return f"fault: {v.fault}"
    text = f"completed at {v.completion_ms / 1000:g} s, watching" if v.success else "running"
    if v.violations:
        first = v.violations[0]
        text += f"; violation {first.rule_id} at {first.time_ms / 1000:g} s"
    return text


def _condition_result(session: Session, wall_s: float, stopped: str | None):
    """The grader's ConditionResult of this run (as sim.verifier.run_condition builds it)."""
    from sim.verifier import ConditionResult

    v = session.verdict
    c = session.condition
    finished = session.finished
    return ConditionResult(
        name=c.name, description=c.description, params=dict(c.params),
        success=v.success and finished, safe=v.safe,
        completion_s=None if v.completion_ms is None else v.completion_ms / 1000,
        first_violation=v.first_violation, violations=list(v.violations), violated_rules=v.violated_rules,
        fault=v.fault if finished or not stopped else (v.fault or stopped),
        end_reason=v.end_reason or (stopped or ""),
        pending=v.pending if finished else session.judge.pending(),
        events=session.judge.events(), scans=session.scan_index, wall_s=wall_s,
        trace_hash=session.trace_hash())


class ModbusPlantServer:
    """The pymodbus TCP server around a PlantImage, with the realtime clock and the status line."""

    def __init__(self, task: Task, condition, host: str = DEFAULT_HOST, port: int = DEFAULT_PORT,
                 lockstep: bool = False, quiet: bool = False, out=None):
        self.image = PlantImage(task, condition, lockstep)
        self.host, self.port, self.lockstep, self.quiet = host, port, lockstep, quiet
        self.out = out or sys.stderr
        self.last_poll: float | None = None
        self.clients = 0
        self.stop_reason: str | None = None
        self._ended_at: float | None = None
        self._refusals: dict[tuple, int] = {}
        self._pending_refusal: tuple | None = None
        self._status_shown = False
        self._last_logged: tuple | None = None
        self._last_logged_at = 0.0
        self.started_wall = time.perf_counter()

    # --- logging ---

    def log(self, text: str) -> None:
        if self._status_shown:
            self.out.write("\r\033[K")
            self._status_shown = False
        print(text, file=self.out, flush=True)

    def status_line(self) -> str:
        s = self.image.session
        poll = ("no client yet" if self.last_poll is None
                else f"last poll {time.perf_counter() - self.last_poll:.1f} s ago")
        return (f"plant time {s.time_ms / 1000:8.2f} s  scan {s.scan_index:6d}  {poll}  "
                f"clients {self.clients}  "
                f"{live_verdict(s)}")

    def show_status(self) -> None:
        if self.quiet:
            return
        if self.out.isatty():
            self.out.write("\r\033[K" + self.status_line())
            self.out.flush()
            self._status_shown = True
        else:
            # a log file gets a line when the run moved on (or once a minute), not a flood while idle
            s = self.image.session
            key = (s.scan_index, self.clients, live_verdict(s))
            if key != self._last_logged or time.perf_counter() - self._last_logged_at >= 60:
                self._last_logged, self._last_logged_at = key, time.perf_counter()
                self.log(self.status_line())

    # --- pymodbus hooks ---

    def _on_connect(self, connected: bool) -> None:
        self.clients += 1 if connected else -1
        s = self.image.session
        if connected:
            self.log(f"client connected (scan {s.scan_index}, plant time {s.time_ms / 1000:g} s)")
        else:
            wait = "; the plant waits for a client to step it" if self.lockstep and not s.finished else ""
            self.log(f"client disconnected at scan {s.scan_index} (plant time {s.time_ms / 1000:g} s){wait}")

    def _on_pdu(self, sending: bool, pdu):
        """Every request passes here first: refuse exactly what the task does not serve, before the store."""
        if sending:
            return pdu
        self.last_poll = time.perf_counter()
        try:
            fc = pdu.function_code
            values = list(pdu.bits) if fc in (WRITE_COIL, WRITE_COILS) else list(pdu.registers) if fc in (
                WRITE_REGISTER, WRITE_REGISTERS) else None
            count = len(values) if values is not None else pdu.count
            refused = self.image.check(fc, pdu.address, count)
        except Exception as exc:   # an odd PDU: refuse it rather than let it reach the plant
            refused = (ILLEGAL_FUNCTION, f"unreadable request: {type(exc).__name__}")
            fc = getattr(pdu, "function_code", 0) & 0x7F
        if refused is None:
            return pdu
        code, why = refused
        key = (fc, code, why)
        self._refusals[key] = self._refusals.get(key, 0) + 1
        if self._refusals[key] == 1:   # once per kind: a PLC polling a bad range would flood the log
            self.log(f"refused (Modbus exception {code}): {why}")
        return _refusal(pdu, fc, code)

    async def _action(self, fc, start_address, address, count, registers, set_values):
        """pymodbus's datastore hook: the image is the truth; pymodbus only carries it."""
        try:
            self.image.start()
            if set_values is not None and fc in (WRITE_COIL, WRITE_COILS, WRITE_REGISTER, WRITE_REGISTERS):
                self.image.write(fc, address, list(set_values))
                return None
            if fc in (READ_COILS, READ_DISCRETE):
                from pymodbus.simulator.simutils import SimUtils

                bits = self.image.coils if fc == READ_COILS else self.image.di
                padded = bits + [False] * (-len(bits) % 16)
                packed = SimUtils.bitsToRegisters(padded)
                registers[:len(packed)] = packed
            elif fc == READ_INPUT:
                if address >= STATUS_REGISTER:
                    at = STATUS_REGISTER - start_address
                    registers[at:at + STATUS_COUNT] = \
                        self.image.status()
                else:
                    registers[-start_address:len(self.image.ir) - start_address] = self.image.ir
            elif fc == READ_HOLDING:
                if address == STEP_REGISTER:
                    registers[STEP_REGISTER - start_address] = self.image.session.scan_index & 0xFFFF
                else:
                    registers[-start_address:len(self.image.hr) - start_address] = self.image.hr
            return None
        except Exception as exc:   # a plant error must not take the server down: the client is told
            self.log(f"internal error serving function {fc} at {address}: {type(exc).__name__}: {exc}")
            from pymodbus.constants import ExcCodes

            return ExcCodes.DEVICE_FAILURE

    def _device(self):
        from pymodbus.simulator import DataType, SimData, SimDevice

        img = self.image

        def bits(n: int):
            return [SimData(0, count=max(n, 16), values=False, datatype=DataType.BITS)]

        hr = ([SimData(0, count=len(img.hr), values=0, datatype=DataType.REGISTERS)] if img.hr else []) + [
            SimData(STEP_REGISTER, count=1, values=0, datatype=DataType.REGISTERS)]
        ir = ([SimData(0, count=len(img.ir), values=0, datatype=DataType.REGISTERS)] if img.ir else []) + [
            SimData(STATUS_REGISTER, count=STATUS_COUNT, values=0, datatype=DataType.REGISTERS)]
        # id 0: answer whatever unit id the PLC uses (OpenPLC's default is 0 or 1)
        return SimDevice(0, simdata=(bits(len(img.coils)), bits(len(img.di)), hr, ir), action=self._action)

    # --- running ---

    async def serve(self) -> None:
        from pymodbus.server import ModbusTcpServer

        # our own log says what matters, in one line
        logging.getLogger("pymodbus").setLevel(logging.CRITICAL)
        server = ModbusTcpServer(self._device(), address=(self.host, self.port), trace_pdu=self._on_pdu,
                                 trace_connect=self._on_connect)
        try:
            await server.serve_forever(background=True)
        except (RuntimeError, OSError) as exc:
            raise ModbusSetupError(f"cannot listen on {self.host}:{self.port}: {exc}") from None
        loop = asyncio.get_running_loop()
        try:
            loop.add_signal_handler(signal.SIGINT, self.request_stop, "stopped by Ctrl-C")
            loop.add_signal_handler(signal.SIGTERM, self.request_stop, "stopped (SIGTERM)")
        except (NotImplementedError, RuntimeError, ValueError):   # not the main thread (tests, benchmarks)
            pass
        t = self.image.task
        mode = "lockstep: write holding register 9000 to run each scan" if self.lockstep else "realtime"
        self.log(f"serving {t.id} condition {self.image.session.condition.name} on {self.host}:{self.port} "
                 f"({mode}); Ctrl-C ends the run")
        try:
            await self._run()
        finally:
            await server.shutdown()

    def request_stop(self, reason: str = "stopped") -> None:
        self.stop_reason = self.stop_reason or reason

    async def _run(self) -> None:
        s = self.image.session
        next_status = time.perf_counter() + (0.25 if self.out.isatty() else 5.0)
        tick = None
        while self.stop_reason is None:
            now = time.perf_counter()
            if s.finished:
                if self._ended_at is None:
                    self._ended_at = now
                    self.log(f"run ended at scan {s.scan_index} (plant time {s.time_ms / 1000:g} s): "
                             f"{live_verdict(s)}")
                if now - self._ended_at >= LINGER_S or (self.clients == 0 and self.last_poll is not None):
                    break
            if not self.lockstep and self.image.started and not s.finished:
                if tick is None:
                    tick = now
                # keep plant time on wall time: catch up after a late wake-up (a few scans at a time,
                # so requests are still answered in between), never run ahead
                burst = 0
                while not s.finished and now >= tick + SCAN_MS / 1000 and burst < 20:
                    self.image.step()
                    tick += SCAN_MS / 1000
                    burst += 1
                await asyncio.sleep(max(0.0, tick + SCAN_MS / 1000 - time.perf_counter()))
            else:
                await asyncio.sleep(0.002 if self.lockstep else 0.005)
            if time.perf_counter() >= next_status:
                self.show_status()
                next_status = time.perf_counter() + (0.25 if self.out.isatty() else 5.0)
        if self._status_shown:
            self.out.write("\r\033[K")
            self.out.flush()

    def result(self):
        return _condition_result(self.image.session, time.perf_counter() - self.started_wall,
                                 None if self.image.session.finished else (self.stop_reason or "stopped"))


def _refusal(pdu, fc: int, code: int):
    """A stand-in for a refused request: pymodbus answers it with the exception response."""
    from pymodbus.pdu import ExceptionResponse, ModbusPDU

    class Refused(ModbusPDU):
        function_code = fc

        async def datastore_update(self, context, device_id):
            return ExceptionResponse(fc, code)

    return Refused(dev_id=pdu.dev_id, transaction_id=pdu.transaction_id)


def serve_command(task: Task, condition_name: str | None, host: str | None = None, port: int | None = None,
                  realtime: bool = False, lockstep: bool = False, quiet: bool = False) -> int:
    """main.py --serve-modbus: serve until the run ends (or Ctrl-C); then the condition report, exit code."""
    from rich.console import Console

    from sim.task import UnknownCondition
    from sim.verifier import Report, render_report

    if realtime and lockstep:
        raise ModbusSetupError("--realtime and --lockstep exclude each other")
    port = DEFAULT_PORT if port is None else port
    if not 0 < port < 65536:
        raise ModbusSetupError(f"--port must be 1 to 65535, not {port}")
    try:
        condition = task.conditions[0] if condition_name is None else task.condition(condition_name)
    except UnknownCondition as exc:
        raise ModbusSetupError(str(exc)) from None
    server = ModbusPlantServer(task, condition, host or DEFAULT_HOST, port, lockstep=lockstep, quiet=quiet)
    try:
        asyncio.run(server.serve())
    except KeyboardInterrupt:   # Ctrl-C before the handler was set: still report the run so far
        server.request_stop("stopped by Ctrl-C")
    result = server.result()
    report = Report(task.id, task.title, conditions=[result], total_conditions=len(task.conditions),
                    registered=tuple(c.name for c in task.conditions))
    out = Console(highlight=False, width=None if sys.stdout.isatty() else 140)
    render_report(report, out, task)
    print(f"Trace hash: {result.trace_hash}  ({result.scans} scans)")
    if report.reward is None:
        return 3 if report.all_passed else 1
    return 0 if report.reward == 1 and report.all_passed else 1
