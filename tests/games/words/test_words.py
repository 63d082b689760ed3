"""A message carries its id and its parameters and is worded per language when it is read
(games/words.py): English as written, Italian from the domain's catalogue, the pseudo-language ``xx``
marking every message so a test can find text that was never marked."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from games.errors import RuleError
from games.events import Event, tell
from games.words import LANGS, PSEUDO, Msg, Words, render, said

TOY = Words("toy", Path(__file__).resolve().parents[2] / "toygame" / "locale")


@pytest.fixture(scope="module")
def sample(tmp_path_factory) -> Words:
    """A small domain of its own, compiled here with Babel as ``make messages`` compiles a real one."""
    root = tmp_path_factory.mktemp("locale")
    catalog = Catalog(locale="it", domain="sample")
    catalog.mime_headers = [("Plural-Forms", "nplurals=2; plural=(n != 1);")]  # as our .po files have it
    catalog.add("{player}: {points}", "{player}: {points}")
    catalog.add(("{n} point", "{n} points"), ("{n} punto", "{n} punti"))
    catalog.add("You find {item}.", "Trovi {item}.")
    catalog.add("a rope", "una corda")
    (root / "it" / "LC_MESSAGES").mkdir(parents=True)
    with open(root / "it" / "LC_MESSAGES" / "sample.mo", "wb") as mo:
        write_mo(mo, catalog)
    return Words("sample", root)


def test_the_languages_are_english_and_italian():
    assert LANGS == ("en", "it")
    assert PSEUDO == "xx" and PSEUDO not in LANGS


def test_a_message_reads_as_its_english_text_with_its_parameters():
    msg = TOY("Your secret number is {number}.", number=4)
    assert isinstance(msg, Msg)
    assert str(msg) == "Your secret number is 4." == render(msg, "en")
    assert msg.id == "Your secret number is {number}." and msg.params == {"number": 4}


def test_a_message_is_worded_in_italian_from_its_domains_catalogue():
    assert render(TOY("Your secret number is {number}.", number=4), "it") == "Il tuo numero segreto è 4."


def test_plain_text_is_never_translated():
    """What players typed, names and numbers stay as they are, in every language."""
    for lang in (*LANGS, PSEUDO):
        assert render("bob", lang) == "bob"


def test_a_message_as_a_parameter_is_worded_in_the_same_language(sample):
    msg = sample("You find {item}.", item=sample("a rope"))
    assert str(msg) == "You find a rope."
    assert render(msg, "it") == "Trovi una corda."
    counted = sample("{player}: {points}", player="bob", points=sample.plural("{n} point", "{n} points", 3))
    assert (str(counted), render(counted, "it")) == ("bob: 3 points", "bob: 3 punti")


def test_plurals_follow_each_languages_forms(sample):
    one, many, none = (sample.plural("{n} point", "{n} points", n) for n in (1, 3, 0))
    assert (str(one), str(many), str(none)) == ("1 point", "3 points", "0 points")
    assert (render(one, "it"), render(many, "it"), render(none, "it")) == ("1 punto", "3 punti", "0 punti")


def test_the_pseudo_language_marks_every_message_nested_ones_too(sample):
    msg = sample("{player}: {points}", player="bob", points=sample.plural("{n} point", "{n} points", 3))
    assert render(msg, PSEUDO) == "⟦bob: ⟦3 points⟧⟧"
    assert render(TOY("Guess another player's number."), PSEUDO) == "⟦Guess another player's number.⟧"


def test_a_message_missing_from_the_catalogue_reads_in_english():
    assert render(TOY("Not in any catalogue, {x}.", x=1), "it") == "Not in any catalogue, 1."


def test_an_unknown_language_reads_in_english():
    assert render(TOY("Your secret number is {number}.", number=4), "fr") == "Your secret number is 4."


def test_messages_compare_by_what_they_say_and_survive_pickling():
    """A match's events are pickled with its state (snapshots, scrambles): their messages with them."""
    msg = TOY("Your secret number is {number}.", number=4)
    assert msg == TOY("Your secret number is {number}.", number=4) != TOY("Your secret number is {number}.", number=5)
    kept = pickle.dumps(msg)
    assert b"locale" not in kept  # its domain only: read again where the code is installed then
    back = pickle.loads(kept)
    assert back == msg and render(back, "it") == "Il tuo numero segreto è 4."


def test_an_event_carries_a_message_and_its_json_reads_english():
    event = tell("alice", TOY("Your secret number is {number}.", number=4), "dealt", number=4)
    assert isinstance(event, Event) and event.as_json()["text"] == "Your secret number is 4."
    assert event.as_json("it")["text"] == "Il tuo numero segreto è 4."


def test_a_refusal_carries_a_message_and_reads_english_as_before():
    err = RuleError(TOY("A number from 1 to {faces}.", faces=6))
    assert str(err) == "A number from 1 to 6."
    assert render(said(err), "it") == "Un numero da 1 a 6."
    assert said(RuleError("plain words")) == "plain words" and said(ValueError()) == ""


def test_a_placeholder_without_its_parameter_is_an_error_where_the_message_is_made():
    """Not later, when some player's screen renders it."""
    with pytest.raises(KeyError, match="number"):
        TOY("Your secret number is {number}.")
    with pytest.raises(KeyError, match="what"):
        TOY.plural("{n} point", "{n} {what}", 2)
