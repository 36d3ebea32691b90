"""A referee's console input while anonymous play loops hammer the physics.

Starts a real server per backend (SQLite with one worker; PostgreSQL with ``--workers``),
all traffic on 127.0.0.1. One referee scores a match (an input every ``--interval`` s)
while 0, 8, 32 and 96 anonymous loops run, one phase after the other, each for
``--seconds``: a loop creates a game and shoots a hard break (9 m/s, cue ball in hand
in the kitchen), then again, without pause and ignoring ``Retry-After``. The rate limits
are lifted for the run (every loop comes from 127.0.0.1: with the default limits they
would all be refused at once with 429), so the figures measure the engine pool alone:
a stroke beyond its capacity is refused with 503. Reported side by side: the referee's
input round trip p50/p99, the strokes played and refused per phase.

    .venv/bin/python bench/play_attack.py                       # both backends
    .venv/bin/python bench/play_attack.py --backend sqlite --seconds 5 --loops 0 8

The client shares the machine with the server (and the 96 loops are the client's own
CPU too): figures are a floor, not a ceiling.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import importlib.util
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

_HERE = Path(__file__).resolve().parent
_spec = importlib.util.spec_from_file_location("web_load", _HERE / "web_load.py")
assert _spec is not None
assert _spec.loader is not None
web_load = importlib.util.module_from_spec(_spec)
sys.modules["web_load"] = web_load
_spec.loader.exec_module(web_load)

from rotation61.geometry import get_table  # noqa: E402

_SPEC = get_table("9ft")
_BREAK = {
    "expected_seq": 0,
    "speed": 9.0,
    "phi": 0.0,
    "placement": [_SPEC.head_string_x - 5.0, _SPEC.width / 2],
}
_NEW_GAME = json.dumps({"mode": "hotseat", "player_a": "X", "player_b": "Y"}).encode()


def start_server(url: str, workers: int, pool: str) -> tuple[subprocess.Popen[bytes], int]:
    """The server with the play rate limits and the per-address caps lifted (the pool)."""
    port = web_load.free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("ROTATION61_")}
    argv = [sys.executable, "-m", "rotation61.cli.serve", "--port", str(port)]
    argv += ["--database-url", url, "--workers", str(workers)]
    argv += ["--organiser-password", web_load.PASSWORD, "--play-pool", pool]
    argv += ["--play-create-limit", "1000000/1", "--play-stroke-limit", "1000000/1"]
    # the loops all come from one address: lift its connection caps too (measured apart,
    # by bench/venue_attack.py), so that what is measured is the engine pool
    argv += ["--client-connections", "4096", "--client-connects", "100000"]
    process = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL)
    deadline = time.monotonic() + 180
    conn_ok = False
    while time.monotonic() < deadline and not conn_ok:
        with contextlib.suppress(OSError):
            import socket

            with socket.create_connection(("127.0.0.1", port), timeout=0.5) as s:
                s.sendall(b"GET /healthz HTTP/1.0\r\n\r\n")
                conn_ok = b"200" in s.recv(100)
        time.sleep(0.2)
    if not conn_ok:
        process.kill()
        raise RuntimeError("the server did not start")
    return process, port


async def _warm(port: int, stop_at: float) -> None:
    """Shoot until a break is answered 200 (the pool's processes have their kernels)."""
    conn = web_load.Connection(port)
    try:
        while time.monotonic() < stop_at:
            status, payload = await conn.request("POST", "/api/play", _NEW_GAME)
            game = json.loads(payload)
            body = json.dumps(_BREAK).encode()
            status, _ = await conn.request(
                "POST", f"/api/play/{game['id']}/shots", body, {"X-Play-Token": game["token"]}
            )
            if status == 200:
                return
            await asyncio.sleep(1.0)
    finally:
        await conn.close()


async def attack(port: int, stop: asyncio.Event, counts: dict[str, int]) -> None:
    conn = web_load.Connection(port)
    body = json.dumps(_BREAK).encode()
    try:
        while not stop.is_set():
            status, payload = await conn.request("POST", "/api/play", _NEW_GAME)
            if status != 201:
                counts[f"create {status}"] = counts.get(f"create {status}", 0) + 1
                continue
            game = json.loads(payload)
            status, _ = await conn.request(
                "POST", f"/api/play/{game['id']}/shots", body, {"X-Play-Token": game["token"]}
            )
            counts[f"stroke {status}"] = counts.get(f"stroke {status}", 0) + 1
    finally:
        await conn.close()


async def referee(port: int, interval: float, stop: asyncio.Event) -> list[float]:
    """A fresh match per phase; the round trip of each input, in seconds."""
    (table,) = await web_load.setup_tables(port, 1)
    inputs = web_load.input_sequence(400)
    conn = web_load.Connection(port)
    headers = {"Authorization": f"Bearer {table.token}"}
    trips: list[float] = []
    try:
        for seq, item in enumerate(inputs):
            if stop.is_set():
                break
            body = json.dumps({"expected_seq": seq, **item}).encode()
            sent = time.monotonic()
            status, payload = await conn.request(
                "POST", f"/api/matches/{table.match_id}/inputs?lang=vi", body, headers
            )
            if status != 200:
                raise RuntimeError(f"referee input {seq}: {status} {payload[:200]!r}")
            trips.append(time.monotonic() - sent)
            await asyncio.sleep(interval)
    finally:
        await conn.close()
    return trips


async def phase(port: int, loops: int, args: argparse.Namespace) -> dict[str, Any]:
    stop = asyncio.Event()
    counts: dict[str, int] = {}
    attackers = [asyncio.create_task(attack(port, stop, counts)) for _ in range(loops)]
    await asyncio.sleep(0.5 if loops else 0)  # the attack is under way
    ref = asyncio.create_task(referee(port, args.interval, stop))
    await asyncio.sleep(args.seconds)
    stop.set()
    trips = await ref
    await asyncio.wait_for(asyncio.gather(*attackers, return_exceptions=True), timeout=60)
    ms = [t * 1000 for t in trips]
    return {
        "loops": loops,
        "inputs": len(ms),
        "p50_ms": round(web_load.percentile(ms, 50), 1),
        "p99_ms": round(web_load.percentile(ms, 99), 1),
        "max_ms": round(max(ms), 1) if ms else float("nan"),
        "strokes_ok": counts.get("stroke 200", 0),
        "strokes_503": counts.get("stroke 503", 0),
        "other": {k: v for k, v in counts.items() if k not in ("stroke 200", "stroke 503")},
    }


async def run(port: int, args: argparse.Namespace) -> list[dict[str, Any]]:
    await _warm(port, time.monotonic() + 240)
    return [await phase(port, n, args) for n in args.loops]


def bench(backend: str, args: argparse.Namespace) -> dict[str, Any]:
    with contextlib.ExitStack() as stack:
        if backend == "sqlite":
            directory = stack.enter_context(tempfile.TemporaryDirectory())
            url, workers = f"sqlite:///{Path(directory) / 'bench.sqlite3'}", 1
        else:
            url = stack.enter_context(web_load.postgres_database(args.pg_admin))
            workers = args.workers
        process, port = start_server(url, workers, args.pool)
        try:
            phases = asyncio.run(run(port, args))
        finally:
            web_load.stop_server(process)
    return {"backend": backend, "workers": workers, "phases": phases}


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--backend", choices=["sqlite", "postgres", "both"], default="both")
    parser.add_argument("--loops", type=int, nargs="+", default=[0, 8, 32, 96])
    parser.add_argument("--seconds", type=float, default=10.0, help="per phase (default 10)")
    parser.add_argument("--interval", type=float, default=0.1, help="between referee inputs")
    parser.add_argument("--workers", type=int, default=2, help="PostgreSQL worker processes")
    parser.add_argument("--pool", default="1/4", help="--play-pool of the server (default 1/4)")
    parser.add_argument("--pg-admin", default=web_load.PG_ADMIN)
    parser.add_argument("--json", type=Path, help="also write the results as JSON")
    args = parser.parse_args()
    if not all(0 <= n <= 200 for n in args.loops) or not 1 <= args.seconds <= 60:
        parser.error("loops 0..200 each, seconds 1..60")
    backends = ["sqlite", "postgres"] if args.backend == "both" else [args.backend]
    results = [bench(b, args) for b in backends]
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} (shared)")
    print("| backend | loops | referee inputs | p50 ms | p99 ms | max ms | strokes 200 | 503 |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for r in results:
        for p in r["phases"]:
            print(
                f"| {r['backend']} x{r['workers']} | {p['loops']} | {p['inputs']} | "
                f"{p['p50_ms']} | {p['p99_ms']} | {p['max_ms']} | {p['strokes_ok']} | "
                f"{p['strokes_503']} |" + (f" {p['other']}" if p["other"] else "")
            )
    if args.json is not None:
        args.json.write_text(json.dumps(results, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
