# cython: language_level=3
"""The C side's enumerations as Python values, so that a test can hold them to kozyr.durak.codes.

codes.py is the single source of the move kinds, phases, outcomes, bout
endings and refusal codes; the .pxd files number them for C. This module
exists only to expose those C numbers (`C_ENUMS`) for tests/durak/test_codes.py.
"""
from kozyr.durak.core.rules cimport (
    R_BAD_DEAL, R_BAD_SEATS, R_BEATS_NOTHING, R_BOUT_FULL, R_CARD_NOT_HELD, R_GAME_OVER, R_MUST_ATTACK, R_NO_SEED,
    R_NOT_LEGAL, R_NOT_THE_SIX, R_NOT_YOUR_TURN, R_RANK_NOT_IN_BOUT, R_TALON_SHUT, R_WRONG_PHASE, R_BAD_OPTIONS,
    R_SEAT_OUT, R_TRANSFER_CLOSED, R_TARGET_SHORT, R_NOT_A_TRUMP, R_ALREADY_SHOWN,
)
from kozyr.durak.core.state cimport (
    EV_ATTACK, EV_BEAT, EV_BOUT_END, EV_DONE, EV_GAME_END, EV_OUT, EV_REFILL, EV_RESIGN, EV_SHOW, EV_SWAP, EV_TAKE,
    EV_TRANSFER,
    HOW_CAPPED, HOW_DONE, HOW_EXHAUSTED, HOW_SPENT, HOW_TAKEN,
)
from kozyr.durak.core.view cimport (
    MV_ATTACK, MV_BEAT, MV_DONE, MV_RESIGN, MV_SHOW, MV_SWAP, MV_TAKE, MV_TRANSFER, OUT_DRAW, OUT_FOOL, OUT_NONE, OUT_RESIGN, PH_ATTACK,
    PH_DEFEND, PH_OVER, PH_PILE_ON,
)

C_ENUMS = {
    "kinds": {"attack": MV_ATTACK, "beat": MV_BEAT, "take": MV_TAKE, "done": MV_DONE, "swap": MV_SWAP,
              "resign": MV_RESIGN, "transfer": MV_TRANSFER, "show": MV_SHOW},
    "events": {"attack": EV_ATTACK, "beat": EV_BEAT, "take": EV_TAKE, "done": EV_DONE, "swap": EV_SWAP,
               "resign": EV_RESIGN, "transfer": EV_TRANSFER, "show": EV_SHOW, "bout_end": EV_BOUT_END, "refill": EV_REFILL, "out": EV_OUT,
               "game_end": EV_GAME_END},
    "phases": {"attack": PH_ATTACK, "defend": PH_DEFEND, "pile_on": PH_PILE_ON, "over": PH_OVER},
    "outcomes": {None: OUT_NONE, "fool": OUT_FOOL, "draw": OUT_DRAW, "resign": OUT_RESIGN},
    "endings": {"done": HOW_DONE, "taken": HOW_TAKEN, "exhausted": HOW_EXHAUSTED, "spent": HOW_SPENT,
                "capped": HOW_CAPPED},
    "refusals": {"no_seed": R_NO_SEED, "bad_deal": R_BAD_DEAL, "bad_seats": R_BAD_SEATS, "game_over": R_GAME_OVER,
                 "not_your_turn": R_NOT_YOUR_TURN, "wrong_phase": R_WRONG_PHASE, "not_legal": R_NOT_LEGAL,
                 "card_not_held": R_CARD_NOT_HELD, "beats_nothing": R_BEATS_NOTHING,
                 "rank_not_in_bout": R_RANK_NOT_IN_BOUT, "bout_full": R_BOUT_FULL, "must_attack": R_MUST_ATTACK,
                 "not_the_six": R_NOT_THE_SIX, "talon_shut": R_TALON_SHUT, "bad_options": R_BAD_OPTIONS,
                 "seat_out": R_SEAT_OUT, "transfer_closed": R_TRANSFER_CLOSED, "target_short": R_TARGET_SHORT,
                 "not_a_trump": R_NOT_A_TRUMP, "already_shown": R_ALREADY_SHOWN},
}
