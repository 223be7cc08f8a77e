"""Seed 001's betting round: against a plain-Python expectimax, and its invariants."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from pokerdice_stats import get_rules
from pokerdice_stats.games.betting.exact.decisions import (
    hold_decision,
    meet_decision,
    raise_decision,
    raise_table,
)
from pokerdice_stats.games.betting.exact.habits import habit_costs, habit_ev, parse_habit
from pokerdice_stats.games.betting.exact.induction import CHIPS, POT, Habit
from pokerdice_stats.games.betting.exact.solve import solve_betting
from pokerdice_stats.games.seen.exact.rounds import solve_round
from pokerdice_stats.ground.errors import OptionError
from tests import reference_betting as ref
from tests.cli_helpers import assert_cli_error, run_cli

SNAKES = get_rules("triple-snakes")


def _figures(result, seat: int) -> dict:
    i = seat - 1
    return {
        "ev": result.ev[i],
        "p_pot": result.p_pot[i],
        "raise_rate": result.raise_rate[i],
        "fold_rate": result.fold_rate[i],
    }


def _check_against_reference(rules, players, ante, raise_size, raises):
    expected = ref.betting_round(
        players, rules.throws, rules.straights, rules.tiebreak, ante, raise_size, raises
    )
    result = solve_betting(rules, players, ante=ante, raise_size=raise_size, raises=raises)
    assert result.exact
    for seat in range(1, players + 1):
        assert _figures(result, seat) == expected[seat - 1]


@pytest.mark.slow
def test_two_seats_equal_the_expectimax():
    """The issue's test: 2 seats, 3 throws, every final hand of seat 1 (about 10 s)."""
    _check_against_reference(SNAKES, 2, Fraction(1), Fraction(1), 1)


def test_two_seats_two_raises_equal_the_expectimax():
    rules = get_rules("triple-snakes", {"throws": 2})
    _check_against_reference(rules, 2, Fraction(2), Fraction(1), 2)


def test_three_seats_answering_in_turn_equal_the_expectimax():
    """Three seats, so a raise is answered by two seats in turn (one throw each)."""
    rules = get_rules("triple-snakes", {"throws": 1})
    _check_against_reference(rules, 3, Fraction(1), Fraction(3, 2), 2)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_chips_sum_to_the_pot_in_every_state(players):
    """In every state the chips still to come sum to the pot, so every round is zero-sum."""
    result = solve_betting(SNAKES, players)
    assert sum(result.ev) == 0
    assert sum(result.p_pot) == 1
    for (_, pot), group in result.solver.groups.items():
        for vector in group.vectors:
            assert sum(vector[CHIPS]) == pot
            assert sum(vector[POT]) == 1


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_without_raises_the_pot_goes_as_in_the_must_beat_round(players):
    win = solve_round(SNAKES, players, exact=True).win
    result = solve_betting(SNAKES, players, ante=3, raises=0)
    assert list(result.p_pot) == list(win)
    assert list(result.ev) == [3 * players * w - 3 for w in win]
    assert set(result.raise_rate) == {0} and set(result.fold_rate) == {0}
    assert list(result.checks_only()) == list(result.ev)


def test_floats_agree_with_fractions():
    exact = solve_betting(SNAKES, 4, exact=True)
    floats = solve_betting(SNAKES, 4, exact=False)
    assert not floats.exact
    for a, b in zip(exact.ev + exact.fold_rate, floats.ev + floats.fold_rate, strict=True):
        assert abs(float(a) - b) < 1e-12


def test_chips_scale_with_ante_and_raise():
    one = solve_betting(SNAKES, 3, ante=1, raise_size=1)
    two = solve_betting(SNAKES, 3, ante=2, raise_size=2)
    assert list(two.ev) == [2 * v for v in one.ev]
    assert list(two.raise_rate) == list(one.raise_rate)


def test_betting_moves_chips_to_the_early_seats():
    result = solve_betting(SNAKES, 3)
    checks = result.checks_only()
    assert result.ev[0] > checks[0] and result.ev[-1] < checks[-1]
    assert result.raise_rate[-1] == 0  # the last seat has nobody to raise
    assert result.fold_rate[0] == 0  # nobody raises before the first seat throws


def test_seed_001_example_round():
    """Seed 001's example: 4 players ante 2; P1 small straight raises 1, P2 full house raises
    1, P3 a pair is out, P4 four of a kind takes the pot."""
    events = [
        ("raise", 1, 1),
        *(("meet", seat, 1) for seat in (2, 3, 4)),
        ("raise", 2, 1),
        *(("meet", seat, 1) for seat in (3, 4)),
        ("takes", 4),
    ]
    net = ref.settle(4, Fraction(2), events)
    assert net == [-3, -4, -4, 11] and sum(net) == 0
    result = solve_betting(SNAKES, 4, ante=2, raise_size=1)
    small, full, pair, four = "1 2 3 4 6", "3 3 3 5 5", "2 2 1 4 6", "6 6 6 6 1"
    # P3's pair does not beat the full house: out, whatever it would bet.
    assert raise_decision(result, 3, pair, against=full, pot=15, still_in=[4])["decision"] == "out"
    # P4 is the last seat: its four of a kind takes the whole pot of 15 (net 15 - 4 = 11).
    last = raise_decision(result, 4, four, against=full, pot=15, still_in=[])
    assert last["decision"] == "check"
    assert [o["value"] for o in last["options"]] == [15, 15]
    # P2 with the full house after P1's raise (pot 8 + 4): the solved play raises too.
    second = raise_decision(result, 2, full, against=small, pot=12)
    assert second["decision"] == "raise"
    values = [o["value"] for o in second["options"]]
    assert values[1] > values[0]
    # P1's raise with a small straight: the solved play checks; the raise is worth less.
    first = raise_decision(result, 1, small)
    assert first["decision"] == "check"
    assert first["options"][0]["value"] > first["options"][1]["value"]


def test_meet_decision_matches_its_values():
    result = solve_betting(SNAKES, 3)
    for best in ("1 2 3 5 6", "3 3 3 5 5", "6 6 6 6 1"):
        answer = meet_decision(result, 2, best)
        assert answer["fold_value"] == 0
        assert answer["decision"] == ("meet" if answer["meet_value"] >= 0 else "fold")
        assert answer["pot"] == 3 + 1
        assert answer["still_in"] == [2, 3]
    # The second seat to answer, after the first met: the pot holds two raises.
    later = meet_decision(result, 3, "3 3 3 5 5", still_in=[2, 3])
    assert later["pot"] == 3 + 2
    # Five of a kind cannot be beaten: meeting only loses the raise.
    assert meet_decision(result, 3, "6 6 6 6 6")["meet_value"] == -1


def test_raise_decision_takes_the_larger_value():
    result = solve_betting(SNAKES, 3)
    table = raise_table(result)
    for row in table.itertuples():
        better = row.raise_value > row.check_value
        assert (row.decision == "raise") == better


def test_hold_decision_values_are_chips():
    result = solve_betting(SNAKES, 3)
    record, holds = hold_decision(result, 2, "3 3 2 6 1", 2, against="2 2 5 5 6")
    assert holds["canonical"].sum() == 1
    assert holds.loc[holds["canonical"], "value"].iloc[0] == record["value"]
    assert holds["value"].max() == record["value"]
    # Standing on a hand that does not beat the best hand is worth nothing.
    stand = holds[holds["rethrow"] == 0]
    assert stand["value"].iloc[0] == 0
    # Seat 1's first-throw values average to its chips of the round.
    first, _ = hold_decision(result, 1, "6 6 6 6 6", 0)
    assert first["value"] == raise_decision(result, 1, "6 6 6 6 6")["options"][0]["value"]


def test_habits_never_gain_and_the_solved_play_as_a_habit_costs_nothing():
    result = solve_betting(SNAKES, 3)
    costs = habit_costs(result)
    assert (costs["cost_exact"] >= 0).all()
    assert costs.groupby("habit")["cost"].max().gt(0).sum() >= 3
    for seat in (1, 2, 3):
        assert habit_ev(result, Habit("as-solved"), seat) == result.ev[seat - 1]
    # The last seat never raises in the solved play, so never raising costs it nothing.
    never = costs[(costs["habit"] == "never-raise") & (costs["seat"] == 3)]
    assert never["cost_exact"].iloc[0] == 0


def test_habit_costs_are_kept_for_the_next_call(tmp_path, monkeypatch):
    from pokerdice_stats.games.betting.exact import habits

    monkeypatch.setenv("POKERDICE_CACHE_DIR", str(tmp_path))
    rules = get_rules("triple-snakes", {"throws": 1})
    result = solve_betting(rules, 2)
    first = habit_costs(result, ("never-raise", "always-meet"))
    assert len(list((tmp_path / "solves").glob("betting.habit_costs-*.pickle"))) == 1

    def solved_again(*args):
        raise AssertionError("solved again")

    monkeypatch.setattr(habits, "_costs", solved_again)
    again = habit_costs(solve_betting(rules, 2), ("never-raise", "always-meet"))
    assert again.equals(first) and again is not first
    # other habits, stakes or seats are another game's figures: solved
    for other, chosen in [
        (result, ("never-raise",)),
        (solve_betting(rules, 2, ante=2), ("never-raise", "always-meet")),
        (solve_betting(rules, 3), ("never-raise", "always-meet")),
        (solve_betting(rules, 2, exact=False), ("never-raise", "always-meet")),
        (solve_betting(get_rules("triple-snakes"), 2), ("never-raise", "always-meet")),
    ]:
        with pytest.raises(AssertionError, match="solved again"):
            habit_costs(other, chosen)


def test_bad_input_from_the_api():
    with pytest.raises(OptionError, match="ties=must-beat"):
        solve_betting(get_rules("gameweave"), 2)
    with pytest.raises(OptionError, match="players must be 2 to 5"):
        solve_betting(SNAKES, 6)
    with pytest.raises(OptionError, match=r"^ante must be above 0"):  # the argument's name
        solve_betting(SNAKES, 2, ante=0)
    with pytest.raises(OptionError, match=r"^raise_size must be a number of chips"):
        solve_betting(SNAKES, 2, raise_size="lots")
    with pytest.raises(OptionError, match="raises a turn must be 0 to 4"):
        solve_betting(SNAKES, 2, raises=5)
    result = solve_betting(SNAKES, 3)
    with pytest.raises(OptionError, match="seat must be 1 to 3"):
        meet_decision(result, 4, "1 1 2 3 4")
    with pytest.raises(OptionError, match="the first seat never answers a raise"):
        meet_decision(result, 1, "1 1 2 3 4")
    with pytest.raises(OptionError, match="the first seat faces no best hand"):
        raise_decision(result, 1, "1 1 2 3 4", against="2 2 3 4 5")
    with pytest.raises(OptionError, match="seat 2 needs the best hand so far"):
        raise_decision(result, 2, "1 1 2 3 4")
    with pytest.raises(OptionError, match=r"^pot: the pot must be at least 3 chips"):
        raise_decision(result, 2, "1 1 2 3 4", against="2 2 3 4 5", pot=2)
    with pytest.raises(OptionError, match="still in: seats must be 3 to 3"):
        raise_decision(result, 2, "1 1 2 3 4", against="2 2 3 4 5", still_in=[2])
    with pytest.raises(OptionError, match="still in must include the answering seat 3"):
        meet_decision(result, 3, "1 1 2 3 4", still_in=[2])
    with pytest.raises(OptionError, match="raised must be 1 to 1"):
        meet_decision(result, 2, "1 1 2 3 4", raised=2)
    with pytest.raises(OptionError, match="unknown habit"):
        parse_habit("always-raise", result)
    with pytest.raises(OptionError, match="habit 'raise-from:flush'"):
        parse_habit("raise-from:flush", result)


def test_cli_json_contract(capsys):
    code, out, _ = run_cli(capsys, "betting", "--players", "3", "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert data["rules"] == "triple-snakes" and data["players"] == 3
    assert data["ante"] == 1.0 and data["raise"] == 1.0 and data["raises"] == 1
    rows = data["seats"]
    assert [row["seat"] for row in rows] == [1, 2, 3]
    for row in rows:
        assert {"seat", "ev", "ev_exact", "p_pot", "raise_rate", "fold_rate"} <= set(row)
        assert abs(float(Fraction(row["ev_exact"])) - row["ev"]) < 1e-15
    assert sum(Fraction(row["ev_exact"]) for row in rows) == 0


def test_cli_decisions(capsys):
    base = ["betting", "--players", "4", "--ante", "2", "--raise", "1", "--format", "json"]
    code, out, _ = run_cli(capsys, *base, "--seat", "3", "--against", "3 3 3 5 5")
    assert code == 0
    data = json.loads(out)
    assert data["decision"] == "meet" and data["pot"] == 9.0
    assert data["fold_value_exact"] == "0/1"
    code, out, _ = run_cli(
        capsys, *base, "--seat", "2", "--against", "1 2 3 4 6", "--hand", "33355"
    )
    data = json.loads(out)
    assert data["decision"] == "raise" and [o["raises"] for o in data["options"]] == [0, 1]
    code, out, _ = run_cli(
        capsys,
        *base,
        "--seat",
        "2",
        "--against",
        "1 2 3 4 6",
        "--dice",
        "33126",
        "--throws-left",
        "2",
    )
    data = json.loads(out)
    assert data["holds"][0]["optimal"] and data["holds"][0]["value"] == data["value"]
    code, out, _ = run_cli(capsys, "betting", "--players", "3", "--habit", "never-raise")
    assert code == 0 and "never-raise" in out


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--players", "6"], "players must be 2 to 5"),
        (["--ante", "0"], "--ante must be above 0"),
        (["--raise", "x"], "--raise must be a number of chips"),
        (["--raises", "9"], "raises a turn must be 0 to 4"),
        (["--rules", "gameweave"], "ties=must-beat"),
        (["--against", "1 1 2 3 4"], "--against needs --seat"),
        (["--seat", "2"], "facing a raise, give --against"),
        (["--seat", "5", "--against", "1 1 2 3 4"], "seat must be 1 to 2"),
        (
            ["--seat", "2", "--against", "1 1 2 3 4", "--hand", "11111", "--dice", "11111"],
            "not both",
        ),
        (["--seat", "2", "--against", "1 1 2 3 4", "--dice", "11111"], "go together"),
        (["--seat", "2", "--against", "1 1 2 3 4", "--still-in", "a,b"], "--still-in takes seats"),
        (
            ["--seat", "2", "--against", "1 1 2 3 4", "--pot", "1"],
            "--pot: the pot must be at least 3",
        ),
        (["--seat", "2", "--against", "1 1 2 3 4", "--raised", "2"], "raised must be 1 to 1"),
        (["--seat", "1", "--hand", "11111", "--raised", "1"], "--raised belongs to a seat"),
        (["--seat", "2", "--against", "1 1 2 3 9"], "1 1 2 3 9"),
        (["--seat", "1", "--habit", "never-raise"], "leave out --seat"),
        (["--habit", "sometimes"], "unknown habit"),
    ],
)
def test_cli_bad_input(capsys, argv, words):
    assert_cli_error(capsys, ["betting", *argv], words)


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        # --raise means nothing when no raise is allowed
        (["--raises", "0", "--raise", "5"], ["--raise 5 with --raises 0", "no raise is allowed"]),
        # the options the user gave, not a --raised never passed
        (["--seat", "2", "--against", "66666", "--raises", "0"], ["--raises 0 allows no raise"]),
        (["--seat", "2", "--raises", "0"], ["seat 2 cannot be facing one"]),
        (["--seat", "2", "--against", "66666", "--raises", "0", "--raised", "1"], ["--raised 1"]),
        # the seat's range first, not "facing a raise"
        (["--seat", "0"], ["--seat must be 1 to 2, got 0"]),
        (["--seat", "3"], ["--seat must be 1 to 2, got 3"]),
        (["--seat", "1"], ["seat 1 throws first and never faces a raise"]),
        # a seat named twice
        (
            ["--seat", "2", "--against", "66666", "--still-in", "2,2"],
            ["--still-in names seat 2 twice"],
        ),
    ],
)
def test_cli_conflicting_options(capsys, argv, words):
    message = assert_cli_error(capsys, ["betting", *argv], *words)
    assert "raised must be 1 to 0" not in message and "facing a raise, give" not in message


def test_seats_named_twice_are_refused_by_the_api():
    result = solve_betting(SNAKES, 3)
    with pytest.raises(OptionError, match="seat 3 is named twice"):
        meet_decision(result, 2, "6 6 6 6 6", still_in=[2, 3, 3])


def test_exact_mixtures_are_the_plain_fraction_sums():
    """The betting solver's exact sums (whole numbers over common denominators, the
    vectors' entries read once) are the Fractions of plain one-by-one sums, zero weights
    and zero entries included; goals from values over the strengths too."""
    import random

    import numpy as np

    from pokerdice_stats.games.betting.exact.induction import exact_mixture, exact_sum
    from pokerdice_stats.games.seen.exact.strengths import goals_from_values
    from pokerdice_stats.turn.hands import hand_table

    rng = random.Random(27)

    def fraction():
        if rng.random() < 0.3:
            return Fraction(0)
        return Fraction(rng.randint(-(10**12), 10**12), rng.choice([1, 3, 7776, 7776**3 * 5]))

    for _ in range(20):
        n = rng.randint(1, 12)
        weights = [fraction() for _ in range(n)]
        vectors = [np.array([[fraction() for _ in range(3)] for _ in range(4)]) for _ in range(n)]
        plain = np.full((4, 3), Fraction(0), dtype=object)
        for w, v in zip(weights, vectors, strict=True):
            plain = plain + w * v
        mixed = exact_mixture(weights, vectors)
        assert mixed.shape == (4, 3) and all(type(x) is Fraction for x in mixed.ravel())
        assert mixed.tolist() == plain.tolist()
        assert exact_sum(weights) == sum(weights, Fraction(0))
    rules = get_rules("triple-snakes")
    table = hand_table(rules)
    values = np.array([[fraction() for _ in range(table.n_strengths)] for _ in range(3)])
    for g, goal in enumerate(goals_from_values(values, rules, True, "v")):
        assert [goal.value(h) for h in range(252)] == [values[g, s] for s in table.strength]


def test_cli_hold_table_speaks_as_hold_does(capsys):
    """The betting round's holds in ``hold``'s words: (none), stand, one value, * on the best."""
    argv = ["betting", "--players", "4", "--seat", "3", "--dice", "4 4 1 2 6"]
    code, out, err = run_cli(capsys, *argv, "--throws-left", "2", "--against", "3 3 3 5 5")
    assert code == 0, err
    header = next(line for line in out.splitlines() if line.startswith("keep"))
    assert header.split() == ["keep", "rethrow", "value", "(chips)", "optimal"]
    rows = out[out.index(header) :].splitlines()[1:]
    assert rows[0].split()[:2] == ["4", "4"] and rows[0].rstrip().endswith("*")
    assert any(row.startswith("(none)") for row in rows)
    assert any(" stand " in f" {row} " for row in rows)
    assert sum(row.rstrip().endswith("*") for row in rows) >= 1


def test_best_is_the_old_name_of_against(capsys):
    # --against names the hand to beat, as in hold and round; --best still reads as it
    argv = ["betting", "--players", "3", "--seat", "3", "--format", "json"]
    code, out, _ = run_cli(capsys, *argv, "--best", "3 3 3 5 5")
    code_new, out_new, _ = run_cli(capsys, *argv, "--against", "3 3 3 5 5")
    assert code == code_new == 0 and out == out_new
    assert json.loads(out)["against"] == "5 5 3 3 3"
    assert_cli_error(
        capsys,
        [*argv, "--best", "3 3 3 5 5", "--against", "3 3 3 5 5"],
        "--best is the old name of --against",
    )
