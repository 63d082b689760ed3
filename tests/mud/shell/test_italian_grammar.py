"""Commands typed in Italian (issue 43): the issue's lines read as the same action as their English,
by an Italian reader, at a seat of each game; English readers' lines unchanged; completion and
did-you-mean in Italian, never offering a hidden word."""

import re

import pytest

import games
from games.engine import Action
from games.words import render
from mud.shell import completion, parser
from mud.shell.session import Session
from mud.shell.table import Table
from mud.world.verbs import commands_at
from tests.seating import seat

PLAYERS = ["alice", "bob", "bot1"]


def read(game: str, line: str, lang: str):
    """The action (or, for a world verb, its name and slots) ``line`` is read as at a seat of ``game``."""
    spec = games.get(game)
    p = parser.parse(line, commands_at(spec), parser.Context(players=PLAYERS, items=spec.item_words, lang=lang))
    if p.verb.handler is not None and p.verb.name in ("say", "emote"):
        return p.verb.name, p.slots
    return [Session.action(p.verb, step) for step in p.steps]


@pytest.mark.parametrize("game, italian, english", [
    ("quest", "muovi nord", "move north"), ("quest", "n", "n"), ("quest", "o", "west"), ("quest", "ovest", "w"),
    ("quest", "vai e", "go e"), ("quest", "sud", "south"), ("quest", "muovi n n e", "move n n e"),
    ("quest", "sbircia porta est", "peek door east"), ("quest", "sbircia nord", "peek north"),
    ("quest", "agisci", "act"), ("quest", "agisci con la damigella", "act with damsel"),
    ("quest", "compra spada", "buy sword"), ("quest", "combatti bob", "fight bob"),
    ("quest", "combatti il drago", "fight dragon"), ("quest", "combatti nord", "fight north"),
    ("quest", "lancia fulmine su bob", "cast bolt at bob"), ("quest", "lancia vista C4", "cast sight C4"),
    ("quest", "prendi la chiave", "take key"), ("quest", "prendi chiave d'argento", "take silver key"),
    ("quest", "lascia aperta", "leave open"), ("quest", "lascia chiusa oro", "leave closed gold"),
    ("quest", "dai bob 2 oro", "give bob 2 gold"), ("quest", "dai la corda a bob", "give rope to bob"),
    ("quest", "saccheggia sfera di cristallo", "loot crystal ball"), ("quest", "mostra sasso", "throw rock"),
    ("quest", "sasso", "rock"), ("quest", "consenso tutti", "consent all"), ("quest", "segna est aperta",
                                                                                "mark east open"),
    ("quest", "gioca spada", "play sword"), ("quest", "bevi pozione", "drink potion"),
    ("quest", "passa", "pass"), ("quest", "sì", "allow"), ("quest", "di' ciao", "say ciao"),
    ("quest", "di’ ciao a tutti", "say ciao a tutti"), ("quest", "nota B4 un drago qui", "note B4 un drago qui"),
    ("tenx", "gioca 7", "play 7"), ("tenx", "pesca", "draw"), ("tenx", "pesca bonus", "draw bonus"),
    ("tenx", "passa", "pass"), ("tenx", "scarta carte 1 1 2", "discard cards 1 1 2"), ("tenx", "scarta quest",
                                                                                         "discard quests"),
    ("tenx", "maschera bob", "mask bob"), ("tenx", "stella", "star"),
    ("dungeon_chess", "muovi e2 e5", "move e2 e5"), ("dungeon_chess", "e2e5", "e2e5"),
    ("dungeon_chess", "riscatta guerriero kor", "ransom kor warrior"), ("dungeon_chess", "tieni 3", "keep 3"),
    ("legend", "intraprendi hydra", "undertake hydra"), ("legend", "pesca", "draw"),
    ("quantum", "attacca c4 e5 da d5", "attack c4 e5 from d5"), ("quantum", "fine", "end"),
])
def test_an_italian_line_is_the_action_of_its_english(game, italian, english):
    assert read(game, italian, "it") == read(game, english, "en")


@pytest.mark.parametrize("game, line", [("quest", "move north"), ("quest", "peek door east"), ("tenx", "play 7"),
                                        ("quest", "cast bolt at bob"), ("dungeon_chess", "move e2 e5")])
def test_english_works_for_an_italian_reader_too(game, line):
    assert read(game, line, "it") == read(game, line, "en")


def test_italian_words_are_not_read_for_an_english_reader():
    """An English reader's lines are read as before: 'di' is still a start of 'discard' at 10x."""
    with pytest.raises(parser.ParseError):
        read("quest", "sbircia", "en")
    assert read("tenx", "dis cards", "en") == [Action("discard", ("cards",))]


def test_su_and_giu_are_the_stair_in_italian():
    """In the world 'su' is the stair up, alone or after 'vai'; at Quest, which has no stair, it is refused."""
    world = commands_at(None)
    ctx = parser.Context(lang="it")
    assert parser.parse("su", world, ctx).verb.name == "up"
    assert parser.parse("giù", world, ctx).verb.name == "down"
    assert parser.parse("vai su", world, ctx).slots == {"WORD": "up"}
    assert parser.parse("vai nord", world, ctx).slots == {"WORD": "north"}
    assert parser.parse("o", world, ctx).slots == {"WORD": "west"}
    with pytest.raises(parser.ParseError):
        read("quest", "muovi su", "it")


def test_the_world_reads_the_session_language():
    """The parser's context is the reader's (WorldSession.lang): the same line, two readers."""
    table = Table(games.get("quest"), [], ["ann", "bob"], 0)
    table.set_bot("ann", False)
    ann = seat(table, "ann")
    ann.ws.lang = "it"
    assert ann.ws.context().lang == "it"
    parsed = ann.ws.read("sbircia porta est")
    assert Session.action(parsed.verb, parsed.slots) == Action("peek", ("e",))


def test_did_you_mean_offers_italian_words_to_an_italian_reader():
    spec = games.get("quest")
    ctx = parser.Context(players=PLAYERS, lang="it")
    with pytest.raises(parser.ParseError, match="sbircia"):
        parser.parse("sbirca", commands_at(spec), ctx)
    with pytest.raises(parser.ParseError) as err:
        parser.parse("pa", commands_at(spec), ctx)  # passa, paga, para: Italian words named
    assert "passa" in str(err.value) and "pass," not in str(err.value)


def test_completion_offers_italian_words_to_an_italian_reader():
    spec = games.get("quest")
    ctx = parser.Context(players=PLAYERS, items=spec.item_words, me="alice", lang="it")
    cmds = commands_at(spec)
    assert "sbircia" in completion.complete("sb", cmds, ctx)
    assert completion.complete("sbircia ", cmds, ctx)[:4] == ["nord", "sud", "est", "ovest"]
    assert completion.complete("consenso ", cmds, ctx) == ["tutti", "chiedi", "nessuno"]
    assert completion.complete("segna est ", cmds, ctx) == ["aperta", "chiusa", "ignota"]
    assert completion.complete("compra s", cmds, ctx) == ["spada", "scudo"]
    assert "alice" not in completion.complete("combatti ", cmds, ctx)  # never oneself
    english = parser.Context(players=PLAYERS, items=spec.item_words, me="alice")
    assert completion.complete("peek ", cmds, english)[:4] == ["north", "south", "east", "west"]


def test_help_on_a_command_shows_an_italian_reader_its_italian_words_and_examples():
    from mud.shell.help import help_lines
    spec = games.get("quest")
    lines = help_lines("sbircia", commands_at(spec), spec, "it")
    assert lines[0].startswith("sbircia: ")
    assert "Esempi: sbircia; sbircia porta est; sbircia nord." in lines
    assert any(line.startswith("Uso: lancia fulmine GIOCATORE | lancia vista STANZA")
               for line in help_lines("lancia", commands_at(spec), spec, "it"))
    assert help_lines("peek", commands_at(spec), spec)[0].startswith("peek: ")  # English as before


def test_commands_lists_the_italian_verbs_to_an_italian_reader():
    from mud.shell.help import command_list
    names = [line.split()[0] for line in command_list(commands_at(games.get("tenx")), None, "it")]
    assert {"gioca", "pesca", "passa", "scarta", "aiuto", "comandi", "esci"} <= set(names)
    assert "play" in [line.split()[0] for line in command_list(commands_at(games.get("tenx")), None)]


def test_the_first_page_of_help_reads_in_italian_with_italian_commands():
    from mud.shell.help import help_lines
    spec = games.get("quest")
    lines = help_lines("", commands_at(spec), spec, "it")
    assert lines[0].startswith("Sei nuovo? 'aiuto quest'")
    assert "Direzioni: nord sud est ovest, oppure n s e o; 'n' da solo vuol dire 'muovi nord'." in lines
    assert lines[-1].startswith("Argomenti: ")
    tenx = games.get("tenx")
    assert not any(line.startswith("Direzioni") for line in help_lines("", commands_at(tenx), tenx, "it"))
    english = help_lines("", commands_at(spec), spec)
    assert english[0].startswith("New here? 'help quest'") and english[-1].startswith("Topics: ")
    marked = "\n".join(help_lines("", commands_at(spec), spec, "xx"))
    while re.search(r"⟦[^⟦⟧]*⟧", marked):  # (innermost first: the topics' names are messages inside one)
        marked = re.sub(r"⟦[^⟦⟧]*⟧", "", marked)
    assert marked.strip() == ""  # every line a message


@pytest.mark.parametrize("line, said", [
    ("muovi nrd", "'nrd' non è una direzione. Forse intendevi: nord?"),
    ("combatti zed", "Qui non c'è nessun giocatore di nome 'zed' (giocatori: alice, bob, bot1)."),
    ("consenso forse", "Uso: consenso tutti|chiedi|nessuno (per esempio consenso tutti)."),
    ("lancia", "Uso: lancia fulmine GIOCATORE | lancia vista STANZA (per esempio lancia fulmine su bob)."),
])
def test_a_line_that_does_not_fit_is_explained_in_italian_words(line, said):
    from games.engine import render, said as said_of
    spec = games.get("quest")
    with pytest.raises(parser.ParseError) as err:
        parser.parse(line, commands_at(spec), parser.Context(players=PLAYERS, lang="it"))
    assert render(said_of(err.value), "it") == said
    with pytest.raises(parser.ParseError) as english:
        parser.parse("consent maybe", commands_at(spec), parser.Context(players=PLAYERS))
    assert str(english.value) == "Usage: consent all|ask|none (e.g. consent all)."


@pytest.mark.parametrize("game", [None, *sorted(games.CATALOGUE)])
def test_every_italian_example_is_read_as_its_own_verb(game):
    """Each verb's Italian examples (shown by help) parse, for an Italian reader, to that verb: at a
    seat of each game, and in a room (with an operator's verbs, so every world verb is there)."""
    spec = games.get(game) if game else None
    cmds = commands_at(spec, role="operator")
    ctx = parser.Context(players=PLAYERS, items=spec.item_words if spec else (), lang="it")
    checked = 0
    for verb in cmds.verbs:
        said = verb.forms("it")
        assert said is not None, f"{verb.name} has no Italian words"
        for example in said.examples:
            got = parser.parse(example, cmds, ctx)
            assert got.verb.name == verb.name, (example, got.verb.name)
            checked += 1
    assert checked


def test_every_verb_tells_what_it_does_in_italian_and_in_xx():
    """Every verb's summary is a message (its game's domain, the world's in `mud`)."""
    from mud.shell.help import command_list, help_lines
    tenx = games.get("tenx")
    assert help_lines("pesca", commands_at(tenx), tenx, "it")[0] == (
        "pesca: Pesca una carta numerica, oppure due carte bonus/malus ('pesca bonus').")
    assert help_lines("draw", commands_at(tenx), tenx)[0] == (
        "draw: Draw a numbered card, or two bonus/malus cards ('draw bonus').")
    for name in (None, *sorted(games.CATALOGUE)):
        spec = games.get(name) if name else None
        lines = command_list(commands_at(spec, role="operator"), None, "xx")
        assert lines and all("⟦" in line and "⟧" in line for line in lines), name
    room = command_list(commands_at(None), None, "it")
    assert "comandi    Elenca i comandi che hai qui." in room
    assert "siediti    Siediti a un tavolo (uno nuovo se nessuno è aperto). (siedi, unisciti)" in room


def test_a_near_english_verb_is_suggested_to_an_italian_reader_in_italian():
    """A word near no Italian one but near an English verb ('lok', 'whoo') is answered with the verb
    as the reader types it ('guarda', 'chi'), never its English name (found playing: 'Forse
    intendevi: move?')."""
    for word, italian, english in (("lok", "guarda", "look"), ("whoo", "chi", "who")):
        with pytest.raises(parser.ParseError) as refused:
            parser.parse(word, commands_at(None), parser.Context(lang="it"))
        assert render(refused.value.args[0], "it") == f"Comando sconosciuto '{word}'. Forse intendevi: {italian}?"
        with pytest.raises(parser.ParseError) as refused:
            parser.parse(word, commands_at(None), parser.Context(lang="en"))
        assert str(refused.value.args[0]) == f"Unknown command '{word}'. Did you mean: {english}?"


def test_a_usage_line_names_its_slots_in_the_readers_words():
    """'Uso: di' TESTO', not 'di' TEXT': a usage line's slots are words a reader meets too."""
    for line, italian, english in (("di", "Uso: di' TESTO (per esempio di' ciao).", "Usage: say TEXT"),
                                   ("dai", "dai GIOCATORE [NUMERO] OGGETTO", "give PLAYER [NUMBER] ITEM")):
        spec = games.get("quest") if line == "dai" else None
        with pytest.raises(parser.ParseError) as refused:
            parser.parse(line, commands_at(spec), parser.Context(lang="it"))
        assert italian in render(refused.value.args[0], "it")
        with pytest.raises(parser.ParseError) as refused:
            parser.parse("say" if line == "di" else "give", commands_at(spec), parser.Context(lang="en"))
        assert english in str(refused.value.args[0])
