"""Quest as a :class:`games.engine.GameSpec`: the one object the shell talks to."""

from __future__ import annotations

import re
from types import SimpleNamespace

from games.engine import GameSpec, Option, Slot
from games.quest import board, board_words, bots, data, rules, show
from games.quest.canonical import canonical
from games.quest.help import GOAL_SUMMARY, HELP, WIN_BY_RULES
from games.quest.items import ITEM_WORDS
from games.quest.legal import bag_gift, legal_actions, legal_of
from games.quest.paths import PATHS
from games.quest.phases import PHASES
from games.quest.prompts import question
from games.quest.refusals import why_not
from games.quest.scramble import scramble
from games.quest.summary import summarise
from games.quest.tones import TONES
from games.quest.tutorial import TUTORIAL
from games.quest.verbs import VERBS
from games.quest.view import view as game_view
from games.quest.words import _
from games.quest.search import SEARCH
from games.quest.place import PLACE, ROOM
from games.quest.words import _


def _replay_label(seed: int):
    """What the replay line calls a match: a message (the engine's line words it in English until it is one too)."""
    return _("Labyrinth seed {seed}", seed=seed)


ROOM_WORD = re.compile(r"[a-e][1-8]")

# A step of 'move w s e' that a closed door blocked (the step not spent), or that asked the room's
# occupants to let the mover in, ends the line, even when the answer came at once (docs/decisions.md).
STOPS_LINE = frozenset({"blocked", "consent_asked"})

# What Quest's board (mud/tui/boards/quest.py) may use to draw the labyrinth: public geometry, names
# and the game's words for them (board_words.py), never a state.
BOARD = SimpleNamespace(exits=board.exits, door_name=board.door_name, cols=data.COLS,
                        door_between=lambda a, b: board.edge_name(board.edge(a, b)), rows=data.ROWS,
                        map_code=data.MAP_CODE, direction_names=data.DIRECTION_NAMES,
                        object_names=data.OBJECT_NAMES, player_marks=show.player_marks,
                        room_marks=show.room_marks, map_cell=show.map_cell, marks_legend=show.marks_legend,
                        goal=GOAL_SUMMARY, win=WIN_BY_RULES, face_words=board_words.FACE_WORD,
                        direction_words=board_words.DIRECTION_WORD, condition_words=board_words.CONDITION_WORD,
                        key_words=board_words.KEY_WORD, door_marks=board_words.DOOR_MARKS,
                        map_key=board_words.MAP_KEY, palette=board_words.PALETTE)

GAME = GameSpec(
    name="quest", title="Quest", min_players=1, max_players=6, default_players=4, room=ROOM, place=PLACE,
    new_match=rules.new_match, opening=rules.opening, awaiting=rules.awaiting,
    legal_actions=legal_actions, question=question, game_view=game_view,
    is_over=lambda state: state.over, winners=lambda state: [state.winner] if state.winner else [],
    seats_of=lambda state: state.players, guard=rules.guard,
    verbs=VERBS, bot=bots.bot_action, bot_memory=bots.refused,
    slots=(Slot("ROOM", lambda w: w.upper() if ROOM_WORD.fullmatch(w.lower()) else None, example="C4"),),
    fillers=("door", "doors"),
    options=(Option("rules", rules.RULES, _("full (knight, wizard, king) or basic (the first knight wins)")),),
    help=HELP, item_words=ITEM_WORDS, tones=TONES, scramble=scramble, board=BOARD, replay_label=_replay_label,
    summarise=summarise, search=SEARCH, paths=PATHS, tutorial=TUTORIAL, phases=PHASES,
    canonical=canonical, stops_line=STOPS_LINE, unlisted=bag_gift, why_not=why_not, legal_of=legal_of,
    screens={"map": show.render_map, "look": show.render_look, "inventory": show.render_inventory,
             "score": show.render_score, "ledger": show.render_ledger,
             "ledger verify": show.render_verify, "notes": show.render_notes},
    screen_titles={"ledger": _("Ledger"), "notes": _("Notes")},
    status_line=show.render_status, status_fields=("rank", "gold", "pos"),
    goal=_("Rise from vassal to knight, wizard and king before anyone else."),
    goals={"rules=basic": _("Be the first to be knighted: under the basic rules the first knight wins.")},
    # peek first, and no fixed direction: 'move north' was suggested in rooms with no north door
    first_commands=((_("peek"), _("see your room's doors")), (_("move <door>"), _("walk through one: n, e, s or w")),
                    (_("act"), _("try your room's deed"))),
)
