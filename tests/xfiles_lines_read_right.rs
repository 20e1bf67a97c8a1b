//! The X-Files CCG's lines say what happens (issue 42): each table is set
//! up as the card proofs set theirs (`app::proof::scene`) and the players'
//! commands go through the game's real handlers, as typed at the console;
//! the rest runs whole console sessions on a real store.

mod support;

use support::{Backend, app_on, blocks, database, run_console};
use xfiles_bot::app::command::spec::check;
use xfiles_bot::app::proof::scene::{self, Opts, SEATS};
use xfiles_bot::app::{Address, Driver, GameKind, Outgoing, Reaction, Table};
use xfiles_bot::cards::{self, Category, Trait};
use xfiles_bot::engine::Game;
use xfiles_bot::engine::xfiles::{Note, Phase, XfAction, XfGame};

/// A scene's table and the commands its players type.
struct Scene {
    driver: Box<dyn Driver>,
    table: Table,
    game: XfGame,
}

impl Scene {
    fn new(kind: &str, opts: &[(&str, &str)]) -> Scene {
        let opts: Vec<(String, String)> = opts
            .iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect();
        let game = scene::build(kind, &Opts(&opts)).unwrap_or_else(|e| panic!("{e}"));
        Scene {
            driver: xfiles_bot::app::games::drivers()
                .into_iter()
                .find(|d| d.kind() == GameKind::XFilesCcg)
                .expect("the X-Files CCG has a driver"),
            table: Table {
                game_id: 1,
                channel: "table".into(),
                seats: (0..game.players.len())
                    .map(|s| (SEATS[s].to_string(), SEATS[s].to_string()))
                    .collect(),
            },
            game,
        }
    }

    /// A console line (`@alice /pass`): its messages, or the refusal.
    fn try_say(&mut self, text: &str) -> Result<Vec<Outgoing>, String> {
        let line = xfiles_bot::console::parse_line(text)
            .map_err(|e| e.0)?
            .expect("a command");
        let seat = self.table.seat_of(&line.user);
        let inv = line.invocation();
        let spec = self
            .driver
            .commands()
            .into_iter()
            .find(|c| c.name == inv.name)
            .unwrap_or_else(|| panic!("/{} is not a game command", inv.name));
        let args = check(&spec, &inv).map_err(|e| e.message)?;
        let state = serde_json::to_string(&self.game).unwrap();
        match self.driver.handle(&self.table, &state, seat, &inv, &args) {
            Ok(Reaction::Change(t)) => {
                self.game = serde_json::from_str(&t.state).unwrap();
                Ok(t.messages)
            }
            Ok(Reaction::Reply(m)) => Ok(m),
            Err(e) => Err(e.message),
        }
    }

    fn say(&mut self, text: &str) -> Vec<Outgoing> {
        self.try_say(text)
            .unwrap_or_else(|e| panic!("{text} was refused: {e}"))
    }

    fn refused(&mut self, text: &str) -> String {
        match self.try_say(text) {
            Ok(m) => panic!("{text} was accepted: {m:?}"),
            Err(e) => e,
        }
    }

    /// Whoever may act passes until `done` holds; every message.
    fn pass_until(&mut self, done: impl Fn(&XfGame) -> bool) -> Vec<Outgoing> {
        let mut out = Vec::new();
        for _ in 0..40 {
            if done(&self.game) {
                return out;
            }
            let s = self.game.to_act()[0];
            out.extend(self.say(&format!("@{} /pass", SEATS[usize::from(s)])));
        }
        panic!("passing never got there: {}", self.game.phase_name());
    }

    fn hand(&mut self, user: &str) -> String {
        text_to(&self.say(&format!("@{user} /hand")), user)
    }
}

/// The channel's posts, joined.
fn thread(messages: &[Outgoing]) -> String {
    messages
        .iter()
        .filter(|m| matches!(m.to, Address::Channel(_)))
        .map(|m| m.text.as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

/// What reached `user` privately (DMs and replies), joined.
fn text_to(messages: &[Outgoing], user: &str) -> String {
    messages
        .iter()
        .filter(|m| matches!(&m.to, Address::Dm(u) | Address::Ephemeral(u) if u == user))
        .map(|m| m.text.as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

fn card(title: &str) -> cards::CardIdx {
    scene::first_printing(title).unwrap()
}

/// alice's Agents Mulder and Scully in the Field, her Sites in play (in
/// this order), nobody bluffing: her Investigation Phase.
fn investigating(sites: &[&str]) -> Scene {
    investigating_bluffed(sites, None)
}

/// As [`investigating`], bob having put Hard Punch face down under the
/// Site of this number.
fn investigating_bluffed(sites: &[&str], under: Option<usize>) -> Scene {
    let hand = sites.join("; ");
    let mut t = Scene::new(
        "table",
        &[
            ("phase", "deployment"),
            ("alice", &hand),
            ("bob", "Hard Punch"),
            ("fill", "0"),
        ],
    );
    t.say("@alice /deploy agent:\"Agent Fox Mulder\" section:field");
    t.say("@alice /deploy agent:\"Agent Dana Scully\" section:field");
    t.say("@alice /done");
    for s in sites {
        t.say(&format!("@alice /site card:\"{s}\""));
    }
    t.say("@alice /done");
    if let Some(n) = under {
        t.say(&format!("@bob /bluff site:{n} card:\"Hard Punch\""));
    }
    t.say("@bob /done");
    t.say("@alice /done");
    assert_eq!(t.game.phase, Phase::Investigation);
    t
}

/// alice investigates Site 1 with her Team, wins its skill check (Mulder
/// and Scully: BEHAVIORAL 4 at Aubrey, MO's 4+) and declines the question.
fn win_site_one(t: &mut Scene) {
    t.say("@alice /investigate site:1");
    t.pass_until(|g| g.earned_at_site(0).is_some());
    t.say("@alice /done");
}

// ---- What the player can actually do ----

/// p. 27: an Agent investigates one Site a turn. With none left the
/// refusal says so and what to do, not "send at least one Agent".
#[test]
fn investigating_with_every_agent_spent_says_why_and_offers_done_p27() {
    let mut t = investigating(&["Aubrey, MO", "Cape Cod, MA"]);
    win_site_one(&mut t);
    let refusal = t.refused("@alice /investigate site:2");
    assert!(
        refusal.contains("already investigated a Site this turn (p. 27)")
            && refusal.contains("/done"),
        "{refusal}"
    );
    assert!(!refusal.contains("send at least one Agent"), "{refusal}");
}

/// A card's own skill check (Improved Channels: "The Team must make a
/// BUREAUCRACY 4+ skill check") is not the investigation: here there is
/// none, and in a Site's check (Computer Access Denied) the Site's check
/// is told apart.
#[test]
fn a_cards_own_check_is_named_for_the_card_not_the_investigation() {
    let mut t = Scene::new(
        "table",
        &[
            ("phase", "requisition"),
            ("alice", "Improved Channels"),
            ("fill", "10"),
        ],
    );
    let mut out = t.say("@alice /play card:\"Improved Channels\"");
    out.extend(t.pass_until(|g| g.stack.is_empty() && g.frames.is_empty()));
    let said = thread(&out);
    assert!(
        said.contains("The skill check for Improved Channels fails: "),
        "{said}"
    );
    assert!(!said.contains("investigation"), "{said}");

    let mut t = Scene::new(
        "check",
        &[("site", "Aubrey, MO"), ("bob", "Computer Access Denied")],
    );
    t.say("@alice /pass");
    let mut out = t.say("@bob /play card:\"Computer Access Denied\"");
    out.extend(t.pass_until(|g| g.investigation.is_none() || g.earned_at_site(0).is_some()));
    let said = thread(&out);
    assert!(
        said.contains("The skill check for Computer Access Denied fails: 0 against 4+."),
        "{said}"
    );
    assert_eq!(said.matches("The investigation fails").count(), 1, "{said}");
}

/// Agent Jerry Lamana steals a card from the hand he saw: the choice is
/// secret, so the thread says only that alice chooses, and alice gets the
/// options and their menu privately at once.
#[test]
fn a_secret_choice_brings_its_options_to_the_chooser_only() {
    let mut t = Scene::new(
        "check",
        &[
            ("site", "Cumberland Prison, VA"),
            (
                "team",
                "Agent Jerry Lamana; Agent Fox Mulder; Agent Dana Scully",
            ),
            (
                "bob",
                "Agent Sarah Sheherlis; Internal Bleeding; Hard Punch",
            ),
            ("fill", "0"),
        ],
    );
    let out = t.say("@alice /use card:\"Agent Jerry Lamana\"");
    assert!(thread(&out).contains("alice must make a secret choice"));
    let to_alice: Vec<&Outgoing> = out
        .iter()
        .filter(|m| m.to == Address::Dm("alice".into()))
        .collect();
    let menu = to_alice
        .iter()
        .flat_map(|m| &m.menus)
        .find(|m| m.command.contains("/choose"))
        .unwrap_or_else(|| panic!("no choice menu for alice: {to_alice:?}"));
    let labels: Vec<&str> = menu.options.iter().map(|o| o.label.as_str()).collect();
    assert_eq!(labels, ["Agent Sarah Sheherlis", "Hard Punch"]);
    assert!(text_to(&out, "alice").contains("/choose"));
    for m in out.iter().filter(|m| m.to != Address::Dm("alice".into())) {
        assert!(m.menus.is_empty(), "{m:?}");
        assert!(!m.text.contains("Sarah Sheherlis"), "{m:?}");
    }
}

/// Face-down cards are revealed one by one (p. 25): a card that is not a
/// Bluff is named once, as it is discarded; the Bluff its owner lets go,
/// once as revealed and once as let go.
#[test]
fn each_face_down_card_is_named_once_as_it_is_revealed_p25() {
    let mut t = Scene::new(
        "table",
        &[
            ("phase", "deployment"),
            ("alice", "Aubrey, MO"),
            ("bob", "Hard Punch; Detective Tony Fiore"),
            ("fill", "0"),
        ],
    );
    t.say("@alice /deploy agent:\"Agent Fox Mulder\" section:field");
    t.say("@alice /deploy agent:\"Agent Dana Scully\" section:field");
    t.say("@alice /done");
    t.say("@alice /site card:\"Aubrey, MO\"");
    t.say("@alice /done");
    t.say("@bob /bluff site:1 card:\"Hard Punch\"");
    t.say("@bob /bluff site:1 card:\"Detective Tony Fiore\"");
    t.say("@bob /done");
    t.say("@alice /done");
    let mut out = t.say("@alice /investigate site:1");
    out.extend(t.say("@bob /pass"));
    out.extend(t.pass_until(|g| g.earned_at_site(0).is_some()));
    let said = thread(&out);
    assert_eq!(said.matches("Hard Punch").count(), 1, "{said}");
    assert!(
        said.contains("bob's face-down card is **Hard Punch**, not a Bluff: discarded."),
        "{said}"
    );
    assert_eq!(said.matches("Detective Tony Fiore").count(), 2, "{said}");
}

/// Combat (p. 32): the Adversary's player assigns its damage to one
/// fighting Agent; the thread and the DM say how much.
#[test]
fn assigning_damage_says_how_much_p32() {
    let mut t = Scene::new(
        "combat",
        &[
            ("site", "Mt. Avalon, WA"),
            ("adversary", "Operation Falcon Blue Berets"),
            ("bob", "Operation Falcon Blue Berets"),
            ("fill", "0"),
        ],
    );
    let out = t.pass_until(|g| {
        g.legal_actions(1)
            .iter()
            .any(|a| matches!(a, XfAction::AssignDamage { .. }))
    });
    let n = t.game.combat().unwrap().pending_damage();
    assert!(n > 0);
    let wanted = format!("assign all {n} of the Adversary's damage");
    assert!(thread(&out).contains(&wanted), "{}", thread(&out));
    assert!(text_to(&out, "bob").contains(&wanted), "{out:?}");
}

/// Sites are numbered as they are played and keep their number for the
/// whole game: after Site 1 is won and discarded, Site 2 (kept in play by
/// the card face down under it) is still Site 2 on the next turn.
#[test]
fn a_site_keeps_its_number_from_turn_to_turn() {
    let mut t = investigating_bluffed(&["Aubrey, MO", "Cape Cod, MA"], Some(2));
    win_site_one(&mut t);
    let board = thread(&t.say("@alice /board"));
    assert!(board.contains("Site 2: **Cape Cod, MA"), "{board}");
    scene::advance(&mut t.game, Phase::Debriefing).unwrap();
    scene::advance(&mut t.game, Phase::Draw).unwrap();
    assert_eq!(t.game.active, 1, "bob's turn");
    let board = thread(&t.say("@bob /board"));
    assert!(board.contains("Site 2: **Cape Cod, MA"), "{board}");
    assert!(!board.contains("Site 1:"), "{board}");
}

/// p. 23: Teams are formed in the Field; an Agent in the Hospital or the
/// Bureau is in no Team.
#[test]
fn an_agent_sent_to_the_hospital_or_bureau_is_in_no_team_p23() {
    let mut t = Scene::new("table", &[("phase", "deployment")]);
    let field = thread(&t.say("@alice /deploy agent:\"Agent Fox Mulder\" section:field"));
    assert!(field.contains("goes to the Field (Team 1)."), "{field}");
    let hospital = thread(&t.say("@alice /deploy agent:\"Agent Jerry Lamana\" section:hospital"));
    assert!(
        hospital.contains("Agent Jerry Lamana (alice) goes to the Hospital."),
        "{hospital}"
    );
    let bureau = thread(&t.say("@alice /deploy agent:\"Agent Fox Mulder\" section:bureau"));
    assert!(
        bureau.contains("Agent Fox Mulder (alice) goes to the Bureau."),
        "{bureau}"
    );
}

/// Card names hold commas ("Agent Janus, Trained Medic", "Aubrey, MO"): a
/// list of them on the board is separated by " · ", so two Agents never
/// read as four.
#[test]
fn a_team_of_agents_whose_names_hold_commas_reads_as_two_on_the_board() {
    let mut t = Scene::new(
        "check",
        &[
            ("site", "Aubrey, MO"),
            ("team", "Agent Janus, Trained Medic; Agent Fox Mulder"),
        ],
    );
    let board = thread(&t.say("@alice /board"));
    assert!(
        board.contains("with Agent Janus, Trained Medic · Agent Fox Mulder:"),
        "{board}"
    );
}

// ---- The notebook and questions ----

/// alice's notebook about bob's X-File, as if she had these answers.
fn learned(t: &mut Scene, answers: &[(Trait, bool)]) {
    for (value, yes) in answers {
        t.game.players[0].notebook.push(Note::Answer {
            about: 1,
            category: value.category(),
            value: *value,
            yes: *yes,
        });
    }
}

/// "Lucas Henry, Serial Killer" is one X-File: the notebook lists the
/// X-Files still possible so that their number and the names agree.
#[test]
fn the_notebook_lists_x_files_whose_names_hold_commas_one_apart() {
    let lucas = cards::db()
        .get(card("Lucas Henry, Serial Killer"))
        .characteristics
        .unwrap();
    let mut t = investigating(&["Aubrey, MO"]);
    let values = lucas.values();
    learned(&mut t, &[(values[0], true), (values[1], true)]);
    let notebook = text_to(&t.say("@alice /notebook"), "alice");
    let line = notebook
        .lines()
        .find(|l| l.contains("still possible: "))
        .unwrap_or_else(|| panic!("{notebook}"));
    let (head, listed) = line.split_once("still possible: ").unwrap();
    let n: usize = head
        .split_whitespace()
        .rev()
        .find_map(|w| w.parse().ok())
        .unwrap();
    let names: Vec<&str> = listed.split(" · ").collect();
    assert_eq!(names.len(), n, "{line}");
    assert!(names.contains(&"Lucas Henry, Serial Killer"), "{line}");

    // Down to one: "1 X-File", not "1 X-Files".
    learned(&mut t, &[(values[2], true), (values[3], true)]);
    let others: Vec<cards::CardIdx> =
        xfiles_bot::engine::xfiles::xfiles_fitting(&t.game.players[0].notebook, 1)
            .into_iter()
            .filter(|x| cards::db().get(*x).title != "Lucas Henry, Serial Killer")
            .collect();
    for x in others {
        t.game.players[0]
            .notebook
            .push(Note::WrongGuess { about: 1, xfile: x });
    }
    let notebook = text_to(&t.say("@alice /notebook"), "alice");
    assert!(
        notebook.contains("1 X-File still possible: Lucas Henry, Serial Killer"),
        "{notebook}"
    );
}

/// Aubrey, MO asks a MOTIVE question (bob's X-File, The Manitou: Control).
/// A question whose answer alice's notebook gives is not suggested; the
/// rules do not forbid asking it (p. 26: a yes/no question of the Site's
/// category; Access Personnel Files and Counterintelligence Measures make
/// the asking count), so it is still accepted.
#[test]
fn questions_already_answered_are_not_suggested_but_may_be_asked_p26() {
    let mut t = Scene::new("check", &[("site", "Aubrey, MO")]);
    learned(&mut t, &[(Trait::Survival, false)]);
    t.pass_until(|g| g.earned_at_site(0).is_some());
    let hand = t.hand("alice");
    assert!(hand.contains("/ask value:control"), "{hand}");
    assert!(!hand.contains("/ask value:survival"), "{hand}");
    let state = serde_json::to_string(&t.game).unwrap();
    let suggested = t
        .driver
        .suggest(&t.table, &state, Some(0), "ask", "value")
        .unwrap_or_default();
    assert!(suggested.contains(&"control".to_string()), "{suggested:?}");
    assert!(
        !suggested.contains(&"survival".to_string()),
        "{suggested:?}"
    );

    // Once the MOTIVE is known, no MOTIVE question is suggested.
    learned(&mut t, &[(Trait::Control, true)]);
    let hand = t.hand("alice");
    assert!(!hand.contains("/ask value:"), "{hand}");
    let out = t.say("@alice /ask value:survival");
    // Two players: the answer is public (secret only with more, p. 41).
    assert!(thread(&out).contains("bob's answer: **No** (MOTIVE Survival)"));
    assert_eq!(Trait::Survival.category(), Category::Motive);
}

// ---- Lines that said too little or too much ----

/// Slithers In The Night prints no text to apply by hand: when its combat
/// is over it resolves in a plain line, with no manual step to settle.
#[test]
fn a_card_with_nothing_to_apply_by_hand_resolves_in_one_plain_line() {
    let mut t = Scene::new(
        "adversary",
        &[
            ("site", "Arlington, VA"),
            ("adversary", "Slithers In The Night"),
            ("bob", "Slithers In The Night"),
            ("fill", "0"),
        ],
    );
    let mut out = Vec::new();
    for _ in 0..60 {
        if t.game.combat().is_none() && t.game.stack.is_empty() {
            break;
        }
        let s = t.game.to_act()[0];
        let assign = t.game.legal_actions(s).into_iter().find_map(|a| match a {
            XfAction::AssignDamage { to } => Some(to[0].0),
            _ => None,
        });
        let line = match assign {
            Some(agent) => format!(
                "@{} /damage to:\"{}\"",
                SEATS[usize::from(s)],
                cards::db().get(agent).title
            ),
            None => format!("@{} /pass", SEATS[usize::from(s)]),
        };
        out.extend(t.say(&line));
    }
    let said = thread(&out);
    assert!(said.contains("Slithers In The Night resolves."), "{said}");
    assert!(!said.contains("does not automate"), "{said}");
    assert!(!said.contains("Nothing of Slithers"), "{said}");
    assert!(t.game.manual.is_none(), "no manual step to settle");
}

/// The Basic Game has no Costs, pools or purchases (FAQ21 #54(c)): a hand
/// shows each card's type, not an RP or CP Cost.
#[tokio::test]
async fn a_basic_game_hand_shows_no_costs_faq21_54c() {
    let db = database(Backend::Postgres).await;
    let app = app_on(&db, 7).await;
    let script = "@randy /game new game:xfiles-ccg-basic deck:\"Starter: Mulder\"
@les /game join deck:\"Starter: Scully\"
@randy /game start
@randy /hand
";
    let (out, err, failures) = run_console(&app, script).await;
    assert_eq!((failures, err.as_str()), (0, ""));
    let hand = blocks(&out)
        .into_iter()
        .rev()
        .find(|(h, _)| h == "[ephemeral @randy]")
        .expect("randy's hand")
        .1;
    let line = hand.lines().find(|l| l.starts_with("Your hand")).unwrap();
    for cost in ["RP)", "CP)", "*P)"] {
        assert!(!line.contains(cost), "{line}");
    }
}

// ---- Grammar ----

#[test]
fn one_card_bought_is_one_card() {
    let mut t = Scene::new("table", &[("phase", "buy")]);
    let said = thread(&t.say("@alice /buy count:1"));
    assert!(said.contains("alice buys 1 card for 1 RP."), "{said}");
}

/// Lucy Householder adds to an OBSERVATION or EVIDENCE COLLECTION check:
/// "an OBSERVATION", not "a OBSERVATION".
#[test]
fn a_refusal_names_an_observation_check_with_its_article() {
    let mut t = Scene::new(
        "check",
        &[
            ("site", "Broad Street, Philadelphia, PA"),
            ("alice", "Lucy Householder"),
        ],
    );
    let refusal = t.refused("@alice /play card:\"Lucy Householder\"");
    assert!(
        refusal.contains("only during an OBSERVATION or EVIDENCE COLLECTION skill check"),
        "{refusal}"
    );
}

/// A fan CCG card worth one point: "1 pt".
#[tokio::test]
async fn a_fan_card_worth_one_point_says_1_pt() {
    let db = database(Backend::Postgres).await;
    let app = app_on(&db, 1).await;
    let one = cards::fan::fan_db()
        .iter()
        .find(|(_, c)| c.points == Some(cards::fan::Points::Value(1)))
        .expect("a fan card worth 1 point")
        .1
        .id
        .clone();
    let (out, _, _) = run_console(&app, &format!("@u /card game:fan-ccg name:\"{one}\"\n")).await;
    assert!(out.contains("1 pt") && !out.contains("1 pts"), "{out}");
}

/// A fan deck with one cover card, and decks with one Agent or X-File.
#[tokio::test]
async fn decks_count_one_cover_card_agent_and_x_file_in_the_singular() {
    let db = database(Backend::Postgres).await;
    let app = app_on(&db, 1).await;
    let (out, _, _) = run_console(
        &app,
        "@bob /deck import name:Skeptic file:tests/data/decks/fan-scully.txt game:fan-ccg\n",
    )
    .await;
    assert!(out.contains(", 1 cover card."), "{out}");
    assert!(!out.contains("1 cover cards"), "{out}");
}

/// /deck check for the Basic Game counts the cards it sets aside and names
/// each with its copies: the count and the names agree.
#[tokio::test]
async fn the_basic_set_aside_count_matches_the_cards_named() {
    let db = database(Backend::Postgres).await;
    let app = app_on(&db, 1).await;
    let (out, _, _) = run_console(
        &app,
        "@randy /deck import name:Randy file:tests/data/decks/randy.txt
@randy /deck check name:Randy format:basic
",
    )
    .await;
    let line = out
        .lines()
        .find(|l| l.contains("sets aside the"))
        .unwrap_or_else(|| panic!("{out}"));
    let n: usize = line
        .split("sets aside the ")
        .nth(1)
        .and_then(|r| r.split_whitespace().next())
        .and_then(|w| w.parse().ok())
        .unwrap_or_else(|| panic!("{line}"));
    let listed = line.rsplit_once("): ").unwrap().1.trim_end_matches('.');
    let named: usize = listed
        .split(" · ")
        .map(|part| match part.split_once("× ") {
            Some((k, _)) => k.parse::<usize>().unwrap(),
            None => 1,
        })
        .sum();
    assert_eq!(named, n, "{line}");
    assert!(!line.contains("card(s)"), "{line}");
}

/// A game resigned before anyone chose an X-File: the summary says who
/// chose none, and counts "1 turn" or "0 turns".
#[tokio::test]
async fn a_summary_says_who_chose_no_x_file() {
    let db = database(Backend::Postgres).await;
    let app = app_on(&db, 11).await;
    let script = "@randy /deck import name:Randy file:tests/data/decks/randy.txt
@les /deck import name:Les file:tests/data/decks/les.json
@randy /game new game:xfiles-ccg deck:Randy
@les /game join deck:Les
@randy /game start
@randy /resign
";
    let (out, err, _) = run_console(&app, script).await;
    assert_eq!(err, "");
    let summary = blocks(&out)
        .into_iter()
        .find(|(_, b)| b.starts_with("**Game #1 summary**"))
        .expect("a summary")
        .1;
    assert!(summary.contains("randy chose no X-File"), "{summary}");
    assert!(!summary.contains("was no X-File chosen"), "{summary}");
    assert!(!summary.contains("turn(s)"), "{summary}");
}
