"""Every result object of the public API has a short ``repr`` and a ``frame()``.

A person in a notebook reads ``repr``: one line, the type, the rule set by label and the
headline figures as decimals, never a long fraction or an array. ``frame()`` gives the
figures as a pandas DataFrame whose numbers agree with the object's own attributes.
"""

from __future__ import annotations

import re
from fractions import Fraction

import pandas as pd
import pytest

import pokerdice_stats as pds

GAMEWEAVE = pds.get_rules("gameweave")
SNAKES = pds.get_rules("triple-snakes")
BANKING = pds.get_rules("banking")
PROGRESSIVE = pds.get_rules("progressive")


def _run(n: int) -> pds.RunOptions:
    return pds.RunOptions(n=n, seed=1, progress=False)


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
