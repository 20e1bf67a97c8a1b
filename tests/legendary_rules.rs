//! Legendary Encounters: The X-Files — one test per rulebook section and
//! keyword, named after it, on demo cards or cards written for the test
//! with the text the rulebook describes.

use serde_json::json;
use xfiles_bot::engine::legendary::{
    Card, CardDef, Class, Kind, LeAction, LeEvent, LeGame, LeOptions, LeSetup, Phase, Place, Proof,
    Slot, Task, Wound, program::Program, series,
};
use xfiles_bot::engine::{Game, Seat, Viewer};

fn game(players: usize) -> LeGame {
    let setups = vec![LeSetup::default(); players];
    LeGame::new(LeOptions::default(), setups, 7).unwrap().0
}

/// A game whose Shadows and Field are empty and whose current player has
/// an empty hand, for a scenario.
fn table(players: usize) -> LeGame {
    let mut g = game(players);
    let cards: Vec<Card> = g
        .shadows
        .iter_mut()
        .filter_map(|s| s.take())
        .map(|s| s.card)
        .chain(g.field.drain(..).map(|s| s.card))
        .collect();
    g.outside.extend(cards);
    for p in 0..players {
        let hand: Vec<Card> = g.players[p].hand.drain(..).collect();
        g.players[p].discard.extend(hand);
    }
    g
}

fn def(v: serde_json::Value) -> CardDef {
    serde_json::from_value(v).unwrap()
}

fn enemy(g: &mut LeGame, name: &str, defense: u8, keywords: serde_json::Value) -> Card {
    g.new_card(def(
        json!({"id": name, "name": name, "kind": "enemy", "season": 1,
        "defense": defense, "keywords": keywords}),
    ))
}

fn character(g: &mut LeGame, name: &str, class: &str, extra: serde_json::Value) -> Card {
    let mut v = json!({"id": name, "name": name, "kind": "academy", "character": "Test",
        "class": class, "cost": 3});
    v.as_object_mut()
        .unwrap()
        .extend(extra.as_object().unwrap().clone());
    g.new_card(def(v))
}

fn shadows(g: &mut LeGame, space: usize, card: Card, hidden: bool) {
    g.from_outside(card);
    g.shadows[space] = Some(Slot { card, hidden });
}

fn field(g: &mut LeGame, card: Card) {
    g.from_outside(card);
    g.field.push(Slot {
        card,
        hidden: false,
    });
}

fn to_hand(g: &mut LeGame, seat: Seat, card: Card) {
    g.from_outside(card);
    g.players[usize::from(seat)].hand.push(card);
}

fn act(g: &mut LeGame, seat: Seat, a: LeAction) -> Vec<LeEvent> {
    let events = g
        .apply(seat, &a)
        .unwrap_or_else(|r| panic!("{a:?} refused: {r}"));
    g.audit().unwrap();
    events.into_iter().map(|e| e.body).collect()
}

/// The current player acts.
fn act_now(g: &mut LeGame, a: LeAction) -> Vec<LeEvent> {
    let seat = g.current;
    act(g, seat, a)
}

fn choose(g: &mut LeGame, label: &str) {
    let c = g.choice.clone().expect("a choice");
    let i = c
        .options
        .iter()
        .position(|o| o.label.contains(label))
        .unwrap_or_else(|| panic!("no option {label} in {:?}", c.options));
    act(
        g,
        c.seat,
        LeAction::Choose {
            picks: vec![i as u16],
        },
    );
}

fn turn_points(g: &mut LeGame, attack: i32, recruit: i32) {
    g.turn.attack[0] = attack;
    g.turn.recruit[0] = recruit;
}

// --- Game Setup (p. 5) -------------------------------------------------

#[test]
fn setup_three_piles_of_players_plus_six_each_with_an_informant_and_a_lead_over_the_end_game() {
    for players in 1..=5usize {
        let g = game(players);
        let in_deck = g.conspiracy.len() + 1; // one went to the Shadows on turn 1
        assert_eq!(in_deck, 3 * (players + 6) + 6 + 1, "{players} players");
        assert_eq!(g.conspiracy[0], g.end_game, "the End Game is at the bottom");
        let kinds = |k: Kind| g.conspiracy.iter().filter(|c| g.def(**c).kind == k).count();
        assert!(kinds(Kind::Informant) + kinds(Kind::Lead) >= 5);
    }
}

#[test]
fn setup_standard_mode_plays_seasons_one_to_three_in_order() {
    let g = game(2);
    let season = |c: &Card| g.def(*c).season;
    let deck: Vec<Option<u8>> = g
        .conspiracy
        .iter()
        .map(season)
        .filter(Option::is_some)
        .collect();
    // Bottom (C) to top (A).
    assert!(deck.first().unwrap() == &Some(3) && deck.last().unwrap() == &Some(1));
    assert!(deck.windows(2).all(|w| w[0] >= w[1]), "{deck:?}");
}

#[test]
fn setup_academy_of_four_characters_and_six_syndicate_five_hidden_in_the_bureau() {
    let g = game(2);
    assert_eq!(g.academy.len() + 5, 62);
    assert!(g.bureau.iter().all(|s| s.is_some_and(|s| s.hidden)));
    let synd = g
        .academy
        .iter()
        .chain(g.bureau.iter().flatten().map(|s| &s.card))
        .filter(|c| g.def(**c).kind == Kind::Syndicate)
        .count();
    assert_eq!(synd, 6);
}

#[test]
fn setup_twelve_card_decks_six_in_hand_and_the_highest_rank_goes_first() {
    let g = game(3);
    for p in &g.players {
        assert_eq!(p.hand.len(), 6);
        assert_eq!(p.deck.len() + p.hand.len(), 12);
    }
    assert_eq!(
        g.name(g.players[usize::from(g.current)].avatar),
        "Walter Skinner"
    );
    assert_eq!(g.evidence.len(), 3);
    assert!(g.evidence.iter().all(|e| e.state == Proof::Undiscovered));
}

#[test]
fn setup_refuses_an_unknown_or_taken_avatar_and_a_sixth_player() {
    let s = |a: &str| LeSetup {
        avatar: Some(a.into()),
    };
    let e = LeGame::new(LeOptions::default(), vec![s("Krycek")], 1).unwrap_err();
    assert!(e.reason.contains("not an Avatar"), "{e}");
    let e = LeGame::new(LeOptions::default(), vec![s("Scully"), s("dana scully")], 1).unwrap_err();
    assert!(e.reason.contains("taken"), "{e}");
    assert!(LeGame::new(LeOptions::default(), vec![LeSetup::default(); 6], 1).is_err());
}

// --- Conspiracy Phase: the Shadows (pp. 7-8) ------------------------------

#[test]
fn conspiracy_phase_pushes_left_and_the_leftmost_card_enters_the_field_revealed() {
    let mut g = table(1);
    let cards: Vec<Card> = (0..5)
        .map(|i| enemy(&mut g, &format!("E{i}"), 9, json!([])))
        .collect();
    for (i, c) in cards.iter().enumerate() {
        shadows(&mut g, i, *c, true);
    }
    act(&mut g, 0, LeAction::EndTurn);
    assert_eq!(g.field.len(), 1);
    assert_eq!(g.field[0].card, cards[0]);
    assert!(!g.field[0].hidden);
    assert_eq!(g.shadows[0].unwrap().card, cards[1]);
    assert!(
        g.shadows[4].unwrap().hidden,
        "a new hidden card in the nearest space"
    );
}

#[test]
fn stationary_card_stays_and_the_pushed_card_moves_past_it() {
    let mut g = table(1);
    let still = enemy(&mut g, "Still", 9, json!([{"k": "stationary"}]));
    let other = enemy(&mut g, "Other", 9, json!([]));
    shadows(&mut g, 3, still, false);
    shadows(&mut g, 4, other, true);
    act(&mut g, 0, LeAction::EndTurn);
    assert_eq!(g.shadows[3].unwrap().card, still);
    assert_eq!(g.shadows[2].unwrap().card, other);
}

#[test]
fn runner_moves_another_space_at_the_end_of_the_conspiracy_phase() {
    let mut g = table(1);
    let runner = enemy(&mut g, "Runner", 9, json!([{"k": "runner"}]));
    shadows(&mut g, 2, runner, false);
    act(&mut g, 0, LeAction::EndTurn);
    assert_eq!(g.place_of(runner), Some(Place::Shadows(1)));
}

#[test]
fn the_end_game_moves_one_space_on_its_own_and_pushes_stationary_cards() {
    let mut g = table(1);
    let eg = end_game_at(&mut g, 3);
    let still = enemy(&mut g, "Still", 9, json!([{"k": "stationary"}]));
    shadows(&mut g, 2, still, false);
    act(&mut g, 0, LeAction::EndTurn);
    assert_eq!(g.place_of(eg), Some(Place::Shadows(2)));
    assert_eq!(g.place_of(still), Some(Place::Shadows(1)));
    assert!(
        g.shadows[3].is_none() && g.shadows[4].is_none(),
        "nothing right of the End Game"
    );
}

// --- Scanning, recruiting (pp. 9-11) ------------------------------------

#[test]
fn scanning_a_shadows_space_costs_its_scan_cost_in_attack() {
    let mut g = table(1);
    let e = enemy(&mut g, "Hidden", 9, json!([]));
    shadows(&mut g, 0, e, true);
    let cost = i32::from(g.board.shadows_scan[0]);
    turn_points(&mut g, cost - 1, 10);
    let r = g
        .apply(
            0,
            &LeAction::Scan {
                place: Place::Shadows(0),
            },
        )
        .unwrap_err();
    assert!(r.reason.contains(&format!("costs {cost} Attack")), "{r}");
    turn_points(&mut g, cost, 0);
    let ev = act(
        &mut g,
        0,
        LeAction::Scan {
            place: Place::Shadows(0),
        },
    );
    assert!(
        ev.iter()
            .any(|e| matches!(e, LeEvent::Revealed { card, .. } if card == "Hidden"))
    );
    assert!(!g.shadows[0].unwrap().hidden);
    assert_eq!(g.view(Viewer::Spectator).attack, 0);
}

#[test]
fn recruiting_gains_the_card_refills_the_space_and_uses_its_bureau_power() {
    let mut g = table(1);
    let c = character(&mut g, "Recruit Me", "tech", json!({"cost": 4}));
    g.from_outside(c);
    let old = g.bureau[0].replace(Slot {
        card: c,
        hidden: false,
    });
    g.outside.push(old.unwrap().card);
    turn_points(&mut g, 0, 4);
    let academy = g.academy.len();
    act(&mut g, 0, LeAction::Recruit { space: 0 });
    // Space 1's demo power: the gained card goes on top of your deck.
    assert_eq!(g.players[0].deck.last(), Some(&c));
    assert_eq!(g.academy.len(), academy - 1);
    assert!(g.bureau[0].unwrap().hidden, "refilled, hidden");
}

#[test]
fn a_hidden_bureau_card_must_be_scanned_with_recruit_points_first() {
    let mut g = table(1);
    turn_points(&mut g, 9, 9);
    let r = g.apply(0, &LeAction::Recruit { space: 2 }).unwrap_err();
    assert!(r.reason.contains("scan that Bureau space first"), "{r}");
    let cost = i32::from(g.board.bureau[2].scan);
    act(
        &mut g,
        0,
        LeAction::Scan {
            place: Place::Bureau(2),
        },
    );
    assert_eq!(g.view(Viewer::Seat(0)).recruit, 9 - cost);
    assert_eq!(g.view(Viewer::Seat(0)).attack, 9);
}

#[test]
fn a_syndicate_enemy_blocks_its_bureau_space_until_fought() {
    let mut g = table(1);
    let s = g.new_card(def(
        json!({"id": "syn", "name": "Smoker", "kind": "syndicate", "defense": 3}),
    ));
    g.from_outside(s);
    let old = g.bureau[1].replace(Slot {
        card: s,
        hidden: false,
    });
    g.outside.push(old.unwrap().card);
    turn_points(&mut g, 3, 9);
    let r = g.apply(0, &LeAction::Recruit { space: 1 }).unwrap_err();
    assert!(r.reason.contains("blocks that space"), "{r}");
    act(
        &mut g,
        0,
        LeAction::Fight {
            place: Place::Bureau(1),
        },
    );
    assert_eq!(g.defeated_conspiracy.last(), Some(&s));
    assert!(
        g.bureau[1].unwrap().hidden,
        "the Academy's top card fills the space"
    );
}

#[test]
fn a_special_agent_costs_three_recruit_points_from_its_own_deck() {
    let mut g = table(1);
    turn_points(&mut g, 0, 3);
    let top = *g.special_agents.last().unwrap();
    act(&mut g, 0, LeAction::RecruitSpecialAgent);
    assert_eq!(g.players[0].discard.last(), Some(&top));
    assert_eq!(g.special_agents.len(), 4);
}

// --- Fighting (pp. 13-14) and the keywords ----------------------------------

#[test]
fn fighting_pays_the_defense_and_the_enemy_goes_on_top_of_defeated_conspiracy() {
    let mut g = table(1);
    let e = enemy(&mut g, "Target", 4, json!([]));
    field(&mut g, e);
    turn_points(&mut g, 3, 9);
    let r = g
        .apply(
            0,
            &LeAction::Fight {
                place: Place::Field(0),
            },
        )
        .unwrap_err();
    assert!(r.reason.contains("costs 4 Attack; you have 3"), "{r}");
    turn_points(&mut g, 5, 0);
    act(
        &mut g,
        0,
        LeAction::Fight {
            place: Place::Field(0),
        },
    );
    assert_eq!(g.defeated_conspiracy.last(), Some(&e));
    assert_eq!(g.view(Viewer::Seat(0)).attack, 1);
}

#[test]
fn apprehend_is_fought_with_recruit_points() {
    let mut g = table(1);
    let e = enemy(&mut g, "Suspect", 3, json!([{"k": "apprehend"}]));
    field(&mut g, e);
    turn_points(&mut g, 9, 2);
    assert!(
        g.apply(
            0,
            &LeAction::Fight {
                place: Place::Field(0)
            }
        )
        .is_err()
    );
    turn_points(&mut g, 0, 3);
    act(
        &mut g,
        0,
        LeAction::Fight {
            place: Place::Field(0),
        },
    );
    assert!(g.place_of(e).is_none());
}

#[test]
fn immunity_bars_points_from_cards_of_that_class() {
    let mut g = table(1);
    let e = enemy(
        &mut g,
        "Immune",
        3,
        json!([{"k": "immunity", "class": "tech"}]),
    );
    field(&mut g, e);
    g.turn.attack[Class::Tech.slot()] = 5;
    let r = g
        .apply(
            0,
            &LeAction::Fight {
                place: Place::Field(0),
            },
        )
        .unwrap_err();
    assert!(r.reason.contains("not from Tech cards"), "{r}");
    g.turn.attack[Class::Will.slot()] = 3;
    act(
        &mut g,
        0,
        LeAction::Fight {
            place: Place::Field(0),
        },
    );
    assert_eq!(
        g.turn.attack[Class::Tech.slot()],
        5,
        "Tech points untouched"
    );
}

#[test]
fn vulnerability_takes_two_defense_per_card_of_that_class_played() {
    let mut g = table(1);
    let e = enemy(
        &mut g,
        "Weak",
        5,
        json!([{"k": "vulnerability", "class": "science"}]),
    );
    field(&mut g, e);
    let sci = character(&mut g, "Scientist", "science", json!({}));
    to_hand(&mut g, 0, sci);
    assert_eq!(g.defense_of(e), 5);
    act(&mut g, 0, LeAction::Play { card: sci });
    assert_eq!(g.defense_of(e), 3);
}

#[test]
fn frightening_needs_a_discard_first() {
    let mut g = table(1);
    let e = enemy(&mut g, "Scary", 1, json!([{"k": "frightening"}]));
    field(&mut g, e);
    turn_points(&mut g, 5, 0);
    let r = g
        .apply(
            0,
            &LeAction::Fight {
                place: Place::Field(0),
            },
        )
        .unwrap_err();
    assert!(r.reason.contains("Frightening"), "{r}");
    let c = character(&mut g, "Spare", "will", json!({}));
    to_hand(&mut g, 0, c);
    act(
        &mut g,
        0,
        LeAction::Fight {
            place: Place::Field(0),
        },
    );
    assert_eq!(g.players[0].discard.last(), Some(&c));
    assert!(g.place_of(e).is_none());
}

#[test]
fn stealth_cannot_be_fought_in_the_shadows() {
    let mut g = table(1);
    let e = enemy(&mut g, "Sneaky", 1, json!([{"k": "stealth"}]));
    shadows(&mut g, 2, e, false);
    turn_points(&mut g, 5, 0);
    let r = g
        .apply(
            0,
            &LeAction::Fight {
                place: Place::Shadows(2),
            },
        )
        .unwrap_err();
    assert!(r.reason.contains("Stealth"), "{r}");
}

#[test]
fn swift_strikes_the_fighter_first() {
    let mut g = table(1);
    let e = enemy(&mut g, "Quick", 1, json!([{"k": "swift"}]));
    field(&mut g, e);
    turn_points(&mut g, 1, 0);
    let ev = act(
        &mut g,
        0,
        LeAction::Fight {
            place: Place::Field(0),
        },
    );
    assert!(ev.iter().any(|e| matches!(e, LeEvent::StrikeDrawn { .. })));
    assert!(g.place_of(e).is_none() || g.players[0].defeated);
}

#[test]
fn ambush_moves_a_card_revealed_in_the_shadows_to_the_field() {
    let mut g = table(1);
    let e = enemy(&mut g, "Ambusher", 9, json!([{"k": "ambush"}]));
    shadows(&mut g, 3, e, true);
    turn_points(&mut g, 9, 0);
    act(
        &mut g,
        0,
        LeAction::Scan {
            place: Place::Shadows(3),
        },
    );
    assert_eq!(g.place_of(e), Some(Place::Field(0)));
}

// --- Revealing each kind (pp. 12-13) -------------------------------------------

#[test]
fn an_event_is_followed_then_defeated() {
    let mut g = table(2);
    let ev = g.new_card(def(json!({"id": "ev", "name": "Bad News", "kind": "event", "season": 1,
        "abilities": [{"when": "reveal", "text": "Each player gains a Doubt.", "do": "doubt each"}]})));
    shadows(&mut g, 1, ev, true);
    turn_points(&mut g, 9, 0);
    let doubts = g.doubts.len();
    act_now(
        &mut g,
        LeAction::Scan {
            place: Place::Shadows(1),
        },
    );
    assert_eq!(g.doubts.len(), doubts - 2);
    assert_eq!(g.defeated_conspiracy.last(), Some(&ev));
}

#[test]
fn an_ally_revealed_in_the_shadows_joins_the_player_chosen() {
    let mut g = table(2);
    let ally = g.new_card(def(
        json!({"id": "al", "name": "Friend", "kind": "ally", "season": 1, "class": "will"}),
    ));
    shadows(&mut g, 1, ally, true);
    turn_points(&mut g, 9, 0);
    let cur = g.current;
    act(
        &mut g,
        cur,
        LeAction::Scan {
            place: Place::Shadows(1),
        },
    );
    let other = 1 - cur;
    choose(&mut g, &format!("seat {}", other + 1));
    assert_eq!(g.players[usize::from(other)].discard.last(), Some(&ally));
}

#[test]
fn an_ally_revealed_in_the_field_is_defeated() {
    let mut g = table(1);
    let ally = g.new_card(def(
        json!({"id": "al", "name": "Too Late", "kind": "ally", "season": 1, "class": "will"}),
    ));
    for i in 1..5 {
        let e = enemy(&mut g, &format!("F{i}"), 9, json!([]));
        shadows(&mut g, i, e, false);
    }
    shadows(&mut g, 0, ally, true);
    act(&mut g, 0, LeAction::EndTurn);
    assert!(g.defeated_characters.contains(&ally));
}

#[test]
fn informants_and_leads_in_the_field_at_the_end_of_a_turn_are_defeated_and_a_lead_that_found_nothing_costs_each_player_a_doubt()
 {
    let mut g = table(2);
    let lead = g.new_card(def(
        json!({"id": "ld", "name": "Clue", "kind": "lead", "abilities": [
        {"when": "discover", "text": "Spend 1 Attack.", "do": "pay_attack 1"},
        {"when": "collect", "text": "Spend 1 Attack.", "do": "pay_attack 1"}]}),
    ));
    let inf = g.new_card(def(
        json!({"id": "in", "name": "Source", "kind": "informant"}),
    ));
    field(&mut g, lead);
    field(&mut g, inf);
    let doubts = g.doubts.len();
    act_now(&mut g, LeAction::EndTurn);
    assert!(g.defeated_conspiracy.contains(&lead) && g.defeated_conspiracy.contains(&inf));
    assert_eq!(g.doubts.len(), doubts - 2);
}

#[test]
fn discover_then_collect_evidence_on_the_same_turn() {
    let mut g = table(1);
    let lead = g.new_card(def(
        json!({"id": "ld", "name": "Clue", "kind": "lead", "abilities": [
        {"when": "discover", "text": "Spend 2 Attack.", "do": "pay_attack 2"},
        {"when": "collect", "text": "Spend 3 Recruit Points.", "do": "pay_recruit 3"}]}),
    ));
    shadows(&mut g, 2, lead, false);
    turn_points(&mut g, 1, 3);
    let r = g.apply(0, &LeAction::Collect { lead }).unwrap_err();
    assert!(
        r.reason.contains("Discover Evidence with this Lead first"),
        "{r}"
    );
    assert!(g.apply(0, &LeAction::Discover { lead }).is_err());
    turn_points(&mut g, 2, 3);
    act(&mut g, 0, LeAction::Discover { lead });
    assert_eq!(
        g.evidence[0].state,
        Proof::Discovered,
        "the topmost, Priority 1"
    );
    act(&mut g, 0, LeAction::Collect { lead });
    assert_eq!(g.evidence[0].state, Proof::Collected);
    assert!(g.defeated_conspiracy.contains(&lead));
}

// --- Strike Phase (pp. 14-15) and the Strike keywords -------------------------

fn strikes_taken(ev: &[LeEvent]) -> usize {
    ev.iter()
        .filter(|e| matches!(e, LeEvent::StrikeDrawn { .. } | LeEvent::Scarred { .. }))
        .count()
}

/// A Strike Deck of one kind of Strike (damage 1, or 0 for Misses).
fn strike_deck(g: &mut LeGame, damage: u8) {
    let id = g
        .strike_deck
        .iter()
        .copied()
        .find(|c| g.def(*c).strike_damage() == damage && !g.def(*c).fear)
        .unwrap();
    let d = g.def(id).clone();
    g.outside.append(&mut g.strike_deck);
    for _ in 0..10 {
        let c = g.new_card(d.clone());
        g.from_outside(c);
        g.strike_deck.push(c);
    }
    // Keep the count the audit expects: every Strike somewhere a Strike goes.
    let extra: Vec<Card> = g
        .outside
        .iter()
        .copied()
        .filter(|c| g.def(*c).kind == Kind::Strike)
        .collect();
    g.outside.retain(|c| !extra.contains(c));
    g.strike_discard.extend(extra);
}

#[test]
fn each_enemy_in_the_field_strikes_oldest_first_double_and_triple_strike_more() {
    let mut g = table(1);
    strike_deck(&mut g, 1);
    let a = enemy(&mut g, "Old", 9, json!([{"k": "double-strike"}]));
    let b = enemy(&mut g, "New", 9, json!([{"k": "triple-strike"}]));
    field(&mut g, a);
    g.from_outside(b);
    g.field.insert(
        0,
        Slot {
            card: b,
            hidden: false,
        },
    );
    let ev = act(&mut g, 0, LeAction::EndTurn);
    let sources: Vec<String> = ev
        .iter()
        .filter_map(|e| match e {
            LeEvent::StrikeDrawn {
                source: Some(s), ..
            } => Some(s.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(sources, ["Old", "Old", "New", "New", "New"]);
}

#[test]
fn range_strikes_from_the_shadows_and_ravage_strikes_on_entering_the_field() {
    let mut g = table(1);
    strike_deck(&mut g, 1);
    let r = enemy(&mut g, "Sniper", 9, json!([{"k": "range"}]));
    shadows(&mut g, 3, r, false);
    let rav = enemy(&mut g, "Ravager", 9, json!([{"k": "ravage"}]));
    shadows(&mut g, 0, rav, true);
    let ev = act(&mut g, 0, LeAction::EndTurn);
    // Turn 2's Conspiracy Phase pushes nothing yet; the Sniper Strikes in turn 1.
    assert!(strikes_taken(&ev) >= 1);
    let ranged = ev
        .iter()
        .any(|e| matches!(e, LeEvent::StrikeDrawn { source: Some(s), .. } if s == "Sniper"));
    assert!(ranged);
}

#[test]
fn lethal_defeats_on_any_damage() {
    let mut g = table(2);
    strike_deck(&mut g, 1);
    let e = enemy(&mut g, "Killer", 9, json!([{"k": "lethal"}]));
    field(&mut g, e);
    act_now(&mut g, LeAction::EndTurn);
    assert!(g.is_over());
    assert!(
        !g.outcome().unwrap().team.unwrap().won,
        "a defeat before The End loses the game"
    );
}

#[test]
fn maul_gives_a_scar_instead_of_a_strike() {
    let mut g = table(1);
    let e = enemy(&mut g, "Mauler", 9, json!([{"k": "maul"}]));
    field(&mut g, e);
    let ev = act(&mut g, 0, LeAction::EndTurn);
    assert!(ev.iter().any(|e| matches!(e, LeEvent::Scarred { .. })));
    assert!(g.players[0].strikes.iter().any(|w| w.scar));
    assert_eq!(g.damage(0), 1);
}

#[test]
fn ferocious_strikes_again_after_a_miss() {
    let mut g = table(1);
    strike_deck(&mut g, 0);
    let one = g
        .strike_discard
        .iter()
        .copied()
        .find(|c| g.def(*c).strike_damage() == 1)
        .unwrap();
    g.strike_discard.retain(|c| *c != one);
    g.strike_deck.insert(0, one); // the last card of the deck
    let e = enemy(&mut g, "Fierce", 9, json!([{"k": "ferocious"}]));
    field(&mut g, e);
    let ev = act(&mut g, 0, LeAction::EndTurn);
    let drawn = ev
        .iter()
        .filter(|e| matches!(e, LeEvent::StrikeDrawn { .. }))
        .count();
    assert_eq!(drawn, 11, "ten Misses, then the hit");
}

#[test]
fn elude_escapes_from_the_field_at_the_end_of_the_turn() {
    let mut g = table(1);
    strike_deck(&mut g, 0);
    let e = enemy(&mut g, "Slippery", 9, json!([{"k": "elude"}]));
    field(&mut g, e);
    let ev = act(&mut g, 0, LeAction::EndTurn);
    assert!(ev.iter().any(|x| matches!(x, LeEvent::Escaped { .. })));
    assert!(g.defeated_conspiracy.contains(&e));
}

#[test]
fn avoid_skips_drawing_the_strike_and_its_strike_ability() {
    let mut g = table(1);
    strike_deck(&mut g, 1);
    let e = g.new_card(def(
        json!({"id": "s", "name": "Hitter", "kind": "enemy", "season": 1, "defense": 9,
        "abilities": [{"when": "strike", "text": "Gain a Doubt.", "do": "doubt"}]}),
    ));
    field(&mut g, e);
    g.turn.avoid = 1;
    let doubts = g.doubts.len();
    act(&mut g, 0, LeAction::EndTurn);
    choose(&mut g, "yes");
    assert_eq!(g.damage(0), 0);
    assert_eq!(g.doubts.len(), doubts);
}

/// Puts a Fear Strike on top of the Strike Deck.
fn fear_on_top(g: &mut LeGame) -> Card {
    let fear = g
        .strike_deck
        .iter()
        .copied()
        .find(|c| g.def(*c).fear)
        .unwrap();
    g.strike_deck.retain(|c| *c != fear);
    g.strike_deck.push(fear);
    fear
}

#[test]
fn fear_is_cancelled_by_another_player_revealing_a_belief() {
    let mut g = table(2);
    let fear = fear_on_top(&mut g);
    let belief = g.beliefs.pop().unwrap();
    let other = 1 - g.current;
    g.players[usize::from(other)].hand.push(belief);
    let e = enemy(&mut g, "Scarer", 9, json!([]));
    field(&mut g, e);
    act_now(&mut g, LeAction::EndTurn);
    assert_eq!(g.choice.as_ref().unwrap().seat, other);
    choose(&mut g, "yes");
    assert_eq!(g.damage(1 - other), 0);
    assert!(g.strike_discard.contains(&fear));
}

#[test]
fn fear_alone_is_cancelled_if_you_played_a_belief_this_turn() {
    let mut g = table(1);
    fear_on_top(&mut g);
    let belief = g.beliefs.pop().unwrap();
    g.players[0].hand.push(belief);
    act(&mut g, 0, LeAction::Play { card: belief });
    let e = enemy(&mut g, "Scarer", 9, json!([]));
    field(&mut g, e);
    act(&mut g, 0, LeAction::EndTurn);
    choose(&mut g, "yes");
    assert_eq!(g.damage(0), 0);
}

// --- Class abilities, Beliefs and Doubts (pp. 9-10) ---------------------------

#[test]
fn head_of_the_sci_crime_lab_played_twice_only_the_second_draws() {
    let mut g = table(1);
    let head = g
        .defs
        .iter()
        .position(|d| d.name == "Head of the Sci-Crime Lab");
    let d = match head {
        Some(i) => g.defs[i].clone(),
        None => xfiles_bot::engine::legendary::CardSet::demo()
            .cards
            .into_iter()
            .find(|c| c.name == "Head of the Sci-Crime Lab")
            .unwrap(),
    };
    assert_eq!(d.class, Some(Class::Intellect));
    assert_eq!(d.attack, Some(2));
    let (a, b) = (g.new_card(d.clone()), g.new_card(d));
    to_hand(&mut g, 0, a);
    to_hand(&mut g, 0, b);
    let hand = |g: &LeGame| g.players[0].hand.len();
    act(&mut g, 0, LeAction::Play { card: a });
    assert_eq!(hand(&g), 1, "no earlier Intellect card: no draw");
    act(&mut g, 0, LeAction::Play { card: b });
    assert_eq!(hand(&g), 1, "the second copy draws a card");
    assert_eq!(g.view(Viewer::Seat(0)).attack, 4, "both always give 2");
}

#[test]
fn a_class_activate_needs_another_card_of_that_class_played_earlier() {
    let mut g = table(1);
    let c = character(
        &mut g,
        "Lab",
        "tech",
        json!({"abilities": [
        {"when": "activate", "class": "tech", "text": "You get +2 Attack.", "do": "attack 2"}]}),
    );
    to_hand(&mut g, 0, c);
    act(&mut g, 0, LeAction::Play { card: c });
    let r = g.apply(0, &LeAction::Activate { card: c }).unwrap_err();
    assert!(r.reason.contains("another Tech card played earlier"), "{r}");
}

#[test]
fn an_activate_ability_is_used_once_per_turn() {
    let mut g = table(1);
    let c = character(
        &mut g,
        "Button",
        "tech",
        json!({"abilities": [
        {"when": "activate", "text": "You get +1 Attack.", "do": "attack 1"}]}),
    );
    to_hand(&mut g, 0, c);
    act(&mut g, 0, LeAction::Play { card: c });
    act(&mut g, 0, LeAction::Activate { card: c });
    assert!(g.apply(0, &LeAction::Activate { card: c }).is_err());
    assert_eq!(g.view(Viewer::Seat(0)).attack, 1);
}

#[test]
fn mulders_belief_played_draws_a_card_and_activated_the_team_defeats_doubts() {
    let mut g = table(2);
    let mulder = (0..2u8)
        .find(|s| g.name(g.players[usize::from(*s)].avatar) == "Fox Mulder")
        .unwrap();
    g.current = mulder;
    let belief = g.beliefs.pop().unwrap();
    g.players[usize::from(mulder)].hand.push(belief);
    let doubt = g.doubts.pop().unwrap();
    g.players[usize::from(1 - mulder)].hand.push(doubt);
    act(&mut g, mulder, LeAction::Play { card: belief });
    assert_eq!(
        g.players[usize::from(mulder)].hand.len(),
        1,
        "a Belief draws a card"
    );
    act(&mut g, mulder, LeAction::Activate { card: belief });
    assert!(g.doubts.contains(&doubt) && g.beliefs.contains(&belief));
    let again = g.beliefs.pop().unwrap();
    g.players[usize::from(mulder)].hand.push(again);
    act(&mut g, mulder, LeAction::Play { card: again });
    let r = g
        .apply(mulder, &LeAction::Activate { card: again })
        .unwrap_err();
    assert!(r.reason.contains("already resolved your Belief"), "{r}");
}

#[test]
fn a_doubt_drawn_in_the_action_phase_resolves_once_and_extra_doubts_stay() {
    let mut g = table(1);
    let scully_doubt_discards = g.name(g.players[0].avatar);
    let (d1, d2) = (g.doubts.pop().unwrap(), g.doubts.pop().unwrap());
    g.players[0].deck.extend([d2, d1]);
    let draw = character(
        &mut g,
        "Drawer",
        "will",
        json!({"abilities": [
        {"when": "play", "text": "Draw two cards.", "do": "draw 2"}]}),
    );
    to_hand(&mut g, 0, draw);
    let ev = act(&mut g, 0, LeAction::Play { card: draw });
    let resolved = ev
        .iter()
        .filter(|e| matches!(e, LeEvent::DoubtResolved { .. }))
        .count();
    assert_eq!(resolved, 1, "{scully_doubt_discards}");
    assert_eq!(
        g.players[0]
            .hand
            .iter()
            .filter(|c| g.def(**c).kind == Kind::Doubt)
            .count(),
        1
    );
}

#[test]
fn cassandra_spender_revealed_makes_a_doubt_fail_to_resolve() {
    let mut g = table(1);
    let cass = g.new_card(def(
        json!({"id": "cass", "name": "Cassandra Spender", "kind": "informant",
               "abilities": [{"when": "ongoing", "text": "A Doubt fails to resolve.",
                              "do": "special cassandra"}]}),
    ));
    shadows(&mut g, 2, cass, false);
    let d = g.doubts.pop().unwrap();
    g.players[0].deck.push(d);
    let draw = character(
        &mut g,
        "Drawer",
        "will",
        json!({"abilities": [
        {"when": "play", "text": "Draw a card.", "do": "draw 1"}]}),
    );
    to_hand(&mut g, 0, draw);
    let ev = act(&mut g, 0, LeAction::Play { card: draw });
    assert!(
        ev.iter().any(
            |e| matches!(e, LeEvent::DoubtResolved { name, .. } if name.contains("Cassandra"))
        )
    );
    assert!(g.doubts.contains(&d));
}

#[test]
fn trust_no_one_alone_forbids_playing_coordinate_cards() {
    let mut g = table(1);
    g.turn.silence = true;
    let c = character(
        &mut g,
        "Partner",
        "will",
        json!({"keywords": [{"k": "coordinate"}]}),
    );
    to_hand(&mut g, 0, c);
    let r = g.apply(0, &LeAction::Play { card: c }).unwrap_err();
    assert!(r.reason.contains("Trust No One"), "{r}");
}

// --- Coordinate, Sacrifice, Vigilant (pp. 18-19) -----------------------------

#[test]
fn coordinate_sets_a_card_aside_draws_a_replacement_and_lends_a_virtual_copy() {
    let mut g = table(2);
    let cur = g.current;
    let helper = 1 - cur;
    let c = character(
        &mut g,
        "Shared",
        "tech",
        json!({"attack": 3, "keywords": [{"k": "coordinate"}]}),
    );
    to_hand(&mut g, helper, c);
    act(&mut g, helper, LeAction::Coordinate { card: c });
    assert_eq!(
        g.players[usize::from(helper)].hand.len(),
        1,
        "a replacement drawn"
    );
    let r = g
        .apply(
            helper,
            &LeAction::Coordinate {
                card: g.players[usize::from(helper)].hand[0],
            },
        )
        .unwrap_err();
    assert!(
        r.reason.contains("already Coordinated") || r.reason.contains("no Coordinate"),
        "{r}"
    );
    act(&mut g, cur, LeAction::PlayCoordinated { from: helper });
    assert_eq!(g.view(Viewer::Seat(cur)).attack, 3);
    act(&mut g, cur, LeAction::EndTurn);
    assert!(
        g.players[usize::from(helper)].discard.contains(&c)
            || g.players[usize::from(helper)].hand.contains(&c)
    );
}

#[test]
fn alone_a_coordinate_card_may_be_discarded_to_draw_once_a_turn() {
    let mut g = table(1);
    let (a, b) = (
        character(
            &mut g,
            "C1",
            "tech",
            json!({"keywords": [{"k": "coordinate"}]}),
        ),
        character(
            &mut g,
            "C2",
            "tech",
            json!({"keywords": [{"k": "coordinate"}]}),
        ),
    );
    to_hand(&mut g, 0, a);
    to_hand(&mut g, 0, b);
    act(&mut g, 0, LeAction::SoloCoordinate { card: a });
    assert_eq!(g.players[0].hand.len(), 2);
    assert!(g.apply(0, &LeAction::SoloCoordinate { card: b }).is_err());
}

#[test]
fn sacrifice_defeats_the_card_for_its_text() {
    let mut g = table(1);
    let c = character(
        &mut g,
        "Martyr",
        "will",
        json!({"abilities": [
        {"when": "sacrifice", "text": "Gain a Belief.", "do": "belief"}]}),
    );
    to_hand(&mut g, 0, c);
    act(&mut g, 0, LeAction::Sacrifice { card: c });
    assert!(g.defeated_characters.contains(&c));
    assert_eq!(
        g.def(*g.players[0].discard.last().unwrap()).kind,
        Kind::Belief
    );
}

#[test]
fn vigilant_stays_in_play_and_is_discarded_for_its_text() {
    let mut g = table(1);
    let c = character(
        &mut g,
        "Watcher",
        "will",
        json!({"keywords": [{"k": "vigilant"}], "abilities": [
        {"when": "vigilant", "text": "Discard this: avoid a Strike this turn.", "do": "avoid 1"}]}),
    );
    to_hand(&mut g, 0, c);
    act(&mut g, 0, LeAction::Play { card: c });
    act(&mut g, 0, LeAction::EndTurn);
    assert!(g.players[0].vigilant.contains(&c), "stays in play");
    act(&mut g, 0, LeAction::Vigilant { card: c });
    assert_eq!(g.turn.avoid, 1);
    assert!(g.players[0].discard.contains(&c));
}

// --- The End Game (pp. 15-17) -------------------------------------------------

/// The End Game, hidden, in Shadows space `space`; the rest of the
/// Conspiracy Deck goes back in the box.
fn end_game_at(g: &mut LeGame, space: usize) -> Card {
    let eg = g.end_game;
    g.conspiracy.retain(|c| *c != eg);
    g.outside.append(&mut g.conspiracy);
    g.shadows[space] = Some(Slot {
        card: eg,
        hidden: true,
    });
    eg
}

fn reveal_end_game(g: &mut LeGame) {
    end_game_at(g, 4);
    turn_points(g, 9, 0);
    let cur = g.current;
    act(
        g,
        cur,
        LeAction::Scan {
            place: Place::Shadows(4),
        },
    );
}

#[test]
fn the_end_defeats_leads_reveals_and_locks_evidence_and_triggers_the_end_abilities() {
    let mut g = table(2);
    let lead = g.new_card(def(json!({"id": "ld", "name": "Clue", "kind": "lead", "abilities": [
        {"when": "discover", "text": "x", "do": "pay_attack 1"}, {"when": "collect", "text": "x", "do": "pay_attack 1"}]})));
    shadows(&mut g, 1, lead, false);
    let doubts = g.doubts.len();
    let health = g.end_game_health();
    reveal_end_game(&mut g);
    assert!(g.the_end);
    assert!(g.defeated_conspiracy.contains(&lead));
    assert!(
        g.doubts.len() <= doubts - 2,
        "each player gains a Doubt for the lost Lead"
    );
    assert_eq!(g.locked_evidence().len(), 3);
    let v = g.view(Viewer::Spectator);
    assert!(
        v.evidence.iter().all(|e| e.card.is_some()),
        "Evidence revealed"
    );
    assert!(g.end_game_health() >= health);
}

#[test]
fn fighting_the_end_game_draws_strikes_as_its_damage_until_its_health_is_reached() {
    let mut g = table(1);
    strike_deck(&mut g, 1);
    reveal_end_game(&mut g);
    let eg = g.end_game;
    let place = g.place_of(eg).unwrap();
    let health = g.end_game_health();
    for _ in 0..health {
        let cost = g.defense_of(eg);
        turn_points(&mut g, cost, 0);
        act(&mut g, 0, LeAction::Fight { place });
    }
    assert!(g.is_over());
    let team = g.outcome().unwrap().team.unwrap();
    assert!(team.won);
}

#[test]
fn after_the_end_begins_a_defeated_player_is_out_and_the_team_fights_on() {
    let mut g = table(2);
    reveal_end_game(&mut g);
    let victim = 1 - g.current;
    let strikes: Vec<Card> = g.strike_deck.drain(..20).collect();
    g.players[usize::from(victim)]
        .strikes
        .extend(strikes.iter().map(|c| Wound {
            card: *c,
            scar: true,
        }));
    let cur = g.current;
    let c = character(&mut g, "x", "will", json!({}));
    to_hand(&mut g, cur, c);
    g.tasks.push(Task::Run {
        src: xfiles_bot::engine::legendary::Src {
            card: None,
            label: "test".into(),
        },
        steps: vec![xfiles_bot::engine::legendary::Step::Scar(
            xfiles_bot::engine::legendary::Who::You,
        )],
        pc: 0,
        seat: victim,
    });
    act(&mut g, cur, LeAction::Play { card: c });
    assert!(g.players[usize::from(victim)].defeated);
    assert!(!g.is_over());
    assert!(
        g.players[usize::from(victim)].hand.is_empty()
            && g.players[usize::from(victim)].strikes.is_empty()
    );
}

#[test]
fn a_player_defeated_before_the_end_loses_the_game_unless_the_rejoin_option_is_on() {
    for rejoin in [false, true] {
        let mut opts = LeOptions::default();
        opts.difficulty.rejoin = rejoin;
        let (mut g, _) = LeGame::new(opts, vec![LeSetup::default(); 2], 3).unwrap();
        let health = g.health(g.current) as usize;
        let many: Vec<Card> = g
            .strike_deck
            .iter()
            .copied()
            .filter(|c| g.def(*c).strike_damage() >= 1)
            .take(health)
            .collect();
        g.strike_deck.retain(|c| !many.contains(c));
        g.strike_deck.extend(many);
        let e = enemy(&mut g, "Brute", 9, json!([{"k": "triple-strike"}]));
        field(&mut g, e);
        let mut rejoined = false;
        for _ in 0..12 {
            if g.is_over() || rejoined {
                break;
            }
            let ev = act_now(&mut g, LeAction::EndTurn);
            rejoined = ev.iter().any(|e| matches!(e, LeEvent::Rejoins { .. }));
        }
        if rejoin {
            assert!(
                rejoined && !g.is_over(),
                "the defeated player rejoins later"
            );
            assert!(
                g.players
                    .iter()
                    .any(|p| p.skip == 1 && p.strikes.iter().all(|w| w.scar))
            );
        } else {
            assert!(g.is_over() && !g.outcome().unwrap().team.unwrap().won);
        }
    }
}

#[test]
fn running_out_of_strikes_with_none_discarded_loses_the_game() {
    let mut g = table(1);
    g.outside.append(&mut g.strike_deck);
    g.outside.append(&mut g.strike_discard);
    // Keep the audit's Strike count true: they are Scars on the Avatar now.
    let all: Vec<Card> = g
        .outside
        .iter()
        .copied()
        .filter(|c| g.def(*c).kind == Kind::Strike)
        .collect();
    g.outside.retain(|c| !all.contains(c));
    g.players[0].strikes.extend(all.iter().map(|c| Wound {
        card: *c,
        scar: false,
    }));
    g.players[0].strikes.iter_mut().for_each(|w| w.scar = false);
    let e = enemy(&mut g, "Hitter", 9, json!([]));
    field(&mut g, e);
    let ev = g.apply(0, &LeAction::EndTurn).unwrap();
    assert!(g.is_over());
    assert!(
        ev.iter()
            .any(|e| matches!(&e.body, LeEvent::Over { won: false, .. }))
    );
}

// --- Cleanup (p. 15) --------------------------------------------------------

#[test]
fn cleanup_discards_everything_and_draws_six_shuffling_only_when_the_deck_is_empty() {
    let mut g = table(1);
    let deck = g.players[0].deck.len();
    act(&mut g, 0, LeAction::EndTurn);
    let p = &g.players[0];
    assert_eq!(p.hand.len(), 6);
    if deck >= 6 {
        assert_eq!(p.deck.len(), deck - 6);
    }
    assert_eq!(g.phase, Phase::Action);
}

// --- A Series (p. 25) -------------------------------------------------------

#[test]
fn series_points_follow_the_points_chart() {
    let mut g = table(1);
    g.evidence[0].state = Proof::Collected;
    g.evidence[1].state = Proof::Discovered;
    assert_eq!(series::points(&g, 1, false), 2 + 2);
    assert_eq!(series::points(&g, 2, true), 2 * 2 + 4 + 14);
    assert_eq!(series::points(&g, 3, true), 2 * 3 + 6 + 25);
}

#[test]
fn after_a_won_series_game_a_got_too_close_cliffhanger_is_drawn_for_an_avatar_in_play() {
    let mut g = table(2);
    strike_deck(&mut g, 1);
    g.options.series = Some(series::SeriesCarry {
        game: 1,
        ..Default::default()
    });
    reveal_end_game(&mut g);
    let eg = g.end_game;
    let place = g.place_of(eg).unwrap();
    while !g.is_over() {
        let cost = g.defense_of(eg);
        turn_points(&mut g, cost, 0);
        let c = g.current;
        act(&mut g, c, LeAction::Fight { place });
    }
    let team = g.outcome().unwrap().team.unwrap();
    assert!(team.won && team.series_points.unwrap() >= 7);
    let set = xfiles_bot::engine::legendary::CardSet::demo();
    let next = series::next_game(&g, &set, 5).unwrap();
    assert_eq!(next.game, 2);
    let (avatar, id) = &next.cliffhangers[0];
    let card = set.cards.iter().find(|c| &c.id == id).unwrap();
    assert_eq!(
        card.cliffhanger,
        Some(xfiles_bot::engine::legendary::data::Cliffhanger::GotTooClose)
    );
    let avatars: Vec<String> = g.players.iter().map(|p| g.name(p.avatar)).collect();
    assert!(avatars.contains(avatar));
    let opts = LeOptions {
        series: Some(next),
        ..LeOptions::default()
    };
    let setups: Vec<LeSetup> = avatars
        .iter()
        .map(|a| LeSetup {
            avatar: Some(a.clone()),
        })
        .collect();
    let (g2, _) = LeGame::new(opts, setups, 9).unwrap();
    assert!(
        g2.conspiracy.iter().any(|c| g2.def(*c).season == Some(4)),
        "game 2 plays Seasons 4-6"
    );
    assert_eq!(
        g2.players
            .iter()
            .map(|p| p.cliffhangers.len())
            .sum::<usize>(),
        1
    );
}

// --- Specific Card Clarifications (p. 21) and Playing Solo (p. 22) ------------

fn demo_def(name: &str) -> CardDef {
    xfiles_bot::engine::legendary::CardSet::demo()
        .cards
        .into_iter()
        .find(|c| c.name == name)
        .unwrap_or_else(|| panic!("no demo card {name}"))
}

/// Makes the named demo End Game this game's End Game.
fn set_end_game(g: &mut LeGame, name: &str) {
    let c = g.new_card(demo_def(name));
    g.from_outside(c);
    let old = g.end_game;
    let i = g.conspiracy.iter().position(|x| *x == old).unwrap();
    g.conspiracy[i] = c;
    g.outside.push(old);
    g.end_game = c;
}

fn reveal_event(g: &mut LeGame, name: &str, space: usize) -> Vec<LeEvent> {
    let ev = g.new_card(demo_def(name));
    shadows(g, space, ev, true);
    turn_points(g, 9, 0);
    act_now(
        g,
        LeAction::Scan {
            place: Place::Shadows(space as u8),
        },
    )
}

#[test]
fn body_swap_exchanges_avatars_with_their_strikes_with_the_next_player() {
    let mut g = table(3);
    let cur = g.current;
    let next = g.next_after(cur);
    let (mine, theirs) = (
        g.players[usize::from(cur)].avatar,
        g.players[usize::from(next)].avatar,
    );
    let s = g.strike_deck.pop().unwrap();
    g.players[usize::from(next)].strikes.push(Wound {
        card: s,
        scar: false,
    });
    reveal_event(&mut g, "Body Swap", 1);
    assert_eq!(g.players[usize::from(cur)].avatar, theirs);
    assert_eq!(g.players[usize::from(next)].avatar, mine);
    assert_eq!(
        g.players[usize::from(cur)].strikes.len(),
        1,
        "the Strikes go with the Avatar"
    );
}

#[test]
fn body_swap_alone_takes_a_random_avatar_from_outside_the_game() {
    let mut g = table(1);
    let mine = g.players[0].avatar;
    reveal_event(&mut g, "Body Swap", 1);
    assert_ne!(g.players[0].avatar, mine);
    assert!(g.outside.contains(&mine));
}

#[test]
fn body_swap_does_not_swap_for_a_team_of_five_down_to_one() {
    let mut g = table(5);
    let cur = g.current;
    for s in 0..5u8 {
        if s != cur {
            g.players[usize::from(s)].defeated = true;
        }
    }
    let mine = g.players[usize::from(cur)].avatar;
    let ev = g.new_card(demo_def("Body Swap"));
    shadows(&mut g, 1, ev, true);
    turn_points(&mut g, 9, 0);
    g.apply(
        cur,
        &LeAction::Scan {
            place: Place::Shadows(1),
        },
    )
    .unwrap();
    assert_eq!(g.players[usize::from(cur)].avatar, mine);
}

#[test]
fn x_adds_a_fourth_lead_from_outside_the_game() {
    let mut g = table(1);
    let leads = |g: &LeGame| {
        g.outside
            .iter()
            .filter(|c| g.def(**c).kind == Kind::Lead)
            .count()
    };
    let before = leads(&g);
    reveal_event(&mut g, "X", 1);
    assert_eq!(leads(&g), before - 1);
    let hidden_lead = g.shadows[4].unwrap();
    assert!(hidden_lead.hidden && g.def(hidden_lead.card).kind == Kind::Lead);
}

#[test]
fn x_a_lead_lost_after_all_evidence_was_discovered_costs_no_doubts() {
    let mut g = table(2);
    for e in &mut g.evidence {
        e.state = Proof::Discovered;
    }
    let lead = g.new_card(demo_def("Anonymous Tip"));
    field(&mut g, lead);
    let doubts = g.doubts.len();
    act_now(&mut g, LeAction::EndTurn);
    assert!(g.defeated_conspiracy.contains(&lead));
    assert_eq!(g.doubts.len(), doubts);
}

#[test]
fn susanne_modeski_lets_you_recruit_any_lone_gunmen_card_from_outside_at_its_cost() {
    let opts = LeOptions {
        academy: vec![
            "Mulder".into(),
            "Scully".into(),
            "Skinner".into(),
            "Doggett".into(),
        ],
        ..LeOptions::default()
    };
    let (mut g, _) = LeGame::new(opts, vec![LeSetup::default()], 7).unwrap();
    assert!(g.susanne_offers().is_empty(), "only while she is revealed");
    let s = g.new_card(demo_def("Susanne Modeski"));
    shadows(&mut g, 2, s, false);
    let offers = g.susanne_offers();
    assert_eq!(offers.len(), 6, "each Lone Gunmen card");
    let card = offers[0];
    let cost = i32::from(g.def(card).cost.unwrap());
    turn_points(&mut g, 0, cost);
    let bureau_before = g.bureau;
    act(&mut g, 0, LeAction::RecruitOutside { card });
    assert_eq!(g.players[0].discard.last(), Some(&card));
    assert_eq!(g.bureau, bureau_before, "no Bureau power, no refill");
}

#[test]
fn extinction_defeats_discarded_cards_vigilant_ones_too_and_a_player_with_no_cards() {
    let mut g = table(2);
    set_end_game(&mut g, "Extinction");
    reveal_end_game(&mut g);
    let cur = g.current;
    let w = character(
        &mut g,
        "Watcher",
        "will",
        json!({"keywords": [{"k": "vigilant"}], "abilities": [
        {"when": "vigilant", "text": "Discard this: avoid a Strike.", "do": "avoid 1"}]}),
    );
    to_hand(&mut g, cur, w);
    act(&mut g, cur, LeAction::Play { card: w });
    act(&mut g, cur, LeAction::Vigilant { card: w });
    assert!(
        g.defeated_characters.contains(&w),
        "a Vigilant card discarded to use it is defeated"
    );
    let other = 1 - cur;
    let p = &mut g.players[usize::from(other)];
    let cards: Vec<Card> = p
        .hand
        .drain(..)
        .chain(p.deck.drain(..))
        .chain(p.discard.drain(..))
        .collect();
    g.outside.extend(cards);
    let v = character(
        &mut g,
        "Kept",
        "will",
        json!({"keywords": [{"k": "vigilant"}]}),
    );
    g.from_outside(v);
    g.players[usize::from(other)].vigilant.push(v);
    act_now(&mut g, LeAction::EndTurn);
    assert!(
        g.players[usize::from(other)].defeated,
        "no cards in hand, deck and discard pile"
    );
}

#[test]
fn replication_puts_the_clone_one_space_right_and_both_must_fall() {
    let mut g = table(1);
    strike_deck(&mut g, 1);
    set_end_game(&mut g, "Replication");
    let eg = end_game_at(&mut g, 2);
    turn_points(&mut g, 9, 0);
    act(
        &mut g,
        0,
        LeAction::Scan {
            place: Place::Shadows(2),
        },
    );
    let clone = g.clone.expect("the Clone is in play");
    assert_eq!(g.place_of(clone), Some(Place::Shadows(3)));
    assert!(g.shadows[3].unwrap().hidden);
    assert_eq!(
        g.clone_evidence.len(),
        3,
        "one per priority Replication has"
    );
    for target in [eg, clone] {
        let place = g.place_of(target).unwrap();
        if g.slot_at(place).unwrap().hidden {
            turn_points(&mut g, 9, 0);
            act(&mut g, 0, LeAction::Scan { place });
        }
        while g.place_of(target).is_some() && !g.is_over() {
            let cost = g.defense_of(target);
            turn_points(&mut g, cost, 0);
            let place = g.place_of(target).unwrap();
            act(&mut g, 0, LeAction::Fight { place });
        }
        if target == eg {
            assert!(!g.is_over(), "the Clone still stands");
        }
    }
    assert!(g.outcome().unwrap().team.unwrap().won);
}

#[test]
fn replication_in_the_rightmost_space_puts_the_clone_on_the_conspiracy_deck() {
    let mut g = table(1);
    set_end_game(&mut g, "Replication");
    reveal_end_game(&mut g);
    let clone = g.clone.unwrap();
    assert_eq!(g.conspiracy.last(), Some(&clone));
}

#[test]
fn a_card_entering_the_shadows_never_lands_right_of_the_end_game() {
    // "Cards can't be in the Shadow spaces to the right of the End Game":
    // one entering while it is there takes the space just left of it (how
    // xfiles-bot plays it).
    let mut g = table(1);
    let eg = end_game_at(&mut g, 4);
    reveal_event(&mut g, "X", 1);
    assert_eq!(g.place_of(eg), Some(Place::Shadows(4)));
    assert_eq!(g.def(g.shadows[3].unwrap().card).kind, Kind::Lead);
}

// --- Ability Timing (p. 17) ---------------------------------------------------

fn enemy_with(g: &mut LeGame, name: &str, defense: u8, abilities: serde_json::Value) -> Card {
    g.new_card(def(
        json!({"id": name, "name": name, "kind": "enemy", "season": 1,
        "defense": defense, "abilities": abilities}),
    ))
}

#[test]
fn first_reveal_happens_only_the_first_time_reveal_every_time() {
    let mut g = table(1);
    let e = enemy_with(
        &mut g,
        "Twice",
        9,
        json!([
        {"when": "reveal", "text": "Gain a Doubt.", "do": "doubt"},
        {"when": "first-reveal", "text": "Gain a Belief.", "do": "belief"}]),
    );
    shadows(&mut g, 2, e, true);
    let (doubts, beliefs) = (g.doubts.len(), g.beliefs.len());
    for _ in 0..2 {
        g.shadows[2].as_mut().unwrap().hidden = true; // hidden again by an effect
        turn_points(&mut g, 9, 0);
        act(
            &mut g,
            0,
            LeAction::Scan {
                place: Place::Shadows(2),
            },
        );
    }
    assert_eq!(g.doubts.len(), doubts - 2, "Reveal: each time");
    assert_eq!(g.beliefs.len(), beliefs - 1, "First Reveal: once");
}

#[test]
fn reveal_shadows_happens_only_when_revealed_in_the_shadows() {
    let mut g = table(1);
    let abilities = json!([{"when": "reveal-shadows", "text": "Gain a Doubt.", "do": "doubt"}]);
    let a = enemy_with(&mut g, "Lurker", 9, abilities.clone());
    let b = g.new_card(def(json!({"id": "Lurker2", "name": "Lurker2", "kind": "enemy", "season": 1, "defense": 9, "abilities": abilities})));
    shadows(&mut g, 1, a, true);
    for i in 1..5 {
        if i != 1 {
            let e = enemy(&mut g, &format!("P{i}"), 9, json!([]));
            shadows(&mut g, i, e, false);
        }
    }
    shadows(&mut g, 0, b, true);
    let doubts = g.doubts.len();
    turn_points(&mut g, 9, 0);
    act(
        &mut g,
        0,
        LeAction::Scan {
            place: Place::Shadows(1),
        },
    );
    assert_eq!(g.doubts.len(), doubts - 1);
    act(&mut g, 0, LeAction::EndTurn); // pushes b, hidden, into the Field
    assert_eq!(g.place_of(b), Some(Place::Field(0)));
    assert_eq!(g.doubts.len(), doubts - 1, "revealed in the Field: nothing");
}

#[test]
fn a_draw_ability_happens_when_the_card_is_drawn() {
    let mut g = table(1);
    let drawn = character(
        &mut g,
        "Lucky",
        "will",
        json!({"abilities": [
        {"when": "draw", "text": "You get +1 Attack.", "do": "attack 1"}]}),
    );
    g.from_outside(drawn);
    g.players[0].deck.push(drawn);
    let drawer = character(
        &mut g,
        "Drawer",
        "tech",
        json!({"abilities": [
        {"when": "play", "text": "Draw a card.", "do": "draw 1"}]}),
    );
    to_hand(&mut g, 0, drawer);
    act(&mut g, 0, LeAction::Play { card: drawer });
    assert_eq!(g.view(Viewer::Seat(0)).attack, 1);
}

#[test]
fn defeat_happens_each_time_first_defeat_once() {
    let mut g = table(1);
    let e = enemy_with(
        &mut g,
        "Fallen",
        1,
        json!([
        {"when": "defeat", "text": "Draw a card.", "do": "draw 1"},
        {"when": "first-defeat", "text": "Gain a Belief.", "do": "belief"}]),
    );
    field(&mut g, e);
    let beliefs = g.beliefs.len();
    turn_points(&mut g, 1, 0);
    act(
        &mut g,
        0,
        LeAction::Fight {
            place: Place::Field(0),
        },
    );
    assert_eq!(g.players[0].hand.len(), 1);
    assert_eq!(g.beliefs.len(), beliefs - 1);
}

#[test]
fn a_cleanup_ability_happens_in_the_cleanup_phase() {
    let mut g = table(1);
    let c = character(
        &mut g,
        "Tidy",
        "will",
        json!({"abilities": [
        {"when": "cleanup", "text": "Gain a Belief.", "do": "belief"}]}),
    );
    to_hand(&mut g, 0, c);
    act(&mut g, 0, LeAction::Play { card: c });
    let beliefs = g.beliefs.len();
    act(&mut g, 0, LeAction::EndTurn);
    assert_eq!(g.beliefs.len(), beliefs - 1);
}

#[test]
fn shadows_field_and_ongoing_abilities_are_in_force_only_there() {
    let mut g = table(1);
    let e = enemy_with(
        &mut g,
        "Shifty",
        3,
        json!([
        {"when": "shadows", "text": "+2 Defense in the Shadows.", "do": "defense 2"},
        {"when": "field", "text": "+1 Defense in the Field.", "do": "defense 1"},
        {"when": "ongoing", "text": "+1 Defense.", "do": "defense 1"}]),
    );
    shadows(&mut g, 0, e, false);
    assert_eq!(g.defense_of(e), 3 + 2 + 1);
    g.audit().unwrap();
    // Moved into the Field.
    let slot = g.shadows[0].take().unwrap();
    g.field.insert(0, slot);
    assert_eq!(g.defense_of(e), 3 + 1 + 1);
}

#[test]
fn a_stored_state_round_trips_small_on_the_demo_set_and_whole_with_other_cards() {
    let g = game(3);
    let text = serde_json::to_string(&g).unwrap();
    assert!(
        text.len() < 8 * 1024,
        "demo definitions stored as ids: {} bytes",
        text.len()
    );
    assert_eq!(serde_json::from_str::<LeGame>(&text).unwrap(), g);
    let mut g = game(2);
    enemy(&mut g, "Homemade", 4, json!([]));
    let text = serde_json::to_string(&g).unwrap();
    assert!(text.contains("Homemade"));
    assert_eq!(serde_json::from_str::<LeGame>(&text).unwrap(), g);
}

// --- Texts in force, cards on others' turns, Cliffhangers (pp. 11, 21-22, 25) ---

fn demo_card(g: &mut LeGame, name: &str) -> Card {
    g.new_card(demo_def(name))
}

fn wound(g: &mut LeGame, seat: usize) {
    let s = g.strike_deck.pop().unwrap();
    g.players[seat].strikes.push(Wound {
        card: s,
        scar: false,
    });
}

fn healer(g: &mut LeGame, name: &str) -> Card {
    let h = character(
        g,
        name,
        "will",
        json!({"abilities": [{"when": "play", "text": "Heal a Strike.", "do": "heal 1"}]}),
    );
    to_hand(g, 0, h);
    h
}

#[test]
fn ongoing_text_is_in_force_while_revealed_moth_man_forbids_healing() {
    let mut g = table(1);
    let moth = demo_card(&mut g, "Moth Man (S1)");
    shadows(&mut g, 2, moth, true);
    wound(&mut g, 0);
    let h = healer(&mut g, "Hidden Healer");
    act(&mut g, 0, LeAction::Play { card: h });
    assert_eq!(g.damage(0), 0, "a hidden Moth Man forbids nothing");
    wound(&mut g, 0);
    g.shadows[2].as_mut().unwrap().hidden = false;
    let h = healer(&mut g, "Barred Healer");
    let ev = act(&mut g, 0, LeAction::Play { card: h });
    assert!(
        ev.iter()
            .any(|e| matches!(e, LeEvent::HealBarred { by, .. } if by == "Moth Man (S1)"))
    );
    assert_eq!(g.players[0].strikes.len(), 1);
}

#[test]
fn infection_each_strike_gives_a_symptom_and_the_third_defeats_the_player() {
    // Rulebook, "Infection (End Game)": Symptoms are counted for the players.
    let mut g = table(2);
    strike_deck(&mut g, 0);
    let infection = demo_def("Infection");
    let e = g.new_card(def(
        json!({"id": "carrier", "name": "Carrier", "kind": "enemy",
        "season": 1, "defense": 9, "keywords": [{"k": "triple-strike"}],
        "abilities": infection.abilities}),
    ));
    field(&mut g, e);
    let me = usize::from(g.current);
    let ev = act_now(&mut g, LeAction::EndTurn);
    let counts: Vec<u8> = ev
        .iter()
        .filter_map(|e| match e {
            LeEvent::Symptom { count, .. } => Some(*count),
            _ => None,
        })
        .collect();
    assert_eq!(counts, [1, 2, 3]);
    assert_eq!(g.players[me].symptoms, 3);
    assert!(
        g.is_over(),
        "a player defeated before \"The End\" loses the game"
    );
}

/// Puts a demo Protector in `seat`'s Vigilant cards in play.
fn protector_in_play(g: &mut LeGame, seat: usize) -> Card {
    let p = demo_card(g, "Protector");
    g.from_outside(p);
    g.players[seat].vigilant.push(p);
    p
}

#[test]
fn protector_is_discarded_to_cancel_a_strike_another_player_drew() {
    let mut g = table(2);
    strike_deck(&mut g, 1);
    let me = usize::from(g.current);
    let other = 1 - me;
    let prot = protector_in_play(&mut g, other);
    let e = enemy(&mut g, "Biter", 9, json!([]));
    field(&mut g, e);
    act_now(&mut g, LeAction::EndTurn);
    let c = g.choice.clone().expect("the teammate is asked");
    assert_eq!(usize::from(c.seat), other);
    assert!(c.prompt.contains("Protector"), "{}", c.prompt);
    choose(&mut g, "yes");
    assert_eq!(g.damage(me as Seat), 0);
    assert!(g.players[other].discard.contains(&prot));
    assert!(g.players[other].vigilant.is_empty());
}

#[test]
fn protector_alone_cancels_a_strike_you_drew_and_is_not_used_like_other_vigilant_cards() {
    // Rulebook, "Playing Solo": "You can cancel a Strike that you drew."
    let mut g = table(1);
    strike_deck(&mut g, 1);
    let prot = protector_in_play(&mut g, 0);
    let r = g.apply(0, &LeAction::Vigilant { card: prot }).unwrap_err();
    assert!(r.to_string().contains("asks you"), "{r}");
    let e = enemy(&mut g, "Biter", 9, json!([]));
    field(&mut g, e);
    act(&mut g, 0, LeAction::EndTurn);
    choose(&mut g, "no");
    assert_eq!(g.damage(0), 1, "declined: the Strike lands");
    assert!(g.players[0].vigilant.contains(&prot));
}

#[test]
fn professional_colleagues_is_played_on_another_players_turn_and_they_draw() {
    let mut g = table(2);
    let me = g.current;
    let other = 1 - me;
    let pc = demo_card(&mut g, "Professional Colleagues");
    to_hand(&mut g, other, pc);
    let before = g.players[usize::from(me)].hand.len();
    let ev = act(&mut g, other, LeAction::Play { card: pc });
    assert!(ev.iter().any(
        |e| matches!(e, LeEvent::PlayedOnTurnOf { seat, turn_of, .. } if *seat == other && *turn_of == me)
    ));
    assert_eq!(g.players[usize::from(me)].hand.len(), before + 1);
    assert!(g.players[usize::from(other)].discard.contains(&pc));
    assert_eq!(
        g.turn.attack.iter().sum::<i32>(),
        0,
        "no Attack for a turn not its owner's"
    );
    let own = demo_card(&mut g, "Professional Colleagues");
    to_hand(&mut g, me, own);
    let r = g.apply(me, &LeAction::Play { card: own }).unwrap_err();
    assert!(r.to_string().contains("another player's turn"), "{r}");
}

#[test]
fn professional_colleagues_alone_may_be_played_on_your_own_turn() {
    // Rulebook, "Playing Solo": "You are allowed to play this on your turn."
    let mut g = table(1);
    let pc = demo_card(&mut g, "Professional Colleagues");
    to_hand(&mut g, 0, pc);
    act(&mut g, 0, LeAction::Play { card: pc });
    assert_eq!(g.players[0].hand.len(), 1, "it drew a card");
    assert_eq!(g.turn.attack.iter().sum::<i32>(), 4);
}

#[test]
fn jenn_choose_wisely_is_flavour_and_asks_nothing() {
    // Rulebook, "Jenn (Enemy)": "You don't really have to choose wisely."
    let mut g = table(1);
    let ev = reveal_event(&mut g, "Jenn", 2);
    assert!(g.choice.is_none());
    assert!(!ev.iter().any(|e| matches!(e, LeEvent::Manual { .. })));
}

/// A Series game whose first Avatar has the named Cliffhanger.
fn with_cliffhanger(name: &str) -> (LeGame, Vec<LeEvent>) {
    let cliff = demo_def(name);
    let avatar = cliff.avatar.clone().unwrap();
    let opts = LeOptions {
        series: Some(series::SeriesCarry {
            game: 2,
            cliffhangers: vec![(avatar.clone(), cliff.id.clone())],
            ..Default::default()
        }),
        ..LeOptions::default()
    };
    let setup = LeSetup {
        avatar: Some(avatar),
    };
    let (g, ev) = LeGame::new(opts, vec![setup], 3).unwrap();
    (g, ev.into_iter().map(|e| e.body).collect())
}

#[test]
fn a_cliffhanger_starts_the_next_game_with_a_doubt_or_a_belief_in_the_deck() {
    for (name, kind) in [("Marked", Kind::Doubt), ("A Friend in Need", Kind::Belief)] {
        let (g, ev) = with_cliffhanger(name);
        let p = &g.players[0];
        let n = p
            .deck
            .iter()
            .chain(&p.hand)
            .chain(&p.discard)
            .filter(|c| g.def(**c).kind == kind)
            .count();
        assert_eq!(n, 1, "{name}");
        assert!(
            ev.iter()
                .any(|e| matches!(e, LeEvent::CliffhangerUsed { card, .. } if card == name))
        );
        g.audit().unwrap();
    }
}

#[test]
fn reincarnation_lessons_from_the_past_then_the_regular_belief_in_the_same_turn() {
    // Rulebook, "Reincarnation (Cliffhanger)": either Belief; both in one turn.
    let (mut g, _) = with_cliffhanger("Reincarnation");
    let cliff = g.players[0].cliffhangers[0];
    let resolve = |g: &mut LeGame| {
        let b = g.beliefs.pop().unwrap();
        g.players[0].hand.push(b);
        act(g, 0, LeAction::Play { card: b });
        act(g, 0, LeAction::Activate { card: b })
    };
    resolve(&mut g);
    choose(&mut g, "Lessons from the Past");
    assert!(g.players[0].cliffhangers.is_empty());
    assert!(g.outside.contains(&cliff), "back in the box");
    assert!(!g.turn.belief_used, "the regular Belief is still open");
    let ev = resolve(&mut g);
    assert!(g.choice.is_none() || g.choice.as_ref().unwrap().prompt != "Which Belief?");
    assert!(ev.iter().any(
        |e| matches!(e, LeEvent::BeliefResolved { name, .. } if name != "Lessons from the Past")
    ));
    assert!(g.turn.belief_used);
}

#[test]
fn every_demo_ability_is_played_by_the_bot() {
    let set = xfiles_bot::engine::legendary::CardSet::demo();
    let manual: Vec<String> = set
        .cards
        .iter()
        .flat_map(|c| {
            c.abilities
                .iter()
                .filter(|a| a.program.is_none())
                .map(move |a| format!("{}: {}", c.name, a.text))
        })
        .collect();
    assert!(manual.is_empty(), "left to the players: {manual:#?}");
}

#[test]
fn rule_and_start_texts_are_refused_on_cards_they_do_not_fit() {
    let mut set = xfiles_bot::engine::legendary::CardSet::demo();
    let i = set.cards.iter().position(|c| c.name == "Jenn").unwrap();
    set.cards[i].abilities[0].program = Some(Program::parse("rule").unwrap());
    let j = set.cards.iter().position(|c| c.name == "Marked").unwrap();
    set.cards[j].kind = Kind::Enemy;
    set.cards[j].season = Some(1);
    let errors = xfiles_bot::engine::legendary::check::check(&set);
    let says = |id: &str, what: &str| {
        errors
            .iter()
            .any(|e| e.card == id && e.message.contains(what))
    };
    assert!(says(&set.cards[i].id, "`rule` is only for"), "{errors:?}");
    assert!(says(&set.cards[j].id, "Cliffhanger's text"), "{errors:?}");
}
