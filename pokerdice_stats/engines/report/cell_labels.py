"""Short labels drawn into a rendered figure's pixels with Pillow, a thousand at a time.

Matplotlib lays out and rasterises every text artist on its own, about a
millisecond each; a strategy chart writes two labels in each of its cells, a
thousand in all, which was half the time of drawing it.  Here the figure is
rendered without them (:func:`render`), and each label is then drawn into the
pixels with the font matplotlib would use (its DejaVu Sans, regular or bold) at
the same size, centred on its point.

Examples
--------
>>> from matplotlib.figure import Figure
>>> fig = Figure(figsize=(2, 1))
>>> ax = fig.subplots()
>>> image = render(fig, [CellLabel(ax, 0.5, 0.5, "K K", 8.0, True, "#222222")], dpi=50)
>>> image.size
(100, 50)
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.font_manager import FontProperties, findfont
from PIL import Image, ImageDraw, ImageFont

__all__ = ["CellLabel", "render"]


@dataclass(frozen=True)
class CellLabel:
    """One label: where (data coordinates of ``axes``), what, and how.

    Attributes
    ----------
    axes : Axes
    x, y : float
        The label's centre, in the data coordinates of ``axes``.
    text : str
    size : float
        Font size in points.
    bold : bool
    colour : str
        A colour Pillow reads (``#rrggbb`` or a name).
    """

    axes: Axes
    x: float
    y: float
    text: str
    size: float
    bold: bool
    colour: str


@functools.lru_cache(maxsize=16)
def _font(pixels: float, bold: bool) -> ImageFont.FreeTypeFont:
    """Matplotlib's default sans-serif font, at ``pixels`` to the em."""
    path = findfont(FontProperties(family="DejaVu Sans", weight="bold" if bold else "normal"))
    return ImageFont.truetype(path, pixels)


def render(figure: Figure, labels: Sequence[CellLabel], dpi: float) -> Image.Image:
    """``figure`` rendered at ``dpi`` (RGB), with ``labels`` drawn in.

    Parameters
    ----------
    figure : Figure
        Drawn as it is (its artists other than the labels).
    labels : sequence of CellLabel
    dpi : float
        Pixels per inch; a label of ``size`` points is ``size * dpi / 72`` pixels to the em.
    """
    figure.set_dpi(dpi)
    canvas = FigureCanvasAgg(figure)
    canvas.draw()
    width, height = canvas.get_width_height()
    image = Image.frombuffer("RGBA", (width, height), canvas.buffer_rgba(), "raw", "RGBA", 0, 1)
    image = image.convert("RGB")
    pen = ImageDraw.Draw(image)
    for label in labels:
        px, py = label.axes.transData.transform((label.x, label.y))
        font = _font(label.size * dpi / 72.0, label.bold)
        pen.text((px, height - py), label.text, font=font, fill=label.colour, anchor="mm")
    return image
