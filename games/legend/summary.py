"""Another player's turn of Quest for Legend in one line ("Round 2: bot1's turn (Perseus): undertakes Medusa
with I (still needs A E E); draws a card."), for the shell to show in place of its three to six lines.

Only the events of that turn the viewer may see are given, and only their own public words are
used: what a player draws stays "draws a card" for everyone else.

The line is a message made from the events' messages, never from their English text, so each reader gets
it in their own language: each event's message has its phrase here -- the same words without the player on
turn in front and without the full stop (``PHRASES``), or, for one whose subject is someone else or
nobody, the whole sentence without its full stop (``CLAUSES``, a leading "The" lowered as English joins
it). An event this table lacks keeps its whole message.
"""

from __future__ import annotations

from typing import Any, Callable

from games.engine import Event, joined_turn
from games.legend.words import _, row
from games.words import Msg

Words = Callable[[dict], Msg]

# An event's message whose subject is the player on turn -> the phrase without them.
PHRASES: dict[str, Words] = {
    "{player} undertakes {mission} with {cards}.": lambda p: _("undertakes {mission} with {cards}", **p),
    "{player} undertakes {mission} with {cards} (still needs {needs}).":
        lambda p: _("undertakes {mission} with {cards} (still needs {needs})", **p),
    "{player} disturbs {owner}'s {mission} with {cards}.":
        lambda p: _("disturbs {owner}'s {mission} with {cards}", **p),
    "{player} disturbs {owner}'s {mission} with {cards} (still needs {needs}).":
        lambda p: _("disturbs {owner}'s {mission} with {cards} (still needs {needs})", **p),
    "{player} disturbs their partner {owner}'s {mission} with {cards}.":
        lambda p: _("disturbs their partner {owner}'s {mission} with {cards}", **p),
    "{player} disturbs their partner {owner}'s {mission} with {cards} (still needs {needs}).":
        lambda p: _("disturbs their partner {owner}'s {mission} with {cards} (still needs {needs})", **p),
    "{player} aborts {owner}'s {mission}: nobody scores; its {n} cards go to the discard pile.":
        lambda p: _("aborts {owner}'s {mission}: nobody scores; its {n} cards go to the discard pile", **p),
    "{player} aborts {owner}'s {mission} (as {hero}, one card short): nobody scores; its {n} cards go to the "
    "discard pile.": lambda p: _("aborts {owner}'s {mission} (as {hero}, one card short): nobody scores; its {n} "
                                 "cards go to the discard pile", **p),
    "{player} aborts their partner {owner}'s {mission}: nobody scores; its {n} cards go to the discard pile.":
        lambda p: _("aborts their partner {owner}'s {mission}: nobody scores; its {n} cards go to the discard pile",
                    **p),
    "{player} aborts their partner {owner}'s {mission} (as {hero}, one card short): nobody scores; its {n} cards "
    "go to the discard pile.": lambda p: _("aborts their partner {owner}'s {mission} (as {hero}, one card short): "
                                           "nobody scores; its {n} cards go to the discard pile", **p),
    "{player} completes {mission}: {points}, safe for ever.":
        lambda p: _("completes {mission}: {points}, safe for ever", **p),
    "{player} completes {mission} (as {hero}, one card short): {points}, safe for ever.":
        lambda p: _("completes {mission} (as {hero}, one card short): {points}, safe for ever", **p),
    "{player} starts {mission} ({code}, {points}).": lambda p: _("starts {mission} ({code}, {points})", **p),
    "{player} starts {mission} ({code}, {points}). Its twin is {owner}'s: the first completed supersedes the other.":
        lambda p: _("starts {mission} ({code}, {points}). Its twin is {owner}'s: the first completed supersedes the "
                    "other", **p),
    "{player} draws a card.": lambda p: _("draws a card", **p),
    "{player} draws the last card: after this turn everyone plays one last phase 1.":
        lambda p: _("draws the last card: after this turn everyone plays one last phase 1", **p),
    "{player} discards {cards}.": lambda p: _("discards {cards}", **p),
    "{player} ends the last phase 1.": lambda p: _("ends the last phase 1", **p),
    "{player} has no cards left and no favoured mission one card short: nothing to play in the last phase 1.":
        lambda p: _("has no cards left and no favoured mission one card short: nothing to play in the last phase 1",
                    **p),
}
# An event's message whose subject is someone else, or nobody -> the sentence without its full stop.
CLAUSES: dict[str, Words] = {
    "{player} has no cards left and no favoured mission one card short: nothing to play in the last phase 1.":
        lambda p: _("{player} has no cards left and no favoured mission one card short: nothing to play in the last "
                    "phase 1", **p),
    "{owner}'s {mission} is superseded: set aside, it will count -{points}.":
        lambda p: _("{owner}'s {mission} is superseded: set aside, it will count -{points}", **p),
    "The draw pile is empty: the {n} discarded cards are shuffled into the second and last pile.":
        lambda p: _("the draw pile is empty: the {n} discarded cards are shuffled into the second and last pile", **p),
    "The draw pile is empty, and so is the discard pile.":
        lambda p: _("the draw pile is empty, and so is the discard pile", **p),
    "There is nothing left to draw: after {player}'s turn everyone plays one last phase 1.":
        lambda p: _("There is nothing left to draw: after {player}'s turn everyone plays one last phase 1", **p),
    "The last round: everyone plays one last phase 1 (no starting, drawing or discarding), from {first} to {last}.":
        lambda p: _("the last round: everyone plays one last phase 1 (no starting, drawing or discarding), from "
                    "{first} to {last}", **p),
}
# The turn's header, which leads the line.
LEADS: dict[str, Words] = {
    "Round {round}: {player}'s turn ({hero}).": lambda p: _("Round {round}: {player}'s turn ({hero})", **p),
    "{player}'s last phase 1.": lambda p: _("{player}'s last phase 1", **p),
}


def phrase(actor: str, text: Any) -> Any:
    """An event's message as the summary of ``actor``'s turn words it."""
    if text.params.get("player") == actor and text.id in PHRASES:
        return PHRASES[text.id](text.params)
    if text.id in CLAUSES:
        return CLAUSES[text.id](text.params)
    return text


def summarise(actor: str, events: list[Event], viewer: str | None) -> list:
    """The turn's happenings in order, on one line led by the turn's own header ('Round 2: bot1's turn
    (Perseus)') when it is among them: a message, when every event's words are messages (else the
    engine's joining of their English, as before the game's words were messages)."""
    if not all(isinstance(e.text, Msg) for e in events):
        lead = next((str(e.text).strip().rstrip(".") for e in events if e.kind == "turn"), "")
        return joined_turn(actor, events, skip=("turn",), lead=lead)
    said = [phrase(actor, e.text) for e in events if e.kind != "turn"]
    if not said:
        return []
    head = next((e.text for e in events if e.kind == "turn"), None)
    lead = LEADS[head.id](head.params) if head is not None and head.id in LEADS else actor
    return [_("{lead}: {happenings}.", lead=lead, happenings=row(said, "; "))]
