"""A seat's position refused before its round is solved (``betting --seat``, ``/api/betting``).

:func:`check_seat_position` runs ``seat_decision``'s own checks on a round that is not
solved, stopping where the decision first reads the solve.  What it must keep: it refuses
only what the solved round refuses, with the same message (checked on every position of a
grid, against the solved round), and the positions whose refusal needs no solve are
refused without one (the command line and the coach, with the solve replaced by a
failure).
"""

from __future__ import annotations

import itertools
import json

import pytest
from cli_helpers import assert_cli_error, run_cli
from fastapi.testclient import TestClient

from pokerdice_stats import get_rules
from pokerdice_stats.games.betting.command import seat_decision
from pokerdice_stats.games.betting.command.position import check_seat_position
from pokerdice_stats.games.betting.exact import solve as betting_solve
from pokerdice_stats.games.betting.exact.solve import solve_betting
from pokerdice_stats.ground.errors import PokerDiceError
from pokerdice_stats.web.app import create_app
from pokerdice_stats.web.jobs import JobBoard

RULES = get_rules("triple-snakes")
STAKES = {"ante": 1, "raise_size": None, "raises": 1}

#: Values of each position field, good and bad (the grid crosses them).
AGAINST = (None, "6 6 5 5 1", "6 6 6 6 6")
HANDS = (None, "6 6 6 5 5", "1 1 2 2 3")
STILL_IN = (None, [3], [1, 2], [2, 2])
POTS = (None, 2, 100)
RAISED = (None, 1, 2)


def _outcomes(solved, seat, position):
    """The refusal (or None) of the check before the solve, and of the solved round's."""
    out = []
    for call in (
        lambda: check_seat_position(RULES, 3, STAKES, True, seat, dict(position)),
        lambda: seat_decision(solved, seat, **position),
    ):
        try:
            call()
        except PokerDiceError as refusal:
            out.append(f"{type(refusal).__name__}: {refusal}")
        else:
            out.append(None)
    return out


@pytest.fixture(scope="module")
def solved():
    return solve_betting(RULES, 3, **STAKES, exact=True)


def test_the_check_refuses_only_what_the_solved_round_refuses_in_its_words(solved):
    refused = 0
    for seat, against, hand, still_in, pot, raised in itertools.product(
        (1, 2, 3, 4), AGAINST, HANDS, STILL_IN, POTS, RAISED
    ):
        position = {
            "against": against,
            "pot": pot,
            "still_in": still_in,
            "raised": raised,
            "hand": hand,
            "dice": None,
            "throws_left": None,
        }
        early, late = _outcomes(solved, seat, position)
        if early is not None:
            refused += 1
            assert late == early, (seat, position)
    assert refused > 100  # most of the grid is a position no round can be in


def test_positions_with_dice_are_checked_as_the_solved_round_checks_them(solved):
    for seat, against, dice, throws in itertools.product(
        (1, 2), (None, "6 6 5 5 1"), ("6 6 6 5 5", "6 6 6 5"), (None, 0, 1, 5)
    ):
        position = {"against": against, "pot": None, "still_in": None, "raised": None,
                    "hand": None, "dice": dice, "throws_left": throws}  # fmt: skip
        early, late = _outcomes(solved, seat, position)
        if early is not None:
            assert late == early, (seat, position)


def _no_solve(*args, **kwargs):
    raise AssertionError("the round was solved")


BAD_POSITIONS = [
    (["--seat", "3", "--hand", "6 6 6 6 5"], "seat 3 needs the best hand so far"),
    (["--seat", "1", "--hand", "6 6 6 6 5", "--against", "1 1 1 2 3"], "first seat faces"),
    (["--seat", "2", "--hand", "6 6 6 6 Q", "--against", "1 1 1 2 3"], "Q"),
    (["--seat", "2", "--against", "1 1 1 2 3", "--still-in", "1"], "still in"),
]


@pytest.mark.parametrize(("argv", "words"), BAD_POSITIONS)
def test_the_command_refuses_a_bad_position_without_solving(capsys, monkeypatch, argv, words):
    monkeypatch.setattr(betting_solve, "solve_betting", _no_solve)
    code, _, err = run_cli(capsys, "betting", "--rules", "triple-snakes", "--players", "3", *argv)
    assert code == 2 and words in err, err


def test_the_coach_refuses_a_bad_position_at_once(monkeypatch):
    monkeypatch.setattr(betting_solve, "solve_betting", _no_solve)
    with TestClient(create_app(JobBoard(wait=5.0))) as client:
        answer = client.post(
            "/api/betting",
            json={
                "rules": "triple-snakes",
                "players": 5,
                "seat": 5,
                "hand": "6 6 6 6 5",
                "set": ["throws=10"],
                "exact": "always",
            },
        )
    assert answer.status_code == 400
    assert "seat 5 needs the best hand so far" in answer.json()["error"]


def test_with_an_ante_max_ante_is_the_ante_named_for_one_seats_question(capsys):
    """001 as written: --ante A asks a later seat whether to meet ante A (README); alone,
    or for seat 1 (which names the ante), it is refused by name."""
    base = ["betting", "--players", "3", "--ante-max", "3"]
    code, out, err = run_cli(capsys, *base, "--seat", "2", "--ante", "2", "--format", "json")
    assert code == 0, err
    assert json.loads(out)["ante"] == 2
    assert_cli_error(capsys, [*base, "--ante", "2"], "give --seat K")
    assert_cli_error(capsys, [*base, "--seat", "1", "--ante", "2"], "leave out --ante")
