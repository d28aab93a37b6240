"""A task folder whose task.py does not load (being written, or broken) gets one clear message
naming the file and line, never a traceback; the other tasks still load by id."""

import sys

import pytest

import main
import tasks


@pytest.fixture
def task_folders(tmp_path, monkeypatch):
    """tasks/ as the registry sees it, in tmp_path: write folders into it."""
    monkeypatch.setattr(tasks, "_HERE", tmp_path)
    monkeypatch.setattr(tasks, "__path__", [str(tmp_path), *tasks.__path__])
    monkeypatch.setattr(tasks, "_loaded", {})
    yield tmp_path
    for name in [m for m in sys.modules if m.startswith("tasks.zz_")]:
        del sys.modules[name]


def _folder(root, name, text):
    (root / name).mkdir()
    (root / name / "task.py").write_text(text)


def test_an_error_in_task_py_names_its_file_and_line(task_folders):
    _folder(task_folders, "zz_e98", "x = 1\nTASK = undefined_name\n")
    with pytest.raises(tasks.BrokenTask) as err:
        tasks.get("ZZ-E98")
    assert "zz_e98/task.py:2" in str(err.value) and "NameError" in str(err.value)


def test_a_syntax_error_and_a_missing_task_are_named(task_folders):
    _folder(task_folders, "zz_e97", "def broken(:\n")
    _folder(task_folders, "zz_e96", "TITLE = 'no TASK here'\n")
    with pytest.raises(tasks.BrokenTask, match=r"zz_e97/task.py:1.*SyntaxError"):
        tasks.get("zz-e97")
    with pytest.raises(tasks.BrokenTask, match="must define TASK"):
        tasks.get("zz-e96")


def test_the_command_line_says_which_task_is_broken_without_a_traceback(task_folders, capsys):
    _folder(task_folders, "zz_e98", "raise RuntimeError('half written')\n")
    assert main.main(["--list"]) == 2
    err = capsys.readouterr().err
    assert "zz_e98/task.py:1" in err and "half written" in err and "Traceback" not in err
