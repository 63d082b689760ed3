"""The verbs a player has while seated at Quest, each declared once: grammar (read by mud/shell/parser.py),
help, and the rule that carries it out."""

from __future__ import annotations

from games.engine import Action, Verb, forms
from games.quest import actions, belongings, duels, mapnotes, rules, spells, treasures
from games.quest.words import _

# The things of Quest as the Italian seed names them, read as the English words the rules know
# (games/quest/items.py); an ITEM's phrase is read whole, without its little words ('sfera di cristallo').
WEAPONS_IT = "spada:sword lancia:lance mazza:mace scudo:shield armatura:armour"
COLOURS_IT = "oro:gold d'oro:gold argento:silver d'argento:silver"
KEYS_IT = "chiave:key chiavi:keys " + COLOURS_IT
ITEMS_IT = {"oro": "gold", "moneta": "gold", "monete": "gold", "soldi": "gold", "spada": "sword", "lancia": "lance",
            "mazza": "mace", "scudo": "shield", "armatura": "armour", "corda": "rope", "damigella": "damsel",
            "donzella": "damsel",
            "testa": "head", "testa drago": "dragon head", "bibbia": "bible", "graal": "grail",
            "sfera": "crystal ball", "sfera cristallo": "crystal ball", "pozione": "health potion",
            "pozione salute": "health potion", "borsa": "bag of money", "borsa soldi": "bag of money",
            "chiave d'oro": "gold key", "chiave oro": "gold key", "chiave d'argento": "silver key",
            "chiave argento": "silver key", "chiave nera": "black key"}


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
    Verb("move", ("DIR",), ("go", "walk", "step"), _("Step through a door (rolls the die on your first step)."),
         ("move north", "go e", "n", "south", "move n n e", "north 3"), topic="moving", handler=rules.do_move,
         repeats=True,
         langs={"it": forms("muovi vai cammina", examples=("muovi nord", "vai e", "n", "sud", "muovi n n e", "nord 3"))}),
    Verb("roll", ("",), (), _("Roll the die to start moving (a first step rolls for you)."), ("roll",),
         topic="moving", handler=rules.do_roll,
         langs={"it": forms("tira", examples=("tira",))}),
    Verb("peek", ("DIR?",), ("examine", "inspect"), _("Look at the doors of your room while you move: all, or one."),
         ("peek", "peek door east", "peek north"), topic="doors", handler=rules.do_peek, free=True,
         langs={"it": forms("sbircia esamina", "porta:door", ("sbircia", "sbircia porta est", "sbircia nord"))}),
    Verb("stop", ("",), ("wait",), _("End your move early (before you move, 'pass' ends your turn)."), ("stop",),
         topic="moving", handler=rules.do_stop,
         langs={"it": forms("fermati aspetta", examples=("fermati",))}),
    Verb("pass", ("",), ("end", "done"), _("End your turn: pass a turn you have not used, or stop moving."),
         ("pass",), topic="moving", handler=rules.do_pass,
         langs={"it": forms("passa fine", examples=("passa",))}),
    Verb("act", ("WORD?",), ("do", "search", "work", "try"),
         _("Attempt your room's action instead of moving (d6 >= difficulty)."),
         ("act", "act with damsel"), build=_act, topic="actions", handler=actions.do_act, words=("damsel", "head"),
         langs={"it": forms("agisci cerca lavora prova", "donzella:damsel damigella:damsel testa:head", ("agisci", "agisci con la donzella"))}),
    Verb("buy", ("WORD",), ("smith",), _("At a Field of Mars: ask the smith for a weapon (1 gold; free for knights)."),
         ("buy sword", "buy shield"), topic="actions", handler=actions.do_buy,
         words=("sword", "lance", "mace", "shield", "armour"),
         langs={"it": forms("compra", WEAPONS_IT, ("compra spada", "compra scudo"))}),
    Verb("take", ("key|keys|gold|silver", "gold|silver key"), ("get", "pick"),
         _("Pick up a key lying in your room."), ("take key", "take silver key"), build=_take,
         topic="keys", handler=belongings.do_take, free=True,
         langs={"it": forms("prendi raccogli", KEYS_IT, ("prendi chiave", "prendi chiave d'argento"), ("key gold|silver",))}),
    Verb("leave", ("open|closed gold|silver|black?", "gold|silver|black open|closed"), (),
         _("After crossing a locked door: leave it open for everyone, or closed."),
         ("leave open", "leave closed"), build=_leave, topic="keys", handler=rules.do_leave,
         langs={"it": forms("lascia", "aperta:open aperto:open chiusa:closed chiuso:closed nera:black " + COLOURS_IT, ("lascia aperta", "lascia chiusa"))}),
    Verb("give", ("PLAYER NUMBER? ITEM", "NUMBER? ITEM PLAYER"), ("pay", "hand"),
         _("Give gold, a card, a treasure or a key to any player, anywhere, any time."),
         ("give bob 2 gold", "give rope to bob"), build=_give, topic="trading", handler=belongings.do_give, free=True,
         langs={"it": forms("dai paga", ITEMS_IT, ("dai bob 2 oro", "dai la corda a bob"))}),
    Verb("allow", ("PLAYER?",), ("yes", "accept"), _("Let the player asking to enter your room in."),
         ("allow",), build=lambda m: Action("allow"), topic="consent", handler=rules.do_allow,
         langs={"it": forms("permetti sì si accetta", examples=("permetti",))}),
    Verb("scry", ("PLAYER",), ("gaze", "ball"), _("Use your crystal ball on a player: their cards, treasures, room and "
         "doors, for you alone (your whole turn)."), ("scry bob",), topic="treasures", handler=treasures.do_scry,
         langs={"it": forms("scruta sfera", examples=("scruta bob",))}),
    Verb("consent", ("all|ask|none",), (), _("Your standing answer to anyone entering your room: all, ask or none."),
         ("consent all", "consent ask", "consent none"), topic="consent", handler=rules.do_consent, free=True,
         langs={"it": forms("consenso", "tutti:all chiedi:ask nessuno:none", ("consenso tutti", "consenso chiedi", "consenso nessuno"))}),
    Verb("deny", ("PLAYER?",), ("no", "refuse"), _("Keep the player asking to enter your room out."),
         ("deny",), build=lambda m: Action("deny"), topic="consent", handler=rules.do_deny,
         langs={"it": forms("nega rifiuta", examples=("nega",))}),
    Verb("fight", ("", "dragon", "DIR", "PLAYER"), ("attack", "duel", "challenge"),
         _("Force your way into an occupied room, fight to stay where you were beaten, or hold a tournament."),
         ("fight", "fight north", "fight bob"), build=_fight, topic="duels", handler=rules.do_fight,
         langs={"it": forms("combatti attacca sfida", "drago:dragon", ("combatti", "combatti nord", "combatti bob"))}),
    Verb("rock", ("",), (), _("In an unarmed duel: choose rock, in secret."), ("rock",), build=_throw("rock"),
         topic="duels",
         langs={"it": forms("sasso", examples=("sasso",))}),
    Verb("paper", ("",), (), _("In an unarmed duel: choose paper, in secret."), ("paper",), build=_throw("paper"),
         topic="duels",
         langs={"it": forms("carta", examples=("carta",))}),
    Verb("scissors", ("",), (), _("In an unarmed duel: choose scissors, in secret."), ("scissors",),
         build=_throw("scissors"), topic="duels",
         langs={"it": forms("forbici", examples=("forbici",))}),
    Verb("throw", ("rock|paper|scissors",), ("choose", "show"), _("In an unarmed duel: rock, paper or scissors."),
         ("throw rock",), topic="duels", handler=duels.do_throw,
         langs={"it": forms("mostra scegli", "sasso:rock carta:paper forbici:scissors", ("mostra sasso",))}),
    Verb("play", ("WORD",), ("answer", "strike", "block"),
         _("In an armed duel: play a weapon card (sword, lance, mace, shield); against a bolt: mace, shield or none."),
         ("play sword", "block shield", "play none"), topic="duels", handler=duels.do_play,
         langs={"it": forms("gioca colpisci para", WEAPONS_IT + " nessuna:none niente:none", ("gioca spada", "para scudo", "gioca nessuna"))}),
    Verb("armour", ("break|keep",), ("armor",), _("Your standing choice in armed duels: break an armour to take a "
         "lost hand (the default), or keep it."), ("armour break", "armour keep"), topic="duels",
         handler=duels.do_armour, free=True,
         langs={"it": forms("armatura", "rompi:break tieni:keep", ("armatura rompi", "armatura tieni"))}),
    Verb("loot", ("ITEM",), ("steal", "plunder"), _("After winning a duel: take one thing from the loser."),
         ("loot sword", "loot gold", "loot potion"), topic="duels", handler=duels.do_loot,
         langs={"it": forms("saccheggia ruba", ITEMS_IT, ("saccheggia spada", "saccheggia oro", "saccheggia pozione"))}),
    Verb("heal", ("me|myself|self|potion?", "PLAYER"), ("drink", "cure"),
         _("Use your health potion on a mortally wounded player, or yourself."), ("heal bob", "drink potion"),
         build=_heal, topic="duels", handler=treasures.do_heal, free=True,
         langs={"it": forms("cura bevi", "pozione:potion", ("cura bob", "bevi pozione"))}),
    Verb("cast", ("bolt PLAYER", "sight ROOM"), ("spell",),
         _("A wizard's turn: a bolt at a player in or next to your room, or sight of any room."),
         ("cast bolt at bob", "cast sight C4"), build=lambda m: Action("cast", (
             ("bolt", m["PLAYER"]) if "PLAYER" in m else ("sight", m["ROOM"]))), topic="spells", handler=spells.do_cast,
         langs={"it": forms("lancia", "fulmine:bolt vista:sight su:at", ("lancia fulmine su bob", "lancia vista C4"))}),
    Verb("ledger", ("", "verify"), ("book",), _("Read the ledger of successful actions; at the end, verify it."),
         ("ledger", "ledger verify"), screen="ledger", topic="ledger",
         langs={"it": forms("registro libro", "verifica:verify", ("registro", "registro verifica"))}),
    Verb("map", ("",), ("m",), _("Show your own map of the labyrinth."), ("map",), screen="map", topic="map",
         langs={"it": forms("mappa", examples=("mappa",))}),
    Verb("mark", ("DIR open|closed|unknown",), (), _("Mark a door of your room on your own map (only you see it)."),
         ("mark east open", "mark n closed", "mark e unknown"), topic="map", handler=mapnotes.do_mark, free=True,
         langs={"it": forms("segna", "aperta:open aperto:open chiusa:closed chiuso:closed ignota:unknown", ("segna est aperta", "segna n chiusa", "segna e ignota"))}),
    Verb("note", ("ROOM TEXT?",), (), _("Write a note on a room of your own map (no text erases it)."),
         ("note B4 dragon here?", "note B4"), topic="map", handler=mapnotes.do_note, free=True,
         langs={"it": forms("nota", examples=("nota B4 forse un drago", "nota B4"))}),
    Verb("notes", ("",), (), _("List the notes on your map."), ("notes",), screen="notes", topic="map",
         langs={"it": forms("note", examples=("note",))}),
)
