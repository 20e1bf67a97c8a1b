//! Checks over every script for effects a card can never produce: a play
//! whose every step needs a combat, on a card that cannot be played in one
//! (only Combat cards and cards whose text says so are played in a combat,
//! p. 14). Darkened Forest, a Bluff revealed at the Site's skill check,
//! once modified only combat skills: it charged CP and did nothing.

use super::ast::{Cond, Instr, Script};
use super::verbs::Step;
use crate::cards::{CardType, Skill, db};

/// Each script's play modes that need a combat their card cannot be played
/// in: "title (mode N)".
pub fn combat_only_plays<'a>(scripts: impl IntoIterator<Item = &'a Script>) -> Vec<String> {
    let mut out = Vec::new();
    for s in scripts {
        let Some(kind) = kind_of(s) else { continue };
        if matches!(kind, CardType::Combat | CardType::Adversary) {
            continue;
        }
        for (m, play) in s.plays.iter().enumerate() {
            let needs = play.when.contains(&Cond::InCombat) || only_combat_steps(&play.program);
            if needs && !play.in_combat {
                out.push(format!("{} (mode {})", s.titles[0], m + 1));
            }
        }
    }
    out
}

fn kind_of(s: &Script) -> Option<CardType> {
    let title = s.titles.first()?;
    db().iter()
        .find(|(_, c)| &c.title == title)
        .map(|(_, c)| c.kind)
}

/// Every step changes only a combat (and there is at least one).
fn only_combat_steps(program: &[Instr]) -> bool {
    let steps: Vec<&Step> = program
        .iter()
        .filter_map(|i| match i {
            Instr::Do(s) => Some(s),
            _ => None,
        })
        .collect();
    !steps.is_empty() && steps.iter().all(|s| combat_step(s))
}

fn combat_step(s: &Step) -> bool {
    let combat = |k: &Skill| matches!(k, Skill::LongRangeCombat | Skill::CloseRangeCombat);
    match s {
        Step::ModifyCheck { skills, .. } => !skills.is_empty() && skills.iter().all(combat),
        Step::CombatBoost { .. }
        | Step::Tactic { .. }
        | Step::Strike { .. }
        | Step::EndCombat
        | Step::FoeStat { .. }
        | Step::SkipLrc
        | Step::NoFight
        | Step::Ally { .. }
        | Step::Empower { .. }
        | Step::FightWith { .. }
        | Step::Shield { .. }
        | Step::NoDamage { .. }
        | Step::Stun { .. }
        | Step::SplitDamage
        | Step::ExtraLrc
        | Step::LeaveCombat { .. } => true,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::xfiles::effects::parse::parse_file;

    #[test]
    fn no_card_is_scripted_for_a_combat_it_cannot_be_played_in() {
        let found = combat_only_plays(super::super::scripts().all());
        assert!(
            found.is_empty(),
            "these plays only change a combat, but their card cannot be played in one (p. 14): {found:?}; give the card an effect outside combat or `in-combat` if its text allows it"
        );
    }

    #[test]
    fn a_bluff_that_only_lowers_combat_skills_is_flagged() {
        let text = "card Darkened Forest\ntext x\nstatus reviewed\nplay\n  x-values 1|3|5|9\n  modify-check (table x 1:-1 3:-2 5:-3 9:-4) close-range-combat|long-range-combat\n";
        let scripts = parse_file("t.xfs", text).expect("parses");
        assert_eq!(combat_only_plays(&scripts), ["Darkened Forest (mode 1)"]);
    }
}
