//! Ranked search over the reference, for questions as players ask them
//! mid-game. A question naming a game ("legendary: …", "in the fan game")
//! is answered from that game's entries; one naming none from the X-Files
//! CCG's first, unless it uses a word only another game's rules use. The
//! query's phrases and words players use are replaced by the reference's (a
//! word and its synonyms count once), filler words dropped and English
//! endings stripped; each word is then matched against each entry's title,
//! aliases and id (three times as much) and body, exactly, by prefix or
//! within a small Damerau-Levenshtein distance (`strsim`), weighted by how
//! rare it is. Aliases found whole in the query (filler aside) add more, and
//! so do the body's sentence holding most of the question and the nearest of
//! the questions players ask that the entry answers (`asks:`, a weighted
//! cosine, squared: a question asked almost word for word outweighs a
//! general entry's alias words); a glossary entry counts only for the share
//! of the question it answers.

use std::collections::{HashMap, HashSet};
use std::sync::LazyLock;

use super::{Entry, RulesGame, reference};
use crate::cards::normalize;

/// Phrases players use mid-game, with the reference's words for them.
const PHRASES: &[(&str, &str)] = &[
    ("throw away", "discard"),
    ("get rid of", "discard"),
    ("carry over", "persist"),
    ("hand size", "hand limit"),
    ("max hand", "hand limit"),
    ("how many cards can i keep", "hand limit"),
    ("face down", "face down bluff"),
    ("go first", "first"),
    ("goes first", "first"),
    ("long range", "long range lrc"),
    ("close range", "close range crc"),
    ("earn", "gain"),
    ("3 player", "multiplayer"),
    ("4 player", "multiplayer"),
    ("5 player", "multiplayer"),
    ("6 player", "multiplayer"),
    ("three player", "multiplayer"),
    ("four player", "multiplayer"),
    ("generate", "gain"),
    ("produce", "gain"),
];

/// Abbreviations and other words players use, with what they stand for.
const SYNONYMS: &[(&str, &str)] = &[
    ("rp", "resource pool rp"),
    ("cp", "conspiracy pool cp"),
    ("lrc", "long range combat lrc"),
    ("crc", "close range combat crc"),
    ("res", "res"),
    ("hp", "health"),
    ("xfile", "x file"),
    ("zero", "0"),
    ("monster", "adversary"),
    ("creature", "adversary"),
    ("enemy", "adversary"),
    ("villain", "adversary"),
    ("gun", "equipment weapon"),
    ("gear", "equipment"),
    ("item", "equipment"),
    ("fight", "fight combat"),
    ("battle", "combat"),
    ("shoot", "lrc"),
    ("ranged", "long range lrc"),
    ("melee", "close range crc"),
    ("toss", "discard"),
    ("pick", "choose"),
    ("ditch", "discard"),
    ("flip", "reveal"),
    ("flipped", "revealed"),
    ("guy", "agent"),
    ("investigator", "agent"),
    ("group", "team"),
    ("beat", "successful success"),
    ("succeed", "successful success"),
    ("recover", "heal"),
    ("unspent", "persist"),
    ("leftover", "persist"),
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
    ("soins", "heal"),
    ("guerison", "heal"),
    ("competence", "skill"),
    ("cout", "cost"),
    ("carte", "card"),
    ("defausse", "discard"),
    ("main", "hand"),
    ("joueurs", "players"),
    ("mot", "keyword"),
    ("cle", "keyword"),
    ("hurt", "damage"),
    ("wounded", "damage hospital"),
    ("hospitalized", "hospital"),
    ("hospitalised", "hospital"),
    ("win", "win winning"),
];

/// Phrases that name a game: a question naming one is about that game's rules
/// ("legendary: …", "in the fan game …"), and the name itself says nothing
/// about the topic.
const GAME_NAMES: &[(&str, RulesGame)] = &[
    ("legendary encounters", RulesGame::Legendary),
    ("legendary", RulesGame::Legendary),
    ("encounters", RulesGame::Legendary),
    ("le", RulesGame::Legendary),
    ("deck builder", RulesGame::Legendary),
    ("deckbuilder", RulesGame::Legendary),
    ("fan ccg", RulesGame::FanCcg),
    ("fan game", RulesGame::FanCcg),
    ("fan card game", RulesGame::FanCcg),
    ("fan made ccg", RulesGame::FanCcg),
];

/// The game a query names, and the query without the name.
fn game_named(query: &str) -> Option<(RulesGame, String)> {
    let padded = format!(" {} ", normalize(query));
    // "LE" in capitals is Legendary Encounters; "le" is French's article.
    let capital_le = query
        .split(|c: char| !c.is_alphanumeric())
        .any(|w| w == "LE");
    GAME_NAMES.iter().find_map(|(name, game)| {
        let name = format!(" {name} ");
        (padded.contains(&name) && (name != " le " || capital_le))
            .then(|| (*game, padded.replacen(&name, " ", 1)))
    })
}

/// Words that carry no meaning for the search.
#[rustfmt::skip]
const STOP: &[&str] = &[
    "a", "an", "the", "is", "are", "do", "does", "did", "can", "i", "you", "my", "your", "of",
    "in", "on", "to", "what", "how", "when", "who", "which", "why", "it", "its", "for", "with",
    "be", "at", "by", "and", "or", "if", "much", "many", "there", "this", "that", "from", "as",
    "we", "me", "mean", "means", "work", "works", "rule", "rules", "la", "les", "des", "du", "de",
    "un", "une", "et", "en", "est", "que", "qui", "quoi", "comment", "au", "aux", "dans", "pour",
    "sur", "any", "about", "get", "gets", "got", "happens", "happen", "should", "would", "still",
    "now", "then", "so", "just", "actually", "really", "ok", "okay", "hey", "please", "allowed",
    "able", "want", "have", "has", "had", "will", "am", "was", "were", "been", "being", "they",
    "them", "their", "theirs", "he", "she", "him", "his", "her", "our", "us", "im", "ive", "dont",
    "doesnt", "cant", "isnt", "thing", "things", "anything", "something", "someone", "somebody",
    "know", "tell", "wondering", "supposed", "need", "needs", "also", "here", "again", "whats",
    "wait", "exactly", "way", "some", "these", "those", "into", "up", "out", "over", "back",
    "where", "too", "very", "doing", "done", "like", "other", "else", "right", "yet",
];

/// A word without its English inflection, so "sites", "healing" and
/// "healed" meet "site" and "heal" (a light stemmer for this vocabulary;
/// words are ASCII once normalized).
fn stem(word: &str) -> String {
    let w = singular(word);
    let n = w.len();
    if n > 5 && w.ends_with("ing") {
        w[..n - 3].to_string()
    } else if n > 4 && w.ends_with("ed") && !w.ends_with("eed") {
        w[..n - 2].to_string()
    } else {
        w.to_string()
    }
}

/// A plural's singular ("copies", "matches", "goes", "sites"), else the word.
fn singular(w: &str) -> std::borrow::Cow<'_, str> {
    let n = w.len();
    let es = ["sses", "shes", "ches"];
    if n > 4 && w.ends_with("ies") {
        format!("{}y", &w[..n - 3]).into()
    } else if (n > 4 && es.iter().any(|e| w.ends_with(e))) || (n > 3 && w.ends_with("oes")) {
        w[..n - 2].into()
    } else if n > 3 && w.ends_with('s') && !["ss", "us", "is"].iter().any(|e| w.ends_with(e)) {
        w[..n - 1].into()
    } else {
        w.into()
    }
}

/// A text's words for matching: normalized, filler dropped, stemmed.
fn text_words(text: &str) -> Vec<String> {
    normalize(text)
        .split(' ')
        .filter(|w| !w.is_empty() && !STOP.contains(w))
        .map(stem)
        .collect()
}

/// One entry's searchable words, prepared once.
struct Prepared {
    /// The words of the title, the aliases and the id.
    names: Vec<String>,
    body: Vec<String>,
    /// Each alias (and the id) without filler, and how many words it was
    /// written with.
    phrases: Vec<(String, usize)>,
    /// Each question of `asks:` as the query's terms would read it.
    asks: Vec<Vec<Vec<String>>>,
    /// Each sentence of the body, as words.
    sentences: Vec<Vec<String>>,
}

static PREPARED: LazyLock<Vec<Prepared>> = LazyLock::new(|| {
    reference()
        .entries
        .iter()
        .map(|e| {
            let words = |t: &str| -> Vec<String> {
                let mut w = text_words(t);
                w.sort();
                w.dedup();
                w
            };
            let id = e.id.replace('-', " ");
            let aliases: Vec<&String> = e.aliases.iter().chain([&id]).collect();
            let names = format!(
                "{} {}",
                e.title,
                aliases
                    .iter()
                    .map(|a| a.as_str())
                    .collect::<Vec<_>>()
                    .join(" ")
            );
            Prepared {
                names: words(&names),
                body: words(&e.body),
                sentences: sentences(&e.body).map(words).collect(),
                phrases: aliases
                    .iter()
                    .map(|a| (text_words(a).join(" "), normalize(a).split(' ').count()))
                    .collect(),
                asks: e
                    .asks
                    .iter()
                    .map(|q| query_terms(q).1.into_iter().map(|(t, _)| t).collect())
                    .collect(),
            }
        })
        .collect()
});

/// A body's sentences (a clause after ";" counts as one).
fn sentences(body: &str) -> impl Iterator<Item = &str> {
    body.split(['.', ';', '\n'])
        .map(str::trim)
        .filter(|s| s.len() > 12)
}

/// Every distinct word of the reference, and each entry's words as indexes
/// into it: a query word is compared with each distinct word once.
struct Vocab {
    words: Vec<String>,
    /// Per entry: (names, body) word indexes.
    fields: Vec<[Vec<usize>; 2]>,
    /// Per entry, per question it answers: each term's words' indexes,
    /// and the question's total weight.
    asks: Vec<Vec<AskTerms>>,
    /// Per entry, per sentence of its body: the words' indexes.
    sentences: Vec<Vec<Vec<usize>>>,
    /// Per word, the games whose entries use it (a bit per game).
    games: Vec<u8>,
}

/// A game's bit in `Vocab::games`.
fn game_bit(game: RulesGame) -> u8 {
    match game {
        RulesGame::XFilesCcg => 1,
        RulesGame::Legendary => 2,
        RulesGame::FanCcg => 4,
    }
}

static VOCAB: LazyLock<Vocab> = LazyLock::new(|| {
    let ask_words = PREPARED
        .iter()
        .flat_map(|p| p.asks.iter().flatten().flatten().cloned());
    let mut words: Vec<String> = PREPARED
        .iter()
        .flat_map(|p| p.names.iter().chain(&p.body).cloned())
        .chain(ask_words)
        .collect();
    words.sort();
    words.dedup();
    let index = |w: &String| words.binary_search(w).expect("collected above");
    let fields = PREPARED
        .iter()
        .map(|p| {
            [
                p.names.iter().map(index).collect(),
                p.body.iter().map(index).collect(),
            ]
        })
        .collect();
    let asks = PREPARED
        .iter()
        .map(|p| {
            p.asks
                .iter()
                .map(|ask| {
                    let terms = ask.iter().map(|t| t.iter().map(index).collect()).collect();
                    (terms, ask.iter().map(|t| term_weight(t)).sum())
                })
                .collect()
        })
        .collect();
    let mut games = vec![0u8; words.len()];
    for (e, p) in reference().entries.iter().zip(PREPARED.iter()) {
        let asked = p.asks.iter().flatten().flatten();
        for w in p.names.iter().chain(&p.body).chain(asked) {
            games[index(w)] |= game_bit(e.game);
        }
    }
    let sentences = PREPARED
        .iter()
        .map(|p| {
            p.sentences
                .iter()
                .map(|s| s.iter().map(index).collect())
                .collect()
        })
        .collect();
    Vocab {
        words,
        fields,
        asks,
        sentences,
        games,
    }
});

/// A term's weight: its rarest word's.
fn term_weight(term: &[String]) -> f64 {
    term.iter().map(|w| weight(w)).fold(0.0, f64::max)
}

/// How close the query is to the nearest question an entry answers: the
/// cosine of their weighted terms (a query term meets an ask's term by its
/// best word similarity).
fn nearest_ask(sims: &[Vec<f64>], weights: &[f64], total: f64, asks: &[AskTerms]) -> f64 {
    asks.iter()
        .map(|(terms, ask_total)| {
            let met: f64 = sims
                .iter()
                .zip(weights)
                .map(|(sim, w)| {
                    let best = terms
                        .iter()
                        .map(|ids| ids.iter().map(|i| sim[*i]).fold(0.0, f64::max))
                        .fold(0.0, f64::max);
                    best * w
                })
                .sum();
            met / (total * ask_total).sqrt().max(1.0)
        })
        .fold(0.0, f64::max)
}

/// The share of the query's weight the body's best sentence holds.
fn best_sentence(sims: &[Vec<f64>], weights: &[f64], total: f64, sentences: &[Vec<usize>]) -> f64 {
    sentences
        .iter()
        .map(|ids| {
            sims.iter()
                .zip(weights)
                .map(|(sim, w)| ids.iter().map(|i| sim[*i]).fold(0.0, f64::max) * w)
                .sum::<f64>()
        })
        .fold(0.0, f64::max)
        / total.max(1.0)
}

/// One question of `asks:`: its terms (each its words' indexes) and total weight.
type AskTerms = (Vec<Vec<usize>>, f64);

/// How rare each word is across entries: common words ("agent") weigh less.
static IDF: LazyLock<HashMap<String, f64>> = LazyLock::new(|| {
    let n = PREPARED.len() as f64;
    let mut df: HashMap<String, f64> = HashMap::new();
    for p in PREPARED.iter() {
        let mut words: Vec<&String> = p.names.iter().chain(&p.body).collect();
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
/// A number says little about the topic ("I have 10 cards"): it counts as a
/// common word.
fn weight(q: &str) -> f64 {
    let number = q.chars().all(|c| c.is_ascii_digit());
    let w = IDF.get(q).copied().unwrap_or_else(|| {
        IDF.iter()
            .filter(|(w, _)| w.starts_with(q) || strsim::damerau_levenshtein(q, w) <= 1)
            .map(|(_, v)| *v)
            .fold(None, |a: Option<f64>, v| Some(a.map_or(v, |a| a.min(v))))
            .unwrap_or(1.0)
    });
    if number { w.min(NUMBER_WEIGHT) } else { w }
}

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

/// The query's terms (each a word or its synonyms, stemmed, with how much
/// it counts) and its words without filler as one string, for alias matches.
fn query_terms(query: &str) -> (String, Vec<(Vec<String>, f64)>) {
    let mut norm = format!(" {} ", normalize(query));
    for (from, to) in PHRASES {
        norm = norm.replace(&format!(" {from} "), &format!(" {to} "));
    }
    let kinds = card_kinds_named(&norm);
    let mut terms: Vec<Vec<String>> = Vec::new();
    for w in norm.split(' ').filter(|w| !w.is_empty()) {
        let stemmed = stem(w);
        match SYNONYMS.iter().find(|(k, _)| *k == w || *k == stemmed) {
            Some((_, v)) => terms.push(v.split(' ').map(stem).collect()),
            None if !STOP.contains(&w) => terms.push(vec![stemmed]),
            None => {}
        }
    }
    let mut seen = HashSet::new();
    let mut weighted: Vec<(Vec<String>, f64)> = terms
        .into_iter()
        .filter(|t| seen.insert(t.clone()))
        .map(|t| (t, 1.0))
        .collect();
    // A named card's type hints at the topic; the question's own words lead.
    for kind in kinds {
        let t = vec![stem(kind)];
        if seen.insert(t.clone()) {
            weighted.push((t, CARD_KIND_WEIGHT));
        }
    }
    (text_words(&norm).join(" "), weighted)
}

/// How much a named card's type counts against a word of the question.
const CARD_KIND_WEIGHT: f64 = 0.5;

/// Card titles of two words or more, normalized, with their card type's
/// word: a player asks about "my Kevlar Vest", the rules speak of Equipment.
static CARD_TITLES: LazyLock<Vec<(String, String)>> = LazyLock::new(|| {
    let mut titles: Vec<(String, String)> = crate::cards::db()
        .iter()
        .filter(|(_, c)| c.kind.is_playable())
        .map(|(_, c)| {
            (
                format!(" {} ", normalize(&c.title)),
                c.kind.as_str().to_lowercase(),
            )
        })
        .filter(|(t, _)| t.trim().contains(' '))
        .collect();
    titles.sort();
    titles.dedup();
    titles
});

/// The card types of the cards a query names.
fn card_kinds_named(padded: &str) -> Vec<&'static str> {
    CARD_TITLES
        .iter()
        .filter(|(t, _)| padded.contains(t.as_str()))
        .map(|(_, k)| k.as_str())
        .collect()
}

/// The weight of a number in a query.
const NUMBER_WEIGHT: f64 = 2.0;

/// The search's weights, in one place so a maintainer can measure others
/// without rebuilding the crate (`tests/rules_heldout.rs`, `tune`).
#[derive(Debug, Clone, Copy)]
pub struct Tuning {
    /// How much the nearest question an entry answers (`asks:`) adds.
    pub ask: f64,
    /// The power that nearest ask's cosine (0 to 1) is raised to: a question
    /// players ask almost word for word counts far more than a loose one.
    pub ask_power: f64,
    /// A question of fewer terms than this is too short for its nearest ask
    /// to say much ("LRC N/A"): that part counts in proportion.
    pub ask_short: f64,
    /// How much the body's sentence holding most of the question adds (its
    /// share of the question's weight, 0 to 1).
    pub sentence: f64,
    /// How much more a word counts in a title, alias or id than in a body.
    pub name: f64,
    /// How much a ruling's score counts against a general entry's: a ruling
    /// answers a question about its own case, the general rule the rest.
    pub ruling: f64,
    /// How much a glossary entry's score counts, before the share of the
    /// question it answers.
    pub glossary: f64,
    /// How much an entry of another game than the X-Files CCG counts when the
    /// question neither names its game nor uses a word only its rules use.
    pub other_game: f64,
    /// How much the aliases found whole in the question add.
    pub alias: f64,
    /// How much a one-word alias found in the question adds, per its rarity.
    pub alias_word: f64,
}

/// The weights `/rules` uses, measured on every held-out set and
/// `tests/data/*-queries.txt` (373 questions): 314 first with these, 308
/// with the nearest ask's cosine not squared and weighing 10. Most other
/// changes move questions between sets without a net gain.
pub const TUNING: Tuning = Tuning {
    ask: 20.0,
    ask_power: 2.0,
    ask_short: 5.0,
    sentence: 2.0,
    name: 3.0,
    ruling: 0.9,
    glossary: 0.85,
    other_game: 0.6,
    alias: 1.0,
    alias_word: 2.0,
};

/// What an entry's score is made of, before and after its factors.
#[derive(Debug, Clone, Copy, Default)]
pub struct Parts {
    /// The question's words met in the entry's names and body.
    pub words: f64,
    pub alias: f64,
    pub ask: f64,
    pub sentence: f64,
    /// The product of the entry's factors (glossary, ruling, game).
    pub factor: f64,
}

impl Parts {
    pub fn total(&self) -> f64 {
        (self.words + self.alias + self.ask + self.sentence) * self.factor
    }
}

/// The best entries for a query, best first; `game` ranks that game's rules first.
pub fn search(query: &str, game: Option<RulesGame>, limit: usize) -> Vec<Hit> {
    explain(query, game, limit, &TUNING)
        .into_iter()
        .map(|(entry, parts)| Hit {
            entry,
            score: parts.total(),
        })
        .collect()
}

/// `search` with other weights, each hit with what its score is made of.
pub fn explain(
    query: &str,
    game: Option<RulesGame>,
    limit: usize,
    tuning: &Tuning,
) -> Vec<(&'static Entry, Parts)> {
    let found = game_named(query);
    let query = found.as_ref().map_or(query, |(_, rest)| rest.as_str());
    let named = found.as_ref().map(|(g, _)| *g);
    let game = named.or(game);
    let (plain, terms) = query_terms(query);
    if terms.is_empty() {
        return Vec::new();
    }
    let padded = format!(" {plain} ");
    let weights: Vec<f64> = terms.iter().map(|(t, k)| k * term_weight(t)).collect();
    let total: f64 = weights.iter().sum();
    let vocab = &*VOCAB;
    let sims = similarities(&terms, vocab);
    let best = |sim: &[f64], ids: &[usize]| ids.iter().map(|i| sim[*i]).fold(0.0, f64::max);
    let others_spoken = other_games_spoken(&sims, vocab);
    let norm = total.max(1.0).sqrt();
    let ask_weight = tuning.ask * (terms.len() as f64 / tuning.ask_short).min(1.0);
    let mut hits: Vec<(&'static Entry, Parts)> = reference()
        .entries
        .iter()
        .zip(PREPARED.iter())
        .zip(vocab.fields.iter().zip(&vocab.asks))
        .zip(&vocab.sentences)
        .filter(|(((e, _), _), _)| named.is_none_or(|g| e.game == g))
        .filter_map(|(((e, p), (f, asks)), sentences)| {
            let (mut words, mut covered) = (0.0, 0.0);
            for (sim, w) in sims.iter().zip(&weights) {
                let (name, body) = (best(sim, &f[0]), best(sim, &f[1]));
                words += (tuning.name * name).max(body) * w;
                covered += name.max(body) * w;
            }
            let mut parts = Parts {
                words: words / norm,
                alias: tuning.alias * alias_bonus(&p.phrases, &padded, tuning.alias_word) / norm,
                ask: ask_weight * nearest_ask(&sims, &weights, total, asks).powf(tuning.ask_power),
                sentence: tuning.sentence * best_sentence(&sims, &weights, total, sentences),
                factor: 1.0,
            };
            if parts.total() <= 0.0 {
                return None;
            }
            if e.glossary {
                // A term's entry answers a question about the term, not
                // every question that mentions it.
                parts.factor *= tuning.glossary * covered / total;
            }
            if e.id.starts_with("ruling-") {
                parts.factor *= tuning.ruling;
            }
            if Some(e.game) == game {
                parts.factor *= 1.5;
            } else if e.game != RulesGame::XFilesCcg
                && !others_spoken.contains(&e.game)
                && !names_whole(&p.phrases, &padded)
            {
                // Unnamed, the game is the X-Files CCG unless a word says otherwise.
                parts.factor *= tuning.other_game;
            }
            Some((e, parts))
        })
        .collect();
    hits.sort_by(|a, b| b.1.total().total_cmp(&a.1.total()));
    hits.truncate(limit);
    hits
}

/// Per query term, its similarity to each word of the reference.
fn similarities(terms: &[(Vec<String>, f64)], vocab: &Vocab) -> Vec<Vec<f64>> {
    terms
        .iter()
        .map(|(t, _)| {
            vocab
                .words
                .iter()
                .map(|w| t.iter().map(|q| similarity(q, w)).fold(0.0, f64::max))
                .collect()
        })
        .collect()
}

/// The games other than the X-Files CCG whose own words the query uses: a
/// word only one game's rules use says which game the question is about.
fn other_games_spoken(sims: &[Vec<f64>], vocab: &Vocab) -> Vec<RulesGame> {
    let speaks_of = |g: RulesGame| {
        sims.iter().any(|sim| {
            sim.iter()
                .zip(&vocab.games)
                .any(|(s, games)| *s >= 1.0 && *games == game_bit(g))
        })
    };
    [RulesGame::Legendary, RulesGame::FanCcg]
        .into_iter()
        .filter(|g| speaks_of(*g))
        .collect()
}

/// What an entry's aliases found whole in the query add: a one-word alias
/// as much as the word is rare, a longer one by its length. An alias that
/// is one word only once filler is dropped adds nothing beyond that word.
fn alias_bonus(phrases: &[(String, usize)], padded: &str, word: f64) -> f64 {
    phrases
        .iter()
        .filter(|(a, _)| in_query(a, padded))
        .map(|(a, written)| match (a.split(' ').count(), written) {
            (1, 1) => word * weight(a),
            (1, _) => 0.0,
            (n, _) => 2.0 + n as f64,
        })
        .sum()
}

/// Whether an alias is found whole in the padded query.
fn in_query(alias: &str, padded: &str) -> bool {
    !alias.is_empty() && padded.contains(&format!(" {alias} "))
}

/// Whether an alias of two words or more is found whole in the query.
fn names_whole(phrases: &[(String, usize)], padded: &str) -> bool {
    phrases
        .iter()
        .any(|(a, _)| a.contains(' ') && in_query(a, padded))
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

#[cfg(test)]
mod tests {
    use super::{CARD_KIND_WEIGHT, card_kinds_named, query_terms, stem};

    #[test]
    fn inflections_meet_their_word() {
        for (word, root) in [
            ("sites", "site"),
            ("copies", "copy"),
            ("matches", "match"),
            ("goes", "go"),
            ("healing", "heal"),
            ("healed", "heal"),
            ("bluffs", "bluff"),
            ("pass", "pass"),
            ("bonus", "bonus"),
            ("res", "res"),
            ("need", "need"),
        ] {
            assert_eq!(stem(word), root, "{word}");
        }
    }

    #[test]
    fn a_named_card_adds_its_type_at_half_weight() {
        assert_eq!(
            card_kinds_named(" my kevlar vest broke "),
            vec!["equipment"]
        );
        let (_, terms) = query_terms("does my Kevlar Vest go to the hospital");
        assert!(terms.contains(&(vec!["equipment".to_string()], CARD_KIND_WEIGHT)));
        assert!(card_kinds_named(" my vest broke ").is_empty());
    }
}
