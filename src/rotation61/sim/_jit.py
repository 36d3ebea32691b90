"""The JIT switch of the simulator: numba when present, plain Python otherwise.

Every kernel of :mod:`rotation61.sim._kernel` is written in the subset of Python that
numba compiles, so the same source is both the fast path and the reference: with
``NUMBA_DISABLE_JIT=1`` (or without numba) it runs as ordinary, slow Python.

The compiled kernels are cached on disk (in the user's cache folder, :func:`cache_dir`,
unless ``NUMBA_CACHE_DIR`` is set) so that a new process starts warm, unless
``ROTATION61_NUMBA_CACHE`` is ``0``. numba checks a cached kernel against its own module's
source only, not against the modules whose kernels it calls, so after editing the kernel
run with the cache off (CI does) or delete the cache folder. The first use of the kernels
that compiles them says so on stderr (:func:`announce_compile`).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Mapping
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path
from typing import Any, Final, TypeVar, cast

from rotation61._version import __version__
from rotation61.sim.errors import SimulationError

_F = TypeVar("_F", bound=Callable[..., Any])

CACHE_VARIABLE: Final = "ROTATION61_NUMBA_CACHE"
"""The environment variable that turns numba's on-disk cache of the kernels on (1) or off (0)."""

COMPILE_MESSAGE: Final = "rotation61: compiling the physics kernels, once (30-60 s; {where})..."
"""What :func:`announce_compile` writes on stderr."""


def cache_dir(environ: Mapping[str, str], platform: str = sys.platform) -> Path:
    """The folder for the compiled kernels, by the platform's conventions for user caches.

    Linux and others: ``$XDG_CACHE_HOME`` (if absolute) or ``~/.cache``; macOS:
    ``~/Library/Caches``; Windows: ``%LOCALAPPDATA%``; then ``rotation61/numba-VERSION``.

    >>> cache_dir({"XDG_CACHE_HOME": "/c", "HOME": "/h"}, "linux").as_posix()
    '/c/rotation61/numba-0.1.0'
    >>> cache_dir({"HOME": "/h"}, "darwin").as_posix()
    '/h/Library/Caches/rotation61/numba-0.1.0'
    """
    home = Path(environ.get("HOME") or environ.get("USERPROFILE") or Path.home())
    if platform == "win32":
        base = Path(environ.get("LOCALAPPDATA") or home / "AppData" / "Local")
    elif platform == "darwin":
        base = home / "Library" / "Caches"
    else:
        xdg = environ.get("XDG_CACHE_HOME", "")
        base = Path(xdg) if xdg and Path(xdg).is_absolute() else home / ".cache"
    return base / "rotation61" / f"numba-{__version__}"


def is_disk_cache_on(environ: Mapping[str, str]) -> bool:
    """Whether compiled kernels are cached on disk: ``ROTATION61_NUMBA_CACHE`` 1 (default) or 0.

    Args:
        environ: the environment (``os.environ``).

    Returns:
        ``True`` if the variable is unset or ``1``, ``False`` if it is ``0``.

    Raises:
        SimulationError: the variable holds anything else.

    >>> is_disk_cache_on({}), is_disk_cache_on({"ROTATION61_NUMBA_CACHE": "0"})
    (True, False)
    """
    value = environ.get(CACHE_VARIABLE, "1")
    if value not in ("0", "1"):
        raise SimulationError(
            f"{CACHE_VARIABLE}={value!r} is not a valid setting: use 1 to cache the compiled "
            "physics kernels on disk (the default) or 0 to compile them in every process"
        )
    return value == "1"


CACHE: Final[bool] = is_disk_cache_on(os.environ)
"""Whether the kernels compiled in this process are cached on disk (read once, at import)."""

if CACHE and not os.environ.get("NUMBA_CACHE_DIR"):
    # before numba reads its configuration; only with the cache on and no user setting
    os.environ["NUMBA_CACHE_DIR"] = str(cache_dir(os.environ))

_numba: Any
try:
    import numba

    _numba = numba
    if CACHE and os.environ["NUMBA_CACHE_DIR"] != _numba.config.CACHE_DIR:
        _numba.config.CACHE_DIR = os.environ["NUMBA_CACHE_DIR"]  # numba imported before us
except ImportError:  # pragma: no cover - exercised only without the [sim] extra
    _numba = None

HAS_NUMBA: Final[bool] = _numba is not None
"""Whether numba is installed (the kernels are compiled)."""

_announced: list[bool] = []


def announce_compile(kernel: Any) -> None:
    """Say on stderr, once per process, that ``kernel``'s first call will compile the kernels.

    Silent without numba, once the kernel has run in this process, and when the disk cache
    holds it (numba's index file for it exists).
    """
    if _announced or _numba is None or getattr(kernel, "signatures", None):
        return
    _announced.append(True)
    cache = getattr(kernel, "_cache", None)
    index = getattr(getattr(cache, "_cache_file", None), "_index_path", None)
    if CACHE and index is not None and os.path.exists(index):
        return
    where = (
        f"cached in {os.environ.get('NUMBA_CACHE_DIR', '')}"
        if CACHE
        else f"not cached: {CACHE_VARIABLE}=0"
    )
    sys.stderr.write(COMPILE_MESSAGE.format(where=where) + "\n")
    sys.stderr.flush()


def jit(fn: _F) -> _F:
    """Compile ``fn`` with numba (nopython, cached on disk if :data:`CACHE`), or return it."""
    if _numba is None:  # pragma: no cover
        return fn
    return cast(_F, _numba.njit(cache=CACHE, nogil=True)(fn))


def jit_light(fn: _F) -> _F:
    """Like :func:`jit`, without numba's reference counting: for kernels that allocate nothing."""
    if _numba is None:  # pragma: no cover
        return fn
    try:
        # ``_nrt`` is a private numba option (stable for years); fall back without it.
        return cast(_F, _numba.njit(cache=CACHE, nogil=True, _nrt=False)(fn))
    except (KeyError, TypeError, ValueError):  # pragma: no cover
        return cast(_F, _numba.njit(cache=CACHE, nogil=True)(fn))


def jit_parallel(fn: _F) -> _F:
    """Like :func:`jit`, with numba's ``parallel=True`` (``prange`` loops run on all cores)."""
    if _numba is None:  # pragma: no cover
        return fn
    return cast(_F, _numba.njit(cache=CACHE, nogil=True, parallel=True)(fn))


prange = _numba.prange if _numba is not None else range


def set_threads(count: int | None) -> int:
    """Set the number of threads the parallel kernels use; returns the number in force.

    Args:
        count: threads to use, or ``None`` for all that numba found.

    Returns:
        The number of threads now in use (1 without numba).
    """
    if _numba is None:  # pragma: no cover
        return 1
    limit: int = _numba.config.NUMBA_NUM_THREADS
    _numba.set_num_threads(limit if count is None else max(1, min(count, limit)))
    threads: int = _numba.get_num_threads()
    return threads


def dynamic_schedule(chunk: int) -> AbstractContextManager[object]:
    """A context in which ``prange`` loops hand out ``chunk`` iterations at a time.

    numba's default schedule splits a ``prange`` loop into one equal block per thread up
    front, so on a shared machine a batch waits for its most preempted thread; with a
    chunk size, idle threads take the next iterations as they finish (the results do not
    depend on the schedule: every iteration is independent).

    Args:
        chunk: iterations per hand-out (>= 1).

    Returns:
        numba's ``parallel_chunksize`` context (a null context without numba).
    """
    if _numba is None:  # pragma: no cover
        return nullcontext()
    return cast(AbstractContextManager[object], _numba.parallel_chunksize(max(1, chunk)))
