//! Every action a seat may take now: candidates filtered by the same
//! checks `apply` makes, so the two never disagree.

use super::act::check;
use super::{LeAction, LeGame, Place};
use crate::engine::Seat;

fn candidates(g: &LeGame, seat: Seat) -> Vec<LeAction> {
    if let Some(c) = &g.choice {
        if c.seat != seat {
            return Vec::new();
        }
        return c
            .sample_answers()
            .into_iter()
            .map(|picks| LeAction::Choose { picks })
            .collect();
    }
    let p = g.player(seat);
    if seat != g.current {
        return p
            .hand
            .iter()
            .flat_map(|c| {
                [
                    LeAction::Coordinate { card: *c },
                    LeAction::Play { card: *c },
                ]
            })
            .collect();
    }
    let mut out: Vec<LeAction> = p.hand.iter().map(|c| LeAction::Play { card: *c }).collect();
    out.extend((0..g.players.len() as Seat).map(|from| LeAction::PlayCoordinated { from }));
    for card in p
        .played
        .iter()
        .map(|x| x.card)
        .chain(p.vigilant.iter().copied())
    {
        out.push(LeAction::Activate { card });
        out.push(LeAction::Vigilant { card });
        out.push(LeAction::Sacrifice { card });
    }
    out.extend(p.hand.iter().map(|c| LeAction::Sacrifice { card: *c }));
    for i in 0..5u8 {
        out.push(LeAction::Scan {
            place: Place::Shadows(i),
        });
        out.push(LeAction::Scan {
            place: Place::Bureau(i),
        });
        out.push(LeAction::Fight {
            place: Place::Shadows(i),
        });
        out.push(LeAction::Fight {
            place: Place::Bureau(i),
        });
        out.push(LeAction::Recruit { space: i });
    }
    out.extend((0..g.field.len() as u8).map(|i| LeAction::Fight {
        place: Place::Field(i),
    }));
    out.push(LeAction::RecruitSpecialAgent);
    out.extend(
        g.susanne_offers()
            .into_iter()
            .map(|card| LeAction::RecruitOutside { card }),
    );
    for card in g.s_order() {
        out.push(LeAction::Discover { lead: card });
        out.push(LeAction::Collect { lead: card });
    }
    out.extend(p.hand.iter().map(|c| LeAction::SoloCoordinate { card: *c }));
    out.push(LeAction::EndTurn);
    out
}

pub(super) fn legal_actions(g: &LeGame, seat: Seat) -> Vec<LeAction> {
    if g.is_over() || usize::from(seat) >= g.players.len() {
        return Vec::new();
    }
    let mut out: Vec<LeAction> = candidates(g, seat)
        .into_iter()
        .filter(|a| check(g, seat, a).is_ok())
        .collect();
    if !g.player(seat).defeated {
        out.push(LeAction::Resign);
    }
    out
}
