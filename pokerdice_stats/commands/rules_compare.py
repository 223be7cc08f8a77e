"""``pokerdice-stats rules compare A B``: two rule sets side by side, on one page.

For each rule set (a preset, a preset changed by ``--set-a`` / ``--set-b KEY=VALUE``,
or a TOML rule file), :func:`compare_rules` gathers, from the toolkit's own solvers:

- the single-throw odds of each category (:func:`pokerdice_stats.turn.odds.category_rows`)
  and the best chance of ending a turn with at least each category
  (:func:`pokerdice_stats.turn.chances.chances_rows`), exact;
- each seat's chance in rounds of 2 to 5 seats and the first seat's advantage, its
  chance minus a fair share ``1/N`` (:func:`pokerdice_stats.games.seen.exact.rounds.solve_round`,
  where later seats see the earlier hands; blind rules have no first seat to speak of);
- a match of two players, each rule set's own (its ``target`` round wins and its
  ``starter``: :func:`~pokerdice_stats.games.seen.exact.matches.solve_match`; not under
  shared ties);
- the progressive payout and its edge where the rules play one (the registry's
  ``payout`` game);
- the holds that change: every first-throw hand whose best keep, for the first seat of
  a two-seat round, differs between the two, with what each habit costs under the other
  rule set (the chance to win the round lost by keeping the other's keep; ``None``
  where the other's keep is not allowed).

Examples
--------
>>> from pokerdice_stats import get_rules
>>> record = odds_side_by_side(get_rules("classic"), get_rules("classic", {"throws": 2}))
>>> record[0]["category"], record[0]["chance_a"] == record[0]["chance_b"]
('five-of-a-kind', True)
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.ground.formats import fraction_text
from pokerdice_stats.turn.hands import check_rule_set
from pokerdice_stats.turn.rules import RuleSet

#: Seats of the rounds compared.
SEATS = (2, 3, 4, 5)
#: Holds that change shown in the plain answer (all of them in JSON).
HOLDS_SHOWN = 15


def _exact(value) -> dict[str, Any]:
    out: dict[str, Any] = {"": None if value is None else float(value)}
    if isinstance(value, Fraction):
        out["_exact"] = fraction_text(value)
    return out


def _edge_percent_text(percent: float | None) -> str:
    """The edge per 100 points that change hands, or why there is none."""
    if percent is None or percent != percent:  # None or NaN: nothing changes hands
        return "no points change hands"
    return f"{percent:+.4g}% of the points that change hands"


def _pair(name: str, a, b) -> dict[str, Any]:
    """``name_a``, ``name_b`` (floats) and their ``_exact`` fractions when exact."""
    out: dict[str, Any] = {}
    for side, value in (("a", a), ("b", b)):
        for suffix, v in _exact(value).items():
            out[f"{name}_{side}{suffix}"] = v
    return out


def odds_side_by_side(a: RuleSet, b: RuleSet) -> list[dict[str, Any]]:
    """Single-throw chance and three-throw (a turn's) best chance of each category, A and B."""
    from pokerdice_stats.turn.chances import chances_rows
    from pokerdice_stats.turn.odds import category_rows

    odds = [{r["category"]: r["probability"] for r in category_rows(x)} for x in (a, b)]
    turns = [{r["category"]: r["at_least"] for r in chances_rows(x)} for x in (a, b)]
    slugs = list(dict.fromkeys([*a.category_slugs, *b.category_slugs]))
    rows = []
    for slug in slugs:
        row: dict[str, Any] = {"category": slug}
        row |= _pair("chance", odds[0].get(slug), odds[1].get(slug))
        row |= _pair("turn_at_least", turns[0].get(slug), turns[1].get(slug))
        rows.append(row)
    return rows


def _seen(rules: RuleSet) -> bool:
    from pokerdice_stats.games.registry import game_for

    try:
        return game_for(rules, "round").name == "seen"
    except OptionError:
        return False


def seats_side_by_side(a: RuleSet, b: RuleSet) -> tuple[list[dict[str, Any]], dict]:
    """The first seat's chance and advantage (chance minus 1/N) in rounds of 2-5 seats."""
    from pokerdice_stats.games.seen.exact.rounds import solve_round

    rows = []
    rounds: dict = {}
    for players in SEATS:
        values = []
        for side, rules in (("a", a), ("b", b)):
            if _seen(rules):
                solved = solve_round(rules, players)
                rounds[side, players] = solved
                values.append(solved.win[0])
            else:
                values.append(None)
        row: dict[str, Any] = {"players": players}
        row |= _pair("first_seat", *values)
        row |= _pair(
            "advantage",
            *(None if v is None else v - Fraction(1, players) for v in values),
        )
        rows.append(row)
    return rows, rounds


def match_side_by_side(a: RuleSet, b: RuleSet) -> dict[str, Any]:
    """Player 1's chance to take a two-player match and its length, each rule set's own
    match (its ``target`` round wins, its ``starter``).

    Examples
    --------
    >>> from pokerdice_stats import get_rules
    >>> match = match_side_by_side(get_rules("classic"), get_rules("classic", {"target": 7}))
    >>> match["target_a"], match["target_b"]
    (5, 7)
    >>> round(match["expected_rounds_a"], 2), round(match["expected_rounds_b"], 2)
    (7.54, 11.07)
    """
    from pokerdice_stats.games.seen.exact.matches import solve_match

    out: dict[str, Any] = {"players": 2}
    out["target_a"], out["target_b"] = a.target, b.target
    out["starter_a"], out["starter_b"] = a.starter, b.starter
    wins: list = []
    lengths: list = []
    notes: list[str | None] = []
    for rules in (a, b):
        try:
            match = solve_match(rules, 2, rules.target, rules.starter)
        except OptionError as err:
            wins.append(None)
            lengths.append(None)
            notes.append(str(err))
            continue
        wins.append(match.win[0])
        lengths.append(match.expected_rounds)
        notes.append(None)
    out |= _pair("first_player_wins", *wins)
    out |= _pair("expected_rounds", *lengths)
    out["note_a"], out["note_b"] = notes
    return out


def payout_side_by_side(a: RuleSet, b: RuleSet) -> dict[str, Any] | None:
    """The progressive payout's edge (optimal computer; the player sees its hand where the
    rules say knowledge=seen), where played."""
    from pokerdice_stats.games.registry import game_for

    edges: list[Any] = []
    reasons: list[str | None] = []
    for rules in (a, b):
        try:
            game = game_for(rules, "payout")
            edges.append(game.entry("solve")(rules).edge)
            reasons.append(None)
        except OptionError as refusal:  # the reason, said beside the figure it replaces
            edges.append(None)
            why = str(refusal)
            if rules.ties != "push":  # the registry's refusal names no rule
                why += ": 004's payout is played with ties=push"
            reasons.append(why)
    if edges == [None, None]:
        return None
    out: dict[str, Any] = {"computer": "optimal"}
    for side, rules, edge in (("a", a, edges[0]), ("b", b, edges[1])):
        out[f"knowledge_{side}"] = None if edge is None else rules.knowledge
    out["no_payout_a"], out["no_payout_b"] = reasons
    out |= _pair("edge", *(None if e is None else e.expected for e in edges))
    out |= _pair("edge_percent", *(None if e is None else e.percent for e in edges))
    return out


def holds_that_change(a: RuleSet, b: RuleSet, rounds: dict) -> tuple[list[dict[str, Any]], str]:
    """First-throw hands whose best keep to win a two-seat round (first seat) differs.

    Returns the rows, most costly (chance of the hand times the larger cost) first, and
    a note saying what was compared.
    """
    from pokerdice_stats.turn.hands import hand_table
    from pokerdice_stats.turn.holds import Policy

    first = [getattr(rounds.get((side, 2)), "first", None) for side in ("a", "b")]
    if not all(isinstance(p, Policy) for p in first):
        return [], "holds compared only for seen rounds without the first player's throw limit"
    pa, pb = (p for p in first if isinstance(p, Policy))
    table = hand_table(a)
    rows = []
    for hand in range(ix.N_HANDS):
        ta, tb = a.throws - 1, b.throws - 1
        if ta < 1 or tb < 1:
            break
        keep_a, keep_b = pa.best_keep(hand, ta), pb.best_keep(hand, tb)
        if keep_a == keep_b:
            continue
        values_a = {r["keep_index"]: r["value"] for r in pa.hold_rows(hand, ta)}
        values_b = {r["keep_index"]: r["value"] for r in pb.hold_rows(hand, tb)}
        cost_b = values_b[keep_b] - values_b[keep_a] if keep_a in values_b else None
        cost_a = values_a[keep_a] - values_a[keep_b] if keep_b in values_a else None
        if cost_a == 0 and cost_b == 0:
            continue  # equal holds: only the canonical choice between them differs
        chance = Fraction(int(table.ways[hand]), ix.N_THROWS)
        rows.append(
            {
                "hand": hand_text(hand, a),
                "throws_left_a": ta,
                "throws_left_b": tb,
                "keep_a": _keep_text(keep_a, hand, a),
                "keep_b": _keep_text(keep_b, hand, b),
                "chance": float(chance),
                "chance_exact": fraction_text(chance),
                **_pair("win_with_best", values_a[keep_a], values_b[keep_b]),
                **_pair("habit_cost", cost_a, cost_b),
            }
        )

    def weight(row) -> float:  # a keep not allowed under the other rules counts as a whole win
        costs = [1.0 if c is None else c for c in (row["habit_cost_a"], row["habit_cost_b"])]
        return row["chance"] * max(costs)

    rows.sort(key=lambda r: -weight(r))
    note = (
        "first throw, first seat of a two-seat round, playing to win it; habit_cost_b: the "
        "chance to win lost under B by keeping A's best keep (none: not allowed under B), "
        "habit_cost_a the same under A"
    )
    return rows, note


def _keep_text(keep: int, hand: int, rules: RuleSet) -> str:
    """A keep as the hold tables write it: ``stand`` (the whole hand), the dice, or ``(none)``."""
    from pokerdice_stats.turn.dice import format_counts

    if keep == int(ix.HAND_KEEP[hand]):
        return "stand"
    return format_counts(ix.KEEP_COUNTS[keep], rules) or "(none)"


def hand_text(hand: int, rules: RuleSet) -> str:
    """A hand's dice, highest first."""
    from pokerdice_stats.turn.dice import format_counts

    return format_counts(ix.KEEP_COUNTS[int(ix.HAND_KEEP[hand])], rules)


def compare_rules(a: RuleSet, b: RuleSet) -> dict[str, Any]:
    """Two rule sets side by side: the whole comparison as one JSON-ready record.

    Parameters
    ----------
    a, b : RuleSet
        The rule sets compared (from :func:`~pokerdice_stats.turn.rules.get_rules`).

    Returns
    -------
    dict
        ``rules_a``, ``rules_b``; ``units`` (what each figure counts); ``odds`` (a row a
        category: one throw and a turn's best chance of at least it, A and B); ``seats``
        (a row for each of 2 to 5 seats: the first seat's chance to win and its
        advantage over a fair share); ``match`` (two players, each rule set's own match);
        ``payout`` (the progressive edge where played, else None); ``holds`` (the
        first-throw hands whose best keep differs, with each habit's cost) and
        ``holds_compared`` (what they were compared on, or why not).  Figures are floats
        with their exact fractions under ``NAME_exact``.

    Raises
    ------
    RulesError
        If ``a`` or ``b`` is not a rule set.

    See :func:`match_side_by_side` for an example of one part (the whole takes some
    seconds: the rounds of 2 to 5 seats of both rule sets).
    """
    for rules in (a, b):
        check_rule_set(rules)
    seats, rounds = seats_side_by_side(a, b)
    holds, note = holds_that_change(a, b, rounds)
    record: dict[str, Any] = {
        "rules_a": a.label(),
        "rules_b": b.label(),
        "units": {
            "chance": "chance of the category in one throw of five dice",
            "turn_at_least": "best chance of ending a turn with at least the category",
            "first_seat": "chance that seat 1 wins a round of N seats (later seats see it)",
            "advantage": "first_seat minus 1/N (negative: a disadvantage)",
            "first_player_wins": "chance that player 1 takes the match",
            "expected_rounds": "rounds a match",
            "edge": "the player's points a round; edge_percent: per 100 points that change hands",
            "habit_cost": "chance to win the round",
        },
        "odds": odds_side_by_side(a, b),
        "seats": seats,
        "match": match_side_by_side(a, b),
        "payout": payout_side_by_side(a, b),
        "holds": holds,
        "holds_compared": note,
    }
    return record


def _percent(value) -> float | str:
    """A chance in percent, or a blank cell where there is none."""
    return "" if value is None else round(100 * float(value), 4)


def _cost(value) -> float | str:
    """A habit's cost in percentage points, or why there is none."""
    return "not allowed" if value is None else round(100 * float(value), 4)


def compare_text(record: dict[str, Any]) -> str:
    """The plain page of ``rules compare``: every table in percent, the unit in each header."""
    from pokerdice_stats.engines.cli import lazy_pandas as pd
    from pokerdice_stats.ground.formats import render

    a, b = record["rules_a"], record["rules_b"]
    out = [f"rules compared: A = {a}, B = {b}", ""]
    odds = [
        {
            "category": r["category"],
            "one throw A %": _percent(r["chance_a"]),
            "one throw B %": _percent(r["chance_b"]),
            "turn A %": _percent(r["turn_at_least_a"]),
            "turn B %": _percent(r["turn_at_least_b"]),
        }
        for r in record["odds"]
    ]
    out.append("each category: its chance in one throw, and the best chance of ending a turn")
    out.append("with at least it (percent):")
    out.append(render(pd.DataFrame(odds), "table"))
    seats = [
        {
            "seats": r["players"],
            "seat 1 wins A %": _percent(r["first_seat_a"]),
            "seat 1 wins B %": _percent(r["first_seat_b"]),
            "advantage A (pp)": _percent(r["advantage_a"]),
            "advantage B (pp)": _percent(r["advantage_b"]),
        }
        for r in record["seats"]
    ]
    out.append("the first seat of a round (percent; advantage: its chance minus a fair 1/N share,")
    out.append("in percentage points (pp); later seats see the earlier hands; blank: blind rules):")
    out.append(render(pd.DataFrame(seats), "table"))
    match = record["match"]
    parts = []
    for side in ("a", "b"):
        rules = f"to {match[f'target_{side}']} round wins, starter {match[f'starter_{side}']}"
        if match[f"first_player_wins_{side}"] is None:
            parts.append(f"{side.upper()} ({rules}): no match ({match[f'note_{side}']})")
        else:
            parts.append(
                f"{side.upper()} ({rules}) {_percent(match[f'first_player_wins_{side}'])}% in "
                f"{match[f'expected_rounds_{side}']:.4g} rounds on average"
            )
    out.append("a match of two players: player 1 takes it " + "; ".join(parts))
    payout = record["payout"]
    if payout is None:
        out.append("progressive payout: neither rule set plays one (it needs ties=push)")
    else:
        texts = []
        for side in ("a", "b"):
            edge = payout[f"edge_{side}"]
            texts.append(
                f"{side.upper()} none ({payout[f'no_payout_{side}']})"
                if edge is None
                else f"{side.upper()} ({payout[f'knowledge_{side}']}) {edge:+.4g} points a round "
                f"({_edge_percent_text(payout[f'edge_percent_{side}'])})"
            )
        out.append("progressive payout, the player's edge (optimal computer): " + "; ".join(texts))
    holds = record["holds"]
    out.append("")
    out.append(
        f"holds that change: {len(holds)} first-throw hands, the first seat of a two-seat round "
        "playing to win it (win: its chance with the best keep; habit cost A: the chance lost "
        "under A by keeping B's best keep, in percentage points; not allowed: that keep breaks "
        "the other rules)"
    )
    if holds:
        shown = [
            {
                "hand": r["hand"],
                "chance %": _percent(r["chance"]),
                "keep A": r["keep_a"],
                "keep B": r["keep_b"],
                "win A %": _percent(r["win_with_best_a"]),
                "win B %": _percent(r["win_with_best_b"]),
                "habit cost A (pp)": _cost(r["habit_cost_a"]),
                "habit cost B (pp)": _cost(r["habit_cost_b"]),
            }
            for r in holds[:HOLDS_SHOWN]
        ]
        more = len(holds) - HOLDS_SHOWN
        out.append(render(pd.DataFrame(shown), "table").rstrip("\n"))
        if more > 0:
            out.append(f"... and {more} more (all in --format json)")
    return "\n".join(out) + "\n"
