"""Issue 6's strength targets, measured the way a user would: 20,000 deals in C."""
import pytest

from kozyr.durak.ladder import ladder


@pytest.mark.parametrize("higher", [2, 3])
def test_a_higher_rung_against_random_is_rarely_the_fool(higher: int) -> None:
    r = ladder(higher, 1, 20_000, "acceptance")
    assert r.a_fools / 20_000 < 0.03
    assert r.a_fool.high is not None and r.a_fool.high < 0.03


def test_rung_3_against_rung_2_over_20000_deals() -> None:
    r = ladder(3, 2, 20_000, "acceptance")
    rate = r.a_fool_decided
    assert rate.rate is not None and rate.low is not None and rate.high is not None
    assert 0.45 <= rate.low and rate.high <= 0.50, rate
    assert rate.high - rate.rate < 0.01 and rate.rate - rate.low < 0.01, rate
