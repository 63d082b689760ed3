"""10x in Italian (issue 43, docs/i18n.md): every line the game makes is a message of its domain.

Seeded bots-only games of 10x are read in the pseudo-language ``xx``, which marks each message ⟦ ⟧:
every event a player sees, and every refusal ``apply`` raises at sampled states (the contract's
near-legal ``candidates``), must be wholly marked -- a line that is not was never made a message.
The refusals the engine words itself (an unknown verb, arguments that fit no handler, the general
line, a step not come yet joined with what the game waits for) are the engine's, not 10x's, and are
named below. Then a few lines read in Italian as the catalogue writes them, English unchanged.
"""

from __future__ import annotations

import pickle
import random
import re
from pathlib import Path

import pytest

import games
from games import botgame
from games.engine import Action, RuleError
from games.tenx import place, show
from games.tenx.help import HELP_WORDS
from games.words import render, said, worded
from tests.contract.test_legal_iff import candidates
from tests.games.tenx.fixtures import act, give, new

GAME = games.get("tenx")
SEEDS = ((1, ""), (2, "hardcore"))
# The engine's own refusals (games/engine.py): plain English until the engine's lines are messages.
ENGINE = ("10x has no '", "' is not a move you can make now.", "' does not take those arguments.", " Now: ",
          " Now the game waits for ", "Now it is your turn.")


def marked(text: str) -> bool:
    return text.startswith("⟦") and text.endswith("⟧")


def seeded_game(seed: int, variant: str, sample_every: int = 9):
    """A bots-only game of three: (every event with who may see it, every refusal at sampled states)."""
    names = botgame.seat_names(3)
    state = GAME.new_match(names, seed, {"variant": variant} if variant else {})
    events = list(GAME.opening(state))
    rngs = {n: botgame.bot_rng(seed, n) for n in names}
    memory: dict[str, dict] = {n: {} for n in names}
    rnd, refusals, moves = random.Random(seed), [], 0
    while not GAME.is_over(state) and moves < 600:
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
        for action in candidates(GAME, legal, others, rnd) + [Action("fly"), Action("declare")]:
            try:
                GAME.apply(pickle.loads(frozen), p, action)
            except RuleError as err:
                out.append((action, said(err)))
    return out


@pytest.fixture(scope="module", params=SEEDS, ids=lambda s: f"seed{s[0]}{'-' + s[1] if s[1] else ''}")
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
    engine = [r for _, r in refusals if getattr(r, "domain", None) == "engine"]  # (games/engine_words.py)
    assert engine and all(any(e in str(r) for e in ENGINE) for r in engine)
    assert not [r for _, r in refusals if isinstance(r, str)]  # every refusal is a message now


def passed_bonuses(s) -> list:
    """Everyone asked in the bonus step passes: the events told."""
    told = []
    while s.round.phase == "bonus":
        told += act(s, GAME.awaiting(s)[0], "pass")
    return told


def test_a_round_reads_in_italian_and_in_english_as_before():
    s = new(("x", "y"))
    give(s, "x", "7", "3")
    give(s, "y", "5")
    placed = act(s, "x", "play", "7")
    assert render(placed[0].text, "it") == "Metti coperta la carta 7." and str(placed[0].text) == "You place 7 face down."
    assert render(placed[1].text, "it") == "x ha scelto."
    revealed = [e for e in act(s, "y", "play", "5") if e.kind == "revealed"][0]
    assert render(revealed.text, "it") == "Si scoprono le carte: x 7, y 5."
    assert str(revealed.text) == "The cards are revealed: x 7, y 5."
    won = [e for e in passed_bonuses(s) if e.kind == "round_won"][0]
    assert render(won.text, "it") == "x vince il giro con 7: un punto (x 1)."


def test_refusals_read_in_italian():
    s = new(("x", "y"))
    give(s, "x", "7")
    with pytest.raises(RuleError) as refused:
        GAME.apply(s, "x", Action("play", ("9",)))
    assert render(said(refused.value), "it") == "Non hai un 9 in mano."
    with pytest.raises(RuleError) as refused:
        GAME.apply(s, "x", Action("declare"))
    assert render(said(refused.value), "it").startswith("Puoi dichiarare da ")
    assert str(said(refused.value)).startswith("You may declare from ")


# --- what a seat reads besides events: screens, the status line, the question ----------------------

# Lines with no word of ours, only names and numbers: a score row, a bonus's signed value, a plain card.
UNWORDED = re.compile(r"\s+\S+\s+\d+[* ]\s+\d+\s+\d+\s+\d+|[+-]\d+|\d+( \[[+-]\d\])?")


def sampled_states(seed: int, variant: str, every: int = 7) -> list:
    """Copies of a seeded bots-only game of three, every ``every`` moves and at its end."""
    names = botgame.seat_names(3)
    state = GAME.new_match(names, seed, {"variant": variant} if variant else {})
    GAME.opening(state)
    rngs = {n: botgame.bot_rng(seed, n) for n in names}
    memory: dict[str, dict] = {n: {} for n in names}
    out, moves = [], 0
    while not GAME.is_over(state) and moves < 600:
        if moves % every == 0:
            out.append(pickle.loads(pickle.dumps(state)))
        bot = GAME.awaiting(state)[0]
        botgame.play_turn(GAME, state, bot, rngs[bot], "normal", memory[bot])
        moves += 1
    return out + [state]


def read_by(state, who, lang: str) -> list[str]:
    """Everything ``who`` reads of the match besides events, worded in ``lang``: each screen, the
    status line, the question and its answers' labels."""
    view = GAME.view(state, who)
    lines = [worded(line, lang) for show in GAME.screens.values() for line in show(view)]
    lines.append(worded(GAME.status(view), lang))
    asked = worded(GAME.prompt(state, who), lang)
    if asked:
        lines += [asked["text"]] + [label for label, _command in asked["choices"]]
    return lines


@pytest.fixture(scope="module", params=SEEDS, ids=lambda s: f"seed{s[0]}{'-' + s[1] if s[1] else ''}")
def states(request):
    return sampled_states(*request.param)


def test_every_screen_status_and_question_is_a_message(states):
    names = botgame.seat_names(3)
    read = [line for s in states for who in (*names, "watcher") for line in read_by(s, who, "xx")]
    assert len(read) > 500
    assert [line for line in read if not marked(line) and not UNWORDED.fullmatch(line)] == []


def test_what_a_seat_reads_never_names_what_is_hidden_from_it_in_either_language(states):
    """Shuffling all that is hidden from a seat (scramble) changes nothing it reads, in xx or Italian."""
    rng = random.Random(5)
    for s in states[::3]:
        for who in botgame.seat_names(3):
            other = GAME.scramble(s, who, rng)
            for lang in ("xx", "it"):
                assert read_by(other, who, lang) == read_by(s, who, lang)


def test_screens_and_the_question_read_in_italian():
    s = new(("x", "y"))
    give(s, "x", "7sdm", "3", "+2")
    give(s, "y", "5")
    hand = worded(show.render_hand(GAME.view(s, "x")), "it")
    assert hand[0] == "Numeriche: 7 stellina/dado/maschera, 3"
    assert str(show.render_hand(GAME.view(s, "x"))[0]) == "Numbered: 7 star/die/mask, 3"
    asked = worded(GAME.prompt(s, "x"), "it")
    assert asked["text"] == "Metti una carta coperta, oppure passa."
    assert asked["choices"][0][0] == "Passa"
    assert worded(GAME.status(GAME.view(s, "x")), "it").startswith("10x giro 1: posizionamento | tocca a te")


def test_quests_read_as_the_seed_words_them():
    from games.tenx.data import COMMON, PERSONAL
    assert render(PERSONAL["p00"].text, "it") == "vinci usando la stellina"
    assert render(COMMON["c0"].text, "it") == "vinci almeno di 3"
    assert str(PERSONAL["p00"].text) == "win using the star"


def test_the_help_page_and_the_place_read_in_italian_and_english_as_before():
    assert render(HELP_WORDS["tenx"], "it").startswith("10x - la carta più alta prende il punto")
    assert GAME.help["tenx"] is HELP_WORDS["tenx"] and str(GAME.help["tenx"]).startswith("10x - the highest")
    assert render(place.NAME, "it") == "la Taverna" and str(place.PLACE.name) == "the Tavern"


# --- round two: Italian commands quoted, the seed's stellina, the score table's columns -------------

TENX_PO = Path(games.__file__).resolve().parent / "tenx" / "locale" / "it" / "LC_MESSAGES" / "tenx.po"
ENGLISH_VERBS = ("play", "pass", "draw", "discard", "mask", "keep", "star", "roll", "cancel", "declare", "hand",
                 "quests", "cards")


def _translations() -> list[str]:
    return re.findall(r'^msgstr(?:\[\d\])? "(.*)"$', TENX_PO.read_text(encoding="utf-8"), re.M)


def test_no_italian_line_quotes_an_english_command():
    """An Italian line says what to type in Italian ('gioca 7', 'maschera <giocatore>', 'pesca', 'passa')."""
    quoted = [t for t in _translations() if re.search(r"'(%s)\b" % "|".join(ENGLISH_VERBS), t)]
    assert quoted == []
    assert any("'maschera <giocatore>'" in t for t in _translations())
    assert any("'pesca bonus'" in t for t in _translations())


def test_the_star_is_the_seed_s_stellina_and_stella_only_the_command():
    """The glossary's 'stellina' for the card's star; 'stella' only where the command is quoted."""
    for t in _translations():
        assert set(re.findall(r"\bstell\w*", re.sub(r"'stella'", "", t))) <= {"stellina", "stelline"}, t


def test_a_modifier_may_be_typed_by_its_italian_word():
    from games.tenx.cards import resolve_card
    s = new(("x", "y"))
    give(s, "x", "7sdm", "7", "3")
    assert resolve_card(s.seats["x"].hand, "7 stellina dado maschera") == resolve_card(s.seats["x"].hand, "7 star die mask")


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_score_table_s_heading_stands_over_its_columns_in_each_language(states, lang):
    for s in states[::4]:
        lines = [render(line, lang) for line in show.render_score(GAME.view(s, "bot1"))]
        rows = lines[:1 + len(GAME.view(s, "bot1")["order"])]
        assert {len(row) for row in rows} == {len(rows[0])}, rows
        assert all(len(line) <= 80 for line in rows)
