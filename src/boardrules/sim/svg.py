"""Charts as inline SVG, drawn by hand (no plotting library, no font or script to fetch): a
forest plot of win rates with their 95% intervals, a histogram, lines by turn, and a forest
plot of differences around zero. Each returns one ``<svg>`` element as text, sized in pixels,
with a ``<title>`` for readers and ``data-chart`` naming its kind (the browser tests find
them by it)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

WIDTH = 640
ROW = 22  # pixels per row of a forest plot
LEFT = 230  # the labels' column
RIGHT = 30
TOP = 28
COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf")


@dataclass(frozen=True)
class Interval:
    """One row of a forest plot: a value (a rate from 0 to 1, or a difference) and its interval."""

    label: str
    value: float
    low: float
    high: float
    colour: str = COLOURS[0]


def _open(kind: str, title: str, height: int, width: int = WIDTH) -> list[str]:
    return [f'<svg xmlns="http://www.w3.org/2000/svg" data-chart="{kind}" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" role="img" font-family="sans-serif" font-size="12">',
            f"<title>{escape(title)}</title>",
            f'<text x="4" y="16" font-weight="bold">{escape(title)}</text>']


def _cut(text: str, limit: int = 34) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def forest(title: str, rows: Sequence[Interval], reference: float | None = None, lo: float = 0.0,
           hi: float = 1.0, percent: bool = True, kind: str = "forest") -> str:
    """Each row's value as a dot on its interval, on an axis from ``lo`` to ``hi``;
    ``reference`` (an even share, or no difference) as a dashed line."""
    height = TOP + ROW * max(1, len(rows)) + 36
    span = (hi - lo) or 1.0

    def x(v: float) -> float:
        return LEFT + (min(hi, max(lo, v)) - lo) / span * (WIDTH - LEFT - RIGHT)

    out = _open(kind, title, height)
    bottom = TOP + ROW * max(1, len(rows))
    for k in range(5):  # the axis: five ticks
        v = lo + span * k / 4
        out.append(f'<line x1="{x(v):.1f}" y1="{TOP}" x2="{x(v):.1f}" y2="{bottom}" stroke="#ddd"/>')
        out.append(f'<text x="{x(v):.1f}" y="{bottom + 16}" text-anchor="middle">{_tick(v, percent)}</text>')
    if reference is not None:
        out.append(f'<line x1="{x(reference):.1f}" y1="{TOP - 4}" x2="{x(reference):.1f}" y2="{bottom}" '
                   'stroke="#555" stroke-dasharray="4 3"/>')
    for i, r in enumerate(rows):
        y = TOP + ROW * i + ROW / 2
        out.append(f'<text x="{LEFT - 8}" y="{y + 4:.1f}" text-anchor="end">{escape(_cut(r.label))}</text>')
        out.append(f'<g class="row"><title>{escape(r.label)}: {_tick(r.value, percent, 1)} '
                   f'({_tick(r.low, percent, 1)} to {_tick(r.high, percent, 1)})</title>'
                   f'<line x1="{x(r.low):.1f}" y1="{y:.1f}" x2="{x(r.high):.1f}" y2="{y:.1f}" stroke="{r.colour}" '
                   f'stroke-width="2"/><circle cx="{x(r.value):.1f}" cy="{y:.1f}" r="4" fill="{r.colour}"/></g>')
    out.append(f'<text x="{(LEFT + WIDTH - RIGHT) / 2:.0f}" y="{height - 4}" text-anchor="middle" fill="#555">'
               f'{"win rate with its 95% interval" if percent and kind == "forest" else "95% interval"}</text>')
    out.append("</svg>")
    return "".join(out)


def _tick(v: float, percent: bool, digits: int = 0) -> str:
    return f"{v * 100:.{digits}f}%" if percent else f"{v:.{max(1, digits)}f}"


def histogram(title: str, bins: Sequence[tuple[int, int, int]], x_label: str, colour: str = COLOURS[0]) -> str:
    """Counts in ranges of whole numbers (``analysis.histogram``) as bars."""
    height, left, bottom_pad = 200, 50, 40
    out = _open("histogram", title, height)
    top, bottom = TOP, height - bottom_pad
    most = max((c for _, _, c in bins), default=0) or 1
    width = (WIDTH - left - RIGHT) / max(1, len(bins))
    out.append(f'<line x1="{left}" y1="{bottom}" x2="{WIDTH - RIGHT}" y2="{bottom}" stroke="#555"/>')
    out.append(f'<text x="{left - 6}" y="{top + 8}" text-anchor="end">{most}</text>')
    out.append(f'<text x="{left - 6}" y="{bottom}" text-anchor="end">0</text>')
    step = max(1, len(bins) // 8)
    for i, (a, b, c) in enumerate(bins):
        h = (bottom - top) * c / most
        x0 = left + i * width
        span = f"{a}" if a == b else f"{a} to {b}"
        out.append(f'<rect class="bar" x="{x0 + 1:.1f}" y="{bottom - h:.1f}" width="{max(1.0, width - 2):.1f}" '
                   f'height="{h:.1f}" fill="{colour}"><title>{escape(span)}: {c}</title></rect>')
        if i % step == 0:
            out.append(f'<text x="{x0 + width / 2:.1f}" y="{bottom + 14}" text-anchor="middle">{a}</text>')
    out.append(f'<text x="{(left + WIDTH - RIGHT) / 2:.0f}" y="{height - 6}" text-anchor="middle" fill="#555">'
               f"{escape(x_label)}</text>")
    out.append("</svg>")
    return "".join(out)


def lines(title: str, series: Sequence[tuple[str, Sequence[float]]], x_label: str) -> str:
    """One line per series (a seat's mean score by turn), the turns along the bottom."""
    height, left, bottom_pad = 240, 50, 40
    out = _open("lines", title, height)
    top, bottom = TOP + 14, height - bottom_pad
    longest = max((len(s) for _, s in series), default=0)
    most = max((v for _, s in series for v in s), default=0.0)
    least = min(0.0, min((v for _, s in series for v in s), default=0.0))
    span = (most - least) or 1.0

    def x(t: int) -> float:
        return left + (t / max(1, longest - 1)) * (WIDTH - left - RIGHT - 90)

    def y(v: float) -> float:
        return bottom - (v - least) / span * (bottom - top)

    out.append(f'<line x1="{left}" y1="{bottom}" x2="{WIDTH - RIGHT - 90}" y2="{bottom}" stroke="#555"/>')
    out.append(f'<text x="{left - 6}" y="{top + 4}" text-anchor="end">{most:.0f}</text>')
    out.append(f'<text x="{left - 6}" y="{bottom}" text-anchor="end">{least:.0f}</text>')
    for t in sorted({0, longest - 1, (longest - 1) // 2}):
        if t >= 0:
            out.append(f'<text x="{x(t):.1f}" y="{bottom + 14}" text-anchor="middle">{t + 1}</text>')
    for k, (name, values) in enumerate(series):
        colour = COLOURS[k % len(COLOURS)]
        points = " ".join(f"{x(t):.1f},{y(v):.1f}" for t, v in enumerate(values))
        out.append(f'<polyline class="series" fill="none" stroke="{colour}" stroke-width="2" points="{points}">'
                   f"<title>{escape(name)}</title></polyline>")
        out.append(f'<text x="{WIDTH - RIGHT - 84}" y="{top + 14 * k + 4}" fill="{colour}">{escape(_cut(name, 14))}</text>')
    out.append(f'<text x="{(left + WIDTH - RIGHT - 90) / 2:.0f}" y="{height - 6}" text-anchor="middle" fill="#555">'
               f"{escape(x_label)}</text>")
    out.append("</svg>")
    return "".join(out)


__all__ = ["COLOURS", "Interval", "forest", "histogram", "lines"]
