"""Quantum's cards (rules/quantum.md, Cards): six face up (3 gambits, 3 commands), taking one or
refreshing all six, holding at most 3 commands, and what each gambit does when played."""

from __future__ import annotations

from games.engine import Event, announce
from games.quantum import turns
from games.quantum.cardnames import card_name, card_names
from games.quantum.data import CARDS, FACE_UP, MAX_COMMANDS
from games.quantum.owed import play_gambit
from games.quantum.state import QuantumState
from games.quantum.words import _, listed


def deal_faceup(state: QuantumState) -> list[Event]:
    """Fill every empty face-up slot from its deck (an empty deck leaves the slot empty)."""
    for i in range(2 * FACE_UP):
        deck = state.gambits if i < FACE_UP else state.commands
        if state.faceup[i] is None and deck:
            state.faceup[i] = deck.pop()
    return [announce(_("Face up: gambits {gambits}; commands {commands}.", **faceup_words(state)), "cards_revealed",
                     faceup=list(state.faceup))]


def faceup_words(state: QuantumState) -> dict:
    """The face-up gambits and commands, each kind listed by the cards' names ('none' when empty)."""
    gambits = [c for c in state.faceup[:FACE_UP] if c]
    commands = [c for c in state.faceup[FACE_UP:] if c]
    return {"gambits": card_names(gambits) or _("none"), "commands": card_names(commands) or _("none")}


def _owed_card(state: QuantumState, player: str) -> dict:
    """The card owed to ``player`` (the phase table let 'take' and 'refresh' through only then)."""
    return state.pending[0]


def do_take(state: QuantumState, player: str, word: str) -> list[Event]:
    """Take the face-up card named (canonical: its name, however it was typed)."""
    owed = _owed_card(state, player)
    i = state.faceup.index(word)
    card = state.faceup[i]
    state.pending.pop(0)
    state.faceup[i] = None
    taken = _("{player} takes {card} (command).", player=player, card=card_name(card)) if CARDS[card].kind == "command" \
        else _("{player} takes {card} (gambit).", player=player, card=card_name(card))
    ev = [announce(taken, "card_taken", player=player, card=card,
                   card_kind=CARDS[card].kind)]
    ev += deal_faceup(state)
    if CARDS[card].kind == "command":
        me = state.players[player]
        if len(me.commands) >= MAX_COMMANDS:
            state.pending.insert(0, {"kind": "drop", "card": card, "choices": list(me.commands)})
        me.commands.append(card)
    elif owed.get("later"):
        state.players[player].later.append(card)
        ev.append(announce(_("{player} will play {card} at the start of the next turn.", player=player, card=card_name(card)),
                           "gambit_held",
                           player=player, card=card))
    else:
        ev += play_gambit(state, player, card, _("at once"), front=True)
    return ev + turns.settle(state)


def do_refresh(state: QuantumState, player: str) -> list[Event]:
    """All six go and six *other* cards are drawn ("scartarle tutte per pescarne altre"): the refreshed
    cards go back into their decks only after the new ones are dealt, so they cannot come straight
    back; a deck too small leaves slots empty, filled at the next take."""
    _owed_card(state, player)
    state.pending.pop(0)
    refreshed, state.faceup = state.faceup, [None] * (2 * FACE_UP)
    ev = [announce(_("{player} refreshes the six cards and takes none.", player=player), "refreshed", player=player)]
    ev += deal_faceup(state)
    for i, card in enumerate(refreshed):
        if card is None:
            continue
        if i < FACE_UP:
            state.gambits.append(card)
        else:
            state.commands.insert(0, card)  # Decision: refreshed commands go under the command deck
    state.rng.shuffle(state.gambits)
    return ev + turns.settle(state)


def do_drop(state: QuantumState, player: str, word: str) -> list[Event]:
    """Let one of the commands held go (a legal drop names one of them in full)."""
    owed = state.pending[0]  # a 4th command came (the phase table)
    state.pending.pop(0)
    state.players[player].commands.remove(word)
    ev = [announce(_("{player} lets {card} go for {new}; {card} leaves the game.", player=player, card=card_name(word),
                     new=card_name(owed["card"])), "command_dropped",
                   player=player, card=word, new=owed["card"])]
    return ev + turns.settle(state)


# --- gambits -----------------------------------------------------------------------------------------

def _owed(state: QuantumState, player: str, kind: str) -> dict:
    """The gambit ``kind`` owed to ``player`` (the phase table let its verb through only then)."""
    return state.pending[0]


def do_expand(state: QuantumState, player: str, square: str) -> list[Event]:
    _owed(state, player, "expansion")
    state.pending.pop(0)
    ship = state.fleet(player, "reserve")[0]
    ship.where, ship.square, ship.value = "play", square, state.rng.die()
    ev = [announce(_("{player}'s expansion ship comes into play at {square}: a {value}.", player=player,
                     square=square, value=ship.value), "expansion",
                   player=player, ship=ship.id, square=square, value=ship.value)]
    return ev + turns.settle(state)


def do_relocate(state: QuantumState, player: str, owner: str, planet: str, to: str) -> list[Event]:
    _owed(state, player, "relocation")
    state.pending.pop(0)
    state.cubes[planet].remove(owner)
    if not state.cubes[planet]:
        del state.cubes[planet]
    state.cubes.setdefault(to, []).append(owner)
    ev = [announce(_("{player} relocates {owner}'s cube from {planet} to {dest}.", player=player, owner=owner,
                     planet=planet, dest=to), "relocated", player=player,
                   owner=owner, planet=planet, dest=to)]
    return ev + turns.settle(state)


def do_reroll(state: QuantumState, player: str, *squares: str) -> list[Event]:
    _owed(state, player, "reorganise")
    mine = {s.square: s for s in state.fleet(player)}
    picked = list(dict.fromkeys(squares))
    state.pending.pop(0)
    for sq in picked:
        mine[sq].value = state.rng.die()
    text = listed([_("{square} now {value}", square=sq, value=mine[sq].value) for sq in picked]) or _("no ship")
    ev = [announce(_("{player} reorganises: {ships}.", player=player, ships=text), "reorganised", player=player,
                   ships={sq: mine[sq].value for sq in picked}, ids={sq: mine[sq].id for sq in picked})]
    return ev + turns.settle(state)


def do_sabotage(state: QuantumState, player: str, square: str) -> list[Event]:
    _owed(state, player, "sabotage")
    state.pending.pop(0)
    ship = state.occupant()[square]
    ship.where, ship.square = "scrap", None
    ev = [announce(_("{player} sabotages {owner}'s {value} at {square}: destroyed.", player=player, owner=ship.owner,
                     value=ship.value, square=square), "sabotaged",
                   player=player, ship=ship.id, owner=ship.owner, square=square)]
    return ev + turns.settle(state)
