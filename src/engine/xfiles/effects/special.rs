//! Unique cards' own handlers, registered by name: what no general verb
//! says. Each is a small function; its card's golden test proves it.

use super::run::Flow;
use super::select::card_titled;
use super::state::Resolution;
use crate::cards::Section;
use crate::engine::Event;
use crate::engine::xfiles::{AgentRef, Events, XfEvent, XfGame};

/// Every handler a script may name with `special <name>`.
pub const NAMES: &[&str] = &["phoebe-green"];

pub fn run(g: &mut XfGame, r: &mut Resolution, name: &str, events: &mut Events) -> Flow {
    match name {
        "phoebe-green" => phoebe_green(g, r, events),
        _ => unreachable!("no special handler '{name}' (checked when the script was read)"),
    }
}

/// Inspector Phoebe Green: her player's own Mulder joins her Team from
/// anywhere (not an injured Mulder in the Hospital, FAQ97 #16, #60) and may
/// help its checks, even at a second Site this turn.
fn phoebe_green(g: &mut XfGame, r: &Resolution, events: &mut Events) -> Flow {
    let Some(phoebe) = r.src.agent else {
        return Flow::Next;
    };
    let seat = phoebe.seat;
    let mulder = g
        .player(seat)
        .agents
        .iter()
        .find(|a| a.card != phoebe.card && card_titled(a.card, &["fox mulder".into()]))
        .map(|a| AgentRef { seat, card: a.card });
    let (Some(m), Some(p)) = (mulder, g.agent(phoebe).cloned()) else {
        return Flow::Next;
    };
    if g.agent(m).is_some_and(|a| a.section == Section::Hospital) && !g.may_leave_hospital(m) {
        return Flow::Next;
    }
    let a = g.agent_mut(m).expect("found");
    a.section = p.section;
    a.team = p.team;
    a.investigated = false;
    events.push(Event::public(XfEvent::Moved {
        agent: m,
        section: p.section,
        team: p.team,
    }));
    let joins = g
        .investigation
        .as_ref()
        .is_some_and(|i| i.team.contains(&phoebe.card));
    if joins {
        let frame = g.investigation.as_ref().map(|i| i.frame).expect("checked");
        let inv = g.investigation.as_mut().expect("checked");
        if !inv.team.contains(&m.card) {
            inv.team.push(m.card);
        }
        if let Some(c) = g.check_mut(frame)
            && !c.team.contains(&m.card)
        {
            c.team.push(m.card);
        }
    }
    Flow::Next
}
