"""A player's view is worded once per moment of their match (``WorldSession.game_view``): GMCP, the
status and a surface's snapshot all ask for it after each line of news, and talk changes nothing in it;
a move, or another language, words it anew."""

from __future__ import annotations

import games
from mud.local.play import local_world, start_local


def seated(game: str = "tenx"):
    world = local_world(None, "normal", players=2)
    ann, bob = world.connect("ann", surface="local"), world.connect("bob", surface="local")
    start_local(ann, games.get(game), 2, 3, {}, "normal", others=[bob])
    return ann, bob


def test_the_same_moment_gives_the_same_words_and_talk_changes_nothing():
    ann, bob = seated()
    first = ann.game_view()
    assert ann.game_view() is first and ann.status()["game"] == "tenx"
    bob.handle("say hello")
    assert ann.game_view() is first


def test_a_move_or_another_language_words_the_view_anew():
    ann, bob = seated()
    first = ann.game_view()
    mover = ann if "ann" in ann.inner.table.awaiting() else bob
    mover.handle("pass")
    assert ann.game_view() is not first
    now = ann.game_view()
    ann.lang = "it"
    italian = ann.game_view()
    assert italian is not now and italian == ann.game_view()
