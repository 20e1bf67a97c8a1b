//! X-File Powers (optional rule, pp. 43-45): a player who announces one
//! characteristic of their X-File to all gains that value's Power. Each
//! Power is a script (`cards/xfiles-ccg/scripts/powers.xfs`): statics in
//! force, abilities used with `/power`, triggers. Only the Conspiracy player
//! uses them, for their own benefit (Ancillary Documentation p. 14).

use serde::{Deserialize, Serialize};

use super::effects::state::{AbilityRef, Source, Vars};
use super::effects::statics::{InForce, Want};
use super::{Events, XfEvent, XfGame};
use crate::cards::{CardIdx, Category, Trait};
use crate::engine::{Event, Refusal, Seat};

/// A Power a player has gained: its tokens, its once-per-turn marks and
/// what it remembers (Survival's last Agent).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PowerState {
    pub value: Trait,
    #[serde(default)]
    pub tokens: u8,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub used: Vec<(u8, u32)>,
    #[serde(default, skip_serializing_if = "Vars::is_empty")]
    pub data: Vars,
}

impl XfGame {
    pub(crate) fn power(&self, seat: Seat, value: Trait) -> Option<&PowerState> {
        self.player(seat).powers.iter().find(|p| p.value == value)
    }

    pub(crate) fn power_mut(&mut self, seat: Seat, value: Trait) -> Option<&mut PowerState> {
        self.player_mut(seat)
            .powers
            .iter_mut()
            .find(|p| p.value == value)
    }

    /// The card a Power's effects run for: the seat's X-File, which no
    /// event or message names (they name the Power).
    pub(crate) fn power_source_card(&self, seat: Seat) -> Result<CardIdx, Refusal> {
        self.player(seat)
            .xfile
            .ok_or_else(|| Refusal::new("choose your X-File first"))
    }

    pub(crate) fn power_src(
        &self,
        seat: Seat,
        value: Trait,
        ability: AbilityRef,
    ) -> Option<Source> {
        Some(Source {
            // "Your opponent" is the player whose turn it is (AD p. 14).
            opponent: (seat != self.active).then_some(self.active),
            power: Some(value),
            ..Source::new(self.player(seat).xfile?, ability, seat)
        })
    }

    /// Every gained Power of every player, as script sources.
    pub(crate) fn power_sources(&self, ability: AbilityRef) -> Vec<Source> {
        if !self.options.powers {
            return Vec::new();
        }
        let mut out = Vec::new();
        for (seat, p) in self.players.iter().enumerate().filter(|(_, p)| !p.out) {
            for st in &p.powers {
                out.extend(self.power_src(seat as Seat, st.value, ability));
            }
        }
        out
    }

    /// Modifiers the gained X-File Powers give now.
    pub(crate) fn powers_in_force(&self, want: Want) -> Vec<InForce<'_>> {
        let scripts = self.scripts_ref();
        let none = Vars::default();
        let mut out = Vec::new();
        for src in self.power_sources(AbilityRef::Use(0)) {
            let Some(s) = src.power.and_then(|t| scripts.power(t)) else {
                continue;
            };
            for st in s.statics.iter().filter(|st| want(&st.modifier)) {
                if self.conditions_hold(&src, &none, &st.when) {
                    out.push(InForce {
                        src: src.clone(),
                        modifier: &st.modifier,
                        host: src.controller,
                    });
                }
            }
        }
        out
    }

    /// Whether the seat may use this Power now: the option is on, it is
    /// their X-File's value, and they are a Conspiracy player (AD p. 14).
    pub(crate) fn power_usable(&self, seat: Seat, value: Trait) -> Result<(), Refusal> {
        if !self.options.powers {
            return Err(Refusal::new(
                "X-File Powers are not used in this game (the option powers:true at /game new, p. 43)",
            ));
        }
        if self.power(seat, value).is_none() {
            return Err(Refusal::new(format!(
                "the Power {value} is not yours: announce your X-File's {} first (/announce)",
                value.category()
            )));
        }
        if seat == self.active {
            return Err(Refusal::new(
                "X-File Powers are used by the Conspiracy player, not on your own turn (Ancillary Documentation p. 14)",
            ));
        }
        Ok(())
    }

    /// Uses a Power, announcing its characteristic first if it was not yet
    /// (p. 43: "the controlling player must announce" it).
    pub(super) fn use_power_announcing(
        &mut self,
        seat: Seat,
        value: Trait,
        ability: u8,
        target: &Option<super::Target>,
        events: &mut Events,
    ) -> Result<(), Refusal> {
        if !self.options.powers {
            return Err(Refusal::new(
                "X-File Powers are not used in this game (the option powers:true at /game new, p. 43)",
            ));
        }
        if self.power(seat, value).is_none() {
            let mine = self.xfile_value(seat, value.category());
            if mine != Some(value) {
                return Err(Refusal::new(format!(
                    "your X-File's {} is not {value}: that Power is not yours",
                    value.category()
                )));
            }
            self.announce(seat, value.category(), events)?;
            // A Power in force by itself (a cost, a trigger) is gained by
            // announcing it: there is nothing more to use.
            if self
                .scripts_ref()
                .power(value)
                .is_some_and(|s| s.abilities.is_empty())
            {
                return Ok(());
            }
        }
        self.use_power(seat, value, ability, target, events)
    }

    fn xfile_value(&self, seat: Seat, category: Category) -> Option<Trait> {
        let x = self.player(seat).xfile?;
        Some(crate::cards::db().get(x).characteristics?.get(category))
    }

    /// A player announces one characteristic of their X-File to all (p. 43)
    /// and gains its Power, with the tokens it places on the X-File.
    pub(super) fn announce(
        &mut self,
        seat: Seat,
        category: Category,
        events: &mut Events,
    ) -> Result<(), Refusal> {
        if !self.options.powers {
            return Err(Refusal::new(
                "X-File Powers are not used in this game (the option powers:true at /game new, p. 43)",
            ));
        }
        let Some(value) = self.xfile_value(seat, category) else {
            return Err(Refusal::new("choose your X-File first"));
        };
        if self.player(seat).announced.contains(&category) {
            return Err(Refusal::new(format!(
                "your X-File's {category} is already announced: its Power ({value}) is yours"
            )));
        }
        self.player_mut(seat).announced.push(category);
        let tokens = self.scripts_ref().power(value).map_or(0, |s| s.tokens);
        self.player_mut(seat).powers.push(PowerState {
            value,
            tokens,
            used: Vec::new(),
            data: Vars::default(),
        });
        events.push(Event::public(XfEvent::Announced {
            seat,
            category,
            value,
        }));
        Ok(())
    }

    /// Power abilities the seat could use now, with a target for each
    /// that names one (for hints and bots).
    pub(crate) fn usable_powers(&self, seat: Seat) -> Vec<(Trait, u8, Option<super::Target>)> {
        let scripts = self.script_db();
        let mut out = Vec::new();
        for st in &self.player(seat).powers {
            let Some(s) = scripts.power(st.value) else {
                continue;
            };
            for i in 0..s.abilities.len() as u8 {
                for target in self.power_targets(seat, st.value, i) {
                    out.push((st.value, i, target));
                }
            }
        }
        out
    }
}
