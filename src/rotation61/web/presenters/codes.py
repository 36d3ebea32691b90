"""QR codes for the desk: each match's console and scoreboard address, as inline SVG.

Tablets at the tables scan them. The address is the one the desk was opened at (the
request's host), so a desk opened at the server's LAN address gives codes that the
tablets on that network can reach. Drawn on the server with segno (pure Python, no
network).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import segno

__all__ = ["DeskCodes", "desk_codes", "qr_svg"]


@dataclass(frozen=True, slots=True, kw_only=True)
class DeskCodes:
    """One match's addresses and their QR codes."""

    console_url: str
    console_svg: str
    scoreboard_url: str
    scoreboard_svg: str


def qr_svg(url: str) -> str:
    """The QR code of an address, as an inline ``<svg>`` element (scales with its box)."""
    code = segno.make(url, error="m")
    svg: str = code.svg_inline(scale=4, border=2, svgclass="qr", lineclass=None, omitsize=True)
    return svg


def desk_codes(base_url: str, match_ids: Iterable[int]) -> dict[int, DeskCodes]:
    """The console and scoreboard codes of each match, under ``base_url`` (the desk's host)."""
    base = base_url.rstrip("/")
    codes = {}
    for match_id in match_ids:
        console = f"{base}/matches/{match_id}/console"
        board = f"{base}/matches/{match_id}/scoreboard"
        codes[match_id] = DeskCodes(
            console_url=console,
            console_svg=qr_svg(console),
            scoreboard_url=board,
            scoreboard_svg=qr_svg(board),
        )
    return codes
