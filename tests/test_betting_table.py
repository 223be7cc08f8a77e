"""001's round as written (ante named by seat 1, entry, raises of a chosen size).

Compared with the plain backward induction of the whole round
(``tests/reference_betting_table.py``) on 2 and 3 seats, exactly; the fixed options
(one ante, nobody sitting out, one raise size) give the round of before exactly.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from pokerdice_stats import get_rules
from pokerdice_stats.games.betting.exact.decisions import meet_decision, raise_decision
from pokerdice_stats.games.betting.exact.solve import solve_betting
from pokerdice_stats.games.betting.exact.table import FIGURES, solve_table
from pokerdice_stats.games.betting.exact.table_decisions import ante_decision, entry_decision
from pokerdice_stats.games.betting.exact.table_decisions import meet_decision as table_meet
from pokerdice_stats.games.betting.exact.table_decisions import raise_decision as table_raise
from pokerdice_stats.ground.errors import OptionError
from tests.cli_helpers import assert_cli_error, run_cli
from tests.reference_betting_table import TableReference

SNAKES = get_rules("triple-snakes")
#: (players, rule options, ante_max, raise_max): small games the reference solves in seconds.
GAMES = (
    (2, {"throws": 2}, 3, 2),
    (3, {"throws": 1}, 2, 2),
)


@pytest.fixture(
    scope="module",
    # every test of one game in one process (--dist loadgroup): its reference is built once
    params=[
        pytest.param(g, marks=pytest.mark.xdist_group(f"table-{i}")) for i, g in enumerate(GAMES)
    ],
    ids=lambda g: f"{g[0]}seats-{g[1]}",
)
def game(request):
    players, options, ante_max, raise_max = request.param
    rules = get_rules("triple-snakes", options)
    ref = TableReference(
        players, rules.throws, rules.straights, rules.tiebreak, ante_max, raise_max
    )
    table = solve_table(rules, players, ante_max=ante_max, raise_max=raise_max, exact=True)
    return table, ref


def _option(option) -> dict:
    return {
        "ante": option.ante,
        "seats_in": option.seats_in,
        **{name: getattr(option, name) for name in FIGURES},
    }


def test_every_ante_equals_the_plain_induction(game):
    """Who meets each ante and every seat's figures, with and without sitting out."""
    table, ref = game
    assert table.exact
    for solved, sit_out in ((table, True), (table.all_in(), False)):
        assert [_option(o) for o in solved.options] == ref.options(sit_out)
        assert _option(solved.named) == ref.named(sit_out)


def test_every_entry_decision_equals_the_plain_induction(game):
    """The value of meeting, for every seat, ante and set of seats already in."""
    table, ref = game
    values = []
    for ante in table.antes:
        for seat in range(2, table.players + 1):
            for mask in range(1 << (seat - 2)):
                before = (1, *(k for k in range(2, seat) if mask >> (k - 2) & 1))
                value = table.meet_value(ante, seat, before)
                assert value == ref.meet_value(int(ante), seat, before)
                values.append(value)
    assert len(set(values)) >= 3  # the values differ: the comparison can fail


def test_the_last_seat_loses_so_nobody_meets(game):
    """The round's finding: the last seat in always loses on average, so it sits out, and
    by backward induction so does every other seat: the round is void at every ante."""
    table, _ = game
    assert all(option.void for option in table.options)
    assert table.ante == 1 and table.seats_in == (1,)
    assert set(table.ev) == {0}
    all_in = table.all_in()
    assert all_in.named.seats_in == tuple(range(1, table.players + 1))
    assert all_in.ev[-1] < 0 < all_in.ev[0]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_fixed_options_give_the_round_of_before(players):
    """One ante, nobody sitting out, one raise size: the figures of solve_betting, exactly."""
    table = solve_table(SNAKES, players, ante=2, raise_size=1, raises=1, sit_out=False)
    before = solve_betting(SNAKES, players, ante=2, raise_size=1)
    assert table.seats_in == tuple(range(1, players + 1))
    for name in FIGURES:
        assert getattr(table.named, name) == getattr(before, name)
    # raise_max R is a raise of 1 to R chips: the round of raise 1, R raises a turn
    sized = solve_table(SNAKES, players, ante_max=1, raise_max=2, sit_out=False)
    assert sized.ev == solve_betting(SNAKES, players, ante=1, raise_size=1, raises=2).ev


def test_seat_one_names_the_ante_worth_most_to_it():
    table = solve_table(SNAKES, 3, ante_max=3, raise_max=1, sit_out=False)
    values = [option.ev[0] for option in table.options]
    assert table.ev[0] == max(values)
    assert table.ante == 1 + values.index(max(values))
    assert [option.ev for option in table.options] == [
        solve_betting(SNAKES, 3, ante=a, raise_size=1).ev for a in (1, 2, 3)
    ]


def test_the_record_carries_its_context():
    table = solve_table(SNAKES, 2, ante_max=2, raise_max=2)
    record = table.record()
    assert record["ante_max"] == 2 and record["raise_max"] == 2 and record["unit"] == "chips"
    assert record["sit_out"] is True and record["void"] is True
    assert [row["named"] for row in record["antes"]] == [True, False]
    seats = record["seats"]
    # void: seat 1 named the ante and is in alone (seats_in [1]); nobody met it
    assert [row["in"] for row in seats] == [True, False]
    assert seats[0]["ev_all_in_exact"] == -seats[1]["ev_all_in_exact"] > 0


@pytest.mark.parametrize(("players", "sit_out", "void"), [(2, True, True), (3, False, False)])
def test_the_seats_in_and_each_seats_in_agree(players, sit_out, void):
    """The record's ``seats_in`` and its rows' ``in`` say the same seats, void or not
    (the audit found ``seats_in [1]`` beside a seat 1 ``in: false``)."""
    record = solve_table(SNAKES, players, ante_max=2, raise_max=1, sit_out=sit_out).record()
    assert record["void"] is void
    assert [row["seat"] for row in record["seats"] if row["in"]] == record["seats_in"]


def test_bad_input_from_the_api():
    with pytest.raises(OptionError, match="not both"):
        solve_table(SNAKES, 2, ante=1, ante_max=2)
    with pytest.raises(OptionError, match="not both"):
        solve_table(SNAKES, 2, raise_max=2, raise_size=1)
    with pytest.raises(OptionError, match="ante_max must be 1 to 10"):
        solve_table(SNAKES, 2, ante_max=11)
    with pytest.raises(OptionError, match="raise_max must be 1 to 4"):
        solve_table(SNAKES, 2, raise_max=0)
    with pytest.raises(OptionError, match="sit_out"):
        solve_table(SNAKES, 2, sit_out="yes")
    with pytest.raises(OptionError, match="ties=must-beat"):
        solve_table(get_rules("gameweave"), 2)
    table = solve_table(SNAKES, 2, ante_max=2)
    with pytest.raises(OptionError, match="the ante must be one seat 1 may name"):
        table.option(Fraction(3))


# -- decisions on demand ------------------------------------------------------------


@pytest.fixture(scope="module")
def snakes_table():
    """Triple-snakes, 3 seats, seat 1 naming 1 or 2, raises of 1 or 2 chips."""
    return solve_table(SNAKES, 3, ante_max=2, raise_max=2)


@pytest.mark.xdist_group("snakes-table")  # the table solved once
def test_entry_and_ante_decisions_tell_their_values(snakes_table):
    table = snakes_table
    answer = entry_decision(table, 3, [1, 2])
    expected = solve_table(SNAKES, 3, ante=1, raise_max=2, sit_out=False).ev[2]
    assert answer["meet_value"] == expected < 0
    assert answer["decision"] == "sit out" and answer["sit_out_value"] == 0
    assert answer["then_in"] == [1, 2, 3]
    # seat 2 alone with seat 1: the round of two seats, seat 3 then sitting out
    second = entry_decision(table, 2, [1], ante=2)
    assert second["meet_value"] == solve_betting(SNAKES, 2, ante=2, raise_size=1, raises=2).ev[1]
    assert second["then_in"] == [1, 2]
    ante = ante_decision(table)
    assert ante["ante"] == 1 and [row["void"] for row in ante["options"]] == [True, True]


@pytest.mark.xdist_group("snakes-table")  # the table solved once
def test_seats_named_twice_are_refused(snakes_table):
    with pytest.raises(OptionError, match="seat 1 is named twice"):
        entry_decision(snakes_table, 2, [1, 1])
    with pytest.raises(OptionError, match="seat 2 is named twice"):
        table_raise(snakes_table, 3, "3 3 3 5 5", seats_in=[1, 2, 2, 3])


@pytest.mark.xdist_group("snakes-table")  # the table solved once
def test_decisions_in_the_round_are_those_of_the_seats_in(snakes_table):
    """Seat 3 in a round of seats 1 and 3 decides as seat 2 of a round of two seats."""
    table = snakes_table
    two = solve_betting(SNAKES, 2, ante=1, raise_size=1, raises=2)
    lead = table_raise(table, 1, "3 3 3 5 5", seats_in=[1, 3])
    plain = raise_decision(two, 1, "3 3 3 5 5")
    assert [row["value"] for row in lead["options"]] == [row["value"] for row in plain["options"]]
    assert [row["raise"] for row in lead["options"]] == [0, 1, 2]
    assert lead["still_in"] == [3] and lead["seats_in"] == [1, 3]
    meet = table_meet(table, 3, "3 3 3 5 5", seats_in=[1, 3], raised=2)
    assert meet["meet_value"] == meet_decision(two, 2, "3 3 3 5 5", raised=2)["meet_value"]
    assert meet["seat"] == 3 and meet["raised"] == 2
    with pytest.raises(OptionError, match="not among the seats in"):
        table_raise(table, 2, "3 3 3 5 5", seats_in=[1, 3])
    with pytest.raises(OptionError, match="seat 1 names the ante"):
        entry_decision(table, 3, [2])


def test_betting_command_solves_the_round_as_written(capsys):
    argv = ["betting", "--players", "3", "--ante-max", "2", "--raise-max", "2", "--format", "json"]
    code, out, _ = run_cli(capsys, *argv)
    assert code == 0
    record = json.loads(out)
    assert record["ante_max"] == 2 and record["raise_max"] == 2 and record["unit"] == "chips"
    assert record["void"] is True and record["seats_in"] == [1]
    assert [row["named"] for row in record["antes"]] == [True, False]
    code, out, _ = run_cli(capsys, *argv[:-2], "--seat", "3", "--in", "1,2")
    assert code == 0 and "sit out" in out


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--ante-max", "2", "--ante", "1"], "give --seat K"),
        (["--raise-max", "2", "--raise", "1"], "not both"),
        (["--ante-max", "11"], "1 to 10"),
        (["--ante-max", "2", "--seat", "1", "--in", "1"], "leave out --in"),
        (["--ante-max", "2", "--habit", "never-raise"], "--habit"),
        (["--seat", "2", "--in", "1"], "--in names the seats in"),
        (["--in", "1"], "--in needs --seat"),
        (["--sit-out", "yes", "--seat", "2", "--pot", "3"], "--pot belongs to the round"),
        (["--ante-max", "2", "--raises", "0", "--raise", "5"], "--raise 5 with --raises 0"),
        (
            ["--ante-max", "2", "--seat", "2", "--against", "66666", "--raises", "0"],
            "--raises 0 allows no raise, so seat 2 cannot be facing one",
        ),
        (["--seat", "2", "--ante-max", "2", "--in", "1,1"], "--in names seat 1 twice"),
        (
            [
                "--ante-max",
                "2",
                "--seat",
                "2",
                "--against",
                "66666",
                "--in",
                "1,2",
                "--still-in",
                "2,2",
            ],
            "--still-in names seat 2 twice",
        ),
    ],
)
def test_bad_input_from_the_command_line(capsys, argv, words):
    assert_cli_error(capsys, ["betting", *argv], words)


def test_report_section_writes_what_the_solution_says(tmp_path, monkeypatch):
    """The section's files on small tables (2 and 3 seats; sessions of 2 seats)."""
    from pokerdice_stats.games.betting.report import table as section

    monkeypatch.setattr(section, "PLAYERS", (2, 3))
    monkeypatch.setattr(section, "SESSION_TABLES", (2,))
    monkeypatch.setattr(section, "SESSIONS", 40)
    frames = (section.seat_frame, section.ante_frame, section.raise_frame, section.session_frame)
    for frame in frames:
        frame.cache_clear()
    try:
        written = section.write_table(tmp_path)
        seats = section.seat_frame()
        sessions = section.session_frame()
    finally:
        for frame in frames:
            frame.cache_clear()
    assert {p.name for p in written} == {
        "betting_as_written.csv",
        "betting_antes.csv",
        "betting_raise_sizes.csv",
        "betting_as_written.md",
        "betting_raise_sizes.md",
        "betting_sit_out_sessions.md",
    }
    for players in (2, 3):
        part = seats[seats["players"] == players]
        table = solve_table(SNAKES, players, ante_max=3, raise_max=3)
        assert list(part["ev_exact"]) == list(table.ev)
        assert list(part["ev_all_in_exact"]) == list(table.all_in().ev)
        assert list(part["entry"])[1:] == ["sits out"] * (players - 1)
    assert list(sessions["sits_out"]) == [0, 1]
    assert "void at every ante" in (tmp_path / "games" / "betting_as_written.md").read_text()
