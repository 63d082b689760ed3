"""Issue 24: ``legal_actions`` is the whole truth of what a Quest player may do now -- every verb the
rules allow at that moment and nothing they refuse, the free ones (a gift, a note, a standing choice)
told apart from those that spend the turn -- and it tells nothing the player does not know."""

from __future__ import annotations

import copy

import pytest

from games.engine import Action, RuleError, command_line
from games.quest import GAME
from mud.shell import parser
from mud.shell.session import Session
from mud.shell.table import Table
from tests.contract.kit import play
from tests.games.quest.fixtures import act, dice, door, isolate, new, place, room
from tests.games.quest.test_duels import duel_at_door
from tests.seating import seated


def legal(state, player) -> list[Action]:
    return GAME.legal_actions(state, player)


def verbs(state, player) -> set[str]:
    return {a.verb for a in legal(state, player)}


def accepted(state, player, action) -> bool:
    try:
        GAME.apply(copy.deepcopy(state), player, action)  # (the fixtures' dice are shared)
    except RuleError:
        return False
    return True


def wizard(where=("B2", "B3")):
    s = new(("merlin", "bob", "carl"), rules="full")
    isolate(s, "B2")
    place(s, "merlin", where[0])
    place(s, "bob", where[1])
    place(s, "carl", "E8")
    s.players["merlin"].rank = "wizard"
    dice(s, *[3] * 20)
    return s


def test_a_wizard_may_cast_a_bolt_at_each_player_in_reach_and_sight_at_any_room():
    s = wizard()
    mine = legal(s, "merlin")
    assert Action("cast", ("bolt", "bob")) in mine
    assert Action("cast", ("bolt", "carl")) not in mine  # E8: out of reach
    sights = [a for a in mine if a.verb == "cast" and a.args[0] == "sight"]
    assert len(sights) == 40 and Action("cast", ("sight", "E8")) in sights
    assert all(accepted(s, "merlin", a) for a in mine if a.verb == "cast")


def test_a_locked_door_without_its_key_keeps_the_bolt_off_the_list():
    s = wizard()
    door(s, "B2", "B3", "gold", False)
    assert Action("cast", ("bolt", "bob")) not in legal(s, "merlin")
    s.players["merlin"].keys = ["gold"]
    assert Action("cast", ("bolt", "bob")) in legal(s, "merlin")


def test_no_spell_for_a_knight_nor_once_the_wizard_moves():
    s = wizard()
    s.players["merlin"].rank = "knight"
    assert "cast" not in verbs(s, "merlin")
    s.players["merlin"].rank = "wizard"
    act(s, "merlin", "roll")
    assert "cast" not in verbs(s, "merlin")


def test_the_crystal_ball_scries_each_living_other_player_at_the_start_of_a_turn():
    s = wizard()
    assert "scry" not in verbs(s, "merlin")
    s.players["merlin"].treasures.append("crystal ball")
    assert {a for a in legal(s, "merlin") if a.verb == "scry"} == {Action("scry", ("bob",)), Action("scry", ("carl",))}
    act(s, "merlin", "roll")
    assert "scry" not in verbs(s, "merlin")


def test_a_dead_player_is_neither_scried_nor_given_to_and_the_list_agrees():
    """Legal iff accepted: a dead player has left the game, so the crystal ball and gifts refuse them,
    as the legal actions (which name living players only) say."""
    s = wizard()
    s.players["merlin"].treasures.append("crystal ball")
    s.players["carl"].alive = False
    assert not any("carl" in a.args for a in legal(s, "merlin") if a.verb in ("scry", "give"))
    for action in (Action("scry", ("carl",)), Action("give", ("carl", 1, "gold"))):
        with pytest.raises(RuleError, match="carl is dead"):
            GAME.apply(s, "merlin", action)


def test_free_actions_are_listed_any_time_and_marked_free():
    s = new(("tizio", "caio"))
    isolate(s, "B2")
    place(s, "tizio", "B2")
    place(s, "caio", "E8")
    s.players["tizio"].objects = ["rope"]
    for who in ("tizio", "caio"):  # on one's turn and out of it
        mine = legal(s, who)
        other = "caio" if who == "tizio" else "tizio"
        assert Action("give", (other, 1, "gold")) in mine
        assert Action("consent", ("all",)) in mine and Action("consent", ("ask",)) not in mine  # ask: already
        assert Action("armour", ("keep",)) in mine
        assert Action("note", ("C4", "?")) in mine
        assert all(GAME.is_free(a) for a in mine if a.verb in ("give", "consent", "armour", "mark", "note"))
    assert Action("give", ("caio", 1, "rope")) in legal(s, "tizio")
    assert {a.args for a in legal(s, "tizio") if a.verb == "mark"} == {
        (d, face) for d in "nesw" for face in ("open", "closed")}
    for a in legal(s, "tizio"):
        assert GAME.is_free(a) == (a.verb in ("give", "consent", "armour", "mark", "note", "peek", "take", "heal"))


def test_a_mark_and_a_note_once_made_offer_their_undoing():
    s = new(("tizio", "caio"))
    isolate(s, "B2")
    place(s, "tizio", "B2")
    act(s, "tizio", "mark", "e", "open")
    act(s, "tizio", "note", "C4", "dragon?")
    mine = legal(s, "tizio")
    assert Action("mark", ("e", "unknown")) in mine and Action("mark", ("e", "open")) not in mine
    assert Action("note", ("C4",)) in mine and Action("note", ("C4", "?")) in mine


def test_a_key_on_the_floor_may_be_taken_by_whoever_stands_there_any_time():
    s = new(("tizio", "caio"))
    place(s, "caio", s.floor_keys["gold"])
    assert Action("take", ("key",)) in legal(s, "caio") and GAME.is_free(Action("take", ("key",)))
    assert accepted(s, "caio", Action("take", ("key",)))


def test_a_door_known_shut_is_not_offered_an_unknown_one_is():
    s = new(("tizio", "caio"))
    isolate(s, "B2")
    place(s, "tizio", "B2")
    place(s, "caio", "E8")
    door(s, "B2", "B3", "white", False)
    door(s, "B2", "A2", "red", False)
    moves = {a.args[0] for a in legal(s, "tizio") if a.verb == "move"}
    assert {"e", "n"} <= moves  # unknown: a try is a legal step (it may turn out shut)
    dice(s, 3, 3)
    act(s, "tizio", "peek")  # the white door turns for all, the red one is seen by tizio alone
    moves = {a.args[0] for a in legal(s, "tizio") if a.verb == "move"}
    assert "e" not in moves and "n" not in moves and {"s", "w"} <= moves


def test_a_held_player_must_leave_or_fight_and_may_not_pass_or_act():
    s = new(("tizio", "caio"))
    isolate(s, "B2")
    place(s, "tizio", "B2")
    place(s, "caio", "B2")
    s.players["tizio"].beaten_by = "caio"
    mine = legal(s, "tizio")
    assert Action("fight", ("caio",)) in mine and any(a.verb == "move" for a in mine)
    assert not {"pass", "act", "buy"} & {a.verb for a in mine}
    assert all(accepted(s, "tizio", a) for a in mine)


def test_a_refused_mover_may_fight_that_room_or_any_other_occupied_one_next_door():
    s = new(("tizio", "caio", "sempronio"))
    isolate(s, "B2")
    place(s, "tizio", "B2")
    place(s, "caio", "B3")
    place(s, "sempronio", "C2")
    dice(s, *[3] * 40)
    act(s, "tizio", "move", "e")
    act(s, "caio", "deny")
    mine = legal(s, "tizio")
    assert Action("fight") in mine and Action("fight", (None, "s")) in mine
    assert Action("fight", (None, "e")) not in mine  # the bare 'fight' is that one
    assert Action("move", ("e",)) not in mine  # refused this turn: only by force
    assert all(accepted(s, "tizio", a) for a in mine)


def test_a_beaten_loser_gives_nothing_away_before_the_winner_takes_one_thing():
    """Otherwise a loser who gave everything away would leave the winner nothing to loot, and the game
    waiting on a loot that cannot be taken."""
    s, _ = duel_at_door(objects_b=("lance",))  # tizio unarmed loses at once to caio
    assert s.duel.stage == "loot" and s.duel.loser == "tizio"
    s.players["tizio"].treasures.append("health potion")
    s.players["sempronio"].wounded = True
    assert not {"give", "heal"} & verbs(s, "tizio")
    with pytest.raises(RuleError, match="searches you"):
        act(s, "tizio", "give", "sempronio", 1, "gold")
    with pytest.raises(RuleError, match="searches you"):
        act(s, "tizio", "heal", "sempronio")
    assert {a.verb for a in legal(s, "caio") if not GAME.is_free(a)} == {"loot"}


def test_passing_in_the_middle_of_a_duel_is_refused():
    s, _ = duel_at_door()
    with pytest.raises(RuleError, match="Finish the duel first"):
        act(s, "tizio", "pass")
    assert s.duel is not None and s.turn.phase == "duel"


def test_the_numbered_question_stays_the_moments_own():
    """Notes, marks, gifts are legal at every moment but are never the question's numbered answers."""
    s, _ = duel_at_door()
    asked = GAME.question(s, "tizio")
    assert [a.verb for _, a in asked[1]] == ["throw"] * 3
    assert {"note", "give", "mark"} <= verbs(s, "tizio")


def held_at_a_door():
    """tizio, beaten by caio and so held on B2, asks sempronio's consent to enter B3 to the east."""
    s = new(("tizio", "caio", "sempronio"))
    isolate(s, "B2")
    place(s, "tizio", "B2")
    place(s, "caio", "B2")
    place(s, "sempronio", "B3")
    s.players["tizio"].beaten_by = "caio"
    dice(s, *[3] * 40)
    act(s, "tizio", "move", "e")
    return s


def test_a_held_player_refused_at_a_door_is_asked_to_fight_the_holder_not_to_stop():
    s = held_at_a_door()
    act(s, "sempronio", "deny")
    text, answers = GAME.question(s, "tizio")
    assert [a for _, a in answers] == [Action("fight", ("caio",))]
    assert all(accepted(s, "tizio", a) for a in legal(s, "tizio"))


def test_the_castle_offers_the_choice_of_card_and_the_smith_each_weapon():
    s = new(("tizio", "caio"))
    place(s, "tizio", "B2")
    room(s, "B2", "castle", 1)
    s.players["tizio"].objects = ["head", "damsel"]
    mine = legal(s, "tizio")
    assert {Action("act"), Action("act", ("head",)), Action("act", ("damsel",))} <= set(mine)
    room(s, "B2", "field", 1)
    s.players["tizio"].gold = 0
    assert "buy" not in verbs(s, "tizio") and "act" not in verbs(s, "tizio")
    s.players["tizio"].gold = 1
    assert {a.args[0] for a in legal(s, "tizio") if a.verb == "buy"} == {"sword", "lance", "mace", "shield", "armour"}


def test_every_legal_action_typed_as_its_command_line_is_the_same_action():
    """Completion offers the words of the legal command lines, and a player types them: each must
    parse back to the very action listed (a gift of the bag of money is listed as 'bag': the parser
    drops 'of')."""
    checked = 0
    for seed in (0, 1):
        for state in play("quest", seed, sample_every=25).states:
            table = Table(GAME, [], list(GAME.seats_of(state)), 0)
            table.state = state
            for p, typist in zip(GAME.seats_of(state), seated(table, *GAME.seats_of(state), bot_seats=True)):
                commands, context = typist.commands(), typist.context()  # the real loop's, at p's seat
                for action in legal(state, p):
                    parsed = parser.parse(command_line(action), commands, context)
                    assert Session.action(parsed.verb, parsed.slots) == action, command_line(action)
                    checked += 1
    assert checked > 1000


def test_over_seeded_games_the_question_numbers_no_free_action_but_a_potion_for_the_wounded():
    for seed in (2, 3):
        for state in play("quest", seed, sample_every=4).states:
            for p in GAME.seats_of(state):
                asked = GAME.question(state, p)
                for _, action in (asked[1] if asked else []):
                    assert not GAME.is_free(action) or action.verb == "heal", (seed, p, action)


def test_a_held_player_waiting_at_a_door_is_not_offered_to_give_up():
    """Giving up would leave them where the winner holds the room: refused, so never an answer."""
    s = held_at_a_door()
    assert s.turn.phase == "consent"
    _, answers = GAME.question(s, "tizio")
    assert [a for _, a in answers] == [Action("fight")] and Action("stop") not in legal(s, "tizio")
    assert all(accepted(s, "tizio", a) for a in legal(s, "tizio"))
