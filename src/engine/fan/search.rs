//! The Fan CCG's hard AI: determinised Monte Carlo, as in the X-Files CCG's
//! search. Each move worth comparing is played out in games sampled from
//! the seat's [`FanTable`](super::world::FanTable), both seats then moving
//! as the normal AI would until the round after this one is scored; the
//! move with the best average outcome is chosen. The same sampled games
//! serve every move (common random numbers).

use super::{FanAction, FanGame, FanView, Phase};
use crate::engine::ai::{Decision, Level};
use crate::engine::{Game, GameRng, Seat, Viewer};

/// Sampled games per decision.
const SAMPLES: usize = 16;
/// Moves compared per decision (the normal AI's choice always among them).
const MOVES: usize = 12;
/// Rounds scored before a played-out game is judged (this one and the next).
const ROUNDS_AHEAD: usize = 2;
/// A played-out game stops after this many moves at most.
const STEPS: usize = 400;
/// How many points ahead make a position three quarters won.
const POINTS_SCALE: f64 = 10.0;

/// The move of `moves` that does best played out from the seat's table;
/// `normal` (the normal AI's choice) when there is nothing to search or
/// nothing does better.
pub(super) fn search(
    v: &FanView,
    moves: &[&FanAction],
    normal: Decision<FanAction>,
    rng: &mut GameRng,
) -> Decision<FanAction> {
    let Some(table) = v.table.as_ref() else {
        return normal;
    };
    let worth = matches!(
        v.step,
        Phase::Turn | Phase::ActionWindow | Phase::Stalemate { .. }
    );
    if moves.len() < 2 || !worth {
        return normal;
    }
    let me = table.seat();
    let tried = candidates(moves, &normal.action, rng);
    let until = v.rounds_played + ROUNDS_AHEAD;
    let mut totals = vec![(0.0f64, 0u32); tried.len()];
    for _ in 0..SAMPLES {
        let world = table.sample(rng);
        let seed = rng.next_u64();
        for (i, a) in tried.iter().enumerate() {
            let mut g = world.clone();
            if g.apply(me, a).is_err() {
                continue;
            }
            play_out(&mut g, until, &mut GameRng::seeded(seed));
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
        Some(i) if i != 0 && mean(i) > mean(0) + 0.01 => Decision::new(
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

/// The normal AI's move first, then the others in a random order, up to
/// [`MOVES`].
fn candidates(moves: &[&FanAction], normal: &FanAction, rng: &mut GameRng) -> Vec<FanAction> {
    let mut rest: Vec<&FanAction> = moves.iter().copied().filter(|a| *a != normal).collect();
    rng.shuffle(&mut rest);
    std::iter::once(normal)
        .chain(rest.into_iter().take(MOVES - 1))
        .cloned()
        .collect()
}

/// Both seats move as the normal AI would, until `until` rounds are scored.
fn play_out(g: &mut FanGame, until: usize, rng: &mut GameRng) {
    for _ in 0..STEPS {
        if g.outcome.is_some() || g.rounds.len() >= until || !normal_move(g, rng) {
            return;
        }
    }
}

/// The move of the first seat due to act, as the normal AI would make it;
/// false when no seat can move.
pub(super) fn normal_move(g: &mut FanGame, rng: &mut GameRng) -> bool {
    let Some(&seat) = g.to_act().first() else {
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

/// How good `g` is for `me`, from 0 (lost) to 1 (won): between, by its
/// lead in points (logistic, [`POINTS_SCALE`] points ahead is 75%).
fn score(g: &FanGame, me: Seat) -> f64 {
    if let Some(o) = &g.outcome {
        return if o.winners.contains(&me) {
            1.0
        } else if o.winners.is_empty() {
            0.5
        } else {
            0.0
        };
    }
    let lead = f64::from(g.scores[usize::from(me)] - g.scores[usize::from(1 - me)]);
    1.0 / (1.0 + (-lead * 3f64.ln() / POINTS_SCALE).exp())
}

#[cfg(test)]
mod tests {
    use super::super::world::tests::normal_game_until;
    use super::*;
    use crate::engine::ai::Ai;

    #[test]
    fn a_won_game_scores_one_a_lost_game_zero_and_a_ten_point_lead_three_quarters() {
        let mut g = normal_game_until(2, |g, _| g.table_for(0).is_some());
        g.scores = [10, 0];
        assert!((score(&g, 0) - 0.75).abs() < 1e-9);
        assert!((score(&g, 1) - 0.25).abs() < 1e-9);
        g.outcome = Some(crate::engine::Outcome {
            winners: vec![1],
            scores: None,
            summary: "won".into(),
            team: None,
        });
        assert_eq!(score(&g, 1), 1.0);
        assert_eq!(score(&g, 0), 0.0);
    }

    #[test]
    fn the_search_keeps_the_first_idea_outside_rounds() {
        let g = normal_game_until(2, |_, made| made == 0);
        let seat = g.to_act()[0];
        let legal = g.legal_actions(seat);
        let moves: Vec<&FanAction> = legal.iter().collect();
        let first = Decision::new(legal[0].clone(), "first");
        let v = g.ai_view(seat);
        assert_eq!(
            search(&v, &moves, first.clone(), &mut GameRng::seeded(1)),
            first
        );
    }

    /// Given the worst of its moves as a first idea (the one that does
    /// worst played out), the search finds a better one.
    #[test]
    fn the_search_replaces_a_poor_first_idea() {
        let g = normal_game_until(6, |g, made| {
            made > 10 && g.table_for(g.turn).is_some() && g.legal_actions(g.turn).len() >= 4
        });
        let seat = g.turn;
        let v = g.ai_view(seat);
        let legal = g.legal_actions(seat);
        let moves: Vec<&FanAction> = legal.iter().filter(|a| !FanGame::resigns(a)).collect();
        let poor = worst(&g, seat, &moves);
        let d = search(
            &v,
            &moves,
            Decision::new(poor.clone(), "a poor idea"),
            &mut GameRng::seeded(9),
        );
        assert_ne!(d.action, poor, "{}", d.why);
        assert!(d.why.contains("imagined deals"), "{}", d.why);
    }

    /// The move that does worst in the true game played out by normal AIs
    /// (the test's own judge, with the hidden cards it may read).
    fn worst(g: &FanGame, seat: Seat, moves: &[&FanAction]) -> FanAction {
        let value = |a: &FanAction| {
            (0..8)
                .map(|s| {
                    let mut w = g.clone();
                    w.apply(seat, a).expect("legal");
                    play_out(
                        &mut w,
                        g.rounds.len() + ROUNDS_AHEAD,
                        &mut GameRng::seeded(s),
                    );
                    score(&w, seat)
                })
                .sum::<f64>()
        };
        moves
            .iter()
            .min_by(|a, b| value(a).total_cmp(&value(b)))
            .map(|a| (*a).clone())
            .expect("moves")
    }
}
