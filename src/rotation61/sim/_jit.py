"""The JIT switch of the simulator: numba when present, plain Python otherwise.

Every kernel of :mod:`rotation61.sim._kernel` is written in the subset of Python that
numba compiles, so the same source is both the fast path and the reference: with
``NUMBA_DISABLE_JIT=1`` (or without numba) it runs as ordinary, slow Python.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, TypeVar, cast

_F = TypeVar("_F", bound=Callable[..., Any])

_numba: Any
try:
    import numba

    _numba = numba
except ImportError:  # pragma: no cover - exercised only without the [sim] extra
    _numba = None

HAS_NUMBA: Final[bool] = _numba is not None
"""Whether numba is installed (the kernels are compiled)."""


def jit(fn: _F) -> _F:
    """Compile ``fn`` with numba (nopython, cached on disk), or return it unchanged."""
    if _numba is None:  # pragma: no cover
        return fn
    return cast(_F, _numba.njit(cache=True, nogil=True)(fn))


def jit_light(fn: _F) -> _F:
    """Like :func:`jit`, without numba's reference counting: for kernels that allocate nothing."""
    if _numba is None:  # pragma: no cover
        return fn
    try:
        # ``_nrt`` is a private numba option (stable for years); fall back without it.
        return cast(_F, _numba.njit(cache=True, nogil=True, _nrt=False)(fn))
    except (KeyError, TypeError, ValueError):  # pragma: no cover
        return cast(_F, _numba.njit(cache=True, nogil=True)(fn))


def jit_parallel(fn: _F) -> _F:
    """Like :func:`jit`, with numba's ``parallel=True`` (``prange`` loops run on all cores)."""
    if _numba is None:  # pragma: no cover
        return fn
    return cast(_F, _numba.njit(cache=True, nogil=True, parallel=True)(fn))


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
