"""Command-line inputs that once gave an answer to another question, and now refuse.

Each is a case a review of the command line found: a minus sign read as a separator
(negative dice answered as positive ones), options silently ignored together, a
number spelled with an underscore, a chart or card written into a FIFO with a message
naming neither, and a context line past 100 columns.
"""

from __future__ import annotations

import json
import os

import pytest
from cli_helpers import run_cli


@pytest.mark.parametrize(
    ("argv", "shown"),
    [
        (["classify", "-1 -2 -3 -4 -5", "--rules", "triple-snakes"], "'-1'"),
        (["classify", "-1 -1 -1 -1 -1"], "'-1'"),
        (["hold", "6 6 6 1 -1", "--rules", "triple-snakes"], "'-1'"),
        (["compare", "(-6,6,6,1,1)", "5 5 5 2 2", "--rules", "triple-snakes"], "'-6'"),
        (["classify", "K K J -10 9"], "'-10'"),
    ],
)
def test_negative_dice_are_refused(capsys, argv, shown):
    code, out, err = run_cli(capsys, *argv)
    assert code == 2 and out == ""
    assert f"a die cannot show a negative number: {shown}" in err and len(err.splitlines()) == 1


def test_a_dash_between_faces_still_separates_them(capsys):
    code, out, _ = run_cli(capsys, "classify", "1-2-3-4-5", "--rules", "triple-snakes")
    assert code == 0 and "Straight" in out
    code, out, _ = run_cli(capsys, "classify", "K-K-J-10-9")
    assert code == 0 and "One pair" in out


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--hand", "K K J 10 9", "--bids", "full-house", "--full"], "--full does not go with"),
        (["--full", "--hand", "K K J 10 9"], "choose one"),
        (["--player", "always-call", "--player", "always-call"], "given twice"),
        (["--ladder", "fine", "--iterations", "5_0"], "expected a whole number, got '5_0'"),
        (["--ladder", "fine", "--iterations", " 50 "], "expected a whole number"),
        (["--ladder", "fine", "--iterations", "\u0665\u0660"], "expected a whole number"),
    ],
)
def test_bidding_refuses_options_it_would_ignore(capsys, argv, words):
    try:
        code, out, err = run_cli(capsys, "bidding", "--rules", "classic", *argv)
    except SystemExit as refused:  # argparse's own refusal of a value
        (code, (out, err)) = refused.code, capsys.readouterr()
    assert code == 2 and out == "" and words in err, err
    assert len(err.splitlines()) == 1


@pytest.mark.parametrize(
    "argv",
    [
        ["rules", "compare", "classic", "classic", "--out"],
        ["payout", "--card", "pay", "--out"],
        ["payout", "--card", "strategy", "--out"],
    ],
)
def test_a_chart_or_card_is_never_written_into_a_fifo(capsys, tmp_path, argv):
    fifo = tmp_path / "chart.png"
    os.mkfifo(fifo)
    code, out, err = run_cli(capsys, *argv, str(fifo))  # no reader: a write would hang
    assert code == 2 and out == ""
    assert "is a FIFO, device or socket, not a regular file" in err and "chart.png" in err


def test_the_chart_written_is_a_whole_png(capsys, tmp_path):
    path = tmp_path / "deep" / "compare.png"
    code, _, err = run_cli(capsys, "rules", "compare", "classic", "classic", "--out", str(path))
    assert code == 0, err
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_long_context_line_wraps_within_100_columns(capsys):
    settings = ["wild=A", "straights=big-little", "throws=4", "max_rethrow=3"]
    argv = ["strategy", "--rules", "classic", *[w for s in settings for w in ("--set", s)]]
    code, out, err = run_cli(capsys, *argv, "--set", "tiebreak=combination")
    assert code == 0, err
    lines = out.splitlines()
    assert max(len(line) for line in lines) <= 100
    assert lines[0].startswith("rules classic (throws=4, max_rethrow=3, wild=A")
    assert lines[1].startswith("  ") and "turn_value" in lines[1]  # the context, continued
    assert lines[2] == "3 throws left:"


def test_every_command_takes_a_memory_budget(capsys):
    code, out, err = run_cli(
        capsys, "rules", "compare", "classic", "classic", "--memory-budget", "1K"
    )
    assert code == 2 and out == "" and "more than the budget of 1 KiB" in err
    code, out, err = run_cli(capsys, "rules", "show", "classic", "--memory-budget", "4G")
    assert code == 0 and out.startswith("rule set: classic"), err


@pytest.mark.parametrize(
    ("ladder", "bids", "read_as"),
    [
        ("fine", "one-pair:T", "one-pair:10"),
        ("fine", "one pair: t", "one-pair:10"),
        ("fine", "full:K", "full-house:K"),
        ("fine", "full", "full-house:9"),
        ("category", "full", "full-house"),
        ("category", "five", "five-of-a-kind"),
    ],
)
def test_bids_take_the_words_goals_and_hands_take(capsys, ladder, bids, read_as):
    """A face as a hand writes it (``T``) and a category's alias (``full``), as in goals and
    schedule files: the same answer as the rung's own label."""
    base = ["bidding", "--rules", "classic", "--ladder", ladder, "--hand", "Q Q Q 9 9"]
    code, spelled, err = run_cli(capsys, *base, "--bids", bids, "--format", "json")
    assert code == 0, err
    code, labelled, err = run_cli(capsys, *base, "--bids", read_as, "--format", "json")
    assert code == 0, err
    assert json.loads(spelled)["moves"] == json.loads(labelled)["moves"]


def test_the_strategy_table_writes_throwing_all_five_as_hold_does(capsys):
    code, out, _ = run_cli(capsys, "strategy", "--goal", "exactly:high-die")
    rows = [line.split() for line in out.splitlines() if line.startswith("K K K K K")]
    assert code == 0 and rows[0][5] == "(none)"  # K K K K K: throw all five
    assert "(none): throw all five" in out
    code, out, _ = run_cli(capsys, "hold", "K K K K K", "--goal", "exactly:high-die")
    assert code == 0 and "(none)" in out


def test_schedules_compared_give_each_figure_its_unit(capsys):
    code, out, err = run_cli(capsys, "payout", "--compare", "004", "004", "--rounds", "10")
    assert code == 0, err
    rows = {line.split()[0]: line for line in out.splitlines() if line.strip()}
    assert rows["variance"].endswith("points squared (of a round's payout)")
    assert rows["edge_percent"].endswith("percent of the action")
    assert rows["largest_loss"].endswith("points (the most a round can cost)")
    sds = [line for line in out.splitlines() if line.startswith("sd ")]
    assert sds[0].endswith("points (of a round's payout)")  # a round's, then the bank's
    assert sds[1].endswith("points (of the final bank)") and len(sds) == 2
    assert max(len(line) for line in out.splitlines()) <= 100


def test_a_schedule_file_goes_into_a_folder_made_for_it_as_charts_do(capsys, tmp_path):
    path = tmp_path / "new" / "folder" / "fair.csv"
    code, _, err = run_cli(capsys, "payout", "--schedule-out", str(path))
    assert code == 0, err
    assert path.read_text(encoding="utf-8").startswith("# schedule: progressive (004)\nloser,")
