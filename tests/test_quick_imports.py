"""The quick commands import neither pandas nor matplotlib, and no more of scipy than numba does.

The five commands of issue 12's half-second target (``hold``, ``classify``,
``odds``, ``chances``, ``compare``) do not import numba at all: they run on
the numpy twins of the kernels (see ``tests/test_numpy_twins.py``).

Each command runs in a fresh interpreter (as from the shell); a small wrapper
lists the modules of pandas, scipy and matplotlib loaded when it ends.  numba
itself imports parts of scipy when it is imported and when it loads a kernel
(its linear-algebra support); those parts, measured the same way for a script
that imports numba and runs one kernel, are the only ones allowed.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
HEAVY = ("pandas", "scipy", "matplotlib")

#: Runs the command line in-process, then prints the heavy modules loaded.
WRAPPER = """
import contextlib, io, json, runpy, sys
sys.argv = ["pokerdice-stats", *json.loads(sys.argv[1])]
with contextlib.redirect_stdout(io.StringIO()):
    try:
        runpy.run_module("pokerdice_stats", run_name="__main__")
    except SystemExit as stop:
        code = stop.code
    else:
        code = 0
heavy = sorted(m for m in sys.modules if m.split(".")[0] in {"pandas", "scipy", "matplotlib"})
print(json.dumps({"code": code, "modules": heavy, "numba": "numba" in sys.modules}))
"""

#: numba's own share: import it and run one kernel of the package.
BASELINE = """
import json, sys
import numpy as np
from pokerdice_stats.kernels.reroll import expect_keeps
expect_keeps(np.zeros((1, 1)), np.array([0, 1]), np.array([0]), np.array([1]), np.zeros((1, 1)))
heavy = sorted(m for m in sys.modules if m.split(".")[0] in {"pandas", "scipy", "matplotlib"})
print(json.dumps({"code": 0, "modules": heavy}))
"""

QUICK_COMMANDS = [
    ["hold", "K K J 10 9"],
    ["hold", "K K J 10 9", "--format", "json", "--distribution"],
    ["hold", "K K J 10 9", "--to-win", "--against", "Q Q Q 9 9"],
    ["hold", "6 6 6 2 1", "--rules", "progressive", "--computer-hand", "5 5 5 5 2"],
    ["classify", "K K J 10 9"],
    ["odds"],
    ["odds", "--by", "hand", "--format", "json"],
    ["chances"],
    ["chances", "--goal", "at-least:full-house", "--format", "json"],
    ["compare", "3 3 3 1 2", "6 6 6 4 5", "--rules", "triple-snakes"],
]


def _run(code: str, *args: str, env_extra: dict[str, str] | None = None) -> dict:
    env = {**os.environ, "PYTHONPATH": str(ROOT), **(env_extra or {})}
    done = subprocess.run(
        [sys.executable, "-c", code, *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.fixture(scope="module")
def numba_share() -> set[str]:
    found = _run(BASELINE)["modules"]
    assert not any(m.split(".")[0] in ("pandas", "matplotlib") for m in found)
    return set(found)


@pytest.mark.parametrize("argv", QUICK_COMMANDS, ids=[" ".join(a[:2]) for a in QUICK_COMMANDS])
def test_quick_command_skips_heavy_imports(argv, numba_share):
    found = _run(WRAPPER, json.dumps(argv))
    assert found["code"] == 0
    extra = sorted(set(found["modules"]) - numba_share)
    assert extra == [], f"{' '.join(argv)} imports {extra[:5]}"


#: The five commands of issue 12's half-second target, on every turn rule the
#: hold program knows: they run on the numpy twins of the kernels, never on numba.
WITHOUT_NUMBA = [
    ["hold", "K K J 10 9"],
    ["hold", "K K J 10 9", "--format", "json", "--distribution"],
    ["hold", "A A K 9 9", "--rules", "classic", "--set", "sticky_holds=true"],
    ["hold", "A A K 9 9", "--rules", "classic", "--set", "max_rethrow=3"],
    ["hold", "6 6 6 2 1", "--rules", "progressive", "--computer-hand", "5 5 5 5 2"],
    ["classify", "K K J 10 9", "--rules", "gameweave", "--set", "wild=A"],
    ["odds", "--rules", "triple-snakes"],
    ["chances"],
    ["chances", "--rules", "classic", "--set", "max_rethrow=3", "--set", "max_rethrow_scope=throw"],
    ["compare", "A A J J 9", "A A 10 10 K"],
]


@pytest.mark.parametrize("argv", WITHOUT_NUMBA, ids=[" ".join(a) for a in WITHOUT_NUMBA])
def test_quick_command_does_not_import_numba(argv):
    found = _run(WRAPPER, json.dumps(argv))
    assert found["code"] == 0
    assert found["numba"] is False


#: ``hold --to-win`` for every number of players left (2 to 5 players in the round).
TO_WIN = [
    ["hold", "K K J 10 9", "--to-win", "--against", "Q Q Q 9 9", "--players-left", str(n)]
    for n in range(4)
] + [
    ["hold", "K K J 10 9", "--to-win", "--players-left", "2", "--set", "throw_limit=first-player"],
    ["hold", "3 3 5 6 1", "--rules", "triple-snakes", "--to-win", "--players-left", "4"],
]


@pytest.mark.parametrize("argv", TO_WIN, ids=[" ".join(a[5:]) for a in TO_WIN])
def test_to_win_with_saved_round_tables_does_not_import_numba(argv, tmp_path, numba_share):
    """Once a round's tables are saved, ``hold --to-win`` solves one goal on the twins."""
    env = {"POKERDICE_CACHE_DIR": str(tmp_path)}
    assert _run(WRAPPER, json.dumps(argv), env_extra=env)["code"] == 0  # solves, saves
    found = _run(WRAPPER, json.dumps(argv), env_extra=env)
    assert found["code"] == 0
    assert found["numba"] is False
    assert found["modules"] == []


@pytest.mark.parametrize("left", ["0", "1", "2", "3"])
def test_a_round_over_hands_is_solved_without_numba(left, tmp_path):
    """Rounds over hands, up to 5 players (``ROUND_QUICK_PLAYERS``), solve on the
    twins, tables or not."""
    argv = ["hold", "K K J 10 9", "--to-win", "--against", "Q Q Q 9 9", "--players-left", left]
    found = _run(WRAPPER, json.dumps(argv), env_extra={"POKERDICE_CACHE_DIR": str(tmp_path)})
    assert found["code"] == 0
    assert found["numba"] is False


def test_a_game_does_import_numba(tmp_path):
    """The check can fail: a round of 3 players with sticky holds (4,368 states) and
    no saved tables loads the compiled kernels."""
    argv = ["hold", "K K J 10 9", "--to-win", "--against", "Q Q Q 9 9", "--players-left", "1"]
    argv += ["--rules", "classic", "--set", "sticky_holds=true"]
    found = _run(WRAPPER, json.dumps(argv), env_extra={"POKERDICE_CACHE_DIR": str(tmp_path)})
    assert found["code"] == 0
    assert found["numba"] is True


def test_a_table_command_does_import_pandas():
    """The check can fail: a command that builds a frame is caught."""
    found = _run(WRAPPER, json.dumps(["rules", "list"]))
    assert any(m == "pandas" for m in found["modules"])
