//! The hard AI's search, shared by every game with one: determinised Monte
//! Carlo (as in information-set Monte Carlo search). The moves worth
//! comparing are each played out in games sampled from the seat's
//! [`Table`] (what it knows, its unseen cards blanked), every seat then
//! moving as the normal AI would until the game's horizon; the move with
//! the best average value is chosen, normal's own unless another beats it
//! by a margin. The same sampled games serve every move (common random
//! numbers), so moves are compared on equal deals. Each game says how to
//! sample its table and how good an unfinished game is ([`Imagine`]).

use super::ai::{Ai, Decision, Level};
use super::{GameRng, Seat, Viewer};

/// The game as one seat knows it: every card it cannot see blanked (a
/// value no card has, so an unsampled table fails loudly if played).
#[derive(Debug, Clone, PartialEq)]
pub struct Table<G> {
    game: G,
    seat: Seat,
}

impl<G> Table<G> {
    /// `game` must already have the seat's unseen cards blanked.
    pub(crate) fn new(game: G, seat: Seat) -> Self {
        Table { game, seat }
    }

    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// The blanked game.
    pub(crate) fn known(&self) -> &G {
        &self.game
    }
}

impl<G: Imagine> Table<G> {
    /// A game consistent with what the seat knows, its unknowns drawn from
    /// `rng`.
    pub fn sample(&self, rng: &mut GameRng) -> G {
        G::sample(self, rng)
    }
}

/// What a game's search needs beyond its AI.
pub trait Imagine: Ai {
    /// A game consistent with what `table`'s seat knows.
    fn sample(table: &Table<Self>, rng: &mut GameRng) -> Self;

    /// How good an unfinished game is for `me`, from 0 to 1.
    fn judge(&self, me: Seat) -> f64;

    /// A move in words, for the reason given.
    fn words(action: &Self::Action) -> String;

    /// The seat a played-out game moves next.
    fn next_seat(&self) -> Option<Seat> {
        self.to_act().first().copied()
    }
}

/// How much a search may do.
#[derive(Debug, Clone, Copy)]
pub struct Budget {
    /// Sampled games per decision.
    pub samples: usize,
    /// Moves compared per decision (normal's always among them).
    pub moves: usize,
    /// How much better than normal's move another must do to replace it.
    pub margin: f64,
    /// A played-out game stops after this many moves at most.
    pub steps: usize,
}

/// The move among `tried` (normal's first) that does best played out from
/// `table` until `horizon` holds; normal's when nothing does better by the
/// budget's margin.
pub fn search<G: Imagine>(
    table: &Table<G>,
    tried: Vec<G::Action>,
    normal: Decision<G::Action>,
    budget: &Budget,
    horizon: impl Fn(&G) -> bool,
    rng: &mut GameRng,
) -> Decision<G::Action> {
    let me = table.seat();
    let mut totals = vec![(0.0f64, 0u32); tried.len()];
    for _ in 0..budget.samples {
        let world = table.sample(rng);
        let seed = rng.next_u64();
        for (i, a) in tried.iter().enumerate() {
            let mut g = world.clone();
            if g.apply(me, a).is_err() {
                continue;
            }
            play_out(&mut g, &horizon, budget.steps, &mut GameRng::seeded(seed));
            totals[i].0 += value(&g, me);
            totals[i].1 += 1;
        }
    }
    let mean = |i: usize| totals[i].0 / f64::from(totals[i].1.max(1));
    let best = (0..tried.len())
        .filter(|i| totals[*i].1 > 0)
        .max_by(|a, b| mean(*a).total_cmp(&mean(*b)));
    let (n, samples) = (tried.len(), budget.samples);
    match best {
        Some(i) if i != 0 && mean(i) > mean(0) + budget.margin => Decision::new(
            tried[i].clone(),
            format!(
                "{}: of {n} moves played out in {samples} imagined deals it did best ({:.0}%, against {:.0}% for {})",
                G::words(&tried[i]),
                100.0 * mean(i),
                100.0 * mean(0),
                G::words(&tried[0])
            ),
        ),
        _ => Decision::new(
            normal.action,
            format!(
                "{} (no better among {} other moves played out in {samples} imagined deals)",
                normal.why,
                n - 1
            ),
        ),
    }
}

/// Normal's move first, then others in a random order sorted by `rank`
/// (lowest first), up to `limit` in all.
pub fn candidates<A: Clone + PartialEq>(
    moves: &[&A],
    normal: &A,
    limit: usize,
    rank: impl Fn(&A) -> u8,
    rng: &mut GameRng,
) -> Vec<A> {
    let mut rest: Vec<&A> = moves.iter().copied().filter(|a| *a != normal).collect();
    rng.shuffle(&mut rest);
    rest.sort_by_key(|a| rank(a));
    std::iter::once(normal)
        .chain(rest.into_iter().take(limit - 1))
        .cloned()
        .collect()
}

/// Every seat moves as the normal AI would, until the game ends, `horizon`
/// holds or `steps` moves are made.
pub fn play_out<G: Imagine>(
    g: &mut G,
    horizon: impl Fn(&G) -> bool,
    steps: usize,
    rng: &mut GameRng,
) {
    for _ in 0..steps {
        if g.outcome().is_some() || horizon(g) || !normal_move(g, rng) {
            return;
        }
    }
}

/// The move of the seat due next, as the normal AI would make it; false
/// when no seat can move.
pub fn normal_move<G: Imagine>(g: &mut G, rng: &mut GameRng) -> bool {
    let Some(seat) = g.next_seat() else {
        return false;
    };
    let legal = g.legal_actions(seat);
    if legal.is_empty() {
        return false;
    }
    let view = g.view(Viewer::Seat(seat));
    let d = G::decide(&view, &legal, Level::Normal, rng);
    g.apply(seat, &d.action).is_ok()
}

/// How good `g` is for `me`: won 1, lost 0, drawn ½, unfinished as the game
/// judges it.
pub fn value<G: Imagine>(g: &G, me: Seat) -> f64 {
    match g.outcome() {
        Some(o) if o.winners.contains(&me) => 1.0,
        Some(o) if o.winners.is_empty() => 0.5,
        Some(_) => 0.0,
        None => g.judge(me),
    }
}

/// Games played on by normal AIs, for the tests of each game's search.
#[cfg(test)]
pub(crate) mod testing {
    use super::{Imagine, normal_move};
    use crate::engine::GameRng;

    /// `g` played on by normal AIs (seeded with `seed`) until
    /// `stop(game, moves made)`; panics on a refused move or an ending.
    pub fn normal_until<G: Imagine>(mut g: G, seed: u64, stop: impl Fn(&G, usize) -> bool) -> G {
        let mut rng = GameRng::seeded(seed);
        let mut made = 0;
        while !stop(&g, made) {
            assert!(normal_move(&mut g, &mut rng), "a legal move");
            assert!(g.outcome().is_none(), "the game ended first");
            made += 1;
        }
        g
    }

    /// Panics unless normal AIs play `g` to its end within `steps` moves.
    pub fn assert_plays_to_its_end<G: Imagine>(mut g: G, steps: usize, rng: &mut GameRng) {
        for _ in 0..steps {
            if g.outcome().is_some() {
                break;
            }
            assert!(normal_move(&mut g, rng), "a legal move");
        }
        assert!(g.outcome().is_some(), "a sampled game plays to its end");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn candidates_put_normal_first_then_by_rank_up_to_the_limit() {
        let moves = [1u8, 2, 3, 4, 5, 6];
        let refs: Vec<&u8> = moves.iter().collect();
        let odd_first = |a: &u8| u8::from(a.is_multiple_of(2));
        let got = candidates(&refs, &4, 4, odd_first, &mut GameRng::seeded(1));
        assert_eq!(got[0], 4);
        assert_eq!(got.len(), 4);
        assert!(got[1..].iter().all(|a| !a.is_multiple_of(2)), "{got:?}");
    }
}
