"""What the game waits for from one player, as a question with its legal answers.

``question(state, who)`` gives the text and the answers, each a label and a legal Action; the
engine turns it into the view's ``prompt`` (the answers as command lines, which surfaces offer as
keys or buttons). It is built only from what ``who`` may know, so it can never leak: the other
duellist's secret choice, say, is never among the words.
"""

from __future__ import annotations

from games.engine import Action
from games.words import Msg
from games.quest import duels
from games.quest import text as t
from games.quest.fights import holder
from games.quest.state import QuestState
from games.quest.words import _

# An answer's label for each thing a duel's answers name (a card played, a throw, a thing looted).
LABEL = {"sword": _("Sword"), "lance": _("Lance"), "mace": _("Mace"), "shield": _("Shield"), "armour": _("Armour"),
         "rope": _("Rope"), "damsel": _("Damsel"), "head": _("Dragon head"), "bible": _("Bible"), "grail": _("Grail"),
         "crystal ball": _("Crystal ball"), "health potion": _("Health potion"), "bag of money": _("Bag of money"),
         "black key": _("Black key"), "gold key": _("Gold key"), "silver key": _("Silver key"), "gold": _("Gold"),
         "rock": _("Rock"), "paper": _("Paper"), "scissors": _("Scissors")}


def _label(word: str):
    return LABEL.get(word, word.capitalize())


def question(state: QuestState, who: str | None) -> tuple[Msg, list] | None:
    """``(text, [(label, Action), ...])`` or None when nothing waits on ``who``."""
    if who is None or who not in state.players or state.over:
        return None
    turn, me = state.turn, state.players[who]
    if not me.alive:
        return None
    if state.duel is not None and who in state.duel.sides:
        return _duel(state, who)
    if turn.phase == "consent" and turn.consent and who in turn.consent.waiting:
        return (_("{player} asks to enter your room {room}.", player=turn.player, room=turn.consent.target),
                [(_("Allow"), Action("allow")), (_("Deny"), Action("deny"))])
    h = holder(state, who)
    if turn.phase == "consent" and turn.player == who:  # held, giving up would stay where beaten
        answer = (_("Force your way in"), Action("fight")) if h else (_("Give up"), Action("stop"))
        return (_("Waiting for {players} to let you in.", players=", ".join(turn.consent.waiting)), [answer])
    if turn.phase == "leave" and turn.player == who:
        colour = state.doors[turn.pending_locked[0]].colour
        return (_("Leave the {colour} door open or closed.", colour=t.colour(colour)),
                [(_("Leave open"), Action("leave", ("open",))), (_("Leave closed"), Action("leave", ("closed",)))])
    if turn.player == who and turn.phase == "moving" and turn.last_refused and turn.steps_left and not h:
        return (_("You were refused: try another door, stop, or force your way in."),
                [(_("Fight"), Action("fight")), (_("Stop"), Action("stop"))])
    if turn.player == who and turn.phase in ("start", "moving") and h:
        return (_("{holder} beat you here and holds this room: leave it, or fight again to stay.", holder=h),
                [(_("Fight {player}", player=h), Action("fight", (h,)))])
    wounded = [p for p in state.order if state.players[p].wounded and state.players[p].alive]
    if wounded and "health potion" in me.treasures:
        text = _("{players} is mortally wounded.", players=wounded[0]) if len(wounded) == 1 else \
            _("{players} are mortally wounded.", players=", ".join(wounded))
        return (text, [(_("Heal {player}", player=p), Action("heal", (p,))) for p in wounded])
    if me.wounded:
        return (_("You are mortally wounded: only a health potion before your next turn can save you."), [])
    return None


def _duel(state: QuestState, who: str) -> tuple[Msg, list]:
    duel = state.duel
    other = duel.other(who)
    if who not in duels.waiting(duel):
        return (_("Duel with {other}: waiting for {players}.", other=other, players=", ".join(duels.waiting(duel))), [])
    hand = len(duel.hands) + 1
    if duel.stage == "rps":
        text = _("Duel with {other}: rock, paper or scissors?", other=other)
        choices = [(_label(w), Action("throw", (w,))) for w in duels.RPS]
    elif duel.stage in ("attack", "answer"):
        text = (_("Duel with {other}, hand {hand}: play a weapon.", other=other, hand=hand) if duel.stage == "attack" else
                _("Duel with {other}, hand {hand}: {other} plays {card}. Answer:", other=other, hand=hand,
                  card=t.a_obj(duel.played)))
        choices = [(_label(c), Action("play", (c,))) for c in sorted(set(duel.left[who]))]
    elif duel.stage == "block":
        text = _("{other}'s bolt flies at you. Block it?", other=other)
        held = [c for c in duels.BLOCKS if c in state.players[who].objects]
        choices = [(_label(c), Action("play", (c,))) for c in held] + [(_("Take it"), Action("play", ("none",)))]
    else:
        text = _("You beat {other}: take one thing.", other=other)
        choices = [(_label(w), Action("loot", (w,)))
                   for w in duels.loot_options(state.players[duel.loser])]
    return text, choices
