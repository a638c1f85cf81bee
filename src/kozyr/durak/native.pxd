# The cimport API for a durak bot written in C or Cython (see examples/native_bot):
#
#     from kozyr.durak.native cimport DView, MV_TAKE, bot_fn
#
# A native bot is a `bot_fn`: it is handed the DView of the seat on turn (its hand,
# the counts, the bout, the legal moves in the rules' order...) and a 32-bit random
# word, and answers a move code from v.legal; kozyr.durak.ladder.NativeBot wraps it
# for the ladder, which calls it inside the nogil loop. These names are the stable
# face of the engine's private view struct (kozyr.durak.core.view).
#
# The DView of any table (kozyr.durak.Rules: 2 to 6 seats, 24 to 52 cards,
# podkidnoy or perevodnoy); at the two-seat game every field means what it always has:
#
#   seat, ply, phase (PH_*), turn (-1 when over), trump (suit 0..3), turnup (while in the
#   talon, else -1), talon (cards, turn-up included), heap (a count), hand (a card mask),
#   count[s] (every seat's hand count, s < nseats), can_swap, over, outcome (OUT_*),
#   fool (the losing seat when the losing team is one seat, else -1), losers (the losing
#   team's seats as bits);
#   nlegal, legal[0 .. nlegal) (move codes kind << 6 | card in the rules' order: beats,
#   transfers, shows, take, swap when defending; attacks, done, swap otherwise; at most
#   MAX_LEGAL), legal_cards (the attack or beat cards among them, as a mask), legal_kinds
#   (bit k for each kind present: MV_TRANSFER and MV_SHOW in perevodnoy);
#   bout: attacker, defender, cap, size (attack cards on the table), taken, to_beat (the
#   oldest unanswered attack card, -1 if none), attack[i] and beat[i] (i < size; beat -1
#   while unanswered), leader (the seat that opened the bout), throwers[0 .. nthrowers)
#   (the attacker first), shown (the trumps shown in this bout, as a mask);
#   the table: nseats, deck_size (24, 32, 36 or 52), opts (OPT_* bits; 0 at the two-seat
#   game), out[0 .. nout) (the seats out, in the order they went out);
#   the seat's public memory (what every seat has seen, from the public events only):
#   heap_cards (the cards beaten off), known[s] (for every seat, the cards of its hand
#   everyone has seen go there: picked up, taken by the exchange, the talon's face-up
#   last card drawn, a trump shown, the turn-up dealt when six a seat use the deck up;
#   and not played since), bottom (the talon's last card while it is there, else -1),
#   unseen (the deck's cards this seat has not seen: in the other hands beyond known, or
#   in the talon above its bottom card), declined[s] (for every seat, the plain attack cards
#   it took rather than beat, or beat with a trump, since it last drew from the talon).
#
# The entries of the per-seat arrays from nseats on are 0 (out: -1).
from kozyr.durak.core.view cimport (
    MAX_BOUT, MAX_LEGAL, MAX_SEATS, MV_ATTACK, MV_BEAT, MV_DONE, MV_RESIGN, MV_SHOW, MV_SWAP, MV_TAKE,
    MV_TRANSFER, OPT_FIRST_FIVE, OPT_NEIGHBOURS, OPT_NO_DRAW, OPT_NO_SWAP, OPT_PEREVODNOY, OPT_SHOW_TRUMP,
    OPT_TEAMS, OUT_DRAW, OUT_FOOL, OUT_NONE, OUT_RESIGN, PH_ATTACK, PH_DEFEND, PH_OVER, PH_PILE_ON, BoutView, DView,
    bot_fn, make_move, mv_card, mv_kind,
)
