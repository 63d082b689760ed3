"""Quest's goal summary and its win line under each rules (games/quest/help.py: GOAL_SUMMARY,
WIN_BY_RULES) are messages of the quest domain: the TUI's F1 page words them for its reader (its
``tr``), so an Italian player reads them in Italian there, and the English reads as before."""

from __future__ import annotations

from games.quest import GAME
from games.quest.help import GOAL_SUMMARY, WIN_BY_RULES
from games.words import Msg, render
from mud.tui.boards import quest as quest_board
from mud.tui.words import speaking


def test_the_goal_and_the_win_lines_are_messages_with_their_italian():
    assert all(isinstance(m, Msg) for m in (GOAL_SUMMARY, *WIN_BY_RULES.values()))
    assert GAME.board.goal is GOAL_SUMMARY and GAME.board.win is WIN_BY_RULES
    assert str(WIN_BY_RULES["basic"]) == "Basic rules: the first vassal knighted wins."
    assert render(WIN_BY_RULES["basic"], "it") == "Gioco base: vince il primo vassallo nominato cavaliere."
    assert render(WIN_BY_RULES["full"], "it") == ("Gioco avanzato: cavaliere, poi mago, poi re incoronato "
                                                  "(vedi: aiuto quest).")
    assert render(GOAL_SUMMARY, "it").startswith("Come diventare cavaliere: procurati una donzella")


def test_the_f1_page_shows_them_in_the_readers_language():
    with speaking("it"):
        page = quest_board.help_page({"rules": "full"}).plain
    assert page.startswith("Gioco avanzato: cavaliere, poi mago, poi re incoronato (vedi: aiuto quest).\n")
    assert render(GOAL_SUMMARY, "it") in page and "How to be knighted" not in page
    with speaking("en"):
        english = quest_board.help_page({"rules": "basic"}).plain
    assert english.startswith("Basic rules: the first vassal knighted wins.\nHow to be knighted: hold a damsel")
    with speaking("xx"):
        marked = quest_board.help_page({"rules": "basic"}).plain
    assert marked.startswith("⟦Basic rules: the first vassal knighted wins.⟧\n⟦How to be knighted")
