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
    /// On the gateway: the shards this process runs, first..=last of a
    /// total (`DISCORD_SHARDS=0-1/4`); none: one process, one shard.
    pub shards: Option<Shards>,
}

/// A range of gateway shards, both ends included, of `total`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shards {
    pub first: u32,
    pub last: u32,
    pub total: u32,
}

impl Shards {
    /// `first-last/total` or `n/total`.
    pub fn parse(text: &str) -> Result<Shards, String> {
        let bad = || {
            format!(
                "DISCORD_SHARDS '{text}' is not a shard range: write first-last/total, e.g. 0-1/4 (shards 0 and 1 of 4)"
            )
        };
        let (range, total) = text.trim().split_once('/').ok_or_else(bad)?;
        let (first, last) = range.split_once('-').unwrap_or((range, range));
        let n = |s: &str| s.trim().parse::<u32>().map_err(|_| bad());
        let shards = Shards {
            first: n(first)?,
            last: n(last)?,
            total: n(total)?,
        };
        if shards.first > shards.last || shards.last >= shards.total {
            return Err(bad());
        }
        Ok(shards)
    }
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
        if let Some(v) = var("OUTBOX_RETRY_AFTER") {
            schedule.outbox_after =
                parse_duration(&v).map_err(|e| format!("OUTBOX_RETRY_AFTER: {e}"))?;
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
            shards: var("DISCORD_SHARDS")
                .map(|s| Shards::parse(&s))
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

#[cfg(test)]
mod tests {
    use super::Shards;

    #[test]
    fn shard_ranges_are_read_and_bad_ones_say_how_to_write_them() {
        let s = Shards::parse("0-1/4").unwrap();
        assert_eq!((s.first, s.last, s.total), (0, 1, 4));
        assert_eq!(Shards::parse("2/3").unwrap().first, 2);
        for bad in ["4/4", "2-1/4", "x/2", "1-2"] {
            assert!(
                Shards::parse(bad).unwrap_err().contains("first-last/total"),
                "{bad}"
            );
        }
    }
}
