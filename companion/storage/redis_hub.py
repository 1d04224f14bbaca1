"""Publish/subscribe of table versions across app processes sharing one Redis (the in-process Hub
of companion/live.py, fed by a Redis subscription). Imported only when the store is a Redis
(companion/storage/__init__.py), so a SQLite install never needs the redis package."""
from __future__ import annotations

import logging
import threading
import time

import redis
from redis.exceptions import RedisError

from ..live import Hub
from .interface import StorageUnusable
from .redis_store import safe_url

log = logging.getLogger(__name__)


class RedisHub(Hub):
    """Hub's publish/wait across processes. Each process holds ONE subscriber connection (a pattern
    subscription to every table's channel) and fans messages out to its local waiters through the
    in-process Hub, so a thousand open streams cost a thousand greenlets, not a thousand Redis
    connections. After the subscription is (re)established, the tables this process's streams wait
    on are re-read, so a message missed while disconnected still reaches them."""

    def __init__(self, store, ready_timeout: float = 10):
        super().__init__()
        self.store = store
        self.channel_prefix = store.channel_prefix()
        # The subscriber connection blocks on reads by design: no socket timeout (keepalive instead).
        self._sub_client = redis.Redis.from_url(store.url, decode_responses=True, socket_connect_timeout=5,
                                                socket_keepalive=True)
        self._closed = threading.Event()
        self._ready = threading.Event()
        self._pubsub = None
        self._thread = threading.Thread(target=self._listen, name="redis-hub", daemon=True)
        self._thread.start()
        # Serve only once subscribed, so no publish is missed between start-up and the first stream.
        if not self._ready.wait(ready_timeout):
            self.close()
            raise StorageUnusable(f"Cannot subscribe to Redis at {safe_url(store.url)}")

    def publish(self, code: str, version: int, made_here: bool = False) -> None:
        super().publish(code, version, made_here)  # this process's streams at once
        if self.store.published_by_commit(code, version):
            return   # the commit's EXEC PUBLISHed it already (RedisTransaction.commands)
        try:
            self.store.client.publish(self.channel_prefix + code, version)
        except RedisError as exc:
            # The action is committed; other processes' streams catch up when their subscriber
            # reconnects (resync) or their viewers reload. Never turn a saved action into an error.
            log.warning("could not publish %s v%s: %s", code, version, exc)

    def _listen(self) -> None:
        backoff = 0.1
        while not self._closed.is_set():
            pubsub = self._sub_client.pubsub()
            self._pubsub = pubsub
            try:
                pubsub.psubscribe(self.channel_prefix + "*")
                for message in pubsub.listen():
                    if self._closed.is_set():
                        break
                    if message["type"] == "psubscribe":
                        backoff = 0.1
                        self._resync()
                        self._ready.set()
                    elif message["type"] == "pmessage":
                        self._deliver(message["channel"], message["data"])
            except (RedisError, OSError, ValueError) as exc:
                if self._closed.is_set():
                    break
                log.warning("Redis subscription lost (%s); reconnecting", exc)
                time.sleep(backoff)
                backoff = min(backoff * 2, 5)
            finally:
                try:
                    pubsub.close()
                except Exception:  # closing a broken connection may fail again: it is gone either way
                    pass

    def _deliver(self, channel: str, data: str) -> None:
        code = channel[len(self.channel_prefix):]
        # Anyone who can reach Redis can publish: accept only what a table code and version look like.
        if len(code) <= 12 and data.isascii() and data.isdigit() and len(data) < 10:
            Hub.publish(self, code, int(data))

    def _resync(self) -> None:
        codes = self.waited_on()
        if codes:
            for code, version in self.store.versions(codes).items():
                Hub.publish(self, code, version)

    def close(self) -> None:
        self._closed.set()
        pubsub = self._pubsub
        if pubsub is not None and pubsub.connection is not None:
            try:
                pubsub.connection.disconnect()  # wakes the listener out of its blocking read
            except Exception:
                pass
        self._thread.join(5)
        self._sub_client.close()
