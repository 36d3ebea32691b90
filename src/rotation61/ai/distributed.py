"""Self-play on a Ray cluster: an executor for :func:`rotation61.ai.selfplay.run_jobs` (``[ray]``).

:func:`ray_executor` gives a map-like executor, ``executor(function, jobs)``, that runs
each job as one Ray task and gives the results back in job order::

    from rotation61.ai.distributed import ray_executor
    from rotation61.ai.selfplay import jobs_for, run_jobs, summarize

    outcomes = run_jobs(jobs_for("7", "3", 1000, seed=1), ray_executor("auto"))
    print(summarize(outcomes).as_dict())

A job's outcome depends only on the job (its seed), so the outcomes are those of the
single-process run for the same seeds, on any number of machines; only the think
times (wall clock) differ. The command line's ``--ray ADDRESS`` (``rotation61 ai match``
and ``ai ladder``) uses it.

The address is Ray's: ``"auto"`` (the cluster this machine belongs to, as started by
``ray start --head``), ``"HOST:PORT"`` of a head node, ``"ray://HOST:10001"`` (Ray
Client, which needs ``ray[client]``), or ``"local"`` (start a Ray instance in this
process). If this process is already connected to Ray (``ray.is_initialized()``), that
connection is used and the address is not. Every node needs rotation61 installed with
the ``[ray]`` extra (the tasks import :mod:`rotation61.ai.selfplay`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from types import ModuleType
from typing import Any, Final, TypeVar

from rotation61.rules import Rotation61Error

__all__ = ["RayExecutor", "RayUnavailableError", "ray_executor"]

J = TypeVar("J")
R = TypeVar("R")

_ADDRESS_MAX: Final = 1000


class RayUnavailableError(Rotation61Error, ConnectionError):
    """Ray is not installed, the address is malformed, or no cluster answers there."""


def _ray() -> ModuleType:
    """The ``ray`` package (imported on first use, so this module imports without it).

    Raises:
        RayUnavailableError: the ``[ray]`` extra is not installed.
    """
    try:
        import ray
    except ImportError as err:
        raise RayUnavailableError(
            f"Ray is not installed: pip install 'rotation61[ray]' ({err})"
        ) from err
    return ray


class RayExecutor:
    """Run each job as a Ray task; results in job order (see the module).

    Args:
        address: where the cluster is (see the module).
        num_cpus: CPUs each task reserves (1: one rack per core).

    Raises:
        RayUnavailableError: Ray is not installed, the address is not a non-empty
            string, or ``num_cpus`` is not a positive number.
    """

    __slots__ = ("address", "num_cpus")

    def __init__(self, address: str, *, num_cpus: float = 1.0) -> None:
        if not isinstance(address, str) or not address.strip() or len(address) > _ADDRESS_MAX:
            raise RayUnavailableError(f"Ray address {address!r} is not a non-empty string")
        if isinstance(num_cpus, bool) or not isinstance(num_cpus, int | float) or num_cpus <= 0:
            raise RayUnavailableError(f"num_cpus {num_cpus!r} must be a positive number")
        _ray()
        self.address = address.strip()
        self.num_cpus = float(num_cpus)

    def connect(self) -> None:
        """Connect to the cluster unless this process already is.

        Raises:
            RayUnavailableError: no cluster answers at the address.
        """
        ray = _ray()
        if ray.is_initialized():
            return
        try:
            ray.init(address=self.address, log_to_driver=False)
        except (ConnectionError, ValueError, RuntimeError) as err:
            raise RayUnavailableError(f"no Ray cluster at {self.address!r}: {err}") from err

    def __call__(self, function: Callable[[J], R], jobs: Sequence[J]) -> Iterator[R]:
        """Submit every job at once, then yield the results in job order.

        ``function`` must be importable by the workers (a module-level function).

        Raises:
            RayUnavailableError: no cluster answers at the address.
        """
        self.connect()
        ray = _ray()
        task: Any = ray.remote(num_cpus=self.num_cpus)(function)
        refs = [task.remote(job) for job in jobs]
        for ref in refs:
            result: R = ray.get(ref)
            yield result

    def __repr__(self) -> str:
        return f"RayExecutor(address={self.address!r}, num_cpus={self.num_cpus!r})"


def ray_executor(address: str = "auto", *, num_cpus: float = 1.0) -> RayExecutor:
    """The executor for ``run_jobs`` on the Ray cluster at ``address`` (see the module).

    Raises:
        RayUnavailableError: Ray is not installed, or the address is not a non-empty
            string.
    """
    return RayExecutor(address, num_cpus=num_cpus)
