"""What ``round`` answers, seen or blind: its JSON context, its unit and its tie notes.

Both games that play rounds (:mod:`pokerdice_stats.games.seen` and
:mod:`pokerdice_stats.games.banking`) answer ``round`` with these words and keys.
"""

from __future__ import annotations

#: What ``win`` means under each tie rule (the footnote of ``round``'s table).
TIE_NOTES = {
    "roll-off": "win includes roll-offs; win_outright and tie are before any roll-off",
    "must-beat": "a later player who only ties the best hand is out, so nobody ties",
    "split": "win counts a k-way tie as 1/k of a win (the pot is shared)",
    "push": "win counts a k-way tie as 1/k of a win (a chance: the tie is a push, nobody "
    "pays, no pot)",
}

#: The unit of ``round``'s figures (its table's caption).
ROUND_UNITS = "win %, win_outright %, tie %: chances of one round, in percent"


def round_context(rules, players: int, knowledge: str, exact: bool, blind=None) -> dict:
    """The context of ``round --format json``: the same keys seen or blind.

    Parameters
    ----------
    rules : RuleSet
    players : int
    knowledge : str
        ``seen`` or ``blind``.
    exact : bool
        Whether ``win_exact`` is given.
    blind : pokerdice_stats.games.banking.exact.field.BlindRound, optional
        The blind round: its split and equilibrium figures (null when seen).

    Returns
    -------
    dict
        ``rules``, ``players``, ``knowledge``, ``ties``, ``exact``, ``unit``, ``note``,
        ``split``, ``split_exact``, ``exploitability``, ``tolerance``,
        ``winning_category``, ``winning_category_exact``.
    """
    from pokerdice_stats.ground.formats import fraction_text
    from pokerdice_stats.ground.numbers import stated

    eq = None if blind is None else blind.equilibrium
    return {
        "rules": rules.label(),
        "players": players,
        "knowledge": knowledge,
        "ties": rules.ties,
        "exact": exact,
        "unit": "chance of one round",
        "note": TIE_NOTES[rules.ties],
        "split": None if blind is None else float(blind.split),
        "split_exact": None if blind is None else fraction_text(blind.split),
        "exploitability": None if eq is None else eq.exploitability_float,
        "tolerance": None if eq is None else stated(eq.tolerance),
        "winning_category": None
        if blind is None
        else {k: float(v) for k, v in blind.winning_category.items()},
        "winning_category_exact": None
        if blind is None
        else {k: fraction_text(v) for k, v in blind.winning_category.items()},
    }


def simulated_round_record(seated, players: int) -> dict:
    """``simulate --what round``'s record of simulated rounds, seen or blind (one shape)."""
    from pokerdice_stats.engines.cli import estimate_record

    knowledge = seated.knowledge
    record: dict = {
        "players": players,
        "knowledge": knowledge,
        "n": seated.n,
        "seed": seated.seed,
    }
    record["policies"] = list(seated.policies) if knowledge == "blind" else None
    record["unit"] = "chance of winning a round (a k-way shared pot counts 1/k)"
    # exact_float: the exact solver's value, as a float, the estimate is checked against
    record["seats"] = [
        {"seat": s} | estimate_record(e) | {"exact_float": x}
        for s, (e, x) in enumerate(zip(seated.seats, seated.exact, strict=True), start=1)
    ]
    record["rounds_played_per_round"] = seated.played
    return record
