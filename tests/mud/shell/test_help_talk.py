"""The first help page's way to talk reads naturally in both languages: the say shortcut is an example
of its own ('hello, 'ciao), never a quote mark inside brackets ("('ciao)")."""

from __future__ import annotations

from mud.shell.help import general


def test_the_say_and_emote_shortcuts_are_examples_of_their_own_in_english_and_italian():
    english = general("quest", True, "en")
    assert "  'hello          says hello: a ' before your words is short for say" in english
    assert "  :grins          grins: a : before your words is short for emote" in english
    italian = general("quest", True, "it")
    assert "Parla quando vuoi: di' <testo>, sussurra <giocatore> <testo>, azione <testo>." in italian
    assert "  'ciao             dici «ciao»: un ' all'inizio sta per di'" in italian
    assert not any("('hello)" in line or "('ciao)" in line for line in english + italian)
    talk = italian[italian.index("Parla quando vuoi: di' <testo>, sussurra <giocatore> <testo>, azione <testo>."):]
    assert all(line[19] == " " and line[20] != " " for line in talk[1:]), talk  # the column lines up
