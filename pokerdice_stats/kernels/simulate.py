"""Kernels of the Monte Carlo engine: a random generator, turns, rounds and sessions.

Everything here is a numba function over arrays; no Python objects, no global
random state.  Each simulated chunk owns a generator state (``uint64[6]``):

- words 0..3: xoshiro256** (Blackman and Vigna), seeded by the caller from
  numpy's ``SeedSequence``;
- word 4: a spare 32-bit half of the last 64-bit output, word 5: 1 if the
  spare is unused.

A throw of ``m`` dice is *one* uniform number below ``6**m`` (7,776 for five
dice), taken from a 32-bit half of a 64-bit output by Lemire's multiply-shift
with rejection (rejected with chance below 2e-6), so one 64-bit output gives two
throws.  The number is read as ``m`` base-6 digits; ``THROWN_CC[m, c]`` is the
count code (``sum(count[r] * 6**r)``) of the thrown dice, and since counts never
exceed five, the count code of kept plus thrown dice is the sum of the two codes,
looked up to a hand index in ``CC_TO_HAND``.

A *policy* is a stack of best-keep tables ``best[p, t - 1, s]``: the keep chosen
by policy ``p`` in state ``s`` with ``t`` throws left (``s`` a hand, or an
``(aside, hand)`` position under sticky holds); the hand's own keep means stand.
"""

from __future__ import annotations

import numpy as np

from pokerdice_stats.kernels._numba import jit
from pokerdice_stats.kernels._numba import jit_no_refcount as inner

_U32 = np.uint64(0xFFFFFFFF)
_S17 = np.uint64(17)
_S45 = np.uint64(45)
_S19 = np.uint64(19)
_S7 = np.uint64(7)
_S32 = np.uint64(32)
_M5 = np.uint64(5)
_M9 = np.uint64(9)
_ONE = np.uint64(1)
_ZERO = np.uint64(0)

# Tie rules of a round.
TIE_ROLL_OFF = 0
TIE_MUST_BEAT = 1
TIE_SPLIT = 2
TIE_PUSH = 3


@inner
def _rotl(x, k):
    return (x << k) | (x >> (np.uint64(64) - k))


@inner
def next_u64(state):
    """The next 64-bit output of xoshiro256** (advances ``state[0:4]``)."""
    s0 = state[0]
    s1 = state[1]
    s2 = state[2]
    s3 = state[3]
    result = _rotl(s1 * _M5, _S7) * _M9
    t = s1 << _S17
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = _rotl(s3, _S45)
    state[0] = s0
    state[1] = s1
    state[2] = s2
    state[3] = s3
    return result


@inner
def next_u32(state):
    """A 32-bit number: the spare half of the last output, or the high half of a new one."""
    if state[5] != _ZERO:
        state[5] = _ZERO
        return state[4]
    x = next_u64(state)
    state[4] = x & _U32
    state[5] = _ONE
    return x >> _S32


@inner
def below(state, n, threshold):
    """A uniform integer in ``0 .. n - 1`` (Lemire's method; ``threshold = 2**32 % n``)."""
    un = np.uint64(n)
    while True:
        product = next_u32(state) * un
        if (product & _U32) >= threshold:
            return np.int64(product >> _S32)


@jit
def raw_u64_sum(state, n):
    """XOR of ``n`` raw 64-bit outputs: the generator's own throughput, for benchmarks."""
    acc = _ZERO
    for _ in range(n):
        acc ^= next_u64(state)
    return acc


@jit
def throw_codes(state, n, out):
    """``n`` throws of five dice as codes 0..7775 (for tests of the dice draws)."""
    threshold = np.uint64((1 << 32) % 7776)
    for i in range(n):
        out[i] = below(state, 7776, threshold)


@inner
def play_turn(state, best, p, throws_left, sticky, tables):
    """One turn under policy ``p``; returns ``(final hand, throws taken)``.

    Parameters
    ----------
    state : uint64[6]
        Generator state (advanced).
    best : (P, T - 1, S) int16
        Best-keep tables (see the module docstring).
    p : int
        Which policy.
    throws_left : int
        Throws allowed after the first (``T - 1`` normally; fewer under a throw limit).
    sticky : bool
        States are ``(aside, hand)`` positions.
    tables : tuple
        ``(state_of, hand_keep, keep_size, keep_code, thrown_cc, cc_to_hand,
        pow6, thresholds)`` from :func:`pokerdice_stats.simulation.tables.dice_tables`.
    """
    state_of, hand_keep, keep_size, keep_code, thrown_cc, cc_to_hand, pow6, thresholds = tables
    c = below(state, 7776, thresholds[5])
    h = cc_to_hand[thrown_cc[5, c]]
    aside = 0
    used = 1
    for t in range(throws_left, 0, -1):
        s = state_of[aside, h] if sticky else h
        k = best[p, t - 1, s]
        if k == hand_keep[h]:
            break
        m = 5 - keep_size[k]
        c = below(state, pow6[m], thresholds[m])
        h = cc_to_hand[keep_code[k] + thrown_cc[m, c]]
        aside = k
        used += 1
    return h, used


@jit
def turns_chunk(state, n, best, p, throws_left, sticky, tables, hist, used_hist):
    """``n`` turns under policy ``p``: final hands to ``hist``, throws taken in ``used_hist``."""
    for _ in range(n):
        h, used = play_turn(state, best, p, throws_left, sticky, tables)
        hist[h] += 1
        used_hist[used] += 1


@inner
def play_round_from(state, order, n_seats, game, final, first_hand, first_used):
    """One round among ``n_seats`` seats, numbered by their place in the throwing order.

    A seat's policy is ``lookup[allowed, n, i, n_at_best, best_strength + 1]``:
    ``allowed`` the throws it may take (all, or the first player's under the
    throw limit), ``n`` the seats in the (sub-)round, ``i`` its place in it,
    ``n_at_best`` the number of earlier seats holding the best strength so far
    (0 for the first seat).  Under the roll-off rule, exact ties for the best
    hand throw again in seat order until one wins (a roll-off is a round among
    the tied seats, whose first player sets the throw limit afresh).  Under
    must-beat, a seat that only ties the best so far is out.  Under split and
    push the tied seats are all returned.

    Parameters
    ----------
    order : int64 array of at least ``n_seats``
        Scratch space; on return ``order[:n_winners]`` are the winning places.
    game : tuple
        ``(best, lookup, strength, tie_rule, throw_limit, throws, sticky, tables)``:
        the best-keep tables, the policy lookup above, the hands' strengths, the
        tie rule (``TIE_*``), whether the first player's throws limit the
        others, the throws of a turn, sticky holds, and the dice tables of
        :func:`play_turn` (see :meth:`pokerdice_stats.simulate.RoundJob.kernel_game`).
    final : int64 array
        ``final[place]`` receives each seat's final hand (of the last
        sub-round it played).

    Returns
    -------
    n_winners : int
    last : int
        The place of the last seat to throw (for the start rule of the next round).
    subrounds : int
        Rounds played, roll-offs included; -1 if a lookup found no policy.

    With ``first_hand >= 0`` the first seat does not throw in the first
    (sub-)round: its final hand is ``first_hand``, taken in ``first_used``
    throws (the hand to beat of a round in progress; a roll-off throws again).
    """
    best, lookup, strength, tie_rule, throw_limit, throws, sticky, tables = game
    for i in range(n_seats):
        order[i] = i
    n = n_seats
    subrounds = 0
    last = n_seats - 1
    while True:
        subrounds += 1
        best_s = -1
        n_best = 0
        limit = throws - 1
        # The seats holding the best so far are kept at the front of ``order``.
        for i in range(n):
            seat = order[i]
            if first_hand >= 0 and subrounds == 1 and i == 0:
                h = first_hand
                used = first_used
            else:
                p = lookup[limit + 1, n, i, n_best, best_s + 1]
                if p < 0:
                    return 0, last, -1
                h, used = play_turn(state, best, p, limit, sticky, tables)
            if throw_limit and i == 0:
                limit = used - 1
            final[seat] = h
            s = strength[h]
            if s > best_s:
                best_s = s
                order[i] = order[0]
                order[0] = seat
                n_best = 1
            elif s == best_s and tie_rule != TIE_MUST_BEAT:
                order[i] = order[n_best]
                order[n_best] = seat
                n_best += 1
            last = seat
        if n_best == 1 or tie_rule != TIE_ROLL_OFF:
            return n_best, last, subrounds
        # Roll-off: the tied seats throw again, in seat order.
        _sort_seats(order, n_best)
        n = n_best


@inner
def play_round(state, order, n_seats, game, final):
    """One round from the start: :func:`play_round_from` with every seat throwing."""
    return play_round_from(state, order, n_seats, game, final, -1, 0)


@inner
def _sort_seats(order, n):
    for i in range(1, n):
        v = order[i]
        j = i - 1
        while j >= 0 and order[j] > v:
            order[j + 1] = order[j]
            j -= 1
        order[j + 1] = v


@jit
def rounds_chunk(state, n, players, game, share, share_sq, outright, last_thrower, counters):
    """``n`` rounds of ``players`` seats (seat 1 throws first).

    Adds to ``share[seat]`` the seat's share of the win in 60ths (60, or 60/k
    for a k-way split), ``share_sq`` its square, ``outright[seat]`` the rounds
    it won alone, ``last_thrower[winner, last]`` the rounds won by ``winner``
    whose last thrower was ``last`` (single winners), ``counters[0]`` the
    rounds played including roll-offs and ``counters[1]`` lookups that found
    no policy (always 0 unless the tables are wrong).
    """
    order = np.empty(players, dtype=np.int64)
    final = np.empty(players, dtype=np.int64)
    for _ in range(n):
        k, last, sub = play_round(state, order, players, game, final)
        if sub < 0:
            counters[1] += 1
            continue
        counters[0] += sub
        part = 60 // k
        for j in range(k):
            share[order[j]] += part
            share_sq[order[j]] += part * part
        if k == 1:
            outright[order[0]] += 1
            last_thrower[order[0], last] += 1


@jit
def matches_chunk(state, n, players, target, starter, game, wins, rounds, counters):
    """``n`` matches to ``target`` round wins; player 1 starts the first round.

    ``starter``: 0 the player after the last one to throw starts the next
    round, 1 the start passes to the left, 2 the winner starts.  Adds each
    player's match wins to ``wins``; ``rounds[0]``/``rounds[1]`` receive the
    sum and the sum of squares of the rounds a match took (roll-offs belong
    to their round); ``counters`` as in :func:`rounds_chunk`.  Ties must have
    a single winner (roll-off or must-beat).
    """
    order = np.empty(players, dtype=np.int64)
    final = np.empty(players, dtype=np.int64)
    scores = np.empty(players, dtype=np.int64)
    for _ in range(n):
        scores[:] = 0
        start = 0
        played = 0
        while True:
            _, last, sub = play_round(state, order, players, game, final)
            if sub < 0:
                counters[1] += 1
                break
            counters[0] += sub
            played += 1
            winner = (start + order[0]) % players
            scores[winner] += 1
            if scores[winner] >= target:
                wins[winner] += 1
                break
            if starter == 0:
                start = (start + last + 1) % players
            elif starter == 1:
                start = (start + 1) % players
            else:
                start = winner
        rounds[0] += played
        rounds[1] += played * played


@jit
def progressive_chunk(state, n, session, game, final_bank, broke_at, path, totals):
    """``n`` progressive sessions of ``rounds`` rounds against the computer.

    Each round the computer plays its table ``computer[0]``, then the player,
    who sees the computer's final hand ``c``, plays ``player[column[c]]``; the
    loser pays ``payout[player hand, c]`` (what the player receives).  The
    player is broke when the bank is at or below 0, the computer when the
    player's bank reaches ``ceiling`` (0: no ceiling); the session stops there.

    Outputs per session: ``final_bank[i]``; ``broke_at[i]``, the round the
    player went broke, minus the round the computer did, 0 if neither;
    ``path[i, j]`` the bank after ``j * record_every`` rounds (if ``path`` has
    columns; the last bank repeats after a stop).  ``totals``: [0] rounds
    played, [1] sum of payouts, [2] sum of squared payouts, [3] rounds the
    player was paid, [4] rounds the player paid.

    ``session`` is ``(rounds, start_bank, ceiling, record_every)`` and ``game``
    ``(computer, player, column, payout, throws, sticky, tables)``, ``tables``
    the dice tables of :func:`play_turn` (see
    :meth:`pokerdice_stats.simulate.ProgressiveJob.kernel_session` and
    :meth:`~pokerdice_stats.simulate.ProgressiveJob.kernel_game`).
    """
    rounds, start_bank, ceiling, record_every = session
    computer, player, column, payout, throws, sticky, tables = game
    n_path = path.shape[1]
    for i in range(n):
        bank = start_bank
        broke_at[i] = 0
        if n_path > 0:
            path[i, 0] = bank
        for r in range(1, rounds + 1):
            c, _ = play_turn(state, computer, 0, throws - 1, sticky, tables)
            h, _ = play_turn(state, player, column[c], throws - 1, sticky, tables)
            pay = payout[h, c]
            bank += pay
            totals[0] += 1
            totals[1] += pay
            totals[2] += pay * pay
            if pay > 0:
                totals[3] += 1
            elif pay < 0:
                totals[4] += 1
            if n_path > 0 and r % record_every == 0 and r // record_every < n_path:
                path[i, r // record_every] = bank
            if bank <= 0 or (ceiling > 0 and bank >= ceiling):
                broke_at[i] = r if bank <= 0 else -r
                for j in range(r // record_every + 1, n_path):
                    path[i, j] = bank
                break
        final_bank[i] = bank


@jit
def pots_chunk(state, n, players, rounds, ante, starter, game, net, net_sq, counters):
    """``n`` sessions of ``rounds`` rounds with an ante: the winner takes the pot.

    Every player antes ``ante`` each round; the pot goes to the winner (shared
    equally on a split).  Amounts are in 60ths of the ante so shares stay
    whole.  ``starter`` as in :func:`matches_chunk`.  Adds each player's net
    result after the session to ``net`` (and its square to ``net_sq``).
    """
    order = np.empty(players, dtype=np.int64)
    final = np.empty(players, dtype=np.int64)
    chips = np.empty(players, dtype=np.int64)
    for _ in range(n):
        chips[:] = 0
        start = 0
        for _r in range(rounds):
            k, last, sub = play_round(state, order, players, game, final)
            if sub < 0:
                counters[1] += 1
                break
            counters[0] += sub
            pot = 60 * ante * players
            for j in range(players):
                chips[j] -= 60 * ante
            for j in range(k):
                chips[(start + order[j]) % players] += pot // k
            winner = (start + order[0]) % players
            if starter == 0:
                start = (start + last + 1) % players
            elif starter == 1:
                start = (start + 1) % players
            else:
                start = winner
        for j in range(players):
            net[j] += chips[j]
            net_sq[j] += chips[j] * chips[j]


@jit
def holdup_chunk(state, n, players, hand, used, game, share, share_sq, counters):
    """``n`` rounds in which seat 1 already holds ``hand`` (taken in ``used`` throws).

    The later seats play as in a round of ``players``; adds each seat's share
    of the win in 60ths to ``share`` (and its square to ``share_sq``).
    """
    order = np.empty(players, dtype=np.int64)
    final = np.empty(players, dtype=np.int64)
    for _ in range(n):
        k, _last, sub = play_round_from(state, order, players, game, final, hand, used)
        if sub < 0:
            counters[1] += 1
            continue
        counters[0] += sub
        part = 60 // k
        for j in range(k):
            share[order[j]] += part
            share_sq[order[j]] += part * part


# ----------------------------------------------------------------------------
# Blind rounds: no seat sees another's hand (banking, seed 004).

_S11 = np.uint64(11)


@inner
def draw_policy(state, seat, seat_ptr, seat_policy, seat_cdf):
    """The pure strategy seat ``seat`` plays this round (an index into ``best``).

    The seat's mixture is ``seat_policy[seat_ptr[seat]:seat_ptr[seat + 1]]``
    with cumulative weights ``seat_cdf`` in units of ``2**-53`` (the last
    entry of a seat is ``2**53``).  A seat with one pure strategy takes no
    random draw; otherwise one 53-bit uniform number picks the strategy.
    """
    a = seat_ptr[seat]
    b = seat_ptr[seat + 1]
    if b - a == 1:
        return seat_policy[a]
    u = next_u64(state) >> _S11
    for j in range(a, b - 1):
        if u < seat_cdf[j]:
            return seat_policy[j]
    return seat_policy[b - 1]


@inner
def blind_pass(state, seats, n, order, hands, game):
    """One blind (sub-)round: seats ``seats[:n]`` (in seat order) each draw a pure
    strategy and play it with every throw of the turn, never looking at the others.

    Each seat's final hand goes to ``hands[seat]``.  The seats holding the best
    strength go to ``order`` in seat order (under must-beat only the earliest:
    a later seat that only ties is out); returns how many.

    ``game`` is ``(best, seat_ptr, seat_policy, seat_cdf, strength, tie_rule,
    throws, sticky, tables)`` (see :func:`draw_policy`, :func:`play_round_from`
    and :meth:`pokerdice_stats.simulate.BlindRoundJob.kernel_game`).
    """
    best, seat_ptr, seat_policy, seat_cdf, strength, tie_rule, throws, sticky, tables = game
    best_s = -1
    n_best = 0
    for i in range(n):
        seat = seats[i]
        p = draw_policy(state, seat, seat_ptr, seat_policy, seat_cdf)
        h, _ = play_turn(state, best, p, throws - 1, sticky, tables)
        hands[seat] = h
        s = strength[h]
        if s > best_s:
            best_s = s
            n_best = 0
        if s == best_s and (n_best == 0 or tie_rule != TIE_MUST_BEAT):
            order[n_best] = seat
            n_best += 1
    return n_best


@jit
def blind_rounds_chunk(state, n, players, game, share, share_sq, outright, hist, counters):
    """``n`` blind rounds of ``players`` seats (see :func:`blind_pass`).

    The best hand wins; on exact ties split and push share the win among the
    tied seats, must-beat gives it to the earliest, and under roll-off the
    tied seats play a blind round again (each drawing its strategy afresh)
    until one wins.  Adds each seat's share of the win in 60ths to ``share``
    (60, or 60/k for a k-way split), its square to ``share_sq``, the rounds it
    won alone to ``outright``, its final hand of the first (sub-)round to
    ``hist[seat, hand]`` and the rounds played (roll-offs included) to
    ``counters[0]``.
    """
    tie_rule = game[5]
    seats = np.arange(players)
    order = np.empty(players, dtype=np.int64)
    tied = np.empty(players, dtype=np.int64)
    hands = np.empty(players, dtype=np.int64)
    for _ in range(n):
        k = blind_pass(state, seats, players, order, hands, game)
        for seat in range(players):
            hist[seat, hands[seat]] += 1
        sub = 1
        while k > 1 and tie_rule == TIE_ROLL_OFF:
            for j in range(k):
                tied[j] = order[j]
            k = blind_pass(state, tied, k, order, hands, game)
            sub += 1
        counters[0] += sub
        part = 60 // k
        for j in range(k):
            share[order[j]] += part
            share_sq[order[j]] += part * part
        if k == 1:
            outright[order[0]] += 1
