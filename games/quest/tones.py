"""How each of Quest's event kinds should read on a screen: its *tone* (see games.engine.TONES).

routine: what players do every turn (your own stand out, others' are quiet); good: something you
gained; notice: worth a glance; alert: a question waiting for you; setup, turn, over: the shape of
the match; talk: gifts and words between players.
"""

ROUTINE = ("roll", "moved", "door_turned", "door_seen", "door_peeked", "stopped", "passed", "consent_asked",
           "consent_given", "door_unlocked", "door_left", "key_taken", "map", "marked", "noted",
           "consent_policy", "armour_policy", "rps_chosen")
GOOD = ("start", "promoted", "healed", "looted", "sight", "scried")
NOTICE = ("blocked", "acted", "ledger", "key_here", "consent_refused", "consent_withdrawn", "duel", "rps_revealed",
          "duel_unarmed", "duel_played", "duel_hand", "duel_hands", "armour_broken", "bolt_blocked", "bolt_absorbed",
          "bolt_struck", "bolt_stopped", "duel_won", "driven_back", "wounded", "died", "sealed")
ALERT = ("consent_request", "leave_asked", "duel_asked", "loot_offer")
OVER = ("game_over", "revealed")

TONES: dict[str, str] = {
    **{k: "routine" for k in ROUTINE}, **{k: "good" for k in GOOD}, **{k: "notice" for k in NOTICE},
    **{k: "alert" for k in ALERT}, **{k: "over" for k in OVER},
    "setup": "setup", "turn": "turn", "gift": "talk",
}
