"""The states of a turn and the holds each may choose under the turn rules.

After a throw the player is in a *state*: the hand, or under ``sticky_holds``
the pair (dice set aside, hand), since a die set aside stays aside.  The
states are numbered as in :mod:`pokerdice_stats.indexing`: hand ``h`` is state
``h``; the sticky state of (aside ``a``, hand ``h``) is ``STATE_OF[a, h]``
(4,368 of them, :data:`~pokerdice_stats.indexing.N_STICKY_STATES`).

The turn rules only restrict which keeps a state may choose: at most
``max_rethrow`` dice thrown again (at least ``5 - max_rethrow`` kept), and
under sticky holds every die set aside kept.  :func:`state_options` lists them
for every state at once (what the dynamic program reads);
:func:`allowed_subkeeps` for one hand; :func:`parse_aside` reads the dice set
aside from text and refuses a state a turn cannot reach.
"""

from __future__ import annotations

import functools

import numpy as np

from pokerdice_stats import indexing as ix
from pokerdice_stats.dice import parse_keep
from pokerdice_stats.errors import OptionError
from pokerdice_stats.rules import RuleSet


def n_states(sticky: bool) -> int:
    """States after a throw: 252 hands, or 4,368 (aside, hand) states under sticky holds."""
    return ix.N_STICKY_STATES if sticky else ix.N_HANDS


def first_states(sticky: bool) -> np.ndarray:
    """(252,) int64: the state of each hand straight after the first throw."""
    return ix.FIRST_STICKY_STATES if sticky else np.arange(ix.N_HANDS, dtype=np.int64)


def keep_allowed(rules: RuleSet) -> np.ndarray:
    """(462,) bool: keeps the turn rules allow before throwing again."""
    return ix.KEEP_SIZE >= ix.N_DICE - rules.max_rethrow


def allowed_subkeeps(rules: RuleSet, hand: int, aside: int | None = None) -> list[int]:
    """The keeps (other than standing) a hand may choose, in canonical order.

    Parameters
    ----------
    rules : RuleSet
    hand : int
        Hand index.
    aside : int, optional
        Keep index of the dice set aside (sticky holds only; None: nothing).
    """
    allowed = keep_allowed(rules)
    subkeeps = ix.SUBKEEPS.col[ix.SUBKEEPS.ptr[hand] + 1 : ix.SUBKEEPS.ptr[hand + 1]]
    result = []
    for k in subkeeps:
        if not allowed[k]:
            continue
        if (
            rules.sticky_holds
            and aside is not None
            and (ix.KEEP_COUNTS[k] < ix.KEEP_COUNTS[aside]).any()
        ):
            continue
        result.append(int(k))
    return result


@functools.lru_cache(maxsize=32)
def state_options(sticky: bool, max_rethrow: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The keeps each state may choose besides standing, for a turn rule.

    Returns
    -------
    state_hand : (S,) int64
        Hand of each state (S = 252 hands, or 4368 (aside, hand) states when sticky).
    opt_ptr, opt_keep : int64 arrays
        CSR: the keeps of state ``s`` are ``opt_keep[opt_ptr[s]:opt_ptr[s + 1]]``,
        in canonical order, at most ``max_rethrow`` dice thrown and (sticky)
        every die set aside kept.
    """
    allowed = ix.KEEP_SIZE >= ix.N_DICE - max_rethrow
    state_hand = ix.STICKY_STATE_HAND if sticky else np.arange(ix.N_HANDS, dtype=np.int64)
    aside = ix.STICKY_STATE_ASIDE if sticky else np.zeros(ix.N_HANDS, dtype=np.int64)
    counts = ix.KEEP_COUNTS_INT64
    pieces = []
    sizes = np.empty(len(state_hand), dtype=np.int64)
    for s, (h, a) in enumerate(zip(state_hand, aside, strict=True)):
        subs = ix.SUBKEEPS.col[ix.SUBKEEPS.ptr[h] + 1 : ix.SUBKEEPS.ptr[h + 1]]
        keep = allowed[subs]
        if sticky and a != ix.EMPTY_KEEP:
            keep &= (counts[subs] >= counts[a]).all(axis=1)
        pieces.append(subs[keep])
        sizes[s] = len(pieces[-1])
    opt_ptr = np.concatenate(([0], np.cumsum(sizes))).astype(np.int64)
    opt_keep = np.concatenate(pieces).astype(np.int64)
    for array in (state_hand, opt_ptr, opt_keep):
        array.setflags(write=False)
    return state_hand, opt_ptr, opt_keep


def parse_aside(text: str | None, rules: RuleSet, throws_left: int | None = None) -> int | None:
    """Keep index of the dice already set aside (sticky holds), or None.

    Parameters
    ----------
    text : str or None
        The dice set aside, e.g. ``"K K"`` (None: not given).
    rules : RuleSet
    throws_left : int, optional
        Throws still to come in a turn of ``rules.throws``; when given, the
        dice set aside must be a state the turn can reach: nothing straight
        after the first throw (``throws_left == rules.throws - 1``), and after
        a re-throw 1 to 4 dice, at least ``5 - rules.max_rethrow`` of them.

    Returns
    -------
    int or None
        None when ``text`` is None and nothing set aside is possible.

    Raises
    ------
    OptionError
        For dice set aside without sticky holds, or a state the turn cannot reach.
    DiceError
        For dice that cannot be read.
    """
    if text is None:
        if rules.sticky_holds and throws_left is not None:
            _check_aside_reachable(0, rules, throws_left)
        return None
    if not rules.sticky_holds:
        raise OptionError("dice set aside only matter with sticky_holds=true")
    aside = parse_keep(text, rules)
    if throws_left is not None:
        _check_aside_reachable(int(ix.KEEP_SIZE[aside]), rules, throws_left)
    return aside


def _check_aside_reachable(size: int, rules: RuleSet, throws_left: int) -> None:
    """Refuse ``size`` dice set aside with ``throws_left`` throws to come, if unreachable."""
    after_first = throws_left >= rules.throws - 1
    if after_first:
        if size:
            raise OptionError(
                f"nothing is set aside yet straight after the first throw ({throws_left} "
                f"throw{'' if throws_left == 1 else 's'} left of {rules.throws})"
            )
        return
    if size > ix.N_DICE - 1:
        raise OptionError("at most 4 dice can be set aside: a re-throw throws at least one")
    least = ix.N_DICE - rules.max_rethrow
    if size < least:
        raise OptionError(
            f"after a re-throw at least {least} dice are set aside under "
            f"max_rethrow={rules.max_rethrow}, got {size}"
            + ("" if size else " (give the dice set aside)")
        )
