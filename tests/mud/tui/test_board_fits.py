"""Every game's board fits the screen, with every player count and map the game offers (issue 40):
at 80x24, and at 60x20, the smallest terminal that still shows the panels (below it they fold away,
mud/tui/sizes.py). On screen, the main panel is its drawing line for line -- no line wrapped onto
the next row or cut at the panel's edge or bottom -- every square or room of the board is there,
and so is every piece, ship or card of the player's own, read from the player's view.

At 80x24 every board is whole. At 60x20 a board needing more rows than the terminal can spare (Quantum's
four-player map) shows the rows around the player's ships; a card game's panels show your cards, and
may end with "... more" (docs/tui.md)."""

from __future__ import annotations

import re

import pytest
from rich.text import Text

import games
from games import engine
from games.engine import bot_rng
from mud.tui.boards import chess as chess_board
from mud.tui.boards import default as cardpanels
from mud.tui.boards import quantum as quantum_map
from mud.tui.boards import quest as quest_board
from tests.mud.tui.test_app import screen_lines
from tests.tui_local import local_app

BIG, SMALL = (80, 24), (60, 20)

# (game, players, options, seed, moment): every game, every player count, every map it offers (Quest's
# labyrinth is one 5x8 grid whatever the count; Quantum's map is chosen by the count), some options;
# at the start (its question may take three rows), or once the player's moves (a bot's) reach ``moment``.
CASES = [
    ("quest", 1, {"rules": "basic"}, 5, None), ("quest", 2, {}, 5, None), ("quest", 3, {}, 5, None),
    ("quest", 4, {}, 5, None), ("quest", 5, {}, 5, None), ("quest", 6, {"rules": "full"}, 5, None),
    ("tenx", 2, {}, 7, "long row"), ("tenx", 3, {"variant": "ordered"}, 4, "long row"), ("tenx", 4, {}, 10, "long row"),
    ("legend", 2, {}, 5, None), ("legend", 3, {"tournament": "3"}, 5, None), ("legend", 4, {"teams": "on"}, 5, None),
    ("chess", 2, {}, 5, None), ("chess", 3, {}, 5, None), ("chess", 4, {"limit": "off"}, 5, None),
    ("quantum", 2, {"map": "two"}, 5, "ships"), ("quantum", 3, {"map": "three"}, 5, "ships"),
    ("quantum", 4, {"map": "four"}, 5, None), ("quantum", 4, {"map": "four"}, 5, "ships"),
]
LEVEL = re.compile(r"·\w+")  # a bot's level after its name, which the panels add (mud/tui/levels.py)


def case_id(case) -> str:
    game, players, options, _seed, moment = case
    return f"{game}-{players}" + "".join(f"-{v}" for v in options.values()) + (f"-{moment}" if moment else "")


def long_row(view: dict) -> bool:
    """10x: a revealed card with a bonus on it and a mask or the card's star or die used -- the
    widest row of the table ("now 7 (+2, mask used)", issue 40)."""
    return any(t["bonuses"] and (t["masked"] or t["used"]) for t in view.get("table", {}).values())


def ships_in_play(view: dict) -> bool:
    """Quantum: the player's ships are on the map (the set-up is over)."""
    return any(s["where"] == "play" and s["owner"] == view["you"] for s in view["ships"])


MOMENTS = {"long row": long_row, "ships": ships_in_play}


def played_until(app, game, ready, most: int = 60) -> None:
    """The player's own moves made by a bot of theirs until ``ready(view)``: a table in mid-game."""
    spec = games.get(game)
    rng, memory = bot_rng(1, app.me), {}
    for _ in range(most):
        if ready(app.session.view()) or app.table.over:
            break
        if app.me in app.table.awaiting():
            app.ws.handle(engine.command_line(spec.bot_action(app.table.state, app.me, rng, "normal", memory)))
    assert ready(app.session.view()), "the seed should reach such a table"


def on_screen(app, box) -> list[str]:
    """The rows of a panel's content as the terminal shows them."""
    region = box.content_region
    lines = screen_lines(app)
    return [lines[region.y + i][region.x:region.x + region.width] for i in range(region.height)]


def drawn(box) -> list[str]:
    content = box.content
    return (content.plain if isinstance(content, Text) else str(content)).split("\n")


def assert_shown_whole(app, box) -> list[str]:
    """The panel on screen is its drawing, line for line: none wider than the panel (Textual would
    wrap it), none cut with "…", none below the panel's last row. Its rows on screen."""
    shown, lines = on_screen(app, box), drawn(box)
    width = box.content_region.width
    assert len(lines) <= len(shown), f"{len(lines)} lines in {len(shown)} rows:\n" + "\n".join(lines)
    for line, row in zip(lines, shown):
        assert Text(line).cell_len <= width and "…" not in line, f"cut or wrapped at {width}: {line!r}"
        assert row.rstrip() == line.rstrip(), (row, line)
    return shown


def check_chess(app, view: dict, size) -> None:
    rows = assert_shown_whole(app, app.main_box)
    size_ = chess_board.SIZE
    for rank in range(1, size_ + 1):
        assert rows[size_ - rank].startswith(f"{rank:>2} "), rows
    assert rows[size_].split() == list(chess_board.FILES)  # the file letters under rank 1
    me, side = view["you"], view["sides"][view["you"]]
    mine = {sq: kind for sq, (owner, kind) in view["board"].items() if owner == me}
    assert mine
    for sq, kind in mine.items():
        x = chess_board.LEFT + chess_board.CELL * chess_board.FILES.index(sq[0])
        assert rows[size_ - int(sq[1:])][x:x + 3].rstrip() == side.lower() + kind, (sq, rows)


def check_quantum(app, view: dict, size) -> None:
    rows = assert_shown_whole(app, app.main_box)
    m, width, left = view["map"], quantum_map.cell_width(view), quantum_map.LEFT
    letters = [rows[0][left + width * x + (width - 1) // 2] for x in range(m["width"])]
    assert letters == [chr(ord("a") + x) for x in range(m["width"])], rows[0]
    numbers = [int(row[:2]) for row in rows[1:] if row[:2].strip().isdigit()]
    assert numbers == list(range(numbers[0], numbers[0] + len(numbers)))
    if size == BIG:  # the whole map
        assert numbers == list(range(1, m["height"] + 1)), rows
    ships = [s for s in view["ships"] if s["where"] == "play" and s["owner"] == view["you"]]
    assert ships or view["phase"] in ("roll", "home")
    for ship in ships:
        x, y = ord(ship["square"][0]) - ord("a"), int(ship["square"][1:])
        assert y in numbers, f"your ship on {ship['square']} is off the map's rows {numbers}"
        row = rows[1 + numbers.index(y)]
        assert row[left + width * x:left + width * (x + 1)].strip() == str(ship["value"]), (ship, row)


def check_quest(app, view: dict, size) -> None:
    rows = assert_shown_whole(app, app.main_box)
    left, step = quest_board.LEFT, quest_board.STEP
    assert [rows[0][left + step * i + 1] for i in range(len(quest_board.COLS))] == [str(c) for c in quest_board.COLS]
    for i, r in enumerate(quest_board.ROWS):
        assert rows[1 + 2 * i].startswith(r), rows
    pos = view["players"][view["you"]]["pos"]
    row, col = quest_board.ROWS.index(pos[0]), int(pos[1:]) - 1
    assert "@" in rows[1 + 2 * row][left + step * col:left + step * col + quest_board.CELL], (pos, rows)


def words(lines) -> str:
    """Lines as one run of words, bots' levels left out: a wrapped or squeezed line reads the same."""
    return " ".join(LEVEL.sub("", " ".join(map(str, lines))).split())


def check_cards(app, view: dict, size) -> None:
    """A game drawn from its screens: the table on the left, your hand on the right."""
    table = assert_shown_whole(app, app.main_box)
    hand = assert_shown_whole(app, app.side_box)
    screens = games.get(view["game"]).screens
    if view["game"] == "tenx":
        own = [str(line) for line in screens["hand"](view) if str(line).startswith(("Numbered:", "Bonus/malus:"))]
    else:  # Legend: the cards in hand, and the missions among them
        own = [str(line) for line in screens["hand"](view) if str(line).startswith(("Hand:", " "))]
    assert own
    shown = words(table + hand)
    for line in own:
        assert words([line]) in shown, f"{line!r} is not on screen"
    if size == BIG:  # every line of the table: every mission, every card revealed with its value
        for line in screens["look"](view):
            assert words([line]) in shown, f"{line!r} is not on screen"


CHECKS = {"chess": check_chess, "quantum": check_quantum, "quest": check_quest, "tenx": check_cards,
          "legend": check_cards}


@pytest.mark.parametrize("size", [BIG, SMALL], ids=["80x24", "60x20"])
@pytest.mark.parametrize("case", CASES, ids=case_id)
async def test_every_board_fits_with_every_player_count_and_map(case, size):
    game, players, options, seed, moment = case
    app = local_app(game, "ann", players, seed, games.get(game).check_options(options))
    if moment:
        played_until(app, game, MOMENTS[moment])
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        view = app.session.view()
        assert not app.screen.has_class("folded")  # the panels are shown at both sizes ...
        assert app.screen.scroll_offset.y == 0 and app.main_box.region.y == 1  # ... below the status bar
        assert screen_lines(app)[1].startswith("╭")
        CHECKS[game](app, view, size)


def test_a_table_row_too_wide_goes_on_under_itself_between_its_columns():
    """10x's table at 80 columns showed "now 7 (ma…" and "used)" on the next row (issue 40): a row
    wider than the panel keeps its first columns in line with the other rows, and the rest goes on
    under it whole; a right-aligned number's padding ("now  9" under "now 10") is no column to break at."""
    rows = ["  ann          9 die            now 10", "  bot1·normal  7 star/die/mask  now  9  (+2, mask used)"]
    screens = {"look": lambda view: ["Round 1 (die).", *rows]}
    lines = cardpanels.render_panel(screens, {}, ("look",), width=38).plain.split("\n")
    assert lines == ["Round 1 (die).", "  ann          9 die            now 10",
                     "  bot1·normal  7 star/die/mask  now  9", "      (+2, mask used)"]
    narrow = cardpanels.render_panel(screens, {}, ("look",), width=24).plain.split("\n")
    assert "      (+2, mask used)" in narrow and "      now  9" in narrow and max(map(len, narrow)) <= 24


def bonus_with_a_long_row(view: dict) -> bool:
    """10x's bonus step with every card revealed, one row of them wrapped under itself (the tallest
    table a round has, short of two such rows)."""
    return view["phase"] == "bonus" and len(view["table"]) == len(view["order"]) and long_row(view)


@pytest.mark.parametrize("moment", [lambda view: view["phase"] == "place", bonus_with_a_long_row],
                         ids=["place", "bonus"])
async def test_tenx_with_four_players_shows_every_score_row_and_the_hands_note_on_one_row(moment):
    """At 80x24 with four players 10x's score showed two players' rows, then "... more: score"; the
    hand's "(7 of 10 cards; [+1]: ...)" took two rows (issue 40 round three). In the placement
    step and in the bonus step (four cards revealed, one row wrapped), every player's row of the
    score is on screen, nothing ends with "... more", and the note is one row."""
    app = local_app("tenx", "ann", 4, 10, games.get("tenx").check_options({}))
    played_until(app, "tenx", moment)
    async with app.run_test(size=BIG) as pilot:
        await pilot.pause()
        view = app.session.view()
        screens = games.get("tenx").screens
        rows = [*assert_shown_whole(app, app.main_box), *assert_shown_whole(app, app.side_box)]
        assert not any("... more" in row for row in rows), "\n".join(rows)
        shown = words(rows)
        score = screens["score"](view)
        assert len(score) == 1 + len(view["order"]) == 5  # a heading, then a row a player
        for line in score:
            assert words([line]) in shown, f"{line!r} is not on screen"
        note = next(str(line) for line in screens["hand"](view) if str(line).startswith("("))
        assert any(row.strip() == note for row in on_screen(app, app.side_box)), f"{note!r} not on one row"
