"""The committed catalogues are sound: each compiled .mo is what its .po compiles to now (run ``make
messages`` when this fails), no entry is fuzzy or left untranslated, and a translation names the same
placeholders as its English (a ``{player}`` lost or misspelt would fail on a screen, not here)."""

from __future__ import annotations

import io
from pathlib import Path
from string import Formatter

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[3]
CATALOGUES = sorted(p for base in ("mud", "games", "tests/toygame") for p in (ROOT / base).glob("**/locale/*/LC_MESSAGES/*.po"))


def ids(path: Path) -> str:
    return str(path.relative_to(ROOT))


def catalogue(po: Path):
    with open(po, "rb") as f:
        return read_po(f)


def test_the_shell_and_the_toy_game_have_italian_catalogues():
    names = {ids(p) for p in CATALOGUES}
    assert {"mud/locale/it/LC_MESSAGES/mud.po", "tests/toygame/locale/it/LC_MESSAGES/toy.po"} <= names


@pytest.mark.parametrize("po", CATALOGUES, ids=ids)
def test_each_compiled_catalogue_is_its_po_compiled_now(po):
    fresh = io.BytesIO()
    write_mo(fresh, catalogue(po))
    assert po.with_suffix(".mo").read_bytes() == fresh.getvalue(), f"{ids(po)} changed: run 'make messages'"


@pytest.mark.parametrize("po", CATALOGUES, ids=ids)
def test_each_message_is_translated_and_none_is_fuzzy(po):
    messages = [m for m in catalogue(po) if m.id]
    assert [m.id for m in messages if m.fuzzy] == []
    untranslated = [m.id for m in messages if not all(m.string if isinstance(m.string, tuple) else [m.string])]
    assert untranslated == []


def _names(text: str) -> set[str]:
    return {name for _, name, _, _ in Formatter().parse(text) if name}


@pytest.mark.parametrize("po", CATALOGUES, ids=ids)
def test_each_translation_has_its_english_placeholders(po):
    for m in catalogue(po):
        if not m.id:
            continue
        english = [m.id] if isinstance(m.id, str) else list(m.id)
        wanted = set().union(*(_names(t) for t in english))
        for text in [m.string] if isinstance(m.string, str) else list(m.string):
            # a plural's form may leave the count out ("un punto"); a message says all it is given
            assert _names(text) == wanted if len(english) == 1 else _names(text) <= wanted, (m.id, text)
