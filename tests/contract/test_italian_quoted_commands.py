"""Every command an Italian reader is told to type parses for them where they would type it (issue 43):
each backticked command of docs/rules/<game>.it.md, at a seat of that game, and each command quoted
('...' or «...») in an Italian catalogue's translations, at a seat of the domain's game (in the world
for the ``mud`` and ``engine`` domains), when its first word is an Italian verb there. A placeholder
in capitals is filled with a value the game takes; a template ({square}, <casella>) is not a command
one can type and is left to the messages' own tests."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

import games
from mud.shell import parser
from mud.shell.session import Session
from mud.world import rooms
from mud.world.verbs import commands_at

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = ["alice", "bob", "bot1"]
RULES = {"quest": "quest", "tenx": "tenx", "dungeon_chess": "chess", "legend": "legend", "quantum": "quantum"}
DOMAINS = {"mud": None, "engine": None, **{game: game for game in RULES}}
CATALOGUES = {"mud": "mud/locale", "engine": "games/locale", **{g: f"games/{g}/locale" for g in RULES}}

# A placeholder word of the rules -> a value the game takes there
FILLED = {"ARMA": "spada", "N": "3", "CASELLA": "h5", "OPZIONE=VALORE": "limit=off", "map=FILE": "map=three",
          "NAVE": "1"}
# What the rules quote in backticks that is not a command: a path, a ledger line, a route, a flag's value
NOT_TYPED = re.compile(r"^(--|@|#|mud |ssh)|/|=.*[ ,]| = |^[A-Z]\w*$")

QUOTED = re.compile(r"(?<![\w’])'((?:[^'\n]|(?<=\w)'(?=\w))+?)'(?!\w)|«([^»\n]+)»")


def _commands(game: str | None):
    spec = games.get(game) if game else None
    ctx = parser.Context(players=PLAYERS, items=spec.item_words if spec else (), lang="it")
    return commands_at(spec), ctx


def _is_verb(line: str, commands) -> bool:
    """Whether the line is a command for an Italian reader there: its first word names a verb (or a
    direction), and a verb's name alone ('compra', 'dai') is a command only when the verb takes nothing
    more (else it names the verb, as a page's prose does)."""
    words = line.split()
    first = words[0].lower()
    if first in ("nord", "sud", "est", "ovest", "su", "giù", "n", "s", "e", "o"):
        return True
    verb = commands.said.get("it", {}).get(first) or commands.words.get(first)
    if verb is None:
        return False
    return len(words) > 1 or any(all(p.endswith("?") for p in pattern.split()) for pattern in verb.patterns)


def _refusal(line: str, game: str | None) -> str | None:
    """Why ``line`` does not parse (or build an action) for an Italian reader there; None when it does."""
    commands, ctx = _commands(game)
    try:
        parsed = parser.parse(line, commands, ctx)
        if parsed.verb.handler is None or parsed.verb.build is not None:
            [Session.action(parsed.verb, step) for step in parsed.steps]
    except parser.ParseError as err:
        return str(err)
    except (KeyError, ValueError, TypeError) as err:
        return f"{type(err).__name__}: {err}"
    return None


def _alternatives(snippet: str) -> list[str]:
    """'compra spada|lancia' -> each command it stands for, its placeholders filled."""
    words = [FILLED.get(w, w) for w in snippet.replace("...", "").split()]
    lines = [[]]
    for w in words:
        lines = [line + [choice] for line in lines for choice in w.split("|")]
    return [" ".join(line) for line in lines if line]


def rules_commands() -> list[tuple[str, str]]:
    found = []
    for game, page in RULES.items():
        text = (ROOT / "docs" / "rules" / f"{page}.it.md").read_text(encoding="utf-8")
        for snippet in sorted(set(re.findall(r"`([^`\n]+)`", text))):
            if NOT_TYPED.search(snippet):
                continue
            commands, _ = _commands(game)
            for line in _alternatives(snippet):
                if _is_verb(line, commands) or re.fullmatch(r"[a-j]\d+-?[a-j]\d+", line):
                    found.append((game, line))
    return found


def catalogue_commands() -> list[tuple[str, str]]:
    found = []
    for domain, where in CATALOGUES.items():
        catalogue = read_po((ROOT / where / "it" / "LC_MESSAGES" / f"{domain}.po").open("rb"))
        commands, _ = _commands(DOMAINS[domain])
        quoted: set[str] = set()
        for message in catalogue:
            if not message.id:
                continue
            for text in message.string if isinstance(message.string, tuple) else (message.string,):
                quoted |= {a or b for a, b in QUOTED.findall(text or "")}
        for line in sorted(quoted):
            if re.search(r"[{}<>]", line) or not line.split():
                continue
            line = line.replace("...", "").replace(" N", " 3").strip()
            if _is_verb(line, commands):
                found.append((domain, line))
    return found


@pytest.mark.parametrize("game, line", rules_commands())
def test_a_command_the_italian_rules_quote_parses_at_the_game(game, line):
    assert _refusal(line, game) is None, (game, line, _refusal(line, game))


@pytest.mark.parametrize("domain, line", catalogue_commands())
def test_a_command_an_italian_message_quotes_parses_where_it_is_read(domain, line):
    assert _refusal(line, DOMAINS[domain]) is None, (domain, line, _refusal(line, DOMAINS[domain]))


def test_the_quotes_are_found():
    """The extraction finds what the pages and messages quote (not an empty pass)."""
    rules = set(rules_commands())
    assert {("quest", "compra lancia"), ("quest", "dai bob chiave d'oro"), ("legend", "intraprendi mio cinghiale"),
            ("quantum", "usa 3 con f6"), ("dungeon_chess", "tieni 3")} <= rules
    quoted = set(catalogue_commands())
    assert {("quest", "gioca niente"), ("tenx", "gioca 7 stellina"), ("mud", "siediti")} <= quoted


def _action(game: str | None, line: str, lang: str):
    commands, ctx = _commands(game)
    parsed = parser.parse(line, commands, parser.Context(ctx.players, ctx.items, lang=lang))
    if parsed.verb.build is None and parsed.verb.name == "move" and game is None:
        return parsed.verb.name, rooms.find(parsed.slots["WORD"], lang).id  # the room its reader's words name
    return [Session.action(parsed.verb, step) for step in parsed.steps]


@pytest.mark.parametrize("game, italian, english", [
    ("tenx", "stellina", "star"), ("tenx", "mascherina bob", "mask bob"), ("tenx", "gioca 7 stellina", "play 7 star"),
    ("tenx", "gioca 7 stella", "play 7 star"), ("tenx", "gioca 7 dado", "play 7 die"),
    ("tenx", "scarta quest mano", "discard quests hand"), ("tenx", "scarta quest risolte", "discard quests resolved"),
    ("dungeon_chess", "riscatta guerriero", "ransom warrior"), ("dungeon_chess", "riscatta maga", "ransom mage"),
    ("dungeon_chess", "riscatta lottatore", "ransom fighter"), ("dungeon_chess", "riscatta guerriero kor", "ransom kor warrior"),
    ("quest", "gioca niente", "play none"), ("quest", "agisci con testa", "act with head"),
    ("quest", "agisci con donzella", "act with damsel"), ("quest", "dai bob 2 oro", "give bob 2 gold"),
    ("quest", "dai corda a bob", "give rope to bob"), ("quest", "dai bob chiave d'oro", "give bob gold key"),
    ("quest", "dai bob la donzella", "give bob damsel"),
    ("quest", "saccheggia corda", "loot rope"), ("quest", "saccheggia oro", "loot gold"),
    ("quest", "saccheggia chiave d'argento", "loot silver key"), ("quest", "bevi pozione", "drink potion"),
    ("quest", "segna est chiusa", "mark east closed"), ("quest", "lancia vista C4", "cast sight C4"),
    ("quest", "compra spada", "buy sword"), ("quest", "compra lancia", "buy lance"), ("quest", "compra mazza", "buy mace"),
    ("quest", "compra scudo", "buy shield"), ("quest", "compra armatura", "buy armour"),
    ("quest", "combatti drago", "fight dragon"),
    ("quantum", "prendi slancio", "take surge"), ("quantum", "lascia feroce", "drop ferocious"),
    ("quantum", "prendi espansione", "take expansion"), ("quantum", "prendi sovraccarico", "take overdrive"),
    ("quantum", "prendi trasferimento", "take relocation"), ("quantum", "prendi riorganizzazione", "take reorganise"),
    ("quantum", "prendi sabotaggio", "take sabotage"), ("quantum", "prendi rapido", "take swift"),
    ("quantum", "prendi studioso", "take scholar"), ("quantum", "lascia ostinato", "drop stubborn"),
    ("quantum", "lascia ingegnere", "drop engineer"), ("quantum", "lascia tattico", "drop tactician"),
    ("quantum", "lascia guardiano", "drop warden"), ("quantum", "lascia predone", "drop raider"),
    ("quantum", "attacca 3 f5 da e5", "attack 3 f5 from e5"),
    (None, "vai taverna", "go tavern"), (None, "vai crocevia", "go crossroads"), (None, "vai osservatorio", "go observatory"),
    (None, "vai castello", "go castle"), (None, "vai porto", "go harbour"), (None, "vai tempio", "go temple"),
    (None, "vai labirinto", "go labyrinth"), (None, "vai cancello", "go gate"),
])
def test_an_italian_command_quoted_is_the_action_of_its_english(game, italian, english):
    assert _action(game, italian, "it") == _action(game, english, "en")


def test_the_quantum_abilities_little_words_go_as_the_english_ones_do():
    """'usa 1 su d5', 'usa 3 con f6': the ability's words are its numbers and squares (canonical drops the rest)."""
    assert _action("quantum", "usa 1 su d5", "it")[0].args[-1] == "d5"
    assert _action("quantum", "usa 3 con f6", "it")[0].args[-1] == "f6"


@pytest.mark.parametrize("words, mission, cards", [
    ("vello con C C come I", ["vello"], ["C", "C", "as", "I"]),
    ("mio cinghiale", ["my", "cinghiale"], []),
    ("bob medusa con nave appoggio", ["bob", "medusa"], ["ship", "favour"]),
])
def test_legend_reads_a_placement_typed_in_italian(words, mission, cards):
    from games.legend.data import mission_word, resource_word
    from games.legend.reading import split
    named, placed = split(tuple(words.split()))
    assert [w.lower() for w in named] == mission and placed == cards
    assert all(mission_word(w) or w in ("my", "bob") for w in named)
    assert all(resource_word(w) or w == "as" for w in placed)


@pytest.mark.parametrize("word, letter", [("imbarcazione", "I"), ("nave", "I"), ("appoggio", "A"), ("divino", "A"),
                                          ("compagni", "C"), ("compagno", "C"), ("equipaggiamento", "E")])
def test_legend_reads_the_italian_resource_words(word, letter):
    from games.legend.data import resource_word
    from games.legend.reading import split
    assert [resource_word(w) for w in split(("medusa", "con", word))[1]] == [letter]
