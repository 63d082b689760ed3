"""One bot loop (issue 25): `games.botgame.play_turn` plays one bot's turn for every place bots play
-- a table (`Table.play_for`), the arena and the benches (`play_levels`), the contract kit. A refused
choice teaches the bot, which chooses again (three tries); then the legal actions, shuffled with the
bot's rng, those that move the game on first; nothing accepted is a bug in a game, said plainly."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.botgame import TRIES, NoBotAction, play_levels, play_turn
from games.engine import Action, RuleError, Verb, bot_rng
from mud.shell.table import Table
from tests.toygame import GAME as TOY


def _toy(bot, bot_memory=None, **more):
    return replace(TOY, bot=bot, bot_memory=bot_memory, **more)


def _learning_bot(view, rng, level, memory):
    """Guesses its own number (refused) until told it was refused; then the next player's, at random
    from its second choice on (so its games end)."""
    me = view["you"]
    others = [p for p in view["points"] if p != me]
    if not memory.get("refused"):
        return Action("guess", (me, 1))
    memory["learnt"] = memory.get("learnt", 0) + 1
    return Action("guess", (others[0], 1 if memory["learnt"] == 1 else rng.randint(1, view["faces"])))


def _noted(memory, view, action):
    memory["refused"] = memory.get("refused", 0) + 1


def _stubborn_bot(view, rng, level, memory):
    return Action("guess", (view["you"], 1))  # always one's own number: always refused


def test_an_accepted_choice_is_played_with_its_events_and_nothing_refused():
    state = TOY.new_match(["ann", "bob"], 1)
    turn = play_turn(TOY, state, "ann", bot_rng(1, "ann"), "normal", {})
    assert turn.refused == 0 and turn.action.verb == "guess"
    assert turn.events and all(e.kind in ("missed", "hit", "dealt") for e in turn.events)
    assert state.turn == 1, "the action was applied"


def test_a_refused_choice_teaches_the_bot_which_chooses_again():
    game = _toy(_learning_bot, _noted)
    state = game.new_match(["ann", "bob"], 1)
    memory: dict = {}
    turn = play_turn(game, state, "ann", bot_rng(1, "ann"), "normal", memory)
    assert memory["refused"] == 1
    assert turn.refused == 1 and turn.action == Action("guess", ("bob", 1))


def test_after_three_refusals_a_legal_action_shuffled_with_the_bots_rng_is_played():
    game = _toy(_stubborn_bot, _noted)
    state = game.new_match(["ann", "bob"], 1)
    memory: dict = {}
    turn = play_turn(game, state, "ann", bot_rng(1, "ann"), "normal", memory)
    assert memory == {"refused": TRIES} and turn.refused == TRIES == 3
    expected = game.legal_actions(game.new_match(["ann", "bob"], 1), "ann")
    bot_rng(1, "ann").shuffle(expected)  # the stubborn bot draws nothing: the shuffle is the rng's first use
    assert turn.action == expected[0] and state.turn == 1


def _with_a_free_note(game):
    """The toy with a free verb listed first among the legal actions: a note never moves the game on."""
    def note(s, player):
        return []
    legal = game.legal_actions
    return replace(game, legal_actions=lambda s, p: [Action("note")] * 50 + legal(s, p),
                   verbs=game.verbs + (Verb("note", ("",), (), "A note.", ("note",), handler=note, free=True),))


def test_the_fallback_tries_actions_that_move_the_game_on_before_free_ones():
    game = _with_a_free_note(_toy(_stubborn_bot))
    for seed in range(5):
        state = game.new_match(["ann", "bob"], seed)
        assert play_turn(game, state, "ann", bot_rng(seed, "ann"), "normal", {}).action.verb == "guess"


def test_nothing_accepted_is_a_clear_error_naming_the_bot():
    state = TOY.new_match(["ann", "bob"], 1)

    def refuse(action):
        raise RuleError("no")

    with pytest.raises(NoBotAction, match="ann"):
        play_turn(TOY, state, "ann", bot_rng(1, "ann"), "normal", {}, submit=refuse)


def test_a_table_stores_the_bots_move_before_anyone_is_told_even_after_refusals():
    game = _toy(_learning_bot, _noted)
    table = Table(game, ["ann"], ["bot1"], seed=2)
    told: list[int] = []
    stored: list[tuple[str, Action, int]] = []
    table.listeners.append(lambda: told.append(len(table.events)))
    table.on_action = lambda player, action, by_bot: stored.append((player, action, len(table.events)))
    table.start(settle=False)
    table.submit("ann", Action("guess", ("bot1", 1)))  # bot1 then answers: refused once, then plays
    bot_moves = [s for s in stored if s[0] == "bot1"]
    assert bot_moves and bot_moves[0][1] == Action("guess", ("ann", 1))
    assert table.log[-1] == ("bot1", Action("guess", ("ann", 1)))
    assert bot_moves[0][2] < told[-1], "stored while the stream did not yet hold its events"


def test_play_levels_uses_the_same_turn_a_refused_bot_still_finishes_its_game():
    game = _toy(_learning_bot, _noted)
    done = play_levels(game, 3, ["normal", "normal"], limit=2000)
    assert done.over and done.winners and done.actions >= 3
