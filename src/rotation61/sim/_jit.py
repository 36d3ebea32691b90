"""The JIT switch of the simulator: numba when present, plain Python otherwise.

Every kernel of :mod:`rotation61.sim._kernel` is written in the subset of Python that
numba compiles, so the same source is both the fast path and the reference: with
``NUMBA_DISABLE_JIT=1`` (or without numba) it runs as ordinary, slow Python.

The compiled kernels are cached on disk (``__pycache__`` next to the source, or
``NUMBA_CACHE_DIR``) so that a new process starts warm, unless ``ROTATION61_NUMBA_CACHE``
is ``0``. numba checks a cached kernel against its own module's source only, not against
the modules whose kernels it calls, so after editing the kernel run with the cache off
(CI does) or delete the caches.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from typing import Any, Final, TypeVar, cast

from rotation61.sim.errors import SimulationError

_F = TypeVar("_F", bound=Callable[..., Any])

_numba: Any
try:
    import numba

    _numba = numba
except ImportError:  # pragma: no cover - exercised only without the [sim] extra
    _numba = None

HAS_NUMBA: Final[bool] = _numba is not None
"""Whether numba is installed (the kernels are compiled)."""

CACHE_VARIABLE: Final = "ROTATION61_NUMBA_CACHE"
"""The environment variable that turns numba's on-disk cache of the kernels on (1) or off (0)."""


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
