"""Names a player may type for the things of Quest, resolved to (kind, card)."""

from __future__ import annotations

from games.engine import RuleError
from games.quest.data import KEY_COLOURS, OBJECT_DECK, TREASURES
from games.quest.words import _

ITEM_ALIASES: dict[str, tuple[str, str]] = {
    "gold": ("gold", "gold"), "coin": ("gold", "gold"), "coins": ("gold", "gold"), "money": ("gold", "gold"),
    "dragon head": ("object", "head"), "dragon": ("object", "head"), "armor": ("object", "armour"),
    "ball": ("treasure", "crystal ball"), "crystal": ("treasure", "crystal ball"),
    "potion": ("treasure", "health potion"), "bag": ("treasure", "bag of money"),
    "bag money": ("treasure", "bag of money"),  # the parser drops 'of' as a filler
}
for _card in OBJECT_DECK:
    ITEM_ALIASES[_card] = ("object", _card)
for _t in TREASURES:
    ITEM_ALIASES[_t] = ("treasure", _t)
for _k in KEY_COLOURS:
    ITEM_ALIASES[f"{_k} key"] = ("key", _k) if _k != "black" else ("treasure", "black key")

ITEM_WORDS = sorted(ITEM_ALIASES)


def resolve_item(text: str, verb: str = "give") -> tuple[str, str]:
    """``'dragon head'`` -> ``('object', 'head')``; a RuleError names what can be given."""
    key = " ".join(text.lower().split())
    if key.endswith("s") and key[:-1] in ITEM_ALIASES and key not in ITEM_ALIASES:
        key = key[:-1]
    if key not in ITEM_ALIASES:
        shown = text if len(text) <= 24 else text[:23] + "…"
        if verb == "loot":
            raise RuleError(_("'{thing}' is not something you can loot: try gold, a card (rope, sword...), "
                              "a treasure or a key.", thing=shown))
        raise RuleError(_("'{thing}' is not something you can give: try gold, a card (rope, sword...), "
                          "a treasure or a key.", thing=shown))
    return ITEM_ALIASES[key]
