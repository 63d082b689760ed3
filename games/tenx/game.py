"""10x as a :class:`games.engine.GameSpec`: the one object the shell talks to."""

from __future__ import annotations

from games.engine import GameSpec, Option
from games.tenx import bots, rules, show
from games.tenx.canonical import canonical
from games.tenx.data import CARDS, TITLE, VARIANTS
from games.tenx.help import HELP_WORDS
from games.tenx.prompts import legal_actions, legal_of, question
from games.tenx.refusals import why_not
from games.tenx.scramble import scramble
from games.tenx.search import SEARCH
from games.tenx.paths import PATHS
from games.tenx.phases import PHASES
from games.tenx.tones import TONES
from games.tenx.verbs import VERBS
from games.tenx.view import view as game_view
from games.tenx.place import PLACE, ROOM
from games.tenx.words import _

FIRST_COMMANDS = ((_("hand"), _("your cards and quests")),
                  (_("play {card}", card=7), _("place a card of yours face down, by its number")),
                  (_("pass"), _("place nothing, or decline")))


def first_commands_for(state, player: str) -> tuple[tuple[str, str], ...]:
    """The first commands with a card ``player`` holds: every seat read 'play 7', held or not (issue
    40, round three). Their highest numbered card; told to that player only, like their hand."""
    seat = state.seats.get(player)
    values = [CARDS[c].value for c in seat.hand if CARDS[c].kind == "number"] if seat is not None else []
    if not values:
        return FIRST_COMMANDS
    return (FIRST_COMMANDS[0], (_("play {card}", card=max(values)), FIRST_COMMANDS[1][1]), FIRST_COMMANDS[2])


GAME = GameSpec(
    name="tenx", title=TITLE, min_players=2, max_players=4, default_players=4, room=ROOM, place=PLACE,
    new_match=rules.new_match, opening=rules.opening, awaiting=rules.awaiting,
    legal_actions=legal_actions, question=question, game_view=game_view,
    is_over=lambda state: state.over, winners=lambda state: list(state.winners),
    seats_of=lambda state: state.seats,
    verbs=VERBS, bot=bots.bot_action, bot_memory=bots.refused,
    options=(Option("variant", ("hardcore", *VARIANTS), _("hardcore, or variants by name"), several=True),),
    help=HELP_WORDS, tones=TONES, paths=PATHS, scramble=scramble, search=SEARCH, phases=PHASES,
    canonical=canonical, why_not=why_not, legal_of=legal_of,
    screens={"look": show.render_table, "hand": show.render_hand, "inventory": show.render_hand,
             "quests": show.render_quests, "score": show.render_score},
    screen_titles={"quests": _("Quests")},
    status_line=show.render_status, status_fields=("points",),
    goal=_("Take the most points: each round the highest card revealed wins one, and met quests give more."),
    first_commands=FIRST_COMMANDS, first_commands_for=first_commands_for,
)
