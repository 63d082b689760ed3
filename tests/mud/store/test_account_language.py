"""The language a player reads is kept with their account, the same on SQLite and PostgreSQL: unset
until chosen (an account from before is asked at its next login), kept for the identity that chose
it, never passed to a name made again (issue 43)."""

from __future__ import annotations

import pytest

from mud.store import AccountGone
from tests.mud.store.test_store_contract import store  # noqa: F401  (the fixture: both engines)

pytestmark = pytest.mark.engines


def test_an_account_starts_without_a_language_and_keeps_the_one_it_chooses(store):
    uid = store.create_account("lia", "pw12")
    assert store.account("lia")["lang"] is None
    store.set_language("LIA", "it", uid)
    assert store.account("lia")["lang"] == "it"
    store.set_language("lia", "en")  # (no uid: the account of that name now, as a tool writes)
    assert store.account("lia")["lang"] == "en"


def test_a_language_is_never_written_for_an_account_made_again(store):
    old = store.create_account("max", "pw12")
    store.delete_account("max", old)
    store.create_account("max", "pw34")
    with pytest.raises(AccountGone):
        store.set_language("max", "it", old)
    assert store.account("max")["lang"] is None
