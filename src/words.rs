//! Small English helpers for the lines the bot builds: a count with its noun
//! in the right number ("1 card", "3 cards"), and the article a word takes
//! ("an OBSERVATION skill check", "a MOTIVE question", "an X-File"), and
//! lists of card names, which may hold commas themselves.

use std::fmt::Display;

/// `n` and the noun, singular for one: `count(1, "card")` is "1 card",
/// `count(3, "X-File")` "3 X-Files".
pub fn count(n: impl Display, noun: &str) -> String {
    let n = n.to_string();
    format!("{n} {}", noun_for(&n, noun))
}

/// The noun alone in the number `n` asks for: `noun_for(2, "card")` is "cards".
pub fn noun_for(n: impl Display, noun: &str) -> String {
    if is_one(&n.to_string()) {
        noun.to_string()
    } else {
        plural(noun)
    }
}

fn is_one(n: &str) -> bool {
    matches!(n, "1" | "-1")
}

/// The plural of a noun (or of the last word of a phrase): "card" →
/// "cards", "Witness" → "Witnesses", "copy" → "copies", "pt" → "pts".
pub fn plural(noun: &str) -> String {
    let lower = noun.to_lowercase();
    let ends = |s: &str| lower.ends_with(s);
    if ends("ss") || ends("x") || ends("ch") || ends("sh") || ends("us") {
        return format!("{noun}es");
    }
    if let Some(stem) = noun.strip_suffix('y')
        && !stem.ends_with(['a', 'e', 'i', 'o', 'u'])
    {
        return format!("{stem}ies");
    }
    format!("{noun}s")
}

/// Separates card names in a list: many names hold commas ("Bob, The
/// Possessing Spirit", "Arlington, VA"), so a comma would split one in two.
pub const NAME_SEPARATOR: &str = " · ";

/// Card names joined by [`NAME_SEPARATOR`].
pub fn names<S: AsRef<str>>(names: impl IntoIterator<Item = S>) -> String {
    names
        .into_iter()
        .map(|n| n.as_ref().to_string())
        .collect::<Vec<_>>()
        .join(NAME_SEPARATOR)
}

/// Names with their copies, in first-seen order: `["A", "B", "A"]` gives
/// `["2× A", "B"]` (a count of cards before them then reads right).
pub fn tally<'a>(names: impl IntoIterator<Item = &'a str>) -> Vec<String> {
    let mut seen: Vec<(&str, usize)> = Vec::new();
    for name in names {
        match seen.iter_mut().find(|(n, _)| *n == name) {
            Some((_, k)) => *k += 1,
            None => seen.push((name, 1)),
        }
    }
    seen.into_iter()
        .map(|(n, k)| match k {
            1 => n.to_string(),
            k => format!("{k}× {n}"),
        })
        .collect()
}

/// "a" or "an" for the word (or phrase) that follows, by its first sound:
/// initialisms by the name of their first letter ("an LRC", "a CRC", "an
/// X-File"), words by their first letter with the usual exceptions ("a
/// unique", "an hour").
pub fn a_an(word: &str) -> &'static str {
    let first = word
        .split([' ', '-', '/'])
        .find(|t| !t.is_empty())
        .unwrap_or_default();
    let initialism =
        first.len() <= 3 && !first.is_empty() && first.chars().all(|c| c.is_ascii_uppercase());
    let vowel_sound = if initialism {
        first.starts_with(['A', 'E', 'F', 'H', 'I', 'L', 'M', 'N', 'O', 'R', 'S', 'X'])
    } else {
        word_starts_with_vowel_sound(&first.to_lowercase())
    };
    if vowel_sound { "an" } else { "a" }
}

/// The word with its article: `with_article("OBSERVATION")` is "an OBSERVATION".
pub fn with_article(word: &str) -> String {
    format!("{} {word}", a_an(word))
}

fn word_starts_with_vowel_sound(w: &str) -> bool {
    const SAYS_YOU: &[&str] = &[
        "uni", "use", "usu", "uti", "uri", "eu", "ewe", "one", "once",
    ];
    const SILENT_H: &[&str] = &["hour", "honest", "honor", "honour", "heir"];
    if SAYS_YOU.iter().any(|p| w.starts_with(p)) {
        return false;
    }
    if SILENT_H.iter().any(|p| w.starts_with(p)) {
        return true;
    }
    w.starts_with(['a', 'e', 'i', 'o', 'u'])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_count_of_one_is_singular_and_any_other_plural() {
        assert_eq!(count(1, "card"), "1 card");
        assert_eq!(count(0, "card"), "0 cards");
        assert_eq!(count(10u32, "card"), "10 cards");
        assert_eq!(count(1usize, "X-File"), "1 X-File");
        assert_eq!(count(5u8, "X-File"), "5 X-Files");
        assert_eq!(count(1, "pt"), "1 pt");
        assert_eq!(count(3, "pt"), "3 pts");
        assert_eq!(count(1, "cover card"), "1 cover card");
        assert_eq!(count(2, "cover card"), "2 cover cards");
        assert_eq!(count(-1, "point"), "-1 point");
        assert_eq!(noun_for(2, "token"), "tokens");
        assert_eq!(noun_for(1, "token"), "token");
    }

    #[test]
    fn plurals_follow_the_spelling_rules() {
        assert_eq!(plural("Witness"), "Witnesses");
        assert_eq!(plural("box"), "boxes");
        assert_eq!(plural("match"), "matches");
        assert_eq!(plural("copy"), "copies");
        assert_eq!(plural("day"), "days");
        assert_eq!(plural("Healing Phase"), "Healing Phases");
        assert_eq!(plural("Agent"), "Agents");
    }

    #[test]
    fn copies_are_counted_once_per_name() {
        assert_eq!(tally(["A", "B", "A", "A"]), ["3× A", "B"]);
        assert_eq!(tally(Vec::<&str>::new()), Vec::<String>::new());
    }

    #[test]
    fn the_article_goes_by_the_first_sound() {
        for (word, article) in [
            ("OBSERVATION", "an"),
            ("AFFILIATION or MOTIVE", "an"),
            ("MOTIVE", "a"),
            ("METHOD", "a"),
            ("RESULT", "a"),
            ("HEALTH", "a"),
            ("ALIEN INVESTIGATION", "an"),
            ("INTUITION", "an"),
            ("X-File", "an"),
            ("LRC", "an"),
            ("CRC", "a"),
            ("RP", "an"),
            ("CP", "a"),
            ("UFO", "a"),
            ("unique card", "a"),
            ("hour", "an"),
            ("Event", "an"),
            ("Site", "a"),
            ("one-time effect", "a"),
            ("", "a"),
        ] {
            assert_eq!(a_an(word), article, "{word}");
        }
        assert_eq!(with_article("OBSERVATION"), "an OBSERVATION");
    }
}
