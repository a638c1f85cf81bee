"""The panel: small rule bots of distinct styles, shipped as named sides to measure the rungs against.

Each is a plain function `view -> Move` that reads only the view it is handed
(its hand, the trump, the talon count, the phase and the legal list), keeps
nothing between decisions and draws no random words, so it plays the same
move on the same view in a ladder's loop, in worker processes (it pickles by
name), in `replay` and at the terminal. None of them resigns. Every one swaps
its low trump for the turn-up when it may (the rungs do too), and ranks cards
the same way: a plain card is cheaper than any trump, then by rank; ties go to
the earlier move of the legal list.

- `taker`: the passive defender. While the talon lasts it beats only with a
  plain card below a queen and takes everything else (it never beats with a
  trump then), throws in only plain cards below a ten and leads its cheapest
  card; once the talon is gone it plays as the shedder.
- `shedder`: the aggressive one. It beats whenever it can, with its cheapest
  beating card, and throws in everything it can (it says done only when no
  card is left to throw), trumps included.
- `hoarder`: the trump hoarder. While the talon lasts it spends no trump that
  it can keep: it takes rather than beat with one, never throws one in, and
  leads one only from a hand of trumps alone; once the talon is gone it beats
  and throws in like the shedder.
- `spsa3`: rung 3 with the settings SPSA found (`SPSA3_SETTINGS`:
  CHEAP_POWER=-1, DEEP_TALON=4; docs/benchmarks.md, "Tuning"), a `Bot`, so it
  plays in the compiled loop. Its old name `tuned` (and `TUNED` its settings'),
  which read like the tuning room and `kozyr tune`, works until kozyr 0.5 with
  a DeprecationWarning (`kozyr.durak.bots` gives them: this source stays the
  view's alone, as the blindness tests hold it; `sides.OLD_NAMES` the typed name).

A table of takers can keep a talon alive for ever (every bout taken, every
hand above six, nobody draws), so past ply `LONG` (300 events, several times
a usual deal's) the taker and the hoarder play as the shedder, which
beats whenever it can: every deal ends.

The shell names them by these names (`kozyr ladder taker 3`); `PANEL` is
that list's one home. The table of how they fare against the rungs is
docs/strength.md (`benchmarks/strength.py`).
"""
from __future__ import annotations

from collections.abc import Callable

from kozyr.durak.bots.bot import Bot
from kozyr.durak.moves import Move
from kozyr.durak.params import Params
from kozyr.durak.views import View

__all__ = ["taker", "shedder", "hoarder", "spsa3", "SPSA3_SETTINGS", "PANEL", "spec"]

SPSA3_SETTINGS = Params(CHEAP_POWER=-1, DEEP_TALON=4)
TAKE, DONE, SWAP = Move("take"), Move("done"), Move("swap")
TEN, QUEEN = 10, 12
LONG = 300   # the ply past which the taker and the hoarder stop taking to keep their cards (see below)


def _cost(view: View, move: Move) -> tuple[bool, int]:
    """A card move's cost: any trump above any plain card, then the rank."""
    card = move.card or 0
    return (card >> 4 == view.trump, card & 15)


def _cards(view: View, kind: str) -> list[Move]:
    """The legal moves of `kind` (attack or beat), cheapest first (ties keep the legal list's turn)."""
    return sorted((m for m in view.legal if m.kind == kind), key=lambda m: _cost(view, m))


def _plain(view: View, moves: list[Move]) -> list[Move]:
    return [m for m in moves if (m.card or 0) >> 4 != view.trump]


def _fallback(view: View) -> Move | None:
    """The first legal move that is not a resignation (None when there is none)."""
    return next((m for m in view.legal if m.kind != "resign"), None)


def _answer(view: View, beaters: list[Move], throws: list[Move]) -> Move | None:
    """Swap, lead the cheapest card, beat with the first of `beaters` (or take), and throw in the first of `throws` (or
    say done) whenever done is legal (adding to a beaten bout or piling on a taken one): the frame
    every panel bot shares, given its choice of cards."""
    if SWAP in view.legal:
        return SWAP
    if view.phase == "defend":
        if beaters:
            return beaters[0]
        return TAKE if TAKE in view.legal else _fallback(view)
    if DONE not in view.legal:            # an opening attack: the cheapest card (a trump only from trumps alone)
        cards = _cards(view, "attack")
        return cards[0] if cards else _fallback(view)
    return throws[0] if throws else DONE  # adding to a beaten bout, or piling on a taken one


def _early(view: View) -> bool:
    """Whether the talon still lasts and the deal is not dragging on (its ply below `LONG`)."""
    return view.talon > 0 and view.ply < LONG


def taker(view: View) -> Move | None:
    """While the talon lasts: beat only with a plain card below a queen, else take; throw in only plain
    cards below a ten; lead the cheapest card. With the talon gone (or past `LONG`), play as the shedder."""
    if not _early(view):
        return shedder(view)
    beaters = [m for m in _plain(view, _cards(view, "beat")) if (m.card or 0) & 15 < QUEEN]
    throws = [m for m in _plain(view, _cards(view, "attack")) if (m.card or 0) & 15 < TEN]
    return _answer(view, beaters, throws)


def shedder(view: View) -> Move | None:
    """Beat whenever possible with the cheapest beating card; throw in every card it can, trumps too."""
    return _answer(view, _cards(view, "beat"), _cards(view, "attack"))


def hoarder(view: View) -> Move | None:
    """While the talon lasts spend no trump that can be kept (take instead, throw in plain cards only,
    lead a trump only from a hand of trumps); with the talon gone (or past `LONG`), play as the shedder."""
    if not _early(view):
        return shedder(view)
    beaters, throws = _plain(view, _cards(view, "beat")), _plain(view, _cards(view, "attack"))
    return _answer(view, beaters, throws)


spsa3 = Bot(3, "spsa3", params=SPSA3_SETTINGS)   # rung 3 draws no random words: its name there changes no move

PANEL: dict[str, Callable[[View], Move | None]] = {"taker": taker, "shedder": shedder, "hoarder": hoarder,
                                                   "spsa3": spsa3}


def spec(name: str) -> str:
    """The `module:attr` text of the panel bot called `name` (how the shell's sides name it)."""
    return f"kozyr.durak.bots.panel:{name}"
