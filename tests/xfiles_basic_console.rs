//! A Basic Game played through the console between two built-in starter
//! decks ("Starter: Mulder" against "Starter: Scully"), from a committed
//! script (`tests/scripts/xfiles-basic-game.txt`) to a correct guess.
//!
//! The script was written by [`write_script`]: a plain bot for both seats
//! (Agents to the Field, the one Site a turn, cards played when the rules
//! allow — an Adversary against the other's Team first —, the question that
//! splits the remaining X-Files best, a guess once few remain, a discard in
//! the Debriefing now and then) playing through the real app. Set
//! `XFILES_WRITE_SCRIPTS=1` to regenerate it after a rules change (and
//! review the diff).

mod support;

use support::{Backend, app_on, database, play_script, run_console};
use xfiles_bot::app::App;
use xfiles_bot::cards::{self, CardIdx, CardType, Section};
use xfiles_bot::engine::Game;
use xfiles_bot::engine::xfiles::{Stage, XfAction, XfGame, consistent_xfiles};

const SCRIPT: &str = "tests/scripts/xfiles-basic-game.txt";
const SEED: u64 = 7;
const SETUP: &str = "@randy /game new game:xfiles-ccg-basic deck:\"Starter: Mulder\"
@les /game join deck:\"Starter: Scully\"
@randy /game start";

fn quote(c: CardIdx) -> String {
    format!("\"{}\"", cards::db().get(c).title)
}

fn names(cards: &[CardIdx]) -> String {
    let n: Vec<&str> = cards
        .iter()
        .map(|c| cards::db().get(*c).title.as_str())
        .collect();
    format!("\"{}\"", n.join("; "))
}

/// The console line a seat types for an action.
fn line(user: &str, g: &XfGame, action: &XfAction) -> String {
    let cmd = match action {
        XfAction::ChooseXFile { card } => format!("/xfile card:{}", quote(*card)),
        XfAction::Deploy { agent, .. } => format!("/deploy agent:{} section:field", quote(*agent)),
        XfAction::PlaySite { card, .. } => format!("/site card:{}", quote(*card)),
        XfAction::Investigate { site, team, skill } => format!(
            "/investigate site:{} agents:{}{}",
            g.site_number(*site),
            names(team),
            skill
                .map(|s| format!(" skill:\"{}\"", s.as_str().to_lowercase()))
                .unwrap_or_default()
        ),
        XfAction::Play { card, .. } => format!("/play card:{}", quote(*card)),
        XfAction::Choose { picks } => format!("/choose options:{}", picks[0] + 1),
        XfAction::Ask { value, .. } => {
            format!(
                "/ask value:{}",
                value.as_str().to_lowercase().replace(' ', "-")
            )
        }
        XfAction::Guess { xfile } => format!("/guess xfile:{}", quote(*xfile)),
        XfAction::Discard { cards } => format!("/discard cards:{}", names(cards)),
        XfAction::Pass => "/pass".into(),
        XfAction::Done => "/done".into(),
        other => panic!("the script bot does not use {other:?} ({})", g.phase_name()),
    };
    format!("@{user} {cmd}")
}

async fn state(app: &App) -> XfGame {
    let row = app.store().game(1).await.unwrap().unwrap();
    serde_json::from_str(row.state.as_deref().unwrap()).unwrap()
}

/// How evenly a yes/no question splits the X-Files still possible.
fn split(g: &XfGame, seat: u8, action: &XfAction) -> usize {
    let XfAction::Ask { category, value } = action else {
        return 0;
    };
    let of = g.inv_site().unwrap().directed;
    let left = consistent_xfiles(g, seat, of);
    let yes = left
        .iter()
        .filter(|x| {
            cards::db()
                .get(**x)
                .characteristics
                .is_some_and(|c| c.answers_yes(*category, *value))
        })
        .count();
    yes.min(left.len() - yes)
}

/// At the Site: the best question, then a guess when two or fewer remain.
fn at_site(g: &XfGame, seat: u8, legal: &[XfAction]) -> XfAction {
    let asked = matches!(
        g.investigation.as_ref().map(|i| &i.stage),
        Some(Stage::Resolve { asked: true, .. })
    );
    if !asked
        && let Some(best) = legal
            .iter()
            .filter(|a| matches!(a, XfAction::Ask { .. }))
            .max_by_key(|a| split(g, seat, a))
    {
        return best.clone();
    }
    let of = g.inv_site().unwrap().directed;
    let left = consistent_xfiles(g, seat, of);
    let guess = XfAction::Guess { xfile: left[0] };
    if left.len() <= 2 && legal.contains(&guess) {
        return guess;
    }
    XfAction::Done
}

/// A card the bot plays now: an Adversary against the other's Team first,
/// else (on its own turn) an Event or Witness without a target.
fn a_play(g: &XfGame, seat: u8, legal: &[XfAction]) -> Option<XfAction> {
    let plays: Vec<&XfAction> = legal
        .iter()
        .filter(|a| {
            matches!(
                a,
                XfAction::Play {
                    target: None,
                    mode: 0,
                    ..
                }
            )
        })
        .collect();
    let kind = |a: &XfAction| match a {
        XfAction::Play { card, .. } => cards::db().get(*card).kind,
        _ => CardType::Site,
    };
    if seat != g.active {
        return plays
            .into_iter()
            .find(|a| kind(a) == CardType::Adversary)
            .cloned();
    }
    plays
        .into_iter()
        .find(|a| matches!(kind(a), CardType::Event | CardType::Witness))
        .cloned()
}

fn choose(g: &XfGame, seat: u8) -> XfAction {
    let legal = g.legal_actions(seat);
    let find = |f: &dyn Fn(&XfAction) -> bool| legal.iter().find(|a| f(a)).cloned();
    if g.choice.is_some() {
        return legal[0].clone();
    }
    if matches!(
        g.investigation.as_ref().map(|i| &i.stage),
        Some(Stage::Resolve { .. })
    ) && g.frames.is_empty()
    {
        return at_site(g, seat, &legal);
    }
    if !g.frames.is_empty() {
        // Answer the stack: each player plays at most one card a frame.
        let top_is_mine = g.stack.last().is_some_and(|p| p.player == seat);
        return match a_play(g, seat, &legal) {
            Some(p) if !top_is_mine && g.stack.is_empty() => p,
            _ => XfAction::Pass,
        };
    }
    if let Some(XfAction::Discard { .. }) = find(&|a| matches!(a, XfAction::Discard { .. })) {
        // Debriefing: throw back the first Site of the hand every other turn.
        let site = g
            .player(seat)
            .hand
            .iter()
            .find(|c| cards::db().get(**c).kind == CardType::Site);
        if let Some(site) = site
            && g.turn.is_multiple_of(2)
        {
            return XfAction::Discard { cards: vec![*site] };
        }
        return XfAction::Done;
    }
    let preferences: [&dyn Fn(&XfAction) -> bool; 5] = [
        &|a| matches!(a, XfAction::ChooseXFile { .. }),
        &|a| {
            matches!(
                a,
                XfAction::Deploy {
                    section: Section::Field,
                    team: 0,
                    ..
                }
            )
        },
        &|a| matches!(a, XfAction::PlaySite { .. }),
        &|a| matches!(a, XfAction::Investigate { .. }),
        &|a| matches!(a, XfAction::Done),
    ];
    for p in preferences {
        if let Some(a) = find(p) {
            if let XfAction::Investigate { site, .. } = &a {
                // The largest team of ready Agents.
                return legal
                    .iter()
                    .filter(|b| matches!(b, XfAction::Investigate { site: s, .. } if s == site))
                    .max_by_key(|b| match b {
                        XfAction::Investigate { team, .. } => team.len(),
                        _ => 0,
                    })
                    .cloned()
                    .unwrap();
            }
            return a;
        }
    }
    panic!("nothing to do in {}: {legal:?}", g.phase_name());
}

async fn write_script() -> String {
    let db = database(Backend::Sqlite).await;
    let app = app_on(&db, SEED).await;
    let (_, _, failures) = run_console(&app, SETUP).await;
    assert_eq!(failures, 0);
    let mut lines: Vec<String> = SETUP.lines().map(str::to_string).collect();
    let users = ["randy", "les"];
    for _ in 0..3000 {
        let g = state(&app).await;
        if g.outcome().is_some() {
            break;
        }
        let seat = g.to_act()[0];
        let action = choose(&g, seat);
        let l = line(users[usize::from(seat)], &g, &action);
        let (out, _, failures) = run_console(&app, &l).await;
        assert_eq!(failures, 0, "{l}");
        assert!(!out.contains("Refused"), "{l}\n{out}");
        lines.push(l);
    }
    let g = state(&app).await;
    let out = g.outcome().unwrap_or_else(|| {
        panic!(
            "the scripted game ends; last lines:\n{}",
            lines[lines.len() - 20..].join("\n")
        )
    });
    format!(
        "# A Basic Game between two starter decks, generated by tests/xfiles_basic_console.rs.\n\
         # Run it: xfiles-bot console --seed {SEED} --script {SCRIPT}\n\
         # expect: {}\n{}\n",
        out.summary,
        lines.join("\n")
    )
}

#[tokio::test]
async fn scripted_basic_game_between_starters_ends_with_a_correct_guess() {
    let run = play_script(SCRIPT, SEED, write_script).await;
    let (app, out, expect) = (&run.app, &run.out, &run.expect);
    let g = state(app).await;
    let outcome = g.outcome().expect("the game is over");
    assert_eq!(&outcome.summary, expect);
    assert!(expect.contains("identified"), "won by a correct guess");
    assert!(g.basic().is_some(), "a Basic Game");
    assert!(
        run.last_channel.contains("Game over"),
        "{}",
        run.last_channel
    );
    // What the Basic Game does differently shows in the thread.
    for said in [
        "The X-Files CCG (Basic Game)",
        "sets aside",
        "draws 10 cards",
        "card(s), up to ten",
        "(card 1 of 3 this turn)",
        "goes to the Hospital",
    ] {
        assert!(out.contains(said), "the record says '{said}'");
    }
    for never in ["RP", "CP", "free draw", "Bluff"] {
        let public: String = support::blocks(out)
            .into_iter()
            .filter(|(h, _)| h == "[#table]")
            .map(|(_, b)| b)
            .collect();
        assert!(
            !public.contains(never),
            "no '{never}' in a Basic Game's channel"
        );
    }
}

/// Starters by name, the Basic Game's own options, and what it refuses:
/// a starter that does not exist, an Advanced option, an Advanced command.
#[tokio::test]
async fn basic_games_open_with_starters_and_refuse_what_is_advanced_only() {
    let db = database(Backend::Sqlite).await;
    let app = app_on(&db, 3).await;
    let (out, _, failures) = run_console(
        &app,
        "@randy /game new game:xfiles-ccg-basic deck:\"Starter: Nobody\"\n\
         @randy /game new game:xfiles-ccg-basic powers:true\n\
         @randy /game new game:xfiles-ccg-basic deck:\"starter: mulder\" hospital:1 wounded-by:investigator\n\
         @les /game join deck:\"Starter: Scully\"\n\
         @randy /game start\n\
         @les /buy count:1\n\
         @les /bluff site:1 card:\"Squeeze\"\n",
    )
    .await;
    assert_eq!(failures, 0);
    let b = support::blocks(&out);
    assert!(
        b[0].1
            .contains("no xfiles-ccg deck named 'Starter: Nobody'")
            && b[0].1.contains("built-in starter deck: Starter: Mulder"),
        "{}",
        b[0].1
    );
    assert!(
        b[1].1
            .contains("Option powers does not apply to The X-Files CCG (Basic Game)"),
        "{}",
        b[1].1
    );
    assert!(
        b[2].1.contains("Basic Game rules, with: a wounded Agent sits out 1 whole turn(s) of its own; the attacked player picks the wounded Agent."),
        "{}",
        b[2].1
    );
    assert!(out.contains("/buy is not part of the Basic Game"), "{out}");
    assert!(
        out.contains("/bluff is not part of the Basic Game"),
        "{out}"
    );
    let g = state(&app).await;
    let rules = g.basic().expect("a Basic Game");
    assert_eq!(
        (rules.hospital_turns, rules.wounded_by),
        (1, xfiles_bot::engine::xfiles::Chooser::Investigator)
    );
    assert!(g.players.iter().all(|p| p.hand.len() == 10));
}
