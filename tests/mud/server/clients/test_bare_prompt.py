"""A prompt that asks nothing is left out under news, in every language (issue 43): the finished
match's prompt reads "(partita finita) > " to an Italian reader, and is as bare as the English one."""

from mud.server.clients.lines import GAME_OVER, bare
from mud.shell.words import render


def test_the_game_over_prompt_asks_nothing_in_every_language():
    for lang in ("en", "it", "xx"):
        assert bare(render(GAME_OVER, lang)), lang
    assert render(GAME_OVER, "it") == "(partita finita) > "
    assert bare("> ")


def test_a_prompt_that_asks_something_is_not_bare():
    assert not bare("(play or pass, 0-5) > ")
    assert not bare("(gioca o passa, 0-5) > ")
