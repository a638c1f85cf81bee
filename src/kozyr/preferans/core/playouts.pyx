"""Random whole preferans deals in C, without the GIL: speed figures and soak tests.

Every phase is played (auction, talon and discard, naming, whisting, defence,
the ten tricks or raspasy) with each move chosen uniformly among the legal ones.
Deals are shuffled with the fast generator (splitmix64), NOT the rules' SHA-256
shuffle: fast and varied, not reference-compatible (a Game from a seed is).
"""
from cpython.exc cimport PyErr_CheckSignals
from libc.stdint cimport uint64_t

from kozyr.preferans.core.state cimport *
from kozyr.preferans.core.rules cimport pref_do, pref_init, pref_random, pref_shuffle_rng

import numpy as np

cimport numpy as cnp

from kozyr.errors import whole
from kozyr.preferans.core.params import params_of

cnp.import_array()

__all__ = ["random_playouts", "OUTCOMES"]

OUTCOMES = ("none", "raspasy", "misere", "game", "passed", "half_whist")
"""The names of the `outcome` codes random_playouts returns."""

MAX_PLAYOUTS = 10**9
PLAYOUT_CHUNK = 8192         # deals between two looks at Ctrl-C: a few ms


def random_playouts(n, seed=0, *, players=3, convention=None, min_level=6):
    """Play n whole deals with uniformly random legal moves, in C without the GIL.

    Deal i is dealt by seat (i mod players) from the fast generator seeded by
    seed + i; the moves come from a second splitmix64 stream seeded by `seed`.
    `convention` (a Convention, default Sochi) gives the play parameters and
    `min_level` (6..10) the lowest game bid. Returns numpy arrays:
    {'outcome': uint8 (index into OUTCOMES), 'declarer': int8 (seat, -1 in raspasy),
    'contract': int8 (ladder index of the final contract, -1 in raspasy),
    'tricks': uint8 (n, players) tricks won by seat, 'ply': uint8 (moves)}.
    The deals run in chunks with Ctrl-C checked between them: SIGINT stops a long
    call within milliseconds with KeyboardInterrupt("interrupted after N of M deals").
    """
    cdef Py_ssize_t count = whole("n", n, 0, MAX_PLAYOUTS)
    cdef int np_ = whole("players", players, 3, 4)
    cdef int ml = whole("min_level", min_level, 6, 10)
    cdef uint64_t base = <uint64_t>(whole("seed", seed) & 0xFFFFFFFFFFFFFFFF)
    cdef PParams p
    p.rtalon, p.ten_checked, p.lone_whist, p.stalingrad, p.half_whist = params_of(convention)
    cdef cnp.ndarray outcome_a = np.empty(count, dtype=np.uint8)
    cdef cnp.ndarray decl_a = np.empty(count, dtype=np.int8)
    cdef cnp.ndarray contract_a = np.empty(count, dtype=np.int8)
    cdef cnp.ndarray tricks_a = np.zeros((count, np_), dtype=np.uint8)
    cdef cnp.ndarray ply_a = np.empty(count, dtype=np.uint8)
    cdef unsigned char[::1] outcome = outcome_a
    cdef signed char[::1] decl = decl_a
    cdef signed char[::1] contract = contract_a
    cdef unsigned char[:, ::1] tricks = tricks_a
    cdef unsigned char[::1] ply = ply_a
    cdef PState s
    cdef unsigned char order[32]
    cdef uint64_t deal_rng, choice = base ^ 0xD1B54A32D192ED03ULL
    cdef Py_ssize_t i, first, last
    cdef int j
    for first in range(0, count, PLAYOUT_CHUNK):
        last = min(first + PLAYOUT_CHUNK, count)
        with nogil:
            for i in range(first, last):
                deal_rng = base + <uint64_t>i
                pref_shuffle_rng(order, &deal_rng)
                pref_init(&s, np_, <int>(i % np_), ml, &p, order)
                while s.phase != PH_OVER:
                    pref_do(&s, pref_random(&s, &choice))
                outcome[i] = <unsigned char>s.outcome
                decl[i] = <signed char>(s.active[s.decl] if s.decl >= 0 else -1)
                contract[i] = <signed char>s.contract
                for j in range(3):
                    tricks[i, s.active[j]] = <unsigned char>s.won[j]
                ply[i] = <unsigned char>s.ply
        try:
            PyErr_CheckSignals()
        except KeyboardInterrupt:
            raise KeyboardInterrupt(f"interrupted after {last:,} of {count:,} deals") from None
    return {"outcome": outcome_a, "declarer": decl_a, "contract": contract_a, "tricks": tricks_a, "ply": ply_a}
