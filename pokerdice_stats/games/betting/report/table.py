"""Report section: 001's round as written (seat 1 names the ante, entry, raise sizes).

Writes ``results/games/``, for 2 to 5 seats, seat 1 naming an ante of 1 to
:data:`ANTE_MAX` chips and raises of 1 to :data:`RAISE_MAX` chips:

- ``betting_as_written.csv`` / ``.md``: per seat, whether it meets the ante or
  sits out, its value with the right to sit out (``ev``) and without it
  (``ev_all_in``: every seat meets, seat 1 naming its best ante for that game),
  and the difference, what 001's rule is worth to the seat (exact in the CSV);
- ``betting_antes.csv``: per ante seat 1 may name, who meets it and seat 1's value,
  with and without the right to sit out;
- ``betting_raise_sizes.csv`` / ``.md``: the raise (chips) each seat makes when it
  leads with each category, nobody having raised before, every seat in, at the
  ante seat 1 names then;
- ``betting_sit_out_sessions.md``: seeded sessions of the round as written, how
  often each seat sits out (per round at the table) and how many rounds are void.

Exact; the sessions seeded: the same bytes on every run (antes are whole here).
"""

from __future__ import annotations

import functools
from pathlib import Path

import pandas as pd

from pokerdice_stats.engines.report import Task, write_text
from pokerdice_stats.engines.report.cache import disk_cached
from pokerdice_stats.games.betting.exact.decisions import raise_table
from pokerdice_stats.games.betting.exact.table import solve_table
from pokerdice_stats.games.seats import MAX_PLAYERS, MIN_PLAYERS
from pokerdice_stats.ground.formats import to_csv, to_markdown
from pokerdice_stats.ground.numbers import fixed_text
from pokerdice_stats.turn.rules import get_rules

PLAYERS = tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1))
#: The table's range of antes and of raises (chips).
ANTE_MAX = 3
RAISE_MAX = 3
#: Sessions of the round as written: seed, sessions, rounds, starting chips, table sizes.
SEED = 20261205
SESSIONS = 400
ROUNDS = 50
START = 20
SESSION_TABLES = (2, 3, 5)
NOTE = (
    f"Rules: triple-snakes (001) as written: seat 1 names an ante of 1 to {ANTE_MAX} "
    "chips; each other seat, in seat order and seeing who is in, meets it or sits out (out: "
    "pays nothing, throws nothing, cannot win); a round nobody meets is void (the ante goes "
    "back); the seats in throw in seat order, the seat now holding the best hand checks or "
    f"raises by 1 to {RAISE_MAX} chips, each seat still to throw meets or folds; the last "
    "best hand takes the pot.  Every seat maximises its own expected net chips of the round "
    "(subgame perfect; equal values: the smaller ante, meet, check, the smaller raise, meet "
    "before fold, the canonical hold).  Chips per round, ante included."
)


def _rules():
    return get_rules("triple-snakes")


@functools.cache
def _table(players: int, sit_out: bool):
    return solve_table(_rules(), players, ante_max=ANTE_MAX, raise_max=RAISE_MAX, sit_out=sit_out)


@functools.cache
@disk_cached
def seat_frame() -> pd.DataFrame:
    """Every seat of 2..5 seats: entry, value with and without the right to sit out."""
    rows = []
    for players in PLAYERS:
        table, all_in = _table(players, True), _table(players, False)
        for seat in range(1, players + 1):
            ev, without = table.ev[seat - 1], all_in.ev[seat - 1]
            rows.append(
                {
                    "players": players,
                    "seat": seat,
                    "ante_named": int(table.ante),
                    "entry": "names the ante"
                    if seat == 1
                    else ("meets" if seat in table.seats_in else "sits out"),
                    "void": table.void,
                    "ev": float(ev),
                    "ev_all_in": float(without),
                    "ante_named_all_in": int(all_in.ante),
                    "right_to_sit_out": float(ev - without),
                    "ev_exact": ev,
                    "ev_all_in_exact": without,
                    "right_to_sit_out_exact": ev - without,
                }
            )
    return pd.DataFrame(rows)


@functools.cache
@disk_cached
def ante_frame() -> pd.DataFrame:
    """Per table size and ante: who meets it, seat 1's value with and without entry."""
    rows = []
    for players in PLAYERS:
        table, all_in = _table(players, True), _table(players, False)
        for option, full in zip(table.options, all_in.options, strict=True):
            rows.append(
                {
                    "players": players,
                    "ante": int(option.ante),
                    "seats_in": ",".join(str(s) for s in option.seats_in),
                    "void": option.void,
                    "seat_1_value": float(option.ev[0]),
                    "seat_1_value_all_in": float(full.ev[0]),
                    "seat_1_value_exact": option.ev[0],
                    "seat_1_value_all_in_exact": full.ev[0],
                }
            )
    return pd.DataFrame(rows)


@functools.cache
@disk_cached
def raise_frame() -> pd.DataFrame:
    """The raise each seat makes leading with each category (every seat in)."""
    parts = []
    for players in PLAYERS:
        all_in = _table(players, False)
        frame = raise_table(all_in.round(all_in.ante, all_in.seats_in))
        frame = frame.rename(columns={"raises": "raise_chips"})
        frame = frame[["seat", "hand", "category", "decision", "raise_chips"]]
        frame.insert(0, "ante", int(all_in.ante))
        frame.insert(0, "players", players)
        parts.append(frame)
    return pd.concat(parts, ignore_index=True)


@functools.cache
@disk_cached
def session_frame() -> pd.DataFrame:
    """Seeded sessions of the round as written: sit-out rates and void rounds."""
    from pokerdice_stats.engines.simulation.run import RunOptions
    from pokerdice_stats.games.betting.simulation.sessions import simulate_betting_sessions

    rows = []
    for players in SESSION_TABLES:
        result = simulate_betting_sessions(
            _rules(),
            players,
            ROUNDS,
            START,
            run=RunOptions(n=SESSIONS, seed=SEED, progress=False),
            ante_max=ANTE_MAX,
            raise_max=RAISE_MAX,
            sit_out=True,
        )
        for seat, figures in enumerate(result.seats, start=1):
            rate = figures.sit_out_rate
            rows.append(
                {
                    "players": players,
                    "seat": seat,
                    "sits_out": rate.estimate,
                    "sits_out_ci_low": rate.ci_low,
                    "sits_out_ci_high": rate.ci_high,
                    "net_per_round": figures.net_per_round.estimate,
                    "void_rounds_share": result.void_rounds / result.rounds_played,
                }
            )
    return pd.DataFrame(rows)


def write_table(out_dir: Path) -> list[Path]:
    """Every file of the section."""
    folder = out_dir / "games"
    seats, antes, raises, sessions = seat_frame(), ante_frame(), raise_frame(), session_frame()
    written = [
        write_text(folder / "betting_as_written.csv", to_csv(seats)),
        write_text(folder / "betting_antes.csv", to_csv(antes)),
        write_text(folder / "betting_raise_sizes.csv", to_csv(raises)),
    ]
    text = "# Betting (001) as written: the ante named, sitting out, raise sizes\n\n"
    text += NOTE + "\n\n"
    text += (
        "`entry`: the seat's choice at the ante seat 1 names; `ev`: expected net chips a "
        "round with the right to sit out; `ev_all_in`: without it (every seat meets; seat 1 "
        "names `ante_named_all_in`); `right_to_sit_out`: the difference, what 001's rule "
        "is worth to the seat (exact in the CSV).  The last seat in loses in every round, so "
        "it sits out; then so does every seat before it: nobody meets the ante and the round "
        "is void at every ante.\n\n"
    )
    shown = seats[
        ["players", "seat", "ante_named", "entry", "ev", "ev_all_in", "ante_named_all_in"]
    ].copy()
    shown["right_to_sit_out"] = seats["right_to_sit_out"]
    text += to_markdown(shown)
    text += "\nSeat 1's value of each ante (chips a round), with and without sitting out:\n\n"
    wide = antes[["players", "ante", "seats_in", "seat_1_value", "seat_1_value_all_in"]].copy()
    text += to_markdown(wide)
    written.append(write_text(folder / "betting_as_written.md", text))
    text = "# Betting (001) as written: raise sizes chosen\n\n" + NOTE + "\n\n"
    text += (
        "Every seat in, at the ante seat 1 then names; a seat leading with the category "
        "(an example hand shown), nobody having raised before: the raise it makes, in chips "
        "(0: check).\n\n"
    )
    wide_raises = raises.pivot_table(
        index=["players", "ante", "seat"], columns="category", values="raise_chips", sort=False
    ).reset_index()
    text += to_markdown(wide_raises)
    written.append(write_text(folder / "betting_raise_sizes.md", text))
    text = "# Betting sessions (001) as written: who sits out\n\n" + NOTE + "\n\n"
    text += (
        f"{SESSIONS:,} sessions of at most {ROUNDS} rounds, {START} chips a seat, seed "
        f"{SEED}; the pot's taker starts the next round.  `sits_out`: the chance a seat sits "
        "a round out, per round at the table (95% interval); `void_rounds_share`: rounds "
        "nobody met the ante.\n\n"
    )
    table = sessions.copy()
    chances = ("sits_out", "sits_out_ci_low", "sits_out_ci_high", "void_rounds_share")
    for column in chances:
        table[column] = [fixed_text(100 * v, ".2f") for v in table[column]]
    text += to_markdown(table, percent=chances)
    written.append(write_text(out_dir / "simulation" / "betting_sit_out_sessions.md", text))
    return written


def _compute() -> list[Path]:
    seat_frame()
    ante_frame()
    raise_frame()
    session_frame()
    return []


def tasks(out_dir: Path) -> list[Task]:
    return [
        Task("betting as written", _compute, cost=8.0),
        Task("betting as written tables", lambda: write_table(out_dir)),
    ]
