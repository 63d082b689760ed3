"""No hidden information reaches a player who should not have it.

Over many seeded games (bots, and 'chaotic' seats that also give cards, refuse entry and try illegal
things) a watcher keeps, independently of the game's own bookkeeping, what each player may know:
the rooms they stood on, the red doors they looked at (peek, or trying to walk through), the white
doors anyone turned. Then, for every player P, it checks every event P may see (text and data),
P's session text, P's view, P's screens and completion lists, and the refusals P gets when trying
things: none reveals a room P never stood on, a red door P never peeked, or another player's cards.
The strongest check is non-interference: scrambling everything P may not know (unseen rooms,
unpeeked doors, the other players' hands) must not change P's view, nor whether and why P's
actions are refused."""

from __future__ import annotations

import json
import pickle
import random
import re
import sys

import pytest

from games.engine import Action, Event, RuleError
from games.quest import GAME, board, show
from games.quest.board import Room
from games.quest.data import OBJECT_DECK, OBJECT_NAMES, TREASURES
from mud.shell.table import Table
from tests.seating import Typist, seated
from tests.games.quest.quest_games import play

BOT_SEEDS = range(300, 330)
CHAOS_SEEDS = range(2000, 2030)
VIEW_EVERY = 2  # views checked every this many published batches (and at the end)
DEEP_EVERY = 24  # non-interference probes every this many published batches

CARD_NAMES = sorted({n.lower() for n in OBJECT_NAMES.values()} | set(TREASURES))
CARD_TEXT = re.compile(r"\b(" + "|".join(re.escape(n) for n in CARD_NAMES) + r")s?\b", re.I)
CARD_VALUES = set(OBJECT_DECK) | set(TREASURES) | set(CARD_NAMES)
CARD_JSON = re.compile('"(' + "|".join(re.escape(v) for v in sorted(CARD_VALUES)) + ')"')
LOCATION_TEXT = re.compile(r"\b(castles?|deserts?|forests?|city|cities|towers?|fields?|church(es)?|convent|"
                           r"countryside|ports?|caves?|mars|difficulty)\b", re.I)
COORD = re.compile(r"\b[A-E][1-8]\b")
FACE_TEXT = re.compile(r"\b(open|closed)\b", re.I)
EDGES = {board.edge_name(e): e for e in board.ALL_EDGES}
COMPLETE = ["", "m", "g", "p", "give ", "give bot2 ", "give bot2 r", "give bot2 1 ", "give r", "peek ",
            "move ", "buy ", "take ", "leave ", "act ", "tell ", "allow ", "help ", "l", "b"]
SCREENS = ["look", "map", "score", "ledger", "who", "inventory", "commands"]
OWN = ["buy ", "buy s", "move ", "peek "]  # completions drawn from the player's own legal answers too


def _dicts(data):
    if isinstance(data, dict):
        yield data
        for v in data.values():
            yield from _dicts(v)
    elif isinstance(data, (list, tuple)):
        for v in data:
            yield from _dicts(v)


def _strings(data):
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for k, v in data.items():
            yield from _strings(k)
            yield from _strings(v)
    elif isinstance(data, (list, tuple, set)):
        for v in data:
            yield from _strings(v)


def _probes(state, player) -> list[Action]:
    others = [p for p in state.order if p != player]
    out = [Action("move", (d,)) for d in "nesw"] + [Action("peek"), Action("peek", ("n",)), Action("act"),
                                                   Action("act", ("head",)), Action("buy", ("sword",)),
                                                   Action("take", ("key",)), Action("leave", ("open",)),
                                                   Action("allow"), Action("deny"), Action("stop"),
                                                   Action("roll")]
    out += [Action("give", (others[0], 1, item)) for item in ("rope", "gold", "black key", "silver key")]
    out += [Action("throw", ("rock",)), Action("play", ("sword",)), Action("play", ("none",)), Action("armour", ("keep",)),
            Action("loot", ("rope",)), Action("loot", ("gold",)), Action("fight"),
            Action("fight", (others[0],)), Action("heal", (others[0],)), Action("cast", ("sight", "C4")),
            Action("cast", ("bolt", others[0])), Action("scry", (others[0],))]
    return out


SHOWN_TO_DUELLISTS = ("duel_played", "looted", "loot_offer")  # cards a duel shows its two sides
# Cards the rules make public when they are used: a broken armour, a block, a bible absorbing a
# bolt, a potion (and the words of a wound, which name the potion that could save it).
USED_IN_PUBLIC = {"armour_broken": {"armour"}, "bolt_blocked": {"mace", "shield"}, "bolt_absorbed": {"bible"},
                  "healed": {"health potion"}, "wounded": {"health potion"}}


class Watcher:
    """What each player may know, kept from positions and accepted actions alone."""

    def __init__(self, seed: int):
        self.rng = random.Random(f"leaks/{seed}")
        self.seen: dict[str, set] = {}
        self.peeked: dict[str, set] = {}
        self.turned: set = set()
        self.checked = 0
        self.batches = 0
        self.revealed = False
        self.sessions: dict[str, Typist] = {}  # each player's own session at the real loop
        self.shown: dict[str | None, list] = {}  # what each read of it (None: the spectator)
        self.completions: dict[bool, dict[str, list[str]]] | None = None  # by whether the match is over
        self.table: Table | None = None
        self.deep_checks = 0

    # --- keeping knowledge -------------------------------------------------------------------
    def attach(self, table: Table) -> None:
        self.table = table
        for p in table.players:
            self.seen[p] = {table.state.players[p].pos}
            self.peeked[p] = set()
        *mine, self.spectator = seated(table, *table.players, "watcher", bot_seats=True)
        self.sessions = dict(zip(table.players, mine))
        self.shown = {p: [] for p in (*table.players, None)}

    def on_accept(self, rec, state) -> None:
        """A player learns a door's face by peeking at it or by trying to walk through it (or to
        force it, or to send a bolt through it); a room and its doors by the crystal ball or sight."""
        verb, args, me = rec.action.verb, rec.action.args, rec.player
        pos = rec.pre.pos[me]
        if verb == "scry" or (verb == "cast" and args[0] == "sight"):
            room = rec.pre.pos[args[0]] if verb == "scry" else args[1]
            self.seen[me].add(room)
            for nb in board.exits(room).values():
                colour = state.doors[board.edge(room, nb)].colour
                if colour == "red":
                    self.peeked[me].add(board.edge(room, nb))
                elif colour == "white":  # a white door once seen is turned for everyone
                    self.turned.add(board.edge(room, nb))
            return
        if verb == "cast" and args[1] in rec.pre.pos and rec.pre.pos[args[1]] != pos:
            nb = rec.pre.pos[args[1]]
            e = board.edge(pos, nb)
            door = state.doors[e]
            if door.colour in ("red", "white") and not door.open:
                (self.peeked[me].add(e) if door.colour == "red" else self.turned.add(e))
            return
        if verb == "fight":
            target = args[0] if args else None
            d = args[1] if len(args) > 1 else None
            if target and rec.pre.pos.get(target) != pos:
                d = next((k for k, nb in board.exits(pos).items() if nb == rec.pre.pos.get(target)), None)
            if d is None:
                d = next((e.data.get("dir") for e in rec.events if e.kind == "moved" and e.data.get("player") == me),
                         None)
            if d is None:
                return
            args = (d,)
            verb = "move"
        if verb not in ("peek", "move"):
            return
        dirs = [args[0]] if args and args[0] else list(board.exits(pos))
        for d in dirs:
            nb = board.neighbour(pos, d)
            if nb is None:
                continue
            e = board.edge(pos, nb)
            colour = state.doors[e].colour
            if colour == "red":
                self.peeked[me].add(e)
            elif colour == "white":
                self.turned.add(e)

    def on_publish(self, table: Table) -> None:
        self.read()
        state = table.state
        for p in table.players:
            self.seen[p].add(state.players[p].pos)
        new = table.events[self.checked:]
        self.checked = len(table.events)
        for e in new:
            if e.kind == "revealed":
                self.revealed = True
            for p in table.players:
                if e.visible_to(p):
                    self.check_event(state, e, p)
            assert e.to == () or e.visible_to(None) == (e.to is None), "spectators see only public events"
        self.batches += 1
        if self.batches % VIEW_EVERY == 0 or table.over:
            self.check_views(table)
        if self.batches % DEEP_EVERY == 0 and not table.over:
            self.deep_check(table)

    def read(self) -> None:
        """Everyone reads their screen (a session keeps only so many unread lines)."""
        for p, session in [*self.sessions.items(), (None, self.spectator)]:
            self.shown[p] += session.drain()

    # --- events ------------------------------------------------------------------------------
    def _sanctioned(self, state, e: Event, p: str) -> bool:
        """Public consequences the rules allow (rules/quest.md, Acting): a coin earned in a city, a
        chest found in a forest, a knighthood at a castle."""
        d = e.data
        return (e.kind == "acted" and d.get("success") and d.get("player") != p
                and state.rooms[d["room"]].location in ("city", "forest", "castle"))

    def check_event(self, state, e: Event, p: str) -> None:
        where = f"{p} sees {e.kind}: {str(e.text)!r} {e.data}"
        names = {m.lower() for m in CARD_TEXT.findall(str(e.text))}
        names |= {s for s in _strings(e.data) if s in CARD_VALUES}
        if names:
            own = e.to is not None and p in e.to and p in (e.data.get("player"), e.data.get("to_player"))
            shown_key = e.kind == "door_unlocked" and names <= {"black key"}
            in_duel = e.kind in SHOWN_TO_DUELLISTS and e.to is not None and p in e.to and len(e.to) <= 2
            used = names <= USED_IN_PUBLIC.get(e.kind, set())
            assert own or shown_key or in_duel or used, f"card leak: {names}: {where}"
        scried = e.kind == "scried" and e.to == (p,) and e.data.get("player") == p
        assert "hands" not in e.data and (scried or ("objects" not in e.data and "treasures" not in e.data)), where
        if e.kind == "rps_chosen" and "choice" in e.data:
            assert e.to == (p,) and e.data["player"] == p, f"a secret choice told to another: {where}"
        if self.revealed:
            return
        for d in _dicts(e.data):
            if "location" in d or "difficulty" in d:
                assert d.get("room") in self.seen[p], f"room leak: {where}"
            if "rooms" in d:
                assert set(d["rooms"]) <= self.seen[p], f"room leak: {where}"
        coords = COORD.findall(str(e.text))
        if LOCATION_TEXT.search(str(e.text)) and not self._sanctioned(state, e, p):
            assert coords and set(coords) <= self.seen[p], f"room leak in text: {where}"
        door = self._door_of(e) if e.kind != "marked" else None  # a mark is the player's own guess, not the door
        if door is not None and state.doors[door].colour == "red":
            if "face" in e.data or FACE_TEXT.search(str(e.text)):
                assert e.to == (p,) and door in self.peeked[p], f"red door leak: {where}"
        if "face" in e.data and door is not None and state.doors[door].colour == "white":
            assert door in self.turned, f"white door face before it was turned: {where}"

    @staticmethod
    def _door_of(e: Event):
        if "door" in e.data:
            return EDGES[e.data["door"]]
        if "room" in e.data and "dir" in e.data:
            nb = board.neighbour(e.data["room"], e.data["dir"])
            return board.edge(e.data["room"], nb) if nb else None
        return None

    # --- views, screens, completion ----------------------------------------------------------
    def check_views(self, table: Table) -> None:
        state = table.state
        for p, session in self.sessions.items():
            v = session.game_view()
            assert "hands" not in v and "objects_left" not in v
            me = state.players[p]
            assert me.seen == self.seen[p], "the game's idea of what P saw is what P stood on"
            assert me.peeked <= self.peeked[p]
            assert v["me"]["objects"] == sorted(me.objects) and v["me"]["treasures"] == sorted(me.treasures)
            public = {k: val for k, val in v.items() if k not in ("me", "prompt", "duel")}
            leaked = set(CARD_JSON.findall(json.dumps(public)))
            assert not leaked, f"{p}'s view names cards outside their hand: {leaked}"
            self.check_duel_view(state, p, v)
            if table.over:
                assert set(v["rooms"]) == set(board.COORDS)
                continue
            assert set(v["rooms"]) == self.seen[p], f"{p}'s view knows rooms {set(v['rooms']) - self.seen[p]}"
            for name, door in v["doors"].items():
                e = EDGES[name]
                if door["colour"] == "red":
                    assert (door["face"] != "unknown") == (e in self.peeked[p]), (p, name, door)
                elif door["colour"] == "white":
                    assert (door["face"] != "unknown") == (e in self.turned or e in self.peeked[p]), (p, name, door)
        if not table.over:
            sv = self.spectator.game_view()
            assert sv["rooms"] == {} and "me" not in sv
            assert all(d["face"] != "unknown" or d["colour"] in ("red", "white") for d in sv["doors"].values())
            assert not any(d["face"] in ("open", "closed") for n, d in sv["doors"].items()
                           if d["colour"] == "red"), "a spectator knows a red door"

    @staticmethod
    def check_duel_view(state, p: str, v: dict) -> None:
        """The duel in P's view: P's own cards and choice; the attacker's card of this hand when P
        fights; the loser's belongings when P won; nothing of it for anyone else."""
        duel = state.duel
        mine = set(state.players[p].objects) | set(state.players[p].treasures)
        allowed = set(mine)
        if duel is not None and p in duel.sides:
            allowed |= {duel.played} if duel.played else set()
            if duel.stage == "loot" and p == duel.winner:
                lo = state.players[duel.loser]
                allowed |= set(lo.objects) | set(lo.treasures)
        shown = set(CARD_JSON.findall(json.dumps({"duel": v.get("duel"), "prompt": v.get("prompt")})))
        shown = {n for n in shown if n in CARD_VALUES}
        words = {o: k for k, o in OBJECT_NAMES.items()}
        shown = {words.get(n, n) for n in shown}
        assert shown <= allowed, f"{p}'s duel view or prompt names {shown - allowed}: {v.get('duel')} {v.get('prompt')}"
        if duel is not None and v.get("duel"):
            other = duel.other(p) if p in duel.sides else None
            assert "secret" not in v["duel"] and (other is None or v["duel"].get("mine") != duel.secret.get(other)
                                                  or duel.secret.get(other) == duel.secret.get(p))

    def check_screens(self, p: str) -> None:
        session, me = self.sessions[p], self.table.state.players[p]
        mine = {OBJECT_NAMES[o].lower() for o in me.objects} | {t for t in me.treasures}
        if me.wounded:
            mine.add("health potion")  # "only a health potion ... saves you": a reminder, not a card held
        for name in SCREENS:
            text = "\n".join(line.text for line in session.answer(name))
            found = {m.lower() for m in CARD_TEXT.findall(text)}
            if name == "inventory":
                assert found <= mine, (p, found, mine)
            elif name != "commands":
                assert not found, f"{name} screen of {p} names cards: {found}"
            if name in ("score", "who", "ledger"):
                assert not LOCATION_TEXT.search(text), f"{name} screen of {p} names a location: {text}"
        view = self.table.view(p)
        marks = show.player_marks(view)
        crowded = [room for room in view["rooms"] if len(show.room_marks(view, room, marks)) > 1]
        known = len(view["rooms"]) - len(crowded)  # a crowded room shows its marks in place of its name
        assert len(re.findall(r"(?:Ca|De|Fo|Ci|To|Fi|Ch|Co|Po|Dr)[1-4]", "\n".join(
            line.text for line in session.answer("map")))) == known

    def check_completion(self) -> None:
        """Completion is the same for everyone and all game long (and after its end), but for the player's own name
        (never offered to them) and their own legal answers ('buy ', checked under a scramble in
        deep_check)."""
        names = set(self.sessions)
        got = {}
        for p, session in self.sessions.items():
            words = {prefix: session.complete(prefix) for prefix in COMPLETE if prefix not in OWN}
            assert not any(p in offered for offered in words.values()), f"{p} is offered as a target"
            got[p] = {prefix: [w for w in offered if w not in names] for prefix, offered in words.items()}
        first = next(iter(got.values()))
        assert all(g == first for g in got.values()), "completion depends on who asks"
        if self.completions is None:
            self.completions = {}
        # the same all game long; at its (public) end the room's verbs come back, the same for all
        expected = self.completions.setdefault(self.table.over, first)
        assert first == expected, "completion changes with the game's hidden course"

    @staticmethod
    def check_own_completion(state, other, p: str) -> None:
        """What completion draws from a player's legal answers does not depend on hidden facts."""
        def session(s) -> Typist:
            table = Table(GAME, [], list(s.order), 0)
            table.state = s
            return seated(table, p, bot_seats=True)[0]
        real, fake = session(state), session(other)
        for prefix in OWN:
            assert real.complete(prefix) == fake.complete(prefix), f"{p}: '{prefix}' completion leaks"

    # --- non-interference --------------------------------------------------------------------
    def scrambled(self, state, p: str):
        """A copy of the state where everything hidden from ``p`` is shuffled."""
        s = clone(state)
        unseen = [c for c in board.COORDS if c not in self.seen[p]]
        cards = [s.rooms[c] for c in unseen]
        self.rng.shuffle(cards)
        s.rooms.update({c: Room(r.location, r.suit) for c, r in zip(unseen, cards)})
        for e, d in s.doors.items():
            if (d.colour == "red" and e not in self.peeked[p]) or (
                    d.colour == "white" and e not in self.turned and e not in self.peeked[p]):
                d.open = self.rng.random() < 0.5
        known = {s.duel.loser} if s.duel and s.duel.stage == "loot" and s.duel.winner == p else set()
        others = [s.players[q] for q in s.order if q != p and q not in known]
        if s.duel is not None:
            for q in s.duel.secret:
                if q != p:
                    s.duel.secret[q] = self.rng.choice(["rock", "paper", "scissors"])
        for pile in ("objects", "treasures"):
            pool = [c for o in others for c in getattr(o, pile)]
            self.rng.shuffle(pool)
            for o in others:
                n = len(getattr(o, pile))
                setattr(o, pile, pool[:n])
                pool = pool[n:]
        return s

    def deep_check(self, table: Table) -> None:
        self.deep_checks += 1
        state = table.state
        self.check_completion()
        for p in table.players:
            self.check_screens(p)
            other = self.scrambled(state, p)
            va, vb = GAME.view(other, p), GAME.view(state, p)
            diff = {k: (va["doors"][k], vb["doors"][k]) for k in va["doors"] if va["doors"][k] != vb["doors"][k]}
            assert va == vb, f"{p}'s view depends on hidden facts {diff} {table.log[-3:]}"
            assert GAME.legal_actions(other, p) == GAME.legal_actions(state, p), "legal actions leak"
            self.check_own_completion(state, other, p)
            memory = getattr(table, "_memory", {}).get(p, {})
            bot = [GAME.bot_action(s, p, random.Random(7), "normal", pickle.loads(pickle.dumps(memory)))
                   for s in (state, other)]
            assert bot[0] == bot[1], f"the bot in {p}'s seat decides on facts hidden from it: {bot}"
            real, fake = clone(state), clone(other)
            for action in _probes(state, p):
                a, b = _outcome(real, p, action), _outcome(fake, p, action)
                assert a[0] == b[0], f"{p} {action}: accepted in one world, refused in the other: {a} {b}"
                assert a == b or a[0] == "ok", f"{p} {action}: the refusal depends on hidden facts: {a} {b}"
                if a[0] == "error":
                    self.check_refusal(state, p, action, a[1])
                if a[0] == "ok" or b[0] == "ok":
                    real, fake = clone(state), clone(other)

    def check_refusal(self, state, p: str, action: Action, text: str) -> None:
        assert "\n" not in text and len(text) <= 200, text
        public = {q.pos for q in state.players.values()} | set(state.floor_keys.values()) | state.turn.refused
        assert set(COORD.findall(text)) <= self.seen[p] | public, text
        if "red door" in text and FACE_TEXT.search(text) and action.verb in ("move", "peek"):
            pos = state.players[p].pos
            nb = board.neighbour(pos, action.args[0])
            assert board.edge(pos, nb) in self.peeked[p], f"refusal tells {p} an unpeeked red door: {text}"

    def finish(self, table: Table) -> None:
        self.read()
        for p in self.sessions:
            expected = [str(e.text) for e in table.events if e.visible_to(p)]
            shown = [line.text for line in self.shown[p]]
            if shown and shown[-1].startswith("*** Game over: "):
                shown.pop()  # the world's word on what comes next, after the game's last event
            assert shown == expected
            self.check_screens(p)
        *watched, end = [line.text for line in self.shown[None]]
        assert watched == [str(e.text) for e in table.events if e.to is None]
        assert end.startswith("The match at table ") and end.endswith(" is over: 'leave' stops watching.")
        self.check_completion()


def clone(state):
    """A deep copy (pickling is twice as fast as copy.deepcopy here)."""
    return pickle.loads(pickle.dumps(state))


def _outcome(state, player, action):
    try:
        GAME.apply(state, player, action)
    except RuleError as err:
        return ("error", str(err))
    return ("ok", None)


def watched_game(seed: int, chaos: float = 0.0, rules: str = "basic") -> Watcher:
    w = Watcher(seed)
    table, _ = play(seed, chaos=chaos, on_accept=w.on_accept, listener=w.on_publish, sessions=w.attach,
                    options={"rules": rules})
    assert table.over
    w.finish(table)
    assert w.deep_checks > 0
    return w


@pytest.mark.parametrize("seeds", [BOT_SEEDS[i:i + 10] for i in range(0, len(BOT_SEEDS), 10)],
                         ids=lambda s: f"{s[0]}-{s[-1]}")
def test_no_leaks_in_bot_games(seeds):
    for seed in seeds:
        watched_game(seed)


SWEEP_SEEDS = range(5000, 5170)  # with BOT_SEEDS: leak checks over 200 seeded bot games


@pytest.mark.slow
@pytest.mark.parametrize("seeds", [SWEEP_SEEDS[i:i + 34] for i in range(0, len(SWEEP_SEEDS), 34)],
                         ids=lambda s: f"{s[0]}-{s[-1]}")
def test_no_leaks_in_a_wide_sweep_of_bot_games(seeds, monkeypatch):
    """Every event and text checked as above; views and non-interference probes sampled more thinly."""
    module = sys.modules[__name__]
    monkeypatch.setattr(module, "VIEW_EVERY", 10)
    monkeypatch.setattr(module, "DEEP_EVERY", 40)
    for seed in seeds:
        watched_game(seed)


@pytest.mark.parametrize("seeds", [CHAOS_SEEDS[i:i + 10] for i in range(0, len(CHAOS_SEEDS), 10)],
                         ids=lambda s: f"{s[0]}-{s[-1]}")
def test_no_leaks_in_chaotic_games(seeds):
    for seed in seeds:
        watched_game(seed, chaos=0.45)


FULL_SEEDS = range(7000, 7040)  # full games: duels, loot, wounds, spells, the crystal ball


@pytest.mark.parametrize("seeds", [FULL_SEEDS[i:i + 10] for i in range(0, len(FULL_SEEDS), 10)],
                         ids=lambda s: f"{s[0]}-{s[-1]}")
def test_no_leaks_in_full_games(seeds, monkeypatch):
    module = sys.modules[__name__]
    monkeypatch.setattr(module, "VIEW_EVERY", 4)
    monkeypatch.setattr(module, "DEEP_EVERY", 30)
    for seed in seeds:
        watched_game(seed, chaos=0.2 if seed % 2 else 0.0, rules="full")
