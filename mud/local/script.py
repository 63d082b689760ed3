"""Command files: one command per line, run through the same sessions as every other surface.

The file's players connect to a local world (as ``mud play`` does), walk to the game's room and sit
at one table; each line is answered by that player's WorldSession, exactly as typed at a terminal.
The runner reads the match's event stream itself, to label each line with who saw it.

``alice> move north`` acts as alice; a line without a prefix acts as the one person whose input is
awaited (or the first player). ``@seed 3``-style directives set what the command line can set; the
command line wins. Output is what each player saw, labelled with who saw it, or one player's view
(``as_player``), or JSON lines, or the omniscient audit view. Same file and seed: same bytes.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

import games
from games.engine import LEVELS, NOBODY, Action, Event, Msg, RuleError, render, said
from mud.local.play import local_world, start_local
from mud.shell import language
from mud.shell.optfiles import read_option_file
from mud.shell.session import Line
from mud.shell.table import Table
from mud.shell.words import _

PREFIX = re.compile(r"^([A-Za-z][\w-]{0,19})>\s?(.*)$")
NAME = re.compile(r"[A-Za-z][\w-]{0,19}")  # a name a prefix can address
CAPPED = 3  # the exit status of a run whose bots never ended their game
SETTINGS = ("game", "players", "bots", "seed", "level", "as", "omniscient", "json", "strict", "lang")


def game_option_names() -> list[str]:
    """Options some game declares (rules, variant ...): each is a directive too (@rules basic)."""
    return list(games.options())


DIRECTIVES = SETTINGS  # and every game option (game_option_names)


@dataclass
class Options:
    game: str = field(default_factory=games.first)
    players: list[str] = field(default_factory=list)
    bots: int = 0
    seed: int = 0
    game_options: dict = field(default_factory=dict)  # rules=basic, variant=hardcore ...
    level: str = "normal"
    as_player: str | None = None
    omniscient: bool = False
    json: bool = False
    strict: bool = False
    lang: str = "en"  # the language of the text (--lang, @lang): English unless asked, whatever the locale


class ScriptError(Exception):
    """A problem with the file or its settings (not with a command in it): a message of the ``mud``
    domain (``said(err)``), and the run's language once it is known (``lang``: the --lang or @lang
    read; None for an error met before them, which ``mud run`` words in --lang or the locale's)."""

    def __init__(self, message: Msg | str, lang: str | None = None):
        super().__init__(message)
        self.lang = lang


def read_directives(text: str) -> dict:
    found: dict = {}
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line.startswith("@"):
            continue
        key, _gap, value = line[1:].partition(" ")
        key, value = key.lower(), value.strip()
        known = [*SETTINGS, *game_option_names()]
        if key not in known:
            raise ScriptError(_("line {number}: unknown directive '@{key}' (known: {known})", number=number, key=key,
                                known=", ".join(known)))
        found[key] = value
    return found


def _whole(merged: dict, key: str, low: int, lang: str) -> int:
    value = merged.get(key, 0)
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise ScriptError(_("@{key} needs a whole number, not '{value}'", key=key, value=value), lang) from None
    if number < low:
        raise ScriptError(_("@{key} cannot be below {low} (got {number})", key=key, low=low, number=number), lang)
    return number


def options_from(directives: dict, cli: dict) -> Options:
    """Directives from the file, overridden by whatever the command line set (non-None values;
    ``--seed 0`` and ``--bots 0`` count as set: only None and an unset flag are left out)."""
    merged = {**directives, **{k: v for k, v in cli.items() if v is not None and v is not False}}
    o = Options()
    lang = merged.get("lang")  # first: every error after it is worded in the run's language
    o.lang = language.parse(lang) if lang else language.DEFAULT
    if o.lang is None:
        raise ScriptError(_("@lang must be one of {langs}, not '{lang}'", langs=", ".join(language.LANGS), lang=lang),
                          cli.get("lang"))
    o.game = games.resolve(merged.get("game", o.game) or "") or o.game
    players = merged.get("players", "")
    o.players = [p.strip() for p in (players.split(",") if isinstance(players, str) else players) if p.strip()]
    for name in o.players:
        if not NAME.fullmatch(name):
            raise ScriptError(_("@players: '{name}' is not a usable name (a letter, then up to 19 letters, "
                                "digits, _ or -)", name=name), o.lang)
    o.bots = _whole(merged, "bots", 0, o.lang)
    o.seed = _whole(merged, "seed", -(2**63), o.lang)
    o.game_options = {k: merged[k] for k in game_option_names() if merged.get(k)}
    o.level = merged.get("level", "normal")
    words = [w.strip() for w in str(o.level).split(",")]
    if not all(w in LEVELS for w in words):
        raise ScriptError(_("@level must be {levels} (or one per bot, with commas), not '{level}'",
                            levels=", ".join(LEVELS), level=o.level), o.lang)
    if len(words) > 1 and len(words) != o.bots:
        raise ScriptError(_("@level gives {levels} levels for {bots} bots: give one, or one per bot",
                            levels=len(words), bots=o.bots), o.lang)
    o.as_player = merged.get("as") or None
    for flag in ("omniscient", "json", "strict"):
        value = merged.get(flag, False)
        setattr(o, flag, value is True or str(value).lower() in ("", "1", "yes", "true", "on"))
    if not o.players and not o.bots:
        o.players = ["alice", "bob"]
    return o


class Runner:
    def __init__(self, opts: Options):
        self.o = opts
        try:
            game = games.get(opts.game)
        except KeyError:
            raise ScriptError(_("Unknown game '{game}'. Games: {games}.", game=opts.game,
                                games=", ".join(games.CATALOGUE)), opts.lang) from None
        bots = [f"bot{i}" for i in range(1, opts.bots + 1)]
        options = dict(opts.game_options)
        unknown = sorted(k for k in options if game.option(k) is None)
        if unknown:
            raise ScriptError(_("{game} has no option {options}", game=game.title, options=", ".join(unknown)),
                              opts.lang)
        self.sessions = {}
        try:
            options = game.check_options(options, read_option_file)
            if opts.players:
                self.table = self._seat_players(game, len(bots), options)
            else:  # bots alone: nobody to type, nothing to parse
                self.table = Table(game, [], bots, opts.seed, options, opts.level)
        except RuleError as err:
            raise ScriptError(said(err), opts.lang) from None
        if opts.as_player and opts.as_player not in self.table.seats:
            raise ScriptError(_("--as {player}: no such seat (seats: {seats})", player=opts.as_player,
                                seats=", ".join(self.table.seats)), opts.lang)
        self.out: list[str] = []
        self.cursor = 0
        self.status = 0
        self.stopped: str | None = None  # with --strict: where and why the run stopped
        self.capped: str | None = None  # the bots hit MAX_BOT_STEPS without ending the game
        self.table.on_action = self._bot_acted

    def _seat_players(self, game, bots: int, options: dict) -> Table:
        """The file's players connect to a local world and sit at one table of the game."""
        o = self.o
        names = [p.lower() for p in o.players]
        if len(set(names)) != len(names):
            raise RuleError(_("Every seat needs a different name."))
        if not game.min_players <= len(names) + bots <= game.max_players:
            raise RuleError(_("{game} seats {low} to {high} players.", game=game.title, low=game.min_players,
                              high=game.max_players))
        world = local_world(None, o.level, players=len(o.players))
        self.sessions = {p: world.connect(p, surface="script", lang=o.lang) for p in o.players}
        for ws in self.sessions.values():
            ws.follows_match = False  # the runner prints the match's stream itself, labelled
        first, *others = self.sessions.values()
        start_local(first, game, bots, o.seed, options, o.level, others=others, begin=False)
        for ws in self.sessions.values():
            ws.flush()  # arriving and sitting: not part of the match's transcript
        return first.inner.table

    # --- output ------------------------------------------------------------------------------
    def _audience(self, e: Event) -> list[str]:
        return [p for p in self.table.seats if e.visible_to(p)]

    def _flush(self) -> None:
        events = self.table.events[self.cursor:]
        self.cursor = len(self.table.events)
        for seq, e in enumerate(events, self.cursor - len(events) + 1):
            self._event(seq, e)

    def _event(self, seq: int, e: Event) -> None:
        o = self.o
        hidden = e.to == NOBODY
        if o.as_player:
            if not e.visible_to(o.as_player):
                return
            label = ""
        elif hidden:
            if not o.omniscient:
                return
            label = "[" + render(_("hidden"), o.lang) + "] "
        else:
            who = self._audience(e)
            if not who and not o.omniscient:
                return
            everyone = e.to is None and not e.not_to
            label = "[" + (render(_("all"), o.lang) if everyone else ", ".join(who)) + "] "
        if o.json:  # (the event's data as it is; its text in --lang)
            self.out.append(json.dumps({"seq": seq, **e.as_json(o.lang)}, sort_keys=True, ensure_ascii=False))
        else:
            self.out.append(f"  {label}{render(e.text, o.lang)}")

    def _echo(self, player: str, line: str, bot: bool = False) -> None:
        if self.o.as_player and player != self.o.as_player:
            return
        if self.o.json:
            rec = {"type": "command", "player": player, "line": line}
            if bot:
                rec["bot"] = True
            self.out.append(json.dumps(rec, sort_keys=True, ensure_ascii=False))
        else:
            self.out.append(f"> {line}" if self.o.as_player else f"{player}> {line}")

    def _answer(self, player: str, lines: list[Line]) -> None:
        if self.o.as_player and player != self.o.as_player:
            return
        for line in lines:
            if self.o.json:
                self.out.append(json.dumps({"type": line.kind if line.kind == "error" else "answer",
                                            "player": player, "text": line.text}, sort_keys=True,
                                           ensure_ascii=False))
            elif self.o.as_player:
                self.out.append(("! " if line.kind == "error" else "  ") + line.text)
            else:
                self.out.append(f"  [{player}] " + ("! " if line.kind == "error" else "") + line.text)

    def _bot_acted(self, player: str, action: Action, bot: bool) -> None:
        if bot:
            self._flush()
            self._echo(player, str(action), bot=True)

    # --- running -----------------------------------------------------------------------------
    def default_player(self) -> str | None:
        humans = [p for p in self.table.awaiting() if p in self.sessions]
        if len(humans) == 1:
            return humans[0]
        return self.o.players[0] if self.o.players else None

    def run(self, text: str) -> int:
        """Run the file; 0, or 1 when --strict met a refused command."""
        self.table.start()
        self._flush()
        for number, raw in enumerate(text.splitlines(), 1):
            line = raw.strip()
            if not line or line.startswith("#") or line.startswith("@"):
                continue
            m = PREFIX.match(line)
            player, command = (m.group(1), m.group(2)) if m else (self.default_player(), line)
            if player not in self.sessions:
                answer = [Line("error", render(_("line {number}: no player called '{player}' here", number=number,
                                                 player=player) if player else
                                               _("line {number}: no player to act as (prefix it: alice> ...)",
                                                 number=number), self.o.lang))]
                player = player or "?"
            else:
                self._echo(player, command)
                answer = self.sessions[player].answer(command)
            self._answer(player, answer)
            self._flush()
            for name, ws in self.sessions.items():  # what reached others outside the match: a tell ...
                self._answer(name, ws.flush())
            if self.o.strict and any(a.kind == "error" for a in answer):
                self.stopped = self._stop_message(number, player, command, answer)
                self.status = 1
                return 1
            if self._capped():
                return self.status
        self._flush()
        self._capped()
        return self.status

    def _capped(self) -> bool:
        """True (and said, with exit status 3) when the bots stopped at the cap of bot moves in a
        row with the game unfinished: a game that never ends has no winner, and says so."""
        if not self.table.capped or self.capped:
            return bool(self.capped)
        self._flush()
        moves = f"{self.table.capped:,}"
        self.capped = render(_("the bots made {moves} moves in a row without ending the game; "
                               "it was stopped with no winner", moves=moves), self.o.lang)
        stopped = render(_("Stopped: {why}.", why=self.capped), self.o.lang)
        if self.o.json:
            self.out.append(json.dumps({"type": "capped", "text": stopped,
                                        "moves": self.table.capped}, sort_keys=True, ensure_ascii=False))
        else:
            self.out.append(stopped)
        self.status = CAPPED
        return True

    def _stop_message(self, number: int, player: str, command: str, answer: list[Line]) -> str:
        """Where --strict stopped, for stderr. Under --as, another player's refusal is theirs alone:
        its reason may tell what they hold, so only the line number and the name are given."""
        if self.o.as_player and player != self.o.as_player:
            return render(_("line {number}: a command of {player} was refused", number=number, player=player), self.o.lang)
        reason = next(a.text for a in answer if a.kind == "error")
        reason = reason.removeprefix(render(_("line {number}: ", number=number), self.o.lang))
        typed = f"{player + '> ' if player != '?' else ''}{command}: {reason}"
        return render(_("line {number}: {said}", number=number, said=typed), self.o.lang)

    def output(self) -> str:
        return "\n".join(self.out) + ("\n" if self.out else "")


def run_script(text: str, cli: dict | None = None) -> Runner:
    """Run a command file's text; the finished Runner (``output()``, ``status``, ``stopped``).
    Raises ScriptError on bad settings."""
    text = text.removeprefix("\ufeff")  # a byte-order mark some editors write would hide the first line
    runner = Runner(options_from(read_directives(text), cli or {}))
    runner.run(text)
    return runner


def run_text(text: str, cli: dict | None = None) -> tuple[str, int]:
    """Run a command file's text; (output, exit status). Raises ScriptError on bad settings."""
    runner = run_script(text, cli)
    return runner.output(), runner.status
