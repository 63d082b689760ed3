"""Quest for Legend in Italian (issue 43, docs/i18n.md): what is the game's own. That every event,
refusal, screen, status line, question and folded turn of a seeded game is a message, wholly marked in
the pseudo-language ``xx``, the contract kit checks for every game (tests/contract/test_every_line_worded.py).
Here: the names a board shows (missions, heroes) are messages too; a few lines read in Italian as the
catalogue writes them, the English unchanged; a summary reads in English as the joined English did; and
another's draw never names the card, in either language.
"""

from __future__ import annotations

import random

import pytest

from games.engine import Action, Event, RuleError
from games.legend import GAME
from games.legend.data import HEROES, MISSIONS
from games.legend.moments import begin_turn
from games.legend.names import HERO_NAMES, MISSION_NAMES, MISSION_SHORT
from games.legend.words import _
from games.words import render, said, worded
from tests.contract.worded import marked, play_read
from tests.games.legend.fixtures import act, give, new, put

GAMES = ((1, 2, {}), (2, 3, {}), (3, 4, {"teams": "on"}), (4, 2, {"tournament": "3"}))


@pytest.fixture(scope="module", params=GAMES, ids=lambda g: f"seed{g[0]}-{g[1]}p{''.join(g[2])}")
def played(request):
    """A seeded bots-only game (two to four players, teams, a tournament), its states every 7 moves."""
    seed, players, options = request.param
    return play_read("legend", seed, seats=players, sample_every=7, limit=1500, options=options)


def test_the_names_shown_read_in_english_as_the_cards_have_them():
    assert {k: str(m) for k, m in MISSION_NAMES.items()} == {k: m.name for k, m in MISSIONS.items()}
    assert {k: str(m) for k, m in MISSION_SHORT.items()} == {k: m.short for k, m in MISSIONS.items()}
    assert {k: str(h) for k, h in HERO_NAMES.items()} == {k: h.name for k, h in HEROES.items()}


def test_the_names_read_in_italian_as_the_seed_has_them():
    assert render(MISSION_NAMES["medusa"], "it") == "Uccisione di Medusa"
    assert render(MISSION_NAMES["fleece"], "it") == "Conquista del Vello d'Oro"
    assert render(MISSION_NAMES["tartarus"], "it") == "Discesa nel Tartaro"
    assert [render(HERO_NAMES[k], "it") for k in ("hercules", "ulysses", "perseus", "jason")] == \
        ["Ercole", "Ulisse", "Perseo", "Giasone"]


def test_a_mission_undertaken_and_aborted_reads_in_italian_and_in_english_as_before():
    s = new(("ann", "bob"), heroes=["hercules", "ulysses"])
    put(s, "ann", "medusa", "A")
    give(s, "ann", "I")
    give(s, "bob", "I", "E", "E")
    undertaken = act(s, "ann", "undertake medusa with I")[0]
    assert str(undertaken.text) == "ann undertakes Medusa with I (still needs E E)."
    assert render(undertaken.text, "it") == "ann intraprende la missione Medusa con I (mancano ancora E E)."
    s.turn, s.phase = "bob", "play"
    aborted = act(s, "bob", "disturb medusa with E E")
    assert render(aborted[0].text, "it") == "bob disturba la missione Medusa di ann con E E."
    assert str(aborted[1].text) == "bob aborts ann's Medusa: nobody scores; its 5 cards go to the discard pile."
    assert render(aborted[1].text, "it") == \
        "bob fa abortire la missione Medusa di ann: nessuno guadagna punti; le sue 5 carte vanno negli scarti."


def test_a_completed_mission_reads_in_italian():
    s = new(("ann", "bob"), heroes=["hercules", "ulysses"])
    put(s, "ann", "fleece", "I", "A", "C")
    give(s, "ann", "C")
    completed = [e for e in act(s, "ann", "undertake fleece with C") if e.kind == "completed"][0]
    assert str(completed.text) == "ann completes Golden Fleece: 4 Legend Points, safe for ever."
    assert render(completed.text, "it") == \
        "ann completa la missione Conquista del Vello d'Oro: 4 Punti Leggenda, al sicuro per sempre."


def test_refusals_read_in_italian():
    s = new(("ann", "bob"), heroes=["hercules", "ulysses"])
    give(s, "ann", "C", "sphinx")
    with pytest.raises(RuleError) as refused:
        act(s, "ann", "undertake hydra with C")
    assert render(said(refused.value), "it") == \
        "Sul tavolo non c'è ancora nessuna missione: le Carte Risorse si giocano solo sotto le missioni."
    with pytest.raises(RuleError) as refused:
        act(s, "ann", "discard C")
    assert str(said(refused.value)).startswith("Not now. Phase 1:")
    assert render(said(refused.value), "it").startswith("Non ora. Fase 1:")


# --- what a seat reads besides events: the names a board shows (screens, status, question: the contract kit) ---

def names_shown(state, seat: str | None, lang: str) -> list[str]:
    """The names the view holds for a board to show: the missions on the table, the players' heroes."""
    view = GAME.view(state, seat)
    return [worded(e["name"], lang) for e in view["table"]] + \
        [worded(p["hero_name"], lang) for p in view["players"].values()]


def test_every_name_shown_is_a_message(played):
    shown = [line for state in played.states for seat in (*played.names, None) for line in names_shown(state, seat, "xx")]
    assert len(shown) > 50
    assert [line for line in shown if not marked(line)] == []


def test_screens_and_question_read_in_italian_and_in_english_as_before():
    s = new(("ann", "bob"), heroes=["ulysses", "hercules"])
    put(s, "ann", "fleece", "A", "C")
    give(s, "ann", "C", "C", "I", "medusa")
    view = GAME.view(s, "ann")
    hand = GAME.screens["hand"](view)
    assert str(hand[0]) == "Hand: I C C Medusa" and render(hand[0], "it") == "Mano: I C C Medusa"
    assert render(hand[2], "it") == "Ulisse: Itaca -1 carta, C+C=I"
    assert render(GAME.screens["look"](view)[1], "it") == "1 ann Vello d'Oro(4): A C > servono I C"
    text, answers = GAME.question(s, "ann")
    assert render(text, "it") == "Fase 1: gioca Carte Risorse sotto le missioni, inizia missioni o pesca."
    labels = [render(label, "it") for label, _a in answers]
    assert "Inizia Medusa(4), servono I A E E" in labels and "Pesca" in labels
    assert str(GAME.status_line(view)) == "Legend round 1: ann, phase 1 | you -4 | draw pile 57"
    assert render(GAME.status_line(view), "it") == "Leggenda, giro 1: ann, fase 1 | tu -4 | mazzo 57"


# --- summaries: another's turn in one line, made from the events' messages -----------------------------------

def turns_seen(names, events):
    """Each turn's events as each other seat sees them: (actor, viewer, events), up to the end of a game or
    the deal of the next, which the shell never folds (mud/shell/fold.py, NEVER_FOLDED)."""
    out: list = []
    run: list = []
    actor = None
    for e in events + [Event("turn", "", {"player": None})]:  # (a last header closes the last turn)
        if e.kind != "turn" and GAME.tone(e.kind) not in ("setup", "over"):
            run.append(e)
            continue
        if actor is not None:
            out += [(actor, v, [x for x in run if x.visible_to(v)]) for v in names if v != actor]
        actor, run = (e.data["player"], [e]) if e.kind == "turn" else (None, [])
    return out


def test_a_summary_is_a_message_that_reads_in_english_as_the_joined_english_did(played):
    names, events = played.names, played.events
    checked = 0
    for actor, viewer, seen in turns_seen(names, events):
        said = GAME.summarise(actor, seen, viewer)
        english = [Event(e.kind, str(e.text), e.data) for e in seen]  # the same events, their text plain English
        assert [str(s) for s in said] == GAME.summarise(actor, english, viewer)
        assert all(marked(render(s, "xx")) for s in said)
        checked += len(said)
    assert checked > 50


def test_a_summary_reads_in_italian():
    s = new(("ann", "bob"), heroes=["perseus", "hercules"])
    give(s, "bob", "I")
    s.turns = 0
    events = begin_turn(s, "bob") + act(s, "bob", "draw")
    said = GAME.summarise("bob", [e for e in events if e.visible_to("ann")], "ann")
    assert str(said[0]).startswith("Round 1: bob's turn (Hercules): draws a card")
    assert render(said[0], "it").startswith("Giro 1: tocca a bob (Ercole): pesca una carta")



# --- hidden information, in both languages -----------------------------------------------------------------

@pytest.mark.parametrize("lang", ["it", "xx", "en"])
def test_the_names_shown_are_the_same_whatever_the_cards_hidden_from_it(played, lang):
    """The others' hands and the draw pile's order, shuffled (the game's scramble), change no name a seat
    is shown (its screens, status and question: the contract kit)."""
    rng = random.Random(7)
    for state in played.states[::3]:
        for seat in played.names:
            assert names_shown(GAME.scramble(state, seat, rng), seat, lang) == names_shown(state, seat, lang)


@pytest.mark.parametrize("lang", ["it", "xx"])
def test_another_players_draw_never_names_the_card(played, lang):
    """The drawer reads the card drawn (and a deal its hand); everyone else reads that a card was drawn, in
    words made from the player's name alone."""
    names, events = played.names, played.events
    drawn = [e for e in events if e.kind in ("drew", "dealt")]
    assert drawn
    for e in drawn:
        for viewer in names:
            if not e.visible_to(viewer) or e.data.get("player") == viewer:
                continue
            assert "card" not in e.data and "hand" not in e.data and set(e.text.params) == {"player"}
            assert render(e.text, lang) == render(_("{player} draws a card.", player=e.data["player"]), lang)


def test_a_line_typed_with_the_italian_words_the_messages_quote_is_read_as_the_english():
    """'intraprendi vello con C C come I': the grammar turns the verb; the mission's Italian short name,
    'con' and 'come' are read by the rules as 'fleece', 'with' and 'as'."""
    s = new(("ann", "bob"), heroes=["ulysses", "hercules"])
    put(s, "ann", "fleece", "A", "C")
    give(s, "ann", "C", "C", "I", "hydra", "boar")
    ev = act(s, "ann", "undertake vello con C C come I")
    assert str(ev[0].text) == "ann undertakes Fleece with C C as I (still needs C)."
    assert [e.kind for e in act(s, "ann", "start la missione idra")][0] == "started"
    s.phase = "discard"
    assert GAME.canonical(s, "ann", Action("discard", ("cinghiale",))) == Action("discard", ("boar",))
