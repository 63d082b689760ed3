"""Issue 26, item 3: what a mission needs and is worth is in sight before it is started -- in
``hand`` (and the TUI's hand panel), in the labels of the numbered answers, and in ``help <mission>``;
twin missions offered as answers are told apart by their table number."""

from __future__ import annotations

import games
from games.legend.data import MISSIONS
from games.legend.prompts import choices
from games.words import worded
from mud.shell.table import Table
from tests.games.legend.fixtures import give, new, put
from tests.seating import seat
from tests.tui_local import local_app

GAME = games.get("legend")


def _session(state, player="ann"):
    """``player`` at the real command loop of a match in ``state`` (everyone a person)."""
    table = Table(GAME, list(state.order), [], 0)
    table.state = state
    return seat(table, player)


def _texts(lines) -> list[str]:
    return [line.text for line in lines]


def _labels(state, player="ann") -> list[str]:
    return [label for label, _ in worded(GAME.question(state, player), "en")[1]]


def test_typing_hand_shows_each_missions_needs_and_value():
    """The issue's hand, "I A A Hydra Ithaca": each mission in it reads with its value and the
    cards it needs, as the table screen writes a mission ("Fleece(4)")."""
    state = new(heroes=["perseus", "hercules", "jason", "ulysses"])
    give(state, "ann", "I", "A", "A", "hydra", "ithaca")
    hand = _texts(_session(state).handle("hand"))
    assert "Hand: I A A Hydra Ithaca" in hand
    assert " Hydra(3) needs C E E" in hand and " Ithaca(5) needs I I A A C" in hand


def test_a_mission_held_twice_is_listed_once_with_its_count():
    state = new(heroes=["perseus", "hercules", "jason", "ulysses"])
    give(state, "ann", "medusa", "medusa", "E")
    hand = worded(GAME.screens["hand"](GAME.view(state, "ann")), "en")
    assert hand[0] == "Hand: E Medusa Medusa"
    assert [line for line in hand if "needs" in line] == [" Medusa(4) x2 needs I A E E"]


def test_start_answers_show_the_missions_value_and_needs():
    state = new(heroes=["perseus", "hercules", "jason", "ulysses"])
    give(state, "ann", "I", "A", "A", "hydra", "ithaca")
    labels = _labels(state)
    assert "Start Hydra(3), needs C E E" in labels and "Start Ithaca(5), needs I I A A C" in labels


def test_play_and_discard_answers_show_the_missions_value():
    state = new(heroes=["ulysses", "hercules", "jason", "perseus"])
    put(state, "ann", "fleece", "A")
    put(state, "bob", "boar", "C")
    give(state, "ann", "C", "C", "E", "A", "medusa", "sphinx")
    labels = _labels(state)
    assert "Fleece(4)+C" in labels and "Abort bob Boar(2)+E" in labels
    state.phase = "discard"
    assert "Discard Medusa(4)" in _labels(state)


def test_twin_missions_of_one_owner_get_distinct_labels_by_table_number():
    """The issue's "[1] Abort bot1 Tartarus  [2] Abort bot1 Tartarus": both of bob's Tartarus can be
    aborted; each label names the table number that 'disturb' takes."""
    state = new(players=("ann", "bob"), heroes=["perseus", "hercules"])
    put(state, "bob", "tartarus", "A", "A", "C", "E")
    put(state, "bob", "tartarus", "A", "A", "C", "E")
    give(state, "ann", "E")
    answers = worded(GAME.question(state, "ann"), "en")[1]
    aborts = [(label, action) for label, action in answers if label.startswith("Abort")]
    assert [label for label, _ in aborts] == ["Abort #1 bob Tartarus(5)+E", "Abort #2 bob Tartarus(5)+E"]
    assert [action.args[0] for _, action in aborts] == ["1", "2"]
    labels = [label for label, _ in answers]
    assert len(labels) == len(set(labels))


def test_every_answer_label_of_a_crowded_table_is_distinct():
    state = new(heroes=["perseus", "hercules", "jason", "ulysses"])
    for owner in ("ann", "ann", "bob", "bob"):
        put(state, owner, "medusa" if owner == "ann" else "horse")
    give(state, "ann", "I", "C", "E", "A", "A")
    labels = [label for label, _ in worded(choices(state, "ann"), "en")[1]]
    assert len(labels) == len(set(labels)) and "#1 Medusa(4)+I" in labels


def test_help_hydra_explains_the_mission():
    s = _session(new(heroes=["perseus", "hercules", "jason", "ulysses"]))
    text = " ".join(_texts(s.handle("help hydra")))
    assert "No help" not in text
    for words in ("Hydra of Lerna", "3 Legend Points", "C E E", "Hercules", "start hydra", "twin"):
        assert words in text, words
    assert "Slaying of Medusa" in " ".join(_texts(s.handle("help med")))  # a unique prefix
    every = " ".join(_texts(s.handle("help missions")))
    assert all(m.name in every for m in MISSIONS.values())


def test_every_missions_help_page_fits_78_columns():
    for key in [m.key for m in MISSIONS.values()] + ["missions"]:
        assert key in GAME.help
        assert all(len(line) <= 78 for line in GAME.help[key].splitlines()), key


async def test_the_hand_panel_shows_the_needs_at_80x24():
    app = local_app("legend", "ann", 2, 3)
    state = app.table.state
    state.deck += state.seats["ann"].hand
    state.seats["ann"].hand = []
    give(state, "ann", "I", "A", "A", "hydra", "ithaca")
    async with app.run_test(size=(80, 24)) as pilot:
        app.ws.handle("hand")
        await pilot.pause()
        top = str(app.main_box.render()) + str(app.side_box.render())
        assert "Hydra(3) needs C E E" in top and "Ithaca(5) needs I I A A C" in top


def test_the_first_screen_never_suggests_a_mission_that_may_not_be_in_hand():
    from mud.shell.help import intro
    said = " ".join(map(str, intro(games.get("legend"))))
    assert "'start'" in said and "start medusa" not in said
