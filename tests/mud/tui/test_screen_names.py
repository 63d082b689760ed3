"""A panel names each screen, and says the word that reads it, in the reader's language: a screen only
one game has is named by that game (``GameSpec.screen_titles``), the word is the game's verb for it."""

from __future__ import annotations

import pytest

import games
from mud.tui.boards.default import SCREEN_TITLES, screen_title, screen_word
from mud.tui.words import speaking

GAMES = sorted(games.CATALOGUE)


@pytest.mark.parametrize("name", GAMES)
def test_every_screen_of_a_game_has_a_title_from_the_game_or_the_house(name):
    game = games.get(name)
    for screen in game.screens:
        if screen == "look" or " " in screen:  # the table's panel says the game; 'ledger verify' is a page
            continue
        assert screen in game.screen_titles or screen in SCREEN_TITLES, (name, screen)
        with speaking("it"):
            assert screen_title(screen, game) != screen.capitalize(), (name, screen)


@pytest.mark.parametrize("name", GAMES)
def test_the_word_that_reads_a_screen_is_the_games_verb_in_the_readers_language(name):
    game = games.get(name)
    for verb in game.verbs:
        if verb.screen and verb.screen in game.screens:
            for lang in ("en", "it"):
                with speaking(lang):
                    assert screen_word(verb.screen, game) == verb.name_in(lang)


def test_a_ten_x_quests_panel_reads_quest_in_italian():
    game = games.get("tenx")
    with speaking("it"):
        assert screen_title("quests", game) == "Quest" and screen_word("quests", game) == "quest"
    with speaking("en"):
        assert screen_title("quests", game) == "Quests" and screen_word("quests", game) == "quests"
