//! Combat verbs: an Adversary starts combat; Combat cards change this
//! round (skill, damage taken from one or every source, no damage to or
//! from a combatant, stunned for the next round, split damage, an extra
//! Long Range round) or take an Agent out of the combat.

use super::Step;
use crate::cards::Skill;
use crate::engine::xfiles::combat::{Boon, Combatant, Foe};
use crate::engine::xfiles::effects::ast::Num;
use crate::engine::xfiles::effects::lex::Args;
use crate::engine::xfiles::effects::run::Flow;
use crate::engine::xfiles::effects::state::{Resolution, Val, Wait};
use crate::engine::xfiles::{Events, XfGame};

fn combatants(r: &Resolution, var: &str) -> Vec<Combatant> {
    let vals = match r.vars.get(var) {
        Some(Val::List(l)) => l.clone(),
        Some(Val::Agents(a)) => a.iter().map(|x| Val::Agent(*x)).collect(),
        Some(v) => vec![v.clone()],
        None => Vec::new(),
    };
    vals.iter()
        .filter_map(|v| match v {
            Val::Agent(a) => Some(Combatant::Agent(*a)),
            Val::Foe(i) => Some(Combatant::Foe(*i)),
            _ => None,
        })
        .collect()
}

fn add_boon(g: &mut XfGame, who: Combatant, boon: Boon) {
    if let Some(c) = g.combat_mut() {
        c.boons.push((who, boon));
    }
}

/// `fight [only=<var>]`: the Adversary being resolved (and any played with
/// it) engages the Team (p. 31); the effect goes on when combat ends.
pub fn parse_fight(a: &mut Args) -> Result<Step, String> {
    let _ = a.keyed("only");
    Ok(Step::Fight)
}

pub fn fight(g: &mut XfGame, r: &mut Resolution, events: &mut Events) -> Flow {
    let Some(p) = r.played.clone() else {
        return Flow::Next;
    };
    if g.combat().is_some() {
        return Flow::Next;
    }
    if g.refuse_adversary(p.card).is_some() {
        return Flow::Next;
    }
    let mut foes = vec![Foe::new(p.card, p.player)];
    foes.extend(p.with.iter().map(|c| Foe::new(*c, p.player)));
    if let Some(a) = r.vars.get("only").and_then(Val::agent) {
        foes[0].only = Some(a);
    }
    let frame = g.start_combat(foes, p.player, events);
    r.vars.set("gone", Val::Bool(true));
    Flow::Wait(Wait::Combat(frame))
}

/// `combat-boost <var> <±n>`: the combatant's combat skill this round.
pub fn parse_boost(a: &mut Args) -> Result<Step, String> {
    Ok(Step::CombatBoost {
        who: a.var()?,
        n: a.amount()?,
    })
}

pub fn boost(g: &mut XfGame, r: &Resolution, who: &str, n: &Num, _: &mut Events) -> Flow {
    let n = g.num(r, n);
    for c in combatants(r, who) {
        add_boon(g, c, Boon::Boost(n));
    }
    Flow::Next
}

/// `shield <var> <n> [all]`: damage to the combatant is reduced this round,
/// from one source (the largest) or from each source.
pub fn parse_shield(a: &mut Args) -> Result<Step, String> {
    let who = a.var()?;
    let n = a.num()?;
    Ok(Step::Shield {
        who,
        n,
        all: a.eat("all"),
    })
}

pub fn shield(
    g: &mut XfGame,
    r: &Resolution,
    who: &str,
    n: &Num,
    all: bool,
    _: &mut Events,
) -> Flow {
    let n = g.num(r, n).clamp(0, 255) as u8;
    for c in combatants(r, who) {
        add_boon(g, c, Boon::Shield { n, all });
    }
    Flow::Next
}

/// `no-damage <var> to|from|both`: no damage to (or from) the combatant this round.
pub fn parse_no_damage(a: &mut Args) -> Result<Step, String> {
    let who = a.var()?;
    let (to, from) = match a.word()?.as_str() {
        "to" => (true, false),
        "from" => (false, true),
        "both" => (true, true),
        w => return Err(format!("'{w}': to, from or both")),
    };
    Ok(Step::NoDamage { who, to, from })
}

pub fn no_damage(
    g: &mut XfGame,
    r: &Resolution,
    who: &str,
    to: bool,
    from: bool,
    _: &mut Events,
) -> Flow {
    for c in combatants(r, who) {
        if to {
            add_boon(g, c, Boon::Untouchable);
        }
        if from {
            add_boon(g, c, Boon::Harmless);
        }
    }
    Flow::Next
}

/// `stun <var>`: the combatant deals no damage next round.
pub fn parse_stun(a: &mut Args) -> Result<Step, String> {
    Ok(Step::Stun { who: a.var()? })
}

pub fn stun(g: &mut XfGame, r: &Resolution, who: &str, _: &mut Events) -> Flow {
    let list = combatants(r, who);
    if let Some(c) = g.combat_mut() {
        c.stunned.extend(list);
    }
    Flow::Next
}

/// `split-damage`: the foes' player may split their damage this round.
pub fn parse_split(_: &mut Args) -> Result<Step, String> {
    Ok(Step::SplitDamage)
}

pub fn split(g: &mut XfGame, _: &Resolution, _: &mut Events) -> Flow {
    if let Some(c) = g.combat_mut() {
        c.split = true;
    }
    Flow::Next
}

/// `extra-lrc`: one more Long Range round follows this one.
pub fn parse_extra_lrc(_: &mut Args) -> Result<Step, String> {
    Ok(Step::ExtraLrc)
}

pub fn extra_lrc(g: &mut XfGame, _: &Resolution, _: &mut Events) -> Flow {
    if let Some(c) = g.combat_mut() {
        c.extra_lrc += 1;
    }
    Flow::Next
}

/// `leave-combat <var>`: the Agent is out of this combat, unharmed (Run For It!).
pub fn parse_leave(a: &mut Args) -> Result<Step, String> {
    Ok(Step::LeaveCombat { who: a.var()? })
}

pub fn leave(g: &mut XfGame, r: &Resolution, who: &str, events: &mut Events) -> Flow {
    let agents = r.vars.get(who).map(Val::agents).unwrap_or_default();
    if let Some(c) = g.combat_mut() {
        c.left.extend(agents);
    }
    if g.combat().is_some() && g.fighters().is_empty() {
        g.end_combat(events);
    }
    Flow::Next
}

#[allow(dead_code)]
fn _skill(_: Skill) {}

#[cfg(test)]
mod tests {
    // Combat verbs are proven through whole combats in tests/xfiles_cards.rs
    // (the Combat cards' golden tests) and the combat rules tests.
}
