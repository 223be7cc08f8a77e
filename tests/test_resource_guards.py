"""Resource guards: a memory budget refused before solving, input files with a size cap
(directories, devices and FIFOs refused unopened), long inputs shortened in messages,
empty output paths refused, whole numbers read strictly, a closed pipe ending quietly."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from cli_helpers import assert_cli_error, run_cli

import pokerdice_stats
from pokerdice_stats import get_rules
from pokerdice_stats.games.seen.exact import rounds
from pokerdice_stats.games.seen.exact.sizes import round_bytes
from pokerdice_stats.ground import limits
from pokerdice_stats.ground.errors import PokerDiceError, shorten_message

ROOT = Path(pokerdice_stats.__file__).resolve().parent.parent

#: The round that once grew past 18 GB.
HUGE_ROUND = [
    "round",
    "--players",
    "5",
    "--set",
    "throws=10",
    "--set",
    "sticky_holds=true",
    "--set",
    "throw_limit=first-player",
]

HUGE_RULES = get_rules(
    "gameweave", {"throws": 10, "sticky_holds": True, "throw_limit": "first-player"}
)


@pytest.fixture(autouse=True)
def _default_budget(monkeypatch):
    monkeypatch.delenv(limits.BUDGET_ENV, raising=False)
    limits.set_memory_budget(None)
    yield
    limits.set_memory_budget(None)


def _no_solving(monkeypatch):
    """Make any attempt to solve a round fail loudly: a refusal must come first."""

    def forbidden(*args, **kwargs):
        raise AssertionError("the round was solved before the memory check")

    monkeypatch.setattr(rounds, "_solve_cached", forbidden)


def test_the_huge_round_is_refused_before_solving_naming_the_option(capsys, monkeypatch):
    _no_solving(monkeypatch)
    # Whatever this machine has: a budget below the estimate.
    budget = round_bytes(
        get_rules("gameweave", dict(a.split("=") for a in HUGE_ROUND[4::2])), 5, False
    )
    monkeypatch.setenv(limits.BUDGET_ENV, str(budget - 1))
    line = assert_cli_error(capsys, HUGE_ROUND, "--memory-budget", "GiB")
    assert limits.BUDGET_ENV in line


def test_the_default_budget_is_half_the_machine_memory(monkeypatch):
    monkeypatch.setattr(limits, "machine_memory", lambda: 10 * 1024**3)
    assert limits.memory_budget() == 5 * 1024**3
    monkeypatch.setattr(limits, "machine_memory", lambda: None)
    assert limits.memory_budget() == limits.FALLBACK_BUDGET


def test_the_huge_round_is_over_half_of_this_machine_memory_by_default(capsys, monkeypatch):
    total = limits.machine_memory()
    estimate = round_bytes(HUGE_RULES, 5, False)
    if total is not None and estimate > total // 2:
        _no_solving(monkeypatch)
        assert_cli_error(capsys, HUGE_ROUND, "--memory-budget")
    # Either way the estimate is the size that was seen growing: well past 18 GB.
    assert estimate > 18 * 10**9


def test_the_option_raises_the_budget_and_a_small_budget_refuses_a_small_round(capsys):
    assert_cli_error(capsys, ["round", "--memory-budget", "1K"], "--memory-budget")
    code, out, err = run_cli(capsys, "round", "--memory-budget", "64G")
    assert code == 0, err
    assert "seat" in out
    assert limits.memory_budget() != 64 * 1024**3  # not left behind for the next command


def test_the_environment_budget_applies_and_malformed_budgets_are_refused(capsys, monkeypatch):
    monkeypatch.setenv(limits.BUDGET_ENV, "2K")
    assert_cli_error(capsys, ["round"], "--memory-budget")
    for bad in ("1_000", "+5G", "٣G", "5X", "0", "-1G", ""):
        with pytest.raises(PokerDiceError):
            value = limits.parse_size(bad)
            assert value >= 1 and bad.strip()  # "" only reaches here if accepted
            raise AssertionError(bad)


def test_a_budget_past_1_pib_is_refused_on_the_command_line_and_in_the_environment(
    capsys, monkeypatch
):
    assert limits.parse_size("1024T") == limits.MAX_BUDGET == 1024**5
    for huge in ("1025T", str(1024**5 + 1), "99999999999999999999T", str(2**63)):
        with pytest.raises(limits.LimitError, match="at most 1 PiB"):
            limits.parse_size(huge)
    big = "99999999999999999999T"
    assert_cli_error(capsys, ["odds", "--memory-budget", big], "at most 1 PiB", big)
    monkeypatch.setenv(limits.BUDGET_ENV, big)
    # refused at once, naming the variable, by a command that plans no memory too
    assert_cli_error(capsys, ["odds"], limits.BUDGET_ENV, "at most 1 PiB")
    monkeypatch.setenv(limits.BUDGET_ENV, "lots")
    assert_cli_error(capsys, ["odds"], limits.BUDGET_ENV, "'lots'")
    code, _, err = run_cli(capsys, "odds", "--memory-budget", "2G")  # the option wins
    assert (code, err) == (0, "")


@pytest.mark.parametrize("size", ["4096", "16K", "512M", "16G", "2T"])
def test_sizes_are_read_in_powers_of_1024(size):
    units = {"K": 1024, "M": 1024**2, "G": 1024**3, "T": 1024**4}
    expected = int(size[:-1]) * units[size[-1]] if size[-1] in units else int(size)
    assert limits.parse_size(size) == expected


# ---------------------------------------------------------------- input files


def _special_files(tmp_path: Path) -> dict[str, Path]:
    zero = tmp_path / "zero.toml"
    zero.symlink_to("/dev/zero")
    folder = tmp_path / "folder.toml"
    folder.mkdir()
    fifo = tmp_path / "fifo.toml"
    os.mkfifo(fifo)
    big = tmp_path / "big.toml"
    big.write_text("# padding\n" * (limits.FILE_CAP // 10 + 1))
    return {"a device": zero, "a directory": folder, "a fifo": fifo, "too big": big}


def _run_subprocess(*argv: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "pokerdice_stats", *argv],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize("kind", ["a device", "a directory", "a fifo", "too big"])
def test_rule_points_and_schedule_files_that_are_not_small_regular_files_are_refused(
    tmp_path, kind
):
    path = str(_special_files(tmp_path)[kind])
    for argv in (
        ["hold", "K K J 10 9", "--rules", path],
        ["chances", "--goal", f"score:{path}"],
        ["payout", "--schedule", path[: -len(".toml")] + ".csv"],
    ):
        if argv[0] == "payout":
            csv = Path(argv[-1])
            if not csv.exists() and not csv.is_symlink():
                os.rename(path, csv)
                path = str(csv)
        run = _run_subprocess(*argv)  # in a subprocess: a FIFO opened would block it
        assert run.returncode == 2, (argv, run.stdout, run.stderr)
        lines = run.stderr.splitlines()
        assert len(lines) == 1, run.stderr
        assert "Traceback" not in run.stderr
        assert Path(path).name[:4] in lines[0]


def test_a_rules_argument_naming_an_existing_path_of_any_suffix_gets_the_file_message(
    tmp_path,
):
    zero = tmp_path / "zero"
    zero.symlink_to("/dev/zero")
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    cases = [
        (["odds", "--rules", "/dev/zero"], "not a regular file"),
        (["odds", "--rules", str(zero)], "not a regular file"),
        (["hold", "K K J 10 9", "--rules", str(fifo)], "not a regular file"),
        (["rules", "show", str(tmp_path)], "is a directory"),
        (["rules", "compare", "gameweave", "/dev/zero"], "not a regular file"),
        (["rules", "compare", str(fifo), "classic"], "not a regular file"),
    ]
    for argv, words in cases:
        run = _run_subprocess(*argv)  # in a subprocess: a FIFO opened would block it
        assert run.returncode == 2, (argv, run.stdout, run.stderr)
        lines = run.stderr.splitlines()
        assert len(lines) == 1 and "Traceback" not in run.stderr, run.stderr
        assert "rule file" in lines[0] and words in lines[0], (argv, lines[0])
        assert "unknown rule set" not in lines[0]


def test_read_text_capped_reads_a_small_file_and_refuses_one_byte_more(tmp_path):
    small = tmp_path / "small.toml"
    small.write_text("x" * 100)
    assert limits.read_text_capped(small, "rule file", cap=100) == "x" * 100
    with pytest.raises(limits.LimitError, match="more than the 99"):
        limits.read_text_capped(small, "rule file", cap=99)


# --------------------------------------------------------------- messages


def test_a_100000_character_input_is_not_repeated_in_full(capsys):
    long = "K" * 100_000
    for argv in (
        ["hold", long],
        ["chances", "--goal", long],
        ["round", "--set", f"throws={long}"],
        ["round", "--set", f"wild={long}"],
        ["round", "--rules", long],
    ):
        line = assert_cli_error(capsys, argv, "100000 characters")
        assert len(line) < 400, argv


def test_argparse_refusals_are_shortened_too(capsys):
    long = "9" * 100_000
    with pytest.raises(SystemExit) as stop:
        run_cli(capsys, "round", "--format", long)
    assert stop.value.code == 2
    _, err = capsys.readouterr()
    assert len(err) < 1000
    assert "100000 characters" in err


def test_short_messages_are_left_as_they_are():
    message = "invalid value 'x' for throws; expected a whole number (or '-' first)"
    assert shorten_message(message) == message


# ------------------------------------------------------ output paths, numbers


@pytest.mark.parametrize(
    "argv",
    [
        ["strategy", "--out", ""],
        ["strategy", "--out", "   "],
        ["report", "--out", ""],
        ["banking", "--out", ""],
        ["payout", "--schedule-out", ""],
    ],
)
def test_empty_output_paths_are_refused(capsys, argv, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as stop:
        run_cli(capsys, *argv)
    assert stop.value.code == 2
    _, err = capsys.readouterr()
    assert "empty" in err
    assert not any(tmp_path.iterdir())


@pytest.mark.parametrize("text", ["1_0", "+3", "٣", " 3", "3 ", "0x3", "3.0", "", "-"])
def test_whole_number_options_are_strict(capsys, text):
    with pytest.raises(SystemExit) as stop:
        run_cli(capsys, "round", "--players", text)
    assert stop.value.code == 2
    _, err = capsys.readouterr()
    assert "ASCII digits" in err


@pytest.mark.parametrize("text", ["1_0", "+3", "٣", "0x3", "3.0", "-"])
def test_whole_number_rule_values_are_strict(capsys, text):
    assert_cli_error(capsys, ["round", "--set", f"throws={text}"], "ASCII digits")


def test_plain_whole_numbers_still_work(capsys):
    code, out, err = run_cli(capsys, "round", "--players", "3", "--set", "throws=2")
    assert code == 0, err
    assert out.count("\n") >= 4


# ------------------------------------------------------------------- pipes


def test_a_pipe_closed_early_ends_quietly():
    reader, writer = os.pipe()
    os.close(reader)  # the reader has gone before the first line
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    run = subprocess.run(
        [sys.executable, "-m", "pokerdice_stats", "odds", "--by", "hand"],
        env=env,
        stdout=writer,
        stderr=subprocess.PIPE,
        text=True,
        timeout=120,
    )
    os.close(writer)
    assert run.returncode in (0, 141), run.stderr
    assert run.stderr == ""


# ------------------------------------------------------------ the estimate


def _kept_table_bytes(rules, players: int) -> int:
    """Bytes of every stage table of the solved round and its roll-offs (each array once)."""
    seen: dict[int, int] = {}
    sizes = range(2, players + 1) if rules.ties == "roll-off" else (players,)
    for m in sizes:
        result = rounds.solve_round(rules, m)
        for chain in result.chains.values():
            for policy in chain.policies.values():
                for stage in policy.stages:
                    for table in (stage.keep_values, stage.state_values, stage.best_keep):
                        seen[id(table)] = table.nbytes
    return sum(seen.values())


@pytest.mark.parametrize(
    ("options", "players"),
    [
        ({"throws": 3}, 3),
        ({"throws": 2, "sticky_holds": True, "throw_limit": "first-player"}, 3),
        ({"throws": 2, "ties": "must-beat"}, 4),
    ],
)
def test_the_estimate_covers_the_tables_a_round_keeps_with_room_for_working_copies(
    options, players
):
    rules = get_rules("gameweave", options)
    rounds.clear_caches()
    kept = _kept_table_bytes(rules, players)
    estimate = round_bytes(rules, players, False)
    # At least what stays allocated; at most four times it (the working copies of the
    # kernels are counted twice over, the measured peak memory is close to the estimate).
    assert kept <= estimate <= 4 * kept


@pytest.mark.parametrize("text", ["٣", "1_0", "+3", "1e9999", "1e-999999999", " ", "1/0"])
def test_exact_numbers_are_strict_too(capsys, text):
    assert_cli_error(capsys, ["betting", "--ante", text], "ante must be a number")
    assert_cli_error(capsys, ["chances", "--goal", f'beat:"Q Q Q 9 9",tie={text}'], "tie")


@pytest.mark.parametrize("text", ["3", "-1/2", "0.25", "1e3", "1.5e+2", str(2**64) + "/3"])
def test_exact_numbers_read_plain_fractions_decimals_and_exponents(text):
    from fractions import Fraction

    assert limits.exact_number(text) == Fraction(text)
