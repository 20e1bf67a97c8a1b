//! X-File Powers (optional rule, pp. 43-45): once a characteristic of a
//! player's X-File is known to an opponent, or announced to all, the power
//! of that characteristic is theirs.

use super::effects::statics::InForce;
use super::{Events, XfEvent, XfGame};
use crate::cards::Category;
use crate::engine::{Event, Refusal, Seat};

impl XfGame {
    /// Modifiers the X-File Powers give now.
    pub(crate) fn powers_in_force(&self) -> Vec<InForce<'_>> {
        Vec::new()
    }

    /// A player announces one characteristic of their X-File to all (p. 43).
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
        let Some(x) = self.player(seat).xfile else {
            return Err(Refusal::new("choose your X-File first"));
        };
        let value = crate::cards::db()
            .get(x)
            .characteristics
            .expect("an X-File")
            .get(category);
        if !self.player(seat).announced.contains(&category) {
            self.player_mut(seat).announced.push(category);
        }
        events.push(Event::public(XfEvent::Announced {
            seat,
            category,
            value,
        }));
        Ok(())
    }
}
