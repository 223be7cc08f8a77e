"""Seen rounds: later players see every earlier final hand (000 gameweave, 003 classic, 001).

The round of 2-5 players solved exactly by backward induction across the seats
(:mod:`.exact.rounds`, :mod:`.exact.seat_chain`), matches to a target of round
wins (:mod:`.exact.matches`), whether the best hand so far holds up
(:mod:`.exact.holdup`, 001 without chips) and the holds that win a round
(:mod:`.exact.advice`); their simulations (:mod:`.simulation`), cross-checks
(:mod:`.checks`), report section (:mod:`.report`) and the ``match`` and ``holdup``
sub-commands (:mod:`.command`, which also answers ``round`` for seen rules).
"""

from __future__ import annotations

from pokerdice_stats.games.game import Game
from pokerdice_stats.turn.rules import RuleSet

#: The presets whose game this is.
PRESETS = ("gameweave", "classic")


def plays(rules: RuleSet, what: str) -> bool:
    """Rounds, matches and hold-up where seats see each other; sessions of pots under
    the gameweave and classic presets (their settings checked by the session itself).
    """
    if what in ("match", "holdup"):
        return True
    if what == "round":
        return rules.knowledge == "seen"
    if what == "session":
        return rules.preset in PRESETS
    return False


GAME = Game(
    name="seen",
    title="rounds where later players see the earlier hands, matches and hold-up",
    documents=(
        "Gameweave Poker Dice (000)",
        "Classic poker dice (003)",
        "Poker dice with chips, Triple Snakes (001), without the chips",
    ),
    package=__name__,
    plays=plays,
    presets=PRESETS,
    commands=("command",),
    report={"games_tables": "report"},
    checks={
        "rounds": "checks.rounds:round_checks",
        "matches": "checks.matches:match_checks",
        "holdup": "checks.holdup:holdup_checks",
    },
    entries={
        "solve": "exact.rounds:solve_round",
        "advice": "exact.advice:round_advice",
        "round_answer": "command:answer_round",
        "simulate_round": "simulation.rounds:simulate_seen_rounds",
        "round_record": "command.simulate:round_record",
        "match_record": "command.simulate:match_record",
        "session_record": "command.simulate:session_record",
    },
)
