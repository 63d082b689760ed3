"""Passwords as the stores keep them: argon2id in its standard self-describing form; older kinds still read.

Both stores (mud/store/base.py, on SQLite and PostgreSQL) and the server's hashing threads
(mud/server/hashing.py) hash through :func:`hash_password`, which takes and gives a (salt, digest)
pair, the two columns of an account's row:

* today, argon2id (argon2-cffi): the digest column holds the whole encoded hash,
  ``$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>``, which any argon2 library verifies alone; the salt
  column holds the same text up to its last ``$`` (the parameters and the salt), so a check re-hashes
  with what the row says and compares the two encodings in constant time;
* before issue 42, scrypt: a 16-byte salt (n = 2**14), or one tagged with its cost (``n13:`` + 16
  bytes), beside the raw 32-byte digest. These still verify; :func:`needs_upgrade` tells the server's
  login to store the password anew at today's cost once it has been typed right.

Changing the cost below therefore leaves every stored password valid (docs/decisions.md, issue 42).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os

from argon2 import Type
from argon2.low_level import hash_secret

# argon2id's cost for new passwords: OWASP's recommended minimum (19 MiB, 2 passes, 1 lane), about
# 25 ms of a core here; memory_cost is in KiB. Older rows, of any kind or cost, keep verifying.
ARGON2 = {"time_cost": 2, "memory_cost": 19 * 1024, "parallelism": 1, "hash_len": 32}
SALT_BYTES = 16
MOST_MEMORY_KIB = 1024 * 1024  # a stored record asking more than 1 GiB is damaged, not run
MOST_PASSES = 16

LEGACY_N = 2**14  # scrypt salts without a tag (accounts made before the cost was written down)
SCRYPT = {"r": 8, "p": 1, "dklen": 32}  # scrypt's other parameters, the same for every row it made


def _prefix(cost: dict) -> bytes:
    """The head of an argon2id encoding at ``cost``, up to the salt."""
    return f"$argon2id$v=19$m={cost['memory_cost']},t={cost['time_cost']},p={cost['parallelism']}$".encode()


def hash_password(password: str, salt: bytes | None = None, cost: dict | None = None) -> tuple[bytes, bytes]:
    """(salt, digest) of ``password``: with no ``salt``, a new argon2id record at ``cost`` (today's,
    ARGON2, unless given); else the same kind and cost as the stored ``salt`` says, so comparing
    the digest with the stored one checks the password."""
    if not salt:
        cost = cost or ARGON2
        encoded = hash_secret(password.encode("utf-8"), os.urandom(SALT_BYTES), type=Type.ID, **cost)
        return encoded.rsplit(b"$", 1)[0], encoded
    if salt.startswith(b"$argon2id$"):
        raw, cost = _argon2_salt(salt)
        return salt, hash_secret(password.encode("utf-8"), raw, type=Type.ID, **cost)
    return salt, hashlib.scrypt(password.encode("utf-8"), salt=salt, n=salt_cost(salt), maxmem=64 * 2**20, **SCRYPT)


def _argon2_salt(stored: bytes) -> tuple[bytes, dict]:
    """(the raw salt, the cost) of a stored argon2id salt column; ValueError if it is not one this
    module made (a damaged row must fail its login, not hash with a cost nobody chose)."""
    parts = stored.split(b"$")
    if len(parts) != 5 or parts[2] != b"v=19":
        raise ValueError("not an argon2id record")
    try:
        fields = dict(item.split(b"=", 1) for item in parts[3].split(b","))
        m, t, p = int(fields[b"m"]), int(fields[b"t"]), int(fields[b"p"])
        raw = base64.b64decode(parts[4] + b"=" * (-len(parts[4]) % 4), validate=True)
    except (KeyError, ValueError) as exc:
        raise ValueError("a damaged argon2id record") from exc
    if not (8 * p <= m <= MOST_MEMORY_KIB and 1 <= t <= MOST_PASSES and p == 1 and len(raw) >= 8):
        raise ValueError("an argon2id record with a cost out of bounds")
    return raw, dict(ARGON2, memory_cost=m, time_cost=t, parallelism=p)


def salt_cost(salt: bytes) -> int:
    """scrypt's n for a stored scrypt salt: from its tag, or the first cost for an untagged one."""
    if len(salt) == 16 or not salt.startswith(b"n") or b":" not in salt[:4]:
        return LEGACY_N
    return 2 ** int(salt[1:salt.index(b":")])


def needs_upgrade(salt: bytes) -> bool:
    """Is a stored record of an older kind or cost than today's (so the login that has just
    verified it should store the password anew)? A row with no password never is."""
    return bool(salt) and not salt.startswith(_prefix(ARGON2))


def verify(password: str, salt: bytes, digest: bytes) -> bool:
    """Is ``password`` the one stored as (salt, digest)? A row with no password (an unknown name, an
    account of SSH keys only) costs a hash at today's cost all the same, so the time taken does
    not tell those apart from a wrong password."""
    if not digest:
        hash_password(password)
        return False
    return hmac.compare_digest(hash_password(password, salt)[1], digest)
