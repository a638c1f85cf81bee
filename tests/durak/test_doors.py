"""One contract at every door (issue 21): each rule has one home, and every door uses it.

- the refusal contract: every refusal carries its fields, and replay reads them (item 14);
- one range check, `kozyr.errors.whole` and its real twin `real`, with bad_<field> codes (item 15);
- one side resolver, and one home for rung 4's settings (item 16), which also says which settings
  each side reads: a setting no playing side reads is refused everywhere alike (item 4);
- one seed normaliser, one chunk vocabulary, one SPRT result (item 17).
"""
from __future__ import annotations

import math

import numpy as np
import pytest
from _rung4_helpers import play_random

from kozyr.durak import Bot, Game, IllegalMove, Params, Rung4Bot, pad_seed
from kozyr.durak.bots.rung4 import best4
from kozyr.durak.bots.sides import resolve
from kozyr.durak.ladder import ladder, play, table_bots
from kozyr.durak.ladder._loop import play_seeded
from kozyr.durak.oracle import reference as ref
from kozyr.durak.tuning.measure import sprt, spsa
from kozyr.errors import KozyrError, whole
from kozyr.stats import SPRTResult


# -- item 14: every refusal carries its fields ---------------------------------------------------
@pytest.mark.parametrize("engine", [Game, ref.Game])
def test_a_refused_move_carries_seat_move_and_ply(engine):
    game = engine.from_seed(pad_seed("doors"))
    text = None
    for seat, move in ((1, "take"), (0, "beat AS"), ("x", "done"), (0, object())):
        with pytest.raises(IllegalMove) as info:
            game.apply(seat, move)
        err = info.value
        assert err.fields["seat"] == seat and err.fields["move"] is move and err.fields["ply"] == game.ply
        assert (err.seat, err.move, err.ply) == (seat, move, game.ply)
        text = str(err)
    assert text.startswith("not_legal: ") or text.startswith("not_your_turn: ")


@pytest.mark.parametrize("engine", [Game, ref.Game])
def test_replay_reads_the_refusal_s_fields_never_its_message(engine):
    good = Game.from_seed(pad_seed("doors"))
    moves = []
    for _ in range(5):
        move = good.legal_moves()[0]
        moves.append((good.turn, move))
        good.apply(good.turn, move)
    moves.append((1 - good.turn, "take"))
    with pytest.raises(IllegalMove) as info:
        engine.replay(pad_seed("doors"), moves)
    err = info.value
    direct = None
    try:
        engine.replay(pad_seed("doors"), moves[:-1]).apply(*moves[-1])
    except IllegalMove as e:
        direct = e
    assert direct is not None and err.code == direct.code and err.index == 5
    assert err.detail == f"replay move 5: {direct.detail}"            # the detail, not a cut message
    assert {k: v for k, v in err.fields.items() if k != "index"} == direct.fields


# -- item 15: one range check at every door ------------------------------------------------------
def _doors_of_k(k):
    """Every door that takes rung 4's K: each must refuse k=0 with the same code and field."""
    game, _, _ = play_random(3, 6)
    view = game.view(game.turn)
    return [
        lambda: Params(K=k),
        lambda: Rung4Bot("x", params={"K": k}),
        lambda: best4(view, 1, {"K": k}),
        lambda: ladder(4, 3, 2, "x", params={"k": k}),
        lambda: sprt(4, 3, 0, 50, batch=2, params_a={"K": k}),
    ]


def test_k_0_is_bad_k_at_every_door():
    """k=0 was bad_param from Rung4Bot and bad_value from best4."""
    for door in _doors_of_k(0):
        with pytest.raises(KozyrError) as info:
            door()
        assert (info.value.code, info.value.field, info.value.value) == ("bad_k", "K", 0)


@pytest.mark.parametrize("door,code", [
    (lambda: Params(DEEP_TALON=99), "bad_deep_talon"),
    (lambda: Params(CHEAP_POWER=1.5), "bad_cheap_power"),  # type: ignore[arg-type]
    (lambda: Bot(3, "x", params={"TRUMP_COST": -1}), "bad_trump_cost"),  # type: ignore[arg-type]
    (lambda: ladder(3, 2, -1), "bad_deals"),
    (lambda: ladder(3, 2, 10, workers=0), "bad_workers"),
    (lambda: ladder(3, 2, 10, chunk=1.5), "bad_chunk"),  # type: ignore[arg-type]
    (lambda: best4(Game.from_rng(1).view(0), 2**64), "bad_key"),
    (lambda: Game.from_rng(1).determinize(0, None, "x"), "bad_rng"),
    (lambda: sprt(3, 2, math.inf, 5), "bad_elo0"),
    (lambda: sprt(3, 2, 0, 5, alpha=float("nan")), "bad_alpha"),
    (lambda: spsa(["CHEAP_POWER"], rung=3, iterations=1, deals_per_iteration=20, c=math.inf), "bad_c"),
    (lambda: spsa(["CHEAP_POWER"], rung=3, iterations=1, deals_per_iteration=20, gamma=10**400), "bad_gamma"),
    (lambda: spsa(["CHEAP_POWER"], rung=3, iterations=1, deals_per_iteration=20, alpha=10**40), "bad_alpha"),
    (lambda: spsa(["CHEAP_POWER"], rung=3, iterations=1, deals_per_iteration=20, A=-1), "bad_A"),
    (lambda: play("x", 3, 2, number=0), "bad_number"),
    (lambda: Game.from_rng(1.5), "bad_seed"),  # type: ignore[arg-type]
])
def test_range_checks_are_bad_field_everywhere(door, code):
    with pytest.raises(KozyrError) as info:
        door()
    assert info.value.code == code


def test_whole_and_real():
    from kozyr.errors import real

    assert whole("K", np.int64(3), 1) == 3 and real("elo0", np.float32(2.5)) == 2.5 and real("x", 7) == 7.0
    for bad in (True, "1", 1.5, None, 1j):
        with pytest.raises(KozyrError) as info:
            whole("n", bad)
        assert info.value.code == "bad_n" and info.value.field == "n"
    for bad in (True, "1", None, 1j, math.nan, -math.inf, 10**400):
        with pytest.raises(KozyrError) as info:
            real("elo1", bad)
        assert info.value.code == "bad_elo1" and info.value.value is bad
    with pytest.raises(KozyrError) as info:
        real("alpha", 0.7, 0.0, 0.5)
    assert str(info.value) == "alpha=0.7 is outside 0.0..0.5"


# -- item 16: one resolver, one home for rung 4's settings ----------------------------------------
def test_rung4_reads_every_setting_whatever_the_door():
    """Rung4Bot's playouts read 2 of the 8 rung settings and ladder(4, params=...) all 8. Now a
    Rung4Bot's Params reach its playouts whole: the Python bot (best4) and the C loop play the same
    deal move for move with settings only the playouts read, and those settings change decisions."""
    from kozyr.durak.bots.sides import seat_bot

    tuned = Params(K=8, TRUMP_COST=0, PAIR_DEFEND=-5, PAIR_ATTACK=5, TAKE_BOUT=6, HOLD_TRUMPS=-1)
    bot = Rung4Bot("doors", params=tuned)
    assert resolve(bot).params == tuned and seat_bot(4, "s", params=tuned).params == tuned
    seed = pad_seed("doors-16")
    c = play_seeded(seed, resolve(bot), resolve(Bot(3, "q")))
    game = Game.from_seed(seed)
    plain = Rung4Bot("doors", params=Params(K=8))
    differ = 0
    while not game.over:
        seat = game.turn
        view = game.view(seat)
        move = bot(view) if seat == 0 else Bot(3, "q")(view)
        if seat == 0 and len(view.legal) > 1:
            differ += plain(view) != move
        game.apply(seat, move)
    assert (c["moves"], c["ply"], c["fool"]) == (game.moves, game.ply, game.result.fool)
    assert differ, "the playout settings change rung 4's decisions"


def test_one_resolver_builds_every_door_s_bot():
    from kozyr.durak.bots.sides import seat_bot

    assert seat_bot(3, "s") == Bot(3, "s") and seat_bot(2, "s", fast=True) == Bot(2, "s", fast=True)
    four = seat_bot(4, "s")
    assert isinstance(four, Rung4Bot) and four.params == Params() and four.fast
    mine = Bot(1, "mine")
    assert seat_bot(mine, "ignored") is mine and table_bots("t", 3, mine) == (Bot(3, "t:1"), mine)
    for bad in (0, 5, "3", None, 2.0):
        with pytest.raises(KozyrError) as info:
            seat_bot(bad, "s")
        assert info.value.code in ("bad_side", "bad_rung")


# -- item 4: a setting no playing side reads is refused everywhere alike ---------------------------
def test_a_setting_no_side_reads_is_refused_at_every_door():
    """`kozyr sweep --grid K=1,64,65536` printed three identical rows: rung 3 never reads K."""
    from kozyr.durak.bots.sides import check_read, reads

    doors = [
        lambda: ladder(3, 2, 10, params={"K": 1}),
        lambda: ladder(Bot(3, "a"), Bot(2, "b"), 10, params={"DEEP_TALON": 9}),   # a Bot carries its own
        lambda: sprt(3, 2, 0, 50, batch=2, params_a={"K": 64}),
        lambda: spsa(["K"], rung=3, iterations=1, deals_per_iteration=20),
        lambda: check_read({"K": 64}, [3, 2]),
    ]
    for door in doors:
        with pytest.raises(KozyrError) as info:
            door()
        assert info.value.code == "unread_param"
    assert reads(resolve(3)) >= {"DEEP_TALON", "CHEAP_POWER"} and "K" not in reads(resolve(3))
    assert reads(resolve(4)) == set(Params().as_dict()) and reads(resolve(Bot(3, "x"))) == frozenset()
    assert ladder(4, 2, 2, params={"K": 2}).params == {"K": 2}      # rung 4 reads K


# -- item 17: one seed normaliser, one chunk vocabulary, one SPRT result -------------------------
def test_every_seed_door_agrees_on_text():
    """Five normalisers disagreed: Game.from_seed took UTF-8 text, pad_seed and the bot and ladder seeds
    ASCII only. Now text is ASCII at every door, bytes are taken as they are."""
    from kozyr.durak.seeds import bot_seed, ladder_seed, seed_text

    text = "é" * 16                                       # 32 bytes of UTF-8
    doors = [lambda: Game.from_seed(text), lambda: ref.Game.from_seed(text), lambda: pad_seed("é"),
             lambda: seed_text("é"), lambda: ladder_seed("é"), lambda: Bot(1, "é"), lambda: Rung4Bot("é"),
             lambda: ladder(1, 1, 2, "é"), lambda: table_bots("é", 1, 1)]
    for door in doors:
        with pytest.raises(KozyrError) as info:
            door()
        assert info.value.code in ("no_seed", "bad_seed") and "ASCII" in str(info.value)
    raw = text.encode("utf-8")
    assert Game.from_seed(raw).order == ref.Game.from_seed(raw).order    # bytes are bytes everywhere
    assert seed_text("abc") == seed_text(b"abc") and bot_seed("s", 1, 0, "sha") == "s:1:bot1"


def test_one_chunk_vocabulary():
    """The local ladder imported `plan` from the Dask module, whose CHUNK_MIN/CHUNK_MAX meant a task's
    size, not a thread's."""
    import kozyr.durak.ladder as local
    from kozyr.durak.ladder import chunks, cluster

    assert local.plan is chunks.plan and cluster.plan is chunks.plan
    for module in (local, cluster):
        assert not hasattr(module, "CHUNK_MIN") and not hasattr(module, "CHUNK_MAX")
    assert chunks.THREAD_CHUNKS.high <= chunks.TASK_CHUNKS.low
    assert chunks.plan(100_000, 1) != chunks.plan(100_000, 1, sizes=chunks.TASK_CHUNKS)


def test_the_sprt_report_holds_its_test():
    r = sprt(3, 1, 0, 50, seed="doc", batch=200)
    assert isinstance(r.test, SPRTResult) and r.decision == r.test.decision == "H1"
    assert (r.llr, r.counts, r.bounds, r.elo1) == (r.test.llr, r.test.counts, r.test.bounds, r.test.elo1)
    assert r.llr_history[-1] == (r.test.units * 2, r.test.llr) and r.deals == r.test.units * 2
    assert r.as_dict()["llr_history"][-1] == [r.deals, r.llr]
