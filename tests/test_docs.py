"""The docs cannot silently go stale: every command, alias (English and Italian), event type and event
field in the code, and every directive and option of `mud run`, must appear in docs/."""

from __future__ import annotations

import argparse
import ast
import json
import re
from pathlib import Path

import pytest

import games
from mud.cli.args import build_parser
from mud.local.script import DIRECTIVES, run_text
from mud.world.verbs import ACCOUNT, ROOM, WORLD_VERBS

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
EVENT_SOURCES = sorted((ROOT / "games" / "quest").glob("*.py")) + [ROOT / "mud" / "world" / "seat.py"]
# Position of the event type among the arguments of each way to make an event (games/engine.py).
KIND_ARG = {"Event": 0, "tell": 2, "announce": 1, "both": 3, "voiced": 0, "_sides": 2, "_others": 2, "_pair": 4}
ENVELOPE = {"seq", "type", "text", "to", "not_to"}
SCRIPT_RECORDS = {"command", "answer", "error"}


def doc(name: str) -> str:
    return (DOCS / name).read_text(encoding="utf-8")


def _strings(node) -> set[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, ast.IfExp):
        return _strings(node.body) | _strings(node.orelse)
    return set()


def kinds_in_code() -> set[str]:
    """Event types named where events are made: Event(kind, ...), tell(who, text, kind), ..."""
    found: set[str] = set()
    for path in EVENT_SOURCES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", None))
            if name in KIND_ARG and len(node.args) > KIND_ARG[name]:
                found |= _strings(node.args[KIND_ARG[name]])
    return found


def played_records() -> list[dict]:
    """Every JSON record of a few seeded games: bots alone in both rule sets, and the demo file."""
    demo = (ROOT / "examples" / "quest-demo.mud").read_text(encoding="utf-8")
    runs = [("", {"bots": 4, "seed": s, "rules": r}) for s in (0, 1, 2) for r in ("basic", "full")]
    runs += [(demo, {"seed": 1}), (demo, {"seed": 4})]
    out = []
    for text, cli in runs:
        printed, _ = run_text(text, {**cli, "json": True, "omniscient": True})
        out += [json.loads(line) for line in printed.splitlines()]
    return out


@pytest.fixture(scope="module")
def records() -> list[dict]:
    return played_records()


def event_sections() -> dict[str, str]:
    """docs/events.md cut at its '### `kind`' headings: kind -> the text of its section."""
    parts = re.split(r"^### `([a-z_]+)`.*$", doc("events.md"), flags=re.M)
    return {parts[i]: parts[i + 1] for i in range(1, len(parts) - 1, 2)}


# --- commands ---------------------------------------------------------------------------------

def commands_section(title: str) -> str:
    """The '## <title> commands' section of docs/commands.md, up to the next '## ' heading."""
    text = doc("commands.md")
    found = re.search(rf"^## {re.escape(title)} commands$(.*?)(?=^## )", text, flags=re.M | re.S)
    assert found, f"docs/commands.md has no '## {title} commands' section"
    return found.group(1)


BUILT = [n for n, module in games.CATALOGUE.items() if module.startswith("games.")]  # not a test's toy
GAME_VERBS = [(name, verb) for name in BUILT for verb in games.get(name).verbs]


@pytest.mark.parametrize("verb", list(WORLD_VERBS), ids=lambda v: v.name)
def test_every_command_and_alias_is_in_commands_md(verb):
    text = doc("commands.md")
    assert f"`{verb.name}`" in text, f"docs/commands.md does not describe '{verb.name}'"
    for alias in verb.aliases:
        assert f"`{alias}`" in text, f"docs/commands.md does not mention '{alias}', alias of {verb.name}"


@pytest.mark.parametrize("game,verb", GAME_VERBS, ids=lambda x: x if isinstance(x, str) else x.name)
def test_every_game_command_and_alias_is_in_its_games_section(game, verb):
    """Every verb of every game in games.CATALOGUE, with its aliases, in that game's own section."""
    title = games.get(game).title
    text = commands_section(title)
    assert f"| `{verb.name}` |" in text, f"the {title} section of docs/commands.md has no row for '{verb.name}'"
    for alias in verb.aliases:
        assert f"`{alias}`" in text, f"the {title} section does not mention '{alias}', alias of {verb.name}"


def _italian_rows() -> dict[str, set[tuple[str, str]]]:
    """docs/commands.md's '## Italian commands': per '### ' table, the (English, Italian word) pairs."""
    found = re.search(r"^## Italian commands$(.*?)(?=^## )", doc("commands.md"), flags=re.M | re.S)
    assert found, "docs/commands.md has no '## Italian commands' section"
    tables: dict[str, set[tuple[str, str]]] = {}
    for part in re.split(r"^### ", found.group(1), flags=re.M)[1:]:
        title, _, body = part.partition("\n")
        rows = [line.split("|")[1:3] for line in body.splitlines() if line.startswith("| `")]
        tables[title.strip()] = {(english.strip().strip("`"), word) for english, words in rows
                                 for word in re.findall(r"`([^`]+)`", words)}
    return tables


ITALIAN_VERBS = [("The world", verb) for verb in WORLD_VERBS] + [(games.get(n).title, v) for n, v in GAME_VERBS]


@pytest.mark.parametrize("place,verb", ITALIAN_VERBS, ids=lambda x: x if isinstance(x, str) else x.name)
def test_every_verb_has_its_italian_words_in_commands_md(place, verb):
    """A reader of commands.md finds every command's Italian words, read from the code (Verb.langs):
    each in the '## Italian commands' table of its place, beside the English name."""
    forms = verb.forms("it")
    assert forms is not None, f"'{verb.name}' ({place}) has no Italian words in the code"
    rows = _italian_rows().get(place)
    assert rows is not None, f"docs/commands.md's Italian commands have no '### {place}' table"
    missing = [w for w in forms.words if (verb.name, w) not in rows]
    assert not missing, f"docs/commands.md: '{verb.name}' ({place}) lacks its Italian words {missing}"


@pytest.mark.parametrize("verb", list(WORLD_VERBS), ids=lambda v: v.name)
def test_every_world_command_has_its_row_in_the_world_section(verb):
    """Not only named somewhere in the page: a row of its own, with its form (tutorial had none)."""
    rows = re.findall(r"^\| ([^|]*) \|", commands_section("World"), flags=re.M)
    assert any(f"`{verb.name}`" in first for first in rows), \
        f"the World section of docs/commands.md has no row for '{verb.name}'"


def test_commands_md_states_the_line_limit_and_fillers():
    from mud.shell import parser
    text = doc("commands.md")
    assert str(parser.MAX_LINE) in text
    for word in parser.FILLERS:
        assert f"`{word}`" in text, f"filler '{word}' is not listed in docs/commands.md"
    for shortcut in parser.SHORTCUTS:
        assert f"`{shortcut}`" in text


# --- command files ----------------------------------------------------------------------------

def test_every_directive_and_option_is_in_command_files_md():
    text = doc("command-files.md")
    built_options = {o.name for n in BUILT for o in games.get(n).options}
    test_only = {o.name for n in games.names() if n not in BUILT for o in games.get(n).options} - built_options
    for name in [*DIRECTIVES, *sorted(built_options)]:
        assert f"`@{name}" in text, f"directive @{name} is not documented"
    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    run = sub.choices["run"]
    for action in run._actions:
        for flag in action.option_strings:
            if flag not in ("-h", "--help") and flag[2:] not in test_only:
                assert f"`{flag}" in text, f"option {flag} of 'mud run' is not documented"


def test_every_world_command_and_serve_option_is_in_server_md():
    text = doc("server.md")
    for verb in ACCOUNT.verbs + ROOM.verbs:
        for word in (verb.name, *verb.aliases):
            assert f"`{word}`" in text, f"docs/server.md does not mention '{word}'"
    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    for action in sub.choices["serve"]._actions:
        for flag in action.option_strings:
            if flag not in ("-h", "--help"):
                assert f"`{flag}" in text, f"option {flag} of 'mud serve' is not documented"


# --- events -----------------------------------------------------------------------------------

def test_the_static_scan_finds_what_games_emit(records):
    code = kinds_in_code()
    assert len(code) >= 25  # the scan works at all
    emitted = {r["type"] for r in records} - SCRIPT_RECORDS
    assert emitted <= code, f"events made in a way the scan misses: {emitted - code}"


def test_every_event_type_has_a_section_in_events_md(records):
    sections = event_sections()
    kinds = kinds_in_code() | ({r["type"] for r in records} - SCRIPT_RECORDS)
    missing = sorted(kinds - set(sections))
    assert not missing, f"docs/events.md has no '### `kind`' section for: {missing}"
    stale = sorted(set(sections) - kinds)
    assert not stale, f"docs/events.md describes event types the code no longer makes: {stale}"


def test_every_event_field_is_named_in_its_section(records):
    sections = event_sections()
    text = doc("events.md")
    for r in records:
        if r["type"] in SCRIPT_RECORDS:
            continue
        section = sections.get(r["type"], "")
        for key in set(r) - ENVELOPE:
            assert f"`{key}`" in section, \
                f"field '{key}' of '{r['type']}' events is not in its section of docs/events.md"
    for key in ENVELOPE:
        assert f"`{key}`" in text


def test_script_records_are_documented(records):
    text = doc("events.md")
    kinds = {r["type"] for r in records}
    assert SCRIPT_RECORDS <= kinds
    for kind in SCRIPT_RECORDS:
        assert f"`{kind}`" in text


def test_the_line_limit_is_one_and_the_same_in_the_code_and_the_docs():
    from mud.shell.parser import MAX_LINE
    from mud.server.clients.lines import Limits, too_long
    assert f"{MAX_LINE} characters" in str(too_long())
    assert Limits().max_line >= 4 * MAX_LINE  # any MAX_LINE characters of UTF-8 fit in the byte cap
    for name in ("server.md", "gmcp.md"):
        assert f"{MAX_LINE} characters" in doc(name), name


def test_every_game_has_its_rules_page_and_no_doc_needs_what_a_clone_lacks():
    """A person who clones the project has only the project: each game's rules as implemented are in
    docs/rules/<game>.md, and no page sends the reader outside the repository."""
    for name in ("quest", "tenx", "legend", "chess", "quantum"):
        assert games.get(name).title in doc(f"rules/{name}.md").splitlines()[0], name
    pages = [*(ROOT / "docs").rglob("*.md"), ROOT / "README.md"]
    assert not [p.name for p in pages if "../shared" in p.read_text(encoding="utf-8")]


def _shape(page: str) -> list[str]:
    """A page's skeleton: its headings' levels in order, and one mark per table row."""
    return [line.split()[0] if line.startswith("#") else "|" for line in page.splitlines()
            if line.startswith("#") or line.startswith("|")]


def test_every_rules_page_has_an_italian_twin_that_says_the_same():
    """The rules exist in Italian too (issue 43), saying what the English says, Decisions included:
    the same sections and table rows in the same order, and one Decision for each of the English's
    (the Italian names itself a translation in its first lines, "Decisioni comprese")."""
    for name in ("quest", "tenx", "legend", "chess", "quantum"):
        english, italian = doc(f"rules/{name}.md"), doc(f"rules/{name}.it.md")
        assert games.get(name).title in italian.splitlines()[0], name
        assert f"({name}.md)" in italian, name  # it sends an English reader to the English page
        assert _shape(italian) == _shape(english), name
        decisions = len(re.findall(r"\bDecisions?\b", english))
        assert len(re.findall(r"\bDecision[ei]\b", italian)) == decisions + 1, name


OTHER_GAMES = ("tenx", "legend", "chess", "quantum")  # Quest's events are in events.md (above)


@pytest.mark.parametrize("game", OTHER_GAMES)
def test_every_event_of_the_other_games_is_on_its_page_with_its_fields(game):
    """docs/events-<game>.md has a section for every event type a seeded bots-only match prints, and
    names each of its fields there; and no section for a type the match's code no longer makes."""
    page = doc(f"events-{game}.md")
    parts = re.split(r"^### `([a-z_]+)`.*$", page, flags=re.M)
    sections = {parts[i]: parts[i + 1] for i in range(1, len(parts) - 1, 2)}
    printed, _ = run_text("", {"game": game, "bots": 2 if game == "chess" else 4, "seed": 1,
                               "json": True, "omniscient": True})
    for r in map(json.loads, printed.splitlines()):
        if r["type"] in SCRIPT_RECORDS:
            continue
        assert r["type"] in sections, f"docs/events-{game}.md has no section for '{r['type']}'"
        for key in set(r) - ENVELOPE:
            assert f"`{key}`" in sections[r["type"]], \
                f"field '{key}' of '{r['type']}' is not in its section of docs/events-{game}.md"
    package = ROOT / "games" / games.CATALOGUE[game].split(".")[1]
    made = set()
    for path in package.glob("*.py"):
        source = path.read_text(encoding="utf-8")
        made |= {kind for kind in sections if f'"{kind}"' in source}
    assert not sorted(set(sections) - made), f"docs/events-{game}.md describes types its code lacks"
