//! Pairings for a league round: a whole round-robin schedule (the circle
//! method) or one Swiss round (score groups, no rematch while one can be
//! avoided, the bye to the lowest-ranked member who has had the fewest).

use std::collections::{HashMap, HashSet};

/// A league member's id (the store's member row).
pub type Member = i64;

/// One table of a round: two members (the first takes the first seat), or
/// one member with a bye.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pairing {
    Match(Member, Member),
    Bye(Member),
}

impl Pairing {
    pub fn members(&self) -> Vec<Member> {
        match *self {
            Pairing::Match(a, b) => vec![a, b],
            Pairing::Bye(a) => vec![a],
        }
    }
}

/// Every round of a round-robin: each member meets every other once, plays
/// once a round (an odd count gives each member one bye), and takes the
/// first seat in half its games, give or take one.
pub fn round_robin(members: &[Member]) -> Vec<Vec<Pairing>> {
    let mut slots: Vec<Option<Member>> = members.iter().copied().map(Some).collect();
    if slots.len() % 2 == 1 {
        slots.push(None);
    }
    let n = slots.len();
    if n < 2 {
        return Vec::new();
    }
    let mut rounds = Vec::new();
    for _ in 0..n - 1 {
        let tables = (0..n / 2)
            .map(|i| match (slots[i], slots[n - 1 - i]) {
                (Some(a), Some(b)) => Pairing::Match(a, b),
                (Some(a), None) | (None, Some(a)) => Pairing::Bye(a),
                (None, None) => unreachable!("one empty slot at most"),
            })
            .collect();
        rounds.push(tables);
        // Rotate every slot but the first one place clockwise.
        let last = slots.pop().expect("n >= 2");
        slots.insert(1, last);
    }
    balance_seats(&mut rounds);
    rounds
}

/// Orients every game so each member takes the first seat in half its
/// games, give or take one: an Euler circuit of the games (odd-degree
/// members joined by virtual games first) walked in one direction gives
/// every member as many first seats as second ones.
fn balance_seats(rounds: &mut [Vec<Pairing>]) {
    let mut edges: Vec<(Member, Member)> = rounds
        .iter()
        .flatten()
        .filter_map(|t| match *t {
            Pairing::Match(a, b) => Some((a, b)),
            Pairing::Bye(_) => None,
        })
        .collect();
    let real = edges.len();
    let mut degree: HashMap<Member, usize> = HashMap::new();
    for (a, b) in &edges {
        *degree.entry(*a).or_default() += 1;
        *degree.entry(*b).or_default() += 1;
    }
    let mut odd: Vec<Member> = degree
        .iter()
        .filter(|(_, d)| *d % 2 == 1)
        .map(|(m, _)| *m)
        .collect();
    odd.sort_unstable();
    edges.extend(odd.chunks(2).map(|p| (p[0], p[1])));
    let mut at: HashMap<Member, Vec<usize>> = HashMap::new();
    for (i, (a, b)) in edges.iter().enumerate() {
        at.entry(*a).or_default().push(i);
        at.entry(*b).or_default().push(i);
    }
    let mut used = vec![false; edges.len()];
    let mut oriented: Vec<Option<(Member, Member)>> = vec![None; edges.len()];
    let mut starts: Vec<Member> = at.keys().copied().collect();
    starts.sort_unstable();
    for start in starts {
        // Hierholzer: follow unused edges, orienting each as it is taken.
        let mut stack = vec![start];
        while let Some(&v) = stack.last() {
            let next = at.get_mut(&v).and_then(|list| {
                loop {
                    match list.pop() {
                        Some(e) if used[e] => continue,
                        other => break other,
                    }
                }
            });
            match next {
                Some(e) => {
                    used[e] = true;
                    let (a, b) = edges[e];
                    let w = if a == v { b } else { a };
                    oriented[e] = Some((v, w));
                    stack.push(w);
                }
                None => {
                    stack.pop();
                }
            }
        }
    }
    let mut k = 0;
    for table in rounds.iter_mut().flatten() {
        if let Pairing::Match(..) = table {
            let (first, second) = oriented[k].expect("every game is on the circuit");
            *table = Pairing::Match(first, second);
            k += 1;
        }
    }
    debug_assert_eq!(k, real);
}

/// What a Swiss round needs to know of a member so far.
#[derive(Debug, Clone, PartialEq)]
pub struct Record {
    pub member: Member,
    /// Match points (or Series points in a co-operative league).
    pub points: f64,
    pub opponents: Vec<Member>,
    pub byes: u32,
}

/// How many search steps one pairing attempt may take before it gives up
/// (and allows one more rematch): bounds the time on large leagues.
const STEP_BUDGET: usize = 200_000;

/// One Swiss round: members ranked by points (ties in the given order,
/// which the caller seeds), paired top-down with the closest-ranked member
/// they have not met. With an odd count the bye goes to the lowest-ranked
/// member among those with the fewest byes whose bye still lets the rest
/// pair. Rematches are allowed only when no pairing avoids them, and then
/// as few as possible.
pub fn swiss_round(records: &[Record]) -> Vec<Pairing> {
    let mut ranked: Vec<&Record> = records.iter().collect();
    ranked.sort_by(|a, b| b.points.total_cmp(&a.points));
    let met: HashSet<(Member, Member)> = records
        .iter()
        .flat_map(|r| r.opponents.iter().map(move |o| (r.member, *o)))
        .collect();
    // Bye candidates in groups, fewest byes first, lowest-ranked first:
    // nobody gets a second bye while someone has none.
    let mut groups: Vec<Vec<Option<usize>>> = vec![vec![None]];
    if ranked.len() % 2 == 1 {
        let mut counts: Vec<u32> = ranked.iter().map(|r| r.byes).collect();
        counts.sort_unstable();
        counts.dedup();
        groups = counts
            .iter()
            .map(|n| {
                (0..ranked.len())
                    .rev()
                    .filter(|i| ranked[*i].byes == *n)
                    .map(Some)
                    .collect()
            })
            .collect();
    }
    let mut search = Search {
        met: &met,
        steps: 0,
        total: 0,
    };
    for group in &groups {
        for rematches in 0..=ranked.len() / 2 {
            for bye in group {
                let order: Vec<Member> = ranked
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| Some(*i) != *bye)
                    .map(|(_, r)| r.member)
                    .collect();
                search.steps = 0;
                if let Some(mut tables) = search.pair(&order, rematches) {
                    if let Some(i) = bye {
                        tables.push(Pairing::Bye(ranked[*i].member));
                    }
                    return tables;
                }
                if search.total > TOTAL_BUDGET {
                    return greedy(&ranked, &met, groups[0][0]);
                }
            }
        }
    }
    greedy(&ranked, &met, groups[0][0])
}

/// The fallback when the search runs out of steps: top-down, each with the
/// first unpaired member not met before, else the next one.
fn greedy(ranked: &[&Record], met: &HashSet<(Member, Member)>, bye: Option<usize>) -> Vec<Pairing> {
    let mut left: Vec<Member> = ranked
        .iter()
        .enumerate()
        .filter(|(i, _)| Some(*i) != bye)
        .map(|(_, r)| r.member)
        .collect();
    let mut tables = Vec::new();
    while !left.is_empty() {
        let top = left.remove(0);
        let i = left
            .iter()
            .position(|o| !met.contains(&(top, *o)))
            .unwrap_or(0);
        tables.push(Pairing::Match(top, left.remove(i)));
    }
    if let Some(i) = bye {
        tables.push(Pairing::Bye(ranked[i].member));
    }
    tables
}

/// Steps for all attempts of one round together.
const TOTAL_BUDGET: usize = 2_000_000;

struct Search<'a> {
    met: &'a HashSet<(Member, Member)>,
    steps: usize,
    total: usize,
}

impl Search<'_> {
    /// Pairs `order` (best first) with at most `rematches` repeat meetings.
    fn pair(&mut self, order: &[Member], rematches: usize) -> Option<Vec<Pairing>> {
        let Some((&top, rest)) = order.split_first() else {
            return Some(Vec::new());
        };
        for (i, &other) in rest.iter().enumerate() {
            self.steps += 1;
            self.total += 1;
            if self.steps > STEP_BUDGET {
                return None;
            }
            let repeat = self.met.contains(&(top, other));
            if repeat && rematches == 0 {
                continue;
            }
            let left: Vec<Member> = rest
                .iter()
                .enumerate()
                .filter(|(j, _)| *j != i)
                .map(|(_, m)| *m)
                .collect();
            if let Some(mut tables) = self.pair(&left, rematches - usize::from(repeat)) {
                tables.insert(0, Pairing::Match(top, other));
                return Some(tables);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_members_make_three_rounds_of_two_tables() {
        let rounds = round_robin(&[1, 2, 3, 4]);
        assert_eq!(rounds.len(), 3);
        assert!(rounds.iter().all(|r| r.len() == 2));
    }

    #[test]
    fn a_swiss_round_of_strangers_pairs_by_rank() {
        let records: Vec<Record> = (1..=4)
            .map(|m| Record {
                member: m,
                points: f64::from(10 - m as i32),
                opponents: vec![],
                byes: 0,
            })
            .collect();
        assert_eq!(
            swiss_round(&records),
            [Pairing::Match(1, 2), Pairing::Match(3, 4)]
        );
    }
}
