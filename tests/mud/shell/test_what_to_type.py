"""The TUI's row under a question with nothing to choose says what to type (mud/shell/answers.py):
its opening is a message, so an Italian reader does not read "Your move:" before the Italian
(issue 43, found playing 10x over SSH at 80x24)."""

from __future__ import annotations

from mud.shell.answers import what_to_type
from mud.shell.words import render


def test_the_row_opens_in_the_readers_language_and_keeps_the_games_words():
    english = "Your card is at 9 and no bonus/malus keeps it in 1-10: 'pass' lets the round go on."
    italian = "La tua carta vale 3 e nessun tuo bonus/malus la tiene tra 1 e 10: con 'passa' il giro va avanti."
    assert render(what_to_type(english), "en") == "Your move: 'pass' lets the round go on."
    assert render(what_to_type(italian), "it") == "Tocca a te: con 'passa' il giro va avanti."
    assert render(what_to_type(italian), "xx") == "⟦Your move: con 'passa' il giro va avanti.⟧"
    assert what_to_type("Roll or pass.") == "Roll or pass."  # nothing after a colon: the text whole
