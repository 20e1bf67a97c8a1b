//! League standings and their tie-breakers, in this order (how xfiles-bot
//! ranks, after the usual card-game tournament rules):
//! 1. match points: a win 3, a draw 1, a bye 3 (a bye counts as a win);
//! 2. opponents' match-win percentage: the mean of each opponent's match
//!    points over 3 a match played, each at least 1/3, byes left out;
//! 3. head to head: match points in games between the members still tied;
//! 4. who joined the league first.

use std::collections::BTreeMap;

use super::pairing::{Member, Record};

/// A result counted in the standings.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Counted {
    /// `a` scored `score_a` (1 win, 0.5 draw, 0 loss) against `b`.
    Game {
        a: Member,
        b: Member,
        score_a: f64,
    },
    Bye(Member),
}

/// One row of the standings.
#[derive(Debug, Clone, PartialEq)]
pub struct Standing {
    pub rank: usize,
    pub member: Member,
    pub points: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    pub byes: u32,
    /// Opponents' match-win percentage, 0.33 to 1.
    pub omw: f64,
}

const WIN: u32 = 3;
const DRAW: u32 = 1;
const FLOOR: f64 = 1.0 / 3.0;

fn points_of(score: f64) -> u32 {
    if score > 0.5 {
        WIN
    } else if score == 0.5 {
        DRAW
    } else {
        0
    }
}

/// Each member's Swiss record (points, opponents met, byes) after
/// `results`, scored as the standings score them.
pub fn records(members: &[Member], results: &[Counted]) -> Vec<Record> {
    let mut out: Vec<Record> = members
        .iter()
        .map(|m| Record {
            member: *m,
            points: 0.0,
            opponents: vec![],
            byes: 0,
        })
        .collect();
    let mut add = |m: Member, points: u32, opponent: Option<Member>| {
        if let Some(r) = out.iter_mut().find(|r| r.member == m) {
            r.points += f64::from(points);
            match opponent {
                Some(o) => r.opponents.push(o),
                None => r.byes += 1,
            }
        }
    };
    for r in results {
        match *r {
            Counted::Bye(m) => add(m, WIN, None),
            Counted::Game { a, b, score_a } => {
                add(a, points_of(score_a), Some(b));
                add(b, points_of(1.0 - score_a), Some(a));
            }
        }
    }
    out
}

/// The standings of `members` (in the order they joined) after `results`.
pub fn standings(members: &[Member], results: &[Counted]) -> Vec<Standing> {
    let mut rows: BTreeMap<Member, Standing> = members
        .iter()
        .map(|m| {
            let row = Standing {
                rank: 0,
                member: *m,
                points: 0,
                wins: 0,
                draws: 0,
                losses: 0,
                byes: 0,
                omw: 0.0,
            };
            (*m, row)
        })
        .collect();
    let mut opponents: BTreeMap<Member, Vec<Member>> = BTreeMap::new();
    for r in results {
        match *r {
            Counted::Bye(m) => {
                if let Some(row) = rows.get_mut(&m) {
                    row.byes += 1;
                    row.points += WIN;
                }
            }
            Counted::Game { a, b, score_a } => {
                for (m, o, score) in [(a, b, score_a), (b, a, 1.0 - score_a)] {
                    if let Some(row) = rows.get_mut(&m) {
                        row.points += points_of(score);
                        match points_of(score) {
                            WIN => row.wins += 1,
                            DRAW => row.draws += 1,
                            _ => row.losses += 1,
                        }
                        opponents.entry(m).or_default().push(o);
                    }
                }
            }
        }
    }
    let mwp = |m: &Member| {
        rows.get(m).map_or(FLOOR, |r| {
            let played = r.wins + r.draws + r.losses + r.byes;
            if played == 0 {
                FLOOR
            } else {
                (f64::from(r.points) / f64::from(WIN * played)).max(FLOOR)
            }
        })
    };
    let omw: BTreeMap<Member, f64> = members
        .iter()
        .map(|m| {
            let opps = opponents.get(m).map_or(&[][..], Vec::as_slice);
            let v = if opps.is_empty() {
                0.0
            } else {
                opps.iter().map(mwp).sum::<f64>() / opps.len() as f64
            };
            (*m, v)
        })
        .collect();
    let joined = |m: Member| members.iter().position(|x| *x == m).unwrap_or(usize::MAX);
    let mut out: Vec<Standing> = members
        .iter()
        .filter_map(|m| rows.remove(m))
        .map(|mut r| {
            r.omw = omw[&r.member];
            r
        })
        .collect();
    out.sort_by(|a, b| {
        b.points
            .cmp(&a.points)
            .then(b.omw.total_cmp(&a.omw))
            .then(joined(a.member).cmp(&joined(b.member)))
    });
    break_ties_head_to_head(&mut out, results, &joined);
    for (i, r) in out.iter_mut().enumerate() {
        r.rank = i + 1;
    }
    out
}

/// Within each run of members equal on points and OMW%, orders by match
/// points scored against each other, then by who joined first.
fn break_ties_head_to_head(
    rows: &mut [Standing],
    results: &[Counted],
    joined: &dyn Fn(Member) -> usize,
) {
    let mut start = 0;
    while start < rows.len() {
        let mut end = start + 1;
        while end < rows.len()
            && rows[end].points == rows[start].points
            && rows[end].omw == rows[start].omw
        {
            end += 1;
        }
        if end - start > 1 {
            let tied: Vec<Member> = rows[start..end].iter().map(|r| r.member).collect();
            let h2h = |m: Member| -> u32 {
                results
                    .iter()
                    .map(|r| match *r {
                        Counted::Game { a, b, score_a } if a == m && tied.contains(&b) => {
                            points_of(score_a)
                        }
                        Counted::Game { a, b, score_a } if b == m && tied.contains(&a) => {
                            points_of(1.0 - score_a)
                        }
                        _ => 0,
                    })
                    .sum()
            };
            rows[start..end].sort_by(|a, b| {
                h2h(b.member)
                    .cmp(&h2h(a.member))
                    .then(joined(a.member).cmp(&joined(b.member)))
            });
        }
        start = end;
    }
}
