"""004 banking: blind rounds of 2-5 seats, their symmetric equilibria, and sessions.

Nobody sees another's hand. Each seat's chances against a field of blind seats
(:mod:`.exact.rounds`, :mod:`.exact.field_values`), the symmetric equilibrium for
each number of seats (:mod:`.exact.field`; two seats: :mod:`.exact.two_seats`), its
pure strategies as hold tables (:mod:`.exact.strategy_tables`) and exact two-seat
sessions (:mod:`.exact.sessions`); the simulated rounds and sessions
(:mod:`.simulation`), cross-checks (:mod:`.checks`), report sections (:mod:`.report`)
and the ``banking`` sub-command (:mod:`.command`, which also answers ``round`` for
blind rules); the round as an OpenSpiel game (:mod:`.openspiel_game`; the equilibria as
its policies: :mod:`.openspiel_policy`).
The solvers of blind games are the engine :mod:`pokerdice_stats.engines.blind`.
"""

from __future__ import annotations

from pokerdice_stats.games.game import Game, forward_old_names
from pokerdice_stats.turn.rules import RuleSet

#: The presets whose game this is.
PRESETS = ("banking",)


def plays(rules: RuleSet, what: str) -> bool:
    """Blind rounds, and the sessions of the banking preset (its settings checked by the
    session itself)."""
    if what == "round":
        return rules.knowledge == "blind"
    if what == "session":
        return rules.preset in PRESETS
    return False


GAME = Game(
    name="banking",
    title="004 banking: blind rounds of 2-5 seats, equilibria and sessions",
    documents=("Banking poker dice (004)",),
    package=__name__,
    plays=plays,
    presets=PRESETS,
    commands=("command",),
    report={"banking_tables": "report.rounds", "banking_sessions": "report.sessions"},
    checks={
        "blind": "checks.rounds:blind_checks",
        "banking-sessions": "checks.sessions:banking_session_checks",
    },
    entries={
        "solve": "exact.field:solve_field",
        "round_answer": "command:answer_round",
        "simulate_round": "simulation.rounds:simulate_blind_rounds",
        "round_record": "command.simulate:round_record",
        "session_record": "command.simulate:session_record",
    },
)

#: Names of the module this package was before its folder (deprecated: import them from
#: :mod:`.exact.two_seats`).
__getattr__ = forward_old_names(__name__, "exact.two_seats")
