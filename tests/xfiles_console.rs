//! A short X-Files CCG Advanced Game played through the console, from a
//! committed script (`tests/scripts/xfiles-game.txt`) to a correct guess.
//!
//! The script was written by [`write_script`]: a plain bot for both seats
//! (Agents to the Field, a Site a turn, the question that splits the
//! remaining X-Files best, a guess once few remain; no Bluffs or
//! Adversaries) playing through the real app. Set `XFILES_WRITE_SCRIPTS=1` to
//! regenerate it after a rules change (and review the diff).

mod support;

use support::{Backend, app_on, database, play_script, run_console};
use xfiles_bot::app::App;
use xfiles_bot::cards::Section;
use xfiles_bot::cards::{self, CardIdx};
use xfiles_bot::engine::Game;
use xfiles_bot::engine::xfiles::{Stage, XfAction, XfGame, consistent_xfiles};

const SCRIPT: &str = "tests/scripts/xfiles-game.txt";
const SEED: u64 = 11;
const SETUP: &str = "@randy /deck import name:Randy file:tests/data/decks/randy.txt
@les /deck import name:Les file:tests/data/decks/les.json
@randy /game new game:xfiles-ccg deck:Randy
@les /game join deck:Les
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
        XfAction::Brief { .. } => "/draw".into(),
        XfAction::Buy { count } => format!("/buy count:{count}"),
        XfAction::Trade { buy, .. } => format!("/buy count:{buy}"),
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

fn choose(g: &XfGame, seat: u8) -> XfAction {
    let legal = g.legal_actions(seat);
    let find = |f: &dyn Fn(&XfAction) -> bool| legal.iter().find(|a| f(a)).cloned();
    if let Some(Stage::Resolve { asked, .. }) = g.investigation.as_ref().map(|i| &i.stage) {
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
        if left.len() <= 2
            && let Some(guess) = find(&|a| *a == XfAction::Guess { xfile: left[0] })
        {
            return guess;
        }
        return XfAction::Done;
    }
    let preferences: [&dyn Fn(&XfAction) -> bool; 12] = [
        &|a| matches!(a, XfAction::ChooseXFile { .. }),
        &|a| matches!(a, XfAction::Brief { draw: true, .. }),
        &|a| *a == XfAction::Buy { count: 0 },
        &|a| matches!(a, XfAction::Trade { sell, buy: 0 } if sell.is_empty()),
        &|a| matches!(a, XfAction::Ask { .. }),
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
        &|a| matches!(a, XfAction::PlaySite { free: false, .. }),
        &|a| matches!(a, XfAction::Investigate { .. }),
        &|a| matches!(a, XfAction::Discard { .. }),
        &|a| matches!(a, XfAction::Pass),
        &|a| matches!(a, XfAction::Done),
        &|a| matches!(a, XfAction::Guess { .. }),
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
        "# A short X-Files CCG Advanced Game, generated by tests/xfiles_console.rs.\n\
         # Run it: xfiles-bot console --seed {SEED} --script {SCRIPT}\n\
         # expect: {}\n{}\n",
        out.summary,
        lines.join("\n")
    )
}

#[tokio::test]
async fn scripted_xfiles_game_ends_with_a_correct_guess() {
    let run = play_script(SCRIPT, SEED, write_script).await;
    let (app, out, expect) = (&run.app, &run.out, &run.expect);
    let g = state(app).await;
    let outcome = g.outcome().expect("the game is over");
    assert_eq!(&outcome.summary, expect);
    assert!(expect.contains("identified"), "won by a correct guess");
    let last_channel = &run.last_channel;
    assert!(last_channel.contains("Game over"), "{last_channel}");
    let row = app.store().game(1).await.unwrap().unwrap();
    assert_eq!(row.status, xfiles_bot::store::GameStatus::Finished);
    // Answers went to the asker and the X-Files to their owners by DM.
    assert!(out.contains("[DM @randy]") && out.contains("[DM @les]"));
}
