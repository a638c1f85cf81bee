"""A preferans game at the web table: you in one seat, bots in the others, deal after deal to the pulya target.

The loop is `kozyr pref play`'s: deal k is dealt from the game's seed by number k, the dealer rotates left
after every deal (raspasy included), each deal's minimum bid is the sheet's `next_conditions`, and the first
dealer sits to your right, so you are first hand in deal 1. The bots' and the hint's seeds are the
terminal's for the same seed text (``f"{seed}:{seat}"``, ``f"{seed}:hint"``), so a game at the web table is
``kozyr pref play --seed SEED`` with the same bots and conventions.

Your move is the engine's move text (``{"move": "bid 6S"}``, ``"discard QS 7D"``, ``"whist"``,
``"play 10H"``): a text that is no move is a bad request (400), a move the rules refuse is `Refused`
(409); either changes nothing. When a deal is over the sheet is scored and shown, and the game waits for
``{"action": "next"}`` (the next deal) or ``{"action": "end"}`` (stop here); it is over by itself when
every pulya reaches the target, or after `MAX_DEALS` deals (random bots seldom make a contract, so a pulya
can take hundreds of deals; the bound keeps a game's memory and its record bounded).

Everything the page gets of a deal comes from your seat's `View` (its JSON, its picture, the cards you may
play) and from the narration of public events (`kozyr.preferans.narration`). The seed deals every deal of
the game, so the page gets only its SHA-256 commitment (kozyr.web.sealed) until the game is over; the
seed, the terminal command and the game record (download or save) come then, and not before: a record
between deals would hold the seed, and so the next deals.
"""
from __future__ import annotations

import shlex
import threading
from fractions import Fraction
from typing import Any

from kozyr.cards import card_name, suit_of
from kozyr.durak import pad_seed
from kozyr.errors import KozyrError, shown, whole
from kozyr.preferans import PRESETS, Game, PreferansError, Sheet, convention_named
from kozyr.preferans.bots import BOTS, RUNGS
from kozyr.preferans.game_record import GameRecord
from kozyr.preferans.moves import Move
from kozyr.preferans.narration import Hinter, Words, asked, event_lines, outcome_line
from kozyr.preferans.numbers import exact
from kozyr.preferans.record import Record
from kozyr.preferans.views import View
from kozyr.svg import preferans_svg
from kozyr.web.sealed import NotOver, commitment

__all__ = ["PreferansTable", "Refused", "BOT_CHOICES", "CONVENTIONS", "PLAYERS", "MAX_TARGET", "DEFAULT_TARGET",
           "LOG_LINES", "MOVE_MAX", "MAX_DEALS"]

BOT_CHOICES = tuple(sorted(BOTS, key=lambda name: (RUNGS.get(name, 0), name)))
CONVENTIONS = tuple(PRESETS)
PLAYERS = (3, 4)
MAX_TARGET = 100
DEFAULT_TARGET = 10
LOG_LINES = 40
MOVE_MAX = 40           # the longest move text read ("discard 10S 10H" is 15)
MAX_DEALS = 250         # the deals a game holds at most: its record (some 1.4 KB a deal, 2 KB at most) stays
#                         within what the records folder reads back (kozyr.web.store.MAX_RECORD_BYTES)
LABELS = {"pass": "Pass", "whist": "Whist", "half-whist": "Half-whist", "open": "Play open", "closed": "Play closed"}


class Refused(PreferansError):
    """A move the rules refuse (a 409 at the web table, with the unchanged state): the engine's own code."""


class PreferansTable:
    """One game to `target` pulya points: you in `seat` of `players`, the `bots` bot in every other seat."""

    kind = "preferans"

    def __init__(self, *, seat: int, seed: str, players: int = 3, target: int = DEFAULT_TARGET,
                 convention: str = "sochi", bots: str = "random") -> None:
        self.players = whole("players", players, 3, 4)
        self.you = whole("seat", seat, 0, self.players - 1)
        self.target = whole("target", target, 1, MAX_TARGET)
        self.convention = convention_named(convention)          # unknown_convention
        if not isinstance(bots, str) or bots not in BOTS:
            raise KozyrError("unknown_bot", f"unknown bot {shown(bots)}: choose from {', '.join(BOT_CHOICES)}",
                             field="bots", value=bots)
        self.bot_name = bots
        self.seed = seed
        self.padded = pad_seed(seed)                              # no_seed: not text of at most 32 bytes
        self.names = tuple("you" if s == self.you else f"seat {s}" for s in range(self.players))
        self.words = Words(self.names, you=self.you)
        self.sheet = Sheet(list(self.names), self.convention, target=self.target)
        self.records: list[Record] = []
        self.first_dealer = (self.you - 1) % self.players
        self.bots = {s: BOTS[bots](f"{seed}:{s}") for s in range(self.players) if s != self.you}
        self.hinter = Hinter(seed)
        self.ended = False               # you stopped the game between deals
        self.full = False                # the game reached MAX_DEALS deals and stopped there
        self.last_outcome = ""
        self.log: list[str] = []
        self.lock = threading.Lock()
        self.game = self._deal()
        self._bots_act()

    # -- acting -------------------------------------------------------------------------------------------
    def act(self, body: dict[str, Any]) -> None:
        """`{"move": text}` in a deal, `{"action": "next" | "end"}` between deals; then the bots' replies.
        A refusal changes nothing."""
        if self.over:
            raise KozyrError("game_over", "the game is over: it takes no more moves", field="move")
        if set(body) == {"action"}:
            self._action(body["action"])
            return
        if set(body) != {"move"}:
            raise KozyrError("bad_request", f"a preferans move is {{\"move\": \"bid 6S\"}} or {{\"action\": \"next\"}},"
                             f" not {shown(body)}", field="body", value=sorted(body))
        text = body["move"]
        if not isinstance(text, str) or len(text) > MOVE_MAX or not text.isascii() or not text.isprintable():
            raise KozyrError("bad_move", f"move {shown(text)} is not move text (printable ASCII of at most "
                             f"{MOVE_MAX} characters, such as 'bid 6S' or 'play 10H')", field="move", value=text)
        if self.game.over:
            raise KozyrError("wrong_phase", "the deal is over: the next deal ({\"action\": \"next\"}) or the end "
                             "({\"action\": \"end\"}) is the choice now", field="move", value=text)
        move = Move.parse(text)                                   # a text that is no move: 400
        try:
            self._apply(self.you, move)
        except PreferansError as e:                               # the rules refuse it: 409
            raise Refused(e.code, e.detail, field="move", value=text) from None
        self._bots_act()

    def _action(self, action: object) -> None:
        if action not in ("next", "end"):
            raise KozyrError("bad_request", f"action {shown(action)} is not 'next' or 'end'", field="action",
                             value=action)
        if not self.game.over:
            raise KozyrError("wrong_phase", f"{action!r} comes between deals: this deal is still being played",
                             field="action", value=action)
        if action == "end":
            self.ended = True
            self._finish()
            return
        self.game = self._deal()
        self._bots_act()

    def _deal(self) -> Game:
        number = len(self.records) + 1
        dealer = (self.first_dealer + number - 1) % self.players
        game = Game.from_seed(self.padded, number, players=self.names, dealer=dealer, convention=self.convention,
                              conditions=self.sheet.next_conditions)
        self._tell(f"Deal {number}: {self.words.seat(dealer)} deal{'' if dealer == self.you else 's'}; "
                   f"minimum bid {game.min_level}.")
        return game

    def _bots_act(self) -> None:
        game = self.game
        while not game.over:
            seat = game.actor
            assert seat is not None
            if seat == self.you:
                return
            self._apply(seat, self.bots[seat](game.view(seat)))
        self._score()

    def _apply(self, seat: int, move: Move) -> None:
        """A move the engine accepts (it refuses with a PreferansError, changing nothing), narrated as the
        terminal narrates it: public words only."""
        events = self.game.apply(seat, move)
        view = self.game.view(self.you)
        for line in event_lines(events, seat, self.words, tricks=view.tricks, trump=view.trump):
            self._tell(line)

    def _score(self) -> None:
        """The deal is over: onto the sheet; the game is over when every pulya is closed."""
        record = self.game.record()
        view = self.game.view(self.you)
        self.last_outcome = outcome_line(record.outcome, declarer=record.declarer, contract=record.contract,
                                         won=view.won, words=self.words)
        self._tell(self.last_outcome)
        self.sheet.add(record.to_deal())
        self.records.append(record)
        if self.sheet.closed:
            self._tell("Every pulya is closed: the game is over.")
            self._finish()
        elif len(self.records) >= MAX_DEALS:
            self.full = True
            self._tell(f"The game stops after {MAX_DEALS} deals, the most a game at this table holds.")
            self._finish()

    def _finish(self) -> None:
        saldo = self.sheet.settle()
        self._tell(f"The game is over after {len(self.records)} deal{'s' * (len(self.records) != 1)}: your saldo "
                   f"{exact(saldo[self.names[self.you]])}.")

    def _tell(self, line: str) -> None:
        self.log.append(line)
        del self.log[:-LOG_LINES]

    def hint(self) -> dict[str, Any]:
        """The terminal's ? hint (`narration.Hinter`, the same lines): in the play `analyse`'s figures for your
        best cards (exact or sampled, said so), else rung 3's choice; ``move`` is the move hinted first,
        ``lines`` the lines, ``text`` them joined by newlines."""
        if self.over or self.game.over or self.game.actor != self.you:
            return {"move": None, "text": "No hint: it is not your move.", "lines": ["No hint: it is not your move."]}
        move, lines = self.hinter(self.game.view(self.you), self.words)
        return {"move": str(move), "text": "\n".join(lines), "lines": lines}

    # -- reading ------------------------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.ended or self.full or self.sheet.closed

    def record(self) -> GameRecord:
        """The game's record; refused (not_over) until the game is over: it holds the seed of every deal."""
        if not self.over:
            raise NotOver("not_over", "the record comes when the game is over: it holds the seed, which deals "
                          "every deal of the game", field="game")
        return GameRecord(players=self.names, convention=self.convention, target=self.target,
                          first_dealer=self.first_dealer, records=tuple(self.records))

    def summary(self) -> dict[str, Any]:
        moves = sum(len(r.moves) for r in self.records) + (0 if self.game.over else self.game.ply)
        return {"kind": self.kind, "over": self.over, "moves": moves,
                "title": f"preferans to {self.target}" + (f", seed {self.seed}" if self.over else "")}

    def state(self) -> dict[str, Any]:
        """What the page shows: your seat's view of the deal, the sheet, the public narration."""
        game = self.game
        view = game.view(self.you)
        between = game.over and not self.over
        mine = not game.over and view.actor == self.you
        phase = "over" if self.over else ("sheet" if between else view.phase)
        return {
            "kind": self.kind,
            "you": self.you,
            "players": self.players,
            "names": list(self.names),
            "bots": self.bot_name,
            "convention": self.convention.name,
            "target": self.target,
            "seed": self.seed if self.over else None,
            "commitment": commitment(self.seed),
            "deal": len(self.records) + (0 if game.over else 1),
            "dealer": game.dealer,
            "phase": phase,
            "over": self.over,
            "ply": f"{len(self.records)}:{view.ply}",
            "status": self._status(view, phase, mine),
            "verdict": self._verdict(),
            "view": view.to_json(),
            "picture": preferans_svg(view),
            "hand": self._hand(view, mine),
            "discard": mine and view.phase == "talon",
            "actions": self._actions(view, mine, between),
            "sheet": self._sheet(),
            "log": list(self.log),
            "replay": self._command() if self.over else None,
        }

    def _command(self) -> str:
        """The same game in a terminal (the seed is shown only once the game is over)."""
        return (f"kozyr pref play --seat {self.you} --players {self.players} --bots {self.bot_name} --convention "
                f"{self.convention.name.lower()} --target {self.target} --seed {shlex.quote(self.seed)}")

    def _status(self, view: View, phase: str, mine: bool) -> str:
        if phase == "over":
            return "Game over."
        if phase == "sheet":
            return f"{self.last_outcome} Next deal or end the game here?"
        if not mine:
            return "The bots are playing."          # cannot last: the bots act before the state is read
        if view.phase == "play" and len(view.controls) > 1:
            seat = self._hand_on_turn(view)[0]
            if seat != self.you:
                return f"Your card from {self.words.seat(seat)}'s open hand."
        return asked(view.phase, bid=view.bid, words=self.words)

    def _verdict(self) -> str | None:
        if not self.over:
            return None
        saldo = self.sheet.settle()
        deals = len(self.records)
        how = ("Every pulya is closed" if self.sheet.closed else "The game stopped at the table's limit" if self.full
               else "You ended the game")
        return (f"{how} after {deals} deal{'s' * (deals != 1)}: your saldo {exact(saldo[self.names[self.you]])} "
                f"({', '.join(f'{self.words.seat(i)} {exact(saldo[p])}' for i, p in enumerate(self.names))}).")

    @staticmethod
    def _hand_on_turn(view: View) -> tuple[int, tuple[int, ...]]:
        """The hand your clicks choose from: yours, or in an open defence the passer's when its card is yours
        to play."""
        if view.phase == "play" and view.legal:
            card = view.legal[0].arg
            for s in view.controls:
                cards = view.hand if s == view.seat else view.open_hands.get(s)
                if cards is not None and card in cards:
                    return s, tuple(cards)
        return view.seat, tuple(view.hand)

    def _hand(self, view: View, mine: bool) -> list[dict[str, Any]]:
        """The cards of the hand on turn, in suit order: `legal` marks those a click plays (or, with the
        talon, may choose to discard)."""
        seat, cards = self._hand_on_turn(view)
        playable = {m.arg for m in view.legal if m.kind == "play"} if mine else set()
        every = mine and view.phase == "talon"
        return [{"card": card_name(c), "text": self.words.card(c), "seat": seat, "legal": every or c in playable}
                for c in sorted(cards, key=lambda c: (suit_of(c), -c))]

    def _actions(self, view: View, mine: bool, between: bool) -> list[dict[str, Any]]:
        """The buttons: every legal move that is not a card (calls, bids, naming, whists, open or closed),
        or between deals the next deal and the end."""
        if between:
            return [{"action": "next", "label": "Next deal"}, {"action": "end", "label": "End the game here"}]
        if not mine:
            return []
        out = []
        for m in view.legal:
            if m.kind in ("play", "discard"):
                continue
            if m.kind in ("bid", "name"):
                label = f"{'Bid' if m.kind == 'bid' else 'Name'} {self.words.contract(m.arg)}"  # type: ignore[arg-type]
            else:
                label = LABELS.get(m.kind, str(m))
            out.append({"move": str(m), "label": label})
        return out

    def _sheet(self) -> dict[str, Any]:
        """The sheet so far: each player's pulya, gora, whists written on each other, and the saldo now."""
        cols = self.sheet.columns
        saldo = self.sheet.settle()
        rows = []
        for i, p in enumerate(self.names):
            rows.append({"seat": i, "name": p, "pulya": exact(cols.pulya[p]), "gora": exact(cols.gora[p]),
                         "whists": {q: exact(Fraction(cols.whists.get((p, q), 0))) for q in self.names if q != p},
                         "saldo": exact(saldo[p])})
        return {"deals": len(self.records), "target": self.target, "closed": self.sheet.closed, "rows": rows}
