//! Agent verbs: healing, damage, moving between sections, removal from the
//! game (Killer), abduction (ten cards down in the deck), time out of play
//! (training), and full recovery.

use super::Step;
use crate::cards::{Keyword, Section, db};
use crate::engine::xfiles::effects::ast::Num;
use crate::engine::xfiles::effects::lex::Args;
use crate::engine::xfiles::effects::run::Flow;
use crate::engine::xfiles::effects::state::{AbilityRef, Resolution, Val};
use crate::engine::xfiles::{AgentRef, Events, Place, XfEvent, XfGame};

fn agents_in(r: &Resolution, var: &str) -> Vec<AgentRef> {
    r.vars.get(var).map(Val::agents).unwrap_or_default()
}

/// `heal <var> [n|all]`: heals the Agents (by 1 unless said). A HEALING
/// card also lifts a ban on healing (The Manitou, FAQ97 #58).
pub fn parse_heal(a: &mut Args) -> Result<Step, String> {
    let who = a.var()?;
    let n = if a.eat("all") {
        None
    } else if a.is_done() {
        Some(Num::Lit(1))
    } else {
        Some(a.num()?)
    };
    Ok(Step::Heal { who, n })
}

pub fn heal(
    g: &mut XfGame,
    r: &Resolution,
    who: &str,
    n: Option<&Num>,
    events: &mut Events,
) -> Flow {
    let healing = db().get(r.src.card).has_keyword(Keyword::Healing);
    let amount = n.map_or(u8::MAX, |n| g.num(r, n).clamp(0, 255) as u8);
    for a in agents_in(r, who) {
        g.heal_agent(a, amount, healing, events);
    }
    Flow::Next
}

/// `damage <var> <n>`: n points to each Agent (an Agent at 0 HEALTH goes
/// to the Hospital; Equipment such as a Kevlar Vest may absorb some).
pub fn parse_damage(a: &mut Args) -> Result<Step, String> {
    Ok(Step::Damage {
        who: a.var()?,
        n: a.num()?,
    })
}

pub fn damage(g: &mut XfGame, r: &Resolution, who: &str, n: &Num, events: &mut Events) -> Flow {
    let amount = g.num(r, n).clamp(0, 255) as u8;
    for a in agents_in(r, who) {
        let dealt = g.damage_agent(a, amount, events);
        // A card's damage to a fighting Agent is damage in Combat (Possession).
        if dealt > 0 && g.fighters().contains(&a) {
            g.note_combat_hurt(a);
        }
        g.hospitalize_if_down(a, events);
    }
    Flow::Next
}

/// `move <var> <section>`: the Agents go to the section (an injured Agent
/// never leaves the Hospital early, Rules Assistant p. 5).
pub fn parse_move(a: &mut Args) -> Result<Step, String> {
    Ok(Step::Move {
        who: a.var()?,
        to: a.section()?,
    })
}

pub fn move_to(
    g: &mut XfGame,
    r: &Resolution,
    who: &str,
    to: Section,
    events: &mut Events,
) -> Flow {
    for a in agents_in(r, who) {
        if to == Section::Hospital && forced_elsewhere(g, r, a, events) {
            continue;
        }
        g.move_agent(a, to, events);
        g.moved_by(a, r.src.card);
    }
    Flow::Next
}

/// An Agent an effect sends to the Hospital: a card in play may take it
/// instead (Ceremony). A replacement's own block sends on the Agent waiting
/// under its card, and is not replaced again.
fn forced_elsewhere(g: &mut XfGame, r: &Resolution, a: AgentRef, events: &mut Events) -> bool {
    if matches!(r.src.ability, AbilityRef::Replace(_)) {
        g.unhold(a, r.src.perm);
        return false;
    }
    !g.held_in_section(a) && g.hospital_replaced(a, events)
}

/// `remove <var>`: the Agents are removed from the game.
pub fn parse_remove(a: &mut Args) -> Result<Step, String> {
    Ok(Step::Remove { who: a.var()? })
}

pub fn remove(g: &mut XfGame, r: &mut Resolution, who: &str, events: &mut Events) -> Flow {
    for a in agents_in(r, who) {
        if g.agent(a).is_some() && !super::stood_in(g, r, a.seat, events) {
            g.remove_agent(a, events);
        }
    }
    Flow::Next
}

/// `discard-agent <var>`: the Agents go to their owners' Discard Piles,
/// with the cards on them (Additional Resources: "discard this card and
/// the selected Agent").
pub fn parse_discard_agent(a: &mut Args) -> Result<Step, String> {
    Ok(Step::DiscardAgent { who: a.var()? })
}

pub fn discard_agent(g: &mut XfGame, r: &Resolution, who: &str, events: &mut Events) -> Flow {
    for a in agents_in(r, who) {
        g.discard_agent(a, events);
    }
    Flow::Next
}

/// `abduct <var>`: the Agent goes face up ten cards down in its owner's
/// deck (the eleventh card, Rules Assistant p. 9), its Equipment
/// discarded; when drawn it goes to the Hospital, undamaged.
pub fn parse_abduct(a: &mut Args) -> Result<Step, String> {
    Ok(Step::Abduct { who: a.var()? })
}

pub fn abduct(g: &mut XfGame, r: &Resolution, who: &str, events: &mut Events) -> Flow {
    for a in agents_in(r, who) {
        g.abduct_agent(a, events);
    }
    Flow::Next
}

/// `away <var> <turns>`: the Agent is out of play for that many of its
/// owner's turns ("one full turn": back the turn after next, FAQ97 #38).
pub fn parse_away(a: &mut Args) -> Result<Step, String> {
    let who = a.var()?;
    let turns = match a.num()? {
        Num::Lit(n) if n > 0 => n as u8,
        _ => return Err("away takes a number of turns".into()),
    };
    Ok(Step::Away { who, turns })
}

pub fn away(g: &mut XfGame, r: &Resolution, who: &str, turns: u8, events: &mut Events) -> Flow {
    for a in agents_in(r, who) {
        g.send_away(a, turns, events);
    }
    Flow::Next
}

/// `restore <var>`: fully healed, staying where it is (He Won't Let Me Die,
/// Avatar, Samuel Hartley: FAQ96 #29).
pub fn parse_restore(a: &mut Args) -> Result<Step, String> {
    Ok(Step::Restore { who: a.var()? })
}

pub fn restore(g: &mut XfGame, r: &Resolution, who: &str, events: &mut Events) -> Flow {
    for a in agents_in(r, who) {
        g.heal_agent(a, u8::MAX, true, events);
        if let Some(x) = g.agent_mut(a) {
            x.until_healed = false;
        }
    }
    Flow::Next
}

/// `bring-back <var> [health=N]`: Agents that went to another section this
/// turn return to where they were, even from the Hospital; Agents removed
/// from the game this turn come back as they were (He Won't Let Me Die,
/// Samuel Hartley, Written Report). With `health=N` the Agent's HEALTH is
/// raised to N.
pub fn parse_bring_back(a: &mut Args) -> Result<Step, String> {
    let who = a.var()?;
    let health = match a.keyed("health") {
        Some(v) => Some(v.parse().map_err(|_| format!("health={v}: a number"))?),
        None => None,
    };
    Ok(Step::BringBack { who, health })
}

pub fn bring_back(
    g: &mut XfGame,
    r: &mut Resolution,
    who: &str,
    health: Option<u8>,
    events: &mut Events,
) -> Flow {
    let agents: Vec<AgentRef> = match r.vars.get(who) {
        Some(Val::Held(seat, _, card)) => vec![AgentRef {
            seat: *seat,
            card: *card,
        }],
        Some(v) => v.agents(),
        None => Vec::new(),
    };
    for a in agents {
        let removed = g.agent(a).is_none();
        if g.bring_back(a, events) && removed {
            // Later steps see the Agent back in play, not the removed card.
            r.vars.set(who, Val::Agent(a));
        }
        if let Some(n) = health
            && g.agent(a).is_some_and(|x| x.section != Section::Hospital)
        {
            let max = g.max_health(a);
            let x = g.agent_mut(a).expect("back");
            x.damage = x.damage.min(max.saturating_sub(n));
        }
    }
    Flow::Next
}

/// `last-check <var>`: the Agents go back to the Hospital when the next
/// skill check their Team makes ends, or when the turn ends (True Grit).
pub fn parse_last_check(a: &mut Args) -> Result<Step, String> {
    Ok(Step::LastCheck { who: a.var()? })
}

pub fn last_check(g: &mut XfGame, r: &Resolution, who: &str, _: &mut Events) -> Flow {
    for a in agents_in(r, who) {
        if let Some(x) = g.agent_mut(a)
            && x.section != Section::Hospital
        {
            x.last_check = true;
        }
    }
    Flow::Next
}

/// `hospitalize <var> [until-healed] [at-zero]`: the Agents go to the
/// Hospital now (with 0 HEALTH: all their HEALTH lost as damage), and
/// stay until fully healed (Internal Bleeding).
pub fn parse_hospitalize(a: &mut Args) -> Result<Step, String> {
    let who = a.var()?;
    let until_healed = a.eat("until-healed");
    let at_zero = a.eat("at-zero");
    Ok(Step::Hospitalize {
        who,
        until_healed,
        at_zero,
    })
}

pub fn hospitalize(
    g: &mut XfGame,
    r: &Resolution,
    who: &str,
    until_healed: bool,
    at_zero: bool,
    events: &mut Events,
) -> Flow {
    for a in agents_in(r, who) {
        if at_zero {
            let h = g.current_health(a);
            g.damage_agent(a, h, events);
        }
        if forced_elsewhere(g, r, a, events) {
            continue;
        }
        g.move_agent(a, crate::cards::Section::Hospital, events);
        g.moved_by(a, r.src.card);
        if until_healed && let Some(x) = g.agent_mut(a) {
            x.until_healed = true;
        }
    }
    Flow::Next
}

/// `wound <var>`: the Basic Game's Adversary (Rules Assistant p. 4): the
/// Agents go to the Hospital, wounded (see `XfGame::wound`).
pub fn parse_wound(a: &mut Args) -> Result<Step, String> {
    Ok(Step::Wound { who: a.var()? })
}

pub fn wound(g: &mut XfGame, r: &Resolution, who: &str, events: &mut Events) -> Flow {
    for a in agents_in(r, who) {
        g.wound(a, r.src.card, events);
    }
    Flow::Next
}

/// `slow-heal <var>`: the Agents heal at half rate and no card heals them
/// until their damage is gone (Brother Martin).
pub fn parse_slow_heal(a: &mut Args) -> Result<Step, String> {
    Ok(Step::SlowHeal { who: a.var()? })
}

pub fn slow_heal(g: &mut XfGame, r: &Resolution, who: &str, _: &mut Events) -> Flow {
    for a in agents_in(r, who) {
        if let Some(x) = g.agent_mut(a)
            && x.damage > 0
        {
            x.slow_heal = true;
        }
    }
    Flow::Next
}

/// `lose-health <var> <n>`: permanent HEALTH lost (never below 1)
/// (Unnatural Aging).
pub fn parse_lose_health(a: &mut Args) -> Result<Step, String> {
    let who = a.var()?;
    let n = match a.num()? {
        Num::Lit(n) if n > 0 => n as u8,
        _ => return Err("lose-health takes a number".into()),
    };
    Ok(Step::LoseHealth { who, n })
}

pub fn lose_health(g: &mut XfGame, r: &Resolution, who: &str, n: u8, _: &mut Events) -> Flow {
    for a in agents_in(r, who) {
        if let Some(x) = g.agent_mut(a) {
            x.health_lost = x.health_lost.saturating_add(n);
        }
    }
    Flow::Next
}

/// `keep-rp`: the card's Agent keeps his dedicated RP for the next payment,
/// made from the pool alone ("This RP may be used", Agent Janus).
pub fn parse_keep_rp(_: &mut Args) -> Result<Step, String> {
    Ok(Step::KeepRp)
}

pub fn keep_rp(g: &mut XfGame, r: &Resolution) -> Flow {
    let turn = g.turn as i32;
    if let Some(a) = r.src.agent.and_then(|a| g.agent_mut(a)) {
        a.data.set(super::RP_KEPT, Val::Num(turn));
    }
    Flow::Next
}

/// `borrow <var> [team=<var>] [back=bureau]`: an opponent's Agent joins
/// the controller's Team (that Team's section and number; else the Bureau)
/// for the rest of the turn, with the cards on it; it goes back to its own
/// Team at the end of the turn (FAQ21 #63; Application For FBI Resources
/// Approved), or to its owner's Bureau (Warrant Served), unless it is in
/// the Hospital.
pub fn parse_borrow(a: &mut Args) -> Result<Step, String> {
    let who = a.var()?;
    let mut team = None;
    let mut to_bureau = false;
    while !a.is_done() {
        if let Some(t) = a.keyed("team") {
            team = Some(t);
        } else if a.eat("back=bureau") {
            to_bureau = true;
        } else {
            return Err(format!("'{}' is not an option of borrow", a.take()?.text()));
        }
    }
    Ok(Step::Borrow {
        who,
        team,
        to_bureau,
    })
}

pub fn borrow(
    g: &mut XfGame,
    r: &Resolution,
    who: &str,
    (team, to_bureau): (Option<&str>, bool),
    events: &mut Events,
) -> Flow {
    let me = r.src.controller;
    let joins = team
        .and_then(|t| agents_in(r, t).first().copied())
        .and_then(|a| g.agent(a))
        .map_or((Section::Bureau, 0), |a| (a.section, a.team));
    for b in agents_in(r, who) {
        if b.seat == me
            || g.agent(AgentRef {
                seat: me,
                card: b.card,
            })
            .is_some()
        {
            continue;
        }
        let p = g.player_mut(b.seat);
        let Some(i) = p.agents.iter().position(|x| x.card == b.card) else {
            continue;
        };
        let mut agent = p.agents.remove(i);
        agent.borrowed_from = Some(b.seat);
        agent.home = Some(if to_bureau {
            (Section::Bureau, 0)
        } else {
            (agent.section, agent.team)
        });
        (agent.section, agent.team) = joins;
        let to = AgentRef {
            seat: me,
            card: b.card,
        };
        for p in g.perms.iter_mut().filter(|p| p.place == Place::Agent(b)) {
            p.place = Place::Agent(to);
        }
        g.player_mut(me).agents.push(agent);
        events.push(crate::engine::Event::public(XfEvent::Moved {
            agent: to,
            section: joins.0,
            team: joins.1,
        }));
    }
    Flow::Next
}

/// `hold <var>`: the Agents are out of play under this card until it lets
/// them go (`release`) (Oubliette).
pub fn parse_hold(a: &mut Args) -> Result<Step, String> {
    Ok(Step::Hold { who: a.var()? })
}

pub fn hold(g: &mut XfGame, r: &mut Resolution, who: &str, events: &mut Events) -> Flow {
    let agents = agents_in(r, who);
    let perm = r.src.perm.unwrap_or(u32::MAX);
    for a in &agents {
        let equipment: Vec<u32> = g
            .perms
            .iter()
            .filter(|p| p.place == crate::engine::xfiles::Place::Agent(*a))
            .map(|p| p.id)
            .collect();
        for id in equipment {
            g.leave_play(id, events);
        }
        if let Some(x) = g.agent_mut(*a) {
            x.away = Some(crate::engine::xfiles::Away::Held { perm });
            events.push(crate::engine::Event::public(
                crate::engine::xfiles::XfEvent::AgentAway { agent: *a },
            ));
        }
    }
    // The card enters play after its program: it then holds them by its id.
    r.vars.set("held", Val::Agents(agents));
    Flow::Next
}

/// `release`: the Agents this card holds return to their Bureau (Oubliette);
/// `release <var> field`: those Agents it holds return to the Field (Ceremony).
pub fn parse_release(a: &mut Args) -> Result<Step, String> {
    if a.is_done() {
        return Ok(Step::Release { who: None });
    }
    let who = a.var()?;
    a.expect("field")?;
    Ok(Step::Release { who: Some(who) })
}

pub fn release(g: &mut XfGame, r: &Resolution, who: Option<&str>, events: &mut Events) -> Flow {
    let Some(perm) = r.src.perm else {
        return Flow::Next;
    };
    match who {
        None => g.release_held(perm, events),
        Some(v) => {
            for a in agents_in(r, v) {
                g.unhold_to(a, perm, Section::Field, events);
            }
        }
    }
    Flow::Next
}

/// `lower-cost <var> <n>`: the Agents' Cost drops for good; at 0 or less
/// the Agent is removed from the game (Terminal Damage).
pub fn parse_lower_cost(a: &mut Args) -> Result<Step, String> {
    let who = a.var()?;
    let n = match a.num()? {
        Num::Lit(n) if n > 0 => n as u8,
        _ => return Err("lower-cost takes a number".into()),
    };
    Ok(Step::LowerCost { who, n })
}

pub fn lower_cost(g: &mut XfGame, r: &Resolution, who: &str, n: u8, events: &mut Events) -> Flow {
    for a in agents_in(r, who) {
        let Some(x) = g.agent_mut(a) else {
            continue;
        };
        x.cost_lost = x.cost_lost.saturating_add(n);
        if g.agent_cost(a) <= 0 {
            g.remove_agent(a, events);
        }
    }
    Flow::Next
}

#[cfg(test)]
mod tests {
    use crate::cards::Section;
    use crate::engine::xfiles::effects::state::Val;
    use crate::engine::xfiles::effects::testing::*;
    use crate::engine::xfiles::{AgentRef, Away, Place, XfGame};

    #[test]
    fn discard_agent_sends_it_to_its_owners_discard_pile_additional_resources() {
        let mut g = table();
        let l = agent(0, LAMANA);
        run_with(&mut g, 1, "discard-agent a", vec![("a", Val::Agent(l))]);
        assert!(g.agent(l).is_none());
        assert!(g.player(0).discard.contains(&l.card));
        assert!(!g.player(0).removed.contains(&l.card));
    }

    #[test]
    fn heal_and_damage_keep_health_within_bounds() {
        let mut g = table();
        let m = agent(0, MULDER);
        run_with(&mut g, 1, "damage a 2", vec![("a", Val::Agent(m))]);
        assert_eq!(g.agent(m).unwrap().damage, 2);
        run_with(&mut g, 0, "heal a 5", vec![("a", Val::Agent(m))]);
        assert_eq!(g.agent(m).unwrap().damage, 0);
        run_with(&mut g, 1, "damage a 9", vec![("a", Val::Agent(m))]);
        assert_eq!(
            g.agent(m).unwrap().damage,
            5,
            "HEALTH never below 0 (FAQ97 #15)"
        );
        assert_eq!(g.agent(m).unwrap().section, Section::Hospital);
    }

    #[test]
    fn move_keeps_an_injured_agent_in_the_hospital_ra_p5() {
        let mut g = table();
        let m = agent(0, MULDER);
        run_with(&mut g, 1, "move a hospital", vec![("a", Val::Agent(m))]);
        assert_eq!(g.agent(m).unwrap().section, Section::Hospital);
        g.agent_mut(m).unwrap().damage = 4;
        run_with(&mut g, 0, "move a field", vec![("a", Val::Agent(m))]);
        assert_eq!(g.agent(m).unwrap().section, Section::Hospital);
    }

    #[test]
    fn bring_back_returns_an_agent_moved_this_turn_even_from_the_hospital() {
        let mut g = table();
        let m = agent(0, MULDER);
        run_with(&mut g, 1, "damage a 9", vec![("a", Val::Agent(m))]);
        assert_eq!(g.agent(m).unwrap().section, Section::Hospital);
        run_with(
            &mut g,
            0,
            "bring-back a health=3",
            vec![("a", Val::Agent(m))],
        );
        assert_eq!(g.agent(m).unwrap().section, Section::Bureau);
        assert_eq!(g.current_health(m), 3);
    }

    #[test]
    fn bring_back_restores_an_agent_removed_this_turn_and_nothing_else() {
        let mut g = table();
        let (l, m) = (agent(0, LAMANA), agent(0, MULDER));
        run_with(&mut g, 1, "remove a", vec![("a", Val::Agent(l))]);
        run_with(&mut g, 0, "bring-back a", vec![("a", Val::Agent(l))]);
        assert!(g.agent(l).is_some());
        assert!(!g.player(0).removed.contains(&l.card));
        run_with(&mut g, 0, "bring-back a", vec![("a", Val::Agent(m))]);
        assert_eq!(g.agent(m).unwrap().section, Section::Bureau, "never moved");
    }

    #[test]
    fn last_check_sends_the_agent_back_when_the_turn_ends() {
        let mut g = table();
        let m = agent(0, MULDER);
        run_with(&mut g, 0, "last-check a", vec![("a", Val::Agent(m))]);
        assert!(g.agent(m).unwrap().last_check);
        g.last_check_over(None, &mut Vec::new());
        assert_eq!(g.agent(m).unwrap().section, Section::Hospital);
        assert!(!g.agent(m).unwrap().last_check);
    }

    #[test]
    fn remove_takes_the_agent_out_of_the_game() {
        let mut g = table();
        let m = agent(0, LAMANA);
        run_with(&mut g, 1, "remove a", vec![("a", Val::Agent(m))]);
        assert!(g.agent(m).is_none());
        assert!(g.player(0).removed.contains(&m.card));
    }

    #[test]
    fn abduct_puts_the_agent_eleventh_in_the_deck_and_draws_it_back_to_the_hospital() {
        let mut g = table();
        let m = agent(0, SCULLY);
        run_with(&mut g, 1, "abduct a", vec![("a", Val::Agent(m))]);
        assert!(g.agent(m).is_none());
        assert_eq!(g.player(0).deck[10], m.card);
        run(&mut g, 0, "draw 11");
        let back = g.agent(m).expect("back in play");
        assert_eq!((back.section, back.damage), (Section::Hospital, 0));
        assert_eq!(
            g.player(0).hand.len(),
            18,
            "the abductee is not drawn: the next card is"
        );
        assert!(!g.player(0).hand.contains(&m.card));
    }

    /// The host card in play for seat 0, with Ceremony's replacement.
    fn ceremony_in_play(g: &mut XfGame) -> u32 {
        use crate::engine::xfiles::effects::db::{printed_text, scripts};
        let title = &crate::cards::db().get(id(HOST)).title;
        let text = printed_text(id(HOST)).expect("the host has text");
        let script = format!(
            "card {title}\ntext {text}\nstatus reviewed\nreplace to-hospital agent(mine keyword=believer)\n  if not may \"Under it?\"\n    hospitalize agent\n"
        );
        g.set_scripts(scripts().with(&script).unwrap_or_else(|e| panic!("{e}")));
        g.put_in_play(0, id(HOST), Place::Section(0, Section::Field))
    }

    /// The Agent drops to 0 HEALTH outside any effect (as in combat).
    fn knock_out(g: &mut XfGame, a: AgentRef) {
        let mut events = Vec::new();
        g.damage_agent(a, 9, &mut events);
        g.hospitalize_if_down(a, &mut events);
        g.settle(&mut events);
    }

    #[test]
    fn a_to_hospital_replacement_holds_the_agent_while_asking_and_a_no_sends_it_on_ceremony() {
        let mut g = table();
        let perm = ceremony_in_play(&mut g);
        to_field(&mut g, 0, &[MULDER, SCULLY]);
        let (m, s) = (agent(0, MULDER), agent(0, SCULLY));
        knock_out(&mut g, s);
        assert!(g.choice.is_none(), "Scully is no BELIEVER");
        assert_eq!(g.agent(s).unwrap().section, Section::Hospital);
        knock_out(&mut g, m);
        assert_eq!(g.choice.as_ref().map(|c| c.seat), Some(0));
        assert_eq!(
            g.agent(m).unwrap().away,
            Some(Away::Held { perm }),
            "out of the Field while the answer waits"
        );
        choose(&mut g, &["No"]);
        let x = g.agent(m).unwrap();
        assert_eq!((x.section, x.away), (Section::Hospital, None));
    }

    #[test]
    fn a_yes_keeps_the_agent_under_the_card_until_released_to_the_field_ceremony() {
        let mut g = table();
        let perm = ceremony_in_play(&mut g);
        to_field(&mut g, 0, &[MULDER]);
        let m = agent(0, MULDER);
        knock_out(&mut g, m);
        choose(&mut g, &["Yes"]);
        assert_eq!(g.agent(m).unwrap().away, Some(Away::Held { perm }));
        run_on(&mut g, 0, perm, "choose p agent(under)\nrelease p field");
        let x = g.agent(m).unwrap();
        assert_eq!((x.section, x.away), (Section::Field, None));
    }

    #[test]
    fn an_agent_at_0_health_under_a_card_leaving_play_goes_to_the_hospital() {
        let mut g = table();
        let perm = ceremony_in_play(&mut g);
        let m = agent(0, MULDER);
        knock_out(&mut g, m);
        choose(&mut g, &["Yes"]);
        g.leave_play(perm, &mut Vec::new());
        let x = g.agent(m).unwrap();
        assert_eq!((x.section, x.away), (Section::Hospital, None));
    }

    #[test]
    fn away_keeps_the_agent_out_for_its_owners_next_turn_faq97_38() {
        let mut g = table();
        let m = agent(0, LAMANA);
        run_with(&mut g, 0, "away a 1", vec![("a", Val::Agent(m))]);
        assert!(g.agent(m).unwrap().away.is_some());
        g.start_turn(1, &mut Vec::new());
        g.start_turn(0, &mut Vec::new());
        assert!(
            g.agent(m).unwrap().away.is_some(),
            "misses its owner's next turn"
        );
        g.start_turn(1, &mut Vec::new());
        g.start_turn(0, &mut Vec::new());
        assert!(g.agent(m).unwrap().away.is_none(), "back the turn after");
    }
}
