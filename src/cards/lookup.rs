//! Fuzzy card-name lookup: exact ids, partial names and typos.
//!
//! Titles are grouped (one entry per distinct title and type, holding every
//! printing). A query is scored against each entry two ways and the better
//! score wins: word by word (exact, prefix, or a typo within Damerau-
//! Levenshtein / Jaro-Winkler reach, via `strsim`) and as a fuzzy subsequence
//! (via `nucleo-matcher`, which handles run-together or abbreviated input).

use std::collections::HashMap;

use nucleo_matcher::pattern::{AtomKind, CaseMatching, Normalization, Pattern};
use nucleo_matcher::{Config, Matcher, Utf32String};
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
    /// Indexes into [`Lookup::words`].
    words: Vec<u32>,
    printings: Vec<(CardIdx, CardSet, CardType)>,
    utf32: Utf32String,
}

/// The name index over every playable card.
pub struct Lookup {
    entries: Vec<Entry>,
    /// Every distinct word of every title: a query word is compared with each
    /// once, however many titles share it.
    words: Vec<String>,
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
        let mut words: Vec<String> = Vec::new();
        let mut word_ids: HashMap<String, u32> = HashMap::new();
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
                let word_list = title
                    .split(' ')
                    .map(|w| {
                        *word_ids.entry(w.to_string()).or_insert_with(|| {
                            words.push(w.to_string());
                            (words.len() - 1) as u32
                        })
                    })
                    .collect();
                entries.push(Entry {
                    utf32: Utf32String::from(title.as_str()),
                    words: word_list,
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
            words,
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
        if looks_like_id(&q) {
            let by_id: Vec<Match> = self
                .ids
                .iter()
                .filter(|(id, _, set, kind)| passes(*set, *kind) && id.starts_with(&q))
                .take(limit)
                .map(|(id, idx, _, _)| Match {
                    card: *idx,
                    score: if *id == q { 1.0 } else { 0.99 },
                })
                .collect();
            if !by_id.is_empty() {
                return by_id;
            }
        }
        let nq = normalize(query);
        let q_words: Vec<&str> = nq.split(' ').filter(|t| !t.is_empty()).collect();
        if q_words.is_empty() {
            return Vec::new();
        }
        // How well each query word matches each distinct title word.
        let sims: Vec<Vec<f32>> = q_words
            .iter()
            .map(|qw| self.words.iter().map(|w| word_similarity(qw, w)).collect())
            .collect();
        let mut scored: Vec<Match> = Vec::new();
        for entry in &self.entries {
            let Some(&(card, _, _)) = entry.printings.iter().find(|(_, s, k)| passes(*s, *k))
            else {
                continue;
            };
            let score = if nq == entry.title {
                1.0
            } else {
                word_score(&sims, &entry.words)
            };
            if score >= 0.45 {
                scored.push(Match { card, score });
            }
        }
        if scored.iter().all(|m| m.score < 0.8) {
            self.fuzzy_pass(&nq, &passes, &mut scored);
        }
        scored.sort_by(|a, b| b.score.total_cmp(&a.score).then(a.card.cmp(&b.card)));
        scored.truncate(limit);
        scored
    }

    /// When no title matches word by word, a fuzzy subsequence match catches
    /// run-together or abbreviated names ("goodpeoplegoodfood").
    fn fuzzy_pass(
        &self,
        nq: &str,
        passes: &dyn Fn(CardSet, CardType) -> bool,
        scored: &mut Vec<Match>,
    ) {
        let mut matcher = Matcher::new(Config::DEFAULT);
        let pattern = Pattern::new(
            nq,
            CaseMatching::Ignore,
            Normalization::Smart,
            AtomKind::Fuzzy,
        );
        for entry in &self.entries {
            let Some(&(card, _, _)) = entry.printings.iter().find(|(_, s, k)| passes(*s, *k))
            else {
                continue;
            };
            if let Some(raw) = pattern.score(entry.utf32.slice(..), &mut matcher) {
                let score = subsequence_score(raw, nq.len(), entry.title.len());
                match scored.iter_mut().find(|m| m.card == card) {
                    Some(m) => m.score = m.score.max(score),
                    None if score >= 0.45 => scored.push(Match { card, score }),
                    None => {}
                }
            }
        }
    }
}

fn looks_like_id(q: &str) -> bool {
    q.len() >= 4 && q.contains('-') && q.chars().any(|c| c.is_ascii_digit()) && !q.contains(' ')
}

/// Word-by-word score: how well the query's words are covered (mostly), and
/// how much of the title they cover (a little, so "mulder" prefers "Agent Fox
/// Mulder" over "Mulder's Apartment, Alexandria").
fn word_score(sims: &[Vec<f32>], title: &[u32]) -> f32 {
    let mut used = 0u64;
    let mut total = 0.0;
    for q in sims {
        let mut best = (0usize, 0.0f32);
        for (i, w) in title.iter().enumerate() {
            let s = q[*w as usize];
            if s > best.1 {
                best = (i, s);
            }
        }
        total += best.1;
        if best.1 >= 0.7 && best.0 < 64 {
            used |= 1 << best.0;
        }
    }
    let query_cover = total / sims.len() as f32;
    let title_cover = used.count_ones() as f32 / title.len() as f32;
    0.96 * (0.8 * query_cover + 0.2 * title_cover)
}

/// 1 for the same word; a prefix scores by how much it covers; a typo scores
/// by edit distance (optimal string alignment: a swap of neighbours is one
/// edit) when the words are close enough in length to be one.
fn word_similarity(q: &str, t: &str) -> f32 {
    if q == t {
        return 1.0;
    }
    if q.len() >= 2 && t.starts_with(q) {
        return 0.8 + 0.15 * q.len() as f32 / t.len() as f32;
    }
    let (ql, tl) = (q.len(), t.len());
    if ql < 3 || tl < 3 || ql.abs_diff(tl) > (ql.max(tl) / 3).max(1) {
        return 0.0;
    }
    let longest = ql.max(tl);
    let budget = longest / 4;
    match osa_distance(q.as_bytes(), t.as_bytes(), budget) {
        Some(d) => 0.9 * (1.0 - d as f32 / longest as f32),
        None => 0.0,
    }
}

/// Optimal-string-alignment distance of two short ASCII words, or `None` as
/// soon as it must exceed `budget` (titles are normalised to ASCII words).
fn osa_distance(a: &[u8], b: &[u8], budget: usize) -> Option<usize> {
    const MAX: usize = 48;
    if a.len() >= MAX || b.len() >= MAX {
        return None;
    }
    let mut prev2 = [0usize; MAX];
    let mut prev: [usize; MAX] = std::array::from_fn(|j| j);
    let mut cur = [0usize; MAX];
    for i in 1..=a.len() {
        cur[0] = i;
        let mut row_min = cur[0];
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut d = (prev[j] + 1).min(cur[j - 1] + 1).min(prev[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d = d.min(prev2[j - 2] + 1);
            }
            cur[j] = d;
            row_min = row_min.min(d);
        }
        if row_min > budget {
            return None;
        }
        prev2 = prev;
        prev = cur;
    }
    Some(prev[b.len()]).filter(|d| *d <= budget)
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
        assert!(word_similarity("aubry", "aubrey") > 0.7);
        assert!(word_similarity("brawn", "braun") > 0.7);
        assert!(
            word_similarity("sheila", "shiela") > 0.7,
            "a swap of neighbours is one edit"
        );
        assert_eq!(word_similarity("mulder", "scully"), 0.0);
        assert_eq!(osa_distance(b"kitten", b"sitting", 9), Some(3));
        assert_eq!(osa_distance(b"ab", b"ba", 9), Some(1));
        assert_eq!(osa_distance(b"kitten", b"sitting", 2), None);
    }
}
