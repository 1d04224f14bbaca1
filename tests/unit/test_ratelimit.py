"""The in-process rate limiter: a minute's allowance, and after a burst a pace (one attempt every
60 / per_minute seconds); the Redis one is checked against the same figures in test_redis_store."""
from __future__ import annotations

from companion.ratelimit import BURST_AT_LEAST, RateLimiter, burst


def allowed_over(limiter, client: str, per_minute: int, start: float, seconds: float, per_second: int) -> int:
    """Attempts let through when `client` asks `per_second` times a second for `seconds`."""
    return sum(limiter.hit(client, "view", per_minute, now=start + i / per_second)
               for i in range(int(seconds * per_second)))


def test_a_large_allowance_comes_at_a_pace_after_a_burst():
    assert burst(1200) == 60 and burst(30) == BURST_AT_LEAST == 30 and burst(4) == 30
    limiter = RateLimiter()
    # 1,200 a minute: 60 at once, then one every 50 ms
    assert all(limiter.hit("a", "view", 1200, now=100.0) for _ in range(60))
    assert not limiter.hit("a", "view", 1200, now=100.0)
    assert not limiter.hit("a", "view", 1200, now=100.04)
    assert limiter.hit("a", "view", 1200, now=100.051)
    assert not limiter.hit("a", "view", 1200, now=100.052)
    # asking 200 times a second for 10 s: the burst, then 20 a second
    assert 60 + 199 <= allowed_over(limiter, "b", 1200, 200.0, 10, 200) <= 60 + 201
    # and never more than the minute's allowance
    assert allowed_over(limiter, "c", 1200, 300.0, 60, 200) == 1200


def test_a_small_allowance_may_go_at_once_and_the_minute_stops_it():
    limiter = RateLimiter()
    assert [limiter.hit("d", "lookup", 30, now=400.0) for _ in range(31)] == [True] * 30 + [False]
    assert not limiter.hit("d", "lookup", 30, now=430.0)
    assert limiter.hit("d", "lookup", 30, now=460.5)


def test_each_client_and_bucket_has_its_own_allowance():
    limiter = RateLimiter()
    assert all(limiter.hit("a", "view", 1200, now=10.0) for _ in range(60))
    assert not limiter.hit("a", "view", 1200, now=10.0)
    assert limiter.hit("a", "move", 1200, now=10.0) and limiter.hit("b", "view", 1200, now=10.0)
