"""Issue 28: generated hostile values for every option of every sub-command and for every
kind of input file (hypothesis, derandomized: the same examples on every run).

The contract, for each run: status 0, or status 2 with one line on standard error that
starts ``pokerdice-stats`` and does not repeat a long input in full; never a traceback;
within a generous time cap (a hang, not a speed figure) and without the process's
memory growing past a cap.  The sub-commands and their options are read from the
command line's own parser, so a new option is fuzzed without touching this file.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import resource
import signal
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerdice_stats import cli
from pokerdice_stats.engines.cli import output_path
from pokerdice_stats.ground import bounds, limits

#: Caps against a hang and a runaway allocation (not speed or size figures).
HANG_SECONDS = 30
MEMORY_GROWTH = 2 * 1024**3

#: Options left out: ``--scheduler`` names a Dask cluster to connect to over the network.
SKIPPED = {"--scheduler", "--help", "--version"}

#: What each command needs to run cheaply (the fuzzed option comes after, and wins).
BASE = {
    "classify": ["K K J 10 9"],
    "compare": ["K K J 10 9", "A A A K Q"],
    "hold": ["K K J 10 9"],
    "holdup": ["K K J 10 9"],
    "rules": ["show"],
    "simulate": ["--n", "200", "--no-progress", "--workers", "1"],
    "crosscheck": ["--only", "chances", "--n", "1000", "--workers", "1"],
    "report": ["--section", "no-such-section", "--no-cache", "--jobs", "1"],
    "bidding": ["--ladder", "category"],
}

FIXED = [
    "",
    " ",
    "-",
    "--",
    "-1",
    "0",
    "-0",
    "+3",
    " 3",
    "3 ",
    "\t3",
    "1_0",
    "٣",
    "３",
    "0x10",
    "3.5",
    "1e3",
    "1e101",
    "1e309",
    "-1e309",
    "1e-999",
    "1/0",
    "nan",
    "inf",
    "-inf",
    str(2**63),
    str(2**64),
    str(-(2**63) - 1),
    "9" * 5000,
    "K" * 100_000,
    "A A A A A A",
    "\x00",
    "beat:",
    'beat:"Q Q Q 9 9",tie=1/0',
    'beat:"Q Q Q 9 9",tie=' + "9" * 5000,
    "at-least:nothing",
    "throws=٣",
    "throws= 2",
    "wild=" + "x" * 1000,
    "five-of-a-kind/one-pair",
    "/",
    ".",
    "/dev/zero",
    "/dev/full",
    "/proc/self/mem",
]

#: Numbers past every bound the toolkit has (or below every one).
PAST_BOUNDS = st.one_of(
    st.integers(min_value=10**16, max_value=10**4000),
    st.integers(max_value=-1, min_value=-(10**4000)),
).map(str)

_NUMBER = limits._EXACT_NUMBER


def _not_a_plain_number(text: str) -> bool:
    return not _NUMBER.fullmatch(text)


#: Free text: anything but a plain number (a plain number in range is valid input that may
#: start a long computation; numbers are covered by ``FIXED`` and ``PAST_BOUNDS``).
FREE_TEXT = st.text(max_size=40).filter(_not_a_plain_number)


def _commands() -> dict[str, list[argparse.Action]]:
    parser = cli.build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    found = {}
    for name, command in sub.choices.items():
        found[name] = [
            a
            for a in command._actions
            if a.option_strings and a.nargs != 0 and not set(a.option_strings) & SKIPPED
        ]
    return found


COMMANDS = _commands()


def _base(name: str, skip: set[str]) -> list[str]:
    """``NAME``, what it needs to run cheaply and a memory budget, less the options in
    ``skip`` (the test gives those: an option given twice is refused before its value is
    read, so the value would go unchecked)."""
    base = [*BASE.get(name, []), "--memory-budget", "2G"]
    kept, i = [], 0
    while i < len(base):
        if base[i] in skip:
            i += 2  # the option and its value
            continue
        kept.append(base[i])
        i += 1
    return [name, *kept]


@pytest.fixture(autouse=True)
def _no_server(monkeypatch):
    """``serve`` checks its options, then would serve until Ctrl-C: here it stops at once."""
    try:
        import uvicorn
    except ImportError:  # without the web extra serve refuses, naming what to install
        return
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, sockets=None: None)


@pytest.fixture(scope="module")
def hostile_files(tmp_path_factory) -> dict[str, Path]:
    """Input files no command may choke on: special files, huge, deep, long, binary."""
    folder = tmp_path_factory.mktemp("hostile")
    files = {}
    for suffix in (".toml", ".csv"):
        fifo = folder / f"fifo{suffix}"
        os.mkfifo(fifo)
        files[f"fifo{suffix}"] = fifo
        zero = folder / f"zero{suffix}"
        zero.symlink_to("/dev/zero")
        files[f"zero{suffix}"] = zero
        directory = folder / f"dir{suffix}"
        directory.mkdir()
        files[f"dir{suffix}"] = directory
        big = folder / f"big{suffix}"
        big.write_bytes(b"#" * (bounds.FILE_CAP + 1))
        files[f"big{suffix}"] = big
        binary = folder / f"binary{suffix}"
        binary.write_bytes(bytes(range(256)) * 4)
        files[f"binary{suffix}"] = binary
    contents = {
        "deep.toml": "x = " + "[" * 100_000 + "]" * 100_000 + "\n",
        "deep-table.toml": "x = " + "{a = " * 1000 + "1" + "}" * 1000 + "\n",
        "digits.toml": "throws = " + "9" * 5000 + "\n",
        "points.toml": 'one-pair = "1e309"\n',
        "inf.toml": "one-pair = 1e309\n",
        "wide.csv": "loser,full-house\nhigh-die," + "9" * 131_072 + "\n",
        "quoted.csv": 'loser,full-house\nhigh-die,"' + "1\n" * 70_000 + '"\n',
        "huge-pay.csv": "loser,five-of-a-kind\nhigh-die,1e160\n",
    }
    for name, text in contents.items():
        files[name] = folder / name
        files[name].write_text(text)
    return files


def _values(files: dict[str, Path]) -> st.SearchStrategy[str]:
    paths = sorted(str(p) for p in files.values())
    return st.one_of(
        st.sampled_from(FIXED),
        PAST_BOUNDS,
        FREE_TEXT,
        st.sampled_from(paths),
        st.sampled_from(paths).map(lambda p: f"score:{p}"),
    )


class Hang(BaseException):
    """Raised by the alarm: a run went past :data:`HANG_SECONDS`."""


def _alarm(signum, frame):
    raise Hang


@contextlib.contextmanager
def _caps():
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(HANG_SECONDS)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    grown = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024 - before
    assert grown < MEMORY_GROWTH, grown


def _holds_the_contract(capsys, argv: list[str]) -> int:
    """Run ``argv``; check the contract; return the status."""
    limits.set_memory_budget(None)
    with _caps():
        try:
            code = cli.main(argv)
        except SystemExit as stop:  # the argument parser's refusals
            code = stop.code
    err = capsys.readouterr().err
    assert code in (0, 2), (argv[:6], code, err[-500:])
    assert "Traceback" not in err, err[-2000:]
    if code == 2:
        lines = err.splitlines()
        assert len(lines) == 1, (argv[:6], err[-1000:])
        assert lines[0].startswith("pokerdice-stats"), lines[0][:300]
        assert len(lines[0]) < 2000, lines[0][:300]
    return code


FUZZ = settings(
    max_examples=60,
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@FUZZ
@given(data=st.data())
def test_every_option_of_every_command_holds_the_contract(
    capsys, hostile_files, tmp_path_factory, data
):
    name = data.draw(st.sampled_from(sorted(COMMANDS)), label="command")
    options = COMMANDS[name]
    values = _values(hostile_files)
    chosen = []
    if options:  # distinct options: one given twice is refused before its value is read
        chosen = data.draw(
            st.lists(st.sampled_from(options), min_size=1, max_size=2, unique_by=lambda a: a.dest),
            label="options",
        )
    argv = _base(name, {o for action in chosen for o in action.option_strings})
    for action in chosen:
        count = action.nargs if isinstance(action.nargs, int) else 1
        argv += [action.option_strings[-1], *(data.draw(values) for _ in range(count))]
    if name in ("classify", "hold", "holdup", "compare") and data.draw(st.booleans()):
        argv[1] = data.draw(values, label="dice")
    if name == "report" and "--out" not in argv:  # nothing written where the tests run
        argv += ["--out", str(tmp_path_factory.mktemp("report"))]
    folder = tmp_path_factory.mktemp("cwd")
    with contextlib.chdir(folder):  # outputs named by a relative path land here
        _holds_the_contract(capsys, argv)


#: The values every option of every command is tried with (beside the generated ones);
#: options naming an output get the output ones (any plain name would be written to).
SWEEP = ["9" * 5000, "1e309", str(2**64), " 3", "\x00"]
OUTPUT_SWEEP = ["", "\x00", "/dev/full", "/", "K" * 5000]


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_option_refuses_the_sweep_of_hostile_values(capsys, hostile_files, tmp_path, name):
    for action in COMMANDS[name]:
        count = action.nargs if isinstance(action.nargs, int) else 1
        if action.type is output_path:
            values = [*OUTPUT_SWEEP, str(hostile_files["fifo.csv"])]
        else:
            values = [*SWEEP, str(hostile_files["fifo.toml"])]
        for value in values:
            argv = _base(name, set(action.option_strings))
            argv += [action.option_strings[-1], *[value] * count]
            if name == "report" and action.option_strings[-1] != "--out":
                argv += ["--out", str(tmp_path / "report")]
            with contextlib.chdir(tmp_path):
                _holds_the_contract(capsys, argv)


#: Hostile contents of an input file: deep, long, binary, huge numbers, random text.
CONTENTS = st.one_of(
    st.integers(0, 200_000).map(lambda d: "x = " + "[" * d + "]" * d + "\n"),
    st.integers(0, 5000).map(lambda d: "one-pair = " + "9" * d + "\n"),
    st.sampled_from(FIXED).map(lambda v: f"one-pair = {v!r}\nthrows = {v!r}\n"),
    st.sampled_from(FIXED).map(lambda v: f"loser,full-house\nhigh-die,{v}\n"),
    st.integers(0, 200_000).map(lambda w: "loser,full-house\nhigh-die," + "9" * w + "\n"),
    st.text(max_size=300),
    st.binary(max_size=300).map(lambda b: b.decode("latin-1")),
)

#: Every kind of input file, and a command that reads it.
FILE_KINDS = {
    "rule file": ("house.toml", lambda p: ["classify", "K K J 10 9", "--rules", p]),
    "points file": ("points.toml", lambda p: ["chances", "--goal", f"score:{p}"]),
    "schedule file": ("house.csv", lambda p: ["payout", "--schedule", p]),
    "old schedule file": ("house-old.toml", lambda p: ["payout", "--schedule", p]),
    "session schedule": (
        "session.csv",
        lambda p: [
            "simulate",
            "--what",
            "session",
            "--rules",
            "progressive",
            "--schedule",
            p,
            "--n",
            "50",
            "--rounds",
            "5",
            "--no-progress",
            "--workers",
            "1",
        ],
    ),
}


@pytest.mark.parametrize("kind", sorted(FILE_KINDS))
def test_every_kind_of_input_file_holds_the_contract(capsys, tmp_path_factory, kind):
    name, argv_of = FILE_KINDS[kind]

    @settings(FUZZ, max_examples=20)
    @given(content=CONTENTS)
    def run(content: str) -> None:
        path = tmp_path_factory.mktemp("file") / name
        path.write_text(content, encoding="utf-8", errors="surrogatepass")
        _holds_the_contract(capsys, argv_of(str(path)))

    run()


@settings(FUZZ, max_examples=15)
@given(content=st.one_of(CONTENTS, st.binary(max_size=2000).map(lambda b: b.decode("latin-1"))))
def test_hostile_cache_entries_give_the_fresh_answer(capsys, tmp_path_factory, content):
    hold = ["hold", "K K J 10 9", "--to-win", "--players-left", "1"]
    folder = tmp_path_factory.mktemp("cache")
    old = os.environ.get("POKERDICE_CACHE_DIR")
    os.environ["POKERDICE_CACHE_DIR"] = str(folder)
    try:
        assert _holds_the_contract(capsys, hold) == 0
        code = cli.main(hold)
        fresh = capsys.readouterr().out
        assert code == 0
        (entry,) = (folder / "rounds").glob("*.json")
        entry.write_text(content, encoding="utf-8", errors="surrogatepass")
        with _caps():
            code = cli.main(hold)
        out, err = capsys.readouterr()
        assert code == 0 and out == fresh
        assert "Traceback" not in err
    finally:
        if old is None:
            del os.environ["POKERDICE_CACHE_DIR"]
        else:
            os.environ["POKERDICE_CACHE_DIR"] = old
