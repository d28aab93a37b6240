"""Run work an untrusted program decides in a forked worker, under a memory limit and a time limit.

    limit_memory(2048)                  # in a worker: it may grow by at most 2048 MiB
    out = run_guarded(fn, a, b, wall_limit_s=60, memory_limit_mb=2048)
    out.value, out.failure              # failure: None, or one sentence ("out of memory ...")

The verifier's condition workers call `limit_memory`; the command line runs compiling, building
the program's variables and anything else whose cost the program chooses through
`run_guarded`, so that no program can hang the grader's own process or take the machine's
memory. With the limit reached, Python raises MemoryError where the allocation failed: a
controller turns that into its fault "out of memory", anything else in the worker into a
failure with the same words.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

DEFAULT_MEMORY_LIMIT_MB = 2048
OUT_OF_MEMORY = "out of memory"

CAN_FORK = "fork" in multiprocessing.get_all_start_methods()


def address_space_bytes() -> int | None:
    """This process's address space now (Linux), or None where it cannot be read."""
    try:
        with open("/proc/self/statm", encoding="ascii") as fh:
            return int(fh.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return None


# Address space held back inside the limit and given back at the first fault: the program may have
# used up the rest, and the plant's physics library (C) crashes where an allocation fails.
RESERVE_MB = 64
_reserve = None  # an anonymous mmap: address space, no memory until touched


def release_reserve() -> None:
    """Give the reserve back (a fault ends the run: what follows must still have room to finish)."""
    global _reserve
    if _reserve is not None:
        _reserve.close()
    _reserve = None


def limit_memory(limit_mb: int | None) -> None:
    """Cap this process's address space at what it holds now plus limit_mb MiB (None: no cap), with
    RESERVE_MB of it held back until release_reserve(). Relative, because a forked worker starts
    with the grader's own libraries mapped."""
    global _reserve
    if limit_mb is None:
        return
    try:
        import resource
    except ImportError:  # not POSIX: the worker's wall-clock kill has to do
        return
    base = address_space_bytes() or 0
    soft = base + (limit_mb + RESERVE_MB) * 1024 * 1024
    _soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    if hard != resource.RLIM_INFINITY:
        soft = min(soft, hard)
    try:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))
    except (ValueError, OSError):
        return
    import mmap

    try:
        _reserve = mmap.mmap(-1, RESERVE_MB * 1024 * 1024)  # mapped, never touched: address space only
    except (OSError, ValueError):
        _reserve = None


@dataclass
class Guarded:
    value: Any = None
    failure: str | None = None  # why there is no value: out of memory, too slow, crashed

    @property
    def ok(self) -> bool:
        return self.failure is None


def _child(pipe, fn: Callable, args: tuple, memory_limit_mb: int | None) -> None:
    code = 0
    try:
        limit_memory(memory_limit_mb)
        try:
            message = ("value", fn(*args))
        except MemoryError:
            message = ("failure", f"{OUT_OF_MEMORY} (more than {memory_limit_mb} MiB)")
        except RecursionError:
            message = ("failure", "nested too deeply")
        except Exception as exc:  # noqa: BLE001 - the parent reports it in one line
            message = ("failure", f"internal error: {type(exc).__name__}: {exc}")
        for stream in (sys.stdout, sys.stderr):  # what fn printed goes out before os._exit
            try:
                stream.flush()
            except (OSError, ValueError):
                pass
        try:
            pipe.send(message)
        except MemoryError:
            pipe.send(("failure", f"{OUT_OF_MEMORY} (more than {memory_limit_mb} MiB)"))
    except BaseException:  # noqa: BLE001 - nothing may escape into the forked copy of the caller
        code = 1
    finally:
        os._exit(code)


def run_guarded(fn: Callable, *args, wall_limit_s: float | None = None,
                memory_limit_mb: int | None = DEFAULT_MEMORY_LIMIT_MB) -> Guarded:
    """fn(*args) in a forked worker: its value (it must pickle), or why there is none. Where the
    platform cannot fork, fn runs here, unguarded."""
    if not CAN_FORK:
        return Guarded(fn(*args))
    ctx = multiprocessing.get_context("fork")
    receive, send = ctx.Pipe(duplex=False)
    for stream in (sys.stdout, sys.stderr):  # the child must not print the parent's buffer again
        stream.flush()
    worker = ctx.Process(target=_child, args=(send, fn, args, memory_limit_mb), name="guarded work")
    try:
        worker.start()
    except OSError:  # no fork now (process limit): unguarded is better than nothing
        send.close()
        receive.close()
        return Guarded(fn(*args))
    send.close()
    try:
        if not receive.poll(wall_limit_s):
            return Guarded(failure=f"stopped after {wall_limit_s:g} s of real time")
        try:
            kind, payload = receive.recv()
        except EOFError:
            worker.join(timeout=5.0)
            code = worker.exitcode
            why = (f"{OUT_OF_MEMORY} or killed (signal {-code})" if code is not None and code < 0
                   else f"the worker exited with code {code}")
            return Guarded(failure=why)
        return Guarded(payload) if kind == "value" else Guarded(failure=payload)
    finally:
        worker.join(timeout=2.0)
        if worker.is_alive():
            worker.kill()
            worker.join()
        receive.close()
