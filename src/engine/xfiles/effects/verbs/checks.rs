//! Skill check verbs: modifiers, prerequisite changes, a check a card
//! forces (a Skill Check Subroutine of its own, resolved before the one it
//! interrupts, p. 28), a check that fails whatever the total, and the Team
//! a Bluff lets through.

use super::Step;
use crate::cards::Skill;
use crate::engine::Event;
use crate::engine::xfiles::effects::ast::Num;
use crate::engine::xfiles::effects::lex::Args;
use crate::engine::xfiles::effects::run::Flow;
use crate::engine::xfiles::effects::state::{ChoiceOption, Resolution, Val, Wait};
use crate::engine::xfiles::{AgentRef, Events, XfEvent, XfGame};

/// `modify-check <±n> [skill|skill]`: changes the check the card was played
/// into (only a check of those skills, when named).
pub fn parse_modify(a: &mut Args) -> Result<Step, String> {
    let n = a.amount()?;
    let skills = if a.is_done() { Vec::new() } else { a.skills()? };
    Ok(Step::ModifyCheck { n, skills })
}

pub fn modify(
    g: &mut XfGame,
    r: &Resolution,
    n: &Num,
    skills: &[Skill],
    events: &mut Events,
) -> Flow {
    let amount = g.num(r, n) * if g.doubled_modifier(&r.src) { 2 } else { 1 };
    let Some(id) = g.check_id_for(&r.src) else {
        return Flow::Next;
    };
    let Some(check) = g.check_mut(id) else {
        return Flow::Next;
    };
    let skill = if skills.is_empty() {
        None
    } else {
        match skills
            .iter()
            .copied()
            .find(|s| check.needs.iter().any(|n| n.0 == *s))
        {
            Some(s) => Some(s),
            None => return Flow::Next,
        }
    };
    check.mods.push(crate::engine::xfiles::CheckMod {
        skill,
        amount,
        from: r.src.perm,
        card: r.src.power.is_none().then_some(r.src.card),
    });
    let _ = events;
    Flow::Next
}

/// `set-prereq <skill> <n>`: the Site's prerequisite becomes this.
pub fn parse_set_prereq(a: &mut Args) -> Result<Step, String> {
    let skill = a.skill()?;
    let n = match a.num()? {
        Num::Lit(n) if (0..=20).contains(&n) => n as u8,
        _ => return Err("set-prereq takes a threshold 0-20".into()),
    };
    Ok(Step::SetPrereq { skill, n })
}

pub fn set_prereq(
    g: &mut XfGame,
    r: &Resolution,
    skill: Skill,
    n: u8,
    events: &mut Events,
) -> Flow {
    if let Some(c) = g.site_check_for(&r.src) {
        c.needs = vec![(skill, n)];
        let needs = c.needs.clone();
        events.push(Event::public(XfEvent::PrerequisiteChanged { needs }));
    }
    Flow::Next
}

/// `change-prereq <from|from> <to>`: the prerequisite's skill changes, its
/// number stays ("from OBSERVATION to BUREAUCRACY").
pub fn parse_change_prereq(a: &mut Args) -> Result<Step, String> {
    let from = a.skills()?;
    let to = a.skill()?;
    Ok(Step::ChangePrereq { from, to })
}

pub fn change_prereq(
    g: &mut XfGame,
    r: &Resolution,
    from: &[Skill],
    to: Skill,
    events: &mut Events,
) -> Flow {
    if let Some(c) = g.site_check_for(&r.src) {
        for need in &mut c.needs {
            if from.contains(&need.0) {
                need.0 = to;
            }
        }
        let needs = c.needs.clone();
        events.push(Event::public(XfEvent::PrerequisiteChanged { needs }));
    }
    Flow::Next
}

/// `raise-prereq <±n>`: every part of the prerequisite goes up (or down).
pub fn parse_raise_prereq(a: &mut Args) -> Result<Step, String> {
    Ok(Step::RaisePrereq { n: a.amount()? })
}

pub fn raise_prereq(g: &mut XfGame, r: &Resolution, n: &Num, events: &mut Events) -> Flow {
    let by = g.num(r, n);
    if let Some(c) = g.site_check_for(&r.src) {
        for need in &mut c.needs {
            need.1 = (i32::from(need.1) + by).clamp(0, 40) as u8;
        }
        let needs = c.needs.clone();
        events.push(Event::public(XfEvent::PrerequisiteChanged { needs }));
    }
    Flow::Next
}

/// `check <skill> <n> [team=<var>]`: the Team (by default the Team making
/// the check in progress, or the target) makes a skill check; players may
/// play cards into it; the effect goes on with `passed` set.
pub fn parse_check(a: &mut Args) -> Result<Step, String> {
    let skill = a.skill()?;
    let n = match a.num()? {
        Num::Lit(n) if (0..=20).contains(&n) => n as u8,
        _ => return Err("check takes a threshold 0-20".into()),
    };
    Ok(Step::Check {
        skill,
        n,
        team: a.keyed("team"),
    })
}

pub fn check(
    g: &mut XfGame,
    r: &mut Resolution,
    skill: Skill,
    n: u8,
    team: Option<&str>,
    events: &mut Events,
) -> Flow {
    let members: Vec<AgentRef> = match team {
        Some(v) => r.vars.get(v).map(Val::agents).unwrap_or_default(),
        None => match r.vars.get("target").map(Val::agents) {
            Some(t) if !t.is_empty() => t,
            _ => {
                let now = g.check_team_now();
                if now.is_empty() {
                    g.default_team(r.src.controller)
                } else {
                    now
                }
            }
        },
    };
    let Some(seat) = members.first().map(|a| a.seat) else {
        r.vars.set("passed", Val::Bool(false));
        return Flow::Next;
    };
    let frame = g.open_check(seat, members, skill, n, r.src.card, events);
    Flow::Wait(Wait::Check(frame))
}

/// `fail-check`: the Site check fails whatever the Team's total.
pub fn parse_fail(_: &mut Args) -> Result<Step, String> {
    Ok(Step::FailCheck)
}

pub fn fail(g: &mut XfGame, r: &Resolution, events: &mut Events) -> Flow {
    if let Some(c) = g.site_check_for(&r.src) {
        c.fails = true;
        events.push(Event::public(XfEvent::CheckStands {
            total: 0,
            needed: 1,
        }));
    }
    Flow::Next
}

/// `team-limit <n>`: a Team of more than n investigating Agents sends only
/// n of them, its player's choice; the others stay but add nothing this
/// turn (Car Troubles, p. 30).
pub fn parse_team_limit(a: &mut Args) -> Result<Step, String> {
    match a.num()? {
        Num::Lit(n) if n > 0 => Ok(Step::TeamLimit { n: n as u8 }),
        _ => Err("team-limit takes a number of Agents".into()),
    }
}

pub fn team_limit(g: &mut XfGame, r: &mut Resolution, n: u8, events: &mut Events) -> Flow {
    let Some(inv) = g.investigation.clone() else {
        return Flow::Next;
    };
    let going: Vec<_> = inv
        .team
        .iter()
        .filter(|c| !inv.benched.contains(c))
        .copied()
        .collect();
    if going.len() <= usize::from(n) {
        return Flow::Next;
    }
    match super::cards::answered(r) {
        None => {
            let seat = g.active;
            let options = going
                .iter()
                .map(|c| ChoiceOption {
                    label: crate::cards::db().get(*c).title.clone(),
                    val: Val::Agent(AgentRef { seat, card: *c }),
                })
                .collect();
            let key = super::cards::ask_key(r);
            g.offer(
                seat,
                format!("choose the {n} Agents who go to the Site"),
                options,
                n,
                n,
                &key,
                false,
                events,
            );
            Flow::Retry(Wait::Choice)
        }
        Some(kept) => {
            let kept: Vec<_> = kept.agents().iter().map(|a| a.card).collect();
            let inv = g.investigation.as_mut().expect("checked");
            for c in &going {
                if !kept.contains(c) {
                    inv.benched.push(*c);
                }
            }
            events.push(Event::public(XfEvent::AgentsKept { kept }));
            Flow::Next
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::cards::Skill;
    use crate::engine::xfiles::effects::testing::*;

    #[test]
    fn a_forced_check_waits_for_the_players_then_branches_on_its_result() {
        let mut g = table();
        to_field(&mut g, 1, &[SCULLY]);
        // Scully's SCIENCES is 3: a 4+ check fails unless a card helps.
        run(
            &mut g,
            0,
            "choose team team(theirs field)\ncheck sciences 4 team=team\nif failed\n  gain cp 3",
        );
        assert!(g.innermost_check().is_some(), "the check waits for plays");
        let c = g.innermost_check().unwrap();
        assert_eq!(c.needs, vec![(Skill::Sciences, 4)]);
        assert_eq!(g.team_total_of(c, Skill::Sciences), 3);
        // Both players pass: the check fails and the effect goes on.
        pass(&mut g);
        pass(&mut g);
        assert!(g.innermost_check().is_none());
        assert_eq!(g.player(0).cp, 8);
    }
}
