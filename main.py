"""Command line: check an ST file, run it without a plant, grade it on a task, open the debugger.

    python main.py --check program.st
    python main.py --headless --program program.st --scans 100 --watch a,b --json
    python main.py --list
    python main.py --task MAT-E01 --prompt
    python main.py --headless --task MAT-E01 [--program program.st] [--condition C]
    python main.py --task MAT-E01 [--program program.st] [--condition C]     (desktop debugger)

    python main.py --headless --task MAT-E01 --program program.st --sample 20 [--seed 7] [--sample-only]
    python main.py --headless --task MAT-E01 --trace DIR [--trace-vars Timer1.ET,State]   (VCD + CSV)
    python main.py --serve-modbus --task MAT-E01 [--condition C] [--host H] [--port N] [--realtime|--lockstep]
    python main.py --serve-modbus --task MAT-E01 --print-map

    python main.py --headless --suite all [--submissions DIR] [--trials K] [--jobs N] [--out R.json]
                   [--csv R.csv] [--ray [ADDRESS]]                    (batch grading, runner/)
    python main.py --compare A.json B.json
    python main.py --export-harbor OUT [--select SEL] [--dataset NAME --version V]

Exit codes: 0 success (clean check, reward 1 and every sampled condition passed), 1 failure
(errors, reward 0, a failed condition), 2 bad usage, 3 every condition of a partial run
(--condition, --sample-only) passed: the task itself was not graded.
"""

from __future__ import annotations

import argparse
import sys

from runner.loading import LoadError

EXIT_USAGE = 2


class UsageError(Exception):
    """A mistake on the command line: reported in one line, exit 2."""


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="main.py",
        description="Plant simulator, grader and visual debugger for IEC 61131-3 Structured Text.",
    )
    p.add_argument("--check", metavar="FILE", help="compile FILE and print its diagnostics")
    p.add_argument("--headless", action="store_true", help="run without a window")
    p.add_argument("--program", metavar="FILE", help="the ST program (default: the task's reference)")
    p.add_argument("--task", metavar="ID", help="task id, e.g. MAT-E01 (see --list)")
    p.add_argument("--condition", metavar="C",
                   help="run only this condition of the task (a partial run: it reports no reward)")
    p.add_argument("--sample", type=int, metavar="N",
                   help="also grade N conditions drawn from the task's published ranges (see --seed)")
    p.add_argument("--seed", type=int, metavar="S", help="seed of the sampled conditions (default 0)")
    p.add_argument("--sample-only", action="store_true",
                   help="grade only the sampled conditions (a partial run: it reports no reward)")
    p.add_argument("--list", action="store_true", help="list the tasks")
    p.add_argument("--prompt", action="store_true", help="print the task's instruction as an agent gets it")
    p.add_argument(
        "--scans", type=int, metavar="N",
        help="without a task: run N scans of 10 ms; with --snapshot: the picture right after scan N",
    )
    p.add_argument("--watch", metavar="A,B,C", help="without a task: variables to report after the last scan")
    p.add_argument(
        "--json", nargs="?", const="-", metavar="FILE",
        help="machine-readable result: to stdout, or the full report to FILE",
    )
    p.add_argument("--reward-file", metavar="FILE", help="write 1 or 0 to FILE")
    p.add_argument("--snapshot", metavar="PNG", help="write a picture of the plant at --scans N and exit")
    p.add_argument("--quiet", action="store_true", help="no progress output")
    p.add_argument(
        "--memory-limit", type=int, metavar="MB",
        help="memory each worker (compiling, each condition) may take beyond the grader's own "
             "(default 2048; 0: no limit); past it the condition fails with 'out of memory'",
    )
    p.add_argument("--trace", metavar="DIR",
                   help="grading: write <condition>.vcd and <condition>.csv traces to DIR")
    p.add_argument("--trace-vars", metavar="A,B", help="with --trace: also trace these program variables")
    p.add_argument("--serve-modbus", action="store_true",
                   help="serve the task's plant to a PLC over Modbus TCP (see --print-map)")
    p.add_argument("--host", metavar="ADDR", help="--serve-modbus: address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, metavar="N", help="--serve-modbus: TCP port (default 5020)")
    p.add_argument("--realtime", action="store_true",
                   help="--serve-modbus: the plant advances 10 ms every 10 ms of wall time (default)")
    p.add_argument("--lockstep", action="store_true",
                   help="--serve-modbus: the plant advances one scan per write of the step register")
    p.add_argument("--print-map", action="store_true", help="print the task's Modbus address map and exit")
    batch = p.add_argument_group("benchmark runs (runner/)")
    batch.add_argument("--suite", metavar="SEL",
                       help="grade a selection: all, MAT, MOT, E, M, H, MOT-H, or task ids, comma-separated")
    batch.add_argument("--submissions", metavar="DIR",
                       help="DIR/<ID>.st, DIR/<ID>/program.st or DIR/<ID>/<trial>/program.st "
                            "(default: the reference programs)")
    batch.add_argument("--trials", type=int, metavar="K", help="trials per task (missing ones earn 0)")
    batch.add_argument("--jobs", type=int, metavar="N", help="conditions graded at once (default: the cores)")
    batch.add_argument("--out", metavar="FILE", help="write the results (JSON) to FILE")
    batch.add_argument("--csv", metavar="FILE", help="write one row per task, trial and condition to FILE")
    batch.add_argument("--ray", nargs="?", const="local", metavar="ADDRESS",
                       help="grade on Ray: a local cluster, 'auto' or a cluster address")
    batch.add_argument("--compare", nargs=2, metavar=("A.json", "B.json"),
                       help="the tasks whose reward differs between two results files")
    batch.add_argument("--export-harbor", metavar="OUT", help="write the tasks as Harbor task folders to OUT")
    batch.add_argument("--select", metavar="SEL",
                       help="with --export-harbor: the tasks (as --suite; default all)")
    batch.add_argument("--dataset", metavar="NAME", help="with --export-harbor: the dataset's name")
    batch.add_argument("--version", metavar="V", help="with --export-harbor: the dataset's version")
    batch.add_argument("--git-url", metavar="URL",
                       help="with --export-harbor: the repository the export is published in (registry.json)")
    batch.add_argument("--git-commit", metavar="SHA",
                       help="with --git-url: the commit to take the tasks from")
    batch.add_argument("--git-path", metavar="DIR",
                       help="with --git-url: the export's folder inside that repository (default: its root)")
    return p


# --- wiring: the program (st/) to the task's plant (tasks/, sim/) -----------------------------


def load_task(task_id: str):
    from runner.loading import find_task

    return find_task(task_id)


def list_command() -> int:
    import tasks
    from sim.evaluator import EVALUATOR_VERSION, task_fingerprint

    print(f"evaluator version {EVALUATOR_VERSION}; fingerprint = sha256 of each task's definition")
    for task in tasks.all_tasks():
        print(f"{task.id:9} {task.suite} {task.level}  {task_fingerprint(task)[7:19]}  {task.title}")
    return 0


def prompt_command(task_id: str) -> int:
    from runner.prompt import task_prompt

    print(task_prompt(load_task(task_id)))
    return 0


def resolve_program(task, given: str | None) -> tuple[str, bool]:
    """The program file to grade, and whether it is the task's own reference."""
    from runner.loading import program_path

    path, is_reference = program_path(task, given)
    return str(path), is_reference


def select_conditions(task, condition: str | None, sample: int | None = None, seed: int | None = None,
                      sample_only: bool = False):
    """The conditions to grade: the registered ones (None), one of them, and/or sampled ones."""
    if (sample_only or seed is not None) and not sample:
        raise UsageError("--sample-only and --seed need --sample N")
    if sample is not None and sample < 1:
        raise UsageError("--sample must be 1 or more")
    if sample and condition is not None:
        raise UsageError("--condition cannot be used with --sample")
    if sample:
        if task.sampler is None:
            raise UsageError(f"task {task.id} cannot draw sampled conditions")
        drawn = task.sample(sample, seed or 0)
        return drawn if sample_only else [*task.conditions, *drawn]
    if condition is None:
        return None
    from runner.loading import find_condition

    return [find_condition(task, condition)]


EXIT_PARTIAL = 3   # every condition of a partial run passed: the task itself was not graded


def grade_command(task_id, program_path, condition, json_path=None, reward_path=None, quiet=False,
                  sample=None, seed=None, sample_only=False, trace_dir=None, trace_vars=None,
                  memory_limit_mb=None) -> int:
    from rich.console import Console

    import st
    from runner.guarded import preflight
    from sim.evaluator import evaluator_stamp
    from sim.verifier import grade, render_report, report_for_compile_error

    task = load_task(task_id)
    path, is_reference = resolve_program(task, program_path)
    conditions = select_conditions(task, condition, sample, seed, sample_only)
    if reward_path and (condition is not None or sample_only):
        raise UsageError("--reward-file needs a full run: a run of part of the task has no reward")
    to_stdout_json = json_path == "-"
    out = Console(stderr=to_stdout_json, highlight=False, width=None if sys.stdout.isatty() else 140)
    err = Console(stderr=True, highlight=False, soft_wrap=True)
    for target in (json_path, reward_path):
        check_writable(target)
    if is_reference:
        out.print(f"No --program given: grading the reference program of {task.id} ({path})")

    # compiling and building the variables run guarded: their cost is the program's choice
    pre = preflight(task, path, memory_limit_mb)
    if pre.diagnostics or pre.failure:  # errors, or warnings worth seeing before the verdict
        err.print(pre.failure or pre.diagnostics, markup=False, highlight=False)
    io_warnings: list[str] = []
    comp = st.compile_file(path) if pre.ok else None  # within the bounds the guarded compile proved
    if comp is None or not comp.ok:
        records = pre.records if comp is None else [d.to_dict() for d in comp.diagnostics]
        report = report_for_compile_error(task, pre.compile_error or comp.format_diagnostics(), records)
    else:
        program = comp.program
        io_warnings = pre.io_warnings
        for text in io_warnings:
            err.print(f"{path}: warning: {text}", markup=False, highlight=False)
        observe = trace_observer(trace_dir, trace_vars, program) if trace_dir else None
        progress_cb, finish = progress_reporter(err, quiet)
        try:
            report = grade(task, program.instantiate, conditions=conditions, progress=progress_cb,
                           memory_limit_mb=memory_limit_mb,
                           **({"observe": observe} if observe else {}))
        finally:
            finish()
        report.diagnostics = pre.records  # the warnings, as data
    render_report(report, out, task)
    data = report.to_dict()
    data.update(evaluator_stamp(task))
    data["program"] = path
    data["io_warnings"] = io_warnings
    if not write_results(data, json_path, reward_path, report.reward):
        return 1
    if report.reward is None:
        return EXIT_PARTIAL if report.all_passed else 1
    return 0 if report.reward == 1 and report.all_passed else 1


def write_results(data: dict, json_path: str | None, reward_path: str | None, reward: int | None) -> bool:
    """The JSON report and the reward file; a write that fails after all is one line on stderr (the
    other file is still written). False when one failed."""
    import json

    text = json.dumps(data, indent=2)
    if json_path == "-":
        print(text)
    ok = True
    for target, content in ((json_path, text + "\n"), (reward_path, f"{reward}\n")):
        if target in (None, "-"):
            continue
        try:
            with open(target, "w", encoding="utf-8") as fh:
                fh.write(content)
        except OSError as exc:
            print(f"main.py: error: cannot write {target}: {exc.strerror or exc}", file=sys.stderr)
            ok = False
    return ok


def trace_observer(trace_dir: str, trace_vars: str | None, program):
    from runner.trace_files import TraceSetupError, grading_observer

    try:
        return grading_observer(trace_dir, trace_vars, program.instantiate())
    except TraceSetupError as exc:
        raise UsageError(str(exc)) from None


def check_writable(target: str | None) -> None:
    """Refuse an output file we could not write, before spending minutes on grading."""
    import os

    if target in (None, "-"):
        return
    if not target.strip():
        raise UsageError("an output file name is empty")
    import stat

    try:
        mode = os.stat(target).st_mode
    except OSError:
        mode = None
    if mode is not None and not stat.S_ISREG(mode) and not stat.S_ISDIR(mode):
        # a FIFO would block the write, a device (/dev/full) fail it after the whole grading
        raise UsageError(f"cannot write {target}: it is not a regular file")
    if mode is not None and stat.S_ISREG(mode):
        try:  # appending changes nothing, and fails where a write would (read-only, /proc/version)
            open(target, "ab").close()
        except OSError as exc:
            raise UsageError(f"cannot write {target}: {exc.strerror or 'the file is not writable'}") from None
    folder = os.path.dirname(os.path.abspath(target))
    if not os.path.isdir(folder):
        raise UsageError(f"cannot write {target}: folder {folder} does not exist")
    if os.path.isdir(target):
        raise UsageError(f"cannot write {target}: it is a folder")
    if not os.access(folder, os.W_OK):
        raise UsageError(f"cannot write {target}: folder {folder} is not writable")


def progress_reporter(console, quiet: bool):
    """A progress callback for the verifier (a rich bar on stderr) and its closer."""
    if quiet or not console.is_terminal:
        return None, lambda: None
    from rich.progress import Progress

    bar = Progress(console=console, transient=True)
    bar.start()
    tasks_by_condition: dict = {}

    def update(event) -> None:
        key = event.condition
        if key not in tasks_by_condition:
            tasks_by_condition[key] = bar.add_task(f"condition {key}", total=event.total)
        bar.update(tasks_by_condition[key], completed=event.done)

    return update, bar.stop


# Which options each way of running accepts; anything else given with it is a usage error,
# so that a flag is never silently ignored.
MODES = {
    "check": {"check", "memory_limit"},
    "list": {"list"},
    "run": {"headless", "program", "scans", "watch", "json", "memory_limit"},
    "prompt": {"task", "prompt"},
    "snapshot": {"headless", "task", "program", "condition", "scans", "snapshot"},
    "grade": {"headless", "task", "program", "condition", "json", "reward_file", "quiet", "sample", "seed",
              "sample_only", "trace", "trace_vars", "memory_limit"},
    "serve": {"serve_modbus", "task", "condition", "host", "port", "realtime", "lockstep", "quiet"},
    "modbus-map": {"serve_modbus", "task", "print_map"},
    "debugger": {"task", "program", "condition"},
    "batch": {"headless", "suite", "submissions", "trials", "jobs", "out", "csv", "ray", "quiet",
              "memory_limit"},
    "compare": {"compare"},
    "export": {"export_harbor", "select", "dataset", "version", "git_url", "git_commit", "git_path"},
}


def choose_mode(args: argparse.Namespace) -> str:
    if args.check:
        return "check"
    if args.list:
        return "list"
    if (args.serve_modbus or args.print_map) and args.task is None:
        raise UsageError("--serve-modbus and --print-map need --task ID")
    if args.compare:
        return "compare"
    if args.export_harbor:
        return "export"
    if args.suite:
        return "batch"
    if args.task is None:
        if args.headless and args.program:
            if args.scans is None:
                raise UsageError("--scans N is required to run a program without a task")
            return "run"
        raise UsageError(
            "nothing to do: give --check FILE, --list, --task ID, "
            "or --headless --program FILE --scans N (see --help)"
        )
    if args.print_map:
        return "modbus-map"
    if args.serve_modbus:
        return "serve"
    if args.prompt:
        return "prompt"
    if args.snapshot:
        return "snapshot"
    return "grade" if args.headless else "debugger"


def check_options(args: argparse.Namespace, mode: str) -> None:
    # `is`, not `in`: --scans 0 is a value given (0 == False would hide it)
    given = {name for name, value in vars(args).items() if value is not None and value is not False}
    extra = sorted(given - MODES[mode])
    if extra:
        flags = ", ".join("--" + name.replace("_", "-") for name in extra)
        raise UsageError(f"{flags} cannot be used here ({mode}); see --help")
    if args.scans is not None and args.scans < 0:
        raise UsageError("--scans must be 0 or more")
    if args.trace_vars is not None and args.trace is None:
        raise UsageError("--trace-vars needs --trace DIR")
    if args.memory_limit is not None and args.memory_limit < 0:
        raise UsageError("--memory-limit must be 0 (no limit) or more MB")


def memory_limit_mb(given: int | None) -> int | None:
    """The --memory-limit in MiB for the workers: the default when not given, None for 0 (no limit)."""
    from sim.guard import DEFAULT_MEMORY_LIMIT_MB

    if given is None:
        return DEFAULT_MEMORY_LIMIT_MB
    return given or None


def dispatch(args: argparse.Namespace) -> int:
    mode = choose_mode(args)
    check_options(args, mode)
    memory_limit = memory_limit_mb(args.memory_limit)
    if mode == "check":
        from runner.guarded import check_command

        return check_command(args.check, memory_limit)
    if mode == "list":
        return list_command()
    if mode == "run":
        from runner.guarded import run_program_command

        return run_program_command(args.program, args.scans, args.watch, args.json, memory_limit)
    if mode == "prompt":
        return prompt_command(args.task)
    if mode == "snapshot":
        from app.snapshot import snapshot_command

        return snapshot_command(args.task, args.program, args.condition, args.scans or 0, args.snapshot)
    if mode == "grade":
        return grade_command(
            args.task, args.program, args.condition,
            json_path=args.json, reward_path=args.reward_file, quiet=args.quiet,
            sample=args.sample, seed=args.seed, sample_only=args.sample_only,
            trace_dir=args.trace, trace_vars=args.trace_vars, memory_limit_mb=memory_limit,
        )
    if mode in ("serve", "modbus-map"):
        from runner.modbus_server import ModbusSetupError, print_map_command, serve_command

        try:
            if mode == "modbus-map":
                return print_map_command(load_task(args.task))
            return serve_command(load_task(args.task), args.condition, host=args.host,
                                 port=args.port, realtime=args.realtime, lockstep=args.lockstep,
                                 quiet=args.quiet)
        except ModbusSetupError as exc:
            raise UsageError(str(exc)) from None
    if mode in ("batch", "compare", "export"):
        return runner_command(mode, args)
    from app.main import launch

    return launch(args.task, args.program, args.condition)


def runner_command(mode: str, args: argparse.Namespace) -> int:
    """The benchmark's ways of running live in runner/; their bad input is a usage error here."""
    from runner.batch import BatchError

    for target in (args.out, args.csv):
        check_writable(target)
    try:
        if mode == "batch":
            from runner.batch import batch_command

            return batch_command(args.suite, args.submissions, args.trials, args.jobs, args.out, args.csv,
                                 args.ray, args.quiet, memory_limit_mb(args.memory_limit))
        if mode == "compare":
            from runner.compare import compare_command

            return compare_command(*args.compare)
        from runner.harbor import export_command

        return export_command(args.export_harbor, args.select or "all", args.dataset, args.version,
                              args.git_url, args.git_commit, args.git_path)
    except BatchError as exc:
        raise UsageError(str(exc)) from None


def main(argv: list[str] | None = None) -> int:
    from tasks import BrokenTask  # the registry only: no task module is imported here

    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return dispatch(args)
    except (UsageError, LoadError, BrokenTask) as exc:
        print(f"main.py: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): not an error of ours; silence the flush at exit.
        sys.stderr.close()
        return 0


if __name__ == "__main__":
    sys.exit(main())
