"""The ``pokerdice-stats`` command: a thin shell over the package's modules.

Bad input (an unknown rule, a malformed hand, an impossible option) prints
one message and exits with status 2; no traceback.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterator
from typing import NoReturn

from pokerdice_stats import __version__
from pokerdice_stats.commands import register_all
from pokerdice_stats.ground.errors import PokerDiceError, shorten_message
from pokerdice_stats.ground.limits import BUDGET_ENV, env_budget, parse_size, set_memory_budget
from pokerdice_stats.ground.outputs import StdoutError
from pokerdice_stats.ground.speaker import command_line
from pokerdice_stats.ground.threads import checked_thread_variable
from pokerdice_stats.web import command as serve


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every sub-command."""
    parser = _Parser(
        prog="pokerdice-stats",
        description="The mathematics of Poker Dice: exact odds, optimal holds, games.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    register_all(subparsers)
    serve.register(subparsers)
    for sub in _every_parser(parser):  # `rules compare` too: every command takes it
        sub.add_argument(
            "--memory-budget",
            default=argparse.SUPPRESS,
            metavar="SIZE",
            help="most memory an exact computation may plan to use, e.g. 16G (default: "
            f"${BUDGET_ENV}, else half the machine's memory)",
        )
    return parser


def _every_parser(parser: argparse.ArgumentParser) -> Iterator[argparse.ArgumentParser]:
    """``parser`` and every sub-command's parser below it, at any depth."""
    yield parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in dict.fromkeys(action.choices.values()):  # aliases: once
                yield from _every_parser(sub)


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line that does not repeat long inputs in full.

    The usage summary is left out (it runs to ten lines for some commands); the
    message points at ``--help`` instead.  An option is never read from a shortened
    name (``--players`` is not ``hold --players-left``, ``--throws`` not
    ``--throws-left``: each means something else on other commands); an unknown option
    is named with the command's options it may have meant.
    """

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("allow_abbrev", False)
        super().__init__(*args, **kwargs)
        self._given: list[str] = []

    def parse_known_args(self, args=None, namespace=None):
        self._given = list(sys.argv[1:] if args is None else args)
        twice = _given_twice(self, self._given)
        if twice is not None:
            self.error(f"option {twice} is given twice: give it once (the last is never kept)")
        return super().parse_known_args(args, namespace)

    def error(self, message: str) -> NoReturn:
        helped: argparse.ArgumentParser = self
        if message.startswith("unrecognized arguments: "):
            helped = _command_given(self, self._given)
            message = unknown_options_message(helped, message)
        self.exit(2, f"{self.prog}: error: {shorten_message(message)} (see {helped.prog} --help)\n")


#: The argparse actions that take one value (a second would replace the first).
_SINGLE_VALUED = (argparse._StoreAction,)  # a flag given twice says the same thing twice


def _given_twice(parser: argparse.ArgumentParser, given: list[str]) -> str | None:
    """The first of ``parser``'s own one-value options named twice in ``given`` (as
    ``--name VALUE`` or ``--name=VALUE``, before any ``--``), or None."""
    tokens = given[: given.index("--")] if "--" in given else given
    names = [token.split("=", 1)[0] for token in tokens if token.startswith("-")]
    for action in parser._actions:
        if not isinstance(action, _SINGLE_VALUED) or not action.option_strings:
            continue
        if sum(names.count(option) for option in action.option_strings) > 1:
            return "/".join(action.option_strings)
    return None


def _command_given(parser: argparse.ArgumentParser, given: list[str]) -> argparse.ArgumentParser:
    """The parser of the sub-command (and its own sub-command) named in ``given``."""
    command = parser
    for token in given:
        sub = _subcommands(command).get(token)
        if sub is not None:
            command = sub
    return command


def unknown_options_message(command: argparse.ArgumentParser, message: str) -> str:
    """``message`` (argparse's "unrecognized arguments: ...") with, for each unknown
    option, the options of ``command`` it may have meant (an option that starts with
    it, or one spelled alike)."""
    import difflib

    known = [o for o in command._option_string_actions if o.startswith("--")]
    parts = []
    for token in message.removeprefix("unrecognized arguments: ").split():
        name = token.split("=", 1)[0]
        if not name.startswith("--"):
            continue
        close = [o for o in known if o.startswith(name)]
        close += [
            o for o in difflib.get_close_matches(name, known, n=3, cutoff=0.75) if o not in close
        ]
        hint = f" (did you mean {' or '.join(close[:3])}?)" if close else ""
        parts.append(f"{name}{hint}")
    if not parts:
        return message
    return f"unknown option{'s' if len(parts) > 1 else ''} " + "; ".join(parts)


def _subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    """The sub-command parsers of ``parser`` by name (none for a leaf command)."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    from pokerdice_stats.ground.interrupts import SEEN, install

    SEEN.clear()  # a Ctrl-C of an earlier run in this process is not this run's
    install()
    parser = build_parser()
    args = parser.parse_args(argv)
    from pokerdice_stats.engines.cli import TEXT_OUTPUT
    from pokerdice_stats.ground.formats import TEXT_WIDTH

    TEXT_OUTPUT["width"] = TEXT_WIDTH if getattr(args, "format", "table") == "table" else None
    try:
        with command_line():  # messages name the flags (pokerdice_stats.ground.speaker)
            if "memory_budget" in args:
                set_memory_budget(parse_size(args.memory_budget))
            else:
                set_memory_budget(None)
                env_budget()  # a malformed or oversized $POKERDICE_MEMORY_BUDGET is refused
            checked_thread_variable()  # so is a $NUMBA_NUM_THREADS numba would stop on
            status = int(args.func(args) or 0)
    except KeyboardInterrupt as err:
        why = f"; {err}" if str(err) else ""
        _say(f"pokerdice-stats: interrupted{why}")
        return 130
    except Exception as err:
        if SEEN.is_set():
            # Whatever a Ctrl-C broke on its way out is the interrupt: a C extension whose
            # initialisation it cut ("ImportError: initialization failed", matplotlib's
            # ft2font), or the toolkit's own message about that import.
            _say("pokerdice-stats: interrupted")
            return 130
        return _status_of(err)
    finally:
        set_memory_budget(None)
    if SEEN.is_set() and status != 130:
        # A Ctrl-C that a library swallowed (Python could only ignore it, in a finaliser)
        # while the command went on to finish: the run was still interrupted.
        _say("pokerdice-stats: interrupted")
        return 130
    return status


def _status_of(err: Exception) -> int:
    """The exit status of a command that raised ``err``, after saying why in one line; an
    error the command line does not expect is raised again (a defect: its traceback)."""
    if isinstance(err, PokerDiceError):
        _fail(str(err))
        if isinstance(err, StdoutError):
            _quiet_stdout()  # Python's flush at exit would fail again
        return 2
    if isinstance(err, BrokenPipeError):
        # The reader went away (``... | head -1``): stop quietly, as a shell tool does.
        return _broken_pipe()
    if isinstance(err, OSError):
        # A folder that cannot be made or a file that cannot be written or read.
        where = f" {err.filename!r}" if getattr(err, "filename", None) else ""
        _fail(f"cannot use{where}: {err.strerror or err}")
        return 2
    if isinstance(err, MemoryError):
        _fail("not enough memory for this request")
        return 2
    raise err


def _fail(message: str) -> None:
    _say(f"pokerdice-stats: error: {shorten_message(message)}")


def _say(line: str) -> None:
    """One line on standard error; nothing when it is closed (the status still tells)."""
    if sys.stderr is None:  # closed before the start: print would fall back to stdout
        return
    try:
        print(line, file=sys.stderr, flush=True)
    except (OSError, ValueError, AttributeError):
        pass


#: Exit status after a closed pipe: 128 + SIGPIPE, as a shell reports a tool killed by it.
BROKEN_PIPE_STATUS = 141


def _broken_pipe() -> int:
    """Point standard output at /dev/null so that Python's flush at exit stays quiet."""
    _quiet_stdout()
    return BROKEN_PIPE_STATUS


def _quiet_stdout() -> None:
    """Point standard output at /dev/null (when it has a file descriptor)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # none, or no descriptor (a test's capture)
        pass


if __name__ == "__main__":
    sys.exit(main())


def entry() -> None:
    """The ``pokerdice-stats`` console script: :func:`main`, then exit with its status.

    After an interrupt (status 130) the process ends at once (``os._exit``),
    without waiting at exit for worker threads still finishing a chunk; an interrupt
    swallowed by a library still ends it within
    :data:`~pokerdice_stats.ground.interrupts.LAST_RESORT_SECONDS`.
    """
    try:
        from pokerdice_stats.ground.interrupts import arm_last_resort

        arm_last_resort()
        status = main()
    except KeyboardInterrupt:  # a second Ctrl-C while the first was being handled
        _say("pokerdice-stats: interrupted")
        status = 130
    if status == 130:
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (OSError, ValueError, AttributeError):
                pass
        os._exit(130)
    sys.exit(status)
