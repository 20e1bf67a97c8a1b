//! The greedy Legendary Encounters bot shared by the playout tests, the
//! scripted console game and the benchmark: play every card, use them,
//! follow Leads, fight (the Field first), scan the Shadows, recruit, then
//! end the turn. A lower rank is preferred.

use xfiles_bot::engine::legendary::{LeAction, Place};

pub fn rank(a: &LeAction) -> u8 {
    match a {
        LeAction::Choose { .. } => 0,
        LeAction::Play { .. } | LeAction::PlayCoordinated { .. } => 1,
        LeAction::Activate { .. } => 2,
        LeAction::Collect { .. } | LeAction::Discover { .. } => 3,
        LeAction::Fight {
            place: Place::Field(_),
        } => 4,
        LeAction::Fight { .. } => 5,
        LeAction::Scan {
            place: Place::Shadows(_),
        } => 6,
        LeAction::Recruit { .. } => 7,
        LeAction::RecruitSpecialAgent => 8,
        LeAction::Scan { .. } => 9,
        LeAction::EndTurn => 11,
        _ => 10,
    }
}
