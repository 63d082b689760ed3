"""Quest for Legend and Quantum tell another player's turn in one line; 10x and Dungeon Chess keep
every line (their turns are one line each already)."""

import games
from games.engine import Event, joined_turn


def test_joined_turn_is_the_actors_name_then_each_events_words():
    events = [Event("turn", "Round 2: bot1's turn (Perseus).", {"player": "bot1"}),
              Event("undertaken", "bot1 undertakes Medusa with I (still needs A E E).", {}),
              Event("drew", "bot1 draws a card.", {})]
    assert joined_turn("bot1", events) == ["bot1: undertakes Medusa with I (still needs A E E); draws a card."]
    assert joined_turn("bot1", events[:1]) == []


def test_a_sentence_of_its_own_is_lowered_inside_the_joined_line():
    """Found replaying Quest for Legend: "...go to the discard pile; The draw pile is empty: ..."."""
    events = [Event("aborted", "bot3 aborts bot2's Horse: nobody scores.", {}),
              Event("reshuffled", "The draw pile is empty: the 18 discarded cards are shuffled.", {}),
              Event("drew", "bot3 draws a card.", {})]
    assert joined_turn("bot3", events) == [
        "bot3: aborts bot2's Horse: nobody scores; the draw pile is empty: the 18 discarded cards are "
        "shuffled; draws a card."]
    named = [Event("gift", "Ann gives a card.", {})]
    assert joined_turn("bot3", named) == ["bot3: Ann gives a card."]  # a name keeps its capital


def test_which_games_fold():
    folding = {name for name in ("quest", "legend", "quantum", "tenx", "chess") if games.get(name).summarise}
    assert folding == {"quest", "legend", "quantum"}


def test_quantum_leaves_out_the_turns_announcement_and_end():
    q = games.get("quantum")
    events = [Event("turn", "Round 1: bot1's turn (3 actions).", {"player": "bot1"}),
              Event("moved", "bot1 moves the 3 from f2 to d1.", {}),
              Event("turn_end", "bot1 ends the turn.", {})]
    assert q.summarise("bot1", events, "ann") == ["Round 1: bot1's turn: moves the 3 from f2 to d1."]
    assert q.summarise("bot1", events[1:], "ann") == ["bot1: moves the 3 from f2 to d1."]


def test_legend_leads_with_the_turns_header():
    events = [Event("turn", "Round 2: bot1's turn (Perseus).", {"player": "bot1"}),
              Event("drew", "bot1 draws a card.", {}), Event("discarded", "bot1 discards A.", {})]
    assert games.get("legend").summarise("bot1", events, "ann") == ["Round 2: bot1's turn (Perseus): draws a card; discards A."]
