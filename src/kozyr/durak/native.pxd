# The cimport API for a durak bot written in C or Cython (see examples/native_bot):
#
#     from kozyr.durak.native cimport DView, MV_TAKE, bot_fn
#
# A native bot is a `bot_fn`: it is handed the DView of the seat on turn (its hand,
# the counts, the bout, the legal moves in the rules' order...) and a 32-bit random
# word, and answers a move code from v.legal; kozyr.durak.ladder.NativeBot wraps it
# for the ladder, which calls it inside the nogil loop. These names are the stable
# face of the engine's private view struct (kozyr.durak.core.view).
from kozyr.durak.core.view cimport (
    MAX_BOUT, MAX_LEGAL, MV_ATTACK, MV_BEAT, MV_DONE, MV_RESIGN, MV_SWAP, MV_TAKE, OUT_DRAW, OUT_FOOL, OUT_NONE,
    OUT_RESIGN, PH_ATTACK, PH_DEFEND, PH_OVER, PH_PILE_ON, BoutView, DView, bot_fn, make_move, mv_card, mv_kind,
)
