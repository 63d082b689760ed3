"""The spellings a probe found accepted but not listed (issue 25): each is now an alternate spelling
of one listed action (``GameSpec.canonical``, the form ``apply`` runs), or refused. Each test finds
its moment in seeded bot games, so it needs no hand-built state."""

from __future__ import annotations

import pickle

import games
from games.engine import Action, RuleError, fits
from games.tenx.cards import code
from games.tenx.data import CARDS
from tests.contract.kit import play


def _moments(name: str, seeds=range(3), every: int = 3):
    """(state, player, legal actions) at sampled states of seeded bot games."""
    game = games.get(name)
    for seed in seeds:
        for state in play(name, seed, sample_every=every).states:
            for p in game.seats_of(state):
                yield state, p, game.legal_actions(state, p)


def _applies(name: str, state, player, action: Action) -> bool:
    try:
        games.get(name).apply(pickle.loads(pickle.dumps(state)), player, action)
    except RuleError:
        return False
    return True


def test_quest_a_note_of_any_text_fits_the_listed_template_and_erasing_no_note_is_refused():
    quest = games.get("quest")
    state, p, legal = next(m for m in _moments("quest", range(1), 50) if m[2])
    typed = Action("note", ("B4", "dragon   here"))
    assert quest.canonical(state, p, typed) == Action("note", ("B4", "dragon here"))
    assert fits(quest.canonical(state, p, typed), legal) and _applies("quest", state, p, typed)
    assert "B4" not in state.players[p].notes
    assert Action("note", ("B4",)) not in legal and not _applies("quest", state, p, Action("note", ("B4",)))


def test_quest_choosing_the_consent_one_already_has_is_refused_as_it_is_not_listed():
    state, p, legal = next(m for m in _moments("quest", range(1), 50) if m[2])
    now = state.players[p].consent
    assert Action("consent", (now,)) not in legal and not _applies("quest", state, p, Action("consent", (now,)))
    other = next(c for c in ("all", "ask", "none") if c != now)
    assert Action("consent", (other,)) in legal and _applies("quest", state, p, Action("consent", (other,)))


def test_tenx_play_by_number_is_the_listed_card_code():
    tenx = games.get("tenx")
    for state, p, legal in _moments("tenx"):
        numbered = [c for c in state.seats[p].hand if CARDS[c].kind == "number"]
        once = [c for c in numbered if [CARDS[o].value for o in numbered].count(CARDS[c].value) == 1]
        if state.round.phase == "place" and Action("pass") in legal and once:
            typed = Action("play", (str(CARDS[once[0]].value),))
            assert tenx.canonical(state, p, typed) == Action("play", (code(once[0]),)) in legal
            assert _applies("tenx", state, p, typed)
            return
    raise AssertionError("no placing moment found")


def test_legend_a_mission_by_its_table_number_and_cards_in_any_case_are_the_listed_form():
    legend = games.get("legend")
    for state, p, legal in _moments("legend"):
        for action in legal:
            if action.verb in ("undertake", "disturb") and len(action.args) == 3:
                entry = next(e for e in state.table if e.mission == action.args[0] or
                             str(state.table.index(e) + 1) == action.args[0])
                number = str(state.table.index(entry) + 1)
                typed = Action(action.verb, (number, "with", action.args[2].lower()))
                if legend.canonical(state, p, typed) == action:
                    assert _applies("legend", state, p, typed)
                    return
    raise AssertionError("no moment with a card under a mission found")


def test_legend_several_cards_at_once_keep_their_order_with_the_listed_mission_word():
    legend = games.get("legend")
    for state, p, legal in _moments("legend"):
        for action in legal:
            if action.verb == "disturb" and len(action.args) > 3:  # a set that meets a mission
                number = str(next(i for i, e in enumerate(state.table, 1)
                                  if action.args[0] in (e.mission, str(i)) and e.owner != p))
                typed = Action("disturb", (number, "WITH", *(c.lower() for c in action.args[2:])))
                assert legend.canonical(state, p, typed) == action
                return
    raise AssertionError("no moment with a set of cards meeting a mission found")


def test_quantum_an_attack_by_ship_value_without_its_square_is_the_listed_attack():
    quantum = games.get("quantum")
    for state, p, legal in _moments("quantum"):
        for action in legal:
            if action.verb == "attack":
                ship, target = action.args[0], action.args[1]
                value = next(s.value for s in state.fleet(p) if s.square == ship)
                if [s.value for s in state.fleet(p)].count(value) != 1:
                    continue
                typed = Action("attack", (str(value), target.upper()))
                canon = quantum.canonical(state, p, typed)
                assert canon.args[:2] == (ship, target) and canon in legal
                assert _applies("quantum", state, p, typed)
                return
    raise AssertionError("no attack found")


def test_dungeon_chess_a_ransom_left_to_the_rules_names_what_they_choose():
    chess = games.get("chess")
    for state, p, legal in _moments("chess"):
        listed = [a for a in legal if a.verb == "ransom"]
        if listed:
            typed = Action("ransom", (listed[0].args[0].upper(), None, None))
            assert chess.canonical(state, p, typed) in listed and _applies("chess", state, p, typed)
            return
    raise AssertionError("no ransom found")


def test_quest_fighting_the_occupant_of_the_room_one_waits_to_enter_is_the_listed_bare_fight():
    """Found by the legal-iff test under one hash seed: at a refused consent, 'fight bob' (bob being
    in the room asked for) forces the way in exactly as the listed 'fight' does."""
    quest = games.get("quest")
    checked = 0
    for state, player, legal in _moments("quest", seeds=range(4), every=1):
        turn = state.turn
        if turn.player != player or turn.phase != "consent":
            continue
        for who in state.occupants(turn.consent.target):
            assert Action("fight") in legal
            assert quest.canonical(state, player, Action("fight", (who,))) == Action("fight")
            checked += 1
        door = Action("fight", (None, turn.consent.direction))  # 'fight north', the door asked for
        assert quest.canonical(state, player, door) == Action("fight")
    assert checked
