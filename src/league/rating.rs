//! Glicko-2 ratings (Glickman, "Example of the Glicko-2 system"), computed
//! by the skillratings crate: one rating period per league round (or per
//! week in free play), every member rated from the ratings the period
//! began with. A member who played nobody in a period (an unplayed
//! pairing is no game) keeps their rating and volatility, and only their
//! RD grows: "If the player does not compete during the rating period,
//! then for this player, only Step 6 applies", φ' = √(φ² + σ²) (Glickman,
//! Step 6). skillratings keeps an RD at most 350, a newcomer's.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2_rating_period};

use super::pairing::Member;

/// A member's rating: the number, how sure it is, and how erratic.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
}

impl Default for Rating {
    /// A newcomer: 1500 ± 350, volatility 0.06 (the paper's defaults).
    fn default() -> Self {
        Rating::from(Glicko2Rating::new())
    }
}

impl From<Glicko2Rating> for Rating {
    fn from(g: Glicko2Rating) -> Self {
        Rating {
            rating: g.rating,
            deviation: g.deviation,
            volatility: g.volatility,
        }
    }
}

impl From<Rating> for Glicko2Rating {
    fn from(r: Rating) -> Self {
        Glicko2Rating {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        }
    }
}

/// One rated game: the two members and the first one's score (1 win,
/// 0.5 draw, 0 loss).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rated {
    pub a: Member,
    pub b: Member,
    pub score_a: f64,
}

/// The paper's system constant τ.
const TAU: f64 = 0.5;

fn outcome(score: f64) -> Outcomes {
    if score > 0.5 {
        Outcomes::WIN
    } else if score < 0.5 {
        Outcomes::LOSS
    } else {
        Outcomes::DRAW
    }
}

/// One member's new rating after a period's results against opponents
/// (each with the rating the period began with).
pub fn after_period(player: Rating, results: &[(Rating, f64)]) -> Rating {
    let config = Glicko2Config {
        tau: TAU,
        ..Glicko2Config::new()
    };
    let results: Vec<(Glicko2Rating, Outcomes)> = results
        .iter()
        .map(|(r, score)| ((*r).into(), outcome(*score)))
        .collect();
    glicko2_rating_period(&player.into(), &results, &config).into()
}

/// Every member's rating after one period's games. Members missing from
/// `before` start as newcomers.
pub fn rate_period(
    before: &BTreeMap<Member, Rating>,
    members: &[Member],
    games: &[Rated],
) -> BTreeMap<Member, Rating> {
    let of = |m: Member| before.get(&m).copied().unwrap_or_default();
    members
        .iter()
        .map(|m| {
            let results: Vec<(Rating, f64)> = games
                .iter()
                .filter_map(|g| {
                    if g.a == *m {
                        Some((of(g.b), g.score_a))
                    } else if g.b == *m {
                        Some((of(g.a), 1.0 - g.score_a))
                    } else {
                        None
                    }
                })
                .collect();
            (*m, after_period(of(*m), &results))
        })
        .collect()
}
