"""One position of bidding for two: the solution's mix, each alternative's value, the command."""

from __future__ import annotations

import json
from fractions import Fraction

import numpy as np
import pytest

from pokerdice_stats import get_rules
from pokerdice_stats.games.bidding.exact.claims_position import claims_position
from pokerdice_stats.games.bidding.exact.odds import (
    RULE_KEYS_READ,
    bid_ladder,
    bid_odds,
    check_bidding_rules,
)
from pokerdice_stats.games.bidding.exact.position import parse_bids, position_answer
from pokerdice_stats.games.bidding.exact.solve import solve_ladder
from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.turn.hands import hand_table
from tests.cli_helpers import assert_cli_error, run_cli

CLASSIC = get_rules("classic")


@pytest.fixture(scope="module")
def result():
    return solve_ladder(CLASSIC, "category")


def test_the_opening_answers_average_to_the_value(result):
    table = hand_table(CLASSIC)
    total = 0.0
    for h in range(ix.N_HANDS):
        answer = position_answer(result, table.format(h), "")
        assert answer.seat == 1 and answer.mix == "solution"
        assert abs(sum(m.chance for m in answer.moves) - 1) < 1e-9
        best = max(m.value for m in answer.moves)
        # at a position the solution reaches, it plays only moves of the best value
        assert all(m.value > best - 1e-7 for m in answer.moves if m.chance > 1e-9)
        total += ix.HAND_WAYS[h] / ix.N_THROWS * sum(m.chance * m.value for m in answer.moves)
    assert abs(total - result.value) < 1e-9


def test_answering_a_full_house(result):
    answer = position_answer(result, "Q Q Q 9 9", ["full-house"])
    assert answer.seat == 2 and answer.bids == ("full-house",)
    assert [m.move for m in answer.moves] == ["call", "four-of-a-kind", "five-of-a-kind"]
    # Q Q Q 9 9 is itself a full house: the claim holds whatever the other holds
    assert answer.chance_last_bid == 1
    assert answer.moves[0].value == pytest.approx(-1.0, abs=1e-12)
    h = hand_table(CLASSIC).hand("Q Q Q 9 9")
    odds = bid_odds(result.ladder)
    answer = position_answer(result, "Q Q Q 9 9", "two-pair, four-of-a-kind")
    assert answer.seat == 1
    rung = result.ladder.rung("four-of-a-kind")
    assert answer.chance_last_bid == Fraction(int(odds[h, rung]), 7776)
    assert answer.mix in ("solution", "re-solved")


def test_bids_are_checked(result):
    with pytest.raises(OptionError, match="unknown rung"):
        parse_bids(result.ladder, "full-house, royal-flush")
    with pytest.raises(OptionError, match="must rise"):
        parse_bids(result.ladder, "full-house, two-pair")
    with pytest.raises(OptionError, match="must rise"):
        parse_bids(result.ladder, ["straight", "straight"])
    assert parse_bids(result.ladder, " ") == ()
    for wrong in (5, ["one-pair", 3], None):
        with pytest.raises(OptionError, match="bids are rung labels"):
            position_answer(result, "A A K Q 9", wrong)


def test_a_category_alone_is_its_lowest_rung_on_the_fine_ladder():
    """ "Full house" claims at least a full house: on the fine ladder it reads as the rung
    that the same pairs of hands make as make a full house or better on the category
    ladder."""
    fine = bid_ladder(get_rules("classic"), "fine")
    category = bid_ladder(get_rules("classic"), "category")
    for c, label in enumerate(category.labels):
        (rung,) = parse_bids(fine, label.replace("-", " ").title())
        assert fine.labels[rung].startswith(label + ":")
        np.testing.assert_array_equal(fine.pair_rung >= rung, category.pair_rung >= c)
    assert parse_bids(fine, "three of a kind, full house: K") == (
        fine.rung("three-of-a-kind:9"),
        fine.rung("full-house:K"),
    )
    with pytest.raises(OptionError, match="unknown rung 'full-houses'"):
        parse_bids(fine, "full-houses")


def test_the_solution_is_checked(result):
    with pytest.raises(OptionError, match="a Bidding from solve_bidding"):
        position_answer(result.ladder.rules, "A A K Q 9", "")
    with pytest.raises(OptionError, match="a ClaimsBidding from solve_claims"):
        claims_position(result, "A A K Q 9", "")


def test_a_certain_loss_is_written_minus_one(result):
    # Q Q Q 9 9 makes a full house whatever the other holds: calling it loses for sure, -1
    # (a sum of the other's weights gave -0.9999999999999999, which JSON and CSV wrote)
    answer = position_answer(result, "Q Q Q 9 9", "full-house")
    assert answer.moves[0].move == "call" and answer.moves[0].value == -1.0
    assert answer.chance_last_bid_beliefs == 1.0


@pytest.mark.xdist_group("bidding_fine")  # one solve of the classic fine ladder per run
def test_cli_position_on_both_ladders(capsys, result):
    code, out, _ = run_cli(
        capsys, "bidding", "--hand", "Q Q Q 9 9", "--bids", "full-house", "--format", "json"
    )
    assert code == 0
    data = json.loads(out)
    assert data["seat"] == 2 and data["ladder"] == "category" and "translation" not in data
    answer = position_answer(result, "Q Q Q 9 9", "full-house")
    assert [(m["move"], m["chance"], m["value"]) for m in data["moves"]] == [
        (m.move, m.chance, m.value) for m in answer.moves
    ]
    assert data["chance_last_bid_exact"] == "1/1" or Fraction(data["chance_last_bid_exact"]) == 1
    code, out, _ = run_cli(
        capsys,
        *("bidding", "--ladder", "fine", "--hand", "Q Q Q 9 9"),
        *("--bids", "full-house:K", "--format", "json"),
    )
    assert code == 0
    data = json.loads(out)
    fine = bid_ladder(CLASSIC, "fine")
    assert data["solver"] == "claims" and data["seat"] == 2 and "translation" not in data
    legal = [fine.labels[r] for r in range(fine.rung("full-house:K") + 1, fine.n_rungs)]
    assert [m["move"] for m in data["moves"]] == ["call", *legal]
    assert abs(sum(m["chance"] for m in data["moves"]) - 1) < 1e-9
    assert np.isclose(data["chance_last_bid"], float(Fraction(data["chance_last_bid_exact"])))


def test_the_plain_answer_says_what_to_do(capsys, result):
    """A player reads the move first: the best one, its value, how the solution plays."""
    code, out, _ = run_cli(capsys, "bidding", "--hand", "Q Q Q 9 9", "--bids", "full house")
    assert code == 0
    answer = position_answer(result, "Q Q Q 9 9", "full-house")
    best = max(answer.moves, key=lambda m: m.value)
    lines = out.splitlines()
    assert lines[0] == "Q Q Q 9 9, seat 2 to move after full-house (classic, category ladder)"
    assert lines[1].startswith(f"best: bid {best.move}, {best.value:+.4f} units a game (")
    assert lines[2].startswith("chance the last bid (full-house) is true: ")


def test_cli_position_errors(capsys):
    assert_cli_error(capsys, ["bidding", "--bids", "full-house"], "--hand")
    assert_cli_error(
        capsys, ["bidding", "--hand", "Q Q Q 9 9", "--bids", "full-house,two-pair"], "must rise"
    )
    assert_cli_error(capsys, ["bidding", "--hand", "Q Q Q 9 9", "--bids", "flush"], "unknown rung")


#: Rule changes the bidding game does not read (the ladder is all it reads).
UNREAD = [
    "throws=2", "max_rethrow=2", "sticky_holds=true", "ties=split", "knowledge=blind",
    "tiebreak=category", "target=3", "starter=winner", "throw_limit=first-player",
]  # fmt: skip


@pytest.mark.parametrize("setting", UNREAD)
def test_a_rule_change_the_game_does_not_read_is_refused(capsys, setting):
    words = f"{setting} would change nothing"
    with pytest.raises(OptionError, match=words):
        check_bidding_rules(get_rules("classic", dict([setting.split("=")])))
    position = ["--hand", "Q Q Q 9 9", "--bids", "full-house", "--set", setting]
    assert_cli_error(capsys, ["bidding", *position], words)
    assert_cli_error(capsys, ["bidding", "--ladder", "fine", *position], words)
    assert_cli_error(
        capsys, ["simulate", "--what", "bidding", "--rules", "classic", "--set", setting], words
    )


def test_the_rule_keys_read_change_the_ladder():
    """Each key the game reads makes another ladder, and none of the others does."""

    def ladder_bytes(rules):
        ladder = bid_ladder(rules, "fine")
        return ladder.labels, ladder.hand_rung.tobytes(), ladder.pair_rung.tobytes()

    base = ladder_bytes(get_rules("classic"))
    read = {"chart": "ace-one", "straights": "none", "wild": "A"}
    assert set(read) == set(RULE_KEYS_READ)
    for key, value in read.items():
        rules = get_rules("classic", {key: value})
        check_bidding_rules(rules)
        assert ladder_bytes(rules) != base
    for setting in UNREAD:
        assert ladder_bytes(get_rules("classic", dict([setting.split("=")]))) == base


def _best_response(tree, ladder, seat, history, hand, belief, other, reply):
    """Plain recursion (no numpy beyond the weights): the most ``seat`` holding ``hand``
    expects from ``history`` when the other plays ``reply`` (a dict from a history and a
    move to each of its hands' chances) and its hands weigh ``belief`` (not normalised)."""
    last = history[-1] if history else -1
    made = [
        ladder.pair_rung[hand, g] if seat == 1 else ladder.pair_rung[g, hand] for g in range(252)
    ]
    if len(history) % 2 == (0 if seat == 1 else 1):  # seat moves: its best move
        options = []
        for action in tree.actions(history):
            if action == -1:
                options.append(
                    sum(b * (-1 if made[g] >= last else 1) for g, b in enumerate(belief))
                )
            else:
                nxt = (*history, action)
                options.append(_best_response(tree, ladder, seat, nxt, hand, belief, other, reply))
        return max(options)
    total = 0.0
    for action in tree.actions(history):
        after = [b * reply[(history, action)][g] for g, b in enumerate(belief)]
        if not any(after):
            continue
        if action == -1:
            total += sum(b * (1 if made[g] >= last else -1) for g, b in enumerate(after))
        else:
            nxt = (*history, action)
            total += _best_response(tree, ladder, seat, nxt, hand, after, other, reply)
    return total


def _half_read(result) -> tuple[tuple[int, ...], dict[int, np.ndarray]]:
    """Bids one seat makes with some hand and the other with none, and each seat's hands'
    weights there: the first seat's read from its bids, the other's as thrown."""
    from pokerdice_stats.games.bidding.exact.position import _reach

    thrown = ix.HAND_WAYS / ix.N_THROWS
    for history in result.tree.histories:
        reach = {seat: _reach(result, history, seat) for seat in (1, 2)}
        played = [seat for seat in (1, 2) if reach[seat].sum() > 0]
        if len(history) >= 2 and len(played) == 1:
            return history, {played[0]: reach[played[0]], 3 - played[0]: thrown}
    raise AssertionError("no history that one seat's bids reach and the other's never")


@pytest.mark.parametrize("bids", [("one-pair",), ("two-pair", "three-of-a-kind"), "read"])
def test_a_re_solved_game_is_an_equilibrium_of_the_game_from_there(result, bids):
    """The game from bids the solution never makes, re-solved: neither seat gains by a best
    response (a plain recursion over the histories from there, apart from the program): the
    two best responses' results sum to 0 (NashConv), as only an equilibrium's do.  Each
    seat's hands are dealt as thrown, or ("read") one seat's as its bids say."""
    from pokerdice_stats.games.bidding.exact.resolve import resolve_subgame

    thrown = ix.HAND_WAYS / ix.N_THROWS
    if bids == "read":
        history, weights = _half_read(result)
    else:
        history = tuple(result.ladder.rung(b) for b in bids)
        weights = {1: thrown, 2: thrown}
    weights = {seat: w / w.sum() for seat, w in weights.items()}
    game = resolve_subgame(result, history, weights)
    classes = result.classes
    nash_conv = 0.0
    for seat in (1, 2):
        other = 3 - seat
        reply = {
            key: game.strategy[other][:, index] for key, index in game.tree.seq_index[other].items()
        }
        for cls in range(int(classes.max()) + 1):  # a class's hands play alike
            hand = int(np.flatnonzero(classes == cls)[0])
            weight = float(weights[seat][classes == cls].sum())
            if weight == 0:
                continue
            nash_conv += weight * _best_response(
                game.tree, result.ladder, seat, history, hand, list(weights[other]), other, reply
            )
    assert -1e-9 < nash_conv < 1e-7


def test_bids_the_solution_never_makes_are_answered_from_the_game_re_solved(result):
    """A J 10 9 9 after one-pair (an always-true bid no solution opens): no call, and the
    moves played are the moves of the best value."""
    answer = position_answer(result, "A J 10 9 9", "one-pair")
    assert answer.mix == "re-solved" and answer.beliefs == "throw"
    call = answer.moves[0]
    assert call.move == "call" and call.chance == 0 and call.value == pytest.approx(-1.0)
    best = max(m.value for m in answer.moves)
    assert abs(sum(m.chance for m in answer.moves) - 1) < 1e-9
    assert all(m.value > best - 1e-7 for m in answer.moves if m.chance > 1e-9)


@pytest.mark.xdist_group("bidding_fine")  # one solve of the classic fine ladder per run
def test_a_bid_of_the_last_claim_again_gets_no_value(capsys):
    """On the fine ladder, one-pair:10 after one-pair:9 makes the same claim (the ten dice
    always make both): no move of the game on claims, which the solution never answers.
    It gets no value, where a default call once valued it +1 and called it best."""
    code, out, _ = run_cli(
        capsys,
        *("bidding", "--ladder", "fine", "--hand", "A J 10 9 9"),
        *("--bids", "one-pair:9", "--format", "json"),
    )
    assert code == 0
    moves = json.loads(out)["moves"]
    same = [m for m in moves if m["move"].startswith(("one-pair", "two-pair"))]
    assert same and all("value" not in m and m["chance"] == 0 for m in same)
    valued = [m for m in moves if "value" in m]
    best = max(valued, key=lambda m: m["value"])
    assert best["value"] < 0.5 and best["move"] not in {m["move"] for m in same}
    code, out, _ = run_cli(
        capsys, "bidding", "--ladder", "fine", "--hand", "A J 10 9 9", "--bids", "one-pair:9"
    )
    assert f"best: bid {best['move']}," in out and "no value: a bid of the last bid" in out
