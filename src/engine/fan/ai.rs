//! The Fan CCG's AI player, deciding from its seat's view. A round's points
//! go to whoever plays its last card, and a player must play whenever they
//! can, so the choice is mostly which card: a Conclusion ends the round, so
//! it is played when the round is worth taking; otherwise the AI feeds a
//! round it leads and starves one it trails. `easy` plays a random card;
//! `hard` plays each of its moves out in imagined deals (`search.rs`).

use super::{FanAction, FanGame, FanView};
use crate::cards::fan::{FanIdx, FanType, fan_db};
use crate::engine::ai::{Ai, Decision, Level};
use crate::engine::{GameRng, Seat};

impl Ai for FanGame {
    /// The view with the seat's [`FanTable`](super::FanTable) for hard's search.
    fn ai_view(&self, seat: Seat) -> FanView {
        FanView {
            table: self.table_for(seat),
            ..super::view::view(self, crate::engine::Viewer::Seat(seat))
        }
    }

    fn decide(
        view: &FanView,
        legal: &[FanAction],
        level: Level,
        rng: &mut GameRng,
    ) -> Decision<FanAction> {
        decide(view, legal, level, rng)
    }
}

pub(super) fn decide(
    v: &FanView,
    legal: &[FanAction],
    level: Level,
    rng: &mut GameRng,
) -> Decision<FanAction> {
    let moves: Vec<&FanAction> = legal
        .iter()
        .filter(|a| !matches!(a, FanAction::Resign))
        .collect();
    if level == Level::Hard {
        let normal = decide(v, legal, Level::Normal, rng);
        return super::search::search(v, &moves, normal, rng);
    }
    let Some(first) = moves.first() else {
        return Decision::new(legal[0].clone(), "nothing else was possible");
    };
    if moves.len() == 1 {
        return Decision::new((*first).clone(), "the only move");
    }
    let me = v.viewer.seat().unwrap_or(0);
    let roll = rng.next_u64();
    let rules: [&dyn Fn() -> Option<Decision<FanAction>>; 4] = [
        &|| choose_first(&moves, me),
        &|| stalemate_discard(&moves),
        &|| ready(&moves),
        &|| play(v, &moves, me, level, roll),
    ];
    rules
        .iter()
        .find_map(|rule| rule())
        .unwrap_or_else(|| Decision::new((*first).clone(), "the first move offered"))
}

fn points(card: FanIdx) -> i32 {
    fan_db().get(card).points.map_or(0, |p| p.base())
}

fn choose_first(moves: &[&FanAction], me: Seat) -> Option<Decision<FanAction>> {
    moves.iter().find_map(|a| match a {
        FanAction::ChooseFirst { first } if *first == me => Some(Decision::new(
            (*a).clone(),
            "leads the first round: the leader chooses how it opens",
        )),
        _ => None,
    })
}

fn stalemate_discard(moves: &[&FanAction]) -> Option<Decision<FanAction>> {
    let best = moves
        .iter()
        .filter_map(|a| match a {
            FanAction::Discard { cards } => {
                Some((cards.iter().map(|c| points(*c)).sum::<i32>(), a))
            }
            _ => None,
        })
        .min_by_key(|(p, _)| *p)?;
    Some(Decision::new(
        (*best.1).clone(),
        format!("discards the two cards worth least ({} points)", best.0),
    ))
}

fn ready(moves: &[&FanAction]) -> Option<Decision<FanAction>> {
    let ready = moves.iter().find(|a| matches!(a, FanAction::Ready))?;
    Some(Decision::new(
        (*ready).clone(),
        "keeps its deck as it is for the next period",
    ))
}

/// The round's points as the AI sees them (an opponent's covered card
/// counts nothing), and whether its own card is the round's last.
fn round_state(v: &FanView, me: Seat) -> (i32, bool) {
    let pot = v
        .round
        .iter()
        .filter(|p| !p.negated)
        .filter_map(|p| p.card)
        .map(points)
        .sum();
    let leads = v.round.last().is_some_and(|p| p.by == me);
    (pot, leads)
}

fn play(
    v: &FanView,
    moves: &[&FanAction],
    me: Seat,
    level: Level,
    roll: u64,
) -> Option<Decision<FanAction>> {
    let plays: Vec<(&FanAction, FanIdx)> = moves
        .iter()
        .filter_map(|a| match a {
            FanAction::Play {
                card,
                covered: false,
                ..
            } => Some((*a, *card)),
            _ => None,
        })
        .collect();
    if plays.is_empty() {
        return skip_action(moves);
    }
    if level == Level::Easy {
        let (a, card) = plays[(roll % plays.len() as u64) as usize];
        return Some(Decision::new(
            a.clone(),
            format!("played {} (any card will do)", fan_db().get(card).name),
        ));
    }
    let (pot, _) = round_state(v, me);
    let conclusion = plays
        .iter()
        .filter(|(_, c)| fan_db().get(*c).kind == FanType::Conclusion)
        .max_by_key(|(_, c)| points(*c));
    if let Some((a, c)) = conclusion
        && pot + points(*c) > 0
    {
        return Some(Decision::new(
            (*a).clone(),
            format!(
                "ends the round with {}: it takes the round's {} points",
                fan_db().get(*c).name,
                pot + points(*c)
            ),
        ));
    }
    let open: Vec<&(&FanAction, FanIdx)> = plays
        .iter()
        .filter(|(_, c)| fan_db().get(*c).kind != FanType::Conclusion)
        .collect();
    let pool = if open.is_empty() {
        plays.iter().collect()
    } else {
        open
    };
    // A round worth taking gets the best card (the AI wants to be last);
    // a losing one the cheapest, saving good cards for later rounds.
    let pick = if pot >= 0 {
        pool.iter().max_by_key(|(_, c)| points(*c))
    } else {
        pool.iter().min_by_key(|(_, c)| points(*c))
    }?;
    let why = if pot >= 0 {
        format!(
            "played {} ({} points) into a round worth {pot}",
            fan_db().get(pick.1).name,
            points(pick.1)
        )
    } else {
        format!(
            "played its cheapest card, {}, into a round worth {pot}",
            fan_db().get(pick.1).name
        )
    };
    Some(Decision::new(pick.0.clone(), why))
}

fn skip_action(moves: &[&FanAction]) -> Option<Decision<FanAction>> {
    let skip = moves.iter().find(|a| matches!(a, FanAction::SkipAction))?;
    Some(Decision::new(
        (*skip).clone(),
        "keeps its cards rather than spend two on an Action",
    ))
}
