"""001 betting (Triple Snakes with chips): ante, check or raise, meet or fold; exact.

The round solved by backward induction over public states (:mod:`.exact.solve`,
:mod:`.exact.induction`), each decision on demand (:mod:`.exact.decisions`), what
simple habits cost (:mod:`.exact.habits`); sessions of solved rounds
(:mod:`.simulation`), their cross-check (:mod:`.checks`), report sections
(:mod:`.report`) and the ``betting`` sub-command (:mod:`.command`).

Declared exception to the games' independence: a betting round is a seen round with
chips, so this game builds on :mod:`pokerdice_stats.games.seen` (its seat chain and
hold-up chances).
"""

from __future__ import annotations

from pokerdice_stats.games.game import Game, forward_old_names
from pokerdice_stats.turn.rules import RuleSet

#: The presets whose game this is.
PRESETS = ("triple-snakes",)


def plays(rules: RuleSet, what: str) -> bool:
    """The betting round (any seen rules), and the sessions of the triple-snakes preset.

    001's session needs ``ties=must-beat`` (each player must beat the best hand so far),
    play in the open and no throw limit; the session refuses other settings with the
    betting round's reasons (it never plays another game's session instead).
    """
    if what == "betting":
        return True
    if what == "session":
        return rules.preset in PRESETS
    return False


GAME = Game(
    name="betting",
    title="001 betting: ante, check or raise, meet or fold",
    documents=("Poker dice with chips, Triple Snakes (001)",),
    package=__name__,
    plays=plays,
    presets=PRESETS,
    commands=("command",),
    report={
        "betting_tables": "report.round",
        "betting_sessions": "report.sessions",
        "betting_as_written": "report.table",
    },
    checks={"betting-sessions": "checks:betting_session_checks"},
    entries={
        "solve": "exact.solve:solve_betting",
        "session_record": "command.simulate:session_record",
    },
)

#: Names of the module this package was before its folder (deprecated: import them from
#: :mod:`.exact.solve`).
__getattr__ = forward_old_names(__name__, "exact.solve")
