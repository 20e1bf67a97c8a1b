//! League benchmark on one core: standings (with every tie-breaker) and
//! Glicko-2 ratings for a 500-member league with 5,000 games in 10 rating
//! periods, the standings picture, Swiss pairings for its rounds, and a
//! 4-player FCU cube draft's 344 picks through the application layer (on
//! SQLite, and on PostgreSQL when `BENCH_DATABASE_URL` is set, as
//! `scripts/bench league` does). Run with `cargo bench --bench league`.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use sqlx::{Connection, Executor};
use xfiles_bot::app::{Address, App, Seeds};
use xfiles_bot::engine::GameRng;
use xfiles_bot::league::picture::{Row, standings_png};
use xfiles_bot::league::{
    Counted, Member, Pairing, Rated, Rating, Record, Standing, rate_period, standings, swiss_round,
};
use xfiles_bot::store::Store;

const MEMBERS: i64 = 500;
const GAMES: usize = 5_000;
const PERIODS: usize = 10;
const SWISS_ROUNDS: u32 = 9;

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn random_games(rng: &mut GameRng) -> Vec<Rated> {
    (0..GAMES)
        .map(|_| {
            let a = 1 + rng.below(MEMBERS as usize) as i64;
            let mut b = 1 + rng.below(MEMBERS as usize) as i64;
            if b == a {
                b = a % MEMBERS + 1;
            }
            let score_a = [1.0, 0.0, 0.5][rng.below(3)];
            Rated { a, b, score_a }
        })
        .collect()
}

/// The picture of the table's top 30 and the time it takes.
fn picture(table: &[Standing], ratings: &BTreeMap<Member, Rating>) -> (Duration, usize) {
    let start = Instant::now();
    let rows: Vec<Row> = table
        .iter()
        .take(30)
        .map(|s| Row {
            rank: s.rank,
            name: format!("Member {}", s.member),
            points: s.points,
            record: format!("{}-{}-{}", s.wins, s.losses, s.draws),
            omw: s.omw,
            rating: ratings[&s.member].rating,
        })
        .collect();
    let history: Vec<Vec<f64>> = rows.iter().map(|r| vec![1500.0, r.rating]).collect();
    let png = standings_png("Bench league", &rows, &history);
    (start.elapsed(), png.len())
}

/// Swiss rounds with random results, timing the pairing only.
fn swiss(members: &[Member], rng: &mut GameRng) -> Duration {
    let mut records: Vec<Record> = members
        .iter()
        .map(|m| Record {
            member: *m,
            points: 0.0,
            opponents: vec![],
            byes: 0,
        })
        .collect();
    let mut spent = Duration::ZERO;
    for _ in 0..SWISS_ROUNDS {
        let start = Instant::now();
        let tables = swiss_round(&records);
        spent += start.elapsed();
        for t in tables {
            if let Pairing::Match(a, b) = t {
                let a_wins = rng.below(2) == 0;
                for (m, o, won) in [(a, b, a_wins), (b, a, !a_wins)] {
                    let r = &mut records[(m - 1) as usize];
                    r.opponents.push(o);
                    r.points += if won { 3.0 } else { 0.0 };
                }
            }
        }
    }
    spent
}

/// One console line through the app at `now`.
async fn say(app: &App, line: &str, now: i64) -> Vec<xfiles_bot::app::Outgoing> {
    let parsed = xfiles_bot::console::parse_line(line).unwrap().unwrap();
    let mut req = xfiles_bot::console::to_request(app, &parsed, None, format!("k{now}"));
    req.now = now;
    app.handle(&req).await
}

/// A whole 4-player draft: every pick is a button of the pile its drafter
/// was last shown. Returns the time of each pick.
async fn draft(url: &str) -> Vec<Duration> {
    let app = App::new(Store::open(url).await.unwrap(), Seeds::Fixed(3));
    let mut now = 1_000;
    for line in [
        "@owner /league create name:Cube game:xfiles-ccg format:draft",
        "@a /league join",
        "@b /league join",
        "@c /league join",
        "@d /league join",
    ] {
        now += 1;
        say(&app, line, now).await;
    }
    let mut piles: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut inbox = say(&app, "@owner /league deal", now).await;
    let mut rng = GameRng::seeded(8);
    let mut times = Vec::new();
    loop {
        for m in &inbox {
            if let Address::Dm(u) | Address::Ephemeral(u) = &m.to {
                let cmds: Vec<String> = m.buttons.iter().map(|b| b.command.clone()).collect();
                if !cmds.is_empty() || m.text.contains("You kept") {
                    piles.insert(u.clone(), cmds);
                }
            }
        }
        let ready: Vec<(&String, &Vec<String>)> =
            piles.iter().filter(|(_, c)| !c.is_empty()).collect();
        if ready.is_empty() {
            break;
        }
        let (user, cmds) = ready[rng.below(ready.len())];
        let line = format!("@{user} {}", cmds[rng.below(cmds.len())]);
        now += 1;
        let start = Instant::now();
        inbox = say(&app, &line, now).await;
        times.push(start.elapsed());
    }
    times
}

/// A fresh PostgreSQL database on the bench server.
async fn fresh_postgres(admin: &str) -> String {
    let db = format!("bench_draft_{}", std::process::id());
    let mut c = sqlx::PgConnection::connect(admin).await.unwrap();
    c.execute(sqlx::AssertSqlSafe(format!("CREATE DATABASE {db}")))
        .await
        .unwrap();
    format!("{}/{db}", admin.rsplit_once('/').unwrap().0)
}

fn report_draft(backend: &str, mut times: Vec<Duration>) {
    assert_eq!(times.len(), 344, "a 4-player draft is 344 picks");
    let total: Duration = times.iter().sum();
    times.sort();
    let p = |q: f64| ms(times[((times.len() - 1) as f64 * q) as usize]);
    println!(
        "  draft on {backend}: 344 picks in {:.0} ms; a pick p50 {:.2} ms, p99 {:.2} ms",
        ms(total),
        p(0.5),
        p(0.99)
    );
}

fn drafts() {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("draft.sqlite3").display());
    report_draft("SQLite", rt.block_on(draft(&url)));
    if let Ok(admin) = std::env::var("BENCH_DATABASE_URL") {
        let url = rt.block_on(fresh_postgres(&admin));
        report_draft("PostgreSQL", rt.block_on(draft(&url)));
    }
}

fn main() {
    let members: Vec<Member> = (1..=MEMBERS).collect();
    let mut rng = GameRng::seeded(15);
    let games = random_games(&mut rng);
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
    let (picture_time, png_bytes) = picture(&table, &ratings);
    let swiss_time = swiss(&members, &mut rng);

    println!("league: {MEMBERS} members, {GAMES} games");
    println!(
        "  standings with tie-breakers: {:.1} ms",
        ms(standings_time)
    );
    println!(
        "  Glicko-2, {PERIODS} rating periods: {:.1} ms",
        ms(ratings_time)
    );
    println!(
        "  standings + ratings: {:.1} ms",
        ms(standings_time + ratings_time)
    );
    println!(
        "  the standings picture (30 rows and the plot): {:.1} ms, {} KB",
        ms(picture_time),
        png_bytes / 1024
    );
    println!(
        "  Swiss pairings: {SWISS_ROUNDS} rounds in {:.1} ms ({:.2} ms a round)",
        ms(swiss_time),
        ms(swiss_time) / f64::from(SWISS_ROUNDS)
    );
    drafts();
}
