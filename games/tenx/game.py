"""10x as a :class:`games.engine.Game`: the one object the shell talks to."""

from __future__ import annotations

import random

from games.engine import Action, Event
from games.tenx import bots, rules, show
from games.tenx.help import HELP
from games.tenx.prompts import prompt
from games.tenx.state import TenxState
from games.tenx.verbs import VERBS
from games.tenx.view import view as _view


class TenxGame:
    name = "tenx"
    title = "10x"
    min_players = 2
    max_players = 4
    verbs = VERBS
    help = HELP
    item_words: tuple[str, ...] = ()
    options = {"variant": ("hardcore", "discardall", "critical", "ordered", "pure10", "single", "five", "sevens")}
    screens = {"look": show.render_table, "hand": show.render_hand, "inventory": show.render_hand,
               "quests": show.render_quests, "score": show.render_score}

    def new_match(self, players: list[str], seed: int, options: dict | None = None) -> TenxState:
        return rules.new_match(players, seed, options)

    def opening(self, state: TenxState) -> list[Event]:
        return rules.opening(state)

    def awaiting(self, state: TenxState) -> list[str]:
        return rules.awaiting(state)

    def apply(self, state: TenxState, player: str, action: Action) -> list[Event]:
        return rules.apply(state, player, action)

    def view(self, state: TenxState, player: str | None) -> dict:
        return _view(state, player)

    def is_over(self, state: TenxState) -> bool:
        return state.over

    def winners(self, state: TenxState) -> list[str]:
        return list(state.winners)

    def status(self, view: dict) -> str:
        return show.render_status(view)

    def legal_actions(self, state: TenxState, player: str) -> list[Action]:
        """The answers the prompt offers, as actions (only the player's own cards: nothing hidden)."""
        p = prompt(state, player)
        out = []
        for _, line in (p or {}).get("choices", []):
            verb, *args = line.split()
            if verb == "draw":
                args = args or ["card"]
            out.append(Action(verb, tuple(args)))
        return out

    def bot_action(self, state: TenxState, player: str, rng: random.Random, level: str = "normal",
                   memory: dict | None = None) -> Action:
        return bots.bot_action(_view(state, player), rng, level, memory)

    def bot_refused(self, state: TenxState, player: str, action: Action, memory: dict) -> None:
        bots.refused(memory, _view(state, player), action)


GAME = TenxGame()
