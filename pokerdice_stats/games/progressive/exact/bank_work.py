"""How much work a bank program may do: a budget checked round by round.

The bank programs (:mod:`~pokerdice_stats.games.progressive.exact.bank`,
:mod:`~pokerdice_stats.games.progressive.exact.bank_lattice`) spend, a round,
one multiply-add per playing bank and outcome.  Their rows of banks only grow
or stay (ruin and the cuts trim them a little), so after round ``r`` the work
still to come is at least the rounds left times the work of this round.  When
the work done plus that floor passes :data:`WORK_BUDGET` (about a minute), the
session is refused at once, naming ``--rounds`` and ``--start`` and how many
rounds would fit: a refusal comes early for a session far past the budget, and
no session runs much over a minute.

Examples
--------
>>> budget = WorkBudget(rounds=10, start=10_000)
>>> budget.spend(1, 100)  # round 1 of 10: 100 banks a round, far below the budget
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from pokerdice_stats.ground.errors import LimitError
from pokerdice_stats.ground.speaker import option

#: The most multiply-adds (banks times outcomes, summed over the rounds) a session may
#: take: about a minute of the float program (``--rounds 10000`` from the default start
#: takes about a third of it).
WORK_BUDGET = 60_000_000_000
#: The same for the two-index program of fractional pays, whose kernel runs row by row in
#: cache, about twice as fast (``payout --schedule fair.csv --rounds 1000``: 6.3e10, a minute).
LATTICE_BUDGET = 2 * WORK_BUDGET


@dataclass
class WorkBudget:
    """The work of one session's bank program, checked after every round.

    Attributes
    ----------
    rounds, start : int
        The session (``--rounds``, ``--start``), named in a refusal.
    done : int
        Multiply-adds so far.
    lattice : bool
        The two-index program (:data:`LATTICE_BUDGET`) rather than the one-index one.
    """

    rounds: int
    start: int
    done: int = 0
    lattice: bool = False

    def spend(self, played: int, work: int) -> None:
        """Count round ``played`` (1-based), ``work`` multiply-adds; refuse past the budget.

        Raises
        ------
        LimitError
            When the work done plus ``work`` for each round left passes :data:`WORK_BUDGET`.
        """
        most = LATTICE_BUDGET if self.lattice else WORK_BUDGET
        self.done += work
        if self.done + (self.rounds - played) * work <= most:
            return
        # the rows grow about as the square root of the rounds: work ~ c * rounds**1.5
        fit = int((most * 1.5 * played**0.5 / max(work, 1)) ** (2 / 3))
        fit = max(min(fit, self.rounds - 1), played)
        raise LimitError(
            f"the bank after {option('rounds')} {self.rounds:,} from {option('start')} "
            f"{self.start:,} would take "
            f"about {self._estimate(played, work):.1e} multiply-adds (its banks and this "
            f"round's outcomes, a round), more than the {most:.0e} (about a minute) "
            f"the bank program takes: from this start about {_round_down(fit):,} rounds fit; "
            "a start nearer the ruin line also keeps the rows of banks short"
        )

    def _estimate(self, played: int, work: int) -> float:
        """The whole session's work, extrapolated from round ``played``."""
        per = work / math.sqrt(played)
        return self.done + per * (2 / 3) * (self.rounds**1.5 - played**1.5)


def _round_down(rounds: int) -> int:
    """Rounds, down to two significant figures (an estimate)."""
    if rounds < 100:
        return rounds
    scale = 10 ** (len(str(rounds)) - 2)
    return rounds // scale * scale
