"""Every bound on what the toolkit accepts, in one place.

Counts (players, throws, match targets, rounds, samples, threads), sizes (files, cache
entries, CSV cells, banks, antes), numbers (digits of a whole number, the size of an
exact amount) and the nesting of structured files are bounded here (a game's own module
names them under its own names, e.g. ``MAX_ROUNDS``), so that nothing past a bound
reaches numba, a float conversion, the parser's recursion or an allocation.  Help texts
and refusals quote these constants; :mod:`pokerdice_stats.ground.limits` holds the memory
budget and the readers that use them.

The checks on text (:func:`check_structure`) run before a TOML or JSON parser sees it:
Python's parsers recurse once per nested array or table and convert every integer
however long, so a 1 KiB file nesting an array 500 deep, or an integer of 5,000 digits,
would end in a ``RecursionError`` or a ``ValueError`` from deep inside them.
"""

from __future__ import annotations

import re
from fractions import Fraction

from pokerdice_stats.ground.errors import LimitError

#: Most digits of a whole number (Python's ``int`` refuses more than 4,300).
MAX_DIGITS = 4000

#: Exact amounts (pays, targets, points, ties, antes) are at most this in size:
#: ``10**100``.  Their squares and sums stay far inside float64 (about 1.8e308), so
#: a variance or a float shown beside an exact figure cannot overflow.
MAX_AMOUNT_EXPONENT = 100
MAX_AMOUNT = 10**MAX_AMOUNT_EXPONENT

#: The denominator of an exact amount (in lowest terms) is at most this: ``10**40``
#: (a solved fair pay has about 12 digits); the common denominator of a whole schedule,
#: and every figure computed from it, then stays short enough to compute and print.
MAX_DENOMINATOR_EXPONENT = 40
MAX_DENOMINATOR = 10**MAX_DENOMINATOR_EXPONENT

#: Deepest nesting of arrays and tables in a rule, points or schedule file and in a
#: cache entry written as JSON (the rule documents' files nest at most 2 deep).
MAX_NESTING = 32

#: Largest input file read (rule, points and schedule files), in bytes: 1 MiB.
FILE_CAP = 1024**2

#: Longest cell of a CSV file (an exact amount of two 4,000-digit parts fits).
MAX_FIELD = 10_000

#: Largest cache entry read back, in bytes: 1 GiB (the report's are a few MiB, a fine
#: bidding ladder solved by many iterations some hundreds: 458 MB after 300).
CACHE_ENTRY_CAP = 1024**3

#: Most rounds one simulated session plays (``simulate --what session --rounds``), for
#: every game: progressive, banking, betting and sessions of pots.
MAX_SESSION_ROUNDS = 100_000

#: Most rounds one chunk of simulated sessions plays (sessions a chunk times rounds a
#: session), so that Ctrl-C, polled between chunks, is seen within a second or so.
CHUNK_ROUNDS = 1 << 21

#: Most rounds of the exact bank program (``payout --rounds``).
BANK_ROUNDS = 10_000

#: The largest bank of the bank program and of simulated progressive sessions (bank
#: values stay exact in float64 below 2**53): 10**15 points.
MAX_BANK = 10**15

#: Most threads a simulation runs on (``--workers``): more would only queue chunks.
MAX_WORKERS = 256

#: Most worker processes of the main job (``report --workers``): more would only wait.
MAX_WORKERS = 256

#: Most samples one simulation run may ask for (``--n``); beyond it a run would take days.
MAX_SAMPLES = 10**11


#: Throws a turn (``throws``), in rule files, ``--set`` and the presets.
MAX_THROWS = 10

#: Round wins that take a match (the ``target`` option).
MAX_TARGET = 50

#: The fewest and the most seats of a round (the rule documents: two or more, usually no
#: more than five).
MIN_PLAYERS = 2
MAX_PLAYERS = 5

#: The exact banking session walk: most rounds, and the largest starting bank (points).
BANKING_ROUNDS = 20_000
BANKING_BANK = 10**12

#: The largest ante of a simulated session of pots (chips), as the banking sessions' bank:
#: a session's net chips (at most ante * players * rounds) stay far inside int64.
POT_ANTE = 10**12

#: Most (scores, starter) states of an exact match chain: ``target ** players * players``.
MAX_MATCH_STATES = 100_000


def largest_match_target(players: int, most: int) -> int:
    """The largest target of round wins an exact match of ``players`` solves: at most
    ``most`` (the rules' bound) and within :data:`MAX_MATCH_STATES` score states."""
    target = 0
    while target < most and (target + 1) ** players * players <= MAX_MATCH_STATES:
        target += 1
    return target


def match_targets_text(players: range, most: int) -> str:
    """``"1 to 50 for 2 players, 32 for 3, ..."``: the per-player bound of match targets."""
    tops = [f"{largest_match_target(n, most)} for {n}" for n in players]
    return f"1 to {tops[0]} players, " + ", ".join(tops[1:])


#: The rule every exact amount follows, for messages and help.
AMOUNT_RULE = (
    "ASCII digits, an optional leading minus, decimal part, exponent of at most 3 digits "
    f"or /denominator, no spaces, at most 10**{MAX_AMOUNT_EXPONENT} in size and "
    f"10**{MAX_DENOMINATOR_EXPONENT} in denominator"
)


def check_amount(value: Fraction, shown: str) -> Fraction:
    """``value`` itself, when it is at most :data:`MAX_AMOUNT` in size.

    Raises
    ------
    LimitError
        Naming the bound.
    """
    if abs(value) > MAX_AMOUNT:
        raise LimitError(f"{shown} is larger than 10**{MAX_AMOUNT_EXPONENT}, the largest amount")
    if value.denominator > MAX_DENOMINATOR:
        raise LimitError(
            f"{shown} has a denominator past 10**{MAX_DENOMINATOR_EXPONENT} (in lowest terms), "
            "the finest amount"
        )
    return value


def chunk_sessions(rounds: int, sessions: int) -> int:
    """Sessions a chunk of ``rounds``-round sessions holds: ``sessions`` (the usual chunk),
    fewer for long sessions so that a chunk plays at most :data:`CHUNK_ROUNDS` rounds."""
    return max(1, min(int(sessions), CHUNK_ROUNDS // max(int(rounds), 1)))


_TOKENS = re.compile(r"\\.|\"\"\"|'''|[\"'#\[\]{}\n]", re.DOTALL)
_LONG_DIGITS = re.compile(f"[0-9_]{{{MAX_DIGITS + 1},}}")


def nesting_depth(text: str, stop: int = MAX_NESTING) -> int:
    """The deepest nesting of ``[`` and ``{`` in TOML or JSON text, outside strings and
    comments (counting stops once past ``stop``)."""
    depth = deepest = 0
    state = ""  # "", a quote that opened a string, or "#" in a comment
    for match in _TOKENS.finditer(text):
        token = match.group()
        if state == "":
            if token in ('"""', "'''", '"', "'", "#"):
                state = token
            elif token in "[{":
                depth += 1
                deepest = max(deepest, depth)
                if deepest > stop:
                    break
            elif token in "]}":
                depth = max(depth - 1, 0)
        elif state == "#":
            state = "" if token == "\n" else state
        elif state in ('"', "'"):
            if token[0] == state or token == "\n" or (state == "'" and token == "\\'"):
                state = ""
        elif token == state:
            state = ""
    return deepest


def check_structure(text: str, what: str) -> str:
    """``text`` itself, when it nests at most :data:`MAX_NESTING` deep and writes no
    number of more than :data:`MAX_DIGITS` digits (checked before a parser sees it).

    Raises
    ------
    LimitError
        Naming ``what`` and the bound passed.
    """
    if nesting_depth(text) > MAX_NESTING:
        raise LimitError(f"{what} nests arrays or tables more than {MAX_NESTING} deep")
    if _LONG_DIGITS.search(text):
        raise LimitError(f"{what} holds a number of more than {MAX_DIGITS} digits")
    return text


#: The largest int64: numbers the kernels hold, and what JSON readers and other tools take.
INT64_MAX = 2**63 - 1

#: The largest seed of a simulation: an int64 (numpy's SeedSequence would take more).
SEED_MAX = INT64_MAX

#: Most iterations of an equilibrium solver (``--max-iterations``): the double oracle
#: stops within some tens, fictitious play within thousands.
MAX_SOLVER_ITERATIONS = 100_000
