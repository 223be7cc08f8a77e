"""Running the command line in tests, and checking its error contract."""

from __future__ import annotations

from pokerdice_stats import cli


def run_cli(capsys, *argv: str) -> tuple[int, str, str]:
    """Run ``pokerdice-stats ARGV``; return the exit code, stdout and stderr."""
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def assert_cli_error(capsys, argv, *needles: str) -> str:
    """The command exits 2 with one line on stderr, no traceback, nothing on stdout.

    ``needles``: the words the message must hold (at least one: a test that
    names no words would pass on any error, the wrong one included).
    """
    assert needles, "name the words the error message must hold"
    code, out, err = run_cli(capsys, *argv)
    assert code == 2, (argv, out, err)
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("pokerdice-stats: error: ")
    assert "Traceback" not in err
    for needle in needles:
        assert needle in lines[0], (needle, lines[0])
    return lines[0]


def cli_output(*argv: str) -> str:
    """The standard output of ``pokerdice-stats ARGV``, which must exit 0 (outside pytest)."""
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = cli.main(list(argv))
    if code != 0:
        raise RuntimeError(f"pokerdice-stats {' '.join(argv)} exited {code}")
    return out.getvalue()
