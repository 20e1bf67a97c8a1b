//! Organised play, the pure part: pairings (round-robin and Swiss),
//! Glicko-2 ratings, standings with their tie-breakers, and limited events
//! (cube sealed pools and the booster draft). No store, no
//! clock: the application layer feeds in members and results and keeps
//! what comes out.
//!
//! `picture` draws the standings (plotters on an RGB buffer, PNG by the png
//! crate, the embedded DejaVu font). `limited` runs the FCU cube's sealed
//! pools and the booster draft as a state machine of piles waiting per seat
//! (the cube is `cards/cubes/fcu.json`, imported by `xfiles-bot cards
//! import`). Ratings are Glicko-2 per rating period (skillratings, τ = 0.5);
//! Swiss rounds avoid rematches while they can, with a bounded search and a
//! greedy fallback.

pub mod limited;
pub mod pairing;
pub mod picture;
pub mod rating;
pub mod standings;

pub use pairing::{Member, Pairing, Record, round_robin, swiss_round};
pub use rating::{Rated, Rating, after_period, rate_period};
pub use standings::{Counted, Standing, records, standings};
