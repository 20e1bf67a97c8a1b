//! What may be played now: what the round provides, requirements,
//! circumstances and the special conditions of single cards.

use super::{FanAction, FanGame, Phase};
use crate::cards::fan::{Character, Effect, FanIdx, FanType, Need, Requirement, fan_db};
use crate::engine::{Refusal, Seat};

/// Where an aspect comes from: an environment card or a card of the round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    Environment(usize),
    Round(usize),
}

/// Every aspect available now, lower-cased, with its source.
pub fn provided(game: &FanGame) -> Vec<(String, Source)> {
    let db = fan_db();
    let mut out = Vec::new();
    for (i, (card, _)) in game.environment.iter().enumerate() {
        let c = db.get(*card);
        if let Some(ch) = c.character
            && !available(game, ch)
        {
            continue;
        }
        let caps = c.capital_part();
        for aspect in c
            .provides
            .iter()
            .chain(&c.themes)
            .chain(std::iter::once(&caps))
        {
            out.push((aspect.to_lowercase(), Source::Environment(i)));
        }
    }
    for (i, p) in game.round.cards.iter().enumerate() {
        if p.negated || p.covered {
            continue;
        }
        let c = db.get(p.card);
        for aspect in c.provides.iter().chain(&c.themes) {
            out.push((aspect.to_lowercase(), Source::Round(i)));
        }
        if let (
            Some(true),
            Some(Effect::Conflict {
                success_provides, ..
            }),
        ) = (p.success, &c.effect)
        {
            out.push((success_provides.to_lowercase(), Source::Round(i)));
        }
    }
    out
}

/// "Evidence" is met by "Evidence" and by narrower "Evidence-physical".
fn meets(provided: &str, wanted: &str) -> bool {
    let (p, w) = (provided.as_bytes(), wanted.as_bytes());
    p.len() >= w.len()
        && p[..w.len()].eq_ignore_ascii_case(w)
        && (p.len() == w.len() || p[w.len()] == b'-')
}

/// A character is in play and neither captured nor disabled.
pub fn available(game: &FanGame, ch: Character) -> bool {
    game.environment
        .iter()
        .any(|(c, _)| fan_db().get(*c).character == Some(ch))
        && !game.round.captured.contains(&ch)
        && !game.round.disabled.contains(&ch)
}

/// A player's Investment in a character: the card's, plus confidences beside MULDER.
pub fn investment(game: &FanGame, seat: Seat, ch: Character) -> i32 {
    let db = fan_db();
    let base = game
        .environment
        .iter()
        .find(|(c, _)| db.get(*c).character == Some(ch))
        .and_then(|(c, _)| db.get(*c).investment)
        .unwrap_or(0);
    let bonus: i32 = if ch == Character::Mulder {
        game.players[usize::from(seat)]
            .confidences
            .iter()
            .filter_map(|c| match db.get(*c).effect {
                Some(Effect::SharesConfidence { investment }) => Some(investment),
                _ => None,
            })
            .sum()
    } else {
        0
    };
    base + bonus
}

/// What a legal play needs recorded.
pub struct Checked {
    pub depends_on: Vec<Character>,
    pub choice: Option<Character>,
}

/// Checks one play against every rule; the refusal says which one fails.
pub fn check_play(
    game: &FanGame,
    seat: Seat,
    card: FanIdx,
    covered: bool,
    choice: Option<Character>,
) -> Result<Checked, Refusal> {
    check_play_with(game, seat, card, covered, choice, &provided(game))
}

/// [`check_play`] with what the round provides computed once by the caller.
fn check_play_with(
    game: &FanGame,
    seat: Seat,
    card: FanIdx,
    covered: bool,
    choice: Option<Character>,
    sources: &[(String, Source)],
) -> Result<Checked, Refusal> {
    let db = fan_db();
    let c = db.get(card);
    let player = &game.players[usize::from(seat)];
    if !player.hand.contains(&card) {
        return Err(Refusal::new(format!("{} is not in your hand", c.name)));
    }
    let first = game.round.cards.is_empty();
    match c.kind {
        FanType::Environment => {
            return Err(Refusal::new(
                "environment cards are placed at set-up, not played",
            ));
        }
        FanType::Action => {
            return Err(Refusal::new(
                "an Action card is played right after you play a card to the round",
            ));
        }
        k if first && !k.starts_round() => {
            return Err(Refusal::new(format!(
                "{} is a {}; a round starts with a Case or an Incident",
                c.name,
                k.as_str()
            )));
        }
        k if !first && k.starts_round() => {
            return Err(Refusal::new(format!(
                "{} is a {}; after the first card of a round, play a Following card or a Conclusion",
                c.name,
                k.as_str()
            )));
        }
        _ => {}
    }
    if covered && player.cover == 0 {
        return Err(Refusal::new(
            "you have no cover cards left to play a card face down",
        ));
    }
    if let Some(limit) = c.play_limit {
        let n = game.round.cards.iter().filter(|p| p.card == card).count();
        if n >= usize::from(limit) {
            return Err(Refusal::new(format!(
                "at most {limit} copies of {} may be played in one round",
                c.name
            )));
        }
    }
    let mut depends_on = Vec::new();
    for req in &c.requires {
        check_requirement(game, seat, &c.name, req, sources, &mut depends_on)?;
    }
    for p in &c.prevented_by {
        if sources.iter().any(|(a, _)| meets(a, p)) {
            return Err(Refusal::new(format!(
                "{} is prevented by [{p}], which is in play",
                c.name
            )));
        }
    }
    for (i, need) in c.needs.iter().enumerate() {
        check_need(game, &c.name, i, *need)?;
    }
    let choice = match &c.effect {
        Some(Effect::OnlyAfterCase) => {
            let after_case = game
                .round
                .cards
                .last()
                .is_some_and(|p| FanGame::is_type(p.card, FanType::Case));
            if !after_case {
                return Err(Refusal::new(format!(
                    "{} may only be played right after a Case",
                    c.name
                )));
            }
            None
        }
        Some(Effect::Capture) | Some(Effect::Conflict { .. }) => {
            Some(pick_character(game, &c.name, choice)?)
        }
        _ => None,
    };
    if c.kind == FanType::Conclusion {
        check_leo(game, &c.name)?;
    }
    Ok(Checked { depends_on, choice })
}

fn check_requirement(
    game: &FanGame,
    seat: Seat,
    name: &str,
    req: &Requirement,
    sources: &[(String, Source)],
    depends_on: &mut Vec<Character>,
) -> Result<(), Refusal> {
    let db = fan_db();
    let from: Vec<Source> = match req {
        Requirement::Aspect { aspect } | Requirement::Several { aspect, .. } => {
            let mut s: Vec<Source> = sources
                .iter()
                .filter(|(a, _)| meets(a, aspect))
                .map(|(_, s)| *s)
                .collect();
            s.dedup();
            let need = if let Requirement::Several { count, .. } = req {
                usize::from(*count)
            } else {
                1
            };
            if s.len() < need {
                let times = if need > 1 {
                    format!("{need} sources of ")
                } else {
                    String::new()
                };
                return Err(Refusal::new(format!(
                    "{name} requires {times}[{aspect}], which is not provided now"
                )));
            }
            s
        }
        Requirement::Character {
            character,
            max_investment,
        } => {
            if !available(game, *character) {
                return Err(Refusal::new(format!(
                    "{name} requires {}, who is not available now",
                    character.as_str()
                )));
            }
            if let Some(max) = max_investment {
                let inv = investment(game, seat, *character);
                if inv > *max {
                    return Err(Refusal::new(format!(
                        "{name} requires your {} Investment to be +{max} or less; it is +{inv}",
                        character.as_str()
                    )));
                }
            }
            return {
                depends_on.push(*character);
                Ok(())
            };
        }
        Requirement::Uncovered => {
            if !game.round.cards.iter().any(|p| !p.covered) {
                return Err(Refusal::new(format!(
                    "{name} requires a face-up card in the round"
                )));
            }
            return Ok(());
        }
    };
    let characters: Vec<Option<Character>> = from
        .iter()
        .map(|s| match s {
            Source::Environment(i) => db.get(game.environment[*i].0).character,
            Source::Round(_) => None,
        })
        .collect();
    if let [Some(only)] = characters.as_slice()
        && !depends_on.contains(only)
    {
        depends_on.push(*only);
    }
    Ok(())
}

fn check_need(game: &FanGame, name: &str, i: usize, need: Need) -> Result<(), Refusal> {
    let what = crate::cards::fan::CIRCUMSTANCES[i];
    let now = game.round.circumstances[i];
    let ok = match need {
        Need::Any => true,
        Need::Present => now,
        Need::Absent => !now,
        Need::HeldTwo => {
            let h = &game.round.history;
            h.len() >= 2 && h[h.len() - 2..].iter().all(|c| c[i])
        }
        Need::CountTwo => {
            now && game
                .round
                .cards
                .iter()
                .filter(|p| !p.negated && !p.covered)
                .filter(|p| {
                    fan_db()
                        .get(p.card)
                        .sets
                        .is_some_and(|s| s[i] == crate::cards::fan::Sets::On)
                })
                .count()
                >= 2
        }
    };
    if ok {
        return Ok(());
    }
    Err(Refusal::new(match need {
        Need::Present => format!("{name} needs {what} present, and it is not"),
        Need::Absent => format!("{name} needs {what} absent, and it is present"),
        Need::HeldTwo => format!("{name} needs {what} present after each of the last two cards"),
        _ => format!("{name} needs {what} established by two cards of this round"),
    }))
}

fn pick_character(
    game: &FanGame,
    name: &str,
    choice: Option<Character>,
) -> Result<Character, Refusal> {
    let open: Vec<Character> = Character::ALL
        .into_iter()
        .filter(|c| available(game, *c))
        .collect();
    match (choice, open.as_slice()) {
        (Some(c), _) if open.contains(&c) => Ok(c),
        (Some(c), _) => Err(Refusal::new(format!(
            "{} is not available for {name}",
            c.as_str()
        ))),
        (None, [only]) => Ok(*only),
        (None, []) => Err(Refusal::new(format!(
            "{name} needs a character in play, and none is available"
        ))),
        (None, _) => Err(Refusal::new(format!(
            "{name} needs a character: choose character:mulder or character:scully"
        ))),
    }
}

/// Complicit Local LEO: a Conclusion waits for three progress cards after it.
fn check_leo(game: &FanGame, name: &str) -> Result<(), Refusal> {
    let db = fan_db();
    for (i, p) in game.round.cards.iter().enumerate() {
        if p.negated || p.covered {
            continue;
        }
        if let Some(Effect::ProgressBeforeConclusion { count }) = db.get(p.card).effect {
            let after = game.round.cards[i + 1..]
                .iter()
                .filter(|q| !q.negated && !q.covered)
                .filter(|q| {
                    db.get(q.card)
                        .sets
                        .is_some_and(|s| s[0] == crate::cards::fan::Sets::On)
                })
                .count();
            if after < usize::from(count) {
                return Err(Refusal::new(format!(
                    "{name} cannot end the round yet: {} needs {count} progress cards after it ({after} so far)",
                    db.get(p.card).name
                )));
            }
        }
    }
    Ok(())
}

/// Every play a seat could make now, with each needed character choice.
pub fn legal_plays(game: &FanGame, seat: Seat) -> Vec<FanAction> {
    let mut hand = game.players[usize::from(seat)].hand.clone();
    hand.sort();
    hand.dedup();
    let sources = provided(game);
    let cover = game.players[usize::from(seat)].cover > 0;
    let mut out = Vec::new();
    for card in hand {
        let choices: &[Option<Character>] = match fan_db().get(card).effect {
            Some(Effect::Capture) | Some(Effect::Conflict { .. }) => {
                &[Some(Character::Scully), Some(Character::Mulder)]
            }
            _ => &[None],
        };
        for &choice in choices {
            // Face down or face up, a play meets the same rules.
            if check_play_with(game, seat, card, false, choice, &sources).is_ok() {
                out.push(FanAction::Play {
                    card,
                    covered: false,
                    choice,
                });
                if cover {
                    out.push(FanAction::Play {
                        card,
                        covered: true,
                        choice,
                    });
                }
            }
        }
    }
    out
}

pub fn legal_actions(game: &FanGame, seat: Seat) -> Vec<FanAction> {
    let mut out = Vec::new();
    match &game.phase {
        Phase::Over => return out,
        Phase::ChooseFirst { chooser } if *chooser == seat => {
            out.push(FanAction::ChooseFirst { first: 0 });
            out.push(FanAction::ChooseFirst { first: 1 });
        }
        Phase::Turn if game.turn == seat => {
            out = legal_plays(game, seat);
            let can_play = !out.is_empty();
            for p in &game.round.cards {
                if p.by == seat && p.covered && !p.negated {
                    out.push(FanAction::Reveal { card: p.card });
                }
            }
            if !can_play {
                out.push(FanAction::Pass);
            }
        }
        Phase::ActionWindow if game.turn == seat => {
            out.push(FanAction::SkipAction);
            let hand = &game.players[usize::from(seat)].hand;
            for (i, card) in hand.iter().enumerate() {
                if FanGame::is_type(*card, FanType::Action) {
                    let others: Vec<FanIdx> = hand
                        .iter()
                        .enumerate()
                        .filter(|(j, _)| *j != i)
                        .map(|(_, c)| *c)
                        .take(2)
                        .collect();
                    out.push(FanAction::Action {
                        card: *card,
                        discards: others,
                    });
                }
            }
        }
        Phase::Stalemate { pending } if pending.contains(&seat) => {
            let hand = &game.players[usize::from(seat)].hand;
            for start in 0..hand.len().saturating_sub(1).clamp(1, 3) {
                let cards: Vec<FanIdx> = hand.iter().skip(start).take(2).copied().collect();
                out.push(FanAction::Discard { cards });
            }
        }
        Phase::Exchange { ready } if !ready[usize::from(seat)] => {
            out.push(FanAction::Ready);
            let p = &game.players[usize::from(seat)];
            let mut outs: Vec<FanIdx> = p
                .deck
                .iter()
                .chain(&p.hand)
                .chain(&p.discard)
                .copied()
                .collect();
            outs.sort();
            outs.dedup();
            let mut takes = p.sideboard.clone();
            takes.sort();
            takes.dedup();
            for out_card in &outs {
                for take in &takes {
                    if out_card != take
                        && super::flow::swap_allowed(game, seat, *out_card, *take).is_ok()
                    {
                        out.push(FanAction::Swap {
                            out: *out_card,
                            take: *take,
                        });
                    }
                }
            }
        }
        _ => {}
    }
    if !out.is_empty() {
        out.push(FanAction::Resign);
    }
    out
}

/// A short description of an action, for "what you may do now" hints.
pub fn describe(action: &FanAction) -> String {
    let name = |c: &FanIdx| fan_db().get(*c).name.clone();
    match action {
        FanAction::ChooseFirst { first } => format!("choose seat {} to play first", first + 1),
        FanAction::Play {
            card,
            covered,
            choice,
        } => format!(
            "play {}{}{}",
            name(card),
            if *covered { " face down" } else { "" },
            choice
                .map(|c| format!(" choosing {}", c.as_str()))
                .unwrap_or_default()
        ),
        FanAction::Reveal { card } => format!("turn up your covered {}", name(card)),
        FanAction::Pass => "pass".into(),
        FanAction::Action { card, .. } => format!("play the Action {}", name(card)),
        FanAction::SkipAction => "skip the Action step".into(),
        FanAction::Discard { .. } => "discard two cards".into(),
        FanAction::Swap { out, take } => format!("swap {} for {}", name(out), name(take)),
        FanAction::Ready => "declare yourself ready for the next period".into(),
        FanAction::Resign => "resign".into(),
    }
}
