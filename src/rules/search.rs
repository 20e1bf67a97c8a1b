//! Ranked search over the reference: each query word (after abbreviations
//! and French words are expanded, and filler words dropped) is matched
//! against each entry's title, aliases, id and body, exactly, by prefix or
//! within a small Damerau-Levenshtein distance (`strsim`). Alias phrases
//! found whole in the query weigh most.

use std::sync::LazyLock;

use super::{Entry, RulesGame, reference};
use crate::cards::normalize;

/// Abbreviations and other words players use, with what they stand for.
const SYNONYMS: &[(&str, &str)] = &[
    ("rp", "resource pool rp"),
    ("cp", "conspiracy pool cp"),
    ("lrc", "long range combat lrc"),
    ("crc", "close range combat crc"),
    ("res", "res"),
    ("hp", "health"),
    ("xfile", "x file"),
    ("xfiles", "x file"),
    ("hopital", "hospital"),
    ("reserve", "pool"),
    ("conspiration", "conspiracy"),
    ("ressources", "resource"),
    ("enquete", "investigation investigate"),
    ("enqueter", "investigate"),
    ("deviner", "guess"),
    ("combattre", "fight combat"),
    ("degats", "damage"),
    ("piocher", "draw"),
    ("tour", "turn"),
    ("adversaire", "adversary"),
    ("lieu", "site"),
    ("lieux", "site"),
    ("equipe", "team"),
    ("soins", "healing heal"),
    ("guerison", "healing heal"),
    ("competence", "skill"),
    ("cout", "cost"),
    ("carte", "card"),
    ("cartes", "card"),
    ("defausse", "discard"),
    ("main", "hand"),
    ("joueurs", "players"),
    ("mot", "keyword"),
    ("cle", "keyword"),
    ("heal", "healing heal"),
    ("heals", "healing heal"),
    ("hurt", "damage"),
    ("wounded", "damage hospital"),
    ("hospitalized", "hospital"),
    ("hospitalised", "hospital"),
    ("win", "win winning"),
    ("wins", "win winning"),
    ("le", "legendary"),
];

/// Words that carry no meaning for the search.
const STOP: &[&str] = &[
    "a", "an", "the", "is", "are", "do", "does", "did", "can", "i", "you", "my", "your", "of",
    "in", "on", "to", "what", "how", "when", "who", "which", "why", "it", "its", "for", "with",
    "be", "at", "by", "and", "or", "if", "much", "many", "there", "this", "that", "from", "as",
    "we", "me", "mean", "means", "work", "works", "rule", "rules", "la", "les", "des", "du", "de",
    "un", "une", "et", "en", "est", "que", "qui", "quoi", "comment", "a", "au", "aux", "dans",
    "pour", "sur", "any", "about", "get", "happens", "happen", "should", "would", "still",
];

/// One entry's searchable words, prepared once.
struct Prepared {
    title: Vec<String>,
    aliases: Vec<String>,
    alias_words: Vec<String>,
    body: Vec<String>,
}

/// Every distinct word of the reference, and each entry's words as indexes
/// into it: a query word is compared with each distinct word once.
struct Vocab {
    words: Vec<String>,
    /// Per entry: (title, alias, body) word indexes.
    fields: Vec<[Vec<usize>; 3]>,
}

static VOCAB: LazyLock<Vocab> = LazyLock::new(|| {
    let mut words: Vec<String> = PREPARED
        .iter()
        .flat_map(|p| p.title.iter().chain(&p.alias_words).chain(&p.body).cloned())
        .collect();
    words.sort();
    words.dedup();
    let index = |w: &String| words.binary_search(w).expect("collected above");
    let fields = PREPARED
        .iter()
        .map(|p| {
            [
                p.title.iter().map(index).collect(),
                p.alias_words.iter().map(index).collect(),
                p.body.iter().map(index).collect(),
            ]
        })
        .collect();
    Vocab { words, fields }
});

/// How rare each word is across entries: common words ("agent") weigh less.
static IDF: LazyLock<std::collections::HashMap<String, f64>> = LazyLock::new(|| {
    let n = PREPARED.len() as f64;
    let mut df: std::collections::HashMap<String, f64> = std::collections::HashMap::new();
    for p in PREPARED.iter() {
        let mut words: Vec<&String> = p
            .title
            .iter()
            .chain(&p.alias_words)
            .chain(&p.body)
            .collect();
        words.sort();
        words.dedup();
        for w in words {
            *df.entry(w.clone()).or_default() += 1.0;
        }
    }
    df.into_iter()
        .map(|(w, d)| (w, (n / d).ln().max(0.5)))
        .collect()
});

/// The weight of a query word (rare words count most; unknown ones as rare).
fn weight(q: &str) -> f64 {
    IDF.get(q).copied().unwrap_or_else(|| {
        IDF.iter()
            .filter(|(w, _)| w.starts_with(q) || strsim::damerau_levenshtein(q, w) <= 1)
            .map(|(_, v)| *v)
            .fold(None, |a: Option<f64>, v| Some(a.map_or(v, |a| a.min(v))))
            .unwrap_or(1.0)
    })
}

static PREPARED: LazyLock<Vec<Prepared>> = LazyLock::new(|| {
    reference()
        .entries
        .iter()
        .map(|e| {
            let words = |t: &str| -> Vec<String> {
                let mut w: Vec<String> = normalize(t)
                    .split(' ')
                    .filter(|w| !w.is_empty() && !STOP.contains(w))
                    .map(str::to_string)
                    .collect();
                w.sort();
                w.dedup();
                w
            };
            let aliases: Vec<String> = e
                .aliases
                .iter()
                .map(|a| normalize(a))
                .chain([normalize(&e.id.replace('-', " "))])
                .collect();
            Prepared {
                title: words(&e.title),
                alias_words: words(&aliases.join(" ")),
                aliases,
                body: words(&e.body),
            }
        })
        .collect()
});

/// A ranked answer.
#[derive(Debug, Clone)]
pub struct Hit {
    pub entry: &'static Entry,
    pub score: f64,
}

/// How well a query word matches a word of the reference (0 to 1).
fn similarity(q: &str, w: &str) -> f64 {
    if w == q {
        1.0
    } else if q.len() >= 3 && w.starts_with(q) {
        0.8
    } else if w.len() >= 4 && q.starts_with(w) {
        0.7
    } else if q.len() >= 4 && w.len() >= 4 {
        let allowed = if q.len() >= 7 { 2 } else { 1 };
        if q.len().abs_diff(w.len()) > allowed {
            return 0.0;
        }
        let d = strsim::damerau_levenshtein(q, w);
        if d <= allowed {
            0.75 - 0.1 * d as f64
        } else {
            0.0
        }
    } else {
        0.0
    }
}

/// The query's words, with abbreviations and French words expanded.
fn query_words(query: &str) -> (String, Vec<String>) {
    let norm = normalize(query);
    let mut words: Vec<String> = Vec::new();
    for w in norm.split(' ').filter(|w| !w.is_empty()) {
        match SYNONYMS.iter().find(|(k, _)| *k == w) {
            Some((_, v)) => words.extend(v.split(' ').map(str::to_string)),
            None if !STOP.contains(&w) => words.push(w.to_string()),
            None => {}
        }
    }
    words.dedup();
    (norm, words)
}

/// How much a ruling's score counts against a general entry's.
const RULING_WEIGHT: f64 = 0.8;

/// The best entries for a query, best first; `game` ranks that game's rules first.
pub fn search(query: &str, game: Option<RulesGame>, limit: usize) -> Vec<Hit> {
    let (norm, words) = query_words(query);
    if words.is_empty() {
        return Vec::new();
    }
    let padded = format!(" {norm} ");
    let weights: Vec<f64> = words.iter().map(|w| weight(w)).collect();
    let total: f64 = weights.iter().sum();
    let vocab = &*VOCAB;
    let sims: Vec<Vec<f64>> = words
        .iter()
        .map(|q| vocab.words.iter().map(|w| similarity(q, w)).collect())
        .collect();
    let best = |sim: &[f64], ids: &[usize]| ids.iter().map(|i| sim[*i]).fold(0.0, f64::max);
    let mut hits: Vec<Hit> = reference()
        .entries
        .iter()
        .zip(PREPARED.iter())
        .zip(vocab.fields.iter())
        .filter_map(|((e, p), f)| {
            let mut score = 0.0;
            for (sim, w) in sims.iter().zip(&weights) {
                let s = (3.0 * best(sim, &f[0]))
                    .max(3.0 * best(sim, &f[1]))
                    .max(best(sim, &f[2]));
                score += s * w;
            }
            for a in &p.aliases {
                if a.len() >= 2 && padded.contains(&format!(" {a} ")) {
                    score += 2.0 + a.split(' ').count() as f64;
                }
            }
            if score <= 0.0 {
                return None;
            }
            score /= total.max(1.0).sqrt();
            if e.glossary {
                score *= 0.85;
            }
            // A ruling answers one case: on a tie the general rule reads better.
            if e.id.starts_with("ruling-") {
                score *= RULING_WEIGHT;
            }
            if Some(e.game) == game {
                score *= 1.5;
            }
            Some(Hit { entry: e, score })
        })
        .collect();
    hits.sort_by(|a, b| b.score.total_cmp(&a.score));
    hits.truncate(limit);
    hits
}

/// An answer to a query: the best entry and runners-up of the same game.
#[derive(Debug, Clone)]
pub struct Answer {
    pub best: Hit,
    /// Other entries of the best entry's game, best first: "Also:" never
    /// sends a player from one game's rules to another's.
    pub also: Vec<Hit>,
}

/// The best entry for a query and up to `more` others of its game.
pub fn answer(query: &str, game: Option<RulesGame>, more: usize) -> Option<Answer> {
    let mut hits = search(query, game, usize::MAX).into_iter();
    let best = hits.next()?;
    let also = hits
        .filter(|h| h.entry.game == best.entry.game)
        .take(more)
        .collect();
    Some(Answer { best, also })
}
