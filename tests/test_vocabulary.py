"""One vocabulary (issue 12, item 2): the same names for the same things in every command.

The match target is ``--to``, the first player's throws ``--limit``, the best play a
game admits ``optimal`` (``equilibrium`` another name of it), the hold rows of
``round --seat --dice`` read as ``hold``'s, and every ``--rules`` help names the presets.
"""

from __future__ import annotations

import json
from fractions import Fraction

import numpy as np
import pytest
from cli_helpers import assert_cli_error, run_cli

from pokerdice_stats import cli
from pokerdice_stats.engines.blind import policy_names
from pokerdice_stats.turn.rules import PRESETS


def _json(capsys, *argv: str):
    code, out, err = run_cli(capsys, *argv, "--format", "json")
    assert code == 0, err
    return json.loads(out)


@pytest.fixture(autouse=True)
def _wide_help(monkeypatch):
    """Help on one line per option: argparse wraps at the terminal's width (and inside
    hyphenated names)."""
    monkeypatch.setenv("COLUMNS", "2000")


def _help(capsys, *argv: str) -> str:
    with pytest.raises(SystemExit) as stop:
        cli.main([*argv, "--help"])
    assert stop.value.code == 0
    return " ".join(capsys.readouterr().out.split())


# ---------------------------------------------------------------------------
# --rules and --goal help.

RULES_COMMANDS = [
    ["hold", "K K J 10 9"],
    ["round"],
    ["match"],
    ["holdup", "3 3 3 5 6"],
    ["simulate"],
    ["banking"],
    ["payout"],
    ["chances"],
    ["rules", "show"],
]


@pytest.mark.parametrize("argv", RULES_COMMANDS, ids=lambda a: a[0])
def test_rules_help_lists_the_presets(capsys, argv):
    text = _help(capsys, *argv)
    listed = "a preset (" + ", ".join(PRESETS) + ")"
    assert listed in text


@pytest.mark.parametrize("command", ["hold", "simulate", "chances", "strategy"])
def test_goal_help_lists_the_goal_forms(capsys, command):
    text = _help(capsys, command)
    for form in ("at-least:CATEGORY", "exactly:CATEGORY", 'beat:"DICE"[,tie=P]', "score:FILE"):
        assert form in text, (command, form)


# ---------------------------------------------------------------------------
# simulate --what match --to.


def test_simulate_match_to_is_the_target(capsys):
    args = ["simulate", "--what", "match", "--n", "200", "--no-progress", "--seed", "3"]
    record = _json(capsys, *args, "--to", "2")
    assert record["target"] == 2
    default = _json(capsys, *args)
    assert default["target"] == 3  # gameweave's
    assert record["expected_rounds"]["estimate"] < default["expected_rounds"]["estimate"]
    by_key = _json(capsys, *args, "--set", "target=2")  # the rule key is target
    assert by_key.pop("rules") == "gameweave (target=2)"
    assert record.pop("rules") == "gameweave"
    assert by_key == record


def test_simulate_match_refuses_rounds_pointing_to_to(capsys):
    """``--rounds`` counts the rounds a session plays: as a match's target it would read
    as "a match of K rounds", so it is refused there, naming ``--to``."""
    argv = ["simulate", "--what", "match", "--rounds", "2", "--n", "10", "--no-progress"]
    assert_cli_error(capsys, argv, "--rounds is the number of rounds a session plays", "--to K")


def test_simulate_help_names_to_for_matches(capsys):
    text = _help(capsys, "simulate")
    assert "--to K match: round wins needed" in text
    assert "--rounds K rounds a session plays" in text


# ---------------------------------------------------------------------------
# holdup --limit (old name --throws).

LIMITED = ["--set", "throw_limit=first-player"]


def test_holdup_limit_and_its_old_name_agree(capsys):
    base = ["holdup", "3 3 3 5 6", "--players-left", "2", *LIMITED]
    limited = _json(capsys, *base, "--limit", "1")
    old = _json(capsys, *base, "--throws", "1")
    full = _json(capsys, *base)
    assert limited == old
    assert limited != full  # one throw each: the hand holds up more often
    assert Fraction(limited["holds_up"]) > Fraction(full["holds_up"])


@pytest.mark.parametrize(
    ("extra", "needles"),
    [
        (["--limit", "2"], ["--limit applies only under throw_limit=first-player"]),
        ([*LIMITED, "--limit", "0"], ["--limit must be 1 to 3, got 0"]),
        ([*LIMITED, "--limit", "4"], ["--limit must be 1 to 3, got 4"]),
        ([*LIMITED, "--throws", "4"], ["--throws must be 1 to 3, got 4"]),
        ([*LIMITED, "--limit", "1", "--throws", "1"], ["old name of --limit"]),
    ],
)
def test_holdup_limit_refusals(capsys, extra, needles):
    assert_cli_error(capsys, ["holdup", "3 3 3 5 6", *extra], *needles)


def test_holdup_help_names_limit_not_throws(capsys):
    text = _help(capsys, "holdup")
    assert "--limit T under throw_limit=first-player: the throws the first player took" in text
    assert "--throws" not in text


# ---------------------------------------------------------------------------
# optimal, and equilibrium as another name of it.


def test_policy_names_match_the_solvers():
    from pokerdice_stats.engines.simulation.policy_tables import POLICIES
    from pokerdice_stats.games.banking.simulation.seats import BLIND_POLICIES
    from pokerdice_stats.games.progressive.exact.payout import COMPUTER_POLICIES

    assert policy_names.TURN_POLICIES == POLICIES
    assert set(policy_names.BLIND_POLICIES) | set(policy_names.POLICY_ALIASES) == set(
        BLIND_POLICIES
    )
    assert policy_names.COMPUTER_POLICIES == COMPUTER_POLICIES


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("equilibrium", "optimal"),
        (" Equilibrium ", "optimal"),
        ("optimal", "optimal"),
        ("stand", "stand"),
        ("bogus", "bogus"),
    ],
)
def test_canonical_policy(text, expected):
    assert policy_names.canonical_policy(text) == expected


def test_canonical_policies_keeps_other_names_as_typed():
    assert policy_names.canonical_policies("equilibrium,stand") == "optimal,stand"
    assert policy_names.canonical_policies("stand, largest-set") == "stand, largest-set"


@pytest.mark.parametrize("knowledge", ["seen", "blind"])
def test_payout_computer_equilibrium_is_optimal(capsys, knowledge):
    base = ["payout", "--knowledge", knowledge]
    alias = _json(capsys, *base, "--computer", "equilibrium")
    assert alias == _json(capsys, *base, "--computer", "optimal")
    assert alias["computer"] == "optimal"


def test_payout_tolerance_takes_the_alias(capsys):
    base = ["payout", "--knowledge", "blind", "--tolerance", "1e-6"]
    assert _json(capsys, *base, "--computer", "equilibrium")["computer"] == "optimal"


def test_simulate_computer_equilibrium_is_optimal(capsys):
    base = ["simulate", "--what", "session", "--rules", "progressive", "--rounds", "5"]
    base += ["--n", "40", "--no-progress", "--seed", "2"]
    alias = _json(capsys, *base, "--computer", "equilibrium")
    assert alias == _json(capsys, *base, "--computer", "optimal")


def test_simulate_turn_policy_equilibrium_is_optimal(capsys):
    base = ["simulate", "--what", "turn", "--n", "2000", "--no-progress", "--seed", "5"]
    alias = _json(capsys, *base, "--policy", "equilibrium")
    assert alias == _json(capsys, *base, "--policy", "optimal")
    assert alias["policy"] == "optimal"


def test_simulate_blind_round_takes_both_names(capsys):
    base = ["simulate", "--what", "round", "--rules", "banking", "--n", "500", "--no-progress"]
    alias = _json(capsys, *base, "--policy", "equilibrium,stand")
    assert alias == _json(capsys, *base, "--policy", "optimal,stand")


@pytest.mark.parametrize("knowledge", ["seen", "blind"])
def test_api_computer_equilibrium_is_optimal(knowledge):
    from pokerdice_stats.games.progressive.exact.payout import expected_payout

    alias = expected_payout(computer="equilibrium", knowledge=knowledge)
    named = expected_payout(computer="optimal", knowledge=knowledge)
    assert alias.computer == "optimal"
    assert alias.expected == named.expected


def test_api_solve_pay_refuses_the_blind_equilibrium_by_either_name():
    from pokerdice_stats.games.progressive.exact.fair_pay import solve_pay
    from pokerdice_stats.ground.errors import OptionError

    for name in ("optimal", "equilibrium"):
        with pytest.raises(OptionError, match="symmetric"):
            solve_pay(None, "scale", 0, computer=name, knowledge="blind")


def test_api_simulated_computer_equilibrium_is_optimal():
    from pokerdice_stats.games.simulations import RunOptions, simulate_progressive
    from pokerdice_stats.turn.rules import get_rules

    run = RunOptions(n=30, seed=4, progress=False)
    rules = get_rules("progressive")
    alias = simulate_progressive(rules, 5, "equilibrium", run=run)
    named = simulate_progressive(rules, 5, "optimal", run=run)
    assert alias.bank == named.bank


def test_banking_strategy_optimal_is_the_equilibrium_row(capsys):
    alias = _json(capsys, "banking", "--strategy", "optimal", "--strategy", "stand")
    rows = _json(capsys, "banking", "--strategy", "equilibrium", "--strategy", "stand")
    assert alias == rows
    assert [s["strategy"] for s in alias["strategies"]] == ["equilibrium", "stand"]


def test_banking_unknown_strategy_lists_optimal(capsys):
    assert_cli_error(
        capsys, ["banking", "--strategy", "bogus"], "unknown strategy 'bogus'", "optimal"
    )


@pytest.mark.parametrize(
    ("argv", "names"),
    [
        (["payout"], policy_names.COMPUTER_POLICIES),
        (["simulate"], policy_names.BLIND_POLICIES),
        (["banking"], ("stand", "largest-set", "two-seat-equilibrium", "optimal")),
    ],
)
def test_policy_helps_list_the_names_and_the_alias(capsys, argv, names):
    text = _help(capsys, *argv)
    for name in names:
        assert name in text, (argv, name)
    assert "equilibrium is another name of optimal" in text


# ---------------------------------------------------------------------------
# round --seat --dice: hold's wording.

HAND = "K K J 10 9"
AGAINST = "Q Q Q 9 10"


def _table_rows(out: str) -> list[str]:
    """The lines of the holds table (from its header on)."""
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("keep "))
    return [line for line in lines[start:] if not line.startswith("…")]


@pytest.mark.parametrize("exact", ["always", "never"])
def test_round_seat_hand_rows_read_as_hold(capsys, exact):
    code, seat_out, err = run_cli(
        capsys,
        "round",
        "--seat",
        "2",
        "--against",
        AGAINST,
        "--dice",
        HAND,
        "--throws-left",
        "2",
        "--exact",
        exact,
    )
    assert code == 0, err
    code, hold_out, err = run_cli(
        capsys, "hold", HAND, "--to-win", "--against", AGAINST, "--players-left", "0"
    )
    assert code == 0, err
    seat_rows = _table_rows(seat_out)
    # exact: these fractions are too long for a cell, so, as hold does, the column is left
    # out and a line says where they are
    assert seat_rows[0].split() == ["keep", "rethrow", "win", "%", "optimal"]
    assert (seat_rows[-1] == "exact fractions: --format json") == (exact == "always")
    assert "True" not in seat_out and "False" not in seat_out
    assert any(row.startswith("(none) ") for row in seat_rows)
    assert any(row.split()[-1] == "*" for row in seat_rows[1:])
    if exact == "never":  # hold --to-win on gameweave is a float answer too: the same table
        assert seat_rows == _table_rows(hold_out)


# ---------------------------------------------------------------------------
# hold --exact.

TO_WIN = ["hold", HAND, "--to-win", "--against", AGAINST, "--players-left", "0"]


def _values(holds: list[dict]) -> dict[str, str]:
    """Each hold's exact value (``"p/q"``)."""
    return {row["keep"]: row["value_exact"] for row in holds}


@pytest.mark.parametrize(("ties", "tie"), [("split", "1/2"), ("must-beat", "0")])
def test_hold_exact_always_matches_the_beat_goal(capsys, ties, tie):
    """The last player facing one hand wins what ``beat:HAND,tie=P`` scores, P the
    share of a tie under the tie rule (split: half the pot; must-beat: nothing)."""
    record = _json(capsys, *TO_WIN, "--set", f"ties={ties}", "--exact", "always")
    assert record["exact"] is True
    goal = _json(capsys, "hold", HAND, "--goal", f'beat:"{AGAINST}",tie={tie}')
    assert goal["exact"] is True
    assert _values(record["holds"]) == _values(goal["holds"])
    assert all("/" in v for v in _values(record["holds"]).values())  # "p/q" text
    assert Fraction(record["holds"][0]["value_exact"]) == Fraction(56, 81)  # keep the kings


def test_hold_exact_always_under_roll_off_agrees_with_floats(capsys):
    exact = _json(capsys, *TO_WIN, "--exact", "always")
    floats = _json(capsys, *TO_WIN, "--exact", "never")
    default = _json(capsys, *TO_WIN)
    assert exact["exact"] is True and floats["exact"] is False
    assert default == floats  # auto: gameweave has too many distinct hands to be cheap
    for a, b in zip(exact["holds"], floats["holds"], strict=True):
        assert a["keep"] == b["keep"]
        assert float(Fraction(a["value_exact"])) == pytest.approx(b["value"], abs=1e-12)
        assert "value_exact" not in b


def test_hold_exact_always_plain_count(capsys):
    """Throwing all five dice once more, the last player must beat the hand outright
    (ties=must-beat): the value of keeping nothing is a plain count over the 7776 throws."""
    record = _json(
        capsys, *TO_WIN, "--set", "ties=must-beat", "--throws-left", "1", "--exact", "always"
    )
    assert Fraction(_values(record["holds"])[""]) == _beat_in_one_throw()
    five_kings = _json(capsys, "hold", "K K K K K", *TO_WIN[2:], "--exact", "always")
    assert Fraction(_values(five_kings["holds"])["K K K K K"]) == 1


def _beat_in_one_throw() -> Fraction:
    from itertools import product

    from pokerdice_stats.turn.hands import hand_table
    from pokerdice_stats.turn.rules import get_rules

    table = hand_table(get_rules("gameweave", {"ties": "must-beat"}))
    target = table.strength[table.hand(AGAINST)]
    faces = "9 10 J Q K A".split()
    wins = sum(
        1
        for dice in product(faces, repeat=5)
        if table.strength[table.hand(" ".join(dice))] > target
    )
    return Fraction(wins, 6**5)


@pytest.mark.parametrize(
    ("extra", "needles"),
    [
        (["--goal", "at-least:straight", "--exact", "always"], ["--exact needs", "always exact"]),
        (["--goal", "at-least:full-house", "--exact", "never"], ["--exact needs --to-win"]),
        (["--rules", "progressive", "--as", "computer", "--exact", "auto"], ["--exact needs"]),
    ],
)
def test_hold_exact_refused_without_to_win(capsys, extra, needles):
    dice = "6 6 6 2 1" if "progressive" in extra else HAND
    assert_cli_error(capsys, ["hold", dice, *extra], *needles)


def test_hold_with_no_goal_takes_exact_as_to_win_does(capsys):
    """No goal named: the round's goal, so --exact applies as with --to-win."""
    plain = _json(capsys, "hold", HAND, "--exact", "always")
    explicit = _json(capsys, *TO_WIN[:2], "--to-win", "--exact", "always")
    assert plain["goal_default"] is True and explicit["goal_default"] is False
    assert plain["holds"] == explicit["holds"]


def test_hold_exact_bad_choice(capsys):
    with pytest.raises(SystemExit) as stop:
        cli.main([*TO_WIN, "--exact", "sometimes"])
    assert stop.value.code == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert len(err.splitlines()) == 1
    assert "--exact: invalid choice: 'sometimes'" in err


def test_the_python_simulations_take_equilibrium_for_optimal():
    """``simulate_turns`` and ``simulate_rounds`` read ``equilibrium`` as ``optimal``, like
    the command line: the same seed gives the same draws and the same estimate."""
    from pokerdice_stats.engines.simulation.run import RunOptions
    from pokerdice_stats.engines.simulation.turns import policy_table, simulate_turns
    from pokerdice_stats.games.simulations import simulate_rounds
    from pokerdice_stats.turn.rules import get_rules

    rules = get_rules("gameweave")
    assert np.array_equal(policy_table(rules, "equilibrium"), policy_table(rules, "optimal"))
    run = RunOptions(n=2_000, seed=11, progress=False)
    named = simulate_turns(rules, policy="equilibrium", run=run)
    plain = simulate_turns(rules, policy="optimal", run=run)
    assert named.estimate == plain.estimate and named.policy == "optimal"
    rounds = simulate_rounds(rules, 2, policy="equilibrium", run=run)
    assert len(rounds.seats) == 2 and rounds.knowledge == "seen"


def test_seed_means_a_random_seed_only():
    """The rule documents are named by their games ("Progressive Poker Dice (004)"): no
    source file, README or written result calls one "seed 004"."""
    import re
    import subprocess
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    listed = subprocess.run(
        ["git", "ls-files", "pokerdice_stats", "results", "README.md", "benchmarks", "notebooks"],
        cwd=root,
        capture_output=True,
        text=True,
        check=False,
    ).stdout.split()
    paths = listed or [str(p.relative_to(root)) for p in (root / "pokerdice_stats").rglob("*.py")]
    pattern = re.compile(
        r"\bseeds? 00[0-4]\b|\bthe seed's\b|\bthe seed (writes|prints)\b|\bseed games?\b"
        r"|\b(of|in) the seeds\b"
        r"|\bseed (schedule|rules?|documents?|text|tables?|pays?|variations?|presets?)\b",
        re.I,
    )
    found = [
        path
        for path in paths
        if path.endswith((".py", ".md", ".csv", ".html", ".ipynb"))
        and (root / path).is_file()
        and pattern.search((root / path).read_text(encoding="utf-8", errors="replace"))
    ]
    assert not found, found


@pytest.mark.parametrize(
    "argv",
    [
        ["hold", "K K J 10 9"],
        ["round", "--seat", "2", "--against", "K K J 10 9", "--dice", "A A 9 10 J"],
        ["betting", "--seat", "2", "--against", "3 3 3 5 6", "--dice", "4 4 2 1 6"],
        ["banking", "--dice", "6 6 4 3 2"],
    ],
    ids=["hold", "round", "betting", "banking"],
)
def test_every_hold_table_marks_the_best_hold_optimal(capsys, argv):
    """One word for the mark on the best hold in every plain table of holds (``best`` was
    banking's and betting's)."""
    code, out, err = run_cli(capsys, *argv, "--throws-left", "1")
    assert code == 0, err
    header = next(line for line in out.splitlines() if line.startswith("keep"))
    assert header.split()[-1] == "optimal", header


def test_hold_takes_the_dice_as_the_other_commands_do(capsys):
    """``hold --dice D`` is ``hold D`` (``round``, ``betting`` and ``banking`` take ``--dice``)."""
    bare = _json(capsys, "hold", "K K J 10 9")
    assert _json(capsys, "hold", "--dice", "K K J 10 9") == bare
    assert_cli_error(capsys, ["hold"], "give the five dice showing")
    for twice in ("A A A A A", "K K J 10 9", "9 10 J K K"):  # even the same dice: once
        assert_cli_error(capsys, ["hold", "K K J 10 9", "--dice", twice], "given twice")


def test_round_takes_knowledge_as_payout_and_simulate_do(capsys):
    """``round --knowledge K`` is ``round --set knowledge=K``; a disagreeing pair is refused."""
    argv = ["round", "--set", "ties=split"]
    assert _json(capsys, *argv, "--knowledge", "blind") == _json(
        capsys, *argv, "--set", "knowledge=blind"
    )
    assert _json(capsys, *argv, "--knowledge", "blind")["knowledge"] == "blind"
    for bad in ("bogus", "Blind"):  # one spelling, as simulate's --knowledge
        with pytest.raises(SystemExit) as stop:
            cli.main(["round", "--knowledge", bad])
        assert stop.value.code == 2
        out, err = capsys.readouterr()
        assert out == "" and len(err.splitlines()) == 1
        assert f"--knowledge: invalid choice: '{bad}'" in err
    assert_cli_error(
        capsys, ["round", "--knowledge", "seen", "--set", "knowledge=blind"], "disagree"
    )
