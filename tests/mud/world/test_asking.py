"""The game's question on a line surface (telnet, ``ssh -T``, ``--plain``), issue 26 item 9: the
answers in rows broken between answers, the question said once, one wording of the prompt per
question, round after round."""

from __future__ import annotations

import io
import re

from mud.local.play import open_local
from mud.local.plain import run_plain
from mud.server.clients.mudinfo import wrapped
from mud.shell.session import Line
from mud.world.asking import WIDTH, asked_lines, numbered, prompt_words
from tests.mud.world.test_world import next_door

TWINS = {"text": "Abort a mission, or pass.",
         "choices": [[f"Abort {who} {mission}", f"abort {i}"] for i, (who, mission) in enumerate(
             [("bot1", "Tartarus+I"), ("bot2", "Hydra+A"), ("ann", "Sirens+I I"), ("ann", "Medusa+A"),
              ("bot1", "Minotaur+E"), ("cy", "Argonauts+C")], 1)] + [["Pass", "pass"]]}


def test_answers_fill_rows_broken_only_between_two_answers():
    """'[4] ann⏎Medusa+A': a client wrapping a long row split a label."""
    rows = [line.text for line in asked_lines(TWINS)][1:]
    assert len(rows) > 1 and all(len(row) <= WIDTH for row in rows)
    assert all(row.startswith("[") or row == "(type the number)" for row in rows)
    for key, label, _command in numbered(TWINS):
        assert sum(f"[{key}] {label}" in row for row in rows) == 1  # each answer whole, on one row
    assert all(wrapped(row, 80) == row + "\r\n" for row in rows)  # an 80-column client shows each row as it is


def test_the_question_is_not_said_again_after_the_game_asked_it_in_its_own_words():
    asked = {"text": "Draw: a numbered card, or two bonus/malus cards.",
             "choices": [["Draw a card", "draw card"], ["Draw 2 bonus/malus", "draw bonus"]]}
    said = [Line("asked", "Draw: 'draw' (a numbered card) or 'draw bonus' (two bonus/malus cards).", "alert")]
    assert [line.text for line in asked_lines(asked, said)] == [
        "[1] Draw a card  [2] Draw 2 bonus/malus  (type the number)"]
    same_opening = [Line("place_asked", "Draw: 'draw' or 'draw bonus'.", "routine")]
    assert len(asked_lines(asked, same_opening)) == 1
    other = [Line("drew", "bot1 draws a card.", "routine")]
    assert [line.text for line in asked_lines(asked, other)][0] == asked["text"]  # not said yet: said once


def test_an_alert_further_up_did_not_ask_the_question():
    """Found replaying Quest for Legend: "bot1's Boar is superseded" (an alert, bad news) came a
    few lines before "Your last phase 1: play resource cards, or end.", and the question row showed
    "[0] Done" alone. Only the game's last line, when it calls to act, stands for the question."""
    asked = {"text": "Your last phase 1: play resource cards, or end.",
             "choices": [["Complete Boar(2)+C", "undertake boar with C"], ["Done", "pass"]]}
    news = [Line("superseded", "bot1's Boar is superseded: set aside, it will count -2.", "alert"),
            Line("turn", "── root's last phase 1.", "routine")]
    assert asked_lines(asked, news)[0].text == asked["text"]
    assert asked_lines(asked, news[::-1])[0].text.startswith("[1] ")  # the last line is the call


def test_the_prompt_names_a_question_the_same_way_whatever_its_answers():
    """'(bonus or pass, 0-3) >' one round, '(+2, +3 or pass) >' the next."""
    few = {"text": "", "choices": [["+2", "bonus +2"], ["+3", "bonus +3"], ["Pass", "pass"]]}
    many = {"text": "", "choices": [[f"{d:+d}", f"bonus {d:+d}"] for d in (-3, -1, 1, 2)] + [["Pass", "pass"]]}
    assert prompt_words(few) == "bonus or pass, 0-2" and prompt_words(many) == "bonus or pass, 0-4"
    consent = {"text": "", "choices": [["Allow", "allow"], ["Deny", "deny"]]}
    assert prompt_words(consent) == "allow or deny, 1-2"


class FirstAnswer(io.StringIO):
    """ann at a line surface, answering every question with its first key, until the game ends."""

    def __init__(self, link, most: int = 400):
        super().__init__()
        self.link, self.left, self.prompts = link, most, []

    def readline(self, *args):
        asked = self.link.asked()
        keys = numbered(asked)
        self.left -= 1
        if asked and not keys and self.left >= 0:  # nothing to choose: the question says 'pass' goes on
            assert "'pass'" in asked["text"]
            return "pass\n"
        if not keys or self.left < 0:
            return ""
        self.prompts.append((self.link.asked()["text"], self.link.prompt()))
        return keys[0][0] + "\n"


def test_a_whole_game_of_10x_in_line_mode_asks_each_question_once_in_one_wording(tmp_path):
    link = open_local("ann", "tenx", 2, 1, {}, "normal", data=str(tmp_path))[1]
    out, typist = io.StringIO(), FirstAnswer(link)
    run_plain(link, stdin=typist, stdout=out)
    lines = out.getvalue().split("\n")
    assert link.inner.table.over or typist.left < 0
    assert len(typist.prompts) > 20
    rows = [i for i, line in enumerate(lines) if line.startswith("[") and "] " in line]
    assert all(len(lines[i]) <= WIDTH for i in rows)
    for text, _prompt in typist.prompts:  # the question, by the game's words or the prompt's, not both
        opening = re.split(r"[:,.(]", text, maxsplit=1)[0]
        for i in rows:
            if lines[i - 1] == text:
                assert not lines[i - 2].startswith(opening), lines[i - 3:i + 1]
    words = {}
    for text, prompt in typist.prompts:
        if prompt == "(pass, 0) > ":  # nothing to do but pass: no other answer to name
            continue
        kind = "bonus" if text.startswith("Your card is at") else re.split(r"[:,.(]", text, maxsplit=1)[0]
        words.setdefault(kind, set()).add(re.sub(r"\d", "N", prompt))
    assert words["bonus"] == {"(bonus or pass, N-N) > "}, words
    assert all(len(forms) == 1 for forms in words.values()), words
    assert lines.count("Draw: a numbered card, or two bonus/malus cards.") < 3  # the game says it: "Draw: 'draw' ..."


def test_coming_back_over_telnet_says_the_waiting_question_once(world):
    """Reconnecting: "Now: alice asks to enter C5. (allow / deny)", then the numbered answers --
    not the question a second time between them."""
    from mud.server.clients.lines import LineFront, Limits
    from tests.mud.world.test_world import next_door
    _match, mover, host = next_door(world)
    mover.handle("move e")
    world.disconnect(host)
    back = world.connect(host.name)
    shown = LineFront(back, Limits(), colour=False).greeting()
    asked = back.asked()["text"]
    assert sum(asked in line for line in shown) == 1 and shown[-1] == "[1] Allow  [2] Deny  (type the number)"
    assert shown[-2].startswith("Now: ")


def test_on_a_line_surface_a_consent_is_numbered_a_digit_answers_it_and_the_prompt_names_it(world):
    from mud.server.clients.lines import LineFront, Limits
    match, mover, host = next_door(world)
    front = LineFront(host, Limits(), colour=False)
    assert host.prompt() == "(your turn) > " or host.prompt() == "> "
    mover.handle("move e")
    shown = front.pending()
    assert shown[-1] == "[1] Allow  [2] Deny  (type the number)"
    assert host.prompt() == "(allow or deny, 1-2) > "  # the commands and the keys, for every question
    assert front.receive("7") == ["Choose one of 1-2."]
    front.receive("1")
    assert match.state.players[mover.name].pos == "C5"
    assert host.prompt() == "> "
    assert "There is no numbered question now" in front.receive("1")[0]


def test_a_digit_on_a_surface_showing_the_question_itself_answers_it_or_says_which_do(world):
    """The TUI shows the question on its own row (never as lines): a typed digit still answers it."""
    match, mover, host = next_door(world)
    mover.handle("move e")
    assert host.handle("7")[-1].text == "Choose one of 1-2."
    assert host.handle("1")[-1].kind != "error" and match.state.players[mover.name].pos == "C5"


def test_a_question_with_one_answer_says_so_naturally():
    from mud.world.asking import Asking
    asked = {"text": "Nothing to do but pass.", "choices": [["Pass", "pass"]]}
    said = Asking().pick("3", asked)
    assert str(said.text) == "The only answer here is 0 (Pass); or type a command."
