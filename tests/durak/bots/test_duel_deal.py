"""The duel's fast deal in one pass (_duel.pxd, duel_deal_rng) against the shuffle it fuses.

The ladder's fast deals go into the duel by duel_deal_rng: the fast shuffle
with each card put where the deal puts it as its position is fixed (the
talon's suffix table, the turn-up, the hands). It must give exactly the Duel
of the fast shuffle of a State (st_deal_rng, as every other caller deals) and
of shuffle_rng then duel_deal, field by field with the whole talon table, and
leave the generator where they leave it. (tests/durak/bots/test_duel.py plays the
deals out both ways; this compares the deals themselves.)
"""
from __future__ import annotations

import pytest
from _compiled import hooks


def agrees(key: int, count: int) -> list[int]:
    """The indices where the one-pass deal and the shuffles differ (the tests' compiled hook)."""
    return hooks().fast_deal_agrees(key, count)


@pytest.mark.soak
def test_the_one_pass_deal_is_the_shuffles_deal() -> None:
    assert agrees(29, 100_000) == []
    assert agrees(2**64 - 50_000, 50_000) == []     # the generator's key wrapping around


def test_the_ladders_fast_deals_are_unchanged() -> None:
    # which deal a seed gives, and so what the fast ladders find: as before the one-pass deal
    # (measured on the build before it; rung 3 against rung 2 with seed "ladder" is the
    # strength figure of docs/benchmarks.md), with rung 1 in each seat of a different pair
    from kozyr.durak.ladder import ladder

    for a, b, n, want in [(3, 2, 20_000, (9176, 10056, 768, 51.01115)),
                          (1, 1, 5_000, (2472, 2517, 11, 81.1366)),
                          (2, 1, 5_000, (74, 4917, 9, 53.9186))]:
        r = ladder(a, b, n, "ladder")
        assert (r.a_fools, r.b_fools, r.draws, round(float(r.mean_moves), 6)) == want, (a, b)
