//! The hard AI's search (determinised Monte Carlo): the moves worth
//! comparing are each played out in games sampled from the seat's
//! [`Table`](super::world::Table), every seat then moving as the normal AI
//! would until the next turn ends; the move with the best average outcome
//! is chosen. The same sampled games serve every move (common random
//! numbers), so moves are compared on equal deals.

use super::view::{Awaiting, XfView};
use super::{XfAction, XfGame, xfiles_fitting};
use crate::engine::ai::{Decision, Level};
use crate::engine::{Game, GameRng, Seat, Viewer};

/// Sampled games per decision (hard against normal, 500 games: 57.6% at
/// 10 with a margin of 0.01, 62.6% at 16 with [`MARGIN`]).
const SAMPLES: usize = 16;
/// Moves compared per decision (the normal AI's choice always among them).
const MOVES: usize = 8;
/// How much better than normal's move another must do to replace it:
/// a smaller edge is mostly sampling noise (at 10 samples, 0.03 won 60.2%
/// of 500 games against normal, 0.01 57.6%).
const MARGIN: f64 = 0.03;
/// A played-out game stops after this many moves at most.
const STEPS: usize = 600;

/// The moments worth a search: where the seat's own choice shapes what it
/// learns or what its opponents learn.
fn worth_searching(a: Awaiting) -> bool {
    matches!(
        a,
        Awaiting::AskOrGuess
            | Awaiting::Penalty
            | Awaiting::Investigate
            | Awaiting::PlayOrPass
            | Awaiting::Respond
            | Awaiting::CaseAssignment
            | Awaiting::Bluffing
    )
}

/// The move of `moves` that does best played out from the seat's table;
/// `normal` (the normal AI's choice) when there is nothing to search or
/// nothing does better.
pub(super) fn search(
    v: &XfView,
    moves: &[&XfAction],
    normal: Decision<XfAction>,
    rng: &mut GameRng,
) -> Decision<XfAction> {
    let Some(table) = v.table.as_ref() else {
        return normal;
    };
    if moves.len() < 2 || !worth_searching(v.awaiting) {
        return normal;
    }
    let me = table.seat();
    let tried = candidates(moves, &normal.action, rng);
    let mut totals = vec![(0.0f64, 0u32); tried.len()];
    for _ in 0..SAMPLES {
        let world = table.sample(rng);
        let seed = rng.next_u64();
        for (i, a) in tried.iter().enumerate() {
            let mut g = world.clone();
            if g.apply(me, a).is_err() {
                continue;
            }
            play_out(&mut g, v.turn + 1, &mut GameRng::seeded(seed));
            totals[i].0 += score(&g, me);
            totals[i].1 += 1;
        }
    }
    let mean = |i: usize| totals[i].0 / f64::from(totals[i].1.max(1));
    let best = (0..tried.len())
        .filter(|i| totals[*i].1 > 0)
        .max_by(|a, b| mean(*a).total_cmp(&mean(*b)));
    let n = tried.len();
    match best {
        Some(i) if i != 0 && mean(i) > mean(0) + MARGIN => Decision::new(
            tried[i].clone(),
            format!(
                "{}: of {n} moves played out in {SAMPLES} imagined deals it did best ({:.0}%, against {:.0}% for {})",
                super::describe(&tried[i]),
                100.0 * mean(i),
                100.0 * mean(0),
                super::describe(&tried[0])
            ),
        ),
        _ => Decision::new(
            normal.action,
            format!(
                "{} (no better among {} other moves played out in {SAMPLES} imagined deals)",
                normal.why,
                n - 1
            ),
        ),
    }
}

/// The normal AI's move first, then passing or being done, guesses, and
/// others drawn at random up to [`MOVES`].
fn candidates(moves: &[&XfAction], normal: &XfAction, rng: &mut GameRng) -> Vec<XfAction> {
    let mut out = vec![normal.clone()];
    let mut rest: Vec<&XfAction> = moves.iter().copied().filter(|a| *a != normal).collect();
    rng.shuffle(&mut rest);
    rest.sort_by_key(|a| match a {
        XfAction::Done | XfAction::Pass => 0,
        XfAction::Guess { .. } => 1,
        _ => 2,
    });
    out.extend(rest.into_iter().take(MOVES - 1).cloned());
    out
}

/// Every seat moves as the normal AI would, until turn `until` ends.
fn play_out(g: &mut XfGame, until: u32, rng: &mut GameRng) {
    for _ in 0..STEPS {
        if g.outcome.is_some() || g.turn > until || !normal_move(g, rng) {
            return;
        }
    }
}

/// The move of the first seat due to act, as the normal AI would make it;
/// false when no seat can move.
pub(super) fn normal_move(g: &mut XfGame, rng: &mut GameRng) -> bool {
    let Some(&seat) = g.to_act_now().first() else {
        return false;
    };
    let legal = g.legal_actions(seat);
    if legal.is_empty() {
        return false;
    }
    let view = g.view(Viewer::Seat(seat));
    let d = super::ai::decide(&view, &legal, Level::Normal, rng);
    g.apply(seat, &d.action).is_ok()
}

/// How good `g` is for `me`, from 0 (lost) to 1 (won): between, by how
/// much closer `me` is to naming an opponent's X-File than the closest
/// opponent is to naming its own (each halving of the X-Files left counts
/// a tenth).
fn score(g: &XfGame, me: Seat) -> f64 {
    if let Some(o) = &g.outcome {
        return if o.winners.contains(&me) {
            1.0
        } else if o.winners.is_empty() {
            0.5
        } else {
            0.0
        };
    }
    let bits =
        |notes: &[super::Note], of: Seat| (xfiles_fitting(notes, of).len().max(1) as f64).log2();
    let others: Vec<Seat> = (0..g.players.len() as Seat)
        .filter(|s| *s != me && !g.player(*s).out)
        .collect();
    let mine = others
        .iter()
        .map(|o| bits(&g.player(me).notebook, *o))
        .fold(f64::MAX, f64::min);
    let theirs = others
        .iter()
        .map(|o| bits(&g.player(*o).notebook, me))
        .fold(f64::MAX, f64::min);
    (0.5 + 0.1 * (theirs - mine)).clamp(0.05, 0.95)
}

#[cfg(test)]
mod tests {
    use super::super::world::tests::normal_game_until;
    use super::*;
    use crate::engine::ai::Ai;

    /// A game played by the normal AI until `stop` holds for the view of
    /// the seat due to act.
    fn play_until(stop: impl Fn(&XfView) -> bool) -> (XfGame, Seat) {
        let due = |g: &XfGame| g.to_act_now().first().copied().unwrap_or_default();
        let g = normal_game_until(3, |g, _| stop(&g.ai_view(due(g))));
        let seat = due(&g);
        (g, seat)
    }

    /// After a Site's success, ending the investigation without a question
    /// wastes it: the search finds a question or a guess that does better.
    #[test]
    fn the_search_replaces_a_wasted_success_with_a_question_or_a_guess() {
        let (g, seat) = play_until(|v| v.awaiting == Awaiting::AskOrGuess);
        let v = g.ai_view(seat);
        let legal = g.legal_actions(seat);
        let moves: Vec<&XfAction> = legal.iter().filter(|a| **a != XfAction::Resign).collect();
        let done = Decision::new(XfAction::Done, "a poor first idea");
        let d = search(&v, &moves, done, &mut GameRng::seeded(5));
        assert!(
            matches!(d.action, XfAction::Ask { .. } | XfAction::Guess { .. }),
            "{:?}: {}",
            d.action,
            d.why
        );
        assert!(d.why.contains("imagined deals"), "{}", d.why);
    }

    #[test]
    fn the_search_keeps_the_first_idea_where_nothing_is_worth_searching() {
        let (g, seat) = play_until(|v| v.awaiting == Awaiting::Buy);
        let v = g.ai_view(seat);
        let legal = g.legal_actions(seat);
        let moves: Vec<&XfAction> = legal.iter().collect();
        let first = Decision::new(legal[0].clone(), "first");
        assert_eq!(
            search(&v, &moves, first.clone(), &mut GameRng::seeded(5)),
            first
        );
    }

    #[test]
    fn a_won_game_scores_one_and_a_lost_game_zero() {
        let (mut g, _) = play_until(|v| v.awaiting == Awaiting::Investigate);
        g.outcome = Some(crate::engine::Outcome {
            winners: vec![1],
            scores: None,
            summary: "won".into(),
            team: None,
        });
        assert_eq!(score(&g, 1), 1.0);
        assert_eq!(score(&g, 0), 0.0);
    }
}
