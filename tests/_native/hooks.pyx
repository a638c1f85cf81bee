# cython: language_level=3
"""Test-only hooks into the rungs, the encoder and the duel's deal, built for the tests (tests/_compiled.py).

They used to ship inside kozyr's own modules (rungs.pyx, _encode.pyx,
ladder/_loop.pyx); each reaches the same inline C through the .pxd files kozyr
installs, so the tests check the very code the library compiles:

- `cheapest_ways`: the cheapest card of a pool four ways (the duel's kernel with
  params_from's window, _cheapest_pw, the bit scans, kozyr's layout), each as a card by power;
- `pw1_table`: pw_next_step's table (core/power.pxd) as a list, for the test that rebuilds it;
- `action_of_code` / `code_of_action` (and `_t` at a table): the C mapping between move codes and actions;
- `table_sizes`: (actions, observation size, the parts' offsets) of the table encoder's layout;
- `fast_deal_agrees`: the duel's one-pass fast deal against the fast shuffle of a State and against
  shuffle_rng then duel_deal.
"""
from libc.stdint cimport uint64_t

from kozyr.durak.bots._duel cimport Duel, duel_deal, duel_deal_rng, duel_from_state, pw_sequence
from kozyr.durak.learn._encode cimport EncTable, enc_table
from kozyr.durak.learn._encode cimport action_of_code as c_action_of_code
from kozyr.durak.learn._encode cimport action_of_code_t as c_action_of_code_t
from kozyr.durak.learn._encode cimport code_of_action as c_code_of_action
from kozyr.durak.learn._encode cimport code_of_action_t as c_code_of_action_t
from kozyr.durak.core.deal cimport shuffle_rng, st_deal_rng
from kozyr.durak.core.power cimport pw_card, pw_kozyr_mask, pw_next_step
from kozyr.durak.core.seeds cimport mix64
from kozyr.durak.core.state cimport State
from kozyr.durak.bots.rungs cimport _cheapest, _cheapest_pw, _cheapest_pw_by, _cheapest_pw_scan, _pw_reach


def cheapest_ways(uint64_t hand, uint64_t pool, int pair):
    """The cheapest card of pool (within hand; both by power) four ways: as the duel's kernel picks it
    (_cheapest_pw_by, with params_from's window), by _cheapest_pw (by table for pair +1), by the bit
    scans (_cheapest_pw_scan) and in kozyr's layout (_cheapest), each as a card by power."""
    cdef uint64_t reach[4]
    cdef int s
    for s in range(4):
        reach[s] = _pw_reach(pair, s)
    return (_cheapest_pw_by(hand, pool, pair, reach), _cheapest_pw(hand, pool, pair),
            _cheapest_pw_scan(hand, pool, pair), pw_card(_cheapest(pw_kozyr_mask(hand), pw_kozyr_mask(pool), pair)))


def pw1_table():
    """pw_next_step's table (core/power.pxd) as a list."""
    return [pw_next_step(<uint64_t>(i & 0xFF), i >> 8) for i in range(1024)]


def action_of_code(int code):
    """The C mapping from a move code to an action (the two-seat layout)."""
    return c_action_of_code(code)


def code_of_action(int action):
    """The C mapping from an action to a move code (the two-seat layout)."""
    return c_code_of_action(action)


def table_sizes(int seats, int deck, unsigned int opts):
    """(actions, observation size, the parts' offsets by name) of the table encoder's layout."""
    cdef EncTable t
    enc_table(&t, seats, deck, opts)
    return t.n_actions, t.obs_size, {
        "hand": t.o_hand, "attack": t.o_attack, "beat": t.o_beat, "open": t.o_open, "heap": t.o_heap,
        "known": t.o_known, "turnup": t.o_turnup, "trump": t.o_trump, "phase": t.o_phase, "role": t.o_role,
        "on_turn": t.o_on_turn, "can_swap": t.o_can_swap, "counts": t.o_counts, "shown": t.o_shown,
        "out": t.o_out, "attacker": t.o_attacker, "defender": t.o_defender, "leader": t.o_leader,
        "throwers": t.o_throwers, "turn": t.o_turn}


def action_of_code_t(int seats, int deck, unsigned int opts, int code):
    """The C mapping from a move code to an action at a table."""
    cdef EncTable t
    enc_table(&t, seats, deck, opts)
    return c_action_of_code_t(&t, code)


def code_of_action_t(int seats, int deck, unsigned int opts, int action):
    """The C mapping from an action to a move code at a table."""
    cdef EncTable t
    enc_table(&t, seats, deck, opts)
    return c_code_of_action_t(&t, action)


cdef bint _same_deal(const Duel *x, const Duel *y) noexcept nogil:
    """Two fresh Duels alike in every field a deal sets (the whole talon table included)."""
    cdef int k
    for k in range(25):
        if x.tal[k] != y.tal[k]:
            return 0
    return (x.A == y.A and x.D == y.D and x.cA == y.cA and x.cD == y.cD and x.trumps == y.trumps
            and x.sixbit == y.sixbit and x.trump == y.trump and x.turnup == y.turnup
            and x.six_owner == y.six_owner and x.swapped == y.swapped and x.drawn == y.drawn
            and x.heap == y.heap and x.ply == y.ply and x.moves == y.moves and x.bouts == y.bouts
            and x.outcome == y.outcome and x.fool == y.fool and x.attacker == y.attacker
            and x.cap == y.cap and x.big == y.big)


def fast_deal_agrees(uint64_t key, long long count):
    """For count generator states (splitmix64 of key + i), the duel's one-pass fast deal
    (duel_deal_rng) against the fast shuffle of a State (st_deal_rng, then duel_from_state) and
    against shuffle_rng of the cards by power then duel_deal: the indices i where the Duels or the
    generators' states after the deal differ (an empty list when they agree)."""
    cdef long long i
    cdef uint64_t r1, r2, r3
    cdef int cards[36]
    cdef State s
    cdef Duel g1, g2, g3
    bad = []
    for i in range(count):
        r1 = r2 = r3 = mix64(key + <uint64_t>i)
        duel_deal_rng(&g1, &r1)
        st_deal_rng(&s, &r2)
        duel_from_state(&g2, &s)
        pw_sequence(cards)
        shuffle_rng(cards, 36, &r3)
        duel_deal(&g3, cards)
        if not (_same_deal(&g1, &g2) and _same_deal(&g1, &g3) and r1 == r2 and r1 == r3):
            bad.append(i)
    return bad
