"""Hex geometry for Heroscape battlefields: axial coordinates (q, r), the six neighbours, and
distance in spaces. Battlefield files are written as rows of spaces, odd rows shifted half a
space to the right ("odd-r" offset layout); ``offset_to_axial`` converts."""

from __future__ import annotations

DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def offset_to_axial(col: int, row: int) -> tuple[int, int]:
    return col - (row - (row & 1)) // 2, row


def axial_to_offset(q: int, r: int) -> tuple[int, int]:
    return q + (r - (r & 1)) // 2, r


def neighbours(q: int, r: int) -> list[tuple[int, int]]:
    return [(q + dq, r + dr) for dq, dr in DIRECTIONS]


def distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Spaces between two hexes, ignoring levels (Range is counted this way)."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def centre(q: int, r: int) -> tuple[float, float]:
    """The centre of a hex in the plane (pointy-top hexes, 1 unit from centre to corner:
    adjacent centres are sqrt(3) apart)."""
    return (3 ** 0.5) * (q + r / 2), 1.5 * r
