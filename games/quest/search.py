"""Quest's hooks for the strong (search) bot: a sampler of the hidden labyrinth and a judge of a
position, both from one player's knowledge alone.

``determinize`` is scramble.py made canonical: every hidden fact is rebuilt from what the player
knows (the room cards not yet seen, how many white and red doors of each colour are open in all,
the cards nobody has shown) and the bot's own rng, never from where the truth happens to lie, so
the true state and any scramble of it give the same sample for the same rng.

``evaluate`` scores the road to the throne (vassal -> knight -> wizard -> king) from the player's
own cards and the others' public rank and card counts, and turns the scores into a share of the
win. It reads the state directly (cheaply) but only fields the player's view shows.
"""

from __future__ import annotations

import math
import pickle
import random
from collections import Counter

from games.engine import Action, GameSpec, Rng
from games.search import SearchHooks
from games.quest import board
from games.quest.board import Room
from games.quest.data import DOOR_MIX, WEAPONS
from games.quest.duels import DUEL_WEAPONS, RPS
from games.quest.state import QuestState


def determinize(state: QuestState, player: str, rng: random.Random) -> QuestState:
    """A full state ``player`` cannot tell from the real one, its hidden facts drawn with ``rng``."""
    s: QuestState = pickle.loads(pickle.dumps(state))
    me = s.players[player]
    if not s.over:  # at the end the map is revealed to all (view.py): only the others' cards stay hidden
        _deal_rooms(s, me.seen, rng)
        _deal_doors(s, me, rng)
    _deal_cards(s, player, rng)
    if s.duel is not None:
        for q in sorted(s.duel.secret):
            if q != player:
                s.duel.secret[q] = rng.choice(RPS)
    s.rng = Rng(rng.getrandbits(64))  # future dice and chests: unknown too
    return s


def _deal_rooms(s: QuestState, seen: set[str], rng: random.Random) -> None:
    """The room cards the player has not seen, in a canonical order, shuffled onto the unseen rooms."""
    unseen = [c for c in board.COORDS if c not in seen]
    cards = sorted((s.rooms[c].location, s.rooms[c].suit) for c in unseen)
    rng.shuffle(cards)
    s.rooms.update({c: Room(loc, suit) for c, (loc, suit) in zip(unseen, cards)})


def _deal_doors(s: QuestState, me, rng: random.Random) -> None:
    """Each colour's unseen doors get what is left of its open faces (the mix is public)."""
    for colour in ("white", "red"):
        known_open, unknown = 0, []
        for e in board.ALL_EDGES:
            d = s.doors[e]
            if d.colour != colour:
                continue
            if e in me.peeked or (colour == "white" and e in s.turned):
                known_open += d.open
            else:
                unknown.append(e)
        opened = min(len(unknown), max(0, DOOR_MIX[colour][1] - known_open))
        chosen = set(rng.sample(unknown, opened))
        for e in unknown:
            s.doors[e].open = e in chosen


def _deal_cards(s: QuestState, player: str, rng: random.Random) -> None:
    """Cards the player has not seen (the others' and the decks'), dealt again in the same numbers.

    A loser the player is looting has shown their things: they keep them. A duellist's weapons
    still to play are taken from what that duellist is dealt (as many as they have left)."""
    known = {s.duel.loser} if s.duel and s.duel.stage == "loot" and s.duel.winner == player else set()
    others = [s.players[q] for q in s.order if q != player and q not in known]
    objects = sorted(Counter(s.objects).elements()) + sorted(c for o in others for c in o.objects)
    objects.sort()
    rng.shuffle(objects)
    for o in others:
        n = len(o.objects)
        o.objects, objects = objects[:n], objects[n:]
    s.objects = {card: 0 for card in s.objects} | dict(Counter(objects))
    treasures = sorted(s.treasures + [c for o in others for c in o.treasures])
    rng.shuffle(treasures)
    for o in others:
        n = len(o.treasures)
        o.treasures, treasures = treasures[:n], treasures[n:]
    s.treasures = treasures
    duel = s.duel
    if duel is not None and duel.left:
        for q in duel.sides:
            if q != player and q in duel.left:
                have = sorted(c for c in s.players[q].objects if c in DUEL_WEAPONS)[:len(duel.left[q])]
                while len(have) < len(duel.left[q]):  # armed, as the duel shows: with what, unknown
                    have.append(rng.choice(DUEL_WEAPONS))
                duel.left[q] = sorted(have)


# --- evaluation --------------------------------------------------------------------------------

RANK_SCORE = {"vassal": 0.0, "knight": 3.0, "wizard": 5.0}
SHARPNESS = 1.2  # how strongly one point of progress turns into a share of the win


def progress(state: QuestState, name: str, viewer: str) -> float:
    """How far along the road to the throne ``name`` is, as ``viewer`` can tell: their own cards
    in full, another's rank, card counts and gold."""
    p = state.players[name]
    if not p.alive:
        return -10.0
    score = RANK_SCORE[p.rank]
    if state.rules == "basic" and p.rank != "vassal":
        return 10.0
    if name == viewer:
        objs = set(p.objects)
        if p.rank == "vassal":
            if objs & {"head", "damsel"}:
                score += 2.0
            elif objs & {"sword", "rope"}:
                score += 1.0
            elif p.gold or p.has_bag:
                score += 0.3
        elif p.rank == "wizard" and "bible" in objs:
            score += 1.5
        score += 0.15 * min(2, sum(o in WEAPONS for o in p.objects))
    else:
        cards = len(p.objects)
        if p.rank == "vassal":
            score += min(1.6, 0.8 * cards) + (0.3 if p.gold or p.treasures else 0.0)
        elif p.rank == "wizard":
            score += min(1.0, 0.4 * cards)
        else:
            score += min(0.6, 0.2 * cards)
    score += 0.1 * min(2, len(p.treasures)) + 0.05 * min(3, p.gold)
    if p.wounded:
        score -= 1.5
    return score


def evaluate(state: QuestState, player: str) -> float:
    """The player's share of the win, 1 when they have won, 0 when another has or they are dead."""
    if state.winner is not None:
        return 1.0 if state.winner == player else 0.0
    if not state.players[player].alive:
        return 0.0
    mine = progress(state, player, player)
    total = 0.0
    for q in state.order:
        if state.players[q].alive:
            total += math.exp(SHARPNESS * (progress(state, q, player) - mine))
    return 1.0 / total


def candidates(game: GameSpec, state: QuestState, player: str) -> list[Action]:
    """The moves worth a search, from the player's view alone: in a duel, at a door someone keeps
    shut and over a beaten rival's things, every choice (fights decide Quest); at the start of a
    turn, the normal bot's plan against a bolt at each player in reach, a fight to stay where the
    player was beaten or a tournament (forcing a way into a room next door stays the plan's to
    choose, as before; free actions, sight and the crystal ball are never weighed); elsewhere --
    the steps of a walk, rock-paper-scissors, where reasoning beats no coin toss -- the normal bot's
    choice alone, found at once."""
    legal = [a for a in game.legal_actions(state, player) if not game.is_free(a)]  # no notes, no gifts
    plan = game.bot_action(state, player, random.Random(0), "normal", {"plan_only": True, "sharp": True})
    duel, turn = state.duel, state.turn
    if duel is not None and player in duel.sides and duel.stage in ("attack", "answer", "loot", "block"):
        return [a for a in legal if a.verb in ("play", "loot")]
    if turn.phase == "consent" and turn.consent is not None and player in turn.consent.waiting:
        return [a for a in legal if a.verb in ("allow", "deny")]
    if turn.player != player:
        return [plan]
    if turn.phase == "consent":
        return [a for a in legal if a.verb in ("fight", "stop")]
    if turn.phase == "start":  # a bolt, a fight to stay or a tournament (sight scores as a lost turn)
        extra = [a for a in legal if (a.verb == "fight" and a.args[:1] != (None,)) or a.args[:1] == ("bolt",)]
        return list(dict.fromkeys([plan] + extra))
    return [plan]


SEARCH = SearchHooks(determinize, evaluate, rollout_level="normal", depth=30, iterations=40, budget_ms=900.0,
                     candidates=candidates)
