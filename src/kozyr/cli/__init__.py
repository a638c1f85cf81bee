"""The `kozyr` console script: the shell over the game libraries.

The games (`kozyr.durak`, `kozyr.hokm`, `kozyr.preferans`) are plain
libraries; every command, the terminal game, tables, progress bars and the
error convention live here. Each command module has `register(subparsers)`.

Errors: a `KozyrError` (any refusal of bad input) or a bad argument is one
line on stderr and exit status 2; Ctrl-C is one line and exit status 130; a
closed pipe on stdout ends the command quietly with status 0. Any other
exception (a plain ValueError included) is a bug in kozyr and is not dressed
as a refusal: it leaves `main` with its traceback.
"""
from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

import kozyr
from kozyr.cli import cards, durak, durak_play, durak_tune, hokm, pref, queue, serve
from kozyr.cli._common import OneLineParser, one_line
from kozyr.errors import KozyrError

__all__ = ["main", "build_parser"]

COMMAND_MODULES = (cards, durak, durak_play, hokm, pref, durak_tune, queue, serve)


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(prog="kozyr", description="Trump card games: durak, hokm, preferans.")
    parser.add_argument("--version", action="version", version=f"kozyr {kozyr.__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for module in COMMAND_MODULES:
        module.register(commands)
    return parser


def _commands(parser: argparse.ArgumentParser) -> int:
    """Bare `kozyr` (and `python -m kozyr`): the commands, one a line with what each does, and where the
    options are; exit status 0, as a newcomer's first try is a question, not a mistake."""
    lines = [parser.format_usage().rstrip(), "", f"{parser.description}", "", "commands:"]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            lines += [f"  {choice.dest:8}  {choice.help}" for choice in action._choices_actions]
    lines += ["", "Run kozyr COMMAND --help for a command's options (kozyr --help for kozyr's own)."]
    try:
        print("\n".join(lines))
        sys.stdout.flush()
    except BrokenPipeError:
        return _quiet_broken_pipe()
    return 0


def _quiet_broken_pipe() -> int:
    """The reader went away: point stdout at /dev/null so the interpreter's final flush is silent."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; the exit status (0, 2 for refused input, 130 for Ctrl-C)."""
    parser = build_parser()
    if not (sys.argv[1:] if argv is None else argv):   # bare `kozyr`: what it can do, not a usage error
        return _commands(parser)
    try:
        args = parser.parse_args(argv)
    except SystemExit as stop:  # --help, --version, or a bad argument (already reported)
        return stop.code if isinstance(stop.code, int) else 2
    prog = f"kozyr {args.command}"
    try:
        status = int(args.func(args))
        sys.stdout.flush()
        return status
    except KozyrError as err:  # every refusal of bad input, and nothing else: a bug must show as one
        print(f"{prog}: error: {one_line(str(err))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt as err:
        note = str(err) or "interrupted"
        print(f"{prog}: {one_line(note)}", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return _quiet_broken_pipe()
    except SystemExit as stop:  # a command's parser.error (already printed one line) or need()'s message
        if isinstance(stop.code, int):
            return stop.code
        if stop.code is not None:
            print(one_line(str(stop.code)) or f"{prog}: error", file=sys.stderr)
            return 2
        return 0
