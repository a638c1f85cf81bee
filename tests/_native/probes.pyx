# cython: language_level=3
"""Test-only hooks into the compiled durak engine, built for the tests (tests/_compiled.py), never shipped.

Each reaches the engine's C through the .pxd files kozyr installs, as a native
bot would, so the package carries no code that exists only for its tests:

- `probe`: the refusal code st_apply gives on a copy of a position whose bout
  cap is forced; the forced positions close a bout at its cap, so `bout_full`
  is reachable only this way;
- `c_word` / `c_fast_word`: the rung-1 words as the ladder's C computes them;
- `cards_view_agrees`: rungs 1-3 decide the same from the Ask the loops hand
  them as from the full view;
- `memory_replay`: the C memory (core/memory.pxd) fed packed events;
- `packed_events`: a game's events as the engine packs them for C (core/state.pxd's layout);
- `filled_view`: a Python View through the rungs' `fill_view` into the C struct and back as a GameView;
- `power_kernel_agrees`: the rungs' kernel by power (the ladder's duel) answers
  as the kernel on kozyr's cards, on random decisions;
- `rollout_agrees`: rung 4's playouts play the playout rung as the rung plays on
  its seat's view, at any table (its table rules included).
"""
from libc.stdint cimport uint32_t, uint64_t

from kozyr.cards cimport card_bit
from kozyr.durak.core.deal cimport st_deal_rng, st_deal_table
from kozyr.durak.core.power cimport pw_kozyr, pw_mask
from kozyr.durak.core.engine cimport Game
from kozyr.durak.core.gameview cimport GameView
from kozyr.durak.core.memory cimport Memory, mem_event, mem_start, mem_to_tuple
from kozyr.durak.core.rules cimport st_apply, st_apply_legal, st_ask, st_turn, st_view_turn
from kozyr.durak.core.seeds cimport WORD_BUF, fast_word, mix64, sha_word, word_head
from kozyr.durak.core.state cimport Sink, State, Table
from kozyr.durak.core.view cimport OUT_NONE, Ask, DView
from kozyr.durak.bots.rung4 cimport R4_AS_PLAYOUT, R4Params, r4_params, r4_rollout_move
from kozyr.durak.bots.rungs cimport ByPower, RungParams, ask_move, best_move, fill_view, params_from, rung_move

import operator

from kozyr.durak.codes import CODES
from kozyr.durak.params import Params
from kozyr.durak.seeds import seed_text


def probe(Game game, int seat, int code, int cap):
    """The refusal code of move `code` by `seat` on a copy of `game` with the bout's cap set to `cap`, or None."""
    cdef State t = game.st
    t.bout.cap = cap
    cdef int r = st_apply(&t, seat, code, NULL)
    return CODES[r - 1] if r else None


def c_word(bot_seed, int seat, int ply):
    """The rules' word computed by the C (SHA-256); seat is the engine seat 0/1."""
    cdef bytes raw = seed_text(bot_seed)
    cdef unsigned char buf[WORD_BUF]
    cdef const unsigned char *p = raw
    assert seat in (0, 1) and ply >= 0
    return sha_word(buf, word_head(buf, p, len(raw), seat), ply)


def c_fast_word(key, int seat, int ply):
    """The fast word computed by the C; key is a 64-bit int."""
    assert seat in (0, 1) and ply >= 0
    return fast_word(<uint64_t>(operator.index(key) & 0xFFFFFFFFFFFFFFFF), seat, ply)


def cards_view_agrees(long long deals, unsigned long long seed, int deep_talon, int cheap_power, params=None):
    """Play `deals` fast deals of rung 3 against rung 2 and, at every decision, compare the rungs'
    choice on the Ask (st_ask, what the loops hand them) with the choice on the full view, for
    rungs 1 (with a varied word), 2 and 3, with the two thresholds or any `params` (a Params or a
    mapping). The number of decisions where they differ (0 when right)."""
    cdef State s
    cdef DView full
    cdef Ask a
    cdef RungParams p
    cdef uint64_t rng = seed
    cdef long long k, bad = 0
    cdef int rung, t, m
    cdef uint32_t w
    params_from(&p, Params(DEEP_TALON=deep_talon, CHEAP_POWER=cheap_power).as_tuple() if params is None
                else Params.of(params).as_tuple())
    for k in range(deals):
        st_deal_rng(&s, &rng)
        while s.outcome == OUT_NONE:
            t = st_turn(&s)
            st_view_turn(&s, &full)
            if st_ask(&s, &a) != t:
                bad += 1
            for rung in (2, 3):
                if best_move(&full, rung, 0, &p) != ask_move(&a, rung, 0, &p):
                    bad += 1
            w = <uint32_t>(mix64(rng + <uint64_t>s.ply) >> 32)
            if best_move(&full, 1, w, &p) != ask_move(&a, 1, w, &p):
                bad += 1
            m = best_move(&full, 3 if t == 0 else 2, 0, &p)
            st_apply_legal(&s, t, m)
    return bad


def memory_replay(view, packed):
    """The C memory (core/memory.pxd) started from `view` (the seat's view at the deal) after the
    packed events (uint32s, core/state.pxd's layout), as `Memory.packed()` fields."""
    cdef DView d
    cdef Memory m
    fill_view(&d, view)
    assert view.turnup is not None, "a memory starts from the view at the deal"
    mem_start(&m, &d)
    for e in packed:
        mem_event(&m, <unsigned int>e)
    return mem_to_tuple(&m)


def power_kernel_agrees(long long decisions, unsigned long long seed, params=None):
    """`decisions` random decisions (a random hand of 1 to 36 durak cards, a random subset of it
    as the legal cards, random trump, flags, talon, bout size and word) for each of rungs 1, 2
    and 3: the number where rung_move by power (the Ask's masks by power, its card back to
    kozyr's) differs from ask_move on kozyr's cards (0 when right)."""
    cdef RungParams p
    cdef Ask a, b
    cdef ByPower by_power
    cdef ByPower *tag = &by_power
    cdef uint64_t rng = seed, x
    cdef long long k, bad = 0
    cdef int rung, m1, m2, n, i
    cdef unsigned int word
    params_from(&p, Params.of(params).as_tuple())
    for k in range(decisions):
        # a hand: each durak card with a chance that varies by decision, so that hand sizes vary
        x = mix64(rng + <uint64_t>k)
        n = <int>(x % 36) + 1
        a.hand = 0
        for i in range(36):
            if (mix64(x + <uint64_t>i) % 36) < <uint64_t>n:
                a.hand |= card_bit(16 * (i // 9) + 6 + i % 9)
        if a.hand == 0:
            a.hand = card_bit(16 * (n % 4) + 6 + n % 9)
        a.cards = a.hand & mix64(x ^ 0x5DEECE66DULL) & mix64(x + 7)
        if mix64(x + 3) & 1:
            a.cards = a.hand & mix64(x + 11)      # about half the hand
        a.trump = <int>(mix64(x + 5) & 3)
        a.defending = <int>(mix64(x + 13) & 1)
        a.extra = <int>((mix64(x + 17) & 3) != 0)
        a.swap = <int>((mix64(x + 19) & 7) == 0)
        a.talon = <int>(mix64(x + 23) % 25)
        a.size = <int>(mix64(x + 29) % 7)
        word = <unsigned int>(mix64(x + 31) >> 32)
        b = a
        b.hand = pw_mask(a.hand)
        b.cards = pw_mask(a.cards)
        for rung in range(1, 4):
            m1 = ask_move(&a, rung, word, &p)
            m2 = rung_move(tag, &b, rung, word, &p)
            if m2 >= 0 and (m2 >> 6) < 2:       # a card move: its card back to kozyr's
                m2 = ((m2 >> 6) << 6) | pw_kozyr(m2 & 63)
            if m1 != m2:
                bad += 1
    return bad


def packed_events(Game game):
    """Every event of `game` so far as the uint32s st_apply writes (replayed from its dealt order
    and move log, as Game.events does)."""
    cdef State t
    cdef Sink sink
    cdef Table table
    cdef int order[52]
    cdef int i, j, h
    for i in range(game.st.deck_size):
        order[i] = game.st.order[i]
    table.seats = game.st.n
    table.deck = game.st.deck_size
    table.opts = game.st.opts
    st_deal_table(&t, &table, order)
    out = []
    for i in range(game.nhist):
        h = game.hist[i]
        assert st_apply(&t, h >> 9, h & 511, &sink) == 0
        for j in range(sink.n):
            out.append(sink.ev[j])
    return out


def filled_view(view):
    """`view` (any object with View's fields) copied into the C view struct by the rungs' fill_view,
    handed back as the GameView of that struct."""
    cdef DView d
    fill_view(&d, view)
    return GameView.wrap(&d)


def rollout_agrees(Game game, params=None):
    """Play `game` (any table) to its end with the playout rung of rung 4's `params` (default
    Params(): rung 3) in every seat, as rung 4's playouts ask it (r4_rollout_move on the State),
    and at every decision compare with the rung's move on the seat's full view (best_move, which
    plays kozyr's table rules at any table but the two-seat game). (decisions, differing ones)."""
    cdef State s = game.st
    cdef DView full
    cdef R4Params p
    cdef uint64_t rng = 1
    cdef long long n = 0, bad = 0
    cdef int t, m, want
    r4_params(&p, Params.of(params).as_tuple())
    while s.outcome == OUT_NONE and n < 5000:
        m = r4_rollout_move(&s, &t, -1, R4_AS_PLAYOUT, &p, &rng)
        st_view_turn(&s, &full)
        want = best_move(&full, p.playout, 0, &p.p)
        n += 1
        if m != want:
            bad += 1
        st_apply_legal(&s, t, want)
    return n, bad
