"""Quest for Legend's refusals live in one place (issue 41): ``why_not`` words every refused move, in
the words the handlers used, and no handler -- nor anything it calls in the game's package -- refuses
anything of its own: ``apply`` has checked the move against the legal actions before it runs."""

from __future__ import annotations

import ast
import importlib
import inspect
from pathlib import Path

import pytest

import games.legend
from games.engine import Action
from games.legend.refusals import why_not
from tests.games.legend.fixtures import GAME, give, new, put, refused

PACKAGE = Path(games.legend.__file__).parent
REFUSING = {"RuleError", "NotNow"}


def _functions() -> dict[str, dict[str, ast.FunctionDef]]:
    """Module name -> its functions (methods too, by their bare name), for every module of the game."""
    out = {}
    for path in sorted(PACKAGE.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        out[path.stem] = {node.name: node for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)}
    return out


def _imports(module: str) -> dict[str, tuple[str, str | None]]:
    """A module's names from the game's package: name -> (module, function or None for a module)."""
    tree = ast.parse((PACKAGE / f"{module}.py").read_text(encoding="utf-8"))
    out: dict[str, tuple[str, str | None]] = {}
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module == "games.legend":
            out.update({a.asname or a.name: (a.name, None) for a in node.names})
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("games.legend."):
            out.update({a.asname or a.name: (node.module.rsplit(".", 1)[1], a.name) for a in node.names})
    return out


def reachable_from_handlers() -> dict[str, ast.FunctionDef]:
    """Every function of the game's package a verb's handler may run: its calls followed through the
    modules' imports, and a method call (``entry.missing()``) to any method of that name in the
    package (more than it runs, never less)."""
    functions = _functions()
    imports = {module: _imports(module) for module in functions}
    methods = {name: (module, name) for module, defs in functions.items() for name in defs}
    todo = [(fn.__module__.rsplit(".", 1)[1], fn.__name__) for fn in set(GAME.handlers.values())]
    seen: dict[str, ast.FunctionDef] = {}
    while todo:
        module, name = todo.pop()
        node = functions.get(module, {}).get(name)
        if node is None or f"{module}.{name}" in seen:
            continue
        seen[f"{module}.{name}"] = node
        for call in (n for n in ast.walk(node) if isinstance(n, ast.Call)):
            f = call.func
            if isinstance(f, ast.Name):
                todo.append(imports[module].get(f.id, (module, f.id)) if f.id not in functions[module]
                            else (module, f.id))
            elif isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and f.value.id in imports[module] \
                    and imports[module][f.value.id][1] is None:
                todo.append((imports[module][f.value.id][0], f.attr))
            elif isinstance(f, ast.Attribute) and f.attr in methods:
                todo.append(methods[f.attr])
    return seen


def _refuses(node: ast.FunctionDef) -> bool:
    for n in ast.walk(node):
        if isinstance(n, ast.Raise) and n.exc is not None:
            exc = n.exc.func if isinstance(n.exc, ast.Call) else n.exc
            if isinstance(exc, ast.Name) and exc.id in REFUSING:
                return True
    return False


def test_every_handler_carries_its_move_out_with_no_refusal_of_its_own():
    reached = reachable_from_handlers()
    # the walk goes where a move's work is done: reading the line, resolving a mission, the draw
    for name in ("play.do_undertake", "play.resolve", "reading.locate", "reading.units_of", "turns.do_draw",
                 "turns.do_start", "turns.do_discard", "turns.do_pass", "deal.hand_text"):
        assert name in reached, f"{name} is not among what the handlers run"
    refusing = sorted(name for name, node in reached.items() if _refuses(node))
    assert not refusing, f"these raise a refusal though a handler runs them: {refusing}"


def test_the_game_declares_its_refusals_and_the_legal_actions_of_one_verb():
    assert GAME.why_not is why_not and GAME.legal_of is not None
    for module in ("play", "turns"):  # the handlers' modules no longer know the rules' refusals
        source = inspect.getsource(importlib.import_module(f"games.legend.{module}"))
        assert "RuleError" not in source and "NotNow" not in source


def test_a_refusal_is_worded_without_running_any_handler(monkeypatch):
    state = new(heroes=["hercules", "ulysses", "jason", "perseus"])
    put(state, "bob", "hydra")
    give(state, "ann", "C", "I")

    def never(*args):
        raise AssertionError("a handler ran for a refused move")

    for verb in list(GAME.handlers):
        monkeypatch.setitem(GAME.handlers, verb, never)
    assert refused(state, "ann", "disturb hydra with I") == "Hydra needs no I (it still needs C E E)."
    assert refused(state, "ann", "undertake hydra with C") == \
        "That is bob's Hydra: 'disturb' it to play under it."


@pytest.mark.parametrize("line, words", [
    ("undertake medusa with I", "No mission is on the table yet: resource cards go only under missions."),
    ("jump", "Quest for Legend has no 'jump' action."),
    ("draw twice", "'draw' does not take those arguments."),
    ("start", "Start which mission? From your hand: Sphinx."),
    ("start fleece", "You hold no Fleece card."),
    ("start sphinx sphinx", "You hold no second Sphinx card."),
    ("start dragon", "'dragon' names no mission card in your hand (your hand: I E Sphinx)."),
])
def test_why_not_words_each_refusal_of_a_first_phase_without_missions(line, words):
    state = new(heroes=["hercules", "ulysses", "jason", "perseus"])
    give(state, "ann", "sphinx", "I", "E")
    assert refused(state, "ann", line) == words
    verb, *rest = line.split()
    assert why_not(state, "ann", GAME.canonical(state, "ann", Action(verb, tuple(rest)))) == words


@pytest.mark.parametrize("line, words", [
    ("disturb hydra", "Name the cards to play: 'disturb hydra with C'."),
    ("disturb 7 with C", "No mission number 7 on the table (see 'table')."),
    ("disturb dragon with C", "'dragon' names no mission on the table. Say 'disturb <mission> with <cards>', "
                              "e.g. 'disturb medusa with I E'."),
    ("undertake hydra with C", "That is bob's Hydra: 'disturb' it to play under it."),
    ("disturb medusa with C", "Nobody else has a Medusa on the table."),
    ("disturb hydra with C C", "You hold 1 C card, not 2."),
    ("disturb hydra with sphinx", "Only resource cards (I, A, C, E) go under a mission."),
    ("disturb hydra with E E as C", "As Ulysses, 'C C as I' plays your pair as one card."),
])
def test_why_not_words_each_refusal_of_a_card_under_a_mission(line, words):
    state = new(heroes=["ulysses", "hercules", "jason", "perseus"])
    put(state, "bob", "hydra")
    give(state, "ann", "C", "E", "E", "sphinx")
    assert refused(state, "ann", line) == words


def test_why_not_words_the_discard_and_the_end_of_phase_four():
    state = new(heroes=["hercules", "ulysses", "jason", "perseus"])
    give(state, "ann", "I", "I", "A", "C", "E", "E", "sphinx")
    state.phase = "discard"
    assert refused(state, "ann", "pass") == "Phase 4: discard 2 cards ('discard <card>')."
    assert refused(state, "ann", "discard I A C") == "You may discard only 2 cards besides dead twins."
    assert refused(state, "ann", "discard hydra") == \
        "'hydra' names no card in your hand (your hand: I I A C E E Sphinx)."
    assert refused(state, "ann", "discard A A") == "You hold 1 A card, not 2."
    assert refused(state, "ann", "discard the") == "Discard which card? Your hand: I I A C E E Sphinx."
