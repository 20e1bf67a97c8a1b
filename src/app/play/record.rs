//! The game's public record, rebuilt from its log: `/game log` pages
//! through it, and a finished game's summary (hidden information made
//! public) is posted to its thread.

use super::session::{record_of, resolve};
use crate::app::App;
use crate::app::command::message::{Outgoing, Request, UserError};
use crate::app::command::spec::Args;
use crate::store::GameStatus;

/// Lines shown per `/game log` page.
const PAGE: usize = 25;

/// `/game log [from]`: a page of the record, to the asker only.
pub async fn log(app: &App, req: &Request, args: &Args) -> Result<Vec<Outgoing>, UserError> {
    let game = resolve(app, req, args, &[GameStatus::Active, GameStatus::Finished]).await?;
    let seats = app.started_seats(game.id).await?;
    let record = record_of(app, &game, &seats, None).await?;
    let total = record.lines.len();
    let last_page = total.saturating_sub(PAGE) + 1;
    let from = args
        .int("from")
        .map_or(last_page, |n| (n.max(1) as usize).min(total.max(1)));
    let page: Vec<String> = record
        .lines
        .iter()
        .enumerate()
        .skip(from - 1)
        .take(PAGE)
        .map(|(i, (_, line))| format!("{}. {line}", i + 1))
        .collect();
    let to = from - 1 + page.len();
    let mut text = format!(
        "**Game #{} record**, lines {from}–{to} of {total}:\n{}",
        game.id,
        page.join("\n")
    );
    if from > 1 {
        text.push_str(&format!(
            "\nEarlier: /game log from:{}",
            from.saturating_sub(PAGE).max(1)
        ));
    }
    if to < total {
        text.push_str(&format!("\nLater: /game log from:{}", to + 1));
    }
    if let Some(summary) = record.summary.filter(|_| to == total) {
        text.push_str(&format!("\n{summary}"));
    }
    Ok(vec![Outgoing::ephemeral(&req.user.id, text)])
}
