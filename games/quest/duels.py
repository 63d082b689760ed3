"""Duels (rules/quest.md, Duels): how one is fought, from the first choice to the loot.

A duel is a state of the game (``state.duel``) that names whose input it waits for. Both unarmed:
rock-paper-scissors, chosen in secret and shown together. One armed: the unarmed loses at once.
Both armed: hands, the attacker playing a weapon and the defender answering having seen it; an
armour is broken to take a lost hand when its holder's standing choice says so ('armour break').
A wizard's bolt is a duel of one hand (spells.py starts it). Then the winner searches the loser and takes one thing; a loser with nothing is mortally
wounded. Who fights whom, and why, is decided in fights.py and spells.py.
"""

from __future__ import annotations

from collections import Counter

from games.engine import Event, announce, tell
from games.words import Msg
from games.quest import text as t
from games.quest.data import WEAPON_CARDS
from games.quest.items import ITEM_ALIASES
from games.quest.purse import with_belongings
from games.quest.state import Duel, Player, QuestState
from games.quest.turns import end_move, spend_turn
from games.quest.words import _

DUEL_WEAPONS = WEAPON_CARDS  # armour is never played, only broken
BEATS = {"sword": ("mace", "lance"), "lance": ("shield", "mace"), "mace": ("shield",), "shield": ("sword",)}
BLOCKS = ("mace", "shield")  # what stops a bolt
RPS = ("rock", "paper", "scissors")
RPS_BEATS = {"rock": "scissors", "paper": "rock", "scissors": "paper"}
RPS_WORD = {"rock": _("rock"), "paper": _("paper"), "scissors": _("scissors")}


def weapons(p: Player) -> list[str]:
    return sorted(c for c in p.objects if c in DUEL_WEAPONS)


def hand_winner(attack: str, answer: str) -> str | None:
    """'attack', 'answer' or None (the same weapon: nobody takes the hand)."""
    if attack == answer:
        return None
    return "attack" if answer in BEATS[attack] else "answer"


def waiting(duel: Duel) -> list[str]:
    if duel.stage == "rps":
        return [p for p in duel.sides if p not in duel.secret]
    return {"attack": [duel.attacker], "answer": [duel.defender], "block": [duel.defender],
            "loot": [duel.winner]}.get(duel.stage, [])


def being_searched(state: QuestState, player: str) -> bool:
    """True while ``player`` lost a duel and the winner has yet to take one thing: nothing leaves their
    hands meanwhile (a loser who gave everything away would leave the winner nothing to take)."""
    duel = state.duel
    return duel is not None and duel.stage == "loot" and duel.loser == player


def loot_options(loser: Player) -> list[str]:
    """What the winner may take, as words ``loot`` understands: cards, treasures, keys, gold."""
    out = sorted(set(loser.objects)) + sorted(set(loser.treasures)) + [f"{k} key" for k in loser.keys]
    if loser.gold > 0 or loser.has_bag:
        out.append("gold")
    return out


def _sides(duel: Duel, text: str, kind: str, **data) -> Event:
    return Event(kind, text, data, to=duel.sides)


def _pair(duel: Duel, actor: str, mine: str, theirs: str, kind: str, **data) -> list[Event]:
    """A duel's secret told to its two sides: ``mine`` to ``actor``, ``theirs`` to the other one."""
    return [Event(kind, mine, dict(data), to=(actor,)), Event(kind, theirs, dict(data), to=(duel.other(actor),))]


def _others(duel: Duel, text: str, kind: str, **data) -> Event:
    return Event(kind, text, data, not_to=duel.sides)


# --- starting ----------------------------------------------------------------------------------

def begin(state: QuestState, attacker: str, defenders: list[str], cause: str, origin: str | None = None) -> list[Event]:
    """Start a duel against ``defenders[0]``; the rest are fought after it if the attacker wins.
    ``origin``: forcing a way in, the room the attacker came from."""
    defender = defenders[0]
    duel = Duel(attacker, defender, state.players[defender].pos, cause, queue=list(defenders[1:]), origin=origin)
    state.duel = duel  # the flow enters the turn's 'duel' (phases.py) once the action is told
    words = dict(attacker=attacker, defender=defender, room=duel.room)
    mine, theirs, others = {
        "tournament": (_("You challenge {defender}!", **words), _("{attacker} challenges you!", **words),
                       _("{attacker} challenges {defender}!", **words)),
        "bolt": (_("You cast a bolt at {defender}!", **words), _("{attacker} casts a bolt at you!", **words),
                 _("{attacker} casts a bolt at {defender}!", **words)),
        "fight": (_("You force your way into {room} and duel {defender}!", **words),
                  _("{attacker} forces the way into {room} and duels you!", **words),
                  _("{attacker} forces the way into {room} and duels {defender}!", **words)),
        "stay": (_("You fight to stay in {room} and duel {defender}!", **words),
                 _("{attacker} fights to stay in {room} and duels you!", **words),
                 _("{attacker} fights to stay in {room} and duels {defender}!", **words)),
    }[cause]
    ev = t.voiced("duel", {attacker: mine, defender: theirs}, others, attacker=attacker, defender=defender, room=duel.room, cause=cause,
                  rules=state.rules)
    return ev + _open(state)


def _open(state: QuestState) -> list[Event]:
    duel = state.duel
    a, b = state.players[duel.attacker], state.players[duel.defender]
    if duel.cause == "bolt":
        if not any(c in BLOCKS for c in b.objects):
            return _resolve_bolt(state, None)
        duel.stage = "block"
        return [tell(b.name, _("{player}'s bolt flies at you: block it with 'play mace' or 'play shield', "
                               "or 'play none' to take it.", player=a.name), "duel_asked", player=b.name, stage="block")]
    wa, wb = weapons(a), weapons(b)
    if wa and wb:
        duel.left = {a.name: wa, b.name: wb}
        return _next_hand(state)
    if wa or wb:
        winner, loser = (a.name, b.name) if wa else (b.name, a.name)
        own = {loser: _("You have no weapon against {winner}'s and lose at once.", winner=winner),
               winner: _("{loser} has no weapon against yours and loses at once.", loser=loser)}
        return t.voiced("duel_unarmed", own, _("{loser} has no weapon against {winner}'s and loses at once.",
                                                loser=loser, winner=winner),
                        winner=winner, loser=loser) + _finish(state, winner)
    duel.stage = "rps"
    return [_sides(duel, _("Both of you are unarmed: choose 'rock', 'paper' or 'scissors', in secret."),
                   "duel_asked", stage="rps")]


# --- rock, paper, scissors -----------------------------------------------------------------------

def not_asked(state: QuestState, player: str) -> Msg:
    """What the duel waits for, said to a player whose duel verb is not for now (the phase table's
    words: games/quest/phases.py lets 'throw', 'play', 'loot' through only at their stage)."""
    duel = state.duel
    if duel is None:
        return _("There is no duel now.")
    if player not in duel.sides:
        return _("This duel is between {attacker} and {defender}, not you.", attacker=duel.attacker,
                 defender=duel.defender)
    if player not in waiting(duel):
        return _("The duel waits for {players}, not you.", players=t.listing(waiting(duel)))
    return expected(state, player)


def plays(cards) -> Msg:
    """``play sword, play mace``: the commands that play each of ``cards`` (typed words, kept as typed)."""
    return t.commas([_("play {card}", card=t.obj(c)) for c in cards])


def expected(state: QuestState, player: str) -> Msg:
    """What the duel wants from ``player`` now, in words (also the answer to a wrong command)."""
    duel = state.duel
    if duel is None or player not in waiting(duel):
        return _("Nothing is asked of you in this duel.")
    if duel.stage == "rps":
        return _("Choose 'rock', 'paper' or 'scissors'.")
    if duel.stage == "attack":
        return _("Play a weapon: {plays}.", plays=plays(sorted(set(duel.left[player]))))
    if duel.stage == "answer":
        return _("Answer {attacker}'s {card}: {plays}.", attacker=duel.attacker, card=t.obj(duel.played),
                 plays=plays(sorted(set(duel.left[player]))))
    if duel.stage == "block":
        held = [c for c in BLOCKS if c in state.players[player].objects]
        return _("Block the bolt: {plays}, or 'play none'.", plays=plays(held))
    return _("Take one thing from {loser}: 'loot <thing>' ({options}).", loser=duel.loser,
             options=", ".join(loot_options(state.players[duel.loser])))


def do_throw(state: QuestState, player: str, choice: str) -> list[Event]:
    duel = state.duel  # at its rps stage, waiting for this player (the phase table)
    duel.secret[player] = choice
    ev = [tell(player, _("You choose {choice}, in secret.", choice=RPS_WORD[choice]), "rps_chosen", player=player,
               choice=choice),
          Event("rps_chosen", _("{player} has chosen.", player=player), dict(player=player), not_to=(player,))]
    if len(duel.secret) < 2:
        return ev
    a, b = duel.attacker, duel.defender
    ca, cb = duel.secret[a], duel.secret[b]
    duel.secret = {}
    shown = _("{a} shows {ca}, {b} shows {cb}", a=a, ca=RPS_WORD[ca], b=b, cb=RPS_WORD[cb])
    if ca != cb:
        winner = a if RPS_BEATS[ca] == cb else b
        top, under = (ca, cb) if winner == a else (cb, ca)
        beats = _("{shown}: {top} beats {under}, {winner} wins.", shown=shown, top=RPS_WORD[top],
                  under=RPS_WORD[under], winner=winner)
        return ev + [announce(beats, "rps_revealed", choices={a: ca, b: cb},
                              winner=winner)] + _finish(state, winner)
    lighter = _lighter(state, a, b)
    weights = _weights(state, a, b)
    if lighter is None:
        return ev + [announce(_("{shown}: a tie, and they weigh the same ({weights}): they choose again.",
                                shown=shown, weights=weights), "rps_revealed",
                              choices={a: ca, b: cb}, winner=None)]
    return ev + [announce(_("{shown}: a tie, which goes to the lighter player, {lighter} ({weights}).", shown=shown,
                            lighter=lighter, weights=weights),
                          "rps_revealed", choices={a: ca, b: cb}, winner=lighter)] + _finish(state, lighter)


def _weights(state: QuestState, a: str, b: str) -> str:
    """The two weights a tie is settled by, as the players can count them (treasures, gold and the
    weapons shown in the duel): 'ann 3, bot1 2'."""
    return f"{a} {state.players[a].weight}, {b} {state.players[b].weight}"


def _lighter(state: QuestState, a: str, b: str) -> str | None:
    wa, wb = state.players[a].weight, state.players[b].weight
    return None if wa == wb else (a if wa < wb else b)


# --- hands ---------------------------------------------------------------------------------------

def do_play(state: QuestState, player: str, card: str) -> list[Event]:
    duel = state.duel  # at its attack, answer or block stage, waiting for this player (the phase table)
    if duel.stage == "block":
        return _resolve_bolt(state, None if card == "none" else card)
    duel.left[player].remove(card)
    if duel.stage == "attack":
        duel.played = card
        duel.stage = "answer"
        return _pair(duel, player, _("You play {card}.", card=t.a_obj(card)),
                     _("{player} plays {card}.", player=player, card=t.a_obj(card)),
                     "duel_played", player=player, card=card) + [
                _others(duel, _("{player} plays a weapon.", player=player), "duel_played", player=player),
                tell(duel.defender, expected(state, duel.defender), "duel_asked", player=duel.defender,
                     stage="answer")]
    attack = duel.played
    ev = _pair(duel, player, _("You answer with {card}.", card=t.a_obj(card)),
               _("{player} answers with {card}.", player=player, card=t.a_obj(card)),
               "duel_played", player=player, card=card) + [
        _others(duel, _("{player} answers.", player=player), "duel_played", player=player)]
    side = hand_winner(attack, card)
    return ev + _hand(state, {None: None, "attack": duel.attacker, "answer": duel.defender}[side])


def _hand(state: QuestState, winner: str | None) -> list[Event]:
    """Record a hand. Its loser breaks an armour to take it, if they hold one and their standing
    choice is to break (so the duel never pauses on a question that would tell who holds one)."""
    duel = state.duel
    duel.played = None
    duel.hands.append(winner)
    n = len(duel.hands)
    if winner is None:
        return [announce(_("Hand {hand}: the same weapon; nobody takes it.", hand=n), "duel_hand", hand=n,
                         winner=None)] \
            + _next_hand(state)
    ev = [announce(_("Hand {hand} goes to {winner}.", hand=n, winner=winner), "duel_hand", hand=n, winner=winner)]
    loser = state.players[duel.other(winner)]
    if "armour" in loser.objects and loser.armour == "break":
        loser.objects.remove("armour")
        state.objects["armour"] += 1
        duel.hands[-1] = loser.name
        ev.append(announce(_("{player} breaks an armour and takes hand {hand} instead; the armour goes back to "
                             "the object deck.", player=loser.name, hand=n), "armour_broken", player=loser.name, hand=n))
    return ev + _after_hand(state)


ARMOUR_WORDS = {"break": _("From now on you break an armour to take any hand you lose, while you hold one "
                           "(armour break)."),
                "keep": _("From now on you keep your armours: a lost hand stays lost (armour keep).")}


def do_armour(state: QuestState, player: str, policy: str) -> list[Event]:
    """A standing choice, private: break an armour to take a lost hand, or keep it."""
    state.players[player].armour = policy
    return [tell(player, ARMOUR_WORDS[policy], "armour_policy",
                 player=player, policy=policy)]


def _after_hand(state: QuestState) -> list[Event]:
    duel = state.duel
    if duel.cause == "bolt":
        return _finish(state, duel.hands[-1])
    return _next_hand(state)


def _next_hand(state: QuestState) -> list[Event]:
    """The next hand; a player out of cards loses each hand the other can still play."""
    duel = state.duel
    a, b = duel.attacker, duel.defender
    if duel.left[a] and duel.left[b]:
        duel.stage = "attack"
        return [tell(a, _("Hand {hand}. {asked}", hand=len(duel.hands) + 1, asked=expected(state, a)), "duel_asked",
                     player=a,
                     stage="attack")]
    if duel.left[a] or duel.left[b]:
        holder = a if duel.left[a] else b
        card = duel.left[holder].pop(0)
        other = duel.other(holder)
        return _pair(duel, holder, _("You play {card}; {other} has no weapon left.", card=t.a_obj(card), other=other),
                     _("{player} plays {card}; you have no weapon left.", player=holder, card=t.a_obj(card)),
                     "duel_played", player=holder, card=card) + [
            _others(duel, _("{player} plays a weapon; {other} has none left.", player=holder, other=other),
                    "duel_played", player=holder)] \
            + _hand(state, holder)
    wins = Counter(h for h in duel.hands if h)
    if wins[a] != wins[b]:
        winner = a if wins[a] > wins[b] else b
        why = _("The hands are played: {won} hands to {lost}.", won=max(wins[a], wins[b]), lost=min(wins[a], wins[b]))
    else:
        winner = _lighter(state, a, b) or b
        each = _.plural("{n} hand each", "{n} hands each", wins[a]) if wins[a] else _("nobody took a hand")
        weights = _weights(state, a, b)
        why = _("The hands are played: {each}; the lighter wins: {weights}.", each=each, weights=weights) \
            if _lighter(state, a, b) else \
            _("The hands are played: {each}; the same weight: the defender wins: {weights}.", each=each, weights=weights)
    return [announce(why, "duel_hands", results=list(duel.hands), winner=winner)] \
        + _finish(state, winner)


def _resolve_bolt(state: QuestState, block: str | None) -> list[Event]:
    """The bolt's one hand: a mace or shield stops it; else a bible absorbs it; else it strikes."""
    duel = state.duel
    caster, target = duel.attacker, duel.defender
    me = state.players[target]
    if block:
        return [announce(_("{player} stops the bolt with {card}.", player=target, card=t.a_obj(block)),
                         "bolt_blocked", player=target,
                         card=block)] + _hand(state, target)
    if "bible" in me.objects:
        me.objects.remove("bible")
        state.spent.append("bible")
        state.duel = None
        spend_turn(state)
        return [announce(_("{player}'s bible absorbs the bolt and crumbles to dust.", player=target), "bolt_absorbed",
                         player=target)]
    return [announce(_("The bolt strikes {player}.", player=target), "bolt_struck", player=target)] + \
        _hand(state, caster)


# --- the end of a duel -----------------------------------------------------------------------------

def _finish(state: QuestState, winner: str) -> list[Event]:
    duel = state.duel
    loser = duel.other(winner)
    duel.winner, duel.loser, duel.left, duel.played = winner, loser, {}, None
    w, lo = state.players[winner], state.players[loser]
    if w.pos == lo.pos:
        lo.beaten_by = winner
        if w.beaten_by == loser:
            w.beaten_by = None
    ev = t.voiced("duel_won", {winner: _("You win the duel against {loser}.", loser=loser),
                               loser: _("{winner} wins the duel against you.", winner=winner)},
                  _("{winner} wins the duel against {loser}.", winner=winner, loser=loser), winner=winner, loser=loser, room=duel.room,
                  cause=duel.cause, **_beaten(state, duel, winner))
    if duel.cause == "tournament" and w.rank == "knight":
        w.rank = "wizard"
        ev.append(announce(_("{player} wins the tournament and becomes a wizard!", player=winner), "promoted",
                           player=winner,
                           rank="wizard", how="tournament"))
    if lo.owns_nothing:
        lo.wounded = True
        ev.append(announce(_("{player} has nothing to lose and is mortally wounded: only a health potion, before "
                             "{player}'s next turn, can save them.", player=loser), "wounded", player=loser))
        return ev + _after(state)
    duel.stage = "loot"
    options = loot_options(lo)
    ev.append(tell(winner, _("You search {loser}: {options}. Take one thing: 'loot <thing>'.", loser=loser,
                             options=", ".join(options)),
                   "loot_offer", player=winner, loser=loser, options=options))
    return ev


def _beaten(state: QuestState, duel: Duel, winner: str) -> dict:
    """A forced entry's ``beaten``: the occupants the attacker has beaten so far on the way in (each
    now held by them), none when the attacker lost. Other duels: nothing."""
    if duel.cause != "fight":
        return {}
    if winner != duel.attacker:
        return {"beaten": []}
    return {"beaten": [n for n in state.order if n != winner and state.players[n].pos == duel.room
                       and state.players[n].beaten_by == winner and state.players[n].alive]}


def do_loot(state: QuestState, player: str, item: str) -> list[Event]:
    duel = state.duel  # won by this player, at its loot stage (the phase table)
    w, lo = state.players[player], state.players[duel.loser]
    kind, card = ITEM_ALIASES[item]  # one of loot_options' words
    if kind == "gold":
        if not lo.has_bag:
            lo.gold -= 1
        w.gold += 1
        ev = [announce(_("{player} takes a gold coin from {loser}.", player=player, loser=lo.name), "looted",
                       player=player, loser=lo.name,
                       gold=1)]
    elif kind == "key":
        lo.keys.remove(card)
        w.keys.append(card)
        ev = [announce(_("{player} takes {key} from {loser}.", player=player, key=t.key(card), loser=lo.name),
                       "looted", player=player, loser=lo.name,
                       key=card)]
    else:
        pile, mine = (lo.objects, w.objects) if kind == "object" else (lo.treasures, w.treasures)
        pile.remove(card)
        mine.append(card)
        taken = _("{player} takes a card from {loser}.", player=player, loser=lo.name) if kind == "object" else \
            _("{player} takes a treasure from {loser}.", player=player, loser=lo.name)
        ev = _pair(duel, player, _("You take {card} from {loser}.", card=t.a_obj(card), loser=lo.name),
                   _("{player} takes {card} from you.", player=player, card=t.a_obj(card)),
                   "looted", player=player, loser=lo.name, card=card, what=kind) + [
            _others(duel, taken,
                    "looted", player=player, loser=lo.name, what=kind)]
    return with_belongings(state, ev, (player, lo.name)) + _after(state)


def _after(state: QuestState) -> list[Event]:
    """The duel is over: fight the next occupant, else end the move (or the turn): the flow then asks
    for the locked doors crossed or hands the turn over (phases.py)."""
    duel = state.duel
    state.duel = None
    rest = [p for p in duel.queue if state.players[p].alive and state.players[p].pos == duel.room]
    if rest and duel.winner == duel.attacker:
        return begin(state, duel.attacker, rest, duel.cause, duel.origin)
    if duel.cause == "fight":
        ev = _driven_back(state, duel) if duel.winner != duel.attacker else []
        state.turn.steps_left = 0
        end_move(state)
        return ev
    spend_turn(state)
    return []


def _driven_back(state: QuestState, duel: Duel) -> list[Event]:
    """An attacker who forced a way in and lost goes back where they came from: the only way into a
    room without its occupants' consent is to beat every one who did not give it (decision)."""
    me = state.players[duel.attacker]
    if duel.origin is None or not me.alive:
        return []
    me.pos = duel.origin
    me.beaten_by = None  # the room they were beaten in is left behind, and any hold they won there
    for p in state.players.values():
        if p.beaten_by == duel.attacker:
            p.beaten_by = None
    return [announce(_("{player} is driven back to {room}.", player=duel.attacker, room=duel.origin), "driven_back",
                     player=duel.attacker,
                     room=duel.origin, origin=duel.room, wounded=me.wounded)]
