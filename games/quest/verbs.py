"""The verbs a player has while seated at Quest, each declared once: grammar (read by mud/shell/parser.py),
help, and the rule that carries it out."""

from __future__ import annotations

from games.engine import Action, Verb
from games.quest import actions, belongings, duels, mapnotes, rules, spells, treasures


def _give(m: dict) -> Action:
    return Action("give", (m["PLAYER"], m.get("NUMBER", 1), m["ITEM"]))


def _leave(m: dict) -> Action:
    args = (m["open|closed"],) + ((m["gold|silver|black"],) if "gold|silver|black" in m else ())
    return Action("leave", args)


def _take(m: dict) -> Action:
    word = m.get("key|keys|gold|silver") or m.get("gold|silver")
    return Action("take", ("key" if word in (None, "keys") else word,))


def _fight(m: dict) -> Action:
    if "dragon" in m:
        return Action("act")  # 'fight dragon' in a dragon's cave is its action
    if "DIR" in m:
        return Action("fight", (None, m["DIR"]))
    return Action("fight", (m["PLAYER"],) if "PLAYER" in m else ())


def _heal(m: dict) -> Action:
    return Action("heal", (m["PLAYER"],)) if "PLAYER" in m else Action("heal")


def _throw(choice: str):
    return lambda m: Action("throw", (choice,))


def _act(m: dict) -> Action:
    return Action("act", (m["WORD"],) if "WORD" in m else ())


VERBS: tuple[Verb, ...] = (
    Verb("move", ("DIR",), ("go", "walk", "step"), "Step through a door (rolls the die on your first step).",
         ("move north", "go e", "n", "south", "move n n e", "north 3"), topic="moving", handler=rules.do_move,
         repeats=True),
    Verb("roll", ("",), (), "Roll the die to start moving (a first step rolls for you).", ("roll",),
         topic="moving", handler=rules.do_roll),
    Verb("peek", ("DIR?",), ("examine", "inspect"), "Look at the doors of your room while you move: all, or one.",
         ("peek", "peek door east", "peek north"), topic="doors", handler=rules.do_peek, free=True),
    Verb("stop", ("",), ("wait",), "End your move early (before you move, 'pass' ends your turn).", ("stop",),
         topic="moving", handler=rules.do_stop),
    Verb("pass", ("",), ("end", "done"), "End your turn: pass a turn you have not used, or stop moving.",
         ("pass",), topic="moving", handler=rules.do_pass),
    Verb("act", ("WORD?",), ("do", "search", "work", "try"),
         "Attempt your room's action instead of moving (d6 >= difficulty).",
         ("act", "act with damsel"), build=_act, topic="actions", handler=actions.do_act, words=("damsel", "head")),
    Verb("buy", ("WORD",), ("smith",), "At a Field of Mars: ask the smith for a weapon (1 gold; free for knights).",
         ("buy sword", "buy shield"), topic="actions", handler=actions.do_buy,
         words=("sword", "lance", "mace", "shield", "armour")),
    Verb("take", ("key|keys|gold|silver", "gold|silver key"), ("get", "pick"),
         "Pick up a key lying in your room.", ("take key", "take silver key"), build=_take,
         topic="keys", handler=belongings.do_take, free=True),
    Verb("leave", ("open|closed gold|silver|black?", "gold|silver|black open|closed"), (),
         "After crossing a locked door: leave it open for everyone, or closed.",
         ("leave open", "leave closed"), build=_leave, topic="keys", handler=rules.do_leave),
    Verb("give", ("PLAYER NUMBER? ITEM", "NUMBER? ITEM PLAYER"), ("pay", "hand"),
         "Give gold, a card, a treasure or a key to any player, anywhere, any time.",
         ("give bob 2 gold", "give rope to bob"), build=_give, topic="trading", handler=belongings.do_give, free=True),
    Verb("allow", ("PLAYER?",), ("yes", "accept"), "Let the player asking to enter your room in.",
         ("allow",), build=lambda m: Action("allow"), topic="consent", handler=rules.do_allow),
    Verb("scry", ("PLAYER",), ("gaze", "ball"), "Use your crystal ball on a player: their cards, treasures, room and "
         "doors, for you alone (your whole turn).", ("scry bob",), topic="treasures", handler=treasures.do_scry),
    Verb("consent", ("all|ask|none",), (), "Your standing answer to anyone entering your room: all, ask or none.",
         ("consent all", "consent ask", "consent none"), topic="consent", handler=rules.do_consent, free=True),
    Verb("deny", ("PLAYER?",), ("no", "refuse"), "Keep the player asking to enter your room out.",
         ("deny",), build=lambda m: Action("deny"), topic="consent", handler=rules.do_deny),
    Verb("fight", ("", "dragon", "DIR", "PLAYER"), ("attack", "duel", "challenge"),
         "Force your way into an occupied room, fight to stay where you were beaten, or hold a tournament.",
         ("fight", "fight north", "fight bob"), build=_fight, topic="duels", handler=rules.do_fight),
    Verb("rock", ("",), (), "In an unarmed duel: choose rock, in secret.", ("rock",), build=_throw("rock"),
         topic="duels"),
    Verb("paper", ("",), (), "In an unarmed duel: choose paper, in secret.", ("paper",), build=_throw("paper"),
         topic="duels"),
    Verb("scissors", ("",), (), "In an unarmed duel: choose scissors, in secret.", ("scissors",),
         build=_throw("scissors"), topic="duels"),
    Verb("throw", ("rock|paper|scissors",), ("choose", "show"), "In an unarmed duel: rock, paper or scissors.",
         ("throw rock",), topic="duels", handler=duels.do_throw),
    Verb("play", ("WORD",), ("answer", "strike", "block"),
         "In an armed duel: play a weapon card (sword, lance, mace, shield); against a bolt: mace, shield or none.",
         ("play sword", "block shield", "play none"), topic="duels", handler=duels.do_play),
    Verb("armour", ("break|keep",), ("armor",), "Your standing choice in armed duels: break an armour to take a "
         "lost hand (the default), or keep it.", ("armour break", "armour keep"), topic="duels",
         handler=duels.do_armour, free=True),
    Verb("loot", ("ITEM",), ("steal", "plunder"), "After winning a duel: take one thing from the loser.",
         ("loot sword", "loot gold", "loot potion"), topic="duels", handler=duels.do_loot),
    Verb("heal", ("me|myself|self|potion?", "PLAYER"), ("drink", "cure"),
         "Use your health potion on a mortally wounded player, or yourself.", ("heal bob", "drink potion"),
         build=_heal, topic="duels", handler=treasures.do_heal, free=True),
    Verb("cast", ("bolt PLAYER", "sight ROOM"), ("spell",),
         "A wizard's turn: a bolt at a player in or next to your room, or sight of any room.",
         ("cast bolt at bob", "cast sight C4"), build=lambda m: Action("cast", (
             ("bolt", m["PLAYER"]) if "PLAYER" in m else ("sight", m["ROOM"]))), topic="spells", handler=spells.do_cast),
    Verb("ledger", ("", "verify"), ("book",), "Read the ledger of successful actions; at the end, verify it.",
         ("ledger", "ledger verify"), screen="ledger", topic="ledger"),
    Verb("map", ("",), ("m",), "Show your own map of the labyrinth.", ("map",), screen="map", topic="map"),
    Verb("mark", ("DIR open|closed|unknown",), (), "Mark a door of your room on your own map (only you see it).",
         ("mark east open", "mark n closed", "mark e unknown"), topic="map", handler=mapnotes.do_mark, free=True),
    Verb("note", ("ROOM TEXT?",), (), "Write a note on a room of your own map (no text erases it).",
         ("note B4 dragon here?", "note B4"), topic="map", handler=mapnotes.do_note, free=True),
    Verb("notes", ("",), (), "List the notes on your map.", ("notes",), screen="notes", topic="map"),
)
