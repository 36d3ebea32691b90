"""numba's on-disk cache of the kernels: on by default, off with ROTATION61_NUMBA_CACHE=0."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from rotation61.sim import SimulationError
from rotation61.sim._jit import CACHE_VARIABLE, cache_dir, is_disk_cache_on

# A kernel that calls another module's kernel (detection -> roots): compile or load it, and
# report whether it came from the disk cache.
_CALL_A_KERNEL = """
import json
from rotation61.sim._kernel import detection
t = detection.path_time(0.0, 0.0, 1.0, 0.0, -1.0, 0.0, 0.5, 10.0)
stats = detection.path_time.stats
print(json.dumps([t, sum(stats.cache_hits.values()), sum(stats.cache_misses.values())]))
"""


@pytest.mark.parametrize(
    ("environ", "expected"),
    [({}, True), ({CACHE_VARIABLE: "1"}, True), ({CACHE_VARIABLE: "0"}, False)],
    ids=["unset", "one", "zero"],
)
def test_the_cache_is_on_unless_the_variable_is_zero(
    environ: dict[str, str], expected: bool
) -> None:
    assert is_disk_cache_on(environ) is expected


@pytest.mark.parametrize("value", ["yes", "true", "", "2", " 1", "off"])
def test_any_other_cache_setting_is_refused_naming_the_value(value: str) -> None:
    with pytest.raises(SimulationError, match=re.escape(f"{CACHE_VARIABLE}={value!r}")):
        is_disk_cache_on({CACHE_VARIABLE: value})


def _call_a_kernel(cache_dir: Path, setting: str) -> tuple[float, int, int]:
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_DISABLE_JIT"}
    env |= {CACHE_VARIABLE: setting, "NUMBA_CACHE_DIR": str(cache_dir)}
    done = subprocess.run(
        [sys.executable, "-c", _CALL_A_KERNEL], capture_output=True, text=True, env=env, check=True
    )
    t, hits, misses = json.loads(done.stdout)
    return float(t), int(hits), int(misses)


def test_a_new_process_loads_the_compiled_kernels_from_disk_only_with_the_cache_on(
    tmp_path: Path,
) -> None:
    # (result, kernels loaded from the cache, kernels compiled)
    assert _call_a_kernel(tmp_path, "0") == (0.5, 0, 1)
    assert list(tmp_path.iterdir()) == []  # nothing saved with the cache off
    assert _call_a_kernel(tmp_path, "1") == (0.5, 0, 1)  # compiled and saved
    assert _call_a_kernel(tmp_path, "1") == (0.5, 1, 0)  # a warm start: loaded
    assert _call_a_kernel(tmp_path, "0") == (0.5, 0, 1)  # off: compiled again


def test_the_command_refuses_a_bad_cache_setting_without_a_traceback() -> None:
    env = {**os.environ, CACHE_VARIABLE: "yes"}
    done = subprocess.run(
        [sys.executable, "-m", "rotation61.cli.main", "simulate", "break", "--seed", "1"],
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert done.returncode == 1
    assert "'yes'" in done.stderr
    assert "Traceback" not in done.stderr


_FIRST_USE = """
import os, sys
from rotation61.sim import _jit
from rotation61.sim._kernel import detection
_jit.announce_compile(detection.path_time)
detection.path_time(0.0, 0.0, 1.0, 0.0, -1.0, 0.0, 0.5, 10.0)
_jit.announce_compile(detection.path_time)
print(os.environ.get("NUMBA_CACHE_DIR"))
"""


def _first_use(home: Path, setting: str) -> subprocess.CompletedProcess[str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("NUMBA_DISABLE_JIT", "NUMBA_CACHE_DIR", "XDG_CACHE_HOME")
    }
    env |= {CACHE_VARIABLE: setting, "HOME": str(home), "XDG_CACHE_HOME": str(home / "xdg")}
    return subprocess.run(
        [sys.executable, "-c", _FIRST_USE], capture_output=True, text=True, env=env, check=True
    )


def test_the_kernels_are_cached_in_the_users_cache_folder_and_compiling_is_announced(
    tmp_path: Path,
) -> None:
    expected = cache_dir({"XDG_CACHE_HOME": str(tmp_path / "xdg")}, "linux")
    cold = _first_use(tmp_path, "1")
    assert cold.stdout.strip() == str(expected)
    assert cold.stderr.count("compiling the physics kernels, once") == 1
    assert str(expected) in cold.stderr
    assert any(expected.rglob("*.nbi"))  # numba's index, in the user's cache folder
    warm = _first_use(tmp_path, "1")
    assert "compiling" not in warm.stderr  # loaded from the cache: nothing to say


def test_with_the_cache_off_no_cache_folder_is_set(tmp_path: Path) -> None:
    # (the user's own NUMBA_CACHE_DIR is respected: the loading test above sets it)
    off = _first_use(tmp_path / "off", "0")
    assert off.stdout.strip() == "None"
    assert "not cached" in off.stderr
    assert not (tmp_path / "off").exists()


@pytest.mark.parametrize(
    ("environ", "platform", "expected"),
    [
        ({"HOME": "/h"}, "linux", "/h/.cache/rotation61"),
        ({"HOME": "/h", "XDG_CACHE_HOME": "relative"}, "linux", "/h/.cache/rotation61"),
        ({"HOME": "/h"}, "darwin", "/h/Library/Caches/rotation61"),
        ({"HOME": "/h", "LOCALAPPDATA": "/l"}, "win32", "/l/rotation61"),
    ],
)
def test_the_cache_folder_follows_the_platforms_conventions(
    environ: dict[str, str], platform: str, expected: str
) -> None:
    assert cache_dir(environ, platform).parent.as_posix() == expected
