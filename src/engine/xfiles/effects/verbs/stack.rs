//! Verbs on cards on the stack and cards in play: negation (the card goes
//! to its owner's Discard Pile, glossary p. 64), a card returned to the
//! bottom of a deck or shuffled into it, tokens, and where the card itself
//! goes (it stays in play, is attached to an Agent, discards itself).

use super::Step;
use crate::cards::{Pool, db};
use crate::engine::Event;
use crate::engine::xfiles::effects::ast::Num;
use crate::engine::xfiles::effects::lex::Args;
use crate::engine::xfiles::effects::run::Flow;
use crate::engine::xfiles::effects::state::{ChoiceOption, Resolution, Val, Wait};
use crate::engine::xfiles::{Events, XfEvent, XfGame};

/// `negate <var>`: a card on the stack, a card in play, a foe or a Site.
pub fn parse_negate(a: &mut Args) -> Result<Step, String> {
    Ok(Step::Negate { what: a.var()? })
}

pub fn negate(g: &mut XfGame, r: &Resolution, what: &str, events: &mut Events) -> Flow {
    for v in r.vars.items(what) {
        // A Power negates without naming the X-File it comes from.
        let by = r.src.power.is_none().then_some(r.src.card);
        g.negate_val(&v, by, events);
    }
    Flow::Next
}

/// `tax <var>`: the card on the stack costs its player its printed Cost
/// again (FBI Internet Alert, Yaje): they pay it, or the card is discarded.
/// A player who cannot pay is not asked.
pub fn parse_tax(a: &mut Args) -> Result<Step, String> {
    Ok(Step::Tax { what: a.var()? })
}

pub fn tax(g: &mut XfGame, r: &mut Resolution, what: &str, events: &mut Events) -> Flow {
    let Some(Val::Stack(id)) = r.vars.get(what).cloned() else {
        return Flow::Next;
    };
    let Some(p) = g.stack.iter().find(|p| p.id == id).cloned() else {
        return Flow::Next;
    };
    let extra = XfGame::cost_of(p.card, p.x);
    let pool = db().get(p.card).cost.map_or(Pool::Cp, |c| c.pool);
    let pays = *super::pools::slot(g, p.player, pool) >= extra
        && match super::cards::answered(r) {
            Some(Val::Bool(b)) => b,
            _ => {
                let title = &db().get(p.card).title;
                let options = [
                    (format!("Pay {extra} {pool} more"), true),
                    ("Let it be discarded".into(), false),
                ]
                .into_iter()
                .map(|(label, val)| ChoiceOption {
                    label,
                    val: Val::Bool(val),
                })
                .collect();
                let key = super::cards::ask_key(r);
                g.offer(
                    p.player,
                    format!("{title} now costs {extra} {pool} more: pay it, or it is discarded"),
                    options,
                    1,
                    1,
                    &key,
                    false,
                    events,
                );
                return Flow::Retry(Wait::Choice);
            }
        };
    if pays {
        *super::pools::slot(g, p.player, pool) -= extra;
        events.push(Event::public(XfEvent::PoolLost {
            seat: p.player,
            pool,
            amount: extra,
        }));
    } else {
        g.negate_val(&Val::Stack(id), Some(r.src.card), events);
    }
    Flow::Next
}

/// `bottom <var>`: the card goes to the bottom of its owner's deck.
pub fn parse_bottom(a: &mut Args) -> Result<Step, String> {
    Ok(Step::Bottom { what: a.var()? })
}

pub fn bottom(g: &mut XfGame, r: &Resolution, what: &str, events: &mut Events) -> Flow {
    if let Some(v) = r.vars.get(what).cloned()
        && let Some((seat, card)) = g.take_card(&v, events)
    {
        g.player_mut(seat).deck.push(card);
        events.push(Event::public(XfEvent::Shown {
            seat,
            cards: vec![card],
        }));
    }
    Flow::Next
}

/// `shuffle-in <var>`: the card is shuffled into its owner's deck (Clone).
pub fn parse_shuffle_in(a: &mut Args) -> Result<Step, String> {
    Ok(Step::ShuffleIn { what: a.var()? })
}

pub fn shuffle_in(g: &mut XfGame, r: &Resolution, what: &str, events: &mut Events) -> Flow {
    if let Some(v) = r.vars.get(what).cloned()
        && let Some((seat, card)) = g.take_card(&v, events)
    {
        g.player_mut(seat).deck.push(card);
        g.shuffle_deck(seat, events);
    }
    Flow::Next
}

/// `tokens <±n> [on <var>]`: tokens on the card itself, or on a card in
/// play or an Agent a variable names.
pub fn parse_tokens(a: &mut Args) -> Result<Step, String> {
    let n = a.amount()?;
    let on = if a.eat("on") { Some(a.var()?) } else { None };
    Ok(Step::Tokens { n, on })
}

pub fn tokens(
    g: &mut XfGame,
    r: &mut Resolution,
    n: &Num,
    on: Option<&str>,
    events: &mut Events,
) -> Flow {
    let by = g.num(r, n);
    if on.is_none() && r.src.perm.is_none() && r.src.agent.is_none() && r.played.is_some() {
        // Tokens on a card still resolving: it takes them when it enters play.
        let now = g.num(r, &Num::Var("tokens".into()));
        r.vars.set("tokens", Val::Num(now + by));
        return Flow::Next;
    }
    let target = match on {
        Some(v) => r.vars.get(v).cloned(),
        None => r.src.perm.map(Val::Perm).or(r.src.agent.map(Val::Agent)),
    };
    match target {
        Some(Val::Perm(id)) => {
            if let Some(p) = g.perm_mut(id) {
                p.tokens = (i32::from(p.tokens) + by).clamp(0, 255) as u8;
                let (card, tokens) = (p.card, p.tokens);
                events.push(Event::public(XfEvent::Tokens { card, tokens }));
            }
        }
        Some(Val::Agent(a)) => {
            if let Some(x) = g.agent_mut(a) {
                x.tokens = (i32::from(x.tokens) + by).clamp(0, 255) as u8;
                let tokens = x.tokens;
                events.push(Event::public(XfEvent::Tokens {
                    card: a.card,
                    tokens,
                }));
            }
        }
        _ => {}
    }
    Flow::Next
}

/// `stay`: the card being resolved stays in play (where its `place` says).
pub fn parse_stay(_: &mut Args) -> Result<Step, String> {
    Ok(Step::Stay)
}

pub fn stay(_: &mut XfGame, r: &mut Resolution, _: &mut Events) -> Flow {
    r.vars.set("stays", Val::Bool(true));
    Flow::Next
}

/// `discard-self`: the card in play discards itself (or, being resolved,
/// goes to the Discard Pile rather than staying).
pub fn parse_discard_self(_: &mut Args) -> Result<Step, String> {
    Ok(Step::DiscardSelf)
}

pub fn discard_self(g: &mut XfGame, r: &mut Resolution, events: &mut Events) -> Flow {
    match r.src.perm {
        Some(id) if g.perm(id).is_some() => g.leave_play(id, events),
        _ => {
            r.vars.unset("stays");
            r.vars.unset("attached");
            r.vars.set("discarded", Val::Bool(true));
        }
    }
    Flow::Next
}

/// `remove-self`: the card (being resolved, or in play) is removed from
/// the game (Leonard, when it finds a Witness).
pub fn parse_remove_self(_: &mut Args) -> Result<Step, String> {
    Ok(Step::RemoveSelf)
}

pub fn remove_self(g: &mut XfGame, r: &mut Resolution, events: &mut Events) -> Flow {
    match r.src.perm {
        Some(id) if g.perm(id).is_some() => {
            // Gone from the game, it no longer modifies a check (Victor Klemper).
            g.drop_check_mods(id);
            if let Some((seat, card)) = g.take_perm(id, events) {
                g.player_mut(seat).removed.push(card);
            }
        }
        _ => r.vars.set("removed", Val::Bool(true)),
    }
    Flow::Next
}

/// `attach <var>`: the card being resolved stays under the Agent (training).
pub fn parse_attach(a: &mut Args) -> Result<Step, String> {
    Ok(Step::Attach { to: a.var()? })
}

pub fn attach(_: &mut XfGame, r: &mut Resolution, to: &str, _: &mut Events) -> Flow {
    if let Some(a) = r.vars.get(to).and_then(Val::agent) {
        r.vars.set("target", Val::Agent(a));
        if let Some(p) = r.played.as_mut() {
            p.target = Some(Val::Agent(a));
        }
        r.vars.set("attached", Val::Bool(true));
    }
    Flow::Next
}

/// `keep <var>`: the card in play (or the Agent) remembers a value for
/// later uses and triggers (Albert Hosteen's marked card).
pub fn parse_keep(a: &mut Args) -> Result<Step, String> {
    Ok(Step::Keep { var: a.var()? })
}

pub fn keep(g: &mut XfGame, r: &mut Resolution, var: &str, _: &mut Events) -> Flow {
    let Some(v) = r.vars.get(var).cloned() else {
        return Flow::Next;
    };
    super::keep_value(g, r, var, v);
    Flow::Next
}

/// `forget <var>`: the card forgets a value it kept.
pub fn parse_forget(a: &mut Args) -> Result<Step, String> {
    Ok(Step::Forget { var: a.var()? })
}

pub fn forget(g: &mut XfGame, r: &Resolution, var: &str, _: &mut Events) -> Flow {
    if let Some(p) = r.src.perm.and_then(|id| g.perm_mut(id)) {
        p.data.unset(var);
    } else if let Some(a) = r.src.agent.and_then(|a| g.agent_mut(a)) {
        a.data.unset(var);
    } else if let Some(p) = r.src.power.and_then(|t| g.power_mut(r.src.controller, t)) {
        p.data.unset(var);
    }
    Flow::Next
}

#[cfg(test)]
mod tests {
    use crate::cards::Section;
    use crate::engine::xfiles::Place;
    use crate::engine::xfiles::effects::testing::*;

    #[test]
    fn tax_asks_for_the_cost_again_and_discards_the_card_when_refused() {
        let mut g = table();
        let (_, c) = push_item(&mut g, 1);
        let cost = crate::engine::xfiles::XfGame::cost_of(c, 0);
        g.players[1].cp = cost;
        g.players[1].rp = cost;
        run(&mut g, 0, "choose it stack(theirs)\ntax it");
        let ch = g.choice.clone().expect("its player is asked");
        assert_eq!(ch.seat, 1);
        choose(&mut g, &["Let it be discarded"]);
        assert!(g.stack.is_empty());
        assert!(g.player(1).discard.contains(&c));
    }

    #[test]
    fn tax_discards_the_card_without_asking_when_its_player_cannot_pay() {
        let mut g = table();
        let (_, c) = push_item(&mut g, 1);
        (g.players[1].cp, g.players[1].rp) = (0, 0);
        run(&mut g, 0, "choose it stack(theirs)\ntax it");
        assert!(g.choice.is_none());
        assert!(g.player(1).discard.contains(&c));
    }

    #[test]
    fn negate_sends_the_card_on_the_stack_to_its_owners_discard_pile() {
        let mut g = table();
        let (_, c) = push_item(&mut g, 1);
        run(&mut g, 0, "choose it stack(theirs)\nnegate it");
        assert!(g.stack.is_empty());
        assert!(g.player(1).discard.contains(&c));
    }

    #[test]
    fn bottom_returns_the_card_under_its_owners_deck_owen_jarvis() {
        let mut g = table();
        let (_, c) = push_item(&mut g, 1);
        run(&mut g, 0, "choose it stack(theirs)\nbottom it");
        assert_eq!(g.player(1).deck.last(), Some(&c));
    }

    #[test]
    fn tokens_change_the_count_on_the_card_itself() {
        let mut g = table();
        let p = g.put_in_play(0, id(HOST), Place::Section(0, Section::Bureau));
        run_on(&mut g, 0, p, "tokens +3\ntokens -1");
        assert_eq!(g.perm(p).unwrap().tokens, 2);
    }

    #[test]
    fn keep_and_forget_store_a_value_on_the_card_in_play() {
        let mut g = table();
        let p = g.put_in_play(0, id(HOST), Place::Section(0, Section::Bureau));
        run_on(&mut g, 0, p, "choose it hand(theirs)\nkeep it");
        let label = g.choice.clone().unwrap().options[0].label.clone();
        choose(&mut g, &[&label]);
        assert!(g.perm(p).unwrap().data.get("it").is_some());
        run_on(&mut g, 0, p, "forget it");
        assert!(g.perm(p).unwrap().data.get("it").is_none());
    }

    #[test]
    fn discard_self_takes_the_card_in_play_to_the_discard_pile() {
        let mut g = table();
        let p = g.put_in_play(0, id(HOST), Place::Section(0, Section::Bureau));
        run_on(&mut g, 0, p, "discard-self");
        assert!(g.perm(p).is_none());
        assert!(g.player(0).discard.contains(&id(HOST)));
    }
}
