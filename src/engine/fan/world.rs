//! What a Fan CCG seat knows of the whole table, as a game it can play out
//! in its head (determinisation, as the X-Files CCG's
//! [`Table`](crate::engine::xfiles::Table) does): a [`FanTable`] is the
//! state with the opponent's hand, deck, face-down discards, sideboard and
//! covered plays blanked and the seat's own deck order forgotten;
//! [`FanTable::sample`] fills the blanks from a deck like the seat's own
//! (the opponent's draw deck is never shown, and house decks are drawn from
//! the same pool). A table is made only while rounds are played (a turn,
//! an action step or a stalemate), never during set-up or an exchange.

use super::{FanGame, Phase, Player};
use crate::cards::fan::FanIdx;
use crate::engine::{GameRng, Seat};

/// A card the seat cannot see. Never a real card: the card database would
/// fail loudly on one, so a table is only ever played once sampled.
const BLANK: FanIdx = FanIdx(u8::MAX);

/// The Fan CCG game as one seat knows it.
pub type FanTable = crate::engine::search::Table<FanGame>;

impl FanGame {
    /// The table as `seat` knows it, while rounds are played.
    pub fn table_for(&self, seat: Seat) -> Option<FanTable> {
        let playing = matches!(
            self.phase,
            Phase::Turn | Phase::ActionWindow | Phase::Stalemate { .. }
        );
        if !playing || seat > 1 {
            return None;
        }
        let mut g = self.clone();
        g.rng = GameRng::seeded(0);
        let (mine, theirs) = (usize::from(seat), usize::from(1 - seat));
        g.players[mine].deck.sort();
        let p = &mut g.players[theirs];
        hidden(p).for_each(|c| *c = BLANK);
        // Only read at set-up, long past: nothing to imagine.
        p.environment_deck.clear();
        for played in g.round.cards.iter_mut() {
            if played.by != seat && played.covered {
                played.card = BLANK;
                played.depends_on.clear();
                played.choice = None;
            }
        }
        Some(FanTable::new(g, seat))
    }
}

/// A game consistent with what `table`'s seat knows, its unknowns drawn
/// from `rng`.
pub(super) fn sample(table: &FanTable, rng: &mut GameRng) -> FanGame {
    let (mut g, seat) = (table.known().clone(), table.seat());
    g.rng = GameRng::seeded(rng.next_u64());
    let pool = own_cards(&g, seat);
    let draw = |rng: &mut GameRng| pool[rng.below(pool.len())];
    rng.shuffle(&mut g.players[usize::from(seat)].deck);
    hidden(&mut g.players[usize::from(1 - seat)]).for_each(|c| *c = draw(rng));
    for played in g.round.cards.iter_mut().filter(|p| p.card == BLANK) {
        played.card = draw(rng);
    }
    g
}

/// The cards of a player its opponent cannot see: hand, deck, face-down
/// discards and sideboard.
fn hidden(p: &mut Player) -> impl Iterator<Item = &mut FanIdx> {
    p.deck
        .iter_mut()
        .chain(p.hand.iter_mut())
        .chain(p.discard.iter_mut())
        .chain(p.sideboard.iter_mut())
}

/// The seat's draw-deck cards, wherever they are now.
fn own_cards(g: &FanGame, seat: Seat) -> Vec<FanIdx> {
    let p = &g.players[usize::from(seat)];
    p.deck
        .iter()
        .chain(&p.hand)
        .chain(&p.discard)
        .chain(&p.confidences)
        .copied()
        .chain(
            g.round
                .cards
                .iter()
                .filter(|c| c.by == seat)
                .map(|c| c.card),
        )
        .collect()
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::engine::Game;
    use crate::engine::ai::Ai;
    use crate::engine::fan::{FanAction, FanDeck, FanOptions};
    use crate::engine::search::testing::{assert_plays_to_its_end, normal_until};

    /// A game of house decks, both seats moving as the normal AI would,
    /// until `stop(game, moves made)`.
    pub(in crate::engine::fan) fn normal_game_until(
        seed: u64,
        stop: impl Fn(&FanGame, usize) -> bool,
    ) -> FanGame {
        let options = FanOptions::default();
        let decks = (0..2)
            .map(|i| FanDeck::house(&options, seed * 2 + i))
            .collect();
        let g = FanGame::new(options, decks, seed).expect("decks").0;
        normal_until(g, seed, stop)
    }

    /// The game after at least `moves` moves, once seat 2 has played a
    /// card face down (the normal AI never covers one: the test does).
    fn game_after(moves: usize) -> FanGame {
        let covered = |g: &FanGame| {
            g.legal_actions(1)
                .into_iter()
                .find(|a| matches!(a, FanAction::Play { covered: true, .. }))
        };
        let mut g = normal_game_until(4, |g, made| {
            made >= moves && g.phase == Phase::Turn && covered(g).is_some()
        });
        g.apply(1, &covered(&g).expect("a covered play"))
            .expect("legal");
        g
    }

    #[test]
    fn a_table_blanks_the_opponents_hidden_cards_and_forgets_deck_order() {
        let g = game_after(20);
        let t = g.table_for(0).expect("rounds under way");
        let (mine, theirs) = (&t.known().players[0], &t.known().players[1]);
        assert_eq!(mine.hand, g.players[0].hand);
        assert_eq!(mine.discard, g.players[0].discard);
        let mut deck = g.players[0].deck.clone();
        deck.sort();
        assert_eq!(mine.deck, deck, "its own deck list, sorted");
        let hidden = theirs
            .hand
            .iter()
            .chain(&theirs.deck)
            .chain(&theirs.discard);
        assert!(hidden.clone().all(|c| *c == BLANK));
        assert_eq!(hidden.count(), {
            let p = &g.players[1];
            p.hand.len() + p.deck.len() + p.discard.len()
        });
        let covered = t
            .known()
            .round
            .cards
            .iter()
            .filter(|p| p.by == 1 && p.covered);
        assert!(covered.clone().count() > 0);
        assert!(covered.clone().all(|p| p.card == BLANK));
        assert_eq!(
            t.known().rng,
            GameRng::seeded(0),
            "the RNG holds deck order"
        );
    }

    #[test]
    fn a_table_is_the_same_whatever_the_cards_the_seat_cannot_see() {
        let g = game_after(30);
        let mut other = g.clone();
        let p = &mut other.players[1];
        p.hand.reverse();
        std::mem::swap(&mut p.hand[0], &mut p.deck[0]);
        p.deck.rotate_left(3);
        other.rng = GameRng::seeded(77);
        assert_ne!(g, other);
        assert_eq!(g.table_for(0), other.table_for(0));
        assert_eq!(
            format!("{:?}", g.ai_view(0)),
            format!("{:?}", other.ai_view(0))
        );
    }

    #[test]
    fn a_sample_fills_every_blank_and_plays_to_the_end() {
        let g = game_after(25);
        let t = g.table_for(0).expect("rounds under way");
        let mut rng = GameRng::seeded(3);
        for _ in 0..10 {
            let w = t.sample(&mut rng);
            let theirs = &w.players[1];
            let all = theirs
                .hand
                .iter()
                .chain(&theirs.deck)
                .chain(&theirs.discard);
            assert!(all.copied().all(|c| c != BLANK));
            assert!(w.round.cards.iter().all(|p| p.card != BLANK));
            assert_eq!(w.players[0].hand, g.players[0].hand);
            assert_plays_to_its_end(w, 5000, &mut rng);
        }
    }

    #[test]
    fn no_table_before_the_first_round() {
        let g = normal_game_until(4, |_, made| made == 0);
        assert!(matches!(g.phase, Phase::ChooseFirst { .. }));
        assert!(g.table_for(0).is_none());
    }
}
