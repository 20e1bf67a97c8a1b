#!/usr/bin/env python3
"""Writes the Legendary Encounters DEMO card set (cards/legendary/demo/*.json).

The printed cards of Legendary Encounters: The X-Files are not public. This
set is INVENTED so the engine can be tried and tested: it keeps every count
and fact the rulebook states (card kinds, 500 cards, copies 1/1/2/2/4/4 per
Academy character, 10 Enemies / 3 Events / 1 Ally per Season, the named
cards of the rulebook's clarifications) and makes up the rest. Every game
played on it says "demo card data". Re-run after editing: python3 make_demo.py
"""

import json
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
rng = random.Random(1993)
CLASSES = ["intellect", "leadership", "science", "tech", "will"]


def ab(when, text, do=None, cls=None, name=None):
    a = {"when": when}
    if cls:
        a["class"] = cls
    a["text"] = text
    if do is not None:
        a["do"] = do
    if name:
        a["name"] = name
    return a


def slug(s):
    out = "".join(ch.lower() if ch.isalnum() else "-" for ch in s)
    while "--" in out:
        out = out.replace("--", "-")
    return out.strip("-")


def write(name, cards, copies=None):
    data = {"cards": cards}
    if copies:
        data["copies"] = copies
    with open(os.path.join(HERE, name), "w") as f:
        json.dump(data, f, indent=1, ensure_ascii=False)
        f.write("\n")


# --- Avatars (Rank from the fan mod's first-player order; Skinner = 1 per the rulebook)
AVATARS = [
    ("Walter Skinner", 1, 12, 4,
     ab("belief", "Each player draws a card.", "draw 1 each", name="Chain of Command"),
     ab("doubt", "Draw a Strike.", "strike", name="Under Review")),
    ("Fox Mulder", 2, 11, 3,
     ab("belief", "The team defeats up to two Doubts from its hands.", "defeat_doubts 2",
        name="I Want to Believe"),
     ab("doubt", "Until the end of the turn the team may not discuss strategy or show hands.",
        "silence", name="Trust No One")),
    ("Dana Scully", 3, 11, 3,
     ab("belief", "Draw two cards.", "draw 2", name="Science Will Find the Truth"),
     ab("doubt", "Discard a card.", "discard 1", name="Skeptic")),
    ("John Doggett", 4, 13, 5,
     ab("belief", "You get +2 Attack.", "attack 2", name="Hard Evidence"),
     ab("doubt", "Each other player discards a card.", "discard 1 others", name="Not Buying It")),
    ("Monica Reyes", 5, 11, 3,
     ab("belief", "Heal a Strike.", "heal 1", name="Intuition"),
     ab("doubt", "Add the top Conspiracy card to the Shadows, hidden.", "conspiracy 1",
        name="Dark Visions")),
]
write("avatars.json", [
    {"id": "avatar-" + slug(n), "name": n, "kind": "avatar", "rank": r, "health": h,
     "defense": d, "abilities": [b, dz]}
    for (n, r, h, d, b, dz) in AVATARS
])

# --- Starting cards (the review S4: Field Agent 1 Recruit, Assault Team 1 Attack)
write("starting.json", [
    {"id": "starting-field-agent", "name": "Field Agent", "kind": "starting", "recruit": 1},
    {"id": "starting-assault-team", "name": "Assault Team", "kind": "starting", "attack": 1},
], {"starting-field-agent": 7, "starting-assault-team": 5})

# --- Special Agents: cost 3, one per class, Coordinate, otherwise identical
write("special-agents.json", [
    {"id": "special-agent-" + c, "name": "Special Agent", "kind": "special-agent",
     "class": c, "cost": 3, "attack": 2, "keywords": [{"k": "coordinate"}]}
    for c in CLASSES
])

# --- Academy: 9 characters x 6 cards, copies 1,1,2,2,4,4
CHARACTERS = {
    "Fox Mulder": "intellect", "Dana Scully": "science", "Walter Skinner": "leadership",
    "John Doggett": "will", "Monica Reyes": "will", "Brad Follmer": "leadership",
    "Sean Pendrell": "science", "The Lone Gunmen": "tech", "Charles Burks": "intellect",
}
TITLES = {
    "Fox Mulder": ["Spooky", "Profiler", "Oxford Psychologist", "Basement Office",
                   "Sunflower Seeds", "Ghost in the Machine Hunter"],
    "Dana Scully": ["Autopsy", "Medical Doctor", "Forensic Pathologist", "Scientific Method",
                    "Field Partner", "Quantico Instructor"],
    "Walter Skinner": ["Assistant Director", "Marine Veteran", "Closed Door Meeting",
                       "Chain of Custody", "Oversight", "Protect the Files"],
    "John Doggett": ["Ex-Marine", "Manhunter", "NYPD Detective", "Straight Shooter",
                     "Legwork", "Stubborn"],
    "Monica Reyes": ["Protector", "Ritual Crimes", "Aura Reading", "Spiritual Insight",
                     "Empath", "Open Mind"],
    "Brad Follmer": ["Ambitious AD", "Office of Professional Review", "Political Capital",
                     "Backroom Deal", "Paper Trail", "Overreach"],
    "Sean Pendrell": ["Professional Colleagues", "Lab Results", "Crime Lab Analyst",
                      "Trace Evidence", "Spectrometer", "Late Night Analysis"],
    "The Lone Gunmen": ["The Magic Bullet", "Hacking", "Conspiracy Newsletter",
                        "Surveillance Gear", "Frohike", "Langly and Byers"],
    "Charles Burks": ["Kirlian Photography", "Spirit Photography", "Digital Imaging",
                      "Occult Expert", "Head of the Sci-Crime Lab", "Lab Access"],
}
# (cost, recruit, attack, keywords, abilities) by copy slot; class None = the character's
SLOTS = [
    (7, 0, 4, [], lambda c: [ab("play", "Scan a Shadows space.", "scan shadows")]),
    (6, 3, 0, [{"k": "vigilant"}],
     lambda c: [ab("vigilant", "Discard this: avoid a Strike this turn.", "avoid 1")]),
    (5, 0, 3, [], lambda c: [ab("activate", "Heal a Strike.", "heal 1", cls=c)]),
    (4, 2, 0, [{"k": "coordinate"}],
     lambda c: [ab("sacrifice", "Gain a Belief.", "belief")]),
    (3, 0, 2, [], lambda c: [ab("play", "Draw a card.", "draw 1", cls=c)]),
    (2, 2, 0, [], lambda c: [ab("play", "You get +1 Recruit Point.", "recruit 1", cls=c)]),
]
academy, academy_copies = [], {}
for ch, home in CHARACTERS.items():
    others = [c for c in CLASSES if c != home]
    for i, title in enumerate(TITLES[ch]):
        cost, rec, att, kws, abil = SLOTS[i]
        cls = home if i % 2 == 0 else others[(i + len(ch)) % 4]
        card = {"id": "academy-" + slug(ch) + "-" + slug(title), "name": title,
                "kind": "academy", "character": ch, "class": cls, "cost": cost}
        if rec:
            card["recruit"] = rec
        if att:
            card["attack"] = att
        if kws:
            card["keywords"] = kws
        card["abilities"] = abil(cls)
        academy.append(card)
        academy_copies[card["id"]] = [1, 1, 2, 2, 4, 4][i]
# The rulebook's worked example: Intellect, always 2, class ability: draw a card.
for c in academy:
    if c["name"] == "Head of the Sci-Crime Lab":
        c.update({"class": "intellect", "cost": 3, "attack": 2,
                  "abilities": [ab("play", "Draw a card.", "draw 1", cls="intellect")]})
        c.pop("recruit", None)
    if c["name"] == "Professional Colleagues":
        c["abilities"] = [ab("play", "Play this on another player's turn: they draw a card. "
                             "(Solo: you may play this on your turn.)",
                             "draw 1 current")]
        c["abilities"][0]["when"] = "other-turn"
    if c["name"] == "Protector":
        c["abilities"] = [ab("vigilant", "Discard this: cancel a Strike another player drew. "
                             "(Solo: a Strike you drew.)", "cancel_strike")]
        c["keywords"] = [{"k": "vigilant"}]
# keep copies 1,1,2,2,4,4 per character after the edits
for ch in CHARACTERS:
    ids = [c["id"] for c in academy if c["character"] == ch]
    counts = sorted(academy_copies[i] for i in ids)
    assert counts == [1, 1, 2, 2, 4, 4], (ch, counts)
write("academy.json", academy, academy_copies)

# --- Syndicate Enemies (20)
SYND = ["Cigarette-Smoking Man", "Well-Manicured Man", "Elder", "First Elder", "Second Elder",
        "Marita Covarrubias", "Alex Krycek", "Conrad Strughold", "Syndicate Assassin",
        "Crew-Cut Man", "Gray-Haired Man", "Bill Mulder", "The Toothpick Man",
        "Knowle Rohrer", "Shannon McMahon", "Deputy Director Kersh", "Syndicate Doctor",
        "Black-Ops Soldier", "Railway Car Guard", "Quiet Willy"]
syndicate = []
for i, n in enumerate(SYND):
    d = 3 + i % 5
    abil = [ab("reveal", "Each player gains a Doubt.", "doubt each")] if i % 3 == 0 else \
        [ab("reveal", "The current player draws a Strike.", "strike")] if i % 3 == 1 else \
        [ab("the-end", "The End Game gets +2 Health.", "health 2")]
    kws = [{"k": "apprehend"}] if i % 4 == 0 else []
    if i % 5 == 2:
        kws.append({"k": "immunity", "class": CLASSES[i % 5]})
    card = {"id": "syndicate-" + slug(n), "name": n, "kind": "syndicate", "defense": d,
            "types": ["Human"], "abilities": abil}
    if kws:
        card["keywords"] = kws
    syndicate.append(card)
write("syndicate.json", syndicate)

# --- Seasons: 10 Enemies, 3 Events, 1 Ally each
ENEMY_WORDS = ["Liver-Eater", "Sewer Fluke", "Shape-Shifter", "Pyrokinetic", "Lightning Man",
               "Tulpa", "Hive Mind", "Soul Eater", "Teratoma", "Swamp Thing", "Moth Man",
               "Rogue Clone", "Nanobot Swarm", "Cursed Doll", "Cannibal Mayor", "Vampire Cab Driver",
               "Stretch Killer", "Fat-Sucker", "Death Fetishist", "Psychic Killer"]
KEYWORD_POOL = [[{"k": "ambush"}], [{"k": "apprehend"}], [{"k": "double-strike"}],
                [{"k": "triple-strike"}], [{"k": "elude"}], [{"k": "ferocious"}],
                [{"k": "frightening"}], [{"k": "lethal"}], [{"k": "maul"}], [{"k": "range"}],
                [{"k": "ravage"}], [{"k": "runner"}], [{"k": "stationary"}], [{"k": "stealth"}],
                [{"k": "swift"}], [{"k": "immunity", "class": "tech"}],
                [{"k": "vulnerability", "class": "science"}],
                [{"k": "vulnerability", "class": "will"}], [], [], []]
TYPES = ["Alien", "Construct", "Creature", "Human", "Spirit"]
ENEMY_ABILITIES = [
    [], [],
    [ab("strike", "The player it Strikes discards a card.", "discard 1")],
    [ab("reveal", "The current player gains a Doubt.", "doubt")],
    [ab("first-reveal", "Each player draws a Strike.", "strike each")],
    [ab("defeat", "Draw a card.", "draw 1")],
    [ab("first-defeat", "Gain a Belief.", "belief")],
    [ab("shadows", "It has +2 Defense while in the Shadows.", "defense 2")],
    [ab("field", "It has +1 Defense while in the Field.", "defense 1")],
    [ab("reveal-shadows", "Add the top Conspiracy card to the Shadows, hidden.", "conspiracy 1")],
    [ab("ongoing", "While it is revealed, the team may not heal Strikes.", "no_heal")],
]
EVENTS = ["Missing Time", "Government Cover-Up", "Power Outage", "Media Blackout",
          "Evidence Destroyed", "Abducted", "Budget Cuts", "Reassigned", "Smear Campaign",
          "Black Oil Outbreak", "Mass Hysteria", "Wiretap", "Quarantine", "Disinformation",
          "Burned Files", "Ambushed on the Road", "Insomnia", "Bad Dreams", "Signal Lost",
          "The Lights Go Out", "Radio Silence", "Flooded Basement", "Car Bomb",
          "Discredited", "Lost at Sea"]
EVENT_ABILITIES = [
    ab("reveal", "Each player gains a Doubt.", "doubt each"),
    ab("reveal", "The current player draws a Strike.", "strike"),
    ab("reveal", "Each player discards a card.", "discard 1 each"),
    ab("reveal", "Add the top Conspiracy card to the Shadows, hidden.", "conspiracy 1"),
    ab("reveal", "The next player draws a Strike.", "strike next"),
]
seasons = []
ev_i = 0
for s in range(1, 10):
    for e in range(10):
        name = f"{ENEMY_WORDS[(s * 7 + e) % len(ENEMY_WORDS)]} (S{s})"
        d = 1 + (s - 1) // 3 + (e % 3)
        card = {"id": f"s{s}-enemy-{e + 1}", "name": name, "kind": "enemy", "season": s,
                "defense": d, "types": [TYPES[(s + e) % 5]]}
        kws = KEYWORD_POOL[(s * 3 + e) % len(KEYWORD_POOL)]
        if kws:
            card["keywords"] = kws
        abil = ENEMY_ABILITIES[(s + e * 3) % len(ENEMY_ABILITIES)]
        if kws and kws[0]["k"] == "elude":
            abil = [ab("elude", "When it escapes, each player gains a Doubt.", "doubt each")]
        if abil:
            card["abilities"] = abil
        seasons.append(card)
    for e in range(3):
        name = EVENTS[ev_i % len(EVENTS)]
        ev_i += 1
        seasons.append({"id": f"s{s}-event-{e + 1}", "name": name, "kind": "event", "season": s,
                        "abilities": [EVENT_ABILITIES[(s + e) % len(EVENT_ABILITIES)]]})
    seasons.append({"id": f"s{s}-ally", "name": ["Frohike's Cousin", "Agent Pendrell",
                                                  "Holly", "Gibson Praise", "Kimberly",
                                                  "Dr. Openshaw", "Agent Crane", "Kersh's Aide",
                                                  "Jackson Van De Kamp"][s - 1],
                    "kind": "ally", "season": s, "class": CLASSES[s % 5], "attack": 2,
                    "recruit": 1, "abilities": [ab("play", "Draw a card.", "draw 1")]})
# The rulebook's named Season cards.
named = {"s1-enemy-10": ("Jenn", "Human", [ab("reveal", "Choose wisely. (Flavour only: the "
                                                "rulebook says you don't really have to.)",
                                                "nothing")]),
         "s2-event-1": ("Body Swap", None, [ab("reveal",
                        "Swap your Avatar, with its Strikes and attached cards, with the next "
                        "player's. (Solo: with a random Avatar from outside the game.)",
                        "special body_swap")]),
         "s3-event-2": ("Paranoid Delusions", None, [ab("reveal",
                        "You must fight the next player. (Solo: yourself.)",
                        "fight_player next")])}
for c in seasons:
    if c["id"] in named:
        n, t, abil = named[c["id"]]
        c["name"] = n
        c["abilities"] = abil
        if t:
            c["types"] = [t]
write("seasons.json", seasons)

# --- Informants (15)
INF = [("Cassandra Spender", ab("ongoing", "While she is revealed, a Doubt you must resolve "
                                 "fails to resolve; defeat it.", "special cassandra")),
       ("Susanne Modeski", ab("shadows", "On your turn you may recruit a Lone Gunmen card from "
                              "outside the game, paying its cost (no Bureau power).",
                              "special susanne")),
       ("X", ab("reveal", "Add a Lead from outside the game to the Shadows, hidden.",
                "special x_lead")),
       ("Deep Throat", ab("reveal", "Each player draws a card.", "draw 1 each")),
       ("Jeffrey Spender", ab("reveal", "Scan a Bureau space.", "scan bureau")),
       ("Samantha Mulder", ab("reveal", "The team defeats up to two Doubts from its hands.",
                              "defeat_doubts 2")),
       ("Mr. Hosteen", ab("reveal", "Heal a Strike.", "heal 1")),
       ("Kurt Crawford", ab("reveal", "Scan a Shadows space.", "scan shadows")),
       ("Michael Kritschgau", ab("reveal", "Gain a Belief.", "belief")),
       ("Diana Fowley", ab("reveal", "Draw two cards.", "draw 2")),
       ("Albert Hosteen's Grandson", ab("reveal", "Each player heals a Strike.", "heal 1 each")),
       ("Max Fenig", ab("reveal", "Gain a Special Agent.", "special_agent")),
       ("Melissa Scully", ab("reveal", "You get +2 Attack.", "attack 2")),
       ("Agent Pendrell's Notes", ab("reveal", "You get +2 Recruit Points.", "recruit 2")),
       ("Gibson's Sketch", ab("reveal", "Avoid a Strike this turn.", "avoid 1"))]
write("informants.json", [
    {"id": "informant-" + slug(n), "name": n, "kind": "informant", "abilities": [a]}
    for (n, a) in INF
])

# --- Leads (12)
LEADS = ["Anonymous Tip", "Autopsy Report", "Tracking Chip", "Ship Manifest", "Photographs",
         "Blood Sample", "Paper Clip", "Tunguska Rock", "Hospital Records", "Clinic Files",
         "Train Car Schedule", "Mailing List"]
leads = []
for i, n in enumerate(LEADS):
    dis = [("Spend 3 Attack.", "pay_attack 3"), ("Spend 3 Recruit Points.", "pay_recruit 3"),
           (f"Discard a {CLASSES[i % 5].title()} card.", f"discard_class {CLASSES[i % 5]}")][i % 3]
    col = [("Spend 4 Recruit Points.", "pay_recruit 4"), ("Spend 5 Attack.", "pay_attack 5"),
           ("Spend 3 Attack and 2 Recruit Points.", "pay_attack 3; pay_recruit 2")][i % 3]
    leads.append({"id": "lead-" + slug(n), "name": n, "kind": "lead", "abilities": [
        ab("discover", dis[0], dis[1]), ab("collect", col[0], col[1])]})
write("leads.json", leads)

# --- Evidence (9 per priority)
EVID = {1: ["Alien Bounty Hunter", "Vaccine Trials", "Implant Program", "Cattle Mutilations",
            "Abductee Registry", "Smallpox Records", "Crashed Saucer", "Bee Colony",
            "Hybrid Children"],
        2: ["Black Oil", "Super-Soldiers", "Colonists' Timetable", "Faceless Rebels",
            "Railway Experiments", "Bunker Archives", "Purity Control", "Cloned Drones",
            "Magnetite"],
        3: ["Colonization Date", "Spaceship in the Ice", "Mass Infection", "Syndicate Fire",
            "Alien Virus", "Mind Control Signal", "Arctic Facility", "Global Harvest",
            "The Final Invasion"]}
evidence = []
for p, names in EVID.items():
    for i, n in enumerate(names):
        a = [ab("the-end", f"The End Game gets +{p + 1} Health.", f"health {p + 1}"),
             ab("the-end", f"The End Game gets +{p} Defense.", f"defense {p}"),
             ab("the-end", "Each player gains a Doubt.", "doubt each")][i % 3]
        evidence.append({"id": f"evidence-{p}-{slug(n)}", "name": n, "kind": "evidence",
                         "priority": p, "abilities": [a]})
write("evidence.json", evidence)

# --- End Games (9 with Clone)
ENDS = [("Extinction", 7, 10, ab("ongoing", "Each card a player discards is defeated instead "
                                  "(Vigilant cards discarded to use them too). A player with no "
                                  "cards in hand, deck and discard pile is defeated.",
                                  "special extinction")),
        ("Infection", 6, 10, ab("strike", "The player gains a Symptom; at three Symptoms they "
                                 "are defeated.", "symptom")),
        ("Replication", 6, 8, ab("reveal", "Put the Clone End Game face down one space to the "
                                  "right of Replication, with a hidden Evidence from outside the "
                                  "game for each priority Replication has.",
                                  "special replication")),
        ("Clone", 6, 8, None),
        ("Colonization", 7, 12, ab("strike", "The player gains a Doubt.", "doubt")),
        ("Purity", 8, 10, ab("reveal", "Each player draws a Strike.", "strike each")),
        ("The Harvest", 6, 11, ab("strike", "The player discards a card.", "discard 1")),
        ("Super-Soldier Program", 7, 11, ab("reveal", "Add the top two Academy cards... "
                                             "each player gains a Doubt.", "doubt each")),
        ("Viral Apocalypse", 6, 12, None)]
end_games = []
for (n, d, h, a) in ENDS:
    c = {"id": "end-game-" + slug(n), "name": n, "kind": "end-game", "defense": d, "health": h}
    if a:
        c["abilities"] = [a]
    end_games.append(c)
write("end-games.json", end_games)

# --- Strikes (40: 8 faces, copies 9,7,5,5,5,5,3,1 as the fan mod counts them)
STRIKES = [("Miss", 0, 9, False), ("Graze", 1, 7, False), ("Fear", 1, 5, True),
           ("Wound", 2, 5, False), ("Abduction Trauma", 2, 5, False),
           ("Broken Bones", 3, 5, False), ("Shaken", 1, 3, False), ("Near Death", 4, 1, False)]
strikes, strike_copies = [], {}
for (n, dmg, k, fear) in STRIKES:
    c = {"id": "strike-" + slug(n), "name": n, "kind": "strike", "damage": dmg}
    if fear:
        c["fear"] = True
        c["abilities"] = [ab("strike", "Another player may reveal a Belief from their hand to "
                             "cancel this Strike. (Solo: if you played a Belief this turn.)",
                             "rule")]
    strikes.append(c)
    strike_copies[c["id"]] = k
write("strikes.json", strikes, strike_copies)

write("beliefs-doubts.json", [
    {"id": "belief", "name": "Belief", "kind": "belief",
     "abilities": [ab("play", "Draw a card.", "draw 1")]},
    {"id": "doubt", "name": "Doubt", "kind": "doubt"},
], {"belief": 17, "doubt": 17})

# --- Cliffhangers (21)
cliffs = []
UH = ["Reincarnation", "A Friend in Need", "Second Chance", "Guardian Angel", "Old Favor",
      "Backup Arrives", "Lucky Break", "Trusted Source", "Found Notes", "A Prayer Answered"]
GTC = ["Marked", "Under Surveillance", "Framed", "Cut Off", "Haunted", "Poisoned",
       "Threatened", "Demoted", "Followed", "Abducted Again"]
for i, (name, *_rest) in enumerate(AVATARS):
    for j in range(2):
        uh = UH[i * 2 + j]
        if uh == "Reincarnation":
            a = ab("belief", "When you resolve a Belief you may resolve Lessons from the Past "
                   "instead: draw two cards, then defeat this Cliffhanger.", "draw 2",
                   name="Lessons from the Past")
        else:
            a = ab("start", "Start the next game with a Belief in your deck.", "belief")
        cliffs.append({"id": "cliffhanger-" + slug(uh), "name": uh, "kind": "cliffhanger",
                       "avatar": name, "cliffhanger": "unexpected-help",
                       "abilities": [a]})
        g = GTC[i * 2 + j]
        cliffs.append({"id": "cliffhanger-" + slug(g), "name": g, "kind": "cliffhanger",
                       "avatar": name, "cliffhanger": "got-too-close",
                       "abilities": [ab("start", "Start the next game with a Doubt in your deck.",
                                        "doubt")]})
cliffs.append({"id": "cliffhanger-this-time-they-may-have-won",
               "name": "This Time They May Have Won", "kind": "cliffhanger",
               "cliffhanger": "they-may-have-won",
               "abilities": [ab("start", "The X-Files are destroyed: the Series is lost.",
                                "rule")]})
write("cliffhangers.json", cliffs)

board = {
    "shadows_scan": [4, 3, 3, 3, 2],
    "bureau": [
        {"scan": 3, "power": ab("bureau", "Put the gained card on top of your deck.", "top_deck")},
        {"scan": 3, "power": ab("bureau", "Draw a card.", "draw 1")},
        {"scan": 2, "power": ab("bureau", "Heal a Strike.", "heal 1")},
        {"scan": 2, "power": ab("bureau", "You may scan a Shadows space.", "may scan shadows")},
        {"scan": 2, "power": ab("bureau", "You get +1 Recruit Point.", "recruit 1")},
    ],
    "special_agent_cost": 3,
    "hand_size": 6,
    "note": "Special Agent cost 3 and the hand of 6 are the rulebook's. The mat's scan costs "
            "are partly legible in the rulebook (Shadows 3, 3, 4; Bureau 2, 2, 3) and the five "
            "Bureau powers are not given: these values are INVENTED for the demo.",
}
with open(os.path.join(HERE, "board.json"), "w") as f:
    json.dump(board, f, indent=1, ensure_ascii=False)
    f.write("\n")
