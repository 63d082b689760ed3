"""A question's numbered answers shown to an Italian reader are Italian commands ('gioca 10'): a digit
runs one, a label typed as it reads runs one, and each is the action the game offered (issue 43)."""

import games
from games.engine import Action
from mud.shell.table import Table
from tests.seating import seat


def _tenx(lang: str):
    table = Table(games.get("tenx"), ["ann"], ["bot1", "bot2"], 0)
    ann = seat(table, "ann")
    ann.ws.lang = lang
    return table, ann


def test_an_italian_reader_is_offered_italian_commands_and_an_english_one_english():
    _table, ann = _tenx("it")
    commands = [command for _label, command in ann.ws.asked()["choices"]]
    assert commands[:2] == ["passa", "gioca 10"]
    ann.ws.lang = "en"
    assert [command for _label, command in ann.ws.asked()["choices"]][:2] == ["pass", "play 10"]


def test_a_digit_runs_the_italian_command_as_the_action_offered(monkeypatch):
    table, ann = _tenx("it")
    ann.ws.question_lines()  # the numbered answers written, as a line surface shows them
    sent = []
    monkeypatch.setattr(table, "submit", lambda player, action: sent.append((player, action)))
    ann.handle("1")  # [1] is the 10: "gioca 10" ([0] passes, 'passa', as 'pass' does in English)
    assert sent == [("ann", Action("play", ("10",)))]
    ann.handle("0")
    assert sent[-1] == ("ann", Action("pass"))


def test_the_prompt_names_the_italian_verbs():
    _table, ann = _tenx("it")
    assert ann.ws.prompt().startswith("(gioca o passa, 0-")  # as '(play or pass, 0-...' reads in English
