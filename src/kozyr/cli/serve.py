"""`kozyr serve`: the web table (kozyr.web) on 127.0.0.1 until Ctrl-C."""
from __future__ import annotations

import argparse
from typing import Any

from kozyr.cli._common import count


def _serve(args: argparse.Namespace) -> int:
    from kozyr.web.server import serve

    if args.port > 65535:
        args.parser.error(f"--port {args.port} is above 65535")
    if not args.host.strip():
        args.parser.error("--host '' is no address: give 127.0.0.1 (this machine), or 0.0.0.0 or :: for every "
                          "interface")
    return serve(args.host, args.port, args.records, quiet=not args.verbose,
                 allowed_hosts=tuple(args.allowed_host or ()), queue=args.queue)


def register(subparsers: Any) -> None:
    """Add `serve` to the `kozyr` console script's subparsers."""
    p = subparsers.add_parser("serve", help="play and replay durak and hokm in a web browser",
                              description="Serve the web table: play durak and hokm against the bots, replay "
                                          "records, watch a ladder's deal. It listens on 127.0.0.1 only unless "
                                          "--host says otherwise (then it warns on stderr), and prints its "
                                          "address. It answers only requests for its own Host names: the "
                                          "loopback names, the --host address, and each --allowed-host.")
    p.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1: this "
                   "machine only; 0.0.0.0 or :: every interface)")
    p.add_argument("--port", type=count, default=8000, help="the port (default 8000; 0 picks a free one)")
    p.add_argument("--allowed-host", metavar="NAME", action="append",
                   help="one more Host name the table answers (repeatable): the name other machines reach it by "
                        "when --host is 0.0.0.0 or ::")
    p.add_argument("--records", metavar="DIR", default="kozyr-records",
                   help="the folder records are saved to and replayed from (default ./kozyr-records, made if "
                        "missing; it must be writable); nothing outside it is read or written")
    p.add_argument("--queue", metavar="FILE", default=None,
                   help="the test queue's store the runs page (/runs) shows, read-only (default "
                        "./kozyr-queue.sqlite, as `kozyr queue` keeps it)")
    p.add_argument("--verbose", action="store_true", help="log every request to stderr")
    p.set_defaults(func=_serve, parser=p)
