//! Playing a Series (rulebook, "Playing a Series"): three games, points for
//! Evidence and End Games, the Cliffhangers drawn between games, and the
//! title the final score earns.

use serde::{Deserialize, Serialize};

use super::data::{CardSet, Cliffhanger, Kind};
use super::{LeGame, Proof};
use crate::engine::GameRng;

/// What one game of a Series carries into the next.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeriesCarry {
    /// 1, 2 or 3.
    pub game: u8,
    /// Points earned in the earlier games.
    pub points: i32,
    /// Each earlier game: won or lost.
    pub results: Vec<bool>,
    /// Cliffhangers for this game: (Avatar name, card id).
    pub cliffhangers: Vec<(String, String)>,
    /// Cliffhangers drawn after earlier games (not drawn again).
    pub drawn: Vec<String>,
    /// "This Time They May Have Won" is shuffled in after a loss.
    #[serde(default)]
    pub may_have_won: bool,
    /// Scars stay between games (the harder variant).
    #[serde(default)]
    pub keep_scars: bool,
}

/// Points for a game (rulebook, "Points Chart"): each Evidence Discovered
/// 1/2/3, each Collected 2/4/6 more, the End Game defeated 7/14/25.
pub fn points(g: &LeGame, game: u8, won: bool) -> i32 {
    let i = usize::from(game.clamp(1, 3) - 1);
    let discovered = g
        .evidence
        .iter()
        .filter(|e| matches!(e.state, Proof::Discovered | Proof::Collected))
        .count() as i32;
    let collected = g
        .evidence
        .iter()
        .filter(|e| e.state == Proof::Collected)
        .count() as i32;
    discovered * [1, 2, 3][i] + collected * [2, 4, 6][i] + if won { [7, 14, 25][i] } else { 0 }
}

/// The Series' title for a final score (rulebook, "Series Score Chart").
pub fn title(points: i32) -> &'static str {
    match points {
        p if p >= 100 => "Trust No One...To Play This Well",
        75..=99 => "The Truth is Nearby",
        50..=74 => "I Want To Believe...You Can Do Better",
        _ => "Skinner Wants to See You",
    }
}

/// What the next game of the Series starts with, after this one ended:
/// points so far, and one Cliffhanger drawn from the category the result
/// calls for (won: Got Too Close; lost: Unexpected Help), never one drawn
/// before. `None` after the third game or when the Series is lost to
/// "This Time They May Have Won".
pub fn next_game(g: &LeGame, set: &CardSet, rng_seed: u64) -> Option<SeriesCarry> {
    let carry = g.options.series.clone().unwrap_or(SeriesCarry {
        game: 1,
        ..SeriesCarry::default()
    });
    let won = g.outcome.as_ref()?.team.as_ref()?.won;
    if carry.game >= 3 {
        return None;
    }
    let avatars: Vec<String> = g.players.iter().map(|p| g.name(p.avatar)).collect();
    let want = if won {
        Cliffhanger::GotTooClose
    } else {
        Cliffhanger::UnexpectedHelp
    };
    let mut pile: Vec<&super::CardDef> = set
        .of_kind(Kind::Cliffhanger)
        .filter(|c| c.cliffhanger == Some(want))
        .filter(|c| c.avatar.as_ref().is_some_and(|a| avatars.contains(a)))
        .filter(|c| !carry.drawn.contains(&c.id))
        .collect();
    if !won && carry.may_have_won {
        pile.extend(
            set.of_kind(Kind::Cliffhanger)
                .filter(|c| c.cliffhanger == Some(Cliffhanger::TheyMayHaveWon)),
        );
    }
    let mut rng = GameRng::seeded(rng_seed);
    let drawn = (!pile.is_empty()).then(|| pile[rng.below(pile.len())]);
    if drawn.is_some_and(|c| c.cliffhanger == Some(Cliffhanger::TheyMayHaveWon)) {
        return None;
    }
    let mut next = SeriesCarry {
        game: carry.game + 1,
        points: carry.points + points(g, carry.game, won),
        results: carry.results.iter().copied().chain([won]).collect(),
        cliffhangers: Vec::new(),
        drawn: carry.drawn.clone(),
        may_have_won: carry.may_have_won,
        keep_scars: carry.keep_scars,
    };
    if let Some(c) = drawn {
        next.drawn.push(c.id.clone());
        next.cliffhangers
            .push((c.avatar.clone().unwrap_or_default(), c.id.clone()));
    }
    Some(next)
}

#[cfg(test)]
mod tests {
    use super::title;

    #[test]
    fn titles_follow_the_series_score_chart() {
        assert_eq!(title(100), "Trust No One...To Play This Well");
        assert_eq!(title(99), "The Truth is Nearby");
        assert_eq!(title(75), "The Truth is Nearby");
        assert_eq!(title(74), "I Want To Believe...You Can Do Better");
        assert_eq!(title(50), "I Want To Believe...You Can Do Better");
        assert_eq!(title(49), "Skinner Wants to See You");
        assert_eq!(title(0), "Skinner Wants to See You");
    }
}
