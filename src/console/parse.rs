//! The console's line syntax:
//! `@<user> [#<channel>] /<command> [<subcommand>] [<option>:<value> ...]`,
//! where a value is a bare word or a "double-quoted string" (`\"` and `\\`
//! escape inside quotes). Blank lines and lines starting with `#` are skipped.
//! `@owner` is the person running the console: a server manager.

/// One parsed console line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    pub user: String,
    /// The user's server roles, written `@alice+staff+judges`.
    pub roles: Vec<String>,
    /// `None`: the console's default channel. `Some("dm")`: a direct message.
    pub channel: Option<String>,
    pub command: String,
    pub sub: Option<String>,
    pub options: Vec<(String, String)>,
}

impl Line {
    /// The command the line gives, its options as typed text.
    pub fn invocation(&self) -> crate::app::Invocation {
        crate::app::Invocation {
            name: self.command.clone(),
            sub: self.sub.clone(),
            options: self
                .options
                .iter()
                .map(|(n, v)| (n.clone(), crate::app::OptionValue::Text(v.clone())))
                .collect(),
        }
    }
}

/// A line that does not follow the syntax, with what was expected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct SyntaxError(pub String);

/// `Ok(None)` for blank and comment lines.
pub fn parse_line(text: &str) -> Result<Option<Line>, SyntaxError> {
    let text = text.trim();
    if text.is_empty() || text.starts_with('#') {
        return Ok(None);
    }
    let tokens = tokenize(text)?;
    let mut it = tokens.into_iter().peekable();
    let mut roles: Vec<String> = Vec::new();
    let user = match it.next() {
        Some(Token::Word(w))
            if w.starts_with('@') && w[1..].split('+').all(|n| !n.is_empty() && valid_name(n)) =>
        {
            let mut parts = w[1..].split('+').map(str::to_string);
            let user = parts.next().expect("split yields one part");
            roles.extend(parts);
            user
        }
        _ => {
            return Err(SyntaxError(
                "a line must start with @<user>, e.g. @alice /card name:\"Aubrey, MO\"".into(),
            ));
        }
    };
    let mut channel = None;
    if let Some(Token::Word(w)) = it.peek()
        && let Some(name) = w.strip_prefix('#')
    {
        if !valid_name(name) {
            return Err(SyntaxError(format!(
                "'{w}' is not a channel name (letters, digits, - and _)"
            )));
        }
        channel = Some(name.to_string());
        it.next();
    }
    let command = match it.next() {
        Some(Token::Word(w)) if w.starts_with('/') && w.len() > 1 && valid_name(&w[1..]) => {
            w[1..].to_lowercase()
        }
        Some(Token::Word(w)) => {
            return Err(SyntaxError(format!(
                "expected a /command after @{user}, found '{w}'"
            )));
        }
        Some(Token::Option(name, _)) => {
            return Err(SyntaxError(format!(
                "expected a /command after @{user}, found the option {name}:"
            )));
        }
        None => {
            return Err(SyntaxError(format!(
                "@{user} gives no command; e.g. @{user} /help"
            )));
        }
    };
    let mut sub = None;
    let mut options = Vec::new();
    for (i, token) in it.enumerate() {
        match token {
            Token::Word(w) if i == 0 && valid_name(&w) => sub = Some(w.to_lowercase()),
            Token::Word(w) => {
                return Err(SyntaxError(format!(
                    "'{w}' is neither a subcommand nor an option; options are written name:value, e.g. name:\"Aubrey, MO\""
                )));
            }
            Token::Option(name, value) => options.push((name.to_lowercase(), value)),
        }
    }
    Ok(Some(Line {
        user,
        roles,
        channel,
        command,
        sub,
        options,
    }))
}

fn valid_name(s: &str) -> bool {
    !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_' || c == '.')
}

#[derive(Debug)]
enum Token {
    Word(String),
    Option(String, String),
}

fn tokenize(text: &str) -> Result<Vec<Token>, SyntaxError> {
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    let mut out = Vec::new();
    while i < chars.len() {
        if chars[i].is_whitespace() {
            i += 1;
            continue;
        }
        if chars[i] == '"' {
            return Err(SyntaxError(
                "a quoted value must follow an option name, e.g. name:\"Aubrey, MO\"".into(),
            ));
        }
        let start = i;
        while i < chars.len() && !chars[i].is_whitespace() && chars[i] != ':' && chars[i] != '"' {
            i += 1;
        }
        let word: String = chars[start..i].iter().collect();
        if i < chars.len()
            && chars[i] == ':'
            && !word.starts_with('@')
            && !word.starts_with('/')
            && !word.starts_with('#')
        {
            if !valid_name(&word) {
                return Err(SyntaxError(format!("'{word}' is not an option name")));
            }
            i += 1;
            let value = if i < chars.len() && chars[i] == '"' {
                i += 1;
                let mut v = String::new();
                loop {
                    match chars.get(i) {
                        None => {
                            return Err(SyntaxError(format!(
                                "the value of {word}: has no closing quote"
                            )));
                        }
                        Some('"') => {
                            i += 1;
                            break;
                        }
                        Some('\\') if matches!(chars.get(i + 1), Some('"') | Some('\\')) => {
                            v.push(chars[i + 1]);
                            i += 2;
                        }
                        Some(c) => {
                            v.push(*c);
                            i += 1;
                        }
                    }
                }
                if i < chars.len() && !chars[i].is_whitespace() {
                    return Err(SyntaxError(format!(
                        "put a space after the closing quote of {word}:"
                    )));
                }
                v
            } else {
                let vs = i;
                while i < chars.len() && !chars[i].is_whitespace() {
                    if chars[i] == '"' {
                        return Err(SyntaxError(format!(
                            "a quote inside the bare value of {word}: — quote the whole value"
                        )));
                    }
                    i += 1;
                }
                let v: String = chars[vs..i].iter().collect();
                if v.is_empty() {
                    return Err(SyntaxError(format!(
                        "option {word}: has no value; write {word}:value or {word}:\"two words\""
                    )));
                }
                v
            };
            out.push(Token::Option(word, value));
        } else {
            while i < chars.len() && !chars[i].is_whitespace() {
                i += 1;
            }
            out.push(Token::Word(chars[start..i].iter().collect()));
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(s: &str) -> Line {
        parse_line(s).unwrap().unwrap()
    }

    #[test]
    fn parses_user_command_subcommand_and_options() {
        let l = ok(r#"@alice /deck import name:"Les's deck" file:tests/data/les.json"#);
        assert_eq!(l.user, "alice");
        assert_eq!(l.command, "deck");
        assert_eq!(l.sub.as_deref(), Some("import"));
        assert_eq!(
            l.options,
            vec![
                ("name".into(), "Les's deck".into()),
                ("file".into(), "tests/data/les.json".into())
            ]
        );
    }

    #[test]
    fn parses_channel_escapes_and_colons_inside_values() {
        let l = ok(r#"@bob #lounge /card name:"say \"hi\" \\ bye" set:premiere"#);
        assert_eq!(l.channel.as_deref(), Some("lounge"));
        assert_eq!(l.options[0].1, r#"say "hi" \ bye"#);
        let l = ok("@bob /rules query:a:b");
        assert_eq!(l.options[0], ("query".into(), "a:b".into()));
    }

    #[test]
    fn skips_blank_lines_and_comments() {
        assert_eq!(parse_line("   ").unwrap(), None);
        assert_eq!(parse_line("# a comment").unwrap(), None);
    }

    #[test]
    fn rejects_malformed_lines_with_the_fix() {
        let cases = [
            ("/card name:x", "must start with @<user>"),
            ("@alice card name:x", "expected a /command"),
            ("@alice", "gives no command"),
            ("@alice /card name:\"Aubrey", "no closing quote"),
            ("@alice /card name:", "has no value"),
            (
                "@alice /deck import extra words",
                "neither a subcommand nor an option",
            ),
            ("@alice /card \"loose\"", "must follow an option name"),
            ("@alice /card name:\"a\"b", "space after the closing quote"),
        ];
        for (line, expected) in cases {
            let err = parse_line(line).unwrap_err().0;
            assert!(err.contains(expected), "{line}: {err}");
        }
    }
}
