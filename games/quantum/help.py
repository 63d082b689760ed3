"""Quantum's help pages, written for players: ``help quantum``, ``help gambits``, ``help mapfiles``.

Each page is a message (the catalogue holds it in Italian, quoting the Italian commands); a topic keeps
its English key and has its name as a message too (``aiuto gambetti``)."""

from games.places import Topic
from games.quantum.words import _

HELP = {
    "quantum": _("""\
Quantum - dice are ships; build all your cubes on the planets first.
Set-up: 'keep' your 3 dice or 'reroll' all once; the lowest total picks a
start planet first ('home e2') and plays first, then clockwise (players
tied for the lowest roll a die, the lowest first).
A turn is 3 actions (repeats allowed), then 'end':
  move 3 to d5   a ship (its value or square) goes up to its value in
                 orthogonal steps, never through ships or planets
  attack 3 f5    end a move on an enemy: each rolls d6 + ship value, the
                 LOWER total wins, ties to the attacker; the loser's ship
                 is destroyed ('advance' into its square or 'stay')
  deploy c3      a ship from your scrapyard, around a planet of yours
  reconfigure 6  reroll a ship
  build e2       2 actions: your ships on the planet's 4 orthogonal
                 squares add up exactly to its number (7-10); a 2nd
                 cube of yours there only when every free planet has
                 yours, needing +3 per cube already there (anyone's)
  research       +1 research; at 6 a card at the end of the turn
Abilities, free, each ship once a turn: 'use 1 on d5' attack next to it;
'use 2 d4 e6 f6' carry a ship (its move); 'use 3 with f6' swap; 'use 4 5'
become 3 or 5; a 5 moves diagonally; 'use 6' reroll.
Dominion: +1 per attack won, -1 per defence lost; at 6 'place' a cube.
Cards: after a build or research 6, 'take <card>' or its number in
'cards', or 'refresh' (six others are drawn, and you take none).
Void tiles (~): a ship there at the end of your turn gives +1 research.
Screens: map, cards, score, inventory. More: help gambits, help mapfiles."""),
    Topic("gambits", _("gambits")): _("""\
Quantum cards: 3 gambits (used at once) and 3 commands (kept, 3 at most)
lie face up. Gambits: expansion (a 4th/5th ship comes into play; none
once both have been in play), surge (+1 action), overdrive (a ship moves
twice), relocation (move an enemy cube), reorganise (reroll your ships),
sabotage (destroy an enemy ship next to yours). Commands: ferocious (-1
to your combat totals), swift (+1 movement), scholar (+1 research each
turn), stubborn (win ties when defending), engineer (builds may miss by
1), tactician (4 actions), warden (your ships next to your cubes cannot be
carried or swapped), raider (+1 dominion per attack won). A gambit taken
at the end of a turn is played at the start of your next. 'cards' shows
the six."""),
    Topic("mapfiles", _("mapfiles")): _("""\
Quantum maps: 'start map=two|three|four' picks a built-in map (for 2, 3, 4
players). In local play a map file of your own works too ('start map=FILE',
'mud play quantum --map FILE', '@map FILE'): one line per row of tiles,
7 8 9 10 planets (S1.. marks the starting planets, one per player), V the
void, . no tile; 'cubes N' sets the cubes each; # starts a comment. As
many players as S marks ('--players 2', 'start bots=1 map=FILE'):
  cubes 7
  8 9S1 10
  7 V 7
  10 9S2 8"""),
}
