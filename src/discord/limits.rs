//! Discord's limits on a message's text, kept by construction. A text is
//! cut into pieces of at most 2,000 characters: at line breaks where it
//! can, else between words; never inside a mention or other `<…>` token
//! (`<@id>`, `<#id>`, `<@&id>`, `<t:…:R>`), a character (with its accents
//! and emoji joiners) or a one-line Markdown span that fits a piece
//! (`code`, **bold**, ||spoiler||, ~~strike~~); a code block cut in two is
//! closed and reopened, with its language, in the next piece. A post's
//! pinged users are named in `allowed_mentions` of the piece that first
//! mentions them, at most 100 a piece (Discord refuses more), so each is
//! pinged once. Pure, so tests can run any message through it.

use std::collections::HashSet;

use super::render::embed_of;
use crate::app::{Address, Outgoing};

/// Discord's limit on a message's content (characters).
pub const MESSAGE_LIMIT: usize = 2000;
/// Discord's limit on the users one message's `allowed_mentions` names.
pub const PING_LIMIT: usize = 100;
/// A `<…>` token (mention, timestamp, emoji, link) is at most this long.
const TOKEN_MAX: usize = 100;
/// A code block's language is carried to the next piece when this short.
const LANG_MAX: usize = 20;
/// What closes a code block at a cut.
const CLOSE_FENCE: &str = "\n```";

/// One message of a split text: its content, and the pinged users it
/// mentions first (its `allowed_mentions`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Piece {
    pub content: String,
    pub pings: Vec<String>,
}

/// Splits text into pieces of at most `limit` characters (see the module's
/// doc for where it cuts). Always at least one piece.
pub fn split(text: &str, limit: usize) -> Vec<String> {
    cut(text, &HashSet::new(), limit)
        .into_iter()
        .map(|p| p.content)
        .collect()
}

/// A channel post's pieces: the pinged users its text does not mention go
/// first, on a line of mentions; each user is pinged by the first piece
/// that mentions them, at most [`PING_LIMIT`] a piece. Pings that are not
/// user ids are left out (Discord has no one to ping).
pub fn pieces(text: &str, pings: &[String], limit: usize) -> Vec<Piece> {
    let mut users: Vec<String> = Vec::new();
    for id in pings.iter().filter_map(|p| user_id(p)) {
        if !users.contains(&id) {
            users.push(id);
        }
    }
    let pinged: HashSet<String> = users.iter().cloned().collect();
    let named: HashSet<String> = Layout::new(text, &pinged)
        .mentions
        .into_iter()
        .map(|(_, u)| u)
        .collect();
    let line: Vec<String> = users
        .iter()
        .filter(|u| !named.contains(*u))
        .map(|u| format!("<@{u}>"))
        .collect();
    let full = match (line.is_empty(), text.is_empty()) {
        (true, _) => text.to_string(),
        (false, true) => line.join(" "),
        (false, false) => format!("{}\n{text}", line.join(" ")),
    };
    cut(&full, &pinged, limit)
}

/// The text messages an outgoing message becomes on Discord, as the
/// adapter sends them: a channel post with its pings, a reply or a DM
/// without (only its reader sees it). With an embed that fits, a post's or
/// reply's text is the embed's, so only the pings stay; a DM has no embed.
pub fn outgoing_pieces(m: &Outgoing) -> Vec<Piece> {
    let embedded = m.embed.as_ref().and_then(embed_of).is_some();
    let shown = if embedded { "" } else { m.text.as_str() };
    match &m.to {
        Address::Channel(_) => pieces(shown, &m.ping, MESSAGE_LIMIT),
        Address::Ephemeral(_) => pieces(shown, &[], MESSAGE_LIMIT),
        Address::Dm(_) => pieces(&m.text, &[], MESSAGE_LIMIT),
    }
}

/// A Discord user id in its canonical form; `None` for anything else.
fn user_id(s: &str) -> Option<String> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse::<u64>()
        .ok()
        .filter(|n| *n != 0)
        .map(|n| n.to_string())
}

/// The pieces of `text`, mentions of `pinged` users noted in each.
fn cut(text: &str, pinged: &HashSet<String>, limit: usize) -> Vec<Piece> {
    let l = Layout::new(text, pinged);
    let n = l.chars.len();
    let mut out = Vec::new();
    let mut done: HashSet<String> = HashSet::new();
    let mut pos = 0;
    let mut reopen: Option<usize> = None;
    loop {
        let prefix = reopen
            .map(|i| format!("```{}\n", l.langs[i]))
            .unwrap_or_default();
        if reopen.is_none() {
            while pos < n && l.chars[pos] == '\n' {
                pos += 1;
            }
        }
        if pos >= n {
            break;
        }
        let end = l.end_of_piece(pos, prefix.chars().count(), limit, &done);
        let mut content = prefix;
        content.extend(&l.chars[pos..end]);
        let mut content = content.trim_end().to_string();
        reopen = if end < n { l.block[end] } else { None };
        if reopen.is_some() {
            content.push_str(CLOSE_FENCE);
        }
        let mut pings = Vec::new();
        for (at, user) in &l.mentions {
            if (pos..end).contains(at) && done.insert(user.clone()) {
                pings.push(user.clone());
            }
        }
        if !content.trim().is_empty() {
            out.push(Piece { content, pings });
        }
        pos = end;
    }
    if out.is_empty() {
        out.push(Piece {
            content: String::new(),
            pings: Vec::new(),
        });
    }
    out
}

/// How good a place to end a piece is, worst first.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Cut {
    /// Inside a token, a character or a fence line: only when nothing else fits.
    Never,
    /// Inside a one-line Markdown span.
    Span,
    /// Between words inside a span.
    SpanWord,
    /// Inside a word.
    Free,
    /// Between words.
    Word,
    /// After a line break.
    Line,
}

/// Where a text may be cut, worked out once. Positions lie between
/// characters: position `c` is before `chars[c]`.
struct Layout {
    chars: Vec<char>,
    /// Each position's kind of cut (0..=len).
    cut: Vec<Cut>,
    /// The code block open at each position (an index into `langs`).
    block: Vec<Option<usize>>,
    langs: Vec<String>,
    /// Mentions of pinged users outside code blocks: (position, user), in order.
    mentions: Vec<(usize, String)>,
}

impl Layout {
    fn new(text: &str, pinged: &HashSet<String>) -> Layout {
        let chars: Vec<char> = text.chars().collect();
        let n = chars.len();
        let mut cut = vec![Cut::Free; n + 1];
        for c in 1..n {
            cut[c] = if chars[c - 1] == '\n' {
                Cut::Line
            } else if chars[c - 1].is_whitespace() && !chars[c].is_whitespace() {
                Cut::Word
            } else {
                Cut::Free
            };
        }
        let mut l = Layout {
            chars,
            cut,
            block: vec![None; n + 1],
            langs: Vec::new(),
            mentions: Vec::new(),
        };
        l.mark_lines();
        l.mark_tokens(pinged);
        for c in 1..n {
            if joins(l.chars[c - 1], l.chars[c]) {
                l.cut[c] = Cut::Never;
            }
        }
        l
    }

    /// Where the piece starting at `pos` ends: the best cut that keeps it
    /// within `limit` (after `prefix` characters, and with a closing fence
    /// when it ends inside a code block) and its new pings within
    /// [`PING_LIMIT`]; the furthest of the best kind.
    fn end_of_piece(
        &self,
        pos: usize,
        prefix: usize,
        limit: usize,
        done: &HashSet<String>,
    ) -> usize {
        let n = self.chars.len();
        let mut best: [Option<usize>; 6] = [None; 6];
        let mut new_users: HashSet<&str> = HashSet::new();
        let mut m = self.mentions.partition_point(|(at, _)| *at < pos);
        for c in pos + 1..=n {
            while m < self.mentions.len() && self.mentions[m].0 < c {
                let user = self.mentions[m].1.as_str();
                if !done.contains(user) {
                    new_users.insert(user);
                }
                m += 1;
            }
            let used = prefix + (c - pos);
            if used > limit || new_users.len() > PING_LIMIT {
                break;
            }
            if c == n {
                return n;
            }
            let reserve = if self.block[c].is_some() {
                CLOSE_FENCE.len()
            } else {
                0
            };
            if used + reserve <= limit {
                best[self.cut[c] as usize] = Some(c);
            }
        }
        best.iter()
            .rev()
            .flatten()
            .next()
            .copied()
            .unwrap_or(pos + 1)
    }

    /// Line by line: the code block open at each position (fence lines are
    /// not cut), and the spans of lines outside code blocks.
    fn mark_lines(&mut self) {
        let n = self.chars.len();
        let mut open: Option<usize> = None;
        let mut start = 0;
        while start < n {
            let end = self.chars[start..]
                .iter()
                .position(|&ch| ch == '\n')
                .map_or(n, |i| start + i + 1);
            let line: String = self.chars[start..end].iter().collect();
            let before = open;
            if line.matches("```").count() % 2 == 1 {
                open = match open {
                    Some(_) => None,
                    None => Some(self.lang(&line)),
                };
                self.cut[start + 1..end].fill(Cut::Never);
            } else if open.is_none() {
                self.mark_spans(start, end);
            }
            self.block[start + 1..end].fill(before);
            self.block[end] = open;
            start = end;
        }
    }

    /// The language a fence line opens its block with ("" when none).
    fn lang(&mut self, line: &str) -> usize {
        let after = line.rsplit("```").next().unwrap_or_default().trim();
        let plain = after.chars().count() <= LANG_MAX
            && after
                .chars()
                .all(|ch| ch.is_ascii_alphanumeric() || "+-_#.".contains(ch));
        self.langs.push(if plain {
            after.to_string()
        } else {
            String::new()
        });
        self.langs.len() - 1
    }

    /// The one-line Markdown spans of the line [start, end): cut inside
    /// only when nothing else fits.
    fn mark_spans(&mut self, start: usize, end: usize) {
        let mut i = start;
        while i < end {
            let Some(e) = self.span_end(i, end) else {
                i += 1;
                continue;
            };
            for c in &mut self.cut[i + 1..e] {
                *c = match *c {
                    Cut::Word => Cut::SpanWord,
                    Cut::Free => Cut::Span,
                    other => other,
                };
            }
            i = e;
        }
    }

    /// The end of the span opening at `i` on a line ending at `end`: a run
    /// of backticks closed by a run as long, or `**`, `||`, `~~` closed by
    /// the same pair.
    fn span_end(&self, i: usize, end: usize) -> Option<usize> {
        let ch = &self.chars;
        let run = |at: usize| ch[at..end].iter().take_while(|&&x| x == '`').count();
        if ch[i] == '`' {
            let open = run(i);
            let mut j = i + open;
            while j < end {
                let r = run(j);
                if r == open {
                    return Some(j + r);
                }
                j += r.max(1);
            }
            return None;
        }
        let d = ch[i];
        if !['*', '|', '~'].contains(&d) || i + 1 >= end || ch[i + 1] != d {
            return None;
        }
        (i + 3..end.saturating_sub(1))
            .find(|&j| ch[j] == d && ch[j + 1] == d)
            .map(|j| j + 2)
    }

    /// `<…>` tokens (mentions, channels, roles, timestamps, emoji, links)
    /// are never cut; mentions of pinged users outside code blocks are noted.
    fn mark_tokens(&mut self, pinged: &HashSet<String>) {
        let n = self.chars.len();
        let mut i = 0;
        while i < n {
            let Some(e) = self.token_end(i) else {
                i += 1;
                continue;
            };
            self.cut[i + 1..e].fill(Cut::Never);
            if self.block[i].is_none()
                && let Some(user) = self.mentioned(i, e)
                && pinged.contains(&user)
            {
                self.mentions.push((i, user));
            }
            i = e;
        }
    }

    /// The end of the `<…>` token at `i`: no line break or `<` inside, no
    /// space but in a slash command's (`</game new:1>`).
    fn token_end(&self, i: usize) -> Option<usize> {
        let ch = &self.chars;
        let first = *ch.get(i + 1)?;
        if ch[i] != '<' || first.is_whitespace() || first == '>' || first == '<' {
            return None;
        }
        let stop = (i + TOKEN_MAX).min(ch.len());
        let at = ch
            .get(i + 2..stop)?
            .iter()
            .position(|&x| matches!(x, '>' | '<' | '\n') || (x.is_whitespace() && first != '/'))?;
        (ch[i + 2 + at] == '>').then_some(i + 3 + at)
    }

    /// The user a `<@id>` or `<@!id>` token names.
    fn mentioned(&self, i: usize, e: usize) -> Option<String> {
        let token: String = self.chars[i..e].iter().collect();
        let inner = token.strip_prefix("<@")?.strip_suffix('>')?;
        user_id(inner.strip_prefix('!').unwrap_or(inner))
    }
}

/// Do these two characters show as one (a joined emoji, a skin tone, a
/// variation selector, an accent, a keycap, a flag's tag)?
fn joins(before: char, next: char) -> bool {
    before == '\u{200D}'
        || matches!(
            next,
            '\u{200D}'
                | '\u{FE00}'..='\u{FE0F}'
                | '\u{0300}'..='\u{036F}'
                | '\u{20E3}'
                | '\u{1F3FB}'..='\u{1F3FF}'
                | '\u{E0020}'..='\u{E007F}'
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(range: std::ops::RangeInclusive<u64>) -> Vec<String> {
        range.map(|i| i.to_string()).collect()
    }

    fn fits(pieces: &[Piece], limit: usize) -> bool {
        pieces
            .iter()
            .all(|p| p.content.chars().count() <= limit && p.pings.len() <= PING_LIMIT)
    }

    /// Every `<` that opens a mention in a piece is closed in it.
    fn whole_mentions(piece: &str) -> bool {
        piece.match_indices('<').all(|(i, _)| {
            let rest = &piece[i..];
            !(rest.starts_with("<@") || rest.starts_with("<#") || rest.starts_with("<t:"))
                || rest
                    .find('>')
                    .is_some_and(|e| !rest[..e].contains(char::is_whitespace))
        })
    }

    #[test]
    fn long_texts_split_at_line_breaks_within_the_limit() {
        let text = (0..300)
            .map(|i| format!("line {i:03} of the board"))
            .collect::<Vec<_>>()
            .join("\n");
        let pieces = split(&text, 2000);
        assert!(pieces.len() > 1);
        assert!(pieces.iter().all(|p| p.chars().count() <= 2000));
        assert!(pieces.iter().all(|p| p.starts_with("line ")));
        assert_eq!(pieces.join("\n"), text);
        let long = "x".repeat(4500);
        assert_eq!(split(&long, 2000).len(), 3);
        assert_eq!(split("short", 2000), ["short"]);
        assert_eq!(split("", 2000), [""]);
    }

    #[test]
    fn a_hundred_and_twenty_pings_go_out_in_two_posts_of_100_and_20() {
        let pings = ids(5001..=5120);
        let out = pieces("Round 1 is open.", &pings, MESSAGE_LIMIT);
        let counts: Vec<usize> = out.iter().map(|p| p.pings.len()).collect();
        assert_eq!(counts, [100, 20]);
        let all: Vec<String> = out.iter().flat_map(|p| p.pings.clone()).collect();
        assert_eq!(all, pings, "each user once, in order");
        for p in &out {
            for u in &p.pings {
                assert!(p.content.contains(&format!("<@{u}>")), "pinged where named");
            }
        }
        assert!(out[1].content.ends_with("Round 1 is open."));
    }

    #[test]
    fn pings_of_long_ids_are_cut_by_length_and_never_inside_a_mention() {
        let pings = ids(100_000_000_000_000_001..=100_000_000_000_000_120);
        let out = pieces("", &pings, MESSAGE_LIMIT);
        assert!(out.len() >= 2, "120 mentions of 22 characters exceed 2,000");
        assert!(fits(&out, MESSAGE_LIMIT));
        assert!(out.iter().all(|p| whole_mentions(&p.content)));
        let all: Vec<String> = out.iter().flat_map(|p| p.pings.clone()).collect();
        assert_eq!(all, pings);
    }

    #[test]
    fn a_user_the_text_names_is_pinged_there_and_not_on_the_ping_line() {
        let pings = ids(5..=7);
        let out = pieces("• <@5> vs <@6>", &[pings, ids(5..=5)].concat(), 2000);
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].content, "<@7>\n• <@5> vs <@6>");
        assert_eq!(out[0].pings, ["7", "5", "6"]);
        let none = pieces("hello", &["alice".to_string(), "0".to_string()], 2000);
        assert_eq!(none[0].content, "hello", "not user ids: nobody to ping");
    }

    #[test]
    fn a_user_named_in_two_pieces_is_pinged_in_the_first_only() {
        let text = format!("<@9> first\n{}\n<@9> again", "x ".repeat(30));
        let out = pieces(&text, &ids(9..=9), 40);
        assert!(out.len() >= 2);
        assert_eq!(out[0].pings, ["9"]);
        assert!(out[1..].iter().all(|p| p.pings.is_empty()));
    }

    #[test]
    fn the_2000th_character_inside_a_mention_moves_the_mention_to_the_next_piece() {
        for token in [
            "<@123456789012345678>",
            "<#123456789012345678>",
            "<@&1234567890>",
            "<t:1700000000:R>",
        ] {
            let text = format!("{} {token} tail", "a".repeat(1995));
            let out = split(&text, 2000);
            assert_eq!(out[0], "a".repeat(1995), "{token}");
            assert!(out[1].starts_with(token), "{token}: {}", out[1]);
            // No space before it: the cut still falls outside the token.
            let glued = format!("{}{token}{}", "a".repeat(1990), "b".repeat(100));
            let out = split(&glued, 2000);
            assert_eq!(out[0], "a".repeat(1990), "{token}");
            assert!(out[1].starts_with(token), "{token}");
        }
        let pinged = pieces(
            &format!("{} <@42> wins", "a".repeat(1996)),
            &ids(42..=42),
            2000,
        );
        assert!(pinged[0].pings.is_empty());
        assert_eq!(pinged[1].pings, ["42"]);
        assert!(pinged[1].content.starts_with("<@42>"));
    }

    #[test]
    fn a_code_block_cut_in_two_is_closed_and_reopened_with_its_language() {
        let code: Vec<String> = (0..200).map(|i| format!("let x_{i} = {i};")).collect();
        let text = format!("Intro\n```rust\n{}\n```\nAfter", code.join("\n"));
        let out = split(&text, 2000);
        assert!(out.len() >= 2);
        for p in &out {
            assert!(p.chars().count() <= 2000);
            assert_eq!(p.matches("```").count() % 2, 0, "balanced fences: {p}");
        }
        assert!(out[0].ends_with("\n```"));
        assert!(out[1].starts_with("```rust\n"));
        let lines: Vec<&str> = out
            .iter()
            .flat_map(|p| p.lines())
            .filter(|l| l.starts_with("let "))
            .collect();
        assert_eq!(lines, code, "every line once, in order");
        assert!(out.last().unwrap().ends_with("```\nAfter"));
    }

    #[test]
    fn a_line_longer_than_the_limit_is_cut_between_its_words() {
        let words: Vec<String> = (0..700).map(|i| format!("word{i}")).collect();
        let line = words.join(" ");
        let out = split(&line, 2000);
        assert!(out.len() >= 3);
        assert!(out.iter().all(|p| p.chars().count() <= 2000));
        let again: Vec<&str> = out.iter().flat_map(|p| p.split(' ')).collect();
        assert_eq!(again, words, "no word cut or lost");
    }

    #[test]
    fn a_one_line_span_at_the_cut_moves_whole_to_the_next_piece() {
        for span in [
            "**bold words here**",
            "`some code`",
            "||a secret||",
            "~~struck out~~",
        ] {
            let text = format!("{}{span} tail", "x ".repeat(995));
            let out = split(&text, 2000);
            assert!(out[1].starts_with(span), "{span}: {}", out[1]);
            assert!(out[0].chars().count() <= 2000);
        }
    }

    #[test]
    fn characters_accents_and_joined_emoji_are_never_cut() {
        let family = "👨\u{200D}👩\u{200D}👧";
        let text = family.repeat(500);
        let out = split(&text, 2000);
        assert!(out.len() >= 2);
        for p in &out {
            assert!(p.chars().count() <= 2000);
            assert!(p.starts_with('👨') && p.ends_with('👧'), "a family cut");
        }
        assert_eq!(out.concat(), text);
        let accented = "e\u{301}".repeat(1500);
        let out = split(&accented, 2000);
        assert!(
            out.iter()
                .all(|p| p.starts_with('e') && p.ends_with('\u{301}'))
        );
    }

    /// A deterministic jumble of everything the splitter minds, at several
    /// limits: every piece fits, no mention is cut, fences stay balanced,
    /// and no text is lost.
    #[test]
    fn every_piece_of_any_text_fits() {
        let mut seed = 7u64;
        let mut next = |n: u64| {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            (seed >> 33) % n
        };
        let mut text = String::new();
        let mut fenced = false;
        for _ in 0..3000 {
            let part = match next(12) {
                0 => format!("<@{}>", 1000 + next(150)),
                1 => "\n".to_string(),
                2 => "**bold bit**".to_string(),
                3 => "`code`".to_string(),
                4 => "é".to_string(),
                5 => {
                    fenced = !fenced;
                    let fence = if fenced { "\n```py\n" } else { "\n```\n" };
                    fence.to_string()
                }
                6 => "<t:1700000000:R>".to_string(),
                7 => "x".repeat(next(300) as usize),
                _ => "word ".to_string(),
            };
            text.push_str(&part);
        }
        if fenced {
            text.push_str("\n```");
        }
        let pings = ids(1000..=1149);
        for limit in [200, 1024, 2000] {
            let out = pieces(&text, &pings, limit);
            assert!(fits(&out, limit), "limit {limit}");
            let mut seen = HashSet::new();
            for p in &out {
                assert!(whole_mentions(&p.content), "limit {limit}: {}", p.content);
                assert_eq!(p.content.matches("```").count() % 2, 0, "limit {limit}");
                assert!(
                    p.pings.iter().all(|u| seen.insert(u.clone())),
                    "pinged twice"
                );
            }
            let squeeze = |s: &str| -> String {
                s.replace("```py", "")
                    .replace("```", "")
                    .split_whitespace()
                    .collect()
            };
            let joined: String = out.iter().map(|p| squeeze(&p.content)).collect();
            assert!(
                joined.ends_with(&squeeze(&text)),
                "limit {limit}: text lost"
            );
        }
    }

    #[test]
    fn a_post_with_an_embed_sends_only_its_pings_and_a_reply_none() {
        let embed = crate::app::Embed {
            title: "Board".into(),
            lines: vec!["a line".into()],
            footer: None,
            image: None,
            fields: vec![],
        };
        let mut post = Outgoing::channel("1", "the same in words").with_ping(ids(3..=4));
        post.embed = Some(embed.clone());
        let out = outgoing_pieces(&post);
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].content, "<@3> <@4>");
        let mut reply = Outgoing::ephemeral("3", "the same in words");
        reply.embed = Some(embed);
        assert_eq!(outgoing_pieces(&reply)[0].content, "");
        let dm = Outgoing::dm("3", "private").with_ping(ids(3..=3));
        assert_eq!(outgoing_pieces(&dm)[0].pings, Vec::<String>::new());
    }
}
