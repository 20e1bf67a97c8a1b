//! Limited events with a cube (FCU cube instructions v1.1): sealed pools,
//! with the optional safe mode, and the booster draft for 3-4 players,
//! played asynchronously. Pure: the caller passes the seeded RNG and the
//! time (ms) a pick is made; the state serialises as it is stored.
//!
//! Seats are in passing order: a seat's left neighbour is the next seat,
//! its right neighbour the previous one.

use std::collections::VecDeque;

use serde::{Deserialize, Serialize};

use crate::cards::cube::Cube;
use crate::engine::GameRng;

/// Agents dealt to each player for sealed play (instructions p. 2).
pub const SEALED_AGENTS: usize = 8;
/// Cards dealt to each player for sealed play (p. 2).
pub const SEALED_CARDS: usize = 120;
/// Non-Site cards dealt to each player in safe mode (p. 2).
pub const SAFE_CARDS: usize = 80;
/// Agents dealt to each drafter (p. 3).
pub const DRAFT_AGENTS: usize = 6;
/// Face-down piles dealt to each drafter, and their size (p. 3).
pub const DRAFT_PILES: usize = 4;
pub const PILE_SIZE: usize = 20;
/// How many may draft (p. 3).
pub const DRAFTERS: std::ops::RangeInclusive<usize> = 3..=4;

/// What a player may build a deck from (card ids, one entry a copy).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pool {
    pub agents: Vec<String>,
    pub cards: Vec<String>,
    /// Safe mode: any of the cube's set-aside Sites may be added too.
    #[serde(default)]
    pub any_sites: bool,
}

/// Deals sealed pools: 8 Agents and 120 cards each, or in safe mode 8
/// Agents and 80 non-Site cards each, the Sites set aside for everyone.
pub fn seal(
    cube: &Cube,
    players: usize,
    safe: bool,
    rng: &mut GameRng,
) -> Result<Vec<Pool>, String> {
    let mut agents = cube.agents.clone();
    let mut cards = cube.others.clone();
    if !safe {
        cards.extend(cube.sites.iter().cloned());
    }
    let each = if safe { SAFE_CARDS } else { SEALED_CARDS };
    let most = (agents.len() / SEALED_AGENTS).min(cards.len() / each);
    if players < 2 || players > most {
        return Err(format!(
            "{} sealed{} is for 2 to {most} players (each is dealt {SEALED_AGENTS} Agents and {each} cards from the cube's {} Agents and {} cards); there are {players}",
            cube.name,
            if safe { " in safe mode" } else { "" },
            agents.len(),
            cards.len()
        ));
    }
    rng.shuffle(&mut agents);
    rng.shuffle(&mut cards);
    Ok((0..players)
        .map(|p| Pool {
            agents: agents[p * SEALED_AGENTS..(p + 1) * SEALED_AGENTS].to_vec(),
            cards: cards[p * each..(p + 1) * each].to_vec(),
            any_sites: safe,
        })
        .collect())
}

/// Which way piles pass in a draft round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pass {
    Left,
    Right,
}

/// A booster draft in progress (or done).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Draft {
    /// 0: the Agents; 1 to 4: the piles of 20.
    pub round: usize,
    /// Piles waiting for each seat this round; it picks from the first.
    waiting: Vec<VecDeque<Vec<String>>>,
    /// Each seat's piles for the rounds to come, next first.
    unopened: Vec<Vec<Vec<String>>>,
    pub pools: Vec<Pool>,
    /// When each seat's current pile reached it (ms), for the deadline.
    since: Vec<Option<i64>>,
    /// Picks made so far, by everyone.
    pub picks: usize,
}

/// What a pick changed, for the messages the caller sends.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Picked {
    pub card: String,
    /// The seat the rest of the pile went to, if any was left.
    pub passed_to: Option<usize>,
    /// Seats now facing a pile they have not seen yet.
    pub new_piles: Vec<usize>,
    /// A new round began with this pick's last card.
    pub round_began: bool,
    pub done: bool,
}

/// Why a pick was refused (the draft is unchanged).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PickError {
    NoPile,
    NotInPile,
    NoSuchSeat,
}

impl Draft {
    /// Deals a draft for 3 or 4 seats: 6 Agents each, then 4 piles of 20
    /// cards each; the cards not dealt are set aside unused.
    pub fn deal(cube: &Cube, seats: usize, rng: &mut GameRng, now: i64) -> Result<Draft, String> {
        let mut agents = cube.agents.clone();
        let mut cards: Vec<String> = cube.others.iter().chain(&cube.sites).cloned().collect();
        if !DRAFTERS.contains(&seats)
            || agents.len() < seats * DRAFT_AGENTS
            || cards.len() < seats * DRAFT_PILES * PILE_SIZE
        {
            return Err(format!(
                "{}'s booster draft is for 3 or 4 players; there are {seats}",
                cube.name
            ));
        }
        rng.shuffle(&mut agents);
        rng.shuffle(&mut cards);
        let waiting = (0..seats)
            .map(|s| VecDeque::from([agents[s * DRAFT_AGENTS..(s + 1) * DRAFT_AGENTS].to_vec()]))
            .collect();
        let unopened = (0..seats)
            .map(|s| {
                (0..DRAFT_PILES)
                    .map(|p| {
                        let first = (s * DRAFT_PILES + p) * PILE_SIZE;
                        cards[first..first + PILE_SIZE].to_vec()
                    })
                    .collect()
            })
            .collect();
        Ok(Draft {
            round: 0,
            waiting,
            unopened,
            pools: vec![Pool::default(); seats],
            since: vec![Some(now); seats],
            picks: 0,
        })
    }

    pub fn seats(&self) -> usize {
        self.pools.len()
    }

    /// Agents pass left; then the piles alternate left, right, left, right.
    pub fn direction(round: usize) -> Pass {
        if round == 0 || round % 2 == 1 {
            Pass::Left
        } else {
            Pass::Right
        }
    }

    /// Every pick of the whole draft: each dealt card is kept by someone.
    pub fn total_picks(seats: usize) -> usize {
        seats * (DRAFT_AGENTS + DRAFT_PILES * PILE_SIZE)
    }

    pub fn is_done(&self) -> bool {
        self.picks == Self::total_picks(self.seats())
    }

    /// The pile a seat picks from now, if one has reached it.
    pub fn pile(&self, seat: usize) -> Option<&[String]> {
        self.waiting.get(seat)?.front().map(Vec::as_slice)
    }

    /// Piles waiting behind the current one.
    pub fn queued(&self, seat: usize) -> usize {
        self.waiting
            .get(seat)
            .map_or(0, |q| q.len().saturating_sub(1))
    }

    /// Seats whose current pile has waited `every` ms or more.
    pub fn overdue(&self, now: i64, every: i64) -> Vec<usize> {
        (0..self.seats())
            .filter(|s| self.since[*s].is_some_and(|t| now - t >= every))
            .collect()
    }

    /// The earliest moment a pile will be overdue.
    pub fn next_deadline(&self, every: i64) -> Option<i64> {
        self.since.iter().flatten().min().map(|t| t + every)
    }

    fn neighbour(&self, seat: usize) -> usize {
        let n = self.seats();
        match Self::direction(self.round) {
            Pass::Left => (seat + 1) % n,
            Pass::Right => (seat + n - 1) % n,
        }
    }

    /// `seat` keeps `card` from its current pile and passes the rest on.
    pub fn pick(&mut self, seat: usize, card: &str, now: i64) -> Result<Picked, PickError> {
        let queue = self.waiting.get_mut(seat).ok_or(PickError::NoSuchSeat)?;
        let pile = queue.front_mut().ok_or(PickError::NoPile)?;
        let at = pile
            .iter()
            .position(|c| c == card)
            .ok_or(PickError::NotInPile)?;
        let card = pile.remove(at);
        let rest = queue.pop_front().expect("the pile was there");
        let pool = &mut self.pools[seat];
        if self.round == 0 {
            pool.agents.push(card.clone());
        } else {
            pool.cards.push(card.clone());
        }
        self.picks += 1;
        let mut new_piles = Vec::new();
        self.since[seat] = self.waiting[seat].front().map(|_| now);
        if self.since[seat].is_some() {
            new_piles.push(seat);
        }
        let mut passed_to = None;
        if !rest.is_empty() {
            let to = self.neighbour(seat);
            self.waiting[to].push_back(rest);
            if self.waiting[to].len() == 1 {
                self.since[to] = Some(now);
                new_piles.push(to);
            }
            passed_to = Some(to);
        }
        let round_began = self.waiting.iter().all(VecDeque::is_empty) && self.round < DRAFT_PILES;
        if round_began {
            self.round += 1;
            new_piles.clear();
            for s in 0..self.seats() {
                let next = self.unopened[s].remove(0);
                self.waiting[s].push_back(next);
                self.since[s] = Some(now);
                new_piles.push(s);
            }
        }
        Ok(Picked {
            card,
            passed_to,
            new_piles,
            round_began,
            done: self.is_done(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::cube::fcu;

    #[test]
    fn sealed_deals_8_agents_and_120_cards_to_two_players() {
        let pools = seal(fcu(), 2, false, &mut GameRng::seeded(1)).unwrap();
        assert!(
            pools
                .iter()
                .all(|p| p.agents.len() == 8 && p.cards.len() == 120)
        );
        assert!(seal(fcu(), 3, false, &mut GameRng::seeded(1)).is_err());
    }

    #[test]
    fn safe_mode_deals_80_non_site_cards_to_up_to_three_players() {
        let pools = seal(fcu(), 3, true, &mut GameRng::seeded(1)).unwrap();
        let sites = &fcu().sites;
        for p in &pools {
            assert_eq!((p.agents.len(), p.cards.len()), (8, 80));
            assert!(p.any_sites && p.cards.iter().all(|c| !sites.contains(c)));
        }
    }

    #[test]
    fn a_pick_outside_the_pile_changes_nothing() {
        let mut d = Draft::deal(fcu(), 3, &mut GameRng::seeded(2), 0).unwrap();
        let before = d.clone();
        assert_eq!(d.pick(0, "XF96-0042v1", 5), Err(PickError::NotInPile));
        assert_eq!(d.pick(7, "x", 5), Err(PickError::NoSuchSeat));
        assert_eq!(d, before);
    }
}
