# Rung 4's C kernel: r4_best(view, params, key, scratch) -> a move code.
#
# Flat determinized Monte Carlo, at every table kozyr plays (2 to 6 seats,
# 24 to 52 cards, podkidnoy or perevodnoy, teams): K times, deal the cards the
# seat has not seen at random consistently with its view's public memory
# (dt_build_public: the heap's cards, the cards known in every other hand --
# picked up, shown, the talon's face-up last card --, the talon's bottom card,
# the unseen cards; every other hand is filled to its count); on each such deal
# play every legal move once and then the deal to its end, the searching seat
# with the playout rung and every other seat with the deal's opponent model
# (OPPONENTS: the playout rung, rung 2, the panel's taker or its hoarder, taken
# in turn by the imagined deals, so that the search does not count on one way
# of playing; each seat reads its own decision: st_ask, as rungs 1-3 do); play
# the move with the best total (not on the losing side 2, a draw 1, on the
# losing side -- the fool, or the fool's team with teams -- 0; ties to the
# earlier legal move). At two seats without transfers, once the talon is empty
# a seat that remembers everything knows the other hand exactly, so the rest is
# solved exactly (r4_solve: alpha-beta over the rules' moves with a
# transposition table) within a node budget; past the budget, the flat search
# decides. (At more seats, or with transfers, the flat search decides to the
# end: the solver is a two-player search, and a perevodnoy deal has no bound.)
# At two seats, an imagined deal that the playout rung (2 or 3) plays at both
# seats goes on in the ladder's duel (_duel.pxd) once the bout of its
# candidate move has closed: the same moves and draws, in a fraction of the time.
#
# A tree (TREE > 0, on by default at 70; two seats only: at more seats the flat
# search decides) spends the same playouts another way: an open-loop
# information-set Monte Carlo tree search (r4_tree). Every iteration deals the
# unseen cards anew, walks down a tree of moves (either seat's: every move is
# public) choosing by UCB among the moves legal in that deal, adds one node and
# plays the rest out as the flat search does; so its playouts go where the
# moves after the candidate look best, not evenly over the candidates. With
# IN_TREE (1 by default) the other seat plays the deal's style model in the
# tree too, in the deals of a style other than the playout rung.
#
# A time budget (MICROS, off by default) stops drawing deals once it is spent
# (K is then the most it draws): the move then depends on the clock, so the
# default stays the deterministic K alone.
#
# r4_search is the kernel with its working shown (R4Stats: each move's totals,
# losses, samples and exact value): r4_best is r4_search without it, and the
# Python face's analyse() reads it, so the analysis and the bot's move are one
# search.
#
# Blind by construction: the entry point takes the seat's DView and nothing
# else (no memory kept between decisions: the view carries the public memory).
# The States below are built from it by dt_build_public and played on: a copy
# the seat imagined, never the deal's own State (which no function here is
# handed). tests/durak/bots/test_blind.py holds this file (and determinize.pxd) to that.
# Inline, so that the ladder's nogil loop compiles the search into its body.
from libc.math cimport log, sqrt
from libc.stdint cimport int8_t, uint32_t, uint64_t
from libc.stdlib cimport calloc, free
from libc.string cimport memset
from posix.time cimport CLOCK_MONOTONIC, clock_gettime, timespec

from kozyr.cards cimport popcount, suit_mask

from kozyr.durak.core.determinize cimport dt_build_belief, dt_build_public, dt_settled
from kozyr.durak.core.rules cimport st_apply_legal, st_ask, st_legal, st_table_ask, st_turn
from kozyr.durak.core.seeds cimport fast_next, mix64
from kozyr.durak.core.state cimport State
from kozyr.durak.core.view cimport MAX_LEGAL, N_KINDS, OPT_PEREVODNOY, OUT_DRAW, OUT_NONE, Ask, DView, TableAsk
from kozyr.durak.bots.rungs cimport RungParams, ask_move, params_from, table_move
from kozyr.durak.bots._duel cimport Duel, Player, duel, duel_from_bout
from kozyr.durak.bots._stop cimport kz_stop_get, poll_fn


cdef enum:
    R4_TT_BITS = 16                 # transposition table: 2**16 entries
    R4_PLAYOUT_MOVES = 2000         # a playout longer than this counts as a draw (never seen)
    R4_POLL_DEALS = 8               # imagined deals between two calls of the poll (a flag is read every deal)
    R4_POLL_NODES = 4096            # solver nodes between two looks at the stop (the flag and the poll)
    R4_STOPPED = -4                 # r4_best's answer when the search was stopped
    R4_UNSOLVED = -2                # R4Stats.value of a move the endgame solver did not value
    # The opponent models of the playouts (Params.OPPONENTS, a mask of these bits): each imagined
    # deal is played out with one of them in every seat but the searching one
    R4_MODELS = 4
    R4_OWN_HALF = 16                # with other models: the playout rung takes every other imagined deal
    R4_AS_PLAYOUT = 1               # the playout rung itself (the search's own model of play)
    R4_AS_RUNG2 = 2                 # rung 2: beats and throws in whenever it can (the shedder's style)
    R4_AS_TAKER = 4                 # while the talon lasts, beats only with a plain card below a queen
    R4_AS_HOARDER = 8               # while the talon lasts, spends no trump it can keep
    R4_STYLE_LONG = 300             # past this many moves the taker and the hoarder play as rung 2 (a deal ends)
    R4_POOL = 1 << 15               # the tree search's nodes (past them it stops growing the tree)
    R4_DEPTH = 128                  # the deepest path of the tree an iteration walks
    R4_LOGS = 4096                  # the tree's UCB reads ln(n) from a table below this (the same doubles as log())
    R4_CODES = N_KINDS << 6         # move codes are below this (the tree's child lookup is indexed by them)
    R4_NO_POOL = -5                 # r4_best's answer when TREE is set and the scratch has no pool (a caller's bug)


cdef struct R4Params:
    int k                  # determinizations per decision
    int playout            # the rung (1..3) that plays both seats in the playouts
    bint endgame           # solve exactly once the talon is empty
    int budget             # the endgame solver's node budget per decision
    int opponents          # the opponent models of the playouts (R4_AS_* bits, at least one)
    long micros            # a time budget per decision in microseconds (0: none; K alone bounds it)
    int tree               # 0: the flat search; else the tree search, its exploration constant x 100
    int in_tree            # the tree search: the other seat plays the deal's model inside the tree too (1: the
                           # deals of a style other than the playout rung, 2: every deal)
    int belief             # the share (%) of imagined deals made to fit the other seats' choices (dt_build_belief)
    RungParams p           # the playout rung's settings


cdef inline int r4_params(R4Params *p, tuple t) except -1:
    """Fill rung 4's settings from Params.as_tuple() (validated by Params): K, PLAYOUT, ENDGAME,
    BUDGET, OPPONENTS, MICROS, TREE and IN_TREE are its own, and all eight settings of rungs 2
    and 3 reach its playouts. Every door into rung 4 (the ladder's C loop, best4, Rung4Bot)
    fills it here."""
    params_from(&p.p, t)
    p.k, p.playout, p.endgame, p.budget = t[8], t[9], t[10], t[11]
    p.opponents, p.micros, p.tree, p.in_tree, p.belief = t[12], t[13], t[14], t[15], t[16]
    return 0


cdef struct R4Entry:
    uint64_t h0            # seat 0's hand
    # (h1: seat 1's)
    uint64_t h1
    uint64_t hb            # the bout's hash (0 never: 1 is or'ed in)
    int8_t value           # -1, 0, 1 for the searching seat
    int8_t flag            # 0 exact, 1 lower bound, 2 upper bound
    uint32_t gen


cdef struct R4Node:
    # a node of the tree search: a sequence of moves from the decision (open loop: the draws
    # between them are not part of it, so a node averages over what the deals drew)
    int move               # the move that leads here
    int mover              # the seat that played it
    int first              # the first child, -1 none
    int next               # the next sibling, -1 none
    int visits             # iterations through this node
    int avail              # iterations in which the move was legal here (the UCB's count of chances)
    int total              # the mover's total: 2 a deal not lost, 1 a draw, 0 lost
    int fools              # iterations in which the searching seat lost


cdef struct R4Logs:
    # ln[n] = log(n) for 0 < n < R4_LOGS once the tree search has needed it (0: not yet): the UCB
    # takes a logarithm for every child at every node it walks through
    double ln[R4_LOGS]


cdef struct R4Scratch:
    R4Entry *tt            # 2**R4_TT_BITS entries (the owner allocates it; NULL: no endgame solver)
    uint32_t gen           # entries of another generation are empty
    long nodes             # solver nodes this decision
    long budget
    bint aborted           # the solver stopped: past the budget, or halted
    # Stopping a long search (K = 65536, a budget of 2**30 nodes) within a fraction of a second:
    const int *stop        # a flag another thread sets (the ladder's stop()), or NULL
    poll_fn poll            # called every few deals and solver nodes (a Python caller's Ctrl-C), or NULL;
    void *ctx              # ... with this; nonzero stops the search
    int ticks              # calls since the last poll
    bint halted            # the search was stopped: its answer is R4_STOPPED
    long long deadline     # the monotonic clock's ns past which the flat search stops drawing (0: none)
    bint general           # a test hook: every playout through the rules' State, none in the duel
    R4Node *pool           # R4_POOL nodes for the tree search (the owner allocates it: r4_alloc), or NULL
    R4Logs *logs           # with the pool: the UCB's logarithms


cdef inline void r4_scratch(R4Scratch *sc, R4Entry *tt) noexcept nogil:
    """A scratch with table tt (NULL: none), no stop flag and no poll."""
    sc.tt = tt
    sc.gen = 1
    sc.nodes = 0
    sc.budget = 0
    sc.aborted = 0
    sc.stop = NULL
    sc.poll = NULL
    sc.ctx = NULL
    sc.ticks = 0
    sc.halted = 0
    sc.deadline = 0
    sc.general = 0
    sc.pool = NULL
    sc.logs = NULL


cdef inline int r4_alloc(R4Scratch *sc, bint table, bint tree) noexcept nogil:
    """Give a scratch the endgame solver's table (when `table`) and the tree search's pool (when
    `tree`), unless it has them; 0, or -1 out of memory (then r4_release frees what was given).
    Every owner of a scratch allocates here and frees with r4_release."""
    if table and sc.tt == NULL:
        sc.tt = <R4Entry *>calloc(1 << R4_TT_BITS, sizeof(R4Entry))
        if sc.tt == NULL:
            return -1
    if tree and sc.pool == NULL:
        sc.pool = <R4Node *>calloc(R4_POOL, sizeof(R4Node))
        if sc.pool == NULL:
            return -1
    if tree and sc.logs == NULL:
        sc.logs = <R4Logs *>calloc(1, sizeof(R4Logs))
        if sc.logs == NULL:
            return -1
    return 0


cdef inline void r4_release(R4Scratch *sc) noexcept nogil:
    free(sc.tt)
    free(sc.pool)
    free(sc.logs)
    sc.tt = NULL
    sc.pool = NULL
    sc.logs = NULL


cdef inline long long r4_now() noexcept nogil:
    """The monotonic clock in nanoseconds (for the time budget only: never read in the default,
    deterministic mode)."""
    cdef timespec t
    clock_gettime(CLOCK_MONOTONIC, &t)
    return <long long>t.tv_sec * 1000000000 + t.tv_nsec


cdef inline bint r4_halt(R4Scratch *sc, int every) noexcept nogil:
    """Whether the search must stop now: the stop flag is set, or the poll (every `every` calls)
    says so. Once true, true for the rest of the decision."""
    if sc.halted:
        return 1
    if sc.stop != NULL and kz_stop_get(sc.stop):
        sc.halted = 1
    elif sc.poll != NULL:
        sc.ticks += 1
        if sc.ticks >= every:
            sc.ticks = 0
            if sc.poll(sc.ctx):
                sc.halted = 1
    return sc.halted


cdef struct R4Stats:
    # a search's working, per legal move (the view's legal[j]): what analyse() shows
    int score[MAX_LEGAL]   # the flat search's total: 2 a deal not lost, 1 a draw, 0 lost
    int fools[MAX_LEGAL]   # imagined deals the seat (its team, with teams) lost
    int samples[MAX_LEGAL] # imagined deals played after the move
    int value[MAX_LEGAL]   # the endgame solver's exact value (1, 0, -1), or R4_UNSOLVED


cdef inline int r4_score(const State *s, int me) noexcept nogil:
    """2 win, 1 draw, 0 loss for seat me of a finished (or abandoned) deal: a loss when me is
    on the losing side (the fool, or one of the losing team's seats with teams). (At two seats
    the losing side is the fool alone: `losers` is its bit whenever `fool` is set.)"""
    if s.outcome == OUT_NONE or s.outcome == OUT_DRAW or s.losers == 0:
        return 1
    return 0 if (s.losers >> me) & 1 else 2


cdef inline uint64_t r4_taker_beats() noexcept nogil:
    """The plain cards the taker model beats with while the talon lasts: below a queen, every suit."""
    return ((1 << 12) - 1) * 0x0001000100010001ULL


cdef inline uint64_t r4_kept(int model) noexcept nogil:
    """The plain cards the opponent model of a deal keeps rather than beat with (the taker: a queen
    and above; the others beat in suit whenever they can): what its choices cannot tell of, so
    the belief does not doubt them in that deal (dt_build_belief)."""
    return ~r4_taker_beats() if model == R4_AS_TAKER else 0


cdef inline int r4_style(const Ask *a, int model, const R4Params *p) noexcept nogil:
    """The move of an opponent model (R4_AS_RUNG2, R4_AS_TAKER, R4_AS_HOARDER) on the decision a,
    read from that seat's own decision as the rungs read it. Rung 2 is rung 2 with the search's
    settings. The taker and the hoarder are the panel's (kozyr.durak.bots.panel) while the talon
    lasts: the cheapest card by the panel's ranking (any plain card before any trump, then the
    rank: rung 2's kernel without a pair adjustment), the taker beating only with a plain card
    below a queen and throwing in only plain cards below a ten, the hoarder spending no trump
    where it may take or say done; either takes (or says done) when nothing is left, and opens a
    bout with its cheapest card. With the talon gone they play as the panel's shedder (every
    card it can, the cheapest first). Styles of play unlike the search's own, so that it does
    not count on the other seat playing as it would itself."""
    cdef Ask b
    cdef RungParams q
    cdef uint64_t plain
    if model == R4_AS_RUNG2:
        return ask_move(a, 2, 0, &p.p)
    b = a[0]
    q = p.p
    q.pair_cheap = 0          # the panel's ranking: plain before trump, then the rank
    q.trump_cost = 20
    q.plain_cheap = 1
    if a.talon > 0 and a.extra and not a.swap:
        plain = a.cards & ~suit_mask(a.trump)
        if model == R4_AS_TAKER:
            # ranks below a queen (beating) or below a ten (throwing in), in every suit's lane
            plain &= r4_taker_beats() if a.defending else ((1 << 10) - 1) * 0x0001000100010001ULL
        b.cards = plain
    return ask_move(&b, 2, 0, &q)


cdef inline int r4_rollout_move(const State *s, int *t, int me, int model, const R4Params *p,
                                uint64_t *rng) noexcept nogil:
    """The move of the seat on turn of an imagined deal (*t: that seat), from that seat's own
    decision (st_ask: its hand and what the table shows), at any table; -1 when it has none.
    The searching seat `me` plays the playout rung; every other seat the opponent model `model`
    (R4_AS_PLAYOUT: the playout rung too). The one place the playouts ask for a move."""
    cdef Ask a
    cdef TableAsk ta
    cdef int rung
    cdef uint32_t w = 0
    t[0] = st_ask(s, &a)      # the decision as the rungs read it: no list, no copy of the bout
    if t[0] == me or model == R4_AS_PLAYOUT:
        rung = p.playout
        w = <uint32_t>(fast_next(rng) >> 32)    # taken whatever the rung: the generator stays in step
    elif model == R4_AS_RUNG2 or s.moves > R4_STYLE_LONG:
        rung = 2              # (a table of takers could keep the talon alive for ever: rung 2 then)
    else:
        return r4_style(&a, model, p)
    if rung >= 2 and not s.classic:
        # at any other table than the two-seat game rungs 2 and 3 play kozyr's table rules (transfer,
        # show, a thrower's trumps): the playouts imagine them as the rungs play them
        st_table_ask(s, t[0], &a, &ta)
        return table_move(&a, &ta, rung, &p.p)
    return ask_move(&a, rung, w, &p.p)


cdef inline int r4_model(int opponents, int i) noexcept nogil:
    """The opponent model of imagined deal i: the models of the mask in turn (deal i takes the
    (i mod n)-th of its n bits), so that K deals share them evenly and the draws are left as
    they are (with one model, the search draws exactly as it did before there were models).
    With R4_OWN_HALF and the playout rung among several models, the playout rung takes every
    even deal and the other models share the odd ones in turn: the search's own model of play
    weighs half, the styles unlike it the other half."""
    cdef int models = opponents & (R4_OWN_HALF - 1), n, k, bit
    n = popcount(<uint64_t>models)
    if n == 0:
        return R4_AS_PLAYOUT  # R4_OWN_HALF alone: the playout rung, as 1
    if (opponents & R4_OWN_HALF) and (models & R4_AS_PLAYOUT) and n > 1:
        if i % 2 == 0:
            return R4_AS_PLAYOUT
        models &= ~R4_AS_PLAYOUT
        n -= 1
        i //= 2
    k = i % n
    for bit in range(R4_MODELS):
        if (models >> bit) & 1:
            if k == 0:
                return 1 << bit
            k -= 1
    return R4_AS_PLAYOUT


cdef inline int r4_cycle(int opponents) noexcept nogil:
    """How many imagined deals r4_model takes to give every model its share once: n models in
    turn, or 2 (n - 1) with the playout rung in every other deal. (Once nothing is left to draw,
    every deal of a model is the same deal: one cycle is the whole search, with the models' weights.)"""
    cdef int models = opponents & (R4_OWN_HALF - 1)
    cdef int n = popcount(<uint64_t>models)
    if n == 0:
        return 1
    if (opponents & R4_OWN_HALF) and (models & R4_AS_PLAYOUT) and n > 1:
        return 2 * (n - 1)
    return n


cdef inline int r4_duel_out(const State *s, int me, const R4Params *p, uint64_t *rng) noexcept nogil:
    """Play the two-seat imagined deal s, between two bouts, to its end in the ladder's duel
    (_duel.pxd), both seats the playout rung (2 or 3) with the search's settings; r4_score. The
    same moves as r4_playout's general loop (the duel plays the rules' deal as play_out does:
    tests/durak/bots/test_duel.py), in a fraction of the time; the draws the general loop would have
    taken (one a move) are taken at once: splitmix64's state moves by a constant a draw."""
    cdef Duel g
    cdef Player pl
    cdef int k
    duel_from_bout(&g, s)
    pl.rung = p.playout
    pl.p = &p.p
    pl.fast = 1
    pl.key = 0
    pl.head = 0
    pl.buf = NULL
    pl.sha = NULL
    k = duel(&g, p.playout, p.playout, &pl, &pl)
    if k != 0:
        return 1             # a rung without a move (never: the rules are wrong): as r4_score of an unfinished deal
    rng[0] += <uint64_t>(g.moves - (s.ply - 2 * s.bouts)) * 0x9E3779B97F4A7C15ULL
    if g.outcome == OUT_DRAW:
        return 1
    return 0 if g.fool == me else 2


cdef inline int r4_playout(State *s, int me, int model, const R4Params *p, uint64_t *rng,
                           bint general) noexcept nogil:
    """Play the imagined deal to its end (the searching seat with the playout rung, the others
    with `model`); r4_score. At two seats with the playout rung (2 or 3) at both, once the bout
    under way closes the duel plays the rest (r4_duel_out), unless `general` (a test hook: every
    move through the rules' State)."""
    cdef int m, t, stop = s.moves + R4_PLAYOUT_MOVES
    cdef bint duel_on = not general and s.classic and model == R4_AS_PLAYOUT and p.playout >= 2
    while s.outcome == OUT_NONE and s.moves < stop:
        if duel_on and s.bout.size == 0:
            return r4_duel_out(s, me, p, rng)
        m = r4_rollout_move(s, &t, me, model, p, rng)
        if m < 0:
            break
        st_apply_legal(s, t, m)
    return r4_score(s, me)


cdef inline uint64_t r4_bout_hash(const State *s, int me) noexcept nogil:
    """The bout's shape and whose values: who attacks, the cap, taken, the searching seat and
    the trump in separate bits (so that no two shapes share a start), then the cards in their
    slots mixed in."""
    cdef uint64_t h = ((<uint64_t>s.bout.attacker | <uint64_t>s.bout.cap << 1 | <uint64_t>s.bout.taken << 5
                        | <uint64_t>me << 6 | <uint64_t>s.trump << 7) << 1) | 1
    cdef int i
    for i in range(s.bout.size):
        h = mix64(h * 0x9E3779B97F4A7C15ULL + <uint64_t>(s.bout.attack[i] + 1))
        h = mix64(h * 0x9E3779B97F4A7C15ULL + <uint64_t>(s.bout.beat[i] + 2))
    return h | 1


cdef inline int r4_solve(State *s, int me, int alpha, int beta, R4Scratch *sc, int *best) noexcept nogil:
    """The exact value (-1 loss, 0 draw, 1 win for seat me) of a deal whose talon is empty.

    Alpha-beta (fail-hard) over the legal moves in their listed sequence, the
    table keyed on both seats' hand and the bout (the seat on turn follows from
    them). Sets sc.aborted past sc.budget nodes (the value is then void). If
    best is not NULL, the move that reaches the value is written there.
    """
    cdef int legal[MAX_LEGAL]
    cdef int n, i, turn, v, val, a0 = alpha, b0 = beta, first = 0, mv
    cdef uint64_t hb, idx
    cdef R4Entry *e
    cdef State t
    if s.outcome != OUT_NONE:
        return r4_score(s, me) - 1
    if sc.nodes >= sc.budget or ((sc.nodes & (R4_POLL_NODES - 1)) == 0 and r4_halt(sc, 1)):
        sc.aborted = 1
        return 0
    sc.nodes += 1
    hb = r4_bout_hash(s, me)     # values are seat me's: a shared table keeps seats (and deals' trumps) apart
    idx = mix64(s.hand[0] * 0x9E3779B97F4A7C15ULL ^ s.hand[1] ^ hb) & ((1 << R4_TT_BITS) - 1)
    e = &sc.tt[idx]
    if best == NULL and e.gen == sc.gen and e.h0 == s.hand[0] and e.h1 == s.hand[1] and e.hb == hb:
        if e.flag == 0:
            return e.value
        if e.flag == 1 and e.value > alpha:
            alpha = e.value
        elif e.flag == 2 and e.value < beta:
            beta = e.value
        if alpha >= beta:
            return e.value
    turn = st_turn(s)
    n = st_legal(s, legal)
    val = -2 if turn == me else 2
    for i in range(n):
        mv = legal[i]
        t = s[0]
        st_apply_legal(&t, turn, mv)
        v = r4_solve(&t, me, alpha, beta, sc, NULL)
        if sc.aborted:
            return 0
        if turn == me:
            if v > val:
                val = v
                first = mv
            if val > alpha:
                alpha = val
        else:
            if v < val:
                val = v
                first = mv
            if val < beta:
                beta = val
        if alpha >= beta:
            break
    if best != NULL:
        best[0] = first
    e.h0 = s.hand[0]
    e.h1 = s.hand[1]
    e.hb = hb
    e.gen = sc.gen
    e.value = <int8_t>val
    e.flag = 2 if val <= a0 else (1 if val >= b0 else 0)
    return val


cdef inline int r4_flat(const DView *v, const R4Params *p, uint64_t *rng,
                        const bint *keep, R4Scratch *sc, R4Stats *st) noexcept nogil:
    """The flat determinized search: the legal move with the best total over K imagined deals
    (only the moves with keep[j] set when keep is not NULL); R4_STOPPED when sc says stop
    (looked at before every imagined deal). Each searched move's total, losses and samples
    are written to st (those of the others are left as they are)."""
    cdef State s, t
    cdef int n = v.nlegal, i, j, r, top = -1, model
    cdef int cycle = r4_cycle(p.opponents)
    cdef bint settled = dt_settled(v)
    for j in range(n):
        if keep == NULL or keep[j]:
            st.score[j] = 0
            st.fools[j] = 0
            st.samples[j] = 0
    for i in range(p.k):
        if r4_halt(sc, R4_POLL_DEALS):
            return R4_STOPPED
        if i > 0 and sc.deadline and r4_now() >= sc.deadline:
            break            # the time budget is spent: decide on the deals played so far
        model = r4_model(p.opponents, i)
        if dt_build_belief(&s, v, p.belief, r4_kept(model), rng) != 0:
            return -2
        for j in range(n):
            if keep != NULL and not keep[j]:
                continue
            t = s
            st_apply_legal(&t, v.seat, v.legal[j])
            r = r4_playout(&t, v.seat, model, p, rng, sc.general)
            st.score[j] += r
            st.fools[j] += r == 0
            st.samples[j] += 1
        if settled and p.playout >= 2 and i + 1 >= cycle:
            break            # nothing left to draw and the playouts deterministic: one cycle of the models is all
    for j in range(n):
        if (keep == NULL or keep[j]) and (top < 0 or st.score[j] > st.score[top]):
            top = j
    return v.legal[top]


cdef inline int r4_child(const R4Node *pool, int node, int move) noexcept nogil:
    """The child of `node` reached by `move`, or -1."""
    cdef int c = pool[node].first
    while c >= 0 and pool[c].move != move:
        c = pool[c].next
    return c


cdef inline int r4_tree(const DView *v, const R4Params *p, uint64_t *rng,
                        const bint *keep, R4Scratch *sc, R4Stats *st) noexcept nogil:
    """The tree search (two seats): the legal move (only those with keep[j] set when keep is
    not NULL) of the best mean score over K x (the moves searched) iterations, as many
    playouts as the flat search plays (ties to the earlier legal move: the move of the
    smallest Estimate.rank, as analyse() shows it); R4_STOPPED when sc says stop,
    R4_NO_POOL without sc.pool.

    An iteration deals the unseen cards anew (as the flat search's imagined deals, and
    with the same opponent models in turn), then walks down the tree from the decision:
    at a node, the moves legal in this deal that have a child are each given one more
    chance (avail); if some legal move has none, one of them, chosen at random, becomes
    a new node and the walk stops there; otherwise the seat on turn takes the child of
    the best UCB for itself (its mean score, 2 a deal not lost, halved, plus
    TREE / 100 x sqrt(ln(avail) / visits)). Both seats choose in the tree (the other seat's
    moves are public, and it plays to make the searching seat lose: at two seats a deal
    one seat does not lose the other does not win). From where the walk stopped the deal is
    played out as the flat search's, and every node on the path adds the result for the
    seat that moved into it. With IN_TREE, in a deal of a style other than the playout
    rung (r4_model) the other seat plays that style's move in the tree too (its one
    child, added when new), so that the tree's statistics mix the adversary of the
    playout rung's deals with the styles of the others, as the flat search's playouts
    do (IN_TREE=2: its model in every deal, the playout rung's too). Each searched
    move's totals, losses and iterations are written to st (those of the others are
    left as they are)."""
    cdef State s
    cdef R4Node *pool = sc.pool
    cdef R4Node *c
    cdef int legal[MAX_LEGAL]
    cdef int root[MAX_LEGAL]
    cdef int kids[MAX_LEGAL]
    cdef int path[R4_DEPTH]
    cdef int slot[R4_CODES]   # slot[code]: the child of the node at hand reached by that move,
    cdef int seen[R4_CODES]   # ... when seen[code] == visit (the node's children, indexed once a visit)
    cdef int n = v.nlegal, me = v.seat, used = 1, nk = 0, it, iters, j, m, node, depth, turn, visit = 0
    cdef int untried, pick, best, r, model, top = -1
    cdef const int *moves
    cdef double *logs
    cdef double cexp = p.tree / 100.0, u, high = 0, ln
    if pool == NULL or sc.logs == NULL:
        return R4_NO_POOL
    logs = sc.logs.ln
    for j in range(R4_CODES):
        seen[j] = 0
    for j in range(n):
        if keep == NULL or keep[j]:
            root[nk] = v.legal[j]     # the root's moves: the view's, those kept
            nk += 1
    iters = p.k * nk
    pool[0].first = -1
    pool[0].next = -1
    for it in range(iters):
        if r4_halt(sc, 4 * R4_POLL_DEALS):
            return R4_STOPPED
        if it > 0 and sc.deadline and r4_now() >= sc.deadline:
            break            # the time budget is spent: decide on the iterations played so far
        model = r4_model(p.opponents, it)
        if dt_build_belief(&s, v, p.belief, r4_kept(model), rng) != 0:
            return -2
        node = 0
        depth = 0
        while s.outcome == OUT_NONE and depth < R4_DEPTH:
            turn = st_turn(&s)
            if node == 0:
                moves = root
                m = nk
            elif turn != me and (p.in_tree == 2 or (p.in_tree == 1 and model != R4_AS_PLAYOUT)):
                # the other seat plays this deal's model inside the tree too: its one move
                legal[0] = r4_rollout_move(&s, &turn, me, model, p, rng)
                if legal[0] < 0:
                    break
                moves = legal
                m = 1
            else:
                m = st_legal(&s, legal)
                moves = legal
            untried = 0
            visit += 1
            j = pool[node].first
            while j >= 0:
                slot[pool[j].move] = j
                seen[pool[j].move] = visit
                j = pool[j].next
            for j in range(m):
                kids[j] = slot[moves[j]] if seen[moves[j]] == visit else -1
                if kids[j] < 0:
                    untried += 1
                else:
                    pool[kids[j]].avail += 1
            if untried:
                if used >= R4_POOL:
                    break    # the tree is full: play out from here
                pick = <int>((fast_next(rng) >> 33) % <uint64_t>untried)
                for j in range(m):
                    if kids[j] < 0:
                        if pick == 0:
                            break
                        pick -= 1
                c = &pool[used]
                c.move = moves[j]
                c.mover = turn
                c.first = -1
                c.next = pool[node].first
                c.visits = 0
                c.avail = 1
                c.total = 0
                c.fools = 0
                pool[node].first = used
                path[depth] = used
                depth += 1
                used += 1
                st_apply_legal(&s, turn, moves[j])
                break
            best = 0
            for j in range(m):
                c = &pool[kids[j]]
                if c.avail < R4_LOGS:
                    ln = logs[c.avail]
                    if ln == 0:
                        ln = logs[c.avail] = log(<double>c.avail)   # (log(1) = 0 is taken again: the same)
                else:
                    ln = log(<double>c.avail)
                u = c.total / (2.0 * c.visits) + cexp * sqrt(ln / c.visits)
                if j == 0 or u > high:
                    best = j
                    high = u
            node = kids[best]
            path[depth] = node
            depth += 1
            st_apply_legal(&s, turn, moves[best])
        r = r4_playout(&s, me, model, p, rng, sc.general) if s.outcome == OUT_NONE else r4_score(&s, me)
        for j in range(depth):
            c = &pool[path[j]]
            c.visits += 1
            c.total += r if c.mover == me else 2 - r
            c.fools += r == 0
    for j in range(n):
        if keep != NULL and not keep[j]:
            continue
        m = r4_child(pool, 0, v.legal[j])
        st.score[j] = pool[m].total if m >= 0 else 0
        st.fools[j] = pool[m].fools if m >= 0 else 0
        st.samples[j] = pool[m].visits if m >= 0 else 0
        if st.samples[j] and (top < 0 or st.score[j] * st.samples[top] > st.score[top] * st.samples[j]):
            top = j
    return v.legal[top]


cdef inline int r4_decide(const DView *v, const R4Params *p, uint64_t *rng,
                          const bint *keep, R4Scratch *sc, R4Stats *st) noexcept nogil:
    """The searches' one door: the tree search when TREE is set at two seats, else the flat one."""
    if p.tree and v.nseats == 2:
        return r4_tree(v, p, rng, keep, sc, st)
    return r4_flat(v, p, rng, keep, sc, st)


cdef inline bint r4_solvable(const DView *v) noexcept nogil:
    """Whether the endgame solver plays this table: two seats (a two-player search, the table
    keyed on hand[0] and hand[1]) without transfers (a perevodnoy deal has no bound: cards can
    circulate, and the solver's recursion would follow them)."""
    return v.nseats == 2 and not (v.opts & OPT_PEREVODNOY)


cdef inline int r4_endgame(const DView *v, const R4Params *p, uint64_t *rng,
                           R4Scratch *sc, R4Stats *st) noexcept nogil:
    """Once the talon is empty: the exact value of every legal move. A won position is played
    to a win (the first winning move); otherwise the moves of the best value are left to the
    flat search, which plays for the other seat's mistakes (the playout rung is not a perfect
    player, and a lost position is often won against it). -3 past the budget, R4_STOPPED when
    stopped. Each valued move's value is written to st (void, R4_UNSOLVED, past the budget)."""
    cdef State s, t
    cdef bint keep[MAX_LEGAL]
    cdef int *val = st.value
    cdef int j, top = -2
    if dt_build_public(&s, v, rng) != 0:  # nothing left unseen but the other hand: the position itself
        return -2
    sc.nodes = 0
    sc.budget = p.budget
    sc.aborted = 0
    for j in range(v.nlegal):
        t = s
        st_apply_legal(&t, v.seat, v.legal[j])
        val[j] = r4_solve(&t, v.seat, -1, 1, sc, NULL)
        if sc.aborted:
            for j in range(v.nlegal):
                val[j] = R4_UNSOLVED      # the flat search decides alone
            return R4_STOPPED if sc.halted else -3
        if val[j] == 1:
            return v.legal[j]
        if val[j] > top:
            top = val[j]
    for j in range(v.nlegal):
        keep[j] = val[j] == top
    return r4_decide(v, p, rng, keep, sc, st)


cdef inline void r4_fresh(R4Scratch *sc) noexcept nogil:
    """Empty the table for a new decision (a new generation; the table is zeroed on the rare
    wrap of the counter), so that a move never depends on the decisions before it."""
    sc.gen += 1
    if sc.gen == 0:
        if sc.tt != NULL:
            memset(sc.tt, 0, (1 << R4_TT_BITS) * sizeof(R4Entry))
        sc.gen = 1


cdef inline uint64_t r4_rng(const DView *v, uint64_t key) noexcept nogil:
    """The search's draws at this decision: from the key and the view's ply alone."""
    return mix64(key ^ (<uint64_t>(v.ply + 1) * 0x9E3779B97F4A7C15ULL))


cdef inline int r4_search(const DView *v, const R4Params *p, uint64_t *rng,
                          R4Scratch *sc, R4Stats *st) noexcept nogil:
    """r4_best's search from the draws *rng, its working written to st: every move starts with
    no samples and no value; the endgame solver writes the values it found, the flat search the
    totals, losses and samples of the moves it played (a forced move is played unsearched)."""
    cdef int mv, j
    sc.halted = 0
    sc.ticks = 0
    sc.deadline = r4_now() + p.micros * 1000 if p.micros > 0 else 0
    for j in range(v.nlegal):
        st.score[j] = 0
        st.fools[j] = 0
        st.samples[j] = 0
        st.value[j] = R4_UNSOLVED
    if v.nlegal <= 0:
        return -1
    if v.nlegal == 1:
        return v.legal[0]
    if p.endgame and v.talon == 0 and sc.tt != NULL and r4_solvable(v):
        r4_fresh(sc)
        mv = r4_endgame(v, p, rng, sc, st)
        if mv != -3:
            return mv
        # past the budget: the flat search decides (the entries stored so far are of finished
        # subtrees, and stay valid)
    return r4_decide(v, p, rng, NULL, sc, st)


cdef inline int r4_best(const DView *v, const R4Params *p, uint64_t key,
                        R4Scratch *sc) noexcept nogil:
    """The move rung 4 plays from this view; -1 without a legal move, -2 when the view's public
    memory does not fit its counts and talon, R4_STOPPED when sc's stop flag or poll stopped the
    search, R4_NO_POOL when TREE is set and sc has no pool (r4_alloc). `key` (64 bits) makes it deterministic: the same view, key and settings give the
    same move, whatever was decided before (the table starts empty at every decision: r4_fresh).
    `sc` is never NULL (its table may be: no endgame solver)."""
    cdef uint64_t rng = r4_rng(v, key)
    cdef R4Stats st
    return r4_search(v, p, &rng, sc, &st)
