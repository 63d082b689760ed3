"""How the world has a password checked or hashed: the one interface it is given (``World.hashing``).

A password's hash is slow on purpose (argon2id, about 25 ms of a core: mud/store/passwords.py). The
``password`` and ``delete account`` verbs need one or two (the old password checked, the new one
hashed); done in the world's loop, every other player would wait for them. So the world asks through
this interface and hears the answer through ``then``, maybe later: the server gives it one that runs
the hash in its bounded hashing pool, in the same fair line as the logins' (mud/server/hashing.py
``WorldHashing``), and hands the answer back on the loop; without a server (``mud play``, tests)
:class:`InPlace` hashes at once, in the caller's thread. The world never imports the server: it is
handed the object.

``then`` hears None when the work could not be done (the pool shut, a bug): the verb says so and
nothing is changed.
"""

from __future__ import annotations

from typing import Callable

from mud.store.passwords import hash_password, verify


class Hashing:
    """The interface: each call answers through ``then``, at once or later (on the world's loop)."""

    def check(self, store, account: dict, password: str, then: Callable[[bool | None], None]) -> None:
        """Is ``password`` ``account``'s (a row as ``store.account`` gives it)?"""
        raise NotImplementedError

    def hash(self, password: str, then: Callable[[tuple[bytes, bytes] | None], None]) -> None:
        """``password``'s (salt, digest) at today's cost."""
        raise NotImplementedError


class InPlace(Hashing):
    """At once, in the caller's thread: a world with no server (local play, tests)."""

    def check(self, store, account: dict, password: str, then: Callable[[bool | None], None]) -> None:
        then(verify(password, account["salt"], account["hash"]))

    def hash(self, password: str, then: Callable[[tuple[bytes, bytes] | None], None]) -> None:
        then(hash_password(password))
