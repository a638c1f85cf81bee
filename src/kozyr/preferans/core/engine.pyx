"""The compiled preferans deal: `CoreDeal`, the fast path over the C rules (core/rules.pxd)
speaking move codes, and its JSON forms of a seat's view and of the record.

A move code is one int per move (the same table as kozyr.preferans.moves): 0 pass,
1 whist, 2 half-whist, 3 closed, 4 open, 8 + i bid of LADDER[i], 40 + i name of
LADDER[i], 64 + card play, 128 + 32 i + j discard of the cards of deck indices
i < j (7S = 0 ... AC = 31). Every legal list is ascending by code, which is the
rules' canonical order in every phase.
"""
from libc.stdint cimport uint8_t, uint64_t
from libc.string cimport memcpy

from kozyr.durak.core.seeds cimport fast_next
from kozyr.preferans.core.state cimport *
from kozyr.preferans.core.rules cimport (
    card_index, half_offered, index_card, play_mask, pref_actor, pref_check, pref_check_move, pref_check_phase,
    pref_check_seat, pref_do, pref_init, pref_legal, pref_random, pref_shuffle,
)

from kozyr.preferans.contracts import LADDER
from kozyr.preferans.core.params import params_of

PHASES = ("auction", "talon", "naming", "whisting", "defence", "play", "over")
OUTCOMES = (None, "raspasy", "misere", "game", "passed", "half_whist")
REFUSALS = (None, "game_over", "not_your_turn", "not_legal", "wrong_phase", "bid_after_misere",
            "misere_after_bid", "bid_not_higher", "below_minimum", "card_not_held", "bad_contract",
            "bad_call", "must_follow", "must_trump")
RASPASY_TALON = ("first_hand", "winner", "none")
LONE_WHIST = ("choice", "open", "closed")
DEFENCES = {DF_NONE: None, DF_CLOSED: "closed", DF_OPEN: "open"}
CALLS = ("pass", "whist", "half-whist")

_RANK_CHARS = "0123456789TJQKA"
_SUIT_CHARS = "SHDC"
cdef list _NAME = [None] * 64
for _c in range(64):
    if 7 <= (_c & 15) <= 14:
        _NAME[_c] = _RANK_CHARS[_c & 15] + _SUIT_CHARS[_c >> 4]
cdef list _CONTRACT = [str(c) for c in LADDER]


def card_name(int c):
    """`7S` ... `AC` for a card int of the 32-card deck."""
    return _NAME[c]


def _move_text(int code):
    if code < 5:
        return ("pass", "whist", "half-whist", "closed", "open")[code]
    if code < MV_NAME:
        return "bid " + _CONTRACT[code - MV_BID]
    if code < MV_PLAY + 7:
        return "name " + _CONTRACT[code - MV_NAME]
    if code < MV_DISCARD:
        return "play " + _NAME[code - MV_PLAY]
    return "discard " + _NAME[index_card((code - MV_DISCARD) >> 5)] + " " + _NAME[index_card((code - MV_DISCARD) & 31)]


MOVE_TEXT = {c: _move_text(c) for c in list(range(5)) + list(range(MV_BID, MV_BID + NRANKS))
             + list(range(MV_NAME, MV_NAME + NRANKS))
             + [MV_PLAY + c for c in range(64) if 7 <= (c & 15) <= 14]
             + [MV_DISCARD + 32 * i + j for i in range(32) for j in range(i + 1, 32)]}
"""The canonical text of every move code."""


def discard_code(int a, int b):
    """The move code of discarding cards a and b (either order; a != b, both cards of the deck)."""
    cdef int i = card_index(a), j = card_index(b)
    if i > j:
        i, j = j, i
    return MV_DISCARD + 32 * i + j


cdef list _names(uint64_t m):
    cdef list out = []
    while m:
        out.append(_NAME[__builtin_ctzll(m)])
        m &= m - 1
    return out


cdef extern from *:
    int __builtin_ctzll(unsigned long long) nogil
    int __builtin_popcountll(unsigned long long) nogil


def shuffled(seed, number):
    """The rules' shuffled order of the 32 cards (card ints) for a 32-byte seed and deal number."""
    cdef unsigned char cards[32]
    _shuffle_into(cards, seed, number)
    return tuple(cards[i] for i in range(32))


cdef void _shuffle_into(unsigned char *cards, bytes seed, object number) except *:
    cdef bytes head = seed + b"preferans:" + str(int(number)).encode("ascii") + b":"
    cdef bytearray msg = bytearray(head) + bytearray(24)
    cdef unsigned char *p = msg
    pref_shuffle(cards, <uint8_t *>p, len(head))


cdef class CoreDeal:
    """One deal on the C rules, moves as int codes (checked by the caller: seat 0..N-1, dealer,
    min_level and params in range; this class trusts them). `apply` returns a refusal code
    (0 when the move was made; a refused move changes nothing)."""

    def __init__(self, bytes seed, number, int players, int dealer, int min_level, tuple params):
        cdef unsigned char cards[32]
        cdef PParams p
        if len(seed) != 32 or players not in (3, 4) or not 0 <= dealer < players or not 6 <= min_level <= 10:
            raise ValueError("CoreDeal: inputs out of range")
        p.rtalon, p.ten_checked, p.lone_whist, p.stalingrad, p.half_whist = params
        _shuffle_into(cards, seed, number)
        pref_init(&self.s, players, dealer, min_level, &p, cards)
        self._seed = seed
        self._number = number
        self._log = []
        self._legal = None
        self._legal_ply = -1

    cdef tuple legal_codes(self):
        cdef int out[MAX_LEGAL]
        cdef int k, i
        if self._legal_ply != self.s.ply or self._legal is None:
            k = pref_legal(&self.s, out)
            self._legal = tuple([out[i] for i in range(k)])
            self._legal_ply = self.s.ply
        return self._legal

    def legal(self):
        """The legal move codes, ascending (empty once over)."""
        return self.legal_codes()

    def check_seat(self, int seat):
        return pref_check_seat(&self.s, seat)

    def check_phase(self, int code):
        return pref_check_phase(&self.s, code)

    def check(self, int seat, int code):
        """The refusal code of (seat, code), 0 when it is legal."""
        return pref_check(&self.s, seat, code)

    def check_move(self, int code):
        """The checks by kind for a code of the current phase."""
        return pref_check_move(&self.s, code)

    def apply(self, int seat, int code):
        """Make the move: 0, or the refusal code (nothing changed)."""
        cdef int rf = pref_check(&self.s, seat, code)
        if rf == RF_OK:
            self._log.append((seat, code))
            pref_do(&self.s, code)
        return rf

    # -- reading ------------------------------------------------------------
    @property
    def phase(self):
        return PHASES[self.s.phase]

    @property
    def actor(self):
        cdef int a = pref_actor(&self.s)
        return None if a < 0 else a

    @property
    def ply(self):
        return self.s.ply

    @property
    def over(self):
        return self.s.phase == PH_OVER

    @property
    def outcome(self):
        return OUTCOMES[self.s.outcome]

    @property
    def moves(self):
        """The accepted moves as (seat, code)."""
        return tuple(self._log)

    @property
    def order(self):
        return tuple(self.s.order[i] for i in range(32))

    @property
    def active(self):
        return (self.s.active[0], self.s.active[1], self.s.active[2])

    def hand(self, int seat):
        """The seat's cards as a 64-bit mask (0 for the sitting-out dealer)."""
        cdef int j = self._index(seat)
        return 0 if j < 0 else self.s.hand[j]

    @property
    def won(self):
        return {self.s.active[j]: self.s.won[j] for j in range(3)}

    cdef int _index(self, int seat):
        cdef int j
        for j in range(3):
            if self.s.active[j] == seat:
                return j
        return -1

    # -- JSON forms -----------------------------------------------------------
    def params_json(self):
        return {"raspasy_talon": RASPASY_TALON[self.s.p.rtalon], "ten_checked": bool(self.s.p.ten_checked),
                "lone_whist": LONE_WHIST[self.s.p.lone_whist], "stalingrad": bool(self.s.p.stalingrad),
                "half_whist": bool(self.s.p.half_whist)}

    def final_calls(self):
        """The record's calls as {seat: call} and whist_order (W1, W2), or (None, None)."""
        cdef PState *s = &self.s
        cdef int a1, a2
        if s.kind != KD_GAME or s.w1 < 0:
            return None, None
        a1 = s.active[s.w1]
        a2 = s.active[s.w2]
        if s.outcome == OC_HALF:
            calls = {a1: "pass", a2: "half-whist"}
        else:
            calls = {a1: "whist" if s.whisters & (1 << s.w1) else "pass",
                     a2: "whist" if s.whisters & (1 << s.w2) else "pass"}
        if s.phase != PH_OVER and s.phase != PH_PLAY:
            return None, None
        return calls, (a1, a2)

    def record_json(self, players, preset):
        """The record's JSON object (every key; outcome and deal null until the end)."""
        cdef PState *s = &self.s
        cdef int j
        over = s.phase == PH_OVER
        calls, order = self.final_calls()
        played = s.outcome in (OC_RASPASY, OC_MISERE, OC_GAME)
        conv = {"preset": preset}
        conv.update(self.params_json())
        return {
            "seed": self._seed.hex(),
            "number": self._number,
            "players": list(players),
            "dealer": s.dealer,
            "convention": conv,
            "min_level": s.min_level,
            "moves": [[seat, MOVE_TEXT[code]] for seat, code in self._log],
            "talon": [_NAME[s.talon[0]], _NAME[s.talon[1]]],
            "discard": _names(s.discard),
            "declarer": s.active[s.decl] if s.decl >= 0 else None,
            "bid": _CONTRACT[s.bid] if s.bid >= 0 else None,
            "contract": _CONTRACT[s.contract] if s.contract >= 0 else None,
            "calls": None if calls is None else {str(k): v for k, v in calls.items()},
            "whist_order": None if order is None else list(order),
            "defence": DEFENCES[s.defence],
            "tricks": {str(s.active[j]): s.won[j] for j in range(3)} if played else None,
            "outcome": OUTCOMES[s.outcome],
            "deal": self.deal_json(players) if over else None,
        }

    def deal_json(self, players):
        """The arguments of the scorer's Deal, with names (the record's `deal`)."""
        cdef PState *s = &self.s
        cdef int j
        if s.phase != PH_OVER:
            return None
        names = list(players)
        tricks = {names[s.active[j]]: s.won[j] for j in range(3)}
        out = {"players": names, "dealer": names[s.dealer], "raspasy": s.outcome == OC_RASPASY,
               "declarer": None, "contract": None, "calls": None, "tricks": None, "open": None,
               "whist_order": None}
        if s.outcome == OC_RASPASY:
            out["tricks"] = tricks
            return out
        out["declarer"] = names[s.active[s.decl]]
        out["contract"] = _CONTRACT[s.contract]
        if s.outcome == OC_MISERE:
            out["tricks"] = tricks
            return out
        calls, order = self.final_calls()
        out["calls"] = {names[k]: v for k, v in calls.items()}
        out["whist_order"] = [names[order[0]], names[order[1]]]
        if s.outcome == OC_GAME:
            out["tricks"] = tricks
            out["open"] = s.defence == DF_OPEN
        else:
            out["open"] = False
        return out

    def view_json(self, int seat, players):
        """What `seat` may see, as the view's JSON object."""
        cdef PState *s = &self.s
        cdef int j = self._index(seat), k, i, actor = pref_actor(s)
        trick = None
        if s.phase == PH_PLAY:
            trick = {"leader": s.active[s.leader], "talon": _NAME[s.lead_card] if s.lead_card >= 0 else None,
                     "plays": [[s.active[s.play_who[i]], _NAME[s.play_card[i]]] for i in range(s.nplayed)]}
        controls = []
        if j >= 0:
            controls = [seat] + [s.active[k] for k in range(3) if k != j and s.ctrl[k] == j]
        return {
            "seat": seat,
            "ply": s.ply,
            "phase": PHASES[s.phase],
            "actor": None if actor < 0 else actor,
            "dealer": s.dealer,
            "active": [s.active[0], s.active[1], s.active[2]],
            "params": self.params_json(),
            "min_level": s.min_level,
            "auction": [[s.active[s.auc_who[i]], "pass" if s.auc_call[i] < 0 else _CONTRACT[s.auc_call[i]]]
                        for i in range(s.nauction)],
            "declarer": s.active[s.decl] if s.decl >= 0 else None,
            "bid": _CONTRACT[s.bid] if s.bid >= 0 else None,
            "contract": _CONTRACT[s.contract] if s.contract >= 0 else None,
            "trump": s.trump if s.trump >= 0 else None,
            "talon": [_NAME[s.talon[i]] for i in range(s.talon_up)],
            "discard": _names(s.discard) if j >= 0 and j == s.decl else [],
            "calls": [[s.active[s.call_who[i]], CALLS[s.call_what[i]]] for i in range(s.ncalls)],
            "defence": DEFENCES[s.defence],
            "hand": _names(s.hand[j]) if j >= 0 else [],
            "counts": {str(s.active[k]): __builtin_popcountll(s.hand[k]) for k in range(3)},
            "open_hands": {str(s.active[k]): _names(s.hand[k]) for k in range(3) if s.opened & (1 << k)},
            "controls": controls,
            "trick": trick,
            "tricks": [{"talon": _NAME[s.t_talon[i]] if s.t_talon[i] >= 0 else None,
                        "plays": [[s.active[s.t_who[3 * i + k]], _NAME[s.t_card[3 * i + k]]] for k in range(3)],
                        "winner": s.active[s.t_win[i]]} for i in range(s.ntricks)],
            "won": {str(s.active[k]): s.won[k] for k in range(3)},
            "legal": [MOVE_TEXT[c] for c in self.legal_codes()] if seat == actor else [],
            "over": s.phase == PH_OVER,
            "deal": self.deal_json(players) if s.phase == PH_OVER else None,
        }


# -- the compiled Game: the shared vocabulary (Move, Event, View, Record) over the C rules -------------

from kozyr.cards cimport CardSet

from kozyr.errors import real, shown, whole
from kozyr.preferans._frozen import FrozenMap
from kozyr.preferans.contracts import MISERE
from kozyr.preferans.convention import SOCHI
from kozyr.preferans.deal import Call, Deal
from kozyr.preferans.errors import PreferansError
from kozyr.preferans.events import Event
from kozyr.preferans.moves import MOVES_BY_CODE, PHASES_OF, Move, from_words, split
from kozyr.preferans.record import Record
from kozyr.preferans.newdeal import checked_deal
from kozyr.preferans.views import CurrentTrick, Trick, View

cdef tuple _CALL_OF = (Call.PASS, Call.WHIST, Call.HALF_WHIST)
cdef tuple _LADDER = tuple(LADDER)

_WHY = {
    "bid_after_misere": "after misère a player may only pass",
    "misere_after_bid": "misère must be a player's first bid",
    "bid_not_higher": "not above the standing bid",
    "below_minimum": "below the minimum level",
    "card_not_held": "the hand on turn does not hold it",
    "bad_contract": "misère, or below the winning bid",
    "bad_call": "not offered here (half-whist only by the second defender after a pass, on a six or a seven)",
    "must_follow": "the hand on turn must follow suit",
    "must_trump": "the hand on turn, void in the led suit, must trump",
}


cdef dict _EVENTS = {}
cdef list _LEGAL_TUPLES = [{} for _ in range(7)]   # by phase: legal_key -> the tuple of Moves
LEGAL_CACHE_MAX = 200_000                         # entries a phase's table holds before it starts again


cdef inline uint64_t legal_key(const PState *s) noexcept nogil:
    """A number that, within one phase, fixes the legal list: the playable cards in the play, the
    declarer's 12 cards at the talon, the winning bid at the naming, what the auction's list depends on
    (the standing bid, the caller's own bids, min_level), whether a half-whist is offered."""
    cdef int b
    if s.phase == PH_PLAY:
        return play_mask(s)
    if s.phase == PH_AUCTION:
        b = 1 << s.turn
        return (<uint64_t>(s.high + 1) | (<uint64_t>((s.miserers & b) != 0) << 5)
                | (<uint64_t>((s.bidders & b) != 0) << 6) | (<uint64_t>s.min_level << 7))
    if s.phase == PH_TALON:
        return s.hand[s.decl]
    if s.phase == PH_NAMING:
        return <uint64_t>s.bid
    if s.phase == PH_WHISTING:
        return <uint64_t>half_offered(s)
    return 0
cdef dict _PARAMS = {}       # id(Convention) -> (the Convention, its play parameters as ints)
cdef dict _CODE_OF = {id(m): m.code for m in MOVES_BY_CODE if m is not None}   # the interned Moves' codes


def _event(kind, seat=None, move=None, contract=None, cards=None, card=None, by=None, mode=None, number=None,
           outcome=None):
    """The Event of these fields, made once and shared (Events are frozen values; building one costs
    microseconds, looking it up a tenth of that)."""
    key = (kind, seat, move, contract, cards, card, by, mode, number, outcome)
    ev = _EVENTS.get(key)
    if ev is None:
        ev = Event(kind, seat=seat, move=move, contract=contract, cards=cards, card=card, by=by, mode=mode,
                   number=number, outcome=outcome)
        _EVENTS[key] = ev
    return ev


cdef inline object _seat_or_none(const PState *s, int j):
    return s.active[j] if j >= 0 else None


cdef list _by_seat(const PState *s):
    """The active indices in seat order (maps keyed by seat list the seats in order)."""
    return [k for _, k in sorted([(s.active[k], k) for k in range(3)])]


cdef tuple _cards(uint64_t m):
    cdef list out = []
    while m:
        out.append(__builtin_ctzll(m))
        m &= m - 1
    return tuple(out)


cdef class Game:
    """One deal of preferans on the compiled rules: the same API, moves, events, views and record as the
    plain-Python twin (kozyr.preferans.reference), which the tests play beside it move for move.
    Build it with :meth:`from_seed`; `core` is the fast path underneath (a CoreDeal: int move codes)."""

    cdef readonly CoreDeal core
    cdef readonly tuple players
    cdef readonly object convention
    cdef list _history           # (seat, Move)
    cdef tuple _legal
    cdef int _legal_ply

    def __init__(self):
        raise TypeError("Game: use Game.from_seed(seed, number, players=..., dealer=...)")

    @staticmethod
    def from_seed(seed, number, *, players, dealer, convention=SOCHI, conditions=None):
        """Deal `number` of `seed` (32 bytes, or 32 ASCII characters) to `players` (3 or 4 names in seating
        order) with `dealer` (a seat) dealing, under `convention`; `conditions` gives the minimum bid level
        (the sheet's `next_conditions`; `Conditions.start(convention)` when None). Refusals, the first that
        applies: player_count/duplicate_player, bad_dealer, bad_min_level, bad_seed, bad_number,
        bad_convention."""
        cdef Game g
        names, d, level, raw, num, convention = checked_deal(seed, number, players, dealer, conditions, convention)
        g = Game.__new__(Game)
        entry = _PARAMS.get(id(convention))
        if entry is not None and entry[0] is convention:
            params = entry[1]
        else:
            if len(_PARAMS) > 256:
                _PARAMS.clear()
            params = params_of(convention)
            _PARAMS[id(convention)] = (convention, params)
        g.core = CoreDeal(raw, num, len(names), d, level, params)
        g.players = names
        g.convention = convention
        g._history = []
        g._legal = None
        g._legal_ply = -1
        return g

    # -- reading ------------------------------------------------------------------------------------------
    @property
    def phase(self):
        """`auction`, `talon`, `naming`, `whisting`, `defence`, `play` or `over`."""
        return PHASES[self.core.s.phase]

    @property
    def ply(self):
        """The number of moves accepted so far."""
        return self.core.s.ply

    @property
    def over(self):
        return self.core.s.phase == PH_OVER

    @property
    def actor(self):
        """The seat to move; None once the deal is over."""
        cdef int a = pref_actor(&self.core.s)
        return None if a < 0 else a

    @property
    def dealer(self):
        return self.core.s.dealer

    @property
    def active(self):
        """a0, a1, a2: the seats that hold cards, first hand first."""
        return self.core.active

    @property
    def min_level(self):
        return self.core.s.min_level

    def hand(self, seat):
        """The cards `seat` holds now (all-seeing: for tests and analysis, not for a bot's seat); none for
        the sitting-out dealer or anything that is not an active seat."""
        if type(seat) is not int or not 0 <= seat < self.core.s.n:
            return CardSet.wrap(0)
        return CardSet.wrap(self.core.hand(seat))

    def legal_moves(self):
        """The actor's legal moves in canonical order (cached Move objects; empty once over)."""
        cdef int out[MAX_LEGAL]
        cdef int k, i
        if self._legal_ply == self.core.s.ply:
            return self._legal
        cdef PState *s = &self.core.s
        cdef dict table = <dict>_LEGAL_TUPLES[s.phase]
        key = legal_key(s)
        legal = table.get(key)
        if legal is None:
            k = pref_legal(s, out)
            legal = tuple([MOVES_BY_CODE[out[i]] for i in range(k)])
            if len(table) >= LEGAL_CACHE_MAX:
                table.clear()
            table[key] = legal
        self._legal = <tuple>legal
        self._legal_ply = s.ply
        return self._legal

    # -- moves --------------------------------------------------------------------------------------------
    def apply(self, seat, move):
        """Make `seat`'s move (a Move or its text) and return the events it caused; a refused move raises
        PreferansError (the first failing check: game_over, not_your_turn, not_legal, wrong_phase, then the
        move's own checks) and changes nothing."""
        cdef PState *s = &self.core.s
        cdef int code, rf, actor
        if s.phase == PH_OVER:
            raise PreferansError("game_over", f"move {shown(move)} by seat {shown(seat)}: the deal is over",
                                 field="seat", value=seat)
        actor = pref_actor(s)
        if type(seat) is not int or seat != actor:
            raise PreferansError("not_your_turn", f"move {shown(move)} by seat {shown(seat)}: seat {actor} is to "
                                 f"move ({PHASES[s.phase]})", field="seat", value=seat)
        if isinstance(move, Move):
            parsed = move
            kind = parsed.kind
        else:
            kind, words = split(move)
            parsed = None
        if PHASES[s.phase] not in PHASES_OF[kind]:
            raise PreferansError("wrong_phase", f"move {shown(move)} by seat {seat}: no {kind!r} in the "
                                 f"{PHASES[s.phase]}", field="move", value=move)
        if parsed is None:
            parsed = from_words(kind, words)
        c = _CODE_OF.get(id(parsed))
        code = parsed.code if c is None or MOVES_BY_CODE[c] is not parsed else c
        rf = pref_check_move(s, code)
        if rf != RF_OK:
            name = REFUSALS[rf]
            raise PreferansError(name, f"{parsed} by seat {seat}: {_WHY[name]}", field="move", value=str(parsed))
        return self._do(seat, parsed, code)

    cdef tuple _do(self, int seat, object move, int code):
        cdef PState *s = &self.core.s
        cdef int phase = s.phase, ntricks = s.ntricks, opened = s.opened, j, hand_j = s.turn
        pref_do(s, code)
        self.core._log.append((seat, code))
        self._history.append((seat, move))
        cdef list ev
        if phase == PH_PLAY:
            ev = [_event("play", seat=s.active[hand_j], card=code - MV_PLAY, by=seat)]
            if s.opened != opened:
                ev.append(Event("reveal", hands=FrozenMap(
                    [(s.active[j], _cards(s.hand[j])) for j in _by_seat(s) if s.opened & (1 << j)])))
            if s.ntricks != ntricks:
                ev.append(_event("trick_end", seat=s.active[s.t_win[ntricks]], number=s.ntricks))
                if s.phase == PH_OVER:
                    ev.append(_event("deal_over", outcome=OUTCOMES[s.outcome]))
                elif s.kind == KD_RASPASY and s.p.rtalon != RT_NONE and s.ntricks == 1:
                    ev.append(_event("talon_shown", cards=(s.talon[1],)))
            return tuple(ev)
        if phase == PH_AUCTION:
            ev = [_event("call", seat=seat, move=move)]
            if s.phase == PH_AUCTION:
                return tuple(ev)
            if s.kind == KD_RASPASY:
                ev.append(_event("auction_end"))
                if s.p.rtalon != RT_NONE:
                    ev.append(_event("talon_shown", cards=(s.talon[0],)))
            else:
                ev.append(_event("auction_end", seat=s.active[s.decl], contract=_LADDER[s.bid]))
                ev.append(_event("talon_shown", cards=(s.talon[0], s.talon[1])))
            return tuple(ev)
        if phase == PH_TALON:
            ev = [_event("discard", seat=seat)]
        elif phase == PH_NAMING:
            ev = [_event("named", seat=seat, contract=_LADDER[s.contract])]
        elif phase == PH_WHISTING:
            ev = [_event("whist_call", seat=seat, move=move)]
            if s.phase == PH_OVER:
                ev.append(_event("deal_over", outcome=OUTCOMES[s.outcome]))
                return tuple(ev)
        else:
            ev = []
        if s.phase == PH_PLAY:
            ev.append(_event("defence", seat=_seat_or_none(s, s.lone), mode=DEFENCES[s.defence]))
        return tuple(ev)

    def finish_random(self, seed, pass_rate=0.0):
        """Play the deal to its end with uniformly random legal moves (the fast generator, splitmix64,
        seeded by `seed`, any int taken mod 2**64), recorded like moves given to `apply`; the number of
        moves made. With `pass_rate` p (0 to 1) an auction call is a pass with probability p and a
        uniformly random legal call otherwise: uniform bidders almost never pass a deal out (some 4 in
        100,000 deals are raspasy), and a game's raspasy and exit thresholds need them to.
        The bots of a whole game in C (`kozyr.preferans.core.pulya.play_game`)."""
        cdef PState *s = &self.core.s
        cdef uint64_t rng = <uint64_t>(whole("seed", seed) & 0xFFFFFFFFFFFFFFFF)
        cdef int code, actor, made = 0
        cdef double rate = real("pass_rate", pass_rate, 0.0, 1.0)
        cdef uint64_t cut = <uint64_t>(rate * 9007199254740992.0)   # p * 2**53
        while s.phase != PH_OVER:
            if s.phase == PH_AUCTION and cut and (fast_next(&rng) >> 11) < cut:
                code = MV_PASS
            else:
                code = pref_random(s, &rng)
            actor = pref_actor(s)
            pref_do(s, code)
            self.core._log.append((actor, code))
            self._history.append((actor, MOVES_BY_CODE[code]))
            made += 1
        return made

    # -- what a seat sees -----------------------------------------------------------------------------
    def view(self, seat):
        """What `seat` may see now (every seat has a view, the sitting-out dealer's included); a seat that
        is not an int 0..N-1 is bad_seat."""
        cdef PState *s = &self.core.s
        cdef int n = s.n, j = -1, k, i, actor = pref_actor(s)
        if type(seat) is not int or not 0 <= seat < n:
            raise PreferansError("bad_seat", f"view: {shown(seat)} is not a seat 0..{n - 1}", field="seat",
                                 value=seat)
        for k in range(3):
            if s.active[k] == seat:
                j = k
        order = _by_seat(s)
        controls = ()
        if j >= 0:
            controls = (seat,) + tuple(s.active[k] for k in range(3) if k != j and s.ctrl[k] == j)
        trick = None
        if s.phase == PH_PLAY:
            trick = CurrentTrick(s.active[s.leader], s.lead_card if s.lead_card >= 0 else None,
                                 tuple([(s.active[s.play_who[i]], s.play_card[i]) for i in range(s.nplayed)]))
        return View(
            seat=seat,
            ply=s.ply,
            phase=PHASES[s.phase],
            actor=None if actor < 0 else actor,
            dealer=s.dealer,
            active=(s.active[0], s.active[1], s.active[2]),
            params=FrozenMap(self.convention.play_params),
            min_level=s.min_level,
            auction=tuple([(s.active[s.auc_who[i]], None if s.auc_call[i] < 0 else _LADDER[s.auc_call[i]])
                           for i in range(s.nauction)]),
            declarer=_seat_or_none(s, s.decl),
            bid=_LADDER[s.bid] if s.bid >= 0 else None,
            contract=_LADDER[s.contract] if s.contract >= 0 else None,
            trump=s.trump if s.trump >= 0 else None,
            talon=tuple([s.talon[i] for i in range(s.talon_up)]),
            discard=_cards(s.discard) if j >= 0 and j == s.decl else (),
            calls=tuple([(s.active[s.call_who[i]], _CALL_OF[s.call_what[i]]) for i in range(s.ncalls)]),
            defence=DEFENCES[s.defence],
            hand=CardSet.wrap(s.hand[j]) if j >= 0 else CardSet.wrap(0),
            counts=FrozenMap([(s.active[k], __builtin_popcountll(s.hand[k])) for k in order]),
            open_hands=FrozenMap([(s.active[k], CardSet.wrap(s.hand[k])) for k in order if s.opened & (1 << k)]),
            controls=controls,
            trick=trick,
            tricks=tuple([Trick(s.t_talon[i] if s.t_talon[i] >= 0 else None,
                                tuple([(s.active[s.t_who[3 * i + k]], s.t_card[3 * i + k]) for k in range(3)]),
                                s.active[s.t_win[i]]) for i in range(s.ntricks)]),
            won=FrozenMap([(s.active[k], s.won[k]) for k in order]),
            legal=self.legal_moves() if seat == actor else (),
            over=s.phase == PH_OVER,
            deal=self._deal(),
        )

    cdef object _deal(self):
        """The scorer's Deal once over, else None."""
        cdef PState *s = &self.core.s
        cdef int k
        if s.phase != PH_OVER:
            return None
        names = self.players
        dealer = names[s.dealer]
        tricks = {names[s.active[k]]: s.won[k] for k in range(3)}
        if s.outcome == OC_RASPASY:
            return Deal.raspasy(tricks, players=names, dealer=dealer)
        declarer = names[s.active[s.decl]]
        if s.outcome == OC_MISERE:
            return Deal(names, dealer=dealer, declarer=declarer, contract=MISERE, tricks=tricks)
        calls = {names[seat]: c.value for seat, c in self._final_calls().items()}
        order = (names[s.active[s.w1]], names[s.active[s.w2]])
        if s.outcome == OC_GAME:
            return Deal(names, dealer=dealer, declarer=declarer, contract=_LADDER[s.contract], calls=calls,
                        tricks=tricks, open=s.defence == DF_OPEN, whist_order=order)
        return Deal(names, dealer=dealer, declarer=declarer, contract=_LADDER[s.contract], calls=calls, open=False,
                    whist_order=order)

    cdef dict _final_calls(self):
        """The final calls by seat (W1, W2) of a deal with calls."""
        cdef PState *s = &self.core.s
        cdef int a1 = s.active[s.w1], a2 = s.active[s.w2]
        if s.outcome == OC_HALF:
            return {a1: Call.PASS, a2: Call.HALF_WHIST}
        return {a1: Call.WHIST if s.whisters & (1 << s.w1) else Call.PASS,
                a2: Call.WHIST if s.whisters & (1 << s.w2) else Call.PASS}

    def record(self):
        """The deal's record (complete once the deal is over; see Record)."""
        cdef PState *s = &self.core.s
        cdef int k
        with_calls = s.outcome in (OC_GAME, OC_PASSED, OC_HALF)
        played = s.outcome in (OC_RASPASY, OC_MISERE, OC_GAME)
        order = _by_seat(s)
        return Record(
            seed=self.core._seed,
            number=self.core._number,
            players=self.players,
            dealer=s.dealer,
            convention=self.convention,
            min_level=s.min_level,
            moves=tuple(self._history),
            talon=(s.talon[0], s.talon[1]),
            discard=_cards(s.discard),
            declarer=_seat_or_none(s, s.decl),
            bid=_LADDER[s.bid] if s.bid >= 0 else None,
            contract=_LADDER[s.contract] if s.contract >= 0 else None,
            calls=FrozenMap(sorted(self._final_calls().items())) if with_calls else None,
            whist_order=(s.active[s.w1], s.active[s.w2]) if with_calls else None,
            defence=DEFENCES[s.defence],
            tricks=FrozenMap([(s.active[k], s.won[k]) for k in order]) if played else None,
            outcome=OUTCOMES[s.outcome],
            deal=self._deal(),
        )

    def __repr__(self):
        return f"Game(phase={self.phase!r}, ply={self.ply}, actor={self.actor})"
