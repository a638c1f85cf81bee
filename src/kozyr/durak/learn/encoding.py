"""Durak for learning agents: the 76 actions and the observation of one seat, defined once.

Every RL face of kozyr (the PettingZoo and Gymnasium environments, the batched
C environment, the OpenSpiel game) speaks these numbers, so an agent trained on
one plays on the others.

Actions (76): a card's index is ``suit * 9 + rank - 6`` (6 of spades is 0, ace
of clubs is 35).

======  ===========================
0..35   attack with card index a
36..71  beat with card index a - 36
72      take
73      done
74      swap (exchange the trump six for the turn-up)
75      resign
======  ===========================

The legal mask is exactly the engine's legal list for the seat on turn (all
zero for the other seat). The engine never lists `resign` (a seat may resign
at any time, so it is not a choice the rules offer), and neither does the
mask: environments accept action 75 only if told to.

The observation is ``OBS_SIZE`` (270) float32 values: seven 36-card planes
(1.0 where the card is in the set) then one-hots and scaled counts; ``LAYOUT``
maps each part to its slice. It is built from the seat's `View` alone, its
public memory included (the view's `heap_cards`, and `known[other]`: the cards
known to be in the other hand, picked up in a take and not played since, or
the turn-up drawn last), so it never shows what the seat may not see, and a bot
handed a view can see what an agent trained on the environments saw.
`observe(view)` encodes in C (kozyr/durak/learn/_encode.pxd, the same code the
batched environment runs) into buffers you may pass in; every environment's
observation is `observe` of the agent's view. `reference_observation` is the
same in plain Python, for the tests and for reading. These 76 actions and 270
floats speak every two-seat 36-card table without transfers (`Rules()` and its
podkidnoy options).

>>> from kozyr.durak import Game, Move
>>> action_of(Move.parse("attack 6S")), action_of(Move.parse("beat AC")), action_of(Move.parse("take"))
(0, 71, 72)
>>> move_of(9)
Move.parse('attack 6H')
>>> LAYOUT["heap"], OBS_SIZE
(slice(144, 180, None), 270)

**Every other table** (3 to 6 seats, 24, 32 or 52 cards, perevodnoy: any
`Rules` but the two-seat 36-card podkidnoy ones) has its own layout,
`table_encoding(rules)`, the same parts generalised. With D the deck's cards a
card's index is ``suit * D/4 + rank - low`` (low the deck's lowest rank), and
the actions are, in this order (the two-seat 76 are D = 36 of the first rows):

==============  ===============================================
0 .. D-1        attack with card index a
D .. 2D-1       beat with card index a - D
2D .. 2D+3      take, done, swap (the low trump), resign
2D+4 .. 3D+3    transfer with card index a - 2D - 4 (perevodnoy)
3D+4 .. 4D+3    show the trump of index a - 3D - 4 (show_trump)
==============  ===============================================

so a table's space holds 2D+4 actions in podkidnoy, 3D+4 in perevodnoy and
4D+4 with shows (36 cards: 76, 112, 148); an action of a kind the table lacks
(a transfer in podkidnoy, a show without show_trump) is refused ``no_action``.
The observation's parts (``TableEncoding.layout``), seats counted clockwise
from the observer (0 itself, 1 the next seat ...): the card planes hand,
attack, beat, open, heap; ``known``: N-1 planes, the cards known to be in the
hand of seat 1, 2, ... N-1; turnup; then trump (4), phase (4), role (2: this
seat attacks, defends), on_turn, can_swap; ``counts`` (N+4): talon / (D-6N, or
1 when the deal uses the deck up), heap / D, own hand / D, the hands of seats
1 .. N-1 / D, bout cap / 6, bout size / 6; then the public knowledge of the
table: ``shown`` (D: the trumps shown in this bout), and N values each for
``out`` (the seats that are out), ``attacker``, ``defender``, ``leader`` (one
seat each, none once over), ``throwers`` (the bout's throwers) and ``turn``
(the seat on turn).

>>> from kozyr.durak import Rules
>>> four = table_encoding(Rules(seats=4, variant="perevodnoy"))
>>> four.n_actions, four.obs_size, four.layout["known"]
(112, 404, slice(180, 288, None))
>>> four.action_of(Move.parse("transfer 6H")), four.move_of(111)
(85, Move.parse('transfer AC'))
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from kozyr.cards import card_name
from kozyr.durak.codes import PHASES
from kozyr.durak.learn._encode import encode_view
from kozyr.durak.moves import Move
from kozyr.durak.rules import Rules
from kozyr.durak.views import View
from kozyr.errors import KozyrError, shown

__all__ = [
    "N_ACTIONS", "OBS_SIZE", "LAYOUT", "TAKE", "DONE", "SWAP", "RESIGN", "card_index", "index_card", "action_of",
    "move_of", "legal_mask", "observe", "reference_observation", "memory_masks", "describe", "check_buffer",
    "TableEncoding", "table_encoding", "two_seat_layout",
]

N_ACTIONS = 76
ATTACK, BEAT, TAKE, DONE, SWAP, RESIGN = 0, 36, 72, 73, 74, 75

# name -> (start, size); the order is the order in the vector
_PARTS = (
    ("hand", 36),        # the seat's own hand
    ("attack", 36),      # attack cards on the table
    ("beat", 36),        # beating cards on the table
    ("open", 36),        # attack cards on the table not yet beaten
    ("heap", 36),        # the heap's cards (memory)
    ("known", 36),       # cards known to be in the other hand (memory)
    ("turnup", 36),      # the turn-up, while it is in the talon and face up
    ("trump", 4),        # the trump suit
    ("phase", 4),        # attack, defend, pile_on, over
    ("role", 2),         # this seat is the bout's attacker, its defender (both 0 once over)
    ("on_turn", 1),      # this seat is on turn
    ("can_swap", 1),     # this seat may exchange the trump six
    ("counts", 6),       # talon/24, heap/36, own hand/36, other hand/36, bout cap/6, bout size/6
)
LAYOUT: dict[str, slice] = {}
_start = 0
for _name, _size in _PARTS:
    LAYOUT[_name] = slice(_start, _start + _size)
    _start += _size
OBS_SIZE = _start
COUNT_SCALES = (24.0, 36.0, 36.0, 36.0, 6.0, 6.0)


def card_index(card: int) -> int:
    """0..35 for a durak card int (16 * suit + rank): ``suit * 9 + rank - 6``."""
    rank = card & 15
    if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card < 64 or not 6 <= rank <= 14:
        raise KozyrError("bad_card", f"{shown(card)} is not a durak card (ranks 6..A)", value=card)
    return (card >> 4) * 9 + rank - 6


def index_card(index: int) -> int:
    """The card int of index 0..35."""
    return 16 * (index // 9) + index % 9 + 6


def action_of(move: Move | str, rules: Rules | None = None) -> int:
    """The action 0..75 of a Move (or its text, `attack AS`); with `rules`, its action at that table
    (`table_encoding(rules).action_of`)."""
    if rules is not None:
        return table_encoding(rules).action_of(move)
    if isinstance(move, str):
        move = Move.parse(move)
    if not isinstance(move, Move):
        raise KozyrError("bad_move", f"{shown(move)} is not a durak Move", value=move)
    if move.kind in ("transfer", "show"):
        raise KozyrError("no_action", f"{move} is a move the two-seat game does not have: name the table "
                         "(action_of(move, rules))", value=str(move))
    if move.card is not None:
        return (ATTACK if move.kind == "attack" else BEAT) + card_index(move.card)
    return {"take": TAKE, "done": DONE, "swap": SWAP, "resign": RESIGN}[move.kind]


def move_of(action: int, rules: Rules | None = None) -> Move:
    """The Move of an action 0..75; with `rules`, of an action at that table (`table_encoding(rules).move_of`)."""
    if rules is not None:
        return table_encoding(rules).move_of(action)
    if isinstance(action, bool) or not isinstance(action, (int, np.integer)) or not 0 <= action < N_ACTIONS:
        raise KozyrError("bad_action", f"action {shown(action)} is not an int from 0 to 75", value=action)
    action = int(action)
    if action < BEAT:
        return Move("attack", index_card(action))
    if action < TAKE:
        return Move("beat", index_card(action - BEAT))
    return Move(("take", "done", "swap", "resign")[action - TAKE])


def legal_mask(view: View) -> np.ndarray:
    """uint8[n_actions]: 1 for the actions of the view's legal moves (76 at the two-seat game; a view of
    another table is masked in its table's layout, `table_encoding(view.rules)`)."""
    rules = getattr(view, "rules", None)
    if isinstance(rules, Rules) and not _two_seat(rules):
        return table_encoding(rules).legal_mask(view)
    mask = np.zeros(N_ACTIONS, dtype=np.uint8)
    for move in view.legal:
        mask[action_of(move)] = 1
    return mask


def memory_masks(memory: Any) -> tuple[int, int]:
    """(heap cards, cards known in the other hand) as int masks, from a seat's memory
    (`kozyr.durak.memory.Memory`): the two sets the view's `heap_cards` and `known[other]` hold,
    kept from the same public events (the tests hold the two to each other)."""
    return int(memory.heap), int(memory.known)


def _plane(out: np.ndarray, cards: Any) -> None:
    for card in cards:
        out[card_index(card)] = 1.0


def _bits(mask: int) -> list[int]:
    return [c for c in range(64) if mask >> c & 1]


def reference_observation(view: View, memory: Any = None) -> np.ndarray:
    """The observation in plain Python from a View (the oracle of `observe`); with a seat's `memory`
    (`kozyr.durak.memory.Memory`, two-seat game only) its heap and known cards stand in for the view's.
    A view of another table is encoded in its table's layout (`TableEncoding.reference_observation`)."""
    rules = getattr(view, "rules", None)
    if isinstance(rules, Rules) and not _two_seat(rules):
        return table_encoding(rules).reference_observation(view)
    if memory is None:
        heap, known = int(view.heap_cards), int(view.known[1 - view.seat])
    else:
        heap, known = memory_masks(memory)
    out = np.zeros(OBS_SIZE, dtype=np.float32)
    _plane(out[LAYOUT["hand"]], view.hand)
    for attack, beat in view.bout.pairs:
        out[LAYOUT["attack"]][card_index(attack)] = 1.0
        if beat is None:
            out[LAYOUT["open"]][card_index(attack)] = 1.0
        else:
            out[LAYOUT["beat"]][card_index(beat)] = 1.0
    _plane(out[LAYOUT["heap"]], _bits(heap))
    _plane(out[LAYOUT["known"]], _bits(known))
    if view.turnup is not None:
        out[LAYOUT["turnup"]][card_index(view.turnup)] = 1.0
    out[LAYOUT["trump"]][view.trump] = 1.0
    out[LAYOUT["phase"]][PHASES.index(view.phase)] = 1.0
    if view.phase != "over":
        out[LAYOUT["role"]][0 if view.bout.attacker == view.seat else 1] = 1.0
    out[LAYOUT["on_turn"]] = 1.0 if view.turn == view.seat else 0.0
    out[LAYOUT["can_swap"]] = 1.0 if view.can_swap else 0.0
    counts = (view.talon, view.heap, view.counts[view.seat], view.counts[1 - view.seat], view.bout.cap,
              view.bout.size)
    out[LAYOUT["counts"]] = np.array(counts, dtype=np.float32) / np.array(COUNT_SCALES, dtype=np.float32)
    return out


def observe(view: Any, out: np.ndarray | None = None,
            mask: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """(observation, legal mask) of the seat whose view this is, encoded in C from the view alone.

    `view` is a `GameView` (``game.view(seat)``: read as it is, no copy) or any `View` (a
    plain-Python engine's, or one written by hand), of any table: the two-seat 36-card podkidnoy
    tables in the 270 floats and 76 actions, every other in its table's layout
    (`table_encoding(view.rules)`). A view with a card outside its deck, or a seat outside its table,
    is a bad_view KozyrError. `out` (float32[obs_size]) and `mask` (uint8[n_actions]), when given,
    are written in place and returned.

    >>> from kozyr.durak import Game
    >>> obs, mask = observe(Game.from_seed("d" * 32).view(0))
    >>> obs.shape, int(obs[LAYOUT["hand"]].sum()), mask.dtype.name
    ((270,), 6, 'uint8')
    """
    rules = getattr(view, "rules", None)
    obs_size, n_actions = OBS_SIZE, N_ACTIONS
    if isinstance(rules, Rules) and not _two_seat(rules):
        table = table_encoding(rules)
        obs_size, n_actions = table.obs_size, table.n_actions
    out = check_buffer(out, np.float32, obs_size, "out")
    mask = check_buffer(mask, np.uint8, n_actions, "mask")
    encode_view(view, out, mask)
    return out, mask


def check_buffer(buf: np.ndarray | None, dtype: Any, size: int, name: str) -> np.ndarray:
    """`buf`, a contiguous numpy `dtype`[size] to write into (None: a fresh zeroed one), or a
    bad_buffer KozyrError naming it: the one check of every out= buffer of the RL faces."""
    if buf is None:
        return np.zeros(size, dtype=dtype)
    if not isinstance(buf, np.ndarray) or buf.dtype != dtype or buf.shape != (size,) or not buf.flags.c_contiguous:
        raise KozyrError("bad_buffer", f"{name} must be a contiguous numpy {np.dtype(dtype).name}[{size}], "
                         f"not {shown(buf)}", field=name)
    return buf


def describe(obs: np.ndarray, rules: Rules | None = None) -> dict[str, Any]:
    """The observation read back by part: card planes as card names (`6S`, `TD`), the rest as floats
    (`rules`: the table whose layout it is; None: the two-seat game).

    >>> from kozyr.durak import Game
    >>> game = Game.from_seed("d" * 32)
    >>> seen = describe(observe(game.view(0))[0])
    >>> seen["hand"] == str(game.view(0).hand).split(), seen["heap"]
    (True, [])
    """
    return table_encoding(rules).describe(obs)


def _two_seat(rules: Rules) -> bool:
    """Whether the table speaks the two-seat 76 actions and 270 floats: two seats, 36 cards, no transfers."""
    return rules.seats == 2 and rules.deck == 36 and rules.variant == "podkidnoy"


_KIND_BASE = {"attack": 0, "beat": 1, "transfer": 2, "show": 3}
_TAIL = ("take", "done", "swap", "resign")


@dataclass(frozen=True)
class TableEncoding:
    """The actions and the observation layout of one table (`table_encoding(rules)`: see the module).

    `n_actions` and `obs_size` are its sizes, `layout` maps each part of the
    observation to its slice; `card_index`, `action_of`, `move_of`,
    `legal_mask`, `reference_observation` and `describe` are the module's
    functions at this table. The two-seat 36-card podkidnoy tables share the
    76 actions and the 270 floats (`two_seat`)."""

    rules: Rules
    two_seat: bool
    deck: int
    n_actions: int
    obs_size: int
    layout: dict[str, slice] = field(repr=False)
    cards: tuple[int, ...] = field(repr=False)    # card index -> card

    @property
    def low(self) -> int:
        return self.rules.low_rank

    def card_index(self, card: int) -> int:
        """0 .. D-1 for a card of this table's deck: ``suit * D/4 + rank - low``."""
        rank = card & 15 if isinstance(card, int) else -1
        if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card < 64 or not self.low <= rank <= 14:
            raise KozyrError("bad_card", f"{shown(card)} is not a card of the {self.deck}-card deck", value=card)
        return (card >> 4) * (self.deck // 4) + rank - self.low

    def index_card(self, index: int) -> int:
        """The card of index 0 .. D-1."""
        return self.cards[index]

    def action_of(self, move: Move | str) -> int:
        """The action of a Move (or its text) at this table; a kind the table lacks is refused no_action."""
        if isinstance(move, str):
            move = Move.parse(move)
        if not isinstance(move, Move):
            raise KozyrError("bad_move", f"{shown(move)} is not a durak Move", value=move)
        d = self.deck
        if move.card is not None:
            action = _KIND_BASE[move.kind] * d + (4 if move.kind in ("transfer", "show") else 0) \
                + self.card_index(move.card)
        else:
            action = 2 * d + _TAIL.index(move.kind)
        if action >= self.n_actions:
            raise KozyrError("no_action", f"{move} is a move this table does not have ({self._lacks(move.kind)})",
                             value=str(move))
        return action

    def _lacks(self, kind: str) -> str:
        if kind == "transfer" or self.rules.variant != "perevodnoy":
            return f"{self.rules.variant}: no transfer or show"
        return "show_trump is off: no show"

    def move_of(self, action: int) -> Move:
        """The Move of an action; one past the table's kinds is refused no_action, a non-action bad_action."""
        if self.two_seat:
            return move_of(action)
        d = self.deck
        if isinstance(action, bool) or not isinstance(action, (int, np.integer)) or not 0 <= action < 4 * d + 4:
            raise KozyrError("bad_action", f"action {shown(action)} is not an int from 0 to {self.n_actions - 1}",
                             value=action)
        action = int(action)
        if action >= self.n_actions:
            kind = "transfer" if action < 3 * d + 4 else "show"
            raise KozyrError("no_action", f"action {action} is a {kind}, which this table does not have "
                             f"({self._lacks(kind)}): its actions are 0 to {self.n_actions - 1}", value=action)
        if action < 2 * d:
            return Move("attack" if action < d else "beat", self.cards[action % d])
        if action < 2 * d + 4:
            return Move(_TAIL[action - 2 * d])
        kind = "transfer" if action < 3 * d + 4 else "show"
        return Move(kind, self.cards[(action - 2 * d - 4) % d])

    def legal_mask(self, view: View) -> np.ndarray:
        """uint8[n_actions]: 1 for the actions of the view's legal moves."""
        mask = np.zeros(self.n_actions, dtype=np.uint8)
        for move in view.legal:
            mask[self.action_of(move)] = 1
        return mask

    def _plane(self, out: np.ndarray, cards: Any) -> None:
        for card in cards:
            out[self.card_index(card)] = 1.0

    def reference_observation(self, view: View, memory: Any = None) -> np.ndarray:
        """The observation of `view` in plain Python (the oracle of `observe`)."""
        if self.two_seat:
            return reference_observation(view, memory)
        n, d, me = self.rules.seats, self.deck, view.seat
        lay = self.layout
        out = np.zeros(self.obs_size, dtype=np.float32)
        self._plane(out[lay["hand"]], view.hand)
        for attack, beat in view.bout.pairs:
            out[lay["attack"]][self.card_index(attack)] = 1.0
            if beat is None:
                out[lay["open"]][self.card_index(attack)] = 1.0
            else:
                out[lay["beat"]][self.card_index(beat)] = 1.0
        self._plane(out[lay["heap"]], view.heap_cards)
        known = out[lay["known"]]
        for r in range(1, n):
            self._plane(known[(r - 1) * d:r * d], view.known[(me + r) % n])
        if view.turnup is not None:
            out[lay["turnup"]][self.card_index(view.turnup)] = 1.0
        out[lay["trump"]][view.trump] = 1.0
        out[lay["phase"]][PHASES.index(view.phase)] = 1.0
        bout = view.bout
        if view.phase != "over":
            if bout.attacker == me:
                out[lay["role"]][0] = 1.0
            elif bout.defender == me:
                out[lay["role"]][1] = 1.0
            for part, seats in (("attacker", (bout.attacker,)), ("defender", (bout.defender,)),
                                ("leader", (bout.leader,)), ("throwers", bout.throwers)):
                for seat in seats:
                    out[lay[part]][(seat - me) % n] = 1.0
        if view.turn == me:
            out[lay["on_turn"]] = 1.0
        if view.turn is not None:
            out[lay["turn"]][(view.turn - me) % n] = 1.0
        if view.can_swap:
            out[lay["can_swap"]] = 1.0
        talon_scale = float(d - 6 * n) if d > 6 * n else 1.0
        counts = [view.talon / talon_scale, view.heap / d]
        counts += [view.counts[(me + r) % n] / d for r in range(n)]
        counts += [bout.cap / 6.0, bout.size / 6.0]
        out[lay["counts"]] = np.array(counts, dtype=np.float32)
        self._plane(out[lay["shown"]], bout.shown)
        for seat in view.out:
            out[lay["out"]][(seat - me) % n] = 1.0
        return out

    def describe(self, obs: np.ndarray) -> dict[str, Any]:
        """The observation read back by part: card planes as card names, the rest as floats."""
        out: dict[str, Any] = {}
        d = self.deck
        for name, part in self.layout.items():
            values = obs[part]
            if (part.stop - part.start) % d == 0 and name in _PLANES:
                out[name] = [card_name(self.cards[int(i) % d]) for i in np.flatnonzero(values)]
                if name == "known" and not self.two_seat:
                    out[name] = [[card_name(self.cards[int(i)]) for i in np.flatnonzero(values[k * d:(k + 1) * d])]
                                 for k in range(self.rules.seats - 1)]
            else:
                out[name] = [float(x) for x in values]
        return out


_PLANES = frozenset(("hand", "attack", "beat", "open", "heap", "known", "turnup", "shown"))


def two_seat_layout() -> dict[str, slice]:
    """The two-seat layout (`LAYOUT`), a copy."""
    return dict(LAYOUT)


def _table_parts(n: int, d: int) -> tuple[tuple[str, int], ...]:
    return (("hand", d), ("attack", d), ("beat", d), ("open", d), ("heap", d), ("known", (n - 1) * d),
            ("turnup", d), ("trump", 4), ("phase", 4), ("role", 2), ("on_turn", 1), ("can_swap", 1),
            ("counts", n + 4), ("shown", d), ("out", n), ("attacker", n), ("defender", n), ("leader", n),
            ("throwers", n), ("turn", n))


_ENCODINGS: dict[Rules, TableEncoding] = {}


def table_encoding(rules: Rules | Any = None) -> TableEncoding:
    """The actions and observation layout of a table (`rules`: a Rules, a mapping of options, or None for
    the two-seat game; bad options are Rules' own refusals)."""
    rules = Rules.of(rules)
    found = _ENCODINGS.get(rules)
    if found is not None:
        return found
    d = rules.deck
    cards = tuple(16 * (i // (d // 4)) + i % (d // 4) + rules.low_rank for i in range(d))
    if _two_seat(rules):
        enc = TableEncoding(rules, True, 36, N_ACTIONS, OBS_SIZE, dict(LAYOUT), cards)
    else:
        layout: dict[str, slice] = {}
        start = 0
        for name, size in _table_parts(rules.seats, d):
            layout[name] = slice(start, start + size)
            start += size
        n_actions = 2 * d + 4 + (d if rules.variant == "perevodnoy" else 0) + (d if rules.show_trump else 0)
        enc = TableEncoding(rules, False, d, n_actions, start, layout, cards)
    _ENCODINGS[rules] = enc
    return enc


class Remembered:
    """A Game and, at the two-seat game, both seats' memories, kept together: every applied move's
    events update them.

    The environments and the OpenSpiel game hold one of these; `observe(seat)`
    is that seat's observation and mask, `observe(game.view(seat))` (the view's own
    public memory; the two-seat memories here are for what takes one: a rung-4 opponent's search, and
    the OpenSpiel game's resampling and text). At any other table `memories` is empty: the view
    carries every seat's public memory, and `Game.determinize(seat, rng)` reads it.
    """

    __slots__ = ("game", "memories")

    def __init__(self, game: Any, memories: tuple[Any, ...] | None = None) -> None:
        from kozyr.durak.memory import Memory

        self.game = game
        if memories is None:
            memories = (Memory.start(game.view(0)), Memory.start(game.view(1))) if game.rules.two_seat else ()
        self.memories = memories

    def apply(self, seat: int, move: Move | str) -> tuple:
        """Play a move (IllegalMove on a refusal, which changes nothing); its events."""
        events = self.game.apply(seat, move)
        for memory in self.memories:
            for event in events:
                memory.update(event)
        return events

    def observe(self, seat: int, out: np.ndarray | None = None,
                mask: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
        return observe(self.game.view(seat), out, mask)

    def reward(self, seat: int) -> float:
        """The seat's reward, the same in every RL face: once the deal has ended, -1 if its team lost (the
        fool's; a seat that resigns loses), +1 if another team lost, 0 on a draw; 0 while the deal runs."""
        result = self.game.result
        if result is None or not result.losers:
            return 0.0
        return -1.0 if seat in result.losers else 1.0

    def copy(self) -> Remembered:
        import copy

        return Remembered(self.game.copy(), tuple(copy.copy(m) for m in self.memories))
