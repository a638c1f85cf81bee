"""Replays at the web table: a record, or a ladder's deal, step by step.

A replay keeps the deal and its moves, never a rendered copy of them: frame
k is the position after the first k moves, played again on the engine from
the deal (`Game.from_order`, `Hand(deck=...)`), so what the page shows is
what the rules give, and stepping back is replaying fewer moves. Every hand
is shown face up (a replay has no hidden seat), with the position drawn from
the chosen seat. `marks` are the steps where a bout (durak) or a trick and a
hand (hokm) begins, for the page's jump buttons.

`read_record` tells the two kinds of record apart by their ``format`` and
replays either, with its library's refusals: an edited record is refused
with the first bad move's code and index, never shown.
"""
from __future__ import annotations

import re
from typing import Any

from kozyr.cards import SUIT_LETTERS, SUIT_NAMES
from kozyr.durak import Game
from kozyr.durak import records as durak_records
from kozyr.durak.ladder import replay as ladder_replay
from kozyr.durak.ladder.replays import MAX_MOVES
from kozyr.durak.seeds import DEALS, deal_seed
from kozyr.errors import KozyrError, shown, whole
from kozyr.hokm import Hand
from kozyr.hokm import records as hokm_records
from kozyr.web import pictures, words

__all__ = ["DurakReplay", "HokmReplay", "read_record", "watch", "LADDER_RUNGS"]

LADDER_RUNGS = (1, 2, 3, 4)  # the sides a ladder deal is replayed with (every rung decides from its view)


class DurakReplay:
    """A durak deal from its first card to its last move."""

    kind = "durak"

    def __init__(self, game: Game, record: dict[str, Any], title: str) -> None:
        self.rules = game.rules              # the record's own table: its seats, deck and options
        self.order = tuple(game.order)
        self.history = tuple(game.history)
        self.record = record
        self.title = title
        self.seats = self.rules.seats
        self.texts = ["The deal: six cards each." if self.rules.two_seat else
                      f"The deal: six cards each to {self.seats} seats ({self.rules!r})."]
        replayed = self._game(0)
        for seat, move in self.history:
            defender = replayed.bout.defender
            self.texts.append(words.durak_step(seat, move, replayed.apply(seat, move), defender))
        # a bout's mark is the step its first move is played from (the library's one grouping into bouts)
        self.marks = [{"step": b.moves.start, "label": f"bout {k}"}
                      for k, b in enumerate(durak_records.bouts(replayed), 1)] or [{"step": 0, "label": "bout 1"}]
        self.result = replayed.result
        self.deal_picture = pictures.durak_deal(replayed)

    def _game(self, moves: int) -> Game:
        game = Game.from_order(self.order, rules=self.rules)
        for seat, move in self.history[:moves]:
            game.apply(seat, move)
        return game

    @property
    def steps(self) -> int:
        return len(self.history)

    def summary(self) -> dict[str, Any]:
        return {"kind": self.kind, "title": self.title, "steps": self.steps, "seats": self.seats,
                "rules": self.rules.changed(), "marks": self.marks, "end": verdict(self.result),
                "deal": self.deal_picture}

    def frame(self, step: int, seat: int = 0) -> dict[str, Any]:
        step = whole("step", step, 0, self.steps)
        seat = whole("seat", seat, 0, self.seats - 1)
        game = self._game(step)
        view = game.view(seat)
        return {
            "step": step,
            "steps": self.steps,
            "seat": seat,
            "text": self.texts[step],
            "move": None if step == 0 else f"seat {self.history[step - 1][0]}: {self.history[step - 1][1]}",
            "mark": _mark(self.marks, step),
            "picture": pictures.durak_view(view),
            "hands": [{"seat": s, "count": len(game.hands[s]),
                       "picture": pictures.cards(game.hands[s], f"seat {s}'s hand")}
                      for s in range(self.seats) if s != seat],
            "over": game.over,
            "verdict": None if not game.over else self.summary()["end"],
        }


class HokmReplay:
    """A hokm match from the first hand's deal to its last card: every trump named and every card played."""

    kind = "hokm"

    def __init__(self, replay: hokm_records.Replay, record: dict[str, Any], title: str) -> None:
        self.replay = replay
        self.record = record
        self.title = title
        self.seats = 4
        # every step as (hand index, actions of that hand done): 0 the deal, 1 the trump, then the plays
        self.actions: list[tuple[int, int]] = [(0, 0)]
        self.texts = [self._dealt(0)]
        self.marks: list[dict[str, Any]] = [{"step": 0, "label": "hand 1"}]
        scores = [0, 0]
        for h, hand in enumerate(replay.hands):
            if h:
                self.marks.append({"step": len(self.actions), "label": f"hand {h + 1}"})
                self.actions.append((h, 0))
                self.texts.append(self._dealt(h))
            if hand.trump is None:
                continue
            self.actions.append((h, 1))
            self.texts.append(words.hokm_trump(hand.hakem, hand.trump, None))
            again = self._hand(h, 1)
            for i, (seat, card) in enumerate(hokm_records.plays_of(hand)):
                if i % 4 == 0 and i:
                    self.marks.append({"step": len(self.actions), "label": f"hand {h + 1}, trick {i // 4 + 1}"})
                trick = again.play(seat, card)
                self.actions.append((h, i + 2))
                text = words.hokm_play(seat, card, trick, again.tricks_won, None)
                if again.result is not None:
                    scores[again.result.winner] += again.result.points
                    text += " " + words.hokm_hand_result(h + 1, again.result, (scores[0], scores[1]), None)
                self.texts.append(text)

    def _dealt(self, h: int) -> str:
        hakem = self.replay.hands[h].hakem
        return f"Hand {h + 1} is dealt, five cards each so far: seat {hakem} is hakem and names trump."

    def _hand(self, h: int, done: int) -> Hand:
        """Hand `h` played again up to `done` actions: 0 the deal, 1 the trump named, then the plays."""
        hand = self.replay.hands[h]
        again = Hand(hand.hakem, config=self.replay.config, deck=hand.deal_order, scores=hand.scores,
                     hand_number=h + 1)
        if done and hand.trump is not None:
            again.choose_trump(hand.hakem, hand.trump)
            for seat, card in hokm_records.plays_of(hand)[:done - 1]:
                again.play(seat, card)
        return again

    @property
    def steps(self) -> int:
        return len(self.actions) - 1

    def summary(self) -> dict[str, Any]:
        r = self.replay
        end = ("not over" if r.winner is None else
               f"team {r.winner} wins the match, {r.scores[r.winner]} points to {r.scores[1 - r.winner]}")
        return {"kind": self.kind, "title": self.title, "steps": self.steps, "seats": self.seats,
                "marks": self.marks, "end": end, "deal": None}

    def frame(self, step: int, seat: int = 0) -> dict[str, Any]:
        step = whole("step", step, 0, self.steps)
        seat = whole("seat", seat, 0, 3)
        h, done = self.actions[step]
        hand = self._hand(h, done)
        view = hand.view(seat)
        last = hand.completed[-1] if hand.completed else None
        match_over = step == self.steps and self.replay.winner is not None
        return {
            "step": step,
            "steps": self.steps,
            "seat": seat,
            "text": self.texts[step],
            "move": None,
            "mark": _mark(self.marks, step),
            "picture": pictures.hokm_view(view),
            "last_trick": None if last is None else pictures.hokm_trick(last, seat),
            "hands": [{"seat": s, "count": len(hand.held(s)),
                       "picture": pictures.cards(sorted(hand.held(s)), f"seat {s}'s hand")}
                      for s in range(4) if s != seat],
            "trump": None if hand.trump is None else f"{SUIT_LETTERS[hand.trump]} ({SUIT_NAMES[hand.trump]})",
            "over": match_over,
            "verdict": self.summary()["end"] if match_over else None,
        }


def verdict(result: Any) -> str:
    """How a durak deal ended, in the words `kozyr replay --file` uses: the fool, the losing team's seats, a
    draw, or not over."""
    if result is None:
        return "not over"
    if result.fool is not None:
        return f"seat {result.fool} is the fool"
    if result.losers:
        return f"seats {', '.join(map(str, result.losers))} lose"
    return "a draw"


def _mark(marks: list[dict[str, Any]], step: int) -> str:
    """The label of the bout, trick or hand that `step` is in."""
    label = marks[0]["label"]
    for m in marks:
        if m["step"] <= step:
            label = m["label"]
    return label


def read_record(data: Any, title: str) -> DurakReplay | HokmReplay:
    """A replay of a durak or hokm record (told apart by ``format``), with the library's refusals."""
    if not isinstance(data, dict):
        raise KozyrError("bad_record", f"a record is a JSON object, not {shown(data)}", field="record")
    fmt = data.get("format")
    if fmt == durak_records.FORMAT:
        version = data.get("kozyr")
        if isinstance(version, str) and not re.fullmatch(r"[ -~]{1,40}", version):   # the schema's other strings
            raise KozyrError("bad_record", f"the record's kozyr version {shown(version)} is not printable ASCII "
                             "of at most 40 characters", field="kozyr", value=version)     # are bounded there
        moves = data.get("moves")
        if isinstance(moves, list) and len(moves) > MAX_MOVES:     # bounded before anything is replayed
            raise KozyrError("bad_record", f"the record has {len(moves):,} moves: a deal is capped at "
                             f"{MAX_MOVES:,}", field="moves", value=len(moves))
        return DurakReplay(durak_records.from_record(data), data, title)
    if fmt == hokm_records.FORMAT:
        return HokmReplay(hokm_records.from_record(data), data, title)
    raise KozyrError("bad_record", f"record format {shown(fmt)} is neither {durak_records.FORMAT!r} nor "
                     f"{hokm_records.FORMAT!r}", field="format", value=fmt)


def watch(a: object, b: object, seed: object, index: object, deal: object = "fast") -> DurakReplay:
    """Deal `index` of the ladder of `seed` (dealt the `deal` way), played again by rungs `a` and `b`."""
    for name, rung in (("a", a), ("b", b)):
        if isinstance(rung, bool) or rung not in LADDER_RUNGS:
            raise KozyrError("bad_rung", f"rung {name}={shown(rung)} is not 1, 2, 3 or 4", field=name, value=rung)
    if not isinstance(deal, str) or deal not in DEALS:
        raise KozyrError("bad_deal", f"deal {shown(deal)} is not one of {', '.join(DEALS)}", field="deal",
                         value=deal)
    if not isinstance(seed, str) or not seed:
        raise KozyrError("bad_seed", f"seed {shown(seed)} is not a ladder's seed text", field="seed", value=seed)
    i = whole("index", index, 1, 10**12)
    game = ladder_replay(a, b, seed, i, deal=deal)        # the ladder's own refusals for a bad seed
    ds = deal_seed(seed, i, deal)
    record = durak_records.to_record(game, seed=ds, number=1) if isinstance(ds, bytes) else \
        durak_records.to_record(game)
    return DurakReplay(game, record, f"deal {i:,} of the {deal} ladder {seed!r}: rung {a} against rung {b} "
                       f"(side a in seat {i % 2})")

