"""The Ray path: a local cluster with 2 CPUs gives the process pool's results, trace hash for trace
hash; the default path never imports Ray; a cluster that cannot be reached is one clear line."""

import json
import socket
import subprocess
import sys

import pytest

from runner.batch import BatchError

from .conftest import ROOT, run_main, without_wall_times

PAIR = "MAT-E01,MOT-E01"


def test_a_local_ray_cluster_gives_the_pools_results(tmp_path):
    pool, on_ray = tmp_path / "pool.json", tmp_path / "ray.json"
    r = run_main("--headless", "--suite", PAIR, "--jobs", "2", "--out", str(pool), "--quiet")
    assert r.returncode == 0, r.stderr
    r = run_main("--headless", "--suite", PAIR, "--ray", "--jobs", "2", "--out", str(on_ray))
    assert r.returncode == 0, r.stdout + r.stderr
    assert "starting or joining the cluster and leaving it" in r.stderr and "Traceback" not in r.stderr
    a, b = json.loads(pool.read_text()), json.loads(on_ray.read_text())
    assert b["backend"]["kind"] == "ray" and b["backend"]["cpus"] == 2
    hashes = [c["trace_hash"] for t in b["tasks"] for c in t["trials"][0]["conditions"]]
    assert len(hashes) == 10 and all(len(h) == 64 for h in hashes)
    assert without_wall_times(a) == without_wall_times(b)
    assert a["summary"] == b["summary"]


def test_the_default_path_does_not_import_ray():
    code = ("import sys, main\n"
            "status = main.main(['--headless', '--suite', 'MOT-E01', '--jobs', '2', '--quiet'])\n"
            "print(status, sorted(m for m in sys.modules if m == 'ray' or m.startswith('ray.')))\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "0 []"


def test_an_unreachable_cluster_is_a_usage_error():
    with socket.socket() as s:       # a port nobody listens on: bound, never listening
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
        r = run_main("--headless", "--suite", "MOT-E01", "--ray", f"127.0.0.1:{port}")
    assert r.returncode == 2 and f"cannot reach the Ray cluster at 127.0.0.1:{port}" in r.stderr
    r = run_main("--headless", "--suite", "MOT-E01", "--ray", "nonsense")
    assert r.returncode == 2 and "give 'auto', host:port or ray://host:port" in r.stderr


def test_without_ray_installed_the_message_says_how_to_install_it(monkeypatch):
    from runner.ray_backend import run_ray

    monkeypatch.setitem(sys.modules, "ray", None)     # import ray now raises ImportError
    with pytest.raises(BatchError, match=r"--ray needs Ray: pip install ray==\d"):
        run_ray([], [], lambda unit, result: None)
