//! The bot's settings, from the environment or a `.env` file (`.env.example`
//! lists them all).

use crate::app::{Schedule, parse_duration};

/// What the Discord bot needs besides the database.
#[derive(Debug, Clone)]
pub struct Settings {
    pub token: String,
    /// Register the slash commands in this guild only (instant); else globally.
    pub guild: Option<u64>,
    /// Base URL standing in for <https://discord.com> (a local proxy or test
    /// server). When set, serenity's rate limiter is off: the proxy is
    /// ignored otherwise (serenity#1739).
    pub api_url: Option<String>,
    pub schedule: Schedule,
    /// Base seed of new games (reproducible sessions and tests).
    pub seed: Option<u64>,
    /// A command that panics on purpose (tests of the error path only).
    pub panic_on: Option<String>,
    /// The application's public key (hex) and id: the interactions
    /// endpoint (`xfiles-bot serve`) needs both.
    pub public_key: Option<String>,
    pub application_id: Option<u64>,
}

impl Settings {
    /// Reads the settings; `Err` says which one is wrong and how to fix it.
    pub fn from_env() -> Result<Settings, String> {
        let var = |name: &str| std::env::var(name).ok().filter(|v| !v.trim().is_empty());
        let token = var("DISCORD_TOKEN").ok_or(
            "DISCORD_TOKEN is not set: put the bot's token in .env or the environment (see .env.example)",
        )?;
        let guild = var("DISCORD_GUILD_ID")
            .map(|g| {
                g.trim().parse::<u64>().map_err(|_| {
                    format!("DISCORD_GUILD_ID '{g}' is not a server id (a number; empty registers globally)")
                })
            })
            .transpose()?;
        let mut schedule = Schedule::default();
        if let Some(v) = var("REMIND_AFTER") {
            schedule.remind_after = parse_duration(&v).map_err(|e| format!("REMIND_AFTER: {e}"))?;
        }
        if let Some(v) = var("MIN_INTERVAL") {
            schedule.min_interval = parse_duration(&v).map_err(|e| format!("MIN_INTERVAL: {e}"))?;
        }
        let seed = var("XFILES_SEED")
            .map(|s| {
                s.parse::<u64>()
                    .map_err(|_| format!("XFILES_SEED '{s}' is not a whole number"))
            })
            .transpose()?;
        Ok(Settings {
            token: token.trim().to_string(),
            guild,
            api_url: var("DISCORD_API_URL"),
            schedule,
            seed,
            panic_on: var("XFILES_PANIC_ON"),
            public_key: var("DISCORD_PUBLIC_KEY"),
            application_id: var("DISCORD_APPLICATION_ID")
                .map(|a| {
                    a.trim().parse::<u64>().map_err(|_| {
                        format!("DISCORD_APPLICATION_ID '{a}' is not an application id (a number)")
                    })
                })
                .transpose()?,
        })
    }
}

/// Loads `KEY=VALUE` lines of a `.env` file into the environment, never
/// overriding a variable already set. Missing file: nothing to do.
pub fn load_dotenv(path: &std::path::Path) -> Result<(), String> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
    };
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let line = line.strip_prefix("export ").unwrap_or(line);
        let Some((key, value)) = line.split_once('=') else {
            return Err(format!(
                "{} line {}: expected KEY=VALUE, found '{line}'",
                path.display(),
                n + 1
            ));
        };
        let key = key.trim();
        let value = value.trim();
        let value = value
            .strip_prefix('"')
            .and_then(|v| v.strip_suffix('"'))
            .or_else(|| value.strip_prefix('\'').and_then(|v| v.strip_suffix('\'')))
            .unwrap_or(value);
        if std::env::var_os(key).is_none() {
            // SAFETY: called at start-up, before any other thread exists.
            unsafe { std::env::set_var(key, value) };
        }
    }
    Ok(())
}
