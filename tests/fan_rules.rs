//! The Fan CCG rules, one test per rule of the sequence of play (seed 003,
//! `shared/reference/fan-ccg/order.md`) and of the deck rules (intro.md).

use xfiles_bot::cards::fan::{Character, FanIdx, fan_db};
use xfiles_bot::engine::fan::{
    FanAction, FanDeck, FanEvent, FanGame, FanOptions, Phase, Stalemate, UnmarkedLimit,
    parse_fan_list,
};
use xfiles_bot::engine::{Audience, Event, Game, Viewer, step};

fn c(name: &str) -> FanIdx {
    fan_db()
        .find(name)
        .unwrap_or_else(|| panic!("no fan card {name}"))
}

fn deck_text(file: &str) -> FanDeck {
    let text = std::fs::read_to_string(format!(
        "{}/tests/data/decks/{file}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    parse_fan_list("", &text).unwrap()
}

/// A game after set-up, seat 0 playing first (so seat 1 leads the first
/// round). The decks are then filled with Caught Out, which needs [Mole
/// Undercover] and so never interferes: the hands each test sets are what matter.
fn game(options: FanOptions) -> FanGame {
    let (mut g, _) = FanGame::new(
        options,
        vec![deck_text("fan-mulder.txt"), deck_text("fan-scully.txt")],
        11,
    )
    .unwrap();
    let Phase::ChooseFirst { chooser } = g.phase else {
        panic!("set-up ends with the choice")
    };
    g.apply(chooser, &FanAction::ChooseFirst { first: 0 })
        .unwrap();
    for p in g.players.iter_mut() {
        p.deck = vec![c("Caught Out"); 20];
    }
    g
}

fn hand(g: &mut FanGame, seat: u8, cards: &[&str]) {
    g.players[usize::from(seat)].hand = cards.iter().map(|n| c(n)).collect();
}

fn play(g: &mut FanGame, seat: u8, card: &str) -> Vec<Event<FanEvent>> {
    let action = FanAction::Play {
        card: c(card),
        covered: false,
        choice: None,
    };
    g.apply(seat, &action)
        .unwrap_or_else(|r| panic!("{card}: {r}"))
}

fn refused(g: &FanGame, seat: u8, action: FanAction) -> String {
    match step(g, seat, &action) {
        Ok(_) => panic!("{action:?} was accepted"),
        Err(r) => r.reason,
    }
}

// --- Decks (rules intro, "Decks") ---

#[test]
fn decks_need_three_environment_cards_at_most_two_per_capital_name() {
    let o = FanOptions::default();
    let mut d = deck_text("fan-mulder.txt");
    assert!(d.problems(&o).is_empty());
    d.environment = vec![
        c("Dana SCULLY"),
        c("Dana SCULLY"),
        c("Dana SCULLY"),
        c("Fox MULDER"),
        c("X-FILES"),
    ];
    assert!(
        d.problems(&o)
            .iter()
            .any(|p| p.contains("3 environment cards are named SCULLY")),
        "{:?}",
        d.problems(&o)
    );
    d.environment = vec![c("Dana SCULLY"), c("Fox MULDER")];
    let p = d.problems(&o);
    assert!(
        p.iter().any(|p| p.contains("needs at least 3"))
            && p.iter().any(|p| p.contains("no X-FILES card")),
        "{p:?}"
    );
}

#[test]
fn deck_ordinality_limits_copies_and_unmarked_cards_follow_the_option() {
    let mut d = deck_text("fan-mulder.txt");
    d.draw.push(c("Arrested"));
    let p = d.problems(&FanOptions::default());
    assert!(
        p.iter()
            .any(|p| p == "Arrested: 5 copies in the draw deck; at most 4"),
        "{p:?}"
    );
    d.draw.pop();
    d.draw.push(c("Nasal Cavity Implant"));
    assert!(
        d.problems(&FanOptions::default())
            .iter()
            .any(|p| p.contains("Nasal Cavity Implant: 2 copies"))
    );
    let lax = FanOptions {
        unmarked_limit: UnmarkedLimit::None,
        ..FanOptions::default()
    };
    assert!(
        d.problems(&lax).is_empty(),
        "unmarked-limit:none lifts the limit"
    );
    d.draw.extend(std::iter::repeat_n(c("Evidence Lost"), 10));
    assert!(
        !d.problems(&lax).iter().any(|p| p.contains("Evidence Lost")),
        "'+' cards have no limit"
    );
}

#[test]
fn draw_deck_holds_39_to_65_cards_and_the_sideboard_at_most_13() {
    let mut d = deck_text("fan-mulder.txt");
    d.draw.truncate(38);
    assert!(
        d.problems(&FanOptions::default())
            .iter()
            .any(|p| p.contains("has 38 cards; it needs 39 to 65"))
    );
    let mut d = deck_text("fan-mulder.txt");
    d.sideboard = vec![c("Evidence Lost"); 14];
    assert!(
        d.problems(&FanOptions::default())
            .iter()
            .any(|p| p.contains("at most 13"))
    );
}

// --- Set-up (order.md 1-3) ---

#[test]
fn high_card_goes_to_the_highest_revealed_draw_value_and_repeats_on_ties() {
    for seed in 0..40 {
        let (g, events) = FanGame::new(
            FanOptions::default(),
            vec![deck_text("fan-mulder.txt"), deck_text("fan-scully.txt")],
            seed,
        )
        .unwrap();
        let draws: Vec<&FanEvent> = events.iter().map(|e| &e.body).collect();
        for (i, e) in draws.iter().enumerate() {
            let FanEvent::HighCard { draws: d, winner } = e else {
                panic!("only high-card draws at creation")
            };
            let value = |k: usize| d[k].1.and_then(|c| fan_db().get(c).draw_value);
            let last = i + 1 == draws.len();
            match (value(0), value(1)) {
                (Some(a), Some(b)) if a == b => assert!(winner.is_none() && !last, "a tie redraws"),
                (None, None) => assert!(winner.is_none() && !last, "no reveal redraws"),
                (Some(a), Some(b)) => assert_eq!(*winner, Some(if a > b { 0 } else { 1 })),
                (Some(_), None) => assert_eq!(*winner, Some(0)),
                (None, Some(_)) => assert_eq!(*winner, Some(1)),
            }
            if last {
                assert_eq!(
                    g.phase,
                    Phase::ChooseFirst {
                        chooser: winner.unwrap()
                    },
                    "the winner chooses who plays first"
                );
            }
        }
    }
}

#[test]
fn environment_is_placed_scully_mulder_xfiles_and_the_other_player_leads() {
    let (mut g, _) = FanGame::new(
        FanOptions::default(),
        vec![deck_text("fan-mulder.txt"), deck_text("fan-scully.txt")],
        3,
    )
    .unwrap();
    let Phase::ChooseFirst { chooser } = g.phase else {
        panic!()
    };
    let events = g
        .apply(chooser, &FanAction::ChooseFirst { first: 1 })
        .unwrap();
    let placed: Vec<(u8, &str)> = events
        .iter()
        .filter_map(|e| match &e.body {
            FanEvent::EnvironmentPlaced { seat, card } => {
                Some((*seat, fan_db().get(*card).name.as_str()))
            }
            _ => None,
        })
        .collect();
    assert_eq!(
        placed,
        [(1, "Dana SCULLY"), (0, "Fox MULDER"), (1, "X-FILES")]
    );
    assert_eq!(
        (g.turn, g.leader),
        (0, 0),
        "the player who did not place X-FILES takes the first turn"
    );
    assert!(
        g.players.iter().all(|p| p.hand.len() == 13),
        "full hands of the default 13"
    );
}

// --- Periods (order.md 3, 6, 7) ---

#[test]
fn hand_size_is_an_option() {
    let g = game(FanOptions {
        hand_size: 6,
        ..FanOptions::default()
    });
    assert!(g.players.iter().all(|p| p.hand.len() == 6));
}

#[test]
fn a_turn_starts_by_drawing_to_a_full_hand() {
    let mut g = game(FanOptions::default());
    hand(&mut g, 1, &["Abducted Near Okobogee"]);
    play(&mut g, 1, "Abducted Near Okobogee");
    assert_eq!(g.turn, 0);
    hand(&mut g, 0, &["Psych Profile"]);
    play(&mut g, 0, "Psych Profile");
    assert_eq!(
        g.players[1].hand.len(),
        13,
        "seat 1 drew back to 13 at the start of its turn"
    );
}

#[test]
fn the_period_ends_after_the_round_in_which_a_deck_runs_out_then_sideboards_are_exchanged() {
    let mut g = game(FanOptions::default());
    let deck = std::mem::take(&mut g.players[0].deck);
    g.players[0].discard.extend(deck);
    hand(&mut g, 1, &["Abducted Near Okobogee"]);
    play(&mut g, 1, "Abducted Near Okobogee");
    hand(&mut g, 0, &["Psych Profile"]);
    g.period_ending = true;
    play(&mut g, 0, "Psych Profile");
    assert!(
        matches!(g.phase, Phase::Turn),
        "the round goes on to its end"
    );
    hand(&mut g, 1, &["Observation Changes Outcome"]);
    play(&mut g, 1, "Observation Changes Outcome");
    assert_eq!(
        g.phase,
        Phase::Exchange {
            ready: [false, false]
        }
    );
    assert_eq!(g.period, 1);
    // A 1-for-1 exchange keeps the sideboard size; table cards cannot be exchanged.
    let size = g.players[0].sideboard.len();
    let out = g.players[0].discard[0];
    let take = g.players[0].sideboard[0];
    g.apply(0, &FanAction::Swap { out, take }).unwrap();
    assert_eq!(g.players[0].sideboard.len(), size);
    assert!(g.players[0].sideboard.contains(&out));
    let env = g.environment[0].0;
    assert!(
        refused(
            &g,
            0,
            FanAction::Swap {
                out: env,
                take: out
            }
        )
        .contains("cards on the table cannot be exchanged")
    );
    g.apply(0, &FanAction::Ready).unwrap();
    g.apply(1, &FanAction::Ready).unwrap();
    assert_eq!(g.period, 2);
    for p in &g.players {
        let owned = p.deck.len() + p.hand.len();
        assert_eq!(
            (p.discard.len(), p.hand.len()),
            (0, owned.min(13)),
            "discards went back; full hands"
        );
    }
}

#[test]
fn the_game_ends_after_the_third_period_and_may_be_a_tie() {
    let mut g = game(FanOptions::default());
    g.period = 3;
    g.scores = [20, 25];
    g.period_ending = true;
    hand(&mut g, 1, &["Abducted Near Okobogee"]);
    play(&mut g, 1, "Abducted Near Okobogee");
    hand(&mut g, 0, &["He Sees You"]);
    play(&mut g, 0, "He Sees You");
    hand(&mut g, 1, &["Solved the Wrong Case"]);
    let events = play(&mut g, 1, "Solved the Wrong Case");
    let over = events.iter().find_map(|e| match &e.body {
        FanEvent::GameOver { outcome } => Some(outcome.clone()),
        _ => None,
    });
    let o = over.expect("the game is over after period 3");
    assert_eq!(g.phase, Phase::Over);
    // The round is 10 - 10 - 5 = -5 for seat 1: 20 to 20, a tie.
    assert_eq!(o.scores, Some(vec![20, 20]));
    assert_eq!(o.winners, vec![0, 1], "a tie: both share the result");
    assert!(o.summary.contains("tie"));
}

// --- Rounds and turns (order.md 4, 5) ---

#[test]
fn the_first_card_of_a_round_must_be_a_case_or_an_incident() {
    let mut g = game(FanOptions::default());
    hand(&mut g, 1, &["Psych Profile", "Abducted Near Okobogee"]);
    let r = refused(
        &g,
        1,
        FanAction::Play {
            card: c("Psych Profile"),
            covered: false,
            choice: None,
        },
    );
    assert!(
        r.contains("a round starts with a Case or an Incident"),
        "{r}"
    );
    play(&mut g, 1, "Abducted Near Okobogee");
    hand(&mut g, 0, &["With Their Liver Ripped Out"]);
    let r = refused(
        &g,
        0,
        FanAction::Play {
            card: c("With Their Liver Ripped Out"),
            covered: false,
            choice: None,
        },
    );
    assert!(r.contains("play a Following card or a Conclusion"), "{r}");
}

#[test]
fn a_player_who_can_play_must_play() {
    let mut g = game(FanOptions::default());
    hand(&mut g, 1, &["Abducted Near Okobogee"]);
    assert!(
        refused(&g, 1, FanAction::Pass)
            .contains("cannot pass while you have a card you can legally play")
    );
    hand(&mut g, 1, &["Psych Profile"]);
    g.apply(1, &FanAction::Pass).unwrap();
}

#[test]
fn two_passes_with_no_legal_start_make_both_discard_two_then_the_first_goes_again() {
    let mut g = game(FanOptions::default());
    hand(&mut g, 1, &["Psych Profile", "Arrested", "He Sees You"]);
    hand(&mut g, 0, &["Psych Profile", "Arrested"]);
    g.apply(1, &FanAction::Pass).unwrap();
    let events = g.apply(0, &FanAction::Pass).unwrap();
    assert!(events.iter().any(|e| e.body == FanEvent::Stalemate));
    assert_eq!(
        g.phase,
        Phase::Stalemate {
            pending: vec![0, 1]
        }
    );
    assert!(
        refused(
            &g,
            1,
            FanAction::Discard {
                cards: vec![c("Arrested")]
            }
        )
        .contains("exactly 2")
    );
    g.apply(
        1,
        &FanAction::Discard {
            cards: vec![c("Arrested"), c("He Sees You")],
        },
    )
    .unwrap();
    g.apply(
        0,
        &FanAction::Discard {
            cards: vec![c("Arrested"), c("Psych Profile")],
        },
    )
    .unwrap();
    assert_eq!(
        (g.phase.clone(), g.turn),
        (Phase::Turn, 1),
        "the first player's turn again"
    );
    assert_eq!(g.players[1].discard.len(), 2);
}

#[test]
fn the_reshuffle_option_shuffles_hands_back_instead() {
    let mut g = game(FanOptions {
        stalemate: Stalemate::Reshuffle,
        ..FanOptions::default()
    });
    hand(&mut g, 1, &["Psych Profile"]);
    hand(&mut g, 0, &["Psych Profile"]);
    let deck_before = g.players[1].deck.len();
    g.apply(1, &FanAction::Pass).unwrap();
    g.apply(0, &FanAction::Pass).unwrap();
    assert_eq!(g.phase, Phase::Turn);
    assert!(g.players[1].discard.is_empty());
    assert_eq!(g.players[1].hand.len(), 13);
    assert_eq!(g.players[1].deck.len(), deck_before + 1 - 13);
}

#[test]
fn a_conclusion_ends_the_round_and_its_points_go_to_who_played_it() {
    let mut g = game(FanOptions::default());
    hand(&mut g, 1, &["Fourth Dead in the Class of '89"]);
    play(&mut g, 1, "Fourth Dead in the Class of '89");
    hand(&mut g, 0, &["The Forest Controls Them"]);
    play(&mut g, 0, "The Forest Controls Them");
    hand(&mut g, 1, &["Observation Changes Outcome"]);
    let events = play(&mut g, 1, "Observation Changes Outcome");
    let scored = events.iter().find_map(|e| match &e.body {
        FanEvent::RoundScored { seat, points, .. } => Some((*seat, *points)),
        _ => None,
    });
    assert_eq!(scored, Some((1, 5 + 15 + 5)));
    assert_eq!(g.scores, [0, 25]);
    assert_eq!(
        (g.leader, g.turn),
        (1, 1),
        "the player who played the last card leads the next round"
    );
}

#[test]
fn two_passes_in_succession_end_a_started_round() {
    let mut g = game(FanOptions::default());
    hand(&mut g, 1, &["Abducted Near Okobogee"]);
    play(&mut g, 1, "Abducted Near Okobogee");
    hand(&mut g, 0, &["Psych Profile"]);
    play(&mut g, 0, "Psych Profile");
    hand(&mut g, 1, &["Abducted Near Okobogee"]);
    g.apply(1, &FanAction::Pass).unwrap();
    hand(&mut g, 0, &["Abducted Near Okobogee"]);
    let events = g.apply(0, &FanAction::Pass).unwrap();
    assert!(
        events.iter().any(|e| matches!(
            e.body,
            FanEvent::RoundScored {
                seat: 0,
                points: 15,
                ..
            }
        )),
        "to the last card's player"
    );
}

#[test]
fn after_a_play_the_player_may_play_an_action_card() {
    let mut g = game(FanOptions::default());
    hand(
        &mut g,
        1,
        &[
            "Abducted Near Okobogee",
            "Off My Fingers",
            "Arrested",
            "He Sees You",
            "Psych Profile",
        ],
    );
    play(&mut g, 1, "Abducted Near Okobogee");
    assert_eq!(g.phase, Phase::ActionWindow);
    let bad = FanAction::Action {
        card: c("Off My Fingers"),
        discards: vec![c("Arrested")],
    };
    assert!(refused(&g, 1, bad).contains("exactly 2 more"));
    g.apply(
        1,
        &FanAction::Action {
            card: c("Off My Fingers"),
            discards: vec![c("Arrested"), c("He Sees You")],
        },
    )
    .unwrap();
    assert_eq!(g.players[1].hand, vec![c("Psych Profile")]);
    assert_eq!(g.players[1].discard.len(), 3);
    assert_eq!((g.phase.clone(), g.turn), (Phase::Turn, 0));
}

// --- Legality (mechanics.md; the card fields of game-summary.txt) ---

#[test]
fn requires_must_be_provided_by_the_environment_or_the_round() {
    let mut g = game(FanOptions::default());
    hand(&mut g, 1, &["Abducted Near Okobogee"]);
    play(&mut g, 1, "Abducted Near Okobogee");
    hand(&mut g, 0, &["Arrested", "Psych Profile"]);
    let r = refused(
        &g,
        0,
        FanAction::Play {
            card: c("Arrested"),
            covered: false,
            choice: None,
        },
    );
    assert_eq!(
        r,
        "Arrested requires [Right Place], which is not provided now"
    );
    play(&mut g, 0, "Psych Profile");
    hand(&mut g, 1, &["Arrested"]);
    play(&mut g, 1, "Arrested");
}

#[test]
fn an_aspect_is_met_by_its_narrower_hyphenated_forms() {
    let mut g = game(FanOptions::default());
    hand(&mut g, 1, &["Fourth Dead in the Class of '89"]);
    play(&mut g, 1, "Fourth Dead in the Class of '89");
    hand(&mut g, 0, &["Definitely Not Human"]);
    play(&mut g, 0, "Definitely Not Human");
    hand(&mut g, 1, &["Nasal Cavity Implant"]);
    play(&mut g, 1, "Nasal Cavity Implant");
    hand(&mut g, 0, &["Solved the Wrong Case"]);
    play(&mut g, 0, "Solved the Wrong Case");
    assert_eq!(
        g.rounds.last(),
        Some(&(1, 0, 5 + 10 + 18 - 5)),
        "[Evidence] met by [Evidence-physical]"
    );
}

#[test]
fn required_circumstances_must_hold_and_established_ones_change_them() {
    let mut g = game(FanOptions::default());
    hand(&mut g, 1, &["#DF101364"]);
    play(&mut g, 1, "#DF101364");
    assert_eq!(
        g.round.circumstances,
        [true, true, false],
        "progress and opposition established"
    );
    hand(&mut g, 0, &["Complicit Local LEO"]);
    play(&mut g, 0, "Complicit Local LEO");
    assert_eq!(
        g.round.circumstances,
        [false, true, false],
        "progress eliminated, opposition set, jeopardy kept"
    );
    hand(&mut g, 1, &["Psych Profile", "Paul Mossinger"]);
    let r = refused(
        &g,
        1,
        FanAction::Play {
            card: c("Psych Profile"),
            covered: false,
            choice: None,
        },
    );
    assert_eq!(r, "Psych Profile needs progress present, and it is not");
    play(&mut g, 1, "Paul Mossinger");
}

#[test]
fn prevented_by_and_only_after_a_case() {
    let mut g = game(FanOptions::default());
    hand(&mut g, 1, &["#DF101364"]);
    play(&mut g, 1, "#DF101364");
    hand(&mut g, 0, &["Vague Warning"]);
    play(&mut g, 0, "Vague Warning");
    hand(&mut g, 0, &["Abducted Near Okobogee"]);
    play(&mut g, 0, "Abducted Near Okobogee");
    hand(&mut g, 1, &["He Sees You"]);
    play(&mut g, 1, "He Sees You");
    hand(&mut g, 0, &["Vague Warning", "We Don't Know Anything!"]);
    let r = refused(
        &g,
        0,
        FanAction::Play {
            card: c("Vague Warning"),
            covered: false,
            choice: None,
        },
    );
    assert!(r.contains("only be played right after a Case"), "{r}");
    let r = refused(
        &g,
        0,
        FanAction::Play {
            card: c("We Don't Know Anything!"),
            covered: false,
            choice: None,
        },
    );
    assert!(
        r.contains("prevented by [Evidence]") || r.contains("needs progress absent"),
        "{r}"
    );
}

#[test]
fn negation_removes_what_earlier_cards_provide_and_score() {
    let mut g = game(FanOptions::default());
    hand(&mut g, 1, &["#DF101364"]);
    play(&mut g, 1, "#DF101364");
    hand(&mut g, 0, &["Definitely Not Human"]);
    play(&mut g, 0, "Definitely Not Human");
    hand(&mut g, 1, &["Nasal Cavity Implant"]);
    play(&mut g, 1, "Nasal Cavity Implant");
    hand(&mut g, 0, &["Evidence Lost"]);
    let events = play(&mut g, 0, "Evidence Lost");
    assert!(events.iter().any(|e| e.body
        == FanEvent::Negated {
            card: c("Nasal Cavity Implant")
        }));
    assert!(g.round.cards[2].negated);
}

#[test]
fn a_covered_card_is_hidden_from_the_opponent_until_turned_or_the_round_ends() {
    let mut g = game(FanOptions::default());
    hand(&mut g, 1, &["Abducted Near Okobogee"]);
    play(&mut g, 1, "Abducted Near Okobogee");
    hand(&mut g, 0, &["Psych Profile"]);
    let cover = g.players[0].cover;
    let events = g
        .apply(
            0,
            &FanAction::Play {
                card: c("Psych Profile"),
                covered: true,
                choice: None,
            },
        )
        .unwrap();
    assert_eq!(g.players[0].cover, cover - 1);
    for e in &events {
        if let FanEvent::Played {
            card,
            covered: true,
            ..
        } = &e.body
        {
            match &e.audience {
                Audience::All => assert_eq!(*card, None, "the public copy hides the card"),
                Audience::Seats(s) => assert_eq!(
                    (s.as_slice(), *card),
                    (&[0u8][..], Some(c("Psych Profile")))
                ),
            }
        }
    }
    assert_eq!(g.view(Viewer::Seat(1)).round[1].card, None);
    assert_eq!(g.view(Viewer::Spectator).round[1].card, None);
    assert_eq!(
        g.view(Viewer::Seat(0)).round[1].card,
        Some(c("Psych Profile"))
    );
    assert_eq!(
        g.round.circumstances,
        [true, false, false],
        "a covered card does not change circumstances yet"
    );
    hand(&mut g, 1, &["Observation Changes Outcome"]);
    assert!(
        refused(
            &g,
            1,
            FanAction::Play {
                card: c("Observation Changes Outcome"),
                covered: false,
                choice: None
            }
        )
        .contains("[Right Place]")
    );
    g.apply(1, &FanAction::Pass).unwrap();
    let events = g
        .apply(
            0,
            &FanAction::Reveal {
                card: c("Psych Profile"),
            },
        )
        .unwrap();
    assert!(events.iter().any(
        |e| matches!(e.body, FanEvent::Revealed { seat: 0, .. }) && e.audience == Audience::All
    ));
}

#[test]
fn capture_takes_a_character_and_its_dependent_cards_stop_scoring() {
    let mut g = game(FanOptions::default());
    hand(&mut g, 1, &["Abducted Near Okobogee"]);
    play(&mut g, 1, "Abducted Near Okobogee");
    hand(&mut g, 0, &["The Forest Controls Them"]);
    play(&mut g, 0, "The Forest Controls Them");
    assert_eq!(
        g.round.cards[1].depends_on,
        vec![Character::Mulder],
        "[believer] comes only from MULDER"
    );
    hand(&mut g, 1, &["Capture Inevitable"]);
    let need = refused(
        &g,
        1,
        FanAction::Play {
            card: c("Capture Inevitable"),
            covered: false,
            choice: None,
        },
    );
    assert!(
        need.contains("choose character:mulder or character:scully"),
        "{need}"
    );
    g.apply(
        1,
        &FanAction::Play {
            card: c("Capture Inevitable"),
            covered: false,
            choice: Some(Character::Mulder),
        },
    )
    .unwrap();
    assert_eq!(g.round.captured, vec![Character::Mulder]);
    hand(&mut g, 0, &["I Saw It"]);
    let r = refused(
        &g,
        0,
        FanAction::Play {
            card: c("I Saw It"),
            covered: false,
            choice: None,
        },
    );
    assert!(
        r.contains("requires [Sighting]") || r.contains("MULDER"),
        "{r}"
    );
    g.apply(0, &FanAction::Pass).unwrap();
    let events = g.apply(1, &FanAction::Pass).unwrap();
    let lines = events.iter().find_map(|e| match &e.body {
        FanEvent::RoundScored { lines, .. } => Some(lines.clone()),
        _ => None,
    });
    assert!(
        lines.unwrap().contains(&(c("The Forest Controls Them"), 0)),
        "the captured MULDER's card scores nothing"
    );
}

#[test]
fn a_jeopardy_penalty_applies_unless_a_later_card_removes_jeopardy() {
    let mut g = game(FanOptions::default());
    hand(&mut g, 1, &["Abducted Near Okobogee"]);
    play(&mut g, 1, "Abducted Near Okobogee");
    hand(&mut g, 0, &["He Sees You"]);
    play(&mut g, 0, "He Sees You");
    hand(&mut g, 1, &["Not Really Alone"]);
    play(&mut g, 1, "Not Really Alone");
    hand(&mut g, 0, &["Psych Profile"]);
    play(&mut g, 0, "Psych Profile");
    hand(&mut g, 1, &["Solved the Wrong Case"]);
    play(&mut g, 1, "Solved the Wrong Case");
    // 10 - 10 + (-10 - 20) + 5 - 5: Psych Profile keeps jeopardy, so the penalty applies.
    assert_eq!(g.rounds.last(), Some(&(1, 1, -30)));
}

#[test]
fn the_action_window_only_opens_for_a_player_holding_an_action_card() {
    let mut g = game(FanOptions::default());
    hand(&mut g, 1, &["Abducted Near Okobogee"]);
    play(&mut g, 1, "Abducted Near Okobogee");
    assert_eq!((g.phase.clone(), g.turn), (Phase::Turn, 0));
}

#[test]
fn a_refused_action_leaves_the_game_unchanged_and_says_why() {
    let g = game(FanOptions::default());
    let before = serde_json::to_string(&g).unwrap();
    for (seat, action, why) in [
        (0, FanAction::Pass, "not your move"),
        (1, FanAction::Ready, "cannot be done now"),
        (
            1,
            FanAction::Play {
                card: c("Dana SCULLY"),
                covered: false,
                choice: None,
            },
            "not in your hand",
        ),
        (
            1,
            FanAction::Reveal {
                card: c("Arrested"),
            },
            "no covered",
        ),
    ] {
        let r = refused(&g, seat, action);
        assert!(r.contains(why), "{r}");
    }
    assert_eq!(serde_json::to_string(&g).unwrap(), before);
}

/// What `/rules` says of a stalemate (fan-sequence) is what the test above
/// has the engine do (order.md, Rounds 2.3).
#[test]
fn the_sequence_entry_states_the_stalemate_the_engine_plays() {
    let entry = xfiles_bot::rules::reference()
        .get("fan-sequence")
        .expect("fan-sequence entry");
    let body = entry.body.split_whitespace().collect::<Vec<_>>().join(" ");
    for phrase in [
        "both pass, each discards two cards",
        "the same player starts again",
    ] {
        assert!(body.contains(phrase), "fan-sequence should say {phrase:?}");
    }
}
