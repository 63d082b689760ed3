"""Coming back to a seat (issue 40, items 17 and 18): the news of what happened meanwhile reads as it
does live -- others' turns folded into the game's summary of them on the interactive surfaces -- and
whose turn it is now is said once: by the TUI's hint row, or, on a surface without one (telnet,
``ssh -T``, plain), by a "Now: waiting for ..." line."""

from __future__ import annotations

from mud.server.clients.lines import LineFront, Limits
from mud.tui.app import GameApp
from tests.mud.tui.test_app import SIZE, screen_lines
from tests.mud.world.test_world import texts, walked


def quest_with_bots(world, bots: int = 2):
    """alice at a Quest table with ``bots`` bots, started; nothing pending."""
    (alice,) = walked(world, "n", "alice")
    alice.handle("sit")
    alice.handle(f"start bots={bots} seed=4")
    alice.flush()
    return world.tables[1].match


def test_the_bots_turns_in_the_news_on_coming_back_are_folded(world):
    """alice dropped; her turn timed out and the bots played theirs. Back on an interactive surface,
    each bot's turn is its summary (its full lines behind it, as live), not every step line by line."""
    match = quest_with_bots(world)
    world.disconnect(world.session("alice"))
    world.clock.now += 61
    world.tick()  # her turn, by a bot; then the bots' turns
    assert any(p.startswith("bot") for p, _ in match.log[-3:])
    shown = LineFront(world.connect("alice"), Limits(), colour=False).greeting()
    heading = next(i for i, line in enumerate(shown) if line.endswith("What happened while you were away:"))
    news = shown[heading + 1:]
    steps = [line for line in news if line.startswith(("bot1 goes", "bot2 goes", "It is bot"))]
    assert not steps, news  # not step by step ...
    for bot in ("bot1", "bot2"):  # ... but told in a line each ("bot1 rolls 3, moves D3 -> D4 -> D5, ...")
        assert len([line for line in news if line.startswith(f"{bot} ")]) == 1, news


def test_the_news_is_still_every_line_where_nothing_folds(world):
    """A session that does not fold (a command file reads the stream itself; a test's bare session)
    still gets every event of the news as its own line."""
    match = quest_with_bots(world)
    world.disconnect(world.session("alice"))
    world.clock.now += 61
    world.tick()
    back = world.connect("alice")
    lines = back.flush()
    assert not any(line.kind == "summary" for line in lines)
    assert any(line.text.startswith(("bot1 goes", "bot2 goes", "bot1 rolls", "bot2 rolls")) for line in lines)


def two_at_quest(world):
    """alice and bob at a Quest table without bots; the one not awaited drops. Returns the match and
    who dropped."""
    a, b = walked(world, "n", "alice", "bob")
    a.handle("sit"), b.handle("sit")
    a.handle("start bots=0 seed=2 rules=basic")
    match = world.tables[1].match
    waiting = b if match.awaiting() == ["alice"] else a
    world.disconnect(waiting)
    return match, waiting.name


def test_a_line_surface_says_whose_turn_it_is_once(world):
    match, name = two_at_quest(world)
    (mover,) = match.awaiting()
    shown = LineFront(world.connect(name), Limits(), colour=False).greeting()
    assert shown.count(f"Now: waiting for {mover}.") == 1


async def test_the_tui_says_whose_turn_it_is_in_its_hint_row_only(world):
    """Coming back read "Now: waiting for alice." in the log right above the hint row's "Waiting for
    alice...": the same news twice. The hint row says it."""
    match, name = two_at_quest(world)
    (mover,) = match.awaiting()
    app = GameApp(world.connect(name))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        logged = app.log_widget.plain_lines
        assert any(line.startswith("You are back at table 1.") for line in logged), logged
        assert not any(line.startswith("Now: waiting for") for line in logged), logged
        assert any(f"Waiting for {mover}." in row for row in screen_lines(app))


def test_the_waiting_line_is_its_own_kind_so_a_surface_with_a_hint_row_can_leave_it_out(world):
    match, name = two_at_quest(world)
    lines = world.connect(name).flush()
    (now,) = [line for line in lines if line.text.startswith("Now: waiting for")]
    assert now.kind == "waiting" and texts([now]) == [f"Now: waiting for {match.awaiting()[0]}."]
