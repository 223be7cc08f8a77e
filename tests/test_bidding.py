"""Seed 003's bidding for two: ten dice, odds, the solved game, simple players, the command."""

from __future__ import annotations

import functools
import json
from fractions import Fraction

import numpy as np
import pytest

from pokerdice_stats import get_rules
from pokerdice_stats.games.bidding.exact.game import TOLERANCE, solve_bidding
from pokerdice_stats.games.bidding.exact.odds import bid_ladder, bid_odds, ten_counts
from pokerdice_stats.games.bidding.exact.players import player_losses, simple_player
from pokerdice_stats.games.bidding.exact.response import best_response, play_value
from pokerdice_stats.games.bidding.exact.sequence_form import hand_classes
from pokerdice_stats.games.bidding.exact.solve import restricted_ladder, solve_ladder
from pokerdice_stats.games.bidding.exact.tree import CALL, bid_tree
from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.ground.errors import OptionError
from tests import reference_bidding as ref
from tests.cli_helpers import assert_cli_error, run_cli

CLASSIC = get_rules("classic")
WILD = get_rules("classic", {"wild": "9"})
NO_STRAIGHTS = get_rules("classic", {"straights": "none"})


@functools.cache
def solved_category(rules):
    """``solve_bidding(rules, "category")``, solved once a process: the tests below that
    read the solution share it (the first one to ask checks the solver itself).  The tests
    that read the classic solution are one ``xdist_group`` (``--dist loadgroup``), so the
    classic game is solved in one process, not once in each."""
    return solve_bidding(rules, "category")


#: The tests that read ``solved_category(CLASSIC)``: one process for them all.
CLASSIC_SOLVED = pytest.mark.xdist_group("bidding-category-classic")


@pytest.mark.parametrize(
    ("rules", "ladder"),
    [(CLASSIC, "category"), (CLASSIC, "fine"), (WILD, "category"), (NO_STRAIGHTS, "fine")],
)
def test_ten_dice_rungs_equal_the_brute_force_over_every_subset(rules, ladder):
    built = bid_ladder(rules, ladder)
    assert list(built.hand_rung) == ref.plain_hand_rungs(built)
    brute = ref.ten_dice_table(built)
    assert len(brute) == len(ten_counts()) == 3003
    for h in range(ix.N_HANDS):
        for g in range(0, ix.N_HANDS, 7):
            counts = tuple(int(v) for v in ix.HAND_COUNTS[h] + ix.HAND_COUNTS[g])
            assert built.pair_rung[h, g] == brute[counts]
    assert np.array_equal(built.pair_rung, built.pair_rung.T)


@pytest.mark.parametrize(("rules", "ladder"), [(CLASSIC, "category"), (WILD, "fine")])
def test_bid_odds_equal_the_brute_force_over_every_pair_of_throws(rules, ladder):
    built = bid_ladder(rules, ladder)
    numerators = bid_odds(built)
    plain = ref.plain_bid_odds(built)
    for h in range(ix.N_HANDS):
        assert [Fraction(int(n), 7776) for n in numerators[h]] == plain[h]


def test_classic_ten_dice_always_make_two_pairs_and_never_three_of_a_kind_at_best():
    built = bid_ladder(CLASSIC, "category")
    best = built.pair_rung
    assert best.min() == built.rung("two-pair")
    assert not (best == built.rung("three-of-a-kind")).any()


def test_tree_of_two_rungs():
    tree = bid_tree(2)
    assert tree.histories == ((), (0,), (1,), (0, 1))
    assert [o.history for o in tree.outcomes] == [(0,), (1,), (0, 1)]
    assert tree.actions(()) == (0, 1)
    assert tree.actions((1,)) == (CALL,)
    with pytest.raises(OptionError):
        bid_tree(40)


def test_two_rung_game_equals_the_value_solved_by_hand():
    base = bid_ladder(CLASSIC, "category")
    odds = ref.plain_bid_odds(base)
    for top in ("full-house", "five-of-a-kind"):
        ladder = restricted_ladder(base, ("high-die", top))
        result = solve_bidding(CLASSIC, ladder)
        assert abs(result.value - float(ref.two_rung_value(odds, base.rung(top)))) < 1e-12
        assert result.exploitability < TOLERANCE
    assert result.exploitability < TOLERANCE


@pytest.mark.parametrize("rules", [pytest.param(CLASSIC, marks=CLASSIC_SOLVED), WILD, NO_STRAIGHTS])
def test_category_equilibrium_survives_independent_best_responses(rules):
    result = solved_category(rules)
    assert result.lower <= result.value + 1e-12 <= result.upper + 2e-12
    assert result.exploitability < TOLERANCE
    # Each best response, played out, gives what it promised.
    upper, pure1 = best_response(result.tree, result.ladder, result.strategy[2], seat=1)
    assert abs(play_value(result.tree, result.ladder, pure1, result.strategy[2]) - upper) < 1e-12
    lower, pure2 = best_response(result.tree, result.ladder, result.strategy[1], seat=2)
    assert abs(play_value(result.tree, result.ladder, result.strategy[1], pure2) - lower) < 1e-12


@CLASSIC_SOLVED
def test_a_strategy_that_is_not_an_equilibrium_is_caught():
    result = solved_category(CLASSIC)
    naive = simple_player(result.tree, result.ladder, 1, "truthful")
    lower, _ = best_response(result.tree, result.ladder, naive, seat=2)
    assert lower < result.value - 0.1


def test_hand_classes_are_symmetries_of_the_ten_dice_table():
    ladder = bid_ladder(CLASSIC, "category")
    classes = hand_classes(ladder)
    assert classes.max() + 1 == 27  # faces 9 and A stay or swap; J, 10, Q, K any order
    for c in range(classes.max() + 1):
        members = np.flatnonzero(classes == c)
        profiles = {
            tuple(np.bincount(ladder.pair_rung[h], weights=ix.HAND_WAYS, minlength=8))
            for h in members
        }
        assert len(profiles) == 1
        assert len({int(ix.HAND_WAYS[h]) for h in members}) == 1


@CLASSIC_SOLVED
def test_simple_players_never_gain_against_the_solution():
    result = solved_category(CLASSIC)
    losses = player_losses(result)
    assert (losses["loss"] > -1e-9).all()
    assert len(losses) == 2 * (2 + result.ladder.n_rungs - 1)
    truthful = simple_player(result.tree, result.ladder, 1, "truthful")
    opening = result.tree.infosets[1][0]
    chosen = np.array(opening.actions)[truthful[:, list(opening.moves)].argmax(axis=1)]
    assert np.array_equal(chosen, result.ladder.hand_rung)
    with pytest.raises(OptionError):
        simple_player(result.tree, result.ladder, 1, "call-from:royal-flush")


def test_the_program_refuses_the_fine_ladder_and_names_its_answer(capsys):
    with pytest.raises(OptionError, match="solve_claims"):
        solve_ladder(CLASSIC, "fine")
    argv = ["bidding", "--ladder", "fine", "--solver", "program"]
    assert_cli_error(capsys, argv, "answered on its claims")
    from pokerdice_stats import cli

    with pytest.raises(SystemExit) as stop:  # the abstraction's option is gone
        cli.main(["bidding", "--ladder", "fine", "--translation", "down"])
    assert stop.value.code == 2 and "--translation" in capsys.readouterr().err


def test_restricted_ladder_reads_each_pair_as_the_highest_kept_rung_it_makes():
    fine = bid_ladder(CLASSIC, "fine")
    kept = ("high-die:A", "full-house:Q", "four-of-a-kind:9", "five-of-a-kind:A")
    ladder = restricted_ladder(fine, kept)
    assert ladder.labels == kept
    base = [fine.rung(label) for label in kept]
    for h in range(0, ix.N_HANDS, 5):
        for g in range(ix.N_HANDS):
            made = fine.pair_rung[h, g]
            expected = max(i for i, b in enumerate(base) if b <= made)
            assert ladder.pair_rung[h, g] == expected
    with pytest.raises(OptionError):
        restricted_ladder(fine, ("royal-flush:A",))


def test_restricted_ladder_refuses_unknown_labels_by_name():
    base, fine = bid_ladder(CLASSIC, "category"), bid_ladder(CLASSIC, "fine")
    listed = "its rungs: " + ", ".join(base.labels)
    with pytest.raises(
        OptionError, match=f"unknown rung 'ful-house' on the category ladder; {listed}$"
    ):
        restricted_ladder(base, ("high-die", "ful-house", "five-of-a-kind"))
    with pytest.raises(OptionError, match="unknown rung 'hig-die'"):  # not 'must be met'
        restricted_ladder(base, ("hig-die", "full-house"))
    both = "unknown rungs 'high-die', 'full-house' on the fine ladder"
    with pytest.raises(OptionError, match=f"{both}; its rungs: {', '.join(fine.labels)}$"):
        restricted_ladder(fine, ("high-die", "full-house"))
    with pytest.raises(OptionError, match="'full-house' is not; keep one of high-die, one-pair"):
        restricted_ladder(base, ("full-house", "five-of-a-kind"))
    with pytest.raises(OptionError, match="no rung on the category ladder"):
        restricted_ladder(base, ())


def test_hand_classes_of_a_reduced_deal_keep_it():
    """A relabeling is a symmetry of a reduced deal only when it keeps the deal: the classes
    of a deal never join hands of different chances (face classes would join hands 0 and
    251, or a hand dealt and one not)."""
    ladder = bid_ladder(CLASSIC, "category")
    deal = np.zeros(ix.N_HANDS)
    deal[[0, 17, 90, 140, 180]] = ix.HAND_WAYS[[0, 17, 90, 140, 180]]
    deal /= deal.sum()
    classes = hand_classes(ladder, deal)
    for c in range(classes.max() + 1):
        assert len(set(deal[classes == c])) == 1
    assert np.array_equal(hand_classes(ladder, ix.HAND_WAYS / ix.N_THROWS), hand_classes(ladder))


def test_a_watcher_sees_the_solve_stages_in_order():
    """The coach's job status reads the solve's stages: the program is built, solved (its
    words give its size, since HiGHS shows no steps), then checked; the share only rises."""
    from progress_record import RecordedProgress as Recorded

    from pokerdice_stats.ground.progress import stage, watching

    deal = np.zeros(ix.N_HANDS)
    deal[[0, 90, 251]] = 1 / 3
    done = Recorded()
    with watching(done), stage(0.2, 0.6, "outer"):  # inside a caller's stage: its share
        solve_bidding(CLASSIC, "category", chances=deal)
    stages = list(dict.fromkeys(words.split(" (")[0] for _, words in done.seen))
    assert stages == [
        "outer",
        "outer; building the game's linear program",
        "outer; solving the game's linear program",
        "outer; checking the solution against both best responses",
    ]
    shares = [share for share, _ in done.seen]
    assert shares == sorted(shares) and shares[0] == 0.2 and shares[-1] == 0.6
    tree = bid_tree(bid_ladder(CLASSIC, "category").n_rungs)
    sizes = f"{tree.n_sequences(1):,} and {tree.n_sequences(2):,} bid sequences"
    classes = int(hand_classes(bid_ladder(CLASSIC, "category"), deal).max()) + 1  # the LP's
    assert any(f"({classes} hand classes, {sizes};" in words for _, words in done.seen)


def test_cli_contract(capsys):
    code, out, _ = run_cli(
        capsys, "bidding", "--rules", "classic", "--ladder", "category", "--format", "json"
    )
    assert code == 0
    data = json.loads(out)
    assert data["ladder"] == "category"
    assert data["unit"] == "units won per game, +1 win / -1 loss"  # one unit: `unit`
    assert data["exploitability"] == 0.0  # the program's gap is noise below the tolerance
    assert data["value_lower"] - 1e-12 <= data["value"] <= data["value_upper"] + 1e-12
    assert "bid_odds" not in data and len(out) < 20_000  # a summary by default
    assert {row["own_rung"] for row in data["opening"]} >= {"full-house", "five-of-a-kind"}
    code, out, _ = run_cli(
        capsys,
        "bidding",
        "--rules",
        "classic",
        "--ladder",
        "category",
        "--format",
        "json",
        "--full",
    )
    data = json.loads(out)
    assert len(data["bid_odds"]) == 252 * 8
    row = data["bid_odds"][0]
    assert set(row) == {"own_hand", "own_rung", "ladder_hand", "chance", "chance_exact"}
    assert abs(float(Fraction(row["chance_exact"])) - row["chance"]) < 1e-15
    code, out, _ = run_cli(capsys, "bidding", "--hand", "K K K Q Q", "--format", "json")
    assert code == 0
    assert {r["own_hand"] for r in json.loads(out)["bid_odds"]} == {"K K K Q Q"}


def test_cli_table_writes_noise_as_zero(capsys):
    code, out, _ = run_cli(capsys, "bidding", "--rules", "classic", "--ladder", "category")
    assert code == 0
    row = next(line for line in out.splitlines() if line.startswith("exploitability "))
    assert row.split() == ["exploitability", "0"]


def test_cli_errors(capsys):
    assert_cli_error(capsys, ["bidding", "--hand", "K K X Q Q"], "X")
    assert_cli_error(capsys, ["bidding", "--player", "sometimes"], "unknown player")
    assert_cli_error(capsys, ["bidding", "--rules", "nosuch"], "unknown rule set")


@CLASSIC_SOLVED
def test_simulation_kernel_equals_its_plain_twin_draw_for_draw():
    from pokerdice_stats.engines.simulation.run import chunk_state
    from pokerdice_stats.games.bidding.simulation.solved import BiddingJob, bid_game
    from pokerdice_stats.kernels.simulation.bidding import bidding_chunk

    result = solved_category(CLASSIC)
    mixed = (
        simple_player(result.tree, result.ladder, 2, "truthful") * 0.5 + result.strategy[2] * 0.5
    )
    for one, two in ((result.strategy[1], result.strategy[2]), (result.strategy[1], mixed)):
        game = bid_game(result.tree, result.ladder.pair_rung, one, two)
        job = BiddingJob(game, result.ladder.n_rungs)
        tally = job.new_tally(3000)
        bidding_chunk(chunk_state(7, 0), 3000, game, tally)
        plain = ref.play_games(
            chunk_state(7, 0), 3000, result.tree, result.ladder.pair_rung, one, two
        )
        assert int(tally.result[0]) == plain["result"]
        assert int(tally.seat1_wins[0]) == plain["seat1_wins"]
        assert int(tally.bids[0]) == plain["bids"]
        assert list(tally.called) == plain["called"]


@pytest.mark.parametrize(
    ("seat1", "seat2"), [(None, None), ("truthful", None), (None, "always-call")]
)
def test_simulated_results_cover_the_exact_ones(seat1, seat2):
    # Fixed seed; 200,000 games; |z| < 4.5 fails by chance with probability below 1e-5.
    from pokerdice_stats.engines.simulation.run import RunOptions
    from pokerdice_stats.games.bidding.simulation.solved import simulate_bidding

    result = solve_ladder(CLASSIC, "category")
    one = simple_player(result.tree, result.ladder, 1, seat1) if seat1 else result.strategy[1]
    two = simple_player(result.tree, result.ladder, 2, seat2) if seat2 else result.strategy[2]
    exact = play_value(result.tree, result.ladder, one, two)
    played = simulate_bidding(
        result, seat1=seat1, seat2=seat2, run=RunOptions(n=200_000, seed=11, progress=False)
    )
    estimate = played.result
    assert abs(estimate.estimate - exact) < 4.5 * estimate.std_error
    assert abs(sum(played.called.values()) - 1) < 1e-12


def test_simulate_command(capsys):
    args = "simulate --what bidding --rules classic --n 20000 --seed 2 --no-progress"
    code, out, _ = run_cli(capsys, *args.split(), "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert data["what"] == "bidding" and len(data["games"]) == 5
    for game in data["games"]:
        assert game["ci_low"] <= game["estimate"] <= game["ci_high"]
        assert game["n"] == 20000 and game["seed"] == 2
    assert_cli_error(capsys, ["simulate", "--what", "bidding", "--players", "3"], "--players")


def test_crosscheck_group_compares_every_matchup():
    from pokerdice_stats.engines.simulation.run import RunOptions
    from pokerdice_stats.games.checks import GROUPS

    checks = list(GROUPS["bidding"](RunOptions(n=50_000, seed=5, progress=False)))
    assert len(checks) == 5
    # Fixed seed; |z| < 4.5 fails by chance with probability below 1e-5 each.
    assert all(abs(c.z) < 4.5 for c in checks)
