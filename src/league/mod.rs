//! Organised play, the pure part: pairings (round-robin and Swiss),
//! Glicko-2 ratings, standings with their tie-breakers, and limited events
//! (cube sealed pools and the booster draft). No store, no
//! clock: the application layer feeds in members and results and keeps
//! what comes out.

pub mod limited;
pub mod pairing;
pub mod picture;
pub mod rating;
pub mod standings;

pub use pairing::{Member, Pairing, Record, round_robin, swiss_round};
pub use rating::{Rated, Rating, after_period, rate_period};
pub use standings::{Counted, Standing, records, standings};
