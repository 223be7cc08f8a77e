"""Hostile argument lists thrown at the command line: never a traceback.

Each list is built from a fixed seed: a command, then options with values drawn
from a pool of malformed, huge, empty, non-ASCII and out-of-range texts.  Every
run must end with status 0 or 2, and a refusal must be one message line (options
that do not parse included: no usage summary before it).
"""

from __future__ import annotations

import random

import pytest
from cli_helpers import run_cli

from pokerdice_stats.ground import limits

COMMANDS = {
    "hold": [
        "--throws-left",
        "--goal",
        "--aside",
        "--tied",
        "--players-left",
        "--limit",
        "--exact",
    ],
    "chances": ["--goal", "--throws"],
    "classify": [],
    "odds": ["--by"],
    "round": ["--players", "--seat", "--tied", "--limit", "--throws-left"],
    "match": ["--players", "--to", "--starter"],
    "holdup": ["--players-left", "--limit", "--throws"],
    "betting": ["--players", "--ante", "--raise", "--raises", "--seat", "--pot"],
    "payout": ["--rounds", "--start", "--schedule", "--solve", "--target"],
    "strategy": ["--out", "--goal"],
    "simulate": ["--n", "--seed", "--workers", "--what", "--players", "--rounds", "--to"],
}

HOSTILE = [
    "",
    " ",
    "-1",
    "0",
    "+3",
    "1_0",
    "٣",
    "3.5",
    "1e9",
    "nan",
    "inf",
    str(2**63),
    str(2**64),
    str(-(2**63)),
    "9" * 5000,
    "K" * 100_000,
    "K K J 10 9",
    "A A A A A A",
    "/dev/zero",
    "/",
    ".",
    "\x00",
    "beat:",
    'beat:"Q Q Q 9 9",tie=1/0',
    f'beat:"Q Q Q 9 9",tie=1/{2**64}',
    "at-least:nothing",
    "score:/dev/zero",
    "throws=٣",
    "throws=1_0",
    "wild=" + "x" * 1000,
]

SETTINGS = ["throws=0", "throws=11", "throws=+2", "max_rethrow=-1", "wild=Z", "ties=", "=", "x"]


def _argument_lists(count: int, seed: int) -> list[list[str]]:
    rng = random.Random(seed)
    lists = []
    for _ in range(count):
        command = rng.choice(sorted(COMMANDS))
        argv = [command]
        if command in ("hold", "classify"):
            argv.append(rng.choice(HOSTILE))
        options = COMMANDS[command]
        for _ in range(rng.randint(1, 3)):
            if options and rng.random() < 0.8:
                argv += [rng.choice(options), rng.choice(HOSTILE)]
            else:
                argv += ["--set", rng.choice(SETTINGS + HOSTILE)]
        if command == "simulate":
            argv += ["--no-progress", "--n", "1000"]
        lists.append(argv)
    return lists


@pytest.mark.parametrize("argv", _argument_lists(100, seed=13), ids=lambda a: " ".join(a)[:40])
def test_hostile_arguments_never_give_a_traceback(capsys, argv, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    limits.set_memory_budget(None)
    try:
        code, _, err = run_cli(capsys, *argv)
    except SystemExit as stop:
        code = stop.code
        _, err = capsys.readouterr()
    assert code in (0, 2), (argv, err[-500:])
    assert "Traceback" not in err
    if code == 2:
        assert len(err.splitlines()) == 1, err[-500:]
        assert err.startswith("pokerdice-stats"), err[-500:]
        assert len(err) < 2000
