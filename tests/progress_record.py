"""A progress watcher that keeps every report, for tests of a solve's stages."""

from __future__ import annotations

from pokerdice_stats.ground.progress import Progress


class RecordedProgress(Progress):
    """:class:`~pokerdice_stats.ground.progress.Progress` keeping each report it is given,
    in order, as ``(share, words)`` in :attr:`seen`."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: list[tuple[float, str]] = []

    def update(self, fraction: float, words: str) -> None:
        self.seen.append((fraction, words))
        super().update(fraction, words)
