"""The solution on claims read in the full game: every rung, its bounds and its answers.

On the category ladder (8 rungs, 5 claims: the three lowest rungs are always true of
ten dice and make one claim) the full game's 256 histories can be walked: the solution
is lifted to a behaviour strategy over *rungs* here, by plain reading (a rung's claim,
block tops only, a call off the tree), and

- the independent best responses of :mod:`response` in that full game give the
  solution's own bounds;
- a plain walk per pair of hands gives every move's value at a position, and the
  beliefs, as :func:`claims_position` does.
"""

from __future__ import annotations

import json
from fractions import Fraction
from types import SimpleNamespace

import numpy as np
import pytest

from pokerdice_stats import get_rules
from pokerdice_stats.games.bidding.exact.claims import claim_of_rung
from pokerdice_stats.games.bidding.exact.claims_answer import (
    check_iterations,
    solve_claims,
)
from pokerdice_stats.games.bidding.exact.claims_players import claims_player_losses
from pokerdice_stats.games.bidding.exact.claims_position import (
    claims_opening_frame,
    claims_position,
)
from pokerdice_stats.games.bidding.exact.claims_resolve import resolve_claims
from pokerdice_stats.games.bidding.exact.claims_response import RAISE, claims_best_response
from pokerdice_stats.games.bidding.exact.claims_tree import CALL as CLAIM_CALL
from pokerdice_stats.games.bidding.exact.odds import bid_ladder
from pokerdice_stats.games.bidding.exact.players import simple_player
from pokerdice_stats.games.bidding.exact.response import exploitability, play_value
from pokerdice_stats.games.bidding.exact.tree import CALL, bid_tree
from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.turn.hands import hand_table
from tests.cli_helpers import assert_cli_error, run_cli

#: The claims kernels compile once per process: with the other tests that load them.
pytestmark = pytest.mark.xdist_group("claims_kernels")

CLASSIC = get_rules("classic")


@pytest.fixture(scope="module")
def result():
    return solve_claims(CLASSIC, "category", iterations=50)


@pytest.fixture(scope="module")
def solutions(result):
    """The solution, and the same with its tree cut after two bids (bids outside the
    tree are then made with a positive chance, and called)."""
    keep = tuple(h for h in result.histories if len(h) <= 2)
    assert len(keep) < len(result.histories)
    cut = result.restricted(keep)
    assert set(cut.policy) == {h for h in result.policy if len(h) <= 2}
    return {"whole": result, "cut": cut}


_LIFTED: dict = {}
#: The re-solved games' policies, as results the plain walks read (kept: their ids key
#: ``_LIFTED``).
_RESOLVED: dict = {}


def lifted_chance(result, rungs: tuple[int, ...], action: int) -> np.ndarray:
    """The solution's chance, by own hand, of ``action`` (CALL or a rung) after ``rungs``
    (remembered: the plain walks below ask for the same ones many times)."""
    key = (id(result), rungs, action)
    if key not in _LIFTED:
        _LIFTED[key] = _lifted_chance(result, rungs, action)
    return _LIFTED[key]


def _lifted_chance(result, rungs: tuple[int, ...], action: int) -> np.ndarray:
    of_rung = claim_of_rung(result.ladder)
    claims = tuple(int(of_rung[r]) for r in rungs)
    # off the tree, a call (a solution's tree holds rising claims only; a re-solved game's
    # starts where it starts, one claim twice or not)
    if claims not in result.policy:
        return np.full(ix.N_HANDS, 1.0 if action == CALL else 0.0)
    moves, chances = result.policy[claims]
    if action == CALL:
        return chances[moves.index(CLAIM_CALL)] if CLAIM_CALL in moves else np.zeros(ix.N_HANDS)
    claim = int(of_rung[action])
    if int(result.tops[claim]) != action or claim not in moves:  # block tops only
        return np.zeros(ix.N_HANDS)
    return chances[moves.index(claim)]


def lifted(result, tree):
    """Behaviour strategies over the full ladder's rungs (the tree's sequences)."""
    out = {}
    for seat in (1, 2):
        table = np.zeros((ix.N_HANDS, tree.n_sequences(seat)))
        for info in tree.infosets[seat]:
            for action, move in zip(info.actions, info.moves, strict=True):
                table[:, move] = lifted_chance(result, info.history, action)
        out[seat] = table
    return out


def test_the_bounds_are_those_of_best_responses_over_every_rung(result):
    ladder = bid_ladder(CLASSIC, "category")
    assert result.ladder.n_rungs == 8 and len(result.tops) == 5
    tree = bid_tree(ladder.n_rungs)
    strategy = lifted(result, tree)
    for seat in (1, 2):  # a strategy: each information set's moves sum to 1 by hand
        for info in tree.infosets[seat]:
            assert np.allclose(strategy[seat][:, list(info.moves)].sum(axis=1), 1.0)
    lower, upper, gap = exploitability(tree, ladder, strategy[1], strategy[2])
    assert lower == pytest.approx(result.lower, abs=1e-12)
    assert upper == pytest.approx(result.upper, abs=1e-12)
    assert gap == pytest.approx(result.exploitability, abs=1e-12)
    assert lower - 1e-12 <= 0.325556158868 <= upper + 1e-12  # the exact value (LP)
    assert 0 < result.exploitability < 0.01


def plain_outcome(result, hands, me, rungs, signs) -> float:
    """Seat ``me``'s result from ``rungs`` on, ``hands[seat]`` known, both seats playing
    the lifted solution (the seat to move after ``rungs`` follows from their number)."""
    to_move = 1 if len(rungs) % 2 == 0 else 2
    total = 0.0
    for action in ([CALL] if rungs else []) + list(range(rungs[-1] + 1 if rungs else 0, 8)):
        chance = float(lifted_chance(result, rungs, action)[hands[to_move]])
        if chance == 0.0:
            continue
        if action == CALL:  # the bidder (not the mover) wins if the last bid holds
            total += chance * (signs[rungs[-1]] if to_move != me else -signs[rungs[-1]])
        else:
            total += chance * plain_outcome(result, hands, me, (*rungs, action), signs)
    return total


POSITIONS = [
    ("Q Q Q 9 9", ()),
    ("Q Q Q 9 9", ("full-house",)),
    ("K K 10 9 A", ("one-pair", "straight")),
    ("A A A A K", ("two-pair", "straight", "full-house")),
    ("J J 10 10 9", ("high-die", "two-pair")),  # one claim twice: off the tree
]


@pytest.mark.parametrize("tree", ["whole", "cut"])
@pytest.mark.parametrize(("hand", "bids"), POSITIONS)
def test_each_move_is_valued_as_the_plain_walk(solutions, tree, hand, bids):
    result = solutions[tree]
    ladder = result.ladder
    own = hand_table(CLASSIC).hand(hand)
    rungs = tuple(ladder.rung(b) for b in bids)
    seat = 1 if len(rungs) % 2 == 0 else 2
    answer = claims_position(result, hand, ",".join(bids))
    # beliefs: the other's hands weighted by the chance the lifted solution bids as it did
    prior = ix.HAND_WAYS / ix.N_THROWS
    reach = prior.copy()
    for i, rung in enumerate(rungs):
        if (i % 2 == 0) == (seat == 2):
            reach = reach * lifted_chance(result, rungs[:i], rung)
    expected = "solution" if reach.sum() > 0 else "throw"
    belief = reach / reach.sum() if reach.sum() > 0 else prior
    claims = tuple(int(claim_of_rung(ladder)[r]) for r in rungs)
    assert answer.on_tree == (claims in result.policy)
    # where the solution does not pin the play down (off its tree, or bids it never makes
    # with these hands) the game from there is re-solved, and both seats play that
    mine = prior.copy()  # the mover's own bids, read as their claims (their blocks' tops)
    for i, rung in enumerate(rungs):
        if (i % 2 == 0) == (seat == 1):
            top = int(result.tops[claim_of_rung(ladder)[rung]])
            mine = mine * lifted_chance(result, rungs[:i], top)
    pinned = answer.on_tree and mine[own] > 0 and reach.sum() > 0
    resolved = bool(rungs) and claims[-1] < result.claims.n_rungs - 1 and not pinned
    assert (answer.mix == "re-solved") == resolved
    walked = result
    if resolved:
        game = resolve_claims(result, claims)
        walked = _RESOLVED.setdefault(
            (id(result), claims),
            SimpleNamespace(ladder=ladder, tops=result.tops, policy=game.policy),
        )
        assert game.beliefs[2 - seat] == expected
    assert answer.beliefs == (expected if (resolved or answer.on_tree) else "throw")
    if not (resolved or answer.on_tree):
        belief = prior
    moves = {m.move: m for m in answer.moves}
    legal = (["call"] if rungs else []) + [
        ladder.labels[r] for r in range(rungs[-1] + 1 if rungs else 0, ladder.n_rungs)
    ]
    assert list(moves) == legal
    for name in legal:
        action = CALL if name == "call" else ladder.rung(name)
        value = 0.0
        for other in range(ix.N_HANDS):
            if belief[other] == 0.0:
                continue
            pair = ladder.pair_rung[own, other]
            signs = [1.0 if pair >= r else -1.0 for r in range(ladder.n_rungs)]
            if action == CALL:
                outcome = -signs[rungs[-1]]
            elif answer.on_tree or resolved:
                hands = {seat: own, 3 - seat: other}
                outcome = plain_outcome(walked, hands, seat, (*rungs, action), signs)
            else:
                outcome = signs[action]  # the solution calls off its tree
            value += belief[other] * outcome
        assert moves[name].value == pytest.approx(value, abs=1e-12), name
    # the mix: the solution's (or the re-solved game's) row read on rungs (block tops only)
    chances = np.array([m.chance for m in answer.moves])
    assert chances.sum() == pytest.approx(1.0, abs=1e-12)
    assert answer.mix in ("solution", "re-solved")
    for name in legal:
        action = CALL if name == "call" else ladder.rung(name)
        assert moves[name].chance == pytest.approx(
            float(lifted_chance(walked, rungs, action)[own]), abs=1e-15
        )
    if rungs:
        true = ladder.pair_rung[own] >= rungs[-1]
        assert answer.chance_last_bid == Fraction(int(ix.HAND_WAYS[true].sum()), 7776)
        assert answer.chance_last_bid_beliefs == pytest.approx(float(belief[true].sum()))


def test_the_opening_frame_is_the_policy_by_own_rung(result):
    frame = claims_opening_frame(result)
    rungs = [c for c in frame.columns if c not in ("own_rung", "chance_of_hand")]
    assert rungs == [result.ladder.labels[int(t)] for t in result.tops]
    assert np.allclose(frame[rungs].sum(axis=1), 1.0)
    assert frame["chance_of_hand"].sum() == pytest.approx(1.0)
    moves, chances = result.policy[()]
    full_house = result.ladder.hand_rung == result.ladder.rung("full-house")
    weights = ix.HAND_WAYS[full_house]
    row = frame.set_index("own_rung").loc["full-house"]
    for move, label in zip(moves, rungs, strict=True):
        assert row[label] == pytest.approx(chances[move][full_house] @ weights / weights.sum())


@pytest.mark.parametrize("bad", [0, 49, 75, 1050, -50, 2.0, "50", True])
def test_iterations_must_be_a_multiple_of_a_round(bad):
    with pytest.raises(OptionError, match="iterations"):
        check_iterations(bad)


def test_an_unknown_ladder_is_refused():
    with pytest.raises(OptionError, match="ladder"):
        solve_claims(CLASSIC, "tiny", 50)


def test_cli_summary_and_position_on_claims(capsys, result):
    code, out, _ = run_cli(
        capsys, "bidding", "--solver", "claims", "--ladder", "category", "--format", "json"
    )
    assert code == 0
    data = json.loads(out)
    assert (data["solver"], data["ladder"], data["iterations"]) == ("claims", "category", 50)
    assert data["exploitability"] == pytest.approx(result.exploitability, abs=1e-12)
    assert data["value_lower"] <= 0.325556 <= data["value_upper"]
    assert data["rungs"] == list(result.ladder.labels) and data["claims"] == 5
    assert [row["own_rung"] for row in data["opening"]] == list(result.ladder.labels)
    assert [(p["player"], p["seat"]) for p in data["players"]] == [
        ("always-call", 1), ("always-call", 2), ("truthful", 1), ("truthful", 2)
    ]  # fmt: skip
    players = claims_player_losses(result, ("always-call", "truthful"))
    assert [p["loss"] for p in data["players"]] == list(players["loss"])
    code, out, _ = run_cli(
        capsys,
        *("bidding", "--solver", "claims", "--ladder", "category", "--hand", "Q Q Q 9 9"),
        *("--bids", "full-house", "--format", "json"),
    )
    assert code == 0
    data = json.loads(out)
    answer = claims_position(result, "Q Q Q 9 9", "full-house")
    assert data["solver"] == "claims" and data["seat"] == 2
    assert [(m["move"], m["chance"], m["value"]) for m in data["moves"]] == [
        (m.move, m.chance, m.value) for m in answer.moves
    ]
    code, out, _ = run_cli(
        capsys, "bidding", "--solver", "claims", "--ladder", "category", "--format", "table"
    )
    assert code == 0 and "seat 1 opens with" in out and "exploitability" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--solver", "claims", "--iterations", "70"], "multiple of 50"),
        (["--solver", "claims", "--iterations", "0"], "multiple of 50"),  # not the default
        (["--solver", "claims", "--iterations", "99999999999999999999999"], "iterations"),
        (["--iterations", "50"], "--solver claims"),
        (["--solver", "claims", "--player", "sometimes"], "unknown player"),
        (
            ["--solver", "claims", "--hand", "Q Q Q 9 9", "--bids", "", "--player", "truthful"],
            "--player",
        ),
        (["--solver", "claims", "--bids", "full-house"], "--hand"),
        (["--solver", "claims", "--hand", "Q Q Q 9 9", "--bids", "full-house:Q"], "unknown rung"),
    ],
)
def test_cli_claims_errors(capsys, argv, message):
    assert_cli_error(capsys, ["bidding", "--ladder", "category", *argv], message)


def test_cli_an_unknown_solver_is_refused(capsys):
    from pokerdice_stats import cli

    with pytest.raises(SystemExit) as stop:
        cli.main(["bidding", "--solver", "clever"])
    assert stop.value.code == 2 and "--solver" in capsys.readouterr().err


@pytest.mark.parametrize("tree", ["whole", "cut"])
def test_simple_players_are_walked_as_the_full_game_plays_them(solutions, tree):
    """Each habit's result against the lifted solution, by the independent walk of every
    history of the full game (:func:`response.play_value`)."""
    result = solutions[tree]
    ladder = result.ladder
    full = bid_tree(ladder.n_rungs)
    strategy = lifted(result, full)
    names = ("always-call", "truthful", "call-from:straight", "call-from:five-of-a-kind")
    frame = claims_player_losses(result, names)
    assert list(frame.columns) == ["player", "seat", "result", "best_response", "loss"]
    for row in frame.itertuples():
        habit = simple_player(full, ladder, row.seat, row.player)
        if row.seat == 1:
            seat1 = play_value(full, ladder, habit, strategy[2])
        else:
            seat1 = play_value(full, ladder, strategy[1], habit)
        assert row.result == pytest.approx(seat1 if row.seat == 1 else -seat1, abs=1e-12)
        if tree == "whole":  # the bounds are the solution's best responses
            assert row.loss >= -1e-12
    with pytest.raises(OptionError, match="unknown player"):
        claims_player_losses(result, ("sometimes",))


@pytest.mark.parametrize("tree", ["whole", "cut"])
def test_the_best_responses_written_apart_are_those_over_every_rung(solutions, tree):
    """:mod:`claims_response` (public states of the solution's tree, no solver part)
    against :func:`response.exploitability` over the full ladder's 256 histories."""
    result = solutions[tree]
    full = bid_tree(result.ladder.n_rungs)
    strategy = lifted(result, full)
    lower, upper, _ = exploitability(full, result.ladder, strategy[1], strategy[2])
    assert claims_best_response(result, 1).value == pytest.approx(upper, abs=1e-12)
    assert claims_best_response(result, 2).value == pytest.approx(lower, abs=1e-12)
    if tree == "cut":  # the raise over a bid outside the tree is chosen somewhere
        moves = claims_best_response(result, 2).moves
        assert any((m == RAISE).any() for h, m in moves.items() if h not in result.policy)


@pytest.mark.parametrize("tree", ["whole", "cut"])
def test_the_play_out_meets_the_exact_bounds(solutions, tree):
    """Monte Carlo (fixed seed, 100,000 games a matchup): each best response's mean
    within 5 standard errors (a +-1 result has a standard error of at most 1/sqrt(n))
    of its exact value, and the solution against itself between the bounds as widened."""
    from pokerdice_stats.engines.simulation.run import RunOptions
    from pokerdice_stats.games.bidding.simulation.claims import claims_matchups

    result = solutions[tree]
    full = bid_tree(result.ladder.n_rungs)
    strategy = lifted(result, full)
    lower, upper, _ = exploitability(full, result.ladder, strategy[1], strategy[2])
    n = 100_000
    bound = 5 / n**0.5
    rows = claims_matchups(result, RunOptions(n=n, seed=2026, progress=False))
    by = {(r.seat1, r.seat2): r for r in rows}
    assert list(by) == [
        ("solved", "solved"),
        ("best-response", "solved"),
        ("solved", "best-response"),
    ]
    assert by["best-response", "solved"].exact == result.upper
    assert by["solved", "solved"].exact is None
    assert abs(by["best-response", "solved"].estimate.estimate - upper) <= bound
    assert abs(by["solved", "best-response"].estimate.estimate - lower) <= bound
    assert lower - bound <= by["solved", "solved"].estimate.estimate <= upper + bound
    assert all(r.estimate.n == n and 1 <= r.bids_per_game <= 8 for r in rows)


def game_value(game) -> float:
    """Seat 1's exact expected result in the kernel's game arrays: every pair of hands
    weighted by its chance, walked node by node as the kernel plays (a plain twin)."""
    prior = ix.HAND_WAYS / ix.N_THROWS
    signs = {}

    def walk(node: int, weight: np.ndarray) -> float:
        total = 0.0
        seat = int(game.mover[node])
        chances = game.chances1 if seat == 1 else game.chances2
        for k in range(int(game.ptr[node]), int(game.ptr[node + 1])):
            s = int(game.seq[k])
            column = chances[s] if s < len(chances) else game.added[s - len(chances)] * 1.0
            after = weight * (column[:, None] if seat == 1 else column[None, :])
            if not after.any():
                continue
            if game.child[k] < 0:
                rung = int(game.last[node])
                if rung not in signs:
                    signs[rung] = np.where(game.pair_rung >= rung, 1.0, -1.0)
                bidder_wins = float((after * signs[rung]).sum())
                total += bidder_wins if seat == 2 else -bidder_wins
            else:
                total += walk(int(game.child[k]), after)
        return total

    return walk(0, np.outer(prior, prior))


@pytest.mark.parametrize("tree", ["whole", "cut"])
def test_the_played_games_are_the_exact_games(solutions, tree, monkeypatch):
    """The kernel's game arrays, walked exactly, give the best responses' values (and
    the solution against itself lies between them)."""
    from pokerdice_stats.games.bidding.simulation.claims import claims_game

    result = solutions[tree]
    full = bid_tree(result.ladder.n_rungs)
    strategy = lifted(result, full)
    lower, upper, _ = exploitability(full, result.ladder, strategy[1], strategy[2])
    assert game_value(claims_game(result, 1)) == pytest.approx(upper, abs=1e-12)
    assert game_value(claims_game(result, 2)) == pytest.approx(lower, abs=1e-12)
    itself = game_value(claims_game(result))
    assert itself == pytest.approx(play_value(full, result.ladder, strategy[1], strategy[2]))
    # the nodes are kept on the solution: asked again, the same game, with no walk
    from pokerdice_stats.games.bidding.simulation import claims as simulated

    nodes = {part for name, part in result.__dict__["_worked_out"] if name == "claims_game_nodes"}
    assert nodes == {None, 1, 2}
    monkeypatch.setattr(simulated, "_game_nodes", lambda *args: pytest.fail("walked again"))
    assert game_value(claims_game(result, 1)) == pytest.approx(upper, abs=1e-12)


def test_a_solve_past_the_memory_budget_is_refused_before_it_starts(tmp_path, monkeypatch):
    from pokerdice_stats.games.bidding.exact.claims_answer import solve_memory
    from pokerdice_stats.ground.errors import LimitError
    from pokerdice_stats.ground.limits import set_memory_budget

    # measured (largest resident set): 1.13 GB at 50 iterations, 3.69 GB at 100, 4.40 GB at 200
    assert 1.13e9 < solve_memory(21, 50) < 1.4e9
    assert 3.69e9 < solve_memory(21, 100) < 5e9
    assert 4.40e9 < solve_memory(21, 200) == solve_memory(21, 1000) < 7e9
    assert solve_memory(5, 1000) < 300 * 1024**2  # the category ladder's 32 histories
    monkeypatch.setenv("POKERDICE_CACHE_DIR", str(tmp_path))  # nothing kept: it must solve
    set_memory_budget(64 * 1024**2)
    try:
        with pytest.raises(LimitError, match="set_memory_budget"):
            solve_claims(CLASSIC, "fine", 950)
    finally:
        set_memory_budget(None)


def test_the_command_refuses_a_solve_past_the_memory_budget(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("POKERDICE_CACHE_DIR", str(tmp_path))
    argv = ["bidding", "--ladder", "fine", "--iterations", "900", "--memory-budget", "64M"]
    assert_cli_error(capsys, argv, "--memory-budget")


def test_a_pickled_solution_keeps_only_its_fields(solutions):
    """The cache entry holds the solution, not what was worked out from it (a solution
    whose best responses were read pickles to the same bytes as a fresh one)."""
    import pickle

    result = solutions["cut"]
    fresh = pickle.dumps(result)
    claims_best_response(result, 1)
    assert "_worked_out" in result.__dict__ and "chances" in result.__dict__
    assert pickle.dumps(result) == fresh
    back = pickle.loads(fresh)
    assert np.array_equal(back.chances, result.chances) and back.lower == result.lower


def test_what_is_worked_out_from_a_solution_is_kept_for_the_next_process(
    solutions, tmp_path, monkeypatch
):
    """The best responses and the play-out's nodes are kept in the cache folder under the
    solution's digest: a copy of the solution (as a new process reads it back) finds them
    there, equal to what was worked out, and works nothing out again."""
    import pickle

    from pokerdice_stats.games.bidding.exact import claims_response
    from pokerdice_stats.games.bidding.simulation import claims as simulated

    monkeypatch.setenv("POKERDICE_CACHE_DIR", str(tmp_path))
    first = pickle.loads(pickle.dumps(solutions["cut"]))  # nothing worked out yet
    responses = [claims_best_response(first, seat) for seat in (1, 2)]
    games = [simulated.claims_game(first, responder) for responder in (None, 1, 2)]
    copy = pickle.loads(pickle.dumps(first))
    assert copy.digest == first.digest and "_worked_out" not in copy.__dict__

    def never(*args):
        raise AssertionError("worked out again")

    monkeypatch.setattr(claims_response, "_best_response", never)
    monkeypatch.setattr(simulated, "_game_nodes", never)
    for seat, response in zip((1, 2), responses, strict=True):
        again = claims_best_response(copy, seat)
        assert again.value == response.value and again.moves.keys() == response.moves.keys()
        assert all(np.array_equal(again.moves[h], m) for h, m in response.moves.items())
    for responder, game in zip((None, 1, 2), games, strict=True):
        again = simulated.claims_game(copy, responder)
        assert all(np.array_equal(getattr(again, f), getattr(game, f)) for f in game._fields)
    other = solutions["whole"]  # another solution: another digest, nothing to read
    assert other.digest != copy.digest


@pytest.mark.parametrize("responder", [None, 1, 2])
def test_the_kernel_reads_added_rows_as_rows_of_chances(solutions, responder):
    """The walk's added moves (booleans after the solution's rows) draw as the same moves
    stacked into one table of chances would: the same games, draw for draw."""
    from pokerdice_stats.engines.simulation.run import RunOptions, run_job
    from pokerdice_stats.games.bidding.simulation.claims import claims_game
    from pokerdice_stats.games.bidding.simulation.solved import BiddingJob

    result = solutions["cut"]
    game = claims_game(result, responder)
    stacked = np.vstack([game.chances1, game.added.astype(np.float64)])
    no_rows = np.zeros((0, game.added.shape[1]), dtype=bool)
    plain = game._replace(chances1=stacked, chances2=stacked, added=no_rows)
    if responder is not None:  # a best response adds moves of its own
        assert len(game.added) > 0
    run = RunOptions(n=4000, seed=7, workers=1, progress=False)
    tallies = [
        run_job(BiddingJob(g, result.ladder.n_rungs), run, 4000).totals for g in (game, plain)
    ]
    assert tallies[0].keys() == tallies[1].keys()
    for key in tallies[0]:
        assert np.array_equal(tallies[0][key], tallies[1][key]), key
