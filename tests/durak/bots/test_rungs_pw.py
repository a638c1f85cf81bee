"""The rungs' cheapest card by power (rungs.pxd), the duel's layout, against kozyr's layout.

The duel asks the rungs for the cheapest card with its cards by power; for
the pair adjustment +1 (rung 2, and rung 3 beating, with the rules' settings)
that is one look-up in a table (core/power.pxd, pw_next_step), for a negative one
(rung 3 attacking) one bit scan in a window (_pw_reach), otherwise two bit scans. Each
must pick the card the suit-major search (_cheapest, which every other caller
uses) picks, on every hand: here exhaustively over the two powers the table
reads and at random over whole hands, and the table itself is rebuilt from
its definition.
"""
from __future__ import annotations

import random

from _compiled import hooks


def ways(hand: int, pool: int, pair: int) -> tuple[int, int, int, int]:
    """(the duel's kernel, _cheapest_pw, bit scans, kozyr's layout): the tests' compiled hook."""
    return hooks().cheapest_ways(hand, pool, pair)


def pw1_table() -> list[int]:
    """pw_next_step's table from its definition (core/power.pxd); also how its literal was generated."""
    out = []
    for idx in range(1024):
        hn0, hn1, s0 = idx & 15, (idx >> 4) & 15, idx >> 8
        step = 0
        if bin(hn0).count("1") >= 2 and bin(hn1).count("1") == 1 and (hn0 >> s0) & 1:
            suit = hn1.bit_length() - 1
            if suit <= s0:
                step = 4 + suit - s0
        out.append(step)
    return out


def test_the_table_is_its_definition() -> None:
    assert hooks().pw1_table() == pw1_table()


def _pools(hand: int) -> list[int]:
    """Pools within hand as the rungs are asked about: all of it, one suit, all but one suit."""
    return [hand] + [hand & (0x111111111 << s) for s in range(4)] + [hand & ~(0x111111111 << s) for s in range(4)]


def test_every_hand_of_two_powers_every_pool() -> None:
    # the table reads the hand's nibbles of the pool's lowest power and the next: every hand of
    # two adjacent powers (at each place in the deck) and every non-empty pool within it
    for low in range(8):
        for nib in range(1, 256):
            hand = nib << (4 * low)
            for sub in range(1, 256):
                pool = (sub << (4 * low)) & hand
                if pool == 0 or sub & ~nib:
                    continue
                for pair in (1, -2, 0, -1, -9, 2):
                    assert len(set(ways(hand, pool, pair))) == 1, (hex(hand), hex(pool), pair)


def test_random_hands() -> None:
    rng = random.Random(29)
    for _ in range(20_000):
        hand = rng.getrandbits(36) & rng.getrandbits(36)
        if hand == 0:
            continue
        for pool in _pools(hand) + [hand & rng.getrandbits(36)]:
            if pool == 0:
                continue
            for pair in (1, -2, rng.randint(-9, 9)):
                assert len(set(ways(hand, pool, pair))) == 1, (hex(hand), hex(pool), pair)


def test_a_pair_and_the_next_power() -> None:
    # the 7s paired (power 1, spades and hearts) and a lone 8 (power 2): with +1 the pair costs
    # 2, the lone 8 also 2; a lone 8 of spades (suit 0, not above the 7's) wins the tie
    seven_s, seven_h, eight_s, eight_h = 1 << 4, 1 << 5, 1 << 8, 1 << 9
    hand = seven_s | seven_h | eight_s
    assert ways(hand, hand, 1)[0] == 8
    hand = seven_s | seven_h | eight_h        # a lone 8 of hearts: above spades, the 7 of spades
    assert ways(hand, hand, 1)[0] == 4
    hand = seven_s | seven_h | eight_s | eight_h    # the 8s paired too: the 7 of spades
    assert ways(hand, hand, 1)[0] == 4
    assert ways(hand, seven_h | eight_s, 1)[0] == 5     # the 8 of spades paired now: the 7 of hearts


def test_a_paired_rank_within_the_window() -> None:
    # -2: a paired rank two powers up ties the lone lowest card, and wins when its suit is not above
    six_h, eight_s, eight_c, nine_s, nine_d = 1 << 1, 1 << 8, 1 << 11, 1 << 12, 1 << 14
    hand = six_h | eight_s | eight_c
    assert ways(hand, hand, -2)[0] == 8          # the 8 of spades (cost 0) before the 6 of hearts (0)
    hand = six_h | nine_s | nine_d
    assert ways(hand, hand, -2)[0] == 1          # the 9s cost 1: the 6 of hearts
    assert ways(hand, hand, -3)[0] == 12         # at -3 they cost 0 and the 9 of spades comes first
