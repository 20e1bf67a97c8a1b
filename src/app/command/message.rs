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

/// A pick list under a message (a select menu on Discord): picking runs
/// `command` as that user, with `{}` replaced by the picked options'
/// values joined by "; ". Transports without menus list the options.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Menu {
    /// What the menu asks, shown before anything is picked.
    pub placeholder: String,
    pub command: String,
    pub options: Vec<MenuOption>,
    /// How many options may be picked.
    pub min: u8,
    pub max: u8,
}

/// One option of a [`Menu`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MenuOption {
    pub label: String,
    /// What the option puts in the menu's command.
    pub value: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
}

impl Menu {
    /// A menu of one pick.
    pub fn one(placeholder: impl Into<String>, command: impl Into<String>) -> Menu {
        Menu {
            placeholder: placeholder.into(),
            command: command.into(),
            options: Vec::new(),
            min: 1,
            max: 1,
        }
    }

    pub fn option(mut self, label: impl Into<String>, value: impl Into<String>) -> Menu {
        self.options.push(MenuOption {
            label: label.into(),
            value: value.into(),
            description: None,
        });
        self
    }

    /// The command run when these values are picked.
    pub fn command_for(command: &str, values: &[String]) -> String {
        command.replacen("{}", &values.join("; "), 1)
    }
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
    /// Named blocks under the body (a player's pools and Agents, the Sites).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fields: Vec<EmbedField>,
}

/// A named block of an [`Embed`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EmbedField {
    pub name: String,
    pub value: String,
    /// Shown beside its neighbours when there is room.
    pub inline: bool,
}

/// A game's public board: the text every transport can show, and the same
/// as an embed (a heading per part) where embeds exist.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Board {
    /// The first line: the game, turn and phase.
    pub title: String,
    pub parts: Vec<BoardPart>,
    /// The last line: who must act.
    pub footer: String,
}

/// One part of a [`Board`]: a player, the Sites, the stack.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct BoardPart {
    /// A heading line (a player and their pools); none for loose lines.
    pub heading: Option<String>,
    /// What the embed names the part when it has no heading.
    pub name: String,
    pub lines: Vec<String>,
}

impl BoardPart {
    /// A part from text whose first line is its heading.
    pub fn headed(text: &str) -> BoardPart {
        let mut lines = text.lines().filter(|l| !l.trim().is_empty());
        BoardPart {
            heading: lines.next().map(str::to_string),
            name: String::new(),
            lines: lines.map(str::to_string).collect(),
        }
    }

    /// A part of loose lines, named `name` in the embed.
    pub fn named(name: &str, text: &str) -> BoardPart {
        BoardPart {
            heading: None,
            name: name.to_string(),
            lines: text
                .lines()
                .filter(|l| !l.trim().is_empty())
                .map(str::to_string)
                .collect(),
        }
    }
}

impl Board {
    /// Every line with `f` applied (players named, never numbered).
    pub fn map_text(mut self, f: impl Fn(&str) -> String) -> Board {
        self.title = f(&self.title);
        self.footer = f(&self.footer);
        for p in &mut self.parts {
            p.heading = p.heading.as_deref().map(&f);
            for l in &mut p.lines {
                *l = f(l);
            }
        }
        self
    }

    /// The board as plain text: title, each part, footer.
    pub fn text(&self) -> String {
        let mut out = format!("{}\n", self.title);
        for p in &self.parts {
            if let Some(h) = &p.heading {
                out.push_str(h);
                out.push('\n');
            }
            for l in &p.lines {
                out.push_str(l);
                out.push('\n');
            }
        }
        out.push_str(&self.footer);
        out
    }

    /// The board as an embed: one field a part. Transports that cannot show
    /// it (or an embed over the limits) show [`Board::text`].
    pub fn embed(&self) -> Embed {
        let fields = self
            .parts
            .iter()
            .filter(|p| p.heading.is_some() || !p.lines.is_empty())
            .map(|p| {
                let lines: Vec<&str> = p.lines.iter().map(|l| l.trim()).collect();
                EmbedField {
                    name: p.heading.as_deref().unwrap_or(&p.name).replace("**", ""),
                    value: if lines.is_empty() {
                        "—".into()
                    } else {
                        lines.join("\n")
                    },
                    inline: false,
                }
            })
            .collect();
        Embed {
            title: self.title.replace("**", ""),
            lines: vec![],
            footer: Some(self.footer.replace("**", "")),
            image: None,
            fields,
        }
    }
}

/// One message to send.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outgoing {
    pub to: Address,
    pub text: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub buttons: Vec<Button>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub menus: Vec<Menu>,
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
    /// The key of the committed change that owes this post or DM: kept in
    /// the store until a transport says it was delivered (the outbox).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub owed: Option<String>,
}

impl Outgoing {
    pub fn channel(channel: &str, text: impl Into<String>) -> Self {
        Outgoing {
            to: Address::Channel(channel.to_string()),
            text: text.into(),
            buttons: vec![],
            menus: vec![],
            game: None,
            ping: vec![],
            thread: None,
            files: vec![],
            embed: None,
            owed: None,
        }
    }

    pub fn dm(user: &str, text: impl Into<String>) -> Self {
        Outgoing {
            to: Address::Dm(user.to_string()),
            text: text.into(),
            buttons: vec![],
            menus: vec![],
            game: None,
            ping: vec![],
            thread: None,
            files: vec![],
            embed: None,
            owed: None,
        }
    }

    pub fn ephemeral(user: &str, text: impl Into<String>) -> Self {
        Outgoing {
            to: Address::Ephemeral(user.to_string()),
            text: text.into(),
            buttons: vec![],
            menus: vec![],
            game: None,
            ping: vec![],
            thread: None,
            files: vec![],
            embed: None,
            owed: None,
        }
    }

    /// Tags a post or DM as owed by the change stored under `key` (an
    /// ephemeral reply is never owed: it goes with its interaction or not at all).
    pub fn owed_by(mut self, key: &str) -> Self {
        if !key.is_empty() && !matches!(self.to, Address::Ephemeral(_)) {
            self.owed = Some(key.to_string());
        }
        self
    }

    pub fn in_game(mut self, game: i64) -> Self {
        self.game = Some(game);
        self
    }

    pub fn with_buttons(mut self, buttons: Vec<Button>) -> Self {
        self.buttons = buttons;
        self
    }

    pub fn with_menus(mut self, menus: Vec<Menu>) -> Self {
        self.menus = menus;
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
