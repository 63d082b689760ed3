"""Real PostgreSQL and Redis servers for the tests of a world of several nodes (issue 30).

Each is started from Debian's packages in a temporary directory, listening on 127.0.0.1 only at a
free port, and stopped (its files removed) when the test session ends:

* PostgreSQL: ``initdb`` and ``pg_ctl`` from /usr/lib/postgresql/<version>/bin, a fresh cluster
  with trust authentication on loopback (nothing else can reach it). ``initdb`` refuses to run as
  root, so as root the cluster belongs to the ``postgres`` user the package creates.
* Redis: ``redis-server`` with no persistence (``--save ''``, no append-only file).

Where one cannot be started, :class:`Unavailable` says why in one line; the fixtures in
tests/conftest.py turn that into a skip with that reason, never a silent pass.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time


class Unavailable(Exception):
    """A server could not be started here: why, in one line."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_port(port: int, seconds: float = 20.0) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return True
        except OSError:
            time.sleep(0.05)
    return False


def postgres_bin() -> str | None:
    """The newest installed PostgreSQL's bin directory, or None."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                   key=lambda p: int(p.split("/")[4]) if p.split("/")[4].isdigit() else 0)
    return os.path.dirname(found[-1]) if found else None


class Postgres:
    """A PostgreSQL cluster of its own in a new temporary folder (under /tmp, where the postgres
    user can reach it: pytest's own folders are root's alone); :attr:`url` once started."""

    def __init__(self, fsync: bool = False) -> None:
        """``fsync``: flush at each commit as a real server does (benches); tests go without."""
        self.fsync = fsync
        self.folder = tempfile.mkdtemp(prefix="questmud-pg-")
        self.data = os.path.join(self.folder, "data")
        self.port = 0
        self.url = ""
        self._as: list[str] = []

    def start(self) -> "Postgres":
        bin_dir = postgres_bin()
        if bin_dir is None:
            raise Unavailable("PostgreSQL is not installed (Debian: apt-get install postgresql)")
        if os.geteuid() == 0:  # initdb will not run as root: the package's own user runs it
            try:
                user = pwd.getpwnam("postgres")
            except KeyError:
                raise Unavailable("running as root and there is no postgres user to run PostgreSQL") from None
            os.chown(self.folder, user.pw_uid, user.pw_gid)
            self._as = ["runuser", "-u", "postgres", "--"]
        self.port = free_port()
        self._run([f"{bin_dir}/initdb", "-D", self.data, "-U", "postgres", "--auth=trust", "-E", "UTF8",
                   "--no-sync", "--locale=C"], "initdb")
        self.resume()
        self.url = f"postgresql://postgres@127.0.0.1:{self.port}/postgres"
        return self

    def resume(self) -> None:
        """Start the server (again, after :meth:`halt`) on the same port and data."""
        self._run([f"{postgres_bin()}/pg_ctl", "-D", self.data, "-l", os.path.join(self.folder, "log"), "-w",
                   "-t", "30", "-o", f"-c listen_addresses=127.0.0.1 -c port={self.port}"
                   f" -c unix_socket_directories={self.folder} -c fsync={'on' if self.fsync else 'off'}"
                   " -c max_connections=200", "start"],
                  "pg_ctl start")

    def halt(self) -> None:
        """Stop the server at once, as a crash would (its files kept: :meth:`resume` brings it back)."""
        self._run([f"{postgres_bin()}/pg_ctl", "-D", self.data, "-m", "immediate", "-w", "stop"], "pg_ctl stop")

    def _run(self, cmd: list[str], what: str) -> None:
        done = subprocess.run(self._as + cmd, capture_output=True, text=True, timeout=60)
        if done.returncode != 0:
            tail = (done.stderr or done.stdout).strip().splitlines()[-1:] or ["no output"]
            raise Unavailable(f"PostgreSQL's {what} failed: {tail[0]}")

    def stop(self) -> None:
        bin_dir = postgres_bin()
        if bin_dir and os.path.exists(os.path.join(self.data, "postmaster.pid")):
            subprocess.run(self._as + [f"{bin_dir}/pg_ctl", "-D", self.data, "-m", "immediate", "-w", "stop"],
                           capture_output=True, timeout=60)
        shutil.rmtree(self.folder, ignore_errors=True)


class Redis:
    """A Redis server of its own, without persistence; :attr:`url` once started."""

    def __init__(self) -> None:
        self.folder = tempfile.mkdtemp(prefix="questmud-redis-")
        self.port = 0
        self.url = ""
        self.proc: subprocess.Popen | None = None

    def start(self) -> "Redis":
        if shutil.which("redis-server") is None:
            raise Unavailable("Redis is not installed (Debian: apt-get install redis-server)")
        self.port = free_port()
        self.resume()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        return self

    def resume(self) -> None:
        """Start the server (again, after :meth:`halt`: empty, as Redis without persistence is)."""
        self.proc = subprocess.Popen(
            [shutil.which("redis-server") or "redis-server", "--port", str(self.port), "--bind", "127.0.0.1",
             "--save", "", "--appendonly", "no", "--dir", self.folder, "--protected-mode", "yes"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if not wait_port(self.port):
            self.stop()
            raise Unavailable("redis-server did not start listening within 20 s")

    def halt(self) -> None:
        """Kill the server, as a crash would."""
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        shutil.rmtree(self.folder, ignore_errors=True)


def started(server, skip) -> None:
    """Start ``server``, or clean up and call ``skip`` (pytest.skip) with why it cannot start."""
    try:
        server.start()
    except Unavailable as why:
        server.stop()
        skip(f"no {type(server).__name__} here: {why}")
