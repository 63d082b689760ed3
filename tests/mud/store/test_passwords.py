"""Passwords as the stores keep them (issue 42, "Passwords"): a new one is argon2id at OWASP's
recommended cost, in the standard self-describing form any argon2 library reads; hashes of the older
kinds (scrypt, tagged or not) still verify and are known as due for an upgrade; a wrong password fails;
and checking a name with no password costs one hash all the same, so time does not tell it apart."""

from __future__ import annotations

import hashlib
import os

import argon2
import pytest

from mud.store import Store, passwords


def scrypt_record(password: str, n_log: int, tagged: bool) -> tuple[bytes, bytes]:
    """A (salt, digest) as an older questmud stored it: scrypt at n = 2**n_log, its salt tagged
    "nNN:" with the cost, or (the first kind) a bare 16 bytes at 2**14."""
    salt = (f"n{n_log}:".encode() if tagged else b"") + os.urandom(16)
    return salt, hashlib.scrypt(password.encode(), salt=salt, n=2**n_log, r=8, p=1, dklen=32, maxmem=64 * 2**20)


def test_a_new_password_is_argon2id_at_the_recommended_cost(tmp_path):
    store = Store(str(tmp_path / "db.sqlite"))
    store.create_account("young", "secret1")
    acc = store.account("young")
    encoded = acc["hash"].decode("ascii")
    params = argon2.extract_parameters(encoded)
    assert params.type is argon2.Type.ID and params.version == 19
    assert params.memory_cost >= 19 * 1024 and params.time_cost >= 2 and params.parallelism == 1  # OWASP's floor
    assert argon2.PasswordHasher().verify(encoded, "secret1")  # the standard form: any argon2 library checks it
    assert encoded.startswith(acc["salt"].decode("ascii") + "$")  # the salt column: the hash's parameters and salt
    assert not passwords.needs_upgrade(acc["salt"])
    other = store.account("young")["salt"]
    store.create_account("twin", "secret1")
    assert store.account("twin")["salt"] != other  # a salt of its own


def test_a_wrong_password_fails_and_the_right_one_passes(tmp_path):
    store = Store(str(tmp_path / "db.sqlite"))
    store.create_account("alice", "secret1")
    assert store.check_password("alice", "secret1")
    assert not store.check_password("alice", "secret2") and not store.check_password("alice", "")
    assert not store.check_password("alice", "secret1 ")


@pytest.mark.parametrize("n_log, tagged", [(14, False), (13, True), (14, True)])
def test_an_older_scrypt_hash_still_verifies_and_is_due_for_an_upgrade(tmp_path, n_log, tagged):
    store = Store(str(tmp_path / "db.sqlite"))
    store.create_account("elder", None, hashed=scrypt_record("secret1", n_log, tagged))
    assert store.check_password("elder", "secret1") and not store.check_password("elder", "secret2")
    assert passwords.needs_upgrade(store.account("elder")["salt"])


def test_an_argon2_hash_at_another_cost_verifies_and_is_due_for_an_upgrade():
    weaker = dict(passwords.ARGON2, time_cost=1)
    salt, digest = passwords.hash_password("secret1", None, weaker)
    assert passwords.verify("secret1", salt, digest) and not passwords.verify("secret2", salt, digest)
    assert passwords.needs_upgrade(salt)  # what the cost is today is what counts


def test_checking_a_name_without_a_password_costs_a_hash_all_the_same(tmp_path, monkeypatch):
    store = Store(str(tmp_path / "db.sqlite"))
    store.create_account("keysonly", None)  # SSH keys only: no password
    made = []
    real = passwords.hash_password
    monkeypatch.setattr(passwords, "hash_password", lambda pw, salt=None, cost=None: made.append(salt) or real(pw, salt))
    assert not store.check_password("nobody", "secret1")
    assert not store.check_password("keysonly", "secret1")
    assert made == [None, None]  # one hash each, at today's cost, as a real check would take


def test_a_damaged_argon2_record_is_refused_not_run():
    with pytest.raises(ValueError):
        passwords.hash_password("secret1", b"$argon2id$v=19$m=99999999,t=2,p=1$c2FsdHNhbHRzYWx0")
    with pytest.raises(ValueError):
        passwords.hash_password("secret1", b"$argon2id$v=19$nonsense")
