//! Writing a console script of an X-Files CCG game: a plain bot's choice
//! for each move, typed as the console line a player would type, through
//! the real app (`tests/xfiles_console.rs`, `tests/xfiles_basic_console.rs`).
#![allow(dead_code)]

use super::{Backend, app_on, database, run_console};
use xfiles_bot::app::App;
use xfiles_bot::cards::{self, CardIdx};
use xfiles_bot::engine::Game;
use xfiles_bot::engine::xfiles::{Stage, XfAction, XfGame, consistent_xfiles};

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
pub fn line(user: &str, g: &XfGame, action: &XfAction) -> String {
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

/// Game #1 as stored.
pub async fn state(app: &App) -> XfGame {
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

/// At a Site the Team met: the question that splits the remaining
/// X-Files best, then a guess when two or fewer remain, else done.
pub fn at_site(g: &XfGame, seat: u8, legal: &[XfAction]) -> XfAction {
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

/// Plays `setup` then the bot's moves (`choose`) to the end of game #1;
/// the script: `header` lines, the expected outcome, every line typed.
pub async fn write_script(
    seed: u64,
    setup: &str,
    header: &str,
    choose: fn(&XfGame, u8) -> XfAction,
) -> String {
    let db = database(Backend::Sqlite).await;
    let app = app_on(&db, seed).await;
    let (_, _, failures) = run_console(&app, setup).await;
    assert_eq!(failures, 0);
    let mut lines: Vec<String> = setup.lines().map(str::to_string).collect();
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
    format!("{header}# expect: {}\n{}\n", out.summary, lines.join("\n"))
}
