//! The invariants random playouts check after every action: every card
//! is in exactly one place, a Shadows space holds at most one card,
//! nothing is right of the End Game in the Shadows, the 40 Strikes are
//! all somewhere, and a finished game has a team result.

use super::{Card, LeGame, Place};

impl LeGame {
    /// Strikes drawn and not yet landed (a Fear Strike waiting on a Belief).
    fn strikes_in_flight(&self) -> Vec<Card> {
        self.tasks
            .iter()
            .filter_map(|t| match t {
                super::Task::Fear { strike, .. }
                | super::Task::Guard { strike, .. }
                | super::Task::Land { strike, .. } => Some(*strike),
                _ => None,
            })
            .collect()
    }

    /// Every zone and the cards in it.
    pub fn zones(&self) -> Vec<(String, Vec<Card>)> {
        let mut z: Vec<(String, Vec<Card>)> = vec![
            ("conspiracy".into(), self.conspiracy.clone()),
            (
                "shadows".into(),
                self.shadows.iter().flatten().map(|s| s.card).collect(),
            ),
            ("field".into(), self.field.iter().map(|s| s.card).collect()),
            (
                "bureau".into(),
                self.bureau.iter().flatten().map(|s| s.card).collect(),
            ),
            ("academy".into(), self.academy.clone()),
            ("special agents".into(), self.special_agents.clone()),
            ("strike deck".into(), self.strike_deck.clone()),
            ("discarded strikes".into(), self.strike_discard.clone()),
            ("beliefs".into(), self.beliefs.clone()),
            ("doubts".into(), self.doubts.clone()),
            (
                "evidence".into(),
                self.evidence.iter().map(|e| e.card).collect(),
            ),
            ("outside".into(), self.outside.clone()),
            (
                "defeated conspiracy".into(),
                self.defeated_conspiracy.clone(),
            ),
            (
                "defeated characters".into(),
                self.defeated_characters.clone(),
            ),
            ("end game damage".into(), self.end_game_damage.clone()),
            ("clone damage".into(), self.clone_damage.clone()),
            ("clone evidence".into(), self.clone_evidence.clone()),
            ("resolving".into(), self.strikes_in_flight()),
        ];
        for (i, p) in self.players.iter().enumerate() {
            let own_played: Vec<Card> = p
                .played
                .iter()
                .filter(|x| x.from.is_none())
                .map(|x| x.card)
                .collect();
            let avatar = if p.defeated {
                Vec::new()
            } else {
                vec![p.avatar]
            };
            for (name, cards) in [
                ("avatar", avatar),
                ("deck", p.deck.clone()),
                ("hand", p.hand.clone()),
                ("discard", p.discard.clone()),
                ("played", own_played),
                ("vigilant", p.vigilant.clone()),
                ("strikes", p.strikes.iter().map(|w| w.card).collect()),
                ("set aside", p.set_aside.into_iter().collect()),
                ("cliffhangers", p.cliffhangers.clone()),
            ] {
                z.push((format!("seat {} {name}", i + 1), cards));
            }
        }
        z
    }

    /// Checks the invariants; the error says which one broke.
    pub fn audit(&self) -> Result<(), String> {
        let mut seen = vec![0u8; self.inst.len()];
        for (zone, cards) in self.zones() {
            for c in cards {
                let n = seen
                    .get_mut(usize::from(c))
                    .ok_or(format!("{zone}: unknown card {c}"))?;
                *n += 1;
                if *n > 1 {
                    return Err(format!(
                        "{} ({c}) is in two places, one of them {zone}",
                        self.name(c)
                    ));
                }
            }
        }
        if let Some(c) = seen.iter().position(|n| *n == 0) {
            return Err(format!("{} ({c}) is nowhere", self.name(c as Card)));
        }
        if let Some(Place::Shadows(i)) = self.place_of(self.end_game)
            && self.shadows[usize::from(i) + 1..]
                .iter()
                .flatten()
                .any(|s| Some(s.card) != self.clone)
        {
            let spaces: Vec<String> = self
                .shadows
                .iter()
                .map(|s| s.map_or("-".into(), |s| self.name(s.card)))
                .collect();
            return Err(format!(
                "a card is right of the End Game in the Shadows: {}",
                spaces.join(" | ")
            ));
        }
        let strikes = self
            .inst
            .iter()
            .filter(|d| self.defs[usize::from(**d)].kind == super::Kind::Strike)
            .count();
        let placed = self.strikes_in_flight().len()
            + self.strike_deck.len()
            + self.strike_discard.len()
            + self.end_game_damage.len()
            + self.clone_damage.len()
            + self.players.iter().map(|p| p.strikes.len()).sum::<usize>();
        if strikes != placed {
            return Err(format!(
                "{strikes} Strikes exist but {placed} are where Strikes go"
            ));
        }
        if self.is_over() != self.outcome.is_some() {
            return Err("the game is over without an outcome, or the reverse".into());
        }
        if self.outcome.as_ref().is_some_and(|o| o.team.is_none()) {
            return Err("a finished game has no team result".into());
        }
        if !self.is_over() && self.choice.is_none() && self.phase != super::Phase::Action {
            return Err(format!(
                "the game waits outside the Action Phase ({:?})",
                self.phase
            ));
        }
        Ok(())
    }
}
