"""The quick commands import neither pandas nor matplotlib, and no more of scipy than numba does.

The five commands of issue 12's half-second target (``hold``, ``classify``,
``odds``, ``chances``, ``compare``) do not import numba at all: they run on
the numpy twins of the kernels (see ``tests/test_numpy_twins.py``).

The commands of a list run one after another in a fresh interpreter (as from the
shell, one interpreter a list rather than a command: each start costs about a second);
a small wrapper lists the modules of pandas, scipy and matplotlib loaded after each.
Modules never unload, so what is loaded after the last command is everything any of
them loaded, and a module too many is named with the first command that loaded it.
numba itself imports parts of scipy when it is imported and when it loads a kernel
(its linear-algebra support); those parts, measured the same way for a script that
imports numba and runs one kernel, are the only ones allowed.
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

#: Runs each command line in turn in-process; after each, prints the heavy modules loaded.
WRAPPER = """
import contextlib, io, json, runpy, sys
for argv in json.loads(sys.argv[1]):
    sys.argv = ["pokerdice-stats", *argv]
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


def _run(code: str, *args: str, env_extra: dict[str, str] | None = None) -> list[dict]:
    """The records ``code`` printed, one a line (the wrapper: one a command)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), **(env_extra or {})}
    done = subprocess.run(
        [sys.executable, "-c", code, *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return [json.loads(line) for line in done.stdout.strip().splitlines()]


def _commands(argvs: list[list[str]], env_extra: dict[str, str] | None = None) -> list[dict]:
    """Run the commands in turn in one fresh interpreter; each record gains ``argv`` and
    ``new_modules`` (the heavy modules it was the first to load) and must end with 0."""
    records = _run(WRAPPER, json.dumps(argvs), env_extra=env_extra)
    assert len(records) == len(argvs)
    seen: set[str] = set()
    for argv, record in zip(argvs, records, strict=True):
        record["argv"] = " ".join(argv)
        record["new_modules"] = sorted(set(record["modules"]) - seen)
        seen |= set(record["modules"])
        assert record["code"] == 0, record["argv"]
    return records


def _first_with_numba(records: list[dict]) -> str | None:
    """The first command after which numba was loaded (None: none of them loaded it)."""
    return next((r["argv"] for r in records if r["numba"]), None)


@pytest.fixture(scope="module")
def numba_share() -> set[str]:
    found = _run(BASELINE)[-1]["modules"]
    assert not any(m.split(".")[0] in ("pandas", "matplotlib") for m in found)
    return set(found)


def test_quick_commands_skip_heavy_imports(numba_share):
    for record in _commands(QUICK_COMMANDS):
        extra = sorted(set(record["new_modules"]) - numba_share)
        assert extra == [], f"{record['argv']} imports {extra[:5]}"


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


def test_quick_commands_do_not_import_numba():
    assert _first_with_numba(_commands(WITHOUT_NUMBA)) is None


#: ``hold --to-win`` for every number of players left (2 to 5 players in the round).
TO_WIN = [
    ["hold", "K K J 10 9", "--to-win", "--against", "Q Q Q 9 9", "--players-left", str(n)]
    for n in range(4)
] + [
    ["hold", "K K J 10 9", "--to-win", "--players-left", "2", "--set", "throw_limit=first-player"],
    ["hold", "3 3 5 6 1", "--rules", "triple-snakes", "--to-win", "--players-left", "4"],
]


def test_to_win_with_saved_round_tables_does_not_import_numba(tmp_path):
    """Once a round's tables are saved, ``hold --to-win`` solves one goal on the twins."""
    env = {"POKERDICE_CACHE_DIR": str(tmp_path)}
    _commands(TO_WIN, env)  # solves, saves
    again = _commands(TO_WIN, env)  # a new interpreter: the tables from the cache folder
    assert _first_with_numba(again) is None
    assert again[-1]["modules"] == []


def test_a_round_over_hands_is_solved_without_numba(tmp_path):
    """Rounds over hands, up to 5 players (``ROUND_QUICK_PLAYERS``), solve on the
    twins, tables or not."""
    base = ["hold", "K K J 10 9", "--to-win", "--against", "Q Q Q 9 9", "--players-left"]
    argvs = [[*base, left] for left in ("3", "2", "1", "0")]
    records = _commands(argvs, {"POKERDICE_CACHE_DIR": str(tmp_path)})
    assert _first_with_numba(records) is None


def test_a_game_does_import_numba(tmp_path):
    """The check can fail: a round of 3 players with sticky holds (4,368 states) and
    no saved tables loads the compiled kernels."""
    argv = ["hold", "K K J 10 9", "--to-win", "--against", "Q Q Q 9 9", "--players-left", "1"]
    argv += ["--rules", "classic", "--set", "sticky_holds=true"]
    records = _commands([argv], {"POKERDICE_CACHE_DIR": str(tmp_path)})
    assert _first_with_numba(records) == " ".join(argv)


def test_a_table_command_does_import_pandas():
    """The check can fail: a command that builds a frame is caught."""
    records = _commands([["hold", "K K J 10 9"], ["rules", "list"]])
    assert "pandas" not in records[0]["new_modules"] and "pandas" in records[1]["new_modules"]


@pytest.mark.xdist_group("bidding_fine")  # the fine solve kept once a run (the main job's)
def test_a_fine_bidding_answer_from_the_cache_loads_no_heavy_module():
    """``bidding --ladder fine --hand --bids`` read back from the cache folder: the claims
    solution and the position's walk only (no linear program, no numba; pandas only to
    draw the table)."""
    argv = ["bidding", "--ladder", "fine", "--hand", "Q Q Q 9 9", "--bids", "full-house:K"]
    _commands([argv])  # solves and keeps it, unless the cache has it already
    json_answer, table = _commands([[*argv, "--format", "json"], argv])
    assert json_answer["numba"] is False and json_answer["modules"] == []
    assert table["numba"] is False
    assert not any(m.split(".")[0] == "scipy" for m in table["modules"])


def test_the_category_bidding_summary_from_the_cache_loads_no_numba():
    """``bidding --format json`` (the value, bounds, opening table and players) read back
    from the cache folder: its sums of products are NumPy's alone, no numba."""
    argv = ["bidding", "--ladder", "category", "--format", "json"]
    _commands([argv])  # solves and keeps it, unless the cache has it already
    [again] = _commands([argv])
    assert again["numba"] is False


def test_a_category_bidding_answer_from_the_cache_loads_no_heavy_module():
    """``bidding --hand --bids`` on the category ladder read back from the cache folder:
    the solution and the position's walk, without the linear program or pandas."""
    argv = ["bidding", "--hand", "Q Q Q 9 9", "--bids", "full-house", "--format", "json"]
    _commands([argv])  # solves and keeps it, unless the cache has it already
    [again] = _commands([argv])
    assert again["numba"] is False and again["modules"] == []
