"""Another player's turn of Quantum in one line ("Round 1: bot1's turn: moves the 3 from f2 to d1;
reconfigures the 3 at b1: now a 6; ..."), for the shell to show in place of its four to eight lines.

The line is a message built from the turn's events' own messages and parameters (never from their
English), so each reader gets it in their language: each event of the turn has its clause here,
the sentence without its full stop and, when the turn's player leads it, without their name
(``CLAUSES``). An event without one (none so far) reads as the engine's English summary does.
Quantum hides nothing, and the summary uses only the public words of the turn's events anyway.
"""

from __future__ import annotations

import re

from games.engine import Event, joined_turn
from games.quantum.words import _
from games.words import Msg

SKIP = ("turn", "turn_end", "cards_revealed")  # its announcement, 'ends the turn', the new face-up cards

# A sentence's id -> its clause in a turn's line, made with the sentence's parameters. Those led by
# "{player} " lose the name when the player is the turn's (the line names them once, in front).
LED = {
    "{player} builds a cube on {planet} (ships adding up to {total}).":
        lambda p: _("builds a cube on {planet} (ships adding up to {total})", **p),
    "{player} takes {card} (command).": lambda p: _("takes {card} (command)", **p),
    "{player} takes {card} (gambit).": lambda p: _("takes {card} (gambit)", **p),
    "{player} deploys a ship at {square}: a {value}.": lambda p: _("deploys a ship at {square}: a {value}", **p),
    "{player} plays {card} ({why}).": lambda p: _("plays {card} ({why})", **p),
    "{player} will play {card} at the start of the next turn.":
        lambda p: _("will play {card} at the start of the next turn", **p),
    "{player} moves the {value} from {frm} to {dest}.": lambda p: _("moves the {value} from {frm} to {dest}", **p),
    "{player} reconfigures the {was} at {square}: now a {value}.":
        lambda p: _("reconfigures the {was} at {square}: now a {value}", **p),
    "{player} refreshes the six cards and takes none.": lambda p: _("refreshes the six cards and takes none", **p),
    "{player} relocates {owner}'s cube from {planet} to {dest}.":
        lambda p: _("relocates {owner}'s cube from {planet} to {dest}", **p),
    "{player} reorganises: {ships}.": lambda p: _("reorganises: {ships}", **p),
    "{player} sabotages {owner}'s {value} at {square}: destroyed.":
        lambda p: _("sabotages {owner}'s {value} at {square}: destroyed", **p),
    "{player} gains an action ({actions} left).": lambda p: _("gains an action ({actions} left)", **p),
    "{player} lets {card} go for {new}; {card} leaves the game.":
        lambda p: _("lets {card} go for {new}; {card} leaves the game", **p),
}
WHOLE = {
    "{player}'s 1 at {square} attacks without moving.": lambda p: _("{player}'s 1 at {square} attacks without moving", **p),
    "{player}'s {value} advances into {dest}.": lambda p: _("{player}'s {value} advances into {dest}", **p),
    "{player}'s 2 carries {owner}'s {value} from {frm}: the 2 goes from {start} to {stop} and puts it down at "
    "{dest}.": lambda p: _("{player}'s 2 carries {owner}'s {value} from {frm}: the 2 goes from {start} to {stop} and "
                           "puts it down at {dest}", **p),
    "{player}'s 2 carries {owner}'s {value} from {frm}: the 2 stays at {stop} and puts it down at {dest}.":
        lambda p: _("{player}'s 2 carries {owner}'s {value} from {frm}: the 2 stays at {stop} and puts it down at "
                    "{dest}", **p),
    "{attacker}'s {value} at {at} attacks {defender}'s {other} at {square}: {sum} against {against}: {defender} "
    "holds; the attacker stays at {at}.":
        lambda p: _("{attacker}'s {value} at {at} attacks {defender}'s {other} at {square}: {sum} against {against}: "
                    "{defender} holds; the attacker stays at {at}", **p),
    "{attacker}'s {value} at {at} attacks {defender}'s {other} at {square}: {sum} against {against}: {defender}'s "
    "ship is destroyed.":
        lambda p: _("{attacker}'s {value} at {at} attacks {defender}'s {other} at {square}: {sum} against {against}: "
                    "{defender}'s ship is destroyed", **p),
    "{player}'s dominion: {dominion}.": lambda p: _("{player}'s dominion: {dominion}", **p),
    "{player}'s dominion reached {top}: a cube on {planet}; dominion back to 1.":
        lambda p: _("{player}'s dominion reached {top}: a cube on {planet}; dominion back to 1", **p),
    "{player}'s expansion ship comes into play at {square}: a {value}.":
        lambda p: _("{player}'s expansion ship comes into play at {square}: a {value}", **p),
    "{player}'s advance has no effect now.": lambda p: _("{player}'s advance has no effect now", **p),
    "{player}'s card has no effect now.": lambda p: _("{player}'s card has no effect now", **p),
    "{player}'s dominion has no effect now.": lambda p: _("{player}'s dominion has no effect now", **p),
    "{player}'s {card} has no effect now.": lambda p: _("{player}'s {card} has no effect now", **p),
    "{player}'s 6 at {square} rerolls itself: now a {value}.":
        lambda p: _("{player}'s 6 at {square} rerolls itself: now a {value}", **p),
    "{player}'s research reached {top}: a card, and research back to 1.":
        lambda p: _("{player}'s research reached {top}: a card, and research back to 1", **p),
    "{player}'s research is at {top} this turn: the +{n} ({why}) is lost.":
        lambda p: _("{player}'s research is at {top} this turn: the +{n} ({why}) is lost", **p),
    "{player}'s research: {research} ({why}).": lambda p: _("{player}'s research: {research} ({why})", **p),
    "{player}'s {value} stays at {at}.": lambda p: _("{player}'s {value} stays at {at}", **p),
    "{player}'s 3 at {frm} swaps places with {owner}'s {value} at {dest}.":
        lambda p: _("{player}'s 3 at {frm} swaps places with {owner}'s {value} at {dest}", **p),
    "{player}'s 4 at {square} turns into a {value}.": lambda p: _("{player}'s 4 at {square} turns into a {value}", **p),
}


def summarise(actor: str, events: list[Event], viewer: str | None) -> list:
    """The turn's actions in order, on one line (its announcement, 'ends the turn' and the new
    face-up cards left out: the panel shows the cards, 'log full' the line), led by the turn's
    header without its count of actions ('Round 1: bot1's turn') when it is among them."""
    turn = next((e for e in events if e.kind == "turn"), None)
    said = [clause(actor, e) for e in events if e.kind not in SKIP]
    if not said:
        return []
    lead = _lead(turn) if turn is not None else actor
    if isinstance(lead, str) and all(isinstance(c, str) for c in said):  # events of plain English (no message)
        return [f"{lead}: {'; '.join(said)}."]
    return [_("{lead}: {clauses}.", lead=lead, clauses=_semicolons(said))]


def _lead(turn: Event):
    """The turn's header without its count of actions: 'Round 1: bot1's turn'."""
    text = turn.text
    if isinstance(text, Msg) and {"round", "player"} <= set(text.params):
        return _("Round {round}: {player}'s turn", round=text.params["round"], player=text.params["player"])
    return re.sub(r"\s*\(.*\)\.?$", "", str(text).strip()).rstrip(".")


def clause(actor: str, event: Event):
    """One event's words in a turn's line: its clause message, else the engine's English words."""
    text = event.text
    if isinstance(text, Msg) and text.domain == "quantum":
        led = LED.get(text.id)
        if led is not None and text.params.get("player") == actor:
            return led(text.params)
        whole = WHOLE.get(text.id)
        if whole is not None:
            return whole(text.params)
    return joined_turn(actor, [event], skip=())[0][len(actor) + 2:-1]  # "actor: words." -> "words"


def _semicolons(clauses: list):
    if len(clauses) == 1:
        return clauses[0]
    return _("{head}; {tail}", head=clauses[0], tail=_semicolons(clauses[1:]))
