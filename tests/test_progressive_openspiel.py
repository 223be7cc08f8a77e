"""004 progressive played blind as an OpenSpiel game: its payouts against the plain
schedule of ``tests/reference_payout.py``, OpenSpiel's own checks, and the blind game's
equilibrium played in it against its exact figure."""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel")

import pokerdice_stats as pds  # noqa: E402
from pokerdice_stats.engines.blind.mixtures import game_value  # noqa: E402
from pokerdice_stats.engines.blind.simple_strategies import strategy_distribution  # noqa: E402
from pokerdice_stats.games.progressive import openspiel_game  # noqa: E402
from pokerdice_stats.games.progressive.exact.schedule import payout_matrix  # noqa: E402
from pokerdice_stats.games.progressive.openspiel_policy import progressive_policy  # noqa: E402
from pokerdice_stats.ground import indexing as ix  # noqa: E402
from pokerdice_stats.ground.errors import OptionError  # noqa: E402
from tests.reference_payout import progressive_payout  # noqa: E402
from tests.round_play import returns_against_standing  # noqa: E402

BLIND = pds.get_rules("progressive", {"knowledge": "blind"})


def pips(hand: int) -> tuple[int, ...]:
    """A hand as the reference reads it: its pips 1..6 (rank 0 is the one)."""
    return tuple(sorted(rank + 1 for rank in ix.ranks_of_counts(ix.HAND_COUNTS[hand])))


def test_the_payouts_are_004s_schedule():
    """Every pair of final hands: the player (player 0) gets what 004's table pays it."""
    shared = openspiel_game.setting({})
    for player in range(ix.N_HANDS):
        for computer in range(0, ix.N_HANDS, 5):
            expected = progressive_payout(pips(player), pips(computer))
            assert shared.returns([player, computer]) == [expected, -expected]


def test_the_game_is_blind_and_registered():
    game = openspiel_game.load_game()
    assert str(game) == "pokerdice_progressive_blind(rules=progressive,set=)"
    assert game.num_players() == 2 and game.max_utility() == 1200
    pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)
    state = game.new_initial_state()
    state.apply_action(5)
    assert state.information_state_string(0).startswith("p0 throw")
    assert openspiel_game.setting({}).rules == BLIND


@pytest.mark.parametrize(
    ("params", "words"),
    [
        ({"schedule": "004"}, "unknown parameter 'schedule' of pokerdice_progressive_blind"),
        ({"rules": "gameweave"}, "compares categories only"),
        ({"rules": "banking"}, "compares categories only"),
    ],
)
def test_what_it_does_not_play_is_refused(params, words):
    with pytest.raises(OptionError, match=words):
        openspiel_game.load_game(params)


def test_the_equilibrium_against_a_standing_computer_wins_its_exact_figure():
    """The player plays the blind equilibrium, the computer stands on its first throw: the
    player's mean return is the exact figure, within 5 standard errors of 5,000
    fixed-seed rounds."""
    eq = pds.expected_payout(BLIND).equilibrium
    stand = strategy_distribution(BLIND, "stand")
    exact = float(game_value(eq.first.exact(), stand, payout_matrix(BLIND)))
    game = openspiel_game.load_game()
    policy = progressive_policy(eq, game)
    mean, error = returns_against_standing(game, policy, 5_000, seed=4)
    assert abs(mean - exact) < 5 * error, (mean, exact, error)


def test_a_policy_plays_only_its_own_rules():
    eq = pds.expected_payout(BLIND).equilibrium
    banking = pds.banking_equilibrium(pds.get_rules("banking"))
    with pytest.raises(OptionError, match="the equilibrium plays banking; the game"):
        progressive_policy(banking, openspiel_game.load_game())
    with pytest.raises(OptionError, match="result must be an Equilibrium"):
        progressive_policy("x", openspiel_game.load_game())
    state = openspiel_game.load_game().new_initial_state()
    state.apply_action(5)
    chances = progressive_policy(eq, openspiel_game.load_game()).action_probabilities(state)
    assert sum(chances.values()) == pytest.approx(1)


def test_a_push_returns_plain_zeros():
    """Both stand on the same hand: nobody pays, and neither return is -0.0."""
    import math

    game = pyspiel.load_game(openspiel_game.GAME_NAME)
    state = game.new_initial_state()
    for _ in range(2):  # each seat throws 6 6 6 6 6, then stands
        state.apply_action(ix.N_HANDS - 1)
        state.apply_action(int(ix.HAND_KEEP[ix.N_HANDS - 1]))
    assert state.is_terminal() and state.returns() == [0.0, 0.0]
    assert all(math.copysign(1.0, r) == 1.0 for r in state.returns())


def test_a_house_rule_is_a_parameter_and_the_game_stays_blind():
    game = pyspiel.load_game(openspiel_game.GAME_NAME, {"set": "throws=2"})
    assert str(game) == "pokerdice_progressive_blind(rules=progressive,set=throws:2)"
    shared = openspiel_game.setting(game.get_parameters())
    assert shared.rules == pds.get_rules("progressive", {"throws": 2, "knowledge": "blind"})
    with pytest.raises(OptionError, match=r"played blind .* leave knowledge out of set"):
        openspiel_game.load_game({"set": "knowledge=seen"})
