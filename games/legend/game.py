"""Quest for Legend as a :class:`games.engine.GameSpec`: the one object the shell talks to."""

from __future__ import annotations

from games.engine import GameSpec, Option
from games.legend import bots, sharp, show
from games.legend.canonical import canonical
from games.legend.data import TOURNAMENT
from games.legend.deal import new_match, opening
from games.legend.help import HELP
from games.legend.paths import PATHS
from games.legend.phases import PHASES
from games.legend.prompts import legal_actions, legal_of, question
from games.legend.scramble import scramble
from games.legend.tones import TONES
from games.legend.verbs import VERBS
from games.legend.view import view as game_view
from games.legend.summary import summarise
from games.legend.search import SEARCH
from games.legend.several import several
from games.legend.place import PLACE, ROOM, TITLE
from games.legend.refusals import why_not
from games.legend.words import _


def bot(view: dict, rng, level: str = "normal", memory: dict | None = None):
    """The hand-written bots; level ``sharp`` (not offered to players) is the strong bot's own plan,
    which its search starts from and plays its rollouts with."""
    if level == "sharp":
        return sharp.bot_action(view, rng)
    return bots.bot_action(view, rng, level, memory)


def awaiting(state) -> list[str]:
    return [] if state.over else [state.turn]


GAME = GameSpec(
    name="legend", title=TITLE, min_players=2, max_players=4, default_players=4, room=ROOM, place=PLACE,
    new_match=new_match, opening=opening, awaiting=awaiting,
    legal_actions=legal_actions, question=question, game_view=game_view,
    is_over=lambda state: state.over, winners=lambda state: list(state.winners),
    seats_of=lambda state: state.seats,
    verbs=VERBS, bot=bot, bot_memory=bots.refused,
    options=(Option("tournament", TOURNAMENT, _("games in the match: 1, or a tournament of 3 or 5")),
             Option("teams", ("off", "on"), _("on: two against two (four players)"))),
    help=HELP, tones=TONES, paths=PATHS, scramble=scramble, summarise=summarise, search=SEARCH, phases=PHASES,
    canonical=canonical, unlisted=several, why_not=why_not, legal_of=legal_of,
    screens={"look": show.render_table, "hand": show.render_hand, "inventory": show.render_hand,
             "score": show.render_score, "piles": show.render_piles},
    screen_titles={"piles": _("Piles")},
    status_line=show.render_status, status_fields=("score", "cards"),
    goal=_("Earn the most Legend Points by completing missions with ship, favour, companion and equipment cards."),
    first_commands=((_("hand"), _("your cards and hero")), (_("start"), _("a mission from your hand onto the table")),
                    (_("draw"), _("your one card a turn"))),
)
