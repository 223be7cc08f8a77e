"""The names of the progressive game's policies and knowledge, importable at no cost.

The command line lists these choices in its help while building its parser,
before it knows which command runs; importing :mod:`pokerdice_stats.games.progressive.exact.payout`
there would load the solvers (and numba) for every command.
"""

from __future__ import annotations

from pokerdice_stats.ground.arguments import checked_text

#: The named simple strategies, in the order tables list them.
SIMPLE_STRATEGIES = ("stand", "largest-set", "at-least-three", "max-category")
#: Computer policies, ``optimal`` first.
COMPUTER_POLICIES = ("optimal", *SIMPLE_STRATEGIES)
#: Who sees what: ``seen`` (the player sees the computer's final hand) or ``blind``.
KNOWLEDGE = ("seen", "blind")
#: A session's starting bank in points.
STARTING_BANK = 10_000

#: The named policies of one turn (``simulate --what turn``, a seen round).
TURN_POLICIES = ("optimal", "stand", "largest-set", "chase-straights")
#: The named policies of a blind seat (``simulate`` of a blind round or banking session).
BLIND_POLICIES = (*TURN_POLICIES, "at-least-three", "max-category")
#: Other names accepted for a policy. The project's name for the best play a game
#: admits is ``optimal`` (design.md, 004's computer policy); under blind rules that
#: play is the symmetric equilibrium, so ``equilibrium`` names it too.
POLICY_ALIASES = {"equilibrium": "optimal"}
#: The aliases in words, for the help of every option that takes a policy.
ALIAS_NOTE = "; equilibrium is another name of optimal"


def canonical_policy(name: str) -> str:
    """``name``, or the policy it is another name of (``equilibrium`` -> ``optimal``).

    Parameters
    ----------
    name : str
        A policy name as typed; case and blanks around it are ignored for an alias.

    Returns
    -------
    str
        ``optimal`` for an alias of it, else ``name`` unchanged (the solvers
        refuse unknown names with their list).
    """
    key = checked_text(name, "the policy").strip().lower()
    return POLICY_ALIASES.get(key, name)


def canonical_policies(text: str) -> str:
    """A comma-separated list of policies (``simulate --policy``), each alias replaced."""
    return ",".join(canonical_policy(part) for part in text.split(","))
