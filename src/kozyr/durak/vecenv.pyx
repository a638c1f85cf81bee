"""n durak games stepped at once in C: the batched environment for throughput.

`DurakVecEnv(n, opponent=3, seed=0)` holds n deals; in each, one seat is the
agent's and the other is a kozyr rung that moves inside C (the rungs' kernel,
`ask_move` in rungs.pxd, on the decision's Ask as in the ladder's loop).
`step(actions)` applies one action per game (the encoding's 76 actions,
kozyr.durak.encoding), lets each opponent move until its agent is on turn
again or the deal is over, and writes into the env's own numpy arrays:

- ``observations`` float32 (n, 270): each agent's observation, from its
  view alone (its public memory included), exactly as `encoding.observe(view)`
  writes it: the same C encoder reads the same struct;
- ``masks`` uint8 (n, 76): the legal actions;
- ``rewards`` float32 (n,): +1 / -1 / 0 for the agent when its deal ended in
  this step (it is not the fool / it is / a draw), else 0;
- ``terminated`` bool (n,): the deal ended in this step;
- ``lengths`` int32 (n,): the agent's steps in the deal that ended last in
  each game (meaningful where ``terminated``).

The opponent is a rung 1..3 or a `Bot` (its rung and thresholds), resolved
by `kozyr.durak.ladder.sides.resolve` as at every door. Rung 4 (its search
costs thousands of times a rung's decision) is not offered here: the
Gymnasium environment runs it, and any kozyr bot, in Python.

Threads: one env is for one thread at a time (its arrays are shared state).
A call that finds another thread inside the same env (`reset`, `step`,
`random_actions`) is refused at once with a KozyrError coded `busy`, and the
env stays whole; give each thread its own env.

A finished deal is dealt again at once (same-step auto-reset): its row of
``observations`` and ``masks`` is already the next deal's. There is no
truncation, and the final observation of a deal is not kept (a deal ends
with no decision left, so a learner bootstraps nothing from it).

The arrays are the env's own and are overwritten by the next step: copy what
you keep. The actions are all checked (0..75 and in the mask) before any game
moves: a bad one raises a KozyrError naming the game and nothing changes.

Randomness: one splitmix64 stream from `seed` deals the games (the fast
generator, as `Game.from_rng`), picks each deal's agent seat (unless `seat`
fixes it) and draws rung 1's words (not the rules' SHA-256 words).
The loop runs with the GIL released.
"""
from cpython.mem cimport PyMem_Free, PyMem_Malloc
from libc.stdint cimport int64_t, uint8_t, uint32_t, uint64_t
from libc.string cimport memset

from kozyr.durak.core.deal cimport st_deal_rng
from kozyr.durak._encode cimport N_ACTIONS, OBS_SIZE, code_of_action, enc_mask, enc_obs
from kozyr.durak.core.rules cimport st_apply, st_ask, st_turn, st_view
from kozyr.durak.core.seeds cimport fast_below, fast_next
from kozyr.durak.core.state cimport Sink, State
from kozyr.durak.core.view cimport OUT_NONE, Ask, DView
from kozyr.durak.rungs cimport RungParams, ask_move, params_from

import numpy as np

cimport numpy as cnp

from kozyr.durak.encoding import check_buffer
from kozyr.durak.ladder.sides import resolve
from kozyr.errors import KozyrError, shown, whole

cnp.import_array()

__all__ = ["DurakVecEnv"]


cdef struct Slot:
    State s               # the deal; the agent's view (st_view) carries its public memory
    int seat              # the agent's seat in this deal
    int steps             # agent steps in this deal


cdef inline int _apply(Slot *g, int seat, int move, Sink *sink) noexcept nogil:
    """Apply a move; the refusal (0 if applied)."""
    return st_apply(&g.s, seat, move, sink)


cdef inline int _opponent(Slot *g, int rung, const RungParams *p, uint64_t *rng, Sink *sink) noexcept nogil:
    """Let the opponent move until the agent is on turn or the deal is over; -1 if the rung found no move.

    The rung reads only the decision's Ask (st_ask), as in the ladder's loop: no view, no legal list."""
    cdef Ask a
    cdef int move, other = 1 - g.seat
    while g.s.outcome == OUT_NONE and st_turn(&g.s) == other:
        st_ask(&g.s, &a)
        move = ask_move(&a, rung, <unsigned int>fast_next(rng) if rung == 1 else 0, p)
        if move < 0 or _apply(g, other, move, sink) != 0:
            return -1
    return 0


cdef inline int _deal(Slot *g, int seat_choice, int rung, const RungParams *p, uint64_t *rng) noexcept nogil:
    """A new deal in this slot, played up to the agent's first decision."""
    cdef Sink sink
    while True:
        st_deal_rng(&g.s, rng)
        g.seat = <int>(fast_next(rng) & 1) if seat_choice < 0 else seat_choice
        g.steps = 0
        if _opponent(g, rung, p, rng, &sink) != 0:
            return -1
        if g.s.outcome == OUT_NONE:
            return 0
        # the opponent ended the deal before the agent moved (forced takes all along): deal again


MAX_GAMES = 1 << 22


cdef class DurakVecEnv:
    """n durak deals against a kozyr rung, stepped in C (see the module docstring)."""

    cdef Slot *slots
    cdef bint busy               # a thread is inside reset, step or random_actions (set with the GIL held)
    cdef readonly int n
    cdef readonly int rung
    cdef readonly int seat_choice
    cdef RungParams params
    cdef uint64_t rng
    cdef readonly object observations
    cdef readonly object masks
    cdef readonly object rewards
    cdef readonly object terminated
    cdef readonly object lengths
    cdef float[:, ::1] _obs
    cdef uint8_t[:, ::1] _mask
    cdef float[::1] _rew
    cdef uint8_t[::1] _term
    cdef int[::1] _len

    def __cinit__(self):
        self.slots = NULL
        self.busy = 0
        self.n = 0

    def __dealloc__(self):
        PyMem_Free(self.slots)

    def __init__(self, n, opponent=3, seed=0, *, seat=None):
        if self.slots != NULL:
            raise KozyrError("bad_init", "a DurakVecEnv is set up once")
        n = whole("n", n, 1, MAX_GAMES)
        side = resolve(opponent)
        if side.kind not in ("rung", "bot") or not 1 <= side.rung <= 3:
            raise KozyrError("bad_side", f"opponent {shown(opponent)}: the batched environment plays a rung "
                             "(1, 2, 3) or a Bot inside C, not rung 4, a native bot or a Python callable",
                             value=opponent)
        self.rung = side.rung
        params_from(&self.params, side.params.as_tuple())
        if seat is None:
            self.seat_choice = -1
        elif isinstance(seat, bool) or seat not in (0, 1):
            raise KozyrError("bad_seat", f"seat {shown(seat)}: expected 0, 1 or None (random)", value=seat)
        else:
            self.seat_choice = seat
        self.n = n
        self.slots = <Slot *>PyMem_Malloc(n * sizeof(Slot))
        if self.slots == NULL:
            raise MemoryError()
        self.observations = np.zeros((n, OBS_SIZE), dtype=np.float32)
        self.masks = np.zeros((n, N_ACTIONS), dtype=np.uint8)
        self.rewards = np.zeros(n, dtype=np.float32)
        self.terminated = np.zeros(n, dtype=np.bool_)
        self.lengths = np.zeros(n, dtype=np.int32)
        self._obs = self.observations
        self._mask = self.masks
        self._rew = self.rewards
        self._term = self.terminated.view(np.uint8)
        self._len = self.lengths
        self.reset(seed)

    cdef int _enter(self) except -1:
        """Refuse a call while another thread is inside this env (checked and set with the GIL held,
        so two threads cannot both pass)."""
        if self.slots == NULL:
            raise KozyrError("not_ready", "this DurakVecEnv was never set up (its __init__ failed)")
        if self.busy:
            raise KozyrError("busy", "another thread is using this DurakVecEnv: one env serves one thread at "
                             "a time (give each thread its own)")
        self.busy = 1
        return 0

    def reset(self, seed=None):
        """Deal all n games anew (from `seed`, or the stream's next values); the observations array."""
        cdef uint64_t rng = self.rng
        if seed is not None:
            rng = <uint64_t>(whole("seed", seed) & 0xFFFFFFFFFFFFFFFF)
        self._enter()
        try:
            self.rng = rng
            return self._reset()
        finally:
            self.busy = 0

    cdef object _reset(self):
        cdef Py_ssize_t i
        cdef int bad = 0
        with nogil:
            for i in range(self.n):
                if _deal(&self.slots[i], self.seat_choice, self.rung, &self.params, &self.rng) != 0:
                    bad = 1
                    break
                self._write(i)
            memset(&self._rew[0], 0, self.n * sizeof(float))
            memset(&self._term[0], 0, self.n)
        if bad:
            raise RuntimeError("the opponent rung found no move")   # cannot happen: a running deal has one
        return self.observations

    cdef inline void _write(self, Py_ssize_t i) noexcept nogil:
        cdef DView v
        cdef Slot *g = &self.slots[i]
        st_view(&g.s, g.seat, &v)
        enc_obs(&v, &self._obs[i, 0])
        enc_mask(&v, &self._mask[i, 0])

    def step(self, actions):
        """Apply one action per game (int array of n); returns (observations, masks, rewards, terminated)."""
        self._enter()
        try:
            return self._step(actions)
        finally:
            self.busy = 0

    cdef object _step(self, actions):
        cdef cnp.ndarray arr
        try:
            arr = np.ascontiguousarray(actions)
        except Exception:
            raise KozyrError("bad_actions", f"actions {shown(actions)} are not an array of ints", field="actions") \
                from None
        if arr.ndim != 1 or arr.shape[0] != self.n or arr.dtype.kind not in "iu":
            raise KozyrError("bad_actions", f"actions must be an int array of shape ({self.n},), "
                             f"not {arr.dtype} {tuple([arr.shape[k] for k in range(arr.ndim)])}", field="actions")
        cdef int64_t[::1] act = arr.astype(np.int64, copy=False)
        cdef Py_ssize_t i, bad = -1
        cdef int64_t a
        cdef int fail = 0
        cdef Slot *g
        cdef Sink sink
        with nogil:
            for i in range(self.n):
                a = act[i]
                if a < 0 or a >= N_ACTIONS or not self._mask[i, a]:
                    bad = i
                    break
        if bad >= 0:
            a = act[bad]
            raise KozyrError("illegal_action", f"game {bad}: action {a} is not legal there: legal are "
                             f"{np.flatnonzero(self.masks[bad]).tolist()}", field="actions", value=int(a))
        with nogil:
            for i in range(self.n):
                g = &self.slots[i]
                g.steps += 1
                if _apply(g, g.seat, code_of_action(<int>act[i]), &sink) != 0 \
                        or _opponent(g, self.rung, &self.params, &self.rng, &sink) != 0:
                    fail = 1
                    break
                if g.s.outcome != OUT_NONE:
                    self._rew[i] = 0.0 if g.s.fool < 0 else (-1.0 if g.s.fool == g.seat else 1.0)
                    self._term[i] = 1
                    self._len[i] = g.steps
                    if _deal(g, self.seat_choice, self.rung, &self.params, &self.rng) != 0:
                        fail = 1
                        break
                else:
                    self._rew[i] = 0.0
                    self._term[i] = 0
                self._write(i)
        if fail:
            raise RuntimeError("a masked action or the rung's move was refused")   # cannot happen
        return self.observations, self.masks, self.rewards, self.terminated

    def random_actions(self, out=None):
        """A uniformly random legal action per game, drawn in C from the env's stream (a baseline policy).

        `out`, when given, is a contiguous numpy int64[n] written in place (else a bad_buffer KozyrError)."""
        out = check_buffer(out, np.int64, self.n, "out")
        self._enter()
        try:
            return self._random_actions(out)
        finally:
            self.busy = 0

    cdef object _random_actions(self, out):
        cdef int64_t[::1] o = out
        cdef Py_ssize_t i
        cdef int k, a, cnt
        with nogil:
            for i in range(self.n):
                cnt = 0
                for a in range(N_ACTIONS):
                    cnt += self._mask[i, a]
                if cnt == 0:
                    o[i] = -1
                    continue
                k = fast_below(&self.rng, cnt)
                for a in range(N_ACTIONS):
                    if self._mask[i, a]:
                        if k == 0:
                            o[i] = a
                            break
                        k -= 1
        return out

    def seats(self):
        """The agent's seat in each game's current deal (int8 array)."""
        return np.array([self.slots[i].seat for i in range(self.n)], dtype=np.int8)

    def _state(self, i):
        """Test hook: game i's dealt order, seat, ply and hands (to replay it on the Python engine), and the
        agent's view's heap cards and known cards of the other hand."""
        if self.slots == NULL:
            raise KozyrError("not_ready", "this DurakVecEnv was never set up (its __init__ failed)")
        cdef Slot *g = &self.slots[<Py_ssize_t>whole("game", i, 0, self.n - 1)]
        cdef DView v
        st_view(&g.s, g.seat, &v)
        return {"order": tuple([g.s.order[k] for k in range(36)]), "seat": g.seat, "ply": g.s.ply,
                "hands": (g.s.hand[0], g.s.hand[1]), "heap": v.heap_cards, "known": v.known[1 - g.seat]}
