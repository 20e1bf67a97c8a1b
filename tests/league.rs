//! Organised play: pairings, Glicko-2 ratings and standings (the pure
//! parts), and leagues through the application layer on both databases.

mod support;

use std::collections::{BTreeMap, HashMap, HashSet};

use support::{Backend, app_on, blocks, database, pairings_of, run_console, say, say_each, says};

use xfiles_bot::app::{Address, Outgoing};
use xfiles_bot::engine::GameRng;
use xfiles_bot::league::{
    Counted, Member, Pairing, Rated, Rating, Record, after_period, rate_period, round_robin,
    standings, swiss_round,
};
use xfiles_bot::store::{GameStatus, PairingRow};

#[test]
fn round_robin_meets_everyone_once_one_game_a_round_byes_once_seats_balanced() {
    for n in 2..=13i64 {
        let members: Vec<Member> = (1..=n).collect();
        let rounds = round_robin(&members);
        let mut met: HashMap<(Member, Member), u32> = HashMap::new();
        let mut byes: HashMap<Member, u32> = HashMap::new();
        let mut first: HashMap<Member, i32> = HashMap::new();
        assert_eq!(rounds.len() as i64, if n % 2 == 0 { n - 1 } else { n });
        for round in &rounds {
            let mut seen: Vec<Member> = round.iter().flat_map(Pairing::members).collect();
            seen.sort();
            assert_eq!(seen, members, "n={n}: everyone once a round");
            for p in round {
                match *p {
                    Pairing::Match(a, b) => {
                        *met.entry((a.min(b), a.max(b))).or_default() += 1;
                        *first.entry(a).or_default() += 1;
                        *first.entry(b).or_default() -= 1;
                    }
                    Pairing::Bye(a) => *byes.entry(a).or_default() += 1,
                }
            }
        }
        for a in 1..=n {
            for b in a + 1..=n {
                assert_eq!(met.get(&(a, b)), Some(&1), "n={n}: {a} meets {b} once");
            }
            let expected_byes = u32::from(n % 2 == 1);
            assert_eq!(byes.get(&a).copied().unwrap_or(0), expected_byes);
            let balance = first.get(&a).copied().unwrap_or(0);
            assert!(
                balance.abs() <= 1,
                "n={n}: member {a} first-seat balance {balance}"
            );
        }
    }
}

/// Whether some pairing of `members` (one bye among `bye_from` when the
/// count is odd) avoids every pair in `met`: exhaustive, for small leagues.
fn rematch_free_exists(
    members: &[Member],
    met: &HashSet<(Member, Member)>,
    bye_from: &[Member],
) -> bool {
    fn pairs(left: &[Member], met: &HashSet<(Member, Member)>) -> bool {
        let Some((&top, rest)) = left.split_first() else {
            return true;
        };
        rest.iter().enumerate().any(|(i, &o)| {
            !met.contains(&(top, o)) && {
                let others: Vec<Member> = rest
                    .iter()
                    .enumerate()
                    .filter(|(j, _)| *j != i)
                    .map(|(_, m)| *m)
                    .collect();
                pairs(&others, met)
            }
        })
    }
    if members.len().is_multiple_of(2) {
        return pairs(members, met);
    }
    bye_from.iter().any(|b| {
        let rest: Vec<Member> = members.iter().copied().filter(|m| m != b).collect();
        pairs(&rest, met)
    })
}

#[test]
fn swiss_never_rematches_while_avoidable_and_byes_rotate_over_many_random_seasons() {
    let mut rng = GameRng::seeded(2026);
    let mut rematch_rounds = 0;
    for season in 0..300 {
        let n = 3 + rng.below(8) as i64; // 3-10 members: checkable by brute force
        let members: Vec<Member> = (1..=n).collect();
        let mut records: Vec<Record> = members
            .iter()
            .map(|m| Record {
                member: *m,
                points: 0.0,
                opponents: vec![],
                byes: 0,
            })
            .collect();
        // Play a round-robin's length: late rounds force rematches.
        for round in 0..(n + 2) as usize {
            let met: HashSet<(Member, Member)> = records
                .iter()
                .flat_map(|r| r.opponents.iter().map(move |o| (r.member, *o)))
                .collect();
            let fewest = records.iter().map(|r| r.byes).min().unwrap();
            let bye_from: Vec<Member> = records
                .iter()
                .filter(|r| r.byes == fewest)
                .map(|r| r.member)
                .collect();
            let tables = swiss_round(&records);
            let mut seen: Vec<Member> = tables.iter().flat_map(Pairing::members).collect();
            seen.sort();
            assert_eq!(
                seen, members,
                "season {season} round {round}: everyone once"
            );
            let repeats = tables
                .iter()
                .filter(|t| matches!(t, Pairing::Match(a, b) if met.contains(&(*a, *b))))
                .count();
            if repeats > 0 {
                rematch_rounds += 1;
                assert!(
                    !rematch_free_exists(&members, &met, &bye_from),
                    "season {season} round {round}: a rematch that could be avoided: {tables:?}"
                );
            }
            for t in &tables {
                match *t {
                    Pairing::Bye(m) => {
                        let r = records.iter_mut().find(|r| r.member == m).unwrap();
                        assert_eq!(
                            r.byes, fewest,
                            "season {season}: a second bye before everyone had one"
                        );
                        r.byes += 1;
                        r.points += 3.0;
                    }
                    Pairing::Match(a, b) => {
                        let a_wins = rng.below(2) == 0;
                        for (m, o, won) in [(a, b, a_wins), (b, a, !a_wins)] {
                            let r = records.iter_mut().find(|r| r.member == m).unwrap();
                            r.opponents.push(o);
                            r.points += if won { 3.0 } else { 0.0 };
                        }
                    }
                }
            }
        }
    }
    assert!(
        rematch_rounds > 0,
        "the seasons reach rounds where rematches are forced"
    );
}

#[test]
fn swiss_pairs_within_score_groups_first() {
    let rec = |m: Member, points: f64| Record {
        member: m,
        points,
        opponents: vec![],
        byes: 0,
    };
    let records = vec![rec(1, 0.0), rec(2, 3.0), rec(3, 0.0), rec(4, 3.0)];
    let tables = swiss_round(&records);
    assert!(tables.contains(&Pairing::Match(2, 4)), "{tables:?}");
    assert!(tables.contains(&Pairing::Match(1, 3)), "{tables:?}");
}

#[test]
fn glicko2_follows_glickmans_worked_example() {
    // Glickman, "Example of the Glicko-2 system": 1500/200 beats 1400/30,
    // loses to 1550/100 and 1700/300; τ = 0.5.
    let r = |rating: f64, deviation: f64| Rating {
        rating,
        deviation,
        volatility: 0.06,
    };
    let after = after_period(
        r(1500.0, 200.0),
        &[
            (r(1400.0, 30.0), 1.0),
            (r(1550.0, 100.0), 0.0),
            (r(1700.0, 300.0), 0.0),
        ],
    );
    assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
    assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
    assert!((after.volatility - 0.05999).abs() < 0.0001, "{after:?}");
}

#[test]
fn a_rating_period_rates_everyone_from_where_they_began_and_idle_members_grow_uncertain() {
    let before: BTreeMap<Member, Rating> = BTreeMap::new();
    let games = [Rated {
        a: 1,
        b: 2,
        score_a: 1.0,
    }];
    let after = rate_period(&before, &[1, 2, 3], &games);
    assert!(after[&1].rating > 1500.0 && after[&2].rating < 1500.0);
    assert!((after[&1].rating - 1500.0 - (1500.0 - after[&2].rating)).abs() < 1e-6);
    let again = rate_period(&after, &[1, 2, 3], &[]);
    assert!(
        again[&1].deviation > after[&1].deviation,
        "no games: less certain"
    );
    assert_eq!(again[&1].rating, after[&1].rating);
}

#[test]
fn standings_rank_by_points_then_opponents_win_percentage_then_head_to_head() {
    let g = |a: Member, b: Member| Counted::Game { a, b, score_a: 1.0 };
    // 1 beats 3 and 2; 4 beats 5 and 6; 2 beats 6; 3 beats 5; 6 has a bye.
    let results = [
        g(1, 3),
        g(4, 5),
        g(1, 2),
        g(4, 6),
        g(2, 6),
        g(3, 5),
        Counted::Bye(6),
    ];
    let s = standings(&[1, 2, 3, 4, 5, 6], &results);
    let order: Vec<Member> = s.iter().map(|r| r.member).collect();
    // 1 and 4 have 6 points: 1's opponents (2: 3 of 6, 3: 3 of 6) beat 4's
    // (5: 0 → floored 1/3, 6: 3 of 9).
    assert_eq!(&order[..2], [1, 4]);
    assert_eq!(s[0].points, 6);
    assert!(s[0].omw > s[1].omw);
    // 6's bye counts 3 points like a win.
    let six = s.iter().find(|r| r.member == 6).unwrap();
    assert_eq!((six.points, six.byes, six.losses), (3, 1, 2));
    // A tie on points and OMW% goes to the one who won their game.
    let h = [
        Counted::Game {
            a: 8,
            b: 7,
            score_a: 1.0,
        },
        Counted::Game {
            a: 7,
            b: 9,
            score_a: 1.0,
        },
        Counted::Game {
            a: 9,
            b: 8,
            score_a: 1.0,
        },
    ];
    let s = standings(&[7, 8, 9], &h);
    assert!(s.iter().all(|r| r.points == 3));
    // A cycle: everyone 3 points, OMW% equal, head to head equal: join order.
    assert_eq!(s.iter().map(|r| r.member).collect::<Vec<_>>(), [7, 8, 9]);
    // A (1) beat B (2) but B joined first; A, B and E (5) tie on 3 points
    // and an OMW% of 50%: head to head puts A first, then join order.
    let (a, b, c, d, e, f) = (1, 2, 3, 4, 5, 6);
    let h2 = [g(a, b), g(c, a), g(b, d), g(e, c), g(d, f)];
    let s = standings(&[b, a, c, d, e, f], &h2);
    let order: Vec<Member> = s.iter().map(|r| r.member).collect();
    assert_eq!(order, [c, a, b, e, d, f], "{s:#?}");
}

const LEAGUE_SETUP: &str =
    "@alice /deck import name:Believer file:tests/data/decks/fan-mulder.txt game:fan-ccg
@bob /deck import name:Skeptic file:tests/data/decks/fan-scully.txt game:fan-ccg
@alice /league create name:Winter game:fan-ccg
@owner /league create name:Winter game:fan-ccg options:\"hand-size:6\"
@owner /league create name:Winter game:fan-ccg
@alice /league join
@alice /league join
@bob /league join league:winter
@carol /league join
@alice /league round
@owner /league round";

/// The ephemeral answers and channel posts of a console run, in order.
fn answers(out: &str) -> Vec<(String, String)> {
    blocks(out)
}

#[tokio::test]
async fn a_league_pairs_a_round_opens_the_game_and_the_finished_game_reports_itself() {
    let mut checked = 0;
    for backend in [Backend::Sqlite, Backend::Postgres] {
        let db = database(backend).await;
        let app = app_on(&db, 7).await;
        let (out, _, failures) = run_console(&app, LEAGUE_SETUP).await;
        assert_eq!(failures, 0, "{out}");
        let b = answers(&out);
        let said = |needle: &str| b.iter().any(|(_, t)| t.contains(needle));
        assert!(
            said("Only an organiser (Manage Server) can create a league"),
            "{out}"
        );
        assert!(said("League **Winter** is open"), "{out}");
        assert!(said("already has a league named 'Winter'"), "{out}");
        assert!(said("You are already a member of Winter"), "{out}");
        assert!(
            said("Only an organiser (Manage Server) can open a round"),
            "{out}"
        );
        let round = b
            .iter()
            .find(|(h, t)| h.starts_with("[#") && t.contains("Winter — round 1"))
            .map(|(_, t)| t.clone())
            .expect("round 1 is posted");
        assert!(round.contains("bye"), "three members: one bye\n{round}");
        // The two who play open their game with the league's options.
        let store = app.store();
        let league = store.leagues("console").await.unwrap().remove(0);
        let pairings = store.league_pairings(league.id).await.unwrap();
        let game = pairings
            .iter()
            .find(|p| p.b_user.is_some())
            .unwrap()
            .clone();
        let bye = pairings.iter().find(|p| p.b_user.is_none()).unwrap();
        assert_eq!(bye.result.as_deref(), Some("bye"));
        let deck = |u: &str| if u == "alice" { "Believer" } else { "Skeptic" };
        let (first, second) = (game.a_user.clone(), game.b_user.clone().unwrap());
        assert!(
            first != "carol" && second != "carol",
            "round 1 in join order: the bye goes to carol, who joined last"
        );
        let script = format!(
            "@{first} /league play deck:{}\n@{second} /game join deck:{}\n@{first} /game start\n\
             @{first} /resign\n@{second} /league standings",
            deck(&first),
            deck(&second)
        );
        let (out, _, _) = run_console(&app, &script).await;
        assert!(out.contains("join it with /game join game:"), "{out}");
        let pairings = store.league_pairings(league.id).await.unwrap();
        let played = pairings.iter().find(|p| p.id == game.id).unwrap();
        assert!(
            played.game_id.is_some(),
            "the pairing is linked to its game"
        );
        assert_eq!(
            played.result.as_deref(),
            Some("b"),
            "a resignation is a loss: {out}"
        );
        let standings = blocks(&out)
            .into_iter()
            .find(|(_, t)| t.contains("Winter — standings"))
            .map(|(_, t)| t)
            .expect("standings posted");
        let lines: Vec<&str> = standings.lines().skip(1).collect();
        assert_eq!(lines.len(), 3, "{standings}");
        assert!(
            lines[2].contains(&first) && lines[2].contains("0 pts"),
            "{standings}"
        );
        assert!(
            standings.contains(&format!("{second} — 3 pts (1-0-0)")),
            "{standings}"
        );
        assert!(standings.contains("3 pts (0-0-0, 1 bye)"), "{standings}");
        assert!(
            out.contains("File: standings.png ("),
            "the standings come as a picture too: {out}"
        );
        // Corrections: organisers only, with a reason in the audit log.
        let script = format!(
            "@{second} /league correct round:1 player:{second} result:win reason:\"mine\"\n\
             @owner /league correct round:1 player:{first} result:win reason:\"resigned by mistake\"\n\
             @carol /league audit\n@carol /league player player:{first}\n@carol /league history\n\
             @carol /league standings"
        );
        let (out, _, _) = run_console(&app, &script).await;
        assert!(
            out.contains("Only an organiser (Manage Server) can correct a result"),
            "{out}"
        );
        assert!(
            out.contains(&format!("**{first}** beat {second} (game #")),
            "{out}"
        );
        assert!(
            out.contains("owner: round 1:") && out.contains("\"resigned by mistake\""),
            "{out}"
        );
        assert!(
            out.contains(&format!("**{first}** in Winter: rank 1, 3 pts (1-0-0)")),
            "{out}"
        );
        assert!(
            out.contains("Round 1:") && out.contains("carol: bye"),
            "{out}"
        );
        let pairings = store.league_pairings(league.id).await.unwrap();
        let played = pairings.iter().find(|p| p.id == game.id).unwrap();
        assert_eq!(played.result.as_deref(), Some("a"));
        assert_eq!(
            store.league_audit(league.id).await.unwrap().len(),
            1,
            "the refused one left no trace"
        );
        checked += 1;
    }
    assert_eq!(checked, 2);
}

#[tokio::test]
async fn a_round_reminds_unplayed_pairings_once_and_an_organiser_closes_it() {
    let db = database(Backend::Sqlite).await;
    let app = app_on(&db, 7).await;
    let script = "@owner /league create name:Spring game:fan-ccg round:2d
@alice /league join
@bob /league join
@carol /league join
@owner /league round
wait 25h
wait 2h
@alice /league close
@owner /league close
@owner /league close
@carol /league history
@owner /league round";
    let (out, _, failures) = run_console(&app, script).await;
    assert_eq!(failures, 0, "{out}");
    let reminders: Vec<(String, String)> = blocks(&out)
        .into_iter()
        .filter(|(_, t)| t.contains("Still to play"))
        .collect();
    assert_eq!(
        reminders.len(),
        1,
        "one reminder, a day before the deadline:\n{out}"
    );
    let (head, text) = &reminders[0];
    assert_eq!(head, "[#table]", "in the league's channel");
    assert!(
        text.contains("round 1 ends") && text.contains("@alice vs @bob"),
        "{text}"
    );
    assert!(
        out.contains("Only an organiser (Manage Server) can close a round"),
        "{out}"
    );
    assert!(
        out.contains("round 1 is closed.** 1 pairing(s) not played"),
        "{out}"
    );
    assert!(out.contains("has no open round to close"), "{out}");
    assert!(
        out.contains("alice vs bob: not played (the round closed)"),
        "{out}"
    );
    assert!(
        out.contains("Spring — round 2"),
        "the next round opens: {out}"
    );
    let league = app.store().leagues("console").await.unwrap().remove(0);
    let audit = app.store().league_audit(league.id).await.unwrap();
    assert_eq!(audit.len(), 1);
    assert!(audit[0].what.contains("round 1 closed"));
}

#[test]
fn the_standings_picture_is_a_png_that_decodes_with_its_table_and_plot() {
    use xfiles_bot::league::picture::{Row, standings_png};
    let rows: Vec<Row> = (1..=12)
        .map(|i| Row {
            rank: i,
            name: format!("Player {i}"),
            points: (30 - 2 * i) as u32,
            record: format!("{}-{}-0", 10 - i.min(10), i.min(10)),
            omw: 0.5,
            rating: 1700.0 - 20.0 * i as f64,
        })
        .collect();
    let history: Vec<Vec<f64>> = (0..12)
        .map(|i| {
            (1..=6)
                .map(|r| 1500.0 + f64::from(r) * (30.0 - 5.0 * f64::from(i)))
                .collect()
        })
        .collect();
    let bytes = standings_png("Winter — standings", &rows, &history);
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let mut reader = decoder.read_info().expect("a PNG");
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    assert_eq!(info.width, 900);
    assert!(
        info.height > 12 * 26 + 300,
        "a row per member and the plot: {}",
        info.height
    );
    let pixels = &buf[..info.buffer_size()];
    let dark = pixels
        .chunks(3)
        .filter(|p| p.iter().all(|c| *c < 80))
        .count();
    let colored = pixels
        .chunks(3)
        .filter(|p| p.iter().max().unwrap() - p.iter().min().unwrap() > 80)
        .count();
    assert!(dark > 2_000, "text is drawn ({dark} dark pixels)");
    assert!(
        colored > 500,
        "rating lines are drawn in colour ({colored} pixels)"
    );
}

#[tokio::test]
async fn in_free_play_any_two_members_play_a_rated_game_and_there_are_no_rounds() {
    let db = database(Backend::Sqlite).await;
    let app = app_on(&db, 7).await;
    let script =
        "@alice /deck import name:Believer file:tests/data/decks/fan-mulder.txt game:fan-ccg
@bob /deck import name:Skeptic file:tests/data/decks/fan-scully.txt game:fan-ccg
@owner /league create name:Open game:fan-ccg pairing:free
@alice /league join
@bob /league join
@carol /league play opponent:alice
@alice /league play deck:Believer
@alice /league play deck:Believer opponent:alice
@owner /league round
@alice /league play deck:Believer opponent:bob
@bob /game join deck:Skeptic
@alice /game start
@alice /resign
@carol /league standings
@carol /league info
@owner /league create name:Other game:fan-ccg pairing:free
@alice /league join league:Other
@bob /league join league:Other
@alice /league play league:Other deck:Believer opponent:bob
@bob /game join deck:Skeptic
@alice /game start
@alice /resign
@carol /league player league:Open player:bob";
    let (out, _, failures) = run_console(&app, script).await;
    assert_eq!(failures, 0, "{out}");
    assert!(
        out.contains("Across this server's fan-ccg leagues: rating")
            && out.contains("over 2 game(s)"),
        "the server-wide rating counts both leagues' games: {out}"
    );
    assert!(
        out.contains("Week 1: **bob** beat alice (game #1)"),
        "{out}"
    );
    assert!(out.contains("Join Open first"), "{out}");
    assert!(
        out.contains("name whom you play with opponent:@name"),
        "{out}"
    );
    assert!(
        out.contains("Your opponent must be another member"),
        "{out}"
    );
    assert!(out.contains("has free play: there are no rounds"), "{out}");
    assert!(
        out.contains("**Open**, week 1: game #1 is @alice vs @bob"),
        "{out}"
    );
    assert!(out.contains("bob — 3 pts (1-0-0)"), "{out}");
    assert!(out.contains("**bob** beat alice (game #1)"), "{out}");
    let league = app.store().leagues("console").await.unwrap().remove(0);
    let pairings = app.store().league_pairings(league.id).await.unwrap();
    assert_eq!(pairings.len(), 1, "refused plays stored nothing");
    assert!(pairings[0].reported_at.is_some());
}

/// A co-operative (Legendary) league: teams form for each game; a finished
/// game records the team that sat at it, its Series points and whether it
/// defeated the End Game, and the standings rank teams by those.
#[tokio::test]
async fn a_cooperative_league_scores_each_team_by_series_points_and_end_games_defeated() {
    let db = database(Backend::Sqlite).await;
    let app = app_on(&db, 21).await;
    let script = "@owner /league create name:Coop game:legendary
@alice /league join
@bob /league join
@carol /league join
@alice /league play with:@dave
@alice /league play with:\"@bob bob\"
@alice /league play with:@bob
@bob /game join game:1
@alice /game start game:1
@carol /league play
@carol /game start game:2
@carol /resign game:2";
    let (out, _, failures) = run_console(&app, script).await;
    assert_eq!(failures, 0, "{out}");
    assert!(
        out.contains("'@dave' is not a member of this league"),
        "{out}"
    );
    assert!(out.contains("bob is named twice"), "{out}");
    assert!(out.contains("game #1 is @alice's team with @bob"), "{out}");
    // The team's game is played to its end by random legal moves.
    let mut step = 0;
    while app.store().game(1).await.unwrap().unwrap().status != GameStatus::Finished {
        app.autoplay_step(1, &format!("coop-{step}"), step * 7919, 1)
            .await
            .unwrap();
        step += 1;
        assert!(step < 20_000, "the game ends");
    }
    // A third team's game, recorded as a win worth 32 Series points, ranks
    // first (the ranking itself, whatever random play scored above).
    run_console(&app, "@alice /league play").await;
    let league = app.store().leagues("console").await.unwrap().remove(0);
    app.store()
        .report_team_game(league.id, 3, &["alice".to_string()], (32, 1), 1)
        .await
        .unwrap();
    let (out, _, _) = run_console(
        &app,
        "@carol /league standings\n@carol /league player player:bob",
    )
    .await;
    let games = app.store().team_games(league.id).await.unwrap();
    assert_eq!(games.len(), 3);
    for g in &games[..2] {
        let row = app.store().game(g.game_id).await.unwrap().unwrap();
        let outcome: xfiles_bot::engine::Outcome =
            serde_json::from_str(row.result.as_deref().unwrap()).unwrap();
        let team = outcome.team.unwrap();
        assert_eq!(g.points, Some(i64::from(team.series_points.unwrap())));
        assert_eq!(g.end_games, Some(i64::from(team.won)));
    }
    assert_eq!(
        games[0].players,
        vec!["alice".to_string(), "bob".to_string()]
    );
    assert_eq!(games[1].players, vec!["carol".to_string()]);
    let standings = blocks(&out)
        .into_iter()
        .find(|(_, t)| t.contains("Coop — team standings"))
        .map(|(_, t)| t)
        .expect("standings posted");
    let lines: Vec<&str> = standings.lines().collect();
    assert_eq!(
        lines[1], "1. alice — 32 Series points, 1 End Game(s) defeated in 1 game(s)",
        "{standings}"
    );
    assert_eq!(
        lines.len(),
        4,
        "three teams: alice, alice & bob, carol\n{standings}"
    );
    assert!(out.contains("**bob** in Coop:"), "{out}");
    assert!(out.contains("In all: "), "{out}");
}

/// How xfiles-bot scores a round closed mid-game: the player the game
/// waits on (to join, or to move) loses by deadline.
#[tokio::test]
async fn closing_a_round_mid_game_is_a_loss_by_deadline_for_whoever_the_game_waits_on() {
    let db = database(Backend::Sqlite).await;
    let app = app_on(&db, 7).await;
    let script =
        "@alice /deck import name:Believer file:tests/data/decks/fan-mulder.txt game:fan-ccg
@bob /deck import name:Skeptic file:tests/data/decks/fan-scully.txt game:fan-ccg
@owner /league create name:Late game:fan-ccg
@alice /league join
@bob /league join
@owner /league round
@alice /league play deck:Believer
@owner /league close
@owner /league round
@alice /league play deck:Believer
@bob /game join game:2 deck:Skeptic
@alice /game start game:2";
    let (out, _, failures) = run_console(&app, script).await;
    assert_eq!(failures, 0, "{out}");
    assert!(
        out.contains("@bob lost game #1 by deadline (it waited on them to join)"),
        "{out}"
    );
    let league = app.store().leagues("console").await.unwrap().remove(0);
    // Random legal moves until the game waits on one player alone.
    let mut step = 0;
    let to_act = loop {
        let game = app.store().game(2).await.unwrap().unwrap();
        let to_act: Vec<i64> = serde_json::from_str(&game.to_act).unwrap();
        if to_act.len() == 1 {
            break to_act;
        }
        app.autoplay_step(2, &format!("late-{step}"), step * 31, 1)
            .await
            .unwrap()
            .expect("the game is under way");
        step += 1;
    };
    let seats = app.store().seats(2).await.unwrap();
    let waited_on = &seats.iter().find(|s| to_act == [s.seat]).unwrap().user_id;
    let (out, _, _) = run_console(&app, "@owner /league close").await;
    assert!(
        out.contains(&format!(
            "@{waited_on} lost game #2 by deadline (it waited on them to move)"
        )),
        "{out}"
    );
    let results: Vec<Option<String>> = app
        .store()
        .league_pairings(league.id)
        .await
        .unwrap()
        .into_iter()
        .map(|p| p.result)
        .collect();
    let second = if waited_on == "alice" { "b" } else { "a" };
    assert_eq!(results, vec![Some("a".into()), Some(second.into())]);
    let audit = app.store().league_audit(league.id).await.unwrap();
    assert!(
        audit[0].what.contains("lost game #1 by deadline"),
        "{audit:?}"
    );
}

/// A game the pairing's players opened themselves counts once reported;
/// an unknown game, a game of another kind or of other players, and a game
/// already counting are refused, and nothing changes.
#[tokio::test]
async fn a_self_opened_game_is_reported_for_its_pairing_and_other_games_are_refused() {
    let db = database(Backend::Sqlite).await;
    let app = app_on(&db, 7).await;
    let setup =
        "@alice /deck import name:Believer file:tests/data/decks/fan-mulder.txt game:fan-ccg
@bob /deck import name:Skeptic file:tests/data/decks/fan-scully.txt game:fan-ccg
@owner /league create name:Rep game:fan-ccg
@alice /league join
@bob /league join
@owner /league round
@alice /game new game:fan-ccg deck:Believer
@bob /game join game:1 deck:Skeptic
@alice /game start game:1
@alice /resign game:1
@alice /game new game:fan-ccg deck:Believer
@alice /game new game:legendary";
    let (out, _, failures) = run_console(&app, setup).await;
    assert_eq!(failures, 0, "{out}");
    let league = app.store().leagues("console").await.unwrap().remove(0);
    let before = app.store().league_pairings(league.id).await.unwrap();
    let bad = "@alice /league report game:99
@alice /league report game:3
@alice /league report game:2";
    let (out, _, _) = run_console(&app, bad).await;
    assert!(out.contains("There is no game #99 on this server"), "{out}");
    assert!(
        out.contains("Game #3 is a legendary game; Rep plays fan-ccg"),
        "{out}"
    );
    assert!(
        out.contains("Game #2 is not your league game: its players are @alice, and your pairing is @alice vs @bob"),
        "{out}"
    );
    assert_eq!(
        app.store().league_pairings(league.id).await.unwrap(),
        before
    );
    let (out, _, _) = run_console(
        &app,
        "@alice /league report game:1\n@bob /league report game:1",
    )
    .await;
    assert!(out.contains("Game #1 now counts in Rep (round 1)"), "{out}");
    assert!(
        out.contains("Game #1 already counts in Rep (round 1)"),
        "{out}"
    );
    let p = app
        .store()
        .league_pairings(league.id)
        .await
        .unwrap()
        .remove(0);
    assert_eq!(
        (p.game_id, p.result.as_deref()),
        (Some(1), Some("b")),
        "alice resigned"
    );
}

/// A deck list of one set's cards (the cheapest three Agents, an X-File,
/// 60 Bureau deck cards at two copies each), plus `extra` lines.
fn one_set_deck(set: xfiles_bot::cards::CardSet, extra: &str) -> String {
    use xfiles_bot::cards::{CardType, Keyword};
    let db = xfiles_bot::cards::db();
    let of_set: Vec<_> = db
        .iter()
        .filter(|(_, c)| c.set == set && c.kind.is_playable())
        .map(|(_, c)| c)
        .collect();
    let mut agents: Vec<_> = of_set
        .iter()
        .filter(|c| c.kind == CardType::Agent)
        .collect();
    agents.sort_by_key(|c| c.cost.map_or(0, |k| k.amount.with_x(0)));
    let xfile = of_set.iter().find(|c| c.kind == CardType::XFile).unwrap();
    let mut list = String::from("Team:;");
    for a in agents.iter().take(3) {
        list.push_str(&format!("1 {};", a.id));
    }
    list.push_str(&format!("X-Files:;1 {};Bureau:;", xfile.id));
    let bureau = of_set.iter().filter(|c| {
        ![CardType::Agent, CardType::XFile].contains(&c.kind) && !c.has_keyword(Keyword::Killer)
    });
    for c in bureau.take(30) {
        list.push_str(&format!("2 {};", c.id));
    }
    format!("{list}{extra}")
}

/// A league's format and season: decks only from its sets, two games a
/// pairing, play only within the season, the final standings posted once
/// when it ends, and the next season created from it with its members.
#[tokio::test]
async fn a_season_keeps_to_its_sets_dates_and_games_and_the_next_one_brings_its_members() {
    use xfiles_bot::cards::CardSet;
    const JAN_5: i64 = 1_799_107_200_000;
    const JAN_12: i64 = 1_799_712_000_000;
    const JAN_21: i64 = 1_800_489_600_000;
    let db = database(Backend::Sqlite).await;
    let app = app_on(&db, 7).await;
    let typo = say(
        &app,
        "@owner /league create name:Classic game:xfiles-ccg sets:premier",
        JAN_5,
    )
    .await;
    assert!(
        typo[0].text.contains("Did you mean 'premiere'?"),
        "{}",
        typo[0].text
    );
    let created = say(
        &app,
        "@owner /league create name:Classic game:xfiles-ccg sets:\"premiere the-truth-is-out-there\" games:2 starts:2027-01-10 ends:2027-01-20",
        JAN_5,
    )
    .await;
    assert!(created[0].text.contains("is open"), "{}", created[0].text);
    let fan_card = xfiles_bot::cards::db()
        .iter()
        .find(|(_, c)| {
            c.set == CardSet::BelieveTheLie && c.kind == xfiles_bot::cards::CardType::Event
        })
        .map(|(_, c)| c.clone())
        .unwrap();
    for (who, name, list) in [
        ("alice", "Pre", one_set_deck(CardSet::Premiere, "")),
        (
            "alice",
            "Fan",
            one_set_deck(CardSet::Premiere, &format!("1 {};", fan_card.id)),
        ),
        ("bob", "Pre", one_set_deck(CardSet::Premiere, "")),
    ] {
        say(
            &app,
            &format!("@{who} /deck import name:{name} text:\"{list}\""),
            JAN_5,
        )
        .await;
    }
    for who in ["alice", "bob"] {
        say(&app, &format!("@{who} /league join"), JAN_5).await;
    }
    let early = say(&app, "@owner /league round", JAN_5).await;
    assert!(early[0].text.contains("season starts"), "{}", early[0].text);
    let ok = say(&app, "@alice /deck check name:Pre league:Classic", JAN_5).await;
    assert!(
        ok[0]
            .text
            .contains("Deck 'Pre': legal for Classic (Advanced Game, within its sets)"),
        "{}",
        ok[0].text
    );
    let round = say(&app, "@owner /league round", JAN_12).await;
    assert!(
        round[0].text.contains("alice vs @bob (2 games)") || round[0].text.contains("(2 games)"),
        "{}",
        round[0].text
    );
    let league = app.store().leagues("console").await.unwrap().remove(0);
    let pairings = app.store().league_pairings(league.id).await.unwrap();
    assert_eq!(pairings.len(), 2, "two games for the one table");
    assert_ne!(
        pairings[0].a_user, pairings[1].a_user,
        "first seats alternate"
    );
    let refused = say(&app, "@alice /league play deck:Fan", JAN_12).await;
    assert!(
        refused[0].text.contains(&format!("{} is not printed in Classic's sets (premiere, the-truth-is-out-there) (the league's format)", fan_card.title)),
        "{}",
        refused[0].text
    );
    let opened = say(&app, "@alice /league play deck:Pre", JAN_12).await;
    assert!(
        opened
            .iter()
            .any(|m| m.text.contains("join it with /game join")),
        "{opened:?}"
    );
    // The season ends: the final standings once; play is closed.
    assert!(app.next_due().await.is_some_and(|d| d <= JAN_21));
    let end = app.tick(JAN_21).await;
    let finals: Vec<_> = end
        .iter()
        .filter(|m| m.text.contains("the season is over"))
        .collect();
    assert_eq!(finals.len(), 1, "{end:?}");
    assert_eq!(
        finals[0].embed.as_ref().unwrap().title,
        "🏁 Classic — final standings"
    );
    assert!(
        app.tick(JAN_21 + 1)
            .await
            .iter()
            .all(|m| !m.text.contains("season is over"))
    );
    let late = say(&app, "@owner /league round", JAN_21).await;
    assert!(late[0].text.contains("season ended"), "{}", late[0].text);
    let next = say(
        &app,
        "@owner /league create name:Classic2 game:xfiles-ccg from:Classic",
        JAN_21,
    )
    .await;
    assert!(
        next[0]
            .text
            .contains("The 2 members of Classic are members already"),
        "{}",
        next[0].text
    );
    let info = say(&app, "@alice /league info league:Classic", JAN_21).await;
    assert!(
        info[0]
            .text
            .contains("Format: decks from premiere, the-truth-is-out-there; 2 games a pairing"),
        "{}",
        info[0].text
    );
}

// `/league report`: a reported game counts only when it is a game
// `/league play` could have opened; each refusal changes nothing. Each line
// is said at a known time (minutes after `T0`), so "before" and "after" are
// exact.

const T0: i64 = 1_800_000_000_000;
const MINUTE: i64 = 60_000;
const DAY: i64 = 24 * 60 * MINUTE;

/// Every pairing (but a bye) still waits for its game: no game, no result.
fn all_wait(pairings: &[PairingRow]) -> bool {
    pairings
        .iter()
        .filter(|p| p.b_user.is_some())
        .all(|p| p.game_id.is_none() && p.result.is_none() && p.claimed_by.is_none())
}

/// Each player's saved fan CCG deck, named "Deck".
const FAN_DECKS: &str =
    "@alice /deck import name:Deck file:tests/data/decks/fan-mulder.txt game:fan-ccg
@bob /deck import name:Deck file:tests/data/decks/fan-scully.txt game:fan-ccg
@carol /deck import name:Deck file:tests/data/decks/fan-mulder.txt game:fan-ccg";

/// The decks and a fan CCG league Rep of alice and bob (`options`: its
/// game options, after a space): six lines, minutes 0-5.
fn rep_league(options: &str) -> String {
    format!(
        "{FAN_DECKS}\n@owner /league create name:Rep game:fan-ccg{options}\n@alice /league join\n@bob /league join"
    )
}

/// Asserts a report was refused with `why` and changed nothing: the
/// pairings are as `before` and still wait for their game.
async fn refused_unchanged(
    app: &xfiles_bot::app::App,
    out: &[Outgoing],
    why: &str,
    before: &[PairingRow],
) {
    assert!(says(out, why), "{out:?}");
    assert!(!says(out, "now counts in"), "{out:?}");
    let now = pairings_of(app, "Rep").await;
    assert_eq!(now, before, "a refused report changes nothing");
    assert!(all_wait(&now), "{now:?}");
}

#[tokio::test]
async fn a_reported_game_opened_before_its_round_opened_is_refused() {
    let db = database(Backend::Sqlite).await;
    let app = app_on(&db, 7).await;
    // The game is opened at minute 6, the round at minute 8.
    let setup = format!(
        "{}\n@alice /game new game:fan-ccg deck:Deck\n@bob /game join game:1 deck:Deck\n@owner /league round",
        rep_league("")
    );
    say_each(&app, T0, &setup).await;
    let before = pairings_of(&app, "Rep").await;
    let out = say(&app, "@alice /league report game:1", T0 + 20 * MINUTE).await;
    refused_unchanged(
        &app,
        &out,
        "Game #1 was opened before round 1 of Rep began",
        &before,
    )
    .await;
}

#[tokio::test]
async fn a_reported_game_opened_before_the_league_existed_is_refused() {
    let db = database(Backend::Sqlite).await;
    let app = app_on(&db, 7).await;
    let setup = format!(
        "{FAN_DECKS}\n@alice /game new game:fan-ccg deck:Deck\n@bob /game join game:1 deck:Deck"
    );
    say_each(&app, T0, &setup).await;
    let league = "@owner /league create name:Rep game:fan-ccg\n@alice /league join\n@bob /league join\n@owner /league round";
    say_each(&app, T0 + 10 * MINUTE, league).await;
    let before = pairings_of(&app, "Rep").await;
    assert_eq!(before.len(), 1, "alice and bob are paired");
    let out = say(&app, "@alice /league report game:1", T0 + 20 * MINUTE).await;
    refused_unchanged(&app, &out, "Game #1 was opened before Rep existed", &before).await;
}

#[tokio::test]
async fn a_reported_game_with_other_options_than_the_leagues_is_refused() {
    let db = database(Backend::Sqlite).await;
    let app = app_on(&db, 7).await;
    // The league plays hands of 10 cards; the game was opened with the
    // default 13.
    let setup = format!(
        "{}\n@owner /league round\n@alice /game new game:fan-ccg deck:Deck\n@bob /game join game:1 deck:Deck",
        rep_league(" options:\"hand-size:10\"")
    );
    say_each(&app, T0, &setup).await;
    let before = pairings_of(&app, "Rep").await;
    let out = say(&app, "@alice /league report game:1", T0 + 20 * MINUTE).await;
    refused_unchanged(
        &app,
        &out,
        "Game #1 was not opened with Rep's game options",
        &before,
    )
    .await;
    assert!(
        says(&out, "it plays Hands of 13 cards")
            && says(&out, "the league plays Hands of 10 cards"),
        "{out:?}"
    );
}

/// The league's sets refuse alice's deck: bob's report is refused, since
/// every seat's deck is checked, not only the reporter's.
#[tokio::test]
async fn a_reported_game_with_a_deck_the_leagues_sets_refuse_is_refused() {
    use xfiles_bot::cards::{CardSet, CardType, Keyword};
    let db = database(Backend::Sqlite).await;
    let app = app_on(&db, 7).await;
    let fan_card = xfiles_bot::cards::db()
        .iter()
        .find(|(_, c)| {
            c.set == CardSet::BelieveTheLie
                && c.kind == CardType::Event
                && !c.has_keyword(Keyword::Killer)
        })
        .map(|(_, c)| c.clone())
        .unwrap();
    let fan = one_set_deck(CardSet::Premiere, &format!("1 {};", fan_card.id));
    let pre = one_set_deck(CardSet::Premiere, "");
    let setup = format!(
        "@alice /deck import name:Fan text:\"{fan}\"
@bob /deck import name:Pre text:\"{pre}\"
@owner /league create name:Rep game:xfiles-ccg sets:\"premiere the-truth-is-out-there\"
@alice /league join
@bob /league join
@owner /league round
@alice /game new game:xfiles-ccg deck:Fan
@bob /game join game:1 deck:Pre"
    );
    let out = say_each(&app, T0, &setup).await;
    assert!(
        says(&out, "joins game #1"),
        "both decks are legal Advanced decks: {out:?}"
    );
    let before = pairings_of(&app, "Rep").await;
    let out = say(&app, "@bob /league report game:1", T0 + 20 * MINUTE).await;
    let why = "Game #1 cannot count in Rep: <@alice>'s deck 'Fan' breaks the league's format";
    refused_unchanged(&app, &out, why, &before).await;
    let outside = format!(
        "{} is not printed in Rep's sets (premiere, the-truth-is-out-there)",
        fan_card.title
    );
    assert!(says(&out, &outside), "{out:?}");
}

#[tokio::test]
async fn a_reported_game_whose_players_are_not_exactly_the_pairing_is_refused() {
    let db = database(Backend::Sqlite).await;
    let app = app_on(&db, 7).await;
    // Game 1: alice and carol (no member); game 2: alice and the AI.
    let setup = format!(
        "{}\n@owner /league round\n@alice /game new game:fan-ccg deck:Deck\n@carol /game join game:1 deck:Deck\n@alice /game new game:fan-ccg deck:Deck opponent:ai",
        rep_league("")
    );
    say_each(&app, T0, &setup).await;
    let seats = app.store().seats(2).await.unwrap();
    assert_eq!(seats.len(), 2, "alice and the AI sit in game 2");
    let before = pairings_of(&app, "Rep").await;
    let pair = [before[0].a_user.clone(), before[0].b_user.clone().unwrap()];
    let out = say(&app, "@alice /league report game:1", T0 + 20 * MINUTE).await;
    let why = format!(
        "Game #1 is not your league game: its players are <@alice>, <@carol>, and your pairing is <@{}> vs <@{}>",
        pair[0], pair[1]
    );
    refused_unchanged(&app, &out, &why, &before).await;
    let out = say(&app, "@alice /league report game:2", T0 + 21 * MINUTE).await;
    refused_unchanged(&app, &out, "Game #2 is not your league game", &before).await;
}

/// One game, two leagues: once it counts in Rep, reporting it in Cup is
/// refused naming Rep, and the store refuses the link too.
#[tokio::test]
async fn a_game_counting_in_one_league_cannot_be_reported_in_another() {
    for backend in [Backend::Sqlite, Backend::Postgres] {
        let db = database(backend).await;
        let app = app_on(&db, 7).await;
        let setup = format!(
            "{}\n@owner /league create name:Cup game:fan-ccg\n@alice /league join league:Cup\n@bob /league join league:Cup\n@owner /league round league:Rep\n@owner /league round league:Cup\n@alice /game new game:fan-ccg deck:Deck\n@bob /game join game:1 deck:Deck",
            rep_league("")
        );
        say_each(&app, T0, &setup).await;
        let out = say(
            &app,
            "@alice /league report league:Rep game:1",
            T0 + 20 * MINUTE,
        )
        .await;
        assert!(says(&out, "Game #1 now counts in Rep (round 1)"), "{out:?}");
        let cup = pairings_of(&app, "Cup").await;
        let out = say(
            &app,
            "@bob /league report league:Cup game:1",
            T0 + 21 * MINUTE,
        )
        .await;
        assert!(
            says(
                &out,
                "Game #1 already counts in Rep (round 1); a game counts for one pairing of one league only"
            ),
            "{out:?}"
        );
        // The store's own guard, for a report that raced the check.
        assert!(!app.store().claim_game(cup[0].id, 1, "bob").await.unwrap());
        let leagues = app.store().leagues("console").await.unwrap();
        let cup_id = leagues.iter().find(|l| l.name == "Cup").unwrap().id;
        let mut free = cup[0].clone();
        free.id = 0;
        let added = app
            .store()
            .add_claimed_pairing(cup_id, &free, 1, "bob")
            .await
            .unwrap();
        assert_eq!(added, None);
        assert_eq!(pairings_of(&app, "Cup").await, cup, "Cup is unchanged");
        assert!(all_wait(&cup), "{cup:?}");
        assert_eq!(pairings_of(&app, "Rep").await[0].game_id, Some(1));
    }
}

/// The accepted case: the game counts for the pairing, and the league's
/// channel tells the opponent, who may dispute it.
#[tokio::test]
async fn a_reported_game_counts_for_its_pairing_and_the_opponent_is_told() {
    for backend in [Backend::Sqlite, Backend::Postgres] {
        let db = database(backend).await;
        let app = app_on(&db, 7).await;
        let setup = format!(
            "{}\n@owner /league round\n@alice /game new game:fan-ccg deck:Deck\n@bob /game join game:1 deck:Deck",
            rep_league("")
        );
        say_each(&app, T0, &setup).await;
        let out = say(&app, "@alice /league report game:1", T0 + 20 * MINUTE).await;
        let told: Vec<&Outgoing> = out
            .iter()
            .filter(|m| m.text.contains("now counts"))
            .collect();
        assert_eq!(told.len(), 1, "{out:?}");
        assert_eq!(
            told[0].to,
            Address::Channel("table".into()),
            "the league's channel"
        );
        assert_eq!(
            told[0].ping,
            vec!["bob".to_string()],
            "the opponent is pinged"
        );
        assert!(
            told[0].text.contains("Game #1 now counts in Rep (round 1)"),
            "{}",
            told[0].text
        );
        let dispute = "<@bob>, <@alice> reported it for your pairing; if it should not count, /league dispute game:1 before round 1 ends.";
        assert!(told[0].text.contains(dispute), "{}", told[0].text);
        let p = pairings_of(&app, "Rep").await.remove(0);
        assert_eq!(
            (p.game_id, p.claimed_by.as_deref()),
            (Some(1), Some("alice"))
        );
        assert_eq!(p.result, None, "the game is still to play");
    }
}

/// The opponent (only they) disputes a reported game while its round is
/// open: it no longer counts, the pairing waits for its game again, the
/// organisers hear of it in the league's channel and the audit log. Once
/// the round is closed, a report can no longer be disputed.
#[tokio::test]
async fn the_opponent_may_dispute_a_reported_game_while_its_round_is_open() {
    for backend in [Backend::Sqlite, Backend::Postgres] {
        let db = database(backend).await;
        let app = app_on(&db, 7).await;
        let setup = format!(
            "{}\n@owner /league round\n@alice /game new game:fan-ccg deck:Deck\n@bob /game join game:1 deck:Deck\n@alice /league report game:1",
            rep_league("")
        );
        say_each(&app, T0, &setup).await;
        let reported = pairings_of(&app, "Rep").await;
        let out = say(&app, "@alice /league dispute game:1", T0 + 20 * MINUTE).await;
        assert!(
            says(
                &out,
                "Only <@bob>, whose opponent <@alice> reported game #1, can dispute it."
            ),
            "{out:?}"
        );
        assert_eq!(
            pairings_of(&app, "Rep").await,
            reported,
            "the reporter cannot dispute"
        );
        let out = say(&app, "@bob /league dispute game:1", T0 + 21 * MINUTE).await;
        let post = out
            .iter()
            .find(|m| {
                m.text
                    .contains("<@bob> disputes game #1, which <@alice> reported")
            })
            .unwrap_or_else(|| panic!("{out:?}"));
        assert_eq!(post.to, Address::Channel("table".into()));
        assert_eq!(post.ping, vec!["alice".to_string()]);
        assert!(post.text.contains("Organisers: settle it"), "{}", post.text);
        let now = pairings_of(&app, "Rep").await;
        assert!(
            all_wait(&now),
            "the pairing waits for its game again: {now:?}"
        );
        let league = app.store().leagues("console").await.unwrap().remove(0);
        let audit = app.store().league_audit(league.id).await.unwrap();
        assert_eq!(audit.len(), 1, "{audit:?}");
        assert!(audit[0].what.contains("game #1") && audit[0].what.contains("disputed by bob"));
        // Reported again, then the round closes: no dispute any more.
        let out = say_each(
            &app,
            T0 + 30 * MINUTE,
            "@alice /league report game:1\n@owner /league close",
        )
        .await;
        assert!(says(&out, "Game #1 now counts in Rep (round 1)"), "{out:?}");
        let closed = pairings_of(&app, "Rep").await;
        let out = say(&app, "@bob /league dispute game:1", T0 + 40 * MINUTE).await;
        assert!(
            says(
                &out,
                "Rep's round 1 is over, so its games can no longer be disputed"
            ),
            "{out:?}"
        );
        assert_eq!(pairings_of(&app, "Rep").await, closed);
    }
}

/// Free play: a game counts for the week it was opened in, stored as that
/// week's pairing of its two players; disputed, that pairing goes.
#[tokio::test]
async fn in_free_play_a_report_counts_for_its_week_and_a_dispute_removes_it() {
    for backend in [Backend::Sqlite, Backend::Postgres] {
        let db = database(backend).await;
        let app = app_on(&db, 7).await;
        let setup = format!(
            "{FAN_DECKS}\n@owner /league create name:Open game:fan-ccg pairing:free\n@alice /league join\n@bob /league join\n@alice /game new game:fan-ccg deck:Deck\n@bob /game join game:1 deck:Deck"
        );
        say_each(&app, T0, &setup).await;
        // Week 2 begins 7 days after the league was created (minute 3).
        let week2 = T0 + 8 * DAY;
        let out = say(&app, "@alice /league report game:1", week2).await;
        assert!(
            says(&out, "Game #1 was opened before week 2 of Open began"),
            "{out:?}"
        );
        assert!(pairings_of(&app, "Open").await.is_empty(), "nothing stored");
        let out = say_each(
            &app,
            week2 + MINUTE,
            "@alice /game new game:fan-ccg deck:Deck\n@bob /game join game:2 deck:Deck\n@alice /league report game:2",
        )
        .await;
        assert!(says(&out, "Game #2 now counts in Open (week 2)"), "{out:?}");
        let p = pairings_of(&app, "Open").await;
        assert_eq!(p.len(), 1);
        assert_eq!(
            (p[0].round, p[0].game_id, p[0].claimed_by.as_deref()),
            (2, Some(2), Some("alice"))
        );
        let out = say(&app, "@bob /league dispute game:2", week2 + 10 * MINUTE).await;
        assert!(says(&out, "<@bob> disputes game #2"), "{out:?}");
        assert!(
            pairings_of(&app, "Open").await.is_empty(),
            "the week's pairing is gone"
        );
    }
}
