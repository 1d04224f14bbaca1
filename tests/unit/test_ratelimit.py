"""The in-process rate limiter: a minute's allowance, spent at most `burst()` a second."""
from __future__ import annotations

from companion.ratelimit import BURST_AT_LEAST, RateLimiter, burst


def test_a_large_allowance_is_spread_over_the_minute_a_small_one_may_go_at_once():
    assert burst(1200) == 60 and burst(30) == BURST_AT_LEAST == 30 and burst(4) == 30
    limiter = RateLimiter()
    # 1,200 a minute: 60 within one second, then no more until that second has passed
    assert all(limiter.hit("a", "view", 1200, now=100.0 + i / 1000) for i in range(60))
    assert not limiter.hit("a", "view", 1200, now=100.5)
    assert limiter.hit("a", "view", 1200, now=101.01)
    # spent at 60 a second, the minute's 1,200 last twenty seconds
    allowed = sum(limiter.hit("b", "view", 1200, now=200.0 + i / 100) for i in range(6000))  # 100 a second for 60 s
    assert allowed == 1200
    # a small allowance is the same as before: all of it at once, then nothing for the minute
    assert [limiter.hit("c", "lookup", 30, now=300.0) for _ in range(31)] == [True] * 30 + [False]
    assert not limiter.hit("c", "lookup", 30, now=330.0) and limiter.hit("c", "lookup", 30, now=360.5)


def test_each_client_and_bucket_has_its_own_allowance():
    limiter = RateLimiter()
    assert all(limiter.hit("a", "view", 1200, now=10.0) for _ in range(60))
    assert not limiter.hit("a", "view", 1200, now=10.0)
    assert limiter.hit("a", "move", 1200, now=10.0) and limiter.hit("b", "view", 1200, now=10.0)
