"""The one form of each Quest action that ``legal_actions`` lists (``GameSpec.canonical``): a thing
given by any of its names is the word legal lists for it ('dragon head', 'HEAD' -> 'head'; 'bag of
money' -> 'bag'), 'take' and 'take keys' are 'take key', 'pass' once moving is 'stop', a bare 'fight' where one was beaten
fights the holder, 'act lance' at a Field of Mars is 'buy lance' (and 'act head' with no other card
for the king is 'act'), and a note's text has its spaces collapsed (no text: the erasing note; one longer than a note
holds has no form: it is refused here, as the listed template takes any text). ``apply``
runs the handler on this form, so an action applies exactly when its canonical form is legal."""

from __future__ import annotations

from games.engine import Action, RuleError
from games.quest import board
from games.quest.actions import KNIGHTING_CARDS
from games.quest.fights import holder
from games.quest.items import resolve_item
from games.quest.legal import GIFT_WORDS
from games.quest.mapnotes import MAX_NOTE
from games.quest.state import QuestState
from games.quest.words import _


def _thing(item: str) -> str:
    """The word legal lists for a thing: gold, a card, a treasure (the bag as 'bag'), a key."""
    kind, card = resolve_item(item)
    if kind == "key":
        return f"{card} key"
    return GIFT_WORDS.get(card, card) if kind == "treasure" else card


def canonical(state: QuestState, player: str, action: Action) -> Action:
    """``action`` as legal lists it; unchanged when it is not one of these spellings (the handler
    then accepts or refuses it as it is)."""
    args = action.args
    if action == Action("pass") and state.turn.player == player and state.turn.phase != "start":
        return Action("stop")  # once moving (or asking at a door), passing is stopping
    if action == Action("fight") and state.turn.player == player and state.turn.phase != "consent":
        held = holder(state, player)
        if held:
            return Action("fight", (held,))  # beaten here: a bare 'fight' fights the one who holds the room
    if action.verb == "fight" and len(args) == 1 and args[0] in state.players and state.turn.player == player \
            and state.turn.phase != "consent" and state.players[args[0]].pos != state.players[player].pos:
        way = _way(state, player, args)
        if way is not None:
            args = (None, way)  # 'fight bob' next door is a fight through the door to bob's room
            action = Action("fight", args)
    if action.verb == "fight" and len(args) == 2 and args[0] is None and state.turn.player == player and \
            state.turn.phase == "moving" and state.turn.steps_left > 0 and args[1] == state.turn.last_refused \
            and not holder(state, player):
        return Action("fight")  # 'fight west' through the door just refused: forcing the way, as a bare 'fight'
    if action.verb == "fight" and args and state.turn.player == player and state.turn.phase == "consent":
        if _way(state, player, args) == state.turn.consent.direction:
            return Action("fight")  # 'fight bob' (or 'fight north') into the room asked for: forcing the way
    if action.verb == "act" and len(args) == 1 and state.turn.player == player:
        me = state.players[player]
        if state.rooms[me.pos].location == "field":
            return Action("buy", args)  # the smith's action is buying: 'act lance' is 'buy lance'
        if state.rooms[me.pos].location == "castle" and me.rank == "vassal" and \
                [c for c in KNIGHTING_CARDS if c in me.objects] == [args[0]]:
            return Action("act")  # the only card one could bring the king
    if action == Action("heal"):
        return Action("heal", (player,))  # a bare 'heal' drinks the potion oneself (treasures.do_heal)
    if action.verb == "take" and args in ((), ("keys",)):
        return Action("take", ("key",))
    if action.verb == "give" and len(args) == 3 and isinstance(args[2], str):
        try:
            return Action("give", (args[0], args[1], _thing(args[2])))
        except RuleError:
            return action
    if action.verb == "note" and len(args) == 2 and args[1] is not None:
        text = " ".join(str(args[1]).split())
        if len(text) > MAX_NOTE and args[0] in board.COORDS:  # any text fits the listed template: the
            raise RuleError(_("A note holds at most {max} characters.", max=MAX_NOTE))  # length has no form legal lists
        return Action("note", (args[0], text) if text else (args[0],))
    return action


def _way(state: QuestState, player: str, args: tuple) -> str | None:
    """The door a 'fight <player>' or 'fight <direction>' goes through, or None (both, or neither)."""
    who, d = (tuple(args) + (None, None))[:2]
    if who is not None and d is None and who in state.players and who != player:
        there, here = state.players[who].pos, state.players[player].pos
        return None if there == here else board.direction_to(here, there)
    return d if who is None else None
