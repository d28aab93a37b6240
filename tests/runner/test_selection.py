"""Selections (`all`, a suite, a level, both, ids, lists) and submission layouts."""

import pytest

import tasks
from runner.selection import BadSelection, select_tasks
from runner.submissions import SubmissionError, find_submissions, trial_order


def ids(selection: str) -> list[str]:
    return [t.id for t in select_tasks(selection)]


def test_selections_name_the_tasks_in_registry_order():
    every = [t.id for t in tasks.all_tasks()]
    assert ids("all") == every
    assert ids("MOT") == [i for i in every if i.startswith("MOT")]
    assert ids("h") == [t.id for t in tasks.all_tasks() if t.level == "H"]
    assert ids("MOT-H") == [t.id for t in tasks.all_tasks() if t.suite == "MOT" and t.level == "H"]
    first, last = every[0], every[-1]
    assert ids(f"{last}, {first.lower()}") == [first, last]      # registry order, case-insensitive
    assert ids(f"MAT,{every[0]}") == [i for i in every if i.startswith("MAT")]   # each task once


def test_a_bad_selection_lists_the_valid_choices():
    with pytest.raises(BadSelection) as exc:
        select_tasks("MAT,XYZ-E99")
    text = str(exc.value)
    assert "unknown selection XYZ-E99" in text
    assert "all, MAT, MOT, E, M, H, MAT-E" in text and tasks.ids()[0] in text
    with pytest.raises(BadSelection, match="empty selection"):
        select_tasks(" , ")


def write(path, text="PROGRAM Main\nEND_PROGRAM\n"):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def test_the_three_layouts_and_missing_trials(tmp_path):
    chosen = [tasks.get(i) for i in tasks.ids()[:3]]
    a, b, c = (t.id for t in chosen)
    write(tmp_path / f"{a.lower().replace('-', '_')}.st")          # DIR/<ID>.st, id spelt loosely
    write(tmp_path / b / "program.st")                               # DIR/<ID>/program.st
    for trial in ("10", "2", "run-a"):
        write(tmp_path / c / trial / "program.st")                   # DIR/<ID>/<trial>/program.st
    write(tmp_path / "notes.st")
    subs, notes = find_submissions(tmp_path, chosen)
    got = [(s.task_id, s.trial, s.path is not None) for s in subs]
    # c has 3 trials, so every task must: the others' missing trials take the next free numbers
    assert got == [(a, "1", True), (a, "2", False), (a, "3", False),
                   (b, "1", True), (b, "2", False), (b, "3", False),
                   (c, "2", True), (c, "10", True), (c, "run-a", True)]
    assert len(notes) == 1 and "notes.st: no task notes" in notes[0]
    subs, _ = find_submissions(tmp_path, chosen[:2], trials=2)
    assert [(s.task_id, s.trial, s.path is None) for s in subs] == [
        (a, "1", False), (a, "2", True), (b, "1", False), (b, "2", True)]


def test_refused_folders(tmp_path):
    task = tasks.all_tasks()[0]
    with pytest.raises(SubmissionError, match="submissions folder not found"):
        find_submissions(tmp_path / "nope", [task])
    write(tmp_path / f"{task.id}.st")
    write(tmp_path / task.id / "program.st")
    with pytest.raises(SubmissionError, match="more than one layout"):
        find_submissions(tmp_path, [task])
    (tmp_path / f"{task.id}.st").unlink()
    (tmp_path / task.id / "program.st").unlink()
    for trial in "123":
        write(tmp_path / task.id / trial / "program.st")
    with pytest.raises(SubmissionError, match="has 3 trials .* but --trials is 2"):
        find_submissions(tmp_path, [task], trials=2)


def test_trials_sort_numbers_by_value():
    assert sorted(["10", "9", "b", "a2", "a10"], key=trial_order) == ["9", "10", "a2", "a10", "b"]
