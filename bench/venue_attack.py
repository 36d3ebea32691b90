"""A venue's Wi-Fi under attack: the referee's input latency while others flood the server.

Starts a real server as shipped (``rotation61 serve``, its defaults: SQLite with one
worker, or PostgreSQL with ``--workers``), creates one match and has its referee post
an input every ``--interval`` seconds, each on a new connection (a tablet whose
keep-alive has lapsed), through phases of ``--seconds`` each, in one run:

- ``none``: nobody else;
- ``slow clients``: ``--slow`` connections (1,200) from another address (127.0.0.2)
  sending a request's headers one byte a second, each reopened when the server
  closes it (at most ``--reconnects`` times);
- ``stream flood``: ``--streams`` live-update streams (4,000) of the hall from one
  address (127.0.0.3), each reopened when ended or refused (at most ``--reconnects``);
- ``play loops`` (with ``--play-loops N``): N clients (127.0.0.4) each making a
  two-player game and shooting its hard break, over and over.

For each phase: the referee's input round trip p50/p99/max, its errors, and how long a
new hall stream from the referee's address waited for its first scoreboard; and what
the attackers saw (refused with 503, closed for slowness, streams ended by a newer one).
Every connection goes to 127.0.0.1 (the attackers' own source addresses are other
loopback addresses, which Linux routes to it); every loop is bounded in count and time.

    .venv/bin/python bench/venue_attack.py --backend both
    .venv/bin/python bench/venue_attack.py --backend sqlite --play-loops 32
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import importlib.util
import json
import os
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from web_load import (
    PG_ADMIN,
    Connection,
    bench,
    input_sequence,
    percentile,
    setup_tables,
)

_spec = importlib.util.spec_from_file_location(
    "play_load", Path(__file__).with_name("play_load.py")
)
assert _spec is not None
assert _spec.loader is not None
play_load = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(play_load)

SLOW_SOURCE = "127.0.0.2"
STREAM_SOURCE = "127.0.0.3"
PLAY_SOURCE = "127.0.0.4"


@dataclass
class Attack:
    """What the attackers saw."""

    opened: int = 0
    refused: int = 0
    timed_out: int = 0
    ended: int = 0
    failed: int = 0
    strokes: int = 0
    extra: dict[str, int] = field(default_factory=dict)


def raise_own_descriptors() -> int:
    """The bench holds thousands of sockets: its own soft limit to the hard one."""
    import resource

    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


async def _open(port: int, source: str) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    return await asyncio.wait_for(
        asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0)), timeout=5
    )


async def slow_client(port: int, stop: asyncio.Event, seen: Attack, reconnects: int) -> None:
    """Headers one byte a second; reopened when the server closes the connection."""
    for _ in range(reconnects + 1):
        if stop.is_set():
            return
        try:
            reader, writer = await _open(port, SLOW_SOURCE)
        except (OSError, TimeoutError):
            seen.failed += 1
            await asyncio.sleep(1)
            continue
        seen.opened += 1
        try:
            writer.write(b"GET /hall HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            while not stop.is_set():
                try:
                    data = await asyncio.wait_for(reader.read(100), timeout=1.0)
                except TimeoutError:
                    writer.write(b"x")
                    await writer.drain()
                    continue
                if data.startswith(b"HTTP/1.1 503"):
                    seen.refused += 1
                    await asyncio.sleep(1)
                elif data.startswith(b"HTTP/1.1 408"):
                    seen.timed_out += 1
                else:
                    seen.ended += 1
                break
        except OSError:
            seen.ended += 1
        finally:
            writer.close()


async def stream_client(port: int, stop: asyncio.Event, seen: Attack, reconnects: int) -> None:
    """One hall stream held open; reopened when ended or refused."""
    for _ in range(reconnects + 1):
        if stop.is_set():
            return
        try:
            reader, writer = await _open(port, STREAM_SOURCE)
        except (OSError, TimeoutError):
            seen.failed += 1
            await asyncio.sleep(1)
            continue
        try:
            writer.write(
                b"GET /api/hall/events HTTP/1.0\r\nHost: 127.0.0.1\r\n"
                b"Accept: text/event-stream\r\n\r\n"
            )
            status = await asyncio.wait_for(reader.readline(), timeout=10)
            if b" 200 " not in status:
                seen.refused += 1
                await asyncio.sleep(1)
                continue
            seen.opened += 1
            while not stop.is_set():
                try:
                    if not await asyncio.wait_for(reader.read(65536), timeout=1.0):
                        seen.ended += 1
                        break
                except TimeoutError:
                    continue
        except (OSError, TimeoutError):
            seen.failed += 1
        finally:
            writer.close()


async def play_loop(port: int, stop: asyncio.Event, seen: Attack, deadline: float) -> None:
    """Hard breaks from anonymous games, over and over (a new game for each break)."""
    import httpx

    transport = httpx.AsyncHTTPTransport(local_address=PLAY_SOURCE)
    async with httpx.AsyncClient(
        base_url=f"http://127.0.0.1:{port}", transport=transport, timeout=30
    ) as http:
        while not stop.is_set() and time.monotonic() < deadline:
            body = {"mode": "hotseat", "player_a": "a", "player_b": "b"}
            created = await http.post("/api/play", json=body)
            if created.status_code != 201:
                seen.refused += 1
                await asyncio.sleep(1)
                continue
            game = created.json()
            headers = {"X-Play-Token": game["token"]}
            view = (await http.get(f"/api/play/{game['id']}")).json()
            stroke = {**play_load.straight_stroke(view), "speed": 12.0}
            shot = await http.post(f"/api/play/{game['id']}/shots", json=stroke, headers=headers)
            if shot.status_code == 200:
                seen.strokes += 1
            else:
                seen.refused += 1
                await asyncio.sleep(1)


async def first_frame(port: int) -> float:
    """Seconds until a new hall stream from the referee's address shows a scoreboard."""
    started = time.monotonic()
    reader, writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port), 10)
    try:
        writer.write(
            b"GET /api/hall/events HTTP/1.0\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n"
        )
        while True:
            line = await asyncio.wait_for(reader.readline(), 10)
            if not line:
                return float("nan")
            if line.startswith(b"event: board"):
                return time.monotonic() - started
    except (OSError, TimeoutError):
        return float("nan")
    finally:
        writer.close()


@dataclass
class Referee:
    """The referee's match and where its log stands."""

    match_id: int
    token: str
    inputs: list[dict[str, Any]]
    seq: int = 0


async def referee_phase(
    port: int, referee: Referee, seconds: float, interval: float
) -> tuple[list[float], int]:
    """The referee's inputs for ``seconds``: round trips (s) and errors."""
    trips: list[float] = []
    errors = 0
    headers = {"Authorization": f"Bearer {referee.token}"}
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and referee.seq < len(referee.inputs):
        body = json.dumps({"expected_seq": referee.seq, **referee.inputs[referee.seq]}).encode()
        conn = Connection(port)
        sent = time.monotonic()
        try:
            status, payload = await asyncio.wait_for(
                conn.request(
                    "POST", f"/api/matches/{referee.match_id}/inputs?lang=vi", body, headers
                ),
                timeout=10,
            )
        except (OSError, TimeoutError, ValueError, IndexError) as err:
            status, payload = 0, repr(err).encode()
        finally:
            await conn.close()
        if status == 200:
            trips.append(time.monotonic() - sent)
            referee.seq += 1
        else:
            errors += 1
            print(f"referee input {referee.seq}: {status} {payload[:120]!r}", file=sys.stderr)
        await asyncio.sleep(interval)
    return trips, errors


async def _attack(port: int, name: str, args: argparse.Namespace, seconds: float) -> Attack:
    """Run one attack for ``seconds`` (in its own process: see :func:`attack_process`)."""
    stop = asyncio.Event()
    seen = Attack()
    deadline = time.monotonic() + seconds
    attackers: list[asyncio.Task[None]] = []
    if name == "slow clients":
        attackers = [
            asyncio.create_task(slow_client(port, stop, seen, args.reconnects))
            for _ in range(args.slow)
        ]
    elif name == "stream flood":
        attackers = [
            asyncio.create_task(stream_client(port, stop, seen, args.reconnects))
            for _ in range(args.streams)
        ]
    elif name == "play loops":
        attackers = [
            asyncio.create_task(play_loop(port, stop, seen, deadline))
            for _ in range(args.play_loops)
        ]
    await asyncio.sleep(seconds)
    stop.set()
    await asyncio.wait_for(asyncio.gather(*attackers, return_exceptions=True), timeout=60)
    return seen


def attack_process(
    port: int, name: str, args: argparse.Namespace, seconds: float, out: Any
) -> None:
    """The attackers' own process: their client's load is not the referee's client's."""
    raise_own_descriptors()
    out.put(asyncio.run(_attack(port, name, args, seconds)))


async def phase(port: int, name: str, referee: Referee, args: argparse.Namespace) -> dict[str, Any]:
    import multiprocessing

    context = multiprocessing.get_context("spawn")
    out = context.Queue()
    attacker = None
    if name != "none":
        attacker = context.Process(
            target=attack_process, args=(port, name, args, args.seconds + 4, out), daemon=True
        )
        attacker.start()
        await asyncio.sleep(4)  # the process started and the attack is under way
    probe = asyncio.create_task(_later(args.seconds / 2, first_frame(port)))
    trips, errors = await referee_phase(port, referee, args.seconds, args.interval)
    frame_s = await probe
    seen = Attack()
    if attacker is not None:
        seen = await asyncio.to_thread(out.get, True, 180)
        attacker.join(timeout=30)
        if attacker.is_alive():
            attacker.kill()
    return {
        "phase": name,
        "inputs": len(trips),
        "errors": errors,
        "p50_ms": round(percentile(trips, 50) * 1000, 1),
        "p99_ms": round(percentile(trips, 99) * 1000, 1),
        "max_ms": round(max(trips, default=float("nan")) * 1000, 1),
        "first_frame_ms": round(frame_s * 1000, 1),
        "attack": {
            "opened": seen.opened,
            "refused": seen.refused,
            "timed_out": seen.timed_out,
            "ended": seen.ended,
            "failed": seen.failed,
            "strokes": seen.strokes,
        },
    }


async def _later(delay: float, work: Any) -> Any:
    await asyncio.sleep(delay)
    return await work


async def run(port: int, args: argparse.Namespace) -> dict[str, Any]:
    (table,) = await setup_tables(port, 1)
    referee = Referee(match_id=table.match_id, token=table.token, inputs=input_sequence(1000))
    names = ["none", "slow clients", "stream flood"]
    if args.play_loops:
        names.append("play loops")
    results = []
    for name in names:
        results.append(await phase(port, name, referee, args))
        await asyncio.sleep(args.header_timeout + 1)  # the attack's leftovers time out
    return {"phases": results}


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--backend", choices=["sqlite", "postgres", "both"], default="both")
    parser.add_argument("--workers", type=int, default=2, help="PostgreSQL worker processes")
    parser.add_argument("--seconds", type=float, default=15, help="each phase (default 15)")
    parser.add_argument("--interval", type=float, default=0.05, help="between inputs (s)")
    parser.add_argument("--slow", type=int, default=1200, help="slow connections (1200)")
    parser.add_argument("--streams", type=int, default=4000, help="streams of one client (4000)")
    parser.add_argument("--play-loops", type=int, default=0, help="anonymous break loops (0)")
    parser.add_argument("--reconnects", type=int, default=3, help="per attacker (default 3)")
    parser.add_argument(
        "--header-timeout", type=float, default=10, help="the server's (its default: 10 s)"
    )
    parser.add_argument("--pg-admin", default=PG_ADMIN)
    parser.add_argument("--json", type=Path, help="also write the results as JSON")
    args = parser.parse_args()
    if not (
        0 < args.seconds <= 120
        and 0 <= args.slow <= 5000
        and 0 <= args.streams <= 8000
        and 0 <= args.play_loops <= 256
        and 0 <= args.reconnects <= 10
    ):
        parser.error("seconds 0..120, slow 0..5000, streams 0..8000, play loops 0..256")
    limit = raise_own_descriptors()
    if limit < max(args.slow, args.streams) + 256:
        parser.error(f"this process may open {limit} files: fewer attackers, or raise it")
    backends = ["sqlite", "postgres"] if args.backend == "both" else [args.backend]
    results = [bench(b, args, run) for b in backends]
    print(
        f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} (shared machine)"
    )
    print("| backend | attack | inputs | errors | p50 ms | p99 ms | max ms | first frame ms |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for r in results:
        for p in r["phases"]:
            print(
                f"| {r['backend']} x{r['workers']} | {p['phase']} | {p['inputs']} | "
                f"{p['errors']} | {p['p50_ms']} | {p['p99_ms']} | {p['max_ms']} | "
                f"{p['first_frame_ms']} |"
            )
    for r in results:
        for p in r["phases"]:
            if p["phase"] != "none":
                print(f"{r['backend']} {p['phase']}: attackers saw {p['attack']}")
    if args.json is not None:
        args.json.write_text(json.dumps(results, indent=2) + "\n")
    return 0 if all(p["errors"] == 0 for r in results for p in r["phases"]) else 1


if __name__ == "__main__":
    sys.exit(main())
