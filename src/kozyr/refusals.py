"""Every refusal code kozyr raises, where, and what it means: the one list the docs' table is made from.

A refusal is a `kozyr.errors.KozyrError` (or a game's subclass of it) whose
`.code` a program branches on. This module holds each code once, with the
parts of kozyr that raise it and its meaning in one line; `docs/api/errors.md`
shows `markdown()` of it, and `tests/test_error_codes.py` reads kozyr's source
for every code raised and checks the list against it both ways (a code raised
but not listed, or listed but no longer raised, fails), and the page against
`markdown()`.

Besides the codes written out, a range or type check made through
`kozyr.errors.whole` (or in its manner) is coded `bad_<field>` after the
argument or field it refuses: `FAMILIES`.

>>> REFUSALS["not_your_turn"][1]
'the seat or player named is not the one to act now'
"""
from __future__ import annotations

__all__ = ["REFUSALS", "FAMILIES", "AREAS", "markdown"]

#: The parts of kozyr a refusal comes from, in the order the table shows them.
AREAS = ("kozyr", "durak", "hokm", "preferans", "queue", "shell", "web")

#: code -> (the areas that raise it, comma-separated; its meaning in one line).
REFUSALS: dict[str, tuple[str, str]] = {
    # -- the rules of durak (kozyr.durak.CODES: the C engine returns them by number) --
    "no_seed": ("durak", "the seed is not bytes or text that encodes to at most 32 bytes"),
    "bad_deal": ("durak, preferans, web", "the deal asked for does not exist (a deal number below 1 or too large), "
                                     "or a preferans deal that cannot be scored"),
    "bad_seats": ("durak", "a number of seats the rules do not play (a two-seat Game never raises it)"),
    "game_over": ("durak, hokm, preferans, web", "the deal, hand or match is over: it takes no more moves"),
    "not_your_turn": ("durak, hokm, preferans", "the seat or player named is not the one to act now"),
    "wrong_phase": ("durak, hokm, preferans, web", "that kind of move is not a move of the current phase (the web "
                                                  "table's preferans: a move between deals, or the next deal "
                                                  "during one)"),
    "not_legal": ("durak, preferans", "not a legal move here (or not a move at all: a malformed pair in a replay or "
                                      "record); a bot's answer that is not one of its legal moves"),
    "card_not_held": ("durak, hokm, preferans", "the card is not in the hand of the seat that plays it (preferans: "
                                                "or not in the hand on turn, or no card)"),
    "beats_nothing": ("durak", "the card does not beat the card it must beat"),
    "rank_not_in_bout": ("durak", "a throw-in of a rank that is not on the table"),
    "bout_full": ("durak", "the bout already holds as many attack cards as it may"),
    "must_attack": ("durak", "done or take with no card in the bout: the attacker must lead"),
    "not_the_six": ("durak", "an exchange by a seat that does not hold the trump six"),
    "talon_shut": ("durak", "an exchange after the turn-up has left the talon"),
    # -- the variants of durak (2 to 6 seats, perevodnoy: kozyr.durak.codes.VARIANT_CODES) --
    "bad_options": ("durak, web", "a table's option that is unknown, out of range, or refused with the others"),
    "seat_out": ("durak", "a move by a seat that is already out of the deal"),
    "transfer_closed": ("durak", "a transfer or show once an attack card has been answered"),
    "target_short": ("durak", "a transfer to a seat that cannot take the table's cards"),
    "not_a_trump": ("durak", "a show of a card that is not a trump"),
    "already_shown": ("durak", "a show of a card already shown in this bout"),
    # -- cards, shared by every game --
    "bad_card": ("kozyr, durak, preferans, web", "not a card int (16 * suit + rank, rank 2..14, suit 0..3; "
                                               "preferans' solver: a card outside the 32-card deck)"),
    "bad_card_name": ("kozyr", "text that is not a card name (AS, TD, 10h, 6♣ ...)"),
    "bad_cards": ("kozyr", "not a set of cards: expected names, card ints or a mask"),
    "bad_mask": ("kozyr", "an int that is not a card mask (a bit set outside the cards)"),
    "bad_trick": ("kozyr, preferans", "not a hokm trick (kozyr.svg was asked for a picture of one); not a trick "
                                      "in progress of (seat, card) pairs in turn (preferans' solver)"),
    "bad_rank": ("kozyr", "a rank outside 2..14"),
    "bad_suit": ("kozyr, web", "a suit outside 0..3"),
    # -- statistics and tuning, shared --
    "bad_width": ("kozyr", "a sequential test's unit with an even number of outcomes (they are 0, 1/(w-1), .., 1)"),
    "bad_counts": ("kozyr", "outcome counts that are not a sequence of whole numbers of the right length"),
    "bad_batch_counts": ("kozyr", "a batch of a sequential test returned counts that do not add up to the batch"),
    "bad_elo": ("kozyr", "an Elo that no distribution of these outcomes has, or an elo0/elo1 pair out of order"),
    "bad_hits": ("kozyr", "a rate with hits below 0 or above the total"),
    "bad_total": ("kozyr", "an interval of no trials"),
    "bad_model": ("kozyr", "an Elo model other than normalized or logistic"),
    "bad_scores": ("kozyr", "scores that are not numbers in the range a game's outcome has, or a round robin's "
                   "scores that give no finite ratings"),
    "bad_play_batch": ("kozyr", "the batch function of a sequential test is not callable"),
    "bad_on_batch": ("kozyr, durak", "the per-batch callback is not callable"),
    "sprt_decided": ("kozyr", "counts given to a sequential test that has already decided"),
    "bad_objective": ("kozyr", "the SPSA objective returned something that is not a finite number"),
    # -- files --
    "bad_file": ("kozyr, hokm, preferans, shell, web", "a file that cannot be read or written: missing, "
                                                       "not a regular file, too large, too deep, not valid "
                                                       "JSON/TOML, or already there"),
    "bad_path": ("kozyr", "a path that is not a file name"),
    "bad_record": ("durak, hokm, preferans, web", "a game record (durak, hokm, preferans) that does not fit its "
                                                  "schema, or that its replay contradicts"),
    # -- the durak engine, its views and memory --
    "bad_order": ("durak, preferans", "not the deck's distinct cards in shuffled order (36 for durak, 32 for "
                                      "preferans)"),
    "bad_index": ("preferans", "a deal index below 1, or a preferans deal number not on the sheet"),
    "bad_deal_mode": ("durak", "a deal mode other than fast, sha or reference"),
    "bad_seed": ("durak, hokm, preferans, web", "a seed that does not fit: a reference seed past 32 bytes, a preferans "
                                           "seed not exactly 32 bytes, or a hokm random "
                                "source that is not an int, random.Random or numpy Generator"),
    "bad_seat": ("durak, preferans, shell", "a seat that does not exist (seats are 0 and 1 at the two-seat game, 0 "
                                            "to N-1 at N)"),
    "bad_move": ("durak, web", "not a durak Move (nor move text); at the web table, a preferans move that is not "
                               "printable move text of at most 40 characters"),
    "bad_event": ("durak", "an event of a kind the memory does not know"),
    "bad_view": ("kozyr, durak, preferans", "a view that cannot be what is asked of it (not a View, or not the deal's "
                                 "start; kozyr.svg: not a durak or hokm view; a preferans view's JSON out of form)"),
    "bad_memory": ("durak", "a seat's memory that does not fit the view or seat it is used with (`.field` names "
                            "the memory's field: a card in two places, another turn-up, a count that does not add up)"),
    "bad_pickle": ("durak", "a pickled Game or OpenSpiel state whose moves do not replay, or a determinized Game "
                            "(never dealt: nothing to replay)"),
    "unknown_code": ("durak", "an IllegalMove made with a code that is not one of the rules' codes"),
    "bad_game": ("kozyr, durak, web", "not a durak Game (or, to kozyr.svg, a game record; to the web table, a game "
                                      "that is not durak or hokm)"),
    # -- bots and the ladder --
    "bad_rung": ("durak, web", "a rung that does not exist (or, for tuning, one without settings)"),
    "bad_param": ("durak", "bot settings that are not a Params or a mapping, or a name no setting has (a value "
                           "out of its range is bad_<field>: bad_k, bad_deep_talon ...)"),
    "bad_params": ("durak", "the parameters to tune: not a list of known, distinct names"),
    "unread_param": ("durak", "a setting that no playing side reads (rung 3 never reads K; a Bot carries its own)"),
    "bad_fast": ("durak", "a bot's fast switch that is not True or False"),
    "bad_side": ("durak, preferans, shell, web", "a side that cannot play here: not a rung, a Bot, a native bot, "
                                                 "a function or a factory (or not one a cluster or worker processes "
                                                 "can take)"),
    "bad_deals": ("durak", "a number of deals that does not fit: odd when deals come in pairs"),
    "bad_weights": ("durak", "a learned rung's weights file (or arrays) that is not of its format: corrupted, a "
                             "missing or extra array, a wrong shape, dtype or version, a value that is not finite"),
    "bad_obs": ("durak", "an observation or legal mask handed to the learned rung's network of the wrong size or "
                         "type (float32 [270] or [n, 270]; uint8 [76])"),
    "bad_sides": ("durak, shell", "a list of sides whose length is not the table's seats (one side a seat)"),
    "bad_against": ("durak", "a gauntlet's opponents (sprt against=) or a tuning panel (spsa, optuna_search "
                             "opponent=[...]) that are none or more than 16"),
    "bad_pairs": ("kozyr, durak", "pairs that is not True or False, or pairs at a table of more than two seats (its "
                                  "ladder rotates the sides through every seat already), or single deals in a "
                                  "gauntlet (against=)"),
    "bad_progress": ("durak", "a progress callback that is not callable"),
    "bad_run_options": ("durak", "options= that is not a RunOptions, or given beside keywords it already holds"),
    "bad_chunk": ("durak", "a chunk of deals that does not fit the arrays given for it"),
    "no_move": ("durak", "a bot that answered something that is not a move (None, a number, text naming no move)"),
    "bot_error": ("durak, preferans", "a user's bot raised in a deal (its exception is the cause; the message names "
                                      "the deal and the replay that shows it; preferans: the deal and the seat)"),
    "bot_check": ("durak", "check_bot found a bot breaking the contract (.check names which: an illegal answer, two "
                           "answers to one view, a hidden-card twin answered otherwise, a worker or replay mismatch)"),
    "bad_rules": ("durak", "check_bot's rules that are not a Rules, a mapping of options or a non-empty list of them"),
    "bot_timeout": ("durak", "a user's bot answered after its per-decision time limit (timeout=, --timeout)"),
    "bad_timeout": ("durak", "a per-decision time limit that is not a number of seconds above 0"),
    "bad_bot": ("durak, preferans", "a bot named module:attr (or a Python file and an attr) that cannot be imported "
                                    "or is not a bot, or a factory that raised or made no bot; a preferans side "
                                    "that is no rung name and not callable"),
    "bad_knob": ("durak, preferans, shell", "a knob a factory of bots does not take (or one given twice, or tuned and "
                                            "fixed at once); preferans: one of rung 2's thresholds out of its bounds"),
    "bad_bounds": ("durak, preferans", "tuning bounds that are not (low, high) for a tuned name, or a knob without "
                                       "bounds"),
    "bad_base": ("durak", "a tuner's fixed knobs that are not a mapping of knob to value"),
    "bad_start": ("durak, preferans", "a tuning start outside its bounds"),
    "bad_upper": ("durak", "a tuning upper bound that is not above the lower"),
    "missing_optuna": ("durak", "the Optuna search without optuna installed (kozyr[tune])"),
    # -- the Dask cluster --
    "no_dask": ("durak, preferans", "a cluster run without dask.distributed installed (kozyr[dask])"),
    "bad_client": ("durak, preferans", "a client that is not a running distributed.Client"),
    "bad_batch": ("durak", "a batch asked of a cluster test outside its deals"),
    "no_cluster": ("shell", "no Dask scheduler answers at the --scheduler address within the time allowed"),
    "bad_scheduler": ("shell", "a --scheduler address that is not tcp://host:port"),
    # -- the RL environments --
    "bad_action": ("durak", "an action id outside the table's actions (0..75 at the two-seat game)"),
    "no_action": ("durak", "an action or move of a kind the table's options lack: a transfer in podkidnoy, a show "
                           "without show_trump"),
    "bad_actions": ("durak", "a batch of actions of the wrong shape or type"),
    "bad_buffer": ("durak", "an out= buffer of the wrong type, size or layout"),
    "busy": ("durak", "a batched environment called from a second thread while another is inside it"),
    "not_ready": ("durak", "a batched environment whose set-up failed"),
    "bad_init": ("durak", "a batched environment set up a second time"),
    "illegal_action": ("durak", "an action that is not legal in the environment's position"),
    "not_reset": ("durak", "an environment stepped before reset()"),
    "bad_render_mode": ("durak", "a render mode other than None, human or ansi"),
    "bad_state": ("durak", "an OpenSpiel state asked for what it cannot give yet (a deal still being dealt)"),
    # -- hokm --
    "incomplete_trick": ("hokm", "a trick without exactly four plays (at most four when provisional)"),
    "malformed_play": ("hokm", "a play that is not a (seat, card) pair"),
    "missing_lead_suit": ("hokm", "a trick that records no lead suit"),
    "lead_suit_mismatch": ("hokm", "the recorded lead suit is not the first card's suit"),
    "unknown_suit": ("hokm", "a trump or lead suit that is not 0..3"),
    "unknown_seat": ("hokm", "a seat that is not 0..3"),
    "duplicate_seat": ("hokm", "a seat that plays twice in one trick"),
    "unknown_card": ("hokm", "not a card of the 52-card deck"),
    "duplicate_card": ("hokm", "a card that appears twice in one trick"),
    "no_winner": ("hokm", "a trick in which no competing card can win"),
    "must_follow_suit": ("hokm", "an off-suit card from a hand that holds the led suit"),
    "bad_config": ("hokm", "a configuration field, deal order or trick count that cannot be used"),
    "unknown_bot": ("hokm, web", "a bot name not in the registry"),
    "inconsistent_memory": ("hokm", "a view whose public record no deal of the unseen cards can fit"),
    # -- preferans --
    "auction_over": ("preferans", "a call after the auction has ended"),
    "below_minimum": ("preferans", "a bid or contract below the minimum level"),
    "bid_after_misere": ("preferans", "a bid after misère (a misère bidder may only pass)"),
    "bid_not_higher": ("preferans", "a bid that is not above the highest bid"),
    "misere_after_bid": ("preferans", "misère after a bid of one's own (misère must be the first bid)"),
    "bad_min_level": ("preferans", "a minimum level outside 6..10"),
    "bad_dealer": ("preferans", "a dealer that is not a seat 0..N-1 of the deal"),
    "bad_discard": ("preferans", "a discard naming something that is no card, or the same card twice"),
    "bad_contract": ("preferans", "a contract named below the winning bid, or misère named after a game bid"),
    "must_follow": ("preferans", "a card of another suit while the hand holds the led suit"),
    "must_trump": ("preferans", "a card that is not a trump while the hand, void in the led suit, holds one"),
    "deal_not_over": ("preferans", "the scorer's Deal asked of a deal still in play"),
    "unknown_contract": ("preferans", "no such contract (level and strain)"),
    "misere_quota": ("preferans", "a whist quota asked of misère, which is not whisted"),
    "unknown_convention": ("preferans", "a convention name that is not a preset"),
    "bad_convention": ("preferans", "a convention field of the wrong type or out of range"),
    "bad_streak": ("preferans", "a raspasy streak below 1"),
    "player_count": ("preferans", "not 3 or 4 players"),
    "bad_players": ("preferans", "players that are not a list of names"),
    "bad_name": ("preferans, web", "a player name that is empty, too long or odd; a record name that is no "
                                  "plain file name of the folder"),
    "duplicate_player": ("preferans", "a player listed twice"),
    "unknown_player": ("preferans", "a name that is not one of the players"),
    "no_dealer": ("preferans", "four players and no dealer (who sits out)"),
    "dealer_plays": ("preferans", "the dealer of a four-player deal given a part in it"),
    "no_declarer": ("preferans", "a contract without a declarer"),
    "no_contract": ("preferans", "a declarer without a contract"),
    "no_tricks": ("preferans", "a deal without its tricks"),
    "bad_tricks": ("preferans", "tricks that are not a mapping of player to tricks"),
    "tricks_total": ("preferans", "tricks that do not add up to 10"),
    "too_many_tricks": ("preferans", "more than 10 tricks for one player"),
    "bad_call": ("preferans", "a defender's call that is not whist, pass or half-whist"),
    "missing_call": ("preferans", "a defender without a call"),
    "declarer_call": ("preferans", "a call given for the declarer"),
    "duplicate_defender": ("preferans", "a defender listed twice"),
    "calls_not_allowed": ("preferans", "calls given on a deal nobody whists on (raspasy, misère)"),
    "half_whist_level": ("preferans", "a half-whist on a contract above six or seven"),
    "half_whist_order": ("preferans", "a half-whist by other than the second defender after the first passed"),
    "half_whist_not_allowed": ("preferans", "a half-whist under a convention without it"),
    "bad_whist_order": ("preferans", "a whist order that is not a list of the defenders"),
    "bad_open": ("preferans", "open that is not true or false"),
    # -- preferans: the double-dummy solver (kozyr.preferans.core.solver) --
    "bad_kind": ("preferans", "a kind of play the solver does not answer (game, misere, raspasy)"),
    "bad_trump": ("preferans", "a trump that is no suit 0..3, or any trump in a misère or raspasy"),
    "bad_hands": ("preferans", "not three hands of card masks"),
    "overlap": ("preferans", "a card in two hands, or in a hand and the trick"),
    "bad_declarer": ("preferans", "a declarer that is no active index 0..2, or one given where raspasy counts a seat"),
    "bad_hand_size": ("preferans", "hands whose sizes do not fit the trick in progress"),
    "bad_won": ("preferans", "tricks already won that are not a count 0..10 fitting the cards left"),
    "bad_table": ("preferans", "a solver table size outside 2**10..2**24 entries"),
    "solver_busy": ("preferans", "one Solver used from two threads at once (each thread needs its own)"),
    "bad_talon": ("preferans", "talon-led tricks asked of the solver where there are none (not raspasy), an "
                               "unknown talon rule, or not one or two talon cards"),
    "talon_suit": ("preferans", "a talon card whose suit nobody can follow in the solver's position (never in a "
                                "real deal: the hands hold every card of the deck but the talon's)"),
    "bad_range": ("preferans", "a range of layouts (start, stop) outside the sweep's enumeration"),
    # -- preferans: analysis, the duplicate ladder and its sequential test --
    "not_in_play": ("preferans", "an analysis asked of a view with no card to play (outside the play phase, or a "
                                 "raspasy trick led from the talon)"),
    "bad_count": ("preferans", "a number of deals, a first deal or a number of workers that is not a positive int"),
    "bad_bound": ("preferans", "a sequential test's bound that is not a number, or delta1 not above delta0"),
    "decided": ("preferans", "a result given to a sequential test that has already decided (its error rates hold "
                             "only if play stops there)"),
    "bad_flag": ("preferans", "a flag in a file that is not a real true or false"),
    "bad_number": ("preferans", "an amount that is not a number, or beyond the bounds (digits, exponent, size)"),
    "negative": ("preferans", "a negative amount or count where none may be"),
    "not_positive": ("preferans", "zero or a negative number where a positive one is needed"),
    "bad_target": ("preferans", "a pulya target that is not a positive number"),
    "bad_unit": ("preferans", "a rounding unit that is not a positive number"),
    "bad_column": ("preferans", "a sheet column that is not a table of player to points (or a list of the "
                                "wrong length)"),
    "bad_sheet": ("preferans", "a sheet file without its columns, or with fields a sheet does not have"),
    "bad_deals_file": ("preferans", "a deals file without its deals, or with fields it does not have"),
    "bad_source": ("preferans", "a settlement of something that is not columns"),
    "self_whist": ("preferans", "whists written by a player on himself"),
    "players_mismatch": ("preferans", "a deal whose players are not the sheet's"),
    "empty_sheet": ("preferans", "an undo on a sheet with no deals"),
    # -- the test queue (kozyr.queue) and its runs page --
    "bad_store": ("queue", "a queue store that is not a readable SQLite file (damaged, a folder, or of an older "
                           "schema opened read-only)"),
    "foreign_store": ("queue", "a SQLite file of another program given as the queue's store"),
    "store_too_new": ("queue", "a queue store of a newer schema than this kozyr reads"),
    "bad_run": ("queue", "a run number that is not a whole number from 1"),
    "no_run": ("queue, web", "no run of that number in the queue"),
    "run_finished": ("queue", "a cancel of a run already done, cancelled or failed"),
    "lease_lost": ("queue", "a batch committed by a runner that no longer holds the run's claim, or a batch "
                            "committed twice"),
    "bad_run_kind": ("queue", "a kind of run the queue does not play"),
    "no_source": ("queue", "a user's bot whose source file cannot be found, so a run could not say what it tested"),
    "bad_keep": ("queue", "a negative number of finished runs to keep the batches of"),
    "bad_search": ("web", "a runs page search text that is not printable ASCII of at most 60 characters"),
    "bad_result": ("web", "a runs page result filter that is not H0, H1, none, played, done, cancelled or failed"),
    "bad_run_state": ("web", "a runs page listing that is not all, live or finished"),
    # -- the shell --
    "small_terminal": ("shell", "a terminal smaller than a terminal game can draw in"),
    # -- the web table (kozyr.web; its HTTP refusals, such as bad_json or bad_host, are in docs/web.md) --
    "bad_address": ("web", "kozyr serve cannot listen on the host and port asked (in use, or not this machine's)"),
    "bad_bots": ("web", "hokm bots that are not a list of three bot names"),
    "bad_request": ("web", "a request body with fields the call does not take, or not the shape of a move; a request "
                           "line or HTTP version that is not HTTP/1.x"),
    "bad_query": ("web", "a query string with more than 8 fields"),
    "timeout": ("web", "a request whose head and body did not arrive within the server's deadline"),
    "not_over": ("web", "the record (or the seed) of a deal or match still being played: it would show hidden cards"),
    "folder_full": ("web", "the records folder holds as many records or bytes as it keeps"),
    "no_record": ("web", "no record of that name in the records folder"),
    "no_game": ("web", "no game of that id in this browser session (another session's games are not there)"),
    "no_replay": ("web", "no replay of that id in this browser session"),
    "not_found": ("web", "no page, file or API at that path"),
    "bad_method": ("web", "an HTTP method the path does not take"),
    "bad_host": ("web", "a Host header that is not this server (a loopback server answers loopback names only)"),
    "bad_origin": ("web", "a POST from another origin (Origin or Sec-Fetch-Site)"),
    "bad_content_type": ("web", "a POST whose body is not application/json"),
    "bad_length": ("web", "a POST without a Content-Length, or with a body shorter than it"),
    "too_large": ("web", "a request line, headers or body larger than the server reads"),
    "bad_json": ("web", "a request body or record file that is not JSON within the bounds kozyr reads"),
}

#: Codes made from the name of what they refuse: pattern -> (areas, meaning).
FAMILIES: dict[str, tuple[str, str]] = {
    "bad_<field>": ("kozyr, durak, preferans, web", "a value of the named argument or field that is not a whole "
                                                    "(or real) number in its range (`kozyr.errors.whole`); `.field` "
                                                    "names it, `.value` holds it"),
}


def markdown() -> str:
    """The table of every code (the families last), as docs/api/errors.md shows it."""
    lines = ["| code | raised by | meaning |", "| --- | --- | --- |"]
    rows = sorted(REFUSALS.items(), key=lambda kv: (AREAS.index(kv[1][0].split(", ")[0]), kv[0]))
    for code, (areas, meaning) in [*rows, *FAMILIES.items()]:
        lines.append(f"| `{code}` | {areas} | {meaning.replace('|', '/')} |")
    return "\n".join(lines) + "\n"
