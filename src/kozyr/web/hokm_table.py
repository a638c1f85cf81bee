"""A hokm match at the web table: you in one seat, bots in the other three.

The loop is `kozyr hokm play`'s: your trump or card goes to `Match` through
`choose_trump` / `play` (the table's refusals: a refused play changes
nothing), then every bot on turn acts from its own `View`. The deals, the
bots' seeds and the hint's seed are the terminal's for the same seed
(``random.Random(f"play:{seed}")`` and friends), so a match at the web table
is ``kozyr hokm play --seed SEED`` with the same bots. While the match runs
the page gets the seed's commitment only (kozyr.web.sealed): the seed deals
every hand; a seed the server draws is 63 bits. The last finished
trick stays on the page until the next one is done (every seat saw it).
"""
from __future__ import annotations

import random
import threading
from typing import Any

from kozyr.cards import SUIT_LETTERS, SUIT_NAMES, card_name, parse_card, suit_of
from kozyr.errors import KozyrError, shown, whole
from kozyr.hokm import BOTS, CompletedTrick, HokmConfig, HokmError, Match, Phase, SearchBot, make_bot
from kozyr.hokm.records import to_record
from kozyr.web import pictures, words
from kozyr.web.sealed import NotOver, commitment

__all__ = ["HokmTable", "BOT_CHOICES", "DEFAULT_BOTS", "MAX_TARGET", "LOG_LINES"]

BOT_CHOICES = tuple(sorted(BOTS))
DEFAULT_BOTS = ("greedy", "search", "greedy")   # the seat after you, your partner, the seat before you
MAX_TARGET = 21
LOG_LINES = 40


class HokmTable:
    """One match to `target` points: you in `seat`, `bots` (next seat, partner, previous seat) elsewhere."""

    kind = "hokm"

    def __init__(self, *, seat: int, seed: int, target: int = 7, bots: tuple[str, ...] = DEFAULT_BOTS) -> None:
        self.you = whole("seat", seat, 0, 3)
        self.seed = whole("seed", seed, 0, 2**63 - 1)
        self.target = whole("target", target, 1, MAX_TARGET)
        if not isinstance(bots, (list, tuple)) or len(bots) != 3:
            raise KozyrError("bad_bots", f"bots {shown(bots)} is not a list of three bot names", field="bots",
                             value=bots)
        self.match = Match(config=HokmConfig(match_target=self.target), rng=random.Random(f"play:{self.seed}"))
        self.names = ["you"] * 4
        self.bots: dict[int, Any] = {}
        for i, name in enumerate(bots, 1):
            seat = (self.you + i) & 3
            if not isinstance(name, str) or name not in BOTS:
                raise HokmError("unknown_bot", f"unknown bot {shown(name)}: choose from {', '.join(BOT_CHOICES)}",
                                field="bots", value=name)
            self.names[seat] = name
            self.bots[seat] = make_bot(name, random.Random(f"play:{self.seed}:{seat}"))
        self.hinter = SearchBot(seed=random.Random(f"play:{self.seed}:hint"))
        self.last_trick: CompletedTrick | None = None
        self.log: list[str] = []
        m = self.match
        if m.ace_deal:
            self.log.append(f"First hakem: {words.seat_name(m.first_hakem, self.you)} "
                            f"(the first ace dealt: {words.card_text(m.ace_deal[-1][1])}).")
        self.lock = threading.Lock()
        self._bots_act()

    # -- acting ---------------------------------------------------------------------------------
    def act(self, body: dict[str, Any]) -> None:
        """`{"trump": "S"}` as hakem, else `{"card": "AS"}`; then the bots' replies. A refusal changes nothing."""
        if set(body) == {"trump"}:
            suit = _suit(body["trump"])
            self.match.choose_trump(self.you, suit)            # IllegalPlay: nothing changed
            self._tell(words.hokm_trump(self.you, suit, self.you))
        elif set(body) == {"card"}:
            self._play(self.you, _card(body["card"]))
        else:
            raise KozyrError("bad_request", f"a hokm move is {{\"card\": \"AS\"}} or {{\"trump\": \"S\"}}, not "
                             f"{shown(body)}", field="body", value=sorted(body))
        self._bots_act()

    def _bots_act(self) -> None:
        m = self.match
        while not m.over and m.to_act != self.you:
            seat = m.to_act
            assert seat is not None
            view = m.view(seat)
            bot = self.bots[seat]
            if view.phase is Phase.CHOOSE_TRUMP:
                suit = bot.choose_trump(view)
                m.choose_trump(seat, suit)
                self._tell(words.hokm_trump(seat, suit, self.you))
            else:
                self._play(seat, bot.play(view))

    def _play(self, seat: int, card: int) -> None:
        m = self.match
        hand, hands_before = m.hand, len(m.results)
        result = m.play(seat, card)                          # IllegalPlay: nothing changed
        tricks = m.results[-1].tricks if len(m.results) > hands_before else hand.tricks_won
        if result is not None:
            self.last_trick = hand.completed[-1]
        self._tell(words.hokm_play(seat, card, result, tricks, self.you))
        if len(m.results) > hands_before:
            self._tell(words.hokm_hand_result(hands_before + 1, m.results[-1], m.scores, self.you))
            if not m.over:
                self._tell(f"Next hakem: {words.seat_name(m.results[-1].next_hakem, self.you)}.")

    def _tell(self, line: str) -> None:
        self.log.append(line)
        del self.log[:-LOG_LINES]

    def hint(self) -> dict[str, Any]:
        """What the search bot would do in your seat (the strongest hokm bot)."""
        view = self.match.view(self.you)
        if self.match.over or view.to_act != self.you:
            return {"move": None, "text": "No hint: it is not your turn."}
        if view.phase is Phase.CHOOSE_TRUMP:
            suit = self.hinter.choose_trump(view)
            return {"trump": SUIT_LETTERS[suit], "text": f"Hint (search): name {SUIT_NAMES[suit]}."}
        card = self.hinter.play(view)
        return {"card": card_name(card), "text": f"Hint (search): play {words.card_text(card)}."}

    # -- reading --------------------------------------------------------------------------------
    def record(self) -> dict[str, Any]:
        """The match's record; refused (not_over) while it is played: it holds the deals, hidden cards and all."""
        if not self.over:
            raise NotOver("not_over", "the record comes when the match is over: it holds every hand as dealt",
                          field="game")
        return to_record(self.match)

    @property
    def over(self) -> bool:
        return self.match.over

    def summary(self) -> dict[str, Any]:
        return {"kind": self.kind, "over": self.match.over, "moves": sum(len(h.played) for h in self.match.hands),
                "title": f"hokm to {self.target}" + (f", seed {self.seed}" if self.over else "")}

    def state(self) -> dict[str, Any]:
        """What the page shows: from your seat's view only (and the last trick, which every seat saw)."""
        m = self.match
        view = m.view(self.you)
        mine = view.to_act == self.you and not m.over
        choosing = mine and view.phase is Phase.CHOOSE_TRUMP
        us = self.you & 1
        return {
            "kind": self.kind,
            "you": self.you,
            "seed": self.seed if self.over else None,
            "commitment": commitment(str(self.seed)),
            "target": self.target,
            "names": self.names,
            "phase": "over" if m.over else view.phase.value,
            "to_act": view.to_act,
            "over": m.over,
            "verdict": words.hokm_verdict(m, self.you),
            "status": words.hokm_status(m, self.you),
            "hand_number": view.hand_number,
            "hakem": view.hakem,
            "trump": None if view.trump is None else SUIT_LETTERS[view.trump],
            "scores": {"us": m.scores[us], "them": m.scores[1 - us]},
            "tricks": {"us": view.tricks_won[us], "them": view.tricks_won[1 - us]},
            "picture": pictures.hokm_view(view),
            "last_trick": None if self.last_trick is None else pictures.hokm_trick(self.last_trick, self.you),
            "hand": [{"card": card_name(c), "text": words.card_text(c),
                      "legal": mine and not choosing and c in view.legal}
                     for c in sorted(view.hand, key=lambda c: (suit_of(c), -c))],
            "trumps": [{"suit": SUIT_LETTERS[s], "text": SUIT_NAMES[s], "legal": choosing} for s in range(4)],
            "log": list(self.log),
            "replay": (f"kozyr hokm play --seat {self.you} --bots "
                       f"{' '.join(self.names[(self.you + i) & 3] for i in (1, 2, 3))} --target {self.target} "
                       f"--seed {self.seed}") if self.over else None,
        }


def _suit(value: object) -> int:
    if not isinstance(value, str) or len(value) != 1 or value.upper() not in SUIT_LETTERS:
        raise KozyrError("bad_suit", f"trump {shown(value)} is not one of S, H, D, C", field="trump", value=value)
    return SUIT_LETTERS.index(value.upper())


def _card(value: object) -> int:
    if not isinstance(value, str):
        raise KozyrError("bad_card", f"card {shown(value)} is not a card name such as 'AS' or '10h'", field="card",
                         value=value)
    return int(parse_card(value))      # a KozyrError naming the text when it is not a card
