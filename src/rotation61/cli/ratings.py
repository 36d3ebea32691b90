"""``rotation61 ratings RECORD...``: fit and show ratings from match records.

Every rack of every match counts; players are matched by name (trimmed, NFC). Ratings
resting on fewer racks than ``--preliminary-below`` are marked preliminary (``*``).
Players in groups that never met are each anchored on their own, with a warning. The
lines and the refusals are worded in ``--lang`` (``ratings.*`` in the scorekeeper
wording, ``refusal.ratings.*`` in the rules wording).
"""

from __future__ import annotations

import argparse
import sys
import warnings
from pathlib import Path

from rotation61.cli.record import load_records
from rotation61.ratings import RackTally, RatingsError, RatingsProblem, RatingsWarning, fit
from rotation61.records import MatchRecord, stats
from rotation61.text import Domain, Language, describe_refusal, gettext, ngettext

__all__ = ["add_arguments", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of ``rotation61 ratings`` to a parser."""
    parser.add_argument("records", type=Path, nargs="+", metavar="RECORD")
    parser.add_argument("--anchor", type=float, default=500.0, help="the anchor rating (500)")
    parser.add_argument(
        "--preliminary-below", type=int, default=100, help="racks for an established rating"
    )
    parser.add_argument(
        "--lang",
        choices=[lang.value for lang in Language],
        default=Language.VI.value,
        help="language of the lines and errors: vi or en (default: vi)",
    )


def _tallies(records: list[MatchRecord]) -> list[RackTally]:
    """The racks of every match; a match of a player against themselves is left out."""
    tallies = []
    for match in stats(records).matches:
        try:
            tally = RackTally(
                player=match.players[0],
                opponent=match.players[1],
                won=match.racks_won[0],
                lost=match.racks_won[1],
            )
        except RatingsError as err:
            if err.code is not RatingsProblem.SELF_TALLY:
                raise
            continue
        tallies.append(tally)
    return tallies


def run(args: argparse.Namespace) -> int:
    """Fit the ratings of every player of the records and print them, best first.

    A refused setting (``--anchor nan``) prints one worded line and exits 1.
    """
    lang = Language(args.lang)
    records = [r for path in args.records for r in load_records(path, check=False)]
    try:
        tallies = _tallies(records)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", RatingsWarning)
            rated = fit(tallies, anchor=args.anchor, preliminary_below=args.preliminary_below)
    except RatingsError as err:
        detail = describe_refusal(err, lang) or str(err)
        print(gettext(lang, Domain.SCOREKEEPER, "ratings.error", detail=detail), file=sys.stderr)
        return 1
    racks = sum(t.won + t.lost for t in tallies)
    matches = ngettext(lang, Domain.SCOREKEEPER, "ratings.matches", len(records))
    print(
        gettext(
            lang,
            Domain.SCOREKEEPER,
            "ratings.summary",
            matches=matches,
            racks=ngettext(lang, Domain.SCOREKEEPER, "ratings.racks", racks),
        )
    )
    for warning in caught:
        if isinstance(warning.message, RatingsWarning):
            found = warning.message.groups
            sizes = ", ".join(str(len(g)) for g in found[:10]) + (" …" if len(found) > 10 else "")
            line = gettext(
                lang,
                Domain.SCOREKEEPER,
                "ratings.warn.groups",
                groups=len(warning.message.groups),
                sizes=sizes,
                anchor=f"{args.anchor:g}",
            )
            print(line, file=sys.stderr)
    several = len({r.group for r in rated if r.group}) > 1
    for place, rating in enumerate(rated, start=1):
        mark = " *" if rating.preliminary else ""
        shown = ngettext(lang, Domain.SCOREKEEPER, "ratings.racks", rating.racks)
        group = ""
        if several:
            group = "  " + gettext(lang, Domain.SCOREKEEPER, "ratings.group", group=rating.group)
        print(f"{place:>3}. {rating.player:<28} {rating.rating:7.1f}  ({shown}){mark}{group}")
    if any(r.preliminary for r in rated):
        print(ngettext(lang, Domain.SCOREKEEPER, "ratings.preliminary", args.preliminary_below))
    return 0
