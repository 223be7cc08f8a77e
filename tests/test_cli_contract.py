"""Command-line inputs that once gave an answer to another question, and now refuse.

Each is a case a review of the command line found: a minus sign read as a separator
(negative dice answered as positive ones), options silently ignored together, a
number spelled with an underscore, a chart or card written into a FIFO with a message
naming neither, and a context line past 100 columns.
"""

from __future__ import annotations

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
