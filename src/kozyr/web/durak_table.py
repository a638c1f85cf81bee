"""A durak deal at the web table: you in one seat, bots of a chosen rung in the others.

The table is a loop over the engine, like the terminal game's: your move is
parsed and handed to `Game.apply` (the same refusals as everywhere: a refused
move raises and changes nothing), then every bot on turn moves through its
rung from its own view, and each move's events become narration from your
seat. What the page gets (`state`) is built from your seat's view alone.

Which durak the table plays is one `Rules` value: any table the engine
deals (2 to 6 seats, every deck, podkidnoy or perevodnoy). The seats, the
bots and the state all follow `rules.seats`; rung 4 (a bot, and the hint's
analysis) plays every table.

The seed deals every hand and the talon, so while the deal runs the page
gets only its commitment (`commitment`: the SHA-256 of the seed text, in
hex); the seed itself, the terminal command and the record (download or
save) come once the deal is over, when the player can check the seed against
the commitment. A seed the server draws is 128 bits, so the commitment
cannot be searched back to it.

The deal is replayable in the terminal: the seed text is padded to 32 bytes
with `pad_seed` and the bot of a two-seat table draws from the bot seed
``<seed>:bot`` (the bot at seat s of a larger table from ``<seed>:bot<s>``),
as ``kozyr play --seed SEED --level RUNG`` (and the table's options) does.

The bots the table offers are the ones the shell takes by name: the rungs
1 to 4 and the names of `kozyr.durak.bots.sides.NAMES` (the panel's rule
bots and the learned rung), resolved and seated by the same functions as
``kozyr play --bot NAME``; a bot that cannot play the table chosen (the
learned rung beyond the tables its network speaks) is refused in one line.
"""
from __future__ import annotations

import shlex
import threading
from typing import Any

from kozyr.cards import card_name
from kozyr.durak import RESIGN, Bot, Event, Game, IllegalMove, Move, Rules, Rung4Bot, View, pad_seed
from kozyr.durak.bots.bot import RUNG_NAMES
from kozyr.durak.bots.sides import NAMES, check_table, resolve, seat_bot
from kozyr.durak.ladder.replays import MAX_MOVES
from kozyr.durak.records import to_record
from kozyr.errors import KozyrError, shown, whole
from kozyr.web import pictures, words
from kozyr.web.sealed import NotOver, commitment

__all__ = ["DurakTable", "RUNG_CHOICES", "NAME_CHOICES", "LOG_LINES"]

RUNG_CHOICES = (1, 2, 3, 4)
NAME_CHOICES = tuple(NAMES)   # the bots the shell takes by name: the panel's and the learned rung
LOG_LINES = 40           # narration lines the state carries (the page shows the latest)
HINT_RUNG = 4            # the hint is rung 4's choice from your view (which holds what your seat has seen)
CARD_MOVES = ("attack", "beat", "transfer", "show")
PLAIN_MOVES = (("take", "Take"), ("done", "Done"), ("swap", "Exchange the six"))


def _bot(rung: int, seed: str) -> Any:
    return Rung4Bot(seed) if rung == 4 else Bot(rung, seed)


def _choice(rung: object) -> int | str:
    """A rung 1..4 or a name the shell takes; else one refusal naming both."""
    if isinstance(rung, str):
        if rung not in NAMES:
            raise KozyrError("bad_side", f"rung: {shown(rung)} is not a rung (1 to 4) nor a bot's name "
                             f"({', '.join(NAMES)})", field="rung", value=rung)
        return rung
    return whole("rung", rung, 1, 4)


class DurakTable:
    """One deal: `you` against bots of `rung` at a table of `rules`, dealt from the seed text `seed`."""

    kind = "durak"

    def __init__(self, *, rung: int | str, seat: int, seed: str, rules: Rules | None = None) -> None:
        self.rules = Rules.of(rules)
        self.rung = _choice(rung)
        self.you = whole("seat", seat, 0, self.rules.seats - 1)
        self.seed = seed
        side = resolve(self.rung) if isinstance(self.rung, str) else None   # a named bot: as `--bot NAME`
        if side is not None:
            check_table([side], self.rules)     # refused before anything is dealt
        # no_seed for a seed that is not ASCII of <= 32 bytes
        self.game = Game.from_seed(pad_seed(seed), rules=self.rules)
        others = [s for s in range(self.rules.seats) if s != self.you]
        seeds = {s: f"{seed}:bot" if self.rules.seats == 2 else f"{seed}:bot{s}" for s in others}
        self.bots = {s: seat_bot(side, seeds[s]) if side is not None else _bot(int(self.rung), seeds[s])
                     for s in others}
        self.hinter = Rung4Bot(f"{seed}:hint")
        self.log: list[str] = []
        self.lock = threading.Lock()
        self.under: int | None = None          # the trump six under the talon after the exchange (public)
        self._bots_move()

    # -- acting ---------------------------------------------------------------------------------
    def act(self, body: dict[str, Any]) -> None:
        """Your move, `{"move": "beat TD"}` (or `"resign"`), then the bots' replies; a refusal changes nothing."""
        text = body.get("move")
        if not isinstance(text, str):
            raise KozyrError("bad_move", f"move {shown(text)} is not a move's text such as 'attack AS' or 'take'",
                             field="move", value=text)
        move = RESIGN if text.strip().lower() == "resign" else Move.parse(text)
        if self.game.moves >= MAX_MOVES:
            raise IllegalMove("game_over", f"the deal is capped at {MAX_MOVES:,} moves", field="move", value=text)
        self._play(self.you, move)                     # IllegalMove: nothing changed
        self._bots_move()

    def _bots_move(self) -> None:
        while not self.game.over and self.game.turn != self.you and self.game.moves < MAX_MOVES:
            seat = self.game.turn
            assert seat is not None
            move = self.bots[seat](self.game.view(seat))
            if move is None:      # the engine never leaves a seat on turn without a move
                raise RuntimeError(f"the bot in seat {seat} has no move at ply {self.game.ply}")
            self._play(seat, move)

    def _play(self, seat: int, move: Move) -> None:
        before = self.game.view(self.you)
        events: tuple[Event, ...] = tuple(self.game.apply(seat, move))
        if any(e.kind == "swap" for e in events):
            self.under = 16 * before.trump + self.rules.low_rank
        self.log.extend(words.durak_narration(events, before, self.game.view(self.you)))
        del self.log[:-LOG_LINES]

    def hint(self) -> dict[str, Any]:
        """What rung 4 plays in your seat now, from your view and what your seat has seen, and each
        move's estimated fool probability (its analysis: the search its move comes from), best first."""
        view = self.game.view(self.you)
        if view.over or view.turn != self.you:
            return {"move": None, "text": "No hint: it is not your turn."}
        if not view.legal:
            return {"move": None, "text": "No hint: you have no move."}
        analysis = self.hinter.analyse(view)
        move = analysis.best
        odds = [{"move": str(e.move), "fool": e.fool, "samples": e.samples} for e in analysis.ranked()]
        return {"move": str(move), "odds": odds, "text": f"Hint ({RUNG_NAMES[HINT_RUNG]}, rung {HINT_RUNG}): "
                f"{words.durak_move(move, view)}. Fool if played: "
                + ", ".join(f"{words.durak_move(e.move, view)} {e.fool:.0%}" for e in analysis.ranked()) + "."}

    # -- reading --------------------------------------------------------------------------------
    def record(self) -> dict[str, Any]:
        """The deal's game record (kozyr.durak.records), by its seed; refused (not_over) while the deal runs."""
        if not self.over:
            raise NotOver("not_over", "the record (and its seed) comes when the deal is over: it deals every "
                          "hidden card", field="game")
        return to_record(self.game, seed=pad_seed(self.seed))

    @property
    def over(self) -> bool:
        """Over: the engine's end, or the move cap (then the record is a deal that stopped, and may be shown)."""
        return self.game.over or self.game.moves >= MAX_MOVES

    def summary(self) -> dict[str, Any]:
        table = "" if self.rules.two_seat else f" at {self.rules.seats} seats of {self.rules.variant}"
        seed = f", seed {self.seed}" if self.over else ""
        return {"kind": self.kind, "over": self.game.over, "moves": self.game.moves,
                "title": f"durak{table} against {self._against()}{seed}"}

    def _against(self) -> str:
        return self.rung if isinstance(self.rung, str) else f"rung {self.rung} ({RUNG_NAMES[self.rung]})"

    def state(self) -> dict[str, Any]:
        """What the page shows: from your seat's view only."""
        view = self.game.view(self.you)
        mine = view.turn == self.you and not view.over
        return {
            "kind": self.kind,
            "you": self.you,
            "seats": self.rules.seats,
            "rules": self.rules.changed(),
            "rung": self.rung,
            "seed": self.seed if self.over else None,
            "commitment": commitment(self.seed),
            "ply": view.ply,
            "moves": self.game.moves,
            "turn": view.turn,
            "phase": view.phase,
            "over": view.over,
            "verdict": words.durak_verdict(view) if view.over else None,
            "status": words.durak_status(view, self.game.moves >= MAX_MOVES),
            "picture": pictures.durak_view(view),
            "hand": _hand(view, mine),
            "actions": _actions(view, mine),
            "talon": view.talon,
            "under": None if self.under is None or view.talon == 0 else card_name(self.under),
            "log": list(self.log),
            "replay": (f"kozyr play --seed {shlex.quote(self.seed)}{words.table_flags(self.rules)} "
                       f"{'--bot' if isinstance(self.rung, str) else '--level'} {self.rung} --seat {self.you}")
            if self.over else None,
            "counts": list(view.counts),
            "out": list(view.out),
            "throwers": list(view.bout.throwers),
            "attacker": view.bout.attacker,
            "defender": view.bout.defender,
        }


def _hand(view: View, mine: bool) -> list[dict[str, Any]]:
    """Your cards, in the terminal's order, each with the moves it can make now (none when not your turn)."""
    legal = view.legal if mine else ()
    out = []
    for c in words.durak_hand_order(view):
        moves = [str(m) for m in legal if m.card == c and m.kind in CARD_MOVES]
        out.append({"card": card_name(c), "text": words.card_text(c), "moves": moves})
    return out


def _actions(view: View, mine: bool) -> list[dict[str, Any]]:
    """The card-less moves as buttons: legal ones live, the others greyed; resign whenever you are on turn."""
    legal = {m.kind for m in view.legal} if mine else set()
    out = [{"move": kind, "label": label, "legal": kind in legal} for kind, label in PLAIN_MOVES]
    out.append({"move": "resign", "label": "Resign", "legal": mine})
    return out
