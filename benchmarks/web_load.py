"""The web table under load: 50 games at once against `kozyr serve` on 127.0.0.1; requests/s and latencies.

    python benchmarks/web_load.py [--games 50] [--runs 3]

Each run starts `kozyr serve --port 0` in a process of its own (a fresh records folder), lets
`kozyr.web.load` play `--games` games at once against it (one thread and one session each: four in five
durak deals against rungs 1 to 3, one in five a hokm match to one point), and prints the requests, the
requests per second and the 50th and 99th percentile latency of a request, with the load average before
and after, since this machine is shared. The client runs in this process, so client and server share the
machine's cores.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile

from kozyr.web.load import load


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--deadline", type=float, default=300.0)
    args = parser.parse_args()
    for run in range(1, args.runs + 1):
        with tempfile.TemporaryDirectory() as records:
            server = subprocess.Popen([sys.executable, "-m", "kozyr.cli", "serve", "--port", "0", "--records",
                                       records], stdout=subprocess.PIPE, text=True)
            try:
                line = server.stdout.readline() if server.stdout else ""
                port = int(line.split("127.0.0.1:")[1].split("/")[0])
                before = os.getloadavg()
                result = load("127.0.0.1", port, games=args.games, deadline=args.deadline)
                after = os.getloadavg()
            finally:
                server.terminate()         # SIGTERM: a background job may ignore Ctrl-C (SIGINT)
                server.wait(30)
        print(f"run {run}: {result.line()}; load average {before[0]:.2f} before, {after[0]:.2f} after")
        for error in result.errors[:5]:
            print("  " + error)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
