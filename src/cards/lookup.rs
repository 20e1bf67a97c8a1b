//! Fuzzy card-name lookup: exact ids, partial names and typos.
//!
//! Titles are grouped (one entry per distinct title and type, holding every
//! printing). A query is scored against each entry two ways and the better
//! score wins: word by word (exact, prefix, or a typo within Damerau-
//! Levenshtein / Jaro-Winkler reach, via `strsim`) and as a fuzzy subsequence
//! (via `nucleo-matcher`, which handles run-together or abbreviated input).

use std::collections::HashMap;

use nucleo_matcher::pattern::{AtomKind, CaseMatching, Normalization, Pattern};
use nucleo_matcher::{Config, Matcher, Utf32Str};
use unicode_normalization::UnicodeNormalization;

use super::vocab::{CardSet, CardType};
use super::{Card, CardIdx};

/// Restricts a lookup to one set and/or one card type.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Filter {
    pub set: Option<CardSet>,
    pub kind: Option<CardType>,
}

/// One candidate: the preferred printing that passes the filter, and a score
/// in 0..=1 (1 = exact title or id).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Match {
    pub card: CardIdx,
    pub score: f32,
}

struct Entry {
    title: String,
    tokens: Vec<String>,
    printings: Vec<(CardIdx, CardSet, CardType)>,
}

/// The name index over every playable card.
pub struct Lookup {
    entries: Vec<Entry>,
    entry_of: HashMap<CardIdx, usize>,
    printings: Vec<Vec<CardIdx>>,
    ids: Vec<(String, CardIdx, CardSet, CardType)>,
}

/// Lower-case ASCII words: accents folded, apostrophes dropped, every other
/// non-alphanumeric character a space. "Død Kalm" → "dod kalm".
pub fn normalize(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.nfkd() {
        match c {
            '\'' | '\u{2019}' | '\u{2018}' => {}
            'ø' | 'Ø' => out.push('o'),
            'æ' | 'Æ' => out.push_str("ae"),
            'ß' => out.push_str("ss"),
            c if c.is_ascii_alphanumeric() => out.push(c.to_ascii_lowercase()),
            c if unicode_normalization::char::is_combining_mark(c) => {}
            _ => out.push(' '),
        }
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

impl Lookup {
    pub(super) fn new(cards: &[Card]) -> Lookup {
        let mut entries: Vec<Entry> = Vec::new();
        let mut by_key: HashMap<(String, CardType), usize> = HashMap::new();
        let mut entry_of = HashMap::new();
        let mut ids = Vec::new();
        for (i, card) in cards.iter().enumerate() {
            let idx = CardIdx(i as u16);
            if !card.kind.is_playable() {
                continue;
            }
            ids.push((card.id.to_ascii_lowercase(), idx, card.set, card.kind));
            let title = normalize(&card.title);
            let e = *by_key.entry((title.clone(), card.kind)).or_insert_with(|| {
                entries.push(Entry {
                    tokens: title.split(' ').map(str::to_string).collect(),
                    title,
                    printings: Vec::new(),
                });
                entries.len() - 1
            });
            entries[e].printings.push((idx, card.set, card.kind));
            entry_of.insert(idx, e);
        }
        let printings = entries
            .iter()
            .map(|e| e.printings.iter().map(|p| p.0).collect())
            .collect();
        Lookup {
            entries,
            entry_of,
            printings,
            ids,
        }
    }

    /// Every printing sharing this card's title and type.
    pub fn printings(&self, idx: CardIdx) -> &[CardIdx] {
        match self.entry_of.get(&idx) {
            Some(&e) => &self.printings[e],
            None => &[],
        }
    }

    /// The best `limit` candidates for a query, best first. An exact id (or an
    /// id prefix such as "XF96-0160") comes first with score 1.
    pub fn search(&self, query: &str, filter: Filter, limit: usize) -> Vec<Match> {
        let q = query.trim().to_ascii_lowercase();
        if q.is_empty() || limit == 0 {
            return Vec::new();
        }
        let passes = |set: CardSet, kind: CardType| {
            filter.set.is_none_or(|s| s == set) && filter.kind.is_none_or(|k| k == kind)
        };
        let by_id: Vec<Match> = self
            .ids
            .iter()
            .filter(|(id, _, set, kind)| {
                passes(*set, *kind) && looks_like_id(&q) && id.starts_with(&q)
            })
            .take(limit)
            .map(|(id, idx, _, _)| Match {
                card: *idx,
                score: if *id == q { 1.0 } else { 0.99 },
            })
            .collect();
        if !by_id.is_empty() {
            return by_id;
        }
        let nq = normalize(query);
        let q_tokens: Vec<&str> = nq.split(' ').filter(|t| !t.is_empty()).collect();
        if q_tokens.is_empty() {
            return Vec::new();
        }
        let mut matcher = Matcher::new(Config::DEFAULT);
        let pattern = Pattern::new(
            &nq,
            CaseMatching::Ignore,
            Normalization::Smart,
            AtomKind::Fuzzy,
        );
        let mut buf = Vec::new();
        let mut scored: Vec<Match> = Vec::new();
        for entry in &self.entries {
            let Some(&(card, _, _)) = entry.printings.iter().find(|(_, s, k)| passes(*s, *k))
            else {
                continue;
            };
            let mut score = word_score(&q_tokens, &entry.tokens, &nq, &entry.title);
            if score < 0.9 {
                let haystack = Utf32Str::new(&entry.title, &mut buf);
                if let Some(raw) = pattern.score(haystack, &mut matcher) {
                    score = score.max(subsequence_score(raw, nq.len(), entry.title.len()));
                }
            }
            if score >= 0.45 {
                scored.push(Match { card, score });
            }
        }
        scored.sort_by(|a, b| b.score.total_cmp(&a.score).then(a.card.cmp(&b.card)));
        scored.truncate(limit);
        scored
    }
}

fn looks_like_id(q: &str) -> bool {
    q.len() >= 4 && q.contains('-') && q.chars().any(|c| c.is_ascii_digit()) && !q.contains(' ')
}

/// Word-by-word score: how well the query's words are covered (mostly), and
/// how much of the title they cover (a little, so "mulder" prefers "Agent Fox
/// Mulder" over "Mulder's Apartment, Alexandria").
fn word_score(query: &[&str], title: &[String], nq: &str, nt: &str) -> f32 {
    if nq == nt {
        return 1.0;
    }
    let mut used = vec![false; title.len()];
    let mut total = 0.0;
    for q in query {
        let best = title
            .iter()
            .enumerate()
            .map(|(i, t)| (i, token_similarity(q, t)))
            .max_by(|a, b| a.1.total_cmp(&b.1));
        if let Some((i, s)) = best {
            total += s;
            if s >= 0.7 {
                used[i] = true;
            }
        }
    }
    let query_cover = total / query.len() as f32;
    let title_cover = used.iter().filter(|u| **u).count() as f32 / title.len() as f32;
    0.96 * (0.8 * query_cover + 0.2 * title_cover)
}

fn token_similarity(q: &str, t: &str) -> f32 {
    if q == t {
        return 1.0;
    }
    if q.len() >= 2 && t.starts_with(q) {
        return 0.8 + 0.15 * q.len() as f32 / t.len() as f32;
    }
    if q.len() >= 3 && t.len() >= 3 {
        let dl = strsim::normalized_damerau_levenshtein(q, t) as f32;
        let jw = strsim::jaro_winkler(q, t) as f32;
        let sim = dl.max(jw * 0.95);
        if sim >= 0.75 {
            return sim * 0.9;
        }
    }
    0.0
}

/// Maps nucleo's raw subsequence score to 0..=0.85, relative to the best a
/// query of this length could score, lightly penalising long titles.
fn subsequence_score(raw: u32, query_len: usize, title_len: usize) -> f32 {
    let ideal = (query_len as f32) * 16.0 + 8.0;
    let quality = (raw as f32 / ideal).min(1.0);
    let length = query_len as f32 / title_len.max(query_len) as f32;
    0.85 * (0.7 * quality + 0.3 * length)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalize_folds_accents_and_punctuation() {
        assert_eq!(normalize("Død Kalm"), "dod kalm");
        assert_eq!(normalize("Aubrey, MO"), "aubrey mo");
        assert_eq!(normalize("Mulder's  Apartment"), "mulders apartment");
        assert_eq!(normalize("Cécile \"L'ively\""), "cecile lively");
    }

    #[test]
    fn typos_score_high_and_strangers_do_not() {
        assert!(token_similarity("aubry", "aubrey") > 0.8);
        assert!(token_similarity("brawn", "braun") > 0.7);
        assert_eq!(token_similarity("mulder", "scully"), 0.0);
    }
}
