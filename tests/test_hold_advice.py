"""``hold --to-win`` and the progressive holds against plain-Python expectimax; the CLI contract."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from cli_helpers import run_cli

from pokerdice_stats import cli, get_rules
from pokerdice_stats.games.progressive.exact.advice import progressive_advice
from pokerdice_stats.games.progressive.exact.payout import expected_payout, player_response
from pokerdice_stats.games.progressive.exact.schedule import integer_payout
from pokerdice_stats.games.seen.exact.advice import round_advice
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.turn.advice import goal_advice, hold_distribution
from pokerdice_stats.turn.hands import hand_table
from tests import reference_games as ref
from tests import reference_payout as pay
from tests.cli_helpers import assert_cli_error

#: Hands checked (pips); every hold of each is compared.
HANDS = ["3 3 5 6 1", "6 6 6 2 1", "2 3 4 5 1", "4 4 2 2 6"]


def _sorted(dice: str) -> tuple[int, ...]:
    return tuple(sorted(int(d) - 1 for d in dice.split()))


def _reference_holds(rules, players, seat, best, tied, hand, throws_left, throws_each):
    """Every hold's chance of winning for 0-based ``seat`` (brute force, Fractions).

    Later seats play as :func:`reference_games.win_vectors` says, each with
    ``throws_each`` throws; ``best`` is the best key so far (None: none).
    """
    vector = ref.win_vectors(players, rules.straights, rules.tiebreak, rules.ties)
    key = ref.make_key(rules.straights, rules.tiebreak)

    def after(h):
        k = key(h)
        if best is None or k > best:
            return k, (seat,)
        if k == best and rules.ties != "must-beat":
            return best, (*tied, seat)
        return best, tied

    def stand(h):
        return vector(seat + 1, *after(h), throws_each)[seat]

    def value(h, left):
        options = [stand(h)]
        if left > 0:
            options += [hold(k, left) for k in ref.holds_in_canonical_order(h) if len(k) < 5]
        return max(options)

    def hold(kept, left):
        outcomes = ref.outcomes(kept)
        total = sum(w * value(h, left - 1) for h, w in outcomes)
        return Fraction(total, 6 ** (5 - len(kept)))

    result = {hand: stand(hand)}
    for k in ref.holds_in_canonical_order(hand):
        if len(k) < 5:
            result[k] = hold(k, throws_left)
    return result


def _as_map(advice) -> dict[tuple[int, ...], Fraction]:
    table = hand_table(advice.rules)
    out = {}
    for row in advice.rows:
        dice = row["keep"].split()
        out[tuple(sorted(table.rules.face_chart.labels.index(d) for d in dice))] = row["value"]
    return out


CASES = [
    ("triple-snakes", {"throws": 2}),
    ("triple-snakes", {"throws": 2, "ties": "split"}),
]


@pytest.mark.parametrize(("preset", "options"), CASES)
@pytest.mark.parametrize("dice", HANDS)
def test_to_win_against_a_hand_equals_expectimax(preset, options, dice):
    rules = get_rules(preset, options)
    key = ref.make_key(rules.straights, rules.tiebreak)
    against = _sorted("4 4 4 2 2")
    # You are seat 2 of 3: one player on 4 4 4 2 2 before you, one after.
    advice = round_advice(rules, dice, 1, against="4 4 4 2 2", players_left=1, exact=True)
    expected = _reference_holds(rules, 3, 1, key(against), (0,), _sorted(dice), 1, 2)
    assert _as_map(advice) == expected
    assert advice.rows[0]["value"] == max(expected.values())
    assert [r["value"] for r in advice.rows if r["optimal"]] == [max(expected.values())] * sum(
        r["optimal"] for r in advice.rows
    )


@pytest.mark.parametrize("dice", HANDS[:2])
def test_to_win_throwing_first_equals_expectimax(dice):
    rules = get_rules("triple-snakes", {"throws": 2})
    advice = round_advice(rules, dice, 1, players_left=2, exact=True)
    expected = _reference_holds(rules, 3, 0, None, (), _sorted(dice), 1, 2)
    assert _as_map(advice) == expected


@pytest.mark.parametrize("dice", HANDS[:2])
def test_first_player_under_the_throw_limit_equals_expectimax(dice):
    """Standing after the first throw holds the later player to one throw; both values shown."""
    rules = get_rules("triple-snakes", {"throws": 2, "throw_limit": "first-player"})
    advice = round_advice(rules, dice, 1, players_left=1, exact=True)
    hand = _sorted(dice)
    key = ref.make_key(rules.straights, rules.tiebreak)
    vector = ref.win_vectors(2, rules.straights, rules.tiebreak, rules.ties)
    expected = {hand: vector(1, key(hand), (0,), 1)[0]}
    for k in ref.holds_in_canonical_order(hand):
        if len(k) < 5:
            total = sum(w * vector(1, key(h), (0,), 2)[0] for h, w in ref.outcomes(k))
            expected[k] = Fraction(total, 6 ** (5 - len(k)))
    assert _as_map(advice) == expected
    stand = next(r for r in advice.rows if r["rethrow"] == 0)
    assert stand["value"] == expected[hand]


def test_later_seat_under_the_limit_uses_the_first_players_throws():
    rules = get_rules("triple-snakes", {"throws": 3, "throw_limit": "first-player"})
    key = ref.make_key(rules.straights, rules.tiebreak)
    advice = round_advice(rules, "3 3 5 6 1", None, against="4 4 4 2 2", limit=2, exact=True)
    assert advice.throws_left == 1 and advice.context["limit"] == 2
    expected = _reference_holds(
        rules, 2, 1, key(_sorted("4 4 4 2 2")), (0,), _sorted("3 3 5 6 1"), 1, 2
    )
    assert _as_map(advice) == expected


@pytest.mark.parametrize("dice", ["6 6 6 2 1", "1 2 3 4 6"])
@pytest.mark.parametrize("computer", ["5 5 5 5 2", "3 3 2 2 1"])
def test_progressive_player_hold_equals_the_payout_solver(dice, computer):
    rules = get_rules("progressive")
    advice = progressive_advice(rules, dice, 1, computer_hand=computer)
    assert advice.unit == "points per round"
    theirs = tuple(sorted(int(d) for d in computer.split()))
    mine = tuple(sorted(int(d) for d in dice.split()))
    memo: dict = {}

    def goal(h):
        return pay.progressive_payout(h, theirs)

    table = hand_table(rules)
    for row in advice.rows:
        kept = tuple(sorted(int(d) for d in row["keep"].split()))
        if len(kept) == 5:
            expected = Fraction(goal(mine))
        else:
            expected = pay.keep_value(goal, 1, kept, memo)
        assert row["value"] == expected, row["keep"]
    # The whole answer agrees with the package's player_response.
    matrix, scale = integer_payout(rules, rules_schedule())
    response = player_response(rules, matrix)
    c = table.hand(computer)
    best = response.policy.state_value(table.hand(dice), 1, int(response.column[c]))
    assert advice.rows[0]["value"] == Fraction(best) / scale


def rules_schedule():
    from pokerdice_stats.games.progressive.exact.schedule import PROGRESSIVE_SCHEDULE

    return PROGRESSIVE_SCHEDULE


def test_progressive_computer_hold_adds_up_to_the_payout():
    """The computer's best holds, averaged over its first throw, give minus the payout."""
    rules = get_rules("progressive")
    table = hand_table(rules)
    total = Fraction(0)
    for h in range(252):
        advice = progressive_advice(rules, h, 2, side="computer")
        total += Fraction(int(table.ways[h]), 7776) * advice.rows[0]["value"]
    assert total == -expected_payout(rules, "optimal", "seen").expected


def test_distribution_of_each_hold_sums_to_one_and_matches_the_value():
    rules = get_rules("gameweave")
    advice = goal_advice(rules, "K K J 10 9", "at-least:full-house", 2)
    dists = hold_distribution(advice)
    at_least = {"five-of-a-kind", "four-of-a-kind", "full-house"}
    for row, dist in zip(advice.rows, dists, strict=True):
        assert sum(dist.values()) == 1
        assert sum(v for k, v in dist.items() if k in at_least) == row["value"], row["keep"]


def test_distribution_under_a_turn_scoped_rethrow_matches_the_value():
    rules = get_rules("classic", {"max_rethrow": 2})
    advice = goal_advice(rules, "K K J 10 9", "at-least:three-of-a-kind", 2)
    good = set(rules.category_slugs[: rules.category_slugs.index("three-of-a-kind") + 1])
    for row, dist in zip(advice.rows, hold_distribution(advice), strict=True):
        assert sum(v for k, v in dist.items() if k in good) == row["value"], row["keep"]
        assert row["rethrow"] <= 2


def run(capsys, *argv: str):
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_to_win_json_contract(capsys):
    code, out, err = run(
        capsys,
        "hold", "3 3 5 6 1", "--rules", "triple-snakes", "--to-win", "--against", "4 4 4 2 2",
        "--players-left", "1", "--throws-left", "1", "--format", "json",
    )  # fmt: skip
    assert code == 0, err
    data = json.loads(out)
    assert {"hand", "rules", "goal", "throws_left", "holds"} <= set(data)
    assert data["goal"] == "win the round" and data["throws_left"] == 1
    assert data["against"] == "4 4 4 2 2" and data["players_left"] == 1
    for row in data["holds"]:
        assert set(row) >= {"keep", "rethrow", "value_exact", "value", "optimal"}
        assert float(Fraction(row["value_exact"])) == pytest.approx(row["value"], abs=1e-15)
    assert data["holds"][0]["optimal"]


def test_progressive_json_contract(capsys):
    code, out, err = run(
        capsys,
        "hold", "6 6 6 2 1", "--rules", "progressive", "--computer-hand", "5 5 5 5 2",
        "--throws-left", "1", "--format", "json", "--distribution",
    )  # fmt: skip
    assert code == 0, err
    data = json.loads(out)
    assert data["unit"] == "points per round" and data["computer_hand"] == "5 5 5 5 2"
    assert data["holds"][0]["keep"] == "6 6 6" and data["holds"][0]["value_exact"] == "-145/18"
    assert set(data["holds"][0]["final"]) == set(get_rules("progressive").category_slugs)


def test_progressive_hold_with_no_question_is_refused(capsys):
    """004's player holds for points knowing the computer's hand: no round chance instead."""
    assert_cli_error(
        capsys,
        ["hold", "6 6 2 3 5", "--rules", "progressive"],
        "holds for points against the computer",
        "--computer-hand DICE",
    )
    for asked in (["--as", "computer"], ["--goal", "at-least:full-house"], ["--to-win"]):
        code, _, err = run(capsys, "hold", "6 6 2 3 5", "--rules", "progressive", *asked)
        assert code == 0, (asked, err)


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--against", "Q Q Q 9 9", "--goal", "at-least:straight"], ["--against needs --to-win"]),
        (["--to-win", "--goal", "at-least:straight"], ["--to-win", "not with --goal"]),
        (["--to-win", "--against", "Q Q Q 9 9", "--players-left", "4"], ["at most 5 players"]),
        (["--to-win", "--tied", "2"], ["--tied needs --against"]),
        (["--to-win", "--players-left", "0"], ["--players-left must be 1 or more"]),
        (["--to-win", "--against", "Q Q Q 9 9", "--limit", "2"], ["--limit applies only"]),
        (["--to-win", "--rules", "banking"], ["blind", "banking"]),
        (["--computer-hand", "K K K K 9"], ["progressive game", "push"]),
        (["--rules", "progressive", "--as", "player"], ["needs --computer-hand"]),
        (["--set", "max_rethrow=3", "--throws-left", "1"], ["--untouched"]),
        (["--untouched", "K K"], ["--untouched matters only"]),
    ],
)
def test_hold_refuses_with_words(capsys, argv, words):
    dice = "6 6 6 2 1" if "progressive" in argv else "K K J 10 9"
    assert_cli_error(capsys, ["hold", dice, *argv], *words)


def test_003_variation_2_two_dice_of_the_first_throw_stay():
    """003 variation 2: "no more than three dice may be thrown again, so at least two dice of
    the first throw stay" (max_rethrow_scope=turn, the ruling); throw scope: per throw."""
    from pokerdice_stats.ground import indexing as ix
    from pokerdice_stats.turn.dice import parse_keep
    from pokerdice_stats.turn.states import allowed_subkeeps

    turn = get_rules("classic", {"max_rethrow": 3})
    throw = get_rules("classic", {"max_rethrow": 3, "max_rethrow_scope": "throw"})
    assert turn.max_rethrow_scope == "turn"
    table = hand_table(turn)
    # First throw K K J 10 9; the kings stay and J 10 9 are thrown again: A Q 9.
    hand = table.hand("K K A Q 9")
    kings = parse_keep("K K", turn)
    kept = [
        " ".join(table.rules.face_chart.labels[r] for r in ix.ranks_of_counts(ix.KEEP_COUNTS[k]))
        for k in allowed_subkeeps(turn, hand, kings)
    ]
    assert kept and all(k.split().count("K") == 2 for k in kept)  # both kings stay
    assert "K K" in kept  # the re-thrown A Q 9 may all be thrown again
    free = allowed_subkeeps(throw, hand)
    assert parse_keep("A Q", throw) in free  # per throw: the kings may go
    # The command refuses a later hold without the untouched dice, and gives it with them.
    advice = goal_advice(turn, "K K A Q 9", "at-least:full-house", 1, untouched_text="K K")
    assert all(row["keep"].split().count("K") == 2 for row in advice.rows)
    # The scopes agree when nothing restricts: presets (max_rethrow=5) are unchanged.
    base = get_rules("classic")
    other = get_rules("classic", {"max_rethrow_scope": "throw"})
    g = "at-least:four-of-a-kind"
    assert goal_advice(base, "K K J 10 9", g).rows == goal_advice(other, "K K J 10 9", g).rows


@pytest.mark.parametrize(
    "options",
    [
        {"throws_left": 2.5},
        {"throws_left": float("inf")},
        {"throws_left": True},
        {"throws_left": []},
        {"against": "A A A K Q", "tied": None},
        {"against": "A A A K Q", "tied": float("inf")},
        {"players_left": float("nan")},
        {"players_left": True},
    ],
)
def test_advice_refuses_counts_that_are_not_whole_numbers(options):
    """A float was truncated, a bool taken as 0 or 1, inf or a list raised a TypeError."""
    rules = get_rules("classic")
    with pytest.raises(OptionError):
        round_advice(rules, "K K J 10 9", **options)
    if list(options) == ["throws_left"]:
        with pytest.raises(OptionError):
            goal_advice(rules, "K K J 10 9", None, options["throws_left"])


def test_the_computers_holds_say_whose_points_they_are(capsys):
    """``--as computer`` values the computer's holds: the plain answer's unit says so."""
    progressive = ("hold", "6 6 6 2 1", "--rules", "progressive")
    code, out, err = run_cli(capsys, *progressive, "--as", "computer")
    assert code == 0, err
    assert "values: points per round won by the computer" in " ".join(out.split())
    code, out, err = run_cli(capsys, *progressive, "--computer-hand", "5 5 5 5 2")
    assert code == 0, err
    assert "values: points per round keep" in " ".join(out.split())  # the player's: no more
