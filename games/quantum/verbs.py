"""The verbs a player has while seated at Quantum, each declared once: grammar (read by
mud/shell/parser.py), help, and the rule that carries it out. Ships are named by their value ('3') or
their square ('c4'); squares by column letter and row number ('d5')."""

from __future__ import annotations

from games.engine import Action, Verb, forms
from games.quantum import abilities, actions, cards, setup, turns
from games.quantum.words import _
from games.quantum.maps import square_word
from games.quantum.state import QuantumState


# The cards as the Italian seed names them, read as the names the rules know ('prendi slancio').
CARDS_IT = ("espansione:expansion slancio:surge sovraccarico:overdrive trasferimento:relocation "
            "riorganizzazione:reorganise sabotaggio:sabotage feroce:ferocious rapido:swift studioso:scholar "
            "ostinato:stubborn ingegnere:engineer tattico:tactician guardiano:warden predone:raider")


def _words(verb: str, first: str | None = None):
    def build(m: dict) -> Action:
        words = [square_word(w) or w.lower() for w in str(m.get("TEXT", "")).split()]
        return Action(verb, ((m[first],) if first else ()) + tuple(words))
    return build


def do_place(state: QuantumState, player: str, square: str) -> list:
    """'place': a dominion cube on a planet, or an Expansion's ship on a square."""
    kind = state.pending[0]["kind"] if state.phase == "play" and state.pending else None
    if kind == "expansion":
        return cards.do_expand(state, player, square)
    return turns.do_place_cube(state, player, square)  # dominion: the phase table let nothing else through


VERBS: tuple[Verb, ...] = (
    Verb("move", ("SHIP SQUARE",), ("m",), _("Move a ship (by value or square) up to its value in steps; onto an "
         "enemy, it attacks."), ("move 3 to d5", "move c4 d5", "c4 d5"), topic="quantum", handler=actions.do_move,
         bare=("SHIP SQUARE",),
         langs={"it": forms("muovi", examples=("muovi 3 d5", "muovi c4 d5", "c4 d5"))}),
    Verb("attack", ("SHIP SQUARE FROM?",), ("a",), _("Move a ship to attack an enemy ship (optionally: from which "
         "square)."), ("attack 2 e5", "attack c4 e5 from d5"), topic="quantum", handler=actions.do_attack,
         langs={"it": forms("attacca", examples=("attacca 2 e5", "attacca c4 e5 da d5"))}),
    Verb("deploy", ("SQUARE",), (), _("Bring a ship back from your scrapyard (rolled anew) around a planet with your "
         "cube."), ("deploy c3",), topic="quantum", handler=actions.do_deploy,
         langs={"it": forms("schiera", examples=("schiera c3",))}),
    Verb("reconfigure", ("SHIP",), ("reconf",), _("Reroll one of your ships (an action)."), ("reconfigure 6",
         "reconfigure c4"), topic="quantum", handler=actions.do_reconfigure,
         langs={"it": forms("riconfigura", examples=("riconfigura 6", "riconfigura c4"))}),
    Verb("build", ("PLANET",), (), _("Build a cube on a planet (2 actions): your ships on its 4 orthogonal squares "
         "add up to its number."), ("build e2",), topic="quantum", handler=actions.do_build,
         langs={"it": forms("costruisci", examples=("costruisci e2",))}),
    Verb("research", ("",), (), _("+1 research (at 6: a card at the end of your turn)."), ("research",),
         topic="quantum", handler=actions.do_research,
         langs={"it": forms("ricerca", examples=("ricerca",))}),
    Verb("use", ("SHIP TEXT?",), (), _("A ship's ability: 1 attacks next to it, 2 carries, 3 swaps, 4 becomes 3 or 5, "
         "6 rerolls."), ("use 1 on d5", "use 3 with f6", "use 4 5", "use 6", "use 2 d4 e6 f6"),
         build=_words("use", "SHIP"), topic="quantum", handler=abilities.do_use,
         langs={"it": forms("usa", examples=("usa 1 d5", "usa 4 5", "usa 6"))}),
    Verb("end", ("",), ("done", "pass"), _("End your turn."), ("end",), topic="quantum", handler=turns.do_end,
         langs={"it": forms("fine passa", examples=("fine",))}),
    Verb("advance", ("",), (), _("After an attack you won: take the destroyed ship's square."), ("advance",),
         topic="quantum", handler=actions.do_advance,
         langs={"it": forms("avanza", examples=("avanza",))}),
    Verb("stay", ("",), (), _("After an attack you won: stay where you attacked from."), ("stay",), topic="quantum",
         handler=actions.do_stay,
         langs={"it": forms("resta", examples=("resta",))}),
    Verb("take", ("WORD",), (), _("Take a face-up card (by name, or its number in 'cards' and the "
         "question) when you earn one."), ("take surge", "take 4"), topic="quantum", handler=cards.do_take,
         langs={"it": forms("prendi", CARDS_IT, ("prendi 4", "prendi slancio"))}),
    Verb("refresh", ("",), (), _("Instead of taking a card: replace all six face-up cards."), ("refresh",),
         topic="quantum", handler=cards.do_refresh,
         langs={"it": forms("rinnova", examples=("rinnova",))}),
    Verb("drop", ("WORD",), (), _("With a 4th command: the one you let go."), ("drop raider",), topic="quantum",
         handler=cards.do_drop,
         langs={"it": forms("lascia", CARDS_IT, ("lascia predone",))}),
    Verb("place", ("SQUARE",), (), _("Place a dominion cube on a planet, or an Expansion's ship on a square."),
         ("place h8",), topic="quantum", handler=do_place,
         langs={"it": forms("piazza", examples=("piazza h8",))}),
    Verb("relocate", ("PLAYER PLANET SQUARE",), (), _("Relocation: move a player's cube from one planet to another."),
         ("relocate bob e2 h5",), topic="quantum", handler=cards.do_relocate,
         langs={"it": forms("sposta", examples=("sposta bob e2 h5",))}),
    Verb("sabotage", ("SQUARE",), (), _("Sabotage: destroy the enemy ship at a square next to one of yours."),
         ("sabotage d6",), topic="quantum", handler=cards.do_sabotage,
         langs={"it": forms("sabota", examples=("sabota d6",))}),
    Verb("keep", ("",), (), _("Keep your opening roll (or, with Reorganise, reroll nothing)."), ("keep",),
         topic="quantum", handler=setup.do_keep,
         langs={"it": forms("tieni", examples=("tieni",))}),
    Verb("reroll", ("TEXT?",), (), _("Reroll your opening roll (all three, once); with Reorganise, the ships named."),
         ("reroll", "reroll c4 e5"), build=_words("reroll"), topic="quantum", handler=setup.do_reroll,
         langs={"it": forms("ritira", examples=("ritira", "ritira c4 e5"))}),
    Verb("home", ("PLANET SQUARE?",), (), _("Choose your starting planet (and the orthogonal square left empty)."),
         ("home e2", "home e2 d2"), topic="quantum", handler=setup.do_home,
         langs={"it": forms("casa", examples=("casa e2", "casa e2 d2"))}),
    Verb("map", ("",), ("board",), _("The map: planets, cubes, ships."), ("map",), screen="map", topic="quantum",
         langs={"it": forms("mappa", examples=("mappa",))}),
    Verb("cards", ("",), ("hand",), _("The six face-up cards and your commands."), ("cards",), screen="cards",
         topic="quantum",
         langs={"it": forms("carte", examples=("carte",))}),
)
