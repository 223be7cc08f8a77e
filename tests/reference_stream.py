"""Plain-Python twins of the simulation chunk kernels that read the kernels' own random stream.

:mod:`reference_simulate` draws with :class:`random.Random`, so it can only be
compared with the kernels statistically.  The twins here consume the very
numbers the kernels consume, in the same order, so a twin and its kernel give
*identical* tallies on the same generator state: a bug anywhere in a kernel
(a wrong share, a start passed to the wrong player, a bank recorded a round
late) shows up as a difference, not as a z-score.

What is shared with the kernels is only the *definition* of the stream and of
the inputs:

- the generator: xoshiro256** in Python integers, its 64-bit outputs cut in
  two 32-bit halves (high half first, the low half kept for the next draw),
  and Lemire's multiply-shift draw of a number below ``n`` with rejection;
  a strategy draw takes the top 53 bits of a fresh 64-bit output;
- a throw of ``m`` dice is one number ``c`` below ``6**m`` whose base-6 digits
  are the dice;
- the policies are the jobs' best-keep tables (``best[p, t - 1, state]``, the
  state of a sticky turn from ``indexing.STATE_OF``) and lookups, read as
  their docstrings define them.

Nothing else: no dice tables, count codes or seat orderings of the kernels.
Hands are rank counts, turned into a hand index by ``indexing.hand_index``.
Each chunk twin takes the job a simulation builds and returns the dict
:func:`pokerdice_stats.engines.simulation.run.play_chunk` returns.
"""

from __future__ import annotations

import numpy as np

from pokerdice_stats.ground import indexing as ix
from pokerdice_stats.kernels.codes import (
    STARTER_AFTER_LAST,
    STARTER_ROTATE,
    STARTER_WINNER,
    TIE_MUST_BEAT,
    TIE_ROLL_OFF,
)

MASK64 = (1 << 64) - 1
MASK32 = (1 << 32) - 1
SHARE_UNIT = 60  # a win's share unit: 60 divides by 1 to 5 tied players


class Stream:
    """xoshiro256** and its bounded draws, from a chunk's ``uint64[6]`` state."""

    def __init__(self, state: np.ndarray):
        self.words = [int(w) for w in state[:4]]
        self.spare: int | None = int(state[4]) if int(state[5]) else None

    def next_u64(self) -> int:
        s = self.words

        def rotl(x: int, k: int) -> int:
            return ((x << k) | (x >> (64 - k))) & MASK64

        result = rotl((s[1] * 5) & MASK64, 7) * 9 & MASK64
        t = (s[1] << 17) & MASK64
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = rotl(s[3], 45)
        return result

    def next_u32(self) -> int:
        if self.spare is not None:
            value, self.spare = self.spare, None
            return value
        x = self.next_u64()
        self.spare = x & MASK32
        return x >> 32

    def below(self, n: int) -> int:
        """Uniform in ``0 .. n - 1``: Lemire's method, rejecting low halves below ``2**32 % n``."""
        threshold = (1 << 32) % n
        while True:
            product = self.next_u32() * n
            if product & MASK32 >= threshold:
                return product >> 32

    def dice(self, m: int) -> list[int]:
        """``m`` dice (ranks 0..5): the base-6 digits of one number below ``6**m``."""
        c = self.below(6**m)
        return [(c // 6**i) % 6 for i in range(m)]

    def unit53(self) -> int:
        """The top 53 bits of a fresh 64-bit output (the draw of a mixed strategy)."""
        return self.next_u64() >> 11


def hand_of(counts: list[int]) -> int:
    return ix.hand_index(np.array(counts))


def turn(stream: Stream, best: np.ndarray, policy: int, throws_left: int, states: int):
    """One turn under table ``best[policy]``; returns ``(hand index, throws taken)``.

    ``states``: 0 the state is the hand; 1 (sticky holds) the dice set aside and
    the hand; 2 (turn-scoped max_rethrow) the first-throw dice never thrown
    again (as counts: all five after the first throw, then of each face the
    fewer of the untouched and the kept) and the hand.
    """
    counts = [0] * 6
    for rank in stream.dice(5):
        counts[rank] += 1
    hand = hand_of(counts)
    aside = ix.keep_index(np.zeros(6, dtype=np.int64))  # nothing set aside yet
    untouched = list(counts)
    used = 1
    for left in range(throws_left, 0, -1):
        if states == 2:
            state = int(ix.STATE_OF[ix.keep_index(np.array(untouched)), hand])
        else:
            state = int(ix.STATE_OF[aside, hand]) if states else hand
        keep = int(best[policy, left - 1, state])
        if keep == int(ix.HAND_KEEP[hand]):
            break
        counts = [int(c) for c in ix.KEEP_COUNTS[keep]]
        untouched = [min(u, c) for u, c in zip(untouched, counts, strict=True)]
        for rank in stream.dice(ix.N_DICE - sum(counts)):
            counts[rank] += 1
        hand = hand_of(counts)
        aside = keep
        used += 1
    return hand, used


def turns_chunk(job, state: np.ndarray, size: int) -> dict:
    stream = Stream(state)
    final = np.zeros(ix.N_HANDS, dtype=np.int64)
    used_hist = np.zeros(job.throws_left + 2, dtype=np.int64)
    for _ in range(size):
        hand, used = turn(stream, job.best, 0, job.throws_left, job.states)
        final[hand] += 1
        used_hist[used] += 1
    return {"final_hands": final, "throws_used": used_hist}


# ----------------------------------------------------------------------------
# Rounds in which later seats see the earlier hands.


def seen_round(stream: Stream, game, players: int, holder=None):
    """One round; returns ``(winning places, last place to throw, sub-rounds)`` or None when a
    lookup finds no policy.  The winners are listed earliest-to-reach-the-best first.

    ``holder``: ``(hand, throws)`` of a first seat that has already thrown
    (first sub-round only).
    """
    seats = list(range(players))
    subrounds = 0
    while True:
        subrounds += 1
        best_strength = -1
        leaders: list[int] = []
        limit = game.throws - 1
        for place, seat in enumerate(seats):
            if holder is not None and subrounds == 1 and place == 0:
                hand, used = holder
            else:
                policy = int(
                    game.lookup[limit + 1, len(seats), place, len(leaders), best_strength + 1]
                )
                if policy < 0:
                    return None
                hand, used = turn(stream, game.best, policy, limit, game.states)
            if game.throw_limit and place == 0:
                limit = used - 1
            strength = int(game.strength[hand])
            if strength > best_strength:
                best_strength, leaders = strength, [seat]
            elif strength == best_strength and game.tie_rule != TIE_MUST_BEAT:
                leaders.append(seat)
            last = seat
        if len(leaders) == 1 or game.tie_rule != TIE_ROLL_OFF:
            return leaders, last, subrounds
        seats = sorted(leaders)


def credit(share: np.ndarray, share_sq: np.ndarray, winners: list[int]) -> None:
    part = SHARE_UNIT // len(winners)
    for w in winners:
        share[w] += part
        share_sq[w] += part * part


def rounds_chunk(job, state: np.ndarray, size: int) -> dict:
    stream = Stream(state)
    n = job.players
    out = {
        "share": np.zeros(n, dtype=np.int64),
        "share_sq": np.zeros(n, dtype=np.int64),
        "outright": np.zeros(n, dtype=np.int64),
        "last_thrower": np.zeros((n, n), dtype=np.int64),
        "subrounds": np.zeros(1, dtype=np.int64),
        "no_policy": np.zeros(1, dtype=np.int64),
    }
    for _ in range(size):
        played = seen_round(stream, job.game, n)
        if played is None:
            out["no_policy"][0] += 1
            continue
        winners, last, subrounds = played
        out["subrounds"][0] += subrounds
        credit(out["share"], out["share_sq"], winners)
        if len(winners) == 1:
            out["outright"][winners[0]] += 1
            out["last_thrower"][winners[0], last] += 1
    return out


def next_start(start: int, starter: int, last: int, winner: int, players: int) -> int:
    """Who starts the next round: the player after the last thrower, the next to the left,
    or the winner."""
    return {
        STARTER_AFTER_LAST: (start + last + 1) % players,
        STARTER_ROTATE: (start + 1) % players,
        STARTER_WINNER: winner,
    }[starter]


def matches_chunk(job, state: np.ndarray, size: int) -> dict:
    stream = Stream(state)
    match = job.match
    n = match.players
    wins = np.zeros(n, dtype=np.int64)
    rounds_sum = rounds_sum_sq = subrounds_total = no_policy = 0
    for _ in range(size):
        scores = [0] * n
        start = 0
        played = 0
        while True:
            outcome = seen_round(stream, job.game, n)
            if outcome is None:
                no_policy += 1
                break
            winners, last, subrounds = outcome
            subrounds_total += subrounds
            played += 1
            winner = (start + winners[0]) % n
            scores[winner] += 1
            if scores[winner] >= match.target:
                wins[winner] += 1
                break
            start = next_start(start, match.starter, last, winner, n)
        rounds_sum += played
        rounds_sum_sq += played * played
    return {
        "wins": wins,
        "rounds_sum": np.array([rounds_sum]),
        "rounds_sum_sq": np.array([rounds_sum_sq]),
        "subrounds": np.array([subrounds_total]),
        "no_policy": np.array([no_policy]),
    }


def pots_chunk(job, state: np.ndarray, size: int) -> dict:
    stream = Stream(state)
    session = job.session
    n = session.players
    net = np.zeros(n, dtype=np.int64)
    net_sq = np.zeros(n, dtype=np.int64)
    subrounds_total = no_policy = 0
    stake = SHARE_UNIT * session.ante
    for _ in range(size):
        chips = [0] * n
        start = 0
        for _round in range(session.rounds):
            outcome = seen_round(stream, job.game, n)
            if outcome is None:
                no_policy += 1
                break
            winners, last, subrounds = outcome
            subrounds_total += subrounds
            for player in range(n):
                chips[player] -= stake
            for place in winners:
                chips[(start + place) % n] += stake * n // len(winners)
            start = next_start(start, session.starter, last, (start + winners[0]) % n, n)
        for player in range(n):
            net[player] += chips[player]
            net_sq[player] += chips[player] ** 2
    return {
        "net": net,
        "net_sq": net_sq,
        "subrounds": np.array([subrounds_total]),
        "no_policy": np.array([no_policy]),
    }


def holdup_chunk(job, state: np.ndarray, size: int) -> dict:
    stream = Stream(state)
    holder = job.holder
    n = holder.players
    share = np.zeros(n, dtype=np.int64)
    share_sq = np.zeros(n, dtype=np.int64)
    subrounds_total = no_policy = 0
    for _ in range(size):
        outcome = seen_round(stream, job.game, n, (holder.hand, holder.throws_used))
        if outcome is None:
            no_policy += 1
            continue
        winners, _, subrounds = outcome
        subrounds_total += subrounds
        credit(share, share_sq, winners)
    return {
        "share": share,
        "share_sq": share_sq,
        "subrounds": np.array([subrounds_total]),
        "no_policy": np.array([no_policy]),
    }


# ----------------------------------------------------------------------------
# Progressive sessions.


def progressive_chunk(job, state: np.ndarray, size: int) -> dict:
    stream = Stream(state)
    session, game = job.session, job.game
    every = session.record_every
    n_path = session.rounds // every + 1 if every else 0
    banks = np.zeros(size, dtype=np.int64)
    broke_at = np.zeros(size, dtype=np.int64)
    paths = np.zeros((size, n_path), dtype=np.int64)
    payouts: list[int] = []
    indices: list[int] = []
    for i in range(size):
        bank = session.start_bank
        history = [bank]  # the bank after each round played
        for r in range(1, session.rounds + 1):
            computer, _ = turn(stream, game.computer, 0, game.throws - 1, game.states)
            player, _ = turn(
                stream, game.player, int(game.column[computer]), game.throws - 1, game.states
            )
            pay = int(game.payout[player, computer])
            payouts.append(pay)
            indices.append(int(game.pay_index[player, computer]))
            bank += pay
            history.append(bank)
            if bank < session.floor:  # the bank can no longer cover the largest loss
                broke_at[i] = r
                break
            if session.ceiling > 0 and session.ceiling - bank < session.floor:  # the computer's
                broke_at[i] = -r
                break
        banks[i] = bank
        for j in range(n_path):  # the bank after j * every rounds; the last one after a stop
            paths[i, j] = history[min(j * every, len(history) - 1)]
    return {
        "each_bank": banks,
        "each_broke_at": broke_at,
        "each_path": paths,
        "rounds_played": np.array([len(payouts)]),
        "pay_counts": np.bincount(
            np.array(indices, dtype=np.int64), minlength=game.pay_index.max() + 1
        ),
        "rounds_paid": np.array([sum(p > 0 for p in payouts)]),
        "rounds_paying": np.array([sum(p < 0 for p in payouts)]),
    }


# ----------------------------------------------------------------------------
# Blind rounds.


def draw_strategy(stream: Stream, game, seat: int) -> int:
    """The pure strategy a blind seat plays: its only one, or one drawn by the cumulative
    weights (units of 2**-53) with one 53-bit number."""
    first, end = int(game.seat_ptr[seat]), int(game.seat_ptr[seat + 1])
    if end - first == 1:
        return int(game.seat_policy[first])
    u = stream.unit53()
    for j in range(first, end):
        if u < int(game.seat_cdf[j]) or j == end - 1:
            return int(game.seat_policy[j])
    raise AssertionError("unreachable")


def blind_rounds_chunk(job, state: np.ndarray, size: int) -> dict:
    stream = Stream(state)
    game = job.game
    n = job.players
    share = np.zeros(n, dtype=np.int64)
    share_sq = np.zeros(n, dtype=np.int64)
    outright = np.zeros(n, dtype=np.int64)
    final = np.zeros((n, ix.N_HANDS), dtype=np.int64)
    subrounds_total = 0
    for _ in range(size):
        seats = list(range(n))
        first = True
        subrounds = 0
        while True:
            subrounds += 1
            hands = {}
            for seat in seats:
                policy = draw_strategy(stream, game, seat)
                hands[seat], _ = turn(stream, game.best, policy, game.throws - 1, game.states)
            if first:
                for seat in seats:
                    final[seat, hands[seat]] += 1
                first = False
            top = max(int(game.strength[h]) for h in hands.values())
            winners = [s for s in seats if int(game.strength[hands[s]]) == top]
            if game.tie_rule == TIE_MUST_BEAT:  # the earliest holder of the best
                winners = winners[:1]
            if len(winners) == 1 or game.tie_rule != TIE_ROLL_OFF:
                break
            seats = winners
        subrounds_total += subrounds
        credit(share, share_sq, winners)
        if len(winners) == 1:
            outright[winners[0]] += 1
    return {
        "share": share,
        "share_sq": share_sq,
        "outright": outright,
        "final_hands": final,
        "subrounds": np.array([subrounds_total]),
    }


# ----------------------------------------------------------------------------
# Blind banking sessions.


def banking_sessions_chunk(job, state: np.ndarray, size: int) -> dict:
    """Sessions: the seats still in ante, play a blind round (seat ``s`` at a table of ``m``
    draws from slot ``(m - 2) * players + s``), the best hands share the pot, a bank below
    the ante is out; at most ``rounds`` rounds, or until one seat is left."""
    stream = Stream(state)
    session, game = job.session, job.game
    n = session.players
    every = session.record_every
    n_path = session.rounds // every + 1 if every else 0
    banks_out = np.zeros((size, n), dtype=np.int64)
    out_at = np.zeros((size, n), dtype=np.int64)
    lengths = np.zeros(size, dtype=np.int64)
    paths = np.zeros((size, n, n_path), dtype=np.int64)
    played_total = 0
    for i in range(size):
        banks = [session.start] * n
        alive = list(range(n))
        history = [list(banks)]  # every bank after each round played
        for r in range(1, session.rounds + 1):
            table = len(alive)
            hands = {}
            for seat in alive:
                banks[seat] -= session.ante
                policy = draw_strategy(stream, game, (table - 2) * n + seat)
                hands[seat], _ = turn(stream, game.best, policy, game.throws - 1, game.states)
            top = max(int(game.strength[h]) for h in hands.values())
            winners = [s for s in alive if int(game.strength[hands[s]]) == top]
            for seat in winners:
                banks[seat] += session.ante * table // len(winners)
            for seat in alive:
                if banks[seat] < session.ante:
                    out_at[i, seat] = r
            alive = [s for s in alive if banks[s] >= session.ante]
            history.append(list(banks))
            if len(alive) <= 1:
                break
        lengths[i] = len(history) - 1
        played_total += len(history) - 1
        banks_out[i] = banks
        for j in range(n_path):
            paths[i, :, j] = history[min(j * every, len(history) - 1)]
    return {
        "each_bank": banks_out,
        "each_out_at": out_at,
        "each_length": lengths,
        "each_path": paths,
        "rounds_played": np.array([played_total]),
    }
