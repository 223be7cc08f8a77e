"""Every result object of the public API has a short ``repr`` and a ``frame()``.

A person in a notebook reads ``repr``: one line, the type, the rule set by label and the
headline figures as decimals, never a long fraction or an array. ``frame()`` gives the
figures as a pandas DataFrame whose numbers agree with the object's own attributes.
"""

from __future__ import annotations

import functools
import re
from fractions import Fraction

import numpy as np
import pandas as pd
import pytest

import pokerdice_stats as pds
from pokerdice_stats.games.banking.simulation.seats import blind_seats
from pokerdice_stats.games.bidding.exact.solve import restricted_ladder

GAMEWEAVE = pds.get_rules("gameweave")
SNAKES = pds.get_rules("triple-snakes")
BANKING = pds.get_rules("banking")
PROGRESSIVE = pds.get_rules("progressive")
CLASSIC = pds.get_rules("classic")
TABLE = pds.hand_table(CLASSIC)


def _run(n: int) -> pds.RunOptions:
    return pds.RunOptions(n=n, seed=1, progress=False)


@functools.cache
def _claims():
    """The classic category ladder on its claims (kept in the cache folder after a run)."""
    return pds.solve_claims(CLASSIC, "category")


@functools.cache
def _bidding():
    """A two-rung ladder: solved exactly in about a second."""
    ladder = restricted_ladder(pds.bid_ladder(CLASSIC), ("two-pair", "five-of-a-kind"))
    return pds.solve_bidding(CLASSIC, ladder)


@functools.cache
def _odds():
    return pds.round_odds(BANKING, blind_seats(BANKING, ["equilibrium"] * 2).distributions)


MAKERS = {
    "solve": lambda: pds.solve(GAMEWEAVE, "at-least:full-house"),
    "solve_round": lambda: pds.solve_round(GAMEWEAVE, 2),
    "solve_match": lambda: pds.solve_match(GAMEWEAVE, 2),
    "holdup": lambda: pds.holdup(SNAKES, "3 3 3 5 6", 2),
    "solve_betting": lambda: pds.solve_betting(SNAKES, 2),
    "solve_field": lambda: pds.solve_field(BANKING, 2),
    "blind_round": lambda: pds.blind_round(BANKING, 2),
    "expected_payout": lambda: pds.expected_payout(PROGRESSIVE),
    "goal_chances": lambda: pds.goal_chances(GAMEWEAVE, "at-least:full-house"),
    "round_advice": lambda: pds.round_advice(GAMEWEAVE, "K K J 10 9"),
    "goal_advice": lambda: pds.goal_advice(GAMEWEAVE, "K K J 10 9", "at-least:full-house"),
    "simulate_turns": lambda: pds.simulate_turns(GAMEWEAVE, "at-least:full-house", run=_run(2000)),
    "simulate_rounds": lambda: pds.simulate_rounds(GAMEWEAVE, 2, run=_run(2000)),
    "simulate_matches": lambda: pds.simulate_matches(GAMEWEAVE, 2, run=_run(200)),
    "simulate_progressive": lambda: pds.simulate_progressive(PROGRESSIVE, run=_run(200)),
    "hand_table": lambda: pds.hand_table(CLASSIC),
    "at_least": lambda: pds.at_least(TABLE, "full-house"),
    "compare_hands": lambda: pds.compare_hands(TABLE, ["K K J 10 9", "A A Q 9 9"]),
    "game_named": lambda: pds.game_named("bidding"),
    "game_for": lambda: pds.game_for(GAMEWEAVE, "round"),
    "bank_distribution": lambda: pds.bank_distribution(rounds=3, start=1500),
    "fit_strategy_card": functools.cache(lambda: pds.fit_strategy_card(PROGRESSIVE)),
    "payout_breakdown": lambda: pds.payout_breakdown(PROGRESSIVE),
    "edge_of": lambda: pds.payout_breakdown(PROGRESSIVE).edge,
    "design_schedule": lambda: pds.design_schedule(PROGRESSIVE, target="-3%", side="house"),
    "solve_pay": lambda: pds.solve_pay(PROGRESSIVE, "five-of-a-kind/one-pair", "3%"),
    "player_response": lambda: pds.player_response(
        PROGRESSIVE, np.sign(np.subtract.outer(np.arange(252), np.arange(252)))
    ),
    "schedule": lambda: pds.PROGRESSIVE_SCHEDULE,
    "banking_equilibrium": lambda: pds.banking_equilibrium(BANKING),
    "round_odds": _odds,
    "banking_session": lambda: pds.banking_session(_odds(), rounds=5, start=50, ante=10),
    "simulate_banking_sessions": lambda: pds.simulate_banking_sessions(
        BANKING, rounds=5, run=_run(50)
    ),
    "simulate_betting_sessions": lambda: pds.simulate_betting_sessions(
        SNAKES, rounds=5, run=_run(50)
    ),
    "solve_table": lambda: pds.solve_table(
        pds.get_rules("triple-snakes", {"throws": 1}), 3, ante=1, raise_max=1, sit_out=False
    ),
    "bid_ladder": lambda: pds.bid_ladder(CLASSIC),
    "solve_bidding": _bidding,
    "position_answer": lambda: pds.position_answer(_bidding(), "K K J 10 9", []),
    "solve_claims": _claims,
    "claims_position": lambda: pds.claims_position(_claims(), "K K J 10 9", "two-pair"),
    "claims_best_response": lambda: pds.claims_best_response(_claims(), 1),
    "claims_matchups": lambda: pds.claims_matchups(_claims(), _run(50))[1],
}

LONG_NUMBER = re.compile(r"\d{13,}")


@pytest.fixture(scope="module", params=sorted(MAKERS))
def made(request):
    return request.param, MAKERS[request.param]()


def test_repr_is_one_short_line(made):
    _, result = made
    text = repr(result)
    assert text.startswith(type(result).__name__ + "("), text
    assert "\n" not in text and len(text) <= 160, text
    assert not LONG_NUMBER.search(text), text
    assert "array(" not in text and "RuleSet(" not in text, text


def test_frame_is_a_dataframe_with_rows(made):
    _, result = made
    frame = result.frame()
    assert isinstance(frame, pd.DataFrame) and len(frame) >= 1


def test_frames_agree_with_the_attributes():
    policy = MAKERS["solve"]()
    assert policy.frame().loc[0, "value"] == policy.value()
    up = MAKERS["holdup"]()
    assert list(up.frame()["takes_pot"]) == [up.holds_up, *up.later]
    assert sum(up.frame()["takes_pot"]) == 1
    chances = MAKERS["goal_chances"]()
    assert sum(chances.frame()["chance"]) == 1
    assert all(isinstance(x, Fraction) for x in chances.frame()["chance"])
    floats = chances.frame()["chance_float"]  # a numeric column: a notebook can plot it
    assert floats.dtype == float and list(floats) == [float(x) for x in chances.frame()["chance"]]
    payout = MAKERS["expected_payout"]()
    row = payout.frame().set_index("figure").loc["expected payout (points per round)"]
    assert row["value"] == payout.expected_float and row["value_exact"] == payout.expected
    advice = MAKERS["round_advice"]()
    assert list(advice.frame()["keep"]) == [r["keep"] for r in advice.rows]
    assert "hand='K K J 10 9'" in repr(advice)
    rounds = MAKERS["simulate_rounds"]()
    frame = rounds.frame()
    assert list(frame["estimate"]) == [e.estimate for e in rounds.seats]
    assert list(frame["exact"]) == [float(x) for x in rounds.exact]


def test_repr_names_the_rule_set_by_label():
    assert "rules='gameweave'" in repr(MAKERS["solve_round"]())
    assert "rules='progressive'" in repr(MAKERS["expected_payout"]())


def test_new_frames_agree_with_the_attributes():
    bank = MAKERS["bank_distribution"]()
    frame = bank.frame()
    assert list(frame["bank"]) == list(bank.banks) and sum(frame["chance_exact"]) == 1
    assert sum(frame.loc[frame["ruined"], "chance_exact"]) == bank.ruin > 0
    odds = MAKERS["round_odds"]()
    assert list(odds.frame()["chance_exact"]) == [odds.win, odds.split, odds.loss]
    session = MAKERS["banking_session"]()
    frame = session.frame()
    assert sum(frame["chance_exact"]) == 1
    assert set(frame["bank_seat1"] + frame["bank_seat2"]) == {2 * session.start}
    table = MAKERS["hand_table"]()
    frame = table.frame()
    assert sum(frame["ways"]) == 7776 and list(frame["strength"]) == list(table.strength)
    equilibrium = MAKERS["banking_equilibrium"]()
    weights = equilibrium.frame().groupby("player")["weight_exact"].sum()
    assert list(weights) == [1, 1]
    edge = MAKERS["edge_of"]()
    figures = edge.frame().set_index("figure")
    assert figures.loc["edge (points per round)", "value_exact"] == edge.expected
    assert figures.loc["action (points per round)", "value"] == float(edge.action)
    design = MAKERS["design_schedule"]()
    assert design.frame().set_index("figure").loc["reached (percent)", "value_exact"] == (
        design.reached
    )
    assert len(design.changes_frame()) == design.cells_changed
    pay = MAKERS["solve_pay"]()
    assert pay.frame().loc[1, "value_exact"] == pay.pay
    response = MAKERS["claims_best_response"]()
    assert np.allclose(response.frame().groupby("history")["chance"].sum(), 1)
    position = MAKERS["claims_position"]()
    assert list(position.frame()["value"]) == [m.value for m in position.moves]
    betting = MAKERS["simulate_betting_sessions"]()
    assert list(betting.frame()["net_per_round"]) == [
        s.net_per_round.estimate for s in betting.seats
    ]
    banking = MAKERS["simulate_banking_sessions"]()
    assert list(banking.frame()["bank"]) == [s.bank.estimate for s in banking.seats]
    claims = MAKERS["solve_claims"]()
    row = claims.frame().set_index("figure").loc["upper (units per game)"]
    assert row["value"] == claims.upper


def test_new_reprs_name_what_they_show():
    assert "rules='progressive'" in repr(MAKERS["fit_strategy_card"]())
    assert "schedule='progressive (004)'" in repr(MAKERS["payout_breakdown"]())
    assert "rules='classic'" in repr(MAKERS["solve_claims"]())
    assert repr(MAKERS["hand_table"]()) == (
        "HandTable(rules='classic', hands=252, categories=8, strengths=252)"
    )


@pytest.mark.parametrize(
    ("maker", "label"),
    [
        ("simulate_turns", "gameweave"),
        ("simulate_rounds", "gameweave"),
        ("simulate_matches", "gameweave"),
        ("simulate_progressive", "progressive"),
        ("simulate_banking_sessions", "banking"),
        ("simulate_betting_sessions", "triple-snakes"),
    ],
)
def test_a_simulations_repr_names_its_rules_first(maker, label):
    assert repr(MAKERS[maker]()).split("(", 1)[1].startswith(f"rules='{label}'")


def test_a_float_goals_frame_holds_its_floats():
    # a round's seats' goals hold float values over 1: read as they are, not truncated
    policy, goal = pds.solve_round(GAMEWEAVE, 3).policy(2, "K K K Q Q")
    seat_goal = policy.goals[goal]
    assert not seat_goal.exact
    frame = seat_goal.frame()
    assert "value_exact" not in frame
    assert list(frame["value"]) == [float(v) for v in seat_goal.numerators]
    assert frame["value"].between(0, 1).all() and (frame["value"] % 1 != 0).any()
    assert seat_goal.value(0) == float(seat_goal.numerators[0])
    assert list(seat_goal.values) == list(frame["value"])
