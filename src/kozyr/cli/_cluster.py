"""`--cluster local:N` and `--scheduler ADDRESS`: a command's ladders on a Dask cluster (`kozyr[dask]`).

`add_options(parser)` adds the two (mutually exclusive) options; `connect(args)`
is the context a command runs its ladders in: it sets `args.client` to a
`distributed.Client` (or None when neither option is given) and closes the
client, and the LocalCluster it started, on the way out, Ctrl-C included.
The results do not depend on the cluster (`kozyr.durak.ladder.cluster`), so a
command prints the same table either way; only its timing line says where the
deals were played (`where(args)`).
"""
from __future__ import annotations

import argparse
import logging
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from kozyr.cli._common import need
from kozyr.errors import KozyrError, shown

__all__ = ["add_options", "connect", "where", "MAX_LOCAL"]

MAX_LOCAL = 256          # worker processes of a LocalCluster, at most
CONNECT_TIMEOUT = "10s"  # a scheduler that does not answer within this is an error, not a hang


def _local(text: str) -> int:
    """An argparse type: `local:N` -> N, the worker processes of a LocalCluster on this machine."""
    kind, _, number = text.strip().partition(":")
    try:
        n = int(number)
    except ValueError:
        n = 0
    if kind != "local" or not 1 <= n <= MAX_LOCAL:
        raise argparse.ArgumentTypeError(f"{shown(text)} is not local:N with N from 1 to {MAX_LOCAL} "
                                         f"(for a running cluster give --scheduler tcp://host:8786)")
    return n


def _address(text: str) -> str:
    """An argparse type: a scheduler address, `tcp://host:8786` (or `host:8786`)."""
    address = text.strip()
    if not address or any(c.isspace() for c in address) or ":" not in address.split("://")[-1]:
        raise argparse.ArgumentTypeError(f"{shown(text)} is not a scheduler address such as tcp://host:8786")
    return address


def add_options(parser: argparse.ArgumentParser) -> None:
    """Add --cluster local:N and --scheduler ADDRESS (one or the other) to a command's parser."""
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--cluster", type=_local, metavar="local:N",
                       help="play the chunks on a Dask LocalCluster of N worker processes, one thread each "
                            "(needs kozyr[dask]; the results are those of a local run)")
    group.add_argument("--scheduler", type=_address, metavar="ADDRESS",
                       help="play the chunks on the Dask cluster of this scheduler, e.g. tcp://host:8786 "
                            "(needs kozyr[dask], and kozyr on every worker)")


def where(args: argparse.Namespace) -> str:
    """Where the deals were played, for a timing line: `N workers`, `cluster local:N` or `scheduler ADDRESS`."""
    if getattr(args, "cluster", None):
        return f"Dask LocalCluster of {args.cluster} process{'es' if args.cluster != 1 else ''}"
    if getattr(args, "scheduler", None):
        return f"Dask scheduler {args.scheduler}"
    return f"{args.workers} worker{'s' if args.workers != 1 else ''}"


@contextmanager
def connect(args: argparse.Namespace) -> Iterator[Any]:
    """Set `args.client` for the block: a Client of a new LocalCluster, of a scheduler, or None.

    Dask's own log lines (a worker restarting, a connection closing while the
    cluster shuts down) are kept off stderr: a command's output is its table
    and, on error or Ctrl-C, one line.
    """
    n, address = getattr(args, "cluster", None), getattr(args, "scheduler", None)
    if not n and not address:
        args.client = None
        yield None
        return
    need("distributed", "dask", getattr(args, "parser", None))
    from distributed import Client, LocalCluster

    logging.getLogger("distributed").setLevel(logging.CRITICAL)
    cluster = None
    try:
        if n:
            cluster = LocalCluster(n_workers=n, processes=True, threads_per_worker=1, dashboard_address=None,
                                   silence_logs=logging.CRITICAL)
            client = Client(cluster)
        else:
            client = Client(address, timeout=CONNECT_TIMEOUT)
    except (OSError, TimeoutError) as err:
        if cluster is not None:
            cluster.close()
        target = f"--cluster local:{n}" if n else f"--scheduler {address}"
        raise KozyrError("no_cluster", f"{target}: cannot reach the Dask cluster ({err})", value=address or n) from None
    args.client = client
    try:
        yield client
    finally:
        args.client = None
        _close(client, cluster)


def _close(client: Any, cluster: Any) -> None:
    """Close the client and the LocalCluster we started; a cluster already gone is not an error."""
    for thing in (client, cluster):
        if thing is None:
            continue
        try:
            thing.close()
        except Exception:  # noqa: BLE001 - closing is best effort; the command's own result or error stands
            pass
