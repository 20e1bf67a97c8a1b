//! The X-Files CCG's side of the hard AI's search
//! ([`crate::engine::search`]): when a search is worth it, which moves to
//! compare (passing or being done, then guesses, before the rest), the
//! horizon (the end of the seat's own next turn) and how good an unfinished
//! game is (who is closer to naming the other's X-File).

use super::view::{Awaiting, XfView};
use super::{XfAction, XfGame, xfiles_fitting};
use crate::engine::ai::Decision;
use crate::engine::search::{self, Budget, Imagine, Table};
use crate::engine::{GameRng, Seat};

/// Hard against normal, 500 games: 57.6% at 10 samples with a margin of
/// 0.01, 60.2% at 10 with 0.03, 62.6% at 16 with 0.03 (a smaller edge is
/// mostly sampling noise); 32 samples did no better (59.6% against 59.2%).
const BUDGET: Budget = Budget {
    samples: 16,
    moves: 8,
    margin: 0.03,
    steps: 600,
};

/// Where the seat asks or guesses (or answers a penalty): three times the
/// deals and twice the moves (most or all of the questions offered), since
/// the question or guess chosen there is what wins the game; such moments
/// are a few a game (32 deals and 8 moves: 60.6% became 60.8%). Hard
/// against normal, 500 games: 60.6% with [`BUDGET`] here too, 64.8% with
/// this one, and 64.0% on the next 500 games (57.2% before).
const ASKING: Budget = Budget {
    samples: 48,
    moves: 16,
    ..BUDGET
};

/// Play-outs end after this many more turns: two, so that a Bluff's cost
/// (a card gone from the hand) shows in the seat's own next turn (hard
/// against normal 53.4% at one turn, 57.2% at two).
const TURNS: u32 = 2;

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

/// The move of `moves` that does best played out from the seat's table
/// for [`TURNS`] more turns; `normal` (the normal AI's choice) when there
/// is nothing to search or nothing does better.
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
    let budget = match v.awaiting {
        Awaiting::AskOrGuess | Awaiting::Penalty => &ASKING,
        _ => &BUDGET,
    };
    let tried = search::candidates(moves, &normal.action, budget.moves, rank, rng);
    let until = v.turn + TURNS;
    search::search(table, tried, normal, budget, |g| g.turn > until, rng)
}

/// Passing or being done first, then guesses, then the rest. The rest
/// include a Team of the fewest Agents each Site needs: played out, it
/// shows when the Agents left reach a second Site (p. 23). Normal splits
/// only when the rest reach a Site by printed skills; with the search
/// alone splitting, hard beat normal 65.0% of 500 games (57.2% before those
/// Teams were offered), 60.6% once normal split too.
fn rank(a: &XfAction) -> u8 {
    match a {
        XfAction::Done | XfAction::Pass => 0,
        XfAction::Guess { .. } => 1,
        _ => 2,
    }
}

impl Imagine for XfGame {
    fn sample(table: &Table<Self>, rng: &mut GameRng) -> Self {
        super::world::sample(table, rng)
    }

    /// Between lost and won, by how much closer `me` is to naming an
    /// opponent's X-File than the closest opponent is to naming its own
    /// (each halving of the X-Files left counts a tenth).
    fn judge(&self, me: Seat) -> f64 {
        let g = self;
        let bits = |notes: &[super::Note], of: Seat| {
            (xfiles_fitting(notes, of).len().max(1) as f64).log2()
        };
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

    fn words(action: &XfAction) -> String {
        super::describe(action)
    }

    fn next_seat(&self) -> Option<Seat> {
        self.to_act_now().first().copied()
    }
}

#[cfg(test)]
mod tests {
    use super::super::world::tests::normal_game_until;
    use super::*;
    use crate::engine::Game;
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
    /// wastes it: the search finds a move that does better (a question, a
    /// guess, or an ability used before one).
    #[test]
    fn the_search_replaces_a_wasted_success_with_a_better_move() {
        let (g, seat) = play_until(|v| v.awaiting == Awaiting::AskOrGuess);
        let v = g.ai_view(seat);
        let legal = g.legal_actions(seat);
        let moves: Vec<&XfAction> = legal.iter().filter(|a| **a != XfAction::Resign).collect();
        let done = Decision::new(XfAction::Done, "a poor first idea");
        let d = search(&v, &moves, done, &mut GameRng::seeded(5));
        assert_ne!(d.action, XfAction::Done, "{}", d.why);
        assert!(d.why.contains("in 48 imagined deals"), "{}", d.why);
    }

    /// A Bluff is weighed with the common budget; a question or guess with
    /// the larger one.
    #[test]
    fn a_bluff_is_played_out_in_fewer_deals_than_a_question() {
        let (g, seat) = play_until(|v| v.awaiting == Awaiting::Bluffing);
        let legal = g.legal_actions(seat);
        let moves: Vec<&XfAction> = legal.iter().filter(|a| **a != XfAction::Resign).collect();
        let first = Decision::new(moves[0].clone(), "first");
        let d = search(&g.ai_view(seat), &moves, first, &mut GameRng::seeded(5));
        assert!(d.why.contains("in 16 imagined deals"), "{}", d.why);
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
        assert_eq!(search::value(&g, 1), 1.0);
        assert_eq!(search::value(&g, 0), 0.0);
    }
}
