"""Dungeon Chess as a :class:`games.engine.GameSpec`: the one object the shell talks to."""

from __future__ import annotations

from types import SimpleNamespace

from games.dungeon_chess import bots, data, legal, show
from games.dungeon_chess.canonical import canonical
from games.dungeon_chess.help import HELP_WORDS
from games.dungeon_chess.legal import legal_actions, legal_of
from games.dungeon_chess.paths import PATHS
from games.dungeon_chess.phases import PHASES
from games.dungeon_chess.prompts import question
from games.dungeon_chess.refusals import why_not
from games.dungeon_chess.rules import awaiting, opening
from games.dungeon_chess.search import SEARCH
from games.dungeon_chess.state import new_match
from games.dungeon_chess.tones import TONES
from games.dungeon_chess.verbs import SLOTS, VERBS
from games.dungeon_chess.view import scramble, view
from games.engine import GameSpec, Option
from games.dungeon_chess.place import PLACE, ROOM
from games.dungeon_chess.words import _

# What Dungeon Chess's board module (mud/tui/boards/chess.py) may use to draw the dungeon: public
# geometry and names only, never a state. Squares are a1 (bottom left) to j10.
BOARD = SimpleNamespace(files=data.FILES, size=data.SIZE, side_names=dict(data.SIDE_NAMES),
                        piece_names={kind: piece[0] for kind, piece in data.PIECES.items()})

FIRST_COMMANDS = ((_("target"), _("your two dealt targets: 'keep' one")),
                  (_("board"), _("see the dungeon")),
                  (_("move {start} {end}", start="e2", end="e5"), _("land on an enemy to capture it")))


def first_commands_for(state, player: str) -> tuple[tuple[str, str], ...]:
    """The first commands with a move of ``player``'s own: 'move e2 e5' is South's piece, and a
    player seated West, North or East read it as theirs (issue 40, round three). The first step
    their pieces may take from where they stand, the longest (the board is public); the fixed example when none
    may move (not a seat, or a squad boxed in)."""
    if player not in state.side:
        return FIRST_COMMANDS
    steps = legal.candidates(state, player)[0]
    if not steps:
        return FIRST_COMMANDS
    # the longest step (first of equals): a move out into the dungeon, as 'e2 e5' is, not a shuffle
    # along one's own entry row ('d1 c1')
    frm, to = max(steps, key=lambda step: max(abs(step[0] % data.SIZE - step[1] % data.SIZE),
                                               abs(step[0] // data.SIZE - step[1] // data.SIZE)))
    return FIRST_COMMANDS[:2] + ((_("move {start} {end}", start=data.SQUARES[frm], end=data.SQUARES[to]), FIRST_COMMANDS[2][1]),)


GAME = GameSpec(
    name="chess", title="Dungeon Chess", min_players=2, max_players=4, default_players=4, room=ROOM, place=PLACE,
    new_match=new_match, opening=opening, awaiting=awaiting,
    legal_actions=legal_actions, legal_of=legal_of, question=question, game_view=view,
    is_over=lambda state: state.over, winners=lambda state: list(state.winners),
    seats_of=lambda state: state.order,
    verbs=VERBS, slots=SLOTS, bot=bots.bot_action, bot_memory=bots.refused,
    options=(Option("limit", ("on", "off"), _("end after 40 rounds without a capture or a ransom")),),
    help=HELP_WORDS, tones=TONES, paths=PATHS, scramble=scramble, search=SEARCH, phases=PHASES, board=BOARD,
    canonical=canonical, why_not=why_not,
    screens={"look": show.render_look, "board": show.render_board_screen, "captured": show.render_captured,
             "target": show.render_target, "score": show.render_score, "inventory": show.render_inventory},
    screen_titles={"board": _("Board"), "captured": _("Captured"), "target": _("Target")},
    status_line=show.render_status, status_fields=("points", "chests"),
    goal=_("Score the most points by capturing enemy characters and chests while your own squad survives."),
    first_commands=FIRST_COMMANDS, first_commands_for=first_commands_for,
)
