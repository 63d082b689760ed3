"""10x's help pages, written for players: ``help tenx``.

The pages are messages (``HELP_WORDS``), so the catalogue holds each in Italian; ``HELP`` gives them
as the English text the help command reads today (mud/shell/help.py splits a page into lines) --
a surface that words them per reader takes ``HELP_WORDS`` instead."""

from games.tenx.words import _

HELP_WORDS = {
    "tenx": _("""\
10x - the highest card takes the point
Each round everyone places one numbered card face down ('play 7',
'play 7 star') or passes; all are revealed together. Then, in order:
  masks   a mask card may take a random card from a hand ('mask bob'),
          then play another card in place of its own ('play 6') or 'keep'
  bonus   from the lowest card up, each may play one bonus/malus on their
          own card ('bonus +2', 'bonus -1', or a card's [bottom] value);
          values stay 1-10; another pass only if everybody played
  star    a tie at the top: a star wins it ('star')
  die     the second may roll against the first ('roll'): 5 wins,
          6 wins and draws, 4 loses, 1-3 loses and discards a card
          of your choice ('discard 3')
The highest wins a point (tied highest all do). Quests met are shown and
rewarded: (+1 card) draws a game card, (+1 quest) a new personal quest,
(+1 point) is a point; three different quests met give a point.
A card's [+1] is what it gives when played as a bonus/malus.
From round 2: 'draw' (a card) or 'draw bonus' (two bonus/malus); then, and
only then, you may discard 7 game cards or 3 different quests for a point
('discard cards ...', 'discard quests') or 'pass'.
Every third round a common quest appears and everyone draws a quest.
With 4/3/2 players: 'declare' from 7/10/15 points; 10/12/20 ends it.
Screens: hand, quests, score, look."""),
}

HELP = {topic: str(page) for topic, page in HELP_WORDS.items()}
