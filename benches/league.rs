//! League benchmark on one core: standings (with every tie-breaker) and
//! Glicko-2 ratings for a 500-member league with 5,000 games in 10 rating
//! periods, and Swiss pairings for its rounds. Run with
//! `cargo bench --bench league`.

use std::collections::BTreeMap;
use std::time::Instant;

use xfiles_bot::engine::GameRng;
use xfiles_bot::league::{
    Counted, Member, Rated, Rating, Record, rate_period, standings, swiss_round,
};

const MEMBERS: i64 = 500;
const GAMES: usize = 5_000;
const PERIODS: usize = 10;

fn main() {
    let members: Vec<Member> = (1..=MEMBERS).collect();
    let mut rng = GameRng::seeded(15);
    let games: Vec<Rated> = (0..GAMES)
        .map(|_| {
            let a = 1 + rng.below(MEMBERS as usize) as i64;
            let mut b = 1 + rng.below(MEMBERS as usize) as i64;
            if b == a {
                b = a % MEMBERS + 1;
            }
            let score_a = [1.0, 0.0, 0.5][rng.below(3)];
            Rated { a, b, score_a }
        })
        .collect();
    let counted: Vec<Counted> = games
        .iter()
        .map(|g| Counted::Game {
            a: g.a,
            b: g.b,
            score_a: g.score_a,
        })
        .collect();

    let start = Instant::now();
    let table = standings(&members, &counted);
    let standings_time = start.elapsed();
    let start = Instant::now();
    let mut ratings: BTreeMap<Member, Rating> = BTreeMap::new();
    for period in games.chunks(GAMES / PERIODS) {
        ratings = rate_period(&ratings, &members, period);
    }
    let ratings_time = start.elapsed();
    assert_eq!(table.len(), members.len());
    let start = Instant::now();
    let rows: Vec<xfiles_bot::league::picture::Row> = table
        .iter()
        .take(30)
        .map(|s| xfiles_bot::league::picture::Row {
            rank: s.rank,
            name: format!("Member {}", s.member),
            points: s.points,
            record: format!("{}-{}-{}", s.wins, s.losses, s.draws),
            omw: s.omw,
            rating: ratings[&s.member].rating,
        })
        .collect();
    let history: Vec<Vec<f64>> = rows.iter().map(|r| vec![1500.0, r.rating]).collect();
    let png = xfiles_bot::league::picture::standings_png("Bench league", &rows, &history);
    let picture_time = start.elapsed();

    let mut records: Vec<Record> = members
        .iter()
        .map(|m| Record {
            member: *m,
            points: 0.0,
            opponents: vec![],
            byes: 0,
        })
        .collect();
    let start = Instant::now();
    let rounds = 9;
    for _ in 0..rounds {
        for t in swiss_round(&records) {
            if let xfiles_bot::league::Pairing::Match(a, b) = t {
                let a_wins = rng.below(2) == 0;
                for (m, o, won) in [(a, b, a_wins), (b, a, !a_wins)] {
                    let r = &mut records[(m - 1) as usize];
                    r.opponents.push(o);
                    r.points += if won { 3.0 } else { 0.0 };
                }
            }
        }
    }
    let swiss_time = start.elapsed();
    println!("league: {MEMBERS} members, {GAMES} games");
    println!(
        "  standings with tie-breakers: {:.1} ms",
        standings_time.as_secs_f64() * 1e3
    );
    println!(
        "  Glicko-2, {PERIODS} rating periods: {:.1} ms",
        ratings_time.as_secs_f64() * 1e3
    );
    println!(
        "  standings + ratings: {:.1} ms",
        (standings_time + ratings_time).as_secs_f64() * 1e3
    );
    println!(
        "  the standings picture (30 rows and the plot): {:.1} ms, {} KB",
        picture_time.as_secs_f64() * 1e3,
        png.len() / 1024
    );
    println!(
        "  Swiss pairings: {rounds} rounds in {:.1} ms ({:.2} ms a round)",
        swiss_time.as_secs_f64() * 1e3,
        swiss_time.as_secs_f64() * 1e3 / f64::from(rounds)
    );
}
