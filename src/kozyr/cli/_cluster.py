"""`--cluster local:N` and `--scheduler ADDRESS`: a command's ladders on a Dask cluster (`kozyr[dask]`).

`add_options(parser)` adds the two (mutually exclusive) options; `connect(args)`
is the context a command runs its ladders in: it sets `args.client` to a
`distributed.Client` (or None when neither option is given) and closes the
client, and the LocalCluster it started, on the way out, Ctrl-C included.
The results do not depend on the cluster (`kozyr.durak.ladder.cluster`), so a
command prints the same table either way; only its timing line says where the
deals were played (`where(args)`).

A scheduler address is `tcp://host:port` (or `host:port`): TLS needs
certificates kozyr has no option for, and UCX or in-process addresses reach
nothing a command starts. Before the Client is made, the address must answer
a Dask handshake and say it is a scheduler within CONNECT_TIMEOUT seconds in
all: Dask's own connect bounds the TCP connect but not the handshake read, so
a listener that never answers (or an HTTP server, whose reply Dask reads as a
frame length of exabytes) would hang the command or crash it.
"""
from __future__ import annotations

import argparse
import logging
import os
import signal
import sys
import time
import urllib.parse
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from kozyr.cli._common import need
from kozyr.errors import KozyrError, shown

__all__ = ["add_options", "connect", "where", "dask_setup", "scheduler_address", "MAX_LOCAL", "CONNECT_TIMEOUT"]

MAX_LOCAL = 256          # worker processes of a LocalCluster, at most
CONNECT_TIMEOUT: float | str = 10.0   # seconds (or Dask's "10s") for the whole connection, handshake included


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


def scheduler_address(text: str) -> str:
    """A scheduler address as `tcp://host:port` (`host:port` means tcp), or a KozyrError saying what is wrong.

    >>> scheduler_address("127.0.0.1:8786")
    'tcp://127.0.0.1:8786'
    """
    address = text.strip()
    scheme, sep, rest = address.partition("://")
    if not sep:
        scheme, rest = "tcp", address
    scheme = scheme.lower()
    if scheme == "tls":
        raise _bad_address(text, "tls:// needs certificates, which kozyr takes no option for: give tcp://host:port")
    if scheme != "tcp":
        raise _bad_address(text, f"{scheme}:// is not a scheme kozyr connects with: give tcp://host:port")
    try:
        parts = urllib.parse.urlsplit(f"tcp://{rest}")
        port = parts.port
    except ValueError:
        raise _bad_address(text, "the port is not a number from 1 to 65535 (give tcp://host:port)") from None
    if parts.path or parts.query or parts.fragment or "@" in parts.netloc or any(c.isspace() for c in rest):
        raise _bad_address(text, "give just tcp://host:port")
    if not parts.hostname:
        raise _bad_address(text, "no host: give tcp://host:port" if rest.strip(":") else "give tcp://host:port")
    if port is None or not 1 <= port <= 65535:
        raise _bad_address(text, "no port from 1 to 65535: give tcp://host:port")
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    return f"tcp://{host}:{port}"


def _bad_address(text: str, why: str) -> KozyrError:
    return KozyrError("bad_scheduler", f"--scheduler {shown(text)}: {why}", field="scheduler", value=text)


def _address(text: str) -> str:
    """The argparse type of --scheduler (its refusal is argparse's one line)."""
    try:
        return scheduler_address(text)
    except KozyrError as err:
        raise argparse.ArgumentTypeError(err.detail.removeprefix("--scheduler ")) from None


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
    cluster = client = None
    try:
        if n:
            with _starting() as interrupted:
                try:
                    cluster = LocalCluster(n_workers=n, processes=True, threads_per_worker=1, dashboard_address=":0",
                                           silence_logs=logging.CRITICAL, preload=[__name__])
                    client = Client(cluster)
                except Exception:
                    if not interrupted:   # workers that died of the Ctrl-C fail the start: the Ctrl-C is the news
                        raise
            if interrupted:
                raise KeyboardInterrupt("interrupted while the Dask cluster started")
        else:
            from dask.utils import parse_timedelta

            client = _client_of_scheduler(Client, str(address), float(parse_timedelta(CONNECT_TIMEOUT, "seconds")))
        args.client = client
        yield client
    finally:
        args.client = None
        _close(client, cluster)


def _client_of_scheduler(client_class: Any, address: str, timeout: float) -> Any:
    """A Client of the scheduler at `address`, or a KozyrError no_cluster within `timeout` seconds in all."""
    began = time.monotonic()
    _handshake(address, timeout)
    left = max(1.0, timeout - (time.monotonic() - began))
    try:
        return client_class(address, timeout=left)
    except (OSError, TimeoutError) as err:
        raise KozyrError("no_cluster", f"--scheduler {address}: cannot reach the Dask cluster ({err})",
                         value=address) from None


def _handshake(address: str, timeout: float) -> None:
    """Connect, shake hands and ask `identity` as Dask does, all within `timeout` seconds, in a loop of our own
    (so the deadline covers Dask's unbounded handshake read); refuse anything that is not a Dask scheduler."""
    import asyncio

    from distributed.comm import connect as dask_connect

    async def ask() -> Any:
        # the TCP connect (which Dask retries until its own timeout) gets most of the time, so that a refused
        # connection is reported as such, before the whole deadline says nothing answered
        comm = await dask_connect(address, timeout=0.8 * timeout)
        try:
            await comm.write({"op": "identity", "reply": True})
            return await comm.read()
        finally:
            comm.abort()

    try:
        reply = asyncio.run(asyncio.wait_for(ask(), timeout))
    except (asyncio.TimeoutError, TimeoutError):
        raise KozyrError("no_cluster", f"--scheduler {address}: no Dask scheduler answered within {timeout:g} s",
                         value=address) from None
    except OSError as err:   # refused, unreachable, closed by the other side (Dask's CommClosedError)
        raise KozyrError("no_cluster", f"--scheduler {address}: cannot reach the Dask cluster "
                         f"({' '.join(str(err).split())[:120] or type(err).__name__})", value=address) from None
    except Exception as err:  # noqa: BLE001 - whatever a stranger's bytes make of Dask's reader
        raise KozyrError("no_cluster", f"--scheduler {address}: what answers is not a Dask scheduler "
                         f"({type(err).__name__})", value=address) from None
    kind = reply.get("type") if isinstance(reply, dict) else None
    if not (isinstance(kind, str) and kind.endswith("Scheduler")):
        raise KozyrError("no_cluster", f"--scheduler {address}: what answers is not a Dask scheduler "
                         f"(it says it is {shown(kind)})", value=address)


@contextmanager
def _starting() -> Iterator[list[bool]]:
    """While a LocalCluster starts: Ctrl-C is noted, not raised, and the new workers' stderr is /dev/null.

    A KeyboardInterrupt in the middle of the start would leave a half-built
    cluster that nothing can close cleanly, so a Ctrl-C then is held until the
    start is over (a few seconds) and taken then. A terminal's Ctrl-C reaches
    the whole process group, and a worker that is still importing dies of it
    with a traceback: the workers write nothing of their own (their logs are
    off too; a task's error reaches the command through Dask).
    """
    interrupted: list[bool] = []
    try:
        previous = signal.signal(signal.SIGINT, lambda signum, frame: interrupted.append(True))
    except ValueError:   # not the main thread: no handler to swap
        previous = None
    sys.stderr.flush()
    saved = os.dup(2)
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 2)
    os.close(devnull)
    try:
        yield interrupted
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        if previous is not None:
            signal.signal(signal.SIGINT, previous)


def dask_setup(worker: Any) -> None:
    """Dask's preload hook, run in each worker process of the LocalCluster we start: ignore SIGINT.

    Ctrl-C on a terminal reaches the whole process group, the workers too; the
    command (the driver) answers it by cancelling the tasks and closing the
    cluster, so a worker must not die of it first (and be restarted meanwhile).
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _close(client: Any, cluster: Any) -> None:
    """Close the client and the LocalCluster we started; a cluster already gone is not an error."""
    for thing in (client, cluster):
        if thing is None:
            continue
        try:
            thing.close()
        except Exception:  # noqa: BLE001 - closing is best effort; the command's own result or error stands
            pass
