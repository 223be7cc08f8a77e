"""001's round as written (ante named by seat 1, entry, raises of a chosen size).

Compared with the plain backward induction of the whole round
(``tests/reference_betting_table.py``) on 2 and 3 seats, exactly; the fixed options
(one ante, nobody sitting out, one raise size) give the round of before exactly.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from pokerdice_stats import get_rules
from pokerdice_stats.games.betting.exact.solve import solve_betting
from pokerdice_stats.games.betting.exact.table import FIGURES, solve_table
from pokerdice_stats.ground.errors import OptionError
from tests.reference_betting_table import TableReference

SNAKES = get_rules("triple-snakes")
#: (players, rule options, ante_max, raise_max): small games the reference solves in seconds.
GAMES = (
    (2, {"throws": 2}, 3, 2),
    (3, {"throws": 1}, 2, 2),
)


@pytest.fixture(scope="module", params=GAMES, ids=lambda g: f"{g[0]}seats-{g[1]}")
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
    assert [row["in"] for row in seats] == [False, False]
    assert seats[0]["ev_all_in_exact"] == -seats[1]["ev_all_in_exact"] > 0


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
