"""``rotation61 ratings RECORD...``: fit and show ratings from match records.

Every rack of every match counts; players are matched by name. Ratings resting on
fewer racks than ``--preliminary-below`` are marked preliminary (``*``).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from rotation61.cli.record import load_records
from rotation61.ratings import RackTally, fit
from rotation61.records import stats

__all__ = ["add_arguments", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of ``rotation61 ratings`` to a parser."""
    parser.add_argument("records", type=Path, nargs="+", metavar="RECORD")
    parser.add_argument("--anchor", type=float, default=500.0, help="the anchor rating (500)")
    parser.add_argument(
        "--preliminary-below", type=int, default=100, help="racks for an established rating"
    )


def run(args: argparse.Namespace) -> int:
    """Fit the ratings of every player of the records and print them, best first."""
    records = [r for path in args.records for r in load_records(path, check=False)]
    tallies = [
        RackTally(
            player=match.players[0],
            opponent=match.players[1],
            won=match.racks_won[0],
            lost=match.racks_won[1],
        )
        for match in stats(records).matches
        if match.players[0] != match.players[1]
    ]
    rated = fit(tallies, anchor=args.anchor, preliminary_below=args.preliminary_below)
    print(f"{len(records)} matches, {sum(t.won + t.lost for t in tallies)} racks")
    for place, rating in enumerate(rated, start=1):
        mark = " *" if rating.preliminary else ""
        racks = f"{rating.racks} rack" + ("" if rating.racks == 1 else "s")
        print(f"{place:>3}. {rating.player:<28} {rating.rating:7.1f}  ({racks}){mark}")
    if any(r.preliminary for r in rated):
        print(f"* preliminary: fewer than {args.preliminary_below} racks")
    return 0
