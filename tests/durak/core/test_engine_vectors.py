"""The spec's published vectors, reproduced by the Cython engine alone."""
from __future__ import annotations

from kozyr.cards import CardSet, card_name, parse_card
from kozyr.durak import Move, View, pad_seed
from kozyr.durak.core.engine import Game, random_playouts, shuffled_order

SEED_1 = b"durak" + b"1".zfill(27)
ORDER_1 = ("KH 6C JS 9H JC KS AC AS 8D AH 7D 9C 9D 8S TS 8H 8C KC TC TH 6S KD AD 9S "
           "QH 7H 7S 7C JH 6H 6D QD JD QC TD QS").split()


def seed_of(n: int) -> bytes:
    return b"durak" + str(n).encode("ascii").zfill(27)


def test_seed_one_shuffles_to_the_published_order() -> None:
    assert len(SEED_1) == 32
    assert [card_name(c) for c in Game.from_seed(SEED_1).order] == ORDER_1
    assert [card_name(c) for c in shuffled_order(SEED_1)] == ORDER_1
    assert Game.from_seed(SEED_1.decode("ascii"), 1).order == Game.from_seed(SEED_1).order


def test_the_deal_follows_the_positions() -> None:
    g = Game.from_seed(SEED_1)
    order = g.order
    assert g.hands[0] == CardSet(order[0:12:2]) and g.hands[1] == CardSet(order[1:12:2])
    assert g.turnup == order[12] == parse_card("9D")
    assert g.trump == 2
    assert g.talon == order[13:] + (order[12],)
    assert g.heap == 0 and not g.heap_cards and g.ply == 0 and g.history == () and g.events == ()


def test_other_deal_numbers_differ() -> None:
    orders = {Game.from_seed(SEED_1, n).order for n in (1, 2, 3, 10**12, 10**30)}
    assert len(orders) == 5


def test_durak_one() -> None:
    g = Game.from_seed(pad_seed("durak-one"))
    assert g.trump == 0                      # spades
    assert card_name(g.turnup) == "7S"
    assert g.turn == 0 and g.phase == "attack"
    assert g.bout.attacker == 0 and g.bout.cap == 6


def test_87_trumpless_deals_in_5000() -> None:
    trumpless = 0
    first_attackers = set()
    for n in range(1, 5001):
        g = Game.from_seed(seed_of(n))
        trumps = [c for c in g.hands[0] | g.hands[1] if c >> 4 == g.trump]
        if not trumps:
            trumpless += 1
            assert g.turn == 0
        else:
            low = min(trumps)
            assert g.turn == (0 if low in g.hands[0] else 1)
            first_attackers.add(g.turn)
    assert trumpless == 87
    assert first_attackers == {0, 1}


# -- the replay vector: rung 3 against rung 2, written here from the spec's text --

def _cost(card: int, view: View, rung: int, defending: bool) -> int:
    cost = (card & 15) - 6 + (20 if card >> 4 == view.trump else 0)
    if sum(1 for c in view.hand if c & 15 == card & 15) >= 2:
        cost += 1 if rung == 2 or defending else -2
    return cost


def _bot(view: View, rung: int) -> Move:
    legal = view.legal
    kinds = [m.kind for m in legal]
    if "swap" in kinds:
        return legal[kinds.index("swap")]
    if view.phase == "defend":
        beats = [m for m in legal if m.kind == "beat"]
        if not beats:
            return legal[kinds.index("take")]
        best = min(beats, key=lambda m: _cost(m.card or 0, view, rung, True))  # min keeps the first of ties
        card = best.card or 0
        if (rung == 3 and card >> 4 == view.trump and (card & 15) - 6 > 3 and view.talon > 6
                and view.bout.size <= 2 and "take" in kinds):
            return legal[kinds.index("take")]
        return best
    attacks = [m for m in legal if m.kind == "attack"]
    if not attacks:
        return legal[kinds.index("done")]
    return min(attacks, key=lambda m: _cost(m.card or 0, view, rung, False))


def test_durak_replay_1_rung_3_against_rung_2() -> None:
    g = Game.from_seed(pad_seed("durak-replay-1"))
    assert g.trump == 1 and card_name(g.turnup) == "6H" and g.turn == 0
    rungs = {0: 3, 1: 2}
    while not g.over:
        seat = g.turn
        assert seat is not None
        g.apply(seat, _bot(g.view(seat), rungs[seat]))
    assert len(g.history) == 42
    assert g.ply == len(g.events) == 68
    assert g.result is not None and (g.result.outcome, g.result.fool) == ("fool", 1)
    assert g.heap == 28
    # and the recorded deal replays to the same events
    again = Game.replay(pad_seed("durak-replay-1"), g.history)
    assert again.events == g.events and again.result == g.result


def test_random_playouts_average_about_80_moves() -> None:
    out = random_playouts(20_000, 11)
    mean = float(out["moves"].mean())
    assert 78 < mean < 83, mean   # the spec: rung 1 against rung 1 averages about 80


def test_the_portable_sha256_deals_as_the_cpu_extensions_do() -> None:
    """Dealing by seed runs on SHA-NI where the CPU has it; the portable code must agree."""
    from kozyr.durak import pad_seed
    from kozyr.durak.core import engine as _engine

    had = _engine._sha_ni()
    try:
        _engine._sha_ni(False)
        assert _engine._sha_ni() is False
        portable = [_engine.shuffled_order(pad_seed(f"sha-{i}"), n) for i in range(200) for n in (1, 7, 10**12)]
        _engine._sha_ni(True)
        fast = [_engine.shuffled_order(pad_seed(f"sha-{i}"), n) for i in range(200) for n in (1, 7, 10**12)]
    finally:
        _engine._sha_ni(had)
    assert portable == fast
    from kozyr.durak.oracle.reference import shuffled_order as reference_order
    assert portable[:30] == [reference_order(pad_seed(f"sha-{i}"), n) for i in range(10) for n in (1, 7, 10**12)]
