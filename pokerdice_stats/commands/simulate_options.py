"""The options of ``simulate``: which simulations use which, and the refusals."""

from __future__ import annotations

import argparse

from pokerdice_stats.ground import bounds
from pokerdice_stats.ground.errors import OptionError

#: Most samples one run may ask for (``--n``); beyond it a run would take days.
MAX_SAMPLES = bounds.MAX_SAMPLES


#: The options of ``simulate`` that only some simulations use, and which use them.
#: ``session`` is a progressive session; ``banking`` a blind banking session; ``betting``
#: a betting session (001); ``pots`` a session of pots (seen rounds): a session is the
#: game of the rules' preset, as the registry says (:data:`SESSION_KINDS`).
OPTION_USERS = {
    "goal": ("turn",),
    "policy": ("turn", "round", "banking"),
    "knowledge": ("round",),
    "players": ("round", "match", "pots", "banking", "betting"),
    "rounds": ("session", "pots", "banking", "betting"),
    "to": ("match",),
    "computer": ("session",),
    "start": ("session", "banking", "betting"),
    "ante": ("pots", "banking", "betting"),
    "raise": ("betting",),
    "raises": ("betting",),
    "short": ("betting",),
    "ante_max": ("betting",),
    "raise_max": ("betting",),
    "sit_out": ("betting",),
    "schedule": ("session",),
    "ladder": ("bidding",),
}
#: The kind of session each game plays (the key of :data:`OPTION_USERS`).
SESSION_KINDS = {
    "progressive": "session",
    "banking": "banking",
    "betting": "betting",
    "seen": "pots",
}
_KIND_NAMES = {
    "turn": "--what turn",
    "round": "--what round",
    "match": "--what match",
    "session": "a progressive session (--what session under --rules progressive)",
    "pots": "a session of pots (--what session under --rules gameweave or classic)",
    "banking": "a blind banking session (--what session under --rules banking)",
    "betting": "a betting session (--what session under --rules triple-snakes)",
    "bidding": "--what bidding",
}
_USER_NAMES = {
    "turn": "turn",
    "round": "round",
    "match": "match",
    "session": "progressive session",
    "pots": "session of pots",
    "banking": "blind banking session",
    "betting": "betting session",
    "bidding": "bidding",
}


def check_simulate_options(args: argparse.Namespace, rules) -> None:
    """Refuse options of ``simulate`` that the chosen simulation does not use.

    Raises
    ------
    OptionError
        Naming the first such option and the simulations that use it.
    """
    kind = args.what
    if kind == "match" and args.rounds is not None:
        raise OptionError(
            "--rounds is the number of rounds a session plays; a match's target of round "
            "wins is --to K (as in `match --to`)"
        )
    if kind == "session":
        from pokerdice_stats.games.registry import game_for

        kind = SESSION_KINDS[game_for(rules, "session").name]
    for name, users in OPTION_USERS.items():
        if getattr(args, name, None) is not None and kind not in users:
            where = ", ".join(_USER_NAMES[u] for u in users)
            option = name.replace("_", "-")
            raise OptionError(
                f"--{option} does not apply to {_KIND_NAMES[kind]}; it is for: {where}"
            )
    check_samples(args.n)


def check_samples(n: int | None, option: str = "--n") -> None:
    """Refuse a sample count above :data:`MAX_SAMPLES`.

    Raises
    ------
    OptionError
        If ``n`` is more than :data:`MAX_SAMPLES`.
    """
    if n is not None and n > MAX_SAMPLES:
        raise OptionError(f"{option} must be at most {MAX_SAMPLES:,} (10**11) samples, got {n:,}")
