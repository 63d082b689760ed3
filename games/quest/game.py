"""Quest as a :class:`games.engine.Game`: the one object the shell talks to."""

from __future__ import annotations

import random

from games.engine import Action, Event
from games.quest import board, bots, duels, rules, show
from games.quest.fights import holder
from games.quest.data import WEAPONS
from games.quest.help import HELP
from games.quest.items import ITEM_WORDS
from games.quest.state import QuestState
from games.quest.verbs import VERBS
from games.quest.view import view as _view


class QuestGame:
    name = "quest"
    title = "Quest"
    min_players = 1
    max_players = 6
    verbs = VERBS
    help = HELP
    item_words = ITEM_WORDS
    options = {"rules": rules.RULES}
    screens = {"map": show.render_map, "look": show.render_look, "inventory": show.render_inventory,
               "score": show.render_score, "ledger": show.render_ledger,
               "ledger verify": show.render_verify, "notes": show.render_notes}

    def new_match(self, players: list[str], seed: int, options: dict | None = None) -> QuestState:
        return rules.new_match(players, seed, options)

    def opening(self, state: QuestState) -> list[Event]:
        return rules.opening(state)

    def awaiting(self, state: QuestState) -> list[str]:
        return rules.awaiting(state)

    def apply(self, state: QuestState, player: str, action: Action) -> list[Event]:
        return rules.apply(state, player, action)

    def view(self, state: QuestState, player: str | None) -> dict:
        return _view(state, player)

    def is_over(self, state: QuestState) -> bool:
        return state.over

    def winners(self, state: QuestState) -> list[str]:
        return [state.winner] if state.winner else []

    def status(self, view: dict) -> str:
        return show.render_status(view)

    def legal_actions(self, state: QuestState, player: str) -> list[Action]:
        """What the player may try now. Built from public facts and the player's own position, so
        it never tells which doors are open or what a room is."""
        if state.over or player not in state.players:
            return []
        me, turn = state.players[player], state.turn
        if not me.alive:
            return []
        duel = state.duel
        if duel is not None and player in duels.waiting(duel):
            return duel_actions(state, player)
        out: list[Action] = []
        if turn.phase == "consent" and player in turn.consent.waiting:
            out += [Action("allow"), Action("deny")]
        if me.pos in state.floor_keys.values():
            out.append(Action("take", ("key",)))
        if turn.player != player or turn.phase in ("duel",):
            return out
        if turn.phase == "consent":
            return out + [Action("fight"), Action("stop")]
        if turn.phase == "leave":
            return out + [Action("leave", ("open",)), Action("leave", ("closed",))]
        dirs = list(board.exits(me.pos))
        held = holder(state, player)
        if held:
            out.append(Action("fight", (held,)))
        if turn.phase == "start":
            out += [Action("roll"), Action("act")] + [Action("buy", (w,)) for w in WEAPONS]
        if turn.phase == "start" or turn.steps_left > 0:
            out += [Action("move", (d,)) for d in dirs]
        out += [Action("peek")] + [Action("peek", (d,)) for d in dirs]
        out.append(Action("stop"))
        return out

    def bot_action(self, state: QuestState, player: str, rng: random.Random, level: str = "normal",
                   memory: dict | None = None) -> Action:
        return bots.bot_action(_view(state, player), rng, level, memory)

    def bot_refused(self, state: QuestState, player: str, action: Action, memory: dict) -> None:
        bots.refused(memory, _view(state, player), action)


GAME = QuestGame()


def duel_actions(state: QuestState, player: str) -> list[Action]:
    """The answers a duel accepts from ``player`` now (only their own cards: nothing hidden)."""
    duel = state.duel
    if duel.stage == "rps":
        return [Action("throw", (c,)) for c in duels.RPS]
    if duel.stage in ("attack", "answer"):
        return [Action("play", (c,)) for c in sorted(set(duel.left[player]))]
    if duel.stage == "block":
        return [Action("play", (c,)) for c in duels.BLOCKS if c in state.players[player].objects] + \
            [Action("play", ("none",))]
    return [Action("loot", (w,)) for w in duels.loot_options(state.players[duel.loser])]
