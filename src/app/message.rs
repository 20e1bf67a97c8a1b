//! What goes in and out of the application layer, independent of transport.

use serde::{Deserialize, Serialize};

/// A person issuing a command.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct User {
    /// Stable id (a Discord snowflake, or the console name).
    pub id: String,
    /// Display name.
    pub name: String,
    /// May manage games in this guild (Discord's Manage Server).
    pub is_manager: bool,
    /// The ids of the user's roles in this guild (a league's organiser role).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub roles: Vec<String>,
}

/// Where a command was issued.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Place {
    pub guild: Option<String>,
    /// The channel or thread id.
    pub channel: String,
    /// Issued in a direct message with the bot.
    pub is_dm: bool,
}

/// An option value as the user gave it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum OptionValue {
    Text(String),
    /// A file option: its name and content, or why it could not be read.
    File {
        name: String,
        content: Result<String, String>,
    },
}

/// A command as typed: `/deck import name:"My deck" file:deck.txt`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Invocation {
    pub name: String,
    pub sub: Option<String>,
    pub options: Vec<(String, OptionValue)>,
}

impl Invocation {
    /// "/deck import" or "/card".
    pub fn label(&self) -> String {
        match &self.sub {
            Some(sub) => format!("/{} {sub}", self.name),
            None => format!("/{}", self.name),
        }
    }
}

/// One command from one user.
#[derive(Debug, Clone)]
pub struct Request {
    pub user: User,
    pub place: Place,
    pub invocation: Invocation,
    /// Idempotency key: the Discord interaction id, or one the console makes.
    pub key: String,
    /// Milliseconds since the Unix epoch (the adapter's clock).
    pub now: i64,
}

/// Where an outgoing message goes.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Address {
    /// Posted in a channel or thread, for everyone.
    Channel(String),
    /// A direct message to a user.
    Dm(String),
    /// A reply only the user who issued the command sees.
    Ephemeral(String),
}

/// A button under a message: pressing it runs `command` as that user.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Button {
    pub label: String,
    pub command: String,
}

/// A file sent with a message (an attachment on Discord; the console
/// saves it and prints where).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileOut {
    pub name: String,
    pub bytes: Vec<u8>,
}

/// A rich card (a Discord embed). Transports without embeds show the
/// message's text, which says the same.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Embed {
    pub title: String,
    /// The body, one line each.
    pub lines: Vec<String>,
    pub footer: Option<String>,
    /// The name of a file sent with the message, shown as the embed's picture.
    pub image: Option<String>,
}

/// One message to send.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outgoing {
    pub to: Address,
    pub text: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub buttons: Vec<Button>,
    /// The game a message belongs to (DMs name it and link to its channel).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<i64>,
    /// Users to notify (mentioned) with a channel post: the seats now due.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ping: Vec<String>,
    /// Open a thread from this channel post for the game, with this title
    /// (transports without threads ignore it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thread: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub files: Vec<FileOut>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub embed: Option<Embed>,
}

impl Outgoing {
    pub fn channel(channel: &str, text: impl Into<String>) -> Self {
        Outgoing {
            to: Address::Channel(channel.to_string()),
            text: text.into(),
            buttons: vec![],
            game: None,
            ping: vec![],
            thread: None,
            files: vec![],
            embed: None,
        }
    }

    pub fn dm(user: &str, text: impl Into<String>) -> Self {
        Outgoing {
            to: Address::Dm(user.to_string()),
            text: text.into(),
            buttons: vec![],
            game: None,
            ping: vec![],
            thread: None,
            files: vec![],
            embed: None,
        }
    }

    pub fn ephemeral(user: &str, text: impl Into<String>) -> Self {
        Outgoing {
            to: Address::Ephemeral(user.to_string()),
            text: text.into(),
            buttons: vec![],
            game: None,
            ping: vec![],
            thread: None,
            files: vec![],
            embed: None,
        }
    }

    pub fn in_game(mut self, game: i64) -> Self {
        self.game = Some(game);
        self
    }

    pub fn with_buttons(mut self, buttons: Vec<Button>) -> Self {
        self.buttons = buttons;
        self
    }

    pub fn with_ping(mut self, users: Vec<String>) -> Self {
        self.ping = users;
        self
    }

    pub fn with_file(mut self, name: impl Into<String>, bytes: Vec<u8>) -> Self {
        self.files.push(FileOut {
            name: name.into(),
            bytes,
        });
        self
    }

    pub fn with_embed(mut self, embed: Embed) -> Self {
        self.embed = Some(embed);
        self
    }

    pub fn opening_thread(mut self, title: impl Into<String>) -> Self {
        self.thread = Some(title.into());
        self
    }
}

/// A refused command: what went wrong and how to fix it. Shown only to the
/// user who issued it; nothing was changed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct UserError {
    pub message: String,
}

impl UserError {
    pub fn new(message: impl Into<String>) -> Self {
        UserError {
            message: message.into(),
        }
    }
}

impl From<crate::store::StoreError> for UserError {
    fn from(e: crate::store::StoreError) -> Self {
        tracing::error!(error = %e, "store error");
        UserError::new(format!(
            "The bot could not reach its database ({e}). Nothing was changed; please try again."
        ))
    }
}
