"""How a preferans deal reads in words: a move, an event, a trick, the end of a deal.

The terminal game prints these lines and the web table will show the same ones, so they live in the
library, not in the shell. Everything is said from one chair: :class:`Words` holds how each seat is called,
which seat is "you" (the verbs agree: "you pass", "seat 1 passes") and whether cards are drawn with suit
symbols (``A♥``, ``6♠``) or letters (``AH``, ``6S``).

Only what every seat may know is said: an event is public (:mod:`kozyr.preferans.events`), and a discard
is "two cards face down" whoever reads it.

>>> from kozyr.preferans.moves import Move
>>> words = Words(("you", "seat 1", "seat 2"), you=0, ascii=True)
>>> move_line(1, Move.parse("bid 6S"), words), move_line(0, Move.parse("whist"), words)
('Seat 1 bids 6S.', 'You whist.')
>>> move_line(2, Move.parse("play 10h"), Words(("A", "B", "C")))
'C plays 10♥.'
"""
from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from kozyr.cards import SUIT_LETTERS, SUIT_SYMBOLS, pretty, suit_of
from kozyr.preferans.contracts import Contract
from kozyr.preferans.events import Event
from kozyr.preferans.moves import Move
from kozyr.preferans.views import Trick, View

if TYPE_CHECKING:
    from kozyr.preferans.analysis import Analysis
    from kozyr.preferans.core.solver import Solver
    from kozyr.preferans.rungs import MonteCarloBot

__all__ = ["Words", "SUIT_NAMES", "move_line", "event_line", "event_lines", "trick_phrase", "outcome_line", "asked",
           "would_line", "analysis_lines", "Hinter", "HINT_MOVES", "HINT_LIMIT", "HINT_SAMPLES"]

SUIT_NAMES = ("spade", "heart", "diamond", "club")
"""A suit in words (singular), in kozyr's suit order."""


@dataclass(frozen=True)
class Words:
    """How the lines are said: ``names[s]`` calls seat s, seat ``you`` (if any) is "you", and ``ascii``
    writes cards and contracts with letters."""

    names: Sequence[str]
    you: int | None = None
    ascii: bool = False

    def seat(self, s: int) -> str:
        """The seat as the subject of a sentence: ``you``, or its name."""
        return "you" if s == self.you else self.names[s]

    def card(self, c: int) -> str:
        """``10♥``, or ``10H`` in ASCII."""
        return pretty(c)[:-1] + SUIT_LETTERS[suit_of(c)] if self.ascii else pretty(c)

    def cards(self, cards: Sequence[int]) -> str:
        return " ".join(self.card(c) for c in cards)

    def suit(self, s: int) -> str:
        return SUIT_LETTERS[s] if self.ascii else SUIT_SYMBOLS[s]

    def contract(self, c: Contract | None) -> str:
        if c is None:
            return "-"
        return str(c) if self.ascii else c.pretty

    def clause(self, s: int, verb: str, third: str | None = None) -> str:
        """``you pass`` / ``seat 1 passes``: the subject and its verb, agreeing."""
        who = self.seat(s)
        return f"{who} {verb if who == 'you' else (third if third is not None else verb + 's')}"

    def says(self, s: int, verb: str, third: str | None = None) -> str:
        """:meth:`clause` at the start of a sentence: ``You pass``, ``Seat 1 passes``."""
        return _capital(self.clause(s, verb, third))


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def move_line(seat: int, move: Move, words: Words) -> str:
    """A move as a sentence, said of the seat that made it."""
    kind = move.kind
    if kind == "pass":
        return words.says(seat, "pass", "passes") + "."
    if kind == "bid":
        assert isinstance(move.arg, Contract)
        return f"{words.says(seat, 'bid')} {words.contract(move.arg)}."
    if kind == "discard":
        return f"{words.says(seat, 'discard')} two cards face down."
    if kind == "name":
        assert isinstance(move.arg, Contract)
        return f"{words.says(seat, 'name')} the contract: {words.contract(move.arg)}."
    if kind == "whist":
        return words.says(seat, "whist", "whists") + "."
    if kind == "half-whist":
        return words.says(seat, "half-whist", "half-whists") + "."
    if kind in ("open", "closed"):
        return f"{words.says(seat, 'choose', 'chooses')} to play {kind}."
    assert kind == "play" and isinstance(move.arg, int)
    return f"{words.says(seat, 'play')} {words.card(move.arg)}."


def trick_phrase(trick: Trick, trump: int | None, words: Words) -> str:
    """Why a trick went where it went: ``seat 2 wins with A♥, the highest heart``, ``you trump with 7♠``."""
    card = dict(trick.plays)[trick.winner]
    led = suit_of(trick.talon) if trick.talon is not None else suit_of(trick.plays[0][1])
    who = trick.winner
    if trump is not None and suit_of(card) == trump and led != trump:
        return f"{words.clause(who, 'trump')} with {words.card(card)}"
    return f"{words.clause(who, 'win')} with {words.card(card)}, the highest {SUIT_NAMES[led]}"


def event_line(event: Event, words: Words, *, tricks: Sequence[Trick] = (), trump: int | None = None) -> str | None:
    """An event as a sentence, or None for an event the move's own line already says (the move events
    ``call``, ``discard``, ``named``, ``whist_call``, ``play``: use :func:`move_line` for those).

    ``tricks`` (the view's finished tricks) and ``trump`` let a trick's end say why it went where it did.
    """
    kind = event.kind
    if kind == "auction_end":
        if event.seat is None:
            return "All pass: raspasy."
        return f"{words.says(event.seat, 'win', 'wins')} the auction at {words.contract(event.contract)}."
    if kind == "talon_shown":
        cards = event.cards or ()
        return f"Talon card{'s' * (len(cards) != 1)} turned up: {words.cards(cards)}."
    if kind == "defence":
        if event.seat is None:
            return f"The defence plays {event.mode}."
        return f"{words.says(event.seat, 'whist')} alone: the defence plays {event.mode}."
    if kind == "reveal":
        shown = ", ".join(words.seat(s) for s in (event.hands or {}))
        return f"Open hands, face up: {shown}."
    if kind == "trick_end":
        assert event.seat is not None and event.number is not None
        number = event.number
        if 0 < number <= len(tricks):
            return f"Trick {number}: {trick_phrase(tricks[number - 1], trump, words)}."
        return f"Trick {number} to {words.seat(event.seat)}."
    if kind == "deal_over":
        return {"raspasy": "The deal is over: raspasy played out.", "misere": "The deal is over: misère played out.",
                "game": "The deal is over.", "passed": "Both defenders pass: the contract is not played.",
                "half_whist": "The half-whist stands: the contract is not played."}.get(event.outcome or "",
                                                                                      "The deal is over.")
    return None


def event_lines(events: Sequence[Event], seat: int, words: Words, *, tricks: Sequence[Trick] = (),
                trump: int | None = None, card: Callable[[int], str] | None = None) -> list[str]:
    """The lines a move's events read as, in order: the terminal's and the web table's narration.

    ``seat`` made the move; a call or a whist call is said as the move (:func:`move_line`), a discard as
    two cards face down, a card as who played it (and from whose hand, when a whister plays the open hand
    of a passer); the rest as :func:`event_line` says them (``tricks`` and ``trump``: the reader's view
    after the move). ``card`` draws a card (default ``words.card``: the terminal passes its own look)."""
    draw = card if card is not None else words.card
    lines = []
    for event in events:
        if event.move is not None and event.kind in ("call", "whist_call"):
            lines.append(move_line(event.seat if event.seat is not None else seat, event.move, words))
        elif event.kind == "discard":
            lines.append(f"{words.says(seat, 'discard')} two cards face down.")
        elif event.kind == "named":
            lines.append(f"{words.says(seat, 'name')} the contract: {words.contract(event.contract)}.")
        elif event.kind == "play":
            assert event.card is not None and event.seat is not None
            by = event.by if event.by is not None else event.seat
            line = f"{words.says(by, 'play')} {draw(event.card)}"
            lines.append(line + (f" from {words.seat(event.seat)}'s hand." if by != event.seat else "."))
        else:
            said = event_line(event, words, tricks=tricks, trump=trump)
            if said is not None:
                lines.append(said)
    return lines


def outcome_line(outcome: str | None, *, declarer: int | None, contract: Contract | None,
                 won: Mapping[int, int], words: Words) -> str:
    """How a finished deal came out, in one sentence (before the sheet scores it)."""
    if outcome == "raspasy":
        return "Raspasy: " + ", ".join(f"{words.seat(s)} {n}" for s, n in won.items()) + " tricks."
    assert declarer is not None
    if outcome in ("passed", "half_whist"):
        return f"{words.says(declarer, 'write')} {words.contract(contract)} without playing it."
    took = won.get(declarer, 0)
    if outcome == "misere":
        verdict = "misère made" if took == 0 else f"misère lost by {took}"
        return f"{words.says(declarer, 'take')} {took} trick{'s' * (took != 1)}: {verdict}."
    assert contract is not None and contract.level is not None
    short = contract.level - took
    verdict = "made" if short <= 0 else f"{short} down"
    return f"{words.says(declarer, 'take')} {took} trick{'s' * (took != 1)} at {words.contract(contract)}: {verdict}."


def asked(phase: str, *, bid: Contract | None = None, words: Words | None = None) -> str:
    """What the seat on turn is asked, in the words of its phase."""
    return {
        "auction": "Your call: pass or bid.",
        "talon": "Discard two cards (the talon is in your hand).",
        "naming": "Name your contract" + (f" ({words.contract(bid)} or higher)." if bid is not None and words
                                          else "."),
        "whisting": "Whist or pass?",
        "defence": "You whist alone: play closed or open?",
        "play": "Your card.",
    }.get(phase, "")


# -- the hint -------------------------------------------------------------------------------------------------
HINT_MOVES = 3
"""The moves a hint lists (best first): with its head line, four lines, which an 80x24 table has room for."""
HINT_LIMIT = 120
"""Worlds up to which the hint's analysis solves every layout (exact figures)."""
HINT_SAMPLES = 32
"""Worlds the hint's analysis draws beyond ``HINT_LIMIT``. Both bounds keep a hint well under a second on
one core (every world is solved once per legal card): benchmarks/ is where that is measured, not a test."""


def _move_words(move: Move, words: Words) -> str:
    """A move as the words after "would": ``bid 6♠``, ``discard 7♦ Q♠``, ``play open``, ``pass``."""
    kind, arg = move.kind, move.arg
    if kind in ("bid", "name"):
        assert isinstance(arg, Contract)
        return f"{kind} {words.contract(arg)}" if kind == "bid" else f"name the contract {words.contract(arg)}"
    if kind == "discard":
        assert isinstance(arg, tuple)
        return f"discard {words.cards(arg)}"
    if kind in ("open", "closed"):
        return f"play {kind}"
    if kind == "play":
        assert isinstance(arg, int)
        return f"play {words.card(arg)}"
    return kind                                 # pass, whist, half-whist


def would_line(rung: int, move: Move, words: Words) -> str:
    """The hint where the analysis has no figures (outside the play, raspasy's talon-led tricks): what the
    rung's bot would do, said to be its choice and not a proof: ``Hint (rung 3): rung 3 would bid 6♠.``"""
    return f"Hint (rung {rung}): rung {rung} would {_move_words(move, words)}."


def _signed(x: Fraction) -> str:
    return f"{float(x):+.2f}"


def analysis_lines(analysis: Analysis, words: Words, *, top: int = HINT_MOVES) -> list[str]:
    """The hint in the play, from :func:`kozyr.preferans.analysis.analyse`: a head line saying whether the
    figures are exact (every layout the view allows) or sampled (how many of how many), then the best
    ``top`` cards by mean settlement (ties in the analysis's order), each with its mean whists (the seat's
    gain in the deal's settlement) and mean tricks, and how many more cards there are. Means, not
    guarantees: a layout the seat cannot see decides, so the line says "mean"."""
    ranked = sorted(analysis.moves, key=lambda m: -m.mean_whists)
    n = analysis.count
    head = (f"Hint (analysis, exact over {n:,} layout{'s' * (n != 1)})" if analysis.exact
            else f"Hint (analysis, sampled: {analysis.solved:,} of {n:,} layouts)")
    lines = [f"{head}: best first by mean whists."]
    width = max(len(_move_words(m.move, words)) for m in ranked[:top])
    for i, m in enumerate(ranked[:top], 1):
        lines.append(f"  {i}. {_move_words(m.move, words):<{width}}  {_signed(m.mean_whists)} whists, "
                     f"{float(m.mean_tricks):.2f} tricks")
    if len(ranked) > top:
        more = len(ranked) - top
        lines[-1] += f"   (+{more} more card{'s' * (more != 1)})"
    return lines


class Hinter:
    """The hint both faces give (the terminal's ``?``, the web table's **Hint**) for one game's ``seed``.

    In the play it is the analysis (:func:`analysis_lines`), with ``HINT_LIMIT`` and ``HINT_SAMPLES`` and a
    sampling seed fixed by the hint's seed, so the same position hints the same figures. Where the analysis
    refuses (``not_in_play``: the other phases, raspasy's two talon-led tricks) it is rung 3's choice
    (:class:`kozyr.preferans.rungs.MonteCarloBot`, seeded ``f"{seed}:hint"``). The hint owns its own bot and
    its own draws: asking for one never moves the bots' generators, so the game is the same with or without.
    """

    def __init__(self, seed: str) -> None:
        self.seed = f"{seed}:hint"
        self.sampling = int.from_bytes(hashlib.sha256(self.seed.encode()).digest()[:8], "big")
        self._bot: MonteCarloBot | None = None
        self._solver: Solver | None = None

    @property
    def bot(self) -> MonteCarloBot:
        """Rung 3, made on first use (it holds a solver)."""
        if self._bot is None:
            from kozyr.preferans.rungs import MonteCarloBot

            self._bot = MonteCarloBot(self.seed)
        return self._bot

    def __call__(self, view: View, words: Words) -> tuple[Move, list[str]]:
        """The hinted move (the best by the figures, or rung 3's) and the lines that say it."""
        from kozyr.preferans.analysis import analyse
        from kozyr.preferans.errors import PreferansError

        if view.phase == "play":
            if self._solver is None:
                from kozyr.preferans.core.solver import Solver

                self._solver = Solver(16)
            try:
                a = analyse(view, limit=HINT_LIMIT, samples=HINT_SAMPLES, seed=self.sampling, solver=self._solver)
            except PreferansError as refused:
                if refused.code != "not_in_play":
                    raise
            else:
                return a.best(), analysis_lines(a, words)
        move = self.bot(view)
        return move, [would_line(self.bot.rung, move, words)]
