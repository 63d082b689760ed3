"""Quest for Legend in Italian (issue 43, docs/i18n.md): every line the game makes is a message of its domain.

Seeded bots-only games (two to four players, a tournament, teams) are read in the pseudo-language ``xx``,
which marks each message ⟦ ⟧: every event a player sees, and every refusal ``apply`` raises at sampled
states (the contract's near-legal ``candidates``), must be wholly marked -- a line that is not was never
made a message. The refusals the engine words itself (an unknown verb, arguments that fit no handler, a
step not come yet joined with what the game waits for) are the engine's and are named below. Then a few
lines read in Italian as the catalogue writes them, the English unchanged.
"""

from __future__ import annotations

import pickle
import random

import pytest

from games import botgame
from games.engine import Action, Event, RuleError
from games.legend import GAME
from games.legend.data import HEROES, MISSIONS
from games.legend.moments import begin_turn
from games.legend.names import HERO_NAMES, MISSION_NAMES, MISSION_SHORT
from games.legend.words import _
from games.words import render, said, worded
from tests.contract.test_legal_iff import candidates
from tests.games.legend.fixtures import act, give, new, put

GAMES = ((1, 2, {}), (2, 3, {}), (3, 4, {"teams": "on"}), (4, 2, {"tournament": "3"}))
# The engine's own refusals (games/engine.py): plain English until the engine's lines are messages.
ENGINE = ("Quest for Legend has no '", "' is not a move you can make now.", "' does not take those arguments.",
          " Now: ", " Now the game waits for ", "Now it is your turn.")


def marked(text: str) -> bool:
    return text.startswith("⟦") and text.endswith("⟧")


def seeded_game(seed: int, players: int, options: dict, sample_every: int = 11):
    """A bots-only game: (the seats, every event, every refusal at sampled states)."""
    names = botgame.seat_names(players)
    state = GAME.new_match(names, seed, options)
    events = list(GAME.opening(state))
    rngs = {n: botgame.bot_rng(seed, n) for n in names}
    memory: dict[str, dict] = {n: {} for n in names}
    rnd, refusals, moves = random.Random(seed), [], 0
    while not GAME.is_over(state) and moves < 1500:
        if moves % sample_every == 0:
            refusals += _refusals(state, names, rnd)
        bot = GAME.awaiting(state)[0]
        events += botgame.play_turn(GAME, state, bot, rngs[bot], "normal", memory[bot]).events
        moves += 1
    return names, events, refusals


def _refusals(state, names, rnd) -> list:
    """What ``apply`` says to each player's near-legal actions that it refuses, as raised."""
    out = []
    frozen = pickle.dumps(state)
    for p in names:
        legal = GAME.legal_actions(state, p)
        others = [a for q in names if q != p for a in GAME.legal_actions(state, q)]
        for action in candidates(GAME, legal, others, rnd) + [Action("fly"), Action("start"), Action("discard")]:
            try:
                GAME.apply(pickle.loads(frozen), p, action)
            except RuleError as err:
                out.append((action, said(err)))
    return out


@pytest.fixture(scope="module", params=GAMES, ids=lambda g: f"seed{g[0]}-{g[1]}p{''.join(g[2])}")
def played(request):
    return seeded_game(*request.param)


def test_every_event_a_player_sees_is_a_message(played):
    names, events, _ = played
    seen = [render(e.text, "xx") for e in events for viewer in (*names, None) if e.visible_to(viewer)]
    assert len(seen) > 300
    assert [line for line in seen if not marked(line)] == []


def test_every_refusal_of_the_game_is_a_message(played):
    _, _, refusals = played
    ours = [(a, r) for a, r in refusals if not (isinstance(r, str) and any(e in r for e in ENGINE))]
    assert len(ours) > 20
    assert [(a, render(r, "xx")) for a, r in ours if not marked(render(r, "xx"))] == []


def test_the_engine_words_only_its_own_refusals(played):
    """The lines set apart above are the engine's: an unknown verb, unfit arguments, the general line."""
    _, _, refusals = played
    engine = [r for _, r in refusals if isinstance(r, str) or getattr(r, "domain", None) == "engine"]
    assert all(any(e in str(r) for e in ENGINE) for r in engine)


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


# --- what a seat reads besides events: screens, the question and its answers, the status line ------------

def sampled_states(seed: int, players: int, options: dict, every: int = 7) -> list:
    """States of a seeded bots-only game, one every ``every`` moves, and its last."""
    names = botgame.seat_names(players)
    state = GAME.new_match(names, seed, options)
    GAME.opening(state)
    rngs = {n: botgame.bot_rng(seed, n) for n in names}
    memory: dict[str, dict] = {n: {} for n in names}
    out, moves = [], 0
    while not GAME.is_over(state) and moves < 1500:
        if moves % every == 0:
            out.append(pickle.loads(pickle.dumps(state)))
        bot = GAME.awaiting(state)[0]
        botgame.play_turn(GAME, state, bot, rngs[bot], "normal", memory[bot])
        moves += 1
    return names, out + [state]


def read_by(state, seat: str | None, lang: str) -> list[str]:
    """Everything the seat reads but events, worded in ``lang``: each screen's lines, the status line,
    the question's text and its answers' labels, the names shown in the view."""
    view = GAME.view(state, seat)
    lines = [worded(line, lang) for show in GAME.screens.values() for line in show(view)]
    lines.append(worded(GAME.status_line(view), lang))
    asked = GAME.question(state, seat) if seat else None
    if asked:
        lines += [worded(asked[0], lang)] + [worded(label, lang) for label, _a in asked[1]]
    lines += [worded(e["name"], lang) for e in view["table"]]
    lines += [worded(p["hero_name"], lang) for p in view["players"].values()]
    return lines


@pytest.fixture(scope="module", params=GAMES, ids=lambda g: f"seed{g[0]}-{g[1]}p{''.join(g[2])}")
def states(request):
    return sampled_states(*request.param)


def test_every_screen_status_and_question_is_wholly_messages(states):
    names, sampled = states
    read = [line for state in sampled for seat in (*names, None) for line in read_by(state, seat, "xx")]
    assert len(read) > 500
    assert [line for line in read if not marked(line)] == []


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
    names, events, _ = played
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
def test_what_a_seat_reads_is_the_same_whatever_the_cards_hidden_from_it(states, lang):
    """The others' hands and the draw pile's order, shuffled (the game's scramble, as the contract's
    non-interference test uses it), change no word a seat reads besides events: screens, status, question."""
    names, sampled = states
    rng = random.Random(7)
    for state in sampled[::3]:
        for seat in names:
            assert read_by(GAME.scramble(state, seat, rng), seat, lang) == read_by(state, seat, lang)


@pytest.mark.parametrize("lang", ["it", "xx"])
def test_another_players_draw_never_names_the_card(played, lang):
    """The drawer reads the card drawn (and a deal its hand); everyone else reads that a card was drawn, in
    words made from the player's name alone."""
    names, events, _refused = played
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
