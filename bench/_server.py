"""Shared by the benchmarks: start `python app.py` on 127.0.0.1 with a throwaway database, and read
its resident memory. Benchmarks only ever talk to 127.0.0.1, with bounded loops."""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_until_listening(port: int, what: str, seconds: float = 20) -> None:
    """Return once something accepts connections on 127.0.0.1:`port`; fail after `seconds`."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"{what} did not start")


class Server:
    def __init__(self, extra_args: list[str] | None = None, db: str | None = None, env: dict | None = None):
        """`db`: a redis:// URL to share; default a throwaway SQLite file."""
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.tmp = tempfile.TemporaryDirectory()
        self.proc = subprocess.Popen(
            [sys.executable, str(ROOT / "app.py"), "--host", "127.0.0.1", "--port", str(self.port),
             "--db", db or os.path.join(self.tmp.name, "bench.db"), "--public-url", self.url, *(extra_args or [])],
            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT,
            # the simulated phones of many tables share 127.0.0.1: lift the per-address limits, and with
            # them their pace (companion/ratelimit.py: 1/60 of a minute's allowance a second); view loads
            # keep the default, which bench/abuse.py's client meets
            env={**os.environ, "COMPANION_JOINS_PER_MINUTE": "10000000", "COMPANION_LOOKUPS_PER_MINUTE": "10000000",
                 "COMPANION_TABLES_PER_MINUTE": "10000000", "COMPANION_MOVES_PER_MINUTE": "10000000",
                 **(env or {})})
        wait_until_listening(self.port, "server")

    def rss_mb(self) -> float:
        with open(f"/proc/{self.proc.pid}/status") as fh:
            for line in fh:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
        return float("nan")

    def cpu_seconds(self) -> float:
        """User + system CPU the server process has used so far (robust against a noisy machine)."""
        with open(f"/proc/{self.proc.pid}/stat") as fh:
            fields = fh.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        self.tmp.cleanup()


class RedisServer:
    """A throwaway redis-server on 127.0.0.1 (the durability settings docs/DEPLOY.md recommends)."""

    def __init__(self):
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.tmp = tempfile.TemporaryDirectory()
        self.proc = subprocess.Popen(
            ["redis-server", "--bind", "127.0.0.1", "--port", str(self.port), "--dir", self.tmp.name, "--save", "",
             "--appendonly", "yes", "--appendfsync", "everysec", "--maxclients", "10000"],
            stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2) as s:
                    s.sendall(b"PING\r\n")
                    if s.recv(64).startswith(b"+PONG"):
                        return
            except OSError:
                pass
            time.sleep(0.1)
        raise RuntimeError("redis-server did not start")

    def rss_mb(self) -> float:
        return Server.rss_mb(self)  # type: ignore[arg-type]

    def cpu_seconds(self) -> float:
        return Server.cpu_seconds(self)  # type: ignore[arg-type]

    def stop(self) -> None:
        Server.stop(self)  # type: ignore[arg-type]


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]
