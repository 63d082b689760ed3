"""Quest's components as plain tables: room types, suits, decks, door mix, the board's shape."""

from __future__ import annotations

ROWS = "ABCDE"  # top to bottom
COLS = range(1, 9)  # left to right

# direction -> (row step, column step); north is a row up, east a column up.
DIRECTIONS = {"n": (-1, 0), "s": (1, 0), "e": (0, 1), "w": (0, -1)}
DIRECTION_NAMES = {"n": "north", "s": "south", "e": "east", "w": "west"}
OPPOSITE = {"n": "s", "s": "n", "e": "w", "w": "e"}

# Suit -> difficulty of the room's action.
SUITS = {"hearts": 1, "diamonds": 2, "clubs": 3, "spades": 4}

# rank -> (location id, location name, short label for maps, what the action is called)
LOCATIONS = {
    1: ("castle", "Castle", "Cas", "an audience with the king"),
    2: ("desert", "Desert", "Des", "a mystic epiphany"),
    3: ("forest", "Enchanted forest", "For", "a search for a chest"),
    4: ("city", "City", "Cit", "an odd job"),
    5: ("tower", "Abandoned tower", "Tow", "freeing the damsel"),
    6: ("field", "Field of Mars", "Fld", "buying from the smith"),
    7: ("church", "Church", "Chu", "taking a bible"),
    8: ("countryside", "Countryside", "Cou", "the quest for the Grail"),
    9: ("port", "Sea port", "Por", "finding a rope"),
    10: ("cave", "Dragon's cave", "Cav", "facing the dragon"),
}
LOCATION_IDS = [LOCATIONS[r][0] for r in sorted(LOCATIONS)]
LOCATION_NAME = {LOCATIONS[r][0]: LOCATIONS[r][1] for r in LOCATIONS}
LOCATION_LABEL = {LOCATIONS[r][0]: LOCATIONS[r][2] for r in LOCATIONS}
MAP_CODE = {"castle": "Ca", "desert": "De", "forest": "Fo", "city": "Ci", "tower": "To", "field": "Fi",
            "church": "Ch", "countryside": "Co", "port": "Po", "cave": "Dr"}
LOCATION_ACTION = {LOCATIONS[r][0]: LOCATIONS[r][3] for r in LOCATIONS}

# The object deck (Decision in rules/quest.md: the original gives no list).
OBJECT_DECK = {
    "sword": 4, "lance": 4, "mace": 4, "shield": 4, "armour": 4,
    "rope": 5, "damsel": 5, "head": 5, "bible": 3, "grail": 2,
}
WEAPONS = ("sword", "lance", "mace", "shield", "armour")  # what the smith sells
# The weapon cards: what arms a player in a duel and what a duel's tie weighs. An armour is neither
# (the seed keeps "armi o armature" apart; docs/decisions.md, Duels).
WEAPON_CARDS = ("sword", "lance", "mace", "shield")
OBJECT_NAMES = {
    "sword": "sword", "lance": "lance", "mace": "mace", "shield": "shield", "armour": "armour",
    "rope": "rope", "damsel": "damsel", "head": "dragon head", "bible": "bible", "grail": "Grail",
}

TREASURES = ("crystal ball", "health potion", "bag of money", "black key")
TREASURE_IDS = {"crystal ball": "ball", "health potion": "potion", "bag of money": "bag", "black key": "blackkey"}

KEY_COLOURS = ("gold", "silver", "black")
FLOOR_KEYS = ("gold", "silver")  # lie on the map at set-up; black is a treasure

# Door mix on the 67 edges: colour -> (count, how many of them are open).
DOOR_MIX = {"green": (24, 24), "white": (20, 10), "red": (20, 10)}
LOCKED_DOORS = KEY_COLOURS  # one locked door of each key colour

START_GOLD = 1
ACTION_DIE = 6
