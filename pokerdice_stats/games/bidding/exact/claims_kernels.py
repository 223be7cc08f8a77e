"""Compiled passes over a tree of claim histories: discounted CFR, reaches, a best response.

The tree is laid out as :class:`~pokerdice_stats.games.bidding.exact.claims_tree.ClaimTree`
keeps it: node ``n`` has the last claim ``last[n]`` (-1 at the opening), ``depth[n]``
bids so far (seat 1 moves at even depths; the root of a subgame has claim 0 and depth 1
or 2, and a call), and ``width[n] = n_claims - last[n]`` edges from ``off[n]``: edge
``off[n] + a`` is the call for ``a = 0`` (none at the opening, ``depth[n] == 0``) and
the bid of claim ``last[n] + a`` otherwise; ``child[e]`` is the node it
leads to, or -1 when the history is outside the tree.  Outside the tree a player calls
(the *default*); with ``raising`` the solver answers a bid outside the tree with the
responder's better of calling and raising by one claim (then called) against the
bidder's current weights on it, as a best response answers it, so that it learns what
such bids cost.  ``levels`` lists the nodes by depth (``order[lv_start[d]:
lv_start[d + 1]]`` at depth ``d``), so a pass runs the nodes of one depth in parallel.

Arrays by hand are indexed by the 252 hands of
:data:`~pokerdice_stats.ground.indexing.HAND_COUNTS`; ``pair_rung[x, y]`` is the claim
the ten dice of hands ``x`` and ``y`` make (symmetric), so a bid of claim ``c`` is true
for the pair exactly when ``pair_rung[x, y] >= c``.  Reaches carry the chance of the hand
(``R[n, s, y]``: the chance of hand ``y`` for seat ``s`` times that seat's own
probability of the moves to ``n``); values are counterfactual (``V[n, s, y]``: seat
``s``'s expected result from ``n`` with hand ``y``, weighted by the other seat's reach).

Two sums do the work at a node, each one pass over the pairs of hands that make at least
the node's last claim (:func:`pair_tables` lists them; deep in the tree, where the claims
are high, they are a small part of the 252 x 252), skipping the hands of zero weight:

- the *at-least table* ``g[c, y] = sum_x r[x] [pair_rung[x, y] >= c]`` of the other
  seat's reach gives the value of every call and every bid for every own hand at once;
- the mover's calls and bids outside the tree are settled on their claims (with
  ``raising``, the raises over those bids are added bid by bid, :func:`_raisers`); as signed
  weights at each claim, their prefix sums ``cum`` give the other seat's value of all of
  them at once: ``sum_y (2 cum[pair_rung[x, y], y] - cum[top, y])``.

An update of one seat needs the first at that seat's nodes and the second at the
other's, so alternating updates cost about what one update of both seats would.
"""

from __future__ import annotations

import numpy as np

from pokerdice_stats.kernels._numba import in_threads, jit

__all__ = [
    "PARALLEL_NODES",
    "average_strategy",
    "dcfr_iteration",
    "pair_tables",
    "reaches",
    "tree_response",
]

#: Hands a seat may hold.
N_HANDS = 252

#: Trees of at least this many nodes share each depth's nodes out among threads
#: (:func:`~pokerdice_stats.kernels._numba.in_threads`: the same compiled kernels, which
#: release the GIL; a small tree's iteration is quicker in one thread).
PARALLEL_NODES = 4096


def pair_tables(
    pair_rung: np.ndarray, n_claims: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """``pairs = (pair_rung, by_rung, made, at, rung_of)``, the tables the passes read.

    ``by_rung[x]`` lists the other hands by the claim they make with ``x``, highest
    first, and ``made[x, c]`` counts those that make claim ``c`` or higher, so the hands
    that make at least ``c`` with ``x`` are ``by_rung[x, :made[x, c]]``: a pass that
    needs only the claims from ``c`` up skips the rest (most pairs, deep in the tree).
    Beside it, in the same order, ``rung_of[x, j]`` is the claim hand ``by_rung[x, j]``
    makes with ``x`` and ``at[x, j] = rung_of[x, j] * 252 + by_rung[x, j]`` its place in
    a flat ``(claims, 252)`` table: one read a pair where the passes would look the claim
    up in ``pair_rung`` (some 1.7 times quicker).  Small integers (``int16``, ``int8``),
    so that the tables stay in the core's caches.

    Examples
    --------
    >>> rung = np.array([[0, 2], [2, 1]])
    >>> _, by_rung, made, at, rung_of = pair_tables(rung, 3)
    >>> by_rung.tolist(), made.tolist()
    ([[1, 0], [0, 1]], [[2, 1, 1, 0], [2, 2, 1, 0]])
    >>> rung_of.tolist(), at.tolist()
    ([[2, 0], [2, 1]], [[505, 0], [504, 253]])
    """
    pair_rung = np.ascontiguousarray(pair_rung, dtype=np.int8)
    by_rung = np.argsort(-pair_rung.astype(np.int64), axis=1, kind="stable")
    made = np.stack([(pair_rung >= c).sum(axis=1) for c in range(n_claims + 1)], axis=1).astype(
        np.int64
    )
    rung_of = np.take_along_axis(pair_rung, by_rung, axis=1)
    at = rung_of.astype(np.int64) * N_HANDS + by_rung
    if at.max(initial=0) > np.iinfo(np.int16).max:  # pragma: no cover - at most 127 claims
        raise ValueError("too many claims for the pair tables")
    return (
        pair_rung,
        np.ascontiguousarray(by_rung, dtype=np.int16),
        np.ascontiguousarray(made),
        np.ascontiguousarray(at, dtype=np.int16),
        np.ascontiguousarray(rung_of, dtype=np.int8),
    )


@jit
def _at_least(pairs, reach, low, n_claims, g):
    """``g[c, y] = sum_x reach[x] [pair_rung[x, y] >= c]`` for ``c >= low``; returns sum(reach)."""
    made, at = pairs[2], pairs[3]
    flat = g.ravel()  # (a view: g is C-contiguous)
    for i in range(low * N_HANDS, (n_claims + 1) * N_HANDS):
        flat[i] = 0.0
    total = 0.0
    for x in range(N_HANDS):
        r = reach[x]
        if r == 0.0:
            continue
        total += r
        places = at[x]
        for j in range(made[x, low]):
            flat[places[j]] += r
    for c in range(n_claims - 2, low - 1, -1):
        for y in range(N_HANDS):
            g[c, y] += g[c + 1, y]
    return total


@jit
def _raisers(pairs, reach, sigma, e, c, n_claims, w, g, raises):
    """Where the bid of claim ``c`` on edge ``e`` is outside the tree: which hands ``x`` of
    the responder raise by one claim (then called) rather than call, against the bidder's
    weights ``w[y] = reach[y] * sigma[e, y]``; returns their sum ``W`` (0: nobody bids it,
    and the arrays are left as they were).  ``g`` is their at-least table
    (:func:`_at_least`): calling is worth ``W - 2 g[c, x]`` to ``x``, raising
    ``2 g[c + 1, x] - W``."""
    for y in range(N_HANDS):
        if reach[y] * sigma[e, y] != 0.0:
            break
    else:
        return 0.0  # (most bids outside the tree: nothing is written)
    for y in range(N_HANDS):
        w[y] = reach[y] * sigma[e, y]
    total = _at_least(pairs, w, c, n_claims, g)
    for x in range(N_HANDS):
        raises[x] = g[c, x] + g[c + 1, x] > total
    return total


@jit
def _add_raises(pairs, reach, raises, c, u):
    """The bidder's gain ``u[y]`` (over being called on claim ``c``) from the responders
    ``x`` that raise to ``c + 1`` instead, weighted by their ``reach``."""
    pair_rung, by_rung, made = pairs[0], pairs[1], pairs[2]
    # called: 2 [k >= c] - 1; raised and then called: 1 - 2 [k > c]; so the gain is
    # 2, less 2 where the pair makes c and 2 more where it makes c + 1
    for x in range(N_HANDS):
        r = reach[x]
        if r == 0.0 or not raises[x]:
            continue
        for y in range(N_HANDS):
            u[y] += 2.0 * r
        row = pair_rung[x]
        hands = by_rung[x]
        for j in range(made[x, c]):
            y = hands[j]
            u[y] -= 4.0 * r if row[y] > c else 2.0 * r


@jit
def _matching(regret, sigma, e0, width, opening):
    """Regret matching into ``sigma[e0:e0 + width]``; no positive regret: the call
    (at the opening, which has no call: the lowest bid)."""
    first = 1 if opening else 0
    for y in range(N_HANDS):
        s = 0.0
        for a in range(first, width):
            r = regret[e0 + a, y]
            if r > 0.0:
                s += r
        for a in range(width):
            sigma[e0 + a, y] = 0.0
        if s > 0.0:
            for a in range(first, width):
                r = regret[e0 + a, y]
                if r > 0.0:
                    sigma[e0 + a, y] = r / s
        else:
            sigma[e0 + first, y] = 1.0


@jit
def _reach_children(R, strategy, child, n, e0, width, m):
    """The reaches of node ``n``'s children in the tree (mover ``m`` plays ``strategy``)."""
    for a in range(1, width):
        k = child[e0 + a]
        if k >= 0:
            for y in range(N_HANDS):
                R[k, m, y] = R[n, m, y] * strategy[e0 + a, y]
                R[k, 1 - m, y] = R[n, 1 - m, y]


@jit
def _settled_values(
    R, V, sigma, child, pairs, n, e0, w, m, claim, low, n_claims, depth, raising
):  # fmt: skip
    """The other seat's value at node ``n`` (mover ``m``): the mover's calls and bids outside
    the tree settled on their claims, plus the nodes inside the tree below."""
    by_rung, made, rung_of = pairs[1], pairs[2], pairs[4]
    o = 1 - m
    # cum[c - low]: the claims from low up (no pair of hands below it is read)
    cum = np.zeros((n_claims - low, N_HANDS))
    settled = False
    if depth > 0:
        for y in range(N_HANDS):
            q = R[n, m, y] * sigma[e0, y]
            cum[claim - low, y] = q  # the other bid the claim called
            settled = settled or q != 0.0
    for a in range(1, w):
        if child[e0 + a] < 0:
            for y in range(N_HANDS):
                q = R[n, m, y] * sigma[e0 + a, y]
                cum[claim + a - low, y] -= q  # the mover bid it and the other calls
                settled = settled or q != 0.0
    for c in range(1, n_claims - low):
        for y in range(N_HANDS):
            cum[c, y] += cum[c - 1, y]
    for x in range(N_HANDS):
        V[n, o, x] = 0.0
    if settled:
        tops = 0.0
        for y in range(N_HANDS):
            top = cum[n_claims - 1 - low, y]
            busy = top != 0.0
            for c in range(n_claims - low):
                busy = busy or cum[c, y] != 0.0
            if busy:
                tops += top
                rungs = rung_of[y]
                hands = by_rung[y]
                for j in range(made[y, low]):
                    V[n, o, hands[j]] += 2.0 * cum[rungs[j] - low, y]
        for x in range(N_HANDS):
            V[n, o, x] -= tops
    scratch = N_HANDS if raising else 0  # the raising answer's work arrays
    weights = np.empty(scratch)
    g = np.empty((n_claims + 1 if raising else 0, N_HANDS))
    raises = np.empty(scratch, dtype=np.bool_)
    for a in range(1, w):
        k = child[e0 + a]
        c = claim + a
        if k >= 0:
            for x in range(N_HANDS):
                V[n, o, x] += V[k, o, x]
        elif raising and c + 1 < n_claims:  # the other raises where that is better
            bid = _raisers(pairs, R[n, m], sigma, e0 + a, c, n_claims, weights, g, raises)
            if bid > 0.0:
                for x in range(N_HANDS):
                    if raises[x]:
                        V[n, o, x] += 2.0 * (g[c, x] + g[c + 1, x] - bid)


@jit
def _reach_nodes(order, off, width, depth, child, sigma, R, lo, hi):
    """The reaches of the children of the nodes ``order[lo:hi]`` (one depth)."""
    for i in range(lo, hi):
        n = order[i]
        _reach_children(R, sigma, child, n, off[n], width[n], depth[n] % 2)


@jit
def _update_nodes(
    t, seat, order, last, depth, off, width, child, regret, sigma, total, R, V, pairs,
    n_claims, alpha, beta, gamma, raising, lo, hi,
):  # fmt: skip
    """Seat ``seat``'s update of iteration ``t`` at the nodes ``order[lo:hi]`` (one depth,
    the depths below done): :func:`dcfr_iteration`'s backward pass."""
    keep_positive = t**alpha / (t**alpha + 1.0)
    keep_negative = t**beta / (t**beta + 1.0)
    # the average's weights shrink by (t / (t + 1))^gamma an iteration, so iteration t's
    # strategy weighs (t + 1)^gamma against the others: added at that weight, the sums
    # are the same up to one factor a node's normalisation removes, and a hand that
    # does not reach the node leaves them untouched (no pass over them)
    weight = (t + 1.0) ** gamma
    for i in range(lo, hi):
        n = order[i]
        e0 = off[n]
        w = width[n]
        m = depth[n] % 2
        claim = last[n]
        low = max(claim, 0)
        if m != seat:
            _settled_values(
                R, V, sigma, child, pairs, n, e0, w, m, claim, low, n_claims, depth[n],
                raising,
            )  # fmt: skip
            continue
        opening = depth[n] == 0
        first = 1 if opening else 0
        g = np.empty((n_claims + 1, N_HANDS))
        u = np.zeros((w, N_HANDS))
        scratch = N_HANDS if raising else 0  # the raising answer's work arrays
        weights = np.empty(scratch)
        g_bid = np.empty((n_claims + 1 if raising else 0, N_HANDS))
        raises = np.empty(scratch, dtype=np.bool_)
        other = _at_least(pairs, R[n, 1 - m], low, n_claims, g)
        # the mover's value of each move, by own hand
        if not opening:
            for y in range(N_HANDS):
                u[0, y] = other - 2.0 * g[claim, y]  # a call: the bidder wins if true
        for a in range(1, w):
            k = child[e0 + a]
            if k >= 0:
                for y in range(N_HANDS):
                    u[a, y] = V[k, m, y]
            else:  # outside the tree the other calls, or raises by one (then called)
                c = claim + a
                for y in range(N_HANDS):
                    u[a, y] = 2.0 * g[c, y] - other
                if (
                    raising
                    and c + 1 < n_claims
                    and _raisers(pairs, R[n, m], sigma, e0 + a, c, n_claims, weights, g_bid, raises)
                    > 0.0
                ):
                    _add_raises(pairs, R[n, 1 - m], raises, c, u[a])
        for y in range(N_HANDS):
            s = 0.0
            for a in range(first, w):
                s += sigma[e0 + a, y] * u[a, y]
            V[n, m, y] = s
        for a in range(first, w):
            e = e0 + a
            for y in range(N_HANDS):
                r = regret[e, y]
                r = r * keep_positive if r > 0.0 else r * keep_negative
                regret[e, y] = r + u[a, y] - V[n, m, y]
                q = R[n, m, y] * sigma[e, y]
                if q != 0.0:
                    total[e, y] += weight * q
        _matching(regret, sigma, e0, w, opening)  # the next strategy at this node


def dcfr_iteration(
    t, seat, order, lv_start, last, depth, off, width, child, regret, sigma, total, R, V,
    pairs, chances, n_claims, alpha, beta, gamma, raising,
):  # fmt: skip
    """Seat ``seat``'s (0 or 1) update of iteration ``t`` of discounted CFR, over the whole tree.

    Brown and Sandholm's DCFR with alternating updates (seat 1's, then seat 2's, each
    against the other's latest strategy): before the update adds the regrets of
    iteration ``t``, positive ones are scaled by ``t^alpha / (t^alpha + 1)`` and
    negative ones by ``t^beta / (t^beta + 1)``; the average strategy's weights by
    ``(t / (t + 1))^gamma`` (kept as the same sums times one growing factor: iteration
    ``t`` adds its strategy at weight ``(t + 1)^gamma``).  ``sigma`` is the current
    strategy of both seats (regret matching of ``regret``; the update matches its seat's
    nodes again once their regrets are in, so the other seat's update sees them and
    nothing else needs matching), ``total`` the weighted sum of strategies (by own
    reach), ``R`` and ``V`` the reaches and values (see the module docstring; only
    ``V[:, seat]`` is computed).
    ``raising``: a bid outside the tree is answered by a call or a raise by one claim,
    whichever is better against the bidder's weights on it (else by a call).  One
    compiled pass serves both (as a ``None`` argument, numba would drop the raising
    answer's branches from the default solve's build, 0.7 s less to compile in the main
    job, but the tests' raising solves would then compile a second build, 4.9 s).
    """
    share = _share(order)
    reaches(order, lv_start, off, width, depth, child, sigma, chances, R)
    backward = (
        float(t), seat, order, last, depth, off, width, child, regret, sigma, total, R, V,
        pairs, n_claims, alpha, beta, gamma, bool(raising),
    )  # fmt: skip
    for lv in range(lv_start.shape[0] - 2, -1, -1):
        in_threads(_update_nodes, backward, lv_start[lv], lv_start[lv + 1], share)


def _share(order: np.ndarray) -> int:
    """Fewest nodes of a depth worth a thread: trees under :data:`PARALLEL_NODES` nodes
    run in the calling thread alone (waking threads costs more than their work)."""
    return 64 if order.shape[0] >= PARALLEL_NODES else order.shape[0] + 1


@jit
def average_strategy(total, off, width, depth, n_nodes, out):
    """``total`` normalised over each node's moves into ``out`` (no weight: the call,
    at the opening the lowest bid)."""
    for n in range(n_nodes):
        e0 = off[n]
        w = width[n]
        first = 1 if depth[n] == 0 else 0
        for y in range(N_HANDS):
            s = 0.0
            for a in range(first, w):
                s += total[e0 + a, y]
            for a in range(w):
                out[e0 + a, y] = total[e0 + a, y] / s if (s > 0.0 and a >= first) else 0.0
            if s <= 0.0:
                out[e0 + first, y] = 1.0


def reaches(order, lv_start, off, width, depth, child, strategy, chances, R):
    """Each seat's reach of every node under ``strategy``, depth by depth (a depth's
    nodes shared out among threads on a big tree, :func:`_share`); ``chances`` the
    hands' chances at the root, ``(252,)`` for both seats or ``(2, 252)`` one row a seat."""
    R[0, :, :] = chances
    share = _share(order)
    forward = (order, off, width, depth, child, strategy, R)
    for lv in range(lv_start.shape[0] - 1):
        in_threads(_reach_nodes, forward, lv_start[lv], lv_start[lv + 1], share)


def tree_response(
    order, lv_start, last, depth, off, width, child, strategy, R, pairs, chances, n_claims, seat
):  # fmt: skip
    """Seat ``seat``'s (0 or 1) best-response result in the whole game on claims.

    The other seat plays ``strategy`` in the tree and calls outside it.  When the other
    bids outside the tree, the responder calls or raises by one claim (the other then
    calls), whichever is better (a higher raise is true for fewer pairs).  Returns the
    responder's expected result, units a game.  The nodes of a depth are answered in
    parallel, the deepest first.
    """
    n_nodes = order.shape[0]
    best = np.zeros((n_nodes, N_HANDS))
    share = _share(order)
    arguments = (order, last, depth, off, width, child, strategy, R, pairs, n_claims, seat, best)
    for lv in range(lv_start.shape[0] - 2, -1, -1):
        in_threads(_respond_nodes, arguments, lv_start[lv], lv_start[lv + 1], share)
    return _weighted_sum(chances if chances.ndim == 1 else chances[seat], best[0])


@jit
def _respond_nodes(
    order, last, depth, off, width, child, strategy, R, pairs, n_claims, seat, best, lo, hi
):  # fmt: skip
    """:func:`_respond` at the nodes ``order[lo:hi]`` (one depth, the depths below done)."""
    for i in range(lo, hi):
        _respond(order[i], last, depth, off, width, child, strategy, R, pairs, n_claims, seat, best)


@jit
def _weighted_sum(weights, values):
    """``sum(weights * values)``, added in order."""
    s = 0.0
    for y in range(weights.shape[0]):
        s += weights[y] * values[y]
    return s


@jit
def _respond(n, last, depth, off, width, child, strategy, R, pairs, n_claims, seat, best):
    """``best[n]``: the responder's best result from node ``n`` by own hand (the
    nodes below answered already)."""
    g = np.empty((n_claims + 1, N_HANDS))
    w = np.empty(N_HANDS)
    e0 = off[n]
    claim = last[n]
    low = max(claim, 0)
    mover = depth[n] % 2
    if mover == seat:
        other = _at_least(pairs, R[n, 1 - seat], low, n_claims, g)
        for y in range(N_HANDS):
            top = other - 2.0 * g[claim, y] if depth[n] > 0 else -np.inf
            for a in range(1, width[n]):
                k = child[e0 + a]
                v = best[k, y] if k >= 0 else 2.0 * g[claim + a, y] - other
                top = max(top, v)
            best[n, y] = top
        return
    if depth[n] > 0:
        for x in range(N_HANDS):
            w[x] = R[n, mover, x] * strategy[e0, x]
        called = _at_least(pairs, w, claim, n_claims, g)
        if called > 0.0:
            for y in range(N_HANDS):
                best[n, y] += 2.0 * g[claim, y] - called
    for a in range(1, width[n]):
        k = child[e0 + a]
        if k >= 0:
            for y in range(N_HANDS):
                best[n, y] += best[k, y]
            continue
        c = claim + a
        for x in range(N_HANDS):
            w[x] = R[n, mover, x] * strategy[e0 + a, x]
        bid = _at_least(pairs, w, c, n_claims, g)
        if bid == 0.0:
            continue
        for y in range(N_HANDS):
            v = bid - 2.0 * g[c, y]
            if c + 1 < n_claims:
                v = max(v, 2.0 * g[c + 1, y] - bid)
            best[n, y] += v
