"""An account is its identity, not its name (issue 42, finding 1's hijack; findings 3, 4 and 5 in the
store), the same on SQLite and PostgreSQL: a name deleted and made again is a new account; what a
session writes for the account it logged in as is refused, in the statement itself, once that account
is gone; keys and web logins belong to the identity and die with it; sanctions stay on the name."""

from __future__ import annotations

import time

import pytest

from mud.store import AccountGone
from mud.store import moderation as modstore
from tests.mud.store.test_store_contract import store  # noqa: F401  (the fixture: both engines)

pytestmark = pytest.mark.engines

KEY = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIattacker"


def test_a_name_made_again_is_a_new_account_and_a_stale_id_writes_nothing(store):
    old = store.create_account("x", "pw12")
    assert store.uid_of("X") == old and len(old) == 32
    store.delete_account("x", old)
    new = store.create_account("x", "theirs")
    assert new != old
    with pytest.raises(AccountGone):
        store.add_key("x", KEY, old)  # the stale session's key never reaches the new owner
    assert store.keys("x") == []
    with pytest.raises(AccountGone):
        store.set_password("x", "hijack", old)
    assert store.check_password("x", "theirs")
    with pytest.raises(AccountGone):
        store.delete_account("x", old)
    assert store.uid_of("x") == new
    store.add_key("x", KEY, new)
    assert not store.remove_key("x", KEY, old) and store.keys("x") == [KEY]
    assert store.remove_key("x", KEY, new)


def test_a_key_left_from_a_deleted_account_logs_nobody_in(store):
    old = store.create_account("kim", "pw12")
    store.add_key("kim", KEY, old)
    # a key row naming kim but owned by the old identity (as a raw write racing a deletion would leave)
    store.delete_account("kim", old)
    store.create_account("kim", "pw34")
    assert store.keys("kim") == []


def test_web_logins_belong_to_the_identity_and_end_with_password_deletion_or_on_demand(store):
    now = time.time()
    uid = store.create_account("pat", "pw12")
    assert store.add_web_login("h1", uid, now, now + 60, keep=3)
    assert store.web_login("h1", now) == ("pat", uid)
    assert store.web_login("h1", now + 61) is None  # out of date
    store.set_password("pat", "pw34", uid)
    assert store.web_login("h1", now) is None  # a password change ends every web login
    store.add_web_login("h2", uid, now, now + 60, keep=3)
    store.end_web_login("h2")
    assert store.web_login("h2", now) is None
    for i in range(5):  # only the newest few of one account stay
        store.add_web_login(f"k{i}", uid, now + i, now + 60, keep=3)
    assert [t for t in ("k0", "k1", "k2", "k3", "k4") if store.web_login(t, now)] == ["k2", "k3", "k4"]
    assert store.end_web_logins(uid) == 3
    store.add_web_login("h3", uid, now, now + 60, keep=3)
    store.delete_account("pat", uid)
    store.create_account("pat", "other")
    assert store.web_login("h3", now) is None  # finding 3: the old cookie logs into nobody
    assert not store.add_web_login("h4", uid, now, now + 60, keep=3)  # none made for a gone account


def test_a_mute_and_a_ban_outlive_the_account_made_again(store):
    uid = store.create_account("mm1", "pw12")
    modstore.mute(store, "mm1", time.time() + 86400, "mod", "spam")
    modstore.ban(store, "name", "mm1", time.time() + 3600, "mod", "")
    store.delete_account("mm1", uid)
    store.create_account("mm1", "pw12")
    assert modstore.muted(store, "MM1")[0]
    assert [b.target for b in modstore.bans(store)] == ["mm1"]
    assert [m[0] for m in modstore.mutes(store)] == ["mm1"]
