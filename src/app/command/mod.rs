//! The language of commands, shared by every domain: option specs and their
//! checking (`spec`), the request and outgoing message types (`message`),
//! the policy for user-typed names (`names`), the registry of every command
//! (`registry`), `/help` and autocomplete (`suggest`).

pub mod help;
pub mod message;
pub mod names;
pub mod registry;
pub mod spec;
pub mod suggest;
