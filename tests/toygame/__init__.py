"""A toy game defined only under tests/: the proof that a game needs no line of mud/.

Guess the number: each player holds a secret number from 1 to 6 (the one hidden fact). In turn, a
player guesses another's number; a right guess scores a point and deals that player a new secret
number. First to 3 points wins. The shell learns all of it from GAME alone.

Its events, refusals and screens are messages of its own domain (``toy``, catalogues in locale/):
the proof that a game from outside brings its translations with it (docs/i18n.md).
"""

from __future__ import annotations

import pickle
from dataclasses import dataclass, field
from pathlib import Path

from games.engine import Action, GameSpec, Option, Place, Rng, Verb, announce, forms, tell
from games.search import SearchHooks, copy_state, reseed
from games.words import Words

_ = Words("toy", Path(__file__).resolve().parent / "locale")

TARGET = 3


@dataclass
class Toy:
    order: list[str]
    rng: Rng
    secret: dict[str, int] = field(default_factory=dict)
    points: dict[str, int] = field(default_factory=dict)
    turn: int = 0
    faces: int = 6

    @property
    def player(self) -> str:
        return self.order[self.turn % len(self.order)]

    def winner(self) -> list[str]:
        return [p for p in self.order if self.points[p] >= TARGET]


def new_match(players, seed, options=None):
    options = options or {}
    faces = int(options.get("faces", "6"))
    s = Toy(list(players), Rng(seed), faces=faces)
    s.points = {p: 0 for p in players}
    s.secret = {p: s.rng.die(faces) for p in players}
    return s


def opening(s):
    return [announce(_("Guess the number: 1-{faces}, first to {target}.", faces=s.faces, target=TARGET), "setup")] + [
        tell(p, _("Your secret number is {number}.", number=n), "dealt", number=n) for p, n in s.secret.items()]


def why_not(s, player, action):
    """The refusals, in one place: ``apply`` asks only for an action that is not legal."""
    other, number = (action.args + (None, None))[:2]
    if player != s.player:
        return _("It is {player}'s turn.", player=s.player)
    if other == player or other not in s.secret:
        return _("Guess another player's number.")
    if not isinstance(number, int) or not 1 <= number <= s.faces:  # a NUMBER slot gives an int
        return _("A number from 1 to {faces}.", faces=s.faces)
    return None


def do_guess(s, player, other, number):
    """Carries a legal guess out (``apply`` checked it)."""
    s.turn += 1
    if s.secret[other] != int(number):
        return [announce(_("{player} guesses {number} for {other}: wrong.", player=player, number=number, other=other),
                         "missed")]
    s.points[player] += 1
    s.secret[other] = s.rng.die(s.faces)
    return [announce(_("{player} guesses {other}'s {number}: right!", player=player, other=other, number=number), "hit"),
            tell(other, _("Your new secret number is {number}.", number=s.secret[other]), "dealt", number=s.secret[other])]


def legal(s, p):
    if s.winner() or p != s.player:
        return []
    return [Action("guess", (o, n)) for o in s.order if o != p for n in range(1, s.faces + 1)]


def legal_of(s, p, verb):
    return legal(s, p) if verb == "guess" else []


def view(s, who):
    out = {"points": dict(s.points), "turn": s.player, "faces": s.faces}
    if who in s.secret:
        out["mine"] = s.secret[who]
    if who is None:
        out["secrets"] = dict(s.secret)
    return out


def scramble(s, player, rng):
    s = pickle.loads(pickle.dumps(s))
    for p in s.secret:
        if p != player:
            s.secret[p] = rng.randint(1, s.faces)
    return s


def determinize(s, player, rng):
    """The others' numbers drawn afresh (nothing of them is known), and a new future."""
    s = copy_state(s)
    for p in s.order:
        if p != player:
            s.secret[p] = rng.randint(1, s.faces)
    reseed(s, rng)
    return s


def evaluate(s, player):
    """Points towards the target, against the best of the others."""
    best = max(n for p, n in s.points.items() if p != player)
    return (1 + (s.points[player] - best) / TARGET) / 2


def bot(view, rng, level, memory):
    me = view["you"]
    others = [p for p in view["points"] if p != me]
    return Action("guess", (rng.choice(others), rng.randint(1, view["faces"])))


GAME = GameSpec(
    name="toy", title="Toy", min_players=2, max_players=4, default_players=2, room="cellar",
    place=Place(_("the Cellar"), _("A low vault under the Crossroads, where a few friends guess at numbers."), "d",
                heading=_("The Cellar")),
    new_match=new_match, opening=opening, awaiting=lambda s: [] if s.winner() else [s.player],
    legal_actions=legal, game_view=view, is_over=lambda s: bool(s.winner()), winners=lambda s: s.winner(),
    seats_of=lambda s: s.secret, bot=bot, scramble=scramble, why_not=why_not, legal_of=legal_of,
    search=SearchHooks(determinize, evaluate, rollout_level="easy", depth=6, iterations=40),
    verbs=(Verb("guess", ("PLAYER NUMBER",), ("g",), _("Guess a player's secret number."), ("guess bob 4",),
                handler=do_guess,
         langs={"it": forms("indovina", examples=("indovina bob 4",))}),
           Verb("points", ("",), (), _("Everyone's points."), ("points",), screen="score",
         langs={"it": forms("punti", examples=("punti",))})),
    options=(Option("faces", ("6", "4"), _("the numbers go from 1 to faces")),),
    help={"toy": _("TOY - guess the others' secret numbers (1-6); first to 3 right guesses wins.\n"
                   "  guess bob 4    guess that bob holds 4")},
    screens={"look": lambda v: [_("Toy: {player} to guess.", player=v["turn"]),
                                *(f"  {p}: {n}" for p, n in v["points"].items())],
             "score": lambda v: [_.plural("{player}: {n} point", "{player}: {n} points", n, player=p)
                                 for p, n in v["points"].items()],
             "inventory": lambda v: [_("Your secret number: {number}", number=v.get("mine", "-"))]},
    status_line=lambda v: (_("Toy · {player} to guess · your number {number}", player=v["turn"], number=v["mine"])
                           if "mine" in v else _("Toy · {player} to guess", player=v["turn"])),
    tones={"setup": "setup", "dealt": "good", "missed": "routine", "hit": "notice"},
)
