"""A question with nothing to choose (10x: "Your card is at 9 and no bonus/malus of yours keeps it
between 1 and 10: 'pass' lets the round go on.") was said whole twice at 80x24 (issue 40 round three,
hand play): by the game's line in the log and by the hint row right under it, cut there with "…".
As with a question that has answers (its row then gives only the answers), the log's line says it;
the row gives what to type, whole. Since issue 43 the game answers it "[0] Pass" (a question with no
numbered answer left a player who answers by number with nothing to choose): the row is that answer."""

from __future__ import annotations

from games.words import worded
from tests.games.tenx.fixtures import give, new
from tests.mud.tui.test_app import SIZE, screen_lines, type_line
from tests.tui_local import local_app

ASKED = "Your card is at 9 and no bonus/malus of yours keeps it between 1 and 10: 'pass' lets the round go on."


async def test_a_question_with_nothing_to_choose_but_pass_is_said_whole_once_and_the_row_offers_pass():
    app = local_app("tenx", "ann", 2, 3)
    state = app.table.state = new(("ann", "bot1"))
    give(state, "ann", "9", "+3", "+2")  # no bonus of hers keeps a 9 between 1 and 10
    give(state, "bot1", "5")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await type_line(pilot, "play 9")
        await pilot.pause()
        assert worded(app.session.view()["prompt"], "en") == {"text": ASKED, "choices": [["Pass", "pass"]]}
        assert app.log_widget.plain_lines[-1] == ASKED  # the game's call to act, in its place in the log
        row = screen_lines(app)[-3].strip()
        assert row == "[0] Pass", row
        assert "…" not in row and "between 1 and 10" not in row
        await type_line(pilot, "pass")
        await pilot.pause()
        assert "'pass' lets" not in screen_lines(app)[-3]
