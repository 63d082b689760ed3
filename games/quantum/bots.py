"""Quantum bots, from their own view only (read back into a state with the decks unknown, so they
reason with the game's own rules functions and choose only what the rules accept).

``normal`` plans: it picks the planet it can build on soonest (a set of its ships whose values add
up to the planet's number, fewest moves away), walks those ships onto its orthogonal squares (a 2
ferries a ship that is far, a 3 swaps onto a square an enemy holds, or with a ship of its own when
that saves moves), fixes a wrong sum with a 4, a 6, a reconfigure or a Reorganise, builds, attacks
when the odds favour it (staying beside a planet it could build on), carries off with a 2 an enemy
ship that would build next turn, besieges planets whose squares enemies hold, deploys lost ships
and researches with what is left; it likes some cards better than others, with a whim now and then.
``easy`` does the same only half the time, otherwise something at random, and answers every choice
at random.
"""

from __future__ import annotations

import random

from games.engine import Action
from games.quantum.abilities import attack_targets, carriable, carry_drops, carry_reach, protected
from games.quantum.actions import build_need, buildable, builders, deploy_squares, may_move
from games.quantum.data import COMMANDS, MAX_COMMANDS
from games.quantum.maps import ORTHO
from games.quantum.moves import distances, map_order, move_range
from games.quantum.plans import FAR, best_plan, needed_sum, open_steps, plan_cost, planet_needs
from games.quantum.prompts import legal_actions
from games.quantum.view import state_from_view

CARD_TASTE = ("tactician", "engineer", "swift", "surge", "scholar", "expansion", "overdrive", "sabotage",
              "relocation", "ferocious", "raider", "reorganise", "stubborn", "warden")  # best liked first


def bot_action(view: dict, rng: random.Random, level: str = "normal", memory: dict | None = None) -> Action:
    me = view["you"]
    state = state_from_view(view)
    if state.phase == "play" and not state.pending:
        if level == "easy" and rng.random() < 0.5 and state.turn.actions > 0:
            others = [a for a in legal_actions(state, me, carries=rng.random() < 0.2) if a.verb != "end"]
            if others:
                return rng.choice(others)
        return _turn(state, me, Options(state, me, view)) or Action("end")
    legal = legal_actions(state, me)
    if not legal:
        return Action("end")
    if state.phase == "roll":
        total = sum([s.value for s in state.ships if s.owner == me and s.where == "scrap"][:3])
        if level == "easy":
            return rng.choice(legal)
        return Action("keep") if total <= 11 else Action("reroll")
    if state.phase == "home":
        return legal[0] if level != "easy" else rng.choice(legal)
    return _owed(state, me, legal, rng, level)


class Options:
    """The legal actions of a turn a bot considers, computed only when asked (the same rules
    functions as the game's legal_actions)."""

    def __init__(self, state, me, view):
        self.state, self.me = state, me
        self.left = state.turn.actions
        self.view_moves, self.view_targets = view["moves"], view["targets"]  # the game's own reach_of

    def builds(self) -> list[Action]:
        if self.left < 2:
            return []
        return [Action("build", (p,)) for p in buildable(self.state, self.me)]

    def moves(self, ship) -> list[Action]:
        return [Action("move", (ship.square, d)) for d in self.view_moves.get(ship.square, ())]

    def attacks(self) -> list[Action]:
        return [Action("attack", (sq, t)) for sq, targets in self.view_targets.items() for t in targets]

    def one_attacks(self) -> list[Action]:
        return [Action("use", (s.square, t)) for s in self.state.fleet(self.me)
                if s.value == 1 and s.id not in self.state.turn.used for t in attack_targets(self.state, s)]

    def deploys(self) -> list[Action]:
        if self.left < 1 or not self.state.fleet(self.me, "scrap"):
            return []
        return [Action("deploy", (sq,)) for sq in deploy_squares(self.state, self.me)]


# --- choices owed ------------------------------------------------------------------------------------

def _owed(state, me, legal, rng, level) -> Action:
    kind = state.pending[0]["kind"]
    if level == "easy":
        return rng.choice(legal)
    if kind == "card":
        roll = rng.random()  # now and then a whim: any card, or a fresh six
        if roll < 0.03 and Action("refresh") in legal:
            return Action("refresh")
        if roll < 0.15:
            return rng.choice([a for a in legal if a.verb == "take"] or legal)
        return _card(state, me, legal)
    if kind == "drop":  # the least liked command goes
        return max(legal, key=lambda a: CARD_TASTE.index(a.args[0]))
    if kind == "reorganise":
        return _reorganise(state, me)
    if kind == "advance":  # stay on a square next to a planet it could build on, rather than leave it
        owed, needs = state.pending[0], planet_needs(state, me)
        beside = {sq for p in needs for sq in state.map.orthogonal(p)}
        return Action("stay") if owed["at"] in beside and owed["to"] not in beside else Action("advance")
    return legal[0]


def _card(state, me, legal) -> Action:
    """The best liked face-up card; with three commands held, a command only if it is liked better
    than the worst held (which it replaces); only the least liked left: refresh."""
    held = state.players[me].commands
    worst = max((CARD_TASTE.index(c) for c in held), default=-1)

    def taste(card: str) -> int:
        if card in held or (len(held) >= MAX_COMMANDS and card in COMMANDS and CARD_TASTE.index(card) >= worst):
            return FAR
        return CARD_TASTE.index(card)

    best = min((a for a in legal if a.verb == "take"), key=lambda a: taste(a.args[0]), default=None)
    if best is not None and taste(best.args[0]) < CARD_TASTE.index("stubborn"):
        return best
    return Action("refresh") if Action("refresh") in legal else (best or legal[0])


# --- a turn ---------------------------------------------------------------------------------------------

def _win_chance(state, attacker, defender) -> float:
    a = attacker.value - (1 if state.has_command(attacker.owner, "ferocious") else 0)
    d = defender.value - (1 if state.has_command(defender.owner, "ferocious") else 0)
    tie_wins = not state.has_command(defender.owner, "stubborn")
    wins = sum(1 for x in range(1, 7) for y in range(1, 7) if x + a < y + d or (x + a == y + d and tie_wins))
    return wins / 36


def _turn(state, me, options: Options) -> Action | None:
    turn = state.turn
    builds = options.builds()
    if builds:
        return builds[0]
    occupant = state.occupant()
    for a in options.one_attacks():  # a 1's free attack when the odds favour it
        if _win_chance(state, occupant[a.args[0]], occupant[a.args[1]]) >= 0.5:
            return a
    plan = best_plan(state, me)
    deny = _deny(state, me, options, plan)
    if deny is not None:
        return deny
    if plan is not None:
        step = _plan_step(state, me, options, plan)
        if step is not None:
            return step
    if turn.actions >= 1:
        attack = _good_attack(state, me, options, plan, 0.6 if plan else 0.3)
        if attack is not None:
            return attack
        if plan is None:
            siege = _siege(state, me, options)
            if siege is not None:
                return siege
        deploys = options.deploys()
        if deploys:
            target = plan[0] if plan else None
            return min(deploys, key=lambda a: _distance(state, a.args[0], target))
        if not turn.research_full:
            return Action("research")
    return Action("end")


def _distance(state, square, planet) -> int:
    if planet is None:
        return 0
    sx, sy = state.map.squares[square]
    px, py = state.map.squares[planet]
    return abs(sx - px) + abs(sy - py)


def _plan_step(state, me, options: Options, plan):
    planet, where, moves, diff, group = plan
    turn = state.turn
    occupant = state.occupant()
    in_group = {s.id for s in group}
    if diff:
        for s, _ in where:  # free fixes first: a 4 becomes 3 or 5, a 6 rerolls
            if s.id in turn.used:
                continue
            need = s.value + (needed_sum(state, me, planet) - sum(g.value for g in group))
            if s.value == 4 and need in (3, 5):
                return Action("use", (s.square, str(need)))
            if s.value == 6 and 1 <= need <= 6:
                return Action("use", (s.square,))
    swap = _own_swap(state, me, planet, group)
    if swap is not None:
        return swap
    ferry = _ferry(state, me, options, where)
    if ferry is not None:
        return ferry
    for s, target in where:  # a 3 not yet there swaps with an enemy holding one of the planet's squares
        if s.value == 3 and s.id not in turn.used and s.square != target:
            held = [sq for sq in state.map.orthogonal(planet) if sq in occupant and occupant[sq].owner != me
                    and not protected(state, occupant[sq], me)]
            if held:
                return Action("use", (s.square, held[0]))
    # ships of ours on the planet's orthogonal squares but not in the plan step aside
    for sq in state.map.orthogonal(planet):
        o = occupant.get(sq)
        if o is not None and o.owner == me and o.id not in in_group and may_move(state, o) and turn.actions >= 1:
            away = [a for a in options.moves(o) if a.args[1] not in state.map.orthogonal(planet)]
            if away:
                return away[0]
    for s, target in where:
        if s.square == target or not may_move(state, s) or turn.actions < 1:
            continue
        moves = options.moves(s)
        if not moves:
            continue
        blocked = {o.square for o in state.ships if o.where == "play" and o.id != s.id}
        back = distances(state, target, 40, ORTHO, blocked - {target})
        here = back.get(s.square, (FAR,))[0]
        best = min(moves, key=lambda a: (back.get(a.args[1], (FAR,))[0], a.args[1]))
        if back.get(best.args[1], (FAR,))[0] < here:
            return best
    if diff and turn.actions >= 1:
        need_sum = needed_sum(state, me, planet)
        for s, target in where:
            want = need_sum - (sum(g.value for g in group) - s.value)
            if 1 <= want <= 6 and s.square == target:
                return Action("reconfigure", (s.square,))
        for s, target in where:
            want = need_sum - (sum(g.value for g in group) - s.value)
            if 1 <= want <= 6:
                return Action("reconfigure", (s.square,))
        # no single reroll can fix the sum: reroll the ship that pulls it most the wrong way
        low = sum(g.value for g in group) < need_sum
        s = min(group, key=lambda g: (g.value if low else -g.value, g.id))
        return Action("reconfigure", (s.square,))
    return None


def _ferry(state, me, options: Options, where):
    """A 2 of ours next to a ship of the plan that is still far from its square carries it closer
    (at least two steps nearer), as the 2's move."""
    if options.left < 1:
        return None
    xy = state.map.squares
    for s, target in where:
        here = open_steps(xy[s.square], xy[target], False)
        if here < 3:
            continue
        for two in state.fleet(me):
            if two.value != 2 or two.id == s.id or two.id in state.turn.used or not may_move(state, two) \
                    or s not in carriable(state, two):
                continue
            best = None
            for stop in carry_reach(state, two, s):
                for drop in carry_drops(state, two, s, stop):
                    d = open_steps(xy[drop], xy[target], False)
                    if d <= here - 2 and (best is None or d < best[0]):
                        best = (d, stop, drop)
            if best is not None:
                return Action("use", (two.square, s.square, best[1], best[2]))
    return None


def _reorganise(state, me) -> Action:
    """Reorganise is a free reroll: of the plan's one ship whose new face could make a wrong sum
    exact (what a reconfigure would do, without the action); with the sum right, or no plan, keep."""
    plan = best_plan(state, me)
    if plan is None or not plan[3]:
        return Action("keep")
    planet, where, _, _, group = plan
    need, total = needed_sum(state, me, planet), sum(g.value for g in group)
    for s, _target in where:
        if 1 <= need - (total - s.value) <= 6:
            return Action("reroll", (s.square,))
    return Action("keep")


def _own_swap(state, me, planet, group):
    """A 3 swaps places with a ship of our own when that brings the plan closer for free: a ship of
    the plan lands on the planet's squares (or nearer them), or one not in it leaves them."""
    threes = [s for s in state.fleet(me) if s.value == 3 and s.id not in state.turn.used]
    if not threes:
        return None
    before, best = plan_cost(state, me, planet, group, {}), None
    for three in threes:
        for other in state.fleet(me):
            if other.id == three.id:
                continue
            gain = before - plan_cost(state, me, planet, group, {three.id: other.square, other.id: three.square})
            if gain > 0 and (best is None or gain > best[0]):
                best = (gain, three, other)
    return Action("use", (best[1].square, best[2].square)) if best else None


def _deny(state, me, options: Options, plan):
    """An enemy whose ships around a planet add up to a cube it may build in its next turn: a 2 of
    ours next to one of those ships carries it off, to a square from where it cannot come back in
    one move, so that cube (a card with it, and a step of the race) waits a turn at least. A 2 in
    our plan carries only without leaving its square."""
    if options.left < 1:
        return None
    twos = [s for s in state.fleet(me) if s.value == 2 and s.id not in state.turn.used and may_move(state, s)]
    busy = {s.id: target for s, target in plan[1]} if plan else {}
    twos = [t for t in twos if t.id not in busy or busy[t.id] == t.square]
    xy = state.map.squares
    for enemy in (p for p in state.order if p != me and twos):
        for planet in buildable(state, enemy):
            ships, orth = builders(state, enemy, planet), state.map.orthogonal(planet)
            need, _ = build_need(state, enemy, planet)
            slack = 1 if state.has_command(enemy, "engineer") else 0
            for two in twos:
                for x in carriable(state, two):
                    rest = [s.value for s in ships if s.id != x.id]
                    if x not in ships or (len(rest) >= 2 and abs(sum(rest) - need) <= slack):
                        continue
                    best = None
                    for stop in ([two.square] if two.id in busy else carry_reach(state, two, x)):
                        for drop in carry_drops(state, two, x, stop):
                            far = min(open_steps(xy[drop], xy[sq], x.value == 5) for sq in orth)
                            if far > move_range(state, x) and (best is None or far > best[0]):
                                best = (far, stop, drop)
                    if best is not None:
                        return Action("use", (two.square, x.square, best[1], best[2]))
    return None


def _good_attack(state, me, options: Options, plan, chance: float):
    occupant = state.occupant()
    busy = {s.id for s, _ in plan[1]} if plan else set()
    best = None
    for a in options.attacks():
        ship, enemy = occupant[a.args[0]], occupant[a.args[1]]
        if ship.id in busy:
            continue
        p = _win_chance(state, ship, enemy)
        if p > chance:
            best, chance = a, p
    return best


def _siege(state, me, options: Options):
    """No cube can be planned (enemy ships hold the squares around the planets left): walk the
    strongest ship that can move towards the nearest such enemy ship."""
    occupant = state.occupant()
    enemies = {occupant[sq].square for p in planet_needs(state, me) for sq in state.map.orthogonal(p)
               if sq in occupant and occupant[sq].owner != me}
    if not enemies:
        return None
    beside = {sq for p in planet_needs(state, me) for sq in state.map.orthogonal(p)}
    for ship in state.fleet(me):
        if ship.id in state.turn.used:
            continue
        if ship.value == 3:
            targets = [sq for sq in map_order(state, enemies) if not protected(state, occupant[sq], me)]
            if targets:
                return Action("use", (ship.square, targets[0]))
        if ship.value == 2 and options.left >= 1 and may_move(state, ship):
            for other in carriable(state, ship):
                if other.square in enemies:  # lift it where it blocks nothing
                    drops = [d for d in carry_drops(state, ship, other, ship.square) if d not in beside]
                    if drops:
                        return Action("use", (ship.square, other.square, ship.square, drops[0]))
    for ship in sorted(state.fleet(me), key=lambda s: (s.value, state.map.rank[s.square])):
        moves = options.moves(ship)
        if not moves:
            continue
        blocked = {o.square for o in state.ships if o.where == "play" and o.id != ship.id} - enemies
        best = None
        for target in map_order(state, enemies):
            back = distances(state, target, 40, ORTHO, blocked)
            here = back.get(ship.square, (FAR,))[0]
            for a in moves:
                d = back.get(a.args[1], (FAR,))[0]
                if d < here and (best is None or d < best[0]):
                    best = (d, a)
        if best is not None:
            return best[1]
    return None


def refused(memory: dict, view: dict, action: Action) -> None:
    """The bot reads all it needs from its view; a refusal teaches it nothing more."""
