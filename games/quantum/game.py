"""Quantum as a :class:`games.engine.GameSpec`: the one object the shell talks to."""

from __future__ import annotations

from types import SimpleNamespace

from games.engine import GameSpec, Option, Slot
from games.quantum import board_chart, bots, cardnames, faceup, maps, prompts, setup, show
from games.quantum.canonical import any_order, canonical
from games.quantum.data import BUILT_IN
from games.quantum.help import HELP
from games.quantum.paths import PATHS
from games.quantum.phases import PHASES
from games.quantum.refusals import why_not
from games.quantum.scramble import scramble
from games.quantum.tones import TONES
from games.quantum.verbs import VERBS
from games.quantum.view import game_view
from games.quantum.summary import summarise
from games.quantum.search import SEARCH
from games.quantum.place import PLACE, ROOM
from games.quantum.words import _


def _ship_word(word: str):
    """A ship as typed: its die face ('3') or its square ('c4')."""
    w = str(word).strip().lower()
    if w in ("1", "2", "3", "4", "5", "6"):
        return w
    return maps.square_word(w)


# What Quantum's board (mud/tui/boards/quantum.py) may use: public names only, never a state.
# The cards as a reader sees them: what each does (a message), its name and its label ('x2') as messages;
# the map's geometry read from a view, and the game's words for the map's key (board_chart.py).
BOARD = SimpleNamespace(abilities=show.ABILITY_WORDS, card_sections=faceup.sections, card_label=cardnames.label,
                        card_name=cardnames.card_name, card_text=cardnames.card_text, chart=board_chart)

GAME = GameSpec(
    name="quantum", title="Quantum", min_players=2, max_players=4, default_players=2, room=ROOM, place=PLACE,
    new_match=setup.new_match, opening=setup.opening, awaiting=prompts.awaiting,
    legal_actions=prompts.legal_actions, legal_of=prompts.legal_of, question=prompts.question, game_view=game_view,
    is_over=lambda state: state.over, winners=lambda state: list(state.winners),
    seats_of=lambda state: state.players,
    verbs=VERBS, bot=bots.bot_action, bot_memory=bots.refused,
    # three slots of one kind (a square), so that a verb may take two squares: 'attack c4 e5 from d5'
    slots=(Slot("SQUARE", maps.square_word, example="d5"), Slot("PLANET", maps.square_word, example="e2"),
           Slot("FROM", maps.square_word, example="d4"), Slot("SHIP", _ship_word, example="3 or c4")),
    fillers=("ship", "planet", "square", "from", "and"),
    options=(Option("map", tuple(BUILT_IN), _("a built-in map (two, three, four players) or a map file"),
                    file=True, accept=maps.accept),),
    help=HELP, tones=TONES, paths=PATHS, scramble=scramble, summarise=summarise, board=BOARD, search=SEARCH, phases=PHASES,
    canonical=canonical, unlisted=any_order, why_not=why_not,
    screens={"map": show.render_map, "look": show.render_look, "cards": show.render_cards,
             "score": show.render_score, "inventory": show.render_inventory},
    screen_titles={"cards": _("Cards")},
    status_line=show.render_status, status_fields=("cubes", "dominion", "research"),
    goal=_("Be the first to build all your cubes on the planets, with dice as your ships."),
    first_commands=((_("keep"), _("keep your opening dice")), (_("home e2"), _("choose your start planet")),
                    (_("move 3 to d5"), _("move a ship"))),
)
