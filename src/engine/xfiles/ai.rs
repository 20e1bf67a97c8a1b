//! The X-Files CCG's AI player: a choice among the seat's legal actions
//! made from its own view. It plays for information: Sites and
//! investigations its Team reaches whose questions tell the most, the
//! question that splits the X-Files its notebook still allows most evenly,
//! and a guess once one is left; in a Site's skill check, the card that
//! raises its own check or lowers an opponent's. It keeps its cards
//! turning over (three bought each Briefing, Sites out of reach sold) and
//! sends two Teams when its Agents reach two Sites. It bluffs with cards it
//! can spare, one at a time ([`bluff`]). `easy` asks and plays at random;
//! `hard` searches (`search.rs`).

use super::view::{Awaiting, PlayerView, XfView};
use super::{XfAction, XfGame, xfiles_fitting};
use crate::cards::{CardIdx, CardType, Pool, Prerequisite, Section, Skill, Threshold, Trait, db};
use crate::engine::ai::{Ai, Decision, Level};
use crate::engine::{GameRng, Seat};

impl Ai for XfGame {
    /// The view with the seat's [`Table`](super::Table) for hard's search.
    fn ai_view(&self, seat: Seat) -> XfView {
        XfView {
            table: self.table_for(seat),
            ..super::view::view(self, crate::engine::Viewer::Seat(seat))
        }
    }

    fn decide(
        view: &XfView,
        legal: &[XfAction],
        level: Level,
        rng: &mut GameRng,
    ) -> Decision<XfAction> {
        decide(view, legal, level, rng)
    }
}

pub(super) fn decide(
    v: &XfView,
    legal: &[XfAction],
    level: Level,
    rng: &mut GameRng,
) -> Decision<XfAction> {
    if level == Level::Hard {
        let normal = decide(v, legal, Level::Normal, rng);
        return super::search::search(v, &playable(legal), normal, rng);
    }
    let moves = playable(legal);
    let Some(first) = moves.first() else {
        return Decision::new(legal[0].clone(), "nothing else was possible");
    };
    if moves.len() == 1 {
        return Decision::new((*first).clone(), "the only move");
    }
    let roll = rng.next_u64();
    let rules: [&dyn Fn() -> Option<Decision<XfAction>>; 14] = [
        &|| guess(v, &moves, roll),
        &|| ask(v, &moves, level),
        &|| secret_choices(&moves),
        &|| investigate(v, &moves, level),
        &|| site(v, &moves, level),
        &|| bluff(v, &moves),
        &|| equip(&moves),
        &|| deploy(&moves),
        &|| bring_agent(v, &moves),
        &|| briefing(v, &moves),
        &|| trade(v, &moves),
        &|| adversary(v, &moves),
        &|| play_into_check(v, &moves, level, roll),
        &|| discard(&moves),
    ];
    if let Some(d) = rules.iter().find_map(|rule| rule()) {
        return d;
    }
    let done = moves
        .iter()
        .find(|a| matches!(a, XfAction::Done | XfAction::Pass));
    match done {
        Some(a) => Decision::new((*a).clone(), "nothing worth doing now"),
        None => {
            let a = moves[rng.below(moves.len())].clone();
            Decision::new(a, "one of the moves the rules leave")
        }
    }
}

/// The moves an AI considers: never resigning, a step by hand or a dispute.
fn playable(legal: &[XfAction]) -> Vec<&XfAction> {
    legal
        .iter()
        .filter(|a| {
            !matches!(
                a,
                XfAction::Resign | XfAction::Manual(_) | XfAction::Dispute
            )
        })
        .collect()
}

/// The seat whose X-File a question or guess is about now.
fn about(v: &XfView) -> Option<Seat> {
    match v.awaiting {
        Awaiting::AskOrGuess => {
            let inv = v.investigation.as_ref()?;
            Some(v.sites.get(inv.site)?.directed)
        }
        Awaiting::Penalty => Some(v.active),
        _ => None,
    }
}

/// The X-Files of `of` the viewer's notebook still allows.
fn candidates(v: &XfView, of: Seat) -> Vec<CardIdx> {
    let me = usize::from(v.viewer.seat().unwrap_or_default());
    let notes = v.players[me].notebook.clone().unwrap_or_default();
    xfiles_fitting(&notes, of)
}

fn guess(v: &XfView, moves: &[&XfAction], roll: u64) -> Option<Decision<XfAction>> {
    let of = about(v)?;
    let left = candidates(v, of);
    // A wrong penalty guess costs nothing (p. 37) and still rules one out:
    // better than a question when two are left.
    let bold = if v.awaiting == Awaiting::Penalty {
        2
    } else {
        1
    };
    // No question offered tells the X-Files left apart: asking cannot help.
    let stuck = !moves.iter().any(|a| splits(a, &left));
    if left.is_empty() || (left.len() > bold && !stuck) {
        return None;
    }
    let pick = left[(roll % left.len() as u64) as usize];
    let title = &db().get(pick).title;
    moves.iter().find_map(|a| match a {
        XfAction::Guess { xfile } if db().get(*xfile).title == *title => Some(Decision::new(
            (*a).clone(),
            format!(
                "guessed {title}: {}",
                if left.len() == 1 {
                    "the only X-File its notebook still allows".to_string()
                } else {
                    format!("one of the {} its notebook still allows", left.len())
                }
            ),
        )),
        _ => None,
    })
}

/// How a question would split `left`: (yes, no); `None` for other moves.
fn split(a: &XfAction, left: &[CardIdx]) -> Option<(usize, usize)> {
    let XfAction::Ask { category, value } = a else {
        return None;
    };
    let yes = left
        .iter()
        .filter(|x| {
            db().get(**x)
                .characteristics
                .is_some_and(|c| c.answers_yes(*category, *value))
        })
        .count();
    Some((yes, left.len() - yes))
}

/// Whether a question's answer would rule out some of `left` either way.
fn splits(a: &XfAction, left: &[CardIdx]) -> bool {
    split(a, left).is_some_and(|(yes, no)| yes > 0 && no > 0)
}

/// The question that splits the remaining X-Files most evenly (`easy`: the
/// first offered).
fn ask(v: &XfView, moves: &[&XfAction], level: Level) -> Option<Decision<XfAction>> {
    let of = about(v)?;
    let left = candidates(v, of);
    let asks = moves
        .iter()
        .filter_map(|a| split(a, &left).map(|s| (*a, s)));
    let (a, (yes, no)) = match level {
        // The first question that tells some apart.
        Level::Easy => asks.min_by_key(|(_, (y, n))| *y == 0 || *n == 0)?,
        _ => asks.max_by_key(|(_, (y, n))| (*y.min(n), usize::MAX - y.max(n)))?,
    };
    let XfAction::Ask { category, value } = a else {
        return None;
    };
    Some(Decision::new(
        a.clone(),
        format!(
            "asked {} {}: it splits the {} X-Files left {yes}/{no}",
            category.as_str().to_uppercase(),
            value.as_str(),
            left.len()
        ),
    ))
}

/// Choices only the seat sees: the X-File, a card's choice, a Bluff to pay.
fn secret_choices(moves: &[&XfAction]) -> Option<Decision<XfAction>> {
    moves.iter().find_map(|a| match a {
        XfAction::ChooseXFile { .. } => Some(Decision::new((*a).clone(), "chose an X-File")),
        XfAction::Choose { .. } => Some(Decision::new((*a).clone(), "answered the choice")),
        XfAction::PayBluff { pay: true, .. } => {
            Some(Decision::new((*a).clone(), "paid for its Bluff"))
        }
        XfAction::AssignDamage { .. } => Some(Decision::new(
            (*a).clone(),
            "gave the damage to its first fighter",
        )),
        _ => None,
    })
}

/// How far a Team's skills clear a Site's prerequisite: the smallest
/// margin over its thresholds (for "any of", the best one; with a skill
/// announced, that one). Without a skill check, 0.
fn margin(site: CardIdx, team: &[CardIdx], announced: Option<Skill>) -> i32 {
    let Some(pre) = &db().get(site).prerequisite else {
        return 0;
    };
    let over = |t: &Threshold| -> i32 {
        team.iter()
            .map(|a| db().get(*a).skill(t.skill))
            .sum::<i32>()
            - i32::from(t.min)
    };
    let ths = pre.thresholds();
    match pre {
        Prerequisite::AllOf(_) => ths.iter().map(over).min().unwrap_or(0),
        _ => ths
            .iter()
            .filter(|t| announced.is_none_or(|s| s == t.skill))
            .map(over)
            .max()
            .unwrap_or(0),
    }
}

/// What a Site is worth to a Team: reaching it first, then what its
/// questions can rule out of the directed seat's X-Files left (the worst
/// case of its best question), then the margin.
fn worth(v: &XfView, site: CardIdx, directed: Seat, margin: i32) -> i32 {
    let left = candidates(v, directed);
    let learn = db().get(site).question.as_ref().map_or(0, |q| {
        q.categories
            .iter()
            .flat_map(|c| Trait::of(*c).iter().map(move |t| (*c, *t)))
            .map(|(c, t)| {
                let yes = left
                    .iter()
                    .filter(|x| {
                        db().get(**x)
                            .characteristics
                            .is_some_and(|ch| ch.answers_yes(c, t))
                    })
                    .count();
                yes.min(left.len() - yes) as i32
            })
            .max()
            .unwrap_or(0)
    });
    i32::from(margin >= 0) * 10_000 + learn * 10 + margin.clamp(-9, 9)
}

/// The investigation worth the most (see [`worth`]; `easy`: the largest
/// Team).
fn investigate(v: &XfView, moves: &[&XfAction], level: Level) -> Option<Decision<XfAction>> {
    if level != Level::Easy
        && let Some(d) = split_teams(v, moves)
    {
        return Some(d);
    }
    let (a, margin) = moves
        .iter()
        .filter_map(|a| match a {
            XfAction::Investigate { site, team, skill } => {
                let s = v.sites.get(*site)?;
                let margin = margin(s.card, team, *skill);
                let score = match level {
                    Level::Easy => team.len() as i32,
                    _ => worth(v, s.card, s.directed, margin),
                };
                Some(((*a, margin), score))
            }
            _ => None,
        })
        .max_by_key(|(_, s)| *s)
        .map(|(x, _)| x)?;
    let XfAction::Investigate { site, team, .. } = a else {
        return None;
    };
    let why = match level {
        Level::Easy => format!("investigated with its largest Team ({} Agents)", team.len()),
        _ => format!(
            "investigated {}: its Team clears it by {margin:+} and its questions tell the most",
            db().get(v.sites[*site].card).title
        ),
    };
    Some(Decision::new(a.clone(), why))
}

/// Two Teams for two Sites this turn (p. 23): the fewest Agents that
/// reach one Site, when the Agents left over reach another of the seat's
/// Sites; of those, the pair worth the most (see [`worth`]). With the
/// cards [`trade`] turns over there are Sites for both: normal vs random
/// 95.8% over 40,000 held-out games with both, 94.7% with neither.
fn split_teams(v: &XfView, moves: &[&XfAction]) -> Option<Decision<XfAction>> {
    let me = v.viewer.seat()?;
    let teams = || {
        moves.iter().filter_map(|a| match a {
            XfAction::Investigate { site, team, skill } => Some((*a, *site, team, *skill)),
            _ => None,
        })
    };
    let all = teams().map(|(_, _, t, _)| t).max_by_key(|t| t.len())?;
    let best_other = |site: usize, rest: &[CardIdx]| {
        v.sites
            .iter()
            .enumerate()
            .filter(|(j, o)| *j != site && o.owner == me)
            .filter_map(|(_, o)| {
                let m = margin(o.card, rest, None);
                (m >= 0).then(|| (worth(v, o.card, o.directed, m), o.card))
            })
            .max()
    };
    let (_, a, here, there) = teams()
        .filter(|(_, _, team, _)| team.len() < all.len())
        .filter_map(|(a, site, team, skill)| {
            let s = v.sites.get(site)?;
            let m = margin(s.card, team, skill);
            if m < 0 {
                return None;
            }
            let rest: Vec<CardIdx> = all.iter().filter(|c| !team.contains(c)).copied().collect();
            let (other, there) = best_other(site, &rest)?;
            Some((worth(v, s.card, s.directed, m) + other, a, s.card, there))
        })
        .max_by_key(|(score, ..)| *score)?;
    let why = format!(
        "split its Agents into two Teams: some for {}, the rest for {}",
        db().get(here).title,
        db().get(there).title
    );
    Some(Decision::new(a.clone(), why))
}

/// The Field Agents of the viewer.
fn field(v: &XfView) -> Vec<CardIdx> {
    let me = usize::from(v.viewer.seat().unwrap_or_default());
    v.players[me]
        .agents
        .iter()
        .filter(|a| a.section == Section::Field && !a.away)
        .map(|a| a.card)
        .collect()
}

/// A Site its Field Agents can investigate, worth the most (`easy`: the
/// first offered).
fn site(v: &XfView, moves: &[&XfAction], level: Level) -> Option<Decision<XfAction>> {
    let field = field(v);
    let (a, card) = moves
        .iter()
        .filter_map(|a| match a {
            XfAction::PlaySite {
                card,
                free,
                directed,
            } => Some((*a, *card, *free, directed.unwrap_or(v.active))),
            _ => None,
        })
        .max_by_key(|(_, card, free, directed)| match level {
            Level::Easy => 0,
            _ => worth(v, *card, *directed, margin(*card, &field, None)) * 2 + i32::from(*free),
        })
        .map(|(a, card, _, _)| (a, card))?;
    Some(Decision::new(
        a.clone(),
        format!(
            "played {} for its Team to investigate",
            db().get(card).title
        ),
    ))
}

/// An Agent from the hand for this turn, when it lets the Field Team reach
/// a Site it cannot reach yet.
fn bring_agent(v: &XfView, moves: &[&XfAction]) -> Option<Decision<XfAction>> {
    let me = v.viewer.seat()?;
    let field = field(v);
    let sites: Vec<CardIdx> = v
        .sites
        .iter()
        .filter(|s| s.owner == me)
        .map(|s| s.card)
        .collect();
    let best = |team: &[CardIdx]| sites.iter().map(|s| margin(*s, team, None)).max();
    if best(&field)? >= 0 {
        return None;
    }
    moves.iter().find_map(|a| match a {
        XfAction::BuyAgent { card, .. } => {
            let mut team = field.clone();
            team.push(*card);
            (best(&team)? >= 0).then(|| {
                Decision::new(
                    (*a).clone(),
                    format!(
                        "brought {} from its hand: with it the Team reaches a Site",
                        db().get(*card).title
                    ),
                )
            })
        }
        _ => None,
    })
}

/// How many of its cards the AI keeps face down as Bluffs at once.
const BLUFFS_OUT: usize = 1;

/// The cards the AI keeps in hand after placing a fake Bluff.
const MIN_HAND: usize = 4;

/// How xfiles-bot's normal AI bluffs (the rules leave it open; any card
/// may go face down, but one without the Keyword BLUFF is discarded when
/// revealed, p. 25): under a Site directed at its own X-File, only while
/// fewer than [`BLUFFS_OUT`] of its cards are face down as Bluffs, so at
/// most one a turn. First a real Bluff its CP pays for (1 CP less under a
/// Site, p. 25); else a fake from the cards it can spare, and only with
/// more than [`MIN_HAND`] cards in hand: a card its pools cannot pay for
/// now, then a second copy of a title it holds. Never a Site (kept for its
/// own investigations: normal vs random 94.0% -> 95.1% over 10,000 games),
/// an Adversary, or an Event or Combat card its pools pay for.
fn bluff(v: &XfView, moves: &[&XfAction]) -> Option<Decision<XfAction>> {
    let me = v.viewer.seat()?;
    let p = &v.players[usize::from(me)];
    let out = v
        .sites
        .iter()
        .flat_map(|s| &s.bluffs)
        .filter(|owner| **owner == me)
        .count();
    if out >= BLUFFS_OUT {
        return None;
    }
    let hand = p.hand.as_deref().unwrap_or_default();
    moves
        .iter()
        .filter_map(|a| match a {
            XfAction::PlaceBluff { site, card }
                if v.sites.get(*site).is_some_and(|s| s.directed == me) =>
            {
                bluff_rank(v.basic, p, hand, *card).map(|rank| (*a, rank))
            }
            _ => None,
        })
        .max_by_key(|(_, rank)| *rank)
        // The reason names no card: a Bluff is face down.
        .map(|(a, _)| Decision::new(a.clone(), "placed a Bluff to protect its X-File"))
}

/// How good a Bluff `card` is for the seat `p` (see [`bluff`]): 3 a real
/// Bluff it can pay for, 2 a card it cannot afford now, 1 a second copy;
/// `None` for a card it keeps.
fn bluff_rank(basic: bool, p: &PlayerView, hand: &[CardIdx], card: CardIdx) -> Option<u8> {
    let c = db().get(card);
    let due = |less: u32| {
        c.cost
            .map_or(0, |k| k.amount.with_x(1).saturating_sub(less))
    };
    if super::setup::is_bluff(card) && (basic || due(1) <= p.cp) {
        return Some(3);
    }
    let pool = match c.cost.map(|k| k.pool) {
        Some(Pool::Rp) => p.rp,
        Some(Pool::Cp) => p.cp,
        _ => p.rp.max(p.cp),
    };
    let affordable = basic || due(0) <= pool;
    let kept = match c.kind {
        CardType::Site | CardType::Adversary => true,
        CardType::Event | CardType::Combat => affordable,
        _ => false,
    };
    if kept || p.hand_size <= MIN_HAND {
        return None;
    }
    let copies = hand
        .iter()
        .filter(|h| db().get(**h).title == c.title)
        .count();
    match (affordable, copies) {
        (false, _) => Some(2),
        (true, 2..) => Some(1),
        _ => None,
    }
}

fn equip(moves: &[&XfAction]) -> Option<Decision<XfAction>> {
    moves.iter().find_map(|a| match a {
        XfAction::Equip { card, .. } => Some(Decision::new(
            (*a).clone(),
            format!("equipped an Agent with {}", db().get(*card).title),
        )),
        _ => None,
    })
}

/// Agents go to the Field, in one Team.
fn deploy(moves: &[&XfAction]) -> Option<Decision<XfAction>> {
    moves.iter().find_map(|a| match a {
        XfAction::Deploy {
            section: Section::Field,
            team: 0,
            ..
        } => Some(Decision::new((*a).clone(), "sent an Agent to the Field")),
        _ => None,
    })
}

/// The free draw, then three cards bought (RP allowing) unless the hand is
/// already over its limit of seven; on an opponent's turn, see [`trade`].
fn briefing(v: &XfView, moves: &[&XfAction]) -> Option<Decision<XfAction>> {
    if let Some(a) = moves
        .iter()
        .find(|a| matches!(a, XfAction::Brief { draw: true, .. }))
    {
        return Some(Decision::new((*a).clone(), "took the free draw"));
    }
    let hand = v.players[usize::from(v.viewer.seat()?)].hand_size;
    // Cards turn over into Sites its Team reaches: buying three whatever
    // the hand (it was three below six cards) is part of the card flow
    // measured in `trade`; four or more leaves too few RP for Sites.
    let want = if hand <= 7 { 3 } else { 0 };
    let (a, n) = moves
        .iter()
        .filter_map(|a| match a {
            XfAction::Buy { count } if *count <= want => Some((*a, *count)),
            _ => None,
        })
        .max_by_key(|(_, n)| *n)?;
    let why = match n {
        0 if hand > 7 => format!("bought nothing: {hand} cards in hand are over the limit"),
        0 => "bought nothing: no RP to spare".to_string(),
        1 => format!("bought a card with its last RP ({hand} in hand)"),
        n => format!("bought {n} cards ({hand} in hand)"),
    };
    Some(Decision::new(a.clone(), why))
}

/// CP kept for Bluffs and Adversaries when buying cards on an opponent's
/// turn.
const CP_KEPT: u32 = 3;

/// On an opponent's turn (p. 12): a Site none of its Agents can reach is
/// sold for CP and a card bought in its place; failing that, while the
/// hand is short (under six), up to two cards bought with the CP above
/// [`CP_KEPT`]. Its losses to the random mover came from turns without a
/// Site its Team reaches; cards turned over find them: with buying three
/// each Briefing, normal vs random went from 94.6% to 95.3% over 30,000
/// held-out games. (Keeping unreachable Sites in hand instead of playing
/// them did far worse, 87.6%: the hand stopped turning over.)
fn trade(v: &XfView, moves: &[&XfAction]) -> Option<Decision<XfAction>> {
    let me = &v.players[usize::from(v.viewer.seat()?)];
    let agents: Vec<CardIdx> = me.agents.iter().map(|a| a.card).collect();
    let dead_site = moves.iter().find_map(|a| match a {
        XfAction::Trade { sell, buy: 1 }
            if sell.len() == 1
                && db().get(sell[0]).kind == CardType::Site
                && margin(sell[0], &agents, None) < 0 =>
        {
            Some((*a, sell[0]))
        }
        _ => None,
    });
    if let Some((a, site)) = dead_site {
        let why = format!(
            "sold {}, a Site its Agents cannot reach, and bought a card",
            db().get(site).title
        );
        return Some(Decision::new(a.clone(), why));
    }
    let spare = if me.hand_size < 6 {
        me.cp.saturating_sub(CP_KEPT).min(2)
    } else {
        0
    };
    let (a, n) = moves
        .iter()
        .filter_map(|a| match a {
            XfAction::Trade { sell, buy } if sell.is_empty() && *buy <= spare => Some((*a, *buy)),
            _ => None,
        })
        .max_by_key(|(_, n)| *n)?;
    let why = match n {
        0 => "kept its cards and CP".to_string(),
        n => format!(
            "bought {n} with CP: {} cards in hand, {} CP",
            me.hand_size, me.cp
        ),
    };
    Some(Decision::new(a.clone(), why))
}

/// In an investigation's skill check: a card that raises the check when
/// it is the seat's own (the largest `modify-check`), one that lowers it
/// when it is an opponent's; failing those, any card in its own check
/// (most cards in hand help an investigation, measured by the AI bench)
/// and, half the time, in an opponent's. `easy` plays one now and then.
fn play_into_check(
    v: &XfView,
    moves: &[&XfAction],
    level: Level,
    roll: u64,
) -> Option<Decision<XfAction>> {
    v.investigation.as_ref()?;
    let mine = v.viewer.seat() == Some(v.active);
    let plays: Vec<(&XfAction, CardIdx, Option<i32>)> = moves
        .iter()
        .filter_map(|a| match a {
            XfAction::Play { card, mode, .. } => Some((*a, *card, check_modifier(*card, *mode))),
            _ => None,
        })
        .collect();
    let sign = if mine { 1 } else { -1 };
    let best = plays
        .iter()
        .filter_map(|(a, c, m)| m.filter(|m| m * sign > 0).map(|m| (*a, *c, m)))
        .max_by_key(|(_, _, m)| m * sign);
    if let (Some((a, card, m)), false) = (best, level == Level::Easy) {
        let whose = if mine { "its own" } else { "the opponent's" };
        return Some(Decision::new(
            a.clone(),
            format!(
                "played {} for {m:+} to {whose} skill check",
                db().get(card).title
            ),
        ));
    }
    let chance = match level {
        Level::Easy if mine => 20,
        Level::Easy => 0,
        _ if mine => 100,
        _ => 50,
    };
    if roll % 100 >= chance {
        return None;
    }
    let (a, card, _) = plays.get((roll / 100) as usize % plays.len().max(1))?;
    let why = if mine {
        format!("played {} in its investigation", db().get(*card).title)
    } else {
        format!(
            "played {} in the opponent's investigation",
            db().get(*card).title
        )
    };
    Some(Decision::new((*a).clone(), why))
}

/// What a card played in `mode` adds to the skill check it is played into
/// (its script's `modify-check` of a number), if anything.
fn check_modifier(card: CardIdx, mode: u8) -> Option<i32> {
    let scripts = super::effects::db::scripts();
    scripts
        .of(card)?
        .plays
        .get(usize::from(mode))?
        .check_modifier()
}

/// An Adversary against an opponent's investigating Team.
fn adversary(v: &XfView, moves: &[&XfAction]) -> Option<Decision<XfAction>> {
    let theirs = v.viewer.seat() != Some(v.active) && v.investigation.is_some();
    if !theirs {
        return None;
    }
    moves.iter().find_map(|a| match a {
        XfAction::Play { card, .. }
            if db().get(*card).kind == crate::cards::CardType::Adversary =>
        {
            Some(Decision::new(
                (*a).clone(),
                format!(
                    "sent {} against the investigating Team",
                    db().get(*card).title
                ),
            ))
        }
        _ => None,
    })
}

fn discard(moves: &[&XfAction]) -> Option<Decision<XfAction>> {
    if moves.iter().any(|a| matches!(a, XfAction::Done)) {
        return None;
    }
    moves.iter().find_map(|a| match a {
        XfAction::Discard { .. } => Some(Decision::new((*a).clone(), "discarded to its limit")),
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use super::super::world::tests::normal_game_until;
    use super::*;
    use crate::engine::{Game, Viewer};

    /// The Smoke & Mirrors that applies "+3 or -3 (your choice)".
    fn smoke_and_mirrors() -> CardIdx {
        db().iter()
            .find(|(i, c)| {
                c.title == "Smoke & Mirrors"
                    && super::super::effects::db::printed_text(*i)
                        .is_some_and(|t| t.contains("+3 or -3"))
            })
            .map(|(i, _)| i)
            .expect("in the database")
    }

    fn play(card: CardIdx, mode: u8) -> XfAction {
        XfAction::Play {
            card,
            mode,
            target: None,
            x: 0,
            pool: None,
        }
    }

    #[test]
    fn a_card_s_check_modifier_is_read_from_its_script_per_mode() {
        let card = smoke_and_mirrors();
        assert_eq!(check_modifier(card, 0), Some(3));
        assert_eq!(check_modifier(card, 1), Some(-3));
        assert_eq!(check_modifier(card, 2), None);
    }

    /// The Directed Player's penalty after a wrong guess, with two of the
    /// guesser's X-Files left in its notebook: it guesses rather than asks,
    /// since a wrong penalty guess carries no further penalty (p. 37).
    #[test]
    fn a_penalty_with_two_x_files_left_is_a_guess_not_a_question() {
        let g = normal_game_until(5, |g, _| g.table_for(g.active).is_some());
        let me = 1 - g.active;
        let mut v = g.view(Viewer::Seat(me));
        v.awaiting = Awaiting::Penalty;
        let all = xfiles_fitting(&[], v.active);
        let notes = all[2..].iter().map(|x| super::super::Note::WrongGuess {
            about: v.active,
            xfile: *x,
        });
        v.players[usize::from(me)].notebook = Some(notes.collect());
        assert_eq!(candidates(&v, v.active), all[..2]);
        let question = crate::cards::Category::ALL
            .iter()
            .flat_map(|c| Trait::of(*c).iter().map(move |t| (*c, *t)))
            .map(|(category, value)| XfAction::Ask { category, value })
            .find(|a| splits(a, &all[..2]))
            .expect("two X-Files differ somewhere");
        let guesses = all[..2].iter().map(|x| XfAction::Guess { xfile: *x });
        let offered: Vec<XfAction> = [XfAction::Done, question]
            .into_iter()
            .chain(guesses)
            .collect();
        let d = decide(&v, &offered, Level::Normal, &mut GameRng::seeded(1));
        assert!(
            matches!(d.action, XfAction::Guess { .. }),
            "{:?}: {}",
            d.action,
            d.why
        );
    }

    /// Offered Smoke & Mirrors's +3 and -3 in a Site's skill check, the
    /// investigating seat raises its check and its opponent lowers it.
    #[test]
    fn in_a_skill_check_the_ai_raises_its_own_and_lowers_the_opponent_s() {
        let g = normal_game_until(3, |g, _| {
            g.investigation.is_some() && g.table_for(g.active).is_some()
        });
        let card = smoke_and_mirrors();
        for (seat, mode) in [(g.active, 0), (1 - g.active, 1)] {
            // The one wanted offered second: a card picked without reading
            // the modifiers (roll 0) would be the first.
            let offered = [play(card, 1 - mode), play(card, mode), XfAction::Pass];
            let moves: Vec<&XfAction> = offered.iter().collect();
            let v = g.view(Viewer::Seat(seat));
            let d = play_into_check(&v, &moves, Level::Normal, 0).expect("a play");
            assert_eq!(d.action, play(card, mode), "seat {seat}: {}", d.why);
        }
    }

    /// On an opponent's turn (p. 12) normal sells a Site none of its Agents
    /// can reach and buys a card in its place; with no such Site and a
    /// short hand, it buys with the CP above what it keeps for Bluffs.
    #[test]
    fn on_an_opponent_s_turn_a_site_out_of_reach_is_sold_and_cp_buys_cards() {
        let g = normal_game_until(3, |g, _| g.table_for(g.active).is_some());
        let me = 1 - g.active;
        let mut v = g.view(Viewer::Seat(me));
        let agents: Vec<CardIdx> = v.players[usize::from(me)]
            .agents
            .iter()
            .map(|a| a.card)
            .collect();
        let site_where = |ok: &dyn Fn(i32) -> bool| {
            db().iter()
                .find(|(i, c)| c.kind == CardType::Site && ok(margin(*i, &agents, None)))
                .map(|(i, _)| i)
                .expect("in the database")
        };
        let (reached, out_of_reach) = (site_where(&|m| m >= 0), site_where(&|m| m < 0));
        let sale = |card: CardIdx| XfAction::Trade {
            sell: vec![card],
            buy: 1,
        };
        let buy = |n: u32| XfAction::Trade {
            sell: vec![],
            buy: n,
        };
        let offered = [buy(0), buy(1), buy(2), sale(reached), sale(out_of_reach)];
        let moves: Vec<&XfAction> = offered.iter().collect();
        let d = trade(&v, &moves).expect("a trade");
        assert_eq!(d.action, sale(out_of_reach), "{}", d.why);
        let p = &mut v.players[usize::from(me)];
        (p.hand_size, p.cp) = (4, CP_KEPT + 1);
        let d = trade(&v, &moves[..4]).expect("a trade");
        assert_eq!(d.action, buy(1), "{}", d.why);
        v.players[usize::from(me)].hand_size = 6;
        assert_eq!(trade(&v, &moves[..4]).expect("a trade").action, buy(0));
    }

    /// Any card may go face down as a Bluff, but one without the Keyword
    /// BLUFF is discarded when revealed (p. 25): normal bluffs with a real
    /// Bluff it can pay for, else a card it can spare (one it cannot pay
    /// for, then a second copy), never a Site, an Adversary or an Event it
    /// can pay for; one of its cards face down at a time, and a fake only
    /// with more than `MIN_HAND` cards in hand.
    #[test]
    fn a_bluff_is_a_card_the_seat_can_spare_one_at_a_time_p25() {
        use super::super::setup::is_bluff;
        let due = |g: &XfGame| g.to_act_now().first().copied().unwrap_or_default();
        let g = normal_game_until(3, |g, _| {
            g.view(Viewer::Seat(due(g))).awaiting == Awaiting::Bluffing
        });
        let seat = due(&g);
        let mut v = g.view(Viewer::Seat(seat));
        for s in &mut v.sites {
            s.bluffs.retain(|owner| *owner != seat);
        }
        let site = v
            .sites
            .iter()
            .position(|s| s.directed == seat)
            .expect("a Site to bluff");
        let me = usize::from(seat);
        (v.players[me].rp, v.players[me].cp) = (5, 5);
        let price = |c: CardIdx| db().get(c).cost.map(|k| k.amount.with_x(1));
        let find = |kind: CardType, ok: &dyn Fn(u32) -> bool| {
            db().iter()
                .find(|(i, c)| c.kind == kind && !is_bluff(*i) && price(*i).is_some_and(ok))
                .map(|(i, _)| i)
                .expect("in the database")
        };
        let adversary = find(CardType::Adversary, &|_| true);
        let cheap_event = find(CardType::Event, &|n| n <= 5);
        let dear_event = find(CardType::Event, &|n| n > 5);
        let a_site = find(CardType::Site, &|_| true);
        let equipment = find(CardType::Equipment, &|n| n <= 5);
        let real = db()
            .iter()
            .find(|(i, c)| {
                is_bluff(*i)
                    && c.cost
                        .is_some_and(|k| k.pool == Pool::Cp && k.amount.with_x(1) <= 6)
            })
            .map(|(i, _)| i)
            .expect("a Bluff");
        let hand = [
            adversary,
            cheap_event,
            a_site,
            equipment,
            equipment,
            dear_event,
        ];
        let p = &mut v.players[me];
        (p.hand, p.hand_size) = (Some(hand.to_vec()), hand.len());
        let place = |card| XfAction::PlaceBluff { site, card };
        let chosen = |v: &XfView, cards: &[CardIdx]| {
            let offered: Vec<XfAction> = cards.iter().map(|c| place(*c)).collect();
            let moves: Vec<&XfAction> = offered.iter().collect();
            bluff(v, &moves).map(|d| d.action)
        };
        let all = [adversary, cheap_event, a_site, equipment, dear_event];
        assert_eq!(chosen(&v, &all), Some(place(dear_event)), "unaffordable");
        assert_eq!(chosen(&v, &all[..4]), Some(place(equipment)), "a copy");
        assert_eq!(chosen(&v, &all[..3]), None, "nothing to spare");
        let mut with_real = all.to_vec();
        with_real.push(real);
        assert_eq!(chosen(&v, &with_real), Some(place(real)), "paid for");
        let mut short = v.clone();
        short.players[me].hand_size = MIN_HAND;
        assert_eq!(chosen(&short, &all), None, "a short hand keeps its cards");
        assert_eq!(chosen(&short, &with_real), Some(place(real)));
        let mut out = v.clone();
        out.sites[site].bluffs.push(seat);
        assert_eq!(chosen(&out, &with_real), None, "one face down at a time");
    }
}
