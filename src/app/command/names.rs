//! User text the bot keeps or shows: the name policy every stored name
//! passes (deck, league, Legendary box set names) and [`inert`], which makes
//! text a user typed harmless in Discord Markdown wherever it is echoed.
//!
//! A stored name is inert by construction: letters, digits, spaces and
//! plain punctuation only, so it can never form a link, a code block, a
//! spoiler, emphasis or a mention, and it holds no control, zero-width or
//! bidirectional-override character (which would hide or reorder text).

use crate::app::UserError;

/// Longest deck name; league names keep their 60.
pub const DECK_NAME_MAX: usize = 60;
pub const LEAGUE_NAME_MAX: usize = 60;
pub const SET_NAME_MAX: usize = 60;

/// Punctuation a name may use besides letters, digits, marks, symbols
/// (emoji) and spaces. Missing on purpose: `` ` * _ ~ | [ ] < > @ \ ``, which
/// make Markdown or mentions in Discord.
const NAME_PUNCTUATION: &str = "'’-–—….,·!?&+()#/:;=%$\"^{}";

/// Checks a name a user gives something the bot stores (`what`: "A deck's
/// name"): trimmed, 1 to `max` characters, the policy above. The refusal
/// says which character is refused and how to fix the name.
pub fn check_name(what: &str, name: &str, max: usize) -> Result<String, UserError> {
    let name = name.trim();
    let count = name.chars().count();
    if count == 0 || count > max {
        return Err(UserError::new(format!(
            "{what} is 1 to {max} characters; this one has {count}. Nothing was saved."
        )));
    }
    if let Some(c) = name.chars().find(|c| !allowed(*c)) {
        return Err(UserError::new(format!(
            "{what} cannot contain {}. Use letters, digits, spaces and plain punctuation ({NAME_PUNCTUATION}). Nothing was saved.",
            describe(c)
        )));
    }
    if name.contains("://") {
        return Err(UserError::new(format!(
            "{what} cannot be a link (it contains \"://\"). Nothing was saved."
        )));
    }
    if name.starts_with(['#', '-']) {
        return Err(UserError::new(format!(
            "{what} cannot start with '#' or '-' (Discord shows a heading or a list). Nothing was saved."
        )));
    }
    Ok(name.to_string())
}

/// A name made from something the user did not type as a name (a file's
/// name): refused characters become spaces, so it passes [`check_name`]
/// when it is short enough.
pub fn plain(text: &str) -> String {
    let kept: String = text
        .chars()
        .map(|c| if allowed(c) { c } else { ' ' })
        .collect();
    let words: Vec<&str> = kept.split_whitespace().collect();
    words
        .join(" ")
        .replace("://", " ")
        .trim_start_matches(['#', '-', ' '])
        .to_string()
}

fn allowed(c: char) -> bool {
    if hidden(c) {
        return false;
    }
    c == ' ' || c.is_alphanumeric() || NAME_PUNCTUATION.contains(c) || symbol(c)
}

/// Emoji and other pictographs (Unicode's symbol blocks), allowed in names.
fn symbol(c: char) -> bool {
    matches!(c as u32, 0x2190..=0x2BFF | 0x1F000..=0x1FAFF)
}

/// Control, zero-width and bidirectional-formatting characters: invisible,
/// or reordering the text around them.
fn hidden(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{00AD}'
                | '\u{061C}'
                | '\u{180E}'
                | '\u{200B}'..='\u{200F}'
                | '\u{202A}'..='\u{202E}'
                | '\u{2060}'..='\u{2064}'
                | '\u{2066}'..='\u{2069}'
                | '\u{FEFF}'
                | '\u{FFF9}'..='\u{FFFB}'
        )
}

/// A refused character, named so the user can find it.
fn describe(c: char) -> String {
    match c {
        '\0' => "a NUL byte (U+0000)".to_string(),
        c if c.is_control() => format!("a control character (U+{:04X})", c as u32),
        c if hidden(c) => format!(
            "an invisible or text-direction character (U+{:04X})",
            c as u32
        ),
        c => format!("'{c}'"),
    }
}

/// Text a user typed (a display name, a query, a reason), made inert in
/// Discord Markdown: every character that could open Markdown or a mention
/// is escaped with a backslash (and '#', '-' or '>' opening the text, which
/// would make a heading, list or quote), a link's "://" is broken, and
/// hidden characters are dropped. Discord shows the text as typed.
pub fn inert(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    let chars: Vec<char> = text.chars().filter(|c| !hidden(*c) || *c == '\n').collect();
    for (i, &c) in chars.iter().enumerate() {
        let opens_line = i == 0 || chars[i - 1] == '\n';
        let link = c == ':' && chars.get(i + 1) == Some(&'/') && chars.get(i + 2) == Some(&'/');
        if "\\`*_~|[]<>@".contains(c) || link || (opens_line && "#->".contains(c)) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stored_name_is_plain_text_of_bounded_length() {
        assert_eq!(
            check_name("A deck's name", "  Mulder's Bluff #2 (v3)  ", 60).unwrap(),
            "Mulder's Bluff #2 (v3)"
        );
        assert!(check_name("A deck's name", "Étoile 👽", 60).is_ok());
        let long = "a".repeat(61);
        let refusal = check_name("A deck's name", &long, 60).unwrap_err().message;
        assert!(
            refusal.contains("1 to 60 characters; this one has 61"),
            "{refusal}"
        );
        assert!(check_name("A deck's name", "   ", 60).is_err());
    }

    #[test]
    fn markdown_mentions_links_and_hidden_characters_are_refused_in_names() {
        for (name, says) in [
            ("[nitro](https://x.y)", "'['"),
            ("```code```", "'`'"),
            ("||spoiler||", "'|'"),
            ("<@&123>", "'<'"),
            ("@everyone", "'@'"),
            ("*bold*", "'*'"),
            ("a\u{0}b", "NUL byte"),
            ("a\u{200B}b", "U+200B"),
            ("abc\u{202E}def", "U+202E"),
            ("a\u{7}b", "control character"),
            ("see https://x.y", "link"),
            ("# Heading", "start with"),
        ] {
            let refusal = check_name("A deck's name", name, 60).unwrap_err().message;
            assert!(refusal.contains(says), "{name:?}: {refusal}");
            assert!(refusal.contains("Nothing was saved"), "{refusal}");
        }
    }

    #[test]
    fn a_file_name_becomes_a_plain_deck_name() {
        assert_eq!(plain("my_deck [v2]"), "my deck v2");
        assert_eq!(plain("#1-best"), "1-best");
        assert!(check_name("A deck's name", &plain("a\u{202E}b`c"), 60).is_ok());
    }

    #[test]
    fn inert_text_escapes_every_markdown_and_mention_opener() {
        assert_eq!(inert("[nitro](https://x.y)"), "\\[nitro\\](https\\://x.y)");
        assert_eq!(inert("# big -x"), "\\# big -x");
        assert_eq!(inert("Jean-Luc (admin)"), "Jean-Luc (admin)");
        assert_eq!(
            inert("||a|| `b` <@&1> @here"),
            "\\|\\|a\\|\\| \\`b\\` \\<\\@&1\\> \\@here"
        );
        assert_eq!(inert("a\u{202E}b\u{200B}c"), "abc");
        assert_eq!(inert("Fox Mulder"), "Fox Mulder");
    }
}
