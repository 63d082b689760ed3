"""The toy game of tests/toygame reaches a reader (`mud play toy`, a registered game): its place, its
help, its screens and status line are messages of its own domain, read in Italian as its catalogue
has them, wholly marked in the pseudo-language, and in English as before."""

from __future__ import annotations

import games
import pytest

from games.words import render

from tests.mud.world.test_world import joined


@pytest.fixture
def toy(monkeypatch):
    monkeypatch.setattr(games, "CATALOGUE", {**games.CATALOGUE, "toy": "tests.toygame"})
    return games.get("toy")


def reader(world, name: str, lang: str):
    ws = world.connect(name)
    ws.lang = lang
    ws.greeting()
    ws.flush()
    return ws


def test_the_cellar_reads_in_each_language(world, toy):
    it, en, xx = reader(world, "alice", "it"), reader(world, "bob", "en"), reader(world, "carol", "xx")
    assert "A low vault under the Crossroads" in joined(en.handle("d"))
    room = joined(it.handle("d"))
    assert "La Cantina" in room and "Una volta bassa sotto il Crocevia" in room and "low vault" not in room
    assert "⟦A low vault under the Crossroads, where a few friends guess at numbers.⟧" in joined(xx.handle("d"))


def test_the_help_screens_and_status_are_messages(toy):
    help_page = toy.help["toy"]
    assert str(help_page).startswith("TOY - guess the others' secret numbers")
    assert "indovina bob 4    scommetti che bob ha il 4" in render(help_page, "it")
    view = {"turn": "bob", "points": {"ann": 1, "bob": 2}, "mine": 4}
    assert [render(line, "it") for line in toy.screens["score"](view)] == ["ann: 1 punto", "bob: 2 punti"]
    assert [str(line) for line in toy.screens["score"](view)] == ["ann: 1 point", "bob: 2 points"]
    assert render(toy.status_line(view), "it") == "Toy · tocca a bob indovinare · il tuo numero è 4"
    assert str(toy.status_line(view)) == "Toy · bob to guess · your number 4"
    for line in (*toy.screens["look"](view)[:1], *toy.screens["inventory"](view), toy.status_line(view),
                 toy.options[0].summary, help_page):
        marked = render(line, "xx")
        assert marked.startswith("⟦") and marked.endswith("⟧"), marked
