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
`observe(view)` encodes in C (kozyr/durak/_encode.pxd, the same code the
batched environment runs) into buffers you may pass in; every environment's
observation is `observe` of the agent's view. `reference_observation` is the
same in plain Python, for the tests and for reading. The encoding speaks the
two-seat 36-card game without transfers (its 76 actions have no transfer).

>>> from kozyr.durak import Game, Move
>>> action_of(Move.parse("attack 6S")), action_of(Move.parse("beat AC")), action_of(Move.parse("take"))
(0, 71, 72)
>>> move_of(9)
Move.parse('attack 6H')
>>> LAYOUT["heap"], OBS_SIZE
(slice(144, 180, None), 270)
"""
from __future__ import annotations

from typing import Any

import numpy as np

from kozyr.cards import card_name
from kozyr.durak._encode import encode_view
from kozyr.durak.codes import PHASES
from kozyr.durak.moves import Move
from kozyr.durak.views import View
from kozyr.errors import KozyrError, shown

__all__ = [
    "N_ACTIONS", "OBS_SIZE", "LAYOUT", "TAKE", "DONE", "SWAP", "RESIGN", "card_index", "index_card", "action_of",
    "move_of", "legal_mask", "observe", "reference_observation", "memory_masks", "describe", "check_buffer",
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


def action_of(move: Move | str) -> int:
    """The action 0..75 of a Move (or its text, `attack AS`)."""
    if isinstance(move, str):
        move = Move.parse(move)
    if not isinstance(move, Move):
        raise KozyrError("bad_move", f"{shown(move)} is not a durak Move", value=move)
    if move.card is not None:
        return (ATTACK if move.kind == "attack" else BEAT) + card_index(move.card)
    return {"take": TAKE, "done": DONE, "swap": SWAP, "resign": RESIGN}[move.kind]


def move_of(action: int) -> Move:
    """The Move of an action 0..75."""
    if isinstance(action, bool) or not isinstance(action, (int, np.integer)) or not 0 <= action < N_ACTIONS:
        raise KozyrError("bad_action", f"action {shown(action)} is not an int from 0 to 75", value=action)
    action = int(action)
    if action < BEAT:
        return Move("attack", index_card(action))
    if action < TAKE:
        return Move("beat", index_card(action - BEAT))
    return Move(("take", "done", "swap", "resign")[action - TAKE])


def legal_mask(view: View) -> np.ndarray:
    """uint8[76]: 1 for the actions of the view's legal moves."""
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
    (`kozyr.durak.memory.Memory`) its heap and known cards stand in for the view's."""
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
    plain-Python engine's, or one written by hand); a view of another table (more seats, another
    deck, transfers) or with a card outside the 36 is a bad_view KozyrError. `out`
    (float32[OBS_SIZE]) and `mask` (uint8[76]), when given, are written in place and returned.

    >>> from kozyr.durak import Game
    >>> obs, mask = observe(Game.from_seed("d" * 32).view(0))
    >>> obs.shape, int(obs[LAYOUT["hand"]].sum()), mask.dtype.name
    ((270,), 6, 'uint8')
    """
    out = check_buffer(out, np.float32, OBS_SIZE, "out")
    mask = check_buffer(mask, np.uint8, N_ACTIONS, "mask")
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


def describe(obs: np.ndarray) -> dict[str, Any]:
    """The observation read back by part: card planes as card names (`6S`, `TD`), the rest as floats.

    >>> from kozyr.durak import Game
    >>> game = Game.from_seed("d" * 32)
    >>> seen = describe(observe(game.view(0))[0])
    >>> seen["hand"] == str(game.view(0).hand).split(), seen["heap"]
    (True, [])
    """
    out: dict[str, Any] = {}
    for name, part in LAYOUT.items():
        values = obs[part]
        if part.stop - part.start == 36:
            out[name] = [card_name(index_card(int(i))) for i in np.flatnonzero(values)]
        else:
            out[name] = [float(x) for x in values]
    return out


class Remembered:
    """A Game and both seats' memories, kept together: every applied move's events update both.

    The environments and the OpenSpiel game hold one of these; `observe(seat)`
    is that seat's observation and mask, `observe(game.view(seat))` (the view's own
    public memory; the memories here are for what takes one: a rung-4 opponent's search, and the
    OpenSpiel game's resampling and text).
    """

    __slots__ = ("game", "memories")

    def __init__(self, game: Any, memories: tuple[Any, Any] | None = None) -> None:
        from kozyr.durak.memory import Memory

        self.game = game
        if memories is None:
            memories = (Memory.start(game.view(0)), Memory.start(game.view(1)))
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
        """The seat's reward, the same in every RL face: +1 if the deal ended and it is not the fool, -1 if
        it is (a seat that resigns is), 0 on a draw and while the deal runs."""
        result = self.game.result
        fool = None if result is None else result.fool
        return 0.0 if fool is None else (-1.0 if fool == seat else 1.0)

    def copy(self) -> Remembered:
        import copy

        return Remembered(self.game.copy(), (copy.copy(self.memories[0]), copy.copy(self.memories[1])))
