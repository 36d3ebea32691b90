"""What a test run leaves running: every process that inherited the run's mark.

The test configuration (``tests/conftest.py``) marks its environment with
:data:`MARK`; ``.ci/run`` sets it first, for the whole CI run. Every process the run
starts inherits it (servers, their workers, process pools, Ray, chromium), orphans
included, so that whatever is still alive at the end is found through ``/proc`` however
far from the test process it was started. Run as a script (``python -m tests.processes``)
it checks the mark in its environment and exits 1, naming the survivors, if any is left.
"""

from __future__ import annotations

import os
import signal
import sys
import time
from pathlib import Path

MARK = "ROTATION61_TEST_RUN"
"""The environment variable whose value names one test run."""

GRACE_S = 10.0
"""How long a process may take to exit after the run ends before it counts as left."""


def server_env() -> dict[str, str]:
    """This environment for a server the tests start: no ``ROTATION61_`` setting leaks into
    it (the test gives it its own), the run's mark is kept."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("ROTATION61_")}
    if MARK in os.environ:
        env[MARK] = os.environ[MARK]
    return env


def _ancestors() -> set[int]:
    """This process and every process above it (they carry the mark without being left)."""
    pids, pid = set(), os.getpid()
    while pid > 1 and pid not in pids:
        pids.add(pid)
        try:
            stat = Path(f"/proc/{pid}/stat").read_text()
        except OSError:
            break
        pid = int(stat.rpartition(")")[2].split()[1])
    return pids


def marked(value: str) -> dict[int, str]:
    """Living processes whose environment has ``MARK=value``, pid to command line."""
    needle = f"{MARK}={value}".encode()
    exclude = _ancestors()
    found: dict[int, str] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) in exclude:
            continue
        try:
            if needle not in (entry / "environ").read_bytes().split(b"\0"):
                continue
            command = (entry / "cmdline").read_bytes()
        except OSError:  # gone meanwhile, or not ours to read
            continue
        found[int(entry.name)] = command.replace(b"\0", b" ").decode(errors="replace").strip()
    return found


def survivors(value: str, grace_s: float = GRACE_S) -> dict[int, str]:
    """The marked processes still alive once ``grace_s`` has passed (polled, so no wait
    when none is left)."""
    deadline = time.monotonic() + grace_s
    while True:
        left = marked(value)
        if not left or time.monotonic() >= deadline:
            return left
        time.sleep(0.2)


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rpartition(")")[2].split()[0] != "Z"


def end(pids: set[int], wait_s: float = 5.0) -> None:
    """SIGTERM, then SIGKILL what is still there after ``wait_s``."""
    for sig in (signal.SIGTERM, signal.SIGKILL):
        for pid in pids:
            try:
                os.kill(pid, sig)
            except ProcessLookupError:
                continue
        deadline = time.monotonic() + wait_s
        while time.monotonic() < deadline and any(_alive(pid) for pid in pids):
            time.sleep(0.1)


def report(left: dict[int, str]) -> str:
    """One line per process left running."""
    lines = [f"{len(left)} process(es) outlived the test run:"]
    lines += [f"  pid {pid}: {command[:300]}" for pid, command in sorted(left.items())]
    return "\n".join(lines)


def main() -> int:
    """Check the run named by the environment's mark; end and name what it left."""
    value = os.environ.get(MARK)
    if not value:
        print(f"{MARK} is not set: no run to check", file=sys.stderr)  # noqa: T201
        return 2
    left = survivors(value)
    if not left:
        return 0
    print(report(left), file=sys.stderr)  # noqa: T201
    end(set(left))
    return 1


if __name__ == "__main__":
    sys.exit(main())
