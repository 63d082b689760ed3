"""The world's verbs, each declared once with its grammar, help and handler, in the command sets
of the places that give them (mud/world/cmdsets.py merges them by priority):

* ACCOUNT -- everywhere, and first: help, who, tell, quit, your matches, the table you are at ...
  (LOCAL in local play: the same, without password and SSH keys);
* ROOM -- where you stand: look, talk to the room, walk, sit and start a table;
* SEAT -- a seat at a started match, with the game's own verbs: the table's look, talk, screens
  and log; it replaces ROOM (you get up, with 'leave', before you walk away);
* WATCHING -- a watcher's seat, with the game's screens: the table's look, screens and log; the
  room's talk and walking stay (a watcher talks to the room and may walk off).

A handler takes the player's :class:`~mud.world.session.WorldSession` and the parsed slots and
returns their direct answer; a RuleError is the one-line reason the line was refused.
"""

from __future__ import annotations

from dataclasses import replace

import games
from games.engine import RuleError, Verb, forms
from mud.world import account, credentials, moderation, seat, tablecmds, talk, walking
from mud.world.cmdsets import CmdSet, Commands, game_sets, merge
from mud.shell.words import _

A_GAME = next(iter(games.CATALOGUE))  # the game of the examples of 'play': the catalogue's first


def _tables(ws, slots: dict):
    return tablecmds.tables(ws)


def _sit(ws, slots: dict):
    """'sit N' where N is the player's own seat in another room (a match they got up from, which
    told them 'sit N' takes it back) walks them there first; any other table is sat at here."""
    number = slots.get("NUMBER")
    gt = ws.world.tables.get(number) if number is not None else None
    if gt is not None and gt.room != ws.room and tablecmds.holds_seat(ws, gt):
        walking.walk_to(ws, gt.room)
    return tablecmds.sit(ws, number)


def _start(ws, slots: dict):
    return tablecmds.start(ws, slots.get("TEXT", ""))


def _watch(ws, slots: dict):
    return tablecmds.watch(ws, slots.get("NUMBER"))


def _leave(ws, slots: dict):
    if ws.table is None:
        raise RuleError("You are not at a table.")
    return tablecmds.leave(ws, walk_back=True)


def _account() -> CmdSet:
    """The account's set: its 'tutorial' names the game it teaches, which only building that game
    tells -- so the set is made when first asked for (module ``__getattr__`` below), not on import."""
    return CmdSet("account", 30, (
    Verb("help", ("WORD? WORD?",), ("?",), _("Help: topics, or one command."), ("help", "help world", "help sit"),
         handler=account.help_,
         langs={"it": forms("aiuto", examples=("aiuto", "aiuto mondo", "aiuto siediti"))}),
    Verb("commands", ("",), ("verbs",), _("List the commands you have here."), ("commands",), handler=account.commands,
         langs={"it": forms("comandi", examples=("comandi",))}),
    Verb("who", ("",), (), _("Who is connected, and where (and who is at your table)."), ("who",), handler=account.who,
         langs={"it": forms("chi", examples=("chi",))}),
    Verb("tell", ("PLAYER TEXT",), ("whisper", "page"), _("Speak to one player, wherever they are."),
         ("tell bob meet me at the gate",), handler=talk.tell,
         langs={"it": forms("sussurra a", examples=("sussurra bob ci vediamo al cancello",))}),
    Verb("reply", ("TEXT",), ("r",), _("Answer the last player who told you something."), ("reply on my way",),
         handler=talk.reply,
         langs={"it": forms("rispondi", examples=("rispondi arrivo",))}),
    Verb("ooc", ("TEXT",), ("chat", "shout"), _("Speak to everyone connected."), ("ooc anyone for a game?",),
         handler=talk.ooc,
         langs={"it": forms("grida", examples=("grida qualcuno per una partita?",))}),
    Verb("tables", ("",), ("games",), _("The tables in this room and who sits at them."), ("tables",), handler=_tables,
         langs={"it": forms("tavoli", examples=("tavoli",))}),
    Verb("watch", ("NUMBER?",), ("spectate",), _("Watch a match without playing."), ("watch 1",), handler=_watch,
         langs={"it": forms("osserva", examples=("osserva 1",))}),
    Verb("leave", ("table?",), ("stand", "unsit"), _("Leave your table (a bot keeps your seat until you sit again; "
         "with nobody else playing, the bots finish the match)."),
         ("leave",), handler=_leave,
         langs={"it": forms("alzati", "tavolo:table", ("alzati",))}),
    Verb("matches", ("",), (), _("Your matches, newest first (finished ones can be replayed)."), ("matches",),
         handler=account.matches,
         langs={"it": forms("partite", examples=("partite",))}),
    Verb("replay", ("NUMBER WORD?",), (), _("Watch a match again as a spectator saw it, a page at a time."),
         ("replay 3", "replay 3 2"), handler=account.replay,
         langs={"it": forms("rivedi", examples=("rivedi 3", "rivedi 3 2"))}),
    Verb("password", ("TEXT?",), ("passwd",), _("Change your password: the old one, then the new one."),
         ("password hunter22 correct-horse", "password old words = new words"), handler=credentials.password,
         whole=True,
         langs={"it": forms("password", examples=("password vecchia nuova",))}),
    Verb("key", ("TEXT?",), ("keys",), _("List your SSH keys, add one (key add <public key line>) or remove one "
         "(key remove N)."), ("keys", "key add ssh-ed25519 AAAA... me@laptop", "key remove 1"),
         handler=credentials.key,
         langs={"it": forms("chiavi chiave", examples=("chiavi", "chiavi remove 1"))}),
    Verb("delete", ("account TEXT?",), (), _("Delete your account for good (asks for your password); your "
         "matches keep a placeholder name."), ("delete account hunter22",), handler=credentials.delete_account,
         whole=True,
         langs={"it": forms("elimina", examples=("elimina account la-mia-password",))}),
    Verb("ignore", ("WORD?",), (), _("Stop hearing a player's talk and tells (kept across logins); alone, who you ignore."),
         ("ignore bob", "ignore"), handler=moderation.ignore,
         langs={"it": forms("ignora", examples=("ignora bob", "ignora"))}),
    Verb("unignore", ("WORD",), (), _("Hear a player you ignored again."), ("unignore bob",), handler=moderation.unignore,
         langs={"it": forms("riascolta", examples=("riascolta bob",))}),
    Verb("report", ("WORD TEXT",), (), _("Report a player to the moderators (stored for them)."),
         ("report bob insults at table 2",), handler=moderation.report,
         langs={"it": forms("segnala", examples=("segnala bob insulti al tavolo 2",))}),
    # one declaration, both words: each language's name for it works for everyone
    Verb("language", ("WORD?",), ("lingua", "lang"), _("The language you read: language it, language en."),
         ("language", "language it", "lingua en"), handler=account.language_,
         langs={"it": forms("lingua", examples=("lingua", "lingua en"))}),
    Verb("quit", ("",), ("exit", "bye", "logout", "qq"), _("Disconnect (your seat waits for you a while)."),
         ("quit",), handler=account.quit_,
         langs={"it": forms("esci", examples=("esci",))}),
    Verb("tutorial", ("",), (), _("Learn {game} step by step, alone.", game=games.tutorial_title()), ("tutorial",),
         handler=account.tutorial_,
         langs={"it": forms("tutorial", examples=("tutorial",))}),
    ))

ONLINE_ONLY = ("ignore", "unignore", "report")  # about other people: not in local play
# Local play (``mud play``) has no password to change, no SSH key to add, no account to delete;
# quitting keeps the game, and getting up from it alone with bots pauses it (tablecmds.leave).
LOCAL_SUMMARIES = {
    "quit": _("Leave; your game is saved ('mud play' offers it again)."),
    "leave": _("Get up from your table; with only bots at it, the match waits for you ('sit' takes your seat back)."),
}


def _local(account_set: CmdSet) -> CmdSet:
    return CmdSet("account", 30, tuple(
        replace(v, summary=LOCAL_SUMMARIES[v.name]) if v.name in LOCAL_SUMMARIES else v
        for v in account_set.verbs if v.name not in ("password", "key", "delete", *ONLINE_ONLY)))


ROOM = CmdSet("room", 10, (
    Verb("look", ("",), ("l",), _("Describe where you are."), ("look", "l"), handler=walking.look,
         langs={"it": forms("guarda g", examples=("guarda", "g"))}),
    Verb("move", ("WORD",), ("go", "walk"), _("Walk to another room: a direction or the room's name."),
         ("north", "go crossroads", "n"), handler=walking.move,
         langs={"it": forms("vai va", examples=("nord", "vai crocevia", "n"))}),  # a room's name: rooms.find
    Verb("up", ("",), ("u",), _("Climb the stair, where there is one."), ("up",), handler=walking.up,
         langs={"it": forms("su", examples=("su",))}),
    Verb("down", ("",), ("d",), _("Go down the stair."), ("down",), handler=walking.down,
         langs={"it": forms("giù giu", examples=("giù",))}),
    Verb("exits", ("",), (), _("Where you can go from here."), ("exits",), handler=walking.exits,
         langs={"it": forms("uscite", examples=("uscite",))}),
    Verb("say", ("TEXT",), (), _("Speak to everyone in the room (or at your table)."), ("say hello", "'hello"),
         handler=talk.say,
         langs={"it": forms("di' di’ di dici", examples=("di' ciao", "'ciao"))}),
    Verb("emote", ("TEXT",), ("me",), _("Act out something."), ("emote grins", ":grins"), handler=talk.emote,
         langs={"it": forms("azione em", examples=("azione sorride", ":sorride"))}),
    Verb("play", ("TEXT?",), (), _("Go to the room where a game is played ('play' alone lists them)."),
         (f"play {A_GAME}", "play"), handler=walking.to_game,
         langs={"it": forms("gioca", examples=(f"gioca {A_GAME}", "gioca"))}),
    Verb("sit", ("NUMBER?",), ("join",), _("Sit at a table (a new one if none is open)."), ("sit", "sit 2"),
         handler=_sit,
         langs={"it": forms("siediti siedi unisciti", examples=("siediti", "siediti 2"))}),
    Verb("start", ("TEXT?",), ("begin",), _("Start your table's match; bots fill the empty seats."),
         ("start", "start bots=2", "start seed=42", "start bots=easy,strong"), handler=_start,
         langs={"it": forms("inizia comincia", examples=("inizia", "inizia bots=2", "inizia seed=42"))}),
))

_TABLE_LOOK = Verb("look", ("",), ("l",), _("Describe the match where you are."), ("look", "l"), handler=seat.look,
         langs={"it": forms("guarda g", examples=("guarda", "g"))})
_SCREENS = (
    Verb("inventory", ("",), ("i", "inv"), _("What you carry."), ("inventory", "i"), handler=seat.screen("inventory"),
         langs={"it": forms("inventario inv", examples=("inventario", "inv"))}),
    Verb("score", ("",), ("status", "sc"), _("Everyone's public standing."), ("score",), handler=seat.screen("score"),
         langs={"it": forms("punteggio punti", examples=("punteggio",))}),
    Verb("log", ("full?",), (), _("Others' folded turns in full: every line of the last round."), ("log full",),
         handler=seat.log_full,
         langs={"it": forms("cronaca", "tutto:full completa:full", ("cronaca tutto",))}),
)

SEAT = CmdSet("seat", 20, (
    _TABLE_LOOK,
    Verb("say", ("TEXT",), (), _("Speak to everyone at the table."), ("say hello", "'hello"), handler=seat.say,
         langs={"it": forms("di' di’ di dici", examples=("di' ciao", "'ciao"))}),
    Verb("emote", ("TEXT",), ("me",), _("Act out something at the table."), ("emote grins", ":grins"),
         handler=seat.emote,
         langs={"it": forms("azione em", examples=("azione sorride", ":sorride"))}),
    *_SCREENS,
), replaces=("room",))

WATCHING = CmdSet("watching", 20, (_TABLE_LOOK, *_SCREENS))

# A role is like a place: its verbs come only to those who hold it (mud/world/moderation.py), above
# every other set, so to anyone else each of them is an unknown command.
MODERATOR = CmdSet("moderator", 40, (
    Verb("kick", ("WORD TEXT?",), (), _("Disconnect a player (they may log in again)."),
         ("kick bob spamming",), handler=moderation.kick,
         langs={"it": forms("caccia", examples=("caccia bob spam",))}),
    Verb("ban", ("TEXT",), (), _("Ban an account or an address: ban NAME|address A.B.C.D[/N] [for 2h|1d|forever] "
         "[reason]."), ("ban bob for 1d insults", "ban address 203.0.113.0/24 for 2h flood"), handler=moderation.ban,
         langs={"it": forms("bandisci", examples=("bandisci bob for 1d insulti",))}),
    Verb("unban", ("TEXT",), (), _("Lift a ban: unban NAME, or unban address A.B.C.D[/N]."),
         ("unban bob", "unban address 203.0.113.0/24"), handler=moderation.unban,
         langs={"it": forms("grazia", examples=("grazia bob",))}),
    Verb("mute", ("TEXT",), (), _("Silence a player: nobody hears them. mute NAME [for 2h|1d|forever] [reason]."),
         ("mute bob for 2h shouting",), handler=moderation.mute,
         langs={"it": forms("zittisci", examples=("zittisci bob for 2h urla",))}),
    Verb("unmute", ("WORD",), (), _("Let a muted player speak again."), ("unmute bob",), handler=moderation.unmute,
         langs={"it": forms("ridai-voce voce", examples=("ridai-voce bob",))}),
    Verb("bans", ("",), (), _("The bans and mutes in force."), ("bans",), handler=moderation.bans,
         langs={"it": forms("banditi", examples=("banditi",))}),
    Verb("reports", ("",), (), _("The players' newest reports."), ("reports",), handler=moderation.reports,
         langs={"it": forms("segnalazioni", examples=("segnalazioni",))}),
))
OPERATOR = CmdSet("operator", 41, (
    Verb("announce", ("TEXT",), (), _("Tell everyone connected, as the server."), ("announce restart at 22:00 UTC",),
         handler=moderation.announce,
         langs={"it": forms("annuncia", examples=("annuncia riavvio alle 22:00 UTC",))}),
    Verb("grant", ("WORD WORD",), (), _("Make a player a moderator: grant NAME moderator."), ("grant bob moderator",),
         handler=moderation.grant,
         langs={"it": forms("concedi", examples=("concedi bob moderator",))}),
    Verb("revoke", ("WORD",), (), _("Take a moderator's role away."), ("revoke bob",), handler=moderation.revoke,
         langs={"it": forms("revoca", examples=("revoca bob",))}),
))
ROLE_SETS = {None: (), "moderator": (MODERATOR,), "operator": (OPERATOR, MODERATOR)}

_LAZY: dict[str, object] = {}  # ACCOUNT, LOCAL, WORLD_SETS, WORLD_VERBS, once made


def _made() -> dict[str, object]:
    """The sets that name the tutorial's game, made on first use (then kept): ACCOUNT, LOCAL, and
    WORLD_SETS (every set the world runs itself) and WORLD_VERBS (their verbs) built from them."""
    if not _LAZY:
        account_set = _account()
        local = _local(account_set)
        _LAZY.update(ACCOUNT=account_set, LOCAL=local,
                     WORLD_SETS=(account_set, local, ROOM, SEAT, WATCHING, MODERATOR, OPERATOR),
                     WORLD_VERBS=tuple(v for s in (account_set, ROOM, SEAT, WATCHING, MODERATOR, OPERATOR)
                                       for v in s.verbs))
    return _LAZY


def __getattr__(name: str):
    """``ACCOUNT``, ``LOCAL``, ``WORLD_SETS`` and ``WORLD_VERBS``, made when first asked for (PEP 562)."""
    if name in ("ACCOUNT", "LOCAL", "WORLD_SETS", "WORLD_VERBS"):
        return _made()[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


_AT: dict[tuple, tuple] = {}  # (id(game), seated, local, role) -> (game, its merged commands)


def commands_at(game=None, seated: bool = True, local: bool = False, role: str | None = None) -> Commands:
    """The verbs of a player standing in a room (``game`` None), seated at a match of ``game``, or
    (``seated`` False) watching one; ``local``: in local play (``mud play``); ``role``: a
    moderator's or operator's sets besides. Their places' sets, merged -- once per game, place and
    role, as every line and every Tab reads them."""
    known = _AT.get((id(game), seated, local, role))
    if known is None or known[0] is not game:
        made = _made()
        account = (made["LOCAL"] if local else made["ACCOUNT"], *ROLE_SETS.get(role, ()))
        world_sets = made["WORLD_SETS"]
        if game is None:
            merged = merge((*account, ROOM), world=world_sets)
        else:
            playing, screens = game_sets(game)
            sets = (*account, playing, SEAT) if seated else (*account, screens, WATCHING, ROOM)
            merged = merge(sets, tuple(game.slots), tuple(game.fillers), world_sets)
        known = _AT[id(game), seated, local, role] = (game, merged)
    return known[1]
