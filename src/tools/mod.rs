//! Developer tools that read and write files: run from the command line
//! (`xfiles-bot cards …`), never by the bot while it plays, so the engines
//! stay pure (no IO, clock or unseeded randomness).
//!
//! - [`draft`]: draft card scripts (`status draft`) from the printed texts
//!   of the cards that have no reviewed script.

pub mod draft;
