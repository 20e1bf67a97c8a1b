//! Combat verbs: an Adversary starts combat; Combat cards change this
//! round (skill, damage taken from one or every source, no damage to or
//! from a combatant, stunned for the next round, split damage, an extra
//! Long Range round) or take an Agent out of the combat.

use super::{Step, Tactic};
use crate::cards::{Keyword, Section, Skill};
use crate::engine::xfiles::combat::{Boon, Combatant, Foe};
use crate::engine::xfiles::effects::ast::Num;
use crate::engine::xfiles::effects::lex::Args;
use crate::engine::xfiles::effects::run::Flow;
use crate::engine::xfiles::effects::state::{Resolution, Val, Wait};
use crate::engine::xfiles::{AgentRef, Events, XfGame};

fn combatants(r: &Resolution, var: &str) -> Vec<Combatant> {
    let vals = r.vars.items(var);
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

/// `fight`: the Adversary being resolved (and any played with it)
/// engages the Team (p. 31); the effect goes on when combat ends. What
/// the program set before shapes it: `only` (the one Agent it fights),
/// `host` (the Agent it possesses), the statistics `foe-stat` gave and
/// `skip-lrc`.
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
    // A card played with the Adversaries that is not one (Overwhelming
    // Force) has done its part once they fight: discarded.
    let (fighting, riders): (Vec<_>, Vec<_>) = p
        .with
        .iter()
        .copied()
        .partition(|c| crate::cards::db().get(*c).kind == crate::cards::CardType::Adversary);
    g.player_mut(p.player).discard.extend(riders);
    foes.extend(fighting.iter().map(|c| Foe::new(*c, p.player)));
    for f in &mut foes {
        f.mods.extend(p.mods.iter().cloned());
    }
    if let Some(a) = r.vars.get("only").and_then(Val::agent) {
        foes[0].only = Some(a);
    }
    if let Some(a) = r.vars.get("host").and_then(Val::agent) {
        foes[0].host = Some(a);
    }
    for skill in [
        Skill::LongRangeCombat,
        Skill::CloseRangeCombat,
        Skill::Health,
    ] {
        if let Some(Val::Num(n)) = r.vars.get(&stat_var(skill)) {
            foes[0].stats.push((skill, *n));
        }
    }
    if let Some(Val::List(allies)) = r.vars.get("allies") {
        foes.extend(allies.iter().filter_map(ally_foe));
    }
    let skip = r.vars.flag("skip-lrc");
    let fought = g.investigation.as_ref().is_some_and(|i| i.fought);
    let frame = g.start_combat(foes, p.player, skip, events);
    if let Some(a) = p.target.as_ref().and_then(Val::agent) {
        g.fight_hunted_team(p.player, a, fought);
    }
    r.vars.set("gone", Val::Bool(true));
    Flow::Wait(Wait::Combat(frame))
}

/// `duel <var> <var> [rounds=N] [keywords=a|b]`: the first Agent fights
/// the second, alone, as an Adversary of the controller would: its own
/// LRC and CRC (with its Equipment), its damage taken on its card, Long
/// Range first (p. 31), at most N rounds; each goes to the Hospital at 0
/// HEALTH. The effect goes on when the combat ends (Government Sanctioned
/// Pheromone Experiments; Krycek, the Double Agent).
pub fn parse_duel(a: &mut Args) -> Result<Step, String> {
    let foe = a.var()?;
    let with = a.var()?;
    let rounds = match a.keyed("rounds") {
        Some(w) => match w.parse::<u8>() {
            Ok(n) if n > 0 => Some(n),
            _ => return Err(format!("rounds={w}: a number of rounds from 1")),
        },
        None => None,
    };
    let keywords = match a.keyed("keywords") {
        Some(w) => crate::engine::xfiles::effects::lex::keywords(&w)?,
        None => Vec::new(),
    };
    Ok(Step::Duel {
        foe,
        with,
        rounds,
        keywords,
    })
}

pub fn duel(
    g: &mut XfGame,
    r: &Resolution,
    foe: &str,
    with: &str,
    (rounds, keywords): (Option<u8>, &[Keyword]),
    events: &mut Events,
) -> Flow {
    let agent = |v: &str| r.vars.get(v).and_then(Val::agent);
    let (Some(a), Some(b)) = (agent(foe), agent(with)) else {
        return Flow::Next;
    };
    let standing = |x: AgentRef| g.agent(x).is_some_and(|y| y.section == Section::Field);
    if a == b || g.combat().is_some() || !standing(a) || !standing(b) {
        return Flow::Next;
    }
    let mut f = Foe::new(a.card, r.src.controller);
    f.agent = Some(a);
    f.only = Some(b);
    f.to_hospital = true;
    f.keywords = keywords.to_vec();
    let frame = g.start_combat(vec![f], r.src.controller, false, events);
    if let Some(c) = g.combat_mut()
        && rounds.is_some()
    {
        c.max_rounds = rounds;
    }
    Flow::Wait(Wait::Combat(frame))
}

fn stat_var(skill: Skill) -> String {
    format!("stat:{}", skill.as_str())
}

/// `foe-stat lrc|crc|health <n>`: the Adversary fights with this
/// statistic (Pheromone-Induced Psychosis: the Witness's modifier).
pub fn parse_foe_stat(a: &mut Args) -> Result<Step, String> {
    let skill = a.skill()?;
    if !matches!(
        skill,
        Skill::LongRangeCombat | Skill::CloseRangeCombat | Skill::Health
    ) {
        return Err("foe-stat sets lrc, crc or health".into());
    }
    Ok(Step::FoeStat { skill, n: a.num()? })
}

pub fn foe_stat(g: &mut XfGame, r: &mut Resolution, skill: Skill, n: &Num, _: &mut Events) -> Flow {
    let n = g.num(r, n);
    r.vars.set(&stat_var(skill), Val::Num(n));
    Flow::Next
}

/// `skip-lrc`: this combat begins in Close Range (Luis Cardinal on Skinner).
pub fn parse_skip_lrc(_: &mut Args) -> Result<Step, String> {
    Ok(Step::SkipLrc)
}

pub fn skip_lrc(r: &mut Resolution) -> Flow {
    r.vars.set("skip-lrc", Val::Bool(true));
    Flow::Next
}

/// `no-fight`: this Adversary does not engage the Team after all (the
/// Team passed Liquid Alien's check): it is discarded.
pub fn parse_no_fight(_: &mut Args) -> Result<Step, String> {
    Ok(Step::NoFight)
}

pub fn no_fight(r: &mut Resolution) -> Flow {
    r.vars.set("fought", Val::Bool(true));
    Flow::Next
}

/// `ally <var> <lrc> <crc> <health>`: the card (a Witness on the stack)
/// fights beside the Adversary with these statistics, taking no Long Range
/// damage (Kiss of the Vampire's lesser vampire).
pub fn parse_ally(a: &mut Args) -> Result<Step, String> {
    let var = a.var()?;
    let mut n = [0u8; 3];
    for x in &mut n {
        *x = match a.num()? {
            Num::Lit(v) if (0..=255).contains(&v) => v as u8,
            _ => return Err("ally takes three numbers: lrc crc health".into()),
        };
    }
    Ok(Step::Ally { var, stats: n })
}

pub fn ally(g: &mut XfGame, r: &mut Resolution, var: &str, stats: [u8; 3], _: &mut Events) -> Flow {
    let taken = match r.vars.get(var) {
        Some(Val::Stack(id)) => g.take_from_stack(*id),
        _ => None,
    };
    let Some(p) = taken else {
        return Flow::Next;
    };
    let mut list = match r.vars.get("allies") {
        Some(Val::List(l)) => l.clone(),
        _ => Vec::new(),
    };
    list.push(Val::List(vec![
        Val::Card(p.card),
        Val::Seat(p.player),
        Val::Num(i32::from(stats[0])),
        Val::Num(i32::from(stats[1])),
        Val::Num(i32::from(stats[2])),
    ]));
    r.vars.set("allies", Val::List(list));
    Flow::Next
}

fn ally_foe(v: &Val) -> Option<Foe> {
    let Val::List(l) = v else {
        return None;
    };
    let (Some(Val::Card(card)), Some(Val::Seat(owner))) = (l.first(), l.get(1)) else {
        return None;
    };
    let n = |i: usize| match l.get(i) {
        Some(Val::Num(n)) => *n,
        _ => 0,
    };
    let mut f = Foe::new(*card, *owner);
    f.stats = vec![
        (Skill::LongRangeCombat, n(2)),
        (Skill::CloseRangeCombat, n(3)),
        (Skill::Health, n(4)),
    ];
    f.mods
        .push(crate::engine::xfiles::effects::ast::Modifier::NoLrcDamage);
    Some(f)
}

/// `empower <var> <factor>`: the Adversary (on the stack or fighting)
/// has its LRC, CRC and HEALTH multiplied (The Evil One).
pub fn parse_empower(a: &mut Args) -> Result<Step, String> {
    let var = a.var()?;
    let factor = match a.num()? {
        Num::Lit(v) if (2..=9).contains(&v) => v as u8,
        _ => return Err("empower takes a factor from 2 to 9".into()),
    };
    Ok(Step::Empower { var, factor })
}

pub fn empower(g: &mut XfGame, r: &Resolution, var: &str, factor: u8, _: &mut Events) -> Flow {
    let m = crate::engine::xfiles::effects::ast::Modifier::Multiply { factor };
    match r.vars.get(var) {
        Some(Val::Stack(id)) => {
            if let Some(p) = g.stack.iter_mut().find(|p| p.id == *id) {
                p.mods.push(m);
            }
        }
        Some(Val::Foe(i)) => {
            if let Some(f) = g.combat_mut().and_then(|c| c.foes.get_mut(*i)) {
                f.mods.push(m);
            }
        }
        _ => {}
    }
    Flow::Next
}

/// `fight-with <var>`: this Adversary joins the one on the stack the
/// variable holds: one combat, both fighting (Wall of Cats, Margi Kleinjan).
pub fn parse_fight_with(a: &mut Args) -> Result<Step, String> {
    Ok(Step::FightWith { var: a.var()? })
}

pub fn fight_with(g: &mut XfGame, r: &mut Resolution, var: &str, _: &mut Events) -> Flow {
    let Some(p) = r.played.clone() else {
        return Flow::Next;
    };
    let Some(Val::Stack(id)) = r.vars.get(var).cloned() else {
        return Flow::Next;
    };
    if let Some(host) = g.stack.iter_mut().find(|x| x.id == id) {
        host.with.push(p.card);
        host.with.extend(p.with.iter().copied());
        // The card now travels with the other: it is not discarded on its own.
        r.vars.set("gone", Val::Bool(true));
        r.vars.set("moved", Val::Bool(true));
    }
    Flow::Next
}

/// `combat-boost <var> <±n> [lrc|crc] [combat]`: the combatant's attack
/// this round (in rounds of that range only; for the whole combat).
pub fn parse_boost(a: &mut Args) -> Result<Step, String> {
    let who = a.var()?;
    let n = a.amount()?;
    let skill = if a.eat("lrc") {
        Some(Skill::LongRangeCombat)
    } else if a.eat("crc") {
        Some(Skill::CloseRangeCombat)
    } else {
        None
    };
    Ok(Step::CombatBoost {
        who,
        n,
        skill,
        whole_combat: a.eat("combat"),
    })
}

pub fn boost(
    g: &mut XfGame,
    r: &Resolution,
    who: &str,
    n: &Num,
    skill: Option<Skill>,
    whole_combat: bool,
    _: &mut Events,
) -> Flow {
    let n = g.num(r, n);
    let boon = match skill {
        Some(skill) => Boon::SkillBoost { skill, n },
        None => Boon::Boost(n),
    };
    for c in combatants(r, who) {
        match g.combat_mut() {
            Some(cm) if whole_combat => cm.lasting.push((c, boon.clone())),
            _ => add_boon(g, c, boon.clone()),
        }
    }
    Flow::Next
}

/// `weapon <var> <n>`: discarded Equipment is the Agent's one weapon this
/// round: it adds n instead of the Equipment he carries (p. 21; Garrote).
pub fn parse_weapon(a: &mut Args) -> Result<Step, String> {
    Ok(Step::Weapon {
        who: a.var()?,
        n: a.amount()?,
    })
}

pub fn weapon(g: &mut XfGame, r: &Resolution, who: &str, n: &Num) -> Flow {
    let n = g.num(r, n);
    for c in combatants(r, who) {
        add_boon(g, c, Boon::Weapon(n));
    }
    Flow::Next
}

/// `capture <var>`: the Adversary leaves the combat and is held by this
/// card, not discarded; it goes to its owner's Discard Pile when the card
/// leaves play (Handcuff). An Agent fighting as an Adversary is not taken.
pub fn parse_capture(a: &mut Args) -> Result<Step, String> {
    Ok(Step::Capture { who: a.var()? })
}

pub fn capture(g: &mut XfGame, r: &mut Resolution, who: &str) -> Flow {
    use crate::engine::xfiles::table::{CAPTURED, CAPTURED_OWNER};
    let Some(Val::Foe(i)) = r.vars.get(who).cloned() else {
        return Flow::Next;
    };
    let Some(f) = g.combat().and_then(|c| c.foes.get(i)).cloned() else {
        return Flow::Next;
    };
    if f.agent.is_some() || f.gone {
        return Flow::Next;
    }
    if let Some(cm) = g.combat_mut() {
        cm.foes[i].gone = true;
        cm.foes[i].moved = true;
    }
    super::keep_value(g, r, CAPTURED, Val::Card(f.card));
    super::keep_value(g, r, CAPTURED_OWNER, Val::Seat(f.owner));
    Flow::Next
}

/// `attack-twice <var>`: the combatant attacks twice this round (Fast Strike).
pub fn parse_twice(a: &mut Args) -> Result<Step, String> {
    Ok(Step::Tactic {
        who: a.var()?,
        tactic: Tactic::Twice,
    })
}

/// `strike-first <var>`: its damage lands first this round; Agents it
/// sends down deal none (Sneak Attack).
pub fn parse_first(a: &mut Args) -> Result<Step, String> {
    Ok(Step::Tactic {
        who: a.var()?,
        tactic: Tactic::First,
    })
}

/// `redirect <var> <to-var> [combat]`: the combatant's damage this round
/// (`combat`: every round until the combat ends) goes to that combatant
/// (Mind Control, Watch Out!; the X-File Power Possession).
pub fn parse_redirect(a: &mut Args) -> Result<Step, String> {
    let who = a.var()?;
    let to = a.var()?;
    let whole_combat = a.eat("combat");
    Ok(Step::Tactic {
        who,
        tactic: Tactic::Redirect(to, whole_combat),
    })
}

/// `choke <var>`: whoever it damages this round takes no further part in
/// the combat (Choke Hold).
pub fn parse_choke(a: &mut Args) -> Result<Step, String> {
    Ok(Step::Tactic {
        who: a.var()?,
        tactic: Tactic::Choke,
    })
}

pub fn tactic(g: &mut XfGame, r: &Resolution, who: &str, t: &Tactic, _: &mut Events) -> Flow {
    let (boon, whole_combat) = match t {
        Tactic::Twice => (Boon::Twice, false),
        Tactic::First => (Boon::First, false),
        Tactic::Choke => (Boon::Choke, false),
        Tactic::Redirect(to, whole) => match combatants(r, to).first() {
            Some(c) => (Boon::Redirect(*c), *whole),
            None => return Flow::Next,
        },
    };
    for c in combatants(r, who) {
        match g.combat_mut() {
            Some(cm) if whole_combat => cm.lasting.push((c, boon.clone())),
            _ => add_boon(g, c, boon.clone()),
        }
    }
    Flow::Next
}

/// `strike <from-var> <to-var> <n>`: extra damage this round from one
/// combatant to each of the others (Flaming Wall, Backbreaker).
pub fn parse_strike(a: &mut Args) -> Result<Step, String> {
    Ok(Step::Strike {
        from: a.var()?,
        to: a.var()?,
        n: a.num()?,
    })
}

pub fn strike(
    g: &mut XfGame,
    r: &Resolution,
    from: &str,
    to: &str,
    n: &Num,
    _: &mut Events,
) -> Flow {
    let n = g.num(r, n).clamp(0, 255) as u8;
    let Some(from) = combatants(r, from).first().copied() else {
        return Flow::Next;
    };
    let to = combatants(r, to);
    if let Some(cm) = g.combat_mut()
        && n > 0
    {
        cm.extra.extend(to.into_iter().map(|t| (from, t, n)));
    }
    Flow::Next
}

/// `end-combat`: the combat ends now (Handcuff).
pub fn parse_end_combat(_: &mut Args) -> Result<Step, String> {
    Ok(Step::EndCombat)
}

pub fn end(g: &mut XfGame, _: &Resolution, events: &mut Events) -> Flow {
    if g.combat().is_some() {
        g.end_combat(events);
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

/// `stun <var> [after-damage]`: the combatant deals no damage next round;
/// with `after-damage`, the round after the damage it just took: the
/// round whose cards are being played, when no one was down to open a
/// window right after the damage (Stunning Blow).
pub fn parse_stun(a: &mut Args) -> Result<Step, String> {
    Ok(Step::Stun {
        who: a.var()?,
        after_damage: a.eat("after-damage"),
    })
}

pub fn stun(g: &mut XfGame, r: &Resolution, who: &str, after_damage: bool, _: &mut Events) -> Flow {
    let list = combatants(r, who);
    if let Some(c) = g.combat_mut() {
        if after_damage && c.step == crate::engine::xfiles::CombatStep::Cards {
            c.dazed.extend(list);
        } else {
            c.stunned.extend(list);
        }
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
    use crate::cards::Keyword;
    use crate::engine::xfiles::effects::state::Val;
    use crate::engine::xfiles::effects::testing::*;

    #[test]
    fn duel_sets_one_agent_as_the_foe_of_another_alone() {
        let mut g = table();
        to_field(&mut g, 0, &[MULDER, LAMANA]);
        let (m, l) = (agent(0, MULDER), agent(0, LAMANA));
        let vars = vec![("a", Val::Agent(l)), ("b", Val::Agent(m))];
        run_with(&mut g, 1, "duel a b rounds=2 keywords=government", vars);
        let c = g.combat().expect("a combat began");
        assert_eq!((c.owner, c.max_rounds, c.only), (1, Some(2), Some(m)));
        let f = &c.foes[0];
        assert_eq!((f.agent, f.only, f.owner), (Some(l), Some(m), 1));
        assert!(f.to_hospital);
        assert!(f.has_keyword(Keyword::Government));
        assert_eq!(
            g.fighters(),
            vec![m],
            "the foe Agent does not fight for the Team"
        );
    }

    #[test]
    fn redirect_lasts_the_round_or_with_combat_the_whole_combat_possession() {
        use crate::engine::xfiles::combat::{Boon, Combatant};
        let mut g = table();
        to_field(&mut g, 0, &[MULDER, LAMANA]);
        let (m, l) = (agent(0, MULDER), agent(0, LAMANA));
        let vars = vec![("a", Val::Agent(l)), ("b", Val::Agent(m))];
        run_with(&mut g, 1, "duel a b", vars);
        let hit = (Combatant::Agent(m), Boon::Redirect(Combatant::Foe(0)));
        let vars = || vec![("who", Val::Agent(m)), ("to", Val::Foe(0))];
        run_with(&mut g, 1, "redirect who to", vars());
        let c = g.combat().expect("a combat began");
        assert!(c.boons.contains(&hit) && c.lasting.is_empty());
        run_with(&mut g, 1, "redirect who to combat", vars());
        let c = g.combat().expect("still on");
        assert!(
            c.lasting.contains(&hit),
            "every round until the combat ends"
        );
    }

    #[test]
    fn no_duel_with_itself_or_with_an_agent_out_of_the_field() {
        let mut g = table();
        to_field(&mut g, 0, &[MULDER]);
        let (m, l) = (agent(0, MULDER), agent(0, LAMANA));
        run_with(
            &mut g,
            1,
            "duel a b",
            vec![("a", Val::Agent(m)), ("b", Val::Agent(m))],
        );
        assert!(g.combat().is_none());
        run_with(
            &mut g,
            1,
            "duel a b",
            vec![("a", Val::Agent(m)), ("b", Val::Agent(l))],
        );
        assert!(g.combat().is_none(), "Lamana is in the Bureau");
    }
}
