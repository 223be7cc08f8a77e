"""Schedule files: the one format, read and written by the same code.

A schedule file is a CSV laid out as 004 prints its table: a row per
loser category, a column per paying winner category, and an optional first
line naming it::

    # schedule: house rules
    loser,three-of-a-kind,full-house,big-straight,four-of-a-kind,five-of-a-kind
    high-die,6,24,30,48,1200
    little-straight,6,24,30,48,1200
    one-pair,6,24,30,48,1200
    two-pair,3,12,15,24,600
    three-of-a-kind,*,8,10,16,400
    full-house,-,*,3,4,100
    big-straight,-,-,*,3,80
    four-of-a-kind,-,-,-,*,50
    five-of-a-kind,-,-,-,-,*

An amount is a whole number, a fraction ``p/q`` or a decimal (read exactly);
``*`` marks the push on the diagonal and ``-`` a pair that cannot happen (the
winner does not beat the loser); a blank cell gives no amount.  Winners that
have no column are paid nothing.  Lines starting with ``#`` are comments;
without a ``# schedule: NAME`` line the schedule is named after the file.
:func:`write_schedule` writes exactly this layout (the main job's
``results/games/progressive_schedule.csv`` is one), and :func:`read_schedule`
reads it back to the same schedule.

A two-sided schedule (what the house pays the player when the player wins
differs from what the player pays the house when the house wins) has two
grids of that layout, each after a line naming its side::

    # schedule: house edge
    # side: player (the house pays the player when the player wins)
    loser,three-of-a-kind,...
    ...
    # side: house (the player pays the house when the house wins)
    loser,three-of-a-kind,...
    ...

A file with one grid and no side line pays the same both ways, as 004's.
The row-per-pair layout takes a first column ``side`` (``player`` or
``house``) for a two-sided schedule: ``side,winner,loser,amount``.

Two older layouts are still read: CSV with the header ``winner,loser,amount``
(a row per pair) and TOML with a ``[payout.WINNER]`` table of ``LOSER = amount``
per paying winner.
"""

from __future__ import annotations

import csv
import io
import tomllib
from pathlib import Path, PurePath

from pokerdice_stats.games.progressive.exact.schedule import (
    PROGRESSIVE_SCHEDULE,
    SEED_NAME,
    PayoutSchedule,
    ScheduleError,
    check_payout_arguments,
    checked_schedule,
)
from pokerdice_stats.games.progressive.exact.schedule_entries import category_slug
from pokerdice_stats.ground.arguments import checked_path
from pokerdice_stats.ground.arguments import shown as shown_value
from pokerdice_stats.ground.bounds import MAX_FIELD, check_structure
from pokerdice_stats.ground.errors import OutputError
from pokerdice_stats.ground.limits import LimitError, read_text_or
from pokerdice_stats.ground.outputs import write_output
from pokerdice_stats.turn.rules import RuleSet

_NAME_PREFIX = "# schedule:"
_SIDE_PREFIX = "# side:"
#: The side lines the writer writes (the reader needs only their first word).
SIDE_LINES = {
    "player": "# side: player (the house pays the player when the player wins)",
    "house": "# side: house (the player pays the house when the house wins)",
}


def read_schedule(path: str | Path) -> PayoutSchedule:
    """Read a schedule file (see the module docstring).

    Parameters
    ----------
    path : str or Path
        The file: ``.csv`` (the one format :func:`write_schedule` writes) or an older
        ``.toml``.

    Returns
    -------
    PayoutSchedule
        The schedule, named by its ``# schedule: NAME`` line (else after the file).

    Raises
    ------
    ScheduleError
        For a missing file, a directory, an unreadable or malformed file, an
        unknown category, a bad amount or a pair given twice.
    """
    if not isinstance(path, (str, PurePath)):
        raise ScheduleError(f"the schedule file must be a path, got {shown_value(path)}")
    if not str(path).strip():
        raise ScheduleError("the schedule file must be a path, got an empty one")
    path = Path(path)
    shown = str(path)
    if path.is_dir():
        raise ScheduleError(f"schedule file {shown!r} is a directory, not a file")
    text = read_text_or(ScheduleError, path, "schedule file")
    text = text.removeprefix("\ufeff")  # the byte-order mark of a spreadsheet's "CSV UTF-8"
    source = f"schedule file {shown!r}"
    suffix = path.suffix.lower()
    if suffix == ".csv":
        schedule = _parse_csv(text, path.stem, source)
    elif suffix == ".toml":
        schedule = _parse_toml(text, path.stem, source)
    else:
        raise ScheduleError(f"{source}: expected a .csv file (or an older .toml one)")
    name = schedule.name
    if name == PROGRESSIVE_SCHEDULE.name and not _same_amounts(schedule, PROGRESSIVE_SCHEDULE):
        name = f"{name}, edited"  # the file kept 004's name over pays of its own
    return schedule.renamed(name, shown)


def _same_amounts(one: PayoutSchedule, other: PayoutSchedule) -> bool:
    """True when two schedules pay the same on both sides (whatever their order)."""
    house = [sorted(s.side("house").amounts) for s in (one, other)]
    return sorted(one.amounts) == sorted(other.amounts) and house[0] == house[1]


def load_schedule(spec: str | Path | None) -> PayoutSchedule:
    """A schedule named on the command line: ``004`` (or None) for 004's schedule, else a file."""
    if spec is None or str(spec).strip() == SEED_NAME:
        return PROGRESSIVE_SCHEDULE
    return read_schedule(spec)


def schedule_text(schedule: PayoutSchedule, rules: RuleSet) -> str:
    """The schedule file's text: the name line, then the grid of :meth:`PayoutSchedule.frame`.

    Parameters
    ----------
    schedule : PayoutSchedule
        The schedule to write (two grids, each after its side line, when two-sided).
    rules : RuleSet
        Gives the categories, in their order, of the grid's rows and columns.

    Returns
    -------
    str
        The CSV text that :func:`read_schedule` reads back to the same schedule.

    Raises
    ------
    ScheduleError
        If the schedule names a category the rules do not have.
    """
    check_payout_arguments(rules, schedule)
    out = io.StringIO()
    out.write(f"{_NAME_PREFIX} {schedule.name}\n")
    writer = csv.writer(out, lineterminator="\n")
    sides = ("player", "house") if schedule.two_sided else ("player",)
    for side in sides:
        if schedule.two_sided:
            out.write(SIDE_LINES[side] + "\n")
        frame = schedule.frame(rules, side)
        writer.writerow(frame.columns)
        writer.writerows(frame.itertuples(index=False))
    return out.getvalue()


def write_schedule(schedule: PayoutSchedule, path: str | Path, rules: RuleSet) -> Path:
    """Write a schedule file that :func:`read_schedule` reads back to the same amounts.

    Parameters
    ----------
    schedule : PayoutSchedule
        The schedule to write.
    path : str or Path
        The file to write, ending in ``.csv`` (replaced if it exists; missing folders are
        made, as for the charts and cards).
    rules : RuleSet
        Gives the categories, in their order, of the grid's rows and columns.

    Returns
    -------
    Path
        The path written.

    Raises
    ------
    ScheduleError
        For a path that is not a path (a str or Path), does not end in ``.csv`` or cannot
        be written, or a schedule that names a category the rules do not have.
    """
    check_payout_arguments(rules, schedule)
    path = checked_path(path, "path", ScheduleError)
    if path.suffix.lower() != ".csv":
        raise ScheduleError(f"schedule files are written as CSV: {str(path)!r} must end in .csv")
    text = schedule_text(schedule, rules)
    try:
        write_output(path, text, "schedule file", make_parents=True)
    except OutputError as err:
        raise ScheduleError(str(err)) from None
    return path


def _parse_csv(text: str, default_name: str, source: str) -> PayoutSchedule:
    name = default_name
    sections: dict[str | None, list[str]] = {None: []}
    side: str | None = None
    for line in text.splitlines():
        stripped = _unquoted_comment(line.strip())
        if stripped.lower().startswith(_NAME_PREFIX):
            # a spreadsheet pads the line with the table's empty cells: ",,,"
            name = stripped[len(_NAME_PREFIX) :].rstrip(", ").strip() or default_name
        elif stripped.lower().startswith(_SIDE_PREFIX):
            words = stripped[len(_SIDE_PREFIX) :].replace(",", " ").split()
            side = words[0].lower() if words else ""
            if side not in SIDE_LINES:
                raise ScheduleError(f"{source}: a side line names player or house: {stripped!r}")
            if side in sections:
                raise ScheduleError(f"{source}: the {side} side is given twice")
            sections[side] = []
        elif stripped.strip(", ") and not stripped.startswith("#"):  # not a row of empty cells
            sections[side].append(line)
    if len(sections) == 1:
        rows = _csv_rows(sections[None], source)
        header = [cell.strip().lower() for cell in rows[0]] if rows else []
        if header == ["side", "winner", "loser", "amount"]:
            return _parse_sided_pairs(rows[1:], name, source)
        return checked_schedule(name, _grid(sections[None], source), source)
    if sections[None]:
        raise ScheduleError(f"{source}: a two-sided schedule has its grids after the side lines")
    if set(sections) != {None, *SIDE_LINES}:
        raise ScheduleError(f"{source}: a two-sided schedule needs both a player and a house side")
    player = _grid(sections["player"], f"{source} (player side)")
    house = _grid(sections["house"], f"{source} (house side)")
    return checked_schedule(name, player, source, house)


def _unquoted_comment(line: str) -> str:
    """A comment line as a spreadsheet may save it, its first cell quoted because it holds a
    comma (``"# schedule: a, b",,,``), as the comment itself; any other line unchanged."""
    if not line.startswith('"#'):
        return line
    try:
        first = next(csv.reader([line]))[0]
    except (csv.Error, StopIteration):
        return line
    return first.strip()


def _csv_rows(lines: list[str], source: str) -> list[list[str]]:
    """The CSV rows of ``lines``, every cell at most :data:`MAX_FIELD` characters.

    Raises
    ------
    ScheduleError
        For a longer cell or text that is not CSV.
    """
    try:
        rows = list(csv.reader(io.StringIO("\n".join(lines))))
    except csv.Error as err:
        if "field larger" in str(err):
            raise ScheduleError(
                f"{source}: a cell is longer than {MAX_FIELD:,} characters"
            ) from None
        raise ScheduleError(f"{source}: not a CSV table ({err})") from None
    if any(len(cell) > MAX_FIELD for row in rows for cell in row):
        raise ScheduleError(f"{source}: a cell is longer than {MAX_FIELD:,} characters")
    return rows


def _grid(lines: list[str], source: str) -> list[tuple[object, ...]]:
    """(winner, loser, amount) of one grid (or of the row-per-pair layout)."""
    rows = _csv_rows(lines, source)
    if not rows:
        raise ScheduleError(f"{source}: the schedule is empty")
    header = [cell.strip().lower() for cell in rows[0]]
    if header == ["winner", "loser", "amount"]:
        return _pairs(rows[1:], source)
    if not header or header[0] != "loser":
        raise ScheduleError(
            f"{source}: the header must be loser,WINNER,WINNER,... (or winner,loser,amount)"
        )
    winners = [category_slug(cell) for cell in header[1:]]
    twice = next((w for i, w in enumerate(winners) if w in winners[:i]), None)
    if twice is not None:
        raise ScheduleError(f"{source}: the column {twice} is given twice in the header")
    triples: list[tuple[object, ...]] = []
    seen_losers: set[str] = set()
    for row in rows[1:]:
        if len(row) != len(header):
            raise ScheduleError(
                f"{source}: every row needs {len(header)} cells (loser and one per winner): {row}"
            )
        if category_slug(row[0]) == "loser":
            raise ScheduleError(
                f"{source}: a second header row: a two-sided schedule gives each grid after "
                "its own side line ('# side: player', then '# side: house')"
            )
        for loser in _losers(row[0]):
            if loser in seen_losers:
                raise ScheduleError(f"{source}: the row of {loser} is given twice")
            seen_losers.add(loser)
            triples.extend(_row_amounts(winners, loser, row[1:], source))
    return triples


def _losers(cell: str) -> list[str]:
    """The losers of a row: one category, or several paid alike (``bust / one pair``, as
    004's table merges its rows)."""
    return [category_slug(part) for part in cell.split("/")]


def _row_amounts(
    winners: list[str], loser: str, cells: list[str], source: str
) -> list[tuple[object, ...]]:
    """(winner, loser, amount) of one loser's cells of a grid."""
    triples: list[tuple[object, ...]] = []
    for winner, raw in zip(winners, cells, strict=True):
        cell = raw.strip()  # an amount itself keeps its blanks: numbers refuse them
        if winner == loser:
            if cell not in ("*", ""):
                raise ScheduleError(
                    f"{source}: {winner} over {loser}: the same category is a push (*)"
                )
        elif cell == "*":
            raise ScheduleError(
                f"{source}: {winner} over {loser}: * marks a push, where the column and the row "
                "name the same category (the diagonal); is the header or the row misnamed?"
            )
        elif cell not in ("-", ""):
            triples.append((winner, loser, raw))
    return triples


def _pairs(rows: list[list[str]], source: str) -> list[tuple[object, ...]]:
    triples: list[tuple[object, ...]] = []
    for row in rows:
        if len(row) != 3:
            raise ScheduleError(f"{source}: every row needs winner,loser,amount: {row}")
        triples.append((row[0].strip(), row[1].strip(), row[2]))  # numbers refuse blanks
    return triples


def _parse_sided_pairs(rows: list[list[str]], name: str, source: str) -> PayoutSchedule:
    sides: dict[str, list[tuple[object, ...]]] = {"player": [], "house": []}
    for row in rows:
        if len(row) != 4 or row[0].strip().lower() not in sides:
            raise ScheduleError(
                f"{source}: every row needs side,winner,loser,amount (side player or house): {row}"
            )
        sides[row[0].strip().lower()].append((row[1].strip(), row[2].strip(), row[3]))
    return checked_schedule(name, sides["player"], source, sides["house"])


def _parse_toml(text: str, default_name: str, source: str) -> PayoutSchedule:
    try:
        data = tomllib.loads(check_structure(text, source))
    except LimitError as err:
        raise ScheduleError(str(err)) from None
    except tomllib.TOMLDecodeError as err:
        raise ScheduleError(f"{source}: {err}") from None
    payout = data.get("payout")
    if not isinstance(payout, dict) or not payout:
        raise ScheduleError(f"{source}: needs [payout.WINNER] tables of LOSER = amount")
    triples: list[tuple[object, ...]] = []
    for winner, losers in payout.items():
        if not isinstance(losers, dict):
            raise ScheduleError(f"{source}: payout.{winner} must be a table of LOSER = amount")
        triples.extend((winner, loser, amount) for loser, amount in losers.items())
    return checked_schedule(str(data.get("name", default_name)), triples, source)
