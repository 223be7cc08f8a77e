"""The coach's answers: the command line's functions and JSON writer, called from a request.

Each function takes a validated request (:mod:`~pokerdice_stats.web.requests`) and
returns the JSON object as a plain ``dict``.  ``hold`` and ``betting`` build the very
record of the command's ``--format json`` (:func:`commands.holds.hold_record`,
:func:`games.betting.command.decision_record`) and pass it through the same writer
(:func:`~pokerdice_stats.ground.formats.to_json`), so the page shows the CLI's figures.
Banking's is ``banking --dice``'s record
(:func:`games.banking.exact.position.banking_position`); bidding's reads the solved
game as ``bidding --hand --bids`` does.
"""

from __future__ import annotations

import argparse
import json
from fractions import Fraction
from typing import Any

from pokerdice_stats.ground import progress
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.ground.formats import to_json
from pokerdice_stats.turn.rule_files import rules_text_options
from pokerdice_stats.turn.rules import (
    OPTION_KEYS,
    PRESET_SOURCES,
    PRESETS,
    RuleSet,
    get_rules,
    parse_assignments,
)
from pokerdice_stats.web.requests import (
    BankingRequest,
    BettingRequest,
    BiddingRequest,
    HoldRequest,
    Table,
)

#: The units of the bidding answer.
BIDDING_UNITS = {
    "chance": "chance the equilibrium makes that move, with this hand after these bids",
    "bid_odds": "chance the ten dice make at least that rung, given your five",
    "value": "units won per game for seat 1, +1 win / -1 loss",
}


#: The share of a bidding answer's progress given to the game's solve (the rest: the
#: position, re-solved where the solution does not settle it).
BIDDING_SOLVE_SHARE = 0.8
POSITION_WORDS = "answering the position (re-solving the game from there where needed)"


def table_rules(request: Table) -> RuleSet:
    """The rule set of a request: its preset and ``set`` options, as ``--rules``/``--set``,
    after the options of its rule file text (read as ``--rules FILE`` reads the file)."""
    options = parse_assignments(request.set)  # a key named twice is refused
    if request.rules_text is None or not request.rules_text.strip():
        return get_rules(request.rules, options)
    from_text = rules_text_options(request.rules_text, "(pasted)")
    preset = str(from_text.pop("preset", request.rules))
    return get_rules(preset, {**from_text, **options})


def plain(record: Any) -> dict:
    """A record through the command line's JSON writer (its naming rule, ``"p/q"`` exacts)."""
    return json.loads(to_json(record))


def check_goal(goal: str | None) -> None:
    """Refuse the one goal that names a file (``score:FILE.toml``): the app reads no file.

    Raises
    ------
    OptionError
        For a ``score:`` goal.
    """
    if goal is not None and goal.strip().lower().startswith("score:"):
        raise OptionError(
            "score:FILE goals read a file: the coach reads none (use the command line)"
        )


def hold_check(request: HoldRequest) -> RuleSet:
    """The checks of a hold request that need no solve, made before its job starts (so a
    refusal is a 400 at once, never after a long solve): the rules, the goal, and for a
    round played to win the throws left and the dice the turn's state carries.

    Returns
    -------
    RuleSet
        The request's rule set (:func:`table_rules`).

    Raises
    ------
    OptionError
        As :func:`hold_answer` would, with the same message.
    """
    from pokerdice_stats.commands.hold_question import check_question, wins_by_default
    from pokerdice_stats.games.seen.exact.advice import turn_position
    from pokerdice_stats.games.seen.exact.throw_limit import check_limit

    check_goal(request.goal)
    rules = table_rules(request)
    progressive = request.computer_hand is not None or request.side is not None
    check_question(_namespace(request), rules, progressive)
    to_win = request.to_win or wins_by_default(_namespace(request), rules, progressive)
    if not to_win or rules.knowledge != "seen":
        return rules
    if request.limit is not None and request.against is None:
        return rules  # throwing first with a limit: the round's own refusal says why
    limit = check_limit(rules, request.limit)
    # as round_advice checks them (missing dice too)
    turn_position(rules, limit, request.throws_left, request.aside, request.untouched)
    return rules


def hold_answer(request: HoldRequest) -> dict:
    """``hold DICE ... --format json``: every hold with its value, best first."""
    from pokerdice_stats.commands.hold_question import hold_advice
    from pokerdice_stats.commands.holds import hold_record
    from pokerdice_stats.turn.advice import hold_distribution

    check_goal(request.goal)
    rules = table_rules(request)
    args = _namespace(request)
    advice = hold_advice(args, rules)
    distribution = hold_distribution(advice) if request.distribution else None
    return plain(hold_record(advice, distribution, args.goal_default))


def _namespace(request: Table, **extra: Any) -> argparse.Namespace:
    """The request's fields as the command line's parsed arguments."""
    return argparse.Namespace(**request.model_dump(exclude={"rules", "set", "rules_text"}), **extra)


def betting_check(request: BettingRequest) -> RuleSet:
    """The checks of a betting request that need no solve, made before its job starts (so
    a position the round cannot be in is a 400 at once, never after a long solve).

    Returns
    -------
    RuleSet
        The request's rule set (:func:`table_rules`).

    Raises
    ------
    OptionError
        As :func:`betting_answer` would, with the same message.
    """
    return _betting_question(request)[0]


def _betting_question(request: BettingRequest) -> tuple[RuleSet, RuleSet, dict, bool]:
    """A betting request checked: its rules as asked and as the panel reads them, the stakes
    and whether the solve is exact (the seat's position checked against them)."""
    from pokerdice_stats.games.betting.command import check_options, exact_for
    from pokerdice_stats.games.betting.command.position import check_seat_position, seat_position

    asked = table_rules(request)
    rules = panel_rules("betting", asked)
    args = _namespace(request, habits=None)
    check_options(args)
    if request.seat > request.players:
        raise OptionError(f"--seat must be 1 to {request.players}, got {request.seat}")
    stakes = {"ante": request.ante, "raise_size": request.raise_size, "raises": request.raises}
    exact = exact_for(args, rules)
    check_seat_position(rules, request.players, stakes, exact, request.seat, seat_position(args))
    return asked, rules, stakes, exact


def betting_answer(request: BettingRequest) -> dict:
    """``betting --seat K ... --format json``: meet or fold, check or raise, or the holds."""
    from pokerdice_stats.games.betting.command import decision_record, seat_decision
    from pokerdice_stats.games.betting.command.position import seat_position
    from pokerdice_stats.games.betting.exact.solve import solve_betting

    asked, rules, stakes, exact = _betting_question(request)
    result = solve_betting(rules, request.players, **stakes, exact=exact)
    position = seat_position(_namespace(request, habits=None))
    record, frame, key = seat_decision(result, request.seat, **position)
    return plain(with_left_out(decision_record(result, record, frame, key), asked, rules))


def bidding_answer(request: BiddingRequest) -> dict:
    """Call or bid: the equilibrium's mix for your hand after the bids so far (category
    ladder, solved exactly), and the chance the ten dice make each rung."""
    from pokerdice_stats.games.bidding.exact.frames import NEGLIGIBLE, UNITS
    from pokerdice_stats.games.bidding.exact.game import reach_chances
    from pokerdice_stats.games.bidding.exact.moves import parse_bids
    from pokerdice_stats.games.bidding.exact.odds import bid_ladder, bid_odds, check_bidding_rules
    from pokerdice_stats.games.bidding.exact.position import position_answer
    from pokerdice_stats.games.bidding.exact.solve import solve_ladder
    from pokerdice_stats.ground import indexing as ix
    from pokerdice_stats.turn.hands import hand_table

    asked = table_rules(request)
    rules = panel_rules("bidding", asked)
    check_bidding_rules(rules)
    # the hand and the bids are checked before the solve, so bad input is refused at once
    ladder = bid_ladder(rules, "category")
    table = hand_table(rules)
    hand = table.hand(request.hand)
    history = parse_bids(ladder, request.bids)
    check_bidding_seat(request.seat, len(history))
    with progress.stage(0.0, BIDDING_SOLVE_SHARE, "solving the game"):
        result = solve_ladder(rules, "category")
    odds = bid_odds(ladder)[hand]
    # the command line's answer (bidding --hand --bids): the solution's mix, or the game
    # from the position re-solved where the solution does not settle the play
    with progress.stage(BIDDING_SOLVE_SHARE, 1.0, POSITION_WORDS):
        answer = position_answer(result, request.hand, request.bids)
    last = answer.chance_last_bid
    top = max(m.chance for m in answer.moves)
    moves = [
        {"move": m.move, "chance": m.chance, "best": m.chance == top, "value": m.value}
        for m in answer.moves
    ]
    record = {
        "rules": rules.label(),
        "game": "bidding for two (003 variation 8)",
        "ladder": ladder.name,
        # "value" is seat 1's (the game's, as the command's JSON); each move's, the mover's
        "units": {**BIDDING_UNITS, "move_value": f"{UNITS} for the player to move"},
        "hand": table.format(hand),
        "own_rung": ladder.labels[ladder.hand_rung[hand]],
        "bids": [ladder.labels[b] for b in history],
        "seat": answer.seat,
        # the chance the ten dice make the last bid, given your five (None at the opening);
        # ..._beliefs: given the other's hands as the solution's bids so far weigh them
        "chance_last_bid": None if last is None else float(last),
        "chance_last_bid_exact": last,
        "chance_last_bid_beliefs": answer.chance_last_bid_beliefs,
        "reached": reach_chances(result).get(history, 0.0) > NEGLIGIBLE,
        "mix": answer.mix,
        "value": result.value,
        "moves": moves,
        "bid_odds": [
            {
                "ladder_hand": label,
                "chance": int(odds[rung]) / ix.N_THROWS,
                "chance_exact": Fraction(int(odds[rung]), ix.N_THROWS),
            }
            for rung, label in enumerate(ladder.labels)
        ],
    }
    return plain(with_left_out(record, asked, rules))


def check_bidding_seat(seat: int | None, bids: int) -> None:
    """Refuse a seat that is not the one to move after ``bids`` bids (seat 1 opens).

    Raises
    ------
    OptionError
        For a seat other than 1 or 2, or the seat not to move.
    """
    if seat is None:
        return
    if seat not in (1, 2):
        raise OptionError(f"bidding is for two players: your seat is 1 or 2, got {seat}")
    to_move = 1 if bids % 2 == 0 else 2
    if seat != to_move:
        after = "before any bid" if bids == 0 else f"after {bids} bid{'s' if bids > 1 else ''}"
        raise OptionError(f"{after} it is seat {to_move}'s move (you are seat {seat})")


def banking_answer(request: BankingRequest) -> dict:
    """004 banking, blind: every hold's share of the pot against the equilibrium field, and
    the chance the equilibrium plays it (``banking --dice``'s record,
    :func:`~pokerdice_stats.games.banking.exact.position.banking_position`)."""
    from pokerdice_stats.games.banking.exact.position import banking_position

    rules = table_rules(request)
    return plain(banking_position(rules, request.players, request.dice, request.throws_left))


def games_answer() -> dict:
    """What the page offers: every preset, its faces, categories and decisions, and the
    ``--set`` keys."""
    presets = []
    for name in PRESETS:
        rules = get_rules(name)
        presets.append(
            {
                "name": name,
                "source": PRESET_SOURCES[name],
                "settings": rules.settings(),
                "faces": list(rules.face_chart.labels),
                "categories": list(rules.category_slugs),
                "throws": rules.throws,
                "panels": panels_for(rules),
            }
        )
    return {"presets": presets, "options": dict(OPTION_KEYS)}


#: Why the page coaches no throw of a rule set, by its panel (None: it coaches them).
NOT_COACHED = {
    "progressive-blind": "The coach advises 004's progressive game as written: you see the "
    "computer's final hand, then choose your keeps against it. With knowledge=blind nobody "
    "sees the other's hand and each side plays the blind equilibrium, a mix of keeps with "
    "no single best keep against a known hand, so the page gives no advice for it. Its "
    "value and how simple strategies fare against it are in the blind equilibrium tables "
    "(results/games/progressive_payout.md, the rows marked blind); for the keeps of a blind "
    "round throw by throw, choose the game banking (004 banking, blind).",
}


#: The panels that advise (any other name is a game the page cannot coach: coach.js's
#: ``COACHED`` names the same).
COACHED_PANELS = ("hold", "banking", "progressive", "betting", "bidding")
#: The panels of the preset's own game that its rules may refuse, each with the game's
#: name as the page says it (:func:`not_coached` names the panel and gives the reason).
GAME_PANELS = {
    "progressive": "004's progressive game (the computer's hand known)",
    "betting": "001's betting (chips: ante, raise, meet or fold)",
    "bidding": "003's bidding for two",
}


def panels_for(rules: RuleSet) -> list[str]:
    """The page's panels for a rule set: the round's (``hold``, seen; ``banking``, blind),
    ``progressive`` (004's payout game, seen), ``progressive-blind`` (coached by no panel:
    :data:`NOT_COACHED`), then ``betting`` (001) and ``bidding`` (003, classic).

    The preset's game keeps its panel whatever the options (the registry's
    :func:`~pokerdice_stats.games.registry.game_of`): where its rules refuse them, the
    panel is ``NAME-unsupported`` (``betting-unsupported``...), and :func:`not_coached`
    says which and why, as ``blind-unsupported`` does for a blind round.
    """
    from pokerdice_stats.games.registry import game_for, game_of

    round_game = game_for(rules, "round").name
    game = game_of(rules).name
    if game == "progressive":  # the question there is the payout, not the round
        if rules.knowledge != "seen":
            panels = ["progressive-blind"]
        else:
            panels = [_checked("progressive", rules)]
    else:
        panels = ["hold" if round_game == "seen" else round_game]
    if panels == ["banking"] and _blind_refusal(rules):
        panels = ["blind-unsupported"]  # the blind round's program does not model these rules
    if game == "betting":
        panels.append(_checked("betting", rules))
    if rules.preset == "classic":  # 003's variation 8 is bidding for two
        panels.append(_checked("bidding", rules))
    return panels


def _checked(panel: str, rules: RuleSet) -> str:
    """``panel``, or ``panel-unsupported`` where its game refuses ``rules``."""
    return panel if _refusal(panel, rules) is None else f"{panel}-unsupported"


def panel_rules(panel: str, rules: RuleSet) -> RuleSet:
    """``rules`` as the game of ``panel`` reads them: the page's one rule set serves every
    panel, so a key set for another panel (``throws=2`` for the holds) is left out of the
    bidding and betting panels' rules, not refused as the command line refuses it (there
    a key the game never reads would stand in the answer's label and change nothing)."""
    from pokerdice_stats.games.betting.exact.solve import UNREAD_KEYS
    from pokerdice_stats.games.bidding.exact.odds import RULE_KEYS_READ
    from pokerdice_stats.turn.rules import get_rules
    from pokerdice_stats.turn.unread_keys import changed_settings

    changed = changed_settings(rules)
    if panel == "bidding":
        kept = {k: v for k, v in changed.items() if k in RULE_KEYS_READ}
    elif panel == "betting":
        kept = {k: v for k, v in changed.items() if k not in UNREAD_KEYS}
    else:
        return rules
    return rules if kept == changed else get_rules(rules.preset, kept)


def left_out(asked: RuleSet, used: RuleSet) -> list[str]:
    """The rule changes of ``asked`` that :func:`panel_rules` left out of ``used``, as
    ``key=value`` (the answer says so: the page's one rule set serves every panel)."""
    from pokerdice_stats.turn.unread_keys import changed_settings

    kept = changed_settings(used)
    return [f"{k}={v}" for k, v in changed_settings(asked).items() if k not in kept]


def with_left_out(record: dict, asked: RuleSet, used: RuleSet) -> dict:
    """``record`` with ``rules_left_out`` (and why) when a rule change was left out."""
    dropped = left_out(asked, used)
    if dropped:
        record["rules_left_out"] = dropped
        record["rules_left_out_why"] = "this game never reads them (the other panels do)"
    return record


def _refusal(panel: str, rules: RuleSet) -> str | None:
    """Why the game of ``panel`` (:data:`GAME_PANELS`) refuses ``rules``, or None; the
    command line's advice (``use --set ...``) left out, the page has no such option."""
    import re

    from pokerdice_stats.games.betting.exact.solve import check_betting_rules
    from pokerdice_stats.games.bidding.exact.odds import check_bidding_rules
    from pokerdice_stats.games.progressive.exact.payout import check_payout_rules

    check = {
        "progressive": check_payout_rules,
        "betting": check_betting_rules,
        "bidding": check_bidding_rules,
    }[panel]
    try:
        check(panel_rules(panel, rules))
    except OptionError as refusal:
        return re.split(r"[:;] use --", str(refusal))[0]
    return None


def _blind_refusal(rules: RuleSet) -> str | None:
    """Why the blind round's program refuses ``rules`` (roll-off ties, a throw limit), or
    None."""
    from pokerdice_stats.games.banking.exact.field import check_blind_rules

    try:
        check_blind_rules(rules, "the blind round")
    except OptionError as refusal:
        return str(refusal)
    return None


def not_coached(rules: RuleSet, panels: list[str]) -> str | None:
    """Why the page advises no throw under ``rules``, or which panel of the preset's game
    it cannot give and why; None when every panel is coached."""
    said = []
    if "blind-unsupported" in panels:
        said.append(
            "Nobody sees another's hand under these rules (knowledge=blind), and the coach "
            f"cannot advise this blind round: {_blind_refusal(rules)}. Change that option, or "
            "choose knowledge=seen for the round where later players see the earlier hands."
        )
    said += [NOT_COACHED[p] for p in panels if p in NOT_COACHED]
    for panel, game in GAME_PANELS.items():
        if f"{panel}-unsupported" in panels:
            kept = [p for p in panels if p in COACHED_PANELS]
            others = (
                f" The other panels ({', '.join(kept)}) still advise these rules." if kept else ""
            )
            said.append(
                f"The panel of {game} is not shown: these rules are not that game as the "
                f"coach plays it ({_refusal(panel, rules)}). Change that option to have it "
                f"back.{others}"
            )
    return " ".join(said) or None


def faces_answer(request: Table) -> dict:
    """The faces and categories of a rule set with its ``set`` options, the page's panels
    for it (:func:`panels_for`; ``not_coached``: why no panel advises its throws, or
    None), and what a turn's state carries besides the hand (``state``: ``hand``;
    ``aside``, the dice set aside under sticky holds; ``original``, the first throw's dice
    never thrown again under a turn-scoped ``max_rethrow``)."""
    from pokerdice_stats.turn.states import state_kind

    rules = table_rules(request)
    panels = panels_for(rules)
    return {
        "rules": rules.label(),
        "panels": panels,
        "not_coached": not_coached(rules, panels),
        "settings": rules.settings(),
        "faces": list(rules.face_chart.labels),
        "categories": list(rules.category_slugs),
        "throws": rules.throws,
        "state": state_kind(rules),
        "max_rethrow": rules.max_rethrow,
    }
