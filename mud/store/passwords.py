"""Passwords as the stores keep them: a salted scrypt digest, the cost written with the salt.

Both stores (mud/store/base.py, on SQLite and PostgreSQL) and the server's hashing threads (mud/server/hashing.py)
hash through :func:`hash_password`; a salt's own tag says the cost it was made with, so the cost
for new passwords may change without invalidating any stored one."""

from __future__ import annotations

import hashlib
import os

# scrypt's cost for new passwords (8 MB, 25-40 ms here: a thousand logins a minute on 2 cores beside
# the players), written at the head of each salt ("n13:" + 16 bytes), so changing it leaves every
# stored password valid; a bare 16-byte salt is the first cost, 2**14 (docs/decisions.md).
SCRYPT = {"n": 2**13, "r": 8, "p": 1, "dklen": 32}
LEGACY_N = 2**14  # salts without a tag (accounts made before the cost was written down)


def hash_password(password: str, salt: bytes | None = None) -> tuple[bytes, bytes]:
    """(salt, digest): a new salt (tagged with today's cost) if none is given, else the cost the
    salt was made with."""
    if not salt:
        salt = f"n{SCRYPT['n'].bit_length() - 1}:".encode() + os.urandom(16)
    params = dict(SCRYPT, n=salt_cost(salt))
    return salt, hashlib.scrypt(password.encode("utf-8"), salt=salt, maxmem=64 * 2**20, **params)


def salt_cost(salt: bytes) -> int:
    """scrypt's n for a stored salt: from its tag, or the first cost for an untagged one."""
    if len(salt) == 16 or not salt.startswith(b"n") or b":" not in salt[:4]:
        return LEGACY_N
    return 2 ** int(salt[1:salt.index(b":")])
