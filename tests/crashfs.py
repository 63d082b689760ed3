"""A disk that loses power: an apsw VFS that forgets what was not synced, as SQLite's crash tests do.

Files are written through to the real ones, but every 512-byte sector changed since the file's last
``xSync`` is remembered with its synced content, and so is the synced size. At :meth:`CrashVFS.cut`
the power goes: each such sector keeps its new bytes or gets its old ones back, at random (a disk
writes sectors in any order, and a cache may hold any of them); a file that grew keeps or loses its
new length, at random (a lost tail reads as zeros if the length stayed); then every further write,
sync, truncation or deletion by the dead connection fails. ``xSync`` itself only marks the moment:
the real fsync is not needed to simulate one, so a thousand cuts take seconds.

The store runs on it through :class:`ApswDb`, the few calls of Python's sqlite3 that mud/store/sqlite.py
uses, so the crash test drives the store's own code (its pragmas, transactions and group commit).
The file is read back afterwards with Python's sqlite3, as the server would after the power returns.
"""

from __future__ import annotations

import json
import os
import random
import sqlite3
import sys

import apsw

from games.engine import Action
from mud.store import Store

SECTOR = 512


class PowerCut(apsw.IOError):
    """The power is out: this write (and everything after it) never reaches the disk."""


class FileLog:
    """What one file held at its last sync: its size and the old bytes of the sectors changed since."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.synced_size = os.path.getsize(path) if os.path.exists(path) else 0
        self.old: dict[int, bytes] = {}  # sector -> its synced bytes (shorter at the end of the file)

    def remember(self, offset: int, length: int) -> None:
        """Before a write or truncation of [offset, offset+length): the synced bytes of its sectors."""
        first, last = offset // SECTOR, (offset + max(length, 1) - 1) // SECTOR
        todo = [s for s in range(first, last + 1) if s not in self.old]
        if not todo:
            return
        with open(self.path, "rb") as f:
            for sector in todo:
                if sector * SECTOR >= self.synced_size:
                    self.old[sector] = b""  # not on the disk before: garbage (zeros) if the length stays
                    continue
                f.seek(sector * SECTOR)
                self.old[sector] = f.read(min(SECTOR, self.synced_size - sector * SECTOR))

    def synced(self) -> None:
        self.old.clear()
        self.synced_size = os.path.getsize(self.path)

    def lose_power(self, rng: random.Random) -> int:
        """Put back a random part of what was not synced; returns the sectors lost."""
        size = os.path.getsize(self.path)
        if size != self.synced_size and rng.random() < 0.5:
            size = self.synced_size  # the new length never reached the disk
        lost = 0
        with open(self.path, "r+b") as f:
            f.truncate(size)
            for sector, old in self.old.items():
                start = sector * SECTOR
                if start >= size or rng.random() < 0.5:
                    continue  # beyond the file, or this sector did reach the disk
                f.seek(start)
                f.write((old + bytes(SECTOR))[: min(SECTOR, size - start)])
                lost += 1
        self.old.clear()
        self.synced_size = size
        return lost


class CrashFile(apsw.VFSFile):
    def __init__(self, vfs: "CrashVFS", name, flags) -> None:
        self.vfs = vfs
        path = name.filename() if hasattr(name, "filename") else name
        super().__init__("", name, flags)
        self.log = vfs.logs.setdefault(path, FileLog(path)) if path else None

    def _tick(self) -> None:
        self.vfs.tick()

    def xWrite(self, data, offset) -> None:
        self._tick()
        if self.log is not None:
            self.log.remember(offset, len(data))
        super().xWrite(data, offset)

    def xTruncate(self, size) -> None:
        self._tick()
        if self.log is not None:
            current = os.path.getsize(self.log.path)
            if size < current:
                self.log.remember(size, current - size)
        super().xTruncate(size)

    def xSync(self, flags) -> None:
        self._tick()
        if self.log is not None:
            self.log.synced()  # (no real fsync: this simulated disk decides what a sync keeps)


class CrashVFS(apsw.VFS):
    """A VFS named ``name`` whose power goes after ``cut_after`` writes, truncations and syncs."""

    def __init__(self, name: str, rng: random.Random, cut_after: int | None = None) -> None:
        super().__init__(name, "")
        self.name, self.rng, self.cut_after = name, rng, cut_after
        self.logs: dict[str, FileLog] = {}
        self.ops = 0
        self.dead = False
        self.lost = 0  # sectors put back at the cut

    def tick(self) -> None:
        if self.dead:
            raise PowerCut("the power is out")
        self.ops += 1
        if self.cut_after is not None and self.ops > self.cut_after:
            self.cut()
            raise PowerCut("the power went")

    def cut(self) -> None:
        """The power goes now: what was not synced is partly lost; nothing is written after."""
        if self.dead:
            return
        self.dead = True
        for log in self.logs.values():
            if os.path.exists(log.path):
                self.lost += log.lose_power(self.rng)

    def xOpen(self, name, flags):
        if self.dead:
            raise PowerCut("the power is out")
        return CrashFile(self, name, flags)

    def xDelete(self, name, syncdir) -> None:
        if self.dead:
            return  # the power is out: nothing changes on the disk any more
        self.logs.pop(name, None)
        super().xDelete(name, syncdir)


class ApswDb:
    """An apsw connection seen as the store sees Python's sqlite3 connection."""

    def __init__(self, path: str, vfs: str) -> None:
        self.conn = apsw.Connection(path, vfs=vfs)

    def execute(self, sql: str, args: tuple = ()):
        return self.conn.execute(sql, args)

    def getautocommit(self) -> bool:
        return self.conn.getautocommit()

    def close(self) -> None:
        try:
            self.conn.close(True)
        except apsw.Error:
            pass  # a dead connection's last checkpoint fails: as it would with the power out


# --- one power cut ------------------------------------------------------------------------------------
def play_until_cut(path: str, seed: int, cut_after: int | None, batches: int = 40) -> dict:
    """A server's writes on the crashing disk: accounts, matches, bursts of moves committed as
    group commits (acknowledged when ``commit`` returns), snapshots, finished matches -- until the
    power goes after ``cut_after`` disk operations (or at the end). Returns what was acknowledged."""
    rng = random.Random(seed)
    vfs = CrashVFS(f"crash{seed}-{os.getpid()}-{id(rng)}", rng, cut_after)
    acked = {"moves": {}, "matches": set(), "accounts": set(), "ops": 0, "lost": 0}
    store = None
    opened: list[ApswDb] = []

    def connect(p: str) -> ApswDb:
        opened.append(ApswDb(p, vfs.name))
        return opened[-1]

    hook = sys.unraisablehook  # apsw reports a VFS error it could not raise there: the cut, expected
    sys.unraisablehook = lambda report: None if isinstance(report.exc_value, PowerCut) else hook(report)
    try:
        store = Store(path, connect=connect)
        store.db.execute("PRAGMA wal_autocheckpoint=20")  # checkpoints often, so cuts land in them too
        store.batched = True
        playing: dict[int, int] = {}
        for batch in range(batches):
            told: list = []
            for _ in range(rng.randint(1, 12)):
                roll = rng.random()
                if roll < 0.08 or not playing:
                    name = f"p{seed}x{batch}x{len(told)}"
                    store.create_account(name, None, hashed=(b"salt", b"hash"))
                    match = store.create_match("quest", "gate", rng.randrange(10**6), {"rules": "basic"},
                                               [name], ["bot1"], "normal")
                    playing[match] = 0
                    told.append(("match", match))
                    told.append(("account", name))
                    continue
                match = rng.choice(sorted(playing))
                playing[match] += 1
                seq = playing[match]
                verb, args = rng.choice([("move", ["n", "e"]), ("roll", []), ("pass", []), ("take", ["key"])])
                store.log_move(match, seq, "bot1", Action(verb, tuple(args)), rng.random() < 0.5)
                told.append(("move", (match, seq, verb, json_args(args))))
                if seq % 25 == 0:
                    store.save_snapshot(match, seq, ("state", rng.randbytes(rng.randint(100, 6000))))
                if roll > 0.97:
                    store.finish(match)
                    del playing[match]
            if store.commit():  # (the real store raises on the dead disk; False only on a full one)
                for kind, what in told:
                    if kind == "move":
                        acked["moves"][what[:2]] = what[2:]
                    elif kind == "match":
                        acked["matches"].add(what)
                    else:
                        acked["accounts"].add(what)
    except apsw.Error:
        pass  # the server died with the power
    finally:
        vfs.cut()
        for db in opened:  # (a store that died opening never closed its connection)
            db.close()
        acked["ops"], acked["lost"] = vfs.ops, vfs.lost
        sys.unraisablehook = hook
        vfs.unregister()
    return acked


def json_args(args: list) -> str:
    return json.dumps(list(args))


def check_after_cut(path: str, acked: dict) -> list[str]:
    """What is wrong with the file after the power came back (nothing: []): it opens, passes
    integrity_check, and holds every acknowledged match, account and move, exactly."""
    wrong: list[str] = []
    db = sqlite3.connect(path)
    try:
        check = [r[0] for r in db.execute("PRAGMA integrity_check")]
    finally:
        db.close()
    if check != ["ok"]:
        return [f"integrity_check: {check[:3]}"]
    try:
        store = Store(path)  # the server's own way in: quick_check, migrations (a cut before the first)
    except Exception as err:  # noqa: BLE001 -- any failure is the finding
        return [f"the store does not open: {err}"]
    db = store.db
    try:
        moves = {(m, s): (v, a) for m, s, v, a in db.execute("SELECT match, seq, verb, args FROM moves")}
        matches = {r[0] for r in db.execute("SELECT id FROM matches")}
        accounts = {r[0] for r in db.execute("SELECT name FROM accounts")}
    except sqlite3.Error as err:
        return [f"cannot read: {err}"]
    finally:
        db.close()
    for key, want in acked["moves"].items():
        if moves.get(key) != want:
            wrong.append(f"acknowledged move {key} {want} is {moves.get(key)}")
    wrong += [f"acknowledged match {m} lost" for m in acked["matches"] - matches]
    wrong += [f"acknowledged account {a} lost" for a in acked["accounts"] - accounts]
    return wrong
