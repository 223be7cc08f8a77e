"""Charts drawn only when what they show has changed.

Drawing a chart (matplotlib's layout, text and rendering) costs a tenth of a second to
half a second; the main job draws some twenty besides the strategy charts, and a fresh
clone already holds every one of them as committed.  A chart function decorated with
:func:`drawn_once` writes, in a PNG text chunk (:data:`DIGEST_KEY`), a digest of
everything it was drawn from: its arguments (the output path aside), the source file of
its module, :data:`DRAWING_VERSION` and the versions of matplotlib and Pillow.  Called
again with a PNG at the path that carries the same digest, it keeps the file as it is.

The arguments are read by :func:`inputs_digest`: numbers, text, fractions, arrays, data
frames, and lists, tuples, dicts and dataclasses of them.  Anything else is refused (a
``TypeError``), so that a chart cannot depend on something its digest leaves out.
"""

from __future__ import annotations

import contextvars
import dataclasses
import functools
import hashlib
import inspect
import io
from collections.abc import Callable, Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any, TypeVar

import numpy as np
import pandas as pd

from pokerdice_stats.ground.limits import read_bytes_capped

#: PNG text chunk holding the digest of what a chart was drawn from.
DIGEST_KEY = "pokerdice-stats inputs"
#: Raise when code the charts share changes how they look: every chart is drawn again.
DRAWING_VERSION = "1"
#: Largest chart read back for its digest (they are a few hundred KiB).
CHART_CAP = 64 * 1024**2

#: The digest :func:`~pokerdice_stats.engines.report.save_figure` writes into the PNG it
#: saves while a :func:`drawn_once` chart is drawn.
DRAWING_DIGEST: contextvars.ContextVar[str | None] = contextvars.ContextVar(
    "drawing_digest", default=None
)

Chart = TypeVar("Chart", bound=Callable[..., Path])


def drawn_digest(path: Path) -> str | None:
    """The digest stored in a chart at ``path``; None if it is missing, damaged or has none."""
    from PIL import Image

    try:
        data = read_bytes_capped(path, "chart", CHART_CAP)  # a regular file: never a FIFO
        with Image.open(io.BytesIO(data)) as image:
            digest = image.info.get(DIGEST_KEY)
            image.verify()  # every chunk present and its checksum right
    except (OSError, SyntaxError, ValueError):  # LimitError is a ValueError
        return None
    return digest if isinstance(digest, str) else None


def inputs_digest(*parts: Any) -> str:
    """A SHA-256 digest of ``parts`` read value by value (see the module docstring).

    Examples
    --------
    >>> import pandas as pd
    >>> frame = pd.DataFrame({"seat": [1, 2], "win": [0.5, 0.25]})
    >>> inputs_digest(frame, "title") == inputs_digest(frame.copy(), "title")
    True
    >>> inputs_digest(frame, "title") == inputs_digest(frame.assign(win=[0.5, 0.26]), "title")
    False
    """
    digest = hashlib.sha256()
    for piece in _pieces(parts):
        digest.update(piece)
        digest.update(b"\x1f")
    return digest.hexdigest()


def _pieces(value: Any) -> Iterator[bytes]:
    """The bytes ``value`` is read as: its kind, then its contents."""
    if value is None or isinstance(value, bool | int | float | str | Fraction | np.generic):
        yield f"{type(value).__name__}:{value!r}".encode()
    elif isinstance(value, np.ndarray):
        yield f"array:{value.dtype.str}:{value.shape}".encode()
        if value.dtype == object:
            yield from _pieces(value.tolist())
        else:
            yield np.ascontiguousarray(value).tobytes()
    elif isinstance(value, pd.DataFrame | pd.Series):
        frame = value.to_frame() if isinstance(value, pd.Series) else value
        yield f"frame:{[str(t) for t in frame.dtypes]}".encode()
        yield frame.to_csv(lineterminator="\n").encode()
    elif isinstance(value, list | tuple):
        yield f"{type(value).__name__}:{len(value)}".encode()
        for item in value:
            yield from _pieces(item)
    elif isinstance(value, dict):
        yield f"dict:{len(value)}".encode()
        for key, item in value.items():
            yield from _pieces(key)
            yield from _pieces(item)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        yield f"dataclass:{type(value).__qualname__}".encode()
        for field in dataclasses.fields(value):
            yield field.name.encode()
            yield from _pieces(getattr(value, field.name))
    else:
        raise TypeError(
            f"a chart's inputs are read for its digest, and {type(value).__name__} is not one "
            "of the kinds read (numbers, text, arrays, frames, and lists, tuples, dicts and "
            "dataclasses of them)"
        )


@functools.cache
def _source_digest(module_name: str) -> str:
    """SHA-256 of a module's source file (a change of the chart's code draws it again)."""
    import sys

    source = inspect.getsourcefile(sys.modules[module_name])
    assert source is not None
    return hashlib.sha256(Path(source).read_bytes()).hexdigest()


def drawn_once(chart: Chart) -> Chart:
    """Decorate a chart function whose last argument is the PNG's path and which saves it
    through :func:`~pokerdice_stats.engines.report.save_figure`: the chart is drawn only
    when no PNG at that path carries the digest of its other arguments (see the module
    docstring)."""
    import matplotlib
    import PIL

    @functools.wraps(chart)
    def draw(*arguments: Any) -> Path:
        *inputs, path = arguments
        digest = inputs_digest(
            DRAWING_VERSION,
            matplotlib.__version__,
            PIL.__version__,
            chart.__module__,
            chart.__qualname__,
            _source_digest(chart.__module__),
            inputs,
        )
        if drawn_digest(path) == digest:
            return Path(path)
        token = DRAWING_DIGEST.set(digest)
        try:
            return chart(*arguments)
        finally:
            DRAWING_DIGEST.reset(token)

    return draw  # type: ignore[return-value]
