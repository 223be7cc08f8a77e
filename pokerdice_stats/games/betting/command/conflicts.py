"""Options of ``betting`` and its sessions that contradict each other: ``--raises 0``
(no raise allowed) with ``--raise``, or with a seat facing a raise."""

from __future__ import annotations

from pokerdice_stats.ground.errors import OptionError


def check_raise_size(raise_size, raises: int | None) -> None:
    """Refuse a raise size (``--raise``) where no raise is allowed (``--raises 0``).

    Parameters
    ----------
    raise_size : str or None
        ``--raise`` as given (None: not given).
    raises : int or None
        ``--raises`` as given (None: not given, the default 1).

    Raises
    ------
    OptionError
        Naming both options.
    """
    if raises == 0 and raise_size is not None:
        raise OptionError(
            f"--raise {raise_size} with --raises 0: no raise is allowed, so a raise size "
            "means nothing (leave out one of them)"
        )


def no_raise_to_face(seat: int) -> OptionError:
    """The error of a seat asked to meet or fold under ``--raises 0``.

    Parameters
    ----------
    seat : int
        The seat asked about (``--seat``).
    """
    return OptionError(
        f"--raises 0 allows no raise, so seat {seat} cannot be facing one: give --hand, or "
        "--dice and --throws-left"
    )
