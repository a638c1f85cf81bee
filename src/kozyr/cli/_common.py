"""What every `kozyr` command shares: the parser, argument types, tables, progress, rates.

One convention for the whole shell: a bad argument or a refused input is one
line on stderr (`kozyr <command>: error: ...`) and exit status 2; Ctrl-C is
one line and exit status 130; a reader that goes away (`| head`) ends the
command quietly. `kozyr.cli.main` applies it; commands raise `KozyrError`
(or call `parser.error`) and never print tracebacks or exit themselves.

Output is a rich table on a terminal and plain text when stdout is not a
terminal or NO_COLOR is set, so scripts and tests read stable columns.
"""
from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from kozyr.errors import KozyrError, shown
from kozyr.files import check_output, write_atomic
from kozyr.stats import Rate

__all__ = [
    "OneLineParser", "one_line", "count", "positive", "integer_seed", "plain", "print_table", "format_table",
    "progress", "fmt_rate", "fmt_interval", "pyplot", "check_plot_path", "save_plot",
]


class OneLineParser(argparse.ArgumentParser):
    """argparse with one-line errors (argparse's default prints the whole usage block first), and negative
    numbers in every notation read as values: argparse takes `-5` and `-.5` for numbers but `-1e3` for an
    option, so `--elo0 -1e3` was "expected one argument". No kozyr option looks like a number."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._negative_number_matcher = NEGATIVE_NUMBER

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {one_line(message)}\n")


LINE_MAX = 600   # a bot's refusal names the deal and both replays (shell and Python); a longer line is cut
# -7, -2.5, -.5, -1e3, -2.5E+2, and -inf or -nan (which a number option then refuses in its own words)
NEGATIVE_NUMBER = re.compile(r"^-(?:(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?|inf|infinity|nan)$", re.IGNORECASE)


def one_line(text: str) -> str:
    """A message as one line: line breaks (argparse echoes arguments as given) shown as \\n, long text cut."""
    flat = text.replace("\r", "\\r").replace("\n", "\\n")
    return flat if len(flat) <= LINE_MAX else f"{flat[:LINE_MAX - 20]}...({len(flat)} chars)"


WHOLE_DIGITS = 18   # a count beyond 10**18 is no run anyone waits for; longer text is refused before int()


def _whole(text: str, low: int) -> int:
    """The one rule for count arguments: a whole number written in ASCII digits, `low` or more."""
    rule = f"expected a whole number, {low} or more"
    digits = text.strip()
    body = digits[1:] if digits[:1] in "+-" else digits
    if not body or not body.isascii() or not body.isdigit():
        raise argparse.ArgumentTypeError(f"{shown(text)} is not a whole number: {rule}")
    if len(body.lstrip("0")) > WHOLE_DIGITS:
        raise argparse.ArgumentTypeError(f"{shown(text)} is too large: {rule}, at most {WHOLE_DIGITS} digits")
    value = int(digits)
    if value < low:
        raise argparse.ArgumentTypeError(f"{shown(text)} is too small: {rule}")
    return value


def integer_seed(text: str) -> int:
    """An argparse type: `--seed` of every hokm command (match, sprt, play), any whole number."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{shown(text)} is not an integer seed") from None


def count(text: str) -> int:
    """An argparse type: a whole number, 0 or more (`--deals 0` is a run of no deals)."""
    return _whole(text, 0)


def positive(text: str) -> int:
    """An argparse type: a whole number, 1 or more."""
    return _whole(text, 1)


# -- output --------------------------------------------------------------------------
def plain() -> bool:
    """Plain text when stdout is not a terminal or NO_COLOR is set (any value)."""
    return "NO_COLOR" in os.environ or not sys.stdout.isatty()


def fmt_interval(r: Rate) -> str:
    """`47.71% [46.99, 48.43]`: the rate and its 2-sigma interval, in per cent; `-` when empty."""
    if r.rate is None or r.low is None or r.high is None:
        return "-"
    return f"{100 * r.rate:6.2f}% [{100 * r.low:.2f}, {100 * r.high:.2f}]"


fmt_rate = fmt_interval


def format_table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """Plain columns, left-aligned, two spaces apart, trailing spaces stripped."""
    widths = [max([len(h), *(len(r[i]) for r in rows)]) for i, h in enumerate(header)]
    lines = ["  ".join(h.ljust(w) for h, w in zip(header, widths)).rstrip()]
    lines += ["  ".join(c.ljust(w) for c, w in zip(row, widths)).rstrip() for row in rows]
    return "\n".join(lines)


def print_table(title: str, header: Sequence[str], rows: Sequence[Sequence[str]], notes: Sequence[str] = ()) -> None:
    """A titled table and notes under it: rich on a terminal, plain text otherwise."""
    if plain():
        print(title)
        print(format_table(header, rows))
        for note in notes:
            print(note)
        return
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    # cells hold users' text (a player's name may be "[/bold]"): never rich markup
    table = Table(title=escape(title), title_justify="left")
    for i, h in enumerate(header):
        table.add_column(escape(h), justify="left" if i == 0 else "right")
    for row in rows:
        table.add_row(*(escape(cell) for cell in row))
    console = Console()
    console.print(table)
    for note in notes:
        console.print(escape(note), highlight=False)


def progress(total: int, label: str) -> tuple[Callable[[int, int], None], Callable[[], None]]:
    """A progress bar on stderr (none when stderr is not a terminal): (update(done, total), close())."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    console = Console(stderr=True)
    bar = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                   console=console, transient=True, disable=not console.is_terminal)
    bar.start()
    task = bar.add_task(label, total=total)

    def update(done: int, _total: int) -> None:
        bar.update(task, completed=done)

    return update, bar.stop


def pyplot() -> Any:
    """matplotlib's pyplot drawing into files only (the Agg backend: no display needed)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _plot_format(path: str) -> str:
    """The image format of a plot file, by its suffix (png when there is none), as matplotlib names it."""
    suffix = os.path.splitext(path)[1].lower().lstrip(".")
    return suffix or "png"


def check_plot_path(path: str, option: str = "--plot") -> None:
    """Refuse, before any deal is played, a plot file that cannot be written: no such folder, a folder, a
    device (`/dev/full`), or a suffix that is not an image format matplotlib writes."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    check_output(path, label=f"{option} {path!r}")
    kinds = FigureCanvasAgg.get_supported_filetypes()
    if _plot_format(path) not in kinds:
        raise KozyrError("bad_file", f"{option} {path!r}: {shown(_plot_format(path))} is not an image format "
                         f"matplotlib writes ({', '.join(sorted(kinds))})", field="path", value=path)


def save_plot(fig: Any, path: str, option: str = "--plot") -> None:
    """Write a finished figure to `path` whole or not at all, then say so on stderr, after what stdout holds.

    The image is drawn in memory and written atomically (`kozyr.files.write_atomic`): a full disk is one
    KozyrError line (and exit 2), the old file untouched, and "plot written" is said only of a written plot.
    """
    import io

    plt = pyplot()
    fig.tight_layout()
    image = io.BytesIO()
    try:
        fig.savefig(image, dpi=120, format=_plot_format(path))
    finally:
        plt.close(fig)
    write_atomic(path, image.getvalue(), label=f"{option} {path!r}")
    sys.stdout.flush()
    print(f"plot written to {path}", file=sys.stderr)


def need(module: str, extra: str, parser: argparse.ArgumentParser | None = None) -> Any:
    """Import an optional dependency or stop with one line naming the extra that provides it."""
    import importlib

    try:
        return importlib.import_module(module)
    except ImportError:
        message = f"this needs {module.split('.')[0]}: pip install 'kozyr[{extra}]'"
        if parser is not None:
            parser.error(message)
        raise SystemExit(f"kozyr: error: {message}") from None
