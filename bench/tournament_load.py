"""Load benchmark of a tournament: a big double elimination, its tables, its spectators.

Starts a real server (SQLite with one worker, or PostgreSQL with several), creates a
``--players`` double elimination on ``--tables`` tables through the desk API (CSV
import, check-in, draw, start), connects ``--spectators`` server-sent-event streams to
the public event page (half Vietnamese, half English), then has every table end the
match the queue gave it (B concedes: one input to the table's scorekeeper match, whose
end stores the event result and calls the next match) with ``--interval`` seconds
(jittered) between a result and the table's next one, until ``--results`` results.

It reports the results per second, the table's round trip (the match's last input ->
its acknowledgment, which is sent after the event result is stored), and the latency
from a result's acknowledgment to its arrival at *every* spectator (the first frame
showing that match decided; a frame that arrives before the acknowledgment counts as
0), p50/p99/max, plus the frames' mean size.

    .venv/bin/python bench/tournament_load.py --backend both
    .venv/bin/python bench/tournament_load.py --players 64 --tables 16 --spectators 200
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from web_load import (
    PG_ADMIN,
    Connection,
    _basic,
    percentile,
    postgres_database,
    start_server,
    stop_server,
)

_DECIDED = re.compile(rb'id=\\"m-([A-Za-z0-9_.-]+)\\" class=\\"m (?:done|walkover)')


@dataclass
class Spectator:
    decided: dict[str, float] = field(default_factory=dict)
    frames: int = 0
    bytes: int = 0


@dataclass
class Hall:
    event_id: int
    pins: dict[int, str]
    acks: dict[str, float] = field(default_factory=dict)
    round_trips: list[float] = field(default_factory=list)
    errors: int = 0
    done: asyncio.Event = field(default_factory=asyncio.Event)


async def _json(conn: Connection, method: str, path: str, body: Any = None, **h: str) -> Any:
    raw = json.dumps(body).encode() if body is not None else b""
    status, payload = await conn.request(method, path, raw, h or None)
    if status >= 300:
        raise RuntimeError(f"{method} {path}: {status} {payload[:300]!r}")
    return json.loads(payload) if payload else None


async def setup(port: int, players: int, tables: int) -> Hall:
    conn = Connection(port)
    auth = {"Authorization": _basic()}
    try:
        body = {"name": "Bench Open", "format": "double", "draw_seed": 61, "race": 3}
        event = await _json(conn, "POST", "/api/tournaments", body | {"tables": tables}, **auth)
        event_id = event["id"]
        lines = ["name,club,rating,class"] + [
            f"Player {i},Club {i % 17},{400 + (i * 37) % 400}," for i in range(1, players + 1)
        ]
        status, payload = await conn.request(
            "POST",
            f"/api/tournaments/{event_id}/entries/import",
            ("\n".join(lines) + "\n").encode(),
            {**auth, "Content-Type": "text/csv"},
        )
        if status != 201:
            raise RuntimeError(f"import: {status} {payload[:300]!r}")
        ids = [e["id"] for e in json.loads(payload)["entries"]]
        await _json(conn, "POST", f"/api/tournaments/{event_id}/checkin", {"players": ids}, **auth)
        await _json(conn, "POST", f"/api/tournaments/{event_id}/draw", **auth)
        await _json(conn, "POST", f"/api/tournaments/{event_id}/start", **auth)
        pins = {int(k): v for k, v in (await _json(conn, "GET", "/api/tables", **auth)).items()}
    finally:
        await conn.close()
    return Hall(event_id=event_id, pins=pins)


class _Watcher(asyncio.Protocol):
    """One spectator's connection: stamps each frame when its last bytes arrive.

    The client serves 1,000 connections from one process on the server's cores: a
    frame is stamped in the callback that receives its bytes, not after a reader task
    per connection has been scheduled (which measured the client's own queue too).
    """

    def __init__(self, request: bytes, spectator: Spectator, ready: asyncio.Event) -> None:
        self._request = request
        self._spectator = spectator
        self._ready = ready
        self._buffer = b""
        self._headers = True
        self.closed = asyncio.get_running_loop().create_future()

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        transport.write(self._request)

    def data_received(self, data: bytes) -> None:
        now = time.monotonic()
        buffer = self._buffer + data
        if self._headers:
            end = buffer.find(b"\r\n\r\n")
            if end < 0:
                self._buffer = buffer
                return
            buffer, self._headers = buffer[end + 4 :], False
        *lines, self._buffer = buffer.split(b"\n")
        spectator = self._spectator
        for line in lines:
            if not line.startswith(b"data: "):
                continue
            spectator.frames += 1
            spectator.bytes += len(line) + 1
            for code in _DECIDED.findall(line):
                spectator.decided.setdefault(code.decode(), now)
            self._ready.set()

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.closed.done():
            self.closed.set_result(None)


async def watch(
    port: int, hall: Hall, spectator: Spectator, lang: str, ready: asyncio.Event
) -> None:
    request = (
        f"GET /api/tournaments/{hall.event_id}/events?lang={lang} HTTP/1.0\r\n"
        "Host: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n"
    ).encode()
    transport, protocol = await asyncio.get_running_loop().create_connection(
        lambda: _Watcher(request, spectator, ready), "127.0.0.1", port
    )
    try:
        await protocol.closed
    finally:
        transport.close()


async def table(port: int, hall: Hall, number: int, interval: float, limit: int) -> None:
    pace = random.Random(number)
    await asyncio.sleep(pace.uniform(0, interval))
    while not hall.done.is_set():
        # A connection per match: the server closes a keep-alive idle for 5 s.
        conn = Connection(port)
        try:
            now = await _json(conn, "GET", f"/api/tables/{number}")
            if now["scorekeeper_match"] is None:
                await asyncio.sleep(0.2)
                continue
            ref, code = now["scorekeeper_match"], now["match"]
            token = await _json(
                conn, "POST", f"/api/matches/{ref}/referee-token", {"pin": hall.pins[number]}
            )
            board = await _json(conn, "GET", f"/api/matches/{ref}")
            body = {"expected_seq": board["seq"], "kind": "event", "event": "concede_match"}
            raw = json.dumps(body | {"player": "B"}).encode()
            sent = time.monotonic()
            status, payload = await conn.request(
                "POST",
                f"/api/matches/{ref}/inputs",
                raw,
                {"Authorization": f"Bearer {token['token']}"},
            )
            acked = time.monotonic()
        finally:
            await conn.close()
        if status != 200:
            hall.errors += 1
            print(f"table {number}: {code} -> {status} {payload[:200]!r}", file=sys.stderr)
            await asyncio.sleep(0.5)
            continue
        hall.acks[code] = acked
        hall.round_trips.append(acked - sent)
        if len(hall.acks) >= limit:
            hall.done.set()
        await asyncio.sleep(pace.uniform(0.5 * interval, 1.5 * interval))


async def run_load(port: int, args: argparse.Namespace) -> dict[str, Any]:
    hall = await setup(port, args.players, args.tables)
    spectators = [Spectator() for _ in range(args.spectators)]
    readies = [asyncio.Event() for _ in spectators]
    watchers = []
    for i, s in enumerate(spectators):  # connect in small batches, as a hall fills up
        watchers.append(
            asyncio.create_task(watch(port, hall, s, "vi" if i % 2 else "en", readies[i]))
        )
        if i % 50 == 49:
            await asyncio.sleep(0.05)
    await asyncio.wait_for(asyncio.gather(*(r.wait() for r in readies)), timeout=300)
    await asyncio.sleep(1.0)
    started = time.monotonic()
    tables = [
        asyncio.create_task(table(port, hall, n, args.interval, args.results))
        for n in range(1, args.tables + 1)
    ]
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(hall.done.wait(), timeout=args.max_seconds)
    hall.done.set()
    for outcome in await asyncio.gather(*tables, return_exceptions=True):
        if isinstance(outcome, Exception):
            hall.errors += 1
            print(f"a table stopped: {outcome!r}", file=sys.stderr)
    scored = time.monotonic() - started
    await asyncio.sleep(2.0)  # let the last frames arrive
    for w in watchers:
        w.cancel()
    await asyncio.gather(*watchers, return_exceptions=True)
    latencies: list[float] = []
    last: list[float] = []  # per result: the ack -> its arrival at the last spectator
    per_result: list[dict[str, Any]] = []
    missing = 0
    for code, acked in hall.acks.items():
        arrivals = [s.decided.get(code) for s in spectators]
        got = [max(0.0, a - acked) for a in arrivals if a is not None]
        missing += len(arrivals) - len(got)
        latencies.extend(got)
        if got:
            last.append(max(got))
            per_result.append(
                {
                    "match": code,
                    "first_ms": round(min(got) * 1000, 1),
                    "p50_ms": round(percentile(got, 50) * 1000, 1),
                    "last_ms": round(max(got) * 1000, 1),
                }
            )
    frames = sum(s.frames for s in spectators)
    return {
        "players": args.players,
        "tables": args.tables,
        "spectators": len(spectators),
        "results": len(hall.acks),
        "errors": hall.errors,
        "seconds": round(scored, 2),
        "results_per_s": round(len(hall.acks) / scored, 2) if scored else 0,
        "ack_ms_p50": round(percentile(hall.round_trips, 50) * 1000, 1),
        "ack_ms_p99": round(percentile(hall.round_trips, 99) * 1000, 1),
        "deliveries": len(latencies),
        "missing_deliveries": missing,
        "spectator_ms_p50": round(percentile(latencies, 50) * 1000, 1),
        "spectator_ms_p99": round(percentile(latencies, 99) * 1000, 1),
        "spectator_ms_max": round(max(latencies, default=float("nan")) * 1000, 1),
        "last_spectator_ms_p50": round(percentile(last, 50) * 1000, 1),
        "last_spectator_ms_p99": round(percentile(last, 99) * 1000, 1),
        "frames_per_spectator": round(frames / max(1, len(spectators)), 1),
        "frame_kb_mean": round(sum(s.bytes for s in spectators) / max(1, frames) / 1024, 1),
        "per_result": per_result,
    }


def bench(backend: str, args: argparse.Namespace) -> dict[str, Any]:
    with contextlib.ExitStack() as stack:
        if backend == "sqlite":
            directory = stack.enter_context(tempfile.TemporaryDirectory())
            url, workers = f"sqlite:///{Path(directory) / 'bench.sqlite3'}", 1
        else:
            url, workers = stack.enter_context(postgres_database(args.pg_admin)), args.workers
        process, port = start_server(url, workers)
        try:
            result = asyncio.run(run_load(port, args))
        finally:
            stop_server(process)
    return {"backend": backend, "workers": workers, **result}


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--backend", choices=["sqlite", "postgres", "both"], default="both")
    parser.add_argument("--players", type=int, default=256)
    parser.add_argument("--tables", type=int, default=32)
    parser.add_argument("--spectators", type=int, default=1000)
    parser.add_argument("--results", type=int, default=120, help="stop after this many results")
    parser.add_argument("--interval", type=float, default=4.0, help="a table's pause (s)")
    parser.add_argument("--workers", type=int, default=2, help="PostgreSQL worker processes")
    parser.add_argument("--max-seconds", type=float, default=180, help="stop scoring after this")
    parser.add_argument("--pg-admin", default=PG_ADMIN)
    parser.add_argument("--json", type=Path, help="also write the results as JSON")
    args = parser.parse_args()
    if (
        not 2 <= args.players <= 256
        or not 1 <= args.tables <= 64
        or not 0 <= args.spectators <= 4000
        or not 1 <= args.results <= 511
    ):
        parser.error("players 2..256, tables 1..64, spectators 0..4000, results 1..511")
    backends = ["sqlite", "postgres"] if args.backend == "both" else [args.backend]
    results = [bench(b, args) for b in backends]
    print(
        f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} (shared machine)"
    )
    for r in results:
        print(
            f"{r['backend']:>8} x{r['workers']}: {r['players']} players, {r['tables']} tables, "
            f"{r['spectators']} spectators: {r['results']} results in {r['seconds']} s "
            f"({r['results_per_s']}/s); table ack p50 {r['ack_ms_p50']} ms p99 "
            f"{r['ack_ms_p99']} ms; result->every spectator p50 {r['spectator_ms_p50']} ms "
            f"p99 {r['spectator_ms_p99']} ms max {r['spectator_ms_max']} ms (per result, "
            f"the last spectator: p50 {r['last_spectator_ms_p50']} ms p99 "
            f"{r['last_spectator_ms_p99']} ms); "
            f"{r['deliveries']} deliveries, {r['missing_deliveries']} missing, "
            f"{r['errors']} errors; {r['frames_per_spectator']} frames per spectator, "
            f"{r['frame_kb_mean']} KB on average"
        )
    if args.json is not None:
        args.json.write_text(json.dumps(results, indent=2) + "\n")
    return 0 if all(r["errors"] == 0 and r["missing_deliveries"] == 0 for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
