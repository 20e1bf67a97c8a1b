//! Verbs on cards on the stack and cards in play: negation (the card goes
//! to its owner's Discard Pile, glossary p. 64), a card returned to the
//! bottom of a deck or shuffled into it, tokens, and where the card itself
//! goes (it stays in play, is attached to an Agent, discards itself).

use super::Step;
use crate::cards::{CardIdx, Keyword, Pool, db};
use crate::engine::Event;
use crate::engine::xfiles::effects::ast::Num;
use crate::engine::xfiles::effects::lex::Args;
use crate::engine::xfiles::effects::run::Flow;
use crate::engine::xfiles::effects::state::{ChoiceOption, Resolution, Val, Wait, Zone};
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

/// `move-token`: its controller may move one game-effect token from a card
/// holding one to another card below its normal number (The Mailman): the
/// tokens an Agent's Game Effect or a card's text places on it as it comes
/// into play. Nothing is asked when no token could move.
pub fn parse_move_token(_: &mut Args) -> Result<Step, String> {
    Ok(Step::MoveToken)
}

/// The card the token leaves, once chosen.
const TOKEN_FROM: &str = "token-from";

pub fn move_token(g: &mut XfGame, r: &mut Resolution, events: &mut Events) -> Flow {
    let answer = super::cards::answered(r);
    let me = r.src.controller;
    let key = super::cards::ask_key(r);
    let Some(from) = r.vars.get(TOKEN_FROM).cloned() else {
        let sources = g.token_sources();
        match answer {
            None if sources.is_empty() => return Flow::Next,
            None => {
                let options = g.options_for(&sources);
                let prompt = "choose the card a token leaves (or none)".to_string();
                g.offer(me, prompt, options, 0, 1, &key, false, events);
            }
            Some(v) if sources.contains(&v) => {
                let options = g.options_for(&g.token_room(&v));
                r.vars.set(TOKEN_FROM, v);
                let prompt = "choose the card the token goes to".to_string();
                g.offer(me, prompt, options, 1, 1, &key, false, events);
            }
            // Declined.
            Some(_) => return Flow::Next,
        }
        return Flow::Retry(Wait::Choice);
    };
    r.vars.unset(TOKEN_FROM);
    if let Some(to) = answer.filter(|v| g.token_room(&from).contains(v)) {
        g.add_token(&from, -1, events);
        g.add_token(&to, 1, events);
    }
    Flow::Next
}

impl XfGame {
    /// Every card carrying game-effect tokens in play: (the card, its
    /// tokens, its normal number). An Agent bought this turn has no Game
    /// Effect; one whose Game Effect uses no token (Lamana) is not listed.
    fn token_cards(&self) -> Vec<(Val, u8, u8)> {
        let scripts = self.scripts_ref();
        let mut out = Vec::new();
        for (seat, p) in self.players.iter().enumerate().filter(|(_, p)| !p.out) {
            for a in p.agents.iter().filter(|a| !a.temporary && a.away.is_none()) {
                let normal = scripts.of(a.card).map_or(0, |s| s.tokens);
                if normal > 0 {
                    let r = crate::engine::xfiles::AgentRef {
                        seat: seat as crate::engine::Seat,
                        card: a.card,
                    };
                    out.push((Val::Agent(r), a.tokens, normal));
                }
            }
        }
        for p in &self.perms {
            let normal = self.normal_tokens(p);
            if normal > 0 {
                out.push((Val::Perm(p.id), p.tokens, normal));
            }
        }
        out
    }

    /// A card in play's normal number of tokens: what its text places on it
    /// (`tokens N`, an Adversary's `infects N`), or more when its text said so
    /// as it came into play.
    fn normal_tokens(&self, p: &crate::engine::xfiles::Permanent) -> u8 {
        let Some(s) = self.scripts_ref().of(p.card) else {
            return 0;
        };
        let infects = s.statics.iter().find_map(|st| match st.modifier {
            crate::engine::xfiles::effects::ast::Modifier::Infects { tokens } => Some(tokens),
            _ => None,
        });
        let printed = s.tokens.max(infects.unwrap_or(0));
        match p.data.get(super::NORMAL_TOKENS) {
            Some(Val::Num(n)) if printed > 0 => (*n).clamp(0, 255) as u8,
            _ => printed,
        }
    }

    /// The cards a token may leave: those holding one, with another card
    /// below its normal number to take it.
    fn token_sources(&self) -> Vec<Val> {
        self.token_cards()
            .into_iter()
            .filter(|(v, tokens, _)| *tokens > 0 && !self.token_room(v).is_empty())
            .map(|(v, _, _)| v)
            .collect()
    }

    /// The cards other than `from` below their normal number of tokens.
    fn token_room(&self, from: &Val) -> Vec<Val> {
        self.token_cards()
            .into_iter()
            .filter(|(v, tokens, normal)| v != from && tokens < normal)
            .map(|(v, _, _)| v)
            .collect()
    }

    /// One token more or fewer on an Agent or a card in play.
    fn add_token(&mut self, v: &Val, by: i32, events: &mut Events) {
        let (card, now) = match v {
            Val::Agent(a) => match self.agent_mut(*a) {
                Some(x) => {
                    x.tokens = (i32::from(x.tokens) + by).clamp(0, 255) as u8;
                    (a.card, x.tokens)
                }
                None => return,
            },
            Val::Perm(id) => match self.perm_mut(*id) {
                Some(p) => {
                    p.tokens = (i32::from(p.tokens) + by).clamp(0, 255) as u8;
                    (p.card, p.tokens)
                }
                None => return,
            },
            _ => return,
        };
        events.push(Event::public(XfEvent::Tokens { card, tokens: now }));
    }
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

/// `remove-instead <var>`: this card stands in for the first of its
/// controller's cards that the card on the stack would remove from the
/// game (Lucy Householder): that removal does not happen, this card is
/// removed instead, and the rest of that card resolves as printed. A card
/// in play stays there until then; one not in play is removed at once.
pub fn parse_remove_instead(a: &mut Args) -> Result<Step, String> {
    Ok(Step::RemoveInstead { what: a.var()? })
}

pub fn remove_instead(g: &mut XfGame, r: &mut Resolution, what: &str, _: &mut Events) -> Flow {
    let Some(Val::Stack(id)) = r.vars.get(what).cloned() else {
        return Flow::Next;
    };
    let perm = r.src.perm.filter(|p| g.perm(*p).is_some());
    if perm.is_none() {
        r.vars.set("removed", Val::Bool(true));
    }
    let seat = r.src.controller;
    if let Some(p) = g.stack.iter_mut().find(|p| p.id == id) {
        p.stand_ins.push((seat, perm));
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

/// `reuse <var>`: a Witness in play without the Keyword RESOURCE, kept by
/// this card, may add its printed skill modifier again once a turn on its
/// controller's turn (Safe House; see `abilities`); it added it this turn.
pub fn parse_reuse(a: &mut Args) -> Result<Step, String> {
    Ok(Step::Reuse { what: a.var()? })
}

pub fn reuse(g: &mut XfGame, r: &Resolution, what: &str, _: &mut Events) -> Flow {
    for v in r.vars.items(what) {
        let Val::Perm(id) = v else {
            continue;
        };
        let Some(card) = g.perm(id).map(|p| p.card) else {
            continue;
        };
        // A printed RESOURCE Witness already says how often it adds.
        if db().get(card).has_keyword(Keyword::Resource) {
            continue;
        }
        let i = g.script_db().of(card).map_or(0, |s| s.abilities.len()) as u8;
        let turn = g.turn;
        if let Some(p) = g.perm_mut(id) {
            p.data.set(super::REUSE, Val::Bool(true));
            p.used.push((i, turn));
        }
    }
    Flow::Next
}

/// `place-under <var>`: the card being resolved goes under that card in
/// play (Safe House), and to its owner's Discard Pile when that one leaves.
pub fn parse_place_under(a: &mut Args) -> Result<Step, String> {
    Ok(Step::PlaceUnder { what: a.var()? })
}

pub fn place_under(g: &mut XfGame, r: &mut Resolution, what: &str, _: &mut Events) -> Flow {
    let Some(Val::Perm(id)) = r.vars.get(what).cloned() else {
        return Flow::Next;
    };
    let Some(card) = r.played.as_ref().map(|p| p.card) else {
        return Flow::Next;
    };
    if let Some(p) = g.perm_mut(id) {
        p.under.push(card);
        r.vars.set("gone", Val::Bool(true));
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

/// `attack-as-adversary [discard-if-negated]`: the ability's Agent (its
/// own, or the one this card is attached to) attacks the investigating
/// Team as an Adversary: the attack waits on the stack, where cards that
/// negate an Adversary may negate it (he goes back to his player's Field;
/// with `discard-if-negated`, this card is discarded); once it resolves he
/// fights with his own skills, and at 0 HEALTH is removed from the game.
pub fn parse_attack_as_adversary(a: &mut Args) -> Result<Step, String> {
    Ok(Step::AttackAsAdversary {
        tied: a.eat("discard-if-negated"),
    })
}

pub fn attack_as_adversary(
    g: &mut XfGame,
    r: &Resolution,
    tied: bool,
    events: &mut Events,
) -> Flow {
    if let Some(a) = r.src.agent {
        let perm = r.src.perm.filter(|_| tied);
        g.push_attack(a, r.src.controller, perm, events);
    }
    Flow::Next
}

/// `play-as-one <var>`: the chosen cards of the controller's hand are
/// played as one card with this one: each paid at its full Cost while it
/// may still be played, one entry on the stack that this card travels with
/// (Overwhelming Force: one combat, negated as one, RA p. 11).
pub fn parse_play_as_one(a: &mut Args) -> Result<Step, String> {
    Ok(Step::PlayAsOne { var: a.var()? })
}

pub fn play_as_one(g: &mut XfGame, r: &mut Resolution, var: &str, events: &mut Events) -> Flow {
    let seat = r.src.controller;
    let cards: Vec<CardIdx> = r
        .vars
        .items(var)
        .iter()
        .filter_map(|v| match v {
            Val::Held(s, Zone::Hand, c) if *s == seat => Some(*c),
            _ => None,
        })
        .collect();
    let rider = r.played.as_ref().map(|p| p.card);
    if g.play_as_one(seat, &cards, rider, events) {
        // The card travels with them now: not discarded on its own.
        r.vars.set("gone", Val::Bool(true));
    }
    Flow::Next
}

#[cfg(test)]
mod tests {
    use crate::cards::{Section, Skill};
    use crate::engine::Seat;
    use crate::engine::xfiles::effects::state::{AbilityRef, Source, Val, Vars, Zone};
    use crate::engine::xfiles::effects::testing::*;
    use crate::engine::xfiles::{
        AgentRef, Check, Frame, FrameKind, Investigation, Phase, Place, Stage, XfGame,
    };

    /// Runs `body` as the host card's ability for the Agent it belongs to
    /// (his own Game Effect, or the card in play `perm` attached to him).
    fn run_for_agent(g: &mut XfGame, seat: Seat, a: AgentRef, perm: Option<u32>, body: &str) {
        with_play(g, body);
        let src = Source {
            agent: Some(a),
            perm,
            ..Source::new(id(HOST), AbilityRef::Play(0), seat)
        };
        g.start_effect(src, Vars::default(), None);
        g.settle(&mut Vec::new());
    }

    /// Seat 0's Mulder investigates Broad Street, Philadelphia, PA
    /// (METHOD, directed at seat 1): the Site check is open.
    fn investigating() -> XfGame {
        let mut g = table();
        to_field(&mut g, 0, &[MULDER]);
        let site = site_in_play(&mut g, 0, "XF96-0044v1");
        g.frames.push(Frame {
            id: 700,
            base: 0,
            priority: 0,
            passes: 0,
            first: 0,
            kind: FrameKind::Check(Check {
                seat: 0,
                team: vec![id(MULDER)],
                needs: vec![(Skill::CriminalInvestigation, 4)],
                mods: Vec::new(),
                used: Vec::new(),
                site: Some(site),
                fails: false,
                forced_by: None,
                equipped: Vec::new(),
            }),
        });
        g.investigation = Some(Investigation {
            site,
            team: vec![id(MULDER)],
            benched: Vec::new(),
            stage: Stage::Check,
            frame: 700,
            fought: false,
            full: false,
            rp_spent: 0,
        });
        g.phase = Phase::Investigating;
        g
    }

    #[test]
    fn an_agents_attack_waits_on_the_stack_as_an_adversary_and_negated_he_goes_to_the_field() {
        let mut g = table();
        let a = agent(1, MULDER);
        run_for_agent(&mut g, 1, a, None, "attack-as-adversary");
        assert_eq!(g.stack.len(), 1);
        assert_eq!(g.stack[0].attacker, Some(a));
        run(
            &mut g,
            0,
            "choose it stack(type=adversary not-keyword=phenomena)\nnegate it",
        );
        assert!(g.stack.is_empty());
        assert!(!g.player(1).discard.contains(&a.card));
        assert_eq!(g.agent(a).map(|x| x.section), Some(Section::Field));
    }

    #[test]
    fn the_card_tied_to_an_attack_is_discarded_when_the_agent_is_negated() {
        let mut g = table();
        let a = agent(1, MULDER);
        let p = g.put_in_play(1, id(HOST), Place::Agent(a));
        run_for_agent(
            &mut g,
            1,
            a,
            Some(p),
            "attack-as-adversary discard-if-negated",
        );
        run(&mut g, 0, "choose it stack(theirs)\nnegate it");
        assert!(g.perm(p).is_none());
        assert!(g.player(1).discard.contains(&id(HOST)));
        assert!(g.agent(a).is_some());
    }

    #[test]
    fn play_as_one_pays_each_card_and_one_negation_takes_them_all() {
        let mut g = investigating();
        let psychotic = id("XF96-0344v1");
        let berets = id("XF96-0349v1");
        let zombie = id("XF96-0339v1");
        g.players[1].hand = vec![psychotic, berets, zombie];
        g.players[1].cp = 12;
        let held = |c| Val::Held(1, Zone::Hand, c);
        let chosen = Val::List(vec![held(psychotic), held(berets), held(zombie)]);
        run_with(&mut g, 1, "play-as-one advs", vec![("advs", chosen)]);
        // The Zombie's MOTIVE SITE Activator is not met at a METHOD Site.
        assert_eq!(g.stack.len(), 1);
        assert_eq!(
            (g.stack[0].card, g.stack[0].with.clone()),
            (psychotic, vec![berets])
        );
        assert_eq!(g.players[1].cp, 1);
        assert_eq!(g.players[1].hand, vec![zombie]);
        run(
            &mut g,
            0,
            "choose it stack(type=adversary keyword=government)\nnegate it",
        );
        assert!(g.stack.is_empty());
        assert!(g.player(1).discard.contains(&psychotic));
        assert!(g.player(1).discard.contains(&berets));
    }

    /// Dr. Sheila Braun: "Adds 2 to one Team's BEHAVIORAL skill check."
    const BRAUN: &str = "XF96-0207v1";

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
    fn negated_in_play_it_leaves_the_game_with_the_agent_it_keeps_additional_resources() {
        let mut g = table();
        with_header(&mut g, "negated removed with=ag", "stay");
        let p = g.put_in_play(0, id(HOST), Place::Section(0, Section::Bureau));
        let l = agent(0, LAMANA);
        g.perm_mut(p).unwrap().data.set("ag", Val::Agent(l));
        let mut events = Vec::new();
        g.negate_val(&Val::Perm(p), None, &mut events);
        assert!(g.perm(p).is_none());
        assert!(g.player(0).removed.contains(&id(HOST)));
        assert!(!g.player(0).discard.contains(&id(HOST)));
        assert!(g.agent(l).is_none());
        assert!(g.player(0).removed.contains(&l.card));
    }

    #[test]
    fn negated_on_the_stack_it_is_removed_from_the_game() {
        let mut g = table();
        g.players[1].hand.insert(0, id(HOST));
        let (sid, c) = push_item(&mut g, 1);
        with_header(&mut g, "negated removed", "stay");
        let mut events = Vec::new();
        g.negate_val(&Val::Stack(sid), None, &mut events);
        assert!(g.stack.is_empty());
        assert!(g.player(1).removed.contains(&c));
        assert!(!g.player(1).discard.contains(&c));
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
    fn move_token_takes_one_to_a_card_below_its_normal_number_the_mailman() {
        let mut g = table();
        run(&mut g, 1, "move-token");
        assert!(g.choice.is_none(), "every card is at its normal number");
        let (mulder, scully) = (agent(0, MULDER), agent(1, SCULLY));
        g.agent_mut(scully).unwrap().tokens = 1;
        run(&mut g, 1, "move-token");
        let c = g.choice.clone().expect("the card a token leaves");
        assert!(
            !c.options
                .iter()
                .any(|o| o.label.starts_with("Agent Jerry Lamana"))
        );
        choose(&mut g, &["Agent Fox Mulder (seat 1)"]);
        let c = g.choice.clone().expect("the card it goes to");
        assert_eq!(c.options.len(), 1, "only Scully is below her three");
        choose(&mut g, &["Agent Dana Scully"]);
        assert_eq!(g.agent(mulder).unwrap().tokens, 2);
        assert_eq!(g.agent(scully).unwrap().tokens, 2);
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
    fn remove_instead_spares_the_removal_and_removes_the_stand_in_lucy_householder() {
        let mut g = table();
        let p = g.put_in_play(0, id(HOST), Place::Section(0, Section::Bureau));
        let (sid, _) = push_item(&mut g, 1);
        with_play(&mut g, "remove-instead t");
        let mut v = Vars::default();
        v.set("t", Val::Stack(sid));
        let src = Source {
            perm: Some(p),
            ..Source::new(id(HOST), AbilityRef::Play(0), 0)
        };
        g.start_effect(src, v, None);
        g.settle(&mut Vec::new());
        assert_eq!(g.stack[0].stand_ins, vec![(0, Some(p))]);
        // The card on the stack resolves: it would remove two Agents.
        let mut item = g.take_from_stack(sid).unwrap();
        // Played as the host card (not an Adversary, which would fight).
        item.card = id(HOST);
        with_play(&mut g, "remove a\nremove b");
        let (a, b) = (agent(0, LAMANA), agent(0, SCULLY));
        let mut v = Vars::default();
        v.set("a", Val::Agent(a));
        v.set("b", Val::Agent(b));
        g.start_effect(Source::new(id(HOST), AbilityRef::Play(0), 1), v, Some(item));
        g.settle(&mut Vec::new());
        assert!(g.agent(a).is_some(), "the first removal is replaced");
        assert!(g.agent(b).is_none(), "one stand-in replaces one removal");
        assert!(g.perm(p).is_none());
        assert!(g.player(0).removed.contains(&id(HOST)));
    }

    #[test]
    fn reuse_marks_the_witness_used_this_turn_safe_house() {
        let mut g = table();
        let w = g.put_in_play(0, id(BRAUN), Place::Section(0, Section::Bureau));
        run_with(&mut g, 0, "reuse w", vec![("w", Val::Perm(w))]);
        let p = g.perm(w).unwrap();
        assert!(p.data.flag(crate::engine::xfiles::effects::verbs::REUSE));
        assert_eq!(p.used, vec![(0, g.turn)], "it added its modifier this turn");
    }

    #[test]
    fn place_under_keeps_the_card_resolved_under_the_one_in_play_safe_house() {
        let mut g = table();
        let w = g.put_in_play(0, id(BRAUN), Place::Section(0, Section::Bureau));
        let (_, card) = push_item(&mut g, 0);
        let played = g.stack.pop().expect("pushed");
        with_play(&mut g, "place-under w");
        let mut vars = Vars::default();
        vars.set("w", Val::Perm(w));
        g.start_effect(
            Source::new(id(HOST), AbilityRef::Play(0), 0),
            vars,
            Some(played),
        );
        let mut events = Vec::new();
        g.settle(&mut events);
        assert_eq!(g.perm(w).unwrap().under, vec![card]);
        assert!(!g.player(0).discard.contains(&card));
        g.leave_play(w, &mut events);
        assert!(
            g.player(0).discard.contains(&card),
            "it leaves with the Witness"
        );
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
