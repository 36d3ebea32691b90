"""Load benchmark of the play page's server: many games shooting while tables keep score.

Starts a real server (SQLite, one worker), creates ``--games`` browser games (two players
on one device, or against the computer with ``--level``) and ``--tables`` scorekeeper
matches, then runs them all at once for ``--seconds``: each game plays strokes aimed
straight at the ball in play (placing the cue ball in the kitchen when in hand, taking
the first option after a foul), each table posts scorekeeper inputs. It reports, side
by side from the same run:

- stroke -> response: the POST of a stroke until its response (the engine's event list,
  whose first row is the animation's first frame) is received and decoded, p50/p99;
- the scorekeeper's input round trip (input sent -> acknowledgment), p50/p99;
- strokes and inputs per second;
- with ``--level``, games against the computer: its turn as a player sees it (from the
  response to the player's stroke until the game shows the player to act again: its
  thinking, its strokes' simulation and storage; polled every 20 ms), p50/p99.

The client shares the machine with the server: figures are a floor, not a ceiling.

    .venv/bin/python bench/play_load.py --games 50 --tables 8 --seconds 60        # paced
    .venv/bin/python bench/play_load.py --games 50 --aim 0 --no-animation          # saturation

Paced, a player watches each shot's animation (its duration at 1x) and aims for
``--aim`` seconds before the next stroke.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import json
import math
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

_HERE = Path(__file__).resolve().parent
_spec = importlib.util.spec_from_file_location("web_load", _HERE / "web_load.py")
assert _spec is not None
assert _spec.loader is not None
web_load = importlib.util.module_from_spec(_spec)
sys.modules["web_load"] = web_load  # its dataclasses look their module up
_spec.loader.exec_module(web_load)


def straight_stroke(view: dict[str, Any]) -> dict[str, Any]:
    """A stroke at the ball in play (placing the cue ball first when in hand)."""
    balls = {int(b): p for b, p in view["balls"].items()}
    table = view["table"]
    body: dict[str, Any] = {"expected_seq": view["seq"]}
    if view["in_hand"]:
        r = table["ball_radius"]
        for dy in (0.0, 6.0, -6.0, 12.0, -12.0, 18.0, -18.0):
            x, y = table["head_string_x"] - 6.0, table["width"] / 2 + dy
            if all(math.hypot(p[0] - x, p[1] - y) >= 2 * r + 1e-6 for p in balls.values()):
                break
        balls[0] = [x, y]
        body["placement"] = [x, y]
    cue, target = balls[0], balls[view["lowest"]]
    phi = math.degrees(math.atan2(target[1] - cue[1], target[0] - cue[0]))
    speed = 8.0 if view["board"]["is_break"] else 3.0
    return {**body, "speed": speed, "phi": phi}


async def play_game(
    http: httpx.AsyncClient,
    game: int,
    token: str,
    until: float,
    lat: list[float],
    aim: float = 0.0,
    animate: bool = False,
    turns: list[float] | None = None,
) -> int:
    headers = {"X-Play-Token": token}
    strokes = 0
    while time.monotonic() < until:
        view = (await http.get(f"/api/play/{game}")).json()
        if view["over"]:
            return strokes
        if view["to_act"] not in token.split(".")[0]:  # the computer's turn
            await asyncio.sleep(0.02)
            continue
        if view["phase"] == "decision":
            body = {"expected_seq": view["seq"], "option": view["options"][0]["value"]}
            await http.post(f"/api/play/{game}/decisions", json=body, headers=headers)
            continue
        started = time.perf_counter()
        r = await http.post(f"/api/play/{game}/shots", json=straight_stroke(view), headers=headers)
        shot = r.json()  # decoded: the first animation frame is its segments' first rows
        if r.status_code != 200:
            raise RuntimeError(f"game {game}: {r.status_code} {shot}")
        assert shot["segments"]["0"][0][0] == 0.0
        answered = time.perf_counter()
        lat.append(answered - started)
        strokes += 1
        if turns is not None and shot["state"]["to_act"] == "B" and not shot["state"]["over"]:
            # the computer's turn, timed from this response until the player is to act
            while (await http.get(f"/api/play/{game}")).json()["to_act"] == "B":
                await asyncio.sleep(0.02)
            turns.append(time.perf_counter() - answered)
        # a player watches the shot (its duration at 1x), then aims the next one
        pause = (shot["duration"] if animate else 0.0) + aim
        await asyncio.sleep(max(0.0, pause - (time.perf_counter() - answered)))
    return strokes


async def keep_score(
    http: httpx.AsyncClient, match: int, token: str, until: float, lat: list[float]
) -> int:
    headers = {"Authorization": f"Bearer {token}"}
    inputs = web_load.input_sequence(400)
    count = 0
    for seq, item in enumerate(inputs):
        if time.monotonic() >= until:
            break
        started = time.perf_counter()
        r = await http.post(
            f"/api/matches/{match}/inputs", json={"expected_seq": seq, **item}, headers=headers
        )
        if r.status_code != 200:
            raise RuntimeError(f"match {match}: {r.status_code} {r.text}")
        lat.append(time.perf_counter() - started)
        count += 1
        await asyncio.sleep(0.2)  # a referee enters a few inputs a second at most
    return count


async def run(port: int, args: argparse.Namespace) -> dict[str, Any]:
    # idle connections dropped before the server's keep-alive timeout (5 s) closes them
    limits = httpx.Limits(max_connections=args.games + args.tables + 4, keepalive_expiry=2.0)
    async with httpx.AsyncClient(
        base_url=f"http://127.0.0.1:{port}", timeout=120, limits=limits
    ) as http:
        games = []
        for n in range(args.games):
            body: dict[str, Any] = {"player_a": f"A{n}", "player_b": f"B{n}", "race_to": 5}
            if args.level:
                body.update(mode="computer", level=args.level)
            else:
                body["mode"] = "hotseat"
            created = (await http.post("/api/play", json=body)).json()
            games.append((created["id"], created["token"]))
        tables = []
        for n in range(args.tables):
            auth = ("admin", web_load.PASSWORD)
            body = {"player_a": f"A{n}", "player_b": f"B{n}", "race_to": 3}
            match = (await http.post("/api/matches", json=body, auth=auth)).json()
            token = (
                await http.post(
                    f"/api/matches/{match['id']}/referee-token", json={"pin": match["pin"]}
                )
            ).json()["token"]
            tables.append((match["id"], token))
        # one warm-up stroke (the engine's kernels load from the cache in the server)
        await play_game(http, games[0][0], games[0][1], time.monotonic() + 0.001, [])
        stroke_lat: list[float] = []
        input_lat: list[float] = []
        turns: list[float] = []
        until = time.monotonic() + args.seconds
        started = time.monotonic()
        counts = await asyncio.gather(
            *(
                play_game(http, g, t, until, stroke_lat, args.aim, not args.no_animation, turns)
                for g, t in games
            ),
            *(keep_score(http, m, t, until, input_lat) for m, t in tables),
        )
        elapsed = time.monotonic() - started
    pct = web_load.percentile
    return {
        "games": args.games,
        "tables": args.tables,
        "seconds": round(elapsed, 1),
        "strokes": sum(counts[: args.games]),
        "strokes_per_s": round(sum(counts[: args.games]) / elapsed, 2),
        "stroke_to_first_frame_ms": {
            "p50": round(1000 * pct(stroke_lat, 50), 1),
            "p99": round(1000 * pct(stroke_lat, 99), 1),
        },
        "scorekeeper_inputs": sum(counts[args.games :]),
        "scorekeeper_input_ms": {
            "p50": round(1000 * pct(input_lat, 50), 1),
            "p99": round(1000 * pct(input_lat, 99), 1),
        },
        "aim_s": args.aim,
        "watches_animation": not args.no_animation,
        "computer_level": args.level or None,
        "computer_turn_ms": {
            "p50": round(1000 * pct(turns, 50), 1),
            "p99": round(1000 * pct(turns, 99), 1),
        }
        if turns
        else None,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument(
        "--aim", type=float, default=2.0, help="seconds a player aims before each stroke"
    )
    parser.add_argument(
        "--level", type=int, default=0, help="games against the computer at this level (1-10)"
    )
    parser.add_argument(
        "--no-animation",
        action="store_true",
        help="do not wait for the shot's animation (with --aim 0: saturation)",
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{Path(tmp) / 'play.sqlite3'}"
        process, port = web_load.start_server(url, 1)
        try:
            result = asyncio.run(run(port, args))
        finally:
            web_load.stop_server(process)
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
