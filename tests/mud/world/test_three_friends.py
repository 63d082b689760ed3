"""What three friends and a watcher stumbled on playing 10x and Quest for Legend through one
``mud serve`` (telnet, TinTin++, ``ssh -T`` and the SSH TUI), replayed here without a network: a
player who drops and comes back, the table told of the drop, the end of a match."""

from __future__ import annotations

from games.tenx.data import CARDS
from mud.server.clients.lines import LineFront, Limits
from mud.tui.app import GameApp
from tests.games.tenx.fixtures import give
from tests.mud.tui.test_app import SIZE, screen_lines, type_line
from tests.mud.world.test_world import joined, texts, walked


def tavern_match(world, bots: int = 0, seed: int = 4):
    """alice, bob and carol at a 10x table of their own (``bots`` more), started; nothing pending."""
    people = walked(world, "e", "alice", "bob", "carol")
    for ws in people:
        ws.handle("sit")
    people[0].handle(f"start bots={bots} seed={seed}")
    for ws in people:
        ws.flush()
    return world.tables[1], people


def test_coming_back_the_question_is_said_in_words_once_and_not_in_typed_codes(world):
    """bob's TinTin++ dropped while 10x waited for his card; logging in again read "What happened
    while you were away:", "Nothing happened meanwhile.", then "Now: Place a card ... (pass / play
    2sd / play 1s+2 / play 1d+1)" before the same answers numbered."""
    gt, (_a, b, _c) = tavern_match(world)
    assert "bob" in gt.match.awaiting()
    world.disconnect(b)
    shown = LineFront(world.connect("bob"), Limits(), colour=False).greeting()
    assert "You are back at table 1. Nothing happened while you were away." in shown
    assert not any(line == "Nothing happened meanwhile." or line.endswith("were away:") for line in shown)
    now = next(line for line in shown if line.startswith("Now: "))
    assert now == "Now: Place a card face down, or pass."  # the answers follow, numbered
    assert "play " not in " ".join(shown[shown.index(now):])  # no typed codes ('play 2sd')
    assert shown[-1].endswith("(type the number)") and shown[-2].startswith("[1] ")


def test_coming_back_after_news_heads_the_news(world):
    gt, (a, b, c) = tavern_match(world)
    world.disconnect(b)
    a.handle("pass")  # alice places nothing: news for bob
    back = world.connect("bob")
    out = texts(back.flush())
    heading = out.index("You are back at table 1. What happened while you were away:")
    assert "alice has chosen." in out[heading + 1:]
    assert "Nothing happened" not in joined(back.flush())


def test_a_drop_is_told_once_to_the_table_and_as_leaving_to_the_rest_of_the_room(world):
    """alice and carol read "bob lost the connection; their seat waits 5 min ..." then "bob
    leaves." for the same drop."""
    gt, (a, b, c) = tavern_match(world)
    (dave,) = walked(world, "e", "dave")  # in the Tavern, not at the table
    a.flush(), c.flush()
    world.disconnect(b)
    for ws in (a, c):
        out = texts(ws.flush())
        assert sum("bob" in line for line in out) == 1, out
        assert "bob lost the connection" in out[0]
    assert texts(dave.flush()) == ["bob leaves."]


def test_a_quit_away_from_any_table_is_still_a_leaving(world):
    a, b = walked(world, "e", "alice", "bob")
    world.disconnect(b)
    assert texts(a.flush()) == ["bob leaves."]


def test_the_end_of_a_match_tells_the_players_how_to_get_up(world):
    """Over telnet the match ended on "(game over) >" with nothing said of what comes next; a
    player typing 'quit' there would disconnect instead of leaving the table."""
    gt, (a, b, c) = tavern_match(world, seed=9)
    for name in ("alice", "bob", "carol"):
        gt.match.set_bot(name, True)  # the bots play every seat to the end; the people stay seated
    gt.match.settle()
    assert gt.match.over
    for ws in (a, b, c):
        out = texts(ws.flush())
        told = [line for line in out if "Game over" in line]
        who = "you win" if ws.name in gt.match.game.winners(gt.match.state) else \
            " and ".join(gt.match.game.winners(gt.match.state)) + " wins"
        assert told == [f"*** Game over: {who}! *** Type 'leave' to get up, 'sit' for a new table, or "
                        f"'replay {gt.match_id}' to watch it again."], out[-4:]
    gt.match.settle()  # nothing more happens: said once
    assert not any("Game over" in line for line in texts(a.flush()))
    assert texts(a.handle("start")) == ["The match at table 1 is over: 'sit' opens a new table, where you can start."]


def test_a_line_surface_is_told_the_end_once_with_what_comes_next(world):
    """Issue 40, item 8: the end was said three times ("alice wins the game!", "*** Game over: You
    win! ***", "Game over: You win. 'leave' gets up ..."). Over telnet or ``ssh -T``: the game's own
    line, then one line with the result for this player and what to do next."""
    gt, (a, _b, _c) = tavern_match(world, seed=9)
    front = LineFront(a, Limits(), colour=False)
    front.pending()
    for name in ("alice", "bob", "carol"):
        gt.match.set_bot(name, True)
    gt.match.settle()
    shown = front.pending()
    assert [line for line in shown if "Game over" in line or "wins the game" in line] == [
        "alice wins the game! Points: alice 12, carol 8, bob 4.",
        f"*** Game over: you win! *** Type 'leave' to get up, 'sit' for a new table, or 'replay {gt.match_id}' "
        "to watch it again."]
    assert shown[-1].startswith("*** Game over")


async def test_the_room_hint_fits_the_tui_at_80_columns(world):
    """dave, on OpenSSH at 80x24, read "sit opens or joins a Quest for Legend table; tables lists
    them; say talks; n …": the way back was cut."""
    app = GameApp(world.connect("alice"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for room in ("harbour", "castle", "tavern", "observatory"):
            await type_line(pilot, f"go {room}")
            await pilot.pause()
            hint = next(row for row in screen_lines(app) if row.startswith(" sit "))
            assert "…" not in hint and hint.rstrip().endswith("the Crossroads."), hint


def dealt(gt, **hands):
    """Each named player's hand made exactly ``hands[name]`` (10x card texts: '5', '+1')."""
    state = gt.match.state
    for name, seat in state.seats.items():
        for c in seat.hand:
            (state.deck if CARDS[c].kind == "number" else state.bonus_deck).append(c)
        seat.hand = []
    for name, cards in hands.items():
        give(state, name, *cards)


def test_an_answer_typed_as_its_label_is_taken(world):
    """bob, asked "[1] -2  [2] +1  [0] Pass", typed "+1" and read "Unknown command '+1'"."""
    gt, (a, b, c) = tavern_match(world)
    dealt(gt, alice=["5", "+1", "+2"], bob=["8"], carol=["9"])
    a.handle("play 5"), b.handle("play 8"), c.handle("play 9")
    front = LineFront(a, Limits(), colour=False)
    assert any(line.startswith("[1] +1  [2] +2") for line in front.pending())
    out = front.receive("+2")
    assert "alice plays +2: now 7." in out
    assert gt.match.state.round.table["alice"].value == 7
    assert "Unknown command" in front.receive("+9")[0]  # no such answer: a command as before


def test_watching_a_table_not_started_yet_begins_at_its_start(world):
    """dave typed 'watch 1' while his friends sat down and read "Table 1 has not started yet;
    'sit 1' to play.", then had to watch the room for the start and type it again."""
    alice, bob, dave = walked(world, "e", "alice", "bob", "dave")
    alice.handle("sit"), bob.handle("sit")
    out = joined(dave.handle("watch 1"))
    assert "Table 1 has not started yet: you will watch it from its start" in out
    assert dave.table is None  # still in the room, free to walk or sit
    started = joined(alice.handle("start bots=0 seed=3")) + joined(alice.flush())
    gt = world.tables[1]
    assert dave.table is gt and "dave" in gt.watchers and not dave.seated
    out = joined(dave.flush())
    assert "You watch table 1" in out and "A game of 10x begins" in out
    assert "dave is watching." in started


def test_a_promised_watch_is_dropped_by_walking_away_or_sitting(world):
    alice, bob, dave = walked(world, "e", "alice", "bob", "dave")
    alice.handle("sit")
    dave.handle("watch 1")
    dave.handle("w")  # gone to the Crossroads
    alice.handle("start bots=1 seed=3")
    assert dave.table is None and "dave" not in world.tables[1].watchers
    (carol,) = walked(world, "e", "carol")
    bob.handle("sit")  # a new open table, 2
    carol.handle("watch 2")
    carol.handle("sit 2")  # changed her mind: she plays
    bob.handle("start bots=0 seed=3")
    assert carol.seated and "carol" not in world.tables[2].watchers


def test_coming_back_to_ones_turn_the_game_saying_so_is_enough(world):
    """carol, back over ssh -T, read "It is your turn (17): move, act, or pass." then "Now: it is
    your turn."."""
    a, b = walked(world, "n", "alice", "bob")
    a.handle("sit"), b.handle("sit")
    a.handle("start bots=0 seed=2 rules=basic")
    match = world.tables[1].match
    first, second = (a, b) if match.awaiting() == ["alice"] else (b, a)
    world.disconnect(second)
    first.handle("pass")  # the first's turn ends at once: the second's begins
    assert match.awaiting() == [second.name]
    out = texts(world.connect(second.name).flush())
    assert out[-1].startswith("It is your turn"), out[-3:]
    assert "Now: it is your turn." not in out
