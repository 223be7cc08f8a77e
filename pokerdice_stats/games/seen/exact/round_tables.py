"""The seat tables of solved rounds, kept on disk so that advice solves one goal.

``hold --to-win`` needs one seat's optimal play against one best hand so far.
Its goal (see :mod:`pokerdice_stats.games.seen.exact.seat_chain`) is built from the table
``F_k`` of the seats after it, which needs the whole round solved (every seat,
every hand to beat, the roll-off fixed point): seconds of work that depend
only on the rule set, the number of players and exactness.  A
:class:`RoundTables` keeps just the columns of ``F_k`` the goals are built
from; saved after a round is solved, it lets a later command (any hand, any
best hand so far, the same rules and players) build its seat's goal from the
same numbers and solve that one goal on the numpy twins of the kernels, in
milliseconds and without importing numba.  Each row of the hold program is
solved independently, so the one goal's values and keeps are bit for bit those
of the full batch (floats are written with ``repr``, which reads back exactly).

Where the tables go: the ``rounds`` folder of the toolkit's cache
(:mod:`pokerdice_stats.ground.cache_dir`; ``$POKERDICE_CACHE_DIR`` empty keeps no
tables).  A file is named by a hash of the rule set, the players, exactness
and the package's source code (and numpy's version), so a changed package
never reads tables of another; a folder that cannot be written (a read-only
home) just means no tables are kept.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import tempfile
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np

from pokerdice_stats.games.seen.exact.strengths import goals_from_values
from pokerdice_stats.ground.bounds import check_structure
from pokerdice_stats.ground.cache_dir import (
    DamagedEntry,
    content_digest,
    read_entry,
    source_digest,
    warn_damaged,
)
from pokerdice_stats.ground.cache_dir import cache_folder as shared_cache_folder
from pokerdice_stats.ground.errors import LimitError, OptionError
from pokerdice_stats.ground.speaker import option
from pokerdice_stats.turn.hands import hand_table
from pokerdice_stats.turn.rules import RuleSet

#: The version of the entries' format (part of every entry and of its file's name).
FORMAT = 2


@dataclass(frozen=True, eq=False)
class RoundTables:
    """The columns of a solved round's seat tables that its seats' goals are built from.

    Attributes
    ----------
    rules : RuleSet
    players : int
    exact : bool
    columns : dict of int to dict of int to list of ndarray
        ``columns[t][k]`` for seats ``k`` that may take ``t`` throws: for
        ``k >= 2``, ``[F_k[:, 1, 1], F_k[:, 2, 2], ..., F_k[:, m + 1, m + 1]]``
        for the ``m`` tied leaders seat ``k`` can face; for the first seat,
        ``[F_1[:, 1, 1]]`` (its chance to win standing on each strength).
    """

    rules: RuleSet
    players: int
    exact: bool
    columns: dict[int, dict[int, list[np.ndarray]]]

    @classmethod
    def of_round(cls, result: Any) -> RoundTables:
        """The tables of a solved :class:`~pokerdice_stats.games.seen.exact.rounds.Round`."""
        columns: dict[int, dict[int, list[np.ndarray]]] = {}
        for t, chain in result.chains.items():
            seats = {1: [chain.values[1][:, 1, 1]]}
            for k in range(2, result.players + 1):
                after = chain.values[k]
                seats[k] = [after[:, m, m] for m in range(1, chain.max_tied(k) + 2)]
            columns[t] = seats
        return cls(result.rules, result.players, result.exact, columns)

    def goal_values(self, seat: int, strength: int, tied: int, throws: int) -> np.ndarray:
        """(1, S) values of seat ``seat``'s goal facing ``tied`` leaders at ``strength``.

        Built as :func:`~pokerdice_stats.games.seen.exact.seat_chain.solve_chain` builds that row:
        beating ``h`` is worth ``F[h, 1, 1]``, tying it ``F[s, m + 1, m + 1]``
        (nothing under ``must-beat``), anything below nothing.
        """
        cols = self.columns[throws][seat]
        size = len(cols[0])
        zero: Any = Fraction(0) if self.exact else np.float64(0.0)
        row = np.where(np.arange(size) > strength, cols[0], zero)
        must_beat = self.rules.ties == "must-beat"
        row[strength] = zero if must_beat else cols[tied][strength]
        return row[None, :]

    def policy(
        self, seat: int, against: str | int | None, tied: int, limit: int | None
    ) -> tuple[Any, int]:
        """As :meth:`~pokerdice_stats.games.seen.exact.rounds.Round.policy`, solving one goal.

        Only the goal asked is solved, from the saved columns of the seat tables.
        """
        from pokerdice_stats.games.seen.exact.throw_limit import has_throw_limit
        from pokerdice_stats.turn.holds import solve
        from pokerdice_stats.turn.staged import solve_staged

        rules = self.rules
        table = hand_table(rules)
        if seat == 1:
            if not has_throw_limit(rules):
                first = self.columns[rules.throws][1][0][None, :]
                goals = goals_from_values(first, rules, self.exact, "seat1")
                return solve(rules, goals, throws=rules.throws, exact=self.exact), 0
            stands = [self.columns[t][1][0][table.strength][None, :] for t in sorted(self.columns)]
            return solve_staged(rules, stands, exact=self.exact), 0
        t = rules.throws if limit is None else int(limit)
        if t not in self.columns:
            raise OptionError(f"the throw limit must be 1 to {rules.throws}, got {limit}")
        assert against is not None
        limit = len(self.columns[t][seat]) - 1
        if not 1 <= int(tied) <= limit:
            raise OptionError(f"seat {seat} can face 1 to {limit} tied hands, got {tied}")
        strength = int(table.strength[table.hand(against, option("against"))])
        values = self.goal_values(seat, strength, int(tied), t)
        goals = goals_from_values(values, rules, self.exact, f"seat{seat}")
        return solve(rules, goals, throws=t, exact=self.exact), 0


def cache_folder() -> Path | None:
    """The folder of the tables, or None when no tables are kept."""
    return shared_cache_folder("rounds")


def fingerprint() -> str:
    """A hash of the package's source code and numpy's version (tables are only
    read back by the code that wrote them)."""
    return f"{FORMAT} numpy {np.__version__} {source_digest()}"


def _key(rules: RuleSet, players: int, exact: bool) -> str:
    key = dataclasses.replace(rules, preset="gameweave")
    return f"{key!r} players={players} exact={exact} {fingerprint()}"


def _path(rules: RuleSet, players: int, exact: bool) -> Path | None:
    folder = cache_folder()
    if folder is None:
        return None
    text = _key(rules, players, exact)
    return folder / (hashlib.sha256(text.encode()).hexdigest()[:32] + ".json")


def _columns_text(columns: dict) -> str:
    """The encoded columns as canonical JSON text: what the entry's digest covers."""
    return json.dumps(columns, sort_keys=True, separators=(",", ":"))


def _encode(column: np.ndarray, exact: bool) -> list:
    if exact:
        return [f"{Fraction(v).numerator}/{Fraction(v).denominator}" for v in column]
    return [float(v) for v in column]


def _decode(column: list, exact: bool) -> np.ndarray:
    if exact:
        out = np.empty(len(column), dtype=object)
        out[:] = [Fraction(v) for v in column]
        return out
    return np.array(column, dtype=np.float64)


def load(rules: RuleSet, players: int, exact: bool) -> RoundTables | None:
    """The saved tables of a round, or None (none saved, or not usable).

    An entry is used only when it is a regular file within the size limit, of this
    format and key, whose digest matches its columns and whose values pass
    :func:`_valid`; any other is reported on standard error and computed again.
    """
    path = _path(rules, players, exact)
    if path is None:
        return None
    try:
        data = read_entry(path)
        if data is None:
            return None
        text = check_structure(data.decode("utf-8"), "the entry")
        entry = json.loads(text)
        if not isinstance(entry, dict) or entry.get("format") != FORMAT:
            raise DamagedEntry("another format")
        if entry.get("key") != _key(rules, players, exact):
            raise DamagedEntry("the entry of another round")
        encoded = entry.get("columns")
        if not isinstance(encoded, dict):
            raise DamagedEntry("no columns")
        if entry.get("digest") != content_digest(_columns_text(encoded).encode("utf-8")):
            raise DamagedEntry("its digest does not match its contents")
        columns = {
            int(t): {int(k): [_decode(c, exact) for c in cols] for k, cols in seats.items()}
            for t, seats in encoded.items()
        }
        if not _complete(columns, rules, players):
            raise DamagedEntry("seats or columns missing")
        _valid(columns, rules, players)
    except DamagedEntry as why:
        warn_damaged(path, why)
        return None
    except (
        LimitError,
        UnicodeDecodeError,
        ValueError,
        KeyError,
        TypeError,
        AttributeError,
        ZeroDivisionError,
        RecursionError,
    ) as err:
        warn_damaged(path, f"unreadable: {type(err).__name__}")
        return None
    return RoundTables(rules, players, exact, columns)


#: Rounding allowed in float tables (a chance may show as 1.0000000000000004).
_ROUNDING = 1e-9


def _valid(columns: dict, rules: RuleSet, players: int) -> None:
    """Check what must hold of a round's seat tables.

    Every value is a finite chance (0 to 1); every column grows with the strength of the
    hand (a stronger hand never wins less often); the last seat, alone in the lead after
    its turn, has won (1 at every strength); its ties are worth the same at every
    strength, and under ``ties=split`` one share each (1/2, 1/3, ...).

    Raises
    ------
    DamagedEntry
        Naming the first thing that does not hold.
    """
    for seats in columns.values():
        for k, cols in seats.items():
            for m, column in enumerate(cols):
                values = np.array([float(v) for v in column], dtype=np.float64)
                if not np.all(np.isfinite(values)):
                    raise DamagedEntry(f"seat {k}: a value that is not finite")
                if values.min() < -_ROUNDING or values.max() > 1 + _ROUNDING:
                    raise DamagedEntry(f"seat {k}: a chance outside 0 to 1")
                if np.any(np.diff(values) < -_ROUNDING):
                    raise DamagedEntry(f"seat {k}: a stronger hand worth less than a weaker one")
                if k != players:
                    continue
                if m == 0 and not np.all(np.abs(values - 1) <= _ROUNDING):
                    raise DamagedEntry("the last seat's sole lead does not always win")
                if np.ptp(values) > _ROUNDING:
                    raise DamagedEntry("the last seat's ties differ by strength")
                if m and rules.ties == "split" and abs(values[0] - 1 / (m + 1)) > _ROUNDING:
                    raise DamagedEntry("the last seat's split shares do not add up")


def _complete(columns: dict, rules: RuleSet, players: int) -> bool:
    """Whether read tables have every seat and column a round of ``players`` gives."""
    from pokerdice_stats.games.seen.exact.throw_limit import has_throw_limit

    size = hand_table(rules).n_strengths
    throws = range(1, rules.throws + 1) if has_throw_limit(rules) else [rules.throws]
    for t in throws:
        seats = columns.get(t, {})
        for k in range(1, players + 1):
            tied = 0 if k == 1 else 1 if rules.ties == "must-beat" else k - 1
            cols = seats.get(k, [])
            if len(cols) != tied + 1 or any(len(c) != size for c in cols):
                return False
    return True


def store(tables: RoundTables) -> None:
    """Save the tables (silently nothing when the folder cannot be written)."""
    path = _path(tables.rules, tables.players, tables.exact)
    if path is None:
        return
    columns = {
        str(t): {str(k): [_encode(c, tables.exact) for c in cols] for k, cols in seats.items()}
        for t, seats in tables.columns.items()
    }
    data = {
        "format": FORMAT,
        "key": _key(tables.rules, tables.players, tables.exact),
        "digest": content_digest(_columns_text(columns).encode("utf-8")),
        "columns": columns,
    }
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=".partial-", suffix=".json")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                json.dump(data, out)
            os.replace(temporary, path)
        except BaseException:
            os.unlink(temporary)
            raise
    except OSError:
        return
