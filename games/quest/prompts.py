"""What the game waits for from one player, as a question with its legal answers.

``question(state, who)`` gives the text and the answers, each a label and a legal Action; the
engine turns it into the view's ``prompt`` (the answers as command lines, which surfaces offer as
keys or buttons). It is built only from what ``who`` may know, so it can never leak: the other
duellist's secret choice, say, is never among the words.
"""

from __future__ import annotations

from games.engine import Action
from games.quest import duels
from games.quest import text as t
from games.quest.data import OBJECT_NAMES
from games.quest.fights import holder
from games.quest.state import QuestState


def question(state: QuestState, who: str | None) -> tuple[str, list] | None:
    """``(text, [(label, Action), ...])`` or None when nothing waits on ``who``."""
    if who is None or who not in state.players or state.over:
        return None
    turn, me = state.turn, state.players[who]
    if not me.alive:
        return None
    if state.duel is not None and who in state.duel.sides:
        return _duel(state, who)
    if turn.phase == "consent" and turn.consent and who in turn.consent.waiting:
        return (f"{turn.player} asks to enter your room {turn.consent.target}.",
                [("Allow", Action("allow")), ("Deny", Action("deny"))])
    h = holder(state, who)
    if turn.phase == "consent" and turn.player == who:  # held, giving up would stay where beaten
        answer = ("Force your way in", Action("fight")) if h else ("Give up", Action("stop"))
        return (f"Waiting for {', '.join(turn.consent.waiting)} to let you in.", [answer])
    if turn.phase == "leave" and turn.player == who:
        colour = state.doors[turn.pending_locked[0]].colour
        return (f"Leave the {colour} door open or closed.",
                [("Leave open", Action("leave", ("open",))), ("Leave closed", Action("leave", ("closed",)))])
    if turn.player == who and turn.phase == "moving" and turn.last_refused and turn.steps_left and not h:
        return ("You were refused: try another door, stop, or force your way in.",
                [("Fight", Action("fight")), ("Stop", Action("stop"))])
    if turn.player == who and turn.phase in ("start", "moving") and h:
        return (f"{h} beat you here and holds this room: leave it, or fight again to stay.",
                [(f"Fight {h}", Action("fight", (h,)))])
    wounded = [p for p in state.order if state.players[p].wounded and state.players[p].alive]
    if wounded and "health potion" in me.treasures:
        return (f"{', '.join(wounded)} {'is' if len(wounded) == 1 else 'are'} mortally wounded.",
                [(f"Heal {p}", Action("heal", (p,))) for p in wounded])
    if me.wounded:
        return ("You are mortally wounded: only a health potion before your next turn can save you.", [])
    return None


def _duel(state: QuestState, who: str) -> tuple[str, list]:
    duel = state.duel
    other = duel.other(who)
    if who not in duels.waiting(duel):
        return (f"Duel with {other}: waiting for {', '.join(duels.waiting(duel))}.", [])
    hand = len(duel.hands) + 1
    if duel.stage == "rps":
        text = f"Duel with {other}: rock, paper or scissors?"
        choices = [(w.capitalize(), Action("throw", (w,))) for w in duels.RPS]
    elif duel.stage in ("attack", "answer"):
        text = (f"Duel with {other}, hand {hand}: play a weapon." if duel.stage == "attack" else
                f"Duel with {other}, hand {hand}: {other} plays {t.a_obj(duel.played)}. Answer:")
        choices = [(OBJECT_NAMES[c].capitalize(), Action("play", (c,))) for c in sorted(set(duel.left[who]))]
    elif duel.stage == "block":
        text = f"{other}'s bolt flies at you. Block it?"
        held = [c for c in duels.BLOCKS if c in state.players[who].objects]
        choices = [(c.capitalize(), Action("play", (c,))) for c in held] + [("Take it", Action("play", ("none",)))]
    else:
        text = f"You beat {other}: take one thing."
        choices = [(OBJECT_NAMES.get(w, w).capitalize(), Action("loot", (w,)))
                   for w in duels.loot_options(state.players[duel.loser])]
    return text, choices
