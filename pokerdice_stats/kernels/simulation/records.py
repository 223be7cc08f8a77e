"""The named records the simulation kernels take: inputs (tables, rules) and tallies (outputs).

Each record is a :class:`typing.NamedTuple` of arrays and scalars, a type numba
compiles in nopython mode: kernels read the fields by name (``game.strength``),
never by position.  Tallies hold the kernels' accumulators (arrays the kernel
adds to); the chunk runner sums them field by field (fields whose names start
with ``each_`` hold one row per sample and are concatenated).  Importing this
module does not import numba.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

# ----------------------------------------------------------------------------
# Inputs.


class DiceTables(NamedTuple):
    """The lookup tables a turn throws dice with (built by
    :func:`pokerdice_stats.engines.simulation.dice_tables.dice_tables`).

    - ``state_of`` (462, 252): state of a (keep, hand) pair (dice set aside, or
      first-throw dice untouched), -1 where impossible;
    - ``keep_intersection`` (462, 462): the keep of the dice two keeps share;
    - ``hand_keep`` (252,), ``keep_size`` (462,): as in :mod:`pokerdice_stats.ground.indexing`;
    - ``keep_code`` (462,): count code ``sum(count[r] * 6**r)`` of each keep;
    - ``thrown_cc`` (6, 7776): count code of the ``m`` dice whose base-6 digits are ``c``
      (entries ``c >= 6**m`` unused);
    - ``cc_to_hand`` (46656,): hand of a five-dice count code, -1 elsewhere;
    - ``pow6`` (6,): ``6**m``; ``thresholds`` (6,) uint64: ``2**32 % 6**m`` (Lemire);
    - ``keep_hand`` (23,112,) int16: the hand of keep ``k`` and thrown dice ``c``
      (``cc_to_hand[keep_code[k] + thrown_cc[m, c]]``) at ``keep_offset[k] + c``, the
      keeps in index order (so the empty keep's, the first throw's, come first);
      ``keep_draws`` (462,): ``6**m`` for the ``m`` dice a keep throws;
      ``keep_thresholds`` (462,) uint64: ``2**32 % 6**m``.  One small table (46 KB)
      in place of three look-ups over 280 KB.
    """

    state_of: np.ndarray
    keep_intersection: np.ndarray
    hand_keep: np.ndarray
    keep_size: np.ndarray
    keep_code: np.ndarray
    thrown_cc: np.ndarray
    cc_to_hand: np.ndarray
    pow6: np.ndarray
    thresholds: np.ndarray
    keep_offset: np.ndarray
    keep_hand: np.ndarray
    keep_draws: np.ndarray
    keep_thresholds: np.ndarray


class TurnGame(NamedTuple):
    """Turns under one policy: ``best[policy]`` tables, ``throws_left`` after the first."""

    best: np.ndarray  # (P, T - 1, S) int16 best-keep tables
    policy: int
    throws_left: int
    states: int  # state kind: 0 hands, 1 (aside, hand), 2 (untouched, hand)
    dice: DiceTables


class RoundGame(NamedTuple):
    """A round in which later seats see the earlier final hands (see
    :func:`pokerdice_stats.kernels.simulation.rounds.play_round_from`)."""

    best: np.ndarray  # (P, T - 1, S) int16 stacked best-keep tables
    lookup: np.ndarray  # policy index of each situation, -1 where none
    strength: np.ndarray  # (252,) int64
    tie_rule: int  # a TIE_* code of kernels.codes
    throw_limit: bool  # the first player's throws limit the others'
    throws: int
    states: int  # state kind: 0 hands, 1 (aside, hand), 2 (untouched, hand)
    dice: DiceTables


class BlindGame(NamedTuple):
    """A blind round: each seat draws a pure strategy from its mixture (see
    :func:`pokerdice_stats.kernels.simulation.blind_rounds.draw_policy`)."""

    best: np.ndarray  # (P, T - 1, S) int16 stacked best-keep tables
    seat_ptr: np.ndarray  # (N + 1,) int64
    seat_policy: np.ndarray  # int64 index into best
    seat_cdf: np.ndarray  # uint64 cumulative weights in units of 2**-53
    strength: np.ndarray  # (252,) int64
    tie_rule: int
    throws: int
    states: int  # state kind: 0 hands, 1 (aside, hand), 2 (untouched, hand)
    dice: DiceTables


class MatchFormat(NamedTuple):
    """A match: ``players``, the ``target`` of round wins, the ``starter`` code."""

    players: int
    target: int
    starter: int  # a STARTER_* code of kernels.codes


class PotSession(NamedTuple):
    """A session of ``rounds`` rounds in which each of ``players`` antes ``ante``."""

    players: int
    rounds: int
    ante: int
    starter: int  # a STARTER_* code of kernels.codes


class Holder(NamedTuple):
    """A round in progress: seat 1 of ``players`` holds ``hand``, taken in ``throws_used``."""

    players: int
    hand: int
    throws_used: int


class ProgressiveSession(NamedTuple):
    """A progressive session: ``rounds`` rounds from ``start_bank``; banks recorded every
    ``record_every`` rounds (at least 1).  A bank that can no longer cover the
    largest loss of a round, ``floor``, is ruined: the player's when it falls
    below ``floor``, the computer's (``ceiling - `` the player's bank; ``ceiling``
    0: the computer is never ruined) likewise; the session stops there."""

    rounds: int
    start_bank: int
    ceiling: int
    record_every: int
    floor: int = 1


class BankingSession(NamedTuple):
    """A blind banking session (004) of ``players`` seats and at most ``rounds``
    rounds; every bank starts at ``start``, every seat still in antes ``ante``
    (both in ``SHARE_UNIT`` units of a point); banks recorded every
    ``record_every`` rounds (0: no paths)."""

    players: int
    rounds: int
    start: int
    ante: int
    record_every: int


class ProgressiveGame(NamedTuple):
    """The computer's table, the player's answers and the payout of a progressive round."""

    computer: np.ndarray  # (1, T - 1, S) the computer's best-keep table
    player: np.ndarray  # (G, T - 1, S) the player's tables
    column: np.ndarray  # (252,) the player's table for each computer final hand
    payout: np.ndarray  # (252, 252) what the player receives (player hand, computer hand)
    pay_index: np.ndarray  # (252, 252) which of the round's distinct payouts that is
    throws: int
    states: int  # state kind: 0 hands, 1 (aside, hand), 2 (untouched, hand)
    dice: DiceTables


# ----------------------------------------------------------------------------
# Tallies (outputs the kernels add to).


class TurnTally(NamedTuple):
    """``final_hands[h]``: turns ending on hand ``h``; ``throws_used[t]``: turns of ``t`` throws."""

    final_hands: np.ndarray
    throws_used: np.ndarray


class RoundTally(NamedTuple):
    """Each seat's share of the win (in :data:`~pokerdice_stats.kernels.codes.SHARE_UNIT`
    units) and its square, the rounds it won alone, wins by last thrower
    (``last_thrower[winner, last]``), sub-rounds played (roll-offs included) and
    rounds whose policy lookup failed (always 0 unless the tables are wrong)."""

    share: np.ndarray  # (N,)
    share_sq: np.ndarray  # (N,)
    outright: np.ndarray  # (N,)
    last_thrower: np.ndarray  # (N, N)
    subrounds: np.ndarray  # (1,)
    no_policy: np.ndarray  # (1,)


class BlindTally(NamedTuple):
    """As :class:`RoundTally`, with each seat's final hands of the first (sub-)round."""

    share: np.ndarray  # (N,)
    share_sq: np.ndarray  # (N,)
    outright: np.ndarray  # (N,)
    final_hands: np.ndarray  # (N, 252)
    subrounds: np.ndarray  # (1,)


class MatchTally(NamedTuple):
    """Match wins per player; the sum and sum of squares of the rounds a match took."""

    wins: np.ndarray  # (N,)
    rounds_sum: np.ndarray  # (1,)
    rounds_sum_sq: np.ndarray  # (1,)
    subrounds: np.ndarray  # (1,)
    no_policy: np.ndarray  # (1,)


class PotTally(NamedTuple):
    """Each player's net chips after a session (in ``SHARE_UNIT`` units of the ante), squared."""

    net: np.ndarray  # (N,)
    net_sq: np.ndarray  # (N,)
    subrounds: np.ndarray  # (1,)
    no_policy: np.ndarray  # (1,)


class ShareTally(NamedTuple):
    """Each seat's share of the pot (``SHARE_UNIT`` units) and its square."""

    share: np.ndarray  # (N,)
    share_sq: np.ndarray  # (N,)
    subrounds: np.ndarray  # (1,)
    no_policy: np.ndarray  # (1,)


class ProgressiveTally(NamedTuple):
    """Per session (``each_*``, one row a session) and summed over the rounds played."""

    each_bank: np.ndarray  # (n,) the bank after the session
    each_broke_at: np.ndarray  # (n,) round the player went broke, minus the computer's; 0
    each_path: np.ndarray  # (n, K) the bank every record_every rounds
    rounds_played: np.ndarray  # (1,)
    pay_counts: np.ndarray  # (P,) rounds that paid each distinct payout (``pay_index``)
    rounds_paid: np.ndarray  # (1,) rounds the player was paid
    rounds_paying: np.ndarray  # (1,) rounds the player paid


class BankingSessionTally(NamedTuple):
    """Per session (``each_*``, one row a session; banks in ``SHARE_UNIT`` units of a
    point) and summed over the sessions."""

    each_bank: np.ndarray  # (n, N) each seat's bank after the session
    each_out_at: np.ndarray  # (n, N) the round after which the seat could not ante; 0: never
    each_length: np.ndarray  # (n,) rounds the session lasted
    each_path: np.ndarray  # (n, N, K) each bank every record_every rounds (K = 0: none)
    rounds_played: np.ndarray  # (1,)


class RoundScratch(NamedTuple):
    """Scratch space of a round kernel: on return ``order[:k]`` are the winning places
    (the earliest to reach the best first) and ``final[place]`` each seat's final hand."""

    order: np.ndarray  # (N,) int64
    final: np.ndarray  # (N,) int64


class BettingGame(NamedTuple):
    """The solved betting rounds (001) of every table size, as decision tables
    (built by :func:`pokerdice_stats.games.betting.simulation.kernel_tables.betting_game`).

    A *group* is an open state before a throw (positions still to throw, pot);
    positions are places in the round's order, 1 the starter, bit ``p - 1`` of a mask.
    """

    start_group: np.ndarray  # (N + 1,) the first group of the round of m seats at the table
    ante: np.ndarray  # (N + 1,) units each seat in antes with m seats at the table
    entry: np.ndarray  # (N + 1,) mask of the positions of m that meet the ante (others sit out)
    seat: np.ndarray  # (G,) the position to throw next
    later: np.ndarray  # (G,) mask of the positions after it
    keep: np.ndarray  # (G, H + 1) its keep table, by best strength faced + 1 (0: nothing)
    check_next: np.ndarray  # (G,) the group after a check or a beaten seat, -1: round over
    raises: np.ndarray  # (G, H) raises chosen when leading with strength h
    meet: np.ndarray  # (G, H, R + 1, 5, 32) int8: position index i of later meets, given met
    raise_next: np.ndarray  # (G, R + 1, 32) the group after r raises met by a mask, -1: none
    best: np.ndarray  # (P, T - 1, S) int16 best-keep tables
    strength: np.ndarray  # (252,)
    throws_left: int
    states: int
    dice: DiceTables


class BettingSession(NamedTuple):
    """Betting sessions: ``players`` seats, at most ``rounds`` rounds, chips in units
    (``start``, ``ante`` and ``raise_size`` of them); after a round a seat holding fewer
    than ``floor`` units is out."""

    players: int
    rounds: int
    start: int
    ante: int
    raise_size: int
    floor: int


class BettingSessionTally(NamedTuple):
    """Per session (``each_*``) and summed; chips in units."""

    each_chips: np.ndarray  # (n, N) each seat's chips after the session
    each_first: np.ndarray  # (n, N) each seat's net chips in the first round
    each_out_at: np.ndarray  # (n, N) the round after which the seat was out; 0: never
    each_length: np.ndarray  # (n,) rounds the session lasted
    seat_rounds: np.ndarray  # (N,) rounds each seat sat in
    pots: np.ndarray  # (N,) pots each seat took
    raised: np.ndarray  # (N,) rounds each seat raised in
    folded: np.ndarray  # (N,) rounds each seat folded in
    short: np.ndarray  # (1,) decisions changed because chips could not cover a raise
    unbalanced: np.ndarray  # (1,) rounds whose chips did not sum to zero (always 0)
    sat_out: np.ndarray  # (N,) rounds each seat sat out (at the table, not meeting the ante)
    void: np.ndarray  # (1,) rounds nobody met the first seat's ante
