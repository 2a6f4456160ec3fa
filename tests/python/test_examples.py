"""The examples (examples/python/) and the benchmark run, briefly: they are
documentation, so they must not go stale."""

import os
import re
import subprocess
import sys

import pytest

import cardhall
from conftest import need_hooks

ROOT = os.environ.get("CH_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", ".."))


def run(*args, timeout=600):
    # The child imports the cardhall this test imported, wherever it is.
    env = dict(os.environ, PYTHONPATH=os.path.dirname(os.path.dirname(cardhall.__file__)))
    out = subprocess.run([sys.executable, *args], capture_output=True, text=True,
                         timeout=timeout, cwd=ROOT, env=env)
    assert out.returncode == 0, out.stderr
    return out.stdout


def test_random_agent():
    need_hooks("comrade")
    out = run("examples/python/random_agent.py", "comrade", "--seed", "2")
    assert "over: True" in out and "returns: [" in out and "VectorEnv: 16 slots" in out


def test_reinforce_smoke(tmp_path):
    need_hooks("babasuki")
    svg = tmp_path / "curve.svg"
    out = run("examples/python/reinforce.py", "--iters", "2", "--games", "8", "--envs", "8",
              "--eval-games", "16", "--eval-every", "1", "--svg", str(svg))
    assert "against random:" in out and "against heuristic:" in out
    text = svg.read_text()
    assert text.startswith("<svg") and "<polyline" in text and text.count("<circle") == 3


def test_bench_runs_with_or_without_pyspiel():
    need_hooks("racko")
    out = run("bench/python/bench.py", "--seconds", "0.05", "--rounds", "1", "--envs", "8",
              "--games", "racko")
    assert "racko" in out and "nocopy" in out
    # pyspiel where the benchmark's Python finds it (build_pyspiel.sh's folder on
    # PYTHONPATH): Rack-O against gin_rummy, a ratio for each of the four columns.
    if "pyspiel not found" not in out:
        row = next(line for line in out.splitlines() if line.startswith("gin_rummy"))
        assert len(re.findall(r"\d+\.\dx", row)) == 4
