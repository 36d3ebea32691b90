"""Load benchmark of the scorekeeper web app: many tables scoring, many spectators watching.

Starts a real server (SQLite with one worker, or PostgreSQL with several), creates
``--tables`` matches, connects ``--spectators`` server-sent-event streams spread over
them (half Vietnamese, half English), then has every table post ``--inputs`` inputs
(shots, fouls, decisions, undos; every one judged by the referee) with ``--interval``
seconds between a table's acknowledgment and its next input. It reports:

- inputs per second acknowledged (all tables together);
- the POST round trip (input sent -> acknowledgment received), p50/p99;
- the latency from an input's acknowledgment to its arrival at *every* spectator of
  that table (a frame carrying that input or a later one), p50/p99/max.

Everything runs on 127.0.0.1; every loop is bounded in count and in time. The client
shares the machine with the server (and, on a shared machine, with other people's
runs): figures are a floor, not a ceiling.

    .venv/bin/python bench/web_load.py --backend both
    .venv/bin/python bench/web_load.py --backend postgres --workers 3 --tables 32 --spectators 320
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rotation61.records import (
    DecisionInput,
    Input,
    MatchHeader,
    MatchLog,
    ShotInput,
    UndoInput,
)
from rotation61.rules import Option, Shot

PASSWORD = "bench-password"
PG_ADMIN = "postgresql://postgres@127.0.0.1:5432/postgres"


def input_sequence(count: int) -> list[dict[str, Any]]:
    """A valid log of ``count`` inputs (checked with the engine before the run)."""
    rails = {"first_contact": 1, "pocketed": [], "rail_after_contact": ["cue"]}
    items: list[tuple[Input, dict[str, Any]]] = [
        (
            ShotInput(shot=Shot(first_contact=1, break_rail_balls=frozenset({2, 3, 4, 6}))),
            {"kind": "shot", "shot": {**rails, "break_rail_balls": [2, 3, 4, 6]}},
        )
    ]
    miss = (
        ShotInput(shot=Shot(first_contact=1, rail_after_contact=frozenset({0}))),
        {"kind": "shot", "shot": rails},
    )
    foul = (
        ShotInput(shot=Shot(first_contact=None)),
        {"kind": "shot", "shot": {"first_contact": None}},
    )
    accept = (
        DecisionInput(option=Option.ACCEPT_TABLE),
        {"kind": "decision", "option": "accept_table"},
    )
    undo = (UndoInput(), {"kind": "undo"})
    pattern = [miss, foul, accept, miss, miss, undo]
    while len(items) < count:
        items.append(pattern[(len(items) - 1) % len(pattern)])
    log = MatchLog.begin(MatchHeader(players=("A", "B"), race_to=3))
    for item, _ in items[:count]:
        log = log.append(item)
    return [data for _, data in items[:count]]


# --- A small HTTP client on asyncio streams (keeps the client's CPU share low) ----------


class Connection:
    """One keep-alive HTTP/1.1 connection."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(
        self, method: str, path: str, body: bytes = b"", headers: dict[str, str] | None = None
    ) -> tuple[int, bytes]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        assert self.reader is not None
        lines = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1", f"Content-Length: {len(body)}"]
        if body and "Content-Type" not in (headers or {}):
            lines.append("Content-Type: application/json")
        lines += [f"{k}: {v}" for k, v in (headers or {}).items()]
        self.writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
        await self.writer.drain()
        status_line = await self.reader.readline()
        status = int(status_line.split()[1])
        length = 0
        while True:
            line = await self.reader.readline()
            if line in (b"\r\n", b""):
                break
            name, _, value = line.decode().partition(":")
            if name.lower() == "content-length":
                length = int(value)
        payload = await self.reader.readexactly(length) if length else b""
        return status, payload

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            with contextlib.suppress(Exception):
                await self.writer.wait_closed()


@dataclass
class Table:
    match_id: int
    token: str
    acks: dict[int, float] = field(default_factory=dict)
    round_trips: list[float] = field(default_factory=list)
    errors: int = 0


@dataclass
class Spectator:
    match_id: int
    arrivals: dict[int, float] = field(default_factory=dict)
    frames: int = 0


async def watch(
    port: int, spectator: Spectator, lang: str, ready: asyncio.Event, stop: asyncio.Event
) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(
        f"GET /api/matches/{spectator.match_id}/events?lang={lang} HTTP/1.0\r\n"
        "Host: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n".encode()
    )
    await writer.drain()
    while (await reader.readline()) not in (b"\r\n", b""):
        pass
    ready.set()
    last = -1
    try:
        while not stop.is_set():
            line = await reader.readline()
            if not line:
                break
            if line.startswith(b"id: "):
                seq = int(line[4:].split(b":")[1])
                now = time.monotonic()
                spectator.frames += 1
                for s in range(last + 1, seq + 1):
                    spectator.arrivals.setdefault(s, now)
                last = max(last, seq)
    finally:
        writer.close()


async def score(
    port: int, table: Table, inputs: list[dict[str, Any]], interval: float, deadline: float
) -> None:
    conn = Connection(port)
    headers = {"Authorization": f"Bearer {table.token}"}
    pace = random.Random(table.match_id)  # tables are not in step: jittered pauses
    await asyncio.sleep(pace.uniform(0, interval))
    try:
        for seq, item in enumerate(inputs):
            if time.monotonic() > deadline:
                break
            body = json.dumps({"expected_seq": seq, **item}).encode()
            sent = time.monotonic()
            status, payload = await conn.request(
                "POST", f"/api/matches/{table.match_id}/inputs?lang=vi", body, headers
            )
            acked = time.monotonic()
            if status != 200:
                table.errors += 1
                print(
                    f"table {table.match_id}: input {seq} -> {status} {payload[:200]!r}",
                    file=sys.stderr,
                )
                break
            table.acks[seq + 1] = acked
            table.round_trips.append(acked - sent)
            if interval:
                await asyncio.sleep(pace.uniform(0.5 * interval, 1.5 * interval))
    finally:
        await conn.close()


def _basic() -> str:
    import base64

    return "Basic " + base64.b64encode(f"admin:{PASSWORD}".encode()).decode()


async def setup_tables(port: int, count: int) -> list[Table]:
    conn = Connection(port)
    tables = []
    try:
        for n in range(count):
            body = json.dumps(
                {
                    "player_a": f"A{n}",
                    "player_b": f"B{n}",
                    "race_to": 3,
                    "table_name": f"Bàn {n + 1}",
                }
            ).encode()
            status, payload = await conn.request(
                "POST", "/api/matches", body, {"Authorization": _basic()}
            )
            if status != 201:
                raise RuntimeError(f"create match: {status} {payload!r}")
            match = json.loads(payload)
            status, payload = await conn.request(
                "POST",
                f"/api/matches/{match['id']}/referee-token",
                json.dumps({"pin": match["pin"]}).encode(),
            )
            tables.append(Table(match_id=match["id"], token=json.loads(payload)["token"]))
    finally:
        await conn.close()
    return tables


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[index]


async def run_load(port: int, args: argparse.Namespace) -> dict[str, Any]:
    tables = await setup_tables(port, args.tables)
    inputs = input_sequence(args.inputs)
    spectators = [
        Spectator(match_id=tables[i % len(tables)].match_id) for i in range(args.spectators)
    ]
    stop = asyncio.Event()
    readies = [asyncio.Event() for _ in spectators]
    watchers = [
        asyncio.create_task(watch(port, s, "vi" if i % 2 else "en", readies[i], stop))
        for i, s in enumerate(spectators)
    ]
    await asyncio.wait_for(asyncio.gather(*(r.wait() for r in readies)), timeout=60)
    await asyncio.sleep(0.5)
    started = time.monotonic()
    deadline = started + args.max_seconds
    await asyncio.gather(*(score(port, t, inputs, args.interval, deadline) for t in tables))
    scored = time.monotonic() - started
    await asyncio.sleep(1.5)  # let the last frames arrive
    stop.set()
    for w in watchers:
        w.cancel()
    await asyncio.gather(*watchers, return_exceptions=True)
    by_match = {t.match_id: t for t in tables}
    latencies: list[float] = []
    missing = 0
    for s in spectators:
        for seq, acked in by_match[s.match_id].acks.items():
            arrived = s.arrivals.get(seq)
            if arrived is None:
                missing += 1
            else:
                latencies.append(max(0.0, arrived - acked))
    acked_total = sum(len(t.acks) for t in tables)
    round_trips = [rt for t in tables for rt in t.round_trips]
    return {
        "tables": len(tables),
        "spectators": len(spectators),
        "inputs_acked": acked_total,
        "errors": sum(t.errors for t in tables),
        "seconds": round(scored, 2),
        "inputs_per_s": round(acked_total / scored, 1) if scored else 0,
        "ack_ms_p50": round(percentile(round_trips, 50) * 1000, 1),
        "ack_ms_p99": round(percentile(round_trips, 99) * 1000, 1),
        "deliveries": len(latencies),
        "missing_deliveries": missing,
        "spectator_ms_p50": round(percentile(latencies, 50) * 1000, 1),
        "spectator_ms_p99": round(percentile(latencies, 99) * 1000, 1),
        "spectator_ms_max": round(max(latencies, default=float("nan")) * 1000, 1),
    }


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_server(url: str, workers: int) -> tuple[subprocess.Popen[bytes], int]:
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("ROTATION61_")}
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "rotation61.cli.serve",
            "--port",
            str(port),
            "--database-url",
            url,
            "--workers",
            str(workers),
            "--organiser-password",
            PASSWORD,
        ],
        env=env,
        stdout=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        with (
            contextlib.suppress(OSError),
            socket.create_connection(("127.0.0.1", port), timeout=0.5) as s,
        ):
            s.sendall(b"GET /healthz HTTP/1.0\r\n\r\n")
            if b"200" in s.recv(100):
                time.sleep(0.5 * workers)  # let every worker come up
                return process, port
        time.sleep(0.1)
    process.kill()
    raise RuntimeError("the server did not start")


def stop_server(process: subprocess.Popen[bytes]) -> None:
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        process.kill()


@contextlib.contextmanager
def postgres_database(admin: str):  # type: ignore[no-untyped-def]
    import psycopg

    name = f"rotation61_bench_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield admin.rsplit("/", 1)[0] + "/" + name
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def bench(backend: str, args: argparse.Namespace, run: Any = None) -> dict[str, Any]:
    """One backend's server, its load (``run(port, args)``, else :func:`run_load`) and figures."""
    with contextlib.ExitStack() as stack:
        if backend == "sqlite":
            directory = stack.enter_context(tempfile.TemporaryDirectory())
            url, workers = f"sqlite:///{Path(directory) / 'bench.sqlite3'}", 1
        else:
            url, workers = stack.enter_context(postgres_database(args.pg_admin)), args.workers
        process, port = start_server(url, workers)
        try:
            result = asyncio.run((run or run_load)(port, args))
        finally:
            stop_server(process)
    return {"backend": backend, "workers": workers, **result}


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--backend", choices=["sqlite", "postgres", "both"], default="both")
    parser.add_argument("--tables", type=int, default=32)
    parser.add_argument("--spectators", type=int, default=320)
    parser.add_argument("--inputs", type=int, default=60, help="inputs per table (default 60)")
    parser.add_argument("--interval", type=float, default=0.25, help="pause after each ack (s)")
    parser.add_argument("--workers", type=int, default=3, help="PostgreSQL worker processes")
    parser.add_argument("--max-seconds", type=float, default=120, help="stop scoring after this")
    parser.add_argument("--pg-admin", default=PG_ADMIN)
    parser.add_argument("--json", type=Path, help="also write the results as JSON")
    args = parser.parse_args()
    if (
        not 1 <= args.tables <= 256
        or not 0 <= args.spectators <= 4000
        or not 1 <= args.inputs <= 1000
    ):
        parser.error("tables 1..256, spectators 0..4000, inputs 1..1000")
    backends = ["sqlite", "postgres"] if args.backend == "both" else [args.backend]
    results = [bench(b, args) for b in backends]
    print(
        f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} (shared machine)"
    )
    for r in results:
        print(
            f"{r['backend']:>8} x{r['workers']}: {r['tables']} tables, "
            f"{r['spectators']} spectators, "
            f"{r['inputs_acked']} inputs in {r['seconds']} s = {r['inputs_per_s']} inputs/s; "
            f"ack p50 {r['ack_ms_p50']} ms p99 {r['ack_ms_p99']} ms; "
            f"ack->spectator p50 {r['spectator_ms_p50']} ms p99 {r['spectator_ms_p99']} ms "
            f"max {r['spectator_ms_max']} ms; {r['deliveries']} deliveries, "
            f"{r['missing_deliveries']} missing, {r['errors']} errors"
        )
    if args.json is not None:
        args.json.write_text(json.dumps(results, indent=2) + "\n")
    return 0 if all(r["errors"] == 0 and r["missing_deliveries"] == 0 for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
