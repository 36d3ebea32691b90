"""Importing a match record: does the time grow linearly and the memory stay bounded?

Builds one long valid record (a race to 99, racks of many legal safeties, one seed) and
imports its first 1,000, 10,000 and 100,000 inputs through the web app's import path
(``MatchService.import_json``: shape check, JSON decode, ``from_json``,
``MatchLog.from_record``, ``log.inputs()``, the repository's insert into SQLite). Each
size runs in its own process: first timed, then again under ``tracemalloc`` for the peak
of Python allocations, and the process's peak RSS. Prints, per size, the microseconds
per input and the peak MB (and MB per 1,000 inputs, which stays flat when memory is
proportional to the record).

    python bench/import.py [--sizes 1000 10000 100000]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"

_MAKE = r"""
import random, sys
from rotation61.match import decide, play, start_match
from rotation61.records import MatchHeader, replay_inputs, to_json
from rotation61.records.inputs import DecisionInput, ShotInput
from rotation61.rules import Phase, Shot

count, path = int(sys.argv[1]), sys.argv[2]
rng = random.Random(61)
match = start_match(race_to=99)
items = []
while len(items) < count:
    rack = match.rack
    if rack.phase is Phase.DECISION:
        option = rack.pending.options[0]
        items.append(DecisionInput(option=option, by=rack.pending.chooser))
        match = decide(match, option, by=rack.pending.chooser)
        continue
    balls = sorted(rack.on_table)
    if rack.is_break:
        shot = Shot(first_contact=balls[0], pocketed=(balls[-1],),
                    break_rail_balls=frozenset(balls[1:5]))
    elif rng.random() < 0.995:
        shot = Shot(first_contact=balls[0], rail_after_contact=frozenset({0}))
    else:
        shot = Shot(first_contact=balls[0], pocketed=(balls[0],),
                    rail_after_contact=frozenset({0}))
    items.append(ShotInput(shot=shot))
    match, _ = play(match, shot)
header = MatchHeader(players=("An", "Binh"), race_to=99)
log = replay_inputs(header, items)
with open(path, "w", encoding="utf-8") as out:
    out.write(to_json(log.record))
"""

_CHILD = r"""
import json, resource, sys, time, tracemalloc
from rotation61.web.adapters.matches import SqlRepository
from rotation61.web.core.database import create_db_engine, migrate
from rotation61.web.services.matches import MatchService

class Quiet:
    def published(self, match_id, seq):
        pass

record_path, db_path = sys.argv[1], sys.argv[2]
with open(record_path, encoding="utf-8") as f:
    text = f.read()
engine = create_db_engine(f"sqlite:///{db_path}")
migrate(engine)
service = MatchService(SqlRepository(engine), Quiet())
start = time.perf_counter()
stored = service.import_json(text)
elapsed = time.perf_counter() - start
tracemalloc.start()
service.import_json(text)
_, peak = tracemalloc.get_traced_memory()
tracemalloc.stop()
rss_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({"inputs": stored.log_length, "seconds": elapsed, "peak": peak,
                  "rss": rss_kb * 1024, "bytes": len(text.encode())}))
"""


def _python(code: str, *args: str) -> str:
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    done = subprocess.run(
        [sys.executable, "-c", code, *args], env=env, check=True, capture_output=True, text=True
    )
    return done.stdout


def main() -> int:
    """Build the records, import each size in its own process, print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1_000, 10_000, 100_000])
    args = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for size in args.sizes:
            record = Path(tmp) / f"record-{size}.json"
            _python(_MAKE, str(size), str(record))
            out = _python(_CHILD, str(record), str(Path(tmp) / f"db-{size}.sqlite3"))
            rows.append(json.loads(out))
    print(
        f"{'inputs':>8} {'record MB':>10} {'import s':>9} {'us/input':>9} "
        f"{'peak MB':>8} {'MB/1k in':>9} {'max RSS MB':>11}"
    )
    for row in rows:
        n = row["inputs"]
        peak_mb = row["peak"] / 1e6
        print(
            f"{n:>8} {row['bytes'] / 1e6:>10.2f} {row['seconds']:>9.2f} "
            f"{row['seconds'] / n * 1e6:>9.1f} {peak_mb:>8.1f} {peak_mb / n * 1000:>9.2f} "
            f"{row['rss'] / 1e6:>11.1f}"
        )
    first, last = rows[0], rows[-1]
    growth = (last["seconds"] / last["inputs"]) / (first["seconds"] / first["inputs"])
    print(f"time per input, largest / smallest: {growth:.2f} (1.0 = linear)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
