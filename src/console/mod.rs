//! The local console table: reads command lines from a script or stdin,
//! hands them to the application layer as if they came from Discord, and
//! prints every outgoing message as a block headed by its address:
//! `[#<channel>]`, `[DM @<user>]` or `[ephemeral @<user>]`. A line
//! `wait <duration>` (`wait 25h`) moves the console's clock on and runs the
//! scheduler, so reminders, deadlines and idle rules can be played through.
//! [`InputLines`] reads stdin line by line, stopping at a line that is not
//! UTF-8 text and naming it.

mod parse;

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

pub use parse::{Line, SyntaxError, parse_line};

use crate::app::{Address, App, Invocation, OptKind, OptionValue, Outgoing, Place, Request, User};

/// The channel commands come from when a line names none.
pub const DEFAULT_CHANNEL: &str = "table";
/// The console's pretend server.
pub const GUILD: &str = "console";

/// Runs every line; returns how many lines failed to parse. Messages go to
/// `out`; syntax errors to `err`.
pub async fn run<W: Write, E: Write>(
    app: &App,
    lines: impl Iterator<Item = String>,
    base: Option<&Path>,
    echo: bool,
    out: &mut W,
    err: &mut E,
) -> usize {
    let mut failures = 0;
    let run_id: u64 = rand::random();
    // `wait <duration>` moves the console's clock on and runs the scheduler.
    let mut clock_offset = 0;
    for (n, text) in lines.enumerate() {
        let line_no = n + 1;
        if let Some(span) = text.trim().strip_prefix("wait ") {
            match crate::app::parse_duration(span.trim()) {
                Ok(ms) => {
                    clock_offset += ms;
                    for message in app.tick(now_ms() + clock_offset).await {
                        let _ = write!(out, "{}", render(&message));
                        save_files(&message, out);
                    }
                }
                Err(e) => {
                    failures += 1;
                    let _ = writeln!(err, "error: line {line_no}: {e}");
                }
            }
            continue;
        }
        let line = match parse_line(&text) {
            Ok(Some(line)) => line,
            Ok(None) => continue,
            Err(e) => {
                failures += 1;
                let _ = out.flush();
                let _ = writeln!(err, "error: line {line_no}: {e}");
                continue;
            }
        };
        if echo {
            let _ = writeln!(out, "» {}", text.trim());
        }
        let mut request = to_request(app, &line, base, format!("console-{run_id:x}-{line_no}"));
        request.now += clock_offset;
        let messages = app.handle(&request).await;
        for message in &messages {
            let _ = write!(out, "{}", render(message));
            save_files(message, out);
        }
        let _ = out.flush();
        app.delivered(&messages).await;
    }
    failures
}

/// The lines of an input read as bytes, so that a line that is not UTF-8
/// text ends the input with an error naming it, rather than as if the
/// input had ended there. A line ends at `\n` (a `\r` before it is
/// dropped), as with [`BufRead::lines`].
pub struct InputLines<R> {
    reader: R,
    read: usize,
    error: Option<String>,
}

impl<R: BufRead> InputLines<R> {
    pub fn new(reader: R) -> Self {
        InputLines {
            reader,
            read: 0,
            error: None,
        }
    }

    /// Why the input ended before its end, if it did: "line 12 is not
    /// UTF-8 text".
    pub fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }
}

impl<R: BufRead> Iterator for InputLines<R> {
    type Item = String;

    fn next(&mut self) -> Option<String> {
        if self.error.is_some() {
            return None;
        }
        let mut bytes = Vec::new();
        let line_no = self.read + 1;
        match self.reader.read_until(b'\n', &mut bytes) {
            Ok(0) => return None,
            Ok(_) => self.read = line_no,
            Err(e) => {
                self.error = Some(format!("cannot read line {line_no}: {e}"));
                return None;
            }
        }
        if bytes.last() == Some(&b'\n') {
            bytes.pop();
            if bytes.last() == Some(&b'\r') {
                bytes.pop();
            }
        }
        match String::from_utf8(bytes) {
            Ok(line) => Some(line),
            Err(_) => {
                self.error = Some(format!(
                    "line {line_no} is not UTF-8 text; the console reads UTF-8 only, and the lines after it were not run"
                ));
                None
            }
        }
    }
}

/// Builds the request a console line stands for.
pub fn to_request(app: &App, line: &Line, base: Option<&Path>, key: String) -> Request {
    let is_dm = line.channel.as_deref() == Some("dm");
    let channel = match &line.channel {
        Some(c) if c == "dm" => format!("dm-{}", line.user),
        Some(c) => c.clone(),
        None => DEFAULT_CHANNEL.to_string(),
    };
    let file_options: Vec<&str> = app
        .registry()
        .commands()
        .iter()
        .filter(|c| c.name == line.command && c.sub == line.sub.as_deref())
        .flat_map(|c| {
            c.options
                .iter()
                .filter(|o| o.kind == OptKind::File)
                .map(|o| o.name)
        })
        .collect();
    let options = line
        .options
        .iter()
        .map(|(name, value)| {
            let v = if file_options.contains(&name.as_str()) {
                OptionValue::File {
                    name: value.clone(),
                    content: read_file(value, base),
                }
            } else {
                OptionValue::Text(value.clone())
            };
            (name.clone(), v)
        })
        .collect();
    Request {
        user: User {
            id: line.user.clone(),
            name: line.user.clone(),
            // The console's @owner is the person running it: a server manager.
            is_manager: line.user == "owner",
            roles: line.roles.clone(),
        },
        place: Place {
            guild: if is_dm { None } else { Some(GUILD.to_string()) },
            channel,
            is_dm,
        },
        invocation: Invocation {
            name: line.command.clone(),
            sub: line.sub.clone(),
            options,
        },
        key,
        now: now_ms(),
    }
}

/// Reads a file option: a relative path is taken from the working
/// directory, else from the script's folder.
fn read_file(path: &str, base: Option<&Path>) -> Result<String, String> {
    let p = PathBuf::from(path);
    let full = match base {
        Some(dir) if p.is_relative() && !p.exists() && dir.join(&p).exists() => dir.join(&p),
        _ => p,
    };
    std::fs::read_to_string(&full).map_err(|e| format!("{} ({})", e, full.display()))
}

pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

/// One message as a printed block.
pub fn render(message: &Outgoing) -> String {
    let header = match &message.to {
        Address::Channel(c) => format!("[#{c}]"),
        Address::Dm(u) => format!("[DM @{u}]"),
        Address::Ephemeral(u) => format!("[ephemeral @{u}]"),
    };
    let mut block = format!("{header}\n{}\n", plain_mentions(&message.text));
    if !message.ping.is_empty() {
        let who: Vec<String> = message.ping.iter().map(|u| format!("@{u}")).collect();
        block.push_str(&format!("Pings: {}\n", who.join(" ")));
    }
    for f in &message.files {
        block.push_str(&format!("File: {} ({} bytes)\n", f.name, f.bytes.len()));
    }
    if !message.buttons.is_empty() {
        let buttons: Vec<String> = message
            .buttons
            .iter()
            .map(|b| format!("[{}] {}", b.label, b.command))
            .collect();
        block.push_str(&format!("Buttons: {}\n", buttons.join(" · ")));
    }
    for menu in &message.menus {
        block.push_str(&menu_block(menu));
    }
    block.push('\n');
    block
}

/// A menu as the console shows it: each option with the command it runs
/// (for a menu of several picks, the command with the values to list).
fn menu_block(menu: &crate::app::Menu) -> String {
    let pick = match (menu.min, menu.max) {
        (a, b) if a == b => format!("pick {a}"),
        (a, b) => format!("pick {a} to {b}"),
    };
    let mut out = format!("Menu: {} ({pick})\n", menu.placeholder);
    for o in &menu.options {
        let run = if menu.max <= 1 {
            crate::app::Menu::command_for(&menu.command, std::slice::from_ref(&o.value))
        } else {
            o.value.clone()
        };
        out.push_str(&format!("  • {} → {run}\n", o.label));
    }
    if menu.max > 1 {
        out.push_str(&format!("  Run: {}\n", menu.command));
    }
    out
}

/// Where the console saves the files messages carry: `XFILES_CONSOLE_FILES`,
/// else `xfiles-bot-files` in the system's temporary directory.
pub fn files_dir() -> PathBuf {
    std::env::var_os("XFILES_CONSOLE_FILES")
        .map(PathBuf::from)
        .unwrap_or_else(|| std::env::temp_dir().join("xfiles-bot-files"))
}

/// Saves a message's files and says where (a file that cannot be saved
/// says why; the message itself was printed already).
fn save_files<W: Write>(message: &Outgoing, out: &mut W) {
    if message.files.is_empty() {
        return;
    }
    let dir = files_dir();
    for f in &message.files {
        // Only the file's own name: never a path out of the directory.
        let name = Path::new(&f.name)
            .file_name()
            .map_or_else(|| "file".into(), |n| n.to_string_lossy().into_owned());
        let path = dir.join(name);
        let saved = std::fs::create_dir_all(&dir).and_then(|()| std::fs::write(&path, &f.bytes));
        let _ = match saved {
            Ok(()) => writeln!(out, "(saved {})", path.display()),
            Err(e) => writeln!(out, "(cannot save {}: {e})", path.display()),
        };
    }
}

/// Discord's channel and user mentions (`<#id>`, `<@id>`) and timestamps
/// (`<t:1700000000:f>`) as the console shows them.
pub fn plain_mentions(text: &str) -> String {
    static MENTION: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    static TIME: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    let text = TIME
        .get_or_init(|| regex::Regex::new(r"<t:(-?\d{1,12})(?::[tTdDfFR])?>").expect("valid regex"))
        .replace_all(text, |c: &regex::Captures| {
            c[1].parse().map_or_else(|_| c[0].to_string(), utc_minute)
        });
    MENTION
        .get_or_init(|| regex::Regex::new(r"<([#@])([^<>\s]+)>").expect("valid regex"))
        .replace_all(&text, "$1$2")
        .into_owned()
}

/// Seconds since the Unix epoch as "2023-11-14 22:13 UTC" (every
/// timestamp style alike: the console has no reader's time zone).
pub fn utc_minute(secs: i64) -> String {
    let (days, rest) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    let (y, m, d) = civil_from_days(days);
    format!(
        "{y:04}-{m:02}-{d:02} {:02}:{:02} UTC",
        rest / 3600,
        rest % 3600 / 60
    )
}

/// The proleptic Gregorian date of a day count from 1970-01-01 (Howard
/// Hinnant's `civil_from_days`).
fn civil_from_days(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}
