//! What a seat knows of the whole table, as a game it can play out in its
//! head (determinisation, as in information-set Monte Carlo search): a
//! [`Table`] is the state with every card the seat cannot see blanked and
//! the deck order forgotten; [`Table::sample`] fills the blanks with cards
//! consistent with what the seat knows: an opponent's X-File among those
//! its notebook still allows, hidden cards from the cards that opponent
//! has shown (cards an open hand shows stay as they are, Circuit Board
//! Implant). A table is made only at quiet moments (no effect resolving,
//! no pending choice, no card applied by hand), where nothing hidden lies
//! in the engine's working state.

use super::effects::statics::shows_face_up;
use super::{Phase, XfGame, xfiles_fitting};
use crate::cards::{CardIdx, CardType, db};
use crate::engine::{GameRng, Seat};

/// A card the seat cannot see. Never a real card: the engine would fail
/// loudly on one, so a table is only ever played once sampled.
const BLANK: CardIdx = CardIdx(u16::MAX);

/// Below this many cards shown, an opponent's hidden cards are also drawn
/// from the seat's own cards (a deck like its own).
const SHOWN_ENOUGH: usize = 12;

/// Draws tried for a hidden card of an open hand, so that it is one the
/// hand would not show (the last is kept whatever it is).
const HIDDEN_TRIES: usize = 8;

/// The X-Files CCG as one seat knows it.
pub type Table = crate::engine::search::Table<XfGame>;

impl XfGame {
    /// The table as `seat` knows it, at a quiet moment of a game under way.
    pub fn table_for(&self, seat: Seat) -> Option<Table> {
        let quiet = self.resolving.is_empty() && self.choice.is_none() && self.manual.is_none();
        let playing = !matches!(self.phase, Phase::ChooseXFile | Phase::Over);
        if !quiet || !playing || usize::from(seat) >= self.players.len() {
            return None;
        }
        let mut g = self.clone();
        g.rng = GameRng::seeded(0);
        let two = g.seats_in() <= 2;
        let face_up: Vec<Vec<CardIdx>> = (0..self.players.len())
            .map(|s| self.face_up_hand(s as Seat))
            .collect();
        for (i, p) in g.players.iter_mut().enumerate() {
            // The seat knows its own deck list, never the order.
            p.deck.sort();
            if i == usize::from(seat) {
                continue;
            }
            p.deck.fill(BLANK);
            // Cards played face up from the hand stay known (Circuit Board Implant).
            for c in p.hand.iter_mut().filter(|c| !face_up[i].contains(&**c)) {
                *c = BLANK;
            }
            p.candidates.clear();
            if p.xfile.is_some() {
                p.xfile = Some(BLANK);
            }
            // Answers are public with two players; in secret otherwise (p. 41).
            p.notebook.retain(|n| match n {
                super::Note::Answer { about, .. } => two || *about == seat,
                super::Note::WrongGuess { .. } => true,
            });
        }
        for b in g.sites.iter_mut().flat_map(|s| s.bluffs.iter_mut()) {
            if b.owner != seat && !b.shown {
                b.card = BLANK;
            }
        }
        for p in g.perms.iter_mut() {
            p.under.fill(BLANK);
            // What a card keeps in secret is its controller's alone (The List).
            if p.controller != seat {
                p.data.drop_secrets();
            }
        }
        for (i, p) in g.players.iter_mut().enumerate() {
            if i != usize::from(seat) {
                p.agents.iter_mut().for_each(|a| a.data.drop_secrets());
            }
        }
        for (holder, card, owner) in g.stolen.iter_mut() {
            if *holder != seat && *owner != seat {
                *card = BLANK;
            }
        }
        Some(Table::new(g, seat))
    }
}

/// A game consistent with what `table`'s seat knows, its unknowns drawn
/// from `rng`.
pub(super) fn sample(table: &Table, rng: &mut GameRng) -> XfGame {
    let mut g = table.known().clone();
    g.rng = GameRng::seeded(rng.next_u64());
    let me = usize::from(table.seat());
    let own = own_cards(&g, table.seat());
    let notes = g.players[me].notebook.clone();
    let pools: Vec<Vec<CardIdx>> = (0..g.players.len())
        .map(|o| pool(&g, o as Seat, &own))
        .collect();
    let draw = |o: Seat, rng: &mut GameRng| {
        let p = &pools[usize::from(o)];
        p[rng.below(p.len())]
    };
    // An open hand shows its cards of these pools: its hidden ones are others.
    let open: Vec<Vec<Option<crate::cards::Pool>>> = (0..g.players.len())
        .map(|o| g.open_hand_pools(o as Seat))
        .collect();
    let hidden_in_hand = |o: Seat, rng: &mut GameRng| {
        let pools = &open[usize::from(o)];
        let mut c = draw(o, rng);
        for _ in 0..HIDDEN_TRIES {
            if !shows_face_up(pools, c) {
                break;
            }
            c = draw(o, rng);
        }
        c
    };
    for (i, p) in g.players.iter_mut().enumerate() {
        let o = i as Seat;
        if i == me {
            rng.shuffle(&mut p.deck);
            continue;
        }
        for c in p.deck.iter_mut() {
            *c = draw(o, rng);
        }
        for c in p.hand.iter_mut().filter(|c| **c == BLANK) {
            *c = hidden_in_hand(o, rng);
        }
        if p.xfile.is_some() {
            let left = xfiles_fitting(&notes, o);
            p.xfile = Some(if left.is_empty() {
                any_xfile(rng)
            } else {
                left[rng.below(left.len())]
            });
            p.candidates = vec![p.xfile.expect("set")];
        }
    }
    for s in g.sites.iter_mut() {
        for b in s.bluffs.iter_mut().filter(|b| b.card == BLANK) {
            b.card = draw(b.owner, rng);
        }
    }
    for p in g.perms.iter_mut() {
        let owner = p.owner;
        for c in p.under.iter_mut() {
            *c = draw(owner, rng);
        }
    }
    for (_, card, owner) in g.stolen.iter_mut().filter(|s| s.1 == BLANK) {
        *card = draw(*owner, rng);
    }
    g
}

/// The cards the seat holds or has seen of its own (a deck like its own).
fn own_cards(g: &XfGame, seat: Seat) -> Vec<CardIdx> {
    let p = g.player(seat);
    p.deck
        .iter()
        .chain(&p.hand)
        .chain(&p.discard)
        .copied()
        .filter(|c| *c != BLANK)
        .collect()
}

/// What `o`'s hidden cards are drawn from: the Bureau cards it has shown,
/// topped up with the seat's own when it has shown few.
fn pool(g: &XfGame, o: Seat, own: &[CardIdx]) -> Vec<CardIdx> {
    let p = g.player(o);
    let shown = p
        .discard
        .iter()
        .chain(&p.removed)
        .copied()
        .chain(g.perms.iter().filter(|x| x.owner == o).map(|x| x.card))
        .chain(g.sites.iter().filter(|s| s.owner == o).map(|s| s.card))
        .chain(g.stack.iter().filter(|s| s.player == o).map(|s| s.card))
        .chain(p.agents.iter().filter(|a| a.temporary).map(|a| a.card));
    let mut out: Vec<CardIdx> = shown
        .filter(|c| *c != BLANK && db().get(*c).kind != CardType::XFile)
        .collect();
    if out.len() < SHOWN_ENOUGH {
        out.extend(own.iter().filter(|c| db().get(**c).kind != CardType::XFile));
    }
    if out.is_empty() {
        out.push(any_xfile_free_card());
    }
    out
}

fn any_xfile(rng: &mut GameRng) -> CardIdx {
    let all = xfiles_fitting(&[], 0);
    all[rng.below(all.len())]
}

/// A card for a pool with nothing else in it (never in a real game: a
/// seat always has cards of its own).
fn any_xfile_free_card() -> CardIdx {
    db().iter()
        .find(|(_, c)| c.kind == CardType::Event)
        .map(|(i, _)| i)
        .expect("the card database has Events")
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::engine::Game;
    use crate::engine::search::testing::{assert_plays_to_its_end, normal_until};
    use crate::engine::xfiles::XfOptions;

    /// A two-player game of grown starter decks, every seat moving as the
    /// normal AI would, until `stop(game, moves made)`.
    pub(in crate::engine::xfiles) fn normal_game_until(
        seed: u64,
        stop: impl Fn(&XfGame, usize) -> bool,
    ) -> XfGame {
        let decks = (0..2)
            .map(|i| crate::decks::starters()[i].advanced_deck(seed).to_stored())
            .collect();
        let g = XfGame::new(XfOptions::default(), decks, seed)
            .expect("decks")
            .0;
        normal_until(g, seed, stop)
    }

    /// The game after `moves` moves, at the next quiet moment.
    fn game_after(moves: usize) -> XfGame {
        normal_game_until(7, |g, made| made >= moves && g.table_for(0).is_some())
    }

    #[test]
    fn a_table_blanks_the_opponents_hand_deck_and_x_file_and_forgets_deck_order() {
        let g = game_after(60);
        let t = g.table_for(0).expect("quiet");
        let (mine, theirs) = (&t.known().players[0], &t.known().players[1]);
        assert_eq!(mine.hand, g.players[0].hand);
        assert_eq!(mine.xfile, g.players[0].xfile);
        let mut deck = g.players[0].deck.clone();
        deck.sort();
        assert_eq!(mine.deck, deck, "its own deck list, sorted");
        assert!(theirs.hand.iter().chain(&theirs.deck).all(|c| *c == BLANK));
        assert_eq!(theirs.hand.len(), g.players[1].hand.len());
        assert_eq!(theirs.xfile, Some(BLANK));
        assert_eq!(
            t.known().rng,
            GameRng::seeded(0),
            "the game's RNG holds the deck order"
        );
    }

    #[test]
    fn a_table_and_its_samples_keep_the_cards_an_open_hand_shows() {
        use crate::engine::xfiles::effects::ast::{Duration, Modifier, SeatScope};
        let mut g = game_after(60);
        g.lasting.push(crate::engine::xfiles::Lasting {
            modifier: Modifier::OpenHand {
                seat_of: SeatScope::Seat(1),
                pool: None,
            },
            card: g.players[0].agents[0].card,
            controller: 0,
            until: Duration::Permanent,
            scope: None,
            turn: g.turn,
        });
        assert_eq!(g.face_up_hand(1), g.players[1].hand);
        let t = g.table_for(0).expect("quiet");
        assert_eq!(t.known().players[1].hand, g.players[1].hand);
        let w = t.sample(&mut GameRng::seeded(1));
        assert_eq!(w.players[1].hand, g.players[1].hand);
    }

    #[test]
    fn a_table_forgets_what_another_seats_card_keeps_in_secret() {
        use crate::engine::xfiles::effects::state::{Val, Vars};
        use crate::engine::xfiles::{AgentRef, Permanent, Place};
        let mut g = game_after(60);
        let listed = AgentRef {
            seat: 0,
            card: g.players[0].agents[0].card,
        };
        let the_list = db()
            .iter()
            .find(|(_, c)| c.title == "The List")
            .expect("in the card database")
            .0;
        let mut data = Vars::default();
        data.set("secret-listed", Val::Agent(listed));
        data.set("here", Val::Num(1));
        g.perms.push(Permanent {
            id: 9999,
            card: the_list,
            owner: 1,
            controller: 1,
            place: Place::Section(0, crate::cards::Section::Field),
            tokens: 0,
            under: Vec::new(),
            used: Vec::new(),
            data,
            this_turn: false,
            keywords: Vec::new(),
        });
        let theirs = g.table_for(0).expect("quiet");
        let kept = &theirs.known().perm(9999).expect("in play").data;
        assert!(kept.get("secret-listed").is_none());
        assert!(kept.get("here").is_some());
        let own = g.table_for(1).expect("quiet");
        let kept = &own.known().perm(9999).expect("in play").data;
        assert!(kept.get("secret-listed").is_some());
    }

    #[test]
    fn a_table_is_the_same_whatever_the_cards_the_seat_cannot_see() {
        let g = game_after(80);
        let mut other = g.clone();
        let p = &mut other.players[1];
        p.hand.reverse();
        p.deck.rotate_left(3);
        std::mem::swap(&mut p.hand[0], &mut p.deck[0]);
        other.rng = GameRng::seeded(99);
        assert_ne!(g, other);
        assert_eq!(g.table_for(0), other.table_for(0));
    }

    #[test]
    fn a_sample_fills_every_blank_with_x_files_the_notebook_allows_and_plays_to_the_end() {
        let g = game_after(120);
        let t = g.table_for(0).expect("quiet");
        let notes = &g.players[0].notebook;
        let allowed = xfiles_fitting(notes, 1);
        let mut rng = GameRng::seeded(1);
        for _ in 0..10 {
            let w = t.sample(&mut rng);
            let theirs = &w.players[1];
            assert!(theirs.hand.iter().chain(&theirs.deck).all(|c| *c != BLANK));
            let x = theirs.xfile.expect("chosen");
            assert!(
                allowed
                    .iter()
                    .any(|a| db().get(*a).title == db().get(x).title)
            );
            assert_eq!(w.players[0].hand, g.players[0].hand);
            assert_plays_to_its_end(w, 3000, &mut rng);
        }
    }

    #[test]
    fn no_table_while_a_choice_waits_or_before_the_x_files_are_chosen() {
        let g = normal_game_until(7, |_, made| made == 0);
        assert!(g.table_for(0).is_none());
        let mut waiting = game_after(40);
        waiting.choice = Some(crate::engine::xfiles::PendingChoice {
            seat: 1,
            prompt: "a card in your hand".into(),
            options: Vec::new(),
            min: 1,
            max: 1,
            purpose: crate::engine::xfiles::effects::state::Purpose::Bind("card".into()),
            secret: true,
        });
        assert!(waiting.table_for(0).is_none());
    }
}
