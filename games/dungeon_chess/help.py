"""Dungeon Chess's help page, written for players: ``help chess``.

The pages are messages (``HELP_WORDS``), so the catalogue holds each in Italian; ``HELP`` gives them
as the English text the help command reads today (mud/shell/help.py splits a page into lines) --
a surface that words them per reader takes ``HELP_WORDS`` instead."""

from games.dungeon_chess.words import _

HELP_WORDS = {
    "chess": _("""\
DUNGEON CHESS - capture characters, collect chests (2-4 players)
Each squad: 3 Fighters (L, 2 pts, 1 square orthogonally), a Kor Warrior
(Gk, 4, 1-3 orthogonally), a Warrior (G, 3, 1-3 diagonally), a Mage (M, 5,
1-3 any way) and 2 chests (3 each). Lines are straight; nobody jumps.
On your turn do one thing:
  move e2 e5  (e2-e5, e2e5)  land on an enemy to capture it
  teleport c2   from one of your teleport squares ( ) to the other
  ransom warrior   pay a chest to its holder: it comes back on a free
                   entry square of yours [ ] ('ransom mage f1 bob')
Entry squares [ ]: safe, no capture from them, nobody in play stops on
one; when all yours on the board stand there, one must come out.
Never the same move more than three turns running. With 3-4 players a
last character cannot be captured ("At least one!").
The game ends when every player but one has a single character left
(with 2: when one has). Score: own characters + captured ones + chests
+ your secret target if it holds at the end. 'keep 3' keeps a target.
Screens: board, captured, target, score, look."""),
}

HELP = {topic: str(page) for topic, page in HELP_WORDS.items()}
