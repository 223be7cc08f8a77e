"""The blind-game engine: solvers of games where neither player sees the other's hand.

Used by 004 banking (blind rounds) and 004 progressive (``knowledge=blind``):
double oracle and fictitious play (:mod:`.solvers`), mixtures and equilibria
(:mod:`.mixtures`, :mod:`.equilibrium`), their exact certification
(:mod:`.certification`) and the named simple strategies (:mod:`.simple_strategies`,
:mod:`.policy_names`); a blind round as an OpenSpiel game (:mod:`.openspiel_round`, what
its players observe: :mod:`.openspiel_observer`, mixtures as its policies:
:mod:`.openspiel_policy`), which the games register.
"""

from __future__ import annotations

from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.turn.hands import check_rule_set
from pokerdice_stats.turn.rules import RuleSet


def require_independent_turns(rules: RuleSet, game: str) -> None:
    """Refuse rules under which one player's turn limits the other's.

    The two-player games of 004 (banking, progressive) are solved with
    each player's turn on its own; the first player's throw limit would tie
    the second player's throws to the first's, which they do not model.

    Raises
    ------
    OptionError
        If ``rules.throw_limit`` is not ``none``.
    """
    check_rule_set(rules)
    if rules.throw_limit != "none":
        raise OptionError(
            f"{game} is solved with each player's turn on its own; "
            f"throw_limit={rules.throw_limit} is not supported there (use throw_limit=none)"
        )
