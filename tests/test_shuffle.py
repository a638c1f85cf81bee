"""The one seeded shuffle (kozyr.shuffle): its rejection of biased words, and both games dealing with it."""
from __future__ import annotations

import hashlib

from kozyr.durak import reference
from kozyr.durak.oracle.reference import REFERENCE_ORDER
from kozyr.preferans import shuffle as pref_shuffle
from kozyr.shuffle import fisher_yates, shuffled, words


def test_shuffle_rejects_words_at_or_above_the_limit() -> None:
    # SHA-256 words land at or above floor(2^32 / n) * n about once in 10^8
    # draws, so no seed shows the rejection: feed the shuffle words by hand.
    # i = 35 (n = 36): 2^32 - 1 and 4294967292 are rejected, 37 gives j = 1;
    # every later word is 0, so each position i swaps with position 0.
    stream = iter([2 ** 32 - 1, 4294967292, 37] + [0] * 40)
    cards = list(REFERENCE_ORDER)
    cards[35], cards[1] = cards[1], cards[35]
    for i in range(34, 0, -1):
        cards[i], cards[0] = cards[0], cards[i]
    assert fisher_yates(REFERENCE_ORDER, stream) == tuple(cards)


def test_the_word_stream_is_the_stated_one() -> None:
    seed = b"kozyr-preferans-3".ljust(32)
    digest = hashlib.sha256(seed + b"preferans:1:0").digest()
    first = [int.from_bytes(digest[i:i + 4], "big") for i in range(0, 32, 4)]
    stream = words(seed, "preferans:1")
    assert [next(stream) for _ in range(9)][:8] == first
    assert [f"{w:08x}" for w in first[:4]] == ["f333aaa0", "7c21eff7", "ceba14eb", "ae9770b9"]


def test_both_games_deal_with_it_under_their_own_text() -> None:
    seed = b"s" * 32
    assert reference.shuffled_order(seed, 7) == shuffled(REFERENCE_ORDER, seed, "deal:7")
    assert pref_shuffle.shuffled_order(seed, 7) == shuffled(pref_shuffle.REFERENCE_ORDER, seed, "preferans:7")
    assert reference.shuffled_order(seed, 7) != shuffled(REFERENCE_ORDER, seed, "preferans:7")
