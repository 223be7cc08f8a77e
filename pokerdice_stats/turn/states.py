"""The states of a turn and the holds each may choose under the turn rules.

After a throw the player is in a *state*, of one of three kinds
(:func:`state_kind`):

- ``hand``: the hand alone (252 states);
- ``aside`` (``sticky_holds``): the pair (dice set aside ``a``, hand), since a
  die set aside stays aside;
- ``original`` (``max_rethrow_scope=turn`` with ``max_rethrow`` below 5, not
  sticky): the pair (dice of the first throw still untouched ``O``, hand).  At
  most ``max_rethrow`` dice of the first throw are ever thrown again, so a keep
  ``K`` is allowed when ``|O ∩ K| >= 5 - max_rethrow`` (of the dice of one face
  the originals are kept first), and the next state's ``O`` is ``O ∩ K``.
  Straight after the first throw ``O`` is the whole hand.

Both pair kinds are numbered as in :mod:`pokerdice_stats.ground.indexing`: the state of
(``a``, ``h``) is ``STATE_OF[a, h]`` (4,368 of them,
:data:`~pokerdice_stats.ground.indexing.N_STICKY_STATES`); hand ``h`` is state ``h``.
Under sticky holds the dice set aside are always untouched first-throw dice
and every keep contains them, so the turn scope changes nothing there; with
``max_rethrow=5`` neither scope restricts anything.

The turn rules only restrict which keeps a state may choose.
:func:`state_options` lists them for every state at once (what the dynamic
program reads); :func:`allowed_subkeeps` for one state; :func:`parse_aside`
reads the dice set aside from text and refuses a state a turn cannot reach.

Under ``original`` the value of a keep depends on the untouched dice it
carries on, so the program values *carried keeps* ``(A, K)`` (``A`` the
untouched dice within ``K``, :func:`carried_keeps`) instead of keeps.
"""

from __future__ import annotations

import functools

import numpy as np

from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.ground.errors import OptionError
from pokerdice_stats.turn.dice import format_counts, parse_keep
from pokerdice_stats.turn.rules import RuleSet

#: The kinds of state (see the module docstring).
STATE_KINDS = ("hand", "aside", "original")


def state_kind(rules: RuleSet) -> str:
    """``hand``, ``aside`` (sticky holds) or ``original`` (turn-scoped ``max_rethrow``)."""
    if rules.sticky_holds:
        return "aside"
    if rules.max_rethrow < ix.N_DICE and rules.max_rethrow_scope == "turn":
        return "original"
    return "hand"


#: The integer code of each state kind, as the simulation kernels take it.
STATE_CODES = {"hand": 0, "aside": 1, "original": 2}


def state_code(rules: RuleSet) -> int:
    """:data:`STATE_CODES` of the rules' state kind (what the simulation kernels read)."""
    return STATE_CODES[state_kind(rules)]


def _kind(kind: bool | str) -> str:
    """A state kind from a kind name or the older ``sticky`` flag."""
    if isinstance(kind, str):
        return kind
    return "aside" if kind else "hand"


def n_states(kind: bool | str) -> int:
    """States after a throw: 252 hands, or 4,368 (dice, hand) pairs.

    ``kind`` is a :data:`STATE_KINDS` name (or a bool: sticky holds or not).
    """
    return ix.N_HANDS if _kind(kind) == "hand" else ix.N_STICKY_STATES


def first_states(kind: bool | str) -> np.ndarray:
    """(252,) int64: the state of each hand straight after the first throw."""
    kind = _kind(kind)
    if kind == "aside":
        return ix.FIRST_STICKY_STATES
    if kind == "original":
        return _first_original_states()
    return np.arange(ix.N_HANDS, dtype=np.int64)


@functools.cache
def _first_original_states() -> np.ndarray:
    states = ix.STATE_OF[ix.HAND_KEEP_INT64, np.arange(ix.N_HANDS)].astype(np.int64)
    states.setflags(write=False)
    return states


def keep_allowed(rules: RuleSet) -> np.ndarray:
    """(462,) bool: keeps allowed by their size alone (at least ``5 - max_rethrow`` dice).

    Under ``original`` states this is necessary, not sufficient: see
    :func:`allowed_subkeeps`.
    """
    return ix.KEEP_SIZE >= ix.N_DICE - rules.max_rethrow


@functools.cache
def keep_intersection() -> np.ndarray:
    """(462, 462) int64: the keep of the dice two keeps share (multiset intersection)."""
    counts = ix.KEEP_COUNTS_INT64
    common = np.minimum(counts[:, None, :], counts[None, :, :])
    codes = (common * ix.N_FACES ** np.arange(ix.N_FACES)).sum(axis=-1)
    out = ix.COUNTS_TO_KEEP[codes].astype(np.int64)
    out.setflags(write=False)
    return out


def check_rethrow(rules: RuleSet, untouched: int | None, keep: int) -> None:
    """Refuse a keep that throws more dice again than ``rules.max_rethrow`` allows.

    Parameters
    ----------
    rules : RuleSet
    untouched : int or None
        None: the limit counts one throw (the keep must hold ``5 - max_rethrow`` dice or
        more).  A keep index: the first-throw dice still untouched before the keep (a
        turn-scoped limit: as many must stay untouched, inside the keep).
    keep : int
        The keep index.

    Raises
    ------
    OptionError
        Naming the dice and the limit.
    """
    least = ix.N_DICE - rules.max_rethrow
    if least <= 0:
        return

    def dice(k: int) -> str:
        return format_counts(ix.KEEP_COUNTS[k], rules) or "nothing"

    if untouched is None:
        if ix.KEEP_SIZE[keep] < least:
            raise OptionError(
                f"keeping {dice(keep)} throws {ix.N_DICE - int(ix.KEEP_SIZE[keep])} dice "
                f"again; the rules allow {rules.max_rethrow} at most (max_rethrow)"
            )
        return
    if ix.KEEP_SIZE[untouched] < least:
        raise OptionError(
            f"untouched dice {dice(untouched)}: a turn under max_rethrow={rules.max_rethrow} "
            f"leaves {least} or more first-throw dice untouched"
        )
    if ix.KEEP_SIZE[keep_intersection()[untouched, keep]] < least:
        raise OptionError(
            f"keeping {dice(keep)} from the untouched {dice(untouched)} would throw more than "
            f"{rules.max_rethrow} of the first throw's dice in the turn (max_rethrow)"
        )


@functools.cache
def carried_keeps() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Every carried keep ``(A, K)``: keep ``K`` (fewer than 5 dice) carrying the
    untouched dice ``A``, a sub-multiset of ``K``.

    Returns
    -------
    pair_of : (462, 462) int64
        ``pair_of[A, K]``: index of the carried keep, -1 where ``A`` is not in ``K``.
    pair_keep : (P,) int64
        The keep ``K`` of each carried keep.
    ptr, state : int64 arrays
        CSR over the carried keeps: ``state[ptr[j]:ptr[j + 1]]`` are the
        states ``(A, h')`` reached by throwing the dice not in ``K``, with the
        ways of ``REROLL``'s row of ``K`` (:func:`carried_ways`).
    """
    counts = ix.KEEP_COUNTS_INT64
    pair_of = np.full((ix.N_KEEPS, ix.N_KEEPS), -1, dtype=np.int64)
    keeps: list[int] = []
    asides: list[int] = []
    for k in range(ix.N_KEEPS):
        if int(ix.KEEP_SIZE[k]) == ix.N_DICE:
            continue
        for a in np.flatnonzero((counts <= counts[k]).all(axis=1)):
            pair_of[a, k] = len(keeps)
            keeps.append(int(k))
            asides.append(int(a))
    pair_keep = np.array(keeps, dtype=np.int64)
    ptr: list[int] = [0]
    states = []
    for aside, keep in zip(asides, keeps, strict=True):
        hands = ix.REROLL.col[ix.REROLL.ptr[keep] : ix.REROLL.ptr[keep + 1]]
        states.append(ix.STATE_OF[aside, hands])
        ptr.append(int(ptr[-1] + len(hands)))
    state = np.concatenate(states).astype(np.int64)
    out = (pair_of, pair_keep, np.array(ptr, dtype=np.int64), state)
    for array in out:
        array.setflags(write=False)
    return out


@functools.cache
def carried_ways() -> np.ndarray:
    """The ways of each entry of :func:`carried_keeps`' CSR (those of the keep's reroll)."""
    pair_keep = carried_keeps()[1]
    assert ix.REROLL.val is not None
    ways = np.concatenate(
        [ix.REROLL.val[ix.REROLL.ptr[k] : ix.REROLL.ptr[k + 1]] for k in pair_keep]
    ).astype(ix.REROLL.val.dtype)
    ways.setflags(write=False)
    return ways


def carried_keep(untouched: int, keep: int) -> int:
    """Index of the carried keep of ``keep`` from a state whose untouched dice are ``untouched``."""
    pair_of = carried_keeps()[0]
    return int(pair_of[keep_intersection()[untouched, keep], keep])


def allowed_subkeeps(rules: RuleSet, hand: int, aside: int | None = None) -> list[int]:
    """The keeps (other than standing) a state may choose, in canonical order.

    Parameters
    ----------
    rules : RuleSet
    hand : int
        Hand index.
    aside : int, optional
        Keep index of the dice set aside (``aside`` states; None: nothing), or
        of the first-throw dice still untouched (``original`` states; None:
        the whole hand, as straight after the first throw).
    """
    kind = state_kind(rules)
    allowed = keep_allowed(rules)
    subkeeps = ix.SUBKEEPS.col[ix.SUBKEEPS.ptr[hand] + 1 : ix.SUBKEEPS.ptr[hand + 1]]
    if kind == "original":
        untouched = int(ix.HAND_KEEP[hand]) if aside is None else aside
        least = ix.N_DICE - rules.max_rethrow
        common = keep_intersection()[untouched]
        return [int(k) for k in subkeeps if ix.KEEP_SIZE[common[k]] >= least]
    result = []
    for k in subkeeps:
        if not allowed[k]:
            continue
        if (
            kind == "aside"
            and aside is not None
            and (ix.KEEP_COUNTS[k] < ix.KEEP_COUNTS[aside]).any()
        ):
            continue
        result.append(int(k))
    return result


@functools.lru_cache(maxsize=32)
def state_options(kind: bool | str, max_rethrow: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The keeps each state may choose besides standing, for a turn rule.

    Parameters
    ----------
    kind : str or bool
        A :data:`STATE_KINDS` name (or the older flag: sticky holds or not).
    max_rethrow : int

    Returns
    -------
    state_hand : (S,) int64
        Hand of each state (S = 252 hands, or 4368 pair states).
    opt_ptr, opt_keep : int64 arrays
        CSR: the options of state ``s`` are ``opt_keep[opt_ptr[s]:opt_ptr[s + 1]]``,
        in canonical order of their keeps: keep indices (``hand``, ``aside``:
        at most ``max_rethrow`` dice thrown, every die set aside kept), or under
        ``original`` carried-keep indices (:func:`carried_keeps`) of the keeps
        that leave at least ``5 - max_rethrow`` first-throw dice untouched.
    """
    kind = _kind(kind)
    pairs = kind != "hand"
    allowed = ix.KEEP_SIZE >= ix.N_DICE - max_rethrow
    state_hand = ix.STICKY_STATE_HAND if pairs else np.arange(ix.N_HANDS, dtype=np.int64)
    aside = ix.STICKY_STATE_ASIDE if pairs else np.zeros(ix.N_HANDS, dtype=np.int64)
    counts = ix.KEEP_COUNTS_INT64
    if kind == "original":
        common = keep_intersection()
        pair_of = carried_keeps()[0]
    pieces = []
    sizes = np.empty(len(state_hand), dtype=np.int64)
    for s, (h, a) in enumerate(zip(state_hand, aside, strict=True)):
        subs = ix.SUBKEEPS.col[ix.SUBKEEPS.ptr[h] + 1 : ix.SUBKEEPS.ptr[h + 1]]
        if kind == "original":
            carried = common[a, subs]
            ok = ix.KEEP_SIZE[carried] >= ix.N_DICE - max_rethrow
            pieces.append(pair_of[carried[ok], subs[ok]])
        else:
            keep = allowed[subs]
            if kind == "aside" and a != ix.EMPTY_KEEP:
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
                f"nothing is set aside yet right after the first throw ({throws_left} "
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
