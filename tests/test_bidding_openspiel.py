"""The bidding game checked by OpenSpiel: its nash_conv of the project's solution, its CFR+.

Reduced configurations (six hands dealt, five rungs), small enough for OpenSpiel's
Python tree walks (a second or less each) and not trivial: every pair of hands does not
make the same rungs, the value lies well inside (-1, 1) and the solution mixes.  The
project solves the same game (the same deal) with its own program and best responses,
and OpenSpiel, which knows nothing of them, measures the result through the package's
:func:`~pokerdice_stats.games.bidding.openspiel_policy.openspiel_policy`.
"""

from __future__ import annotations

import dataclasses
import functools

import numpy as np
import pyspiel  # the test extra installs open-spiel: a missing one fails, never skips
import pytest
from open_spiel.python import rl_environment
from open_spiel.python.algorithms import cfr, exploitability
from open_spiel.python.algorithms.expected_game_score import policy_value
from open_spiel.python.observation import make_observation

from pokerdice_stats import get_rules
from pokerdice_stats.games.bidding import openspiel_game
from pokerdice_stats.games.bidding.exact.claims import claim_ladder
from pokerdice_stats.games.bidding.exact.claims_answer import ClaimsBidding
from pokerdice_stats.games.bidding.exact.claims_cfr import ClaimSolver
from pokerdice_stats.games.bidding.exact.game import TOLERANCE, solve_bidding
from pokerdice_stats.games.bidding.exact.response import exploitability as project_gap
from pokerdice_stats.games.bidding.exact.sequence_form import hand_classes
from pokerdice_stats.games.bidding.openspiel_policy import openspiel_policy
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.turn.hands import hand_table

CLASSIC = get_rules("classic")
#: The configuration a review reported: face classes are no symmetry of this deal (most
#: pairs of its hands make five of a kind, so the cross-checks use richer deals).
REPORTED = {
    "ladder": "category",
    "rungs": "high-die;two-pair;full-house;four-of-a-kind;five-of-a-kind",
    "hands": "0;17;90;140;180;251",
}
CATEGORY = {
    "ladder": "category",
    "rungs": "two-pair;three-of-a-kind;full-house;four-of-a-kind;five-of-a-kind",
    "hands": "7;67;103;105;121;231",
}
CONFIGURATIONS = {
    "category": CATEGORY,
    "fine": {
        "ladder": "fine",
        "rungs": "two-pair:A;straight:K;full-house:Q;four-of-a-kind:10;five-of-a-kind:A",
        "hands": "14;23;77;108;133;251",
    },
}
PUBLIC = pyspiel.IIGObservationType(
    perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
)


def load(params):
    return pyspiel.load_game(openspiel_game.GAME_NAME, params)


@functools.cache
def solved(name):
    """The game in OpenSpiel and the project's solution of the same game (its default
    hand classes: those must lose nothing on a reduced deal too)."""
    params = CONFIGURATIONS[name]
    ladder, deal = openspiel_game.setting(params)
    return load(params), solve_bidding(CLASSIC, ladder, chances=deal)


def test_the_game_is_registered():
    assert openspiel_game.AVAILABLE
    assert openspiel_game.GAME_NAME in pyspiel.registered_names()


@pytest.mark.parametrize("name", sorted(CONFIGURATIONS))
def test_the_configurations_are_not_trivial(name):
    _, result = solved(name)
    ladder, deal = openspiel_game.setting(CONFIGURATIONS[name])
    dealt = np.flatnonzero(deal)
    assert len(dealt) == 6 and ladder.n_rungs == 5
    assert len(np.unique(ladder.pair_rung[np.ix_(dealt, dealt)])) == 5  # every rung is made
    assert 0.05 < abs(result.value) < 0.9
    moves = result.strategy[1][dealt][:, 1:]
    assert ((moves > 1e-6) & (moves < 1 - 1e-6)).any()  # the solution mixes


@pytest.mark.parametrize("name", sorted(CONFIGURATIONS))
def test_openspiel_measures_the_project_solution_alike(name):
    game, result = solved(name)
    deal = openspiel_game.setting(CONFIGURATIONS[name])[1]
    assert result.exploitability < TOLERANCE
    assert result.abstraction.startswith("none: exact")
    project = openspiel_policy(result, game)
    value = policy_value(game.new_initial_state(), [project, project])
    assert abs(value[0] - result.value) < 1e-12
    # OpenSpiel's own best responses: the sum of both seats' gains is the project's gap
    assert abs(exploitability.nash_conv(game, project) - result.exploitability) < 1e-9
    # and on a strategy far from an equilibrium (every move of the tree equally likely)
    tree = result.tree
    uniform = {}
    for seat in (1, 2):
        table = np.zeros_like(result.strategy[seat])
        for info in tree.infosets[seat]:
            table[:, list(info.moves)] = 1.0 / len(info.moves)
        uniform[seat] = table
    *_, gap = project_gap(tree, result.ladder, uniform[1], uniform[2], deal)
    assert gap > 0.1
    loose = openspiel_policy(dataclasses.replace(result, strategy=uniform), game)
    assert abs(exploitability.nash_conv(game, loose) - gap) < 1e-9
    # the toolkit's figure is NashConv: twice OpenSpiel's exploitability
    assert abs(2 * exploitability.exploitability(game, loose) - gap) < 1e-9


@pytest.mark.parametrize("params", [REPORTED, CATEGORY], ids=["reported", "category"])
def test_a_reduced_deal_is_solved_exactly_with_the_default_classes(params):
    """Face classes are symmetries of the full deal only: on a reduced deal the default
    classes must keep the solve exact (before, on the reported deal: value 0.2284 and gap
    0.2315, labelled exact; the exact value is 0.3673)."""
    game = load(params)
    ladder, deal = openspiel_game.setting(params)
    result = solve_bidding(CLASSIC, ladder, chances=deal)
    dealt = np.flatnonzero(deal)
    alone = np.full(len(deal), len(dealt))
    alone[dealt] = np.arange(len(dealt))
    by_hand = solve_bidding(CLASSIC, ladder, classes=alone, chances=deal)
    assert abs(result.value - by_hand.value) < 1e-9
    assert result.exploitability < 1e-9 and result.abstraction.startswith("none: exact")
    assert exploitability.nash_conv(game, openspiel_policy(result, game)) < 1e-9
    if params is REPORTED:
        assert abs(result.value - 0.367284) < 1e-6
    # the face classes forced on this deal are an abstraction, and say so with their gap
    coarse = solve_bidding(CLASSIC, ladder, classes=hand_classes(ladder), chances=deal)
    assert coarse.exploitability > 0.2
    assert "not exact" in coarse.abstraction and "exact on" not in coarse.abstraction
    nash_conv = exploitability.nash_conv(game, openspiel_policy(coarse, game))
    assert abs(nash_conv - coarse.exploitability) < 1e-9


@pytest.mark.parametrize("name", sorted(CONFIGURATIONS))
def test_openspiel_cfr_plus_agrees_with_the_value(name):
    game, result = solved(name)
    solver = cfr.CFRPlusSolver(game)
    for _ in range(25):
        solver.evaluate_and_update_policy()
    average = solver.average_policy()
    gap = exploitability.nash_conv(game, average)
    value = policy_value(game.new_initial_state(), [average, average])[0]
    # the game's value lies within the CFR+ average's own gap of its result
    assert gap < 0.05
    assert abs(value - result.value) <= gap + 1e-12


@pytest.mark.xdist_group("claims_kernels")  # the process that compiles them for the others
@pytest.mark.parametrize("name", sorted(CONFIGURATIONS))
@pytest.mark.parametrize("iterations", [3, 200])
def test_openspiel_measures_the_claims_solver_alike(name, iterations):
    """The claims solver on the same deal (the ladder's claims: on the category
    configuration ``high-die`` and ``two-pair`` make one), its tree the openings only,
    read on every rung as the package reads a ``ClaimsBidding``: OpenSpiel's nash_conv of
    its strategy, bids outside the tree and their calls included, is the solver's own gap;
    its value lies between the solver's bounds."""
    params = CONFIGURATIONS[name]
    game = load(params)
    ladder, deal = openspiel_game.setting(params)
    claims = claim_ladder(ladder)
    solver = ClaimSolver(claims, deal)
    solver.add(*((claim,) for claim in range(claims.n_rungs)))
    solver.run(iterations)
    strategy = solver.strategy()
    lower, upper = solver.bounds(strategy, solver.reaches(strategy))
    result = ClaimsBidding.from_policy(
        CLASSIC, ladder, solver.policy(strategy), (lower, upper), iterations
    )
    mine = openspiel_policy(result, game)
    assert abs(exploitability.nash_conv(game, mine) - (upper - lower)) < 1e-9
    value = policy_value(game.new_initial_state(), [mine, mine])[0]
    assert lower - 1e-12 <= value <= upper + 1e-12
    if iterations == 3:
        assert upper - lower > 0.01  # far from an equilibrium: the figures still agree


def test_a_policy_refuses_a_game_of_another_ladder():
    game, result = solved("category")
    other = load({**CATEGORY, "rungs": "high-die;full-house;five-of-a-kind"})
    with pytest.raises(OptionError, match="the game plays the rungs high-die, full-house"):
        openspiel_policy(result, other)
    with pytest.raises(OptionError, match="reads a Bidding or a ClaimsBidding"):
        openspiel_policy(result.ladder, game)


def test_states_share_the_ladder_and_clones_stay_small():
    """A clone (every step of OpenSpiel's tree walks) copies the bids, not the ladder's
    252 x 252 table: the ladder and the deal are one object for every state."""
    game = load({"hands": "0;90;180;251"})
    state = game.new_initial_state()
    state.apply_action(0)
    state.apply_action(90)
    clone = state.clone()
    assert clone.ladder is state.ladder and clone.deal is state.deal
    assert clone.hands == [0, 90] and clone.hands is not state.hands
    assert not clone.is_chance_node()
    assert not state.deal.flags.writeable


def test_games_of_one_ladder_share_it_whatever_their_deal():
    """The ladder is kept by (rules, ladder, rungs): a study over many deals builds it once."""
    rungs = "high-die;full-house;five-of-a-kind"
    ladders = {
        id(openspiel_game.setting({"rungs": rungs, "hands": f"0;{h}"})[0]) for h in range(1, 40)
    }
    assert len(ladders) == 1


@pytest.mark.parametrize("hands", ["-1", "252", "x", "1;2;1e3", "h7"])
def test_bad_hand_indices_are_refused(hands):
    with pytest.raises(ValueError, match="index 0 to 251"):
        load({"hands": hands})


@pytest.mark.parametrize(
    ("hands", "message"),
    [
        ("1;1;2", "hand 1 is given twice"),
        (";", "names none"),
        (" ; ", "names none"),
        (";;", "names none"),
        ("1;;2", "an empty entry"),
    ],
)
def test_duplicate_and_empty_hands_are_refused(hands, message):
    with pytest.raises(OptionError, match=message):
        load({"hands": hands})


@pytest.mark.parametrize(
    ("params", "unknown"),
    [
        ({"rungs": "high-die;ful-house;five-of-a-kind"}, "rung 'ful-house'"),
        ({"rungs": "hig-die;full-house"}, "rung 'hig-die'"),  # the lowest: unknown, not 'met'
        ({"rungs": "nosuch"}, "rung 'nosuch'"),
        ({"rungs": "x;high-die;y"}, "rungs 'x', 'y'"),
        ({"ladder": "fine", "rungs": "high-die;full-house"}, "rungs 'high-die', 'full-house'"),
    ],
)
def test_unknown_rungs_are_refused_by_name_with_the_ladders_labels(params, unknown):
    with pytest.raises(OptionError, match=f"unknown {unknown} on the") as refused:
        load(params)
    ladder = openspiel_game.setting({"ladder": params.get("ladder", "category")})[0]
    assert "its rungs: " + ", ".join(ladder.labels) in str(refused.value)


def test_a_lowest_rung_not_always_met_is_refused_as_such():
    with pytest.raises(OptionError, match="'full-house' is not; keep one of high-die, one"):
        load({"rungs": "full-house;five-of-a-kind"})


@pytest.mark.parametrize(
    "params",
    [
        {"hands": "7"},  # written "7;": OpenSpiel would read "hands=7" as an integer
        {"hands": "7;"},
        {"hands": " 7 "},
        {"hands": "251;7;90"},
        {"rungs": "Full-House; high-die", "hands": "46;"},
        {"ladder": "fine", "rungs": "two-pair:A;five-of-a-kind:A"},
        {"rules": "gameweave"},
        {},
    ],
)
def test_the_game_string_loads_the_same_game_again(params):
    game = load(params)
    again = pyspiel.load_game(str(game))
    assert again.get_parameters() == game.get_parameters()
    assert again.num_distinct_actions() == game.num_distinct_actions()
    state = again.new_initial_state()
    dealt = [h for h, _ in state.chance_outcomes()]
    state.apply_action(dealt[-1])
    state.apply_action(dealt[0])
    state.apply_action(0)
    text = pyspiel.serialize_game_and_state(again, state)
    game3, state3 = pyspiel.deserialize_game_and_state(text)
    assert str(game3) == str(game) and state3.history() == state.history()
    assert state3.hands == state.hands and state3.bids == [0]


@pytest.mark.parametrize(
    "params", [{"hands": "7"}, {"rungs": "Full-House; high-die", "hands": "46;"}, {}, None]
)
def test_load_game_is_openspiels_game(params):
    game = openspiel_game.load_game(params)
    assert str(game) == str(load(params or {}))
    assert game.get_parameters() == load(params or {}).get_parameters()


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"rung": "high-die"}, "unknown parameter 'rung' of pokerdice_bidding; its parameters"),
        ({"hands": "7", "Rules": "classic"}, "unknown parameter 'Rules'"),
        ("rules=classic", "parameters must be a dict, got str"),
        ({"ladder": "fine", "rungs": "full-house"}, "unknown rung 'full-house' on the fine"),
    ],
)
def test_load_game_refuses_a_bad_parameter_as_a_value_error(params, message):
    """OpenSpiel's own refusal of an unknown parameter is a SpielError (a RuntimeError,
    printed to stderr first); the toolkit's loader says it as the rest of the toolkit does."""
    with pytest.raises(OptionError, match=message):  # an OptionError is a ValueError
        openspiel_game.load_game(params)


def test_one_hand_is_written_with_its_trailing_separator():
    game = pyspiel.load_game("pokerdice_bidding(hands=7;)")
    assert game.get_parameters()["hands"] == "7;"
    assert [h for h, _ in game.new_initial_state().chance_outcomes()] == [7]


def _play_outs(state):
    """Every play-out from ``state``: the number of player moves of each."""
    if state.is_terminal():
        return [0]
    out = []
    for action in state.legal_actions():
        child = state.child(action)
        moves = _play_outs(child)
        out += [m + (not state.is_chance_node()) for m in moves]
    return out


@pytest.mark.parametrize("rungs", ["high-die;full-house;five-of-a-kind", ""])
def test_max_game_length_counts_the_players_moves(rungs):
    """OpenSpiel's convention (kuhn_poker's 3): the players' moves, not the deals."""
    game = load({"rungs": rungs, "hands": "7;"})
    longest = max(_play_outs(game.new_initial_state()))
    assert game.max_game_length() == longest == game.num_distinct_actions()


def _bid(game, hands, bids):
    state = game.new_initial_state()
    for action in [*hands, *bids]:
        state.apply_action(action)
    return state


def test_strings_are_dice_and_rung_labels():
    table = hand_table(CLASSIC)
    queens = table.hand("Q Q Q 9 9")
    game = load({**REPORTED, "hands": f"{queens};251"})
    state = game.new_initial_state()
    assert state.information_state_string(0) == "p0 hand ? bids -"
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, queens) == "hand Q Q Q 9 9"
    state = _bid(game, [queens, 251], [2])
    assert state.information_state_string(0) == "p0 hand Q Q Q 9 9 bids full-house"
    assert state.information_state_string(1) == "p1 hand A A A A A bids full-house"
    assert state.observation_string(1) == "p1 hand A A A A A last bid full-house p1 to move"
    assert state.action_to_string(1, 3) == "four-of-a-kind"
    assert state.action_to_string(1, 5) == "call"
    state.apply_action(5)
    assert str(state) == "hands Q Q Q 9 9 | A A A A A bids full-house call"
    assert state.information_state_string(0).endswith("bids full-house call")


@pytest.mark.parametrize("name", ["reported", "fine", "one hand, every rung"])
def test_openspiels_random_simulation_checks_pass(name):
    """OpenSpiel's own checks of a game (its C++ ``RandomSimTest``): legal actions, chance
    outcomes, returns, strings and tensors of every state, the game length, serialization."""
    params = {"reported": REPORTED, "fine": CONFIGURATIONS["fine"]}.get(name, {"hands": "7;"})
    pyspiel.random_sim_test(load(params), num_sims=30, serialize=True, verbose=False)


def test_the_game_type_says_what_it_provides():
    kind = load(CATEGORY).get_type()
    assert kind.provides_information_state_string and kind.provides_information_state_tensor
    assert kind.provides_observation_string and kind.provides_observation_tensor


def test_tensors_are_the_hand_the_bids_and_the_mover():
    game = load(REPORTED)  # six hands dealt, five rungs
    assert game.information_state_tensor_shape() == [2 + 6 + 5 + 2 + 1]
    assert game.observation_tensor_shape() == [2 + 6 + 5 + 2 + 1]
    state = _bid(game, [90, 0], [1, 2])  # A A A 10 9 against 9 9 9 9 9; two bids
    info = np.array(state.information_state_tensor(1))
    player, hand, bids, to_move, called = np.split(info, [2, 8, 13, 15])
    assert list(player) == [0, 1] and list(hand) == [1, 0, 0, 0, 0, 0]  # the deal's first
    assert list(bids) == [0, 1, 1, 0, 0] and list(to_move) == [1, 0] and list(called) == [0]
    seen = np.array(state.observation_tensor(1))
    assert list(seen[8:13]) == [0, 0, 1, 0, 0]  # the last bid only
    # the information state tells histories apart that the observation does not
    other = _bid(game, [90, 0], [0, 2])
    assert other.observation_tensor(1) == state.observation_tensor(1)
    assert other.information_state_tensor(1) != state.information_state_tensor(1)
    assert other.observation_string(1) == state.observation_string(1)
    assert other.information_state_string(1) != state.information_state_string(1)


def test_the_observer_honours_the_observation_type():
    game = load(REPORTED)
    state = _bid(game, [90, 0], [1])
    public = make_observation(game, PUBLIC)
    public.set_from(state, 0)
    assert public.string_from(state, 0) == "p0 last bid two-pair p1 to move"
    assert public.string_from(state, 1) == "p1 last bid two-pair p1 to move"
    assert "hand" not in public.dict and "hands" not in public.dict
    both = make_observation(
        game,
        pyspiel.IIGObservationType(
            perfect_recall=True, public_info=True, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS
        ),
    )
    both.set_from(state, 0)
    assert both.string_from(state, 0) == "p0 hands A A A 10 9 | 9 9 9 9 9 bids two-pair"
    assert both.dict["hands"].tolist() == [[0, 0, 1, 0, 0, 0], [1, 0, 0, 0, 0, 0]]
    own = make_observation(
        game,
        pyspiel.IIGObservationType(
            perfect_recall=False,
            public_info=False,
            private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER,
        ),
    )
    assert own.string_from(state, 1) == "p1 hand 9 9 9 9 9"
    assert list(own.dict) == ["player", "hand"]
    with pytest.raises(OptionError, match="perfect recall needs public_info"):
        make_observation(
            game,
            pyspiel.IIGObservationType(
                perfect_recall=True,
                public_info=False,
                private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER,
            ),
        )
    with pytest.raises(OptionError, match="reads no observation parameters"):
        make_observation(game, PUBLIC, {"x": 1})


def test_an_rl_environment_plays_episodes():
    game = load(CATEGORY)
    env = rl_environment.Environment(
        game, chance_event_sampler=rl_environment.ChanceEventSampler(seed=3)
    )
    size = game.information_state_tensor_size()
    assert env.observation_spec()["info_state"] == (size,)
    rng = np.random.default_rng(3)
    for _ in range(20):
        step = env.reset()
        while not step.last():
            player = step.observations["current_player"]
            state = step.observations["info_state"][player]
            assert len(state) == size and sum(state[:2]) == 1
            step = env.step([int(rng.choice(step.observations["legal_actions"][player]))])
        assert sorted(step.rewards) == [-1.0, 1.0]


def test_an_illegal_deal_bid_or_call_is_refused_by_name():
    game = pyspiel.load_game(openspiel_game.GAME_NAME, {"hands": "0;46;251"})
    state = game.new_initial_state()
    with pytest.raises(OptionError, match=r"hand 5 is not dealt in this game"):
        state.apply_action(5)
    with pytest.raises(OptionError, match="whole number from 0 to 251"):
        state.apply_action(999)
    state.apply_action(0)
    state.apply_action(46)
    call = game.num_distinct_actions() - 1
    with pytest.raises(OptionError, match="nothing can be called yet"):
        state.apply_action(call)
    state.apply_action(5)
    with pytest.raises(OptionError, match="a bid must be above full-house"):
        state.apply_action(3)
    for bad in (call + 1, -1):
        with pytest.raises(OptionError, match=f"whole number from 0 to {call}"):
            state.action_to_string(0, bad)
    assert str(state) == "hands 9 9 9 9 9 | Q Q Q 9 9 bids full-house"  # unchanged by refusals


def test_a_house_rule_is_a_parameter_of_the_bidding_game():
    """``set=wild:9`` plays the ladder of those rules (the toolkit's own), refuses a key the
    bidding game does not read, and ``str(game)`` loads the same game back."""
    game = pyspiel.load_game(openspiel_game.GAME_NAME, {"set": "wild=9;straights=none"})
    assert str(game).endswith("set=wild:9;straights:none)")
    assert str(pyspiel.load_game(str(game))) == str(game)
    rules = get_rules("classic", {"wild": "9", "straights": "none"})
    from pokerdice_stats.games.bidding.exact.odds import bid_ladder

    played = openspiel_game.setting(game.get_parameters())[0].labels
    assert played == bid_ladder(rules).labels != bid_ladder(get_rules("classic")).labels
    with pytest.raises(OptionError, match="throws=2 would change nothing"):
        openspiel_game.load_game({"set": "throws=2"})
