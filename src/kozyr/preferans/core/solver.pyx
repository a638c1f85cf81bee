"""The preferans double-dummy solver: every hand open, best play on every side, exact trick counts.

Why a solver at all: every preferans bot worth the name samples the hidden cards and solves each
sample with every hand open, and exact analysis of a seat's view solves every consistent world; so
the solver's speed is the bots' strength budget. It therefore lives in C: the search touches only a
`DDContext` (plain structs and 64-bit masks, no Python object, `nogil`), one per thread.

What it answers. One seat is counted, and the answer is the number of tricks that seat takes from the
trick in progress to the end:

- a contract (`kind="game"`): the declarer maximises his tricks, the two defenders minimise them
  as a team;
- a misere (`kind="misere"`): the declarer minimises his tricks, the two catchers maximise them
  as a team;
- raspasy (`kind="raspasy"`): each seat plays for itself, which is not a two-team game, so the
  solver answers a guarantee: the number of tricks the chosen `seat` can hold itself to when it
  minimises and the two others together try to make it take as many as possible. That is an upper
  bound on what the seat takes against any opponents (a worst case, not a prediction). With the talon
  in use (`talon=` the talon cards still to lead, `talon_rule=` "first_hand" or "winner"), tricks 1
  and 2 are led by the talon cards: their suit is the led suit, the three seats each play a card from
  the trick's first player on, the highest card of that suit takes the trick, and the talon card
  itself never wins. Under "first_hand" the same seat plays first to both and leads trick 3; under
  "winner" each talon trick's winner plays first to the next trick. Without `talon`, a raspasy position
  is one where the seats lead (Rostov's rule, or trick 3 on).

Method. Alpha-beta with null-window (MTD(f)) searches on the trick count. A transposition table at
trick boundaries whose entries stand for many positions: an entry keeps each hand's length in each
suit, the leader, and the owners of each suit's cards from the top down to the lowest card whose rank
decided a trick somewhere in the proof (the cards below it are interchangeable small cards; DDS calls
this "winning ranks"). Cards already gone do not appear, so positions that differ only in them or in
small cards share an entry, within a deal and across deals solved under the same rules (which is what
makes every layout of one problem cheap). Equivalent cards (adjacent in rank among the cards still
present, in one hand) are searched once. Sure-trick bounds cut the search off: top trumps; a
leader's cashable winners in a contract; in a misere or raspasy, a counted seat whose cards are all
below (it never wins a trick again) or all above (it wins every trick) the others' in each suit it
holds; and, when the counted seat is not on lead, two more: it can duck every trick if in each suit
its j-th lowest card is below the others' j-th lowest (they must lead to it, and each lead is at least
that high), and it must win the next trick if the leader and the third seat both hold a card of some
suit below all of its cards there (or the third is void). The last two tricks are a plain minimax.
Moves are ordered by the trick's state and the table's best lead. The talon-led tricks of raspasy are
searched above the table (there are at most two of them).

Every layout of one problem (`Solver.layouts`) runs in C: the table's entries are bounds of position
shapes, valid for every layout, and the last layout's value is the next one's first guess.
"""
from libc.stdint cimport uint64_t, uint32_t, uint16_t, int8_t, uint8_t
from libc.stdlib cimport calloc, free
from libc.string cimport memset
from cpython.exc cimport PyErr_CheckSignals

from kozyr.cards cimport popcount, highest_card, lowest_card, card_bit, above, KZ_DECK32

import operator
import threading
from collections.abc import Sequence

from kozyr.cards import CardSet

from kozyr.preferans.errors import PreferansError

__all__ = ["KINDS", "TALON_RULES", "Solver", "move_values", "solve"]

KINDS = ("game", "misere", "raspasy")
"""The kinds of play the solver answers, in the words its callers use."""

cdef uint64_t SUIT_LANE = 0xFFFF
cdef enum:
    BUCKET = 16     # entries a bucket (every abstraction of one length key shares a bucket)


cdef inline uint64_t suit_of_mask(int s) noexcept nogil:
    return SUIT_LANE << (16 * s)


# -- the table ------------------------------------------------------------------------------------

cdef int dd_init(DDContext *ctx, int log2_entries) noexcept nogil:
    memset(ctx, 0, sizeof(DDContext))
    ctx.table = <DDEntry *> calloc((<size_t>1) << log2_entries, sizeof(DDEntry))
    if ctx.table == NULL:
        return -1
    ctx.tmask = ((<uint64_t>1) << log2_entries) - 1
    ctx.gen = 1
    ctx.cfg_trump = -2          # no rules yet: the first dd_set starts a generation
    ctx.last_rem = -1
    return 0


cdef void dd_free(DDContext *ctx) noexcept nogil:
    free(ctx.table)
    ctx.table = NULL


# Read-only tables filled once at import (threads only read them). A suit's preferans cards are one
# byte of its lane (ranks 7..14 are bits 7..14).
cdef uint8_t PACK[256][256]     # PACK[present][subset]: the subset's bits packed down over present's
cdef uint16_t SPREAD[256]       # bit i moved to bit 2i
cdef uint8_t POP8[256]


cdef void fill_tables() noexcept nogil:
    cdef int p, m, i, k, out
    for p in range(256):
        POP8[p] = 0
        for i in range(8):
            POP8[p] += (p >> i) & 1
        out = 0
        for i in range(8):
            out |= ((p >> i) & 1) << (2 * i)
        SPREAD[p] = <uint16_t> out
        for m in range(256):
            out = 0
            k = 0
            for i in range(8):
                if (p >> i) & 1:
                    out |= ((m >> i) & 1) << k
                    k += 1
            PACK[p][m] = <uint8_t> out


fill_tables()


cdef inline int suit_len(uint64_t h, int s) noexcept nogil:
    return POP8[(h >> (16 * s + 7)) & 0xFF]


cdef inline uint64_t shape_key(const DDContext *c) noexcept nogil:
    """Per suit (16 bits a lane), the owners of the remaining cards from the highest down, two bits a
    card (owner + 1, never 0, so the length is implied): the lowest card in bits 0-1, the highest
    above. Cards already gone do not appear, so the key is the position up to renaming ranks, which
    changes nothing in the play."""
    cdef uint64_t a = c.hand[0] | c.hand[2]
    cdef uint64_t b = c.hand[1] | c.hand[2]
    cdef uint64_t rest = c.hand[0] | c.hand[1] | c.hand[2]
    cdef uint64_t key = 0
    cdef int s, r8, sh
    for s in range(4):
        sh = 16 * s + 7
        r8 = (rest >> sh) & 0xFF
        key |= (<uint64_t> (SPREAD[PACK[r8][(a >> sh) & 0xFF]] | (SPREAD[PACK[r8][(b >> sh) & 0xFF]] << 1))) << (16 * s)
    return key


cdef inline uint64_t length_key(const DDContext *c, int leader) noexcept nogil:
    """Every hand's length in every suit (4 bits each), the leader, and the owner of each suit's
    top card: what every position an entry can stand for shares (the top owners only place the
    bucket)."""
    cdef uint64_t k = <uint64_t> leader << 48, rest = c.hand[0] | c.hand[1] | c.hand[2], m
    cdef int s, h, x
    for s in range(4):
        for h in range(3):
            k |= (<uint64_t> suit_len(c.hand[h], s)) << (4 * (3 * s + h))
        m = rest & suit_of_mask(s)
        if m:
            x = highest_card(m)
            k |= (<uint64_t> (1 + ((c.hand[1] >> x) & 1) + 2 * ((c.hand[2] >> x) & 1))) << (52 + 2 * s)
    return k


cdef inline uint64_t shape_mask(const DDContext *c, uint64_t rel) noexcept nogil:
    """The bits of the shape key that hold the owners of each suit's cards from the top down to the
    lowest relevant card of the suit (the cards below it are interchangeable small cards)."""
    cdef uint64_t rest = c.hand[0] | c.hand[1] | c.hand[2], mask = 0, r, m
    cdef int s, ln, k
    for s in range(4):
        r = rel & rest & suit_of_mask(s)
        if not r:
            continue
        m = rest & suit_of_mask(s)
        ln = popcount(m)
        k = popcount(m & ~((card_bit(lowest_card(r))) - 1))
        mask |= ((((<uint64_t>1) << (2 * k)) - 1) << (2 * (ln - k))) << (16 * s)
    return mask


cdef inline uint64_t covered_cards(const DDContext *c, uint64_t mask) noexcept nogil:
    """The cards a shape mask covers: in each suit, as many from the top as the mask has owners."""
    cdef uint64_t rest = c.hand[0] | c.hand[1] | c.hand[2], out = 0, m
    cdef int s, k
    for s in range(4):
        k = popcount((mask >> (16 * s)) & 0xFFFF) >> 1
        m = rest & suit_of_mask(s)
        while k and m:
            out |= card_bit(highest_card(m))
            m ^= card_bit(highest_card(m))
            k -= 1
    return out


cdef inline DDEntry *bucket(const DDContext *c, uint64_t lkey) noexcept nogil:
    cdef uint64_t h = lkey * 0xFF51AFD7ED558CCDULL
    h ^= h >> 29
    h *= 0x9E3779B97F4A7C15ULL
    return c.table + ((h >> 20) & c.tmask & ~(<uint64_t>(BUCKET - 1)))


cdef extern from *:
    void __builtin_prefetch(const void *addr) nogil


cdef inline void prefetch_bucket(const DDContext *c, uint64_t lkey) noexcept nogil:
    cdef const char *b = <const char *> bucket(c, lkey)
    cdef int i
    for i in range(0, BUCKET * sizeof(DDEntry), 64):
        __builtin_prefetch(b + i)


cdef inline int probe(const DDContext *c, uint64_t lkey, uint64_t shape, int *plb, int *pub, int *pbest,
                      uint64_t *pmask) noexcept nogil:
    """Combine every entry that stands for this position: the tightest bounds, a best lead, and the
    union of their masks (what the bounds relied on). Returns how many matched."""
    cdef DDEntry *e = bucket(c, lkey)
    cdef int i, hits = 0
    for i in range(BUCKET):
        if e[i].gen == c.gen and e[i].lkey == lkey and (shape & e[i].mask) == e[i].pattern:
            hits += 1
            if e[i].lb > plb[0]:
                plb[0] = e[i].lb
            if e[i].ub < pub[0]:
                pub[0] = e[i].ub
            if e[i].best != 255:
                pbest[0] = e[i].best
            pmask[0] |= e[i].mask
    return hits


cdef inline void store(DDContext *c, uint64_t lkey, uint64_t shape, uint64_t mask, int lb, int ub, int best,
                       int depth) noexcept nogil:
    """Keep lb <= value <= ub for every position with these lengths and these owners of the masked
    cards. A bucket holds four entries; the victim is a stale or empty one, else the shallowest of an
    earlier solve, else the shallowest."""
    cdef DDEntry *e = bucket(c, lkey)
    cdef DDEntry *victim = NULL
    cdef int i, score, worst = 1 << 30
    cdef uint64_t pattern = shape & mask
    for i in range(BUCKET):
        if e[i].gen == c.gen and e[i].lkey == lkey and e[i].mask == mask and e[i].pattern == pattern:
            if lb > e[i].lb:
                e[i].lb = <int8_t> lb
            if ub < e[i].ub:
                e[i].ub = <int8_t> ub
            if best >= 0:
                e[i].best = <uint8_t> best
            e[i].stamp = <uint8_t> c.stamp
            return
    for i in range(BUCKET):
        if e[i].gen != c.gen:
            victim = e + i
            break
        score = e[i].depth + (32 if e[i].stamp == <uint8_t> c.stamp else 0)
        if score < worst:
            worst = score
            victim = e + i
    victim.lkey = lkey
    victim.pattern = pattern
    victim.mask = mask
    victim.gen = <uint16_t> c.gen
    victim.stamp = <uint8_t> c.stamp
    victim.depth = <uint8_t> depth
    victim.lb = <int8_t> lb
    victim.ub = <int8_t> ub
    victim.best = <uint8_t> (best if best >= 0 else 255)


cdef void dd_set(DDContext *ctx, uint64_t h0, uint64_t h1, uint64_t h2, int leader, int trump,
                 int counted, int maximize) noexcept nogil:
    if trump != ctx.cfg_trump or counted != ctx.cfg_counted or maximize != ctx.cfg_maximize:
        ctx.gen += 1
        if ctx.gen > 0xFFFF:       # the generation wrapped: really empty the table
            memset(ctx.table, 0, (ctx.tmask + 1) * sizeof(DDEntry))
            ctx.gen = 1
        ctx.cfg_trump = trump
        ctx.cfg_counted = counted
        ctx.cfg_maximize = maximize
        ctx.last_rem = -1
    ctx.stamp = (ctx.stamp + 1) & 0xFF
    ctx.hand[0] = h0
    ctx.hand[1] = h1
    ctx.hand[2] = h2
    ctx.leader = leader
    ctx.nplayed = 0
    ctx.ntalon = 0
    ctx.trump = trump
    ctx.counted = counted
    ctx.maximize = maximize


cdef int dd_to_play(const DDContext *ctx) noexcept nogil:
    return (ctx.leader + ctx.nplayed) % 3


cdef void dd_put(DDContext *ctx, int card) noexcept nogil:
    cdef int p = (ctx.leader + ctx.nplayed) % 3
    ctx.hand[p] &= ~card_bit(card)
    ctx.tcard[ctx.nplayed] = card
    ctx.nplayed += 1


# -- the rules of a trick ---------------------------------------------------------------------------

cdef inline int beats(int x, int best, int trump) noexcept nogil:
    """Whether card x, played after `best` (the trick's winning card so far), takes over."""
    if (x >> 4) == (best >> 4):
        return x > best
    return (x >> 4) == trump


cdef inline int winner_index(int c0, int c1, int c2, int trump) noexcept nogil:
    cdef int w = 0, best = c0
    if beats(c1, best, trump):
        w = 1
        best = c1
    if beats(c2, best, trump):
        w = 2
    return w


cdef inline uint64_t legal_mask(const DDContext *c, int p) noexcept nogil:
    cdef uint64_t h = c.hand[p], m
    if c.nplayed == 0:
        return h
    m = h & suit_of_mask(c.tcard[0] >> 4)
    if m:
        return m
    if c.trump >= 0:
        m = h & suit_of_mask(c.trump)
        if m:
            return m
    return h


cdef inline int representatives(const DDContext *c, uint64_t legal, int *cards) noexcept nogil:
    """One card per run of equivalent legal cards (the run's top): cards of one hand adjacent in
    rank among the cards still present (in the hands or on the table) win and lose the same."""
    cdef uint64_t present = c.hand[0] | c.hand[1] | c.hand[2]
    cdef uint64_t m = legal, higher
    cdef int i, x, k = 0
    for i in range(c.nplayed):
        present |= card_bit(c.tcard[i])
    while m:
        x = lowest_card(m)
        m &= m - 1
        higher = present & above(x)
        if higher and (legal >> lowest_card(higher)) & 1:
            continue
        cards[k] = x
        k += 1
    return k


cdef inline int run_top(uint64_t present, uint64_t own, int x) noexcept nogil:
    cdef uint64_t higher = present & above(x)
    while higher and (own >> lowest_card(higher)) & 1:
        x = lowest_card(higher)
        higher = present & above(x)
    return x


# -- bounds -----------------------------------------------------------------------------------------

cdef inline void sure_bounds(const DDContext *c, int rem, int *plb, int *pub, uint64_t *prel) noexcept nogil:
    """Tricks each side is sure of, at a trick boundary; prel gets the cards whose ranks the bounds
    read (nothing when they are trivial).

    Top trumps: a trump that is the highest trump left wins the trick it falls in, so if one side
    holds the k highest trumps, it wins at least as many tricks as either of its hands holds among
    them (two of them may fall in one trick, one from each partner). Cashing: in a contract each side
    wants tricks for itself, so the leader can run the top cards he holds in each suit, one trick
    each, except where a seat that is shorter in the suit holds a trump and could ruff."""
    cdef int lb = 0, ub = rem, t = c.trump, L = c.leader, cnt = c.counted
    cdef uint64_t rest = c.hand[0] | c.hand[1] | c.hand[2], tm, own, m, seen = 0, seen_cash = 0
    cdef int x, o, side, sure, cash, q, s, a0, a1, a2, o1, o2, ln, below, over, shared
    cdef uint64_t cm, om, held, seen_below, seen_over
    if t >= 0:
        tm = rest & suit_of_mask(t)
        if tm:
            x = highest_card(tm)
            o = 0 if (c.hand[0] >> x) & 1 else (1 if (c.hand[1] >> x) & 1 else 2)
            side = o == cnt
            a0 = 0
            a1 = 0
            a2 = 0
            while tm:
                x = highest_card(tm)
                seen |= card_bit(x)
                o = 0 if (c.hand[0] >> x) & 1 else (1 if (c.hand[1] >> x) & 1 else 2)
                if (o == cnt) != side:
                    break
                if o == 0:
                    a0 += 1
                elif o == 1:
                    a1 += 1
                else:
                    a2 += 1
                tm ^= card_bit(x)
            sure = a0
            if a1 > sure:
                sure = a1
            if a2 > sure:
                sure = a2
            if side:
                lb = sure
            else:
                ub = rem - sure
    if c.maximize:
        own = c.hand[L]
        o1 = (L + 1) % 3
        o2 = (L + 2) % 3
        cash = 0
        for s in range(4):
            m = rest & suit_of_mask(s)
            if not (own & m):
                continue
            q = 0
            while m:
                x = highest_card(m)
                seen_cash |= card_bit(x)
                if not (own >> x) & 1:
                    break
                q += 1
                m ^= card_bit(x)
            if q and t >= 0 and s != t:
                if c.hand[o1] & suit_of_mask(t):
                    ln = popcount(c.hand[o1] & suit_of_mask(s))
                    if ln < q:
                        q = ln
                if c.hand[o2] & suit_of_mask(t):
                    ln = popcount(c.hand[o2] & suit_of_mask(s))
                    if ln < q:
                        q = ln
            cash += q
        if cash > rem:
            cash = rem
        if L == cnt:
            if cash > lb:
                lb = cash
                seen |= seen_cash
        elif rem - cash < ub:
            ub = rem - cash
            seen |= seen_cash
    else:
        # A misere or raspasy (no trumps). If in every suit the counted seat holds, all its cards are
        # below all the others' cards, it never takes a trick it does not lead, so it never leads
        # again (a lead of its own loses if another seat holds that suit). If all its cards are above
        # all the others', it takes every trick it leads or must follow to, and then leads again.
        # The cards read: where the seat is below, its highest card of each shared suit (all above it
        # in that suit are the others'); where above, the others' highest.
        cm = c.hand[cnt]
        om = rest & ~cm
        below = 1
        over = 1
        shared = 0
        held = 0
        seen_below = 0
        seen_over = 0
        for s in range(4):
            m = cm & suit_of_mask(s)
            if not m:
                continue
            held |= suit_of_mask(s)
            tm = om & suit_of_mask(s)
            if tm:
                shared = 1
                seen_below |= card_bit(highest_card(m))
                seen_over |= card_bit(highest_card(tm))
                if highest_card(m) > lowest_card(tm):
                    below = 0
                if lowest_card(m) < highest_card(tm):
                    over = 0
        if below and (L != cnt or shared):
            ub = 0
            seen = seen_below
        elif over and (L == cnt or not (c.hand[L] & ~held)):
            lb = rem
            seen = seen_over
        elif L != cnt:
            x = duck_rounds(c, cm, om, &seen_below)
            if x:
                ub = 0
                seen = seen_below
            else:
                x = forced_follow(c, cm, &seen_over)
                if x:
                    lb = 1
                    seen = seen_over
    plb[0] = lb
    pub[0] = ub
    prel[0] = seen if (lb > 0 or ub < rem) else 0


cdef inline int duck_rounds(const DDContext *c, uint64_t cm, uint64_t om, uint64_t *prel) noexcept nogil:
    """Whether the counted seat, not on lead, can surely duck every trick from here (a misere or
    raspasy, no trumps). In each suit, pair its cards and the others' (both hands together) from the
    lowest up: if each of its cards is below the others' card of the same rank order, it holds on.
    Why: it never wins, so the others lead every trick; the j-th time a suit is led at least j - 1 of
    the others' cards of it are gone, so the lead is at least their j-th lowest, and the seat follows
    with its j-th lowest (or lower: it may have discarded its high ones), which is below. A discard
    never wins. prel gets every card compared (the whole suit's order matters)."""
    cdef uint64_t m, tm, r = 0
    cdef int s, x, y
    for s in range(4):
        m = cm & suit_of_mask(s)
        tm = om & suit_of_mask(s)
        while m and tm:
            x = lowest_card(m)
            y = lowest_card(tm)
            r |= card_bit(x) | card_bit(y)
            if x > y:
                return 0
            m &= m - 1
            tm &= tm - 1
    prel[0] = r
    return 1


cdef inline int forced_follow(const DDContext *c, uint64_t cm, uint64_t *prel) noexcept nogil:
    """Whether the leader (not the counted seat) can force the counted seat to win the next trick:
    in some suit the leader holds a card below all the counted seat's cards of it, and the third
    seat is void in it or holds one below them too. The leader leads his lowest, the third plays his
    lowest (or discards), and the counted seat must follow above both. prel gets the three lowest
    cards read."""
    cdef int L = c.leader, o2 = 3 - c.leader - c.counted, s, d, x
    cdef uint64_t dm, lm, m2
    for s in range(4):
        dm = cm & suit_of_mask(s)
        lm = c.hand[L] & suit_of_mask(s)
        if not dm or not lm:
            continue
        d = lowest_card(dm)
        x = lowest_card(lm)
        if x > d:
            continue
        m2 = c.hand[o2] & suit_of_mask(s)
        if m2 and lowest_card(m2) > d:
            continue
        prel[0] = card_bit(d) | card_bit(x) | (card_bit(lowest_card(m2)) if m2 else 0)
        return 1
    return 0


# -- move order -------------------------------------------------------------------------------------

cdef inline void order(const DDContext *c, int p, int *cards, int k, int hint) noexcept nogil:
    """Most promising first: the table's best lead; in a contract, boss cards led and the cheapest
    card that takes the trick (or the cheapest card when the partner holds it); in a misere or
    raspasy, the counted seat ducks with its highest card that loses and the others feed it."""
    cdef int scores[16]
    cdef int i, j, x, r, sc, n = c.nplayed, L = c.leader, cnt = c.counted, t = c.trump
    cdef int wcard = -1, wseat = -1, b, s, tmpc, tmps, q
    cdef uint64_t rest = c.hand[0] | c.hand[1] | c.hand[2], others = rest & ~c.hand[p], sm
    if n:
        wcard = c.tcard[0]
        wseat = 0
        for i in range(1, n):
            if beats(c.tcard[i], wcard, t):
                wcard = c.tcard[i]
                wseat = i
        wseat = (L + wseat) % 3
    for i in range(k):
        x = cards[i]
        r = x & 15
        s = x >> 4
        sm = suit_of_mask(s)
        if s == t:
            r += 8
        if n == 0:
            if c.maximize:
                if highest_card(rest & sm) == x:
                    sc = 100 + (5 if s == t else 0)
                else:
                    sc = 30 + popcount(c.hand[p] & sm) - r
            elif p == cnt:
                sc = 50 - r + 3 * popcount(others & sm & above(x))
                # a sure loser: a seat holding the suit only above x must overtake
                q = (p + 1) % 3
                if (c.hand[q] & sm) and lowest_card(c.hand[q] & sm) > x:
                    sc += 40
                else:
                    q = (p + 2) % 3
                    if (c.hand[q] & sm) and lowest_card(c.hand[q] & sm) > x:
                        sc += 40
            else:
                sc = 50 - r
                if c.hand[cnt] & sm:
                    if lowest_card(c.hand[cnt] & sm) > x:
                        sc += 30
                        # the third seat can get under the counted seat too: a sure trick for it
                        q = 3 - p - cnt
                        if not (c.hand[q] & sm) or lowest_card(c.hand[q] & sm) < lowest_card(c.hand[cnt] & sm):
                            sc += 40
                else:
                    sc -= 20
        else:
            b = beats(x, wcard, t)
            if c.maximize:
                if (wseat == cnt) == (p == cnt):      # the partner holds the trick
                    sc = (0 if b else 60) - r
                else:
                    sc = (80 if b else 40) - r
            elif p == cnt:
                sc = (20 if b else 60) + r
            elif wseat == cnt:
                sc = (10 - r) if b else (60 + r)
            elif n == 1 and (L + 2) % 3 == cnt:
                sc = 50 - r
            else:
                sc = 50 + r
        if x == hint:
            sc += 1000
        scores[i] = sc
    for i in range(1, k):
        tmpc = cards[i]
        tmps = scores[i]
        j = i - 1
        while j >= 0 and scores[j] < tmps:
            scores[j + 1] = scores[j]
            cards[j + 1] = cards[j]
            j -= 1
        scores[j + 1] = tmps
        cards[j + 1] = tmpc


# -- the search -------------------------------------------------------------------------------------

cdef inline uint64_t decided_by_rank(int c0, int c1, int c2, int w, int trump) noexcept nogil:
    """The trick's winning card when its rank decided the trick (another card of its suit was in
    it), else nothing: a lone card of the led suit or a lone trump wins whatever its rank."""
    cdef int x = c0 if w == 0 else (c1 if w == 1 else c2)
    cdef int n = ((c0 >> 4) == (x >> 4)) + ((c1 >> 4) == (x >> 4)) + ((c2 >> 4) == (x >> 4))
    return card_bit(x) if n > 1 else 0


cdef inline int last_trick(const DDContext *c, uint64_t *rel) noexcept nogil:
    cdef int L = c.leader
    cdef int x0 = lowest_card(c.hand[L]), x1 = lowest_card(c.hand[(L + 1) % 3])
    cdef int x2 = lowest_card(c.hand[(L + 2) % 3])
    cdef int w = winner_index(x0, x1, x2, c.trump)
    rel[0] = decided_by_rank(x0, x1, x2, w, c.trump)
    return 1 if (L + w) % 3 == c.counted else 0


cdef int two_tricks(DDContext *c, uint64_t *rel) noexcept nogil:
    """The counted seat's tricks of the last two, by plain minimax over every card (at most eight
    lines): cheaper than a table probe. rel gets every card whose rank decided a trick on any line."""
    cdef int L = c.leader, i, x, y, z, ws, v, best0, best1, best2, w, a0, a1, a2
    cdef int p1 = (L + 1) % 3, p2 = (L + 2) % 3, cnt = c.counted, mx = c.maximize != 0
    cdef uint64_t h0 = c.hand[L], h1, h2, gone, r = 0
    best0 = -1 if (L == cnt) == mx else 9
    for i in range(2):
        x = lowest_card(h0) if i == 0 else highest_card(h0)
        c.tcard[0] = x
        c.nplayed = 1
        best1 = -1 if (p1 == cnt) == mx else 9
        h1 = legal_mask(c, p1)
        while h1:
            y = lowest_card(h1)
            h1 &= h1 - 1
            best2 = -1 if (p2 == cnt) == mx else 9
            c.tcard[1] = y
            c.nplayed = 2
            h2 = legal_mask(c, p2)
            while h2:
                z = lowest_card(h2)
                h2 &= h2 - 1
                w = winner_index(x, y, z, c.trump)
                r |= decided_by_rank(x, y, z, w, c.trump)
                ws = (L + w) % 3
                v = 1 if ws == cnt else 0
                gone = ~(card_bit(x) | card_bit(y) | card_bit(z))
                a0 = lowest_card(c.hand[ws] & gone)
                a1 = lowest_card(c.hand[(ws + 1) % 3] & gone)
                a2 = lowest_card(c.hand[(ws + 2) % 3] & gone)
                w = winner_index(a0, a1, a2, c.trump)
                r |= decided_by_rank(a0, a1, a2, w, c.trump)
                if (ws + w) % 3 == cnt:
                    v += 1
                if ((p2 == cnt) == mx and v > best2) or ((p2 == cnt) != mx and v < best2):
                    best2 = v
            if ((p1 == cnt) == mx and best2 > best1) or ((p1 == cnt) != mx and best2 < best1):
                best1 = best2
            c.nplayed = 1
        if ((L == cnt) == mx and best1 > best0) or ((L == cnt) != mx and best1 < best0):
            best0 = best1
    c.nplayed = 0
    rel[0] = r
    return best0


cdef inline uint64_t cover_runs(uint64_t rel, uint64_t legal, uint64_t present) noexcept nogil:
    """Searching one card of a run stands for the run only while the run stays a run: where the
    cards that mattered reach into a run of the mover's legal cards, the whole run matters."""
    cdef uint64_t m, below
    cdef int s, x, low
    for s in range(4):
        m = legal & suit_of_mask(s)
        if not m or not (rel & suit_of_mask(s)):
            continue
        low = lowest_card(rel & suit_of_mask(s))
        below = m & ((card_bit(low)) - 1)
        while below:
            x = highest_card(below)
            below ^= card_bit(x)
            # x joins if the next present card above it is a covered card of the same run
            if lowest_card(present & above(x)) == low and (legal >> low) & 1:
                rel |= card_bit(x)
                low = x
            else:
                break
    return rel


cdef int search(DDContext *c, int alpha, int beta, uint64_t *rel) noexcept nogil:
    """The counted seat's tricks from the trick in progress on, fail-soft: a result <= alpha is an
    upper bound, >= beta a lower bound, in between exact. rel gets the cards whose ranks the result
    relied on: it holds for every position with the same lengths and the same owners of each suit's
    cards from the top down to the lowest of them."""
    cdef int n = c.nplayed, L = c.leader, p, rem = 0, lb = 0, ub = 0, qlb, qub, v, best, i, k
    cdef int a0 = alpha, b0 = beta, maxnode, m, t0, t1, ws, won, w, bestcard = -1, hint = -1, hbest = -1
    cdef int cards[16]
    cdef uint64_t lkey = 0, shape = 0, rest, hm, tmask = 0, r = 0, rc, qrel, legal, present
    c.nodes += 1
    if n == 0:
        rem = popcount(c.hand[L])
        if rem <= 1:
            if rem == 0:
                rel[0] = 0
                return 0
            return last_trick(c, rel)
        if rem == 2:
            return two_tricks(c, rel)
        lb = 0
        ub = rem
        lkey = length_key(c, L)
        prefetch_bucket(c, lkey)    # the bucket is a cache miss more often than not: overlap it
        shape = shape_key(c)
        if probe(c, lkey, shape, &lb, &ub, &hbest, &tmask):
            r = covered_cards(c, tmask)
            if lb >= beta or lb >= ub:
                rel[0] = r
                return lb
            if ub <= alpha:
                rel[0] = r
                return ub
            if hbest >= 0:
                rest = c.hand[0] | c.hand[1] | c.hand[2]
                hm = rest & suit_of_mask(hbest >> 4)
                for i in range(hbest & 15):
                    if hm:
                        hm ^= card_bit(highest_card(hm))
                if hm:
                    hint = highest_card(hm)
        sure_bounds(c, rem, &qlb, &qub, &qrel)
        if qlb > lb:
            lb = qlb
            r |= qrel
        if qub < ub:
            ub = qub
            r |= qrel
        # a cut-off by the sure-trick bounds is not stored: they are cheaper to compute again than a
        # table entry is to make, and the entries they would evict cost searches (measured)
        if lb >= beta or lb >= ub:
            rel[0] = r
            return lb
        if ub <= alpha:
            rel[0] = r
            return ub
        p = L
    else:
        p = (L + n) % 3
    legal = legal_mask(c, p)
    k = representatives(c, legal, cards)
    if k > 1:
        order(c, p, cards, k, hint)
    maxnode = (p == c.counted) == (c.maximize != 0)
    best = -1 if maxnode else 127
    for i in range(k):
        m = cards[i]
        c.hand[p] ^= card_bit(m)
        if n < 2:
            c.tcard[n] = m
            c.nplayed = n + 1
            v = search(c, alpha, beta, &rc)
            c.nplayed = n
        else:
            t0 = c.tcard[0]
            t1 = c.tcard[1]
            w = winner_index(t0, t1, m, c.trump)
            ws = (L + w) % 3
            won = 1 if ws == c.counted else 0
            c.leader = ws
            c.nplayed = 0
            v = won + search(c, alpha - won, beta - won, &rc)
            rc |= decided_by_rank(t0, t1, m, w, c.trump)
            c.leader = L
            c.nplayed = 2
            c.tcard[0] = t0
            c.tcard[1] = t1
        c.hand[p] ^= card_bit(m)
        r |= rc
        if maxnode:
            if v > best:
                best = v
                bestcard = m
                if best > alpha:
                    alpha = best
                    if alpha >= beta:
                        break
        else:
            if v < best:
                best = v
                bestcard = m
                if best < beta:
                    beta = best
                    if alpha >= beta:
                        break
    present = c.hand[0] | c.hand[1] | c.hand[2]
    for i in range(n):
        present |= card_bit(c.tcard[i])
    r = cover_runs(r, legal, present)
    rel[0] = r
    if n == 0:
        if best < lb:       # the bounds already known are tighter than this fail-soft result
            best = lb
        if best > ub:
            best = ub
        rest = present
        m = (bestcard >> 4) * 16 + popcount(rest & above(bestcard))
        tmask = shape_mask(c, r)
        if best <= a0:
            store(c, lkey, shape, tmask, lb, best, m, rem)
        elif best >= b0:
            store(c, lkey, shape, tmask, best, ub, m, rem)
        else:
            store(c, lkey, shape, tmask, best, best, m, rem)
    return best


# -- raspasy's talon-led tricks ---------------------------------------------------------------------

cdef void dd_set_talon(DDContext *ctx, int nt, int t0, int t1, int winner_rule) noexcept nogil:
    ctx.ntalon = nt
    ctx.talon[0] = t0
    ctx.talon[1] = t1
    ctx.talon_winner = winner_rule


cdef inline uint64_t talon_legal(const DDContext *c, int p) noexcept nogil:
    """A talon trick's led suit is the talon card's: follow it if the hand can, else any card."""
    cdef uint64_t m = c.hand[p] & suit_of_mask(c.talon[0] >> 4)
    return m if m else c.hand[p]


cdef inline int talon_trick_winner(const DDContext *c, int last) noexcept nogil:
    """The index in play order of the highest card of the talon card's suit among the three plays
    (the talon card itself never wins). Callers refuse positions where nobody can follow it; should
    none follow anyway, the first to play takes it."""
    cdef int s = c.talon[0] >> 4, w = 0, best = -1, i, x
    for i in range(3):
        x = c.tcard[i] if i < 2 else last
        if (x >> 4) == s and x > best:
            best = x
            w = i
    return w


cdef int talon_after(DDContext *c, int m, int alpha, int beta) noexcept nogil:
    """The value once the seat on turn plays m to the talon trick in progress (m already out of its
    hand): the trick goes on, or it completes and the next talon trick or the ordinary play starts."""
    cdef int n = c.nplayed, L = c.leader, w, ws, won, v, t0, t1, nt = c.ntalon, tal0 = c.talon[0]
    cdef uint64_t rc
    if n < 2:
        c.tcard[n] = m
        c.nplayed = n + 1
        v = talon_search(c, alpha, beta)
        c.nplayed = n
        return v
    t0 = c.tcard[0]
    t1 = c.tcard[1]
    w = talon_trick_winner(c, m)
    ws = (L + w) % 3
    won = 1 if ws == c.counted else 0
    c.leader = ws if c.talon_winner else L
    c.nplayed = 0
    c.ntalon = nt - 1
    c.talon[0] = c.talon[1]
    if nt > 1:
        v = won + talon_search(c, alpha - won, beta - won)
    else:
        v = won + search(c, alpha - won, beta - won, &rc)
    c.ntalon = nt
    c.talon[1] = c.talon[0]
    c.talon[0] = tal0
    c.leader = L
    c.nplayed = 2
    c.tcard[0] = t0
    c.tcard[1] = t1
    return v


cdef int talon_search(DDContext *c, int alpha, int beta) noexcept nogil:
    """Raspasy's tricks 1 and 2 led by the talon cards, by alpha-beta over the three plays of each
    (equivalent cards once), then the ordinary search from trick 3. No table entry is made here:
    there are at most two such tricks at the top of the tree."""
    cdef int n = c.nplayed, p = (c.leader + c.nplayed) % 3, k, i, m, v, best, maxnode
    cdef int cards[16]
    c.nodes += 1
    k = representatives(c, talon_legal(c, p), cards)
    maxnode = (p == c.counted) == (c.maximize != 0)
    best = -1 if maxnode else 127
    for i in range(k):
        m = cards[i]
        c.hand[p] ^= card_bit(m)
        v = talon_after(c, m, alpha, beta)
        c.hand[p] ^= card_bit(m)
        if maxnode:
            if v > best:
                best = v
                if best > alpha:
                    alpha = best
                    if alpha >= beta:
                        break
        else:
            if v < best:
                best = v
                if best < beta:
                    beta = best
                    if alpha >= beta:
                        break
    return best


cdef inline int root_search(DDContext *c, int alpha, int beta) noexcept nogil:
    cdef uint64_t rel
    if c.ntalon > 0:
        return talon_search(c, alpha, beta)
    return search(c, alpha, beta, &rel)


cdef int dd_value(DDContext *ctx) noexcept nogil:
    cdef int lo = 0, hi = popcount(ctx.hand[(ctx.leader + ctx.nplayed) % 3]), g, b, v
    # The first test: the last answer under the same rules and tricks left (the worlds of one problem
    # have close values); else half the tricks in a contract, and one trick in a misere or raspasy,
    # where the catchers usually prove it cheaply and the fail-soft answer then jumps (measured: a
    # quarter fewer nodes than starting halfway).
    g = (hi + 1) // 2 if ctx.maximize else 1
    if ctx.last_rem == hi:
        g = ctx.last_value
    while lo < hi:
        b = g
        if b <= lo:
            b = lo + 1
        if b > hi:
            b = hi
        v = root_search(ctx, b - 1, b)
        if v >= b:
            lo = v
        else:
            hi = v
        g = v
    ctx.last_value = lo
    ctx.last_rem = hi
    return lo


cdef int dd_move_values(DDContext *ctx, int *cards, int *values) noexcept nogil:
    cdef int p = (ctx.leader + ctx.nplayed) % 3, n = ctx.nplayed, L = ctx.leader
    cdef int reps[16]
    cdef int repv[16]
    cdef int k, i, j, m, t0, t1, ws, won, count = 0, top
    cdef int nt = ctx.ntalon, tal0 = ctx.talon[0]
    cdef uint64_t legal = talon_legal(ctx, p) if nt > 0 else legal_mask(ctx, p), present, mm
    present = ctx.hand[0] | ctx.hand[1] | ctx.hand[2]
    for i in range(n):
        present |= card_bit(ctx.tcard[i])
    k = representatives(ctx, legal, reps)
    for i in range(k):
        m = reps[i]
        ctx.hand[p] ^= card_bit(m)
        if nt > 0 and n == 2:       # the card completes a talon trick
            t0 = ctx.tcard[0]
            t1 = ctx.tcard[1]
            ws = (L + talon_trick_winner(ctx, m)) % 3
            won = 1 if ws == ctx.counted else 0
            ctx.leader = ws if ctx.talon_winner else L
            ctx.nplayed = 0
            ctx.ntalon = nt - 1
            ctx.talon[0] = ctx.talon[1]
            repv[i] = won + dd_value(ctx)
            ctx.ntalon = nt
            ctx.talon[1] = ctx.talon[0]
            ctx.talon[0] = tal0
            ctx.leader = L
            ctx.nplayed = 2
            ctx.tcard[0] = t0
            ctx.tcard[1] = t1
        elif n < 2:
            ctx.tcard[n] = m
            ctx.nplayed = n + 1
            repv[i] = dd_value(ctx)
            ctx.nplayed = n
        else:
            t0 = ctx.tcard[0]
            t1 = ctx.tcard[1]
            ws = (L + winner_index(t0, t1, m, ctx.trump)) % 3
            won = 1 if ws == ctx.counted else 0
            ctx.leader = ws
            ctx.nplayed = 0
            repv[i] = won + dd_value(ctx)
            ctx.leader = L
            ctx.nplayed = 2
            ctx.tcard[0] = t0
            ctx.tcard[1] = t1
        ctx.hand[p] ^= card_bit(m)
    mm = legal
    while mm:
        m = lowest_card(mm)
        mm &= mm - 1
        top = run_top(present, legal, m)
        for j in range(k):
            if reps[j] == top:
                cards[count] = m
                values[count] = repv[j]
                count += 1
                break
    return count


# -- every layout of one problem -------------------------------------------------------------------

cdef long long BINOM[33][33]


cdef void fill_binom() noexcept nogil:
    cdef int n, k
    for n in range(33):
        BINOM[n][0] = 1
        for k in range(1, 33):
            BINOM[n][k] = 0 if n == 0 else BINOM[n - 1][k - 1] + BINOM[n - 1][k]


fill_binom()


cdef long long dd_layouts(DDContext *ctx, uint64_t fixed, int fixed_at, uint64_t pool, int leader, int trump,
                          int counted, int maximize, long long start, long long stop,
                          long long *hist) noexcept nogil:
    """Why in C: a layout costs a few hundred microseconds to solve, and building each from Python
    cost a tenth of that again. The splits run in lexicographic order of the positions (in the pool,
    lowest card first) of the cards hands[fixed_at + 1] gets: consecutive splits differ in a card or
    two, so the table's entries and the last value (the first guess of the next) carry over."""
    cdef int cards[32]
    cdef int pos[32]
    cdef int n = 0, k = popcount(fixed), i, j, x, v
    cdef long long r, done = 0, idx
    cdef uint64_t m = pool, a, h[3]
    while m:
        cards[n] = lowest_card(m)
        m &= m - 1
        n += 1
    if k == 0 or n != 2 * k or start >= stop:
        return 0
    # unrank `start`: the combination of k positions out of n with that lexicographic rank
    r = start
    x = 0
    for i in range(k):
        while BINOM[n - x - 1][k - i - 1] <= r:
            r -= BINOM[n - x - 1][k - i - 1]
            x += 1
        pos[i] = x
        x += 1
    idx = start
    while idx < stop:
        a = 0
        for i in range(k):
            a |= card_bit(cards[pos[i]])
        h[fixed_at] = fixed
        h[(fixed_at + 1) % 3] = a
        h[(fixed_at + 2) % 3] = pool & ~a
        dd_set(ctx, h[0], h[1], h[2], leader, trump, counted, maximize)
        v = dd_value(ctx)
        hist[v] += 1
        done += 1
        idx += 1
        # the next combination in lexicographic order
        i = k - 1
        while i >= 0 and pos[i] == n - k + i:
            i -= 1
        if i < 0:
            break
        pos[i] += 1
        for j in range(i + 1, k):
            pos[j] = pos[j - 1] + 1
    return done


# -- the Python face --------------------------------------------------------------------------------

cdef uint64_t DECK = KZ_DECK32
_SUITS = "SHDC"
_RANKS = "..23456789TJQKA"


def _name(int c) -> str:
    r = c & 15
    return (_RANKS[r] if 2 <= r <= 14 else "?") + _SUITS[(c >> 4) & 3]


def _names(mask: int) -> str:
    out = []
    b = 0
    while mask:
        if mask & 1:
            out.append(_name(b) if b < 64 else str(b))
        mask >>= 1
        b += 1
    return " ".join(out)


def _seat(name: str, value: object, code: str) -> int:
    if type(value) is not int or not 0 <= value <= 2:
        raise PreferansError(code, f"{name}: {value!r} is not a seat index 0, 1 or 2", field=name, value=value)
    return value


def _mask(name: str, value: object) -> int:
    if isinstance(value, CardSet):
        value = int(value)
    elif isinstance(value, bool) or not hasattr(value, "__index__"):
        raise PreferansError("bad_hands", f"{name}: {value!r} is not a card mask (an int or a CardSet)",
                             field=name, value=value)
    else:
        value = operator.index(value)
    if value < 0 or value & ~DECK:
        outside = value & ~DECK if value >= 0 else value
        raise PreferansError("bad_card", f"{name}: holds {_names(outside) if value >= 0 else value}, outside the "
                             "32-card deck (ranks 7..A)", field=name, value=value)
    return value


TALON_RULES = ("first_hand", "winner")
"""How raspasy's talon cards lead tricks 1 and 2, in the convention parameter's words: "first_hand",
the same seat plays first to both and leads trick 3; "winner", each talon trick's winner plays first
to the next trick."""


def _talon(talon, talon_rule, kind, h):
    """The talon cards still to lead tricks (raspasy only), checked: one or two deck cards, in no hand."""
    if talon is None:
        return []
    if kind != "raspasy":
        raise PreferansError("bad_talon", f"talon: only raspasy has talon-led tricks, not a {kind}",
                             field="talon", value=talon)
    if not isinstance(talon_rule, str) or talon_rule not in TALON_RULES:
        raise PreferansError("bad_talon", f"talon_rule: {talon_rule!r} is not one of {', '.join(TALON_RULES)}",
                             field="talon_rule", value=talon_rule)
    if isinstance(talon, (str, bytes)) or not isinstance(talon, Sequence) or not 1 <= len(talon) <= 2:
        raise PreferansError("bad_talon", f"talon: {talon!r} is not a sequence of one or two cards (those still "
                             "to lead a trick, in order)", field="talon", value=talon)
    out = []
    for i, c in enumerate(talon):
        if type(c) is not int or not 0 <= c < 64 or not (DECK >> c) & 1:
            raise PreferansError("bad_card", f"talon[{i}]: {c!r} is not a card of the 32-card deck",
                                 field="talon", value=talon)
        if c in out or any((x >> c) & 1 for x in h):
            raise PreferansError("overlap", f"talon[{i}]: {_name(c)} is also in a hand or twice in the talon",
                                 field="talon", value=talon)
        out.append(c)
    return out


def _talon_followable(tal, h, cards):
    """Someone can follow each talon card (a talon trick goes to the highest card of its suit): true in
    every real deal, refused otherwise rather than given a winner the rules do not define."""
    s0 = 0xFFFF << (16 * (tal[0] >> 4))
    if not any(x & s0 for x in h) and not any((c >> 4) == (tal[0] >> 4) for c in cards):
        raise PreferansError("talon_suit", f"talon[0]: nobody holds or played {_SUITS[tal[0] >> 4]} to follow "
                             f"{_name(tal[0])}", field="talon", value=tal)
    if len(tal) == 2:
        s1 = 0xFFFF << (16 * (tal[1] >> 4))
        held = sum(bin(x & s1).count("1") for x in h)
        if held < 4 - len(cards):
            raise PreferansError("talon_suit", f"talon[1]: the hands hold {held} cards of {_SUITS[tal[1] >> 4]}, so "
                                 f"{_name(tal[1])}'s trick might find nobody to follow (need {4 - len(cards)})",
                                 field="talon", value=tal)


def _position(hands, to_play, trump, kind, declarer, seat, trick, won, talon=None, talon_rule="first_hand"):
    """The checked position as plain ints, or the first refusal: kind, trump, hands, overlap, seats,
    talon, trick, hand sizes, the trick's legality, tricks already won. The last item is the talon
    still to lead tricks as a list of cards (empty without it)."""
    if not isinstance(kind, str) or kind not in KINDS:
        raise PreferansError("bad_kind", f"kind: {kind!r} is not one of {', '.join(KINDS)}", field="kind", value=kind)
    if trump is not None and (type(trump) is not int or not 0 <= trump <= 3):
        raise PreferansError("bad_trump", f"trump: {trump!r} is not None or a suit 0..3", field="trump", value=trump)
    if trump is not None and kind != "game":
        raise PreferansError("bad_trump", f"trump: a {kind} is played without trumps, got {trump!r}",
                             field="trump", value=trump)
    if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence) or len(hands) != 3:
        raise PreferansError("bad_hands", f"hands: {hands!r} is not a sequence of three card masks",
                             field="hands", value=hands)
    h = [_mask(f"hands[{i}]", hands[i]) for i in range(3)]
    for i in range(3):
        for j in range(i + 1, 3):
            if h[i] & h[j]:
                raise PreferansError("overlap", f"hands[{i}] and hands[{j}] both hold {_names(h[i] & h[j])}",
                                     field="hands", value=hands)
    p = _seat("to_play", to_play, "bad_seat")
    if kind == "raspasy":
        if declarer is not None:
            raise PreferansError("bad_declarer", "declarer: raspasy has no declarer; name the counted seat with seat=",
                                 field="declarer", value=declarer)
        if seat is None:
            raise PreferansError("bad_seat", "seat: raspasy needs the seat whose tricks are counted",
                                 field="seat", value=seat)
        counted = _seat("seat", seat, "bad_seat")
    else:
        if seat is not None:
            raise PreferansError("bad_seat", f"seat: a {kind} counts the declarer's tricks; use declarer=, not seat=",
                                 field="seat", value=seat)
        counted = _seat("declarer", 0 if declarer is None else declarer, "bad_declarer")
    tal = _talon(talon, talon_rule, kind, h)
    if isinstance(trick, (str, bytes)) or not isinstance(trick, Sequence) or len(trick) > 2:
        raise PreferansError("bad_trick", f"trick: {trick!r} is not a sequence of at most two (seat, card) pairs",
                             field="trick", value=trick)
    n = len(trick)
    leader = (p - n) % 3
    cards = []
    seen = 0
    for i, play in enumerate(trick):
        if isinstance(play, (str, bytes)) or not isinstance(play, Sequence) or len(play) != 2:
            raise PreferansError("bad_trick", f"trick[{i}]: {play!r} is not a (seat, card) pair",
                                 field="trick", value=trick)
        who, card = play
        if who != (leader + i) % 3 or type(who) is not int:
            raise PreferansError("bad_trick", f"trick[{i}]: seat {who!r} did not play card {i + 1} of a trick that "
                                 f"seat {p} is to play to next (expected seat {(leader + i) % 3})",
                                 field="trick", value=trick)
        if type(card) is not int or not 0 <= card < 64 or not (DECK >> card) & 1:
            raise PreferansError("bad_card", f"trick[{i}]: {card!r} is not a card of the 32-card deck",
                                 field="trick", value=trick)
        bit = 1 << card
        if bit & seen:
            raise PreferansError("bad_trick", f"trick[{i}]: {_name(card)} is played twice", field="trick", value=trick)
        for j in range(3):
            if h[j] & bit:
                raise PreferansError("overlap", f"trick[{i}]: {_name(card)} is on the table and in hands[{j}]",
                                     field="trick", value=trick)
        if bit & sum(1 << x for x in tal):
            raise PreferansError("overlap", f"trick[{i}]: {_name(card)} is on the table and in the talon",
                                 field="trick", value=trick)
        seen |= bit
        cards.append(card)
    size = bin(h[p]).count("1")
    if size == 0:
        raise PreferansError("bad_hand_size", f"hands[{p}]: the seat to play holds no card", field="hands",
                             value=hands)
    for j in range(3):
        played = (j - leader) % 3 < n
        want = size - 1 if played else size
        got = bin(h[j]).count("1")
        if got != want:
            raise PreferansError("bad_hand_size", f"hands[{j}]: holds {got} cards, expected {want} (seat {p} to play "
                                 f"holds {size}; a seat that played to the trick holds one fewer)",
                                 field="hands", value=hands)
    for i in range(1 if not tal else 0, n):
        q = (leader + i) % 3
        led = cards[0] >> 4 if not tal else tal[0] >> 4
        s = cards[i] >> 4
        if s != led and h[q] & (0xFFFF << (16 * led)):
            raise PreferansError("must_follow", f"trick[{i}]: seat {q} played {_name(cards[i])} though holding "
                                 f"{_SUITS[led]}", field="trick", value=trick)
        if s != led and trump is not None and s != trump and h[q] & (0xFFFF << (16 * trump)):
            raise PreferansError("must_trump", f"trick[{i}]: seat {q}, void in {_SUITS[led]}, played "
                                 f"{_name(cards[i])} though holding a trump", field="trick", value=trick)
    if tal:
        _talon_followable(tal, h, cards)
    if type(won) is not int or not 0 <= won <= 10 - size:
        raise PreferansError("bad_won", f"won: {won!r} is not a count of tricks 0..{10 - size} (10 tricks a deal, "
                             f"{size} still to play)", field="won", value=won)
    return h, leader, -1 if trump is None else trump, counted, 1 if kind == "game" else 0, cards, tal


cdef class Solver:
    """A double-dummy solver with its own transposition table (2**log2_entries entries of 32 bytes,
    16 MB by default). The table's entries stay valid across positions solved under the same
    trump, counted seat and kind, which is what makes solving every layout of one problem fast.
    One Solver per thread: the search releases the GIL and touches nothing else."""

    cdef DDContext ctx
    cdef bint busy

    def __cinit__(self, int log2_entries=19):
        self.ctx.table = NULL
        self.busy = False
        if not 10 <= log2_entries <= 24:
            raise PreferansError("bad_table", f"log2_entries: {log2_entries} is not 10..24 (16 KB to 512 MB)",
                                 field="log2_entries", value=log2_entries)
        if dd_init(&self.ctx, log2_entries) != 0:
            raise MemoryError(f"no memory for a table of 2**{log2_entries} entries")

    def __dealloc__(self):
        dd_free(&self.ctx)

    cdef int _load(self, hands, to_play, trump, kind, declarer, seat, trick, won, talon=None,
                   talon_rule="first_hand") except -1:
        h, leader, t, counted, maximize, cards, tal = _position(hands, to_play, trump, kind, declarer, seat, trick,
                                                                won, talon, talon_rule)
        if self.busy:       # checked and set under the GIL: a second thread on this Solver is refused
            raise PreferansError("solver_busy", "this Solver is solving in another thread; use one Solver a thread")
        dd_set(&self.ctx, h[0], h[1], h[2], leader, t, counted, maximize)
        for i, c in enumerate(cards):
            self.ctx.tcard[i] = c
        self.ctx.nplayed = len(cards)
        if tal:
            dd_set_talon(&self.ctx, len(tal), tal[0], tal[1] if len(tal) > 1 else -1,
                         1 if talon_rule == "winner" else 0)
        return 0

    def solve(self, hands, *, to_play, trump=None, kind="game", declarer=None, seat=None, trick=(), won=0,
              talon=None, talon_rule="first_hand"):
        """The counted seat's tricks by the end of the deal with best play: `won` (already taken) plus
        those it takes from the trick in progress on. Raspasy with the talon in use: `talon` holds the
        talon cards still to lead a trick (the first leads the trick in progress, whose plays `trick`
        holds), `talon_rule` says who plays first after a talon trick (TALON_RULES)."""
        cdef int v
        self._load(hands, to_play, trump, kind, declarer, seat, trick, won, talon, talon_rule)
        self.busy = True
        with nogil:
            v = dd_value(&self.ctx)
        self.busy = False
        return v + won

    def move_values(self, hands, *, to_play, trump=None, kind="game", declarer=None, seat=None, trick=(), won=0,
                    talon=None, talon_rule="first_hand"):
        """{card: the counted seat's tricks by the end if the seat on turn plays it, then best play}
        for every legal card of the seat on turn, in ascending card order."""
        cdef int cards[16]
        cdef int values[16]
        cdef int k, i
        self._load(hands, to_play, trump, kind, declarer, seat, trick, won, talon, talon_rule)
        self.busy = True
        with nogil:
            k = dd_move_values(&self.ctx, cards, values)
        self.busy = False
        return {cards[i]: values[i] + won for i in range(k)}

    def layouts(self, hand, pool, *, hand_at=0, to_play, trump=None, kind="game", declarer=None, seat=None,
                start=0, stop=None):
        """{tricks: how many layouts} over every split of `pool` between the two hands other than
        hands[hand_at] (which holds `hand`), each solved from `to_play`'s lead as `solve` would: the
        all-layouts problem of a seat that sees its own hand. `pool` holds twice as many cards as
        `hand`. The splits are ranked in lexicographic order of the cards hands[hand_at + 1] gets
        (C(2n, n) of them); start and stop pick a range of them, so threads, each with its own
        Solver, can share the work. Runs in C without the GIL, a chunk at a time so Ctrl-C stops it."""
        cdef long long hist[16]
        cdef long long a, b, total, done
        cdef uint64_t fixed, pl
        cdef int fa, leader, t, counted, maximize, i
        if type(hand_at) is not int or not 0 <= hand_at <= 2:
            raise PreferansError("bad_seat", f"hand_at: {hand_at!r} is not a seat index 0, 1 or 2", field="hand_at",
                                 value=hand_at)
        fixed = _mask("hand", hand)
        pl = _mask("pool", pool)
        if fixed & pl:
            raise PreferansError("overlap", f"hand and pool both hold {_names(fixed & pl)}", field="pool", value=pool)
        nf = bin(fixed).count("1")
        if nf == 0 or bin(pl).count("1") != 2 * nf:
            raise PreferansError("bad_hand_size", f"pool: holds {bin(pl).count('1')} cards, expected twice the "
                                 f"hand's {nf} (and the hand must hold some)", field="pool", value=pool)
        first = 0
        x = pl
        for i in range(nf):
            first |= x & -x
            x &= x - 1
        hands = [0, 0, 0]
        hands[hand_at] = fixed
        hands[(hand_at + 1) % 3] = first
        hands[(hand_at + 2) % 3] = pl & ~first
        h, leader, t, counted, maximize, cards, tal = _position(hands, to_play, trump, kind, declarer, seat, (), 0)
        total = _binom(2 * nf, nf)
        if stop is None:
            stop = total
        if type(start) is not int or type(stop) is not int or not 0 <= start <= stop <= total:
            raise PreferansError("bad_range", f"start, stop: {start!r}, {stop!r} is not a range within the "
                                 f"{total} layouts", field="start", value=start)
        if self.busy:
            raise PreferansError("solver_busy", "this Solver is solving in another thread; use one Solver a thread")
        for i in range(16):
            hist[i] = 0
        fa = hand_at
        a = start
        self.busy = True
        try:
            while a < stop:
                b = min(stop, a + 2048)
                with nogil:
                    done = dd_layouts(&self.ctx, fixed, fa, pl, leader, t, counted, maximize, a, b, hist)
                a = b
                PyErr_CheckSignals()
        finally:
            self.busy = False
        return {i: hist[i] for i in range(16) if hist[i]}

    @property
    def nodes(self):
        """Search nodes visited since this Solver was made (a work measure for benchmarks)."""
        return self.ctx.nodes


def _binom(int n, int k) -> int:
    return BINOM[n][k]


_local = threading.local()


def _solver() -> Solver:
    s = getattr(_local, "solver", None)
    if s is None:
        s = _local.solver = Solver()
    return s


def solve(hands, *, to_play, trump=None, kind="game", declarer=None, seat=None, trick=(), won=0, talon=None,
          talon_rule="first_hand"):
    """The counted seat's tricks by the end of the deal with best play on every side.

    hands: three card masks (ints or CardSets), indexed by the active seats in play order (index
    i + 1 mod 3 plays after i). to_play: the index on turn. trump: a suit 0..3 or None (a misere
    and raspasy have none). kind: "game" (the declarer maximises, the defenders minimise together),
    "misere" (the declarer minimises, the catchers maximise together) or "raspasy" (the guarantee of
    `seat`: the fewest tricks it can hold itself to when the two others together push tricks on it).
    declarer: the declarer's index in a game or misere (default 0); seat: the counted index in
    raspasy. trick: the cards on the table as (index, card) pairs in play order, 0 to 2 of them.
    won: tricks the counted seat has already taken, added to the answer. talon, talon_rule: raspasy's
    talon cards still to lead a trick and how they do (see Solver.solve).

    Uses one Solver per thread, kept between calls.
    """
    return _solver().solve(hands, to_play=to_play, trump=trump, kind=kind, declarer=declarer, seat=seat,
                           trick=trick, won=won, talon=talon, talon_rule=talon_rule)


def move_values(hands, *, to_play, trump=None, kind="game", declarer=None, seat=None, trick=(), won=0,
                talon=None, talon_rule="first_hand"):
    """{card: the answer of `solve` after that card} for every legal card of the seat on turn."""
    return _solver().move_values(hands, to_play=to_play, trump=trump, kind=kind, declarer=declarer, seat=seat,
                                 trick=trick, won=won, talon=talon, talon_rule=talon_rule)
