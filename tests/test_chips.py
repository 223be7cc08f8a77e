"""Chips (triple-snakes): hold-up chances against an expectimax over every throw."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from pokerdice_stats import get_rules
from pokerdice_stats.cli import main
from pokerdice_stats.games.seen.exact.holdup import holdup, holdup_table, pot_chances
from pokerdice_stats.games.seen.exact.rounds import solve_round
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.turn.hands import hand_table
from pokerdice_stats.turn.rules import PRESETS
from tests import reference_games as ref

SNAKES = PRESETS["triple-snakes"]
HANDS = ["1 2 3 5 6", "4 4 1 2 6", "2 2 5 5 6", "3 3 3 1 6", "1 2 3 4 6", "2 3 4 5 6", "5 5 5 2 2"]


def _dice(text: str) -> tuple[int, ...]:
    return tuple(sorted(int(d) - 1 for d in text.split()))  # pips chart: rank = pip - 1


@pytest.mark.parametrize("left", [1, 2])
def test_holdup_equals_expectimax(left):
    rules = get_rules("triple-snakes", {"throws": 2})
    vector = ref.win_vectors(left + 1, rules.straights, rules.tiebreak, "must-beat")
    key = ref.make_key(rules.straights, rules.tiebreak)
    for text in HANDS:
        expected = vector(1, key(_dice(text)), (0,), 2)
        result = holdup(rules, text, left, exact=True)
        assert result.holds_up == expected[0]
        assert list(result.later) == list(expected[1:])


def test_one_player_left_is_one_minus_the_best_chance_to_beat():
    rules = get_rules("triple-snakes", {"throws": 2})
    key = ref.make_key(rules.straights, rules.tiebreak)
    hands = [h for h, _ in ref.outcomes(())]
    for text in HANDS[:4]:
        best = key(_dice(text))
        stand = {h: Fraction(int(key(h) > best)) for h in hands}
        value, _ = ref.solve_turn([stand, stand], 2)
        assert holdup(rules, text, 1).holds_up == 1 - value


def test_holdup_properties():
    table = holdup_table(SNAKES)
    assert list(table["category"])[-1] == "five-of-a-kind"
    # Five of a kind can only be tied, and a tie is out: it always holds up.
    assert all(table[f"left_{left}"].iloc[-1] == 1 for left in range(1, 5))
    for left in range(1, 5):
        column = table[f"left_{left}"]
        assert list(column) == sorted(column)  # better hands hold up better
        if left > 1:
            assert (column <= table[f"left_{left - 1}"]).all()  # more players, less chance
    result = holdup(SNAKES, "3 3 3 1 6", 3)
    row = table[table["category"] == "three-of-a-kind"].iloc[0]
    assert result.holds_up == row["left_3"]
    assert result.holds_up + sum(result.later) == 1
    assert isinstance(result.holds_up, Fraction)


def test_holder_chance_is_the_first_seat_value():
    for left in (1, 3):
        chain = solve_round(SNAKES, left + 1).chain()
        h = hand_table(SNAKES).hand("2 2 5 5 6")
        s = int(hand_table(SNAKES).strength[h])
        assert abs(holdup(SNAKES, h, left, exact=False).holds_up - chain.values[1][s, 1, 1]) < 1e-15


def test_pot_chances_are_the_round():
    assert pot_chances(SNAKES, 4) == solve_round(SNAKES, 4, exact=True).win
    assert sum(pot_chances(SNAKES, 4)) == 1


def test_holdup_other_rules_include_rolloffs():
    result = holdup(PRESETS["gameweave"], "K K K Q Q", 2)
    assert not result.exact
    assert abs(result.holds_up + sum(result.later) - 1) < 1e-12


def test_holdup_under_the_throw_limit():
    rules = get_rules("triple-snakes", {"throw_limit": "first-player"})
    one = holdup(rules, "3 3 3 1 6", 2, limit=1).holds_up
    three = holdup(rules, "3 3 3 1 6", 2, limit=3).holds_up
    assert one > three
    with pytest.raises(OptionError):
        holdup(SNAKES, "3 3 3 1 6", 2, limit=1)


@pytest.mark.parametrize("left", [0, 5, -1])
def test_bad_players_left(left):
    with pytest.raises(OptionError):
        holdup(SNAKES, "3 3 3 1 6", left)


def test_holdup_command(capsys):
    args = ["holdup", "3 3 3 5 6", "--players-left", "2", "--format", "json"]
    assert main(args) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["category"] == "three-of-a-kind"
    assert record["players_left"] == 2
    total = Fraction(record["holds_up_exact"]) + sum(
        Fraction(r["takes_pot_exact"]) for r in record["later"]
    )
    assert total == 1
    assert main(["holdup", "3 3 3 5 6", "--players-left", "2"]) == 0
    assert "holds up with chance" in capsys.readouterr().out
    assert main(["holdup", "3 3 3 5 6", "--players-left", "9"]) == 2
    assert "--players-left must be 1 to 4" in capsys.readouterr().err
    assert main(["holdup", "3 3 3 5", "--players-left", "1"]) == 2
