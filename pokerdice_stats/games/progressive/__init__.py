"""004 progressive poker dice: the player against the computer, paid by a schedule.

The payout schedule as data and its files (:mod:`.exact.schedule`,
:mod:`.exact.schedule_files`), the player's expected payout against each computer
policy, seen or blind (:mod:`.exact.payout`, :mod:`.exact.payout_result`), where it
comes from cell by cell (:mod:`.exact.breakdown`), the pay that hits a target
(:mod:`.exact.fair_pay`), the bank over a session (:mod:`.exact.bank`) and the holds
against a known computer hand (:mod:`.exact.advice`); simulated sessions
(:mod:`.simulation`), cross-checks (:mod:`.checks`), report sections (:mod:`.report`)
and the ``payout`` sub-command (:mod:`.command`); the game played blind as an OpenSpiel
game (:mod:`.openspiel_game`, its equilibrium as a policy: :mod:`.openspiel_policy`).
"""

from __future__ import annotations

from pokerdice_stats.games.game import Game, forward_old_names
from pokerdice_stats.turn.rules import RuleSet

#: The presets whose game this is.
PRESETS = ("progressive",)


def plays(rules: RuleSet, what: str) -> bool:
    """The payout under ``ties=push`` (the same category is a push), and the sessions of
    the progressive preset (its settings checked by the session itself)."""
    if what == "session":
        return rules.preset in PRESETS
    return what == "payout" and rules.ties == "push"


GAME = Game(
    name="progressive",
    title="004 progressive poker dice against the computer",
    documents=("Progressive Poker Dice (004)",),
    package=__name__,
    plays=plays,
    presets=PRESETS,
    commands=("command",),
    report={"progressive": "report.payout", "progressive_bankrolls": "report.bankrolls"},
    checks={
        "progressive": "checks:progressive_checks",
        "progressive-sessions": "checks:progressive_session_checks",
    },
    entries={
        "solve": "exact.payout:expected_payout",
        "advice": "exact.advice:progressive_advice",
        "session_record": "command.simulate:session_record",
    },
)

#: Names of the module this package was before its folder (deprecated: import them from
#: :mod:`.exact.payout`).
__getattr__ = forward_old_names(__name__, "exact.payout")
