"""004 banking as an OpenSpiel game: its dice, keeps and pot checked against the plain
references of ``tests/reference_games.py`` (every keep's throw, every hand's holds, the
winner by the rule documents' comparison), OpenSpiel's own checks, and the toolkit's
equilibria played in it against their exact figures."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import pokerdice_stats as pds  # noqa: E402
from pokerdice_stats.engines.blind.mixtures import Mixture  # noqa: E402
from pokerdice_stats.engines.blind.openspiel_policy import behaviour  # noqa: E402
from pokerdice_stats.games.banking import openspiel_game  # noqa: E402
from pokerdice_stats.games.banking.openspiel_policy import banking_policy  # noqa: E402
from pokerdice_stats.ground import indexing as ix  # noqa: E402
from pokerdice_stats.ground.errors import OptionError  # noqa: E402
from tests.reference import reference_key  # noqa: E402
from tests.reference_games import holds_in_canonical_order, outcomes  # noqa: E402
from tests.round_play import returns_against_standing  # noqa: E402

BANKING = pds.get_rules("banking")


def load(params):
    return pyspiel.load_game(openspiel_game.GAME_NAME, params)


def ranks(counts) -> tuple[int, ...]:
    return tuple(sorted(ix.ranks_of_counts(counts)))


def test_every_keeps_throw_is_the_plain_enumeration():
    shared = openspiel_game.setting({})
    for keep in range(ix.N_KEEPS):
        mine = {
            ranks(ix.HAND_COUNTS[h]): Fraction(p).limit_denominator(7776)
            for h, p in shared.throw(keep)
        }
        kept = ranks(ix.KEEP_COUNTS[keep])
        plain = {hand: Fraction(ways, 6 ** (5 - len(kept))) for hand, ways in outcomes(kept)}
        assert mine == plain, keep


def test_every_hands_moves_are_its_distinct_holds():
    game = load({})
    for hand in range(ix.N_HANDS):
        state = game.new_initial_state()
        state.apply_action(hand)
        holds = {ranks(ix.KEEP_COUNTS[k]) for k in state.legal_actions()}
        assert holds == set(holds_in_canonical_order(ranks(ix.HAND_COUNTS[hand])))
        stand = [k for k in state.legal_actions() if state.action_to_string(0, k) == "stand"]
        assert stand == [int(ix.HAND_KEEP[hand])]


@pytest.mark.parametrize("players", [2, 3, 5])
def test_the_pot_goes_as_the_rule_documents_compare(players):
    """Random final hands: the best by the plain comparison takes the pot, ties split."""
    shared = openspiel_game.setting({"players": players})
    rng = np.random.default_rng(players)
    for _ in range(300):
        finals = [int(h) for h in rng.choice(ix.N_HANDS, players)]
        if rng.random() < 0.2:
            finals[-1] = finals[0]  # the very same dice: a split
        keys = [reference_key(ranks(ix.HAND_COUNTS[h]), "big-little", "full") for h in finals]
        best = max(keys)
        winners = [k == best for k in keys]
        expected = [players / sum(winners) - 1 if w else -1.0 for w in winners]
        assert shared.returns(finals) == pytest.approx(expected, abs=1e-12)
        assert sum(shared.returns(finals)) == pytest.approx(0, abs=1e-12)


@pytest.mark.parametrize("players", [2, 4])
def test_openspiels_random_simulation_checks_pass(players):
    pyspiel.random_sim_test(load({"players": players}), num_sims=5, serialize=True, verbose=False)


def test_the_game_string_loads_the_same_game():
    game = load({"players": 3})
    assert str(game) == "pokerdice_banking(players=3,rules=banking,set=)"
    again = pyspiel.load_game(str(game))
    assert again.num_players() == 3 and again.max_game_length() == 3 * 2


@pytest.mark.parametrize(
    ("params", "words"),
    [
        ({"seats": 2}, "unknown parameter 'seats' of pokerdice_banking"),
        ({"players": 6}, "players must be 2 to 5, got 6"),
        ({"players": 1}, "players must be 2 to 5"),
        ({"rules": "gameweave"}, "is the blind game .* and the rules say knowledge=seen"),
        ({"rules": "nope"}, "unknown rule set 'nope'"),
        ({"rules": "classic"}, "here a rule setting is given in the parameter set"),
        ({"set": "sticky_holds:true"}, "tracks a turn by its hand alone"),
        ({"set": "throws"}, "each entry is KEY:VALUE"),
        ({"set": "throws:2;THROWS:3"}, "more than once"),
        ({"set": "wheels:4"}, "unknown option 'wheels'"),
    ],
)
def test_bad_parameters_are_refused_by_name(params, words):
    with pytest.raises(ValueError, match=words):
        openspiel_game.setting_key(params)


def test_rules_it_does_not_play_are_refused():
    sticky = pds.get_rules("banking", {"sticky_holds": True})
    roll_off = pds.get_rules("banking", {"ties": "roll-off"})
    push = pds.get_rules("banking", {"ties": "push"})
    for rules, words in (
        (sticky, "tracks a turn by its hand alone"),
        (roll_off, "tied seats sharing the pot"),
    ):
        with pytest.raises(OptionError, match=words):
            openspiel_game._check_rules(rules, 2)
    openspiel_game._check_rules(push, 2)  # of two seats, a push is a split
    with pytest.raises(OptionError, match="played by two seats only"):
        openspiel_game._check_rules(push, 3)


def _play(state, player_keeps):
    """Apply throws and keeps: ``player_keeps`` alternate hands thrown and keeps."""
    for action in player_keeps:
        state.apply_action(action)
    return state


def test_a_player_sees_its_own_dice_only():
    game = load({"players": 2})
    hand, other = ix.hand_index([0, 0, 1, 1, 1, 2]), ix.hand_index([2, 0, 0, 0, 0, 3])
    keep = ix.keep_index([0, 0, 0, 0, 0, 2])  # keep the two sixes
    after = ix.hand_index([0, 0, 0, 0, 1, 4])
    state = _play(game.new_initial_state(), [hand, keep, after, int(ix.HAND_KEEP[after])])
    state.apply_action(other)
    text = state.information_state_string(0)
    assert text == "p0 throw 6 6 5 4 3 keep 6 6 throw 6 6 6 6 5 stand p1 to move"
    assert "1 1" not in text and "p1 to move" in text
    assert state.information_state_string(1).startswith("p1 throw 6 6 6 1 1")
    assert state.observation_string(1) == "p1 hand 6 6 6 1 1 2 throws left p1 to move"
    tensor = np.array(state.information_state_tensor(0))
    turn = tensor[2 : 2 + 3 * (252 + 462)].reshape(3, 252 + 462)
    assert turn[0, hand] == turn[0, 252 + keep] == turn[1, after] == 1 and turn.sum() == 4
    private = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS
    )
    observer = game.make_py_observer(private)
    observer.set_from(state, 0)
    assert observer.dict["hands"][0, after] == observer.dict["hands"][1, other] == 1
    assert "to_move" not in observer.dict


def test_a_mixtures_behaviour_follows_the_tables_its_own_keeps_left():
    """Two pure tables, weights 1/4 and 3/4: they differ at the first keep, then the
    keep played says which table is being followed."""
    tables = [np.zeros((2, 252), dtype=np.int16) for _ in range(2)]
    tables[0][1, 5], tables[1][1, 5] = 7, 12  # first decision (2 throws left) at hand 5
    tables[0][0, 9], tables[1][0, 9] = 3, 4  # second decision at hand 9
    mixture = Mixture(
        np.array([0.25, 0.75]),
        np.zeros((2, 252)),
        1,
        (Fraction(1, 4), Fraction(3, 4)),
        tuple(tables),
    )
    assert behaviour(mixture, [("throw", 5)], 3) == {7: 0.25, 12: 0.75}
    assert behaviour(mixture, [("throw", 5), ("keep", 12), ("throw", 9)], 3) == {4: 1.0}
    with pytest.raises(OptionError, match="no pure strategy of the mixture plays these keeps"):
        behaviour(mixture, [("throw", 5), ("keep", 8), ("throw", 9)], 3)


def test_the_two_seat_equilibrium_against_standing_wins_its_exact_figure():
    """Player 0 plays the field equilibrium, player 1 stands on its first throw: player 0's
    mean return is the exact loss of ``stand`` to the equilibrium (antes a round), within
    5 standard errors of 5,000 fixed-seed rounds (a standard error near 0.011 antes, against
    a figure of 0.67)."""
    eq = pds.solve_field(BANKING, 2)
    loss = pds.field_strategy_table(eq).set_index("strategy").loc["stand", "loss_float"]
    game = load({"players": 2})
    policy = banking_policy(eq, game)
    mean, error = returns_against_standing(game, policy, 5_000, seed=2026)
    assert abs(mean - float(loss)) < 5 * error, (mean, loss, error)


def test_a_policy_plays_only_its_own_game():
    eq = pds.solve_field(BANKING, 2)
    with pytest.raises(OptionError, match="plays 2 seats under banking; the game, 3"):
        banking_policy(eq, load({"players": 3}))
    with pytest.raises(OptionError, match="reads a FieldEquilibrium"):
        banking_policy("x", load({}))
    two = banking_policy(pds.banking_equilibrium(BANKING), load({}))
    state = load({}).new_initial_state()
    state.apply_action(5)
    assert sum(two.action_probabilities(state).values()) == pytest.approx(1)


def test_an_rl_environment_plays_episodes():
    from open_spiel.python import rl_environment

    env = rl_environment.Environment(load({"players": 3}), seed=4)
    rng = np.random.default_rng(4)
    for _ in range(3):
        step = env.reset()
        while not step.last():
            player = step.observations["current_player"]
            step = env.step([int(rng.choice(step.observations["legal_actions"][player]))])
        assert sum(step.rewards) == pytest.approx(0)


def test_load_game_checks_the_parameters_first():
    assert str(openspiel_game.load_game({"players": 4})) == str(load({"players": 4}))
    with pytest.raises(OptionError, match="unknown parameter 'player' of pokerdice_banking"):
        openspiel_game.load_game({"player": 4})


@pytest.mark.parametrize("players", [2, 3, 5])
def test_the_utility_bounds_are_the_ante_and_the_others_antes(players):
    """A seat loses at most its own ante (-1) and wins at most the others' (N - 1): the
    bounds an algorithm normalising rewards reads."""
    game = load({"players": players})
    assert (game.min_utility(), game.max_utility()) == (-1.0, float(players - 1))


def test_an_illegal_throw_or_keep_is_refused_by_name():
    game = load({})
    state = game.new_initial_state()
    state.apply_action(0)  # 1 1 1 1 1
    with pytest.raises(
        OptionError, match=r"keep 461 \(6 6 6 6 6\) is not a legal keep of 1 1 1 1 1"
    ):
        state.apply_action(461)
    keep_ace = next(k for k in state.legal_actions() if state.action_to_string(0, k) == "keep 1")
    state.apply_action(keep_ace)
    six_sixes = next(h for h in range(ix.N_HANDS) if ix.HAND_COUNTS[h][5] == 5)
    with pytest.raises(OptionError, match="cannot land on"):
        state.apply_action(six_sixes)  # a throw keeping a 1 ends with a 1
    for bad in (ix.N_HANDS, -1):
        with pytest.raises(OptionError, match="whole number from 0 to 251"):
            state.action_to_string(pyspiel.PlayerId.CHANCE, bad)


def test_a_house_rule_is_a_parameter_and_the_game_plays_it():
    """``set`` changes the preset as ``--set`` does; ``str(game)`` writes it in one form
    that loads the same game back; the game's turns follow the changed rules."""
    game = load({"rules": "classic", "set": "Knowledge=blind; ties:split; throws=2"})
    assert str(game) == (
        "pokerdice_banking(players=2,rules=classic,set=throws:2;ties:split;knowledge:blind)"
    )
    assert str(pyspiel.load_game(str(game))) == str(game)
    shared = openspiel_game.setting(game.get_parameters())
    assert shared.rules == pds.get_rules(
        "classic", {"throws": 2, "ties": "split", "knowledge": "blind"}
    )
    assert game.max_game_length() == 2  # one keep a seat with two throws
