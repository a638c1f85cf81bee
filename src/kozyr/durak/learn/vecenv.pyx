"""n durak games stepped at once in C: the batched environment for throughput.

`DurakVecEnv(n, opponent=3, seed=0)` holds n deals; in each, one seat is the
agent's and the other is a kozyr rung that moves inside C (the rungs' kernel,
`ask_move` in rungs.pxd, on the decision's Ask as in the ladder's loop).

`DurakVecEnv(n, opponent, seed, rules=Rules(seats=4, ...))` plays any table:
one seat the agent's, every other seat a rung (`opponent`, or `opponents`, a
list of N-1 rungs or Bots, the first at the seat after the agent's,
clockwise), each deciding with `best_move` on its own full view (the kernel
every door uses at every table). The actions, observation and mask are the
table's (`encoding.table_encoding(rules)`: ``observations`` (n, obs_size),
``masks`` (n, n_actions)); rewards are -1 to the agent when its team lost, +1
when another did, 0 on a draw. A deal of such a table has no bound of its own:
one that reaches `MAX_MOVES` moves is dealt again with ``truncated`` set for
its game (reward 0); the two-seat game never truncates.
`step(actions)` applies one action per game (the encoding's 76 actions,
kozyr.durak.learn.encoding), lets each opponent move until its agent is on turn
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
by `kozyr.durak.bots.sides.resolve` as at every door; at the two-seat game it
may also be a `NativeBot` (the learned rung, `kozyr.durak.learn.learned.LearnedBot`,
or a checkpoint of it: pool play for a learner), which moves inside C on its
seat's full view with a word of the env's stream, its answer checked against its
legal list (a move not in it is a ``not_legal`` KozyrError). Rung 4 (its search
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

from kozyr.durak.core.deal cimport st_deal_rng, st_deal_rng_table
from kozyr.durak.learn._encode cimport (
    N_ACTIONS, OBS_SIZE, EncTable, code_of_action, code_of_action_t, enc_mask, enc_mask_t, enc_obs, enc_obs_t,
    enc_table,
)
from kozyr.durak.core.rules cimport st_apply, st_ask, st_turn, st_view, st_view_turn
from kozyr.durak.bots._capsules cimport native_pointers
from kozyr.durak.core.seeds cimport fast_below, fast_next
from kozyr.durak.core.state cimport MAX_MOVES, Sink, State, Table
from kozyr.durak.core.view cimport MAX_SEATS, OUT_NONE, Ask, DView, bot_fn
from kozyr.durak.bots.rungs cimport RungParams, ask_move, best_move, params_from

import numpy as np

cimport numpy as cnp

from kozyr.durak.core.gameview import table_of
from kozyr.durak.learn.encoding import check_buffer, table_encoding
from kozyr.durak.bots.sides import resolve
from kozyr.durak.rules import Rules
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


cdef struct Opp:
    # the two-seat game's opponent: a rung 1..3 (its thresholds p), or a native bot (rung -1: fn, state)
    int rung
    RungParams p
    bot_fn fn
    const void *state


cdef inline int _opponent(Slot *g, const Opp *o, uint64_t *rng, Sink *sink) noexcept nogil:
    """Let the opponent move until the agent is on turn or the deal is over; -1 if the rung found no move,
    -2 if a native opponent answered a move not in its legal list.

    A rung reads only the decision's Ask (st_ask), as in the ladder's loop: no view, no legal list. A
    native opponent (the learned rung, a past checkpoint of it, any NativeBot) gets its seat's full view,
    as in the ladder, and a word of the env's stream."""
    cdef Ask a
    cdef DView v
    cdef int move, i, ok, other = 1 - g.seat
    while g.s.outcome == OUT_NONE and st_turn(&g.s) == other:
        if o.rung < 0:
            st_view_turn(&g.s, &v)
            move = o.fn(&v, <unsigned int>fast_next(rng), o.state)
            ok = 0
            for i in range(v.nlegal):
                if v.legal[i] == move:
                    ok = 1
                    break
            if not ok:
                return -2
        else:
            st_ask(&g.s, &a)
            move = ask_move(&a, o.rung, <unsigned int>fast_next(rng) if o.rung == 1 else 0, &o.p)
        if move < 0 or _apply(g, other, move, sink) != 0:
            return -1
    return 0


cdef inline int _deal(Slot *g, int seat_choice, const Opp *o, uint64_t *rng) noexcept nogil:
    """A new deal in this slot, played up to the agent's first decision."""
    cdef Sink sink
    cdef int k
    while True:
        st_deal_rng(&g.s, rng)
        g.seat = <int>(fast_next(rng) & 1) if seat_choice < 0 else seat_choice
        g.steps = 0
        k = _opponent(g, o, rng, &sink)
        if k != 0:
            return k
        if g.s.outcome == OUT_NONE:
            return 0
        # the opponent ended the deal before the agent moved (forced takes all along): deal again


cdef struct Seats:
    # a table other than the two-seat game: who plays the seats that are not the agent's
    Table table
    EncTable enc
    int rung[6]           # by offset clockwise from the agent: rung[k] plays seat (agent + k) % n, k >= 1
    RungParams params[6]


cdef inline int _opponents_t(Slot *g, const Seats *t, uint64_t *rng, Sink *sink) noexcept nogil:
    """Let the other seats move until the agent is on turn, the deal is over or at the move cap; -1 if a
    rung found no move. Each decides with best_move on its own full view (st_view_turn)."""
    cdef DView v
    cdef int move, seat, k, n = t.table.seats
    while g.s.outcome == OUT_NONE and g.s.moves < MAX_MOVES:
        seat = st_turn(&g.s)
        if seat == g.seat:
            return 0
        st_view_turn(&g.s, &v)
        k = (seat - g.seat + n) % n
        move = best_move(&v, t.rung[k], <unsigned int>fast_next(rng) if t.rung[k] == 1 else 0, &t.params[k])
        if move < 0 or st_apply(&g.s, seat, move, sink) != 0:
            return -1
    return 0


cdef inline int _deal_t(Slot *g, int seat_choice, const Seats *t, uint64_t *rng) noexcept nogil:
    """A new deal of the table in this slot, played up to the agent's first decision."""
    cdef Sink sink
    while True:
        st_deal_rng_table(&g.s, &t.table, rng)
        g.seat = <int>fast_below(rng, t.table.seats) if seat_choice < 0 else seat_choice
        g.steps = 0
        if _opponents_t(g, t, rng, &sink) != 0:
            return -1
        if g.s.outcome == OUT_NONE and g.s.moves < MAX_MOVES:
            return 0
        # the others ended (or capped) the deal before the agent moved: deal again


MAX_GAMES = 1 << 22


cdef class DurakVecEnv:
    """n durak deals against a kozyr rung, stepped in C (see the module docstring)."""

    cdef Slot *slots
    cdef bint busy               # a thread is inside reset, step or random_actions (set with the GIL held)
    cdef readonly int n
    cdef readonly int rung
    cdef readonly int seat_choice
    cdef RungParams params
    cdef Opp opp                 # the two-seat game's opponent (a rung, or a native bot)
    cdef object native           # the NativeBot opponent, kept alive while opp points at its capsules
    cdef uint64_t rng
    cdef bint two                # the two-seat game (its own path, unchanged); else `seats` plays the table
    cdef bint enc_two            # the table speaks the two-seat 76 actions and 270 floats (2 seats, 36, podkidnoy)
    cdef Seats seats_t
    cdef int n_actions
    cdef readonly object rules
    cdef readonly object observations
    cdef readonly object masks
    cdef readonly object rewards
    cdef readonly object terminated
    cdef readonly object truncated
    cdef readonly object lengths
    cdef float[:, ::1] _obs
    cdef uint8_t[:, ::1] _mask
    cdef float[::1] _rew
    cdef uint8_t[::1] _term
    cdef uint8_t[::1] _trunc
    cdef int[::1] _len

    def __cinit__(self):
        self.slots = NULL
        self.busy = 0
        self.n = 0

    def __dealloc__(self):
        PyMem_Free(self.slots)

    def __init__(self, n, opponent=3, seed=0, *, seat=None, rules=None, opponents=None):
        if self.slots != NULL:
            raise KozyrError("bad_init", "a DurakVecEnv is set up once")
        n = whole("n", n, 1, MAX_GAMES)
        table = Rules.of(rules)
        seats = table.seats
        self.two = table.two_seat
        if opponents is not None and self.two:
            raise KozyrError("bad_side", "opponents= names the sides of a table of more than two seats: the "
                             "two-seat game takes one opponent", value=opponents)
        if opponents is None:
            sides = [opponent] * (seats - 1)
        elif isinstance(opponents, (str, bytes)) or not hasattr(opponents, "__len__") \
                or len(opponents) != seats - 1:
            raise KozyrError("bad_side", f"opponents {shown(opponents)}: expected a list of {seats - 1} sides, one "
                             f"for each other seat of the {seats}-seat table", value=opponents)
        else:
            sides = list(opponents)
        resolved = []
        self.native = None
        for side_value in sides:
            side = resolve(side_value)
            if side.kind == "native" and self.two:
                resolved.append(side)
                continue
            if side.kind not in ("rung", "bot") or not 1 <= side.rung <= 3:
                raise KozyrError("bad_side", f"opponent {shown(side_value)}: the batched environment plays a rung "
                                 "(1, 2, 3) or a Bot inside C, or at the two-seat game a native bot (the learned "
                                 "rung); not rung 4 or a Python callable", value=side_value)
            resolved.append(side)
        self.rung = resolved[0].rung
        params_from(&self.params, resolved[0].params.as_tuple())
        self.opp.rung = self.rung
        self.opp.p = self.params
        self.opp.fn = NULL
        self.opp.state = NULL
        if resolved[0].kind == "native":
            self.native = resolved[0].player
            native_pointers(self.native.function, self.native.state, &self.opp.fn, &self.opp.state)
        if seat is None:
            self.seat_choice = -1
        elif isinstance(seat, bool) or seat not in tuple(range(seats)):
            raise KozyrError("bad_seat", f"seat {shown(seat)}: expected "
                             f"{'0, 1' if seats == 2 else f'a seat from 0 to {seats - 1}'} or None (random)",
                             value=seat)
        else:
            self.seat_choice = seat
        enc = table_encoding(table)
        self.rules = table
        self.n_actions = enc.n_actions
        self.enc_two = enc.two_seat
        if not self.two:
            seats_t, deck_t, opts_t = table_of(table)
            self.seats_t.table.seats = seats_t
            self.seats_t.table.deck = deck_t
            self.seats_t.table.opts = opts_t
            enc_table(&self.seats_t.enc, seats_t, deck_t, opts_t)
            for k, side in enumerate(resolved):
                self.seats_t.rung[k + 1] = side.rung
                params_from(&self.seats_t.params[k + 1], side.params.as_tuple())
        self.n = n
        self.slots = <Slot *>PyMem_Malloc(n * sizeof(Slot))
        if self.slots == NULL:
            raise MemoryError()
        self.observations = np.zeros((n, enc.obs_size), dtype=np.float32)
        self.masks = np.zeros((n, enc.n_actions), dtype=np.uint8)
        self.rewards = np.zeros(n, dtype=np.float32)
        self.terminated = np.zeros(n, dtype=np.bool_)
        self.truncated = np.zeros(n, dtype=np.bool_)
        self.lengths = np.zeros(n, dtype=np.int32)
        self._obs = self.observations
        self._mask = self.masks
        self._rew = self.rewards
        self._term = self.terminated.view(np.uint8)
        self._trunc = self.truncated.view(np.uint8)
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
                if self.two:
                    bad = _deal(&self.slots[i], self.seat_choice, &self.opp, &self.rng)
                    if bad != 0:
                        break
                elif _deal_t(&self.slots[i], self.seat_choice, &self.seats_t, &self.rng) != 0:
                    bad = 1
                    break
                self._write(i)
            memset(&self._rew[0], 0, self.n * sizeof(float))
            memset(&self._term[0], 0, self.n)
            memset(&self._trunc[0], 0, self.n)
        if bad:
            self._refused(bad)
        return self.observations

    cdef int _refused(self, int why) except -1:
        if why == -2:
            raise KozyrError("not_legal", f"the native opponent {shown(self.native)} answered a move that is not "
                             "in its legal list")
        raise RuntimeError("a masked action or the opponent's move was refused")   # cannot happen

    cdef inline void _write(self, Py_ssize_t i) noexcept nogil:
        cdef DView v
        cdef Slot *g = &self.slots[i]
        st_view(&g.s, g.seat, &v)
        if self.two or self.enc_two:
            enc_obs(&v, &self._obs[i, 0])
            enc_mask(&v, &self._mask[i, 0])
        else:
            enc_obs_t(&self.seats_t.enc, &v, &self._obs[i, 0])
            enc_mask_t(&self.seats_t.enc, &v, &self._mask[i, 0])

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
        cdef Py_ssize_t i
        cdef int fail = 0
        cdef Slot *g
        cdef Sink sink
        if not self.two:
            return self._step_t(act)
        self._check(act)
        with nogil:
            for i in range(self.n):
                g = &self.slots[i]
                g.steps += 1
                if _apply(g, g.seat, code_of_action(<int>act[i]), &sink) != 0:
                    fail = -1
                    break
                fail = _opponent(g, &self.opp, &self.rng, &sink)
                if fail != 0:
                    break
                if g.s.outcome != OUT_NONE:
                    self._rew[i] = 0.0 if g.s.fool < 0 else (-1.0 if g.s.fool == g.seat else 1.0)
                    self._term[i] = 1
                    self._len[i] = g.steps
                    fail = _deal(g, self.seat_choice, &self.opp, &self.rng)
                    if fail != 0:
                        break
                else:
                    self._rew[i] = 0.0
                    self._term[i] = 0
                self._write(i)
        if fail:
            self._refused(fail)
        return self.observations, self.masks, self.rewards, self.terminated

    cdef int _check(self, const int64_t[::1] act) except -1:
        """Every game's action is one its mask allows (at two seats and at a table), else the first
        game that has none is refused (illegal_action) and nothing is played."""
        cdef Py_ssize_t i, bad = -1
        cdef int64_t a
        cdef int n_actions = self.n_actions
        with nogil:
            for i in range(self.n):
                a = act[i]
                if a < 0 or a >= n_actions or not self._mask[i, a]:
                    bad = i
                    break
        if bad >= 0:
            a = act[bad]
            raise KozyrError("illegal_action", f"game {bad}: action {a} is not legal there: legal are "
                             f"{np.flatnonzero(self.masks[bad]).tolist()}", field="actions", value=int(a))
        return 0

    cdef object _step_t(self, const int64_t[::1] act):
        """step() at a table other than the two-seat game."""
        cdef Py_ssize_t i
        cdef int fail = 0, fool
        cdef unsigned int losers
        cdef Slot *g
        cdef Sink sink
        cdef const Seats *t = &self.seats_t
        self._check(act)
        with nogil:
            for i in range(self.n):
                g = &self.slots[i]
                g.steps += 1
                if st_apply(&g.s, g.seat, code_of_action(<int>act[i]) if self.enc_two
                            else code_of_action_t(&t.enc, <int>act[i]), &sink) != 0 \
                        or _opponents_t(g, t, &self.rng, &sink) != 0:
                    fail = 1
                    break
                self._trunc[i] = 0
                if g.s.outcome != OUT_NONE or g.s.moves >= MAX_MOVES:
                    losers = g.s.losers if g.s.outcome != OUT_NONE else 0
                    self._rew[i] = 0.0 if losers == 0 else (-1.0 if (losers >> g.seat) & 1 else 1.0)
                    self._term[i] = g.s.outcome != OUT_NONE
                    self._trunc[i] = g.s.outcome == OUT_NONE
                    self._len[i] = g.steps
                    if _deal_t(g, self.seat_choice, t, &self.rng) != 0:
                        fail = 1
                        break
                else:
                    self._rew[i] = 0.0
                    self._term[i] = 0
                self._write(i)
        if fail:
            raise RuntimeError("a masked action or a rung's move was refused")   # cannot happen
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
        cdef int k, a, cnt, n_actions = self.n_actions
        with nogil:
            for i in range(self.n):
                cnt = 0
                for a in range(n_actions):
                    cnt += self._mask[i, a]
                if cnt == 0:
                    o[i] = -1
                    continue
                k = fast_below(&self.rng, cnt)
                for a in range(n_actions):
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
        if not self.two:
            return {"order": tuple([g.s.order[k] for k in range(g.s.deck_size)]), "seat": g.seat, "ply": g.s.ply,
                    "moves": g.s.moves, "hands": tuple([g.s.hand[k] for k in range(g.s.n)]),
                    "heap": v.heap_cards, "known": tuple([v.known[k] for k in range(g.s.n)])}
        return {"order": tuple([g.s.order[k] for k in range(36)]), "seat": g.seat, "ply": g.s.ply,
                "hands": (g.s.hand[0], g.s.hand[1]), "heap": v.heap_cards, "known": v.known[1 - g.seat]}
