"""The walk behind "a handler only carries the move out" (issue 41): every function of a game's
package that a handler runs -- itself, what it calls by name or through a module, and so on -- each
with the ``raise`` of a RuleError (or one of its kinds: NotNow ...) it holds, read from its source."""

from __future__ import annotations

import ast
import inspect
import textwrap
import types
from typing import Iterable

from games.engine import RuleError


def package_of(fn: types.FunctionType) -> str:
    """The game package a function belongs to: ``games.quest`` for ``games.quest.rules``."""
    return ".".join(fn.__module__.split(".")[:2])


def named(fn: types.FunctionType, tree: ast.AST, package: str) -> list[types.FunctionType]:
    """The functions of ``package`` that ``fn``'s body names -- calls, or hands on (a key, a function
    chosen by a condition) -- by their own name or through a module (``rules.step``)."""
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, (ast.Name, ast.Attribute)):
            continue
        target, chain = node, []
        while isinstance(target, ast.Attribute):
            chain.append(target.attr)
            target = target.value
        if not isinstance(target, ast.Name):
            continue
        value = fn.__globals__.get(target.id)
        for attr in reversed(chain):
            value = getattr(value, attr, None)
        if isinstance(value, types.FunctionType) and value.__module__.startswith(package):
            found.append(value)
    return found


def refusals(fn: types.FunctionType, tree: ast.AST) -> list[str]:
    """Each ``raise`` in ``fn`` of RuleError or one of its kinds, as written."""
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Raise) and node.exc is not None:
            raised = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
            name = raised.id if isinstance(raised, ast.Name) else getattr(raised, "attr", "")
            kind = fn.__globals__.get(name)
            if isinstance(kind, type) and issubclass(kind, RuleError):
                out.append(f"{fn.__module__}.{fn.__qualname__}: raise {name}")
    return out


def reachable(roots: Iterable[types.FunctionType]) -> dict[str, list[str]]:
    """Every function of the roots' game package they run, by qualified name, with its refusals."""
    seen: dict[str, list[str]] = {}
    todo = list(roots)
    while todo:
        fn = todo.pop()
        name = f"{fn.__module__}.{fn.__qualname__}"
        if name in seen:
            continue
        tree = ast.parse(textwrap.dedent(inspect.getsource(fn)))
        seen[name] = refusals(fn, tree)
        todo += named(fn, tree, package_of(fn))
    return seen
