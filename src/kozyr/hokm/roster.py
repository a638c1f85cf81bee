"""The hokm bots by name: the registry the shell and the arena build bots from.

`BOTS` maps a name to a factory taking a random source (or seed); `make_bot`
builds one by name. It lives apart from `kozyr.hokm.bots` because it holds
`SearchBot` too, and the search is built on those bots: here both are below,
and nothing below imports this.
"""
from __future__ import annotations

from collections.abc import Callable

from kozyr.errors import shown
from kozyr.hokm.bots import Bot, GreedyBot, RandomBot
from kozyr.hokm.errors import HokmError
from kozyr.hokm.randomness import RandomSource
from kozyr.hokm.search import SearchBot

__all__ = ["BOTS", "make_bot"]


def _search_bot(rng: RandomSource | int | None = None) -> Bot:
    """`SearchBot` with its defaults, seeded from `rng`."""
    return SearchBot(seed=rng)


#: Bot factories by name: each takes a random source (or seed).
BOTS: dict[str, Callable[[RandomSource | int | None], Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "search": _search_bot,
}


def make_bot(name: str, rng: RandomSource | int | None = None) -> Bot:
    """A bot by its registered name ("random", "greedy", "search")."""
    try:
        factory = BOTS[name]
    except KeyError:
        raise HokmError("unknown_bot", f"unknown bot {shown(name)}: choose from {', '.join(sorted(BOTS))}",
                        value=name) from None
    return factory(rng)
