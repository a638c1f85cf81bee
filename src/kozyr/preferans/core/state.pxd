# The preferans deal as plain C data: the `PState` struct and the enumerations of
# phases, outcomes, move codes, refusals and play parameters. A PState is a value:
# copy it with `t = s` (no pointers inside). The rules over it are core/rules.pxd.
#
# Seats: the struct keeps the three hands by *active index* j (0, 1, 2 = first
# hand a0, a1, a2); `active[j]` is the player seat. Everything the Python face
# shows is converted to player seats there.
from libc.stdint cimport uint64_t

cdef enum:
    # phases (the view's names, in kozyr.preferans.core.engine.PHASES)
    PH_AUCTION = 0
    PH_TALON = 1
    PH_NAMING = 2
    PH_WHISTING = 3
    PH_DEFENCE = 4
    PH_PLAY = 5
    PH_OVER = 6
    # what kind of deal (known from the end of the auction)
    KD_NONE = 0
    KD_GAME = 1
    KD_MISERE = 2
    KD_RASPASY = 3
    # outcomes (the record's names, in engine.OUTCOMES)
    OC_NONE = 0
    OC_RASPASY = 1
    OC_MISERE = 2
    OC_GAME = 3
    OC_PASSED = 4
    OC_HALF = 5
    # move codes: one int per move, ascending within every legal list
    MV_PASS = 0
    MV_WHIST = 1
    MV_HALF = 2
    MV_CLOSED = 3
    MV_OPEN = 4
    MV_BID = 8          # + ladder index 0..25
    MV_NAME = 40        # + ladder index 0..25
    MV_PLAY = 64        # + card (71..126 in use)
    MV_DISCARD = 128    # + 32 * i + j, deck indices i < j
    MV_END = 128 + 32 * 32
    MISERE_RANK = 15    # misère's ladder index
    NRANKS = 26
    MAX_LEGAL = 66      # the discard's 66 pairs are the longest list
    MAX_CALLS = 32      # an auction has at most 26 bids and 3 passes
    # refusals (engine.REFUSALS names them; 0 is none)
    RF_OK = 0
    RF_GAME_OVER = 1
    RF_NOT_YOUR_TURN = 2
    RF_NOT_LEGAL = 3
    RF_WRONG_PHASE = 4
    RF_BID_AFTER_MISERE = 5
    RF_MISERE_AFTER_BID = 6
    RF_BID_NOT_HIGHER = 7
    RF_BELOW_MINIMUM = 8
    RF_CARD_NOT_HELD = 9
    RF_BAD_CONTRACT = 10
    RF_BAD_CALL = 11
    RF_MUST_FOLLOW = 12
    RF_MUST_TRUMP = 13
    # play parameters
    RT_FIRST_HAND = 0
    RT_WINNER = 1
    RT_NONE = 2
    LW_CHOICE = 0
    LW_OPEN = 1
    LW_CLOSED = 2
    DF_NONE = -1
    DF_CLOSED = 0
    DF_OPEN = 1
    # whisting: who speaks
    WS_W1 = 0
    WS_W2 = 1
    WS_RETURN = 2

cdef struct PParams:
    int rtalon          # RT_*
    int ten_checked     # 0/1
    int lone_whist      # LW_*
    int stalingrad      # 0/1
    int half_whist      # 0/1

cdef struct PState:
    # the table
    int n                   # players, 3 or 4
    int dealer              # seat
    int active[3]           # seats of a0, a1, a2
    int min_level           # 6..10
    PParams p
    unsigned char order[32] # the shuffled deck
    int talon[2]            # positions 30 and 31
    # cards, by active index
    uint64_t hand[3]
    uint64_t discard
    # progress
    int phase               # PH_*
    int kind                # KD_*
    int turn                # active index of the hand on turn (the actor plays from it)
    int ply
    int outcome             # OC_*
    # auction
    int passed              # bits by active index
    int bidders             # bits: who has bid anything
    int miserers            # bits: who bid misère
    int high                # the standing bid's ladder index, -1 before any
    int high_by             # its bidder (active index), -1
    int nauction
    signed char auc_who[MAX_CALLS]   # active index
    signed char auc_call[MAX_CALLS]  # ladder index, -1 for pass
    # the contract
    int decl                # active index, -1 in raspasy
    int bid                 # the winning bid's ladder index, -1
    int contract            # the final contract's ladder index (MISERE_RANK for misère), -1
    int trump               # suit 0..3, -1 for none
    # whisting and defence
    int w1, w2              # active indices, -1 before the naming
    int wstate              # WS_*
    int ncalls
    signed char call_who[3] # active index, in spoken order
    signed char call_what[3]# MV_PASS, MV_WHIST or MV_HALF
    int whisters            # bits: the final whisters
    int lone                # the lone whister (active index), -1
    int defence             # DF_*
    int reveal              # bits: hands turned face up after the first card
    int opened              # bits: hands face up now
    int ctrl[3]             # for each hand, the active index that chooses its cards
    int talon_up            # talon cards face up for every seat: 0, 1 or 2
    # the play
    int ntricks             # finished tricks
    int leader              # active index playing first to the trick in progress
    int lead_card           # the talon card leading it, -1
    int led                 # the led suit, -1 before the first card (without a talon lead)
    int nplayed
    signed char play_who[3] # active index whose hand the card left
    signed char play_card[3]
    signed char t_talon[10] # finished tricks: talon card or -1
    signed char t_who[30]
    signed char t_card[30]
    signed char t_win[10]
    int won[3]
