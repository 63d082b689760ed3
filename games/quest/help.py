"""Quest's help pages, written for players: ``help quest`` and ``help <topic>``.

Each page is a message (the catalogue holds it in Italian, quoting the Italian commands), and each
topic's key keeps its English word while its name is a message too (``aiuto duelli``)."""

from games.places import Topic
from games.quest.words import _

HELP = {
    "quest": _("""\
QUEST - the labyrinth
A 5x8 labyrinth of hidden rooms (rows A-E top to bottom, columns 1-8 left to
right). You start as a vassal with 1 gold on a random room and know only the
rooms you have stood on.
Knighthood (three successful actions each way):
    smith (buy sword) -> dragon's cave (act) -> castle (act)
    port (rope)       -> tower (act, frees a damsel) -> castle (act)
Full game (the default): then become a wizard (a desert's epiphany, the Grail
in a countryside, or a tournament), take a bible from a church, and be crowned
at a castle. The last one alive also wins. Basic game (--rules basic): the
first knight wins.
On your turn do ONE thing: move (roll a d6, step up to that many rooms), act
in your room, use the crystal ball, cast a spell, or pass. Talking, giving,
'map', 'inventory' and 'ledger' are free at any time.
More: help moving, help doors, help actions, help keys, help consent,
      help duels, help spells, help treasures, help trading, help ledger,
      help map"""),
    Topic("moving", _("moving")): _("""\
MOVING
  roll          roll the die (your first step rolls it for you)
  move north    step through the north door; also: go n, north, n
  stop          end your move early; pass ends your turn (before moving too)
A closed door blocks you but does not spend the step: try another door. The
turn ends when your steps run out. Every room you stand on shows you its
identity (only to you)."""),
    Topic("doors", _("doors")): _("""\
DOORS  (a door's colour is public; its face, open or closed, is hidden until
seen)
  green   always open
  white   open or closed; once looked at it stays face up for everyone
  red     open or closed; when you look, only you learn it
  gold, silver, black   locked: only the holder of that key passes
  peek            look at every door of your room (starts your move)
  peek east       look at one door; 'peek door east' works too
Trying a door you have not seen also shows it to you."""),
    Topic("actions", _("actions")): _("""\
ACTIONS  (instead of moving: 'act'; roll a d6, success if the roll >= the
room's difficulty 1-4)
  Castle        knighthood: bring a dragon head or a damsel (the card is
                spent)
  Desert        epiphany (knights only, full game) -> wizard
  Forest        search for a chest -> a random treasure
  City          odd job -> 1 gold coin
  Tower         free the damsel: needs a rope
  Field of Mars the smith: 'buy sword|lance|mace|shield|armour' (1 gold; free
                for knights)
  Church        a bible
  Countryside   the Grail (knights only, full game) -> wizard
  Sea port      a rope
  Dragon's cave face the dragon: needs a sword -> dragon head
Others learn only that you acted and whether you succeeded (the ledger); what
you got is secret."""),
    Topic("keys", _("keys")): _("""\
KEYS
The gold and silver keys lie on two rooms (everyone knows where); the black
key is a treasure.
  take key        pick up a key in your room (free)
Crossing a locked door with its key shows the key to all. Before your turn
ends:
  leave open      anyone may pass it from now on
  leave closed    it stays locked"""),
    Topic("consent", _("consent")): _("""\
CONSENT
Entering a room where other players stand needs their consent. They are asked
and answer:
  allow           let them in
  deny            keep them out (the step is not spent; try another way)
  consent all     from now on let anyone in without being asked (consent none:
                  keep all out; consent ask: be asked again). Nobody else
                  learns your choice.
Refused? 'fight' forces your way in: your move ends there, in a duel with
every occupant who did not let you in, one after another (help duels). Lose
one and you are driven back."""),
    Topic("duels", _("duels")): _("""\
DUELS  (entering without consent: 'fight', 'fight north' or 'fight bob')
  Both unarmed   rock, paper or scissors, in secret ('rock'); a tie goes to
                 the lighter (treasures + gold + weapon cards; the bag counts
                 1, an armour nothing); the same weight: choose again.
  One armed      the unarmed loses at once.
  Both armed     hands: the attacker plays a weapon ('play sword'), the
                 defender answers. Sword beats mace and lance; lance beats
                 shield and mace; mace beats shield; shield beats sword; the
                 same weapon: nobody takes the hand. Out of cards, you lose
                 each hand left. A hand you lose, an armour takes instead (the
                 armour is gone): 'armour keep' saves yours, 'armour break'
                 (the default) uses them. Most hands wins; equal: the lighter,
                 then the defender.
After the duel: weapons go back. The winner holds the room (the loser must
leave it or fight again; an attacker who loses goes back where they came from)
and takes one thing: 'loot rope', 'loot gold', 'loot gold key'.
A loser with nothing is mortally wounded: a health potion ('heal bob', 'drink
potion') must reach them before their next turn, or they die and watch. The
last one alive wins."""),
    Topic("spells", _("spells")): _("""\
SPELLS  (wizards, full game; a spell is your whole turn)
  cast bolt at bob   a duel of one hand against bob, in your room or next to
                     it through a door the bolt can pass: it beats swords,
                     lances and the unarmed; a mace or a shield stops it; a
                     bible absorbs it (and crumbles). A closed door takes it.
  cast sight C4      learn room C4's type and all its doors, for you alone.
Becoming a wizard: as a knight, an epiphany in a desert, the Grail in a
countryside, or winning a tournament ('fight bob', two knights in a castle).
A wizard with a bible is crowned at a castle."""),
    Topic("trading", _("trading")): _("""\
TRADING
Give anything to anyone, anywhere, any time; nothing enforces deals or bribes.
  give bob 2 gold     give bob rope     give rope to bob     give bob gold key"""),
    Topic("treasures", _("treasures")): _("""\
TREASURES (found in forests; secret until you use them)
  crystal ball    on your turn, instead of anything else: 'scry bob' shows you
                  bob's cards, treasures, the room he stands on and its doors.
                  Only you see it; you keep the ball.
  bag of money    gold without end: pay any amount (it weighs as one card).
  black key       opens the black door.
  health potion   'heal bob' (or 'drink potion') saves a mortally wounded
                  player before their next turn; the potion is spent."""),
    Topic("ledger", _("ledger")): _("""\
THE LEDGER
Every successful action is written as 'player, room = roll'. Anyone can read
it ('ledger'); the room's identity stays hidden until the end, when the map is
revealed and every entry is checked.
The map was sealed at the start (its commitment is shown under the ledger): at
the end, 'ledger verify' proves the revealed map is the one dealt and that
every entry holds."""),
    Topic("map", _("map")): _("""\
YOUR MAP ('map')
Rooms you know show their type and difficulty (Ca2 = castle, difficulty 2);
'?' is unknown. Doors: = green, o open, x closed, w/r white/red not yet seen,
G S B locked (g s b: left open). Marks: @ you, a letter or digit another
player (the map's last lines say whose), k a key on the floor, * your note.
In the TUI the doors are drawn as lines in their colours (F1 shows the key).
Keep your own notes, seen by nobody else: 'mark east closed' marks a door of
your room (O X on the map; 'mark east unknown' clears it), 'note B4 dragon?'
writes on a room, 'notes' lists them."""),
}


# F1's page at a Quest match in the TUI starts with these (the board, mud/tui/boards/quest.py, reads
# them from GameSpec.board): how to win under the match's rules, then the way to knighthood -- messages,
# which the TUI words in its reader's language (its ``tr``).
WIN_BY_RULES = {"basic": _("Basic rules: the first vassal knighted wins."),
                "full": _("Full rules: knight, then wizard, then crowned king (see: help quest).")}
GOAL_SUMMARY = _("""\
How to be knighted: hold a damsel (a rope from a sea port, then free her in
  an abandoned tower) or a dragon head (a sword from a field of Mars, then
  the dragon in its cave), and win an audience in a castle. Every action is
  a d6 against the room's difficulty; the ledger lists who succeeded.""")
